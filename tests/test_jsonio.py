"""JSON mapping: lossless both ways, schema-valid, typed errors with JSON pointers."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gojinotation as gj
from gojinotation import model as m
from gojinotation._jsonquick import quick_action, quick_round, quick_tag
from gojinotation.cards import Card
from gojinotation.jsonio import (
    JsonError,
    dumps_json,
    from_json,
    load_json_match,
    loads_json,
    match_from_json,
    to_json,
)
from gojinotation.reader import BrokenDeal

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "gjn.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

SAMPLE = """%GJN 1
{prologue comment}
[Event "2026 青岛公开赛"]
[Seat1 "张三"]
[Rules "cmp.ershayi=two_big_beat_one_big; burn.joker_exempt=last_only"]
{before the hands}
hand 1: DD X 2222 AAA 3h
hand 2: -
hand 3: ?*36
1. 1:333 !? [%clk 12] 2:- 3:yield 4:KKK? ?? {4 held \\} a K}
(4:- 5:AAA (5:- ))
^5:AAAA [%ruling accept 裁判同意]
6:burn 2222 1:report 9 2:close
2. 2:buy 3 from 6 for 2 3:give 3h to 5 4:tribute D to 1 5:return 4 to 6
6:timeout 1:revolution 2:penalty -2 "说话" 3:ruling "seat 3 \\"ok\\"" 4:penalty +3

