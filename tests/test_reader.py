"""The reader's machinery: the fast path against Lark, streaming in blocks, the skim,
undecodable bytes, and no Lark type escaping the public API."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gojinotation as gj
from gojinotation import _scan
from gojinotation import model as m
from gojinotation import reader as r
from gojinotation.reader import GRAMMAR_PATH
from tests import strategies as s

PROPERTY = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------- fast path versus Lark


def _spans(value: Any) -> list[Any]:
    """Every span inside a value, in order (spans take no part in equality)."""
    out: list[Any] = []
    if isinstance(value, (list, tuple)):
        for v in value:
            out.extend(_spans(v))
    elif attrs.has(type(value)) and not isinstance(value, m.Span):
        for f in attrs.fields(type(value)):
            v = getattr(value, f.name)
            out.append(v) if isinstance(v, m.Span) else out.extend(_spans(v))
    return out


def _both(text: str, offset: int = 0) -> tuple[list[Any] | None, list[Any] | str]:
    """The fast path's items (None if it gives up) and Lark's items (or its error code)."""
    try:
        fast: list[Any] | None = r._fast_items(text, offset)
    except r._Fallback:
        fast = None
    try:
        slow: list[Any] | str = r._lark_items(text, text.split("\n"), offset)
    except gj.NotationError as err:
        slow = err.code
    return fast, slow


def _agree(text: str, offset: int = 0) -> bool:
    """The fast path either gives up or builds exactly what Lark builds, spans too."""
    fast, slow = _both(text, offset)
    if fast is None:
        return False
    assert not isinstance(slow, str), f"fast path accepted what Lark rejects ({slow}): {text!r}"
    assert fast == slow
    assert _spans(fast) == _spans(slow)
    assert [hash(x) for x in fast if not isinstance(x, m.Variation)] == [
        hash(x) for x in slow if not isinstance(x, m.Variation)
    ]
    return True


@PROPERTY
@given(s.match())
def test_fast_path_reads_canonical_text_like_lark(match: m.Match) -> None:
    text = gj.dumps(match)
    body = text.split("\n", 1)[1]  # the version line is the reader's, not the grammar's
    assert _agree(body, offset=1)


@PROPERTY
@given(st.lists(st.sampled_from(s.FRAGMENTS), max_size=25))
def test_fast_path_agrees_with_lark_on_token_soup(parts: list[str]) -> None:
    text = "".join(parts).replace("\r", "")
    _agree(text)


@pytest.mark.parametrize(
    "text",
    [
        '[Event "x"]\nhand 1: DD X 2222 AAA ?*3\nhand 2: -\n1. 1:333 ! [%clk 12] 2:- 3:close\n',
        "1:timeout 2:tt 3:t 4:T*7 5:10 6:t10\n",
        "^1:333 ^ 2:KK 3：- 4:过 5:让牌 6:扣\n",
        "1:burn KKKK 2:report 9 3:revolution 4:革命 5:造反\n",
        "1:buy 3h from 6 for 4 2:give 3 to 5 3:tribute DD to 1 4:return 44 to 2\n",
        '1:penalty -2 "slow" 2:penalty +3 3:ruling "ok \\" quoted"\n',
        "1:3 (2:4 (3:5) {c}) 4:6\n",
        "hand 1: 33 2:4 hand 3: 10. 1:3\n",
        "hand 1:\n  33\n  44\n1:\n333\n",
        "{a\nb} 1:3 [%x\ny] 2:-\n",
        "1:3 !? ?! !! ?? ! ? [%a] [%b c]\n",
        "1:333?\n",
        "hand 1: 3 4 3 5\n",  # groups out of order are sorted
    ],
)
def test_fast_path_examples(text: str) -> None:
    assert _agree(text), "the fast path gave up"


@pytest.mark.parametrize(
    "text",
    [
        "hand 1: D X 2s2h2c Ad\nhand 2: XX 2s2c\n\n1. 2:KK 1:-\n",
        "hand 1: 33 \t\n1. 1:3\n",  # white space after the last group
        "hand 1:\n1. 1:3\n",  # no cards
        "hand 1: 33 44\n  55\n1. 1:3\n",  # the groups go on on the next line
        "hand 1: 33\n2:4\n",
        "hand 1: 33\n^2:4\n",
        "hand 1: 33 2:4\n",
        "hand 1:33 44\n",
        "hand 1：33\n",
        "hand 1: 33 {c}\n",
        "hand 1: 33\n{c}\n",
        "hand 1: 33\n  hand 2: 44",
        "hand 1: 33\n10. 1:3\n",
        "hand 1: 3 4 3 5",
    ],
)
def test_fast_hand_line_agrees_with_lark(text: str) -> None:
    assert _agree(text), "the fast path gave up"


def test_fast_hand_line_pattern_stops_where_the_item_pattern_stops() -> None:
    """The dedicated pattern reads a canonical line, and declines a hand that goes on."""
    hl = r._fast().hand_line
    line = "hand 6: D X 2s2h2c2d AsAsAd 3h\n"
    mt = hl.match(line + "\n1. 6:3\n")
    assert mt is not None
    assert mt.end("hg") == len(line) - 1
    general = r._fast().item.match(line + "\n1. 6:3\n")
    assert general is not None and general.lastgroup == "hand" and general.end() == mt.end("hg")
    assert hl.match("hand 1: 33 44\n  55\n") is None  # the item pattern reads 55 too
    assert hl.match("hand 1: 33 2:4\n") is None
    assert hl.match("Hand 1: 33\n") is None  # other spellings: the item pattern


def test_direct_construction_matches_attrs_init() -> None:
    """The slot-by-slot construction equals the usual one, hash and repr included."""
    assert r._DIRECT
    assert r._TAG_DIRECT
    text = '[Event "x"]\n1. 1:333 2:- 3:close 4:yield 5:timeout 6:revolution {c} 1:3 !\n'
    items = r._fast_items(text, 0)
    assert {type(x) for x in items} == {
        m.Tag, m.RoundMark, m.Play, m.Pass, m.Close, m.Yield, m.Timeout, m.Revolution, m.Comment,
    }  # fmt: skip
    for it in items:
        usual = attrs.evolve(it)  # through ``__init__``
        assert it == usual
        assert hash(it) == hash(usual)
        assert repr(it) == repr(usual)
        assert it.span == attrs.evolve(it.span)
        assert hash(it.span) == hash(attrs.evolve(it.span))


def test_word_initials_cover_the_grammar() -> None:
    """The fast path only tries action words where one can begin: every spelling in the
    grammar must begin with one of the listed initials."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    spellings: list[str] = []
    for name, body in re.findall(r"^([A-Z]+_KW)\.2:\s*(.+)$", grammar, re.M):
        if name in ("FROM_KW", "FOR_KW", "TO_KW"):
            continue
        spellings += re.findall(r"[A-Za-z\u4e00-\u9fff]+|\"-\"", body.replace("/i", ""))
    spellings = [w.strip('"') for w in spellings if w not in ("i",)]
    assert spellings
    initials = {w[0].lower() for w in r._WORD_SPELLINGS}
    for word in spellings:
        assert word[0].lower() in initials, word
        assert word.lower() in r._WORD_SPELLINGS or word in r._WORD_SPELLINGS, word


