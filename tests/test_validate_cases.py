"""The catalog's worked situations about legality (catalog §4: EC-01 … EC-45), each as a
short record validated under every profile, with the ruling the catalog gives per profile.

A ruling is what the validator reports at the action in question: ``()`` (legal), or
the set of ``(severity, rule id)`` pairs of its errors, warnings and disputes.  Profiles
are written with the catalog's abbreviations (§3.19).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from gojinotation import loads
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
from gojinotation_analyzer.reports.validate import compare_profiles, validate_source

AB: dict[str, str] = {
    "QS": "qingdao-standard",
    "QD": "qingdao-dadian",
    "QB": "qingdao-bie3",
    "DA": "dasai-5421",
    "TZ": "tiaozhanbei-2",
    "KA": "karamay-jingsai",
    "KL": "karamay-leitai",
    "TT": "two-table-654321",
    "BA": "bie3-activity",
    "F1": "fujian1-qingdao",
    "DS": "dian-shao-men-luo",
    "F2": "fujian2-zaofan",
    "TK": "taikai-2014",
    "CW": "corp-winter-2014",
    "TS": "tongsu",
    "DG": "dagang-196",
    "ZQ": "zhilian-qingdao",
    "S2": "saizhi-002",
    "T3": "trad-003",
    "L4": "latest-004",
}
BIE3 = ("QB", "DA", "TZ", "KA", "KL", "BA", "DS", "TK", "L4")

Ruling = frozenset[tuple[str, str]]
LEGAL: Ruling = frozenset()


def err(rule: str) -> Ruling:
    return frozenset({("error", rule)})


def dispute(rule: str) -> Ruling:
    return frozenset({("dispute", rule)})


def warn(rule: str) -> Ruling:
    return frozenset({("warning", rule)})


def record(hands: list[str], moves: str, profile: str, leader: int = 1) -> str:
    lines = [f'[Profile "{profile}"]', f'[Leader "{leader}"]']
    lines += [f"hand {i}: {h}" for i, h in enumerate(hands, 1)]
    return "\n".join([*lines, moves]) + "\n"


def findings(hands: list[str], moves: str, ab: str, leader: int = 1) -> list[Diagnostic]:
    text = record(hands, moves, AB[ab], leader)
    report = validate_source(text, file="ec.gjn", deck_check=False)
    return [d for d in report.diagnostics if d.severity is not Severity.NOTICE]


def ruling_at(hands: list[str], moves: str, ab: str, target: str, leader: int = 1) -> Ruling:
    """The ruling of the action written ``target`` (its first occurrence in ``moves``)."""
    column = (" " + moves).index(" " + target) + 1
    return frozenset(
        (d.severity.value, d.rule_id)
        for d in findings(hands, moves, ab, leader)
        if (d.line, d.column) == (9, column)
    )


def table(default: Ruling, **per_profile: Ruling) -> Mapping[str, Ruling]:
    return {ab: per_profile.get(ab, default) for ab in AB}


def check(
    hands: list[str], moves: str, target: str, expected: Mapping[str, Ruling], leader: int = 1
) -> None:
    got = {ab: ruling_at(hands, moves, ab, target, leader) for ab in expected}
    assert got == dict(expected)


# -------------------------------------------------------------------------- EC-01


def test_EC_01_gouji_reached_with_a_two() -> None:
    hands = ["TTTT239", "53", "63", "73", "83", "93"]
    check(hands, "1. 1:TTTT2", "1:TTTT2", table(LEGAL, BA=err("R-TWO-1"), TS=err("R-TWO-1")))
    # a 5×10 够级 set: only seat 4 (or a burner) may answer
    hands[1] = "JJJJJ3"
    assert ruling_at(hands, "1. 1:TTTT2 2:JJJJJ", "QS", "2:JJJJJ") == err("R-GOUJI-2")


# -------------------------------------------------------------------------- EC-03


def test_EC_03_xiaowang_set_answered_by_dawang_at_the_same_rank() -> None:
    hands = ["XX88839", "53", "63", "DD88863", "83", "93"]
    check(hands, "1. 1:XX888 4:DD888", "4:DD888", table(err("R-JOKER-3")))


# -------------------------------------------------------------------------- EC-05


def test_EC_05_ershayi() -> None:
    hands = ["D39", "53", "63", "DD63", "83", "93"]
    expected = table(
        err("R-JOKER-6"),
        DS=LEGAL,
        TS=LEGAL,
        # not stated: proposed illegal, and another reading (二杀一) accepts it: a dispute
        # only, no flat error beside it (issue #11 part 1)
        BA=dispute("R-JOKER-6"),
    )
    check(hands, "1. 1:D 4:DD", "4:DD", expected)


# -------------------------------------------------------------------------- EC-07


def test_EC_07_three_twos_against_a_single_dawang() -> None:
    hands = ["D39", "53", "63", "22263", "83", "93"]
    check(hands, "1. 1:D 4:222", "4:222", table(err("R-JOKER-7"), BA=LEGAL))


# -------------------------------------------------------------------------- EC-09


def test_EC_09_non_duitou_beats_a_gouji_set_without_burning() -> None:
    hands = ["QQQ39", "KKK39", "63", "73", "83", "93"]
    check(hands, "1. 1:QQQ 2:KKK", "2:KKK", table(err("R-GOUJI-2")))


# -------------------------------------------------------------------------- EC-11


def test_EC_11_passed_player_answers_his_duitou() -> None:
    # the first lead is 4s, as 亮4 (saizhi-002) requires of the first leader
    f = "663"
    hands = ["JJ5Q" + f, "88" + f, "99" + f, "TT" + f, "44" + f, "55" + f]
    moves = "1. 5:44 6:- 1:- 2:88 3:99 4:TT 5:- 1:JJ"
    check(hands, moves, "1:JJ", table(LEGAL, TT=err("R-PASS-2")), leader=5)


# -------------------------------------------------------------------------- EC-13

EC13_HANDS = ["JJJJ399", "QQQQKK999DX3", "635", "735", "835", "935"]
EC13_MOVES = (
    "1. 1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 1:- 2. 2:KKD 3:- 4:- 5:- 6:- 1:- "
    "3. 2:999X 3:- 4:- 5:- 6:- 1:- 4. 2:3"
)


def test_EC_13_burn_feasibility() -> None:
    # the burn: valid at run time (QS family), eligible by 004's formula (L4); TT needs a
    # joker on the first set too: 烧糊 on the spot
    check(EC13_HANDS, EC13_MOVES, "2:burn", table(LEGAL, TT=warn("R-BURN-3")))
    for ab in ("QS", "L4", "S2", "KA", "DS"):
        assert not [d for d in findings(EC13_HANDS, EC13_MOVES, ab) if d.severity.value in
                    ("error", "warning")], ab  # fmt: skip


# -------------------------------------------------------------------------- EC-15

EC15_HANDS = ["JJJJ399", "QQQQKK999DX3", "635", "735", "DAA835", "935"]
EC15_MOVES = "1. 1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 1:- 2. 2:KKX 3:- 4:- 5:DAA"


@pytest.mark.parametrize(
    ("ab", "expected"),
    [
        ("QS", LEGAL),  # 001b: the burn is lifted, he plays on
        ("F1", LEGAL),  # 000§H: a void burn
        ("KA", LEGAL),  # 000§D: judged on the first set (scoring, not legality)
        ("L4", dispute("R-BURN-6")),  # 004: "烧牌不成即为末位": flagged as a dispute
        ("DS", LEGAL),  # 000§J: 当把解烧即为有效: cancelled, no penalty
    ],
)
def test_EC_15_burners_second_set_beaten_by_his_duitou(ab: str, expected: Ruling) -> None:
    assert ruling_at(EC15_HANDS, EC15_MOVES, ab, "5:DAA") == expected


# -------------------------------------------------------------------------- EC-17


def test_EC_17_fake_burn() -> None:
    hands = ["KK39", "QQ39", "63", "73", "83", "93"]
    check(hands, "1. 1:KK 2:burn QQ", "2:burn", table(err("R-BURN-7")))


# -------------------------------------------------------------------------- EC-21

EC21_HANDS = ["73", "639", "739", "839", "939", "539"]
EC21_MOVES = "1. 6:5 1:7 2:- 3:- 4:- 5:- 6:- 2. 1:3"


@pytest.mark.parametrize(
    ("ab", "expected"),
    [
        # allowed: he holds no 4s to keep back; but his 对头 (seat 4) is unopened when he
        # goes out: whether that ends seat 4's chance is kaidian.cutoff_on_own_duitou_out,
        # stated only by 000§J 第五条(5) -- open here
        ("L4", dispute("R-KAIDIAN-2")),
        ("QD", LEGAL),  # allowed (he pays 点贡)
        ("QS", LEGAL),  # no 开点 at all
        ("QB", LEGAL),
        ("DA", dispute("R-KAIDIAN-4")),  # not stated: proposed allowed, flagged
        ("DS", dispute("R-KAIDIAN-4")),
        ("KA", dispute("R-KAIDIAN-4")),
        ("TZ", dispute("R-KAIDIAN-4") | dispute("R-KAIDIAN-2")),
        # 000§G 五5: a hand without a 够级 set opens automatically, so seat 1 ("73") has
        # opened and may be 头科
        ("BA", LEGAL),
    ],
)
def test_EC_21_unopened_player_goes_out_first(ab: str, expected: Ruling) -> None:
    assert ruling_at(EC21_HANDS, EC21_MOVES, ab, "1:3", leader=6) == expected


#: Seat 1 holds a 够级 set (KK) that his 对头 beats, so he never opens; then his 7 stands
#: and under 憋3 his last lead, 3, is forced: he goes out first unopened.
EC21_GOUJI_HANDS = ["KK73", "43", "43", "AA663", "43", "5593"]
EC21_GOUJI_MOVES = "1. 6:55 1:KK 4:AA 1:- 2. 4:6 5:- 6:- 1:7 2:- 3:- 4:- 5:- 6:- 3. 1:3"


@pytest.mark.parametrize(
    ("ab", "expected"),
    [
        # 000§G 五3 "如果某人未开点，则该人不能走头科" forbids it but gives no sanction, and
        # the lead of his last 3s is the only legal action left to him (legal_actions is
        # exact): the engine cannot refuse it, so the point is a dispute, not an error
        ("BA", dispute("R-KAIDIAN-4")),
        ("DA", dispute("R-KAIDIAN-4")),
        ("L4", LEGAL),  # he holds no 4s to keep back
        ("QB", LEGAL),  # no 开点
    ],
)
def test_EC_21_unopened_holder_of_a_gouji_set_goes_out_first(ab: str, expected: Ruling) -> None:
    got = ruling_at(EC21_GOUJI_HANDS, EC21_GOUJI_MOVES, ab, "1:3", leader=6)
    assert got == expected
    others = [d for d in findings(EC21_GOUJI_HANDS, EC21_GOUJI_MOVES, ab, 6) if d.column != 65]
    # seat 4's AA stood (he opened) and he then led 6, not 4s: where 开点发4
    # (kaidian.lead4) is an open point of the profile, that opening is a dispute too
    lead4 = [d for d in others if d.code == "GJV401" and "kaidian.lead4" in d.en]
    assert len(lead4) == (1 if ab in ("BA", "DA") else 0)
    assert [d for d in others if d not in lead4] == []


# -------------------------------------------------------------------------- EC-27

EC27_HANDS = ["5K3", "63", "78JQ3", "9A3", "T3", "23"]
EC27_MOVES = "1. 1:5 2:6 3:7 4:- 5:- 6:- 1:- 2. 3:8 4:9 5:T 6:- 1:- 3:J"


@pytest.mark.parametrize("ab", BIE3)
def test_EC_27_two_players_men(ab: str) -> None:
    # seat 2 is 闷 first (by opponent 3): 大落; seat 5 later by teammate 3: 二落
    assert not [d for d in findings(EC27_HANDS, EC27_MOVES, ab) if d.severity.value == "error"]
    deal = loads(record(EC27_HANDS, EC27_MOVES, AB[ab])).deals[0]
    forced = {
        e.seat: e.place
        for f in replay(deal, deck_check=False)
        for e in f.events
        if isinstance(e, E.WentOut)
    }
    assert forced == {2: 6, 5: 5}
    teammate = ruling_at(EC27_HANDS, EC27_MOVES, ab, "3:J")
    if ab == "TZ":  # stated: a 闷 of one's teammate scores nothing
        assert teammate == LEGAL
    if ab == "KA":  # the score is stated (000§D 二2), the 闷 seat's place is not
        assert teammate == dispute("R-BIE3-2")
    if ab in ("DA", "DS"):  # not stated: flagged
        assert teammate == dispute("R-BIE3-2")


# -------------------------------------------------------------------------- EC-31

EC31_HANDS = ["539", "6789TJQKA3", "739", "839", "939", "T39"]
NO_BAOHU = ("KA", "KL", "QB", "DS", "L4", "DA", "BA", "TZ")


def test_EC_31_report_when_asked_at_ten_cards() -> None:
    # taikai-2014: 000§L 三(3)1 报牌制 (a count on request, the engine's reading) or
    # 三(3)2 唱牌 (报牌 = announcing one's own play, no count): baohu.mode is disputed
    expected = table(LEGAL, TK=dispute("R-REPORT-1"), **dict.fromkeys(NO_BAOHU, err("R-REPORT-1")))
    check(EC31_HANDS, "1. 1:5 2:report 10", "2:report", expected)


def test_EC_31_an_untrue_report() -> None:
    expected = table(err("R-REPORT-1"))
    check(EC31_HANDS, "1. 1:5 2:report 9", "2:report", expected)


# -------------------------------------------------------------------------- EC-35


def test_EC_35_a_twenty_second_play() -> None:
    hands = ["539", "639", "739", "839", "939", "T39"]
    # where no document of the profile sets a clock, the 20 s rest on time.limit_s, an open
    # point: legal with no limit (the engine), illegal under the 15 s of 000§F / 000§M;
    # the profiles whose own document sets the clock rule flat (000§C, 000§L, 002, 003)
    expected = table(
        dispute("R-TIME-1"),
        TT=err("R-TIME-1"),
        CW=err("R-TIME-1"),
        **dict.fromkeys(("TZ", "TK", "S2", "T3"), LEGAL),
    )
    check(hands, "1. 1:5 2:6 [%clk 20]", "2:6", expected)


# -------------------------------------------------------------------------- EC-37


def test_EC_37_close_by_the_wrong_player() -> None:
    hands = ["539", "639", "739", "839", "939", "939"]
    check(hands, "1. 1:5 2:- 3:- 4:- 5:- 6:- 2:close", "2:close", table(err("R-CLOSE-1")))


# -------------------------------------------------------------------------- EC-41


def test_EC_41_sihu_luanchan_reentry() -> None:
    hands = ["33", "33", "7T3K", "8J3K", "Q3K", "93K"]
    moves = "1. 1:33 2:- 3:- 4:- 5:- 6:- 2. 2:33 3:- 4:- 5:- 6:- 3. 3:7 4:8 5:- 6:9 3:T 4:J 5:Q"
    expected = {"T3": LEGAL, "L4": LEGAL, "QS": LEGAL, "DS": LEGAL, "TT": dispute("R-SIHU-1")}
    check(hands, moves, "5:Q", expected)


# -------------------------------------------------------------------------- EC-45


def test_EC_45_yield_before_both_seats_between_passed() -> None:
    # a yield written before seat 6 has passed implies 6's pass (docs/format.md §9.3):
    # the record is legal, or a dispute where the profile leaves 让牌 open
    hands = ["AA39", "639", "739", "KK39", "939", "939"]
    yielding = dispute("R-YIELD-1")  # profiles whose documents leave 让牌 open
    check(hands, "1. 4:KK 5:- 1:yield", "1:yield",
          table(LEGAL, F1=yielding, F2=yielding, T3=yielding), leader=4)  # fmt: skip


# -------------------------------------------------------------------------- comparison


def test_EC_05_as_a_profile_comparison() -> None:
    deal = loads(record(["D39", "53", "63", "DD63", "83", "93"], "1. 1:D 4:DD", AB["QS"]))
    cmp = compare_profiles(
        deal.deals[0], ["dian-shao-men-luo", "latest-004"], file="ec.gjn", deck_check=False
    )
    assert [o.label for o in cmp.outcomes] == [
        "record: qingdao-standard",
        "dian-shao-men-luo",
        "latest-004",
    ]
    first, row = cmp.rows
    # latest-004 rules the lead already: no 4 for 开点发4 makes seat 1 不开点 (an event)
    assert first.action == "1:D" and first.first and first.events[2]
    assert row.action == "4:DD" and (row.line, row.column) == (9, 8) and not row.first
    assert row.events[1] == (
        ("seat 4 kills seat 1's 大王 with two (二杀一)", "4号二杀一（杀1号的大王）"),
    )
    assert [[d.rule_id for d in ds] for ds in row.rulings] == [["R-JOKER-6"], [], ["R-JOKER-6"]]
    assert row.params == (("cmp.ershayi", ("off", "two_big_beat_one_big", "off")),)
    qs, ds, l4 = row.param_sources[0]
    assert qs
    assert ds.startswith("000§J") and l4.startswith("004")  # each value with its source
