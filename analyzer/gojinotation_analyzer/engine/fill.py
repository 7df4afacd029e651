"""Implied passes and closes: the items a terse record leaves out, filled in by the rules.

A referee may write only the sets played and the choices (让牌, burns, 报牌, 买3 …): the
passes (``-``) and closes (``close``, 扣牌) that the rules force, or that the next recorded
action implies, are filled in before that action.  :func:`fill` replays a deal through the
engine's public verbs; before each recorded action that is not legal where it stands, it
looks for the shortest run of passes and closes after which the action is legal (a
breadth-first search over the passes and closes :func:`legal_actions` lists, at most
:data:`MAX_FILL` items).  When two shortest runs lead to different states after the
action, the record is ambiguous: nothing is inserted and an :class:`Ambiguity` says which
action to write.  A recorded action that no run makes legal is left as it is (the
validator reports it once).  Nothing is filled before an action marked ``^`` (irregular),
nor before a set played by the seat whose turn it is (legal or not, the record says that
this seat acted now).

For the validator, ``fill(..., repair=True)`` also resynchronises after a slip: an action
illegal in every reading is replaced, for the rest of the replay, by its nearest legal
repair (:class:`Slip`), so that one slip costs one finding, not a cascade.

>>> import gojinotation as gj
>>> d = gj.loads('[Leader "1"]\\nhand 1: 33 4 K\\nhand 2: 55 A\\nhand 4: 77 Q\\n'
...              '1:33 4:77 4:Q').deals[0]
>>> r = fill(d, deck_check=False)
>>> " ".join(gj.format_action(a) for a in r.deal.actions())
'1:33 2:- 3:- 4:77 5:- 6:- 1:close 4:Q'
>>> r.inserted, r.ambiguities
(5, ())
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.cards import Card, Rank
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "MAX_FILL",
    "MAX_SEARCHES",
    "Ambiguity",
    "Filled",
    "Slip",
    "fill",
    "fill_match",
    "implied_items",
]

#: The most passes and closes filled in before one recorded action.
MAX_FILL = 14
#: The most searches (for implied items, or a slip's repair) in one deal: beyond it a
#: record that is wrong throughout (a million passes out of turn) is replayed as it
#: stands, at the engine's own cost.
MAX_SEARCHES = 200

#: The longest deal (items of its main line) read as a terse record: a real deal has some
#: 220 actions, and a longer "deal" (a generated or broken file: a million passes) is
#: judged exactly as written, at the engine's own cost in time and memory.
MAX_FILL_ITEMS = 5_000


@attrs.frozen
class Ambiguity:
    """Two readings of a terse record that lead to different states.

    ``action`` is the recorded action (its span points into the file); ``index`` its
    1-based number among the actions of the filled deal; ``readings`` the shortest runs of
    implied items, as GJN text (``"2:- 3:-"``), that make it legal, and ``write`` the
    first item on which they differ: writing it (or its alternative) settles the record.
    """

    action: m.Action
    index: int
    readings: tuple[str, ...]
    write: str

    @property
    def en(self) -> str:
        """The message in English."""
        rs = " | ".join(r or "(nothing)" for r in self.readings)
        return (
            f"the implied passes and closes before this action can be read in more than one "
            f"way ({rs}) with different results: write them explicitly, starting with "
            f"'{self.write}'"
        )

    @property
    def zh(self) -> str:
        """The message in Chinese."""
        rs = " | ".join(r or "（无）" for r in self.readings)
        return (
            f"此着之前省略的过牌与扣牌有多种读法（{rs}），结果不同：请明确写出，"
            f"从“{self.write}”写起"
        )


@attrs.frozen
class Slip:
    """A recorded action that is illegal in every reading, and the nearest legal action
    that the replay goes on with (``fill(..., repair=True)``; the validator's
    resynchronisation): the same set by another seat, or the seat's set with one card
    of another rank, or the same kind of action by another seat.

    ``index`` is the 1-based number of the *repaired* action in the filled deal;
    ``violations`` the engine's findings on the recorded action, their sanction saying
    how the replay goes on.
    """

    action: m.Action
    repaired: m.Action
    index: int
    violations: tuple[Any, ...]


@attrs.frozen
class Filled:
    """The result of :func:`fill`: the deal with the implied items written in (each
    inserted action carries the span of the recorded action it precedes), the number
    inserted, the ambiguities found, and (with ``repair``) the slips repaired."""

    deal: m.Deal
    inserted: int
    ambiguities: tuple[Ambiguity, ...]
    slips: tuple[Slip, ...] = ()


_SKIP_KEYS = frozenset({"rs", "p", "hist", "n", "result", "events"})


#: The fields a state's key reads, by the state's class: their names (sorted, the
#: history left out) and a getter of their values from the state's ``vars``.
_KEY_FIELDS: dict[type, tuple[tuple[str, ...], Any]] = {}
_PLAIN = (int, str, bool, float, type(None))
_PLAIN_OR_TUPLE = frozenset((*_PLAIN, tuple))
#: The positions of the values that are not numbers, strings or tuples (an object, a
#: list …), by the types of a state's values: the usual state has a handful, the same
#: ones from one state to the next.
_ODD: dict[tuple[type, ...], tuple[int, ...]] = {}


def _key(st: Any) -> Hashable:
    """A hashable key of everything a state says about the game (not its history).

    Two states have equal keys when every field but the history is equal (an object
    field compared by its slots, a list or dict by its items).  The usual state, whose
    fields are numbers, strings and tuples of them, is keyed by its values as they are,
    hashed once; a field that is not hashable as it is (a list …) is frozen first.
    """
    fields = vars(st)
    spec = _KEY_FIELDS.get(type(st))
    if spec is None or len(spec[0]) + len(_SKIP_KEYS & fields.keys()) != len(fields):
        names = tuple(sorted(k for k in fields if k not in _SKIP_KEYS))
        getter = operator.itemgetter(*names) if len(names) > 1 else None
        spec = _KEY_FIELDS[type(st)] = (names, getter)
    names, getter = spec
    values: tuple[Any, ...] = (
        getter(fields) if getter is not None else tuple(fields[k] for k in names)
    )
    types = tuple(map(type, values))
    odd = _ODD.get(types)
    if odd is None:
        if len(_ODD) > 4096:  # a state of ever new types: no cache grows without bound
            _ODD.clear()
        odd = _ODD[types] = tuple(i for i, t in enumerate(types) if t not in _PLAIN_OR_TUPLE)
    if odd:
        out = list(values)
        for i in odd:
            out[i] = _object_key(out[i])
        values = tuple(out)
    try:
        return _Hashed((names, *values))
    except TypeError:  # a tuple field holding a list …: frozen, item by item
        return _Hashed((names, *(_freeze(x) if type(x) is tuple else x for x in values)))


class _Hashed:
    """A state's key, hashed once: a search looks each key up and adds it (a set, a
    dict), and hashing a state's values again each time (its cards are objects, hashed
    in Python) would cost more than comparing them.  Equal when the values are equal.
    """

    __slots__ = ("h", "v")

    def __init__(self, v: Hashable) -> None:
        self.v = v
        self.h = hash(v)

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is _Hashed and self.h == other.h and self.v == other.v)

    def __hash__(self) -> int:
        return self.h

    def __repr__(self) -> str:
        return f"_Hashed({self.v!r})"


def _object_key(v: Any) -> Hashable:
    """The key of a field that is neither a number, a string nor a plain tuple: an
    object by its class and slots (the current set, a burn), else frozen."""
    slots = getattr(type(v), "__slots__", None)
    if slots and not isinstance(v, (tuple, int, str, bool, float)):
        # its slots as they are (the usual object: hashable; else :func:`_key` freezes
        # them, item by item, when the state's key cannot be hashed)
        return (type(v).__name__, tuple([getattr(v, s, None) for s in slots]))
    return _freeze(v)


def _freeze(v: Any) -> Hashable:
    if type(v) is tuple:  # the usual field: a tuple of numbers, hashable as it is
        try:
            hash(v)
        except TypeError:
            pass
        else:
            return v
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    try:
        hash(v)
    except TypeError:
        return repr(v)
    return v  # type: ignore[no-any-return]


def _text(items: Sequence[m.Action]) -> str:
    import gojinotation as gj

    return " ".join(gj.format_action(a) for a in items)


def _candidates(st: Any) -> list[m.Action]:
    from gojinotation_analyzer.engine.legal import passes_and_closes

    if st.ended:
        return []
    acts = passes_and_closes(st)
    # a close first: where a pass by the closer would end the round, a referee writes 扣牌
    out: list[m.Action] = [a for a in acts if type(a) is m.Close]
    return out + [a for a in acts if type(a) is m.Pass]


_SETS = (m.Play, m.Burn)


class _Tree:
    """The breadth-first tree of the passes and closes open from one state, level by
    level, worked out as far as a search needs it: ``levels[i]`` holds the runs of
    ``i + 1`` items that reach a state not reached before (by a shorter run, or earlier
    in the level), each with that state, in the order the search meets them.

    Which runs a level holds does not depend on the action searched for, so the
    searches from one state (a recorded action, then each of its repairs) walk the same
    tree and only ask, along it, whether their action is legal.
    """

    __slots__ = ("done", "held", "levels", "root", "seen")

    def __init__(self, root: Any) -> None:
        self.root = root
        self.levels: list[list[tuple[tuple[m.Action, ...], Any]]] = []
        self.seen = {_key(root)}
        self.done = False  # no run is longer than the levels worked out
        self.held: dict[int, bool] = {}  # :meth:`hands_kept`, by depth

    def hands_kept(self, limit: int) -> bool:
        """Whether every state of the runs of at most ``limit`` items holds what the
        root holds: the fields the engine's check of the cards a seat holds reads
        (:data:`.legal.HOLD_FIELDS`) are the root's (passes and closes change no hand).
        """
        from gojinotation_analyzer.engine.legal import HOLD_FIELDS

        got = self.held.get(limit)
        if got is None:
            self.level(limit - 1)
            root = vars(self.root)
            want = [(name, root.get(name)) for name in HOLD_FIELDS]
            got = all(
                (v := vars(st).get(name)) is w or v == w
                for nodes in self.levels[:limit]
                for _, st in nodes
                for name, w in want
            )
            self.held[limit] = got
        return got

    def level(self, i: int) -> list[tuple[tuple[m.Action, ...], Any]] | None:
        """The runs of ``i + 1`` items and their states (``None``: there are none)."""
        from gojinotation_analyzer.engine import do

        levels = self.levels
        seen = self.seen
        while len(levels) <= i and not self.done:
            frontier = levels[-1] if levels else [((), self.root)]
            nxt: list[tuple[tuple[m.Action, ...], Any]] = []
            for run, st in frontier:
                for item in _candidates(st):
                    st2 = do(st, item)[0]
                    k = _key(st2)
                    if k in seen:
                        continue
                    seen.add(k)
                    nxt.append(((*run, item), st2))
            if nxt:
                levels.append(nxt)
            else:
                self.done = True
        return levels[i] if i < len(levels) else None


#: The trees of the searches from a state, by the id of the state (the state kept with
#: its tree, so that its id stays its own): the searches from one state (a recorded
#: action, then its repairs) share them.
Expansions = dict[int, tuple[Any, _Tree]]


def _tree(st: Any, memo: Expansions | None) -> _Tree:
    """The search tree from ``st``, shared through ``memo``."""
    hit = memo.get(id(st)) if memo is not None else None
    if hit is not None and hit[0] is st:
        return hit[1]
    tree = _Tree(st)
    if memo is not None:
        memo[id(st)] = (st, tree)
    return tree


def implied_items(
    state: Any, action: m.Action, *, limit: int = MAX_FILL, memo: Expansions | None = None
) -> tuple[list[tuple[m.Action, ...]], list[Any]]:
    """The shortest runs of passes and closes after which ``action`` is legal in
    ``state``, and the state after each run and the action (one per distinct state).

    ``([()], [after])`` when the action is legal as it stands; ``([], [])`` when no run
    of at most ``limit`` items makes it legal.  Searches from the same state may share a
    ``memo`` (a dict, :data:`Expansions`): the tree of passes and closes from that state
    is then worked out once, and each search only asks along it whether its action is
    legal.
    """
    from gojinotation_analyzer.engine import can, do
    from gojinotation_analyzer.engine.legal import holdable

    if can(state, action):
        return [()], [do(state, action)[0]]
    tree = _tree(state, memo)
    if (
        isinstance(action, _SETS)
        and not holdable(state, action.seat, action.cards)
        and tree.hands_kept(limit)
    ):
        # a set the seat cannot hold is legal nowhere its hand stays as it is: the engine
        # accepts no play or burn of cards not held (R-DECK-2), and no state the search
        # reaches holds other cards
        return [], []
    for i in range(limit):
        nodes = tree.level(i)
        if nodes is None:
            break
        runs: list[tuple[m.Action, ...]] = []
        ends: dict[Hashable, Any] = {}  # the state after each run and the action, by key
        for run, st in nodes:
            if can(st, action):
                after = do(st, action)[0]
                k_after = _key(after)
                if k_after not in ends:  # one run per distinct end state, first found
                    ends[k_after] = after
                    runs.append(run)
        if runs:
            return runs, list(ends.values())
    return [], []


def _first_difference(runs: Sequence[tuple[m.Action, ...]]) -> str:
    import gojinotation as gj

    for i in range(max(len(r) for r in runs)):
        col = {r[i] if i < len(r) else None for r in runs}
        if len(col) > 1:
            first = next(r[i] for r in runs if i < len(r))
            return gj.format_action(first)
    return gj.format_action(runs[0][0])


def _with_span(a: m.Action, span: m.Span) -> m.Action:
    return attrs.evolve(a, span=span)


def _on_turn(st: Any) -> int:
    """The seat whose turn it is in the ordinary order (:func:`.replay.seat_to_act`, the
    seat a set written without its seat belongs to; 0 once the deal has ended)."""
    from gojinotation_analyzer.engine.replay import seat_to_act

    return seat_to_act(st) or 0


def _stands(st: Any, item: m.Action) -> bool:
    """A set played by the seat on turn is read where it stands, legal or not: nothing
    is implied before it (the record says that this seat acted now)."""
    return type(item) in (m.Play, m.Burn) and item.seat == _on_turn(st)


_RANKS = tuple(Rank(r) for r in range(3, 18))


@functools.cache
def _near(rank: Rank) -> tuple[Rank, ...]:
    """The other ranks, nearest ``rank`` first (the lower of two as near)."""
    return tuple(r for r in sorted(_RANKS, key=lambda r: (abs(r - rank), r)) if r != rank)


def _repairs(item: m.Action) -> Iterator[m.Action]:
    """The nearest other actions, nearest first: another seat, then (a set) one card of
    another rank."""
    for seat in range(1, 7):
        if seat != item.seat:
            yield attrs.evolve(item, seat=seat)
    if isinstance(item, (m.Play, m.Burn)):
        seen: set[tuple[Any, ...]] = set()
        for j, card in enumerate(item.cards):
            if card.rank is None:
                continue
            for rank in _near(card.rank):
                cards = (*item.cards[:j], Card(rank, card.suit), *item.cards[j + 1 :])
                key = tuple(sorted(c.rank for c in cards if c.rank is not None))
                if key not in seen:
                    seen.add(key)
                    yield attrs.evolve(item, cards=cards)


def _repairable(v: Any) -> bool:
    """Whether a violation's sanction leaves the replay where a slip of the pen would
    cascade (the action ignored, or taken back as a pass); a sanction with its own
    consequence (大落 after a failed burn …) is the engine's to apply."""
    text = str(v.sanction)
    return text in ("", "ignored", "counted as a pass") or text.startswith("错牌不出")


