"""Match scoring (R-MATCH-1, catalog T28): deals -> games -> a match, and the tie-breaks.

:class:`MatchTable` collects :class:`~engine.scoring.DealScore` values in play order and
cuts them into games of ``match.hands_per_game`` hands.  It applies a per-game 只记正分
(``score.positive_only = per_game``), decides each game and the match (``match.games``:
best of 3, best of 5, or ``match.game_count`` games on total points), and when the match
is level it runs the profile's tie-breaks (``match.tiebreak``) through :func:`tiebreak`.
Deals after the regulation games are read as the extra game or extra hands a tie-break
asks for; when the record has none, the result says what is missing.

>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> from gojinotation_analyzer.engine.scoring import DealFacts
>>> rs = Ruleset().with_overrides({"match.game_count": 3})
>>> orders = [[1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5], [1, 3, 2, 4, 5, 6]]
>>> table = MatchTable.from_facts([DealFacts.from_order(o) for o in orders], rs)
>>> [dict(g.points) for g in table.games]
[{'A': 2, 'B': -2}, {'A': -2, 'B': 2}, {'A': 4, 'B': -4}]
>>> r = table.result()
>>> r.winner, r.status, r.decided_by
('A', 'decided', 'points')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, get_args

import attrs

from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine.scoring import TEAMS, DealFacts, DealScore, Team, score_deal, team
from gojinotation_analyzer.rules.ruleset import Ruleset
from gojinotation_analyzer.rules.vocab import Tiebreak

__all__ = [
    "TIEBREAKS",
    "ExtraPlay",
    "GameResult",
    "MatchResult",
    "MatchTable",
    "TeamStats",
    "TiebreakResult",
    "TiebreakStep",
    "tiebreak",
]

#: Every tie-break the documents use (``match.tiebreak`` values).
TIEBREAKS: tuple[str, ...] = get_args(Tiebreak)


def _team_of_place(places: Mapping[int, int], place: int) -> Team | None:
    for seat, p in places.items():
        if p == place:
            return team(seat)
    return None


@attrs.frozen
class GameResult:
    """One game (局) of the match.

    :ivar number: 1-based game number (regulation games only).
    :ivar deals: its deals, extra hands included.
    :ivar net: team -> sum of the deals' recorded points.
    :ivar points: team -> the game's recorded points (per-game 只记正分 applied).
    :ivar extra_hands: hands added after ``hands_per_game`` to break a tie
        (``extra_hand_repeat`` in a match decided by games).
    :ivar complete: all its hands are in the record (and, when a tie must be broken by extra
        hands, the tie is broken).
    """

    number: int
    deals: tuple[DealScore, ...]
    net: Mapping[Team, int] = attrs.field(hash=False)
    points: Mapping[Team, int] = attrs.field(hash=False)
    extra_hands: int = 0
    complete: bool = True

    @property
    def winner(self) -> Team | None:
        """The team with more points, or ``None`` (a draw, or an incomplete game)."""
        if not self.complete or self.points["A"] == self.points["B"]:
            return None
        return "A" if self.points["A"] > self.points["B"] else "B"

    @property
    def margin(self) -> int:
        """The winner's lead in points (0 for a draw)."""
        return abs(self.points["A"] - self.points["B"])

    def game_points(self, t: Team) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss (000§H 胜局1分, 平局0.5分)."""
        if not self.complete:
            return 0.0
        w = self.winner
        return 0.5 if w is None else (1.0 if w == t else 0.0)

    def count_place(self, t: Team, place: int) -> int:
        """How many of the game's deals ``t`` took ``place`` in (1 = 头科, 6 = 大落)."""
        return sum(1 for d in self.deals if _team_of_place(d.places, place) == t)


@attrs.frozen
class TeamStats:
    """What tie-breaks compare about one competitor.

    :ivar toke: 头科 count.
    :ivar daluo: 大落 count.
    :ivar points: accumulated points (小分).
    :ivar game_points: game points (局分: win 1, draw 0.5).
    :ivar biggest_win: the largest winning margin in one game (最大胜局).
    """

    toke: int = 0
    daluo: int = 0
    points: int = 0
    game_points: float = 0.0
    biggest_win: int = 0

    def __add__(self, other: TeamStats) -> TeamStats:
        """Combine the stats of two matches (for standings).

        >>> (TeamStats(toke=1, biggest_win=4) + TeamStats(toke=2, biggest_win=2)).toke
        3
        """
        return TeamStats(
            self.toke + other.toke,
            self.daluo + other.daluo,
            self.points + other.points,
            self.game_points + other.game_points,
            max(self.biggest_win, other.biggest_win),
        )


