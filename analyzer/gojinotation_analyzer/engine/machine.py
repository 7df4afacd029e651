"""The deal state machine of Gouji (够级): :func:`verify`, :func:`can`, :func:`do`.

One transition function, :func:`do`, takes a :class:`~engine.state.DealState` and an
action of the record model (:mod:`gojinotation.model`) and returns the next state and the
frozen events of :mod:`engine.events`.  It never changes the state it is given and never
raises on an illegal action: it applies the profile's sanction (错牌不出, an ignored
action, a 大落 …) and reports a :class:`~engine.events.Violation`, so a replay goes on
without burying the rest of the deal under false alarms.  :func:`verify` raises
:class:`IllegalAction` for the same actions, :func:`can` answers yes or no, and
:func:`~.legal.legal_actions` lists every legal action (exactly the ones :func:`verify`
accepts).  This module judges an action by dispatching to the rule family of its kind
(:mod:`.rules_play`, :mod:`.rules_burn`, :mod:`.rules_turn` …), applies the sanction of a
failed judgement, and replays irregular (``^``) actions and their rulings.

>>> from gojinotation.cards import parse_cards as C
>>> from gojinotation.model import Play, Pass
>>> from gojinotation_analyzer.engine.opening import new_deal
>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> st = new_deal({1: C("KK3"), 2: C("AA4"), 3: C("55"), 4: C("66"), 5: C("77"),
...                6: C("88")}, Ruleset(), leader=1, deck_check=False)
>>> st, ev = do(st, Play(1, cards=C("3")))
>>> [e.en for e in ev]
['seat 1 leads 3']
>>> st.turn
2
>>> can(st, Play(2, cards=C("A"))), can(st, Play(3, cards=C("5")))
(True, False)
>>> st, ev = do(st, Play(3, cards=C("5")))
>>> ev[0].rule_id, ev[0].sanction
('R-TURN-1', 'ignored')
>>> try:
...     verify(st, Pass(4))
... except IllegalAction as e:
...     print(e.rule_id, e.en)
R-TURN-1 it is seat 2's turn, not seat 4's

:func:`~.replay.replay` walks a record and yields a :class:`~.state.Frame` per action.
"""

from __future__ import annotations

import re
from typing import Any

from gojinotation.cards import Card
from gojinotation.model import (
    Action,
    Baola,
    Buy,
    Close,
    Declare,
    Decline,
    Draw,
    Give,
    JiefengClaim,
    Kaidian,
    Pass,
    Penalty,
    Play,
    Query,
    Report,
    Return,
    Revolution,
    Ruling,
    Show,
    Timeout,
    Tribute,
    Waive,
    Yield,
)
from gojinotation.model import Burn as BurnAct
from gojinotation_analyzer.engine import disputes as D
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import (
    _PASSED,
    _PASSED_ONLY,
    IllegalAction,
    _counts,
    _dispute,
    _dispute_param,
    _Fail,
    _fix_pointers,
    _out_of_turn,
    _Plan,
    _stand,
    _walk,
)
from gojinotation_analyzer.engine.opening_draw import (
    _draw,
    _judge_draw,
    _judge_liang,
    _liang,
    _liang_check,
)
from gojinotation_analyzer.engine.openpoints import is_open
from gojinotation_analyzer.engine.params import _shape
from gojinotation_analyzer.engine.rules_bie3 import _buy, _give, _judge_buy, _judge_give
from gojinotation_analyzer.engine.rules_burn import (
    _answers_plainly,
    _burn_failed,
    _burn_priority,
    _burn_refused,
    _claim_blocks,
    _declare,
    _decline,
    _fake_burn,
    _judge_declare,
    _judge_decline,
)
from gojinotation_analyzer.engine.rules_exchange import (
    _count_shown,
    _judge_query,
    _judge_report,
    _judge_return,
    _judge_tribute,
    _penalty,
    _query,
    _report,
    _return,
    _timeout,
    _tribute,
)
from gojinotation_analyzer.engine.rules_finish import (
    _baola,
    _check_end,
    _force_bottom,
    _judge_baola,
    _judge_waive,
    _revolution,
    _revolution_ok,
    _waive,
)
from gojinotation_analyzer.engine.rules_kaidian import _judge_kaidian_claim, _kaidian_claim
from gojinotation_analyzer.engine.rules_play import _judge_play, _play
from gojinotation_analyzer.engine.rules_turn import (
    _close,
    _finish_round,
    _jiefeng,
    _judge_close,
    _judge_jiefeng,
    _judge_pass,
    _judge_yield,
    _turn_pass,
    _yield,
)
from gojinotation_analyzer.engine.state import (
    BIT,
    DealState,
)
from gojinotation_analyzer.i18n import t as _msg


