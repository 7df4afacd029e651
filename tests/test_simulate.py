"""The self-play simulator: decks, 开牌 and 上班, tags, determinism, matches, the CLI.

The properties every generated deal must keep under the engine live in
``tests/test_properties_engine.py``; this file tests the simulator itself.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import gojinotation as gj
from gojinotation.cards import Card, Rank, parse_cards
from gojinotation.model import Pass, Play, Return, RoundMark, Tribute
from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import legal_actions, new_deal, replay
from gojinotation_analyzer.reports.validate import validate_deal
from gojinotation_analyzer.rules.profiles import PROFILES, load_ruleset
from gojinotation_analyzer.simulation.bots import (
    BOTS,
    Context,
    HeuristicBot,
    RandomBot,
    make_bot,
    set_info,
)
from gojinotation_analyzer.simulation.simulate import (
    EVENT_KINDS,
    NOT_SELF_PLAY,
    SimulationError,
    build_deck,
    deal_hands,
    event_keys,
    first_taker,
    player_names,
    shangban_leader,
    simulate,
    simulate_results,
    stat_rows,
    stats,
    stats_table,
    team_names,
)

QS = load_ruleset("qingdao-standard")


# ---------------------------------------------------------------------------- the deck


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_deck_matches_the_engine(pid: str) -> None:
    rs = load_ruleset(pid)
    deck = build_deck(rs)
    st = new_deal(deal_hands(deck, 1, rs)[0], rs, leader=1)
    assert not [e for e in st.events if isinstance(e, E.Violation)]
    assert all(c.suit is not None for c in deck if not c.is_joker)


def test_196_hand_sizes_follow_the_draw() -> None:
    rs = load_ruleset("dagang-196")
    hands, draw = deal_hands(build_deck(rs), 5, rs)
    sizes = {s: len(h) for s, h in hands.items()}
    assert sizes == {5: 33, 6: 33, 1: 33, 2: 33, 3: 32, 4: 32}
    assert draw[0][0] == 5 and len(draw) == 196
    counts = Counter(c.rank for c in build_deck(rs))
    assert counts[Rank.THREE] == counts[Rank.FOUR] == 6


def test_first_taker_methods() -> None:
    deck = build_deck(QS)
    rng = random.Random(1)
    takers = {first_taker(QS, rng, deck) for _ in range(200)}
    assert takers == {1, 2, 3, 4, 5, 6}
    assert first_taker(load_ruleset("two-table-654321"), rng, deck) == 1


def test_shangban_first_pair_and_dingban() -> None:
    c = Card.parse
    # seat 2 shows two black 3s first; seat 4 ends with three hearts: 顶班
    draw = [(2, c("3s")), (4, c("3h")), (2, c("3c")), (4, c("3h")), (4, c("3h"))]
    assert shangban_leader(QS, draw, 1) == 4
    assert shangban_leader(QS.with_overrides({"open.dingban": False}), draw, 1) == 2
    # nobody qualifies: the first taker leads
    assert shangban_leader(QS, [(3, c("3s")), (5, c("3h"))], 6) == 6
    # same suit, not colour
    cw = load_ruleset("corp-winter-2014")
    assert shangban_leader(cw, [(1, c("3s")), (1, c("3c")), (2, c("3h")), (2, c("3h"))], 3) == 2
    # 4s
    tk = QS.with_overrides({"open.shangban": "two_same_suit_4"})
    assert shangban_leader(tk, [(1, c("4s")), (6, c("4d")), (6, c("4d"))], 3) == 6
    most = QS.with_overrides({"open.shangban": "most_4s_must_lead_4"})
    assert shangban_leader(most, [(1, c("4s")), (6, c("4d")), (6, c("4d"))], 3) == 6
    assert shangban_leader(QS.with_overrides({"open.shangban": "none"}), draw, 5) == 5


# ---------------------------------------------------------------------------- records


def test_tags_and_layout() -> None:
    (d,) = simulate("qingdao-bie3", seed=11, deals=1, bot="random")
    tags = d.tags
    assert tags["Event"] == "够级模拟对局 第1局"  # deals played apart: not one match
    assert tags["Profile"] == "qingdao-bie3"
    assert [tags[f"Seat{s}"] for s in range(1, 7)] == list(player_names(11))
    assert tags["X_Bots"] == "random"  # the bots that played, apart from the names
    assert (tags["TeamA"], tags["TeamB"]) == team_names(11)
    assert tags["Deal"] == "1" and tags["Seed"] == "11"
    assert tags["Leader"] in {"1", "2", "3", "4", "5", "6"}
    frames = list(replay(d))
    end = next(e for e in frames[-1].events if isinstance(e, E.DealEnded))
    order = sorted(end.places, key=lambda s: end.places[s])
    assert tags["Finish"] == " ".join(map(str, order))
    assert end.score is not None
    assert tags["Score"] == f"A {end.score.team_points['A']} B {end.score.team_points['B']}"
    # a round mark before every lead, numbered from 1, and only there
    marks = [i for i, m in enumerate(d.moves) if isinstance(m, RoundMark)]
    assert [d.moves[i].number for i in marks] == list(range(1, len(marks) + 1))  # type: ignore[union-attr]
    led = {f.index for f in frames if any(isinstance(e, E.Led) for e in f.events)}
    acts = 0
    for item in d.moves:
        if isinstance(item, RoundMark):
            assert acts + 1 in led
        else:
            acts += 1


_HAN = re.compile(r"[\u4e00-\u9fff]{2,3}")


@pytest.mark.parametrize("seed", [1, 2, 7, 24, 1000])
def test_players_and_teams_have_plausible_names(seed: int) -> None:
    """Simulated records read like a club's: six different Chinese names (a surname and a
    given name, two or three characters, no bot name) and two different team names, the
    same for the same seed and on every deal of a match."""
    names = player_names(seed)
    assert len(names) == 6 and len(set(names)) == 6
    assert all(_HAN.fullmatch(n) for n in names), names
    assert len({n[0] for n in names}) == 6  # no two players share a surname
    assert not set(names) & set(BOTS)
    teams = team_names(seed)
    assert len(set(teams)) == 2 and all(t.endswith("队") for t in teams)
    assert player_names(seed) == names and team_names(seed) == teams
    deals = list(simulate("QS", seed, 2, bot="random", match=True))
    for d in deals:
        assert tuple(d.tags[f"Seat{s}"] for s in range(1, 7)) == names
        assert (d.tags["TeamA"], d.tags["TeamB"]) == teams
        assert d.tags["Event"] == f"够级模拟赛：{teams[0]} 对 {teams[1]}"  # one event


def test_names_differ_between_seeds() -> None:
    drawn = {player_names(seed) for seed in range(20)}
    assert len(drawn) == 20
    assert len({n for names in drawn for n in names}) > 30  # not the same six reshuffled


def test_named_records_validate_as_the_bot_named_ones() -> None:
    """The names and the ``X_Bots`` tag are plain tags: the validator finds no error in a
    simulated match, and finds exactly what it finds with the bot names in the seats."""
    text = gj.dumps(gj.Match(tuple(simulate("QD", 4, 3, match=True)), 1))
    plain = re.sub(r'\[Seat(\d) "[^"]*"\]', r'[Seat\1 "heuristic"]', text)
    plain = re.sub(r'\[X_Bots "[^"]*"\]\n', "", plain)
    assert plain != text and "X_Bots" not in plain

    def findings(src: str) -> list[tuple[str, str, str, int | None]]:
        found = []
        for i, deal in enumerate(gj.loads(src).deals, 1):
            assert isinstance(deal, gj.Deal)
            found += [
                (d.code, str(d.severity), d.rule_id, d.round)
                for d in validate_deal(deal, deal_index=i)
            ]
        return found

    named = findings(text)
    assert named == findings(plain)
    # no error, and the result tags (Finish, Score) are confirmed
    assert not [f for f in named if f[0].startswith("GJV2") or f[0] in ("GJV301", "GJV302")]
    r = CliRunner().invoke(main, ["--lang", "en", "validate", "-"], input=text)
    assert r.exit_code == 0, r.output
    assert "no rule errors" in r.output


def test_same_seed_same_text_and_seeds_differ() -> None:
    a = gj.dumps(gj.Match(tuple(simulate("QS", 5, 2)), 1))
    b = gj.dumps(gj.Match(tuple(simulate("QS", 5, 2)), 1))
    c = gj.dumps(gj.Match(tuple(simulate("QS", 6, 2)), 1))
    assert a == b != c


@pytest.mark.parametrize(
    ("pid", "bot"), [("QS", "heuristic"), ("QB", "random"), ("dian-shao-men-luo", "random")]
)
def test_listing_only_the_seats_asked_changes_no_game(
    pid: str, bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The simulator lists plays and burns only for the seats it will ask
    (``legal_actions(sets_for=...)``); with every seat's listed, the games are the same."""
    from gojinotation_analyzer.simulation import simulate as sim

    fast = [gj.write_deal(d) for d in simulate(pid, 4, 3, bot=bot, match=True)]
    monkeypatch.setattr(sim._Table, "wanted", lambda self: set(range(1, 7)))
    full = [gj.write_deal(d) for d in simulate(pid, 4, 3, bot=bot, match=True)]
    assert fast == full


