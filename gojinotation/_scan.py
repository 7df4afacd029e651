"""Block and deal chunking: text read in blocks and cut into deals by regular expressions.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from typing import IO

from ._values import MAX_VARIATION_DEPTH, _unescape

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


class _Scanners(dict[tuple[bool, bool], tuple[re.Pattern[str], ...]]):
    """The scanners (header, body, body skip) by which of ``{`` and ``[%`` are dead,
    compiled when first asked for (three of the four only for an unclosed ``{`` or
    ``[%``: compiling them all cost ~3 ms of every start-up)."""

    def __missing__(self, key: tuple[bool, bool]) -> tuple[re.Pattern[str], ...]:
        dc, dn = key
        got = self[key] = (
            _head_scanner(_C_DEAD if dc else _C, _N_DEAD if dn else _N),
            _body_scanner(_C_DEAD if dc else _C, _N_DEAD if dn else _N),
            _body_skipper(_C_DEAD if dc else _C1, _N_DEAD if dn else _N1),
        )
        return got


_SCANNERS = _Scanners()


_BODY_AT = re.compile(r"[ \t\f\n]*[^ \t\f\n\[{%]")


_TAG_AT = re.compile(
    r'\[[ \t\f\n]*([A-Za-z][A-Za-z0-9_]*)[ \t\f\n]*"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"[ \t\f\n]*\]'
)


#: What starts each chunk cut at a tag line: blanks, then a ``[`` that opens no note.
_CUT_AT = re.compile(r"[ \t\f]*\[(?!%)")


#: A chunk that may be met again and cut the same without scanning it: nothing in it can
#: reach past its end (a ``{``, a ``[%`` or a ``\\`` can: a comment, a note or an escape
#: in a string across a line end; no ``%`` at all, to be plain), so that the scanners
#: decide on its characters and the blanks and ``[`` of the line after it alone.
_SELF_CONTAINED = re.compile(r"[^{\\%]*")


def _repeats(buf: str, start: int, text: str, eof: bool) -> bool:
    """Whether ``text`` stands again at ``start`` in ``buf`` and is cut there as before:
    followed by a tag line (the ``[`` and the character after it read).

    >>> _repeats("[\\n[\\n[\\n", 2, "[\\n", True), _repeats("[\\n[\\n[%", 2, "[\\n", True)
    (True, False)
    """
    if not buf.startswith(text, start):
        return False
    mt = _CUT_AT.match(buf, start + len(text))
    return mt is not None and (eof or mt.end() < len(buf))


def _chunks(pieces: Iterable[str], tags: bool = False) -> Iterator[tuple[int, str, dict[str, str]]]:
    """Cut a GJN source into ``(first line, text, tags)`` chunks, one deal each (the
    tags only when ``tags`` is set, for :func:`skim`).  Holds one deal and one block.

    A chunk that was cut at a tag line and ends at one, met again at once (a file of
    500,000 lines of ``[``, issue #15), is cut again without scanning it: the scanners
    start each such chunk in the same state and, on the same characters, cut it the
    same (:data:`_SELF_CONTAINED`)."""
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
    at_cut = False  # whether the current chunk started where a tag line cut the last one
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
                    text = buf[start:cut]
                    yield line, text, found
                    lines = text.count("\n")
                    line += lines
                    start, found, body = cut, {}, False
                    pos = at
                    if at_cut and not tags and _SELF_CONTAINED.fullmatch(text) is not None:
                        size = len(text)
                        while (
                            buf.startswith(text, start) and buf.startswith(text, start + size)
                        ) or _repeats(buf, start, text, eof):
                            # the same chunk again (and, first, once more after it: then
                            # it is followed by a tag line, as it begins with one)
                            yield line, text, {}
                            line += lines
                            start += size
                        pos = buf.index("[", start)
                    at_cut = True
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
