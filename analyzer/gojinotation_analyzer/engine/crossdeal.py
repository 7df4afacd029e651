"""R-OPEN-1 across deals: who leads a deal, given how the previous deal of the match ended.

One deal's replay cannot know its first leader when ``open.subsequent`` makes it depend on
the previous deal (the 大落 leads, or seat 1 every deal); the engine then leaves the
``Leader`` tag unchecked with a notice.  Where a record holds consecutive deals of one
match, this module decides the rule:

* :func:`follows_in_match` — whether the record places one deal right after another of the
  same match (the same ``Event``, ``Deal`` one more, ``Game`` the same or one more);
* :func:`next_leader` — the first leader ``open.subsequent`` gives after a deal that ended
  as the engine's :class:`~engine.events.DealEnded` says (``None`` where a fresh 开牌
  decides or the record cannot show it);
* :func:`check_leader` — the engine's :class:`~engine.events.Violation` of R-OPEN-1 when a
  deal's ``Leader`` tag names another seat (``None`` when it agrees or cannot be checked).

Pure functions of the record and the ruleset; the validator only maps their result to a
diagnostic.

>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> rs = Ruleset().with_overrides({"open.subsequent": "daluo_opens_and_leads"})
>>> ended = E.DealEnded(None, places={1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6})
>>> next_leader(ended, rs)
6
>>> v = check_leader("3", ended, rs)
>>> v.rule_id, v.seat, v.param
('R-OPEN-1', 3, 'open.subsequent')
>>> check_leader("6", ended, rs) is None
True
"""

from __future__ import annotations

from gojinotation import model as m
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = ["check_leader", "follows_in_match", "next_leader"]

#: ``open.subsequent`` values under which the previous deal's 大落 leads the next deal.
_DALUO_LEADS = ("daluo_duitou_opens_daluo_leads", "daluo_opens_and_leads")


def _number(deal: m.Deal, tag: str) -> int | None:
    v = (deal.tag(tag) or "").strip()
    return int(v) if v.isascii() and v.isdigit() else None


def follows_in_match(prev: m.Deal, deal: m.Deal) -> bool:
    """Whether the record places ``deal`` right after ``prev`` in one match: the same
    ``Event``, and the ``Deal`` number one more (the ``Game`` the same or one more too).

    >>> import gojinotation as gj
    >>> text = "".join(f'[Event "{e}"]\\n[Deal "{n}"]\\n1:3\\n\\n' for e, n in ("x3", "x4", "y5"))
    >>> a, b, c = gj.loads(text).deals
    >>> follows_in_match(a, b), follows_in_match(b, c), follows_in_match(b, a)
    (True, False, False)
    """
    n, k = _number(prev, "Deal"), _number(deal, "Deal")
    if n is None or k != n + 1 or prev.tag("Event") != deal.tag("Event"):
        return False
    g, h = _number(prev, "Game"), _number(deal, "Game")
    return g == h or (g is not None and h == g + 1)


def next_opening(prev_end: E.DealEnded, ruleset: Ruleset, prev_taker: int = 0) -> tuple[int, bool]:
    """How the next deal of a match opens after a deal that ended as ``prev_end``
    (R-OPEN-1, ``open.subsequent``): ``(seat, fresh)``.  ``fresh`` is True where a new
    开牌 decides (a void deal, 串三户 among ``open.redo_triggers``, a redraw every game);
    otherwise ``seat`` takes the first card and leads: the 大落 where he leads, seat 1
    where it is fixed, the seat beside ``prev_taker`` (the previous deal's first taker)
    where it rotates, and 0 where it rotates from a taker that is not known.  The one
    reading of the rule: the validator (:func:`next_leader`), the simulator and
    ``gouji serve`` all ask it.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> ended = E.DealEnded(None, places={3: 1, 1: 2, 5: 3, 2: 4, 6: 5, 4: 6})
    >>> next_opening(ended, Ruleset().with_overrides({"open.subsequent": "rotate_ccw"}), 6)
    (1, False)
    """
    places = prev_end.places
    if prev_end.void or len(places) < 6:
        return 0, True
    score = prev_end.score
    redo = ruleset.open.redo_triggers
    if score is not None and score.chuan3hu is not None and "chuan3hu" in redo:
        return 0, True
    sub = ruleset.open.subsequent
    if sub in _DALUO_LEADS:
        return next(s for s, p in places.items() if p == 6), False
    if sub == "fixed_seat1":
        return 1, False
    if sub == "rotate_ccw":
        return (prev_taker % 6 + 1 if prev_taker else 0), False
    if sub == "rotate_cw":
        return ((prev_taker + 4) % 6 + 1 if prev_taker else 0), False
    return 0, True  # redraw_each_game


def next_leader(prev_end: E.DealEnded, ruleset: Ruleset) -> int | None:
    """The first leader ``open.subsequent`` gives after a deal that ended as ``prev_end``
    (R-OPEN-1, :func:`next_opening`): the 大落 where he leads, seat 1 where it is fixed;
    ``None`` where a fresh 开牌 decides (a void deal, 串三户 among ``open.redo_triggers``,
    a redraw every game) or the record cannot show it (a rotation from the previous
    开牌's taker).

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> ended = E.DealEnded(None, places={3: 1, 1: 2, 5: 3, 2: 4, 6: 5, 4: 6})
    >>> rs = Ruleset().with_overrides({"open.subsequent": "fixed_seat1"})
    >>> next_leader(ended, rs), next_leader(E.DealEnded(None, places={}, void=True), rs)
    (1, None)
    """
    seat, fresh = next_opening(prev_end, ruleset)
    return None if fresh or not seat else seat


def check_leader(
    leader_tag: str | None, prev_end: E.DealEnded, ruleset: Ruleset
) -> E.Violation | None:
    """R-OPEN-1 in a match: the ``Leader`` tag of a deal against the previous deal's end.

    ``None`` when the tag agrees with :func:`next_leader`, or when either cannot be read
    (no tag, not a seat number, or a leader the previous deal does not decide).
    """
    expected = next_leader(prev_end, ruleset)
    tag = (leader_tag or "").strip()
    if expected is None or not (tag.isascii() and tag.isdigit()) or int(tag) == expected:
        return None
    sub = ruleset.open.subsequent
    return E.Violation(
        int(tag),
        rule_id="R-OPEN-1",
        en=f"the Leader tag names seat {tag}, but after the previous deal of the match "
        f"open.subsequent ({sub}) makes seat {expected} the first leader",
        zh=f"Leader 标签为{tag}号，但按上一局的结果（open.subsequent：{sub}），"
        f"本局首发牌人应为{expected}号",
        param="open.subsequent",
    )
