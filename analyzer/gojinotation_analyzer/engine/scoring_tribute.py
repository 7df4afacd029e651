"""The tribute owed between deals (R-TRIBUTE-1) and its return (R-TRIBUTE-2).

:func:`tribute_obligations` lists the tribute (进贡) a deal's facts owe before the next
deal, in the profile's order, as :class:`Obligation` values; :func:`legal_tribute_cards`
/ :func:`legal_return_cards` say which cards may be paid and returned.  Re-exported by
:mod:`.scoring` (``score_deal`` puts the obligations in the deal's score).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from gojinotation.cards import Card, Rank
from gojinotation.model import SEATS, duitou
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine.scoring_facts import (
    DealFacts,
    ObligationKind,
    _check_seat,
    burn_points,
    chuan3hu_team,
    team,
)
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "TRIBUTE_RANKS",
    "Obligation",
    "is_legal_return",
    "is_legal_tribute",
    "legal_return_cards",
    "legal_tribute_cards",
    "may_refuse_return",
    "tribute_obligations",
]

#: Legal tribute cards, best first (001c: "大王、小王、2是法定贡牌").
TRIBUTE_RANKS: tuple[Rank, ...] = (Rank.BIG_JOKER, Rank.SMALL_JOKER, Rank.TWO)


@attrs.frozen
class Obligation:
    """One tribute (进贡) owed before the next deal (R-TRIBUTE-1).

    :ivar kind: ``dian`` 点贡 (不开点 -> 对头), ``shao`` 烧贡 (burned -> burner), ``bie3``
        憋3贡 (闷 victim -> implementer), ``luo`` 落贡 (大落 -> 头科 2 cards, 二落 -> 二科 1),
        ``chuan3hu`` (after 串三户 each loser pays his own 对头 1 card).
    :ivar payer: the seat that pays.
    :ivar receiver: the seat that receives (吃贡) and returns (还贡).
    :ivar count: number of cards.
    :ivar optional: payer and receiver are teammates: the 联邦 may agree not to pay
        (001c(五) "进贡在联邦中进行时，可自行商定是否进贡").

    >>> Obligation("luo", 6, 1, 2).describe("zh")
    '落贡: 6号向1号进贡2张'
    """

    kind: ObligationKind
    payer: int = attrs.field(validator=_check_seat)
    receiver: int = attrs.field(validator=_check_seat)
    count: int = attrs.field(validator=attrs.validators.ge(1))
    optional: bool = False
    rule_id: str = "R-TRIBUTE-1"

    def describe(self, lang: str = "en") -> str:
        """A one-line description in ``en`` or ``zh``."""
        if lang == "zh":
            opt = "（联邦内，可商定免贡）" if self.optional else ""
            kind = i18n.t("tribute." + self.kind, "zh")
            return f"{kind}: {self.payer}号向{self.receiver}号进贡{self.count}张{opt}"
        opt = " (within one team: may be waived)" if self.optional else ""
        card = "card" if self.count == 1 else "cards"
        return (
            f"{i18n.t('tribute.' + self.kind, 'en')}: seat {self.payer} pays seat {self.receiver} "
            f"{self.count} {card}{opt}"
        )


# --------------------------------------------------------------------------------------
# Tribute (R-TRIBUTE-1, R-TRIBUTE-2)
# --------------------------------------------------------------------------------------


def tribute_obligations(facts: DealFacts, rs: Ruleset) -> tuple[Obligation, ...]:
    """The tribute owed before the next deal, in the profile's order (``tribute.order``).

    Nothing is owed when ``tribute.mode`` is ``none`` or the deal is void.  Otherwise:

    * ``dian`` 点贡 (``kaidian.enabled`` and a tribute sanction, or ``dian`` in
      ``tribute.extra``): each unopened player pays his 对头 1 card; two unopened 对头 pay
      each other under ``kaidian.both_unopened = mutual`` and nothing under ``cancel``.
    * ``shao`` 烧贡 (``shao`` in ``tribute.extra``): the burned seat pays a successful
      burner 1 card; under ``points_per_card`` the count is the burn's
      :func:`burn_points` (at least 1), so ``score.bonus[fanshao] = 2`` doubles a 反烧
      (004b(5) "反烧计双倍分"); not between teammates unless ``score.lianbang_burn_scores``.
    * ``bie3`` 憋3贡 (``bie3`` in ``tribute.extra`` or ``bie3.men_score`` tribute1 /
      tribute_points): the 闷 victim pays the implementer 1 card; not between teammates
      unless ``bie3.men_teammate_scores``.
    * ``luo`` 落贡: 大落 pays 头科 2 cards, 二落 pays 二科 1.  After 串三户 there is no 落贡;
      with ``chuan3hu`` in ``tribute.extra`` each loser pays his own 对头 1 card instead
      (001c(七)).

    Payer and receiver on one team: the obligation is ``optional`` (001c(五)).

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> rs = Ruleset().with_overrides({"tribute.mode": "luo", "tribute.extra": "dian",
    ...                                "kaidian.enabled": True})
    >>> facts = DealFacts.from_order([1, 2, 3, 4, 5, 6], opened={
    ...     1: True, 2: False, 3: True, 4: True, 5: True, 6: True})
    >>> for ob in tribute_obligations(facts, rs):
    ...     print(ob.describe())
    点贡 (not opened): seat 2 pays seat 5 1 card
    落贡 (place): seat 6 pays seat 1 2 cards
    落贡 (place): seat 5 pays seat 2 1 card
    """
    if facts.void or rs.tribute.mode == "none":
        return ()
    extra = rs.tribute.extra
    points_mode = rs.tribute.mode == "points_per_card"
    found: list[Obligation] = []

    def owe(kind: ObligationKind, payer: int, receiver: int, count: int) -> None:
        found.append(
            Obligation(kind, payer, receiver, count, optional=team(payer) == team(receiver))
        )

    if rs.kaidian.enabled and (
        rs.kaidian.sanction in ("dian_tribute", "tribute_points") or "dian" in extra
    ):
        for unopened in facts.not_opened():
            if len(unopened) == 2:
                if rs.kaidian.both_unopened == "mutual":
                    a, b = unopened
                    owe("dian", a, b, 1)
                    owe("dian", b, a, 1)
                continue
            owe("dian", unopened[0], duitou(unopened[0]), 1)
    if "shao" in extra:
        for burn in facts.burns:
            if burn.outcome != "success":
                continue
            if burn.same_team and not rs.score.lianbang_burn_scores:
                continue
            count = max(1, burn_points(burn.level, rs.score.bonus)) if points_mode else 1
            owe("shao", burn.burned, burn.burner, count)
    if "bie3" in extra or rs.bie3.men_score in ("tribute1", "tribute_points"):
        for men in facts.men:
            if men.same_team and not rs.bie3.men_teammate_scores:
                continue
            owe("bie3", men.victim, men.by, 1)
    winner = chuan3hu_team(facts.places)
    if winner is not None:
        if "chuan3hu" in extra:
            for s in SEATS:
                if team(s) != winner:
                    owe("chuan3hu", s, duitou(s), 1)
    else:
        owe("luo", facts.seat_at(6), facts.seat_at(1), 2)
        owe("luo", facts.seat_at(5), facts.seat_at(2), 1)

    order: list[str] = list(rs.tribute.order)
    for k in ("dian", "shao", "bie3", "luo"):
        if k not in order:
            order.append(k)

    def rank(ob: Obligation) -> int:
        return order.index("luo" if ob.kind == "chuan3hu" else ob.kind)

    return tuple(sorted(found, key=rank))


def _rank_key(card: Card) -> int:
    return int(card.rank) if card.rank is not None else 0


def legal_tribute_cards(hand: Iterable[Card], count: int, rs: Ruleset) -> tuple[Card, ...]:
    """The cards a payer must hand over for a tribute of ``count`` cards (R-TRIBUTE-1).

    Only 大王, 小王 and 2 are legal tribute cards, the highest first (001c(一)).  A payer
    who holds fewer pays what he holds (``tribute.no_legal_card = skip``: the rest is
    waived) or makes up the count with his highest other cards (``must_pay``, the "版贡"
    variant of 001c(二)).  Suits never matter: compare by rank (:func:`is_legal_tribute`).

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> from gojinotation.cards import parse_cards, format_cards
    >>> hand = parse_cards("X22AAK33")
    >>> format_cards(legal_tribute_cards(hand, 2, Ruleset()))
    'X2'
    >>> format_cards(legal_tribute_cards(parse_cards("AAK33"), 2, Ruleset()))
    ''
    >>> rs = Ruleset().with_overrides({"tribute.no_legal_card": "must_pay"})
    >>> format_cards(legal_tribute_cards(parse_cards("2AAK33"), 2, rs))
    '2A'
    """
    known = sorted((c for c in hand if c.rank is not None), key=_rank_key, reverse=True)
    legal = [c for c in known if c.rank in TRIBUTE_RANKS]
    chosen = legal[:count]
    if len(chosen) < count and rs.tribute.no_legal_card == "must_pay":
        rest = [c for c in known if c.rank not in TRIBUTE_RANKS]
        chosen += rest[: count - len(chosen)]
    return tuple(chosen)


def _ranks(cards: Iterable[Card]) -> Counter[Rank | None]:
    return Counter(c.rank for c in cards)


def _contains(hand: Iterable[Card], cards: Iterable[Card]) -> bool:
    """Whether ``cards`` can be taken from ``hand`` (by rank; suits only when both give one)."""
    pool = list(hand)
    for c in cards:
        match = next((h for h in pool if h == c), None)
        if match is None and c.suit is None:
            match = next((h for h in pool if h.rank == c.rank), None)
        if match is None and c.rank is None:
            match = pool[0] if pool else None
        if match is None:
            return False
        pool.remove(match)
    return True


def is_legal_tribute(hand: Iterable[Card], paid: Sequence[Card], count: int, rs: Ruleset) -> bool:
    """Whether ``paid`` is a legal tribute of ``count`` cards from ``hand`` (by rank).

    Unknown cards (``?``) in ``paid`` are accepted for any rank the rule asks for.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> from gojinotation.cards import parse_cards
    >>> hand = parse_cards("DX2AA")
    >>> is_legal_tribute(hand, parse_cards("DX"), 2, Ruleset())
    True
    >>> is_legal_tribute(hand, parse_cards("D2"), 2, Ruleset())
    False
    """
    hand = list(hand)
    want = _ranks(legal_tribute_cards(hand, count, rs))
    got = _ranks(paid)
    unknown = got.pop(None, 0)
    if sum(want.values()) != len(paid):
        return False
    missing = want - got
    if got - want:
        return False
    return sum(missing.values()) == unknown and _contains(hand, paid)


def legal_return_cards(hand: Iterable[Card], count: int, rs: Ruleset) -> tuple[Card, ...]:
    """The cards a receiver may return (还贡, R-TRIBUTE-2), lowest first; pick ``count``.

    The documents ask for "相同数量的小点牌" (001c(十二)): as many cards as received, low
    ones, usually singles.  "Low" is not defined; this engine accepts any card below the
    legal tribute cards (not 大王, 小王 or 2) **[default]**.  Nothing is returned under
    ``tribute.return = none``.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> from gojinotation.cards import parse_cards, format_cards
    >>> format_cards(legal_return_cards(parse_cards("D2AK3"), 2, Ruleset()))
    'AK3'
    >>> legal_return_cards(parse_cards("D2AK3"), 2, Ruleset().with_overrides(
    ...     {"tribute.return": "none"}))
    ()
    """
    if rs.tribute.return_ == "none" or count <= 0:
        return ()
    return tuple(
        sorted(
            (c for c in hand if c.rank is not None and c.rank not in TRIBUTE_RANKS),
            key=_rank_key,
        )
    )


def is_legal_return(
    hand: Iterable[Card], returned: Sequence[Card], count: int, rs: Ruleset
) -> bool:
    """Whether ``returned`` is a legal 还贡 for a tribute of ``count`` cards.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> from gojinotation.cards import parse_cards
    >>> hand = parse_cards("D2AK3")
    >>> is_legal_return(hand, parse_cards("K3"), 2, Ruleset())
    True
    >>> is_legal_return(hand, parse_cards("23"), 2, Ruleset())
    False
    >>> is_legal_return(hand, parse_cards("3"), 2, Ruleset())
    False
    """
    hand = list(hand)
    if rs.tribute.return_ == "none":
        return len(returned) == 0
    if len(returned) != count:
        return False
    if any(c.rank in TRIBUTE_RANKS for c in returned):
        return False
    return _contains(hand, returned)


def may_refuse_return(payer_hand: Iterable[Card], card: Card) -> bool:
    """Whether the payer may refuse a returned ``card`` and ask for another (001c(四)).

    He may when he holds no card of that rank.

    >>> from gojinotation.cards import parse_cards
    >>> may_refuse_return(parse_cards("99KK"), Card(Rank.FIVE)), may_refuse_return(
    ...     parse_cards("99KK"), Card(Rank.NINE))
    (True, False)
    """
    return all(c.rank != card.rank for c in payer_hand)
