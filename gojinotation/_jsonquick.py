"""The JSON reader's quick paths (:mod:`gojinotation.jsonio`): the usual objects of a
converted record — spans of four integers, actions of a seat and cards — checked at once
and built slot by slot, as the GJN reader's fast path builds them (``_fast._DIRECT``).
Anything else returns None and goes the full way, with its error and JSON pointer."""

from __future__ import annotations

from typing import Any

from . import model as m
from ._fast import _new, _plain, _slot_setter
from ._jsonout import _NO_SPAN
from ._values import MAX_CARDS
from .cards import Card

#: The cards read so far by their JSON spelling (a card is an immutable value, so one
#: instance serves every occurrence; a deal spells each of its 100-odd cards many times).
CARDS: dict[str, Card] = {}
MAX_CACHED_CARDS = 4096
_BIG = 2**63 - 1

_SPAN_DIRECT = _plain(m.Span)
_SPAN_SETTERS = tuple(_slot_setter(m.Span, k) for k in ("line", "column", "end_line", "end_column"))
_BASE = ("seat", "irregular", "glyphs", "notes", "span")


def quick_span(raw: object) -> m.Span | None:
    """The span of ``{"line", "column", "end_line", "end_column"}`` integers in range."""
    if type(raw) is not dict or len(raw) != 4:
        return None
    try:
        values = (raw["line"], raw["column"], raw["end_line"], raw["end_column"])
    except KeyError:
        return None
    for v in values:
        if type(v) is not int or not 0 <= v <= _BIG:
            return None
    if not _SPAN_DIRECT:  # pragma: no cover - Span is a plain class
        return m.Span(*values)
    span: m.Span = _new(m.Span)
    for setter, v in zip(_SPAN_SETTERS, values, strict=True):
        setter(span, v)
    return span


#: By action type: the class, the keys allowed, the slot setters (seat … span, then
#: cards), whether there are cards, whether the class may be built slot by slot.
_PLAIN: dict[str, tuple[Any, frozenset[str], tuple[Any, ...], bool, bool]] = {}


def plain_kind(kind: str, cls: type, fields: tuple[str, ...]) -> None:
    """Register action type ``kind`` (of class ``cls``) for :func:`quick_action`."""
    has_cards = fields == ("cards",)
    names = (*_BASE, "cards") if has_cards else _BASE
    setters = tuple(_slot_setter(cls, k) for k in names)
    allowed = frozenset(("type", "seat", "span", *fields))
    _PLAIN[kind] = (cls, allowed, setters, has_cards, _plain(cls))


def quick_action(kind: str, data: object, span_of: Any, path: Any) -> m.Action | None:
    """The action ``data`` of type ``kind`` when it holds only its type, a seat, its cards
    (spellings read before) and a span (:func:`quick_span`, else ``span_of(data, path)``,
    the reader's own check)."""
    plain = _PLAIN.get(kind)
    if plain is None or type(data) is not dict or not plain[1].issuperset(data):
        return None
    seat = data.get("seat")
    if type(seat) is not int or not 1 <= seat <= 6:
        return None
    cls, _, setters, has_cards, direct = plain
    raw = data.get("span")
    span = _NO_SPAN if raw is None else quick_span(raw) or span_of(data, path)
    values: tuple[Any, ...] = (seat, False, (), (), span)
    if has_cards:
        cards = data.get("cards")
        if type(cards) is not list or not 0 < len(cards) <= MAX_CARDS:
            return None
        try:
            values += (tuple(map(CARDS.__getitem__, cards)),)
        except (KeyError, TypeError):
            return None
    if not direct:  # pragma: no cover - the action classes are plain
        kw = {"cards": values[5]} if has_cards else {}
        built: m.Action = cls(seat, span=values[4], **kw)
        return built
    action: m.Action = _new(cls)
    for setter, v in zip(setters, values, strict=True):
        setter(action, v)
    return action
