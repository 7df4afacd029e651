"""R-KAIDIAN-1..5 (开点): which set opens and when (it stands and its owner takes the lead,
or automatically without a 够级 set), 开点发4 (the next lead is 4s; no 4 and early 4s are
不开点), the cutoff when 头科/二科 go out, and 头科 unopened (R-KAIDIAN-4)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gojinotation.cards import Card, format_cards
from gojinotation.model import Action
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import (
    SEATS,
    _counts,
    _dispute,
    _dispute_param,
    _effect_dispute,
    _Fail,
    _open_setting,
)
from gojinotation_analyzer.engine.openpoints import _alt
from gojinotation_analyzer.engine.params import _P, I3, I4, _facts, _is_gouji, _params, _shape
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    DealState,
    Top,
    cards_of,
)
from gojinotation_analyzer.rules.ruleset import Ruleset


def _holds_gouji(p: _P, hand: tuple[Card, ...]) -> bool:
    """Whether a set of ``S.candidate_sets(hand, p.srs)`` is 够级: the candidates drawn
    one by one, as ``candidate_sets`` draws them, up to the first 够级 one."""
    by_rank = S._by_rank(hand)
    counts = Counter({r: len(cs) for r, cs in by_rank.items()})
    for spec in S._specs(counts, p.srs):
        cards = S._pick(by_rank, spec)
        k = _counts(cards)[0]
        if _is_gouji(p, k, _shape(p, k, cards)):  # S.is_gouji(S.shape(...)), cached
            return True
    return False


def _kd_first_play(st: DealState, seat: int, ev: list[E.Event]) -> None:
    """R-KAIDIAN-3 (no 4: 不开点, kaidian.no4_is_bukaidian) and R-KAIDIAN-1 (no 够级 set in
    hand: opens at once, kaidian.auto_if_no_gouji) at a seat's first play."""
    p = st.p
    k = st.known[seat]
    if p.no4 and not k[I4] and not st.unknown[seat] and not st.kd_done & BIT[seat]:
        _not_opened(st, seat, ev, "no 4 (开点发4)", "无4不开点", rule="R-KAIDIAN-3")
    elif p.lead4 and not k[I4] and not st.unknown[seat] and not st.kd_done & BIT[seat]:
        _effect_dispute(  # 开点发4 without a 4: only 000§C and 004b(15) say 不开点
            st,
            seat,
            None,
            "R-KAIDIAN-3",
            "kaidian.no4_is_bukaidian",
            lambda v: (
                f"seat {seat} holds no 4 at his first play: "
                + ("不开点" if v else "he may still open")
            ),
            ev,
        )
    if p.auto and not st.unknown[seat] and not (st.opened | st.kd_done) & BIT[seat]:
        hand = cards_of(k)
        holds = _holds_gouji(p, hand)

        def auto(v: Any) -> str:
            r = _reading(st, v)
            h = holds if r is st.rs else r is not None and _holds_gouji(_params(r), hand)
            return f"seat {seat} " + (
                "holds a 够级 set: no automatic 开点" if h else "holds no 够级 set: he opens"
            )

        if any(_holds_gouji(p2, hand) != holds for p2 in _threshold_params(st)):
            _effect_dispute(st, seat, None, "R-KAIDIAN-1", _THRESHOLDS, auto, ev)
        if not holds:
            _opened(st, seat, ev, "no 够级 set in hand: opens automatically", "无够级牌，自动开点")


#: R-GOUJI-1's thresholds: which sets are 够级, so which open (R-KAIDIAN-1).
_THRESHOLDS = "gouji.thresholds"


#: (ruleset id, profile) -> (the ruleset, the compiled rules of each other reading of an
#: open ``gouji.thresholds``, none where it is stated): found once per record's rules.
_ALTS: dict[tuple[int, str | None], tuple[Ruleset, tuple[_P, ...]]] = {}


