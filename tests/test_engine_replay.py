"""Replay, frames, variations, irregular actions with recorded rulings, and the API."""

from __future__ import annotations

import pytest
from test_engine_util import disputes, final, gjn, of, places, play, violations

import gojinotation as gj
from gojinotation.cards import parse_cards as C
from gojinotation.model import Pass, Play
from gojinotation_analyzer.engine import (
    IllegalAction,
    can,
    deal_ruleset,
    do,
    legal_actions,
    new_deal,
    replay,
    replay_variation,
    variations,
    verify,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules.profiles import load_ruleset

H6 = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


def test_frames_index_action_state_span() -> None:
    frames = play(H6, "1:55 2:88 3:-")
    assert [f.index for f in frames] == [0, 1, 2, 3]
    assert frames[0].action is None and frames[0].span is None
    assert frames[2].action == Play(2, cards=C("88"))
    assert frames[2].span is not None and frames[2].span.line > 0
    assert frames[1].state.count(1) == 3 and frames[2].state.count(1) == 3
    assert frames[3].state.passed == 1 << 3


def test_do_never_changes_its_input() -> None:
    st = final(play(H6, "1:55"))
    before = st.summary()
    do(st, Play(2, cards=C("88")))
    do(st, Play(3, cards=C("T")))  # illegal: out of turn
    assert st.summary() == before


def test_verify_raises_with_the_ruling_and_the_state() -> None:
    st = final(play(H6, "1:55"))
    with pytest.raises(IllegalAction) as exc:
        verify(st, Play(2, cards=C("9")))
    e = exc.value
    assert (e.rule_id, e.seat, e.param) == ("R-SET-2", 2, "cmp.same_total_count")
    assert "top 1:55" in e.summary and e.zh
    assert not can(st, Play(2, cards=C("9")))
    verify(st, Pass(2))


def test_to_act_names_the_primary_seat_and_the_burners() -> None:
    hands = {1: "QQQ 5", 2: "KKK 6", 3: "AAA 7", 4: "KKK 8", 5: "9 3", 6: "T 3"}
    st = final(play(hands, "1:QQQ"))
    turns = st.to_act
    assert turns[0].seat == 4 and turns[0].primary and "play" in turns[0].kinds
    others = {t.seat: t.kinds for t in turns[1:]}
    assert "burn" in others[2] and "burn" in others[3]
    assert "burn" not in others.get(5, frozenset())


def test_profile_and_rules_tags() -> None:
    m = gj.loads(gjn(H6, "1:55", profile="two-table-654321", rules="time.limit_s=60"))
    rs, pid, notes = deal_ruleset(m.deals[0])
    assert pid == "two-table-654321" and rs.time.limit_s == 60 and notes == ()
    assert rs.pass_.duitou_reentry is False


def test_unknown_profile_is_reported_and_replayed_under_qingdao() -> None:
    frames = play(H6, "1:55", profile="no-such-profile")
    assert violations(frames)[0] == ("R-RECORD-1", None)
    assert frames[0].state.rs == load_ruleset("qingdao-standard")


def test_full_deal_replays_with_deck_check() -> None:
    from test_engine_perf import record

    deal = record("qingdao-standard", 11)
    frames = list(replay(deal))
    assert not [e for f in frames for e in f.events if isinstance(e, E.Violation)]
    end = [e for e in frames[-1].events if isinstance(e, E.DealEnded)]
    assert end and end[0].score is not None


# ---------------------------------------------------------------- irregular actions


def test_irregular_without_ruling_is_a_notice_with_the_profile_sanction() -> None:
    frames = play(H6, "1:55 ^2:89")
    assert violations(frames) == []
    notes = of(frames, E.Notice)
    assert [e.rule_id for e in notes] == ["R-SET-1"]
    assert final(frames).count(2) == 4 and final(frames).turn == 3


def test_ruling_retract_matches_the_profile() -> None:
    frames = play(H6, "1:55 ^2:89 [%ruling retract]")
    assert disputes(frames) == []
    assert [e.ruling for e in of(frames, E.Notice)] == ["retract"]  # type: ignore[attr-defined]
    assert final(frames).count(2) == 4


def test_ruling_accept_an_illegal_play_stands_with_a_dispute() -> None:
    frames = play(H6, "1:66 ^3:99 [%ruling accept the table let it stand]")
    st = final(frames)
    assert st.top is not None and st.top.owner == 3  # out of turn, yet it stands
    assert disputes(frames)


def test_ruling_daluo_and_void() -> None:
    frames = play(H6, "1:55 ^2:88 [%ruling daluo]")
    assert places(frames) == {2: 6}
    frames = play(H6, "1:55 ^2:88 [%ruling void]")
    st = final(frames)
    assert st.count(2) == 4 and st.turn == 2  # ignored
    assert disputes(frames)  # a legal play voided differs from the profile


# ---------------------------------------------------------------- variations


def test_variations_start_from_the_state_before_the_replaced_action() -> None:
    text = gjn(H6, "1:55 2:88 (2:- 3:99) 3:-")
    deal = gj.loads(text).deals[0]
    found = list(variations(deal, deck_check=False))
    assert len(found) == 1
    path, st, var = found[0]
    assert path == (2,) and st.turn == 2 and st.top is not None and st.top.owner == 1
    frames = list(replay_variation(st, var, start_index=1))
    assert [f.index for f in frames] == [2, 3]
    assert frames[-1].state.top is not None and frames[-1].state.top.owner == 3


def test_new_deal_sequence_of_hands_and_legal_actions_of_a_lead() -> None:
    st = new_deal(
        [C("55 6"), C("77"), C("88"), C("99"), C("TT"), C("JJ")], leader=1, deck_check=False
    )
    acts = legal_actions(st)
    assert {a.cards for a in acts if isinstance(a, Play)} == {C("5"), C("55"), C("6")}


def test_R_PASS_1_a_repeated_pass_is_a_notice() -> None:
    frames = play(H6, "1:55 2:- 3:99 4:- 5:- 6:- 1:- 2:-")
    assert violations(frames) == []
    assert [e.rule_id for e in of(frames, E.Notice)] == ["R-PASS-1"]
