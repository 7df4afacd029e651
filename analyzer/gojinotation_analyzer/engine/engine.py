"""The deal state machine of Gouji (够级): verify, can, do, legal actions and replay.

One transition function, :func:`do`, takes a :class:`~engine.state.DealState` and an
action of the record model (:mod:`gojinotation.model`) and returns the next state and the
frozen events of :mod:`engine.events`.  It never changes the state it is given and never
raises on an illegal action: it applies the profile's sanction (错牌不出, an ignored
action, a 大落 …) and reports a :class:`~engine.events.Violation`, so a replay goes on
without burying the rest of the deal under false alarms.  :func:`verify` raises
:class:`IllegalAction` for the same actions, :func:`can` answers yes or no, and
:func:`legal_actions` lists every legal action (exactly the ones :func:`verify` accepts).

>>> from gojinotation.cards import parse_cards as C
>>> from gojinotation.model import Play, Pass
>>> from gojinotation_analyzer.rules.ruleset import Ruleset
>>> st = new_deal({1: C("KK3"), 2: C("AA4"), 3: C("55"), 4: C("66"), 5: C("77"),
...                6: C("88")}, Ruleset(), leader=1, deck_check=False)
>>> st, ev = do(st, Play(1, cards=C("3")))
>>> [e.en for e in ev]
['seat 1 leads 3']
>>> st.turn
2
>>> can(st, Play(2, cards=C("A"))), can(st, Play(3, cards=C("5")))
(True, False)
>>> st, ev = do(st, Play(3, cards=C("5")))
>>> ev[0].rule_id, ev[0].sanction
('R-TURN-1', 'ignored')
>>> try:
...     verify(st, Pass(4))
... except IllegalAction as e:
...     print(e.rule_id, e.en)
R-TURN-1 it is seat 2's turn, not seat 4's

:func:`replay` walks a record and yields a :class:`~engine.state.Frame` per action.
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from gojinotation.cards import Card, Rank, Suit, format_cards
from gojinotation.errors import GoujiError
from gojinotation.model import (
    ACTION_TYPES,
    Action,
    Buy,
    Close,
    Deal,
    Give,
    Hand,
    Pass,
    Penalty,
    Play,
    Report,
    Return,
    Revolution,
    Ruling,
    Timeout,
    Tribute,
    Variation,
    Yield,
)
from gojinotation.model import Burn as BurnAct
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.scoring import (
    BurnFact,
    DealFacts,
    ErShaYiFact,
    MenFact,
    Obligation,
    PenaltyFact,
    is_legal_return,
    is_legal_tribute,
    legal_tribute_cards,
    score_deal,
)
from gojinotation_analyzer.engine.state import (
    ALL,
    BIT,
    DUI,
    NRANKS,
    NXT,
    R_DUITOU,
    R_NOBODY,
    R_NONE,
    RANK_CARDS,
    Burn,
    DealState,
    Frame,
    Top,
    Turn,
    cards_of,
)
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError, parse_overrides

__all__ = [
    "ENGINE_DEFAULTS",
    "DealState",
    "Frame",
    "IllegalAction",
    "Turn",
    "can",
    "deal_ruleset",
    "do",
    "legal_actions",
    "new_deal",
    "replay",
    "replay_variation",
    "variations",
    "verify",
]

#: Where the documents are silent, the engine's reading (and the Dispute it emits, if any).
ENGINE_DEFAULTS: Mapping[str, str] = {
    "burn-window": (
        "R-BURN-1/2: on a 够级 set the seats other than the 对头 may declare a burn at any "
        "time until the round is closed (also after the 对头 passed); an explicit pass by "
        "them declines (final for the round).  A record cannot show two declarations at "
        "once, so the record's order stands: a burn recorded while a seat ahead in priority "
        "(the 够级 player's 联邦, then play order) could also burn it and had not declined is "
        "a Dispute (burn.priority), not an error"
    ),
    "burn-whole-hand": (
        "R-BURN-4: while his burn goes on the burner must lead each time the lead is his; a "
        "pass (or timeout) on that lead, or another seat's lead in his place, is a violation "
        "with the 烧糊 sanction (burn.fail_place: 大落, cards void, the burned player leads; "
        "that seat's lead is then judged afresh).  A wrong set by the burner keeps its own "
        "rule (R-BURN-3 烧糊, R-SET-*, R-BIE3-1 错牌不出)"
    ),
    "leader-tag": (
        "R-OPEN-1: a Leader tag is checked against 上班 told from the suited hands of a full "
        "deal: an error in the first deal of a match (no Game/Deal tag beyond 1); in a later "
        "deal the lead follows open.subsequent unless 开牌 was redone, which one deal does "
        "not show (Notice); where the file holds the previous deal of the match (same Event, "
        "Deal number one more) the validator checks the tag against that deal's end (the 大落 "
        "leads; seat 1 where fixed) and an other seat is an error.  The replay follows the tag"
    ),
    "count-shown": (
        "R-REPORT-1 baohu.mode=visible_le10: a record cannot show a displayed count; the "
        "validator gives a notice at the first play that takes a seat down to ten cards; a "
        "written 报牌 is checked for truth as under every mode"
    ),
    "close-implied": (
        "R-CLOSE-1/2: a Close may be omitted; the next leader's play implies it, also under "
        "koupai.all_cards_before_lead (GJN reads an omitted 扣牌 as made before the lead); a "
        "close written after the next lead is R-CLOSE-2.  With the 对头 out and "
        "koupai.no_duitou=not_required an explicit close by any opponent is accepted "
        "(Dispute: koupai.no_duitou)"
    ),
    "deal-end": (
        "R-FINISH-1: the deal ends when at most one seat holds cards; play goes on while only "
        "one team is left"
    ),
    "wutou": (
        "R-WUTOU-1: a 无头 seat answers any set in turn order; on another's 够级 duel he may "
        "beat it out of turn until the round is closed (the 对头 keeps the turn); a Burn "
        "declared by him (or on a 无头 set, or in 四户乱缠) is read as a plain play (Notice); "
        "his beating a burner's set is 解烧"
    ),
    "jiefeng": (
        "R-JIEFENG-1: both semantics give the lead to the next seat in play after the player "
        "whose 底牌 stood; 够死级 does not jump the turn order (the 对头 answers in turn)"
    ),
    "gousiji": (
        "R-DIPAI-1: the 够死级 chance stays with the 对头 until his next 够级 set, which only a "
        "burn may answer; a 革命's 对头 gets three"
    ),
    "burn-failure": (
        "R-BURN-5/7: 烧糊 is judged when it shows at the table: a middle set played without a "
        "joker (or, under last_only, a jokerless first set), not from the burner's hidden "
        "hand; the failing set is not played, it is void with the rest; the burned player "
        "(or the next seat in play) leads a new round; the failed or fake burner counts as "
        "有头 for his 对门"
    ),
    "jiesao-same-play": (
        "R-BURN-6 burn.jiesao_same_play_only: read as 'the 对头 must 解烧 the set when it is "
        "played', which turn order already requires"
    ),
    "cuopai-lead": (
        "R-CUOPAI-1: an illegal lead: the cards go back and the seat leads again "
        "(penalty.misplay_lose_lead: he loses his next lead); an action out of turn is ignored"
    ),
    "leader": (
        "R-OPEN-1: no Leader tag and no 上班 from the hands: replay takes the first seat to play "
        "in the record, new_deal seat 1 (Notice)"
    ),
    "toke-forced": (
        "R-KAIDIAN-4: an unopened player who has nothing else to lead may go out first; the "
        "finish stands (Dispute: kaidian.toke_requirement).  Under 憋3 the last lead of 3s "
        "is always forced, so 000§G 五3 (不能走头科) is a Dispute there, not an error: the "
        "documents give no sanction and the engine cannot refuse the only legal action "
        "(EC-21)"
    ),
    "no-three": (
        "R-BIE3-3: under 憋3 a seat with no 3 must buy or be given one before its first play; if "
        "nobody can sell, it is 大落 at its first play (buy3.no3_result; Dispute when geming)"
    ),
    "timeout-lead": (
        "R-TIME-1: a timeout on the lead passes the lead to the next seat (Dispute: "
        "time.timeout_is_pass)"
    ),
    "report-above-10": "R-REPORT-1: a report above 10 cards is a Notice (不够报), not an error",
    "sihu-reentry": (
        "R-SIHU-1: re-entry after a pass in 四户乱缠 where pass.duitou_reentry=false: allowed "
        "(Dispute: sihu_luanchan, EC-41)"
    ),
    "gousiji-open": (
        "R-KAIDIAN-2: opening through a 够死级 set where the cutoff allows it: opens (Dispute: "
        "kaidian.cutoff, EC-51)"
    ),
    "opening": (
        "R-KAIDIAN-1: a qualifying set opens when it stands and its owner takes the lead "
        "(going out with it does not open); under 开点发4 any set holding 4s played by an "
        "unopened seat forfeits"
    ),
    "men": (
        "R-BIE3-2: 闷 when the last non-3 set is beaten by anyone, teammate included; the 闷 "
        "seat's 3s are void"
    ),
    "zaofan": (
        "R-REVOLUTION-1 zaofan_baola: 保拉 cannot be recorded; the rebel is placed as a 革命者 "
        "(Dispute: geming.mode)"
    ),
    "conservation": (
        "R-DECK-2: cards are conserved by rank (suits are not tracked); a ? played by a seat "
        "with no unknown card turns its known cards unknown instead of guessing"
    ),
}

SEATS = (1, 2, 3, 4, 5, 6)
_sub = operator.sub
_plus = operator.add
#: The pass events, shared (events are immutable values): index seat, then ``declined``.
_PASSED: tuple[tuple[E.Passed, E.Passed], ...] = tuple(
    (E.Passed(s), E.Passed(s, declined=True)) for s in range(7)
)
#: The events of a pass in turn that does not end the round, by seat (shared tuples).
_PASSED_ONLY: tuple[tuple[E.Event, ...], ...] = tuple((p,) for p, _ in _PASSED)


# The commonest events, built without attrs' frozen ``__init__`` (one ``object.__setattr__``
# per field) but with exactly the fields and defaults that ``__init__`` would set.
def _setters(cls: type[E.Event], *names: str) -> tuple[Any, ...]:
    return tuple(getattr(cls, n).__set__ for n in names)


def _default_rule(cls: type[E.Event]) -> str:
    d = attrs.fields_dict(cls)["rule_id"].default
    assert isinstance(d, str)
    return d


_new = object.__new__
_SEAT_SET = _setters(E.Event, "seat")[0]
_LED_CARDS, _LED_RULE = _setters(E.Led, "cards", "rule_id")
_LED_RULE_ID = _default_rule(E.Led)
_PLAYED_CARDS, _PLAYED_OVER, _PLAYED_RULE = _setters(E.Played, "cards", "over", "rule_id")
_PLAYED_RULE_ID = _default_rule(E.Played)
_GOUJI_CARDS, _GOUJI_ANSWER, _GOUJI_RULE = _setters(E.GoujiPlayed, "cards", "answer", "rule_id")
_GOUJI_RULE_ID = _default_rule(E.GoujiPlayed)


# Shared Led / Played / GoujiPlayed events (immutable values, like the shared passes),
# by (the cards tuple's identity, seat[, over or answer]): the reader shares one cards
# tuple among the actions written alike, and an event keeps its tuple, so an id is not
# reused while cached (the ``is`` check guards the rest).
_LED_EV: dict[tuple[int, int], E.Led] = {}
_PLAYED_EV: dict[tuple[int, int, int], E.Played] = {}
_GOUJI_EV: dict[tuple[int, int, int], E.GoujiPlayed] = {}
_EV_CACHE_MAX = 4096


def _led(seat: int, cards: tuple[Card, ...]) -> E.Led:
    """``E.Led(seat, cards=cards)``."""
    key = (id(cards), seat)
    e = _LED_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.Led)
    _SEAT_SET(e, seat)
    _LED_CARDS(e, cards)
    _LED_RULE(e, _LED_RULE_ID)
    if len(_LED_EV) >= _EV_CACHE_MAX:
        _LED_EV.clear()
    _LED_EV[key] = e
    return e


def _played(seat: int, cards: tuple[Card, ...], over: int) -> E.Played:
    """``E.Played(seat, cards=cards, over=over)``."""
    key = (id(cards), seat, over)
    e = _PLAYED_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.Played)
    _SEAT_SET(e, seat)
    _PLAYED_CARDS(e, cards)
    _PLAYED_OVER(e, over)
    _PLAYED_RULE(e, _PLAYED_RULE_ID)
    if len(_PLAYED_EV) >= _EV_CACHE_MAX:
        _PLAYED_EV.clear()
    _PLAYED_EV[key] = e
    return e


def _gouji_played(seat: int, cards: tuple[Card, ...], answer: int) -> E.GoujiPlayed:
    """``E.GoujiPlayed(seat, cards=cards, answer=answer)``."""
    key = (id(cards), seat, answer)
    e = _GOUJI_EV.get(key)
    if e is not None and e.cards is cards:
        return e
    e = _new(E.GoujiPlayed)
    _SEAT_SET(e, seat)
    _GOUJI_CARDS(e, cards)
    _GOUJI_ANSWER(e, answer)
    _GOUJI_RULE(e, _GOUJI_RULE_ID)
    if len(_GOUJI_EV) >= _EV_CACHE_MAX:
        _GOUJI_EV.clear()
    _GOUJI_EV[key] = e
    return e


#: Shared ``Closed`` and ``RoundEnded`` events (immutable values), by their fields.
_CLOSED: dict[tuple[int | None, bool], E.Closed] = {}
_ROUND_ENDED: dict[tuple[int, int], E.RoundEnded] = {}


def _closed(seat: int | None, implied: bool) -> E.Closed:
    """``E.Closed(seat, implied=implied)``."""
    key = (seat, implied)
    e = _CLOSED.get(key)
    if e is None:
        e = E.Closed(seat, implied=implied)
        if len(_CLOSED) < 64:
            _CLOSED[key] = e
    return e


_REPORTED: dict[tuple[int, int, int], E.Reported] = {}


def _reported(seat: int, count: int, true_count: int) -> E.Reported:
    """``E.Reported(seat, count=count, true_count=true_count)``, shared."""
    key = (seat, count, true_count)
    e = _REPORTED.get(key)
    if e is None:
        e = E.Reported(seat, count=count, true_count=true_count)
        if len(_REPORTED) < 4096:
            _REPORTED[key] = e
    return e


def _round_ended(seat: int, leader: int) -> E.RoundEnded:
    """``E.RoundEnded(seat, leader=leader)``."""
    key = (seat, leader)
    e = _ROUND_ENDED.get(key)
    if e is None:
        e = E.RoundEnded(seat, leader=leader)
        if len(_ROUND_ENDED) < 64:
            _ROUND_ENDED[key] = e
    return e


I3, I4, I2, IX, ID = 0, 1, 12, 13, 14
DECK_216 = (16,) * 13 + (4, 4)
DECK_196 = (6, 6) + (16,) * 11 + (4, 4)
PLACE_ZH = E.PLACE_ZH


class IllegalAction(GoujiError):
    """An action the rules do not allow in this state.

    :ivar rule_id: the rule broken.
    :ivar seat: the acting seat.
    :ivar action: the action.
    :ivar en: / :ivar zh: why, in English and Chinese.
    :ivar param: the profile parameter that decides, if one does.
    :ivar summary: the state's :meth:`~gojinotation_analyzer.engine.state.DealState.summary`.
    """

    def __init__(
        self,
        rule_id: str,
        seat: int | None,
        action: Action | None,
        en: str,
        zh: str,
        param: str | None,
        summary: str,
    ) -> None:
        self.rule_id = rule_id
        self.seat = seat
        self.action = action
        self.en = en
        self.zh = zh
        self.param = param
        self.summary = summary
        super().__init__(f"[{rule_id}] seat {seat}: {en} (in {summary})")


# ---------------------------------------------------------------------------- params


_VerdictKey = tuple[tuple[int, ...], tuple[int, ...]]
#: The shape and comparison caches of :class:`_P`, by the ``play`` and ``cmp`` parameters.
_SHARED_SETS: dict[
    tuple[Any, Any],
    tuple[dict[tuple[int, ...], S.SetShape | S.IllegalSet], dict[_VerdictKey, S.Verdict]],
] = {}


class _P:
    """The ruleset's values the engine reads, compiled once (the hot path reads these)."""

    def __init__(self, rs: Ruleset) -> None:
        self.bie3 = bool(rs.bie3.enabled or rs.play.three_restriction == "bie3")
        if self.bie3 and rs.play.three_restriction != "bie3":
            rs = rs.with_overrides({"play.three_restriction": "bie3"})
        self.srs = rs  # the ruleset handed to gojinotation_analyzer.engine.sets
        self.deck = DECK_196 if rs.deck.variant == "196_minus_10x3_10x4" else DECK_216
        self.sizes = (33, 33, 33, 33, 32, 32) if self.deck is DECK_196 else (36,) * 6
        self.duitou_only = rs.answer.duitou_only
        self.reentry = rs.pass_.duitou_reentry
        self.blocks_burn = rs.pass_.blocks_burn
        self.yield_ok = rs.rangpai.allowed
        self.yield_word = "让牌" in rs.vocab.allowed
        self.no_duitou = rs.koupai.no_duitou
        self.jiefeng = rs.jiefeng.semantics
        self.gsj_mode = rs.gousiji.mode
        self.wutou = rs.wutou.enabled
        self.wutou_pass_final = rs.wutou.pass_final
        self.youtou_lift = rs.youtou.lifted_after_toke_erke
        self.sihu = rs.sihu_luanchan
        self.baohu = rs.baohu.mode
        if self.bie3 and rs.baohu.off_under_bie3:
            self.baohu = "off"
        self.burn_ok = rs.burn.allowed
        self.formula = rs.burn.eligibility == "formula_004"
        self.max_out = rs.burn.max_players_out
        self.first_exempt = rs.burn.joker_exempt == "first_and_last"
        self.only3 = rs.burn.only_3s_left_ok
        self.success_first = rs.burn.success == "first_set_stands"
        self.killed_daluo = rs.burn.killed_by_duitou == "daluo"
        self.jiesao_same = rs.burn.jiesao_same_play_only
        self.fake_flip = rs.burn.fake_result == "daluo_and_kaidian_flip"
        self.kd = rs.kaidian.enabled
        self.cutoff = rs.kaidian.cutoff
        self.own_out = rs.kaidian.cutoff_on_own_duitou_out
        self.lead4 = rs.kaidian.lead4
        self.no4 = rs.kaidian.no4_is_bukaidian
        self.toke_req = rs.kaidian.toke_requirement
        self.auto = rs.kaidian.auto_if_no_gouji
        self.teammate_burn = rs.kaidian.teammate_burn_counts
        self.men_order = rs.bie3.men_place_order
        self.pay_order = rs.buy3.payment_order
        self.seller_order = rs.buy3.seller_order
        self.no_payment = rs.buy3.no_payment
        self.no3 = rs.buy3.no3_result
        self.buy4 = rs.buy4.mode
        self.geming = rs.geming.mode
        self.fake_geming = rs.geming.fake_penalty
        self.tribute = rs.tribute.mode
        self.limit = rs.time.limit_s
        self.timeout_pass = rs.time.timeout_is_pass
        self.cuopai_round = rs.penalty.cuopai_buchu == "lose_follow_this_round"
        self.lose_lead = rs.penalty.misplay_lose_lead
        self.ershayi = rs.cmp.ershayi == "two_big_beat_one_big"
        self.ershayi_burn = rs.cmp.ershayi_is_burn
        self.ershayi_exempt = rs.cmp.ershayi_pass_exempt
        # a set's shape depends on the ``play`` parameters only, a comparison on ``play``
        # and ``cmp`` (engine.sets): profiles that agree on both share these caches
        shared = _SHARED_SETS.get((rs.play, rs.cmp))
        if shared is None:
            if len(_SHARED_SETS) >= 64:
                _SHARED_SETS.clear()
            shared = _SHARED_SETS[(rs.play, rs.cmp)] = ({}, {})
        self.shapes: dict[tuple[int, ...], S.SetShape | S.IllegalSet] = shared[0]
        self.gouji: dict[tuple[int, ...], bool] = {}
        #: per rank counters of a played set: (够级, opens 开点, a single 大王), see _facts
        self.facts: dict[tuple[int, ...], tuple[bool, bool, bool]] = {}
        self.verdicts: dict[tuple[tuple[int, ...], tuple[int, ...]], S.Verdict] = shared[1]


