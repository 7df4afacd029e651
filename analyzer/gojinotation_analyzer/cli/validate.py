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
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click

from gojinotation.errors import NotationError
from gojinotation.jsonio import JsonError
from gojinotation_analyzer.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
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
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity, diagnostic_dict
from gojinotation_analyzer.reports.report import COUNT_KEYS, Tally
from gojinotation_analyzer.reports.validate import (
    Report,
    reader_failure,
    source_lines_of,
    validate_match,
)
from gojinotation_analyzer.rules.ruleset import RulesetError

__all__ = ["EXIT_RULE_ERRORS", "validate"]

#: Rule errors were found (syntax and usage errors exit with ``EXIT_ERROR``, 2).
EXIT_RULE_ERRORS = 1

#: Files before a progress bar is worth drawing (or this many bytes in all).
PROGRESS_MIN_FILES = 8
PROGRESS_MIN_BYTES = 1 << 20

#: Below this many bytes in all, ``--jobs`` is not worth starting processes for (the
#: output is the same either way).
PARALLEL_MIN_BYTES = 256 << 10

#: Above this many files the summary table lists only the files with findings.
SUMMARY_MAX_ROWS = 20

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
    time), a JSON match whose ``deals`` come last (read twice: once to check that all of
    it reads, then to validate it); else read whole, as before (:func:`_validate_one`)."""
    with open_source(path, lang) as src:
        if src is None:
            yield Report(_display(path, lang), 0, (), (), readable=False)
        elif src.fmt == "json" and _json_streams(src):
            yield from _stream_json(src, options)
        elif src.fmt == "json" or src.codec is None:
            yield _whole_record(src, lang, options)
        else:
            yield from _stream_texts(src.texts(), src.name, lang, options)


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


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """The first column left-aligned, the others right-aligned, by display width."""
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[0] + " " * (widths[0] - _width(r[0]))]
        cells += [" " * (w - _width(c)) + c for c, w in zip(r[1:], widths[1:], strict=True)]
        out.append("  ".join(cells).rstrip())
    return out


_COLS = ("deals", "syntax", "errors", "warnings", "disputes", "notices")


def summary_table(reports: Sequence[Report | Tally], lang: str) -> list[str]:
    """The summary: one row per file (only files with errors beyond
    :data:`SUMMARY_MAX_ROWS` files) and a total row."""
    head = [t("validate.col.file", lang)] + [t(f"validate.col.{c}", lang) for c in _COLS]
    rows: list[list[str]] = [head]
    total = dict.fromkeys(_COLS, 0)
    hidden = 0
    for r in reports:
        c = r.counts()
        c["deals"] = r.deals
        for k in _COLS:
            total[k] += c[k]
        if len(reports) > SUMMARY_MAX_ROWS and not (c["syntax"] or c["errors"]) and r.readable:
            hidden += 1
            continue
        name = r.file if r.readable else f"{r.file} {t('validate.unreadable', lang)}"
        rows.append([name] + [str(c[k]) for k in _COLS])
    if hidden:
        rows.append([t("validate.others", lang, n=hidden)] + [""] * len(_COLS))
    rows.append([t("validate.total", lang, n=len(reports))] + [str(total[k]) for k in _COLS])
    lines = _table(rows)
    rule = "-" * max(_width(x) for x in lines)
    return [lines[0], rule, *lines[1:-1], rule, lines[-1]]


def _exit_code(reports: Sequence[Report | Tally], usage_error: bool) -> int:
    codes = [r.exit_code for r in reports]
    if usage_error or EXIT_ERROR in codes:
        return EXIT_ERROR
    return EXIT_RULE_ERRORS if EXIT_RULE_ERRORS in codes else EXIT_OK


def run_json(
    reports: Sequence[Report], code: int, errors_only: bool, explain: bool = False
) -> dict[str, Any]:
    """The ``--format json`` document (as :class:`_JsonDocument` writes it, a piece at a
    time: the files first, each with its findings first, the counts and the summary
    last)."""
    return {
        "format": "gouji-validate",
        "version": 1,
        "files": [_file_entry(r, errors_only, explain) for r in reports],
        "exit_code": code,
        "summary": _json_summary(reports),
    }


def _file_entry(report: Report, errors_only: bool, explain: bool) -> dict[str, Any]:
    """A file of the JSON document: its name, findings and comparisons, then its counts."""
    entry = report.as_dict(errors_only, explain=explain)
    first = {k: entry.pop(k) for k in ("file", "diagnostics", "comparisons")}
    return first | entry


def _json_summary(reports: Sequence[Report | Tally]) -> dict[str, int]:
    total = {"files": len(reports), "unreadable": sum(not r.readable for r in reports)}
    total["deals"] = sum(r.deals for r in reports)
    for k in ("syntax", "errors", "warnings", "disputes", "notices"):
        total[k] = sum(r.counts()[k] for r in reports)
    return total


class _JsonDocument:
    """The ``--format json`` document written as the run goes, laid out as
    ``json.dump(run_json(...), indent=2)`` lays it out: a file's findings as they are
    found, its counts when it ends, the summary at the end; only counters are kept."""

    def __init__(self, ascii_only: bool) -> None:
        self.ascii = ascii_only
        self.started = False
        self.files = 0
        self.items = 0  # in the current file's diagnostics

    def _dump(self, value: Any, depth: int) -> str:
        text = json.dumps(value, ensure_ascii=self.ascii, indent=2)
        return text.replace("\n", "\n" + "  " * depth)

    def _write(self, text: str) -> None:
        sys.stdout.write(text)

    def _start(self) -> None:
        if not self.started:
            self.started = True
            self._write('{\n  "format": "gouji-validate",\n  "version": 1,\n  "files": [')

    def _key(self, name: str, value: Any, depth: int, first: bool = False) -> None:
        lead = "" if first else ","
        self._write(f"{lead}\n{'  ' * depth}{json.dumps(name)}: {self._dump(value, depth)}")

    def begin(self, name: str) -> None:
        """A file's entry begins: its name, then its findings."""
        self._start()
        self._write(("," if self.files else "") + "\n    {")
        self.files += 1
        self._key("file", name, 3, first=True)
        self._write(',\n      "diagnostics": [')
        self.items = 0

    def diagnostic(self, d: dict[str, Any]) -> None:
        """One finding of the current file."""
        self._write(("," if self.items else "") + "\n        " + self._dump(d, 4))
        self.items += 1

    def end(self, rest: dict[str, Any]) -> None:
        """The current file's entry ends: its comparisons and counts (``rest``)."""
        self._write("\n      ]" if self.items else "]")
        for k, v in rest.items():
            self._key(k, v, 3)
        self._write("\n    }")

    def entry(self, entry: dict[str, Any]) -> None:
        """A whole file's entry (a record read whole)."""
        self._start()
        self._write(("," if self.files else "") + "\n    " + self._dump(entry, 2))
        self.files += 1

    def finish(self, code: int, summary: dict[str, int]) -> None:
        """The end: the exit code and the summary."""
        self._start()
        self._write("\n  ]" if self.files else "]")
        self._key("exit_code", code, 1)
        self._key("summary", summary, 1)
        self._write("\n}\n")


