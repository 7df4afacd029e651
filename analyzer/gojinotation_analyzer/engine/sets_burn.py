"""Sets (牌套), part 3: the burn plan and formula checks (R-BURN-3, R-BURN-9).

Re-exported by :mod:`.sets`; moved there unchanged (issue #10).

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> burn_formula_terms(parse_cards("KKK"), load_ruleset("qingdao-standard"))[0]
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from gojinotation.cards import Card, Rank
from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation_analyzer.engine.sets_shape import (
    _NATURAL_RANKS,
    IllegalSet,
    SetShape,
    Verdict,
    _counts,
    _Mode,
    _mode,
    shape,
)
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "burn_feasible",
    "burn_formula_ok",
    "burn_formula_terms",
    "burn_plan_ok",
]

# --------------------------------------------------------------------------- burning


def _burn_groups(counts: Counter[Rank], rs: Ruleset) -> tuple[int, int, int]:
    """(sets needed, sets that cannot carry a joker, jokers) for playing out ``counts``."""
    naturals = [r for r in _NATURAL_RANKS if counts[r]]
    twos = counts[Rank.TWO]
    mode = _mode(rs)
    sets = len(naturals)
    if twos and (
        not naturals
        or mode is _Mode.FORBIDDEN
        or (mode is _Mode.POWER3 and twos % 3)
        or all(_no_attach(r, rs) for r in naturals)
    ):
        sets += 1
    bare = sum(1 for r in naturals if _no_attach(r, rs))
    return sets, bare, counts[Rank.SMALL_JOKER] + counts[Rank.BIG_JOKER]


def _no_attach(r: Rank, rs: Ruleset) -> bool:
    return (
        r == Rank.THREE and rs.play.three_restriction == "bie3" and not rs.play.three_attach
    ) or (r == Rank.FOUR and bool(rs.play.four_no_attach))


def burn_formula_terms(hand: Iterable[Card], rs: Ruleset) -> tuple[int, int, int]:
    """The terms of 004b(5)'s formula, ``(S, J, allowance)``.

    ``S`` = the sets the hand will be played as, excluding 2s and jokers (one per natural
    rank; 2s add a set of their own only where they cannot be 贴 fillers: ``forbidden``,
    or ``power3`` with a number of 2s not a multiple of three, or no natural set to carry
    them).  ``J`` = jokers held.  ``allowance`` = the sets exempt from carrying a joker:
    2 under ``burn.joker_exempt = first_and_last`` (004's literal "≤ 2"), 1 under
    ``last_only`` (the same reasoning applied to 000§F **[interp]**).

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> burn_formula_terms(parse_cards("QQQQ KK 999 3 D X"), Ruleset())
    (4, 2, 2)
    """
    counts = _counts(hand)
    sets, _bare, jokers = _burn_groups(counts, rs)
    allowance = 2 if rs.burn.joker_exempt == "first_and_last" else 1
    return sets, jokers, allowance


def burn_formula_ok(hand: Iterable[Card], rs: Ruleset) -> bool:
    """R-BURN-9: 004b(5)'s eligibility formula ``S − J ≤ 2`` (catalog T14.1).

    Only the hand's part of the test: not having passed, being able to beat the 够级
    set and at least five players in are game state (the engine's).  The engine applies
    it when ``burn.eligibility = formula_004``; the function itself does not look at that
    parameter.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> l4 = load_ruleset("latest-004")
    >>> burn_formula_ok(parse_cards("QQQQ KK 999 3 D X"), l4)
    True
    >>> burn_formula_ok(parse_cards("QQQQ KK 999 55 3 D X"), l4)
    False
    """
    s, j, allowance = burn_formula_terms(hand, rs)
    return s - j <= allowance


def burn_plan_ok(sets_in_order: Sequence[Sequence[Card]], rs: Ruleset) -> Verdict:
    """R-BURN-3: does a burn, played as these sets in order, carry its jokers correctly?

    The first set is the beating set; the burner plays out his whole hand.  Every set but
    the exempt ones needs at least one joker: the first and the last under
    ``burn.joker_exempt = first_and_last`` (001b, 004b(5)), only the last under
    ``last_only`` (000§F).  With ``burn.only_3s_left_ok`` (002b 8) a burn whose every set
    after the first is 3s needs no joker.  Each set must also be legal (its
    :class:`IllegalSet` rule is reported).  Whether the first set beats the 够级 set is
    :func:`compare`'s question.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> plan = [parse_cards(t) for t in ("QQQQ", "KKD", "999X", "3")]
    >>> burn_plan_ok(plan, Ruleset()).ok
    True
    >>> burn_plan_ok(plan, load_ruleset("two-table-654321")).param
    'burn.joker_exempt'
    """
    if not sets_in_order:
        return Verdict(False, "R-BURN-4", "a burn plays at least one set", "烧牌至少出一手", None)
    shapes: list[SetShape] = []
    for cards in sets_in_order:
        try:
            shapes.append(shape(cards, rs))
        except IllegalSet as e:
            return Verdict(False, e.rule_id, e.en, e.zh, e.param)
    rest = shapes[1:]
    if (
        rs.burn.only_3s_left_ok
        and rest
        and all(s.base == Rank.THREE and not s.has_units for s in rest)
    ):
        return Verdict(
            True,
            "R-BURN-3",
            "after the beating set only 3s are left (002b 8 '手中只剩3')",
            "灭掉够级牌后手中只剩3",
            "burn.only_3s_left_ok",
        )
    first_exempt = rs.burn.joker_exempt == "first_and_last"
    last = len(shapes) - 1
    for i, s in enumerate(shapes):
        if i == last or (i == 0 and first_exempt) or s.has_joker:
            continue
        which = "first" if i == 0 else f"set {i + 1}"
        return Verdict(
            False,
            "R-BURN-3",
            f"the burn's {which} ({s.gjn()}) carries no joker: every set but "
            f"{'the first and ' if first_exempt else ''}the last needs one",
            f"烧牌第 {i + 1} 手（{s.gjn()}）未挂王：除{'第一手和' if first_exempt else ''}"
            "最后一手外每手须至少挂一个王",
            "burn.joker_exempt",
        )
    return Verdict(
        True,
        "R-BURN-3",
        "every set that needs a joker carries one",
        "除豁免的牌套外每手均挂王",
        "burn.joker_exempt",
    )


def burn_feasible(hand: Sequence[Card], beating: Sequence[Card], rs: Ruleset) -> Verdict:
    """Run-time burn check (001b): can the hand be played out after ``beating``?

    ``hand`` holds the burner's cards before the beating set.  The rest must split into
    legal sets each carrying a joker except the last (3s under 憋3 and 4s under
    ``four_no_attach`` cannot carry one, so at most one such group fits, as the last
    set); under ``last_only`` the beating set itself needs a joker unless it empties the
    hand; ``burn.only_3s_left_ok`` accepts a rest of 3s only.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> qs = Ruleset()
    >>> burn_feasible(parse_cards("QQQQ KK 999 3 D X"), parse_cards("QQQQ"), qs).ok
    True
    >>> burn_feasible(parse_cards("QQQQ KK 999 55 3 D X"), parse_cards("QQQQ"), qs).ok
    False
    """
    counts = _counts(hand)
    used = _counts(beating)
    if any(used[r] > counts[r] for r in used):
        return Verdict(False, "R-DECK-2", "the beating set is not in the hand", "所出之牌不在手中")
    rest = counts - used
    try:
        first = shape(beating, rs)
    except IllegalSet as e:
        return Verdict(False, e.rule_id, e.en, e.zh, e.param)
    if not rest:
        return Verdict(True, "R-BURN-3", "the beating set is the whole hand", "一手走完", None)
    if rs.burn.only_3s_left_ok and set(rest) == {Rank.THREE}:
        return Verdict(
            True, "R-BURN-3", "only 3s are left (002b 8)", "手中只剩3", "burn.only_3s_left_ok"
        )
    if rs.burn.joker_exempt != "first_and_last" and not first.has_joker:
        return Verdict(
            False,
            "R-BURN-3",
            "under last_only the beating set must carry a joker too (000§F)",
            "除最后一把外每把都需挂王（000§F）",
            "burn.joker_exempt",
        )
    if used[Rank.THREE] and rs.play.three_restriction == "bie3":
        return Verdict(
            False,
            "R-BIE3-1",
            "under 憋3, 3s go only as the last set, all together",
            "憋3打法：3只能最后一手一次出完",
            "play.three_restriction",
        )
    sets, bare, jokers = _burn_groups(rest, rs)
    if bare > 1:
        return Verdict(
            False,
            "R-BURN-3",
            "two groups that cannot carry a joker (3s under 憋3, 4s under 开点发4) cannot "
            "both be the last set",
            "3（憋3）与4（开点发4）均不能挂王，不能都作最后一手",
            "play.four_no_attach",
        )
    need = max(sets - 1, 0)
    if jokers < need:
        return Verdict(
            False,
            "R-BURN-3",
            f"{sets} more set(s) need {need} joker(s); the hand has {jokers}",
            f"尚需 {sets} 手，需 {need} 个王，手中只有 {jokers} 个",
            "burn.joker_exempt",
        )
    return Verdict(
        True,
        "R-BURN-3",
        f"{sets} more set(s), {jokers} joker(s): enough",
        f"尚需 {sets} 手，王 {jokers} 个，足够",
        "burn.joker_exempt",
    )
