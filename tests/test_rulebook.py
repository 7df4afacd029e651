"""Tests of gojinotation_analyzer.rules.rulebook and docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules import rulebook
from gojinotation_analyzer.rules.profiles import PROFILES, SEED_FILES
from gojinotation_analyzer.rules.rulebook import ADDED_RULE_IDS, RULES, UnknownRuleError, rule
from gojinotation_analyzer.rules.ruleset import PARAMETERS

ROOT = Path(__file__).resolve().parents[1]


def _contract_ids() -> list[str]:
    text = (ROOT / "docs" / "CONTRACTS.md").read_text("utf-8")
    section = text.split("## Rule ids", 1)[1].split("\n## ", 1)[0]
    return list(dict.fromkeys(re.findall(r"R-[A-Z0-9]+-\d+", section)))


def test_every_contract_rule_id_has_a_rule() -> None:
    ids = _contract_ids()
    assert len(ids) >= 60
    missing = [i for i in ids if i not in RULES]
    assert missing == []


def test_added_rule_ids_are_the_only_extras() -> None:
    extras = set(RULES) - set(_contract_ids())
    assert extras == set(ADDED_RULE_IDS)


def test_rules_are_complete() -> None:
    for r in RULES.values():
        assert re.fullmatch(r"R-[A-Z0-9]+-\d+", r.id)
        assert re.fullmatch(r"T\d+", r.topic)
        assert r.title_en and r.title_zh and r.text_en and r.text_zh
        assert r.anchor == r.id.lower()
        for p in r.parameters:
            assert p in PARAMETERS, (r.id, p)
        if not r.id.startswith("R-RECORD-"):  # the project's own rules for records
            assert r.sources, r.id


def test_every_parameter_points_to_a_rule_that_lists_it() -> None:
    for p in PARAMETERS.values():
        assert p.rule_id in RULES, p.name
        assert p.name in RULES[p.rule_id].parameters, p.name


def _normalise(text: str) -> str:
    text = re.sub(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü?]+\)", "", text)
    return re.sub(r"[\s“”\"‘’'「」]", "", text)


def test_rule_quotes_are_in_the_seed_documents(seeds: Path) -> None:
    texts = {f: _normalise((seeds / f).read_text("utf-8")) for f in SEED_FILES.values()}
    for r in RULES.values():
        for c in r.sources:
            pos = 0
            for part in c.quote.split("…"):
                found = texts[c.file].find(_normalise(part), pos)
                assert found >= 0, (r.id, c.tag, c.quote)
                pos = found


def test_rule_accessor() -> None:
    assert rule("r-burn-3") is RULES["R-BURN-3"]
    with pytest.raises(UnknownRuleError) as info:
        rule("R-BURN-33")
    assert isinstance(info.value, GoujiError)
    assert "R-BURN-3" in info.value.en and "未知" in info.value.zh


def test_rules_for_parameter() -> None:
    assert [r.id for r in rulebook.rules_for_parameter("burn.joker_exempt")] == ["R-BURN-3"]


def test_docs_rules_md_is_current() -> None:
    path = ROOT / "docs" / "rules.md"
    assert path.read_text("utf-8") == rulebook.markdown(), (
        "docs/rules.md is stale: run python -m gojinotation_analyzer.rules.rulebook --write"
    )


def test_docs_have_stable_anchors_and_every_profile() -> None:
    text = rulebook.markdown()
    for r in RULES.values():
        assert f'<a id="{r.anchor}"></a>' in text
        assert f"### {r.id} — " in text
    for pid in PROFILES:
        assert f'<a id="profile-{pid}"></a>' in text
    for name in PARAMETERS:
        assert f"| `{name}` |" in text
    assert "## Open points" in text and "**disputed**" in text


def test_generator_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "rules.md"
    assert rulebook.main(["--check", "--path", str(target)]) == 1
    assert rulebook.main(["--write", "--path", str(target)]) == 0
    assert rulebook.main(["--check", "--path", str(target)]) == 0
    capsys.readouterr()
    assert rulebook.main(["--markdown"]) == 0
    assert capsys.readouterr().out.startswith("# The Gouji rulebook")
