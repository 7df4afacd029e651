"""``gouji render``: annotated, self-contained HTML replays of GJN records.

Usage::

    gouji render FILE... -o DIR [--lang zh|en] [--no-validate] [--index/--no-index]

One HTML file per record (every deal of the file a section), named after the record, plus
``index.html`` (results, standings, links) when several files are given.  Each page is
built from the rules engine's replay frames and the validator's diagnostics, so
violations and disputes appear with their explanations; a record that cannot be replayed
or read still renders from the record alone.  Exit codes: ``0`` written, ``2`` usage or
input errors (a missing file); a record with rule errors still renders (exit ``0``).

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
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer import i18n
from gojinotation_analyzer.cli.main import EXIT_ERROR, lang_of
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
    }
)


def build_view(match: m.Match) -> MatchView:
    """The view of a record: engine frames for every deal the engine can replay, the
    validator's diagnostics for all of them; the record alone where replay fails."""
    from gojinotation_analyzer.engine.engine import replay
    from gojinotation_analyzer.engine.fill import fill_match
    from gojinotation_analyzer.reports.validate import validate_match

    match = fill_match(match)  # a terse record's implied passes and closes, as steps
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
    missing = [f for f in files if not Path(f).is_file()]
    for f in missing:
        click.echo(i18n.t("render.missing", lang, path=f), err=True)
    if missing:
        ctx.exit(EXIT_ERROR)
    written = render_files(
        files,
        out_dir,
        lang=lang,
        build=view_from_record if no_validate else build_view,
        index=len(files) > 1 if index is None else index,
    )
    for p in written:
        click.echo(i18n.t("render.wrote", lang, path=p))
