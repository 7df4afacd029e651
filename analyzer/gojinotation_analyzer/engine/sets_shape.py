"""Sets (牌套), part 1: what a legal set is, its shape, its 够级 status and 憋3.

R-SET-1 (a legal set), R-TWO-1 (贴钱 and 000§G power 2s), R-JOKER-1/2 (attached jokers),
R-GOUJI-1/2 (够级 status), R-KAIDIAN-1 (开点 opening sets) and R-BIE3-1 (3s as the last
set); the typed errors :class:`IllegalSet` and :class:`UnknownCardsError`, the
:class:`Verdict` every ruling returns and :data:`OPEN_POINTS`.  Re-exported by
:mod:`.sets`; moved there unchanged (issue #10).

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> s = shape(parse_cards("22333"), load_ruleset("qingdao-standard"))   # 000§O
>>> s.base, s.n_base, s.n_twos_attached
(<Rank.THREE: 3>, 5, 2)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from gojinotation.cards import Card, Rank, format_cards, sort_cards
from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "OPEN_POINTS",
    "IllegalSet",
    "SetShape",
    "UnknownCardsError",
    "Verdict",
    "bie3_play_ok",
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
        "两大灭一大; cmp.ershayi_answer=any_with_two reads 含有两张大王的牌 as any set "
        "holding two 大王); a jokered old set needs the same count and its other cards beaten "
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
    if (
        attached
        and base == Rank.THREE
        and rs.play.three_restriction == "bie3"
        and not rs.play.three_attach
    ):
        return IllegalSet(
            "R-BIE3-1",
            "under 憋3, 3s take no attachments (no 2s, no jokers)",
            "憋3打法中，3不能贴2也不能挂王",
            "play.three_attach",
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
    gojinotation_analyzer.engine.sets_shape.IllegalSet: [R-SET-1] Q and K are two natural ranks: ...
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
