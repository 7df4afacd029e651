"""``gouji convert``: GJN <-> JSON.

A record is converted a deal at a time (:func:`_streamed`): its deals are read one by
one (:func:`gojinotation.reader.iter_read` for GJN in UTF-8,
:func:`gojinotation.jsonstream.iter_read_json` for JSON) and each is written as it comes,
to the atomic writer's temporary file (``-o FILE``) or to a temporary file on disk that
is copied to standard output at the end, so that memory holds one deal, not the file,
and nothing is written when the record is refused.  Standard input is first copied to a
temporary file, a block at a time.  Whatever cannot be streamed (another encoding, a
JSON document whose ``deals`` do not come last) and any record with an error is
converted by reading it whole, as before: the same output, the same messages
(``docs/reliability.md``, *Bounded resources*).
"""

from __future__ import annotations

import codecs
import contextlib
import io
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NoReturn

import attrs
import click

import gojinotation as gj
from gojinotation import model as gm
from gojinotation.fileio import WriteError, atomic_writer
from gojinotation.jsonio import iter_json
from gojinotation.jsonstream import Item, iter_json_items, iter_read_json
from gojinotation.reader import iter_read
from gojinotation.writer import FORMAT_VERSION, write_deal
from gojinotation_analyzer.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    ErrorPrinter,
    _display,
    _err,
    _out,
    _warn_line,
    _write_bytes,
    canonical_text,
    encoding_of,
    fail,
    lang_of,
    read_record,
    report_notation_errors,
    streamable,
    warn_future_version,
)
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import normalize_lang, t

_FORMATS = ("gjn", "json")


def _format_of_path(path: str) -> str | None:
    suffix = Path(path).suffix.lower() if path != "-" else ""
    return {".gjn": "gjn", ".json": "json"}.get(suffix)


@click.command(
    "convert", cls=GoujiCommand, help_key="help.convert", short_help_key="help.convert.short"
)
@click.argument("source", metavar="IN")
@_option("-o", "--output", "output", default="-", metavar="OUT", help_key="help.output")
@_option("--to", "to_fmt", type=click.Choice(_FORMATS), default=None, help_key="help.to")
@_option("--from", "from_fmt", type=click.Choice(_FORMATS), default=None, help_key="help.from")
@_option("--no-spans", is_flag=True, help_key="help.no_spans")
@_option(
    "--indent", type=click.IntRange(0, 16), default=2, show_default=True, help_key="help.indent"
)
@click.pass_context
def convert_command(
    ctx: click.Context,
    source: str,
    output: str,
    to_fmt: str | None,
    from_fmt: str | None,
    no_spans: bool,
    indent: int,
) -> None:
    """GJN <-> JSON (the help text shown is ``help.convert`` of the catalogue)."""
    lang = lang_of(ctx)
    if source != "-":
        if _streamed(source, output, to_fmt, from_fmt, not no_spans, indent or None, lang):
            ctx.exit(EXIT_OK)
        _whole(ctx, source, output, to_fmt, from_fmt, no_spans, indent, lang)
    with tempfile.TemporaryFile() as spool:  # standard input, on disk (nameless: nothing
        _copy_stdin(spool, lang)  # is left behind, even after a kill)
        name = _display("-", lang)
        if _streamed(spool, output, to_fmt, from_fmt, not no_spans, indent or None, lang, name):
            ctx.exit(EXIT_OK)
        spool.seek(0)
        with _stdin_from(spool):
            _whole(ctx, source, output, to_fmt, from_fmt, no_spans, indent, lang)


def _copy_stdin(spool: IO[bytes], lang: str) -> None:
    """Standard input copied to ``spool``, a block at a time."""
    try:
        while block := sys.stdin.buffer.read(1 << 20):
            spool.write(block)
        spool.flush()
    except OSError as exc:
        fail(t("io.read_error", lang, path=_display("-", lang), reason=str(exc)), lang)


