"""Reading GJN: the streaming deal reader, the Lark parser, the fast path and the skim.

The grammar (``grammar/gjn.lark``) is the normative definition; it is loaded once, as
an LALR(1) parser with ``strict=True``, whose transformer builds the model during the
parse.  Files are read in blocks and cut into deals by a regular-expression scanner, so
iterating a large file never holds all of it.  Each deal is read first by a fast path
(regular expressions composed from the grammar's own terminals, building the same
model, spans included) and, if that path meets anything unusual, by Lark, which gives
the same model or the precise error.  A deal with a syntax error becomes a
:class:`BrokenDeal` that keeps its raw text and its errors, and the reader goes on with
the next deal.

>>> m = loads('[Event "demo"]\\nhand 1: DD X 333\\n1. 1:333 2:- 3:-')
>>> m.deals[0].tags["Event"], len(list(m.deals[0].actions()))
('demo', 3)
>>> try:
...     loads('[Event "x"]\\n7:333')
... except NotationError as err:
...     print(err.format())
<string>:2:1: error GJN113: seat 7 is out of range (found '7:'); expected a seat 1–6
  7:333
  ^^
"""

from __future__ import annotations

import codecs
import io
import itertools
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import IO, Any, cast, overload

import attrs
import lark
from lark import Lark, Token, Transformer, v_args

from . import model as m
from .cards import Card, CardSyntaxError, parse_cards, sort_cards
from .errors import NotationError

#: The normative grammar: ``grammar/gjn.lark`` in the repository, shipped inside this
#: package as ``gojinotation/gjn.lark``.
GRAMMAR_PATH = Path(__file__).with_name("gjn.lark")

__all__ = [
    "MAX_VARIATION_DEPTH",
    "BrokenDeal",
    "Header",
    "ReadResult",
    "deal_texts",
    "iter_deals",
    "iter_read",
    "iter_read_texts",
    "load",
    "loads",
    "parse_action",
    "read",
    "read_file",
    "skim",
]

#: Variations nested deeper than this are refused (GJN117) rather than risk the stack.
MAX_VARIATION_DEPTH = 64
#: Longest number accepted in a seat, round, count or penalty (GJN118).
MAX_NUMBER_DIGITS = 6
#: Most cards in one hand or one set (GJN119); a deal has 216 cards in all.
MAX_CARDS = 216


BrokenDeal = m.BrokenDeal  # defined with the model; re-exported here for readers


@attrs.frozen
class Header:
    """The tags of one deal as read by :func:`skim` (no hands, no moves)."""

    tags: dict[str, str] = attrs.field(eq=False, hash=False)
    index: int
    line: int


@attrs.frozen
class ReadResult:
    """What :func:`read` returns: the match (broken deals included) and every error."""

    match: m.Match
    errors: tuple[NotationError, ...] = attrs.field(eq=False)

    @property
    def ok(self) -> bool:
        """True when the source had no syntax error."""
        return not self.errors


# ---------------------------------------------------------------------------- parser


class _Body:
    """The parsed body of an action, before the seat and annotations are known."""

    __slots__ = ("cls", "kw")

    def __init__(self, cls: type, kw: dict[str, Any]) -> None:
        self.cls = cls
        self.kw = kw


class _Annot:
    __slots__ = ("glyph", "note")

    def __init__(self, glyph: str | None, note: m.Note | None) -> None:
        self.glyph = glyph
        self.note = note


class _Fail(Exception):
    """Raised inside the transformer; carries a ready NotationError."""

    def __init__(self, error: NotationError) -> None:
        super().__init__(error.en)
        self.error = error


#: The escapes of each kind of text: a backslash before another backslash or before the
#: character that would close the text; any other backslash stands for itself (§10 of
#: ``docs/format.md``: ``[Site "C:\\games"]`` keeps its backslash).
_UNESCAPE_STR = re.compile(r'\\([\\"])')
_UNESCAPE_COMMENT = re.compile(r"\\([\\}])")
_UNESCAPE_NOTE = re.compile(r"\\([\\\]])")
_NOTE_KEY = re.compile(r"\s")
_DIGITS = re.compile(r"\d+")

#: ``parse_cards`` with a memory: the same few hundred sets recur in every deal.
_parse_cards_cached = lru_cache(maxsize=4096)(parse_cards)


def _unescape(text: str, escapes: re.Pattern[str] = _UNESCAPE_STR) -> str:
    """The text of a string (default), comment or note body with its escapes resolved.

    >>> _unescape(r'C:\\games \\" \\\\'), _unescape(r"\\(^o^)/ \\}", _UNESCAPE_COMMENT)
    ('C:\\\\games " \\\\', '\\\\(^o^)/ }')
    """
    # split() keeps what the group caught: the text between escapes and the escaped
    # characters in turn, joined in C (sub() with a template costs ~1 µs an escape)
    return "".join(escapes.split(text)) if "\\" in text else text


def _note_parts(raw: str) -> tuple[str, str]:
    """The key and value of a structured note's body ``[%key value]``: the key ends at the
    first white space of any kind (a tab too), the value is the rest, trimmed.

    >>> _note_parts(" ruling\\taccept  late ")
    ('ruling', 'accept  late')
    """
    body = _unescape(raw, _UNESCAPE_NOTE).strip()
    parts = _NOTE_KEY.split(body, maxsplit=1)
    return parts[0], parts[1].strip() if len(parts) > 1 else ""


