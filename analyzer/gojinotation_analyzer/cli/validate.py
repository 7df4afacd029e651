"""``gouji validate``: every illegal action and every rule dispute of records, and why.

Usage::

    gouji validate FILE|DIR|GLOB... [--profile P | --profile-file FILE.toml]
                   [--profiles all|P1,P2]
                   [--format text|json|jsonl] [--lang en|zh] [--explain] [--errors-only]
                   [--no-color] [--no-deck-check] [--jobs N] [--dask ADDRESS|local]

Files may be ``.gjn`` or ``.json`` records, ``-`` (standard input), directories (searched
for ``*.gjn``) or glob patterns (``records/**/*.gjn``; quoted so the shell leaves them).
The report goes to standard output: every diagnostic with its position, the source line
and a caret (coloured on a terminal), then the profile comparisons asked for, then a
summary table.  ``--format json`` prints one JSON document instead, ``--format jsonl``
one JSON object a finding and a summary last (``docs/validator.md``).  A UTF-8 GJN file
is validated deal by deal, each finding written as it is found; ``--jobs N`` validates
files and chunks of deals on ``N`` processes and ``--dask`` on a Dask cluster
(:mod:`gojinotation_analyzer.reports.batch`), with the output of ``--jobs 1``.
A progress bar is drawn on standard error for long runs on a terminal.

Exit codes: ``0`` no rule error (warnings, disputes and notices alone do not fail),
``1`` rule errors, ``2`` syntax errors, unreadable files or usage errors.  No input gives
a traceback.

>>> from click.testing import CliRunner
>>> from gojinotation_analyzer.cli.main import main
>>> r = CliRunner().invoke(main, ["validate", "--lang", "en", "-"], input="1:ZZ")
>>> r.exit_code
2
"""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click

from gojinotation.errors import NotationError
from gojinotation.jsonio import JsonError
from gojinotation_analyzer.cli._validateout import (
    EXIT_RULE_ERRORS,
    _exit_code,
    _Output,
)
from gojinotation_analyzer.cli.common import (
    Record,
    Source,
    _display,
    fail,
    lang_of,
    open_source,
    read_record,
    streamable,
    warn_future_version,
)
from gojinotation_analyzer.cli.main import GoujiCommand, GoujiOption
from gojinotation_analyzer.cli.rules import profile_file_option, use_profile_file
from gojinotation_analyzer.i18n import LANGS, t
from gojinotation_analyzer.reports.batch import FormattedChunk, Formatting
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
from gojinotation_analyzer.reports.report import Tally
from gojinotation_analyzer.reports.validate import (
    Report,
    reader_failure,
    source_lines_of,
    validate_match,
)
from gojinotation_analyzer.rules.ruleset import RulesetError

__all__ = ["EXIT_RULE_ERRORS", "validate"]

#: Files before a progress bar is worth drawing (or this many bytes in all).
PROGRESS_MIN_FILES = 8
PROGRESS_MIN_BYTES = 1 << 20

#: Below this many bytes in all, ``--jobs`` is not worth starting processes for (the
#: output is the same either way).
PARALLEL_MIN_BYTES = 256 << 10

_GLOB_CHARS = frozenset("*?[")
_F = TypeVar("_F", bound=Callable[..., Any])


def _option(*decls: str, help_key: str, **kwargs: Any) -> Callable[[_F], _F]:
    return click.option(*decls, cls=GoujiOption, help_key=help_key, **kwargs)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value:
        root = ctx.find_root()
        if not isinstance(root.obj, dict):
            root.obj = {}
        root.obj["lang"] = value
    return value


def _expand(args: Sequence[str]) -> Iterator[tuple[str, str | None]]:
    """``(path, None)`` for each file to read; ``(pattern, "no_match")`` for a pattern
    that matched nothing and ``(dir, "no_gjn")`` for a directory without ``*.gjn``."""
    for arg in args:
        if arg == "-":
            yield arg, None
            continue
        p = Path(arg)
        if p.is_dir():
            found = [str(f) for f in sorted(p.rglob("*.gjn")) if f.is_file()]
            if not found:
                yield arg, "no_gjn"
            yield from ((f, None) for f in found)
            continue
        if not p.exists() and _GLOB_CHARS & set(arg):
            found = sorted(f for f in glob.glob(arg, recursive=True) if Path(f).is_file())
            if not found:
                yield arg, "no_match"
            yield from ((f, None) for f in found)
            continue
        yield arg, None


