"""Sets (牌套): what a legal set is, its 够级 status, and how two sets compare.

Pure functions of cards and a :class:`~rules.ruleset.Ruleset`; no game state.  The
profile parameters read here are the catalog's (``../shared/rules/catalog.md`` §2 #12–27,
#42–45, #53, #56); every ruling names the rule id it applies and, where a profile
parameter decides it, that parameter's dotted name.

A set is reduced to a :class:`SetShape`: how many 大王 and 小王 it carries, how many 2s
are attached and how (贴钱 filler or 000§G power units), its natural rank after the 2s
are converted (``None`` for a set of jokers only) and how many natural cards it has.
Suits never matter.

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> qs = load_ruleset("qingdao-standard")
>>> s = shape(parse_cards("22333"), qs)          # 000§O: 22333 counts as 33333
>>> s.base, s.n_base, s.n_twos_attached
(<Rank.THREE: 3>, 5, 2)
>>> compare(shape(parse_cards("KKK"), qs), shape(parse_cards("QQQ"), qs), qs).ok
True
>>> v = compare(shape(parse_cards("DD888"), qs), shape(parse_cards("XX888"), qs), qs)
>>> v.ok, v.rule_id, v.param
(False, 'R-JOKER-3', 'cmp.xiaowang_set')

Where the seed documents are silent, this module takes the catalog's proposed default and
says so in the function's docstring; the list is in :data:`OPEN_POINTS`.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs

from gojinotation.cards import Card, Rank, format_cards, sort_cards
from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation.errors import GoujiError
from gojinotation_analyzer import i18n
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "OPEN_POINTS",
    "IllegalSet",
    "SetShape",
    "UnknownCardsError",
    "Verdict",
    "beating_sets",
    "beating_sets_of_counts",
    "beats",
    "bie3_play_ok",
    "burn_feasible",
    "burn_formula_ok",
    "burn_formula_terms",
    "burn_plan_ok",
    "candidate_sets",
    "candidate_sets_of_counts",
    "compare",
    "is_gouji",
    "kaidian_verdict",
    "opens_kaidian",
    "shape",
]

#: Points where the seed documents are silent or inconsistent and this module applies the
#: catalog's proposed default (or, where the catalog proposes none, its own reading).
OPEN_POINTS: Mapping[str, str] = {
    "pure-joker-multi": (
        "R-JOKER-8: multi-joker sets without natural cards are not described by any "
        "document; a set of jokers only is beaten only by a set of as many 大王 (and no "
        "other card) when it holds at least one 小王 (catalog T5 proposal)"
    ),
    "mixed-pure-joker": (
        "T4: whether 大王 and 小王 may form a set with no natural card is unspecified; "
        "allowed wherever jokers may be attached (play.attach_jokers)"
    ),
    "jokered-vs-plain": (
        "R-JOKER-4: Qingdao does not say whether a jokered set beats a plain set of a "
        "lower or equal natural rank; default plain_part_higher (000§M)"
    ),
    "ershayi-count": (
        "R-JOKER-6: under 二杀一 a lone 大王 is killed by exactly two 大王 (000§M(4) "
        "两大灭一大); a jokered old set needs the same count and its other cards beaten "
        "too (000§M(3) 其他牌亦要大于上家牌, jokers included)"
    ),
    "power-twos": (
        "R-JOKER-7 / power3: 000§G's examples fit no single count rule; each group of "
        "three attached 2s is read as one power unit (one card for the count rule) that "
        "outranks 大王 when cmp.three_twos_beat_dawang, else outranks only 小王; attached "
        "2s must come in threes"
    ),
    "two-aspects": (
        "R-JOKER-3 two_aspects: '在两个方面都大过' read as: the jokers (power units) "
        "dominate card by card, with more units or one strictly higher, and the natural "
        "rank is strictly higher"
    ),
    "kaidian-karamay": (
        "R-KAIDIAN-1 karamay_inclusive: 够级牌挂2 opens only if the natural part alone is "
        "够级 (EC-01 proposal); 挂小王 opens whatever the natural part"
    ),
    "burn-formula": (
        "R-BURN-9: S counts 2s as a set of their own where they cannot be 贴 fillers; "
        "the allowance is the number of exempt sets (2 under first_and_last, 1 under "
        "last_only)"
    ),
}


# --------------------------------------------------------------------------- errors


class IllegalSet(GoujiError):
    """The cards do not form a legal set under the profile.

    :ivar rule_id: the rule broken (``R-SET-1``, ``R-TWO-1``, ``R-JOKER-1``,
        ``R-BIE3-1``, ``R-KAIDIAN-3``).
    :ivar en: the explanation in English.
    :ivar zh: the explanation in Chinese.
    :ivar param: the profile parameter that makes it illegal, or ``None`` when no
        profile allows it.
    """

    def __init__(self, rule_id: str, en: str, zh: str, param: str | None = None) -> None:
        self.rule_id = rule_id
        self.en = en
        self.zh = zh
        self.param = param
        super().__init__(f"[{rule_id}] {en}")

    def __reduce__(self) -> tuple[object, ...]:
        return (IllegalSet, (self.rule_id, self.en, self.zh, self.param))


class UnknownCardsError(GoujiError):
    """Unknown cards (``?``) cannot be classified as a set or enumerated.

    :ivar count: how many unknown cards were given.
    """

    def __init__(self, count: int) -> None:
        self.count = count
        self.en = f"{count} unknown card(s) '?': the set cannot be classified"
        self.zh = f"有 {count} 张未知牌“?”，无法判定牌套"
        super().__init__(self.en)

    def __reduce__(self) -> tuple[object, ...]:
        return (UnknownCardsError, (self.count,))


@attrs.frozen
class Verdict:
    """The ruling on one comparison (or plan): legal or not, by which rule, and why.

    :ivar ok: the new set beats the old one (the plan is valid).
    :ivar rule_id: the rule that decided.
    :ivar en: the reason in English.
    :ivar zh: the reason in Chinese.
    :ivar param: the profile parameter that decided, when one did (so a validator can say
        which parameter makes the difference between profiles); ``None`` when the ruling
        is the same under every value of every parameter.
    """

    ok: bool
    rule_id: str
    en: str
    zh: str
    param: str | None = None


# --------------------------------------------------------------------------- shapes

_J2 = 2  # unit strengths are kept as doubled ranks, so 三2 can sit between 小王 and 大王
_SMALL_UNIT = int(Rank.SMALL_JOKER) * _J2
_BIG_UNIT = int(Rank.BIG_JOKER) * _J2
_NATURAL_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r <= Rank.ACE)


class _Mode(enum.Enum):
    """How 2s accompany natural cards (``play.attach_twos``)."""

    FILLER = "filler"
    FORBIDDEN = "forbidden"
    POWER3 = "power3"


@attrs.frozen
class SetShape:
    """What a set is, for comparison: counts by role and the natural rank.

    :ivar total: cards physically played.
    :ivar n_big: 大王 as they count (after ``big_counts_as_small``).
    :ivar n_small: 小王 as they count (demoted 大王 included).
    :ivar n_twos_attached: 2s attached as 贴钱 fillers, converted to ``base``.
    :ivar base: the natural rank after 贴钱 conversion (``Rank.TWO`` for a set of 2s,
        with or without jokers); ``None`` for a set of jokers only.
    :ivar naturals: cards of ``base`` rank as held (converted 2s excluded).
    :ivar n_power_twos: 2s carried as 000§G power units (``attach_twos = power3``; a
        multiple of three, each three one unit).
    :ivar n_big_demoted: 大王 counted as 小王 (``mixed_big_small = big_counts_as_small``).

    >>> SetShape(total=5, n_big=0, n_small=0, n_twos_attached=1, base=Rank.TEN,
    ...          naturals=4).gjn()
    '2TTTT'
    """

    total: int
    n_big: int
    n_small: int
    n_twos_attached: int
    base: Rank | None
    naturals: int
    n_power_twos: int = 0
    n_big_demoted: int = 0

    @property
    def n_base(self) -> int:
        """The natural part's size: natural cards plus converted 2s."""
        return self.naturals + self.n_twos_attached

    @property
    def n_jokers(self) -> int:
        """All jokers in the set (大王 and 小王, demoted or not)."""
        return self.n_big + self.n_small

    @property
    def raw_big(self) -> int:
        """大王 physically in the set (before any demotion)."""
        return self.n_big + self.n_big_demoted

    @property
    def raw_small(self) -> int:
        """小王 physically in the set."""
        return self.n_small - self.n_big_demoted

    @property
    def has_joker(self) -> bool:
        """True if any joker is in the set (挂花, or a joker-only set)."""
        return self.n_jokers > 0

    @property
    def is_mixed(self) -> bool:
        """True if the set physically holds both 大王 and 小王 (R-JOKER-5)."""
        return self.raw_big > 0 and self.raw_small > 0

    @property
    def is_pure_joker(self) -> bool:
        """True for a set of jokers only."""
        return self.base is None

    @property
    def has_units(self) -> bool:
        """True if the set carries power units: jokers or 000§G power 2s."""
        return self.n_jokers > 0 or self.n_power_twos > 0

    @property
    def is_plain(self) -> bool:
        """No jokers and no 2s attached of any kind (a 'pure' set: 纯够级 if 够级)."""
        return not self.has_units and self.n_twos_attached == 0

    @property
    def count(self) -> int:
        """The count used by the same-count rule: each power unit of three 2s is one."""
        return self.total - self.n_power_twos + self.n_power_twos // 3

    def units(self, three_twos_beat_dawang: bool) -> tuple[int, ...]:
        """Power units, strongest first, as doubled ranks (小王 32, 大王 34, 三2 36/33)."""
        s3 = _BIG_UNIT + _J2 if three_twos_beat_dawang else _SMALL_UNIT + 1
        return (
            (s3,) * (self.n_power_twos // 3)
            + (_BIG_UNIT,) * self.n_big
            + (_SMALL_UNIT,) * self.n_small
        )

    @property
    def core(self) -> int:
        """The rank the natural aspect is compared on: ``base``, or the lowest joker."""
        if self.base is not None:
            return int(self.base)
        return int(Rank.SMALL_JOKER if self.n_small else Rank.BIG_JOKER)

    def cards(self) -> tuple[Card, ...]:
        """Unsuited cards with this shape, in canonical order."""
        twos = self.n_twos_attached + self.n_power_twos
        out = [Card(Rank.BIG_JOKER)] * self.raw_big + [Card(Rank.SMALL_JOKER)] * self.raw_small
        out += [Card(Rank.TWO)] * twos
        if self.base is not None:
            out += [Card(self.base)] * self.naturals
        return sort_cards(out)

    def gjn(self) -> str:
        """The set in canonical GJN (suits dropped)."""
        got = _GJN_CACHE.get(self)
        if got is None:  # compare() spells both sets in every verdict: spell each once
            got = format_cards(self.cards())
            if len(_GJN_CACHE) > 4096:
                _GJN_CACHE.clear()
            _GJN_CACHE[self] = got
        return got


#: :meth:`SetShape.gjn` by shape (a shape's spelling depends on its fields only).
_GJN_CACHE: dict[SetShape, str] = {}


def _counts(cards: Iterable[Card]) -> Counter[Rank]:
    counts: Counter[Rank] = Counter()
    unknown = 0
    for c in cards:
        if c.rank is None:
            unknown += 1
        else:
            counts[c.rank] += 1
    if unknown:
        raise UnknownCardsError(unknown)
    return counts


def _mode(rs: Ruleset) -> _Mode:
    return _Mode(str(rs.play.attach_twos))


def _check(
    base: Rank | None, naturals: int, twos: int, small: int, big: int, rs: Ruleset
) -> IllegalSet | None:
    """Why a set of these counts is illegal (``None`` when it is legal).

    ``base`` is the natural rank *before* 2s are considered (``None`` when no card of
    rank 3..A is present); ``twos`` all 2s in the set.
    """
    jokers = small + big
    if base is None and twos == 0:
        if jokers == 0:
            return IllegalSet("R-SET-1", "a set needs at least one card", "牌套至少一张牌")
        if small and big and not rs.play.attach_jokers:
            return IllegalSet(
                "R-JOKER-1",
                "大王 and 小王 together need 挂花, which this profile forbids",
                "本规则不许挂花，大王、小王不能同出",
                "play.attach_jokers",
            )
        if small and big and not rs.play.pure_joker_mixed:
            return IllegalSet(
                "R-JOKER-8",
                "a set of jokers only may not mix 大王 and 小王 in this profile",
                "本规则纯王牌套不能大小王混出",
                "play.pure_joker_mixed",
            )
        return None
    if jokers and not rs.play.attach_jokers:
        return IllegalSet(
            "R-JOKER-1",
            "jokers may not be attached (挂花) in this profile",
            "本规则不许挂花",
            "play.attach_jokers",
        )
    if base is None:  # a set of 2s, with or without jokers: the 2s keep rank 2 (004b(1))
        return None
    mode = _mode(rs)
    if twos and mode is _Mode.FORBIDDEN:
        return IllegalSet(
            "R-TWO-1",
            "2s may not be attached (贴钱) in this profile",
            "本规则不许贴钱（2不可以贴）",
            "play.attach_twos",
        )
    if twos and mode is _Mode.POWER3 and twos % 3:
        return IllegalSet(
            "R-TWO-1",
            "2s may not be attached as fillers; only groups of three 2s may accompany a "
            "set as power (000§G '3个2带3个7')",
            "2不可以贴；只有三个2可作为大牌随牌套出（000§G“3个2带3个7”）",
            "play.attach_twos",
        )
    attached = twos + jokers
    if attached and base == Rank.THREE and rs.play.three_restriction == "bie3":
        return IllegalSet(
            "R-BIE3-1",
            "under 憋3, 3s take no attachments (no 2s, no jokers)",
            "憋3打法中，3不能贴2也不能挂王",
            "play.three_restriction",
        )
    if attached and base == Rank.FOUR and rs.play.four_no_attach:
        return IllegalSet(
            "R-KAIDIAN-3",
            "under 开点发4, 4s take no attachments (no 2s, no jokers)",
            "开点发4：4既不能贴2，也不能挂花",
            "play.four_no_attach",
        )
    return None


def _build(
    base: Rank | None, naturals: int, twos: int, small: int, big: int, rs: Ruleset
) -> SetShape:
    """The shape of already-checked counts (see :func:`_check`)."""
    total = naturals + twos + small + big
    attached = power = 0
    if base is None and twos:
        base, naturals = Rank.TWO, twos
    elif twos:
        if _mode(rs) is _Mode.POWER3:
            power = twos
        else:
            attached = twos
    demoted = 0
    if big and small and rs.play.mixed_big_small == "big_counts_as_small":
        demoted, small, big = big, small + big, 0
    return SetShape(
        total=total,
        n_big=big,
        n_small=small,
        n_twos_attached=attached,
        base=base,
        naturals=naturals,
        n_power_twos=power,
        n_big_demoted=demoted,
    )


def shape(cards: Iterable[Card], rs: Ruleset) -> SetShape:
    """Classify ``cards`` as a set under the profile ``rs``.

    Conversions (000§O, 004b(1)): attached 2s count as cards of the natural rank
    (``22333`` = 33333; ``DD2229999`` = 2 大王 with 7 nines); 2s with jokers and no other
    natural card stay 2s (``DD222`` = 2 大王 with three 2s).  Under
    ``play.mixed_big_small = big_counts_as_small`` every 大王 of a set that also holds a
    小王 counts as a 小王 (``DX225555`` = 2 小王 with six 5s); the demotion is applied to
    joker-only sets too (000§O describes only sets with natural cards **[interp]**).
    Under ``play.attach_twos = power3`` (000§G) 2s are not fillers; they may accompany a
    set only in threes, each three one power unit.

    :raises IllegalSet: R-SET-1 (empty, or two natural ranks), R-TWO-1 (2s attached
        where 贴钱 is forbidden), R-JOKER-1 (jokers attached where 挂花 is forbidden),
        R-BIE3-1 (3s with attachments under 憋3), R-KAIDIAN-3 (4s with attachments under
        ``four_no_attach``).  Whether a 3-set is the player's last and unsplit needs the
        hand: see :func:`bie3_play_ok`.
    :raises UnknownCardsError: if any card is ``?``.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> qs = Ruleset()
    >>> shape(parse_cards("DD2229999"), qs).gjn(), shape(parse_cards("DD2229999"), qs).n_base
    ('DD2229999', 7)
    >>> shape(parse_cards("DD222"), qs).base
    <Rank.TWO: 15>
    >>> shape(parse_cards("KQ"), qs)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gojinotation_analyzer.engine.sets.IllegalSet: [R-SET-1] Q and K are two natural ranks: a set...
    """
    counts = _counts(cards)
    naturals = [r for r in _NATURAL_RANKS if counts[r]]
    if len(naturals) > 1:
        names = " and ".join(r.zh for r in naturals)
        zh_names = "、".join(r.zh for r in naturals)
        raise IllegalSet(
            "R-SET-1",
            f"{names} are two natural ranks: a set has one rank (plus attached jokers/2s)",
            f"{zh_names} 点数不同，不可混合发出（挂王、贴2除外）",
        )
    base = naturals[0] if naturals else None
    n = counts[base] if base is not None else 0
    args = (base, n, counts[Rank.TWO], counts[Rank.SMALL_JOKER], counts[Rank.BIG_JOKER])
    err = _check(*args, rs)
    if err is not None:
        raise err
    return _build(*args, rs)


# --------------------------------------------------------------------------- 够级 / 开点


def is_gouji(s: SetShape, rs: Ruleset) -> bool:
    """R-GOUJI-1: is the set a 够级牌 under the profile?

    Thresholds come from ``gouji.thresholds`` (Qingdao 001b: 10×5, J×4, Q×3, K×2, A×2,
    2×1, any joker).  A jokered set is 够级 when ``gouji.jokered_always``; 000§G power 2s
    count like jokers **[interp]**.  Attached 2s count toward the natural part when
    ``gouji.attached_twos_count``.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> qs = Ruleset()
    >>> [is_gouji(shape(parse_cards(t), qs), qs) for t in ("TTTT2", "TTTT", "2", "X3", "QQQ")]
    [True, False, True, True, True]
    """
    t = rs.gouji.thresholds
    if s.has_units and rs.gouji.jokered_always:
        return True
    if s.n_big and s.n_big >= t.get(Rank.BIG_JOKER, 10**6):
        return True
    if s.n_small and s.n_small >= t.get(Rank.SMALL_JOKER, 10**6):
        return True
    if s.n_power_twos and s.n_power_twos >= t.get(Rank.TWO, 10**6):
        return True
    if s.base is None:
        return False
    n = s.naturals + (s.n_twos_attached if rs.gouji.attached_twos_count else 0)
    need = t.get(s.base)
    return need is not None and n >= need


def kaidian_verdict(s: SetShape, rs: Ruleset) -> Verdict:
    """R-KAIDIAN-1: would this set open (开点) if it won the lead unanswered?

    ``pure_gouji`` (000§G, 000§J, 002b, 004b): only a 够级 set of 10..A with no joker and
    no 2 attached; a set of 2s never opens.  ``karamay_inclusive`` (000§D 三3): any 够级
    set without 大王, where 2s, a 2-set, 小王 and 挂小王 count; 够级牌挂2 opens only if
    the natural part alone is 够级 (the catalog's EC-01 proposal).  Whether 开点 is in
    force at all, its cutoff and 开点发4 are game state (the engine's).

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> ka = load_ruleset("karamay-jingsai")
    >>> kaidian_verdict(shape(parse_cards("XKK"), ka), ka).ok
    True
    """
    param = "kaidian.qualifying"
    if not is_gouji(s, rs):
        return Verdict(False, "R-KAIDIAN-1", "not a 够级 set", "不是够级牌", None)
    if rs.kaidian.qualifying == "karamay_inclusive":
        if s.raw_big:
            return Verdict(
                False,
                "R-KAIDIAN-1",
                "a set with 大王 does not open (000§D 三3)",
                "大花或挂大花不算开点（000§D）",
                param,
            )
        if s.n_twos_attached and not s.n_small and s.base is not None:
            need = rs.gouji.thresholds.get(s.base)
            if need is None or s.naturals < need:
                return Verdict(
                    False,
                    "R-KAIDIAN-1",
                    "the natural part without its attached 2s is not 够级 (proposed "
                    "reading of 000§D '够级牌挂2')",
                    "去掉所贴的2后不够级，不算开点（对000§D“够级牌挂2”的推定）",
                    param,
                )
        return Verdict(
            True,
            "R-KAIDIAN-1",
            "opens: 000§D counts single 2, 挂2, 小王 and 挂小王",
            "开点：000§D 单点2、挂2、小花、挂小花都算开点",
            param,
        )
    if not s.is_plain or s.base is None or s.base == Rank.TWO:
        return Verdict(
            False,
            "R-KAIDIAN-1",
            "only a pure 够级 set opens: no joker, no 2 (贴二、挂花都不算开点)",
            "开点必须用纯够级牌：贴二、挂花、单2、大小王都不算开点",
            param,
        )
    return Verdict(True, "R-KAIDIAN-1", "a pure 够级 set opens", "纯够级牌，开点", param)


def opens_kaidian(s: SetShape, rs: Ruleset) -> bool:
    """R-KAIDIAN-1 as a bool; see :func:`kaidian_verdict` for the reasons."""
    return kaidian_verdict(s, rs).ok


# --------------------------------------------------------------------------- comparison


def _count_ok(new: SetShape, old: SetShape, rs: Ruleset) -> bool:
    if new.count == old.count:
        return True
    if rs.cmp.same_total_count:
        return False
    # same_total_count off: 000§G's examples keep either the total or the natural count.
    return (new.has_units or old.has_units) and new.n_base == old.n_base


def _count_fail(new: SetShape, old: SetShape) -> Verdict:
    return Verdict(
        False,
        "R-SET-2",
        f"{new.gjn()} has {new.count} card(s), {old.gjn()} has {old.count}: a set must "
        "match the count of the set it beats",
        f"{new.gjn()} 为 {new.count} 张，{old.gjn()} 为 {old.count} 张：张数必须相同",
        "cmp.same_total_count",
    )


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
    5. Old set plain, new set jokered: **R-JOKER-4** per ``cmp.jokered_vs_plain``
       (``plain_part_higher`` default, 000§M; ``any_rank``); a set of jokers only beats
       any plain set of its count (**R-JOKER-8**).
    6. Both plain: **R-SET-2** same count, **R-SET-3** strictly higher rank.

    Counts use :attr:`SetShape.count` (three power 2s count once).  With
    ``cmp.same_total_count`` off, a jokered comparison may instead keep the natural count.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> ds = load_ruleset("dian-shao-men-luo")
    >>> compare(shape(parse_cards("DD"), ds), shape(parse_cards("D"), ds), ds).rule_id
    'R-JOKER-6'
    """
    c = rs.cmp
    mode = _mode(rs)
    t2 = bool(c.three_twos_beat_dawang)
    power_ok = t2 or mode is _Mode.POWER3

    # 0. R-JOKER-8 variant: multi-joker sets without natural cards are dead.
    if old.is_pure_joker and old.total > 1 and c.pure_joker_sets == "dead":
        return Verdict(
            False,
            "R-JOKER-8",
            f"{old.gjn()} is a set of jokers only: dead in this profile (the documents are "
            "silent on multi-joker sets)",
            f"{old.gjn()} 为纯王牌套，本规则为死牌（多张王牌套文献未载）",
            "cmp.pure_joker_sets",
        )

    # 1. R-JOKER-7: a set of 2s read as power units against a set of jokers only.
    if old.is_pure_joker and _is_pure_twos(new) and new.naturals == 3 * old.total:
        if not power_ok or (old.raw_big and not t2):
            return Verdict(
                False,
                "R-JOKER-7",
                f"{new.gjn()} cannot beat {old.gjn()}: three 2s do not beat a "
                f"{'大王' if old.raw_big else '小王'} in this profile",
                f"{new.gjn()} 不能大过 {old.gjn()}：本规则三个2不能大过"
                f"{'大王' if old.raw_big else '小王'}",
                "cmp.three_twos_beat_dawang",
            )
        return Verdict(
            True,
            "R-JOKER-7",
            f"{new.gjn()} beats {old.gjn()}: three 2s beat a joker (000§G '3个2可以大过大花')",
            f"{new.gjn()} 大过 {old.gjn()}：3个2可以大过大花（000§G）",
            "cmp.three_twos_beat_dawang" if t2 else "play.attach_twos",
        )

    # 2. The old set holds a 大王.
    if old.n_big:
        if c.ershayi == "two_big_beat_one_big" and old.n_big == 1 and new.n_big >= 2:
            return _ershayi(new, old)
        if c.dawang_set_dead:
            if old.n_big == 1 and new.n_big >= 2 and not old.is_mixed:
                return Verdict(
                    False,
                    "R-JOKER-6",
                    f"{new.gjn()} cannot kill {old.gjn()}: 二杀一 is not played in this "
                    "profile and a 大王 set is dead",
                    f"{new.gjn()} 不能杀 {old.gjn()}：本规则不允许二杀一，大王牌为死牌",
                    "cmp.ershayi",
                )
            if old.is_mixed:
                return Verdict(
                    False,
                    "R-JOKER-5",
                    f"{old.gjn()} keeps its 大王 (mixed 大王+小王 sets stay distinct), so it "
                    "is a 大王 set and cannot be beaten",
                    f"{old.gjn()} 中大王仍算大王（大小王混挂各自计），大王牌为死牌，不可被灭",
                    "play.mixed_big_small",
                )
            return Verdict(
                False,
                "R-JOKER-2",
                f"{old.gjn()} holds a 大王: it is dead and cannot be beaten; the 对头 turns "
                "the cards",
                f"{old.gjn()} 含大王，为死牌，不可被灭，对头应无条件扣牌",
                "cmp.dawang_set_dead",
            )

    # 3. The old set is jokers only.
    if old.is_pure_joker:
        return _pure_joker(new, old, rs)

    # 4. The old set carries jokers or power 2s.
    if old.has_units:
        return _jokered(new, old, rs)

    # 5. Old plain, new with units.
    if new.has_units:
        if not _count_ok(new, old, rs):
            return _count_fail(new, old)
        if new.is_pure_joker:
            return Verdict(
                True,
                "R-JOKER-8",
                f"{new.gjn()} beats {old.gjn()}: jokers outrank every natural rank",
                f"{new.gjn()} 大过 {old.gjn()}：大小王大于一切点数",
                None,
            )
        param = "cmp.jokered_vs_plain"
        if c.jokered_vs_plain == "any_rank" or new.core > old.core:
            how = "any natural rank" if c.jokered_vs_plain == "any_rank" else "higher natural rank"
            zh = "不论点数" if c.jokered_vs_plain == "any_rank" else "点数亦更大"
            return Verdict(
                True,
                "R-JOKER-4",
                f"{new.gjn()} beats plain {old.gjn()}: jokered, {how}",
                f"{new.gjn()} 挂花大过 {old.gjn()}：{zh}",
                param,
            )
        return Verdict(
            False,
            "R-JOKER-4",
            f"{new.gjn()} cannot beat plain {old.gjn()}: with jokers the natural part must "
            "still be higher (000§M '其他牌亦要大于上家牌')",
            f"{new.gjn()} 不能大过 {old.gjn()}：挂花时其他牌亦要大于上家牌",
            param,
        )

    # 6. Both plain.
    if new.count != old.count:
        return _count_fail(new, old)
    assert new.base is not None and old.base is not None
    if new.base > old.base:
        return Verdict(
            True,
            "R-SET-3",
            f"{new.gjn()} beats {old.gjn()}: same count, strictly higher rank",
            f"{new.gjn()} 大过 {old.gjn()}：张数相同，点数更大",
            None,
        )
    return Verdict(
        False,
        "R-SET-3",
        f"{new.gjn()} does not beat {old.gjn()}: the rank must be strictly higher (步步高)",
        f"{new.gjn()} 不能大过 {old.gjn()}：点数必须更大（步步高）",
        None,
    )


def beats(new: SetShape, old: SetShape, rs: Ruleset) -> bool:
    """``compare(new, old, rs).ok`` without the verdict: the same rules in the same
    order (see :func:`compare`), no reasons spelled out.  The enumeration of beating sets
    asks this question for every candidate; a property test checks it against
    :func:`compare` on every profile.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> ds = load_ruleset("dian-shao-men-luo")
    >>> beats(shape(parse_cards("DD"), ds), shape(parse_cards("D"), ds), ds)
    True
    >>> beats(shape(parse_cards("DD888"), ds), shape(parse_cards("XX888"), ds), ds)
    False
    """
    c = rs.cmp
    t2 = bool(c.three_twos_beat_dawang)
    # 0. R-JOKER-8 variant: multi-joker sets without natural cards are dead.
    if old.is_pure_joker and old.total > 1 and c.pure_joker_sets == "dead":
        return False
    # 1. R-JOKER-7: a set of 2s read as power units against a set of jokers only.
    if old.is_pure_joker and _is_pure_twos(new) and new.naturals == 3 * old.total:
        power_ok = t2 or _mode(rs) is _Mode.POWER3
        return power_ok and not (old.raw_big and not t2)
    # 2. The old set holds a 大王.
    if old.n_big:
        if c.ershayi == "two_big_beat_one_big" and old.n_big == 1 and new.n_big >= 2:
            if old.total == 1:
                return new.total == 2  # 000§M(4) 两大灭一大: two for one, nothing more
            if new.count != old.count:
                return False
            return new.core > old.core  # 000§M(3): 其他牌亦要大于上家牌
        if c.dawang_set_dead:
            return False
    # 3. The old set is jokers only.
    if old.is_pure_joker:
        return _pure_joker_beats(new, old)
    # 4. The old set carries jokers or power 2s.
    if old.has_units:
        if not _count_ok(new, old, rs):
            return False
        new_u, old_u = new.units(t2), old.units(t2)
        if c.xiaowang_set == "two_aspects":
            covered = _dominates(new_u, old_u)
        else:
            covered = _strict_cover(new_u, old_u)
        return covered and new.core > old.core
    # 5. Old plain, new with units.
    if new.has_units:
        if not _count_ok(new, old, rs):
            return False
        if new.is_pure_joker:
            return True
        return c.jokered_vs_plain == "any_rank" or new.core > old.core
    # 6. Both plain.
    if new.count != old.count:
        return False
    assert new.base is not None and old.base is not None
    return new.base > old.base


def _ershayi(new: SetShape, old: SetShape) -> Verdict:
    param = "cmp.ershayi"
    if old.total == 1:
        if new.total != 2:  # 000§M(4): "两大灭一大" -- two for one, nothing more
            return Verdict(
                False,
                "R-JOKER-6",
                f"{new.gjn()} cannot kill the single 大王: 二杀一 answers a lone 大王 with "
                "exactly two 大王 (两大灭一大), no other card",
                f"{new.gjn()} 不能杀单出大王：二杀一只能以两张大王灭一张大王，不得多带牌",
                param,
            )
        return Verdict(
            True,
            "R-JOKER-6",
            f"{new.gjn()} kills the single 大王 (二杀一: two 大王 for one)",
            f"{new.gjn()} 二杀一，灭单出大王（两大灭一大）",
            param,
        )
    if new.count != old.count:
        return Verdict(
            False,
            "R-JOKER-6",
            f"二杀一 on a jokered set keeps the count: {new.gjn()} has {new.count}, "
            f"{old.gjn()} has {old.count}",
            f"二杀一挂花牌时张数须相同：{new.gjn()} {new.count} 张，{old.gjn()} {old.count} 张",
            param,
        )
    if new.core <= old.core:  # 000§M(3): 挂花时…其他牌亦要大于上家牌
        return Verdict(
            False,
            "R-JOKER-6",
            f"二杀一: the other cards of {new.gjn()} must also be higher than those of {old.gjn()}",
            f"二杀一时其他牌亦须大于 {old.gjn()}",
            param,
        )
    return Verdict(
        True,
        "R-JOKER-6",
        f"{new.gjn()} kills {old.gjn()} (二杀一: two 大王 beat one)",
        f"{new.gjn()} 二杀一，灭 {old.gjn()}",
        param,
    )


def _pure_joker_beats(new: SetShape, old: SetShape) -> bool:
    """R-JOKER-8 (catalog proposal): a set of jokers only that holds a 小王 is beaten by
    as many 大王, alone (the one test of :func:`compare` and :func:`beats`)."""
    return (
        new.is_pure_joker
        and new.count == old.count
        and new.n_small == 0
        and new.n_big == new.total
        and old.n_small >= 1
    )


def _pure_joker(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    note_en = " (the documents are silent on multi-joker sets; catalog default)"
    note_zh = "（多张王牌套的比较文献未载，采用目录推定）"
    if old.total == 1:
        note_en = note_zh = ""
    if _pure_joker_beats(new, old):
        return Verdict(
            True,
            "R-JOKER-8",
            f"{new.gjn()} beats {old.gjn()}: as many 大王 over a set holding 小王{note_en}",
            f"{new.gjn()} 大过 {old.gjn()}：同数大王灭含小王的王牌{note_zh}",
            "play.mixed_big_small" if old.n_big_demoted else None,
        )
    if new.count != old.count and new.has_units:
        return _count_fail(new, old)
    return Verdict(
        False,
        "R-JOKER-8",
        f"{new.gjn()} cannot beat {old.gjn()}: a set of jokers only is beaten only by as "
        f"many 大王 when it holds a 小王{note_en}",
        f"{new.gjn()} 不能大过 {old.gjn()}：纯王牌套只能由同数的大王灭（且须含小王）{note_zh}",
        "play.mixed_big_small" if old.n_big_demoted or new.n_big_demoted else None,
    )


#: The readings of ``cmp.xiaowang_set`` with a verdict text of their own
#: (``verdict.xiaowang.<reading>`` in the catalogue).
_XIAOWANG_VERDICTS = frozenset(
    {"dawang_ge_count_rank_plus1", "two_aspects", "jokers_then_plain_higher"}
)


def _jokered(new: SetShape, old: SetShape, rs: Ruleset) -> Verdict:
    c = rs.cmp
    how = str(c.xiaowang_set)
    t2 = bool(c.three_twos_beat_dawang)
    mixed = new.is_mixed or old.is_mixed
    demoted = bool(new.n_big_demoted or old.n_big_demoted)
    if not _count_ok(new, old, rs):
        return _count_fail(new, old)
    # the rule that decides, win or lose: 大王 mixed with 小王, power 2s, else 挂小王
    if demoted or mixed:
        rid, param = "R-JOKER-5", "play.mixed_big_small"
    elif old.n_power_twos or new.n_power_twos:
        rid, param = "R-JOKER-7", "play.attach_twos"
    else:
        rid, param = "R-JOKER-3", "cmp.xiaowang_set"
    new_u, old_u = new.units(t2), old.units(t2)
    covered = _dominates(new_u, old_u) if how == "two_aspects" else _strict_cover(new_u, old_u)
    if not covered:
        key = how if how in _XIAOWANG_VERDICTS else "other"
        what = (i18n.t(f"verdict.xiaowang.{key}", "en"), i18n.t(f"verdict.xiaowang.{key}", "zh"))
        demo_en = " (a 大王 mixed with 小王 counts as 小王)" if demoted else ""
        demo_zh = "（大小王混挂时大王当做小王）" if demoted else ""
        return Verdict(
            False,
            rid,
            f"{new.gjn()} cannot beat {old.gjn()}: {what[0]}{demo_en}",
            f"{new.gjn()} 不能大过 {old.gjn()}：{what[1]}{demo_zh}",
            param,
        )
    if new.core <= old.core:
        return Verdict(
            False,
            "R-JOKER-3",
            f"{new.gjn()} cannot beat {old.gjn()}: the natural part must also be at least "
            "one rank higher (001b '高于小王所挂牌一点以上')",
            f"{new.gjn()} 不能大过 {old.gjn()}：所挂之牌须高于对方所挂牌一点以上",
            "cmp.xiaowang_set",
        )
    return Verdict(
        True,
        rid,
        f"{new.gjn()} beats {old.gjn()}: bigger jokers and a higher natural rank ({how})",
        f"{new.gjn()} 大过 {old.gjn()}：王牌与点数两方面都大",
        param,
    )


# --------------------------------------------------------------------------- 憋3 helper


def bie3_play_ok(cards: Sequence[Card], hand: Sequence[Card], rs: Ruleset) -> Verdict:
    """R-BIE3-1 with the hand: under 憋3, 3s go only as the whole, last set.

    ``cards`` is the set played, ``hand`` the player's cards before playing it.  A set of
    3s must hold every card left in the hand (last, unsplit); attachments on 3s are
    already refused by :func:`shape`.  Without 憋3 every set passes.

    >>> from gojinotation_analyzer.rules.profiles import load_ruleset
    >>> qb = load_ruleset("qingdao-bie3")
    >>> bie3_play_ok(parse_cards("33"), parse_cards("333"), qb).ok
    False
    """
    if rs.play.three_restriction != "bie3":
        return Verdict(True, "R-BIE3-1", "no 憋3 in this profile", "本规则不憋3", None)
    param = "play.three_restriction"
    counts = _counts(cards)
    if not counts[Rank.THREE]:
        return Verdict(True, "R-BIE3-1", "not a 3-set", "非3牌", param)
    hand_counts = _counts(hand)
    if counts != hand_counts:
        return Verdict(
            False,
            "R-BIE3-1",
            "under 憋3, 3s may be played only as the last set, all together",
            "憋3打法：3只能作为最后一手牌一次出完，不能拆开出",
            param,
        )
    return Verdict(True, "R-BIE3-1", "the last set, all 3s", "最后一手出3", param)


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
    return (r == Rank.THREE and rs.play.three_restriction == "bie3") or (
        r == Rank.FOUR and bool(rs.play.four_no_attach)
    )


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


# --------------------------------------------------------------------------- enumeration

_Spec = tuple[Rank | None, int, int, int, int]  # base, naturals, twos, small, big

#: A group of specs: ``(index, n_max, whole, twos, small, big)``.  ``index`` 0-11 is a
#: natural rank (3 … A) with ``n_max`` cards held; 12 the sets of ``n_max`` 2s (and
#: jokers); 13 the sets of jokers only.  ``twos``, ``small`` and ``big`` are what the
#: group may attach, already reduced to what the profile lets it use, so that hands that
#: differ only in cards a group cannot use share the group; ``whole`` is the 憋3 flag
#: "these 3s are the whole hand".
_Group = tuple[int, int, bool, int, int, int]

_TWO_I, _SMALL_I, _BIG_I = 12, 13, 14


class _Flags:
    """The ``play`` parameters the enumeration reads, compiled once per ruleset."""

    __slots__ = ("attach", "bare", "bie3", "mixed", "mode", "power")

    def __init__(self, rs: Ruleset) -> None:
        self.attach = bool(rs.play.attach_jokers)
        self.mode = _mode(rs)
        self.power = self.mode is _Mode.POWER3
        self.bie3 = rs.play.three_restriction == "bie3"
        self.mixed = bool(self.attach and rs.play.pure_joker_mixed)
        self.bare = tuple(_no_attach(r, rs) for r in _NATURAL_RANKS)


def _groups(c: Sequence[int], f: _Flags) -> Iterator[_Group]:
    """The groups of a hand given as 15 rank counters (3 … 大王), in enumeration order."""
    twos, small, big = c[_TWO_I], c[_SMALL_I], c[_BIG_I]
    if f.mode is _Mode.FILLER:
        tk = twos
    elif f.power:
        tk = twos - twos % 3
    else:
        tk = 0
    sk, bk = (small, big) if f.attach else (0, 0)
    hand_size = sum(c)
    for i in range(12):
        n = c[i]
        if not n:
            continue
        if i == 0 and f.bie3:
            yield (0, n, n == hand_size, 0, 0, 0)
        elif f.bare[i]:
            yield (i, n, False, 0, 0, 0)
        else:
            yield (i, n, False, tk, sk, bk)
    if twos:
        yield (_TWO_I, twos, False, 0, sk, bk)
    if small or big:
        yield (_SMALL_I, 0, False, 0, small, big)


def _group_specs(g: _Group, f: _Flags) -> Iterator[_Spec]:
    """The specs of one group, in the documented order (see :func:`candidate_sets`)."""
    i, n_max, whole, tk, sk, bk = g
    if i < 12:
        base = _NATURAL_RANKS[i]
        if i == 0 and f.bie3:
            if whole:
                yield (base, n_max, 0, 0, 0)
            return
        t_opts = range(0, tk + 1, 3) if f.power else range(tk + 1)
        for n in range(1, n_max + 1):
            for t in t_opts:
                for s in range(sk + 1):
                    for b in range(bk + 1):
                        yield (base, n, t, s, b)
    elif i == _TWO_I:
        for n in range(1, n_max + 1):
            for s in range(sk + 1):
                for b in range(bk + 1):
                    yield (None, 0, n, s, b)
    elif f.mixed:
        for s in range(sk + 1):
            for b in range(bk + 1):
                if s or b:
                    yield (None, 0, 0, s, b)
    else:
        for s in range(1, sk + 1):
            yield (None, 0, 0, s, 0)
        for b in range(1, bk + 1):
            yield (None, 0, 0, 0, b)


def _count_specs(g: _Group, f: _Flags, old: SetShape) -> Iterator[_Spec]:
    """The specs of :func:`_group_specs` that pass :func:`_beats_spec`'s count test
    against ``old`` (its count not waived), in the same order, without walking the rest.

    A natural set's count is ``n + t + s + b`` (three power 2s one unit under
    ``power3``), a set of 2s's ``t + s + b``; against a set of jokers only, a set of
    exactly three 2s a joker also passes (R-JOKER-7).
    """
    c = old.count
    i, n_max, whole, tk, sk, bk = g
    if i < 12:
        base = _NATURAL_RANKS[i]
        if i == 0 and f.bie3:
            if whole and n_max == c:
                yield (base, n_max, 0, 0, 0)
            return
        step = 3 if f.power else 1
        for n in range(1, min(n_max, c) + 1):
            rem = c - n
            for t in range(0, tk + 1, step):
                rem2 = rem - t // step
                if rem2 < 0:
                    break
                for s in range(min(sk, rem2) + 1):
                    b = rem2 - s
                    if b <= bk:
                        yield (base, n, t, s, b)
    elif i == _TWO_I:
        three = 3 * old.total if old.is_pure_joker else -1
        for n in range(1, n_max + 1):
            rem = c - n
            if n == three and rem != 0:
                yield (None, 0, n, 0, 0)
            if rem < 0:
                continue
            for s in range(min(sk, rem) + 1):
                b = rem - s
                if b <= bk:
                    yield (None, 0, n, s, b)
    elif f.mixed:
        for s in range(min(sk, c) + 1):
            b = c - s
            if b <= bk and (s or b):
                yield (None, 0, 0, s, b)
    else:
        if 1 <= c <= sk:
            yield (None, 0, 0, c, 0)
        if 1 <= c <= bk:
            yield (None, 0, 0, 0, c)


def _specs(counts: Counter[Rank], rs: Ruleset) -> Iterator[_Spec]:
    """Every legal set of the hand as counts, in the documented order."""
    f = _fast(rs).flags
    c = [counts[r] for r in Rank]
    for g in _groups(c, f):
        yield from _group_specs(g, f)


def _by_rank(hand: Iterable[Card]) -> dict[Rank, list[Card]]:
    out: dict[Rank, list[Card]] = {}
    unknown = 0
    for c in sort_cards(hand):
        if c.rank is None:
            unknown += 1
        else:
            out.setdefault(c.rank, []).append(c)
    if unknown:
        raise UnknownCardsError(unknown)
    return out


def _pick(by_rank: Mapping[Rank, list[Card]], spec: _Spec) -> tuple[Card, ...]:
    base, n, t, s, b = spec
    out = by_rank.get(Rank.BIG_JOKER, [])[:b] + by_rank.get(Rank.SMALL_JOKER, [])[:s]
    out += by_rank.get(Rank.TWO, [])[:t]
    if base is not None:
        out += by_rank[base][:n]
    return tuple(out)


_UNSUITED: tuple[Card, ...] = tuple(Card(r) for r in Rank)


def _plain_cards(spec: _Spec) -> tuple[Card, ...]:
    """The unsuited cards of a spec, in canonical order (what :func:`_pick` gives for an
    unsuited hand); one tuple a spec, so that callers may cache by identity."""
    got = _PLAIN.get(spec)
    if got is None:
        base, n, t, s, b = spec
        got = (_UNSUITED[_BIG_I],) * b + (_UNSUITED[_SMALL_I],) * s + (_UNSUITED[_TWO_I],) * t
        if base is not None:
            got += (_UNSUITED[base - 3],) * n
        _PLAIN[spec] = got  # at most 12·16·17·5·5 + 16·5·5 + 25 specs
    return got


_PLAIN: dict[_Spec, tuple[Card, ...]] = {}


def _beats_spec(spec: _Spec, old: SetShape, rs: Ruleset, waived: bool, power: bool) -> bool:
    """Whether the set ``spec`` beats ``old``: the count pre-filter, then :func:`compare`."""
    base, n, t, s, b = spec
    if not waived:
        total = n + t + s + b
        units = total - t + t // 3 if (power and base is not None) else total
        if units != old.count and not (
            old.is_pure_joker and base is None and s == b == 0 and t == 3 * old.total
        ):
            return False
    return beats(_build(base, n, t, s, b, rs), old, rs)


def _waived(old: SetShape, rs: Ruleset) -> bool:
    """Whether the same-count rule is waived against ``old`` (二杀一 on a single 大王, or
    ``cmp.same_total_count`` off)."""
    c = rs.cmp
    return (
        c.ershayi == "two_big_beat_one_big" and old.n_big == 1 and old.total == 1
    ) or not c.same_total_count


class _Old:
    """What the fast path keeps about one standing set (see :class:`_Fast`)."""

    __slots__ = ("c", "c2", "ct", "groups", "known", "old", "tables", "waived")

    def __init__(self, old: SetShape, rs: Ruleset, power: bool) -> None:
        self.old = old
        self.waived = _waived(old, rs)
        # How far a group's sets can reach and keep ``old``'s count: natural cards and
        # jokers (``c``), attached 2s (``ct``: three a unit under power3), 2s in a set
        # of 2s (``c2``: three a joker against jokers only, R-JOKER-7).
        self.c = c = old.count
        self.ct = 3 * c if power else c
        self.c2 = max(c, 3 * old.total) if old.is_pure_joker else c
        #: the sets of a capped group that beat ``old``, by what the hand can attach
        #: (``tables[attach][group]``, both keys packed in ints)
        self.tables: dict[int, dict[int, tuple[tuple[Card, ...], ...]]] = {}
        #: the sets of an uncapped group (used when the count is waived)
        self.groups: dict[_Group, tuple[tuple[Card, ...], ...]] = {}
        #: whether a spec beats ``old``
        self.known: dict[_Spec, bool] = {}


#: The standing sets known to the fast path, by the parameters that decide what beats
#: them (see :class:`_Fast`).
_SHARED: dict[
    tuple[object, ...], tuple[dict[tuple[object, ...], _Old], dict[int, tuple[SetShape, _Old]]]
] = {}


class _Fast:
    """Compiled flags and caches of the enumeration for one pair of ``play`` and ``cmp``
    parameter groups (the only parameters :func:`candidate_sets`, :func:`shape`'s
    ``_build`` and :func:`compare` read), shared by every ruleset with that pair.

    ``cands[group]`` holds the unsuited sets of a group; ``olds[old]`` what is known
    about the sets that beat ``old`` (:class:`_Old`).  All are pure functions of their
    keys, so a cached answer is the answer; the caches are bounded.
    """

    __slots__ = ("by_id", "cands", "counted", "flags", "olds", "rs", "shapes", "size")

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.flags = _Flags(rs)
        self.cands: dict[_Group, tuple[tuple[Card, ...], ...]] = {}
        self.counted: dict[tuple[_Group, int, int], tuple[tuple[_Spec, tuple[Card, ...]], ...]] = {}
        self.shapes: dict[_Spec, SetShape] = {}  # bounded: a spec per set of cards
        # What beats a standing set depends on fewer parameters than the enumeration:
        # rulesets that differ only in 憋3 (which changes the 3s' group alone, kept
        # under keys of their own) share the standing sets.
        p = rs.play
        sig = (rs.cmp, p.attach_twos, p.mixed_big_small, p.attach_jokers, p.pure_joker_mixed)
        self.olds, self.by_id = _SHARED.setdefault((*sig, p.four_no_attach), ({}, {}))
        self.size = 0

    def cand_group(self, g: _Group) -> tuple[tuple[Card, ...], ...]:
        got = self.cands.get(g)
        if got is None:
            if len(self.cands) > 20000:
                self.cands.clear()
            got = self.cands[g] = tuple(_plain_cards(sp) for sp in _group_specs(g, self.flags))
        return got

    def entry(self, old: SetShape) -> _Old:
        """The :class:`_Old` of ``old`` (looked up by identity first: the engine reuses
        shapes).  Shapes that :func:`beats` cannot tell apart share one: it reads of the
        old set only its rank, total, jokers, power 2s and natural part (a 2 attached as
        贴钱 is a card of the rank to it), and so do the count cut-offs."""
        key = (
            old.base,
            old.total,
            old.n_big,
            old.n_small,
            old.n_power_twos,
            old.n_big_demoted,
            old.n_base,
        )
        e = self.olds.get(key)
        if e is None:
            if self.size > 300000 or len(self.olds) > 20000:
                self.olds.clear()
                self.by_id.clear()
                self.size = 0
            e = self.olds[key] = _Old(old, self.rs, self.flags.power)
        if len(self.by_id) > 20000:
            self.by_id.clear()
        self.by_id[id(old)] = (old, e)
        return e

    def beat_group(self, e: _Old, g: _Group, counted: bool = True) -> tuple[tuple[Card, ...], ...]:
        """The sets of group ``g`` that beat ``e.old``, in order.  ``counted``: ``g`` is
        capped (:class:`_Old`) and only sets of the old count are looked at."""
        rs, f, old, known = self.rs, self.flags, e.old, e.known
        out = []
        if counted:
            # the specs of the old count depend on the count alone (and, for a set of
            # 2s, on whether the old set is jokers only): shared by standing sets
            ckey = (g, e.c, 3 * old.total if old.is_pure_joker else -1)
            specs = self.counted.get(ckey)
            if specs is None:
                if len(self.counted) > 50000:
                    self.counted.clear()
                specs = self.counted[ckey] = tuple(
                    (sp, _plain_cards(sp)) for sp in _count_specs(g, f, old)
                )
            shapes = self.shapes
            for sp, cards in specs:
                ok = known.get(sp)
                if ok is None:  # the count is right: the comparison decides
                    new = shapes.get(sp)
                    if new is None:
                        new = shapes[sp] = _build(*sp, rs)
                    ok = known[sp] = beats(new, old, rs)
                    self.size += 1
                if ok:
                    out.append(cards)
        else:
            for sp in _group_specs(g, f):
                ok = known.get(sp)
                if ok is None:
                    ok = known[sp] = _beats_spec(sp, old, rs, e.waived, f.power)
                    self.size += 1
                if ok:
                    out.append(_plain_cards(sp))
        self.size += 1
        return tuple(out)


_FAST_BY_ID: dict[int, tuple[Ruleset, _Fast]] = {}
_FAST_BY_PARAMS: dict[tuple[object, object], _Fast] = {}


def _fast(rs: Ruleset) -> _Fast:
    hit = _FAST_BY_ID.get(id(rs))
    if hit is not None and hit[0] is rs:
        return hit[1]
    key = (rs.play, rs.cmp)
    f = _FAST_BY_PARAMS.get(key)
    if f is None:
        if len(_FAST_BY_PARAMS) > 64:
            _FAST_BY_PARAMS.clear()
        f = _FAST_BY_PARAMS[key] = _Fast(rs)
    if len(_FAST_BY_ID) > 256:
        _FAST_BY_ID.clear()
    _FAST_BY_ID[id(rs)] = (rs, f)
    return f


def candidate_sets(hand: Iterable[Card], rs: Ruleset) -> list[tuple[Card, ...]]:
    """Every distinct legal set the hand can lead, under the profile.

    Sets are distinct as rank multisets (suits never matter for play).  Concrete cards are
    picked deterministically: within a rank, the hand's cards in canonical order (♠ ♥ ♣ ♦,
    then unsuited).  Each set is returned in canonical order (strongest first).

    Enumeration order (deterministic): natural rank ascending (3 … A), then sets of 2s
    (with jokers), then sets of jokers only; within a natural rank by number of natural
    cards, then attached 2s, then 小王, then 大王, each ascending.  Under 憋3 a 3-set is
    offered only when the hand is all 3s (the whole hand, :func:`bie3_play_ok`).  The
    work is proportional to the number of sets, not to subsets of cards.

    :raises UnknownCardsError: if the hand holds ``?`` cards.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> [format_cards(c) for c in candidate_sets(parse_cards("X255"), Ruleset())]
    ['5', 'X5', '25', 'X25', '55', 'X55', '255', 'X255', '2', 'X2', 'X']
    """
    by_rank = _by_rank(hand)
    counts = Counter({r: len(cs) for r, cs in by_rank.items()})
    return [_pick(by_rank, spec) for spec in _specs(counts, rs)]


def beating_sets(hand: Iterable[Card], old: SetShape, rs: Ruleset) -> list[tuple[Card, ...]]:
    """The sets of :func:`candidate_sets` that beat ``old`` (in the same order).

    Candidates whose count cannot match are skipped before any shape is built, so a
    36-card hand is answered in milliseconds.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> qs = Ruleset()
    >>> old = shape(parse_cards("X88"), qs)
    >>> [format_cards(c) for c in beating_sets(parse_cards("DXX99"), old, qs)]
    ['DX9', 'D99', 'DXX']
    """
    by_rank = _by_rank(hand)
    counts = Counter({r: len(cs) for r, cs in by_rank.items()})
    waived = _waived(old, rs)
    power = _mode(rs) is _Mode.POWER3
    return [
        _pick(by_rank, spec)
        for spec in _specs(counts, rs)
        if _beats_spec(spec, old, rs, waived, power)
    ]


def candidate_sets_of_counts(counts: Sequence[int], rs: Ruleset) -> list[tuple[Card, ...]]:
    """:func:`candidate_sets` of an unsuited hand given as 15 rank counters (index
    ``rank - 3``: 3 … A, 2, 小王, 大王), in the same order, with unsuited cards.

    The engine's hands are counters; this is its fast path: the sets of each rank group
    are built once and cached (see :class:`_Fast`), so a call costs a lookup a group.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> hand = parse_cards("X255")
    >>> counts = [sum(1 for c in hand if c.rank == r) for r in Rank]
    >>> candidate_sets_of_counts(counts, Ruleset()) == candidate_sets(hand, Ruleset())
    True
    """
    f = _fast(rs)
    out: list[tuple[Card, ...]] = []
    for g in _groups(counts, f.flags):
        out.extend(f.cand_group(g))
    return out


def beating_sets_of_counts(
    counts: Sequence[int], old: SetShape, rs: Ruleset
) -> list[tuple[Card, ...]]:
    """:func:`beating_sets` of an unsuited hand given as 15 rank counters (see
    :func:`candidate_sets_of_counts`), in the same order, with unsuited cards.

    Whether a group's sets beat ``old`` is decided by :func:`compare` once per group and
    standing set, then looked up.

    >>> from gojinotation_analyzer.rules.ruleset import Ruleset
    >>> qs = Ruleset()
    >>> old = shape(parse_cards("X88"), qs)
    >>> hand = parse_cards("DXX99")
    >>> counts = [sum(1 for c in hand if c.rank == r) for r in Rank]
    >>> [format_cards(c) for c in beating_sets_of_counts(counts, old, qs)]
    ['DX9', 'D99', 'DXX']
    """
    f = _fast(rs)
    hit = f.by_id.get(id(old))
    e = hit[1] if hit is not None and hit[0] is old else f.entry(old)
    fl = f.flags
    out: list[tuple[Card, ...]] = []
    if e.waived:  # the count is waived: every set of the hand is a candidate
        groups = e.groups
        for wg in _groups(counts, fl):
            got = groups.get(wg)
            if got is None:
                got = groups[wg] = f.beat_group(e, wg, counted=False)
            if got:
                out.extend(got)
        return out
    # Only sets of the old set's count can beat it: each group is cut down to the box
    # that holds them (a box cut keeps the order), so that many hands share a group.
    c = e.c
    twos, small, big = counts[_TWO_I], counts[_SMALL_I], counts[_BIG_I]
    if fl.mode is _Mode.FILLER:
        tk = twos if twos < e.ct else e.ct
    elif fl.power:
        tk = twos - twos % 3
        if tk > e.ct:
            tk = e.ct
    else:
        tk = 0
    if fl.attach:
        sk = small if small < c else c
        bk = big if big < c else c
    else:
        sk = bk = 0
    hk = (tk * 8 + sk) * 8 + bk
    table = e.tables.get(hk)
    if table is None:
        table = e.tables[hk] = {}
    bare, bie3 = fl.bare, fl.bie3
    get = table.get
    for i in range(12):
        n = counts[i]
        if not n:
            continue
        if i or not bie3:
            if n > c:
                n = c
            key = 32 * i + n
            got = get(key)
            if got is None:
                g: _Group = (i, n, False, 0, 0, 0) if bare[i] else (i, n, False, tk, sk, bk)
                got = table[key] = f.beat_group(e, g)
        else:
            whole = n == sum(counts)
            key = 1000 + 2 * n + whole
            got = get(key)
            if got is None:
                got = table[key] = f.beat_group(e, (0, n, whole, 0, 0, 0))
        if got:
            out.extend(got)
    if twos:
        n = twos if twos < e.c2 else e.c2
        key = 32 * _TWO_I + n
        got = table.get(key)
        if got is None:
            got = table[key] = f.beat_group(e, (_TWO_I, n, False, 0, sk, bk))
        if got:
            out.extend(got)
    if small or big:
        sc = small if small < c else c
        bc = big if big < c else c
        key = 2000 + 8 * sc + bc
        got = table.get(key)
        if got is None:
            got = table[key] = f.beat_group(e, (_SMALL_I, 0, False, 0, sc, bc))
        if got:
            out.extend(got)
    return out
