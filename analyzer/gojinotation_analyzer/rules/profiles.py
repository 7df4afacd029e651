"""The rule profiles: named rulesets with a citation for every value.

A profile is a set of parameter values taken from one rules document (catalog §3).  It
names a parent and states only what its document says; everything else comes from the
parent.  The base profile, ``qingdao-standard``, gives every parameter either a cited
value or a documented default (an *open point* of the documents).

Every value of every profile has a provenance:

* ``stated`` -- the profile's own document says it (with a citation: file, section and a
  short quote fragment in the original language);
* ``inherited`` -- the document is silent and the value comes from an ancestor (named);
* ``default`` -- the documents are silent (or unreadable) where the engine needs a value:
  an open point, with the reason the default was chosen.

Where a document contradicts itself, the value is also marked *disputed*, with each
reading and its citation, so the validator can report it.

>>> rs = load_ruleset("qingdao")
>>> rs.score.place, rs.cmp.ershayi
((4, 2, 0, 0, -2, -4), 'off')
>>> load_ruleset("dian-shao-men-luo").cmp.ershayi
'two_big_beat_one_big'
>>> load_ruleset("latest-004", "time.limit_s=30").time.limit_s
30
>>> s = PROFILES["two-table-654321"].setting("pass.duitou_reentry")
>>> s.value, s.provenance, s.citation.file
(False, 'stated', '000_2cf9eb31bd48568c.txt')
>>> PROFILES["dasai-5421"].setting("cmp.ershayi").inherited_from
'qingdao-standard'
>>> get_profile("qingdao-standrd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.ruleset.RulesetError: unknown rule profile 'qingdao-standrd'; did yo...
"""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import attrs

from gojinotation_analyzer.rules.ruleset import (
    PARAMETERS,
    Ruleset,
    RulesetError,
    canonical_name,
    format_value,
    parse_overrides,
)

__all__ = [
    "PROFILES",
    "SEED_FILES",
    "SHIPPED",
    "Citation",
    "Profile",
    "ProfileFileError",
    "Reading",
    "Setting",
    "diff",
    "get_profile",
    "load_profile_file",
    "load_ruleset",
    "open_points",
    "register_profile",
    "resolve_profile",
    "resolve_profile_id",
    "unregister_profile",
]

#: The seed documents, by the three-digit tag used in citations.
SEED_FILES: dict[str, str] = {
    "000": "000_2cf9eb31bd48568c.txt",
    "001": "001_e3547c0540ab60aa.txt",
    "002": "002_db1c7cf5f153928f.txt",
    "003": "003_b61896ea16ad5424.txt",
    "004": "004_50c53f3a2c6a0c6c.txt",
}

Provenance = Literal["stated", "inherited", "default"]


@attrs.frozen
class Citation:
    """Where a value comes from: a seed file, a section inside it, and a quote fragment.

    Sections follow the catalog: ``§A``..``§P`` inside file 000, ``a``..``d`` inside 001,
    ``a``/``b`` inside 002, numbered items inside 003 and ``a``/``b``/``c`` inside 004.

    >>> c = Citation.of("000§F 6", "过牌者在这一轮里无权再出牌")
    >>> c.file, c.section
    ('000_2cf9eb31bd48568c.txt', '§F 6')
    >>> str(c)
    '000_2cf9eb31bd48568c.txt §F 6 「过牌者在这一轮里无权再出牌」'
    """

    file: str
    section: str
    quote: str

    @classmethod
    def of(cls, tag: str, quote: str) -> Citation:
        """Build from a short tag (``000§B 第六条``, ``001b``, ``004b(5)``)."""
        return cls(SEED_FILES[tag[:3]], tag[3:].strip(), quote)

    @property
    def tag(self) -> str:
        """The short tag: file number plus section (``000§B 第六条``, ``003 1``)."""
        if self.file not in SEED_FILES.values():  # a user profile file
            return f"{self.file} {self.section}".strip()
        glue = "" if self.section[:1] in ("§", "(", "a", "b", "c", "d", "") else " "
        return self.file[:3] + glue + self.section

    def __str__(self) -> str:
        return f"{self.file} {self.section} 「{self.quote}」".replace("  ", " ")


@attrs.frozen
class Reading:
    """One reading of a disputed point: a value, its citation and a remark."""

    value: Any
    citation: Citation | None
    note: str = ""


