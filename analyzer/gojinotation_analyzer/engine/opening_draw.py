"""R-OPEN-1's table events (GJN 1.1): the 开牌 draw (who drew which card, the count that
picks the first taker, checked against the deal's first leader under each reading of its
open points) and 亮3 (上班 by shown 3s or 4s).  Split from :mod:`.opening`, which builds the
deal and its first leader."""

from __future__ import annotations

from gojinotation.cards import Card, Rank, Suit, format_cards
from gojinotation.model import Action, Draw
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import _counts, _Fail
from gojinotation_analyzer.engine.openpoints import verdict_readings
from gojinotation_analyzer.engine.state import NXT, DealState
from gojinotation_analyzer.rules.ruleset import Ruleset

# ------------------------------------------------ 开牌 draw and 亮3 (GJN 1.1 table events)

#: The counting value of a card at 开牌 (open.count_values = natural: A=1 … K=13, 000§B
#: "以该牌的自然点数"); under JQK_jokers_lowest J, Q, K count 1 (000§J: 为最小牌).
_NATURAL = {Rank.ACE: 1, Rank.TWO: 2, Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13}


def _draw_value(card: Card, mode: str) -> int | None:
    """The count a drawn card gives, or ``None`` for a joker (or an unknown card)."""
    r = card.rank
    if r is None or r in (Rank.SMALL_JOKER, Rank.BIG_JOKER):
        return None
    if mode == "JQK_jokers_lowest" and r in (Rank.JACK, Rank.QUEEN, Rank.KING):
        return 1
    return _NATURAL.get(r, int(r))


def _count_from(seat: int, value: int) -> int:
    """R-OPEN-1: counting counterclockwise from the drawer himself as 1 (seats are
    numbered in that order), the seat the count ends on."""
    return (seat - 1 + value - 1) % 6 + 1


def _judge_draw(st: DealState, seat: int, card: Card, to: int | None) -> _Fail | None:
    """R-OPEN-1: 开牌 happens before play, once (a joker passes the draw on), and a
    recorded count must be the count of the card drawn."""
    if st.any_play or st.draw_done:
        return _Fail(
            "R-OPEN-1",
            "开牌 is over: the first taker is already drawn"
            if st.draw_done
            else "开牌 comes before the first play",
            "开牌已完成" if st.draw_done else "开牌须在出牌之前",
            "ignore",
        )
    if st.draw_next and seat != st.draw_next:
        return _Fail(
            "R-OPEN-1",
            f"a joker was drawn: seat {st.draw_next} draws next (open.joker_drawn)",
            f"抽到王：应由{st.draw_next}号抽牌",
            "ignore",
            "open.joker_drawn",
        )
    value = _draw_value(card, st.rs.open.count_values)
    if to is not None and value is not None and to != _count_from(seat, value):
        land = _count_from(seat, value)
        return _Fail(
            "R-OPEN-1",
            f"seat {seat} drew {card.gjn()}: counting {value} counterclockwise from him ends "
            f"on seat {land}, not seat {to}",
            f"{seat}号抽到{card.gjn()}：自其本人逆时针数{value}，应数到{land}号，而非{to}号",
            "accept",
            "open.count_values",
        )
    return _draw_leader_fail(st, seat, card, to)


def _draw_leader_fail(st: DealState, seat: int, card: Card, to: int | None) -> _Fail | None:
    """R-OPEN-1: a draw whose count picks another first leader than the deal's (the
    record's Leader, else 上班) under the record's rules (:func:`_draw_refusal`).  The draw
    is chance, but the first leader is fixed before it, so such a draw cannot belong to
    this deal: ``can``/``verify`` refuse it and ``legal_actions`` does not list it (the
    replay keeps it, sanction ``accept``).  Where an open point of :data:`_DRAW_READS`
    would accept it, the refusal carries that point's readings (a Dispute, not an error)."""
    why = _draw_refusal(st.rs, seat, card, st.leader, to)
    if why is None:
        return None
    for param in _DRAW_READS:
        ruled = _draw_readings(st, seat, card, to, param)
        if ruled:
            return _Fail(
                "R-OPEN-1",
                f"seat {seat}'s 开牌 draw ({card.gjn()}) and the first leader (seat "
                f"{st.leader}) agree or not depending on {param}, an open point",
                f"{seat}号开牌（{card.gjn()}）与首发牌人（{st.leader}号）是否相符，"
                f"取决于 {param}（文件未定）",
                "accept",
                param,
                alternatives=ruled,
            )
    value = _draw_value(card, st.rs.open.count_values)
    taker = _count_from(seat, value) if value is not None else seat
    return _Fail(
        "R-OPEN-1",
        f"{why}, but seat {st.leader} leads in the record",
        f"开牌数到{taker}号先取牌并首发，而记录中由{st.leader}号首发",
        "accept",
        "open.first_method",
    )


