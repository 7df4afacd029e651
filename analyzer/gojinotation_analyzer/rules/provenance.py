"""Where a rule value comes from: seed citations, settings and profiles.

The value types of :mod:`gojinotation_analyzer.rules.profiles` (which re-exports them):
a :class:`Citation` of a seed document, the :class:`Setting` of one parameter in one
profile with its provenance, the :class:`Reading` of a disputed point, and the
:class:`Profile` itself.  The files they are read from are handled by
:mod:`.profile_files`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any, Literal

import attrs

from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError, canonical_name, format_value

__all__ = [
    "PROFILES",
    "SEED_FILES",
    "SHIPPED_IDS",
    "Citation",
    "Profile",
    "Provenance",
    "Reading",
    "Setting",
    "profile_ruleset",
    "register_profile",
    "resolve_profile_id",
    "source_parts",
    "source_title",
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


@functools.cache
def _source_titles() -> dict[str, Any]:
    """``rules/data/sources.toml``: the seed files' titles, by tag."""
    import tomllib
    from importlib import resources

    text = resources.files("gojinotation_analyzer.rules").joinpath("data/sources.toml")
    files: dict[str, Any] = tomllib.loads(text.read_text("utf-8"))["files"]
    return files


def _section_key(tag: str, section: str) -> str:
    """The part of a file a section names: ``§F`` of ``§F 6``, ``b`` of ``b(14)``."""
    section = section.strip()
    if tag == "000":
        key = section[:3] if section[2:3] == "′" else section[:2]
        return key if key.startswith("§") else ""
    return section[:1] if section[:1] in "abcd" and section[1:2] in ("", " ", "(") else ""


def source_parts(tag: str) -> tuple[str, ...]:
    """The parts of seed document ``tag`` that have their own title.

    >>> source_parts("002"), source_parts("003")
    (('a', 'b'), ())
    """
    return tuple(_source_titles().get(tag, {}).get("sections", {}))


def source_title(file: str, section: str = "", lang: str = "zh") -> str:
    """The readable title of a seed document (or of the part ``section`` cites), in
    ``lang`` (``zh``: the document's own title; ``en``: a description); ``""`` for a
    file that is not a seed document (a user profile).

    >>> source_title("000_2cf9eb31bd48568c.txt", "§F 6")
    '够级比赛规则／够级比赛大纲（两桌）'
    >>> source_title("001_e3547c0540ab60aa.txt", "b 2", "en")
    'Qingdao rules: the base rules'
    >>> source_title("003_b61896ea16ad5424.txt", "(3)"), source_title("club.toml")
    ('夠級比賽規則', '')
    """
    tag = next((t for t, f in SEED_FILES.items() if f == file), None)
    if tag is None:
        return ""
    entry = _source_titles().get(tag, {})
    part = entry.get("sections", {}).get(_section_key(tag, section))
    chosen = part if part is not None else entry
    return str(chosen.get("en" if lang == "en" else "zh", ""))