@v_args(inline=True)
class _ToModel(Transformer[Token, Any]):
    """Builds model values while the LALR parser reduces (knows no rules)."""

    def __init__(self) -> None:
        super().__init__()
        self.line_offset = 0
        self.lines: Sequence[str] = []
        self.text = ""
        #: nesting depth of the variations built during the current parse, by id
        self.depth: dict[int, int] = {}

    # -- helpers
    def _span(self, first: Token, last: Token | None = None) -> m.Span:
        last = last or first
        off = self.line_offset
        return m.Span(
            (first.line or 0) + off,
            first.column or 0,
            (last.end_line or 0) + off,
            last.end_column or 0,
        )

    def _fail(
        self, tok: Token, code: str, en: str, zh: str, expected: tuple[str, ...] = ()
    ) -> _Fail:
        line = (tok.line or 1) - 1
        src = self.lines[line] if 0 <= line < len(self.lines) else ""
        return _Fail(
            NotationError(
                code,
                line=(tok.line or 0) + self.line_offset,
                column=tok.column or 0,
                end_column=tok.end_column,
                en=en,
                zh=zh,
                found=str(tok),
                expected=expected,
                source_line=src,
            )
        )

    def _error_at(self, span: m.Span, code: str, en: str, zh: str) -> NotationError:
        src_i = span.line - self.line_offset - 1
        src = self.lines[src_i] if 0 <= src_i < len(self.lines) else ""
        return NotationError(
            code, line=span.line, column=span.column, en=en, zh=zh, source_line=src
        )

    def _number(self, tok: Token, text: str | None = None) -> int:
        digits = (text if text is not None else str(tok)).lstrip("+-")
        if len(digits) > MAX_NUMBER_DIGITS:
            raise self._fail(
                tok,
                "GJN118",
                f"number too large (more than {MAX_NUMBER_DIGITS} digits)",
                f"数字过大（超过 {MAX_NUMBER_DIGITS} 位）",
            )
        return int(text if text is not None else str(tok))

    def _seat(self, tok: Token, text: str) -> int:
        seat = self._number(tok, text)
        if not 1 <= seat <= 6:
            raise self._fail(
                tok,
                "GJN113",
                f"seat {seat} is out of range",
                f"座位 {seat} 超出范围",
                ("a seat 1–6",),
            )
        return seat

    def _cards(self, tok: Token) -> tuple[Any, ...]:
        try:
            cards = _parse_cards_cached(str(tok))
        except CardSyntaxError as exc:  # only reachable through absurd repeat counts
            raise self._fail(
                tok, "GJN110", f"not a card: {exc.text!r}", f"无法识别的牌：{exc.text!r}"
            ) from None
        if len(cards) > MAX_CARDS:
            raise self._fail(
                tok,
                "GJN119",
                f"{len(cards)} cards in one group (at most {MAX_CARDS})",
                f"一组中有 {len(cards)} 张牌（最多 {MAX_CARDS} 张）",
            )
        return cards

    # -- items
    def tag(self, lsqb: Token, name: Token, value: Token, rsqb: Token) -> m.Tag:
        return m.Tag(str(name), _unescape(str(value)[1:-1]), span=self._span(lsqb, rsqb))

    def comment(self, tok: Token) -> m.Comment:
        return m.Comment(_unescape(str(tok)[1:-1], _UNESCAPE_COMMENT), span=self._span(tok))

    def hand(self, start: Token, *groups: Token) -> m.Hand:
        digits = _DIGITS.search(str(start))
        assert digits is not None
        seat = self._seat(start, digits.group(0))
        if not groups:
            return m.Hand(seat, (), span=self._span(start))
        if len(groups) == 1 and groups[0].type == "UNKNOWN_HAND":
            return m.Hand(seat, None, span=self._span(start, groups[0]))
        cards: list[Any] = []
        for g in groups:
            cards.extend(self._cards(g))
        if len(cards) > MAX_CARDS:
            raise self._fail(
                start,
                "GJN119",
                f"a hand of {len(cards)} cards (at most {MAX_CARDS})",
                f"手牌 {len(cards)} 张（最多 {MAX_CARDS} 张）",
            )
        return m.Hand(seat, sort_cards(cards), span=self._span(start, groups[-1]))

    def round_mark(self, tok: Token) -> m.RoundMark:
        return m.RoundMark(self._number(tok, str(tok)[:-1]), span=self._span(tok))

    def variation(self, lpar: Token, *rest: Any) -> m.Variation:
        items, rpar = rest[:-1], rest[-1]
        for item in items:
            if isinstance(item, (m.Tag, m.Hand)):
                what = "tag pairs" if isinstance(item, m.Tag) else "hand lines"
                zh = "标签" if isinstance(item, m.Tag) else "手牌行"
                raise _Fail(
                    self._error_at(
                        item.span,
                        "GJN116",
                        f"{what} cannot stand inside a variation ( … ), which holds moves only",
                        f"变着 ( … ) 中只能写出牌，不能写{zh}",
                    )
                )
        depth = 1 + max((self.depth.get(id(i), 0) for i in items), default=0)
        if depth > MAX_VARIATION_DEPTH:
            line, col = _too_deep_at(self.text)
            raise self._fail(
                Token("LPAR", "(", line=line, column=col, end_line=line, end_column=col + 1),
                "GJN117",
                f"variations nested more than {MAX_VARIATION_DEPTH} deep",
                f"变着嵌套超过 {MAX_VARIATION_DEPTH} 层",
            )
        var = m.Variation(tuple(items), span=self._span(lpar, rpar))
        self.depth[id(var)] = depth
        return var

    # -- actions
    def action(self, *children: Any) -> Any:
        i = 0
        irregular = False
        first = children[0]
        if isinstance(first, Token) and first.type == "IRREGULAR":
            irregular = True
            i = 1
        seat_tok: Token = children[i]
        seat = self._seat(seat_tok, str(seat_tok)[:-1])
        body: _Body = children[i + 1]
        glyphs: list[str] = []
        notes: list[m.Note] = []
        for a in children[i + 2 :]:
            if a.glyph is not None:
                glyphs.append(a.glyph)
            elif a.note is not None:
                notes.append(a.note)
        last_tok = body.kw.pop("_last")
        span = self._span(first if irregular else seat_tok, last_tok)
        return body.cls(
            seat,
            irregular=irregular,
            glyphs=tuple(glyphs),
            notes=tuple(notes),
            span=span,
            **body.kw,
        )

    def play(self, cards: Token) -> _Body:
        return _Body(m.Play, {"cards": self._cards(cards), "_last": cards})

    def burn(self, kw: Token, cards: Token) -> _Body:
        return _Body(m.Burn, {"cards": self._cards(cards), "_last": cards})

    def pass_(self, kw: Token) -> _Body:
        return _Body(m.Pass, {"_last": kw})

    def yield_(self, kw: Token) -> _Body:
        return _Body(m.Yield, {"_last": kw})

    def close(self, kw: Token) -> _Body:
        return _Body(m.Close, {"_last": kw})

    def timeout(self, kw: Token) -> _Body:
        return _Body(m.Timeout, {"_last": kw})

    def revolution(self, kw: Token) -> _Body:
        return _Body(m.Revolution, {"_last": kw})

    def report(self, kw: Token, n: Token) -> _Body:
        return _Body(m.Report, {"count": self._number(n), "_last": n})

    def _one_card(self, tok: Token) -> Any:
        cards = self._cards(tok)
        if len(cards) != 1:
            raise self._fail(tok, "GJN120", "exactly one card expected", "此处应为一张牌")
        return cards[0]

    def buy(self, kw: Token, card: Token, f: Token, seat: Token, f2: Token, paid: Token) -> _Body:
        return _Body(
            m.Buy,
            {
                "card": self._one_card(card),
                "from_seat": self._seat(seat, str(seat)),
                "paid": self._one_card(paid),
                "_last": paid,
            },
        )

    def give(self, kw: Token, card: Token, to: Token, seat: Token) -> _Body:
        return _Body(
            m.Give,
            {"card": self._one_card(card), "to_seat": self._seat(seat, str(seat)), "_last": seat},
        )

    def tribute(self, kw: Token, cards: Token, to: Token, seat: Token) -> _Body:
        return _Body(
            m.Tribute,
            {"cards": self._cards(cards), "to_seat": self._seat(seat, str(seat)), "_last": seat},
        )

    def return_(self, kw: Token, cards: Token, to: Token, seat: Token) -> _Body:
        return _Body(
            m.Return,
            {"cards": self._cards(cards), "to_seat": self._seat(seat, str(seat)), "_last": seat},
        )

    def penalty(self, kw: Token, points: Token, reason: Token | None = None) -> _Body:
        return _Body(
            m.Penalty,
            {
                "points": self._number(points),
                "reason": _unescape(str(reason)[1:-1]) if reason is not None else "",
                "_last": reason or points,
            },
        )

    def ruling(self, kw: Token, text: Token) -> _Body:
        return _Body(m.Ruling, {"text": _unescape(str(text)[1:-1]), "_last": text})

    def declare(self, kw: Token) -> _Body:
        return _Body(m.Declare, {"_last": kw})

    def decline(self, kw: Token) -> _Body:
        return _Body(m.Decline, {"_last": kw})

    def draw(
        self, kw: Token, card: Token, to: Token | None = None, n: Token | None = None
    ) -> _Body:
        return _Body(
            m.Draw,
            {
                "card": self._one_card(card),
                "to": self._seat(n, str(n)) if n is not None else None,
                "_last": n if n is not None else card,
            },
        )

    def show(self, kw: Token, cards: Token) -> _Body:
        return _Body(m.Show, {"cards": self._cards(cards), "_last": cards})

    def jiefeng(self, kw: Token) -> _Body:
        return _Body(m.JiefengClaim, {"_last": kw})

    def kaidian(self, kw: Token) -> _Body:
        return _Body(m.Kaidian, {"_last": kw})

    def baola(self, kw: Token, n: Token) -> _Body:
        return _Body(m.Baola, {"rebel": self._seat(n, str(n)), "_last": n})

    def waive(self, kw: Token) -> _Body:
        return _Body(m.Waive, {"_last": kw})

    def query(self, kw: Token, n: Token) -> _Body:
        return _Body(m.Query, {"target": self._seat(n, str(n)), "_last": n})

    def glyph(self, tok: Token) -> _Annot:
        return _Annot(str(tok), None)

    def note(self, tok: Token) -> _Annot:
        key, value = _note_parts(str(tok)[2:-1])
        return _Annot(None, m.Note(key, value, span=self._span(tok)))

    def start(self, *items: Any) -> list[Any]:
        return list(items)


def _grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


_TRANSFORMER = _ToModel()
_PARSER: Lark | None = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        parser = Lark(
            _grammar_text(),
            parser="lalr",
            lexer="contextual",
            strict=_strict_available(),
            propagate_positions=False,
            maybe_placeholders=False,
            transformer=_TRANSFORMER,
        )
        # The lexers compile their scanners on first use, after the checks above: the
        # long terminals are matched by their possessive forms (the same language).
        for term in parser.terminals:
            if term.name in _LONG_TERMINALS:
                term.pattern.value = _possessive(term.pattern.value)
        _PARSER = parser
    return _PARSER


#: Terminals that may be megabytes long (a comment, a note, a quoted string).
_LONG_TERMINALS = ("COMMENT", "NOTE", "STRING")
_STAR = re.compile(r"(?<=[\])])\*(?![+?])")


def _possessive(rx: str) -> str:
    """The grammar's unrolled ``x*(\\.x*)*`` made possessive (``*+``): it matches the
    same texts, since every backslash starts an escape and nothing in ``x`` is one, but
    Python's ``re`` then keeps no backtracking state for each character or escape
    (without it a 10 MB comment took 2.8 GB).  The grammar keeps the plain form, which
    interegular (Lark's strict-mode checks) and other regular-expression engines read.

    >>> print(_possessive(r'\\{[^\\\\}]*(\\\\.[^\\\\}]*)*\\}'))
    \\{[^\\\\}]*+(\\\\.[^\\\\}]*+)*+\\}
    """
    return _STAR.sub("*+", rx)


def _strict_available() -> bool:
    try:
        import interegular  # noqa: F401
    except ImportError:  # strict mode needs interegular; the tests always have it
        return False
    return True


# ------------------------------------------------------------------- friendly errors

_TERMINAL_WORDS = {
    "SEAT": "a seat and colon (e.g. 3:)",
    "CARDS": "cards (e.g. KKK)",
    "ROUND_NO": "a round number (e.g. 5.)",
    "HAND_START": "a hand line (hand 1: …)",
    "TAG_NAME": "a tag name",
    "STRING": 'a quoted string ("…")',
    "RSQB": "]",
    "LSQB": "[",
    "LPAR": "(",
    "RPAR": ")",
    "COMMENT": "a comment {…}",
    "NUMBER": "a number",
    "SIGNED_NUMBER": "a number",
    "PASS_KW": "-",
    "GLYPH": "a glyph",
    "NOTE": "a note [%…]",
    "TO_KW": "to",
    "FROM_KW": "from",
    "FOR_KW": "for",
    "UNKNOWN_HAND": "-",
}

_KEYWORDS = {
    "PASS_KW",
    "YIELD_KW",
    "CLOSE_KW",
    "TIMEOUT_KW",
    "REVOLUTION_KW",
    "BURN_KW",
    "REPORT_KW",
    "BUY_KW",
    "GIVE_KW",
    "TRIBUTE_KW",
    "RETURN_KW",
    "PENALTY_KW",
    "RULING_KW",
    "DECLARE_KW",
    "DECLINE_KW",
    "DRAW_KW",
    "SHOW_KW",
    "JIEFENG_KW",
    "KAIDIAN_KW",
    "BAOLA_KW",
    "WAIVE_KW",
    "QUERY_KW",
}


