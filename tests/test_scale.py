"""Speed and scale (issue #16): ``gouji validate`` streams deal by deal with flat memory,
and ``--jobs N`` gives the output of ``--jobs 1``, chunk boundaries included (the R-OPEN-1
leader check across deals needs the deal before each chunk)."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from gojinotation.reader import deal_texts, iter_read
from gojinotation_analyzer.cli.main import main
from gojinotation_analyzer.reports.batch import plan_tasks, run_task, validate_texts
from gojinotation_analyzer.reports.validate import validate_source
from tests.test_malformed import run_bounded

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(str(p) for p in (ROOT / "samples").glob("*.gjn"))


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs`` and ``--dask`` on small files, in chunks of three deals, so that the
    tests go through the processes and cross chunk boundaries."""
    from gojinotation_analyzer.cli import validate
    from gojinotation_analyzer.reports import batch

    monkeypatch.setattr(validate, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(batch, "DEALS_PER_TASK", 3)


def _run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["--lang", "en", *args])
    return r.exit_code, r.output


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 12-deal simulated match whose ``[Leader]`` tags are wrong in deals 2, 4, 5 and
    9: GJV216 findings that only the deal before can tell."""
    out = tmp_path_factory.mktemp("scale") / "match.gjn"
    code, text = _run("simulate", "--match", "--deals", "12", "--seed", "5", "-o", str(out))
    assert code == 0, text
    n = 0

    def wrong(mt: re.Match[str]) -> str:
        nonlocal n
        n += 1
        seat = int(mt.group(1))
        return f'[Leader "{seat % 6 + 1}"]' if n in (2, 4, 5, 9) else mt.group(0)

    out.write_text(re.sub(r'\[Leader "(\d)"\]', wrong, out.read_text("utf-8")), "utf-8")
    return out


def _findings(results: Iterator[tuple[int, tuple[object, ...], object]]) -> list[object]:
    return [d for _, found, _ in results for d in found]


def test_R_OPEN_1_chunks_give_the_findings_of_one_run(match_file: Path) -> None:
    """Chunks of three deals on two processes, each with the deal before as overlap, find
    what one run over the whole file finds, GJV216 at the chunk boundaries included."""
    whole = validate_source(match_file, file="m.gjn")
    assert sum(d.code == "GJV216" for d in whole.diagnostics) >= 3
    tasks = list(plan_tasks("m.gjn", deal_texts(match_file), deals_per_task=3))
    assert len(tasks) == 4
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(run_task, tasks))
    assert [r.first_index for r in results] == [1, 4, 7, 10]
    assert all(r.exact and r.deals == 3 for r in results)
    chunked = [d for r in results for _, found, _ in r.results for d in found]
    assert chunked == list(whole.diagnostics)
    streamed = _findings(validate_texts(deal_texts(match_file), file="m.gjn"))
    assert streamed == list(whole.diagnostics)


def test_iter_read_texts_keeps_line_numbers(match_file: Path) -> None:
    """A run of deal texts read from the middle of a file has the file's positions."""
    from gojinotation.reader import iter_read_texts

    texts = list(deal_texts(match_file))
    whole = [d for _, _, d in iter_read(match_file)]
    tail = [d for _, _, d in iter_read_texts(texts[5:], filename=str(match_file))]
    assert tail == whole[5:]


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl"])
@pytest.mark.usefixtures("small_chunks")
def test_jobs_output_is_the_output_of_one_job(match_file: Path, fmt: str) -> None:
    files = [*SAMPLES, str(match_file)]
    one = _run("validate", "--format", fmt, "--jobs", "1", *files)
    two = _run("validate", "--format", fmt, "--jobs", "2", *files)
    assert one == two
    assert one[0] == 1  # the wrong leaders are rule errors
    assert "GJV216" in one[1]


