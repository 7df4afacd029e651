"""The assembler of the reader: items into deals, and one chunk of text into a deal.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any, overload

from . import model as m
from ._fast import _Fallback
from ._tight import _fast_items
from ._values import _DIGITS, MAX_NUMBER_DIGITS, BrokenDeal, _Fail
from .errors import NotationError


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
    import lark  # only for a text the fast path hands over: Lark is ~60 ms to import

    from ._lark import _TRANSFORMER, _convert, _parser

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


def _is_version(item: Any) -> bool:
    """Whether an item is Lark's ``VERSION`` token (a ``str``; model items are not)."""
    return isinstance(item, str) and getattr(item, "type", None) == "VERSION"


def _kept(err: NotationError) -> NotationError:
    """``err`` without its traceback and context, to be kept in a broken deal: they hold
    the parser's frames and Lark's exception (~8 KB a deal), and a file of 200,000 broken
    one-line deals made the garbage collector's passes over them quadratic."""
    err.__traceback__ = None
    err.__context__ = None
    err.__cause__ = None
    return err


#: The syntax errors of the last chunks Lark refused, by their text (read as if on line
#: 1): a text met again (a file of 500,000 lines of ``[``) gets its error moved to its own
#: line instead of a new parse (issue #15).  Texts up to ``_MEMO_CHARS`` characters, at
#: most ``_MEMO_SIZE`` of them (the oldest is dropped first): at most ~1 MB held.
_BROKEN: dict[str, NotationError] = {}


#: The same, by the chunk as cut (blank lines around it included): ``(blank lines
#: before the deal, the deal's text, its error at line 1)``, so that a chunk met again
#: skips the trimming too.
_SEEN: dict[str, tuple[int, str, NotationError]] = {}


_MEMO_SIZE = 256


def _remember(memo: dict[str, Any], key: str, value: Any) -> None:
    """``memo[key] = value``, the oldest entry dropped first beyond ``_MEMO_SIZE``."""
    if len(memo) >= _MEMO_SIZE:
        memo.pop(next(iter(memo), ""), None)  # no KeyError if another thread took it
    memo[key] = value


_MEMO_CHARS = 4096


def _moved(err: NotationError, offset: int, filename: str) -> NotationError:
    """A copy of ``err`` (read at line 1) ``offset`` lines further down, in ``filename``.

    >>> e = NotationError("GJN112", line=1, column=1, en="e", zh="z", source_line="[")
    >>> moved = _moved(e, 41, "f.gjn")
    >>> (moved.filename, moved.line, moved.column, e.line)
    ('f.gjn', 42, 1, 1)
    """
    new = NotationError.__new__(NotationError)
    new.__dict__.update(err.__dict__)
    new.line += offset
    new.filename = filename
    return new


#: A one-line chunk that opens a tag and never closes it: ``[``, ``[Name``, ``[Name
#: "value"`` (blanks anywhere between, the grammar's own ``TAG_NAME`` and ``STRING``), and
#: ``[Name "value`` with no other quote (:data:`_OPEN_STRING_LINE`): the commonest shapes
#: of a broken line.  Lark refuses each with an error that depends only on which parts
#: are there and where (:func:`_tag_never_closed`); reading it here saves ~100 µs a line
#: (issue #15: 110,000 differing lines of ``[aN "b"`` took 9-12 s through Lark).
#: ``tests/test_reader_fasterr.py`` compares it with Lark's error, field by field, over
#: generated lines.
_OPEN_TAG_LINE = re.compile(
    r"([ \t\f]*)\[[ \t\f]*(?:([A-Za-z][A-Za-z0-9_]*)[ \t\f]*"
    r'("[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"[ \t\f]*)?)?\n'
)


#: A tag line whose value's string is never closed (no other ``"`` on the line).
_OPEN_STRING_LINE = re.compile(r'([ \t\f]*\[[ \t\f]*[A-Za-z][A-Za-z0-9_]*[ \t\f]*)"[^"\n]*\n')


_EXPECT_TAG_NAME = ("a tag name",)


_EXPECT_STRING = ('a quoted string ("…")',)


_EXPECT_RSQB = ("]",)