def _expected_words(expected: Iterable[str]) -> tuple[str, ...]:
    names = set(expected)
    words: list[str] = []
    if names & _KEYWORDS and "CARDS" in names:
        words.append("cards or an action word (-, yield, close, burn …)")
        names -= _KEYWORDS | {"CARDS"}
    for n in sorted(names):
        if n in ("WS", "$END", "IRREGULAR"):
            continue
        if n in _KEYWORDS:
            continue
        words.append(_TERMINAL_WORDS.get(n, n.lower()))
    return tuple(dict.fromkeys(words))


_WORD = re.compile(r"[^\s:()\[\]{}\"!?^]+")


def _glued_to_cards(
    exc: lark.exceptions.UnexpectedInput, src: str, col: int
) -> tuple[str, str] | None:
    """``(char, set)`` when the error is a letter glued to a set of cards (``KKB``)."""
    hist = getattr(exc, "token_history", None)
    last = hist[-1] if hist else None
    if last is None or last.type != "CARDS":
        return None
    if isinstance(exc, lark.exceptions.UnexpectedCharacters):
        start, ch = exc.pos_in_stream, exc.char
    elif isinstance(exc, lark.exceptions.UnexpectedToken) and exc.token.type != "$END":
        start, ch = exc.token.start_pos, str(exc.token)[:1]
    else:
        return None
    if last.end_pos != start or not ch or not (ch.isalnum() or ch in "*♠♥♣♦"):
        return None
    rest = _WORD.match(src, col - 1) if src else None
    return ch, str(last) + (rest.group(0) if rest else ch)


def _unclosed(exc: lark.exceptions.UnexpectedToken) -> tuple[Token, str, str] | None:
    """The ``[`` or ``(`` left open when the parser wanted its closing bracket."""
    at_end = exc.token.type == "$END"
    if ("RSQB" in exc.expected and exc.token.type != "RSQB") or (
        "STRING" in exc.expected and at_end
    ):
        kind, en, zh = "LSQB", "tag is never closed: ']' is missing", "标签没有结束：缺少 ']'"
    elif "RPAR" in exc.expected and at_end:
        kind, en, zh = "LPAR", "variation '(' is never closed", "变着的 '(' 没有对应的 ')'"
    else:
        return None
    stack = getattr(getattr(exc, "state", None), "value_stack", None) or []
    for value in reversed(stack):
        if isinstance(value, Token) and value.type == kind:
            return value, en, zh
    return None


_SPACE_HINT = (
    "moves are separated by ordinary spaces: type a space instead",
    "着法之间用半角空格分隔，请改为空格",
)
_QUOTE_HINT = (
    'tag values, rulings and reasons take straight quotes: type "…"',
    '标签值、裁决和理由须用半角双引号，请改为 "…"',
)
#: What to type instead of characters a Chinese input method gives (issue #15): outside
#: comments, strings and notes they are refused with this hint.
_INPUT_HINTS: dict[str, tuple[str, str]] = {
    "\u3000": (
        "this is a full-width (ideographic) space; type an ordinary space",
        "这是全角空格，请改用半角空格",
    ),
    "，": _SPACE_HINT,
    "、": _SPACE_HINT,
    "；": _SPACE_HINT,
    "“": _QUOTE_HINT,
    "”": _QUOTE_HINT,
    "‘": _QUOTE_HINT,
    "’": _QUOTE_HINT,
    "（": ("type an ordinary '(' for a variation", "变着请用半角括号 '('"),
    "）": ("type an ordinary ')' to close a variation", "变着请用半角括号 ')'"),
    "【": ("type an ordinary '[' for a tag or a note", "标签和注记请用半角方括号 '['"),
    "】": ("type an ordinary ']'", "请用半角方括号 ']'"),
    "｛": ("type an ordinary '{' for a comment", "注释请用半角花括号 '{'"),
    "｝": ("type an ordinary '}'", "请用半角花括号 '}'"),
}


def _convert(exc: lark.exceptions.LarkError, lines: Sequence[str], offset: int) -> NotationError:
    """Turn a Lark error into a NotationError with friendly wording."""
    if isinstance(exc, lark.exceptions.UnexpectedInput):
        line = exc.line if isinstance(exc.line, int) and exc.line > 0 else len(lines) or 1
        col = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
        src = lines[line - 1] if 0 < line <= len(lines) else ""

        def at(code: str, *, en: str, zh: str, **more: Any) -> NotationError:
            """The error at the failing position, with its source line (one place builds
            them all)."""
            return NotationError(
                code, line=line + offset, column=col, en=en, zh=zh, source_line=src, **more
            )

        expected: tuple[str, ...] = ()
        found = ""
        glued = _glued_to_cards(exc, src, col)
        if glued is not None:
            bad, in_set = glued
            return at(
                "GJN110",
                en=f"unknown rank {bad!r} in the set {in_set!r}",
                zh=f"牌组 {in_set!r} 中有无法识别的牌点 {bad!r}",
                found=bad,
                expected=("ranks 3-9 T J Q K A 2 X D ?", "suits s h c d"),
            )
        if isinstance(exc, lark.exceptions.UnexpectedCharacters):
            ch = exc.char
            found = ch
            allowed = exc.allowed or set()
            expected = _expected_words(allowed)
            hint = _INPUT_HINTS.get(ch)
            if hint is not None:  # a full-width character typed by a Chinese input method
                return at(
                    "GJN100",
                    en=f"unexpected character {ch!r}: {hint[0]}",
                    zh=f"意外的字符 {ch!r}：{hint[1]}",
                    found=ch,
                    expected=expected,
                )
            if ch == "{":
                return at(
                    "GJN111",
                    en="comment is never closed: '{' without a matching '}'",
                    zh="注释没有结束：'{' 缺少对应的 '}'",
                    found=ch,
                )
            if ch == "}":
                return at(
                    "GJN111",
                    en="'}' without an opening '{'",
                    zh="多余的 '}'，前面没有 '{'",
                    found=ch,
                )
            if ch == '"':
                return at(
                    "GJN114",
                    en="string is never closed: missing '\"'",
                    zh="字符串没有结束：缺少 '\"'",
                    found=ch,
                )
            if "CARDS" in allowed or allowed & {"BURN_KW"}:
                word = re.match(r"[^\s:()\[\]{}]+", src[col - 1 :]) if src else None
                return at(
                    "GJN110",
                    en=f"unknown rank or action {ch!r}",
                    zh=f"无法识别的牌点或动作 {ch!r}",
                    found=word.group(0) if word else ch,
                    expected=("ranks 3-9 T J Q K A 2 X D ?", "-", "an action word"),
                )
            if ch in "[]":
                return at(
                    "GJN112",
                    en=f"unexpected {ch!r}: unbalanced or misplaced bracket",
                    zh=f"意外的 {ch!r}：方括号不配对或位置错误",
                    found=ch,
                    expected=expected,
                )
            return at(
                "GJN100",
                en=f"unexpected character {ch!r}",
                zh=f"意外的字符 {ch!r}",
                found=ch,
                expected=expected,
            )
        if isinstance(exc, lark.exceptions.UnexpectedToken):
            tok = exc.token
            expected = _expected_words(exc.expected)
            unclosed = _unclosed(exc)
            if unclosed is not None:
                opener, en, zh = unclosed
                o_line = opener.line or 1
                return NotationError(
                    "GJN112",
                    line=o_line + offset,
                    column=opener.column or 1,
                    en=en,
                    zh=zh,
                    found=str(opener),
                    expected=expected,
                    source_line=lines[o_line - 1] if 0 < o_line <= len(lines) else "",
                )
            if tok.type == "$END":
                return at(
                    "GJN102",
                    en="unexpected end of input",
                    zh="输入意外结束",
                    expected=expected,
                )
            found = str(tok)
            if tok.type == "RPAR":
                return at(
                    "GJN112",
                    en="')' without an opening '('",
                    zh="多余的 ')'，前面没有 '('",
                    found=found,
                )
            if "CARDS" in exc.expected and not (set(exc.expected) & {"SEAT", "HAND_START"}):
                word = re.match(r"[^\s:()\[\]{}]+", src[col - 1 :]) if src else None
                return at(
                    "GJN110",
                    en=f"unknown rank or action {found!r}",
                    zh=f"无法识别的牌点或动作 {found!r}",
                    found=word.group(0) if word else found,
                    expected=("ranks 3-9 T J Q K A 2 X D ?", "-", "an action word"),
                )
            if tok.type == "CARDS" and "SEAT" in exc.expected:
                return at(
                    "GJN101",
                    en="cards without a seat: write the seat first, as in 3:KKK "
                    "(a play is one set, with no spaces inside)",
                    zh="牌前缺少座位：请先写座位，如 3:KKK（一手牌中间不能有空格）",
                    found=found,
                    expected=expected,
                )
            if exc.expected and "STRING" in exc.expected:
                return at(
                    "GJN114",
                    en='tag value must be a quoted string, as in [Event "…"]',
                    zh='标签值必须用双引号括起来，如 [Event "…"]',
                    found=found,
                    expected=expected,
                )
            return at(
                "GJN101",
                en=f"unexpected {found!r}",
                zh=f"意外的 {found!r}",
                found=found,
                expected=expected,
            )
        if isinstance(exc, lark.exceptions.UnexpectedEOF):
            return NotationError(
                "GJN102",
                line=len(lines) + offset,
                column=1,
                en="unexpected end of input",
                zh="输入意外结束",
                source_line=lines[-1] if lines else "",
            )
    return NotationError(
        "GJN100", line=1 + offset, column=1, en=str(exc), zh="无法解析", source_line=""
    )


