"""The bad-input corpus: every malformed record gives its diagnostic, and nothing crashes,
hangs or eats memory.

``tests/malformed/manifest.json`` names each file of the corpus with what is wrong with
it and the diagnostics it must produce: ``reader`` (the syntax codes of
:func:`gojinotation.read`, exactly), ``engine`` (rule ids of the replay's Violation
events) and ``validator`` (its error and warning codes); the engine's and the
validator's findings must include the listed ones, and a file that lists none at all
must give none.  ``tests/malformed/_make.py`` writes the corpus and the manifest.

Every input goes through the reader, the engine replay of every deal it holds, and the
validator, under a time bound and a memory bound that its size justifies (:func:`budget`):
50 MB and 10 s of CPU time, plus 20 bytes and 0.5 µs a byte of input or, where the input is
mostly actions, 400 bytes and 25 µs an action.  An action is a model value (the action and its
:class:`~gojinotation.model.Span`, ~210 bytes, the public API) that a 4-byte ``3:-``
cannot fit in 20 times its size; see ``docs/performance.md``, *Bad input*.  The huge
inputs are built here, not committed (a 10 MB comment, a million passes, 10,000 nested
variations …), and each runs in a child process with a 4 GB address space.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc
from functools import cache
from pathlib import Path

import pytest

import gojinotation as gj
from gojinotation.model import ACTION_TYPES
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.reports.validate import validate_source

HERE = Path(__file__).resolve().parent / "malformed"
MANIFEST: dict[str, dict[str, object]] = json.loads((HERE / "manifest.json").read_text("utf-8"))
SECONDS = 10.0
MB = 1 << 20
#: What one action may cost on top of the bytes (see the module's docstring).
BYTES_PER_ACTION = 400
SECONDS_PER_ACTION = 25e-6
#: What one byte may cost in time: reading is linear, and a 10 MB input (read by the reader
#: and again by the validator) needs a few seconds for its bytes alone.
SECONDS_PER_BYTE = 0.5e-6


def budget(size: int, actions: int) -> tuple[float, int]:
    """The CPU seconds and the bytes (memory peak) an input of ``size`` bytes holding
    ``actions`` actions may take, through the reader, the replay and the validator.

    >>> budget(4_000_000, 1_000_000)
    (37.0, 452428800)
    """
    secs = SECONDS + SECONDS_PER_BYTE * size + SECONDS_PER_ACTION * actions
    return secs, 50 * MB + max(20 * size, BYTES_PER_ACTION * actions)


def count_actions(result: gj.ReadResult) -> int:
    """The actions of every readable deal, variations included."""

    def walk(moves: tuple[object, ...]) -> int:
        n = 0
        for item in moves:
            if isinstance(item, gj.Variation):
                n += walk(item.moves)
            elif isinstance(item, ACTION_TYPES):
                n += 1
        return n

    return sum(walk(d.moves) for d in result.match.deals if isinstance(d, gj.Deal))


def run(data: bytes) -> dict[str, set[str]]:
    """The reader's codes, the replay's violated rule ids and the validator's codes.

    The replay streams (no frame is kept), as a validator or a renderer of a large file
    would."""
    result = gj.read(data)
    engine: set[str] = set()
    for deal in result.match.deals:
        if isinstance(deal, gj.Deal):
            for frame in replay(deal):
                engine.update(e.rule_id for e in frame.events if isinstance(e, E.Violation))
    report = validate_source(data, file="input.gjn")
    validator = {d.code for d in report.diagnostics if d.severity.value in ("error", "warning")}
    return {"reader": {e.code for e in result.errors}, "engine": engine, "validator": validator}


def bounded(data: bytes) -> dict[str, set[str]]:
    """:func:`run` within its :func:`budget`: timed on its own (CPU time), then again
    under ``tracemalloc`` (which slows Python down several times) for the memory peak."""
    t0 = time.process_time()
    found = run(data)
    secs = time.process_time() - t0
    tracemalloc.start()
    try:
        run(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    max_secs, max_bytes = budget(len(data), count_actions(gj.read(data)))
    problems = []
    if secs >= max_secs:
        problems.append(f"{secs:.1f} s (budget {max_secs:.1f} s)")
    if peak >= max_bytes:
        problems.append(f"peak {peak / MB:.1f} MB for {len(data) / MB:.2f} MB of input")
    assert not problems, problems
    return found


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Build the parsers once (Lark's grammar takes a second) before anything is timed."""
    run(b'[Event "x"]\n1:3 {')


