"""The engine's common ground, below every rule family.

* rank counters of cards and sets (:func:`_counts`, :func:`_play_counts`, :func:`_less`);
* :class:`_Fail` (why an action is illegal and the sanction ``do`` applies) and
  :class:`_Plan` (a judged play, handed from the judge to the apply);
* :class:`IllegalAction`, what :func:`~gojinotation_analyzer.engine.verify` raises;
* the seat walk: whose turn it is (:func:`_walk`, R-TURN-1, with the re-entry of R-PASS-2
  and 有头/无头 of R-WUTOU-1), the standing set waiting for its 扣牌 (:func:`_stand`, who
  closes under R-CLOSE-1), a new round after a failed burn (:func:`_restart`) and the
  pointers after a seat leaves (:func:`_fix_pointers`);
* shared event values for the commonest events and the Dispute helpers.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from gojinotation.cards import Card
from gojinotation.errors import GoujiError
from gojinotation.model import (
    Action,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.params import _stated
from gojinotation_analyzer.engine.state import (
    BARRED,
    BIT,
    DUI,
    NRANKS,
    NXT,
    R_DUITOU,
    R_NOBODY,
    DealState,
)
from gojinotation_analyzer.rules.ruleset import PARAMETERS, format_value

SEATS = (1, 2, 3, 4, 5, 6)


_sub = operator.sub


_plus = operator.add


#: The pass events, shared (events are immutable values): index seat, then ``declined``.
_PASSED: tuple[tuple[E.Passed, E.Passed], ...] = tuple(
    (E.Passed(s), E.Passed(s, declined=True)) for s in range(7)
)


#: The events of a pass in turn that does not end the round, by seat (shared tuples).
_PASSED_ONLY: tuple[tuple[E.Event, ...], ...] = tuple((p,) for p, _ in _PASSED)


# The commonest events, built without attrs' frozen ``__init__`` (one ``object.__setattr__``
# per field) but with exactly the fields and defaults that ``__init__`` would set.
def _setters(cls: type[E.Event], *names: str) -> tuple[Any, ...]:
    return tuple(getattr(cls, n).__set__ for n in names)


def _default_rule(cls: type[E.Event]) -> str:
    d = attrs.fields_dict(cls)["rule_id"].default
    assert isinstance(d, str)
    return d


_new = object.__new__


_SEAT_SET = _setters(E.Event, "seat")[0]


_LED_CARDS, _LED_RULE = _setters(E.Led, "cards", "rule_id")


_LED_RULE_ID = _default_rule(E.Led)


_PLAYED_CARDS, _PLAYED_OVER, _PLAYED_RULE = _setters(E.Played, "cards", "over", "rule_id")


_PLAYED_RULE_ID = _default_rule(E.Played)


_GOUJI_CARDS, _GOUJI_ANSWER, _GOUJI_RULE = _setters(E.GoujiPlayed, "cards", "answer", "rule_id")


_GOUJI_RULE_ID = _default_rule(E.GoujiPlayed)


# Shared Led / Played / GoujiPlayed events (immutable values, like the shared passes),
# by (the cards tuple's identity, seat[, over or answer]): the reader shares one cards
# tuple among the actions written alike, and an event keeps its tuple, so an id is not
# reused while cached (the ``is`` check guards the rest).
_LED_EV: dict[tuple[int, int], E.Led] = {}


_PLAYED_EV: dict[tuple[int, int, int], E.Played] = {}


_GOUJI_EV: dict[tuple[int, int, int], E.GoujiPlayed] = {}


_EV_CACHE_MAX = 4096


def _led(seat: int, cards: tuple[Card, ...]) -> E.Led:
    """``E.Led(seat, cards=cards)``."""
    key = (id(cards), seat)
    e = _LED_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.Led)
    _SEAT_SET(e, seat)
    _LED_CARDS(e, cards)
    _LED_RULE(e, _LED_RULE_ID)
    if len(_LED_EV) >= _EV_CACHE_MAX:
        _LED_EV.clear()
    _LED_EV[key] = e
    return e


def _played(seat: int, cards: tuple[Card, ...], over: int) -> E.Played:
    """``E.Played(seat, cards=cards, over=over)``."""
    key = (id(cards), seat, over)
    e = _PLAYED_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.Played)
    _SEAT_SET(e, seat)
    _PLAYED_CARDS(e, cards)
    _PLAYED_OVER(e, over)
    _PLAYED_RULE(e, _PLAYED_RULE_ID)
    if len(_PLAYED_EV) >= _EV_CACHE_MAX:
        _PLAYED_EV.clear()
    _PLAYED_EV[key] = e
    return e


def _gouji_played(seat: int, cards: tuple[Card, ...], answer: int) -> E.GoujiPlayed:
    """``E.GoujiPlayed(seat, cards=cards, answer=answer)``."""
    key = (id(cards), seat, answer)
    e = _GOUJI_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.GoujiPlayed)
    _SEAT_SET(e, seat)
    _GOUJI_CARDS(e, cards)
    _GOUJI_ANSWER(e, answer)
    _GOUJI_RULE(e, _GOUJI_RULE_ID)
    if len(_GOUJI_EV) >= _EV_CACHE_MAX:
        _GOUJI_EV.clear()
    _GOUJI_EV[key] = e
    return e


#: Shared ``Closed`` and ``RoundEnded`` events (immutable values), by their fields.
_CLOSED: dict[tuple[int | None, bool], E.Closed] = {}


_ROUND_ENDED: dict[tuple[int, int], E.RoundEnded] = {}


def _closed(seat: int | None, implied: bool) -> E.Closed:
    """``E.Closed(seat, implied=implied)``."""
    key = (seat, implied)
    e = _CLOSED.get(key)
    if e is None:
        e = E.Closed(seat, implied=implied)
        if len(_CLOSED) < 64:
            _CLOSED[key] = e
    return e


_REPORTED: dict[tuple[int, int, int], E.Reported] = {}


def _reported(seat: int, count: int, true_count: int) -> E.Reported:
    """``E.Reported(seat, count=count, true_count=true_count)``, shared."""
    key = (seat, count, true_count)
    e = _REPORTED.get(key)
    if e is None:
        e = E.Reported(seat, count=count, true_count=true_count)
        if len(_REPORTED) < 4096:
            _REPORTED[key] = e
    return e


def _round_ended(seat: int, leader: int) -> E.RoundEnded:
    """``E.RoundEnded(seat, leader=leader)``."""
    key = (seat, leader)
    e = _ROUND_ENDED.get(key)
    if e is None:
        e = E.RoundEnded(seat, leader=leader)
        if len(_ROUND_ENDED) < 64:
            _ROUND_ENDED[key] = e
    return e


class IllegalAction(GoujiError):
    """An action the rules do not allow in this state.

    :ivar rule_id: the rule broken.
    :ivar seat: the acting seat.
    :ivar action: the action.
    :ivar en: / :ivar zh: why, in English and Chinese.
    :ivar param: the profile parameter that decides, if one does.
    :ivar summary: the state's :meth:`~gojinotation_analyzer.engine.state.DealState.summary`.
    """

    def __init__(
        self,
        rule_id: str,
        seat: int | None,
        action: Action | None,
        en: str,
        zh: str,
        param: str | None,
        summary: str,
    ) -> None:
        self.rule_id = rule_id
        self.seat = seat
        self.action = action
        self.en = en
        self.zh = zh
        self.param = param
        self.summary = summary
        super().__init__(f"[{rule_id}] seat {seat}: {en} (in {summary})")


def _counts(cards: Iterable[Card]) -> tuple[tuple[int, ...], int]:
    c = [0] * NRANKS
    unk = 0
    for card in cards:
        r = card.rank
        if r is None:
            unk += 1
        else:
            c[r - 3] += 1
    return tuple(c), unk


#: The nonzero rank counters of a set, ``((index, count), ...)``: a set holds one to a
#: few ranks, so adding it to (or taking it from) 15 counters touches only these.
_Nonzero = tuple[tuple[int, int], ...]


#: The rank counters of the card tuples played, by the tuple's identity (the tuple is
#: kept, so its id is not reused while cached): the reader shares one tuple among the
#: actions written alike (``3:KK``), so most plays of a record hit.
_PLAY_COUNTS: dict[int, tuple[tuple[Card, ...], tuple[int, ...], int, _Nonzero]] = {}


def _play_counts(cards: Sequence[Card]) -> tuple[tuple[int, ...], int, _Nonzero]:
    """``_counts(cards)`` and its nonzero counters, cached for tuples (immutable, of
    frozen cards)."""
    hit = _PLAY_COUNTS.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1], hit[2], hit[3]
    counts, nunk = _counts(cards)
    nz = tuple((i, c) for i, c in enumerate(counts) if c)
    if type(cards) is tuple:
        if len(_PLAY_COUNTS) >= 4096:
            _PLAY_COUNTS.clear()
        _PLAY_COUNTS[id(cards)] = (cards, counts, nunk, nz)
    return counts, nunk, nz


def _less(k: tuple[int, ...], nz: _Nonzero) -> tuple[int, ...] | None:
    """``k`` less the counters ``nz``; ``None`` when ``k`` is short of one."""
    for i, c in nz:
        if k[i] < c:
            return None
    out = list(k)
    for i, c in nz:
        out[i] -= c
    return tuple(out)


def _add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(map(_plus if sign > 0 else _sub, a, b))


def _team(s: int) -> int:
    return s & 1


def _popcount(x: int) -> int:
    return bin(x).count("1")


class _Fail:
    """Why an action is illegal, and the sanction ``do`` applies.

    Sanctions: ``ignore`` (nothing happens), ``cuopai`` (错牌不出: the cards go back and
    the seat has passed), ``accept`` (the action stands as recorded), ``pass`` (counted
    as a pass), ``fake`` (假烧), ``burnfail`` (烧糊), ``none`` (nothing to apply).
    With ``alternatives`` the verdict is the engine's reading of an open point: ``do``
    applies the sanction but reports a Dispute naming the readings, not a Violation.
    """

    __slots__ = ("alternatives", "en", "notice", "param", "plan", "rule_id", "sanction", "zh")

    def __init__(
        self,
        rule_id: str,
        en: str,
        zh: str,
        sanction: str = "ignore",
        param: str | None = None,
        plan: Any = None,
        *,
        notice: bool = False,
        alternatives: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.notice = notice
        #: the documented readings when the verdict rests on an open point: ``do``
        #: reports a Dispute (reading, source and ruling) instead of a Violation
        self.alternatives = alternatives
        self.rule_id = rule_id
        self.en = en
        self.zh = zh
        self.sanction = sanction
        self.param = param
        self.plan = plan


def _out_of_turn(st: DealState, seat: int) -> _Fail:
    if st.ended:
        return _Fail("R-TURN-1", "the deal is over", "本局已结束")
    if not st.active & BIT[seat]:
        return _Fail(
            "R-TURN-1", f"seat {seat} is no longer in play", f"{seat}号已不在牌局中（已走科）"
        )
    who = _primary(st)
    if who:
        return _Fail(
            "R-TURN-1",
            f"it is seat {who}'s turn, not seat {seat}'s",
            f"轮到{who}号出牌，不是{seat}号",
        )
    return _Fail("R-TURN-1", f"seat {seat} may not act now", f"{seat}号此时不能行动")


def _primary(st: DealState) -> int:
    if st.ended:
        return 0
    if st.closing:
        return st.next_leader
    return st.turn


def _two_out(st: DealState) -> bool:
    return len(st.out_order) >= 2


def _has_head(st: DealState, s: int) -> bool:
    """Whether ``s``'s 对头 still counts: in play, or a failed burner (有头)."""
    d = DUI[s]
    if st.active & BIT[d]:
        return True
    return bool(st.youtou & BIT[d])


