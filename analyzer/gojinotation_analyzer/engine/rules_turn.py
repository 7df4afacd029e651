"""R-TURN-1, R-PASS-1/2, R-YIELD-1, R-CLOSE-1/2, R-LEAD-1, R-JIEFENG-1, R-WUTOU-1, R-SIHU-1:
passes (final for the round, re-entry on the 对头's set, declining a burn), 让牌, 扣牌, the
end of a round and who leads the next (接风 after a player who went out; 误发's lost lead),
a 无头 seat's answer out of turn.  The seat walk itself is in :mod:`.core`."""

from __future__ import annotations

from functools import partial
from typing import Any

from gojinotation.model import (
    Action,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import (
    _PASSED,
    _closed,
    _dispute,
    _dispute_param,
    _effect_dispute,
    _Fail,
    _is_wutou,
    _next_active,
    _next_opponent,
    _out_of_turn,
    _reentry,
    _round_ended,
    _setting,
    _stand,
    _team,
    _walk,
)
from gojinotation_analyzer.engine.openpoints import is_open
from gojinotation_analyzer.engine.params import _stated
from gojinotation_analyzer.engine.rules_burn import (
    _burn_round_closed,
    _burn_stop,
    _burner_to_lead,
    _may_decline,
)
from gojinotation_analyzer.engine.rules_kaidian import _kd_stood, _kd_thresholds
from gojinotation_analyzer.engine.state import (
    BARRED,
    BIT,
    DUI,
    NXT,
    R_DUITOU,
    R_NONE,
    DealState,
)


def _wrong_follow(st: DealState, seat: int) -> _Fail:
    """Why a seat that is not to act may not play on the standing set."""
    top = st.top
    if top is None or seat == top.owner:
        return _out_of_turn(st, seat)
    if st.declined & BIT[seat] or (st.passed & BIT[seat] and not _reentry(st, seat, top.owner)):
        if top.owner == DUI[seat] and not st.p.reentry and st.passed & BIT[seat]:
            return _no_duitou_reentry(seat)
        if st.passed & BARRED[seat]:
            return _Fail(
                "R-PASS-1",
                f"seat {seat} lost the right to follow for the rest of this round "
                "(错牌不出), even on his 对头's set",
                f"{seat}号错牌不出，本轮无权再顺牌（对头的牌也不能顺）",
                "ignore",
                "penalty.cuopai_buchu",
                alternatives=_cuopai_readings(st),
            )
        return _Fail(
            "R-PASS-1",
            f"seat {seat} passed in this round and may not play again"
            + (" (only on his 对头's sets)" if st.p.reentry else ""),
            f"{seat}号本轮已过牌，不能再出牌",
            "ignore",
            "pass.duitou_reentry",
        )
    if top.restrict != R_NONE and seat != DUI[top.owner] and not _is_wutou(st, seat):
        # whether the set is 够级 at all rests on gouji.thresholds where that is open
        by_count = top.shape is not None and not top.burn and not top.gousiji
        return _Fail(
            "R-GOUJI-2",
            f"seat {seat} may not answer seat {top.owner}'s 够级 set: only the 对头 "
            f"(seat {DUI[top.owner]}) may, or a declared burn",
            f"{seat}号不能上{top.owner}号的够级牌：只有对头{DUI[top.owner]}号或烧牌者可以",
            "cuopai",
            "gouji.thresholds"
            if by_count and is_open(st, "gouji.thresholds")
            else "answer.duitou_only",
        )
    return _out_of_turn(st, seat)


def _cuopai_readings(st: DealState) -> tuple[tuple[str, str], ...]:
    """R-CUOPAI-1 where ``penalty.cuopai_buchu`` is open or disputed in the record's
    profile (and its ``[Rules]`` do not state it): a seat barred for the round would, under
    the other reading (only that turn lost), not have passed at all -- its play is then
    judged as any other, which a re-judge of this state cannot show, so the readings are
    given here.  ``()`` when the profile's own source decides."""
    if st.profile is None or "penalty.cuopai_buchu" in _stated(st.rs):
        return ()
    s = _setting(st.profile, "penalty.cuopai_buchu")
    if s is None or not (s.open or s.is_disputed) or s.value != "lose_follow_this_round":
        return ()
    return (
        (
            "lose_follow_this_round",
            "001b 3 本轮无权再顺牌: illegal (R-PASS-1), the engine's ruling",
        ),
        ("lose_follow_this_turn", "004c 第四条/000§N 五3: only that turn was lost: it may stand"),
    )


def _no_duitou_reentry(seat: int) -> _Fail:
    """R-PASS-2: the profile has no 对头 exception (000§F 6), so a passed seat may not
    come back in even on his own 对头's set."""
    return _Fail(
        "R-PASS-2",
        f"seat {seat} passed in this round and may not come back in, not even on his 对头's "
        "set: this profile has no 对头 exception",
        f"{seat}号本轮已过牌，本规则过牌后不能再打对头牌",
        "ignore",
        "pass.duitou_reentry",
    )


def _wutou_interject(st: DealState, seat: int) -> bool:
    """A 无头 seat may beat a 够级 set out of the 对头's duel, until the round is closed
    (R-WUTOU-1: "无头者对其他持牌者亦可行使同样的权力"); the 对头 keeps the turn."""
    top = st.top
    if top is None or top.restrict != R_DUITOU or seat == top.owner:
        return False
    if not st.active & BIT[seat] or st.declined & BIT[seat] or not _is_wutou(st, seat):
        return False
    return not (st.passed & BIT[seat] and not _reentry(st, seat, top.owner))


def _judge_pass(st: DealState, seat: int, timeout: bool) -> _Fail | None:
    """R-PASS-1: a pass in turn, or declining a burn; the leader may not pass his lead
    (R-BURN-4 for a burner; a timeout on the lead is R-TIME-1's)."""
    if not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    top = st.top
    if st.closing:
        if _may_decline(st, seat) and not timeout:
            return None
        if seat == st.next_leader:
            return _pass_on_lead(st, seat, timeout)
        return _redundant_pass(st, seat, timeout) or _out_of_turn(st, seat)
    if top is None:
        if seat == st.leader:
            return _pass_on_lead(st, seat, timeout)
        return _out_of_turn(st, seat)
    if seat == st.turn:
        return None
    if not timeout and _may_decline(st, seat):
        return None
    return _redundant_pass(st, seat, timeout) or _out_of_turn(st, seat)


def _pass_on_lead(st: DealState, seat: int, timeout: bool) -> _Fail | None:
    """A pass (or timeout) by the seat whose lead it is."""
    if st.burn is not None and _burner_to_lead(st) == seat:
        return _burn_stop(st, seat, seat, "he passes his lead", "他放弃发牌")
    if timeout:
        return None
    return _Fail(
        "R-PASS-1", f"seat {seat} must lead, not pass", f"{seat}号须发牌，不能过", "ignore"
    )


def _redundant_pass(st: DealState, seat: int, timeout: bool) -> _Fail | None:
    """A pass repeated by a seat that has already passed: no effect (a notice)."""
    if timeout or not st.passed & BIT[seat]:
        return None
    return _Fail(
        "R-PASS-1",
        f"seat {seat} has already passed in this round: the repeated pass has no effect",
        f"{seat}号本轮已过牌，重复的过牌无效",
        "none",
        notice=True,
    )


def _pass_ends_round(st: DealState, seat: int) -> bool:
    """Whether a pass by ``seat`` now would end the round (on a copy: ``st`` is kept)."""
    tmp = st.copy()
    tmp.declined |= BIT[seat]
    if tmp.yielder == seat:
        tmp.yielder = 0
    return _walk(tmp, seat) == 0


def _judge_close(st: DealState, seat: int) -> _Fail | None:
    top = st.top
    if top is None:
        return _Fail("R-CLOSE-1", "there is nothing to close", "桌上无牌可扣", "ignore")
    if st.closing:
        if st.closer:
            if seat == st.closer:
                return None
            return _Fail(
                "R-CLOSE-1",
                f"only seat {st.closer} (the 对头 of seat {top.owner}, who played last) may "
                "close (扣牌)",
                f"只有{top.owner}号的对头{st.closer}号是法定扣牌人",
                "ignore",
                "koupai.legal_koupai_ren",
            )
        if st.active & BIT[seat] and _team(seat) != _team(top.owner):
            return None
        return _Fail(
            "R-CLOSE-1",
            f"seat {seat} may not close seat {top.owner}'s set",
            f"{seat}号不能扣{top.owner}号的牌",
            "ignore",
            "koupai.no_duitou",
        )
    if seat == st.turn and seat == DUI[top.owner] and _pass_ends_round(st, seat):
        return None
    if seat == DUI[top.owner]:
        return _Fail(
            "R-CLOSE-2",
            f"seat {seat} closes before the others have passed",
            f"{seat}号在他人过牌前扣牌",
            "ignore",
            "koupai.all_cards_before_lead",
        )
    return _Fail(
        "R-CLOSE-1",
        f"only seat {DUI[top.owner]} (the 对头 of the last player) may close (扣牌)",
        f"只有最后出牌者的对头{DUI[top.owner]}号是法定扣牌人",
        "ignore",
        "koupai.legal_koupai_ren",
    )


def _judge_yield(st: DealState, seat: int) -> _Fail | None:
    """R-YIELD-1: 让牌 on one's 对头's set, in turn, once both seats between have passed,
    with a seat after to yield to."""
    p = st.p
    top = st.top
    if not p.yield_ok:
        return _Fail(
            "R-YIELD-1", "让牌 is not allowed", "本规则不允许让牌", "ignore", "rangpai.allowed"
        )
    if top is None or st.closing:
        return _Fail("R-YIELD-1", "there is no set to yield on", "无牌可让", "ignore")
    if top.owner == DUI[seat]:  # checked here, before the turn (below: only the 对头's set)
        for s in (NXT[top.owner], NXT[NXT[top.owner]]):
            if st.active & BIT[s] and not (st.declined | st.passed) & BIT[s]:
                return _Fail(
                    "R-YIELD-1",
                    f"让牌 needs both seats between to have passed; seat {s} has not",
                    f"让牌须上两家均已过牌，{s}号尚未过牌",
                    "ignore",
                )
    if seat != st.turn:
        return _out_of_turn(st, seat)
    if top.owner != DUI[seat]:
        return _Fail(
            "R-YIELD-1",
            f"让牌 is only on one's 对头's set (seat {DUI[seat]}), not seat {top.owner}'s",
            f"只有对头{DUI[seat]}号的牌才能让",
            "ignore",
        )
    if st.sihu:
        return _Fail(
            "R-YIELD-1", "no 让牌 in 四户乱缠", "四户乱缠时不让牌", "ignore", "sihu_luanchan"
        )
    if st.yielder == seat:
        return _Fail("R-YIELD-1", "seat has already yielded", "已经让过牌", "ignore")
    if st.passed & BIT[seat]:
        return _Fail("R-YIELD-1", f"seat {seat} has passed", f"{seat}号已过牌，不能让牌", "ignore")
    downstream = [s for s in (NXT[seat], NXT[NXT[seat]]) if st.active & BIT[s] and s != top.owner]
    if not downstream:
        return _Fail("R-YIELD-1", "nobody to yield to", "没有下家可让", "ignore")
    return None


def _yield(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """R-YIELD-1: 让牌; the turn passes on (a Dispute where the word is not allowed)."""
    st.yielder = seat
    ev.append(E.Yielded(seat))
    if not st.p.yield_word:
        _dispute(
            st,
            seat,
            a,
            "R-YIELD-1",
            "vocab.allowed",
            "让牌 is defined by the rules but is not among the words this profile allows "
            "at the table",
            "本规则定义了让牌，但让牌不在允许使用的用语之列",
            (
                ("allowed", "让牌 is a legal declaration"),
                ("forbidden", "saying it is a violation"),
            ),
            ev,
        )
    st.turn = _walk(st, seat)
    if not st.turn:
        _stand(st, ev)


def _turn_pass(
    st: DealState, seat: int, ev: list[E.Event], *, timeout: bool = False, cuopai: bool = False
) -> None:
    top = st.top
    if top is None:
        return
    primary = seat == st.turn and not st.closing
    if timeout:
        ev.append(E.TimeoutPass(seat))
    elif not cuopai:
        ev.append(_PASSED[seat][not primary])
    st.declined |= BIT[seat]
    if not cuopai or st.p.cuopai_round:
        st.passed |= BIT[seat]
    if cuopai and st.p.cuopai_round:
        st.passed |= BARRED[seat]  # 001b 3: 本轮无权再顺牌, not even on his 对头's set
    if cuopai and st.p.lose_lead:
        st.lose_lead |= BIT[seat]
    if st.yielder == seat:
        st.yielder = 0
    if primary:
        st.turn = _walk(st, seat)
        if not st.turn:
            _stand(st, ev)


def _close(st: DealState, seat: int, ev: list[E.Event], a: Action | None = None) -> None:
    if not st.closing:
        # the 扣牌人 passes and closes at once
        st.declined |= BIT[seat]
        st.passed |= BIT[seat]
        if st.yielder == seat:
            st.yielder = 0
        _stand(st, ev)
    top = st.top
    if st.closer == 0 and top is not None and not st.active & BIT[DUI[top.owner]]:
        _effect_dispute(  # R-CLOSE-1 with the last player's 对头 out (catalog T11 gap)
            st, seat, a, "R-CLOSE-1", "koupai.no_duitou", partial(_close_ruled, st, seat), ev
        )
    _finish_round(st, ev, implied=False, by=seat)


def _lead_disputed(st: DealState, nl: int, lost: bool, ev: list[E.Event]) -> None:
    """R-PENALTY-1: the lead ``nl`` wins here rests on ``penalty.misplay_lose_lead`` when it
    is open: ``nl`` erred earlier in the deal (R-PASS-1/2, R-REPORT-1, 错牌不出) and only
    001d (四) takes a lead away for it.  ``lost``: the engine's reading takes it away."""
    nxt = _next_active(st, nl)
    keeps = f"seat {nl} leads"
    loses = f"seat {nl} loses this lead for his earlier error; seat {nxt} leads"
    true = ("true", f"001d (四) 取消一次发牌权: {loses}")
    false = ("false", f"001a-c name no such sanction: {keeps}")
    first, second = (true, false) if lost else (false, true)
    ruled = ((first[0], first[1] + ", the engine's ruling"), second)
    _dispute_param(st, None, "R-PENALTY-1", "penalty.misplay_lose_lead", ev, ruled)


def _close_ruled(st: DealState, seat: int, value: Any) -> str:
    """What ``koupai.no_duitou = value`` rules on ``seat``'s close of a set whose owner's
    对头 is out."""
    closer = _next_opponent(st, st.top.owner) if st.top is not None else 0
    if value != "next_active_opponent" or closer == seat:
        return f"seat {seat}'s close stands"
    return f"illegal (R-CLOSE-1): only seat {closer}, the next opponent in play, may close"


def _finish_round(
    st: DealState, ev: list[E.Event], *, implied: bool, by: int | None = None
) -> None:
    top = st.top
    assert top is not None
    owner = top.owner
    p = st.p
    ev.append(_closed(by if by is not None else (st.closer or None), implied))
    b = st.burn
    if b is not None and b.burner == owner:
        _burn_round_closed(st, b, ev)
    if p.kd and st.active & BIT[owner] and not (st.opened | st.kd_done) & BIT[owner]:
        _kd_thresholds(st, top, ev)
        if top.kd_ok:
            _kd_stood(st, top, ev)
    nl = st.next_leader
    if not st.active & BIT[owner] and nl:
        ev.append(E.Jiefeng(nl, after=owner))
    if nl and st.lose_lead_open & BIT[nl]:
        st.lose_lead_open &= ~BIT[nl]
        _lead_disputed(st, nl, False, ev)
    if nl and st.lose_lead & BIT[nl]:
        st.lose_lead &= ~BIT[nl]
        nxt = _next_active(st, nl)
        _lead_disputed(st, nl, True, ev)
        ev.append(
            E.Notice(
                nl,
                rule_id="R-CUOPAI-1",
                en=f"seat {nl} loses this lead (误发/报户不实); seat {nxt} leads",
                zh=f"{nl}号取消一次发牌权，由{nxt}号发牌",
                ruling="lose_lead",
            )
        )
        nl = nxt
    ev.append(_round_ended(owner, nl))
    st.top = None
    st.closing = False
    st.closer = 0
    st.next_leader = 0
    st.leader = nl
    st.turn = nl
    st.passed = 0
    st.declined = 0
    st.yielder = 0


# ---------------------------------------------------------- 接风 claim (GJN 1.1 events)


def _jiefeng_seat(st: DealState) -> int:
    """R-JIEFENG-1: the seat that may claim 接风 now (0: none): the owner of the standing
    set went out on it (his 底牌) and the seat is his 下家, the next active seat, whose
    turn it is; or the round is closing and the lead falls to him."""
    top = st.top
    if top is None or st.ended or st.active & BIT[top.owner]:
        return 0
    if st.closing:
        return st.next_leader
    return st.turn if st.turn == _next_active(st, top.owner) else 0


def _judge_jiefeng(st: DealState, seat: int) -> _Fail | None:
    if seat and seat == _jiefeng_seat(st):
        return None
    return _Fail(
        "R-JIEFENG-1",
        f"seat {seat} cannot claim 接风 now: only the 下家 of a player who went out on a set "
        "nobody beat takes the lead (接风)",
        f"{seat}号此时不能接风：只有走科者底牌无人灭时其下家接风",
        "ignore",
    )


def _jiefeng(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """The claim: in turn it is the claimant's own pass (000§K (一)4: 视为声明'接风'者本人
    过牌); once the round is closing it confirms the lead."""
    top = st.top
    assert top is not None
    owner = top.owner
    ev.append(
        E.Claimed(
            seat,
            what="jiefeng",
            rule_id="R-JIEFENG-1",
            en=f"seat {seat} claims 接风 after seat {owner}'s 底牌"
            + ("" if st.closing else " (his own pass: 000§K)"),
            zh=f"{seat}号声明接风（{owner}号底牌）" + ("" if st.closing else "，视为本人过牌"),
            action=a,
        )
    )
    if not st.closing:
        _turn_pass(st, seat, ev)
