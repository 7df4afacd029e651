"""R-BUY-1: a 3 (or 4) is bought only with the profile's payment cards."""

from __future__ import annotations

from gojinotation.cards import Card, parse_cards
from gojinotation.model import Buy
from gojinotation_analyzer.engine import can, legal_actions, new_deal
from gojinotation_analyzer.rules.profiles import load_ruleset


def _state(profile: str, hand1: str) -> object:
    hands = {
        1: parse_cards(hand1),
        2: parse_cards("KK3"),
        3: parse_cards("QQ3"),
        4: parse_cards("JJ33"),
        5: parse_cards("TT3"),
        6: parse_cards("99 3"),
    }
    return new_deal(hands, load_ruleset(profile), leader=1, deck_check=False)


def test_R_BUY_1_latest_004_pays_with_a_2_only() -> None:
    """004c: “用2向对头买3，若没有2，则向联邦要一张3” — a joker is no payment."""
    st = _state("latest-004", "X AA 55")
    joker = Buy(1, card=Card.parse("3"), from_seat=4, paid=Card.parse("X"))
    assert not can(st, joker)  # type: ignore[arg-type]
    assert joker not in legal_actions(st)  # type: ignore[arg-type]


def test_R_BUY_1_qingdao_bie3_pays_with_a_joker_when_no_2() -> None:
    """001d: “应无条件用2（无2时用大王或小王）向对头买1张3牌”."""
    st = _state("qingdao-bie3", "X AA 55")
    joker = Buy(1, card=Card.parse("3"), from_seat=4, paid=Card.parse("X"))
    assert can(st, joker)  # type: ignore[arg-type]
    assert joker in legal_actions(st)  # type: ignore[arg-type]
