"""Round trips: ``loads(dumps(x)) == x``, idempotent writing, lenient input forms, line ends,
encodings, very long lines, streaming, and broken deals kept byte for byte."""

from __future__ import annotations

import io
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card, parse_cards
from tests import strategies as s

PROPERTY = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------ properties


@PROPERTY
@given(s.match())
def test_loads_dumps_is_identity(match: m.Match) -> None:
    text = gj.dumps(match)
    assert gj.loads(text) == match


@PROPERTY
@given(s.match())
def test_dumps_is_idempotent(match: m.Match) -> None:
    once = gj.dumps(match)
    assert gj.dumps(gj.loads(once)) == once


@PROPERTY
@given(s.deal())
def test_single_deal_round_trip(deal: m.Deal) -> None:
    (back,) = gj.loads(gj.dumps(deal)).deals
    assert back == deal


@PROPERTY
@given(s.action())
def test_format_action_round_trip(action: m.Action) -> None:
    text = '[Event "x"]\n' + gj.format_action(action)
    assert list(gj.loads(text).deals[0].actions()) == [action]


@PROPERTY
@given(s.cards(max_size=30))
def test_cards_round_trip(cards: tuple[Card, ...]) -> None:
    assert parse_cards(gj.format_cards(cards)) == cards


@PROPERTY
@given(s.match(), st.sampled_from(["\r\n", "\r"]))
def test_other_line_ends_read_the_same(match: m.Match, eol: str) -> None:
    text = gj.dumps(match)
    assert gj.loads(text.replace("\n", eol)) == match


@PROPERTY
@given(s.match())
def test_path_stream_and_string_agree(match: m.Match) -> None:
    text = gj.dumps(match)
    data = text.encode("utf-8")
    from_str = list(gj.iter_deals(text))
    assert list(gj.iter_deals(io.BytesIO(data))) == from_str
    assert list(gj.iter_deals(io.StringIO(text))) == from_str
    assert list(gj.read(data).match.deals) == from_str


# ------------------------------------------------------------- lenient forms

CANONICAL = """\
%GJN 1

[Event "lenient"]

hand 1: DD X 2222 TT 9 ?*7
hand 2: -

1. 1:XTTTT 2:- 3:yield 4:close
2. 5:burn 33333 ! [%clk 12] 6:report 5 1:timeout 2:revolution
3. 3:buy 3h from 6 for 4 4:give 3 to 5 5:tribute D to 1 6:return 4 to 2
4. 1:penalty -2 "slow" 2:ruling "accept"
"""

LENIENT = """\
[Event   "lenient"]
手牌 1 ： dd x 2 2 2 2 t 10 9 ?*7
HAND 2:-
1.   1:t10小王TT 2:过 3:让牌 4:扣牌
2. 5:烧牌 3*5 !  [%clk   12] 6:报牌 5 1:超时 2:革命
3. 3:BUY 3♥ FROM 6 FOR 4 4:GIVE 3 TO 5 5:进贡 大王 TO 1 6:还贡 4 to 2
4. 1:罚分 -2 "slow"   2:裁决 "accept"
"""


def test_lenient_forms_normalise_to_canonical_text() -> None:
    assert gj.dumps(gj.loads(LENIENT)) == CANONICAL
    assert gj.dumps(gj.loads(CANONICAL)) == CANONICAL


@pytest.mark.parametrize(
    ("word", "cls"),
    [
        ("过", m.Pass),
        ("过牌", m.Pass),
        ("不要", m.Pass),
        ("PASS", m.Pass),
        ("-", m.Pass),
        ("让牌", m.Yield),
        ("让", m.Yield),
        ("扣牌", m.Close),
        ("扣", m.Close),
        ("超时", m.Timeout),
        ("造反", m.Revolution),
    ],
)
def test_chinese_and_english_verbs(word: str, cls: type) -> None:
    deal = gj.loads(f'[Event "x"]\n3:{word}').deals[0]
    assert isinstance(deal, m.Deal)
    (act,) = deal.actions()
    assert type(act) is cls
    assert act.seat == 3


