"""``gouji validate``: every illegal action and every rule dispute of records, and why.

Usage::

    gouji validate FILE|DIR|GLOB... [--profile P | --profile-file FILE.toml]
                   [--profiles all|P1,P2]
                   [--format text|json] [--lang en|zh] [--explain] [--errors-only]
                   [--no-color] [--no-deck-check]

Files may be ``.gjn`` or ``.json`` records, ``-`` (standard input), directories (searched
for ``*.gjn``) or glob patterns (``records/**/*.gjn``; quoted so the shell leaves them).
The report goes to standard output: every diagnostic with its position, the source line
and a caret (coloured on a terminal), then the profile comparisons asked for, then a
summary table.  ``--format json`` prints one JSON document instead (``docs/validator.md``).
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

import click

from gojinotation.errors import NotationError
from gojinotation.jsonio import JsonError
from gojinotation_analyzer.cli.main import (
    EXIT_ERROR,
    EXIT_OK,
    GoujiCommand,
    GoujiOption,
    fail,
    lang_of,
    read_record,
)
from gojinotation_analyzer.cli.rules import profile_file_option, use_profile_file
from gojinotation_analyzer.i18n import LANGS, t
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity
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


def _validate_one(
    path: str,
    lang: str,
    *,
    profile: str | None,
    compare: Sequence[str],
    deck_check: bool,
) -> Report:
    try:
        record = read_record(path, lang)
    except Exception as exc:  # a reader bug: report it, go on with the other files
        if os.environ.get("GOUJI_DEBUG"):
            raise
        return reader_failure(t("stdin", lang) if path == "-" else path, exc)
    if record is None:  # read_record printed why
        name = t("stdin", lang) if path == "-" else path
        return Report(name, 0, (), (), readable=False)
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


def summary_table(reports: Sequence[Report], lang: str) -> list[str]:
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


def _exit_code(reports: Sequence[Report], usage_error: bool) -> int:
    codes = [r.exit_code for r in reports]
    if usage_error or EXIT_ERROR in codes:
        return EXIT_ERROR
    return EXIT_RULE_ERRORS if EXIT_RULE_ERRORS in codes else EXIT_OK


def run_json(
    reports: Sequence[Report], code: int, errors_only: bool, explain: bool = False
) -> dict[str, Any]:
    """The ``--format json`` document."""
    total = {"files": len(reports), "unreadable": sum(not r.readable for r in reports)}
    total["deals"] = sum(r.deals for r in reports)
    for k in ("syntax", "errors", "warnings", "disputes", "notices"):
        total[k] = sum(r.counts()[k] for r in reports)
    return {
        "format": "gouji-validate",
        "version": 1,
        "exit_code": code,
        "summary": total,
        "files": [r.as_dict(errors_only, explain=explain) for r in reports],
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
    type=click.Choice(["text", "json"]),
    default="text",
    help_key="validate.help.format",
)
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
    reports: list[Report] = []
    buffered: list[str] = []

    def emit(text: str) -> None:
        if not text:
            return
        if show_bar or fmt == "json":
            buffered.append(text)
        else:
            click.echo(text, color=echo_color)

    def one(path: str) -> None:
        report = _validate_one(
            path, lang, profile=profile, compare=compare, deck_check=not no_deck_check
        )
        reports.append(report)
        if fmt == "text":
            emit(report.format(lang, color=color, explain=explain, errors_only=errors_only))

    if show_bar:
        with click.progressbar(
            paths, label=t("validate.progress", lang), file=sys.stderr, show_pos=True
        ) as bar:
            for path in bar:
                one(path)
    else:
        for path in paths:
            one(path)
    code = _exit_code(reports, usage_error)
    if fmt == "json":
        doc = run_json(reports, code, errors_only, explain)
        out = sys.stdout
        encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "")
        json.dump(doc, out, ensure_ascii=encoding != "utf8", indent=2)
        out.write("\n")
    else:
        for text in buffered:
            click.echo(text, color=echo_color)
        if reports:
            lines = summary_table(reports, lang)
            if any(r.diagnostics or r.comparisons for r in reports):
                lines.insert(0, "")
            key = {EXIT_OK: "validate.clean", EXIT_RULE_ERRORS: "validate.failed"}.get(
                code, "validate.syntax_failed"
            )
            fg = {EXIT_OK: "green", EXIT_RULE_ERRORS: "red"}.get(code, "red")
            lines.append(click.style(t(key, lang), fg=fg, bold=True) if color else t(key, lang))
            click.echo("\n".join(lines), color=echo_color)
    ctx.exit(code)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
