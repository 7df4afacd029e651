"""R-BURN-1..9 (烧牌): who may burn (one predicate for :func:`verify` and
:func:`legal_actions`), burn priority (联邦 first, a Dispute), jokers on the burner's sets,
the burner playing out his whole hand (R-BURN-4), 烧糊 and 假烧 (大落, the burned player
leads), 解烧 and 反烧, success (first set stands, or going out) and 004's formula."""

from __future__ import annotations

from gojinotation.cards import Card, format_cards
from gojinotation.model import (
    Action,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import (
    SEATS,
    _add,
    _dispute,
    _dispute_param,
    _effect_dispute,
    _Fail,
    _is_wutou,
    _primary,
    _restart,
    _set_outcome,
    _team,
)
from gojinotation_analyzer.engine.params import I3, ID, IX
from gojinotation_analyzer.engine.rules_finish import _force_bottom
from gojinotation_analyzer.engine.rules_kaidian import _not_opened, _opened
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    R_NONE,
    ActiveBurn,
    DealState,
)


def _burnable(st: DealState) -> bool:
    """Whether the standing set can be burned at all, by some seat (R-BURN-1)."""
    return _burn_table_fail(st) is None


def _answers_plainly(st: DealState, seat: int) -> bool:
    """R-BURN-1 / R-WUTOU-1: ``seat`` may answer the standing set without burning (the
    对头; a 无头 seat; anyone, on a set anyone may answer): a Burn he declares is read as
    a plain play."""
    top = st.top
    assert top is not None
    return seat == DUI[top.owner] or top.restrict == R_NONE or _is_wutou(st, seat)


def _may_burn(st: DealState, s: int) -> bool:
    """Whether ``s`` may declare a burn now, before his cards are looked at: the checks
    :func:`~gojinotation_analyzer.engine.verify` makes of a Burn (one copy for both)."""
    return (
        st.top is not None
        and bool(st.active & BIT[s])
        and not _answers_plainly(st, s)
        and _burn_fail_reason(st, s) is None
    )


def _fake_burn_fail(owner: int, verdict: S.Verdict) -> _Fail:
    """R-BURN-7: the burn does not beat the set (假烧)."""
    return _Fail(
        "R-BURN-7",
        f"the burn cannot beat seat {owner}'s set: {verdict.en} (假烧)",
        f"烧不动{owner}号的牌：{verdict.zh}（假烧）",
        "fake",
        verdict.param,
    )


def _burn_formula_ok(st: DealState, seat: int) -> bool:
    """R-BURN-9 (burn.eligibility = formula_004): sets − jokers ≤ 2 (an unknown hand
    passes)."""
    return bool(st.unknown[seat]) or S.burn_formula_ok(st.hand(seat), st.p.srs)


def _burn_formula_fail() -> _Fail:
    """R-BURN-9: the hand does not meet the burn formula (烧糊)."""
    return _Fail(
        "R-BURN-9",
        "the hand does not meet 004's burn formula (sets − jokers ≤ 2)",
        "手中牌不符合烧牌公式（套数－王数≤2）",
        "burnfail",
        "burn.eligibility",
    )


def _burn_fail_reason(st: DealState, seat: int) -> _Fail | None:
    """R-BURN-1: why ``seat`` may not burn the standing set (``None``: he may)."""
    top = st.top
    if top is not None and st.p.burn_ok and seat == top.owner:
        return _Fail("R-BURN-1", "one cannot burn one's own set", "不能烧自己的牌", "ignore")
    f = _burn_table_fail(st)
    if f is not None:
        return f
    if st.declined & BIT[seat] or (st.passed & BIT[seat] and st.p.blocks_burn):
        return _Fail(
            "R-BURN-1",
            f"seat {seat} passed and may not burn",
            f"{seat}号已过牌，不能烧牌",
            "cuopai",
            "pass.blocks_burn",
        )
    return _outranked(st, seat)


