"""The JSON reader's quick paths (:mod:`gojinotation.jsonio`): the usual objects of a
converted record — spans of four integers, rounds, actions of a seat and cards — checked
at once and built slot by slot, as the GJN reader's fast path builds them
(``_fast._DIRECT``).  Anything else returns None and goes the full way, with its error
and JSON pointer."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import Any

from . import model as m
from ._fast import _new, _plain, _slot_setter
from ._jsonout import _NO_SPAN
from ._values import MAX_CARDS, MAX_NUMBER_DIGITS
from .cards import Card

#: The cards read so far by their JSON spelling (a card is an immutable value, so one
#: instance serves every occurrence; a deal spells each of its 100-odd cards many times).
CARDS: dict[str, Card] = {}
MAX_CACHED_CARDS = 4096
_BIG = 2**63 - 1
_MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1

_DIRECT = all(_plain(c) for c in (m.Span, m.RoundMark, m.Play, m.Pass))
_set_line, _set_col, _set_end_line, _set_end_col = (
    _slot_setter(m.Span, k) for k in ("line", "column", "end_line", "end_column")
)
_set_seat, _set_irr, _set_glyphs, _set_notes, _set_span = (
    _slot_setter(m.ActionBase, k) for k in ("seat", "irregular", "glyphs", "notes", "span")
)
_set_number, _set_round_span = (_slot_setter(m.RoundMark, k) for k in ("number", "span"))
_ROUND_KEYS = frozenset(("type", "number", "span"))


def quick_span(raw: object) -> m.Span | None:
    """The span of ``[line, column, end_line, end_column]`` (the form the writer
    writes) or ``{"line", "column", "end_line", "end_column"}`` integers in range.

    >>> quick_span([3, 1, 3, 9]), quick_span([3, 1, -1, 9]), quick_span([3, 1, True, 9])
    (Span(line=3, column=1, end_line=3, end_column=9), None, None)
    """
    if type(raw) is list:
        if len(raw) != 4:
            return None
        a, b, c, d = raw
    elif type(raw) is dict and len(raw) == 4:
        try:
            a, b, c, d = raw["line"], raw["column"], raw["end_line"], raw["end_column"]
        except KeyError:
            return None
    else:
        return None
    # non-negative ints below 2**63 each, iff their bitwise or is (bool is not int here)
    if not (
        type(a) is int
        and type(b) is int
        and type(c) is int
        and type(d) is int
        and 0 <= (a | b | c | d) <= _BIG
    ):
        return None
    if not _DIRECT:  # pragma: no cover - Span is a plain class
        return m.Span(a, b, c, d)
    span: m.Span = _new(m.Span)
    _set_line(span, a)
    _set_col(span, b)
    _set_end_line(span, c)
    _set_end_col(span, d)
    return span


def _optional_span(data: dict[str, Any]) -> m.Span | None:
    """The quick span of ``data["span"]``, ``_NO_SPAN`` where there is none, ``None``
    where it is not a quick span (the caller falls back to the full reader).

    >>> _optional_span({}) is _NO_SPAN, _optional_span({"span": [1, 2]})
    (True, None)
    """
    raw = data.get("span")
    return _NO_SPAN if raw is None else quick_span(raw)


def quick_round(data: dict[str, Any]) -> m.RoundMark | None:
    """The round mark ``{"type": "round", "number": N, "span": …}`` of a number in range
    and a quick span (or none).

    >>> quick_round({"type": "round", "number": 2, "span": [4, 1, 4, 3]})
    RoundMark(number=2)
    >>> quick_round({"type": "round", "number": 2, "x": 1}) is None
    True
    """
    if not _ROUND_KEYS.issuperset(data):
        return None
    number = data.get("number")
    if type(number) is not int or not 0 <= number <= _MAX_NUMBER:
        return None
    span = _optional_span(data)
    if span is None:
        return None
    if not _DIRECT:  # pragma: no cover - RoundMark is a plain class
        return m.RoundMark(number, span=span)
    mark: m.RoundMark = _new(m.RoundMark)
    _set_number(mark, number)
    _set_round_span(mark, span)
    return mark


_TAG_KEYS = frozenset(("type", "name", "value", "span"))
_set_tag_name, _set_tag_value, _set_tag_span = (
    _slot_setter(m.Tag, k) for k in ("name", "value", "span")
)
_TAG_DIRECT = _DIRECT and _plain(m.Tag)


def quick_tag(data: dict[str, Any], name_ok: Any) -> m.Tag | None:
    """The tag ``{"type": "tag", "name": …, "value": …, "span": …}`` of a name that
    ``name_ok`` accepts, a one-line value and a quick span (or none).

    >>> import re
    >>> ok = re.compile("[A-Z]").match
    >>> quick_tag({"type": "tag", "name": "Deal", "value": "1", "span": [4, 1, 4, 11]}, ok)
    Tag(name='Deal', value='1')
    >>> quick_tag({"type": "tag", "name": "Deal", "value": "1\\n2"}, ok) is None
    True
    """
    if not _TAG_KEYS.issuperset(data):
        return None
    name, value = data.get("name"), data.get("value")
    if type(name) is not str or type(value) is not str or not name_ok(name):
        return None
    if "\n" in value or "\r" in value:
        return None
    span = _optional_span(data)
    if span is None:
        return None
    if not _TAG_DIRECT:  # pragma: no cover - Tag is a plain class
        return m.Tag(name, value, span=span)
    tag: m.Tag = _new(m.Tag)
    _set_tag_name(tag, name)
    _set_tag_value(tag, value)
    _set_tag_span(tag, span)
    return tag


#: By action type: the class, the keys allowed, its one field beside the seat
#: (``"cards"``, ``"count"`` or ``""``) and that field's slot setter.
_PLAIN: dict[str, tuple[Any, frozenset[str], str, Any]] = {}


def plain_kind(kind: str, cls: type, fields: tuple[str, ...]) -> None:
    """Register action type ``kind`` (of class ``cls``, whose fields beside those of every
    action are ``fields``) for :func:`quick_action`, if it is one of the usual shapes."""
    if fields not in ((), ("cards",), ("count",)):
        return
    if not (_DIRECT and _plain(cls)):  # pragma: no cover - the action classes are plain
        return
    field = fields[0] if fields else ""
    allowed = frozenset(("type", "seat", "span", *fields))
    _PLAIN[kind] = (cls, allowed, field, _slot_setter(cls, field) if field else None)


def quick_action(kind: str, data: object) -> m.Action | None:
    """The action ``data`` of type ``kind`` when it holds only its type, a seat, its cards
    (spellings read before) or its count, and a quick span (:func:`quick_span`) or none.

    >>> _ = CARDS.setdefault("K", Card.parse("K"))
    >>> quick_action("play", {"type": "play", "seat": 3, "cards": ["K"], "span": [5, 4, 5, 7]})
    Play(seat=3, irregular=False, glyphs=(), notes=(), cards=(Card.parse('K'),))
    >>> quick_action("report", {"type": "report", "seat": 3, "count": 9})
    Report(seat=3, irregular=False, glyphs=(), notes=(), count=9)
    >>> quick_action("play", {"type": "play", "seat": 3, "cards": ["K"], "span": [5, 4]}) is None
    True
    """
    plain = _PLAIN.get(kind)
    if plain is None or type(data) is not dict:
        return None
    cls, allowed, field, set_field = plain
    if not allowed.issuperset(data):
        return None
    seat = data.get("seat")
    if type(seat) is not int or not 1 <= seat <= 6:
        return None
    raw = data.get("span")
    if raw is None:
        span = _NO_SPAN
    elif type(raw) is list and len(raw) == 4:  # quick_span's usual case, inlined
        a, b, c, d = raw
        if not (
            type(a) is int
            and type(b) is int
            and type(c) is int
            and type(d) is int
            and 0 <= (a | b | c | d) <= _BIG
        ):
            return None
        span = _new(m.Span)
        _set_line(span, a)
        _set_col(span, b)
        _set_end_line(span, c)
        _set_end_col(span, d)
    else:
        got = quick_span(raw)
        if got is None:
            return None
        span = got
    value: Any = None
    if field == "cards":
        spelled = data.get("cards")
        if type(spelled) is not list or not 0 < len(spelled) <= MAX_CARDS:
            return None
        try:
            value = tuple(map(CARDS.__getitem__, spelled))
        except (KeyError, TypeError):
            return None
    elif field:  # count
        value = data.get(field)
        if type(value) is not int or not 0 <= value <= _MAX_NUMBER:
            return None
    action: m.Action = _new(cls)
    _set_seat(action, seat)
    _set_irr(action, False)
    _set_glyphs(action, ())
    _set_notes(action, ())
    _set_span(action, span)
    if set_field is not None:
        set_field(action, value)
    return action


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused (if it ran) while the JSON of a record is read:
    ``json`` and the model build only acyclic values, hundreds of thousands of them, and
    each burst of allocations made the collector walk them all again (a third of the
    reading time).  Nothing cyclic is made meanwhile, so nothing is left to collect.

    >>> import gc
    >>> with gc_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