def test_deals_depend_on_seed_and_number_only() -> None:
    whole = list(simulate("QS", 9, 3, bot="random"))
    third = list(simulate("QS", 9, 1, bot="random", start=3))
    assert whole[2] == third[0]


def test_same_shuffle_under_every_216_profile() -> None:
    """The shuffle depends on the seed and deal number only; the profile's 开牌 decides
    who takes first, so the same six hands go round to other seats."""
    hands = {
        pid: frozenset(h.cards for h in next(simulate(pid, 4, 1, bot="random")).hands)  # type: ignore[union-attr]
        for pid in ("qingdao-standard", "qingdao-bie3", "latest-004")
    }
    assert len(set(hands.values())) == 1


def test_every_pass_and_close_is_written() -> None:
    d = next(simulate("qingdao-standard", 2, 1))
    for f in replay(d):
        for e in f.events:
            assert not (isinstance(e, E.Closed) and e.implied and e.seat), e


def test_mixed_bots_and_bad_names() -> None:
    names = ("heuristic", "random") * 3
    d = next(simulate("QS", 1, 1, bot=names))
    assert d.tags["X_Bots"] == ",".join(names)
    assert [d.tags[f"Seat{s}"] for s in range(1, 7)] == list(player_names(1))
    with pytest.raises(ValueError):
        next(simulate("QS", 1, 1, bot=("random",) * 5))
    with pytest.raises(KeyError):
        make_bot("alphago")


