"""The cache directory of ``gouji`` (no import beyond the standard library's ``os`` and
``pathlib``: ``gouji fmt --check`` of a file checked before looks here first, and its
start-up is the point).  Public as :func:`gojinotation.fileio.cache_dir`."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path | None:
    """The cache directory of ``gouji`` (the reader's built parser, what ``fmt --check``
    found canonical): ``$GOUJI_CACHE_DIR``, else ``$XDG_CACHE_HOME/gojinotation``, else
    ``~/.cache/gojinotation``; None when ``GOUJI_NO_CACHE`` is set.  Every cache is best
    effort: one that cannot be read or written is no cache, never an error.

    >>> import os
    >>> os.environ["GOUJI_CACHE_DIR"] = "/tmp/gouji-cache"
    >>> cache_dir()
    PosixPath('/tmp/gouji-cache')
    >>> del os.environ["GOUJI_CACHE_DIR"]
    """
    if os.environ.get("GOUJI_NO_CACHE"):
        return None
    explicit = os.environ.get("GOUJI_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        return (Path(xdg) if xdg else Path.home() / ".cache") / "gojinotation"
    except RuntimeError:  # no home directory to be found
        return None