def _burn_stopped(st: DealState, a: Action, ev: list[E.Event]) -> None:
    """The sanction of R-BURN-4: the burn has failed (烧糊: 大落, cards void, the burned
    player leads); a lead recorded by another seat is then judged afresh."""
    b = st.burn
    if b is None:
        return
    if st.closing:
        _finish_round(st, ev, implied=True)
    _burn_failed(
        st,
        b.burner,
        b.victim,
        ev,
        "the burner stopped before going out",
        "烧牌者未出完手牌即停止",
        cause="R-BURN-4",
        param=None,
    )
    if a.seat == b.burner or st.ended or not isinstance(a, (Play, BurnAct)):
        return
    r = _judge(st, a)
    if isinstance(r, _Fail):
        _sanction(st, a, r, ev, notice=r.notice)
    else:
        _apply(st, a, r, ev)


def _judge(st: DealState, a: Action) -> _Fail | Any:
    """``None``/a plan when ``a`` is legal, else a :class:`_Fail`."""
    t = type(a)
    seat = a.seat
    if t is Play:
        assert isinstance(a, Play)
        if st.burn_claims:
            f = _claim_blocks(st, seat)  # R-BURN-2: a declared burn comes first
            if f is not None:
                return f
        return _judge_play(st, a)
    if t is Pass:
        return _judge_pass(st, seat, False) if not st.ended else _out_of_turn(st, seat)
    if t is BurnAct:
        assert isinstance(a, BurnAct)
        top = st.top
        if (
            top is not None
            and st.active & BIT[seat]
            and not st.ended
            and _answers_plainly(st, seat)
        ):
            r = _judge_play(st, Play(seat, cards=a.cards, notes=a.notes))
            if isinstance(r, _Fail):
                return r
            return _Fail(
                "R-BURN-1",
                f"seat {seat} may answer seat {top.owner}'s set without burning; read as a "
                "plain play",
                f"{seat}号可直接上{top.owner}号的牌，按普通出牌处理",
                "accept",
                plan=r,
                notice=True,
            )
        return _judge_play(st, a, as_burn=True)
    judge = _TABLE_EVENTS.get(t)
    if judge is not None:  # the table declarations and claims of GJN 1.1
        return judge(st, a)
    if st.ended and t not in (Penalty, Ruling):
        return _out_of_turn(st, seat)
    if t is Pass or t is Timeout:
        return _judge_pass(st, seat, t is Timeout)
    if t is Close:
        return _judge_close(st, seat)
    if t is Yield:
        return _judge_yield(st, seat)
    if t is Report:
        assert isinstance(a, Report)
        return _judge_report(st, seat, a.count)
    if t is Revolution:
        if not st.active & BIT[seat]:
            return _out_of_turn(st, seat)
        return _revolution_ok(st, seat)
    if t is Buy:
        assert isinstance(a, Buy)
        return _judge_buy(st, a)
    if t is Give:
        assert isinstance(a, Give)
        return _judge_give(st, a)
    if t is Tribute:
        assert isinstance(a, Tribute)
        return _judge_tribute(st, a)
    if t is Return:
        assert isinstance(a, Return)
        return _judge_return(st, a)
    return None  # Penalty, Ruling: always recorded


#: The table declarations and claims (GJN 1.1), each judged by its rule family:
#: R-BURN-2 (:mod:`.rules_burn`), R-OPEN-1 (:mod:`.opening`), R-JIEFENG-1
#: (:mod:`.rules_turn`), R-KAIDIAN-1 (:mod:`.rules_kaidian`), R-REVOLUTION-1
#: (:mod:`.rules_finish`), R-REPORT-1 (问牌, :mod:`.rules_exchange`).
_TABLE_EVENTS: dict[type, Any] = {
    Declare: lambda st, a: _judge_declare(st, a.seat),
    Decline: lambda st, a: _judge_decline(st, a.seat),
    Draw: lambda st, a: _judge_draw(st, a.seat, a.card, a.to),
    Show: lambda st, a: _judge_liang(st, a.seat, a.cards),
    JiefengClaim: lambda st, a: _judge_jiefeng(st, a.seat),
    Kaidian: lambda st, a: _judge_kaidian_claim(st, a.seat),
    Baola: lambda st, a: _judge_baola(st, a.seat, a.rebel),
    Waive: lambda st, a: _judge_waive(st, a.seat),
    Query: lambda st, a: _judge_query(st, a.seat, a.target),
}