def test_overrides_are_recorded() -> None:
    d = next(simulate("QS", 1, 1, overrides="rangpai.allowed=false"))
    assert d.tags["Rules"] == "rangpai.allowed=false"
    assert not [f for f in replay(d) if isinstance(f.action, gj.Yield)]


# ---------------------------------------------------------------------------- matches


def test_match_tribute_and_return_before_play() -> None:
    results = list(simulate_results("qingdao-dadian", 1, 3, match=True))
    second = results[1].deal
    assert second.tags["Game"] == "2"
    acts = list(second.actions())
    paid = [a for a in acts if isinstance(a, Tribute)]
    back = [a for a in acts if isinstance(a, Return)]
    assert paid and back
    first_play = next(i for i, a in enumerate(acts) if isinstance(a, Play))
    assert all(acts.index(a) < first_play for a in paid + back)
    # the 大落 of deal 1 pays the 头科 two cards and leads deal 2
    places = results[0].state.place_of
    daluo = next(s for s, p in places.items() if p == 6)
    toke = next(s for s, p in places.items() if p == 1)
    assert second.tags["Leader"] == str(daluo)
    assert any(a.seat == daluo and a.to_seat == toke and len(a.cards) == 2 for a in paid)
    kinds = Counter(e.kind for e in results[1].events)
    assert kinds["TributePaid"] == len(paid) and kinds["Returned"] == len(back)


def test_match_leaders_rotate_under_bie3() -> None:
    results = list(simulate_results("qingdao-bie3", 2, 3, match=True, bot="random"))
    leaders = [int(r.deal.tags["Leader"]) for r in results]
    assert leaders[1] == leaders[0] % 6 + 1 and leaders[2] == leaders[1] % 6 + 1


def test_no_tribute_outside_match() -> None:
    for d in simulate("qingdao-dadian", 1, 2):
        assert not [a for a in d.actions() if isinstance(a, Tribute)]


# ---------------------------------------------------------------------------- bots


def test_random_bot_uses_only_its_rng() -> None:
    st = new_deal(deal_hands(build_deck(QS), 1, QS)[0], QS, leader=1)
    opts = legal_actions(st)
    a = RandomBot().turn(Context(st, 1, random.Random(3)), opts)
    b = RandomBot().turn(Context(st, 1, random.Random(3)), opts)
    assert a == b and a in opts


