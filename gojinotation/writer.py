"""The canonical GJN writer.

Canonical form: ``%GJN 1`` first; one tag a line; one hand a line (``hand 1: DD X 2222
…``, a space between ranks); moves with one round a line (a new line before every round
number ``N.`` and after every ``close``); canonical card letters; glyphs and notes after
their action; comments where they stood.  A deal that could not be parsed is written back
as its raw text.  Writing is idempotent and lossless: ``loads(dumps(x)) == x``.

>>> from gojinotation.reader import loads
>>> text = '[Event "a"]\\nhand 1: d x 2 2\\n1. 1:t10tt !  2:过 {ok}  2:close'
>>> print(dumps(loads(text)))
%GJN 1
<BLANKLINE>
[Event "a"]
<BLANKLINE>
hand 1: D X 22
<BLANKLINE>
1. 1:TTTT ! 2:- {ok} 2:close
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Iterable

from . import model as m
from .cards import Card, format_cards, format_hand
from .reader import BrokenDeal

__all__ = ["FORMAT_VERSION", "dumps", "format_action", "format_turn_play", "write_deal"]

#: The GJN version this writer emits.
FORMAT_VERSION = 1


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _comment(text: str) -> str:
    return "{" + text.replace("\\", "\\\\").replace("}", "\\}") + "}"


def _note(note: m.Note) -> str:
    body = note.key + (" " + note.value if note.value else "")
    return "[%" + body.replace("\\", "\\\\").replace("]", "\\]") + "]"


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards)


def format_action(action: m.Action) -> str:
    """One action in canonical GJN, with its glyphs and notes.

    >>> format_action(m.Burn(3, cards=(Card.parse('K'),) * 4, glyphs=('!?',)))
    '3:burn KKKK !?'
    """
    body: str
    if isinstance(action, m.Play):
        body = _cards(action.cards)
    elif isinstance(action, m.Burn):
        body = "burn " + _cards(action.cards)
    elif isinstance(action, m.Pass):
        body = "-"
    elif isinstance(action, m.Yield):
        body = "yield"
    elif isinstance(action, m.Close):
        body = "close"
    elif isinstance(action, m.Timeout):
        body = "timeout"
    elif isinstance(action, m.Revolution):
        body = "revolution"
    elif isinstance(action, m.Report):
        body = f"report {action.count}"
    elif isinstance(action, m.Buy):
        body = f"buy {action.card.gjn()} from {action.from_seat} for {action.paid.gjn()}"
    elif isinstance(action, m.Give):
        body = f"give {action.card.gjn()} to {action.to_seat}"
    elif isinstance(action, m.Tribute):
        body = f"tribute {_cards(action.cards)} to {action.to_seat}"
    elif isinstance(action, m.Return):
        body = f"return {_cards(action.cards)} to {action.to_seat}"
    elif isinstance(action, m.Penalty):
        sign = "+" if action.points > 0 else ""
        body = f"penalty {sign}{action.points}"
        if action.reason:
            body += " " + _quote(action.reason)
    elif isinstance(action, m.Ruling):
        body = "ruling " + _quote(action.text)
    elif isinstance(action, m.Declare):
        body = "declare"
    elif isinstance(action, m.Decline):
        body = "decline"
    elif isinstance(action, m.Draw):
        body = f"draw {action.card.gjn()}" + (f" to {action.to}" if action.to is not None else "")
    elif isinstance(action, m.Show):
        body = "liang " + _cards(action.cards)
    elif isinstance(action, m.JiefengClaim):
        body = "jiefeng"
    elif isinstance(action, m.Kaidian):
        body = "kaidian"
    elif isinstance(action, m.Baola):
        body = f"baola {action.rebel}"
    elif isinstance(action, m.Waive):
        body = "waive"
    elif isinstance(action, m.Query):
        body = f"query {action.target}"
    else:  # pragma: no cover - exhaustive over Action
        raise TypeError(f"not an action: {action!r}")
    out = ("^" if action.irregular else "") + f"{action.seat}:{body}"
    return out + _annotations(action.glyphs, action.notes)


def _annotations(glyphs: Iterable[str], notes: Iterable[m.Note]) -> str:
    return "".join(" " + g for g in glyphs) + "".join(" " + _note(n) for n in notes)


def format_turn_play(item: m.TurnPlay) -> str:
    """A set written without its seat, bare as it was written, with its glyphs and notes.

    >>> format_turn_play(m.TurnPlay((Card.parse('K'),) * 3, glyphs=('!',)))
    'KKK !'
    """
    return _cards(item.cards) + _annotations(item.glyphs, item.notes)


def _moves(items: Iterable[m.MoveItem], lines: list[str], top: bool) -> str:
    """Write move items; at top level, start a new line at every round mark and after
    every close.  Inside variations everything stays on one line."""
    parts: list[str] = []
    for item in items:
        if isinstance(item, m.RoundMark):
            if top and parts:
                lines.append(" ".join(parts))
                parts = []
            parts.append(f"{item.number}.")
        elif isinstance(item, m.Comment):
            parts.append(_comment(item.text))
        elif isinstance(item, m.Variation):
            inner: list[str] = []
            parts.append("(" + _moves(item.moves, inner, False) + ")")
        elif isinstance(item, m.TurnPlay):
            parts.append(format_turn_play(item))
        else:
            parts.append(format_action(item))
            if top and isinstance(item, m.Close):
                lines.append(" ".join(parts))
                parts = []
    text = " ".join(parts)
    if top and parts:
        lines.append(text)
    return text


def write_deal(deal: m.Deal | BrokenDeal) -> str:
    """One deal in canonical GJN (a broken deal: its raw text), ending with a newline."""
    if isinstance(deal, BrokenDeal):
        return deal.raw if deal.raw.endswith("\n") else deal.raw + "\n"
    blocks: list[str] = []
    header = [
        f"[{i.name} {_quote(i.value)}]" if isinstance(i, m.Tag) else _comment(i.text)
        for i in deal.header
    ]
    if header:
        blocks.append("\n".join(header))
    hands: list[str] = []
    for h in deal.hands:
        if isinstance(h, m.Comment):
            hands.append(_comment(h.text))
        elif h.cards is None:
            hands.append(f"hand {h.seat}: -")
        else:
            hands.append(f"hand {h.seat}: {format_hand(h.cards)}".rstrip())
    if hands:
        blocks.append("\n".join(hands))
    lines: list[str] = []
    moves = deal.moves
    last = deal.hands[-1] if deal.hands else None
    cards_last = isinstance(last, m.Hand) and last.cards is not None
    if cards_last and moves and isinstance(moves[0], m.TurnPlay):
        # A set without its seat right after a hand line's cards would read as more cards
        # of that hand: the first round's number keeps it a move (§9.3).
        moves = (m.RoundMark(1), *moves)
    _moves(moves, lines, True)
    if lines:
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def dumps(obj: m.Match | m.Deal | BrokenDeal) -> str:
    """A match (with its version line) or a single deal in canonical GJN."""
    if isinstance(obj, m.Match):
        out = [f"%GJN {obj.version if obj.version is not None else FORMAT_VERSION}\n"]
        if obj.prologue:
            out.append("\n".join(_comment(c.text) for c in obj.prologue) + "\n")
        out.extend(write_deal(d) for d in obj.deals)
        return "\n".join(out)
    return write_deal(obj)
