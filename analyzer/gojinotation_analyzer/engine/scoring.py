"""Scoring of one deal, and the tribute owed between deals: pure functions, no play logic.

The engine reports what happened in a deal as :class:`DealFacts` (places, 开点 status,
burns, 闷, 二杀一, 革命, penalties).  :func:`score_deal` turns the facts into points under a
:class:`~gojinotation_analyzer.rules.ruleset.Ruleset` and explains every point in a breakdown of
:class:`ScoreEntry` values (rule id, seat or team, points, English, Chinese).
:func:`tribute_obligations` lists the tribute (进贡) owed before the next deal, in the
profile's order, and :func:`legal_tribute_cards` / :func:`legal_return_cards` say which
cards may be paid and returned.  Match totals and tie-breaks live in :mod:`engine.match`.
The facts and the values shared by both live in :mod:`.scoring_facts`, the tribute in
:mod:`.scoring_tribute`; this module re-exports every public name of both.

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
from collections.abc import Mapping

import attrs

from gojinotation.model import SEATS, duitou
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine.scoring_facts import (
    PLACE_EN,
    PLACE_SCHEMES,
    PLACE_ZH,
    TEAMS,
    BurnFact,
    BurnOutcome,
    DealFacts,
    ErShaYiFact,
    MenFact,
    ObligationKind,
    PenaltyFact,
    Team,
    _other,
    burn_points,
    chuan3hu_team,
    place_scheme,
    team,
)
from gojinotation_analyzer.engine.scoring_tribute import (
    TRIBUTE_RANKS,
    Obligation,
    is_legal_return,
    is_legal_tribute,
    legal_return_cards,
    legal_tribute_cards,
    may_refuse_return,
    tribute_obligations,
)
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
    for unopened in facts.not_opened():
        if len(unopened) == 2:
            for s in unopened:
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
        u = unopened[0]
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
        _bonus(
            out,
            b.burner,
            b.burned,
            v,
            rs.score.bonus_zero_sum,
            (f"{en} of seat {b.burned}", f"{zh}{b.burned}号"),
            (f"burned by seat {b.burner} ({zh})", f"被{b.burner}号{zh}"),
        )
    return out


def _bonus(
    out: list[ScoreEntry],
    doer: int,
    victim: int,
    points: int,
    zero_sum: bool,
    gain: tuple[str, str],
    loss: tuple[str, str],
) -> None:
    """An R-SCORE-4 bonus (烧, 闷, 二杀一): ``points`` to ``doer`` and, zero-sum, as many
    from ``victim``; ``gain`` and ``loss`` are the reasons (en, zh)."""
    out.append(ScoreEntry("R-SCORE-4", doer, points, *gain))
    if zero_sum:
        out.append(ScoreEntry("R-SCORE-4", victim, -points, *loss))


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
        _bonus(
            out,
            f.by,
            f.victim,
            m,
            zero_sum,
            (f"闷 seat {f.victim} (憋3)", f"闷{f.victim}号（憋3）"),
            (f"闷 by seat {f.by}", f"被{f.by}号闷"),
        )
    return out


def _ershayi_entries(facts: DealFacts, rs: Ruleset) -> list[ScoreEntry]:
    v = rs.score.bonus.get("ershayi", 0)
    out: list[ScoreEntry] = []
    if not v:
        return out
    for e in facts.ershayi:
        _bonus(
            out,
            e.killer,
            e.victim,
            v,
            rs.score.bonus_zero_sum,
            (
                f"二杀一: two 大王 over seat {e.victim}'s 大王",
                f"二杀一：双大王杀{e.victim}号的大王",
            ),
            (f"大王 killed by seat {e.killer} (二杀一)", f"大王被{e.killer}号二杀一"),
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