#: How many legal repairs are weighed, and how many recorded actions after the slip
#: each is tried against.
_REPAIR_CANDIDATES = 8
_LOOKAHEAD = 3


def _fits(st: Any, upcoming: Sequence[m.Action | m.TurnPlay]) -> int:
    """How many of the ``upcoming`` recorded actions replay legally, in a row, from
    ``st`` (implied items filled)."""
    from gojinotation_analyzer.engine import can, do
    from gojinotation_analyzer.engine import events as E
    from gojinotation_analyzer.engine.replay import do_turn_play

    n = 0
    for a in upcoming:
        if st.ended or getattr(a, "irregular", False):
            break
        if isinstance(a, m.TurnPlay):
            st, evs, _ = do_turn_play(st, a)
            if any(type(e) is E.Violation for e in evs):
                break
        elif _stands(st, a):
            if not can(st, a):
                break
            st = do(st, a)[0]
        else:
            runs, states = implied_items(st, a, limit=7)
            if len(runs) != 1:
                break
            st = states[0]
        n += 1
    return n


def _repair(
    st: Any,
    item: m.Action,
    upcoming: Sequence[m.Action | m.TurnPlay] = (),
    memo: Expansions | None = None,
) -> tuple[m.Action, tuple[m.Action, ...], Any] | None:
    """The repair of ``item`` that some reading makes legal and that best fits the
    recorded actions after it (the nearest first among equals): (action, implied items,
    state after)."""
    from gojinotation_analyzer.engine import can, do

    found: list[tuple[m.Action, tuple[m.Action, ...], Any]] = []
    for cand in _repairs(item):
        if _stands(st, cand):
            if can(st, cand):
                found.append((cand, (), do(st, cand)[0]))
        else:
            runs, states = implied_items(st, cand, limit=7, memo=memo)
            if len(runs) == 1:
                found.append((cand, runs[0], states[0]))
        if len(found) >= _REPAIR_CANDIDATES:
            break
    if not found:
        return None
    if len(found) == 1 or not upcoming:
        return found[0]
    scores = [_fits(after, upcoming) for _, _, after in found]
    return found[scores.index(max(scores))]


