"""Reading GJN: the Lark parser, the streaming deal reader and the header skim.

The grammar (``grammar/gjn.lark``) is loaded once, as an LALR(1) parser with
``strict=True``; the transformer builds the model during the parse.  Files are cut into
deals by a cheap line scanner and parsed deal by deal, so iterating a large file never
holds all of it; a deal with a syntax error becomes a :class:`BrokenDeal` that keeps its
raw text and its errors, and the reader goes on with the next deal.

>>> m = loads('[Event "demo"]\\nhand 1: DD X 333\\n1. 1:333 2:- 3:-')
>>> m.deals[0].tags["Event"], len(list(m.deals[0].actions()))
('demo', 3)
>>> loads('[Event "x"]\\n7:333')
Traceback (most recent call last):
...
gojinotation.errors.NotationError: <string>:2:1: error GJN113: seat 7 is out of range (found '7:'); expected a seat 1–6
  7:333
  ^^
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import attrs
import lark
from lark import Lark, Token, Transformer, v_args

from grammar import GRAMMAR_PATH

from . import model as m
from .cards import CardSyntaxError, parse_cards
from .errors import NotationError

__all__ = [
    "MAX_VARIATION_DEPTH",
    "BrokenDeal",
    "Header",
    "ReadResult",
    "iter_deals",
    "load",
    "loads",
    "read",
    "skim",
]

#: Variations nested deeper than this are refused (GJN117) rather than risk the stack.
MAX_VARIATION_DEPTH = 64
#: Longest number accepted in a seat, round, count or penalty (GJN118).
MAX_NUMBER_DIGITS = 6
#: Most cards in one hand or one set (GJN119); a deal has 216 cards in all.
MAX_CARDS = 216


@attrs.frozen
class BrokenDeal:
    """A deal that could not be parsed: its raw text, its errors and where it started.

    Equality looks at the raw text only.  The canonical writer writes ``raw`` back
    unchanged, so a file with a broken deal is still re-writable without loss.
    """

    raw: str
    errors: tuple[NotationError, ...] = attrs.field(eq=False)
    span: m.Span = attrs.field(default=m.Span(0, 0), eq=False)


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


_UNESCAPE = re.compile(r"\\(.)", re.S)


def _unescape(text: str) -> str:
    return _UNESCAPE.sub(r"\1", text)


@v_args(inline=True)
class _ToModel(Transformer[Token, Any]):
    """Builds model values while the LALR parser reduces (knows no rules)."""

    def __init__(self) -> None:
        super().__init__()
        self.line_offset = 0
        self.lines: list[str] = []
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
            cards = parse_cards(str(tok))
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
    def tag(self, name: Token, value: Token) -> m.Tag:
        return m.Tag(str(name), _unescape(str(value)[1:-1]), span=self._span(name, value))

    def comment(self, tok: Token) -> m.Comment:
        return m.Comment(_unescape(str(tok)[1:-1]), span=self._span(tok))

    def hand(self, start: Token, *groups: Token) -> m.Hand:
        digits = re.search(r"\d+", str(start))
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
        from .cards import sort_cards

        return m.Hand(seat, sort_cards(cards), span=self._span(start, groups[-1]))

    def round_mark(self, tok: Token) -> m.RoundMark:
        return m.RoundMark(self._number(tok, str(tok)[:-1]), span=self._span(tok))

    def variation(self, *items: Any) -> m.Variation:
        depth = 1 + max((self.depth.get(id(i), 0) for i in items), default=0)
        first_span = next((i.span for i in items if hasattr(i, "span")), m.Span(0, 0))
        if depth > MAX_VARIATION_DEPTH:
            line = max(1, first_span.line - self.line_offset)
            col = max(1, first_span.column - 1)
            raise self._fail(
                Token("LPAR", "(", line=line, column=col, end_line=line, end_column=col + 1),
                "GJN117",
                f"variations nested more than {MAX_VARIATION_DEPTH} deep",
                f"变着嵌套超过 {MAX_VARIATION_DEPTH} 层",
            )
        var = m.Variation(tuple(items), span=first_span)
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

    def glyph(self, tok: Token) -> _Annot:
        return _Annot(str(tok), None)

    def note(self, tok: Token) -> _Annot:
        body = _unescape(str(tok)[2:-1]).strip()
        key, _, value = body.partition(" ")
        return _Annot(None, m.Note(key, value.strip(), span=self._span(tok)))

    def start(self, *items: Any) -> list[Any]:
        return list(items)


def _grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


_TRANSFORMER = _ToModel()
_PARSER: Lark | None = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        _PARSER = Lark(
            _grammar_text(),
            parser="lalr",
            lexer="contextual",
            strict=_strict_available(),
            propagate_positions=False,
            maybe_placeholders=False,
            transformer=_TRANSFORMER,
        )
    return _PARSER


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


def _convert(exc: lark.exceptions.LarkError, lines: list[str], offset: int) -> NotationError:
    """Turn a Lark error into a NotationError with friendly wording."""
    if isinstance(exc, lark.exceptions.UnexpectedInput):
        line = exc.line if isinstance(exc.line, int) and exc.line > 0 else len(lines) or 1
        col = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        expected: tuple[str, ...] = ()
        found = ""
        if isinstance(exc, lark.exceptions.UnexpectedCharacters):
            ch = exc.char
            found = ch
            allowed = exc.allowed or set()
            expected = _expected_words(allowed)
            if ch == "{":
                return NotationError(
                    "GJN111",
                    line=line + offset,
                    column=col,
                    en="comment is never closed: '{' without a matching '}'",
                    zh="注释没有结束：'{' 缺少对应的 '}'",
                    found=ch,
                    source_line=src,
                )
            if ch == "}":
                return NotationError(
                    "GJN111",
                    line=line + offset,
                    column=col,
                    en="'}' without an opening '{'",
                    zh="多余的 '}'，前面没有 '{'",
                    found=ch,
                    source_line=src,
                )
            if ch == '"':
                return NotationError(
                    "GJN114",
                    line=line + offset,
                    column=col,
                    en="string is never closed: missing '\"'",
                    zh="字符串没有结束：缺少 '\"'",
                    found=ch,
                    source_line=src,
                )
            if "CARDS" in allowed or allowed & {"BURN_KW"}:
                word = re.match(r"[^\s:()\[\]{}]+", src[col - 1 :]) if src else None
                return NotationError(
                    "GJN110",
                    line=line + offset,
                    column=col,
                    en=f"unknown rank or action {ch!r}",
                    zh=f"无法识别的牌点或动作 {ch!r}",
                    found=word.group(0) if word else ch,
                    expected=("ranks 3-9 T J Q K A 2 X D ?", "-", "an action word"),
                    source_line=src,
                )
            if ch in "[]":
                return NotationError(
                    "GJN112",
                    line=line + offset,
                    column=col,
                    en=f"unexpected {ch!r}: unbalanced or misplaced bracket",
                    zh=f"意外的 {ch!r}：方括号不配对或位置错误",
                    found=ch,
                    expected=expected,
                    source_line=src,
                )
            return NotationError(
                "GJN100",
                line=line + offset,
                column=col,
                en=f"unexpected character {ch!r}",
                zh=f"意外的字符 {ch!r}",
                found=ch,
                expected=expected,
                source_line=src,
            )
        if isinstance(exc, lark.exceptions.UnexpectedToken):
            tok = exc.token
            expected = _expected_words(exc.expected)
            if tok.type == "$END":
                code, en, zh = "GJN102", "unexpected end of input", "输入意外结束"
                if "RPAR" in exc.expected:
                    code, en, zh = (
                        "GJN112",
                        "variation '(' is never closed",
                        "变着的 '(' 没有对应的 ')'",
                    )
                elif "RSQB" in exc.expected or "STRING" in exc.expected:
                    code, en, zh = "GJN112", "tag is never closed", "标签没有结束"
                return NotationError(
                    code,
                    line=line + offset,
                    column=col,
                    en=en,
                    zh=zh,
                    expected=expected,
                    source_line=src,
                )
            found = str(tok)
            if tok.type == "RPAR":
                return NotationError(
                    "GJN112",
                    line=line + offset,
                    column=col,
                    en="')' without an opening '('",
                    zh="多余的 ')'，前面没有 '('",
                    found=found,
                    source_line=src,
                )
            if "CARDS" in exc.expected and not (set(exc.expected) & {"SEAT", "HAND_START"}):
                word = re.match(r"[^\s:()\[\]{}]+", src[col - 1 :]) if src else None
                return NotationError(
                    "GJN110",
                    line=line + offset,
                    column=col,
                    en=f"unknown rank or action {found!r}",
                    zh=f"无法识别的牌点或动作 {found!r}",
                    found=word.group(0) if word else found,
                    expected=("ranks 3-9 T J Q K A 2 X D ?", "-", "an action word"),
                    source_line=src,
                )
            if tok.type == "CARDS" and "SEAT" in exc.expected:
                return NotationError(
                    "GJN101",
                    line=line + offset,
                    column=col,
                    en="cards without a seat: write the seat first, as in 3:KKK "
                    "(a play is one set, with no spaces inside)",
                    zh="牌前缺少座位：请先写座位，如 3:KKK（一手牌中间不能有空格）",
                    found=found,
                    expected=expected,
                    source_line=src,
                )
            if exc.expected and "STRING" in exc.expected:
                return NotationError(
                    "GJN114",
                    line=line + offset,
                    column=col,
                    en='tag value must be a quoted string, as in [Event "…"]',
                    zh='标签值必须用双引号括起来，如 [Event "…"]',
                    found=found,
                    expected=expected,
                    source_line=src,
                )
            return NotationError(
                "GJN101",
                line=line + offset,
                column=col,
                en=f"unexpected {found!r}",
                zh=f"意外的 {found!r}",
                found=found,
                expected=expected,
                source_line=src,
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


# ----------------------------------------------------------------- splitting deals


def _normalize(text: str) -> str:
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


_COMMENT_SCAN = re.compile(r'\\.|[{}"]|\[%', re.S)


def _comment_state(line: str, in_comment: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line``."""
    if not in_comment and "{" not in line:
        return False
    pos = 0
    in_string = False
    while True:
        mt = _COMMENT_SCAN.search(line, pos)
        if mt is None:
            return in_comment
        tok = mt.group(0)
        pos = mt.end()
        if in_comment:
            if tok == "}":
                in_comment = False
        elif in_string:
            if tok == '"':
                in_string = False
        elif tok == "{":
            in_comment = True
        elif tok == '"':
            in_string = True
        elif tok == "[%":
            end = line.find("]", pos)
            if end < 0:
                return False
            pos = end + 1


