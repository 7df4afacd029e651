"""What ``gouji validate`` writes: the findings as they come (text, JSON lines or one JSON
document written as it goes, :class:`_Output`, :class:`_JsonDocument`), the summary table
(:func:`summary_table`) and the exit code.  :mod:`.validate` re-exports the public names.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

import click

from gojinotation_analyzer.cli.common import EXIT_ERROR, EXIT_OK
from gojinotation_analyzer.i18n import t
from gojinotation_analyzer.reports.batch import FormattedChunk, Formatting
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity, diagnostic_dict
from gojinotation_analyzer.reports.report import COUNT_KEYS, Tally
from gojinotation_analyzer.reports.validate import Report

#: Rule errors were found (syntax and usage errors exit with ``EXIT_ERROR``, 2).
EXIT_RULE_ERRORS = 1

#: Above this many files the summary table lists only the files with findings.
SUMMARY_MAX_ROWS = 20


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


#: Findings held back at most before they are written to a file or a pipe.
_BATCH = 64


def _on_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


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
        buffer_text: bool,
    ) -> None:
        self.fmt, self.lang, self.color, self.echo_color = fmt, lang, color, echo_color
        self.explain, self.errors_only = explain, errors_only
        self.buffer_text = buffer_text
        self.bar: Any = None
        self.buffered: list[str] = []
        # findings written to a file or a pipe go out a few dozen at a time (one
        # click.echo each cost ~8 µs: 500,000 broken deals, issue #15); on a terminal
        # each as it comes
        self.pending: list[str] | None = None if _on_terminal(sys.stdout) else []
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
        elif self.pending is not None:
            self.pending.append(text if not nl else text + "\n")
            if len(self.pending) >= _BATCH:
                self._flush()
        else:
            click.echo(text, color=self.echo_color, nl=nl)

    def _flush(self) -> None:
        """Write the findings held back (:attr:`pending`)."""
        if self.pending:
            click.echo("".join(self.pending), color=self.echo_color, nl=False)
            self.pending.clear()

    def _line(self, obj: dict[str, Any]) -> None:
        self._flush()
        click.echo(json.dumps(obj, ensure_ascii=self.ascii))

    def _shown(self, d: Diagnostic) -> bool:
        return not self.errors_only or d.severity is Severity.ERROR

    def report(self, report: Report) -> None:
        """A file read and validated whole."""
        self._flush()
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
        self._flush()
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
        self._flush()
        self.tallies.append(self.tally)
        self.tally, self.comparisons = None, []
        self._advance()

    def _advance(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def finish(self, code: int) -> None:
        """The summary: the JSON document, the final JSON line or the summary table."""
        self._flush()
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
