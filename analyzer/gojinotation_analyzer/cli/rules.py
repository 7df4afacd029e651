"""``gouji rules``: list the rule profiles, show one with its citations, compare two.

Commands::

    gouji rules list [--lang en|zh] [--format text|json]
    gouji rules show PROFILE|FILE.toml [--lang en|zh] [--format text|json]
    gouji rules show --profile-file FILE.toml
    gouji rules diff A B [--lang en|zh] [--format text|json]

``PROFILE`` is a catalog id (``qingdao-standard``) or an alias (``qingdao``, ``QS``); a
name ending in ``.toml`` is a user profile file (``docs/profiles.md``), on either side of
``diff`` too.  The
language defaults to ``--lang`` of ``gouji``, else to the environment (``zh`` when
``LANG`` starts with ``zh``).  An unknown profile exits with code 2 and a message in both
languages, never a traceback.

>>> from click.testing import CliRunner
>>> r = CliRunner().invoke(rules, ["diff", "qingdao", "two-table", "--lang", "en"])
>>> print(r.output.splitlines()[0])
qingdao-standard vs two-table-654321: 12 parameters differ
>>> r = CliRunner().invoke(rules, ["show", "nope", "--lang", "en"])
>>> r.exit_code
2
>>> r = CliRunner().invoke(rules, ["diff", "samples/club-house-rules.toml", "qingdao"])
>>> print(r.output.splitlines()[0])
club-house-rules vs qingdao-standard: 3 parameters differ
>>> from gojinotation_analyzer.rules.profiles import unregister_profile
>>> unregister_profile("club-house-rules")  # the file registered it for this process
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import click

from gojinotation_analyzer.cli.main import GoujiCommand, GoujiOption, _Localized
from gojinotation_analyzer.i18n import t
from gojinotation_analyzer.rules.profiles import (
    PROFILES,
    Citation,
    Profile,
    Setting,
    diff,
    load_profile_file,
    resolve_profile,
)
from gojinotation_analyzer.rules.ruleset import PARAMETERS, RulesetError, format_value

__all__ = ["profile_file_option", "rules", "use_profile_file"]

EXIT_ERROR = 2

_F = TypeVar("_F", bound=Callable[..., Any])


def _t(key: str, lang: str, **fields: Any) -> str:
    return t(f"rules.{key}", lang, **fields)


def _env_lang() -> str:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def _lang(ctx: click.Context, given: str | None) -> str:
    if given:
        return given
    root = ctx.find_root().obj
    if isinstance(root, dict) and root.get("lang") in ("en", "zh"):
        return str(root["lang"])
    explicit = os.environ.get("GOUJI_LANG")
    if explicit in ("en", "zh"):
        return explicit
    return _env_lang()


def _fail(err: RulesetError, lang: str) -> None:
    first, second = (err.zh, err.en) if lang == "zh" else (err.en, err.zh)
    label = "错误" if lang == "zh" else "error"
    click.echo(f"gouji: {label}: {first}", err=True)
    click.echo(f"       {second}", err=True)
    raise click.exceptions.Exit(EXIT_ERROR)


def use_profile_file(path: str, lang: str) -> str:
    """Read ``--profile-file PATH`` and return its profile id (now known to every
    command); a bad file exits with code 2 and its ``file:line`` message in both
    languages."""
    try:
        return load_profile_file(path).id
    except RulesetError as err:
        _fail(err, lang)
        raise  # pragma: no cover - _fail exits


def profile_file_option() -> Callable[[_F], _F]:
    """The ``--profile-file FILE`` option shared by validate, render, simulate and rules."""
    return click.option(
        "--profile-file",
        "profile_file",
        default=None,
        metavar="FILE.toml",
        cls=GoujiOption,
        help_key="rules.help.profile_file",
    )


# ------------------------------------------------------------------ formatting


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(rows: Sequence[Sequence[str]]) -> str:
    """Columns padded by display width; the last column is not padded."""
    if not rows:
        return ""
    ncol = len(rows[0])
    widths = [max(_width(r[i]) for r in rows) for i in range(ncol - 1)]
    lines = []
    for r in rows:
        cells = [r[i] + " " * (widths[i] - _width(r[i])) for i in range(ncol - 1)]
        lines.append("  ".join([*cells, r[-1]]).rstrip())
    return "\n".join(lines)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {getattr(k, "letter", k): v for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _cite_json(c: Citation | None) -> dict[str, str] | None:
    if c is None:
        return None
    return {"file": c.file, "section": c.section, "quote": c.quote}


def _cite_text(c: Citation | None, lang: str = "zh") -> str:
    """A citation as printed: file, section, the document's readable title, quote."""
    if c is None:
        return ""
    return c.text(lang)


