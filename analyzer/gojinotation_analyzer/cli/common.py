"""What every ``gouji`` command shares: the exit codes, the language and input encoding
of the run, messages on standard error, reading records (``.gjn`` or ``.json``, a path or
``-``) and writing files without tracebacks, and the canonical text ``gouji fmt`` writes.

:mod:`gojinotation_analyzer.cli.main` (the ``gouji`` group and its localized click
classes) re-exports the public names; command modules import the helpers from here.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeAlias

import click

import gojinotation as gj
from gojinotation_analyzer.i18n import LANGS, detect_lang, normalize_lang, t

if TYPE_CHECKING:  # imported where used, so that ``gouji --help`` imports none of them
    from gojinotation import model as gm
    from gojinotation.fileio import Snapshot
    from gojinotation.jsonio import JsonError
    from gojinotation.reader import BrokenDeal


__all__ = [
    "EXIT_CHANGED",
    "EXIT_ERROR",
    "EXIT_OK",
    "MAX_SHOWN_ERRORS",
    "ErrorPrinter",
    "Record",
    "Source",
    "StreamRecord",
    "canonical_text",
    "encoding_of",
    "expand_paths",
    "fail",
    "lang_of",
    "open_source",
    "read_record",
    "report_notation_errors",
    "stream_record",
    "streamable",
    "warn_future_version",
]

#: Success.
EXIT_OK = 0
#: ``fmt --check``: some file would be reformatted.
EXIT_CHANGED = 1
#: Syntax, input/output or usage errors.
EXIT_ERROR = 2


# ------------------------------------------------------------------ language


def lang_of(ctx: click.Context | None = None) -> str:
    """The message language of this run (``en`` or ``zh``)."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is not None:
        obj = ctx.find_root().obj
        if isinstance(obj, dict) and obj.get("lang") in LANGS:
            return str(obj["lang"])
    return _env_lang()


def _env_lang() -> str:
    explicit = os.environ.get("GOUJI_LANG")
    return normalize_lang(explicit) if explicit else detect_lang()


# ------------------------------------------------------------------ output


def _color() -> bool | None:
    return False if os.environ.get("NO_COLOR") else None


def _err(text: str) -> None:
    click.echo(text, err=True, color=_color())


def _out(text: str, nl: bool = True) -> None:
    click.echo(text, nl=nl, color=_color())


def _colon(lang: str, end: bool = False) -> str:
    if lang == "zh":
        return "："
    return ":" if end else ": "


def _error_line(message: str, lang: str) -> str:
    return click.style(f"gouji: {t('error', lang)}{_colon(lang)}", fg="red", bold=True) + message


def _warn_line(message: str, lang: str) -> str:
    return (
        click.style(f"gouji: {t('warning', lang)}{_colon(lang)}", fg="yellow", bold=True) + message
    )


#: The most syntax errors a command prints for one file (the rest are counted).
MAX_SHOWN_ERRORS = 100


def report_notation_errors(errors: Iterable[gj.NotationError | JsonError], lang: str) -> int:
    """Print errors to standard error (``format(lang)``: position, message, the source
    line and a caret), coloured on a terminal; past :data:`MAX_SHOWN_ERRORS`, one line
    counts the rest (a file of 100,000 broken lines does not print 100,000 errors).
    Returns how many there were."""
    printer = ErrorPrinter(lang)
    for err in errors:
        printer.add(err)
    return printer.finish()


