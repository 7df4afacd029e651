"""The words of the replay view: the page's catalogue, card strings, cards in words
and the announcement of each action, in Chinese and English.

Part of :mod:`publish.view`, which re-exports every public name but :func:`say`.

>>> from gojinotation.cards import parse_cards
>>> describe_cards(parse_cards("QQ"), "en"), cards_text(parse_cards("3D"))
('two queens', 'D3')
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import resources

from gojinotation import model as m
from gojinotation.cards import Card, Rank, sort_cards

__all__ = ["act_phrase", "cards_text", "describe_cards", "i18n", "say", "split_cards"]


# --------------------------------------------------------------------- i18n and text


@cache
def i18n() -> dict[str, dict[str, str]]:
    """The UI catalogue ``{"zh": {...}, "en": {...}}`` shared with the page's script."""
    text = (
        resources.files("gojinotation_analyzer.publish")
        .joinpath("templates/i18n.json")
        .read_text("utf-8")
    )
    data: dict[str, dict[str, str]] = json.loads(text)
    return data


def cards_text(cards: Iterable[Card] | None) -> str | None:
    """Cards as a view string: canonical order, no run shorthand; ``None`` stays ``None``.

    >>> from gojinotation.cards import parse_cards
    >>> cards_text(parse_cards("33xd2T*7"))
    'DX2TTTTTTT33'
    """
    if cards is None:
        return None
    return "".join(c.gjn() for c in sort_cards(cards))


_CARD_RE = re.compile(r"[2-9TJQKA][shcd]?|[XD?]")


def split_cards(text: str | None) -> list[str]:
    """A view card string as its cards (``None`` or ``""``: none).

    >>> split_cards("DX2hTT?")
    ['D', 'X', '2h', 'T', 'T', '?']
    """
    return _CARD_RE.findall(text or "")


