"""The story of a match for the replay page: who did what to whom, how each deal was
scored, and the match across deals.

Built from the :class:`~publish.view.MatchView` alone (the engine's events carry the seats
concerned, the deal's breakdown the profile's scoring lines), so the page never judges a
play:

* :func:`event_item` — one event as the page's script narrates it;
* :func:`end_card` — places, team points and the breakdown of a deal, with rule ids;
* :func:`tallies` — per player: 够级 played, burns, 闷, 头科 and places;
* :func:`key_moments` — the biggest swings, burns, 闷 and violations, each a link into the
  replay;
* :func:`score_graph` — the running match score as an inline SVG (no script needed).

>>> import gojinotation as gj
>>> from gojinotation_analyzer.publish.view import view_from_engine
>>> v = view_from_engine(gj.loads('[Leader "1"]\\nhand 1: KK\\nhand 4: AA\\n1. 1:KK 4:AA'))
>>> event_item(v.deals[0].steps[0].events[0], [])
['gouji', 1, 4, 0]
>>> [t.gouji for t in tallies(v)], [t.gouji_won for t in tallies(v)]
([1, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 0])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs
from markupsafe import Markup, escape

from gojinotation_analyzer.publish.view import DealView, EventView, MatchView, StepView

__all__ = [
    "EXPLAINED",
    "Moment",
    "PlayerStanding",
    "Tally",
    "TeamStanding",
    "alternative_groups",
    "deal_moments",
    "end_card",
    "event_item",
    "exchanges",
    "key_moments",
    "score_graph",
    "standings",
    "tallies",
    "tally_deal",
]

_BURN_WON = {"BurnSucceeded"}


#: Engine event classes the page explains in its own words (``x_<source>`` in i18n.json);
#: for the others the engine's sentence is carried.
EXPLAINED: frozenset[str] = frozenset(
    {
        "GoujiPlayed",
        "BurnDeclared",
        "CounterBurn",
        "BurnLifted",
        "BurnSucceeded",
        "FakeBurn",
        "Men",
        "Jiefeng",
        "Opened",
        "WentOut",
        "Chuan3hu",
        "Gousiji",
        "Wutou",
        "SihuLuanchan",
        "Ershayi",
    }
)


def event_item(e: EventView, sources: list[str]) -> list[Any]:
    """``[kind, seat, other, source]`` (``source`` an index in ``sources``, which grows),
    followed by the engine's ``en`` and ``zh`` sentences unless the page explains
    ``source`` in plain words itself (:data:`EXPLAINED`).

    >>> src: list[str] = []
    >>> event_item(EventView("gouji", "…", "…", seat=1, other=4, source="GoujiPlayed"), src), src
    (['gouji', 1, 4, 0], ['GoujiPlayed'])
    """
    if e.source not in sources:
        sources.append(e.source)
    item: list[Any] = [e.kind, e.seat, e.other, sources.index(e.source)]
    if e.source not in EXPLAINED:
        item += [e.en, e.zh]
    return item


_BUY = re.compile(r"buy\s+(\S+)\s+from\s+([1-6])\s+for\s+(\S+)", re.I)
_TO = re.compile(r"\s(?:to)\s+([1-6])\b", re.I)


def exchanges(step: StepView) -> list[list[Any]]:
    """The cards a pre-play step moves between seats: ``[[from, to, cards], …]`` for
    买3 (both ways), 送3, 进贡 and 还贡; ``[]`` for any other step.

    >>> from gojinotation_analyzer.publish.view import view_from_record
    >>> import gojinotation as gj
    >>> rec = '[Leader "1"]\\nhand 2: D\\n1. 2:tribute D to 5 5:return 3 to 2'
    >>> d = view_from_record(gj.loads(rec)).deals[0]
    >>> [exchanges(s) for s in d.steps]
    [[[2, 5, 'D']], [[5, 2, '3']]]
    """
    if step.kind == "buy":
        m = _BUY.search(step.gjn)
        if m is None:
            return []
        seller = int(m.group(2))
        return [[seller, step.seat, m.group(1)], [step.seat, seller, m.group(3)]]
    if step.kind in ("give", "tribute", "return"):
        m = _TO.search(step.gjn)
        return [[step.seat, int(m.group(1)), step.cards]] if m else []
    return []


def alternative_groups(deal: DealView, *, limit: int = 12) -> list[dict[str, Any]]:
    """The deal's :attr:`~publish.view.DealView.alternatives` with identical outcomes
    merged, the record's own first: ``l`` the labels, ``f`` finish, ``s`` team points
    ``[A, B]`` (or ``None``), ``e`` errors, ``d`` disputes, ``r`` the rulings
    ``{step: [action, en, zh]}`` of the actions ruled otherwise than under the record's
    own ruleset (``""`` = legal; the first ``limit`` of them) and ``n`` how many there are.

    >>> from gojinotation_analyzer.publish.view import AlternativeView, view_from_record
    >>> import gojinotation as gj
    >>> d = view_from_record(gj.loads('[Leader "1"]\\nhand 1: K\\n1. 1:K')).deals[0]
    >>> alts = (AlternativeView("record: a", "a", (1,), (1, 0), 0, 1, ((1, "1:K", "", ""),)),
    ...         AlternativeView("b", "b", (1,), (1, 0), 0, 1, ((1, "1:K", "", ""),)),
    ...         AlternativeView("c", "c", (), None, 1, 0, ((1, "1:K", "no", "否"),)))
    >>> [(g["l"], g["r"], g["n"]) for g in alternative_groups(attrs.evolve(d, alternatives=alts))]
    [(['record: a', 'b'], {}, 0), (['c'], {'1': ['1:K', 'no', '否']}, 1)]
    """
    if not deal.alternatives:
        return []
    record = {r[0]: r[2] for r in deal.alternatives[0].rows}
    groups: dict[Any, dict[str, Any]] = {}
    for a in deal.alternatives:
        differ = [r for r in a.rows if r[2] != record.get(r[0], "")]
        key = (a.finish, a.team_points, a.errors, a.disputes, tuple((r[0], r[2]) for r in differ))
        if key not in groups:
            groups[key] = {
                "l": [],
                "f": list(a.finish),
                "s": list(a.team_points) if a.team_points else None,
                "e": a.errors,
                "d": a.disputes,
                "r": {str(r[0]): [r[1], r[2], r[3]] for r in differ[:limit]},
                "n": len(differ),
            }
        groups[key]["l"].append(a.label)
    return list(groups.values())


def end_card(deal: DealView) -> dict[str, Any]:
    """The end of a deal as the page draws it: ``f`` finish order, ``s`` team points and
    ``b`` breakdown lines ``[rule, seat, team, points, en, zh]`` (notes of 0 points kept).

    >>> from gojinotation_analyzer.publish.view import ScoreLineView, view_from_record
    >>> import gojinotation as gj
    >>> d = view_from_record(gj.loads('[Leader "1"]\\nhand 1: K\\n1. 1:K')).deals[0]
    >>> end_card(attrs.evolve(d, breakdown=(ScoreLineView("R-SCORE-1", 1, "A", 2, "2nd", "二科"),)))
    {'f': [], 's': {}, 'b': [['R-SCORE-1', 1, 'A', 2, '2nd', '二科']]}
    """
    return {
        "f": list(deal.finish),
        "s": dict(deal.team_points),
        "b": [[x.rule, x.seat, x.team, x.points, x.en, x.zh] for x in deal.breakdown],
    }


@attrs.frozen
class Tally:
    """One player's match: 够级 sets played and 够级 duels won (rounds he challenged in and
    ended holding the table), burns won, 闷 dealt, 头科 and every place."""

    seat: int
    name: str
    team: str
    gouji: int = 0
    gouji_won: int = 0
    burns: int = 0
    men: int = 0
    firsts: int = 0
    places: tuple[int, ...] = ()
    points: int = 0


def tallies(view: MatchView) -> tuple[Tally, ...]:
    """Per seat of the match, counted from every deal's events and finish."""
    rows = {p.seat: Tally(p.seat, p.name, p.team) for p in view.players}
    for d in view.deals:
        tally_deal(rows, d)
    return tuple(rows[s] for s in sorted(rows))