def _is_wutou(st: DealState, s: int) -> bool:
    return st.p.wutou and not _has_head(st, s)


def _reentry(st: DealState, s: int, owner: int) -> bool:
    # a seat barred by 错牌不出 for the round (R-CUOPAI-1, 001b 3) has no exception; the
    # bar is read only where an exception would apply (the hot path stays as it was)
    if (
        st.sihu
        or (st.p.reentry and owner == DUI[s])
        or (not st.p.wutou_pass_final and not _has_head(st, owner))
    ):
        return not st.passed & BARRED[s]
    return False


def _six_after(s: int) -> tuple[int, ...]:
    out = []
    for _ in range(6):
        s = NXT[s]
        out.append(s)
    return tuple(out)


#: The six seats after a seat in turn order (``NXT`` applied one to six times).
_AROUND: tuple[tuple[int, ...], ...] = tuple(_six_after(s) for s in range(7))


def _walk(st: DealState, start: int) -> int:
    top = st.top
    assert top is not None
    owner = top.owner
    restrict = top.restrict
    if restrict != R_NOBODY:
        active = st.active
        blocked = st.declined
        passed = st.passed
        duitou = DUI[owner]
        for s in _AROUND[start]:
            if s == owner:
                break
            bit = BIT[s]
            if not active & bit or blocked & bit:
                continue
            if restrict == R_DUITOU and s != duitou:
                continue  # 无头 seats interject (see _wutou_interject)
            if passed & bit and not _reentry(st, s, owner):
                continue
            return s
    y = st.yielder
    if y and st.active & BIT[y] and not st.declined & BIT[y] and y != owner:
        return y
    return 0


