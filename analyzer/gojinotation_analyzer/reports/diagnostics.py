"""Diagnostics: what the validator reports, as structured data.

A :class:`Diagnostic` has a stable ``code``, a :class:`Severity`, the rule id with its
title, an explanation, the citation, the source position (file, line, column) and the game
coordinates (deal, round, seat).  It renders for humans in English or Chinese, with the
offending source line and a caret, and as plain data for ``--format json``.

>>> d = Diagnostic(code="GJV201", severity=Severity.ERROR, rule_id="R-SET-3",
...                title_en="Strictly higher", title_zh="步步高",
...                en="55 on 66", zh="在66上出55",
...                file="final.gjn", line=12, column=9, deal=1, round=3, seat=2,
...                source_line="3. 1:66 2:55 3:-")
>>> print(d.format("en", color=False))
final.gjn:12:9: error GJV201 [R-SET-3] Strictly higher: 55 on 66 (deal 1, round 3, seat 2)
  3. 1:66 2:55 3:-
          ^
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gojinotation.errors import caret_lines
from gojinotation_analyzer import i18n

__all__ = ["Citation", "Diagnostic", "Severity", "diagnostic_dict", "is_syntax"]


class Severity(enum.StrEnum):
    """How serious a diagnostic is.

    ``error``: the record breaks a rule of its profile (or cannot be read);
    ``warning``: suspicious but not illegal (e.g. a tag the replay cannot confirm);
    ``dispute``: the documents disagree or are silent and it matters here;
    ``notice``: an irregularity recorded with the ruling given at the table.
    """

    ERROR = "error"
    WARNING = "warning"
    DISPUTE = "dispute"
    NOTICE = "notice"

    @property
    def zh(self) -> str:
        """The Chinese word for the severity (from the message catalogue).

        >>> Severity.DISPUTE.zh
        '争议'
        """
        return i18n.t(f"severity.{self.value}", "zh")

    @property
    def color(self) -> str:
        """The terminal colour used for the severity."""
        return {"error": "red", "warning": "yellow", "dispute": "magenta", "notice": "cyan"}[
            self.value
        ]


@attrs.frozen
class Citation:
    """A source of a rule: a seed document's file name, the section and a quote fragment."""

    file: str
    section: str = ""
    quote: str = ""

    def text(self, lang: str = "en") -> str:
        """File, section, the document's readable title (rules/data/sources.toml), quote.

        >>> Citation("002_db1c7cf5f153928f.txt", "b 9", "对头牌").text("zh")
        '002_db1c7cf5f153928f.txt b 9 《勾机比赛规则赛制：（一）基本规则》 “对头牌”'
        """
        from gojinotation_analyzer.rules.provenance import source_title

        out = self.file + (f" {self.section}" if self.section else "")
        title = source_title(self.file, self.section, lang)
        if title:
            out += f" 《{title}》" if lang == "zh" else f" ({title})"
        return out + (f" “{self.quote}”" if self.quote else "")

    def __str__(self) -> str:
        return self.text("en")


#: :meth:`Diagnostic.format`'s parts by what they depend on (the last 256).
_FORMATTED: dict[tuple[object, ...], tuple[str, str]] = {}