[Event "second"]
1:ZZ
"""


def _schema_errors(data: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(data)]


# ------------------------------------------------------------------ strategies

CANONICAL_CARDS = [r + s for r in "3456789TJQKA2" for s in ("", "s", "h", "c", "d")] + [
    "X",
    "D",
    "?",
]
cards_st = st.lists(st.sampled_from(CANONICAL_CARDS).map(Card.parse), min_size=1, max_size=12)
seat_st = st.integers(1, 6)
text_st = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), max_size=12
)
line_st = text_st.filter(lambda s: "\n" not in s)
word_st = st.text(st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1)
num_st = st.integers(0, 999_999)
span_st = st.one_of(
    st.just(m.Span(0, 0)),
    st.builds(m.Span, st.integers(1, 10**6), st.integers(1, 500), num_st, num_st),
)
note_st = st.builds(
    m.Note,
    word_st.filter(lambda s: not any(c.isspace() for c in s)),
    st.one_of(st.just(""), text_st.map(str.strip)),
    span=span_st,
)


def _action(cls: type, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.builds(
        cls,
        seat_st,
        irregular=st.booleans(),
        glyphs=st.lists(st.sampled_from(m.GLYPHS), max_size=2).map(tuple),
        notes=st.lists(note_st, max_size=2).map(tuple),
        span=span_st,
        **fields,
    )


one_card_st = st.sampled_from(CANONICAL_CARDS).map(Card.parse)
action_st = st.one_of(
    _action(m.Play, cards=cards_st.map(tuple)),
    _action(m.Burn, cards=cards_st.map(tuple)),
    _action(m.Pass),
    _action(m.Yield),
    _action(m.Close),
    _action(m.Timeout),
    _action(m.Revolution),
    _action(m.Report, count=num_st),
    _action(m.Buy, card=one_card_st, from_seat=seat_st, paid=one_card_st),
    _action(m.Give, card=one_card_st, to_seat=seat_st),
    _action(m.Tribute, cards=cards_st.map(tuple), to_seat=seat_st),
    _action(m.Return, cards=cards_st.map(tuple), to_seat=seat_st),
    _action(m.Penalty, points=st.integers(-999_999, 999_999), reason=line_st),
    _action(m.Ruling, text=line_st),
)
turn_st = st.builds(
    m.TurnPlay,
    cards_st.map(tuple),
    glyphs=st.lists(st.sampled_from(m.GLYPHS), max_size=2).map(tuple),
    notes=st.lists(note_st, max_size=2).map(tuple),
    span=span_st,
)
comment_st = st.builds(m.Comment, text_st, span=span_st)
tag_st = st.builds(m.Tag, st.from_regex(r"\A[A-Za-z][A-Za-z0-9_]{0,8}\Z"), line_st, span=span_st)
hand_st = st.builds(
    m.Hand,
    seat_st,
    st.one_of(st.none(), st.lists(one_card_st, max_size=20).map(tuple)),
    span=span_st,
)
round_st = st.builds(m.RoundMark, num_st, span=span_st)
move_st = st.recursive(
    st.one_of(action_st, comment_st, round_st),
    lambda inner: st.builds(
        m.Variation, st.lists(st.one_of(inner, turn_st), max_size=4).map(tuple), span=span_st
    ),
    max_leaves=12,
)
deal_st = st.builds(
    m.Deal,
    st.tuples(tag_st, st.lists(st.one_of(tag_st, comment_st), max_size=3)).map(
        lambda t: (t[0], *t[1])
    ),
    st.lists(st.one_of(hand_st, comment_st), max_size=4).map(tuple),
    st.lists(move_st, max_size=8).map(tuple),
    span=span_st,
)
broken_st = st.builds(BrokenDeal, text_st, st.just(()), span_st)
match_st = st.builds(
    m.Match,
    st.lists(st.one_of(deal_st, broken_st), max_size=3).map(tuple),
    st.one_of(st.none(), st.integers(1, 5)),
    st.lists(comment_st, max_size=2).map(tuple),
)
value_st = st.one_of(
    match_st,
    deal_st,
    broken_st,
    action_st,
    turn_st,
    comment_st,
    tag_st,
    hand_st,
    note_st,
    round_st,
    move_st,
)


# ------------------------------------------------------------------ round trips


@given(value_st)
def test_from_json_inverts_to_json(value: Any) -> None:
    data = to_json(value)
    back = from_json(data)
    assert back == value
    assert type(back) is type(value)
    assert to_json(back) == data  # spans survive too (they take no part in ==)


@given(value_st)
def test_to_json_validates_against_schema(value: Any) -> None:
    assert _schema_errors(to_json(value)) == []
    assert _schema_errors(to_json(value, spans=False)) == []


@given(match_st)
def test_json_text_round_trip(match: m.Match) -> None:
    text = dumps_json(match)
    assert loads_json(text) == match
    assert loads_json(text.encode("utf-8")) == match
    assert from_json(json.loads(dumps_json(match, spans=False, indent=None))) == match


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_parsed_record_round_trips_with_spans() -> None:
    result = gj.read(SAMPLE)
    assert [e.code for e in result.errors] == ["GJN110"]
    data = to_json(result.match)
    assert _schema_errors(data) == []
    back = from_json(data)
    assert back == result.match
    assert to_json(back) == data
    deal = data["deals"][0]
    tag = deal["header"][0]
    assert (tag["type"], tag["name"], tag["value"]) == ("tag", "Event", "2026 青岛公开赛")
    span = result.match.deals[0].span  # the deal's span starts at its first tag
    assert tag["span"][0] == span.line == 3
    assert tag["span"] == [
        3,
        result.match.deals[0].header[0].span.column,
        3,
        result.match.deals[0].header[0].span.end_column,
    ]
    assert data["prologue"][0]["text"] == "prologue comment"
    assert data["version"] == 1
    hands = {h["seat"]: h["cards"] for h in deal["hands"] if h["type"] == "hand"}
    assert hands[1][:4] == ["D", "D", "X", "2"] and hands[1][-1] == "3h"
    assert hands[2] is None
    assert hands[3] == ["?"] * 36
    kinds = [i["type"] for i in deal["moves"]]
    assert "variation" in kinds and "round" in kinds
    broken = data["deals"][1]
    assert broken["type"] == "broken" and broken["raw"].startswith('[Event "second"]')
    assert broken["errors"][0]["code"] == "GJN110"
    assert isinstance(back, m.Match)
    assert isinstance(back.deals[1], BrokenDeal)
    assert back.deals[1].errors[0].format("zh") == result.errors[0].format("zh")
    # the canonical GJN of the JSON round trip is the canonical GJN of the source
    assert gj.dumps(back) == gj.dumps(result.match)


def test_every_action_kind_in_json() -> None:
    deal = gj.loads(SAMPLE.split("\n\n[Event")[0]).deals[0]
    got = {to_json(a, spans=False)["type"] for a in deal.actions()}
    assert got == {
        "play",
        "burn",
        "pass",
        "yield",
        "close",
        "timeout",
        "revolution",
        "report",
        "buy",
        "give",
        "tribute",
        "return",
        "penalty",
        "ruling",
    }
    irregular = next(a for a in deal.actions() if a.irregular)
    assert to_json(irregular, spans=False) == {
        "type": "play",
        "seat": 5,
        "cards": ["A", "A", "A", "A"],
        "irregular": True,
        "notes": [{"key": "ruling", "value": "accept 裁判同意"}],
    }


def test_defaults_may_be_left_out_on_input() -> None:
    deal = from_json({"type": "deal", "header": [{"type": "tag", "name": "E", "value": ""}]})
    assert deal == m.Deal((m.Tag("E", ""),))
    assert from_json({"type": "note", "key": "clk"}) == m.Note("clk", "")
    assert from_json({"type": "match", "deals": []}) == m.Match()
    assert from_json({"type": "broken", "raw": "x"}) == BrokenDeal("x", ())


def test_lenient_card_spellings_on_input_canonical_on_output() -> None:
    play = from_json({"type": "play", "seat": 1, "cards": ["10", "k", "小王", "K♦"]})
    assert to_json(play)["cards"] == ["T", "K", "X", "Kd"]


def test_match_from_json_wraps_a_single_deal() -> None:
    data = to_json(gj.loads('[Event "x"]\n1:3').deals[0])
    match = match_from_json(data)
    assert len(match.deals) == 1 and match.version is None
    with pytest.raises(JsonError) as info:
        match_from_json({"type": "pass", "seat": 1})
    assert info.value.path == "/type"


def test_load_json_match_names_the_file() -> None:
    with pytest.raises(JsonError) as info:
        load_json_match(b'{"type": "match", "deals": [1]}', filename="x.json")
    assert info.value.format("en").startswith("x.json: error GJN130 at /deals/0:")
    with pytest.raises(JsonError) as info:
        load_json_match(b"\xff{}", filename="x.json")
    assert info.value.code == "GJN131" and info.value.line == 1


def test_to_json_refuses_non_model_values() -> None:
    with pytest.raises(TypeError):
        to_json(42)  # type: ignore[arg-type]


# ------------------------------------------------------------------ bad input

BAD: list[tuple[object, str, str]] = [
    ([], "", "expected an object"),
    ({}, "", "missing key 'type'"),
    ({"type": "nope"}, "/type", "unknown type"),
    ({"type": 3}, "/type", "unknown type"),
    ({"type": "match"}, "", "missing key 'deals'"),
    ({"type": "match", "deals": {}}, "/deals", "expected a list"),
    ({"type": "match", "deals": [{"type": "pass", "seat": 1}]}, "/deals/0/type", "not allowed"),
    ({"type": "match", "deals": [], "version": "1"}, "/version", "expected an integer"),
    ({"type": "match", "deals": [], "extra": 1}, "/extra", "unknown key"),
    ({"type": "deal", "header": [{"type": "comment", "text": "x"}]}, "/header/0", "tag pair"),
    (
        {"type": "deal", "header": [{"type": "tag", "name": "1x", "value": ""}]},
        "/header/0/name",
        "not a tag name",
    ),
    (
        {"type": "deal", "header": [{"type": "tag", "name": "E", "value": "a\nb"}]},
        "/header/0/value",
        "line breaks",
    ),
    ({"type": "hand", "seat": 0, "cards": None}, "/seat", "seat must be"),
    ({"type": "hand", "seat": True, "cards": None}, "/seat", "seat must be"),
    ({"type": "hand", "seat": 1}, "", "missing key 'cards'"),
    ({"type": "hand", "seat": 1, "cards": "KK"}, "/cards", "expected a list"),
    ({"type": "hand", "seat": 1, "cards": ["K", "ZZ"]}, "/cards/1", "not one card"),
    ({"type": "hand", "seat": 1, "cards": ["KK"]}, "/cards/0", "not one card"),
    ({"type": "hand", "seat": 1, "cards": [7]}, "/cards/0", "expected a string"),
    ({"type": "hand", "seat": 1, "cards": ["3"] * 217}, "/cards", "at most 216"),
    ({"type": "play", "seat": 1, "cards": []}, "/cards", "at least one card"),
    ({"type": "play", "seat": 1, "cards": ["K"], "glyphs": ["!!!"]}, "/glyphs/0", "glyph"),
    ({"type": "play", "seat": 1, "cards": ["K"], "irregular": 1}, "/irregular", "boolean"),
    ({"type": "play", "seat": 1, "cards": ["K"], "notes": [{}]}, "/notes/0", "missing key"),
    (
        {"type": "play", "seat": 1, "cards": ["K"], "notes": [{"key": "a b"}]},
        "/notes/0/key",
        "one word",
    ),
    (
        {"type": "play", "seat": 1, "cards": ["K"], "notes": [{"key": "a", "value": " x"}]},
        "/notes/0/value",
        "white space",
    ),
    ({"type": "pass", "seat": 1, "cards": ["K"]}, "/cards", "unknown key"),
    ({"type": "report", "seat": 1, "count": -1}, "/count", "out of range"),
    ({"type": "report", "seat": 1, "count": 10**6}, "/count", "out of range"),
    ({"type": "report", "seat": 1, "count": 1.5}, "/count", "expected an integer"),
    ({"type": "buy", "seat": 1, "card": "3", "from_seat": 7, "paid": "2"}, "/from_seat", "seat"),
    ({"type": "give", "seat": 1, "card": "33", "to_seat": 2}, "/card", "not one card"),
    ({"type": "tribute", "seat": 1, "cards": ["D"], "to_seat": None}, "/to_seat", "seat"),
    ({"type": "penalty", "seat": 1, "points": 2}, "", "missing key 'reason'"),
    ({"type": "ruling", "seat": 1, "text": "a\r"}, "/text", "line breaks"),
    ({"type": "comment", "text": "a\rb"}, "/text", "carriage return"),
    ({"type": "round", "number": 1, "span": {"line": 1}}, "/span", "missing key 'column'"),
    ({"type": "round", "number": 1, "span": {"line": -1, "column": 1}}, "/span/line", "range"),
    (
        {"type": "variation", "moves": [{"type": "tag", "name": "E", "value": ""}]},
        "/moves/0/type",
        "not allowed",
    ),
    ({"type": "broken", "raw": "x", "errors": [{"code": "GJN1"}]}, "/errors/0", "missing key"),
    ({"type": "note", "key": "a~/b", "nope": 1}, "/nope", "unknown key"),
    ({"type": "match", "deals": [], "a/b~": 1}, "/a~1b~0", "unknown key"),
]


@pytest.mark.parametrize(("data", "path", "words"), BAD)
def test_bad_input_is_a_json_error_with_a_pointer(data: object, path: str, words: str) -> None:
    with pytest.raises(JsonError) as info:
        from_json(data)
    err = info.value
    assert err.code == "GJN130"
    assert err.path == path
    assert words in err.en
    assert err.zh and err.zh != err.en
    where = f"位于 {path}" if path else "位于顶层"
    assert err.format("zh").startswith(f"<json>: 错误 GJN130 {where}: ")
    assert pickle.loads(pickle.dumps(err)).format("zh") == err.format("zh")
    assert isinstance(err, gj.GoujiError)


_SPAN = {"line": 1, "column": 1, "end_line": 1, "end_column": 4}
#: Inputs that look like the usual actions and spans the reader takes at once (cards
#: whose spellings were read before, a four-key span): each wrong in one place.
QUICK_BAD: list[tuple[object, str, str]] = [
    ({"type": "play", "seat": True, "cards": ["K"], "span": _SPAN}, "/seat", "seat must be"),
    ({"type": "play", "seat": 7, "cards": ["K"], "span": _SPAN}, "/seat", "seat must be"),
    ({"type": "play", "seat": 1, "cards": ["K", ["K"]], "span": _SPAN}, "/cards/1", "a string"),
    ({"type": "play", "seat": 1, "cards": ["K", "KK"], "span": _SPAN}, "/cards/1", "one card"),
    ({"type": "play", "seat": 1, "cards": ["K"] * 217}, "/cards", "at most 216"),
    ({"type": "play", "seat": 1, "cards": [], "span": _SPAN}, "/cards", "at least one"),
    ({"type": "pass", "seat": 1, "span": {**_SPAN, "line": True}}, "/span/line", "integer"),
    ({"type": "pass", "seat": 1, "span": {**_SPAN, "column": -1}}, "/span/column", "range"),
    (
        {"type": "pass", "seat": 1, "span": {"line": 1, "column": 1, "end_line": 1, "x": 1}},
        "/span/x",
        "unknown key",
    ),
    ({"type": "pass", "seat": 1, "span": _SPAN, "to": 2}, "/to", "unknown key"),
    ({"type": "pass", "seat": 1, "span": [1, 1, 1]}, "/span", "2 or 4 integers"),
    ({"type": "pass", "seat": 1, "span": [1, 1, 1, 4, 5]}, "/span", "2 or 4 integers"),
    ({"type": "pass", "seat": 1, "span": [1, 1, -1, 4]}, "/span/2", "range"),
    ({"type": "pass", "seat": 1, "span": [1, 1, 1, 2**63]}, "/span/3", "range"),
    ({"type": "pass", "seat": 1, "span": [1, True, 1, 4]}, "/span/1", "integer"),
    ({"type": "pass", "seat": 1, "span": [1, 1.0, 1, 4]}, "/span/1", "integer"),
    ({"type": "play", "seat": 1, "cards": ["K"], "span": [1, "1", 1, 4]}, "/span/1", "integer"),
    ({"type": "round", "number": -1, "span": [1, 1, 1, 3]}, "/number", "range"),
    ({"type": "round", "number": 10**6, "span": [1, 1, 1, 3]}, "/number", "range"),
    ({"type": "round", "number": True}, "/number", "integer"),
    ({"type": "round", "number": 1, "span": [1, -1, 1, 3]}, "/span/1", "range"),
    ({"type": "round", "number": 1, "seat": 1}, "/seat", "unknown key"),
    ({"type": "report", "seat": 1, "count": -1, "span": [1, 1, 1, 3]}, "/count", "range"),
    ({"type": "report", "seat": 1, "count": 10**6}, "/count", "range"),
    ({"type": "report", "seat": 1, "count": True}, "/count", "integer"),
    ({"type": "report", "seat": 1, "count": "9"}, "/count", "integer"),
    ({"type": "report", "seat": 1, "count": 9, "cards": ["K"]}, "/cards", "unknown key"),
]

TAG_BAD: list[tuple[object, str, str]] = [
    ({"type": "tag", "name": "1A", "value": "x", "span": [1, 1, 1, 3]}, "/name", "tag name"),
    ({"type": "tag", "name": "A-B", "value": "x"}, "/name", "tag name"),
    ({"type": "tag", "name": "A", "value": "x\ny"}, "/value", "line breaks"),
    ({"type": "tag", "name": "A", "value": "x\r"}, "/value", "line breaks"),
    ({"type": "tag", "name": "A", "value": 1}, "/value", "a string"),
    ({"type": "tag", "name": ["A"], "value": "x"}, "/name", "a string"),
    ({"type": "tag", "name": "A", "value": "x", "span": [1, 1, 1]}, "/span", "2 or 4"),
    ({"type": "tag", "name": "A", "value": "x", "seat": 1}, "/seat", "unknown key"),
]


@pytest.mark.parametrize(("data", "path", "words"), TAG_BAD)
def test_quick_tags_check_what_the_full_checks_check(data: object, path: str, words: str) -> None:
    """A tag of a deal's header read at once equals the one read the full way; a wrong one
    gets the full path's error and pointer."""
    good = {"type": "tag", "name": "Deal_2", "value": "第 2 局", "span": [4, 1, 4, 12]}
    deal = from_json({"type": "deal", "header": [good]})
    assert isinstance(deal, m.Deal)
    assert deal.header == (m.Tag("Deal_2", "第 2 局"),) == (from_json(good),)
    assert deal.header[0].span == m.Span(4, 1, 4, 12)
    assert quick_tag(data, re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z").match) is None  # type: ignore[arg-type]
    with pytest.raises(JsonError) as info:
        from_json({"type": "deal", "header": [good, data]})
    assert info.value.path == "/header/1" + path
    assert words in info.value.en


@pytest.mark.parametrize(("data", "path", "words"), QUICK_BAD)
def test_quick_paths_check_what_the_full_checks_check(data: object, path: str, words: str) -> None:
    """The quick paths (the moves of a deal, :func:`_jsonquick.quick_action` and
    ``quick_round``) give the values of the full path, and leave every wrong input to it,
    as the move of a deal and as a value alone, with the same error and JSON pointer."""
    usual = m.Play(1, cards=(Card.parse("K"), Card.parse("3")), span=m.Span(1, 1, 1, 4))
    for span in (_SPAN, [1, 1, 1, 4]):
        good = {"type": "play", "seat": 1, "cards": ["K", "3"], "span": span}
        for _ in range(2):  # the second time its cards are spellings read before
            for quick in (from_json(good), _moves_of({"moves": [good]})[0]):
                assert quick == usual and hash(quick) == hash(usual)
                assert repr(quick) == repr(usual)
                assert isinstance(quick, m.Play) and quick.span == usual.span
            assert quick_action("play", good) == usual
            moves = _moves_of({"moves": [{"type": "pass", "seat": 2, "span": span}]})
            assert moves == (m.Pass(2),) and moves[0].span == m.Span(1, 1, 1, 4)
            mark = _moves_of({"moves": [{"type": "round", "number": 7, "span": span}]})
            assert mark == (m.RoundMark(7),) and mark[0].span == m.Span(1, 1, 1, 4)
    assert quick_action("play", data) is None or path == "/to"  # "to": not a play's key
    assert quick_round(data) is None  # type: ignore[arg-type]
    with pytest.raises(JsonError) as info:
        from_json(data)
    assert info.value.path == path
    assert words in info.value.en
    with pytest.raises(JsonError) as info:
        _moves_of({"moves": [data]})
    assert info.value.path == "/moves/0" + path
    assert words in info.value.en


def _moves_of(deal: dict[str, Any]) -> tuple[Any, ...]:
    header = [{"type": "tag", "name": "A", "value": ""}]
    value = from_json({"type": "deal", "header": header} | deal)
    assert isinstance(value, m.Deal)
    return value.moves


def test_the_collector_is_paused_only_while_json_is_read() -> None:
    """The JSON readers pause the cyclic collector while they build values, and leave it
    as they found it, on success, on an error and in a stream stopped half way."""
    import gc
    import io
    from collections.abc import Generator

    from gojinotation.jsonstream import iter_read_json

    text = dumps_json(gj.loads('[Event "a"]\nhand 1: 33\n1. 1:33 2:-\n[Event "b"]\n'))
    seen: list[bool] = []
    assert gc.isenabled()
    assert isinstance(load_json_match(text), m.Match) and gc.isenabled()
    with pytest.raises(JsonError):
        load_json_match(text.replace('"seat": 2', '"seat": 9'))
    assert gc.isenabled()
    items = iter_read_json(io.BytesIO(text.encode()))
    assert isinstance(items, Generator)
    next(items)
    seen.append(gc.isenabled())  # between two deals: the caller's code runs with it on
    items.close()
    assert seen == [True] and gc.isenabled()
    gc.disable()
    try:
        load_json_match(text)
        assert not gc.isenabled()  # off before: left off
    finally:
        gc.enable()


def test_span_forms_read_the_same() -> None:
    """The compact span (written), its two-number form and the object form (written
    before) read as the same span; the writer writes the compact one, on one line."""
    forms = ([3, 4, 3, 9], {"line": 3, "column": 4, "end_line": 3, "end_column": 9})
    tags = [from_json({"type": "tag", "name": "A", "value": "b", "span": f}) for f in forms]
    assert [t.span for t in tags] == [m.Span(3, 4, 3, 9)] * 2
    short = from_json({"type": "pass", "seat": 1, "span": [3, 4]})
    assert (
        short.span
        == m.Span(3, 4)
        == from_json({"type": "pass", "seat": 1, "span": {"line": 3, "column": 4}}).span
    )
    assert to_json(tags[0])["span"] == [3, 4, 3, 9]
    text = dumps_json(gj.loads('[Event "a"]\nhand 1: 33\n1. 1:33 2:-\n'))
    assert '"span": [3, 4, 3, 8]' in text and '"line"' not in text
    assert _schema_errors(json.loads(text)) == []


@pytest.mark.parametrize(
    "text", ["", "{", '{"type": "match", "deals": [],}', "NaN", '{"a": Infinity}', "[" * 100_000]
)
def test_text_that_is_not_json(text: str) -> None:
    with pytest.raises(JsonError) as info:
        loads_json(text)
    assert info.value.code in ("GJN131", "GJN130")
    assert info.value.line is not None or info.value.code == "GJN130"


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    data: dict[str, Any] = {"type": "variation", "moves": []}
    for _ in range(5000):
        data = {"type": "variation", "moves": [data]}
    with pytest.raises(JsonError):
        from_json(data)


json_st = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@given(json_st)
def test_any_json_is_a_value_or_a_json_error(data: object) -> None:
    try:
        value = from_json(data)
    except JsonError:
        return
    assert to_json(value, spans=False) is not None


@st.composite
def mutated(draw: st.DrawFn) -> object:
    data: Any = to_json(draw(match_st))
    # walk to a random place and replace it with random JSON
    node = data
    for _ in range(draw(st.integers(0, 6))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or not node[key]:
                node[key] = draw(json_st)
                break
            node = node[key]
        elif isinstance(node, list) and node:
            i = draw(st.integers(0, len(node) - 1))
            if not isinstance(node[i], dict | list) or not node[i]:
                node[i] = draw(json_st)
                break
            node = node[i]
        else:
            break
    return data


@given(mutated())
def test_mutated_documents_never_crash(data: object) -> None:
    try:
        from_json(data)
    except JsonError as err:
        assert err.path == "" or err.path.startswith("/")


def test_a_set_without_its_seat_in_json() -> None:
    deal = gj.loads('[Event "x"]\n1:33 44 ! [%clk 3]').deals[0]
    assert isinstance(deal, m.Deal)
    data = to_json(deal, spans=False)
    assert data["moves"][1] == {
        "type": "turn_play",
        "cards": ["4", "4"],
        "glyphs": ["!"],
        "notes": [{"key": "clk", "value": "3"}],
    }
    assert "seat" not in data["moves"][1] and _schema_errors(data) == []
    assert from_json(data) == deal
    assert _schema_errors({"type": "turn_play", "seat": 2, "cards": ["4"]}) != []
    # GJN would read a bare set right after the hand lines as more cards of the last hand
    data["hands"] = [{"type": "hand", "seat": 1, "cards": ["3", "3"]}]
    data["moves"] = data["moves"][1:]
    with pytest.raises(JsonError) as info:
        from_json(data)
    assert info.value.path == "/moves/0" and "names its seat" in info.value.en
