"""The result tags (R-RECORD-1): one parser for the validator and the replay page.

The deal of :func:`_finished` ends 1 2 3 4 5 6 (each seat plays its one card in turn), so
team A (1, 3, 5) takes 头科, 三科 and 二落 against 二科, 四科 and 大落: +2 for A, −2 for B
under qingdao-standard (the replay's score, confirmed by ``test_R_RECORD_1_finish_tag_matches``).
"""

from __future__ import annotations

import pytest

from gojinotation import loads
from gojinotation_analyzer.publish.view import view_from_engine, view_from_record
from gojinotation_analyzer.reports.results import parse_finish, parse_score
from gojinotation_analyzer.reports.validate import validate_source


def _finished(tags: tuple[tuple[str, str], ...]) -> str:
    lines = ['[Profile "qingdao-standard"]', '[Leader "1"]']
    lines += [f'[{k} "{v}"]' for k, v in tags]
    lines += [f"hand {i}: {h}" for i, h in enumerate(["5", "6", "7", "8", "9", "T"], 1)]
    lines.append("1. 1:5 2:6 3:7 4:8 5:9")
    return "\n".join(lines) + "\n"


def _codes(text: str) -> list[str]:
    return [d.code for d in validate_source(text, file="t.gjn", deck_check=False).diagnostics]


def test_R_RECORD_1_swapped_team_score_is_caught() -> None:
    # the scorer wrote B's +2 and A's -2; the replay gives A +2, B -2: the teams are swapped
    found = validate_source(
        _finished((("Score", "B +2 A -2"),)), file="t.gjn", deck_check=False
    ).diagnostics
    assert [(d.code, d.rule_id) for d in found] == [("GJV231", "R-RECORD-1")]
    assert found[0].en == "the Score tag says -2 +2; the replay gives +2 -2"


def test_R_RECORD_1_full_width_score_is_team_a_first() -> None:
    # docs/format.md: full-width forms read as ASCII, so ＋２ －２ is A +2, B −2 (the replay)
    assert parse_score("＋２ －２") == (2, -2)
    assert _codes(_finished((("Score", "＋２ －２"),))) == []
    assert _codes(_finished((("Score", "－２ ＋２"),))) == ["GJV231"]


def test_R_RECORD_1_spaced_seat_first_place_words_give_the_full_order() -> None:
    # "1号头科 2号二科 …": each seat stands before its place; never 头科 = 2 (the old reading)
    text = "1号头科 2号二科 3号三科 4号四科 5号二落 6号大落"
    assert parse_finish(text) == (1, 2, 3, 4, 5, 6)
    assert parse_finish("6号头科 5号二科") == (6, 5)
    assert _codes(_finished((("Finish", text),))) == []
    wrong = "2号头科 1号二科 3号三科 4号四科 5号二落 6号大落"
    assert _codes(_finished((("Finish", wrong),))) == ["GJV230"]


@pytest.mark.parametrize(
    "text", ["头科1 号 二科", "1号头科 bogus", "头科1 二科1", "1号头科 1号二科", "二科1"]
)
def test_R_RECORD_1_unreadable_place_words_are_not_guessed(text: str) -> None:
    assert parse_finish(text) is None


def test_view_reads_result_tags_like_the_validator() -> None:
    # an unfinished deal: the page shows the written tags (the engine has no result)
    tags = (("Score", "＋２ －２"), ("Finish", "1号头科 2号二科 3号三科"))
    text = _finished(tags).replace("1. 1:5 2:6 3:7 4:8 5:9", "1. 2:6")
    record = view_from_record(loads(text)).deals[0]
    assert record.team_points == (("A", 2), ("B", -2))
    assert record.finish == (1, 2, 3)
    engine = view_from_engine(loads(text)).deals[0]
    assert engine.team_points == (("A", 2), ("B", -2))


def test_messages_name_the_record_s_own_deal_number() -> None:
    # the file's only deal is the record's deal 3: "deal 3" / 第3局, never "deal 1"
    text = '[Deal "3"]\n' + _finished((("Score", "B +2 A -2"),))
    (d,) = validate_source(text, file="t.gjn", deck_check=False).diagnostics
    assert (d.deal, d.deal_number) == (1, "3")  # position in the file, the record's number
    assert d.format("en").splitlines()[0].endswith("(deal 3)")
    assert d.format("zh").splitlines()[0].endswith("（第3局）")
    assert d.as_dict()["deal_number"] == "3"
    # without a Deal tag the position in the file is all there is
    (plain,) = validate_source(_finished((("Score", "B +2 A -2"),)), deck_check=False).diagnostics
    assert plain.deal_number is None and plain.format("en").splitlines()[0].endswith("(deal 1)")
