"""Building the view of a record: steps from a line of move items (with the engine's
tables where it replayed them), a deal's view, the match's, and :func:`view_from_record`
(no rules at all).

Part of :mod:`publish.view`, which re-exports :func:`view_from_record`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.cards import Card
from gojinotation.reader import BrokenDeal
from gojinotation.writer import format_action
from gojinotation_analyzer.publish.view_frames import (
    _event_kind,
    _get,
    _Replayed,
    _round_of,
    _Sets,
    _table_of,
    varied_actions,
)
from gojinotation_analyzer.publish.view_kinds import _KIND_OF
from gojinotation_analyzer.publish.view_model import (
    UNKNOWN_TABLE,
    DealView,
    DiagnosticView,
    EventView,
    MatchView,
    SeatView,
    StepView,
    TableView,
    TotalsView,
)
from gojinotation_analyzer.publish.view_text import act_phrase, cards_text, say, split_cards
from gojinotation_analyzer.reports.results import parse_finish, parse_score

__all__ = ["view_from_record"]


# ------------------------------------------------------------------ building steps


def _dealt_table(deal: m.Deal) -> TableView:
    """The table before the first action as the record deals it: the hands as written,
    no set, nobody known to act (the engine says who leads)."""
    hands: list[str | None] = []
    for seat in m.SEATS:
        h = deal.hand(seat)
        hands.append(cards_text(h.cards) if h is not None and h.cards is not None else None)
    sizes = tuple(None if h is None else len(split_cards(h)) for h in hands)
    return TableView(("",) * 6, (), None, sizes, tuple(hands), (None,) * 6)


_Item = m.MoveItem


@attrs.define
class _Pending:
    """A step under construction (comments and variations arrive after the action)."""

    action: m.Action
    round: int
    before: tuple[str, ...]
    after: list[str] | None = None  # none until there is one (a long deal has few)
    variations: list[tuple[StepView, ...]] | None = None
    replayed: _Replayed | None = None
    state_before: Any = None
    sets_before: _Sets | None = None
    new_round: bool = False

    def add_after(self, comments: list[str]) -> None:
        """Comments that follow the action."""
        if comments:
            if self.after is None:
                self.after = []
            self.after.extend(comments)


#: What a step says of its action (:meth:`_Builder._texts`).
_Texts = tuple[str, str, str, str, str, str, str, str | None]

#: ``advance(state, action) -> (state, events)``: the engine's ``do``.
_Advance = Callable[[Any, m.Action], tuple[Any, Sequence[Any]]]


def _seated(item: m.TurnPlay, state: Any) -> m.Action:
    """A set written without its seat as the replay reads it: the seat to act's."""
    from gojinotation_analyzer.engine.replay import seat_to_act

    seat = seat_to_act(state) if state is not None else None
    return item.seated(seat or 1)