@attrs.frozen
class Diagnostic:
    """One finding of the validator.

    A summary of repeated findings (see ``docs/validator.md``, *Repeated findings*) has
    ``more`` > 0: it stands for that many findings left out, its position is the first
    of them and ``last_line``/``last_column`` the last.

    ``deal`` is the deal's position in its file (1-based); ``deal_number`` the record's own
    number for it (its ``[Deal]`` tag), which the messages show when the record has one.
    """

    code: str
    severity: Severity
    rule_id: str
    title_en: str
    title_zh: str
    en: str
    zh: str
    file: str = "<string>"
    line: int = 0
    column: int = 0
    end_column: int | None = None
    deal: int | None = None
    round: int | None = None
    seat: int | None = None
    action: str = ""
    explanation_en: str = ""
    explanation_zh: str = ""
    citations: tuple[Citation, ...] = ()
    param: str | None = None
    source_line: str = ""
    alternatives: tuple[tuple[str, str], ...] = ()
    more: int = 0
    last_line: int = 0
    last_column: int = 0
    deal_number: str | None = None

    def location(self) -> str:
        """``file:line:col``."""
        return f"{self.file}:{self.line}:{self.column}"

    def coordinates(self, lang: str = "en") -> str:
        """The game coordinates in words: deal (the record's own number when it has
        one), round, seat.

        >>> d = Diagnostic("GJV203", Severity.ERROR, "", "", "", "", "", deal=1, round=2)
        >>> d.coordinates(), attrs.evolve(d, deal_number="7").coordinates("zh")
        ('deal 1, round 2', '第7局，第2轮')
        """
        parts: list[str] = []
        deal = self.deal_number or self.deal
        if lang == "zh":
            if deal is not None:
                parts.append(f"第{deal}局")
            if self.round is not None:
                parts.append(f"第{self.round}轮")
            if self.seat is not None:
                parts.append(f"{self.seat}号位")
            return "，".join(parts)
        if deal is not None:
            parts.append(f"deal {deal}")
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        return ", ".join(parts)

    def format(self, lang: str = "en", *, color: bool = False, explain: bool = False) -> str:
        """The diagnostic for a terminal, with the source line and a caret."""
        key = (
            self.code,
            self.severity,
            self.rule_id,
            self.title_en if lang != "zh" else self.title_zh,
            self.en if lang != "zh" else self.zh,
            self.source_line,
            self.column,
            self.end_column,
            lang,
            color,
        )
        parts = _FORMATTED.get(key)
        if parts is None:  # made once for findings that differ only in place and deal
            if len(_FORMATTED) >= 256:
                _FORMATTED.clear()
            parts = _FORMATTED[key] = self._parts(lang, color)
        middle, caret = parts
        coords = self.coordinates(lang)
        tail = (f"（{coords}）" if lang == "zh" else f" ({coords})") if coords else ""
        out = f"{self.location()}: {middle}{tail}{caret}"
        if explain:
            lines = [out]
            text = self.explanation_zh if lang == "zh" else self.explanation_en
            if text:
                lines.append(f"  = {text}")
            for c in self.citations:
                lines.append(f"  = {'出处' if lang == 'zh' else 'source'}: {c.text(lang)}")
            for value, ruling in self.alternatives:
                lines.append(f"  = {value}: {ruling}")
            out = "\n".join(lines)
        return out

    def _parts(self, lang: str, color: bool) -> tuple[str, str]:
        """What :meth:`format` writes after the position (the severity, code, rule, title
        and message) and the source line with its caret (``""`` without one)."""
        sev = self.severity.zh if lang == "zh" else self.severity.value
        title = self.title_zh if lang == "zh" else self.title_en
        msg = self.zh if lang == "zh" else self.en
        sep = "：" if lang == "zh" else ": "
        rule = f" [{self.rule_id}]" if self.rule_id else ""
        if color:
            import click

            sev = click.style(sev, fg=self.severity.color, bold=True)
        middle = f"{sev} {self.code}{rule} {title}{sep}{msg}"
        if not (self.source_line and self.column > 0):
            return middle, ""
        src, pad, width = caret_lines(self.source_line, self.column, self.end_column)
        caret = "^" * width
        if color:
            import click

            caret = click.style(caret, fg=self.severity.color, bold=True)
        return middle, f"\n  {src}\n  {pad}{caret}"

    def as_dict(self) -> dict[str, Any]:
        """Plain data for ``--format json``."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "rule": {"id": self.rule_id, "title": {"en": self.title_en, "zh": self.title_zh}},
            "message": {"en": self.en, "zh": self.zh},
            "explanation": {"en": self.explanation_en, "zh": self.explanation_zh},
            "citations": [attrs.asdict(c) for c in self.citations],
            "param": self.param,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "deal": self.deal,
            "deal_number": self.deal_number,
            "round": self.round,
            "seat": self.seat,
            "action": self.action,
            "alternatives": [{"value": v, "ruling": r} for v, r in self.alternatives],
            "more": (
                {"count": self.more, "last": {"line": self.last_line, "column": self.last_column}}
                if self.more
                else None
            ),
        }


def is_syntax(d: Diagnostic) -> bool:
    """Whether ``d`` is a syntax error of the notation layer (a ``GJN`` code)."""
    return d.code.startswith("GJN")


def diagnostic_dict(d: Diagnostic, *, explain: bool = True) -> dict[str, Any]:
    """:meth:`Diagnostic.as_dict` plus ``end_column``, ``source_line`` and ``syntax``
    (``explanation`` is ``null`` without ``explain``)."""
    out = d.as_dict()
    if not explain:
        out["explanation"] = None
    out["end_column"] = d.end_column
    out["source_line"] = d.source_line
    out["syntax"] = is_syntax(d)
    return out
