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

The profiles are data: each shipped profile is ``rules/data/profiles/<id>.toml``
(read by :mod:`.profile_files`; the format is in ``docs/profiles.md``), and an organiser's
house rules are a user profile file that ``extends`` a shipped one
(:func:`load_profile_file`, ``gouji validate --profile-file``).  The value types
(:class:`Citation`, :class:`Setting`, :class:`Profile` ...) live in :mod:`.provenance`.

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

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from gojinotation_analyzer.rules.profile_files import (
    SHIPPED,
    ProfileFileError,
    read_one_shipped,
    read_user_file,
)
from gojinotation_analyzer.rules.provenance import (
    PROFILES,
    SEED_FILES,
    SHIPPED_IDS,
    Citation,
    Profile,
    Provenance,
    Reading,
    Setting,
    profile_ruleset,
    register_profile,
    resolve_profile_id,
    unregister_profile,
)
from gojinotation_analyzer.rules.ruleset import (
    Ruleset,
    RulesetError,
    format_value,
    parse_overrides,
)

__all__ = [
    "DEFAULT_PROFILE",
    "PEER_READ",
    "PROFILES",
    "SEED_FILES",
    "SHIPPED",
    "Citation",
    "DeclaredRules",
    "Profile",
    "ProfileFileError",
    "Provenance",
    "Reading",
    "RulesProblem",
    "Setting",
    "declared_ruleset",
    "diff",
    "get_profile",
    "load_profile_file",
    "load_ruleset",
    "open_points",
    "register_profile",
    "resolve_profile",
    "resolve_profile_id",
    "stated_readings",
    "stated_readings_from_files",
    "unregister_profile",
]

#: Every profile by catalog id, in catalog order (the registry lives in
#: :mod:`.provenance`; a shipped profile is read from its file once, on first use).
SHIPPED_IDS.update(SHIPPED)
PROFILES.order = SHIPPED
PROFILES.loader = lambda pid: read_one_shipped(pid, PROFILES)


def get_profile(name: str) -> Profile:
    """The profile with catalog id or alias ``name``.

    >>> get_profile("taikai").title_zh
    '山东泰开2014够级比赛'
    """
    return PROFILES[resolve_profile_id(name)]


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
    return read_user_file(str(path), PROFILES)


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


def load_ruleset(profile: str = "qingdao-standard", overrides_text: str = "") -> Ruleset:
    """The :class:`Ruleset` of a profile (id or alias), with a record's overrides applied.

    ``overrides_text`` is the text of a ``[Rules "..."]`` tag (see
    :func:`gojinotation_analyzer.rules.ruleset.parse_overrides`).

    >>> load_ruleset("qingdao-bie3").bie3.enabled
    True
    >>> load_ruleset("qingdao", "bie3.enabled=on").bie3.enabled
    True
    """
    rs = profile_ruleset(resolve_profile_id(profile))
    if overrides_text.strip():
        rs = rs.with_overrides(parse_overrides(overrides_text))
    return rs


#: The profile a record without a ``[Profile]`` tag (or with an unknown one) is read under.
DEFAULT_PROFILE = "qingdao-standard"


@attrs.frozen(eq=False)
class RulesProblem:
    """A ``[Profile]`` or ``[Rules]`` tag that could not be read (or one override of it).

    :ivar tag: ``"Profile"`` or ``"Rules"``.
    :ivar error: what went wrong (with its ``param``, ``en`` and ``zh``).
    :ivar offset: where the bad override starts in the tag's value (0 for the whole tag).
    """

    tag: str
    error: RulesetError
    offset: int = 0


@attrs.frozen(eq=False)
class DeclaredRules:
    """The ruleset a record declares, as far as it can be read (:func:`declared_ruleset`).

    :ivar ruleset: the profile's ruleset with every override that could be read.
    :ivar profile: the profile id used (:data:`DEFAULT_PROFILE` for an unknown one).
    :ivar known: False when the declared profile was unknown.
    :ivar problems: what could not be read, in the order of the tags.
    """

    ruleset: Ruleset
    profile: str
    known: bool = True
    problems: tuple[RulesProblem, ...] = ()


def _override_pieces(text: str) -> Iterator[str]:
    for chunk in text.replace("\n", ";").split(";"):
        if chunk.strip():
            yield chunk


def declared_ruleset(
    declared: str | None, overrides: str = "", *, profile: str | None = None
) -> DeclaredRules:
    """The ruleset of a record's ``[Profile]`` tag (``declared``) and ``[Rules]`` tag
    (``overrides``), or of the command line's ``profile`` when given: the one reading
    of those tags that the engine and the validator share.

    An unknown declared profile is read as :data:`DEFAULT_PROFILE`; each override is read
    on its own, so that one bad override does not hide the good ones.  What could not be
    read is listed in ``problems`` (the engine reports it as R-RECORD-1, the validator as
    GJV220/GJV221).

    >>> r = declared_ruleset("qingdao", "cmp.ershayi=yes; time.limit_s=30")
    >>> r.profile, r.ruleset.time.limit_s, [(p.tag, p.offset) for p in r.problems]
    ('qingdao-standard', 30, [('Rules', 0)])
    >>> r = declared_ruleset("qingdao-standrd", "time.limit_s=20")
    >>> r.profile, r.known, r.ruleset.time.limit_s, r.problems[0].tag
    ('qingdao-standard', False, 20, 'Profile')

    :raises RulesetError: for an unknown ``profile`` (a choice the caller reports).
    """
    problems: list[RulesProblem] = []
    pid = DEFAULT_PROFILE
    known = True
    wanted = profile if profile is not None else declared
    if wanted is not None and wanted.strip():
        try:
            pid = resolve_profile_id(wanted)
        except RulesetError as exc:
            if profile is not None:
                raise
            problems.append(RulesProblem("Profile", exc))
            known = False
    rs = profile_ruleset(pid)
    values: dict[str, Any] = {}
    offset = 0
    for piece in _override_pieces(overrides):
        at = overrides.find(piece.strip(), offset)
        offset = max(offset, at + len(piece.strip())) if at >= 0 else offset
        try:
            parsed = parse_overrides(piece)
            rs.with_overrides(parsed)
        except RulesetError as exc:
            problems.append(RulesProblem("Rules", exc, max(at, 0)))
            continue
        values.update(parsed)
    if values:
        try:
            rs = rs.with_overrides(values)
        except RulesetError as exc:  # overrides that are fine alone but not together
            problems.append(RulesProblem("Rules", exc))
    return DeclaredRules(rs, pid, known, tuple(problems))


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
            readings = s.readings_text()
            result.append((name, f"disputed: {readings}; default {format_value(s.value)}{where}"))
        elif s.open:
            result.append((name, f"open: default {format_value(s.value)}: {s.note}{where}"))
    return result


