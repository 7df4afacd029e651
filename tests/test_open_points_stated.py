"""Issue #11, done means: "for every topic, a record where the profile's own source decides
and checks there is no dispute".

:mod:`test_open_points_matrix` holds, for every open point, a record where it decides (a
Dispute under a profile that leaves it open).  Here the same record is replayed under every
shipped profile whose own document states the point (a setting with a citation, neither a
default nor disputed there): the profile's source decides, so the verdict is flat -- no
Dispute on that point.  A point that no profile states is listed in :data:`OPEN_EVERYWHERE`
(each with why), and a stated value that leaves a sub-case open in :data:`SUBCASE_OPEN`.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_engine_util import of, play
from test_open_points_matrix import CASE_RULES, CASES, CASES_B

from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules.profiles import PROFILES

#: param -> (profile the record was built for, the record's other [Rules], hands, moves)
RECORDS: dict[str, tuple[str, str, dict[int, str], str]] = {
    **{k: (v[0], "", v[1], v[2]) for k, v in CASES.items()},
    **{k: (v[0], v[4], v[1], v[2]) for k, v in CASE_RULES.items()},
    **{k: (v[0], v[1], v[2], v[3]) for k, v in CASES_B.items()},
}

#: Open points that no shipped profile's document states: every profile rules them by a
#: default (their records are settled only by a record's ``[Rules]``, which the matrix
#: checks).
OPEN_EVERYWHERE: dict[str, str] = {
    "cmp.ershayi_pass_exempt": "000§J 第九条 二杀一不记过牌, the only text, reads two ways",
    "cmp.pure_joker_sets": "no document compares two sets of jokers only (DD over XX)",
    "gousiji.window": "003(14) grants the 够死级 chance; no text says how long it lasts",
    "koupai.no_duitou": "no document says who closes when the set's owner's 对头 is out",
    "play.pure_joker_mixed": "no document says whether DX alone is one set",
    "time.timeout_is_pass": "a timeout is a pass (000§C, 000§F, 003); a leader's is not ruled",
}

#: (param, stated value) -> why a Dispute remains although a profile states the point: the
#: stated value rules one case and leaves the record's case open.
SUBCASE_OPEN: dict[tuple[str, str], str] = {
    ("buy3.no3_result", "geming"): (
        "001d (二) lets a seat with no 3 革命; for a seat that does not, no result is stated"
    ),
}


def _stating(param: str) -> list[str]:
    out = []
    for name, prof in PROFILES.items():
        s: Any = prof.setting(param)
        if s is not None and not (s.open or s.is_disputed) and s.citation is not None:
            out.append(name)
    return out


def test_every_open_point_is_stated_somewhere_or_listed() -> None:
    nobody = sorted(p for p in RECORDS if not _stating(p))
    assert nobody == sorted(OPEN_EVERYWHERE)
    assert set(OPEN_EVERYWHERE) <= set(RECORDS)


@pytest.mark.parametrize("param", sorted(set(RECORDS) - set(OPEN_EVERYWHERE)))
def test_a_profile_that_states_the_point_rules_its_record_flat(param: str) -> None:
    _, rules, hands, moves = RECORDS[param]
    checked = 0
    for profile in _stating(param):
        frames = play(hands, moves, profile=profile, rules=rules)
        disputes = [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute)]
        on_param = [d for d in disputes if d.param == param]
        why = SUBCASE_OPEN.get((param, str(PROFILES[profile].setting(param).value)))
        if why is not None:
            assert on_param, f"{profile}: {why} -- no longer disputed?"
            continue
        assert on_param == [], (
            f"{profile} states {param} ({PROFILES[profile].setting(param).citation})"
        )
        checked += 1
    assert checked >= 1
