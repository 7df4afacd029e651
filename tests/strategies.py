"""Hypothesis strategies that mirror ``grammar/gjn.lark`` and build model values directly.

Each grammar rule has a strategy of the same name (``tag``, ``comment``, ``hand``,
``round_mark``, ``action``, ``variation``, ``deal``, ``match``).  Generated values keep
the invariants the canonical writer relies on, so ``loads(dumps(x)) == x`` holds for
every generated ``x``:

* seats are 1–6; numbers have at most :data:`~gojinotation.reader.MAX_NUMBER_DIGITS`
  digits; a set or hand holds at most :data:`~gojinotation.reader.MAX_CARDS` cards;
* card tuples are in canonical order (the reader sorts them);
* text never holds a carriage return (the reader normalises line ends), and quoted
  strings (tag values, reasons, rulings) never hold a line feed (the grammar's
  ``STRING`` is one line);
* a note key is one word with no space and no surrounding white space; its value has
  no surrounding white space (the reader strips both);
* a deal begins with a tag; a comment placed before the first hand belongs to the
  header, and one placed before the first move belongs to the moves, so the hands
  section starts with a hand and, when moves follow, ends with one; moves hold at least
  one non-comment item; every deal but the last has hands or moves (otherwise its tags
  would run into the next deal's);
* variations never go deeper than :data:`~gojinotation.reader.MAX_VARIATION_DEPTH`;
* ``Match.version`` is 1, the version the writer emits (and the reader assumes).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gojinotation import model as m
from gojinotation.cards import Card, Rank, Suit, sort_cards

SEAT = st.integers(min_value=1, max_value=6)
NUMBER = st.integers(min_value=0, max_value=999_999)
SIGNED_NUMBER = st.integers(min_value=-999_999, max_value=999_999)

#: Free text: any Unicode (quotes, braces, backslashes, Chinese …) but no carriage return.
FREE_TEXT = st.text(st.characters(blacklist_characters="\r", codec="utf-8"), max_size=30)
#: One-line text for quoted strings.
LINE_TEXT = st.text(st.characters(blacklist_characters="\r\n", codec="utf-8"), max_size=30)
#: Hand-picked awkward text, mixed into the random text.
AWKWARD = st.sampled_from(
    [
        "",
        '"',
        "\\",
        '\\"',
        "}",
        "{",
        "\\}",
        "]",
        "[%clk 3]",
        "够级 烧牌",
        "大王",
        "a\tb",
        "\u2028",
        "\x85",
    ]
)

SUITED_RANKS = [r for r in Rank if not r.is_joker]


def text() -> st.SearchStrategy[str]:
    """Comment text: anything but a carriage return."""
    return st.one_of(AWKWARD, FREE_TEXT)


def line_text() -> st.SearchStrategy[str]:
    """A quoted string's content: anything but a line end."""
    return st.one_of(AWKWARD.filter(lambda s: "\n" not in s), LINE_TEXT)


# ------------------------------------------------------------------------- cards


@st.composite
def card(draw: st.DrawFn, *, unknown: bool = True) -> Card:
    """One card: a rank with or without a suit, a joker, or (if allowed) ``?``."""
    kind = draw(
        st.sampled_from(
            ["plain", "suited", "joker", "unknown"] if unknown else ["plain", "suited", "joker"]
        )
    )
    if kind == "unknown":
        return Card(None)
    if kind == "joker":
        return Card(draw(st.sampled_from([Rank.SMALL_JOKER, Rank.BIG_JOKER])))
    rank = draw(st.sampled_from(SUITED_RANKS))
    suit = draw(st.sampled_from(list(Suit))) if kind == "suited" else None
    return Card(rank, suit)


@st.composite
def cards(draw: st.DrawFn, *, min_size: int = 1, max_size: int = 12) -> tuple[Card, ...]:
    """A card multiset in canonical order; sometimes a long run (written ``R*n``)."""
    out = draw(st.lists(card(), min_size=min_size, max_size=max_size))
    if draw(st.integers(0, 7)) == 0:
        out.extend([draw(card())] * draw(st.integers(7, 20)))
    return sort_cards(out)


# ------------------------------------------------------------------------- items


def comment() -> st.SearchStrategy[m.Comment]:
    """``{…}`` with any text (braces and backslashes are escaped by the writer)."""
    return st.builds(m.Comment, text())


