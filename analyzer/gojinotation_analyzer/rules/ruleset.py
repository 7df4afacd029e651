"""The rule parameters of Gouji (够级): one typed, immutable value per point of variation.

A :class:`Ruleset` is a frozen ``attrs`` value made of frozen groups.  The attribute path
of every parameter is its name in the research catalog (``catalog.md`` §2), with the two
Python keywords spelled with a trailing underscore (``pass`` -> ``pass_``, ``return`` ->
``return_``).  Every parameter defaults to the ``qingdao-standard`` value.

>>> rs = Ruleset()
>>> rs.play.attach_twos, rs.cmp.ershayi, rs.pass_.duitou_reentry
('filler', 'off', True)
>>> rs.score.place
(4, 2, 0, 0, -2, -4)
>>> rs.get("burn.joker_exempt")
'first_and_last'
>>> rs2 = rs.with_overrides({"cmp.ershayi": "two_big_beat_one_big", "time.limit_s": 30})
>>> rs2.cmp.ershayi, rs2.time.limit_s, rs.cmp.ershayi
('two_big_beat_one_big', 30, 'off')

A record's ``[Rules "..."]`` tag is read with :func:`parse_overrides`:

>>> parse_overrides("cmp.ershayi=two_big_beat_one_big; burn.joker_exempt=last_only")
{'cmp.ershayi': 'two_big_beat_one_big', 'burn.joker_exempt': 'last_only'}
>>> parse_overrides("score.place=5,4,3,2,1,0; pass.duitou_reentry=off")
{'score.place': (5, 4, 3, 2, 1, 0), 'pass.duitou_reentry': False}

Wrong names and values raise :class:`RulesetError` with the allowed values:

>>> Ruleset().with_overrides({"cmp.ershayi": "yes"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.ruleset.RulesetError: cmp.ershayi: 'yes' is not allowed; allowed val...

:data:`PARAMETERS` describes every parameter (name, kind, allowed values, default, English
and Chinese description, topic and rule id):

>>> p = PARAMETERS["cmp.ershayi"]
>>> p.kind, p.allowed, p.topic, p.rule_id
('enum', ('off', 'two_big_beat_one_big'), 'T5', 'R-JOKER-6')
"""

from __future__ import annotations

import keyword
import re
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Literal

import attrs

from gojinotation.cards import Rank
from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules.groups_deal import (
    AnswerRules,
    BaohuRules,
    CmpRules,
    DealRules,
    DeckRules,
    GoujiRules,
    GousijiRules,
    JiefengRules,
    KoupaiRules,
    OpenRules,
    PassRules,
    PlayRules,
    RangpaiRules,
    SeatRules,
    WutouRules,
    YoutouRules,
)
from gojinotation_analyzer.rules.groups_score import (
    Bie3Rules,
    BurnRules,
    Buy3Rules,
    Buy4Rules,
    GemingRules,
    KaidianRules,
    MatchRules,
    PenaltyRules,
    ScoreRules,
    TimeRules,
    TributeRules,
    VocabRules,
)
from gojinotation_analyzer.rules.vocab import (
    _VALUE_ALIASES,
    BONUS_EVENTS,
    FrozenMap,
    _p,
)

__all__ = [
    "PARAMETERS",
    "FrozenMap",
    "Parameter",
    "Ruleset",
    "RulesetError",
    "canonical_name",
    "format_value",
    "parse_overrides",
    "parse_value",
]


class RulesetError(GoujiError):
    """A wrong parameter name or value, an unknown profile, or a bad override text.

    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    :ivar param: the parameter concerned (``""`` if none).
    :ivar allowed: the allowed names or values, for the message and for tools.
    """

    def __init__(self, en: str, zh: str, *, param: str = "", allowed: tuple[str, ...] = ()) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh
        self.param = param
        self.allowed = allowed

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en


