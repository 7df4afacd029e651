"""The GJN record model: immutable ``attrs`` values for every part of a record.

A :class:`Match` (one ``.gjn`` file) holds :class:`Deal` values in order.  A deal has
tag pairs, the six hands and the moves in time order.  Every value keeps its source
:class:`Span`; spans never take part in equality, so ``parse(write(r)) == r``.

The model knows no rules: the rules engine (``gojinotation_analyzer``) gives these values meaning.

Vocabulary (grammar rule = class = engine verb):

==================  ===============  ============================================
GJN                 class            meaning
==================  ===============  ============================================
``3:KKK``           :class:`Play`    play a set (出牌/顺牌)
``KKK``             :class:`TurnPlay`  a set by the seat to act, its seat not written
``3:-``             :class:`Pass`    pass (过牌)
``3:yield``         :class:`Yield`   让牌: let the next two seats act first
``3:close``         :class:`Close`   扣牌: turn the round's cards, ending the round
``3:burn KKKK``     :class:`Burn`    declare 烧牌 and play the beating set
``3:report 9``      :class:`Report`  报牌: state the number of cards left
``3:revolution``    :class:`Revolution`  革命 (or 造反)
``3:buy 3 from 6 for 2``  :class:`Buy`   买3/买4: buy a card, paying with a card
``3:give 3 to 5``   :class:`Give`    送3: hand over a card
``3:tribute D to 1``  :class:`Tribute`  进贡 between deals
``3:return 4 to 6``   :class:`Return`   还贡 between deals
``3:timeout``       :class:`Timeout`  the seat ran out of time (超时)
``3:penalty -2 "…"``  :class:`Penalty`  a referee's point penalty
``3:ruling "…"``    :class:`Ruling`  a referee's ruling naming a seat
``3:declare``       :class:`Declare`  声明烧牌: claim the burn of the 够级 set on the table
``3:decline``       :class:`Decline`  不烧: decline a burn one could claim
``3:draw 9 to 5``   :class:`Draw`    开牌: the seat drew a card; the count ends at seat 5
``3:liang 33``      :class:`Show`    亮3 (上班/顶班): show cards that claim the first lead
``3:jiefeng``       :class:`JiefengClaim` 接风: claim the lead after a 底牌 nobody beat
``3:kaidian``       :class:`Kaidian`  claim automatic 开点 (no 够级 set in hand)
``5:baola 1``       :class:`Baola`   保拉: back a teammate's 造反/革命
``4:waive``         :class:`Waive`   waive the 够死级 chances (the seat becomes 无头)
``3:query 6``       :class:`Query`   问牌: ask seat 6 how many cards he holds
``^3:KKK``          ``irregular``    happened at the table although irregular
``{…}``             :class:`Comment`  free comment
``! ? !! ?? !? ?!`` ``glyphs``       move assessment
``[%clk 12]``       :class:`Note`    structured note (clock, ruling, eval …)
``( … )``           :class:`Variation`  a what-if line from before the last action
``7.``              :class:`RoundMark`  round number (a redundant check)
==================  ===============  ============================================
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

import attrs

from .cards import Card
from .errors import NotationError

__all__ = [
    "GLYPHS",
    "SEATS",
    "STANDARD_TAGS",
    "Action",
    "ActionBase",
    "Baola",
    "BrokenDeal",
    "Burn",
    "Buy",
    "Close",
    "Comment",
    "Deal",
    "Declare",
    "Decline",
    "Draw",
    "Give",
    "Hand",
    "HandItem",
    "HeaderItem",
    "JiefengClaim",
    "Kaidian",
    "Match",
    "MoveItem",
    "Note",
    "Pass",
    "Penalty",
    "Play",
    "Query",
    "Report",
    "Return",
    "Revolution",
    "RoundMark",
    "Ruling",
    "Show",
    "Span",
    "Tag",
    "Timeout",
    "Tribute",
    "TurnPlay",
    "Variation",
    "Waive",
    "Yield",
    "duitou",
    "team_of",
]

#: Seats are numbered 1–6 counterclockwise, in the order of play.
SEATS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: The move-assessment glyphs, as in PGN.
GLYPHS: tuple[str, ...] = ("!", "?", "!!", "??", "!?", "?!")

#: The documented standard tags, in their recommended order (any other tag is kept as is).
STANDARD_TAGS: tuple[str, ...] = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Table",
    "Match",
    "Game",
    "Deal",
    "Seat1",
    "Seat2",
    "Seat3",
    "Seat4",
    "Seat5",
    "Seat6",
    "TeamA",
    "TeamB",
    "Profile",
    "Rules",
    "Leader",
    "Finish",
    "Score",
    "Annotator",
    "TimeControl",
)


def team_of(seat: int) -> str:
    """``'A'`` for seats 1, 3, 5 and ``'B'`` for seats 2, 4, 6 (each a 联邦).

    >>> team_of(3), team_of(6)
    ('A', 'B')
    """
    return "A" if seat % 2 == 1 else "B"


def duitou(seat: int) -> int:
    """The seat's 对头, the opponent sitting three seats away.

    >>> [duitou(s) for s in SEATS]
    [4, 5, 6, 1, 2, 3]
    """
    return (seat + 2) % 6 + 1


@attrs.frozen(weakref_slot=False)
class Span:
    """Where a value stands in its source: 1-based line and column, end exclusive.

    Model values carry no ``__weakref__`` slot: a record of a million actions holds a
    million actions and spans, and the slot would cost 16 bytes of each pair.
    """

    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


_NO_SPAN = Span(0, 0)


def _span_field() -> Span:
    return attrs.field(default=_NO_SPAN, eq=False, repr=False, kw_only=True)


@attrs.frozen(weakref_slot=False)
class Comment:
    """A free comment ``{…}``; ``text`` is its content without braces, unescaped."""

    text: str
    span: Span = _span_field()


@attrs.frozen(weakref_slot=False)
class Tag:
    """A tag pair ``[Name "value"]``; ``value`` is unescaped."""

    name: str
    value: str
    span: Span = _span_field()


@attrs.frozen(weakref_slot=False)
class Hand:
    """The cards a seat was dealt.

    ``cards`` is ``None`` when the hand is entirely unknown (written ``hand 4: -``); a
    partly unknown hand holds ``?`` cards.
    """

    seat: int
    cards: tuple[Card, ...] | None
    span: Span = _span_field()


@attrs.frozen(weakref_slot=False)
class Note:
    """A structured note ``[%key value]`` attached to an action, e.g. ``[%clk 12]``."""

    key: str
    value: str = ""
    span: Span = _span_field()


@attrs.frozen(weakref_slot=False)
class ActionBase:
    """What every action has: the seat that acts, the ``^`` mark, glyphs, notes, a span.

    ``ActionBase.parse("3:KKK")`` reads any action; ``str(action)`` writes it back.
    """

    seat: int
    irregular: bool = attrs.field(default=False, kw_only=True)
    glyphs: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    notes: tuple[Note, ...] = attrs.field(default=(), kw_only=True)
    span: Span = _span_field()

    def note(self, key: str) -> str | None:
        """The value of the first structured note with this key, or ``None``."""
        for n in self.notes:
            if n.key == key:
                return n.value
        return None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse one action written in GJN (see :func:`gojinotation.reader.parse_action`).

        Called on a concrete class (``Play.parse``), the text must be that kind of action.

        >>> Play.parse("3:KKK") == Play(3, cards=(Card.parse("K"),) * 3)
        True
        >>> type(ActionBase.parse("3:burn KKKK")).__name__
        'Burn'
        >>> try:
        ...     Pass.parse("3:KKK")
        ... except NotationError as err:
        ...     print(err.code, err.column, err.message())
        GJN101 1 a Pass expected, not a Play (found '3:KKK')

        :raises NotationError: with the column of the fault in ``text``.
        """
        from .reader import parse_action  # the reader builds the model: imported late

        action = parse_action(text)
        if cls is not ActionBase and not isinstance(action, cls):
            raise NotationError(
                "GJN101",
                line=1,
                column=1,
                en=f"a {cls.__name__} expected, not a {type(action).__name__}",
                zh=f"应为 {cls.__name__} 动作，而不是 {type(action).__name__}",
                found=text,
                source_line=text,
                filename="<action>",
            )
        return action

    def __str__(self) -> str:
        """The action in canonical GJN, glyphs and notes included: ``3:KKK !``."""
        from .writer import format_action

        return format_action(self)  # type: ignore[arg-type]


