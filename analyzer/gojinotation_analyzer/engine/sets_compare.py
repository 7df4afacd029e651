"""Sets (牌套), part 2: how two sets compare under every variant.

:func:`compare` and :func:`beats`: R-SET-2/3/4 (same count, higher rank), R-JOKER-3..8
(jokered and joker-only sets, 小王 sets), R-TWO-1 (二杀一, power 2s).  Both read one
decision, ``_decide`` (the order of the rules, once); :func:`compare` spells its outcome
out as a :class:`Verdict`, :func:`beats` answers yes or no.  Re-exported by :mod:`.sets`.

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> qs = load_ruleset("qingdao-standard")
>>> compare(shape(parse_cards("KKK"), qs), shape(parse_cards("QQQ"), qs), qs).ok
True
"""

from __future__ import annotations

from collections.abc import Callable

from gojinotation.cards import Rank
from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine.sets_shape import SetShape, Verdict, _Mode, _mode
from gojinotation_analyzer.engine.sets_shape import shape as shape  # the doctests use it
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "beats",
    "compare",
]

# --------------------------------------------------------------------------- comparison


def _count_ok(new: SetShape, old: SetShape, rs: Ruleset) -> bool:
    if new.count == old.count:
        return True
    if rs.cmp.same_total_count:
        return False
    # same_total_count off: 000§G's examples keep either the total or the natural count.
    return (new.has_units or old.has_units) and new.n_base == old.n_base


def _strict_cover(new_u: tuple[int, ...], old_u: tuple[int, ...]) -> bool:
    """Each old unit is matched by a distinct strictly stronger new unit."""
    if len(new_u) < len(old_u):
        return False
    return all(n > o for n, o in zip(new_u, old_u, strict=False))


def _dominates(new_u: tuple[int, ...], old_u: tuple[int, ...]) -> bool:
    """Card-by-card at least as strong, and more units or one strictly stronger."""
    if len(new_u) < len(old_u):
        return False
    if not all(n >= o for n, o in zip(new_u, old_u, strict=False)):
        return False
    return len(new_u) > len(old_u) or any(n > o for n, o in zip(new_u, old_u, strict=False))


def _is_pure_twos(s: SetShape) -> bool:
    return s.base == Rank.TWO and not s.has_units and s.n_twos_attached == 0


# The outcomes of :func:`_decide`, one per way a comparison ends: above zero, ``new``
# beats ``old``.  :func:`beats` reads the sign, :func:`compare` spells the outcome out.
_DEAD_PURE_JOKERS = -1  # 0. R-JOKER-8: a multi-joker set is dead
_TWOS_FAIL = -2  # 1. R-JOKER-7: three 2s do not beat this joker here
_TWOS_BEAT = 1  # 1. R-JOKER-7: three 2s beat a joker
_ERSHAYI_NOT_TWO = -3  # 2. R-JOKER-6: a lone 大王 falls to exactly two 大王
_ERSHAYI_SINGLE = 2  # 2. R-JOKER-6: two 大王 kill a lone 大王
_ERSHAYI_COUNT = -4  # 2. R-JOKER-6: 二杀一 on a jokered set keeps the count
_ERSHAYI_LOW = -5  # 2. R-JOKER-6: ... and the other cards must be higher
_ERSHAYI = 3  # 2. R-JOKER-6: 二杀一 on a jokered set
_DAWANG_DEAD = -6  # 2. R-JOKER-2 (R-JOKER-5 mixed, R-JOKER-6 no 二杀一): a 大王 set is dead
_PURE_JOKER_BEAT = 4  # 3. R-JOKER-8: as many 大王 over jokers holding a 小王
_PURE_JOKER_FAIL = -7  # 3. R-JOKER-8 (R-SET-2 jokered, other count): as many 大王 only
_JOKERED_COUNT = -8  # 4. R-SET-2
_NOT_COVERED = -9  # 4. R-JOKER-3/5/7 per cmp.xiaowang_set: the jokers do not cover
_JOKERED_LOW = -10  # 4. R-JOKER-3: the natural part must be higher too
_JOKERED_BEAT = 5  # 4. R-JOKER-3/5/7
_UNITS_COUNT = -11  # 5. R-SET-2
_JOKERS_OVER_PLAIN = 6  # 5. R-JOKER-8: jokers only over a plain set
_UNITS_OVER_PLAIN = 7  # 5. R-JOKER-4
_UNITS_UNDER_PLAIN = -12  # 5. R-JOKER-4
_PLAIN_COUNT = -13  # 6. R-SET-2
_HIGHER = 8  # 6. R-SET-3
_NOT_HIGHER = -14  # 6. R-SET-3