def _next_active(st: DealState, s: int) -> int:
    for _ in range(6):
        s = NXT[s]
        if st.active & BIT[s]:
            return s
    return 0


class _Plan:
    __slots__ = ("counts", "implied", "lead", "nunk", "shape", "taken", "verdict")

    def __init__(
        self,
        lead: bool,
        counts: tuple[int, ...],
        nunk: int,
        shape: S.SetShape | None,
        verdict: S.Verdict | None,
        implied: bool,
    ) -> None:
        self.lead = lead
        self.counts = counts
        self.nunk = nunk
        self.shape = shape
        self.verdict = verdict
        self.implied = implied
        #: (the seat's known counts when judged, those counts less the set, the set's
        #: nonzero counters) when every card of the set was a known one, for :func:`_take`
        self.taken: tuple[tuple[int, ...], tuple[int, ...], _Nonzero] | None = None


def _dispute_param(
    st: DealState,
    a: Action | None,
    rule_id: str,
    param: str | None,
    ev: list[E.Event],
    ruled: tuple[tuple[str, str], ...] = (),
) -> None:
    """A Dispute when the deciding parameter is an open point of the profile (and the
    record's ``[Rules]`` do not state it); ``ruled`` names each reading and what it rules
    here (else the profile's disputed readings, or the catalog's variants)."""
    if not param or st.profile is None or param in _stated(st.rs) or not _arises(st.rs, param):
        return
    s = _setting(st.profile, param)
    if s is None or not (s.open or s.is_disputed):
        return
    alts = ruled or tuple(
        (str(r.value), r.note or (r.citation.tag if r.citation else "")) for r in s.disputed
    )
    if not alts:  # issue #11: name the other readings (the catalog's variants) at least
        spec = PARAMETERS.get(param)
        if spec is not None and spec.kind == "enum":
            alts = tuple(
                (str(v), "a documented variant (catalog)") for v in spec.allowed if v != s.value
            )
        elif spec is not None and spec.kind == "bool":
            alts = (("false" if s.value else "true", "a documented variant (catalog)"),)
    ev.append(
        E.Dispute(
            a.seat if a is not None else None,
            rule_id=rule_id,
            param=param,
            en=f"{param} = {s.text} decided this, but the documents leave it open"
            + (f": {s.note}" if s.note else ""),
            zh=f"此处由 {param} = {s.text} 决定，但文件对此未作规定或有分歧",
            action=a,
            alternatives=alts,
        )
    )