def _size(path: str) -> int:
    try:
        return 0 if path == "-" else Path(path).stat().st_size
    except OSError:
        return 0


def _validate_one(path: str, lang: str, options: _Options) -> Report:
    """Read a record whole and validate it (a record that is no text in any encoding, a
    JSON document that cannot be read a deal at a time)."""
    try:
        record = read_record(path, lang)
    except Exception as exc:  # a reader bug: report it, go on with the other files
        if os.environ.get("GOUJI_DEBUG"):
            raise
        return reader_failure(t("stdin", lang) if path == "-" else path, exc)
    if record is None:  # read_record printed why
        name = t("stdin", lang) if path == "-" else path
        return Report(name, 0, (), (), readable=False)
    return _validate_record(record, options)


def _validate_record(record: Record, options: _Options) -> Report:
    """A record read whole, validated."""
    profile, compare, deck_check = options.profile, options.compare, options.deck_check
    json_errors = [e for e in record.errors if isinstance(e, JsonError)]
    if json_errors:
        return Report(
            record.name, 0, tuple(syntax_diagnostic_json(e, record.name) for e in json_errors)
        )
    if record.fmt == "json":
        return validate_match(
            record.match,
            (),
            file=record.name,
            source_lines=(),
            profile=profile,
            compare=compare,
            deck_check=deck_check,
            positions=False,
        )
    lines = source_lines_of(record.text) if record.text is not None else []
    return validate_match(
        record.match,
        [e for e in record.errors if isinstance(e, NotationError)],
        file=record.name,
        source_lines=lines,
        profile=profile,
        compare=compare,
        deck_check=deck_check,
    )


def _source_events(path: str, lang: str, options: _Options) -> Iterator[_Event]:
    """A record that is not a UTF-8 GJN file, a deal at a time where it can be: standard
    input (copied to a nameless temporary file), another encoding (decoded a block at a
    time), bytes that are no text (as UTF-8, each bad byte a GJN115), a JSON match (read
    twice: once to check that all of it reads, then to validate it); a JSON record that
    does not read is read whole to report it, as before (:func:`_validate_one`)."""
    with open_source(path, lang) as src:
        if src is None:
            yield Report(_display(path, lang), 0, (), (), readable=False)
        elif src.fmt == "json" and _json_streams(src):
            yield from _stream_json(src, options)
        elif src.fmt == "json":
            yield _whole_record(src, lang, options)
        else:  # bytes that are no text: no source lines (as read whole), GJN115 where it is
            yield from _stream_texts(
                src.texts(), src.name, lang, options, lines=src.codec is not None
            )


def _whole_record(src: Source, lang: str, options: _Options) -> Report:
    try:
        record = src.record(lang)
    except Exception as exc:  # a reader bug: report it, go on with the other files
        if os.environ.get("GOUJI_DEBUG"):
            raise
        return reader_failure(src.name, exc)
    return _validate_record(record, options)


def _json_streams(src: Source) -> bool:
    """Whether a JSON record reads to its end a deal at a time (one pass, a deal held)."""
    from gojinotation.jsonio import JsonError
    from gojinotation.jsonstream import Unstreamable, iter_read_json

    src.raw.seek(0)
    try:
        for _ in iter_read_json(src.raw, filename=src.name):
            pass
    except (Unstreamable, JsonError):
        return False
    return True


def _stream_json(src: Source, options: _Options) -> Iterator[_Event]:
    """A JSON match validated a deal at a time (no positions: the spans are not the
    file's), as :func:`_validate_record` validates it whole."""
    from gojinotation.jsonstream import iter_read_json
    from gojinotation_analyzer.reports.report import Tally
    from gojinotation_analyzer.reports.validate import iter_validated

    yield src.name
    tally = Tally(src.name)
    src.raw.seek(0)
    deals = (
        (i, deal)
        for i, deal in enumerate(
            (d for _, _, d in iter_read_json(src.raw, filename=src.name) if d is not None), 1
        )
    )
    for i, found, comparison, _ in iter_validated(
        deals,
        file=src.name,
        source_lines=(),
        profile=options.profile,
        compare=options.compare,
        deck_check=options.deck_check,
        positions=False,
    ):
        tally.deals += 1
        yield i, tuple(found), comparison
    yield tally


