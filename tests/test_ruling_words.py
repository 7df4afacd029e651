"""The referee's ruling words (docs/format.md §9.2) are translated, and a voided action is
not a void deal (issue 12, item 6)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.i18n import t

DISPUTED = str(Path(__file__).parent / "fixtures" / "validate" / "disputed.gjn")
WORDS = ("accept", "retract", "daluo", "void")


def test_R_PENALTY_1_ruling_words_have_distinct_translations() -> None:
    zh = [t(f"ruling.{w}", "zh") for w in WORDS]
    en = [t(f"ruling.{w}", "en") for w in WORDS]
    assert len(set(zh)) == 4 and len(set(en)) == 4
    assert not any(re.search(r"[A-Za-z]", z) for z in zh)
    # the void deal has its own word in both languages
    assert t("report.void", "en") not in en and "void" not in t("report.void", "en")
    assert t("report.void", "zh") not in zh


def test_R_PASS_2_dispute_names_the_rulings_in_chinese() -> None:
    """The dispute of ``disputed.gjn`` (a ruling ``accept`` where the profile prescribes
    ``void``) says in Chinese what each ruling does, the keyword only in brackets."""
    res = CliRunner().invoke(main, ["--lang", "zh", "validate", DISPUTED])
    line = next(x for x in res.stdout.splitlines() if "GJV402 [R-PASS-2]" in x)
    assert "记录的裁决“维持原动作”（accept）与本规则的处理“该动作不算”（void）不同" in line
    assert "“void”" not in res.stdout and "“accept”" not in res.stdout
    en = CliRunner().invoke(main, ["--lang", "en", "validate", DISPUTED]).stdout
    assert "('void': the action does not count)" in en
