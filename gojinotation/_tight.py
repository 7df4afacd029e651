"""The fast path's line reader: the items of one deal's text, or a fallback to Lark.

Part of :mod:`gojinotation.reader` (moved out of it unchanged).
"""

from __future__ import annotations

from typing import Any

from . import model as m
from ._fast import (
    _ANNOTATIONS,
    _BODY_GROUPS,
    _BODY_ORDER,
    _CARDS_OK,
    _DIRECT,
    _GROUPS,
    _PROTOS,
    _SEATS,
    _SIMPLE,
    _TIGHT_START,
    _TIGHT_TRAILING,
    _TIGHT_TRAILING_NL,
    _body,
    _cards_or_fallback,
    _Fallback,
    _fast,
    _new,
    _number_or_fallback,
    _parse_annotations,
    _proto,
    _seat_or_fallback,
    _set_cards,
    _set_col,
    _set_end_col,
    _set_end_line,
    _set_glyphs,
    _set_irr,
    _set_line,
    _set_notes,
    _set_number,
    _set_round_span,
    _set_seat,
    _set_span,
    _tag,
)
from ._values import (
    _DIGITS,
    _UNESCAPE_COMMENT,
    MAX_CARDS,
    MAX_VARIATION_DEPTH,
    _note_parts,
    _unescape,
)
from .cards import Card, sort_cards


def _tight_line(
    text: str, q: int, le: int, line: int, ls: int, items: list[Any], lines: bool = False
) -> bool:
    """Read the moves from ``q`` to the line end ``le`` if the line is simple: actions
    with cards or no arguments, burns, reports, glyphs, one-line notes and round
    numbers.  Appends the items and returns True; else appends nothing, returns False.
    With ``lines``, read on across line ends up to ``le``, all or nothing.
    """
    if text.count("{", q, le) > text.count("}", q, le):
        # a "{" not closed: ``findall`` would try the comment from every "{" to the line
        # end (quadratic); such a line is not simple anyway
        return False
    set_line, set_col, set_end_line, set_end_col = _set_line, _set_col, _set_end_line, _set_end_col
    set_seat, set_irr, set_glyphs, set_notes, set_span = (
        _set_seat,
        _set_irr,
        _set_glyphs,
        _set_notes,
        _set_span,
    )
    set_cards = _set_cards
    set_number, set_round_span = _set_number, _set_round_span
    round_cls = m.RoundMark
    mark = len(items)
    p = q
    protos = _PROTOS
    new = _new
    span_cls = m.Span
    append = items.append
    base = ls - 1
    no: tuple[Any, ...] = ()
    direct = _DIRECT
    anns = _ANNOTATIONS
    note_cls = m.Note
    fx = _fast()
    for ws, act, ann, rnd, cm in (fx.tight_nl if lines else fx.tight).findall(text, q, le):
        if lines and "\n" in ws:
            line += ws.count("\n")
            base = p + ws.rindex("\n")
        p += len(ws)
        if act:
            proto = protos.get(act)
            if proto is None:
                try:
                    proto = _proto(act)
                except _Fallback:  # not cards (a word of a tag or hand line): not simple
                    del items[mark:]
                    return False
            cls, seat, irregular, cards, kw = proto
            st = p
            p += len(act)
            if not ann and direct and kw is None:  # the usual action: no arguments, no notes
                span = new(span_cls)
                set_line(span, line)
                set_col(span, st - base)
                set_end_line(span, line)
                set_end_col(span, p - base)
                obj: Any = new(cls)
                set_seat(obj, seat)
                set_irr(obj, irregular)
                set_glyphs(obj, no)
                set_notes(obj, no)
                set_span(obj, span)
                if cards is not None:
                    set_cards(obj, cards)
                append(obj)
                continue
            glyphs = notes = no
            if ann:
                parsed = anns.get(ann)
                if parsed is None:
                    parsed = _parse_annotations(ann)
                glyphs, specs = parsed
                if specs:
                    notes = tuple(
                        [
                            note_cls(k, v, span=span_cls(line, p + a - base, line, p + b - base))
                            for k, v, a, b in specs
                        ]
                    )
            if direct and kw is None:
                span = new(span_cls)
                set_line(span, line)
                set_col(span, st - base)
                set_end_line(span, line)
                set_end_col(span, p - base)
                obj = new(cls)
                set_seat(obj, seat)
                set_irr(obj, irregular)
                set_glyphs(obj, glyphs)
                set_notes(obj, notes)
                set_span(obj, span)
                if cards is not None:
                    set_cards(obj, cards)
                append(obj)
            elif cls is m.TurnPlay:
                span = span_cls(line, st - base, line, p - base)
                append(cls(kw["cards"], glyphs=glyphs, notes=notes, span=span))  # type: ignore[index]
            else:
                span = span_cls(line, st - base, line, p - base)
                fields = dict(kw or {})
                if cards is not None:
                    fields["cards"] = cards
                append(
                    cls(seat, irregular=irregular, glyphs=glyphs, notes=notes, span=span, **fields)
                )
            p += len(ann)
        elif rnd:
            e = p + len(rnd)
            if direct:
                span = new(span_cls)
                set_line(span, line)
                set_col(span, p - base)
                set_end_line(span, line)
                set_end_col(span, e - base)
                obj = new(round_cls)
                set_number(obj, int(rnd[:-1]))
                set_round_span(obj, span)
                append(obj)
            else:
                append(round_cls(int(rnd[:-1]), span=span_cls(line, p - base, line, e - base)))
            p = e
        else:
            raw = cm[1:-1]
            span = span_cls(line, p - base, line, p + len(cm) - base)
            append(m.Comment(_unescape(raw, _UNESCAPE_COMMENT), span=span))
            p += len(cm)
    # ``findall`` skips what it cannot read: the positions then fall short of the end
    trailing = _TIGHT_TRAILING_NL if lines else _TIGHT_TRAILING
    if trailing.match(text, p, le).end() == le:  # type: ignore[union-attr]
        return True
    del items[mark:]
    return False


