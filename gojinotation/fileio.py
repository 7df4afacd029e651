"""Safe file replacement: the one helper every command that writes a file goes through.

:func:`atomic_write` writes ``data`` to a temporary file in the target's own folder,
flushes it to the disk (``fsync``), and renames it over the target, then flushes the
folder: a reader sees the old file or the new one, never a mix, an empty file or a
truncated one, whatever happens (a full disk, a crash, a kill, a parallel writer).  It

* follows symbolic links and replaces the real file (the link stays a link);
* keeps an existing file's permission bits, and its owner and group where it can; a new
  file gets the usual permissions (``0o666`` less the umask), not those of a temporary;
* refuses (:class:`WriteError`) a file the user may not write, a read-only file, and a
  file owned by someone else whose ownership it could not keep;
* refuses to replace a file that changed since it was read (pass the
  :class:`Snapshot` taken when reading it): a concurrent writer's data is not lost;
* removes its temporary file on every error, on ``Ctrl-C`` and on ``SIGTERM``/``SIGHUP``
  (a ``SIGKILL`` cannot be caught: then a hidden ``.NAME.*.gouji-tmp`` file may remain;
  the target is still intact).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> target = folder / "a.gjn"
>>> atomic_write(target, b"one\\n") == target
True
>>> snap = Snapshot.of(target)
>>> _ = target.write_bytes(b"one\\ntwo\\n")     # someone appends meanwhile
>>> try:
...     atomic_write(target, b"ONE\\n", expect=snap)
... except WriteError as err:
...     print(err.kind, target.read_bytes())
changed b'one\\ntwo\\n'
>>> sorted(p.name for p in folder.iterdir())    # no temporary left behind
['a.gjn']
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import IO, Any

import attrs

from ._cache import cache_dir as cache_dir

__all__ = [
    "Snapshot",
    "WriteError",
    "atomic_write",
    "atomic_writer",
    "cache_dir",
    "decode_input",
    "open_input",
    "read_with_snapshot",
    "record_format",
]

#: The suffix of the temporary files (hidden: their names start with a dot).
TEMP_SUFFIX = ".gouji-tmp"


class WriteError(Exception):
    """A file could not be written; the target is unchanged.

    ``kind`` is ``permission`` (may not write, read-only, another user's file),
    ``changed`` (the file changed since it was read) or ``io`` (the system refused:
    ``reason`` says why, e.g. a full disk or a missing folder).
    """

    def __init__(self, path: str, kind: str, en: str, zh: str) -> None:
        super().__init__(f"cannot write {path}: {en}")
        self.path = path
        self.kind = kind
        self.en = en
        self.zh = zh

    def message(self, lang: str) -> str:
        """The message in ``lang`` (``zh`` or ``en``)."""
        if lang == "zh":
            return f"无法写入 {self.path}：{self.zh}"
        return f"cannot write {self.path}: {self.en}"


@attrs.frozen
class Snapshot:
    """What a file was when it was read: its size, modification time, inode and digest."""

    size: int
    mtime_ns: int
    inode: int
    digest: str

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> Snapshot | None:
        """The file's snapshot now (None if it does not exist)."""
        try:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                digest = hashlib.file_digest(fh, "sha256").hexdigest()  # a block at a time
        except FileNotFoundError:
            return None
        return cls(st.st_size, st.st_mtime_ns, st.st_ino, digest)

    @classmethod
    def of_bytes(cls, data: bytes, st: os.stat_result) -> Snapshot:
        """The snapshot of a file whose content ``data`` was read with status ``st``."""
        return cls(st.st_size, st.st_mtime_ns, st.st_ino, hashlib.sha256(data).hexdigest())


def open_input(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open a record to read it (binary): the one place the commands open their inputs.

    :raises OSError: as :func:`open` does.
    """
    return open(path, "rb")  # the caller closes it


def read_with_snapshot(path: str | os.PathLike[str]) -> tuple[bytes, Snapshot]:
    """The bytes of a file and its :class:`Snapshot`, from one open.

    :raises OSError: as :func:`open` does.
    """
    with open_input(path) as fh:
        st = os.fstat(fh.fileno())
        data = fh.read()
    return data, Snapshot.of_bytes(data, st)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class _Signalled(BaseException):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_signal(signum: int, frame: FrameType | None) -> None:
    raise _Signalled(signum)


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """SIGTERM and SIGHUP raise inside the block (so that ``finally`` runs), in the main
    thread only; their old handlers are restored after."""
    import signal  # here, with tempfile and threading: imported when a file is written
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        handler = signal.getsignal(sig)
        if handler is signal.SIG_DFL:  # leave ignored or user-handled signals alone
            old[sig] = handler
            signal.signal(sig, _raise_signal)
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _check_target(path: str, real: Path, st: os.stat_result) -> None:
    if not real.is_file() or os.path.isdir(real):
        raise WriteError(path, "io", "not a regular file", "不是普通文件")
    if not st.st_mode & 0o222:
        raise WriteError(path, "permission", "the file is read-only", "文件是只读的")
    if not os.access(real, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
        raise WriteError(path, "permission", "permission denied", "没有权限")
    euid = os.geteuid() if hasattr(os, "geteuid") else st.st_uid
    if st.st_uid != euid and euid != 0:
        raise WriteError(
            path,
            "permission",
            "the file belongs to another user (replacing it would change its owner)",
            "文件属于其他用户（替换会改变其所有者）",
        )


def _io_error(path: str, exc: OSError) -> WriteError:
    if isinstance(exc, PermissionError):
        return WriteError(path, "permission", "permission denied", "没有权限")
    reason = exc.strerror or str(exc) or type(exc).__name__
    return WriteError(path, "io", reason, reason)


def atomic_write(
    path: str | os.PathLike[str], data: bytes, *, expect: Snapshot | None = None
) -> Path:
    """Replace (or create) the file at ``path`` with ``data`` atomically; see the module.

    ``expect``: the file as it was read; if it changed since (size, time, inode or
    content), nothing is written and :class:`WriteError` (``changed``) is raised.  Returns
    the path of the file written (the real file behind a link).

    :raises WriteError: nothing was written; the message says why, with the path.
    """
    with atomic_writer(path, expect=expect) as fh:
        fh.write(data)
    return Path(os.path.realpath(os.fspath(path)))


def check_or_write(path: Path, text: str, args: list[str], command: str) -> int:
    """A generated file's ``--check`` / ``--write`` (the ``main`` of the modules that
    generate one): with ``--write`` in ``args``, ``path`` rewritten with ``text``
    atomically (0); else 1 and a line naming ``command`` when it differs from ``text``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d) / "gen.py"
    ...     stale = check_or_write(f, "x = 1", ["--check"], "python -m gen --write")
    ...     wrote = check_or_write(f, "x = 1", ["--write"], "")
    ...     (stale, wrote, check_or_write(f, "x = 1", ["--check"], ""))  # doctest: +ELLIPSIS
    /.../gen.py is stale: run python -m gen --write
    (1, 0, 0)
    """
    if "--write" in args:
        atomic_write(path, text.encode("utf-8"))
        return 0
    current = path.read_text(encoding="utf-8") if path.exists() else ""
    if current != text:
        print(f"{path} is stale: run {command}")
        return 1
    return 0


@contextlib.contextmanager
def atomic_writer(
    path: str | os.PathLike[str], *, expect: Snapshot | None = None
) -> Iterator[IO[bytes]]:
    """A binary stream whose content replaces the file at ``path`` atomically when the
    block ends without an exception (as :func:`atomic_write`, for output written piece by
    piece, e.g. ``gouji simulate -o``); on an exception the target is left as it was.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.gjn"
    >>> with atomic_writer(target) as fh:
    ...     _ = fh.write(b"%GJN 1\\n")
    >>> target.read_bytes(), oct(target.stat().st_mode & 0o777) != "0o600"
    (b'%GJN 1\\n', True)

    :raises WriteError: nothing was written; the message says why, with the path.
    """
    shown = os.fspath(path)
    real = Path(os.path.realpath(shown))
    try:
        st: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _io_error(shown, exc) from None
    if st is not None:
        _check_target(shown, real, st)
    elif expect is not None:
        raise WriteError(shown, "changed", "the file was removed", "文件已被删除")
    tmp: str | None = None
    try:
        with _signals_raise():
            try:
                import tempfile

                fd, tmp = tempfile.mkstemp(
                    prefix=f".{real.name}.", suffix=TEMP_SUFFIX, dir=real.parent
                )
                with os.fdopen(fd, "wb") as fh:
                    if st is not None:
                        os.fchmod(fh.fileno(), st.st_mode & 0o7777)
                        made = os.fstat(fh.fileno())
                        if (st.st_uid, st.st_gid) != (made.st_uid, made.st_gid):
                            with contextlib.suppress(OSError):
                                os.fchown(fh.fileno(), st.st_uid, st.st_gid)
                    else:
                        os.fchmod(fh.fileno(), 0o666 & ~_umask())
                    yield fh
                    fh.flush()
                    os.fsync(fh.fileno())
                if expect is not None and Snapshot.of(real) != expect:
                    raise WriteError(
                        shown,
                        "changed",
                        "the file changed after it was read (another program is writing it?)",
                        "文件在读取后被修改（另一个程序正在写入？）",
                    )
                os.replace(tmp, real)
                tmp = None
                _fsync_dir(real.parent)
            except OSError as exc:
                raise _io_error(shown, exc) from None
    except _Signalled as sig_exc:  # the temporary is gone (finally): die of the signal
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        os.kill(os.getpid(), sig_exc.signum)
        raise  # pragma: no cover - only if the signal is ignored after all
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. folders cannot be opened on Windows
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


# ----------------------------------------------------------------- input encodings

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_STRUCTURE = re.compile(r"[\[{:]")


def _cjk() -> re.Pattern[str]:
    """A CJK character: compiled when a file is not UTF-8 (its large ranges took ~4 ms of
    every start-up)."""
    return re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")  # re keeps it


def _plausible(text: str) -> bool:
    """Whether decoded text can be a record: no control characters, and a bracket, a
    brace or a colon (every record has a tag, a comment or an action)."""
    return _CONTROL.search(text) is None and _STRUCTURE.search(text) is not None


#: What may come before a record's first character: a UTF-8 BOM and blanks.
_LEADING = b"\xef\xbb\xbf \t\r\n"


def record_format(name: str | os.PathLike[str], data: bytes) -> str:
    """``json`` or ``gjn``: what a record is, by its name's extension (``.json``,
    ``.gjn``), else by its first byte after a BOM and blanks (``{`` is JSON).  ``-``
    (standard input) has no extension; ``data`` may be the record's first block only.

    >>> record_format("a.gjn", b"{"), record_format("-", b"  {}")
    ('gjn', 'json')
    >>> record_format("notes.txt", b""), record_format("a.JSON", b"1:3")
    ('gjn', 'json')
    """
    suffix = "" if str(name) == "-" else Path(name).suffix.lower()
    if suffix in (".json", ".gjn"):
        return suffix[1:]
    return "json" if data.lstrip(_LEADING)[:1] == b"{" else "gjn"


def decode_input(data: bytes, encoding: str | None = None) -> tuple[str | bytes, str | None]:
    """The text of a record's bytes and the encoding it was read in, if not UTF-8.

    GJN is UTF-8 (a BOM is allowed).  Records saved by other programs may be UTF-16 (with
    its BOM) or GBK/GB18030: those are detected and read, and the encoding is returned so
    that the caller can say so; ``encoding`` names the encoding to use instead of
    guessing.  Bytes that are none of these are returned unchanged (the reader then
    reports GJN115 with the position of the first bad byte).

    >>> decode_input("够级".encode("utf-8"))
    ('够级', None)
    >>> decode_input("够级 [Event]".encode("gbk"))
    ('够级 [Event]', 'GBK')
    >>> decode_input('[Event "够级"]'.encode("utf-16"))
    ('[Event "够级"]', 'UTF-16')
    >>> decode_input(b"\\xff\\x00\\x01junk")
    (b'\\xff\\x00\\x01junk', None)
    >>> decode_input(b"\\xff\\xfe\\x00garbage")  # a UTF-16 mark, but no record
    (b'\\xff\\xfe\\x00garbage', None)
    """
    if encoding is not None:
        try:
            text = data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            return data, None
        name = codecs.lookup(encoding).name
        return text.removeprefix("\ufeff"), None if name == "utf-8" else encoding.upper()
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        try:
            text = data.decode("utf-16").removeprefix("\ufeff")
        except UnicodeDecodeError:
            return data, None
        return (text, "UTF-16") if _plausible(text) else (data, None)
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    for name in ("gbk", "gb18030"):
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        if _plausible(text) and _cjk().search(text) is not None:
            return text, name.upper()
        break
    return data, None