class ErrorPrinter:
    """:func:`report_notation_errors` for errors found one at a time (a record read a deal
    at a time): each is printed as it comes, :meth:`finish` counts those not shown."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.count = 0

    def add(self, err: gj.NotationError | JsonError) -> None:
        """Print ``err`` (if fewer than :data:`MAX_SHOWN_ERRORS` were printed)."""
        self.count += 1
        if self.count > MAX_SHOWN_ERRORS:
            return
        lang = self.lang
        text = err.format(lang)
        head, _, rest = text.partition("\n")
        word = f" {t('error', lang)} {err.code}"
        pos = head.find(word)
        if pos >= 0:
            head = (
                click.style(head[:pos], bold=True)
                + click.style(word, fg="red", bold=True)
                + head[pos + len(word) :]
            )
        if rest:
            lines = rest.split("\n")
            lines[-1] = click.style(lines[-1], fg="green", bold=True)
            rest = "\n".join(lines)
            _err(head + "\n" + rest)
        else:
            _err(head)

    def finish(self) -> int:
        """The line counting the errors not shown; returns how many there were."""
        if self.count > MAX_SHOWN_ERRORS:
            _err(t("io.more_errors", self.lang, count=self.count - MAX_SHOWN_ERRORS))
        return self.count


def fail(message: str, lang: str | None = None) -> NoReturn:
    """Print ``gouji: error: message`` to standard error and exit with code 2."""
    _err(_error_line(message, lang or lang_of()))
    raise click.exceptions.Exit(EXIT_ERROR)


# ------------------------------------------------------------------ reading


def _display(path: str, lang: str) -> str:
    return t("stdin", lang) if path == "-" else path


def _read_bytes(path: str, lang: str) -> bytes | None:
    """The bytes of ``path`` (``-``: standard input), or None after printing why not."""
    got = _read_snapshot(path, lang)
    return None if got is None else got[0]


def _read_snapshot(path: str, lang: str) -> tuple[bytes, Snapshot | None] | None:
    """The bytes of ``path`` and what the file was when read (for :func:`_write_bytes`'s
    check that nobody changed it meanwhile), or None after printing why not."""
    from gojinotation.fileio import read_with_snapshot

    name = _display(path, lang)
    if path == "-":
        return sys.stdin.buffer.read(), None
    try:
        return read_with_snapshot(path)
    except FileNotFoundError:
        key = "io.not_found"
    except IsADirectoryError:
        key = "io.is_dir"
    except PermissionError:
        key = "io.permission"
    except OSError as exc:
        _err(_error_line(t("io.read_error", lang, path=name, reason=_reason(exc)), lang))
        return None
    if key == "io.not_found" and Path(path).is_dir():  # e.g. Windows reports dirs so
        key = "io.is_dir"
    _err(_error_line(t(key, lang, path=name), lang))
    return None


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _write_bytes(path: str, data: bytes, lang: str, expect: Snapshot | None = None) -> bool:
    """Write through :func:`gojinotation.fileio.atomic_write` (atomic, links followed,
    mode and owner kept, refused if the file changed since ``expect`` was taken).  Prints
    why not, with the path, and returns False on failure."""
    from gojinotation.fileio import WriteError, atomic_write

    try:
        atomic_write(path, data, expect=expect)
    except WriteError as err:
        _err(_error_line(err.message(normalize_lang(lang)), lang))
        return False
    return True


class Record:
    """A record read by :func:`read_record`: the match, its errors, and its source."""

    __slots__ = ("encoding", "errors", "fmt", "match", "name", "snapshot", "text")

    def __init__(
        self,
        name: str,
        fmt: str,
        match: gm.Match,
        errors: Sequence[gj.NotationError | JsonError],
        text: str | None,
        snapshot: Snapshot | None = None,
        encoding: str | None = None,
    ) -> None:
        #: the name shown in messages
        self.name = name
        #: ``gjn`` or ``json``
        self.fmt = fmt
        #: the record (broken deals included, for GJN)
        self.match = match
        #: syntax errors (GJN) or the JSON error
        self.errors = tuple(errors)
        #: the decoded source text, or None if it is not UTF-8
        self.text = text
        #: the file as it was read (None for standard input)
        self.snapshot = snapshot
        #: the encoding the text was read in when it is not UTF-8 (``GBK``, ``UTF-16`` …)
        self.encoding = encoding


def read_record(path: str, lang: str, fmt: str | None = None) -> Record | None:
    """Read a GJN or JSON record from ``path`` (``-``: standard input) leniently.

    ``fmt`` is ``gjn``, ``json`` or None (by extension, else by content).  Returns None
    after printing why, if the file cannot be read at all; syntax errors are returned
    in :attr:`Record.errors`, not printed.
    """
    opened = _open(path, lang, fmt)
    if opened is None:
        return None
    name, fmt, data, snapshot = opened
    return _record_of(name, fmt, data, snapshot, lang)


def _record_of(name: str, fmt: str, data: bytes, snapshot: Snapshot | None, lang: str) -> Record:
    """A record's bytes read whole (:func:`read_record`)."""
    from gojinotation import model as gm
    from gojinotation.jsonio import JsonError, load_json_match

    if fmt == "json":
        try:
            match = load_json_match(data, filename=name)
        except JsonError as err:
            return Record(name, fmt, gm.Match(), (err,), None, snapshot)
        return Record(name, fmt, match, (), None, snapshot)
    decoded, encoding = _decode(data, name, lang)
    text = decoded if isinstance(decoded, str) else None
    result = gj.read(decoded, filename=name)
    warn_future_version(name, result.match.version, lang)
    return Record(name, "gjn", result.match, result.errors, text, snapshot, encoding)


