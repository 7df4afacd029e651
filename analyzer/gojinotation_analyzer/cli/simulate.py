"""``gouji simulate``: self-play corpora and event statistics.

Commands::

    gouji simulate [--profile P | --profile-file FILE.toml] [--seed N] [--deals K]
                   [--bot random|heuristic] [--match] [--rules "..."] [-o FILE.gjn|FILE.json]
    gouji simulate --stats [--profile P|all] [--seed N] [--deals K] [--bot B] [--match]
                   [--markdown]

The first writes ``K`` complete deals played by bots (every seat the same bot, or six
comma-separated names) to ``FILE`` (standard output by default).  ``--stats`` prints how
often each event of the rules engine occurred, one column per profile (``--profile all``:
every profile).  The same seed gives the same output on every machine.

>>> from click.testing import CliRunner
>>> r = CliRunner().invoke(simulate, ["--profile", "QS", "--seed", "1", "--deals", "1"])
>>> r.exit_code, r.output.splitlines()[:2]
(0, ['%GJN 1', ''])
>>> r = CliRunner().invoke(simulate, ["--stats", "--deals", "2", "--profile", "QB"])
>>> "GoujiPlayed" in r.output
True
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

import click

import gojinotation as gj
from gojinotation.fileio import WriteError, atomic_write, atomic_writer
from gojinotation.jsonio import dumps_json
from gojinotation_analyzer.cli.common import EXIT_ERROR, fail, lang_of
from gojinotation_analyzer.cli.main import GoujiCommand, GoujiOption
from gojinotation_analyzer.cli.rules import profile_file_option, use_profile_file
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.i18n import normalize_lang, t
from gojinotation_analyzer.rules.profiles import PROFILES, resolve_profile_id
from gojinotation_analyzer.rules.ruleset import RulesetError
from gojinotation_analyzer.simulation.bots import BOTS
from gojinotation_analyzer.simulation.simulate import (
    SimResult,
    SimulationError,
    Stats,
    simulate_results,
    stats,
    stats_table,
)

__all__ = ["simulate"]


def _bots(text: str, lang: str) -> str | tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for n in names:
        if n not in BOTS:
            fail(t("simulate.bad_bot", lang, name=n, names=", ".join(sorted(BOTS))), lang)
    if len(names) == 1:
        return names[0]
    if len(names) != 6:
        fail(t("simulate.bad_bot", lang, name=text, names=", ".join(sorted(BOTS))), lang)
    return names


@click.command(
    "simulate",
    cls=GoujiCommand,
    help_key="simulate.help",
    short_help_key="simulate.help.short",
)
@click.option(
    "--profile",
    default="qingdao-standard",
    show_default=True,
    cls=GoujiOption,
    help_key="simulate.help.profile",
)
@profile_file_option()
@click.option(
    "--seed", type=int, default=1, show_default=True, cls=GoujiOption, help_key="simulate.help.seed"
)
@click.option(
    "--deals",
    type=click.IntRange(0, None),
    default=10,
    show_default=True,
    cls=GoujiOption,
    help_key="simulate.help.deals",
)
@click.option(
    "--bot",
    "bot_text",
    default="heuristic",
    show_default=True,
    cls=GoujiOption,
    help_key="simulate.help.bot",
)
@click.option("--match", "match", is_flag=True, cls=GoujiOption, help_key="simulate.help.match")
@click.option(
    "--table-events",
    "table_events",
    is_flag=True,
    cls=GoujiOption,
    help_key="simulate.help.table_events",
)
@click.option("--rules", "overrides", default="", cls=GoujiOption, help_key="simulate.help.rules")
@click.option(
    "-o", "--output", default=None, metavar="FILE", cls=GoujiOption, help_key="simulate.help.output"
)
@click.option(
    "--stats", "show_stats", is_flag=True, cls=GoujiOption, help_key="simulate.help.stats"
)
@click.option("--markdown", is_flag=True, cls=GoujiOption, help_key="simulate.help.markdown")
@click.option("--compact", is_flag=True, cls=GoujiOption, help_key="simulate.help.compact")
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    cls=GoujiOption,
    help_key="simulate.help.jobs",
)
@click.pass_context
def simulate(
    ctx: click.Context,
    profile: str,
    profile_file: str | None,
    seed: int,
    deals: int,
    bot_text: str,
    match: bool,
    table_events: bool,
    overrides: str,
    output: str | None,
    show_stats: bool,
    markdown: bool,
    compact: bool,
    jobs: int,
) -> None:
    """``gouji simulate`` (the help text shown is ``simulate.help`` of the catalogue)."""
    lang = lang_of(ctx)
    bot = _bots(bot_text, lang)
    if profile_file is not None:
        profile = use_profile_file(profile_file, lang)
    if profile.strip().casefold() == "all":
        if not show_stats or output:
            fail(t("simulate.all_needs_stats", lang), lang)
        pids = list(PROFILES)
    else:
        try:
            pids = [resolve_profile_id(profile)]
        except RulesetError as err:
            fail(err.zh if lang == "zh" else err.en, lang)
    if output is None and not show_stats:
        output = "-"
    to_json = bool(output) and str(output).endswith(".json")
    columns: dict[str, Stats] = {}
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    total = 0
    try:
        if jobs > 1 and len(pids) > 1 and not output:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                args = [(pid, seed, deals, bot, match, overrides, table_events) for pid in pids]
                for pid, st in zip(pids, pool.map(_stats_for, args), strict=True):
                    columns[pid] = st
                    total += st.n
        for pid in pids if not columns else ():
            kept: list[gj.Deal] = []
            with contextlib.ExitStack() as stack:
                sink = _open(output, stack) if output and not to_json else None
                if sink is not None:
                    sink.write("%GJN 1\n")
                events = _played(
                    simulate_results(
                        pid,
                        seed,
                        deals,
                        bot=bot,
                        match=match,
                        overrides=overrides,
                        table_events=table_events,
                    ),
                    sink,
                    kept if to_json else None,
                )
                if show_stats:
                    columns[pid] = stats(events)
                else:
                    for _ in events:
                        pass
                if sink is not None:
                    sink.flush()
            total += deals
            if to_json and output:
                text = dumps_json(gj.Match(tuple(kept), 1), spans=False)
                atomic_write(output, (text + "\n").encode("utf-8"))
    except SimulationError as err:
        fail(t("simulate.stuck", lang, err=str(err)), lang)
    except WriteError as err:
        fail(err.message(normalize_lang(lang)), lang)
    except OSError as err:
        fail(t("io.write_error", lang, path=output, reason=err.strerror or str(err)), lang)
    wall = time.perf_counter() - started
    secs = _cpu_seconds() - cpu_started
    if show_stats:
        click.echo(stats_table(columns, markdown=markdown, compact=compact))
    if (output and output != "-") or show_stats:
        click.echo(
            t(
                "simulate.done",
                lang,
                n=total,
                secs=secs,
                rate=total / secs if secs else 0.0,
                wall=wall,
            ),
            err=True,
        )
    ctx.exit(0 if total or not deals else EXIT_ERROR)


def _played(
    results: Iterator[SimResult], sink: TextIO | None, kept: list[gj.Deal] | None
) -> Iterator[tuple[E.Event, ...]]:
    """Write each deal to ``sink`` (and keep it for JSON) and pass its events on."""
    for r in results:
        if sink is not None:
            sink.write("\n" + gj.write_deal(r.deal))
        if kept is not None:
            kept.append(r.deal)
        yield r.events


def _stats_for(args: tuple[str, int, int, str | tuple[str, ...], bool, str, bool]) -> Stats:
    """The statistics of one profile (run in a worker process)."""
    pid, seed, deals, bot, match, overrides, table_events = args
    return stats(
        r.events
        for r in simulate_results(
            pid,
            seed,
            deals,
            bot=bot,
            match=match,
            overrides=overrides,
            table_events=table_events,
        )
    )


def _open(output: str, stack: contextlib.ExitStack) -> TextIO:
    """Standard output, or a text stream that replaces ``output`` atomically when
    ``stack`` closes without an error (a failed or interrupted run leaves the old file)."""
    if output == "-":
        return sys.stdout
    raw = stack.enter_context(atomic_writer(output))
    text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n", write_through=False)
    stack.callback(text.detach)  # flushed by the caller; the raw stream stays open
    return text


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the ``--jobs`` workers):
    the rate a loaded machine does not distort, unlike the wall clock."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
