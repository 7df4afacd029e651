"""The table events of GJN 1.1 (issue #11, part 2): a burn declared separately from the
burning play (and declined), the 开牌 draw, 亮3, a 接风 claim, a claim of automatic 开点,
保拉 and a waived 够死级 — written, read, judged by the engine (each by the family module
of its rule id), listed by ``legal_actions(..., table_events=True)``, reported by the
validator and labelled by the replay view.  The reasoned tests are named after the rule
ids they pin and quote the rule documents (``seeds``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card
from gojinotation.cards import parse_cards as C
from gojinotation.jsonio import from_json, to_json
from gojinotation_analyzer.engine import can, do, legal_actions, new_deal
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.publish.view import act_phrase
from gojinotation_analyzer.reports.validate import validate_source
from gojinotation_analyzer.rules.profiles import load_ruleset

SEED = {
    "000": "000_2cf9eb31bd48568c.txt",
    "004": "004_50c53f3a2c6a0c6c.txt",
}


def _quote(seeds: Path, doc: str, text: str) -> None:
    """The rule a test pins is written in the document it cites."""
    plain = re.sub(r"[\s“”\"‘’']", "", (seeds / SEED[doc]).read_text("utf-8"))
    assert re.sub(r"[\s“”\"‘’']", "", text) in plain, (doc, text)


def _deal(hands: str, profile: str = "qingdao-standard", leader: int = 1) -> DealState:
    return new_deal(
        [C(h) for h in hands.split("/")], load_ruleset(profile), leader=leader, deck_check=False
    )


def _run(st: DealState, *moves: str) -> tuple[DealState, list[E.Event]]:
    out: list[E.Event] = []
    for text in moves:
        st, ev = do(st, gj.parse_action(text))
        out.extend(ev)
    return st, out


def _rules(events: list[E.Event], kind: type) -> list[str]:
    return [e.rule for e in events if isinstance(e, kind)]


# ------------------------------------------------------------------------ notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("3:declare", "3:declare"),
        ("3:声明烧牌", "3:declare"),
        ("3:叫烧", "3:declare"),
        ("3:不烧", "3:decline"),
        ("3:开牌 9", "3:draw 9"),
        ("3:抽牌 D to 4", "3:draw D to 4"),
        ("3:亮 3h3d", "3:liang 3h3d"),
        ("3:亮牌 33", "3:liang 33"),
        ("3:接风", "3:jiefeng"),
        ("3:自动开点", "3:kaidian"),
        ("3:开点", "3:kaidian"),
        ("5:保拉 1", "5:baola 1"),
        ("4:放弃", "4:waive"),
        ("3:问牌 6", "3:query 6"),
        ("3:问 6", "3:query 6"),
        ("^3:JIEFENG ! [%clk 4]", "^3:jiefeng ! [%clk 4]"),
    ],
)
def test_table_events_read_in_both_languages_and_write_canonically(
    text: str, canonical: str
) -> None:
    action = gj.parse_action(text)
    assert str(action) == canonical
    assert gj.parse_action(canonical) == action
    assert from_json(to_json(action)) == action


def test_gjn_v1_card_spellings_are_not_taken_for_the_new_words() -> None:
    # the new words begin with letters that are also cards (d = 大王, k, a, j, q): a v1
    # record that plays them reads as before (hence 问牌 is `query`, not `ask`: `3:ask` is
    # A♠ K in version 1)
    text = '[Event "v1"]\nhand 1: DD KA JJ\n1. 1:dd 2:- 3:ka 4:jj 5:Dx 6:d 1:ask 2:qq'
    plays = list(gj.loads(text).deals[0].actions())  # type: ignore[union-attr]
    assert {type(a) for a in plays} == {m.Play, m.Pass}
    assert [str(a) for a in plays] == [
        "1:DD", "2:-", "3:AK", "4:JJ", "5:DX", "6:D", "1:AsK", "2:QQ",
    ]  # fmt: skip


def test_a_draw_without_a_count_and_the_json_field_to_is_optional() -> None:
    draw = gj.parse_action("2:draw Kh")
    assert isinstance(draw, m.Draw) and draw.to is None and draw.card == Card.parse("Kh")
    assert "to" not in to_json(draw)
    assert from_json({"type": "draw", "seat": 2, "card": "Kh", "to": 5}) == m.Draw(
        2, card=Card.parse("Kh"), to=5
    )


# ---------------------------------------------------------------- R-BURN-2 declarations

# seat 1 leads the 够级 set QQQ; seats 2 (opponent) and 3 (seat 1's 联邦) can burn it,
# seat 4 is the 对头 and can answer it
BURN_HANDS = "QQQ 5/KKK 6/AAA 7/AAA 8/9/T"


def test_R_BURN_2_two_declarations_the_lianbang_goes_first_the_other_is_void(
    seeds: Path,
) -> None:
    _quote(seeds, "004", "如声明烧牌者有2人以上，且分属不同的一方")
    _quote(seeds, "004", "则发够级牌者的联邦可先于其他人烧牌")
    st, ev = _run(_deal(BURN_HANDS), "1:QQQ", "2:declare", "3:declare")
    void = [e for e in ev if isinstance(e, E.Notice) and e.rule_id == "R-BURN-2"]
    assert len(void) == 1 and void[0].seat == 2 and void[0].ruling == "void"
    assert "seat 3 goes first" in void[0].en
    # seat 2's burn now waits for seat 3's (R-BURN-2), seat 3 burns
    assert not can(st, gj.parse_action("2:burn KKK"))
    assert can(st, gj.parse_action("3:burn AAA"))
    st, ev = _run(st, "2:burn KKK")
    assert _rules(ev, E.Violation) == ["R-BURN-2"]


def test_R_BURN_2_declarations_of_one_side_follow_the_order_of_play(seeds: Path) -> None:
    _quote(seeds, "000", "若烧牌者均为一方，则按发牌顺序进行")
    # seat 2 leads; seats 4 and 6 (his 联邦) hold burns, seat 5 is his 对头
    _, ev = _run(_deal("5/QQQ 5/7/KKK 6/AAA 8/AAA 9", leader=2), "2:QQQ", "6:declare", "4:declare")
    void = [e for e in ev if isinstance(e, E.Notice)]
    assert [e.seat for e in void] == [6] and "seat 4 goes first" in void[0].en


def test_R_BURN_2_the_duitou_waits_while_a_declared_burn_is_pending(seeds: Path) -> None:
    _quote(seeds, "004", "够级时按顺序先烧后打")
    st, _ = _run(_deal(BURN_HANDS), "1:QQQ", "3:declare")
    assert not can(st, gj.parse_action("4:AAA"))
    after, ev = _run(st, "4:AAA")
    assert _rules(ev, E.Violation) == ["R-BURN-2"]
    assert after.count(4) == 4  # ignored: the 对头's cards stay in his hand
    # once the declarer has declined, the 对头 answers as usual
    st, ev = _run(st, "3:decline", "4:AAA")
    assert not _rules(ev, E.Violation)


def test_R_BURN_2_an_explicit_decline_blocks_the_burn_and_needs_a_burn_to_decline() -> None:
    st, ev = _run(_deal(BURN_HANDS), "1:QQQ", "2:decline")
    assert [e.what for e in ev if isinstance(e, E.Claimed)] == ["decline"]
    assert not can(st, gj.parse_action("2:burn KKK"))
    assert not can(st, gj.parse_action("2:declare"))
    # no 够级 set on the table: nothing to decline
    st0 = _deal(BURN_HANDS)
    assert not can(st0, gj.parse_action("2:decline"))


def test_R_BURN_2_written_declarations_settle_the_priority_question() -> None:
    # without declarations a record cannot show whether seat 3 (ahead in priority) would
    # have burned: the engine reports a dispute; with them the record says he did not
    _, plain = _run(_deal(BURN_HANDS), "1:QQQ", "2:burn KKK")
    assert "R-BURN-2" in _rules(plain, E.Dispute)
    _, declared = _run(_deal(BURN_HANDS), "1:QQQ", "2:declare", "2:burn KKK")
    assert "R-BURN-2" not in _rules(declared, E.Dispute)
    assert not _rules(declared, E.Violation)


def test_R_BURN_7_declaring_a_burn_one_cannot_make_is_a_false_burn() -> None:
    # seat 5 holds a single 9: he cannot beat QQQ; his declaration is 假烧 (大落)
    st, ev = _run(_deal(BURN_HANDS), "1:QQQ", "5:declare")
    assert _rules(ev, E.Violation) == ["R-BURN-7"]
    assert any(isinstance(e, E.FakeBurn) for e in ev)
    assert st.places[5] == 6


def test_R_BURN_1_the_duitou_has_nothing_to_declare() -> None:
    st, _ = _run(_deal(BURN_HANDS), "1:QQQ")
    assert not can(st, gj.parse_action("4:declare"))


# ------------------------------------------------------------------ R-OPEN-1 开牌 draw


def test_R_OPEN_1_the_draw_counts_ccw_from_the_drawer_and_picks_the_leader(seeds: Path) -> None:
    _quote(seeds, "000", "以该牌的自然点数自开牌人开始，数至最后一人即为首取牌人")
    hands = "33/44/55/66/77/88"
    # fujian1-qingdao: no 上班, the first taker leads; a 9 drawn by seat 1 counts to seat 3
    st, ev = _run(_deal(hands, "fujian1-qingdao", leader=3), "1:draw 9 to 3")
    assert not _rules(ev, E.Violation)
    assert [e.what for e in ev if isinstance(e, E.Claimed)] == ["draw"]
    # the same draw where seat 1 leads: the count contradicts the record's leader
    _, ev = _run(_deal(hands, "fujian1-qingdao", leader=1), "1:draw 9")
    assert _rules(ev, E.Violation) == ["R-OPEN-1"]
    # a written count that is not the card's
    st = _deal(hands, "fujian1-qingdao", leader=3)
    assert not can(st, gj.parse_action("1:draw 9 to 4"))
    _, ev = _run(st, "1:draw 9 to 4")
    assert _rules(ev, E.Violation) == ["R-OPEN-1"]


def test_R_OPEN_1_a_joker_drawn_passes_the_draw_to_the_xiajia(seeds: Path) -> None:
    _quote(seeds, "000", "如抽到大小王牌，则其开牌权自然取消，由其'下家'取代")
    st, _ = _run(_deal("33/44/55/66/77/88", "fujian1-qingdao", leader=4), "1:draw X")
    assert not can(st, gj.parse_action("3:draw 9"))
    assert can(st, gj.parse_action("2:draw 9 to 4"))
    st, ev = _run(st, "2:draw 9 to 4")
    assert not _rules(ev, E.Violation)
    assert not can(st, gj.parse_action("2:draw 9"))  # 开牌 is over


def test_R_OPEN_1_draw_with_shangban_names_the_first_taker_only() -> None:
    # qingdao-standard: 上班 by two same-colour 3s decides the first leader, not the count
    _, ev = _run(_deal("33/44/55/66/77/88"), "1:draw 9")
    assert not _rules(ev, E.Violation)
    assert "上班 decides the first leader" in next(e.en for e in ev if isinstance(e, E.Claimed))


def test_R_OPEN_1_liang_shows_two_same_colour_3s_one_holds(seeds: Path) -> None:
    _quote(seeds, "004", "最先摸到并亮出两张同色3者为首发牌人")
    st = new_deal(
        [C("3h3d 5"), C("3s3h 6"), C("7"), C("8"), C("9"), C("T")],
        load_ruleset("qingdao-standard"),
        leader=1,
        deck_check=False,
    )
    assert can(st, gj.parse_action("1:liang 3h3d"))  # hearts and diamonds: both red
    assert not can(st, gj.parse_action("2:liang 3s3h"))  # black and red
    assert not can(st, gj.parse_action("3:liang 33"))  # seat 3 holds no 3
    # a profile without 上班 has no 亮3
    st = _deal("3h3d 5/6/7/8/9/T", "fujian1-qingdao")
    assert not can(st, gj.parse_action("1:liang 3h3d"))


@pytest.mark.parametrize(("leader", "errors"), [(2, []), (1, ["R-OPEN-1"])])
def test_R_OPEN_1_dingban_more_same_colour_3s_take_over_the_first_lead(
    seeds: Path, leader: int, errors: list[str]
) -> None:
    _quote(seeds, "000", "亮出同花色3多者可取代前首发牌人，称'顶班'")
    st = new_deal(
        [C("3h3d 5"), C("3s3s3c 6"), C("7"), C("8"), C("9"), C("T")],
        load_ruleset("qingdao-standard"),
        leader=leader,
        deck_check=False,
    )
    st, ev = _run(st, "1:liang 3h3d", "2:liang 3s3s3c")
    assert st.liang == (2, 3)
    assert "顶班" in [e for e in ev if isinstance(e, E.Claimed)][-1].en
    _, ev = _run(st, f"{leader}:{'6' if leader == 2 else '5'}")
    assert _rules(ev, E.Violation) == errors


# -------------------------------------------------------------------- R-JIEFENG-1


def test_R_JIEFENG_1_the_xiajia_claims_and_his_claim_is_his_pass(seeds: Path) -> None:
    _quote(seeds, "000", "上手留的最后一套牌在下手声明'接风'时，视为声明'接风'者本人过牌")
    st, _ = _run(_deal("55/33 K/44 Q/33 J/44 T/33 9"), "1:55")
    assert st.places[1] == 1
    assert not can(st, gj.parse_action("3:jiefeng"))
    st, ev = _run(st, "2:jiefeng")
    assert [e.what for e in ev if isinstance(e, E.Claimed)] == ["jiefeng"]
    assert st.passed & (1 << 2) and any(isinstance(e, E.Passed) for e in ev)
    st, ev = _run(st, "3:-", "4:-", "5:-", "6:-")
    assert st.closing and st.next_leader == 2
    # the round is closing: the lead falls to seat 2, who may claim it (again) now
    assert can(st, gj.parse_action("2:jiefeng"))
    assert not can(st, gj.parse_action("3:jiefeng"))
    st, ev = _run(st, "2:jiefeng", "2:K")
    assert any(isinstance(e, E.Jiefeng) and e.seat == 2 for e in ev)
    assert not [e for e in ev if isinstance(e, (E.Violation, E.Dispute))]


# -------------------------------------------------------------------- R-KAIDIAN-1


def test_R_KAIDIAN_1_a_claim_of_automatic_kaidian_opens_and_a_false_one_is_daluo(
    seeds: Path,
) -> None:
    _quote(seeds, "000", "若一局中某人手中没有任意够级牌，则可以判定该人自动开点")
    _quote(seeds, "000", "如果情况不属于，一旦被发现，直接判定为'大落'")
    # bie3-activity (000§G): automatic 开点 on; seat 1 holds no 够级 set, seat 2 holds 22
    hands = "3 5 6 7/22 3 4/3 8/3 9/3 T/3 J"
    st, ev = _run(_deal(hands, "bie3-activity"), "1:kaidian")
    assert [type(e).__name__ for e in ev] == ["Claimed", "Opened"]
    assert st.opened & (1 << 1)
    st, ev = _run(_deal(hands, "bie3-activity"), "2:kaidian")
    assert _rules(ev, E.Violation) == ["R-KAIDIAN-1"]
    assert st.places[2] == 6
    # a profile without automatic 开点 has no such claim
    assert not can(_deal(hands, "qingdao-standard"), gj.parse_action("1:kaidian"))


# ----------------------------------------------------------------- R-REVOLUTION-1


def test_R_REVOLUTION_1_baola_backs_a_teammates_zaofan(seeds: Path) -> None:
    _quote(seeds, "000", "提出保拉者抢到头客后即为保拉成功，造反方为三客")
    hands = "33 44/55/66/77/88/99"
    st = _deal(hands, "fujian2-zaofan")
    assert can(st, gj.parse_action("3:baola 1"))
    assert not can(st, gj.parse_action("2:baola 1"))  # not seat 1's teammate
    st, ev = _run(st, "3:baola 1")
    assert st.baola == ((3, 1),)
    assert [e.what for e in ev if isinstance(e, E.Claimed)] == ["baola"]
    assert not can(st, gj.parse_action("5:baola 1"))  # already backed
    assert not can(_deal(hands, "qingdao-standard"), gj.parse_action("3:baola 1"))


@pytest.mark.parametrize(("backer", "rebel_place"), [(3, 3), (5, 6)])
def test_R_REVOLUTION_1_baola_succeeds_when_the_backer_takes_toke(
    seeds: Path, backer: int, rebel_place: int
) -> None:
    _quote(seeds, "000", "提出保拉者未抢到头客，造反方为大拉")
    # seat 1 (no joker, no 2) rebels, backed by seat 3 or seat 5; seat 3 goes out first
    moves = (f"{backer}:baola 1", "1:revolution", "3:5", "4:7", "5:8", "6:9")
    st, ev = _run(_deal("33 44/6/5/7/8/9", "fujian2-zaofan", leader=3), *moves)
    assert st.ended and st.places[3] == 1
    assert st.places[1] == rebel_place  # 三科 when the backer is 头科, else 大拉 (last)
    assert "R-REVOLUTION-1" not in _rules(ev, E.Dispute)  # the record shows the 保拉


def test_R_REVOLUTION_1_a_zaofan_without_a_written_baola_stays_a_dispute() -> None:
    _, ev = _run(_deal("33 44/6/5/7/8/9", "fujian2-zaofan", leader=3), "1:revolution")
    assert _rules(ev, E.Dispute) == ["R-REVOLUTION-1"]


@pytest.mark.parametrize(
    ("profile", "asker", "legal"),
    [
        ("qingdao-standard", 2, True),  # 报牌 on request at ten cards or fewer
        ("tiaozhanbei-2", 2, False),  # asking forbidden
        ("qingdao-bie3", 2, False),  # no 报牌 at all under 憋3 (001d)
        ("saizhi-002", 3, True),  # 002: the 对头 may ask
        ("saizhi-002", 2, False),  # … nobody else
    ],
)
def test_R_REPORT_1_asking_a_count_follows_baohu_mode(
    profile: str, asker: int, legal: bool
) -> None:
    st = _deal("33/44/55/66/77/88", profile)
    rs = load_ruleset(profile)
    action = gj.parse_action(f"{asker}:query 6")
    assert can(st, action) is legal, rs.baohu.mode
    _, ev = _run(st, f"{asker}:query 6")
    assert [e.what for e in ev if isinstance(e, E.Claimed)] == (["query"] if legal else [])


def test_R_REPORT_1_asking_above_ten_cards_gets_nothing_to_report() -> None:
    st = _deal("33/44/55/66/77/888999TTTJJ", "qingdao-standard")
    assert not can(st, gj.parse_action("2:query 6"))  # 11 cards: 不够报 (a notice)
    _, ev = _run(st, "2:query 6")
    assert _rules(ev, E.Notice) == ["R-REPORT-1"] and not _rules(ev, E.Violation)


def test_R_REVOLUTION_1_the_duitou_may_waive_his_gousiji_chances(seeds: Path) -> None:
    _quote(seeds, "004", "其对头取得三次够死级的权力。声明放弃此权力即视为无头")
    st, ev = _run(_deal("33 44/55 2/66/77/88/99", "latest-004"), "1:revolution")
    assert st.gsj[4] == 3
    assert not can(st, gj.parse_action("2:waive"))
    st, ev = _run(st, "4:waive")
    assert st.gsj[4] == 0
    assert [type(e).__name__ for e in ev] == ["Claimed", "Wutou"]


# ------------------------------------------------------------------ legal_actions


def _table_candidates(st: DealState) -> list[m.Action]:
    out: list[m.Action] = []
    for s in m.SEATS:
        out += [m.Declare(s), m.Decline(s), m.JiefengClaim(s), m.Kaidian(s), m.Waive(s)]
        out += [m.Baola(s, rebel=r) for r in m.SEATS]
        out += [m.Draw(s, card=Card.parse(c)) for c in ("9", "K", "A", "2", "X", "D")]
        out += [m.Show(s, cards=C("33")), m.Show(s, cards=C("333"))]
        out += [m.Query(s, target=t) for t in m.SEATS]
    return out


@pytest.mark.parametrize(
    ("hands", "profile", "moves"),
    [
        (BURN_HANDS, "qingdao-standard", ("1:QQQ", "2:declare", "3:declare", "3:burn AAA")),
        ("55/33 K/44 Q/33 J/44 T/33 9", "qingdao-standard", ("1:55", "2:-", "3:-")),
        ("33 5 6 7/22 3 4/3 8/3 9/3 T/3 J", "bie3-activity", ("1:kaidian",)),
        ("33 44/55/66/77/88/99", "fujian2-zaofan", ("3:baola 1", "1:revolution")),
        ("33 44/55 2/66/77/88/99", "latest-004", ("1:revolution", "4:waive")),
        ("33/44/55/66/77/88", "fujian1-qingdao", ("1:draw D", "2:draw 9")),
    ],
)
def test_R_BURN_1_table_events_listed_are_exactly_what_can_accepts(
    hands: str, profile: str, moves: tuple[str, ...]
) -> None:
    """``legal_actions(st, table_events=True)`` adds the table events: each listed one is
    accepted, and of the candidates (the listed kinds, any seat) exactly those listed
    (draws and 亮3 are listed unsuited) are."""
    st = _deal(hands, profile)
    for text in ("", *moves):
        if text:
            st, _ = do(st, gj.parse_action(text))
        plain = legal_actions(st)
        full = legal_actions(st, table_events=True)
        assert full[: len(plain)] == plain
        listed = set(full[len(plain) :])
        assert all(can(st, a) for a in listed)
        for a in _table_candidates(st):
            assert (a in listed) == can(st, a), (text, a)


# ---------------------------------------------------------------- validator, view

RECORD = """%GJN 1
[Event "declarations"]
[Profile "qingdao-standard"]
[Leader "1"]

