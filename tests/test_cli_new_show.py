"""``gouji new`` (a record skeleton) and ``gouji show --at`` (each seat's remaining cards)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import gojinotation as gj
from gojinotation import model as m
from gojinotation_analyzer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
TERSE = ROOT / "tests" / "terse" / "qingdao-full-sets-only.gjn"
FULL = ROOT / "samples" / "qingdao-standard-full.gjn"


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_new_writes_a_skeleton_that_reads_back_with_every_tag() -> None:
    code, out, _ = run("--lang", "en", "new", "--event", "Cup", "--players", "a,b,c,d,e,f",
                       "--profile", "QB", "--leader", "2", "--date", "2026.05.01")  # fmt: skip
    assert code == 0
    deal = gj.loads(out).deals[0]
    assert isinstance(deal, m.Deal)
    tags = deal.tags
    assert (tags["Event"], tags["Date"], tags["Profile"], tags["Leader"]) == (
        "Cup", "2026.05.01", "qingdao-bie3", "2"
    )  # fmt: skip
    assert [tags[f"Seat{s}"] for s in range(1, 7)] == list("abcdef")
    assert [h.cards for h in deal.hands if isinstance(h, m.Hand)] == [None] * 6
    assert not list(deal.actions())


def test_new_in_chinese_with_hands_from_a_seed_validates_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "n.gjn"
    code, _, err = run("--lang", "zh", "new", "--seed", "3", "--date", "2026.05.01",
                       "-o", str(path))  # fmt: skip
    assert code == 0 and "已写出" in err
    text = path.read_text(encoding="utf-8")
    assert "新记录" in text and "上班" in text
    deal = gj.loads(text).deals[0]
    assert isinstance(deal, m.Deal)
    assert [len(h.cards or ()) for h in deal.hands if isinstance(h, m.Hand)] == [36] * 6
    code, out, _ = run("--lang", "en", "validate", str(path))
    assert code == 0, out
    code, _, err = run("--lang", "en", "new", "-o", str(path))  # never over a file
    assert code == 2 and "not overwritten" in err


def test_new_refuses_five_players_and_an_unknown_profile() -> None:
    code, _, err = run("--lang", "en", "new", "--players", "a,b,c,d,e")
    assert code == 2 and "six names" in err
    code, _, err = run("--lang", "zh", "new", "--profile", "nonesuch")
    assert code == 2 and "未知的规则方案" in err


def test_show_at_a_round_gives_the_same_cards_for_the_terse_and_the_full_record() -> None:
    outs = []
    for path in (TERSE, FULL):
        code, out, _ = run("--lang", "en", "show", "--at", "20", str(path))
        assert code == 0
        outs.append(out[out.index("Seat 1 (", out.index("Remaining cards")) :])
    assert outs[0] == outs[1]
    assert "Seat 6: out, 1st 头科" in outs[0] and "Seat 3: out, 2nd 二科" in outs[0]
    assert "Seat 2 (4): Q J 66" in outs[0]


def test_show_at_a_play_number_counts_the_actions_as_written() -> None:
    code, out, _ = run("--lang", "en", "show", "--at", "p3", str(TERSE))
    assert code == 0
    assert "after recorded action 3 (4:8888), round 1" in out
    assert "Seat 4 (32):" in out and "Seat 1 (36):" in out


def test_show_at_beyond_the_deal_and_a_bad_value() -> None:
    code, out, _ = run("--lang", "en", "show", "--at", "99", str(TERSE))
    assert code == 0 and "nothing at 99" in out
    code, _, err = run("--lang", "zh", "show", "--at", "x7", str(TERSE))
    assert code == 2 and "--at 须为轮次" in err
