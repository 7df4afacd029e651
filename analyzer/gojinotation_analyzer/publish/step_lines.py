"""A deal's move list as the template's ``move`` macro draws it, a step's markup made once
per distinct step shape (issue #15: a deal of 175,000 passes has a few dozen shapes).

The page stays defined by ``templates/_macros.html.j2``: the markup of a step without
comments or variations depends on the step's id only where the macro writes it, so the
macro draws each shape once with a mark in place of the id, and every step of that shape
is the two halves around it with its own id.  A step with comments (the table's snapshot)
or variations (ids inside) is drawn by the macro itself.  ``tests/test_render.py`` checks
that the two agree, step by step, on every sample.

>>> from markupsafe import Markup
>>> from gojinotation_analyzer.publish.view import view_from_record
>>> import gojinotation as gj
>>> d = view_from_record(gj.loads("[Leader \\"1\\"]\\n1. 1:3 2:- 3:- 4:-")).deals[0]
>>> calls = []
>>> def move(s, pid, deal, lang, t):
...     calls.append(s.index)
...     return Markup(f"<li id={pid}>{s.seat}</li>")
>>> print("".join(move_lines(d.steps, "d1.s", d, "en", None, move, batch=2)))
<li id=d1.s1>1</li><li id=d1.s2>2</li><li id=d1.s3>3</li><li id=d1.s4>4</li>
>>> calls  # each seat's pass once; seat 1's play once
[1, 2, 3, 4]
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from markupsafe import Markup, escape

from gojinotation_analyzer.publish.view_model import DealView, StepView

__all__ = ["move_lines"]

#: Where a step's id goes in the markup of its shape: a mark no record can hold (drawn
#: anew for each process; the macro writes the id unquoted and unescaped as a token).
_ID_MARK = "gjnid" + secrets.token_hex(12)

#: Steps joined into one piece of output: a long deal's list is never one string, and
#: ``publish.page`` writes the pieces 1,000 at a time (~1 MB, as a step a piece was).
BATCH = 8


def move_lines(
    steps: Sequence[StepView],
    prefix: str,
    deal: DealView,
    lang: str,
    t: Any,
    move: Callable[..., Any],
    batch: int = BATCH,
) -> Iterator[Markup]:
    """The markup of ``steps`` (ids ``prefix`` + the step's index) as ``move(s, id,
    deal, lang, t)`` draws them one by one, in pieces of ``batch`` steps."""
    shapes: dict[tuple[Any, ...], tuple[str, str, Any] | None] = {}
    head = str(escape(prefix))
    out: list[str] = []
    for s in steps:
        if s.comments_before or s.comments_after or s.variations:
            out.append(str(move(s, prefix + str(s.index), deal, lang, t)))
        else:
            ev = s.events  # one tuple shared by equal event lists (publish.view_frames)
            key = (
                s.seat,
                s.kind,
                s.cards,
                s.act_en,
                s.act_zh,
                s.glyphs,
                s.clock,
                s.irregular,
                id(ev),
            )
            if key not in shapes or (shapes[key] or (0, 0, ev))[2] is not ev:
                shapes[key] = _shape(s, deal, lang, t, move)
            shape = shapes[key]
            if shape is None:
                out.append(str(move(s, prefix + str(s.index), deal, lang, t)))
            else:
                out.append(shape[0] + head + str(s.index) + shape[1])
        if len(out) >= batch:
            yield Markup("".join(out))
            out.clear()
    if out:
        yield Markup("".join(out))


def _shape(
    s: StepView, deal: DealView, lang: str, t: Any, move: Callable[..., Any]
) -> tuple[str, str, Any] | None:
    """The markup of step ``s`` before and after its id (and the events it was drawn
    with); ``None`` if the id is not written exactly once."""
    html = str(move(s, _ID_MARK, deal, lang, t))
    before, mark, after = html.partition(_ID_MARK)
    if not mark or _ID_MARK in after:
        return None
    return before, after, s.events