#: The parameters that are neither yes/no nor a choice and whose catalog entry lists no
#: variants: where a profile leaves one open, its documented readings are the values the
#: other documents state (:func:`stated_readings`) -- a clock's limit, a scale of fines,
#: a set of event tributes.
PEER_READ = frozenset({"time.limit_s", "penalty.violation_points", "tribute.extra"})


def stated_readings(name: str) -> tuple[Reading, ...]:
    """The values the shipped profiles' own documents state for ``name``, each once (the
    first profile in catalog order that states it gives the citation): the documented
    readings of a parameter the catalog gives no variants for (:data:`PEER_READ`).

    For a :data:`PEER_READ` parameter they come from :mod:`._stated`, generated from the
    profiles' files (``python -m gojinotation_analyzer.rules.profiles --write``;
    ``tests/test_startup.py`` checks it against them), so that the engine's first open
    point does not read all twenty profiles (issue #16 item 4).

    >>> [(r.value, r.citation.tag) for r in stated_readings("time.limit_s")]
    [(30, '000§C 三3'), (15, '000§F 12'), (60, '000§L 三(3)4')]
    >>> stated_readings("time.limit_s") == stated_readings_from_files("time.limit_s")
    True
    """
    got = _STATED_CACHE.get(name)
    if got is None:
        from gojinotation_analyzer.rules import _stated

        rows = _stated.STATED.get(name)
        if rows is None:
            got = stated_readings_from_files(name)
        else:
            got = tuple(Reading(v, Citation(f, sec, q), note) for v, f, sec, q, note in rows)
        _STATED_CACHE[name] = got
    return got


_STATED_CACHE: dict[str, tuple[Reading, ...]] = {}


def stated_readings_from_files(name: str) -> tuple[Reading, ...]:
    """:func:`stated_readings` read from every shipped profile (all twenty files)."""
    out: list[Reading] = []
    for pid in SHIPPED:
        s = PROFILES[pid].own.get(name)
        if s is None or s.provenance != "stated" or s.citation is None:
            continue
        if all(r.value != s.value for r in out):
            out.append(Reading(s.value, s.citation, f"stated by {pid}"))
    return tuple(out)


def _literal(v: Any) -> str:
    """``v`` as Python source, as ruff's formatter writes it and the same in every run
    (a frozenset's items sorted)."""
    import json

    if isinstance(v, str):
        return repr(v) if '"' in v and "'" not in v else json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool | int) or v is None:
        return repr(v)
    if isinstance(v, tuple):
        items = ", ".join(_literal(x) for x in v)
        return f"({items},)" if len(v) == 1 else f"({items})"
    if isinstance(v, frozenset):
        items = ", ".join(_literal(x) for x in sorted(v, key=repr))
        return f"frozenset({{{items}}})" if v else "frozenset()"
    raise TypeError(f"no literal for {type(v).__name__}: {v!r}")


STATED_PATH = Path(__file__).with_name("_stated.py")


def stated_module() -> str:
    """The text of :mod:`._stated` for the shipped profiles' files as they are."""
    rows = []
    for name in sorted(PEER_READ):
        rows.append(f"    {_literal(name)}: (\n")
        for r in stated_readings_from_files(name):
            c = r.citation
            assert c is not None  # stated readings always have one
            fields = (r.value, c.file, c.section, c.quote, r.note)
            rows.append("        (\n" + "".join(f"            {_literal(x)},\n" for x in fields))
            rows.append("        ),\n")
        rows.append("    ),\n")
    return (
        '"""The values the shipped profiles\' documents state for each\n'
        ":data:`~gojinotation_analyzer.rules.profiles.PEER_READ` parameter: (value, file,\n"
        "section, quote, note), read by\n"
        ":func:`~gojinotation_analyzer.rules.profiles.stated_readings`.  Generated by\n"
        "``python -m gojinotation_analyzer.rules.profiles --write``; do not edit\n"
        '(``tests/test_startup.py`` checks it against the profiles\' files)."""\n\n'
        "from typing import Any\n\n"
        "STATED: dict[str, tuple[tuple[Any, str, str, str, str], ...]] = {\n"
        + "".join(rows)
        + "}\n"
    )


def main(argv: list[str] | None = None) -> int:
    """``--check``: exit 1 when :mod:`._stated` is stale; ``--write``: write it again."""
    import sys

    from gojinotation.fileio import check_or_write

    args = sys.argv[1:] if argv is None else argv
    return check_or_write(
        STATED_PATH,
        stated_module(),
        args,
        "python -m gojinotation_analyzer.rules.profiles --write",
    )


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


if __name__ == "__main__":
    raise SystemExit(main())
