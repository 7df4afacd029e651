"""Cards, ranks, suits and card multisets: the vocabulary shared by every layer.

A Gouji deal uses four 54-card decks (216 cards).  Suits never decide the strength of
a play; they matter only for 上班 (first lead by same-suit 3s) and for audits, so a card
may be written with or without its suit.  An unknown card is written ``?``.

Canonical spelling (one letter a rank, typeable on any keyboard)::

    3 4 5 6 7 8 9 T J Q K A 2 X D ?
    X = 小王 (small joker), D = 大王 (big joker), ? = unknown card

Suits, written right after the rank: ``s`` ♠ spades, ``h`` ♥ hearts, ``c`` ♣ clubs,
``d`` ♦ diamonds (``Kd`` is the king of diamonds).  A run may be shortened as
``T*5`` (five tens).

>>> parse_cards("DX22T")
(Card.parse('D'), Card.parse('X'), Card.parse('2'), Card.parse('2'), Card.parse('T'))
>>> format_cards(parse_cards("t10TT小王"))
'XTTTT'
>>> format_cards(parse_cards("8*7"))
'8*7'
>>> Rank.BIG_JOKER > Rank.SMALL_JOKER > Rank.TWO > Rank.ACE
True
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable

import attrs

__all__ = [
    "RANK_ORDER",
    "Card",
    "CardSyntaxError",
    "Rank",
    "Suit",
    "count_ranks",
    "format_cards",
    "format_hand",
    "parse_cards",
    "sort_cards",
]


class Rank(enum.IntEnum):
    """A card rank, ordered by playing strength (3 lowest, 大王 highest)."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    TWO = 15
    SMALL_JOKER = 16  #: 小王 (also 小花, 小鬼, 小虎)
    BIG_JOKER = 17  #: 大王 (also 大花, 大鬼, 大虎)

    @property
    def letter(self) -> str:
        """The canonical one-letter spelling.

        >>> Rank.TEN.letter, Rank.SMALL_JOKER.letter
        ('T', 'X')
        """
        return _LETTER[self]

    @property
    def is_joker(self) -> bool:
        """True for 小王 and 大王."""
        return self >= Rank.SMALL_JOKER

    @property
    def zh(self) -> str:
        """The Chinese name (``10``, ``小王`` ...)."""
        return _ZH[self]

    @classmethod
    def from_letter(cls, letter: str) -> Rank:
        """The rank for a canonical or accepted spelling.

        >>> Rank.from_letter('10'), Rank.from_letter('q'), Rank.from_letter('大花')
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>, <Rank.BIG_JOKER: 17>)
        """
        try:
            return _FROM_LETTER[letter if letter in _FROM_LETTER else letter.upper()]
        except KeyError:
            raise CardSyntaxError(letter, 0) from None


_LETTER = {
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.SMALL_JOKER: "X",
    Rank.BIG_JOKER: "D",
}
_ZH = {r: (_LETTER[r] if r < Rank.TEN else "") for r in Rank} | {
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.SMALL_JOKER: "小王",
    Rank.BIG_JOKER: "大王",
}
_JOKER_NAMES = {
    "小王": Rank.SMALL_JOKER,
    "小花": Rank.SMALL_JOKER,
    "小鬼": Rank.SMALL_JOKER,
    "小虎": Rank.SMALL_JOKER,
    "大王": Rank.BIG_JOKER,
    "大花": Rank.BIG_JOKER,
    "大鬼": Rank.BIG_JOKER,
    "大虎": Rank.BIG_JOKER,
}
_FROM_LETTER: dict[str, Rank] = {v: k for k, v in _LETTER.items()} | {"10": Rank.TEN} | _JOKER_NAMES

#: Ranks from strongest to weakest: the canonical writing order of a multiset.
RANK_ORDER: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


class Suit(enum.StrEnum):
    """A suit, written as one lower-case letter after the rank."""

    SPADES = "s"
    HEARTS = "h"
    CLUBS = "c"
    DIAMONDS = "d"

    @property
    def symbol(self) -> str:
        """The suit symbol (♠ ♥ ♣ ♦)."""
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
_SUIT_FROM = {s.value: s for s in Suit} | {v: k for k, v in _SUIT_SYMBOL.items()}
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


class CardSyntaxError(ValueError):
    """A card string that is not valid GJN card notation.

    :ivar text: the offending text.
    :ivar offset: its character offset inside the card string.
    """

    def __init__(self, text: str, offset: int) -> None:
        super().__init__(f"not a card: {text!r} at offset {offset}")
        self.text = text
        self.offset = offset


