"""Every class of GJN syntax error: its code, line, column, what was found, and both
messages.  A broken deal never stops the reader, and no Lark type leaves the API."""

from __future__ import annotations

import contextlib
import io
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gojinotation as gj
from tests.strategies import FRAGMENTS

H = '[Event "x"]\n'

# (id, source, code, line, column, found, English message, Chinese message)
CASES = [
    # unknown ranks: a word where cards belong, or a letter glued to a set
    ("unknown-word", H + "1:ZZ", "GJN110", 2, 3, "ZZ",
     "unknown rank or action 'ZZ'", "无法识别的牌点或动作 'ZZ'"),
    ("rank-in-set", H + "3:KKB", "GJN110", 2, 5, "B",
     "unknown rank 'B' in the set 'KKB'", "牌组 'KKB' 中有无法识别的牌点 'B'"),
    ("rank-after-one-card", H + "1:3B", "GJN110", 2, 4, "B",
     "unknown rank 'B' in the set '3B'", "牌组 '3B' 中有无法识别的牌点 'B'"),
    ("rank-in-hand", H + "hand 2: 33W", "GJN110", 2, 11, "W",
     "unknown rank 'W' in the set '33W'", "牌组 '33W' 中有无法识别的牌点 'W'"),
    ("zero-run", H + "1:3*0", "GJN110", 2, 3, "3*0", "not a card: '*0'", "无法识别的牌：'*0'"),
    # braces
    ("unclosed-comment", H + "1:333 {oops\n2:-", "GJN111", 2, 7, "{",
     "comment is never closed: '{' without a matching '}'", "注释没有结束：'{' 缺少对应的 '}'"),
    ("stray-brace", H + "1:333 }", "GJN111", 2, 7, "}",
     "'}' without an opening '{'", "多余的 '}'，前面没有 '{'"),
    # brackets and parentheses
    ("unclosed-tag-eof", '[Event "x"', "GJN112", 1, 1, "[",
     "tag is never closed: ']' is missing", "标签没有结束：缺少 ']'"),
    ("unclosed-tag", '[Event "x"\n1:333', "GJN112", 1, 1, "[",
     "tag is never closed: ']' is missing", "标签没有结束：缺少 ']'"),
    ("unclosed-variation", H + "1:333 (2:444 3:-", "GJN112", 2, 7, "(",
     "variation '(' is never closed", "变着的 '(' 没有对应的 ')'"),
    ("stray-paren", H + "1:333 2:- )", "GJN112", 2, 11, ")",
     "')' without an opening '('", "多余的 ')'，前面没有 '('"),
    # seats
    ("seat-0", H + "0:333", "GJN113", 2, 1, "0:", "seat 0 is out of range", "座位 0 超出范围"),
    ("seat-7", H + "1:3 7:333", "GJN113", 2, 5, "7:", "seat 7 is out of range", "座位 7 超出范围"),
    ("hand-seat-7", H + "hand 7: 333", "GJN113", 2, 1, "hand 7:",
     "seat 7 is out of range", "座位 7 超出范围"),
    ("hand-seat-0", H + "hand 0: -", "GJN113", 2, 1, "hand 0:",
     "seat 0 is out of range", "座位 0 超出范围"),
    ("buy-from-7", H + "1:buy 3 from 7 for 4", "GJN113", 2, 14, "7",
     "seat 7 is out of range", "座位 7 超出范围"),
    ("give-to-0", H + "1:give 3 to 0", "GJN113", 2, 13, "0",
     "seat 0 is out of range", "座位 0 超出范围"),
    # quotes
    ("unquoted-value", "[Event x]", "GJN114", 1, 8, "x",
     'tag value must be a quoted string, as in [Event "…"]',
     '标签值必须用双引号括起来，如 [Event "…"]'),
    ("unclosed-quote", '[Event "x]', "GJN114", 1, 8, '"',
     "string is never closed: missing '\"'", "字符串没有结束：缺少 '\"'"),
    # order inside a deal
    ("tag-after-moves", H + "1:333 2:- [Site \"y\"]", "GJN116", 2, 11, "",
     "tag pairs must come before the hands and moves (a new deal starts on a new line)",
     "标签必须写在手牌和出牌之前（新的一局须另起一行）"),
    ("tag-in-variation", H + '1:333 ([Site "y"] 2:-)', "GJN116", 2, 8, "",
     "tag pairs cannot stand inside a variation ( … ), which holds moves only",
     "变着 ( … ) 中只能写出牌，不能写标签"),
    ("hand-after-moves", H + "1:333\nhand 1: 333", "GJN116", 3, 1, "",
     "hand lines must come before the first move", "手牌行必须写在第一步出牌之前"),
    ("hand-in-variation", H + "1:3 (hand 1: 3)", "GJN116", 2, 6, "",
     "hand lines cannot stand inside a variation ( … ), which holds moves only",
     "变着 ( … ) 中只能写出牌，不能写手牌行"),
    ("no-tag", "1:333", "GJN116", 1, 1, "",
     'a deal must begin with a tag pair such as [Event "…"]',
     '一局记录必须以标签开始，如 [Event "…"]'),
    # numbers
    ("long-seat", H + "1234567:333", "GJN118", 2, 1, "1234567:",
     "number too large (more than 6 digits)", "数字过大（超过 6 位）"),
    ("long-report", H + "1:report 12345678", "GJN118", 2, 10, "12345678",
     "number too large (more than 6 digits)", "数字过大（超过 6 位）"),
    ("long-round", H + "1234567. 1:3", "GJN118", 2, 1, "1234567.",
     "number too large (more than 6 digits)", "数字过大（超过 6 位）"),
    ("long-penalty", H + "1:penalty -1234567", "GJN118", 2, 11, "-1234567",
     "number too large (more than 6 digits)", "数字过大（超过 6 位）"),
    # nesting
    ("too-deep", H + "1:3 " + "(" * 65 + "2:4" + ")" * 65, "GJN117", 2, 69, "(",
     "variations nested more than 64 deep", "变着嵌套超过 64 层"),
    # sizes
    ("hand-of-300", H + "hand 1: 3*100 4*100 5*100", "GJN119", 2, 1, "hand 1:",
     "a hand of 300 cards (at most 216)", "手牌 300 张（最多 216 张）"),
    ("group-of-300", H + "hand 1: 3*300", "GJN119", 2, 9, "3*300",
     "300 cards in one group (at most 216)", "一组中有 300 张牌（最多 216 张）"),
    ("one-card", H + "1:buy 33 from 2 for 4", "GJN120", 2, 7, "33",
     "exactly one card expected", "此处应为一张牌"),
    # stray input
    ("nul", H + "1:3 \x00", "GJN100", 2, 5, "\x00",
     "unexpected character '\\x00'", "意外的字符 '\\x00'"),
    ("end-of-input", H + "1:burn", "GJN102", 2, 3, "", "unexpected end of input", "输入意外结束"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("source", "code", "line", "column", "found", "en", "zh"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_error_class(
    source: str, code: str, line: int, column: int, found: str, en: str, zh: str
) -> None:
    result = gj.read(source, filename="t.gjn")
    assert len(result.errors) == 1
    (err,) = result.errors
    assert (err.code, err.line, err.column, err.found) == (code, line, column, found)
    assert (err.en, err.zh) == (en, zh)
    assert err.filename == "t.gjn"
    assert err.message("en").startswith(en)
    assert err.message("zh").startswith(zh)
    assert err.format().startswith(f"t.gjn:{line}:{column}: error {code}: {en}")
    assert err.format("zh").startswith(f"t.gjn:{line}:{column}: 错误 {code}: {zh}")
    with pytest.raises(gj.NotationError) as raised:
        gj.loads(source)
    assert raised.value.code == code


@pytest.mark.parametrize(
    ("source", "code", "line", "column"),
    [c[1:5] for c in CASES if c[0] != "no-tag"],  # mid-file, moves without a tag are no error
    ids=[c[0] for c in CASES if c[0] != "no-tag"],
)
def test_error_keeps_the_next_deal(source: str, code: str, line: int, column: int) -> None:
    """The same error in the middle of a file: the deals after it still parse."""
    text = '[Event "before"]\n1:333\n\n' + source + '\n\n[Event "after"]\n1:444\n'
    result = gj.read(text)
    (err,) = result.errors
    assert (err.code, err.line, err.column) == (code, line + 3, column)
    last = result.match.deals[-1]
    assert isinstance(last, gj.Deal)
    assert last.tags == {"Event": "after"}
    assert isinstance(result.match.deals[0], gj.Deal)
    broken = [d for d in result.match.deals if isinstance(d, gj.BrokenDeal)]
    assert len(broken) == 1


def test_caret_points_at_the_error() -> None:
    (err,) = gj.read(H + "3:KKB").errors
    assert err.format().splitlines()[1:] == ["  3:KKB", "      ^"]
    (err,) = gj.read(H + "7:333").errors
    assert err.format().splitlines()[1:] == ["  7:333", "  ^^"]


def test_ten_thousand_nested_variations() -> None:
    start = time.perf_counter()
    closed = gj.read(H + "1:3 " + "(" * 10_000 + "2:4" + ")" * 10_000)
    opened = gj.read(H + "1:3 " + "(" * 10_000 + "2:4")
    assert time.perf_counter() - start < 60  # no hang (and no RecursionError)
    (err,) = closed.errors
    assert (err.code, err.line, err.column) == ("GJN117", 2, 69)
    (err,) = opened.errors
    assert (err.code, err.line, err.column) == ("GJN112", 2, 10_004)


def test_invalid_utf8_reports_the_byte_position() -> None:
    data = b'[Event "x"]\n1:333 {caf\xc3\xa9 \xff\xfe}\n'
    (err,) = gj.read(data, filename="b.gjn").errors
    assert (err.code, err.line, err.column, err.found) == ("GJN115", 2, 13, "ff fe")
    assert (err.en, err.zh) == ("the file is not valid UTF-8 text", "文件不是有效的 UTF-8 文本")
    assert err.source_line == "1:333 {café \ufffd\ufffd}"
    # a truncated multi-byte sequence at the very end
    (err,) = gj.read(b'[Event "x"]\n1:333 {\xe5\xa4').errors
    assert (err.code, err.line, err.column, err.found) == ("GJN115", 2, 8, "e5 a4")


@pytest.mark.parametrize("source", ["", " ", "\n\n", " \t\n  \r\n", "\ufeff", "\ufeff\n"])
def test_empty_or_blank_input_is_an_empty_match(source: str) -> None:
    """Not an error: a file with no deal reads as a match with no deals."""
    result = gj.read(source)
    assert result.ok
    assert result.match.deals == ()
    assert result.match.prologue == ()
    assert gj.loads(source) == gj.Match((), 1)
    assert list(gj.skim(source)) == []


def test_several_errors_one_per_deal() -> None:
    text = "\n\n".join(f'[Event "{i}"]\n1:Z{i}' for i in range(5))
    result = gj.read(text)
    assert [(e.line, e.column) for e in result.errors] == [(2 + 3 * i, 3) for i in range(5)]
    assert all(isinstance(d, gj.BrokenDeal) for d in result.match.deals)


# ----------------------------------------------------- nothing of Lark escapes


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises(text: str) -> None:
    result = gj.read(text)
    assert all(isinstance(e, gj.NotationError) for e in result.errors)
    assert all(e.code.startswith("GJN1") for e in result.errors)
    gj.dumps(result.match)  # and whatever was read can be written back


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    result = gj.read(data)
    assert all(isinstance(e, gj.NotationError) for e in result.errors)
    list(gj.skim(io.BytesIO(data)))  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30))
def test_token_soup_never_raises(parts: list[str]) -> None:
    text = "".join(parts)
    result = gj.read(text)
    assert all(isinstance(e, gj.NotationError) for e in result.errors)
    with contextlib.suppress(gj.NotationError):
        gj.loads(text)
    list(gj.skim(text))
