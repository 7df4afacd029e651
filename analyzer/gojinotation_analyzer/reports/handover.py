"""The validator's replay of a deal, handed to the replay page (issue #16): what
:func:`~gojinotation_analyzer.reports.validate.iter_validated` gives ``render`` so that a
deal is filled and replayed once, and how the page resumes a replay from its first
frames."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation_analyzer.engine.replay import do_turn_play
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = ["HAND_OVER_ACTIONS", "Replayed", "resumed_frames"]


#: The longest deal (actions of its main line) whose replay frames the validator hands to
#: the replay page (:class:`Replayed`): a longer one is replayed again by the page, so that
#: neither holds a long deal's frames (issue #15: a deal of 200,000 passes).
HAND_OVER_ACTIONS = 2_000


@attrs.frozen
class Replayed:
    """The validator's replay of a deal, handed to the replay page so that a deal is
    filled and replayed once (issue #16): ``moves`` the deal's moves as replayed (the
    passes and closes a terse record implies filled in, as
    :func:`~gojinotation_analyzer.engine.fill.fill` fills them: given only where no slip
    was repaired), ``ruleset`` the ruleset it was replayed under and ``frames`` the
    replay's frames in order (``None`` beyond :data:`HAND_OVER_ACTIONS` actions).
    Where a slip was repaired (the validator's replay is then not the record's),
    ``moves`` is ``None`` and ``frames`` are those of the record as written up to its
    first illegal action, ``resume`` the state there and the actions before it (what
    :func:`~gojinotation_analyzer.engine.fill.fill` resumes from, as the validator does):
    the page fills and replays only the rest.  Given only for a deal with a ``Profile``
    tag, replayed under the engine's own replay with the deck checked; the page uses it
    where the deal's own tags give the same ruleset, and replays the deal itself
    otherwise."""

    moves: tuple[m.MoveItem, ...] | None
    ruleset: Ruleset
    frames: tuple[Any, ...] | None
    resume: tuple[Any, tuple[m.Action, ...]] | None = None


def resumed_frames(prefix: Sequence[Any], deal: m.Deal) -> Iterator[Any]:
    """The frames of :func:`~gojinotation_analyzer.engine.replay.replay` of ``deal``,
    given those of its first actions (``prefix``, the start's first: a replay of a deal
    whose main line begins with the same actions, under the same ruleset): ``prefix``
    again, then the rest of the main line done from the last of them, as the replay does
    it (issue #16: a terse record's filled deal is not replayed from its start again).

    >>> from gojinotation.reader import iter_deals
    >>> from gojinotation_analyzer.engine import replay
    >>> deal = next(iter_deals('[Leader "1"]\\nhand 1: KK3\\nhand 4: AA\\n1. 1:KK 2:- 3:- 4:AA'))
    >>> whole = list(replay(deal))
    >>> again = list(resumed_frames(whole[:3], deal))
    >>> [(f.index, str(f.action), f.events) for f in again] == [
    ...     (f.index, str(f.action), f.events) for f in whole]
    True
    """
    from gojinotation_analyzer.engine import do
    from gojinotation_analyzer.engine.state import Frame

    yield from prefix
    st = prefix[-1].state
    done = len(prefix) - 1
    i = 0
    a: Any
    for a in deal.moves:
        turn = type(a) is m.TurnPlay
        if not turn and not isinstance(a, m.ACTION_TYPES):
            continue
        i += 1
        if i <= done:
            continue
        if turn:
            st, evs, a = do_turn_play(st, a)
        else:
            st, evs = do(st, a)
        st.hist = (None, evs)  # as the replay: no chain of the states behind it
        yield Frame(i, a, st, evs, a.span)