# ------------------------------------------------------------------ streaming


SAMPLE = (
    '\ufeff%GJN 1\r\n{prologue \u4e2d\u6587}\r\n[Event "1"]\r\nhand 1: ?*36\r\n1. 1:333 {multi\r\n'
    'line [Event "no"]} 2:-\r\n\r\n[Event "2"]\r1:Z\r\r[Event "3"]\n1:444 [%clk a\n[b]\n'
    '[%x] 2:-\n\n[Event "4"]\n[Site "够级"]\n1:5 ! 2:close\n'
)


@pytest.mark.parametrize("block", [1, 2, 3, 7, 64, 1 << 20])
def test_blocks_of_any_size_read_the_same(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = list(gj.read(SAMPLE).match.deals)
    assert [type(d).__name__ for d in expected] == ["Deal", "BrokenDeal", "Deal", "Deal"]
    monkeypatch.setattr(_scan, "_BLOCK", block)  # the block size of the scanner
    data = SAMPLE.encode("utf-8")
    got = list(gj.iter_deals(io.BytesIO(data)))  # type: ignore[arg-type]
    assert got == expected
    assert _spans(got) == _spans(expected)
    text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline="")
    assert list(gj.iter_deals(text)) == expected
    assert [h.tags for h in gj.skim(io.BytesIO(data))] == [  # type: ignore[arg-type]
        {"Event": "1"},
        {"Event": "2"},
        {"Event": "3"},
        {"Event": "4", "Site": "够级"},
    ]