def _tag_never_closed(text: str, offset: int, filename: str) -> NotationError | None:
    """The error Lark gives a one-line chunk of :data:`_OPEN_TAG_LINE`'s shape, or None
    for any other text (which Lark then reads).

    >>> print(_tag_never_closed('  [Event "x"\\n', 4, "f.gjn").format("en"))
    f.gjn:5:3: error GJN112: tag is never closed: ']' is missing (found '['); expected ]
        [Event "x"
        ^
    >>> _tag_never_closed("[\\n", 0, "f.gjn").message("en")
    'unexpected end of input; expected a tag name'
    >>> _tag_never_closed('[Event "x]\\n', 0, "f.gjn").message("en")
    'string is never closed: missing \\'"\\' (found \\'"\\')'
    >>> _tag_never_closed('[Event "x"]\\n', 0, "f.gjn") is None
    True
    """
    mt = _OPEN_TAG_LINE.fullmatch(text)
    if mt is None:
        mq = _OPEN_STRING_LINE.fullmatch(text)
        if mq is None:
            return None
        return NotationError(  # Lark: no terminal matches at the '"'
            "GJN114",
            line=offset + 1,
            column=mq.end(1) + 1,
            en="string is never closed: missing '\"'",
            zh="字符串没有结束：缺少 '\"'",
            found='"',
            source_line=text[:-1],
            filename=filename,
        )
    column = mt.end(1) + 1
    source = text[:-1]
    if mt.group(2) is None:
        return NotationError(
            "GJN102",
            line=offset + 1,
            column=column,
            en="unexpected end of input",
            zh="输入意外结束",
            expected=_EXPECT_TAG_NAME,
            source_line=source,
            filename=filename,
        )
    return NotationError(
        "GJN112",
        line=offset + 1,
        column=column,
        en="tag is never closed: ']' is missing",
        zh="标签没有结束：缺少 ']'",
        found="[",
        expected=_EXPECT_STRING if mt.group(3) is None else _EXPECT_RSQB,
        source_line=source,
        filename=filename,
    )


def _parse_chunk(
    start_line: int, text: str, filename: str
) -> tuple[list[m.Comment], int | None, list[m.Deal | BrokenDeal]]:
    known = _SEEN.get(text)
    if known is not None:  # this very chunk failed before (blank lines included)
        skip, trimmed, first = known
        err = NotationError.__new__(NotationError)  # _moved, inline: the hot path of
        err.__dict__.update(first.__dict__)  # a file of 500,000 lines of "["
        err.line += start_line - 1 + skip
        err.filename = filename
        return [], None, [BrokenDeal(trimmed, (err,), m.Span(start_line + skip, 1))]
    chunk, first_line = text, start_line
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
    small = len(text) <= _MEMO_CHARS
    known_err = _BROKEN.get(text) if small else None
    if known_err is not None:  # the same text failed before: its error, moved to this line
        if len(chunk) <= _MEMO_CHARS:
            _remember(_SEEN, chunk, (start_line - first_line, text, known_err))
        return (
            [],
            None,
            [BrokenDeal(text, (_moved(known_err, offset, filename),), m.Span(start_line, 1))],
        )
    fast_err = _tag_never_closed(text, 0, filename) if text[0] in " \t\f[" else None
    if fast_err is not None:  # the commonest broken line, without Lark
        if len(chunk) <= _MEMO_CHARS:
            _remember(_SEEN, chunk, (start_line - first_line, text, fast_err))
        err = _moved(fast_err, offset, filename)
        return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    try:
        items = _fast_items(text, offset)
    except _Fallback:
        try:
            items = _lark_items(text, _Lines(text), 0 if small else offset)
        except NotationError as err:
            _kept(err)
            if small:
                _remember(_BROKEN, text, err)
                if len(chunk) <= _MEMO_CHARS:
                    _remember(_SEEN, chunk, (start_line - first_line, text, err))
                err = _moved(err, offset, filename)
            else:
                err.with_filename(filename)
            return [], None, [BrokenDeal(text, (err,), m.Span(start_line, 1))]
    version: int | None = None
    if items and _is_version(items[0]):
        tok = items.pop(0)
        digits = _DIGITS.findall(str(tok))[0]
        if len(digits) > MAX_NUMBER_DIGITS:  # issue #15: int() refused 4,300 digits
            too_long = NotationError(
                "GJN118",
                line=(tok.line or 1) + offset,
                column=tok.column or 1,
                en=f"number too large (more than {MAX_NUMBER_DIGITS} digits)",
                zh=f"数字过大（超过 {MAX_NUMBER_DIGITS} 位）",
                found=str(tok)[:24] + "…",
                source_line=text.split("\n", 1)[0][:200],
                filename=filename,
            )
            return [], None, [BrokenDeal(text, (too_long,), m.Span(start_line, 1))]
        version = int(digits)
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