@attrs.frozen
class Setting:
    """The value of one parameter in one profile, with its provenance.

    :ivar name: parameter name.
    :ivar value: the typed value.
    :ivar provenance: ``stated``, ``inherited`` or ``default``.
    :ivar citation: the citation (for ``stated``, and for ``inherited`` values that an
        ancestor stated).
    :ivar origin: the profile that states or defaults the value.
    :ivar note: interpretation remarks, or why a default was chosen.
    :ivar disputed: the readings of a point the documents contradict (empty if none).
    :ivar open: True when the value is a default somewhere up the chain (an open point).
    """

    name: str
    value: Any
    provenance: Provenance
    citation: Citation | None
    origin: str
    note: str = ""
    disputed: tuple[Reading, ...] = ()
    open: bool = False

    @property
    def inherited_from(self) -> str | None:
        """The ancestor the value comes from (``None`` unless inherited)."""
        return self.origin if self.provenance == "inherited" else None

    @property
    def is_disputed(self) -> bool:
        """True when the documents give contradicting readings."""
        return bool(self.disputed)

    @property
    def text(self) -> str:
        """The value in override-text form."""
        return format_value(self.value)


@attrs.frozen
class Profile:
    """A named ruleset from one document (catalog §3).

    :ivar id: the catalog id (canonical).
    :ivar aliases: other accepted names.
    :ivar parent: the parent profile id (``None`` for ``qingdao-standard``).
    :ivar title_en: English title.
    :ivar title_zh: Chinese title.
    :ivar sources: the document sections the profile is drawn from.
    :ivar summary_en: one sentence on what distinguishes it.
    :ivar summary_zh: the same in Chinese.
    :ivar own: the settings the profile itself states or defaults.
    :ivar table: every parameter's resolved setting (own or inherited), in catalog order.
    :ivar file: the user profile file it was read from (``None`` for a shipped profile).
    """

    id: str
    aliases: tuple[str, ...]
    parent: str | None
    title_en: str
    title_zh: str
    sources: tuple[Citation, ...]
    summary_en: str
    summary_zh: str
    own: Mapping[str, Setting] = attrs.field(eq=False, repr=False)
    table: Mapping[str, Setting] = attrs.field(eq=False, repr=False)
    file: str | None = None

    @property
    def shipped(self) -> bool:
        """True for the profiles of the package (catalog §3), False for user files."""
        return self.file is None

    def setting(self, name: str) -> Setting:
        """The resolved setting of parameter ``name`` (dotted name)."""
        return self.table[canonical_name(name)]

    def ancestors(self) -> tuple[str, ...]:
        """Parent, grandparent, ... up to ``qingdao-standard``."""
        chain: list[str] = []
        pid = self.parent
        while pid is not None:
            chain.append(pid)
            pid = PROFILES[pid].parent
        return tuple(chain)

    def ruleset(self) -> Ruleset:
        """The profile's :class:`Ruleset`."""
        return load_ruleset(self.id)

    def source_text(self) -> str:
        """The source sections as short tags (``000§F; 000§N``)."""
        return "; ".join(dict.fromkeys(c.tag for c in self.sources))


# --------------------------------------------------------------------------------------
# Profile files (TOML; the format is documented in docs/profiles.md)
# --------------------------------------------------------------------------------------

#: The shipped profiles, in catalog order; each is ``data/profiles/<id>.toml``.
SHIPPED: tuple[str, ...] = (
    "qingdao-standard",
    "qingdao-dadian",
    "qingdao-bie3",
    "dasai-5421",
    "tiaozhanbei-2",
    "karamay-jingsai",
    "karamay-leitai",
    "two-table-654321",
    "bie3-activity",
    "fujian1-qingdao",
    "dian-shao-men-luo",
    "fujian2-zaofan",
    "taikai-2014",
    "corp-winter-2014",
    "tongsu",
    "dagang-196",
    "zhilian-qingdao",
    "saizhi-002",
    "trad-003",
    "latest-004",
)

_TOP_KEYS = ("id", "aliases", "extends", "sources", "title", "summary", "settings")
_SHIPPED_KEYS = ("value", "cite", "quote", "note", "open", "disputed")
_USER_KEYS = ("value", "quote", "note")
_READING_KEYS = ("value", "cite", "quote", "note")


