"""Every rule id keeps at least one hand-reasoned test.

A *reasoned* test builds a situation by hand, says from the rule documents what must
happen, and checks that it does; it is named after the rule id it pins (``test_R_BURN_6_…``)
so that ``pytest -k R_BURN_6`` finds it.  The golden digests only detect change
(``change_detector``); these judge.

The first test lists every id of ``rules/rulebook.py`` and looks for a test function whose
name contains it; the others are the reasoned tests of the ids that had none, each citing
the seed passage it is reasoned from (``../shared/seeds``; the tag is the rulebook's).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from gojinotation.cards import RANK_ORDER, Card, Suit
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.sets import compare, shape
from gojinotation_analyzer.rules.profiles import load_ruleset
from gojinotation_analyzer.rules.rulebook import RULES
from tests.test_engine_util import disputes, final, of, play, violations

TESTS = Path(__file__).resolve().parent
QS = "qingdao-standard"


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                names.add(node.name)
    return names


def named_after(rule_id: str, names: set[str]) -> list[str]:
    """The test functions whose name contains ``rule_id`` (``R-BURN-6`` -> ``R_BURN_6``,
    not ``R_BURN_61``).

    >>> named_after("R-BURN-6", {"test_R_BURN_6_x", "test_R_BURN_61", "test_EC_1_R_BURN_6"})
    ['test_EC_1_R_BURN_6', 'test_R_BURN_6_x']
    """
    key = re.compile(r"(?:^|_)" + rule_id.replace("-", "_") + r"(?:_|$)")
    return sorted(n for n in names if key.search(n))


def test_every_rule_id_has_a_test_named_after_it() -> None:
    names = _test_names()
    assert len(RULES) >= 60
    missing = [rid for rid in RULES if not named_after(rid, names)]
    assert missing == [], "rule ids without a reasoned test named after them"


# ------------------------------------------------------------------------------ R-RANK-1


def test_R_RANK_1_ranks_from_dawang_down_to_3_and_suits_never_decide() -> None:
    """000§G 三: 大花>小花>2>A>K>Q>J>10>9>8>7>6>5>4>3; 002b 6(b): 不论花色，点数为准."""
    rs = load_ruleset(QS)
    order = [Card(r) for r in RANK_ORDER]  # strongest first
    assert "".join(c.gjn() for c in order) == "DX2AKQJT9876543"
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert compare(shape([high], rs), shape([low], rs), rs).ok, (high, low)
            assert not compare(shape([low], rs), shape([high], rs), rs).ok, (low, high)
    # the same rank in another suit does not beat: strength is the rank alone
    for suit in (Suit.SPADES, Suit.HEARTS):
        verdict = compare(shape([Card.parse("Kd")], rs), shape([Card.parse("K" + suit)], rs), rs)
        assert not verdict.ok and verdict.rule_id == "R-SET-3"


# ------------------------------------------------------------------------------- R-SET-4

H6 = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}


def test_R_SET_4_a_set_on_the_table_stands_no_card_added() -> None:
    """001b 3: 发（顺）牌落地生根，一旦发到桌面上不得再行换牌、增牌和减牌.  Seat 1
    cannot add a 5 to his standing 55: the record's second action is out of turn and is
    not taken as part of the set."""
    frames = play(H6, "1:55 1:5")
    assert violations(frames) == [("R-TURN-1", 1)]
    st = final(frames)
    top = st.top
    assert top is not None and top.owner == 1
    assert st.count(1) == 3  # 55 left his hand, the 5 did not


def test_R_SET_4_a_legal_set_taken_back_differs_from_the_profile() -> None:
    """A legal set stands (落地生根): a record whose ruling takes seat 2's legal 88 back
    is replayed as written but flagged, for the profile prescribes that the set stands."""
    frames = play(H6, "1:55 2:88 [%ruling retract]")
    assert [e.ruling for e in of(frames, E.Notice)] == ["retract"]  # type: ignore[attr-defined]
    assert len(disputes(frames)) == 1
    stands = play(H6, "1:55 2:88")
    assert disputes(stands) == [] and violations(stands) == []
    top = final(stands).top
    assert top is not None and top.owner == 2


# ----------------------------------------------------------------------------- R-DIPAI-1

DIPAI = {1: "55", 2: "3 88", 3: "3 99", 4: "3 TT KK", 5: "3 JJ AA", 6: "3 QQ"}


def test_R_DIPAI_1_duitou_of_toke_gets_one_gousiji_nobody_answers() -> None:
    """003(14) / 000§N 五8: 头科、二科的底牌，其对头分别有一次无对头够级机会（够死级）;
    除有烧牌者外，够死级者即获重新发牌权.  Seat 1 goes out (头科) with 55; his 对头 seat
    4 gets one chance; his KK may be answered only by a burn, so seat 5's plain AA is
    refused and, nobody burning, seat 4 leads again."""
    granted = play(DIPAI, "1:55")
    assert [(e.seat, e.granted) for e in of(granted, E.Gousiji)] == [(4, True)]  # type: ignore[attr-defined]
    answered = play(DIPAI, "1:55 2:- 3:- 4:KK 5:AA")
    assert violations(answered) == [("R-DIPAI-1", 5)]  # told why, not "out of turn"
    top = final(answered).top
    assert top is not None and top.owner == 4 and top.gousiji
    again = play(DIPAI, "1:55 2:- 3:- 4:KK 5:- 6:- 4:TT")
    assert violations(again) == []
    assert [e.leader for e in of(again, E.RoundEnded)] == [4]  # type: ignore[attr-defined]


def test_R_DIPAI_1_passed_seats_stay_out_of_the_round() -> None:
    """000§N 五8: 头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌.  Seat 2
    passed on 头科's 底牌 and may not come back in that round."""
    frames = play(DIPAI, "1:55 2:- 3:- 4:KK 5:- 6:- 2:88")
    assert violations(frames) == [("R-DIPAI-1", 2)]  # the 够死级 set stands: said so


