"""The replay view model: everything the HTML renderer shows, as plain frozen values.

The renderer (:mod:`publish.render`) reads a :class:`MatchView` and nothing else; it never
judges a play, and neither does the view: every table it shows is the rules engine's.
A view is built either

* from the rules engine's replay frames, by :func:`view_from_frames` (or
  :func:`view_from_engine`, which replays each deal itself), or
* from the record alone, by :func:`view_from_record`: no rules, so it renders every record,
  even one that fails validation — the actions as written, the hands as dealt, and no
  table state (:data:`UNKNOWN_TABLE`), with a notice on each deal that says so.

A deal the engine cannot replay (an unknown profile, an engine failure) is shown the
same way, with the reason: "this deal could not be replayed: …; shown as written".

Every value is an ``attrs`` frozen class of strings, numbers, tuples and ``None``, so
:func:`to_json` (or ``attrs.asdict``) gives plain JSON.  Cards are GJN card strings in
canonical order without the run shorthand (``"DX2222AAA"``; ``?`` an unknown card); a
hand that is not known at all is ``None``.  Per-seat tuples have six entries, index
``seat - 1``.

The view is built in parts, each re-exported here: :mod:`.view_kinds` (step and event
kinds), :mod:`.view_model` (the values), :mod:`.view_text` (cards and actions in words),
:mod:`.view_frames` (reading the engine's frames) and :mod:`.view_record` (steps, deals and
the match from the record); this module joins them (:func:`view_from_frames`,
:func:`view_from_engine`).

>>> import gojinotation as gj
>>> m = gj.loads('[Seat3 "王"]\\nhand 3: KKK 5\\n5. 3:KKK ! {good} 4:-')
>>> v = view_from_record(m)
>>> d = v.deals[0]
>>> s = d.steps[0]
>>> s.kind, s.cards, s.say_zh, s.say_en
('play', 'KKK', '第5轮，3号王出三张K', 'Round 5, seat 3 王 plays three kings')
>>> d.hands[2], s.table == UNKNOWN_TABLE, s.comments_after, d.replayed
('KKK5', True, ('good',), False)
>>> d.notice_en.startswith("this deal could not be replayed: the rules engine was not run")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer.publish.view_frames import _breakdown_of, _get, _overlay, _score_of
from gojinotation_analyzer.publish.view_kinds import ENGINE_EVENT_KINDS, EVENT_KINDS, STEP_KINDS
from gojinotation_analyzer.publish.view_model import (
    UNKNOWN_TABLE,
    AlternativeView,
    DealView,
    DiagnosticView,
    EventView,
    MatchView,
    ScoreLineView,
    SeatView,
    StepView,
    TableView,
    TotalsView,
    to_json,
)
from gojinotation_analyzer.publish.view_record import (
    _NO_FRAMES,
    _Advance,
    _Builder,
    _deal_view,
    _match_view,
    _names,
    view_from_record,
)
from gojinotation_analyzer.publish.view_text import (
    act_phrase,
    cards_text,
    describe_cards,
    i18n,
    split_cards,
)

__all__ = [
    "ENGINE_EVENT_KINDS",
    "EVENT_KINDS",
    "STEP_KINDS",
    "UNKNOWN_TABLE",
    "AlternativeView",
    "DealView",
    "DiagnosticView",
    "EventView",
    "MatchView",
    "ScoreLineView",
    "SeatView",
    "StepView",
    "TableView",
    "TotalsView",
    "act_phrase",
    "cards_text",
    "describe_cards",
    "i18n",
    "split_cards",
    "to_json",
    "view_from_engine",
    "view_from_frames",
    "view_from_record",
]

# ---------------------------------------------------------------- integration hook


def view_from_frames(
    match: m.Match,
    frames_by_deal: Mapping[int, Sequence[Any]],
    diagnostics: Iterable[Any] | None = None,
    *,
    failures: Mapping[int, tuple[str, str]] | None = None,
    advance: _Advance | None = None,
) -> MatchView:
    """The view of a match replayed by the rules engine (INTEGRATION HOOK).

    ``frames_by_deal[i]`` (``i`` the 1-based deal index) is ``list(replay(deal))`` from
    :func:`engine.replay`: the initial frame (``index`` 0, ``action`` ``None``),
    then one frame per main-line action (``index`` 1, 2 …).  Read from a frame:

    * ``state``: the table *after* the action — ``hands`` (seat -> (known cards, number of
      unknown cards)), ``turn`` (whose turn; ``None`` once ``is_over``), ``place_of``
      (seat -> place), ``current_round`` (``number``, ``passed``);
    * ``events``: each with ``kind`` (the event class name, mapped by
      :data:`ENGINE_EVENT_KINDS` to a view kind; bookkeeping kinds are dropped), ``en``
      and ``zh``; ``Violation``/``Dispute``/``Notice`` also become the deal's diagnostics
      unless ``diagnostics`` is given; ``DealEnded`` gives the finish order and the score.

    Look-alike values (mappings or objects with these fields, ``to_act`` for ``turn``,
    a 6-sequence or mapping for per-seat values, an optional ``table`` of sets) work too;
    what a frame does not say is unknown (``None``), never guessed.  Each seat's set on
    the table is the record's cards, cleared when the engine's round changes or on
    ``Closed``.  ``advance`` (the engine's ``do``) replays variations from the engine
    state before their branch point; without it their tables are unknown.

    A deal without frames was not replayed: its steps are the actions as written with
    no table state, and it says so (``failures[i]`` the reason, when known).

    ``diagnostics``: the validator's :class:`reports.diagnostics.Diagnostic` values
    (``deal``, ``severity``, ``code``, ``rule_id``, ``en``, ``zh``, ``line``, ``column``),
    each placed at the step whose action starts at its line and column.
    """
    given: dict[int, list[DiagnosticView]] | None = None
    if diagnostics is not None:
        given = {}
        for d in diagnostics:
            deal_no = _get(d, "deal")
            given.setdefault(int(deal_no) if deal_no else 0, []).append(
                DiagnosticView(
                    severity=str(_get(d, "severity", "error")),
                    code=str(_get(d, "code", "")),
                    en=str(_get(d, "en", "")),
                    zh=str(_get(d, "zh", "")),
                    rule=str(_get(d, "rule_id", "") or ""),
                    line=int(_get(d, "line", 0) or 0),
                    column=int(_get(d, "column", 0) or 0),
                )
            )
    counts: Counter[str] = Counter()
    deals: list[DealView] = []
    names: dict[int, str] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, BrokenDeal):
            dv = _deal_view(i, deal, names, diagnostics=(given or {}).get(i, []))
            counts.update(x.severity for x in dv.diagnostics)
            deals.append(dv)
            continue
        names = _names(deal, names)
        frames = frames_by_deal.get(i)
        if not frames:
            reason = (failures or {}).get(i, _NO_FRAMES)
            diags = _placed(deal, (given or {}).get(i, []))
            dv = _deal_view(i, deal, names, diagnostics=diags, not_replayed=reason)
            counts.update(x.severity for x in dv.diagnostics)
            deals.append(dv)
            continue
        start, start_state, overlay, derived, ended = _overlay(frames)
        diags = _placed(deal, given.get(i, [])) if given is not None else derived
        builder = _Builder(names, overlay, start=start_state, advance=advance)
        n_actions = sum(1 for _ in deal.actions())
        stopped = None
        if len(overlay) < n_actions:
            stopped = (
                f"the replay stopped after action {len(overlay)} of {n_actions}",
                f"复盘在第{len(overlay)}手（共{n_actions}手）后中止",
            )
        dv = _deal_view(i, deal, names, builder, diags, start=start, not_replayed=stopped)
        if stopped is not None:
            dv = attrs.evolve(dv, replayed=False)
        if ended is not None:
            places = _get(ended, "places") or {}
            order = tuple(s for s, _ in sorted(places.items(), key=lambda kv: kv[1]))
            score = _score_of(ended)
            dv = attrs.evolve(dv, finish=order or dv.finish)
            if score is not None:
                dv = attrs.evolve(
                    dv,
                    seat_points=score[0],
                    team_points=score[1],
                    breakdown=_breakdown_of(ended),
                )
        elif dv.steps and any(dv.steps[-1].table.places):
            places_t = dv.steps[-1].table.places
            order = tuple(
                s for _, s in sorted((p, s) for s, p in zip(m.SEATS, places_t, strict=True) if p)
            )
            dv = attrs.evolve(dv, finish=order)
        counts.update(x.severity for x in dv.diagnostics)
        deals.append(dv)
    return _match_view(match, deals, True, counts)


def _placed(deal: m.Deal, found: Sequence[DiagnosticView]) -> list[DiagnosticView]:
    """The validator's findings of a deal, each at the step whose action it points at."""
    actions = list(deal.actions())
    return [
        attrs.evolve(x, step=_step_at(actions, x.line, x.column))
        if x.step is None and x.line
        else x
        for x in found
    ]


def view_from_engine(match: m.Match, diagnostics: Iterable[Any] | None = None) -> MatchView:
    """The view of a match through the rules engine, each deal replayed under its
    declared profile (variations too).  A deal the engine cannot replay (an unknown
    profile, an engine failure) is shown as written with the reason; the page always
    renders.  ``diagnostics``: as for :func:`view_from_frames`.

    >>> import gojinotation as gj
    >>> v = view_from_engine(gj.loads('[Leader "1"]\\nhand 1: KK\\nhand 4: AA\\n1. 1:KK 4:AA'))
    >>> v.validated, "gouji" in [e.kind for e in v.deals[0].steps[0].events]
    (True, True)
    >>> v = view_from_engine(gj.loads('[Profile "no-such"]\\nhand 1: KK\\n1. 1:KK'))
    >>> d = v.deals[0]
    >>> d.replayed, d.steps[0].table.hands[0], d.notice_en.startswith("this deal could not")
    (False, None, True)
    """
    try:
        from gojinotation_analyzer.engine import do, replay
    except ImportError as exc:  # pragma: no cover - a broken engine must not stop the page
        reason = (f"the rules engine is not available ({exc})", f"规则引擎不可用（{exc}）")
        return view_from_frames(match, {}, diagnostics, failures=dict.fromkeys(
            range(1, len(match.deals) + 1), reason))  # fmt: skip
    from gojinotation_analyzer.engine.fill import fill_match

    match = fill_match(match)  # a terse record's implied passes and closes, as steps
    frames: dict[int, list[Any]] = {}
    failures: dict[int, tuple[str, str]] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, m.Deal):
            unknown = _unknown_profile(deal)
            if unknown is not None:  # the engine would replay it under another profile
                failures[i] = unknown
                continue
            try:
                frames[i] = list(replay(deal))
            except Exception as exc:  # an engine failure must not stop the page
                failures[i] = _reason(exc)
    return view_from_frames(match, frames, diagnostics, failures=failures, advance=do)


def _unknown_profile(deal: m.Deal) -> tuple[str, str] | None:
    """The rules layer's words for a ``[Profile]`` tag it does not know, else ``None``."""
    from gojinotation_analyzer.rules.profiles import resolve_profile_id
    from gojinotation_analyzer.rules.ruleset import RulesetError

    declared = (deal.tag("Profile") or "").strip()
    if not declared:
        return None
    try:
        resolve_profile_id(declared)
    except RulesetError as exc:
        return exc.en, exc.zh
    return None


def _reason(exc: Exception) -> tuple[str, str]:
    """Why the engine could not replay a deal, in one line each language: the engine
    failed (an internal error: its type and text)."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
    return f"internal error of the rules engine ({text})", f"规则引擎内部错误（{text}）"


def _step_at(actions: Sequence[m.Action], line: int, column: int) -> int | None:
    for i, a in enumerate(actions, 1):
        if a.span.line == line and (not column or a.span.column <= column <= a.span.end_column):
            return i
    for i, a in enumerate(actions, 1):
        if a.span.line == line:
            return i
    return None
