"""The bundled samples: readable, canonical, legal under their declared profile, and the
result their tags state is the result the replay gives (issues GJN v1 and the engine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import gojinotation as gj
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.reports.validate import parse_finish, parse_score, validate_source

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.gjn"))


def test_there_are_the_six_required_samples() -> None:
    names = {p.name for p in SAMPLES}
    assert {
        "qingdao-standard-full.gjn",
        "final-2026.gjn",
        "burn.gjn",
        "bie3.gjn",
        "partial-unknown.gjn",
        "irregular-ruling.gjn",
    } <= names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_is_canonical_and_round_trips(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    match = gj.loads(text, filename=str(path))
    assert gj.dumps(match) == text
    assert gj.loads(gj.dumps(match)) == match


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_validates_without_errors(path: Path) -> None:
    report = validate_source(path)
    errors = [d for d in report.diagnostics if d.severity.value == "error"]
    assert errors == []
    assert report.exit_code == 0
    assert not [d for d in report.diagnostics if d.rule_id == "R-RECORD-1"]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_replays_to_the_written_finish_and_score(path: Path) -> None:
    match = gj.load(path)
    for deal in match.deals:
        assert isinstance(deal, gj.Deal)
        ended = [e for f in replay(deal) for e in f.events if isinstance(e, E.DealEnded)]
        assert len(ended) == 1
        end = ended[0]
        finish = parse_finish(deal.tags["Finish"])
        assert finish == tuple(sorted(end.places, key=end.places.__getitem__))
        assert end.score is not None
        assert parse_score(deal.tags["Score"]) == (
            end.score.team_points["A"],
            end.score.team_points["B"],
        )


def test_samples_have_the_features_their_names_promise() -> None:
    def events(name: str) -> list[E.Event]:
        match = gj.load(ROOT / "samples" / name)
        return [
            e for d in match.deals if isinstance(d, gj.Deal) for f in replay(d) for e in f.events
        ]

    assert any(isinstance(e, E.BurnSucceeded) for e in events("burn.gjn"))
    bie3 = events("bie3.gjn")
    assert any(isinstance(e, E.Men) for e in bie3)
    assert any(isinstance(e, E.Bought) for e in bie3)
    assert any(isinstance(e, E.Notice) for e in events("irregular-ruling.gjn"))
    final = gj.load(ROOT / "samples" / "final-2026.gjn")
    assert len(final.deals) == 6
    first = final.deals[0]
    assert isinstance(first, gj.Deal)
    assert any(isinstance(i, gj.Variation) for i in first.moves)
    assert any(a.glyphs for d in final.deals if isinstance(d, gj.Deal) for a in d.actions())
    partial = gj.load(ROOT / "samples" / "partial-unknown.gjn").deals[0]
    assert isinstance(partial, gj.Deal)
    hands = [h for h in partial.hands if isinstance(h, gj.Hand)]
    assert any(h.cards is None for h in hands)
    assert any(h.cards and any(c.is_unknown for c in h.cards) for h in hands)
    full = gj.load(ROOT / "samples" / "qingdao-standard-full.gjn").deals[0]
    assert isinstance(full, gj.Deal)
    assert sum(len(h.cards or ()) for h in full.hands if isinstance(h, gj.Hand)) == 216


def test_sample_builder_is_deterministic(tmp_path: Path) -> None:
    """Rebuilding the samples gives the committed bytes (the seeds fix every deal)."""
    r = subprocess.run(
        [sys.executable, str(ROOT / "samples" / "build_samples.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    built = {p.name: p.read_bytes() for p in tmp_path.glob("*.gjn")}
    assert built == {p.name: p.read_bytes() for p in SAMPLES}
