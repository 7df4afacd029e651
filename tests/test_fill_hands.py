"""Hands inferred from the plays (issue 12, item 2): :mod:`gojinotation_analyzer.engine.hands`
and ``gouji fmt --fill-hands``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card, Rank
from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.engine.hands import fill_hands, infer_hands
from gojinotation_analyzer.simulation.simulate import simulate

SAMPLES = Path(__file__).parent.parent / "samples"


def _ranks(cards: tuple[Card, ...] | None) -> Counter[Rank | None]:
    return Counter(c.rank for c in cards or ())


def _blank(deal: m.Deal, seats: range = range(1, 7)) -> m.Deal:
    hands = tuple(
        m.Hand(h.seat, None) if isinstance(h, m.Hand) and h.seat in seats else h for h in deal.hands
    )
    return attrs.evolve(deal, hands=hands)


def _deals() -> list[m.Deal]:
    return [d for seed in (3, 11) for d in simulate("qingdao-standard", seed, 2)]


@pytest.mark.parametrize("deal", _deals(), ids=lambda d: f"deal{d.tag('Deal')}")
def test_R_DECK_2_blank_hands_refill_to_the_dealt_hands(deal: m.Deal) -> None:
    """Every seat of a generated deal plays out (or is the one left): the plays give back
    each dealt hand, rank for rank, and the filled record replays without a finding."""
    new, r = fill_hands(_blank(deal))
    assert r.conflicts == ()
    assert r.partly_unknown == ()
    for s in range(1, 7):
        orig, got = deal.hand(s), new.hand(s)
        assert orig is not None and got is not None
        assert _ranks(got.cards) == _ranks(orig.cards)


def test_R_DECK_2_sixth_hand_is_the_rest_of_the_deck() -> None:
    """With the last seat's final plays cut, its hand is still the rest of the deck once
    the five others are known (written as dealt)."""
    deal = _deals()[0]
    acts = tuple(deal.actions())
    keep = max(i for i, a in enumerate(acts) if isinstance(a, m.Play) and a.cards)
    last = acts[keep].seat
    cut = attrs.evolve(_blank(deal, range(last, last + 1)), moves=acts[:keep])
    assert not infer_hands(cut, deck=None).hands[last - 1].determined
    r = infer_hands(cut)
    h = r.hands[last - 1]
    assert h.determined
    orig = deal.hand(last)
    assert orig is not None
    assert _ranks(h.cards) == _ranks(orig.cards)


def test_R_DECK_2_partly_known_hands_are_lower_bounds() -> None:
    """Half a deal: the hands are known only as far as the seats played; every inferred
    card is in the dealt hand, and the unknown count makes up the 36."""
    deal = _deals()[1]
    acts = tuple(deal.actions())
    half = attrs.evolve(_blank(deal), moves=tuple(acts[: len(acts) // 2]))
    r = infer_hands(half)
    assert r.conflicts == ()
    assert len(r.partly_unknown) >= 2
    for h in r.hands:
        orig = deal.hand(h.seat)
        assert orig is not None
        assert not _ranks(h.cards) - _ranks(orig.cards)
        assert len(h.cards) + h.unknown == 36
        assert h.inferred == len(h.cards)


def test_R_DECK_2_transcription_contradicting_the_plays() -> None:
    """A hand copied with one card wrong: the play that needs the missing card is named."""
    deal = _deals()[0]
    acts = tuple(deal.actions())
    first = next(a for a in acts if isinstance(a, m.Play) and a.seat == 2 and a.cards)
    rank = first.cards[0].rank
    hand = deal.hand(2)
    assert hand is not None and hand.cards is not None and rank is not None
    other = Rank.THREE if rank != Rank.THREE else Rank.FOUR
    cards = list(hand.cards)
    cards.remove(next(c for c in cards if c.rank == rank))
    wrong = attrs.evolve(
        deal,
        hands=tuple(
            attrs.evolve(h, cards=(*cards, Card(other)))
            if isinstance(h, m.Hand) and h.seat == 2
            else h
            for h in deal.hands
        ),
    )
    # the play in which seat 2 gives away its last card of that rank
    held = _ranks(hand.cards)[rank]
    n = 0
    culprit = 0
    for i, a in enumerate(acts, 1):
        if isinstance(a, (m.Play, m.Burn)) and a.seat == 2:
            n += sum(c.rank == rank for c in a.cards)
            if n == held:
                culprit = i
                break
    new, r = fill_hands(wrong)
    assert new is wrong
    assert [(c.rule_id, c.seat, c.index) for c in r.conflicts][:1] == [("R-DECK-2", 2, culprit)]
    assert "seat 2" in r.conflicts[0].en and "2号" in r.conflicts[0].zh


def test_fmt_fill_hands_cli(tmp_path: Path) -> None:
    """``gouji fmt --fill-hands`` writes the inferred hands and says, in English or
    Chinese, which stay partly unknown; a contradiction is an error with file:line:col."""
    deal = _deals()[1]
    acts = tuple(deal.actions())
    half = attrs.evolve(_blank(deal), moves=tuple(acts[: len(acts) // 2]))
    text = gj.dumps(m.Match(deals=(half,)))
    res = CliRunner().invoke(main, ["--lang", "en", "fmt", "--fill-hands", "-"], input=text)
    assert res.exit_code == 0, res.output
    out = gj.loads(res.stdout).deals[0]
    r = infer_hands(half)
    for h in r.hands:
        got = out.hand(h.seat)
        assert got is not None
        assert _ranks(got.cards)[None] == h.unknown
    assert "stays partly unknown" in res.stderr
    zh = CliRunner().invoke(main, ["fmt", "--lang", "zh", "--fill-hands", "-"], input=text)
    assert "手牌仍部分未知" in zh.stderr
    bad = (SAMPLES / "qingdao-standard-full.gjn").read_text("utf-8")
    lines = bad.splitlines()
    i = next(i for i, x in enumerate(lines) if x.startswith("hand 1:"))
    lines[i] = "hand 1: " + " ".join(["3"] * 36)
    p = tmp_path / "bad.gjn"
    p.write_text("\n".join(lines) + "\n", "utf-8")
    res = CliRunner().invoke(main, ["--lang", "en", "fmt", "--fill-hands", str(p)])
    assert res.exit_code == 2
    assert f"{p}:" in res.stderr and "error R-DECK-2" in res.stderr


def test_R_DECK_2_terse_record_without_hands_fills_the_deal_sheet() -> None:
    """``tests/terse/qingdao-full-no-hands.gjn`` (written by hand: no hand lines) gives
    back, from its plays alone, the six hands of the same deal's terse record."""
    terse = Path(__file__).parent / "terse"
    bare = gj.load(terse / "qingdao-full-no-hands.gjn").deals[0]
    sheet = gj.load(terse / "qingdao-full-sets-only.gjn").deals[0]
    assert all(bare.hand(s) is None for s in range(1, 7))
    new, r = fill_hands(bare)
    assert r.conflicts == () and r.partly_unknown == ()
    for s in range(1, 7):
        got, want = new.hand(s), sheet.hand(s)
        assert got is not None and want is not None
        assert _ranks(got.cards) == _ranks(want.cards)


def test_fmt_fill_hands_names_a_hand_the_plays_leave_unknown() -> None:
    text = '[Leader "1"]\nhand 1: -\n1:33 2:55\n'
    res = CliRunner().invoke(main, ["--lang", "en", "fmt", "--fill-hands", "-"], input=text)
    assert res.exit_code == 0
    assert "seat 1's hand stays partly unknown (34 of 36 cards)" in res.stderr
    assert "seat 3's hand stays unknown (the plays prove none of its 36 cards)" in res.stderr
    out = gj.loads(res.stdout).deals[0]
    hand1 = out.hand(1)
    assert hand1 is not None and _ranks(hand1.cards) == Counter({Rank.THREE: 2, None: 34})