def _threshold_params(st: DealState) -> tuple[_P, ...]:
    """The compiled rules of each other reading of ``gouji.thresholds`` where it is an open
    point of the record (``()`` where stated), cached per ruleset and profile."""
    key = (id(st.rs), st.profile)
    hit = _ALTS.get(key)
    if hit is not None and hit[0] is st.rs:
        return hit[1]
    got = _open_setting(st, _THRESHOLDS)
    alts = tuple(_alt(st.rs, _THRESHOLDS, v) for v, _ in got[1]) if got is not None else ()
    out = tuple(_params(r) for r in alts if r is not None)
    if len(_ALTS) > 256:
        _ALTS.clear()
    _ALTS[key] = (st.rs, out)
    return out


def _reading(st: DealState, v: Any) -> Ruleset | None:
    """The record's ruleset with ``gouji.thresholds = v`` (itself for its own value)."""
    return st.rs if v == st.rs.get(_THRESHOLDS) else _alt(st.rs, _THRESHOLDS, v)


def _kd_thresholds(st: DealState, top: Top, ev: list[E.Event]) -> None:
    """R-KAIDIAN-1 where ``gouji.thresholds`` is open (issue #11): whether the set that
    stood opens its unopened owner depends on whether it is 够级 (a lone 2: 1张钱 under
    001b 4, two 2s needed under 002b 7), so a Dispute names what each reading rules for
    his 开点.  A burn's set is left to the burn's own rules (R-KAIDIAN-1 on a teammate's
    set, ``kaidian.teammate_burn_counts``)."""
    if top.shape is None or top.burn:
        return
    owner, shape = top.owner, top.shape
    alts = _threshold_params(st)
    if not alts or all(_facts(p2, top.counts, shape)[1] == top.kd_ok for p2 in alts):
        return  # stated, or every reading rules alike (cached per counters): no texts built
    cards = format_cards(top.cards)

    def opens(v: Any) -> str:
        r = _reading(st, v)
        ok = top.kd_ok if r is st.rs else r is not None and _facts(_params(r), top.counts, shape)[1]
        return f"seat {owner}'s {cards} stood: " + (
            "it opens him (开点)" if ok else "not an opening set: he does not open"
        )

    _effect_dispute(st, owner, None, "R-KAIDIAN-1", _THRESHOLDS, opens, ev)


def _kd_on_play(
    st: DealState, seat: int, counts: tuple[int, ...], lead: bool, ev: list[E.Event]
) -> None:
    """R-KAIDIAN-3 (开点发4): the lead after an opening set must be 4s; 4s played before
    opening forfeit it (kaidian.lead4)."""
    p = st.p
    if st.kd_shadow and lead and st.kd_shadow == seat:
        st.kd_shadow = 0
        if not (counts[I4] and sum(counts) == counts[I4]):
            _lead4_dispute(
                st,
                seat,
                "the lead after his opening is not 4s",
                f"seat {seat} has opened",
                f"seat {seat}'s opening does not count (he must open again)",
                ev,
            )
    elif not p.lead4 and counts[I4] and not (st.opened | st.kd_done | st.kd_alt) & BIT[seat]:
        _lead4_dispute(
            st,
            seat,
            "4s played before he opened",
            f"seat {seat} keeps his chance to open",
            f"seat {seat} does not open (不开点)",
            ev,
        )
    if st.kd_pending and lead:
        if st.kd_pending == seat:
            if counts[I4] and sum(counts) == counts[I4]:
                _opened(st, seat, ev, "led 4s after opening", "开点后发4")
            else:
                ev.append(
                    E.Notice(
                        seat,
                        rule_id="R-KAIDIAN-3",
                        en="the lead after opening is not 4s: the opening does not count",
                        zh="开点后下一手未发4，不算开点",
                    )
                )
        st.kd_pending = 0
    elif (
        p.lead4
        and counts[I4]
        and not (st.opened | st.kd_done) & BIT[seat]
        and st.kd_pending != seat
    ):
        _not_opened(st, seat, ev, "4s played before opening", "开点前先出4", rule="R-KAIDIAN-3")