# ------------------------------------------------------------------ reading text

#: Characters (or bytes) read from a file or stream at a time.
_BLOCK = 1 << 20


def _text_blocks(pieces: Iterable[str]) -> Iterator[str]:
    """Re-cut decoded text into blocks that use ``\\n`` line ends and end at a line end
    (the last block excepted); a leading BOM is dropped.  A CR LF split across two
    pieces is one line end."""
    pending = ""
    first = True
    after_cr = False
    for data in pieces:
        if not data:
            continue
        if first:
            first = False
            if data.startswith("\ufeff"):
                data = data[1:]
        if after_cr and data.startswith("\n"):
            data = data[1:]
        after_cr = data.endswith("\r")
        if "\r" in data:
            data = data.replace("\r\n", "\n").replace("\r", "\n")
        pending += data
        cut = pending.rfind("\n") + 1
        if cut:
            yield pending[:cut]
            pending = pending[cut:]
    if pending:
        yield pending


def _decoded(raw: IO[bytes]) -> Iterator[str]:
    """Decode UTF-8 bytes block by block; undecodable bytes become lone surrogates
    (``surrogateescape``), which the deal reader reports as GJN115."""
    dec = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    while True:
        data = raw.read(_BLOCK)
        if not data:
            break
        yield dec.decode(data)
    yield dec.decode(b"", True)


def _text_pieces(stream: IO[str]) -> Iterator[str]:
    while True:
        data = stream.read(_BLOCK)
        if not data:
            return
        yield data


# ----------------------------------------------------------------- splitting deals

# One scanner finds where deals start without parsing them: comments, notes and strings
# are skipped whole (a "[" or "{" inside them means nothing), and a deal starts at a
# line beginning with a tag once the current deal has shown a hand or move line.  It
# is a heuristic that only decides how the text is cut for streaming and recovery; the
# assembler, working on parsed items, has the last word on deal boundaries.
# Every alternative starts with a literal character, so that the regular-expression
# engine skips to the next "{", "[", '"' or line end without leaving C.
_C = r"\{(?P<c>[^\\}]*+(?:\\.[^\\}]*+)*+)(?P<ce>\})?"
_N = r"\[(?P<n>%[^\\\]]*+(?:\\.[^\\\]]*+)*+)(?P<ne>\])?"
_S = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"?'
#: Once a ``{`` (or ``[%``) is found never closed before the end of the input, no later
#: one can be closed either (the escapes pair up the same way from any later opener), so
#: the scanner then reads them as plain characters rather than search the rest of the
#: input again from each one (which made 100 KB of ``{`` take 41 s).
_C_DEAD = r"\{"
_N_DEAD = r"\[%"


def _head_scanner(c: str, n: str) -> re.Pattern[str]:
    return re.compile(rf"{c}|{n}|\[(?P<t>)|{_S}|\n[ \t\f]*(?P<b>[^ \t\f\n\[{{%])", re.S)


def _body_scanner(c: str, n: str) -> re.Pattern[str]:
    return re.compile(rf"{c}|{n}|{_S}|\n[ \t\f]*\[(?P<t>)(?!%)", re.S)


_SCAN_HEAD_TAGS = _head_scanner(_C, _N)
_SCAN_BODY = _body_scanner(_C, _N)
#: Moves up to what may end a deal or span lines: a "{" or "[%" not closed on its line,
#: an unclosed '"', or a line starting with a tag.
_C1 = r"\{[^\\}\n]*+(?:\\.[^\\}\n]*+)*+\}"
_N1 = r"\[%[^\\\]\n]*+(?:\\.[^\\\]\n]*+)*+\]"


def _body_skipper(c: str, n: str) -> re.Pattern[str]:
    return re.compile(
        rf'(?:[^{{\["\n]++|{c}|{n}|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
        r"|\[(?!%)|\n(?![ \t\f]*\[(?!%)))*+"
    )


_BODY_SKIP = _body_skipper(_C1, _N1)

#: The scanners (header, body, body skip) by which of ``{`` and ``[%`` are dead.
_SCANNERS = {
    (dc, dn): (
        _head_scanner(_C_DEAD if dc else _C, _N_DEAD if dn else _N),
        _body_scanner(_C_DEAD if dc else _C, _N_DEAD if dn else _N),
        _body_skipper(_C_DEAD if dc else _C1, _N_DEAD if dn else _N1),
    )
    for dc in (False, True)
    for dn in (False, True)
}
_BODY_AT = re.compile(r"[ \t\f\n]*[^ \t\f\n\[{%]")
_TAG_AT = re.compile(
    r'\[[ \t\f\n]*([A-Za-z][A-Za-z0-9_]*)[ \t\f\n]*"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"[ \t\f\n]*\]'
)


def _chunks(pieces: Iterable[str], tags: bool = False) -> Iterator[tuple[int, str, dict[str, str]]]:
    """Cut a GJN source into ``(first line, text, tags)`` chunks, one deal each (the
    tags only when ``tags`` is set, for :func:`skim`).  Holds one deal and one block."""
    head, scan_body, body_skip = _SCANNERS[False, False]
    dead_c = dead_n = False
    blocks = _text_blocks(pieces)
    buf = ""
    start = pos = 0
    line = 1
    body = False
    found: dict[str, str] = {}
    eof = False
    first = True
    while not eof:
        nxt = next(blocks, None)
        if nxt is None:
            eof = True
        else:
            if start:
                buf, pos, start = buf[start:], pos - start, 0
            buf += nxt
        if first and buf:
            first = False
            body = _BODY_AT.match(buf) is not None
        while True:
            if body:  # skip, inside the regular expression, all that cannot end the deal
                pos = body_skip.match(buf, pos).end()  # type: ignore[union-attr]
                mt = scan_body.match(buf, pos)
            else:
                mt = head.search(buf, pos)
            if mt is None:
                pos = len(buf) - 1 if buf.endswith("\n") and not eof else len(buf)
                break
            kind = mt.lastgroup
            if kind == "c" or kind == "n":  # not closed (yet)
                if not eof:
                    pos = mt.start()
                    break
                pos = mt.start() + 1  # never closed: read on as if it were not there
                dead_c, dead_n = dead_c or kind == "c", dead_n or kind == "n"
                head, scan_body, body_skip = _SCANNERS[dead_c, dead_n]
            elif kind == "t":
                at = mt.start("t") - 1  # the "["
                if body:  # a tag line after hands or moves: a new deal
                    cut = mt.start() + 1
                    yield line, buf[start:cut], found
                    line += buf.count("\n", start, cut)
                    start, found, body = cut, {}, False
                    pos = at
                    continue
                tm = _TAG_AT.match(buf, at)
                if tm is None:  # not a tag after all: a broken line, which ends the header
                    body = True
                    pos = mt.end()
                    continue
                if tags and tm.group(1) not in found:
                    value = tm.group(2)
                    found[tm.group(1)] = _unescape(value)
                pos = tm.end()
            elif kind == "b":
                body = True
                pos = mt.start("b")
            else:
                pos = mt.end()
    rest = buf[start:]
    if rest.strip():
        yield line, rest, found


_PAREN_SCAN = re.compile(
    r'\{[^\\}]*+(?:\\.[^\\}]*+)*+\}|\[%[^\\\]]*+(?:\\.[^\\\]]*+)*+\]|"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
    r"|(?P<o>\()|(?P<c>\))",
    re.S,
)


def _too_deep_at(text: str) -> tuple[int, int]:
    """Line and column of the first ``(`` that opens a variation too deep."""
    depth = 0
    for mt in _PAREN_SCAN.finditer(text):
        if mt.lastgroup == "o":
            depth += 1
            if depth > MAX_VARIATION_DEPTH:
                p = mt.start()
                return text.count("\n", 0, p) + 1, p - text.rfind("\n", 0, p)
        elif mt.lastgroup == "c":
            depth = max(0, depth - 1)
    return 1, 1  # pragma: no cover - only called once the parser found such a variation