_PCACHE: dict[int, tuple[Ruleset, _P]] = {}


def _params(rs: Ruleset) -> _P:
    hit = _PCACHE.get(id(rs))
    if hit is not None and hit[0] is rs:
        return hit[1]
    p = _P(rs)
    if len(_PCACHE) > 256:
        _PCACHE.clear()
    _PCACHE[id(rs)] = (rs, p)
    return p


def _shape(p: _P, counts: tuple[int, ...], cards: Sequence[Card]) -> S.SetShape:
    got = p.shapes.get(counts)
    if got is None:
        try:
            got = S.shape(cards, p.srs)
        except S.IllegalSet as e:
            got = e
        p.shapes[counts] = got
    if isinstance(got, S.IllegalSet):
        raise got
    return got


def _compare(
    p: _P,
    counts: tuple[int, ...],
    shape: S.SetShape,
    old_counts: tuple[int, ...],
    old: S.SetShape,
) -> S.Verdict:
    key = (counts, old_counts)
    v = p.verdicts.get(key)
    if v is None:
        v = S.compare(shape, old, p.srs)
        if len(p.verdicts) > 50000:
            p.verdicts.clear()
        p.verdicts[key] = v
    return v


def _is_gouji(p: _P, counts: tuple[int, ...], shape: S.SetShape) -> bool:
    g = p.gouji.get(counts)
    if g is None:
        g = S.is_gouji(shape, p.srs)
        p.gouji[counts] = g
    return g