@pytest.mark.parametrize(
    ("lenient", "canonical"),
    [
        ("1:kkk", "1:KKK"),
        ("1:10 10", "1:T T"),  # a set, then a set without its seat (format.md §9.3)
        ("1:101010", "1:TTT"),
        ("1:小王大王大花小鬼", "1:DDXX"),
        ("1:K♠K♥K♣K♦", "1:KsKhKcKd"),
        ("1:ksKH", None),  # suits are lower case
        ("1:T*8", "1:T*8"),
        ("1:TTTTTTTT", "1:T*8"),
        ("1:t*3", "1:TTT"),
        ("1:烧牌 KKKK", "1:burn KKKK"),
        ("1:报牌 3", "1:report 3"),
        ("1：333", "1:333"),
        ("^ 1:333", "^1:333"),
    ],
)
def test_lenient_cards_and_words(lenient: str, canonical: str | None) -> None:
    result = gj.read(f'[Event "x"]\n{lenient}')
    if canonical is None:
        assert not result.ok
        return
    assert result.ok, result.errors
    assert gj.dumps(result.match).splitlines()[-1] == canonical


def test_missing_version_line_and_extra_whitespace() -> None:
    text = '\n\n   [Event   "x"]   \n\n\n  hand 1:   333  \n\n 1.   1:333    2:-  \n\n\n'
    assert gj.dumps(gj.loads(text)) == '%GJN 1\n\n[Event "x"]\n\nhand 1: 333\n\n1. 1:333 2:-\n'
    assert gj.loads(text).version == 1


def test_version_line_is_read() -> None:
    assert gj.loads('%GJN 1\n[Event "x"]').version == 1
    assert gj.loads('%gjn   2\n[Event "x"]').version == 2


# --------------------------------------------------------- line ends, BOM, tabs

BASE = '[Event "a"]\nhand 1: 333\n1. 1:333 {two\nlines} 2:-\n3:Z'


@pytest.mark.parametrize(
    "variant",
    [
        BASE,
        BASE.replace("\n", "\r\n"),
        BASE.replace("\n", "\r"),
        '[Event "a"]\r\nhand 1: 333\r1. 1:333 {two\nlines} 2:-\r\n3:Z',
        "\ufeff" + BASE,
        "\ufeff" + BASE.replace("\n", "\r\n"),
    ],
    ids=["lf", "crlf", "cr", "mixed", "bom", "bom-crlf"],
)
@pytest.mark.parametrize("how", ["str", "bytes", "stream", "binary", "path"])
def test_line_ends_and_bom_keep_positions(variant: str, how: str, tmp_path: Path) -> None:
    data = variant.encode("utf-8")
    if how == "str":
        result = gj.read(variant)
    elif how == "bytes":
        result = gj.read(data)
    elif how == "stream":
        result = gj.read(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline=""))
    elif how == "binary":
        result = gj.read(io.BytesIO(data))  # type: ignore[arg-type]
    else:
        path = tmp_path / "x.gjn"
        path.write_bytes(data)
        result = gj.read_file(path)
    (err,) = result.errors
    assert (err.code, err.line, err.column) == ("GJN110", 5, 3)
    assert err.source_line == "3:Z"
    # the comment spans two lines; its text has a plain line feed
    broken = result.match.deals[0]
    assert isinstance(broken, gj.BrokenDeal)
    assert broken.raw == BASE + "\n"


def test_positions_with_crlf_and_bom_on_a_good_deal() -> None:
    text = "\ufeff" + '[Event "a"]\r\nhand 1: 333\r\n\r\n1. 1:333 2:-\r\n'
    deal = gj.loads(text).deals[0]
    assert isinstance(deal, m.Deal)
    assert deal.header[0].span == m.Span(1, 1, 1, 12)
    hand = deal.hands[0]
    assert hand.span == m.Span(2, 1, 2, 12)
    play, pas = deal.actions()
    assert play.span == m.Span(4, 4, 4, 9)
    assert pas.span == m.Span(4, 10, 4, 13)


def test_tabs_count_as_one_column() -> None:
    text = '[Event "a"]\n\t1:333\t2:-\t3:Q?X'
    deal = gj.loads(text).deals[0]
    assert isinstance(deal, m.Deal)
    a, b, c = deal.actions()
    assert (a.span.column, b.span.column, c.span.column) == (2, 8, 12)
    err = gj.read(text.replace("Q?X", "QZX")).errors[0]
    assert (err.line, err.column) == (2, 15)
    assert err.format().splitlines()[-1] == "  \t     \t   \t   ^"


def test_very_long_comment() -> None:
    body = ("够级 {\\} " * 12_500)[:100_000]
    text = '[Event "a"]\n1:333 {' + body.replace("\\}", "\\\\\\}") + "} 2:-\n3:Z"
    result = gj.read(text)
    (err,) = result.errors
    assert (err.line, err.column) == (3, 3)
    good = gj.loads(text.rsplit("\n", 1)[0])
    (c,) = [x for x in good.deals[0].moves if isinstance(x, m.Comment)]
    assert len(c.text) > 80_000
    assert gj.loads(gj.dumps(good)) == good