# ------------------------------------------------------------------------------ R-BURN-6

BURN6_HANDS = {
    1: "66 3",
    2: "JJJJ 77 3",
    3: "QQQQ KK 999 3 X X",
    4: "88 99 3",
    5: "TT 44 3",
    6: "AA D 88 3",
}


def test_R_BURN_6_duitou_beats_a_burn_set_lifts_the_burn_without_penalty() -> None:
    """001b 4: 则解除“烧牌”状态，你可继续正常打牌.  Seat 3 burns seat 2's JJJJ; the
    burner's 对头 seat 6 beats his next set (XKK with DAA): the burn is lifted, seat 3 is
    no 大落, keeps his five cards and plays on normally."""
    frames = play(BURN6_HANDS, "2:JJJJ 3:burn QQQQ 6:- 3:XKK 6:DAA", leader=2)
    assert violations(frames) == []
    assert [(e.seat, e.by) for e in of(frames, E.BurnLifted)] == [(3, 6)]  # type: ignore[attr-defined]
    st = final(frames)
    assert st.burn is None and st.is_active(3) and st.count(3) == 5
    assert 3 not in st.place_of  # not made 大落: the lifted burn costs nothing


# ------------------------------------------------------------------------------ R-VOCAB-1

VOCAB = {1: "77 99", 2: "3 88", 3: "3 99", 4: "66 3", 5: "3 TT", 6: "3 JJ"}
YIELD = "4:66 5:- 6:- 1:yield"


def test_R_VOCAB_1_rang_pai_is_a_rule_word_in_qingdao_not_in_003() -> None:
    """000§F 11: 只能使用“报牌”、“过牌”、“让牌”、“烧牌”、“接风”等用语 — 让牌 is allowed;
    003(17): 只允許報牌、問答牌、說“過”和“接風” — it is not, so saying it is disputed."""
    qingdao = play(VOCAB, YIELD, leader=4, profile=QS)
    assert violations(qingdao) == [] and disputes(qingdao) == []
    trad = play(VOCAB, YIELD, leader=4, profile="trad-003")
    assert "vocab.allowed" in disputes(trad)


# ------------------------------------------------------------------------------ R-SCORE-2

CHUAN = {1: "5", 2: "3 Q", 3: "6", 4: "3 Q", 5: "7", 6: "3 Q"}


def test_R_SCORE_2_chuan3hu_is_decided_when_the_third_place_falls() -> None:
    """003 16 / 004b(12): 如果某一局的头科、二科和三科均被同一方夺走 ... 串三户.  Team A
    (seats 1, 3, 5) goes out first, second, third: the 串三户 is stated in the frame where
    seat 5 takes 三科, not before (two places of three decide nothing)."""
    frames = play(CHUAN, "1:5 2:- 3:6 4:- 5:7")
    at = [f.index for f in frames for e in f.events if isinstance(e, E.Chuan3hu)]
    assert at == [5]
    (event,) = of(frames, E.Chuan3hu)
    assert event.team == "A"  # type: ignore[attr-defined]
    assert final(frames).place_of == {1: 1, 3: 2, 5: 3}


def test_R_SCORE_2_no_chuan3hu_when_the_third_place_goes_across() -> None:
    """Same start, but seat 4 (team B) takes 三科: nobody took all three places."""
    hands = {**CHUAN, 4: "8", 5: "7 3"}
    frames = play(hands, "1:5 2:- 3:6 4:8")
    assert final(frames).place_of == {1: 1, 3: 2, 4: 3}
    assert of(frames, E.Chuan3hu) == []


def test_R_SCORE_2_revolution_with_toke_and_erke_allies_is_chuan3hu_at_once() -> None:
    """004b(13): 当革命者的2个同伙分获头科、二科时，则革命者视为三科，即对方被串三户.
    Seat 5 declares 革命; his teammates 1 and 3 go out first and second: at that moment
    seat 5 is 三科 and team B is 串三户."""
    hands = {1: "5", 2: "3 Q", 3: "6", 4: "3 Q", 5: "7 8", 6: "4 Q"}
    frames = play(hands, "5:revolution 6:4 1:5 2:- 3:6", leader=5)
    assert violations(frames) == []
    assert final(frames).place_of == {1: 1, 3: 2, 5: 3}
    assert [f.index for f in frames for e in f.events if isinstance(e, E.Chuan3hu)] == [5]
