"""engine.sets: legal sets, 够级 status and comparison under every rule profile.

Tests are named after the rule ids (docs/CONTRACTS.md) and the catalog's worked situations
(EC-xx, catalog §4), with the per-profile rulings the catalog gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from gojinotation.cards import Rank, format_cards, parse_cards
from gojinotation_analyzer.engine.sets import (
    IllegalSet,
    SetShape,
    UnknownCardsError,
    Verdict,
    beating_sets,
    bie3_play_ok,
    burn_feasible,
    burn_formula_ok,
    burn_formula_terms,
    burn_plan_ok,
    candidate_sets,
    compare,
    is_gouji,
    opens_kaidian,
    shape,
)
from gojinotation_analyzer.rules.profiles import PROFILES, load_ruleset
from gojinotation_analyzer.rules.ruleset import Ruleset

# --------------------------------------------------------------------------- profiles

_CACHE: dict[str, Ruleset] = {}


def P(pid: str) -> Ruleset:
    """The ruleset of a catalog profile."""
    if pid not in _CACHE:
        _CACHE[pid] = load_ruleset(pid)
    return _CACHE[pid]


ALL = list(PROFILES)
QS, QD, QB, DA, TZ, KA, TT, BA = (
    "qingdao-standard",
    "qingdao-dadian",
    "qingdao-bie3",
    "dasai-5421",
    "tiaozhanbei-2",
    "karamay-jingsai",
    "two-table-654321",
    "bie3-activity",
)
KL = "karamay-leitai"
F1, DS, F2, TK, CW, TS, DG, ZQ, S2, T3, L4 = (
    "fujian1-qingdao",
    "dian-shao-men-luo",
    "fujian2-zaofan",
    "taikai-2014",
    "corp-winter-2014",
    "tongsu",
    "dagang-196",
    "zhilian-qingdao",
    "saizhi-002",
    "trad-003",
    "latest-004",
)


def S(text: str, pid: str | Ruleset = QS) -> SetShape:
    rs = P(pid) if isinstance(pid, str) else pid
    return shape(parse_cards(text), rs)


def cmp(new: str, old: str, pid: str | Ruleset = QS) -> Verdict:
    rs = P(pid) if isinstance(pid, str) else pid
    return compare(shape(parse_cards(new), rs), shape(parse_cards(old), rs), rs)


def over(**kw: Any) -> Ruleset:
    return Ruleset().with_overrides({k.replace("__", "."): v for k, v in kw.items()})


def illegal(text: str, pid: str | Ruleset) -> IllegalSet:
    with pytest.raises(IllegalSet) as exc:
        S(text, pid)
    return exc.value


# --------------------------------------------------------------------------- R-SET-1


def test_R_SET_1_one_natural_rank() -> None:
    for pid in ALL:
        err = illegal("KQ", pid)
        assert err.rule_id == "R-SET-1" and err.param is None
        assert S("KKK", pid).base == Rank.KING
    assert illegal("X2KQ", QS).rule_id == "R-SET-1"


def test_R_SET_1_empty_set() -> None:
    assert illegal("", QS).rule_id == "R-SET-1"


def test_R_SET_1_unknown_cards_are_a_typed_error() -> None:
    with pytest.raises(UnknownCardsError) as exc:
        S("KK?")
    assert exc.value.count == 1
    with pytest.raises(UnknownCardsError):
        candidate_sets(parse_cards("?*36"), P(QS))


def test_R_SET_1_jokers_on_a_set_of_twos_keep_rank_two() -> None:
    """004b(1), 000§O: 2s with jokers and no other natural card stay 2s."""
    for pid in (QS, TS, BA, DG):
        s = S("DD222", pid)
        assert (s.base, s.naturals, s.n_twos_attached, s.n_big) == (Rank.TWO, 3, 0, 2)


def test_R_SET_1_IllegalSet_fields_and_pickling() -> None:
    import pickle

    err = illegal("TTTT2", TS)
    again = pickle.loads(pickle.dumps(err))
    assert (again.rule_id, again.en, again.zh, again.param) == (
        err.rule_id,
        err.en,
        err.zh,
        err.param,
    )


# --------------------------------------------------------------------------- R-TWO-1


def test_R_TWO_1_filler_conversions_000_O() -> None:
    s = S("22333")
    assert (s.base, s.n_base, s.n_twos_attached, s.total) == (Rank.THREE, 5, 2, 5)
    assert S("266").n_base == 3
    s = S("DD2229999")  # 2 大王 + 3个2 + 4个9 = 2 大王 with 7 nines
    assert (s.base, s.n_base, s.n_big) == (Rank.NINE, 7, 2)


def test_R_TWO_1_forbidden_tongsu() -> None:
    err = illegal("TTTT2", TS)
    assert (err.rule_id, err.param) == ("R-TWO-1", "play.attach_twos")
    assert S("22", TS).base == Rank.TWO


def test_R_TWO_1_power3_bie3_activity() -> None:
    """000§G: 2 may not be 贴; three 2s may accompany a set as a power unit."""
    assert illegal("TTTT2", BA).rule_id == "R-TWO-1"
    assert illegal("22777", BA).rule_id == "R-TWO-1"
    s = S("222777", BA)
    assert (s.base, s.naturals, s.n_power_twos, s.n_twos_attached, s.count) == (
        Rank.SEVEN,
        3,
        3,
        0,
        4,
    )


def test_R_TWO_1_filler_everywhere_else() -> None:
    for pid in ALL:
        if pid in (TS, BA):
            continue
        assert S("TTTT2", pid).n_base == 5


# --------------------------------------------------------------------------- R-JOKER-1


def test_R_JOKER_1_attach_forbidden_by_override() -> None:
    rs = over(play__attach_jokers=False)
    err = illegal("X55", rs)
    assert (err.rule_id, err.param) == ("R-JOKER-1", "play.attach_jokers")
    assert illegal("DX", rs).rule_id == "R-JOKER-1"
    assert S("XX", rs).n_small == 2
    assert S("X55").n_small == 1


def test_R_JOKER_8_pure_joker_mix_parameter() -> None:
    rs = over(play__pure_joker_mixed=False)
    err = illegal("DX", rs)
    assert (err.rule_id, err.param) == ("R-JOKER-8", "play.pure_joker_mixed")
    assert S("DX55", rs).n_big == 1
    assert S("DX").is_mixed


# --------------------------------------------------------------------------- R-BIE3-1


def test_R_BIE3_1_threes_take_no_attachments() -> None:
    for pid in (QB, KA, BA, DS, TK, L4, TZ, DA):
        for text in ("X333", "2333"):
            err = illegal(text, pid)
            assert err.param in ("play.three_attach", "play.attach_twos")
        assert S("333", pid).base == Rank.THREE
    for pid in (QS, TT, CW, T3):
        assert S("X333", pid).n_small == 1


def test_R_BIE3_1_threes_only_last_and_unsplit() -> None:
    rs = P(QB)
    assert not bie3_play_ok(parse_cards("33"), parse_cards("333"), rs).ok
    assert not bie3_play_ok(parse_cards("333"), parse_cards("3335"), rs).ok
    assert bie3_play_ok(parse_cards("333"), parse_cards("333"), rs).ok
    assert bie3_play_ok(parse_cards("55"), parse_cards("3355"), rs).ok
    assert bie3_play_ok(parse_cards("33"), parse_cards("3355"), P(QS)).ok
    # candidate leads: 3s only when the hand is all 3s, and then all of them
    assert [format_cards(c) for c in candidate_sets(parse_cards("333"), rs)] == ["333"]
    assert all(
        Rank.THREE not in {c.rank for c in cs} for cs in candidate_sets(parse_cards("3355"), rs)
    )


# --------------------------------------------------------------------------- R-KAIDIAN-3


def test_R_KAIDIAN_3_fours_take_no_attachments() -> None:
    for pid in (L4, TZ):
        for text in ("X44", "2444"):
            err = illegal(text, pid)
            assert (err.rule_id, err.param) == ("R-KAIDIAN-3", "play.four_no_attach")
        assert S("44", pid).base == Rank.FOUR
    assert S("X44", QS).n_small == 1


# --------------------------------------------------------------------------- R-GOUJI-1


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("TTTTT", True),
        ("TTTT", False),
        ("TTTT2", True),
        ("JJJJ", True),
        ("JJJ", False),
        ("QQQ", True),
        ("QQ", False),
        ("KK", True),
        ("K", False),
        ("AA", True),
        ("A", False),
        ("2", True),
        ("X", True),
        ("D", True),
        ("X3", True),
        ("D2", True),
        ("9*9", False),
    ],
)
def test_R_GOUJI_1_qingdao_thresholds(text: str, want: bool) -> None:
    assert is_gouji(S(text), P(QS)) is want


def test_R_GOUJI_1_attached_twos_count_parameter() -> None:
    rs = over(gouji__attached_twos_count=False)
    assert not is_gouji(S("TTTT2", rs), rs)
    assert is_gouji(S("TTTTT2", rs), rs)


def test_R_GOUJI_1_dagang_lone_two_is_not_gouji() -> None:
    rs = P(DG)
    assert not is_gouji(S("2", rs), rs)
    assert is_gouji(S("X", rs), rs)  # jokered sets are 够级 (000§O)
    assert is_gouji(S("X55", rs), rs)


def test_R_GOUJI_1_power_twos_count_like_jokers() -> None:
    assert is_gouji(S("222777", BA), P(BA))


# --------------------------------------------------------------------------- R-SET-2/3


def test_R_SET_2_same_count() -> None:
    v = cmp("KK", "QQQ")
    assert (v.ok, v.rule_id, v.param) == (False, "R-SET-2", "cmp.same_total_count")
    assert not cmp("KKKK", "QQQ").ok
    assert cmp("X999", "888", QS).rule_id == "R-SET-2"


def test_R_SET_3_strictly_higher() -> None:
    for pid in ALL:
        assert cmp("KKK", "QQQ", pid).ok
        v = cmp("QQQ", "QQQ", pid)
        assert (v.ok, v.rule_id) == (False, "R-SET-3")
        assert not cmp("JJJ", "QQQ", pid).ok
        assert cmp("22", "AA", pid).ok
    assert cmp("TTTT2", "99999").ok
    assert cmp("JJJJJ", "TTTT2").ok
    assert not cmp("TTTT2", "TTTTT").ok


# --------------------------------------------------------------------------- R-JOKER-2


def test_R_JOKER_2_dawang_set_is_dead() -> None:
    for pid in ALL:
        v = cmp("X", "D", pid)
        assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-2", "cmp.dawang_set_dead")
        assert cmp("D999", "D888", pid).rule_id == "R-JOKER-2"
        assert cmp("DD99", "D888", pid).ok is (pid in (DS, TS))  # 二杀一


def test_R_JOKER_2_not_dead_bie3_activity_two_aspects() -> None:
    """Were 大王 not dead, a both-aspects comparison applies (the catalog's EC-05 reading)."""
    rs = over(cmp__dawang_set_dead=False, cmp__xiaowang_set="two_aspects")
    assert cmp("DD99", "D888", rs).ok
    assert not cmp("D999", "D888", rs).ok  # the jokers are not bigger
    assert not cmp("XX99", "D888", rs).ok


# --------------------------------------------------------------------------- R-JOKER-3


def test_R_JOKER_3_qingdao_dawang_ge_count_rank_plus1() -> None:
    """001b: 大王 at least as many as the 小王, natural part at least one rank higher."""
    assert cmp("D999", "X888").ok
    assert cmp("DD9", "XX8").ok
    v = cmp("D99", "XX8")
    assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-3", "cmp.xiaowang_set")
    assert not cmp("X999", "X888").ok
    assert not cmp("XX999", "XX888").ok
    assert cmp("DX999", "X8888").ok  # extra jokers are fine
    assert not cmp("XXX99", "XX888").ok  # more 小王 is not enough here


def test_R_JOKER_3_two_aspects_bie3_activity() -> None:
    """000§G: 2大花带3个9 and 3个花带2个9 both beat 2小花+3个8."""
    assert cmp("DD999", "XX888", BA).ok
    assert cmp("XXX99", "XX888", BA).ok
    assert cmp("DDD99", "XX888", BA).ok
    assert not cmp("XX999", "XX888", BA).ok  # jokers not bigger
    assert not cmp("XXX88", "XX888", BA).ok  # natural part not bigger


def test_R_JOKER_3_jokers_then_plain_higher_tongsu() -> None:
    """000§M: the jokers decide, and the other cards must also be higher."""
    assert cmp("D999", "X888", TS).ok
    v = cmp("XX999", "X8888", TS)
    assert (v.ok, v.param) == (False, "cmp.xiaowang_set")
    assert not cmp("D888", "X888", TS).ok


# --------------------------------------------------------------------------- R-JOKER-4


def test_R_JOKER_4_jokered_vs_plain() -> None:
    v = cmp("X99", "888")
    assert (v.ok, v.rule_id, v.param) == (True, "R-JOKER-4", "cmp.jokered_vs_plain")
    assert not cmp("X88", "888").ok
    assert not cmp("X77", "888").ok
    rs = over(cmp__jokered_vs_plain="any_rank")
    assert cmp("X88", "888", rs).ok
    assert cmp("X77", "888", rs).ok
    assert not cmp("888", "X77", rs).ok  # a plain set never beats a jokered one


# --------------------------------------------------------------------------- R-JOKER-5


def test_R_JOKER_5_mixed_set_shapes() -> None:
    s = S("DX225555", DG)  # 000§O: 1大花+1小花+2个2+4个五 = 2个小花带6个五
    assert (s.n_big, s.n_small, s.n_big_demoted, s.base, s.n_base) == (0, 2, 1, Rank.FIVE, 6)
    s = S("DX5555", BA)  # 000§G: 1大花+1小花+4个五 = 1大花、1个小花带4个五
    assert (s.n_big, s.n_small, s.n_big_demoted) == (1, 1, 0)


def test_R_JOKER_5_mixed_old_set() -> None:
    v = cmp("DD6666", "DX5555", DG)
    assert (v.ok, v.rule_id, v.param) == (True, "R-JOKER-5", "play.mixed_big_small")
    v = cmp("DD6666", "DX5555", QS)
    assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-5", "play.mixed_big_small")


def test_R_JOKER_5_mixed_new_set() -> None:
    assert cmp("DX6666", "X55555", QS).ok
    v = cmp("DX6666", "X55555", DG)
    assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-5", "play.mixed_big_small")


# --------------------------------------------------------------------------- R-JOKER-6


def test_R_JOKER_6_ershayi_dian_shao_men_luo() -> None:
    v = cmp("DD", "D", DS)
    assert (v.ok, v.rule_id, v.param) == (True, "R-JOKER-6", "cmp.ershayi")
    # a single 大王 falls to exactly two (000§M(4) 两大灭一大; issue #11: nothing more)
    assert not cmp("DDD", "D", DS).ok
    assert cmp("DD66", "D555", DS).ok  # attached: same count, higher natural part
    assert not cmp("DD55", "D555", DS).ok
    assert not cmp("DD666", "D555", DS).ok
    assert not cmp("DDDD", "DD", DS).ok  # 二杀一 only: one 大王 can be killed
    assert not cmp("D", "DD", DS).ok


def test_R_JOKER_6_ershayi_tongsu() -> None:
    assert cmp("DD", "D", TS).ok
    assert cmp("DD66", "D555", TS).ok


def test_R_JOKER_6_ershayi_off_elsewhere() -> None:
    for pid in (QS, L4, TT, KA, QB):
        v = cmp("DD", "D", pid)
        assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-6", "cmp.ershayi")
        assert not cmp("DD66", "D555", pid).ok


# --------------------------------------------------------------------------- R-JOKER-7


def test_R_JOKER_7_three_twos_over_dawang() -> None:
    v = cmp("222", "D", BA)
    assert (v.ok, v.rule_id, v.param) == (True, "R-JOKER-7", "cmp.three_twos_beat_dawang")
    assert cmp("222", "X", BA).ok
    assert not cmp("22", "D", BA).ok
    assert not cmp("2222", "D", BA).ok
    v = cmp("222", "D", TS)
    assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-7", "cmp.three_twos_beat_dawang")


def test_R_JOKER_7_three_twos_with_sevens_000_G() -> None:
    """000§G: 1个小花带3个6 is beaten by 3个2带3个7 (both aspects)."""
    v = cmp("222777", "X666", BA)
    assert v.ok and v.rule_id == "R-JOKER-7"
    assert not cmp("222666", "X666", BA).ok
    assert not cmp("X666", "222777", BA).ok
    assert cmp("222777", "X666", QS).rule_id == "R-SET-2"  # 2s are fillers: 777777


def test_R_JOKER_7_power_units_without_the_dawang_parameter() -> None:
    rs = over(play__attach_twos="power3", cmp__three_twos_beat_dawang=False)
    assert cmp("222777", "X666", rs).ok
    assert not cmp("222", "D", rs).ok


# --------------------------------------------------------------------------- R-JOKER-8


def test_R_JOKER_8_pure_joker_sets() -> None:
    assert cmp("D", "X").ok
    v = cmp("DD", "XX")
    assert v.ok and v.rule_id == "R-JOKER-8" and "silent" in v.en
    assert not cmp("DX", "XX").ok
    assert not cmp("XX", "DX").ok  # old holds a 大王: dead
    assert cmp("XX", "AA").ok
    assert cmp("X", "2").ok
    assert not cmp("XXX", "XX").ok
    assert cmp("DD", "DX", over(cmp__dawang_set_dead=False)).ok


def test_R_JOKER_8_pure_joker_sets_dead_parameter() -> None:
    rs = over(cmp__pure_joker_sets="dead")
    v = cmp("DD", "XX", rs)
    assert (v.ok, v.rule_id, v.param) == (False, "R-JOKER-8", "cmp.pure_joker_sets")
    assert cmp("D", "X", rs).ok


# --------------------------------------------------------------------------- R-KAIDIAN-1


def test_R_KAIDIAN_1_pure_gouji() -> None:
    rs = P(QD)
    assert opens_kaidian(S("QQQ", rs), rs)
    assert not opens_kaidian(S("QQ", rs), rs)  # not 够级
    assert not opens_kaidian(S("QQ2", rs), rs)  # 贴二
    assert not opens_kaidian(S("XQQQ", rs), rs)  # 挂花
    assert not opens_kaidian(S("22", rs), rs)  # 2s never open
    assert not opens_kaidian(S("X", rs), rs)


def test_R_KAIDIAN_1_karamay_inclusive() -> None:
    rs = P(KA)
    assert opens_kaidian(S("2", rs), rs)
    assert opens_kaidian(S("X", rs), rs)
    assert opens_kaidian(S("X55", rs), rs)
    assert opens_kaidian(S("QQQ2", rs), rs)  # 够级牌挂2
    assert not opens_kaidian(S("QQ2", rs), rs)  # natural part alone not 够级
    assert not opens_kaidian(S("D", rs), rs)
    assert not opens_kaidian(S("DKK", rs), rs)


# --------------------------------------------------------------------------- R-BURN-9/3


def test_R_BURN_9_formula() -> None:
    rs = P(L4)
    hand = parse_cards("QQQQ KK 999 3 D X")
    assert burn_formula_terms(hand, rs) == (4, 2, 2)
    assert burn_formula_ok(hand, rs)
    assert not burn_formula_ok(parse_cards("QQQQ KK 999 55 3 D X"), rs)
    assert burn_formula_terms(parse_cards("QQQQ KK 999 55 3 D X 2"), rs) == (5, 2, 2)
    # where 2s cannot be fillers they are a set of their own
    assert burn_formula_terms(parse_cards("QQ 2 X"), P(TS)) == (2, 1, 2)
    assert burn_formula_terms(parse_cards("QQ 2 X"), P(QS)) == (1, 1, 2)
    assert burn_formula_terms(parse_cards("QQ 2 X"), P(TT)) == (1, 1, 1)


def test_R_BURN_3_joker_on_middle_sets() -> None:
    plan = [parse_cards(t) for t in ("QQQQ", "KKD", "999", "3")]
    v = burn_plan_ok(plan, P(QS))
    assert (v.ok, v.rule_id, v.param) == (False, "R-BURN-3", "burn.joker_exempt")
    assert burn_plan_ok([parse_cards("QQQQ")], P(QS)).ok
    assert not burn_plan_ok([], P(QS)).ok
    v = burn_plan_ok([parse_cards(t) for t in ("QQQQ", "X333", "55")], P(QB))
    assert (v.ok, v.rule_id) == (False, "R-BIE3-1")


def test_R_BURN_3_only_3s_left_saizhi_002() -> None:
    plan = [parse_cards(t) for t in ("QQQQ", "3", "33")]
    assert not burn_plan_ok(plan, P(QS)).ok
    v = burn_plan_ok(plan, P(S2))
    assert (v.ok, v.param) == (True, "burn.only_3s_left_ok")
    rs = over(burn__only_3s_left_ok=True, burn__joker_exempt="last_only")
    assert burn_plan_ok([parse_cards("QQQQ"), parse_cards("333")], rs).ok
    assert burn_feasible(parse_cards("QQQQ 333"), parse_cards("QQQQ"), rs).ok


def test_R_BURN_3_runtime_feasibility() -> None:
    hand = parse_cards("QQQQ KK 999 3 D X")
    assert burn_feasible(hand, parse_cards("QQQQ"), P(QS)).ok
    assert not burn_feasible(parse_cards("QQQQ KK 999 55 3 D X"), parse_cards("QQQQ"), P(QS)).ok
    assert not burn_feasible(hand, parse_cards("QQQQ"), P(TT)).ok
    assert not burn_feasible(hand, parse_cards("DQQQQ"), P(TT)).ok  # KK+X, 999 bare, 3
    assert burn_feasible(parse_cards("QQQQ KK 3 D X"), parse_cards("DQQQQ"), P(TT)).ok
    assert not burn_feasible(hand, parse_cards("AAAA"), P(QS)).ok  # not in the hand
    # under 憋3 and 开点发4 neither 3s nor 4s carry a joker: both cannot be last
    v = burn_feasible(parse_cards("QQQQ 44 3 D X"), parse_cards("QQQQ"), P(L4))
    assert not v.ok
    assert burn_feasible(parse_cards("QQQQ 44 3 D X"), parse_cards("QQQQ"), P(QS)).ok


# --------------------------------------------------------------------------- worked situations


EC01_LEGAL = [QS, QD, QB, ZQ, F1, T3, CW, TT, S2, DG, DA, TZ, F2, TK, KA, KL, DS, L4]


def test_EC_01_reaching_gouji_with_a_two() -> None:
    assert set(EC01_LEGAL) | {BA, TS} == set(ALL)
    for pid in EC01_LEGAL:
        rs = P(pid)
        s = S("TTTT2", rs)
        assert is_gouji(s, rs), pid
    for pid in (QD, S2, DS, L4, TZ, DA, KA, KL):
        rs = P(pid)
        assert not opens_kaidian(S("TTTT2", rs), rs), pid
    for pid in (BA, TS):
        assert illegal("TTTT2", pid).rule_id == "R-TWO-1"


def test_EC_03_xiaowang_set_answered_at_the_same_rank() -> None:
    for pid in ALL:
        v = cmp("DD888", "XX888", pid)
        assert not v.ok and v.rule_id == "R-JOKER-3", pid


def test_EC_05_ershayi_single_dawang_answered_by_two() -> None:
    legal = {DS, TS}
    for pid in ALL:
        v = cmp("DD", "D", pid)
        assert v.ok is (pid in legal), pid
        assert v.param == "cmp.ershayi", pid


def test_EC_07_three_twos_against_a_single_dawang() -> None:
    for pid in ALL:
        v = cmp("222", "D", pid)
        assert v.ok is (pid == BA), pid
        assert v.rule_id == "R-JOKER-7", pid


def test_EC_13_burn_feasibility_formula_and_first_set_exemption() -> None:
    hand = parse_cards("QQQQ KK 999 3 D X")
    plan = [parse_cards(t) for t in ("QQQQ", "KKD", "999X", "3")]
    assert burn_formula_ok(hand, P(L4))
    for pid in (QS, QD, QB, L4, S2, KA, DS, F1, T3):
        assert burn_plan_ok(plan, P(pid)).ok, pid
        assert burn_feasible(hand, parse_cards("QQQQ"), P(pid)).ok, pid
    v = burn_plan_ok(plan, P(TT))
    assert (v.ok, v.rule_id, v.param) == (False, "R-BURN-3", "burn.joker_exempt")
    assert not burn_feasible(hand, parse_cards("QQQQ"), P(TT)).ok
    # the beating set beats the 够级 set everywhere
    for pid in ALL:
        assert cmp("QQQQ", "JJJJ", pid).ok


def test_EC_19_does_xiaowang_kk_or_a_single_two_open() -> None:
    for pid in (KA, KL):
        rs = P(pid)
        assert opens_kaidian(S("XKK", rs), rs)
        assert opens_kaidian(S("2", rs), rs)
    for pid in (BA, DS, L4, TZ, DG, QD, S2):
        rs = P(pid)
        assert not opens_kaidian(S("XKK", rs), rs), pid
        assert not opens_kaidian(S("2", rs), rs), pid


# --------------------------------------------------------------------------- enumeration


def test_candidate_sets_order_and_suits() -> None:
    hand = parse_cards("5s 5h 5d 2c X")
    got = [format_cards(c) for c in candidate_sets(hand, P(QS))]
    assert got == [
        "5s",
        "X5s",
        "2c5s",
        "X2c5s",
        "5s5h",
        "X5s5h",
        "2c5s5h",
        "X2c5s5h",
        "5s5h5d",
        "X5s5h5d",
        "2c5s5h5d",
        "X2c5s5h5d",
        "2c",
        "X2c",
        "X",
    ]


def test_candidate_sets_by_profile() -> None:
    hand = parse_cards("44 222 X")
    n_qs = len(candidate_sets(hand, P(QS)))
    assert n_qs == 2 * 4 * 2 + 3 * 2 + 1
    assert len(candidate_sets(hand, P(L4))) == 2 + 3 * 2 + 1  # 4s bare
    assert len(candidate_sets(hand, P(TS))) == 2 * 2 + 3 * 2 + 1  # no 贴钱
    assert len(candidate_sets(hand, P(BA))) == 2 * 2 * 2 + 3 * 2 + 1  # 0 or 3 twos


def test_beating_sets_examples() -> None:
    rs = P(QS)
    hand = parse_cards("DXX99 KKK 2")
    got = [format_cards(c) for c in beating_sets(hand, S("X88"), rs)]
    assert got == ["DX9", "D29", "D99", "DXK", "D2K", "DKK", "DX2", "DXX"]
    got = [format_cards(c) for c in beating_sets(hand, S("QQQ"), rs)]
    assert got == ["DXK", "XXK", "D2K", "X2K", "DKK", "XKK", "2KK", "KKK", "DX2", "XX2", "DXX"]
    assert beating_sets(hand, S("D"), rs) == []
    ds = P(DS)
    # a lone 大王 falls to exactly two 大王 (000§M(4) 两大灭一大): DD9 is not an answer
    assert [format_cards(c) for c in beating_sets(parse_cards("DD9"), S("D", ds), ds)] == ["DD"]


def test_beating_sets_full_hand_is_fast() -> None:
    import time

    hand = parse_cards("DDDD XXXX 2*8 AAAA KKK QQQ JJJ TTT 999 4")
    assert len(hand) == 36
    rs = P(QS)
    t0 = time.perf_counter()
    cands = candidate_sets(hand, rs)
    outs = [beating_sets(hand, S(old), rs) for old in ("X88", "QQQ", "TTTTT", "2", "XX")]
    elapsed = time.perf_counter() - t0
    assert len(cands) > 1000 and all(outs)
    assert elapsed < 2.0


# --------------------------------------------------------------------------- misc


def test_set_shape_helpers() -> None:
    s = S("DX2TTTT")
    assert s.gjn() == "DX2TTTT"
    assert (s.total, s.n_jokers, s.raw_big, s.raw_small, s.count) == (7, 2, 1, 1, 7)
    assert s.is_mixed and s.has_joker and not s.is_plain and not s.is_pure_joker
    assert shape(s.cards(), P(QS)) == s
    assert S("XX").core == Rank.SMALL_JOKER
    assert S("DD").core == Rank.BIG_JOKER


def test_verdict_is_bilingual() -> None:
    v = cmp("KK", "QQQ")
    assert v.en and v.zh and v.en != v.zh


def _all_profiles() -> Mapping[str, Ruleset]:
    return {pid: P(pid) for pid in ALL}


def test_every_profile_loads() -> None:
    assert len(_all_profiles()) == len(ALL)


def test_every_outcome_of_the_one_decision_is_spelled_with_its_sign() -> None:
    """``compare`` and ``beats`` share one decision (``sets_compare._decide``): each of
    its outcomes has a verdict, and the verdict says "beats" exactly for the outcomes
    above zero, which are what ``beats`` answers True to."""
    from gojinotation_analyzer.engine import sets_compare as sc

    codes = {v for k, v in vars(sc).items() if k.isupper() and isinstance(v, int)}
    assert codes and set(sc._VERDICTS) == codes
    rs = Ruleset()
    a, b = shape(parse_cards("DDX8"), rs), shape(parse_cards("XX88"), rs)
    for code, spell in sc._VERDICTS.items():
        assert spell(a, b, rs).ok is (code > 0), code
