"""The replay view model: everything the HTML renderer shows, as plain frozen values.

The renderer (:mod:`publish.render`) reads a :class:`MatchView` and nothing else; it never
judges a play, and neither does the view: every table it shows is the rules engine's.
A view is built either

* from the rules engine's replay frames, by :func:`view_from_frames` (or
  :func:`view_from_engine`, which replays each deal itself), or
* from the record alone, by :func:`view_from_record`: no rules, so it renders every record,
  even one that fails validation — the actions as written, the hands as dealt, and no
  table state (:data:`UNKNOWN_TABLE`), with a notice on each deal that says so.

A deal the engine cannot replay (an unknown profile, an engine failure) is shown the
same way, with the reason: "this deal could not be replayed: …; shown as written".

Every value is an ``attrs`` frozen class of strings, numbers, tuples and ``None``, so
:func:`to_json` (or ``attrs.asdict``) gives plain JSON.  Cards are GJN card strings in
canonical order without the run shorthand (``"DX2222AAA"``; ``?`` an unknown card); a
hand that is not known at all is ``None``.  Per-seat tuples have six entries, index
``seat - 1``.

>>> import gojinotation as gj
>>> m = gj.loads('[Seat3 "王"]\\nhand 3: KKK 5\\n5. 3:KKK ! {good} 4:-')
>>> v = view_from_record(m)
>>> d = v.deals[0]
>>> s = d.steps[0]
>>> s.kind, s.cards, s.say_zh, s.say_en
('play', 'KKK', '第5轮，3号王出三张K', 'Round 5, seat 3 王 plays three kings')
>>> d.hands[2], s.table == UNKNOWN_TABLE, s.comments_after, d.replayed
('KKK5', True, ('good',), False)
>>> d.notice_en.startswith("this deal could not be replayed: the rules engine was not run")
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.cards import Card, Rank, sort_cards
from gojinotation.reader import BrokenDeal
from gojinotation.writer import format_action
from gojinotation_analyzer.reports.results import parse_finish, parse_score

__all__ = [
    "ENGINE_EVENT_KINDS",
    "EVENT_KINDS",
    "STEP_KINDS",
    "UNKNOWN_TABLE",
    "AlternativeView",
    "DealView",
    "DiagnosticView",
    "EventView",
    "MatchView",
    "ScoreLineView",
    "SeatView",
    "StepView",
    "TableView",
    "TotalsView",
    "act_phrase",
    "cards_text",
    "describe_cards",
    "i18n",
    "split_cards",
    "to_json",
    "view_from_engine",
    "view_from_frames",
    "view_from_record",
]

#: The step kinds, one per GJN action class.
STEP_KINDS: tuple[str, ...] = (
    "play",
    "pass",
    "burn",
    "yield",
    "close",
    "report",
    "revolution",
    "buy",
    "give",
    "tribute",
    "return",
    "timeout",
    "penalty",
    "ruling",
    "declare",
    "decline",
    "draw",
    "liang",
    "jiefeng",
    "kaidian",
    "baola",
    "waive",
    "query",
)

#: The event kinds the engine reports and the renderer marks (others show as ``notice``).
EVENT_KINDS: tuple[str, ...] = (
    "gouji",  # 够级 battle
    "kaidian",  # 开点
    "burn",  # 烧牌 and its outcome
    "men",  # 闷
    "jiefeng",  # 接风
    "out",  # a seat went out, with its place
    "chuansanhu",  # 串三户
    "violation",
    "dispute",
    "notice",
)

_KIND_OF: dict[type, str] = {
    m.Play: "play",
    m.Pass: "pass",
    m.Burn: "burn",
    m.Yield: "yield",
    m.Close: "close",
    m.Report: "report",
    m.Revolution: "revolution",
    m.Buy: "buy",
    m.Give: "give",
    m.Tribute: "tribute",
    m.Return: "return",
    m.Timeout: "timeout",
    m.Penalty: "penalty",
    m.Ruling: "ruling",
    m.Declare: "declare",
    m.Decline: "decline",
    m.Draw: "draw",
    m.Show: "liang",
    m.JiefengClaim: "jiefeng",
    m.Kaidian: "kaidian",
    m.Baola: "baola",
    m.Waive: "waive",
    m.Query: "query",
}


# --------------------------------------------------------------------------- values


@attrs.frozen
class EventView:
    """Something the engine saw happen at a step (``kind`` one of :data:`EVENT_KINDS`).

    ``seat`` is the seat concerned, ``other`` the other seat of the event where there is
    one (who may answer a 够级, the burned or 闷-ing seat, the seat whose lead passes on
    接风; for ``out`` the place), ``rule`` its rule id and ``source`` the engine's event
    class (``BurnSucceeded`` …): the replay page narrates from these.
    """

    kind: str
    en: str
    zh: str
    seat: int | None = None
    other: int | None = None
    rule: str = ""
    source: str = ""


@attrs.frozen
class AlternativeView:
    """A deal as ruled under one ruleset of ``gouji validate --profiles`` (the first is the
    record's own): its finish, team points (A, B), counts of errors and disputes, and
    ``rows`` ``(step, action, en, zh)``: its ruling of each action the rulesets rule
    differently (``""`` when legal under it)."""

    label: str
    profile: str
    finish: tuple[int, ...]
    team_points: tuple[int, int] | None
    errors: int
    disputes: int
    rows: tuple[tuple[int, str, str, str], ...] = ()


@attrs.frozen
class ScoreLineView:
    """One line of a deal's score breakdown: ``seat`` (or ``None``) and ``team`` get
    ``points`` under ``rule`` for the reason ``en``/``zh``."""

    rule: str
    seat: int | None
    team: str
    points: int
    en: str
    zh: str


@attrs.frozen
class DiagnosticView:
    """A validator finding, placed at a step of a deal when it can be (``step`` 1-based)."""

    severity: str  #: error | warning | dispute | notice
    code: str
    en: str
    zh: str
    rule: str = ""
    step: int | None = None
    line: int = 0
    column: int = 0


@attrs.frozen
class TableView:
    """The table after a step.

    ``sets``: each seat's set in front of it this round (``""`` none); ``passed``: seats
    that passed this round; ``to_act``: whose turn (``None`` when the deal is over or
    unknown); ``hand_sizes`` and ``hands`` per seat (``None`` unknown); ``places``: the
    place of each seat that is out (1-6) or ``None``.
    """

    sets: tuple[str, ...]
    passed: tuple[int, ...]
    to_act: int | None
    hand_sizes: tuple[int | None, ...]
    hands: tuple[str | None, ...]
    places: tuple[int | None, ...]

    @property
    def known(self) -> bool:
        """Whether the table says anything (the engine replayed the deal this far).

        >>> UNKNOWN_TABLE.known
        False
        """
        return any(n is not None for n in self.hand_sizes) or any(self.sets)


@attrs.frozen
class StepView:
    """One action of a deal (or of a variation) with its text, annotations and table.

    ``index`` is 1-based within its line (the main line of the deal, or the variation).
    ``gjn`` is the canonical GJN text (:func:`gojinotation.format_action`); ``act_en`` /
    ``act_zh`` the verb phrase (``plays three kings`` / ``出三张K``) and ``say_en`` /
    ``say_zh`` the full announcement for the live region.  ``markers`` name what the
    timeline marks: ``round`` (first step of a round), ``comment``, ``glyph``,
    ``variation``, ``irregular`` and every event kind.
    """

    index: int
    round: int
    seat: int
    kind: str
    gjn: str
    cards: str
    act_en: str
    act_zh: str
    say_en: str
    say_zh: str
    table: TableView
    events: tuple[EventView, ...] = ()
    comments_before: tuple[str, ...] = ()
    comments_after: tuple[str, ...] = ()
    glyphs: tuple[str, ...] = ()
    clock: str | None = None
    irregular: bool = False
    markers: tuple[str, ...] = ()
    variations: tuple[tuple[StepView, ...], ...] = ()


@attrs.frozen
class SeatView:
    """A seat, its player and team (``A`` for 1, 3, 5; ``B`` for 2, 4, 6)."""

    seat: int
    name: str
    team: str


@attrs.frozen
class DealView:
    """One deal: header, hands, steps and result.

    ``tags`` keeps every tag pair in source order; ``intro`` the comments before the first
    action (header, hands and leading move comments); ``start`` the table before the first
    action; ``finish`` the seats in the order they went out; ``seat_points`` and
    ``team_points`` the deal's score where known.  ``raw`` is the source text of a deal the
    reader could not parse (it then has no steps and its errors as diagnostics).
    ``number`` is the record's own deal number (its ``[Deal]`` tag; else ``index``), the
    one the page shows.  ``replayed`` is ``False`` when the rules engine did not replay the
    deal: its steps then carry no table state (:data:`UNKNOWN_TABLE`) and ``notice_en`` /
    ``notice_zh`` say why ("this deal could not be replayed: …; shown as written").
    """

    index: int
    tags: tuple[tuple[str, str], ...]
    profile: str | None
    players: tuple[SeatView, ...]
    hands: tuple[str | None, ...]
    start: TableView
    steps: tuple[StepView, ...]
    intro: tuple[str, ...] = ()
    finish: tuple[int, ...] = ()
    seat_points: tuple[int | None, ...] = (None,) * 6
    team_points: tuple[tuple[str, int], ...] = ()
    diagnostics: tuple[DiagnosticView, ...] = ()
    raw: str | None = None
    number: str = ""
    replayed: bool = True
    notice_en: str = ""
    notice_zh: str = ""
    breakdown: tuple[ScoreLineView, ...] = ()
    alternatives: tuple[AlternativeView, ...] = ()

    def tag(self, name: str, default: str = "") -> str:
        """The first value of tag ``name``."""
        for k, v in self.tags:
            if k == name:
                return v
        return default


@attrs.frozen
class TotalsView:
    """Running match totals after deal ``deal``: per team and per seat."""

    deal: int
    teams: tuple[tuple[str, int], ...]
    seats: tuple[int | None, ...]


@attrs.frozen
class MatchView:
    """A match (one GJN file) ready to render.

    ``validated`` is ``True`` when the rules engine replayed it, ``False`` when the view
    was built from the record alone.  ``diagnostics`` counts findings by severity.
    """

    title: str
    event: str
    site: str
    date: str
    round: str
    table: str
    players: tuple[SeatView, ...]
    teams: tuple[tuple[str, str], ...]
    deals: tuple[DealView, ...]
    totals: tuple[TotalsView, ...]
    diagnostics: tuple[tuple[str, int], ...] = ()
    validated: bool = False
    prologue: tuple[str, ...] = ()

    def team_name(self, team: str) -> str:
        """The team's name from the TeamA/TeamB tags, or ``A`` / ``B``."""
        return dict(self.teams).get(team, team)


def to_json(view: MatchView) -> str:
    """The view as a JSON document (tuples become lists)."""
    return json.dumps(attrs.asdict(view), ensure_ascii=False, separators=(",", ":"))


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


# ------------------------------------------------------------------ building steps

#: The table of a step the rules engine did not replay: nothing about it is known.
UNKNOWN_TABLE = TableView(("",) * 6, (), None, (None,) * 6, (None,) * 6, (None,) * 6)


def _dealt_table(deal: m.Deal) -> TableView:
    """The table before the first action as the record deals it: the hands as written,
    no set, nobody known to act (the engine says who leads)."""
    hands: list[str | None] = []
    for seat in m.SEATS:
        h = deal.hand(seat)
        hands.append(cards_text(h.cards) if h is not None and h.cards is not None else None)
    sizes = tuple(None if h is None else len(split_cards(h)) for h in hands)
    return TableView(("",) * 6, (), None, sizes, tuple(hands), (None,) * 6)


@attrs.frozen
class _Replayed:
    """What the engine says about one step: the table after it, its events, its round
    and the engine state (from which a variation after it is replayed)."""

    table: TableView | None
    events: tuple[EventView, ...]
    round: int | None
    state: Any


class _Sets:
    """Each seat's set on the table this round: the engine's cards, cleared when the
    engine's round changes, on a lead and on a close (its states keep no per-seat sets)."""

    def __init__(self) -> None:
        self.sets = [""] * 6
        self.last_round: int | None = None

    def step(self, action: m.Action, kinds: set[str], rnd: int | None) -> int | None:
        """Record ``action`` with its events' kinds; returns the step's round."""
        led = "Led" in kinds  # a lead opens a round (a close it implies came first)
        if not led and ("Closed" in kinds or "RoundEnded" in kinds):
            rnd = self.last_round if self.last_round is not None else rnd  # the round it ended
        if led or (rnd is not None and self.last_round is not None and rnd != self.last_round):
            self.sets = [""] * 6
        if isinstance(action, m.Play | m.Burn) and 1 <= action.seat <= 6:
            self.sets[action.seat - 1] = cards_text(action.cards) or ""
        if "Closed" in kinds and not led:
            self.sets = [""] * 6
        self.last_round = rnd if rnd is not None else self.last_round
        return rnd

    def copy(self) -> _Sets:
        out = _Sets()
        out.sets, out.last_round = list(self.sets), self.last_round
        return out


_Item = m.MoveItem


@attrs.define
class _Pending:
    """A step under construction (comments and variations arrive after the action)."""

    action: m.Action
    round: int
    before: list[str]
    after: list[str] = attrs.field(factory=list)
    variations: list[tuple[StepView, ...]] = attrs.field(factory=list)
    replayed: _Replayed | None = None
    state_before: Any = None
    sets_before: _Sets | None = None
    new_round: bool = False


#: ``advance(state, action) -> (state, events)``: the engine's ``do``.
_Advance = Callable[[Any, m.Action], tuple[Any, Sequence[Any]]]


class _Builder:
    """Turns one line of move items into steps.

    Every table comes from the rules engine: ``overlay`` (from the replay frames of the
    main line, by 0-based action index) for the main line, and ``advance`` (the engine's
    ``do``) from the state before the branch point for a variation.  A step the engine
    did not replay gets :data:`UNKNOWN_TABLE`, never a table of the view's own making.
    """

    def __init__(
        self,
        names: Mapping[int, str],
        overlay: Mapping[int, _Replayed] | None = None,
        *,
        start: Any = None,
        advance: _Advance | None = None,
    ) -> None:
        self.names = names
        self.overlay = overlay or {}
        self.start = start
        self.advance = advance

    def line(
        self,
        items: Sequence[_Item],
        round_no: int,
        top: bool,
        state: Any = None,
        sets: _Sets | None = None,
    ) -> tuple[tuple[StepView, ...], list[str]]:
        """Build the steps of ``items``; returns them with the comments before any action.

        A comment belongs to the action before it, unless a round mark stands between
        them: then it introduces the next action.  Comments before the first action are
        returned (the deal's introduction) at the top level, and introduce the first
        action inside a variation.  A variation belongs to the action before it and is
        replayed by the engine from the state before that action (``state``: the state
        a variation line starts from).
        """
        pending: list[_Pending] = []
        comments: list[str] = []
        lead: list[str] = []
        before: list[str]
        mark_seen = False
        sets = sets or _Sets()
        if top:
            state = self.start
        for item in items:
            if isinstance(item, m.RoundMark):
                if pending:
                    pending[-1].after.extend(comments)
                    comments = []
                round_no = item.number
                mark_seen = True
            elif isinstance(item, m.Comment):
                comments.append(item.text)
            elif isinstance(item, m.Variation):
                if not pending:  # nothing to vary yet: the reader never builds this
                    continue
                p = pending[-1]
                p.after.extend(comments)
                comments = []
                var_steps, _ = self.line(
                    item.moves, p.round, False, p.state_before, (p.sets_before or _Sets()).copy()
                )
                if var_steps:
                    p.variations.append(var_steps)
            else:
                if not pending and top:
                    lead, before = comments, []
                elif pending and not mark_seen:
                    pending[-1].after.extend(comments)
                    before = []
                else:
                    before = comments
                comments = []
                new_round = not pending or round_no != pending[-1].round
                p = _Pending(
                    action=item,
                    round=round_no,
                    before=before,
                    state_before=state,
                    sets_before=sets.copy(),
                    new_round=new_round and (top or bool(pending)),
                )
                if top:
                    p.replayed = self.overlay.get(len(pending))
                else:
                    p.replayed = self._advance(state, item, sets)
                state = p.replayed.state if p.replayed is not None else None
                pending.append(p)
                mark_seen = False
        if pending:
            pending[-1].after.extend(comments)
        elif top:
            lead = comments
        steps: list[StepView] = []
        for i, p in enumerate(pending):
            r = p.replayed
            table = r.table if r is not None and r.table is not None else UNKNOWN_TABLE
            events = r.events if r is not None else ()
            rnd = r.round if r is not None and r.round is not None else p.round
            steps.append(self.step(i + 1, p, table, events, rnd))
        return tuple(steps), lead

    def _advance(self, state: Any, action: m.Action, sets: _Sets) -> _Replayed | None:
        """A variation's action through the engine; ``None`` when it cannot be replayed."""
        if state is None or self.advance is None:
            return None
        try:
            after, events = self.advance(state, action)
        except Exception:  # a what-if line the engine cannot follow is shown as written
            return None
        kinds = {str(_get(e, "kind", "")) for e in events}
        rnd = sets.step(action, kinds, _round_of(after))
        views = tuple(
            EventView(kind, str(_get(e, "en", "")), str(_get(e, "zh", "")))
            for e in events
            if (kind := _event_kind(e))
        )
        return _Replayed(_table_of(after, sets.sets), views, rnd, after)

    def step(
        self, index: int, p: _Pending, table: TableView, events: tuple[EventView, ...], rnd: int
    ) -> StepView:
        a = p.action
        name = self.names.get(a.seat, "")
        act_en = act_phrase(a, "en", self.names)
        act_zh = act_phrase(a, "zh", self.names)
        cards: tuple[Card, ...] = ()
        if isinstance(a, m.Play | m.Burn | m.Tribute | m.Return):
            cards = a.cards
        elif isinstance(a, m.Give | m.Buy):
            cards = (a.card,)
        markers: list[str] = []
        if p.new_round:
            markers.append("round")
        if p.before or p.after:
            markers.append("comment")
        if a.glyphs:
            markers.append("glyph")
        if p.variations:
            markers.append("variation")
        if a.irregular:
            markers.append("irregular")
        for e in events:
            if e.kind not in markers:
                markers.append(e.kind)
        return StepView(
            index=index,
            round=rnd,
            seat=a.seat,
            kind=_KIND_OF[type(a)],
            gjn=format_action(a),
            cards=cards_text(cards) or "",
            act_en=act_en,
            act_zh=act_zh,
            say_en=say(rnd, a.seat, name, act_en, "en"),
            say_zh=say(rnd, a.seat, name, act_zh, "zh"),
            table=table,
            events=events,
            comments_before=tuple(p.before),
            comments_after=tuple(p.after),
            glyphs=a.glyphs,
            clock=a.note("clk"),
            irregular=a.irregular,
            markers=tuple(markers),
            variations=tuple(p.variations),
        )


# ------------------------------------------------------------------- deal and match


def _names(deal: m.Deal | None, fallback: Mapping[int, str] | None = None) -> dict[int, str]:
    out = dict(fallback or {})
    if deal is not None:
        for s in m.SEATS:
            name = deal.tag(f"Seat{s}")
            if name:
                out[s] = name
    return out


def _seats(names: Mapping[int, str]) -> tuple[SeatView, ...]:
    return tuple(SeatView(s, names.get(s, ""), m.team_of(s)) for s in m.SEATS)


def _parse_finish(text: str) -> tuple[int, ...]:
    """The seats of a Finish tag (:func:`reports.results.parse_finish`; ``()`` unreadable)."""
    return parse_finish(text) or ()


def _parse_score(text: str) -> tuple[tuple[str, int], ...]:
    """Team A and B points of a Score tag (:func:`reports.results.parse_score`), as
    ``(("A", a), ("B", b))``; ``()`` when it cannot be read.

    >>> _parse_score("+2 -2"), _parse_score("＋２ －２"), _parse_score("B 4 A 1"), _parse_score("?")
    ((('A', 2), ('B', -2)), (('A', 2), ('B', -2)), (('A', 1), ('B', 4)), ())
    """
    score = parse_score(text)
    return () if score is None else (("A", score[0]), ("B", score[1]))


def _deal_view(
    index: int,
    deal: m.Deal | BrokenDeal,
    names_before: Mapping[int, str],
    builder: _Builder | None = None,
    diagnostics: Sequence[DiagnosticView] = (),
    start: TableView | None = None,
    not_replayed: tuple[str, str] | None = None,
) -> DealView:
    """One deal's view: ``builder`` carries the engine's tables; ``not_replayed`` is the
    reason the engine did not replay the deal (it is then shown as written, and says so)."""
    if isinstance(deal, BrokenDeal):
        diags = tuple(
            DiagnosticView(
                severity="error",
                code=e.code,
                en=e.en,
                zh=e.zh,
                line=getattr(e, "line", 0),
                column=getattr(e, "column", 0),
            )
            for e in deal.errors
        )
        return DealView(
            index=index,
            tags=(),
            profile=None,
            players=_seats(names_before),
            hands=(None,) * 6,
            start=UNKNOWN_TABLE,
            steps=(),
            diagnostics=(*diags, *diagnostics),
            raw=deal.raw,
            number=str(index),
            replayed=False,
        )
    names = _names(deal, names_before)
    dealt = _dealt_table(deal)
    start = start or dealt
    intro = [c.text for c in deal.header if isinstance(c, m.Comment)]
    intro += [c.text for c in deal.hands if isinstance(c, m.Comment)]
    steps, lead = (builder or _Builder(names)).line(deal.moves, 0, top=True)
    intro += lead
    tags = tuple((t.name, t.value) for t in deal.header if isinstance(t, m.Tag))
    notice_en = notice_zh = ""
    if not_replayed is not None:
        notice_en = f"this deal could not be replayed: {not_replayed[0]}; shown as written"
        notice_zh = f"本局无法复盘：{not_replayed[1]}；以下按记录原样列出"
    return DealView(
        index=index,
        tags=tags,
        profile=deal.tag("Profile"),
        players=_seats(names),
        hands=dealt.hands,
        start=start,
        steps=steps,
        intro=tuple(intro),
        finish=_parse_finish(deal.tag("Finish") or ""),
        team_points=_parse_score(deal.tag("Score") or ""),
        diagnostics=tuple(diagnostics),
        number=(deal.tag("Deal") or "").strip() or str(index),
        replayed=not_replayed is None,
        notice_en=notice_en,
        notice_zh=notice_zh,
    )


def _totals(deals: Sequence[DealView]) -> tuple[TotalsView, ...]:
    teams = {"A": 0, "B": 0}
    seats: list[int | None] = [None] * 6
    out: list[TotalsView] = []
    for d in deals:
        for team, pts in d.team_points:
            teams[team] = teams.get(team, 0) + pts
        for i, p in enumerate(d.seat_points):
            if p is not None:
                seats[i] = (seats[i] or 0) + p
        out.append(TotalsView(d.index, tuple(sorted(teams.items())), tuple(seats)))
    return tuple(out)


def _match_view(
    match: m.Match, deals: Sequence[DealView], validated: bool, counts: Counter[str]
) -> MatchView:
    first = next((d for d in match.deals if isinstance(d, m.Deal)), None)
    tags = first.tags if first is not None else {}
    event = tags.get("Event", "")
    rnd = tags.get("Round", "")
    title = " · ".join(x for x in (event, rnd) if x) or "GJN"
    return MatchView(
        title=title,
        event=event,
        site=tags.get("Site", ""),
        date=tags.get("Date", ""),
        round=rnd,
        table=tags.get("Table", ""),
        players=_seats(_names(first)),
        teams=(("A", tags.get("TeamA", "") or "A"), ("B", tags.get("TeamB", "") or "B")),
        deals=tuple(deals),
        totals=_totals(deals),
        diagnostics=tuple(sorted(counts.items())),
        validated=validated,
        prologue=tuple(c.text for c in match.prologue),
    )


def view_from_record(match: m.Match) -> MatchView:
    """The view of a record without the rules engine (always succeeds).

    Every deal is shown as written: its steps list the actions with no table state
    (:data:`UNKNOWN_TABLE`; the hands as dealt before the first action), the finish order
    and the deal score come from the ``Finish`` and ``Score`` tags, and each deal carries
    the notice that it was not replayed.
    """
    deals: list[DealView] = []
    names: dict[int, str] = {}
    counts: Counter[str] = Counter()
    for i, deal in enumerate(match.deals, 1):
        dv = _deal_view(i, deal, names, not_replayed=_NOT_ASKED)
        counts.update(d.severity for d in dv.diagnostics)
        if isinstance(deal, m.Deal):
            names = _names(deal, names)
        deals.append(dv)
    return _match_view(match, deals, False, counts)


#: The reason shown when the view is built without the engine.
_NOT_ASKED = (
    "the rules engine was not run (the view was built from the record alone)",
    "未运行规则引擎（仅按记录生成）",
)
_NO_FRAMES = ("the rules engine gave no replay", "规则引擎未给出复盘")


# ---------------------------------------------------------------- integration hook

#: Engine event classes (``Event.kind``) -> view event kinds; others are bookkeeping
#: (``Played``, ``Passed``, ``Closed`` …) that the step itself already shows.
ENGINE_EVENT_KINDS: dict[str, str] = {
    "GoujiPlayed": "gouji",
    "Gousiji": "gouji",
    "Opened": "kaidian",
    "NotOpened": "kaidian",
    "BurnDeclared": "burn",
    "CounterBurn": "burn",
    "BurnLifted": "burn",
    "BurnSucceeded": "burn",
    "BurnFailed": "burn",
    "FakeBurn": "burn",
    "Men": "men",
    "Jiefeng": "jiefeng",
    "WentOut": "out",
    "Chuan3hu": "chuansanhu",
    "Violation": "violation",
    "Dispute": "dispute",
    "Notice": "notice",
    "Ershayi": "notice",
    "Wutou": "notice",
    "SihuLuanchan": "notice",
    "RevolutionDeclared": "notice",
    "PenaltyApplied": "notice",
    "RulingApplied": "notice",
    "Claimed": "notice",
}
_DIAGNOSTIC_EVENTS = {"Violation": "error", "Dispute": "dispute", "Notice": "notice"}


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _per_seat(value: Any) -> list[Any] | None:
    """A per-seat value: a mapping keyed by seat or a sequence of six."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return [value.get(s) for s in m.SEATS]
    seq = list(value)
    return seq if len(seq) == 6 else None


def _hand_text(value: Any) -> str | None:
    """A hand from a state: cards, a card string, or the engine's (known, unknown count)."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], int):
        return (cards_text(value[0]) or "") + "?" * value[1]
    return cards_text(value)


def _event_kind(event: Any) -> str:
    kind = str(_get(event, "kind", "notice"))
    return ENGINE_EVENT_KINDS.get(kind, kind if kind in EVENT_KINDS else "")


def _table_of(state: Any, sets: Sequence[str]) -> TableView:
    """The table in an engine state (``engine.state.DealState``) or a look-alike; what a
    state does not say is unknown (``None``), never guessed."""
    hands_raw = _per_seat(_get(state, "hands"))
    hands = tuple(_hand_text(h) for h in hands_raw) if hands_raw is not None else (None,) * 6
    sizes_raw = _per_seat(_get(state, "counts"))
    sizes = tuple(
        len(split_cards(h)) if h is not None else (n if isinstance(n, int) else None)
        for h, n in zip(hands, sizes_raw or (None,) * 6, strict=True)
    )
    over = bool(_get(state, "is_over", False))
    to_act = _get(state, "turn")  # the engine's seat to act (its ``to_act`` lists turns)
    if not isinstance(to_act, int):
        to_act = _get(state, "to_act")
    if not isinstance(to_act, int):
        to_act = None
    places_raw = _per_seat(_get(state, "place_of", _get(state, "places")))
    places = tuple(p or None for p in places_raw) if places_raw is not None else (None,) * 6
    rnd = _get(state, "current_round")
    passed_raw = _get(rnd, "passed") if rnd is not None else _get(state, "passed")
    passed = (
        tuple(sorted(passed_raw)) if isinstance(passed_raw, tuple | list | set | frozenset) else ()
    )
    table = _per_seat(_get(state, "table"))
    return TableView(
        sets=tuple(x or "" for x in table) if table is not None else tuple(sets),
        passed=passed,
        to_act=None if over or not to_act else to_act,
        hand_sizes=sizes,
        hands=hands,
        places=places,
    )


def _round_of(state: Any) -> int | None:
    rnd = _get(state, "current_round")
    number = _get(rnd, "number") if rnd is not None else _get(state, "round_no")
    return int(number) if number is not None else None


def _overlay(
    frames: Sequence[Any],
) -> tuple[TableView | None, Any, dict[int, _Replayed], list[DiagnosticView], Any]:
    """The start table and state, and per main-line action (0-based) what the engine
    says, from the replay frames of one deal; with the engine's findings and its end."""
    start: TableView | None = None
    start_state: Any = None
    overlay: dict[int, _Replayed] = {}
    diags: list[DiagnosticView] = []
    ended: Any = None
    sets = _Sets()
    for frame in frames:
        index = int(_get(frame, "index", 0))
        action = _get(frame, "action")
        state = _get(frame, "state")
        events = tuple(_get(frame, "events") or ())
        kinds = {str(_get(e, "kind", "")) for e in events}
        if action is None or index == 0:
            if state is not None:
                start, start_state = _table_of(state, sets.sets), state
            continue
        rnd = sets.step(action, kinds, _round_of(state) if state is not None else None)
        table = _table_of(state, sets.sets) if state is not None else None
        views = tuple(
            EventView(
                kind,
                str(_get(e, "en", "")),
                str(_get(e, "zh", "")),
                seat=_get(e, "seat"),
                other=_other_seat(e),
                rule=str(_get(e, "rule_id", "") or ""),
                source=str(_get(e, "kind", "")),
            )
            for e in events
            if (kind := _event_kind(e))
        )
        overlay[index - 1] = _Replayed(table, views, rnd, state)
        for e in events:
            kind = str(_get(e, "kind", ""))
            if kind in _DIAGNOSTIC_EVENTS:
                diags.append(
                    DiagnosticView(
                        severity=_DIAGNOSTIC_EVENTS[kind],
                        code="",
                        en=str(_get(e, "en", "")),
                        zh=str(_get(e, "zh", "")),
                        rule=str(_get(e, "rule_id", "") or ""),
                        step=index,
                    )
                )
            if kind == "DealEnded":
                ended = e
    return start, start_state, overlay, diags, ended


def _other_seat(event: Any) -> int | None:
    """The second seat of an engine event (see :class:`EventView`), if it has one."""
    for name in ("answer", "against", "by", "after", "place"):
        value = _get(event, name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _breakdown_of(ended: Any) -> tuple[ScoreLineView, ...]:
    score = _get(ended, "score")
    out: list[ScoreLineView] = []
    for e in _get(score, "breakdown") or ():
        target = _get(e, "target")
        seat = target if isinstance(target, int) else None
        team = str(target) if seat is None else ("A" if seat % 2 else "B")
        out.append(
            ScoreLineView(
                rule=str(_get(e, "rule_id", "")),
                seat=seat,
                team=team,
                points=int(_get(e, "points", 0)),
                en=str(_get(e, "en", "")),
                zh=str(_get(e, "zh", "")),
            )
        )
    return tuple(out)


def _score_of(ended: Any) -> tuple[tuple[int | None, ...], tuple[tuple[str, int], ...]] | None:
    score = _get(ended, "score")
    if score is None:
        return None
    seat_points = _get(score, "seat_points") or {}
    team_points = _get(score, "team_points") or {}
    return (
        tuple(seat_points.get(s) for s in m.SEATS),
        tuple(sorted((str(k), int(v)) for k, v in team_points.items())),
    )


def view_from_frames(
    match: m.Match,
    frames_by_deal: Mapping[int, Sequence[Any]],
    diagnostics: Iterable[Any] | None = None,
    *,
    failures: Mapping[int, tuple[str, str]] | None = None,
    advance: _Advance | None = None,
) -> MatchView:
    """The view of a match replayed by the rules engine (INTEGRATION HOOK).

    ``frames_by_deal[i]`` (``i`` the 1-based deal index) is ``list(replay(deal))`` from
    :func:`engine.replay`: the initial frame (``index`` 0, ``action`` ``None``),
    then one frame per main-line action (``index`` 1, 2 …).  Read from a frame:

    * ``state``: the table *after* the action — ``hands`` (seat -> (known cards, number of
      unknown cards)), ``turn`` (whose turn; ``None`` once ``is_over``), ``place_of``
      (seat -> place), ``current_round`` (``number``, ``passed``);
    * ``events``: each with ``kind`` (the event class name, mapped by
      :data:`ENGINE_EVENT_KINDS` to a view kind; bookkeeping kinds are dropped), ``en``
      and ``zh``; ``Violation``/``Dispute``/``Notice`` also become the deal's diagnostics
      unless ``diagnostics`` is given; ``DealEnded`` gives the finish order and the score.

    Look-alike values (mappings or objects with these fields, ``to_act`` for ``turn``,
    a 6-sequence or mapping for per-seat values, an optional ``table`` of sets) work too;
    what a frame does not say is unknown (``None``), never guessed.  Each seat's set on
    the table is the record's cards, cleared when the engine's round changes or on
    ``Closed``.  ``advance`` (the engine's ``do``) replays variations from the engine
    state before their branch point; without it their tables are unknown.

    A deal without frames was not replayed: its steps are the actions as written with
    no table state, and it says so (``failures[i]`` the reason, when known).

    ``diagnostics``: the validator's :class:`reports.diagnostics.Diagnostic` values
    (``deal``, ``severity``, ``code``, ``rule_id``, ``en``, ``zh``, ``line``, ``column``),
    each placed at the step whose action starts at its line and column.
    """
    given: dict[int, list[DiagnosticView]] | None = None
    if diagnostics is not None:
        given = {}
        for d in diagnostics:
            deal_no = _get(d, "deal")
            given.setdefault(int(deal_no) if deal_no else 0, []).append(
                DiagnosticView(
                    severity=str(_get(d, "severity", "error")),
                    code=str(_get(d, "code", "")),
                    en=str(_get(d, "en", "")),
                    zh=str(_get(d, "zh", "")),
                    rule=str(_get(d, "rule_id", "") or ""),
                    line=int(_get(d, "line", 0) or 0),
                    column=int(_get(d, "column", 0) or 0),
                )
            )
    counts: Counter[str] = Counter()
    deals: list[DealView] = []
    names: dict[int, str] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, BrokenDeal):
            dv = _deal_view(i, deal, names, diagnostics=(given or {}).get(i, []))
            counts.update(x.severity for x in dv.diagnostics)
            deals.append(dv)
            continue
        names = _names(deal, names)
        frames = frames_by_deal.get(i)
        if not frames:
            reason = (failures or {}).get(i, _NO_FRAMES)
            diags = _placed(deal, (given or {}).get(i, []))
            dv = _deal_view(i, deal, names, diagnostics=diags, not_replayed=reason)
            counts.update(x.severity for x in dv.diagnostics)
            deals.append(dv)
            continue
        start, start_state, overlay, derived, ended = _overlay(frames)
        diags = _placed(deal, given.get(i, [])) if given is not None else derived
        builder = _Builder(names, overlay, start=start_state, advance=advance)
        n_actions = sum(1 for _ in deal.actions())
        stopped = None
        if len(overlay) < n_actions:
            stopped = (
                f"the replay stopped after action {len(overlay)} of {n_actions}",
                f"复盘在第{len(overlay)}手（共{n_actions}手）后中止",
            )
        dv = _deal_view(i, deal, names, builder, diags, start=start, not_replayed=stopped)
        if stopped is not None:
            dv = attrs.evolve(dv, replayed=False)
        if ended is not None:
            places = _get(ended, "places") or {}
            order = tuple(s for s, _ in sorted(places.items(), key=lambda kv: kv[1]))
            score = _score_of(ended)
            dv = attrs.evolve(dv, finish=order or dv.finish)
            if score is not None:
                dv = attrs.evolve(
                    dv,
                    seat_points=score[0],
                    team_points=score[1],
                    breakdown=_breakdown_of(ended),
                )
        elif dv.steps and any(dv.steps[-1].table.places):
            places_t = dv.steps[-1].table.places
            order = tuple(
                s for _, s in sorted((p, s) for s, p in zip(m.SEATS, places_t, strict=True) if p)
            )
            dv = attrs.evolve(dv, finish=order)
        counts.update(x.severity for x in dv.diagnostics)
        deals.append(dv)
    return _match_view(match, deals, True, counts)


def _placed(deal: m.Deal, found: Sequence[DiagnosticView]) -> list[DiagnosticView]:
    """The validator's findings of a deal, each at the step whose action it points at."""
    actions = list(deal.actions())
    return [
        attrs.evolve(x, step=_step_at(actions, x.line, x.column))
        if x.step is None and x.line
        else x
        for x in found
    ]


def view_from_engine(match: m.Match, diagnostics: Iterable[Any] | None = None) -> MatchView:
    """The view of a match through the rules engine, each deal replayed under its
    declared profile (variations too).  A deal the engine cannot replay (an unknown
    profile, an engine failure) is shown as written with the reason; the page always
    renders.  ``diagnostics``: as for :func:`view_from_frames`.

    >>> import gojinotation as gj
    >>> v = view_from_engine(gj.loads('[Leader "1"]\\nhand 1: KK\\nhand 4: AA\\n1. 1:KK 4:AA'))
    >>> v.validated, "gouji" in [e.kind for e in v.deals[0].steps[0].events]
    (True, True)
    >>> v = view_from_engine(gj.loads('[Profile "no-such"]\\nhand 1: KK\\n1. 1:KK'))
    >>> d = v.deals[0]
    >>> d.replayed, d.steps[0].table.hands[0], d.notice_en.startswith("this deal could not")
    (False, None, True)
    """
    try:
        from gojinotation_analyzer.engine import do, replay
    except ImportError as exc:  # pragma: no cover - a broken engine must not stop the page
        reason = (f"the rules engine is not available ({exc})", f"规则引擎不可用（{exc}）")
        return view_from_frames(match, {}, diagnostics, failures=dict.fromkeys(
            range(1, len(match.deals) + 1), reason))  # fmt: skip
    from gojinotation_analyzer.engine.fill import fill_match

    match = fill_match(match)  # a terse record's implied passes and closes, as steps
    frames: dict[int, list[Any]] = {}
    failures: dict[int, tuple[str, str]] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, m.Deal):
            unknown = _unknown_profile(deal)
            if unknown is not None:  # the engine would replay it under another profile
                failures[i] = unknown
                continue
            try:
                frames[i] = list(replay(deal))
            except Exception as exc:  # an engine failure must not stop the page
                failures[i] = _reason(exc)
    return view_from_frames(match, frames, diagnostics, failures=failures, advance=do)


def _unknown_profile(deal: m.Deal) -> tuple[str, str] | None:
    """The rules layer's words for a ``[Profile]`` tag it does not know, else ``None``."""
    from gojinotation_analyzer.rules.profiles import resolve_profile_id
    from gojinotation_analyzer.rules.ruleset import RulesetError

    declared = (deal.tag("Profile") or "").strip()
    if not declared:
        return None
    try:
        resolve_profile_id(declared)
    except RulesetError as exc:
        return exc.en, exc.zh
    return None


def _reason(exc: Exception) -> tuple[str, str]:
    """Why the engine could not replay a deal, in one line each language: the engine
    failed (an internal error: its type and text)."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
    return f"internal error of the rules engine ({text})", f"规则引擎内部错误（{text}）"


def _step_at(actions: Sequence[m.Action], line: int, column: int) -> int | None:
    for i, a in enumerate(actions, 1):
        if a.span.line == line and (not column or a.span.column <= column <= a.span.end_column):
            return i
    for i, a in enumerate(actions, 1):
        if a.span.line == line:
            return i
    return None