def syntax_diagnostic_json(err: JsonError, name: str) -> Diagnostic:
    """A JSON input error as an error diagnostic (its ``GJN13x`` code)."""
    en, zh = err.en, err.zh
    if err.path:
        en, zh = f"{en} (at {err.path})", f"{zh}（位置 {err.path}）"
    return Diagnostic(
        code=err.code,
        severity=Severity.ERROR,
        rule_id="",
        title_en="syntax error",
        title_zh="语法错误",
        en=en,
        zh=zh,
        file=name,
        line=err.line or 0,
        column=err.column or 0,
    )


@click.command(
    "validate",
    cls=GoujiCommand,
    help_key="validate.help",
    short_help_key="validate.help.short",
)
@click.argument("files", nargs=-1, required=True, metavar="FILE|GLOB...")
@_option("--profile", "profile", default=None, metavar="P", help_key="validate.help.profile")
@profile_file_option()
@_option(
    "--profiles", "profiles", default=None, metavar="all|P1,P2", help_key="validate.help.profiles"
)
@_option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "jsonl"]),
    default="text",
    help_key="validate.help.format",
)
@_option("--jobs", "-j", "jobs", type=int, default=None, metavar="N", help_key="validate.help.jobs")
@_option("--dask", "dask", default=None, metavar="ADDRESS|local", help_key="validate.help.dask")
@_option(
    "--lang",
    type=click.Choice(LANGS),
    default=None,
    is_eager=True,
    callback=_set_lang,
    help_key="validate.help.lang",
)
@_option("--explain", is_flag=True, help_key="validate.help.explain")
@_option("--errors-only", is_flag=True, help_key="validate.help.errors_only")
@_option("--no-color", is_flag=True, help_key="validate.help.no_color")
@_option("--no-deck-check", is_flag=True, help_key="validate.help.no_deck_check")
@click.pass_context
def validate(
    ctx: click.Context,
    files: tuple[str, ...],
    profile: str | None,
    profile_file: str | None,
    profiles: str | None,
    fmt: str,
    lang: str | None,
    explain: bool,
    errors_only: bool,
    no_color: bool,
    no_deck_check: bool,
    jobs: int | None,
    dask: str | None,
) -> None:
    """Validate records (the help text shown is ``validate.help`` of the catalogue)."""
    lang = lang_of(ctx)
    from gojinotation_analyzer.reports.compare import _resolve_list
    from gojinotation_analyzer.rules.profiles import resolve_profile_id

    compare: list[str] = []
    if profile_file is not None:
        if profile is not None:
            fail(t("validate.profile_and_file", lang), lang)
        profile = use_profile_file(profile_file, lang)
    try:
        if profile is not None:
            profile = resolve_profile_id(profile)
        if profiles is not None:
            compare = _resolve_list(profiles)
            if not compare:
                raise RulesetError("--profiles: no profile named", "--profiles：未指定规则方案")
    except RulesetError as exc:
        fail(exc.message(lang), lang)
    color = not no_color and not os.environ.get("NO_COLOR") and _isatty(sys.stdout)
    echo_color = False if no_color or os.environ.get("NO_COLOR") else None
    usage_error = False
    paths: list[str] = []
    for path, problem in _expand(files):
        if problem is None:
            paths.append(path)
            continue
        usage_error = True
        key = "validate.no_match" if problem == "no_match" else "io.no_gjn_files"
        click.echo(
            click.style(f"gouji: {t('error', lang)}: ", fg="red", bold=True)
            + t(key, lang, pattern=path, path=path),
            err=True,
            color=False if os.environ.get("NO_COLOR") else None,
        )
    show_bar = _isatty(sys.stderr) and (
        len(paths) >= PROGRESS_MIN_FILES or sum(map(_size, paths)) >= PROGRESS_MIN_BYTES
    )
    options = _Options(profile, tuple(compare), not no_deck_check)
    buffer_text = show_bar and _isatty(sys.stdout)
    out = _Output(fmt, lang, color, echo_color, explain, errors_only, buffer_text)
    if jobs is not None and jobs < 1:
        fail(t("validate.bad_jobs", lang, n=jobs), lang)
    workers = jobs or os.cpu_count() or 1
    from gojinotation_analyzer.reports.batch import DealResult

    def consume(events: Iterator[_Event]) -> None:
        for ev in events:
            if isinstance(ev, Report):
                out.report(ev)
            elif isinstance(ev, str):
                out.begin(ev)
            elif isinstance(ev, tuple):
                deal_result: DealResult = ev
                out.deal(deal_result)
            elif isinstance(ev, FormattedChunk):
                out.chunk(ev)
            else:
                out.end(ev)

    formatting = out.formatting()
    if dask is not None:
        events = _dask_events(paths, lang, options, dask, workers, formatting)
    else:
        events = _events(paths, lang, options, workers, formatting)
    if show_bar:
        with click.progressbar(
            length=len(paths), label=t("validate.progress", lang), file=sys.stderr, show_pos=True
        ) as bar:
            out.bar = bar
            consume(events)
    else:
        consume(events)
    code = _exit_code(out.tallies, usage_error)
    out.finish(code)
    ctx.exit(code)