def test_heuristic_passes_on_a_teammate_and_answers_the_duitou() -> None:
    C = parse_cards
    hands = {1: C("KK3"), 2: C("AA4"), 3: C("2255"), 4: C("AA66"), 5: C("77"), 6: C("88")}
    st = new_deal(hands, QS, leader=1, deck_check=False)
    from gojinotation_analyzer.engine import do

    st, _ = do(st, Play(1, cards=C("KK")))  # a 够级 set: only seat 4 may answer
    bot = HeuristicBot(yield_p=0.0)
    assert bot.turn(Context(st, 4, random.Random(1)), legal_actions(st)).cards == C("AA")  # type: ignore[union-attr]
    hands = {1: C("55"), 2: C("33"), 3: C("AA4"), 4: C("44"), 5: C("66"), 6: C("88")}
    st = new_deal(hands, QS, leader=1, deck_check=False)
    st, _ = do(st, Play(1, cards=C("55")))
    st, _ = do(st, Pass(2))
    choice = bot.turn(Context(st, 3, random.Random(1)), legal_actions(st))
    assert isinstance(choice, Pass)


def test_set_info() -> None:
    i = set_info(parse_cards("DX22KKK"))
    assert (i.base, i.naturals, i.twos, i.jokers, i.total) == (13, 3, 2, 2, 7)
    assert set_info(parse_cards("222")).base == 15
    assert sorted(BOTS) == ["heuristic", "random"]


# ---------------------------------------------------------------------------- stats


def test_event_kinds_cover_the_events_module() -> None:
    assert "GoujiPlayed" in EVENT_KINDS and "Event" not in EVENT_KINDS
    assert set(NOT_SELF_PLAY) <= set(EVENT_KINDS)
    assert set(EVENT_KINDS) <= set(stat_rows())


def test_event_keys_gouji_battle() -> None:
    C = parse_cards
    evs = [
        E.Led(1, cards=C("KK")),
        E.GoujiPlayed(1, cards=C("KK"), answer=4),
        E.Played(4, cards=C("AA"), over=1),
    ]
    keys = event_keys(evs)
    assert keys["GoujiPlayed/answered"] == 1


def test_stats_table_shapes() -> None:
    res = list(simulate_results("QS", 1, 2, bot="random"))
    s = stats(res)
    assert s.n == 2 and s.deals["DealEnded"] == 2
    text = stats_table({"qingdao-standard": s})
    assert text.splitlines()[1].split()[-1] == "2"
    md = stats_table({"qingdao-standard": s}, markdown=True)
    assert md.startswith("| event | qingdao-standard |")
    assert "Violation" in text and "(not self-play)" in text


def test_simulation_error_carries_the_state() -> None:
    err = SimulationError("stuck", "lead 1 | ...", ())
    assert "lead 1" in str(err) and err.summary.startswith("lead")


# ---------------------------------------------------------------------------- CLI


def test_cli_writes_gjn_and_json(tmp_path: Path) -> None:
    out = tmp_path / "c.gjn"
    r = CliRunner().invoke(
        main, ["simulate", "--profile", "QB", "--seed", "3", "--deals", "2", "-o", str(out)]
    )
    assert r.exit_code == 0, r.output
    m = gj.load(out)
    assert [d.tags["Deal"] for d in m.deals if isinstance(d, gj.Deal)] == ["1", "2"]
    assert m.deals == tuple(simulate("QB", 3, 2))
    js = tmp_path / "c.json"
    r = CliRunner().invoke(
        main, ["simulate", "--profile", "QB", "--seed", "3", "--deals", "1", "-o", str(js)]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(js.read_text("utf-8"))


def test_cli_stdout_and_stats() -> None:
    r = CliRunner().invoke(main, ["simulate", "--deals", "1", "--bot", "random"])
    assert r.exit_code == 0 and r.output.startswith("%GJN 1")
    r = CliRunner().invoke(
        main, ["simulate", "--stats", "--deals", "1", "--profile", "QS", "--markdown"]
    )
    assert r.exit_code == 0
    assert "| GoujiPlayed · 够级 set |" in r.output


@pytest.mark.parametrize(
    "args",
    [
        ["--bot", "alphago"],
        ["--bot", "random,random"],
        ["--profile", "nope"],
        ["--profile", "all"],
    ],
)
def test_cli_errors_exit_2(args: list[str]) -> None:
    r = CliRunner().invoke(main, ["--lang", "en", "simulate", "--deals", "1", *args])
    assert r.exit_code == 2
    assert "Traceback" not in r.output