def verify(state: DealState, action: Action) -> None:
    """Check that ``action`` is legal now.

    :raises IllegalAction: with the rule id, seat, reason (en/zh), parameter and the
        state summary.
    """
    r = _judge(state, action)
    if isinstance(r, _Fail):
        raise IllegalAction(r.rule_id, action.seat, action, r.en, r.zh, r.param, state.summary())


def can(state: DealState, action: Action) -> bool:
    """True when :func:`verify` accepts ``action``."""
    return not isinstance(_judge(state, action), _Fail)


def do(state: DealState, action: Action) -> tuple[DealState, tuple[E.Event, ...]]:
    """Apply ``action``; return the new state and the events.  ``state`` is unchanged.

    An illegal action is not refused: the profile's sanction is applied and a
    :class:`~engine.events.Violation` is reported (a :class:`~engine.events.Notice`
    when the record marks the action irregular with ``^``).  A ``[%ruling …]`` note on an
    irregular action is replayed as recorded (``accept``, ``retract``, ``daluo``,
    ``void``), with a :class:`~engine.events.Dispute` when it differs from what the
    profile prescribes.
    """
    st = object.__new__(DealState)
    st.__dict__ = state.__dict__.copy()
    st.n = state.n + 1
    seat = action.seat
    if (
        type(action) is Pass
        and seat == state.turn
        and state.top is not None
        and not state.closing
        and not action.irregular
        and not action.notes
    ):  # the commonest action: a pass in turn (fast path of _judge_pass + _turn_pass)
        bit = BIT[seat]
        pe = _PASSED[seat][0]
        st.declined = state.declined | bit
        st.passed = state.passed | bit
        if state.yielder == seat:
            st.yielder = 0
        nxt = _walk(st, seat)
        st.turn = nxt
        if nxt:
            out: tuple[E.Event, ...] = _PASSED_ONLY[seat]
        else:
            ev0: list[E.Event] = [pe]
            _stand(st, ev0)
            out = tuple(ev0)
        st.hist = (state.hist, out)
        return st, out
    ev: list[E.Event] = []
    if type(action) is Play and not action.irregular and not action.notes and not state.burn_claims:
        # the next commonest: a plain play (_judge and _apply without their dispatch)
        # (``r`` is typed as ``_judge`` returns it below, None included: a compiled build
        # checks a variable's declared type at run time; see benchmarks/build_mypyc.py)
        r: _Fail | Any = _judge_play(st, action)
        if isinstance(r, _Fail):
            _sanction(st, action, r, ev, notice=r.notice)
        else:
            D.accepted_readings(state, action, r, _judge, ev)  # issue #11 part 2
            if r.implied:
                _apply(st, action, r, ev)
            else:
                _play(st, seat, action.cards, r, ev, burn=False)
        if state.liang[0] and not state.any_play:
            _liang_check(state, st, action, ev)
        if st.p.show10:
            _count_shown(state, st, action, ev)
        if st.ended and not state.ended:
            D.score_readings(st, ev, ev)
        out = tuple(ev)
        st.hist = (state.hist, out)
        return st, out
    ruling = action.note("ruling") if action.notes else None
    if action.irregular or ruling is not None:
        _do_irregular(st, action, ruling, ev)
    else:
        r = _judge(st, action)
        if isinstance(r, _Fail):
            _sanction(st, action, r, ev, notice=r.notice)
        else:
            if type(action) is Play or type(action) is BurnAct:
                D.accepted_readings(state, action, r, _judge, ev)
            elif type(action) in D.ACTION_READS:
                D.accepted_action_readings(state, action, _judge, ev)
            _apply(st, action, r, ev)
    if state.liang[0] and not state.any_play:
        _liang_check(state, st, action, ev)
    if st.p.show10:
        _count_shown(state, st, action, ev)
    if st.ended and not state.ended:
        D.score_readings(st, ev, ev)
    out = tuple(ev)
    st.hist = (state.hist, out)
    return st, out