def _title(c: Citation, lang: str) -> str:
    title = c.title(lang)
    return "" if not title else (f"({title})" if lang == "en" else f"《{title}》")


def _prov_text(s: Setting, lang: str) -> str:
    if s.provenance == "inherited":
        text = _t("inherited", lang, origin=s.origin)
    else:
        text = _t(s.provenance, lang)
    if s.disputed:
        text += ", " + _t("disputed", lang)
    return text


def _setting_json(s: Setting) -> dict[str, Any]:
    return {
        "name": s.name,
        "value": _jsonable(s.value),
        "text": format_value(s.value),
        "provenance": s.provenance,
        "origin": s.origin,
        "citation": _cite_json(s.citation),
        "note": s.note,
        "open": s.open,
        "disputed": [
            {"value": _jsonable(r.value), "citation": _cite_json(r.citation), "note": r.note}
            for r in s.disputed
        ],
    }


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


# ------------------------------------------------------------------ commands


class _RulesGroup(_Localized, click.Group):
    """The ``rules`` group, with its help texts and usage line in the language of the run."""

    help_key: str | None = "rules.help"
    short_help_key: str | None = "rules.help"


_LANG = click.option(
    "--lang",
    cls=GoujiOption,
    help_key="rules.help.lang",
    type=click.Choice(["en", "zh"]),
    default=None,
)
_FORMAT = click.option(
    "--format",
    "fmt",
    cls=GoujiOption,
    help_key="rules.help.format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)


@click.group("rules", cls=_RulesGroup)
def rules() -> None:
    """The ``rules`` command group."""


def _profile_json(p: Profile, detail: bool = False) -> dict[str, Any]:
    """A profile as ``--format json`` prints it: ``list`` gives its names and sources,
    ``show`` (``detail``) also its summary and every parameter."""
    out: dict[str, Any] = {
        "id": p.id,
        "aliases": list(p.aliases),
        "parent": p.parent,
        "title_en": p.title_en,
        "title_zh": p.title_zh,
    }
    if detail:
        out["summary_en"] = p.summary_en
        out["summary_zh"] = p.summary_zh
    out["sources"] = [{"file": c.file, "section": c.section} for c in p.sources]
    if detail:
        out["parameters"] = [_setting_json(s) for s in p.table.values()]
    return out


@rules.command(
    "list", cls=GoujiCommand, help_key="rules.help.list", short_help_key="rules.help.list"
)
@_LANG
@_FORMAT
@click.pass_context
def list_profiles(ctx: click.Context, lang: str | None, fmt: str) -> None:
    """``gouji rules list``."""
    lang = _lang(ctx, lang)
    if fmt == "json":
        _emit_json([_profile_json(p) for p in PROFILES.values()])
        return
    rows = [[_t("id", lang), _t("aliases", lang), _t("title", lang), _t("source", lang)]]
    for p in PROFILES.values():
        title = p.title_zh if lang == "zh" else p.title_en
        rows.append([p.id, ", ".join(p.aliases), title, p.source_text()])
    click.echo(_table(rows))
    click.echo("")
    click.echo(_t("count", lang, n=len(PROFILES)))


@rules.command(
    "show", cls=GoujiCommand, help_key="rules.help.show", short_help_key="rules.help.show"
)
@click.argument("profile", required=False)
@profile_file_option()
@_LANG
@_FORMAT
@click.pass_context
def show_profile(
    ctx: click.Context, profile: str | None, profile_file: str | None, lang: str | None, fmt: str
) -> None:
    """``gouji rules show PROFILE``."""
    lang = _lang(ctx, lang)
    if profile_file is not None:
        pid = use_profile_file(profile_file, lang)
        profile = profile or pid
    if profile is None:
        _fail(RulesetError(_t("need_profile", "en"), _t("need_profile", "zh")), lang)
        return
    try:
        p = resolve_profile(profile)
    except RulesetError as err:
        _fail(err, lang)
        return
    if fmt == "json":
        _emit_json(_profile_json(p, detail=True))
        return
    title = p.title_zh if lang == "zh" else p.title_en
    click.echo(f"{p.id} — {title}")
    click.echo(f"{_t('aliases', lang)}: {', '.join(p.aliases)}")
    click.echo(f"{_t('parent', lang)}: {p.parent or _t('none', lang)}")
    titled = [f"{c.tag} {_title(c, lang)}".rstrip() for c in p.sources]
    click.echo(f"{_t('sources', lang)}: {'; '.join(titled) or p.source_text()}")
    click.echo(p.summary_zh if lang == "zh" else p.summary_en)
    click.echo("")
    rows = [[_t("param", lang), _t("value", lang), _t("provenance", lang), _t("citation", lang)]]
    for s in p.table.values():
        note = s.note if s.provenance != "inherited" else ""
        cite = "; ".join(x for x in (_cite_text(s.citation, lang), note) if x)
        rows.append([s.name, format_value(s.value), _prov_text(s, lang), cite])
    click.echo(_table(rows))


@rules.command(
    "diff", cls=GoujiCommand, help_key="rules.help.diff", short_help_key="rules.help.diff"
)
@click.argument("a")
@click.argument("b")
@profile_file_option()
@_LANG
@_FORMAT
@click.pass_context
def diff_profiles(
    ctx: click.Context, a: str, b: str, profile_file: str | None, lang: str | None, fmt: str
) -> None:
    """``gouji rules diff A B``."""
    lang = _lang(ctx, lang)
    if profile_file is not None:
        use_profile_file(profile_file, lang)
    try:
        pa, pb = resolve_profile(a), resolve_profile(b)
    except RulesetError as err:
        _fail(err, lang)
        return
    rows = diff(pa.id, pb.id)
    if fmt == "json":
        _emit_json(
            {
                "a": pa.id,
                "b": pb.id,
                "differences": [
                    {
                        "name": name,
                        "a": _jsonable(va),
                        "b": _jsonable(vb),
                        "a_text": format_value(va),
                        "b_text": format_value(vb),
                        "a_provenance": pa.table[name].provenance,
                        "b_provenance": pb.table[name].provenance,
                        "a_citation": _cite_json(ca),
                        "b_citation": _cite_json(cb),
                    }
                    for name, va, vb, ca, cb in rows
                ],
            }
        )
        return
    if not rows:
        click.echo(_t("diff.same", lang, a=pa.id, b=pb.id))
        return
    click.echo(_t("diff.head", lang, a=pa.id, b=pb.id, n=len(rows)))
    for name, va, vb, ca, cb in rows:
        desc = PARAMETERS[name].zh if lang == "zh" else PARAMETERS[name].en
        click.echo("")
        click.echo(f"{name}  ({desc})")
        for pid, value, cite, s in (
            (pa.id, va, ca, pa.table[name]),
            (pb.id, vb, cb, pb.table[name]),
        ):
            click.echo(f"  {pid}: {format_value(value)}  [{_prov_text(s, lang)}]")
            if cite is not None:
                click.echo(f"    {_cite_text(cite, lang)}")
            elif s.note:
                click.echo(f"    {s.note}")
