"""``explicit``: the implied closes (扣牌) and round numbers, written in by replaying."""

from __future__ import annotations

import itertools

import attrs
import pytest
from click.testing import CliRunner

import gojinotation as gj
from gojinotation import model as m
from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.engine.normalize import explicit
from gojinotation_analyzer.simulation.simulate import simulate


def _strip(deal: m.Deal) -> m.Deal:
    """The deal without its round numbers and without the closes that the rules imply:
    those made once the round's last set already stands (a close by the seat whose turn
    it is also declines, so it is never implied)."""
    frames = list(replay(deal))
    implied = {
        after.index
        for before, after in itertools.pairwise(frames)
        if isinstance(after.action, m.Close) and before.state.closing
    }
    moves: list[m.MoveItem] = []
    index = 0  # by position: a record may hold one (frozen) action twice
    for item in deal.moves:
        if isinstance(item, m.ACTION_TYPES):
            index += 1
            if index in implied:
                continue
        if not isinstance(item, m.RoundMark):
            moves.append(item)
    return attrs.evolve(deal, moves=tuple(moves))


@pytest.mark.parametrize("profile", ["qingdao-standard", "qingdao-bie3", "latest-004"])
@pytest.mark.parametrize("seed", [1, 2])
def test_explicit_restores_every_close_and_round_number(profile: str, seed: int) -> None:
    for deal in simulate(profile, seed, 2):
        assert any(isinstance(i, m.Close) for i in deal.moves)
        assert explicit(_strip(deal)) == deal


def test_explicit_is_idempotent_and_keeps_an_illegal_deal_as_recorded() -> None:
    deal = next(iter(simulate("qingdao-standard", 5, 1)))
    assert explicit(deal) == deal
    bad = gj.loads('[Leader "1"]\nhand 1: 33\nhand 2: 44\n1:33 2:33').deals[0]
    assert isinstance(bad, m.Deal)
    assert explicit(bad, deck_check=False) == bad


def test_fmt_writes_the_implied_items_unless_told_not_to() -> None:
    original = next(iter(simulate("qingdao-standard", 3, 1)))
    text = gj.dumps(m.Match((_strip(original),), 1))
    runner = CliRunner()
    full = runner.invoke(main, ["--lang", "en", "fmt", "-"], input=text)
    assert full.exit_code == 0
    assert full.output == gj.dumps(m.Match((original,), 1))
    kept = runner.invoke(main, ["--lang", "en", "fmt", "--no-explicit", "-"], input=text)
    assert kept.exit_code == 0
    assert kept.output == text