def test_jsonl_one_object_a_finding_and_a_summary(match_file: Path) -> None:
    code, out = _run("validate", "--format", "jsonl", "--jobs", "1", str(match_file))
    lines = [json.loads(x) for x in out.splitlines()]
    doc = json.loads(_run("validate", "--format", "json", str(match_file))[1])
    found = [x for x in lines if x["type"] == "diagnostic"]
    assert [{k: v for k, v in x.items() if k != "type"} for x in found] == doc["files"][0][
        "diagnostics"
    ]
    keys = ("file", "readable", "deals", "counts", "exit_code")
    assert lines[-2] == {"type": "file", **{k: doc["files"][0][k] for k in keys}}
    assert lines[-2]["deals"] == 12
    assert lines[-1]["type"] == "summary"
    assert lines[-1]["summary"] == doc["summary"]
    assert lines[-1]["exit_code"] == doc["exit_code"] == code == 1


_MEMORY_CHILD = r"""
import contextlib, os, resource
from gojinotation_analyzer.cli.main import main
def rss():
    return peak_rss()
def validate(path):
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        main(["--lang", "en", "validate", "--jobs", "1", "--format", "jsonl", path],
             standalone_mode=False)
validate(SMALL)
base = rss()
validate(BIG)
print(rss() - base)
"""


def test_validate_memory_is_flat_as_the_deals_grow(match_file: Path, tmp_path: Path) -> None:
    """Validating 360 deals needs no more memory than validating 36 (within 8 MB):
    one deal, its lines and the counters are held, not the file, its lines or findings
    (the validator that read whole files held ~53 KB a deal: ~17 MB more here)."""
    version, body = match_file.read_text("utf-8").split("\n", 1)
    assert version.startswith("%GJN")  # written once: repeated, it would break the deals
    small, big = tmp_path / "small.gjn", tmp_path / "big.gjn"
    small.write_text(version + "\n" + body * 3, "utf-8")
    big.write_text(version + "\n" + body * 30, "utf-8")
    code = _MEMORY_CHILD.replace("SMALL", repr(str(small))).replace("BIG", repr(str(big)))
    growth = int(run_bounded(code, timeout=900).split()[-1])
    assert growth < 8 << 20, f"validate grew by {growth / 1e6:.1f} MB for 10x the deals"


def test_validate_memory_is_flat_with_an_illegal_set_in_every_deal(tmp_path: Path) -> None:
    """Validating 720 deals, each with an illegal set (R-SET-1), needs no more memory than
    validating 36 (within 32 MB).  The engine caches a set's shape, an illegal one as its
    ``IllegalSet``; raising that cached exception again chained every raise's traceback
    onto it, and with it every frame and deal state: ~190 KB a deal here (130 MB more)."""
    text = (ROOT / "samples" / "qingdao-standard-full.gjn").read_text("utf-8")
    version, body = text.split("\n", 1)
    assert "1. 2:4444 3:7777" in body
    body = "\n" + body.replace("1. 2:4444 3:7777", "1. 2:45 2:4444 3:7777", 1)
    small, big = tmp_path / "small.gjn", tmp_path / "big.gjn"
    small.write_text(version + body * 36, "utf-8")
    big.write_text(version + body * 720, "utf-8")
    code = _MEMORY_CHILD.replace("SMALL", repr(str(small))).replace("BIG", repr(str(big)))
    code += "from gojinotation.reader import iter_deals\n"
    code += "print(sum(1 for d in iter_deals(open(BIG, encoding='utf-8').read())))\n".replace(
        "BIG", repr(str(big))
    )
    *_, growth, deals = run_bounded(code, timeout=900).split()
    assert int(deals) == 720  # every copy a deal (a repeated %GJN line would break them)
    assert int(growth) < 32 << 20, f"validate grew by {int(growth) / 1e6:.1f} MB for 20x the deals"