def _kd_stood(st: DealState, top: Top, ev: list[E.Event]) -> None:
    """R-KAIDIAN-1: an opening set stood and its owner takes the lead: he opens (under
    开点发4 once he leads 4s, R-KAIDIAN-3)."""
    owner = top.owner
    if top.gousiji:
        _dispute(
            st,
            owner,
            None,
            "R-KAIDIAN-2",
            "kaidian.cutoff",
            "opening through a 够死级 set: the documents do not say whether 头科's 对头 "
            "can still open (EC-51)",
            "通过够死级开点：文件未说明头科的对头能否再开点（EC-51）",
            (("qingdao_001", "no: judged when 头科 goes out"), ("toke", "no")),
            ev,
        )
    if not st.p.lead4 and not st.kd_alt & BIT[owner]:
        st.kd_shadow = owner  # under kaidian.lead4 = true the opening awaits his 4s
    if st.p.lead4:
        st.kd_pending = owner
        ev.append(
            E.Opened(
                owner,
                confirmed=False,
                how_en=f"{format_cards(top.cards)} stood",
                how_zh=f"{format_cards(top.cards)}活",
            )
        )
    else:
        _opened(
            st,
            owner,
            ev,
            f"{format_cards(top.cards)} stood",
            f"{format_cards(top.cards)}活",
        )


def _lead4_dispute(
    st: DealState, seat: int, why: str, kept: str, lost: str, ev: list[E.Event]
) -> None:
    """R-KAIDIAN-3 under an open ``kaidian.lead4`` (开点发4 is the 000§C and 004b texts'):
    the engine's reading lets ``seat`` open (or keep his chance); 开点发4 would not."""
    st.kd_alt |= BIT[seat]  # under 开点发4 his chance is gone: no second dispute
    _effect_dispute(
        st,
        seat,
        None,
        "R-KAIDIAN-3",
        "kaidian.lead4",
        lambda v: f"{why}: " + (lost if v else kept),
        ev,
    )


def _opened(st: DealState, seat: int, ev: list[E.Event], en: str, zh: str) -> None:
    if st.opened & BIT[seat]:
        return
    st.opened |= BIT[seat]
    st.kd_done |= BIT[seat]
    ev.append(E.Opened(seat, confirmed=True, how_en=en, how_zh=zh))


def _not_opened(
    st: DealState, seat: int, ev: list[E.Event], en: str, zh: str, rule: str = "R-KAIDIAN-2"
) -> None:
    if (st.opened | st.kd_done) & BIT[seat]:
        return
    st.kd_done |= BIT[seat]
    if st.kd_pending == seat:
        st.kd_pending = 0
    ev.append(E.NotOpened(seat, reason_en=en, reason_zh=zh, rule_id=rule))


_CUTOFF_WHY = {1: "头科", 2: "二科"}


def _kd_cutoff(st: DealState, seat: int, place: int, ev: list[E.Event]) -> None:
    """R-KAIDIAN-2: 头科 or 二科 going out closes 开点 (kaidian.cutoff) for the seats it
    concerns; his 对头 too under kaidian.cutoff_on_own_duitou_out."""
    p = st.p
    why = _CUTOFF_WHY.get(place, "")
    cut: tuple[int, ...] = ()
    if (p.cutoff == "toke" and place == 1) or place == 2:
        cut = SEATS
    elif p.cutoff == "qingdao_001" and place == 1:
        cut = (seat, DUI[seat])
    if cut:
        en, zh = f"cutoff: {why} is out", f"{why}产生，截止开点"
        for s in cut:
            _not_opened(st, s, ev, en, zh)
    d = DUI[seat]
    if d not in cut and st.active & BIT[d] and not (st.opened | st.kd_done) & BIT[d]:
        _dispute_param(
            st,
            None,
            "R-KAIDIAN-2",
            "kaidian.cutoff_on_own_duitou_out",
            ev,
            (
                ("false", f"001c: seat {d} may still open"),
                ("true", f"000§J 第五条(5): seat {d} is 不开点 now (his 对头 went out)"),
            ),
        )
    if p.own_out:
        _not_opened(st, d, ev, "his 对头 went out", "对头走科")


