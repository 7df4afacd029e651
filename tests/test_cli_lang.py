"""``--lang`` after the subcommand (issue 12, item 6): ``gouji show --lang zh FILE`` is
``gouji --lang zh show FILE``, for every command; ``gouji render --help`` in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main

SAMPLE = str(Path(__file__).parent.parent / "samples" / "burn.gjn")


def _commands() -> list[str]:
    ctx = main.make_context("gouji", ["--help"], resilient_parsing=True)
    return list(main.list_commands(ctx))


def test_every_command_is_checked() -> None:
    assert {"fmt", "convert", "show", "validate", "render", "rules", "simulate", "new"} <= set(
        _commands()
    )


@pytest.mark.parametrize("command", _commands())
def test_lang_after_the_subcommand_help(command: str) -> None:
    """Every command's help, asked with ``--lang zh`` after the command's name, is the
    Chinese one (the usage line at least; the commands with catalogue help texts, all)."""
    zh = CliRunner().invoke(main, [command, "--lang", "zh", "--help"], env={"LANG": "C"})
    en = CliRunner().invoke(main, [command, "--lang", "en", "--help"], env={"LANG": "C"})
    assert zh.exit_code == 0 and en.exit_code == 0, zh.output
    assert zh.output.startswith("用法：") and en.output.startswith("Usage:")
    if command != "serve":  # the serve extra keeps its own help text
        assert zh.output.splitlines()[2] != en.output.splitlines()[2]


@pytest.mark.parametrize(
    "args, chinese",
    [
        (["show", "--lang", "zh", SAMPLE], "第 1 局"),
        (["validate", SAMPLE, "--lang", "zh"], "没有违规"),
        (["fmt", "--lang=zh", "--check", "missing.gjn"], "错误"),
        (["rules", "list", "--lang", "zh"], "青岛常规打法"),
        (["convert", "--lang", "zh", "--to", "gjn", "missing.json", "-o", "-"], "错误"),
        (["new", "--lang", "zh", "--players", "甲,乙,丙,丁,戊,己"], "甲"),
        (["simulate", "--lang", "zh", "--profile", "nope", "-o", "-"], "错误"),
    ],
)
def test_lang_after_the_subcommand_runs(args: list[str], chinese: str) -> None:
    res = CliRunner().invoke(main, args, env={"LANG": "C"})
    assert chinese in res.output + res.stderr, res.output + res.stderr
    assert "--lang" not in res.stderr


def test_render_help_in_chinese() -> None:
    res = CliRunner().invoke(main, ["--lang", "zh", "render", "--help"])
    assert "生成可离线浏览的 HTML 复盘页面" in res.output
    assert "写出页面的目录" in res.output and "Records as written" not in res.output