@attrs.frozen
class _Options:
    profile: str | None
    compare: tuple[str, ...]
    deck_check: bool


_Event = Any  # Report | str (a file begins) | DealResult | FormattedChunk | Tally (a file ends)


def _stream_one(path: str, lang: str, options: _Options) -> Iterator[_Event]:
    from gojinotation.reader import deal_texts

    yield from _stream_texts(deal_texts(Path(path)), _display(path, lang), lang, options)


def _stream_texts(
    texts: Iterator[tuple[int, str]],
    name: str,
    lang: str,
    options: _Options,
    *,
    lines: bool = True,
) -> Iterator[_Event]:
    """Validate deal texts as they come; ``lines``: the findings quote their source line
    (not for bytes that are no text, whose findings never did)."""
    from gojinotation_analyzer.reports.batch import SourceWindow, validate_texts
    from gojinotation_analyzer.reports.report import Tally

    yield name
    version: list[int | None] = []
    tally = Tally(name)
    for result in validate_texts(
        texts,
        file=name,
        profile=options.profile,
        compare=options.compare,
        deck_check=options.deck_check,
        version=version,
        window=None if lines else SourceWindow([]),
    ):
        if version:
            warn_future_version(name, version.pop(), lang)
        tally.deals += 1
        yield result
    yield tally


def _runner(formatting: Formatting | None) -> Callable[..., Any]:
    """What a worker runs on a chunk: :func:`run_formatted` (the findings written where
    they are found: the parent prints text), or :func:`run_task` for ``--format json``,
    whose document the parent builds from the findings."""
    import functools

    from gojinotation_analyzer.reports.batch import run_formatted, run_task

    if formatting is None:
        return run_task
    return functools.partial(run_formatted, formatting=formatting)


def _events(
    paths: Sequence[str],
    lang: str,
    options: _Options,
    workers: int,
    formatting: Formatting | None = None,
) -> Iterator[_Event]:
    """The findings of every file in input order: a whole :class:`Report` for a file read
    whole, else its name, its deals' results (or chunks of them, written by
    ``formatting``) and its :class:`Tally`."""
    if workers <= 1 or sum(map(_size, paths)) < PARALLEL_MIN_BYTES:
        for path in paths:
            if streamable(path):
                yield from _stream_one(path, lang, options)
            else:
                yield from _source_events(path, lang, options)
        return
    import functools
    from concurrent.futures import ProcessPoolExecutor

    run = _runner(formatting)
    with ProcessPoolExecutor(workers) as pool:
        submit = functools.partial(pool.submit, run)
        yield from _parallel(paths, lang, options, submit, workers, run)


