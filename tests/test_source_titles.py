"""Seed documents are cited with a readable title beside the hashed file name (issue 12,
item 6): ``rules/data/sources.toml``, used by the validator, ``rules show`` and
``docs/rules.md``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.rules.profiles import PROFILES, SEED_FILES
from gojinotation_analyzer.rules.provenance import source_parts, source_title

ROOT = Path(__file__).resolve().parent.parent


def test_every_seed_file_and_part_has_both_titles() -> None:
    for tag, f in SEED_FILES.items():
        assert source_title(f, lang="zh") and source_title(f, lang="en"), tag
        for part in source_parts(tag):
            zh, en = source_title(f, part, "zh"), source_title(f, part, "en")
            assert zh and en and zh != source_title(f), (tag, part)


def test_every_shipped_citation_has_a_part_title() -> None:
    """Every citation of a shipped profile names a part that has its own title (000's
    sections, 001/002/004's parts), or a document without parts (003)."""
    for p in PROFILES.values():
        for s in p.table.values():
            c = s.citation
            if c is None or c.file not in SEED_FILES.values():
                continue
            tag = c.file[:3]
            title = c.title("zh")
            assert title, (p.id, s.name, c)
            if source_parts(tag):
                assert title != source_title(c.file), (p.id, s.name, c.tag)


def test_titles_printed_beside_the_file() -> None:
    out = CliRunner().invoke(main, ["--lang", "en", "rules", "show", "two-table-654321"]).output
    assert "000_2cf9eb31bd48568c.txt §F 6 (tournament rules for two tables (1#/2#))" in out
    zh = CliRunner().invoke(main, ["rules", "show", "--lang", "zh", "two-table-654321"]).output
    assert "000_2cf9eb31bd48568c.txt §F 6 《够级比赛规则／够级比赛大纲（两桌）》" in zh
    rules_md = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert "| 000§F | 《够级比赛规则／够级比赛大纲（两桌）》 |" in rules_md
    res = CliRunner().invoke(
        main,
        ["--lang", "zh", "validate", "--explain", str(ROOT / "samples" / "irregular-ruling.gjn")],
    )
    assert "001_e3547c0540ab60aa.txt b 4 《青岛够级扑克规则：一、基本规则》" in res.output
