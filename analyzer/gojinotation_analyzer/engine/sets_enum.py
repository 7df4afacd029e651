"""Sets (牌套), part 4: candidate and beating sets of a hand.

:func:`candidate_sets`, :func:`beating_sets` and the counter-based fast enumerations
(:func:`candidate_sets_of_counts`, :func:`beating_sets_of_counts`) with their caches.
Re-exported by :mod:`.sets`; moved there unchanged (issue #10).

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> qs = load_ruleset("qingdao-standard")
>>> [format_cards(c) for c in candidate_sets(parse_cards("KK3"), qs)]
['3', 'K', 'KK']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

from gojinotation.cards import Card, Rank, sort_cards
from gojinotation.cards import format_cards as format_cards  # the doctests use it
from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation_analyzer.engine.sets_burn import _no_attach
from gojinotation_analyzer.engine.sets_compare import beats
from gojinotation_analyzer.engine.sets_shape import (
    _NATURAL_RANKS,
    SetShape,
    UnknownCardsError,
    _build,
    _Mode,
    _mode,
)
from gojinotation_analyzer.engine.sets_shape import shape as shape  # the doctests use it
from gojinotation_analyzer.rules.ruleset import Ruleset

__all__ = [
    "beating_sets",
    "beating_sets_of_counts",
    "candidate_sets",
    "candidate_sets_of_counts",
]

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
        # the strict 憋3 (3s unsplit, bare): the whole hand only; under play.three_split or
        # play.three_attach the 3s enumerate as any group and engine.legal keeps the ones
        # the hand allows (the rule itself is R-BIE3-1 in engine.rules_play)
        self.bie3 = rs.play.three_restriction == "bie3" and not (
            rs.play.three_split or rs.play.three_attach
        )
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
