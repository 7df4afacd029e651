"""The public API in the spirit of python-chess: one action parsed and written at a time,
text and files read by separate functions, and the analyzer's verbs from one import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings

import gojinotation as gj
from gojinotation import model as m
from gojinotation.cards import Card
from tests import strategies as s

ROOT = Path(__file__).resolve().parent.parent

K = Card.parse("K")

# (text, the action it must read as, its canonical spelling)
ACTIONS: list[tuple[str, m.Action, str | None]] = [
    ("3:KKK", m.Play(3, cards=(K, K, K)), "3:KKK"),
    ("3:kkk", m.Play(3, cards=(K, K, K)), "3:KKK"),
    ("3:-", m.Pass(3), "3:-"),
    ("3:过", m.Pass(3), "3:-"),
    ("3:burn KKKK !?", m.Burn(3, cards=(K,) * 4, glyphs=("!?",)), "3:burn KKKK !?"),
    ("3:close", m.Close(3), "3:close"),
    ("3:yield", m.Yield(3), "3:yield"),
    ("^3:KKK", m.Play(3, cards=(K, K, K), irregular=True), "^3:KKK"),
    ("3:KKK [%clk 12]", m.Play(3, cards=(K, K, K), notes=(m.Note("clk", "12"),)), None),
    (
        "3:buy 3 from 2 for 4",
        m.Buy(3, card=Card.parse("3"), from_seat=2, paid=Card.parse("4")),
        "3:buy 3 from 2 for 4",
    ),
]


@pytest.mark.parametrize(("text", "action", "canonical"), ACTIONS)
def test_parse_action_reads_the_right_frozen_class(
    text: str, action: m.Action, canonical: str | None
) -> None:
    got = gj.parse_action(text)
    assert got == action
    assert type(got) is type(action)
    assert m.ActionBase.parse(text) == action
    assert type(action).parse(text) == action
    if canonical is not None:
        assert str(got) == canonical
    # str() is the writer's format_action, and it reads back to the same action
    assert str(got) == gj.format_action(got)
    assert gj.parse_action(str(got)) == got


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("3:ZZ", "GJN110", 3),
        ("7:KKK", "GJN113", 1),
        ("3:KKK 4:-", "GJN101", 7),
        ("3:KKK {note}", "GJN101", 7),
        ("3:KKK (4:-)", "GJN101", 7),
        ("1. 3:KKK", "GJN101", 1),
        ("3:KKK\n4:-", "GJN101", 6),
        ("", "GJN102", 1),
        ('[Event "a"]', "GJN102", 1),
    ],
)
def test_parse_action_refuses_what_is_not_one_action(text: str, code: str, column: int) -> None:
    with pytest.raises(gj.NotationError) as info:
        gj.parse_action(text)
    err = info.value
    assert (err.code, err.line, err.column) == (code, 1, column)
    assert err.filename == "<action>"
    assert err.message("zh") != err.message("en")


def test_parse_on_a_concrete_class_requires_that_class() -> None:
    with pytest.raises(gj.NotationError) as info:
        m.Pass.parse("3:KKK")
    assert info.value.code == "GJN101"
    assert "Pass" in str(info.value)


def test_parse_action_takes_text_only() -> None:
    with pytest.raises(TypeError):
        gj.parse_action(b"3:KKK")  # type: ignore[arg-type]


def test_deal_and_match_print_canonical_gjn() -> None:
    text = '[Event "a"]\nhand 1: d x 2 2\n1. 1:t10tt !  2:过 {ok}  2:close'
    match = gj.loads(text)
    assert str(match) == gj.dumps(match)
    deal = match.deals[0]
    assert isinstance(deal, m.Deal)
    assert str(deal) == gj.write_deal(deal)
    assert gj.loads(str(match)) == match


def test_read_refuses_a_path_object(tmp_path: Path) -> None:
    path = tmp_path / "a.gjn"
    path.write_text('[Event "a"]\n1:333', encoding="utf-8")
    with pytest.raises(TypeError, match="read_file"):
        gj.read(path)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="read_file"):
        gj.loads(path)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["a.gjn", "A.GJN", "a.json"])
def test_read_refuses_a_string_naming_an_existing_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    (tmp_path / name).write_text('[Event "a"]\n1:333', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="file"):
        gj.read(name)
    with pytest.raises(ValueError, match="file"):
        gj.read(str(tmp_path / name))
    with pytest.raises(ValueError, match="file"):
        list(gj.iter_deals(name))


def test_a_string_that_names_no_file_is_still_text(tmp_path: Path) -> None:
    # not an existing file: read as GJN text, which reports its own syntax error
    result = gj.read(str(tmp_path / "missing.gjn"))
    assert result.errors


def test_read_file_and_load_read_paths(tmp_path: Path) -> None:
    path = tmp_path / "a.gjn"
    text = '[Event "a"]\n1:333\n\n[Event "b"]\n1:ZZ\n'
    path.write_text(text, encoding="utf-8")
    for arg in (path, str(path)):
        result = gj.read_file(arg)
        assert result.match == gj.read(text).match
        assert [e.code for e in result.errors] == ["GJN110"]
        assert result.errors[0].filename == str(path)
        with pytest.raises(gj.NotationError):
            gj.load(arg)
    with pytest.raises(TypeError):
        gj.read_file(text.encode())  # type: ignore[arg-type]


def test_analyzer_import_does_not_import_the_engine() -> None:
    """``import gojinotation_analyzer`` (and so ``gouji --help``) stays light: the verbs
    are looked up on first use."""
    code = (
        "import sys, gojinotation_analyzer as ga; "
        "print(sorted(k for k in sys.modules if k.startswith('gojinotation_analyzer.')))"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "analyzer")]))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert out.strip() == "[]"


def test_every_lazy_name_resolves_to_its_definition() -> None:
    import importlib

    import gojinotation_analyzer as ga

    table: dict[str, str] = ga._LAZY
    assert sorted(ga.__all__) == sorted(table)
    for name, module in table.items():
        assert getattr(ga, name) is getattr(importlib.import_module(module), name), name
    assert set(table) <= set(dir(ga))
    with pytest.raises(AttributeError):
        _ = ga.no_such_verb


def test_the_engine_verbs_from_one_import() -> None:
    import gojinotation_analyzer as ga

    st = ga.new_deal(
        {s: gj.parse_cards(h) for s, h in enumerate(["KK3", "AA4", "55", "66", "77", "88"], 1)},
        ga.Ruleset(),
        leader=1,
        deck_check=False,
    )
    lead = gj.parse_action("1:3")
    ga.verify(st, lead)  # legal: raises nothing
    st, events = ga.do(st, lead)
    assert st.turn == 2
    assert events
    with pytest.raises(ga.IllegalAction) as info:
        ga.verify(st, gj.parse_action("4:-"))
    assert info.value.rule_id == "R-TURN-1"
    assert ga.load_ruleset("qingdao-standard") == ga.load_ruleset("qingdao-standard")


@settings(max_examples=200)
@given(s.action())
def test_every_action_reads_back_from_its_str(action: m.Action) -> None:
    """str() and parse_action are inverse on every action the model can hold (glyphs,
    notes, ``^`` and every kind of action included)."""
    # parse_action reads one line; a note value may hold a line break (the writer keeps
    # it inside the note's brackets, and a record reads it back: test_roundtrip)
    assume(not any("\n" in n.value for n in action.notes))
    text = str(action)
    assert "\n" not in text
    again = gj.parse_action(text)
    assert again == action
    assert type(again) is type(action)
    assert str(again) == text


@given(s.deal())
def test_every_deal_reads_back_from_its_str(deal: m.Deal) -> None:
    (again,) = gj.loads(str(deal)).deals
    assert again == deal


def test_import_is_lazy_and_the_names_all_there() -> None:
    """``import gojinotation`` imports neither the model, the reader nor Lark (PEP 562):
    each public name is imported on first use, and every name of ``__all__`` is in
    ``dir()`` and resolves; submodules are attributes as before (``gj.cards``)."""
    root = Path(__file__).resolve().parent.parent
    code = (
        "import sys, gojinotation as gj\n"
        "heavy = ('gojinotation.model', 'gojinotation.reader', 'lark', 'attrs')\n"
        "print(gj.__version__, *(h in sys.modules for h in heavy))\n"
        "assert set(gj.__all__) <= set(dir(gj))\n"
        "assert set(gj.__all__) - {'__version__'} == set(gj._WHERE)\n"  # the lazy table
        "assert all(getattr(gj, n) is not None for n in gj.__all__)\n"
        "print(gj.cards.parse_cards('KK') == (gj.Card.parse('K'),) * 2, hasattr(gj, 'nope'))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(root / "analyzer")])}
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:2] == [f"{gj.__version__} False False False False", "True False"]
    assert gj.read is gj.reader.read and gj.Match is m.Match