def test_corpus_is_large_and_complete() -> None:
    files = {p.name for p in HERE.glob("*.gjn")}
    assert len(MANIFEST) >= 100
    assert files == set(MANIFEST)


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_malformed_input(name: str) -> None:
    entry = MANIFEST[name]
    data = (HERE / name).read_bytes()
    found = run(data)
    assert found["reader"] == set(entry["reader"]), entry["what"]  # type: ignore[call-overload]
    for layer in ("engine", "validator"):
        want = set(entry[layer])  # type: ignore[call-overload]
        assert want <= found[layer], (layer, entry["what"], sorted(found[layer]))
    if not any(entry[k] for k in ("reader", "engine", "validator")):
        assert not any(found.values()), (entry["what"], found)
    bounded(data)


def test_syntax_errors_keep_their_position() -> None:
    """Every syntax error points into the file (line and column within it)."""
    for name, entry in MANIFEST.items():
        if not entry["reader"]:
            continue
        data = (HERE / name).read_bytes()
        lines = data.count(b"\n") + data.count(b"\r") + 1
        for err in gj.read(data).errors:
            assert 1 <= err.line <= lines, (name, err.line, lines)
            assert err.column >= 1, name
            assert err.format("en") and err.format("zh"), name


# ------------------------------------------------------------------------ built here

_SMALL_DEAL = (
    b'[Event "x"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
    b"hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
)


