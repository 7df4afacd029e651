"""R-BIE3-1..3 and R-BUY-1 (憋3): 3s last and unsplit, 闷, a seat without a 3 (buy, be given
one, or 大落), and 买3/买4/送3: sellers in order, payment in order."""

from __future__ import annotations

from collections.abc import Sequence

from gojinotation.cards import Rank
from gojinotation.model import (
    Buy,
    Give,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import (
    SEATS,
    _dispute,
    _dispute_param,
    _Fail,
    _fix_pointers,
    _out_of_turn,
    _team,
)
from gojinotation_analyzer.engine.opening import _transfer
from gojinotation_analyzer.engine.params import I2, I3, I4, ID, IX, _stated
from gojinotation_analyzer.engine.rules_finish import _check_end, _force_bottom
from gojinotation_analyzer.engine.rules_kaidian import _not_opened, _opened
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    RANK_CARDS,
    DealState,
)


def _lacks(st: DealState, seat: int, i: int) -> bool:
    return st.known[seat][i] == 0 and st.unknown[seat] == 0


def _spare(st: DealState, seller: int, i: int) -> bool:
    """Whether ``seller`` can part with a card of rank index ``i``."""
    n = st.known[seller][i]
    if st.unknown[seller]:
        return True
    keep = 1 if (i == I3 and st.p.bie3) or (i == I4 and st.p.buy4 == "single4_not_sellable") else 0
    return n > keep


def _seller_groups(st: DealState, buyer: int) -> list[list[int]]:
    d = DUI[buyer]
    groups: list[list[int]] = []
    for cat in st.p.seller_order:
        if cat == "duitou":
            g = [d]
        elif cat == "own_lianbang":
            g = [s for s in SEATS if s != buyer and _team(s) == _team(buyer)]
        elif cat == "duitou_lianbang":
            g = [s for s in SEATS if s != d and _team(s) == _team(d)]
        else:  # duifang
            g = [s for s in SEATS if _team(s) != _team(buyer)]
        groups.append([s for s in g if st.active & BIT[s]])
    return groups


#: The rank indices each payment category of ``buy3.payment_order`` stands for.
_PAY_CATEGORIES: dict[str, tuple[int, ...]] = {
    "2": (I2,),
    "小王": (IX,),
    "大王": (ID,),
    "any_joker": (IX, ID),
}


def _pay_ranks(st: DealState, buyer: int) -> list[int]:
    """The rank indices the buyer must pay with, best obligation first (those he holds)."""
    k = st.known[buyer]
    for cat in st.p.pay_order:
        opts = _PAY_CATEGORIES[cat]
        held = [i for i in opts if k[i] > 0]
        if held:
            return held
    return []


def _buy_possible(st: DealState, buyer: int, i: int) -> bool:
    if not _pay_ranks(st, buyer) and st.p.no_payment == "geming":
        return False
    return any(_spare(st, s, i) for g in _seller_groups(st, buyer) for s in g)


def _cannot_pay(st: DealState, seat: int) -> bool:
    """R-BUY-1 (``buy3.no_payment``): a seat with no 3 holds nothing to pay for one (no 2,
    no joker the payment order takes), all his cards known."""
    return not st.unknown[seat] and not _pay_ranks(st, seat)


def _must_buy(st: DealState, seat: int) -> bool:
    """Under 憋3 a seat with no 3 must buy (or be given) one before its first play --
    unless he cannot pay and ``buy3.no_payment = geming`` (001d (二): 无3且大王、小王、2全无
    时，可允许其革命): then nobody gives him one, he may 革命, and a first play without a 3
    takes ``buy3.no3_result``."""
    p = st.p
    if not p.bie3 or st.started & BIT[seat] or not _lacks(st, seat, I3):
        return False
    if _buy_possible(st, seat, I3):
        return True
    if p.no_payment == "geming" and _cannot_pay(st, seat):
        return False
    return any(_spare(st, s, I3) for s in SEATS if s != seat and st.active & BIT[s])


def _bie3_threes_fail(st: DealState, seat: int, counts: Sequence[int]) -> _Fail | None:
    """R-BIE3-1: under 憋3 the 3s go last -- a set holding 3s that is not the whole hand.

    The one place ``play.three_split`` is read: when nothing but 3s would be left after
    the set, the set splits the 3s, legal where the 3s may be split and refused on that
    parameter otherwise (so a Dispute where the point is open); a set of 3s with other
    cards still in hand is refused on ``play.three_restriction`` under every reading."""
    k = st.known[seat]
    only3_after = not st.unknown[seat] and st.count(seat) - sum(counts) == k[I3] - counts[I3]
    if only3_after:
        if st.p.split3:
            return None
        return _Fail(
            "R-BIE3-1",
            "under 憋3, 3s may be played only as the last set, all together (not split)",
            "憋3打法：3只能作为最后一手牌一次出完，不能拆开出",
            "cuopai",
            "play.three_split",
        )
    return _Fail(
        "R-BIE3-1",
        "under 憋3, 3s may be played only as the last set"
        + (", all together" if not st.p.split3 else ", after every other card"),
        "憋3打法：3只能作为最后一手牌出",
        "cuopai",
        "play.three_restriction",
    )