def _burn_table_fail(st: DealState) -> _Fail | None:
    """R-BURN-1: why the standing set cannot be burned by anyone (``None``: it can)."""
    top = st.top
    p = st.p
    if top is None:
        return _Fail("R-BURN-1", "there is no 够级 set to burn", "没有可烧的够级牌", "cuopai")
    if not p.burn_ok:
        return _Fail(
            "R-BURN-1", "burning is not allowed", "本规则不允许烧牌", "cuopai", "burn.allowed"
        )
    if not top.gouji:
        return _Fail(
            "R-BURN-1", "only a 够级 set can be burned", "只有够级牌才能烧", "cuopai", None
        )
    if st.sihu:
        return _Fail(
            "R-BURN-1",
            "no burning in 四户乱缠",
            "四户乱缠时没有烧牌",
            "cuopai",
            "sihu_luanchan",
        )
    if top.restrict == R_NONE:
        return _Fail(
            "R-BURN-1",
            f"seat {top.owner} is 无头: anyone may beat his sets, there is no burning",
            f"{top.owner}号无头，任何人可灭其牌，没有烧牌一说",
            "cuopai",
            "wutou.enabled",
        )
    out = len(st.out_order) + len(st.forced) + len(st.revolutions)
    if out > p.max_out:
        return _Fail(
            "R-BURN-1",
            f"{out} players are out: burning needs at least {6 - p.max_out} in play",
            f"已有{out}人走科，烧牌须至少{6 - p.max_out}人未走科",
            "cuopai",
            "burn.max_players_out",
        )
    return None


def _burn_order(owner: int, s: int) -> tuple[bool, int]:
    """R-BURN-2: the priority of ``s`` burning ``owner``'s set: ``owner``'s 联邦 first,
    then the others, each side in play order from ``owner`` (smaller goes first)."""
    return _team(s) != _team(owner), (s - owner) % 6


def _could_burn(st: DealState, s: int) -> bool:
    """Whether ``s`` may burn the standing set and (as far as his hand shows) can beat it."""
    top = st.top
    if top is None or not _may_burn(st, s):
        return False
    if st.unknown[s] or top.shape is None:
        return True
    if st.p.formula and not _burn_formula_ok(st, s):
        return False
    return bool(S.beating_sets_of_counts(st.known[s], top.shape, st.p.srs))


