"""Tests of rules.ruleset and rules.profiles (rule ids in test names where apt)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gojinotation.cards import Rank
from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules import profiles as prof
from gojinotation_analyzer.rules.ruleset import (
    PARAMETERS,
    FrozenMap,
    Ruleset,
    RulesetError,
    parse_overrides,
)


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


# --------------------------------------------------------------------------------------
# Profiles (gojinotation_analyzer.rules.profiles)
# --------------------------------------------------------------------------------------


CATALOG_IDS = [
    "qingdao-standard",
    "qingdao-dadian",
    "qingdao-bie3",
    "dasai-5421",
    "tiaozhanbei-2",
    "karamay-jingsai",
    "karamay-leitai",
    "two-table-654321",
    "bie3-activity",
    "fujian1-qingdao",
    "dian-shao-men-luo",
    "fujian2-zaofan",
    "taikai-2014",
    "corp-winter-2014",
    "tongsu",
    "dagang-196",
    "zhilian-qingdao",
    "saizhi-002",
    "trad-003",
    "latest-004",
]


def test_all_catalog_profiles_exist_and_load() -> None:
    assert list(prof.PROFILES) == CATALOG_IDS
    for pid in CATALOG_IDS:
        rs = prof.load_ruleset(pid)
        assert isinstance(rs, Ruleset)
        p = prof.PROFILES[pid]
        assert p.title_en and p.title_zh and p.sources and p.summary_en and p.summary_zh
        assert set(p.table) == set(PARAMETERS)


def test_base_profile_states_or_defaults_everything() -> None:
    base = prof.PROFILES["qingdao-standard"]
    assert base.parent is None
    assert set(base.own) == set(PARAMETERS)
    assert prof.load_ruleset("qingdao-standard") == Ruleset()


def test_every_value_has_a_provenance() -> None:
    for p in prof.PROFILES.values():
        for name, s in p.table.items():
            assert s.provenance in ("stated", "inherited", "default"), (p.id, name)
            if s.provenance == "stated":
                assert s.citation is not None and s.citation.quote, (p.id, name)
                assert s.origin == p.id
            elif s.provenance == "default":
                assert s.note, (p.id, name)
                assert s.origin == p.id
            else:
                assert s.origin in p.ancestors(), (p.id, name)
            if s.disputed:
                assert len(s.disputed) >= 2, (p.id, name)
                assert s.value in [r.value for r in s.disputed], (p.id, name)


def _normalise(text: str) -> str:
    text = re.sub(r"\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü?]+\)", "", text)  # pinyin in 003
    return re.sub(r"[\s“”\"‘’'「」]", "", text)


def test_every_quote_is_in_its_seed_document(seeds: Path) -> None:
    texts = {f: _normalise((seeds / f).read_text("utf-8")) for f in prof.SEED_FILES.values()}
    for p in prof.PROFILES.values():
        for s in p.own.values():
            for c in [s.citation, *(r.citation for r in s.disputed)]:
                if c is None:
                    continue
                pos = 0
                for part in c.quote.split("…"):
                    found = texts[c.file].find(_normalise(part), pos)
                    assert found >= 0, (p.id, s.name, c.tag, c.quote)
                    pos = found


def test_inheritance() -> None:
    ds = prof.PROFILES["dian-shao-men-luo"]
    assert ds.parent == "qingdao-bie3"
    assert ds.ancestors() == ("qingdao-bie3", "qingdao-standard")
    # stated by the parent, not by 000§J
    s = ds.setting("play.three_restriction")
    assert (s.provenance, s.inherited_from, s.value) == ("inherited", "qingdao-bie3", "bie3")
    # stated by the grandparent
    s = ds.setting("deck.variant")
    assert (s.provenance, s.inherited_from) == ("inherited", "qingdao-standard")
    assert s.citation is not None and s.citation.file == prof.SEED_FILES["001"]
    # the leitai rules inherit the Karamay competition rules
    kl = prof.load_ruleset("karamay-leitai")
    assert kl.kaidian.qualifying == "karamay_inclusive" and kl.match.hands_per_game == 4
    assert prof.load_ruleset("zhilian-qingdao").play == Ruleset().play


@pytest.mark.parametrize(
    ("alias", "pid"),
    [
        ("qingdao", "qingdao-standard"),
        ("QS", "qingdao-standard"),
        ("Karamay", "karamay-jingsai"),
        ("leitai", "karamay-leitai"),
        ("004", "latest-004"),
        ("普级", "qingdao-standard"),
        (" taikai-2014 ", "taikai-2014"),
    ],
)
def test_aliases_resolve(alias: str, pid: str) -> None:
    assert prof.resolve_profile_id(alias) == pid
    assert prof.get_profile(alias).id == pid


def test_aliases_are_unique() -> None:
    seen: dict[str, str] = {}
    for p in prof.PROFILES.values():
        for a in (p.id, *p.aliases):
            assert seen.setdefault(a.casefold(), p.id) == p.id, a


def test_unknown_profile_suggests() -> None:
    with pytest.raises(RulesetError) as info:
        prof.load_ruleset("karamay-jinsai")
    assert "karamay-jingsai" in info.value.en and "karamay-jingsai" in info.value.zh
    with pytest.raises(RulesetError):
        prof.get_profile("no-such-thing")


def test_load_ruleset_applies_and_validates_overrides() -> None:
    rs = prof.load_ruleset("latest-004", "cmp.ershayi=two_big_beat_one_big; time.limit_s=20")
    assert rs.cmp.ershayi == "two_big_beat_one_big" and rs.time.limit_s == 20
    assert rs.kaidian.lead4
    with pytest.raises(RulesetError):
        prof.load_ruleset("latest-004", "cmp.ershayi=sometimes")


# Catalog §3.19, matrix A (play and 开点) and matrix B (scoring, lead, reports).
MATRIX: dict[str, dict[str, Any]] = {
    "qingdao-standard": {
        "bie3.enabled": False,
        "kaidian.enabled": False,
        "play.attach_twos": "filler",
        "cmp.ershayi": "off",
        "burn.joker_exempt": "first_and_last",
        "burn.success": "goes_out",
        "score.place": (4, 2, 0, 0, -2, -4),
        "score.chuan3hu": "double",
        "score.positive_only": "off",
        "tribute.mode": "none",
        "geming.mode": "no_power_cards",
        "open.first_method": "draw_count_ccw",
        "open.shangban": "two_same_colour_3",
        "baohu.mode": "on_request_le10",
        "time.limit_s": None,
        "pass.duitou_reentry": True,
    },
    "qingdao-dadian": {
        "bie3.enabled": False,
        "kaidian.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.cutoff": "qingdao_001",
        "kaidian.toke_requirement": "none",
        "kaidian.sanction": "dian_tribute",
        "tribute.mode": "luo",
        "tribute.extra": frozenset({"dian"}),
        "score.place": (4, 2, 0, 0, -2, -4),
    },
    "qingdao-bie3": {
        "bie3.enabled": True,
        "kaidian.enabled": False,
        "play.three_restriction": "bie3",
        "geming.mode": "no3_and_no_power",
        "open.shangban": "none",
        "open.subsequent": "rotate_ccw",
        "baohu.mode": "off",
        "bie3.men_score": "tribute1",
    },
    "dasai-5421": {
        "bie3.enabled": True,
        "kaidian.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.sanction": "plus1_opener",
        "score.place": (5, 4, 2, 2, 1, 1),
    },
    "tiaozhanbei-2": {
        "bie3.enabled": True,
        "kaidian.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.lead4": True,
        "kaidian.cutoff": "toke_and_erke",
        "kaidian.sanction": "minus1",
        "tribute.mode": "none",
        "geming.mode": "forbidden",
        "open.first_method": "high_card_takes_first",
        "baohu.mode": "asking_forbidden",
        "time.limit_s": 30,
    },
    "karamay-jingsai": {
        "bie3.enabled": True,
        "kaidian.qualifying": "karamay_inclusive",
        "kaidian.sanction": "pm1",
        "play.attach_twos": "filler",
        "cmp.ershayi": "off",
        "burn.success": "first_set_stands",
        "score.place": (2, 1, 0, 0, -1, -2),
        "score.chuan3hu": "no_change",
        "score.positive_only": "per_hand",
        "tribute.mode": "none",
        "geming.mode": "forbidden",
        "open.subsequent": "rotate_ccw",
        "baohu.mode": "off",
    },
    "two-table-654321": {
        "bie3.enabled": False,
        "kaidian.enabled": False,
        "play.attach_twos": "filler",
        "burn.joker_exempt": "last_only",
        "score.place": (6, 5, 4, 3, 2, 1),
        "open.first_method": "fixed_seat1",
        "baohu.mode": "on_request_le10",
        "time.limit_s": 15,
        "pass.duitou_reentry": False,
    },
    "bie3-activity": {
        "bie3.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.cutoff": "toke",
        "kaidian.toke_requirement": "must_have_opened",
        "kaidian.sanction": "pm2_pair",
        "play.attach_twos": "power3",
        "cmp.three_twos_beat_dawang": True,
        "score.place": (4, 2, 0, 0, -2, -4),
    },
    "fujian1-qingdao": {
        "burn.killed_by_duitou": "void_continue",
        "score.place": (4, 2, 0, 0, -2, -4),
        "score.chuan3hu": "fixed_8_0",
        "score.positive_only": "per_game",
        "open.first_method": "draw_count_ccw",
        "baohu.mode": "visible_le10",
    },
    "dian-shao-men-luo": {
        "bie3.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.cutoff": "toke_and_erke",
        "kaidian.cutoff_on_own_duitou_out": True,
        "kaidian.sanction": "plus1_opener",
        "play.attach_twos": "filler",
        "cmp.ershayi": "two_big_beat_one_big",
        "burn.jiesao_same_play_only": True,
        "score.place": (5, 4, 3, 2, 1, 0),
        "tribute.mode": "none",
        "open.subsequent": "rotate_cw",
        "baohu.mode": "off",
    },
    "fujian2-zaofan": {"geming.mode": "zaofan_baola", "baohu.mode": "on_request_le10"},
    "taikai-2014": {
        "bie3.enabled": True,
        "score.place": (4, 2, 0, 0, -2, -4),
        "score.chuan3hu": "fixed_8_0",
        "tribute.mode": "none",
        "open.first_method": "flip_first_card_count",
        "open.shangban": "two_same_suit_4",
        "time.limit_s": 60,
    },
    "corp-winter-2014": {
        "bie3.enabled": False,
        "kaidian.enabled": False,
        "play.attach_twos": "filler",
        "score.place": (5, 4, 3, 3, 2, 1),
        "tribute.mode": "none",
        "geming.mode": "forbidden",
        "open.first_method": "high_card_takes_first",
        "open.shangban": "two_same_suit_3",
        "baohu.mode": "on_request_le10",
        "time.limit_s": 15,
        "pass.duitou_reentry": True,
    },
    "tongsu": {"play.attach_twos": "forbidden", "cmp.ershayi": "two_big_beat_one_big"},
    "dagang-196": {
        "play.attach_twos": "filler",
        "play.mixed_big_small": "big_counts_as_small",
        "deck.variant": "196_minus_10x3_10x4",
    },
    "saizhi-002": {
        "kaidian.qualifying": "pure_gouji",
        "kaidian.cutoff": "toke_and_erke",
        "play.attach_twos": "filler",
        "burn.only_3s_left_ok": True,
        "baohu.mode": "duitou_may_ask",
        "time.limit_s": 30,
        "pass.duitou_reentry": True,
    },
    "trad-003": {
        "bie3.enabled": False,
        "kaidian.enabled": False,
        "play.attach_twos": "filler",
        "score.place": (4, 2, 0, 0, -2, -4),
        "score.chuan3hu": "fixed_8_0",
        "score.positive_only": "per_game",
        "geming.mode": "forbidden",
        "open.first_method": "referee_6_high_first",
        "open.shangban": "two_same_suit_3",
        "baohu.mode": "on_request_le10",
        "time.limit_s": 30,
        "pass.duitou_reentry": True,
    },
    "latest-004": {
        "bie3.enabled": True,
        "kaidian.qualifying": "pure_gouji",
        "kaidian.lead4": True,
        "kaidian.cutoff": "toke_and_erke",
        "kaidian.toke_requirement": "fours_played",
        "kaidian.sanction": "tribute_points",
        "play.attach_twos": "filler",
        "cmp.ershayi": "off",
        "burn.joker_exempt": "first_and_last",
        "burn.eligibility": "formula_004",
        "burn.success": "goes_out",
        "score.place": (5, 4, 3, 2, 1, 0),
        "score.chuan3hu": "fixed_9_0",
        "tribute.mode": "points_per_card",
        "geming.mode": "no_power_cards",
        "baohu.mode": "on_request_le10",
        "baohu.off_under_bie3": True,
        "pass.duitou_reentry": True,
    },
}


@pytest.mark.parametrize("pid", list(MATRIX))
def test_summary_matrices(pid: str) -> None:
    rs = prof.load_ruleset(pid)
    for name, expected in MATRIX[pid].items():
        assert rs.get(name) == expected, (pid, name)


def test_zhilian_equals_qingdao_in_play() -> None:
    a, b = prof.load_ruleset("zhilian-qingdao"), prof.load_ruleset("qingdao-standard")
    assert [n for n, _, _ in a.diff(b)] == ["match.games"]


# The contradictions the catalog names must be recorded as disputes.
DISPUTED = [
    ("latest-004", "open.first_method"),
    ("latest-004", "open.shangban"),
    ("latest-004", "burn.killed_by_duitou"),
    ("saizhi-002", "open.shangban"),
    ("saizhi-002", "gouji.thresholds"),
    ("dasai-5421", "score.place"),
    ("dian-shao-men-luo", "open.count_values"),
    ("dian-shao-men-luo", "cmp.ershayi_pass_exempt"),
    ("two-table-654321", "sihu_luanchan"),
    ("taikai-2014", "score.chuan3hu"),
    ("trad-003", "rangpai.allowed"),
    ("dagang-196", "gouji.thresholds"),
    ("qingdao-standard", "penalty.cuopai_buchu"),
]


@pytest.mark.parametrize(("pid", "name"), DISPUTED)
def test_disputes_are_recorded(pid: str, name: str) -> None:
    s = prof.PROFILES[pid].setting(name)
    assert s.is_disputed
    assert any(p == name and note.startswith("disputed") for p, note in prof.open_points(pid))


def test_open_points_and_diff() -> None:
    own = dict(prof.open_points("tiaozhanbei-2", own_only=True))
    assert "score.place" in own and "open:" in own["score.place"]
    everything = dict(prof.open_points("tiaozhanbei-2"))
    assert (
        "koupai.no_duitou" in everything
        and "from qingdao-standard" in everything["koupai.no_duitou"]
    )
    rows = prof.diff("qingdao-standard", "two-table-654321")
    names = [r[0] for r in rows]
    assert "pass.duitou_reentry" in names and "deck.variant" not in names
    row = rows[names.index("pass.duitou_reentry")]
    assert row[1:3] == (True, False)
    assert row[3] is not None and row[4] is not None and row[4].section == "§F 6"
    assert prof.diff("qingdao", "qingdao-standard") == []


def test_every_profile_is_consistent() -> None:
    for pid in prof.PROFILES:
        assert prof.load_ruleset(pid).inconsistencies() == [], pid
