"""The events' English and Chinese lines: templates over their fields."""

from __future__ import annotations

import string

import attrs
import pytest

from gojinotation.cards import parse_cards
from gojinotation_analyzer.engine import events as E

CLASSES = [
    c
    for c in (getattr(E, n) for n in E.__all__)
    if isinstance(c, type) and issubclass(c, E.Event) and c is not E.Event
]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_templates_name_only_fields_of_their_event(cls: type[E.Event]) -> None:
    fields = {f.name for f in attrs.fields(cls)}
    for template in (cls._en, cls._zh):
        names = {n for _, n, _, _ in string.Formatter().parse(template) if n}
        assert names <= fields, (cls.__name__, names - fields)
    assert bool(cls._en) == bool(cls._zh)  # both lines, or neither


def test_R_LEAD_1_lines_from_templates_and_overrides() -> None:
    kk = parse_cards("KK")
    assert E.Led(3, cards=kk).en == "seat 3 leads KK"
    assert E.Led(3, cards=()).zh == "3号发牌 -"  # no cards written as -
    assert E.Played(4, cards=kk, over=3).zh == "4号在3号之上出 KK"
    assert E.Passed(2, declined=True).en == "seat 2 passes (does not burn)"  # an override
    assert E.Led(3, cards=kk) == E.Led(3, cards=parse_cards("KK"))  # equality by fields
    assert E.Event(1).en == "Event"  # no template: the kind
