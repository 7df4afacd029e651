"""``gouji render``: annotated, self-contained HTML replays of GJN records.

Usage::

    gouji render FILE... -o DIR [--lang zh|en] [--no-validate] [--index/--no-index]

One HTML file per record (every deal of the file a section), named after the record, plus
``index.html`` (results, standings, links) when several files are given.  Each page is
built from the rules engine's replay frames and the validator's diagnostics, so
violations and disputes appear with their explanations; a record that cannot be replayed
or read still renders from the record alone.  Exit codes: ``0`` written, ``2`` usage or
input errors (a missing file, a page that cannot be written, syntax errors: a record with
syntax errors, bytes that are not UTF-8 or a broken JSON file is reported, and what can be
read is still rendered, its broken deals marked); a record with rule errors still renders
(exit ``0``).  ``FILE`` may be a ``.gjn`` or ``.json`` record or a folder (its ``*.gjn``
files, as ``gouji validate`` reads it).

>>> import tempfile, pathlib
>>> from click.testing import CliRunner
>>> from gojinotation_analyzer.cli.main import main
>>> out = tempfile.mkdtemp()
>>> r = CliRunner().invoke(main, ["render", "samples/burn.gjn", "-o", out, "--lang", "en"])
>>> r.exit_code, sorted(p.name for p in pathlib.Path(out).iterdir())
(0, ['burn.html'])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gojinotation import model as m
from gojinotation.errors import NotationError
from gojinotation.fileio import WriteError
from gojinotation.jsonio import JsonError
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer import i18n
from gojinotation_analyzer.cli.main import (
    EXIT_ERROR,
    _err,
    _error_line,
    _warn_line,
    encoding_of,
    fail,
    lang_of,
    report_notation_errors,
)
from gojinotation_analyzer.publish.view import MatchView, view_from_frames, view_from_record

i18n.register(
    {
        "render.help": (
            "Write self-contained HTML replays of records (one page per file, an index "
            "for several).",
            "生成可离线浏览的 HTML 复盘页面（每个文件一页，多个文件另有索引页）。",
        ),
        "render.missing": ("no such file: {path}", "文件不存在：{path}"),
        "render.wrote": ("wrote {path}", "已写出 {path}"),
        "render.errors": (
            "{count} file(s) with syntax errors: their broken deals are drawn as written, marked",
            "{count} 个文件有语法错误：无法解析的牌局按原文显示并已标出",
        ),
    }
)


def build_view(match: m.Match) -> MatchView:
    """The view of a record: engine frames for every deal the engine can replay, the
    validator's diagnostics for all of them; the record alone where replay fails."""
    from gojinotation_analyzer.engine.engine import replay
    from gojinotation_analyzer.reports.validate import validate_match

    frames: dict[int, list[object]] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, BrokenDeal):
            continue
        try:
            frames[i] = list(replay(deal))
        except Exception:  # a deal the engine cannot replay is drawn as recorded
            continue
    try:
        report = validate_match(match, file="")
    except Exception:  # rendering never fails because validation did
        return view_from_frames(match, frames) if frames else view_from_record(match)
    return view_from_frames(match, frames, report.diagnostics)


@click.command("render", help=i18n.t("render.help", "en"))
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False))
@click.option("--lang", "lang_opt", type=click.Choice(["en", "zh"]), default=None)
@click.option("--no-validate", is_flag=True, help="Draw the record alone, without the engine.")
@click.option("--index/--no-index", default=None, help="Write index.html (default: 2+ files).")
@click.pass_context
def render(
    ctx: click.Context,
    files: Sequence[str],
    out_dir: str,
    lang_opt: str | None,
    no_validate: bool,
    index: bool | None,
) -> None:
    """Render GJN records to HTML replays."""
    from gojinotation_analyzer.publish.render import render_files

    lang = lang_opt or lang_of(ctx)
    paths: list[str] = []
    failed = False
    for f in files:
        p = Path(f)
        if p.is_dir():
            found = sorted(str(g) for g in p.rglob("*.gjn") if g.is_file())
            if not found:
                _err(_error_line(i18n.t("io.no_gjn_files", lang, path=f), lang))
                failed = True
            paths.extend(found)
        elif not p.is_file():
            _err(_error_line(i18n.t("render.missing", lang, path=f), lang))
            failed = True
        else:
            paths.append(f)
    if failed:
        ctx.exit(EXIT_ERROR)
    bad: list[Path] = []

    def on_errors(path: Path, errors: tuple[Exception, ...]) -> None:
        bad.append(path)
        report_notation_errors(
            [e for e in errors if isinstance(e, (NotationError, JsonError))], lang
        )

    try:
        written = render_files(
            paths,
            out_dir,
            lang=lang,
            build=view_from_record if no_validate else build_view,
            index=len(paths) > 1 if index is None else index,
            on_errors=on_errors,
            encoding=encoding_of(ctx),
            on_encoding=lambda path, used: _err(
                _warn_line(i18n.t("io.encoding", lang, path=path, encoding=used), lang)
            ),
        )
    except WriteError as err:
        fail(err.message(i18n.normalize_lang(lang)), lang)
    except OSError as err:
        name = str(err.filename or "")
        fail(i18n.t("io.read_error", lang, path=name, reason=err.strerror or str(err)), lang)
    for p in written:
        click.echo(i18n.t("render.wrote", lang, path=p))
    if bad:
        _err(_error_line(i18n.t("render.errors", lang, count=len(bad)), lang))
        ctx.exit(EXIT_ERROR)
