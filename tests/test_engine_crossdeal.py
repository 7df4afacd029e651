"""R-OPEN-1 across the deals of a match (engine/crossdeal.py), reasoned from the profiles.

qingdao-standard: open.subsequent = daluo_duitou_opens_daluo_leads (000§B: the previous
deal's 大落 leads) and open.redo_triggers holds chuan3hu (a 串三户 sends the table back to
the first-game 开牌, which no record of the previous deal can show).
"""

from __future__ import annotations

import gojinotation as gj
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.crossdeal import (
    check_leader,
    follows_in_match,
    next_leader,
    next_opening,
)
from gojinotation_analyzer.engine.scoring import DealFacts, score_deal
from gojinotation_analyzer.rules.profiles import load_ruleset

QS = load_ruleset("qingdao-standard")


def _ended(order: list[int]) -> E.DealEnded:
    score = score_deal(DealFacts.from_order(order), QS)
    return E.DealEnded(None, places=score.places, score=score)


def test_R_OPEN_1_daluo_of_the_previous_deal_leads() -> None:
    ended = _ended([3, 2, 5, 1, 6, 4])  # seat 4 is 大落; A holds 1st, 3rd, 4th: no 串三户
    assert ended.score is not None and ended.score.chuan3hu is None
    assert next_leader(ended, QS) == 4
    assert check_leader("4", ended, QS) is None
    v = check_leader("2", ended, QS)
    assert v is not None and (v.rule_id, v.seat, v.param) == ("R-OPEN-1", 2, "open.subsequent")
    assert "seat 4 the first leader" in v.en and "应为4号" in v.zh


def test_R_OPEN_1_chuan3hu_redoes_the_opening_so_nothing_is_checked() -> None:
    ended = _ended([1, 3, 5, 2, 4, 6])  # team A takes 头科 二科 三科: 串三户
    assert ended.score is not None and ended.score.chuan3hu == "A"
    assert next_leader(ended, QS) is None
    assert check_leader("2", ended, QS) is None


def test_R_OPEN_1_fixed_seat1_and_rotation() -> None:
    ended = _ended([3, 2, 5, 1, 6, 4])
    fixed = QS.with_overrides({"open.subsequent": "fixed_seat1"})
    assert next_leader(ended, fixed) == 1
    assert check_leader("4", ended, fixed) is not None
    rotate = QS.with_overrides({"open.subsequent": "rotate_ccw"})  # the taker is not recorded
    assert next_leader(ended, rotate) is None and check_leader("4", ended, rotate) is None


def test_R_OPEN_1_next_opening_is_the_one_reading_for_the_simulator_too() -> None:
    """The simulator knows the previous taker; rotation moves the 开牌 one seat on."""
    ended = _ended([3, 2, 5, 1, 6, 4])
    ccw = QS.with_overrides({"open.subsequent": "rotate_ccw"})
    cw = QS.with_overrides({"open.subsequent": "rotate_cw"})
    assert next_opening(ended, ccw, 6) == (1, False) and next_opening(ended, ccw, 2) == (3, False)
    assert next_opening(ended, cw, 1) == (6, False) and next_opening(ended, cw, 4) == (3, False)
    assert next_opening(ended, ccw) == (0, False)  # a taker the record does not show
    assert next_opening(ended, QS, 5) == (4, False)  # the 大落 opens and leads
    redraw = QS.with_overrides({"open.subsequent": "redraw_each_game"})
    assert next_opening(ended, redraw, 5) == (0, True)
    assert next_opening(_ended([1, 3, 5, 2, 4, 6]), QS, 5) == (0, True)  # 串三户: 开牌 again


def test_R_OPEN_1_void_or_unfinished_previous_deal_decides_nothing() -> None:
    assert next_leader(E.DealEnded(None, places={}, void=True), QS) is None
    assert next_leader(E.DealEnded(None, places={1: 1, 2: 2}), QS) is None


def test_R_OPEN_1_only_the_next_deal_of_the_same_match_follows() -> None:
    def deal(event: str, number: str, game: str = "1") -> gj.Deal:
        text = f'[Event "{event}"]\n[Game "{game}"]\n[Deal "{number}"]\n1:3\n'
        found = gj.loads(text).deals[0]
        assert isinstance(found, gj.Deal)
        return found

    assert follows_in_match(deal("x", "3"), deal("x", "4"))
    assert follows_in_match(deal("x", "3"), deal("x", "4", game="2"))
    assert not follows_in_match(deal("x", "3"), deal("x", "5"))
    assert not follows_in_match(deal("x", "3"), deal("y", "4"))
    assert not follows_in_match(deal("x", "3"), deal("x", "4", game="3"))
