"""``gouji validate --profiles``: the text shows a summary table first, then only where the
profiles rule differently, grouped by parameter (issue 12, item 6)."""

from __future__ import annotations

import re
from pathlib import Path

import gojinotation as gj
from gojinotation_analyzer.reports.validate import compare_profiles
from gojinotation_analyzer.rules.profiles import SHIPPED

FINAL = Path(__file__).parent.parent / "samples" / "final-2026.gjn"


def test_grouped_comparison_covers_every_row_once() -> None:
    deal = gj.load(FINAL).deals[0]
    cmp = compare_profiles(deal, list(SHIPPED), file="final.gjn", deal_index=1)
    text = cmp.format("en")
    lines = text.splitlines()
    assert lines[0].startswith("final.gjn, deal 1:") and lines[1].split()[0] == "ruleset"
    assert all(o.label in "\n".join(lines[2 : 2 + len(cmp.outcomes)]) for o in cmp.outcomes)
    counts = [
        int(n)
        for n in re.findall(
            r"^  (?:parameter .*?|no parameter named .*?): (\d+) action", text, re.M
        )
    ]
    assert sum(counts) == len(cmp.rows) > 0
    groups = {tuple(n for n, _ in r.params) for r in cmp.rows}
    assert len(counts) == len(groups)
    # each ruling is printed once per group, with the rulesets that give it
    assert text.count("GJV201 [R-BIE3-1]") <= len(groups)
    full = cmp.format("en", full=True)
    assert len(lines) * 5 < len(full.splitlines())


def test_grouped_comparison_in_chinese() -> None:
    deal = gj.load(FINAL).deals[0]
    cmp = compare_profiles(deal, ["qingdao-bie3"], file="final.gjn", deal_index=1)
    text = cmp.format("zh")
    assert "各套规则裁定不同之处" in text and "按造成差异的参数分为" in text
    assert "qingdao-bie3：错误 GJV201" in text