@attrs.frozen(weakref_slot=False)
class Play(ActionBase):
    """Play (lead or follow with) a set of cards."""

    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen(weakref_slot=False)
class Burn(ActionBase):
    """Declare 烧牌 and play ``cards``, the set that beats the 够级 set."""

    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen(weakref_slot=False)
class Pass(ActionBase):
    """Pass (过牌)."""


@attrs.frozen(weakref_slot=False)
class Yield(ActionBase):
    """让牌: let the next two seats act before answering one's 对头."""


@attrs.frozen(weakref_slot=False)
class Close(ActionBase):
    """扣牌: turn the round's cards face down, ending the round."""


@attrs.frozen(weakref_slot=False)
class Timeout(ActionBase):
    """The seat exceeded the time limit (超时)."""


@attrs.frozen(weakref_slot=False)
class Revolution(ActionBase):
    """革命 (造反): the seat declares a revolution and stops playing this deal."""


@attrs.frozen(weakref_slot=False)
class Report(ActionBase):
    """报牌: the seat states how many cards it holds."""

    count: int = attrs.field(default=0, kw_only=True)


@attrs.frozen(weakref_slot=False)
class Buy(ActionBase):
    """买3/买4: buy ``card`` from ``from_seat``, paying with ``paid``."""

    card: Card = attrs.field(kw_only=True)
    from_seat: int = attrs.field(kw_only=True)
    paid: Card = attrs.field(kw_only=True)


