"""What ``gouji fmt --check`` found canonical before, so that checking it again needs
neither the reader nor the rules engine (the way black caches formatted files).

Whether a record is canonical depends on its bytes, the options and the code (the
writer's layout, and the rules engine, which writes the implied closes and round
numbers in).  An entry is therefore an empty file named by the SHA-256 of the bytes a
check found canonical, in a directory named by a fingerprint of the code (the version,
Python's, and the name, size and time of every file of both packages) and the options: a file
whose bytes changed, or a program that changed, finds no entry and is checked in full.
Only records the streaming check reads are entered (a regular UTF-8 file, no
``--encoding``); the bytes are hashed before and after the check, and an entry is made
only if they did not change meanwhile.

The cache lives in ``$GOUJI_CACHE_DIR``, else ``$XDG_CACHE_HOME/gojinotation``, else
``~/.cache/gojinotation``; ``GOUJI_NO_CACHE=1`` turns it off.  It is best effort: a
cache that cannot be read or written is no cache, never an error.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import gojinotation

_PACKAGES = (Path(gojinotation.__file__).parent, Path(__file__).resolve().parents[1])


def cache_root() -> Path | None:
    """The cache directory of ``gouji``, or None when the cache is off
    (:func:`gojinotation.fileio.cache_dir`)."""
    from gojinotation._cache import cache_dir  # not fileio: attrs is not needed here

    return cache_dir()


@functools.cache
def code_fingerprint() -> str:
    """A digest of the version, of Python's, and of every file of both packages (name,
    size, time)."""
    import hashlib

    h = hashlib.sha256(f"{gojinotation.__version__}\0{sys.version}".encode())
    for pkg in _PACKAGES:
        for dirpath, dirnames, filenames in os.walk(pkg):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                st = os.stat(os.path.join(dirpath, name))
                rel = os.path.relpath(os.path.join(dirpath, name), pkg)
                h.update(f"{pkg.name}/{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:24]


def _entry_dir(explicit: bool) -> Path | None:
    root = cache_root()
    if root is None:
        return None
    return root / f"fmt-check-{code_fingerprint()}-{'explicit' if explicit else 'plain'}"


def digest(path: str) -> str | None:
    """The SHA-256 of the file at ``path``, or None if it cannot be read."""
    import hashlib

    try:
        with open(path, "rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return None


def known_canonical(sha: str, explicit: bool) -> bool:
    """Whether a check with these options found bytes of digest ``sha`` canonical."""
    where = _entry_dir(explicit)
    return where is not None and (where / sha).is_file()


def remember(sha: str, explicit: bool) -> None:
    """Enter bytes of digest ``sha`` as canonical (old fingerprints' entries removed)."""
    where = _entry_dir(explicit)
    if where is None:
        return
    import shutil

    from gojinotation.fileio import atomic_write

    try:
        if not where.is_dir():
            for old in where.parent.glob(f"fmt-check-*-{where.name.rsplit('-', 1)[1]}"):
                shutil.rmtree(old, ignore_errors=True)
            where.mkdir(parents=True, exist_ok=True)
        atomic_write(where / sha, b"")
    except Exception:  # a cache that cannot be written is no cache
        return
