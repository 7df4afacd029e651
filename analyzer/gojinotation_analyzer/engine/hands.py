"""Hands inferred from the plays: the dealt hands a record's actions determine.

A record may give every play and no hands (``hand 2: -``, or no hand line), or hands with
unknown cards (``?``).  The plays are then constraints on the hands (card conservation,
R-DECK-2): a seat was dealt at least, of each rank, the most cards of that rank it had
given away (played, burned, 送, 进贡, 还贡, paid for a 买) minus what it had received, at any
moment of the deal.  When these lower bounds add up to the hand's size the hand is
*determined* (a seat that went out playing known cards was dealt exactly what it played);
when five hands are determined, the sixth is the rest of the deck.  When the bounds exceed
the hand as written (or the deck), the transcription contradicts the plays: a
:class:`HandConflict` names the action, with the rule R-DECK-2.

Suits play no part (the engine counts cards by rank): inferred cards are written unsuited,
after the cards written in the record.

>>> import gojinotation as gj
>>> d = gj.loads('[Leader "1"]\\nhand 1: ?*3\\nhand 2: -\\n'
...              '1:33 2:55 1:K').deals[0]
>>> r = infer_hands(d, sizes=(3, 4, 0, 0, 0, 0), deck=None)
>>> [(h.seat, gj.format_cards(h.cards), h.unknown, h.determined) for h in r.hands[:2]]
[(1, 'K33', 0, True), (2, '55', 2, False)]
>>> r.conflicts
()
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gojinotation import model as m
from gojinotation.cards import Card

__all__ = ["HandConflict", "Inferred", "InferredHand", "fill_hands", "infer_hands"]

#: Number of rank counters (3 … 大王), as the engine counts cards.
_NR = 15


def _idx(card: Card) -> int | None:
    return None if card.rank is None else int(card.rank) - 3


def _card(i: int) -> Card:
    from gojinotation.cards import Rank

    return Card(Rank(i + 3))


@attrs.frozen
class InferredHand:
    """What the record tells of one seat's dealt hand.

    ``cards`` are the known cards (as written, then the inferred ones, unsuited, strongest
    first), ``unknown`` how many cards stay unknown, ``determined`` whether the hand is
    complete (``unknown == 0``), ``inferred`` how many cards the plays added to the record.
    """

    seat: int
    cards: tuple[Card, ...]
    unknown: int
    inferred: int

    @property
    def determined(self) -> bool:
        """The hand is known card for card."""
        return self.unknown == 0

    def hand(self, span: m.Span | None = None) -> m.Hand:
        """The hand line to write (``hand N: -`` when nothing at all is known)."""
        cards: tuple[Card, ...] | None = self.cards + (Card(None),) * self.unknown
        if not self.cards:
            cards = None
        return m.Hand(self.seat, cards) if span is None else m.Hand(self.seat, cards, span=span)


@attrs.frozen
class HandConflict:
    """An action the hands as written cannot have made (R-DECK-2).

    ``action`` is the recorded action (its span points into the file), ``index`` its
    1-based number among the deal's actions, ``seat`` the seat whose hand is short.
    """

    action: m.Action
    index: int
    seat: int
    en: str
    zh: str
    rule_id: str = "R-DECK-2"


@attrs.frozen
class Inferred:
    """The result of :func:`infer_hands`: the six seats' hands and the contradictions."""

    hands: tuple[InferredHand, ...]
    conflicts: tuple[HandConflict, ...]

    @property
    def partly_unknown(self) -> tuple[InferredHand, ...]:
        """The hands that stay (partly) unknown."""
        return tuple(h for h in self.hands if not h.determined)


def _flows(a: m.Action) -> list[tuple[int, Card, int]]:
    """(seat, card, +1 received / -1 given) for every card ``a`` moves.  An irregular
    action (``^``) moves cards only when the referee's ruling let it stand (``accept``):
    a retracted or voided one did not, and one without a ruling proves nothing."""
    out: list[tuple[int, Card, int]] = []
    if a.irregular and (a.note("ruling") or "").split()[:1] != ["accept"]:
        return out
    if isinstance(a, (m.Play, m.Burn)):
        out += [(a.seat, c, -1) for c in a.cards]
    elif isinstance(a, m.Give):
        out += [(a.seat, a.card, -1), (a.to_seat, a.card, +1)]
    elif isinstance(a, (m.Tribute, m.Return)):
        out += [(a.seat, c, -1) for c in a.cards] + [(a.to_seat, c, +1) for c in a.cards]
    elif isinstance(a, m.Buy):
        out += [(a.seat, a.card, +1), (a.from_seat, a.card, -1)]
        out += [(a.seat, a.paid, -1), (a.from_seat, a.paid, +1)]
    return out


