"""Reading the rules engine's replay frames into the view: the table in an engine state,
the events of a step, the deal's findings, end and score breakdown.

Part of :mod:`publish.view` (:func:`~publish.view.view_from_frames`); every value is read
by name from the engine's objects or look-alikes (mappings), and what a frame does not
say is unknown (``None``), never guessed.

>>> _table_of({"hands": {1: "KK"}, "turn": 1}, [""] * 6).hands[:2], _event_kind({"kind": "Men"})
(('KK', None), 'men')
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation_analyzer.publish.view_kinds import (
    _DIAGNOSTIC_EVENTS,
    ENGINE_EVENT_KINDS,
    EVENT_KINDS,
)
from gojinotation_analyzer.publish.view_model import (
    DiagnosticView,
    EventView,
    ScoreLineView,
    TableView,
)
from gojinotation_analyzer.publish.view_text import cards_text, split_cards

__all__: list[str] = []


@attrs.frozen
class _Replayed:
    """What the engine says about one step: the table after it, its events, its round
    and the engine state (from which a variation after it is replayed)."""

    table: TableView | None
    events: tuple[EventView, ...]
    round: int | None
    state: Any


class _Sets:
    """Each seat's set on the table this round: the engine's cards, cleared when the
    engine's round changes, on a lead and on a close (its states keep no per-seat sets)."""

    def __init__(self) -> None:
        self.sets = [""] * 6
        self.last_round: int | None = None

    def step(self, action: m.Action, kinds: Container[str], rnd: int | None) -> int | None:
        """Record ``action`` with its events' kinds; returns the step's round."""
        led = "Led" in kinds  # a lead opens a round (a close it implies came first)
        if not led and ("Closed" in kinds or "RoundEnded" in kinds):
            rnd = self.last_round if self.last_round is not None else rnd  # the round it ended
        if led or (rnd is not None and self.last_round is not None and rnd != self.last_round):
            self.sets = [""] * 6
        if isinstance(action, m.Play | m.Burn) and 1 <= action.seat <= 6:
            self.sets[action.seat - 1] = cards_text(action.cards) or ""
        if "Closed" in kinds and not led:
            self.sets = [""] * 6
        self.last_round = rnd if rnd is not None else self.last_round
        return rnd

    def copy(self) -> _Sets:
        out = _Sets()
        out.sets, out.last_round = list(self.sets), self.last_round
        return out


#: Whether values of a type are mappings (read by key) or objects (read by attribute):
#: asked once a type, the frames of a deal hold a few types and are read ~20 times a step.
_IS_MAPPING: dict[type, bool] = {}


def _get(obj: Any, name: str, default: Any = None) -> Any:
    kind = type(obj)
    is_map = _IS_MAPPING.get(kind)
    if is_map is None:
        is_map = _IS_MAPPING[kind] = isinstance(obj, Mapping)
    if is_map:
        return obj.get(name, default)
    return getattr(obj, name, default)


def _per_seat(value: Any) -> list[Any] | None:
    """A per-seat value: a mapping keyed by seat or a sequence of six."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return [value.get(s) for s in m.SEATS]
    seq = list(value)
    return seq if len(seq) == 6 else None


def _hand_text(value: Any) -> str | None:
    """A hand from a state: cards, a card string, or the engine's (known, unknown count)."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], int):
        return (cards_text(value[0]) or "") + "?" * value[1]
    return cards_text(value)


def _event_kind(event: Any) -> str:
    kind = str(_get(event, "kind", "notice"))
    return ENGINE_EVENT_KINDS.get(kind, kind if kind in EVENT_KINDS else "")


#: A hand's text and size by its rank counters and unknown cards (:func:`_engine_hands`):
#: only the mover's hand changes at a step, so the other five are found here.
_HAND_TEXT: dict[tuple[tuple[int, ...], int], tuple[str, int]] = {}


