"""``gouji render``: annotated, self-contained HTML replays of GJN records.

Usage::

    gouji render FILE... -o DIR [--lang zh|en] [--no-validate] [--index/--no-index]
                 [--profile-file FILE.toml] [--profiles all|LIST|none]

One HTML file per record (every deal of the file a section), named after the record, plus
``index.html`` (results, standings, links) when several files are given.  Each page is
built from the rules engine's replay frames and the validator's diagnostics, so
violations and disputes appear with their explanations; a deal that cannot be replayed
or read still renders, as written, with a notice that says why.  Exit codes: ``0``
written, ``2`` usage or input errors (a missing file, a bad ``--profile-file``, a page that
cannot be written, syntax errors: a record with syntax errors, bytes that are not UTF-8 or
a broken JSON file is reported, and what can be read is still rendered, its broken deals
marked); a record with rule errors still renders (exit ``0``).  ``FILE`` may be a ``.gjn``
or ``.json`` record or a folder (its ``*.gjn`` files, as ``gouji validate`` reads it).
``--profile-file`` replays every deal under that user profile instead of its ``[Profile]``
tag (``docs/profiles.md``).

>>> import tempfile, pathlib
>>> from click.testing import CliRunner
>>> from gojinotation_analyzer.cli.main import main
>>> out = tempfile.mkdtemp()
>>> r = CliRunner().invoke(main, ["render", "samples/burn.gjn", "-o", out, "--lang", "en"])
>>> r.exit_code, sorted(p.name for p in pathlib.Path(out).iterdir())
(0, ['burn.html'])
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import click

from gojinotation import model as m
from gojinotation.errors import NotationError
from gojinotation.fileio import WriteError
from gojinotation.jsonio import JsonError
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer import i18n
from gojinotation_analyzer.cli.common import (
    EXIT_ERROR,
    _err,
    _error_line,
    _warn_line,
    encoding_of,
    fail,
    lang_of,
    report_notation_errors,
    warn_future_version,
)
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.cli.rules import profile_file_option, use_profile_file
from gojinotation_analyzer.publish.view import (
    AlternativeView,
    DealView,
    MatchView,
    RecordDeals,
    engine_deal,
    view_from_engine,
)


def alternatives(deal: m.Deal, index: int, profiles: str) -> tuple[AlternativeView, ...]:
    """A deal under the record's ruleset and each of ``profiles``, from
    ``compare_profiles`` (the one call into the reports layer); ``()`` if it fails."""
    from gojinotation_analyzer.reports.compare import compare_profiles

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
    validator's diagnostics for all of them; a deal the engine cannot replay is shown as
    written, with the reason.  Each deal with a dispute that ``profiles`` settle
    differently gets its :func:`alternatives` under them (:func:`compared_deals`;
    ``none``: no comparison)."""
    from gojinotation_analyzer.reports.validate import validate_match

    try:
        report = validate_match(match, file="")
    except Exception:  # rendering never fails because validation did
        return view_from_engine(match)
    view = view_from_engine(match, report.diagnostics)
    if profiles.strip().lower() in ("", "none"):
        return view
    readable = {i: d for i, d in enumerate(match.deals, 1) if isinstance(d, m.Deal)}
    wanted = compared_deals(report.diagnostics, profiles, readable)
    deals = list(view.deals)
    for i, (dv, deal) in enumerate(zip(deals, match.deals, strict=True)):
        if isinstance(deal, m.Deal) and dv.index in wanted:
            deals[i] = attrs.evolve(dv, alternatives=alternatives(deal, dv.index, profiles))
    return attrs.evolve(view, deals=tuple(deals))


