"""The state of one deal: hands (with unknown cards), the round, places, 开点, burns.

:class:`DealState` is a snapshot.  The engine (:mod:`gojinotation_analyzer.engine`) never changes a
state it was given: every transition copies the state (a shallow dictionary copy; every
field is immutable) and changes the copy, so a replay can keep every frame.

Cards are counted by rank: index ``r - 3`` for ranks 3 … 大王 (15 counters).  Suits only
matter for 上班 and play no part in card conservation.  A seat's hand is its *known*
cards plus a number of *unknown* cards (``?`` in the record, or a hand written ``-``);
``pool`` holds the cards of the deck not yet accounted for, from which the unknown cards
must come, so a partial record is checked as far as it can be.

>>> from gojinotation_analyzer.engine import new_deal
>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> from gojinotation.cards import parse_cards
>>> st = new_deal({1: parse_cards("KK3"), 2: parse_cards("AA4"), 3: parse_cards("55"),
...                4: parse_cards("66"), 5: parse_cards("77"), 6: parse_cards("88")},
...               Ruleset(), leader=1, deck_check=False)
>>> st.turn, st.count(1), st.hand(2)
(1, 3, (Card.parse('A'), Card.parse('A'), Card.parse('4')))
>>> st.summary()
'lead 1 | 1:KK3 2:AA4 3:55 4:66 5:77 6:88'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from gojinotation.cards import Card, Rank, format_cards
from gojinotation.model import Action, Span

if TYPE_CHECKING:  # pragma: no cover
    from gojinotation_analyzer.engine.events import Event
    from gojinotation_analyzer.engine.params import _P
    from gojinotation_analyzer.engine.sets import SetShape
    from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = ["NRANKS", "RANK_CARDS", "DealState", "Frame", "Round", "Turn", "cards_of"]

#: Number of rank counters (3 … 大王).
NRANKS = 15
#: One unsuited card per rank index.
RANK_CARDS: tuple[Card, ...] = tuple(Card(Rank(i + 3)) for i in range(NRANKS))
SEATS7 = range(1, 7)
NXT = (0, 2, 3, 4, 5, 6, 1)
DUI = (0, 4, 5, 6, 1, 2, 3)
BIT = (0, 2, 4, 8, 16, 32, 64)
#: The high bits of ``DealState.passed``: seats that lost the rest of the round to 错牌不出
#: (R-CUOPAI-1, 001b 3 "本轮无权再顺牌"), with no 对头 exception; they reset with ``passed``.
BARRED = tuple(b << 7 for b in BIT)
#: Higher bits of ``DealState.passed``: the standing 够死级 set of the seat was played on a
#: kept chance, not on his 对头's 底牌 (R-DIPAI-1, gousiji.window: an answer is disputed).
GSJ_KEPT = tuple(b << 14 for b in BIT)
ALL = 2 + 4 + 8 + 16 + 32 + 64


#: How :attr:`DealState.to_act` is answered: :mod:`gojinotation_analyzer.engine.legal`
#: puts its function here when it is imported (this module cannot import it: it imports
#: this one).
TO_ACT: list[Callable[[DealState], tuple[Turn, ...]]] = []


def cards_of(counts: tuple[int, ...]) -> tuple[Card, ...]:
    """Unsuited cards for rank counters, strongest first.

    >>> format_cards(cards_of((1,) + (0,) * 13 + (2,)))
    'DD3'
    """
    out: list[Card] = []
    for i in range(NRANKS - 1, -1, -1):
        n = counts[i]
        if n:
            out.extend([RANK_CARDS[i]] * n)
    return tuple(out)


# Restrictions on who may answer the standing set.
R_NONE = 0  #: anyone, in turn order
R_DUITOU = 1  #: only the owner's 对头 (and 无头 seats); others only by burning
R_NOBODY = 2  #: nobody, except by burning (够死级, a failed burner's 对门)


class Top:
    """The standing set of the round (immutable by convention)."""

    __slots__ = (
        "burn",
        "cards",
        "counts",
        "gouji",
        "gousiji",
        "kd_ok",
        "men_cand",
        "owner",
        "restrict",
        "shape",
        "single_big",
    )

    def __init__(
        self,
        owner: int,
        cards: tuple[Card, ...],
        counts: tuple[int, ...],
        shape: SetShape | None,
        gouji: bool,
        restrict: int,
        gousiji: bool = False,
        kd_ok: bool = False,
        men_cand: bool = False,
        burn: bool = False,
        single_big: bool = False,
    ) -> None:
        self.owner = owner
        self.cards = cards
        self.counts = counts
        self.shape = shape
        self.gouji = gouji
        self.restrict = restrict
        self.gousiji = gousiji
        self.kd_ok = kd_ok
        self.men_cand = men_cand
        self.burn = burn
        self.single_big = single_big

    def __repr__(self) -> str:
        return f"Top({self.owner}:{format_cards(self.cards)})"


class ActiveBurn:
    """The burn in progress (immutable by convention)."""

    __slots__ = ("burner", "first", "index", "level", "sets", "succeeded", "teammate", "victim")

    def __init__(
        self,
        burner: int,
        victim: int,
        level: int,
        index: int,
        *,
        sets: int = 1,
        first: bool = True,
        succeeded: bool = False,
        teammate: bool = False,
    ) -> None:
        self.burner = burner
        self.victim = victim
        self.level = level
        self.index = index
        self.sets = sets
        self.first = first
        self.succeeded = succeeded
        self.teammate = teammate

    def evolve(self, **kw: Any) -> ActiveBurn:
        """A copy with some fields changed."""
        b = ActiveBurn(self.burner, self.victim, self.level, self.index)
        for k in self.__slots__:
            setattr(b, k, kw.get(k, getattr(self, k)))
        return b


@attrs.frozen
class Turn:
    """A seat that may act now and the kinds of action open to it.

    ``primary`` is the seat whose turn it is in the ordinary order (exactly one while the
    deal goes on); the others may only interject (burn, decline a burn, report, buy …).
    """

    seat: int
    kinds: frozenset[str]
    primary: bool = False


@attrs.frozen
class Round:
    """A view of the current round (轮) for renderers and messages."""

    number: int
    leader: int
    standing: tuple[Card, ...] | None
    owner: int | None
    gouji: bool
    passed: tuple[int, ...]
    closing: bool
    burner: int | None


@attrs.frozen
class Frame:
    """One step of a replay: the action (``None`` for the initial frame), the state after
    it, its events and the action's source span.  Shared by the validator and the
    renderer, which never re-judge."""

    index: int
    action: Action | None
    state: DealState = attrs.field(repr=False)
    events: tuple[Event, ...]
    span: Span | None = None


class DealState:
    """A snapshot of a deal.  Build one with :func:`gojinotation_analyzer.engine.new_deal`;
    advance it with :func:`gojinotation_analyzer.engine.do`.  Treat it as immutable."""

    # Every attribute is set by the engine (opening.new_deal, the rule families); they are
    # listed here for readers.
    rs: Ruleset
    p: _P
    profile: str | None
    obligations: tuple[tuple[int, int, int], ...]
    known: tuple[tuple[int, ...], ...]
    unknown: tuple[int, ...]
    pool: tuple[int, ...]
    void: tuple[int, ...]
    void_unknown: int
    played: tuple[int, ...]
    played_unknown: int
    active: int
    places: tuple[int, ...]
    out_order: tuple[int, ...]
    forced: tuple[int, ...]
    rev_pending: tuple[int, ...]
    revolutions: tuple[int, ...]
    started: int
    any_play: bool
    leader: int
    top: Top | None
    passed: int
    declined: int
    turn: int
    yielder: int
    closing: bool
    closer: int
    next_leader: int
    burn: ActiveBurn | None
    burns: tuple[tuple[int, int, str, int], ...]
    #: R-BURN-2: the pending burn declaration (``3:declare``) on ``claims_top``
    burn_claims: tuple[int, ...]
    claims_top: Top | None
    #: R-OPEN-1: the seat that must draw next after a joker (0: any), a count drawn
    draw_next: int
    draw_done: bool
    #: R-REVOLUTION-1: the 保拉 declarations, (backer, rebel)
    baola: tuple[tuple[int, int], ...]
    #: R-OPEN-1: the seat that leads first by the 亮3 shown so far, and how many it showed
    liang: tuple[int, int]
    opened: int
    kd_done: int
    kd_pending: int
    #: the seat whose opening would still await his lead of 4s under kaidian.lead4 = true
    #: where that point is open (the engine's reading opened him already: a dispute
    #: names the difference at his next lead unless it is 4s)
    kd_shadow: int
    #: the seats whose 开点 that kaidian.lead4 dispute already named (one dispute a seat)
    kd_alt: int
    men: tuple[int, ...]
    men_facts: tuple[tuple[int, int, int], ...]
    ershayi: tuple[tuple[int, int], ...]
    penalties: tuple[tuple[int, int, str], ...]
    gsj: tuple[int, ...]
    youtou: int
    #: the failed burners whose 有头 the youtou.lifted_after_toke_erke dispute named
    youtou_told: int
    wutou_seen: int
    sihu: bool
    ended: bool
    void_deal: bool
    lose_lead: int
    #: seats that would lose their next lead under the other reading of an open
    #: ``penalty.misplay_lose_lead`` (a Dispute when that lead comes, R-PENALTY-1)
    lose_lead_open: int
    reported: tuple[int, ...]
    received: tuple[tuple[int, int, int], ...]
    round_no: int
    n: int
    chuan3hu_seen: bool
    hist: tuple[Any, tuple[Event, ...]] | None
    deck_check: bool
    result: Any

    def copy(self) -> DealState:
        """A shallow copy (every field is immutable)."""
        new = DealState.__new__(DealState)
        new.__dict__ = self.__dict__.copy()
        return new

    # ----------------------------------------------------------------- public views

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the deal is played under."""
        return self.rs

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The known cards of ``seat`` (unsuited, strongest first)."""
        return cards_of(self.known[seat])

    def unknown_count(self, seat: int) -> int:
        """How many of ``seat``'s cards are unknown."""
        return self.unknown[seat]

    def count(self, seat: int) -> int:
        """How many cards ``seat`` holds (known plus unknown)."""
        return sum(self.known[seat]) + self.unknown[seat]

    @property
    def hands(self) -> dict[int, tuple[tuple[Card, ...], int]]:
        """Seat -> (known cards, number of unknown cards)."""
        return {s: (self.hand(s), self.unknown[s]) for s in SEATS7}

    def is_active(self, seat: int) -> bool:
        """True while ``seat`` holds cards and plays on."""
        return bool(self.active & BIT[seat])

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self.ended

    @property
    def place_of(self) -> dict[int, int]:
        """Seat -> place (1 = 头科 … 6 = 大落) for the places decided so far."""
        return {s: self.places[s] for s in SEATS7 if self.places[s]}

    @property
    def opened_status(self) -> dict[int, bool | None]:
        """Seat -> ``True`` opened, ``False`` 不开点, ``None`` undecided or not played."""
        out: dict[int, bool | None] = {}
        for s in SEATS7:
            if self.opened & BIT[s]:
                out[s] = True
            elif self.kd_done & BIT[s]:
                out[s] = False
            else:
                out[s] = None
        return out

    @property
    def current_round(self) -> Round:
        """The round in progress."""
        top = self.top
        return Round(
            number=self.round_no,
            leader=self.leader,
            standing=top.cards if top else None,
            owner=top.owner if top else None,
            gouji=bool(top and top.gouji),
            passed=tuple(s for s in SEATS7 if self.passed & BIT[s]),
            closing=self.closing,
            burner=self.burn.burner if self.burn else None,
        )

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the deal so far, in order (for a state that
        :func:`gojinotation_analyzer.engine.replay` yielded: the events of its own frame)."""
        chunks: list[tuple[Event, ...]] = []
        node = self.hist
        while node is not None:
            chunks.append(node[1])
            node = node[0]
        out: list[Event] = []
        for c in reversed(chunks):
            out.extend(c)
        return tuple(out)

    @property
    def to_act(self) -> tuple[Turn, ...]:
        """The seats that may act now and what they may do (primary seat first)."""
        return TO_ACT[0](self)

    def summary(self) -> str:
        """A one-line fingerprint of the state for error messages (like a FEN)."""
        parts: list[str] = []
        if self.ended:
            parts.append("ended")
        elif self.top is None:
            parts.append(f"lead {self.leader}")
        else:
            t = self.top
            flag = "g" if t.gouji else ""
            flag += "b" if t.burn else ""
            parts.append(f"top {t.owner}:{format_cards(t.cards)}" + (f"({flag})" if flag else ""))
            if self.closing:
                parts.append(f"close {self.closer or '-'} next {self.next_leader}")
            else:
                parts.append(f"turn {self.turn}")
            if self.passed:
                parts.append("passed " + ",".join(str(s) for s in SEATS7 if self.passed & BIT[s]))
        if self.burn:
            parts.append(f"burn {self.burn.burner}>{self.burn.victim}")
        hands = []
        for s in SEATS7:
            if self.places[s]:
                hands.append(f"{s}=P{self.places[s]}")
            else:
                txt = format_cards(cards_of(self.known[s]))
                if self.unknown[s]:
                    txt += f"?{self.unknown[s]}"
                hands.append(f"{s}:{txt or '-'}")
        return " | ".join([" ".join(parts), " ".join(hands)])

    def __repr__(self) -> str:
        return f"<DealState {self.summary()}>"
