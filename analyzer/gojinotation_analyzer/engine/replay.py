"""Replaying a record: :func:`replay` (a frame per action, streaming), variations, and the
ruleset a record declares (:func:`deal_ruleset`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from gojinotation.cards import Card, format_cards
from gojinotation.model import (
    ACTION_TYPES,
    Action,
    Deal,
    Hand,
    Play,
    TurnPlay,
    Variation,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.machine import do
from gojinotation_analyzer.engine.opening import _deal_leader, new_deal
from gojinotation_analyzer.engine.params import _note_stated
from gojinotation_analyzer.engine.scoring import (
    Obligation,
)
from gojinotation_analyzer.engine.state import (
    NXT,
    DealState,
    Frame,
)
from gojinotation_analyzer.i18n import t as _msg
from gojinotation_analyzer.rules.ruleset import (
    Ruleset,
    RulesetError,
    canonical_name,
    parse_overrides,
)


def _note_rules(rs: Ruleset, rules: str | None) -> None:
    """Remember the parameters a record's ``[Rules]`` state for ``rs``: the points they
    settle, on which a verdict is flat (no Dispute)."""
    if not rules or not rules.strip():
        return
    try:
        names = {canonical_name(n) for n in parse_overrides(rules)}
    except RulesetError:
        return
    names |= {n.rsplit(".", 1)[0] for n in names}  # a map entry states its map
    _note_stated(rs, frozenset(names))


def deal_ruleset(deal: Deal) -> tuple[Ruleset, str | None, tuple[E.Event, ...]]:
    """The ruleset of a record: its ``Profile`` tag plus ``[Rules "..."]`` overrides, read
    by the rules layer (:func:`~gojinotation_analyzer.rules.profiles.declared_ruleset`,
    the validator's reading too).

    Returns the ruleset, the profile id (``None`` if unknown: the deal is replayed under
    ``qingdao-standard``) and a R-RECORD-1 violation for each tag or override that could
    not be read (a bad override is left out, the good ones stand).

    >>> from gojinotation import model as m
    >>> d = m.Deal((m.Tag("Profile", "qingdao"), m.Tag("Rules", "time.limit_s=30; x=1")))
    >>> rs, pid, notes = deal_ruleset(d)
    >>> rs.time.limit_s, pid, [n.rule_id for n in notes]
    (30, 'qingdao-standard', ['R-RECORD-1'])
    """
    from gojinotation_analyzer.rules.profiles import DEFAULT_PROFILE, declared_ruleset

    got = declared_ruleset(deal.tag("Profile"), deal.tag("Rules") or "")
    notes: list[E.Event] = []
    for p in got.problems:
        e = p.error
        if p.tag == "Profile":
            en, zh = f"{e.en}; replayed under {DEFAULT_PROFILE}", f"{e.zh}；按青岛常规打法回放"
        else:
            en, zh = f"{e.en}; the override is left out", f"{e.zh}；该项不予采用"
        notes.append(E.Violation(None, rule_id="R-RECORD-1", en=en, zh=zh, param=e.param or None))
    _note_rules(got.ruleset, deal.tag("Rules"))
    return got.ruleset, got.profile if got.known else None, tuple(notes)


def seat_to_act(st: DealState) -> int | None:
    """The seat whose turn it is in the ordinary order, the seat a set written without its
    seat (:class:`~gojinotation.model.TurnPlay`) belongs to: the next leader of a round
    that is over (all passed, the close to come), the leader before a lead, else the seat
    to answer the standing set (``state.turn``); ``None`` once the deal has ended."""
    if st.ended:
        return None
    if st.closing:
        return int(st.next_leader)
    if st.top is None:
        return int(st.leader)
    return int(st.turn)


def _holder(st: DealState, item: TurnPlay, seat: int) -> int:
    """A seat for the remedy's example: the first seat after ``seat`` (in the order of
    play; from seat 1 for ``seat`` 0) that holds the set's ranks, else the next seat."""
    want = Counter(c.rank for c in item.cards)
    s = seat
    for _ in range(6):
        s = NXT[s] if s else 1
        have = Counter(c.rank for c in st.hand(s))
        if s != seat and all(have[r] >= n for r, n in want.items()):
            return s
    return NXT[seat] if seat else 1