@attrs.frozen
class ExtraPlay:
    """An extra game or extra hand played to break a tie.

    :ivar points: competitor -> points in it.
    :ivar first_toke: the competitor that took 头科 in its first deal.
    """

    points: Mapping[str, int] = attrs.field(hash=False)
    first_toke: str | None = None


@attrs.frozen
class TiebreakStep:
    """One tie-break applied to one group of tied competitors.

    :ivar method: the tie-break (``toke_count`` ...).
    :ivar group: the competitors it was applied to.
    :ivar values: competitor -> the compared value (``None`` where not known).
    :ivar outcome: ``split`` (it separated some), ``tied``, ``pending`` (the record lacks
        what it needs) or ``skipped`` (not applicable here).
    :ivar en: explanation in English.
    :ivar zh: explanation in Chinese.
    """

    method: str
    group: tuple[str, ...]
    values: Mapping[str, float | None] = attrs.field(hash=False)
    outcome: Literal["split", "tied", "pending", "skipped"]
    en: str
    zh: str


@attrs.frozen
class TiebreakResult:
    """The outcome of :func:`tiebreak`.

    :ivar ranking: groups best first; a group of two or more is still tied.
    :ivar steps: every step taken, in order.
    :ivar pending: what the record lacks to go on (``None`` if nothing): an extra game, an
        extra hand, head-to-head results, or the drawing of lots.
    """

    ranking: tuple[tuple[str, ...], ...]
    steps: tuple[TiebreakStep, ...]
    pending: str | None = None

    @property
    def winner(self) -> str | None:
        """The sole first competitor, or ``None`` while the first group is still tied."""
        return self.ranking[0][0] if self.ranking and len(self.ranking[0]) == 1 else None

    @property
    def decided_by(self) -> str | None:
        """The method that separated the first place, if any."""
        for st in self.steps:
            if st.outcome == "split" and self.winner in st.group:
                return st.method
        return None


def _split(group: tuple[str, ...], values: Mapping[str, float]) -> tuple[tuple[str, ...], ...]:
    """Group members by value, highest first."""
    levels = sorted({values[c] for c in group}, reverse=True)
    return tuple(tuple(c for c in group if values[c] == v) for v in levels)


