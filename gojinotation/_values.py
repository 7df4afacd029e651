"""Values shared by the reader's modules: limits, headers, results, unescaping.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import attrs

from . import model as m
from .cards import parse_cards
from .errors import NotationError

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