class ProfileFileError(RulesetError):
    """A profile file that cannot be used; the message starts with ``file:line``.

    :ivar path: the file as named by the user.
    :ivar line: the line the error is on (``None`` when no line can be named).

    >>> err = ProfileFileError("club.toml", 3, "unknown parameter 'x'", "未知参数 'x'")
    >>> err.en, err.zh
    ("club.toml:3: unknown parameter 'x'", "club.toml:3：未知参数 'x'")
    """

    def __init__(
        self,
        path: str,
        line: int | None,
        en: str,
        zh: str,
        *,
        param: str = "",
        allowed: tuple[str, ...] = (),
    ) -> None:
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {en}", f"{where}：{zh}", param=param, allowed=allowed)
        self.path = path
        self.line = line


@attrs.frozen
class _Source:
    """The text of one profile file, for messages with line numbers."""

    path: str
    text: str
    shipped: bool

    def fail(self, line: int | None, en: str, zh: str, **kw: Any) -> ProfileFileError:
        return ProfileFileError(self.path, line, en, zh, **kw)

    def wrap(self, line: int | None, err: RulesetError) -> ProfileFileError:
        return self.fail(line, err.en, err.zh, param=err.param, allowed=err.allowed)

    def line_of(self, *keys: str) -> int | None:
        """The first line where one of ``keys`` is written as a key or a table name."""
        lines = self.text.splitlines()
        for key in keys:
            pat = re.compile(r"(^|[\s.\[\"'{,])" + re.escape(key) + r"[\"']?\s*(=|\]|\.)")
            for no, line in enumerate(lines, 1):
                if pat.search(line.split(" #", 1)[0]):
                    return no
        return None

    def line_text(self, line: int | None) -> str:
        lines = self.text.splitlines()
        return lines[line - 1].strip() if line and line <= len(lines) else ""