def infer_hands(
    deal: m.Deal,
    *,
    sizes: Sequence[int] | None = None,
    deck: Sequence[int] | None = (),
) -> Inferred:
    """The hands of ``deal`` as far as its hand lines and actions determine them.

    :param sizes: the six hand sizes (default: the profile's, 36 each for 216 cards).
    :param deck: cards per rank index (3 … 大王) of the deck, ``None`` for no deck
        (no sixth hand from the rest, no deck check); default: the profile's deck.
    """
    if sizes is None or deck == ():
        from gojinotation_analyzer.engine.params import _params
        from gojinotation_analyzer.engine.replay import deal_ruleset

        p = _params(deal_ruleset(deal)[0])
        sizes = p.sizes if sizes is None else sizes
        deck = p.deck if deck == () else deck
    written: dict[int, list[int]] = {}
    known_cards: dict[int, tuple[Card, ...]] = {}
    capacity: dict[int, int] = {}
    for s in range(1, 7):
        h = deal.hand(s)
        k = [0] * _NR
        cards = () if h is None or h.cards is None else h.cards
        for c in cards:
            i = _idx(c)
            if i is not None:
                k[i] += 1
        written[s] = k
        known_cards[s] = tuple(c for c in cards if not c.is_unknown)
        capacity[s] = len(cards) if cards else sizes[s - 1]
    if any(type(i) is m.TurnPlay for i in deal.moves):
        from gojinotation_analyzer.engine.fill import fill

        # the sets written without their seat count too: with the seats the rules give
        deal = fill(deal).deal
    net = {s: [0] * _NR for s in range(1, 7)}  # cards given minus received, so far
    low = {s: list(written[s]) for s in range(1, 7)}  # dealt at least, per rank
    conflicts: list[HandConflict] = []
    short: set[int] = set()
    for n, a in enumerate(deal.actions(), 1):
        for seat, card, sign in _flows(a):
            i = _idx(card)
            if seat not in net or i is None:
                continue
            net[seat][i] -= sign
            if net[seat][i] > low[seat][i]:
                low[seat][i] = net[seat][i]
                if sum(low[seat]) > capacity[seat] and seat not in short:
                    short.add(seat)
                    conflicts.append(_short(a, n, seat, capacity[seat], known_cards[seat]))
                elif deck is not None and sum(low[t][i] for t in low) > deck[i]:
                    conflicts.append(_over_deck(a, n, seat, card, deck[i]))
    hands: dict[int, InferredHand] = {}
    for s in range(1, 7):
        extra = [max(0, low[s][i] - written[s][i]) for i in range(_NR)]
        add = tuple(_card(i) for i in range(_NR - 1, -1, -1) for _ in range(extra[i]))
        unknown = max(0, capacity[s] - sum(low[s]))
        hands[s] = InferredHand(s, known_cards[s] + add, unknown, len(add))
    open_ = [s for s in hands if not hands[s].determined]
    if deck is not None and len(open_) == 1 and not conflicts:
        s = open_[0]
        rest = [deck[i] - sum(low[t][i] for t in low if t != s) for i in range(_NR)]
        if sum(rest) == capacity[s] and all(rest[i] >= low[s][i] for i in range(_NR)):
            extra = [rest[i] - written[s][i] for i in range(_NR)]
            add = tuple(_card(i) for i in range(_NR - 1, -1, -1) for _ in range(extra[i]))
            hands[s] = InferredHand(s, known_cards[s] + add, 0, len(add))
    return Inferred(tuple(hands[s] for s in range(1, 7)), tuple(conflicts))


def _short(a: m.Action, n: int, seat: int, cap: int, known: tuple[Card, ...]) -> HandConflict:
    from gojinotation.cards import format_cards

    held = format_cards(known) or "-"
    return HandConflict(
        a,
        n,
        seat,
        f"seat {seat} gives away more cards than its hand as written holds "
        f"({cap} cards, known: {held})",
        f"{seat}号出的牌超出所记手牌（{cap}张，已知：{held}）",
    )


def _over_deck(a: m.Action, n: int, seat: int, card: Card, total: int) -> HandConflict:
    g = _card(_idx(card) or 0).gjn()
    return HandConflict(
        a,
        n,
        seat,
        f"seat {seat} plays a {g} the deck does not have: the deck has {total} and the "
        "others are accounted for",
        f"{seat}号出的{g}超出整副牌的张数（共{total}张，其余已在别处）",
    )


def fill_hands(deal: m.Deal) -> tuple[m.Deal, Inferred]:
    """``deal`` with every hand line the plays complete rewritten (known cards as written,
    then the inferred ones, then ``?`` for the cards still unknown); unchanged when the
    plays contradict the hands (:attr:`Inferred.conflicts`).

    >>> import gojinotation as gj
    >>> d = gj.loads('[Leader "1"]\\nhand 1: -\\n1:33 1:K').deals[0]
    >>> new, r = fill_hands(d)
    >>> str(new).splitlines()[2]
    'hand 1: K 33 ?*33'
    >>> r.hands[0].unknown, r.hands[1].cards
    (33, ())
    """
    r = infer_hands(deal)
    if r.conflicts:
        return deal, r
    by_seat = {h.seat: h for h in r.hands}
    items: list[m.HandItem] = []
    seen: set[int] = set()
    for item in deal.hands:
        if isinstance(item, m.Hand) and item.seat in by_seat:
            seen.add(item.seat)
            h = by_seat[item.seat]
            items.append(h.hand(item.span) if h.inferred else item)
        else:
            items.append(item)
    for s in range(1, 7):  # seats without a hand line get one, after the others
        if s not in seen and by_seat[s].cards:
            items.append(by_seat[s].hand())
    from gojinotation_analyzer.engine.replay import seat_first_move

    # a set without its seat right after the hand lines would read as more cards of the
    # last hand (docs/format.md §9.3): the first move is written with its seat
    new = attrs.evolve(deal, hands=tuple(items))
    return (seat_first_move(new) if items else new), r
