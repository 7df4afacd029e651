"""Events: what the deal state machine reports for every action, as frozen values.

Every transition of :func:`engine.do` returns a tuple of events.  The validator
turns :class:`Violation` into errors, :class:`Dispute` into dispute diagnostics and
:class:`Notice` into notices; the HTML renderer draws the rest.  Neither re-judges: the
events carry the ruling (rule id, profile parameter, sanction) and its text in English and
Chinese.

Every event has a ``seat`` (``None`` when no seat is concerned), a ``rule_id`` (``""``
for plain bookkeeping events) and the properties :attr:`Event.en` / :attr:`Event.zh`.

>>> from gojinotation.cards import parse_cards
>>> e = Played(3, cards=parse_cards("KKK"), over=2)
>>> e.en, e.zh
('seat 3 plays KKK over seat 2', '3号在2号之上出 KKK')
>>> WentOut(5, place=1).zh
'5号走科：头科'
>>> v = Violation(2, rule_id="R-SET-3", en="55 does not beat 66", zh="55 不大于 66",
...               param=None, sanction="错牌不出: the cards go back, seat 2 has passed")
>>> v.kind, v.rule_id
('Violation', 'R-SET-3')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from gojinotation.cards import Card, format_cards
from gojinotation.model import Action

if TYPE_CHECKING:  # pragma: no cover
    from gojinotation_analyzer.engine.scoring import DealFacts, DealScore

__all__ = [
    "PLACE_ZH",
    "Bought",
    "BurnDeclared",
    "BurnFailed",
    "BurnLifted",
    "BurnSucceeded",
    "Chuan3hu",
    "Claimed",
    "Closed",
    "CountShown",
    "CounterBurn",
    "DealEnded",
    "Dispute",
    "Ershayi",
    "Event",
    "FakeBurn",
    "Gave",
    "GoujiPlayed",
    "Gousiji",
    "Jiefeng",
    "Led",
    "Men",
    "NotOpened",
    "Notice",
    "Opened",
    "Passed",
    "PenaltyApplied",
    "Played",
    "Reported",
    "Returned",
    "RevolutionDeclared",
    "RoundEnded",
    "RulingApplied",
    "SihuLuanchan",
    "TimeoutPass",
    "TributePaid",
    "Violation",
    "WentOut",
    "Wutou",
    "Yielded",
    "describe",
]

#: Place names, index 0 = place 1 (头科) … index 5 = place 6 (大落).
PLACE_ZH: tuple[str, ...] = ("头科", "二科", "三科", "四科", "二落", "大落")


def _c(cards: tuple[Card, ...]) -> str:
    return format_cards(cards) or "-"


def _place(place: int) -> str:
    return PLACE_ZH[place - 1] if 1 <= place <= 6 else str(place)


class _Fields(dict[str, object]):
    """An event's fields for :meth:`str.format_map`: ``{seat}``, ``{over}`` …, and
    ``{cards}`` written as GJN cards (``-`` for none)."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event

    def __missing__(self, name: str) -> object:
        value = getattr(self.event, name)
        return _c(value) if name == "cards" else value


@attrs.frozen
class Event:
    """The base of every event: the seat concerned (``None`` if none).

    An event states its English and Chinese line as class templates over its fields,
    ``_en = "seat {seat} leads {cards}"`` and ``_zh``; an event whose line depends on
    its values overrides :attr:`en` / :attr:`zh` instead.
    """

    seat: int | None
    #: The templates of :attr:`en` and :attr:`zh` (``""``: the event's kind).
    _en: ClassVar[str] = ""
    _zh: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        """The event's class name (``Played``, ``Violation`` …)."""
        return type(self).__name__

    @property
    def rule(self) -> str:
        """The rule id the event applies (``""`` for bookkeeping events)."""
        return str(getattr(self, "rule_id", ""))

    @property
    def en(self) -> str:
        """One line in English."""
        return self._en.format_map(_Fields(self)) if self._en else self.kind

    @property
    def zh(self) -> str:
        """One line in Chinese."""
        return self._zh.format_map(_Fields(self)) if self._zh else self.kind

    def message(self, lang: str = "en") -> str:
        """The event's line in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


# ------------------------------------------------------------------------------- play


@attrs.frozen
class Led(Event):
    """A set led to start a round (R-LEAD-1)."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-LEAD-1", kw_only=True)

    _en = "seat {seat} leads {cards}"
    _zh = "{seat}号发牌 {cards}"


