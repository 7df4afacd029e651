"""Latency and load of ``gouji serve`` on this machine (a script, not a timed test).

Starts ``gouji serve`` in a child process on a loopback port with an event folder of
generated deals (header and hands only), then:

1. **latency**: one recorder enters the first ``--actions`` actions of a deal while one
   spectator follows it by server-sent events (``--stream live``, the default: the stream
   of the spectator's page, the replay viewer's new steps; ``events``: the table's state
   as JSON, the event page's); for each action it measures the time from the request (the
   tap) to the answer (the action is on disk: the server answers only after the atomic
   rewrite and its ``fsync``), and to the spectator's event carrying it;
2. **load**: ``--tables`` tables with ``--spectators`` SSE spectators each, all held open
   by one client process while a recorder per table enters ``--load-actions`` actions;
   counts errors and checks that every spectator saw every table's last action.

Loopback only; every loop is bounded in count and the whole run in time (``--timeout``);
the server is stopped at the end.

    python benchmarks/bench_serve.py [--actions 60] [--tables 30] [--spectators 10] [--pace 1]

``--pace 0`` makes every recorder write back to back (a stress test, not a table's rhythm).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "analyzer")]

import gojinotation as gj  # noqa: E402
from gojinotation import model as m  # noqa: E402
from gojinotation.writer import format_action  # noqa: E402
from gojinotation_analyzer.simulation.simulate import simulate  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _prepare(folder: Path, tables: int) -> dict[str, list[str]]:
    """One generated deal per table, written without its moves; returns the moves."""
    import attrs

    acts: dict[str, list[str]] = {}
    for k, deal in enumerate(simulate("QS", seed=11, deals=tables), 1):
        name = f"t{k:02d}"
        header = tuple(
            t for t in deal.header if not (isinstance(t, m.Tag) and t.name in ("Finish", "Score"))
        )
        text = gj.dumps(gj.Match(deals=(attrs.evolve(deal, header=header, moves=()),)))
        (folder / f"{name}.gjn").write_text(text, encoding="utf-8")
        acts[name] = [format_action(a) for a in deal.actions()]
    return acts


def _start(folder: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])
    proc = subprocess.Popen(
        [sys.executable, "-m", "gojinotation_analyzer", "serve", str(folder), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=2)
            return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def _secrets(folder: Path) -> dict[str, str]:
    data = json.loads((folder / ".serve" / "secrets.json").read_text(encoding="utf-8"))
    return dict(data["tables"])


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _token(base: str, table: str) -> str:
    """The state a spectator's page (the replay viewer) shows, as its live script names it."""
    page = httpx.get(f"{base}/t/{table}", timeout=30).text
    return page.split('"token":"', 1)[1].split('"', 1)[0]


def _stream(base: str, table: str, stream: str, token: str = "") -> str:
    """The spectator's event stream: ``live`` (the page's: the viewer's new steps, from the
    state ``token``) or ``events`` (the table's state as JSON, for the event page)."""
    if stream == "live":
        return f"{base}/api/t/{table}/live?since={token}"
    return f"{base}/api/t/{table}/events"


def _seq(data: str) -> int:
    """The action count a stream's event brings the spectator to."""
    msg = json.loads(data)
    if "seq" in msg:
        return int(msg["seq"])
    if msg.get("reload"):
        raise ValueError("the stream asked the page to reload")
    return int(msg["info"]["seq"])


def latency(
    base: str, table: str, secret: str, acts: list[str], n: int, stream: str = "live"
) -> dict[str, Any]:
    """Tap-to-disk and tap-to-spectator times of ``n`` actions (ms)."""
    seen: dict[int, float] = {}
    ready = threading.Event()
    stop = threading.Event()

    token = _token(base, table) if stream == "live" else ""

    def follow() -> None:
        try:
            with (
                httpx.Client(timeout=None) as c,
                c.stream("GET", _stream(base, table, stream, token)) as r,
            ):
                ready.set()
                for line in r.iter_lines():
                    if stop.is_set():
                        return
                    if line.startswith("data: "):
                        seen.setdefault(_seq(line[6:]), time.perf_counter())
        except httpx.HTTPError:
            return  # the server stops at the end of the run

    th = threading.Thread(target=follow, daemon=True)
    th.start()
    ready.wait(10)
    disk: list[float] = []
    spec: list[float] = []
    seq = 0
    with httpx.Client(timeout=10) as c:
        for text in acts[:n]:
            t0 = time.perf_counter()
            r = c.post(
                f"{base}/api/t/{table}/act",
                json={"seq": seq, "gjn": text},
                headers={"X-Table-Secret": secret},
            )
            t1 = time.perf_counter()
            r.raise_for_status()
            seq = r.json()["seq"]
            disk.append((t1 - t0) * 1000)
            deadline = time.perf_counter() + 5
            while seq not in seen and time.perf_counter() < deadline:
                time.sleep(0.0005)
            if seq in seen:
                spec.append((seen[seq] - t0) * 1000)
    stop.set()
    return {
        "actions": len(disk),
        "disk_median_ms": round(statistics.median(disk), 1),
        "disk_p95_ms": round(_pct(disk, 0.95), 1),
        "disk_max_ms": round(max(disk), 1),
        "spectator_median_ms": round(statistics.median(spec), 1),
        "spectator_p95_ms": round(_pct(spec, 0.95), 1),
        "spectator_max_ms": round(max(spec), 1),
        "spectator_missed": len(disk) - len(spec),
    }