# ------------------------------------------------------------------- fast path


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

    def __init__(self, t: dict[str, str]) -> None:
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
        self.item = re.compile(
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
            ")"
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
            f"(?:\\^{lws})?[1-6][:：]{lws}"
            # cards that cannot begin a word come first (most plays), then the words
            f"(?:[0-9JQKAjqkaXDx?小大]{_CARD_RUN[:-1]}*"
            f"|(?=(?i:[{initials}]))(?:{simple_words}"
            f"|{t['BURN_KW']}{lws}{_CARD_RUN}|{t['REPORT_KW']}{lws}\\d{{1,6}}(?!\\d))"
            f"|{_CARD_RUN})"
        )
        # Five groups, read with ``findall``: white space, action, annotations, round
        # number, comment (the terminals' own groups are made non-capturing).
        act_rx = _no_groups(action)
        ann_rx = _no_groups(f"(?:{lws}(?:{t['GLYPH']}|{note1}))+")
        comment1 = r"\{[^\\}\n]*+(?:\\.[^\\}\n]*+)*+\}"
        tail = f"(?:({act_rx})({ann_rx})?|(\\d{{1,6}}\\.)|({comment1}))"
        self.tight = re.compile(f"({lws}){tail}")
        self.tight_nl = re.compile(f"([ \\t\\f\\n]*){tail}")  # the same across lines
        assert self.tight.groups == 5, self.tight.pattern
        self.tight_action = re.compile(
            f"(?P<irr>\\^{lws})?(?P<seat>[1-6])[:：]{lws}"
            f"(?:(?=(?i:[{initials}]))(?:{'|'.join(bodies[i] for i in (0, 1, 2, 5, 6))}"
            f"|{t['BURN_KW']}{lws}(?P<burn>{_CARD_RUN})"
            f"|{t['REPORT_KW']}{lws}(?P<report>\\d{{1,6}}))"
            f"|(?P<c>{_CARD_RUN}))"
        )
        self.tight_tag = re.compile(
            f"{t['LSQB']}{lws}(?P<tn>{t['TAG_NAME']}){lws}(?P<tv>{t['STRING']}){lws}"
            f"(?P<rb>{t['RSQB']}){lws}$",
            re.M,
        )
        # A canonical hand line (lower-case word, card groups apart on one line): the
        # general item pattern reads it with a look-ahead before every group; this one
        # checks once, after the last group, that the item's group loop stops there too
        # (the same look-ahead), so both end at the same place and build the same hand.
        self.hand_line = re.compile(
            f"hand[ \t]*(?P<hn>\\d+)[ \t]*[:：](?P<hg>(?:[ \t]+{cards})*+)"
            f"(?!{ws}(?!{prio}){cards})[ \t]*(?:\n|\\Z)"
        )
        self.ws = re.compile(ws)
        self.annot = re.compile(f"(?P<glyph>{t['GLYPH']})|(?P<note>{t['NOTE']})")
        self.cards = re.compile(cards)
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
        _FAST = _Fast({t.name: t.pattern.to_regexp() for t in _parser().terminals})
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
_TIGHT_START = frozenset("0123456789^{")
_TIGHT_TRAILING_NL = re.compile(r"[ \t\f\n]*")
#: What a tight action's text means: ``(class, seat, irregular, cards, other fields)``.
_PROTOS: dict[str, tuple[type, int, bool, tuple[Card, ...] | None, dict[str, Any] | None]] = {}


def _proto(text: str) -> tuple[type, int, bool, tuple[Card, ...] | None, dict[str, Any] | None]:
    mt = _fast().tight_action.fullmatch(text)
    if mt is None:  # pragma: no cover - the tight pattern matched this text
        raise _Fallback
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


def _tight_line(
    text: str, q: int, le: int, line: int, ls: int, items: list[Any], lines: bool = False
) -> bool:
    """Read the moves from ``q`` to the line end ``le`` if the line is simple: actions
    with cards or no arguments, burns, reports, glyphs, one-line notes and round
    numbers.  Appends the items and returns True; else appends nothing, returns False.
    With ``lines``, read on across line ends up to ``le``, all or nothing.
    """
    if text.count("{", q, le) > text.count("}", q, le):
        # a "{" not closed: ``findall`` would try the comment from every "{" to the line
        # end (quadratic); such a line is not simple anyway
        return False
    set_line, set_col, set_end_line, set_end_col = _set_line, _set_col, _set_end_line, _set_end_col
    set_seat, set_irr, set_glyphs, set_notes, set_span = (
        _set_seat,
        _set_irr,
        _set_glyphs,
        _set_notes,
        _set_span,
    )
    set_cards = _set_cards
    set_number, set_round_span = _set_number, _set_round_span
    round_cls = m.RoundMark
    mark = len(items)
    p = q
    protos = _PROTOS
    new = _new
    span_cls = m.Span
    append = items.append
    base = ls - 1
    no: tuple[Any, ...] = ()
    direct = _DIRECT
    anns = _ANNOTATIONS
    note_cls = m.Note
    fx = _fast()
    for ws, act, ann, rnd, cm in (fx.tight_nl if lines else fx.tight).findall(text, q, le):
        if lines and "\n" in ws:
            line += ws.count("\n")
            base = p + ws.rindex("\n")
        p += len(ws)
        if act:
            proto = protos.get(act)
            if proto is None:
                proto = _proto(act)
            cls, seat, irregular, cards, kw = proto
            st = p
            p += len(act)
            if not ann and direct and kw is None:  # the usual action: no arguments, no notes
                span = new(span_cls)
                set_line(span, line)
                set_col(span, st - base)
                set_end_line(span, line)
                set_end_col(span, p - base)
                obj: Any = new(cls)
                set_seat(obj, seat)
                set_irr(obj, irregular)
                set_glyphs(obj, no)
                set_notes(obj, no)
                set_span(obj, span)
                if cards is not None:
                    set_cards(obj, cards)
                append(obj)
                continue
            glyphs = notes = no
            if ann:
                parsed = anns.get(ann)
                if parsed is None:
                    parsed = _parse_annotations(ann)
                glyphs, specs = parsed
                if specs:
                    notes = tuple(
                        [
                            note_cls(k, v, span=span_cls(line, p + a - base, line, p + b - base))
                            for k, v, a, b in specs
                        ]
                    )
            if direct and kw is None:
                span = new(span_cls)
                set_line(span, line)
                set_col(span, st - base)
                set_end_line(span, line)
                set_end_col(span, p - base)
                obj = new(cls)
                set_seat(obj, seat)
                set_irr(obj, irregular)
                set_glyphs(obj, glyphs)
                set_notes(obj, notes)
                set_span(obj, span)
                if cards is not None:
                    set_cards(obj, cards)
                append(obj)
            else:
                span = span_cls(line, st - base, line, p - base)
                fields = dict(kw or {})
                if cards is not None:
                    fields["cards"] = cards
                append(
                    cls(seat, irregular=irregular, glyphs=glyphs, notes=notes, span=span, **fields)
                )
            p += len(ann)
        elif rnd:
            e = p + len(rnd)
            if direct:
                span = new(span_cls)
                set_line(span, line)
                set_col(span, p - base)
                set_end_line(span, line)
                set_end_col(span, e - base)
                obj = new(round_cls)
                set_number(obj, int(rnd[:-1]))
                set_round_span(obj, span)
                append(obj)
            else:
                append(round_cls(int(rnd[:-1]), span=span_cls(line, p - base, line, e - base)))
            p = e
        else:
            raw = cm[1:-1]
            span = span_cls(line, p - base, line, p + len(cm) - base)
            append(m.Comment(_unescape(raw, _UNESCAPE_COMMENT), span=span))
            p += len(cm)
    # ``findall`` skips what it cannot read: the positions then fall short of the end
    trailing = _TIGHT_TRAILING_NL if lines else _TIGHT_TRAILING
    if trailing.match(text, p, le).end() == le:  # type: ignore[union-attr]
        return True
    del items[mark:]
    return False


def _hand_cards(text: str, start: int, end: int) -> tuple[Card, ...]:
    """The cards of a hand's groups, ``text[start:end]`` (white space and card runs)."""
    got: list[Card] = []
    ordered = True  # groups written strongest first need no sorting
    last_key: tuple[int, int] | None = None
    for gtext in text[start:end].split():
        info = _GROUPS.get(gtext)
        if info is None:
            group = _cards_or_fallback(gtext)
            info = _GROUPS[gtext] = (group, group[0].sort_key(), group[-1].sort_key())
        if last_key is not None and last_key > info[1]:
            ordered = False
        last_key = info[2]
        got.extend(info[0])
    if len(got) > MAX_CARDS:
        raise _Fallback
    return (tuple(got) if ordered else sort_cards(got)) if got else ()


