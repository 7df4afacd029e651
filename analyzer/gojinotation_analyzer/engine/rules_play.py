"""Judging and applying a play: R-SET-1..4, R-JOKER-1..8, R-TWO-1 (a legal set that beats
the standing one, through :mod:`.sets`), R-GOUJI-1/2 (够级 and who may answer it),
R-JOKER-6's 二杀一 out of turn, R-DIPAI-1 (够死级), R-CUOPAI-1 (the wrong set is
错牌不出, in :mod:`.machine`), and a seat's first play; the play's effect calls each family
it concerns (burn, 开点, 闷, going out)."""

from __future__ import annotations

from collections.abc import Sequence

from gojinotation.cards import Card, format_cards
from gojinotation.model import Burn as BurnAct
from gojinotation.model import (
    Play,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import (
    _PLAY_COUNTS,
    _counts,
    _dispute_param,
    _Fail,
    _gouji_played,
    _led,
    _less,
    _out_of_turn,
    _Plan,
    _play_counts,
    _played,
    _reentry,
    _setting,
    _stand,
    _team,
    _walk,
)
from gojinotation_analyzer.engine.opening import _holdable, _lead_4s_fail, _must_lead_4s, _take
from gojinotation_analyzer.engine.openpoints import RESTATE
from gojinotation_analyzer.engine.params import I3, I4, ID, _compare, _facts, _shape, _stated
from gojinotation_analyzer.engine.rules_bie3 import (
    _bie3_no_three,
    _bie3_threes_fail,
    _lacks,
    _men,
    _must_buy,
    _must_buy_fail,
)
from gojinotation_analyzer.engine.rules_burn import (
    _burn_answered,
    _burn_fail_reason,
    _burn_first_set_ok,
    _burn_formula_fail,
    _burn_formula_ok,
    _burn_on_out,
    _burn_start,
    _burner_set_ok,
    _burner_to_lead,
    _fake_burn_fail,
    _lead_for_burner,
)
from gojinotation_analyzer.engine.rules_exchange import _clock, _slow_play
from gojinotation_analyzer.engine.rules_finish import _after_out, _force_bottom, _place_out
from gojinotation_analyzer.engine.rules_kaidian import _kd_first_play, _kd_on_play, _toke_fail
from gojinotation_analyzer.engine.rules_turn import _wrong_follow, _wutou_interject
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    GSJ_KEPT,
    R_DUITOU,
    R_NOBODY,
    R_NONE,
    DealState,
    Top,
)


def _gsj_usable(st: DealState, seat: int) -> bool:
    """R-DIPAI-1 gousiji.window: may the chance be used on this set?  ``banked``: any 够级
    set; ``dipai_only``: only an answer to the 对头's 底牌 (a 革命's three chances are
    banked by 004b(13) either way).  Under ``gousiji.before_jiefeng = false`` 接风 comes
    first: not on the 底牌 itself."""
    d = DUI[seat]
    top = st.top
    on_dipai = top is not None and top.owner == d and not st.closing
    if on_dipai and not st.p.gsj_first and d not in st.revolutions:
        return False  # gousiji.before_jiefeng = false: 接风 first, not on the 底牌 itself
    if st.p.gsj_banked:
        return True
    return d in st.revolutions or on_dipai


def _gousiji_kept(st: DealState, seat: int, gouji: bool) -> bool:
    """R-DIPAI-1: is this 够死级 set played on a kept chance, where the readings differ?

    003(14) and 000§H give the 对头 of 头科 and of 二科 "一次无对头够级机会" on that
    player's 底牌; whether the chance stays banked for the rest of the deal (the engine's
    reading, ENGINE_DEFAULTS["gousiji"]) or is only for answering that 底牌 is not said.
    True when the set is not played on the 对头's 底牌 and, read as an ordinary set, others
    could answer it: an answer to it is then disputed (:func:`_gousiji_unanswerable`).
    Chances a 革命 gives (004b(13) 三次够死级) are banked by their text."""
    d = DUI[seat]
    top = st.top
    if d in st.revolutions:
        return False  # a 革命's three chances: banked by 004b(13)
    if top is not None and top.owner == d and not st.closing:
        return False  # the 底牌 itself: both readings agree
    return _restrict(st, seat, gouji, False, False) != R_NOBODY


def _window_open(st: DealState) -> bool:
    """Whether ``gousiji.window`` is open in the record's profile and not stated by its
    ``[Rules]`` (then an answer to a kept chance's set is a dispute, else a flat error)."""
    if st.profile is None or "gousiji.window" in _stated(st.rs):
        return False
    s = _setting(st.profile, "gousiji.window")
    return s is not None and bool(s.open or s.is_disputed)