async def load(
    base: str,
    secrets: dict[str, str],
    acts: dict[str, list[str]],
    spectators: int,
    n: int,
    timeout: float,
    pace: float = 0.0,
    stream: str = "live",
) -> dict[str, Any]:
    """``len(secrets)`` tables x ``spectators`` SSE clients while every table is written."""
    limits = httpx.Limits(max_connections=len(secrets) * (spectators + 1) + 10)
    errors: list[str] = []
    writes: list[float] = []
    rng = random.Random(1)
    last: dict[tuple[str, int], int] = {}
    target: dict[str, int] = {}
    connected = 0
    all_connected = asyncio.Event()
    total = len(secrets) * spectators
    tokens = {t: _token(base, t) if stream == "live" else "" for t in secrets}
    async with httpx.AsyncClient(timeout=httpx.Timeout(timeout), limits=limits) as client:

        async def watch(table: str, k: int) -> None:
            nonlocal connected
            try:
                async with client.stream("GET", _stream(base, table, stream, tokens[table])) as r:
                    if r.status_code != 200:
                        errors.append(f"{table}: HTTP {r.status_code}")
                        return
                    connected += 1
                    if connected == total:
                        all_connected.set()
                    async for line in r.aiter_lines():
                        if line.startswith("data: "):
                            last[(table, k)] = _seq(line[6:])
                            if table in target and last[(table, k)] >= target[table]:
                                return
            except (httpx.HTTPError, ValueError) as exc:
                errors.append(f"{table}: {type(exc).__name__}: {exc}")

        async def record(table: str) -> None:
            await all_connected.wait()
            seq = 0
            for text in acts[table][:n]:
                t1 = time.perf_counter()
                try:
                    r = await client.post(
                        f"{base}/api/t/{table}/act",
                        json={"seq": seq, "gjn": text},
                        headers={"X-Table-Secret": secrets[table]},
                    )
                except httpx.HTTPError as exc:
                    errors.append(f"{table}: write {type(exc).__name__}: {exc}")
                    return
                if r.status_code != 200:
                    errors.append(f"{table}: write HTTP {r.status_code}")
                    return
                seq = r.json()["seq"]
                writes.append((time.perf_counter() - t1) * 1000)
                if pace:  # a recorder's rhythm: one tap every `pace` seconds, staggered
                    await asyncio.sleep(pace * (0.5 + rng.random()))
            target[table] = seq

        t0 = time.perf_counter()
        watchers = [asyncio.create_task(watch(t, k)) for t in secrets for k in range(spectators)]
        recorders = [asyncio.create_task(record(t)) for t in secrets]
        try:
            await asyncio.wait_for(asyncio.gather(*recorders), timeout)
            deadline = time.perf_counter() + 20
            while time.perf_counter() < deadline and not all(
                last.get((t, k), -1) >= target.get(t, 10**9)
                for t in secrets
                for k in range(spectators)
            ):
                await asyncio.sleep(0.1)
        except TimeoutError:
            errors.append("timed out")
        elapsed = time.perf_counter() - t0
        for w in watchers:
            w.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
    behind = sum(
        1 for t in secrets for k in range(spectators) if last.get((t, k), -1) < target.get(t, 0)
    )
    return {
        "tables": len(secrets),
        "pace_s": pace,
        "spectators": total,
        "connected": connected,
        "actions_written": sum(target.values()),
        "write_median_ms": round(statistics.median(writes), 1) if writes else None,
        "write_p95_ms": round(_pct(writes, 0.95), 1) if writes else None,
        "errors": len(errors),
        "first_errors": errors[:5],
        "spectators_behind_at_end": behind,
        "seconds": round(elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--actions", type=int, default=60)
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--spectators", type=int, default=10)
    ap.add_argument("--load-actions", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument(
        "--pace", type=float, default=1.0, help="seconds between a load recorder's actions"
    )
    ap.add_argument(
        "--stream",
        choices=("live", "events"),
        default="live",
        help="the spectators' stream: the replay viewer's (live) or the state JSON (events)",
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "event"
        folder.mkdir()
        acts = _prepare(folder, args.tables + 1)  # one more table for the latency run
        port = _port()
        log = Path(tmp) / "server.log"
        proc = _start(folder, port, log)
        base = f"http://127.0.0.1:{port}"
        try:
            for name in acts:  # make the secrets (the organiser page lists every table)
                httpx.get(f"{base}/api/t/{name}/watch", timeout=10).raise_for_status()
            secrets = _secrets(folder)
            first = sorted(acts)[0]
            lat = latency(base, first, secrets[first], acts[first], args.actions, args.stream)
            rest = {k: v for k, v in secrets.items() if k != first}
            res = asyncio.run(
                load(
                    base,
                    rest,
                    acts,
                    args.spectators,
                    args.load_actions,
                    args.timeout,
                    args.pace,
                    args.stream,
                )
            )
            server_log = log.read_text(encoding="utf-8", errors="replace")[-2000:]
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(json.dumps({"latency": lat, "load": res}, indent=1))
    if server_log.strip():
        print("server log (tail):\n" + server_log)
    ok = res["errors"] == 0 and res["spectators_behind_at_end"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
