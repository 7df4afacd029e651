"""The data a replay page's script replays (:func:`payload`), and its embedding in the
page (:func:`json_script`).

The payload is compact: each deal's start table, then its steps with only what differs
from what a step usually does (``_State.apply_default`` mirrors ``applyDefault`` in
``templates/replay.js``).  :mod:`publish.render` puts it in the page as
``<script type="application/json">``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
from markupsafe import Markup

from gojinotation_analyzer.publish.story import (
    alternative_groups,
    end_card,
    event_item,
    exchanges,
)
from gojinotation_analyzer.publish.view import (
    STEP_KINDS,
    MatchView,
    StepView,
    TableView,
    i18n,
    split_cards,
)

__all__ = ["PayloadStream", "json_script", "payload"]


def _multiset_minus(a: list[str], b: list[str]) -> list[str]:
    rest = Counter(b)
    out: list[str] = []
    for c in a:
        if rest[c]:
            rest[c] -= 1
        else:
            out.append(c)
    return out


@attrs.define
class _State:
    """The table as the page's script tracks it (mirrors ``applyDefault`` in replay.js)."""

    hands: list[str | None]
    sizes: list[int | None]
    sets: list[str]
    passed: list[int]
    places: list[int | None]

    @classmethod
    def of(cls, t: TableView) -> _State:
        return cls(
            hands=list(t.hands),
            sizes=[
                None if h is None and n is None else (len(split_cards(h)) if h is not None else n)
                for h, n in zip(t.hands, t.hand_sizes, strict=True)
            ],
            sets=list(t.sets),
            passed=sorted(t.passed),
            places=list(t.places),
        )

    def copy(self) -> _State:
        return _State(
            list(self.hands),
            list(self.sizes),
            list(self.sets),
            list(self.passed),
            list(self.places),
        )

    def apply_default(self, step: StepView) -> None:
        """What a step usually does, so that the payload only carries the difference."""
        i = step.seat - 1
        if not 0 <= i < 6:
            return
        if step.kind in ("play", "burn"):
            cards = split_cards(step.cards)
            h = self.hands[i]
            if h is not None:
                self.hands[i] = "".join(_multiset_minus(split_cards(h), cards))
                self.sizes[i] = len(split_cards(self.hands[i]))
            elif self.sizes[i] is not None:
                self.sizes[i] = max(0, (self.sizes[i] or 0) - len(cards))
            self.sets[i] = step.cards
            if step.seat in self.passed:
                self.passed.remove(step.seat)
        elif step.kind == "pass":
            if step.seat not in self.passed:
                self.passed = sorted([*self.passed, step.seat])
        elif step.kind == "close":
            self.sets = [""] * 6
            self.passed = []

    def delta(self, target: _State) -> dict[str, Any]:
        """The change from this state to ``target`` (keys as replay.js reads them)."""
        d: dict[str, Any] = {}
        hands: dict[str, Any] = {}
        sizes: dict[str, Any] = {}
        for i in range(6):
            a, b = self.hands[i], target.hands[i]
            if a != b:
                if b is None:
                    hands[str(i + 1)] = None
                else:
                    la, lb = split_cards(a), split_cards(b)
                    if a is None:
                        la = []
                    hands[str(i + 1)] = [
                        "".join(_multiset_minus(la, lb)),
                        "".join(_multiset_minus(lb, la)),
                    ]
            if target.hands[i] is None and self.sizes[i] != target.sizes[i]:
                sizes[str(i + 1)] = target.sizes[i]
        if hands:
            d["h"] = hands
        if sizes:
            d["n"] = sizes
        sets = {str(i + 1): target.sets[i] for i in range(6) if self.sets[i] != target.sets[i]}
        if sets:
            d["t"] = sets
        if self.passed != target.passed:
            d["p"] = target.passed
        places = {
            str(i + 1): target.places[i] for i in range(6) if self.places[i] != target.places[i]
        }
        if places:
            d["o"] = places
        return d