def tiebreak(
    tied: Sequence[str],
    methods: Sequence[str],
    stats: Mapping[str, TeamStats],
    *,
    head_to_head: Mapping[tuple[str, str], str | None] | None = None,
    extra_games: Sequence[ExtraPlay] = (),
    extra_hands: Sequence[ExtraPlay] = (),
    lot: Sequence[str] = (),
    within_match: bool = False,
) -> TiebreakResult:
    """Order the ``tied`` competitors by the tie-breaks ``methods``, in order.

    Each method splits every still-tied group; the next method only sees the groups that
    are still tied.  The methods (catalog T28):

    * ``toke_count`` more 头科 first; ``fewer_daluo`` fewer 大落 first (000§A);
    * ``xiaofen`` more total points; ``game_points`` more game points; ``biggest_win`` the
      larger single-game winning margin (000§H, 000§F);
    * ``head_to_head``: results between the tied competitors (``head_to_head[(x, y)]`` =
      winner or ``None`` for a draw); a cycle stays tied (000§F: then 小分).  Not applicable
      inside one match (``within_match``);
    * ``extra_game`` the first extra game's points; ``extra_game_first_toke`` the first 头科
      of that extra game (000§L, 003); ``extra_hand_repeat`` extra hands until one differs
      (000§D, 000§I) -- for two competitors only;
    * ``lot``: the order of ``lot`` if given.

    When a method needs something the record lacks, the result is ``pending`` with a
    description, and no later method is tried (it would only apply after that one).

    >>> st = {"A": TeamStats(toke=2, daluo=1), "B": TeamStats(toke=2, daluo=2)}
    >>> r = tiebreak(["A", "B"], ["toke_count", "fewer_daluo", "extra_game"], st)
    >>> r.winner, r.decided_by, [s.outcome for s in r.steps]
    ('A', 'fewer_daluo', ['tied', 'split'])
    >>> st = {"A": TeamStats(toke=2), "B": TeamStats(toke=2)}
    >>> r = tiebreak(["A", "B"], ["toke_count", "extra_game_first_toke"], st)
    >>> r.winner, r.pending
    (None, 'an extra game (加赛) is needed to break the tie; it is not in the record')
    >>> r = tiebreak(["A", "B"], ["toke_count", "extra_game_first_toke"], st,
    ...              extra_games=[ExtraPlay({"A": 0, "B": 0}, first_toke="B")])
    >>> r.winner, r.decided_by
    ('B', 'extra_game_first_toke')
    """
    h2h = head_to_head or {}
    groups: list[tuple[str, ...]] = [tuple(tied)]
    steps: list[TiebreakStep] = []
    pending: str | None = None
    hand_cursor = 0

    for method in methods:
        if all(len(g) == 1 for g in groups):
            break
        new_groups: list[tuple[str, ...]] = []
        for group in groups:
            if len(group) == 1 or pending is not None:
                new_groups.append(group)
                continue
            values: dict[str, float | None] = dict.fromkeys(group)
            need: str | None = None
            skipped = False
            if method == "toke_count":
                values = {c: stats[c].toke for c in group}
            elif method == "fewer_daluo":
                values = {c: -stats[c].daluo for c in group}
            elif method == "xiaofen":
                values = {c: stats[c].points for c in group}
            elif method == "game_points":
                values = {c: stats[c].game_points for c in group}
            elif method == "biggest_win":
                values = {c: stats[c].biggest_win for c in group}
            elif method == "head_to_head":
                if within_match:
                    skipped = True
                else:
                    score: dict[str, float | None] = dict.fromkeys(group, 0.0)
                    for i, x in enumerate(group):
                        for y in group[i + 1 :]:
                            if (x, y) in h2h:
                                w = h2h[(x, y)]
                            elif (y, x) in h2h:
                                w = h2h[(y, x)]
                            else:
                                need = f"the result between {x} and {y} (head-to-head) is not given"
                                continue
                            for c in (x, y):
                                prev = score[c] or 0.0
                                score[c] = prev + (0.5 if w is None else (1.0 if w == c else 0.0))
                    values = score
            elif method in ("extra_game", "extra_game_first_toke"):
                if len(group) != 2:
                    skipped = True
                elif not extra_games:
                    need = (
                        "an extra game (加赛) is needed to break the tie; it is not in the record"
                    )
                else:
                    g = extra_games[0]
                    if method == "extra_game":
                        values = {c: g.points.get(c, 0) for c in group}
                    else:
                        values = {c: (1 if g.first_toke == c else 0) for c in group}
            elif method == "extra_hand_repeat":
                if len(group) != 2:
                    skipped = True
                else:
                    decided = False
                    while hand_cursor < len(extra_hands):
                        h = extra_hands[hand_cursor]
                        hand_cursor += 1
                        values = {c: h.points.get(c, 0) for c in group}
                        if len({values[c] for c in group}) > 1:
                            decided = True
                            break
                    if not decided:
                        need = (
                            "an extra hand (加时赛一把) is needed to break the tie; none decides it"
                        )
            elif method == "lot":
                if set(group) <= set(lot):
                    values = {c: -list(lot).index(c) for c in group}
                else:
                    need = (
                        "the tie is decided by drawing lots (抽签), which the record does not show"
                    )
            else:
                raise ValueError(f"unknown tie-break {method!r}")

            en, zh = i18n.t(f"tiebreak.{method}", "en"), i18n.t(f"tiebreak.{method}", "zh")
            if skipped:
                steps.append(
                    TiebreakStep(method, group, values, "skipped", f"{en}: not applicable", zh)
                )
                new_groups.append(group)
                continue
            if need is not None:
                pending = need
                steps.append(TiebreakStep(method, group, values, "pending", f"{en}: {need}", zh))
                new_groups.append(group)
                continue
            known = {c: float(v) for c, v in values.items() if v is not None}
            parts = _split(group, known)
            outcome: Literal["split", "tied"] = "split" if len(parts) > 1 else "tied"
            steps.append(TiebreakStep(method, group, values, outcome, en, zh))
            new_groups.extend(parts)
        groups = new_groups
        if pending is not None:
            break
    return TiebreakResult(tuple(groups), tuple(steps), pending)


@attrs.frozen
class MatchResult:
    """The result of a match between team A (seats 1, 3, 5) and team B (seats 2, 4, 6).

    :ivar winner: ``'A'``, ``'B'`` or ``None``.
    :ivar status: ``decided``; ``draw`` (level and no tie-break left); ``incomplete`` (the
        record stops before the regulation games are over); ``pending`` (a tie-break needs
        an extra game, an extra hand or a lot that the record does not contain).
    :ivar decided_by: ``game_points`` (games won), ``points`` (total points), or the
        tie-break that decided; ``None`` if undecided.
    :ivar games: the regulation games.
    :ivar totals: team -> total recorded points (小分) of the regulation games.
    :ivar game_points: team -> game points (局分).
    :ivar tiebreak: the tie-break result, if one was needed.
    :ivar pending: what is missing (status ``incomplete`` or ``pending``).
    """

    winner: Team | None
    status: Literal["decided", "draw", "incomplete", "pending"]
    decided_by: str | None
    games: tuple[GameResult, ...]
    totals: Mapping[Team, int] = attrs.field(hash=False)
    game_points: Mapping[Team, float] = attrs.field(hash=False)
    tiebreak: TiebreakResult | None = None
    pending: str | None = None