def _parse_toml(src: _Source) -> dict[str, Any]:
    try:
        return tomllib.loads(src.text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        what = msg[: m.start()] if m else msg
        col = f", column {m.group(2)}" if m else ""
        raise src.fail(
            line, f"TOML syntax error: {what}{col}", f"TOML 语法错误：{what}{col}"
        ) from None


def _check_keys(
    src: _Source, table: Mapping[str, Any], allowed: tuple[str, ...], where: str
) -> None:
    for key in table:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint_en = f"; did you mean {close[0]}?" if close else ""
            hint_zh = f"；是否指 {close[0]}？" if close else ""
            raise src.fail(
                src.line_of(key),
                f"unknown key {key!r} in {where}{hint_en} (allowed: {', '.join(allowed)})",
                f"{where} 中有未知的键 {key!r}{hint_zh}（允许：{'、'.join(allowed)}）",
                param=key,
                allowed=allowed,
            )


def _text(src: _Source, data: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        if key == "id" and value is None:
            raise src.fail(
                None, 'missing id (write: id = "my-club")', '缺少 id（应写：id = "my-club"）'
            )
        raise src.fail(
            src.line_of(key), f"{key} must be a text (in quotes)", f"{key} 应为带引号的文字"
        )
    return value.strip()


def _strings(src: _Source, data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise src.fail(src.line_of(key), f"{key} must be a list of texts", f"{key} 应为文字列表")
    return tuple(value)


def _bilingual(src: _Source, data: Mapping[str, Any], key: str, default: str) -> tuple[str, str]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise src.fail(
            src.line_of(key), f"[{key}] must be a table with en and zh", f"[{key}] 应含 en 与 zh"
        )
    _check_keys(src, table, ("en", "zh"), f"[{key}]")
    if src.shipped:
        return _text(src, table, "en"), _text(src, table, "zh")
    return _text(src, table, "en", default), _text(src, table, "zh", default)


def _flatten(src: _Source, table: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """``[settings]`` entries as ``(dotted name, raw)``; ``a.b = 1`` nests in TOML."""
    out: list[tuple[str, Any]] = []
    for key, raw in table.items():
        name = f"{prefix}{key}"
        known = _known(name)
        if not known and isinstance(raw, dict) and "value" not in raw:
            out += _flatten(src, raw, name + ".")
        else:
            out.append((name, raw))
    return out


def _known(name: str) -> bool:
    try:
        canonical_name(name)
    except RulesetError:
        return False
    return True


def _citation_of(src: _Source, tag: str, quote: str, line: int | None) -> Citation:
    if tag[:3] not in SEED_FILES:
        raise src.fail(
            line,
            f"cite {tag!r} names no seed document (one of {', '.join(SEED_FILES)})",
            f"cite {tag!r} 未指向任何规则文件（应为 {'、'.join(SEED_FILES)} 之一）",
        )
    return Citation.of(tag, quote)


def _readings(src: _Source, name: str, raw: Any, line: int | None) -> tuple[Reading, ...]:
    if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
        raise src.fail(
            line, f"{name}: disputed must be [[…disputed]] tables", f"{name}：disputed 格式错误"
        )
    out = []
    for r in raw:
        _check_keys(src, r, _READING_KEYS, f"{name} disputed")
        if "value" not in r:
            raise src.fail(
                line, f"{name}: a disputed reading needs a value", f"{name}：分歧读法缺少 value"
            )
        cite = r.get("cite")
        citation = _citation_of(src, cite, r.get("quote", ""), line) if cite else None
        out.append(Reading(_value(src, name, r["value"], line), citation, r.get("note", "")))
    return tuple(out)


def _value(src: _Source, name: str, raw: Any, line: int | None) -> Any:
    try:
        return _coerce(name, raw)
    except RulesetError as err:
        raise src.wrap(line, err) from None


def _setting_of(src: _Source, pid: str, name: str, raw: Any, parent: Profile | None) -> Setting:
    """One ``[settings]`` entry as a :class:`Setting` of profile ``pid``."""
    line = src.line_of(name, name.rpartition(".")[2])
    full = raw if isinstance(raw, dict) and "value" in raw else {"value": raw}
    _check_keys(src, full, _SHIPPED_KEYS if src.shipped else _USER_KEYS, name)
    note = full.get("note", "")
    if "." in name and name not in PARAMETERS:  # one entry of a map: score.bonus.shao = 2
        base, _, key = name.rpartition(".")
        if parent is None:  # pragma: no cover - only the base has no parent
            raise src.fail(line, f"{name}: no map to change", f"{name}：没有可改的映射")
        try:
            entry = PARAMETERS[base].coerce_entry(full["value"], name)
            value = parent.table[base].value.replace(PARAMETERS[base].coerce_key(key), entry)
        except RulesetError as err:
            raise src.wrap(line, err) from None
        name = base
    else:
        value = _value(src, name, full["value"], line)
    if not src.shipped:
        quote = full.get("quote") or src.line_text(line)
        cite = Citation(src.path, f"line {line}" if line else "", quote)
        return Setting(name, value, "stated", cite, pid, note, (), False)
    disputed = _readings(src, name, full.get("disputed", []), line)
    if full.get("open", False):
        if "cite" in full:
            raise src.fail(
                line,
                f"{name}: open and cite exclude each other",
                f"{name}：open 与 cite 不能同时出现",
            )
        return Setting(name, value, "default", None, pid, note, disputed, True)
    if "cite" not in full:
        raise src.fail(
            line,
            f"{name}: a stated value needs cite (or open = true for a default)",
            f"{name}：有出处的取值需要 cite（默认值写 open = true）",
        )
    cite = _citation_of(src, full["cite"], full.get("quote", ""), line)
    return Setting(name, value, "stated", cite, pid, note, disputed, False)


def _profile_of(
    src: _Source,
    data: Mapping[str, Any],
    registry: Mapping[str, Profile],
    chain: tuple[str, ...] = (),
) -> Profile:
    """Build a :class:`Profile` from the parsed TOML of one file."""
    _check_keys(src, data, _TOP_KEYS, "the profile")
    pid = _text(src, data, "id")
    if not re.fullmatch(r"[^\s\"'\[\]#=]+", pid):
        raise src.fail(
            src.line_of("id"),
            f"id {pid!r} must be one word (no spaces, quotes or brackets)",
            f"id {pid!r} 应为一个词（不含空格、引号或括号）",
        )
    aliases = _strings(src, data, "aliases")
    if not src.shipped:
        for name in (pid, *aliases):
            owner = _ALIASES.get(name.casefold())
            if owner in SHIPPED:
                raise src.fail(
                    src.line_of("id" if name == pid else "aliases"),
                    f"{name!r} is already the name of the shipped profile {owner}; choose another",
                    f"{name!r} 已是内置规则方案 {owner} 的名称，请另取一个",
                )
    parent = _parent_of(src, data, pid, registry, chain)
    own: dict[str, Setting] = {}
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise src.fail(src.line_of("settings"), "[settings] must be a table", "[settings] 应为表")
    for name, raw in _flatten(src, settings):
        line = src.line_of(name, name.rpartition(".")[2])
        try:
            canon = canonical_name(name)
        except RulesetError as err:
            raise src.wrap(line, err) from None
        base = canon if canon in PARAMETERS else canon.rpartition(".")[0]
        here = attrs.evolve(parent, table={**parent.table, **own}) if parent else None
        own[base] = _setting_of(src, pid, canon, raw, here)
    table: dict[str, Setting] = {}
    for name in PARAMETERS:
        if name in own:
            table[name] = own[name]
        elif parent is not None:
            table[name] = attrs.evolve(parent.table[name], provenance="inherited")
        else:
            raise src.fail(None, f"{pid}: no value for {name}", f"{pid}：参数 {name} 没有取值")
    ten, tzh = _bilingual(src, data, "title", pid)
    sen, szh = _bilingual(src, data, "summary", "")
    if src.shipped:
        sources = tuple(_section_citation(src, t) for t in _strings(src, data, "sources"))
    else:
        extra = tuple(Citation(s, "", "") for s in _strings(src, data, "sources"))
        sources = (Citation(src.path, "", ""), *extra)
    return Profile(
        id=pid,
        aliases=aliases,
        parent=parent.id if parent else None,
        title_en=ten,
        title_zh=tzh,
        sources=sources,
        summary_en=sen,
        summary_zh=szh,
        own=own,
        table=table,
        file=None if src.shipped else src.path,
    )


def _parent_of(
    src: _Source,
    data: Mapping[str, Any],
    pid: str,
    registry: Mapping[str, Profile],
    chain: tuple[str, ...],
) -> Profile | None:
    if "extends" not in data:
        if src.shipped and pid == SHIPPED[0]:
            return None
        raise src.fail(
            None,
            'missing extends: a profile extends a shipped one (e.g. extends = "qingdao-standard")',
            '缺少 extends：规则方案须继承一个内置方案（如 extends = "qingdao-standard"）',
        )
    line = src.line_of("extends")
    name = _text(src, data, "extends")
    here = str(Path(src.path).resolve())
    if name.casefold() == pid.casefold():
        cycle = f"{pid} -> {name}"
        raise src.fail(line, f"extends makes a cycle: {cycle}", f"extends 形成循环：{cycle}")
    if name.endswith(".toml"):
        path = Path(src.path).parent / name
        if str(path.resolve()) in (*chain, here):
            cycle = " -> ".join(Path(p).name for p in (*chain, here, str(path.resolve())))
            raise src.fail(line, f"extends makes a cycle: {cycle}", f"extends 形成循环：{cycle}")
        return _read_file(str(path), registry, (*chain, here), line, src)
    if name in registry:
        return registry[name]
    if src.shipped:  # pragma: no cover - a data error
        raise src.fail(line, f"unknown parent profile {name!r}", f"未知的上级规则方案 {name!r}")
    key = name.casefold()
    if key in _ALIASES and _ALIASES[key] in registry:
        return registry[_ALIASES[key]]
    try:
        resolve_profile_id(name)
    except RulesetError as err:
        raise src.fail(
            line,
            f"unknown parent profile in extends: {err.en}",
            f"extends 中的上级规则方案未知：{err.zh}",
            allowed=err.allowed,
        ) from None
    raise src.fail(
        line, f"unknown parent profile {name!r}", f"未知的上级规则方案 {name!r}"
    )  # pragma: no cover


def _read_file(
    path: str,
    registry: Mapping[str, Profile],
    chain: tuple[str, ...] = (),
    line: int | None = None,
    child: _Source | None = None,
) -> Profile:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        if child is not None:
            raise child.fail(
                line, f"cannot read {path}: {reason}", f"无法读取 {path}：{reason}"
            ) from None
        raise ProfileFileError(
            path, None, f"cannot read: {reason}", f"无法读取：{reason}"
        ) from None
    src = _Source(path, text, shipped=False)
    prof = _profile_of(src, _parse_toml(src), registry, chain)
    register_profile(prof)
    return prof


def _section_citation(src: _Source, tag: str) -> Citation:
    if tag[:3] not in SEED_FILES:
        raise src.fail(
            src.line_of("sources"),
            f"source {tag!r} names no seed document",
            f"来源 {tag!r} 未指向任何规则文件",
        )
    return Citation(SEED_FILES[tag[:3]], tag[3:].strip(), "")


def _coerce(name: str, value: Any) -> Any:
    param = PARAMETERS[name]
    if param.kind == "map" and isinstance(value, Mapping) and param.key_type == "str":
        value = {**dict.fromkeys(PARAMETERS[name].allowed, 0), **value}
    return param.coerce(value)


def _build() -> dict[str, Profile]:
    profiles: dict[str, Profile] = {}
    folder = resources.files("gojinotation_analyzer.rules") / "data" / "profiles"
    for pid in SHIPPED:
        path = f"data/profiles/{pid}.toml"
        src = _Source(path, (folder / f"{pid}.toml").read_text(encoding="utf-8"), shipped=True)
        prof = _profile_of(src, _parse_toml(src), profiles)
        if prof.id != pid:  # pragma: no cover - a data error
            raise src.fail(
                src.line_of("id"), f"id {prof.id} in {pid}.toml", f"{pid}.toml 的 id 为 {prof.id}"
            )
        profiles[pid] = prof
    return profiles


#: Every profile by catalog id, in catalog order.
PROFILES: dict[str, Profile] = _build()

_ALIASES: dict[str, str] = {
    alias.casefold(): p.id for p in PROFILES.values() for alias in (p.id, *p.aliases)
}


def resolve_profile_id(name: str) -> str:
    """The catalog id for a profile id or alias (case-insensitive).

    >>> resolve_profile_id("QS"), resolve_profile_id("karamay"), resolve_profile_id("004")
    ('qingdao-standard', 'karamay-jingsai', 'latest-004')

    :raises RulesetError: for an unknown name, with close matches.
    """
    key = name.strip().casefold()
    if key in _ALIASES:
        return _ALIASES[key]
    close = difflib.get_close_matches(key, list(_ALIASES), n=3, cutoff=0.6)
    suggestions = list(dict.fromkeys(_ALIASES[c] for c in close))
    hint_en = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    hint_zh = f"；是否指：{'、'.join(suggestions)}？" if suggestions else ""
    raise RulesetError(
        f"unknown rule profile {name.strip()!r}{hint_en} (see: gouji rules list)",
        f"未知的规则方案 {name.strip()!r}{hint_zh}（可用 gouji rules list 查看）",
        param="",
        allowed=tuple(suggestions),
    )


def get_profile(name: str) -> Profile:
    """The profile with catalog id or alias ``name``.

    >>> get_profile("taikai").title_zh
    '山东泰开2014够级比赛'
    """
    return PROFILES[resolve_profile_id(name)]


def register_profile(profile: Profile) -> Profile:
    """Make a user profile known by its id and aliases, like a shipped one.

    Every command, :func:`get_profile`, :func:`load_ruleset` and the validator's dispute
    notes then find it.  Registering a profile with the id of an earlier user profile
    replaces it; the shipped profiles cannot be replaced.

    :raises RulesetError: when ``profile`` is shipped or takes a shipped profile's name.
    """
    for name in (profile.id, *profile.aliases):
        owner = _ALIASES.get(name.casefold())
        if owner in SHIPPED:
            raise RulesetError(
                f"{name!r} is the name of the shipped profile {owner}",
                f"{name!r} 是内置规则方案 {owner} 的名称",
                param="",
                allowed=(),
            )
    unregister_profile(profile.id)
    PROFILES[profile.id] = profile
    for name in (profile.id, *profile.aliases):
        _ALIASES[name.casefold()] = profile.id
    _profile_ruleset.cache_clear()
    return profile


def unregister_profile(pid: str) -> None:
    """Forget the user profile ``pid`` (nothing happens for an unknown or shipped id)."""
    if pid in SHIPPED or pid not in PROFILES:
        return
    del PROFILES[pid]
    for key in [k for k, v in _ALIASES.items() if v == pid]:
        del _ALIASES[key]
    _profile_ruleset.cache_clear()


def load_profile_file(path: str | Path) -> Profile:
    """Read a user profile (TOML, see ``docs/profiles.md``) and register it.

    The file ``extends`` a shipped profile (id or alias) or another user file (a path
    ending in ``.toml``, relative to the file), and states a few parameters; each of
    them gets provenance ``stated`` with the file and line as its citation, so the
    validator treats it as settled.

    >>> club = load_profile_file("samples/club-house-rules.toml")
    >>> club.id, club.parent, club.shipped
    ('club-house-rules', 'qingdao-standard', False)
    >>> s = club.setting("time.limit_s")
    >>> s.value, s.provenance, s.citation.file, s.citation.section
    (20, 'stated', 'samples/club-house-rules.toml', 'line 16')
    >>> load_ruleset("club-house-rules").time.limit_s
    20
    >>> club.setting("pass.duitou_reentry").inherited_from
    'qingdao-standard'
    >>> unregister_profile("club-house-rules")

    :raises ProfileFileError: (a :class:`RulesetError`) with ``file:line`` for a TOML
        syntax error, an unknown parameter or key, a bad value, a missing ``id`` or
        ``extends``, an unknown parent or a cycle of ``extends``.
    """
    return _read_file(str(path), PROFILES)


def resolve_profile(name_or_path: str) -> Profile:
    """A profile by id or alias, or read from a user file (a name ending in ``.toml``).

    >>> resolve_profile("qs").id
    'qingdao-standard'
    >>> resolve_profile("samples/club-house-rules.toml").parent
    'qingdao-standard'
    >>> unregister_profile("club-house-rules")
    """
    text = name_or_path.strip()
    if text.casefold().endswith(".toml"):
        return load_profile_file(text)
    return get_profile(text)


@functools.lru_cache(maxsize=64)
def _profile_ruleset(pid: str) -> Ruleset:
    values = {name: s.value for name, s in PROFILES[pid].table.items()}
    return Ruleset().with_overrides(values)


def load_ruleset(profile: str = "qingdao-standard", overrides_text: str = "") -> Ruleset:
    """The :class:`Ruleset` of a profile (id or alias), with a record's overrides applied.

    ``overrides_text`` is the text of a ``[Rules "..."]`` tag (see
    :func:`gojinotation_analyzer.rules.ruleset.parse_overrides`).

    >>> load_ruleset("qingdao-bie3").bie3.enabled
    True
    >>> load_ruleset("qingdao", "bie3.enabled=on").bie3.enabled
    True
    """
    rs = _profile_ruleset(resolve_profile_id(profile))
    if overrides_text.strip():
        rs = rs.with_overrides(parse_overrides(overrides_text))
    return rs


def open_points(profile: str, *, own_only: bool = False) -> list[tuple[str, str]]:
    """The points a profile's documents leave open or contradict: ``(parameter, note)``.

    With ``own_only`` only the points of the profile's own document are listed;
    otherwise the points inherited from its ancestors are included too.

    >>> [p for p, _ in open_points("two-table-654321", own_only=True)]
    ['sihu_luanchan', 'score.chuan3hu']
    >>> dict(open_points("latest-004"))["open.first_method"][:9]
    'disputed:'
    """
    prof = get_profile(profile)
    result: list[tuple[str, str]] = []
    for name, s in prof.table.items():
        if own_only and s.origin != prof.id:
            continue
        where = "" if s.origin == prof.id else f" (from {s.origin})"
        if s.disputed:
            readings = "; ".join(
                f"{format_value(r.value)}"
                + (f" [{r.citation.tag}]" if r.citation else "")
                + (f" {r.note}" if r.note else "")
                for r in s.disputed
            )
            result.append((name, f"disputed: {readings}; default {format_value(s.value)}{where}"))
        elif s.open:
            result.append((name, f"open: default {format_value(s.value)}: {s.note}{where}"))
    return result


def diff(a: str, b: str) -> list[tuple[str, Any, Any, Citation | None, Citation | None]]:
    """Where two profiles differ: ``(parameter, value_a, value_b, citation_a, citation_b)``.

    >>> [(n, x, y) for n, x, y, _, _ in diff("qingdao", "two-table-654321")][:1]
    [('open.first_method', 'draw_count_ccw', 'fixed_seat1')]
    >>> diff("qingdao", "two-table-654321")[0][4].section
    '§F 1'
    """
    pa, pb = get_profile(a), get_profile(b)
    return [
        (name, sa.value, pb.table[name].value, sa.citation, pb.table[name].citation)
        for name, sa in pa.table.items()
        if sa.value != pb.table[name].value
    ]
