"""The deck, the 开牌 and the deal of a simulated game (catalog T23): the profile's deck
(:func:`build_deck`), the first taker (:func:`first_taker`), the deal one card at a time
(:func:`deal_hands`) and the first leader by 上班/顶班 (:func:`shangban_leader`).
:mod:`.simulate` re-exports them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from gojinotation.cards import Card, Rank, Suit
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = ["build_deck", "deal_hands", "first_taker", "shangban_leader"]

SEATS = (1, 2, 3, 4, 5, 6)
_NXT = (0, 2, 3, 4, 5, 6, 1)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def build_deck(rs: Ruleset) -> list[Card]:
    """The profile's deck, every card suited except the jokers, in a fixed order.

    216 cards (four 54-card decks), or 196 for ``deck.variant = 196_minus_10x3_10x4``
    (ten 3s and ten 4s removed: six of each left, suits ♠♥♣♦♠♥).

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> qs, dg = load_ruleset("qingdao-standard"), load_ruleset("dagang-196")
    >>> len(build_deck(qs)), len(build_deck(dg))
    (216, 196)
    """
    short = rs.deck.variant == "196_minus_10x3_10x4"
    out: list[Card] = []
    for rank in Rank:
        if rank.is_joker:
            out.extend([Card(rank)] * 4)
            continue
        n = 6 if short and rank in (Rank.THREE, Rank.FOUR) else 16
        out.extend(Card(rank, _SUITS[i % 4]) for i in range(n))
    return out


def _count_value(card: Card, rs: Ruleset) -> int | None:
    """The counting value of a drawn card for 开牌 (``None``: a joker, draw again)."""
    r = card.rank
    assert r is not None
    if r.is_joker:
        return 1 if rs.open.count_values == "JQK_jokers_lowest" else None
    if r == Rank.ACE:
        return 1
    if r == Rank.TWO:
        return 2
    if rs.open.count_values == "JQK_jokers_lowest" and r in (Rank.JACK, Rank.QUEEN, Rank.KING):
        return 1
    return int(r)


def first_taker(rs: Ruleset, rng: random.Random, deck: Sequence[Card]) -> int:
    """The 首取牌人 of a fresh 开牌 under ``open.first_method`` (catalog T23).

    ``draw_count_ccw`` / ``flip_first_card_count``: a random seat draws a card and counts
    counterclockwise from himself by its value (a joker passes the draw to the 下家, or
    stays with the drawer under ``open.joker_drawn = drawer``); ``fixed_seat1``: seat 1;
    the other methods (high card, referee's cards) are a fair draw: a random seat.
    """
    method = rs.open.first_method
    if method == "fixed_seat1":
        return 1
    opener = rng.randint(1, 6)
    if method not in ("draw_count_ccw", "flip_first_card_count"):
        return opener
    for _ in range(100):
        v = _count_value(rng.choice(deck), rs)
        if v is not None:
            return (opener - 1 + v - 1) % 6 + 1
        if rs.open.joker_drawn == "drawer":
            return opener
        opener = _NXT[opener]
    return opener  # pragma: no cover - 100 jokers in a row


def deal_hands(
    deck: Sequence[Card], taker: int, rs: Ruleset
) -> tuple[dict[int, list[Card]], list[tuple[int, Card]]]:
    """Deal a shuffled deck one card at a time counterclockwise from ``taker``.

    Returns the hands and the draw in order (for 上班).  With 196 cards the first four
    takers get 33 cards, the last two 32.
    """
    hands: dict[int, list[Card]] = {s: [] for s in SEATS}
    draw: list[tuple[int, Card]] = []
    seat = taker
    for card in deck:
        hands[seat].append(card)
        draw.append((seat, card))
        seat = _NXT[seat]
    return hands, draw


def shangban_leader(rs: Ruleset, draw: Sequence[tuple[int, Card]], taker: int) -> int:
    """The first leader after a fresh 开牌: 上班 and 顶班 (``open.shangban``, T23).

    ``two_same_colour_3`` / ``two_same_suit_3`` / ``two_same_suit_4``: the first seat,
    in the order of the draw, to hold two such cards leads; with ``open.dingban`` a seat
    that ends the draw with more of one suit than the leader's best takes over (the
    earliest such seat when several tie).  ``most_4s_must_lead_4``: most 4s (the first to
    reach that many).  ``inserted_card_holder``: the holder of the referee's inserted
    card (here the card drawn in the middle of the deal).  ``none`` or nobody
    qualifying: the first taker leads.

    >>> from gojinotation.cards import parse_cards
    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> rs = load_ruleset("qingdao-standard")
    >>> draw = list(zip([1, 2, 3, 1, 2, 3], parse_cards("3h3d3s3c44")))
    >>> draw = [(1, Card.parse("3h")), (2, Card.parse("3s")), (1, Card.parse("3d")),
    ...         (2, Card.parse("3c"))]
    >>> shangban_leader(rs, draw, 1)
    1
    """
    mode = rs.open.shangban
    if mode == "none":
        return taker
    if mode == "inserted_card_holder":
        return draw[len(draw) // 2][0] if draw else taker
    if mode == "most_4s_must_lead_4":
        fours: Counter[int] = Counter()
        reached: dict[int, int] = {}
        for i, (seat, card) in enumerate(draw):
            if card.rank == Rank.FOUR:
                fours[seat] += 1
                reached[seat] = i
        if not fours:
            return taker
        best = max(fours.values())
        return min((reached[s], s) for s in fours if fours[s] == best)[1]
    rank = Rank.FOUR if mode == "two_same_suit_4" else Rank.THREE
    colour = mode == "two_same_colour_3"
    held: dict[int, Counter[str]] = {s: Counter() for s in SEATS}
    suited: dict[int, Counter[str]] = {s: Counter() for s in SEATS}
    leader = 0
    for seat, card in draw:
        if card.rank != rank or card.suit is None:
            continue
        key = ("red" if card.suit.is_red else "black") if colour else card.suit.value
        held[seat][key] += 1
        suited[seat][card.suit.value] += 1
        if not leader and held[seat][key] >= 2:
            leader = seat
    if not leader:
        return taker
    if rs.open.dingban:
        mine = max(suited[leader].values(), default=0)
        for seat, _ in draw:  # the order of the draw decides among equals
            if max(suited[seat].values(), default=0) > mine:
                best = max(max(suited[s].values(), default=0) for s in SEATS)
                for s2, _ in draw:
                    if max(suited[s2].values(), default=0) == best:
                        return s2
        return leader
    return leader