class _Builder:
    """Turns one line of move items into steps.

    Every table comes from the rules engine: ``overlay`` (from the replay frames of the
    main line, by 0-based action index) for the main line, and ``advance`` (the engine's
    ``do``) from the state before the branch point for a variation.  A step the engine
    did not replay gets :data:`UNKNOWN_TABLE`, never a table of the view's own making.
    """

    def __init__(
        self,
        names: Mapping[int, str],
        overlay: Mapping[int, _Replayed] | None = None,
        *,
        start: Any = None,
        advance: _Advance | None = None,
    ) -> None:
        self.names = names
        self.overlay = overlay or {}
        self.texts: dict[str, str] = {}
        self.markers: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.said: dict[tuple[m.Action, int], _Texts] = {}
        #: a step's markers by what makes them (its events by identity: shared lists)
        self.markers_of: dict[tuple[Any, ...], tuple[Any, tuple[str, ...]]] = {}
        self.start = start
        self.advance = advance

    def line(
        self,
        items: Sequence[_Item],
        round_no: int,
        top: bool,
        state: Any = None,
        sets: _Sets | None = None,
    ) -> tuple[tuple[StepView, ...], list[str]]:
        """Build the steps of ``items``; returns them with the comments before any action.

        A comment belongs to the action before it, unless a round mark stands between
        them: then it introduces the next action.  Comments before the first action are
        returned (the deal's introduction) at the top level, and introduce the first
        action inside a variation.  A variation belongs to the action before it and is
        replayed by the engine from the state before that action (``state``: the state
        a variation line starts from).
        """
        pending: list[_Pending] = []
        varied = varied_actions(items)  # only the actions a variation follows keep their state
        comments: list[str] = []
        lead: list[str] = []
        before: list[str]
        mark_seen = False
        sets = sets or _Sets()
        if top:
            state = self.start
        for item in items:
            if isinstance(item, m.RoundMark):
                if pending:
                    pending[-1].add_after(comments)
                    comments = []
                round_no = item.number
                mark_seen = True
            elif isinstance(item, m.Comment):
                comments.append(item.text)
            elif isinstance(item, m.Variation):
                if not pending:  # nothing to vary yet: the reader never builds this
                    continue
                p = pending[-1]
                p.add_after(comments)
                comments = []
                var_steps, _ = self.line(
                    item.moves, p.round, False, p.state_before, (p.sets_before or _Sets()).copy()
                )
                if var_steps:
                    if p.variations is None:
                        p.variations = []
                    p.variations.append(var_steps)
            else:
                if not pending and top:
                    lead, before = comments, []
                elif pending and not mark_seen:
                    if comments:
                        pending[-1].add_after(comments)
                    before = []
                else:
                    before = comments
                comments = []
                if isinstance(item, m.TurnPlay):  # a set without its seat, still bare
                    item = _seated(item, state)
                new_round = not pending or round_no != pending[-1].round
                kept = len(pending) in varied
                p = _Pending(
                    action=item,
                    round=round_no,
                    before=tuple(before),
                    state_before=state if kept else None,
                    sets_before=sets.copy() if kept else None,
                    new_round=new_round and (top or bool(pending)),
                )
                if top:
                    p.replayed = self.overlay.get(len(pending))
                else:
                    p.replayed = self._advance(state, item, sets)
                state = p.replayed.state if p.replayed is not None else None
                pending.append(p)
                mark_seen = False
        if pending:
            pending[-1].add_after(comments)
        elif top:
            lead = comments
        steps: list[StepView] = []
        for i, p in enumerate(pending):
            r = p.replayed
            table = r.table if r is not None and r.table is not None else UNKNOWN_TABLE
            events = r.events if r is not None else ()
            rnd = r.round if r is not None and r.round is not None else p.round
            steps.append(self.step(i + 1, p, table, events, rnd))
        return tuple(steps), lead

    def _advance(self, state: Any, action: m.Action, sets: _Sets) -> _Replayed | None:
        """A variation's action through the engine; ``None`` when it cannot be replayed."""
        if state is None or self.advance is None:
            return None
        try:
            after, events = self.advance(state, action)
        except Exception:  # a what-if line the engine cannot follow is shown as written
            return None
        kinds = {str(_get(e, "kind", "")) for e in events}
        rnd = sets.step(action, kinds, _round_of(after))
        views = tuple(
            EventView(kind, str(_get(e, "en", "")), str(_get(e, "zh", "")))
            for e in events
            if (kind := _event_kind(e))
        )
        return _Replayed(_table_of(after, sets.sets), views, rnd, after)

    def _one(self, text: str) -> str:
        """``text`` as the one string of its value in this deal (a long deal repeats a
        few phrases many thousand times)."""
        return self.texts.setdefault(text, text)

    def step(
        self, index: int, p: _Pending, table: TableView, events: tuple[EventView, ...], rnd: int
    ) -> StepView:
        a = p.action
        key = (a, rnd)
        try:  # equal actions (their spans aside) in the same round say the same
            texts = self.said.get(key)
            hashable = True
        except TypeError:  # an action that cannot be hashed
            texts, hashable = None, False
        if texts is None:
            texts = self._texts(a, rnd)
            if hashable:
                if len(self.said) >= 4096:  # many distinct actions (clocks): kept small
                    self.said.clear()
                self.said[key] = texts
        kind, gjn, cards, act_en, act_zh, say_en, say_zh, clock = texts
        commented = bool(p.before or p.after)
        mkey = (p.new_round, commented, a.glyphs, bool(p.variations), a.irregular, id(events))
        known = self.markers_of.get(mkey)
        if known is not None and known[0] is events:
            markers = known[1]
        else:
            markers = self._markers(p, a, commented, events)
            if len(self.markers_of) >= 4096:
                self.markers_of.clear()
            self.markers_of[mkey] = (events, markers)
        return StepView(
            index=index,
            round=rnd,
            seat=a.seat,
            kind=kind,
            gjn=gjn,
            cards=cards,
            act_en=act_en,
            act_zh=act_zh,
            say_en=say_en,
            say_zh=say_zh,
            table=table,
            events=events,
            comments_before=tuple(p.before),
            comments_after=tuple(p.after or ()),
            glyphs=a.glyphs,
            clock=clock,
            irregular=a.irregular,
            markers=markers,
            variations=tuple(p.variations or ()),
        )

    def _markers(
        self, p: _Pending, a: m.Action, commented: bool, events: tuple[EventView, ...]
    ) -> tuple[str, ...]:
        """What the timeline marks at a step (see :class:`StepView`), one tuple a value."""
        markers: list[str] = []
        if p.new_round:
            markers.append("round")
        if commented:
            markers.append("comment")
        if a.glyphs:
            markers.append("glyph")
        if p.variations:
            markers.append("variation")
        if a.irregular:
            markers.append("irregular")
        for e in events:
            if e.kind not in markers:
                markers.append(e.kind)
        return self.markers.setdefault(tuple(markers), tuple(markers))

    def _texts(self, a: m.Action, rnd: int) -> _Texts:
        """What a step says of its action ``a`` in round ``rnd``: its kind, GJN, cards,
        verb phrases and announcements (each text one string in the deal), and clock."""
        name = self.names.get(a.seat, "")
        one = self._one
        act_en = one(act_phrase(a, "en", self.names))
        act_zh = one(act_phrase(a, "zh", self.names))
        cards: tuple[Card, ...] = ()
        if isinstance(a, m.Play | m.Burn | m.Tribute | m.Return):
            cards = a.cards
        elif isinstance(a, m.Give | m.Buy):
            cards = (a.card,)
        return (
            _KIND_OF[type(a)],
            one(format_action(a)),
            one(cards_text(cards) or ""),
            act_en,
            act_zh,
            one(say(rnd, a.seat, name, act_en, "en")),
            one(say(rnd, a.seat, name, act_zh, "zh")),
            a.note("clk"),
        )


