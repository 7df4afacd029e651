"""The deals of a match in one served file: what a deal takes from the one before it (the
tribute owed, how it ended) and the players' confirmations of a deal's result.

Part of :mod:`serve.store`, which uses every name here.

>>> import gojinotation as gj
>>> text = '[Leader "1"]\\nhand 1: 3\\n1. 1:3 [%confirm 2 finish 1; score A 0 B 0]'
>>> deal = gj.loads(text).deals[0]
>>> confirmations(deal)
{2: '2 finish 1; score A 0 B 0'}
"""

from __future__ import annotations

import contextlib
import functools

import attrs

import gojinotation as gj
from gojinotation import model as m
from gojinotation.errors import GoujiError
from gojinotation_analyzer.engine import deal_ruleset, replay
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.crossdeal import follows_in_match
from gojinotation_analyzer.engine.scoring import Obligation

__all__ = ["CONFIRM", "carried", "confirmations", "previous_deal"]


#: The structured note a player's confirmation of the result is written in (format.md §10).
CONFIRM = "confirm"


def confirmations(deal: m.Deal) -> dict[int, str]:
    """The ``[%confirm SEAT …]`` notes on the deal's last main-line action: seat -> value
    (the whole note value, seat included)."""
    last = next((a for a in reversed(deal.moves) if isinstance(a, m.ActionBase)), None)
    out: dict[int, str] = {}
    for n in last.notes if last is not None else ():
        word = n.value.split(" ", 1)[0]
        if n.key == CONFIRM and word in ("1", "2", "3", "4", "5", "6"):
            out[int(word)] = n.value
    return out


def _with_confirmation(deal: m.Deal, seat: int, value: str) -> m.Deal:
    """The deal with ``[%confirm value]`` on its last main-line action (in place of an
    earlier confirmation of the same seat)."""
    moves = list(deal.moves)
    i = next(k for k in range(len(moves) - 1, -1, -1) if isinstance(moves[k], m.ActionBase))
    act = moves[i]
    assert isinstance(act, m.ActionBase)
    keep = tuple(
        n for n in act.notes if not (n.key == CONFIRM and n.value.split(" ", 1)[0] == str(seat))
    )
    moves[i] = attrs.evolve(act, notes=(*keep, m.Note(CONFIRM, value)))
    return attrs.evolve(deal, moves=tuple(moves))


@functools.lru_cache(maxsize=128)
def _carry(prev_text: str, deck_check: bool) -> tuple[tuple[Obligation, ...], E.DealEnded | None]:
    """What a deal of a match takes from the one before it (given as its own text): the
    tribute owed (as :mod:`simulation.simulate` passes it: ``tribute.mode = luo``) and how
    it ended (for its first leader, :func:`~engine.crossdeal.next_leader`)."""
    prev = gj.loads(prev_text).deals[0]
    assert isinstance(prev, m.Deal)
    ended: E.DealEnded | None = None
    with contextlib.suppress(GoujiError, ValueError):
        for f in replay(prev, deck_check=deck_check):
            for e in f.events:
                if isinstance(e, E.DealEnded):
                    ended = e
    if ended is None or ended.score is None:
        return (), ended
    rs, _, _ = deal_ruleset(prev)
    return (ended.score.obligations if rs.tribute.mode == "luo" else ()), ended


def previous_deal(match: m.Match) -> m.Deal | None:
    """The deal before the file's last one when the record places them in one match
    (:func:`~engine.crossdeal.follows_in_match`), else ``None``."""
    if len(match.deals) < 2:
        return None
    prev, last = match.deals[-2], match.deals[-1]
    if isinstance(prev, m.Deal) and isinstance(last, m.Deal) and follows_in_match(prev, last):
        return prev
    return None


def carried(
    match: m.Match, deck_check: bool = True
) -> tuple[tuple[Obligation, ...], E.DealEnded | None]:
    """The tribute owed before the file's last deal and how the deal before it ended
    (``((), None)`` for a first deal)."""
    prev = previous_deal(match)
    if prev is None:
        return (), None
    return _carry(gj.dumps(gj.Match(deals=(prev,))), deck_check)
