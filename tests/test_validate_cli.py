"""``gouji validate``: files, globs, directories and standard input; text and JSON output;
``--profiles``; languages; colour and carets; the progress bar; exit codes; and no
traceback for any input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gojinotation_analyzer.cli import validate as cli_validate
from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.reports.validate import CODES
from gojinotation_analyzer.rules.profiles import PROFILES

ANSI = re.compile(r"\x1b\[[0-9;]*m")

HANDS = "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
CLEAN = '[Profile "qingdao"]\n[Leader "1"]\n' + HANDS + "1. 1:3 2:4\n"
# seat 3 before the first lead: out of turn in every reading (no pass can be implied)
ILLEGAL = '[Profile "qingdao"]\n[Leader "1"]\n' + HANDS + "1. 3:5 1:3\n"
SYNTAX = '[Event "bad"]\n1:ZZ\n'
DISPUTED = (
    '[Profile "qingdao"]\n[Leader "1"]\nhand 1: KK3\nhand 2: 4\nhand 3: 55\n'
    "hand 4: XQ6\nhand 5: 77\nhand 6: 88\n1. 1:KK 4:- 5:-\n"
)


def run(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()
    base = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "GOUJI_LANG": ""}
    result = runner.invoke(main, ["validate", *args], input=input, env=base | (env or {}))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.stdout + result.stderr
    return result


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


# ------------------------------------------------------------------ exit codes


def test_clean_record_exits_0(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "a.gjn", CLEAN)), "--no-deck-check")
    assert r.exit_code == 0
    assert "no rule errors" in r.stdout
    assert "notice GJV505" in r.stdout  # notices alone do not fail


def test_disputes_and_warnings_alone_do_not_fail(tmp_path: Path) -> None:
    # catalog EC-21 under dasai-5421: an unopened 头科, which the documents leave open
    hands = "".join(
        f"hand {i}: {h}\n" for i, h in enumerate(["73", "639", "739", "839", "939", "539"], 1)
    )
    text = (
        '[Profile "dasai-5421"]\n[Leader "6"]\n[Finish "1 2 3 4 5 6"]\n'
        + hands
        + "1. 6:5 1:7 2:- 3:- 4:- 5:- 6:- 2. 1:3\n"
    )
    r = run(str(write(tmp_path, "d.gjn", text)), "--no-deck-check")
    assert "dispute GJV401 [R-KAIDIAN-4]" in r.stdout
    assert "warning GJV301 [R-RECORD-1]" in r.stdout
    assert r.exit_code == 0


def test_rule_error_exits_1(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "b.gjn", ILLEGAL)), "--no-deck-check")
    assert r.exit_code == 1
    assert "error GJV203 [R-TURN-1]" in r.stdout
    assert "rule errors found" in r.stdout


def test_syntax_error_exits_2_and_still_validates_the_other_deals(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "c.gjn", SYNTAX + "\n" + ILLEGAL)), "--no-deck-check")
    assert r.exit_code == 2
    assert "error GJN110" in r.stdout and "error GJV203" in r.stdout


@pytest.mark.parametrize("what", ["missing", "directory", "pattern"])
def test_unreadable_inputs_exit_2(tmp_path: Path, what: str) -> None:
    arg = {
        "missing": str(tmp_path / "nope.gjn"),
        "directory": str(tmp_path),
        "pattern": str(tmp_path / "*.gjn"),
    }[what]
    r = run(arg)
    assert r.exit_code == 2
    assert "gouji: error" in r.stderr


def test_unknown_profile_option_exits_2() -> None:
    r = run("--profile", "qingdao-standrd", "-", input=CLEAN)
    assert r.exit_code == 2
    assert "did you mean: qingdao-standard" in r.stderr
    r = run("--profiles", "qingdao,nope", "-", input=CLEAN)
    assert r.exit_code == 2


def test_usage_error_exits_2() -> None:
    assert run().exit_code == 2
    assert run("--format", "xml", "-", input=CLEAN).exit_code == 2


# ------------------------------------------------------------------ inputs


def test_many_files_globs_and_directories(tmp_path: Path) -> None:
    write(tmp_path, "recs/a.gjn", CLEAN)
    write(tmp_path, "recs/sub/b.gjn", ILLEGAL)
    write(tmp_path, "other/c.gjn", CLEAN)
    r = run(str(tmp_path / "recs"), str(tmp_path / "other" / "*.gjn"), "--no-deck-check")
    assert r.exit_code == 1
    table = r.stdout.split("file ", 1)[1]
    for name in ("a.gjn", "b.gjn", "c.gjn"):
        assert name in table
    assert "total: 3 file(s)" in table
    r = run(str(tmp_path / "**" / "*.gjn"), "--no-deck-check")
    assert "total: 3 file(s)" in r.stdout


def test_standard_input() -> None:
    r = run("-", "--no-deck-check", input=ILLEGAL)
    assert r.exit_code == 1
    assert "<stdin>:9:4: error GJV203" in r.stdout


def test_json_record(tmp_path: Path) -> None:
    from gojinotation import loads
    from gojinotation.jsonio import dumps_json

    p = tmp_path / "r.json"
    p.write_text(dumps_json(loads(ILLEGAL)), encoding="utf-8")
    r = run(str(p), "--no-deck-check")
    assert r.exit_code == 1
    assert f"{p}:0:0: error GJV203" in r.stdout  # JSON has no GJN positions
    bad = write(tmp_path, "bad.json", '{"deals": 3}')
    r = run(str(bad))
    assert r.exit_code == 2 and "GJN13" in r.stdout


# ------------------------------------------------------------------ text output


def test_caret_under_the_offending_action(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "b.gjn", ILLEGAL)), "--no-deck-check")
    lines = r.stdout.splitlines()
    i = next(i for i, line in enumerate(lines) if "GJV203" in line)
    assert lines[i + 1] == "  1. 3:5 1:3"
    assert lines[i + 2] == "     ^^^"


def test_explain_gives_rule_text_and_sources(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "b.gjn", ILLEGAL)), "--no-deck-check", "--explain")
    assert "= Cards are drawn and played counterclockwise" in r.stdout
    assert "= source: 001_e3547c0540ab60aa.txt b 2" in r.stdout


def test_errors_only(tmp_path: Path) -> None:
    r = run(str(write(tmp_path, "b.gjn", ILLEGAL)), "--no-deck-check", "--errors-only")
    assert "GJV203" in r.stdout and "GJV505" not in r.stdout
    assert re.search(r"total: 1 file\(s\)\s+1\s+0\s+1\s+0\s+0\s+1", r.stdout)  # still counted


def test_chinese_report(tmp_path: Path) -> None:
    p = str(write(tmp_path, "b.gjn", ILLEGAL))
    for args in (("--lang", "zh"), ()):
        env = {} if args else {"LANG": "zh_CN.UTF-8"}
        r = run(p, "--no-deck-check", *args, env=env)
        assert "错误 GJV203 [R-TURN-1] 出牌顺序与越序：轮到1号出牌，不是3号" in r.stdout
        assert "合计：1 个文件" in r.stdout and "发现违规" in r.stdout


def test_help_in_both_languages() -> None:
    assert "Find every illegal action" in run("--help").stdout
    assert "找出 GJN 牌谱中所有违规着法" in run("--lang", "zh", "--help").stdout


def test_colour_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = str(write(tmp_path, "b.gjn", ILLEGAL))
    monkeypatch.setattr(cli_validate, "_isatty", lambda stream: True)
    runner = CliRunner()
    coloured = runner.invoke(main, ["validate", p, "--no-deck-check"], color=True)
    assert ANSI.search(coloured.output)
    assert "\x1b[31m\x1b[1merror" in coloured.output
    plain = runner.invoke(main, ["validate", p, "--no-deck-check", "--no-color"], color=True)
    assert not ANSI.search(plain.output)
    assert ANSI.sub("", coloured.output) == plain.output


def test_progress_bar_on_long_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [str(write(tmp_path, f"r{i}.gjn", CLEAN)) for i in range(3)]
    monkeypatch.setattr(cli_validate, "_isatty", lambda stream: True)
    monkeypatch.setattr(cli_validate, "PROGRESS_MIN_FILES", 2)
    r = run(*paths, "--no-deck-check", "--no-color")
    assert "validating" in r.stderr
    assert r.stdout.count("GJV505") == 3  # the report is unchanged
    monkeypatch.setattr(cli_validate, "PROGRESS_MIN_FILES", 50)
    assert "validating" not in run(*paths, "--no-deck-check").stderr


def test_summary_lists_only_files_with_errors_beyond_twenty(tmp_path: Path) -> None:
    paths = [str(write(tmp_path, f"r{i:02}.gjn", CLEAN)) for i in range(21)]
    paths.append(str(write(tmp_path, "zz.gjn", ILLEGAL)))
    r = run(*paths, "--no-deck-check", "--errors-only")
    assert "zz.gjn" in r.stdout and "r00.gjn" not in r.stdout
    assert "… 21 other file(s) without errors" in r.stdout


# ------------------------------------------------------------------ profiles


def test_profiles_all(tmp_path: Path) -> None:
    text = ILLEGAL.replace("1. 3:5 1:3", "1. 1:D 4:DD").replace("KK3", "D3").replace("66", "DD6")
    r = run(str(write(tmp_path, "e.gjn", text)), "--no-deck-check", "--profiles", "all")
    out = r.stdout
    assert "deal 1: 20 rulesets compared" in out  # the record's own + the 19 others
    for pid in PROFILES:
        assert pid in out
    # the differences are grouped by the parameters that make them (docs/validator.md)
    assert re.search(r"^  parameter [^:\n]*\bcmp\.ershayi\b[^:\n]*: 1 action", out, re.M)
    assert "dian-shao-men-luo" in out.split("4:DD (round 1, seat 4)")[1]


def test_profiles_list(tmp_path: Path) -> None:
    r = run("-", "--no-deck-check", "--profiles", "DS,tongsu", input=DISPUTED)
    assert "3 rulesets compared" in r.stdout
    assert "record: qingdao-standard" in r.stdout


def test_profile_option_replaces_the_tag(tmp_path: Path) -> None:
    text = ILLEGAL.replace("1. 3:5 1:3", "1. 1:D 4:DD").replace("KK3", "D3").replace("66", "DD6")
    p = str(write(tmp_path, "e.gjn", text))
    assert run(p, "--no-deck-check").exit_code == 1
    r = run(p, "--no-deck-check", "--profile", "tongsu")
    assert r.exit_code == 0
    assert "notice GJV506" in r.stdout


# ------------------------------------------------------------------ JSON


def test_json_structure(tmp_path: Path) -> None:
    p = str(write(tmp_path, "b.gjn", ILLEGAL))
    r = run(p, str(tmp_path / "missing.gjn"), "--no-deck-check", "--format", "json",
            "--profiles", "tongsu")  # fmt: skip
    doc: dict[str, Any] = json.loads(r.stdout)
    assert r.exit_code == 2 == doc["exit_code"]
    assert doc["format"] == "gouji-validate" and doc["version"] == 1
    assert doc["summary"] == {
        "files": 2, "unreadable": 1, "deals": 1, "syntax": 0, "errors": 1, "warnings": 0,
        "disputes": 0, "notices": 1,
    }  # fmt: skip
    f0, f1 = doc["files"]
    assert f1 == {
        "file": str(tmp_path / "missing.gjn"), "readable": False, "deals": 0,
        "counts": {"syntax": 0, "errors": 0, "warnings": 0, "disputes": 0, "notices": 0},
        "exit_code": 2, "diagnostics": [], "comparisons": [],
    }  # fmt: skip
    d = f0["diagnostics"][0]
    assert set(d) == {
        "code", "severity", "rule", "message", "explanation", "citations", "param", "file",
        "line", "column", "end_column", "deal", "deal_number", "round", "seat", "action",
        "alternatives", "source_line", "syntax", "more",
    }  # fmt: skip
    assert (d["code"], d["severity"], d["rule"]["id"]) == ("GJV203", "error", "R-TURN-1")
    assert (d["line"], d["column"], d["end_column"]) == (9, 4, 7)
    assert (d["deal"], d["round"], d["seat"], d["action"]) == (1, None, 3, "3:5")
    assert d["message"]["zh"] == "轮到1号出牌，不是3号"
    assert d["explanation"] is None  # only with --explain
    r = run(p, "--no-deck-check", "--format", "json", "--explain")
    explained = json.loads(r.stdout)["files"][0]["diagnostics"][0]["explanation"]
    assert explained["en"].startswith("Cards are drawn") and "轮到1号" in explained["zh"]
    assert d["citations"][0]["file"].startswith("001_")
    (cmp,) = f0["comparisons"]
    assert [o["label"] for o in cmp["outcomes"]] == ["record: qingdao-standard", "tongsu"]
    assert set(cmp) == {
        "file", "deal", "deal_number", "record_profile", "outcomes", "rows", "open_points",
    }  # fmt: skip


def test_json_on_arbitrary_bytes() -> None:
    r = run("-", "--format", "json", input=b"\xff\xfe\x00garbage")
    doc = json.loads(r.stdout)
    assert r.exit_code == 2
    assert doc["files"][0]["diagnostics"][0]["code"] == "GJN115"


def test_every_code_is_documented() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "validator.md").read_text("utf-8")
    for code in CODES:
        assert f"`{code}`" in doc, code


# ------------------------------------------------------------------ no tracebacks


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.binary(max_size=300))
def test_arbitrary_bytes_never_give_a_traceback(data: bytes) -> None:
    r = run("-", "--no-deck-check", input=data)
    assert r.exit_code in (0, 1, 2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.text(alphabet='[]"{}()^:-123456789TJQKADX?hand \n.burn', max_size=200))
def test_arbitrary_text_never_gives_a_traceback(text: str) -> None:
    r = run("-", "--format", "json", input=text)
    assert r.exit_code in (0, 1, 2)
    json.loads(r.stdout)