class _Acts:
    """A string table of verb phrases per language (they repeat a great deal)."""

    def __init__(self) -> None:
        self.index: dict[tuple[str, str], int] = {}
        self.en: list[str] = []
        self.zh: list[str] = []
        self.sources: list[str] = []  # engine event classes (see story.event_item)

    def __call__(self, en: str, zh: str) -> int:
        key = (en, zh)
        if key not in self.index:
            self.index[key] = len(self.en)
            self.en.append(en)
            self.zh.append(zh)
        return self.index[key]


def _steps(
    steps: Sequence[StepView], before: _State, acts: _Acts, tables: bool = True
) -> list[list[Any]]:
    """Steps as ``[seat, kind, cards, act]`` plus an object of what is not the default.
    Without ``tables`` (a deal the engine could not replay) no table change is sent: the
    page shows no table after the deal's start (the deal's ``u``)."""
    return list(_iter_steps(steps, before, acts, tables))


def _iter_steps(
    steps: Sequence[StepView], before: _State, acts: _Acts, tables: bool = True
) -> Iterator[list[Any]]:
    """:func:`_steps` one step at a time (a long deal's list is never held whole)."""
    for item, _ in _step_items(steps, before, acts, tables):
        yield item


#: How many distinct steps (and their texts) a deal's data remembers.
_MADE = 4096

#: The step kinds that move cards between seats (:func:`~publish.story.exchanges`).
_EXCHANGING = frozenset(("buy", "give", "tribute", "return"))


def _step_items(
    steps: Sequence[StepView], before: _State, acts: _Acts, tables: bool = True
) -> Iterator[tuple[list[Any], bool]]:
    """:func:`_iter_steps` with, for each item, whether it is one yielded before: a step
    like one before it (the same tables before and after, seat, kind, cards, phrases,
    events, markers, round change and next seat) is the same item, made once (issue #15:
    a deal of 175,000 passes has a few dozen).  Steps with variations, exchanges or a
    seat shut out (闷) are made each time."""
    state = before
    last_round: int | None = None
    shut: set[int] = set()
    prev: Any = None  # the table ``state`` was made of alone (``None``: not known)
    made: dict[tuple[Any, ...], tuple[list[Any], _State, Any, Any, Any]] = {}
    for n, s in enumerate(steps):
        following = steps[n + 1].seat if n + 1 < len(steps) else None
        key: tuple[Any, ...] | None = None
        was = prev
        if prev is not None and not s.variations and s.kind not in _EXCHANGING:
            new_round = s.round if s.round != last_round else None
            key = (id(prev), id(s.table), id(s.events), s.seat, s.kind, s.cards, s.act_en)
            key += (s.act_zh, s.markers, new_round, following)
            hit = made.get(key)
            if hit is not None and hit[2] is prev and hit[3] is s.table and hit[4] is s.events:
                last_round = s.round
                state, prev = hit[1], s.table
                yield hit[0], True
                continue
        extra: dict[str, Any] = {}
        if s.round != last_round:
            extra["r"] = s.round
            last_round = s.round
        if tables and s.table.to_act != following:
            extra["t"] = s.table.to_act
        expected = state.copy()
        expected.apply_default(s)
        actual = _State.of(s.table)
        # a 闷'd player keeps the cards he is stuck with (the engine drops them from play)
        shut |= {
            e.seat
            for e in s.events
            if e.source == "Men" and isinstance(e.seat, int) and 1 <= e.seat <= 6
        }
        for seat in shut:
            actual.hands[seat - 1] = state.hands[seat - 1]
            actual.sizes[seat - 1] = state.sizes[seat - 1]
        delta = expected.delta(actual) if tables else None
        if delta:
            extra["d"] = delta
        marks = [x for x in s.markers if x != "round"]
        if marks:
            extra["m"] = marks
        if s.events:  # the page explains each event from its seats and engine class
            extra["e"] = [event_item(e, acts.sources) for e in s.events]
        moved = exchanges(s)
        if moved:
            extra["x"] = moved
        if s.variations:
            extra["v"] = [_steps(v, state, acts, tables) for v in s.variations]
        item: list[Any] = [s.seat, STEP_KINDS.index(s.kind), s.cards, acts(s.act_en, s.act_zh)]
        if extra:
            item.append(extra)
        state, prev = actual, (None if shut else s.table)
        if key is not None and not shut:
            if len(made) >= _MADE:  # a long deal of steps that all differ: kept small
                made.clear()
            made[key] = (item, actual, was, s.table, s.events)
        yield item, False


