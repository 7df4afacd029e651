"""R-FINISH-1 and R-REVOLUTION-1: going out and the places (forced ones: 大落 at the
bottom), 革命 (when it may be declared, its place), 串三户 as it happens, what follows a
seat's leaving (四户乱缠, 无头, 有头 lifted, 够死级 chances granted) and the end of the deal
with its facts and score."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gojinotation.model import Action
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import (
    SEATS,
    _dispute,
    _dispute_param,
    _effect_dispute,
    _Fail,
    _fix_pointers,
    _has_head,
    _popcount,
    _set_outcome,
    _setting,
    _team,
    _two_out,
)
from gojinotation_analyzer.engine.opening import _void_hand
from gojinotation_analyzer.engine.params import I2, I3, ID, IX, _stated
from gojinotation_analyzer.engine.rules_kaidian import _kd_cutoff, _opened, _toke_check
from gojinotation_analyzer.engine.scoring import (
    BurnFact,
    DealFacts,
    ErShaYiFact,
    MenFact,
    PenaltyFact,
    score_deal,
)
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    DealState,
)


def _revolution_ok(st: DealState, seat: int) -> _Fail | None:
    mode = st.p.geming
    if mode == "forbidden":
        return _Fail(
            "R-REVOLUTION-1",
            "革命 is not allowed in this profile",
            "本规则不允许革命",
            "ignore",
            "geming.mode",
        )
    if st.started & BIT[seat] or (st.any_play and mode != "zaofan_baola"):
        return _Fail(
            "R-REVOLUTION-1",
            "革命 must be declared before play",
            "革命须在出牌前声明",
            "ignore",
            "geming.mode",
        )
    k = st.known[seat]
    if st.unknown[seat]:
        return None
    power = k[I2] + k[IX] + k[ID]
    if power or (mode == "no3_and_no_power" and k[I3]):
        what = "no joker, no 2" + (" and no 3" if mode == "no3_and_no_power" else "")
        return _Fail(
            "R-REVOLUTION-1",
            f"革命 needs a hand with {what}",
            "革命须手中无大小王、无2" + ("、无3" if mode == "no3_and_no_power" else ""),
            "ignore",
            "geming.mode",
        )
    return None


def _places_free(st: DealState) -> list[int]:
    taken = set(st.places)
    return [q for q in range(1, 7) if q not in taken]


def _force_bottom(st: DealState, seat: int, ev: list[E.Event], en: str, zh: str) -> None:
    if not st.active & BIT[seat]:
        return
    free = _places_free(st)
    if st.rev_pending and 4 in free and len(free) > 1:
        free.remove(4)
    place = free[-1]
    pl = list(st.places)
    pl[seat] = place
    st.places = tuple(pl)
    st.forced = (*st.forced, seat)
    st.active &= ~BIT[seat]
    _void_hand(st, seat)
    ev.append(E.WentOut(seat, place=place, forced=en))
    _after_exit(st, seat, ev)


def _assign_revolution(st: DealState, ev: list[E.Event]) -> None:
    for r in st.rev_pending:
        if st.places[r]:  # placed already (forced 大落): his place stands
            continue
        first = [s for s in SEATS if st.places[s] == 1]
        second = [s for s in SEATS if st.places[s] == 2]
        free = _places_free(st)
        want = 4
        if first and second and _team(first[0]) == _team(r) == _team(second[0]):
            want = 3
        forced = "革命"
        backers = [b for b, rebel in st.baola if rebel == r]
        if backers:  # 000§K (一)7: 保拉 succeeds when the backer takes 头科
            won = bool(first) and first[0] in backers
            want, forced = (3, "保拉成功") if won else (6, "保拉失败：大拉")
        place = want if want in free else (free[0] if free else 4)
        pl = list(st.places)
        pl[r] = place
        st.places = tuple(pl)
        ev.append(E.WentOut(r, place=place, forced=forced))
    st.rev_pending = ()
    _chuan3hu(st, ev)


def _place_out(st: DealState, seat: int, ev: list[E.Event]) -> int:
    """R-FINISH-1: ``seat`` has played his last card: the first free place is his."""
    free = _places_free(st)
    if st.rev_pending and 4 in free and len(free) > 1:
        free.remove(4)
    place = free[0]
    pl = list(st.places)
    pl[seat] = place
    st.places = tuple(pl)
    st.out_order = (*st.out_order, seat)
    st.active &= ~BIT[seat]
    ev.append(E.WentOut(seat, place=place))
    if st.rev_pending and len(st.out_order) == 2 and not any(st.places[r] for r in st.rev_pending):
        # 004b(13): with 头科 and 二科 known, the 革命 player's place is known at once
        # (三科 when his two teammates took them: 串三户 at this exit), not at the next
        _assign_revolution(st, ev)
    return place


def _after_out(st: DealState, seat: int, place: int, ev: list[E.Event], gouji: bool) -> None:
    """What follows a seat's going out at ``place``: 头科 unopened (R-KAIDIAN-4), the
    够死级 chance (R-DIPAI-1), the 开点 cutoff (R-KAIDIAN-2), 串三户, the seats left."""
    p = st.p
    if place == 1 and p.kd and not st.opened & BIT[seat]:
        _toke_check(st, seat, ev)
    if place in (1, 2) and p.gsj_mode != "off":
        d = DUI[seat]
        if st.active & BIT[d] and (p.gsj_mode == "always" or gouji):
            g = list(st.gsj)
            g[d] += 1
            st.gsj = tuple(g)
            ev.append(E.Gousiji(d, granted=True, chances=1))
            if not gouji:
                _dispute_param(st, None, "R-DIPAI-1", "gousiji.mode", ev)
    if p.kd:
        _kd_cutoff(st, seat, place, ev)
    _chuan3hu(st, ev)
    _after_exit(st, seat, ev)


def _chuan3hu(st: DealState, ev: list[E.Event]) -> None:
    top3 = [s for s in SEATS if st.places[s] in (1, 2, 3)]
    if len(top3) == 3 and len({_team(s) for s in top3}) == 1 and not st.chuan3hu_seen:
        st.chuan3hu_seen = True
        ev.append(E.Chuan3hu(None, team="A" if _team(top3[0]) == 1 else "B"))


def _after_exit(st: DealState, seat: int, ev: list[E.Event]) -> None:
    p = st.p
    if _two_out(st):
        if st.youtou & ~st.youtou_told and (p.wutou or not p.sihu):
            st.youtou_told |= st.youtou
            _effect_dispute(  # 003(8) keeps it without an end, 000§K ends it here
                st, None, None, "R-WUTOU-1", "youtou.lifted_after_toke_erke", _youtou_ruled(st), ev
            )
        if p.youtou_lift and st.youtou:
            st.youtou = 0
        if p.sihu and not st.sihu:
            st.sihu = True
            seats = tuple(s for s in SEATS if st.active & BIT[s])
            if len(seats) > 1:
                ev.append(E.SihuLuanchan(None, seats=seats))
    if p.wutou:
        for s in SEATS:
            if st.active & BIT[s] and not st.wutou_seen & BIT[s] and not _has_head(st, s):
                st.wutou_seen |= BIT[s]
                ev.append(E.Wutou(s))
    _check_end(st, ev)


def _youtou_ruled(st: DealState) -> Callable[[Any], str]:
    """What each reading of ``youtou.lifted_after_toke_erke`` rules for the seats whose
    对头 is a failed burner (有头) once 头科 and 二科 are out."""
    heads = [(DUI[b], b) for b in SEATS if st.youtou & BIT[b] and st.active & BIT[DUI[b]]]
    kept = ", ".join(f"seat {d} keeps his 对头 seat {b} (有头)" for d, b in heads)
    lost = ", ".join(f"seat {d} no longer has his 对头 seat {b} (无头)" for d, b in heads)

    def ruled(value: Any) -> str:
        return (lost if value else kept) or "no seat in play is 有头"

    return ruled


def _revolution(st: DealState, seat: int, ev: list[E.Event]) -> None:
    ev.append(E.RevolutionDeclared(seat))
    if st.p.geming == "zaofan_baola" and not any(r == seat for _, r in st.baola):
        _dispute(
            st,
            seat,
            None,
            "R-REVOLUTION-1",
            "geming.mode",
            "造反 needs a teammate's 保拉, and the record writes none before it (e.g. "
            f"`{seat + 2 if seat < 5 else seat - 2}:baola {seat}`); the rebel is placed "
            "as a 革命者 (四科, or 三科 when his teammates take 头科 and 二科)",
            "造反须同伙提出保拉，记录中此前未写保拉；按革命者定名次（四科，同伙得头科二科时为三科）",
            (("zaofan_baola", "三科 if the 保拉 declarer takes 头科, else 大拉 (000§K)"),),
            ev,
        )
    st.revolutions = (*st.revolutions, seat)
    if len(st.revolutions) >= 2:
        _second_revolution(st, seat, ev)
    if len(st.revolutions) >= 2 and st.p.geming_second == "void_deal":
        st.void_deal = True
        st.active = 0
        _check_end(st, ev, force=True)
        return
    st.rev_pending = (*st.rev_pending, seat)
    st.active &= ~BIT[seat]
    _void_hand(st, seat)
    st.started |= BIT[seat]
    if st.p.geming == "no3_and_no_power" and st.p.kd:
        _opened(st, seat, ev, "革命 (001d)", "革命，开点")
    d = DUI[seat]
    if st.active & BIT[d] and st.p.gsj_mode != "off":
        g = list(st.gsj)
        g[d] += 3
        st.gsj = tuple(g)
        ev.append(E.Gousiji(d, granted=True, chances=3))
    _fix_pointers(st, ev)
    _after_exit(st, seat, ev)


def _second_revolution(st: DealState, seat: int, ev: list[E.Event]) -> None:
    """R-REVOLUTION-1 (geming.second): a second 革命/造反 in the deal; a Dispute where the
    profile's documents leave it open and the record's [Rules] do not state it."""
    if st.profile is None or "geming.second" in _stated(st.rs):
        return
    s = _setting(st.profile, "geming.second")
    if s is None or not (s.open or s.is_disputed):
        return
    src = {r.value: r.citation.tag if r.citation else r.note for r in s.disputed}
    void = f"{src.get('void_deal', '004b(13)')}: the deal is void"
    stand = (
        f"{src.get('both_stand', 'a documented variant')}: seat {seat} drops out as a 革命者 too"
    )
    here = "void_deal" if st.p.geming_second == "void_deal" else "both_stand"
    _dispute(
        st,
        seat,
        None,
        "R-REVOLUTION-1",
        "geming.second",
        f"a second 革命 (seat {seat}): only 004b(13) voids the deal, the profile's own "
        f"documents are silent; the engine rules geming.second = {here}",
        f"第二个革命（{seat}号）：只有004b(13)规定本局作废，本规则文件未述；"
        f"按 geming.second = {here} 裁定",
        (("void_deal", void), ("both_stand", stand)),
        ev,
    )


def _check_end(st: DealState, ev: list[E.Event], *, force: bool = False) -> None:
    if st.ended:
        return
    if not force and _popcount(st.active) > 1:
        return
    st.ended = True
    st.turn = 0
    st.closing = False
    if st.void_deal:
        facts = DealFacts(places={}, void=True, revolutions=st.revolutions)
        st.result = facts
        ev.append(E.DealEnded(None, places={}, facts=facts, score=None, void=True))
        return
    if st.rev_pending:
        _assign_revolution(st, ev)
    for s in SEATS:
        if st.active & BIT[s]:
            free = _places_free(st)
            pl = list(st.places)
            pl[s] = free[0]
            st.places = tuple(pl)
            st.active &= ~BIT[s]
            ev.append(E.WentOut(s, place=free[0]))
    b = st.burn
    if b is not None:
        st.burns = _set_outcome(st.burns, b.index, "failed")
        st.burn = None
    places = {s: st.places[s] for s in SEATS}
    opened: dict[int, bool | None] = {}
    for s in SEATS:
        opened[s] = bool(st.opened & BIT[s]) if st.p.kd else None
    try:
        facts = DealFacts(
            places=places,
            opened=opened,
            burns=tuple(
                BurnFact(bb, vv, (oo or "lifted"), ll)  # type: ignore[arg-type]
                for bb, vv, oo, ll in st.burns
            ),
            men=tuple(MenFact(v, b_, o) for v, b_, o in st.men_facts),
            ershayi=tuple(ErShaYiFact(k, v) for k, v in st.ershayi),
            revolutions=st.revolutions,
            penalties=tuple(PenaltyFact(s, pts, why) for s, pts, why in st.penalties),
        )
        score = score_deal(facts, st.rs)
    except (ValueError, KeyError) as e:  # pragma: no cover - defensive
        ev.append(
            E.Violation(
                None,
                rule_id="R-FINISH-1",
                en=f"the places could not be scored: {e}",
                zh=f"名次无法计分：{e}",
            )
        )
        ev.append(E.DealEnded(None, places=places))
        return
    st.result = facts
    ev.append(E.DealEnded(None, places=places, facts=facts, score=score))


# ------------------------------------------------------ 保拉 and waivers (GJN 1.1 events)


def _judge_baola(st: DealState, seat: int, rebel: int) -> _Fail | None:
    """R-REVOLUTION-1 (geming.mode = zaofan_baola, 000§K (一)7): a teammate of the rebel
    backs his 造反 (保拉), once per rebel."""
    if st.p.geming != "zaofan_baola":
        return _Fail(
            "R-REVOLUTION-1",
            "this profile has no 造反 with 保拉 (000§K)",
            "本规则无造反保拉",
            "ignore",
            "geming.mode",
        )
    if st.ended or not st.active & BIT[seat]:
        return _Fail("R-REVOLUTION-1", f"seat {seat} is out", f"{seat}号已不在局中", "ignore")
    if rebel == seat or _team(rebel) != _team(seat):
        return _Fail(
            "R-REVOLUTION-1",
            f"保拉 backs a teammate's 造反; seat {rebel} is not seat {seat}'s teammate",
            f"保拉须为本方队友的造反；{rebel}号不是{seat}号的队友",
            "ignore",
        )
    if any(r == rebel for _, r in st.baola) or not (
        st.active & BIT[rebel] or rebel in st.revolutions
    ):
        return _Fail(
            "R-REVOLUTION-1",
            f"seat {rebel}'s 造反 is already backed or he is out",
            f"{rebel}号的造反已有保拉，或已走科",
            "ignore",
        )
    return None


def _baola(st: DealState, seat: int, rebel: int, a: Action, ev: list[E.Event]) -> None:
    st.baola = (*st.baola, (seat, rebel))
    ev.append(
        E.Claimed(
            seat,
            what="baola",
            rule_id="R-REVOLUTION-1",
            en=f"seat {seat} backs seat {rebel}'s 造反 (保拉): it succeeds if seat {seat} takes "
            f"头科 (seat {rebel} is then 三科), else seat {rebel} is 大拉 (000§K (一)7)",
            zh=f"{seat}号为{rebel}号的造反保拉：{seat}号抢到头科即保拉成功（{rebel}号为三科），"
            f"否则{rebel}号为大拉",
            action=a,
        )
    )


def _judge_waive(st: DealState, seat: int) -> _Fail | None:
    """R-REVOLUTION-1 (004b(13)): the 革命者's 对头 may waive his three 够死级 chances and
    is then 无头 (声明放弃此权力即视为无头)."""
    if not st.ended and st.active & BIT[seat] and st.gsj[seat] and DUI[seat] in st.revolutions:
        return None
    return _Fail(
        "R-REVOLUTION-1",
        f"seat {seat} has no 够死级 chances from a 革命 to waive",
        f"{seat}号没有因革命而得的够死级机会可放弃",
        "ignore",
    )


def _waive(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    g = list(st.gsj)
    g[seat] = 0
    st.gsj = tuple(g)
    ev.append(
        E.Claimed(
            seat,
            what="waive",
            rule_id="R-REVOLUTION-1",
            en=f"seat {seat} waives his 够死级 chances and is 无头 (004b(13))",
            zh=f"{seat}号声明放弃够死级机会，视为无头",
            action=a,
        )
    )
    if st.p.wutou:
        ev.append(E.Wutou(seat))
