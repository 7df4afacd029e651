"""GJN as JSON: a lossless mapping between the record model and JSON-compatible data.

Every model value has a JSON form: a ``dict`` whose ``"type"`` names the value
(``match``, ``deal``, ``broken``, ``tag``, ``comment``, ``hand``, ``round``,
``variation``, ``note`` and the actions ``play`` … ``ruling``, ``declare`` …
``waive``).  Field names are the model's attribute names; cards are lists of canonical
GJN card strings (``"Kd"``, ``"D"``, ``"?"``); seats are integers 1–6.  Source spans
are written by default, as ``[line, column, end_line, end_column]``, and optional on
input (where the object form ``{"line": …, "column": …}`` is read too).  The schema is
``docs/gjn.schema.json`` (JSON Schema draft 2020-12).

``from_json(to_json(x)) == x`` for every model value, and :func:`from_json` never lets
a ``KeyError`` or ``TypeError`` escape: bad input raises :class:`JsonError` with a JSON
pointer to the offending place, in English and in Chinese.  Input is also checked
against what GJN text can express (seats 1–6, known glyphs, one-line tag values, at
most 216 cards in a group …), so JSON that loads can always be written as GJN.

>>> import gojinotation as gj
>>> match = gj.loads('[Event "demo"]\\nhand 1: D X 33\\n1. 1:33 ! [%clk 4] 2:-')
>>> data = to_json(match, spans=False)
>>> play = data["deals"][0]["moves"][1]
>>> play["type"], play["seat"], play["cards"], play["glyphs"], play["notes"]
('play', 1, ['3', '3'], ['!'], [{'key': 'clk', 'value': '4'}])
>>> from_json(data) == match
True
>>> from_json({"type": "pass", "seat": 7})
Traceback (most recent call last):
...
gojinotation.jsonio.JsonError: <json>: error GJN130 at /seat: seat must be an integer 1–6 (found 7)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

from . import model as m
from ._jsonout import _ACTION_CLASSES, _NO_SPAN
from ._jsonout import JsonDict as JsonDict
from ._jsonout import Value as Value
from ._jsonout import dumps_json as dumps_json
from ._jsonout import iter_json as iter_json
from ._jsonout import to_json as to_json
from ._jsonquick import _PLAIN as _QUICK_KINDS
from ._jsonquick import CARDS as _CARDS
from ._jsonquick import MAX_CACHED_CARDS as _MAX_CACHED_CARDS
from ._jsonquick import gc_paused as gc_paused
from ._jsonquick import plain_kind, quick_action, quick_round, quick_span, quick_tag
from .cards import Card, CardSyntaxError
from .errors import GoujiError, NotationError
from .reader import MAX_CARDS, MAX_NUMBER_DIGITS, MAX_VARIATION_DEPTH, BrokenDeal

__all__ = [
    "JSON_SYNTAX_CODE",
    "JSON_VALUE_CODE",
    "JsonError",
    "Value",
    "dumps_json",
    "from_json",
    "iter_json",
    "load_json_match",
    "loads_json",
    "match_from_json",
    "to_json",
]

#: Error code of a JSON document that does not describe a GJN value.
JSON_VALUE_CODE = "GJN130"


#: Error code of text that is not JSON at all.
JSON_SYNTAX_CODE = "GJN131"


class JsonError(GoujiError):
    """JSON input that is not a valid GJN value.

    :ivar code: ``GJN130`` (valid JSON, wrong content) or ``GJN131`` (not JSON).
    :ivar path: a JSON pointer (RFC 6901) to the offending value, ``""`` for the root.
    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    :ivar filename: the source name.
    :ivar line: for ``GJN131``, the 1-based line of the syntax error (else ``None``).
    :ivar column: for ``GJN131``, the 1-based column.

    >>> err = JsonError("/deals/0/seat", "seat must be 1–6", "座位必须是 1–6")
    >>> print(err.format("zh"))
    <json>: 错误 GJN130 位于 /deals/0/seat: 座位必须是 1–6
    """

    def __init__(
        self,
        path: str,
        en: str,
        zh: str,
        *,
        code: str = JSON_VALUE_CODE,
        filename: str = "<json>",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.path = path
        self.en = en
        self.zh = zh
        self.code = code
        self.filename = filename
        self.line = line
        self.column = column
        super().__init__(self.format("en"))

    def message(self, lang: str = "en") -> str:
        """The message without position, in ``lang`` (``en`` or ``zh``)."""
        return self.zh if lang == "zh" else self.en

    def format(self, lang: str = "en") -> str:
        """``file: error CODE at /path: message`` (or ``file:line:col: …`` for bad JSON)."""
        word = "错误" if lang == "zh" else "error"
        if self.line is not None:
            where = f"{self.filename}:{self.line}:{self.column or 1}: {word} {self.code}"
        else:
            if lang == "zh":
                at = f"位于 {self.path}" if self.path else "位于顶层"
            else:
                at = f"at {self.path}" if self.path else "at the top level"
            where = f"{self.filename}: {word} {self.code} {at}"
        return f"{where}: {self.message(lang)}"

    def with_filename(self, filename: str) -> JsonError:
        """This error, naming ``filename`` as its source."""
        self.filename = filename
        self.args = (self.format("en"),)
        return self

    def as_dict(self) -> dict[str, object]:
        """The error as plain data."""
        return {
            "code": self.code,
            "file": self.filename,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": {"en": self.en, "zh": self.zh},
        }

    def __reduce__(self) -> tuple[object, ...]:  # picklable despite keyword-only init
        return (_rebuild_json_error, (self.__dict__,))


def _rebuild_json_error(state: dict[str, object]) -> JsonError:
    err = JsonError.__new__(JsonError)
    err.__dict__.update(state)
    ValueError.__init__(err, err.format("en"))
    return err


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


_MAX_NUMBER = 10**MAX_NUMBER_DIGITS - 1


def _pointer(path: tuple[str | int, ...]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _describe(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _is_plain(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_plain(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


_JSON_TYPE_ZH = {
    "an object": "对象",
    "a list": "列表",
    "a string": "字符串",
    "an integer": "整数",
    "a boolean": "布尔值",
}


#: The keys an object may have, by its required and optional keys (see :meth:`_In.obj`).
_ALLOWED: dict[tuple[Sequence[str], Sequence[str]], tuple[frozenset[str], frozenset[str]]] = {}


class _In:
    """Reads JSON data into model values, tracking the JSON pointer of each value."""

    def __init__(self) -> None:
        #: how many variations enclose the value being read
        self.depth = 0

    def fail(self, path: tuple[str | int, ...], en: str, zh: str) -> JsonError:
        return JsonError(_pointer(path), en, zh)

    def wrong_type(self, path: tuple[str | int, ...], want: str, value: object) -> JsonError:
        return self.fail(
            path,
            f"expected {want}, found {_describe(value)}",
            f"应为{_JSON_TYPE_ZH.get(want, want)}，实际为 {_describe(value)}",
        )

    # -- primitives
    def obj(
        self,
        data: object,
        path: tuple[str | int, ...],
        required: Sequence[str],
        optional: Sequence[str] = (),
    ) -> Mapping[str, Any]:
        # the usual case, checked at once: a dict whose keys are all allowed (so all
        # strings) and that has every required key
        if type(data) is dict:
            sets = _ALLOWED.get((required, optional))
            if sets is None:
                sets = _ALLOWED[required, optional] = (
                    frozenset((*required, *optional, "type", "span")),
                    frozenset(required),
                )
            keys = data.keys()
            if keys <= sets[0] and keys >= sets[1]:
                return data
        if not isinstance(data, Mapping):
            raise self.wrong_type(path, "an object", data)
        for key in data:
            if not isinstance(key, str):
                raise self.fail(
                    path, f"object key {key!r} is not a string", f"键 {key!r} 不是字符串"
                )
            if key not in required and key not in optional and key not in ("type", "span"):
                raise self.fail((*path, key), f"unknown key {key!r}", f"未知的键 {key!r}")
        for key in required:
            if key not in data:
                raise self.fail(path, f"missing key {key!r}", f"缺少键 {key!r}")
        return data

    def list_(self, data: object, path: tuple[str | int, ...]) -> Sequence[Any]:
        if not isinstance(data, list | tuple):
            raise self.wrong_type(path, "a list", data)
        return data

    def str_(self, data: object, path: tuple[str | int, ...], *, one_line: bool = False) -> str:
        if not isinstance(data, str):
            raise self.wrong_type(path, "a string", data)
        if "\r" in data or (one_line and "\n" in data):
            raise self.fail(
                path,
                "line breaks are not allowed here"
                if one_line
                else "carriage returns (\\r) are not allowed; use \\n",
                "此处不能换行" if one_line else "不允许回车符（\\r），请用 \\n",
            )
        return data

    def int_(
        self, data: object, path: tuple[str | int, ...], *, lo: int = 0, hi: int = _MAX_NUMBER
    ) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise self.wrong_type(path, "an integer", data)
        if not lo <= data <= hi:
            raise self.fail(
                path,
                f"{data} is out of range ({lo} to {hi})",
                f"{data} 超出范围（{lo} 至 {hi}）",
            )
        return data

    def bool_(self, data: object, path: tuple[str | int, ...]) -> bool:
        if not isinstance(data, bool):
            raise self.wrong_type(path, "a boolean", data)
        return data

    def seat(self, data: object, path: tuple[str | int, ...]) -> int:
        if not isinstance(data, int) or isinstance(data, bool) or not 1 <= data <= 6:
            raise self.fail(
                path,
                f"seat must be an integer 1–6 (found {_describe(data)})",
                f"座位必须是 1–6 的整数（实际为 {_describe(data)}）",
            )
        return data

    def card(self, data: object, path: tuple[str | int, ...]) -> Card:
        if type(data) is str:
            known = _CARDS.get(data)
            if known is not None:
                return known
        text = self.str_(data, path)
        try:
            card = Card.parse(text)
        except CardSyntaxError:
            raise self.fail(
                path,
                f'not one card: {text!r} (write e.g. "Kd", "T", "D", "?")',
                f'不是一张牌：{text!r}（应写如 "Kd"、"T"、"D"、"?"）',
            ) from None
        if len(_CARDS) < _MAX_CACHED_CARDS and "\r" not in text:
            _CARDS[text] = card
        return card

    def cards(
        self, data: object, path: tuple[str | int, ...], *, nonempty: bool = True
    ) -> tuple[Card, ...]:
        items = self.list_(data, path)
        if nonempty and not items:
            raise self.fail(path, "at least one card is needed", "至少需要一张牌")
        if len(items) > MAX_CARDS:
            raise self.fail(
                path,
                f"{len(items)} cards in one group (at most {MAX_CARDS})",
                f"一组中有 {len(items)} 张牌（最多 {MAX_CARDS} 张）",
            )
        try:  # every card a spelling seen before (no list or dict among them)
            return tuple(map(_CARDS.__getitem__, items))
        except (KeyError, TypeError):
            return tuple(self.card(c, (*path, i)) for i, c in enumerate(items))

    def span(self, data: Mapping[str, Any], path: tuple[str | int, ...]) -> m.Span:
        raw = data.get("span")
        if raw is None:
            return _NO_SPAN
        quick = quick_span(raw)
        if quick is not None:
            return quick
        p = (*path, "span")
        big = 2**63 - 1
        if isinstance(raw, list | tuple):  # [line, column] or [line, column, end_line, end_column]
            if len(raw) not in (2, 4):
                raise self.fail(
                    p,
                    f"a span list holds 2 or 4 integers (found {len(raw)})",
                    f"位置列表应有 2 或 4 个整数（实际 {len(raw)} 个）",
                )
            ints = [self.int_(v, (*p, i), hi=big) for i, v in enumerate(raw)]
            return m.Span(*ints)
        s = self.obj(raw, p, ("line", "column"), ("end_line", "end_column"))
        return m.Span(
            self.int_(s["line"], (*p, "line"), hi=big),
            self.int_(s["column"], (*p, "column"), hi=big),
            self.int_(s.get("end_line", 0), (*p, "end_line"), hi=big),
            self.int_(s.get("end_column", 0), (*p, "end_column"), hi=big),
        )

    def kind(self, data: object, path: tuple[str | int, ...]) -> str:
        if not isinstance(data, Mapping):
            raise self.wrong_type(path, "an object", data)
        if "type" not in data:
            raise self.fail(path, "missing key 'type'", "缺少键 'type'")
        kind = data["type"]
        if not isinstance(kind, str) or kind not in _READERS:
            raise self.fail(
                (*path, "type"),
                f"unknown type {_describe(kind)}",
                f"未知的类型 {_describe(kind)}",
            )
        return kind

    # -- values
    def value(self, data: object, path: tuple[str | int, ...], allowed: frozenset[str]) -> Any:
        kind = data.get("type") if type(data) is dict else None
        if type(kind) is str and kind in allowed:  # the usual case
            reader = _READERS.get(kind)
            if reader is not None:
                return reader(self, data, path)
        kind = self.kind(data, path)
        if kind not in allowed:
            names = ", ".join(sorted(allowed)) if len(allowed) < 6 else "another type"
            raise self.fail(
                (*path, "type"),
                f"a {kind!r} is not allowed here (expected {names})",
                f"此处不能出现 {kind!r}（应为 {names}）",
            )
        return _READERS[kind](self, data, path)

    def items(
        self,
        data: Mapping[str, Any],
        key: str,
        path: tuple[str | int, ...],
        allowed: frozenset[str],
    ) -> tuple[Any, ...]:
        p = (*path, key)
        raw = self.list_(data[key], p)
        out: list[Any] = []
        append = out.append
        value = self.value
        for i, item in enumerate(raw):
            # the usual moves at once, with no JSON pointer built (only errors need one)
            kind = item.get("type") if type(item) is dict else None
            if type(kind) is str:
                if kind == "round" and kind in allowed:
                    mark = quick_round(item)
                    if mark is not None:
                        append(mark)
                        continue
                elif kind == "tag" and kind in allowed:
                    tag = quick_tag(item, _TAG_NAME.match)
                    if tag is not None:
                        append(tag)
                        continue
                elif kind in _QUICK_KINDS and kind in allowed:
                    action = quick_action(kind, item)
                    if action is not None:
                        append(action)
                        continue
            append(value(item, (*p, i), allowed))
        return tuple(out)

    def match(self, data: object, path: tuple[str | int, ...]) -> m.Match:
        d = self.obj(data, path, ("deals",), ("version", "prologue", "$schema"))
        version = d.get("version")
        if version is not None:
            version = self.int_(version, (*path, "version"))
        prologue = self.items(d, "prologue", path, _COMMENT) if "prologue" in d else ()
        deals = self.items(d, "deals", path, _DEALS)
        return m.Match(deals, version, prologue)

    def deal(self, data: object, path: tuple[str | int, ...]) -> m.Deal:
        d = self.obj(data, path, ("header",), ("hands", "moves", "$schema"))
        header = self.items(d, "header", path, _HEADER)
        if not header or not isinstance(header[0], m.Tag):
            raise self.fail(
                (*path, "header", 0) if header else (*path, "header"),
                'a deal must begin with a tag pair such as [Event "…"]',
                '一局记录必须以标签开始，如 [Event "…"]',
            )
        hands = self.items(d, "hands", path, _HANDS) if "hands" in d else ()
        moves = self.items(d, "moves", path, _MOVES) if "moves" in d else ()
        if hands and moves and isinstance(hands[-1], m.Hand) and isinstance(moves[0], m.TurnPlay):
            # GJN would read the set as more cards of the last hand line (format.md §9.3)
            raise self.fail(
                (*path, "moves", 0),
                "a set without its seat cannot follow the hand lines: "
                "the first move after them names its seat",
                "手牌行之后的第一手牌必须写明座位，不能省略",
            )
        return m.Deal(header, hands, moves, span=self.span(d, path))

    def broken(self, data: object, path: tuple[str | int, ...]) -> BrokenDeal:
        d = self.obj(data, path, ("raw",), ("errors",))
        raw = self.str_(d["raw"], (*path, "raw"))
        errors: list[NotationError] = []
        if "errors" in d:
            p = (*path, "errors")
            for i, e in enumerate(self.list_(d["errors"], p)):
                errors.append(self.error(e, (*p, i)))
        return BrokenDeal(raw, tuple(errors), self.span(d, path))

    def error(self, data: object, path: tuple[str | int, ...]) -> NotationError:
        d = self.obj(
            data,
            path,
            ("code", "line", "column", "en", "zh"),
            ("file", "end_column", "found", "expected", "source_line"),
        )
        big = 2**63 - 1
        end = d.get("end_column")
        expected = self.list_(d.get("expected", []), (*path, "expected"))
        return NotationError(
            self.str_(d["code"], (*path, "code")),
            line=self.int_(d["line"], (*path, "line"), hi=big),
            column=self.int_(d["column"], (*path, "column"), hi=big),
            end_column=None if end is None else self.int_(end, (*path, "end_column"), hi=big),
            en=self.str_(d["en"], (*path, "en")),
            zh=self.str_(d["zh"], (*path, "zh")),
            found=self.str_(d.get("found", ""), (*path, "found")),
            expected=tuple(self.str_(x, (*path, "expected", i)) for i, x in enumerate(expected)),
            source_line=self.str_(d.get("source_line", ""), (*path, "source_line")),
            filename=self.str_(d.get("file", "<string>"), (*path, "file")),
        )

    def comment(self, data: object, path: tuple[str | int, ...]) -> m.Comment:
        d = self.obj(data, path, ("text",))
        return m.Comment(self.str_(d["text"], (*path, "text")), span=self.span(d, path))

    def tag(self, data: object, path: tuple[str | int, ...]) -> m.Tag:
        d = self.obj(data, path, ("name", "value"))
        name = self.str_(d["name"], (*path, "name"))
        if not _TAG_NAME.match(name):
            raise self.fail(
                (*path, "name"),
                f"not a tag name: {name!r} (a letter, then letters, digits or _)",
                f"不是合法的标签名：{name!r}（字母开头，其后为字母、数字或 _）",
            )
        value = self.str_(d["value"], (*path, "value"), one_line=True)
        return m.Tag(name, value, span=self.span(d, path))

    def hand(self, data: object, path: tuple[str | int, ...]) -> m.Hand:
        d = self.obj(data, path, ("seat", "cards"))
        seat = self.seat(d["seat"], (*path, "seat"))
        raw = d["cards"]
        cards = None if raw is None else self.cards(raw, (*path, "cards"), nonempty=False)
        return m.Hand(seat, cards, span=self.span(d, path))

    def note(self, data: object, path: tuple[str | int, ...]) -> m.Note:
        d = self.obj(data, path, ("key",), ("value",))
        key = self.str_(d["key"], (*path, "key"))
        if not key or any(ch.isspace() for ch in key):
            raise self.fail(
                (*path, "key"),
                f"a note key is one word without spaces (found {key!r})",
                f"注记的键必须是一个不含空格的词（实际为 {key!r}）",
            )
        value = self.str_(d.get("value", ""), (*path, "value"))
        if value != value.strip():
            raise self.fail(
                (*path, "value"),
                "a note value cannot begin or end with white space",
                "注记的值不能以空白开始或结束",
            )
        return m.Note(key, value, span=self.span(d, path))

    def round(self, data: object, path: tuple[str | int, ...]) -> m.RoundMark:
        d = self.obj(data, path, ("number",))
        return m.RoundMark(self.int_(d["number"], (*path, "number")), span=self.span(d, path))

    def variation(self, data: object, path: tuple[str | int, ...]) -> m.Variation:
        d = self.obj(data, path, ("moves",))
        if self.depth >= MAX_VARIATION_DEPTH:  # GJN117: what GJN could not read back
            raise self.fail(
                path,
                f"variations nested more than {MAX_VARIATION_DEPTH} deep",
                f"变着嵌套超过 {MAX_VARIATION_DEPTH} 层",
            )
        self.depth += 1
        try:
            moves = self.items(d, "moves", path, _MOVES)
        finally:
            self.depth -= 1
        return m.Variation(moves, span=self.span(d, path))

    def glyphs(self, d: Mapping[str, Any], path: tuple[str | int, ...]) -> tuple[str, ...]:
        glyphs: list[str] = []
        if "glyphs" in d:
            p = (*path, "glyphs")
            for i, g in enumerate(self.list_(d["glyphs"], p)):
                if g not in m.GLYPHS:
                    raise self.fail(
                        (*p, i),
                        f"unknown glyph {_describe(g)} (one of ! ? !! ?? !? ?!)",
                        f"未知的评注符号 {_describe(g)}（应为 ! ? !! ?? !? ?! 之一）",
                    )
                glyphs.append(g)
        return tuple(glyphs)

    def notes(self, d: Mapping[str, Any], path: tuple[str | int, ...]) -> tuple[m.Note, ...]:
        if "notes" not in d:
            return ()
        p = (*path, "notes")
        return tuple(self.note(n, (*p, i)) for i, n in enumerate(self.list_(d["notes"], p)))

    def turn_play(self, data: object, path: tuple[str | int, ...]) -> m.TurnPlay:
        d = self.obj(data, path, ("cards",), ("glyphs", "notes"))
        return m.TurnPlay(
            self.cards(d["cards"], (*path, "cards")),
            glyphs=self.glyphs(d, path),
            notes=self.notes(d, path),
            span=self.span(d, path),
        )

    def action(self, data: object, path: tuple[str | int, ...]) -> m.Action:
        assert isinstance(data, Mapping)
        kind: str = data["type"]
        fields = _ACTION_FIELDS[kind]
        optional = ("to",) if kind == "draw" else ()
        d = self.obj(data, path, ("seat", *fields), ("irregular", "glyphs", "notes", *optional))
        kw: dict[str, Any] = {}
        if "to" in optional and "to" in d:
            kw["to"] = self.seat(d["to"], (*path, "to"))
        for f in fields:
            p = (*path, f)
            if f == "cards":
                kw[f] = self.cards(d[f], p)
            elif f in ("card", "paid"):
                kw[f] = self.card(d[f], p)
            elif f in ("from_seat", "to_seat", "rebel", "target"):
                kw[f] = self.seat(d[f], p)
            elif f == "count":
                kw[f] = self.int_(d[f], p)
            elif f == "points":
                kw[f] = self.int_(d[f], p, lo=-_MAX_NUMBER)
            else:  # reason, text
                kw[f] = self.str_(d[f], p, one_line=True)
        glyphs = self.glyphs(d, path)
        notes = self.notes(d, path)
        irregular = self.bool_(d["irregular"], (*path, "irregular")) if "irregular" in d else False
        cls = _ACTION_CLASSES[kind]
        action: m.Action = cls(
            self.seat(d["seat"], (*path, "seat")),
            irregular=irregular,
            glyphs=glyphs,
            notes=notes,
            span=self.span(d, path),
            **kw,
        )
        return action


_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("cards",),
    "burn": ("cards",),
    "pass": (),
    "yield": (),
    "close": (),
    "timeout": (),
    "revolution": (),
    "report": ("count",),
    "buy": ("card", "from_seat", "paid"),
    "give": ("card", "to_seat"),
    "tribute": ("cards", "to_seat"),
    "return": ("cards", "to_seat"),
    "penalty": ("points", "reason"),
    "ruling": ("text",),
    "declare": (),
    "decline": (),
    "draw": ("card",),
    "liang": ("cards",),
    "jiefeng": (),
    "kaidian": (),
    "baola": ("rebel",),
    "waive": (),
    "query": ("target",),
}

for _kind, _fields in _ACTION_FIELDS.items():
    plain_kind(_kind, _ACTION_CLASSES[_kind], _fields)


_Reader: TypeAlias = Callable[[_In, object, tuple[str | int, ...]], Any]


_READERS: dict[str, _Reader] = {
    "match": _In.match,
    "deal": _In.deal,
    "broken": _In.broken,
    "comment": _In.comment,
    "tag": _In.tag,
    "hand": _In.hand,
    "note": _In.note,
    "round": _In.round,
    "variation": _In.variation,
    "turn_play": _In.turn_play,
}


_READERS.update(dict.fromkeys(_ACTION_FIELDS, _In.action))


_COMMENT = frozenset({"comment"})


_DEALS = frozenset({"deal", "broken"})


_HEADER = frozenset({"tag", "comment"})


_HANDS = frozenset({"hand", "comment"})


_MOVES = frozenset({"comment", "round", "variation", "turn_play", *_ACTION_FIELDS})


_ANY = frozenset(_READERS)


def from_json(data: object) -> Value:
    """The model value of JSON data (as produced by :func:`to_json`).

    A ``match`` gives a :class:`~gojinotation.model.Match`, a ``deal`` a
    :class:`~gojinotation.model.Deal`, and so on for every ``"type"``.  Optional keys
    (``span``, ``irregular``, ``glyphs``, ``notes``, ``prologue``, ``hands``, ``moves``,
    ``version``) may be left out.  Lists of cards keep their order.

    >>> from_json({"type": "play", "seat": 3, "cards": ["K", "Kd"]})
    Play(seat=3, irregular=False, glyphs=(), notes=(), cards=(Card.parse('K'), Card.parse('Kd')))
    >>> from_json({"type": "deal", "header": [], "moves": []})
    Traceback (most recent call last):
    ...
    gojinotation.jsonio.JsonError: <json>: error GJN130 at /header: a deal must begin with a tag ...

    :raises JsonError: with a JSON pointer to the first bad value.
    """
    try:
        return _In().value(data, (), _ANY)  # type: ignore[no-any-return]
    except RecursionError:
        raise JsonError("", "input nested too deeply", "嵌套过深") from None


def match_from_json(data: object) -> m.Match:
    """Like :func:`from_json`, for a whole record: a ``match``, or one ``deal`` (or
    ``broken`` deal), which is wrapped in a match of one deal.

    :raises JsonError: when ``data`` is not a match or a deal.
    """
    value = _In()
    try:
        got = value.value(data, (), frozenset({"match", "deal", "broken"}))
    except RecursionError:
        raise JsonError("", "input nested too deeply", "嵌套过深") from None
    if isinstance(got, m.Match):
        return got
    return m.Match((got,), None)


def loads_json(text: str | bytes, *, filename: str = "<json>") -> Value:
    """Parse JSON text into a model value (see :func:`from_json`).

    >>> loads_json('{"type": "round", "number": 3}')
    RoundMark(number=3)
    >>> loads_json('{"type": ')
    Traceback (most recent call last):
    ...
    gojinotation.jsonio.JsonError: <json>:1:10: error GJN131: not valid JSON: Expecting value

    :raises JsonError: ``GJN131`` for text that is not JSON, ``GJN130`` for JSON that is
        not a GJN value.
    """
    try:
        with gc_paused():
            return from_json(_parse(text, filename))
    except JsonError as err:
        raise err.with_filename(filename) from None


def _parse(text: str | bytes, filename: str) -> object:
    if isinstance(text, bytes):
        data = text
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonError(
                "",
                "the file is not valid UTF-8 text",
                "文件不是有效的 UTF-8 文本",
                code=JSON_SYNTAX_CODE,
                filename=filename,
                line=data[: exc.start].count(b"\n") + 1,
                column=exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1,
            ) from None
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JsonError(
            "",
            f"not valid JSON: {exc.msg}",
            f"不是有效的 JSON：{exc.msg}",
            code=JSON_SYNTAX_CODE,
            filename=filename,
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except (ValueError, RecursionError) as exc:
        raise JsonError(
            "",
            f"not valid JSON: {exc}",
            f"不是有效的 JSON：{exc}",
            code=JSON_SYNTAX_CODE,
            filename=filename,
            line=1,
            column=1,
        ) from None


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed")


def load_json_match(text: str | bytes, *, filename: str = "<json>") -> m.Match:
    """Parse JSON text holding a match or a single deal into a match.

    :raises JsonError: as :func:`loads_json`, with ``filename`` set.
    """
    try:
        with gc_paused():
            return match_from_json(_parse(text, filename))
    except JsonError as err:
        raise err.with_filename(filename) from None