def _parallel(
    paths: Sequence[str],
    lang: str,
    options: _Options,
    submit: Any,
    workers: int,
    run: Callable[..., Any],
    windows: Any = None,
    ahead: int = 2,
) -> Iterator[_Event]:
    """Files and chunks of deals submitted ahead (``ahead × workers`` chunks at most), their
    results taken in input order.  A chunk the planner numbered wrong (a text that held
    two deals) is validated again here with the right number; one whose overlap held no
    deal makes the rest of its file be validated here, in one run.  With ``windows`` (a
    :class:`reports.batch.DaskWindows`) a file's counts are those folded on the cluster,
    less those of the results not used."""
    from collections import deque

    from gojinotation.reader import deal_texts
    from gojinotation_analyzer.reports import batch
    from gojinotation_analyzer.reports.batch import plan_tasks
    from gojinotation_analyzer.reports.report import Tally

    def units() -> Iterator[tuple[str, Any, Any]]:
        for source, path in enumerate(paths):
            if not streamable(path):
                yield "whole", path, None
                continue
            name = _display(path, lang)
            yield "begin", path, (name, source)
            for task in plan_tasks(
                name,
                deal_texts(Path(path)),
                deals_per_task=batch.DEALS_PER_TASK,
                min_chars=batch.TASK_CHARS,
                profile=options.profile,
                compare=options.compare,
                deck_check=options.deck_check,
                source=source,
            ):
                yield "chunk", path, task
            yield "end", path, (name, source)

    def unused(result: Any) -> None:
        if windows is not None and isinstance(result, FormattedChunk):
            windows.discard(result)

    queue: deque[tuple[str, Any, Any, Any]] = deque()
    source = units()
    in_flight = 0
    tally: Tally | None = None
    broken: str | None = None  # a path validated here from some deal on
    while True:
        while in_flight < ahead * workers:
            unit = next(source, None)
            if unit is None:
                break
            kind, path, payload = unit
            future = submit(payload) if kind == "chunk" else None
            in_flight += future is not None
            queue.append((kind, path, payload, future))
        if not queue:
            return
        kind, path, payload, future = queue.popleft()
        if future is not None:
            in_flight -= 1
        if kind == "whole":
            yield from _source_events(path, lang, options)
        elif kind == "begin":
            tally = Tally(payload[0])
            broken = None
            yield payload[0]
        elif kind == "end":
            assert tally is not None
            if windows is not None:  # the counts folded on the cluster
                tally.add_counts(windows.take_counts(payload[1]), False)
            yield tally
        elif broken == path:
            unused(future.result())
        else:
            assert tally is not None
            result = future.result()
            expected = tally.deals + 1
            if result.first_index != expected:
                unused(result)
                result = run(payload, first_index=expected)
                if windows is not None and isinstance(result, FormattedChunk):
                    windows.discard(attrs.evolve(result, counts=tuple(-n for n in result.counts)))
            if result.version is not None:
                warn_future_version(payload.file, result.version, lang)
            if not result.exact:
                broken = path
                unused(result)
                for deal_result in _stream_one(path, lang, options):
                    if isinstance(deal_result, tuple) and deal_result[0] >= expected:
                        tally.deals += 1
                        yield deal_result
                continue
            tally.deals += result.deals
            if isinstance(result, FormattedChunk):
                yield result if windows is None else attrs.evolve(result, counts=())
            else:
                yield from result.results


def _dask_events(
    paths: Sequence[str],
    lang: str,
    options: _Options,
    address: str,
    workers: int,
    formatting: Formatting | None = None,
) -> Iterator[_Event]:
    """:func:`_events` on a Dask cluster: the same chunks, validated by
    :func:`reports.batch.run_formatted` (or ``run_task``) through ``dask.bag`` a window
    at a time, the counts of the summary folded on the cluster."""
    import importlib

    from gojinotation_analyzer.reports.batch import DaskWindows

    try:
        importlib.import_module("dask.bag")
        dist: Any = importlib.import_module("distributed")
    except ImportError as exc:
        fail(t("validate.no_dask", lang, reason=str(exc)), lang)
    cluster: Any = None
    try:
        if address == "local":
            # the workers start as --jobs starts its processes: forked where that is the
            # platform's way (no fresh interpreter importing Dask and the engine again)
            import multiprocessing

            dask_config: Any = importlib.import_module("dask").config
            method = multiprocessing.get_start_method()
            with dask_config.set({"distributed.worker.multiprocessing-method": method}):
                cluster = dist.LocalCluster(
                    n_workers=workers, threads_per_worker=1, dashboard_address=None
                )
            client = dist.Client(cluster)
        else:
            client = dist.Client(address)
    except (OSError, ValueError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        fail(t("validate.no_dask", lang, reason=f"{type(exc).__name__}: {exc}"), lang)
    try:
        run = _runner(formatting)
        # windows of two chunks a worker, two windows in flight: one computed while the
        # parent prints the other (a window's graph costs the parent tens of ms)
        windows = DaskWindows(client, run, size=2 * workers)
        folded = windows if formatting is not None else None
        yield from _parallel(paths, lang, options, windows.submit, workers, run, folded, 4)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