@attrs.frozen(weakref_slot=False)
class Give(ActionBase):
    """送3: hand ``card`` to ``to_seat`` without payment."""

    card: Card = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)


@attrs.frozen(weakref_slot=False)
class Tribute(ActionBase):
    """进贡: pay ``cards`` to ``to_seat`` before play."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)


@attrs.frozen(weakref_slot=False)
class Return(ActionBase):
    """还贡: give ``cards`` back to ``to_seat`` after receiving tribute."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)


@attrs.frozen(weakref_slot=False)
class Penalty(ActionBase):
    """A referee's point penalty (``points`` is signed) with its reason."""

    points: int = attrs.field(kw_only=True)
    reason: str = attrs.field(default="", kw_only=True)


@attrs.frozen(weakref_slot=False)
class Ruling(ActionBase):
    """A referee's ruling that names a seat, in free text."""

    text: str = attrs.field(default="", kw_only=True)


@attrs.frozen(weakref_slot=False)
class Declare(ActionBase):
    """声明烧牌: the seat claims the burn of the 够级 set on the table (played later with
    :class:`Burn`); when two seats claim, R-BURN-2 decides and the other claim is void."""


@attrs.frozen(weakref_slot=False)
class Decline(ActionBase):
    """不烧: the seat declines a burn it could claim (it may still answer as usual)."""


@attrs.frozen(weakref_slot=False)
class Draw(ActionBase):
    """开牌: the seat drew ``card``; ``to`` is the seat the count ends on, when recorded.

    >>> str(Draw(3, card=Card.parse("9"), to=5))
    '3:draw 9 to 5'
    """

    card: Card = attrs.field(kw_only=True)
    to: int | None = attrs.field(default=None, kw_only=True)


