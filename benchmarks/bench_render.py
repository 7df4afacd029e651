"""Render time and page size of HTML replays (a script, not a timed test).

Measures ``gouji render``'s pipeline (read, replay every deal, validate, build the view,
render the page) for the bundled six-deal final and for a generated 24-deal match, as
the median of several runs in fresh processes; prints a Markdown table for
``docs/performance.md``.  Then opens both pages in Debian's Chromium with the CPU slowed
down six times (``Emulation.setCPUThrottlingRate``, a phone-class CPU) at 360×740 and
prints when the viewer was ready (the page's ``gjn-ready`` performance mark, set when its
script has drawn the first position), when the page had loaded (``loadEventEnd``: the
table is laid out and painted by then), how long the main thread was busy until then
(CDP ``TaskDuration``), the number of DOM nodes and the time of one step; the issue's
budget is 3 s for the 24-deal match.  These are medians; the machine's load average is
printed with them, since a busy machine slows every one of them (and Chromium's
throttling slices time coarsely, so single runs scatter).  The figure a busy machine does
not move: the renderer main thread's CPU time until ``load``, unthrottled, from a trace
(the sum of its tasks' thread time), and six times it, the phone-class estimate.

    python benchmarks/bench_render.py [--runs 5] [--no-browser] [--browser-only]
    python benchmarks/bench_render.py --before COMMIT [--deals 200] [--runs 3]

``--before COMMIT`` compares ``gouji render`` (the command line, one process, ``--jobs
1``) of a generated match of ``--deals`` deals under this tree and under the older
commit (checked out into a temporary folder), in the same run and alternately: CPU
seconds of the default command (``--profiles all``) and of ``--profiles none``, the peak
resident size (VmHWM), and the memory per deal (the peak's growth from a tenth of the
deals to all of them); the ratios are what a busy machine moves least.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = r"""
import sys, time, json
sys.path.insert(0, {root!r})
t0 = time.perf_counter()
from pathlib import Path
import gojinotation as gj
from gojinotation_analyzer.cli.render import build_view
from gojinotation_analyzer.publish.render import render_match
t1 = time.perf_counter()
raw = Path({path!r}).read_bytes()
match = gj.read(raw).match
view = build_view(match)
t2 = time.perf_counter()
html = render_match(view, "zh", source=raw, source_name="x.gjn")
t3 = time.perf_counter()
html2 = render_match(view, "zh", source=raw, source_name="x.gjn")
t4 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "view": t2 - t1, "render": t3 - t2,
                  "render_warm": t4 - t3, "bytes": len(html.encode())}}))
"""


def measure(path: Path, runs: int) -> dict[str, float]:
    samples = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", CHILD.format(root=str(ROOT), path=str(path))],
            capture_output=True,
            text=True,
            check=True,
        )
        samples.append(json.loads(out.stdout))
    return {k: statistics.median(s[k] for s in samples) for k in samples[0]}


def generated_match(deals: int) -> Path:
    import gojinotation as gj
    from gojinotation import model as m
    from gojinotation_analyzer.simulation.simulate import simulate

    match = m.Match(tuple(simulate("qingdao-standard", 24, deals, match=True)), 1)
    path = Path(tempfile.mkdtemp()) / f"match-{deals}.gjn"
    path.write_text(gj.dumps(match), encoding="utf-8")
    return path


def browser_open(path: Path, runs: int, rate: float = 6.0) -> dict[str, float]:
    """Median load time and step time of the page rendered from ``path`` in Chromium with
    the CPU throttled ``rate`` times, on a phone-sized screen."""
    from playwright.sync_api import sync_playwright

    import gojinotation as gj
    from gojinotation_analyzer.cli.render import build_view
    from gojinotation_analyzer.publish.render import render_match

    raw = path.read_bytes()
    page_path = Path(tempfile.mkdtemp()) / (path.stem + ".html")
    page_path.write_text(render_match(build_view(gj.read(raw).match), "zh", source=raw))
    loads: list[float] = []
    ready: list[float] = []
    busy: list[float] = []
    nodes: list[float] = []
    steps: list[float] = []
    cpu: list[float] = []
    trace = page_path.with_suffix(".trace.json")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
        )
        for _ in range(runs):
            ctx = browser.new_context(
                viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
            )
            page = ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            cdp.send("Performance.enable")
            page.goto(page_path.as_uri(), wait_until="load")
            loads.append(
                page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
            )
            ready.append(
                page.evaluate(
                    "(performance.getEntriesByName('gjn-ready')[0] || {startTime: NaN}).startTime"
                )
            )
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            busy.append(metrics.get("TaskDuration", 0.0) * 1000)
            nodes.append(metrics.get("Nodes", 0.0))
            steps.append(
                page.evaluate(
                    "() => { const b = document.querySelector('[data-act=next]');"
                    " const t = performance.now(); for (let i = 0; i < 20; i++) b.click();"
                    " return (performance.now() - t) / 20; }"
                )
            )
            ctx.close()
            ctx = browser.new_context(
                viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
            )
            page = ctx.new_page()
            browser.start_tracing(
                page=page,
                path=str(trace),
                categories=["devtools.timeline", "disabled-by-default-devtools.timeline"],
            )
            page.goto(page_path.as_uri(), wait_until="load")
            browser.stop_tracing()
            ctx.close()
            cpu.append(main_thread_cpu(json.loads(trace.read_text(encoding="utf-8"))))
        browser.close()
    return {
        "ready": statistics.median(ready),
        "load": statistics.median(loads),
        "busy": statistics.median(busy),
        "nodes": statistics.median(nodes),
        "step": statistics.median(steps),
        "cpu": statistics.median(cpu),
    }


def main_thread_cpu(trace: dict[str, Any] | list[dict[str, Any]]) -> float:
    """Milliseconds of thread (CPU) time of the renderer main threads' tasks in a trace."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    micros = sum(
        float(e.get("tdur", 0))
        for e in events
        if e.get("name") == "RunTask"
        and (e.get("pid"), e.get("tid")) in main
        and e.get("ph") == "X"
    )
    return micros / 1000


