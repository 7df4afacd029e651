"""Every legal action now (:func:`legal_actions`), built from the same predicates as
:func:`~gojinotation_analyzer.engine.verify` (property-tested: an action is listed iff
:func:`~gojinotation_analyzer.engine.can` accepts it), and the seats that may act."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence

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
    Play,
    Query,
    Report,
    Return,
    Revolution,
    Show,
    Tribute,
    Waive,
    Yield,
)
from gojinotation.model import Burn as BurnAct
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.core import SEATS, _counts, _play_counts, _primary
from gojinotation_analyzer.engine.machine import can
from gojinotation_analyzer.engine.opening import _holdable, _must_lead_4s
from gojinotation_analyzer.engine.params import I2, I3, I4, ID
from gojinotation_analyzer.engine.rules_bie3 import (
    _bie3_threes_fail,
    _lacks,
    _must_buy,
    _pay_ranks,
    _seller_groups,
    _spare,
)
from gojinotation_analyzer.engine.rules_burn import (
    _burnable,
    _claim_blocks,
    _may_burn,
    _may_decline,
)
from gojinotation_analyzer.engine.rules_finish import _revolution_ok
from gojinotation_analyzer.engine.rules_play import _ershayi_interject
from gojinotation_analyzer.engine.rules_turn import (
    _judge_close,
    _judge_yield,
    _wutou_interject,
)
from gojinotation_analyzer.engine.scoring import (
    legal_tribute_cards,
)
from gojinotation_analyzer.engine.state import (
    BIT,
    DUI,
    NRANKS,
    R_DUITOU,
    R_NONE,
    RANK_CARDS,
    TO_ACT,
    DealState,
    Turn,
    cards_of,
)


def _possible_hand(st: DealState, seat: int) -> tuple[Card, ...]:
    k = st.known[seat]
    u = st.unknown[seat]
    if not u:
        return cards_of(k)
    return cards_of(tuple(k[i] + min(u, st.pool[i]) for i in range(NRANKS)))


_ALL_SEATS = frozenset(SEATS)


# The simple actions legal_actions lists, made once (actions are frozen values).
_PASS: tuple[Pass, ...] = (Pass(1), *(Pass(s) for s in SEATS))


_YIELD: tuple[Yield, ...] = (Yield(1), *(Yield(s) for s in SEATS))


_CLOSE: tuple[Close, ...] = (Close(1), *(Close(s) for s in SEATS))


_REPORT: tuple[tuple[Report, ...], ...] = tuple(
    tuple(Report(max(s, 1), count=n) for n in range(11)) for s in range(7)
)


#: Play actions by the identity of their cards tuple (engine.sets hands out one tuple
#: per set of unsuited cards) and seat; the tuple is kept, so its id stays its own.
_PLAY_ACTS: dict[int, tuple[tuple[Card, ...], list[Play | None]]] = {}


def _play_acts(seat: int, sets: Iterable[tuple[Card, ...]]) -> list[Play]:
    """``[Play(seat, cards=c) for c in sets]``, reusing equal (frozen) actions."""
    out: list[Play] = []
    cache = _PLAY_ACTS
    for c in sets:
        hit = cache.get(id(c))
        if hit is None or hit[0] is not c:
            if len(cache) > 50000:
                cache.clear()
            hit = cache[id(c)] = (c, [None] * 7)
        a = hit[1][seat]
        if a is None:
            a = hit[1][seat] = Play(seat, cards=c)
        out.append(a)
    return out


def _plays(st: DealState, seat: int, lead: bool) -> list[tuple[Card, ...]]:
    sets = _plays_all(st, seat, lead)
    if st.p.loose3:  # 憋3 with split or attached 3s: the enumeration lists every 3-set
        n = st.count(seat)
        sets = [
            c
            for c in sets
            if not (k := _counts(c)[0])[I3] or len(c) == n or _bie3_threes_fail(st, seat, k) is None
        ]
    return sets


def _plays_all(st: DealState, seat: int, lead: bool) -> list[tuple[Card, ...]]:
    p = st.p
    if not st.unknown[seat]:  # the hand is its counters: the cached enumeration
        if lead:
            return S.candidate_sets_of_counts(st.known[seat], p.srs)
        top = st.top
        assert top is not None
        if top.shape is not None:
            return S.beating_sets_of_counts(st.known[seat], top.shape, p.srs)
    hand = _possible_hand(st, seat)
    if lead:
        sets = S.candidate_sets(hand, p.srs)
    else:
        top = st.top
        assert top is not None
        if top.shape is None:
            sets = [c for c in S.candidate_sets(hand, p.srs) if len(c) == len(top.cards)]
        else:
            sets = S.beating_sets(hand, top.shape, p.srs)
    if st.unknown[seat]:
        sets = [c for c in sets if _holdable(st, seat, _counts(c)[0], 0) is None]
    return sets


#: The fields of a state that :func:`holdable` reads (the engine's R-DECK-2 check): the
#: cards each seat is known to hold, how many unknown cards it holds, the cards not yet
#: accounted for, and the parameters (the deck).
HOLD_FIELDS = ("known", "unknown", "pool", "p")


def holdable(state: DealState, seat: int, cards: Sequence[Card]) -> bool:
    """Whether ``seat`` may hold ``cards`` now, as the engine judges every play and burn
    (R-DECK-2; :func:`~gojinotation_analyzer.engine.can` accepts no play or burn of
    cards the seat cannot hold).  It reads only the fields :data:`HOLD_FIELDS`.

    >>> from gojinotation.cards import parse_cards as C
    >>> from gojinotation_analyzer.engine import new_deal
    >>> st = new_deal([C("QQQ 5"), C("KKK 6"), C("7"), C("AAA 8"), C("9"), C("T")],
    ...               leader=1, deck_check=False)
    >>> holdable(st, 1, C("QQ")), holdable(st, 2, C("QQ"))
    (True, False)
    """
    counts, nunk, _ = _play_counts(cards)
    return _holdable(state, seat, counts, nunk) is None


def legal_actions(
    state: DealState, *, sets_for: Container[int] | None = None, table_events: bool = False
) -> list[Action]:
    """Every legal action now: plays, burns, passes, 让牌, 扣牌, reports where relevant,
    革命 and buys before play.  Each passes :func:`verify`; :func:`verify` accepts no
    other action of these kinds.  Timeouts, penalties and rulings are record-only and are
    not listed.  Unknown cards are not played: a seat's possible sets are drawn from its
    known cards plus what its unknown cards may be (the pool).

    ``sets_for`` names the seats whose plays and burns are wanted (listing a seat's sets
    is what costs); the plays and burns of the other seats are left out, everything else
    is listed as without it, in the same order: the result is the full list with those
    plays and burns filtered out.  The simulator asks only about the seats it will ask a
    bot about.

    ``table_events`` adds the table declarations and claims of GJN 1.1 where the rules
    allow them (:func:`table_events`: a burn declared or declined, the 开牌 draw, 亮3,
    接风, automatic 开点, 保拉, a waived 够死级); they are listed on request only, so that
    the simulator's bots and a live recording's list of seats to act stay those of the
    play itself.

    >>> from gojinotation.cards import parse_cards as C
    >>> from gojinotation_analyzer.engine import do, new_deal
    >>> st = new_deal([C("QQQ 5"), C("KKK 6"), C("7"), C("AAA 8"), C("9"), C("T")],
    ...               leader=1, deck_check=False)
    >>> st, _ = do(st, Play(1, cards=C("QQQ")))
    >>> kinds = sorted({(type(a).__name__, a.seat) for a in legal_actions(st)})
    >>> [f"{k}{s}" for k, s in kinds if k != "Report"]
    ['Burn2', 'Close4', 'Pass2', 'Pass3', 'Pass4', 'Pass5', 'Pass6', 'Play4']
    >>> [type(a).__name__ for a in legal_actions(st, sets_for=(4,)) if a.seat in (2, 4)]
    ['Play', 'Pass', 'Close', 'Pass', 'Report', 'Report']
    >>> said = legal_actions(st, table_events=True)
    >>> [str(a) for a in said if a.seat == 2 and type(a).__name__ in ("Declare", "Decline")]
    ['2:declare', '2:decline']
    """
    st = state
    if st.ended:
        return []
    if table_events:
        return [*legal_actions(st, sets_for=sets_for), *_table_events(st)]
    return _legal(st, _ALL_SEATS if sets_for is None else sets_for, False)


def passes_and_closes(state: DealState) -> list[Action]:
    """The passes and closes among :func:`legal_actions`, in its order (what a terse
    record leaves out: :mod:`.fill` searches over them), without working out the rest.

    >>> from gojinotation.cards import parse_cards as C
    >>> from gojinotation_analyzer.engine import do, new_deal
    >>> st = new_deal([C("QQQ 5"), C("KKK 6"), C("7"), C("AAA 8"), C("9"), C("T")],
    ...               leader=1, deck_check=False)
    >>> st, _ = do(st, Play(1, cards=C("QQQ")))
    >>> [str(a) for a in passes_and_closes(st)]
    ['4:-', '4:close', '2:-', '3:-', '5:-', '6:-']
    """
    if state.ended:
        return []
    return _legal(state, (), True)


def _legal(st: DealState, want: Container[int], turns: bool) -> list[Action]:
    """:func:`legal_actions` for the seats ``want``; only its passes and closes when
    ``turns`` (the parts that list nothing else are then left out)."""
    out: list[Action] = []
    p = st.p
    top = st.top
    # before play: 革命, 买3/买4, 送
    for s in () if turns else SEATS:
        if not st.active & BIT[s] or st.started & BIT[s]:
            continue
        if p.geming != "forbidden" and _revolution_ok(st, s) is None:
            out.append(Revolution(s))
        for i, on in ((I3, p.bie3), (I4, p.buy4 != "off")):
            if not on or not _lacks(st, s, i):
                continue
            card = RANK_CARDS[i]
            pays = _pay_ranks(st, s)
            for g in _seller_groups(st, s):
                able = [x for x in g if _spare(st, x, i)]
                if not able:
                    continue
                for x in able:
                    for j in pays:
                        a = Buy(s, card=card, from_seat=x, paid=RANK_CARDS[j])
                        if can(st, a):
                            out.append(a)
                break
            for x in SEATS:
                if x != s and st.active & BIT[x]:
                    g2 = Give(x, card=card, to_seat=s)
                    if can(st, g2):
                        out.append(g2)
    # tribute owed, and 还贡 of tribute received
    if st.obligations and not st.any_play and not turns:
        for payer, receiver, count in st.obligations:
            cards = legal_tribute_cards(st.hand(payer), count, st.rs)
            tribute = Tribute(payer, cards=cards, to_seat=receiver)
            if cards and can(st, tribute):  # R-TRIBUTE-1 as verify judges it
                out.append(tribute)
    for payer, receiver, count in () if turns else st.received:
        k = st.known[receiver]
        low = [i for i in range(I2) if k[i]]
        combos: list[tuple[int, ...]] = [()]
        for _ in range(count):
            combos = [(*c, i) for c in combos for i in low if not c or i >= c[-1]]
        for combo in combos:
            back = tuple(RANK_CARDS[i] for i in sorted(combo, reverse=True))
            ret = Return(receiver, cards=back, to_seat=payer)
            if can(st, ret):
                out.append(ret)
    # the primary seat
    if st.closing:
        nl = st.next_leader
        if nl and nl in want and not _must_buy(st, nl):
            out.extend(_play_acts(nl, _plays(st, nl, True)))
        out.extend(_CLOSE[s] for s in SEATS if _judge_close(st, s) is None)  # R-CLOSE-1
    elif top is None:
        if st.leader and st.leader in want and not _must_buy(st, st.leader):
            leads = _plays(st, st.leader, True)
            if _must_lead_4s(st, st.leader):
                leads = [c for c in leads if _counts(c)[0][I4]]
            out.extend(_play_acts(st.leader, leads))
    else:
        t = st.turn
        # R-BURN-2: while a declared burn is pending the 对头 does not answer (先烧后打)
        blocked = DUI[top.owner] if st.burn_claims and _claim_blocks(st, DUI[top.owner]) else 0
        if t:
            if t in want and not _must_buy(st, t) and t != blocked:
                out.extend(_play_acts(t, _plays(st, t, False)))
            out.append(_PASS[t])
            if not turns and _judge_yield(st, t) is None:
                out.append(_YIELD[t])
            if _judge_close(st, t) is None:
                out.append(_CLOSE[t])
        if p.ershayi and not p.ershayi_burn and top.single_big and not turns:
            for s in SEATS:
                if (
                    s != t
                    and s != blocked
                    and s in want
                    and _ershayi_interject(st, s, (RANK_CARDS[ID],) * 2)
                ):
                    out.extend(
                        Play(s, cards=c)
                        for c in _plays(st, s, False)
                        if _counts(c)[0][ID] >= 2 and not _must_buy(st, s)
                    )
    # 无头 seats beating a 够级 set out of turn
    if top is not None and top.restrict == R_DUITOU and not turns:
        for s in SEATS:
            if (
                s in want
                and s != _primary(st)
                and (not st.burn_claims or _claim_blocks(st, s) is None)
                and _wutou_interject(st, s)
                and not _must_buy(st, s)
            ):
                out.extend(Play(s, cards=c) for c in _plays(st, s, False))
    # burns and declines (neither when nothing can be burned and anyone may answer)
    burnable = top is not None and _burnable(st)
    if top is not None and (burnable or top.restrict != R_NONE):
        for s in SEATS:
            if burnable and s in want and _may_burn(st, s) and not _must_buy(st, s):
                for c in _plays(st, s, False):
                    a2 = BurnAct(s, cards=c)
                    if can(st, a2):
                        out.append(a2)
            if _may_decline(st, s) and s != st.turn:
                out.append(_PASS[s])
    # 报牌
    if p.baohu not in ("off", "asking_forbidden") and not turns:
        for s in SEATS:
            if st.active & BIT[s]:
                n = st.count(s)
                if n <= 10:
                    out.append(_REPORT[s][n])
    return out


def _table_events(st: DealState) -> list[Action]:
    """The table declarations and claims of GJN 1.1 that :func:`can` accepts now: each
    kind from its rule family's judge (``can`` dispatches to the same).  开牌 draws and
    亮3 are listed with unsuited cards (any suit of them is as legal); a draw only where
    its count agrees with the deal's first leader (R-OPEN-1, ``opening_draw._draw_leader_fail``:
    the card is chance, but the first leader is fixed before it)."""
    out: list[Action] = []
    cands: list[Action] = []
    if not st.any_play:
        if not st.draw_done:
            drawers = (st.draw_next,) if st.draw_next else SEATS
            cands.extend(Draw(s, card=c) for s in drawers for c in RANK_CARDS)
        if st.rs.open.shangban.startswith("two_"):
            i = I4 if st.rs.open.shangban.endswith("_4") else I3
            for s in SEATS:
                n = st.known[s][i] + min(st.unknown[s], st.pool[i])
                cands.extend(Show(s, cards=(RANK_CARDS[i],) * k) for k in range(2, n + 1))
    if st.top is not None:
        cands.extend(Declare(s) for s in SEATS)
        cands.extend(Decline(s) for s in SEATS)
        cands.extend(JiefengClaim(s) for s in SEATS)
    cands.extend(Kaidian(s) for s in SEATS)
    cands.extend(Query(s, target=t) for s in SEATS for t in SEATS if t != s)
    cands.extend(Waive(s) for s in SEATS)
    cands.extend(Baola(s, rebel=r) for s in SEATS for r in SEATS if r != s and (r - s) % 2 == 0)
    for a in cands:
        if can(st, a):
            out.append(a)
    return out


def _to_act(st: DealState) -> tuple[Turn, ...]:
    if st.ended:
        return ()
    kinds: dict[int, set[str]] = {}
    for a in legal_actions(st):
        kinds.setdefault(a.seat, set()).add(type(a).__name__.lower())
    prim = _primary(st)
    order = sorted(kinds, key=lambda s: (s != prim, s))
    return tuple(Turn(s, frozenset(kinds[s]), s == prim) for s in order)


TO_ACT[:] = [_to_act]
