"""docs/format.md stays true: grammar excerpts verbatim, examples parse, codes listed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import gojinotation as gj
from gojinotation import model as m
from gojinotation.jsonio import from_json, to_json

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
GRAMMAR = (ROOT / "grammar" / "gjn.lark").read_text(encoding="utf-8")
SCHEMA = json.loads((ROOT / "docs" / "gjn.schema.json").read_text(encoding="utf-8"))


def _blocks(lang: str) -> list[tuple[int, str]]:
    """The fenced blocks of one language, with the offset of each in the document."""
    return [
        (mt.start(), mt.group(1))
        for mt in re.finditer(rf"^```{lang}\n(.*?)^```$", DOC, re.S | re.M)
    ]


LARK = _blocks("lark")
GJN = _blocks("gjn")


def test_there_are_excerpts_and_examples() -> None:
    assert len(LARK) >= 10
    assert len(GJN) >= 2
    assert _blocks("json")


@pytest.mark.parametrize("block", [b for _, b in LARK], ids=lambda b: b.split("\n")[0][:40])
def test_grammar_excerpts_are_verbatim(block: str) -> None:
    assert block.strip("\n") in GRAMMAR, f"not in grammar/gjn.lark:\n{block}"


def test_every_grammar_rule_is_quoted() -> None:
    quoted = "\n".join(b for _, b in LARK)
    rules = re.findall(r"^\??([a-z_]+):", GRAMMAR, re.M)
    assert rules
    missing = [r for r in rules if not re.search(rf"^\??{r}:", quoted, re.M)]
    assert missing == []


@pytest.mark.parametrize("block", [b for _, b in GJN], ids=lambda b: b.split("\n")[0][:40])
def test_gjn_examples_parse(block: str) -> None:
    match = gj.loads(block)
    assert match.deals
    assert gj.loads(gj.dumps(match)) == match


def test_canonical_examples_are_canonical() -> None:
    marked = [b for pos, b in GJN if DOC[:pos].rstrip().endswith("<!-- canonical -->")]
    assert marked, "no <!-- canonical --> example"
    for block in marked:
        assert gj.dumps(gj.loads(block)) == block


def test_the_complete_example_uses_every_kind_of_item() -> None:
    _pos, block = next((p, b) for p, b in GJN if DOC[:p].rstrip().endswith("<!-- canonical -->"))
    match = gj.loads(block)
    deal = match.deals[0]
    assert match.prologue
    kinds = {type(i) for i in deal.moves}
    assert {m.RoundMark, m.Variation}.issubset(kinds)
    actions = list(deal.actions())
    assert any(a.irregular and a.note("ruling") for a in actions)
    assert any(a.glyphs for a in actions) and any(a.note("clk") for a in actions)
    assert {m.Play, m.Pass, m.Close, m.Report, m.Penalty, m.Ruling}.issubset(map(type, actions))
    assert set(m.STANDARD_TAGS) - {"Match", "Game"} <= set(deal.tags)


def test_json_example_is_valid() -> None:
    for _, block in _blocks("json"):
        data = json.loads(block)
        assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data)) == []
        value = from_json(data)
        assert from_json(to_json(value)) == value


def _codes(path: Path) -> set[str]:
    return set(re.findall(r'"(GJN1\d\d)"', path.read_text(encoding="utf-8")))


def test_every_error_code_is_documented() -> None:
    emitted = _codes(ROOT / "gojinotation" / "reader.py") | _codes(
        ROOT / "gojinotation" / "jsonio.py"
    )
    assert emitted
    table = set(re.findall(r"^\| (GJN1\d\d) \|", DOC, re.M))
    mentioned = set(re.findall(r"GJN1\d\d", DOC))
    assert emitted - mentioned == set()
    reader_codes = _codes(ROOT / "gojinotation" / "reader.py")
    assert reader_codes - table == set()


def test_standard_tags_glyphs_and_words_are_documented() -> None:
    for name in m.STANDARD_TAGS:
        if name.startswith("Seat"):
            assert "`Seat1` … `Seat6`" in DOC
        else:
            assert f"| `{name}` |" in DOC, name
    for glyph in m.GLYPHS:
        assert f"`{glyph}`" in DOC, glyph
    for word in (
        "yield",
        "close",
        "burn",
        "report",
        "revolution",
        "buy",
        "give",
        "tribute",
        "return",
        "timeout",
        "penalty",
        "ruling",
        "让牌",
        "扣牌",
        "烧牌",
        "报牌",
        "革命",
        "进贡",
        "还贡",
        "超时",
        "罚分",
        "裁决",
        "过",
    ):
        assert word in DOC, word
    for promise in ("stays valid", "gjn.schema.json", "%GJN 1", "R*n", "小王", "大王"):
        assert promise in DOC
