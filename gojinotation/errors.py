"""Typed errors of the notation layer.

Every error a user can meet carries a stable ``code``, a position (file, line, column),
what was found, what was expected, the source line, and its message in English and in
Chinese.  No exception type of Lark leaves the public API.

>>> err = NotationError("GJN113", line=3, column=1, found="7", source_line="7:333",
...                     en="seat 7 is out of range", zh="座位 7 超出范围")
>>> print(err.format("en"))
<string>:3:1: error GJN113: seat 7 is out of range (found '7')
  7:333
  ^
"""

from __future__ import annotations

__all__ = ["GoujiError", "NotationError", "caret_lines"]


class GoujiError(ValueError):
    """The root of every error raised by gojinotation and the analyzer."""


#: The most characters of a source line an error shows (a longer one is cut around the
#: column, so that a 10 MB line does not make a 10 MB message).
_SHOWN = 120


def caret_lines(source_line: str, column: int, end_column: int | None) -> tuple[str, str, int]:
    """The source line as shown under a message, the padding before the caret and the
    caret's width; a line longer than 120 characters is cut around the column (``…``).

    >>> caret_lines("1. 1:3 7:3", 8, 10)
    ('1. 1:3 7:3', '       ', 2)
    >>> line, pad, width = caret_lines("x" * 500 + "7:3", 501, 503)
    >>> len(line), line[len(pad):len(pad) + width]
    (121, '7:')
    """
    line = source_line.rstrip("\n")
    col = column
    width = max(1, (end_column or col + 1) - col)
    if len(line) > _SHOWN:
        start = max(0, min(col - 1 - _SHOWN // 2, len(line) - _SHOWN))
        end = start + _SHOWN
        line = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
        col -= start - (1 if start else 0)
    width = min(width, max(1, len(line) - col + 1))
    before = line[: col - 1]
    pad = (
        "".join("\t" if ch == "\t" else " " for ch in before)
        if "\t" in before
        else " " * len(before)
    )
    return line, pad, width


class NotationError(GoujiError):
    """A GJN syntax error (or an input that cannot be read as GJN at all).

    :ivar code: stable code, ``GJN1xx``.
    :ivar filename: the source name (``<string>`` when parsed from a string).
    :ivar line: 1-based line.
    :ivar column: 1-based column.
    :ivar found: the text found at the error, if any.
    :ivar expected: what would have been valid there (human words).
    :ivar source_line: the full source line, for a caret display.
    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    """

    def __init__(
        self,
        code: str,
        *,
        line: int,
        column: int,
        en: str,
        zh: str,
        found: str = "",
        expected: tuple[str, ...] = (),
        source_line: str = "",
        filename: str = "<string>",
        end_column: int | None = None,
    ) -> None:
        self.code = code
        self.line = line
        self.column = column
        self.en = en
        self.zh = zh
        self.found = found
        self.expected = expected
        self.source_line = source_line
        self.filename = filename
        self.end_column = end_column
        # the message is formatted when asked for (``str``, ``args``), not here: a file of
        # 500,000 broken one-line deals made each error format its caret twice (issue #15)

    def __str__(self) -> str:
        return self.format("en")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.format('en')!r})"

    @property
    def args(self) -> tuple[str, ...]:
        """``(message,)``, as for any exception: the English message, made when asked."""
        return (self.format("en"),)

    @args.setter
    def args(self, value: tuple[object, ...]) -> None:  # the message follows the fields
        pass

    def message(self, lang: str = "en") -> str:
        """The one-line message (without position) in ``lang`` (``en`` or ``zh``)."""
        text = self.zh if lang == "zh" else self.en
        if self.found:
            found = self.found if len(self.found) <= _SHOWN else self.found[: _SHOWN - 1] + "…"
            text += f"（发现 {found!r}）" if lang == "zh" else f" (found {found!r})"
        if self.expected:
            joined = ", ".join(self.expected)
            text += f"；应为：{joined}" if lang == "zh" else f"; expected {joined}"
        return text

    def format(self, lang: str = "en", *, caret: bool = True) -> str:
        """``file:line:col: error CODE: message`` and, with ``caret``, the line and a caret."""
        word = "错误" if lang == "zh" else "error"
        head = (
            f"{self.filename}:{self.line}:{self.column}: {word} {self.code}: {self.message(lang)}"
        )
        if not caret or not self.source_line:
            return head
        line, pad, width = caret_lines(self.source_line, self.column, self.end_column)
        return f"{head}\n  {line}\n  {pad}{'^' * width}"

    def with_filename(self, filename: str) -> NotationError:
        """This error, naming ``filename`` as its source."""
        self.filename = filename
        return self

    def as_dict(self) -> dict[str, object]:
        """The error as plain data (for ``--format json``)."""
        return {
            "code": self.code,
            "file": self.filename,
            "line": self.line,
            "column": self.column,
            "found": self.found,
            "expected": list(self.expected),
            "message": {"en": self.message("en"), "zh": self.message("zh")},
        }

    def __reduce__(self) -> tuple[object, ...]:  # picklable despite keyword-only init
        return (_rebuild, (self.code, self.__dict__))


def _rebuild(code: str, state: dict[str, object]) -> NotationError:
    err = NotationError.__new__(NotationError)
    err.__dict__.update(state)
    return err