def test_iter_deals_holds_one_deal_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "big.gjn"
    deal = '[Event "x"]\nhand 1: ?*36\n' + "1. 1:333 2:- 3:- 4:close\n" * 50 + "\n"
    path.write_text(deal * 300, encoding="utf-8")
    it = gj.iter_deals(path)
    first = next(it)
    assert isinstance(first, m.Deal)
    assert sum(1 for _ in it) == 299


def test_skim_reads_tags_only() -> None:
    text = (
        '[Event "a"] [Site "s\\"q"]\n{[Event "not a tag"]}\n[Event "dup"]\nhand 1: 3\n1:3\n'
        '[Event "b"]\n1:Z broken but skimmed\n\n[Deal "3"]\n'
    )
    heads = list(gj.skim(text))
    assert [h.tags for h in heads] == [
        {"Event": "a", "Site": 's"q'},
        {"Event": "b"},
        {"Deal": "3"},
    ]
    assert [(h.index, h.line) for h in heads] == [(0, 1), (1, 6), (2, 9)]


def test_undecodable_bytes_break_one_deal_only(tmp_path: Path) -> None:
    good = '[Event "1"]\n1:333\n\n'
    bad = b'[Event "2"]\n1:3 {caf\xe9 \xff}\n\n'
    data = good.encode() + bad + good.replace("1", "3", 1).encode()
    path = tmp_path / "bad.gjn"
    path.write_bytes(data)
    for source in (data, path, io.BytesIO(data)):
        result = gj.read_file(source) if isinstance(source, Path) else gj.read(source)  # type: ignore[arg-type]
        assert [type(d).__name__ for d in result.match.deals] == ["Deal", "BrokenDeal", "Deal"]
        (err,) = result.errors
        assert (err.code, err.line, err.column, err.found) == ("GJN115", 5, 9, "e9")
        assert "\ufffd" in result.match.deals[1].raw  # type: ignore[union-attr]


def test_grammar_terminals_do_not_collide() -> None:
    """Lark's strict mode (interegular) finds no two terminals that match the same text;
    the reader's own parser skips this check at run time (``_lark.build_parser``)."""
    pytest.importorskip("interegular")
    import lark.lexer

    from gojinotation._lark import build_parser

    parser = build_parser(strict=True)
    assert parser.options.strict
    assert lark.lexer.has_interegular  # restored after the non-strict build too
    build_parser(strict=False)
    assert lark.lexer.has_interegular


def test_grammar_collision_is_caught_by_the_strict_build() -> None:
    """The strict check can fail: two regular-expression terminals that both match
    ``ab`` are refused."""
    pytest.importorskip("interegular")
    from lark import Lark
    from lark.exceptions import LexError

    with pytest.raises(LexError):
        Lark("start: A | B\nA: /ab?/\nB: /a[bc]/\n", parser="lalr", lexer="contextual", strict=True)