def _must_buy_fail(st: DealState, seat: int) -> _Fail:
    """R-BIE3-3: no 3, so buy (or be given) one first; for a seat that cannot pay the
    verdict rests on ``buy3.no_payment`` (a gift, or 001d's 革命 and no gift)."""
    return _Fail(
        "R-BIE3-3",
        f"seat {seat} holds no 3 and must buy (or be given) one before playing",
        f"{seat}号无3，须先买3（或受赠）才能出牌",
        "ignore",
        "buy3.no_payment" if _cannot_pay(st, seat) else "buy3.seller_order",
    )


def _card_wanted_fail(st: DealState, receiver: int, r: Rank | None, *, gift: bool) -> _Fail | None:
    """R-BUY-1: what a card bought or given must be: a 3 under 憋3 or a 4 under 买4, for a
    seat that lacks one and has not played yet."""
    p = st.p
    if r not in (Rank.THREE, Rank.FOUR) or (r == Rank.THREE and not p.bie3):
        return _Fail(
            "R-BUY-1",
            "only a 3 (under 憋3) or a 4 (买4) may be " + ("given" if gift else "bought"),
            "只有憋3时可送3、买4时可送4" if gift else "只有憋3时可买3、开点发4时可买4",
            "ignore",
            "bie3.enabled",
        )
    if r == Rank.FOUR and p.buy4 == "off":
        return _Fail("R-BUY-1", "买4 is not played", "本规则不买4", "ignore", "buy4.mode")
    if st.started & BIT[receiver]:
        return _Fail(
            "R-BUY-1",
            "a gift must come before the receiver's first play"
            if gift
            else "buying must happen before the buyer's first play",
            "受赠者出牌后不得再送" if gift else "本人出牌后不得再买",
            "ignore",
            "buy3.deadline",
        )
    if p.buy_by_deal and st.any_play:  # 000§J 第四条 / 000§C 三8: 摸牌后, before play starts
        return _Fail(
            "R-BUY-1",
            ("a gift" if gift else "buying")
            + " must happen before the deal's first play (right after the cards are drawn)",
            "摸牌后、开始出牌前才可" + ("送" if gift else "买"),
            "ignore",
            "buy3.deadline",
        )
    if not _lacks(st, receiver, r - 3) and not st.unknown[receiver]:
        return _Fail(
            "R-BUY-1",
            f"seat {receiver} already holds a {r.zh}",
            f"{receiver}号手中已有{r.zh}",
            "ignore",
        )
    return None


def _judge_buy(st: DealState, a: Buy) -> _Fail | None:
    p = st.p
    seat = a.seat
    r = a.card.rank
    if not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    f = _card_wanted_fail(st, seat, r, gift=False)
    if f is not None:
        return f
    assert r is not None
    i = r - 3
    seller = a.from_seat
    if seller == seat or not st.active & BIT[seller] or not _spare(st, seller, i):
        return _Fail(
            "R-BUY-1",
            f"seat {seller} has no {r.zh} to sell",
            f"{seller}号没有可卖的{r.zh}",
            "ignore",
            "buy3.seller_order",
        )
    groups = _seller_groups(st, seat)
    for g in groups:
        if seller in g:
            break
        able = [s for s in g if _spare(st, s, i)]
        if able:
            return _Fail(
                "R-BUY-1",
                f"seat {seat} must buy from seat {able[0]} first (order: "
                + ", ".join(p.seller_order)
                + ")",
                f"{seat}号须先向{able[0]}号买",
                "accept",
                "buy3.seller_order",
            )
    else:
        return _Fail(
            "R-BUY-1",
            f"seat {seller} is not among the sellers ({', '.join(p.seller_order)})",
            f"{seller}号不在可卖之列",
            "accept",
            "buy3.seller_order",
        )
    pr = a.paid.rank
    if pr is None or (st.known[seat][pr - 3] == 0 and not st.unknown[seat]):
        return _Fail(
            "R-BUY-1",
            f"seat {seat} does not hold the {a.paid} he pays with",
            f"{seat}号手中没有用来付的{a.paid}",
            "ignore",
        )
    allowed = {j for cat in p.pay_order for j in _PAY_CATEGORIES[cat]}
    if pr - 3 not in allowed:
        return _Fail(
            "R-BUY-1",
            f"seat {seat} may not pay with {a.paid} (payment: {', '.join(p.pay_order)})",
            f"{seat}号不能用{a.paid}付（可用：{'、'.join(p.pay_order)}）",
            "accept",
            "buy3.payment_order",
        )
    must = _pay_ranks(st, seat)
    if must and pr - 3 not in must:
        names = "/".join(RANK_CARDS[j].gjn() for j in must)
        return _Fail(
            "R-BUY-1",
            f"seat {seat} must pay with {names} (order: {', '.join(p.pay_order)})",
            f"{seat}号须用{names}付（顺序：{'、'.join(p.pay_order)}）",
            "accept",
            "buy3.payment_order",
        )
    return None


