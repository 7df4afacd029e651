"""The ``gouji`` command line: every command, both languages, every exit code."""

from __future__ import annotations

import importlib
import json
import re
import string
import sys
import types
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

import gojinotation as gj
from gojinotation_analyzer.cli import main as cli
from gojinotation_analyzer.cli import show as show_module
from gojinotation_analyzer.cli.main import EXIT_CHANGED, EXIT_ERROR, EXIT_OK, main
from gojinotation_analyzer.i18n import CATALOG, detect_lang, t, translate_click

ROOT = Path(__file__).resolve().parent.parent

RECORD = """[Event "2026 青岛公开赛"]
[Site "青岛"]
[Date "2026.05.01"]
[Seat1 "张三"]
[Seat2 "李四"]
[TeamA "青岛一队"]
[TeamB "烟台队"]
[Profile "qingdao-standard"]
[Rules "cmp.ershayi=two_big_beat_one_big"]
[Leader "3"]
[TimeControl "30"]
[Finish "3 1 5 2 6 4"]
[Score "+6 -6"]
[Annotator "王裁判"]
[Stage "final"]
hand 1: dd x 2222 aaa 10 10
hand 4: -
1. 3:333 4:过 {nice play} 5:- (5:444 6:-) 6:- 1:close
2. 3:KK ! [%clk 3] 4:burn 2222
"""

CANONICAL = gj.dumps(gj.loads(RECORD))
BROKEN = '[Event "bad"]\n1:ZZ\n\n[Event "good"]\n1:333   2:-\n'
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(
    *args: str,
    input: str | bytes | None = None,
    env: dict[str, str] | None = None,
    color: bool = False,
) -> Result:
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()
    base = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "GOUJI_LANG": ""}
    result = runner.invoke(main, list(args), input=input, env=base | (env or {}), color=color)
    # never a traceback: the only exception that may end a run is SystemExit
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.stderr
    return result


@pytest.fixture
def record(tmp_path: Path) -> Path:
    p = tmp_path / "record.gjn"
    p.write_text(RECORD, encoding="utf-8")
    return p


# ------------------------------------------------------------------ global options


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_help_in_both_languages(lang: str) -> None:
    r = run("--lang", lang, "--help")
    assert r.exit_code == EXIT_OK
    assert t("help.main", lang) in r.stdout
    for name in ("fmt", "convert", "show"):
        assert name in r.stdout
    assert t("help.fmt.short", lang) in r.stdout
    assert t("help.usage", lang).strip() in r.stdout
    for command in ("fmt", "convert", "show"):
        r = run("--lang", lang, command, "--help")
        assert r.exit_code == EXIT_OK
        assert t(f"help.{command}", lang)[:12] in " ".join(r.stdout.split())
        assert t("help.help", lang) in r.stdout


def test_version() -> None:
    r = run("--version")
    assert r.exit_code == EXIT_OK
    assert gj.__version__ in r.stdout


def test_language_from_environment(record: Path) -> None:
    assert "第 1 局" in run("show", str(record), env={"LANG": "zh_CN.UTF-8"}).stdout
    assert "Deal 1" in run("show", str(record), env={"LANG": "en_US.UTF-8"}).stdout
    assert "Deal 1" in run("show", str(record), env={"LANG": "zh_CN", "LC_ALL": "C"}).stdout
    assert "第 1 局" in run("show", str(record), env={"LC_ALL": "zh_TW.UTF-8"}).stdout
    assert "第 1 局" in run("show", str(record), env={"GOUJI_LANG": "zh"}).stdout
    assert "Deal 1" in run("--lang", "en", "show", str(record), env={"LANG": "zh_CN"}).stdout
    assert "第 1 局" in run("--lang=zh", "show", str(record)).stdout