_EN_NUM = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
_ZH_NUM = "零一两三四五六七八九十"
_EN_RANK: dict[Rank | None, tuple[str, str]] = {
    Rank.THREE: ("three", "threes"),
    Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.NINE: ("nine", "nines"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.KING: ("king", "kings"),
    Rank.ACE: ("ace", "aces"),
    Rank.TWO: ("two", "twos"),
    Rank.SMALL_JOKER: ("small joker", "small jokers"),
    Rank.BIG_JOKER: ("big joker", "big jokers"),
    None: ("unknown card", "unknown cards"),
}
_SUIT_EN = {"s": "spades", "h": "hearts", "c": "clubs", "d": "diamonds"}
_SUIT_ZH = {"s": "黑桃", "h": "红桃", "c": "梅花", "d": "方块"}


def _zh_count(n: int) -> str:
    if n <= 10:
        return _ZH_NUM[n]
    if n < 20:
        return "十" + (_ZH_NUM[n - 10] if n > 10 else "")
    return str(n)


def _en_count(n: int) -> str:
    return _EN_NUM[n] if n < len(_EN_NUM) else str(n)


def describe_cards(cards: Sequence[Card], lang: str) -> str:
    """Cards in words, the base rank first: ``three kings``, ``三张8带大王``.

    >>> from gojinotation.cards import parse_cards
    >>> describe_cards(parse_cards("KKK"), "en"), describe_cards(parse_cards("KKK"), "zh")
    ('three kings', '三张K')
    >>> describe_cards(parse_cards("888DX"), "en")
    'three eights with a small joker and a big joker'
    >>> describe_cards(parse_cards("888DD"), "zh"), describe_cards(parse_cards("3h"), "en")
    ('三张8带两张大王', 'a three of hearts')
    """
    groups: dict[Rank | None, list[Card]] = {}
    for c in sorted(cards, key=lambda c: (c.rank is None, c.rank or 0)):
        groups.setdefault(c.rank, []).append(c)
    parts: list[str] = []
    for rank, group in groups.items():
        n = len(group)
        suits = {c.suit for c in group}
        suit = next(iter(suits)) if len(suits) == 1 else None
        if lang == "zh":
            name = rank.zh if rank is not None else "未知牌"
            parts.append(f"{_zh_count(n)}张{_SUIT_ZH[suit.value] if suit else ''}{name}")
        else:
            one, many = _EN_RANK[rank]
            head = (("an " if one[0] in "aeiu" else "a ") + one) if n == 1 else _en_count(n)
            text = head if n == 1 else f"{head} {many}"
            parts.append(text + (f" of {_SUIT_EN[suit.value]}" if suit else ""))
    if not parts:
        return ""
    if lang == "zh":
        return parts[0] + ("带" + "、".join(parts[1:]) if len(parts) > 1 else "")
    if len(parts) == 1:
        return parts[0]
    rest = parts[1:]
    tail = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
    return f"{parts[0]} with {tail}"


def _who(seat: int, name: str, lang: str) -> str:
    ui = i18n()[lang]
    return (ui["say_who"] if name else ui["say_who_noname"]).format(s=seat, name=name)


def act_phrase(action: m.Action, lang: str, names: Mapping[int, str]) -> str:
    """The verb phrase of an action (``plays three kings``, ``出三张K``).

    >>> act_phrase(m.Give(2, card=Card.parse("3"), to_seat=5), "zh", {5: "孙"})
    '送一张3给5号孙'
    """
    zh = lang == "zh"

    def d(cards: Sequence[Card]) -> str:
        return describe_cards(cards, lang)

    def to(seat: int) -> str:
        return _who(seat, names.get(seat, ""), lang)

    if isinstance(action, m.Play):
        return ("出" if zh else "plays ") + d(action.cards)
    if isinstance(action, m.Burn):
        return f"烧牌，出{d(action.cards)}" if zh else f"burns with {d(action.cards)}"
    if isinstance(action, m.Pass):
        return "过牌" if zh else "passes"
    if isinstance(action, m.Yield):
        return "让牌" if zh else "yields"
    if isinstance(action, m.Close):
        return "扣牌" if zh else "closes the round"
    if isinstance(action, m.Timeout):
        return "超时" if zh else "runs out of time"
    if isinstance(action, m.Revolution):
        return "宣布革命" if zh else "declares a revolution"
    if isinstance(action, m.Report):
        return f"报牌：剩{action.count}张" if zh else f"reports {action.count} cards left"
    if isinstance(action, m.Buy):
        card, paid = d((action.card,)), d((action.paid,))
        if zh:
            return f"向{to(action.from_seat)}买{card}，付{paid}"
        return f"buys {card} from {to(action.from_seat)} for {paid}"
    if isinstance(action, m.Give):
        card = d((action.card,))
        return f"送{card}给{to(action.to_seat)}" if zh else f"gives {card} to {to(action.to_seat)}"
    if isinstance(action, m.Tribute):
        cards = d(action.cards)
        if zh:
            return f"向{to(action.to_seat)}进贡{cards}"
        return f"pays {cards} in tribute to {to(action.to_seat)}"
    if isinstance(action, m.Return):
        cards = d(action.cards)
        if zh:
            return f"还贡{cards}给{to(action.to_seat)}"
        return f"returns {cards} to {to(action.to_seat)}"
    if isinstance(action, m.Penalty):
        pts = abs(action.points)
        reason = action.reason
        if zh:
            verb = "被罚" if action.points < 0 else "获加"
            return f"{verb}{pts}分" + (f"：{reason}" if reason else "")
        verb = "is penalised" if action.points < 0 else "is awarded"
        return f"{verb} {pts} point{'s' if pts != 1 else ''}" + (f": {reason}" if reason else "")
    if isinstance(action, m.Ruling):
        return f"裁决：{action.text}" if zh else f"ruling: {action.text}"
    return _table_event_phrase(action, zh, d, to)


def _table_event_phrase(
    action: m.Action, zh: bool, d: Callable[[Sequence[Card]], str], to: Callable[[int], str]
) -> str:
    """The verb phrase of a table declaration or claim (GJN 1.1).

    >>> act_phrase(m.Draw(3, card=Card.parse("9"), to=5), "en", {})
    'draws a nine at 开牌; the count ends on seat 5'
    >>> act_phrase(m.Baola(5, rebel=1), "zh", {})
    '为1号的造反保拉'
    """
    if isinstance(action, m.Declare):
        return "声明烧牌" if zh else "declares a burn"
    if isinstance(action, m.Decline):
        return "声明不烧" if zh else "declines to burn"
    if isinstance(action, m.Draw):
        card = d((action.card,))
        if zh:
            return f"开牌，抽到{card}" + (f"，数到{to(action.to)}" if action.to else "")
        return f"draws {card} at 开牌" + (
            f"; the count ends on {to(action.to)}" if action.to else ""
        )
    if isinstance(action, m.Show):
        return f"亮{d(action.cards)}（上班）" if zh else f"shows {d(action.cards)} (亮3)"
    if isinstance(action, m.JiefengClaim):
        return "接风" if zh else "claims 接风 (the lead)"
    if isinstance(action, m.Kaidian):
        return "声明自动开点" if zh else "claims automatic 开点"
    if isinstance(action, m.Baola):
        return (
            f"为{to(action.rebel)}的造反保拉" if zh else f"backs {to(action.rebel)}'s 造反 (保拉)"
        )
    if isinstance(action, m.Waive):
        return "放弃够死级" if zh else "waives the 够死级 chances"
    if isinstance(action, m.Query):
        return f"问{to(action.target)}的牌数" if zh else f"asks {to(action.target)}'s count"
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover


def say(round_no: int, seat: int, name: str, act: str, lang: str) -> str:
    """The full announcement: ``Round 5, seat 3 Wang plays three kings``.

    The template lives in the shared catalogue (``say``/``say_pre``) so the page's script
    builds the same sentence from the same strings.
    """
    ui = i18n()[lang]
    key = "say" if round_no > 0 else "say_pre"
    return ui[key].format(r=round_no, who=_who(seat, name, lang), act=act)