def _fast_items(text: str, offset: int) -> list[Any]:
    """The items of one chunk, as the transformer would build them, without Lark.

    :raises _Fallback: on anything unusual (errors included); Lark then decides.
    """
    fx = _fast()
    item_match = fx.item.match
    count = text.count
    rfind = text.rfind
    find = text.find
    span_of = m.Span
    play_cls = m.Play
    simple = _SIMPLE
    seats = _SEATS
    cards_ok = _CARDS_OK
    n = len(text)
    line = 1 + offset
    ls = 0  # start of the current line
    nl = find("\n")  # its end
    if nl < 0:
        nl = n
    top: list[Any] = []
    items = top
    stack: list[tuple[list[Any], int, int]] = []
    pos = 0
    tight_from = 0  # a line whose moves are not simple is read item by item
    tried_rest = False
    ws_end = fx.ws.match
    while True:
        if pos >= tight_from:
            q = ws_end(text, pos).end()  # type: ignore[union-attr]
            if q >= n:
                break
            if q > nl:
                line += count("\n", ls, q)
                ls = rfind("\n", 0, q) + 1
                nl = find("\n", q)
                if nl < 0:
                    nl = n
            if text.startswith("[", q):
                tm = fx.tight_tag.match(text, q, nl)
                if tm is not None and not stack:
                    value = tm.group("tv")[1:-1]
                    items.append(
                        _tag(
                            tm.group("tn"),
                            _unescape(value),
                            line,
                            q - ls + 1,
                            tm.end("rb") - ls + 1,
                        )
                    )
                    pos = nl
                    continue
            elif not tried_rest and not text.startswith("hand", q):
                # the usual case: every line from here to the end is simple moves
                tried_rest = True
                if _tight_line(text, q, n, line, ls, items, lines=True):
                    pos = n
                    break
                continue
            elif text[q] in _TIGHT_START and _tight_line(text, q, nl, line, ls, items):
                pos = nl
                continue
            elif not stack and (hm := fx.hand_line.match(text, q)) is not None:
                end = hm.end("hg")
                items.append(
                    m.Hand(
                        _seat_or_fallback(hm.group("hn")),
                        _hand_cards(text, hm.start("hg"), end),
                        span=span_of(line, q - ls + 1, line, end - ls + 1),
                    )
                )
                pos = end
                continue
            tight_from = nl + 1
        mt = item_match(text, pos)
        if mt is None:
            break
        kind = mt.lastgroup or ""
        start = mt.end("w")
        end = mt.end()
        if start > nl:  # the item starts on a later line
            line += count("\n", ls, start)
            ls = rfind("\n", 0, start) + 1
            nl = find("\n", start)
            if nl < 0:
                nl = n
        l1 = line
        c1 = start - ls + 1
        if kind == "ann":
            kind = next(k for k in _BODY_ORDER if mt.start(k) >= 0)
            body_end = mt.start("ann")
        else:
            body_end = end
        if kind == "play" or kind in simple or kind in _BODY_GROUPS:
            seat = seats.get(mt.group("seat"))
            if seat is None:
                raise _Fallback
            kw: dict[str, Any] | None = None
            cls: type = play_cls
            cards: tuple[Card, ...] | None = None
            if kind == "play":
                s = mt.group("play")
                cards = cards_ok.get(s)
                if cards is None:
                    cards = _cards_or_fallback(s)
            elif kind in simple:
                cls = simple[kind]
            else:
                cls, kw = _body(kind, mt)
            if body_end > nl:
                l2 = line + count("\n", ls, body_end)
                c2 = body_end - rfind("\n", 0, body_end)
            else:
                l2 = line
                c2 = body_end - ls + 1
            span = span_of(l1, c1, l2, c2)
            glyphs: tuple[str, ...] = ()
            notes: tuple[m.Note, ...] = ()
            if body_end != end:
                glyphs, notes = _annotations(text, body_end, end, l2, body_end - c2 + 1)
            if cards is not None:
                items.append(
                    play_cls(
                        seat,
                        irregular=mt.start("irr") >= 0,
                        glyphs=glyphs,
                        notes=notes,
                        span=span,
                        cards=cards,
                    )
                )
            elif kw is None:
                items.append(
                    cls(seat, irregular=mt.start("irr") >= 0, glyphs=glyphs, notes=notes, span=span)
                )
            else:
                items.append(
                    cls(
                        seat,
                        irregular=mt.start("irr") >= 0,
                        glyphs=glyphs,
                        notes=notes,
                        span=span,
                        **kw,
                    )
                )
        else:
            if end > nl:
                l2 = line + count("\n", ls, end)
                c2 = end - rfind("\n", 0, end)
            else:
                l2 = line
                c2 = end - ls + 1
            if kind == "tag":
                if stack:
                    raise _Fallback
                value = mt.group("tv")[1:-1]
                items.append(
                    m.Tag(
                        mt.group("tn"),
                        _unescape(value),
                        span=span_of(l1, c1, l2, c2),
                    )
                )
            elif kind == "hand":
                if stack:
                    raise _Fallback
                digits = _DIGITS.search(mt.group("hs"))
                seat = _seat_or_fallback(digits.group(0) if digits else "")
                hand: tuple[Card, ...] | None = None
                if mt.start("hu") < 0:
                    # the hand pattern matched white space and card runs only
                    hand = _hand_cards(text, mt.end("hs"), end)
                items.append(m.Hand(seat, hand, span=span_of(l1, c1, l2, c2)))
            elif kind == "comment":
                raw = mt.group("comment")[1:-1]
                items.append(
                    m.Comment(_unescape(raw, _UNESCAPE_COMMENT), span=span_of(l1, c1, l2, c2))
                )
            elif kind == "round":
                number = _number_or_fallback(mt.group("round")[:-1])
                items.append(m.RoundMark(number, span=span_of(l1, c1, l2, c2)))
            elif kind == "lpar":
                stack.append((items, l1, c1))
                if len(stack) > MAX_VARIATION_DEPTH:
                    raise _Fallback
                items = []
            elif kind == "rpar":
                if not stack:
                    raise _Fallback
                inner = items
                items, pl, pc = stack.pop()
                items.append(m.Variation(tuple(inner), span=span_of(pl, pc, l2, c2)))
            else:  # pragma: no cover - the alternatives above are exhaustive
                raise _Fallback
        pos = end
    if stack or fx.ws.match(text, pos).end() != n:  # type: ignore[union-attr]
        raise _Fallback
    return top


def _annotations(
    text: str, lo: int, hi: int, line: int, ls: int
) -> tuple[tuple[str, ...], tuple[m.Note, ...]]:
    """Glyphs and notes written between ``lo`` and ``hi`` (after an action); ``line`` is
    the line number at ``lo`` and ``ls`` the offset where that line starts."""
    glyphs: list[str] = []
    notes: list[m.Note] = []
    for am in _fast().annot.finditer(text, lo, hi):
        glyph = am.group("glyph")
        if glyph is not None:
            glyphs.append(glyph)
            continue
        a, b = am.span()
        k = text.count("\n", lo, a)
        if k:
            line += k
            ls = text.rfind("\n", lo, a) + 1
        la, ca = line, a - ls + 1
        k = text.count("\n", a, b)
        if k:
            line += k
            ls = text.rfind("\n", a, b) + 1
        lo = b
        raw = am.group("note")[2:-1]
        key, value = _note_parts(raw)
        notes.append(m.Note(key, value, span=m.Span(la, ca, line, b - ls + 1)))
    return tuple(glyphs), tuple(notes)


# ---------------------------------------------------------------- assembling deals


class _Assembler:
    """Groups the flat item list into deals and checks the order tags → hands → moves."""

    def __init__(self, text: str, offset: int) -> None:
        self.text = text
        self.offset = offset
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines

    def error(self, item: Any, code: str, en: str, zh: str) -> NotationError:
        span: m.Span = item.span
        src_i = span.line - self.offset - 1
        src = self.lines[src_i] if 0 <= src_i < len(self.lines) else ""
        return NotationError(
            code, line=span.line, column=span.column, en=en, zh=zh, source_line=src
        )

    def deals(self, items: list[Any]) -> tuple[list[m.Comment], list[list[Any]]]:
        """Split items into deals: a tag starts a new deal when it follows a hand or a
        move written on an earlier line (on the same line it is misplaced: GJN116)."""
        tag, comment = m.Tag, m.Comment
        types = [type(x) for x in items]
        at: list[int] = []  # where the tags stand (found by C-level searches)
        try:
            while True:
                at.append(types.index(tag, at[-1] + 1 if at else 0))
        except ValueError:
            pass
        starts: list[int] = []
        prev = -1  # index of the previous tag
        for i in at:
            k = i - 1
            while k > prev and type(items[k]) is comment:
                k -= 1
            if k > prev:  # a hand or a move stands between the two tags
                if items[k].span.end_line < items[i].span.line:
                    starts.append(i)
            elif prev < 0:
                starts.append(i)
            prev = i
        prologue: list[m.Comment] = []
        first = starts[0] if starts else len(items)
        if all(type(x) is comment for x in items[:first]):
            prologue = items[:first]
        else:
            starts.insert(0, next(i for i, x in enumerate(items) if type(x) is not comment))
            prologue = items[: starts[0]]
        bounds = [*starts, len(items)]
        return prologue, [items[a:b] for a, b in itertools.pairwise(bounds)]

    def build(self, group: list[Any]) -> m.Deal:
        """One deal from its items.  A comment goes with the next item's section (a
        comment after the last hand and before the first move is "before the first
        play"); trailing comments stay in the last section."""
        tag, hand, comment = m.Tag, m.Hand, m.Comment
        types = [type(x) for x in group]
        if types[0] is not tag:
            raise self.error(
                group[0],
                "GJN116",
                'a deal must begin with a tag pair such as [Event "…"]',
                '一局记录必须以标签开始，如 [Event "…"]',
            )
        n = len(types)
        i = 1
        while i < n and (types[i] is tag or types[i] is comment):
            i += 1
        head_end = hands_end = i
        if i < n and types[i] is hand:
            while i < n and (types[i] is hand or types[i] is comment):
                i += 1
            hands_end = i
            if i < n:  # comments before the first move go with the moves
                while types[hands_end - 1] is comment:
                    hands_end -= 1
        elif i < n:
            while types[head_end - 1] is comment:
                head_end -= 1
            hands_end = head_end
        misplaced = {tag, hand}.intersection(types[hands_end:])
        for k in range(hands_end, n) if misplaced else ():
            if types[k] is tag or types[k] is hand:
                if types[k] is tag:
                    raise self.error(
                        group[k],
                        "GJN116",
                        "tag pairs must come before the hands and moves "
                        "(a new deal starts on a new line)",
                        "标签必须写在手牌和出牌之前（新的一局须另起一行）",
                    )
                raise self.error(
                    group[k],
                    "GJN116",
                    "hand lines must come before the first move",
                    "手牌行必须写在第一步出牌之前",
                )
        first = group[0].span
        last = group[-1].span
        return m.Deal(
            tuple(group[:head_end]),
            tuple(group[head_end:hands_end]),
            tuple(group[hands_end:]),
            span=m.Span(first.line, first.column, last.end_line, last.end_column),
        )

    def raw(self, groups: list[list[Any]], index: int) -> tuple[str, m.Span]:
        """The source text of one deal of a chunk, for a :class:`BrokenDeal`."""
        starts = [0]
        for ln in self.lines:
            starts.append(starts[-1] + len(ln) + 1)

        def begin(group: list[Any]) -> tuple[int, int, int]:
            span: m.Span = group[0].span
            i = span.line - self.offset - 1
            at = starts[i] + span.column - 1
            if not self.text[starts[i] : at].strip(" \t\f"):
                return starts[i], span.line, 1
            return at, span.line, span.column

        lo, line, col = begin(groups[index])
        hi = begin(groups[index + 1])[0] if index + 1 < len(groups) else len(self.text)
        return _trim_end(self.text[lo:hi]) + "\n", m.Span(line, col)