def _gousiji_unanswerable(st: DealState, top: Top) -> _Fail:
    """R-DIPAI-1: a 够死级 set stands; nobody may answer it except by a declared burn.
    On a kept chance (not on the 底牌) that is the engine's reading: a Dispute."""
    o, shown = top.owner, format_cards(top.cards)
    if st.passed & GSJ_KEPT[o] and _window_open(st):
        return _Fail(
            "R-DIPAI-1",
            f"seat {o}'s {shown} was played on the 够死级 chance from his 对头's going out, "
            "not on that 底牌: if the chance is kept for the deal (engine), only a burn may "
            "answer it and this play is ignored; if it is only for the 底牌, this is an "
            "ordinary answer to a 无头 seat's 够级 set and stands",
            f"{o}号的{shown}用的是对头走科所得的够死级机会，而非上其底牌：若机会保留至用完"
            "（引擎读法），除烧牌外无人能上，此牌不算；若机会只限于底牌，此为对无头者够级牌的"
            "正常上牌，应予承认",
            "ignore",
            "gousiji.window",
            alternatives=(
                ("banked", "003(14) 一次无对头够级机会 (no limit stated): ignored"),
                ("dipai_only", "003(14)/000§H, the chance is on the 底牌: the answer stands"),
            ),
        )
    return _Fail(
        "R-DIPAI-1",
        f"seat {o}'s {shown} is a 够死级 set (无对头够级, the chance seat {o} got when his "
        f"对头 went out): nobody may answer it except by a declared burn; seat {o} leads next",
        f"{o}号的{shown}为够死级（无对头够级）：除烧牌外无人能上，{o}号接着发牌",
    )


def _restrict(st: DealState, owner: int, gouji: bool, burn: bool, gousiji: bool) -> int:
    p = st.p
    if burn:
        return R_DUITOU if st.active & BIT[DUI[owner]] else R_NOBODY
    if gousiji:
        return R_NOBODY
    if not gouji or not p.duitou_only or st.sihu:
        return R_NONE
    d = DUI[owner]
    if st.active & BIT[d]:
        return R_DUITOU
    if st.youtou & BIT[d]:
        return R_NOBODY
    return R_NONE if p.wutou else R_NOBODY


def _restate_gouji(st: DealState) -> bool:
    """:data:`~.openpoints.RESTATE` for ``gouji.thresholds``: the standing set's 够级 status,
    who may answer it and whose turn it is, again under ``st``'s (another reading's)
    thresholds (the seats that declined since it was played stay declined)."""
    top = st.top
    if top is None or top.shape is None or top.burn or top.gousiji:
        return False
    gouji = _facts(st.p, top.counts, top.shape)[0]
    if gouji == top.gouji:
        return False
    st.top = Top(
        top.owner,
        top.cards,
        top.counts,
        top.shape,
        gouji,
        _restrict(st, top.owner, gouji, False, False),
        False,
        top.kd_ok,
        top.men_cand,
        False,
        top.single_big,
    )
    if not st.closing:  # the turn as that reading gives it: the 对头's duel, or the walk
        st.turn = _walk(st, top.owner)
    return True


RESTATE["gouji.thresholds"] = _restate_gouji


def _check_set(
    st: DealState, seat: int, cards: Sequence[Card], counts: tuple[int, ...], nunk: int
) -> tuple[_Fail | None, S.SetShape | None]:
    if not cards:
        return _Fail("R-SET-1", "a set needs at least one card", "牌套至少一张牌", "cuopai"), None
    if nunk:
        return None, None
    p = st.p
    got = p.shapes.get(counts)  # _shape's cache, read first
    if got is None or type(got) is not S.SetShape:
        try:
            got = _shape(p, counts, cards)
        except S.IllegalSet as e:
            return _Fail(e.rule_id, e.en, e.zh, "cuopai", e.param), None
    shape = got
    if p.bie3 and counts[I3] and sum(counts) != st.count(seat):
        f = _bie3_threes_fail(st, seat, counts)
        if f is not None:
            return f, None
    return None, shape