def _draw(st: DealState, seat: int, card: Card, a: Action, ev: list[E.Event]) -> None:
    """The 开牌 draw: a joker passes the draw on (open.joker_drawn); a count picks the
    first taker, who leads first when the profile has no 上班 (open.shangban = none)."""
    o = st.rs.open
    value = _draw_value(card, o.count_values)
    if value is None:
        if card.rank is None:
            st.draw_done = True
            ev.append(
                E.Claimed(
                    seat,
                    what="draw",
                    rule_id="R-OPEN-1",
                    en=f"seat {seat} draws an unknown card for 开牌",
                    zh=f"{seat}号开牌，所抽牌未知",
                    action=a,
                )
            )
            return
        nxt = NXT[seat] if o.joker_drawn == "xiajia_replaces" else seat
        st.draw_next = nxt
        ev.append(
            E.Claimed(
                seat,
                what="draw",
                rule_id="R-OPEN-1",
                en=f"seat {seat} draws a joker at 开牌: seat {nxt} draws (open.joker_drawn = "
                f"{o.joker_drawn})",
                zh=f"{seat}号开牌抽到王：由{nxt}号抽牌",
                action=a,
            )
        )
        return
    st.draw_done = True
    st.draw_next = 0
    taker = _count_from(seat, value)
    leads = o.shangban == "none"
    ev.append(
        E.Claimed(
            seat,
            what="draw",
            rule_id="R-OPEN-1",
            en=f"seat {seat} draws {card.gjn()} (counts {value}): seat {taker} takes first"
            + (" and leads" if leads else "; 上班 decides the first leader"),
            zh=f"{seat}号开牌抽到{card.gjn()}（数{value}）：{taker}号先取牌"
            + ("并首发" if leads else "；首发由上班决定"),
            action=a,
        )
    )
    to = a.to if isinstance(a, Draw) else None
    for param in _DRAW_READS:  # where an open point decides the check: a Dispute
        if any(isinstance(e, E.Dispute) and e.param == param and e.action is a for e in ev):
            continue  # already judged: the refusal's readings, or the re-judged count
        ruled = _draw_readings(st, seat, card, to, param)
        if ruled:
            ev.append(
                E.Dispute(
                    seat,
                    rule_id="R-OPEN-1",
                    param=param,
                    en=f"seat {seat}'s 开牌 draw ({card.gjn()}) and the first leader (seat "
                    f"{st.leader}) agree or not depending on {param}, an open point",
                    zh=f"{seat}号开牌（{card.gjn()}）与首发牌人（{st.leader}号）是否相符，"
                    f"取决于 {param}（文件未定）",
                    action=a,
                    alternatives=ruled,
                )
            )


#: The parameters the 开牌 check reads (:func:`_draw_refusal`): re-judged where open.
_DRAW_READS = ("open.count_values", "open.first_method", "open.shangban")


def _draw_readings(
    st: DealState, seat: int, card: Card, to: int | None, param: str
) -> tuple[tuple[str, str], ...]:
    """:func:`_draw_refusal` of ``seat``'s draw judged under each reading of the open
    ``param`` (:func:`~.openpoints.verdict_readings`): ``()`` where they agree."""
    return verdict_readings(
        st.profile,
        st.rs,
        param,
        lambda r: _draw_refusal(r, seat, card, st.leader, to),
        "R-OPEN-1",
    )