def _engine_hands(state: Any) -> tuple[tuple[str | None, ...], tuple[int | None, ...]] | None:
    """The six hands' text and sizes of an engine ``DealState`` (its rank counters
    ``known`` and ``unknown`` counts, seat-indexed), each hand formatted once and then
    found by its counters; ``None`` for a look-alike without them.

    >>> from gojinotation_analyzer.engine.opening import new_deal
    >>> from gojinotation.cards import parse_cards
    >>> st = new_deal({1: parse_cards("KK3"), 2: None}, leader=1, deck_check=False)
    >>> _engine_hands(st)[0][:2], _engine_hands(st)[1][:2]
    (('KK3', '????????????????????????????????????'), (3, 36))
    """
    known = getattr(state, "known", None)
    unknown = getattr(state, "unknown", None)
    if type(known) is not tuple or type(unknown) is not tuple or len(known) < 7:
        return None
    from gojinotation_analyzer.engine.state import cards_of

    cache = _HAND_TEXT
    texts: list[str | None] = []
    sizes: list[int | None] = []
    for seat in m.SEATS:
        key = (known[seat], unknown[seat])
        hit = cache.get(key)
        if hit is None:
            text = (cards_text(cards_of(key[0])) or "") + "?" * key[1]
            hit = (text, sum(key[0]) + key[1])
            if len(cache) > 8192:
                cache.clear()
            cache[key] = hit
        texts.append(hit[0])
        sizes.append(hit[1])
    return tuple(texts), tuple(sizes)


def _table_of(state: Any, sets: Sequence[str]) -> TableView:
    """The table in an engine state (``engine.state.DealState``) or a look-alike; what a
    state does not say is unknown (``None``), never guessed."""
    fast = _engine_hands(state)
    hands: tuple[str | None, ...]
    sizes: tuple[int | None, ...]
    if fast is not None:
        hands, sizes = fast
    else:
        hands_raw = _per_seat(_get(state, "hands"))
        hands = tuple(_hand_text(h) for h in hands_raw) if hands_raw is not None else (None,) * 6
        sizes_raw = _per_seat(_get(state, "counts"))
        sizes = tuple(
            len(split_cards(h)) if h is not None else (n if isinstance(n, int) else None)
            for h, n in zip(hands, sizes_raw or (None,) * 6, strict=True)
        )
    over = bool(_get(state, "is_over", False))
    to_act = _get(state, "turn")  # the engine's seat to act (its ``to_act`` lists turns)
    if not isinstance(to_act, int):
        to_act = _get(state, "to_act")
    if not isinstance(to_act, int):
        to_act = None
    places_raw = _per_seat(_get(state, "place_of", _get(state, "places")))
    places = tuple(p or None for p in places_raw) if places_raw is not None else (None,) * 6
    rnd = _get(state, "current_round")
    passed_raw = _get(rnd, "passed") if rnd is not None else _get(state, "passed")
    passed = (
        tuple(sorted(passed_raw)) if isinstance(passed_raw, tuple | list | set | frozenset) else ()
    )
    table = _per_seat(_get(state, "table"))
    return TableView(
        sets=tuple(x or "" for x in table) if table is not None else tuple(sets),
        passed=passed,
        to_act=None if over or not to_act else to_act,
        hand_sizes=sizes,
        hands=hands,
        places=places,
    )


def _round_of(state: Any) -> int | None:
    rnd = _get(state, "current_round")
    number = _get(rnd, "number") if rnd is not None else _get(state, "round_no")
    return int(number) if number is not None else None


@attrs.frozen
class _Events:
    """What the view reads of a frame's events: their kinds, their views, and whether
    one is a finding or the deal's end (then read event by event)."""

    kinds: frozenset[str]
    views: tuple[EventView, ...]
    finding: bool
    end: bool


def _read_events(
    events: tuple[Any, ...], seen: dict[Any, _Events], shared: dict[Any, Any]
) -> _Events:
    """The :class:`_Events` of ``events``, found in ``seen`` when an equal list was read
    (a long deal repeats a few dozen lists; events that cannot be hashed are read anew)."""
    try:
        hit = seen.get(events)
    except TypeError:  # a look-alike's events
        return _events_of(events, shared)
    if hit is None:
        hit = seen[events] = _events_of(events, shared)
    return hit