def _recorded(deal: m.Deal) -> list[m.Action | m.TurnPlay]:
    """The recorded moves that act (sets without their seat included), in order."""
    return [i for i in deal.moves if isinstance(i, (*m.ACTION_TYPES, m.TurnPlay))]  # type: ignore[misc]


def _slip(item: Any, action: m.Action, cand: m.Action, index: int, bad: Sequence[Any]) -> Slip:
    """The :class:`Slip` of the recorded ``item`` (read as ``action``) repaired as
    ``cand``, its violations saying that the replay goes on with the repair."""
    text = _text((cand,))
    return Slip(
        action,
        attrs.evolve(cand, span=item.span),
        index,
        tuple(
            attrs.evolve(
                v,
                sanction=f"read as a slip of the pen for '{text}', which the "
                f"replay goes on with (at the table: {v.sanction or 'it stands'})",
                sanction_zh=f"视为笔误，复盘按“{text}”继续（如在牌桌上："
                f"{v.sanction_zh or '照常有效'}）",
            )
            for v in bad
        ),
    )


def _steps(
    deal: m.Deal,
    ruleset: Ruleset | None,
    deck_check: bool,
    repair: bool = False,
    trace: list[tuple[Any, ...] | None] | None = None,
    resume: tuple[Any, Sequence[m.Action]] | None = None,
) -> Iterator[tuple[m.MoveItem, tuple[m.Action, ...], Ambiguity | Slip | None]]:
    """The moves of the filled deal, each with the implied items before it and its
    ambiguity or slip.  ``trace`` (a list) is given, for each action of the record, the
    events of replaying it where it stands, or ``None`` where items were implied or
    the action repaired before it: :func:`.normalize.explicit` reads the events of a
    record with nothing to fill from here instead of replaying it again.

    ``resume`` is ``(state, actions)``: the record's first actions replayed where they
    stand, legal every one (``actions``, a set without its seat given its seat) and the
    state after them, as :func:`replay` gave them (the validator's replay as written,
    stopped at the first illegal action): they are taken as they are, not replayed."""
    from gojinotation_analyzer.engine import do, replay
    from gojinotation_analyzer.engine import events as E
    from gojinotation_analyzer.engine.replay import do_turn_play

    # the state before the first action, from the deal itself: its first leader may be
    # told from its first recorded play (R-OPEN-1, no Leader tag and no 上班)
    skip: Sequence[m.Action] = ()
    if resume is not None:
        st, skip = resume
    else:
        st = next(iter(replay(deal, ruleset, deck_check=deck_check))).state
    index = 0
    recorded: list[m.Action | m.TurnPlay] | None = None  # built at the first slip
    rec = 0  # recorded actions so far (``index`` counts the filled deal's)
    searches = 0
    for item in deal.moves:
        if isinstance(item, (m.Comment, m.RoundMark, m.Variation)):
            yield item, (), None
            continue
        index += 1
        rec += 1
        if index <= len(skip):  # replayed already, legal where it stands
            if trace is not None:
                trace.append(None)
            yield (skip[index - 1] if type(item) is m.TurnPlay else item), (), None
            continue
        if isinstance(item, m.TurnPlay):
            # a set without its seat: the seat to act's, nothing implied before it
            after, evs, play = do_turn_play(st, item)
            bad = tuple(e for e in evs if isinstance(e, E.Violation))
            if not bad:  # written with its seat from here on
                st = after
                if trace is not None:
                    trace.append(evs)
                yield play, (), None
                continue
            if repair and not st.ended and searches < MAX_SEARCHES and _repairable(bad[0]):
                searches += 1
                if recorded is None:
                    recorded = _recorded(deal)
                fixed = _repair(st, play, recorded[rec : rec + _LOOKAHEAD], {})
                if fixed is not None:
                    cand, run, st = fixed
                    index += len(run)
                    if trace is not None:
                        trace.append(None)
                    slip = _slip(item, play, cand, index, bad)
                    yield slip.repaired, tuple(_with_span(a, item.span) for a in run), slip
                    continue
            st = after  # kept as written: the replay reports it (R-RECORD-2)
            if trace is not None:
                trace.append(evs)
            yield item, (), None
            continue
        if item.irregular or st.ended or searches >= MAX_SEARCHES:
            st, evs = do(st, item)
            if trace is not None:
                trace.append(evs)
            yield item, (), None
            continue
        # the common case first: the action stands where it is (a notice at most)
        after, evs = do(st, item)
        if not any(type(e) is E.Violation for e in evs):
            st = after
            if trace is not None:
                trace.append(evs)
            yield item, (), None
            continue
        searches += 1
        if recorded is None:
            recorded = _recorded(deal)
        runs: list[tuple[m.Action, ...]]
        states: list[Any]
        memo: Expansions = {}  # the searches from this state share its expansions
        if _stands(st, item):
            runs, states = [()], [None]
        else:
            runs, states = implied_items(st, item, memo=memo)
        if repair and len(runs) <= 1:
            # legal in one reading (or none): a slip if that reading breaks a rule
            if runs and runs[0]:
                pre = st
                for a in runs[0]:
                    pre = do(pre, a)[0]
                evs_pre = do(pre, item)[1]
            else:  # the action where it stands: its events are ``evs``
                evs_pre = evs
            bad = tuple(e for e in evs_pre if isinstance(e, E.Violation))
            upcoming = recorded[rec : rec + _LOOKAHEAD]
            ok = bad and all(map(_repairable, bad))
            fixed = _repair(st, item, upcoming, memo) if ok else None
            if fixed is not None:
                cand, run, st = fixed
                index += len(run)
                if trace is not None:
                    trace.append(None)
                slip = _slip(item, item, cand, index, bad)
                yield slip.repaired, tuple(_with_span(a, item.span) for a in run), slip
                continue
        # ``after``: the action where it stands (``do`` gives the same state again)
        if len(runs) == 1:
            st = states[0] if states[0] is not None else after
            index += len(runs[0])
            if trace is not None:
                trace.append(evs if states[0] is None else None)
            yield item, tuple(_with_span(a, item.span) for a in runs[0]), None
        elif runs:
            amb = Ambiguity(item, index, tuple(_text(r) for r in runs), _first_difference(runs))
            st = after
            if trace is not None:
                trace.append(evs)
            yield item, (), amb
        else:
            st = after
            if trace is not None:
                trace.append(evs)
            yield item, (), None