def test_detect_lang() -> None:
    assert detect_lang({}) == "en"
    assert detect_lang({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert detect_lang({"LC_ALL": "en_US", "LANG": "zh_CN"}) == "en"
    assert detect_lang({"LC_ALL": "", "LANG": "zh_HK"}) == "zh"


@pytest.mark.parametrize(
    ("args", "en", "zh"),
    [
        ((), "Usage:", "用法："),
        (("fmt",), "Missing argument", "缺少参数"),
        (("show",), "Missing argument", "缺少参数"),
        (("convert",), "Missing argument", "缺少参数"),
        (("fmtx",), "No such command", "没有此命令"),
        (("fmt", "--bogus", "x"), "No such option", "没有此选项"),
        (("show", "x", "--deal", "0"), "Invalid value", "的值无效"),
        (("convert", "x", "--to", "xml"), "Invalid value", "的值无效"),
        (("convert", "x", "-o"), "requires an argument", "需要一个值"),
        (("convert", "a", "b"), "unexpected extra argument", "多余的参数"),
    ],
)
def test_usage_errors_exit_2_in_both_languages(args: tuple[str, ...], en: str, zh: str) -> None:
    r = run("--lang", "en", *args)
    assert (r.exit_code, args) == (EXIT_ERROR, args) or args == ()
    text = r.stdout + r.stderr
    assert en in text
    r = run("--lang", "zh", *args)
    text = r.stdout + r.stderr
    assert zh in text, text


def test_bad_lang_value_is_a_usage_error() -> None:
    r = run("--lang", "fr", "show", "x")
    assert r.exit_code == EXIT_ERROR
    assert "--lang" in r.stderr


# ------------------------------------------------------------------ fmt


def test_fmt_rewrites_in_place_and_is_idempotent(record: Path) -> None:
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_OK
    assert record.read_text(encoding="utf-8") == CANONICAL
    assert "reformatted" in r.stderr
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_OK
    assert record.read_text(encoding="utf-8") == CANONICAL
    assert "reformatted" not in r.stderr


def test_fmt_check_exit_1_lists_files(tmp_path: Path, record: Path) -> None:
    good = tmp_path / "good.gjn"
    good.write_text(CANONICAL, encoding="utf-8")
    r = run("fmt", "--check", str(record), str(good))
    assert r.exit_code == EXIT_CHANGED
    assert f"would reformat {record}" in r.stderr
    assert str(good) not in r.stderr.replace("unchanged", "")
    assert record.read_text(encoding="utf-8") == RECORD  # --check never writes
    r = run("--lang", "zh", "fmt", "--check", str(record))
    assert f"需要重新格式化 {record}" in r.stderr
    assert run("fmt", "--check", str(good)).exit_code == EXIT_OK


def test_fmt_diff(record: Path) -> None:
    r = run("fmt", "--diff", str(record))
    assert r.exit_code == EXIT_OK
    assert "-hand 1: dd x 2222 aaa 10 10" in r.stdout
    assert "+hand 1: DD X 2222 AAA TT" in r.stdout
    assert "+%GJN 1" in r.stdout
    assert record.read_text(encoding="utf-8") == RECORD
    r = run("fmt", "--check", "--diff", str(record))
    assert r.exit_code == EXIT_CHANGED and "+%GJN 1" in r.stdout
    assert "(原文)" in run("--lang", "zh", "fmt", "--diff", str(record)).stdout


def test_fmt_stdin_to_stdout() -> None:
    r = run("fmt", "-", input=RECORD)
    assert r.exit_code == EXIT_OK
    assert r.stdout == CANONICAL
    r = run("fmt", "--check", "-", input=RECORD)
    assert r.exit_code == EXIT_CHANGED and r.stdout == ""
    assert "<stdin>" in r.stderr
    assert run("fmt", "--check", "-", input=CANONICAL).exit_code == EXIT_OK
    r = run("fmt", "-", input=BROKEN.encode("utf-8"))
    assert r.exit_code == EXIT_ERROR
    assert '[Event "bad"]\n1:ZZ\n' in r.stdout
    assert "<stdin>:2:3: error GJN110" in r.stderr


def test_fmt_keeps_broken_deals_and_exits_2(tmp_path: Path) -> None:
    p = tmp_path / "b.gjn"
    p.write_text(BROKEN, encoding="utf-8")
    r = run("fmt", str(p))
    assert r.exit_code == EXIT_ERROR
    out = p.read_text(encoding="utf-8")
    assert '[Event "bad"]\n1:ZZ\n' in out  # kept exactly as written
    assert "1:333 2:-" in out  # the good deal is formatted
    # every error is reported with position, found/expected, the line and a caret
    assert f"{p}:2:3: error GJN110: unknown rank or action 'ZZ'" in r.stderr
    assert "  1:ZZ\n    ^" in r.stderr
    assert "kept exactly as written" in r.stderr
    # a second run changes nothing (the rewrite is stable)
    r = run("fmt", "--check", str(p))
    assert r.exit_code == EXIT_ERROR
    assert p.read_text(encoding="utf-8") == out
    assert "would reformat" not in r.stderr
    r = run("--lang", "zh", "fmt", str(p))
    assert "错误 GJN110" in r.stderr and "按原文保留" in r.stderr


def test_fmt_reports_every_error(tmp_path: Path) -> None:
    p = tmp_path / "two.gjn"
    p.write_text('[Event "a"]\n7:333\n\n[Event "b"]\n1:3 {open\n', encoding="utf-8")
    r = run("fmt", "--check", str(p))
    assert r.exit_code == EXIT_ERROR
    assert "GJN113" in r.stderr and "GJN111" in r.stderr


def test_fmt_never_writes_undecodable_files(tmp_path: Path) -> None:
    p = tmp_path / "latin1.gjn"
    data = '[Event "caf\xe9"]\n1:333\n'.encode("latin-1")
    p.write_bytes(data)
    r = run("fmt", str(p))
    assert r.exit_code == EXIT_ERROR
    assert p.read_bytes() == data
    assert "GJN115" in r.stderr and "not valid UTF-8" in r.stderr
    assert "不是有效的 UTF-8" in run("--lang", "zh", "fmt", str(p)).stderr


def test_fmt_keeps_the_version_line(tmp_path: Path) -> None:
    p = tmp_path / "v2.gjn"
    text = '%GJN 2\n\n[Event "a"]\n\n1:333\n'
    p.write_text(text, encoding="utf-8")
    r = run("fmt", str(p))
    assert r.exit_code == 0
    assert p.read_text(encoding="utf-8").startswith("%GJN 2\n")


def test_fmt_missing_file_and_directories(tmp_path: Path, record: Path) -> None:
    r = run("fmt", str(tmp_path / "nope.gjn"))
    assert r.exit_code == EXIT_ERROR
    assert "no such file" in r.stderr
    assert "文件不存在" in run("--lang", "zh", "fmt", str(tmp_path / "nope.gjn")).stderr
    # a directory is searched for *.gjn
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "x.gjn").write_text(RECORD, encoding="utf-8")
    (sub / "notes.txt").write_text("not a record", encoding="utf-8")
    r = run("fmt", "--check", str(tmp_path))
    assert r.exit_code == EXIT_CHANGED
    assert "x.gjn" in r.stderr and "record.gjn" in r.stderr and "notes.txt" not in r.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run("fmt", str(empty))
    assert r.exit_code == EXIT_OK and "no .gjn files" in r.stderr


def test_fmt_permission_errors(
    tmp_path: Path, record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gojinotation.fileio as fileio

    real = fileio.open_input  # every command opens its inputs there, on each read

    def deny(path: Any) -> Any:
        if Path(path).name == "record.gjn":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(fileio, "open_input", deny)
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_ERROR and "permission denied" in r.stderr
    assert "没有权限" in run("--lang", "zh", "show", str(record)).stderr
    monkeypatch.setattr(fileio, "open_input", real)

    def no_write(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", no_write)
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_ERROR and "cannot write" in r.stderr
    assert record.read_text(encoding="utf-8") == RECORD

    def disk_full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tempfile.mkstemp", disk_full)
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_ERROR and "No space left" in r.stderr
    monkeypatch.undo()
    r = run("fmt", str(record))  # and it works again, keeping no temporary files
    assert r.exit_code == EXIT_OK
    assert sorted(p.name for p in record.parent.iterdir()) == ["record.gjn"]


def test_fmt_keeps_file_mode(record: Path) -> None:
    record.chmod(0o640)
    assert run("fmt", str(record)).exit_code == EXIT_OK
    assert record.stat().st_mode & 0o777 == 0o640


# ------------------------------------------------------------------ convert


def test_convert_round_trip_through_json(tmp_path: Path, record: Path) -> None:
    js = tmp_path / "r.json"
    r = run("convert", str(record), "-o", str(js))
    assert r.exit_code == EXIT_OK, r.stderr
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data["type"] == "match"
    assert data["deals"][0]["header"][0]["value"] == "2026 青岛公开赛"
    assert "span" in data["deals"][0]["header"][0]
    back = tmp_path / "back.gjn"
    r = run("convert", str(js), "-o", str(back))
    assert r.exit_code == EXIT_OK, r.stderr
    assert back.read_text(encoding="utf-8") == CANONICAL
    assert gj.loads(back.read_text(encoding="utf-8")) == gj.loads(RECORD)


def test_convert_stdin_stdout_and_options() -> None:
    r = run("convert", "-", input=RECORD)  # GJN in, so JSON out
    assert r.exit_code == EXIT_OK
    data = json.loads(r.stdout)
    assert data["type"] == "match"
    r = run("convert", "-", "--no-spans", "--indent", "0", input=RECORD)
    assert "span" not in r.stdout and len(r.stdout.strip().splitlines()) == 1
    r = run("convert", "-", input=json.dumps(data))  # JSON in (sniffed), so GJN out
    assert r.exit_code == EXIT_OK and r.stdout == CANONICAL
    r = run("convert", "-", "--to", "json", "--from", "json", input=json.dumps(data))
    assert json.loads(r.stdout) == data
    r = run("convert", "-", "--to", "gjn", input=RECORD)
    assert r.stdout == CANONICAL
    one_deal = json.dumps(data["deals"][0])
    r = run("convert", "-", "--to", "gjn", input=one_deal)
    assert r.exit_code == EXIT_OK and '[Event "2026 青岛公开赛"]' in r.stdout


def test_convert_by_extension(tmp_path: Path, record: Path) -> None:
    out = tmp_path / "copy.gjn"
    assert run("convert", str(record), "-o", str(out)).exit_code == EXIT_OK
    assert out.read_text(encoding="utf-8") == CANONICAL
    odd = tmp_path / "record.txt"
    odd.write_text(RECORD, encoding="utf-8")
    r = run("convert", str(odd))
    assert json.loads(r.stdout)["type"] == "match"


def test_convert_refuses_records_with_errors(tmp_path: Path) -> None:
    p = tmp_path / "b.gjn"
    p.write_text(BROKEN, encoding="utf-8")
    out = tmp_path / "b.json"
    r = run("convert", str(p), "-o", str(out))
    assert r.exit_code == EXIT_ERROR
    assert not out.exists()
    assert "GJN110" in r.stderr and "not converted" in r.stderr
    assert "未转换" in run("--lang", "zh", "convert", str(p)).stderr


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "GJN131"),
        ('{"type": "match", "deals": [{"type": "deal", "header": []}]}', "/deals/0/header"),
        ('{"type": "pass", "seat": 1}', "/type"),
        ("[1, 2]", "at the top level: expected an object"),
    ],
)
def test_convert_bad_json(tmp_path: Path, text: str, words: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(text, encoding="utf-8")
    r = run("convert", str(p), "-o", str(tmp_path / "out.gjn"))
    assert r.exit_code == EXIT_ERROR
    assert words in r.stderr
    assert not (tmp_path / "out.gjn").exists()
    r = run("--lang", "zh", "convert", str(p))
    assert "错误" in r.stderr


def test_convert_warns_when_gjn_cannot_hold_the_json_exactly(tmp_path: Path) -> None:
    tag = {"type": "tag", "name": "Event", "value": "x"}
    data = {"type": "match", "deals": [{"type": "deal", "header": [tag]}] * 2}
    p = tmp_path / "two.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    r = run("convert", str(p), "--to", "gjn")
    assert r.exit_code == EXIT_OK
    assert "does not read back exactly" in r.stderr


def test_convert_io_errors(tmp_path: Path, record: Path) -> None:
    r = run("convert", str(tmp_path))
    assert r.exit_code == EXIT_ERROR and "directory" in r.stderr
    r = run("convert", str(tmp_path / "missing.gjn"))
    assert r.exit_code == EXIT_ERROR and "no such file" in r.stderr
    r = run("convert", str(record), "-o", str(tmp_path / "no" / "dir" / "x.json"))
    assert r.exit_code == EXIT_ERROR and "cannot write" in r.stderr
    p = tmp_path / "bin.gjn"
    p.write_bytes(b"\x80\x81")
    r = run("convert", str(p))
    assert r.exit_code == EXIT_ERROR and "GJN115" in r.stderr


# ------------------------------------------------------------------ show


def test_show_english(record: Path) -> None:
    r = run("show", str(record))
    assert r.exit_code == EXIT_OK, r.stderr
    out = r.stdout
    assert f"{record}: GJN 1, 1 deal(s)" in out
    assert "Event: 2026 青岛公开赛" in out
    assert "Team A (seats 1 3 5): 青岛一队" in out
    assert "Team B (seats 2 4 6): 烟台队" in out
    assert "Seat 1  张三  team A  对头 seat 4" in out
    assert "Seat 3  (no name)" in out
    assert "Seat 1 (12): DD X 2222 AAA TT" in out
    assert "Seat 4: unknown" in out
    assert "1. 3:333 4:- 5:- (5:444 6:-) 6:- 1:close" in out
    assert "2. 3:KK ! [%clk 3] 4:burn 2222" in out
    assert "line 18: nice play" in out
    assert "Finish: 1st 头科 seat 3, 2nd 二科 seat 1" in out and "6th 大落 seat 4" in out
    assert "Score: team A +6, team B -6" in out
    assert "Rules profile: qingdao-standard" in out
    assert "First leader: seat 3" in out
    assert "30 (30 s per play)" in out
    assert "Other tags: Stage: final" in out
    # the rounds are one per line
    rounds = [line for line in out.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert len(rounds) == 2


def test_show_chinese(record: Path) -> None:
    r = run("--lang", "zh", "show", str(record))
    assert r.exit_code == EXIT_OK
    out = r.stdout
    for words in (
        "共 1 局",
        "第 1 局",
        "赛事：2026 青岛公开赛",
        "A 队（座位 1 3 5）：青岛一队",
        "座位 1  张三  A 队  对头 座位 4",
        "座位 1（12 张）：DD X 2222 AAA TT",
        "座位 4：未知",
        "第 18 行：nice play",
        "名次：头科 座位 3，二科 座位 1",
        "大落 座位 4",
        "得分：A 队 +6，B 队 -6",
        "限时：30 (每手 30 秒)",
        "记录人：王裁判",
    ):
        assert words in out, words


def test_show_rounds_without_marks_and_odd_tags(tmp_path: Path) -> None:
    p = tmp_path / "plain.gjn"
    p.write_text(
        '[Event "x"]\n[Finish "3 1"]\n[Score "6"]\n1:333 2:- 3:close 3:44\n', encoding="utf-8"
    )
    out = run("show", str(p)).stdout
    assert "(1) 1:333 2:- 3:close" in out and "(2) 3:44" in out
    assert "Finish: 3 1" in out and "Score: 6" in out  # shown as written
    p.write_text('[Event "x"]\n', encoding="utf-8")
    assert "(no moves)" in run("show", str(p)).stdout


def test_show_selected_deal_and_broken_deals(tmp_path: Path) -> None:
    p = tmp_path / "b.gjn"
    p.write_text(BROKEN, encoding="utf-8")
    r = run("show", str(p))
    assert r.exit_code == EXIT_ERROR
    assert "Deal 1: cannot be read (syntax errors, line 2)" in r.stdout
    assert "Event: good" in r.stdout
    assert "GJN110" in r.stderr
    r = run("show", str(p), "--deal", "2")
    assert "Event: good" in r.stdout and "cannot be read" not in r.stdout
    r = run("show", str(p), "--deal", "3")
    assert r.exit_code == EXIT_ERROR and "there is no deal 3" in r.stderr
    assert "没有第 3 局" in run("--lang", "zh", "show", str(p), "--deal", "3").stderr


def test_show_json_and_stdin(tmp_path: Path) -> None:
    js = run("convert", "-", input=RECORD).stdout
    p = tmp_path / "r.json"
    p.write_text(js, encoding="utf-8")
    assert "Event: 2026 青岛公开赛" in run("show", str(p)).stdout
    r = run("show", "-", input=RECORD)
    assert r.exit_code == EXIT_OK and "<stdin>: GJN 1" in r.stdout
    r = run("show", "-", input='{"type": "match", "deals": [3]}')
    assert r.exit_code == EXIT_ERROR and "/deals/0" in r.stderr


def test_show_several_files(tmp_path: Path, record: Path) -> None:
    r = run("show", str(record), str(tmp_path / "missing.gjn"), str(record))
    assert r.exit_code == EXIT_ERROR
    assert r.stdout.count("Event: 2026 青岛公开赛") == 2
    assert "no such file" in r.stderr
    assert run("show", str(record), str(record)).exit_code == EXIT_OK


def test_show_io_errors(tmp_path: Path) -> None:
    assert run("show", str(tmp_path / "x.gjn")).exit_code == EXIT_ERROR
    r = run("show", str(tmp_path))
    assert r.exit_code == EXIT_ERROR and "directory" in r.stderr
    assert "这是一个目录" in run("--lang", "zh", "show", str(tmp_path)).stderr


# ------------------------------------------------------------------ colour


def test_errors_are_coloured_on_a_terminal_only(tmp_path: Path) -> None:
    p = tmp_path / "b.gjn"
    p.write_text(BROKEN, encoding="utf-8")
    plain = run("show", str(p))
    assert not ANSI.search(plain.stderr)
    coloured = run("show", str(p), color=True)
    assert ANSI.search(coloured.stderr)
    assert ANSI.sub("", coloured.stderr) == plain.stderr
    assert not ANSI.search(run("show", str(p), color=True, env={"NO_COLOR": "1"}).stderr)


# ------------------------------------------------------------------ robustness


def test_internal_errors_give_a_message_not_a_traceback(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(show_module, "_show_deal", boom)
    r = run("show", str(record))
    assert r.exit_code == EXIT_ERROR
    assert "internal error: RuntimeError: kaboom" in r.stderr
    assert "内部错误" in run("--lang", "zh", "show", str(record)).stderr


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\x01\x02",
        b'\xef\xbb\xbf[Event "bom"]\r\n1:333\r\n',
        b"{" * 5000,
        b"(" * 5000,
        b"[" * 3000,
        b"}{)(][",
        b"\xff" * 10,
        bytes(range(256)),
    ],
)
def test_any_bytes_never_crash(tmp_path: Path, data: bytes) -> None:
    p = tmp_path / "x.gjn"
    p.write_bytes(data)
    for args in (("fmt", "--check"), ("show",), ("convert",), ("fmt",)):
        r = run(*args, str(p))
        assert r.exit_code in (EXIT_OK, EXIT_CHANGED, EXIT_ERROR)


# ------------------------------------------------------------------ command modules


def test_commands_from_cli_modules_load_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("gojinotation_analyzer.cli.demo")

    @click.command("demo")
    def demo() -> None:
        click.echo("demo ran")

    module.demo = demo  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gojinotation_analyzer.cli.demo", module)
    monkeypatch.setattr(cli.GoujiGroup, "_plugin_names", lambda self: ["broken_demo", "demo"])
    monkeypatch.setattr(main, "_plugins_tried", set())
    monkeypatch.setattr(main, "commands", dict(main.commands))

    def broken_import(name: str, *args: Any) -> Any:
        if name == "gojinotation_analyzer.cli.broken_demo":
            raise ImportError("needs a module that is not there")
        return real_import(name, *args)

    real_import = importlib.import_module
    monkeypatch.setattr(importlib, "import_module", broken_import)
    r = run("demo")
    assert r.exit_code == EXIT_OK and r.stdout == "demo ran\n"
    r = run("--help")
    assert "demo" in r.stdout
    assert "could not be loaded" in r.stderr  # the broken module warns, nothing else breaks
    r = run("fmt", "-", input=CANONICAL)
    assert r.exit_code == EXIT_OK


def test_add_command_registers() -> None:
    @click.command("hello-test")
    def hello() -> None:
        click.echo("hi")

    main.add_command(hello)
    try:
        assert run("hello-test").stdout == "hi\n"
    finally:
        del main.commands["hello-test"]


def test_cli_works_without_any_command_module() -> None:
    # the planned modules may not exist yet; listing commands must not fail either way
    r = run("--help")
    assert r.exit_code == EXIT_OK


# ------------------------------------------------------------------ the catalogue


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_catalogue_is_complete_in_both_languages() -> None:
    for key, (en, zh) in CATALOG.items():
        assert en and zh, key
        assert _fields(en) == _fields(zh), key
        if key not in ("stdin",):
            assert re.search(r"[\u4e00-\u9fff]", zh), key  # the Chinese text is Chinese


def test_every_message_key_used_by_the_cli_exists() -> None:
    cli_dir = ROOT / "analyzer" / "gojinotation_analyzer" / "cli"
    source = "".join(f.read_text(encoding="utf-8") for f in sorted(cli_dir.glob("*.py")))
    keys = set(re.findall(r"""(?:\bt\(|help_key=|short_help_key=)\s*["']([a-z_.]+)["']""", source))
    keys |= set(re.findall(r"""["'](show\.[a-z_]+)["']""", source))
    assert keys, "no keys found"
    missing = sorted(k for k in keys if k not in CATALOG)
    assert missing == []


def test_translate_click_keeps_unknown_messages() -> None:
    assert translate_click("Something new.", "zh") == "Something new."
    assert translate_click("Missing argument 'FILE'.", "en") == "Missing argument 'FILE'."