def _decide(new: SetShape, old: SetShape, rs: Ruleset) -> int:
    """How the comparison of ``new`` against ``old`` ends: the one copy of the order
    :func:`compare` documents (an outcome above zero: ``new`` beats ``old``)."""
    c = rs.cmp
    t2 = bool(c.three_twos_beat_dawang)
    # 0. R-JOKER-8 variant: multi-joker sets without natural cards are dead.
    if old.is_pure_joker and old.total > 1 and c.pure_joker_sets == "dead":
        return _DEAD_PURE_JOKERS
    # 1. R-JOKER-7: a set of 2s read as power units against a set of jokers only.
    if old.is_pure_joker and _is_pure_twos(new) and new.naturals == 3 * old.total:
        power_ok = t2 or _mode(rs) is _Mode.POWER3
        return _TWOS_BEAT if power_ok and not (old.raw_big and not t2) else _TWOS_FAIL
    # 2. The old set holds a 大王.
    if old.n_big:
        if c.ershayi == "two_big_beat_one_big" and old.n_big == 1 and new.n_big >= 2:
            if old.total == 1:  # 000§M(4) 两大灭一大: two for one, nothing more
                if new.total == 2 or c.ershayi_answer == "any_with_two":  # cmp.ershayi_answer
                    return _ERSHAYI_SINGLE
                return _ERSHAYI_NOT_TWO
            if new.count != old.count:
                return _ERSHAYI_COUNT
            return _ERSHAYI if new.core > old.core else _ERSHAYI_LOW  # 000§M(3)
        if c.dawang_set_dead:
            return _DAWANG_DEAD
    # 3. The old set is jokers only.
    if old.is_pure_joker:
        return _PURE_JOKER_BEAT if _pure_joker_beats(new, old) else _PURE_JOKER_FAIL
    # 4. The old set carries jokers or power 2s.
    if old.has_units:
        if not _count_ok(new, old, rs):
            return _JOKERED_COUNT
        new_u, old_u = new.units(t2), old.units(t2)
        if c.xiaowang_set == "two_aspects":
            covered = _dominates(new_u, old_u)
        else:
            covered = _strict_cover(new_u, old_u)
        if not covered:
            return _NOT_COVERED
        return _JOKERED_BEAT if new.core > old.core else _JOKERED_LOW
    # 5. Old plain, new with units.
    if new.has_units:
        if not _count_ok(new, old, rs):
            return _UNITS_COUNT
        if new.is_pure_joker:
            return _JOKERS_OVER_PLAIN
        if c.jokered_vs_plain == "any_rank" or new.core > old.core:
            return _UNITS_OVER_PLAIN
        return _UNITS_UNDER_PLAIN
    # 6. Both plain.
    if new.count != old.count:
        return _PLAIN_COUNT
    assert new.base is not None and old.base is not None
    return _HIGHER if new.base > old.base else _NOT_HIGHER


