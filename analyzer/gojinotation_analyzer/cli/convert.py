"""``gouji convert``: GJN <-> JSON."""

from __future__ import annotations

from pathlib import Path

import click

import gojinotation as gj
from gojinotation.fileio import WriteError, atomic_writer
from gojinotation.jsonio import iter_json
from gojinotation_analyzer.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    _display,
    _err,
    _out,
    _warn_line,
    _write_bytes,
    canonical_text,
    fail,
    lang_of,
    read_record,
    report_notation_errors,
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
        if back.match != record.match:
            _err(_warn_line(t("convert.not_same", lang, path=out_name), lang))
    if output == "-":
        _out(text, nl=False)
    elif not _write_bytes(output, text.encode("utf-8"), lang):
        ctx.exit(EXIT_ERROR)
    ctx.exit(EXIT_OK)


convert = convert_command