#: The sanctions whose text is empty (the action stands as recorded); the others are
#: ``sanction.<name>`` in the one catalogue (:mod:`gojinotation_analyzer.i18n`), with
#: ``sanction.cuopai_turn`` for 错牌不出 when the offender keeps his right to the round.
#: The rulings a record can give (``[%ruling …]``) and the engine can prescribe: the one
#: list (the validator imports it).
RULINGS = ("accept", "retract", "daluo", "void")

_SILENT_SANCTIONS = frozenset({"accept", "none"})


def _sanction(st: DealState, a: Action, f: _Fail, ev: list[E.Event], *, notice: bool) -> None:
    key = "cuopai_turn" if f.sanction == "cuopai" and not st.p.cuopai_round else f.sanction
    if f.sanction in _SILENT_SANCTIONS:
        text = text_zh = ""
    else:
        text, text_zh = _msg(f"sanction.{key}", "en"), _msg(f"sanction.{key}", "zh")
    if not f.alternatives and not notice and f.param:
        readings = D.open_readings(st, a, f, _judge)
        if readings:
            en = f"{f.en} -- so the engine rules, but {f.param} is open here and another "
            en += f"reading accepts the play ({text or 'it stands'} under the engine's reading)"
            zh = f"{f.zh}——引擎如此裁定，但 {f.param} 文件未定，另一读法允许此举"
            f = _Fail(f.rule_id, en, zh, f.sanction, f.param, f.plan, alternatives=readings)
    if f.alternatives and not notice:
        ev.append(
            E.Dispute(
                a.seat,
                rule_id=f.rule_id,
                param=f.param or "",
                en=f.en,
                zh=f.zh,
                action=a,
                alternatives=f.alternatives,
            )
        )
    elif notice:
        if a.irregular:
            en = f"irregular action recorded: {f.en}; {text or 'it stands'}"
            zh = f"记录为违规行为：{f.zh}"
        else:
            en, zh = f.en, f.zh
        ev.append(E.Notice(a.seat, rule_id=f.rule_id, en=en, zh=zh, action=a, ruling=""))
    else:
        ev.append(
            E.Violation(
                a.seat,
                rule_id=f.rule_id,
                en=f.en,
                zh=f.zh,
                action=a,
                param=f.param,
                sanction=text,
                sanction_zh=text_zh,
            )
        )
        if not D.judged(st, a, f.param):  # every documented reading refuses it: flat
            _dispute_param(st, a, f.rule_id, f.param, ev)
        if not st.p.lose_lead and _costs_a_lead(st, a, f) and is_open(st, _LOSE_LEAD):
            # 001d (四): the error stands; whether it also costs the seat's next lead is
            # open -- disputed when that lead comes (rules_turn._finish_round)
            st.lose_lead_open |= BIT[a.seat]
    _apply_sanction(st, a, f, ev)


#: The errors that cost the offender his next lead under ``penalty.misplay_lose_lead``
#: (001d (四): 误发、漏发、声明过牌后…又重新发牌、报户不实), besides every 错牌不出.
_LOSE_LEAD_RULES = frozenset({"R-PASS-1", "R-PASS-2", "R-REPORT-1"})
_LOSE_LEAD = "penalty.misplay_lose_lead"


def _costs_a_lead(st: DealState, a: Action, f: _Fail) -> bool:
    """Whether the error ``f`` costs ``a``'s seat his next lead where
    ``penalty.misplay_lose_lead`` holds (:func:`_apply_sanction`, ``_turn_pass``)."""
    if st.ended or not st.active & BIT[a.seat]:
        return False
    return f.rule_id in _LOSE_LEAD_RULES or f.sanction == "cuopai"


def _fine_text(v: Any) -> str:
    return f"fined {v} point(s)" if v else "not fined (the declaration is void)"