def test_ten_thousand_actions_on_one_line() -> None:
    line = " ".join(f"{i % 6 + 1}:{'3456789TJQKA2'[i % 13]}" for i in range(10_000))
    deal = gj.loads('[Event "a"]\n' + line).deals[0]
    assert isinstance(deal, m.Deal)
    acts = list(deal.actions())
    assert len(acts) == 10_000
    assert acts[-1].span.line == 2
    assert acts[-1].span.column == len(line) - 2
    err = gj.read('[Event "a"]\n' + line + " 1:Z").errors[0]
    assert (err.line, err.column) == (2, len(line) + 4)


# ------------------------------------------------------------------ streaming

STREAM = (
    '%GJN 1\n{prologue}\n[Event "1"]\n1:333\n\n[Event "2"]\n1:Z\n\n[Event "3"]\n'
    'hand 1: ?*36\n1:444 {c\n[Event "not a tag"]\n} 2:-\n\n[Event "4"]\n1:5 [%clk a\n[b]\n'
)


def test_iter_deals_path_stream_and_read_agree(tmp_path: Path) -> None:
    path = tmp_path / "s.gjn"
    path.write_text(STREAM, encoding="utf-8")
    expected = list(gj.read(STREAM).match.deals)
    assert [type(d).__name__ for d in expected] == ["Deal", "BrokenDeal", "Deal", "Deal"]
    assert list(gj.iter_deals(path)) == expected
    assert list(gj.iter_deals(str(path.read_text(encoding="utf-8")))) == expected
    with path.open(encoding="utf-8") as fh:
        assert list(gj.iter_deals(fh)) == expected
    with path.open("rb") as fb:
        assert list(gj.iter_deals(fb)) == expected  # type: ignore[arg-type]
    assert list(gj.read_file(path).match.deals) == expected
    assert gj.read_file(path).match.prologue == (m.Comment("prologue"),)


def test_broken_deals_are_kept_byte_for_byte() -> None:
    broken = '[Event "2"]\n[Site  "odd   spacing"]\nhand 1: 333   \n1:333 2:ZZ  {keep   me}\n3:-'
    text = f'[Event "1"]\n1:333\n\n{broken}\n\n[Event "3"]\n1:444\n'
    result = gj.read(text)
    kinds = [type(d).__name__ for d in result.match.deals]
    assert kinds == ["Deal", "BrokenDeal", "Deal"]
    out = gj.dumps(result.match)
    assert broken + "\n" in out
    again = gj.read(out)
    assert again.match == result.match
    assert gj.dumps(again.match) == out


def test_broken_first_deal_keeps_prologue_once() -> None:
    text = '{pro}\n[Event "x"]\n1:333\nhand 2: 3\n\n[Event "y"]\n1:3\n'
    result = gj.read(text)
    out = gj.dumps(result.match)
    assert out.count("{pro}") == 1
    assert [type(d).__name__ for d in result.match.deals] == ["BrokenDeal", "Deal"]


def test_two_deals_in_one_chunk_keep_their_own_raw_text() -> None:
    # a comment line before a tag does not start a chunk; the deals still split
    text = '[Event "x"]\n1:333\n{c} [Site "y"]\n1:3 hand 2: 3\n'
    result = gj.read(text)
    first, second = result.match.deals
    assert isinstance(first, m.Deal)
    assert isinstance(second, gj.BrokenDeal)
    assert second.raw == '[Site "y"]\n1:3 hand 2: 3\n'
    assert gj.dumps(result.match).count("1:333") == 1


def test_a_set_without_its_seat_right_after_the_hands_stays_a_move() -> None:
    """Nothing is lost: a bare set first after the hand lines would read as more cards of
    the last hand, so the writer puts the first round's number before it (format §9.3)."""
    hands = gj.loads('[Event "x"]\nhand 1: 33\n1:33\n').deals[0]
    assert isinstance(hands, gj.Deal)
    bare = gj.TurnPlay(gj.parse_cards("44"))
    deal = attrs.evolve(hands, moves=(bare,))
    text = gj.dumps(deal)
    assert "1. 44" in text
    back = gj.loads(text).deals[0]
    assert isinstance(back, gj.Deal) and back.hands == deal.hands
    assert [type(x).__name__ for x in back.moves] == ["RoundMark", "TurnPlay"]
    assert back.moves[1] == bare
    assert gj.dumps(back) == text  # and canonical from then on