# ------------------------------------------------------------------- deal and match


def _names(deal: m.Deal | None, fallback: Mapping[int, str] | None = None) -> dict[int, str]:
    out = dict(fallback or {})
    if deal is not None:
        for s in m.SEATS:
            name = deal.tag(f"Seat{s}")
            if name:
                out[s] = name
    return out


def _seats(names: Mapping[int, str]) -> tuple[SeatView, ...]:
    return tuple(SeatView(s, names.get(s, ""), m.team_of(s)) for s in m.SEATS)


def _parse_finish(text: str) -> tuple[int, ...]:
    """The seats of a Finish tag (:func:`reports.results.parse_finish`; ``()`` unreadable)."""
    return parse_finish(text) or ()


def _parse_score(text: str) -> tuple[tuple[str, int], ...]:
    """Team A and B points of a Score tag (:func:`reports.results.parse_score`), as
    ``(("A", a), ("B", b))``; ``()`` when it cannot be read.

    >>> _parse_score("+2 -2"), _parse_score("＋２ －２"), _parse_score("B 4 A 1"), _parse_score("?")
    ((('A', 2), ('B', -2)), (('A', 2), ('B', -2)), (('A', 1), ('B', 4)), ())
    """
    score = parse_score(text)
    return () if score is None else (("A", score[0]), ("B", score[1]))