CLI_CHILD = r"""
import contextlib, json, os, resource, sys
from gojinotation_analyzer.cli.main import main
with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
    try:
        main(ARGS, standalone_mode=False)
    except SystemExit:
        pass
use = resource.getrusage(resource.RUSAGE_SELF)
peak = 0
with open("/proc/self/status", encoding="ascii") as f:
    for line in f:
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) * 1024
print(json.dumps({"cpu": use.ru_utime + use.ru_stime, "peak": peak}))
"""


def cli_run(tree: Path, args: list[str]) -> dict[str, float]:
    """``gouji ARGS`` under the code of ``tree`` in a fresh process: CPU seconds, peak."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), str(tree / "analyzer")])}
    out = subprocess.run(
        [sys.executable, "-c", CLI_CHILD.replace("ARGS", repr(args))],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tree,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def before_after(commit: str, deals: int, runs: int) -> None:
    """The table of ``--before``: this tree against ``commit``, alternately, medians."""
    old = Path(tempfile.mkdtemp()) / "before"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), commit],
        check=True,
    )
    try:
        big, small = generated_match(deals), generated_match(max(deals // 10, 2))
        out = Path(tempfile.mkdtemp())
        rows: dict[str, dict[str, list[float]]] = {"before": {}, "now": {}}
        for _ in range(runs):
            for label, tree in (("before", old), ("now", ROOT)):
                r = rows[label]
                for key, args in (
                    ("all", ["render", "--jobs", "1", str(big), "-o", str(out / label)]),
                    ("none", ["render", "--jobs", "1", "--profiles", "none", str(big),
                              "-o", str(out / label)]),
                    ("small", ["render", "--jobs", "1", "--profiles", "none", str(small),
                               "-o", str(out / label)]),
                ):  # fmt: skip
                    got = cli_run(tree, args)
                    r.setdefault(key, []).append(got["cpu"])
                    r.setdefault(key + "_peak", []).append(got["peak"])
        med = {k: {n: statistics.median(v) for n, v in r.items()} for k, r in rows.items()}
        n_small = max(deals // 10, 2)
        print(f"load average {os.getloadavg()[0]:.1f}; {deals}-deal match; median of {runs}\n")
        print("| | before | now | before / now |")
        print("|---|---:|---:|---:|")
        for key, name in (
            ("all", "CPU, default (`--profiles all`)"),
            ("none", "CPU, `--profiles none`"),
        ):
            b, n = med["before"][key], med["now"][key]
            print(f"| {name} | {b:.2f} s | {n:.2f} s | {b / n:.2f}× |")
        b, n = med["before"]["all_peak"], med["now"]["all_peak"]
        print(f"| peak memory, default | {b / 1e6:.0f} MB | {n / 1e6:.0f} MB | {b / n:.2f}× |")
        per = {k: (med[k]["none_peak"] - med[k]["small_peak"]) / (deals - n_small) for k in med}
        print(
            f"| memory per deal ({n_small} → {deals} deals) | {per['before'] / 1e3:.0f} KB "
            f"| {per['now'] / 1e3:.0f} KB | {per['before'] / max(per['now'], 1):.1f}× |"
        )
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", metavar="COMMIT", help="compare gouji render with COMMIT")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--browser-only", action="store_true")
    args = ap.parse_args()
    if args.before:
        before_after(args.before, args.deals, args.runs)
        return
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    print(f"machine: {cpu}; Python {platform.python_version()}; median of {args.runs} runs\n")
    records = (
        ("samples/final-2026.gjn", ROOT / "samples" / "final-2026.gjn", 6),
        ("generated 24-deal match", generated_match(24), 24),
    )
    head = "| record | deals | page size | read+replay+validate+view | render | render (warm) |"
    if not args.browser_only:
        print(head)
        print("|---|---|---|---|---|---|")
    for label, path, deals in records if not args.browser_only else ():
        r = measure(path, args.runs)
        print(
            f"| {label} | {deals} | {r['bytes'] / 1024:.0f} KB | {r['view']:.2f} s "
            f"| {r['render']:.2f} s | {r['render_warm']:.2f} s |"
        )
    if args.no_browser:
        return
    print("\nChromium, 360×740: CPU throttled 6× (median of runs), and main-thread CPU\n")
    print(
        "| record | viewer ready | page loaded (table drawn) | main thread busy | DOM nodes "
        "| one step | load average | main-thread CPU to load (×6) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for label, path, _ in records:
        b = browser_open(path, args.runs)
        print(
            f"| {label} | {b['ready'] / 1000:.2f} s | {b['load'] / 1000:.2f} s "
            f"| {b['busy'] / 1000:.2f} s | {b['nodes']:.0f} | {b['step']:.0f} ms "
            f"| {os.getloadavg()[0]:.1f} | {b['cpu']:.0f} ms ({b['cpu'] * 6 / 1000:.2f} s) |"
        )


if __name__ == "__main__":
    main()