#: The profile registry (:data:`~gojinotation_analyzer.rules.profiles.PROFILES`), once
#: :func:`_setting` has imported it, and the settings it answered: (profile, parameter) ->
#: (the profile object, its setting), reused while the registry holds that very profile.
_REGISTRY: list[Any] = []
_SETTINGS: dict[tuple[str, str], tuple[Any, Any]] = {}


def _setting(profile: str, param: str) -> Any:
    """The setting of ``param`` in ``profile`` (``None`` for an unknown profile or
    parameter), memoised by the profile object (a profile read again is asked again)."""
    if _REGISTRY:
        hit = _SETTINGS.get((profile, param))
        if hit is not None and dict.get(_REGISTRY[0], profile) is hit[0]:
            return hit[1]
    try:
        from gojinotation_analyzer.rules.profiles import PROFILES
    except ImportError:  # pragma: no cover
        return None
    if not _REGISTRY:
        _REGISTRY.append(PROFILES)
    prof = PROFILES.get(profile)
    if prof is None:
        return None
    try:
        got = prof.setting(param)
    except KeyError:
        got = None
    if dict.get(PROFILES, profile) is prof:  # a registered profile: remember it
        if len(_SETTINGS) >= 4096:
            _SETTINGS.clear()
        _SETTINGS[(profile, param)] = (prof, got)
    return got


def _text(v: Any) -> str:
    """A parameter value as a reading names it (as a ``[Rules]`` override writes it).

    >>> _text(None), _text(True), _text(("2", "any_joker")), _text(frozenset())
    ('none', 'true', '2,any_joker', 'none')
    """
    if v is None:
        return "none"
    if isinstance(v, Mapping):
        return format_value(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (tuple, list)):
        return ",".join(str(x) for x in v)
    if isinstance(v, frozenset):
        return ",".join(sorted(str(x) for x in v)) or "none"
    return str(v)