def _iter_lines(source: str | IO[str]) -> Iterator[str]:
    if isinstance(source, str):
        text = _normalize(source)
        start = 0
        n = len(text)
        while start < n:
            end = text.find("\n", start)
            if end < 0:
                yield text[start:]
                return
            yield text[start : end + 1]
            start = end + 1
        return
    first = True
    for line in source:
        if first:
            first = False
            if line.startswith("\ufeff"):
                line = line[1:]
        if "\r" in line:
            line = line.replace("\r\n", "\n").replace("\r", "\n")
            for part in line.splitlines(keepends=True):
                yield part
            continue
        yield line


def _chunks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Cut a GJN source into (first line, text) chunks, one deal each (a heuristic the
    item-level assembly double-checks)."""
    buf: list[str] = []
    start = 1
    lineno = 0
    in_comment = False
    seen_body = False
    for line in lines:
        lineno += 1
        if not in_comment:
            s = line.lstrip()
            if s[:1] == "[" and s[:2] != "[%":
                if seen_body and buf:
                    yield start, "".join(buf)
                    buf = []
                    start = lineno
                    seen_body = False
            elif s and s[0] not in "{%":
                seen_body = True
        in_comment = _comment_state(line, in_comment)
        buf.append(line)
    if buf:
        yield start, "".join(buf)


# ---------------------------------------------------------------- assembling deals


class _Assembler:
    """Groups the flat item list into deals and checks the order tags → hands → moves."""

    def __init__(self, lines: list[str], offset: int) -> None:
        self.lines = lines
        self.offset = offset

    def error(self, item: Any, code: str, en: str, zh: str) -> NotationError:
        span: m.Span = item.span
        src_i = span.line - self.offset - 1
        src = self.lines[src_i] if 0 <= src_i < len(self.lines) else ""
        return NotationError(
            code, line=span.line, column=span.column, en=en, zh=zh, source_line=src
        )

    def deals(self, items: list[Any]) -> tuple[list[m.Comment], list[list[Any]]]:
        prologue: list[m.Comment] = []
        groups: list[list[Any]] = []
        current: list[Any] | None = None
        last_was_tag = False
        for item in items:
            if isinstance(item, m.Tag):
                if current is None or not last_was_tag:
                    current = []
                    groups.append(current)
                current.append(item)
                last_was_tag = True
            elif current is None:
                if isinstance(item, m.Comment):
                    prologue.append(item)
                    continue
                current = []
                groups.append(current)
                current.append(item)
                last_was_tag = False
            else:
                current.append(item)
                if not isinstance(item, m.Comment):
                    last_was_tag = False
        return prologue, groups

    def build(self, group: list[Any]) -> m.Deal:
        """One deal from its items.  A comment goes with the next item's section (a
        comment after the last hand and before the first move is "before the first
        play"); trailing comments stay in the last section."""
        if group and not isinstance(group[0], m.Tag):
            raise self.error(
                group[0],
                "GJN116",
                'a deal must begin with a tag pair such as [Event "…"]',
                '一局记录必须以标签开始，如 [Event "…"]',
            )
        sections: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
        stage = 0  # 0 tags, 1 hands, 2 moves
        pending: list[Any] = []
        for item in group:
            if isinstance(item, m.Comment):
                pending.append(item)
                continue
            if isinstance(item, m.Tag):
                if stage > 0:
                    raise self.error(
                        item,
                        "GJN116",
                        "tag pairs must come before the hands and moves",
                        "标签必须写在手牌和出牌之前",
                    )
                target = 0
            elif isinstance(item, m.Hand):
                if stage == 2:
                    raise self.error(
                        item,
                        "GJN116",
                        "hand lines must come before the first move",
                        "手牌行必须写在第一步出牌之前",
                    )
                target = 0 if stage == 0 else 1
                stage = 1
            else:
                target = stage = 2
            sections[target].extend(pending)
            pending = []
            sections[target if not isinstance(item, m.Hand) else 1].append(item)
        sections[stage].extend(pending)
        first = group[0]
        last = group[-1]
        span = m.Span(first.span.line, first.span.column, last.span.end_line, last.span.end_column)
        return m.Deal(tuple(sections[0]), tuple(sections[1]), tuple(sections[2]), span=span)