@attrs.frozen(order=False)
class Card:
    """One card: a rank (``None`` when unknown) and an optional suit.

    Cards are immutable and hashable; two cards are equal when rank and suit are.

    >>> Card.parse("Kd")
    Card.parse('Kd')
    >>> Card.parse("?").is_unknown
    True
    """

    rank: Rank | None
    suit: Suit | None = None

    @property
    def is_unknown(self) -> bool:
        """True for ``?``."""
        return self.rank is None

    @property
    def is_joker(self) -> bool:
        """True for 小王 and 大王."""
        return self.rank is not None and self.rank.is_joker

    def gjn(self) -> str:
        """The canonical GJN spelling of this card."""
        if self.rank is None:
            return "?"
        return self.rank.letter + (self.suit.value if self.suit else "")

    def sort_key(self) -> tuple[int, int]:
        """Strongest first; suited before unsuited within a rank; unknown last."""
        rank = -int(self.rank) if self.rank is not None else 0
        suit = _SUIT_ORDER[self.suit] if self.suit is not None else 9
        return (rank, suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse exactly one card.

        :raises CardSyntaxError: when ``text`` is not exactly one card.
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardSyntaxError(text, 0)
        return cards[0]

    def __repr__(self) -> str:
        return f"Card.parse({self.gjn()!r})"

    def __str__(self) -> str:
        return self.gjn()


_ATOM = re.compile(
    r"(?P<rank>10|[2-9TJQKAtjqka])(?P<suit>[shcd♠♥♣♦])?"
    r"|(?P<joker>[XDxd]|小王|小花|小鬼|小虎|大王|大花|大鬼|大虎)"
    r"|(?P<unknown>\?)"
    r"|(?P<space>\s+)"
)
_REPEAT = re.compile(r"\*(\d{1,4})")
_MAX_REPEAT = 999

#: The regular expression of one card atom, shared with the grammar (``grammar/gjn.lark``).
CARD_ATOM_PATTERN = (
    r"(?:(?:10|[2-9TJQKAtjqka])[shcd♠♥♣♦]?|[XDxd]|小王|小花|小鬼|小虎|大王|大花|大鬼|大虎|\?)"
    r"(?:\*\d+)?"
)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a card multiset such as ``DX22TTT``, ``10 10 J`` or ``?*36``.

    Accepts the canonical letters, lower case, ``10``, suit letters or symbols, the
    Chinese joker names and the ``R*n`` run shorthand.  White space is ignored.  The
    result is in canonical order (strongest first).

    :raises CardSyntaxError: on anything else, with its offset.
    """
    cards: list[Card] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _ATOM.match(text, pos)
        if m is None:
            raise CardSyntaxError(text[pos : pos + 1], pos)
        pos = m.end()
        if m.lastgroup == "space":
            continue
        if m.group("rank"):
            rank: Rank | None = Rank.from_letter(m.group("rank"))
            suit_text = m.group("suit")
            suit = _SUIT_FROM[suit_text] if suit_text else None
        elif m.group("joker"):
            rank, suit = Rank.from_letter(m.group("joker")), None
        else:
            rank, suit = None, None
        card = Card(rank, suit)
        r = _REPEAT.match(text, pos)
        if r is not None:
            count = int(r.group(1))
            if not 1 <= count <= _MAX_REPEAT:
                raise CardSyntaxError(r.group(0), pos)
            cards.extend([card] * count)
            pos = r.end()
        else:
            cards.append(card)
    return sort_cards(cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical order: strongest rank first, unknown cards last."""
    return tuple(sorted(cards, key=Card.sort_key))


#: Runs at least this long are written with the ``R*n`` shorthand by the canonical writer.
RUN_SHORTHAND_FROM = 7


def format_cards(cards: Iterable[Card], *, sep: str = "") -> str:
    """Write cards canonically: strongest first, runs of 7 or more as ``R*n``.

    ``sep`` is put between groups of different cards (the writer uses a space for hands).

    >>> format_cards(parse_cards("333DX"))
    'DX333'
    >>> format_cards(parse_cards("DDX2222AAA"), sep=" ")
    'DD X 2222 AAA'
    >>> format_cards(parse_cards("4*7 3")), format_cards(parse_cards("4*7 3"), sep=" ")
    ('44444443', '4*7 3')
    """
    ordered = sort_cards(cards)
    runs: list[tuple[Card, int]] = []
    for c in ordered:
        if runs and runs[-1][0] == c:
            runs[-1] = (c, runs[-1][1] + 1)
        else:
            runs.append((c, 1))
    groups: list[str] = []
    for k, (c, count) in enumerate(runs):
        spelled = c.gjn()
        joined = k > 0 and (not sep or _same_rank(runs[k - 1][0], c))
        # ``R*n`` must not run into a following digit: ``4*7`` then ``3`` would read as
        # ``4*73``; such a run is spelled out in full.
        nxt = runs[k + 1][0] if k + 1 < len(runs) else None
        glued = nxt is not None and (not sep or _same_rank(c, nxt)) and nxt.gjn()[0].isdigit()
        if count >= RUN_SHORTHAND_FROM and not glued:
            text = f"{spelled}*{count}"
        else:
            text = spelled * count
        if joined:
            groups[-1] += text
        else:
            groups.append(text)
    return sep.join(groups)


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


def format_hand(cards: Iterable[Card]) -> str:
    """A hand as the writer prints it: one group a rank, separated by spaces."""
    return format_cards(cards, sep=" ")


def count_ranks(cards: Iterable[Card]) -> Counter[Rank | None]:
    """How many cards of each rank (``None`` for unknown cards).

    >>> count_ranks(parse_cards("DD8"))[Rank.BIG_JOKER]
    2
    """
    return Counter(c.rank for c in cards)
