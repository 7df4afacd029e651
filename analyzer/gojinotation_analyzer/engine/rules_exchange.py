"""What passes between seats and the table besides play: R-TRIBUTE-1/2 (进贡, 还贡),
R-REPORT-1 (报牌, and under ``baohu.mode = visible_le10`` the count shown at ten cards),
R-PENALTY-1 (conduct penalties) and R-TIME-1 (the time limit, a timeout)."""

from __future__ import annotations

from gojinotation.cards import format_cards
from gojinotation.model import (
    Action,
    Penalty,
    Return,
    Tribute,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import _dispute, _Fail, _next_active, _out_of_turn, _reported
from gojinotation_analyzer.engine.opening import _transfer
from gojinotation_analyzer.engine.params import _stated
from gojinotation_analyzer.engine.rules_turn import _finish_round, _turn_pass
from gojinotation_analyzer.engine.scoring import (
    is_legal_return,
    is_legal_tribute,
    legal_tribute_cards,
)
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    DealState,
)


def _clock(st: DealState, a: Action) -> int | None:
    if st.p.limit is None or not a.notes:
        return None
    v = a.note("clk")
    if v is None:
        return None
    try:
        secs = float(v.split()[0].replace("s", ""))
    except (ValueError, IndexError):
        return None
    return int(secs) if secs > st.p.limit else None


def _slow_play(st: DealState, a: Action, on_lead: bool) -> _Fail:
    """R-TIME-1: a play over the time limit (a pass, or nothing on a lead or burn)."""
    return _Fail(
        "R-TIME-1",
        f"the play took {a.note('clk')} s, over the limit of {st.p.limit} s",
        f"出牌用时{a.note('clk')}秒，超过{st.p.limit}秒的限时",
        "none" if on_lead else "pass",
        "time.limit_s",
    )


def _judge_report(st: DealState, seat: int, count: int) -> _Fail | None:
    mode = st.p.baohu
    if not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    if mode == "off":
        return _Fail(
            "R-REPORT-1",
            "報牌/报户 is not used in this profile",
            "本规则不报牌（报户）",
            "ignore",
            "baohu.mode",
        )
    if mode == "asking_forbidden":
        return _Fail(
            "R-REPORT-1",
            "asking for a player's count is forbidden in this profile (the asker loses 1 point)",
            "本规则不允许询问剩余张数（违者扣1分）",
            "ignore",
            "baohu.mode",
        )
    true = st.count(seat)
    if true > 10 and count == true:
        return _Fail(
            "R-REPORT-1",
            f"seat {seat} holds {true} cards: above 10 there is nothing to report (不够报)",
            f"{seat}号有{true}张，十张以上不够报",
            "accept",
            notice=True,
        )
    if count != true:
        return _Fail(
            "R-REPORT-1",
            f"seat {seat} reports {count} card(s) but holds {true}",
            f"{seat}号报{count}张，实有{true}张（报户不实）",
            "accept",
        )
    return None


def _judge_tribute(st: DealState, a: Tribute) -> _Fail | None:
    if st.p.tribute == "none" and not st.obligations:
        return _Fail(
            "R-TRIBUTE-1",
            "tribute (进贡) is not paid in this profile",
            "本规则不进贡",
            "ignore",
            "tribute.mode",
        )
    if st.any_play:
        return _Fail("R-TRIBUTE-1", "tribute is paid before play", "进贡须在出牌前", "ignore")
    count = len(a.cards)
    if st.obligations:
        owed = [o for o in st.obligations if o[0] == a.seat and o[1] == a.to_seat]
        if not owed:
            return _Fail(
                "R-TRIBUTE-1",
                f"seat {a.seat} owes no tribute to seat {a.to_seat}",
                f"{a.seat}号不欠{a.to_seat}号贡牌",
                "ignore",
            )
        count = owed[0][2]
    hand = st.hand(a.seat)
    if not st.unknown[a.seat] and not is_legal_tribute(hand, a.cards, count, st.rs):
        want = format_cards(legal_tribute_cards(hand, count, st.rs)) or "-"
        return _Fail(
            "R-TRIBUTE-1",
            f"tribute must be the highest 大王/小王/2: {want}",
            f"贡牌须为最大的大王、小王、2：{want}",
            "accept",
            "tribute.no_legal_card",
        )
    return None


def _judge_return(st: DealState, a: Return) -> _Fail | None:
    got = [r for r in st.received if r[0] == a.to_seat and r[1] == a.seat]
    if not got:
        return _Fail(
            "R-TRIBUTE-2",
            f"seat {a.seat} received no tribute from seat {a.to_seat}",
            f"{a.seat}号未收到{a.to_seat}号的贡牌",
            "ignore",
        )
    hand = st.hand(a.seat)
    if not st.unknown[a.seat] and not is_legal_return(hand, a.cards, got[0][2], st.rs):
        return _Fail(
            "R-TRIBUTE-2",
            "还贡 is as many low cards (below 2) as received",
            "还贡须为同样张数的小牌",
            "accept",
            "tribute.return",
        )
    return None


def _report(st: DealState, seat: int, count: int, ev: list[E.Event]) -> None:
    """R-REPORT-1: 报牌, recorded with the true count."""
    ev.append(_reported(seat, count, st.count(seat)))
    r = list(st.reported)
    r[seat] = count
    st.reported = tuple(r)


def _tribute(st: DealState, a: Tribute, ev: list[E.Event]) -> None:
    """R-TRIBUTE-1: 进贡, one obligation paid."""
    seat = a.seat
    for c in a.cards:
        _transfer(st, a.to_seat, seat, c, ev)
    st.received = (*st.received, (seat, a.to_seat, len(a.cards)))
    st.obligations = tuple(
        o for i, o in enumerate(st.obligations) if i != _first_owed(st, seat, a.to_seat)
    )
    ev.append(E.TributePaid(seat, cards=tuple(a.cards), to_seat=a.to_seat))


