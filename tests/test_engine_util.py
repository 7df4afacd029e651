"""Helpers for the engine tests: small hand-built deals replayed from GJN text.

Seats are the record's 1-6 (the catalog's worked situations number them 0-5: catalog
seat ``k`` is seat ``k + 1`` here).
"""

from __future__ import annotations

from collections.abc import Mapping

import gojinotation as gj
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.engine.state import DealState, Frame


def gjn(
    hands: Mapping[int, str],
    moves: str,
    *,
    profile: str = "qingdao-standard",
    leader: int | None = 1,
    rules: str = "",
) -> str:
    """The text of a one-deal record."""
    lines = [f'[Profile "{profile}"]']
    if leader is not None:
        lines.append(f'[Leader "{leader}"]')
    if rules:
        lines.append(f'[Rules "{rules}"]')
    for s in sorted(hands):
        lines.append(f"hand {s}: {hands[s]}")
    lines.append(moves)
    return "\n".join(lines) + "\n"


def play(
    hands: Mapping[int, str],
    moves: str,
    *,
    profile: str = "qingdao-standard",
    leader: int | None = 1,
    rules: str = "",
    deck_check: bool = False,
) -> list[Frame]:
    """Replay a small deal and return its frames."""
    match = gj.loads(gjn(hands, moves, profile=profile, leader=leader, rules=rules))
    return list(replay(match.deals[0], deck_check=deck_check))


def final(frames: list[Frame]) -> DealState:
    return frames[-1].state


def all_events(frames: list[Frame]) -> list[E.Event]:
    return [e for f in frames for e in f.events]


def of(frames: list[Frame], kind: type[E.Event]) -> list[E.Event]:
    return [e for e in all_events(frames) if isinstance(e, kind)]


def violations(frames: list[Frame]) -> list[tuple[str, int | None]]:
    return [(e.rule_id, e.seat) for e in of(frames, E.Violation)]  # type: ignore[attr-defined]


def disputes(frames: list[Frame]) -> list[str]:
    return [e.param for e in of(frames, E.Dispute)]  # type: ignore[attr-defined]


def places(frames: list[Frame]) -> dict[int, int]:
    return final(frames).place_of


def test_helpers_replay_a_tiny_deal() -> None:
    frames = play({1: "3", 2: "4", 3: "5", 4: "6", 5: "7", 6: "8"}, "1:3")
    assert frames[1].state.place_of == {1: 1}
    assert of(frames, E.WentOut)[0].seat == 1