# ----------------------------------------------------------------------- one chunk


def _trim_end(text: str) -> str:
    """``text`` without the blank lines after its last written line, that line's trailing
    spaces kept: a broken deal is written back as it was written.

    >>> _trim_end("1:ZZ  \\n \\n\\n"), _trim_end("a\\n"), _trim_end("  \\n")
    ('1:ZZ  ', 'a', '')
    """
    end = len(text.rstrip(" \t\f\n"))
    if not end:
        return ""
    nl = text.find("\n", end)
    return text if nl < 0 else text[:nl]


_LEADING_BLANK = re.compile(r"(?:[ \t\f]*\n)*")
_ESCAPED_BYTES = re.compile("[\udc80-\udcff]+")


def _undecodable(text: str, bad: re.Match[str], start_line: int, filename: str) -> BrokenDeal:
    """GJN115 for a chunk holding bytes that are not UTF-8 (decoded as surrogates)."""
    p = bad.start()
    line_start = text.rfind("\n", 0, p) + 1
    line_end = text.find("\n", p)
    line = start_line + text.count("\n", 0, p)
    clean = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    src = text[line_start : line_end if line_end >= 0 else len(text)]
    err = NotationError(
        "GJN115",
        line=line,
        column=p - line_start + 1,
        en="the file is not valid UTF-8 text",
        zh="文件不是有效的 UTF-8 文本",
        found=bad.group(0).encode("utf-8", "surrogateescape").hex(" "),
        source_line=src.encode("utf-8", "surrogateescape").decode("utf-8", "replace"),
        filename=filename,
    )
    return BrokenDeal(clean, (err,), m.Span(start_line, 1))