def warn_future_version(name: str, version: int | None, lang: str) -> None:
    """Warn when a record declares a GJN version newer than this program knows."""
    from gojinotation.writer import FORMAT_VERSION

    if version is not None and version > FORMAT_VERSION:
        _err(_warn_line(t("io.future_version", lang, path=name, version=version), lang))


def streamable(path: str) -> bool:
    """Whether ``path`` can be read as a stream of deal texts: a regular GJN file in
    UTF-8 (BOM allowed), no ``--encoding`` given.  Other records (standard input, pipes,
    JSON, other encodings) are read whole.  The check reads the file once, a block at a
    time."""
    from gojinotation.fileio import record_format

    if path == "-" or encoding_of() is not None or Path(path).suffix.lower() == ".json":
        return False
    if not Path(path).is_file():  # a pipe (``<(cmd)``) can be read once only
        return False
    gjn = Path(path).suffix.lower() == ".gjn"
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        with open(path, "rb") as f:
            while block := f.read(1 << 20):
                if not gjn and block.strip(b"\xef\xbb\xbf \t\r\n"):
                    if record_format(path, block) == "json":
                        return False
                    gjn = True
                dec.decode(block)
            dec.decode(b"", True)
    except (OSError, UnicodeDecodeError):
        return False
    return True


DealItem: TypeAlias = "tuple[list[gm.Comment], int | None, gm.Deal | BrokenDeal | None]"


class StreamRecord:
    """A record read by :func:`stream_record`: its name, format and JSON error, and its
    deals one at a time (:meth:`items`), so that a command holds one deal's model."""

    __slots__ = ("_items", "errors", "fmt", "name")

    def __init__(
        self, name: str, fmt: str, items: Iterator[DealItem], errors: Sequence[JsonError] = ()
    ) -> None:
        self.name = name
        self.fmt = fmt
        self._items = items
        #: the JSON error, if the JSON could not be read (GJN errors come with the deals)
        self.errors = tuple(errors)

    def items(self) -> Iterator[DealItem]:
        """``(prologue, version, deal)`` as :func:`gojinotation.reader.iter_read` gives."""
        return self._items


def stream_record(path: str, lang: str, fmt: str | None = None) -> StreamRecord | None:
    """Like :func:`read_record`, but a GJN record's deals are read one at a time as the
    caller asks for them (a JSON record is read whole: JSON cannot be cut into deals).
    Returns None after printing why, if the file cannot be read at all."""
    from gojinotation.jsonio import JsonError, load_json_match
    from gojinotation.reader import iter_read

    opened = _open(path, lang, fmt)
    if opened is None:
        return None
    name, fmt, data, _ = opened
    del opened
    if fmt == "json":
        try:
            match = load_json_match(data, filename=name)
        except JsonError as err:
            return StreamRecord(name, fmt, iter(()), (err,))
        items: list[DealItem] = []
        for i, deal in enumerate(match.deals):
            items.append(
                (list(match.prologue), match.version, deal) if i == 0 else ([], None, deal)
            )
        if not items:
            items.append((list(match.prologue), match.version, None))
        return StreamRecord(name, fmt, iter(items))
    decoded = _decode(data, name, lang)[0]
    del data
    return StreamRecord(name, "gjn", iter_read(decoded, filename=name))