#: Open points that arise only under another parameter's value (issue #11): their
#: readings are judged (and disputed) only where the record's ruleset has that value;
#: elsewhere the point does not arise and a verdict on it is flat.  ``buy4.mode`` and
#: ``kaidian.no4_is_bukaidian`` belong to 开点发4 (000§C, 004b(15), 004b(4)).
REQUIRES: dict[str, tuple[str, Any]] = {
    "buy4.mode": ("kaidian.lead4", True),
    "kaidian.no4_is_bukaidian": ("kaidian.lead4", True),
}

#: Readings that move other parameters with them (issue #11): re-judging ``param = value``
#: sets these too, or the ruleset would not be one any document describes.  憋3 played at
#: all (``bie3.enabled``) means its 3s-last restriction (``play.three_restriction``).
COUPLED: dict[str, dict[Any, dict[str, Any]]] = {
    "bie3.enabled": {True: {"play.three_restriction": "bie3"}},
}


def _arises(rs: Any, param: str) -> bool:
    """Whether ``param`` can decide anything under ``rs`` (:data:`REQUIRES`)."""
    req = REQUIRES.get(param)
    return req is None or rs.get(req[0]) == req[1]


def _readings(st: DealState, param: str, s: Any) -> list[tuple[Any, str]]:
    """The other documented readings of ``param``: (value, source), the current value
    left out; none where the point does not arise (:data:`REQUIRES`)."""
    return _readings_rs(st.rs, param, s)


def _readings_rs(rs: Any, param: str, s: Any) -> list[tuple[Any, str]]:
    """:func:`_readings` for a ruleset: the profile's disputed readings with their
    documents; for a :data:`~gojinotation_analyzer.rules.profiles.PEER_READ` parameter
    the values the other documents state; else the other values of a yes/no or choice
    parameter (the catalog's variants)."""
    try:
        current = rs.get(param)
    except (KeyError, AttributeError):
        return []
    if not _arises(rs, param):
        return []
    if current != s.value:
        return []  # the record's [Rules] (or a derived value) decide, not the profile
    out: list[tuple[Any, str]] = []
    peers: tuple[Any, ...] = ()
    if not s.disputed:
        from gojinotation_analyzer.rules.profiles import PEER_READ, stated_readings

        peers = stated_readings(param) if param in PEER_READ else ()
    for r in (*s.disputed, *peers):
        if r.value != current and all(r.value != v for v, _ in out):
            src = (r.citation.tag if r.citation else "") or r.note
            out.append((r.value, src))
    spec = PARAMETERS.get(param)
    if not out and spec is not None:
        variant = "a documented variant (catalog)"
        if spec.kind == "bool":
            out = [(not current, variant)]
        elif spec.kind == "enum":
            out = [(v, variant) for v in spec.allowed if v != current]
    return out


def _here(s: Any, current: Any) -> str:
    """The source of the profile's own value of a setting."""
    if s.citation:
        return str(s.citation.tag)
    for r in s.disputed:
        if r.value == current and r.citation:
            return str(r.citation.tag)
    return "the profile's default (open point)"


def _open_setting(st: DealState, param: str) -> tuple[Any, list[tuple[Any, str]]] | None:
    """``param``'s setting and its other documented readings when it is an open point of
    the record's profile that the record's ``[Rules]`` do not state, else ``None``."""
    prof = st.profile
    if prof is None:
        return None
    rs = st.rs
    stated = _stated(rs)
    s = _setting(prof, param)
    key = (id(rs), prof, param)
    hit = _OPEN_SETTINGS.get(key)
    if hit is not None and hit[0] is rs and hit[1] is stated and hit[2] is s:
        return hit[3]
    got: tuple[Any, list[tuple[Any, str]]] | None = None
    if param not in stated and s is not None and (s.open or s.is_disputed):
        readings = _readings(st, param, s)
        got = (s, readings) if readings else None
    if len(_OPEN_SETTINGS) >= 4096:
        _OPEN_SETTINGS.clear()
    _OPEN_SETTINGS[key] = (rs, stated, s, got)
    return got