def _judge_play(st: DealState, a: Play | BurnAct, as_burn: bool = False) -> _Fail | _Plan:
    seat = a.seat
    if st.ended or not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    top = st.top
    lead = False
    implied = False
    if st.closing:
        if seat == st.next_leader and not as_burn:
            lead = implied = True
        elif not as_burn and _wutou_interject(st, seat):
            pass
        elif not as_burn:
            if (
                st.burn is not None
                and _burner_to_lead(st)
                and not (top is not None and seat == DUI[top.owner])
            ):
                return _lead_for_burner(st, seat)
            if top is not None and seat == DUI[top.owner] and st.passed & BIT[seat]:
                return _wrong_follow(st, seat)
            if top is not None and top.gousiji and seat != top.owner:
                return _gousiji_unanswerable(st, top)
            return _out_of_turn(st, seat)
    elif top is None:
        if as_burn:
            return _Fail("R-BURN-1", "there is no 够级 set to burn", "没有可烧的够级牌", "cuopai")
        if seat != st.leader:
            if st.burn is not None and _burner_to_lead(st):
                return _lead_for_burner(st, seat)
            return _out_of_turn(st, seat)
        lead = True
    elif (
        not as_burn
        and seat != st.turn
        and not _ershayi_interject(st, seat, a.cards)
        and not _wutou_interject(st, seat)
    ):
        return _wrong_follow(st, seat)
    if as_burn:
        f = _burn_fail_reason(st, seat)
        if f is not None:
            return f
    if lead and _must_lead_4s(st, seat) and not _counts(a.cards)[0][I4]:
        return _lead_4s_fail(seat)
    p = st.p
    if p.bie3 and not st.started & BIT[seat] and _must_buy(st, seat):  # never once he played
        return _must_buy_fail(st, seat)
    if a.notes and _clock(st, a) is not None:
        return _slow_play(st, a, lead or as_burn)
    cards = a.cards
    hit = _PLAY_COUNTS.get(id(cards))  # _play_counts's cache, read first
    if hit is not None and hit[0] is cards:
        counts, nunk, nz = hit[1], hit[2], hit[3]
    else:
        counts, nunk, nz = _play_counts(cards)
    fail, shape = _check_set(st, seat, cards, counts, nunk)
    if fail is not None:
        return fail
    verdict = None
    if not lead:
        assert top is not None
        if shape is not None and top.shape is not None:
            verdict = _compare(p, counts, shape, top.counts, top.shape)
            if not verdict.ok:
                if as_burn:
                    return _fake_burn_fail(top.owner, verdict)
                return _Fail(verdict.rule_id, verdict.en, verdict.zh, "cuopai", verdict.param)
        elif len(a.cards) != len(top.cards) and p.srs.cmp.same_total_count:
            return _Fail(
                "R-SET-2",
                "a set must have as many cards as the set it beats",
                "顺牌必须与上家张数相同",
                "cuopai",
                "cmp.same_total_count",
            )
    if as_burn and p.formula and not _burn_formula_ok(st, seat):
        return _burn_formula_fail()
    plan = _Plan(lead, counts, nunk, shape, verdict, implied)
    # (_toke_fail asks nothing of a ruleset without that requirement or once a seat is out)
    f = (
        _toke_fail(st, seat, counts, nunk, lead)
        if p.kd and p.toke_req != "none" and not st.out_order
        else None
    )
    if f is not None:
        f.plan = plan
        return f
    if not nunk:
        k = st.known[seat]
        newk = _less(k, nz)
        if newk is not None:  # every card is a known one (what _holdable checks first)
            plan.taken = (k, newk, nz)
            return plan
    f = _holdable(st, seat, counts, nunk)
    if f is not None:
        f.plan = plan
        return f
    return plan


def _ershayi_interject(st: DealState, seat: int, cards: Sequence[Card]) -> bool:
    """二杀一 by anyone (000§J: not a burn, "不记过牌")."""
    p = st.p
    top = st.top
    if not p.ershayi or p.ershayi_burn or top is None or not top.single_big or st.closing:
        return False
    if seat == top.owner or not st.active & BIT[seat]:
        return False
    if st.passed & BIT[seat] and not p.ershayi_exempt and not _reentry(st, seat, top.owner):
        return False
    counts, nunk = _counts(cards)
    return nunk == 0 and counts[ID] >= 2


def _first_play(st: DealState, seat: int, ev: list[E.Event]) -> bool:
    """Checks at a seat's first play; False when the seat is forced out instead."""
    p = st.p
    st.started |= BIT[seat]
    st.any_play = True
    if p.bie3 and _lacks(st, seat, I3):
        _bie3_no_three(st, seat, ev)
        return False
    if p.kd:
        _kd_first_play(st, seat, ev)
    return True


