"""The Lark path of the reader: grammar loading, the transformer and the conversion of
Lark's errors into :class:`~gojinotation.errors.NotationError`.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Transformer, v_args

from . import model as m
from ._grammar import GRAMMAR_PATH as GRAMMAR_PATH
from ._grammar import cache_path, grammar_text
from ._scan import _too_deep_at
from ._values import (
    _DIGITS,
    _UNESCAPE_COMMENT,
    MAX_CARDS,
    MAX_NUMBER_DIGITS,
    MAX_VARIATION_DEPTH,
    _Annot,
    _Body,
    _Fail,
    _note_parts,
    _parse_cards_cached,
    _unescape,
)
from .cards import CardSyntaxError, sort_cards
from .errors import NotationError


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

    def turn_play(self, cards: Token, *annotations: _Annot) -> m.TurnPlay:
        glyphs = tuple(a.glyph for a in annotations if a.glyph is not None)
        notes = tuple(a.note for a in annotations if a.note is not None)
        return m.TurnPlay(self._cards(cards), glyphs=glyphs, notes=notes, span=self._span(cards))

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
    return grammar_text()


_TRANSFORMER = _ToModel()


_PARSER: Lark | None = None


def _parser() -> Lark:
    global _PARSER
    if _PARSER is None:
        parser = _cached_parser()
        # The lexers compile their scanners on first use, after the checks above: the
        # long terminals are matched by their possessive forms (the same language).
        for term in parser.terminals:
            if term.name in _LONG_TERMINALS:
                term.pattern.value = _possessive(term.pattern.value)
        _PARSER = parser
    return _PARSER


#: Lark's options that a saved parser does not keep (given again when it is loaded).
_NOT_SAVED = frozenset(
    {"postlex", "transformer", "lexer_callbacks", "use_bytes", "debug", "g_regex_flags"}
    | {"regex", "propagate_positions", "tree_class", "_plugins"}
)


def parser_cache_path() -> Path | None:
    """Where the built parser is kept between runs: ``lark-KEY.pickle`` in the cache
    directory (:func:`gojinotation.fileio.cache_dir`; ``KEY``: :func:`._grammar.cache_key`,
    so that another grammar, Lark or Python finds no file and builds its own); None when
    the cache is off."""
    return cache_path("pickle")


def _cached_parser() -> Lark:
    """The reader's parser: loaded from :func:`parser_cache_path` (Lark's own ``save`` /
    ``load``: a tenth of the build's CPU), else built and saved there atomically.  A
    cache that cannot be read or written is no cache: the parser is built, silently."""
    path = parser_cache_path()
    if path is not None:
        try:
            with open(path, "rb") as fh:
                # Lark.load() takes no options; its cache loads this way, with the
                # options a saved parser does not keep (the transformer)
                loaded: Lark = Lark.__new__(Lark)._load(fh, transformer=_TRANSFORMER)
            return loaded
        except Exception:  # missing, truncated, another pickle: build it
            pass
    parser = build_parser(strict=False)
    if path is not None:
        try:
            from .fileio import atomic_writer

            path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_writer(path) as out:
                parser.save(out, _NOT_SAVED)
        except Exception:  # a cache that cannot be written is no cache
            pass
    return parser


def build_parser(*, strict: bool) -> Lark:
    """Build the Lark parser of the grammar (the transformer attached).

    With ``strict=True`` Lark checks with interegular that no two terminals can match the
    same text (a grammar-development check the test suite runs,
    ``tests/test_reader.py::test_grammar_terminals_do_not_collide``): it costs about 0.4 s
    of CPU, ten times the build itself, so the reader's own parser is built with
    ``strict=False`` and without Lark's collision scan, which Lark otherwise runs (logging
    only) whenever interegular happens to be installed.

    >>> build_parser(strict=False).options.parser
    'lalr'
    """
    import lark.lexer as lark_lexer

    saved = getattr(lark_lexer, "has_interegular", False)
    if not strict:
        lark_lexer.has_interegular = False
    try:
        return Lark(
            _grammar_text(),
            parser="lalr",
            lexer="contextual",
            strict=strict,
            propagate_positions=False,
            maybe_placeholders=False,
            transformer=_TRANSFORMER,
        )
    finally:
        lark_lexer.has_interegular = saved


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


_TERMINAL_WORDS = {
    "SEAT": "a seat and colon (e.g. 3:)",
    "CARDS": "cards (e.g. KKK)",
    "TURN_CARDS": "a set (e.g. KKK)",
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