def compared_deals(
    diagnostics: Iterable[Any],
    profiles: str,
    deals: Mapping[int, m.Deal] | None = None,
    rulesets: Sequence[Any] | None = None,
) -> set[int]:
    """The deals (1-based) whose comparison under ``profiles`` the page draws: those with a
    dispute that the rulesets compared settle differently, i.e. whose parameter does not
    have the same value in all of them (or that names no parameter).  The rulesets are
    those of ``profiles`` and, for a deal in ``deals``, the record's own (its profile and
    ``[Rules]``), as :func:`~reports.compare.compare_profiles` compares them
    (``rulesets``: those of ``profiles``, when the caller has them: :func:`profile_rulesets`).
    Where every
    one holds the same value, each rules the disputed action alike, and the dispute's own
    readings (what each reading would rule) are the comparison; replaying the deal under
    twenty profiles would show only differences that have nothing to do with the dispute.

    >>> from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
    >>> d = Diagnostic("GJV401", Severity.DISPUTE, "", "", "", "", "", deal=2)
    >>> same = attrs.evolve(d, deal=3, param="play.pure_joker_mixed")
    >>> split = attrs.evolve(d, deal=4, param="play.four_no_attach")
    >>> sorted(compared_deals([d, same, split], "all"))
    [2, 4]
    >>> own = {3: m.Deal((m.Tag("Rules", "play.pure_joker_mixed=no"),))}
    >>> sorted(compared_deals([same], "tongsu")), sorted(compared_deals([same], "tongsu", own))
    ([], [3])
    """
    from gojinotation_analyzer.reports.findings import resolve_ruleset
    from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError

    if rulesets is None:
        rulesets = profile_rulesets(profiles)
    own: dict[int, Ruleset | None] = {}
    out: set[int] = set()
    for d in diagnostics:
        if str(getattr(d.severity, "value", d.severity)) != "dispute" or not d.deal:
            continue
        i, param = int(d.deal), d.param
        if not param:
            out.add(i)
            continue
        if i not in own:
            deal = (deals or {}).get(i)
            try:
                own[i] = resolve_ruleset(deal).ruleset if deal is not None else None
            except Exception:  # a deal the validator could not resolve: profiles only
                own[i] = None
        mine = own[i]
        try:
            values = {repr(rs.get(param)) for rs in [*rulesets, *([mine] if mine else [])]}
        except (KeyError, AttributeError, RulesetError):
            values = set()
        if len(values) != 1:
            out.add(i)
    return out


def profile_rulesets(profiles: str) -> list[Any]:
    """The rulesets of ``profiles`` (``all`` or a list) that :func:`compared_deals` weighs,
    none if one of them is unknown; worked out once a record (issue #16: 7,200 deals).

    >>> len(profile_rulesets("tongsu,qingdao")), profile_rulesets("no-such")
    (2, [])
    """
    from gojinotation_analyzer.reports.compare import _resolve_list
    from gojinotation_analyzer.rules.profiles import load_ruleset
    from gojinotation_analyzer.rules.ruleset import RulesetError

    try:
        return [load_ruleset(p) for p in _resolve_list(profiles)]
    except RulesetError:
        return []


def _retag(deal: m.Deal, pid: str) -> m.Deal:
    """``deal`` with its ``Profile`` tag set to ``pid``."""
    header = [i for i in deal.header if not (isinstance(i, m.Tag) and i.name == "Profile")]
    return attrs.evolve(deal, header=(*header, m.Tag("Profile", pid)))


