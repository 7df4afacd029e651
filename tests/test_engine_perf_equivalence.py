"""A differential safety net for engine optimisations: replaying a fixed set of deals
must give, frame by frame, the same events and states as when the golden file was made.

The deals are simulated games over several profiles (some as matches, with tribute; some
played by the random bot) plus the bundled samples.  The simulated records are stored
in ``tests/fixtures/engine_golden_deals.gjn`` so the check does not depend on the bots;
``tests/fixtures/engine_golden.json`` holds, per deal, one short digest per frame of the
frame's events (kind, seat, rule id, English and Chinese text) and of the state after it
(its summary and every field), plus a digest of the legal actions at every fifth frame.

These are **change detectors** (marker ``change_detector``): a mismatch says that a replay
changed, not which replay is right; whether a ruling is right is judged by the reasoned
tests named after rule ids (``test_R_...``), which every rule id has (see
``tests/test_rulebook.py``).  Select or leave them out with ``-m change_detector`` /
``-m "not change_detector"``.

Regenerate (only when a behaviour change is intended, each change with its reasoned test)::

    python tests/test_engine_perf_equivalence.py --regen
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gojinotation as gj  # noqa: E402
from gojinotation_analyzer.engine import legal_actions, replay  # noqa: E402
from gojinotation_analyzer.engine.state import DealState, Frame  # noqa: E402

pytestmark = pytest.mark.change_detector

FIXTURES = ROOT / "tests" / "fixtures"
DEALS_FILE = FIXTURES / "engine_golden_deals.gjn"
GOLDEN_FILE = FIXTURES / "engine_golden.json"

#: (profile, seed, deals, bot, match) of the simulated deals: 30 deals in all.
PLAN: tuple[tuple[str, int, int, str, bool], ...] = (
    ("qingdao-standard", 11, 5, "heuristic", False),
    ("qingdao-dadian", 12, 3, "heuristic", False),
    ("qingdao-bie3", 13, 3, "heuristic", False),
    ("dasai-5421", 14, 3, "random", False),
    ("karamay-jingsai", 15, 3, "heuristic", True),
    ("tongsu", 16, 3, "random", True),
    ("dian-shao-men-luo", 17, 3, "heuristic", False),
    ("fujian2-zaofan", 18, 3, "random", False),
    ("two-table-654321", 19, 2, "heuristic", False),
    ("taikai-2014", 20, 2, "heuristic", True),
)

_SKIP_FIELDS = frozenset({"rs", "p", "hist", "result"})
#: The state of the GJN 1.1 table events (burn declarations, 开牌, 保拉) and its value
#: before any such event: a field still at it is left out, so that the digests of records
#: without table events stay those of GJN 1; once a record uses them, they are digested.
_TABLE_EVENT_FIELDS: dict[str, object] = {
    "burn_claims": (),
    "claims_top": None,
    "draw_next": 0,
    "draw_done": False,
    "baola": (),
    "liang": (0, 0),
    # issue #11: a seat that would lose a lead under an open penalty.misplay_lose_lead
    "lose_lead_open": 0,
}


def _val(v: Any) -> str:
    slots = getattr(type(v), "__slots__", None)
    if slots and not isinstance(v, tuple):
        return type(v).__name__ + "(" + ",".join(_val(getattr(v, k)) for k in slots) + ")"
    if isinstance(v, tuple):
        return "(" + ",".join(_val(x) for x in v) + ")"
    return repr(v)


def state_text(st: DealState) -> str:
    """Every field of a state (but the ruleset, history and result) and its summary."""
    parts = [st.summary()]
    for k in DealState.__annotations__:
        if k in _SKIP_FIELDS:
            continue
        if k in _TABLE_EVENT_FIELDS and getattr(st, k) == _TABLE_EVENT_FIELDS[k]:
            continue
        parts.append(f"{k}={_val(getattr(st, k))}")
    res = st.result
    parts.append("result=" + (repr(res) if res is None else type(res).__name__))
    parts.append(
        "to_act="
        + ";".join(f"{t.seat}{'*' if t.primary else ''}:{sorted(t.kinds)}" for t in st.to_act)
    )
    return "\n".join(parts)


def frame_text(f: Frame) -> str:
    lines = [f"#{f.index} {f.action!r}"]
    for e in f.events:
        lines.append(f"{e.kind}|{e.seat}|{e.rule}|{e.en}|{e.zh}")
    lines.append(state_text(f.state))
    if f.index % 5 == 0:
        lines.append("legal=" + repr(sorted(repr(a) for a in legal_actions(f.state))))
    return "\n".join(lines)


def digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def deal_digests(deal: gj.Deal) -> list[str]:
    return [digest(frame_text(f)) for f in replay(deal)]


def all_deals() -> list[tuple[str, gj.Deal]]:
    out: list[tuple[str, gj.Deal]] = []
    sim = gj.loads(DEALS_FILE.read_text(encoding="utf-8")).deals
    for i, d in enumerate(sim):
        assert isinstance(d, gj.Deal)
        out.append((f"sim{i}:{d.tags.get('Profile')}", d))
    for path in sorted((ROOT / "samples").glob("*.gjn")):
        for i, d in enumerate(gj.load(path).deals):
            assert isinstance(d, gj.Deal)
            out.append((f"{path.name}:{i}", d))
    return out


def regenerate() -> None:
    from gojinotation_analyzer.simulation.simulate import simulate

    deals: list[gj.Deal] = []
    for profile, seed, n, bot, match in PLAN:
        deals.extend(simulate(profile, seed, n, bot=bot, match=match))
    DEALS_FILE.write_text(gj.dumps(gj.Match(deals=tuple(deals))), encoding="utf-8")
    golden = {name: deal_digests(d) for name, d in all_deals()}
    GOLDEN_FILE.write_text(json.dumps(golden, indent=0) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
    return data


def test_golden_covers_the_deals(golden: dict[str, list[str]]) -> None:
    names = [n for n, _ in all_deals()]
    assert names == list(golden)
    assert sum(1 for n in names if n.startswith("sim")) >= 30


@pytest.mark.parametrize("name, deal", all_deals() if DEALS_FILE.exists() else [])
def test_replay_matches_golden(name: str, deal: gj.Deal, golden: dict[str, list[str]]) -> None:
    want = golden[name]
    frames = list(replay(deal))
    got = [digest(frame_text(f)) for f in frames]
    for i, (g, w) in enumerate(zip(got, want, strict=False)):
        assert g == w, f"{name}: frame {i} differs:\n{frame_text(frames[i])}"
    assert len(got) == len(want)


if __name__ == "__main__":
    if "--regen" in sys.argv[1:]:
        regenerate()
        print(f"wrote {DEALS_FILE} and {GOLDEN_FILE}")