def compare(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    """Does ``new`` beat ``old`` under the profile?  The decisive rule and parameter.

    The Qingdao comparator (catalog T5) and its variants, in this order:

    1. **R-JOKER-7** three 2s over a 大王 (000§G, ``cmp.three_twos_beat_dawang``): a set
       of ``3k`` 2s beats a set of ``k`` jokers only; under ``power3`` without the
       parameter the units outrank 小王 but not 大王.
    2. Old set holds a 大王: **R-JOKER-6** 二杀一 (``cmp.ershayi``; two or more 大王
       over a set with exactly one; a single 大王 falls to exactly two 大王, else
       same count and the other cards higher too); otherwise **R-JOKER-2** dead
       (``cmp.dawang_set_dead``), reported as **R-JOKER-5** when the old set is a mixed
       大王+小王 set that keeps its 大王 (``play.mixed_big_small``).
    3. Old set of jokers only: **R-JOKER-8** (the documents are silent on multi-joker
       sets; catalog proposal: beaten only by as many 大王, alone, when it holds a 小王).
    4. Old set carries jokers (or power 2s): **R-JOKER-3** per ``cmp.xiaowang_set``:
       ``dawang_ge_count_rank_plus1`` (001b: #大王 ≥ #小王 and a natural rank ≥ one
       higher), ``two_aspects`` (000§G: jokers dominate and the natural rank is higher),
       ``jokers_then_plain_higher`` (000§M: the jokers decide, each old joker outranked,
       and the other cards must be higher too); **R-JOKER-5** when a demoted 大王 or a
       mixed set is involved.
    5. Old plain, new jokered: **R-JOKER-4** per ``cmp.jokered_vs_plain``
       (``plain_part_higher`` default, 000§M; ``any_rank``); a set of jokers only beats
       any plain set of its count (**R-JOKER-8**).
    6. Both plain: **R-SET-2** same count, **R-SET-3** strictly higher rank.

    (A multi-joker set is dead, before all, under ``cmp.pure_joker_sets = dead``.)
    Counts use :attr:`SetShape.count` (three power 2s count once).  With
    ``cmp.same_total_count`` off, a jokered comparison may instead keep the natural count.
    The order is decided once, by ``_decide``; this function spells its outcome out.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> ds = load_ruleset("dian-shao-men-luo")
    >>> compare(shape(parse_cards("DD"), ds), shape(parse_cards("D"), ds), ds).rule_id
    'R-JOKER-6'
    """
    return _VERDICTS[_decide(new, old, rs)](new, old, rs)


def beats(new: SetShape, old: SetShape, rs: Ruleset) -> bool:
    """``compare(new, old, rs).ok`` without the verdict: the same decision (``_decide``),
    no reasons spelled out.  The enumeration of beating sets asks this question for
    every candidate.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> ds = load_ruleset("dian-shao-men-luo")
    >>> beats(shape(parse_cards("DD"), ds), shape(parse_cards("D"), ds), ds)
    True
    >>> beats(shape(parse_cards("DD888"), ds), shape(parse_cards("XX888"), ds), ds)
    False
    """
    return _decide(new, old, rs) > 0


def _pure_joker_beats(new: SetShape, old: SetShape) -> bool:
    """R-JOKER-8 (catalog proposal): a set of jokers only that holds a 小王 is beaten by
    as many 大王, alone."""
    return (
        new.is_pure_joker
        and new.count == old.count
        and new.n_small == 0
        and new.n_big == new.total
        and old.n_small >= 1
    )


# ----------------------------------------------------------------- the verdicts' texts


def _dead_pure_jokers(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-8",
        f"{old.gjn()} is a set of jokers only: dead in this profile (the documents are "
        "silent on multi-joker sets)",
        f"{old.gjn()} 为纯王牌套，本规则为死牌（多张王牌套文献未载）",
        "cmp.pure_joker_sets",
    )


def _twos_fail(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    joker = "大王" if old.raw_big else "小王"
    return Verdict(
        False,
        "R-JOKER-7",
        f"{new.gjn()} cannot beat {old.gjn()}: three 2s do not beat a {joker} in this profile",
        f"{new.gjn()} 不能大过 {old.gjn()}：本规则三个2不能大过{joker}",
        "cmp.three_twos_beat_dawang",
    )


def _twos_beat(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        True,
        "R-JOKER-7",
        f"{new.gjn()} beats {old.gjn()}: three 2s beat a joker (000§G '3个2可以大过大花')",
        f"{new.gjn()} 大过 {old.gjn()}：3个2可以大过大花（000§G）",
        "cmp.three_twos_beat_dawang" if rs.cmp.three_twos_beat_dawang else "play.attach_twos",
    )


def _ershayi_not_two(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-6",
        f"{new.gjn()} cannot kill the single 大王: 二杀一 answers a lone 大王 with "
        "exactly two 大王 (两大灭一大), no other card",
        f"{new.gjn()} 不能杀单出大王：二杀一只能以两张大王灭一张大王，不得多带牌",
        "cmp.ershayi_answer",
    )


def _ershayi_single(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        True,
        "R-JOKER-6",
        f"{new.gjn()} kills the single 大王 (二杀一: two 大王 for one)",
        f"{new.gjn()} 二杀一，灭单出大王（两大灭一大）",
        "cmp.ershayi",
    )


def _ershayi_count(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-6",
        f"二杀一 on a jokered set keeps the count: {new.gjn()} has {new.count}, "
        f"{old.gjn()} has {old.count}",
        f"二杀一挂花牌时张数须相同：{new.gjn()} {new.count} 张，{old.gjn()} {old.count} 张",
        "cmp.ershayi",
    )


def _ershayi_low(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(  # 000§M(3): 挂花时…其他牌亦要大于上家牌
        False,
        "R-JOKER-6",
        f"二杀一: the other cards of {new.gjn()} must also be higher than those of {old.gjn()}",
        f"二杀一时其他牌亦须大于 {old.gjn()}",
        "cmp.ershayi",
    )


def _ershayi(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        True,
        "R-JOKER-6",
        f"{new.gjn()} kills {old.gjn()} (二杀一: two 大王 beat one)",
        f"{new.gjn()} 二杀一，灭 {old.gjn()}",
        "cmp.ershayi",
    )


def _no_ershayi(new: SetShape, old: SetShape) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-6",
        f"{new.gjn()} cannot kill {old.gjn()}: 二杀一 is not played in this "
        "profile and a 大王 set is dead",
        f"{new.gjn()} 不能杀 {old.gjn()}：本规则不允许二杀一，大王牌为死牌",
        "cmp.ershayi",
    )


def _mixed_dead(new: SetShape, old: SetShape) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-5",
        f"{old.gjn()} keeps its 大王 (mixed 大王+小王 sets stay distinct), so it "
        "is a 大王 set and cannot be beaten",
        f"{old.gjn()} 中大王仍算大王（大小王混挂各自计），大王牌为死牌，不可被灭",
        "play.mixed_big_small",
    )


def _dawang_dead(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    """A dead 大王 set, said by the rule that explains it: no 二杀一 (two 大王 or more on
    a lone one), a mixed set that keeps its 大王, else R-JOKER-2."""
    if old.n_big == 1 and new.n_big >= 2 and not old.is_mixed:
        return _no_ershayi(new, old)
    if old.is_mixed:
        return _mixed_dead(new, old)
    return Verdict(
        False,
        "R-JOKER-2",
        f"{old.gjn()} holds a 大王: it is dead and cannot be beaten; the 对头 turns the cards",
        f"{old.gjn()} 含大王，为死牌，不可被灭，对头应无条件扣牌",
        "cmp.dawang_set_dead",
    )


def _joker_notes(old: SetShape) -> tuple[str, str]:
    if old.total == 1:
        return "", ""
    return (
        " (the documents are silent on multi-joker sets; catalog default)",
        "（多张王牌套的比较文献未载，采用目录推定）",
    )


def _pure_joker_beat(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    note_en, note_zh = _joker_notes(old)
    return Verdict(
        True,
        "R-JOKER-8",
        f"{new.gjn()} beats {old.gjn()}: as many 大王 over a set holding 小王{note_en}",
        f"{new.gjn()} 大过 {old.gjn()}：同数大王灭含小王的王牌{note_zh}",
        "play.mixed_big_small" if old.n_big_demoted else None,
    )


def _pure_joker_fail(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    if new.count != old.count and new.has_units:
        return _count_fail(new, old, rs)
    note_en, note_zh = _joker_notes(old)
    return Verdict(
        False,
        "R-JOKER-8",
        f"{new.gjn()} cannot beat {old.gjn()}: a set of jokers only is beaten only by as "
        f"many 大王 when it holds a 小王{note_en}",
        f"{new.gjn()} 不能大过 {old.gjn()}：纯王牌套只能由同数的大王灭（且须含小王）{note_zh}",
        "play.mixed_big_small" if old.n_big_demoted or new.n_big_demoted else None,
    )


def _count_fail(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-SET-2",
        f"{new.gjn()} has {new.count} card(s), {old.gjn()} has {old.count}: a set must "
        "match the count of the set it beats",
        f"{new.gjn()} 为 {new.count} 张，{old.gjn()} 为 {old.count} 张：张数必须相同",
        "cmp.same_total_count",
    )


#: The readings of ``cmp.xiaowang_set`` with a verdict text of their own
#: (``verdict.xiaowang.<reading>`` in the catalogue).
_XIAOWANG_VERDICTS = frozenset(
    {"dawang_ge_count_rank_plus1", "two_aspects", "jokers_then_plain_higher"}
)


def _jokered_rule(new: SetShape, old: SetShape) -> tuple[str, str]:
    """The rule that decides a jokered comparison, win or lose: 大王 mixed with 小王,
    power 2s, else 挂小王."""
    if new.n_big_demoted or old.n_big_demoted or new.is_mixed or old.is_mixed:
        return "R-JOKER-5", "play.mixed_big_small"
    if old.n_power_twos or new.n_power_twos:
        return "R-JOKER-7", "play.attach_twos"
    return "R-JOKER-3", "cmp.xiaowang_set"


def _not_covered(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    how = str(rs.cmp.xiaowang_set)
    rid, param = _jokered_rule(new, old)
    key = how if how in _XIAOWANG_VERDICTS else "other"
    what = (i18n.t(f"verdict.xiaowang.{key}", "en"), i18n.t(f"verdict.xiaowang.{key}", "zh"))
    demoted = bool(new.n_big_demoted or old.n_big_demoted)
    demo_en = " (a 大王 mixed with 小王 counts as 小王)" if demoted else ""
    demo_zh = "（大小王混挂时大王当做小王）" if demoted else ""
    return Verdict(
        False,
        rid,
        f"{new.gjn()} cannot beat {old.gjn()}: {what[0]}{demo_en}",
        f"{new.gjn()} 不能大过 {old.gjn()}：{what[1]}{demo_zh}",
        param,
    )


def _jokered_low(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-3",
        f"{new.gjn()} cannot beat {old.gjn()}: the natural part must also be at least "
        "one rank higher (001b '高于小王所挂牌一点以上')",
        f"{new.gjn()} 不能大过 {old.gjn()}：所挂之牌须高于对方所挂牌一点以上",
        "cmp.xiaowang_set",
    )


def _jokered_beat(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    rid, param = _jokered_rule(new, old)
    return Verdict(
        True,
        rid,
        f"{new.gjn()} beats {old.gjn()}: bigger jokers and a higher natural rank "
        f"({rs.cmp.xiaowang_set})",
        f"{new.gjn()} 大过 {old.gjn()}：王牌与点数两方面都大",
        param,
    )


def _jokers_over_plain(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        True,
        "R-JOKER-8",
        f"{new.gjn()} beats {old.gjn()}: jokers outrank every natural rank",
        f"{new.gjn()} 大过 {old.gjn()}：大小王大于一切点数",
        None,
    )


def _units_over_plain(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    any_rank = rs.cmp.jokered_vs_plain == "any_rank"
    how = "any natural rank" if any_rank else "higher natural rank"
    zh = "不论点数" if any_rank else "点数亦更大"
    return Verdict(
        True,
        "R-JOKER-4",
        f"{new.gjn()} beats plain {old.gjn()}: jokered, {how}",
        f"{new.gjn()} 挂花大过 {old.gjn()}：{zh}",
        "cmp.jokered_vs_plain",
    )


def _units_under_plain(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-JOKER-4",
        f"{new.gjn()} cannot beat plain {old.gjn()}: with jokers the natural part must "
        "still be higher (000§M '其他牌亦要大于上家牌')",
        f"{new.gjn()} 不能大过 {old.gjn()}：挂花时其他牌亦要大于上家牌",
        "cmp.jokered_vs_plain",
    )


def _higher(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        True,
        "R-SET-3",
        f"{new.gjn()} beats {old.gjn()}: same count, strictly higher rank",
        f"{new.gjn()} 大过 {old.gjn()}：张数相同，点数更大",
        None,
    )


def _not_higher(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    return Verdict(
        False,
        "R-SET-3",
        f"{new.gjn()} does not beat {old.gjn()}: the rank must be strictly higher (步步高)",
        f"{new.gjn()} 不能大过 {old.gjn()}：点数必须更大（步步高）",
        None,
    )


#: The verdict of each outcome of :func:`_decide`.
_VERDICTS: dict[int, Callable[[SetShape, SetShape, Ruleset], Verdict]] = {
    _DEAD_PURE_JOKERS: _dead_pure_jokers,
    _TWOS_FAIL: _twos_fail,
    _TWOS_BEAT: _twos_beat,
    _ERSHAYI_NOT_TWO: _ershayi_not_two,
    _ERSHAYI_SINGLE: _ershayi_single,
    _ERSHAYI_COUNT: _ershayi_count,
    _ERSHAYI_LOW: _ershayi_low,
    _ERSHAYI: _ershayi,
    _DAWANG_DEAD: _dawang_dead,
    _PURE_JOKER_BEAT: _pure_joker_beat,
    _PURE_JOKER_FAIL: _pure_joker_fail,
    _JOKERED_COUNT: _count_fail,
    _NOT_COVERED: _not_covered,
    _JOKERED_LOW: _jokered_low,
    _JOKERED_BEAT: _jokered_beat,
    _UNITS_COUNT: _count_fail,
    _JOKERS_OVER_PLAIN: _jokers_over_plain,
    _UNITS_OVER_PLAIN: _units_over_plain,
    _UNITS_UNDER_PLAIN: _units_under_plain,
    _PLAIN_COUNT: _count_fail,
    _HIGHER: _higher,
    _NOT_HIGHER: _not_higher,
}