@attrs.frozen
class Played(Event):
    """A set played over the standing set of seat ``over`` (R-SET-2/3)."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    over: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-SET-3", kw_only=True)

    _en = "seat {seat} plays {cards} over seat {over}"
    _zh = "{seat}号在{over}号之上出 {cards}"


@attrs.frozen
class GoujiPlayed(Event):
    """The set just played is a 够级 set; ``answer`` is who may answer it (R-GOUJI-1/2).

    ``answer`` is the player's 对头 while the 对头 rule holds, ``0`` when nobody may
    answer except by burning (够死级, a failed burner's 对门), ``-1`` when anyone may (无头,
    四户乱缠).
    """

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    answer: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-GOUJI-2", kw_only=True)

    @property
    def en(self) -> str:
        if self.answer > 0:
            who = f"only seat {self.answer} (对头) may answer, or a burner"
        elif self.answer == 0:
            who = "nobody may answer except by burning"
        else:
            who = "anyone may answer (无头 / 四户乱缠)"
        return f"够级: seat {self.seat}'s {_c(self.cards)}; {who}"

    @property
    def zh(self) -> str:
        if self.answer > 0:
            who = f"只有对头{self.answer}号可以上牌（或烧牌）"
        elif self.answer == 0:
            who = "除烧牌外无人可上"
        else:
            who = "任何人均可上牌（无头／四户乱缠）"
        return f"{self.seat}号够级 {_c(self.cards)}：{who}"


@attrs.frozen
class Passed(Event):
    """A pass (R-PASS-1); ``declined`` for a seat that only declined to burn."""

    declined: bool = attrs.field(default=False, kw_only=True)
    rule_id: str = attrs.field(default="R-PASS-1", kw_only=True)

    @property
    def en(self) -> str:
        return f"seat {self.seat} passes" + (" (does not burn)" if self.declined else "")

    @property
    def zh(self) -> str:
        return f"{self.seat}号过牌" + ("（不烧）" if self.declined else "")


@attrs.frozen
class TimeoutPass(Event):
    """A timeout counted as a pass (R-TIME-1)."""

    rule_id: str = attrs.field(default="R-TIME-1", kw_only=True)

    _en = "seat {seat} ran out of time: counted as a pass"
    _zh = "{seat}号超时，视为过牌"


@attrs.frozen
class Yielded(Event):
    """让牌: the next two seats act first (R-YIELD-1)."""

    rule_id: str = attrs.field(default="R-YIELD-1", kw_only=True)

    _en = "seat {seat} yields (让牌)"
    _zh = "{seat}号让牌"


@attrs.frozen
class Closed(Event):
    """扣牌: the round's cards are turned (R-CLOSE-1); ``implied`` when not recorded."""

    implied: bool = attrs.field(default=False, kw_only=True)
    rule_id: str = attrs.field(default="R-CLOSE-1", kw_only=True)

    @property
    def en(self) -> str:
        who = f"seat {self.seat}" if self.seat else "nobody (no 扣牌人 in play)"
        return f"{who} closes the round" + (" (implied)" if self.implied else "")

    @property
    def zh(self) -> str:
        who = f"{self.seat}号" if self.seat else "（无扣牌人）"
        return f"{who}扣牌" + ("（未记录，推定）" if self.implied else "")


@attrs.frozen
class RoundEnded(Event):
    """The standing set of ``seat`` stood; ``leader`` leads the next round (R-LEAD-1)."""

    leader: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-LEAD-1", kw_only=True)

    _en = "seat {seat}'s set stands; seat {leader} leads next"
    _zh = "{seat}号的牌无人能上；{leader}号发牌"


@attrs.frozen
class Jiefeng(Event):
    """接风: ``seat`` leads because ``after`` went out and his 底牌 stood (R-JIEFENG-1)."""

    after: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-JIEFENG-1", kw_only=True)

    _en = "seat {seat} takes the lead after seat {after}'s 底牌 (接风)"
    _zh = "{seat}号接风（{after}号底牌无人灭）"


