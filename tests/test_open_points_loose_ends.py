"""Issue #11, the loose ends of the open points (branch op3): each test is named after the
rule id it checks.

* R-OPEN-1 with no Leader tag: the first leader the engine derives from the hands (上班)
  judged under each reading of an open ``open.shangban``;
* R-KAIDIAN-1: whether a standing set opens (开点) under each reading of an open
  ``gouji.thresholds``;
* R-PENALTY-1 where ``penalty.misplay_lose_lead`` is open *and* true (no shipped profile
  has it: a registered profile whose table says so);
* R-OPEN-1: what ``legal_actions`` lists for a 开牌 draw, as ``can``/``verify`` judge it.
"""

from __future__ import annotations

from test_engine_util import of, violations

import gojinotation as gj
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.engine.state import Frame


def _disputes(frames: list[Frame], param: str) -> list[E.Dispute]:
    return [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


# ------------------------------------------------------------ R-OPEN-1, no Leader tag


def _untagged(profile: str, seed: int, moves: str, rules: str = "") -> list[Frame]:
    """A simulated full deal of ``profile`` without its Leader (and Deal) tag and with
    ``moves`` for its moves, replayed."""
    from gojinotation_analyzer.simulation.simulate import simulate

    deal = next(iter(simulate(profile, seed, 1)))
    text = gj.dumps(deal)
    lines = [ln for ln in text.splitlines() if not ln.startswith(("[Leader ", "[Deal "))]
    if rules:
        lines.insert(1, f'[Rules "{rules}"]')
    head = [ln for ln in lines if not ln or ln.startswith(("%", "[", "hand "))]
    d = gj.loads("\n".join([*head, moves]) + "\n").deals[0]
    assert d.tag("Leader") is None
    return list(replay(d))


def test_R_OPEN_1_a_derived_first_leader_is_judged_under_each_shangban_reading() -> None:
    """saizhi-002 (002b 5: the seat with the most 4s leads 4s; 002a 3: no 上班, the first
    taker leads): seat 3 holds the most 4s, and the record starts with seat 1's lone 4.
    Under the engine's reading seat 3 should lead, under ``none`` seat 1 leads: a Dispute
    at seat 1's first play, and the replay follows the record (as it follows a Leader
    tag), with no flat error beside it."""
    frames = _untagged("saizhi-002", 2, "1:4h")
    assert frames[0].state.leader == 1
    assert violations(frames) == []
    (d,) = _disputes(frames, "open.shangban")
    assert d.rule_id == "R-OPEN-1" and d.seat == 1
    assert d.action is not None and d.action.seat == 1  # at the first play: a position
    ruled = dict(d.alternatives)
    assert ruled["most_4s_must_lead_4"].startswith("002b 5: seat 3 leads first (上班")
    assert "seat 1's first play is out of turn" in ruled["most_4s_must_lead_4"]
    assert ruled["most_4s_must_lead_4"].endswith("the engine's ruling")
    assert ruled["none"].startswith("002a 3: seat 1 leads first (no 上班")
    assert "in turn" in ruled["none"]


def test_R_OPEN_1_a_derived_first_leader_agreeing_under_every_reading_is_not_disputed() -> None:
    """The same hands, the record started by seat 3 (the most 4s): every reading names
    him, nothing to dispute."""
    frames = _untagged("saizhi-002", 2, "3:4s")
    assert frames[0].state.leader == 3 and not _disputes(frames, "open.shangban")


def test_R_OPEN_1_a_derived_first_leader_settled_by_rules_or_profile() -> None:
    """``[Rules "open.shangban=most_4s_must_lead_4"]`` states the point: the engine's
    leader (seat 3) stands and seat 1's first play is a flat error."""
    frames = _untagged("saizhi-002", 2, "1:4h", rules="open.shangban=most_4s_must_lead_4")
    assert frames[0].state.leader == 3
    assert not of(frames, E.Dispute) and [s for _, s in violations(frames)] == [1]


def test_R_OPEN_1_no_shangban_under_the_engines_reading_is_disputed_in_latest_004() -> None:
    """latest-004: 004b(2)'s inserted card cannot be told from the hands, so the record's
    first player (seat 1) leads; 004c 第四条's 亮3 names seat 2.  A Dispute at seat 1's
    first play, the replay following seat 1."""
    frames = _untagged("latest-004", 3, "1:55")
    assert frames[0].state.leader == 1
    (d,) = _disputes(frames, "open.shangban")
    ruled = dict(d.alternatives)
    assert ruled["inserted_card_holder"].startswith("004b(2): seat 1 leads first (no 上班")
    assert ruled["two_same_colour_3"].startswith("004c 第四条: seat 2 leads first (上班")
