"""Sets written without their seat (docs/format.md §9.3): a bare ``KKK`` is the set of the
seat whose turn it is where it stands (:func:`gojinotation_analyzer.engine.replay.
seat_to_act`); nothing is implied before it; R-RECORD-2 where no seat can play it."""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest

import gojinotation as gj
from gojinotation import model as m
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.engine.fill import fill
from gojinotation_analyzer.engine.normalize import explicit
from gojinotation_analyzer.engine.replay import seat_to_act
from gojinotation_analyzer.reports.diagnostics import Severity
from gojinotation_analyzer.reports.validate import validate_source
from gojinotation_analyzer.simulation.simulate import simulate
from tests.test_fill import SMALL, _deal, _terse

ROOT = Path(__file__).parent.parent
TERSE = ROOT / "tests" / "terse"


def _acts(deal: m.Deal) -> str:
    return " ".join(gj.format_action(a) for a in deal.actions())


def _violations(deal: m.Deal) -> list[E.Violation]:
    return [
        e for f in replay(deal, deck_check=False) for e in f.events if isinstance(e, E.Violation)
    ]


def test_a_bare_set_that_follows_is_the_next_seats() -> None:
    deal = _deal(SMALL, "1:5 6 7")
    assert [type(i).__name__ for i in deal.moves] == ["Play", "TurnPlay", "TurnPlay"]
    assert _acts(fill(deal, deck_check=False).deal) == "1:5 2:6 3:7"
    frames = list(replay(deal, deck_check=False))  # replay of the unfilled record
    assert [gj.format_action(f.action) for f in frames[1:]] == ["1:5", "2:6", "3:7"]
    assert _violations(deal) == []


def test_nothing_is_implied_before_a_bare_set() -> None:
    # seat 2 is to answer 1:5; a bare 9 is seat 2's (who holds none), never 5:9
    deal = _deal(SMALL, "1:5 9")
    bad = _violations(deal)
    assert [v.rule_id for v in bad] == ["R-RECORD-2"]
    assert "seat 2's, the seat to act" in bad[0].en and "e.g. 5:9" in bad[0].en
    assert "2号" in bad[0].zh and "如 5:9" in bad[0].zh
    filled = fill(deal, deck_check=False)
    assert filled.inserted == 0 and isinstance(filled.deal.moves[-1], m.TurnPlay)  # kept bare
    report = validate_source(gj.dumps(m.Match((deal,), 1)), file="t.gjn", deck_check=False)
    errors = [d for d in report.diagnostics if d.severity is Severity.ERROR]
    assert [(d.code, d.rule_id) for d in errors] == [("GJV223", "R-RECORD-2")]


def test_a_bare_set_after_a_round_over_is_the_next_leaders() -> None:
    # seat 5's 9 stands (seat 6 passes with a 9), the round is closed: 5 leads again
    moves = "1:5 2:6 3:7 4:8 5:9 6:- 1:- 2:- 3:- 4:-"
    assert _acts(fill(_deal(SMALL, moves + " 5:4"), deck_check=False).deal).endswith("4:- 5:4")
    deal = _deal(SMALL, moves + " 4")
    start = list(replay(_deal(SMALL, moves), deck_check=False))[-1].state
    assert seat_to_act(start) == 5
    assert _acts(fill(deal, deck_check=False).deal).endswith("4:- 5:4")
    assert _violations(deal) == []


def test_a_bare_set_where_nobody_may_act_is_an_error() -> None:
    hands = ["3", "4", "5", "6", "7", "8"]
    ended = _deal(hands, "1:3 4 5 6 7")
    assert list(replay(ended, deck_check=False))[-1].state.ended
    deal = _deal(hands, "1:3 4 5 6 7 8")
    bad = _violations(deal)
    assert [v.rule_id for v in bad] == ["R-RECORD-2"]
    assert "no seat is to act" in bad[0].en and "本局已结束" in bad[0].zh
    assert bad[0].sanction == "ignored"
    text = gj.dumps(m.Match((deal,), 1))
    report = validate_source(text, file="t.gjn", deck_check=False)
    assert [d.code for d in report.diagnostics if d.severity is Severity.ERROR] == ["GJV223"]


def test_the_bare_terse_deal_replays_to_the_end_of_the_sample() -> None:
    sample = gj.load(ROOT / "samples" / "qingdao-standard-full.gjn").deals[0]
    bare = gj.load(TERSE / "qingdao-full-bare-sets.gjn").deals[0]
    seated = gj.load(TERSE / "qingdao-full-no-hands.gjn").deals[0]
    assert isinstance(sample, m.Deal) and isinstance(bare, m.Deal) and isinstance(seated, m.Deal)
    assert sum(type(i) is m.TurnPlay for i in bare.moves) == 43
    assert not any(isinstance(a, (m.Pass, m.Close)) for a in bare.actions())
    assert not any(isinstance(i, m.RoundMark) for i in bare.moves) and not bare.hands
    filled = fill(bare)
    assert filled.ambiguities == () and filled.slips == ()
    ends = [list(replay(fill(d).deal))[-1].state for d in (sample, bare)]
    assert ends[1].is_over and ends[0].place_of == ends[1].place_of
    assert ends[0].summary() == ends[1].summary()
    # gouji fmt writes every seat: the canonical form of the seated terse record, whose
    # sets are the sample's (the sample also writes passes no rule forces: declines)
    assert gj.dumps(explicit(bare)) == gj.dumps(explicit(seated))
    plays = [[a for a in explicit(d).actions() if type(a) is m.Play] for d in (sample, bare)]
    assert plays[0] == plays[1]


