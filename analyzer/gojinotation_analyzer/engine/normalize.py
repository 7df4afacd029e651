"""Make a record's implied items explicit, by replaying it (the engine-backed half of the
canonical form).

GJN lets a scorer leave out what the rules imply: the passes and closes that the rules
force or that the next recorded action implies (:mod:`.fill`), the 扣牌 (``close``) that
ends a round when its last player leads again, and the round numbers.  :func:`explicit`
fills the passes and closes (:func:`.fill.fill`), replays the deal and writes the rest in:
a ``close`` by the seat that turns the cards (the last player's 对头; none when the round
has no 扣牌人, e.g. after 无头), and a round number ``N.`` before every lead.  With the
notation writer's one-round-a-line layout this gives the canonical text ``gouji fmt``
writes.  A deal whose replay reports a violation is left as it is: inserting items into
an illegal record would be a guess.

>>> import gojinotation as gj
>>> d = gj.loads('[Leader "1"]\\nhand 1: 33 4\\n1:33 2:- 3:- 4:- 5:- 6:- 1:4').deals[0]
>>> print("\\n".join(gj.dumps(explicit(d, deck_check=False)).splitlines()[-2:]))
1. 1:33 2:- 3:- 4:- 5:- 6:- 4:close
2. 1:4
>>> terse = gj.loads('[Leader "1"]\\nhand 1: 33 4\\n1:33 1:4').deals[0]
>>> print("\\n".join(gj.dumps(explicit(terse, deck_check=False)).splitlines()[-2:]))
1. 1:33 2:- 3:- 4:- 5:- 6:- 4:close
2. 1:4
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from gojinotation import model as m
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = ["explicit", "explicit_match"]

#: The moves that are not actions (the replay gives every other move a frame).
_NOT_ACTIONS = (m.Comment, m.RoundMark, m.Variation)


def explicit(deal: m.Deal, ruleset: Ruleset | None = None, *, deck_check: bool = True) -> m.Deal:
    """The deal with every implied close and every round number written in.

    Existing round numbers are kept where they stand (a wrong one is the validator's to
    report); a deal that does not replay cleanly once filled, or whose implied items are
    ambiguous, is returned unchanged.
    """
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.engine.fill import _fill

    recorded = deal
    # the events of each action as fill replayed it: where nothing was filled in or
    # repaired, the replay of the filled deal would give them again
    trace: list[tuple[E.Event, ...] | None] = []
    filled = _fill(deal, ruleset, deck_check, False, trace)
    if filled.ambiguities:
        return recorded
    deal = filled.deal

    # (the trace only for the record itself: a set written without its seat, once seated,
    # may move the first leader told from the first play, and the replay of the deal
    # filled in starts from there).  The replay's frames are read as they come and none
    # is kept (a deal of 200,000 actions would otherwise hold 200,000 states): only the
    # items to insert are.
    n_actions = sum(1 for i in deal.moves if not isinstance(i, _NOT_ACTIONS))
    steps: Iterable[tuple[int, tuple[E.Event, ...]]]
    if deal is recorded and len(trace) == n_actions and None not in trace:
        steps = enumerate(trace, 1)  # type: ignore[arg-type]  # no None in it
    else:
        steps = (
            (f.index, f.events)
            for f in replay(deal, ruleset, deck_check=deck_check)
            if f.index != 0 and f.action is not None
        )
    inserts: dict[int, list[m.MoveItem]] = {}  # by the 1-based index of the action
    try:
        for index, events in steps:
            if any(isinstance(e, E.Violation) for e in events):
                return recorded
            before: list[m.MoveItem] = []
            for e in events:
                if isinstance(e, E.Closed) and e.implied and e.seat:
                    before.append(m.Close(e.seat))
            if any(isinstance(e, E.Led) for e in events):
                before.append(m.RoundMark(0))  # numbered below
            if before:
                inserts[index] = before  # the events of the index-th main-line action
    except Exception:  # an engine failure must never cost the user their record
        return recorded
    out: list[m.MoveItem] = []
    pending_mark = False
    index = 0
    for item in deal.moves:
        if isinstance(item, m.RoundMark):
            pending_mark = True
            out.append(item)
            continue
        # by position, not identity: a record may hold one (frozen) action twice
        extra_items: list[m.MoveItem] = []
        if isinstance(item, m.ACTION_TYPES):
            index += 1
            extra_items = inserts.get(index, [])
        for extra in extra_items:
            if isinstance(extra, m.RoundMark):
                if not pending_mark:
                    out.append(extra)
            else:
                # a close goes before the round number that precedes the new lead
                pos = len(out)
                while pos > 0 and isinstance(out[pos - 1], (m.RoundMark, m.Comment)):
                    pos -= 1
                out.insert(pos, extra)
        if not isinstance(item, m.Comment):
            pending_mark = False
        out.append(item)
    numbered: list[m.MoveItem] = []
    n = 0
    for item in out:
        if isinstance(item, m.RoundMark):
            n = item.number if item.number else n + 1
            numbered.append(item if item.number else m.RoundMark(n))
        else:
            numbered.append(item)
    return attrs.evolve(deal, moves=tuple(numbered))


def explicit_match(match: m.Match) -> m.Match:
    """:func:`explicit` on every deal of a match (broken deals are kept as they are)."""
    deals = tuple(d if not isinstance(d, m.Deal) else explicit(d) for d in match.deals)
    return attrs.evolve(match, deals=deals)