def _by_name(points: Mapping[Team, int]) -> dict[str, int]:
    return {t: points[t] for t in TEAMS}


def _game(number: int, deals: Sequence[DealScore], rs: Ruleset, extra: int = 0) -> GameResult:
    net: dict[Team, int] = {t: sum(d.team_points[t] for d in deals) for t in TEAMS}
    pts = dict(net)
    if rs.score.positive_only == "per_game":
        pts = {t: max(0, v) for t, v in net.items()}
    return GameResult(number, tuple(deals), net, pts, extra_hands=extra)


@attrs.frozen
class MatchTable:
    """Deal scores of one match, in play order, and what they add up to (R-MATCH-1).

    Void deals (e.g. two 革命) are replayed and do not count as hands.  Regulation games:
    up to 3 (``bo3``) or 5 (``bo5``), stopping once one side cannot be caught on games,
    or ``match.game_count`` (``fixed_n``).  Best-of matches are decided on game points
    (win 1, draw 0.5), fixed ones on total points (小分) unless ``decide_by`` says
    otherwise (the parameter set has no such parameter).  With ``extra_hand_repeat`` in a
    match decided on games, a level game goes on one hand at a time until one side leads
    (000§D).

    :ivar rs: the ruleset (``match.*``, ``score.positive_only``).
    :ivar scores: the deal scores, in play order.
    :ivar decide_by: ``auto``, ``points`` or ``game_points``.
    """

    rs: Ruleset
    scores: tuple[DealScore, ...] = ()
    decide_by: Literal["auto", "points", "game_points"] = "auto"

    @classmethod
    def from_facts(
        cls,
        facts: Iterable[DealFacts],
        rs: Ruleset,
        *,
        decide_by: Literal["auto", "points", "game_points"] = "auto",
    ) -> MatchTable:
        """Score every deal with :func:`~engine.scoring.score_deal` and collect them."""
        return cls(rs, tuple(score_deal(f, rs) for f in facts), decide_by)

    def add(self, score: DealScore) -> MatchTable:
        """A new table with one more deal."""
        return attrs.evolve(self, scores=(*self.scores, score))

    @property
    def by_games(self) -> bool:
        """True when the match is decided on game points (局分) rather than total points.

        ``auto``: best-of matches are decided on games, fixed-length ones on points.
        000§H decides a fixed 3-game match on 局分: pass ``decide_by="game_points"``.
        """
        if self.decide_by == "auto":
            return self.rs.match.games in ("bo3", "bo5")
        return self.decide_by == "game_points"

    @property
    def max_games(self) -> int:
        """The number of regulation games at most."""
        games: str = self.rs.match.games
        return {"bo3": 3, "bo5": 5}.get(games, self.rs.match.game_count)

    def _segment(self) -> tuple[tuple[GameResult, ...], tuple[DealScore, ...]]:
        deals = [d for d in self.scores if not d.void]
        h = self.rs.match.hands_per_game
        extend = self.by_games and "extra_hand_repeat" in self.rs.match.tiebreak
        games: list[GameResult] = []
        i = 0
        while len(games) < self.max_games and i < len(deals) and not self._clinched(games):
            chunk = deals[i : i + h]
            i += len(chunk)
            if len(chunk) < h:
                games.append(attrs.evolve(_game(len(games) + 1, chunk, self.rs), complete=False))
                break
            g = _game(len(games) + 1, chunk, self.rs)
            extra = 0
            while extend and g.points["A"] == g.points["B"] and i < len(deals):
                chunk.append(deals[i])
                i += 1
                extra += 1
                g = _game(len(games) + 1, chunk, self.rs, extra)
            if extend and g.points["A"] == g.points["B"]:
                g = attrs.evolve(g, complete=False)
            games.append(g)
        return tuple(games), tuple(deals[i:])

    def _clinched(self, games: Sequence[GameResult]) -> bool:
        if not self.by_games or self.rs.match.games == "fixed_n":
            return False
        left = self.max_games - len(games)
        a = sum(g.game_points("A") for g in games)
        b = sum(g.game_points("B") for g in games)
        return abs(a - b) > left

    @property
    def games(self) -> tuple[GameResult, ...]:
        """The regulation games played so far."""
        return self._segment()[0]

    @property
    def extra_deals(self) -> tuple[DealScore, ...]:
        """Deals after the regulation games (extra games or hands for a tie-break)."""
        return self._segment()[1]

    def stats(self) -> dict[Team, TeamStats]:
        """Tie-break statistics of both teams over the regulation games."""
        games = self.games
        out: dict[Team, TeamStats] = {}
        for t in TEAMS:
            out[t] = TeamStats(
                toke=sum(g.count_place(t, 1) for g in games),
                daluo=sum(g.count_place(t, 6) for g in games),
                points=sum(g.points[t] for g in games),
                game_points=sum(g.game_points(t) for g in games),
                biggest_win=max((g.margin for g in games if g.winner == t), default=0),
            )
        return out

    def _extras(self) -> tuple[list[ExtraPlay], list[ExtraPlay]]:
        extra = self.extra_deals
        h = self.rs.match.hands_per_game
        games: list[ExtraPlay] = []
        for k in range(0, len(extra) - h + 1, h):
            chunk = extra[k : k + h]
            g = _game(0, chunk, self.rs)
            games.append(ExtraPlay(_by_name(g.points), _team_of_place(chunk[0].places, 1)))
        hands = [ExtraPlay(_by_name(d.team_points), _team_of_place(d.places, 1)) for d in extra]
        return games, hands

    def result(self, *, lot: Sequence[str] = ()) -> MatchResult:
        """Decide the match: on games or points, then by the profile's tie-breaks.

        ``lot`` gives the order of a drawing of lots, if one took place.

        >>> from gojinotation_analyzer.rules.ruleset import Ruleset
        >>> from gojinotation_analyzer.engine.scoring import DealFacts
        >>> rs = Ruleset().with_overrides({"match.games": "bo3"})
        >>> a_wins = DealFacts.from_order([1, 2, 3, 4, 5, 6])   # A +2
        >>> b_wins = DealFacts.from_order([2, 1, 4, 3, 6, 5])   # B +2
        >>> t = MatchTable.from_facts([a_wins, b_wins, a_wins, b_wins], rs)
        >>> r = t.result()
        >>> r.winner, r.decided_by, len(r.games), len(t.extra_deals)
        ('A', 'game_points', 3, 1)
        >>> MatchTable.from_facts([a_wins, b_wins], rs).result().status
        'incomplete'
        """
        games, _extra = self._segment()
        stats = self.stats()
        totals: dict[Team, int] = {t: stats[t].points for t in TEAMS}
        gp: dict[Team, float] = {t: stats[t].game_points for t in TEAMS}

        def res(
            winner: Team | None,
            status: Literal["decided", "draw", "incomplete", "pending"],
            by: str | None,
            tb: TiebreakResult | None = None,
            pending: str | None = None,
        ) -> MatchResult:
            return MatchResult(winner, status, by, games, totals, gp, tb, pending)

        if not self._clinched(games) and (
            len(games) < self.max_games or not all(g.complete for g in games)
        ):
            missing = (
                "a level game awaits an extra hand"
                if games
                and all(len(g.deals) >= self.rs.match.hands_per_game for g in games)
                and not games[-1].complete
                else f"{self.max_games} games are needed, the record has "
                f"{sum(1 for g in games if g.complete)}"
            )
            return res(None, "incomplete", None, pending=missing)
        key = "game_points" if self.by_games else "points"
        primary: dict[Team, float] = dict(gp) if self.by_games else {t: totals[t] for t in TEAMS}
        if primary["A"] != primary["B"]:
            return res("A" if primary["A"] > primary["B"] else "B", "decided", key)
        methods = [
            m for m in self.rs.match.tiebreak if not (self.by_games and m == "extra_hand_repeat")
        ]
        if not methods:
            return res(None, "draw", None)
        eg, eh = self._extras()
        stats_s: dict[str, TeamStats] = {t: stats[t] for t in TEAMS}
        tb = tiebreak(
            TEAMS,
            methods,
            stats_s,
            extra_games=eg,
            extra_hands=eh,
            lot=lot,
            within_match=True,
        )
        w = tb.winner
        if w is not None:
            return res("A" if w == "A" else "B", "decided", tb.decided_by, tb)
        if tb.pending is not None:
            return res(None, "pending", None, tb, tb.pending)
        return res(None, "draw", None, tb)