def _events_of(events: tuple[Any, ...], shared: dict[Any, Any]) -> _Events:
    kinds = frozenset(str(_get(e, "kind", "")) for e in events)
    views = tuple(
        EventView(
            kind,
            str(_get(e, "en", "")),
            str(_get(e, "zh", "")),
            seat=_get(e, "seat"),
            other=_other_seat(e),
            rule=str(_get(e, "rule_id", "") or ""),
            source=str(_get(e, "kind", "")),
        )
        for e in events
        if (kind := _event_kind(e))
    )
    finding = not kinds.isdisjoint(_DIAGNOSTIC_EVENTS)
    return _Events(kinds, shared.setdefault(views, views), finding, "DealEnded" in kinds)


class _Tables:
    """The tables of one replay: an engine state's table found by the fields it is made
    of (its hands looked up only when the engine made new ones), a look-alike's made
    anew; equal tables are one value (``shared``)."""

    def __init__(self) -> None:
        from gojinotation_analyzer.engine.state import DealState, Frame

        self.state: Any = DealState
        self.frame: Any = Frame
        self.known: Any = None
        self.unknown: Any = None
        self.hands: Any = None
        self.made: dict[tuple[Any, ...], TableView] = {}

    def of(self, state: Any, sets: Sequence[str], shared: dict[Any, Any]) -> TableView:
        """The table in ``state`` with ``sets`` (as :func:`_table_of`)."""
        if type(state) is not self.state:
            table = _table_of(state, sets)
            return shared.setdefault(table, table)  # type: ignore[no-any-return]
        known, unknown = state.known, state.unknown
        if known is not self.known or unknown is not self.unknown:
            self.known, self.unknown, self.hands = known, unknown, _engine_hands(state)
        key = (self.hands, state.ended, state.turn, state.places, state.passed, tuple(sets))
        found = self.made.get(key)
        if found is None:
            made = _table_of(state, sets)
            found = self.made[key] = shared.setdefault(made, made)
        return found


def _overlay(
    frames: Iterable[Any],
    keep: Container[int] | None = None,
    derive: bool = True,
) -> tuple[TableView | None, Any, dict[int, _Replayed], list[DiagnosticView], Any]:
    """The start table and state, and per main-line action (0-based) what the engine
    says, from the replay frames of one deal; with the engine's findings and its end.

    ``frames`` are read once, in order (a replay's iterator: none is kept).  ``keep``:
    the actions whose engine state the view needs (:func:`kept_states`; ``None`` all);
    the others' ``state`` is ``None``.  Without ``derive`` the engine's findings are not
    made (the validator's are shown).  Equal tables and event lists are one value each
    (a deal of 200,000 repeated passes has a few dozen distinct tables, issue #15).
    """
    start: TableView | None = None
    start_state: Any = None
    overlay: dict[int, _Replayed] = {}
    diags: list[DiagnosticView] = []
    ended: Any = None
    sets = _Sets()
    shared: dict[Any, Any] = {}
    tables = _Tables()
    seen: dict[Any, _Events] = {}  # equal event lists (a hashable engine's) read once
    replayed: dict[tuple[int, int, int | None], _Replayed] = {}
    for frame in frames:
        if type(frame) is tables.frame:  # the engine's: read its slots
            index, action, state, events = frame.index, frame.action, frame.state, frame.events
        else:
            index = int(_get(frame, "index", 0))
            action = _get(frame, "action")
            state = _get(frame, "state")
            events = tuple(_get(frame, "events") or ())
        if action is None or index == 0:
            if state is not None:
                start, start_state = _table_of(state, sets.sets), state
            continue
        read = _read_events(events, seen, shared)
        rnd_now = None
        if state is not None:
            rnd_now = state.round_no if type(state) is tables.state else _round_of(state)
        rnd = sets.step(action, read.kinds, rnd_now)
        table = tables.of(state, sets.sets, shared) if state is not None else None
        views = read.views  # one tuple for equal lists (``_events_of`` puts it in ``shared``)
        if keep is None or index - 1 in keep:
            overlay[index - 1] = _Replayed(table, views, rnd, state)
        else:  # the same table, events and round: one value
            rkey = (id(table), id(views), rnd)
            r = replayed.get(rkey)
            if r is None or r.table is not table or r.events is not views:
                r = replayed[rkey] = _Replayed(table, views, rnd, None)
            overlay[index - 1] = r
        if not read.end and not (derive and read.finding):
            continue
        for e in events:
            kind = str(_get(e, "kind", ""))
            if derive and kind in _DIAGNOSTIC_EVENTS:
                diags.append(
                    DiagnosticView(
                        severity=_DIAGNOSTIC_EVENTS[kind],
                        code="",
                        en=str(_get(e, "en", "")),
                        zh=str(_get(e, "zh", "")),
                        rule=str(_get(e, "rule_id", "") or ""),
                        step=index,
                    )
                )
            if kind == "DealEnded":
                ended = e
    return start, start_state, overlay, diags, ended


