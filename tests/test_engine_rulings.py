"""Rulings found wrong (issue #11, part 3): one test per rule id, each citing its seed."""

from __future__ import annotations

from test_engine_util import final, of, play, violations

from gojinotation_analyzer.engine import events as E

QS = "qingdao-standard"


# ---------------------------------------------------------------- R-CUOPAI-1


def test_R_CUOPAI_1_no_reentry_on_the_duitou_set_after_a_wrong_play() -> None:
    """001b 3: "顺牌权自动取消，本轮无权再顺牌" -- after 错牌不出 the offender has no further
    right to follow in this round, not even on his 对头's set (the 对头 exception of R-PASS-2
    is for a seat that passed, not for one sanctioned)."""
    hands = {1: "55 3", 2: "6 TT 3", 3: "77 3", 4: "3 4", 5: "99 3", 6: "3 4"}
    moves = "1:55 2:6 3:77 4:- 5:99 6:- 1:- 2:TT"
    frames = play(hands, moves, profile=QS)
    assert violations(frames) == [("R-SET-2", 2), ("R-PASS-1", 2)]
    assert final(frames).count(2) == 4  # TT went back to the hand
    # a plain pass keeps the 对头 exception (R-PASS-2 under qingdao-standard)
    frames = play(hands, moves.replace("2:6", "2:-"), profile=QS)
    assert violations(frames) == []
    assert [e.seat for e in of(frames, E.Played)][-1] == 2
