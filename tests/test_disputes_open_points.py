"""Issue #11: readings the engine used to hard-code are parameters, and a verdict that rests
on one of them (where the record's profile does not state it) is a Dispute, not a flat error.

Each test is named after the rule id: the record where the open point decides (a Dispute
with each reading and what it rules), the same record with a ``[Rules]`` override (a flat
verdict, no dispute) and a profile whose own document states the point (no dispute).
"""

from __future__ import annotations

from test_engine_util import of, play, violations

from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.state import Frame

# every seat holds a 3 (憋3: no buying needed)
_BIE3_SPLIT = {1: "55 333", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
_SPLIT_MOVES = "1:55 2:- 3:- 4:- 5:- 6:- 1:33"  # seat 1 splits his 3s: 33, then 3
_BIE3_ATTACH = {1: "55 333 X", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}
_ATTACH_MOVES = "1:55 2:- 3:- 4:- 5:- 6:- 1:X333"  # the last set of 3s carries a 小王


def _disputes(frames: list[Frame], param: str) -> list[E.Dispute]:
    return [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


def test_R_BIE3_1_split_threes_open_in_latest_004() -> None:
    """004b(14) asks only that the last set be 3s; 001d (三) forbids splitting them."""
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004")
    assert violations(frames) == []  # no flat error beside the dispute
    (d,) = _disputes(frames, "play.three_split")
    assert d.rule_id == "R-BIE3-1" and d.seat == 1
    ruled = dict(d.alternatives)
    assert ruled["false"].startswith("001d (三): illegal (R-BIE3-1)")
    assert ruled["true"] == "004b(14): legal"


def test_R_BIE3_1_split_threes_settled_by_rules_or_profile() -> None:
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004", rules="play.three_split=false")
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)
    frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile="latest-004", rules="play.three_split=true")
    assert violations(frames) == [] and not of(frames, E.Dispute)
    assert frames[-1].state.count(1) == 1  # the 33 stood
    # 001d (三) 不能拆开出: qingdao-bie3 states it -- and so does karamay-jingsai (000§D 三2)
    for profile in ("qingdao-bie3", "karamay-jingsai"):
        frames = play(_BIE3_SPLIT, _SPLIT_MOVES, profile=profile)
        assert violations(frames) == [("R-BIE3-1", 1)] and not _disputes(frames, "play.three_split")


def test_R_BIE3_1_threes_before_other_cards_refused_under_every_reading() -> None:
    """Splitting or not, 3s go after every other card: no dispute on a 3 led early."""
    hands = dict(_BIE3_SPLIT)
    hands[1] = "55 333 7"
    frames = play(hands, "1:33", profile="latest-004")
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)


def test_R_BIE3_1_attached_threes_open_in_latest_004() -> None:
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004")
    assert violations(frames) == []
    (d,) = _disputes(frames, "play.three_attach")
    ruled = dict(d.alternatives)
    assert ruled["false"].startswith("001d (三): illegal (R-BIE3-1)")
    assert ruled["true"] == "000§G 二: legal"


def test_R_BIE3_1_attached_threes_settled_by_rules_or_profile() -> None:
    frames = play(
        _BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004", rules="play.three_attach=false"
    )
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="latest-004", rules="play.three_attach=true")
    assert violations(frames) == [] and not of(frames, E.Dispute)
    assert 1 in frames[-1].state.place_of  # X333 was the last set: seat 1 is out
    frames = play(_BIE3_ATTACH, _ATTACH_MOVES, profile="qingdao-bie3")  # 001d (三)
    assert violations(frames) == [("R-BIE3-1", 1)] and not of(frames, E.Dispute)


_LONE_D = {1: "D 55", 2: "DD6 8", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_JOKER_6_ershayi_answer_count_disputed_in_tongsu() -> None:
    """000§M 4: 两大灭一大 (two for one) vs 含有两张大王的牌 (any set holding two)."""
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu")
    assert violations(frames) == []
    (d,) = _disputes(frames, "cmp.ershayi_answer")
    assert d.rule_id == "R-JOKER-6"
    ruled = dict(d.alternatives)
    assert ruled["exactly_two"].startswith("000§M 4: illegal (R-JOKER-6)")
    assert ruled["any_with_two"] == "000§M 4: legal"
    # the exact two 大王 are legal under both readings: no dispute
    hands = dict(_LONE_D)
    hands[2] = "DD 8"
    assert not of(play(hands, "1:D 2:DD", profile="tongsu"), E.Dispute)


def test_R_JOKER_6_ershayi_answer_settled_by_rules_or_profile() -> None:
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu", rules="cmp.ershayi_answer=exactly_two")
    assert violations(frames) == [("R-JOKER-6", 2)] and not of(frames, E.Dispute)
    frames = play(_LONE_D, "1:D 2:DD6", profile="tongsu", rules="cmp.ershayi_answer=any_with_two")
    assert violations(frames) == [] and not of(frames, E.Dispute)
    hands = {s: h + " 3" if "3" not in h else h for s, h in _LONE_D.items()}
    frames = play(hands, "1:D 2:DD6", profile="dian-shao-men-luo")  # 000§J 第九条
    assert violations(frames) == [("R-JOKER-6", 2)]
    assert not _disputes(frames, "cmp.ershayi_answer")


_GEMING = {1: "2 55", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}


def test_R_REVOLUTION_1_false_geming_fine_disputed() -> None:
    """A 革命 with a 2 in hand is false under every reading; whether it is fined is open in
    qingdao-standard (only 000§C 三9 and 000§K fine a false 造反)."""
    frames = play(_GEMING, "1:革命 1:55")
    assert violations(frames) == [("R-REVOLUTION-1", 1)]  # false under every reading
    (d,) = _disputes(frames, "geming.fake_penalty")
    ruled = dict(d.alternatives)
    assert ruled["1"] == "000§C 三9: fined 1 point(s)"
    assert ruled["0"] == "004b(13): not fined (the declaration is void)"
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-1]  # type: ignore[attr-defined]


def test_R_REVOLUTION_1_false_geming_fine_settled_by_rules_or_profile() -> None:
    frames = play(_GEMING, "1:革命 1:55", rules="geming.fake_penalty=0")
    assert not of(frames, E.Dispute) and not of(frames, E.PenaltyApplied)
    # 000§K (一)7 违者罚一分: fujian2-zaofan states the fine
    frames = play(_GEMING, "1:革命 1:55", profile="fujian2-zaofan")
    assert not of(frames, E.Dispute)
    assert [e.points for e in of(frames, E.PenaltyApplied)] == [-1]  # type: ignore[attr-defined]