def tally_deal(rows: dict[int, Tally], d: DealView) -> None:
    """Count one deal into ``rows`` (seat -> :class:`Tally`): :func:`tallies` deal by deal."""
    challengers: set[int] = set()
    last: int | None = None
    rnd: int | None = None
    for s in (*d.steps, None):
        if s is None or s.round != rnd:  # a round ended: did a challenger hold it?
            if last in challengers and last in rows:
                r0 = rows[last]
                rows[last] = attrs.evolve(r0, gouji_won=r0.gouji_won + 1)
            challengers, last = set(), None
            if s is None:
                break
            rnd = s.round
        if s.kind in ("play", "burn"):
            last = s.seat
        challengers |= {e.seat for e in s.events if e.source == "GoujiPlayed" and e.seat}
        for e in s.events:
            seat = e.seat if e.seat in rows else None
            if e.source == "GoujiPlayed" and seat:
                rows[seat] = attrs.evolve(rows[seat], gouji=rows[seat].gouji + 1)
            elif e.source in _BURN_WON and seat:
                rows[seat] = attrs.evolve(rows[seat], burns=rows[seat].burns + 1)
            elif e.source == "Men" and e.other in rows:
                by = rows[e.other or 0]
                rows[by.seat] = attrs.evolve(by, men=by.men + 1)
    for place, seat in enumerate(d.finish, 1):
        if seat in rows:
            r = rows[seat]
            rows[seat] = attrs.evolve(r, places=(*r.places, place), firsts=r.firsts + (place == 1))
    for seat, pts in enumerate(d.seat_points, 1):
        if pts and seat in rows:
            rows[seat] = attrs.evolve(rows[seat], points=rows[seat].points + pts)