TAG_NAME = st.from_regex(r"\A[A-Za-z][A-Za-z0-9_]{0,12}\Z")


def tag() -> st.SearchStrategy[m.Tag]:
    """``[Name "value"]``: standard or other names, any one-line value."""
    name = st.one_of(st.sampled_from(m.STANDARD_TAGS), TAG_NAME)
    return st.builds(m.Tag, name, line_text())


@st.composite
def hand(draw: st.DrawFn) -> m.Hand:
    """``hand N: …``: known, partly unknown, unknown (``-``) or empty."""
    kind = draw(st.sampled_from(["known", "partly", "unknown", "empty", "all_unknown"]))
    seat = draw(SEAT)
    if kind == "unknown":
        return m.Hand(seat, None)
    if kind == "empty":
        return m.Hand(seat, ())
    if kind == "all_unknown":
        return m.Hand(seat, (Card(None),) * draw(st.integers(1, 36)))
    known = draw(st.lists(card(unknown=False), max_size=40))
    if kind == "partly":
        known += [Card(None)] * draw(st.integers(1, 10))
    return m.Hand(seat, sort_cards(known))


NOTE_KEY = st.text(
    st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc"), codec="utf-8"),
    min_size=1,
    max_size=8,
).filter(lambda s: s == s.strip())


@st.composite
def note(draw: st.DrawFn) -> m.Note:
    """``[%key value]``: ``clk``, ``ruling`` or any key; any value (``]`` escaped)."""
    key = draw(st.one_of(st.sampled_from(["clk", "ruling", "eval", "emt"]), NOTE_KEY))
    value = draw(st.one_of(st.sampled_from(["", "12", "accept", "daluo R-BURN-5"]), text()))
    return m.Note(key, value.strip())


def round_mark() -> st.SearchStrategy[m.RoundMark]:
    """``N.``"""
    return st.builds(m.RoundMark, NUMBER)


def _common(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "irregular": draw(st.booleans()),
        "glyphs": tuple(draw(st.lists(st.sampled_from(m.GLYPHS), max_size=2))),
        "notes": tuple(draw(st.lists(note(), max_size=2))),
    }


@st.composite
def action(draw: st.DrawFn) -> m.Action:
    """Every action type, with the irregular flag, glyphs and notes."""
    seat = draw(SEAT)
    kind = draw(st.sampled_from([t.__name__ for t in m.ACTION_TYPES] + ["Play"] * 4 + ["Pass"] * 2))
    common = _common(draw)
    if kind in ("Play", "Burn"):
        return getattr(m, kind)(seat, cards=draw(cards()), **common)  # type: ignore[no-any-return]
    if kind in (
        "Pass",
        "Yield",
        "Close",
        "Timeout",
        "Revolution",
        "Declare",
        "Decline",
        "JiefengClaim",
        "Kaidian",
        "Waive",
    ):
        return getattr(m, kind)(seat, **common)  # type: ignore[no-any-return]
    if kind == "Draw":
        to = draw(st.one_of(st.none(), SEAT))
        return m.Draw(seat, card=draw(card()), to=to, **common)
    if kind == "Show":
        return m.Show(seat, cards=draw(cards(max_size=4)), **common)
    if kind == "Baola":
        return m.Baola(seat, rebel=draw(SEAT), **common)
    if kind == "Query":
        return m.Query(seat, target=draw(SEAT), **common)
    if kind == "Report":
        return m.Report(seat, count=draw(NUMBER), **common)
    if kind == "Buy":
        return m.Buy(seat, card=draw(card()), from_seat=draw(SEAT), paid=draw(card()), **common)
    if kind == "Give":
        return m.Give(seat, card=draw(card()), to_seat=draw(SEAT), **common)
    if kind in ("Tribute", "Return"):
        cls = m.Tribute if kind == "Tribute" else m.Return
        return cls(seat, cards=draw(cards(max_size=3)), to_seat=draw(SEAT), **common)
    if kind == "Penalty":
        return m.Penalty(seat, points=draw(SIGNED_NUMBER), reason=draw(line_text()), **common)
    return m.Ruling(seat, text=draw(line_text()), **common)