# ----------------------------------------------------------------------- public API


def _parse_chunk(
    start_line: int, text: str, filename: str, first: bool
) -> tuple[list[m.Comment], int | None, list[m.Deal | BrokenDeal]]:
    # blank lines between deals are not part of either deal
    text = text.rstrip(" \t\n")
    text = text + "\n" if text else text
    lines = text.split("\n")
    offset = start_line - 1
    t = _TRANSFORMER
    t.line_offset = offset
    t.lines = lines
    t.depth.clear()
    try:
        items = _parser().parse(text)
    except _Fail as f:
        err = f.error.with_filename(filename)
        return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    except lark.exceptions.VisitError as v:
        orig = v.orig_exc
        if isinstance(orig, _Fail):
            err = orig.error.with_filename(filename)
        else:
            err = NotationError(
                "GJN100", line=start_line, column=1, en=str(orig), zh="无法解析"
            ).with_filename(filename)
        return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    except lark.exceptions.LarkError as exc:
        err = _convert(exc, lines, offset).with_filename(filename)
        return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    except RecursionError:
        err = NotationError(
            "GJN117",
            line=start_line,
            column=1,
            en="input nested too deeply",
            zh="嵌套过深",
        ).with_filename(filename)
        return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    version: int | None = None
    if items and isinstance(items[0], Token) and items[0].type == "VERSION":
        tok = items.pop(0)
        version = int(re.findall(r"\d+", str(tok))[0])
    asm = _Assembler(lines, offset)
    prologue, groups = asm.deals(items)
    out: list[m.Deal | BrokenDeal] = []
    for group in groups:
        try:
            out.append(asm.build(group))
        except NotationError as err:
            err.with_filename(filename)
            out.append(BrokenDeal(text, (err,), m.Span(start_line, 1)))
            break
    return prologue, version, out


