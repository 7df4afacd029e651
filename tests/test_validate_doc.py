"""``docs/validator.md`` shows real output: its codes table and every pasted command run.

The generated parts sit between markers::

    <!-- BEGIN codes -->  …  <!-- END codes -->
    <!-- BEGIN command: validate ARGS… -->  …  <!-- END command -->

``python tests/test_validate_doc.py --write`` regenerates them after a change of the code;
the test fails when the document is out of date.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gojinotation_analyzer.cli.main import main  # noqa: E402
from gojinotation_analyzer.reports.validate import CODES  # noqa: E402

DOC = ROOT / "docs" / "validator.md"
BLOCK = re.compile(
    r"(<!-- BEGIN (?P<kind>codes|command)(?::(?P<args>[^>]*))? -->\n)"
    r"(?P<body>.*?)"
    r"(<!-- END (?P=kind) -->)",
    re.S,
)


def run_command(args: str) -> str:
    """``$ gouji ARGS``, its standard output and ``$ echo $?`` with the exit code."""
    argv = shlex.split(args)
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()
    env = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "GOUJI_LANG": "",
           "NO_COLOR": "1"}  # fmt: skip
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        r = runner.invoke(main, argv, env=env)
    finally:
        os.chdir(cwd)
    out = r.stdout if r.stdout.endswith("\n") else r.stdout + "\n"
    return f"```console\n$ gouji {args}\n{out}$ echo $?\n{r.exit_code}\n```\n"


def codes_table() -> str:
    rows = ["| code | severity | what | rule ids |", "|---|---|---|---|"]
    for c in CODES.values():
        rules = ", ".join(c.rules) or "—"
        rows.append(f"| `{c.code}` | {c.severity.value} | {c.title_en} · {c.title_zh} | {rules} |")
    return "\n".join(rows) + "\n"


def regenerate(text: str) -> str:
    def fill(mt: re.Match[str]) -> str:
        body = codes_table() if mt["kind"] == "codes" else run_command(mt["args"].strip())
        return mt.group(1) + body + mt.group(5)

    return BLOCK.sub(fill, text)


def test_doc_output_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert len(BLOCK.findall(text)) >= 4
    fresh = regenerate(text)
    if fresh != text:
        pytest.fail("docs/validator.md is stale: run python tests/test_validate_doc.py --write")


def test_doc_commands_are_real_and_named() -> None:
    text = DOC.read_text(encoding="utf-8")
    for mt in BLOCK.finditer(text):
        if mt["kind"] == "command":
            assert mt["args"].strip().startswith("validate ")
            assert "$ echo $?" in mt["body"]


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        DOC.write_text(regenerate(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(regenerate(DOC.read_text(encoding="utf-8")))
