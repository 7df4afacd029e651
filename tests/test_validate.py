"""The validator, rule by rule: for every rule id a record can break, a short record that
breaks it and the exact diagnostic (code, rule id, line, column); then the record-level
checks (tags, result, round marks), recorded irregularities, variations and the report.

Records are small fragments (a few cards a hand), validated without the deck check
(R-DECK-1 has its own test).  Every helper call states the line and column the caret
must point at; :func:`expect` also checks that the caret stands on the action's text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gojinotation import loads
from gojinotation_analyzer.reports import validate as V
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
from gojinotation_analyzer.reports.validate import (
    CODES,
    code_for_rule,
    parse_finish,
    parse_score,
    resolve_ruleset,
    validate_deal,
    validate_source,
)
from gojinotation_analyzer.rules.profiles import load_ruleset
from gojinotation_analyzer.rules.rulebook import RULES

FILL = "3"  # every seat keeps a 3, so 憋3 profiles do not ask anyone to buy one


def record(
    hands: list[str],
    moves: str,
    *,
    profile: str = "qingdao-standard",
    leader: int = 1,
    rules: str | None = None,
    tags: tuple[tuple[str, str], ...] = (),
) -> str:
    """A deal: Profile, Leader, [Rules], extra tags, six hand lines, one moves line."""
    lines = [f'[Profile "{profile}"]', f'[Leader "{leader}"]']
    if rules is not None:
        lines.append(f'[Rules "{rules}"]')
    lines += [f'[{k} "{v}"]' for k, v in tags]
    lines += [f"hand {i}: {h}" for i, h in enumerate(hands, 1)]
    lines.append(moves)
    return "\n".join(lines) + "\n"


def diagnostics(
    text: str, *, deck_check: bool = False, profile: str | None = None
) -> list[Diagnostic]:
    return list(
        validate_source(text, file="t.gjn", deck_check=deck_check, profile=profile).diagnostics
    )


def expect(
    text: str,
    *,
    code: str,
    rule: str,
    line: int,
    column: int,
    action: str | None = None,
    deck_check: bool = False,
    param: str | None = None,
) -> Diagnostic:
    """The one diagnostic with ``code`` and ``rule``, at ``line:column``."""
    found = [
        d for d in diagnostics(text, deck_check=deck_check) if (d.code, d.rule_id) == (code, rule)
    ]
    assert found, f"no {code} [{rule}] in {[(d.code, d.rule_id, d.en) for d in diagnostics(text)]}"
    d = found[0]
    assert (d.line, d.column) == (line, column), d.format("en")
    assert d.file == "t.gjn" and d.deal == 1
    assert d.severity is CODES[code].severity
    if action is not None:
        assert d.action == action
        assert d.source_line[column - 1 :].startswith(action[: action.index(":") + 1])
    if rule:
        r = RULES[rule]
        assert (d.title_en, d.title_zh) == (r.title_en, r.title_zh)
        assert r.text_en in d.explanation_en and r.text_zh in d.explanation_zh
        if r.sources:
            assert {c.file for c in d.citations} >= {c.file for c in r.sources}
    assert d.en and d.zh
    if param is not None:
        assert d.param == param
    return d


# ------------------------------------------------------------------ turn, deck, sets

QS_HANDS = ["KK3", "AA4", "55", "66", "77", "88"]


def test_R_TURN_1_play_out_of_turn() -> None:
    # before the first lead: no pass can be implied (the leader must lead), so seat 3's
    # set is out of turn in every reading (after a lead, ``1:3 3:5`` implies 2's pass)
    d = expect(record(QS_HANDS, "1. 3:5 1:3"), code="GJV203", rule="R-TURN-1", line=9,
               column=4, action="3:5")  # fmt: skip
    assert d.seat == 3
    assert "seat 1's turn" in d.en and "轮到1号" in d.zh
    assert "ignored" in d.explanation_en
    assert not [x for x in diagnostics(record(QS_HANDS, "1. 1:3 3:5"))
                if x.severity is Severity.ERROR]  # fmt: skip


def test_R_TURN_1_action_after_the_deal_ended() -> None:
    text = record(["5", "6", "7", "8", "9", "T"], "1. 1:5 2:6 3:7 4:8 5:9 6:T")
    d = expect(text, code="GJV203", rule="R-TURN-1", line=9, column=24, action="6:T")
    assert "the deal is over" in d.en


def test_R_RECORD_2_a_set_without_its_seat_where_it_cannot_stand() -> None:
    # after the deal has ended no seat is to act: the bare T is nobody's
    text = record(["5", "6", "7", "8", "9", "T"], "1. 1:5 6 7 8 9 T")
    d = expect(text, code="GJV223", rule="R-RECORD-2", line=9, column=16)
    assert d.action == "6:T" and d.source_line[15:] == "T"
    assert d.seat == 6 and "e.g. 6:T" in d.en  # the seat that holds it
    assert "no seat is to act" in d.en and "本局已结束" in d.zh
    # in turn, a bare set is the seat to act's: 1:5 6 is seat 2's 6, no error
    ok = record(["5", "6", "7", "8", "9", "T"], "1. 1:5 6 7 8 9 T"[:-2])
    assert not [x for x in diagnostics(ok) if x.severity is Severity.ERROR]


def test_R_DECK_1_hand_sizes() -> None:
    text = record(QS_HANDS, "1. 1:3")
    found = [d for d in diagnostics(text, deck_check=True) if d.rule_id == "R-DECK-1"]
    # one per short hand, at its hand line, and one for the rank counts (merged)
    assert [(d.line, d.column, d.seat) for d in found if d.seat] == [
        (3, 1, 1), (4, 1, 2), (5, 1, 3), (6, 1, 4), (7, 1, 5), (8, 1, 6)
    ]  # fmt: skip
    assert all(d.code == "GJV208" and d.param == "deck.variant" for d in found)
    merged = [d for d in found if d.seat is None]
    assert len(merged) == 1 and "the hands hold 1×3; the deck has 16" in merged[0].en


def test_R_DECK_2_card_not_held() -> None:
    expect(record(QS_HANDS, "1. 1:9"), code="GJV207", rule="R-DECK-2", line=9, column=4,
           action="1:9")  # fmt: skip


def test_R_SET_1_two_ranks_in_one_set() -> None:
    expect(record(["KQ3", *QS_HANDS[1:]], "1. 1:KQ"), code="GJV201", rule="R-SET-1", line=9,
           column=4, action="1:KQ")  # fmt: skip


def test_R_SET_2_wrong_count() -> None:
    hands = ["99", "888", "5", "6", "7", "8"]
    expect(record(hands, "1. 1:99 2:888"), code="GJV202", rule="R-SET-2", line=9, column=9,
           action="2:888", param="cmp.same_total_count")  # fmt: skip


def test_R_SET_3_not_higher() -> None:
    hands = ["9", "8", "5", "6", "7", "8"]
    d = expect(record(hands, "1. 1:9 2:8"), code="GJV202", rule="R-SET-3", line=9, column=8,
               action="2:8")  # fmt: skip
    assert "错牌不出" in d.explanation_en and "错牌不出" in d.explanation_zh


# ------------------------------------------------------------------ jokers and 2s


def test_R_JOKER_1_joker_attached_where_forbidden() -> None:
    text = record(["DKK3", "DAA4", "55", "66", "77", "88"], "1. 1:DKK",
                  rules="play.attach_jokers=false")  # fmt: skip
    expect(text, code="GJV201", rule="R-JOKER-1", line=10, column=4, action="1:DKK",
           param="play.attach_jokers")  # fmt: skip


def test_R_JOKER_2_dawang_set_is_dead() -> None:
    hands = ["DKK3", "DAA4", "55", "DAA6", "77", "88"]
    expect(record(hands, "1. 1:DKK 2:- 3:- 4:DAA"), code="GJV202", rule="R-JOKER-2", line=9,
           column=18, action="4:DAA", param="cmp.dawang_set_dead")  # fmt: skip


def test_R_JOKER_3_xiaowang_set_needs_a_higher_natural_part() -> None:
    hands = ["XKK3", "4", "55", "DKK6", "77", "88"]
    expect(record(hands, "1. 1:XKK 4:DKK"), code="GJV202", rule="R-JOKER-3", line=9,
           column=10, action="4:DKK", param="cmp.xiaowang_set")  # fmt: skip


def test_R_JOKER_4_jokered_set_over_a_plain_one() -> None:
    hands = ["KK3", "4", "55", "XQ6", "77", "88"]
    # tongsu states the rule (000§M 3 "其他牌亦要大于上家牌"): a flat error, no dispute
    text = record(hands, "1. 1:KK 4:XQ", profile="tongsu")
    expect(text, code="GJV202", rule="R-JOKER-4", line=9, column=9, action="4:XQ",
           param="cmp.jokered_vs_plain")  # fmt: skip
    assert [d.code for d in diagnostics(text) if d.severity.value == "dispute"] == []
    # qingdao-standard leaves it open (a default): a dispute with the readings, and no
    # flat error beside it (issue #11: plain_part_higher rules it illegal, any_rank legal)
    text = record(hands, "1. 1:KK 4:XQ")
    expect(text, code="GJV401", rule="R-JOKER-4", line=9, column=9, action="4:XQ",
           param="cmp.jokered_vs_plain")  # fmt: skip
    assert not [d for d in diagnostics(text) if d.code == "GJV202"]
    (d,) = [d for d in diagnostics(text) if d.code == "GJV401"]
    ruled = dict(d.alternatives)
    assert ruled["plain_part_higher"].endswith("illegal (R-JOKER-4), the engine's ruling")
    assert ruled["any_rank"].endswith(": legal")
    # a record's [Rules] settle the point: no dispute (any_rank: the play stands)
    settled = record(hands, "1. 1:KK 4:XQ", rules="cmp.jokered_vs_plain=any_rank")
    assert [d.code for d in diagnostics(settled) if d.rule_id == "R-JOKER-4"] == []
    # ... also when they state the profile's own value: then it is a flat error
    settled = record(hands, "1. 1:KK 4:XQ", rules="cmp.jokered_vs_plain=plain_part_higher")
    assert [d.code for d in diagnostics(settled) if d.rule_id == "R-JOKER-4"] == ["GJV202"]


def test_R_JOKER_5_mixed_set_keeps_its_dawang() -> None:
    hands = ["DXKK3", "4", "55", "DDAA6", "77", "88"]
    expect(record(hands, "1. 1:DXKK 4:DDAA"), code="GJV202", rule="R-JOKER-5", line=9,
           column=11, action="4:DDAA", param="play.mixed_big_small")  # fmt: skip


def test_R_JOKER_6_ershayi_not_played() -> None:
    hands = ["D3", "4", "55", "DD6", "77", "88"]
    expect(record(hands, "1. 1:D 4:DD"), code="GJV202", rule="R-JOKER-6", line=9, column=8,
           action="4:DD", param="cmp.ershayi")  # fmt: skip


def test_R_JOKER_7_three_twos_over_a_dawang() -> None:
    hands = ["D3", "4", "55", "2226", "77", "88"]
    expect(record(hands, "1. 1:D 4:222"), code="GJV202", rule="R-JOKER-7", line=9, column=8,
           action="4:222", param="cmp.three_twos_beat_dawang")  # fmt: skip


def test_R_JOKER_8_set_of_jokers_only() -> None:
    hands = ["XX3", "4", "55", "DX6", "77", "88"]
    expect(record(hands, "1. 1:XX 4:DX"), code="GJV202", rule="R-JOKER-8", line=9, column=9,
           action="4:DX")  # fmt: skip


def test_R_TWO_1_twos_attached_where_forbidden() -> None:
    text = record(["2KK3", "4", "55", "66", "77", "88"], "1. 1:2KK", profile="bie3-activity")
    expect(text, code="GJV201", rule="R-TWO-1", line=9, column=4, action="1:2KK",
           param="play.attach_twos")  # fmt: skip


# ------------------------------------------------------------------ answering, passing

F = "6644"


def test_R_GOUJI_2_non_duitou_answers_a_gouji_set() -> None:
    hands = ["KK" + F, "AA" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    d = expect(record(hands, "1. 1:KK 2:AA"), code="GJV204", rule="R-GOUJI-2", line=9,
               column=9, action="2:AA", param="answer.duitou_only")  # fmt: skip
    assert "001b 4" in d.explanation_en  # the parameter's provenance is cited
    assert any(c.section == "b 4" for c in d.citations)


def test_R_PASS_1_play_after_a_pass() -> None:
    hands = ["5T" + F, "4J" + F, "6" + F, "7" + F, "8" + F, "9" + F]
    expect(record(hands, "1. 1:5 2:- 3:6 4:7 5:8 6:9 1:T 2:J"), code="GJV205", rule="R-PASS-1",
           line=9, column=32, action="2:J", param="pass.duitou_reentry")  # fmt: skip


EC11_HANDS = ["JJ5Q663", "88663", "99663", "TT663", "44663", "55663"]
EC11_MOVES = "1. 5:44 6:- 1:- 2:88 3:99 4:TT 5:- 1:JJ"


def test_R_PASS_2_reentry_against_duitou_is_reported_with_its_parameter() -> None:
    # two-table-654321 (000§F 6) has no 对头 exception: seat 1 may not come back in
    text = record(EC11_HANDS, EC11_MOVES, profile="two-table-654321", leader=5)
    d = expect(text, code="GJV205", rule="R-PASS-2", line=9, column=36, action="1:JJ",
               param="pass.duitou_reentry")  # fmt: skip
    assert d.seat == 1 and "对头" in d.en
    legal = record(EC11_HANDS, EC11_MOVES, leader=5)
    assert [d for d in diagnostics(legal) if d.severity is not Severity.NOTICE] == []


def test_R_PASS_2_reentry_against_duitou_refused() -> None:
    text = record(EC11_HANDS, EC11_MOVES, profile="two-table-654321", leader=5)
    expect(text, code="GJV205", rule="R-PASS-2", line=9, column=36, action="1:JJ")
    # a passed seat coming back in on a set that is not his 对头's stays R-PASS-1 there
    found = [d for d in diagnostics(text) if d.rule_id == "R-PASS-1"]
    assert found == []


def test_R_YIELD_1_after_the_round_is_over() -> None:
    # (a yield before seat 6 has passed now implies 6's pass: tests/test_fill.py); after
    # seat 1, the only seat that may answer the 够级 set, has passed, no pass or close
    # makes a yield legal
    hands = ["AA" + F, "6" + F, "7" + F, "KK" + F, "9" + F, "9" + F]
    d = expect(record(hands, "1. 4:KK 5:- 6:- 1:- 1:yield", leader=4), code="GJV206",
               rule="R-YIELD-1", line=9, column=21, action="1:yield")  # fmt: skip
    assert "no set to yield on" in d.en


def test_R_CLOSE_1_wrong_closer() -> None:
    hands = ["5" + F, "6" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    expect(record(hands, "1. 1:5 2:- 3:- 4:- 5:- 6:- 2:close"), code="GJV206",
           rule="R-CLOSE-1", line=9, column=28, action="2:close",
           param="koupai.legal_koupai_ren")  # fmt: skip


def test_R_CLOSE_2_a_close_on_turn_implies_the_others_passes() -> None:
    # docs/format.md §9.3: ``4:close`` on seat 4's turn reads as 4 passing, 5 and 6
    # passing, 4 turning the cards (it was an R-CLOSE-2 error before passes were implied)
    from gojinotation_analyzer.engine.fill import fill

    hands = ["5" + F, "6" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    text = record(hands, "1. 1:5 2:- 3:- 4:close")
    assert not [d for d in diagnostics(text) if d.severity is Severity.ERROR]
    filled = fill(loads(text).deals[0], deck_check=False)
    assert [f"{a.seat}:{type(a).__name__}" for a in filled.deal.actions()][3:] == [
        "4:Pass", "5:Pass", "6:Pass", "4:Close"
    ]  # fmt: skip


# ------------------------------------------------------------------ burns

BURNER = "QQQQKK999DX3"  # catalog EC-13: QQQQ, KK, 999, 3, 大王, 小王


def test_R_BURN_1_burn_without_a_gouji_set() -> None:
    hands = ["5" + F, "6" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    expect(record(hands, "1. 1:burn 5"), code="GJV209", rule="R-BURN-1", line=9, column=4,
           action="1:burn 5")  # fmt: skip


def test_R_BURN_1_burn_from_a_seat_that_passed() -> None:
    hands = ["KK" + F, "AA" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    d = expect(record(hands, "1. 1:KK 2:- 2:burn AA"), code="GJV209", rule="R-BURN-1",
               line=9, column=13, action="2:burn AA", param="pass.blocks_burn")  # fmt: skip
    assert "passed" in d.en


BURN_PRIORITY_HANDS = ["5566" + F, "JJJJ77" + F, "QQQQKK999DX" + F, "KKKKX88" + F,
                       "AAAADD44" + F, "AA33" + F]  # fmt: skip


def test_R_BURN_2_burn_ahead_of_a_teammate_who_has_not_declined() -> None:
    text = record(BURN_PRIORITY_HANDS, "1. 2:JJJJ 3:burn QQQQ", leader=2)
    d = expect(text, code="GJV401", rule="R-BURN-2", line=9, column=11,
               action="3:burn QQQQ", param="burn.priority")  # fmt: skip
    assert d.seat == 3 and "seat 4" in d.en and "联邦" in d.zh
    assert d.severity is Severity.DISPUTE and d.citations
    assert not [d for d in diagnostics(text) if d.severity is Severity.ERROR]
    declined = record(BURN_PRIORITY_HANDS, "1. 2:JJJJ 4:- 3:burn QQQQ", leader=2)
    assert not [d for d in diagnostics(declined) if d.rule_id == "R-BURN-2"]


def test_R_BURN_4_burner_passes_his_lead() -> None:
    moves = "1. 2:JJJJ 4:- 3:burn QQQQ 6:- 3:-"
    d = expect(record(BURN_PRIORITY_HANDS, moves, leader=2), code="GJV209", rule="R-BURN-4",
               line=9, column=31, action="3:-", param="burn.fail_place")  # fmt: skip
    assert d.seat == 3 and "must play on" in d.en and "大落" in d.explanation_en


def test_R_BURN_4_another_seat_leads_in_the_burners_place() -> None:
    moves = "1. 2:JJJJ 4:- 3:burn QQQQ 6:- 2. 2:77"
    text = record(BURN_PRIORITY_HANDS, moves, leader=2)
    d = expect(text, code="GJV209", rule="R-BURN-4", line=9, column=34, action="2:77")
    assert "seat 3 is burning" in d.en and "seat 2 leads in his place" in d.en
    # the lead itself stands: no out-of-turn error follows
    assert [x.rule_id for x in diagnostics(text) if x.severity is Severity.ERROR] == ["R-BURN-4"]


def test_R_BURN_3_middle_set_without_joker() -> None:
    hands = ["JJJJ399", BURNER, "635", "735", "835", "935"]
    moves = "1. 1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 1:- 2. 2:999 3:-"
    d = expect(record(hands, moves), code="GJV306", rule="R-BURN-3", line=9, column=46,
               action="2:999", param="burn.joker_exempt")  # fmt: skip
    assert d.severity is Severity.WARNING  # a failed burn is legal play, at a price
    assert "烧糊" in d.en and "R-BURN-5" in d.explanation_en
    assert RULES["R-BURN-5"].text_en not in d.explanation_en  # R-BURN-5 is cited, not quoted
    assert any(c.file.startswith("001") for c in d.citations)


def test_R_BURN_3_the_plan_with_jokers_on_the_middle_sets_is_clean() -> None:
    hands = ["JJJJ399", BURNER, "635", "735", "835", "935"]
    moves = (
        "1. 1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 1:- 2. 2:KKD 3:- 4:- 5:- 6:- 1:- "
        "3. 2:999X 3:- 4:- 5:- 6:- 1:- 4. 2:3"
    )
    assert [d.code for d in diagnostics(record(hands, moves))] == ["GJV505"]


def test_R_BURN_7_fake_burn() -> None:
    hands = ["KK" + F, "QQ" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    d = expect(record(hands, "1. 1:KK 2:burn QQ"), code="GJV209", rule="R-BURN-7", line=9,
               column=9, action="2:burn QQ")  # fmt: skip
    assert "假烧" in d.en and "大落" in d.explanation_en


def test_R_BURN_9_004_formula() -> None:
    hands = ["KK6633", "AA996633", "7" + F, "8" + F, "9" + F, "9" + F]
    text = record(hands, "1. 1:KK 2:burn AA", profile="latest-004")
    expect(text, code="GJV209", rule="R-BURN-9", line=9, column=9, action="2:burn AA",
           param="burn.eligibility")  # fmt: skip


def test_R_BURN_9_a_failed_burn_is_reported_under_the_cause_the_engine_names() -> None:
    """The validator only maps BurnFailed: its rule and parameter come from the event's
    ``cause`` and ``param`` (here a cause the validator never chose itself)."""
    from gojinotation_analyzer.engine import events as E
    from gojinotation_analyzer.reports import findings

    text = record(["KK6633", "AA996633", "7" + F, "8" + F, "9" + F, "9" + F], "1. 1:KK")
    deal = loads(text).deals[0]
    ctx = findings._Ctx(deal, "t.gjn", 1, text.split("\n"), True)
    ctx.rs, ctx.profile = resolve_ruleset(deal, "latest-004").ruleset, "latest-004"
    ev = E.BurnFailed(2, reason_en="x", reason_zh="x", cause="R-BURN-9", param="burn.eligibility")
    findings._burn_failed(ctx, ev, next(iter(deal.actions())), 1)
    (d,) = ctx.out
    assert (d.code, d.rule_id, d.param, d.severity) == (
        "GJV306",
        "R-BURN-9",
        "burn.eligibility",
        Severity.WARNING,
    )
    assert (d.title_en, d.title_zh) == (RULES["R-BURN-9"].title_en, RULES["R-BURN-9"].title_zh)
    assert "burn.eligibility" in d.explanation_en and "R-BURN-5" in d.explanation_en


def test_R_RECORD_1_engine_and_validator_read_the_tags_alike() -> None:
    """One reading of [Profile] and [Rules]: a bad override is left out and the profile
    stands, in the engine's replay and in the validator alike."""
    from gojinotation_analyzer.engine import deal_ruleset
    from gojinotation_analyzer.engine import events as E

    hands = ["KK6633", "7" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    cases = [  # profile, [Rules], the time limit read, how many problems
        ("two-table-654321", "time.limit_s=60; cmp.ershayi=maybe", 60, 1),
        ("no-such-profile", "time.limit_s=20", 20, 1),
        ("latest-004", "time.limit_s=45", 45, 0),
    ]
    for profile, rules, limit, problems in cases:
        deal = loads(record(hands, "1. 1:KK", profile=profile, rules=rules)).deals[0]
        rs, pid, notes = deal_ruleset(deal)
        choice = resolve_ruleset(deal)
        assert rs == choice.ruleset and rs.time.limit_s == limit
        assert len(notes) == len(choice.problems) == problems
        assert all(isinstance(n, E.Violation) and n.rule_id == "R-RECORD-1" for n in notes)
        expected = None if profile == "no-such-profile" else profile
        assert pid == expected and choice.profile == (expected or "qingdao-standard")
        # the profile stands with the good override only
        assert rs == load_ruleset(choice.profile, f"time.limit_s={limit}")


# ------------------------------------------------------------------ 开点, 憋3, buying


def test_R_KAIDIAN_3_fours_take_no_attachments() -> None:
    hands = ["44X6633", "7" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    expect(record(hands, "1. 1:44X", profile="latest-004"), code="GJV210", rule="R-KAIDIAN-3",
           line=9, column=4, action="1:X44", param="play.four_no_attach")  # fmt: skip


def test_R_KAIDIAN_4_unopened_player_goes_out_first() -> None:
    hands = ["7", "55", "66", "88", "99", "5T"]
    # (seat 1 going out would also raise kaidian.cutoff_on_own_duitou_out for his unopened
    # 对头: the record states that too)
    text = record(hands, "1. 6:5 1:7", profile="saizhi-002", leader=6,
                  rules="kaidian.toke_requirement=must_have_opened; "
                  "kaidian.cutoff_on_own_duitou_out=false")  # fmt: skip
    expect(text, code="GJV210", rule="R-KAIDIAN-4", line=10, column=8, action="1:7",
           param="kaidian.toke_requirement")  # fmt: skip
    # the record's [Rules] settle the point: no "open point" dispute about it
    assert not [d for d in diagnostics(text) if d.severity is Severity.DISPUTE]


def test_R_BIE3_1_three_played_before_the_end() -> None:
    hands = ["KK3", "AA3", "553", "663", "773", "883"]
    expect(record(hands, "1. 1:3", profile="qingdao-bie3"), code="GJV201", rule="R-BIE3-1",
           line=9, column=4, action="1:3", param="play.three_restriction")  # fmt: skip


def test_R_BIE3_3_a_seat_without_a_three_must_buy_first() -> None:
    # seat 1 can pay (a 2): he must buy first.  (With nothing to pay, 001d (二) lets him
    # 革命 instead: buy3.no_payment = geming, tests/test_open_points_matrix.py.)
    hands = ["KK52", "AA3", "553", "6633", "773", "883"]
    expect(record(hands, "1. 1:5", profile="qingdao-bie3"), code="GJV211", rule="R-BIE3-3",
           line=9, column=4, action="1:5")  # fmt: skip


def test_R_BUY_1_buying_a_three_while_holding_one() -> None:
    hands = ["KK3", "AA3", "553", "663", "773", "883"]
    expect(record(hands, "1. 1:buy 3 from 4 for K", profile="qingdao-bie3"), code="GJV211",
           rule="R-BUY-1", line=9, column=4, action="1:buy 3 from 4 for K")  # fmt: skip


# ------------------------------------------------------------------ 报牌, 革命, time, tribute


def test_R_REPORT_1_untrue_report() -> None:
    d = expect(record(QS_HANDS, "1. 1:report 5"), code="GJV212", rule="R-REPORT-1", line=9,
               column=4, action="1:report 5")  # fmt: skip
    assert "holds 3" in d.en and "报户不实" in d.zh


def test_R_REPORT_1_report_where_the_profile_has_none() -> None:
    hands = ["KK3", "AA3", "553", "663", "773", "883"]
    expect(record(hands, "1. 1:report 3", profile="qingdao-bie3"), code="GJV212",
           rule="R-REPORT-1", line=9, column=4, param="baohu.mode")  # fmt: skip


def test_R_REVOLUTION_1_with_power_cards() -> None:
    expect(record(["KK23", *QS_HANDS[1:]], "1. 1:revolution"), code="GJV213",
           rule="R-REVOLUTION-1", line=9, column=4, action="1:revolution",
           param="geming.mode")  # fmt: skip


def test_R_TIME_1_over_the_limit() -> None:
    hands = ["5" + F, "7" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    text = record(hands, "1. 1:5 2:7 [%clk 20]", profile="two-table-654321")
    d = expect(text, code="GJV215", rule="R-TIME-1", line=9, column=8, action="2:7 [%clk 20]",
               param="time.limit_s")  # fmt: skip
    assert "15" in d.en


def test_R_TRIBUTE_1_tribute_where_the_profile_has_none() -> None:
    hands = ["D5" + F, "7" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    expect(record(hands, "1:tribute D to 2"), code="GJV214", rule="R-TRIBUTE-1", line=9,
           column=1, action="1:tribute D to 2", param="tribute.mode")  # fmt: skip


def test_R_TRIBUTE_2_return_without_tribute() -> None:
    hands = ["D5" + F, "7" + F, "7" + F, "8" + F, "9" + F, "9" + F]
    expect(record(hands, "1:return 5 to 2"), code="GJV214", rule="R-TRIBUTE-2", line=9,
           column=1, action="1:return 5 to 2")  # fmt: skip


def _full_deal(leader: int, *tags: tuple[str, str]) -> str:
    from test_engine_random import deal_hands

    from gojinotation.cards import format_cards

    lines = ['[Profile "qingdao-standard"]', f'[Leader "{leader}"]']
    lines += [f'[{k} "{v}"]' for k, v in tags]
    lines += [f"hand {s}: {format_cards(h)}" for s, h in deal_hands(0).items()]
    return "\n".join(lines) + "\n"


def test_R_OPEN_1_leader_tag_contradicts_shangban() -> None:
    # the hands of seed 0 make seat 2 the first to hold 两张同色3 with no one to 顶班
    d = expect(_full_deal(5), code="GJV216", rule="R-OPEN-1", line=2, column=10,
               deck_check=True, param="open.shangban")  # fmt: skip
    assert d.end_column == 11 and d.seat == 5 and "seat 2" in d.en
    assert "Leader tag" in d.explanation_en and d.source_line == '[Leader "5"]'
    assert not [x for x in diagnostics(_full_deal(2), deck_check=True) if x.rule_id == "R-OPEN-1"]


def test_R_OPEN_1_later_deal_is_a_notice() -> None:
    # deal 2 of a game: the first leader follows open.subsequent (the last 大落), which the
    # record does not show
    found = [d for d in diagnostics(_full_deal(5, ("Deal", "2")), deck_check=True)
             if d.rule_id == "R-OPEN-1"]  # fmt: skip
    assert [(d.code, d.line, d.column) for d in found] == [("GJV502", 2, 10)]


def test_R_REPORT_1_count_to_be_shown_at_ten_is_a_notice() -> None:
    # fujian1-qingdao (000§H): 其手中持牌数量应显示给其他玩家 — a record cannot show the
    # display, so the first play that takes a seat down to ten cards gets a notice
    hands = ["55TTTTTT" + F, "77" + F, "88" + F, "99" + F, "TT" + F, "JJ" + F]
    text = record(hands, "1. 1:55 2:77", profile="fujian1-qingdao")
    found = [d for d in diagnostics(text) if d.rule_id == "R-REPORT-1"]
    assert [(d.code, d.line, d.column, d.seat, d.param) for d in found] == [
        ("GJV502", 9, 4, 1, "baohu.mode")
    ]
    assert "visible_le10" in found[0].en
    plain = record(hands, "1. 1:55 2:77")  # on request only (qingdao-standard): nothing
    assert not [d for d in diagnostics(plain) if d.rule_id == "R-REPORT-1"]


def test_R_CLOSE_2_a_close_written_after_the_next_lead_karamay() -> None:
    # koupai.all_cards_before_lead (000§D 三6): the record shows seat 1 leading before
    # seat 4 turned the cards; an omitted close is read as made before the lead
    # a close written after the next lead closes that lead's round (the passes between
    # are implied, docs/format.md §9.3); before passes were implied it was an R-CLOSE-2
    # error for this record
    hands = ["56" + FILL, "7" + FILL, "8" + FILL, "9" + FILL, "T" + FILL, "J" + FILL]
    moves = "1. 1:5 2:- 3:- 4:- 5:- 6:- 2. 1:6 2:7 4:close"
    expect(record(hands, moves, profile="karamay-jingsai"), code="GJV206", rule="R-CLOSE-1",
           line=9, column=39, action="4:close")  # fmt: skip
    omitted = record(hands, "1. 1:5 2:- 3:- 4:- 5:- 6:- 2. 1:6", profile="karamay-jingsai")
    assert not [d for d in diagnostics(omitted) if d.severity is Severity.ERROR]


def test_R_OPEN_1_first_leader_unknown_is_a_notice() -> None:
    hands = "".join(f"hand {i}: {h}\n" for i, h in enumerate(QS_HANDS, 1))
    text = '[Event "x"]\n' + hands + "1:3 2:4\n"
    found = [d for d in diagnostics(text) if d.rule_id == "R-OPEN-1"]
    assert [(d.code, d.severity) for d in found] == [("GJV502", Severity.NOTICE)]


# ------------------------------------------------------------------ the written result


def _finished(tags: tuple[tuple[str, str], ...]) -> str:
    return record(["5", "6", "7", "8", "9", "T"], "1. 1:5 2:6 3:7 4:8 5:9", tags=tags)


def test_R_RECORD_1_finish_tag_matches() -> None:
    text = _finished((("Finish", "1 2 3 4 5 6"), ("Score", "+2 -2")))
    assert diagnostics(text) == []


def test_R_RECORD_1_finish_tag_differs() -> None:
    d = expect(_finished((("Finish", "1 2 3 4 6 5"),)), code="GJV230", rule="R-RECORD-1",
               line=3, column=10)  # fmt: skip
    assert d.en == "the Finish tag says 1 2 3 4 6 5; the replay gives 1 2 3 4 5 6"
    assert d.source_line[d.column - 1 :].startswith("1 2 3 4 6 5")


def test_R_RECORD_1_score_tag_differs() -> None:
    d = expect(_finished((("Score", "6:-6"),)), code="GJV231", rule="R-RECORD-1", line=3,
               column=9)  # fmt: skip
    assert d.en == "the Score tag says +6 -6; the replay gives +2 -2"


@pytest.mark.parametrize("text", ["+2 -2", "2:-2", "A 2 B -2", "甲方+2 乙方-2", "2，-2"])
def test_R_RECORD_1_score_forms(text: str) -> None:
    assert diagnostics(_finished((("Score", text),))) == []


def test_R_RECORD_1_finish_in_chinese() -> None:
    tag = ("Finish", "头科1 二科2 三科3 四科4 二落5 大落6")
    assert diagnostics(_finished((tag,))) == []


def test_R_RECORD_1_unreadable_result_tags_are_warnings() -> None:
    text = _finished((("Finish", "first seat 1"), ("Score", "lots")))
    found = [(d.code, d.line, d.column) for d in diagnostics(text)]
    assert found == [("GJV302", 3, 1), ("GJV302", 4, 1)]


def test_R_RECORD_1_unfinished_deal_cannot_confirm_the_result() -> None:
    text = record(QS_HANDS, "1. 1:3", tags=(("Finish", "1 2 3 4 5 6"),))
    codes = [(d.code, d.severity) for d in diagnostics(text)]
    assert ("GJV301", Severity.WARNING) in codes and ("GJV505", Severity.NOTICE) in codes


def test_R_RECORD_1_round_numbers_are_checked() -> None:
    hands = ["K3", "A4", "55", "66", "77", "88"]
    moves = "1. 1:3 2:4 3:5 4:6 5:7 6:8 1:- 2:- 3:- 4:- 5:- 3:close 3. 6:8"
    d = expect(record(hands, moves), code="GJV303", rule="R-RECORD-1", line=9, column=56)
    assert d.en == "the record numbers this round 3; the replay is at round 2"


# ------------------------------------------------------------------ tags and profiles


def test_unknown_profile_is_reported_at_its_tag() -> None:
    text = '[Profile "qingdao-standrd"]\n[Leader "1"]\nhand 1: 5\n1:5\n'
    (d,) = [d for d in diagnostics(text) if d.code == "GJV220"]
    assert (d.line, d.column, d.severity) == (1, 1, Severity.ERROR)
    assert "did you mean: qingdao-standard" in d.en and "是否指" in d.zh
    assert "validated under qingdao-standard" in d.en


def test_bad_rules_override_is_reported_at_the_override() -> None:
    text = '[Profile "qingdao"]\n[Rules "time.limit_s=30; cmp.ershayi=yes"]\nhand 1: 5\n1:5\n'
    (d,) = [d for d in diagnostics(text) if d.code == "GJV221"]
    assert (d.line, d.column, d.end_column) == (2, 26, 41)
    assert d.end_column is not None
    assert d.source_line[d.column - 1 : d.end_column - 1] == "cmp.ershayi=yes"
    assert "allowed values: off, two_big_beat_one_big" in d.en
    # the good override still applies
    deal = loads(text).deals[0]
    assert resolve_ruleset(deal).ruleset.time.limit_s == 30


def test_no_profile_tag_is_a_notice() -> None:
    found = [d.code for d in diagnostics('[Event "x"]\nhand 1: 5\n1:5\n')]
    assert "GJV503" in found


def test_profile_given_on_the_command_line_is_noted() -> None:
    text = record(QS_HANDS, "1. 1:3 2:4")
    found = [d for d in diagnostics(text, profile="tongsu") if d.code == "GJV506"]
    assert len(found) == 1 and found[0].line == 1


# ------------------------------------------------------------------ irregularities


def test_recorded_irregularity_is_a_notice() -> None:
    (d,) = [d for d in diagnostics(record(QS_HANDS, "1. 1:3 ^3:5")) if d.code == "GJV501"]
    assert (d.rule_id, d.line, d.column, d.severity) == ("R-TURN-1", 9, 8, Severity.NOTICE)
    assert d.action == "^3:5"
    assert "No ruling was recorded" in d.explanation_en


def test_recorded_ruling_that_differs_from_the_profile_is_a_dispute() -> None:
    found = diagnostics(record(QS_HANDS, "1. 1:3 ^3:5 [%ruling accept]"))
    assert [(d.code, d.rule_id) for d in found if d.column == 8 and d.rule_id] == [
        ("GJV402", "R-TURN-1"), ("GJV501", "R-TURN-1")
    ]  # fmt: skip
    (dispute,) = [d for d in found if d.code == "GJV402"]
    assert dispute.severity is Severity.DISPUTE and "'accept'" in dispute.en
    assert dispute.alternatives and "Ruling recorded: accept" not in dispute.explanation_en
    (notice,) = [d for d in found if d.code == "GJV501"]
    assert "Ruling recorded: accept." in notice.explanation_en


def test_R_PENALTY_1_irregular_mark_on_a_legal_action() -> None:
    found = [d for d in diagnostics(record(QS_HANDS, "1. 1:3 ^2:4")) if d.code == "GJV501"]
    assert [(d.rule_id, d.column) for d in found] == [("R-PENALTY-1", 8)]
    assert "legal under the profile" in found[0].en


def test_R_PENALTY_1_referee_penalty_is_a_notice() -> None:
    text = record(QS_HANDS, '1. 1:3 2:4 1:penalty -2 "talking"')
    (d,) = [d for d in diagnostics(text) if d.code == "GJV504"]
    assert (d.rule_id, d.column, d.seat) == ("R-PENALTY-1", 12, 1)
    assert "-2" in d.en and "talking" in d.en


# ------------------------------------------------------------------ variations


def test_illegal_actions_in_variations_are_warnings() -> None:
    found = diagnostics(record(QS_HANDS, "1. 1:3 (1:4) 2:4 (3:5)"))
    assert [(d.code, d.rule_id, d.column) for d in found if d.code == "GJV305"] == [
        ("GJV305", "R-DECK-2", 9),
        ("GJV305", "R-TURN-1", 19),
    ]
    assert all(d.en.startswith("in a variation: ") for d in found if d.code == "GJV305")


# ------------------------------------------------------------------ the report


def test_every_deal_is_validated_and_a_broken_one_hides_nothing() -> None:
    good = record(QS_HANDS, "1. 3:5 1:3")
    text = '[Event "bad"]\n1:ZZ\n\n' + good + "\n" + good
    report = validate_source(text, file="t.gjn", deck_check=False)
    assert report.deals == 3
    assert [(d.deal, d.code) for d in report.diagnostics if d.severity is Severity.ERROR] == [
        (1, "GJN110"), (2, "GJV203"), (3, "GJV203")
    ]  # fmt: skip
    assert report.counts() == {"syntax": 1, "errors": 2, "warnings": 0, "disputes": 0,
                               "notices": 2}  # fmt: skip
    assert report.exit_code == 2


def test_diagnostics_are_sorted_by_position() -> None:
    report = validate_source(record(QS_HANDS, "1. 1:3 3:5 2:4 ^5:7"), deck_check=False)
    keys = [(d.deal, d.line, d.column) for d in report.diagnostics]
    assert keys == sorted(keys)


def test_exit_codes_of_a_report() -> None:
    clean = record(["5", "6", "7", "8", "9", "T"], "1. 1:5 2:6 3:7 4:8 5:9")
    assert validate_source(clean, deck_check=False).exit_code == 0
    wrong = record(["KK3", "4", "55", "XQ6", "77", "88"], "1. 1:KK 4:XQ", profile="tongsu")
    assert validate_source(wrong, deck_check=False).exit_code == 1
    disputed = record(["KK3", "4", "55", "XQ6", "77", "88"], "1. 1:KK 4:XQ")
    assert validate_source(disputed, deck_check=False).exit_code == 0  # a dispute only
    assert validate_source(record(QS_HANDS, "1. 1:3"), deck_check=False).exit_code == 0


def test_validate_source_reads_paths_and_bytes(tmp_path: Path) -> None:
    p = tmp_path / "r.gjn"
    p.write_text(record(QS_HANDS, "1. 1:3 3:5"), encoding="utf-8")
    by_path = validate_source(p, deck_check=False)
    assert by_path.file == str(p) and by_path.diagnostics[0].file == str(p)
    by_bytes = validate_source(p.read_bytes(), file="x.gjn", deck_check=False)
    assert [d.code for d in by_bytes.diagnostics] == [d.code for d in by_path.diagnostics]
    missing = validate_source(tmp_path / "nope.gjn")
    assert not missing.readable and missing.exit_code == 2


def test_validate_deal_with_an_explicit_ruleset() -> None:
    from gojinotation_analyzer.rules.profiles import load_ruleset

    deal = loads(record(["D3", "4", "55", "DD6", "77", "88"], "1. 1:D 4:DD")).deals[0]
    qs = validate_deal(deal, deck_check=False)
    ds = validate_deal(deal, ruleset=load_ruleset("dian-shao-men-luo"), deck_check=False)
    assert "R-JOKER-6" in {d.rule_id for d in qs} and "R-JOKER-6" not in {d.rule_id for d in ds}


def test_json_positions_are_left_out() -> None:
    deal = loads(record(QS_HANDS, "1. 3:5 1:3")).deals[0]
    (d,) = [d for d in validate_deal(deal, deck_check=False, positions=False) if d.code == "GJV203"]
    assert (d.line, d.column, d.source_line) == (0, 0, "")
    assert (d.seat, d.action) == (3, "3:5")


def test_report_as_dict_is_plain_data() -> None:
    import json

    report = validate_source(record(QS_HANDS, "1. 3:5 1:3"), file="t.gjn", deck_check=False)
    data = json.loads(json.dumps(report.as_dict()))
    first = data["diagnostics"][0]
    assert first["code"] == "GJV203" and first["rule"]["id"] == "R-TURN-1"
    assert first["source_line"] == "1. 3:5 1:3" and first["end_column"] == 7
    assert data["exit_code"] == 1 and data["counts"]["errors"] == 1


def test_engine_failure_becomes_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    class Boom:
        @staticmethod
        def replay(*_a: object, **_k: object) -> object:
            raise RuntimeError("boom")

    monkeypatch.setattr(V, "_engine", lambda: Boom)
    monkeypatch.delenv("GOUJI_DEBUG", raising=False)
    (d,) = [d for d in diagnostics(record(QS_HANDS, "1. 1:3")) if d.code == "GJV290"]
    assert d.severity is Severity.ERROR and "RuntimeError: boom" in d.en
    assert (d.line, d.column) == (9, 4)


# ------------------------------------------------------------------ codes and rule ids


def test_codes_table_is_consistent() -> None:
    for code, c in CODES.items():
        assert c.code == code and c.title_en and c.title_zh
        expected = {"2": Severity.ERROR, "3": Severity.WARNING, "4": Severity.DISPUTE,
                    "5": Severity.NOTICE}[code[3]]  # fmt: skip
        assert c.severity is expected, code
    mapped = [r for c in CODES.values() for r in c.rules]
    assert len(mapped) == len(set(mapped))
    assert set(mapped) <= set(RULES)


#: Rules a record cannot break as an action of its own, and why.
NOT_AN_ACTION: dict[str, str] = {
    "R-SEAT-1": "seats and teams are fixed by the notation",
    "R-RANK-1": "ranks are fixed by the notation",
    "R-SET-4": "the notation has no action that takes a set back",
    "R-GOUJI-1": "the thresholds classify sets; a wrong answer is R-GOUJI-2",
    "R-LEAD-1": "a lead by the wrong seat is reported as R-TURN-1",
    "R-JIEFENG-1": "a lead by the wrong seat is reported as R-TURN-1",
    "R-DIPAI-1": "够死级 widens or narrows who may answer: wrong answers are R-GOUJI-2",
    "R-WUTOU-1": "无头 widens who may answer: wrong answers are R-GOUJI-2 or R-PASS-1",
    "R-SIHU-1": "四户乱缠 widens who may answer; its open point is a dispute (EC-41)",
    "R-BURN-5": "the consequence of a failed burn (cited by the R-BURN-3 warning)",
    "R-BURN-6": "解烧 and 反烧 are outcomes; an open point is a dispute (EC-15)",
    "R-BURN-8": "burn success is an outcome (scoring)",
    "R-KAIDIAN-1": "开点 is an outcome (scoring)",
    "R-KAIDIAN-2": "the 开点 cutoff is an outcome; its open point is a dispute",
    "R-KAIDIAN-5": "the 不开点 sanction is scoring",
    "R-BIE3-2": "闷 and its places are outcomes (EC-27)",
    "R-CUOPAI-1": "the sanction of a wrong play, applied with the rule broken",
    "R-VOCAB-1": "table talk is not recorded",
    "R-FINISH-1": "places are derived; a written Finish that differs is R-RECORD-1",
    "R-SCORE-1": "scoring; a written Score that differs is R-RECORD-1",
    "R-SCORE-2": "scoring; a written Score that differs is R-RECORD-1",
    "R-SCORE-3": "scoring; a written Score that differs is R-RECORD-1",
    "R-SCORE-4": "scoring; a written Score that differs is R-RECORD-1",
    "R-MATCH-1": "match scoring spans several deals",
}


def test_every_rule_id_is_tested_or_explained() -> None:
    module = sys.modules[__name__]
    tested = {
        "R-" + "-".join(name.split("_")[2:4]) for name in dir(module) if name.startswith("test_R_")
    }
    for rid in RULES:
        assert rid in tested or rid in NOT_AN_ACTION, f"{rid}: no test and no reason"
        assert not (rid in tested and rid in NOT_AN_ACTION), rid
    for rid in tested:
        assert rid in RULES, rid
        assert code_for_rule(rid) in CODES


def test_parse_finish_and_score_reject_nonsense() -> None:
    assert parse_finish("1 2 3 4 5 5") is None and parse_finish("头科1 头科2") is None
    assert parse_finish("0 1") is None and parse_finish("1 2 3 4 5 6 1") is None
    assert parse_score("A 1 A 2") is None and parse_score("A 1 B 2 C 3") is None
    assert parse_score("A+6 B-6") == (6, -6) and parse_score("－６：＋６") == (-6, 6)


def _sim_match(deals: int = 3) -> str:
    import gojinotation as gj
    from gojinotation_analyzer.simulation.simulate import simulate

    found = list(simulate("qingdao-standard", seed=2, deals=deals, bot="random", match=True))
    return gj.dumps(gj.Match(tuple(found), 1))


def test_R_OPEN_1_next_deal_leader_follows_the_previous_daluo() -> None:
    # qingdao-standard: open.subsequent = daluo_duitou_opens_daluo_leads (000§B): the
    # previous deal's 大落 leads the next deal; the simulator plays it so, and the check
    # of the previous deal replaces the notice that one deal cannot show it
    text = _sim_match()
    found = V.validate_source(text.encode()).diagnostics
    assert not [d for d in found if d.rule_id == "R-OPEN-1" and d.deal != 1]
    deals = loads(text).deals
    daluo = deals[0].tag("Finish").split()[-1]  # type: ignore[union-attr]
    assert deals[1].tag("Leader") == daluo  # type: ignore[union-attr]


def test_R_OPEN_1_next_deal_leader_contradicts_the_previous_daluo() -> None:
    text = _sim_match()
    lines = text.split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith("[Leader ")][1]
    right = lines[at][len('[Leader "') :].rstrip('"]')
    wrong = "1" if right != "1" else "2"
    lines[at] = f'[Leader "{wrong}"]'
    found = V.validate_source("\n".join(lines).encode()).diagnostics
    hits = [d for d in found if d.rule_id == "R-OPEN-1"]
    assert [(d.code, d.line, d.column, d.deal, d.param) for d in hits] == [
        ("GJV216", at + 1, 10, 2, "open.subsequent")
    ]
    assert f"seat {right} the first leader" in hits[0].en
    # the same deal alone (no previous deal in the file, hands without suits): nothing
    # tells its first leader, so no error
    import gojinotation as gj

    alone = gj.dumps(loads("\n".join(lines)).deals[1])
    codes = [d.code for d in V.validate_source(alone.encode()).diagnostics
             if d.rule_id == "R-OPEN-1"]  # fmt: skip
    assert "GJV216" not in codes