#: Catalogue keys only the index page uses (not shipped in a match page's data).
_INDEX_ONLY = ("tb_", "s_", "index_spoilers", "team_standings", "player_standings")


def _end(deal: Any, acts: _Acts) -> dict[str, Any]:
    """:func:`~publish.story.end_card` with each reason as an index in ``acts`` (the same
    reasons recur in every deal)."""
    card = end_card(deal)
    card["b"] = [
        [rule, seat, team, pts, acts(en, zh)] for rule, seat, team, pts, en, zh in card["b"]
    ]
    return card


def payload(view: MatchView) -> dict[str, Any]:
    """The data the page's script replays: compact, every table change from the view.

    Each deal has its start table and its steps (``u``: the engine could not replay it, and
    the page shows no table after the start).  A step is ``[seat, kind, cards, act]``
    (``kind`` an index in :data:`~publish.view.STEP_KINDS`, ``act`` an index in
    ``acts``), followed, when needed, by an object: round ``r`` (when it changes), whose
    turn ``t`` (when it is not the seat of the next step), the change of the table ``d``
    beyond what the step kind does by itself (see ``_State.apply_default``), markers
    ``m``, events ``e`` (``[kind, seat, other, source]`` and, when the page does not
    explain the source itself, ``en`` and ``zh``; see :func:`~publish.story.event_item`;
    ``src`` lists the sources), cards moved before play ``x`` (``[from, to, cards]``, see
    :func:`~publish.story.exchanges`) and variations ``v`` (lists of steps).  The table
    of a seat shut out (闷) keeps the cards he is stuck with.  A deal's ``end`` is its
    :func:`~publish.story.end_card` with each breakdown reason an index in ``acts``; a
    disputed deal's ``alt`` its :func:`~publish.story.alternative_groups`.
    """
    stream = PayloadStream()
    deals = [stream.deal_data(d) for d in view.deals]
    return {**stream.head_data(view.teams), "deals": deals, **stream.tail_data(view.totals)}


def _i18n() -> dict[str, dict[str, str]]:
    return {
        lang: {k: v for k, v in cat.items() if not k.startswith(_INDEX_ONLY)}
        for lang, cat in i18n().items()
    }