def _facts(p: _P, counts: tuple[int, ...], shape: S.SetShape) -> tuple[bool, bool, bool]:
    """What the played set ``shape`` (of these rank counters) is, cached by the counters:
    够级 (:func:`_is_gouji`), opening 开点 when 开点 is played (``S.opens_kaidian``), and a
    single 大王 (for 二杀一)."""
    f = p.facts.get(counts)
    if f is None:
        gouji = _is_gouji(p, counts, shape)
        f = (
            gouji,
            bool(p.kd and gouji and S.opens_kaidian(shape, p.srs)),
            shape.total == 1 and counts[ID] == 1,
        )
        p.facts[counts] = f
    return f


def _counts(cards: Iterable[Card]) -> tuple[tuple[int, ...], int]:
    c = [0] * NRANKS
    unk = 0
    for card in cards:
        r = card.rank
        if r is None:
            unk += 1
        else:
            c[r - 3] += 1
    return tuple(c), unk


#: The nonzero rank counters of a set, ``((index, count), ...)``: a set holds one to a
#: few ranks, so adding it to (or taking it from) 15 counters touches only these.
_Nonzero = tuple[tuple[int, int], ...]
#: The rank counters of the card tuples played, by the tuple's identity (the tuple is
#: kept, so its id is not reused while cached): the reader shares one tuple among the
#: actions written alike (``3:KK``), so most plays of a record hit.
_PLAY_COUNTS: dict[int, tuple[tuple[Card, ...], tuple[int, ...], int, _Nonzero]] = {}


def _play_counts(cards: Sequence[Card]) -> tuple[tuple[int, ...], int, _Nonzero]:
    """``_counts(cards)`` and its nonzero counters, cached for tuples (immutable, of
    frozen cards)."""
    hit = _PLAY_COUNTS.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1], hit[2], hit[3]
    counts, nunk = _counts(cards)
    nz = tuple((i, c) for i, c in enumerate(counts) if c)
    if type(cards) is tuple:
        if len(_PLAY_COUNTS) >= 4096:
            _PLAY_COUNTS.clear()
        _PLAY_COUNTS[id(cards)] = (cards, counts, nunk, nz)
    return counts, nunk, nz


def _less(k: tuple[int, ...], nz: _Nonzero) -> tuple[int, ...] | None:
    """``k`` less the counters ``nz``; ``None`` when ``k`` is short of one."""
    for i, c in nz:
        if k[i] < c:
            return None
    out = list(k)
    for i, c in nz:
        out[i] -= c
    return tuple(out)


def _add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(map(_plus if sign > 0 else _sub, a, b))


def _team(s: int) -> int:
    return s & 1


def _popcount(x: int) -> int:
    return bin(x).count("1")


# ---------------------------------------------------------------------------- failures


class _Fail:
    """Why an action is illegal, and the sanction ``do`` applies.

    Sanctions: ``ignore`` (nothing happens), ``cuopai`` (错牌不出: the cards go back and
    the seat has passed), ``accept`` (the action stands as recorded), ``pass`` (counted
    as a pass), ``fake`` (假烧), ``burnfail`` (烧糊), ``none`` (nothing to apply).
    """

    __slots__ = ("en", "notice", "param", "plan", "rule_id", "sanction", "zh")

    def __init__(
        self,
        rule_id: str,
        en: str,
        zh: str,
        sanction: str = "ignore",
        param: str | None = None,
        plan: Any = None,
        *,
        notice: bool = False,
    ) -> None:
        self.notice = notice
        self.rule_id = rule_id
        self.en = en
        self.zh = zh
        self.sanction = sanction
        self.param = param
        self.plan = plan


def _out_of_turn(st: DealState, seat: int) -> _Fail:
    if st.ended:
        return _Fail("R-TURN-1", "the deal is over", "本局已结束")
    if not st.active & BIT[seat]:
        return _Fail(
            "R-TURN-1", f"seat {seat} is no longer in play", f"{seat}号已不在牌局中（已走科）"
        )
    who = _primary(st)
    if who:
        return _Fail(
            "R-TURN-1",
            f"it is seat {who}'s turn, not seat {seat}'s",
            f"轮到{who}号出牌，不是{seat}号",
        )
    return _Fail("R-TURN-1", f"seat {seat} may not act now", f"{seat}号此时不能行动")


def _primary(st: DealState) -> int:
    if st.ended:
        return 0
    if st.closing:
        return st.next_leader
    return st.turn


# ---------------------------------------------------------------------------- predicates


def _active(st: DealState, s: int) -> bool:
    return bool(st.active & BIT[s])


def _two_out(st: DealState) -> bool:
    return len(st.out_order) >= 2


def _has_head(st: DealState, s: int) -> bool:
    """Whether ``s``'s 对头 still counts: in play, or a failed burner (有头)."""
    d = DUI[s]
    if st.active & BIT[d]:
        return True
    return bool(st.youtou & BIT[d])


def _is_wutou(st: DealState, s: int) -> bool:
    return st.p.wutou and not _has_head(st, s)


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


def _reentry(st: DealState, s: int, owner: int) -> bool:
    if st.sihu:
        return True
    if st.p.reentry and owner == DUI[s]:
        return True
    return not st.p.wutou_pass_final and not _has_head(st, owner)


def _may_answer(st: DealState, s: int) -> bool:
    top = st.top
    if top is None or not st.active & BIT[s] or s == top.owner or st.declined & BIT[s]:
        return False
    if top.restrict == R_NOBODY:
        return False
    if top.restrict == R_DUITOU and s != DUI[top.owner]:
        return False
    return not (st.passed & BIT[s] and not _reentry(st, s, top.owner))


def _six_after(s: int) -> tuple[int, ...]:
    out = []
    for _ in range(6):
        s = NXT[s]
        out.append(s)
    return tuple(out)


#: The six seats after a seat in turn order (``NXT`` applied one to six times).
_AROUND: tuple[tuple[int, ...], ...] = tuple(_six_after(s) for s in range(7))


def _walk(st: DealState, start: int) -> int:
    top = st.top
    assert top is not None
    owner = top.owner
    restrict = top.restrict
    if restrict != R_NOBODY:
        active = st.active
        blocked = st.declined
        passed = st.passed
        duitou = DUI[owner]
        for s in _AROUND[start]:
            if s == owner:
                break
            bit = BIT[s]
            if not active & bit or blocked & bit:
                continue
            if restrict == R_DUITOU and s != duitou:
                continue  # 无头 seats interject (see _wutou_interject)
            if passed & bit and not _reentry(st, s, owner):
                continue
            return s
    y = st.yielder
    if y and st.active & BIT[y] and not st.declined & BIT[y] and y != owner:
        return y
    return 0


def _next_active(st: DealState, s: int) -> int:
    for _ in range(6):
        s = NXT[s]
        if st.active & BIT[s]:
            return s
    return 0


def _burnable(st: DealState) -> bool:
    top = st.top
    p = st.p
    if top is None or not p.burn_ok or not top.gouji or st.sihu:
        return False
    if top.restrict == R_NONE:
        return False
    return len(st.out_order) + len(st.forced) + len(st.revolutions) <= p.max_out


def _may_burn(st: DealState, s: int) -> bool:
    top = st.top
    if top is None or not _burnable(st) or not st.active & BIT[s]:
        return False
    if s == top.owner or s == DUI[top.owner] or st.declined & BIT[s]:
        return False
    if st.passed & BIT[s] and st.p.blocks_burn:
        return False
    return not _is_wutou(st, s)


def _may_decline(st: DealState, s: int) -> bool:
    """A non-primary seat may say 过 to decline burning a 够级 set."""
    top = st.top
    if top is None or top.restrict == R_NONE or not st.active & BIT[s]:
        return False
    if s == top.owner or st.declined & BIT[s]:
        return False
    return s != _primary(st)


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


def _must_buy(st: DealState, seat: int) -> bool:
    """Under 憋3 a seat with no 3 must buy (or be given) one before its first play."""
    p = st.p
    if not p.bie3 or st.started & BIT[seat] or not _lacks(st, seat, I3):
        return False
    if _buy_possible(st, seat, I3):
        return True
    return any(_spare(st, s, I3) for s in SEATS if s != seat and st.active & BIT[s])


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


# ---------------------------------------------------------------------------- plans


class _Plan:
    __slots__ = ("counts", "implied", "lead", "nunk", "shape", "taken", "verdict")

    def __init__(
        self,
        lead: bool,
        counts: tuple[int, ...],
        nunk: int,
        shape: S.SetShape | None,
        verdict: S.Verdict | None,
        implied: bool,
    ) -> None:
        self.lead = lead
        self.counts = counts
        self.nunk = nunk
        self.shape = shape
        self.verdict = verdict
        self.implied = implied
        #: (the seat's known counts when judged, those counts less the set, the set's
        #: nonzero counters) when every card of the set was a known one, for :func:`_take`
        self.taken: tuple[tuple[int, ...], tuple[int, ...], _Nonzero] | None = None


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
        return (
            _Fail(
                "R-BIE3-1",
                "under 憋3, 3s may be played only as the last set, all together",
                "憋3打法：3只能作为最后一手牌一次出完，不能拆开出",
                "cuopai",
                "play.three_restriction",
            ),
            None,
        )
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
        return _Fail(
            "R-OPEN-1",
            f"seat {seat} took the first lead by 亮4 and must lead 4s",
            f"{seat}号亮4上班，须先发4",
            "ignore",
            "open.shangban",
        )
    if st.p.bie3 and _must_buy(st, seat):
        return _Fail(
            "R-BIE3-3",
            f"seat {seat} holds no 3 and must buy (or be given) one before playing",
            f"{seat}号无3，须先买3（或受赠）才能出牌",
            "ignore",
            "buy3.seller_order",
        )
    if a.notes and _clock(st, a) is not None:
        return _Fail(
            "R-TIME-1",
            f"the play took {a.note('clk')} s, over the limit of {st.p.limit} s",
            f"出牌用时{a.note('clk')}秒，超过{st.p.limit}秒的限时",
            "none" if lead or as_burn else "pass",
            "time.limit_s",
        )
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
            verdict = _compare(st.p, counts, shape, top.counts, top.shape)
            if not verdict.ok:
                if as_burn:
                    return _Fail(
                        "R-BURN-7",
                        f"the burn cannot beat seat {top.owner}'s set: {verdict.en} (假烧)",
                        f"烧不动{top.owner}号的牌：{verdict.zh}（假烧）",
                        "fake",
                        verdict.param,
                    )
                return _Fail(verdict.rule_id, verdict.en, verdict.zh, "cuopai", verdict.param)
        elif len(a.cards) != len(top.cards) and st.p.srs.cmp.same_total_count:
            return _Fail(
                "R-SET-2",
                "a set must have as many cards as the set it beats",
                "顺牌必须与上家张数相同",
                "cuopai",
                "cmp.same_total_count",
            )
    if as_burn and st.p.formula:
        hand = st.hand(seat)
        if not st.unknown[seat] and not S.burn_formula_ok(hand, st.p.srs):
            return _Fail(
                "R-BURN-9",
                "the hand does not meet 004's burn formula (sets − jokers ≤ 2)",
                "手中牌不符合烧牌公式（套数－王数≤2）",
                "burnfail",
                "burn.eligibility",
            )
    plan = _Plan(lead, counts, nunk, shape, verdict, implied)
    f = _toke_fail(st, seat, counts, nunk, lead) if st.p.kd else None
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