@contextlib.contextmanager
def _stdin_from(spool: IO[bytes]) -> Iterator[None]:
    """Standard input read again from its copy (for the whole conversion, which reads
    ``sys.stdin.buffer``)."""
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(spool, encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin.detach()
        sys.stdin = saved


def _whole(
    ctx: click.Context,
    source: str,
    output: str,
    to_fmt: str | None,
    from_fmt: str | None,
    no_spans: bool,
    indent: int,
    lang: str,
) -> NoReturn:
    """The conversion of the whole record (what every record took before streaming)."""
    record = read_record(source, lang, fmt=from_fmt)
    if record is None:
        ctx.exit(EXIT_ERROR)
    if record.errors:
        report_notation_errors(record.errors, lang)
        fail(t("convert.not_converted", lang, path=record.name), lang)
    target = to_fmt or _format_of_path(output)
    if target is None:
        target = "gjn" if record.fmt == "json" else "json"
    if target == "json":  # written a deal at a time (the JSON of one deal at a time)
        pieces = iter_json(record.match, spans=not no_spans, indent=indent or None)
        if output == "-":
            for piece in pieces:
                _out(piece, nl=False)
            _out("")
        else:
            try:
                with atomic_writer(output) as fh:
                    for piece in pieces:
                        fh.write(piece.encode("utf-8"))
                    fh.write(b"\n")
            except WriteError as err:
                fail(err.message(normalize_lang(lang)), lang)
        ctx.exit(EXIT_OK)
    else:
        text = canonical_text(record.match)
        out_name = _display(output, lang)
        back = gj.read(text, filename=out_name)
        if back.errors:  # never write GJN that the reader would refuse
            report_notation_errors(back.errors, lang)
            fail(t("convert.not_converted", lang, path=record.name), lang)
        written = record.match.version or FORMAT_VERSION  # JSON without "version": GJN 1
        if back.match != attrs.evolve(record.match, version=written):
            _err(_warn_line(t("convert.not_same", lang, path=out_name), lang))
    if output == "-":
        _out(text, nl=False)
    elif not _write_bytes(output, text.encode("utf-8"), lang):
        ctx.exit(EXIT_ERROR)
    ctx.exit(EXIT_OK)


convert = convert_command


class _Refused(Exception):
    """The record cannot be converted a deal at a time: convert it whole (which says why
    when it is refused)."""


class _Broken(Exception):
    """A GJN record read a deal at a time holds a broken deal (:attr:`deal`): it is not
    converted, and its syntax errors are reported as the rest is read, a deal at a time
    (reading it whole to say so held every broken deal: 1 MB of ``[`` lines, 360 MB)."""

    def __init__(self, deal: gm.BrokenDeal) -> None:
        super().__init__()
        self.deal = deal


def _sniff_file(path: str | IO[bytes]) -> str:
    """``gjn`` or ``json`` as :func:`~gojinotation_analyzer.cli.main.read_record` tells
    them (by extension, else by the first character that is not white space)."""
    by_name = _format_of_path(path) if isinstance(path, str) else None
    if by_name is not None:
        return by_name
    with open(path, "rb") if isinstance(path, str) else contextlib.nullcontext(path) as f:
        f.seek(0)
        while block := f.read(1 << 16):
            head = block.lstrip(b"\xef\xbb\xbf \t\r\n")
            if head:
                return "json" if head[:1] == b"{" else "gjn"
    return "gjn"


def _utf8(spool: IO[bytes]) -> bool:
    """Whether a copy of standard input is UTF-8 throughout (as :func:`streamable` asks
    of a file), read a block at a time."""
    if encoding_of() is not None:
        return False
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    spool.seek(0)
    try:
        while block := spool.read(1 << 20):
            dec.decode(block)
        dec.decode(b"", True)
    except UnicodeDecodeError:
        return False
    return True


def _gjn_pieces(items: Iterator[Item], notes: list[str]) -> Iterator[str]:
    """The canonical GJN of the match of ``items`` (what ``canonical_text`` gives for
    the whole match), a deal at a time; each deal is read back, as the whole conversion
    reads its text back: a deal the reader would refuse stops the stream (``_Refused``),
    one that reads back differently is noted in ``notes``."""
    first = True
    bare = False  # the deal before has neither hands nor moves
    for prologue, version, deal in items:
        if first:
            first = False
            head = f"%GJN {version if version is not None else FORMAT_VERSION}\n"
            if prologue:
                head += "\n" + _prologue(prologue)
            back = gj.read(head)
            if back.errors:
                raise _Refused
            written = version if version is not None else FORMAT_VERSION  # as the head says
            if back.match.version != written or list(back.match.prologue) != prologue:
                notes.append("not_same")
            yield head
        if deal is None:
            continue
        if not isinstance(deal, gm.Deal):
            raise _Refused  # a broken deal: reported by the whole conversion
        text = write_deal(deal)
        back = gj.read(text)
        if back.errors:
            raise _Refused
        if back.match.deals != (deal,) or bare:  # a deal of tags only takes in the next one
            notes.append("not_same")
        bare = not deal.hands and not deal.moves
        yield "\n" + text
    if first:  # no item at all: what the whole conversion gives for an empty match
        yield f"%GJN {FORMAT_VERSION}\n"


def _prologue(prologue: list[gm.Comment]) -> str:
    from gojinotation.writer import _comment

    return "\n".join(_comment(c.text) for c in prologue) + "\n"


def _streamed(
    source: str | IO[bytes],
    output: str,
    to_fmt: str | None,
    from_fmt: str | None,
    spans: bool,
    indent: int | None,
    lang: str,
    name: str | None = None,
) -> bool:
    """Convert ``source`` a deal at a time; False (nothing written) when it must be read
    whole instead: not a regular file, not UTF-8 GJN, a JSON document that cannot be
    streamed, or any record with an error.  ``name``: the name shown (default the path)."""
    if isinstance(source, str) and (source == "-" or not Path(source).is_file()):
        return False
    try:
        fmt = from_fmt or _sniff_file(source)
    except OSError:
        return False  # the whole conversion says why
    if fmt == "gjn" and not (streamable(source) if isinstance(source, str) else _utf8(source)):
        return False
    target = to_fmt or _format_of_path(output) or ("gjn" if fmt == "json" else "json")
    name = name or _display(str(source), lang)
    if not isinstance(source, str):
        source.seek(0)
    read = Path(source) if isinstance(source, str) else source
    items: Iterator[Item] = (
        iter_read(read, filename=name) if fmt == "gjn" else iter_read_json(read, filename=name)
    )
    versions: list[int | None] = []
    notes: list[str] = []

    def checked() -> Iterator[Item]:
        for item in items:
            if not versions:
                versions.append(item[1])
            if item[2] is not None and not isinstance(item[2], gm.Deal):
                if fmt == "gjn" and isinstance(item[2], gm.BrokenDeal):
                    raise _Broken(item[2])
                raise _Refused  # the whole conversion reports its errors
            yield item

    pieces: Iterator[str] = (
        iter_json_items(checked(), spans=spans, indent=indent)
        if target == "json"
        else _gjn_pieces(checked(), notes)
    )
    end = "\n" if target == "json" else ""
    with contextlib.ExitStack() as stack:
        spool: IO[str] | None = None
        try:
            if output == "-":  # on disk until the record is known to convert
                spool = stack.enter_context(
                    tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
                )
                _write_all(pieces, end, spool)
            else:
                with atomic_writer(output) as fh:
                    _write_all(pieces, end, _Encoder(fh))
        except WriteError as err:
            fail(err.message(normalize_lang(lang)), lang)
        except _Broken as broken:  # what the whole conversion says, a deal at a time
            warn_future_version(name, versions[0] if versions else None, lang)
            printer = ErrorPrinter(lang)
            for syntax in broken.deal.errors:
                printer.add(syntax)
            for _, _, deal in items:
                if isinstance(deal, gm.BrokenDeal):
                    for syntax in deal.errors:
                        printer.add(syntax)
            printer.finish()
            fail(t("convert.not_converted", lang, path=name), lang)
        except Exception:  # an error in the record (or a reader's failure): read it whole
            return False
        warn_future_version(name, versions[0] if versions else None, lang)
        if notes:
            _err(_warn_line(t("convert.not_same", lang, path=_display(output, lang)), lang))
        if spool is not None:  # outside the try: a closed pipe is not a reason to start again
            spool.seek(0)
            while chunk := spool.read(1 << 16):
                _out(chunk, nl=False)
    return True


class _Encoder:
    """A text writer over a binary stream (UTF-8)."""

    def __init__(self, fh: IO[bytes]) -> None:
        self.fh = fh

    def write(self, text: str) -> None:
        self.fh.write(text.encode("utf-8"))


def _write_all(pieces: Iterator[str], end: str, out: IO[str] | _Encoder) -> None:
    for piece in pieces:
        out.write(piece)
    out.write(end)
