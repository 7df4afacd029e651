"""Scoring of one deal, and the tribute owed between deals: pure functions, no play logic.

The engine reports what happened in a deal as :class:`DealFacts` (places, 开点 status,
burns, 闷, 二杀一, 革命, penalties).  :func:`score_deal` turns the facts into points under a
:class:`~gojinotation_analyzer.rules.ruleset.Ruleset` and explains every point in a breakdown of
:class:`ScoreEntry` values (rule id, seat or team, points, English, Chinese).
:func:`tribute_obligations` lists the tribute (进贡) owed before the next deal, in the
profile's order, and :func:`legal_tribute_cards` / :func:`legal_return_cards` say which
cards may be paid and returned.  Match totals and tie-breaks live in :mod:`engine.match`.

Seats are 1-6; team ``A`` = seats 1, 3, 5 and team ``B`` = seats 2, 4, 6; places are
1 = 头科 ... 6 = 大落.

>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> facts = DealFacts.from_order([1, 2, 4, 3, 6, 5])      # seat 1 头科 ... seat 5 大落
>>> s = score_deal(facts, Ruleset())                       # S-4202: 4, 2, 0, 0, -2, -4
>>> dict(s.seat_points)
{1: 4, 2: 2, 3: 0, 4: 0, 5: -4, 6: -2}
>>> dict(s.team_points)
{'A': 0, 'B': 0}

串三户 (one team takes places 1, 2, 3) doubles the place points under ``qingdao-standard``:

>>> s = score_deal(DealFacts.from_order([1, 3, 5, 2, 4, 6]), Ruleset())
>>> s.chuan3hu, dict(s.team_points)
('A', {'A': 12, 'B': -12})
>>> print(s.explain("en"))  # doctest: +NORMALIZE_WHITESPACE
R-SCORE-1 seat 1: +4  place 1 (头科)
R-SCORE-1 seat 2: +0  place 4 (四科)
R-SCORE-1 seat 3: +2  place 2 (二科)
R-SCORE-1 seat 4: -2  place 5 (二落)
R-SCORE-1 seat 5: +0  place 3 (三科)
R-SCORE-1 seat 6: -4  place 6 (大落)
R-SCORE-2 seat 1: +4  串三户 (team A took places 1-3): place points doubled
R-SCORE-2 seat 3: +2  串三户 (team A took places 1-3): place points doubled
R-SCORE-2 seat 4: -2  串三户 (team A took places 1-3): place points doubled
R-SCORE-2 seat 6: -4  串三户 (team A took places 1-3): place points doubled
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from gojinotation.cards import Card, Rank
from gojinotation.model import SEATS, duitou
from gojinotation_analyzer import i18n
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "PLACE_EN",
    "PLACE_SCHEMES",
    "PLACE_ZH",
    "TEAMS",
    "TRIBUTE_RANKS",
    "BurnFact",
    "BurnOutcome",
    "DealFacts",
    "DealScore",
    "ErShaYiFact",
    "MenFact",
    "Obligation",
    "ObligationKind",
    "PenaltyFact",
    "ScoreEntry",
    "Team",
    "burn_points",
    "chuan3hu_team",
    "is_legal_return",
    "is_legal_tribute",
    "legal_return_cards",
    "legal_tribute_cards",
    "may_refuse_return",
    "place_scheme",
    "score_deal",
    "team",
    "tribute_obligations",
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

#: Legal tribute cards, best first (001c: "大王、小王、2是法定贡牌").
TRIBUTE_RANKS: tuple[Rank, ...] = (Rank.BIG_JOKER, Rank.SMALL_JOKER, Rank.TWO)


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
# Breakdown and result
# --------------------------------------------------------------------------------------


@attrs.frozen
class ScoreEntry:
    """One line of a score breakdown: who gets how many points, and why.

    :ivar rule_id: the rule that gives the points (``R-SCORE-1`` ...).
    :ivar target: a seat (1-6) or a team (``'A'`` / ``'B'``) for team-level points
        (串三户 fixed scores, 只记正分).
    :ivar points: signed points (0 for an explanatory note).
    :ivar en: the reason in English.
    :ivar zh: the reason in Chinese.
    """

    rule_id: str
    target: int | Team
    points: int
    en: str
    zh: str

    @property
    def team(self) -> Team:
        """The team the points count for."""
        return self.target if isinstance(self.target, str) else team(self.target)

    @property
    def seat(self) -> int | None:
        """The seat, or ``None`` for a team-level entry."""
        return self.target if isinstance(self.target, int) else None

    def format(self, lang: str = "en") -> str:
        """One line: rule id, seat or team, signed points, reason.

        >>> ScoreEntry("R-SCORE-1", 3, 2, "place 2 (二科)", "二科").format("zh")
        'R-SCORE-1 3号: +2  二科'
        """
        if lang == "zh":
            who = f"{self.target}号" if isinstance(self.target, int) else f"{self.target}方"
            return f"{self.rule_id} {who}: {self.points:+d}  {self.zh}"
        who = f"seat {self.target}" if isinstance(self.target, int) else f"team {self.target}"
        return f"{self.rule_id} {who}: {self.points:+d}  {self.en}"


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


@attrs.frozen
class DealScore:
    """The score of one deal.

    :ivar seat_points: seat -> points from seat-level entries.
    :ivar team_points: team -> points recorded for the deal (after a per-hand 只记正分).
    :ivar team_net: team -> points before 只记正分: the sum of its seats' points plus its
        team-level entries.
    :ivar breakdown: every entry, in scoring order; per team they add up to
        ``team_points``.
    :ivar obligations: the tribute owed before the next deal (:func:`tribute_obligations`).
    :ivar places: the deal's places (for match tie-breaks: 头科 and 大落 counts).
    :ivar chuan3hu: the team that took places 1-3, or ``None``.
    :ivar void: the deal was void.
    :ivar disqualified: seats whose penalty scale reached disqualification (DQ).
    """

    seat_points: Mapping[int, int] = attrs.field(hash=False)
    team_points: Mapping[Team, int] = attrs.field(hash=False)
    team_net: Mapping[Team, int] = attrs.field(hash=False)
    breakdown: tuple[ScoreEntry, ...]
    obligations: tuple[Obligation, ...] = ()
    places: Mapping[int, int] = attrs.field(factory=dict, hash=False)
    chuan3hu: Team | None = None
    void: bool = False
    disqualified: tuple[int, ...] = ()

    def entries(self, rule_id: str) -> tuple[ScoreEntry, ...]:
        """The breakdown entries of one rule id."""
        return tuple(e for e in self.breakdown if e.rule_id == rule_id)

    def points_by_rule(self, rule_id: str) -> dict[Team, int]:
        """Team -> points given by one rule id.

        >>> from gojinotation_analyzer.rules.ruleset import Ruleset
        >>> score_deal(DealFacts.from_order([1, 3, 5, 2, 4, 6]), Ruleset()).points_by_rule(
        ...     "R-SCORE-2")
        {'A': 6, 'B': -6}
        """
        out: dict[Team, int] = {"A": 0, "B": 0}
        for e in self.entries(rule_id):
            out[e.team] += e.points
        return out

    def explain(self, lang: str = "en") -> str:
        """The breakdown, one entry a line."""
        return "\n".join(e.format(lang) for e in self.breakdown)


# --------------------------------------------------------------------------------------
# score_deal
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


#: Magnitude implied by each point-based 不开点 sanction when ``score.bonus[dian]`` is 0.
_DIAN_DEFAULT = {"pm2_pair": 2, "minus1": 1, "pm1": 1, "plus1_opener": 1}


def _dian_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    """不开点 sanctions paid in points (R-KAIDIAN-5)."""
    if not rs.kaidian.enabled:
        return []
    sanction: str = rs.kaidian.sanction
    bonus = rs.score.bonus.get("dian", 0)
    if sanction not in _DIAN_DEFAULT:
        if sanction == "none" and bonus:
            sanction = "pm1" if rs.score.bonus_zero_sum else "plus1_opener"
        else:
            return []  # none, or a tribute sanction (see tribute_obligations)
    m = bonus or _DIAN_DEFAULT[sanction]
    out: list[ScoreEntry] = []
    for a in (1, 2, 3):
        b = duitou(a)
        oa, ob = facts.opened.get(a), facts.opened.get(b)
        if oa is None or ob is None or (oa and ob):
            continue
        if not oa and not ob:
            for s in (a, b):
                out.append(
                    ScoreEntry(
                        "R-KAIDIAN-5",
                        s,
                        0,
                        f"not opened, and neither did his 对头 seat {duitou(s)}: no points",
                        f"不开点，对头{duitou(s)}号亦不开点：不加减分",
                    )
                )
            continue
        u = a if not oa else b
        o = duitou(u)
        if sanction in ("pm2_pair", "pm1", "plus1_opener"):
            out.append(
                ScoreEntry(
                    "R-KAIDIAN-5",
                    o,
                    m,
                    f"kept his 对头 seat {u} from opening (不开点)",
                    f"使对头{u}号不开点",
                )
            )
        if sanction in ("pm2_pair", "pm1", "minus1"):
            out.append(
                ScoreEntry(
                    "R-KAIDIAN-5",
                    u,
                    -m,
                    f"not opened (不开点) while his 对头 seat {o} opened",
                    f"不开点（对头{o}号已开点）",
                )
            )
    return out


def _as_tribute_points(rs: Ruleset, kind: str) -> bool:
    """Under ``points_per_card`` an event that owes tribute scores through its tribute only."""
    if rs.tribute.mode != "points_per_card":
        return False
    if kind == "shao":
        return "shao" in rs.tribute.extra
    return "bie3" in rs.tribute.extra or rs.bie3.men_score in ("tribute1", "tribute_points")


def _burn_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    out: list[ScoreEntry] = []
    if _as_tribute_points(rs, "shao"):
        return out
    for b in facts.burns:
        v = burn_points(b.level, rs.score.bonus)
        if not v:
            continue
        key = f"burn.level.{b.level if b.level in (1, 2, 3) else 'n'}"
        zh, en = i18n.t(key, "zh", level=b.level), i18n.t(key, "en", level=b.level)
        if b.outcome != "success":
            label = i18n.t(f"burn.outcome.{b.outcome}", "zh")
            out.append(
                ScoreEntry(
                    "R-SCORE-4",
                    b.burner,
                    0,
                    f"{en} of seat {b.burned} did not succeed ({label}): no points",
                    f"{zh}{b.burned}号未成功（{label}）：不计分",
                )
            )
            continue
        if b.same_team and not rs.score.lianbang_burn_scores:
            out.append(
                ScoreEntry(
                    "R-SCORE-4",
                    b.burner,
                    0,
                    f"{en} of teammate seat {b.burned}: no points between teammates",
                    f"{zh}同伙{b.burned}号：联邦之间不计分",
                )
            )
            continue
        out.append(
            ScoreEntry("R-SCORE-4", b.burner, v, f"{en} of seat {b.burned}", f"{zh}{b.burned}号")
        )
        if rs.score.bonus_zero_sum:
            out.append(
                ScoreEntry(
                    "R-SCORE-4",
                    b.burned,
                    -v,
                    f"burned by seat {b.burner} ({zh})",
                    f"被{b.burner}号{zh}",
                )
            )
    return out


def _men_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    mode: str = rs.bie3.men_score
    m = rs.score.bonus.get("men", 0) or (1 if mode in ("plus1", "pm1") else 0)
    if not m or _as_tribute_points(rs, "bie3"):
        return []
    zero_sum = mode == "pm1" or rs.score.bonus_zero_sum
    out: list[ScoreEntry] = []
    for f in facts.men:
        if f.same_team and not rs.bie3.men_teammate_scores:
            out.append(
                ScoreEntry(
                    "R-SCORE-4",
                    f.by,
                    0,
                    f"闷 of teammate seat {f.victim}: no points",
                    f"闷同伙{f.victim}号：不计分",
                )
            )
            continue
        out.append(
            ScoreEntry("R-SCORE-4", f.by, m, f"闷 seat {f.victim} (憋3)", f"闷{f.victim}号（憋3）")
        )
        if zero_sum:
            out.append(ScoreEntry("R-SCORE-4", f.victim, -m, f"闷 by seat {f.by}", f"被{f.by}号闷"))
    return out


def _ershayi_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    v = rs.score.bonus.get("ershayi", 0)
    out: list[ScoreEntry] = []
    if not v:
        return out
    for e in facts.ershayi:
        out.append(
            ScoreEntry(
                "R-SCORE-4",
                e.killer,
                v,
                f"二杀一: two 大王 over seat {e.victim}'s 大王",
                f"二杀一：双大王杀{e.victim}号的大王",
            )
        )
        if rs.score.bonus_zero_sum:
            out.append(
                ScoreEntry(
                    "R-SCORE-4",
                    e.victim,
                    -v,
                    f"大王 killed by seat {e.killer} (二杀一)",
                    f"大王被{e.killer}号二杀一",
                )
            )
    return out


def _place_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    out: list[ScoreEntry] = []
    for seat in SEATS:
        p = facts.places[seat]
        extra_en = " (革命)" if seat in facts.revolutions else ""
        extra_zh = "（革命）" if seat in facts.revolutions else ""
        out.append(
            ScoreEntry(
                "R-SCORE-1",
                seat,
                rs.score.place[p - 1],
                PLACE_EN[p - 1] + extra_en,
                PLACE_ZH[p - 1] + extra_zh,
            )
        )
    return out


def _chuan3hu_entries(
    facts: DealFacts, rs: Ruleset, winner: Team, places: list[ScoreEntry]
) -> list[ScoreEntry]:
    mode: str = rs.score.chuan3hu
    loser = _other(winner)
    en0 = f"串三户 (team {winner} took places 1-3)"
    zh0 = f"串三户（{winner}方包揽头科、二科、三科）"
    if mode == "double":
        return [
            ScoreEntry(
                "R-SCORE-2", e.target, e.points, f"{en0}: place points doubled", f"{zh0}：分数加倍"
            )
            for e in places
            if e.points
        ]
    if mode in ("fixed_8_0", "fixed_9_0"):
        fixed = 8 if mode == "fixed_8_0" else 9
        out = []
        for t, target in ((winner, fixed), (loser, 0)):
            have = sum(e.points for e in places if e.team == t)
            out.append(
                ScoreEntry(
                    "R-SCORE-2",
                    t,
                    target - have,
                    f"{en0}: team {t} scores {target} instead of {have}",
                    f"{zh0}：{t}方计{target}分（原{have}分）",
                )
            )
        return out
    return [
        ScoreEntry(
            "R-SCORE-2",
            winner,
            0,
            f"{en0}: no change to the points",
            f"{zh0}：得分不翻倍",
        )
    ]


def _scale_penalty(rs: Ruleset, offence: int) -> int | None:
    """Points (signed) of the ``offence``-th violation, or ``None`` for DQ."""
    scale = rs.penalty.violation_points
    if not scale:
        return 0
    v = scale[min(offence, len(scale)) - 1]
    if v == "DQ":
        return None
    return -int(v)


def _penalty_entries(facts: DealFacts, rs: Ruleset) -> tuple[list[ScoreEntry], list[int]]:
    out: list[ScoreEntry] = []
    dq: list[int] = []
    seen: Counter[int] = Counter()
    for p in facts.penalties:
        if p.points is not None:
            pts: int | None = p.points
        else:
            seen[p.seat] += 1
            pts = _scale_penalty(rs, p.offence or seen[p.seat])
        reason = f": {p.reason}" if p.reason else ""
        if pts is None:
            dq.append(p.seat)
            out.append(
                ScoreEntry(
                    "R-PENALTY-1", p.seat, 0, f"disqualified{reason}", f"取消比赛资格{reason}"
                )
            )
        else:
            out.append(ScoreEntry("R-PENALTY-1", p.seat, pts, f"penalty{reason}", f"罚分{reason}"))
    return out, dq


def score_deal(facts: DealFacts, rs: Ruleset) -> DealScore:
    """Score one deal under ``rs``.

    The breakdown, in order: place points (R-SCORE-1); 串三户 (R-SCORE-2); 不开点
    sanctions in points (R-KAIDIAN-5); burn, 闷 and 二杀一 bonuses (R-SCORE-4); tribute
    converted to points under ``tribute.mode = points_per_card`` (R-TRIBUTE-1: 1 point per
    card to the receiver; an event that owes tribute then scores through it only); a per-hand
    只记正分 (R-SCORE-3); conduct penalties (R-PENALTY-1, after 只记正分 so that a penalty
    always costs).  A per-game 只记正分 is applied by :class:`engine.match.MatchTable`.

    串三户 (``score.chuan3hu``): ``double`` doubles the place points only (bonuses are not
    doubled) **[default]**; ``fixed_8_0`` / ``fixed_9_0`` replace the two teams' place
    points by 8 (9) and 0 with a team-level entry each, bonuses and tribute points still
    count (004b(12) "串三户不免点…点贡分另外计算"); ``no_change`` adds a note only.

    Bonuses (catalog T27):

    * 不开点 (``kaidian.enabled``): ``kaidian.sanction`` gives the shape -- ``pm2_pair`` (the
      opener +m, the unopened -m), ``pm1``, ``minus1`` (unopened -m), ``plus1_opener``
      (opener +m); ``dian_tribute`` and ``tribute_points`` are tribute (:class:`Obligation`).
      m is ``score.bonus[dian]``, or 2 / 1 as the sanction's name says when that is 0.  When
      both 对头 are unopened a point sanction gives 0 to both (nobody kept the other unopened);
      a tribute sanction follows ``kaidian.both_unopened``.
    * 烧: :func:`burn_points` of the level to the burner, and minus that to the burned seat
      if ``score.bonus_zero_sum``; only ``success`` scores; a teammate's set scores only if
      ``score.lianbang_burn_scores``.
    * 闷: ``score.bonus[men]`` (or 1 for ``bie3.men_score`` plus1 / pm1) to the implementer,
      zero-sum for ``pm1`` or ``score.bonus_zero_sum``; a teammate's 闷 scores only if
      ``bie3.men_teammate_scores``.
    * 二杀一: ``score.bonus[ershayi]`` to the killer (zero-sum as above).
    * tribute as points: every card of every obligation, a within-team one included
      **[default]**, and whether or not the payer holds a legal card **[default]**.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> rs = Ruleset().with_overrides({"kaidian.enabled": True, "kaidian.sanction": "pm2_pair",
    ...                                "score.bonus.shao": 1, "score.bonus_zero_sum": True})
    >>> facts = DealFacts.from_order([1, 2, 3, 4, 5, 6],
    ...     opened={1: True, 2: True, 3: True, 4: False, 5: True, 6: True},
    ...     burns=[BurnFact(burner=3, burned=6)])
    >>> s = score_deal(facts, rs)
    >>> for e in s.breakdown[6:]:
    ...     print(e.format())
    R-KAIDIAN-5 seat 1: +2  kept his 对头 seat 4 from opening (不开点)
    R-KAIDIAN-5 seat 4: -2  not opened (不开点) while his 对头 seat 1 opened
    R-SCORE-4 seat 3: +1  burn (烧牌) of seat 6
    R-SCORE-4 seat 6: -1  burned by seat 3 (烧牌)
    >>> dict(s.team_points)
    {'A': 5, 'B': -5}
    """
    obligations = tribute_obligations(facts, rs)
    entries: list[ScoreEntry] = []
    c3: Team | None = None
    if facts.void:
        for t in TEAMS:
            entries.append(
                ScoreEntry("R-SCORE-1", t, 0, "deal void: no place points", "本局作废：不计名次分")
            )
    else:
        places = _place_entries(facts, rs)
        entries += places
        c3 = chuan3hu_team(facts.places)
        if c3 is not None:
            entries += _chuan3hu_entries(facts, rs, c3, places)
        entries += _dian_entries(facts, rs)
        entries += _burn_entries(facts, rs)
        entries += _men_entries(facts, rs)
        entries += _ershayi_entries(facts, rs)
        if rs.tribute.mode == "points_per_card":
            for ob in obligations:
                entries.append(
                    ScoreEntry(
                        "R-TRIBUTE-1",
                        ob.receiver,
                        ob.count,
                        f"tribute as points: {ob.describe('en')}",
                        f"贡牌计分：{ob.describe('zh')}",
                    )
                )
    if rs.score.positive_only == "per_hand":
        for t in TEAMS:
            pre = sum(e.points for e in entries if e.team == t)
            if pre < 0:
                entries.append(
                    ScoreEntry(
                        "R-SCORE-3",
                        t,
                        -pre,
                        f"positive only (per hand): team {t}'s {pre} is recorded as 0",
                        f"只记正分（每把）：{t}方{pre}分记为0",
                    )
                )
    pen, dq = _penalty_entries(facts, rs)
    entries += pen

    # the sums of the breakdown by seat and by team, in one pass
    seat_points = dict.fromkeys(SEATS, 0)
    team_net: dict[Team, int] = dict.fromkeys(TEAMS, 0)
    team_points: dict[Team, int] = dict.fromkeys(TEAMS, 0)
    for e in entries:
        pts = e.points
        if e.target in seat_points:
            seat_points[e.target] += pts
        t = e.team
        if t in team_points:
            team_points[t] += pts
            if e.rule_id != "R-SCORE-3":
                team_net[t] += pts
    return DealScore(
        seat_points=seat_points,
        team_points=team_points,
        team_net=team_net,
        breakdown=tuple(entries),
        obligations=obligations,
        places=dict(facts.places),
        chuan3hu=c3,
        void=facts.void,
        disqualified=tuple(dq),
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
        for a in (1, 2, 3):
            b = duitou(a)
            oa, ob = facts.opened.get(a), facts.opened.get(b)
            if oa is None or ob is None or (oa and ob):
                continue
            if not oa and not ob:
                if rs.kaidian.both_unopened == "mutual":
                    owe("dian", a, b, 1)
                    owe("dian", b, a, 1)
                continue
            u = a if not oa else b
            owe("dian", u, duitou(u), 1)
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