def do_turn_play(st: DealState, item: TurnPlay) -> tuple[DealState, tuple[E.Event, ...], Play]:
    """:func:`do` for a set written without its seat: the one place that gives it a seat.

    The set is the seat to act's (:func:`seat_to_act`), judged where it stands (nothing
    is implied before it).  Where no seat is to act, or that seat cannot play it, the
    engine's findings give way to one R-RECORD-2 violation (what was found, and the
    remedy: write the seat), with the sanction the engine applied.  Returns the state
    after, the events and the seated play the replay goes on with.
    """
    seat = seat_to_act(st)
    cards = format_cards(item.cards)
    if seat is None:  # the deal is over: the set is ignored, shown as its holder's
        play = item.seated(_holder(st, item, 0))
        fields = {"cards": cards, "example": f"{play.seat}:{cards}"}
        v = E.Violation(
            play.seat,
            rule_id="R-RECORD-2",
            en=_msg("turn_play.ended", "en", **fields),
            zh=_msg("turn_play.ended", "zh", **fields),
            action=play,
            sanction=_msg("sanction.ignore", "en"),
            sanction_zh=_msg("sanction.ignore", "zh"),
        )
        after = st.copy()
        after.hist = (st.hist, (v,))
        return after, (v,), play
    play = item.seated(seat)
    after, evs = do(st, play)
    bad = [e for e in evs if type(e) is E.Violation]
    if not bad:
        return after, evs, play
    first = bad[0]
    assert isinstance(first, E.Violation)
    fields = {
        "cards": cards,
        "seat": str(seat),
        "example": f"{_holder(st, item, seat)}:{cards}",
        "reason": first.en,
    }
    v = E.Violation(
        seat,
        rule_id="R-RECORD-2",
        en=_msg("turn_play.illegal", "en", **fields),
        zh=_msg("turn_play.illegal", "zh", **{**fields, "reason": first.zh}),
        action=play,
        sanction=first.sanction,
        sanction_zh=first.sanction_zh,
    )
    out = (v, *(e for e in evs if type(e) is not E.Violation))
    after.hist = (st.hist, out)
    return after, out, play


def do_item(
    st: DealState, item: Action | TurnPlay
) -> tuple[DealState, tuple[E.Event, ...], Action]:
    """:func:`do` for any move that acts, a set written without its seat included."""
    if type(item) is TurnPlay:
        return do_turn_play(st, item)
    after, evs = do(st, item)  # type: ignore[arg-type]
    return after, evs, item  # type: ignore[return-value]


#: The action classes, for a set lookup of an item's exact class (``Deal.actions`` uses
#: ``isinstance``, which :func:`replay` still asks when the lookup fails).
_ACTION_CLASSES = frozenset(ACTION_TYPES)


#: ``object.__new__`` and the slot setters of :class:`Frame` (a frozen slotted class).
_FRAME_MAKE: tuple[Any, ...] = (
    object.__new__,
    *(Frame.__dict__[k].__set__ for k in ("index", "action", "state", "events", "span")),
)