def _open(path: str, lang: str, fmt: str | None) -> tuple[str, str, bytes, Snapshot | None] | None:
    """``path`` read: the name shown for it, its format (``fmt``, else by extension or
    content), its bytes and the file as it was (None after printing why not)."""
    from gojinotation.fileio import record_format

    got = _read_snapshot(path, lang)
    if got is None:
        return None
    data, snapshot = got
    return _display(path, lang), fmt or record_format(path, data), data, snapshot


def _decode(data: bytes, name: str, lang: str) -> tuple[str | bytes, str | None]:
    """A GJN record's bytes decoded as ``--encoding`` says or as detected (a warning
    names an encoding that is not UTF-8), and that encoding."""
    from gojinotation.fileio import decode_input

    decoded, encoding = decode_input(data, encoding_of())
    if encoding is not None:
        _err(_warn_line(t("io.encoding", lang, path=name, encoding=encoding), lang))
    return decoded, encoding


def encoding_of(ctx: click.Context | None = None) -> str | None:
    """The input encoding given with ``gouji --encoding NAME`` (None: detect)."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is not None:
        obj = ctx.find_root().obj
        if isinstance(obj, dict) and isinstance(obj.get("encoding"), str):
            return str(obj["encoding"])
    return None


# ------------------------------------------------------------------ shared by commands


def expand_paths(paths: Sequence[str], lang: str) -> Iterator[str]:
    for p in paths:
        if p != "-" and Path(p).is_dir():
            found = sorted(str(f) for f in Path(p).rglob("*.gjn") if f.is_file())
            if not found:
                _err(_warn_line(t("io.no_gjn_files", lang, path=p), lang))
            yield from found
        else:
            yield p


_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t]*\n)+")


def _trimmed(match: gm.Match) -> gm.Match:
    """The match with leading blank lines cut from the raw text of broken deals (the
    reader keeps the blank line after a ``%GJN 1`` line in a broken first deal, which
    would make every rewrite one line longer)."""
    import attrs

    from gojinotation.reader import BrokenDeal

    deals: list[Any] = []  # Match.deals holds BrokenDeal values too
    for d in match.deals:
        deals.append(d)
        if isinstance(d, BrokenDeal):
            deals[-1] = _trimmed_deal(d)
    return attrs.evolve(match, deals=tuple(deals))


def _trimmed_deal(deal: BrokenDeal) -> BrokenDeal:
    """A broken deal without the leading blank lines of its raw text (:func:`_trimmed`)."""
    raw = deal.raw
    if not raw.startswith(("\n", " ", "\t")):  # nothing to cut: the deal itself
        return deal
    from gojinotation.reader import BrokenDeal

    return BrokenDeal(_LEADING_BLANK_LINES.sub("", raw), deal.errors, deal.span)


def canonical_text(match: gm.Match) -> str:
    """The canonical GJN of a match, as ``gouji fmt`` writes it (idempotent, also for
    matches with broken deals)."""
    return gj.dumps(_trimmed(match))


# ------------------------------------------------------------------ streaming sources

#: A block of input read at a time by :func:`open_source`.
BLOCK = 1 << 20


class Source:
    """A record opened by :func:`open_source` to be read a deal at a time: a regular file
    or standard input copied to a nameless temporary file, checked once a block at a time
    (its format, its encoding, its digest), then read again as a stream of deal texts,
    decoded incrementally, whatever its encoding.

    ``codec`` is None when the bytes are no text in any encoding ``gouji`` reads: the
    record is still read a deal at a time, as UTF-8 with each bad byte kept as a lone
    surrogate, which the reader reports (GJN115) in the deal it stands in, exactly as
    reading the bytes whole does (:meth:`record`).
    """

    __slots__ = ("codec", "digest", "encoding", "fmt", "name", "path", "raw", "size", "snapshot")

    def __init__(self, name: str, path: str, raw: IO[bytes], fmt: str) -> None:
        #: the name shown in messages
        self.name = name
        #: the path given (``-``: standard input)
        self.path = path
        #: the bytes (the file, or the copy of standard input), seekable
        self.raw = raw
        #: ``gjn`` or ``json``
        self.fmt = fmt
        #: the codec to decode with (None: no text; read whole)
        self.codec: str | None = None
        #: the encoding named in the notice when it is not UTF-8 (``GBK``, ``UTF-16`` …)
        self.encoding: str | None = None
        #: the SHA-256 of the bytes and their size
        self.digest = ""
        self.size = 0
        #: the file as it was read (None for standard input)
        self.snapshot: Snapshot | None = None

    def texts(self) -> Iterator[tuple[int, str]]:
        """The deal texts of a GJN record (:func:`gojinotation.reader.deal_texts`), the
        bytes decoded a block at a time with :attr:`codec` (no codec: UTF-8, a bad byte
        kept as a lone surrogate for the reader to report)."""
        import io

        from gojinotation.reader import deal_texts

        self.raw.seek(0)
        if self.codec in ("utf-8", None):
            yield from deal_texts(self.raw)
            return
        wrapper = io.TextIOWrapper(self.raw, encoding=self.codec, newline="")
        try:
            yield from deal_texts(wrapper)
        finally:
            wrapper.detach()

    def items(self) -> Iterator[DealItem]:
        """``(prologue, version, deal)`` of a GJN record, one deal at a time."""
        from gojinotation.reader import iter_read_texts

        return iter_read_texts(self.texts(), filename=self.name)

    def data(self) -> bytes:
        """All the bytes (for what is read whole)."""
        self.raw.seek(0)
        return self.raw.read()

    def record(self, lang: str) -> Record:
        """The record read whole, as :func:`read_record` reads it."""
        return _record_of(self.name, self.fmt, self.data(), self.snapshot, lang)


@contextlib.contextmanager
def open_source(path: str, lang: str, fmt: str | None = None) -> Iterator[Source | None]:
    """``path`` (``-``: standard input, first copied to a nameless temporary file a block
    at a time) opened as a :class:`Source`, its bytes checked once: the format (``fmt``,
    else by extension or first byte), the encoding (``--encoding``, else detected exactly
    as :func:`gojinotation.fileio.decode_input` detects it; the notice printed), the
    digest.  None after printing why, if it cannot be read at all.  Memory holds a block."""
    name = _display(path, lang)
    if path == "-":
        import tempfile  # a spool only where one is made (start-up of a command on a file)

        with tempfile.TemporaryFile() as spool:  # nameless: nothing is left behind
            try:
                while block := sys.stdin.buffer.read(BLOCK):
                    spool.write(block)
                spool.flush()
            except OSError as exc:
                _err(_error_line(t("io.read_error", lang, path=name, reason=_reason(exc)), lang))
                yield None
                return
            yield _checked(Source(name, path, spool, fmt or "gjn"), fmt, lang, None)
        return
    from gojinotation import fileio

    try:
        raw = fileio.open_input(path)
    except OSError:
        _read_snapshot(path, lang)  # prints why, as every command does
        yield None
        return
    with raw, contextlib.ExitStack() as stack:
        src: Source | None = None
        try:  # errors while checking it; not those of the caller's block (e.g. its output)
            st = os.fstat(raw.fileno())
            if not _is_regular(st):  # a pipe (``<(cmd)``): read once, into a spool
                import tempfile

                spool = stack.enter_context(tempfile.TemporaryFile())
                while block := raw.read(BLOCK):
                    spool.write(block)
                src = _checked(Source(name, path, spool, fmt or "gjn"), fmt, lang, None)
            else:
                src = _checked(Source(name, path, raw, fmt or "gjn"), fmt, lang, st)
        except IsADirectoryError:
            _err(_error_line(t("io.is_dir", lang, path=name), lang))
        except OSError as exc:
            _err(_error_line(t("io.read_error", lang, path=name, reason=_reason(exc)), lang))
        yield src


def _is_regular(st: os.stat_result) -> bool:
    import stat

    return stat.S_ISREG(st.st_mode)


def _checked(src: Source, fmt: str | None, lang: str, st: os.stat_result | None) -> Source:
    """``src`` with its format, codec, encoding, digest and snapshot: one pass over the
    bytes (two for a file that is not UTF-8)."""
    import hashlib

    from gojinotation.fileio import Snapshot, record_format

    h = hashlib.sha256()
    utf8 = codecs.getincrementaldecoder("utf-8")("strict")
    is_utf8 = True
    sniffed = fmt
    first = b""
    src.raw.seek(0)
    while block := src.raw.read(BLOCK):
        h.update(block)
        src.size += len(block)
        if len(first) < 8:
            first += block[:8]
        if sniffed is None and block.strip(b"\xef\xbb\xbf \t\r\n"):
            sniffed = record_format(src.path, block)
        if is_utf8:
            try:
                utf8.decode(block)
            except UnicodeDecodeError:
                is_utf8 = False
    if is_utf8:
        try:
            utf8.decode(b"", True)
        except UnicodeDecodeError:
            is_utf8 = False
    src.fmt = sniffed or record_format(src.path, b"")
    src.digest = h.hexdigest()
    if st is not None:
        src.snapshot = Snapshot(st.st_size, st.st_mtime_ns, st.st_ino, src.digest)
    if src.fmt == "json":
        return src
    src.codec, src.encoding = _detect(src, first, is_utf8)
    if src.encoding is not None:
        _err(_warn_line(t("io.encoding", lang, path=src.name, encoding=src.encoding), lang))
    return src


def _detect(src: Source, first: bytes, is_utf8: bool) -> tuple[str | None, str | None]:
    """The codec and the encoding named in the notice, as
    :func:`gojinotation.fileio.decode_input` decides on the whole bytes."""
    chosen = encoding_of()
    if chosen is not None:
        try:
            name = codecs.lookup(chosen).name
        except LookupError:
            return None, None
        if not _decodes(src, chosen):
            return None, None
        return chosen, None if name == "utf-8" else chosen.upper()
    if first[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        ok = _decodes(src, "utf-16", plausible=True)
        return ("utf-16", "UTF-16") if ok else (None, None)
    if is_utf8:
        return "utf-8", None
    for name in ("gbk", "gb18030"):
        got = _scan_text(src, name)
        if got is None:  # does not decode: the next
            continue
        plausible, cjk = got
        if plausible and cjk:
            return name, name.upper()
        break
    return None, None


def _decodes(src: Source, codec: str, *, plausible: bool = False) -> bool:
    got = _scan_text(src, codec)
    return got is not None and (got[0] or not plausible)


def _scan_text(src: Source, codec: str) -> tuple[bool, bool] | None:
    """Decode all the bytes with ``codec`` a block at a time: None if they do not decode,
    else whether the text is plausible as a record (no control characters, a bracket,
    brace or colon: ``fileio._plausible``) and whether it holds a CJK character."""
    from gojinotation import fileio

    dec = codecs.getincrementaldecoder(codec)("strict")
    cjk_rx = fileio._cjk()
    control = structure = cjk = False
    src.raw.seek(0)
    try:
        while True:
            block = src.raw.read(BLOCK)
            text = dec.decode(block, not block)
            control = control or fileio._CONTROL.search(text) is not None
            structure = structure or fileio._STRUCTURE.search(text) is not None
            cjk = cjk or cjk_rx.search(text) is not None
            if not block:
                break
    except UnicodeDecodeError:
        return None
    return (not control and structure), cjk