def _wrong_follow(st: DealState, seat: int) -> _Fail:
    """Why a seat that is not to act may not play on the standing set."""
    top = st.top
    if top is None or seat == top.owner:
        return _out_of_turn(st, seat)
    if st.declined & BIT[seat] or (st.passed & BIT[seat] and not _reentry(st, seat, top.owner)):
        if top.owner == DUI[seat] and not st.p.reentry and st.passed & BIT[seat]:
            return _no_duitou_reentry(seat)
        return _Fail(
            "R-PASS-1",
            f"seat {seat} passed in this round and may not play again"
            + (" (only on his 对头's sets)" if st.p.reentry else ""),
            f"{seat}号本轮已过牌，不能再出牌",
            "ignore",
            "pass.duitou_reentry",
        )
    if top.restrict != R_NONE and seat != DUI[top.owner] and not _is_wutou(st, seat):
        return _Fail(
            "R-GOUJI-2",
            f"seat {seat} may not answer seat {top.owner}'s 够级 set: only the 对头 "
            f"(seat {DUI[top.owner]}) may, or a declared burn",
            f"{seat}号不能上{top.owner}号的够级牌：只有对头{DUI[top.owner]}号或烧牌者可以",
            "cuopai",
            "answer.duitou_only",
        )
    return _out_of_turn(st, seat)


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