hand 1: QQQ 5
hand 2: KKK 6
hand 3: AAA 7
hand 4: AAA 8
hand 5: 9
hand 6: T

1. 1:QQQ 2:declare 3:declare 4:AAA 3:burn AAA
"""


def test_validator_reports_declarations_and_their_rulings() -> None:
    found = [(d.code, d.rule_id, d.seat) for d in validate_source(RECORD, file="t.gjn").diagnostics]
    assert ("GJV507", "R-BURN-2", 2) in found and ("GJV507", "R-BURN-2", 3) in found
    assert ("GJV502", "R-BURN-2", 2) in found  # seat 2's declaration is void
    assert ("GJV209", "R-BURN-2", 4) in found  # the 对头 answered before the burn


@pytest.mark.parametrize(
    ("text", "en", "zh"),
    [
        ("2:declare", "declares a burn", "声明烧牌"),
        ("2:decline", "declines to burn", "声明不烧"),
        ("2:jiefeng", "claims 接风 (the lead)", "接风"),
        ("2:kaidian", "claims automatic 开点", "声明自动开点"),
        ("2:waive", "waives the 够死级 chances", "放弃够死级"),
        ("2:query 5", "asks seat 5's count", "问5号的牌数"),
        ("2:liang 33", "shows two threes (亮3)", "亮两张3（上班）"),
    ],
)
def test_replay_view_labels_the_table_events(text: str, en: str, zh: str) -> None:
    action = gj.parse_action(text)
    assert act_phrase(action, "en", {}) == en
    assert act_phrase(action, "zh", {}) == zh