def _apply_sanction(st: DealState, a: Action, f: _Fail, ev: list[E.Event]) -> None:
    seat = a.seat
    s = f.sanction
    if (
        st.p.lose_lead
        and f.rule_id in ("R-PASS-1", "R-PASS-2", "R-REPORT-1")
        and st.active & BIT[seat]
    ):
        st.lose_lead |= BIT[seat]  # 001d(四): 过牌后又发牌、报户不实 -> 取消一次发牌权
    if s == "accept":
        if f.plan is not None or isinstance(a, (Report, Buy, Tribute, Return, Draw, Query)):
            _apply(st, a, f.plan, ev)
        return
    if s == "daluo":  # a false claim of automatic 开点 (000§G 5)
        if not st.ended and st.active & BIT[seat]:
            _force_bottom(st, seat, ev, f.en, f.zh)
            _fix_pointers(st, ev)
            _check_end(st, ev)
        return
    if s == "cuopai" or s == "pass":
        if st.ended or not st.active & BIT[seat]:
            return
        if st.top is None or (st.closing and seat == st.next_leader):
            if st.p.lose_lead and s == "cuopai":
                st.lose_lead |= BIT[seat]
            return
        _turn_pass(st, seat, ev, timeout=s == "pass", cuopai=s == "cuopai")
        return
    if f.rule_id == "R-REVOLUTION-1" and isinstance(a, Revolution):
        D.sanction_readings(st, a, f.rule_id, "geming.fake_penalty", _fine_text, ev)
        if st.p.fake_geming:
            pts = -st.p.fake_geming
            st.penalties = (*st.penalties, (seat, pts, "虚假革命/造反"))
            ev.append(E.PenaltyApplied(seat, points=pts, reason="false 革命/造反 (虚假宣布)"))
        return
    if s == "fake":
        _fake_burn(st, seat, ev)
        return
    if s == "burnstop":
        _burn_stopped(st, a, ev)
        return
    if s == "burnfail":
        _burn_refused(st, seat, _cards_t(a), f, ev)


def _cards_t(a: Action) -> tuple[Card, ...]:
    return tuple(getattr(a, "cards", ()))


def _do_irregular(st: DealState, a: Action, ruling: str | None, ev: list[E.Event]) -> None:
    r = _judge(st, a)
    fail = r if isinstance(r, _Fail) else None
    if ruling is None:
        if fail is None:
            ev.append(
                E.Notice(
                    a.seat,
                    rule_id="R-PENALTY-1",
                    en="marked irregular (^) but legal under the profile",
                    zh="标为违规（^），但按本规则合法",
                    action=a,
                )
            )
            _apply(st, a, r, ev)
        else:
            _sanction(st, a, fail, ev, notice=True)
        return
    word = _ruling_word(ruling) or "accept"
    prescribed = "accept"
    if fail is not None:
        prescribed = {
            "ignore": "void",
            "cuopai": "retract",
            "pass": "retract",
            "fake": "daluo",
            "burnfail": "daluo",
            "burnstop": "daluo",
            "accept": "accept",
            "none": "accept",
            "daluo": "daluo",
        }[fail.sanction]
    rule = fail.rule_id if fail is not None else "R-PENALTY-1"
    ev.append(
        E.Notice(
            a.seat,
            rule_id=rule,
            en=f"referee's ruling {word!r} replayed ({_word(word, 'en')})"
            + (f" ({fail.en})" if fail is not None else ""),
            zh=f"按裁判裁决“{_word(word, 'zh')}”（{word}）处理"
            + (f"（{fail.zh}）" if fail is not None else ""),
            action=a,
            ruling=ruling,
        )
    )
    if word not in RULINGS:
        word = prescribed
    if word != prescribed:
        _dispute(
            st,
            a.seat,
            a,
            rule,
            (fail.param if fail is not None and fail.param else "penalty.cuopai_buchu"),
            f"the recorded ruling {word!r} ({_word(word, 'en')}) differs from what the "
            f"profile prescribes ({prescribed!r}: {_word(prescribed, 'en')})",
            f"记录的裁决“{_word(word, 'zh')}”（{word}）与本规则的处理"
            f"“{_word(prescribed, 'zh')}”（{prescribed}）不同",
            ((prescribed, "the profile's sanction"),),
            ev,
        )
    if word == "accept":
        if fail is None:
            _apply(st, a, r, ev)
        elif fail.plan is not None:
            _apply(st, a, fail.plan, ev)
        elif isinstance(a, (Play, BurnAct)):
            _force_play(st, a, ev)
        else:
            _apply_sanction(st, a, fail, ev)
    elif word == "retract":
        if isinstance(a, (Play, BurnAct)) and st.active & BIT[a.seat]:
            _apply_sanction(st, a, _Fail("R-CUOPAI-1", "", "", "cuopai"), ev)
    elif word == "daluo" and st.active & BIT[a.seat]:
        _force_bottom(st, a.seat, ev, "referee: 大落", "裁判判为大落")
        _fix_pointers(st, ev)
        _check_end(st, ev)