@pytest.mark.usefixtures("small_chunks")
def test_dask_local_cluster_gives_the_output_of_one_job(match_file: Path) -> None:
    """``--dask local`` (a ``LocalCluster`` of two worker processes, ``dask.bag`` over the
    chunks) prints what ``--jobs 1`` prints, in every format."""
    pytest.importorskip("dask.bag")
    pytest.importorskip("distributed")
    files = [*SAMPLES, str(match_file)]
    for fmt in ("text", "jsonl"):
        one = _run("validate", "--format", fmt, "--jobs", "1", *files)
        on_dask = _run("validate", "--format", fmt, "--dask", "local", "--jobs", "2", *files)
        assert on_dask == one
        assert "GJV216" in one[1]


def test_dask_chunks_on_a_cluster_match_one_run(match_file: Path) -> None:
    """The chunks of three deals computed by ``dask.bag`` on a threaded ``LocalCluster``
    find what one run finds."""
    pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    from gojinotation_analyzer.reports.batch import DaskWindows

    whole = validate_source(match_file, file="m.gjn")
    with (
        distributed.LocalCluster(processes=False, n_workers=1, dashboard_address=None) as c,
        distributed.Client(c) as client,
    ):
        windows = DaskWindows(client)
        handles = [
            windows.submit(t) for t in plan_tasks("m.gjn", deal_texts(match_file), deals_per_task=3)
        ]
        results = [h.result() for h in handles]
    assert [r.first_index for r in results] == [1, 4, 7, 10]
    assert [d for r in results for _, found, _ in r.results for d in found] == list(
        whole.diagnostics
    )