def _burn_priority(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """R-BURN-2 (burn.priority): a burn recorded while a seat ahead of the burner in burn
    priority could also burn and has not declined (an explicit pass).  Had that seat
    declared too, he would burn first; a record cannot show two declarations at once, so
    this is a Dispute, not an error (ENGINE_DEFAULTS["burn-window"])."""
    top = st.top
    if top is None or st.claims_top is top:
        return  # the record writes the declarations: who declared is known (R-BURN-2)
    owner = top.owner
    mine = _burn_order(owner, seat)
    ahead = [s for s in SEATS if s != seat and _burn_order(owner, s) < mine and _could_burn(st, s)]
    if not ahead:
        return
    h = min(ahead, key=lambda s: _burn_order(owner, s))
    mate = _team(h) == _team(owner) != _team(seat)
    why = f"seat {owner}'s 联邦" if mate else "earlier in play order"
    why_zh = f"{owner}号的联邦" if mate else "出牌顺序在前"
    _dispute(
        st,
        seat,
        a,
        "R-BURN-2",
        "burn.priority",
        f"seat {seat} burns seat {owner}'s 够级 set while seat {h} ({why}, ahead in burn "
        f"priority) could also burn and had not declined: had seat {h} declared too, he "
        "burns first; the record cannot show whether he did",
        f"{seat}号烧{owner}号的够级牌，而烧牌优先的{h}号（{why_zh}）也可烧且未声明不烧："
        f"若{h}号同时声明烧牌，应由他先烧；记录无法显示他是否声明",
        (("lianbang_first_then_order", f"seat {h} burns first if he declared"),),
        ev,
    )


def _burner_to_lead(st: DealState) -> int:
    """The burner, while his burn goes on and the lead is his (R-BURN-4), else 0."""
    b = st.burn
    if b is None or st.ended or not st.active & BIT[b.burner]:
        return 0
    if st.closing:
        return b.burner if st.next_leader == b.burner else 0
    if st.top is None and st.leader == b.burner:
        return b.burner
    return 0


def _burn_stop(st: DealState, seat: int, burner: int, what_en: str, what_zh: str) -> _Fail:
    """R-BURN-4: the burner does not play on; the profile's sanction is 烧糊 (大落)."""
    n = st.count(burner)
    return _Fail(
        "R-BURN-4",
        f"seat {burner} is burning and must play on until his hand is empty (he holds {n}): "
        + what_en,
        f"{burner}号正在烧牌，须一路出完手牌（尚有{n}张）：" + what_zh,
        "burnstop",
        "burn.fail_place",
    )


def _lead_for_burner(st: DealState, seat: int) -> _Fail:
    """Another seat leads where the burner should (R-BURN-4: he has stopped)."""
    burner = _burner_to_lead(st)
    return _burn_stop(st, seat, burner, f"seat {seat} leads in his place", f"{seat}号代替他发牌")


def _burn_refused(
    st: DealState, seat: int, cards: tuple[Card, ...], f: _Fail, ev: list[E.Event]
) -> None:
    """R-BURN-9's sanction: the declared burn fails at once (烧糊); ``f`` is the failed
    check (its rule id and parameter name the cause)."""
    top = st.top
    victim = top.owner if top else seat
    ev.append(E.BurnDeclared(seat, against=victim, cards=cards))
    st.burns = (*st.burns, (seat, victim, "failed", 1))
    _burn_failed(st, seat, victim, ev, f.en, f.zh, cause=f.rule_id, param=f.param)


def _burner_set_ok(
    st: DealState,
    seat: int,
    b: ActiveBurn,
    counts: tuple[int, ...],
    nunk: int,
    hand_after: int,
    cards_t: tuple[Card, ...],
    ev: list[E.Event],
) -> bool:
    """R-BURN-3/5: a set the burner leads while his burn goes on carries a joker unless
    exempt (his last set; his 3s alone under burn.only_3s_left_ok); else 烧糊."""
    has_joker = counts[IX] + counts[ID] > 0
    exempt = hand_after <= 0 or has_joker or nunk > 0
    if not exempt:
        exempt = _only_3s_left(st, seat, counts, cards_t, b.sets + 1, ev)
    if not exempt:
        _burn_failed(
            st,
            seat,
            b.victim,
            ev,
            f"set {b.sets + 1} ({format_cards(cards_t)}) carries no joker",
            f"第{b.sets + 1}手（{format_cards(cards_t)}）未挂王",
        )
        return False
    st.burn = b.evolve(sets=b.sets + 1)
    return True


def _only_3s_left(
    st: DealState,
    seat: int,
    counts: tuple[int, ...],
    cards_t: tuple[Card, ...],
    n: int,
    ev: list[E.Event],
) -> bool:
    """R-BURN-3: whether the burner's ``n``-th set, which carries no joker, is exempt
    because only 3s are left after it (``burn.only_3s_left_ok``, 002b 8).  Where that
    point is open and it decides (only 3s are left), a Dispute: 烧糊 under one reading,
    the burn goes on under the other."""
    rest = _add(st.known[seat], counts, -1)
    left3 = not st.unknown[seat] and sum(rest) == rest[I3]
    if left3:
        cards = format_cards(cards_t)
        _effect_dispute(
            st,
            seat,
            None,
            "R-BURN-3",
            "burn.only_3s_left_ok",
            lambda v: (
                f"set {n} ({cards}) leaves only 3s: exempt, the burn goes on"
                if v
                else f"set {n} ({cards}) carries no joker: 烧糊, seat {seat} is 大落"
            ),
            ev,
        )
    return left3 and st.p.only3


def _burn_first_set_ok(
    st: DealState,
    seat: int,
    victim: int,
    counts: tuple[int, ...],
    hand_after: int,
    cards_t: tuple[Card, ...],
    ev: list[E.Event],
) -> bool:
    """R-BURN-3/5: the burning set itself carries a joker unless exempt
    (burn.joker_exempt = first_and_last, the last set, only 3s left); else 烧糊."""
    p = st.p
    has_joker = counts[IX] + counts[ID] > 0
    exempt = hand_after <= 0 or has_joker or p.first_exempt
    if not exempt:
        exempt = _only_3s_left(st, seat, counts, cards_t, 1, ev)
    if not exempt:
        ev.append(E.BurnDeclared(seat, against=victim, cards=cards_t))
        st.burns = (*st.burns, (seat, victim, "failed", 1))
        _burn_failed(
            st,
            seat,
            victim,
            ev,
            "the first set carries no joker (only the last is exempt)",
            "第一手未挂王（只有最后一手可以不挂）",
        )
        return False
    return True


def _burn_answered(st: DealState, seat: int, b: ActiveBurn, burn: bool, ev: list[E.Event]) -> int:
    """R-BURN-6: the burner's set is beaten: 反烧 (a burn on the burner) or 解烧.  The
    burner, when a 解烧 makes him 大落 (burn.killed_by_duitou), else 0."""
    st.burns = _set_outcome(st.burns, b.index, "lifted")
    st.burn = None
    if burn:
        ev.append(E.CounterBurn(seat, against=b.burner, level=b.level + 1))
        return 0
    ev.append(E.BurnLifted(b.burner, by=seat))
    burner = b.burner
    _dispute_param(
        st,
        None,
        "R-BURN-6",
        "burn.killed_by_duitou",
        ev,
        (
            (
                "void_continue",
                f"004b(5) 烧牌者对方可解烧牌: the burn is void, seat {burner} plays on",
            ),
            ("daluo", f"004a 一10 烧牌不成即为末位: seat {burner} is 末位 (大落)"),
        ),
    )
    return b.burner if st.p.killed_daluo else 0


def _burn_start(
    st: DealState,
    seat: int,
    victim: int,
    b: ActiveBurn | None,
    cards_t: tuple[Card, ...],
    ev: list[E.Event],
) -> None:
    """R-BURN-1/6: the burn starts (a 反烧 one level up on a burner's set)."""
    level = 1
    if b is not None and victim == b.burner:
        level = b.level + 1
    else:
        ev.append(E.BurnDeclared(seat, against=victim, cards=cards_t))
    if st.burn is not None and st.burn.burner != seat:
        st.burns = _set_outcome(st.burns, st.burn.index, "lifted")
    st.burn = ActiveBurn(seat, victim, level, len(st.burns), teammate=_team(seat) == _team(victim))
    st.burns = (*st.burns, (seat, victim, "", level))


def _burn_round_closed(st: DealState, b: ActiveBurn, ev: list[E.Event]) -> None:
    """R-BURN-8 under burn.success = first_set_stands: the burner's first set stood."""
    owner = b.burner
    if b.first and st.p.success_first and not b.succeeded:
        ev.append(E.BurnSucceeded(owner, against=b.victim))
        st.burns = _set_outcome(st.burns, b.index, "success")
        b = b.evolve(succeeded=True)
    st.burn = b.evolve(first=False)


def _burn_failed(
    st: DealState,
    seat: int,
    victim: int,
    ev: list[E.Event],
    en: str,
    zh: str,
    *,
    cause: str = "R-BURN-3",
    param: str | None = "burn.joker_exempt",
) -> None:
    """烧糊 (R-BURN-5): the burner is 大落 and the burned seat leads; ``cause`` and
    ``param`` name the rule the burn broke and the parameter that decided it."""
    b = st.burn
    if b is not None and b.burner == seat:
        st.burns = _set_outcome(st.burns, b.index, "failed")
    st.burn = None
    ev.append(E.BurnFailed(seat, reason_en=en, reason_zh=zh, cause=cause, param=param))
    st.youtou |= BIT[seat]
    _force_bottom(st, seat, ev, "烧糊", "烧糊")
    _restart(st, victim, ev)


def _fake_burn(st: DealState, seat: int, ev: list[E.Event]) -> None:
    top = st.top
    victim = top.owner if top is not None else seat
    ev.append(E.FakeBurn(seat, against=victim))
    st.burns = (*st.burns, (seat, victim, "fake", 1))
    if st.p.fake_flip and st.p.kd:
        _not_opened(st, seat, ev, "假烧", "假烧")
        _opened(st, DUI[seat], ev, "the 对头 burned falsely (假烧)", "对头假烧")
    st.youtou |= BIT[seat]
    _force_bottom(st, seat, ev, "假烧", "假烧")
    _restart(st, victim, ev)


def _burn_on_out(st: DealState, seat: int, ev: list[E.Event]) -> None:
    """R-BURN-8: a burner who plays out his whole hand has burned successfully."""
    b = st.burn
    if b is not None and b.burner == seat:
        if not b.succeeded:
            ev.append(E.BurnSucceeded(seat, against=b.victim))
            st.burns = _set_outcome(st.burns, b.index, "success")
        st.burn = None


# ------------------------------------------------------- burn declarations (GJN 1.1)


def _claims(st: DealState) -> tuple[int, ...]:
    """The seats whose burn declaration (``3:declare``) on the standing set is pending."""
    return st.burn_claims if st.top is not None and st.claims_top is st.top else ()


def _outranked(st: DealState, seat: int) -> _Fail | None:
    """R-BURN-2: another seat declared a burn on the standing set and goes first (the 够级
    player's 联邦 first, then play order: 000§C 5, 002a 6, 004c 第六条); ``seat`` may burn
    after him (此后其他人可再烧牌)."""
    top = st.top
    claims = _claims(st)
    if top is None or not claims:
        return None
    mine = _burn_order(top.owner, seat)
    first = min(claims, key=lambda s: _burn_order(top.owner, s))
    if first == seat or _burn_order(top.owner, first) > mine:
        return None
    return _Fail(
        "R-BURN-2",
        f"seat {first} declared a burn on seat {top.owner}'s set and goes first (burn "
        f"priority: {_why_first(top.owner, first)}); seat {seat} may burn only after him",
        f"{first}号已声明烧{top.owner}号的牌，按烧牌优先（{_why_first_zh(top.owner, first)}）"
        f"先烧；{seat}号须待其后",
        "ignore",
        "burn.priority",
    )


def _why_first(owner: int, first: int) -> str:
    return f"seat {owner}'s 联邦" if _team(first) == _team(owner) else "earlier in play order"


def _why_first_zh(owner: int, first: int) -> str:
    return f"{owner}号的联邦" if _team(first) == _team(owner) else "出牌顺序在前"


def _claim_blocks(st: DealState, seat: int) -> _Fail | None:
    """R-BURN-2: the 对头 answers a 够级 set while a burn declared on it is pending;
    burns come first (004a(4) 够级时按顺序先烧后打; 000§C 5 优先于够级者的对头声明烧牌)."""
    top = st.top
    claims = _claims(st)
    if top is None or not claims or seat != DUI[top.owner]:
        return None
    first = min(claims, key=lambda s: _burn_order(top.owner, s))
    return _Fail(
        "R-BURN-2",
        f"seat {first} declared a burn on seat {top.owner}'s 够级 set: the burn comes before "
        f"the 对头's answer (先烧后打); seat {seat} answers after it",
        f"{first}号已声明烧{top.owner}号的够级牌：先烧后打，{seat}号须待烧牌之后再上",
        "ignore",
        "burn.priority",
    )


def _judge_declare(st: DealState, seat: int) -> _Fail | None:
    """R-BURN-1/2/7: ``seat`` may declare a burn on the standing 够级 set (he may burn it:
    :func:`_may_burn`), and his hand can beat it; a declaration he cannot follow with a
    beating set is 假烧 (R-BURN-7)."""
    top = st.top
    if top is None or not st.active & BIT[seat] or st.ended:
        return _Fail("R-BURN-1", "there is no 够级 set to burn", "没有可烧的够级牌", "ignore")
    if seat in _claims(st):
        return _Fail(
            "R-BURN-2",
            f"seat {seat} has already declared this burn",
            f"{seat}号已声明烧这套牌",
            "ignore",
        )
    if _answers_plainly(st, seat):
        return _Fail(
            "R-BURN-1",
            f"seat {seat} may answer seat {top.owner}'s set without burning: nothing to declare",
            f"{seat}号可直接上{top.owner}号的牌，无须声明烧牌",
            "ignore",
        )
    f = _burn_fail_reason(st, seat)
    if f is not None:
        return _Fail(f.rule_id, f.en, f.zh, "ignore", f.param)
    if not _could_burn(st, seat):
        return _Fail(
            "R-BURN-7",
            f"seat {seat} declares a burn his hand cannot make on seat {top.owner}'s set (假烧)",
            f"{seat}号声明烧牌，但手中牌烧不动{top.owner}号的牌（假烧）",
            "fake",
            "burn.eligibility" if st.p.formula else None,
        )
    return None


def _declare(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """Record the declaration; when two seats claim the same burn, R-BURN-2 decides and
    the other declaration is void."""
    top = st.top
    assert top is not None
    claims = _claims(st)
    st.claims_top = top
    owner = top.owner
    ev.append(
        E.Claimed(
            seat,
            what="declare",
            rule_id="R-BURN-2",
            en=f"seat {seat} declares a burn on seat {owner}'s 够级 set",
            zh=f"{seat}号声明烧{owner}号的够级牌",
            action=a,
        )
    )
    if not claims:
        st.burn_claims = (seat,)
        return
    rival = claims[0]
    first, void = sorted((seat, rival), key=lambda s: _burn_order(owner, s))
    st.burn_claims = (first,)
    ev.append(
        E.Notice(
            void,
            rule_id="R-BURN-2",
            en=f"seats {rival} and {seat} both declare a burn on seat {owner}'s set: seat "
            f"{first} goes first ({_why_first(owner, first)}); seat {void}'s declaration is "
            "void (he may burn again after the burn)",
            zh=f"{rival}号与{seat}号同时声明烧{owner}号的牌：{first}号优先"
            f"（{_why_first_zh(owner, first)}）；{void}号的声明作废（烧牌后可再烧）",
            action=a,
            ruling="void",
        )
    )


def _judge_decline(st: DealState, seat: int) -> _Fail | None:
    """R-BURN-2: an explicit 不烧 by a seat that could declare a burn on the standing set
    (the seats that may decline with 过, R-PASS-1, but the 对头 and others who answer it
    without burning)."""
    if (
        st.top is not None
        and not st.ended
        and _burnable(st)
        and _may_decline(st, seat)
        and seat != st.turn
        and not _answers_plainly(st, seat)
    ):
        return None
    return _Fail(
        "R-BURN-2",
        f"seat {seat} has no burn to decline here",
        f"{seat}号此时无烧牌可放弃",
        "ignore",
    )


def _decline(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """不烧: the seat gives up burning this set (and withdraws its declaration)."""
    top = st.top
    assert top is not None
    if seat in _claims(st):
        st.burn_claims = tuple(s for s in st.burn_claims if s != seat)
    st.declined |= BIT[seat]
    st.passed |= BIT[seat]
    if st.yielder == seat:
        st.yielder = 0
    ev.append(
        E.Claimed(
            seat,
            what="decline",
            rule_id="R-BURN-2",
            en=f"seat {seat} declines to burn seat {top.owner}'s set",
            zh=f"{seat}号声明不烧{top.owner}号的牌",
            action=a,
        )
    )


def _may_decline(st: DealState, s: int) -> bool:
    """A non-primary seat may decline burning a 够级 set, with 过 (R-PASS-1, judged in
    :mod:`.rules_turn`) or with 不烧 (``3:decline``)."""
    top = st.top
    if top is None or top.restrict == R_NONE or not st.active & BIT[s]:
        return False
    if s == top.owner or st.declined & BIT[s]:
        return False
    return s != _primary(st)
