"""R-OPEN-1 and R-DECK-1/2: a new deal (:func:`new_deal`), the deck check, 上班 (the first
leader from suited hands, 亮4's first lead of 4s), a record's Leader tag, and card
conservation (cards a seat can hold, cards leaving and changing hands)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from gojinotation.cards import Card, Rank, Suit, format_cards
from gojinotation.model import Burn as BurnAct
from gojinotation.model import (
    Deal,
    Play,
)
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import SEATS, _add, _counts, _Fail, _Nonzero, _plus, _sub
from gojinotation_analyzer.engine.core import _text as text
from gojinotation_analyzer.engine.openpoints import _alt, reading_table, verdict_readings
from gojinotation_analyzer.engine.params import I4, _params
from gojinotation_analyzer.engine.scoring import (
    Obligation,
)
from gojinotation_analyzer.engine.state import (
    ALL,
    NRANKS,
    RANK_CARDS,
    DealState,
    cards_of,
)
from gojinotation_analyzer.rules.ruleset import Ruleset


def _holdable(st: DealState, seat: int, counts: tuple[int, ...], nunk: int) -> _Fail | None:
    k = st.known[seat]
    if not nunk and min(map(_sub, k, counts)) >= 0:
        return None
    need = 0
    for i in range(NRANKS):
        c = counts[i]
        if c > k[i]:
            extra = c - k[i]
            if extra > st.pool[i]:
                card = RANK_CARDS[i].gjn()
                held = st.p.deck[i] - st.pool[i] - k[i] + (c - extra)
                return _Fail(
                    "R-DECK-2",
                    f"seat {seat} plays {c}×{card}: the deck has {st.p.deck[i]} and the "
                    f"others are accounted for ({held} elsewhere)",
                    f"{seat}号出了{c}张{card}：整副牌只有{st.p.deck[i]}张，其余已在别处",
                    "accept",
                )
            need += extra
    total = sum(counts) + nunk
    have = sum(k) + st.unknown[seat]
    if need > st.unknown[seat] or total > have:
        return _Fail(
            "R-DECK-2",
            f"seat {seat} plays cards it does not hold (holds {format_cards(cards_of(k))}"
            + (f" and {st.unknown[seat]} unknown" if st.unknown[seat] else "")
            + ")",
            f"{seat}号所出之牌不在手中",
            "accept",
        )
    return None


def _lead_4s_fail(seat: int) -> _Fail:
    """R-OPEN-1 (亮4): the first leader must lead 4s."""
    return _Fail(
        "R-OPEN-1",
        f"seat {seat} took the first lead by 亮4 and must lead 4s",
        f"{seat}号亮4上班，须先发4",
        "ignore",
        "open.shangban",
    )


def _must_lead_4s(st: DealState, seat: int) -> bool:
    """亮4 (002b 5): the first leader, holding the most 4s, must lead 4s."""
    return (
        not st.any_play
        and st.rs.open.shangban == "most_4s_must_lead_4"
        and st.known[seat][I4] > 0
        and st.round_no == 0
    )


def _transfer(st: DealState, to: int, frm: int, card: Card, ev: list[E.Event]) -> None:
    """Move one card from ``frm`` to ``to`` (by rank)."""
    if card.rank is None:
        return
    i = card.rank - 3
    known = list(st.known)
    unknown = list(st.unknown)
    pool = list(st.pool)
    kf = list(known[frm])
    if kf[i] > 0:
        kf[i] -= 1
    elif unknown[frm] > 0:
        unknown[frm] -= 1
        pool[i] -= 1
    known[frm] = tuple(kf)
    kt = list(known[to])
    kt[i] += 1
    known[to] = tuple(kt)
    st.known, st.unknown, st.pool = tuple(known), tuple(unknown), tuple(pool)


def _take(
    st: DealState,
    seat: int,
    counts: tuple[int, ...],
    nunk: int,
    taken: tuple[tuple[int, ...], tuple[int, ...], _Nonzero] | None = None,
) -> None:
    k = st.known[seat]
    if taken is not None and taken[0] is k:  # judged on these very counts: all known
        played = list(st.played)
        for i, c in taken[2]:
            played[i] += c
        st.played = tuple(played)
        known_l = list(st.known)
        known_l[seat] = taken[1]
        st.known = tuple(known_l)
        return
    if not nunk:
        newk_t = tuple(map(_sub, k, counts))
        if min(newk_t) >= 0:  # every card was a known one (the usual case)
            st.played = tuple(map(_plus, st.played, counts))
            known_l = list(st.known)
            known_l[seat] = newk_t
            st.known = tuple(known_l)
            return
    u = st.unknown[seat]
    newk = list(k)
    played = list(st.played)
    pool = st.pool
    plist: list[int] | None = None
    for i in range(NRANKS):
        c = counts[i]
        if not c:
            continue
        played[i] += c
        if c <= newk[i]:
            newk[i] -= c
            continue
        extra = c - newk[i]
        newk[i] = 0
        use = min(extra, u)
        u -= use
        if plist is None:
            plist = list(pool)
        plist[i] -= use
    if nunk:
        use = min(nunk, u)
        u -= use
        rest = nunk - use
        if rest:
            # unknown cards out of known ones: we can no longer tell which are left
            total = sum(newk) - rest
            if plist is None:
                plist = list(pool)
            for i in range(NRANKS):
                plist[i] += newk[i]
            newk = [0] * NRANKS
            u = max(total, 0)
    st.played = tuple(played)
    st.played_unknown += nunk
    known = list(st.known)
    known[seat] = tuple(newk)
    st.known = tuple(known)
    if u != st.unknown[seat]:
        unknown = list(st.unknown)
        unknown[seat] = u
        st.unknown = tuple(unknown)
    if plist is not None:
        st.pool = tuple(plist)


def _void_hand(st: DealState, seat: int) -> None:
    k = st.known[seat]
    st.void = _add(st.void, k)
    st.void_unknown += st.unknown[seat]
    known = list(st.known)
    known[seat] = (0,) * NRANKS
    st.known = tuple(known)
    unknown = list(st.unknown)
    unknown[seat] = 0
    st.unknown = tuple(unknown)


def new_deal(
    hands: Mapping[int, Sequence[Card] | None] | Sequence[Sequence[Card] | None],
    ruleset: Ruleset | None = None,
    *,
    leader: int | None = None,
    deck_check: bool = True,
    profile: str | None = None,
    obligations: Sequence[Obligation] = (),
    notes: Sequence[E.Event] = (),
) -> DealState:
    """The state before the first action of a deal.

    :param hands: seat -> cards (``None`` for an unknown hand; ``?`` cards are unknown),
        or a sequence of six hands for seats 1-6.
    :param ruleset: the rules (default: ``qingdao-standard``).
    :param leader: the first leader; when ``None`` it is found by the profile's 上班 rule
        from suited hands, else seat 1 with a notice.
    :param deck_check: check R-DECK-1 (the deal is exactly the profile's deck).  Unit
        situations with small hands pass ``False``.
    :param profile: the profile id, so that open points can be reported as disputes.
    :param obligations: tribute owed from the previous deal (from
        :func:`gojinotation_analyzer.engine.scoring.tribute_obligations`).
    """
    rs = ruleset if ruleset is not None else Ruleset()
    p = _params(rs)
    if not isinstance(hands, Mapping):
        hands = {i + 1: h for i, h in enumerate(hands)}
    st = DealState.__new__(DealState)
    ev: list[E.Event] = list(notes)
    known: list[tuple[int, ...]] = [(0,) * NRANKS]
    unknown = [0]
    for s in SEATS:
        h = hands.get(s)
        if h is None:
            known.append((0,) * NRANKS)
            unknown.append(p.sizes[s - 1] if deck_check or s in hands else 0)
            if not deck_check and s not in hands:
                unknown[-1] = 0
        else:
            c, u = _counts(h)
            known.append(c)
            unknown.append(u)
    total_known = (0,) * NRANKS
    for s in SEATS:
        total_known = _add(total_known, known[s])
    pool = tuple(max(d - k, 0) for d, k in zip(p.deck, total_known, strict=True))
    st.rs = rs
    st.p = p
    st.profile = profile
    st.known = tuple(known)
    st.unknown = tuple(unknown)
    st.pool = pool
    st.void = (0,) * NRANKS
    st.void_unknown = 0
    st.played = (0,) * NRANKS
    st.played_unknown = 0
    st.active = ALL
    st.places = (0,) * 7
    st.out_order = ()
    st.forced = ()
    st.rev_pending = ()
    st.revolutions = ()
    st.started = 0
    st.any_play = False
    st.top = None
    st.passed = 0
    st.declined = 0
    st.yielder = 0
    st.closing = False
    st.closer = 0
    st.next_leader = 0
    st.burn = None
    st.burns = ()
    st.burn_claims = ()
    st.claims_top = None
    st.draw_next = 0
    st.draw_done = False
    st.baola = ()
    st.liang = (0, 0)
    st.opened = 0
    st.kd_done = 0
    st.kd_pending = 0
    st.kd_shadow = 0
    st.kd_alt = 0
    st.men = ()
    st.men_facts = ()
    st.ershayi = ()
    st.penalties = ()
    st.gsj = (0,) * 7
    st.youtou = 0
    st.youtou_told = 0
    st.wutou_seen = 0
    st.sihu = False
    st.ended = False
    st.void_deal = False
    st.lose_lead = 0
    st.lose_lead_open = 0
    st.reported = (-1,) * 7
    st.received = ()
    st.obligations = tuple((o.payer, o.receiver, o.count) for o in obligations)
    st.round_no = 0
    st.n = 0
    st.chuan3hu_seen = False
    st.deck_check = deck_check
    st.result = None
    if deck_check:
        _deck_check(st, hands, ev)
    if leader is None:
        leader = _shangban(st, hands, ev)
    st.leader = st.turn = leader
    st.hist = (None, tuple(ev))
    return st


def _deck_check(
    st: DealState, hands: Mapping[int, Sequence[Card] | None], ev: list[E.Event]
) -> None:
    p = st.p
    total = (0,) * NRANKS
    for s in SEATS:
        total = _add(total, st.known[s])
    ev.extend(
        _deck_findings(
            tuple(p.deck),
            tuple(p.sizes),
            tuple(st.count(s) for s in SEATS),
            tuple(hands.get(s) is not None for s in SEATS),
            total,
            not any(st.unknown[s] for s in SEATS),
            any(isinstance(e, E.Violation) for e in ev),
        )
    )


@functools.lru_cache(maxsize=512)
def _deck_findings(
    deck: tuple[int, ...],
    deck_sizes: tuple[int, ...],
    sizes: tuple[int, ...],
    dealt: tuple[bool, ...],
    total: tuple[int, ...],
    all_known: bool,
    violated: bool,
) -> tuple[E.Violation, ...]:
    """R-DECK-1's findings on the hands (``sizes`` and the rank counts ``total`` they
    hold, ``dealt``: which seats have a hand line) against the deck; ``violated`` when
    the deal's notes already hold a violation.  The same hands give the same findings
    (frozen events): they are worked out once."""
    ev: list[E.Violation] = []
    if sorted(sizes) != sorted(deck_sizes):
        for s in SEATS:
            if dealt[s - 1] and sizes[s - 1] not in deck_sizes:
                ev.append(
                    E.Violation(
                        s,
                        rule_id="R-DECK-1",
                        en=f"seat {s} was dealt {sizes[s - 1]} cards; the deck gives "
                        + "/".join(map(str, sorted(set(deck_sizes), reverse=True))),
                        zh=f"{s}号有{sizes[s - 1]}张牌，应为"
                        + "/".join(map(str, sorted(set(deck_sizes), reverse=True)))
                        + "张",
                        param="deck.variant",
                    )
                )
        if not ev and not violated:
            ev.append(
                E.Violation(
                    None,
                    rule_id="R-DECK-1",
                    en=f"hand sizes {list(sizes)} do not match the deck ({list(deck_sizes)})",
                    zh=f"各家张数{list(sizes)}与用牌不符",
                    param="deck.variant",
                )
            )
    for i in range(NRANKS):
        if total[i] > deck[i] or (all_known and total[i] != deck[i]):
            card = RANK_CARDS[i].gjn()
            ev.append(
                E.Violation(
                    None,
                    rule_id="R-DECK-1",
                    en=f"the hands hold {total[i]}×{card}; the deck has {deck[i]}",
                    zh=f"各家共有{total[i]}张{card}，整副牌为{deck[i]}张",
                    param="deck.variant",
                )
            )
    return tuple(ev)


def _shangban(st: DealState, hands: Mapping[int, Sequence[Card] | None], ev: list[E.Event]) -> int:
    mode = st.rs.open.shangban
    found = _shangban_seat(mode, hands, st.rs.open.dingban)
    if found:
        return found
    ev.append(
        E.Notice(
            1,
            rule_id="R-OPEN-1",
            en=f"the first leader cannot be determined (上班 rule {mode}); seat 1 leads",
            zh=f"无法确定首发牌人（上班规则 {mode}），由1号先出",
        )
    )
    return 1


def _shangban_seat(mode: str, hands: Mapping[int, Sequence[Card] | None], dingban: bool) -> int:
    """The 上班 seat from suited hands, or 0 when it cannot be told."""
    scores: dict[int, int] = {}
    for s in SEATS:
        h = hands.get(s)
        if not h:
            return 0
        if mode == "most_4s_must_lead_4":
            scores[s] = sum(1 for c in h if c.rank == Rank.FOUR)
            continue
        rank = Rank.FOUR if mode == "two_same_suit_4" else Rank.THREE
        by_suit: dict[Suit, int] = {}
        for c in h:
            if c.rank == rank and c.suit is not None:
                by_suit[c.suit] = by_suit.get(c.suit, 0) + 1
        best = max(by_suit.values(), default=0)
        if mode == "two_same_colour_3":
            red = by_suit.get(Suit.HEARTS, 0) + by_suit.get(Suit.DIAMONDS, 0)
            black = by_suit.get(Suit.SPADES, 0) + by_suit.get(Suit.CLUBS, 0)
            ok = max(red, black) >= 2
        elif mode in ("two_same_suit_3", "two_same_suit_4"):
            ok = best >= 2
        else:
            return 0
        if ok:
            scores[s] = best
    if not scores:
        return 0
    top = max(scores.values())
    if mode == "most_4s_must_lead_4":
        if top == 0:
            return 0
    elif len(scores) > 1 and not dingban:
        return 0
    winners = [s for s, v in scores.items() if v == top]
    return winners[0] if len(winners) == 1 else 0


def leader_seat(tag: str | None) -> int | None:
    """The seat a ``[Leader]`` tag names, or ``None`` when it names no seat 1-6 (``"7"``,
    ``"0"``, ``"01"``, 26 digits, a word): such a tag is ignored by the replay, and the
    validator's tag checks (``reports/tags.py``, GJV307) warn about it.

    >>> leader_seat("3"), leader_seat(" 6 "), leader_seat("7"), leader_seat("01"), leader_seat(None)
    (3, 6, None, None, None)
    """
    value = (tag or "").strip()
    if len(value) == 1 and value.isdigit() and 1 <= int(value) <= 6:
        return int(value)
    return None


def _deal_leader(
    deal: Deal,
    hands: Mapping[int, Sequence[Card] | None],
    rs: Ruleset,
    profile: str | None = None,
) -> tuple[int, tuple[E.Event, ...]]:
    tag = leader_seat(deal.tag("Leader"))
    if tag is not None:  # (the tag check works out 上班 itself, for a full deal only)
        full = sorted(len(hands.get(s) or ()) for s in SEATS) == sorted(_params(rs).sizes)
        return tag, _leader_tag_check(deal, tag, hands, rs, profile) if full else ()
    seat = _shangban_seat(rs.open.shangban, hands, rs.open.dingban)
    # a Leader tag that names no seat is ignored here; the validator warns (GJV307)
    first = next((a.seat for a in deal.actions() if isinstance(a, (Play, BurnAct))), 1)
    leader = seat or first
    lev: tuple[E.Event, ...] = ()
    if not seat:
        lev = (
            E.Notice(
                first,
                rule_id="R-OPEN-1",
                en=f"no Leader tag naming a seat, and 上班 ({rs.open.shangban}) cannot be "
                f"told from the hands; seat {first}, the first to play in the record, is "
                "taken as the leader",
                zh=f"无可用的Leader标签，且无法由手牌确定上班；以记录中首先出牌的{first}号为首发牌人",
            ),
        )
    full = sorted(len(hands.get(s) or ()) for s in SEATS) == sorted(_params(rs).sizes)
    if full and _first_deal(deal):
        disputed = _shangban_dispute(deal, hands, rs, profile, leader, first)
        if disputed:  # the readings disagree and one names the record's first player:
            return disputed[0].seat or leader, lev + disputed  # the replay follows the record
    return leader, lev


def _shangban_dispute(
    deal: Deal,
    hands: Mapping[int, Sequence[Card] | None],
    rs: Ruleset,
    profile: str | None,
    leader: int,
    first: int,
) -> tuple[E.Event, ...]:
    """R-OPEN-1 with no Leader tag (issue #11): the first leader the engine derived from
    the hands (上班 under ``open.shangban``, else the first seat to play in the record,
    ``first``) judged under each reading of an open ``open.shangban``.  Where another
    reading names another first leader, a Dispute at the first play (what each reading
    rules: who leads, and whether the record's first play is in turn).  When a reading
    names the record's first player the replay follows the record, as it follows a Leader
    tag (the Dispute's seat is then ``first``); else it keeps the engine's leader
    (``leader``: the record's first play is out of turn under every reading).  Nothing
    where the readings agree or the point is stated."""
    table = reading_table(profile, rs, "open.shangban")
    if not table:
        return ()
    ruled: list[tuple[str, str]] = []
    seats: set[int] = set()
    for i, (v, src) in enumerate(table):
        r = rs if i == 0 else _alt(rs, "open.shangban", v)
        if r is None:
            continue
        named = _shangban_seat(r.open.shangban, hands, r.open.dingban)
        who = named or first
        seats.add(who)
        how = "上班 from the hands" if named else "no 上班: the first to play in the record"
        turn = "in turn" if who == first else "out of turn (R-OPEN-1)"
        ruled.append(
            (
                text(v),
                f"{src}: seat {who} leads first ({how}); seat {first}'s first play is {turn}"
                + (", the engine's ruling" if i == 0 else ""),
            )
        )
    if len(seats) < 2:
        return ()
    follow = first if first in seats else leader
    act = next(
        (a for a in deal.actions() if isinstance(a, (Play, BurnAct)) and a.seat == follow), None
    )
    mode = rs.open.shangban
    return (
        E.Dispute(
            follow,
            rule_id="R-OPEN-1",
            param="open.shangban",
            en=f"no Leader tag: who leads first rests on open.shangban = {mode}, an open "
            f"point (seat {leader} under the engine's reading); the replay follows seat "
            f"{follow}",
            zh=f"无Leader标签：首发牌人取决于 open.shangban = {mode}（文件未定；按引擎的解读为"
            f"{leader}号）；复盘以{follow}号为首发",
            action=act,
            alternatives=tuple(ruled),
        ),
    )


def deal_leader(
    deal: Deal,
    hands: Mapping[int, Sequence[Card] | None],
    rs: Ruleset,
    profile: str | None = None,
) -> tuple[int, tuple[E.Event, ...]]:
    """The first leader of ``deal`` and the R-OPEN-1 events its ``Leader`` tag gives
    (:func:`_leader_tag_check`), as :func:`~.replay.replay` reports them before the first
    action: the simulator starts a generated deal's events with them.

    >>> from gojinotation.model import Deal, Tag
    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> deal_leader(Deal(header=(Tag("Leader", "4"),)), {}, Ruleset())
    (4, ())
    """
    return _deal_leader(deal, hands, rs, profile)


def _first_deal(deal: Deal) -> bool:
    """Whether the record places the deal first in its match (no ``Game``/``Deal`` tag
    beyond 1): the deal after the first 开牌, whose first leader 上班 decides."""
    tags = deal.tags
    return all(tags.get(t, "1").strip() in ("", "1") for t in ("Game", "Deal"))


def _leader_tag_check(
    deal: Deal,
    tag: int,
    hands: Mapping[int, Sequence[Card] | None],
    rs: Ruleset,
    profile: str | None = None,
) -> tuple[E.Event, ...]:
    """R-OPEN-1: a ``Leader`` tag against the 上班 seat told from the suited hands (of a
    full deal: a unit situation's few cards say nothing about 上班).

    In the first deal of a match (a fresh 开牌) a different seat is an error; the replay
    follows the tag, as the record's moves do.  Where ``open.shangban`` is open in the
    record's profile the tag is judged under each reading (a seat 上班 cannot name, e.g.
    under ``none`` or the referee's inserted card, accepts the tag): a Dispute when they
    disagree.  In a later deal the first leader follows ``open.subsequent`` (the previous
    deal's 大落 …) unless 开牌 was redone, which the record does not show: a notice, not
    an error.
    """
    shangban = _shangban_seat(rs.open.shangban, hands, rs.open.dingban)
    mode = rs.open.shangban
    first = _first_deal(deal)
    if first:

        def refusal(r: Ruleset) -> str | None:
            seat = _shangban_seat(r.open.shangban, hands, r.open.dingban)
            return None if seat in (0, tag) else f"上班 makes seat {seat} the first leader"

        ruled = verdict_readings(profile, rs, "open.shangban", refusal, "R-OPEN-1")
        if ruled:
            return (
                E.Dispute(
                    tag,
                    rule_id="R-OPEN-1",
                    param="open.shangban",
                    en=f"the Leader tag names seat {tag}; whether 上班 from the hands names "
                    f"another first leader rests on open.shangban = {mode}, an open point",
                    zh=f"Leader 标签为{tag}号；按手牌上班是否另有首发牌人，取决于 "
                    f"open.shangban = {mode}（文件未定）",
                    alternatives=ruled,
                ),
            )
    if not shangban or shangban == tag:
        return ()
    if first:
        return (
            E.Violation(
                tag,
                rule_id="R-OPEN-1",
                en=f"the Leader tag names seat {tag}, but 上班 ({mode}) from the hands makes "
                f"seat {shangban} the first leader",
                zh=f"Leader 标签为{tag}号，但按手牌上班（{mode}）首发牌人应为{shangban}号",
                param="open.shangban",
                sanction="the replay follows the Leader tag",
                sanction_zh="复盘按 Leader 标签所记的首发牌人进行",
            ),
        )
    return (
        E.Notice(
            tag,
            rule_id="R-OPEN-1",
            en=f"the Leader tag names seat {tag}; 上班 ({mode}) from the hands would give seat "
            f"{shangban}, but in a later deal the first leader follows open.subsequent (e.g. "
            "the previous 大落) unless 开牌 was redone, which the record does not show: not "
            "checked",
            zh=f"Leader 标签为{tag}号；按手牌上班（{mode}）应为{shangban}号，但非首局的首发牌人"
            "按 open.subsequent（如上局大落）确定，除非重新开牌，记录未显示：未检验",
        ),
    )
