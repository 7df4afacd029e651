"""The validator's tag checks: tag values that no record means (issue #15).

One place for every check of a tag's *value* that does not need the replay: a
``[Leader]`` that names no seat 1-6 (GJV307), a number tag that is zero, negative or
absurdly long, a time limit that is no number of seconds, a score no deal gives (GJV308),
and a date that is not ``YYYY.MM.DD`` or does not exist (GJV309).  Each is a warning at the
tag's value, saying what was found and what was expected (``docs/validator.md``, *Tag
checks*; the tags: ``docs/format.md`` §5.1).  Values that are not numbers where a name is
allowed (``[Round "决赛"]``, ``[Table "A"]``) are not judged; an empty value never is.

>>> import gojinotation as gj
>>> deal = gj.loads('[Event "x"]\\n[Deal "0"]\\n[Leader "7"]\\n[Date "2026.13.01"]\\n1:3').deals[0]
>>> [(p.code, p.tag) for p in check_tags(deal)]
[('GJV308', 'Deal'), ('GJV307', 'Leader'), ('GJV309', 'Date')]
>>> print(check_tags(deal)[0].msg[0])
the Deal tag is '0': expected a whole number from 1 to 999999
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections.abc import Callable

import attrs

from gojinotation import model as m
from gojinotation_analyzer.engine.opening import leader_seat
from gojinotation_analyzer.reports.messages import both
from gojinotation_analyzer.reports.results import parse_score

__all__ = [
    "MAX_NUMBER",
    "MAX_SCORE",
    "MAX_SECONDS",
    "YEARS",
    "TagProblem",
    "check_tags",
]

#: The largest round, table, game or deal number taken as meant (six digits).
MAX_NUMBER = 999_999
#: The longest time limit a play is taken to have, in seconds (an hour).
MAX_SECONDS = 3600
#: The most points a team is taken to win or lose in one deal.
MAX_SCORE = 999
#: The years a ``[Date]`` is taken to be in.
YEARS = (1900, 2100)

#: The tags that hold a number counted from 1 (when they hold a number at all).
NUMBER_TAGS = ("Round", "Table", "Game", "Deal")

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DATE = re.compile(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?{2})\.([0-9]{2}|\?{2})")
_SHOWN = 24  # characters of a long value quoted in a message


@attrs.frozen
class TagProblem:
    """One finding of :func:`check_tags`: its code, the tag, and the message (en, zh)."""

    code: str
    tag: str
    msg: tuple[str, str]


def _shown(value: str) -> str:
    return value if len(value) <= _SHOWN else value[:_SHOWN] + "…"


def _integer(value: str) -> int | None:
    """The whole number a value writes (full-width digits too), None if it is not one.
    A number of more than 7 digits is returned as one more than :data:`MAX_NUMBER`
    times ten, never converted (a 5,000-digit value costs nothing)."""
    text = unicodedata.normalize("NFKC", value).strip()
    if not _INTEGER.fullmatch(text):
        return None
    digits = text.lstrip("+-").lstrip("0") or "0"
    sign = -1 if text.startswith("-") else 1
    if len(digits) > 7:
        return sign * (MAX_NUMBER * 10 + 1)
    return sign * int(digits)


def _number(tag: str, value: str) -> TagProblem | None:
    n = _integer(value)
    if n is None or 1 <= n <= MAX_NUMBER:
        return None
    msg = both("tag_number", tag=tag, value=_shown(value), hi=MAX_NUMBER)
    return TagProblem("GJV308", tag, msg)


def _time_control(tag: str, value: str) -> TagProblem | None:
    n = _integer(value)
    if n is not None and 1 <= n <= MAX_SECONDS:
        return None
    return TagProblem("GJV308", tag, both("tag_seconds", value=_shown(value), hi=MAX_SECONDS))


def _score(tag: str, value: str) -> TagProblem | None:
    scores = parse_score(value)  # None: unreadable, GJV302 of the result checks
    if scores is None or all(abs(s) <= MAX_SCORE for s in scores):
        return None
    return TagProblem("GJV308", tag, both("tag_score", value=_shown(value), hi=MAX_SCORE))


def _leader(tag: str, value: str) -> TagProblem | None:
    if leader_seat(value) is not None:
        return None
    return TagProblem("GJV307", tag, both("tag_leader", value=_shown(value)))


def _date(tag: str, value: str) -> TagProblem | None:
    text = value.strip()
    got = _DATE.fullmatch(text)
    if got is None:
        return TagProblem("GJV309", tag, both("tag_date_form", value=_shown(value)))
    year, month, day = (None if "?" in g else int(g) for g in got.groups())
    lo, hi = YEARS
    if year is not None and not lo <= year <= hi:
        return TagProblem("GJV309", tag, both("tag_date_year", value=text, lo=lo, hi=hi))
    if month is not None and not 1 <= month <= 12:
        return TagProblem("GJV309", tag, both("tag_date_month", value=text))
    if day is not None:
        last = 31
        if month is not None:  # 29 February without a year: allowed (a leap year may be meant)
            last = calendar.monthrange(year if year is not None else 2000, month)[1]
        if not 1 <= day <= last:
            return TagProblem("GJV309", tag, both("tag_date_day", value=text, last=last))
    return None


_CHECKS: dict[str, Callable[[str, str], TagProblem | None]] = {
    **dict.fromkeys(NUMBER_TAGS, _number),
    "TimeControl": _time_control,
    "Score": _score,
    "Leader": _leader,
    "Date": _date,
}


def check_tags(deal: m.Deal) -> list[TagProblem]:
    """The problems of ``deal``'s tag values, in the order of its header.  A tag that is
    repeated is judged where a lookup finds it (its first pair); an empty value is not
    judged."""
    out: list[TagProblem] = []
    seen: set[str] = set()
    for item in deal.header:
        if not isinstance(item, m.Tag) or item.name in seen:
            continue
        seen.add(item.name)
        check = _CHECKS.get(item.name)
        if check is None or not item.value.strip():
            continue
        found = check(item.name, item.value)
        if found is not None:
            out.append(found)
    return out