def _toke_check(st: DealState, seat: int, ev: list[E.Event]) -> None:
    req = st.p.toke_req
    if req == "none":
        _dispute_param(st, None, "R-KAIDIAN-4", "kaidian.toke_requirement", ev)
    elif req == "must_have_opened" and not any(
        isinstance(e, E.Violation) and e.rule_id == "R-KAIDIAN-4" for e in ev
    ):
        _dispute(
            st,
            seat,
            None,
            "R-KAIDIAN-4",
            "kaidian.toke_requirement",
            f"seat {seat} goes out first unopened, but had nothing else to lead: the rules "
            "forbid an unopened 头科 without saying what happens then; the finish stands",
            f"{seat}号未开点而走头科，但别无他牌可出：规则禁止未开点者走头科，却未说明此时如何处理；按实际名次",
            (("none", "an unopened player may be 头科 (004b, 001c)"),),
            ev,
        )


def _toke_fail(
    st: DealState, seat: int, counts: tuple[int, ...], nunk: int, lead: bool
) -> _Fail | None:
    """R-KAIDIAN-4: going out first (头科) unopened, where the profile forbids it."""
    p = st.p
    if (
        not p.kd
        or p.toke_req == "none"
        or st.out_order
        or st.opened & BIT[seat]
        or st.kd_pending == seat
        or sum(counts) + nunk != st.count(seat)
    ):
        return None
    if p.toke_req == "fours_played" and not counts[I4]:
        return None
    if lead:
        n = st.count(seat)
        k = st.known[seat]
        if n == 1 or (p.bie3 and not st.unknown[seat] and k[I3] == n):
            return None  # nothing else to lead: forced
    if p.toke_req == "must_have_opened":
        return _Fail(
            "R-KAIDIAN-4",
            f"seat {seat} may not go out first (头科) without having opened",
            f"{seat}号未开点，不能走头科",
            "accept",
            "kaidian.toke_requirement",
        )
    return _Fail(
        "R-KAIDIAN-4",
        f"seat {seat} goes out first unopened with his 4s as the last set (the 4s must go earlier)",
        f"{seat}号不开点走头科，但4留到了最后（须提前发出）",
        "accept",
        "kaidian.toke_requirement",
    )


# ------------------------------------------------ claim of automatic 开点 (GJN 1.1 events)


def _judge_kaidian_claim(st: DealState, seat: int) -> _Fail | None:
    """R-KAIDIAN-1 (kaidian.auto_if_no_gouji, 000§G 5): a seat without any 够级 set in hand
    may claim that it has opened; a false claim is 大落 (如果情况不属于，一旦被发现，直接判定
    为'大落')."""
    p = st.p
    if not (p.kd and p.auto):
        return _Fail(
            "R-KAIDIAN-1",
            "this profile has no automatic 开点",
            "本规则无自动开点",
            "ignore",
            "kaidian.auto_if_no_gouji",
        )
    if st.ended or not st.active & BIT[seat] or (st.opened | st.kd_done) & BIT[seat]:
        return _Fail(
            "R-KAIDIAN-1",
            f"seat {seat}'s 开点 is already decided",
            f"{seat}号是否开点已定",
            "ignore",
        )
    if not st.unknown[seat] and _holds_gouji(p, cards_of(st.known[seat])):
        return _Fail(
            "R-KAIDIAN-1",
            f"seat {seat} claims automatic 开点 but holds a 够级 set: a false claim is 大落 "
            "(000§G 5)",
            f"{seat}号声明自动开点，但手中有够级牌：不属实者判为大落",
            "daluo",
            "kaidian.auto_if_no_gouji",
        )
    return None


def _kaidian_claim(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    ev.append(
        E.Claimed(
            seat,
            what="kaidian",
            rule_id="R-KAIDIAN-1",
            en=f"seat {seat} claims automatic 开点 (no 够级 set in hand)",
            zh=f"{seat}号声明自动开点（手中无够级牌）",
            action=a,
        )
    )
    _opened(st, seat, ev, "claimed: no 够级 set in hand", "声明无够级牌，自动开点")