def _must_lead_4s(st: DealState, seat: int) -> bool:
    """亮4 (002b 5): the first leader, holding the most 4s, must lead 4s."""
    return (
        st.rs.open.shangban == "most_4s_must_lead_4"
        and not st.any_play
        and st.known[seat][I4] > 0
        and st.round_no == 0
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


def _burn_fail_reason(st: DealState, seat: int) -> _Fail | None:
    top = st.top
    p = st.p
    if top is None:
        return _Fail("R-BURN-1", "there is no 够级 set to burn", "没有可烧的够级牌", "cuopai")
    if not p.burn_ok:
        return _Fail(
            "R-BURN-1", "burning is not allowed", "本规则不允许烧牌", "cuopai", "burn.allowed"
        )
    if seat == top.owner:
        return _Fail("R-BURN-1", "one cannot burn one's own set", "不能烧自己的牌", "ignore")
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
    if st.declined & BIT[seat] or (st.passed & BIT[seat] and p.blocks_burn):
        return _Fail(
            "R-BURN-1",
            f"seat {seat} passed and may not burn",
            f"{seat}号已过牌，不能烧牌",
            "cuopai",
            "pass.blocks_burn",
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
    if st.p.formula and not S.burn_formula_ok(st.hand(s), st.p.srs):
        return False
    return bool(S.beating_sets_of_counts(st.known[s], top.shape, st.p.srs))


def _burn_priority(st: DealState, seat: int, a: Action, ev: list[E.Event]) -> None:
    """R-BURN-2 (burn.priority): a burn recorded while a seat ahead of the burner in burn
    priority could also burn and has not declined (an explicit pass).  Had that seat
    declared too, he would burn first; a record cannot show two declarations at once, so
    this is a Dispute, not an error (ENGINE_DEFAULTS["burn-window"])."""
    top = st.top
    if top is None:
        return
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


def _burn_stopped(st: DealState, a: Action, ev: list[E.Event]) -> None:
    """The sanction of R-BURN-4: the burn has failed (烧糊: 大落, cards void, the burned
    player leads); a lead recorded by another seat is then judged afresh."""
    b = st.burn
    if b is None:
        return
    if st.closing:
        _finish_round(st, ev, implied=True)
    _burn_failed(
        st,
        b.burner,
        b.victim,
        ev,
        "the burner stopped before going out",
        "烧牌者未出完手牌即停止",
    )
    if a.seat == b.burner or st.ended or not isinstance(a, (Play, BurnAct)):
        return
    r = _judge(st, a)
    if isinstance(r, _Fail):
        _sanction(st, a, r, ev, notice=r.notice)
    else:
        _apply(st, a, r, ev)


# ---------------------------------------------------------------------------- judging


def _judge(st: DealState, a: Action) -> _Fail | Any:
    """``None``/a plan when ``a`` is legal, else a :class:`_Fail`."""
    t = type(a)
    seat = a.seat
    if t is Play:
        assert isinstance(a, Play)
        return _judge_play(st, a)
    if t is Pass:
        return _judge_pass(st, seat, False) if not st.ended else _out_of_turn(st, seat)
    if t is BurnAct:
        assert isinstance(a, BurnAct)
        top = st.top
        if (
            top is not None
            and st.active & BIT[seat]
            and not st.ended
            and (seat == DUI[top.owner] or _is_wutou(st, seat) or top.restrict == R_NONE)
        ):
            r = _judge_play(st, Play(seat, cards=a.cards, notes=a.notes))
            if isinstance(r, _Fail):
                return r
            return _Fail(
                "R-BURN-1",
                f"seat {seat} may answer seat {top.owner}'s set without burning; read as a "
                "plain play",
                f"{seat}号可直接上{top.owner}号的牌，按普通出牌处理",
                "accept",
                plan=r,
                notice=True,
            )
        return _judge_play(st, a, as_burn=True)
    if st.ended and t not in (Penalty, Ruling):
        return _out_of_turn(st, seat)
    if t is Pass or t is Timeout:
        return _judge_pass(st, seat, t is Timeout)
    if t is Close:
        return _judge_close(st, seat)
    if t is Yield:
        return _judge_yield(st, seat)
    if t is Report:
        assert isinstance(a, Report)
        return _judge_report(st, seat, a.count)
    if t is Revolution:
        if not st.active & BIT[seat]:
            return _out_of_turn(st, seat)
        return _revolution_ok(st, seat)
    if t is Buy:
        assert isinstance(a, Buy)
        return _judge_buy(st, a)
    if t is Give:
        assert isinstance(a, Give)
        return _judge_give(st, a)
    if t is Tribute:
        assert isinstance(a, Tribute)
        return _judge_tribute(st, a)
    if t is Return:
        assert isinstance(a, Return)
        return _judge_return(st, a)
    return None  # Penalty, Ruling: always recorded


def _judge_pass(st: DealState, seat: int, timeout: bool) -> _Fail | None:
    if not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    top = st.top
    if st.closing:
        if _may_decline(st, seat) and not timeout:
            return None
        if seat == st.next_leader:
            if st.burn is not None and _burner_to_lead(st) == seat:
                return _burn_stop(st, seat, seat, "he passes his lead", "他放弃发牌")
            if timeout:
                return None
            return _Fail(
                "R-PASS-1", f"seat {seat} must lead, not pass", f"{seat}号须发牌，不能过", "ignore"
            )
        return _redundant_pass(st, seat, timeout) or _out_of_turn(st, seat)
    if top is None:
        if seat == st.leader:
            if st.burn is not None and _burner_to_lead(st) == seat:
                return _burn_stop(st, seat, seat, "he passes his lead", "他放弃发牌")
            if timeout:
                return None
            return _Fail(
                "R-PASS-1", f"seat {seat} must lead, not pass", f"{seat}号须发牌，不能过", "ignore"
            )
        return _out_of_turn(st, seat)
    if seat == st.turn:
        return None
    if not timeout and _may_decline(st, seat):
        return None
    return _redundant_pass(st, seat, timeout) or _out_of_turn(st, seat)


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
    p = st.p
    top = st.top
    if not p.yield_ok:
        return _Fail(
            "R-YIELD-1", "让牌 is not allowed", "本规则不允许让牌", "ignore", "rangpai.allowed"
        )
    if top is None or st.closing:
        return _Fail("R-YIELD-1", "there is no set to yield on", "无牌可让", "ignore")
    if top.owner == DUI[seat]:
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
    for s in (NXT[top.owner], NXT[NXT[top.owner]]):
        if st.active & BIT[s] and not (st.declined | st.passed) & BIT[s]:
            return _Fail(
                "R-YIELD-1",
                f"让牌 needs both seats between to have passed; seat {s} has not",
                f"让牌须上两家均已过牌，{s}号尚未过牌",
                "ignore",
            )
    downstream = [s for s in (NXT[seat], NXT[NXT[seat]]) if st.active & BIT[s] and s != top.owner]
    if not downstream:
        return _Fail("R-YIELD-1", "nobody to yield to", "没有下家可让", "ignore")
    return None


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


def _judge_buy(st: DealState, a: Buy) -> _Fail | None:
    p = st.p
    seat = a.seat
    r = a.card.rank
    if not st.active & BIT[seat]:
        return _out_of_turn(st, seat)
    if r not in (Rank.THREE, Rank.FOUR) or (r == Rank.THREE and not p.bie3):
        return _Fail(
            "R-BUY-1",
            "only a 3 (under 憋3) or a 4 (买4) may be bought",
            "只有憋3时可买3、开点发4时可买4",
            "ignore",
            "bie3.enabled",
        )
    if r == Rank.FOUR and p.buy4 == "off":
        return _Fail("R-BUY-1", "买4 is not played", "本规则不买4", "ignore", "buy4.mode")
    i = r - 3
    if st.started & BIT[seat]:
        return _Fail(
            "R-BUY-1",
            "buying must happen before the buyer's first play",
            "本人出牌后不得再买",
            "ignore",
            "buy3.deadline",
        )
    if not _lacks(st, seat, i) and not st.unknown[seat]:
        return _Fail(
            "R-BUY-1", f"seat {seat} already holds a {r.zh}", f"{seat}号手中已有{r.zh}", "ignore"
        )
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
    p = st.p
    r = a.card.rank
    to = a.to_seat
    if not st.active & BIT[a.seat] or not 1 <= to <= 6 or not st.active & BIT[to]:
        return _out_of_turn(st, a.seat)
    if r not in (Rank.THREE, Rank.FOUR) or (r == Rank.THREE and not p.bie3):
        return _Fail(
            "R-BUY-1",
            "only a 3 (under 憋3) or a 4 (买4) may be given",
            "只有憋3时可送3、买4时可送4",
            "ignore",
            "bie3.enabled",
        )
    if r == Rank.FOUR and p.buy4 == "off":
        return _Fail("R-BUY-1", "买4 is not played", "本规则不买4", "ignore", "buy4.mode")
    i = r - 3
    if st.started & BIT[to]:
        return _Fail(
            "R-BUY-1",
            "a gift must come before the receiver's first play",
            "受赠者出牌后不得再送",
            "ignore",
            "buy3.deadline",
        )
    if not _lacks(st, to, i) and not st.unknown[to]:
        return _Fail(
            "R-BUY-1", f"seat {to} already holds a {r.zh}", f"{to}号手中已有{r.zh}", "ignore"
        )
    if not _spare(st, a.seat, i):
        return _Fail(
            "R-BUY-1",
            f"seat {a.seat} has no {r.zh} to give",
            f"{a.seat}号没有可送的{r.zh}",
            "ignore",
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


# ---------------------------------------------------------------------------- public API


def verify(state: DealState, action: Action) -> None:
    """Check that ``action`` is legal now.

    :raises IllegalAction: with the rule id, seat, reason (en/zh), parameter and the
        state summary.
    """
    r = _judge(state, action)
    if isinstance(r, _Fail):
        raise IllegalAction(r.rule_id, action.seat, action, r.en, r.zh, r.param, state.summary())


def can(state: DealState, action: Action) -> bool:
    """True when :func:`verify` accepts ``action``."""
    return not isinstance(_judge(state, action), _Fail)


def do(state: DealState, action: Action) -> tuple[DealState, tuple[E.Event, ...]]:
    """Apply ``action``; return the new state and the events.  ``state`` is unchanged.

    An illegal action is not refused: the profile's sanction is applied and a
    :class:`~engine.events.Violation` is reported (a :class:`~engine.events.Notice`
    when the record marks the action irregular with ``^``).  A ``[%ruling …]`` note on an
    irregular action is replayed as recorded (``accept``, ``retract``, ``daluo``,
    ``void``), with a :class:`~engine.events.Dispute` when it differs from what the
    profile prescribes.
    """
    st = object.__new__(DealState)
    st.__dict__ = state.__dict__.copy()
    st.n = state.n + 1
    seat = action.seat
    if (
        type(action) is Pass
        and seat == state.turn
        and state.top is not None
        and not state.closing
        and not action.irregular
        and not action.notes
    ):  # the commonest action: a pass in turn (fast path of _judge_pass + _turn_pass)
        bit = BIT[seat]
        pe = _PASSED[seat][0]
        st.declined = state.declined | bit
        st.passed = state.passed | bit
        if state.yielder == seat:
            st.yielder = 0
        nxt = _walk(st, seat)
        st.turn = nxt
        if nxt:
            out: tuple[E.Event, ...] = _PASSED_ONLY[seat]
        else:
            ev0: list[E.Event] = [pe]
            _stand(st, ev0)
            out = tuple(ev0)
        st.hist = (state.hist, out)
        return st, out
    ev: list[E.Event] = []
    if type(action) is Play and not action.irregular and not action.notes:
        # the next commonest: a plain play (_judge and _apply without their dispatch)
        r = _judge_play(st, action)
        if isinstance(r, _Fail):
            _sanction(st, action, r, ev, notice=r.notice)
        elif r.implied:
            _apply(st, action, r, ev)
        else:
            _play(st, seat, action.cards, r, ev, burn=False)
        out = tuple(ev)
        st.hist = (state.hist, out)
        return st, out
    ruling = action.note("ruling") if action.notes else None
    if action.irregular or ruling is not None:
        _do_irregular(st, action, ruling, ev)
    else:
        r = _judge(st, action)
        if isinstance(r, _Fail):
            _sanction(st, action, r, ev, notice=r.notice)
        else:
            _apply(st, action, r, ev)
    out = tuple(ev)
    st.hist = (state.hist, out)
    return st, out


_SANCTION_TEXT = {
    "ignore": ("ignored", "不予承认"),
    "cuopai": (
        "错牌不出: the cards go back and the seat has passed",
        "错牌不出：收回所出之牌，视为过牌",
    ),
    "accept": ("", ""),
    "none": ("", ""),
    "pass": ("counted as a pass", "视为过牌"),
    "fake": ("假烧: the burner is 大落", "假烧：判为大落"),
    "burnfail": ("烧糊: the burner is 大落, his cards void", "烧糊：判为大落，余牌无效"),
    "burnstop": (
        "烧糊: the burner is 大落, his cards void; the burned player leads",
        "烧糊：烧牌者判为大落，余牌无效，由被烧者发牌",
    ),
}


def _sanction(st: DealState, a: Action, f: _Fail, ev: list[E.Event], *, notice: bool) -> None:
    text, text_zh = _SANCTION_TEXT[f.sanction]
    if f.sanction == "cuopai" and not st.p.cuopai_round:
        text = "错牌不出: the cards go back and the seat has passed for this turn"
        text_zh = "错牌不出：收回所出之牌，本轮此手视为过牌"
    if notice:
        if a.irregular:
            en = f"irregular action recorded: {f.en}; {text or 'it stands'}"
            zh = f"记录为违规行为：{f.zh}"
        else:
            en, zh = f.en, f.zh
        ev.append(E.Notice(a.seat, rule_id=f.rule_id, en=en, zh=zh, action=a, ruling=""))
    else:
        ev.append(
            E.Violation(
                a.seat,
                rule_id=f.rule_id,
                en=f.en,
                zh=f.zh,
                action=a,
                param=f.param,
                sanction=text,
                sanction_zh=text_zh,
            )
        )
        _dispute_param(st, a, f.rule_id, f.param, ev)
    _apply_sanction(st, a, f, ev)


def _apply_sanction(st: DealState, a: Action, f: _Fail, ev: list[E.Event]) -> None:
    seat = a.seat
    s = f.sanction
    if (
        st.p.lose_lead
        and f.rule_id in ("R-PASS-1", "R-PASS-2", "R-REPORT-1")
        and st.active & BIT[seat]
    ):
        st.lose_lead |= BIT[seat]  # 001d(四): 过牌后又发牌、报户不实 -> 取消一次发牌权
    if s == "accept":
        if f.plan is not None or isinstance(a, (Report, Buy, Tribute, Return)):
            _apply(st, a, f.plan, ev)
        return
    if s == "cuopai" or s == "pass":
        if st.ended or not st.active & BIT[seat]:
            return
        if st.top is None or (st.closing and seat == st.next_leader):
            if st.p.lose_lead and s == "cuopai":
                st.lose_lead |= BIT[seat]
            return
        _turn_pass(st, seat, ev, timeout=s == "pass", cuopai=s == "cuopai")
        return
    if f.rule_id == "R-REVOLUTION-1" and isinstance(a, Revolution) and st.p.fake_geming:
        pts = -st.p.fake_geming
        st.penalties = (*st.penalties, (seat, pts, "虚假革命/造反"))
        ev.append(E.PenaltyApplied(seat, points=pts, reason="false 革命/造反 (虚假宣布)"))
        return
    if s == "fake":
        _fake_burn(st, seat, ev)
        return
    if s == "burnstop":
        _burn_stopped(st, a, ev)
        return
    if s == "burnfail":
        top = st.top
        victim = top.owner if top else seat
        ev.append(E.BurnDeclared(seat, against=victim, cards=_cards_t(a)))
        st.burns = (*st.burns, (seat, victim, "failed", 1))
        _burn_failed(st, seat, victim, ev, f.en, f.zh)


def _cards_t(a: Action) -> tuple[Card, ...]:
    return tuple(getattr(a, "cards", ()))


def _dispute_param(
    st: DealState, a: Action | None, rule_id: str, param: str | None, ev: list[E.Event]
) -> None:
    """A Dispute when the deciding parameter is an open point of the profile."""
    if not param or st.profile is None:
        return
    s = _setting(st.profile, param)
    if s is None or not (s.open or s.is_disputed):
        return
    alts = tuple(
        (str(r.value), r.note or (r.citation.tag if r.citation else "")) for r in s.disputed
    )
    ev.append(
        E.Dispute(
            a.seat if a is not None else None,
            rule_id=rule_id,
            param=param,
            en=f"{param} = {s.text} decided this, but the documents leave it open"
            + (f": {s.note}" if s.note else ""),
            zh=f"此处由 {param} = {s.text} 决定，但文件对此未作规定或有分歧",
            action=a,
            alternatives=alts,
        )
    )


def _setting(profile: str, param: str) -> Any:
    try:
        from gojinotation_analyzer.rules.profiles import PROFILES
    except ImportError:  # pragma: no cover
        return None
    prof = PROFILES.get(profile)
    if prof is None:
        return None
    try:
        return prof.setting(param)
    except KeyError:
        return None


def _dispute(
    st: DealState,
    seat: int | None,
    a: Action | None,
    rule_id: str,
    param: str,
    en: str,
    zh: str,
    alternatives: tuple[tuple[str, str], ...],
    ev: list[E.Event],
) -> None:
    ev.append(
        E.Dispute(
            seat, rule_id=rule_id, param=param, en=en, zh=zh, action=a, alternatives=alternatives
        )
    )


# ---------------------------------------------------------------------------- irregular


def _do_irregular(st: DealState, a: Action, ruling: str | None, ev: list[E.Event]) -> None:
    r = _judge(st, a)
    fail = r if isinstance(r, _Fail) else None
    if ruling is None:
        if fail is None:
            ev.append(
                E.Notice(
                    a.seat,
                    rule_id="R-PENALTY-1",
                    en="marked irregular (^) but legal under the profile",
                    zh="标为违规（^），但按本规则合法",
                    action=a,
                )
            )
            _apply(st, a, r, ev)
        else:
            _sanction(st, a, fail, ev, notice=True)
        return
    word = _ruling_word(ruling) or "accept"
    prescribed = "accept"
    if fail is not None:
        prescribed = {
            "ignore": "void",
            "cuopai": "retract",
            "pass": "retract",
            "fake": "daluo",
            "burnfail": "daluo",
            "burnstop": "daluo",
            "accept": "accept",
            "none": "accept",
        }[fail.sanction]
    rule = fail.rule_id if fail is not None else "R-PENALTY-1"
    ev.append(
        E.Notice(
            a.seat,
            rule_id=rule,
            en=f"referee's ruling {word!r} replayed"
            + (f" ({fail.en})" if fail is not None else ""),
            zh=f"按裁判裁决“{word}”处理" + (f"（{fail.zh}）" if fail is not None else ""),
            action=a,
            ruling=ruling,
        )
    )
    if word not in ("accept", "retract", "daluo", "void"):
        word = prescribed
    if word != prescribed:
        _dispute(
            st,
            a.seat,
            a,
            rule,
            (fail.param if fail is not None and fail.param else "penalty.cuopai_buchu"),
            f"the recorded ruling {word!r} differs from what the profile prescribes "
            f"({prescribed!r})",
            f"记录的裁决“{word}”与本规则的处理（“{prescribed}”）不同",
            ((prescribed, "the profile's sanction"),),
            ev,
        )
    if word == "accept":
        if fail is None:
            _apply(st, a, r, ev)
        elif fail.plan is not None:
            _apply(st, a, fail.plan, ev)
        elif isinstance(a, (Play, BurnAct)):
            _force_play(st, a, ev)
        else:
            _apply_sanction(st, a, fail, ev)
    elif word == "retract":
        if isinstance(a, (Play, BurnAct)) and st.active & BIT[a.seat]:
            _apply_sanction(st, a, _Fail("R-CUOPAI-1", "", "", "cuopai"), ev)
    elif word == "daluo" and st.active & BIT[a.seat]:
        _force_bottom(st, a.seat, ev, "referee: 大落", "裁判判为大落")
        _fix_pointers(st, ev)
        _check_end(st, ev)


def _ruling_word(text: str) -> str:
    """The leading keyword of a ruling (``accept``, ``retract``, ``daluo``, ``void``)."""
    m = re.match(r"\s*([A-Za-z]+)", text)
    return m.group(1).lower() if m else ""


def _force_play(st: DealState, a: Play | BurnAct, ev: list[E.Event]) -> None:
    seat = a.seat
    if st.ended or not st.active & BIT[seat]:
        return
    counts, nunk = _counts(a.cards)
    shape: S.SetShape | None = None
    if not nunk:
        try:
            shape = _shape(st.p, counts, a.cards)
        except S.IllegalSet:
            shape = None
    if st.closing:
        _finish_round(st, ev, implied=True)
    lead = st.top is None
    plan = _Plan(lead, counts, nunk, shape, None, False)
    _play(st, seat, a.cards, plan, ev, burn=False)


# ---------------------------------------------------------------------------- apply


def _apply(st: DealState, a: Action, plan: Any, ev: list[E.Event]) -> None:
    t = type(a)
    seat = a.seat
    if t is Play or t is BurnAct:
        assert isinstance(a, (Play, BurnAct))  # plan is a _Plan (from _judge_play)
        burn = t is BurnAct
        top = st.top
        if (
            burn
            and top is not None
            and (seat == DUI[top.owner] or _is_wutou(st, seat) or top.restrict == R_NONE)
        ):
            burn = False
        if plan.implied:
            _finish_round(st, ev, implied=True)
            if st.ended or st.leader != seat:
                ev.append(
                    E.Violation(
                        seat,
                        rule_id="R-TURN-1",
                        en=f"seat {seat} may not lead now",
                        zh=f"{seat}号此时不能发牌",
                        action=a,
                        sanction="ignored",
                        sanction_zh="不予承认",
                    )
                )
                return
        if burn:
            _burn_priority(st, seat, a, ev)
        _play(st, seat, a.cards, plan, ev, burn=burn)
    elif t is Pass:
        _turn_pass(st, seat, ev)
    elif t is Timeout:
        _timeout(st, a, ev)
    elif t is Close:
        _close(st, seat, ev)
    elif t is Yield:
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
    elif t is Report:
        assert isinstance(a, Report)
        ev.append(_reported(seat, a.count, st.count(seat)))
        r = list(st.reported)
        r[seat] = a.count
        st.reported = tuple(r)
    elif t is Revolution:
        _revolution(st, seat, ev)
    elif t is Buy:
        assert isinstance(a, Buy)
        _transfer(st, seat, a.from_seat, a.card, ev)
        _transfer(st, a.from_seat, seat, a.paid, ev)
        ev.append(E.Bought(seat, card=a.card, from_seat=a.from_seat, paid=a.paid))
    elif t is Give:
        assert isinstance(a, Give)
        _transfer(st, a.to_seat, seat, a.card, ev)
        ev.append(E.Gave(seat, card=a.card, to_seat=a.to_seat))
    elif t is Tribute:
        assert isinstance(a, Tribute)
        for c in a.cards:
            _transfer(st, a.to_seat, seat, c, ev)
        st.received = (*st.received, (seat, a.to_seat, len(a.cards)))
        st.obligations = tuple(
            o for i, o in enumerate(st.obligations) if i != _first_owed(st, seat, a.to_seat)
        )
        ev.append(E.Tribute(seat, cards=tuple(a.cards), to_seat=a.to_seat))
    elif t is Return:
        assert isinstance(a, Return)
        for c in a.cards:
            _transfer(st, a.to_seat, seat, c, ev)
        st.received = tuple(r for r in st.received if not (r[0] == a.to_seat and r[1] == seat))
        ev.append(E.Returned(seat, cards=tuple(a.cards), to_seat=a.to_seat))
    elif t is Penalty:
        assert isinstance(a, Penalty)
        st.penalties = (*st.penalties, (seat, a.points, a.reason))
        ev.append(E.PenaltyApplied(seat, points=a.points, reason=a.reason))
    elif t is Ruling:
        assert isinstance(a, Ruling)
        ev.append(E.RulingApplied(seat, text=a.text))
        word = _ruling_word(a.text)
        if word == "daluo" and st.active & BIT[seat] and not st.ended:
            _force_bottom(st, seat, ev, "referee: 大落", "裁判判为大落")
            _fix_pointers(st, ev)
            _check_end(st, ev)


def _first_owed(st: DealState, payer: int, receiver: int) -> int:
    for i, o in enumerate(st.obligations):
        if o[0] == payer and o[1] == receiver:
            return i
    return -1


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


def _first_play(st: DealState, seat: int, ev: list[E.Event]) -> bool:
    """Checks at a seat's first play; False when the seat is forced out instead."""
    p = st.p
    st.started |= BIT[seat]
    st.any_play = True
    if p.bie3 and _lacks(st, seat, I3):
        en = f"seat {seat} holds no 3 under 憋3"
        zh = f"{seat}号无3"
        ev.append(E.Notice(seat, rule_id="R-BIE3-3", en=en, zh=zh, ruling=p.no3))
        if p.no3 == "geming":
            _dispute(
                st,
                seat,
                None,
                "R-BIE3-3",
                "buy3.no3_result",
                "a seat without a 3 that does not 革命: the documents give no result; "
                "treated as 大落",
                "无3又不革命者：文件未述，按大落处理",
                (("daluo", "000§C 无3为6客"), ("daluo_and_kaidian_flip", "000§D")),
                ev,
            )
        if p.no3 == "daluo_and_kaidian_flip" and p.kd:
            _not_opened(st, seat, ev, "no 3 (000§D)", "无3")
            _opened(st, DUI[seat], ev, "the 对头 has no 3 (000§D)", "对头无3")
        _force_bottom(st, seat, ev, "no 3: 大落", "无3：大落")
        _fix_pointers(st, ev)
        _check_end(st, ev)
        return False
    if p.kd:
        k = st.known[seat]
        if p.no4 and not k[I4] and not st.unknown[seat] and not st.kd_done & BIT[seat]:
            _not_opened(st, seat, ev, "no 4 (开点发4)", "无4不开点", rule="R-KAIDIAN-3")
        if (
            p.auto
            and not st.unknown[seat]
            and not (st.opened | st.kd_done) & BIT[seat]
            and not _holds_gouji(p, cards_of(k))
        ):
            _opened(st, seat, ev, "no 够级 set in hand: opens automatically", "无够级牌，自动开点")
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
    if b is not None and b.burner == seat and not burn and lead:
        has_joker = counts[IX] + counts[ID] > 0
        exempt = hand_after <= 0 or has_joker or plan.nunk > 0
        if not exempt and p.only3:
            rest = _add(st.known[seat], counts, -1)
            exempt = not st.unknown[seat] and sum(rest) == rest[I3]
        if not exempt:
            _burn_failed(
                st,
                seat,
                b.victim,
                ev,
                f"set {b.sets + 1} ({format_cards(cards_t)}) carries no joker",
                f"第{b.sets + 1}手（{format_cards(cards_t)}）未挂王",
            )
            return
        st.burn = b.evolve(sets=b.sets + 1)
    if burn:
        assert top is not None
        has_joker = counts[IX] + counts[ID] > 0
        exempt = hand_after <= 0 or has_joker or p.first_exempt
        if not exempt and p.only3:
            rest = _add(st.known[seat], counts, -1)
            exempt = not st.unknown[seat] and sum(rest) == rest[I3]
        if not exempt:
            ev.append(E.BurnDeclared(seat, against=top.owner, cards=cards_t))
            st.burns = (*st.burns, (seat, top.owner, "failed", 1))
            _burn_failed(
                st,
                seat,
                top.owner,
                ev,
                "the first set carries no joker (only the last is exempt)",
                "第一手未挂王（只有最后一手可以不挂）",
            )
            return
    # 开点发4 and early 4s
    if p.kd:
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
    # 解烧 / 反烧 / 闷 on the set being beaten
    lifted_daluo = 0
    if not lead and top is not None:
        if b is not None and top.owner == b.burner and seat != b.burner:
            if burn:
                ev.append(E.CounterBurn(seat, against=b.burner, level=b.level + 1))
                st.burns = _set_outcome(st.burns, b.index, "lifted")
                st.burn = None
            else:
                ev.append(E.BurnLifted(b.burner, by=seat))
                st.burns = _set_outcome(st.burns, b.index, "lifted")
                st.burn = None
                _dispute_param(st, None, "R-BURN-6", "burn.killed_by_duitou", ev)
                if p.killed_daluo:
                    lifted_daluo = b.burner
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
    # the burn itself
    if burn:
        assert top is not None
        level = 1
        if b is not None and top.owner == b.burner:
            level = b.level + 1
        else:
            ev.append(E.BurnDeclared(seat, against=top.owner, cards=cards_t))
        if st.burn is not None and st.burn.burner != seat:
            st.burns = _set_outcome(st.burns, st.burn.index, "lifted")
        st.burn = Burn(
            seat,
            top.owner,
            level,
            len(st.burns),
            teammate=_team(seat) == _team(top.owner),
        )
        st.burns = (*st.burns, (seat, top.owner, "", level))
    if taken is not None and taken[0] is st.known[seat]:  # _take's usual case, inline
        played = list(st.played)
        for i, c in taken[2]:
            played[i] += c
        st.played = tuple(played)
        known_l = list(st.known)
        known_l[seat] = taken[1]
        st.known = tuple(known_l)
    else:
        _take(st, seat, counts, plan.nunk, taken)
    if shape is not None:
        facts = p.facts.get(counts)  # _facts's cache, read first
        gouji, kd_ok, single_big = facts if facts is not None else _facts(p, counts, shape)
    else:
        gouji = kd_ok = single_big = False
    gousiji = False
    if gouji and st.gsj[seat] and not st.active & BIT[DUI[seat]]:
        g = list(st.gsj)
        g[seat] -= 1
        st.gsj = tuple(g)
        gousiji = True
        ev.append(E.Gousiji(seat))
    is_burn_set = st.burn is not None and st.burn.burner == seat
    if (
        kd_ok
        and burn
        and not p.teammate_burn
        and top is not None
        and _team(top.owner) == _team(seat)
    ):
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
            _dispute_param(st, None, "R-SIHU-1", "sihu_luanchan", ev)
            if st.profile is not None:
                _dispute(
                    st,
                    seat,
                    None,
                    "R-SIHU-1",
                    "sihu_luanchan",
                    "re-entry after a pass in 四户乱缠 while this profile has no 对头 re-entry "
                    "(EC-41)",
                    "四户乱缠中过牌后再上牌，而本规则过牌者不能回对门牌（EC-41）",
                    (("false", "no re-entry: illegal"),),
                    ev,
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
    st.closing = False
    st.closer = 0
    if lifted_daluo and st.active & BIT[lifted_daluo]:
        _force_bottom(st, lifted_daluo, ev, "解烧: 大落", "被解烧：大落")
        if st.ended:
            return
    if hand_after <= 0 and st.count(seat) == 0:
        _went_out(st, seat, ev, gouji)
        if st.ended:
            return
    elif p.bie3 and not st.unknown[seat]:
        k = st.known[seat]
        if k[I3] and k[I3] == sum(k) and not counts[I3]:
            st.top.men_cand = True
    st.turn = _walk(st, seat)
    if not st.turn:
        _stand(st, ev)


def _set_outcome(
    burns: tuple[tuple[int, int, str, int], ...], index: int, outcome: str
) -> tuple[tuple[int, int, str, int], ...]:
    out = list(burns)
    if 0 <= index < len(out) and not out[index][2]:
        b = out[index]
        out[index] = (b[0], b[1], outcome, b[3])
    return tuple(out)


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
    if cuopai and st.p.lose_lead:
        st.lose_lead |= BIT[seat]
    if st.yielder == seat:
        st.yielder = 0
    if primary:
        st.turn = _walk(st, seat)
        if not st.turn:
            _stand(st, ev)


def _timeout(st: DealState, a: Action, ev: list[E.Event]) -> None:
    seat = a.seat
    if st.top is None or (st.closing and seat == st.next_leader):
        if st.closing:
            _finish_round(st, ev, implied=True)
        nxt = _next_active(st, seat)
        ev.append(E.TimeoutPass(seat))
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


def _stand(st: DealState, ev: list[E.Event]) -> None:
    """The standing set stands: the round waits for its 扣牌 (or an implied one)."""
    top = st.top
    assert top is not None
    owner = top.owner
    st.closing = True
    st.turn = 0
    st.next_leader = owner if st.active & BIT[owner] else _next_active(st, owner)
    d = DUI[owner]
    if st.active & BIT[d]:
        st.closer = d
    elif st.p.no_duitou == "next_active_opponent":
        s = owner
        st.closer = 0
        for _ in range(6):
            s = NXT[s]
            if st.active & BIT[s] and _team(s) != _team(owner):
                st.closer = s
                break
    else:
        st.closer = 0


def _close(st: DealState, seat: int, ev: list[E.Event]) -> None:
    if not st.closing:
        # the 扣牌人 passes and closes at once
        st.declined |= BIT[seat]
        st.passed |= BIT[seat]
        if st.yielder == seat:
            st.yielder = 0
        _stand(st, ev)
    if st.closer == 0 and st.profile is not None:
        _dispute_param(st, None, "R-CLOSE-1", "koupai.no_duitou", ev)
    _finish_round(st, ev, implied=False, by=seat)


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
        if b.first and p.success_first and not b.succeeded:
            ev.append(E.BurnSucceeded(owner, against=b.victim))
            st.burns = _set_outcome(st.burns, b.index, "success")
            b = b.evolve(succeeded=True)
        st.burn = b.evolve(first=False)
    if p.kd and top.kd_ok and st.active & BIT[owner] and not (st.opened | st.kd_done) & BIT[owner]:
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
        if p.lead4:
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
    nl = st.next_leader
    if not st.active & BIT[owner] and nl:
        ev.append(E.Jiefeng(nl, after=owner))
    if nl and st.lose_lead & BIT[nl]:
        st.lose_lead &= ~BIT[nl]
        nxt = _next_active(st, nl)
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


def _men(st: DealState, victim: int, by: int, ev: list[E.Event]) -> None:
    order = len(st.men) + 1
    st.men = (*st.men, victim)
    st.men_facts = (*st.men_facts, (victim, by, order))
    ev.append(E.Men(victim, by=by, order=order))
    if _team(victim) == _team(by):
        _dispute_param(st, None, "R-BIE3-2", "bie3.men_teammate_scores", ev)
    if st.p.men_order:
        _force_bottom(st, victim, ev, f"闷 #{order}", f"第{order}个被闷")


def _burn_failed(
    st: DealState, seat: int, victim: int, ev: list[E.Event], en: str, zh: str
) -> None:
    b = st.burn
    if b is not None and b.burner == seat:
        st.burns = _set_outcome(st.burns, b.index, "failed")
    st.burn = None
    ev.append(E.BurnFailed(seat, reason_en=en, reason_zh=zh))
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


def _restart(st: DealState, leader: int, ev: list[E.Event]) -> None:
    """A new round led by ``leader`` (or the next seat in play after him)."""
    if st.ended:
        return
    if not st.active & BIT[leader]:
        leader = _next_active(st, leader)
    st.top = None
    st.closing = False
    st.closer = 0
    st.next_leader = 0
    st.passed = 0
    st.declined = 0
    st.yielder = 0
    st.leader = st.turn = leader


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
        first = [s for s in SEATS if st.places[s] == 1]
        second = [s for s in SEATS if st.places[s] == 2]
        free = _places_free(st)
        want = 4
        if first and second and _team(first[0]) == _team(r) == _team(second[0]):
            want = 3
        place = want if want in free else (free[0] if free else 4)
        pl = list(st.places)
        pl[r] = place
        st.places = tuple(pl)
        ev.append(E.WentOut(r, place=place, forced="革命"))
    st.rev_pending = ()
    _chuan3hu(st, ev)


_CUTOFF_WHY = {1: "头科", 2: "二科"}


def _went_out(st: DealState, seat: int, ev: list[E.Event], gouji: bool) -> None:
    p = st.p
    if st.rev_pending and len(st.out_order) == 2:
        _assign_revolution(st, ev)
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
    b = st.burn
    if b is not None and b.burner == seat:
        if not b.succeeded:
            ev.append(E.BurnSucceeded(seat, against=b.victim))
            st.burns = _set_outcome(st.burns, b.index, "success")
        st.burn = None
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
        if p.own_out:
            _not_opened(st, DUI[seat], ev, "his 对头 went out", "对头走科")
    _chuan3hu(st, ev)
    _after_exit(st, seat, ev)


def _chuan3hu(st: DealState, ev: list[E.Event]) -> None:
    top3 = [s for s in SEATS if st.places[s] in (1, 2, 3)]
    if len(top3) == 3 and len({_team(s) for s in top3}) == 1 and not st.chuan3hu_seen:
        st.chuan3hu_seen = True
        ev.append(E.Chuan3hu(None, team="A" if _team(top3[0]) == 1 else "B"))


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


def _after_exit(st: DealState, seat: int, ev: list[E.Event]) -> None:
    p = st.p
    if _two_out(st):
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


def _fix_pointers(st: DealState, ev: list[E.Event]) -> None:
    if st.ended:
        return
    if st.yielder and not st.active & BIT[st.yielder]:
        st.yielder = 0
    if st.top is None:
        if not st.active & BIT[st.leader]:
            st.leader = st.turn = _next_active(st, st.leader)
        return
    if st.closing:
        _stand(st, ev)
        return
    if st.turn and not st.active & BIT[st.turn]:
        st.turn = _walk(st, st.turn)
        if not st.turn:
            _stand(st, ev)


def _revolution(st: DealState, seat: int, ev: list[E.Event]) -> None:
    ev.append(E.Revolution(seat))
    if st.p.geming == "zaofan_baola":
        _dispute(
            st,
            seat,
            None,
            "R-REVOLUTION-1",
            "geming.mode",
            "造反 needs a teammate's 保拉, which a record cannot show; the rebel is placed "
            "as a 革命者 (四科, or 三科 when his teammates take 头科 and 二科)",
            "造反须同伙提出保拉，记录中无法体现；按革命者定名次（四科，同伙得头科二科时为三科）",
            (("zaofan_baola", "三科 if the 保拉 declarer takes 头科, else 大拉 (000§K)"),),
            ev,
        )
    st.revolutions = (*st.revolutions, seat)
    if len(st.revolutions) >= 2:
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


# ---------------------------------------------------------------------------- deal setup


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
    st.opened = 0
    st.kd_done = 0
    st.kd_pending = 0
    st.men = ()
    st.men_facts = ()
    st.ershayi = ()
    st.penalties = ()
    st.gsj = (0,) * 7
    st.youtou = 0
    st.wutou_seen = 0
    st.sihu = False
    st.ended = False
    st.void_deal = False
    st.lose_lead = 0
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
    sizes = [st.count(s) for s in SEATS]
    if sorted(sizes) != sorted(p.sizes):
        for s in SEATS:
            if hands.get(s) is not None and st.count(s) not in p.sizes:
                ev.append(
                    E.Violation(
                        s,
                        rule_id="R-DECK-1",
                        en=f"seat {s} was dealt {st.count(s)} cards; the deck gives "
                        + "/".join(map(str, sorted(set(p.sizes), reverse=True))),
                        zh=f"{s}号有{st.count(s)}张牌，应为"
                        + "/".join(map(str, sorted(set(p.sizes), reverse=True)))
                        + "张",
                        param="deck.variant",
                    )
                )
        if not any(isinstance(e, E.Violation) for e in ev):
            ev.append(
                E.Violation(
                    None,
                    rule_id="R-DECK-1",
                    en=f"hand sizes {sizes} do not match the deck ({list(p.sizes)})",
                    zh=f"各家张数{sizes}与用牌不符",
                    param="deck.variant",
                )
            )
    total = (0,) * NRANKS
    for s in SEATS:
        total = _add(total, st.known[s])
    all_known = not any(st.unknown[s] for s in SEATS)
    for i in range(NRANKS):
        if total[i] > p.deck[i] or (all_known and total[i] != p.deck[i]):
            card = RANK_CARDS[i].gjn()
            ev.append(
                E.Violation(
                    None,
                    rule_id="R-DECK-1",
                    en=f"the hands hold {total[i]}×{card}; the deck has {p.deck[i]}",
                    zh=f"各家共有{total[i]}张{card}，整副牌为{p.deck[i]}张",
                    param="deck.variant",
                )
            )


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


# ---------------------------------------------------------------------------- legal actions


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


def legal_actions(state: DealState, *, sets_for: Container[int] | None = None) -> list[Action]:
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

    >>> from gojinotation.cards import parse_cards as C
    >>> st = new_deal([C("QQQ 5"), C("KKK 6"), C("7"), C("AAA 8"), C("9"), C("T")],
    ...               leader=1, deck_check=False)
    >>> st, _ = do(st, Play(1, cards=C("QQQ")))
    >>> kinds = sorted({(type(a).__name__, a.seat) for a in legal_actions(st)})
    >>> [f"{k}{s}" for k, s in kinds if k != "Report"]
    ['Burn2', 'Close4', 'Pass2', 'Pass3', 'Pass4', 'Pass5', 'Pass6', 'Play4']
    >>> [type(a).__name__ for a in legal_actions(st, sets_for=(4,)) if a.seat in (2, 4)]
    ['Play', 'Pass', 'Close', 'Pass', 'Report', 'Report']
    """
    st = state
    if st.ended:
        return []
    want = _ALL_SEATS if sets_for is None else sets_for
    out: list[Action] = []
    p = st.p
    top = st.top
    # before play: 革命, 买3/买4, 送
    for s in SEATS:
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
    if st.obligations and not st.any_play:
        for payer, receiver, count in st.obligations:
            cards = legal_tribute_cards(st.hand(payer), count, st.rs)
            if cards:
                out.append(Tribute(payer, cards=cards, to_seat=receiver))
    for payer, receiver, count in st.received:
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
        if st.closer:
            out.append(_CLOSE[st.closer])
        elif top is not None:
            out.extend(
                _CLOSE[s] for s in SEATS if st.active & BIT[s] and _team(s) != _team(top.owner)
            )
    elif top is None:
        if st.leader and st.leader in want and not _must_buy(st, st.leader):
            leads = _plays(st, st.leader, True)
            if _must_lead_4s(st, st.leader):
                leads = [c for c in leads if _counts(c)[0][I4]]
            out.extend(_play_acts(st.leader, leads))
    else:
        t = st.turn
        if t:
            if t in want and not _must_buy(st, t):
                out.extend(_play_acts(t, _plays(st, t, False)))
            out.append(_PASS[t])
            if _judge_yield(st, t) is None:
                out.append(_YIELD[t])
            if _judge_close(st, t) is None:
                out.append(_CLOSE[t])
        if p.ershayi and not p.ershayi_burn and top.single_big:
            for s in SEATS:
                if s != t and s in want and _ershayi_interject(st, s, (RANK_CARDS[ID],) * 2):
                    out.extend(
                        Play(s, cards=c)
                        for c in _plays(st, s, False)
                        if _counts(c)[0][ID] >= 2 and not _must_buy(st, s)
                    )
    # 无头 seats beating a 够级 set out of turn
    if top is not None and top.restrict == R_DUITOU:
        for s in SEATS:
            if s in want and s != _primary(st) and _wutou_interject(st, s) and not _must_buy(st, s):
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
    if p.baohu not in ("off", "asking_forbidden"):
        for s in SEATS:
            if st.active & BIT[s]:
                n = st.count(s)
                if n <= 10:
                    out.append(_REPORT[s][n])
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


# ---------------------------------------------------------------------------- replay


def deal_ruleset(deal: Deal) -> tuple[Ruleset, str | None, tuple[E.Event, ...]]:
    """The ruleset of a record: its ``Profile`` tag plus ``[Rules "..."]`` overrides.

    Returns the ruleset, the profile id (``None`` if unknown) and notices about it.
    """
    tags = deal.tags
    prof = tags.get("Profile", "qingdao-standard") or "qingdao-standard"
    rules = tags.get("Rules", "")
    notes: list[E.Event] = []
    try:
        from gojinotation_analyzer.rules.profiles import load_ruleset, resolve_profile_id

        pid: str | None = resolve_profile_id(prof)
        return load_ruleset(prof, rules), pid, ()
    except RulesetError as e:
        notes.append(
            E.Violation(
                None,
                rule_id="R-RECORD-1",
                en=f"{e.en}; replayed under qingdao-standard",
                zh=f"{e.zh}；按青岛常规打法回放",
                param=e.param or None,
            )
        )
        pid = None
    rs = Ruleset()
    try:
        if rules.strip():
            rs = rs.with_overrides(parse_overrides(rules))
    except RulesetError:
        pass
    return rs, pid, tuple(notes)


def _deal_leader(
    deal: Deal, hands: Mapping[int, Sequence[Card] | None], rs: Ruleset
) -> tuple[int, tuple[E.Event, ...]]:
    tag = deal.tag("Leader")
    seat = _shangban_seat(rs.open.shangban, hands, rs.open.dingban)
    if tag and tag.strip().isdigit() and len(tag.strip()) == 1 and 1 <= int(tag) <= 6:
        full = seat != 0 and sorted(len(hands.get(s) or ()) for s in SEATS) == sorted(
            _params(rs).sizes
        )
        return int(tag), _leader_tag_check(deal, int(tag), seat, rs) if full else ()
    ignored: tuple[E.Event, ...] = ()
    if tag is not None:  # issue #15: "7", "0", 26 digits were ignored without a word
        shown = tag if len(tag) <= 20 else tag[:20] + "…"
        ignored = (
            E.Notice(
                None,
                rule_id="R-OPEN-1",
                en=f"the Leader tag {shown!r} is not a seat 1-6 and is ignored",
                zh=f"Leader 标签 {shown!r} 不是 1-6 号座位，已忽略",
            ),
        )
    if seat:
        return seat, ignored
    first = next((a.seat for a in deal.actions() if isinstance(a, (Play, BurnAct))), 1)
    return first, (
        *ignored,
        E.Notice(
            first,
            rule_id="R-OPEN-1",
            en=f"no Leader tag and 上班 ({rs.open.shangban}) cannot be told from the hands; "
            f"seat {first}, the first to play in the record, is taken as the leader",
            zh=f"无Leader标签，且无法由手牌确定上班；以记录中首先出牌的{first}号为首发牌人",
        ),
    )


def _first_deal(deal: Deal) -> bool:
    """Whether the record places the deal first in its match (no ``Game``/``Deal`` tag
    beyond 1): the deal after the first 开牌, whose first leader 上班 decides."""
    tags = deal.tags
    return all(tags.get(t, "1").strip() in ("", "1") for t in ("Game", "Deal"))


def _leader_tag_check(deal: Deal, tag: int, shangban: int, rs: Ruleset) -> tuple[E.Event, ...]:
    """R-OPEN-1: a ``Leader`` tag against the 上班 seat told from the suited hands (of a
    full deal: a unit situation's few cards say nothing about 上班).

    In the first deal of a match (a fresh 开牌) a different seat is an error; the replay
    follows the tag, as the record's moves do.  In a later deal the first leader follows
    ``open.subsequent`` (the previous deal's 大落 …) unless 开牌 was redone, which the
    record does not show: a notice, not an error.
    """
    if not shangban or shangban == tag:
        return ()
    mode = rs.open.shangban
    if _first_deal(deal):
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


#: The action classes, for a set lookup of an item's exact class (``Deal.actions`` uses
#: ``isinstance``, which :func:`replay` still asks when the lookup fails).
_ACTION_CLASSES = frozenset(ACTION_TYPES)

#: ``object.__new__`` and the slot setters of :class:`Frame` (a frozen slotted class).
_FRAME_MAKE: tuple[Any, ...] = (
    object.__new__,
    *(Frame.__dict__[k].__set__ for k in ("index", "action", "state", "events", "span")),
)


def replay(
    deal: Deal,
    ruleset: Ruleset | None = None,
    *,
    deck_check: bool = True,
    obligations: Sequence[Obligation] = (),
) -> Iterator[Frame]:
    """Replay the main line of a deal: the initial frame, then one frame per action.

    The ruleset defaults to the deal's ``Profile`` tag plus its ``[Rules "..."]``
    overrides.  The first leader comes from the ``Leader`` tag, else from 上班, else the
    first seat to play in the record (with a notice).  ``obligations`` is the tribute owed
    from the previous deal (:func:`.scoring.tribute_obligations`), if known.

    The replay streams: each frame carries its own events, and the states it yields keep
    no history of the earlier ones (``frame.state.events`` is ``frame.events``), so that
    replaying a deal of a million actions holds one state, not a million events.
    States advanced with :func:`do` keep their whole history in ``events``.
    """
    pid: str | None = None
    pre: tuple[E.Event, ...] = ()
    if ruleset is None:
        ruleset, pid, pre = deal_ruleset(deal)
    else:
        prof = deal.tag("Profile")
        if prof:
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                pid = resolve_profile_id(prof)
            except RulesetError:
                pid = None
    hands: dict[int, Sequence[Card] | None] = {}
    for h in deal.hands:
        if isinstance(h, Hand):
            hands[h.seat] = h.cards
    leader, lev = _deal_leader(deal, hands, ruleset)
    st = new_deal(
        hands,
        ruleset,
        leader=leader,
        deck_check=deck_check,
        profile=pid,
        notes=pre + lev,
        obligations=obligations,
    )
    yield Frame(0, None, st, st.events, None)
    new, set_i, set_a, set_s, set_e, set_sp = _FRAME_MAKE
    acts = _ACTION_CLASSES
    i = 0
    for a in deal.moves:  # deal.actions(), without a generator
        if type(a) not in acts and not isinstance(a, ACTION_TYPES):
            continue
        i += 1
        st, evs = do(st, a)  # type: ignore[arg-type]
        st.hist = (None, evs)  # a new state, not shared yet: drop the chain behind it
        # Frame(i, a, st, evs, a.span) without attrs' frozen __init__ (same fields)
        f = new(Frame)
        set_i(f, i)
        set_a(f, a)
        set_s(f, st)
        set_e(f, evs)
        set_sp(f, a.span)
        yield f


def replay_variation(
    state: DealState, variation: Variation, *, start_index: int = 0
) -> Iterator[Frame]:
    """Replay a variation's main line from ``state`` (the state before the action it
    replaces).  Nested variations are skipped here; see :func:`variations`."""
    st = state
    i = start_index
    for item in variation.moves:
        if isinstance(item, (Variation,)) or not hasattr(item, "seat"):
            continue
        i += 1
        st, evs = do(st, item)  # type: ignore[arg-type]
        yield Frame(i, item, st, evs, item.span)  # type: ignore[arg-type]


def variations(
    deal: Deal, ruleset: Ruleset | None = None, *, deck_check: bool = True
) -> Iterator[tuple[tuple[int, ...], DealState, Variation]]:
    """Every variation of a deal (nested ones too) with the state it starts from.

    The path gives, per level, the index of the action the variation replaces (1-based,
    counted in the main line of its parent).
    """
    frames = replay(deal, ruleset, deck_check=deck_check)
    first = next(frames)
    yield from _variations_in(deal.moves, first.state, ())


def _variations_in(
    moves: Sequence[Any], st: DealState, path: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], DealState, Variation]]:
    before = st
    i = 0
    for item in moves:
        if isinstance(item, Variation):
            yield (*path, i), before, item
            yield from _variations_in(item.moves, before, (*path, i))
        elif hasattr(item, "seat") and not isinstance(item, Hand):
            i += 1
            before = st
            st, _ = do(st, item)