@attrs.frozen
class Moment:
    """A moment worth jumping to: ``href`` into the replay, what happened in both
    languages, and its ``kind`` (``swing``, ``burn``, ``men``, ``violation``, ``dispute``)."""

    deal: int
    href: str
    kind: str
    en: str
    zh: str


def key_moments(
    view: MatchView, *, swings: int = 3, events: Sequence[Moment] | None = None
) -> tuple[Moment, ...]:
    """The biggest swings (deals by team-point difference, largest first), then every
    burn won, 闷 and violation or dispute in play order.

    >>> import gojinotation as gj
    >>> from gojinotation_analyzer.publish.view import view_from_record
    >>> key_moments(view_from_record(gj.loads('[Leader "1"]\\nhand 1: K\\n1. 1:K')))
    ()
    """
    out: list[Moment] = []
    scored = [
        (abs(dict(d.team_points).get("A", 0) - dict(d.team_points).get("B", 0)), d)
        for d in view.deals
        if d.team_points
    ]
    scored.sort(key=lambda x: (-x[0], x[1].index))
    for diff, d in scored[:swings]:
        if not diff:
            continue
        pts = dict(d.team_points)
        a, b = pts.get("A", 0), pts.get("B", 0)
        winner = view.team_name("A" if a > b else "B")
        out.append(
            Moment(
                d.index,
                f"#d{d.index}.end",
                "swing",
                f"Deal {d.index}: {winner} gains {diff} ({a}:{b})",
                f"第{d.index}局：{winner}净胜{diff}分（{a}:{b}）",
            )
        )
    if events is not None:  # the deals' moments, gathered as they were written
        return (*out, *events)
    for d in view.deals:
        out.extend(deal_moments(d))
    return tuple(out)