def test_grammar_is_strict_with_sets_without_their_seat() -> None:
    """Lark's strict mode: no shift/reduce conflict and no colliding terminals of one
    priority in any parser state, with ``TURN_CARDS`` (a set without its seat) beside
    cards, seats, round numbers, glyphs and hand lines."""
    from lark import Lark

    Lark(GRAMMAR_PATH.read_text("utf-8"), parser="lalr", lexer="contextual", strict=True)


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("1:33 44 55", ["Play", "TurnPlay", "TurnPlay"]),
        ("1:33 5. 44", ["Play", "RoundMark", "TurnPlay"]),  # "5." is a round number
        ("1:33 4:44", ["Play", "Play"]),  # "4:" is a seat
        ("1:33 ? 44 !", ["Play", "TurnPlay"]),  # "?" after a set is its glyph
        ("1:33 ?4", ["Play", "TurnPlay"]),  # and so is a "?" glued to a set
        ("1:33 {x} 44 [%clk 3]", ["Play", "Comment", "TurnPlay"]),
        ("1:33 (44 55) 2:66", ["Play", "Variation", "Play"]),
        ("1:draw 9 to 5 44", ["Draw", "TurnPlay"]),
        ("1:report 9 9", ["Report", "TurnPlay"]),
        ("1:10 10", ["Play", "TurnPlay"]),
    ],
)
def test_sets_without_their_seat_read_alike_on_both_paths(text: str, kinds: list[str]) -> None:
    body = f'[Event "x"]\n{text}\n'
    fast, slow = _both(body)
    assert fast is not None and _agree(body)  # the fast path reads them too
    assert [type(x).__name__ for x in slow][1:] == kinds
    deal = gj.loads(body).deals[0]
    assert isinstance(deal, m.Deal)
    assert gj.loads(gj.dumps(deal)).deals[0] == deal  # written bare, read back


def test_a_set_after_a_hand_line_goes_on_with_that_hand() -> None:
    # old records read unchanged: cards after a hand line are that hand's, on any line
    deal = gj.loads('[Event "x"]\nhand 1: 33\n44\n1:33 44').deals[0]
    assert isinstance(deal, m.Deal)
    assert deal.hands[0] == m.Hand(1, gj.parse_cards("4433"))
    assert [type(x).__name__ for x in deal.moves] == ["Play", "TurnPlay"]
    assert _agree('[Event "x"]\nhand 1: 33\n44\n1:33 44\n')


def test_a_set_without_its_seat_is_not_an_action() -> None:
    with pytest.raises(gj.NotationError) as info:
        gj.parse_action("KKK")
    assert "3:KKK" in info.value.en
    with pytest.raises(gj.NotationError):  # no "^": an irregular action names its seat
        gj.parse_action("^KKK")
    bare = gj.loads('[Event "x"]\nKKK ! [%a b]').deals[0]
    assert isinstance(bare, m.Deal) and list(bare.actions()) == []
    assert str(bare.moves[0]) == "KKK ! [%a b]"


def test_broken_deals_met_again_get_their_own_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader memoises the syntax error of a broken text (issue #15: 500,000 lines of
    ``[`` were 500,000 parses): a text met again, more texts than the memo holds, and
    blank lines around them give the same errors, lines and texts as reading without it."""
    from gojinotation import _assemble

    text = "".join(f'[a{i % 300} "b"\n' + "\n" * (i % 3) for i in range(900)) + "[\n[x\n" * 3
    memo = gj.read(text, filename="m.gjn")
    monkeypatch.setattr(_assemble, "_BROKEN", {})
    monkeypatch.setattr(_assemble, "_SEEN", {})
    monkeypatch.setattr(_assemble, "_MEMO_CHARS", 0)  # no memo at all
    fresh = gj.read(text, filename="m.gjn")
    assert len(memo.errors) == 906
    assert [e.format("zh") for e in memo.errors] == [e.format("zh") for e in fresh.errors]
    raws = [(d.raw, d.span) for d in memo.match.deals if isinstance(d, gj.BrokenDeal)]
    assert len(raws) == 906
    assert raws == [(d.raw, d.span) for d in fresh.match.deals if isinstance(d, gj.BrokenDeal)]
    assert memo.errors[-1].line == text.count("\n")
    assert len({id(e) for e in memo.errors}) == 906  # each deal its own error