def huge(name: str) -> bytes:
    """The huge inputs (built, never committed)."""
    if name == "comment_10mb":
        return b'[Event "x"]\n{' + b"x" * (10 * MB) + b'}\n[Event "y"]\nhand 1: KK3\n1. 1:3\n'
    if name == "comment_10mb_lark":  # an error after it: the deal goes to Lark
        return b'[Event "x"]\nhand 1: KK3\n1. 1:3 {' + b"x" * (10 * MB) + b"} 7:3\n"
    if name == "comment_escapes_10mb":  # every character escaped, across lines, then Lark
        return (
            b'[Event "x"]\nhand 1: KK3\n1. 1:3 {' + b"\\}\\\\\\{\\\n" * (MB + MB // 4) + b"} 7:3\n"
        )
    if name == "comment_unclosed_10mb":
        return b'[Event "x"]\nhand 1: KK3\n1. 1:3 {' + b"x" * (10 * MB)
    if name == "tag_escapes_4mb":  # a tag value of escapes, then an error: Lark again
        return b'[Event "' + b'\\"\\\\' * MB + b'"]\nhand 1: KK3\n1. 1:3 [%clk 12] 7:3\n'
    if name == "note_escapes_4mb":
        return b'[Event "x"]\nhand 1: KK3\n1. 1:3 [%clk ' + b"\\]\\\\" * MB + b"] 7:3\n"
    if name == "passes_1m":
        return _SMALL_DEAL + b"1. 1:3 " + b"3:- " * 1_000_000 + b"\n"
    if name == "nested_10k":
        return b'[Event "x"]\nhand 1: KK3\n1. 1:3 ' + b"(2:4 " * 10_000 + b")" * 10_000
    if name == "variations_10k":
        return b'[Event "x"]\nhand 1: KK3\n1. 1:3 ' + b"(2:4) " * 10_000 + b"\n"
    if name == "braces_100k":
        return b'[Event "x"]\n' + b"{" * 100_000 + b"}" * 100_000 + b"[" * 100_000
    raise KeyError(name)


#: What each huge input must give: syntax codes (exactly), rule ids the replay must
#: report, validator codes it must report, and the most diagnostics it may list.
HUGE_EXPECT: dict[str, tuple[set[str], set[str], set[str], int]] = {
    "comment_10mb": (set(), set(), set(), 10),
    "comment_10mb_lark": ({"GJN113"}, set(), {"GJN113"}, 10),
    "comment_escapes_10mb": ({"GJN113"}, set(), {"GJN113"}, 10),
    "comment_unclosed_10mb": ({"GJN111"}, set(), {"GJN111"}, 10),
    "tag_escapes_4mb": ({"GJN113"}, set(), {"GJN113"}, 10),
    "note_escapes_4mb": ({"GJN113"}, set(), {"GJN113"}, 10),
    # a million out-of-turn passes: the first 20 in full, then one summary of the rest
    "passes_1m": (set(), {"R-TURN-1"}, {"GJV203"}, 40),
    "nested_10k": ({"GJN117"}, set(), {"GJN117"}, 10),
    "variations_10k": (set(), set(), set(), 40),  # GJV305 warnings summarised too
    "braces_100k": ({"GJN111"}, set(), {"GJN111"}, 10),
}
HUGE = tuple(HUGE_EXPECT)

#: The address space of a bounded child process (:func:`run_bounded`).
CHILD_ADDRESS_SPACE = 4 << 30

#: Set first in every bounded child: its address space and, if given, its CPU seconds.
_LIMITS = r"""
import resource
try:
    resource.setrlimit(resource.RLIMIT_AS, (__AS__, __AS__))
    if __CPU__:
        resource.setrlimit(resource.RLIMIT_CPU, (__CPU__, __CPU__ + 5))
except (ValueError, OSError):
    pass
def peak_rss():
    # This process's own peak (VmHWM, reset at exec).  ru_maxrss is kept across exec on
    # Linux: a child started by a large test process would read the parent's size (e.g.
    # 300 MB late in the suite), which hides any growth below it.
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
"""


def run_bounded(code: str, *, timeout: float = 300, cpu: int = 0) -> str:
    """Run the Python ``code`` in a child process with a 4 GB address space (and at
    most ``cpu`` seconds of CPU time if given, ``timeout`` seconds in all), from the
    repository root with its code first on the path; returns what it printed.  A
    runaway cannot take the machine down.  Also used by ``tests/test_hostile.py``."""
    root = Path(__file__).resolve().parent.parent
    limits = _LIMITS.replace("__AS__", str(CHILD_ADDRESS_SPACE)).replace("__CPU__", str(cpu))
    path = os.pathsep.join([str(root), str(root / "analyzer")])
    proc = subprocess.run(
        [sys.executable, "-c", limits + code],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=root,
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


_CHILD = r"""
import json, resource, sys, time
import gojinotation as gj
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.reports.validate import validate_source
gj.read(b'[Event "x"] 1:3 {')
validate_source(b'[Event "x"] 1:3')
sys.path.insert(0, ROOT)
from tests.test_malformed import count_actions, huge
data = huge(NAME)
out = {"size": len(data)}
def rss():
    return peak_rss()
def read_and_replay():
    t = time.process_time()
    result = gj.read(data)
    out["reader_s"] = time.process_time() - t
    out["reader"] = sorted({e.code for e in result.errors})
    out["actions"] = count_actions(result)
    engine = set()
    t = time.process_time()
    for deal in result.match.deals:
        if isinstance(deal, gj.Deal):
            for f in replay(deal):
                engine.update(e.rule_id for e in f.events if isinstance(e, E.Violation))
    out["replay_s"] = time.process_time() - t
    out["engine"] = sorted(engine)
def validate():
    t = time.process_time()
    report = validate_source(data)
    out["validate_s"] = time.process_time() - t
    out["diagnostics"] = len(report.diagnostics)
    out["validator"] = sorted({d.code for d in report.diagnostics})
    out["counts"] = report.counts()
    out["more"] = max((d.more for d in report.diagnostics), default=0)
    out["text"] = len(report.format("en", explain=True))
base = rss()
try:
    read_and_replay()
    validate()
except MemoryError:
    out["error"] = "MemoryError"
out["rss_growth"] = rss() - base
print(json.dumps(out))
"""


@cache
def run_huge(name: str) -> dict[str, object]:
    """Reader, replay and validator on a huge input in a child process (4 GB address
    space at most, 300 s at most), so that a runaway cannot take the machine down."""
    root = Path(__file__).resolve().parent.parent
    code = _CHILD.replace("NAME", repr(name)).replace("ROOT", repr(str(root)))
    out: dict[str, object] = json.loads(run_bounded(code).strip().splitlines()[-1])
    return out


@pytest.mark.parametrize("name", HUGE)
def test_huge_input(name: str) -> None:
    """Each huge input within its :func:`budget` (CPU time of the three stages; growth of
    the child's largest resident set), with its diagnostics, and a report whose text does
    not grow with the input (long lines are cut around the caret, repeats summarised)."""
    out = run_huge(name)
    assert "error" not in out, out
    size, actions = int(out["size"]), int(out["actions"])  # type: ignore[call-overload]
    max_secs, max_bytes = budget(size, actions)
    secs = out["reader_s"] + out["replay_s"] + out["validate_s"]  # type: ignore[operator]
    assert secs < max_secs, out
    assert out["rss_growth"] < max_bytes, out  # type: ignore[operator]
    codes, rules, vcodes, most = HUGE_EXPECT[name]
    assert set(out["reader"]) == codes, out  # type: ignore[call-overload]
    assert rules <= set(out["engine"]), out  # type: ignore[call-overload]
    assert vcodes <= set(out["validator"]), out  # type: ignore[call-overload]
    assert out["diagnostics"] <= most, out  # type: ignore[operator]
    assert out["text"] < 2_000 * most + 100_000, out  # type: ignore[operator]


def test_repeated_findings_are_summarised() -> None:
    """A million out-of-turn passes give the first 20 in full and one summary that counts
    the rest and names the last; the counts still count every one."""
    out = run_huge("passes_1m")
    counts = out["counts"]
    assert isinstance(counts, dict)
    assert counts["errors"] >= 1_000_000, out
    assert out["more"] == 1_000_000 - 20, out


def test_repeats_past_the_limit_are_one_summary_per_seat_and_kind() -> None:
    """Past REPEAT_LIMIT findings of one code, rule, seat and kind of action, one summary
    stands for the rest: placed at the first left out, naming the last, in the text and
    in JSON; the counts count every finding."""
    from gojinotation_analyzer.reports.validate import REPEAT_LIMIT

    data = _SMALL_DEAL + b"1. 1:3 " + b"3:- " * 50 + b"5:- " * 25 + b"5:44 " * 3 + b"\n"
    # judged as written (read as a terse record, the first 3:- would imply 2:-)
    report = validate_source(data, file="r.gjn", deck_check=False, fill=False)
    turn = [d for d in report.diagnostics if d.code == "GJV203"]
    by_seat: dict[tuple[int | None, str], list[int]] = {}
    for d in turn:
        by_seat.setdefault((d.seat, d.action.split(":")[1]), []).append(d.more)
    assert by_seat[(3, "-")] == [0] * REPEAT_LIMIT + [50 - REPEAT_LIMIT]
    assert by_seat[(5, "-")] == [0] * REPEAT_LIMIT + [25 - REPEAT_LIMIT]
    assert by_seat[(5, "44")] == [0, 0, 0]  # another kind of action: not a repeat
    summary = next(d for d in turn if d.seat == 3 and d.more)
    first = 8 + 4 * REPEAT_LIMIT  # the column of the 21st "3:-"
    assert (summary.line, summary.column) == (10, first)
    assert (summary.last_line, summary.last_column) == (10, 8 + 4 * 49)
    assert f"{50 - REPEAT_LIMIT} more" in summary.en and "从略" in summary.zh
    assert summary.format("en").splitlines()[0].endswith("(deal 1, round 1, seat 3)")
    as_json = report.as_dict()["diagnostics"]
    assert [x["more"] for x in as_json if x["more"]] == [
        {"count": 30, "last": {"line": 10, "column": 8 + 4 * 49}},
        {"count": 5, "last": {"line": 10, "column": 8 + 4 * 50 + 4 * 24}},
    ]
    assert report.counts()["errors"] == len(turn) - 2 + 30 + 5
    assert report.exit_code == 1