def _play(
    st: DealState,
    seat: int,
    cards: Sequence[Card],
    plan: _Plan,
    ev: list[E.Event],
    *,
    burn: bool,
) -> None:
    p = st.p
    if not st.started & BIT[seat] and not _first_play(st, seat, ev):
        return
    counts = plan.counts
    shape = plan.shape
    top = st.top
    lead = plan.lead
    cards_t = tuple(cards)
    b = st.burn
    taken = plan.taken
    if taken is not None and taken[0] is st.known[seat]:  # all known: the counts less the set
        hand_after = sum(taken[1]) + st.unknown[seat]
    else:
        hand_after = sum(st.known[seat]) + st.unknown[seat] - sum(counts) - plan.nunk
    # the burner's own sets: a joker on every set but the exempt ones (R-BURN-3)
    if (
        b is not None
        and b.burner == seat
        and not burn
        and lead
        and not _burner_set_ok(st, seat, b, counts, plan.nunk, hand_after, cards_t, ev)
    ):
        return
    if burn:
        assert top is not None
        if not _burn_first_set_ok(st, seat, top.owner, counts, hand_after, cards_t, ev):
            return
    if p.kd and (st.kd_pending or st.kd_shadow or counts[I4]):  # 开点发4 and early 4s
        _kd_on_play(st, seat, counts, lead, ev)
    # 解烧 / 反烧 / 闷 on the set being beaten
    lifted_daluo = 0
    if not lead and top is not None:
        if b is not None and top.owner == b.burner and seat != b.burner:
            lifted_daluo = _burn_answered(st, seat, b, burn, ev)
        if top.men_cand and st.active & BIT[top.owner]:
            _men(st, top.owner, seat, ev)
            if st.ended:
                return
        if plan.verdict is not None and plan.verdict.rule_id == "R-JOKER-6":
            st.ershayi = (*st.ershayi, (seat, top.owner))
            ev.append(E.Ershayi(seat, against=top.owner))
    y = st.yielder
    if y:
        if y != seat:
            st.passed |= BIT[y]
        st.yielder = 0
    if burn:  # the burn itself
        assert top is not None
        _burn_start(st, seat, top.owner, b, cards_t, ev)
    _take(st, seat, counts, plan.nunk, taken)
    if shape is not None:
        facts = p.facts.get(counts)  # _facts's cache, read first
        gouji, kd_ok, single_big = facts if facts is not None else _facts(p, counts, shape)
    else:
        gouji = kd_ok = single_big = False
    gousiji = False
    if gouji and st.gsj[seat] and not st.active & BIT[DUI[seat]] and _gsj_usable(st, seat):
        g = list(st.gsj)
        g[seat] -= 1
        st.gsj = tuple(g)
        gousiji = True
        ev.append(E.Gousiji(seat))
    is_burn_set = st.burn is not None and st.burn.burner == seat
    kept = gousiji and not is_burn_set and _gousiji_kept(st, seat, gouji)
    if kd_ok and burn and top is not None and _team(top.owner) == _team(seat):
        # R-KAIDIAN-1: a burn on a teammate's set opens only under teammate_burn_counts
        if not st.opened & BIT[seat]:
            _dispute_param(
                st,
                None,
                "R-KAIDIAN-1",
                "kaidian.teammate_burn_counts",
                ev,
                (
                    (
                        "false",
                        f"001c (从未用够级的方式取得过发牌权): seat {seat} is not opened by it",
                    ),
                    ("true", f"a documented variant (catalog): seat {seat} opens (开点) by it"),
                ),
            )
        if not p.teammate_burn:
            kd_ok = False
    restrict = _restrict(st, seat, gouji, is_burn_set, gousiji)
    if lead:
        st.round_no += 1
        st.passed = 0
        st.declined = 0
        ev.append(_led(seat, cards_t))
    else:
        assert top is not None
        st.declined = 0
        if not burn:
            ev.append(_played(seat, cards_t, top.owner))
        if st.passed & BIT[seat] and st.sihu and not st.p.reentry:
            # EC-41: one Dispute, settled by a [Rules] stating sihu_luanchan
            _dispute_param(
                st,
                None,
                "R-SIHU-1",
                "sihu_luanchan",
                ev,
                (
                    ("true", f"四户乱缠 (chosen): seat {seat}'s re-entry after a pass is legal"),
                    ("false", f"EC-41, no 对头 re-entry here: seat {seat}'s re-entry is illegal"),
                ),
            )
    if gouji:
        ans = DUI[seat] if restrict == R_DUITOU else (0 if restrict == R_NOBODY else -1)
        ev.append(_gouji_played(seat, cards_t, ans))
    st.top = Top(
        seat,
        cards_t,
        counts,
        shape,
        gouji,
        restrict,
        gousiji,
        kd_ok,
        False,
        is_burn_set,
        single_big,
    )
    if gousiji:  # R-DIPAI-1: whether an answer to it is disputed (gousiji.window)
        st.passed = st.passed | GSJ_KEPT[seat] if kept else st.passed & ~GSJ_KEPT[seat]
    st.closing = False
    st.closer = 0
    if lifted_daluo and st.active & BIT[lifted_daluo]:
        _force_bottom(st, lifted_daluo, ev, "解烧: 大落", "被解烧：大落")
        if st.ended:
            return
    if hand_after <= 0 and st.count(seat) == 0:
        place = _place_out(st, seat, ev)
        _burn_on_out(st, seat, ev)
        _after_out(st, seat, place, ev, gouji)
        if st.ended:
            return
    elif p.bie3 and not st.unknown[seat]:
        k = st.known[seat]
        if k[I3] and k[I3] == sum(k) and not counts[I3]:
            st.top.men_cand = True
    st.turn = _walk(st, seat)
    if not st.turn:
        _stand(st, ev)
