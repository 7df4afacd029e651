"""The validator's report of one source: :class:`Report`, and the diagnostics of syntax
errors and reader failures.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gojinotation.errors import NotationError
from gojinotation_analyzer.reports.codes import CODES
from gojinotation_analyzer.reports.diagnostics import (
    Diagnostic,
    Severity,
    diagnostic_dict,
    is_syntax,
)
from gojinotation_analyzer.reports.messages import both as _both

if TYPE_CHECKING:
    from gojinotation_analyzer.reports.compare import ProfileComparison


@functools.cache
def _syntax_titles() -> tuple[str, str]:
    """ "syntax error" in both languages, looked up once (a file of 500,000 broken deals
    made a diagnostic each, issue #15)."""
    return _both("syntax")


#: The messages of the last syntax errors, by their fields (a file of 500,000 broken
#: deals has a few distinct errors).
_MESSAGES: dict[tuple[str, str, str, tuple[str, ...]], tuple[str, str]] = {}


def syntax_diagnostic(err: NotationError, *, deal_index: int | None = None) -> Diagnostic:
    """A syntax error of the notation layer as an error diagnostic (its ``GJN1xx`` code).

    >>> e = NotationError("GJN113", line=3, column=1, found="7", source_line="7:333",
    ...                   en="seat 7 is out of range", zh="座位 7 超出范围", filename="a.gjn")
    >>> print(syntax_diagnostic(e, deal_index=1).format("en"))
    a.gjn:3:1: error GJN113 syntax error: seat 7 is out of range (found '7') (deal 1)
      7:333
      ^
    """
    en, zh = _syntax_titles()
    key = (err.en, err.zh, err.found, tuple(err.expected))
    messages = _MESSAGES.get(key)
    if messages is None:  # the same error met again (issue #15): its words made once
        if len(_MESSAGES) >= 256:
            _MESSAGES.clear()
        messages = _MESSAGES[key] = (err.message("en"), err.message("zh"))
    return Diagnostic(
        code=err.code,
        severity=Severity.ERROR,
        rule_id="",
        title_en=en,
        title_zh=zh,
        en=messages[0],
        zh=messages[1],
        file=err.filename,
        line=err.line,
        column=err.column,
        end_column=err.end_column,
        deal=deal_index,
        source_line=err.source_line,
    )


#: The kinds of finding a report counts, in the order of the summary's columns.
COUNT_KEYS = ("syntax", "errors", "warnings", "disputes", "notices")
_COUNT_OF = {"error": "errors", "warning": "warnings", "dispute": "disputes"}


def count_key(d: Diagnostic) -> str:
    """Which of :data:`COUNT_KEYS` counts ``d``."""
    return "syntax" if is_syntax(d) else _COUNT_OF.get(d.severity.value, "notices")


@attrs.define
class Tally:
    """The counters of one source validated as a stream (:mod:`reports.batch`): what the
    summary of a :class:`Report` needs, without keeping the findings.

    >>> t = Tally("a.gjn")
    >>> t.add(reader_failure("a.gjn", ValueError("x")).diagnostics[0])
    >>> t.counts()["errors"], t.exit_code, t.found
    (1, 1, True)
    """

    file: str
    deals: int = 0
    readable: bool = True
    #: whether the source had anything to show (a finding, shown or not, or a comparison)
    found: bool = False
    _counts: dict[str, int] = attrs.field(factory=lambda: dict.fromkeys(COUNT_KEYS, 0))

    def add(self, d: Diagnostic) -> None:
        """Count one finding."""
        self._counts[count_key(d)] += d.more or 1
        self.found = True

    def add_counts(self, counts: Mapping[str, int], found: bool) -> None:
        """Count many findings at once: ``counts`` by :data:`COUNT_KEYS` (e.g. a chunk's,
        or those folded on a cluster), ``found`` whether there was anything to show.

        >>> t = Tally("a.gjn")
        >>> t.add_counts({"errors": 2, "notices": 1}, True)
        >>> t.counts()["errors"], t.exit_code, t.found
        (2, 1, True)
        """
        for key, n in counts.items():
            self._counts[key] += n
        self.found = self.found or found

    def counts(self) -> dict[str, int]:
        """As :meth:`Report.counts`."""
        return dict(self._counts)

    @property
    def exit_code(self) -> int:
        """As :attr:`Report.exit_code`."""
        if self._counts["syntax"] or not self.readable:
            return 2
        return 1 if self._counts["errors"] else 0

    def as_dict(self) -> dict[str, Any]:
        """The file's line of ``--format jsonl``."""
        return {
            "type": "file",
            "file": self.file,
            "readable": self.readable,
            "deals": self.deals,
            "counts": self.counts(),
            "exit_code": self.exit_code,
        }


@attrs.frozen
class Report:
    """What the validator found in one source.

    :ivar file: the source's name.
    :ivar deals: how many deals it has (broken ones included).
    :ivar diagnostics: every finding, syntax errors included, sorted by position.
    :ivar comparisons: profile comparisons, when asked for (:func:`compare_profiles`).
    :ivar readable: False when the file could not be read at all.
    """

    file: str
    deals: int
    diagnostics: tuple[Diagnostic, ...]
    comparisons: tuple[ProfileComparison, ...] = ()
    readable: bool = True

    def counts(self) -> dict[str, int]:
        """``syntax``, ``errors`` (rule errors), ``warnings``, ``disputes``, ``notices``:
        findings: a summary of repeats counts as the ``Diagnostic.more`` it stands for."""
        out = dict.fromkeys(COUNT_KEYS, 0)
        for d in self.diagnostics:
            out[count_key(d)] += d.more or 1
        return out

    @property
    def exit_code(self) -> int:
        """``2`` syntax errors (or unreadable), ``1`` rule errors, else ``0``."""
        c = self.counts()
        if c["syntax"] or not self.readable:
            return 2
        return 1 if c["errors"] else 0

    def shown(self, errors_only: bool = False) -> tuple[Diagnostic, ...]:
        """The diagnostics to show (only errors with ``errors_only``)."""
        if not errors_only:
            return self.diagnostics
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    def format(
        self, lang: str = "en", *, color: bool = False, explain: bool = False,
        errors_only: bool = False,
    ) -> str:  # fmt: skip
        """Every diagnostic for a terminal, then the comparisons."""
        parts = [d.format(lang, color=color, explain=explain) for d in self.shown(errors_only)]
        parts += [c.format(lang, color=color) for c in self.comparisons]
        return "\n".join(parts)

    def as_dict(self, errors_only: bool = False, *, explain: bool = True) -> dict[str, Any]:
        """Plain data for ``--format json`` (see ``docs/validator.md``); without
        ``explain`` the explanations are ``null`` (they repeat the rule texts)."""
        return {
            "file": self.file,
            "readable": self.readable,
            "deals": self.deals,
            "counts": self.counts(),
            "exit_code": self.exit_code,
            "diagnostics": [diagnostic_dict(d, explain=explain) for d in self.shown(errors_only)],
            "comparisons": [c.as_dict() for c in self.comparisons],
        }


def reader_failure(name: str, exc: Exception) -> Report:
    """The report of a file the notation reader failed on (an internal error)."""
    reason = f"{type(exc).__name__}: {exc}"[:300]
    en, zh = _both("reader_failed", reason=reason)
    title_en, title_zh = CODES["GJV290"].title_en, CODES["GJV290"].title_zh
    d = Diagnostic("GJV290", Severity.ERROR, "", title_en, title_zh, en, zh, file=name)
    return Report(name, 0, (d,), readable=False)