def _word(word: str, lang: str) -> str:
    """What a ruling word does, in ``lang`` (``ruling.<word>`` of the catalogue); an
    unknown word as written.

    >>> _word("void", "zh"), _word("void", "en"), _word("later", "zh")
    ('该动作不算', 'the action does not count', 'later')
    """
    if word in ("accept", "retract", "daluo", "void"):
        return _msg(f"ruling.{word}", lang)
    return word


def _ruling_word(text: str) -> str:
    """The leading keyword of a ruling (``accept``, ``retract``, ``daluo``, ``void``)."""
    m = re.match(r"\s*([A-Za-z]+)", text)
    return m.group(1).lower() if m else ""


def _force_play(st: DealState, a: Play | BurnAct, ev: list[E.Event]) -> None:
    seat = a.seat
    if st.ended or not st.active & BIT[seat]:
        return
    counts, nunk = _counts(a.cards)
    shape: S.SetShape | None = None
    if not nunk:
        try:
            shape = _shape(st.p, counts, a.cards)
        except S.IllegalSet:
            shape = None
    if st.closing:
        _finish_round(st, ev, implied=True)
    lead = st.top is None
    plan = _Plan(lead, counts, nunk, shape, None, False)
    _play(st, seat, a.cards, plan, ev, burn=False)


def _apply(st: DealState, a: Action, plan: Any, ev: list[E.Event]) -> None:
    t = type(a)
    seat = a.seat
    if t is Play or t is BurnAct:
        assert isinstance(a, (Play, BurnAct))  # plan is a _Plan (from _judge_play)
        burn = t is BurnAct
        top = st.top
        if burn and top is not None and _answers_plainly(st, seat):
            burn = False
        if plan.implied:
            _finish_round(st, ev, implied=True)
            if st.ended or st.leader != seat:
                ev.append(
                    E.Violation(
                        seat,
                        rule_id="R-TURN-1",
                        en=f"seat {seat} may not lead now",
                        zh=f"{seat}号此时不能发牌",
                        action=a,
                        sanction="ignored",
                        sanction_zh="不予承认",
                    )
                )
                return
        if burn:
            _burn_priority(st, seat, a, ev)
        _play(st, seat, a.cards, plan, ev, burn=burn)
    elif t is Pass:
        _turn_pass(st, seat, ev)
    elif t is Timeout:
        _timeout(st, a, ev)
    elif t is Close:
        _close(st, seat, ev, a)
    elif t is Yield:
        _yield(st, seat, a, ev)
    elif t is Report:
        assert isinstance(a, Report)
        _report(st, seat, a.count, ev)
    elif t is Revolution:
        _revolution(st, seat, ev)
    elif t is Buy:
        assert isinstance(a, Buy)
        _buy(st, a, ev)
    elif t is Give:
        assert isinstance(a, Give)
        _give(st, a, ev)
    elif t is Tribute:
        assert isinstance(a, Tribute)
        _tribute(st, a, ev)
    elif t is Return:
        assert isinstance(a, Return)
        _return(st, a, ev)
    elif t is Penalty:
        assert isinstance(a, Penalty)
        _penalty(st, a, ev)
    elif t is Declare:
        _declare(st, seat, a, ev)
    elif t is Decline:
        _decline(st, seat, a, ev)
    elif t is Draw:
        assert isinstance(a, Draw)
        _draw(st, seat, a.card, a, ev)
    elif t is Show:
        assert isinstance(a, Show)
        _liang(st, seat, a.cards, a, ev)
    elif t is JiefengClaim:
        _jiefeng(st, seat, a, ev)
    elif t is Kaidian:
        _kaidian_claim(st, seat, a, ev)
    elif t is Baola:
        assert isinstance(a, Baola)
        _baola(st, seat, a.rebel, a, ev)
    elif t is Waive:
        _waive(st, seat, a, ev)
    elif t is Query:
        assert isinstance(a, Query)
        _query(st, seat, a.target, a, ev)
    elif t is Ruling:
        assert isinstance(a, Ruling)
        ev.append(E.RulingApplied(seat, text=a.text))
        word = _ruling_word(a.text)
        if word == "daluo" and st.active & BIT[seat] and not st.ended:
            _force_bottom(st, seat, ev, "referee: 大落", "裁判判为大落")
            _fix_pointers(st, ev)
            _check_end(st, ev)