class PayloadStream:
    """:func:`payload` one deal at a time, as the text of
    ``<script type="application/json">``: :meth:`deal` for each deal in order, then
    :meth:`head` and :meth:`tail`, which hold the tables the deals filled (verb phrases
    and sources); ``head() + deal texts + tail()`` is :func:`json_script` of the
    :func:`payload`, byte for byte.

    >>> import gojinotation as gj
    >>> from gojinotation_analyzer.publish.view import view_from_record
    >>> v = view_from_record(gj.loads('[Leader "1"]\\nhand 1: K\\n1. 1:K'))
    >>> st = PayloadStream()
    >>> parts = [st.deal(d) for d in v.deals]
    >>> st.head(v.teams) + "".join(parts) + st.tail(v.totals) == json_script(payload(v))
    True
    """

    def __init__(self) -> None:
        self.acts = _Acts()
        self.count = 0

    def deal_data(self, d: Any) -> dict[str, Any]:
        """One deal's entry of the payload's ``deals``."""
        start = _State.of(d.start)
        head = self._deal_head(d, start)
        head["steps"] = _steps(d.steps, start, self.acts, d.replayed)
        return {**head, **self._deal_tail(d)}

    def _deal_head(self, d: Any, start: _State) -> dict[str, Any]:
        """A deal's entry up to its steps (their key last, its value to be filled)."""
        return {
            "i": d.index,
            "n": d.number,
            "names": [p.name for p in d.players],
            "start": {
                "h": start.hands,
                "n": start.sizes,
                "t": start.sets,
                "p": start.passed,
                "o": start.places,
                "a": d.start.to_act,
            },
            "steps": [],
        }

    def _deal_tail(self, d: Any) -> dict[str, Any]:
        """A deal's entry after its steps (made after them: the end's reasons are numbered
        after the steps' verb phrases)."""
        return {
            **({} if d.replayed else {"u": 1}),
            "finish": list(d.finish),
            "score": dict(d.team_points),
            "end": _end(d, self.acts),
            **({"alt": alternative_groups(d)} if d.alternatives else {}),
        }

    def deal(self, d: Any) -> str:
        """One deal's entry as script-safe JSON text (after a comma but the first)."""
        return "".join(self.deal_pieces(d))

    def deal_pieces(self, d: Any) -> Iterator[str]:
        """:meth:`deal` in pieces, a step a piece: the steps are made and written one at a
        time, never held as one list or text (a deal of 200,000 passes, issue #15).  The
        verb phrases are numbered in the same order as :meth:`deal_data` numbers them
        (the steps', then the end's).

        >>> import gojinotation as gj
        >>> from gojinotation_analyzer.publish.view import view_from_record
        >>> v = view_from_record(gj.loads('[Leader "1"]\\nhand 1: KK3\\n1. 1:3 2:- 3:-'))
        >>> parts = list(PayloadStream().deal_pieces(v.deals[0]))
        >>> len(parts), "".join(parts) == str(json_script(PayloadStream().deal_data(v.deals[0])))
        (5, True)
        """
        start = _State.of(d.start)
        self.count += 1
        head = str(json_script(self._deal_head(d, start)))
        yield ("" if self.count == 1 else ",") + head[: -len("]}")]
        sep = ""
        texts: dict[int, tuple[list[Any], str]] = {}  # an item met again: its text
        for item, again in _step_items(d.steps, start, self.acts, d.replayed):
            hit = texts.get(id(item)) if again else None
            if hit is not None and hit[0] is item:
                text = hit[1]
            else:
                text = str(json_script(item))
                if again:
                    if len(texts) >= _MADE:
                        texts.clear()
                    texts[id(item)] = (item, text)
            yield sep + text
            sep = ","
        tail = {"steps": [], **self._deal_tail(d)}
        yield str(json_script(tail))[len('{"steps":[') :]

    def head_data(self, teams: Sequence[tuple[str, str]]) -> dict[str, Any]:
        return {
            "v": 1,
            "kinds": list(STEP_KINDS),
            "acts": {"en": self.acts.en, "zh": self.acts.zh},
            "src": self.acts.sources,
            "teams": dict(teams),
        }

    def tail_data(self, totals: Sequence[Any]) -> dict[str, Any]:
        return {"totals": [dict(t.teams) for t in totals], "i18n": _i18n()}

    def head(self, teams: Sequence[tuple[str, str]]) -> str:
        """The payload's text before its first deal (``…,"deals":[``)."""
        text = str(json_script({**self.head_data(teams), "deals": []}))
        return text[: -len("]}")]

    def tail(self, totals: Sequence[Any]) -> str:
        """The payload's text after its last deal (``],"totals":…}``)."""
        return "]," + str(json_script(self.tail_data(totals)))[1:]


def json_script(data: Any) -> Markup:
    """JSON safe inside ``<script type="application/json">``: no ``</``, ``<!--``, U+2028."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
    return Markup(text)
