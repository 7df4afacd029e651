"""The cross-profile comparison: one deal replayed under several rule profiles, and where
their rulings differ (``gouji validate --compare``).

:func:`compare_profiles` replays one deal under several profiles and shows, action by
action, where their rulings differ, which parameter makes the difference, and how the
finish order and the score change.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.writer import format_action
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity, diagnostic_dict
from gojinotation_analyzer.reports.findings import (
    _Ctx,
    _engine,
    _handle_event,
    _param_value,
    _Pos,
    _pos,
    _round_of,
    _setting,
    _with_profile_tag,
    deal_number,
    resolve_ruleset,
)
from gojinotation_analyzer.reports.messages import t as _t
from gojinotation_analyzer.reports.results import format_finish as _fmt_finish
from gojinotation_analyzer.reports.results import format_score as _fmt_score
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError


@attrs.frozen
class ProfileOutcome:
    """One ruleset's replay of a deal.

    :ivar label: how the ruleset is shown (``record: <profile>`` for the record's own).
    :ivar profile: the profile id.
    :ivar overrides: the override text applied (the record's ``[Rules]`` for its own).
    :ivar finish: the seats in place order (头科 first), ``()`` if the deal did not end.
    :ivar team_points: team A's and team B's points, or ``None``.
    :ivar errors: how many actions break a rule under this ruleset.
    :ivar disputes: how many dispute events the replay gave.
    :ivar void: the deal is void under this ruleset.
    """

    label: str
    profile: str
    overrides: str
    finish: tuple[int, ...]
    team_points: tuple[int, int] | None
    errors: int
    disputes: int
    void: bool = False


@attrs.frozen
class ComparisonRow:
    """One action ruled differently (or disputed) under the rulesets compared.

    :ivar index: the action's 1-based position in the deal's main line.
    :ivar action: its canonical text.
    :ivar rulings: per ruleset (same order as the outcomes), the diagnostics the action
        gets (empty: legal).
    :ivar params: ``(parameter, values per ruleset)`` for the parameters that make the
        difference.
    :ivar first: True for the first action ruled differently (the replays may diverge
        after it).
    :ivar differs: False when the rulesets agree and the row is there for a dispute.
    :ivar param_sources: per parameter and ruleset, where the value comes from: a
        citation tag (``000§F 6``), ``default`` (an open point), ``disputed`` or
        ``rules`` (the record's ``[Rules]``).
    :ivar events: per ruleset, ``(en, zh)`` of the events (places, 够死级, 开点, burns …)
        that only some rulesets give for this action.
    """

    index: int
    action: str
    line: int
    column: int
    round: int | None
    seat: int | None
    source_line: str
    rulings: tuple[tuple[Diagnostic, ...], ...]
    params: tuple[tuple[str, tuple[str, ...]], ...]
    first: bool = False
    differs: bool = True
    events: tuple[tuple[tuple[str, str], ...], ...] = ()
    param_sources: tuple[tuple[str, ...], ...] = ()


@attrs.frozen
class OpenPoint:
    """An open or disputed point of the record's profile that this deal touches."""

    param: str
    value: str
    note: str
    rules: tuple[str, ...]


@attrs.frozen
class ProfileComparison:
    """A deal replayed under several rulesets (see :func:`compare_profiles`)."""

    file: str
    deal: int
    outcomes: tuple[ProfileOutcome, ...]
    rows: tuple[ComparisonRow, ...]
    open_points: tuple[OpenPoint, ...]
    record_profile: str
    deal_number: str | None = None  #: the record's own number (``[Deal]``), when it has one

    def format(self, lang: str = "en", *, color: bool = False, full: bool = False) -> str:
        """A table of outcomes first, then where the rulesets rule differently, grouped by
        the parameters that make the difference (each group: the values by ruleset, the
        rulings of its first action by ruleset, where else it applies), then the open
        points.  ``full`` lists every action with every ruleset's ruling instead."""
        import click

        def style(text: str, **kw: Any) -> str:
            return click.style(text, **kw) if color else text

        if not full:
            return self._grouped(lang, style)

        out = self._summary(lang, style)
        labels = [o.label for o in self.outcomes]
        width = max((_width(x) for x in labels), default=0)
        if self.rows:
            out.append(_t("cmp.rows", lang))
        elif not self.open_points:
            out.append(_t("cmp.same", lang))
        for row in self.rows:
            coords = []
            if row.round:
                coords.append(f"第{row.round}轮" if lang == "zh" else f"round {row.round}")
            if row.seat:
                coords.append(f"{row.seat}号位" if lang == "zh" else f"seat {row.seat}")
            sep = "，" if lang == "zh" else ", "
            out.append(
                "  "
                + style(f"{self.file}:{row.line}:{row.column}", bold=True)
                + f" {row.action}"
                + (f" ({sep.join(coords)})" if coords else "")
            )
            if row.source_line:
                out.append(f"    {row.source_line.rstrip()}")
            extra = row.events or ((),) * len(labels)
            for label, diags, evs in zip(labels, row.rulings, extra, strict=True):
                pad = " " * (width - _width(label))
                notes = ("；" if lang == "zh" else "; ").join(
                    z if lang == "zh" else e for e, z in evs
                )
                if not diags:
                    legal = style(_t("legal", lang), fg="green")
                    out.append(f"    {label}{pad}  {legal}" + (f" ({notes})" if notes else ""))
                elif notes:
                    out.append(f"    {label}{pad}  ({notes})")
                    label, pad = "", " " * width
                for d in diags:
                    sev = d.severity.zh if lang == "zh" else d.severity.value
                    msg = d.zh if lang == "zh" else d.en
                    out.append(
                        f"    {label}{pad}  "
                        + style(sev, fg=d.severity.color, bold=True)
                        + f" {d.code} [{d.rule_id}] {msg}"
                    )
                    label, pad = "", " " * width
            for k, (name, values) in enumerate(row.params):
                where = row.param_sources[k] if k < len(row.param_sources) else ()
                where = where or ("",) * len(values)
                vals = ("；" if lang == "zh" else "; ").join(
                    f"{lab}={v}" + (f" ({_t('src.' + w, lang) if w in _SRC else w})" if w else "")
                    for lab, v, w in zip(labels, values, where, strict=True)
                )
                out.append("    " + _t("cmp.param", lang, p=name, values=vals))
            if row.first and row.differs:
                out.append("    " + _t("cmp.first", lang))
        out.extend(self._open_points(lang))
        return "\n".join(out)

    def _summary(self, lang: str, style: Callable[..., str]) -> list[str]:
        out = [style(_t("cmp.head", lang, file=self.file, deal=self.deal_number or self.deal,
                        n=len(self.outcomes)), bold=True)]  # fmt: skip
        rows = [_t("cmp.cols", lang).split("|")]
        for o in self.outcomes:
            finish = _fmt_finish(o.finish) if o.finish else _t("cmp.unfinished", lang)
            if o.void:
                finish = _t("void", lang)
            score = _fmt_score(*o.team_points) if o.team_points else _t("cmp.noscore", lang)
            rows.append([o.label, str(o.errors), str(o.disputes), finish, score])
        out.extend("  " + line for line in _table(rows))
        return out

    def _grouped(self, lang: str, style: Callable[..., str]) -> str:
        """The compact text of :meth:`format`."""
        zh = lang == "zh"
        sep = "；" if zh else "; "
        comma = "、" if zh else ", "
        colon = "：" if zh else ": "
        out = self._summary(lang, style)
        labels = [o.label for o in self.outcomes]
        groups: dict[tuple[str, ...], list[ComparisonRow]] = {}
        for row in self.rows:
            groups.setdefault(tuple(n for n, _ in row.params), []).append(row)
        if self.rows:
            out.append(_t("cmp.groups", lang, rows=len(self.rows), groups=len(groups)))
        elif not self.open_points:
            out.append(_t("cmp.same", lang))

        def where(row: ComparisonRow) -> str:
            coords = []
            if row.round:
                coords.append(f"第{row.round}轮" if zh else f"round {row.round}")
            if row.seat:
                coords.append(f"{row.seat}号位" if zh else f"seat {row.seat}")
            c = ("，" if zh else ", ").join(coords)
            return (
                style(f"{self.file}:{row.line}:{row.column}", bold=True)
                + f" {row.action}"
                + (f" ({c})" if c else "")
            )

        for names, rows in groups.items():
            first = rows[0]
            key = "cmp.group" if names else "cmp.group_none"
            out.append("  " + _t(key, lang, p=", ".join(names), n=len(rows), where=where(first)))
            for k, (name, values) in enumerate(first.params):
                srcs = first.param_sources[k] if k < len(first.param_sources) else ()
                srcs = srcs or ("",) * len(values)
                by_value: dict[str, tuple[list[str], list[str]]] = {}
                for lab, v, w in zip(labels, values, srcs, strict=True):
                    labs, ws = by_value.setdefault(v, ([], []))
                    labs.append(lab)
                    w = _t("src." + w, lang) if w in _SRC else w
                    if w and w not in ws:
                        ws.append(w)
                prefix = f"{name} = " if len(first.params) > 1 else ""
                for v, (labs, ws) in by_value.items():
                    cite = f" ({sep.join(ws)})" if ws else ""
                    out.append(f"    {prefix}{v}{cite}{colon}{comma.join(labs)}")
            if first.source_line:
                out.append(f"      {first.source_line.rstrip()}")
            extra = first.events or ((),) * len(labels)
            by_ruling: dict[str, list[str]] = {}
            for lab, diags, evs in zip(labels, first.rulings, extra, strict=True):
                parts = [
                    (d.severity.zh if zh else d.severity.value)
                    + f" {d.code} [{d.rule_id}] {d.zh if zh else d.en}"
                    for d in diags
                ] or [_t("legal", lang)]
                notes = sep.join(z if zh else e for e, z in evs)
                text = sep.join(parts) + (f" ({notes})" if notes else "")
                by_ruling.setdefault(text, []).append(lab)
            for text, labs in by_ruling.items():
                out.append(f"      {comma.join(labs)}{colon}{text}")
            if len(rows) > 1:
                shown = [f"{r.line}:{r.column} {r.action}" for r in rows[1 : MAX_ALSO + 1]]
                more = len(rows) - 1 - len(shown)
                tail = (comma + _t("cmp.more", lang, n=more)) if more > 0 else ""
                out.append("    " + _t("cmp.also", lang, places=comma.join(shown) + tail))
        if any(r.first and r.differs for r in self.rows):
            out.append(_t("cmp.diverge", lang))
        out.extend(self._open_points(lang))
        return "\n".join(out)

    def _open_points(self, lang: str) -> list[str]:
        out: list[str] = []
        if self.open_points:
            out.append(_t("cmp.open", lang, p=self.record_profile))
            for op in self.open_points:
                note = op.note
                if lang == "zh":
                    from gojinotation_analyzer.rules.ruleset import PARAMETERS

                    param = PARAMETERS.get(op.param)
                    note = (param.zh if param is not None else "") + f"（{op.note}）"
                out.append(f"  {op.param} = {op.value} [{', '.join(op.rules)}]: {note}")
        return out

    def as_dict(self) -> dict[str, Any]:
        """Plain data for ``--format json``."""
        return {
            "file": self.file,
            "deal": self.deal,
            "deal_number": self.deal_number,
            "record_profile": self.record_profile,
            "outcomes": [
                {
                    "label": o.label,
                    "profile": o.profile,
                    "overrides": o.overrides,
                    "finish": list(o.finish),
                    "score": None
                    if o.team_points is None
                    else {"A": o.team_points[0], "B": o.team_points[1]},
                    "errors": o.errors,
                    "disputes": o.disputes,
                    "void": o.void,
                }
                for o in self.outcomes
            ],
            "rows": [
                {
                    "index": r.index,
                    "action": r.action,
                    "line": r.line,
                    "column": r.column,
                    "round": r.round,
                    "seat": r.seat,
                    "first": r.first,
                    "differs": r.differs,
                    "rulings": [
                        {"label": o.label, "diagnostics": [diagnostic_dict(d) for d in ds]}
                        for o, ds in zip(self.outcomes, r.rulings, strict=True)
                    ],
                    "params": [
                        {
                            "name": n,
                            "values": list(v),
                            "sources": list(r.param_sources[k]) if k < len(r.param_sources) else [],
                        }
                        for k, (n, v) in enumerate(r.params)
                    ],
                    "events": [
                        {"label": o.label, "events": [{"en": e, "zh": z} for e, z in evs]}
                        for o, evs in zip(self.outcomes, r.events, strict=True)
                    ],
                }
                for r in self.rows
            ],
            "open_points": [attrs.asdict(p) for p in self.open_points],
        }


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return [
        "  ".join(c + " " * (w - _width(c)) for c, w in zip(r, widths, strict=False)) + "  " + r[-1]
        for r in rows
    ]


def _resolve_list(profiles: Sequence[str] | str) -> list[str]:
    from gojinotation_analyzer.rules.profiles import PROFILES, resolve_profile_id

    names = [profiles] if isinstance(profiles, str) else list(profiles)
    out: list[str] = []
    for n in names:
        for part in n.split(","):
            if not part.strip():
                continue
            ids = list(PROFILES) if part.strip().lower() == "all" else [resolve_profile_id(part)]
            out.extend(i for i in ids if i not in out)
    return out


def compare_profiles(
    deal: m.Deal,
    profiles: Sequence[str] | str,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    profile: str | None = None,
    include_record: bool = True,
    deck_check: bool = True,
    positions: bool = True,
) -> ProfileComparison:
    """Replay ``deal`` under each of ``profiles`` (ids, aliases, comma lists or ``all``)
    and under the record's own ruleset (its profile plus its ``[Rules]``), and show where
    the rulings differ.

    Each action ruled differently, or disputed under any of them, becomes a
    :class:`ComparisonRow` with every ruleset's diagnostics and the parameters that make
    the difference (the events' ``param`` and the rule's parameters, among those whose
    values differ).  The open points of the record's profile that this deal touches are
    listed too, so nothing is hidden behind a default.

    :raises RulesetError: for an unknown profile name.
    """
    from gojinotation_analyzer.rules.profiles import open_points
    from gojinotation_analyzer.rules.rulebook import RULES

    ids = _resolve_list(profiles)
    choice = resolve_ruleset(deal, profile)
    # a terse record's implied items, filled once under the record's profile: every run
    # replays the same actions, so that they line up
    from gojinotation_analyzer.engine.fill import fill

    deal = attrs.evolve(deal, moves=fill(deal, choice.ruleset, deck_check=deck_check).deal.moves)
    runs: list[tuple[str, str, str, Ruleset]] = []
    if include_record:
        own = choice.profile + (" + [Rules]" if choice.overrides.strip() else "")
        runs.append((f"{_t('record', 'en')}: {own}", choice.profile, choice.overrides,
                     choice.ruleset))  # fmt: skip
    from gojinotation_analyzer.rules.profiles import load_ruleset

    for pid in ids:
        if include_record and pid == choice.profile and not choice.overrides.strip():
            continue
        runs.append((pid, pid, "", load_ruleset(pid)))
    per_run: list[dict[int, list[Diagnostic]]] = []
    per_events: list[dict[int, list[_EventSig]]] = []
    outcomes: list[ProfileOutcome] = []
    touched_rules: set[str] = set()
    meta: dict[int, tuple[m.Action, int | None]] = {}
    for label, pid, overrides, rs in runs:
        by_action: dict[int, list[Diagnostic]] = {}
        events: dict[int, list[_EventSig]] = {}
        ended, n_err, n_disp = _replay_for_compare(
            deal, pid, overrides, rs, file, deal_index, source_lines, deck_check, positions,
            by_action, events, meta, touched_rules if label == runs[0][0] else None,
        )  # fmt: skip
        finish: tuple[int, ...] = ()
        pts: tuple[int, int] | None = None
        void = False
        if ended is not None:
            places = dict(ended.places)
            finish = tuple(sorted(places, key=lambda s: places[s]))
            void = ended.void
            if ended.score is not None:
                pts = (ended.score.team_points["A"], ended.score.team_points["B"])
        outcomes.append(ProfileOutcome(label, pid, overrides, finish, pts, n_err, n_disp, void))
        per_run.append(by_action)
        per_events.append(events)
    rows: list[ComparisonRow] = []
    first_seen = False
    rsets = [r[3] for r in runs]
    differing = _differing(rsets)
    indices = {k for r in per_run for k in r} | {k for r in per_events for k in r}
    for idx in sorted(i for i in indices if i in meta):
        rulings = tuple(tuple(r.get(idx, ())) for r in per_run)
        sigs = {tuple(sorted((d.severity.value, d.rule_id) for d in x if d.severity is not
                             Severity.DISPUTE)) for x in rulings}  # fmt: skip
        evs = [r.get(idx, []) for r in per_events]
        common = set.intersection(*(set(x) for x in evs)) if evs else set()
        only = tuple(tuple(e for e in x if e not in common) for x in evs)
        differs = len(sigs) > 1 or any(only)
        disputed = any(d.severity is Severity.DISPUTE for x in rulings for d in x)
        if not differs and not disputed:
            continue
        action, rnd = meta[idx]
        params: list[str] = []
        for x in rulings:
            for d in x:
                if d.param and d.param not in params:
                    params.append(d.param)
        if differs:
            found = [p for p in params if p in differing]
            if not found:
                rule_ids = [d.rule_id for x in rulings for d in x] + [e[1] for x in only for e in x]
                for rid in rule_ids:
                    r = RULES.get(rid)
                    for p in r.parameters if r is not None else ():
                        if p in differing and p not in found:
                            found.append(p)
            params = found or params
        param_rows = tuple(
            (name, tuple(_param_value(rs, name) or "?" for rs in rsets)) for name in params
        )
        sources = tuple(tuple(_provenance(run[1], run[3], name) for run in runs) for name in params)
        at = _pos(action.span) if positions else _Pos()
        src = source_lines[at.line - 1] if 0 < at.line <= len(source_lines) else ""
        rows.append(
            ComparisonRow(
                idx, format_action(action), at.line, at.column, rnd, action.seat, src,
                rulings, param_rows, first=differs and not first_seen, differs=differs,
                param_sources=sources,
                events=tuple(tuple((e[3], e[4]) for e in x) for x in only),
            )
        )  # fmt: skip
        first_seen = first_seen or differs
    ops: list[OpenPoint] = []
    relevant: dict[str, list[str]] = {}
    for rid in sorted(touched_rules):
        r = RULES.get(rid)
        for prm in r.parameters if r is not None else ():
            relevant.setdefault(prm, []).append(rid)
    for name, note in open_points(choice.profile):
        if name in relevant:
            value = _param_value(choice.ruleset, name) or "?"
            ops.append(OpenPoint(name, value, note, tuple(relevant[name])))
    return ProfileComparison(
        file,
        deal_index,
        tuple(outcomes),
        tuple(rows),
        tuple(ops),
        choice.profile,
        deal_number=deal_number(deal),
    )


#: :func:`_differing` of the last rulesets compared (by identity): a render or a
#: ``--profiles`` run compares every deal under the same ones.
_DIFFERING: dict[tuple[int, ...], tuple[tuple[Ruleset, ...], frozenset[str]]] = {}


def _differing(rsets: Sequence[Ruleset]) -> frozenset[str]:
    """The parameters whose values are not the same in all of ``rsets``: those where one
    differs from the first (a value that differs between two of them differs from the
    first's in one of the two), found once for the same ruleset objects.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> a, b = load_ruleset("qingdao-standard"), load_ruleset("tongsu")
    >>> _differing([a, a]), _differing([a, b]) == {n for n, _, _ in a.diff(b)}
    (frozenset(), True)
    """
    key = tuple(id(r) for r in rsets)
    hit = _DIFFERING.get(key)
    if hit is not None and all(x is y for x, y in zip(hit[0], rsets, strict=True)):
        return hit[1]
    first = rsets[0] if rsets else None
    out = (
        frozenset(n for b in rsets[1:] if b is not first for n, _, _ in first.diff(b))
        if first
        else frozenset()
    )
    if len(_DIFFERING) > 64:
        _DIFFERING.clear()
    _DIFFERING[key] = (tuple(rsets), out)
    return out


_SRC = ("default", "disputed", "rules")
#: How many further actions of a group the compact comparison names.
MAX_ALSO = 6


def _provenance(pid: str, rs: Ruleset, name: str) -> str:
    """Where ``rs``'s value of ``name`` comes from (for comparison rows)."""
    s = _setting(pid, name)
    if s is None:
        return ""
    try:
        if rs.get(name) != s.value:
            return "rules"
    except (KeyError, AttributeError, RulesetError):
        return ""
    if s.is_disputed:
        return "disputed"
    if s.open:
        return "default"
    return str(s.citation.tag) if s.citation is not None else ""


#: Events every deal has: their rules' open points would be listed for every deal.
_ROUTINE = (E.Led, E.Played, E.Passed, E.RoundEnded, E.Closed, E.DealEnded, E.Reported)


#: (kind, rule id, seat, English, Chinese) of an event, to compare replays.
_EventSig = tuple[str, str, int | None, str, str]

#: Events that follow from the cards alone; the others carry a ruling of the profile.
_PLAIN = (E.Led, E.Played, E.Passed, E.RoundEnded, E.Closed, E.GoujiPlayed, E.DealEnded)


def _ruling_event(ev: E.Event) -> bool:
    """Whether an event (other than a diagnostic) is a ruling worth comparing."""
    return not isinstance(ev, (*_PLAIN, E.Violation, E.Dispute, E.Notice))


def _touches(ev: E.Event) -> bool:
    """Whether an event makes its rule's open points matter for this deal."""
    if not ev.rule or isinstance(ev, _ROUTINE):
        return False
    return not isinstance(ev, E.WentOut) or bool(ev.forced)


def _replay_for_compare(
    deal: m.Deal,
    pid: str,
    overrides: str,
    rs: Ruleset,
    file: str,
    deal_index: int,
    source_lines: Sequence[str],
    deck_check: bool,
    positions: bool,
    by_action: dict[int, list[Diagnostic]],
    events: dict[int, list[_EventSig]],
    meta: dict[int, tuple[m.Action, int | None]],
    touched: set[str] | None,
) -> tuple[E.DealEnded | None, int, int]:
    ctx = _Ctx(deal, file, deal_index, source_lines, positions)
    ctx.rs = rs
    ctx.profile = pid
    ended: E.DealEnded | None = None
    n_err = n_disp = 0
    try:
        engine = _engine()
        before: Any = None
        i = 0
        for frame in engine.replay(_with_profile_tag(deal, pid, overrides), rs,
                                   deck_check=deck_check):  # fmt: skip
            action = frame.action
            rnd = _round_of(before, frame.state, action) if action is not None else None
            if action is not None:
                i += 1
                meta.setdefault(i, (action, rnd))
            for ev in frame.events:
                if touched is not None and _touches(ev):
                    touched.add(ev.rule)
                if isinstance(ev, E.DealEnded):
                    ended = ev
                if action is not None and _ruling_event(ev):
                    sig = (ev.kind, ev.rule, ev.seat, ev.en, ev.zh)
                    events.setdefault(i, []).append(sig)
                if not isinstance(ev, (E.Violation, E.Dispute)) or action is None:
                    continue
                start = len(ctx.out)
                _handle_event(ctx, ev, action, rnd)
                new = ctx.out[start:]
                by_action.setdefault(i, []).extend(new)
                n_err += sum(d.severity is Severity.ERROR for d in new)
                n_disp += sum(d.severity is Severity.DISPUTE for d in new)
            before = frame.state
    except Exception:
        if os.environ.get("GOUJI_DEBUG"):
            raise
    return ended, n_err, n_disp