@pytest.mark.parametrize("fault", ["numbered", "no_overlap"])
@pytest.mark.usefixtures("small_chunks")
def test_chunks_taken_again_give_the_output_of_one_job(
    match_file: Path, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    """A chunk the planner numbered wrong is validated again by the parent, and a chunk
    whose overlap holds no deal makes the parent validate the rest of the file: with
    ``--jobs 2`` and on Dask (whose summary counts, folded on the cluster, then leave out
    the results not used) the output is still that of ``--jobs 1``."""
    import attrs

    from gojinotation_analyzer.reports import batch

    one = _run("validate", "--format", "jsonl", "--jobs", "1", str(match_file), *SAMPLES[:2])
    planned = batch.plan_tasks

    def faulty(*args: object, **kwargs: object) -> Iterator[batch.Task]:
        for task in planned(*args, **kwargs):  # type: ignore[arg-type]
            if task.first_index > 1 and fault == "numbered":
                task = attrs.evolve(task, first_index=task.first_index + 1)
            elif task.first_index == 7 and task.prev is not None:
                task = attrs.evolve(task, prev=(task.prev[0], "\n"))
            yield task

    monkeypatch.setattr(batch, "plan_tasks", faulty)
    runs = [("--jobs", "2")]
    if importlib.util.find_spec("distributed") and importlib.util.find_spec("dask"):
        runs.append(("--dask", "local", "--jobs", "2"))
    for how in runs:
        assert _run("validate", "--format", "jsonl", *how, str(match_file), *SAMPLES[:2]) == one
    assert '"GJV216"' in one[1]


def test_dask_foldby_counts_equal_the_counted_ones(match_file: Path) -> None:
    """The summary counts folded on a cluster (``foldby`` by input and count key over the
    chunks' counts) equal those counted finding by finding in one run, file by file (two
    inputs of the same name kept apart), and the chunks' text is the JSON lines of the
    findings of one run."""
    pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    import functools

    from gojinotation_analyzer.reports.batch import (
        DaskWindows,
        FormattedChunk,
        Formatting,
        run_formatted,
    )
    from gojinotation_analyzer.reports.report import COUNT_KEYS, Tally

    files = [match_file, Path(SAMPLES[0]), match_file]
    run = functools.partial(run_formatted, formatting=Formatting("jsonl"))
    with (
        distributed.LocalCluster(processes=False, n_workers=2, dashboard_address=None) as c,
        distributed.Client(c) as client,
    ):
        windows = DaskWindows(client, run, size=2)
        handles = [
            windows.submit(task)
            for source, path in enumerate(files)
            for task in plan_tasks("m.gjn", deal_texts(path), deals_per_task=3, source=source)
        ]
        chunks: list[FormattedChunk] = [h.result() for h in handles]
    assert len(chunks) > 4 and all(c.exact for c in chunks)
    folds = {}
    for source, path in enumerate(files):
        whole = validate_source(path, file="m.gjn")
        counted = Tally("m.gjn")
        for d in whole.diagnostics:
            counted.add(d)
        mine = [c for c in chunks if c.source == source]
        summed = {k: sum(c.counts[i] for c in mine) for i, k in enumerate(COUNT_KEYS)}
        folded = folds[source] = windows.take_counts(source)
        assert folded == summed == counted.counts() == whole.counts()
        lines = [json.loads(x) for c in mine for x in c.text.splitlines()]
        assert [x["code"] for x in lines] == [d.code for d in whole.diagnostics]
    assert sum(windows.take_counts(0).values()) == 0  # taken: nothing left
    assert folds[0] == folds[2] and folds[0]["errors"] >= 3  # the wrong leaders (GJV216)


def test_help_imports_no_engine_reports_or_publish() -> None:
    """``gouji --help`` lists the commands from the catalogue without importing them, so
    none of the engine, reports, publish or simulation layers is loaded."""
    code = (
        "import sys\n"
        "from gojinotation_analyzer.cli.main import main\n"
        "main(['--lang', 'en', '--help'], standalone_mode=False)\n"
        "print('MODULES', *sorted(m for m in sys.modules if m.startswith('gojinotation_')))\n"
    )
    out = run_bounded(code)
    modules = out.split("MODULES", 1)[1].split()
    assert "gojinotation_analyzer.cli.main" in modules
    for layer in ("engine", "reports", "publish", "simulation"):
        assert not [m for m in modules if m.startswith(f"gojinotation_analyzer.{layer}")], layer
    for name in ("convert", "fmt", "render", "rules", "show", "simulate", "validate"):
        assert f"\n  {name} " in out


def test_fmt_check_reads_a_canonical_file_deal_by_deal(
    match_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fmt --check`` reads a file deal by deal, canonical or not (a loose layout, a BOM):
    the whole path (``cli.fmt._fmt_whole``) is never taken; the answers are as before."""
    from gojinotation_analyzer.cli import fmt as fmt_module

    def no_whole(*args: object, **kwargs: object) -> str:
        raise AssertionError("read whole")

    canonical = tmp_path / "canonical.gjn"
    canonical.write_text(match_file.read_text("utf-8"), "utf-8")
    assert _run("fmt", str(canonical))[0] == 0  # now canonical, whatever it was
    monkeypatch.setattr(fmt_module, "_fmt_whole", no_whole)
    assert _run("fmt", "--check", str(canonical)) == (0, "")
    loose = tmp_path / "loose.gjn"
    loose.write_text(canonical.read_text("utf-8").replace("1:", "1: ", 1), "utf-8")
    bom = tmp_path / "bom.gjn"
    bom.write_text("\ufeff" + canonical.read_text("utf-8"), "utf-8")
    for path in (loose, bom):
        code, out = _run("fmt", "--check", str(path))
        assert code == 1
        assert path.name in out


def test_render_jobs_writes_the_pages_of_one_job(match_file: Path, tmp_path: Path) -> None:
    """``render --jobs 2`` writes byte for byte the pages and index of ``--jobs 1``."""
    files = [*SAMPLES[:3], str(match_file)]
    one, two = tmp_path / "one", tmp_path / "two"
    code1, out1 = _run("render", "--jobs", "1", "--profiles", "none", *files, "-o", str(one))
    code2, out2 = _run("render", "--jobs", "2", "--profiles", "none", *files, "-o", str(two))
    assert (code1, out1.replace(str(one), "OUT")) == (code2, out2.replace(str(two), "OUT"))
    pages = sorted(p.name for p in one.iterdir())
    assert "index.html" in pages and len(pages) == len(files) + 1
    assert pages == sorted(p.name for p in two.iterdir())
    for name in pages:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
