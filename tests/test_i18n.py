"""The one message catalogue (the package ``gojinotation_analyzer/i18n/``): every message in both
languages with the same fields, and no bilingual table anywhere else in the analyzer."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

from gojinotation_analyzer import i18n

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "analyzer" / "gojinotation_analyzer"
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")

#: Bilingual tables that still live outside the catalogue, by module: how many and why.
#: The test fails when one more appears (anywhere) and when one goes (update this list).
REMAINING: dict[str, tuple[int, str]] = {
    "engine/rules_kaidian.py": (
        1,
        "the 开点 cutoff places, 头科 and 二科: Chinese terms both languages use",
    ),
    "publish/view_text.py": (1, "suit names; the view model is being rewritten"),
    "rules/vocab.py": (
        1,
        "parsing aliases of parameter values (xiaowang -> 小王): data, not messages",
    ),
}


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_message_has_both_languages_with_the_same_fields() -> None:
    assert len(i18n.CATALOG) > 150
    for key, (en, zh) in i18n.CATALOG.items():
        assert en.strip() and zh.strip(), key
        assert _fields(en) == _fields(zh), key
        assert key == "stdin" or CJK.search(zh), key  # the Chinese text is Chinese


def test_the_page_strings_have_both_languages_with_the_same_fields() -> None:
    page = i18n.page_catalog()
    assert sorted(page) == ["en", "zh"]
    assert set(page["en"]) == set(page["zh"])
    for key in page["en"]:
        # a text may be deliberately blank (``no_comment``), but then in both languages
        assert bool(page["en"][key]) == bool(page["zh"][key]), key
        assert _fields(page["en"][key]) == _fields(page["zh"][key]), key


def test_moved_tables_read_the_catalogue() -> None:
    """The texts that left engine/match.py, engine/scoring.py, reports/diagnostics.py and
    the CLI modules come out of the catalogue unchanged."""
    from gojinotation_analyzer.engine.scoring import PLACE_EN, PLACE_ZH, Obligation
    from gojinotation_analyzer.reports.diagnostics import Severity

    assert PLACE_ZH == ("头科", "二科", "三科", "四科", "二落", "大落")
    assert PLACE_EN[0] == "place 1 (头科)"
    assert Obligation("luo", 6, 1, 2).describe("zh") == "落贡: 6号向1号进贡2张"
    assert Obligation("luo", 6, 1, 2).describe("en") == "落贡 (place): seat 6 pays seat 1 2 cards"
    assert [s.zh for s in Severity] == ["错误", "警告", "争议", "提示"]
    assert i18n.t("rules.diff.same", "zh", a="x", b="y") == "x 与 y 完全相同"


def test_moved_labels_verdicts_and_card_names_read_the_catalogue() -> None:
    """The texts that left simulation/simulate.py, engine/sets.py and publish/render.py."""
    from gojinotation.cards import parse_cards
    from gojinotation_analyzer.engine import sets
    from gojinotation_analyzer.publish.render import chips
    from gojinotation_analyzer.rules.profiles import load_ruleset
    from gojinotation_analyzer.simulation.simulate import LABELS

    assert LABELS["Led"] == "lead 发牌" and LABELS["Yielded"] == "让牌"
    assert LABELS["Closed/implied"] == "扣牌 implied 推定扣牌"
    assert set(LABELS) == {
        k.removeprefix("sim.event.") for k in i18n.CATALOG if k.startswith("sim.event.")
    }
    rs = load_ruleset("qingdao-standard")
    old = sets.shape(parse_cards("XKK"), rs)
    v = sets.compare(sets.shape(parse_cards("XQQ"), rs), old, rs)
    how = f"verdict.xiaowang.{rs.cmp.xiaowang_set}"
    key = how if how in i18n.CATALOG else "verdict.xiaowang.other"
    assert not v.ok and i18n.t(key, "en") in v.en and i18n.t(key, "zh") in v.zh
    jokers = '<i class="jX">小王</i><i class="jD">大王</i>'
    assert str(chips("XDAs", "en")) == jokers + "<i>A<u>♠</u></i>"
    assert str(chips("XD", "zh")) == '<i class="jX">小王</i><i class="jD">大王</i>'
    assert str(chips("XD", "en")) == '<i class="jX">{}</i><i class="jD">{}</i>'.format(
        i18n.t("card.rank.X", "en"), i18n.t("card.rank.D", "en")
    )


def _str(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _chinese(node: ast.expr | None) -> bool:
    """A literal text in Chinese only (no Latin letters): a translation."""
    s = _str(node)
    return s is not None and bool(CJK.search(s)) and not LATIN.search(s)


def _pair(node: ast.expr) -> bool:
    """An ``(English, Chinese)`` pair of literals."""
    if not (isinstance(node, ast.Tuple) and len(node.elts) == 2):
        return False
    en, zh = (_str(e) for e in node.elts)
    return en is not None and zh is not None and bool(CJK.search(zh))


def bilingual_tables(tree: ast.AST) -> Iterator[int]:
    """The lines of the dict literals in ``tree`` that are bilingual message tables: two
    or more ``(en, zh)`` pairs or Chinese texts as values, or ``"en"``/``"zh"`` keys with a
    literal Chinese value.

    >>> list(bilingual_tables(ast.parse('A = {"a": "错误", "b": "警告"}\\nB = {"a": "x"}')))
    [1]
    >>> list(bilingual_tables(ast.parse('C = {"en": "hi", "zh": {"s": "黑桃"}}')))
    [1]
    >>> list(bilingual_tables(ast.parse('D = {"en": x.en, "zh": x.zh}')))
    []
    """
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        keys = [_str(k) if k is not None else None for k in node.keys]
        zh = next((v for k, v in zip(keys, node.values, strict=True) if k == "zh"), None)
        zh_literal = _chinese(zh) or (
            isinstance(zh, ast.Dict) and any(_chinese(v) for v in zh.values)
        )
        if (
            ({"en", "zh"} <= set(keys) and zh_literal)
            or sum(map(_pair, node.values)) >= 2
            or sum(map(_chinese, node.values)) >= 2
        ):
            yield node.lineno


def test_no_bilingual_table_outside_the_catalogue() -> None:
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("i18n/"):  # the catalogue: the whole i18n package
            continue
        n = len(list(bilingual_tables(ast.parse(path.read_text(encoding="utf-8")))))
        if n:
            found[rel] = n
    assert found == {k: n for k, (n, _) in REMAINING.items()}


def test_catalogue_split_keeps_every_entry_in_order() -> None:
    """The catalogue split into the i18n package (issue #10) keeps every key, text and
    their order: it equals the snapshot taken from the single module before the move."""
    snap = json.loads(
        (ROOT / "tests" / "fixtures" / "i18n_catalog_snapshot.json").read_text("utf-8")
    )
    assert list(i18n.CATALOG) == snap["order"]
    assert {k: list(v) for k, v in i18n.CATALOG.items()} == snap["catalog"]
    assert {k: list(v) for k, v in i18n.PLACES.items()} == snap["places"]


def test_catalogue_modules_are_small_and_disjoint() -> None:
    """Each data module of the package holds one ``MESSAGES`` dict, no key in two."""
    from gojinotation_analyzer.i18n import (
        cli,
        commands,
        engine,
        reports,
        sanctions,
        serve,
        tables,
    )

    parts = [m.MESSAGES for m in (cli, engine, reports, sanctions, serve, commands, tables)]
    assert sum(map(len, parts)) == len(i18n.CATALOG)
    for path in (PACKAGE / "i18n").glob("*.py"):
        assert len(path.read_text("utf-8").splitlines()) < 700, path.name
