"""The written result of a deal: the one parser of the ``[Finish]`` and ``[Score]`` tags.

The validator (R-RECORD-1: the written result must match the replay) and the replay page
both read the result tags through these functions, so a tag means the same thing
everywhere.  The spellings (``docs/format.md``, "Result tags"):

* ``Finish``: the seats from 头科 to 大落, as digits (``3 1 5 2 6 4``, ``3,1,5,2,6,4``,
  ``315264``), or with place words, place first (``头科3 二科1 …``, ``头科：3号``) or seat
  first (``3号头科 1号二科 …``, with or without separators).  A prefix (fewer than six
  seats) is allowed.
* ``Score``: team A's points, then team B's (``+6 -6``, ``6:-6``, ``6-0``), or named in
  any order (``A 6 B -6``, ``B -6 A 6``, ``甲方+6 乙方-6``).  Full-width forms are read
  as their ASCII equivalents (Unicode NFKC, and the minus signs ``−`` and ``－``), so
  ``＋２ －２`` is ``+2 -2``: team A +2, team B −2.

Pure functions: no rules, no engine.

>>> parse_finish("3号头科 1号二科 5号三科 2号四科 6号二落 4号大落")
(3, 1, 5, 2, 6, 4)
>>> parse_score("＋２ －２"), parse_score("B +2 A -2")
((2, -2), (-2, 2))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["PLACE_WORDS", "format_finish", "format_score", "parse_finish", "parse_score"]

#: The place words a ``Finish`` tag may use, and the place (1 = 头科 … 6 = 大落) of each.
PLACE_WORDS: dict[str, int] = {
    "头科": 1,
    "二科": 2,
    "三科": 3,
    "四科": 4,
    "二落": 5,
    "大落": 6,
    "末科": 6,
    "末位": 6,
}
_PLACE_RE = "|".join(PLACE_WORDS)
#: ``头科3``, ``头科：3号``, ``头科 seat 3``: the place word first.
_PLACE_FIRST = re.compile(rf"({_PLACE_RE})\s*[:：]?\s*(?:座位|seat)?\s*(\d+)\s*号?")
#: ``3号头科``, ``3: 头科``, ``seat 3 头科``: the seat first.
_SEAT_FIRST = re.compile(rf"(?:座位|seat)?\s*(\d+)\s*号?\s*[:：]?\s*({_PLACE_RE})")
_NAMED_SCORE = re.compile(r"(?<![A-Za-z])(A|B|甲|乙)\s*(?:方|队|隊|team)?\s*[:：=]?\s*([+-]?\d+)")


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("−", "-").replace("－", "-")


def _place_pairs(s: str) -> list[tuple[str, str]] | None:
    """``(place word, seat digits)`` pairs of a Finish tag written with place words;
    ``[]`` when it has none; ``None`` when they cannot be read.  Whether the seat stands
    before or after its place word is decided by what the tag starts with, so
    ``1号头科 2号二科`` is never read as 头科 = 2."""
    if not re.search(_PLACE_RE, s):
        return []
    seat_first = bool(re.match(r"(?:座位|seat)?\s*\d", s))
    pattern = _SEAT_FIRST if seat_first else _PLACE_FIRST
    pairs: list[tuple[str, str]] = []
    for mt in pattern.finditer(s):
        word, digits = (mt.group(2), mt.group(1)) if seat_first else (mt.group(1), mt.group(2))
        pairs.append((word, digits))
    rest = pattern.sub("", s)
    if not pairs or re.search(r"[^\s,，、;；/>\-]", rest):
        return None
    return pairs


def parse_finish(text: str) -> tuple[int, ...] | None:
    """The seats of a ``[Finish]`` tag in place order (头科 first), or ``None`` if it
    cannot be read.  A prefix (fewer than six seats) is allowed.

    >>> parse_finish("3 1 5 2 6 4"), parse_finish("3,1,5,2,6,4"), parse_finish("315264")
    ((3, 1, 5, 2, 6, 4), (3, 1, 5, 2, 6, 4), (3, 1, 5, 2, 6, 4))
    >>> parse_finish("头科3 二科1 三科5 四科2 二落6 大落4")
    (3, 1, 5, 2, 6, 4)
    >>> parse_finish("3号头科，1号二科，5号三科，2号四科，6号二落，4号大落")
    (3, 1, 5, 2, 6, 4)
    >>> parse_finish("1号头科 2号二科 3号三科 4号四科 5号二落 6号大落")
    (1, 2, 3, 4, 5, 6)
    >>> parse_finish("大落4 头科3")  # places must run from 头科 without a gap
    >>> parse_finish("3 3 1"), parse_finish("7 1"), parse_finish(""), parse_finish("first 1")
    (None, None, None, None)
    """
    s = _nfkc(text).strip()
    if not s or re.search(r"\d{65}", s):  # no finish order (int() refuses 4,300 digits)
        return None
    pairs = _place_pairs(s)
    if pairs is None:
        return None
    if pairs:
        by_place: dict[int, int] = {}
        for word, seat in pairs:
            place = PLACE_WORDS[word]
            if place in by_place:
                return None
            by_place[place] = int(seat)
        if sorted(by_place) != list(range(1, len(by_place) + 1)):
            return None
        seats = tuple(by_place[p] for p in sorted(by_place))
    else:
        if re.search(r"[^\d\s,，、;；/>\-]", s):
            return None
        digits = re.findall(r"\d+", s)
        if len(digits) == 1 and len(digits[0]) > 1:
            digits = list(digits[0])
        seats = tuple(int(d) for d in digits)
    if not seats or len(seats) > 6 or len(set(seats)) != len(seats):
        return None
    if any(not 1 <= x <= 6 for x in seats):
        return None
    return seats


def parse_score(text: str) -> tuple[int, int] | None:
    """Team A's and team B's points from a ``[Score]`` tag, or ``None``.

    Two bare numbers are team A's, then team B's; a named form may give the teams in
    any order.

    >>> parse_score("+6 -6"), parse_score("6:-6"), parse_score("A 6 B -6"), parse_score("B -6 A 6")
    ((6, -6), (6, -6), (6, -6), (6, -6))
    >>> parse_score("甲方+6 乙方-6"), parse_score("甲 6：乙 -6"), parse_score("＋６　－６")
    ((6, -6), (6, -6), (6, -6))
    >>> parse_score("6-0"), parse_score("A=1 B:4"), parse_score("2，-2")
    ((6, 0), (1, 4), (2, -2))
    >>> parse_score("6"), parse_score("six"), parse_score("1 2 3"), parse_score("A 1 A 2")
    (None, None, None, None)
    """
    s = _nfkc(text).strip()
    if re.search(r"\d{65}", s):  # no score: int() would refuse 4,300 digits (issue #15)
        return None
    named = _NAMED_SCORE.findall(s)
    if named:
        got: dict[str, int] = {}
        for team, pts in named:
            key = "A" if team in ("A", "甲") else "B"
            if key in got:
                return None
            got[key] = int(pts)
        rest = _NAMED_SCORE.sub("", s)
        if set(got) != {"A", "B"} or re.search(r"\w", rest):
            return None
        return got["A"], got["B"]
    if re.search(r"[^\d\s:：,，;；/+\-]", s):
        return None
    nums = re.findall(r"[+-]?\d+", s)
    if len(nums) != 2:
        return None
    return int(nums[0]), int(nums[1])


def format_finish(seats: Sequence[int]) -> str:
    """A finish order as the canonical tag value.

    >>> format_finish((3, 1, 5, 2, 6, 4))
    '3 1 5 2 6 4'
    """
    return " ".join(map(str, seats))


def format_score(a: int, b: int) -> str:
    """Team A's and team B's points as the canonical tag value.

    >>> format_score(2, -2), parse_score(format_score(-4, 0))
    ('+2 -2', (-4, 0))
    """
    return f"{a:+d} {b:+d}"
