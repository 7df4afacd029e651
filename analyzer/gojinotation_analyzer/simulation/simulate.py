"""Self-play: shuffled decks, complete deals played by bots, GJN records and statistics.

No public Gouji game records exist, so the engine and the format are proven on games the
project makes itself: :func:`simulate` deals shuffled decks of a profile, finds the first
leader the way the profile says (开牌, then 上班/顶班, or the previous deal's 大落 in a
match), lets a bot per seat choose among :func:`engine.legal_actions`, and
yields each deal as a :class:`gojinotation.model.Deal` with its tags, the six dealt
hands (every card suited, so 上班 can be told) and the moves, with a round mark before
every lead and every pass and 扣牌 written out.  With ``match=True`` the deals form one
match: the next deal's leader comes from the last one, and tribute (进贡/还贡) is paid
before play where the profile has it.

The same ``seed`` gives the same records on any machine: every random choice comes from
a :class:`random.Random` seeded with a string (hashed with SHA-512 by Python, not with
the per-process string hash), and nothing iterates over a set of strings.

The deck, the 开牌 and the deal (:func:`build_deck`, :func:`first_taker`,
:func:`deal_hands`, :func:`shangban_leader`) live in :mod:`.dealing`; a deal's result
(:class:`SimResult`) and the statistics of a corpus (:func:`stats`, :func:`stats_table`,
:data:`LABELS` …) in :mod:`.results`; the players' and teams' names (:func:`player_names`,
:func:`team_names`) in :mod:`.names`; this module re-exports them.

>>> d = next(simulate("qingdao-standard", seed=7, deals=1))
>>> d.tags["Event"], d.tags["Profile"], d.tags["Seat1"], d.tags["X_Bots"]
('够级模拟对局 第1局', 'qingdao-standard', '朱军', 'heuristic')
>>> sorted(len(h.cards) for h in d.hands)
[36, 36, 36, 36, 36, 36]
>>> from gojinotation_analyzer.engine import replay
>>> last = list(replay(d))[-1]
>>> last.state.is_over
True
>>> " ".join(str(s) for s in sorted(last.state.place_of, key=last.state.place_of.get)) \\
...     == d.tags["Finish"]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

import attrs

from gojinotation.cards import sort_cards
from gojinotation.errors import GoujiError
from gojinotation.model import (
    Action,
    Burn,
    Buy,
    Close,
    Deal,
    Declare,
    Give,
    Hand,
    JiefengClaim,
    Kaidian,
    MoveItem,
    Pass,
    Play,
    Report,
    Return,
    Revolution,
    RoundMark,
    Tag,
    Timeout,
    Tribute,
    Yield,
)
from gojinotation_analyzer.engine import can, do, legal_actions, new_deal
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.crossdeal import next_opening
from gojinotation_analyzer.engine.opening import deal_leader
from gojinotation_analyzer.engine.scoring import DealScore, Obligation, legal_return_cards
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.rules.profiles import load_ruleset, resolve_profile_id
from gojinotation_analyzer.rules.ruleset import Ruleset
from gojinotation_analyzer.simulation.bots import Bot, Context, make_bot
from gojinotation_analyzer.simulation.dealing import (
    build_deck,
    deal_hands,
    first_taker,
    shangban_leader,
)
from gojinotation_analyzer.simulation.names import (
    GIVEN_NAMES,
    SURNAMES,
    TEAM_NAMES,
    event_name,
    player_names,
    team_names,
)
from gojinotation_analyzer.simulation.results import (
    EVENT_KINDS,
    LABELS,
    NOT_SELF_PLAY,
    SimResult,
    Stats,
    event_keys,
    short_name,
    stat_rows,
    stats,
    stats_table,
)

__all__ = [
    "EVENT_KINDS",
    "GIVEN_NAMES",
    "LABELS",
    "NOT_SELF_PLAY",
    "SURNAMES",
    "TEAM_NAMES",
    "SimResult",
    "SimulationError",
    "Stats",
    "build_deck",
    "deal_hands",
    "event_keys",
    "event_name",
    "first_taker",
    "player_names",
    "shangban_leader",
    "short_name",
    "simulate",
    "simulate_results",
    "stat_rows",
    "stats",
    "stats_table",
    "team_names",
]

SEATS = (1, 2, 3, 4, 5, 6)
_NXT = (0, 2, 3, 4, 5, 6, 1)
_PRV = (0, 6, 1, 2, 3, 4, 5)
_DUI = (0, 4, 5, 6, 1, 2, 3)

#: The kinds of action :meth:`_Table.choose` looks for (exact types: no subclasses).
_PRE: frozenset[type] = frozenset({Revolution, Buy, Give})
_OUT_OF_TURN: frozenset[type] = frozenset({Burn, Pass, Play})
_TURN: frozenset[type] = frozenset({Play, Pass, Yield, Close})
_TURN_CLOSING: frozenset[type] = frozenset({Play, Pass, Yield})


def _ring(owner: int) -> tuple[int, ...]:
    ring = []
    s = owner
    for _ in range(5):
        s = _NXT[s]
        ring.append(s)
    ring.sort(key=lambda x: x % 2 != owner % 2)
    return tuple(ring)


#: The seats asked about a standing set of each owner, in order (see :meth:`_Table.ring`).
_RING: tuple[tuple[int, ...], ...] = ((), *(_ring(o) for o in SEATS))

#: A deal that has not ended after this many actions is a bug (a deal takes ~100-300).
MAX_ACTIONS = 5000


class SimulationError(GoujiError):
    """The engine left a seat without a legal action, or disagreed with its own list of
    legal actions (``do`` reported a Violation for a listed action): an engine bug.

    :ivar summary: the state's one-line summary; :ivar actions: the moves so far.
    """

    def __init__(self, message: str, summary: str, actions: Sequence[MoveItem] = ()) -> None:
        super().__init__(f"{message} (in {summary})")
        self.summary = summary
        self.actions = tuple(actions)


# ------------------------------------------------------------------------------ play


def _fresh(action: Action) -> Action:
    """An equal copy of a (frozen) action: a record holds each move as an object of its
    own (tools map frames to moves by identity).  Field by field, as ``attrs.evolve``
    would, without running the constructor again (the values are already valid)."""
    cls = type(action)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls))
    copy = object.__new__(cls)
    for name in names:
        object.__setattr__(copy, name, getattr(action, name))
    return copy


_FIELDS: dict[type, tuple[str, ...]] = {}


class _Table:
    """Plays one deal: asks the bots, applies the actions, writes the moves."""

    def __init__(
        self,
        rs: Ruleset,
        st: DealState,
        bots: Mapping[int, Bot],
        rng: random.Random,
        table_events: bool = False,
    ) -> None:
        self.rs = rs
        #: GJN 1.1: declare a burn before playing it, claim 接风 and automatic 开点
        self.table_events = table_events
        self.st = st
        self.bots = bots
        self.rng = rng
        self.moves: list[MoveItem] = []
        #: ids of the actions in ``moves`` (alive there, so the ids are their own): every
        #: move of a record is an object of its own, as read from text
        self.recorded: set[int] = set()
        self.events: list[E.Event] = list(st.events)
        self.pre_asked: dict[int, tuple[Action, ...]] = {}
        self.burn_top: object = None
        self.burn_asked: set[int] = set()
        self.report_asked: set[tuple[int, int]] = set()
        self.timeouts = rs.time.limit_s is not None

    def ctx(self, seat: int) -> Context:
        return Context(self.st, seat, self.rng)

    def primary(self) -> int:
        st = self.st
        return st.next_leader if st.closing else st.turn

    def ring(self) -> tuple[int, ...]:
        """The seats asked about the standing set, in the order they are asked: the
        owner's teammates, then the others, each in play order (new sets reset who has
        been asked)."""
        top = self.st.top
        if top is not self.burn_top:
            self.burn_top = top
            self.burn_asked = set()
        if top is None:
            return ()
        return _RING[top.owner]

    def wanted(self) -> set[int]:
        """The seats whose plays and burns :meth:`choose` may look at: the seat to act
        (and the leader) and the seats not yet asked about the standing set.  A seat
        asked once is not asked again while the set stands, so its sets are not listed."""
        st = self.st
        want = {self.primary()}
        if st.top is None:
            want.add(st.leader)
        want.update(s for s in self.ring() if s not in self.burn_asked)
        return want

    def choose(self, legal: list[Action], full: bool = True) -> Action:
        """The next action, among ``legal`` (``full``: the whole list; otherwise the list
        with only the :meth:`wanted` seats' plays and burns, which is all that steps 1-6
        read; step 7 lists everything)."""
        st = self.st
        # one pass: the actions by seat (in the list's order), the first tribute owed
        by_seat: dict[int, list[Action]] = {1: [], 2: [], 3: [], 4: [], 5: [], 6: []}
        reports: list[Report] = []
        pre = False
        for a in legal:
            t = type(a)
            if t is Tribute:  # 1. tribute owed, then 还贡, before anything else
                return a
            if t is Report:
                assert isinstance(a, Report)
                reports.append(a)
            elif t in _PRE:
                pre = True
            by_seat[a.seat].append(a)
        if st.received and not st.any_play and self.rs.tribute.return_ != "none":
            payer, receiver, n = st.received[0]
            cards = sort_cards(legal_return_cards(st.hand(receiver), n, self.rs)[:n])
            if len(cards) == n:
                return Return(receiver, cards=cards, to_seat=payer)
        prim = self.primary()
        # 2. before play: 革命, buy, give
        if pre:
            order = [prim] + [s for s in SEATS if s != prim] if prim else list(SEATS)
            for s in order:
                opts: tuple[Action, ...] = tuple(a for a in by_seat[s] if type(a) in _PRE)
                if opts and self.pre_asked.get(s) != opts:
                    self.pre_asked[s] = opts
                    got = self.bots[s].preplay(self.ctx(s), opts)
                    if got is not None:
                        return got
        # 3. out of turn on the standing set: burns (the 够级 player's teammates first,
        #    then in play order), declines, 二杀一
        top = st.top
        if top is not None:
            for s in self.ring():
                if s in self.burn_asked:
                    continue
                if s != prim:
                    opts = tuple(a for a in by_seat[s] if type(a) in _OUT_OF_TURN)
                else:
                    opts = tuple(a for a in by_seat[s] if type(a) is Burn)
                if opts:
                    self.burn_asked.add(s)
                    got = self.bots[s].interject(self.ctx(s), opts)
                    if got is not None:
                        return got
        # 4. 报牌
        for r in reports:
            if (r.seat, r.count) not in self.report_asked:
                self.report_asked.add((r.seat, r.count))
                if self.bots[r.seat].report(self.ctx(r.seat), r):
                    return r
        # 5. 扣牌 by the legal 扣牌人, written out
        if st.closing and st.closer:
            for a in by_seat[st.closer]:
                if type(a) is Close:
                    return a
        # 6. the seat whose turn it is
        if prim:
            kinds = _TURN_CLOSING if st.closing else _TURN
            opts = tuple(a for a in by_seat[prim] if type(a) in kinds)
            if opts:
                if (
                    self.timeouts
                    and top is not None
                    and not st.closing
                    and prim == st.turn
                    and self.bots[prim].timeout(self.ctx(prim))
                ):
                    return Timeout(prim)
                return self.bots[prim].turn(self.ctx(prim), opts)
        # 7. nothing ordinary is open (a seat that must buy, 革命 …): any legal action
        if not full:
            legal = legal_actions(st)
        rest = [a for a in legal if not isinstance(a, Report)] or legal
        mine = [a for a in rest if a.seat == prim] or rest
        return self.bots[mine[0].seat].turn(self.ctx(mine[0].seat), mine)

    def run(self) -> None:
        st = self.st
        for _ in range(MAX_ACTIONS):
            if st.ended:
                return
            legal = legal_actions(st, sets_for=self.wanted())
            full = False
            if not legal:
                legal, full = legal_actions(st), True
            if not legal:
                raise SimulationError("no legal action", st.summary(), self.moves)
            action = self.choose(legal, full)
            if self.table_events and self._say(action):
                st = self.st
                if st.ended or not can(st, action):
                    continue  # the declaration changed what is legal: choose again
            self._record(action)
            st = self.st
        raise SimulationError(f"no end after {MAX_ACTIONS} actions", st.summary(), self.moves)

    def _say(self, action: Action) -> bool:
        """GJN 1.1 table events a player would say before ``action`` (only those
        :func:`legal_actions` lists with ``table_events``, each judged by its family): a
        burn declared before the burning set (声明烧牌), a claim of 接风 and of automatic
        开点 by the seat about to act.  Returns whether one was recorded."""
        seat = action.seat
        wanted: list[Action] = [Declare(seat)] if type(action) is Burn else []
        wanted += [JiefengClaim(seat), Kaidian(seat)]
        done = False
        for a in wanted:
            if not self.st.ended and can(self.st, a):  # as legal_actions lists them
                self._record(a)
                done = True
        return done

    def _record(self, action: Action) -> None:
        """Apply ``action`` (listed as legal: a violation is a bug) and write it."""
        st = self.st
        nst, ev = do(st, action)
        bad = [e for e in ev if isinstance(e, E.Violation)]
        if bad:
            raise SimulationError(
                f"the engine listed {action!r} as legal but ruled {bad[0].rule_id}: {bad[0].en}",
                st.summary(),
                self.moves,
            )
        if nst.round_no != st.round_no:
            self.moves.append(RoundMark(nst.round_no))
        if id(action) in self.recorded:  # legal_actions reuses equal actions
            action = _fresh(action)
        self.recorded.add(id(action))
        self.moves.append(action)
        self.events.extend(ev)
        self.st = nst


# ------------------------------------------------------------------------------ deals


def _rng(seed: int, *parts: object) -> random.Random:
    # a str seed is hashed with SHA-512 by random.seed: the same on every machine
    return random.Random(":".join(["gouji-simulate", str(seed), *map(str, parts)]))


def _bot_names(bot: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(bot, str):
        return (bot,) * 6
    names = tuple(bot)
    if len(names) != 6:
        raise ValueError(f"six bot names are needed, one a seat; got {len(names)}")
    return names


def _finish(state: DealState) -> str:
    places = state.place_of
    return " ".join(str(s) for s in sorted(places, key=lambda s: places[s]))


def _score_tag(score: DealScore | None) -> str:
    if score is None:
        return "A 0 B 0"  # a void deal scores nothing
    tp = score.team_points
    return f"A {tp.get('A', 0)} B {tp.get('B', 0)}"


def simulate_results(
    profile: str,
    seed: int,
    deals: int,
    *,
    bot: str | Sequence[str] = "heuristic",
    match: bool = False,
    overrides: str = "",
    start: int = 1,
    table_events: bool = False,
) -> Iterator[SimResult]:
    """Play ``deals`` deals and yield each with its events and final state.

    :param profile: a profile id or alias (``qingdao-standard``, ``QB`` …).
    :param seed: any integer; the same seed gives the same deals everywhere.
    :param bot: a bot name for every seat, or six names (seats 1-6).
    :param match: play the deals as one match: the next leader from the last deal
        (``open.subsequent``), tribute and its return before play (``tribute.mode =
        luo``).  Without it every deal is a first deal (fresh 开牌 and 上班).
    :param overrides: ``[Rules "..."]`` overrides of the profile, written to the record.
    :param start: the number of the first deal (deal ``k`` depends only on ``seed`` and
        ``k`` unless ``match``: ``start`` lets a corpus be made in pieces).
    :param table_events: write the GJN 1.1 table events a player says before acting: a
        burn declared before the burning set (``3:declare``), claims of 接风 and of
        automatic 开点 (``jiefeng``, ``kaidian``), each only where the engine accepts it.
    :raises SimulationError: when the engine leaves the game stuck (a bug).
    """
    pid = resolve_profile_id(profile)
    rs = load_ruleset(pid, overrides)
    names = _bot_names(bot)
    teams = team_names(seed)
    players = player_names(seed)
    bots_tag = names[0] if len(set(names)) == 1 else ",".join(names)
    bots = {s: make_bot(names[s - 1]) for s in SEATS}
    base = build_deck(rs)
    obligations: tuple[Obligation, ...] = ()
    prev: SimResult | None = None
    prev_taker = 0
    hands_per_game = max(1, rs.match.hands_per_game)
    for k in range(start, start + deals):
        deck_rng = _rng(seed, k, "deck")
        play_rng = _rng(seed, k, "play")
        deck = list(base)
        deck_rng.shuffle(deck)
        fresh = True
        taker = 0
        if match and prev is not None:
            taker, fresh = _next_opening(rs, prev, prev_taker)
        if fresh:
            taker = first_taker(rs, deck_rng, deck)
        hands, draw = deal_hands(deck, taker, rs)
        leader = shangban_leader(rs, draw, taker) if fresh else taker
        # the events the replay reports for the Leader tag (R-OPEN-1: a Dispute where
        # open.shangban is open and a reading names another first leader)
        head = [Tag("Deal", str(k)), Tag("Leader", str(leader))]
        if match:
            head.append(Tag("Game", str((k - start) // hands_per_game + 1)))
        _, lead_events = deal_leader(
            Deal(header=tuple(head), hands=tuple(Hand(s, sort_cards(hands[s])) for s in SEATS)),
            {s: hands[s] for s in SEATS},
            rs,
            pid,
        )
        st = new_deal(
            {s: hands[s] for s in SEATS},
            rs,
            leader=leader,
            profile=pid,
            obligations=obligations if match else (),
            notes=lead_events,
        )
        table = _Table(rs, st, bots, play_rng, table_events)
        table.run()
        final = table.st
        result_score = next(
            (e.score for e in reversed(table.events) if isinstance(e, E.DealEnded)), None
        )
        # Deals played apart are not one match: each names its own event, so that the
        # validator does not link deal k to deal k-1 (R-OPEN-1 across deals, crossdeal).
        tags = [Tag("Event", event_name(teams, k if not match else None))]
        if match:
            tags.append(Tag("Game", str((k - start) // hands_per_game + 1)))
        tags.append(Tag("Deal", str(k)))
        tags += [Tag(f"Seat{s}", players[s - 1]) for s in SEATS]
        tags += [Tag("TeamA", teams[0]), Tag("TeamB", teams[1])]
        tags.append(Tag("Profile", pid))
        if overrides.strip():
            tags.append(Tag("Rules", overrides.strip()))
        tags.append(Tag("Leader", str(leader)))
        if result_score is not None:
            tags.append(Tag("Finish", _finish(final)))
        tags += [Tag("Score", _score_tag(result_score)), Tag("Seed", str(seed))]
        tags.append(Tag("X_Bots", bots_tag))
        deal = Deal(
            header=tuple(tags),
            hands=tuple(Hand(s, sort_cards(hands[s])) for s in SEATS),
            moves=tuple(table.moves),
        )
        prev = SimResult(deal, tuple(table.events), final)
        prev_taker = taker
        obligations = ()
        if result_score is not None and rs.tribute.mode == "luo":
            obligations = result_score.obligations
        yield prev


def _next_opening(rs: Ruleset, prev: SimResult, prev_taker: int) -> tuple[int, bool]:
    """The first taker of the next deal of a match, and whether it is a fresh 开牌
    (R-OPEN-1: :func:`~gojinotation_analyzer.engine.crossdeal.next_opening`)."""
    ended = next((e for e in reversed(prev.events) if isinstance(e, E.DealEnded)), None)
    if ended is None:
        return 0, True
    return next_opening(ended, rs, prev_taker)


def simulate(
    profile: str,
    seed: int,
    deals: int,
    *,
    bot: str | Sequence[str] = "heuristic",
    match: bool = False,
    overrides: str = "",
    start: int = 1,
    table_events: bool = False,
) -> Iterator[Deal]:
    """Play ``deals`` deals of ``profile`` and yield them as GJN records.

    Tags: ``Event`` (:func:`event_name`: the two teams' match, or a numbered friendly for
    deals played apart, so that no two read as one match), ``Game`` (in a match), ``Deal``,
    ``Seat1``-``Seat6`` (six plausible player names, :func:`player_names`), ``TeamA`` and
    ``TeamB`` (:func:`team_names`), ``Profile``, ``Rules`` (when overridden), ``Leader``,
    ``Finish`` (seats in place order; none for a void deal), ``Score`` (``A n B m`` as the
    engine scores the deal; ``A 0 B 0`` when void), ``Seed`` and ``X_Bots`` (the bots
    that played: one name when every seat had the same, else six, comma-separated).  See
    :func:`simulate_results` for the parameters.

    >>> a = list(simulate("QB", seed=3, deals=2, bot="random"))
    >>> b = list(simulate("QB", seed=3, deals=2, bot="random"))
    >>> a == b, a[0] != a[1]
    (True, True)
    """
    for r in simulate_results(
        profile,
        seed,
        deals,
        bot=bot,
        match=match,
        overrides=overrides,
        start=start,
        table_events=table_events,
    ):
        yield r.deal