@attrs.frozen
class Ruleset:
    """A complete set of rule parameters (default: ``qingdao-standard``).

    Read a value by attribute (``rs.burn.joker_exempt``) or by dotted name
    (``rs.get("burn.joker_exempt")``); derive a variant with :meth:`with_overrides`.
    """

    deck: DeckRules = attrs.field(factory=DeckRules)
    deal: DealRules = attrs.field(factory=DealRules)
    seat: SeatRules = attrs.field(factory=SeatRules)
    open: OpenRules = attrs.field(factory=OpenRules)
    play: PlayRules = attrs.field(factory=PlayRules)
    cmp: CmpRules = attrs.field(factory=CmpRules)
    gouji: GoujiRules = attrs.field(factory=GoujiRules)
    answer: AnswerRules = attrs.field(factory=AnswerRules)
    pass_: PassRules = attrs.field(factory=PassRules)
    rangpai: RangpaiRules = attrs.field(factory=RangpaiRules)
    koupai: KoupaiRules = attrs.field(factory=KoupaiRules)
    jiefeng: JiefengRules = attrs.field(factory=JiefengRules)
    gousiji: GousijiRules = attrs.field(factory=GousijiRules)
    wutou: WutouRules = attrs.field(factory=WutouRules)
    youtou: YoutouRules = attrs.field(factory=YoutouRules)
    sihu_luanchan: bool = _p(
        True,
        "四户乱缠: once 头科 and 二科 are out, the other four play free of 够级/pass/burn rules.",
        "四户乱缠：头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌规则进行。",
        "T19",
        "R-SIHU-1",
        no=38,
    )
    baohu: BaohuRules = attrs.field(factory=BaohuRules)
    burn: BurnRules = attrs.field(factory=BurnRules)
    kaidian: KaidianRules = attrs.field(factory=KaidianRules)
    bie3: Bie3Rules = attrs.field(factory=Bie3Rules)
    buy3: Buy3Rules = attrs.field(factory=Buy3Rules)
    buy4: Buy4Rules = attrs.field(factory=Buy4Rules)
    geming: GemingRules = attrs.field(factory=GemingRules)
    tribute: TributeRules = attrs.field(factory=TributeRules)
    score: ScoreRules = attrs.field(factory=ScoreRules)
    match: MatchRules = attrs.field(factory=MatchRules)
    time: TimeRules = attrs.field(factory=TimeRules)
    penalty: PenaltyRules = attrs.field(factory=PenaltyRules)
    vocab: VocabRules = attrs.field(factory=VocabRules)

    def get(self, name: str) -> Any:
        """The value of the parameter with dotted ``name`` (``pass_.x`` also accepted).

        >>> Ruleset().get("sihu_luanchan"), Ruleset().get("pass_.blocks_burn")
        (True, True)
        >>> Ruleset().get("score.bonus.shao")
        0
        """
        name = canonical_name(name)
        if name in PARAMETERS:
            param = PARAMETERS[name]
            obj: Any = self
            for attr in param.path:
                obj = getattr(obj, attr)
            return obj
        base, key = _split_entry(name)
        return self.get(base)[key]

    def with_overrides(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A new ruleset with the given parameters changed (names and values validated).

        Values may be typed (``True``, ``30``, ``("2", "小王")``) or the text form used
        by :func:`parse_overrides` (``"on"``, ``"30"``, ``"2,小王"``).  A map entry is set
        with ``score.bonus.shao``.

        >>> Ruleset().with_overrides({"score.bonus.shao": 1}).score.bonus["shao"]
        1
        >>> Ruleset().with_overrides({"burn.joker_exmpt": "last_only"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gojinotation_analyzer.rules.ruleset.RulesetError: unknown rule parameter 'burn.joker_exm...
        """
        result = self
        for raw_name, raw_value in overrides.items():
            name = canonical_name(raw_name)
            if name in PARAMETERS:
                value = PARAMETERS[name].coerce(raw_value)
                result = result._set(PARAMETERS[name], value)
                continue
            base, key = _split_entry(name)
            param = PARAMETERS[base]
            k = param.coerce_key(key)
            v = param.coerce_entry(raw_value, name)
            result = result._set(param, result.get(base).replace(k, v))
        return result

    def _set(self, param: Parameter, value: Any) -> Ruleset:
        if len(param.path) == 1:
            return attrs.evolve(self, **{param.path[0]: value})
        group = getattr(self, param.path[0])
        return attrs.evolve(self, **{param.path[0]: attrs.evolve(group, **{param.path[1]: value})})

    def inconsistencies(self) -> list[tuple[str, str]]:
        """Combinations of values that contradict each other: ``(parameter, message)``.

        Some catalog parameters overlap (``bie3.enabled`` and ``play.three_restriction``,
        ``play.attach_twos=power3`` and ``cmp.three_twos_beat_dawang`` ...); they are kept
        separate so a record can name either, and this check keeps them in step.  Every
        profile is consistent; a record's overrides may not be.

        >>> Ruleset().inconsistencies()
        []
        >>> Ruleset().with_overrides({"bie3.enabled": True}).inconsistencies()[0][0]
        'play.three_restriction'
        """
        found: list[tuple[str, str]] = []
        if self.bie3.enabled != (self.play.three_restriction == "bie3"):
            found.append(
                ("play.three_restriction", "bie3.enabled and play.three_restriction disagree")
            )
        if self.play.attach_twos == "power3" and not self.cmp.three_twos_beat_dawang:
            found.append(
                ("cmp.three_twos_beat_dawang", "play.attach_twos=power3 lets three 2s beat 大王")
            )
        if self.buy4.mode != "off" and not self.kaidian.lead4:
            found.append(("buy4.mode", "buying 4s only exists with kaidian.lead4"))
        if self.kaidian.lead4 and not self.kaidian.enabled:
            found.append(("kaidian.lead4", "kaidian.lead4 needs kaidian.enabled"))
        if self.cmp.ershayi == "off" and (
            self.cmp.ershayi_is_burn or self.cmp.ershayi_pass_exempt or self.score.bonus["ershayi"]
        ):
            found.append(("cmp.ershayi", "二杀一 options or points are set but 二杀一 is off"))
        if self.tribute.mode == "none" and self.tribute.extra:
            found.append(("tribute.extra", "event tributes are set but tribute.mode is none"))
        return found

    def items(self) -> Iterator[tuple[str, Any]]:
        """``(dotted name, value)`` for every parameter, in catalog order."""
        for name in PARAMETERS:
            yield name, self.get(name)

    def diff(self, other: Ruleset) -> list[tuple[str, Any, Any]]:
        """``(name, mine, other's)`` for every parameter whose values differ.

        >>> Ruleset().diff(Ruleset().with_overrides({"time.limit_s": 15}))
        [('time.limit_s', None, 15)]
        """
        return [(n, v, other.get(n)) for n, v in self.items() if v != other.get(n)]

    def to_text(self, *, only_changed_from: Ruleset | None = None) -> str:
        """The override text (``name=value; ...``) of all, or of the changed, parameters.

        >>> Ruleset().with_overrides({"cmp.ershayi": "two_big_beat_one_big"}).to_text(
        ...     only_changed_from=Ruleset())
        'cmp.ershayi=two_big_beat_one_big'
        """
        pairs = (
            self.items()
            if only_changed_from is None
            else ((n, a) for n, a, _ in self.diff(only_changed_from))
        )
        return "; ".join(f"{n}={format_value(v)}" for n, v in pairs)


# --------------------------------------------------------------------------------------
# Parameter metadata
# --------------------------------------------------------------------------------------

Kind = Literal["bool", "int", "enum", "set", "list", "vec6", "map"]


@attrs.frozen
class Parameter:
    """Metadata of one parameter.

    :ivar name: dotted catalog name (``pass.duitou_reentry``).
    :ivar path: attribute path (``("pass_", "duitou_reentry")``).
    :ivar kind: ``bool``, ``int``, ``enum``, ``set``, ``list``, ``vec6`` or ``map``.
    :ivar allowed: allowed values (enum), allowed elements (set, list) or keys (map).
    :ivar default: the ``qingdao-standard`` value.
    :ivar en: one-line description in English.
    :ivar zh: one-line description in Chinese.
    :ivar topic: catalog topic (``T14``).
    :ivar rule_id: rule id of ``docs/CONTRACTS.md`` that the parameter modifies.
    :ivar catalog_no: row number in catalog §2 (``None`` for parameters added here).
    :ivar optional: ``None`` is allowed (``time.limit_s``).
    :ivar minimum: least int value (int kinds; each integer of a ``vec6``, a map or a
        list of integers).
    :ivar maximum: greatest int value (the same; every integer parameter has one, so
        that a ``[Rules]`` override of 18 digits is refused, GJV221).
    :ivar note: remarks (redundancy, why added).
    """

    name: str
    path: tuple[str, ...]
    kind: Kind
    allowed: tuple[str, ...]
    default: Any
    en: str
    zh: str
    topic: str
    rule_id: str
    catalog_no: int | None = None
    optional: bool = False
    minimum: int | None = None
    maximum: int | None = None
    note: str = ""
    key_type: str = ""
    int_elements: bool = False

    @property
    def added(self) -> bool:
        """True for parameters that are not in catalog §2."""
        return self.catalog_no is None

    def type_text(self) -> str:
        """A short human type (``enum``, ``int|none`` ...)."""
        return f"{self.kind}|none" if self.optional else self.kind

    def allowed_text(self) -> str:
        """The allowed values as text for messages and docs."""
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            return f"integer{self._range_text()}" + (", none" if self.optional else "")
        if self.kind == "vec6":
            return f"six integers{self._range_text()} (头科,二科,三科,四科,二落,大落)"
        if self.kind == "map":
            return f"key:int pairs{self._range_text()}; keys: " + ", ".join(self.allowed)
        if self.kind in ("set", "list"):
            extra = f", integers{self._range_text()}" if self.int_elements else ""
            return "comma-separated list of: " + ", ".join(self.allowed) + extra
        return ", ".join(self.allowed)

    def _range_text(self) -> str:
        """`` 1..99`` (the integer values' range, when the parameter has one)."""
        if self.minimum is None and self.maximum is None:
            return ""
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        return f" {lo}..{hi}"

    def _fail(self, value: Any, what: str = "") -> RulesetError:
        shown = what or repr(value)
        return RulesetError(
            f"{self.name}: {shown} is not allowed; allowed values: {self.allowed_text()}",
            f"{self.name}：不允许取值 {shown}；允许的取值：{self.allowed_text()}",
            param=self.name,
            allowed=self.allowed,
        )

    def coerce(self, value: Any) -> Any:
        """Validate ``value`` (typed or text) and return the canonical typed value."""
        if isinstance(value, str):
            return self.parse(value)
        kind = self.kind
        if value is None:
            if self.optional:
                return None
            raise self._fail(value)
        if kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._fail(value)
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._fail(value)
            return self._check_int(value)
        if kind == "enum":
            raise self._fail(value)
        if kind == "vec6":
            if not isinstance(value, (tuple, list)) or len(value) != 6:
                raise self._fail(value)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self._fail(value)
            return tuple(self._check_int(v) for v in value)
        if kind in ("set", "list"):
            if not isinstance(value, (tuple, list, set, frozenset)):
                raise self._fail(value)
            items = tuple(self._element(v) for v in value)
            return frozenset(items) if kind == "set" else items
        if kind == "map":
            if not isinstance(value, Mapping):
                raise self._fail(value)
            return FrozenMap(
                {self.coerce_key(k): self.coerce_entry(v, self.name) for k, v in value.items()}
            )
        raise self._fail(value)  # pragma: no cover

    def _check_int(self, value: int) -> int:
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise self._fail(value)
        return value

    def _element(self, value: Any) -> Any:
        if self.int_elements and isinstance(value, int) and not isinstance(value, bool):
            return self._check_int(value)
        if isinstance(value, str):
            text = value.strip()
            if self.int_elements and _is_int(text):
                return self._check_int(int(text))
            text = _VALUE_ALIASES.get(text.lower(), text)
            if text in self.allowed:
                return text
        raise self._fail(value)

    def coerce_key(self, key: Any) -> Any:
        """A map key in canonical form (a :class:`Rank` for rank-keyed maps)."""
        if self.kind != "map":
            raise self._fail(key)
        if self.key_type == "rank":
            if isinstance(key, Rank):
                return key
            try:
                rank = Rank.from_letter(str(key).strip())
            except ValueError:
                raise self._fail(key, f"key {key!r}") from None
            return rank
        text = str(key).strip()
        if text not in self.allowed:
            raise self._fail(key, f"key {key!r}")
        return text

    def coerce_entry(self, value: Any, name: str) -> int:
        """A map value (an int)."""
        if isinstance(value, str) and _is_int(value.strip()):
            return self._check_int(int(value.strip()))
        if isinstance(value, int) and not isinstance(value, bool):
            return self._check_int(value)
        raise self._fail(value, f"{value!r} (for {name}, an integer is needed)")

    def parse(self, text: str) -> Any:
        """Parse the text form of a value (as in a ``[Rules "..."]`` tag)."""
        raw = text.strip()
        low = raw.lower()
        kind = self.kind
        if self.optional and low in ("none", "null", "off", "-"):
            return None
        if kind == "bool":
            if low in ("true", "on", "yes", "1"):
                return True
            if low in ("false", "off", "no", "0"):
                return False
            raise self._fail(raw)
        if kind == "int":
            if not _is_int(raw):
                raise self._fail(raw)
            return self._check_int(int(raw))
        if kind == "enum":
            canon = _VALUE_ALIASES.get(low, raw)
            if canon in self.allowed:
                return canon
            import difflib  # a misspelt value only (start-up)

            close = difflib.get_close_matches(raw, self.allowed, n=1)
            err = self._fail(raw)
            if close:
                err.en += f" (did you mean {close[0]}?)"
            raise err
        parts = [p.strip() for p in _strip_brackets(raw).split(",")]
        parts = [p for p in parts if p]
        if kind == "vec6":
            if len(parts) != 6 or not all(_is_int(p) for p in parts):
                raise self._fail(raw)
            return tuple(self._check_int(int(p)) for p in parts)
        if kind in ("set", "list"):
            if low in ("none", "empty", "-"):
                parts = []
            items = tuple(self._element(p) for p in parts)
            return frozenset(items) if kind == "set" else items
        # map
        entries: dict[Any, int] = {}
        for part in parts:
            key, sep, val = part.partition(":")
            if not sep:
                raise self._fail(raw, f"{part!r} (a map entry is key:value)")
            entries[self.coerce_key(key)] = self.coerce_entry(val, self.name)
        return FrozenMap(entries)


_INT = re.compile(r"[+-]?\d{1,18}")


def _is_int(text: str) -> bool:
    """Whether ``int(text)`` gives a whole number a parameter can mean: a sign, then 1 to
    18 decimal digits (issue #15: ``"+-5"``, ``"²"`` and 5,000 digits made ``int()`` fail
    with an internal error; they are bad overrides, GJV221)."""
    return _INT.fullmatch(text) is not None


def _strip_brackets(text: str) -> str:
    if len(text) >= 2 and text[0] + text[-1] in ("[]", "()", "{}"):
        return text[1:-1]
    return text


def _attr_to_name(attr: str) -> str:
    return attr[:-1] if attr.endswith("_") and keyword.iskeyword(attr[:-1]) else attr


def _build_parameters() -> dict[str, Parameter]:
    params: dict[str, Parameter] = {}
    top_hints = typing.get_type_hints(Ruleset)
    for top in attrs.fields(Ruleset):
        hint = top_hints[top.name]
        if attrs.has(hint):
            sub_hints = typing.get_type_hints(hint)
            for f in attrs.fields(hint):
                path = (top.name, f.name)
                name = f"{_attr_to_name(top.name)}.{_attr_to_name(f.name)}"
                params[name] = _make_param(name, path, sub_hints[f.name], f)
        else:
            params[top.name] = _make_param(top.name, (top.name,), hint, top)
    return params


def _make_param(name: str, path: tuple[str, ...], hint: Any, f: attrs.Attribute[Any]) -> Parameter:
    meta = f.metadata
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    optional = False
    allowed: tuple[str, ...] = ()
    key_type = ""
    int_elements = False
    kind: Kind
    if hint is bool:
        kind = "bool"
    elif hint is int:
        kind = "int"
    elif origin in (typing.Union, types.UnionType) and set(args) == {int, type(None)}:
        kind, optional = "int", True
    elif origin is Literal:
        kind, allowed = "enum", tuple(str(a) for a in args)
    elif origin is frozenset:
        kind, allowed = "set", tuple(str(a) for a in typing.get_args(args[0]))
    elif origin is tuple and len(args) == 6 and all(a is int for a in args):
        kind = "vec6"
    elif origin is tuple:
        kind = "list"
        elem = args[0]
        elem_args = typing.get_args(elem)
        if int in elem_args:
            int_elements = True
            for a in elem_args:
                if typing.get_origin(a) is Literal:
                    allowed += tuple(str(x) for x in typing.get_args(a))
        else:
            allowed = tuple(str(a) for a in elem_args)
    elif origin is FrozenMap:
        kind = "map"
        if args[0] is Rank:
            key_type = "rank"
            allowed = tuple(r.letter for r in sorted(Rank))
        else:
            key_type = "str"
            allowed = BONUS_EVENTS
    else:  # pragma: no cover - a programming error
        raise TypeError(f"unsupported parameter type for {name}: {hint!r}")
    return Parameter(
        name=name,
        path=path,
        kind=kind,
        allowed=allowed,
        default=f.default,
        en=meta["en"],
        zh=meta["zh"],
        topic=meta["topic"],
        rule_id=meta["rule"],
        catalog_no=meta["no"],
        optional=optional,
        minimum=meta["lo"],
        maximum=meta["hi"],
        note=meta["note"],
        key_type=key_type,
        int_elements=int_elements,
    )


#: Every parameter by dotted name, in catalog order.
PARAMETERS: dict[str, Parameter] = _build_parameters()


def canonical_name(name: str) -> str:
    """The canonical dotted name (``pass_.x`` -> ``pass.x``); raises for unknown names.

    >>> canonical_name("pass_.duitou_reentry"), canonical_name(" tribute.return_ ")
    ('pass.duitou_reentry', 'tribute.return')
    """
    parts = [_attr_to_name(p) for p in name.strip().split(".")]
    canon = ".".join(parts)
    if canon in PARAMETERS:
        return canon
    if len(parts) == 3:
        base = ".".join(parts[:2])
        if base in PARAMETERS and PARAMETERS[base].kind == "map":
            PARAMETERS[base].coerce_key(parts[2])
            return canon
    import difflib  # a misspelt name only (start-up)

    close = difflib.get_close_matches(canon, list(PARAMETERS), n=3, cutoff=0.75)
    hint_en = f"; did you mean: {', '.join(close)}?" if close else ""
    hint_zh = f"；是否指：{'、'.join(close)}？" if close else ""
    raise RulesetError(
        f"unknown rule parameter {name.strip()!r}{hint_en}",
        f"未知的规则参数 {name.strip()!r}{hint_zh}",
        param=name.strip(),
        allowed=tuple(close),
    )


def _split_entry(name: str) -> tuple[str, str]:
    base, _, key = name.rpartition(".")
    return base, key


def parse_value(name: str, text: str) -> Any:
    """Parse the text form of one parameter's value.

    >>> parse_value("time.limit_s", "none"), parse_value("buy3.payment_order", "2,xiaowang,大王")
    (None, ('2', '小王', '大王'))
    >>> sorted(parse_value("gouji.thresholds", "10:5,J:4,Q:3,K:2,A:2").values())
    [2, 2, 3, 4, 5]
    """
    canon = canonical_name(name)
    if canon in PARAMETERS:
        return PARAMETERS[canon].parse(text)
    base, _key = _split_entry(canon)
    return PARAMETERS[base].coerce_entry(text, canon)


def parse_overrides(text: str) -> dict[str, Any]:
    """Parse ``name=value; name=value`` (a record's ``[Rules "..."]`` text) into typed values.

    Separators are ``;`` or new lines.  Bools are ``true/false/on/off``, lists and
    sets ``a,b,c``, a vec6 ``4,2,0,0,-2,-4``, a map ``k:v,k:v``; ``score.bonus.shao=1``
    sets one map entry.

    >>> parse_overrides("")
    {}
    >>> parse_overrides("score.bonus.shao=1; burn.max_players_out=0")
    {'score.bonus.shao': 1, 'burn.max_players_out': 0}
    >>> parse_overrides("cmp.ershayi")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gojinotation_analyzer.rules.ruleset.RulesetError: bad rule override 'cmp.ershayi': expected ...
    """
    result: dict[str, Any] = {}
    for chunk in text.replace("\n", ";").split(";"):
        item = chunk.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesetError(
                f"bad rule override {item!r}: expected name=value",
                f"规则改动 {item!r} 格式错误：应为 参数=取值",
            )
        canon = canonical_name(name)
        result[canon] = parse_value(canon, value)
    return result


def format_value(value: Any) -> str:
    """The text form of a value, as :func:`parse_overrides` reads it.

    >>> format_value(True), format_value(None), format_value((4, 2, 0, 0, -2, -4))
    ('true', 'none', '4,2,0,0,-2,-4')
    >>> format_value(FrozenMap({Rank.TEN: 5, Rank.BIG_JOKER: 1}))
    'T:5,D:1'
    >>> format_value(frozenset({"b", "a"})), format_value(())
    ('a,b', 'none')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return ",".join(f"{k.letter if isinstance(k, Rank) else k}:{v}" for k, v in value.items())
    if isinstance(value, frozenset):
        return ",".join(sorted(str(v) for v in value)) or "none"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "none"
    return str(value)