class _Lines(Sequence[str]):
    """The lines of a chunk, cut out when asked for (only errors ask) rather than split up
    front: a 10 MB comment of short lines would be a million strings (~80 MB).

    >>> lines = _Lines("a\\nbc\\n")
    >>> len(lines), lines[1], lines[-1], lines[0]
    (3, 'bc', '', 'a')
    """

    __slots__ = ("n", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = text.count("\n") + 1

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return self.text.split("\n")[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        text, start = self.text, 0
        if i > self.n // 2:  # count from the end
            start = len(text)
            for _ in range(self.n - i):
                start = text.rindex("\n", 0, start)
            start += 1
        else:
            for _ in range(i):
                start = text.index("\n", start) + 1
        end = text.find("\n", start)
        return text[start:] if end < 0 else text[start:end]


def _lark_items(text: str, lines: Sequence[str], offset: int) -> list[Any]:
    """Parse a chunk with Lark (the normative grammar).

    :raises NotationError: the syntax error, in friendly words.
    """
    t = _TRANSFORMER
    t.line_offset = offset
    t.lines = lines
    t.text = text
    t.depth.clear()
    try:
        items: list[Any] = _parser().parse(text)  # type: ignore[assignment]
    except _Fail as f:
        raise f.error from None
    except lark.exceptions.VisitError as v:
        orig = v.orig_exc
        if isinstance(orig, _Fail):
            raise orig.error from None
        raise NotationError(
            "GJN100", line=offset + 1, column=1, en=str(orig), zh="无法解析"
        ) from None
    except lark.exceptions.LarkError as exc:
        raise _convert(exc, lines, offset) from None
    except RecursionError:  # pragma: no cover - the parser and transformer do not recurse
        raise NotationError(
            "GJN117", line=offset + 1, column=1, en="input nested too deeply", zh="嵌套过深"
        ) from None
    finally:
        t.lines = []
        t.text = ""
    return items


def _kept(err: NotationError) -> NotationError:
    """``err`` without its traceback and context, to be kept in a broken deal: they hold
    the parser's frames and Lark's exception (~8 KB a deal), and a file of 200,000 broken
    one-line deals made the garbage collector's passes over them quadratic."""
    err.__traceback__ = None
    err.__context__ = None
    err.__cause__ = None
    return err


def _parse_chunk(
    start_line: int, text: str, filename: str
) -> tuple[list[m.Comment], int | None, list[m.Deal | BrokenDeal]]:
    # blank lines around a deal are not part of it
    lead = _LEADING_BLANK.match(text)
    if lead is not None and lead.end():
        start_line += text.count("\n", 0, lead.end())
        text = text[lead.end() :]
    text = _trim_end(text)
    if not text.strip():
        return [], None, []
    text += "\n"
    offset = start_line - 1
    bad = _ESCAPED_BYTES.search(text)
    if bad is not None:
        return [], None, [_undecodable(text, bad, start_line, filename)]
    try:
        items = _fast_items(text, offset)
    except _Fallback:
        try:
            items = _lark_items(text, _Lines(text), offset)
        except NotationError as err:
            _kept(err).with_filename(filename)
            return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    version: int | None = None
    if items and isinstance(items[0], Token) and items[0].type == "VERSION":
        tok = items.pop(0)
        version = int(_DIGITS.findall(str(tok))[0])
    asm = _Assembler(text, offset)
    prologue, groups = asm.deals(items)
    out: list[m.Deal | BrokenDeal] = []
    for i, group in enumerate(groups):
        try:
            out.append(asm.build(group))
        except NotationError as err:
            _kept(err).with_filename(filename)
            raw, span = asm.raw(groups, i)
            out.append(BrokenDeal(raw, (err,), span))
    return prologue, version, out


# ----------------------------------------------------------------------- public API

_VERSION_LINE = re.compile(r"[ \t]*%GJN[ \t]+(\d{1,6})[ \t]*(?=\n|$)", re.I)

#: The version a file without a version line is read as.
DEFAULT_VERSION = 1

Source = str | os.PathLike[str] | IO[str] | IO[bytes]


def _pieces(source: Source) -> tuple[Iterator[str], str, IO[Any] | None]:
    """Decoded text pieces of a source, its name, and the stream to close (if opened)."""
    if isinstance(source, str):
        return iter((source,)), "<string>", None
    if isinstance(source, os.PathLike):
        raw = Path(source).open("rb")  # noqa: SIM115 - closed by the caller when done
        return _decoded(raw), str(source), raw
    name = str(getattr(source, "name", "<stream>"))
    if isinstance(source, io.TextIOBase) or hasattr(source, "encoding"):
        return _text_pieces(source), name, None  # type: ignore[arg-type]
    return _decoded(source), name, None  # type: ignore[arg-type]


def _iter_any(
    source: Source, filename: str | None
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    pieces, name, opened = _pieces(source)
    name = filename or name
    try:
        yield from _read_texts(((s, t) for s, t, _ in _chunks(pieces)), name)
    except UnicodeDecodeError as exc:  # from a text stream the caller opened
        yield [], None, _decode_error(exc, name)
    finally:
        if opened is not None:
            opened.close()


def deal_texts(source: Source) -> Iterator[tuple[int, str]]:
    """Cut a GJN source into the texts of its deals without parsing them: ``(first line,
    text)`` pairs, line ends as ``\\n``, a leading BOM dropped, one block of input held at
    a time.  :func:`iter_read_texts` reads them, whole or a run of them at a time (e.g.
    in another process), with the same positions as :func:`iter_read`.

    >>> list(deal_texts('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'))
    [(1, '[Deal "1"]\\n1:3\\n'), (3, '[Deal "2"]\\n1:Z')]

    :raises UnicodeDecodeError: only from a text stream the caller opened.
    """
    pieces, _, opened = _pieces(source)
    try:
        for start, text, _ in _chunks(pieces):
            yield start, text
    finally:
        if opened is not None:
            opened.close()


def iter_read_texts(
    texts: Iterable[tuple[int, str]], *, filename: str = "<string>"
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    """:func:`iter_read` over texts cut by :func:`deal_texts`, starting at any of them:
    positions are counted from each text's first line, and the text at line 1 is read as
    the head of the file (its ``%GJN`` line and prologue).

    >>> texts = list(deal_texts('%GJN 1\\n[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'))
    >>> [(v, d.span.line) for _, v, d in iter_read_texts(texts[1:])]
    [(None, 4)]
    """
    return _read_texts(texts, filename)


def _read_texts(
    texts: Iterable[tuple[int, str]], name: str
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    for start, text in texts:
        version: int | None = None
        if start == 1:
            version = DEFAULT_VERSION
            vm = _VERSION_LINE.match(text)
            if vm is not None:
                version = int(vm.group(1))
                text = text[vm.end() + 1 :]
                start += 1
        prologue, _, deals = _parse_chunk(start, text, name)
        if not deals:
            yield prologue, version, None
        for i, d in enumerate(deals):
            yield (prologue if i == 0 else []), (version if i == 0 else None), d


def iter_deals(source: Source, *, filename: str | None = None) -> Iterator[m.Deal | BrokenDeal]:
    """Yield the deals of a GJN source one by one, broken deals included.

    ``source`` is GJN text (a ``str``), a path, or an open text or binary stream.  Only
    one deal (and one block of input) is held in memory at a time when reading from a
    path or a stream.

    >>> [type(d).__name__ for d in iter_deals('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z')]
    ['Deal', 'BrokenDeal']
    """
    if isinstance(source, str):
        _refuse_path(source, "iter_deals")
    for _, _, deal in _iter_any(source, filename):
        if deal is not None:
            yield deal


def _decode_error(exc: UnicodeDecodeError, filename: str) -> BrokenDeal:
    data = exc.object if isinstance(exc.object, bytes) else b""
    before = data[: exc.start]
    line = before.count(b"\n") + 1
    col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
    err = NotationError(
        "GJN115",
        line=line,
        column=col,
        en="the file is not valid UTF-8 text",
        zh="文件不是有效的 UTF-8 文本",
        found=data[exc.start : exc.end].hex(" "),
        filename=filename,
    )
    return BrokenDeal(data.decode("utf-8", "replace"), (err,), m.Span(line, col))


#: What :func:`read` accepts: GJN text, UTF-8 bytes or an open stream (never a path).
Text = str | bytes | IO[str] | IO[bytes]


def iter_read(
    source: str | bytes | Source, *, filename: str | None = None
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    """:func:`read` one deal at a time: ``(prologue comments, version, deal)`` triples, the
    prologue and the version with the first (``None`` later), the deal ``None`` when the
    source holds comments only.  Only one deal's model exists at a time.

    >>> text = '%GJN 1\\n[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'
    >>> [(v, type(d).__name__) for _, v, d in iter_read(text)]
    [(1, 'Deal'), (None, 'BrokenDeal')]
    """
    name = filename
    if isinstance(source, bytes):
        name = name or "<bytes>"
        source = source.decode("utf-8", "surrogateescape")
    return _iter_any(source, name)


_FILE_SUFFIXES = (".gjn", ".json")


def _refuse_path(source: object, verb: str) -> None:
    """Refuse a path where GJN text is expected: ``read("final.gjn")`` would otherwise
    parse the eight characters of the name as a record."""
    if isinstance(source, os.PathLike):
        raise TypeError(
            f"{verb}() takes GJN text, bytes or an open stream, not a path "
            f"({os.fspath(source)!r}): use gojinotation.read_file(path) or load(path) / "
            f"{verb}() 只接受 GJN 文本、字节或已打开的流，不接受路径："
            "读文件请用 read_file(path) 或 load(path)"
        )
    if (
        isinstance(source, str)
        and len(source) < 4096  # a path, not a record; checked cheaply before the rest
        and source.rstrip().lower().endswith(_FILE_SUFFIXES)
        and "\n" not in source
        and os.path.isfile(source.strip())
    ):
        hint = (
            "gojinotation.jsonio.load_json_match(Path(path).read_bytes())"
            if source.strip().lower().endswith(".json")
            else "gojinotation.read_file(path) or load(path)"
        )
        raise ValueError(
            f"{verb}() takes GJN text, and {source!r} is the name of a file, not GJN: use {hint} / "
            f"{verb}() 只接受 GJN 文本，而 {source!r} 是文件名：请用 {hint}"
        )


def read(source: Text, *, filename: str | None = None) -> ReadResult:
    """Read a whole GJN text leniently: every deal, broken ones kept, every error.

    ``source`` is the text itself (``str``), UTF-8 ``bytes`` or an open stream; a file
    is read by :func:`read_file`.  Bytes are decoded as UTF-8; undecodable input is
    reported (GJN115) for the deal it stands in, not raised, and the other deals are
    read as usual.

    >>> r = read('[Event "a"]\\n1:ZZ\\n\\n[Event "b"]\\n1:333')
    >>> [type(d).__name__ for d in r.match.deals], r.errors[0].code, r.errors[0].line
    (['BrokenDeal', 'Deal'], 'GJN110', 2)
    >>> from pathlib import Path
    >>> read(Path("final.gjn"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: read() takes GJN text, bytes or an open stream, not a path ('final.gjn'): ...

    :raises TypeError: ``source`` is a path object.
    :raises ValueError: ``source`` is a string naming an existing ``.gjn`` or ``.json``
        file (and so no GJN): read files with :func:`read_file`.
    """
    _refuse_path(source, "read")
    return _read_any(source, filename)


def read_file(path: str | os.PathLike[str], *, filename: str | None = None) -> ReadResult:
    """Read a ``.gjn`` file leniently (like :func:`read`), streaming it block by block.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = os.path.join(tmp, "a.gjn")
    ...     _ = open(p, "w", encoding="utf-8").write('[Event "a"]\\n1:333')
    ...     r = read_file(p)
    >>> len(r.match.deals), r.errors, r.match.deals[0].span.line
    (1, (), 1)

    :raises OSError: the file cannot be opened.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"read_file() takes a path, not {type(path).__name__}")
    return _read_any(Path(path), filename or os.fspath(path))


def _read_any(source: str | bytes | Source, filename: str | None) -> ReadResult:
    deals: list[m.Deal | BrokenDeal] = []
    prologue: list[m.Comment] = []
    version: int | None = None
    errors: list[NotationError] = []
    for pro, ver, deal in iter_read(source, filename=filename):
        prologue.extend(pro)
        if ver is not None:
            version = ver
        if deal is None:
            continue
        deals.append(deal)
        if isinstance(deal, BrokenDeal):
            errors.extend(deal.errors)
    if version is None:  # nothing at all was read
        version = DEFAULT_VERSION
    match = m.Match(tuple(deals), version, tuple(prologue))
    return ReadResult(match, tuple(errors))


def loads(text: str | bytes, *, filename: str | None = None) -> m.Match:
    """Parse GJN text strictly (:func:`read`, raising the first error).

    >>> len(loads('[Event "a"]\\n1:333').deals)
    1

    :raises NotationError: the first syntax error, with its position.
    :raises TypeError, ValueError: ``text`` is a path (see :func:`read`).
    """
    result = read(text, filename=filename)
    if result.errors:
        raise result.errors[0]
    return result.match


def load(path: str | os.PathLike[str]) -> m.Match:
    """Parse a ``.gjn`` file strictly (:func:`read_file`, raising the first error).

    :raises NotationError: the first syntax error, with its position.
    :raises OSError: the file cannot be opened.
    """
    result = read_file(path)
    if result.errors:
        raise result.errors[0]
    return result.match


def skim(source: Source, *, filename: str | None = None) -> Iterator[Header]:
    """Yield the tags of each deal without parsing hands or moves (fast).

    Tags inside comments are not tags; the first value of a repeated name wins.

    >>> [h.tags["Deal"] for h in skim('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:4')]
    ['1', '2']
    """
    pieces, _, opened = _pieces(source)
    try:
        for index, (start, _, tags) in enumerate(_chunks(pieces, tags=True)):
            if tags:
                yield Header(tags, index, start)
    finally:
        if opened is not None:
            opened.close()


_ACTION_PREFIX = '[Event ""]\n'


def _action_error(
    text: str,
    column: int,
    en: str,
    zh: str,
    found: str = "",
    code: str = "GJN101",
    expected: tuple[str, ...] = (),
) -> NotationError:
    return NotationError(
        code,
        line=1,
        column=column,
        en=en,
        zh=zh,
        found=found,
        expected=expected,
        source_line=text,
        filename="<action>",
    )


def parse_action(text: str) -> m.Action:
    """Parse one action written in GJN, e.g. ``3:KKK``, ``3:-`` or ``3:burn KKKK !?``.

    Glyphs and structured notes after the action belong to it; anything else (a second
    action, a round number, a comment, a variation, a line break) is refused.  The result
    is the frozen action class for the text; ``str()`` of it is the canonical GJN.

    >>> a = parse_action("3:kkk !")
    >>> type(a).__name__, a.seat, str(a)
    ('Play', 3, '3:KKK !')
    >>> try:
    ...     parse_action("3:KKK 4:-")
    ... except NotationError as err:
    ...     print(err.code, err.line, err.column, err.message())
    GJN101 1 7 exactly one action expected; this is a second item (found '4:-')

    :raises NotationError: the text is not exactly one action (``line`` is 1, ``column``
        points into ``text``).
    :raises TypeError: ``text`` is not a ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_action() takes GJN text (str), not {type(text).__name__}")
    for i, ch in enumerate(text):
        if ch in "\r\n":
            raise _action_error(
                text, i + 1, "one action expected on one line", "应为一行中的一个动作", ch
            )
    result = _read_any(_ACTION_PREFIX + text, None)
    if result.errors:
        err = result.errors[0]
        col = err.column if err.line == 2 else 1
        raise _action_error(text, col, err.en, err.zh, err.found, err.code, err.expected)
    deal = result.match.deals[0] if result.match.deals else None
    items = deal.moves if isinstance(deal, m.Deal) else ()
    if not items:
        return _raise_empty(text)
    first = items[0]
    if not isinstance(first, m.ACTION_TYPES):
        col = getattr(getattr(first, "span", None), "column", 1) or 1
        raise _action_error(
            text, col, "an action such as 3:KKK expected", "应为一个动作，例如 3:KKK", text
        )
    if len(items) > 1:
        extra = items[1]
        col = getattr(getattr(extra, "span", None), "column", 1) or 1
        raise _action_error(
            text,
            col,
            "exactly one action expected; this is a second item",
            "只应有一个动作；这是多余的内容",
            text[col - 1 :].strip(),
        )
    return cast(m.Action, first)


def _raise_empty(text: str) -> m.Action:
    raise _action_error(
        text, 1, "an action such as 3:KKK expected", "应为一个动作，例如 3:KKK", text, "GJN102"
    )
