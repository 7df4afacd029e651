"""``gouji render``: annotated, self-contained HTML replays of GJN records.

Usage::

    gouji render FILE... -o DIR [--lang zh|en] [--no-validate] [--index/--no-index]
                         [--profiles all|LIST|none]

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

import functools
from collections.abc import Sequence
from pathlib import Path

import attrs
import click

from gojinotation import model as m
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer import i18n
from gojinotation_analyzer.cli.main import EXIT_ERROR, lang_of
from gojinotation_analyzer.publish.view import (
    AlternativeView,
    MatchView,
    view_from_frames,
    view_from_record,
)

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


def alternatives(deal: m.Deal, index: int, profiles: str) -> tuple[AlternativeView, ...]:
    """A deal under the record's ruleset and each of ``profiles``, from
    ``compare_profiles`` (the one call into the reports layer); ``()`` if it fails."""
    try:
        from gojinotation_analyzer.reports.compare import (  # type: ignore[import-not-found,unused-ignore]
            compare_profiles,
        )
    except ImportError:
        from gojinotation_analyzer.reports.validate import compare_profiles
    try:
        cmp = compare_profiles(deal, profiles, deal_index=index, positions=False)
    except Exception:  # an alternative ruling never stops the page
        return ()
    out: list[AlternativeView] = []
    for i, o in enumerate(cmp.outcomes):
        rows = []
        for row in cmp.rows:
            diags = row.rulings[i] if i < len(row.rulings) else ()
            rows.append(
                (
                    row.index,
                    row.action,
                    "; ".join(d.en for d in diags),
                    "；".join(d.zh for d in diags),
                )
            )
        out.append(
            AlternativeView(
                label=o.label,
                profile=o.profile,
                finish=tuple(o.finish),
                team_points=o.team_points,
                errors=o.errors,
                disputes=o.disputes,
                rows=tuple(rows),
            )
        )
    return tuple(out) if len(out) > 1 else ()


def build_view(match: m.Match, profiles: str = "all") -> MatchView:
    """The view of a record: engine frames for every deal the engine can replay, the
    validator's diagnostics for all of them; the record alone where replay fails.  Each
    deal with a dispute gets its :func:`alternatives` under ``profiles`` (``none``: no
    comparison)."""
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
    view = view_from_frames(match, frames, report.diagnostics)
    if profiles.strip().lower() in ("", "none"):
        return view
    deals = list(view.deals)
    for i, (dv, deal) in enumerate(zip(deals, match.deals, strict=True)):
        if isinstance(deal, m.Deal) and any(g.severity == "dispute" for g in dv.diagnostics):
            deals[i] = attrs.evolve(dv, alternatives=alternatives(deal, dv.index, profiles))
    return attrs.evolve(view, deals=tuple(deals))


@click.command("render", help=i18n.t("render.help", "en"))
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False))
@click.option("--lang", "lang_opt", type=click.Choice(["en", "zh"]), default=None)
@click.option("--no-validate", is_flag=True, help="Draw the record alone, without the engine.")
@click.option("--index/--no-index", default=None, help="Write index.html (default: 2+ files).")
@click.option(
    "--profiles",
    default="all",
    show_default=True,
    help="Profiles to rule disputed deals under as well (a list, 'all' or 'none').",
)
@click.pass_context
def render(
    ctx: click.Context,
    files: Sequence[str],
    out_dir: str,
    lang_opt: str | None,
    no_validate: bool,
    index: bool | None,
    profiles: str,
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
        build=view_from_record if no_validate else functools.partial(build_view, profiles=profiles),
        index=len(files) > 1 if index is None else index,
    )
    for p in written:
        click.echo(i18n.t("render.wrote", lang, path=p))