def _return(st: DealState, a: Return, ev: list[E.Event]) -> None:
    """R-TRIBUTE-2: 还贡."""
    seat = a.seat
    for c in a.cards:
        _transfer(st, a.to_seat, seat, c, ev)
    st.received = tuple(r for r in st.received if not (r[0] == a.to_seat and r[1] == seat))
    ev.append(E.Returned(seat, cards=tuple(a.cards), to_seat=a.to_seat))


def _penalty(st: DealState, a: Penalty, ev: list[E.Event]) -> None:
    """R-PENALTY-1: a conduct penalty, recorded for the score."""
    st.penalties = (*st.penalties, (a.seat, a.points, a.reason))
    ev.append(E.PenaltyApplied(a.seat, points=a.points, reason=a.reason))


def _first_owed(st: DealState, payer: int, receiver: int) -> int:
    for i, o in enumerate(st.obligations):
        if o[0] == payer and o[1] == receiver:
            return i
    return -1


def _timeout(st: DealState, a: Action, ev: list[E.Event]) -> None:
    seat = a.seat
    if st.top is None or (st.closing and seat == st.next_leader):
        if st.closing:
            _finish_round(st, ev, implied=True)
        nxt = _next_active(st, seat)
        stated = "time.timeout_is_pass" in _stated(st.rs)
        if stated and not st.p.timeout_pass:  # the record's [Rules]: a timeout is no pass
            ev.append(
                E.Notice(
                    seat,
                    rule_id="R-TIME-1",
                    en="timeout on the lead; the record's rules say a timeout is no pass: "
                    f"seat {seat} must still lead",
                    zh=f"发牌超时；本局规则规定超时不视为过牌：{seat}号仍须发牌",
                    action=a,
                )
            )
            return
        ev.append(E.TimeoutPass(seat))
        if stated:  # the record's [Rules] say a timeout is a pass, on the lead too
            st.leader = st.turn = nxt
            return
        _dispute(
            st,
            seat,
            a,
            "R-TIME-1",
            "time.timeout_is_pass",
            "a timeout on the lead: the documents only say a timeout is a pass; the lead "
            f"passes to seat {nxt}",
            f"发牌超时：文件只说超时视为过牌；发牌权交给{nxt}号",
            (("lead stays", "the leader must still lead"),),
            ev,
        )
        st.leader = st.turn = nxt
        return
    if not st.p.timeout_pass:
        ev.append(
            E.Notice(
                seat,
                rule_id="R-TIME-1",
                en="timeout recorded; the profile does not say it is a pass: read as one",
                zh="记录超时；本规则未规定超时视为过牌，按过牌处理",
                action=a,
            )
        )
    _turn_pass(st, seat, ev, timeout=True)


def _count_shown(before: DealState, st: DealState, a: Action, ev: list[E.Event]) -> None:
    """R-REPORT-1 under ``baohu.mode = visible_le10``: ``a`` took its seat from more than
    ten cards to ten or fewer (and he plays on): a :class:`~.events.CountShown` notice."""
    seat = a.seat
    if st.ended or not 1 <= seat <= 6 or not st.active & BIT[seat]:
        return
    n = st.count(seat)
    if n <= 10 < before.count(seat):
        ev.append(E.CountShown.at(seat, n, a))


# -------------------------------------------------------------- 问牌 (GJN 1.1 events)


def _judge_query(st: DealState, seat: int, target: int) -> _Fail | None:
    """R-REPORT-1 (baohu.mode): whether ``seat`` may ask ``target`` how many cards he holds
    — never where asking is forbidden or 报牌 is not used, only his 对头 under
    ``duitou_may_ask``, and at ten cards or fewer under ``on_request_le10`` (above that
    there is nothing to report: a notice)."""
    mode = st.p.baohu
    if st.ended or not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    if target == seat or not st.active & BIT[target]:
        return _Fail(
            "R-REPORT-1",
            f"seat {seat} cannot ask seat {target}'s count",
            f"{seat}号不能问{target}号的牌数",
            "ignore",
        )
    if mode in ("off", "asking_forbidden"):
        return _Fail(
            "R-REPORT-1",
            "asking for a player's count is forbidden in this profile"
            + (" (the asker loses 1 point)" if mode == "asking_forbidden" else " (no 报牌)"),
            "本规则不允许询问剩余张数"
            + ("（违者扣1分）" if mode == "asking_forbidden" else "（不报牌）"),
            "ignore",
            "baohu.mode",
        )
    if mode == "duitou_may_ask" and target != DUI[seat]:
        return _Fail(
            "R-REPORT-1",
            f"only one's 对头 may be asked for his count; seat {target} is not seat {seat}'s",
            f"只能问对头的牌数；{target}号不是{seat}号的对头",
            "ignore",
            "baohu.mode",
        )
    if mode == "on_request_le10" and st.count(target) > 10:
        return _Fail(
            "R-REPORT-1",
            f"seat {target} holds more than ten cards: there is nothing to report (不够报)",
            f"{target}号多于十张，不够报",
            "accept",
            "baohu.mode",
            notice=True,
        )
    return None


def _query(st: DealState, seat: int, target: int, a: Action, ev: list[E.Event]) -> None:
    ev.append(
        E.Claimed(
            seat,
            what="query",
            rule_id="R-REPORT-1",
            en=f"seat {seat} asks seat {target} how many cards he holds (问牌)",
            zh=f"{seat}号问{target}号的牌数",
            action=a,
        )
    )