def run_summary(reports: Sequence[Report | Tally], code: int) -> dict[str, Any]:
    """The last line of ``--format jsonl``: the totals of the run."""
    total = {"files": len(reports), "unreadable": sum(not r.readable for r in reports)}
    total["deals"] = sum(r.deals for r in reports)
    for k in COUNT_KEYS:
        total[k] = sum(r.counts()[k] for r in reports)
    return {
        "type": "summary",
        "format": "gouji-validate",
        "version": 1,
        "exit_code": code,
        "summary": total,
    }


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
    out = _Output(fmt, lang, color, echo_color, explain, errors_only, show_bar)
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
    texts: Iterator[tuple[int, str]], name: str, lang: str, options: _Options
) -> Iterator[_Event]:
    from gojinotation_analyzer.reports.batch import validate_texts
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


class _Output:
    """Writes findings as they come (text or JSON lines) and keeps only counters; the
    ``json`` document alone needs each file's findings until the file ends."""

    def __init__(
        self,
        fmt: str,
        lang: str,
        color: bool,
        echo_color: bool | None,
        explain: bool,
        errors_only: bool,
        show_bar: bool,
    ) -> None:
        self.fmt, self.lang, self.color, self.echo_color = fmt, lang, color, echo_color
        self.explain, self.errors_only = explain, errors_only
        self.buffer_text = show_bar and _isatty(sys.stdout)
        self.bar: Any = None
        self.buffered: list[str] = []
        self.tallies: list[Report | Tally] = []
        self.tally: Tally | None = None
        self.comparisons: list[Any] = []
        out = sys.stdout
        encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "")
        self.ascii = encoding != "utf8"
        self.doc = _JsonDocument(self.ascii)

    def formatting(self) -> Formatting | None:
        """How workers write findings as this output would (None for ``--format json``,
        whose document is built here)."""
        if self.fmt == "json":
            return None
        return Formatting(
            self.fmt, self.lang, self.color, self.explain, self.errors_only, self.ascii
        )

    def _emit(self, text: str, nl: bool = True) -> None:
        if not text:
            return
        if self.buffer_text:
            self.buffered.append(text if not nl else text + "\n")
        else:
            click.echo(text, color=self.echo_color, nl=nl)

    def _line(self, obj: dict[str, Any]) -> None:
        click.echo(json.dumps(obj, ensure_ascii=self.ascii))

    def _shown(self, d: Diagnostic) -> bool:
        return not self.errors_only or d.severity is Severity.ERROR

    def report(self, report: Report) -> None:
        """A file read and validated whole."""
        if self.fmt == "json":  # written now; only its counts are kept
            self.doc.entry(_file_entry(report, self.errors_only, self.explain))
            tally = Tally(report.file, report.deals, report.readable)
            for d in report.diagnostics:
                tally.add(d)
            self.tallies.append(tally)
        else:
            self.tallies.append(report)
        if self.fmt == "json":
            pass
        elif self.fmt == "text":
            self._emit(
                report.format(
                    self.lang, color=self.color, explain=self.explain, errors_only=self.errors_only
                )
            )
        elif self.fmt == "jsonl":
            for d in report.shown(self.errors_only):
                self._line({"type": "diagnostic", **diagnostic_dict(d, explain=self.explain)})
            for c in report.comparisons:
                self._line({"type": "comparison", "file": report.file, **c.as_dict()})
            tally = Tally(report.file, report.deals, report.readable)
            for d in report.diagnostics:
                tally.add(d)
            self._line(tally.as_dict())
        self._advance()

    def begin(self, name: str) -> None:
        """A file streamed deal by deal begins."""
        self.tally = Tally(name)
        self.comparisons = []
        if self.fmt == "json":
            self.doc.begin(name)

    def deal(self, result: tuple[int, Sequence[Diagnostic], Any]) -> None:
        """One deal's findings."""
        assert self.tally is not None
        _, found, comparison = result
        for d in found:
            self.tally.add(d)
            if not self._shown(d):
                continue
            if self.fmt == "json":
                self.doc.diagnostic(diagnostic_dict(d, explain=self.explain))
            elif self.fmt == "jsonl":
                self._line({"type": "diagnostic", **diagnostic_dict(d, explain=self.explain)})
            else:
                self._emit(d.format(self.lang, color=self.color, explain=self.explain))
        if comparison is not None:
            self.tally.found = True
            self.comparisons.append(comparison)

    def chunk(self, chunk: FormattedChunk) -> None:
        """A chunk of deals' findings, written by a worker (:func:`run_formatted`)."""
        assert self.tally is not None
        self.tally.add_counts(dict(zip(COUNT_KEYS, chunk.counts, strict=False)), chunk.found)
        if self.fmt == "jsonl":
            click.echo(chunk.text, nl=False)
        else:
            self._emit(chunk.text, nl=False)
        self.comparisons.extend(chunk.comparisons)

    def end(self, tally: Tally) -> None:
        """A streamed file ends (``tally``: its deals, and the counts not yet counted
        here: those folded on a cluster)."""
        assert self.tally is not None
        self.tally.deals = tally.deals
        self.tally.add_counts(tally.counts(), False)
        if self.fmt == "json":
            rest = {"comparisons": [c.as_dict() for c in self.comparisons]}
            line = self.tally.as_dict()
            self.doc.end(rest | {k: line[k] for k in ("readable", "deals", "counts", "exit_code")})
        elif self.fmt == "jsonl":
            for c in self.comparisons:
                self._line({"type": "comparison", "file": self.tally.file, **c.as_dict()})
            self._line(self.tally.as_dict())
        else:
            for c in self.comparisons:
                self._emit(c.format(self.lang, color=self.color))
        self.tallies.append(self.tally)
        self.tally, self.comparisons = None, []
        self._advance()

    def _advance(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def finish(self, code: int) -> None:
        """The summary: the JSON document, the final JSON line or the summary table."""
        if self.fmt == "json":
            self.doc.finish(code, _json_summary(self.tallies))
            return
        if self.fmt == "jsonl":
            self._line(run_summary(self.tallies, code))
            return
        for text in self.buffered:
            click.echo(text, color=self.echo_color, nl=False)
        if not self.tallies:
            return
        lines = summary_table(self.tallies, self.lang)
        if any(_has_output(r) for r in self.tallies):
            lines.insert(0, "")
        key = {EXIT_OK: "validate.clean", EXIT_RULE_ERRORS: "validate.failed"}.get(
            code, "validate.syntax_failed"
        )
        fg = {EXIT_OK: "green", EXIT_RULE_ERRORS: "red"}.get(code, "red")
        lines.append(
            click.style(t(key, self.lang), fg=fg, bold=True) if self.color else t(key, self.lang)
        )
        click.echo("\n".join(lines), color=self.echo_color)


def _has_output(r: Report | Tally) -> bool:
    return bool(r.diagnostics or r.comparisons) if isinstance(r, Report) else r.found


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
