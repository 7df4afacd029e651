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

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer.publish.view_frames import (
    _breakdown_of,
    _get,
    _overlay,
    _Replayed,
    _score_of,
    kept_states,
)
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
    _NOT_ASKED,
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

#: What :func:`_overlay` reads from a deal's frames.
_Read = tuple[TableView | None, Any, dict[int, _Replayed], list[DiagnosticView], Any]

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
    "RecordDeals",
    "ScoreLineView",
    "SeatView",
    "StepView",
    "TableView",
    "TotalsView",
    "act_phrase",
    "cards_text",
    "deal_from_frames",
    "describe_cards",
    "engine_deal",
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
    given = _given(diagnostics)
    counts: Counter[str] = Counter()
    deals: list[DealView] = []
    names: dict[int, str] = {}
    for i, deal in enumerate(match.deals, 1):
        found = given.get(i, []) if given is not None else None
        dv, names = deal_from_frames(
            i,
            deal,
            names,
            frames_by_deal.get(i),
            found,
            failure=(failures or {}).get(i),
            advance=advance,
        )
        counts.update(x.severity for x in dv.diagnostics)
        deals.append(dv)
    return _match_view(match, deals, True, counts)


def _given(diagnostics: Iterable[Any] | None) -> dict[int, list[DiagnosticView]] | None:
    """The validator's findings as views, by deal (``None``: none given)."""
    if diagnostics is None:
        return None
    given: dict[int, list[DiagnosticView]] = {}
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
    return given


def _as_views(diagnostics: Iterable[Any]) -> list[DiagnosticView]:
    """Findings as views (views are kept as they are)."""
    out: list[DiagnosticView] = []
    rest: list[Any] = []
    for d in diagnostics:
        if isinstance(d, DiagnosticView):
            out.append(d)
        else:
            rest.append(d)
    if rest:
        out.extend(x for v in (_given(rest) or {}).values() for x in v)
    return out


def deal_from_frames(
    i: int,
    deal: m.Deal | BrokenDeal,
    names: dict[int, str],
    frames: Sequence[Any] | None,
    diagnostics: Iterable[Any] | None = None,
    *,
    failure: tuple[str, str] | None = None,
    advance: _Advance | None = None,
) -> tuple[DealView, dict[int, str]]:
    """One deal of :func:`view_from_frames` (the ``i``-th of its file): its view from the
    engine's ``frames`` (none: shown as written, ``failure`` the reason), and the seat
    names the next deal inherits (``names``: those before it).  ``diagnostics``: the
    validator's findings of this deal (``None``: the engine's own events), as for
    :func:`view_from_frames`.  A page is written one deal at a time from these
    (:mod:`publish.page`).
    """
    read = None
    if frames and isinstance(deal, m.Deal):
        read = _overlay(frames, kept_states(deal.moves), derive=diagnostics is None)
    return _deal_of(i, deal, names, read, diagnostics, failure=failure, advance=advance)


def _deal_of(
    i: int,
    deal: m.Deal | BrokenDeal,
    names: dict[int, str],
    read: _Read | None,
    diagnostics: Iterable[Any] | None = None,
    *,
    failure: tuple[str, str] | None = None,
    advance: _Advance | None = None,
) -> tuple[DealView, dict[int, str]]:
    """:func:`deal_from_frames` of the frames as :func:`_overlay` read them (``None``:
    none)."""
    given_i = None if diagnostics is None else _as_views(diagnostics)
    if isinstance(deal, BrokenDeal):
        return _deal_view(i, deal, names, diagnostics=given_i or []), names
    names = _names(deal, names)
    if read is None:
        reason = failure or _NO_FRAMES
        diags = _placed(deal, given_i or [])
        return _deal_view(i, deal, names, diagnostics=diags, not_replayed=reason), names
    start, start_state, overlay, derived, ended = read
    diags = _placed(deal, given_i) if given_i is not None else derived
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
    return dv, names


