"""The ruleset values the engine reads, compiled once per ruleset (:class:`_P`, cached by
:func:`_params`), and the set shape / comparison caches shared by the profiles that agree
on the ``play`` and ``cmp`` parameters (:mod:`.sets` answers the same for them).

It imports nothing of the engine but :mod:`.sets`, so :mod:`.state` may name :class:`_P`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gojinotation.cards import Card
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.rules.ruleset import Ruleset

I3, I4, I2, IX, ID = 0, 1, 12, 13, 14


DECK_216 = (16,) * 13 + (4, 4)


DECK_196 = (6, 6) + (16,) * 11 + (4, 4)


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
        #: R-BIE3-1's two readings (play.three_split, play.three_attach): the one place
        #: the play judgement reads them (engine.rules_play._check_set, engine.legal)
        self.split3 = bool(self.bie3 and rs.play.three_split)
        self.loose3 = bool(self.bie3 and (rs.play.three_split or rs.play.three_attach))
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
        self.gsj_banked = rs.gousiji.window == "banked"
        #: R-DIPAI-1: the 够死级 chance may be played on the 底牌 itself (before 接风)
        self.gsj_first = rs.gousiji.before_jiefeng
        self.wutou = rs.wutou.enabled
        self.wutou_pass_final = rs.wutou.pass_final
        self.youtou_lift = rs.youtou.lifted_after_toke_erke
        self.sihu = rs.sihu_luanchan
        self.baohu = rs.baohu.mode
        if self.bie3 and rs.baohu.off_under_bie3:
            self.baohu = "off"
        #: R-REPORT-1: counts of ten or fewer shown to the table (000§H)
        self.show10 = self.baohu == "visible_le10"
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
        self.buy_by_deal = rs.buy3.deadline == "before_deal_play"
        self.no3 = rs.buy3.no3_result
        self.buy4 = rs.buy4.mode
        self.geming = rs.geming.mode
        self.fake_geming = rs.geming.fake_penalty
        self.geming_second = rs.geming.second
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

#: The parameters a record's ``[Rules]`` state, per ruleset built for it (by identity):
#: a stated parameter is settled for that record, so a verdict on it is flat (no Dispute).
_STATED: dict[int, tuple[Ruleset, frozenset[str]]] = {}


def _note_stated(rs: Ruleset, names: frozenset[str]) -> None:
    """Remember which parameters the record's ``[Rules]`` state for ``rs``."""
    if len(_STATED) > 256:
        _STATED.clear()
    _STATED[id(rs)] = (rs, names)


def _stated(rs: Ruleset) -> frozenset[str]:
    """The parameters a record's ``[Rules]`` state for ``rs`` (empty when none)."""
    hit = _STATED.get(id(rs))
    return hit[1] if hit is not None and hit[0] is rs else frozenset()


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
            got = e.with_traceback(None)  # cached: keep no frame alive
        p.shapes[counts] = got
    if isinstance(got, S.IllegalSet):
        # a fresh exception: raising the cached one again would chain every raise's
        # traceback onto it, and with them every frame and deal state they hold
        raise S.IllegalSet(got.rule_id, got.en, got.zh, got.param)
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
