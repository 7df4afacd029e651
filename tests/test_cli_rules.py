"""Tests of ``gouji rules`` (gojinotation_analyzer.cli.rules)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.rules import rules
from gojinotation_analyzer.rules.profiles import PROFILES


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(rules, list(args), env=env or {"LANG": "C", "LC_ALL": ""})
    return result.exit_code, result.stdout, result.stderr


def test_list_text_and_json() -> None:
    code, out, _ = run("list", "--lang", "en")
    assert code == 0
    for pid in PROFILES:
        assert pid in out
    assert "Qingdao standard" in out and "20 profiles" in out
    code, out, _ = run("list", "--format", "json")
    data = json.loads(out)
    assert [d["id"] for d in data] == list(PROFILES)
    assert "qingdao" in data[0]["aliases"]


def test_list_chinese() -> None:
    code, out, _ = run("list", "--lang", "zh")
    assert code == 0 and "青岛常规打法" in out and "共 20 个规则方案" in out


def test_lang_from_environment() -> None:
    _, out, _ = run("list", env={"LANG": "zh_CN.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "编号" in out
    _, out, _ = run("list", env={"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "aliases" in out


def test_show_every_parameter_with_provenance() -> None:
    code, out, _ = run("show", "two-table", "--lang", "en")
    assert code == 0
    assert out.startswith("two-table-654321 — ")
    assert "pass.duitou_reentry" in out and "000_2cf9eb31bd48568c.txt §F 6" in out
    assert "inherited from qingdao-standard" in out
    assert "default (open point)" in out and "disputed" in out
    code, out, _ = run("show", "QS", "--lang", "zh")
    assert "明文" in out and "默认（文件未定）" in out


def test_show_json() -> None:
    code, out, _ = run("show", "latest-004", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["id"] == "latest-004" and data["parent"] == "qingdao-standard"
    params = {p["name"]: p for p in data["parameters"]}
    assert len(params) == len(PROFILES["latest-004"].table)
    first = params["open.first_method"]
    assert first["provenance"] == "stated" and len(first["disputed"]) == 2
    assert first["citation"]["file"] == "004_50c53f3a2c6a0c6c.txt"
    assert params["score.place"]["value"] == [5, 4, 3, 2, 1, 0]
    assert params["gouji.thresholds"]["value"]["T"] == 5


def test_diff() -> None:
    code, out, _ = run("diff", "qingdao", "dian-shao-men-luo", "--lang", "en")
    assert code == 0
    assert "cmp.ershayi" in out and "two_big_beat_one_big" in out
    assert "000_2cf9eb31bd48568c.txt §J 第九条" in out
    code, out, _ = run("diff", "qingdao", "qingdao-standard", "--lang", "en")
    assert code == 0 and "are the same" in out
    code, out, _ = run("diff", "qingdao", "tongsu", "--format", "json")
    data = json.loads(out)
    names = [d["name"] for d in data["differences"]]
    assert "play.attach_twos" in names and "deck.variant" not in names


@pytest.mark.parametrize(
    "args",
    [
        ("show", "qingdao-standrd"),
        ("diff", "qingdao", "nope"),
        ("diff", "nope", "qingdao"),
        ("show", "nope", "--format", "json"),
    ],
)
def test_unknown_profile_exits_2_in_both_languages(args: tuple[str, ...]) -> None:
    code, out, err = run(*args, "--lang", "en")
    assert code == 2
    assert out == ""
    assert "unknown rule profile" in err and "未知的规则方案" in err
    assert "Traceback" not in err


def test_unknown_profile_suggests_close_match() -> None:
    _, _, err = run("show", "qingdao-standrd", "--lang", "zh")
    assert err.splitlines()[0].startswith("gouji: 错误: 未知的规则方案")
    assert "qingdao-standard" in err


def test_bad_format_is_a_usage_error() -> None:
    code, _, _ = run("list", "--format", "xml")
    assert code == 2


def test_through_gouji_main() -> None:
    from gojinotation_analyzer.cli.main import main

    result = CliRunner().invoke(main, ["--lang", "zh", "rules", "list"])
    assert result.exit_code == 0 and "编号" in result.stdout
    result = CliRunner().invoke(main, ["--lang", "zh", "rules", "--help"])
    assert result.exit_code == 0 and "规则方案" in result.stdout
    result = CliRunner().invoke(main, ["rules", "show", "nope"])
    assert result.exit_code == 2 and "Traceback" not in result.output