def _open(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> tuple[IO[str], str]:
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        return path.open("r", encoding="utf-8", errors="strict", newline=""), str(path)
    if isinstance(source, io.TextIOBase) or hasattr(source, "encoding"):
        return source, getattr(source, "name", "<stream>")  # type: ignore[return-value]
    return io.TextIOWrapper(source, encoding="utf-8", newline=""), "<stream>"  # type: ignore[arg-type]


_VERSION_LINE = re.compile(r"[ \t]*%GJN[ \t]+(\d{1,6})[ \t]*(?=\n|$)", re.I)

#: The version a file without a version line is read as.
DEFAULT_VERSION = 1


def _iter_source(
    lines: Iterable[str], filename: str
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    first = True
    for start, text in _chunks(lines):
        version: int | None = None
        if first:
            version = DEFAULT_VERSION
            vm = _VERSION_LINE.match(text)
            if vm is not None:
                version = int(vm.group(1))
                text = text[vm.end() + 1 :]
                start += 1
        prologue, _, deals = _parse_chunk(start, text, filename, first)
        if not deals:
            yield prologue, version, None
        for i, d in enumerate(deals):
            yield (prologue if i == 0 else []), (version if i == 0 else None), d
            prologue, version = [], None
        first = False


def iter_deals(
    source: str | os.PathLike[str] | IO[str], *, filename: str | None = None
) -> Iterator[m.Deal | BrokenDeal]:
    """Yield the deals of a GJN source one by one, broken deals included.

    ``source`` is GJN text (a ``str``), a path, or an open text stream.  Only one deal
    is held in memory at a time when reading from a path or a stream.
    """
    for _, _, deal in _iter_any(source, filename):
        if deal is not None:
            yield deal


def _iter_any(
    source: str | os.PathLike[str] | IO[str], filename: str | None
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    if isinstance(source, str):
        yield from _iter_source(_iter_lines(source), filename or "<string>")
        return
    stream, name = _open(source)
    try:
        try:
            yield from _iter_source(_iter_lines(stream), filename or name)
        except UnicodeDecodeError as exc:
            yield [], None, _decode_error(exc, filename or name)
    finally:
        if stream is not source:
            stream.close()


def _decode_error(exc: UnicodeDecodeError, filename: str) -> BrokenDeal:
    data = exc.object if isinstance(exc.object, bytes) else b""
    before = data[: exc.start]
    line = before.count(b"\n") + 1
    col = exc.start - (before.rfind(b"\n") + 1) + 1
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


def read(
    source: str | bytes | os.PathLike[str] | IO[str], *, filename: str | None = None
) -> ReadResult:
    """Read a whole GJN source leniently: every deal, broken ones kept, every error.

    Bytes are decoded as UTF-8; undecodable input is reported (GJN115), not raised.

    >>> r = read('[Event "a"]\\n1:ZZ\\n\\n[Event "b"]\\n1:333')
    >>> [type(d).__name__ for d in r.match.deals], r.errors[0].code, r.errors[0].line
    (['BrokenDeal', 'Deal'], 'GJN110', 2)
    """
    name = filename
    if isinstance(source, bytes):
        name = name or "<bytes>"
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            broken = _decode_error(exc, name)
            return ReadResult(m.Match((broken,)), broken.errors)  # type: ignore[arg-type]
        source = text
    deals: list[m.Deal | BrokenDeal] = []
    prologue: list[m.Comment] = []
    version: int | None = None
    errors: list[NotationError] = []
    for pro, ver, deal in _iter_any(source, name):
        prologue.extend(pro)
        if ver is not None:
            version = ver
        if deal is None:
            continue
        deals.append(deal)
        if isinstance(deal, BrokenDeal):
            errors.extend(deal.errors)
    match = m.Match(tuple(deals), version, tuple(prologue))  # type: ignore[arg-type]
    return ReadResult(match, tuple(errors))


def loads(text: str, *, filename: str | None = None) -> m.Match:
    """Parse GJN text strictly.

    :raises NotationError: the first syntax error, with its position.
    """
    result = read(text, filename=filename)
    if result.errors:
        raise result.errors[0]
    return result.match


def load(path: str | os.PathLike[str]) -> m.Match:
    """Parse a ``.gjn`` file strictly.

    :raises NotationError: the first syntax error, with its position.
    """
    result = read(Path(path).read_bytes(), filename=str(path))
    if result.errors:
        raise result.errors[0]
    return result.match


_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:\\.|[^"\\\n])*)"\s*\]')


def skim(
    source: str | os.PathLike[str] | IO[str], *, filename: str | None = None
) -> Iterator[Header]:
    """Yield the tags of each deal without parsing hands or moves (fast).

    >>> [h.tags["Deal"] for h in skim('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:4')]
    ['1', '2']
    """
    if isinstance(source, str):
        lines: Iterable[str] = _iter_lines(source)
        stream = None
    else:
        stream, _ = _open(source)
        lines = _iter_lines(stream)
    try:
        for index, (start, text) in enumerate(_chunks(lines)):
            tags: dict[str, str] = {}
            for mt in _TAG_LINE.finditer(text):
                if mt.group(1) not in tags:
                    tags[mt.group(1)] = _unescape(mt.group(2))
            if tags:
                yield Header(tags, index, start)
    finally:
        if stream is not None and stream is not source:
            stream.close()
