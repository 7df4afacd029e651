"""The facts of a deal that scoring reads, and the values every part of scoring shares.

Teams (``A`` = seats 1, 3, 5; ``B`` = seats 2, 4, 6), place names and the place-scoring
schemes of the documents; :class:`DealFacts` (places, 开点 status, burns, 闷, 二杀一, 革命,
penalties) as the engine reports them at the end of a deal; :func:`chuan3hu_team` (串三户)
and :func:`burn_points`.  :mod:`.scoring` scores the facts and :mod:`.scoring_tribute`
says what tribute they owe; :mod:`.scoring` re-exports every public name of this module,
so ``from gojinotation_analyzer.engine.scoring import X`` works for each.

>>> f = DealFacts.from_order([1, 3, 5, 2, 4, 6])
>>> chuan3hu_team(f.places), team(2), PLACE_ZH[0]
('A', 'B', '头科')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from gojinotation.model import SEATS, duitou
from gojinotation_analyzer import i18n

__all__ = [
    "PLACE_EN",
    "PLACE_SCHEMES",
    "PLACE_ZH",
    "TEAMS",
    "BurnFact",
    "BurnOutcome",
    "DealFacts",
    "ErShaYiFact",
    "MenFact",
    "ObligationKind",
    "PenaltyFact",
    "Team",
    "burn_points",
    "chuan3hu_team",
    "place_scheme",
    "team",
]

Team = Literal["A", "B"]
TEAMS: tuple[Team, Team] = ("A", "B")
BurnOutcome = Literal["success", "failed", "lifted", "fake"]
ObligationKind = Literal["dian", "shao", "bie3", "luo", "chuan3hu"]

#: Chinese place names, index 0 = place 1 (头科) ... index 5 = place 6 (大落).
PLACE_ZH: tuple[str, ...] = i18n.PLACES["zh"]
#: English place labels, same indexing.
PLACE_EN: tuple[str, ...] = tuple(f"place {i} ({zh})" for i, zh in enumerate(PLACE_ZH, 1))

#: The six place-scoring schemes of the documents (catalog T26).  ``None`` marks a value the
#: source leaves out: S-5421 (000§A) gives no 二落 value, so a profile must choose one.
PLACE_SCHEMES: Mapping[str, tuple[int | None, ...]] = {
    "S-4202": (4, 2, 0, 0, -2, -4),
    "S-543210": (5, 4, 3, 2, 1, 0),
    "S-654321": (6, 5, 4, 3, 2, 1),
    "S-543321": (5, 4, 3, 3, 2, 1),
    "S-21012": (2, 1, 0, 0, -1, -2),
    "S-5421": (5, 4, 2, 2, None, 1),
}


def team(seat: int) -> Team:
    """The team of ``seat``: ``'A'`` for 1, 3, 5 and ``'B'`` for 2, 4, 6.

    >>> team(5), team(2)
    ('A', 'B')
    """
    return "A" if seat % 2 == 1 else "B"


def _other(t: Team) -> Team:
    return "B" if t == "A" else "A"


def place_scheme(
    scheme_id: str, *, erluo: int | None = None
) -> tuple[int, int, int, int, int, int]:
    """The six place values of a named scheme (头科 ... 大落), for ``score.place``.

    S-5421 has no 二落 value in its source (000§A); pass ``erluo`` to fill the gap.

    >>> place_scheme("S-543210")
    (5, 4, 3, 2, 1, 0)
    >>> place_scheme("S-5421", erluo=1)
    (5, 4, 2, 2, 1, 1)
    >>> place_scheme("S-5421")
    Traceback (most recent call last):
    ...
    ValueError: S-5421: the 二落 value is not given by the source; pass erluo=...
    """
    values = PLACE_SCHEMES[scheme_id]
    out = [erluo if v is None else v for v in values]
    if any(v is None for v in out):
        raise ValueError(f"{scheme_id}: the 二落 value is not given by the source; pass erluo=...")
    a, b, c, d, e, f = (int(v) for v in out if v is not None)
    return (a, b, c, d, e, f)


# --------------------------------------------------------------------------------------
# Facts reported by the engine
# --------------------------------------------------------------------------------------


def _check_seat(_inst: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in SEATS:
        raise ValueError(f"{attribute.name}: seat {value} is not 1-6")


def _differs(other: str) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(inst: object, attribute: attrs.Attribute[int], value: int) -> None:
        if getattr(inst, other) == value:
            raise ValueError(f"{attribute.name} and {other} must be different seats")

    return check


@attrs.frozen
class BurnFact:
    """One declared burn (烧牌) and how it ended.

    :ivar burner: the seat that declared 烧牌.
    :ivar burned: the seat whose set was burned: the player of the 够级 set for a first burn
        (level 1), the previous burner for a 反烧 (level 2, 3 ...).
    :ivar outcome: ``success`` (the burn stood, judged by ``burn.success``), ``failed``
        (烧糊: the burner could not finish, he is 大落), ``lifted`` (解烧: his 对头 beat one of
        his sets, or another player burned him; no points either way), ``fake`` (假烧: the
        declared set could not even beat the 够级 set).
    :ivar level: 1 = 烧, 2 = 反烧, 3 = 再反烧, and so on.

    >>> b = BurnFact(burner=2, burned=4)
    >>> b.outcome, b.level, b.same_team
    ('success', 1, True)
    """

    burner: int = attrs.field(validator=_check_seat)
    burned: int = attrs.field(validator=[_check_seat, _differs("burner")])
    outcome: BurnOutcome = "success"
    level: int = attrs.field(default=1, validator=attrs.validators.ge(1))

    @property
    def same_team(self) -> bool:
        """True when the burner burned a teammate's set (联邦之间烧牌)."""
        return team(self.burner) == team(self.burned)