def fill(
    deal: m.Deal,
    ruleset: Ruleset | None = None,
    *,
    deck_check: bool = True,
    repair: bool = False,
) -> Filled:
    """The deal with every implied pass and close written in, before the recorded action
    that implies it (round numbers and comments stay where they stand; an implied close
    goes before the round number of the next round).

    The ruleset defaults to the deal's tags, as :func:`replay`.  A deal the engine cannot
    start is returned unchanged.  With ``repair`` (the validator's resynchronisation), a
    recorded action that is illegal in every reading is replaced by the nearest legal
    one (:class:`Slip`), so that one slip costs one finding: the deal is then no longer
    the record, and is for replaying only.
    """
    return _fill(deal, ruleset, deck_check, repair)


def _fill(
    deal: m.Deal,
    ruleset: Ruleset | None,
    deck_check: bool,
    repair: bool,
    trace: list[tuple[Any, ...] | None] | None = None,
    resume: tuple[Any, Sequence[m.Action]] | None = None,
) -> Filled:
    """:func:`fill`, giving ``trace`` the events of each action replayed where it stands,
    and starting after the actions ``resume`` says were replayed (see :func:`_steps`)."""
    if len(deal.moves) > MAX_FILL_ITEMS:
        return Filled(deal, 0, ())
    out: list[m.MoveItem] = []
    ambiguities: list[Ambiguity] = []
    slips: list[Slip] = []
    inserted = 0
    try:
        for item, extra, amb in _steps(deal, ruleset, deck_check, repair, trace, resume):
            if isinstance(amb, Ambiguity):
                ambiguities.append(amb)
            elif isinstance(amb, Slip):
                slips.append(amb)
            if extra:
                # before the round number (and comments) that precede the recorded action
                pos = len(out)
                while pos > 0 and isinstance(out[pos - 1], (m.RoundMark, m.Comment)):
                    pos -= 1
                lead_extra: list[m.MoveItem] = []
                tail = out[pos:]
                del out[pos:]
                for a in extra:
                    lead_extra.append(a)
                out.extend(lead_extra)
                out.extend(tail)
                inserted += len(extra)
            out.append(item)
    except Exception:  # an engine failure must never cost the user their record
        return Filled(deal, 0, ())
    if not inserted and not slips and not any(type(i) is m.TurnPlay for i in deal.moves):
        return Filled(deal, 0, tuple(ambiguities))
    return Filled(attrs.evolve(deal, moves=tuple(out)), inserted, tuple(ambiguities), tuple(slips))


def fill_match(match: m.Match) -> m.Match:
    """:func:`fill` on every deal of a match (broken deals are kept as they are)."""
    deals = tuple(d if not isinstance(d, m.Deal) else fill(d).deal for d in match.deals)
    return attrs.evolve(match, deals=deals)