@attrs.frozen(weakref_slot=False)
class Show(ActionBase):
    """亮3 (上班, 顶班): the seat shows ``cards`` to claim the first lead."""

    cards: tuple[Card, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen(weakref_slot=False)
class JiefengClaim(ActionBase):
    """接风: the seat claims the lead after a 底牌 that nobody beat."""


@attrs.frozen(weakref_slot=False)
class Kaidian(ActionBase):
    """The seat claims automatic 开点: it holds no 够级 set at all (000§G 5)."""


@attrs.frozen(weakref_slot=False)
class Baola(ActionBase):
    """保拉: the seat backs ``rebel``'s 造反 (or 革命), a teammate's (000§K (一)7).

    >>> str(Baola(5, rebel=1))
    '5:baola 1'
    """

    rebel: int = attrs.field(kw_only=True)


@attrs.frozen(weakref_slot=False)
class Waive(ActionBase):
    """The seat waives its 够死级 chances and becomes 无头 (004b(13))."""


@attrs.frozen(weakref_slot=False)
class Query(ActionBase):
    """问牌: the seat asks ``target`` how many cards he holds (R-REPORT-1)."""

    target: int = attrs.field(kw_only=True)


Action: TypeAlias = (
    Play
    | Burn
    | Pass
    | Yield
    | Close
    | Timeout
    | Revolution
    | Report
    | Buy
    | Give
    | Tribute
    | Return
    | Penalty
    | Ruling
    | Declare
    | Decline
    | Draw
    | Show
    | JiefengClaim
    | Kaidian
    | Baola
    | Waive
    | Query
)
ACTION_TYPES: tuple[type, ...] = (
    Play,
    Burn,
    Pass,
    Yield,
    Close,
    Timeout,
    Revolution,
    Report,
    Buy,
    Give,
    Tribute,
    Return,
    Penalty,
    Ruling,
    Declare,
    Decline,
    Draw,
    Show,
    JiefengClaim,
    Kaidian,
    Baola,
    Waive,
    Query,
)


@attrs.frozen(weakref_slot=False)
class TurnPlay:
    """A set written without its seat (``KKK``): played by the seat whose turn it is
    where the set stands (docs/format.md §9.3).

    Not an :data:`Action`: the notation knows no rules, so it cannot know the seat, and
    every :data:`Action` has one (``seat: int``).  The rules layer reads the seat from
    the state it replays (the seat to act) and goes on with :meth:`seated`, a
    :class:`Play`; ``gouji fmt`` writes that seated form.  Keeping the bare set a class
    of its own, outside :data:`Action`, lets the type checker find every place that
    needs a seat instead of a seat ``0`` or ``None`` that each reader would have to
    remember.  No ``^`` mark: an irregular action names its seat.

    >>> from gojinotation.cards import parse_cards
    >>> bare = TurnPlay(parse_cards("KKK"), glyphs=("!",))
    >>> str(bare), str(bare.seated(4))
    ('KKK !', '4:KKK !')
    """

    cards: tuple[Card, ...]
    glyphs: tuple[str, ...] = attrs.field(default=(), kw_only=True)
    notes: tuple[Note, ...] = attrs.field(default=(), kw_only=True)
    span: Span = _span_field()

    def note(self, key: str) -> str | None:
        """The value of the first structured note with this key, or ``None``."""
        for n in self.notes:
            if n.key == key:
                return n.value
        return None

    def seated(self, seat: int) -> Play:
        """The same set written with its seat (glyphs, notes and span kept)."""
        return Play(seat, cards=self.cards, glyphs=self.glyphs, notes=self.notes, span=self.span)

    def __str__(self) -> str:
        """The set as written, bare: ``KKK !``."""
        from .writer import format_turn_play

        return format_turn_play(self)


@attrs.frozen(weakref_slot=False)
class RoundMark:
    """A round number ``N.`` written before the round's first action."""

    number: int
    span: Span = _span_field()


@attrs.frozen(weakref_slot=False)
class Variation:
    """``( … )``: an alternative to the action just before it, replayed from the state
    before that action."""

    moves: tuple[MoveItem, ...]
    span: Span = _span_field()


MoveItem: TypeAlias = Action | TurnPlay | Comment | RoundMark | Variation
HeaderItem: TypeAlias = Tag | Comment
HandItem: TypeAlias = Hand | Comment


@attrs.frozen(weakref_slot=False)
class Deal:
    """One deal (一把/一局): tags, hands and moves, each kept in source order."""

    header: tuple[HeaderItem, ...] = ()
    hands: tuple[HandItem, ...] = ()
    moves: tuple[MoveItem, ...] = ()
    span: Span = _span_field()

    @property
    def tags(self) -> dict[str, str]:
        """The tags as a dict (the first value of a repeated name wins)."""
        out: dict[str, str] = {}
        for item in self.header:
            if isinstance(item, Tag) and item.name not in out:
                out[item.name] = item.value
        return out

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name``, or ``default`` (the first value of a repeated name).

        >>> Deal(header=(Tag("Seats", "6"), Tag("Seats", "4"))).tag("Seats")
        '6'
        >>> Deal().tag("Seats", "none")
        'none'
        """
        for item in self.header:  # no dict built: read once per call, a few tags long
            if isinstance(item, Tag) and item.name == name:
                return item.value
        return default

    def hand(self, seat: int) -> Hand | None:
        """The hand line of ``seat``, if the record has one."""
        for item in self.hands:
            if isinstance(item, Hand) and item.seat == seat:
                return item
        return None

    def __str__(self) -> str:
        """The deal in canonical GJN (:func:`gojinotation.writer.write_deal`)."""
        from .writer import write_deal

        return write_deal(self)

    def actions(self) -> Iterator[Action]:
        """The main-line actions in time order (comments, marks and variations skipped;
        so are sets written without their seat, :class:`TurnPlay`, which only the rules
        can give a seat: the engine's ``replay`` yields them as seated plays)."""
        for item in self.moves:
            if isinstance(item, ACTION_TYPES):
                yield item  # type: ignore[misc]


@attrs.frozen(weakref_slot=False)
class BrokenDeal:
    """A deal that could not be parsed: its raw text, its errors and where it started.

    Equality looks at the raw text only.  The canonical writer writes ``raw`` back
    unchanged, so a file with a broken deal is still re-writable without loss.
    """

    raw: str
    errors: tuple[NotationError, ...] = attrs.field(eq=False)
    span: Span = attrs.field(default=Span(0, 0), eq=False)


@attrs.frozen(weakref_slot=False)
class Match:
    """A GJN file: an optional format version, a prologue of comments, and its deals
    (a deal that could not be parsed stays in its place as a :class:`BrokenDeal`)."""

    deals: tuple[Deal | BrokenDeal, ...] = ()
    version: int | None = None
    prologue: tuple[Comment, ...] = ()

    def __str__(self) -> str:
        """The whole file in canonical GJN (:func:`gojinotation.writer.dumps`)."""
        from .writer import dumps

        return dumps(self)