def deal_moments(d: DealView) -> list[Moment]:
    """A deal's burns won, 闷 and violations or disputes, in play order (the second part
    of :func:`key_moments`, one deal at a time)."""
    out: list[Moment] = []
    for s in d.steps:
        for e in s.events:
            kind = {"BurnSucceeded": "burn", "Men": "men"}.get(e.source, e.kind)
            if kind in ("burn", "men", "violation", "dispute") and (
                kind not in ("burn",) or e.source in _BURN_WON
            ):
                out.append(Moment(d.index, f"#d{d.index}.s{s.index}", kind, e.en, e.zh))
    return out


def score_graph(view: MatchView, *, width: int = 560, height: int = 150) -> Markup:
    """The running match score after each deal as an inline SVG line chart (team A a
    solid red line with dots, team B a dashed blue line with squares), titled for screen
    readers; empty when no deal has a score.

    >>> import gojinotation as gj
    >>> from gojinotation_analyzer.publish.view import view_from_record
    >>> str(score_graph(view_from_record(gj.loads('[Leader "1"]\\nhand 1: K\\n1. 1:K'))))
    ''
    """
    totals = [dict(t.teams) for t in view.totals]
    if not any(d.team_points for d in view.deals):
        return Markup("")
    pad_l, pad_r, pad_t, pad_b = 34, 12, 10, 22
    values = [0] + [v for t in totals for v in (t.get("A", 0), t.get("B", 0))]
    lo, hi = min(values), max(values)
    if hi == lo:
        hi = lo + 1
    n = len(totals)

    def x(i: int) -> float:
        return pad_l + (width - pad_l - pad_r) * (i / max(n, 1))

    def y(v: int) -> float:
        return pad_t + (height - pad_t - pad_b) * (1 - (v - lo) / (hi - lo))

    parts = [
        f'<svg class="graph" viewBox="0 0 {width} {height}" role="img" aria-labelledby="graph-t">',
        '<title id="graph-t">'
        + str(
            escape(
                " · ".join(
                    f"{i + 1}: {t.get('A', 0)}:{t.get('B', 0)}" for i, t in enumerate(totals)
                )
            )
        )
        + "</title>",
        f'<line class="axis" x1="{pad_l}" y1="{y(0):.1f}" x2="{width - pad_r}" '
        f'y2="{y(0):.1f}"></line>',
        f'<text class="lbl" x="{pad_l - 4}" y="{y(hi) + 4:.1f}" text-anchor="end">{hi}</text>',
        f'<text class="lbl" x="{pad_l - 4}" y="{y(lo) + 4:.1f}" text-anchor="end">{lo}</text>',
    ]
    for i in range(1, n + 1):
        parts.append(
            f'<text class="lbl" x="{x(i):.1f}" y="{height - 6}" text-anchor="middle">{i}</text>'
        )
    for team in ("A", "B"):
        pts = [(x(0), y(0))] + [(x(i + 1), y(t.get(team, 0))) for i, t in enumerate(totals)]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)
        parts.append(f'<polyline class="l{team}" points="{path}"></polyline>')
        for a, b in pts[1:]:
            if team == "A":
                parts.append(f'<circle class="p{team}" cx="{a:.1f}" cy="{b:.1f}" r="3.5"></circle>')
            else:
                parts.append(
                    f'<rect class="p{team}" x="{a - 3:.1f}" y="{b - 3:.1f}" '
                    'width="6" height="6"></rect>'
                )
    parts.append("</svg>")
    return Markup("".join(parts))


# ------------------------------------------------------------------ across matches


@attrs.frozen
class TeamStanding:
    """A team across the matches of an index: matches won/drawn/lost, game points (win 1,
    draw ½), points (小分), 头科 and 大落, and the tie-break that placed it, if any."""

    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    game_points: float = 0.0
    points: int = 0
    toke: int = 0
    daluo: int = 0
    decided_by: str = ""


@attrs.frozen
class PlayerStanding:
    """A player across the matches: deals played, points, 头科 and 大落."""

    name: str
    team: str
    deals: int = 0
    points: int = 0
    toke: int = 0
    daluo: int = 0