@attrs.frozen
class Citation:
    """Where a value comes from: a seed file, a section inside it, and a quote fragment.

    Sections follow the catalog: ``§A``..``§P`` inside file 000, ``a``..``d`` inside 001,
    ``a``/``b`` inside 002, numbered items inside 003 and ``a``/``b``/``c`` inside 004.

    >>> c = Citation.of("000§F 6", "过牌者无权再出牌")
    >>> c.file, c.section
    ('000_2cf9eb31bd48568c.txt', '§F 6')
    >>> str(c)
    '000_2cf9eb31bd48568c.txt §F 6 《够级比赛规则／够级比赛大纲（两桌）》 「过牌者无权再出牌」'
    >>> c.text("en")[30:]
    '(tournament rules for two tables (1#/2#)) 「过牌者无权再出牌」'
    >>> c.tag, Citation("club.toml", "line 7", "").tag
    ('000§F 6', 'club.toml line 7')
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

    def title(self, lang: str = "zh") -> str:
        """The readable title of the document (or part) cited (:func:`source_title`)."""
        return source_title(self.file, self.section, lang)

    def text(self, lang: str = "zh") -> str:
        """File, section, the title (《…》 in Chinese, in brackets in English), quote."""
        title = self.title(lang)
        if title:
            title = f"《{title}》" if lang != "en" else f"({title})"
        quote = f"「{self.quote}」" if self.quote else ""
        return " ".join(p for p in (self.file, self.section, title, quote) if p)

    def __str__(self) -> str:
        return self.text("zh")


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

    def readings_text(
        self,
        value: Callable[[Any], str] = format_value,
        cite: Callable[[Citation], str] = lambda c: f"[{c.tag}]",
        note: Callable[[str], str] = str,
    ) -> str:
        """The readings of a disputed point, ``; ``-separated: each value, then its
        citation and remark when it has them (each written by the function given, e.g.
        as Markdown by the rulebook)."""
        return "; ".join(
            value(r.value)
            + (f" {cite(r.citation)}" if r.citation else "")
            + (f" {note(r.note)}" if r.note else "")
            for r in self.disputed
        )


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
        return profile_ruleset(self.id)

    def source_text(self) -> str:
        """The source sections as short tags (``000§F; 000§N``)."""
        return "; ".join(dict.fromkeys(c.tag for c in self.sources))


# ------------------------------------------------------------------ the registry


class _Registry(dict[str, Profile]):
    """:data:`PROFILES`: a dict whose shipped profiles are read on first use, each with its
    ancestors (``gouji fmt`` and a validation under one profile read one or two of the
    twenty files, not all: issue #16's start-up), and all of them, in catalog order, as
    soon as the registry is walked (``values()``, ``len()``, iteration) or an alias is
    looked up.  ``loader`` (set by :mod:`.profiles`) reads one shipped profile."""

    loader: Callable[[str], Profile] | None = None
    order: tuple[str, ...] = ()
    complete = False

    def __missing__(self, key: str) -> Profile:
        if self.loader is not None and key in SHIPPED_IDS:
            prof = self.loader(key)
            dict.__setitem__(self, key, prof)
            for name in (prof.id, *prof.aliases):
                _ALIASES[name.casefold()] = prof.id
            return prof
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or (self.loader is not None and key in SHIPPED_IDS)

    def load_all(self) -> None:
        """Read every shipped profile not read yet; keep the catalog order (the shipped
        ones first, then the user profiles in the order they were registered)."""
        if self.complete or self.loader is None:
            return
        for pid in self.order:
            self[pid]  # __missing__ reads it
        users = [(k, v) for k, v in dict.items(self) if k not in SHIPPED_IDS]
        shipped = [(k, dict.__getitem__(self, k)) for k in self.order]
        dict.clear(self)
        dict.update(self, shipped)
        dict.update(self, users)
        self.complete = True

    def __iter__(self) -> Iterator[str]:
        self.load_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self.load_all()
        return dict.__len__(self)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        self.load_all()
        return dict.keys(self)

    def values(self) -> ValuesView[Profile]:  # type: ignore[override]
        self.load_all()
        return dict.values(self)

    def items(self) -> ItemsView[str, Profile]:  # type: ignore[override]
        self.load_all()
        return dict.items(self)


#: Every known profile by catalog id, in catalog order: the shipped ones (read from
#: their files by :mod:`.profiles` on first use) and the user profiles registered since.
PROFILES: _Registry = _Registry()

#: Every name a known profile answers to (casefolded) -> its id (complete once
#: :meth:`_Registry.load_all` ran: :func:`all_aliases`).
_ALIASES: dict[str, str] = {}

#: The ids of the shipped profiles, which a user profile cannot replace.
SHIPPED_IDS: set[str] = set()


def all_aliases() -> dict[str, str]:
    """:data:`_ALIASES` with every shipped profile's aliases in it (the files read)."""
    PROFILES.load_all()
    return _ALIASES


def resolve_profile_id(name: str) -> str:
    """The catalog id for a profile id or alias (case-insensitive).

    >>> resolve_profile_id("QS"), resolve_profile_id("karamay"), resolve_profile_id("004")
    ('qingdao-standard', 'karamay-jingsai', 'latest-004')

    :raises RulesetError: for an unknown name, with close matches.
    """
    key = name.strip().casefold()
    if key in _ALIASES:
        return _ALIASES[key]
    if key in SHIPPED_IDS:  # a shipped id, not read yet: no file needs reading
        return key
    if key in all_aliases():
        return _ALIASES[key]
    import difflib  # an unknown name only (start-up)

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


def register_profile(profile: Profile) -> Profile:
    """Make a user profile known by its id and aliases, like a shipped one.

    Every command, :func:`get_profile`, :func:`load_ruleset` and the validator's dispute
    notes then find it.  Registering a profile with the id of an earlier user profile
    replaces it; the shipped profiles cannot be replaced.

    >>> import attrs
    >>> from gojinotation_analyzer.rules.profiles import get_profile
    >>> mine = attrs.evolve(get_profile("qs"), id="my-house", aliases=(), file="my.toml")
    >>> register_profile(mine) is get_profile("MY-HOUSE")
    True
    >>> unregister_profile("my-house"); "my-house" in PROFILES
    False
    >>> register_profile(get_profile("qs"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gojinotation_analyzer.rules.ruleset.RulesetError: 'qingdao-standard' is the name of the...

    :raises RulesetError: when ``profile`` is shipped or takes a shipped profile's name.
    """
    for name in (profile.id, *profile.aliases):
        owner = all_aliases().get(name.casefold())
        if owner in SHIPPED_IDS:
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
    profile_ruleset.cache_clear()
    return profile


def unregister_profile(pid: str) -> None:
    """Forget the user profile ``pid`` (nothing happens for an unknown or shipped id)."""
    if pid in SHIPPED_IDS or pid not in PROFILES:
        return
    del PROFILES[pid]
    for key in [k for k, v in _ALIASES.items() if v == pid]:
        del _ALIASES[key]
    profile_ruleset.cache_clear()


@functools.lru_cache(maxsize=64)
def profile_ruleset(pid: str) -> Ruleset:
    """The :class:`Ruleset` of the known profile ``pid`` (cached)."""
    values = {name: s.value for name, s in PROFILES[pid].table.items()}
    return Ruleset().with_overrides(values)