def replay(
    deal: Deal,
    ruleset: Ruleset | None = None,
    *,
    deck_check: bool = True,
    obligations: Sequence[Obligation] = (),
) -> Iterator[Frame]:
    """Replay the main line of a deal: the initial frame, then one frame per action.

    The ruleset defaults to the deal's ``Profile`` tag plus its ``[Rules "..."]``
    overrides.  The first leader comes from the ``Leader`` tag, else from 上班, else the
    first seat to play in the record (with a notice).  ``obligations`` is the tribute owed
    from the previous deal (:func:`.scoring.tribute_obligations`), if known.

    The replay streams: each frame carries its own events, and the states it yields keep
    no history of the earlier ones (``frame.state.events`` is ``frame.events``), so that
    replaying a deal of a million actions holds one state, not a million events.
    States advanced with :func:`do` keep their whole history in ``events``.
    """
    pid: str | None = None
    pre: tuple[E.Event, ...] = ()
    if ruleset is None:
        ruleset, pid, pre = deal_ruleset(deal)
    else:
        _note_rules(ruleset, deal.tag("Rules"))
        prof = deal.tag("Profile")
        if prof:
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                pid = resolve_profile_id(prof)
            except RulesetError:
                pid = None
    hands: dict[int, Sequence[Card] | None] = {}
    for h in deal.hands:
        if isinstance(h, Hand):
            hands[h.seat] = h.cards
    leader, lev = _deal_leader(deal, hands, ruleset, pid)
    st = new_deal(
        hands,
        ruleset,
        leader=leader,
        deck_check=deck_check,
        profile=pid,
        notes=pre + lev,
        obligations=obligations,
    )
    yield Frame(0, None, st, st.events, None)
    new, set_i, set_a, set_s, set_e, set_sp = _FRAME_MAKE
    acts = _ACTION_CLASSES
    i = 0
    for a in deal.moves:  # deal.actions(), without a generator
        if type(a) not in acts and not isinstance(a, ACTION_TYPES):
            if type(a) is not TurnPlay:
                continue
            st, evs, a = do_turn_play(st, a)  # a set without its seat: given it here
        else:
            st, evs = do(st, a)  # type: ignore[arg-type]
        i += 1
        st.hist = (None, evs)  # a new state, not shared yet: drop the chain behind it
        # Frame(i, a, st, evs, a.span) without attrs' frozen __init__ (same fields)
        f = new(Frame)
        set_i(f, i)
        set_a(f, a)
        set_s(f, st)
        set_e(f, evs)
        set_sp(f, a.span)
        yield f


def seat_first_move(deal: Deal, ruleset: Ruleset | None = None) -> Deal:
    """``deal`` with its first move written with its seat if it is a set written without
    it (the seat to act before the first action): a bare set cannot follow the hand
    lines, which it would continue (docs/format.md §9.3).  Unchanged otherwise, or where
    the engine cannot start the deal."""
    first = deal.moves[0] if deal.moves else None
    if type(first) is not TurnPlay:
        return deal
    try:
        st = next(replay(deal, ruleset, deck_check=False)).state
        play = do_turn_play(st, first)[2]
    except Exception:  # an engine failure: the record as it is
        return deal
    return attrs.evolve(deal, moves=(play, *deal.moves[1:]))


def replay_variation(
    state: DealState, variation: Variation, *, start_index: int = 0
) -> Iterator[Frame]:
    """Replay a variation's main line from ``state`` (the state before the action it
    replaces).  Nested variations are skipped here; see :func:`variations`."""
    st = state
    i = start_index
    for item in variation.moves:
        if not isinstance(item, (*ACTION_TYPES, TurnPlay)):
            continue
        i += 1
        st, evs, act = do_item(st, item)  # type: ignore[arg-type]
        yield Frame(i, act, st, evs, item.span)


def variations(
    deal: Deal, ruleset: Ruleset | None = None, *, deck_check: bool = True
) -> Iterator[tuple[tuple[int, ...], DealState, Variation]]:
    """Every variation of a deal (nested ones too) with the state it starts from.

    The path gives, per level, the index of the action the variation replaces (1-based,
    counted in the main line of its parent).
    """
    frames = replay(deal, ruleset, deck_check=deck_check)
    first = next(frames)
    yield from _variations_in(deal.moves, first.state, ())


def _variations_in(
    moves: Sequence[Any], st: DealState, path: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], DealState, Variation]]:
    before = st
    i = 0
    for item in moves:
        if isinstance(item, Variation):
            yield (*path, i), before, item
            yield from _variations_in(item.moves, before, (*path, i))
        elif isinstance(item, (*ACTION_TYPES, TurnPlay)):
            i += 1
            before = st
            st = do_item(st, item)[0]  # type: ignore[arg-type]
