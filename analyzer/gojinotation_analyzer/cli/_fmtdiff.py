"""``gouji fmt --diff``: the unified diff of a record and its canonical text, whole
(:func:`_diff`, the reference) or a deal at a time (:class:`_DealDiff`); split from
:mod:`gojinotation_analyzer.cli.fmt`."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import IO, Any

import click

from gojinotation_analyzer.cli.common import Source, encoding_of
from gojinotation_analyzer.i18n import t


def _diff(old: str, new: str, name: str, lang: str) -> str:
    import difflib  # only with --diff (start-up of fmt --check)

    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"{name}\t({t('fmt.original', lang)})",
        tofile=f"{name}\t({t('fmt.formatted', lang)})",
    )  # the file's head lines are _diff_head's
    return "".join(map(_styled, lines))


def _styled(line: str) -> str:
    """A line of a unified diff as ``fmt --diff`` prints it (coloured on a terminal)."""
    if not line.endswith("\n"):
        line += "\n\\ No newline at end of file\n"
    if line.startswith("+") and not line.startswith("+++"):
        return click.style(line, fg="green")
    if line.startswith("-") and not line.startswith("---"):
        return click.style(line, fg="red")
    if line.startswith("@@"):
        return click.style(line, fg="cyan")
    return line


def _diff_head(name: str, lang: str) -> tuple[str, str]:
    """The ``---`` and ``+++`` lines of ``fmt --diff``."""
    return (
        f"--- {name}\t({t('fmt.original', lang)})\n",
        f"+++ {name}\t({t('fmt.formatted', lang)})\n",
    )


#: Lines of context around each change in ``fmt --diff`` (difflib's default).
CONTEXT = 3


class _DealDiff:
    """``fmt --diff`` written a deal at a time: a unified diff whose changes are found
    deal by deal (the lines of each text :func:`gojinotation.reader.deal_texts` cuts
    against the canonical text made of it, by :class:`difflib.SequenceMatcher`), whose
    hunks gather them as :func:`difflib.unified_diff` gathers the changes of one file
    (:data:`CONTEXT` lines around each, hunks closer than twice that merged), with the
    file's line numbers.  Where the matcher pairs the lines of the whole file as it pairs
    those of each deal (always, unless lines move from one deal to another), the text is
    byte for byte what ``difflib.unified_diff`` gives on the whole file.

    The original lines are read again from the file, as the whole diff splits them
    (``str.splitlines``, line ends as written); a hunk is held in a temporary file until
    it ends (its head line gives its length) and the diff in another until the record
    has read back, so that memory holds two deals' lines (a deal is diffed when the next
    is made: the blank line that starts the next's canonical text goes with it) and a few
    lines of context.
    """

    def __init__(self, old: Iterator[str], name: str, lang: str, out: IO[str]) -> None:
        import collections

        self._old = old  # the original's lines (the reader's: ending in \n, \r\n or \r)
        self._head = _diff_head(name, lang)
        self._started = False  # the head lines are written before the first hunk
        self._out = out
        self._new: list[str] = []  # the canonical text of the deal being made
        self._last: tuple[list[str], list[str]] | None = None  # the last deal, not diffed
        self._i = self._j = 0  # original and canonical lines so far
        self._run = 0  # unchanged lines since the last change
        self._run_head: list[str] = []  # the first CONTEXT of them
        self._run_tail: collections.deque[str] = collections.deque(maxlen=CONTEXT)
        self._hunk: IO[str] | None = None
        self._hunk_at = (0, 0)  # where the hunk starts, original and canonical
        self._hunk_len = [0, 0]

    def made(self, piece: str) -> None:
        """Canonical text made of the deal being read."""
        self._new.append(piece)

    def deal(self, text: str) -> None:
        """The text of a deal (as cut, line ends as ``\n``) has been made: diff its lines."""
        count = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
        a = "".join(itertools.islice(self._old, count)).splitlines(keepends=True)
        b = "".join(self._new).splitlines(keepends=True)
        self._new.clear()
        if self._last is not None:
            # the blank lines that start a deal's canonical text (the line between two
            # deals) go with the deal before, whose text as written ends with them
            lead = 0
            while lead < len(b) and not b[lead].strip():
                lead += 1
            self._last[1].extend(b[:lead])
            del b[:lead]
            self._compare(*self._last)
        self._last = (a, b)

    def finish(self) -> None:
        """The end of the record: the rest, and the last hunk."""
        a, b = self._last if self._last is not None else ([], [])
        a.extend("".join(self._old).splitlines(keepends=True))
        b.extend("".join(self._new).splitlines(keepends=True))
        self._compare(a, b)
        if self._hunk is not None:
            self._context(self._run_head)
            self._close()

    def _compare(self, a: list[str], b: list[str]) -> None:
        if a == b:
            self._same(a)
            return
        import difflib

        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes():
            if tag == "equal":
                self._same(a[i1:i2])
            else:
                self._change(a[i1:i2], b[j1:j2])

    def _same(self, lines: list[str]) -> None:
        for line in lines:
            self._run += 1
            if len(self._run_head) < CONTEXT:
                self._run_head.append(line)
            else:
                self._run_tail.append(line)
        self._i += len(lines)
        self._j += len(lines)

    def _change(self, old: list[str], new: list[str]) -> None:
        run = self._run_head + list(self._run_tail)  # all of it if at most 2 * CONTEXT
        if self._hunk is not None and self._run > 2 * CONTEXT:
            self._context(self._run_head)
            self._close()
        if self._hunk is None:
            import tempfile

            before = run[-CONTEXT:] if self._run else []
            self._hunk = tempfile.SpooledTemporaryFile(  # noqa: SIM115 - closed in _close
                1 << 20, "w+", encoding="utf-8", newline="", errors="surrogateescape"
            )
            self._hunk_at = (self._i - len(before), self._j - len(before))
            self._hunk_len = [0, 0]
            self._context(before)
        else:
            self._context(run)
        for line in old:
            self._hunk.write(_styled("-" + line))
        for line in new:
            self._hunk.write(_styled("+" + line))
        self._hunk_len[0] += len(old)
        self._hunk_len[1] += len(new)
        self._i += len(old)
        self._j += len(new)
        self._run = 0
        self._run_head = []
        self._run_tail.clear()

    def _context(self, lines: list[str]) -> None:
        assert self._hunk is not None
        for line in lines:
            self._hunk.write(_styled(" " + line))
        self._hunk_len[0] += len(lines)
        self._hunk_len[1] += len(lines)

    def _close(self) -> None:
        hunk = self._hunk
        assert hunk is not None
        self._hunk = None
        if not self._started:
            self._started = True
            self._out.write("".join(self._head))
        (i, j), (m, n) = self._hunk_at, self._hunk_len
        self._out.write(_styled(f"@@ -{_range(i, m)} +{_range(j, n)} @@\n"))
        hunk.seek(0)
        while block := hunk.read(1 << 16):
            self._out.write(block)
        hunk.close()


def _range(start: int, length: int) -> str:
    """A hunk's range as :func:`difflib.unified_diff` writes it."""
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


def _original_lines(src: Source) -> Iterator[str]:
    """The lines of the record as :func:`_fmt_whole` diffs them: decoded as the whole
    read decodes them, line ends as written; read with ``os.pread`` from the record's
    file descriptor, beside the reader (which reads the same file at its own place)."""
    import io
    import os

    class _At(io.RawIOBase):
        def __init__(self, fd: int) -> None:
            self.fd = fd
            self.at = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            data = os.pread(self.fd, len(buffer), self.at)
            buffer[: len(data)] = data
            self.at += len(data)
            return len(data)

    assert src.codec is not None
    text = io.TextIOWrapper(
        io.BufferedReader(_At(src.raw.fileno()), 1 << 16), encoding=src.codec, newline=""
    )
    strip = encoding_of() is not None or src.codec == "utf-16"  # as decode_input does
    first = True
    for line in text:
        if first:
            first = False
            if strip:
                line = line.removeprefix("\ufeff")
        yield line
