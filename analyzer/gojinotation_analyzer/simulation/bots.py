"""Players for self-play: a uniform random legal player and a heuristic one.

The simulator (:mod:`simulation.simulate`) asks a seat's bot one question at a time and
offers only actions the engine lists as legal (:func:`engine.legal_actions`), so
a bot can never make an illegal move; it can only choose badly.  The questions:

``turn``
    the seat must act in the ordinary order: lead, follow, pass, 让牌 or 扣牌.  The
    bot returns one of the options.
``interject``
    the seat may act out of turn on the standing set: declare 烧牌, decline it, or play
    二杀一.  The bot returns an option or ``None`` (it stays silent).
``preplay``
    before its first play the seat may declare 革命, buy a 3 or a 4, or give one.
    ``None`` declines.
``report``
    the seat may state its card count (报牌).  ``True`` reports.
``timeout``
    the seat may let its clock run out (profiles with a time limit); ``True`` times out.

Every choice uses the :class:`random.Random` of the context only, so the same seed
gives the same game on every machine.

>>> import random
>>> from gojinotation_analyzer.engine import legal_actions, new_deal
>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> from gojinotation.cards import parse_cards as C
>>> st = new_deal({1: C("KK3"), 2: C("AA4"), 3: C("55"), 4: C("66"), 5: C("77"),
...                6: C("88")}, Ruleset(), leader=1, deck_check=False)
>>> bot = HeuristicBot()
>>> bot.turn(Context(st, 1, random.Random(2)), legal_actions(st))  # leads low
Play(seat=1, irregular=False, glyphs=(), notes=(), cards=(Card.parse('3'),))
>>> sorted(BOTS)
['heuristic', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from gojinotation.cards import Card, Rank
from gojinotation.model import (
    Action,
    Burn,
    Buy,
    Close,
    Give,
    Pass,
    Play,
    Report,
    Revolution,
    Yield,
)
from gojinotation_analyzer.engine.state import DealState

__all__ = [
    "BOTS",
    "Bot",
    "Context",
    "HeuristicBot",
    "RandomBot",
    "SetInfo",
    "make_bot",
    "set_info",
]

_NXT = (0, 2, 3, 4, 5, 6, 1)
_DUI = (0, 4, 5, 6, 1, 2, 3)
I3, I4, I2, IX, ID = 0, 1, 12, 13, 14


def _team(seat: int) -> int:
    return seat % 2


@attrs.frozen
class Context:
    """What a bot is shown: the state, its own seat and the random source to use."""

    state: DealState = attrs.field(repr=False)
    seat: int
    rng: random.Random = attrs.field(repr=False)


class Bot(Protocol):
    """A player for self-play (see the module docstring for the questions)."""

    name: str

    def turn(self, ctx: Context, options: Sequence[Action]) -> Action:
        """Choose the seat's ordinary action; ``options`` is never empty."""
        ...

    def interject(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """Burn, decline a burn, or play 二杀一 out of turn; ``None`` stays silent."""
        ...

    def preplay(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """革命, buy or give before play; ``None`` declines."""
        ...

    def report(self, ctx: Context, option: Report) -> bool:
        """Whether to 报牌 now."""
        ...

    def timeout(self, ctx: Context) -> bool:
        """Whether to let the clock run out on this turn (profiles with a time limit)."""
        ...


# ------------------------------------------------------------------------------ random


class RandomBot:
    """A uniform random legal player.

    On its turn it picks uniformly among the options.  Optional actions are taken with
    fixed probabilities (then uniformly among them), so that the games stay games: an
    interjection with probability 0.25, a pre-play action 0.3, a report 0.2, a timeout
    0.02.
    """

    name = "random"

    def __init__(
        self,
        *,
        interject_p: float = 0.25,
        preplay_p: float = 0.3,
        report_p: float = 0.2,
        timeout_p: float = 0.02,
    ) -> None:
        self.interject_p = interject_p
        self.preplay_p = preplay_p
        self.report_p = report_p
        self.timeout_p = timeout_p

    def turn(self, ctx: Context, options: Sequence[Action]) -> Action:
        """Uniform among the options."""
        return ctx.rng.choice(options)

    def interject(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """With probability ``interject_p``, uniform among the options."""
        if ctx.rng.random() < self.interject_p:
            return ctx.rng.choice(options)
        return None

    def preplay(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """With probability ``preplay_p``, uniform among the options."""
        if ctx.rng.random() < self.preplay_p:
            return ctx.rng.choice(options)
        return None

    def report(self, ctx: Context, option: Report) -> bool:
        """With probability ``report_p``."""
        return ctx.rng.random() < self.report_p

    def timeout(self, ctx: Context) -> bool:
        """With probability ``timeout_p``."""
        return ctx.rng.random() < self.timeout_p


# --------------------------------------------------------------------------- set facts


@attrs.frozen
class SetInfo:
    """What a set is made of: its natural rank and count, attached 2s and jokers.

    >>> from gojinotation.cards import parse_cards
    >>> set_info(parse_cards("DX2KKK"))
    SetInfo(base=13, naturals=3, twos=1, small=1, big=1)
    """

    base: int | None
    naturals: int
    twos: int
    small: int
    big: int

    @property
    def jokers(self) -> int:
        """Jokers in the set."""
        return self.small + self.big

    @property
    def power(self) -> int:
        """What the set spends of the hand's strength: jokers weigh most, then 2s."""
        return 6 * self.big + 4 * self.small + 2 * self.twos

    @property
    def total(self) -> int:
        """Number of cards."""
        return self.naturals + self.twos + self.small + self.big


def set_info(cards: Sequence[Card]) -> SetInfo:
    """The :class:`SetInfo` of known cards (a set of 2s alone has base 15)."""
    base: int | None = None
    naturals = twos = small = big = 0
    for c in cards:
        r = c.rank
        if r is None:
            continue
        if r == Rank.BIG_JOKER:
            big += 1
        elif r == Rank.SMALL_JOKER:
            small += 1
        elif r == Rank.TWO:
            twos += 1
        else:
            base = int(r)
            naturals += 1
    if base is None and twos:
        base, naturals, twos = int(Rank.TWO), twos, 0
    return SetInfo(base, naturals, twos, small, big)


#: :func:`set_info` by the identity of the cards tuple (the engine hands out the same
#: tuples of unsuited cards again and again); the tuple is kept, so its id stays its own.
_INFO: dict[int, tuple[Sequence[Card], SetInfo]] = {}


def _info(cards: Sequence[Card]) -> SetInfo:
    """:func:`set_info`, cached."""
    hit = _INFO.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    info = set_info(cards)
    if len(_INFO) > 50000:
        _INFO.clear()
    _INFO[id(cards)] = (cards, info)
    return info


def _cards(a: Action) -> tuple[Card, ...]:
    return tuple(getattr(a, "cards", ()))


def _groups(counts: Sequence[int]) -> int:
    """Natural rank groups (3 … A) left in a hand: the sets it still needs."""
    return sum(1 for i in range(I2) if counts[i])


# ---------------------------------------------------------------------------- heuristic


class HeuristicBot:
    """A player that plays roughly like people do.

    * leads low: the lowest natural rank, whole, without 2s or jokers; keeps 2s and
      jokers to make 够级 sets, to answer and to burn; leads its strongest set first
      when two sets are left;
    * where 开点 is played and it has not opened, leads a strong pure 够级 set to open,
      and answers 开点发4 with its 4s;
    * answers its 对头's 够级 sets whenever it can (so the 对头 does not open), and
      beats an opponent's last non-3 set to 闷 him under 憋3;
    * passes on its teammates' sets, and follows opponents cheaply (no jokers on small
      sets); now and then 让牌 to let its teammates try first;
    * burns an opponent's 够级 set when it can beat it and its jokers cover the sets
      it will still have to play (the 004 formula ``S - J <= 2``, with a small appetite
      for risk: its 烧糊), counter-burns an opposing burner more often than not (反烧:
      he would go out otherwise), says 不烧 out loud now and then, and burns out with a
      joker on every set;
    * buys its 3 under 憋3 (and its 4 where 开点发4 asks for one), declares 革命 with a
      hopeless hand, reports its cards when few are left.

    Its only randomness is the context's ``rng`` (tie-breaks and its taste for risk).
    """

    name = "heuristic"

    def __init__(self, *, risk: float = 0.15, yield_p: float = 0.25) -> None:
        self.risk = risk
        self.yield_p = yield_p

    # -------------------------------------------------------------------- helpers

    @staticmethod
    def _natural_cost(st: DealState, seat: int, info: SetInfo) -> float:
        """How much a set hurts the hand: power spent, plus split groups."""
        cost = float(info.power)
        if info.base is not None and info.base < int(Rank.TWO):
            have = st.known[seat][info.base - 3]
            if info.naturals < have:
                cost += 1.5  # splitting a rank group
        return cost

    def _lead(self, ctx: Context, plays: list[Play]) -> Play:
        st, seat, rng = ctx.state, ctx.seat, ctx.rng
        counts = st.known[seat]
        burning = st.burn is not None and st.burn.burner == seat
        total = sum(counts)
        # the whole hand in one set: go out (options hold no unknown card: the length is
        # the SetInfo's total)
        for p in plays:
            if len(p.cards) == total:
                return p
        infos = [(p, _info(p.cards)) for p in plays]
        if burning:
            # every set but the last needs a joker: the cheapest jokered set
            jok = [(p, i) for p, i in infos if i.jokers]
            if jok:
                return min(jok, key=lambda pi: (pi[1].jokers, pi[1].twos, pi[1].base or 99))[0]
        # 开点发4: the lead after opening must be 4s
        if st.kd_pending == seat:
            fours = [p for p, i in infos if i.base == 4 and not i.jokers and not i.twos]
            if fours:
                return max(fours, key=lambda p: len(p.cards))
        # 够死级 chance: lead a 够级 set
        if st.gsj[seat] > 0:
            g = [p for p, i in infos if self._is_gouji(st, p) and i.jokers == 0]
            if g:
                return rng.choice(g)
        # 开点: lead a strong pure 够级 set
        if st.rs.kaidian.enabled and not (st.opened | st.kd_done) & (1 << seat):
            strong = [
                p
                for p, i in infos
                if not i.jokers
                and not i.twos
                and i.base is not None
                and int(Rank.KING) <= i.base <= int(Rank.ACE)
                and self._is_gouji(st, p)
            ]
            if strong and rng.random() < 0.7:
                return min(strong, key=lambda p: (len(p.cards), _info(p.cards).base or 0))
        groups = _groups(counts)
        power = counts[I2] + counts[IX] + counts[ID]
        if groups <= 2 and power:
            # finishing: strongest natural group first, with what it takes to stand
            natural = [(p, i) for p, i in infos if i.base is not None and i.base < 15]
            if natural:
                best = max(natural, key=lambda pi: (pi[1].base or 0, pi[1].power))
                return best[0]
        # lead low: the lowest whole natural group without attachments
        plain = [
            (p, i)
            for p, i in infos
            if i.base is not None
            and i.base < int(Rank.TWO)
            and not i.jokers
            and not i.twos
            and i.naturals == counts[i.base - 3]
        ]
        if plain:
            plain.sort(key=lambda pi: pi[1].base or 0)
            # now and then the second lowest, so games differ
            k = 1 if len(plain) > 1 and rng.random() < 0.2 else 0
            return plain[k][0]
        return min(
            plays, key=lambda p: (self._natural_cost(st, seat, _info(p.cards)), rng.random())
        )

    @staticmethod
    def _is_gouji(st: DealState, p: Play | Burn) -> bool:
        from gojinotation_analyzer.engine import sets as S

        try:
            return S.is_gouji(S.shape(p.cards, st.rs), st.rs)
        except (S.IllegalSet, S.UnknownCardsError):
            return False

    # -------------------------------------------------------------------- questions

    def turn(self, ctx: Context, options: Sequence[Action]) -> Action:
        """Lead low, answer the 对头, pass to teammates, follow opponents cheaply."""
        st, seat, rng = ctx.state, ctx.seat, ctx.rng
        plays = [a for a in options if isinstance(a, Play)]
        top = st.top
        leading = top is None or (st.closing and seat == st.next_leader)
        if leading:
            if plays:
                return self._lead(ctx, plays)
            return rng.choice(list(options))
        assert top is not None
        owner = top.owner
        passes = [a for a in options if isinstance(a, Pass)]
        closes = [a for a in options if isinstance(a, Close)]
        yields = [a for a in options if isinstance(a, Yield)]
        idle: Action = closes[0] if closes else (passes[0] if passes else rng.choice(list(options)))
        if not plays:
            return idle
        counts = st.known[seat]
        total = sum(counts)
        # going out with this play (options hold no unknown card: the length is the total)
        for p in plays:
            if len(p.cards) == total:
                return p
        if _team(owner) == _team(seat) and not (st.burn is not None and st.burn.burner == owner):
            return idle  # a teammate's set stands
        burning = st.burn is not None and st.burn.burner == seat
        infos = [(p, _info(p.cards)) for p in plays]
        cheapest = min(infos, key=lambda pi: (self._natural_cost(st, seat, pi[1]), pi[1].base or 0))
        if burning:
            jok = [(p, i) for p, i in infos if i.jokers]
            if jok:
                return min(jok, key=lambda pi: (pi[1].jokers, pi[1].base or 0))[0]
        # 闷: beat an opponent's last non-3 set at any cost
        if getattr(top, "men_cand", False):
            return cheapest[0]
        if top.gouji and owner == _DUI[seat]:
            # answer the 对头's 够级 set, or now and then let the teammates try first
            if yields and rng.random() < self.yield_p:
                return yields[0]
            return cheapest[0]
        info = cheapest[1]
        cost = self._natural_cost(st, seat, info)
        if top.gouji and cost <= 6:
            return cheapest[0]
        if cost <= 1.5:
            return cheapest[0]
        if cost <= 4 and (total <= 12 or rng.random() < 0.3):
            return cheapest[0]
        return idle

    def interject(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """Burn when it can finish with its jokers; play 二杀一 when offered."""
        st, seat, rng = ctx.state, ctx.seat, ctx.rng
        plays = [a for a in options if isinstance(a, Play)]
        if plays:  # 二杀一 out of turn
            return plays[0]
        burns = [a for a in options if isinstance(a, Burn)]
        declines = [a for a in options if isinstance(a, Pass)]
        top = st.top
        # say 不烧 out loud now and then (an opponent's set one will not burn)
        no: Action | None = None
        if declines and top is not None and _team(top.owner) != _team(seat):
            no = declines[0] if rng.random() < 0.15 else None
        if not burns or top is None:
            return no
        if _team(top.owner) == _team(seat) and rng.random() > 0.1:
            return None  # rarely burn a teammate's set
        # 反烧: the standing set is a burner's; beating it stops his burn
        counter = st.burn is not None and st.burn.burner == top.owner
        counts = st.known[seat]
        best: tuple[float, Burn] | None = None
        for b in burns:
            i = _info(b.cards)
            rest = list(counts)
            for c in b.cards:
                if c.rank is not None:
                    rest[c.rank - 3] -= 1
            groups = _groups(rest) + (1 if rest[I2] and not any(rest[:I2]) else 0)
            jokers = rest[IX] + rest[ID]
            slack = groups - jokers  # sets that would lack a joker; the last is exempt
            key = slack + 0.01 * i.power
            if best is None or key < best[0]:
                best = (key, b)
        assert best is not None
        if counter and _team(top.owner) != _team(seat) and rng.random() < 0.6:
            return best[1]  # stopping an opposing burner is worth a gamble (反烧)
        limit = 1.0 + (1.0 if rng.random() < self.risk else 0.0)
        slack_ok = best[0] <= limit
        return best[1] if slack_ok else no

    def preplay(self, ctx: Context, options: Sequence[Action]) -> Action | None:
        """Buy a missing 3/4 with the cheapest card; 革命 with a hopeless hand; give a
        3 to a teammate who cannot buy one."""
        st, seat, rng = ctx.state, ctx.seat, ctx.rng
        buys = [a for a in options if isinstance(a, Buy) and a.seat == seat]
        if buys:
            return min(buys, key=lambda b: (b.paid.rank or 0, b.from_seat))
        revs = [a for a in options if isinstance(a, Revolution)]
        if revs:
            counts = st.known[seat]
            weak = sum(counts[i] for i in range(8, I2))  # T and above
            if weak <= 10 or rng.random() < 0.5:
                return revs[0]
        gives = [a for a in options if isinstance(a, Give) and a.seat == seat]
        if gives:
            mate = [g for g in gives if _team(g.to_seat) == _team(seat)]
            if mate:
                return mate[0]
            if rng.random() < 0.5:
                return gives[0]
        return None

    def report(self, ctx: Context, option: Report) -> bool:
        """Report at 10 cards and below, about half the time."""
        return ctx.rng.random() < 0.5

    def timeout(self, ctx: Context) -> bool:
        """Rarely (one turn in 200)."""
        return ctx.rng.random() < 0.005


#: The bots by name.
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str) -> Bot:
    """A bot by name (``random`` or ``heuristic``).

    :raises KeyError: for an unknown name.
    """
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}") from None