def _bare(terse: m.Deal) -> tuple[m.Deal, int]:
    """The terse deal with every in-turn seat prefix dropped: a recorded play by the seat
    to act, with nothing implied before it, becomes a bare set (but the first move,
    which would continue the last hand line: §9.3)."""
    recorded = {id(a) for a in terse.actions()}
    frames = list(replay(fill(terse).deal))
    bare: set[int] = set()
    for prev, (before, after) in zip(frames, itertools.pairwise(frames), strict=False):
        a = after.action
        if (
            type(a) is m.Play
            and id(a) in recorded
            and not a.irregular
            and before.action is not None  # the first move after the hands names its seat
            and id(before.action) in recorded
            and a.seat == seat_to_act(before.state)
        ):
            bare.add(id(a))
        del prev
    moves = tuple(
        m.TurnPlay(i.cards, glyphs=i.glyphs, notes=i.notes, span=i.span)
        if isinstance(i, m.Play) and id(i) in bare
        else i
        for i in terse.moves
    )
    return attrs.evolve(terse, moves=moves), len(bare)


@pytest.mark.parametrize(
    ("profile", "seed"),
    [("qingdao-standard", 1), ("qingdao-bie3", 2), ("latest-004", 3), ("tongsu", 6)],
)
def test_every_generated_deal_without_in_turn_seats_fills_back(profile: str, seed: int) -> None:
    for deal in simulate(profile, seed, 2):
        terse, _ = _terse(deal)
        bare, n = _bare(terse)
        assert n > 10  # many sets were played in turn
        text = gj.dumps(m.Match((bare,), 1))
        again = gj.loads(text).deals[0]
        assert again == bare  # the bare sets read back
        filled = fill(bare)
        assert filled.ambiguities == ()
        assert explicit(bare) == deal


def test_hands_are_inferred_from_bare_sets_too() -> None:
    from gojinotation_analyzer.engine.hands import fill_hands, infer_hands

    bare = gj.load(TERSE / "qingdao-full-bare-sets.gjn").deals[0]
    seated = gj.load(TERSE / "qingdao-full-no-hands.gjn").deals[0]
    assert isinstance(bare, m.Deal) and isinstance(seated, m.Deal)
    got = infer_hands(bare)
    assert got.conflicts == () and got.hands == infer_hands(seated).hands
    assert all(h.unknown == 0 for h in got.hands)
    # written hand lines: a bare first move would continue the last one, so it is seated
    first = gj.loads('[Leader "1"]\nhand 1: -\n33 1:K').deals[0]
    assert isinstance(first, m.Deal) and type(first.moves[0]) is m.TurnPlay
    new, _ = fill_hands(first)
    assert str(new).splitlines()[-1] == "1:33 1:K"
    assert gj.loads(str(new)).deals[0] == new


def test_fmt_writes_the_seats_and_no_explicit_keeps_the_record() -> None:
    from click.testing import CliRunner

    from gojinotation_analyzer.cli.main import main

    text = gj.dumps(m.Match((_deal(SMALL, "1:5 6 7 !"),), 1))
    out = CliRunner().invoke(main, ["--lang", "en", "fmt", "-"], input=text)
    assert out.exit_code == 0 and out.output.rstrip().endswith("1. 1:5 2:6 3:7 !")
    out = CliRunner().invoke(main, ["--lang", "en", "fmt", "--no-explicit", "-"], input=text)
    assert out.exit_code == 0 and out.output.rstrip().endswith("\n1:5 6 7 !")


def test_replay_pages_show_a_bare_set_as_the_seat_to_act_s() -> None:
    from gojinotation_analyzer.publish.view import view_from_engine, view_from_record

    good = m.Match((_deal(SMALL, "1:5 6 7"),), 1)
    steps = view_from_engine(good).deals[0].steps
    assert [(s.seat, s.cards) for s in steps] == [(1, "5"), (2, "6"), (3, "7")]
    # without the rules (the record as written) a bare set still shows, as the seat to
    # act's where the replay knows it, and an illegal one does not break the page
    bad = m.Match((_deal(SMALL, "1:5 9"),), 1)
    assert [s.cards for s in view_from_engine(bad).deals[0].steps] == ["5", "9"]
    assert [s.cards for s in view_from_record(bad).deals[0].steps] == ["5", "9"]
