"""Profile files: the TOML data of the shipped profiles and organisers' user profiles.

The format (every key) is documented in ``docs/profiles.md``.  :func:`read_shipped` builds
the shipped profiles from ``data/profiles/<id>.toml`` in catalog order; :func:`read_user_file`
reads an organiser's file that ``extends`` a shipped profile (or another user file) and
registers it with :mod:`gojinotation_analyzer.rules.profiles`.  Every problem of a file is a
:class:`ProfileFileError` whose message starts with ``file:line``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from gojinotation_analyzer.rules.provenance import (
    SEED_FILES,
    Citation,
    Profile,
    Reading,
    Setting,
    all_aliases,
    register_profile,
    resolve_profile_id,
)
from gojinotation_analyzer.rules.ruleset import PARAMETERS, RulesetError, canonical_name

__all__ = ["SHIPPED", "ProfileFileError", "read_one_shipped", "read_shipped", "read_user_file"]

_At = Callable[[], "int | None"]


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
            import difflib  # a misspelt key only (start-up)

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


def _citation_of(src: _Source, tag: str, quote: str, at: _At) -> Citation:
    if tag[:3] not in SEED_FILES:
        raise src.fail(
            at(),
            f"cite {tag!r} names no seed document (one of {', '.join(SEED_FILES)})",
            f"cite {tag!r} 未指向任何规则文件（应为 {'、'.join(SEED_FILES)} 之一）",
        )
    return Citation.of(tag, quote)


def _readings(src: _Source, name: str, raw: Any, at: _At) -> tuple[Reading, ...]:
    if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
        raise src.fail(
            at(), f"{name}: disputed must be [[…disputed]] tables", f"{name}：disputed 格式错误"
        )
    out = []
    for r in raw:
        _check_keys(src, r, _READING_KEYS, f"{name} disputed")
        if "value" not in r:
            raise src.fail(
                at(), f"{name}: a disputed reading needs a value", f"{name}：分歧读法缺少 value"
            )
        cite = r.get("cite")
        citation = _citation_of(src, cite, r.get("quote", ""), at) if cite else None
        out.append(Reading(_value(src, name, r["value"], at), citation, r.get("note", "")))
    return tuple(out)


def _value(src: _Source, name: str, raw: Any, at: _At) -> Any:
    try:
        return _coerce(name, raw)
    except RulesetError as err:
        raise src.wrap(at(), err) from None


def _setting_of(
    src: _Source, pid: str, name: str, raw: Any, parent: Mapping[str, Setting] | None
) -> Setting:
    """One ``[settings]`` entry as a :class:`Setting` of profile ``pid``; ``parent`` is the
    table the entry changes (for one entry of a map)."""

    def at() -> int | None:  # the line, looked up only when needed (errors, user files)
        return src.line_of(name, name.rpartition(".")[2])

    full = raw if isinstance(raw, dict) and "value" in raw else {"value": raw}
    _check_keys(src, full, _SHIPPED_KEYS if src.shipped else _USER_KEYS, name)
    note = full.get("note", "")
    if "." in name and name not in PARAMETERS:  # one entry of a map: score.bonus.shao = 2
        base, _, key = name.rpartition(".")
        if parent is None:  # pragma: no cover - only the base has no parent
            raise src.fail(at(), f"{name}: no map to change", f"{name}：没有可改的映射")
        try:
            entry = PARAMETERS[base].coerce_entry(full["value"], name)
            value = parent[base].value.replace(PARAMETERS[base].coerce_key(key), entry)
        except RulesetError as err:
            raise src.wrap(at(), err) from None
        name = base
    else:
        value = _value(src, name, full["value"], at)
    if not src.shipped:
        line = at()
        quote = full.get("quote") or src.line_text(line)
        cite = Citation(src.path, f"line {line}" if line else "", quote)
        return Setting(name, value, "stated", cite, pid, note, (), False)
    disputed = _readings(src, name, full.get("disputed", []), at)
    if full.get("open", False):
        if "cite" in full:
            raise src.fail(
                at(),
                f"{name}: open and cite exclude each other",
                f"{name}：open 与 cite 不能同时出现",
            )
        return Setting(name, value, "default", None, pid, note, disputed, True)
    if "cite" not in full:
        raise src.fail(
            at(),
            f"{name}: a stated value needs cite (or open = true for a default)",
            f"{name}：有出处的取值需要 cite（默认值写 open = true）",
        )
    cite = _citation_of(src, full["cite"], full.get("quote", ""), at)
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
            owner = all_aliases().get(name.casefold())
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
        try:
            canon = canonical_name(name)
        except RulesetError as err:
            raise src.wrap(src.line_of(name, name.rpartition(".")[2]), err) from None
        base = canon if canon in PARAMETERS else canon.rpartition(".")[0]
        here = {**parent.table, **own} if parent and base != canon else None
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
        return read_user_file(str(path), registry, (*chain, here), line, src)
    if name in registry:
        return registry[name]
    if src.shipped:  # pragma: no cover - a data error
        raise src.fail(line, f"unknown parent profile {name!r}", f"未知的上级规则方案 {name!r}")
    key, aliases = name.casefold(), all_aliases()
    if key in aliases and aliases[key] in registry:
        return registry[aliases[key]]
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


def read_user_file(
    path: str,
    registry: Mapping[str, Profile],
    chain: tuple[str, ...] = (),
    line: int | None = None,
    child: _Source | None = None,
) -> Profile:
    """Read the user profile file ``path``, resolve its parent in ``registry`` (or read the
    parent file it names) and register it; ``chain``, ``line`` and ``child`` are the files
    that led here (for cycles and messages).  Use
    :func:`gojinotation_analyzer.rules.profiles.load_profile_file`.

    >>> read_user_file("no/such.toml", {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gojinotation_analyzer.rules.profile_files.ProfileFileError: no/such.toml: cannot read: ...
    """
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
    registered: Profile = register_profile(prof)
    return registered


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


def read_shipped() -> dict[str, Profile]:
    """The shipped profiles by id, in catalog order (:data:`SHIPPED`).

    >>> shipped = read_shipped()
    >>> list(shipped) == list(SHIPPED), shipped["latest-004"].parent
    (True, 'qingdao-standard')
    """
    profiles: dict[str, Profile] = {}
    for pid in SHIPPED:
        profiles[pid] = read_one_shipped(pid, profiles)
    return profiles


def _shipped_text(pid: str) -> str:
    """The text of the shipped profile ``pid``: beside this module when the package is a
    folder (no :mod:`importlib.resources`, which imports ``tempfile``, ``zipfile`` …:
    start-up), else through :mod:`importlib.resources` (a zipped package)."""
    name = f"{pid}.toml"
    try:
        return (Path(__file__).parent / "data" / "profiles" / name).read_text(encoding="utf-8")
    except OSError:
        from importlib import resources

        folder = resources.files("gojinotation_analyzer.rules") / "data" / "profiles"
        return (folder / name).read_text(encoding="utf-8")


def read_one_shipped(pid: str, registry: Mapping[str, Profile]) -> Profile:
    """The shipped profile ``pid``, read from its file; its parent is looked up in
    ``registry`` (the lazy registry reads it then, if not read before).

    >>> read_one_shipped("qingdao-standard", {}).parent is None
    True
    """
    path = f"data/profiles/{pid}.toml"
    src = _Source(path, _shipped_text(pid), shipped=True)
    prof = _profile_of(src, _parse_toml(src), registry)
    if prof.id != pid:  # pragma: no cover - a data error
        raise src.fail(
            src.line_of("id"), f"id {prof.id} in {pid}.toml", f"{pid}.toml 的 id 为 {prof.id}"
        )
    return prof