#: :func:`_open_setting`'s answers by (ruleset identity, profile, parameter), reused while
#: the ruleset, the parameters its record states and the profile's setting are the same
#: objects (the answer reads nothing else of the state).
_OPEN_SETTINGS: dict[
    tuple[int, str, str],
    tuple[Any, frozenset[str], Any, tuple[Any, list[tuple[Any, str]]] | None],
] = {}


def _effect_dispute(
    st: DealState,
    seat: int | None,
    a: Action | None,
    rule_id: str,
    param: str,
    ruled: Any,
    ev: list[E.Event],
) -> bool:
    """Issue #11: what happens here (an opening, a place, a seat's 有头, a close) rests on
    ``param``, an open point of the record's profile: a Dispute naming each documented
    reading, its source and what it rules here (``ruled(value) -> str``); the action and
    the engine's reading stand.  Nothing when the profile or the record's ``[Rules]``
    state ``param`` or when every reading rules alike.  Returns whether one was reported.

    Each family calls it where its effect reads the parameter (the effects are not
    re-run: ``ruled`` says what the other reading does at this point)."""
    got = _open_setting(st, param)
    if got is None:
        return False
    s, others = got
    current = st.rs.get(param)
    mine = ruled(current)
    alts = [(v, src, ruled(v)) for v, src in others]
    if all(r == mine for _, _, r in alts):
        return False
    ev.append(
        E.Dispute(
            seat,
            rule_id=rule_id,
            param=param,
            en=f"this rests on {param} = {_text(current)}, an open point of the profile: "
            f"{mine} under the engine's reading",
            zh=f"此处取决于 {param} = {_text(current)}（文件未定）",
            action=a,
            alternatives=(
                (_text(current), f"{_here(s, current)}: {mine}, the engine's ruling"),
                *((_text(v), f"{src}: {r}") for v, src, r in alts),
            ),
        )
    )
    return True


def _dispute(
    st: DealState,
    seat: int | None,
    a: Action | None,
    rule_id: str,
    param: str,
    en: str,
    zh: str,
    alternatives: tuple[tuple[str, str], ...],
    ev: list[E.Event],
) -> None:
    ev.append(
        E.Dispute(
            seat, rule_id=rule_id, param=param, en=en, zh=zh, action=a, alternatives=alternatives
        )
    )


def _set_outcome(
    burns: tuple[tuple[int, int, str, int], ...], index: int, outcome: str
) -> tuple[tuple[int, int, str, int], ...]:
    out = list(burns)
    if 0 <= index < len(out) and not out[index][2]:
        b = out[index]
        out[index] = (b[0], b[1], outcome, b[3])
    return tuple(out)


def _stand(st: DealState, ev: list[E.Event]) -> None:
    """The standing set stands: the round waits for its 扣牌 (or an implied one)."""
    top = st.top
    assert top is not None
    owner = top.owner
    st.closing = True
    st.turn = 0
    st.next_leader = owner if st.active & BIT[owner] else _next_active(st, owner)
    d = DUI[owner]
    if st.active & BIT[d]:
        st.closer = d
    elif st.p.no_duitou == "next_active_opponent":
        st.closer = _next_opponent(st, owner)
    else:
        st.closer = 0


def _next_opponent(st: DealState, owner: int) -> int:
    """The first seat in play after ``owner`` on the other team (0 if none): who closes
    under ``koupai.no_duitou = next_active_opponent`` when ``owner``'s 对头 is out."""
    s = owner
    for _ in range(6):
        s = NXT[s]
        if st.active & BIT[s] and _team(s) != _team(owner):
            return s
    return 0


def _restart(st: DealState, leader: int, ev: list[E.Event]) -> None:
    """A new round led by ``leader`` (or the next seat in play after him)."""
    if st.ended:
        return
    if not st.active & BIT[leader]:
        leader = _next_active(st, leader)
    st.top = None
    st.closing = False
    st.closer = 0
    st.next_leader = 0
    st.passed = 0
    st.declined = 0
    st.yielder = 0
    st.leader = st.turn = leader


def _fix_pointers(st: DealState, ev: list[E.Event]) -> None:
    if st.ended:
        return
    if st.yielder and not st.active & BIT[st.yielder]:
        st.yielder = 0
    if st.top is None:
        if not st.active & BIT[st.leader]:
            st.leader = st.turn = _next_active(st, st.leader)
        return
    if st.closing:
        _stand(st, ev)
        return
    if st.turn and not st.active & BIT[st.turn]:
        st.turn = _walk(st, st.turn)
        if not st.turn:
            _stand(st, ev)
