"""The fast regular-expression path of the reader: its scanner and the item builders.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from . import model as m
from ._grammar import terminal_regexps
from ._values import MAX_CARDS, MAX_NUMBER_DIGITS, _note_parts, _unescape
from .cards import Card, CardSyntaxError, parse_cards


class _Fallback(Exception):
    """The fast path met something it does not handle; Lark parses the chunk instead."""


_SIMPLE: dict[str, type] = {
    "k_PASS_KW": m.Pass,
    "k_YIELD_KW": m.Yield,
    "k_CLOSE_KW": m.Close,
    "k_TIMEOUT_KW": m.Timeout,
    "k_REVOLUTION_KW": m.Revolution,
    "k_DECLARE_KW": m.Declare,
    "k_DECLINE_KW": m.Decline,
    "k_JIEFENG_KW": m.JiefengClaim,
    "k_KAIDIAN_KW": m.Kaidian,
    "k_WAIVE_KW": m.Waive,
}


#: The seat tokens the fast path knows; anything else goes to Lark.
_SEATS = {f"{s}{c}": s for s in m.SEATS for c in ":："}


class _Compiled:
    """A pattern of :class:`_Fast`, compiled on first use and kept in the instance:
    compiling all nine took ~15 ms of a ``gouji`` start-up, and a canonical record reads
    with a few of them (issue #16 item 4)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, objtype: Any = None) -> re.Pattern[str]:
        pattern, flags = obj._sources[self.name]
        rx = re.compile(pattern, flags)
        if self.name == "tight":  # five groups, read with ``findall``
            assert rx.groups == 5, rx.pattern
        obj.__dict__[self.name] = rx  # found there from now on, before this descriptor
        return rx


class _Fast:
    """The fast path's regular expression, composed from the grammar's own terminals.

    The fast path reads the usual, valid records without Lark: one match of one regular
    expression an item (an action with its arguments and annotations, a tag, a hand line
    …), whose alternatives are tried in the order the contextual lexer tries the
    terminals (the priority-2 words before cards, a hand's cards up to a seat or round
    number).  Whatever it does not expect sends the chunk to Lark, which then builds the
    same model or reports the precise error; ``tests/test_reader.py`` checks that both
    paths agree, spans included.
    """

    item = _Compiled()
    tight = _Compiled()
    tight_nl = _Compiled()
    tight_action = _Compiled()
    tight_tag = _Compiled()
    hand_line = _Compiled()
    ws = _Compiled()
    annot = _Compiled()
    cards = _Compiled()

    def _source(self, name: str, pattern: str, flags: int = 0) -> None:
        self._sources[name] = (pattern, flags)

    def __init__(self, t: dict[str, str]) -> None:
        self._sources: dict[str, tuple[str, int]] = {}
        ws = f"(?:{t['WS']})?"
        num = t["NUMBER"]
        # A run of the characters cards are made of: a superset of ``CARDS`` that stops
        # where ``CARDS`` stops (every character ``CARDS`` can continue with is in it),
        # fast to match; ``parse_cards`` then accepts exactly the runs that are one
        # ``CARDS`` token, and any other run sends the chunk to Lark.
        cards = _CARD_RUN

        def to_seat(kw: str, g: str) -> str:
            return f"(?P<k_{kw}>{t[kw]}){ws}(?P<{g}_c>{cards}){ws}{t['TO_KW']}{ws}(?P<{g}_n>{num})"

        bodies = [
            f"(?P<k_PASS_KW>{t['PASS_KW']})",
            f"(?P<k_CLOSE_KW>{t['CLOSE_KW']})",
            f"(?P<k_YIELD_KW>{t['YIELD_KW']})",
            f"(?P<k_BURN_KW>{t['BURN_KW']}){ws}(?P<burn_c>{cards})",
            f"(?P<k_REPORT_KW>{t['REPORT_KW']}){ws}(?P<report_n>{num})",
            f"(?P<k_TIMEOUT_KW>{t['TIMEOUT_KW']})",
            f"(?P<k_REVOLUTION_KW>{t['REVOLUTION_KW']})",
            f"(?P<k_BUY_KW>{t['BUY_KW']}){ws}(?P<buy_c>{cards}){ws}{t['FROM_KW']}{ws}"
            f"(?P<buy_n>{num}){ws}{t['FOR_KW']}{ws}(?P<buy_c2>{cards})",
            to_seat("GIVE_KW", "give"),
            to_seat("TRIBUTE_KW", "tribute"),
            to_seat("RETURN_KW", "return"),
            f"(?P<k_PENALTY_KW>{t['PENALTY_KW']}){ws}(?P<penalty_n>{t['SIGNED_NUMBER']})"
            f"(?:{ws}(?P<penalty_s>{t['STRING']}))?",
            f"(?P<k_RULING_KW>{t['RULING_KW']}){ws}(?P<ruling_s>{t['STRING']})",
            # the table events of GJN 1.1 (declarations, 开牌, claims)
            f"(?P<k_DECLARE_KW>{t['DECLARE_KW']})",
            f"(?P<k_DECLINE_KW>{t['DECLINE_KW']})",
            f"(?P<k_DRAW_KW>{t['DRAW_KW']}){ws}(?P<draw_c>{cards})"
            f"(?:{ws}{t['TO_KW']}{ws}(?P<draw_n>{num}))?",
            f"(?P<k_SHOW_KW>{t['SHOW_KW']}){ws}(?P<show_c>{cards})",
            f"(?P<k_JIEFENG_KW>{t['JIEFENG_KW']})",
            f"(?P<k_KAIDIAN_KW>{t['KAIDIAN_KW']})",
            f"(?P<k_BAOLA_KW>{t['BAOLA_KW']}){ws}(?P<baola_n>{num})",
            f"(?P<k_WAIVE_KW>{t['WAIVE_KW']})",
            f"(?P<k_QUERY_KW>{t['QUERY_KW']}){ws}(?P<query_n>{num})",
            f"(?P<play>{cards})",
        ]
        prio = f"{t['SEAT']}|{t['ROUND_NO']}|{t['HAND_START']}"
        # The words take priority over cards (as in the lexer), but are only tried where
        # one can begin, which spares most plays thirteen failed attempts.
        words = "|".join(bodies[:-1])
        initials = "".join(sorted({re.escape(w[0]) for w in _WORD_SPELLINGS}))
        self._source(
            "item",
            f"(?P<w>{ws})(?:"
            f"(?:(?P<irr>{t['IRREGULAR']}){ws})?(?P<seat>{t['SEAT']}){ws}"
            f"(?:(?=(?i:[{initials}]))(?:{words})|{bodies[-1]})"
            f"(?P<ann>(?:{ws}(?:{t['GLYPH']}|{t['NOTE']}))+)?"
            f"|(?P<tag>{t['LSQB']}{ws}(?P<tn>{t['TAG_NAME']}){ws}(?P<tv>{t['STRING']})"
            f"{ws}{t['RSQB']})"
            f"|(?P<comment>{t['COMMENT']})"
            f"|(?P<hand>(?P<hs>{t['HAND_START']})"
            f"(?:{ws}(?P<hu>{t['UNKNOWN_HAND']})|(?:{ws}(?!{prio}){cards})*))"
            f"|(?P<round>{t['ROUND_NO']})"
            f"|(?P<lpar>{t['LPAR']})"
            f"|(?P<rpar>{t['RPAR']})"
            # a set without its seat (TURN_CARDS: below seats and round numbers, and not
            # beginning with "?", a glyph)
            f"|(?P<bare>(?![?])(?!{t['SEAT']}|{t['ROUND_NO']}){cards})"
            f"(?P<bann>(?:{ws}(?:{t['GLYPH']}|{t['NOTE']}))+)?"
            ")",
        )
        # The tight path: one line of moves made of actions with cards or without
        # arguments (burns and reports too), glyphs, one-line notes and round numbers.
        # Group 1 is a whole action; annotations follow in group ``a``.
        lws = "[ \t\f]*"
        note1 = r"\[%[^\\\]\n]*+(?:\\.[^\\\]\n]*+)*+\]"
        simple_words = "|".join(
            t[k] for k in ("PASS_KW", "CLOSE_KW", "YIELD_KW", "TIMEOUT_KW", "REVOLUTION_KW")
        )
        action = (
            f"(?:(?:\\^{lws})?[1-6][:：]{lws}"
            # cards that cannot begin a word come first (most plays), then the words
            f"(?:[0-9JQKAjqkaXDx?小大]{_CARD_RUN[:-1]}*"
            f"|(?=(?i:[{initials}]))(?:{simple_words}"
            f"|{t['BURN_KW']}{lws}{_CARD_RUN}|{t['REPORT_KW']}{lws}\\d{{1,6}}(?!\\d))"
            f"|{_CARD_RUN})"
            # or a set without its seat (not a seat, a round number or a glyph)
            f"|(?![?])(?!\\d+[:：.]){_CARD_RUN})"
        )
        # Five groups, read with ``findall``: white space, action, annotations, round
        # number, comment (the terminals' own groups are made non-capturing).
        act_rx = _no_groups(action)
        ann_rx = _no_groups(f"(?:{lws}(?:{t['GLYPH']}|{note1}))+")
        comment1 = r"\{[^\\}\n]*+(?:\\.[^\\}\n]*+)*+\}"
        tail = f"(?:({act_rx})({ann_rx})?|(\\d{{1,6}}\\.)|({comment1}))"
        self._source("tight", f"({lws}){tail}")
        self._source("tight_nl", f"([ \\t\\f\\n]*){tail}")  # the same across lines
        self._source(
            "tight_action",
            f"(?P<irr>\\^{lws})?(?P<seat>[1-6])[:：]{lws}"
            f"(?:(?=(?i:[{initials}]))(?:{'|'.join(bodies[i] for i in (0, 1, 2, 5, 6))}"
            f"|{t['BURN_KW']}{lws}(?P<burn>{_CARD_RUN})"
            f"|{t['REPORT_KW']}{lws}(?P<report>\\d{{1,6}}))"
            f"|(?P<c>{_CARD_RUN}))"
            f"|(?P<bare>{_CARD_RUN})",
        )
        self._source(
            "tight_tag",
            f"{t['LSQB']}{lws}(?P<tn>{t['TAG_NAME']}){lws}(?P<tv>{t['STRING']}){lws}"
            f"(?P<rb>{t['RSQB']}){lws}$",
            re.M,
        )
        # A canonical hand line (lower-case word, card groups apart on one line): the
        # general item pattern reads it with a look-ahead before every group; this one
        # checks once, after the last group, that the item's group loop stops there too
        # (the same look-ahead), so both end at the same place and build the same hand.
        self._source(
            "hand_line",
            f"hand[ \t]*(?P<hn>\\d+)[ \t]*[:：](?P<hg>(?:[ \t]+{cards})*+)"
            f"(?!{ws}(?!{prio}){cards})[ \t]*(?:\n|\\Z)",
        )
        self._source("ws", ws)
        self._source("annot", f"(?P<glyph>{t['GLYPH']})|(?P<note>{t['NOTE']})")
        self._source("cards", cards)
        assert all(re.fullmatch(f"(?i:[{initials}])", w[0]) for w in _WORD_SPELLINGS)


_FAST: _Fast | None = None


def _no_groups(rx: str) -> str:
    """``rx`` with every group made non-capturing (named ones too): for ``findall``."""
    rx = re.sub(r"\(\?P<\w+>", "(", rx)
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", rx)


_CARD_RUN = "[0-9TJQKAtjqkaXDxd?shcd♠♥♣♦*小大王花鬼虎]+"


#: Every spelling of every action word (their first letters guard the word branch);
#: ``tests/test_reader.py`` checks this list against the grammar.
_WORD_SPELLINGS = [
    "pass",
    "过牌",
    "过",
    "不要",
    "-",
    "yield",
    "让牌",
    "让",
    "close",
    "扣牌",
    "扣",
    "timeout",
    "超时",
    "revolution",
    "革命",
    "造反",
    "burn",
    "烧牌",
    "烧",
    "report",
    "报牌",
    "报户",
    "报",
    "buy",
    "give",
    "tribute",
    "进贡",
    "return",
    "还贡",
    "penalty",
    "罚分",
    "ruling",
    "裁决",
    "declare",
    "声明烧牌",
    "叫烧",
    "decline",
    "不烧",
    "draw",
    "开牌",
    "抽牌",
    "liang",
    "亮牌",
    "亮",
    "jiefeng",
    "接风",
    "kaidian",
    "自动开点",
    "开点",
    "baola",
    "保拉",
    "waive",
    "放弃",
    "query",
    "问牌",
    "问",
]


def _fast() -> _Fast:
    global _FAST
    if _FAST is None:
        _FAST = _Fast(terminal_regexps())
    return _FAST


_CARDS_OK: dict[str, tuple[Card, ...]] = {}


#: A hand's group: its cards and the sort keys of its first and last card (groups come
#: sorted, so a hand whose groups are in order needs no sorting).
_GROUPS: dict[str, tuple[tuple[Card, ...], tuple[int, int], tuple[int, int]]] = {}


def _cards_or_fallback(text: str) -> tuple[Card, ...]:
    cards = _CARDS_OK.get(text)
    if cards is not None:
        return cards
    try:
        cards = parse_cards(text)
    except CardSyntaxError:
        raise _Fallback from None
    if len(cards) > MAX_CARDS:
        raise _Fallback
    if len(_CARDS_OK) > 8192:
        _CARDS_OK.clear()
        _GROUPS.clear()
    _CARDS_OK[text] = cards
    return cards


def _one_card_or_fallback(text: str) -> Card:
    cards = _cards_or_fallback(text)
    if len(cards) != 1:
        raise _Fallback
    return cards[0]


def _seat_or_fallback(text: str) -> int:
    seat = _SEATS.get(text + ":")
    if seat is None:
        raise _Fallback
    return seat


def _number_or_fallback(text: str) -> int:
    if len(text.lstrip("+-")) > MAX_NUMBER_DIGITS:
        raise _Fallback
    return int(text)


def _body(kind: str, mt: re.Match[str]) -> tuple[type, dict[str, Any]]:
    """The class and fields of an action that takes arguments."""
    g = mt.group
    if kind == "burn_c":
        return m.Burn, {"cards": _cards_or_fallback(g("burn_c"))}
    if kind == "report_n":
        return m.Report, {"count": _number_or_fallback(g("report_n"))}
    if kind == "buy_c2":
        return m.Buy, {
            "card": _one_card_or_fallback(g("buy_c")),
            "from_seat": _seat_or_fallback(g("buy_n")),
            "paid": _one_card_or_fallback(g("buy_c2")),
        }
    if kind == "give_n":
        return m.Give, {
            "card": _one_card_or_fallback(g("give_c")),
            "to_seat": _seat_or_fallback(g("give_n")),
        }
    if kind in ("tribute_n", "return_n"):
        pre = kind[:-2]
        return m.Tribute if pre == "tribute" else m.Return, {
            "cards": _cards_or_fallback(g(pre + "_c")),
            "to_seat": _seat_or_fallback(g(pre + "_n")),
        }
    if kind in ("penalty_n", "penalty_s"):
        reason = g("penalty_s")
        return m.Penalty, {
            "points": _number_or_fallback(g("penalty_n")),
            "reason": _unescape(reason[1:-1]) if reason is not None else "",
        }
    if kind == "ruling_s":
        return m.Ruling, {"text": _unescape(g("ruling_s")[1:-1])}
    if kind in ("draw_c", "draw_n"):
        n = g("draw_n")
        return m.Draw, {
            "card": _one_card_or_fallback(g("draw_c")),
            "to": _seat_or_fallback(n) if n is not None else None,
        }
    if kind == "show_c":
        return m.Show, {"cards": _cards_or_fallback(g("show_c"))}
    if kind == "baola_n":
        return m.Baola, {"rebel": _seat_or_fallback(g("baola_n"))}
    if kind == "query_n":
        return m.Query, {"target": _seat_or_fallback(g("query_n"))}
    raise _Fallback


#: The group that closes an action's body, for an action with annotations.
_BODY_ORDER = (
    "play",
    "k_PASS_KW",
    "k_CLOSE_KW",
    "k_YIELD_KW",
    "burn_c",
    "report_n",
    "k_TIMEOUT_KW",
    "k_REVOLUTION_KW",
    "buy_c2",
    "give_n",
    "tribute_n",
    "return_n",
    "penalty_s",
    "penalty_n",
    "ruling_s",
    "k_DECLARE_KW",
    "k_DECLINE_KW",
    "draw_n",
    "draw_c",
    "show_c",
    "k_JIEFENG_KW",
    "k_KAIDIAN_KW",
    "baola_n",
    "k_WAIVE_KW",
    "query_n",
)


_BODY_GROUPS = frozenset(_BODY_ORDER)


def _slot_setter(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name].__set__
    raise AttributeError(name)  # pragma: no cover


def _plain(cls: type) -> bool:
    """Whether a frozen attrs class may be filled slot by slot, skipping its ``__init__``
    (no validators, converters or post-init; every field a slot)."""
    fields = attrs.fields(cls)
    return (
        not hasattr(cls, "__attrs_post_init__")
        and all(f.validator is None and f.converter is None for f in fields)
        and all(any(f.name in getattr(k, "__slots__", ()) for k in cls.__mro__) for f in fields)
    )


#: Build the most frequent values slot by slot: twice as fast as their ``__init__``,
#: which matters at hundreds of actions a deal.  Only for plain classes (see ``_plain``);
#: ``tests/test_reader.py`` checks that the values equal those built the usual way.
_DIRECT = all(_plain(c) for c in (m.Span, m.Play, m.RoundMark, *_SIMPLE.values()))


_new = object.__new__


_set_line, _set_col, _set_end_line, _set_end_col = (
    _slot_setter(m.Span, k) for k in ("line", "column", "end_line", "end_column")
)


_set_seat, _set_irr, _set_glyphs, _set_notes, _set_span = (
    _slot_setter(m.Play, k) for k in ("seat", "irregular", "glyphs", "notes", "span")
)


_set_cards = _slot_setter(m.Play, "cards")


_set_number, _set_round_span = (_slot_setter(m.RoundMark, k) for k in ("number", "span"))


_set_tag_name, _set_tag_value, _set_tag_span = (
    _slot_setter(m.Tag, k) for k in ("name", "value", "span")
)


_TAG_DIRECT = _DIRECT and _plain(m.Tag)


def _tag(name: str, value: str, line: int, col: int, end_col: int) -> m.Tag:
    """A one-line tag with its span, built slot by slot (see ``_DIRECT``)."""
    if not _TAG_DIRECT:
        return m.Tag(name, value, span=m.Span(line, col, line, end_col))
    span = _new(m.Span)
    _set_line(span, line)
    _set_col(span, col)
    _set_end_line(span, line)
    _set_end_col(span, end_col)
    tag: m.Tag = _new(m.Tag)
    _set_tag_name(tag, name)
    _set_tag_value(tag, value)
    _set_tag_span(tag, span)
    return tag


_TIGHT_TRAILING = re.compile(r"[ \t\f]*")


#: The characters a line of simple moves can begin with.
_TIGHT_START = frozenset("0123456789^{TJQKAtjqkaXDxd小大")


_TIGHT_TRAILING_NL = re.compile(r"[ \t\f\n]*")


#: What a tight action's text means: ``(class, seat, irregular, cards, other fields)``.
_PROTOS: dict[str, tuple[type, int, bool, tuple[Card, ...] | None, dict[str, Any] | None]] = {}


def _proto(text: str) -> tuple[type, int, bool, tuple[Card, ...] | None, dict[str, Any] | None]:
    mt = _fast().tight_action.fullmatch(text)
    if mt is None:  # pragma: no cover - the tight pattern matched this text
        raise _Fallback
    if mt.lastgroup == "bare":  # a set without its seat: built by its own __init__
        bare = (m.TurnPlay, 0, False, None, {"cards": _cards_or_fallback(text)})
        _PROTOS[text] = bare
        return bare
    seat = int(mt.group("seat"))
    irregular = mt.group("irr") is not None
    kind = mt.lastgroup or ""
    out: tuple[type, int, bool, tuple[Card, ...] | None, dict[str, Any] | None]
    if kind == "c":
        out = (m.Play, seat, irregular, _cards_or_fallback(mt.group("c")), None)
    elif kind == "burn":
        out = (m.Burn, seat, irregular, None, {"cards": _cards_or_fallback(mt.group("burn"))})
    elif kind == "report":
        out = (m.Report, seat, irregular, None, {"count": int(mt.group("report"))})
    else:
        out = (_SIMPLE[kind], seat, irregular, None, None)
    if len(_PROTOS) > 8192:
        _PROTOS.clear()
    _PROTOS[text] = out
    return out


#: What an annotation text after a tight action holds: glyphs, and for each note its key,
#: value, and start and end offsets inside the text.
_ANNOTATIONS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str, int, int], ...]]] = {}


def _parse_annotations(
    ann: str,
) -> tuple[tuple[str, ...], tuple[tuple[str, str, int, int], ...]]:
    glyphs: list[str] = []
    specs: list[tuple[str, str, int, int]] = []
    for am in _fast().annot.finditer(ann):
        glyph = am.group("glyph")
        if glyph is not None:
            glyphs.append(glyph)
            continue
        raw = am.group("note")[2:-1]
        key, value = _note_parts(raw)
        specs.append((key, value, am.start(), am.end()))
    out = (tuple(glyphs), tuple(specs))
    if len(_ANNOTATIONS) > 8192:
        _ANNOTATIONS.clear()
    _ANNOTATIONS[ann] = out
    return out