def _tiebreaks(views: Sequence[MatchView]) -> tuple[str, ...]:
    """The ``match.tiebreak`` methods of the first deal's profile (小分 when none)."""
    for v in views:
        for d in v.deals:
            if d.profile:
                try:
                    from gojinotation_analyzer.rules.profiles import load_ruleset

                    methods = tuple(load_ruleset(d.profile, "").get("match.tiebreak") or ())
                except Exception:  # an unknown profile: fall back to 小分
                    methods = ()
                return methods or ("xiaofen",)
    return ("xiaofen",)


def standings(
    views: Sequence[MatchView],
) -> tuple[tuple[TeamStanding, ...], tuple[PlayerStanding, ...]]:
    """Team standings (by game points, level teams ordered by the profile's tie-breaks,
    :func:`engine.match.tiebreak`) and player standings (by points) across ``views``.

    >>> import gojinotation as gj
    >>> from gojinotation_analyzer.publish.view import view_from_engine
    >>> rec = '[TeamA "红"] [TeamB "蓝"] [Leader "1"]\\nhand 1: K\\n1. 1:K'
    >>> v = view_from_engine(gj.loads(rec))
    >>> [t.name for t in standings([v])[0]]
    ['红', '蓝']
    """
    from gojinotation_analyzer.engine.match import TeamStats, tiebreak

    teams: dict[str, TeamStanding] = {}
    players: dict[tuple[str, str], PlayerStanding] = {}
    for v in views:
        final = dict(v.totals[-1].teams) if v.totals else {}
        names = {t: v.team_name(t) for t in ("A", "B")}
        for t in ("A", "B"):
            teams.setdefault(names[t], TeamStanding(names[t]))
        if final:
            a, b = final.get("A", 0), final.get("B", 0)
            for t, mine, theirs in (("A", a, b), ("B", b, a)):
                r = teams[names[t]]
                teams[names[t]] = attrs.evolve(
                    r,
                    played=r.played + 1,
                    won=r.won + (mine > theirs),
                    drawn=r.drawn + (mine == theirs),
                    lost=r.lost + (mine < theirs),
                    game_points=r.game_points
                    + (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0),
                    points=r.points + mine,
                )
        for d in v.deals:
            for place, seat in enumerate(d.finish, 1):
                if place not in (1, 6) or not 1 <= seat <= 6:
                    continue
                name = names[d.players[seat - 1].team] if seat <= len(d.players) else ""
                if name in teams:
                    r = teams[name]
                    teams[name] = attrs.evolve(
                        r, toke=r.toke + (place == 1), daluo=r.daluo + (place == 6)
                    )
            for p in d.players:
                key = (p.name or f"#{p.seat}", names.get(p.team, p.team))
                r2 = players.get(key, PlayerStanding(key[0], key[1]))
                place = d.finish.index(p.seat) + 1 if p.seat in d.finish else 0
                pts = d.seat_points[p.seat - 1] if p.seat - 1 < len(d.seat_points) else None
                players[key] = attrs.evolve(
                    r2,
                    deals=r2.deals + 1,
                    points=r2.points + (pts or 0),
                    toke=r2.toke + (place == 1),
                    daluo=r2.daluo + (place == 6),
                )
    methods = _tiebreaks(views)
    stats = {
        n: TeamStats(toke=t.toke, daluo=t.daluo, points=t.points, game_points=t.game_points)
        for n, t in teams.items()
    }
    order: list[TeamStanding] = []
    for gp in sorted({t.game_points for t in teams.values()}, reverse=True):
        group = sorted(n for n, t in teams.items() if t.game_points == gp)
        if len(group) == 1:
            order.append(teams[group[0]])
            continue
        result = tiebreak(group, methods, stats)
        for tied in result.ranking:
            for n in tied:
                order.append(attrs.evolve(teams[n], decided_by=result.decided_by or ""))
    ranked = sorted(players.values(), key=lambda p: (-p.points, -p.toke, p.daluo, p.name))
    return tuple(order), tuple(ranked)