@st.composite
def turn_play(draw: st.DrawFn) -> m.TurnPlay:
    """A set written without its seat (``KKK``), with glyphs and notes; its text does not
    begin with ``?`` (that would be a glyph)."""
    from gojinotation.cards import format_cards

    got = draw(cards().filter(lambda c: not format_cards(c).startswith("?")))
    common = _common(draw)
    return m.TurnPlay(got, glyphs=common["glyphs"], notes=common["notes"])


def move_items(depth: int = 0, max_size: int = 8) -> st.SearchStrategy[list[m.MoveItem]]:
    """A sequence of moves: actions (mostly), sets without their seat, comments, round
    marks, variations."""
    options: list[st.SearchStrategy[Any]] = [
        action(),
        action(),
        action(),
        turn_play(),
        comment(),
        round_mark(),
    ]
    if depth < 3:
        options.append(variation(depth + 1))
    return st.lists(st.one_of(options), max_size=max_size)


def variation(depth: int = 1) -> st.SearchStrategy[m.Variation]:
    """``( … )``, nested up to three levels here (the reader allows 64)."""
    return st.deferred(lambda: move_items(depth, 4).map(lambda xs: m.Variation(tuple(xs))))


# ------------------------------------------------------------------------- deals


@st.composite
def deal(draw: st.DrawFn, *, last: bool = True) -> m.Deal:
    """One deal that survives a round trip (see the module docstring)."""
    header: list[m.HeaderItem] = [draw(tag())]
    header += draw(st.lists(st.one_of(tag(), tag(), comment()), max_size=5))
    hands: list[m.HandItem] = []
    if draw(st.booleans()):
        hands = [draw(hand())]
        hands += draw(st.lists(st.one_of(hand(), hand(), comment()), max_size=6))
    moves: list[m.MoveItem] = draw(move_items(max_size=12))
    if moves and all(isinstance(x, m.Comment) for x in moves):
        moves.append(draw(action()))
    if moves and hands:
        while isinstance(hands[-1], m.Comment):
            hands.pop()
        if isinstance(moves[0], m.TurnPlay):  # it would go on with the last hand (§9.3)
            moves[0] = moves[0].seated(draw(SEAT))
    if moves and not hands:
        while isinstance(header[-1], m.Comment):
            header.pop()
    if not last and not hands and not moves:
        moves = [draw(action())]
        while isinstance(header[-1], m.Comment):
            header.pop()
    return m.Deal(tuple(header), tuple(hands), tuple(moves))


@st.composite
def match(draw: st.DrawFn, max_deals: int = 3) -> m.Match:
    """A file: prologue comments and several deals."""
    n = draw(st.integers(0, max_deals))
    deals = [draw(deal(last=i == n - 1)) for i in range(n)]
    prologue = tuple(draw(st.lists(comment(), max_size=2)))
    return m.Match(tuple(deals), 1, prologue)


#: Pieces of GJN, valid and broken, to glue into token soup (for the reader's
#: differential and robustness tests).
FRAGMENTS = [
    " ",
    "  ",
    "\n",
    "\t",
    "\f",
    "\r\n",
    "1:",
    "3:",
    "6：",
    "7:",
    "12:",
    "^",
    "^ ",
    "333",
    "t",
    "T",
    "10",
    "1",
    "d",
    "dd",
    "3d",
    "-",
    "close",
    "CLOSE",
    "closed",
    "过",
    "过牌",
    "让",
    "扣牌",
    "timeout",
    "tt",
    "burn",
    "burn ",
    "KKKK",
    "report",
    "report 3",
    " 7",
    "1234567",
    "!",
    "?",
    "!!",
    "?!",
    "[%clk 1]",
    "[%a\\]b]",
    "[%x\ny]",
    "{c}",
    "{a\\}b}",
    "{",
    "}",
    "(",
    ")",
    '[Event "x"]',
    '[E "a\\"b"]',
    "[",
    "]",
    '"',
    "hand 1:",
    "hand 2: -",
    "HAND 3：",
    "手牌 4:",
    "5.",
    "123.",
    "*7",
    "*",
    "?*3",
    "小王",
    "大花",
    "♠",
    "s",
    "buy 3 from 2 for 4",
    "give 3 to 5",
    "tribute D to 1",
    "return 4 to 2",
    "penalty -2",
    ' "r"',
    "ruling",
    "Z",
    "B",
]
