"""The reader's fast syntax-error path (issue #15) against Lark forced: a one-line chunk
that opens a tag and never closes it gets, field by field, the error Lark gives it."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gojinotation as gj
from gojinotation import _assemble
from gojinotation._assemble import _lark_items, _Lines, _tag_never_closed

PROPERTY = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Blanks of a line (Lark's ``WS`` without the line ends) and things that are no blank.
_BLANK = st.text(alphabet=" \t\f", max_size=3)

#: Tag names, keywords and words of other terminals among them, and words no tag name is.
_NAME = st.one_of(
    st.sampled_from(
        ["Event", "a", "a5", "hand", "close", "burn", "KK", "X", "D", "to", "x_1", "Z9_", "pass"]
    ),
    st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True),
    st.sampled_from(["5", "_a", "3:", "1.", "标签", "-", "%x", "?"]),
)

#: Strings of the grammar (escapes, brackets and CJK inside) and a few that are not closed
#: or cross a line end.
_STRING = st.one_of(
    st.from_regex(r'"(?:[^"\\\n]|\\[^\n])*"', fullmatch=True),
    st.sampled_from(['"b"', '""', '"]"', '"[a "b"]"', '"\\""', '"x\\\\"', '"青岛"']),
    st.sampled_from(['"b', '"b\\"', '"\\', "'b'", "“b”"]),
    st.from_regex(r'"[^"\n]*', fullmatch=True),  # never closed
)

#: What may follow (usually nothing): a closing bracket, more words, a comment, a note.
_TAIL = st.one_of(
    st.just(""),
    st.just(""),
    st.sampled_from(["]", "x", "{c}", "{", "[%n]", "[", "1.", "3:KKK", '"c"', "\\", "\u3000"]),
)


@st.composite
def open_tag_lines(draw: st.DrawFn) -> str:
    """One line that opens a tag, mostly never closed, with its line end."""
    parts = [draw(_BLANK), "[", draw(_BLANK)]
    if draw(st.booleans()) or draw(st.booleans()):
        parts += [draw(_NAME), draw(_BLANK)]
    if draw(st.booleans()):
        parts += [draw(_STRING), draw(_BLANK)]
    parts += [draw(_TAIL), draw(_BLANK)]
    return "".join(parts) + "\n"


def _lark_error(text: str, offset: int) -> gj.NotationError | None:
    """Lark's error for ``text`` read at line ``offset + 1`` (None if Lark reads it)."""
    try:
        _lark_items(text, _Lines(text), offset)
    except gj.NotationError as err:
        return err
    return None


@PROPERTY
@given(open_tag_lines(), st.integers(min_value=0, max_value=10**6))
def test_an_unclosed_tag_line_gets_the_error_lark_gives(text: str, offset: int) -> None:
    """Where the fast path answers, Lark fails the same way in every field (code, line,
    column, found, expected, source line, both messages, caret); elsewhere it leaves the
    text to Lark."""
    fast = _tag_never_closed(text, offset, "f.gjn")
    if fast is None:
        return
    slow = _lark_error(text, offset)
    assert slow is not None, text
    slow.with_filename("f.gjn")
    assert fast.__dict__ == slow.__dict__
    for lang in ("en", "zh"):
        assert fast.format(lang) == slow.format(lang)
    assert fast.as_dict() == slow.as_dict()


def test_the_fast_path_answers_the_common_shapes() -> None:
    """The shapes of issue #15 (``[``, ``[x``, ``[a "b"``, ``[a "b``, blanks anywhere) are
    answered without Lark; a closed tag, a note, a value without a name and a line with
    more are not."""
    for text in ("[\n", "  [ \t\n", "[x\n", '[a "b"\n', '\t[ a5\f"b\\"]"  \n', '[a "b\n'):
        assert _tag_never_closed(text, 0, "f") is not None, text
    for text in ('[a "b"]\n', "[%x\n", '["b\n', '["b"\n', '[a "b" x\n', "x[\n", "[\n[\n"):
        assert _tag_never_closed(text, 0, "f") is None, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(open_tag_lines(), st.integers(0, 2)), min_size=1, max_size=30))
def test_a_file_of_broken_lines_reads_as_through_lark(
    lines: list[tuple[str, int]],
) -> None:
    """A file of such lines (blank lines between them) gives the same deals, texts, spans
    and errors, in the same order, as with the fast path and the memo turned off."""
    text = "".join(line + "\n" * blanks for line, blanks in lines)
    fast = gj.read(text, filename="f.gjn")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_assemble, "_tag_never_closed", lambda *a: None)
        mp.setattr(_assemble, "_BROKEN", {})
        mp.setattr(_assemble, "_SEEN", {})
        mp.setattr(_assemble, "_MEMO_CHARS", 0)
        slow = gj.read(text, filename="f.gjn")
    assert [e.__dict__ for e in fast.errors] == [e.__dict__ for e in slow.errors]
    assert fast.match.prologue == slow.match.prologue
    assert fast.match.deals == slow.match.deals
    assert [d.span for d in fast.match.deals] == [d.span for d in slow.match.deals]


#: Lines that make chunks (broken or not), repeated to make runs of equal chunks.
_LINES = st.sampled_from(
    [
        "[",
        "[x",
        '[a "b"',
        '[a "b"]',
        "  [",
        "[%n]",
        "[%",
        "{",
        "}",
        "1:3",
        "hand 1: 3",
        '[a "b\\',
        '"',
        "",
        " ",
        "%GJN 1",
        "(1:3",
    ]
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(_LINES, st.integers(1, 6)), min_size=1, max_size=12),
    st.integers(1, 40),
    st.booleans(),
)
def test_repeated_chunks_are_cut_as_by_scanning(
    runs: list[tuple[str, int]], block: int, tags: bool
) -> None:
    """The scanner's shortcut for a chunk met again at once (issue #15) cuts every text
    as scanning each chunk does, in blocks of any size."""
    from gojinotation import _scan

    text = "".join((line + "\n") * times for line, times in runs)

    def cut() -> list[tuple[int, str, dict[str, str]]]:
        pieces = [text[i : i + block] for i in range(0, len(text), block)]
        return list(_scan._chunks(pieces, tags=tags))

    quick = cut()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_scan, "_SELF_CONTAINED", re.compile(r"(?!)"))  # never a shortcut
        scanned = cut()
    assert quick == scanned
    assert "".join(t for _, t, _ in quick) == text or not text.strip()