@attrs.frozen
class MenFact:
    """One 闷 (被憋3): ``victim``'s last non-3 set was beaten by ``by``.

    :ivar victim: the seat left holding only 3s.
    :ivar by: the seat whose play beat the victim's last non-3 set (the 闷人者).
    :ivar order: 1 for the first 闷 of the deal (he is 大落), 2 for the second (二落) ...

    >>> MenFact(victim=2, by=3, order=1).same_team
    False
    """

    victim: int = attrs.field(validator=_check_seat)
    by: int = attrs.field(validator=[_check_seat, _differs("victim")])
    order: int = attrs.field(default=1, validator=attrs.validators.ge(1))

    @property
    def same_team(self) -> bool:
        """True when the victim was 闷 by his own teammate."""
        return team(self.victim) == team(self.by)


@attrs.frozen
class ErShaYiFact:
    """二杀一: ``killer`` beat ``victim``'s single 大王 with two 大王."""

    killer: int = attrs.field(validator=_check_seat)
    victim: int = attrs.field(validator=[_check_seat, _differs("killer")])


@attrs.frozen
class PenaltyFact:
    """A conduct penalty.

    :ivar seat: the penalised seat.
    :ivar points: signed points (``-2`` deducts two, as in the record's ``Penalty``), or
        ``None`` for "the profile's scale" (``penalty.violation_points``).
    :ivar reason: free text.
    :ivar offence: for ``points=None``: which offence of this seat in the match it is
        (1 = first).  ``None`` counts the seat's scale penalties inside this deal only.

    >>> PenaltyFact(3, -1, "asked for a count")
    PenaltyFact(seat=3, points=-1, reason='asked for a count', offence=None)
    """

    seat: int = attrs.field(validator=_check_seat)
    points: int | None = None
    reason: str = ""
    offence: int | None = None


def _burns(items: Iterable[BurnFact]) -> tuple[BurnFact, ...]:
    return tuple(items)


def _men(items: Iterable[MenFact]) -> tuple[MenFact, ...]:
    return tuple(items)


def _ershayi(items: Iterable[ErShaYiFact | tuple[int, int]]) -> tuple[ErShaYiFact, ...]:
    return tuple(i if isinstance(i, ErShaYiFact) else ErShaYiFact(*i) for i in items)


def _penalties(
    items: Iterable[PenaltyFact | tuple[int, int | None, str]],
) -> tuple[PenaltyFact, ...]:
    return tuple(i if isinstance(i, PenaltyFact) else PenaltyFact(*i) for i in items)


def _seat_tuple(items: Iterable[int]) -> tuple[int, ...]:
    return tuple(items)


def _int_map(m: Mapping[int, int]) -> Mapping[int, int]:
    return dict(sorted(m.items()))


def _opened_map(m: Mapping[int, bool | None]) -> Mapping[int, bool | None]:
    return {s: m.get(s) for s in SEATS}


