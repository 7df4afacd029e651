"""Tests of analyzer.ruleset: parameters, defaults, overrides (rule ids in names)."""

from __future__ import annotations

import pytest

from analyzer.ruleset import PARAMETERS, FrozenMap, Ruleset, RulesetError, parse_overrides
from gojinotation.cards import Rank
from gojinotation.errors import GoujiError


def test_every_catalog_row_is_present() -> None:
    numbers = {p.catalog_no for p in PARAMETERS.values() if p.catalog_no is not None}
    assert numbers == set(range(1, 96))


def test_attribute_paths_match_dotted_names() -> None:
    rs = Ruleset()
    assert rs.pass_.duitou_reentry is rs.get("pass.duitou_reentry") is True
    assert rs.tribute.return_ == rs.get("tribute.return") == "same_count_small"
    for name, param in PARAMETERS.items():
        assert rs.get(name) == param.default


def test_r_gouji_1_default_thresholds() -> None:
    t = Ruleset().gouji.thresholds
    assert t[Rank.TEN] == 5 and t[Rank.JACK] == 4 and t[Rank.TWO] == 1
    assert Rank.NINE not in t


def test_r_joker_6_override_roundtrip() -> None:
    rs = Ruleset().with_overrides(parse_overrides("cmp.ershayi=two_big_beat_one_big"))
    assert rs.cmp.ershayi == "two_big_beat_one_big"
    assert rs.to_text(only_changed_from=Ruleset()) == "cmp.ershayi=two_big_beat_one_big"


def test_ruleset_is_hashable_and_comparable() -> None:
    assert hash(Ruleset()) == hash(Ruleset())
    assert Ruleset() == Ruleset()
    assert Ruleset().with_overrides({"time.limit_s": 15}) != Ruleset()


def test_bad_value_lists_allowed_values() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset().with_overrides({"burn.joker_exempt": "first_only"})
    assert "first_and_last" in str(info.value) and "last_only" in str(info.value)
    assert isinstance(info.value, GoujiError)
    assert info.value.param == "burn.joker_exempt"
    assert "允许" in info.value.zh


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass.duitou_reentry=off", {"pass.duitou_reentry": False}),
        ("pass_.duitou_reentry=on", {"pass.duitou_reentry": True}),
        ("score.place=4,2,0,0,-2,-4", {"score.place": (4, 2, 0, 0, -2, -4)}),
        ("time.limit_s=none", {"time.limit_s": None}),
        ("score.chuan3hu=fixed(8,0)", {"score.chuan3hu": "fixed_8_0"}),
        ("penalty.violation_points=2,4,DQ", {"penalty.violation_points": (2, 4, "DQ")}),
        ("tribute.extra=dian,shao", {"tribute.extra": frozenset({"dian", "shao"})}),
        ("score.bonus=dian:1,shao:1", {"score.bonus": FrozenMap({"dian": 1, "shao": 1})}),
        (
            "gouji.thresholds=10:5,J:4,Q:3,K:2,A:2",
            {
                "gouji.thresholds": FrozenMap(
                    {Rank.TEN: 5, Rank.JACK: 4, Rank.QUEEN: 3, Rank.KING: 2, Rank.ACE: 2}
                )
            },
        ),
    ],
)
def test_parse_overrides(text: str, expected: dict[str, object]) -> None:
    assert parse_overrides(text) == expected
    Ruleset().with_overrides(expected)


@pytest.mark.parametrize(
    "text",
    [
        "score.place=1,2,3",
        "burn.max_players_out=5",
        "pass.duitou_reentry=maybe",
        "nonsense.x=1",
        "score.bonus.nope=1",
        "gouji.thresholds=Z:1",
        "time.limit_s=-3",
        "=3",
    ],
)
def test_parse_overrides_rejects(text: str) -> None:
    with pytest.raises(RulesetError):
        Ruleset().with_overrides(parse_overrides(text))


def test_typed_overrides_are_validated() -> None:
    with pytest.raises(RulesetError):
        Ruleset().with_overrides({"pass.duitou_reentry": 1})
    with pytest.raises(RulesetError):
        Ruleset().with_overrides({"score.place": (1, 2, 3, 4, 5, True)})
    rs = Ruleset().with_overrides({"buy3.payment_order": ["2", "xiaowang", "大王"]})
    assert rs.buy3.payment_order == ("2", "小王", "大王")


def test_text_roundtrip_of_all_defaults() -> None:
    rs = Ruleset()
    assert Ruleset().with_overrides(parse_overrides(rs.to_text())) == rs


def test_parameter_metadata_complete() -> None:
    for p in PARAMETERS.values():
        assert p.en and p.zh and p.topic.startswith("T") and p.rule_id.startswith("R-")
        if p.added:
            assert p.note.startswith("added")