def _placed(deal: m.Deal, found: Sequence[DiagnosticView]) -> list[DiagnosticView]:
    """The validator's findings of a deal, each at the step whose action it points at:
    the first action on its line whose span holds its column, else the first action on
    its line (one pass over the actions, issue #15: a deal of 175,000 actions on one
    line has a hundred findings).

    >>> import gojinotation as gj
    >>> deal = gj.loads("[Leader \\"1\\"]\\n1. 1:3 2:-\\n3:- 4:-").deals[0]
    >>> found = [DiagnosticView("error", "", "", "", line=3, column=5),
    ...          DiagnosticView("error", "", "", "", line=2, column=0),
    ...          DiagnosticView("error", "", "", "", line=2, column=99)]
    >>> [x.step for x in _placed(deal, found)]
    [4, 1, 1]
    """
    columns: dict[int, set[int]] = {}
    for x in found:
        if x.step is None and x.line:
            columns.setdefault(x.line, set()).add(x.column)
    if not columns:
        return list(found)
    wanted = {line: sorted(c for c in cols if c) for line, cols in columns.items()}
    first: dict[int, int] = {}
    at: dict[tuple[int, int], int] = {}
    for i, a in enumerate(deal.actions(), 1):
        span = a.span
        cols = wanted.get(span.line)
        if cols is None:
            continue
        first.setdefault(span.line, i)
        k = bisect_left(cols, span.column)
        while k < len(cols) and cols[k] <= span.end_column:
            at.setdefault((span.line, cols[k]), i)
            k += 1
    return [
        attrs.evolve(x, step=at.get((x.line, x.column)) or first.get(x.line))
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
    counts: Counter[str] = Counter()
    deals: list[DealView] = []
    names: dict[int, str] = {}
    given = _given(diagnostics)
    for i, deal in enumerate(match.deals, 1):
        found = given.get(i, []) if given is not None else None
        dv, names = engine_deal(i, deal, names, found, replay=replay, advance=do)
        counts.update(x.severity for x in dv.diagnostics)
        deals.append(dv)
    return _match_view(match, deals, True, counts)


def engine_deal(
    i: int,
    deal: m.Deal | BrokenDeal,
    names: dict[int, str],
    diagnostics: Iterable[Any] | None = None,
    *,
    replay: Callable[[m.Deal], Iterable[Any]] | None = None,
    advance: _Advance | None = None,
    replayed: Any = None,
) -> tuple[DealView, dict[int, str]]:
    """One deal of :func:`view_from_engine`: its implied items filled in, replayed under
    its declared profile and viewed (:func:`deal_from_frames`); the engine's frames are
    read as they come and none is kept, only the tables, events and the few states the
    view needs (issue #15: a deal of 200,000 passes).  ``replayed``: the validator's
    replay of the deal (:class:`~reports.handover.Replayed`), used instead of filling and
    replaying the deal again where the deal's tags give the ruleset it was replayed under
    (issue #16: each deal replayed once)."""
    own = replay is None
    if replay is None or advance is None:
        from gojinotation_analyzer.engine import do
        from gojinotation_analyzer.engine import replay as engine_replay

        replay, advance = engine_replay, do
    if not isinstance(deal, m.Deal):
        return deal_from_frames(i, deal, names, None, diagnostics)
    from gojinotation_analyzer.engine.fill import fill

    frames: Iterable[Any] | None = None
    if own and replayed is not None and _same_ruleset(deal, replayed.ruleset):
        if replayed.moves is None:  # the record as written up to its first illegal action
            from gojinotation_analyzer.engine.fill import _fill
            from gojinotation_analyzer.reports.handover import resumed_frames

            deal = _fill(deal, None, True, False, None, replayed.resume).deal
            frames = resumed_frames(replayed.frames, deal)
        else:
            if replayed.moves is not deal.moves:
                deal = attrs.evolve(deal, moves=replayed.moves)
            frames = replayed.frames
    else:
        deal = fill(deal).deal  # a terse record's implied passes and closes, as steps
    read: _Read | None = None
    failure = _unknown_profile(deal)  # the engine would replay it under another profile
    if failure is None:
        try:  # the frames read as the engine yields them: only what the view needs is kept
            if frames is None:
                frames = replay(deal)
            read = _overlay(frames, kept_states(deal.moves), derive=diagnostics is None)
        except Exception as exc:  # an engine failure must not stop the page
            failure = _reason(exc)
        if read is not None and read[0] is None and not read[2]:
            read = None  # no frame at all
    return _deal_of(i, deal, names, read, diagnostics, failure=failure, advance=advance)


def _same_ruleset(deal: m.Deal, ruleset: Any) -> bool:
    """Whether the engine replays ``deal`` under ``ruleset`` by its own tags: a known
    ``Profile``, every override read (no note at the deal's start) and the same values."""
    from gojinotation_analyzer.engine.replay import deal_ruleset

    try:
        own, pid, notes = deal_ruleset(deal)
    except Exception:  # the page replays the deal itself, and says why if it fails
        return False
    return pid is not None and not notes and bool(own == ruleset)


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


class RecordDeals:
    """:func:`view_from_record` as a builder a page is written with one deal at a time:
    calling it builds the whole view, :meth:`deals` the deals' views in order (with their
    records).  A builder of ``render_files`` that has ``deals`` is streamed.

    >>> import gojinotation as gj
    >>> from gojinotation.reader import iter_deals
    >>> rec = '[Deal "1"]\\n1:K\\n[Deal "2"]\\n1:Q'
    >>> [d.index for d, _ in RecordDeals().deals(enumerate(iter_deals(rec), 1))]
    [1, 2]
    """

    validated = False

    def __call__(self, match: m.Match) -> MatchView:
        return view_from_record(match)

    def deals(
        self, deals: Iterable[tuple[int, m.Deal | BrokenDeal]]
    ) -> Iterator[tuple[DealView, m.Deal | BrokenDeal]]:
        names: dict[int, str] = {}
        for i, deal in deals:
            yield _deal_view(i, deal, names, not_replayed=_NOT_ASKED), deal
            if isinstance(deal, m.Deal):
                names = _names(deal, names)