@attrs.frozen
class DealFacts:
    """What the engine reports at the end of a deal: everything scoring needs, nothing else.

    :ivar places: seat -> place, 1 = 头科 ... 6 = 大落, after every forced place (烧糊/假烧
        -> 大落, 闷 order, 革命 -> 四科 or 三科).  A permutation of 1-6; empty only when the
        deal is void.
    :ivar opened: seat -> 开点 status at the end (``True`` opened, ``False`` 不开点, ``None``
        where 开点 is not played or not judged).  Missing seats are ``None``.
    :ivar burns: every declared burn, in order (:class:`BurnFact`).
    :ivar men: every 闷, in order (:class:`MenFact`).
    :ivar ershayi: every 二杀一 (:class:`ErShaYiFact` or ``(killer, victim)``).
    :ivar revolutions: seats that declared 革命 (they also appear in ``places``).
    :ivar penalties: conduct penalties (:class:`PenaltyFact` or ``(seat, points, reason)``).
    :ivar void: the deal is void (e.g. two 革命): no place points, no bonuses, no tribute;
        conduct penalties still count.

    >>> f = DealFacts.from_order([4, 1, 2, 3, 6, 5], opened={4: True, 1: False})
    >>> f.places[4], f.places[5], f.opened[1], f.opened[2]
    (1, 6, False, None)
    >>> DealFacts(places={1: 1, 2: 1, 3: 3, 4: 4, 5: 5, 6: 6})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: places must give seats 1-6 the places 1-6 once each, got {1: 1, 2: 1, ...}
    """

    places: Mapping[int, int] = attrs.field(converter=_int_map, hash=False)
    opened: Mapping[int, bool | None] = attrs.field(factory=dict, converter=_opened_map, hash=False)
    burns: tuple[BurnFact, ...] = attrs.field(default=(), converter=_burns)
    men: tuple[MenFact, ...] = attrs.field(default=(), converter=_men)
    ershayi: tuple[ErShaYiFact, ...] = attrs.field(default=(), converter=_ershayi)
    revolutions: tuple[int, ...] = attrs.field(default=(), converter=_seat_tuple)
    penalties: tuple[PenaltyFact, ...] = attrs.field(default=(), converter=_penalties)
    void: bool = False

    @places.validator
    def _check_places(self, _a: attrs.Attribute[Mapping[int, int]], v: Mapping[int, int]) -> None:
        if self.void and not v:
            return
        if sorted(v) != list(SEATS) or sorted(v.values()) != list(SEATS):
            raise ValueError(f"places must give seats 1-6 the places 1-6 once each, got {v}")

    @classmethod
    def from_order(
        cls,
        order: Sequence[int],
        **kwargs: Any,
    ) -> DealFacts:
        """Facts whose places follow ``order`` (the seat of 头科 first, of 大落 last).

        Other fields are passed through as keywords.

        >>> DealFacts.from_order([3, 1, 5, 2, 4, 6]).places[3]
        1
        """
        return cls({seat: i for i, seat in enumerate(order, 1)}, **kwargs)

    def seat_at(self, place: int) -> int:
        """The seat that took ``place`` (1 = 头科).

        >>> DealFacts.from_order([3, 1, 5, 2, 4, 6]).seat_at(6)
        6
        """
        for seat, p in self.places.items():
            if p == place:
                return seat
        raise KeyError(place)

    def not_opened(self) -> list[tuple[int, ...]]:
        """不开点 by pair of 对头 (R-KAIDIAN-5), for each pair whose openings are both
        known and not both opened: ``(a, b)`` when neither opened, else ``(seat,)``, the
        one that did not.  What the point sanctions and 点贡 are paid on.

        >>> DealFacts.from_order([1, 2, 3, 4, 5, 6], opened={
        ...     1: False, 4: False, 2: True, 5: False, 3: True}).not_opened()
        [(1, 4), (5,)]
        """
        out: list[tuple[int, ...]] = []
        for a in (1, 2, 3):
            b = duitou(a)
            oa, ob = self.opened.get(a), self.opened.get(b)
            if oa is None or ob is None or (oa and ob):
                continue
            out.append((a, b) if not oa and not ob else (a if not oa else b,))
        return out


def chuan3hu_team(places: Mapping[int, int]) -> Team | None:
    """The team that took 头科, 二科 and 三科 (串三户, T25), or ``None``.

    Detection uses the final places only, so a 革命 player counted as 三科 behind his two
    teammates makes 串三户 (004b(13): 革命 "不影响对方串三户").

    >>> chuan3hu_team({1: 1, 3: 2, 5: 3, 2: 4, 4: 5, 6: 6})
    'A'
    >>> chuan3hu_team({1: 1, 3: 2, 2: 3, 5: 4, 4: 5, 6: 6}) is None
    True
    """
    top = {s for s, p in places.items() if p <= 3}
    teams = {team(s) for s in top}
    if len(top) == 3 and len(teams) == 1:
        return teams.pop()
    return None


# --------------------------------------------------------------------------------------
# Points of a burn (R-SCORE-4; a burn's tribute counts them too)
# --------------------------------------------------------------------------------------


def burn_points(level: int, bonus: Mapping[str, int]) -> int:
    """Points of a successful burn of ``level`` under the ``score.bonus`` map.

    Level 1 is ``shao``, level 2 ``fanshao`` (``shao`` if that is 0: a 反烧 is still a
    burn), level 3 ``zaifanshao`` (else the level-2 value); beyond that each level adds the
    step from ``fanshao`` to ``zaifanshao`` (000§A "依次递增1分").

    >>> dasai = {"shao": 1, "fanshao": 2, "zaifanshao": 3}
    >>> [burn_points(n, dasai) for n in (1, 2, 3, 4, 5)]
    [1, 2, 3, 4, 5]
    >>> [burn_points(n, {"shao": 1}) for n in (1, 2, 3)]
    [1, 1, 1]
    """
    shao = bonus.get("shao", 0)
    fan = bonus.get("fanshao", 0) or shao
    zai = bonus.get("zaifanshao", 0)
    if level <= 1:
        return shao
    if level == 2:
        return fan
    if not zai:
        return fan
    step = zai - fan if fan else 0
    return zai + (level - 3) * step
