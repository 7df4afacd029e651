"""Properties of generated games: the simulator as the engine's and the format's perft.

A corpus of self-played deals (every profile, both bots, a match with tribute) is made
once per session.  Every deal must:

* replay with no Violation, and validate with no error (a 烧糊 is a warning: a bad
  burn, not an illegal one), its ``Finish`` and ``Score`` tags confirmed;
* write and read back to an equal record, as GJN and as JSON;
* keep the invariants on every frame: the cards are conserved (hands + played + void =
  the deck), hand counts follow the actions, exactly one seat is to act until the deal
  ends, the finish order is a permutation, the score is ``scoring.score_deal`` of the
  engine's facts under the profile;
* replay identically from any frame (a prefix, then the rest, equals the whole);
* be caught when mutated (a card moved between hands, a seat changed, a pass dropped, a
  set raised or lowered, a burn from a seat that passed) - or, when the engine accepts
  the mutated game, every one of its actions must be one that ``legal_actions`` lists:
  the mutation happened to give a legal game.

Budget: ``GOUJI_SIM_DEALS`` deals per profile (default 1, bots alternating), and
``GOUJI_PROPERTY_EXAMPLES`` Hypothesis examples per property (default 15);
``GOUJI_SIM_SEED`` moves the corpus to other seeds.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as hs

import gojinotation as gj
from gojinotation.cards import Card, Rank
from gojinotation.jsonio import dumps_json, loads_json
from gojinotation.model import (
    Action,
    Burn,
    Buy,
    Close,
    Deal,
    Give,
    Hand,
    MoveItem,
    Pass,
    Play,
    Report,
    Return,
    Timeout,
    Tribute,
    Yield,
)
from gojinotation_analyzer.engine import DealState, Frame, can, do, legal_actions, replay
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import sets as S
from gojinotation_analyzer.engine.scoring import score_deal
from gojinotation_analyzer.engine.state import NRANKS
from gojinotation_analyzer.rules.profiles import PROFILES, load_ruleset
from gojinotation_analyzer.simulation.simulate import (
    SimResult,
    build_deck,
    simulate,
    simulate_results,
)

DEALS = int(os.environ.get("GOUJI_SIM_DEALS", "1"))
SEED = int(os.environ.get("GOUJI_SIM_SEED", "20261130"))
EXAMPLES = int(os.environ.get("GOUJI_PROPERTY_EXAMPLES", "15"))
BOUNDED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@lru_cache(maxsize=1)
def corpus() -> tuple[SimResult, ...]:
    """``DEALS`` deals of every profile (random and heuristic bots by turns) and a
    two-deal match of ``qingdao-dadian`` (tribute and its return)."""
    out: list[SimResult] = []
    for i, pid in enumerate(sorted(PROFILES)):
        for j in range(DEALS):
            bot = ("random", "heuristic")[(i + j) % 2]
            out.extend(simulate_results(pid, SEED + 97 * i, 1, bot=bot, start=j + 1))
    out.extend(simulate_results("qingdao-dadian", SEED, 2, match=True))
    return tuple(out)


def _ids() -> list[str]:
    return [f"{pid}-{j}" for pid in sorted(PROFILES) for j in range(DEALS)] + [
        "dadian-match-1",
        "dadian-match-2",
    ]


INDICES = list(range(len(PROFILES) * DEALS + 2))


def _deal(i: int) -> SimResult:
    return corpus()[i]


def _frames(deal: Deal) -> list[Frame]:
    return list(replay(deal))


def _violations(frames: Sequence[Frame]) -> list[E.Violation]:
    return [e for f in frames for e in f.events if isinstance(e, E.Violation)]


# ------------------------------------------------------------------------ clean records


@pytest.mark.parametrize("i", INDICES, ids=_ids())
def test_generated_deal_validates_clean(i: int) -> None:
    r = _deal(i)
    frames = _frames(r.deal)
    assert not _violations(frames)
    assert [e.kind for f in frames for e in f.events] == [e.kind for e in r.events]
    from gojinotation_analyzer.reports.validate import validate_deal

    found = validate_deal(r.deal)
    errors = [d for d in found if d.severity.value == "error"]
    assert not errors, [d.format("en") for d in errors]
    assert {d.code for d in found if d.severity.value == "warning"} <= {"GJV306"}


@pytest.mark.parametrize("i", INDICES, ids=_ids())
def test_generated_deal_round_trips(i: int) -> None:
    d = _deal(i).deal
    text = gj.dumps(d)
    back = gj.loads(text).deals
    assert back == (d,)
    assert gj.dumps(back[0]) == text
    assert loads_json(dumps_json(d)) == d
    assert loads_json(dumps_json(gj.Match((d,), 1))) == gj.Match((d,), 1)


# ------------------------------------------------------------------------ frame invariants


def _set_of(frame: Frame) -> tuple[int | None, tuple[Card, ...]]:
    """The seat and cards a frame put on the table: a lead or a play (``Led``,
    ``Played``), a burn's first set (``BurnDeclared``, unless the burn failed at once) or
    a 反烧 (``CounterBurn`` names no cards: the action's)."""
    evs = frame.events
    for e in evs:
        if isinstance(e, (E.Led, E.Played)):
            return e.seat, e.cards
    if any(isinstance(e, E.BurnFailed) for e in evs):
        return None, ()
    for e in evs:
        if isinstance(e, E.BurnDeclared):
            return e.seat, e.cards
    a = frame.action
    if isinstance(a, (Play, Burn)) and any(isinstance(e, E.CounterBurn) for e in evs):
        return a.seat, a.cards
    return None, ()


def _ranks(cards: Sequence[Card]) -> Counter[int]:
    return Counter(int(c.rank) - 3 for c in cards if c.rank is not None)


def check_frames(frames: Sequence[Frame], deal: Deal, sample: int = 7) -> None:
    """The invariants of every frame of one replay (see the module docstring)."""
    st0 = frames[0].state
    deck = _ranks(build_deck(st0.rs))
    played: Counter[int] = Counter()
    count = {h.seat: len(h.cards or ()) for h in deal.hands if isinstance(h, Hand)}
    for f in frames:
        st = f.state
        seat, cards = _set_of(f)
        played.update(_ranks(cards))
        if seat is not None:
            count[seat] -= len(cards)
        for e in f.events:
            if isinstance(e, (E.TributePaid, E.Returned)):
                count[e.seat or 0] -= len(e.cards)
                count[e.to_seat] += len(e.cards)
            elif isinstance(e, E.Gave):
                count[e.seat or 0] -= 1
                count[e.to_seat] += 1
        # cards are conserved: hands + played + void = the deck
        for i in range(NRANKS):
            held = sum(st.known[s][i] for s in range(1, 7))
            assert held + played[i] + st.void[i] == deck[i], (f.index, Rank(i + 3), st.summary())
        # hand counts follow the actions (a voided hand drops to 0)
        for s in range(1, 7):
            assert st.unknown_count(s) == 0
            if st.count(s) != count[s]:
                assert st.count(s) == 0 and any(
                    isinstance(e, (E.BurnFailed, E.WentOut, E.RevolutionDeclared)) for e in f.events
                ), (f.index, s, st.count(s), count[s])
                count[s] = 0
        # exactly one seat is to act, until the deal ends
        if st.is_over:
            assert not st.to_act
        else:
            prim = st.next_leader if st.closing else st.turn
            assert prim and st.is_active(prim), st.summary()
            if f.index % sample == 0:
                turns = st.to_act
                assert [t.seat for t in turns if t.primary] == [prim], (turns, st.summary())
    last = frames[-1].state
    assert last.is_over
    ended = [e for e in frames[-1].events if isinstance(e, E.DealEnded)]
    assert len(ended) == 1
    end = ended[0]
    if end.void:
        return
    # the finish order is a permutation of the places
    assert sorted(end.places.values()) == [1, 2, 3, 4, 5, 6]
    assert last.place_of == dict(end.places)
    # the score is the profile's, from the engine's facts
    assert end.facts is not None and end.score is not None
    again = score_deal(end.facts, last.rs)
    assert dict(again.team_points) == dict(end.score.team_points)
    assert dict(again.seat_points) == dict(end.score.seat_points)
    assert sum(again.team_net.values()) == sum(end.score.team_net.values())


@pytest.mark.parametrize("i", INDICES, ids=_ids())
def test_frame_invariants(i: int) -> None:
    r = _deal(i)
    check_frames(_frames(r.deal), r.deal)


# ------------------------------------------------------------------------ determinism


def _truncated(deal: Deal, k: int) -> Deal:
    """The deal with only its first ``k`` actions (round marks kept)."""
    moves: list[MoveItem] = []
    n = 0
    for item in deal.moves:
        if isinstance(item, gj.RoundMark):
            moves.append(item)
            continue
        if n == k:
            break
        moves.append(item)
        n += 1
    return Deal(deal.header, deal.hands, tuple(moves))


def _fingerprint(st: DealState, events: Sequence[E.Event]) -> tuple[str, tuple[str, ...]]:
    return st.summary(), tuple(e.en for e in events)


@BOUNDED
@given(data=hs.data())
def test_replay_from_any_frame_continues_identically(data: hs.DataObject) -> None:
    r = _deal(data.draw(hs.sampled_from(INDICES), label="deal"))
    actions = list(r.deal.actions())
    k = data.draw(hs.integers(0, len(actions)), label="cut")
    full = _frames(r.deal)
    head = _frames(_truncated(r.deal, k))
    assert [_fingerprint(f.state, f.events) for f in head] == [
        _fingerprint(f.state, f.events) for f in full[: k + 1]
    ]
    st = head[-1].state
    for j, a in enumerate(actions[k:], k + 1):
        st, ev = do(st, a)
        assert _fingerprint(st, ev) == _fingerprint(full[j].state, full[j].events)
    assert st.place_of == full[-1].state.place_of


@settings(max_examples=max(2, EXAMPLES // 5), deadline=None)
@given(
    pid=hs.sampled_from(sorted(PROFILES)),
    seed=hs.integers(0, 2**32),
    bot=hs.sampled_from(["random", "heuristic"]),
)
def test_fresh_seeds_are_deterministic_and_clean(pid: str, seed: int, bot: str) -> None:
    (a,) = simulate(pid, seed, 1, bot=bot)
    (b,) = simulate(pid, seed, 1, bot=bot)
    assert a == b
    frames = _frames(a)
    assert not _violations(frames)
    check_frames(frames, a, sample=25)


# ------------------------------------------------------------------------ mutations


def _key(a: Action) -> tuple[object, ...]:
    cards = tuple(sorted(int(c.rank or 0) for c in getattr(a, "cards", ())))
    extra: tuple[object, ...] = ()
    if isinstance(a, Buy):
        extra = (a.card.rank, a.from_seat, a.paid.rank)
    elif isinstance(a, Give):
        extra = (a.card.rank, a.to_seat)
    elif isinstance(a, (Tribute, Return)):
        extra = (a.to_seat,)
    elif isinstance(a, Report):
        extra = (a.count,)
    return (type(a).__name__, a.seat, cards, extra)


def all_listed(deal: Deal) -> Iterator[str]:
    """Why each action of ``deal`` is not one the engine lists as legal (none: legal)."""
    frames = _frames(deal)
    for before, f in itertools.pairwise(frames):
        a = f.action
        assert a is not None
        if isinstance(a, (Tribute, Return, Timeout)):
            if not can(before.state, a):
                yield f"action {f.index} {gj.format_action(a)} refused"
            continue
        if _key(a) not in {_key(x) for x in legal_actions(before.state)}:
            yield f"action {f.index} {gj.format_action(a)} not listed ({before.state.summary()})"


def _replace_action(deal: Deal, index: int, new: Sequence[Action]) -> Deal:
    """The deal with its ``index``-th action (1-based) replaced by ``new``."""
    moves: list[MoveItem] = []
    n = 0
    for item in deal.moves:
        if not isinstance(item, gj.RoundMark):
            n += 1
            if n == index:
                moves.extend(new)
                continue
        moves.append(item)
    return Deal(deal.header, deal.hands, tuple(moves))


def _move_card(deal: Deal, data: hs.DataObject) -> Deal | None:
    hands = {h.seat: list(h.cards or ()) for h in deal.hands if isinstance(h, Hand)}
    a = data.draw(hs.integers(1, 6), label="from")
    b = (a + data.draw(hs.integers(0, 4), label="to")) % 6 + 1
    card = hands[a].pop(data.draw(hs.integers(0, len(hands[a]) - 1), label="card"))
    hands[b].append(card)
    new = tuple(Hand(s, gj.cards.sort_cards(hands[s])) for s in range(1, 7))
    return Deal(deal.header, new, deal.moves)


def _actions_of(deal: Deal, kind: type | tuple[type, ...]) -> list[int]:
    return [i for i, a in enumerate(deal.actions(), 1) if isinstance(a, kind)]


def _change_seat(deal: Deal, data: hs.DataObject) -> Deal | None:
    idx = _actions_of(deal, (Play, Pass))
    i = data.draw(hs.sampled_from(idx), label="action")
    a = list(deal.actions())[i - 1]
    seat = (a.seat + data.draw(hs.integers(0, 4), label="seat")) % 6 + 1
    new: Action = Pass(seat) if isinstance(a, Pass) else Play(seat, cards=a.cards)  # type: ignore[union-attr]
    return _replace_action(deal, i, [new])


def _drop_pass(deal: Deal, data: hs.DataObject) -> Deal | None:
    idx = _actions_of(deal, Pass)
    if not idx:
        return None
    return _replace_action(deal, data.draw(hs.sampled_from(idx), label="pass"), [])


def _shift_set(deal: Deal, data: hs.DataObject) -> Deal | None:
    acts = list(deal.actions())
    idx = [
        i
        for i, a in enumerate(acts, 1)
        if isinstance(a, Play) and any(c.rank is not None and c.rank < Rank.TWO for c in a.cards)
    ]
    if not idx:
        return None
    i = data.draw(hs.sampled_from(idx), label="set")
    a = acts[i - 1]
    assert isinstance(a, Play)
    step = data.draw(hs.sampled_from([-1, 1]), label="step")
    cards = []
    for c in a.cards:
        r = c.rank
        if r is not None and r < Rank.TWO:
            r = Rank(min(max(int(r) + step, 3), 14))
        cards.append(Card(r, c.suit))
    return _replace_action(deal, i, [Play(a.seat, cards=gj.cards.sort_cards(cards))])


def _burn_after_pass(deal: Deal, data: hs.DataObject) -> Deal | None:
    """Insert a burn by a seat that passed on the standing 够级 set."""
    frames = _frames(deal)
    spots = []
    for before, f in itertools.pairwise(frames):
        st = before.state
        top = st.top
        if top is None or not top.gouji or top.shape is None or st.closing:
            continue
        for s in range(1, 7):
            if st.current_round.passed and s in st.current_round.passed and st.is_active(s):
                if s in (top.owner, (top.owner + 2) % 6 + 1):
                    continue
                sets = S.beating_sets(st.hand(s), top.shape, st.rs)
                if sets:
                    spots.append((f.index, s, sets[0]))
    if not spots:
        return None
    index, seat, cards = data.draw(hs.sampled_from(spots), label="spot")
    a = list(deal.actions())[index - 1]
    return _replace_action(deal, index, [Burn(seat, cards=cards), a])


MUTATIONS = {
    "move a card between hands": _move_card,
    "change a seat": _change_seat,
    "drop a pass": _drop_pass,
    "raise or lower a set": _shift_set,
    "burn from a passed seat": _burn_after_pass,
}


@BOUNDED
@given(data=hs.data(), kind=hs.sampled_from(sorted(MUTATIONS)))
def test_mutations_are_flagged_or_still_legal(data: hs.DataObject, kind: str) -> None:
    r = _deal(data.draw(hs.sampled_from(INDICES), label="deal"))
    mutated = MUTATIONS[kind](r.deal, data)
    if mutated is None or mutated == r.deal:
        event(f"{kind}: not applicable")
        return
    frames = _frames(mutated)
    v = _violations(frames)
    if v:
        event(f"{kind}: flagged {v[0].rule_id}")
        return
    # a harmless irregularity (e.g. a seat passing twice) is reported as a notice
    notices = [e for f in frames for e in f.events if isinstance(e, E.Notice)]
    if notices:
        event(f"{kind}: noticed {notices[0].rule_id}")
        return
    # not flagged: then the mutated game must be legal, action by action
    event(f"{kind}: still legal")
    assert not list(all_listed(mutated)), kind


def test_burn_after_pass_is_flagged_where_passing_blocks_burns() -> None:
    """A concrete case: under qingdao-standard (``pass.blocks_burn``) a seat that passed
    on a 够级 set may not burn it."""
    assert load_ruleset("qingdao-standard").pass_.blocks_burn
    tried = 0
    for seed in range(SEED, SEED + 20):
        (deal,) = simulate("qingdao-standard", seed, 1, bot="random")
        frames = _frames(deal)
        for before, f in itertools.pairwise(frames):
            st = before.state
            top = st.top
            if top is None or not top.gouji or top.shape is None or st.closing:
                continue
            for s in st.current_round.passed:
                if s in (top.owner, (top.owner + 2) % 6 + 1) or not st.is_active(s):
                    continue
                sets = S.beating_sets(st.hand(s), top.shape, st.rs)
                if not sets:
                    continue
                a = list(deal.actions())[f.index - 1]
                mutated = _replace_action(deal, f.index, [Burn(s, cards=sets[0]), a])
                v = _violations(_frames(mutated))
                assert v and v[0].rule_id == "R-BURN-1", v
                tried += 1
                if tried >= 3:
                    return
    assert tried, "no passed seat able to burn in 20 deals"


@pytest.mark.parametrize("pid", ["qingdao-bie3", "latest-004", "dian-shao-men-luo"])
def test_every_recorded_action_is_listed(pid: str) -> None:
    """The independent check the mutation test falls back on, on clean games: every
    action of a generated deal is one ``legal_actions`` listed (tribute owed from a deal
    the replay does not see, returns and timeouts, which it does not list, pass
    ``can``)."""
    (deal,) = simulate(pid, SEED, 1, bot="random")
    assert not list(all_listed(deal))


def test_every_action_of_a_match_with_tribute_is_listed() -> None:
    r = corpus()[-1]
    assert [a for a in r.deal.actions() if isinstance(a, Tribute)]
    assert not list(all_listed(r.deal))


# ------------------------------------------------------------------------ legal == can


def _candidates(st: DealState) -> list[Action]:
    """Plausible actions, legal or not: every pass, close, 让牌 and true 报牌 of every
    seat, and on a standing set every set of each seat that beats it as a play and as a
    burn."""
    out: list[Action] = []
    top = st.top
    for s in range(1, 7):
        out += [Pass(s), Close(s), Yield(s), Report(s, count=st.count(s))]
        if top is not None and top.shape is not None and not st.unknown_count(s):
            for c in S.beating_sets_of_counts(st.known[s], top.shape, st.ruleset):
                out += [Play(s, cards=c), Burn(s, cards=c)]
    return out


def check_legal_is_can(frames: Sequence[Frame]) -> int:
    """At every frame, action by action: ``a in legal_actions(state)`` iff ``can(state,
    a)``, for every listed action and every candidate of :func:`_candidates`."""
    checked = 0
    for f in frames:
        st = f.state
        legal = legal_actions(st)
        listed = set(legal)
        assert len(listed) == len(legal), f"#{f.index}: an action listed twice"
        for a in {*legal, *_candidates(st)}:
            assert (a in listed) == can(st, a), (
                f"#{f.index} {a!r}: listed={a in listed}, can={can(st, a)}: {st.summary()}"
            )
            checked += 1
    return checked


@pytest.mark.parametrize("i", INDICES, ids=_ids())
def test_R_BURN_1_legal_actions_are_exactly_what_can_accepts(i: int) -> None:
    """``legal_actions`` is derived from the checks :func:`can` makes (one predicate per
    rule: burn eligibility, declining, 让牌, 扣牌 …): on every frame of a generated deal
    each plausible pass, close, 让牌, 报牌, play and burn of every seat is listed exactly when
    :func:`can` accepts it."""
    frames = _frames(_deal(i).deal)
    assert check_legal_is_can(frames) > len(frames) * 24  # at least the 24 simple ones