# ------------------------------------------------------------------------------ burns


@attrs.frozen
class BurnDeclared(Event):
    """烧牌 declared on ``against``'s 够级 set, with the beating set (R-BURN-1)."""

    against: int = attrs.field(kw_only=True)
    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-1", kw_only=True)

    _en = "seat {seat} burns seat {against}'s set with {cards}"
    _zh = "{seat}号烧{against}号的牌：{cards}"


@attrs.frozen
class CounterBurn(Event):
    """反烧: a burner's set burned in its turn; ``level`` 2 = 反烧, 3 = 再反烧 (R-BURN-6)."""

    against: int = attrs.field(kw_only=True)
    level: int = attrs.field(default=2, kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-6", kw_only=True)

    _en = "seat {seat} counter-burns seat {against} (反烧, level {level})"
    _zh = "{seat}号反烧{against}号（第{level}级）"


@attrs.frozen
class BurnLifted(Event):
    """解烧: seat ``by`` (the burner's 对头) beat the burner's set (R-BURN-6)."""

    by: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-6", kw_only=True)

    _en = "seat {by} lifts seat {seat}'s burn (解烧)"
    _zh = "{by}号解烧{seat}号"


@attrs.frozen
class BurnSucceeded(Event):
    """The burn of ``seat`` on ``against`` succeeded (R-BURN-8)."""

    against: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-8", kw_only=True)

    _en = "seat {seat}'s burn on seat {against} succeeds"
    _zh = "{seat}号烧{against}号成功"


@attrs.frozen
class BurnFailed(Event):
    """烧糊: the burn failed; the burner is 大落, his remaining cards void (R-BURN-5).

    ``cause`` is the rule the burn broke and ``param`` the profile parameter that decided
    it: R-BURN-3 with ``burn.joker_exempt`` (a set without a joker), R-BURN-4 (the burner
    stopped), R-BURN-9 with ``burn.eligibility`` (the hand could not burn).

    >>> e = BurnFailed(3, reason_en="the first set carries no joker", reason_zh="第一手未挂王")
    >>> e.rule_id, e.cause, e.param
    ('R-BURN-5', 'R-BURN-3', 'burn.joker_exempt')
    """

    reason_en: str = attrs.field(default="", kw_only=True)
    reason_zh: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-5", kw_only=True)
    cause: str = attrs.field(default="R-BURN-3", kw_only=True)
    param: str | None = attrs.field(default="burn.joker_exempt", kw_only=True)

    _en = "seat {seat}'s burn fails (烧糊): {reason_en}"
    _zh = "{seat}号烧糊：{reason_zh}"


@attrs.frozen
class FakeBurn(Event):
    """假烧: the declared set could not even beat ``against``'s set (R-BURN-7)."""

    against: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BURN-7", kw_only=True)

    _en = "seat {seat}'s burn cannot beat seat {against}'s set (假烧)"
    _zh = "{seat}号假烧（烧不动{against}号的牌）"


@attrs.frozen
class Ershayi(Event):
    """二杀一: two 大王 killed ``against``'s single 大王 (R-JOKER-6)."""

    against: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-JOKER-6", kw_only=True)

    _en = "seat {seat} kills seat {against}'s 大王 with two (二杀一)"
    _zh = "{seat}号二杀一（杀{against}号的大王）"


# --------------------------------------------------------------------------- 开点, 闷


@attrs.frozen
class Opened(Event):
    """开点 (R-KAIDIAN-1); ``confirmed`` is False while 开点发4 waits for the 4s lead."""

    confirmed: bool = attrs.field(default=True, kw_only=True)
    how_en: str = attrs.field(default="", kw_only=True)
    how_zh: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-KAIDIAN-1", kw_only=True)

    @property
    def en(self) -> str:
        state = "opens (开点)" if self.confirmed else "opens, pending the lead of 4s (开点发4)"
        return f"seat {self.seat} {state}" + (f": {self.how_en}" if self.how_en else "")

    @property
    def zh(self) -> str:
        state = "开点" if self.confirmed else "开点（待发4）"
        return f"{self.seat}号{state}" + (f"：{self.how_zh}" if self.how_zh else "")


@attrs.frozen
class NotOpened(Event):
    """不开点: the seat's chance to open ended unopened (R-KAIDIAN-2/3/5)."""

    reason_en: str = attrs.field(default="", kw_only=True)
    reason_zh: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-KAIDIAN-2", kw_only=True)

    @property
    def en(self) -> str:
        return f"seat {self.seat} is 不开点" + (f": {self.reason_en}" if self.reason_en else "")

    @property
    def zh(self) -> str:
        return f"{self.seat}号不开点" + (f"：{self.reason_zh}" if self.reason_zh else "")


@attrs.frozen
class Men(Event):
    """闷: ``seat``'s last non-3 set was beaten by ``by``; the ``order``-th 闷 (R-BIE3-2)."""

    by: int = attrs.field(kw_only=True)
    order: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BIE3-2", kw_only=True)

    _en = "seat {seat} is 闷 by seat {by} (闷 #{order})"
    _zh = "{seat}号被{by}号闷（第{order}个）"


# ------------------------------------------------------------------ table situations


@attrs.frozen
class Gousiji(Event):
    """够死级 (R-DIPAI-1): ``granted`` when the chance is given, else when it is used."""

    granted: bool = attrs.field(default=False, kw_only=True)
    chances: int = attrs.field(default=1, kw_only=True)
    rule_id: str = attrs.field(default="R-DIPAI-1", kw_only=True)

    @property
    def en(self) -> str:
        if self.granted:
            return f"seat {self.seat} gets {self.chances} 够死级 chance(s)"
        return f"seat {self.seat} plays 够死级: only a burn may answer"

    @property
    def zh(self) -> str:
        if self.granted:
            return f"{self.seat}号获得{self.chances}次够死级机会"
        return f"{self.seat}号够死级：除烧牌外无人可上"


@attrs.frozen
class Wutou(Event):
    """无头: the seat's 对头 is out (R-WUTOU-1)."""

    rule_id: str = attrs.field(default="R-WUTOU-1", kw_only=True)

    _en = "seat {seat} is 无头 (his 对头 is out)"
    _zh = "{seat}号无头"


@attrs.frozen
class SihuLuanchan(Event):
    """四户乱缠: 头科 and 二科 are out; the ``seats`` left play without 够级 rules (R-SIHU-1)."""

    seats: tuple[int, ...] = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-SIHU-1", kw_only=True)

    @property
    def en(self) -> str:
        return "四户乱缠: seats " + ", ".join(map(str, self.seats)) + " play on freely"

    @property
    def zh(self) -> str:
        return "四户乱缠：" + "、".join(f"{s}号" for s in self.seats)


@attrs.frozen
class WentOut(Event):
    """The seat takes ``place`` (1 = 头科 … 6 = 大落); ``forced`` names a forced place."""

    place: int = attrs.field(kw_only=True)
    forced: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-FINISH-1", kw_only=True)

    @property
    def en(self) -> str:
        why = f" ({self.forced})" if self.forced else ""
        return f"seat {self.seat} finishes: {_place(self.place)} (place {self.place}){why}"

    @property
    def zh(self) -> str:
        why = f"（{self.forced}）" if self.forced else ""
        verb = "判为" if self.forced else "走科："
        return f"{self.seat}号{verb}{_place(self.place)}{why}"


@attrs.frozen
class RevolutionDeclared(Event):
    """革命 declared (R-REVOLUTION-1)."""

    rule_id: str = attrs.field(default="R-REVOLUTION-1", kw_only=True)

    _en = "seat {seat} declares 革命 and stops playing"
    _zh = "{seat}号革命，弃牌不打"


@attrs.frozen
class Chuan3hu(Event):
    """串三户: ``team`` took places 1-3 (R-SCORE-2)."""

    team: str = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-SCORE-2", kw_only=True)

    _en = "串三户: team {team} took places 1-3"
    _zh = "串三户：{team}方包揽头科、二科、三科"


@attrs.frozen
class Reported(Event):
    """报牌: the seat reported ``count`` cards; it held ``true_count`` (R-REPORT-1)."""

    count: int = attrs.field(kw_only=True)
    true_count: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-REPORT-1", kw_only=True)

    _en = "seat {seat} reports {count} card(s)"
    _zh = "{seat}号报牌 {count} 张"


@attrs.frozen
class Bought(Event):
    """买3/买4: ``card`` bought from ``from_seat`` for ``paid`` (R-BUY-1)."""

    card: Card = attrs.field(kw_only=True)
    from_seat: int = attrs.field(kw_only=True)
    paid: Card = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BUY-1", kw_only=True)

    _en = "seat {seat} buys {card} from seat {from_seat} for {paid}"
    _zh = "{seat}号用{paid}向{from_seat}号买{card}"


@attrs.frozen
class Gave(Event):
    """送3/送4: ``card`` handed to ``to_seat`` without payment (R-BUY-1)."""

    card: Card = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-BUY-1", kw_only=True)

    _en = "seat {seat} gives {card} to seat {to_seat}"
    _zh = "{seat}号送{card}给{to_seat}号"


@attrs.frozen
class TributePaid(Event):
    """进贡: ``cards`` paid to ``to_seat`` (R-TRIBUTE-1)."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-TRIBUTE-1", kw_only=True)

    _en = "seat {seat} pays tribute {cards} to seat {to_seat}"
    _zh = "{seat}号向{to_seat}号进贡 {cards}"


@attrs.frozen
class Returned(Event):
    """还贡: ``cards`` returned to ``to_seat`` (R-TRIBUTE-2)."""

    cards: tuple[Card, ...] = attrs.field(kw_only=True)
    to_seat: int = attrs.field(kw_only=True)
    rule_id: str = attrs.field(default="R-TRIBUTE-2", kw_only=True)

    _en = "seat {seat} returns {cards} to seat {to_seat}"
    _zh = "{seat}号向{to_seat}号还贡 {cards}"


@attrs.frozen
class PenaltyApplied(Event):
    """A referee's point penalty (R-PENALTY-1)."""

    points: int = attrs.field(kw_only=True)
    reason: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-PENALTY-1", kw_only=True)

    @property
    def en(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"penalty {self.points:+d} for seat {self.seat}{why}"

    @property
    def zh(self) -> str:
        why = f"：{self.reason}" if self.reason else ""
        return f"{self.seat}号罚分 {self.points:+d}{why}"


@attrs.frozen
class RulingApplied(Event):
    """A referee's ruling naming a seat, recorded in free text (R-PENALTY-1)."""

    text: str = attrs.field(default="", kw_only=True)
    rule_id: str = attrs.field(default="R-PENALTY-1", kw_only=True)

    _en = "referee's ruling on seat {seat}: {text}"
    _zh = "裁判对{seat}号的裁决：{text}"


@attrs.frozen
class DealEnded(Event):
    """The deal is over: final ``places`` (seat -> place), the scoring facts and score."""

    places: Mapping[int, int] = attrs.field(kw_only=True, hash=False)
    facts: DealFacts | None = attrs.field(default=None, kw_only=True, hash=False)
    score: DealScore | None = attrs.field(default=None, kw_only=True, hash=False)
    void: bool = attrs.field(default=False, kw_only=True)
    rule_id: str = attrs.field(default="R-FINISH-1", kw_only=True)

    @property
    def en(self) -> str:
        if self.void:
            return "the deal is annulled"
        order = sorted(self.places, key=lambda s: self.places[s])
        return "deal over: " + ", ".join(f"{_place(self.places[s])} seat {s}" for s in order)

    @property
    def zh(self) -> str:
        if self.void:
            return "本局作废"
        order = sorted(self.places, key=lambda s: self.places[s])
        return "本局结束：" + "，".join(f"{_place(self.places[s])}{s}号" for s in order)


# ------------------------------------------------------------------ table declarations


@attrs.frozen
class Claimed(Event):
    """A table declaration or claim the engine accepted (GJN 1.1 table events): ``what``
    is the GJN word (``declare``, ``decline``, ``draw``, ``liang``, ``jiefeng``,
    ``kaidian``, ``baola``, ``waive``); the line says what it decides.

    >>> Claimed(2, what="declare", rule_id="R-BURN-2", en="seat 2 declares a burn",
    ...         zh="2号声明烧牌").zh
    '2号声明烧牌'
    """

    what: str = attrs.field(kw_only=True)
    rule_id: str = attrs.field(kw_only=True)
    en: str = attrs.field(kw_only=True)
    zh: str = attrs.field(kw_only=True)
    action: Action | None = attrs.field(default=None, kw_only=True, eq=False)


# ------------------------------------------------------------------------ diagnostics


@attrs.frozen
class Violation(Event):
    """A rule broken by the record (an error for the validator).

    :ivar rule_id: the rule broken.
    :ivar action: the offending action (``None`` for the deal itself, e.g. R-DECK-1).
    :ivar en: / :ivar zh: what is wrong.
    :ivar param: the profile parameter that makes it illegal, if one does.
    :ivar sanction: what the engine applied so the replay can go on (English; ``""`` if
        nothing: the action stands as recorded).
    :ivar sanction_zh: the same in Chinese.
    """

    rule_id: str = attrs.field(kw_only=True)
    en: str = attrs.field(kw_only=True)
    zh: str = attrs.field(kw_only=True)
    action: Action | None = attrs.field(default=None, kw_only=True, eq=False)
    param: str | None = attrs.field(default=None, kw_only=True)
    sanction: str = attrs.field(default="", kw_only=True)
    sanction_zh: str = attrs.field(default="", kw_only=True)


@attrs.frozen
class Dispute(Event):
    """The documents disagree or are silent and it matters here (a dispute diagnostic).

    :ivar param: the parameter whose value decided (the engine used the profile's value).
    :ivar alternatives: other values of ``param`` and what they would rule.
    """

    rule_id: str = attrs.field(kw_only=True)
    param: str = attrs.field(kw_only=True)
    en: str = attrs.field(kw_only=True)
    zh: str = attrs.field(kw_only=True)
    action: Action | None = attrs.field(default=None, kw_only=True, eq=False)
    alternatives: tuple[tuple[str, str], ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen
class Notice(Event):
    """A recorded irregularity and its ruling, or a fact the replay had to infer."""

    rule_id: str = attrs.field(kw_only=True)
    en: str = attrs.field(kw_only=True)
    zh: str = attrs.field(kw_only=True)
    action: Action | None = attrs.field(default=None, kw_only=True, eq=False)
    ruling: str = attrs.field(default="", kw_only=True)


@attrs.frozen
class CountShown(Notice):
    """R-REPORT-1 under ``baohu.mode = visible_le10`` (000§H: 其手中持牌数量应显示给其他玩家):
    the action took ``seat`` from more than ten cards to ``count``; from now on his count
    is shown to the table, which a record cannot show (so it is not checked; a written
    报牌 is).  Build it with :meth:`at`.

    >>> CountShown.at(2, 9).en.split(":")[0]
    'seat 2 is down to 9 cards'
    """

    count: int = attrs.field(kw_only=True)
    param: str = attrs.field(default="baohu.mode", kw_only=True)

    @classmethod
    def at(cls, seat: int, count: int, action: Action | None = None) -> CountShown:
        """The notice for ``seat`` down to ``count`` cards by ``action``."""
        return cls(
            seat,
            rule_id="R-REPORT-1",
            en=f"seat {seat} is down to {count} cards: under baohu.mode = visible_le10 the "
            "count of a player with ten cards or fewer must be shown to the table; a record "
            "cannot show that it was, so this is not checked (a false 报牌 written in the "
            "record is)",
            zh=f"{seat}号只剩{count}张：本规则剩10张及以下须向其他玩家亮出张数（baohu.mode = "
            "visible_le10）；记录无法显示是否亮出，故不检验（记录中的报牌不实仍予检验）",
            action=action,
            count=count,
        )


def describe(events: tuple[Event, ...] | list[Event], lang: str = "en") -> str:
    """The events' lines joined, for logs and doctests."""
    return "\n".join(e.message(lang) for e in events)