def _deal_view(
    index: int,
    deal: m.Deal | BrokenDeal,
    names_before: Mapping[int, str],
    builder: _Builder | None = None,
    diagnostics: Sequence[DiagnosticView] = (),
    start: TableView | None = None,
    not_replayed: tuple[str, str] | None = None,
) -> DealView:
    """One deal's view: ``builder`` carries the engine's tables; ``not_replayed`` is the
    reason the engine did not replay the deal (it is then shown as written, and says so)."""
    if isinstance(deal, BrokenDeal):
        diags = tuple(
            DiagnosticView(
                severity="error",
                code=e.code,
                en=e.en,
                zh=e.zh,
                line=getattr(e, "line", 0),
                column=getattr(e, "column", 0),
            )
            for e in deal.errors
        )
        return DealView(
            index=index,
            tags=(),
            profile=None,
            players=_seats(names_before),
            hands=(None,) * 6,
            start=UNKNOWN_TABLE,
            steps=(),
            diagnostics=(*diags, *diagnostics),
            raw=deal.raw,
            number=str(index),
            replayed=False,
        )
    names = _names(deal, names_before)
    dealt = _dealt_table(deal)
    start = start or dealt
    intro = [c.text for c in deal.header if isinstance(c, m.Comment)]
    intro += [c.text for c in deal.hands if isinstance(c, m.Comment)]
    steps, lead = (builder or _Builder(names)).line(deal.moves, 0, top=True)
    intro += lead
    tags = tuple((t.name, t.value) for t in deal.header if isinstance(t, m.Tag))
    notice_en = notice_zh = ""
    if not_replayed is not None:
        notice_en = f"this deal could not be replayed: {not_replayed[0]}; shown as written"
        notice_zh = f"本局无法复盘：{not_replayed[1]}；以下按记录原样列出"
    return DealView(
        index=index,
        tags=tags,
        profile=deal.tag("Profile"),
        players=_seats(names),
        hands=dealt.hands,
        start=start,
        steps=steps,
        intro=tuple(intro),
        finish=_parse_finish(deal.tag("Finish") or ""),
        team_points=_parse_score(deal.tag("Score") or ""),
        diagnostics=tuple(diagnostics),
        number=(deal.tag("Deal") or "").strip() or str(index),
        replayed=not_replayed is None,
        notice_en=notice_en,
        notice_zh=notice_zh,
    )


def _totals(deals: Sequence[DealView]) -> tuple[TotalsView, ...]:
    teams = {"A": 0, "B": 0}
    seats: list[int | None] = [None] * 6
    out: list[TotalsView] = []
    for d in deals:
        for team, pts in d.team_points:
            teams[team] = teams.get(team, 0) + pts
        for i, p in enumerate(d.seat_points):
            if p is not None:
                seats[i] = (seats[i] or 0) + p
        out.append(TotalsView(d.index, tuple(sorted(teams.items())), tuple(seats)))
    return tuple(out)


def _match_view(
    match: m.Match, deals: Sequence[DealView], validated: bool, counts: Counter[str]
) -> MatchView:
    first = next((d for d in match.deals if isinstance(d, m.Deal)), None)
    prologue = tuple(c.text for c in match.prologue)
    return match_view_of(first, prologue, deals, validated, counts)


def match_view_of(
    first: m.Deal | None,
    prologue: tuple[str, ...],
    deals: Sequence[DealView],
    validated: bool,
    counts: Counter[str],
) -> MatchView:
    """The match's view from its first (readable) deal's tags and names, its prologue
    comments and its deals' views (a page written deal by deal passes their summaries)."""
    tags = first.tags if first is not None else {}
    event = tags.get("Event", "")
    rnd = tags.get("Round", "")
    title = " · ".join(x for x in (event, rnd) if x) or "GJN"
    return MatchView(
        title=title,
        event=event,
        site=tags.get("Site", ""),
        date=tags.get("Date", ""),
        round=rnd,
        table=tags.get("Table", ""),
        players=_seats(_names(first)),
        teams=(("A", tags.get("TeamA", "") or "A"), ("B", tags.get("TeamB", "") or "B")),
        deals=tuple(deals),
        totals=_totals(deals),
        diagnostics=tuple(sorted(counts.items())),
        validated=validated,
        prologue=prologue,
    )


def view_from_record(match: m.Match) -> MatchView:
    """The view of a record without the rules engine (always succeeds).

    Every deal is shown as written: its steps list the actions with no table state
    (:data:`UNKNOWN_TABLE`; the hands as dealt before the first action), the finish order
    and the deal score come from the ``Finish`` and ``Score`` tags, and each deal carries
    the notice that it was not replayed.
    """
    deals: list[DealView] = []
    names: dict[int, str] = {}
    counts: Counter[str] = Counter()
    for i, deal in enumerate(match.deals, 1):
        dv = _deal_view(i, deal, names, not_replayed=_NOT_ASKED)
        counts.update(d.severity for d in dv.diagnostics)
        if isinstance(deal, m.Deal):
            names = _names(deal, names)
        deals.append(dv)
    return _match_view(match, deals, False, counts)


#: The reason shown when the view is built without the engine.
_NOT_ASKED = (
    "the rules engine was not run (the view was built from the record alone)",
    "未运行规则引擎（仅按记录生成）",
)
_NO_FRAMES = ("the rules engine gave no replay", "规则引擎未给出复盘")
