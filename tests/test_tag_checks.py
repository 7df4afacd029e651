"""The validator's tag checks (issue #15: absurd tag values were accepted silently):
GJV307 (a Leader that names no seat), GJV308 (absurd numbers), GJV309 (dates), each a
warning at the tag's value with what was found and what was expected, in both languages
(``reports/tags.py``; ``docs/validator.md``, *Tag checks*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
from gojinotation_analyzer.reports.validate import validate_source

HEAD = '[Event "x"]\n[Profile "qingdao-standard"]\n'
BODY = (
    "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
    "1. 1:3 2:4 3:- 4:- 5:- 6:- 1:- 2:close\n"
)


def found(tag: str, value: str, code: str) -> list[Diagnostic]:
    """The findings ``code`` of a deal whose third line is ``[tag "value"]``."""
    text = f'{HEAD}[{tag} "{value}"]\n{BODY}'
    report = validate_source(text.encode("utf-8"), file="t.gjn", deck_check=False)
    return [d for d in report.diagnostics if d.code == code]


def one(tag: str, value: str, code: str) -> Diagnostic:
    got = found(tag, value, code)
    assert len(got) == 1, got
    d = got[0]
    assert d.severity is Severity.WARNING
    assert (d.file, d.line, d.column) == ("t.gjn", 3, len(tag) + 4)  # at the value
    assert d.end_column == d.column + len(value)
    return d


LONG = "12345678901234567890123456"  # 26 digits


@pytest.mark.parametrize("value", ["7", "0", "01", LONG, "-1", "three", "1 2"])
def test_GJV307_a_leader_that_names_no_seat(value: str) -> None:
    d = one("Leader", value, "GJV307")
    assert d.rule_id == "R-OPEN-1"
    assert "expected a seat 1-6" in d.en and "应为 1-6 号座位" in d.zh
    assert repr(value[:24]) in d.en or value[:24] in d.en


@pytest.mark.parametrize("value", ["1", "6", " 3 ", "３", ""])
def test_GJV307_not_for_a_seat_or_an_empty_value(value: str) -> None:
    assert found("Leader", value, "GJV307") == []


def test_GJV307_and_how_the_replay_found_the_leader() -> None:
    """The replay ignores such a tag; its notice says how it found the first leader."""
    notes = [d.en for d in found("Leader", "7", "GJV502") if d.rule_id == "R-OPEN-1"]
    assert notes and "no Leader tag naming a seat" in notes[0]
    assert found("Leader", "1", "GJV502") == []


@pytest.mark.parametrize("tag", ["Round", "Table", "Game", "Deal"])
@pytest.mark.parametrize("value", ["0", "-3", "1000000", LONG, "０"])
def test_GJV308_a_number_tag_out_of_range(tag: str, value: str) -> None:
    d = one(tag, value, "GJV308")
    assert f"the {tag} tag is" in d.en and "expected a whole number from 1 to 999999" in d.en
    assert f"{tag} 标签为" in d.zh and "应为 1 到 999999 的整数" in d.zh


@pytest.mark.parametrize("tag", ["Round", "Table", "Game", "Deal"])
@pytest.mark.parametrize("value", ["1", "999999", "决赛", "A-7", "3.1", "１２"])
def test_GJV308_not_for_a_plausible_number_or_a_name(tag: str, value: str) -> None:
    assert found(tag, value, "GJV308") == []


@pytest.mark.parametrize("value", ["0", "-5", "3601", "30s", "9" * 40])
def test_GJV308_time_control(value: str) -> None:
    d = one("TimeControl", value, "GJV308")
    assert "expected the seconds a play may take" in d.en and "秒数" in d.zh


@pytest.mark.parametrize("value", ["1", "30", "3600"])
def test_GJV308_not_for_a_plausible_time_control(value: str) -> None:
    assert found("TimeControl", value, "GJV308") == []


@pytest.mark.parametrize("value", ["+1000 -1000", "6 -1000000", "9" * 64 + " -6"])
def test_GJV308_score(value: str) -> None:
    got = found("Score", value, "GJV308")
    assert len(got) == 1 and "at most 999 a team" in got[0].en and "每方至多 999 分" in got[0].zh
    assert got[0].line == 3


def test_GJV308_a_score_of_5000_digits_is_unreadable_not_a_crash() -> None:
    """int() refuses 4,300 digits: such a score is GJV302 (cannot be read), not an error
    of the program."""
    value = "9" * 5000 + " -6"
    assert found("Score", value, "GJV308") == []
    assert [d.line for d in found("Score", value, "GJV302")] == [3]


def test_GJV308_not_for_a_plausible_score() -> None:
    assert found("Score", "+6 -6", "GJV308") == [] and found("Score", "six", "GJV308") == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-05-01", "expected a date YYYY.MM.DD"),
        ("2026.5.1", "expected a date YYYY.MM.DD"),
        (LONG, "expected a date YYYY.MM.DD"),
        ("0000.05.01", "expected a year from 1900 to 2100"),
        ("2026.13.01", "expected a month 01-12"),
        ("2026.00.01", "expected a month 01-12"),
        ("2026.02.30", "expected a day 01-28 in that month"),
        ("2024.04.31", "expected a day 01-30 in that month"),
        ("2026.??.32", "expected a day 01-31 in that month"),
    ],
)
def test_GJV309_a_date_that_is_not_one(value: str, expected: str) -> None:
    d = one("Date", value, "GJV309")
    assert expected in d.en and "Date 标签为" in d.zh


@pytest.mark.parametrize("value", ["2026.05.01", "2024.02.29", "????.02.29", "2026.??.??"])
def test_GJV309_not_for_a_date(value: str) -> None:
    assert found("Date", value, "GJV309") == []


def test_tag_checks_in_the_command_and_in_chinese(tmp_path: Path) -> None:
    """``gouji validate`` shows them as warnings, at
    file:line:col, in English and in Chinese."""
    p = tmp_path / "t.gjn"
    p.write_text(f'{HEAD}[Leader "7"]\n[Deal "0"]\n[Date "2026.13.01"]\n{BODY}', "utf-8")
    en = CliRunner().invoke(main, ["--lang", "en", "validate", "--no-deck-check", str(p)])
    assert f"{p}:3:10: warning GJV307" in en.output
    assert f"{p}:4:8: warning GJV308" in en.output and f"{p}:5:8: warning GJV309" in en.output
    zh = CliRunner().invoke(main, ["--lang", "zh", "validate", "--no-deck-check", str(p)])
    assert f"{p}:3:10: 警告 GJV307" in zh.output and "应为 1-6 号座位" in zh.output
    assert en.exit_code == zh.exit_code and en.exit_code in (0, 1), en.output


def test_a_future_version_warns_in_every_reading_command(tmp_path: Path) -> None:
    """``%GJN 99``: every command that reads the file warns and goes on."""
    p = tmp_path / "v.gjn"
    p.write_text(f'%GJN 99\n{HEAD}[Leader "1"]\n{BODY}', "utf-8")
    out = tmp_path / "out"
    for args in (
        ["validate", str(p)],
        ["show", str(p)],
        ["fmt", "--check", str(p)],
        ["convert", str(p), "-o", str(tmp_path / "v.json")],
        ["render", str(p), "-o", str(out)],
    ):
        r = CliRunner().invoke(main, ["--lang", "en", *args])
        assert "declares GJN 99, a version this gouji does not know" in r.output, args
        assert r.exit_code in (0, 1), (args, r.output)


@pytest.mark.parametrize("value", ["9" * 5000, "+-5", "²", "9" * 19])
def test_GJV221_an_absurd_number_in_a_rule_override(value: str) -> None:
    """``[Rules "name=N"]`` with a number ``int()`` refuses (5,000 digits, ``+-5``, a
    superscript digit) was an internal error; a number of 19 digits was taken as meant.
    Each is a bad override (GJV221), ignored."""
    got = found("Rules", f"geming.fake_penalty={value}", "GJV221")
    assert len(got) == 1 and "geming.fake_penalty" in got[0].en and "is not allowed" in got[0].en
    assert got[0].line == 3


#: Each integer parameter's documented maximum (docs/rules.md, *Parameters*; issue #15:
#: a parameter with only a minimum took any number of up to 18 digits as meant).
MAXIMA = {
    "geming.fake_penalty": 999,
    "match.hands_per_game": 99,
    "match.game_count": 99,
    "time.limit_s": 3600,
    "burn.max_players_out": 1,
}


@pytest.mark.parametrize(("name", "top"), sorted(MAXIMA.items()))
def test_GJV221_an_integer_override_beyond_its_maximum(name: str, top: int) -> None:
    """One above the maximum is a bad override (GJV221) in both languages, naming the
    range; the maximum itself is accepted."""
    (d,) = found("Rules", f"{name}={top + 1}", "GJV221")
    assert d.severity is Severity.ERROR and d.line == 3
    assert f"{name}: {top + 1} is not allowed" in d.en and f"..{top}" in d.en
    assert f"{name}：不允许取值 {top + 1}" in d.zh and f"..{top}" in d.zh
    assert found("Rules", f"{name}={top}", "GJV221") == []


def test_every_integer_parameter_has_a_maximum() -> None:
    """No integer parameter, nor the integers of a point vector, map or list, is unbounded."""
    from gojinotation_analyzer.rules.ruleset import PARAMETERS

    ints = [p for p in PARAMETERS.values() if p.kind in ("int", "vec6", "map") or p.int_elements]
    assert {p.name for p in ints} >= set(MAXIMA)
    for p in ints:
        assert p.maximum is not None and p.minimum is not None, p.name
        assert f"..{p.maximum}" in p.allowed_text(), p.name


@pytest.mark.parametrize(
    "override",
    [
        "score.place=1000,2,0,0,-2,-4",
        "score.bonus=men:1000",
        "gouji.thresholds=K:100",
        "penalty.violation_points=1,1000",
    ],
)
def test_GJV221_points_beyond_999_in_a_vector_map_or_list(override: str) -> None:
    (d,) = found("Rules", override, "GJV221")
    assert "is not allowed" in d.en and "不允许取值" in d.zh