def varied_actions(moves: Iterable[m.MoveItem]) -> set[int]:
    """The positions (0-based, among the actions of ``moves``) of the actions a variation
    follows.

    >>> import gojinotation as gj
    >>> deal = gj.loads('[Leader "1"]\\nhand 1: KK3\\n1. 1:3 (1:K) 2:- 3:- (3:-)').deals[0]
    >>> sorted(varied_actions(deal.moves))
    [0, 2]
    """
    return _action_counts(moves)[0]


def kept_states(moves: Sequence[m.MoveItem]) -> set[int]:
    """The main-line actions (0-based) whose engine state the view reads: the one before
    an action followed by a variation (replayed from there) or before a set without its
    seat (seated by whose turn it is).

    >>> import gojinotation as gj
    >>> d = gj.loads('[Leader "1"]\\nhand 1: KK3\\n1. 1:3 (1:K) 2:- KK').deals[0]
    >>> sorted(kept_states(d.moves))
    [-1, 1]
    """
    varied, seatless = _action_counts(moves)
    return seatless | {i - 1 for i in varied}


#: What an item of a move line is, by its type: 0 an action, 1 a variation, 2 a round
#: mark or comment (not counted), 3 a set without its seat (counted).
_ITEM_KIND: dict[type, int] = {}


def _item_kind(item: m.MoveItem) -> int:
    kind = _ITEM_KIND.get(type(item))
    if kind is None:
        if isinstance(item, m.Variation):
            kind = 1
        elif isinstance(item, m.RoundMark | m.Comment):
            kind = 2
        else:
            kind = 3 if isinstance(item, m.TurnPlay) else 0
        _ITEM_KIND[type(item)] = kind
    return kind


def _action_counts(moves: Iterable[m.MoveItem]) -> tuple[set[int], set[int]]:
    """The one count of main-line actions in ``moves``: the positions (0-based) of the
    actions a variation follows (a variation before the first action follows none), and
    of the actions just before a set without its seat (-1: before the first action)."""
    count = 0
    varied: set[int] = set()
    seatless: set[int] = set()
    kinds = _ITEM_KIND
    for item in moves:
        kind = kinds.get(type(item))
        if kind is None:
            kind = _item_kind(item)
        if kind == 0:
            count += 1
        elif kind == 1:
            if count:
                varied.add(count - 1)
        elif kind == 3:
            seatless.add(count - 1)
            count += 1
    return varied, seatless


def _other_seat(event: Any) -> int | None:
    """The second seat of an engine event (see :class:`EventView`), if it has one."""
    for name in ("answer", "against", "by", "after", "place"):
        value = _get(event, name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _breakdown_of(ended: Any) -> tuple[ScoreLineView, ...]:
    score = _get(ended, "score")
    out: list[ScoreLineView] = []
    for e in _get(score, "breakdown") or ():
        target = _get(e, "target")
        seat = target if isinstance(target, int) else None
        team = str(target) if seat is None else ("A" if seat % 2 else "B")
        out.append(
            ScoreLineView(
                rule=str(_get(e, "rule_id", "")),
                seat=seat,
                team=team,
                points=int(_get(e, "points", 0)),
                en=str(_get(e, "en", "")),
                zh=str(_get(e, "zh", "")),
            )
        )
    return tuple(out)


def _score_of(ended: Any) -> tuple[tuple[int | None, ...], tuple[tuple[str, int], ...]] | None:
    score = _get(ended, "score")
    if score is None:
        return None
    seat_points = _get(score, "seat_points") or {}
    team_points = _get(score, "team_points") or {}
    return (
        tuple(seat_points.get(s) for s in m.SEATS),
        tuple(sorted((str(k), int(v)) for k, v in team_points.items())),
    )
