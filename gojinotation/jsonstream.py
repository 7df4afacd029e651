"""JSON records a deal at a time: reading the JSON of a match without holding all of it,
and writing one from deals as they come (issue #15: ``gouji convert`` streams).

:func:`iter_read_json` reads a ``match`` document from a binary stream or a path one
deal at a time, yielding what :func:`gojinotation.reader.iter_read` yields — ``(prologue,
version, deal)``, the prologue and the version with the first deal — so that only one
deal's JSON tree and model exist at a time.  The ``deals`` list may come anywhere among
the keys of the match: after the others (as :func:`~gojinotation.jsonio.iter_json` writes
them) the deals are read as they come; before a key that makes the match's shell
(``type``, ``version``, ``prologue``), a seekable source is read twice — once to skip the
deals (one deal's JSON at a time) and read the keys after them, then again from where it
started to read the deals — so that the first deal comes with the right version and
prologue.  A document that repeats a key or is a single deal, or a source that cannot be
read again whose deals come before its ``type`` or before a key of the shell, raises
:class:`Unstreamable` (before the first deal, unless a key after the deals repeats one
before or is one of the shell's), and a caller reads it whole instead
(:func:`~gojinotation.jsonio.load_json_match`, which gives the same values).  Anything
that is not a GJN match raises :class:`~gojinotation.jsonio.JsonError` (possibly after
some deals were yielded: a caller that must not write half a record reads it whole to
report the error, as ``gouji convert`` does).

:func:`iter_json_items` is :func:`~gojinotation.jsonio.iter_json` over such items: the
same text, piece by piece.

>>> import io
>>> from gojinotation.jsonio import dumps_json, load_json_match
>>> match = load_json_match('{"type": "match", "version": 1, "deals": ['
...     '{"type": "deal", "header": [{"type": "tag", "name": "Deal", "value": "1"}]},'
...     '{"type": "deal", "header": [{"type": "tag", "name": "Deal", "value": "2"}]}]}')
>>> items = list(iter_read_json(io.BytesIO(dumps_json(match).encode()), block=16))
>>> [(v, d.tags["Deal"]) for _, v, d in items]
[(1, '1'), (None, '2')]
>>> "".join(iter_json_items(iter(items))) == dumps_json(match)
True
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from . import model as m
from ._jsonout import iter_match_json
from .jsonio import _DEALS, JsonError, _In, _no_constant, gc_paused
from .reader import BrokenDeal

__all__ = ["BLOCK", "Item", "Unstreamable", "iter_json_items", "iter_read_json"]

#: What the readers yield: the prologue and version with the first deal, then ``[]``
#: and ``None`` (the deal ``None`` for a record of no deal).
Item = tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]

#: Bytes read at a time (more while one JSON value is longer).
BLOCK = 1 << 16

_WS = " \t\n\r"


class Unstreamable(Exception):
    """The document cannot be read a deal at a time (not a ``match``, a key repeated, or
    its ``deals`` before a key of the shell in a source that cannot be read again): read
    it whole."""


#: The keys of a match that the first deal is given with (its shell).
_SHELL = frozenset({"type", "version", "prologue"})


class _Again(Exception):
    """The deals came before a key of the shell: read the source again, knowing ``keys``
    (every key of the match but its deals)."""

    def __init__(self, keys: dict[str, Any]) -> None:
        super().__init__("read again")
        self.keys = keys


class _Text:
    """The decoded text of a binary stream, a window at a time."""

    def __init__(self, raw: IO[bytes], block: int) -> None:
        self.raw = raw
        self.block = block
        self.dec = codecs.getincrementaldecoder("utf-8-sig")("strict")
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.json = json.JSONDecoder(parse_constant=_no_constant)

    def more(self) -> bool:
        """Read another block (at least as much as is still unread: a long value costs
        linear time); False at the end."""
        if self.eof:
            return False
        data = self.raw.read(max(self.block, len(self.buf) - self.pos))
        text = self.dec.decode(data, final=not data)
        self.buf = self.buf[self.pos :] + text
        self.pos = 0
        self.eof = not data
        return True

    def peek(self) -> str:
        """The next character that is not white space ('' at the end), not consumed."""
        while True:
            n = len(self.buf)
            while self.pos < n and self.buf[self.pos] in _WS:
                self.pos += 1
            if self.pos < n:
                return self.buf[self.pos]
            if not self.more():
                return ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise ValueError(f"expected {char!r}")
        self.pos += 1

    def value(self) -> Any:
        """The next JSON value (a number at the end of the window is read again with more
        text: it may go on)."""
        while True:
            self.peek()
            try:
                got, end = self.json.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError:
                if self.more():
                    continue
                raise
            if end == len(self.buf) and self.more():
                continue
            self.pos = end
            return got


def _open(source: IO[bytes] | str | os.PathLike[str]) -> tuple[IO[bytes], bool]:
    if isinstance(source, str | os.PathLike):
        return Path(source).open("rb"), True
    return source, False


def iter_read_json(
    source: IO[bytes] | str | os.PathLike[str],
    *,
    filename: str = "<json>",
    block: int = BLOCK,
) -> Iterator[Item]:
    """The deals of a JSON ``match`` one at a time (see the module).

    :raises Unstreamable: when the document must be read whole (see the module).
    :raises JsonError: for JSON that is not a GJN match (``GJN130``/``GJN131``).
    """
    raw, opened = _open(source)
    try:
        start = raw.tell() if raw.seekable() else None
        try:
            yield from _items(_Text(raw, block), filename, again=start is not None)
        except _Again as shell:  # raised before any deal was yielded
            assert start is not None
            raw.seek(start)
            yield from _items(_Text(raw, block), filename, known=shell.keys)
    except JsonError as err:
        raise err.with_filename(filename) from None
    except (ValueError, RecursionError, UnicodeDecodeError) as exc:
        raise JsonError(
            "",
            f"not valid JSON: {exc}",
            f"不是有效的 JSON：{exc}",
            code="GJN131",
            filename=filename,
            line=1,
            column=1,
        ) from None
    finally:
        if opened:
            raw.close()


def _items(
    text: _Text, filename: str, *, again: bool = False, known: dict[str, Any] | None = None
) -> Iterator[Item]:
    """The deals of the match ``text`` holds; ``again``: the source can be read again
    (:class:`_Again` when the deals come before a key of the shell); ``known``: the keys
    of the match but its deals, read by the first pass."""
    if text.peek() != "{":
        raise Unstreamable("not an object")
    text.pos += 1
    seen: dict[str, Any] = {}
    reader = _In()
    first = True
    while text.peek() != "}":
        if not first:
            text.expect(",")
        first = False
        if text.peek() != '"':
            raise ValueError("expected a key")
        key = text.value()
        text.expect(":")
        if key in seen:
            raise Unstreamable(key)
        if key != "deals":
            if known is None and "deals" in seen and key in _SHELL:
                raise Unstreamable(key)  # too late: the deals were given without it
            seen[key] = text.value()
            continue
        if known is None and not seen.keys() >= _SHELL:
            if again:
                raise _Again(_keys_after(text, seen))
            if seen.get("type") != "match":
                raise Unstreamable(key)
        keys = seen if known is None else known
        if keys.get("type") != "match":
            raise Unstreamable(key)
        seen[key] = []
        shell = reader.value({**keys, "deals": []}, (), frozenset({"match"}))
        assert isinstance(shell, m.Match)
        text.expect("[")
        i = 0
        while text.peek() != "]":
            if i:
                text.expect(",")
            with gc_paused():  # one deal's burst of acyclic values (jsonio.gc_paused)
                deal = reader.value(text.value(), ("deals", i), _DEALS)
            yield (list(shell.prologue), shell.version, deal) if i == 0 else ([], None, deal)
            i += 1
        text.pos += 1
        if i == 0:
            yield list(shell.prologue), shell.version, None
    text.pos += 1
    if text.peek() != "":
        raise ValueError("extra data after the document")
    if "deals" not in seen:
        raise Unstreamable("no deals")
    reader.value({**seen, "deals": []}, (), frozenset({"match"}))  # keys after the deals


def _keys_after(text: _Text, before: dict[str, Any]) -> dict[str, Any]:
    """The keys of the match (``before`` its deals, and those after them), the deals
    skipped one deal's JSON at a time (``text`` just after ``"deals":``)."""
    text.expect("[")
    n = 0
    while text.peek() != "]":
        if n:
            text.expect(",")
        text.value()  # a deal's JSON, dropped: read on the second pass
        n += 1
    text.pos += 1
    keys = dict(before)
    while text.peek() != "}":
        text.expect(",")
        if text.peek() != '"':
            raise ValueError("expected a key")
        key = text.value()
        text.expect(":")
        if key in keys or key == "deals":
            raise Unstreamable(key)
        keys[key] = text.value()
    return keys


def iter_json_items(
    items: Iterator[Item], *, spans: bool = True, indent: int | None = 2
) -> Iterator[str]:
    """The text :func:`~gojinotation.jsonio.iter_json` gives for the match of ``items``
    (as :func:`iter_read_json` or :func:`gojinotation.reader.iter_read` yield them), in
    pieces, holding one deal at a time."""
    first = next(items, None)
    prologue, version, deal = first if first is not None else ([], None, None)

    def deals() -> Iterator[m.Deal | BrokenDeal]:
        if deal is not None:
            yield deal
        for _, _, d in items:
            if d is not None:
                yield d

    yield from iter_match_json(version, prologue, deals(), spans=spans, indent=indent)