def _judge_give(st: DealState, a: Give) -> _Fail | None:
    r = a.card.rank
    to = a.to_seat
    if not st.active & BIT[a.seat] or not 1 <= to <= 6 or not st.active & BIT[to]:
        return _out_of_turn(st, a.seat)
    f = _card_wanted_fail(st, to, r, gift=True)
    if f is not None:
        return f
    assert r is not None
    i = r - 3
    if not _spare(st, a.seat, i):
        return _Fail(
            "R-BUY-1",
            f"seat {a.seat} has no {r.zh} to give",
            f"{a.seat}号没有可送的{r.zh}",
            "ignore",
        )
    return None


def _buy(st: DealState, a: Buy, ev: list[E.Event]) -> None:
    """R-BUY-1: 买3/买4: the card against the payment."""
    _transfer(st, a.seat, a.from_seat, a.card, ev)
    _transfer(st, a.from_seat, a.seat, a.paid, ev)
    ev.append(E.Bought(a.seat, card=a.card, from_seat=a.from_seat, paid=a.paid))


def _give(st: DealState, a: Give, ev: list[E.Event]) -> None:
    """R-BUY-1: 送3/送4."""
    _transfer(st, a.to_seat, a.seat, a.card, ev)
    ev.append(E.Gave(a.seat, card=a.card, to_seat=a.to_seat))


def _bie3_no_three(st: DealState, seat: int, ev: list[E.Event]) -> None:
    """R-BIE3-3: a seat that comes to its first play under 憋3 without a 3 is 大落
    (buy3.no3_result)."""
    p = st.p
    en = f"seat {seat} holds no 3 under 憋3"
    zh = f"{seat}号无3"
    ev.append(E.Notice(seat, rule_id="R-BIE3-3", en=en, zh=zh, ruling=p.no3))
    if p.no3 == "geming" and "buy3.no3_result" not in _stated(st.rs):
        _dispute(
            st,
            seat,
            None,
            "R-BIE3-3",
            "buy3.no3_result",
            "a seat without a 3 that does not 革命: the documents give no result; treated as 大落",
            "无3又不革命者：文件未述，按大落处理",
            (
                ("daluo", "000§C 三8 (不买3者视为大落): 大落"),
                ("daluo_and_kaidian_flip", "000§D 三2: 大落, not opened, the 对头 opened"),
            ),
            ev,
        )
    if p.no3 == "daluo_and_kaidian_flip" and p.kd:
        _not_opened(st, seat, ev, "no 3 (000§D)", "无3")
        _opened(st, DUI[seat], ev, "the 对头 has no 3 (000§D)", "对头无3")
    _force_bottom(st, seat, ev, "no 3: 大落", "无3：大落")
    _fix_pointers(st, ev)
    _check_end(st, ev)


def _men(st: DealState, victim: int, by: int, ev: list[E.Event]) -> None:
    order = len(st.men) + 1
    st.men = (*st.men, victim)
    st.men_facts = (*st.men_facts, (victim, by, order))
    ev.append(E.Men(victim, by=by, order=order))
    if _team(victim) == _team(by):
        _dispute_param(st, None, "R-BIE3-2", "bie3.men_teammate_scores", ev)
    _dispute_param(
        st,
        None,
        "R-BIE3-2",
        "bie3.men_place_order",
        ev,
        (
            (
                "true",
                f"000§G, 000§C, 000§J, 004b(14): seat {victim} takes the last free place "
                f"(闷 #{order})",
            ),
            ("false", f"001d is silent (catalog): seat {victim} keeps his place to play for"),
        ),
    )
    if st.p.men_order:
        _force_bottom(st, victim, ev, f"闷 #{order}", f"第{order}个被闷")
