"""Writing GJN as JSON: model values into JSON-compatible data (:func:`to_json`, text).

Part of :mod:`gojinotation.jsonio` (moved out of it unchanged), which re-exports it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeAlias

import attrs

from . import model as m
from .cards import Card
from .errors import NotationError
from .reader import BrokenDeal

#: Any model value with a JSON form.
Value: TypeAlias = (
    m.Match
    | m.Deal
    | BrokenDeal
    | m.Action
    | m.TurnPlay
    | m.Comment
    | m.Tag
    | m.Hand
    | m.Note
    | m.RoundMark
    | m.Variation
)


JsonDict: TypeAlias = dict[str, Any]


_NO_SPAN = m.Span(0, 0)


_ACTION_NAMES: dict[type, str] = {
    m.Play: "play",
    m.Burn: "burn",
    m.Pass: "pass",
    m.Yield: "yield",
    m.Close: "close",
    m.Timeout: "timeout",
    m.Revolution: "revolution",
    m.Report: "report",
    m.Buy: "buy",
    m.Give: "give",
    m.Tribute: "tribute",
    m.Return: "return",
    m.Penalty: "penalty",
    m.Ruling: "ruling",
    m.Declare: "declare",
    m.Decline: "decline",
    m.Draw: "draw",
    m.Show: "liang",
    m.JiefengClaim: "jiefeng",
    m.Kaidian: "kaidian",
    m.Baola: "baola",
    m.Waive: "waive",
    m.Query: "query",
}


_ACTION_CLASSES: dict[str, type] = {v: k for k, v in _ACTION_NAMES.items()}


def _span_json(span: m.Span) -> list[int]:
    """A span as ``[line, column, end_line, end_column]`` (the compact form; readers take
    the object form ``{"line": …}`` as well)."""
    return [span.line, span.column, span.end_line, span.end_column]


def _cards_json(cards: Sequence[Card]) -> list[str]:
    return [c.gjn() for c in cards]


def _note_json(note: m.Note, spans: bool) -> JsonDict:
    out: JsonDict = {"key": note.key, "value": note.value}
    if spans and note.span != _NO_SPAN:
        out["span"] = _span_json(note.span)
    return out


def _error_json(err: NotationError) -> JsonDict:
    return {
        "code": err.code,
        "file": err.filename,
        "line": err.line,
        "column": err.column,
        "end_column": err.end_column,
        "found": err.found,
        "expected": list(err.expected),
        "source_line": err.source_line,
        "en": err.en,
        "zh": err.zh,
    }


def _action_json(a: m.Action, spans: bool) -> JsonDict:
    out: JsonDict = {"type": _ACTION_NAMES[type(a)], "seat": a.seat}
    if isinstance(a, (m.Play, m.Burn)):
        out["cards"] = _cards_json(a.cards)
    elif isinstance(a, m.Report):
        out["count"] = a.count
    elif isinstance(a, m.Buy):
        out["card"] = a.card.gjn()
        out["from_seat"] = a.from_seat
        out["paid"] = a.paid.gjn()
    elif isinstance(a, m.Give):
        out["card"] = a.card.gjn()
        out["to_seat"] = a.to_seat
    elif isinstance(a, (m.Tribute, m.Return)):
        out["cards"] = _cards_json(a.cards)
        out["to_seat"] = a.to_seat
    elif isinstance(a, m.Penalty):
        out["points"] = a.points
        out["reason"] = a.reason
    elif isinstance(a, m.Ruling):
        out["text"] = a.text
    elif isinstance(a, m.Draw):
        out["card"] = a.card.gjn()
        if a.to is not None:
            out["to"] = a.to
    elif isinstance(a, m.Show):
        out["cards"] = _cards_json(a.cards)
    elif isinstance(a, m.Baola):
        out["rebel"] = a.rebel
    elif isinstance(a, m.Query):
        out["target"] = a.target
    if a.irregular:
        out["irregular"] = True
    if a.glyphs:
        out["glyphs"] = list(a.glyphs)
    if a.notes:
        out["notes"] = [_note_json(n, spans) for n in a.notes]
    return out


def to_json(obj: Value, *, spans: bool = True) -> JsonDict:
    """The JSON form of any model value (a new ``dict`` of JSON-compatible data).

    Action fields that hold their default (``irregular`` false, no ``glyphs``, no
    ``notes``) are left out; so are spans that are unknown or, with ``spans=False``,
    all spans.

    >>> to_json(m.Buy(3, card=Card.parse("3h"), from_seat=6, paid=Card.parse("2")))
    {'type': 'buy', 'seat': 3, 'card': '3h', 'from_seat': 6, 'paid': '2'}
    >>> to_json(m.Hand(4, None))
    {'type': 'hand', 'seat': 4, 'cards': None}

    :raises TypeError: if ``obj`` is not a model value.
    """
    out: JsonDict
    span = getattr(obj, "span", _NO_SPAN)
    if isinstance(obj, m.Match):
        out = {
            "type": "match",
            "version": obj.version,
            "prologue": [to_json(c, spans=spans) for c in obj.prologue],
            "deals": [to_json(d, spans=spans) for d in obj.deals],
        }
    elif isinstance(obj, m.Deal):
        out = {
            "type": "deal",
            "header": [to_json(i, spans=spans) for i in obj.header],
            "hands": [to_json(i, spans=spans) for i in obj.hands],
            "moves": [to_json(i, spans=spans) for i in obj.moves],
        }
    elif isinstance(obj, BrokenDeal):
        out = {
            "type": "broken",
            "raw": obj.raw,
            "errors": [_error_json(e) for e in obj.errors],
        }
    elif isinstance(obj, m.Comment):
        out = {"type": "comment", "text": obj.text}
    elif isinstance(obj, m.Tag):
        out = {"type": "tag", "name": obj.name, "value": obj.value}
    elif isinstance(obj, m.Hand):
        out = {
            "type": "hand",
            "seat": obj.seat,
            "cards": None if obj.cards is None else _cards_json(obj.cards),
        }
    elif isinstance(obj, m.Note):
        out = {"type": "note", **_note_json(obj, spans)}
        span = _NO_SPAN  # already written
    elif isinstance(obj, m.RoundMark):
        out = {"type": "round", "number": obj.number}
    elif isinstance(obj, m.Variation):
        out = {"type": "variation", "moves": [to_json(i, spans=spans) for i in obj.moves]}
    elif isinstance(obj, m.TurnPlay):  # a set without its seat: no "seat" key
        out = {"type": "turn_play", "cards": _cards_json(obj.cards)}
        if obj.glyphs:
            out["glyphs"] = list(obj.glyphs)
        if obj.notes:
            out["notes"] = [_note_json(n, spans) for n in obj.notes]
    elif isinstance(obj, m.ACTION_TYPES):
        out = _action_json(obj, spans)
    else:
        raise TypeError(f"not a GJN model value: {obj!r}")
    if spans and isinstance(span, m.Span) and span != _NO_SPAN:
        out["span"] = _span_json(span)
    return out


def dumps_json(obj: Value, *, spans: bool = True, indent: int | None = 2) -> str:
    """The JSON text of a model value (UTF-8 friendly: Chinese is not escaped).

    >>> print(dumps_json(m.Tag("Event", "青岛"), indent=None))
    {"type": "tag", "name": "Event", "value": "青岛"}
    """
    return _dumps(to_json(obj, spans=spans), indent)


#: A span list as ``json.dumps`` indents it, one number a line (raw line breaks occur in
#: JSON text only between tokens, never inside a string, so nothing else matches).
_SPREAD_SPAN = re.compile(r"\[\n\s*(\d+),\n\s*(\d+),\n\s*(\d+),\n\s*(\d+)\n\s*\]")


def _dumps(data: JsonDict | list[JsonDict], indent: int | None) -> str:
    """``json.dumps`` of ``data``, each span on one line when indented.

    >>> print(_dumps({"span": [1, 2, 1, 5], "cards": ["K", "K"]}, 2))
    {
      "span": [1, 2, 1, 5],
      "cards": [
        "K",
        "K"
      ]
    }
    """
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if indent is None:
        return text
    return _SPREAD_SPAN.sub(r"[\1, \2, \3, \4]", text)


def iter_json(obj: Value, *, spans: bool = True, indent: int | None = 2) -> Iterator[str]:
    """The text of :func:`dumps_json` in pieces, one deal a piece for a match, so that
    the JSON tree and text of only one deal exist at a time (a writer of a large file).

    >>> match = m.Match((m.Deal((m.Tag("Event", "a"),), (), ()),) * 2, 1)
    >>> all("".join(iter_json(match, indent=i)) == dumps_json(match, indent=i)
    ...     for i in (None, 0, 2, 4))
    True
    """
    if not isinstance(obj, m.Match) or not obj.deals:
        yield dumps_json(obj, spans=spans, indent=indent)
        return
    yield from iter_match_json(obj.version, obj.prologue, obj.deals, spans=spans, indent=indent)


def iter_match_json(
    version: int | None,
    prologue: Iterable[m.Comment],
    deals: Iterable[m.Deal | BrokenDeal],
    *,
    spans: bool = True,
    indent: int | None = 2,
) -> Iterator[str]:
    """:func:`iter_json` of the match of these parts, the deals taken one at a time from
    any iterable (e.g. a reader's): the same text, the same pieces.

    >>> deal = m.Deal((m.Tag("Event", "a"),), (), ())
    >>> "".join(iter_match_json(1, (), iter([deal]))) == dumps_json(m.Match((deal,), 1))
    True
    """
    shell = to_json(m.Match((), version, tuple(prologue)), spans=spans)
    text = _dumps(shell, indent)
    cut = text.rindex("[]")  # "deals" is the last key: its empty list is the last "[]"
    sep = ", " if indent is None else ",\n" + " " * (2 * indent)
    first = "" if indent is None else "\n" + " " * (2 * indent)
    i = -1
    for i, deal in enumerate(deals):
        lead = text[:cut] + "[" + first if i == 0 else sep
        for piece in _deal_pieces(deal, spans, indent):
            if indent is not None:  # strings hold no raw line breaks: this only re-indents
                piece = piece.replace("\n", "\n" + " " * (2 * indent))
            yield lead + piece
            lead = ""
    if i < 0:  # no deal: the text of an empty match, as dumps_json gives it
        yield text
        return
    yield ("" if indent is None else "\n" + " " * indent) + "]" + text[cut + 2 :]


#: Moves a piece of a long deal's JSON text (:func:`_deal_pieces`).
MOVES_PER_PIECE = 1000


def _deal_pieces(deal: m.Deal | BrokenDeal, spans: bool, indent: int | None) -> Iterator[str]:
    """``_dumps(to_json(deal))`` in pieces: one for a deal of at most
    :data:`MOVES_PER_PIECE` moves, else its moves that many a piece, so that neither the
    JSON tree nor the text of a deal of 200,000 passes is ever whole (issue #15).

    >>> deal = m.Deal((m.Tag("Event", "a"),), (), (m.Pass(1),) * 2500)
    >>> [len(list(_deal_pieces(deal, True, i))) for i in (None, 2)]
    [4, 4]
    >>> all("".join(_deal_pieces(deal, True, i)) == _dumps(to_json(deal), i)
    ...     for i in (None, 0, 2, 4))
    True
    """
    if not isinstance(deal, m.Deal) or len(deal.moves) <= MOVES_PER_PIECE:
        yield _dumps(to_json(deal, spans=spans), indent)
        return
    text = _dumps(to_json(attrs.evolve(deal, moves=()), spans=spans), indent)
    # "moves" follows the header and hands, whose strings escape every quote: the first
    # '"moves": []' is the key's (only a span may follow it)
    cut = text.index('"moves": []') + len('"moves": [')
    moves = deal.moves
    for start in range(0, len(moves), MOVES_PER_PIECE):
        chunk = [to_json(x, spans=spans) for x in moves[start : start + MOVES_PER_PIECE]]
        body = _dumps(chunk, indent)  # a list: its brackets dropped, its items re-indented
        if indent is None:
            body = body[1:-1]
        else:
            body = body.replace("\n", "\n" + " " * indent)[1 : -(indent + 2)]
        yield (text[:cut] if start == 0 else ("," if indent is not None else ", ")) + body
    yield ("" if indent is None else "\n" + " " * indent) + text[cut:]