def _draw_refusal(
    rs: Ruleset, seat: int, card: Card, leader: int, to: int | None = None
) -> str | None:
    """R-OPEN-1: why the 开牌 draw of ``card`` by ``seat`` is refused under ``rs``, or
    ``None``: a recorded count (``to``) that is not the card's count, or a count that picks
    another seat than ``leader`` to take first and lead (where there is no 上班,
    ``open.shangban = none``, and 开牌 is the counted draw)."""
    o = rs.open
    value = _draw_value(card, o.count_values)
    if value is None:
        return None
    if to is not None and to != _count_from(seat, value):
        return f"counting {value} from seat {seat} ends on seat {_count_from(seat, value)}"
    if o.shangban != "none" or o.first_method != "draw_count_ccw":
        return None
    taker = _count_from(seat, value)
    if taker == leader:
        return None
    return f"the 开牌 count ({value}) picks seat {taker} to take first and lead"


def _judge_liang(st: DealState, seat: int, cards: tuple[Card, ...]) -> _Fail | None:
    """R-OPEN-1 (上班, 亮3): before play, under a profile with 上班, the seat shows two or
    more 3s (4s) of one colour or suit (open.shangban) that it holds."""
    mode = st.rs.open.shangban
    if not mode.startswith("two_"):
        return _Fail(
            "R-OPEN-1",
            f"this profile has no 上班 by shown cards (亮3; open.shangban = {mode})",
            "本规则无亮3上班",
            "ignore",
            "open.shangban",
        )
    if st.any_play:
        return _Fail("R-OPEN-1", "亮3 comes before the first play", "亮3须在出牌之前", "ignore")
    rank = Rank.FOUR if mode.endswith("_4") else Rank.THREE
    suits = {c.suit for c in cards if c.suit is not None}
    if mode == "two_same_colour_3":
        groups = {"red" if s in (Suit.HEARTS, Suit.DIAMONDS) else "black" for s in suits}
    else:
        groups = {s.value for s in suits}
    if len(cards) < 2 or any(c.rank != rank for c in cards) or len(groups) > 1:
        what = "colour" if mode == "two_same_colour_3" else "suit"
        return _Fail(
            "R-OPEN-1",
            f"上班 needs two or more {int(rank)}s of one {what} (open.shangban = {mode})",
            f"上班须亮出两张以上同{'色' if what == 'colour' else '花'}的{int(rank)}",
            "ignore",
            "open.shangban",
        )
    need = _counts(cards)[0]
    if not st.unknown[seat] and any(n > h for n, h in zip(need, st.known[seat], strict=True)):
        return _Fail(
            "R-OPEN-1",
            f"seat {seat} does not hold {format_cards(cards)}",
            f"{seat}号手中没有{format_cards(cards)}",
            "ignore",
        )
    return None


def _liang(st: DealState, seat: int, cards: tuple[Card, ...], a: Action, ev: list[E.Event]) -> None:
    """The first show takes the first lead (上班); a later show of more takes it over
    (顶班, open.dingban: 000§B 第七条)."""
    holder, shown = st.liang
    cs = format_cards(cards)
    if not holder:
        st.liang = (seat, len(cards))
        en, zh = f"seat {seat} shows {cs} (亮3): he leads first (上班)", f"{seat}号亮{cs}，上班首发"
    elif st.rs.open.dingban and len(cards) > shown and seat != holder:
        st.liang = (seat, len(cards))
        en = f"seat {seat} shows {cs}, more than seat {holder}: he takes over the first lead (顶班)"
        zh = f"{seat}号亮{cs}，多于{holder}号，顶班首发"
    else:
        en = f"seat {seat} shows {cs}: seat {holder} keeps the first lead"
        zh = f"{seat}号亮{cs}：仍由{holder}号首发"
    ev.append(E.Claimed(seat, what="liang", rule_id="R-OPEN-1", en=en, zh=zh, action=a))


def _liang_check(before: DealState, st: DealState, a: Action, ev: list[E.Event]) -> None:
    """R-OPEN-1: at the first play, the seat the 亮3 shows made first leader leads."""
    holder = before.liang[0]
    if holder and st.any_play and not before.any_play and a.seat != holder:
        ev.append(
            E.Violation(
                a.seat,
                rule_id="R-OPEN-1",
                en=f"seat {holder} took the first lead by 亮3 (上班), but seat {a.seat} leads",
                zh=f"{holder}号亮3上班，应由其首发，而{a.seat}号首发",
                action=a,
                param="open.shangban",
            )
        )