@attrs.frozen
class ValidatedDeals:
    """:func:`build_view` as a builder that ``render_files`` streams (it has ``deals``):
    each deal validated (the match-level checks see the deal before), replayed, viewed
    and compared under ``profiles`` (:func:`compared_deals`) as the reader yields it, so
    that a page holds one deal's view at a time.  ``profile``: every deal replayed
    under this profile instead of its ``[Profile]`` tag (``--profile-file``).

    >>> import gojinotation as gj
    >>> from gojinotation.reader import iter_deals
    >>> rec = '[Leader "1"]\\nhand 1: KK\\nhand 4: AA\\n1. 1:KK 4:AA'
    >>> [(d.index, d.replayed) for d, _ in ValidatedDeals().deals(enumerate(iter_deals(rec), 1))]
    [(1, True)]
    """

    profiles: str = "all"
    profile: str | None = None
    validated: ClassVar[bool] = True

    def __call__(self, match: m.Match) -> MatchView:
        if self.profile is not None:
            pid = self.profile
            deals = tuple(d if isinstance(d, BrokenDeal) else _retag(d, pid) for d in match.deals)
            match = attrs.evolve(match, deals=deals)
        return build_view(match, self.profiles)

    def deals(
        self, deals: Iterable[tuple[int, m.Deal | BrokenDeal]]
    ) -> Iterator[tuple[DealView, m.Deal | BrokenDeal]]:
        """Each deal's view with its record, in order: the validator's findings and the
        engine's frames of one deal at a time."""
        from gojinotation_analyzer.reports.validate import iter_validated

        compare = self.profiles.strip().lower() not in ("", "none")
        deals = iter(deals)  # after a failure, the deals not yet read
        names: dict[int, str] = {}
        held: list[tuple[int, m.Deal | BrokenDeal]] = []

        def feed() -> Iterator[tuple[int, m.Deal | BrokenDeal]]:
            for i, deal in deals:
                if self.profile is not None and isinstance(deal, m.Deal):
                    deal = _retag(deal, self.profile)
                held.append((i, deal))
                yield i, deal

        rulesets: list[Any] | None = None  # those of ``profiles``, once a record
        replays: dict[int, Any] = {}  # each deal's replay, handed over by the validator
        checked = iter_validated(feed(), file="", replays=replays)
        while True:
            try:
                _, found, _, _ = next(checked)
                i, deal = held.pop()
            except StopIteration:
                return
            except Exception:  # rendering never fails because validation did: the
                for i, deal in [*held, *feed()]:  # rest is drawn without findings
                    dv, names = engine_deal(i, deal, names)
                    yield dv, deal
                return
            dv, names = engine_deal(i, deal, names, found, replayed=replays.pop(i, None))
            if compare and isinstance(deal, m.Deal) and found:
                if rulesets is None:
                    rulesets = profile_rulesets(self.profiles)
                if i in compared_deals(found, self.profiles, {i: deal}, rulesets):
                    dv = attrs.evolve(dv, alternatives=alternatives(deal, dv.index, self.profiles))
            yield dv, deal


@click.command(
    "render", cls=GoujiCommand, help_key="render.help", short_help_key="render.help.short"
)
@click.argument("files", nargs=-1, required=True)
@_option(
    "-o",
    "--output",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False),
    help_key="render.help.output",
)
@_option(
    "--lang",
    "lang_opt",
    type=click.Choice(["en", "zh"]),
    default=None,
    help_key="render.help.lang",
)
@_option("--no-validate", is_flag=True, help_key="render.help.no_validate")
@_option("--index/--no-index", default=None, help_key="render.help.index")
@profile_file_option()
@_option("--profiles", default="all", show_default=True, help_key="render.help.profiles")
@_option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help_key="render.help.jobs",
)
@click.pass_context
def render(
    ctx: click.Context,
    files: Sequence[str],
    out_dir: str,
    lang_opt: str | None,
    no_validate: bool,
    index: bool | None,
    profile_file: str | None,
    profiles: str,
    jobs: int | None,
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
    for path in paths:  # as every reading command does: an unknown future GJN version
        warn_future_version(path, _declared_version(path), lang)
    build: Callable[[m.Match], MatchView] = RecordDeals()
    if not no_validate:
        pid = use_profile_file(profile_file, lang) if profile_file is not None else None
        build = ValidatedDeals(profiles, pid)
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
            build=build,
            index=len(paths) > 1 if index is None else index,
            on_errors=on_errors,
            encoding=encoding_of(ctx),
            jobs=jobs or os.cpu_count() or 1,
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


_VERSION = re.compile(rb"\A(?:\xef\xbb\xbf)?[ \t]*%GJN[ \t]+([0-9]{1,6})[ \t]*\r?(?:\n|\Z)", re.I)


def _declared_version(path: str) -> int | None:
    """The version a GJN file's ``%GJN N`` first line declares (None: none, or unreadable;
    reading errors are reported by the rendering itself)."""
    try:
        with open(path, "rb") as f:
            got = _VERSION.match(f.read(64))
    except OSError:
        return None
    return int(got.group(1)) if got else None