def _hand_cards(text: str, start: int, end: int) -> tuple[Card, ...]:
    """The cards of a hand's groups, ``text[start:end]`` (white space and card runs)."""
    got: list[Card] = []
    ordered = True  # groups written strongest first need no sorting
    last_key: tuple[int, int] | None = None
    for gtext in text[start:end].split():
        info = _GROUPS.get(gtext)
        if info is None:
            group = _cards_or_fallback(gtext)
            info = _GROUPS[gtext] = (group, group[0].sort_key(), group[-1].sort_key())
        if last_key is not None and last_key > info[1]:
            ordered = False
        last_key = info[2]
        got.extend(info[0])
    if len(got) > MAX_CARDS:
        raise _Fallback
    return (tuple(got) if ordered else sort_cards(got)) if got else ()


def _fast_items(text: str, offset: int) -> list[Any]:
    """The items of one chunk, as the transformer would build them, without Lark.

    :raises _Fallback: on anything unusual (errors included); Lark then decides.
    """
    fx = _fast()  # its general item pattern is compiled only if a line needs it
    count = text.count
    rfind = text.rfind
    find = text.find
    span_of = m.Span
    play_cls = m.Play
    simple = _SIMPLE
    seats = _SEATS
    cards_ok = _CARDS_OK
    n = len(text)
    line = 1 + offset
    ls = 0  # start of the current line
    nl = find("\n")  # its end
    if nl < 0:
        nl = n
    top: list[Any] = []
    items = top
    stack: list[tuple[list[Any], int, int]] = []
    pos = 0
    tight_from = 0  # a line whose moves are not simple is read item by item
    tried_rest = False
    ws_end = fx.ws.match
    while True:
        if pos >= tight_from:
            q = ws_end(text, pos).end()  # type: ignore[union-attr]
            if q >= n:
                break
            if q > nl:
                line += count("\n", ls, q)
                ls = rfind("\n", 0, q) + 1
                nl = find("\n", q)
                if nl < 0:
                    nl = n
            if text.startswith("[", q):
                tm = fx.tight_tag.match(text, q, nl)
                if tm is not None and not stack:
                    value = tm.group("tv")[1:-1]
                    items.append(
                        _tag(
                            tm.group("tn"),
                            _unescape(value),
                            line,
                            q - ls + 1,
                            tm.end("rb") - ls + 1,
                        )
                    )
                    pos = nl
                    continue
            elif not tried_rest and not text.startswith("hand", q):
                # the usual case: every line from here to the end is simple moves
                tried_rest = True
                if _tight_line(text, q, n, line, ls, items, lines=True):
                    pos = n
                    break
                continue
            elif text[q] in _TIGHT_START and _tight_line(text, q, nl, line, ls, items):
                pos = nl
                continue
            elif not stack and (hm := fx.hand_line.match(text, q)) is not None:
                end = hm.end("hg")
                items.append(
                    m.Hand(
                        _seat_or_fallback(hm.group("hn")),
                        _hand_cards(text, hm.start("hg"), end),
                        span=span_of(line, q - ls + 1, line, end - ls + 1),
                    )
                )
                pos = end
                continue
            tight_from = nl + 1
        mt = fx.item.match(text, pos)
        if mt is None:
            break
        kind = mt.lastgroup or ""
        start = mt.end("w")
        end = mt.end()
        if start > nl:  # the item starts on a later line
            line += count("\n", ls, start)
            ls = rfind("\n", 0, start) + 1
            nl = find("\n", start)
            if nl < 0:
                nl = n
        l1 = line
        c1 = start - ls + 1
        if kind == "ann":
            kind = next(k for k in _BODY_ORDER if mt.start(k) >= 0)
            body_end = mt.start("ann")
        elif kind == "bann":
            kind = "bare"
            body_end = mt.start("bann")
        else:
            body_end = end
        if kind == "bare":  # a set without its seat
            bare_cards = _cards_or_fallback(mt.group("bare"))
            glyphs_b: tuple[str, ...] = ()
            notes_b: tuple[m.Note, ...] = ()
            if body_end != end:
                glyphs_b, notes_b = _annotations(text, body_end, end, line, ls)
            items.append(
                m.TurnPlay(
                    bare_cards,
                    glyphs=glyphs_b,
                    notes=notes_b,
                    span=span_of(l1, c1, l1, body_end - ls + 1),
                )
            )
        elif kind == "play" or kind in simple or kind in _BODY_GROUPS:
            seat = seats.get(mt.group("seat"))
            if seat is None:
                raise _Fallback
            kw: dict[str, Any] | None = None
            cls: type = play_cls
            cards: tuple[Card, ...] | None = None
            if kind == "play":
                s = mt.group("play")
                cards = cards_ok.get(s)
                if cards is None:
                    cards = _cards_or_fallback(s)
            elif kind in simple:
                cls = simple[kind]
            else:
                cls, kw = _body(kind, mt)
            if body_end > nl:
                l2 = line + count("\n", ls, body_end)
                c2 = body_end - rfind("\n", 0, body_end)
            else:
                l2 = line
                c2 = body_end - ls + 1
            span = span_of(l1, c1, l2, c2)
            glyphs: tuple[str, ...] = ()
            notes: tuple[m.Note, ...] = ()
            if body_end != end:
                glyphs, notes = _annotations(text, body_end, end, l2, body_end - c2 + 1)
            if cards is not None:
                items.append(
                    play_cls(
                        seat,
                        irregular=mt.start("irr") >= 0,
                        glyphs=glyphs,
                        notes=notes,
                        span=span,
                        cards=cards,
                    )
                )
            elif kw is None:
                items.append(
                    cls(seat, irregular=mt.start("irr") >= 0, glyphs=glyphs, notes=notes, span=span)
                )
            else:
                items.append(
                    cls(
                        seat,
                        irregular=mt.start("irr") >= 0,
                        glyphs=glyphs,
                        notes=notes,
                        span=span,
                        **kw,
                    )
                )
        else:
            if end > nl:
                l2 = line + count("\n", ls, end)
                c2 = end - rfind("\n", 0, end)
            else:
                l2 = line
                c2 = end - ls + 1
            if kind == "tag":
                if stack:
                    raise _Fallback
                value = mt.group("tv")[1:-1]
                items.append(
                    m.Tag(
                        mt.group("tn"),
                        _unescape(value),
                        span=span_of(l1, c1, l2, c2),
                    )
                )
            elif kind == "hand":
                if stack:
                    raise _Fallback
                digits = _DIGITS.search(mt.group("hs"))
                seat = _seat_or_fallback(digits.group(0) if digits else "")
                hand: tuple[Card, ...] | None = None
                if mt.start("hu") < 0:
                    # the hand pattern matched white space and card runs only
                    hand = _hand_cards(text, mt.end("hs"), end)
                items.append(m.Hand(seat, hand, span=span_of(l1, c1, l2, c2)))
            elif kind == "comment":
                raw = mt.group("comment")[1:-1]
                items.append(
                    m.Comment(_unescape(raw, _UNESCAPE_COMMENT), span=span_of(l1, c1, l2, c2))
                )
            elif kind == "round":
                number = _number_or_fallback(mt.group("round")[:-1])
                items.append(m.RoundMark(number, span=span_of(l1, c1, l2, c2)))
            elif kind == "lpar":
                stack.append((items, l1, c1))
                if len(stack) > MAX_VARIATION_DEPTH:
                    raise _Fallback
                items = []
            elif kind == "rpar":
                if not stack:
                    raise _Fallback
                inner = items
                items, pl, pc = stack.pop()
                items.append(m.Variation(tuple(inner), span=span_of(pl, pc, l2, c2)))
            else:  # pragma: no cover - the alternatives above are exhaustive
                raise _Fallback
        pos = end
    if stack or fx.ws.match(text, pos).end() != n:  # type: ignore[union-attr]
        raise _Fallback
    return top


def _annotations(
    text: str, lo: int, hi: int, line: int, ls: int
) -> tuple[tuple[str, ...], tuple[m.Note, ...]]:
    """Glyphs and notes written between ``lo`` and ``hi`` (after an action); ``line`` is
    the line number at ``lo`` and ``ls`` the offset where that line starts."""
    glyphs: list[str] = []
    notes: list[m.Note] = []
    for am in _fast().annot.finditer(text, lo, hi):
        glyph = am.group("glyph")
        if glyph is not None:
            glyphs.append(glyph)
            continue
        a, b = am.span()
        k = text.count("\n", lo, a)
        if k:
            line += k
            ls = text.rfind("\n", lo, a) + 1
        la, ca = line, a - ls + 1
        k = text.count("\n", a, b)
        if k:
            line += k
            ls = text.rfind("\n", a, b) + 1
        lo = b
        raw = am.group("note")[2:-1]
        key, value = _note_parts(raw)
        notes.append(m.Note(key, value, span=m.Span(la, ca, line, b - ls + 1)))
    return tuple(glyphs), tuple(notes)
