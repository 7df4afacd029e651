"""The rulebook: every rule id of the engine, stated in our own words with its sources.

Rule ids are stable (``docs/CONTRACTS.md``): an id is never renamed or dropped.  Each
:class:`Rule` gives a title and a one-paragraph statement in English and Chinese, the
passages of the seed documents it rests on, and the ruleset parameters that change it.
The rule texts are data: ``rules/data/rulebook.toml`` (read with :mod:`tomllib`).

>>> r = rule("R-JOKER-6")
>>> r.topic, r.title_en
('T5', 'Two 大王 beat one (二杀一)')
>>> "cmp.ershayi" in r.parameters
True
>>> rule("R-NOPE-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.rulebook.UnknownRuleError: unknown rule id 'R-NOPE-1'...

``python -m rules.rulebook --markdown`` prints ``docs/rules.md`` (the tables come from
:mod:`rules.ruleset` and :mod:`gojinotation_analyzer.rules.profiles`, the prose from
``data/rulebook.toml``);
``--check`` exits 1 when the file is out of date, ``--write`` rewrites it.
"""

from __future__ import annotations

import argparse
import difflib
import sys
import tomllib
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path

import attrs

from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules.profiles import (
    PEER_READ,
    PROFILES,
    SEED_FILES,
    Citation,
    Profile,
    Setting,
    open_points,
    stated_readings,
)
from gojinotation_analyzer.rules.provenance import source_parts, source_title
from gojinotation_analyzer.rules.ruleset import PARAMETERS, Parameter, format_value

__all__ = [
    "ADDED_RULE_IDS",
    "RULES",
    "Rule",
    "UnknownRuleError",
    "markdown",
    "rule",
    "rules_for_parameter",
]


class UnknownRuleError(GoujiError):
    """A rule id that the rulebook does not know.

    :ivar rule_id: the id asked for.
    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    """

    def __init__(self, rule_id: str, suggestions: Sequence[str] = ()) -> None:
        hint_en = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        hint_zh = f"；是否指：{'、'.join(suggestions)}？" if suggestions else ""
        self.rule_id = rule_id
        self.en = f"unknown rule id {rule_id!r}{hint_en}"
        self.zh = f"未知的规则编号 {rule_id!r}{hint_zh}"
        super().__init__(self.en)


@attrs.frozen
class Rule:
    """One rule of the rulebook.

    :ivar id: stable id (``R-BURN-3``).
    :ivar topic: catalog topic (``T14``).
    :ivar title_en: short English title (Chinese terms kept beside).
    :ivar title_zh: short Chinese title.
    :ivar text_en: what the rule says, one paragraph, in our own words.
    :ivar text_zh: the same in Chinese.
    :ivar sources: the seed passages it rests on (empty for project rules).
    :ivar parameters: the ruleset parameters that modify it.
    """

    id: str
    topic: str
    title_en: str
    title_zh: str
    text_en: str
    text_zh: str
    sources: tuple[Citation, ...]
    parameters: tuple[str, ...]

    @property
    def anchor(self) -> str:
        """The anchor of the rule's heading in ``docs/rules.md``."""
        return self.id.lower()


#: Rule ids this module adds beyond ``docs/CONTRACTS.md``.
ADDED_RULE_IDS: tuple[str, ...] = ("R-RANK-1", "R-VOCAB-1")


def _build_rules() -> dict[str, Rule]:
    """The rules of ``data/rulebook.toml``, each with the parameters that modify it."""
    by_rule: dict[str, list[str]] = {}
    for p in PARAMETERS.values():
        by_rule.setdefault(p.rule_id, []).append(p.name)
    text = (resources.files("gojinotation_analyzer.rules") / "data" / "rulebook.toml").read_text(
        encoding="utf-8"
    )
    rules: dict[str, Rule] = {}
    for item in tomllib.loads(text)["rule"]:
        rid = item["id"]
        sources = tuple(Citation.of(c["cite"], c["quote"]) for c in item["sources"])
        params = tuple(dict.fromkeys([*by_rule.get(rid, []), *item["parameters"]]))
        rules[rid] = Rule(
            rid,
            item["topic"],
            item["title_en"],
            item["title_zh"],
            item["text_en"],
            item["text_zh"],
            sources,
            params,
        )
    return rules


#: Every rule, by id, in rulebook order.
RULES: dict[str, Rule] = _build_rules()


def rule(rule_id: str) -> Rule:
    """The rule with ``rule_id`` (case-insensitive).

    :raises UnknownRuleError: for an unknown id, with close matches.
    """
    key = rule_id.strip().upper()
    if key in RULES:
        return RULES[key]
    raise UnknownRuleError(rule_id, difflib.get_close_matches(key, list(RULES), n=3))


def rules_for_parameter(name: str) -> list[Rule]:
    """The rules a parameter modifies.

    >>> [r.id for r in rules_for_parameter("score.bonus")]
    ['R-JOKER-6', 'R-KAIDIAN-5', 'R-SCORE-4']
    """
    return [r for r in RULES.values() if name in r.parameters]


# --------------------------------------------------------------------------------------
# docs/rules.md
# --------------------------------------------------------------------------------------

DOC_PATH = Path(__file__).resolve().parents[3] / "docs" / "rules.md"

_PROV_MD = {"stated": "stated", "inherited": "inherited", "default": "**default**"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _value_md(value: object) -> str:
    text = format_value(value)
    return f"`{_cell(text)}`"


def _cite_md(c: Citation | None) -> str:
    if c is None:
        return ""
    quote = f" 「{_cell(c.quote)}」" if c.quote else ""
    title = c.title("zh")
    title = f" 《{_cell(title)}》" if title else ""
    return f"`{c.file}` {_cell(c.section)}{title}{quote}"


def _param_link(name: str) -> str:
    return f"[`{name}`](#p-{name.replace('.', '-').replace('_', '-')})"


def _setting_prov(s: Setting) -> str:
    text = _PROV_MD[s.provenance]
    if s.provenance == "inherited":
        text += f" from [`{s.origin}`](#profile-{s.origin})"
        if s.open:
            text += " (default there)"
    if s.disputed:
        text += " · **disputed**"
    return text


def _setting_source(s: Setting) -> str:
    if s.provenance == "inherited":
        # the full citation and note are in the ancestor's table (linked)
        return _cell(s.citation.tag) if s.citation else "—"
    parts = []
    if s.citation is not None:
        parts.append(_cite_md(s.citation))
    if s.note:
        parts.append(_cell(s.note))
    return "; ".join(parts)


def _rule_md(r: Rule) -> list[str]:
    out = [f'<a id="{r.anchor}"></a>', f"### {r.id} — {r.title_en} ({r.title_zh})", ""]
    out += [f"Topic {r.topic}.", "", r.text_en, "", r.text_zh, ""]
    if r.sources:
        out.append("Sources:")
        out += [f"- {_cite_md(c)}" for c in r.sources]
    else:
        out.append("Sources: none (a project rule).")
    out.append("")
    if r.parameters:
        out.append("Parameters: " + ", ".join(_param_link(p) for p in r.parameters))
        out.append("")
    return out


def _parameter_md(p: Parameter) -> str:
    anchor = f'<a id="p-{p.name.replace(".", "-").replace("_", "-")}"></a>'
    no = "added" if p.catalog_no is None else str(p.catalog_no)
    return (
        f"| {anchor}`{p.name}` | {p.type_text()} | {_cell(p.allowed_text())} | "
        f"{_value_md(p.default)} | {p.topic} | [{p.rule_id}](#{p.rule_id.lower()}) | {no} | "
        f"{_cell(p.en)}<br>{_cell(p.zh)} |"
    )


def _profile_md(p: Profile) -> list[str]:
    out = [f'<a id="profile-{p.id}"></a>', f"### `{p.id}` — {p.title_en} ({p.title_zh})", ""]
    out.append(f"- Aliases: {', '.join(f'`{a}`' for a in p.aliases)}")
    out.append(f"- Parent: {f'`{p.parent}`' if p.parent else 'none (the base profile)'}")
    out.append(
        "- Sources: "
        + ", ".join(
            f"`{c.file}` {c.section} 《{c.title('zh')}》".replace(" 《》", "").replace("  ", " ")
            for c in p.sources
        )
    )
    out += ["", p.summary_en, "", p.summary_zh, ""]
    out.append("| Parameter | Value | Provenance | Citation / note |")
    out.append("|---|---|---|---|")
    for name, s in p.table.items():
        out.append(
            f"| `{name}` | {_value_md(s.value)} | {_setting_prov(s)} | {_setting_source(s)} |"
        )
    out.append("")
    return out


def _shipped() -> list[Profile]:
    """The shipped profiles (a user profile registered in this process is not listed)."""
    return [p for p in PROFILES.values() if p.shipped]


def _open_points_md() -> list[str]:
    out: list[str] = []
    for p in _shipped():
        rows = [(n, PROFILES[p.id].table[n]) for n, _ in open_points(p.id, own_only=True)]
        if not rows:
            continue
        out.append(f"#### `{p.id}`")
        out.append("")
        out.append("| Parameter | Default chosen | Why / readings |")
        out.append("|---|---|---|")
        for name, s in rows:
            why = _cell(s.note)
            if s.disputed:
                readings = s.readings_text(_value_md, lambda c: f"({_cite_md(c)})", _cell)
                why = f"**disputed**: {readings}" + (f". {why}" if why else "")
            elif name in PEER_READ:
                peers = "; ".join(
                    f"{_value_md(r.value)} ({_cite_md(r.citation)})"
                    for r in stated_readings(name)
                    if r.citation is not None and r.value != s.value
                )
                why += f" Readings (the values other documents state): {peers}."
            out.append(f"| `{name}` | {_value_md(s.value)} | {why} |")
        out.append("")
    return out


def _engine_readings_md() -> list[str]:
    from gojinotation_analyzer.rules.readings import ENGINE_DEFAULTS

    out = [
        "#### Engine readings",
        "",
        "Where the documents are silent on how a record is judged, or a record cannot show "
        "what the rule asks, the engine reads it as follows (`gojinotation_analyzer.engine."
        "ENGINE_DEFAULTS`); a Dispute or Notice is reported where the reading decides.",
        "",
        "| Point | Reading |",
        "|---|---|",
    ]
    out += [f"| `{k}` | {_cell(v)} |" for k, v in sorted(ENGINE_DEFAULTS.items())]
    out.append("")
    return out


def markdown() -> str:
    """The full text of ``docs/rules.md``, generated from the rulebook and the profiles."""
    out = [
        "# The Gouji rulebook (够级规则)",
        "",
        "<!-- Generated by `python -m gojinotation_analyzer.rules.rulebook --write`; "
        "do not edit by hand. -->",
        "",
        "This is gojinotation's rulebook: the rules of 够级 in our own words, with the Chinese "
        "terms beside them. Every rule cites the seed documents it rests on by file name, "
        "section and a short quote in the original language. The parameter and profile "
        "tables are generated from `rules/ruleset.py` and the profile data files "
        "`rules/data/profiles/*.toml` (in `analyzer/gojinotation_analyzer/`; their format, "
        "and how organisers add house rules, is in [`profiles.md`](profiles.md)), the prose "
        "from `rules/data/rulebook.toml`, so the documentation and the engine cannot drift "
        "apart.",
        "",
        "Seed documents:",
        "",
    ]
    out += [
        f"- `{f}` (cited as {tag}): 《{source_title(f)}》 — {source_title(f, lang='en')}"
        for tag, f in SEED_FILES.items()
    ]
    out += [
        "",
        "| cited as | title | what it is |",
        "|---|---|---|",
    ]
    out += [
        f"| {tag}{sec} | 《{source_title(f, sec)}》 | {source_title(f, sec, 'en')} |"
        for tag, f in SEED_FILES.items()
        for sec in source_parts(tag)
    ]
    out += [
        "",
        "Sections inside `000_2cf9eb31bd48568c.txt` are §A–§P (separate documents in one "
        "compilation); `001`, `002` and `004` have parts a, b, c, d; `003` has numbered items.",
        "",
        "Contents: [Rules](#rules) · [Parameters](#parameters) · [Profiles](#profiles) · "
        "[Open points](#open-points)",
        "",
        "## Rules",
        "",
    ]
    for r in RULES.values():
        out += _rule_md(r)
    out += [
        "## Parameters",
        "",
        "Every point of variation is a parameter of "
        "`gojinotation_analyzer.rules.ruleset.Ruleset`; its attribute path is the dotted "
        "name (`pass` and `return` are spelled `pass_` and `return_`). A "
        'record changes parameters with `[Rules "name=value; ..."]`. Defaults are the '
        "`qingdao-standard` values. *No.* is the row of the research catalog's parameter "
        "table; *added* marks parameters this project added where the documents leave a "
        "point open that the engine needs.",
        "",
        "| Parameter | Type | Allowed values | Default | Topic | Rule | No. | Description |",
        "|---|---|---|---|---|---|---|---|",
    ]
    out += [_parameter_md(p) for p in PARAMETERS.values()]
    out += [
        "",
        "## Profiles",
        "",
        "A profile is the ruleset of one document. It names a parent and states only what "
        "its document says. *stated* values cite the profile's own document; *inherited* "
        "values come from the named ancestor (with the ancestor's citation); **default** "
        "values are open points: the documents are silent and the note says why the value "
        "was chosen. **disputed** marks a point the document contradicts; every reading is "
        "listed under [Open points](#open-points).",
        "",
        "| Profile | Aliases | Parent | Title | Sources |",
        "|---|---|---|---|---|",
    ]
    for p in _shipped():
        out.append(
            f"| [`{p.id}`](#profile-{p.id}) | {', '.join(f'`{a}`' for a in p.aliases)} | "
            f"{f'`{p.parent}`' if p.parent else '—'} | {p.title_en}<br>{p.title_zh} | "
            f"{_cell(p.source_text())} |"
        )
    out.append("")
    for p in _shipped():
        out += _profile_md(p)
    out += [
        "## Open points",
        "",
        "Every point the documents leave open (**default**) or contradict (**disputed**), "
        "listed under the profile whose document leaves it open, with the default chosen and "
        "why. A profile also inherits its ancestors' open points (`gojinotation_analyzer.rules."
        "profiles.open_points`).",
        "",
        "How an open point reaches a verdict: when the engine would rule an action illegal "
        "because of a parameter that is open or disputed in the record's profile, it judges "
        "the action again under each documented reading (the readings listed below, else the "
        "parameter's other values); if one accepts it, the validator reports a dispute "
        "(`GJV401`) with every reading, its source and what it rules, and no error for that "
        "action. The reverse holds too: a play or burn the engine accepts because of an open "
        "parameter its judgement read (the comparison's deciding parameter, the attachments "
        "of the set, a right to play out of turn or after passing, a burn's checks) is judged "
        "under the other readings, and if one refuses it the accepted verdict stands with a "
        "dispute. Where only the sanction rests on an open point (a false 革命's fine), the "
        "error stands with a dispute giving the sanction under each reading; where the deal's "
        "score does (an open scoring parameter), the deal is scored under each reading and a "
        "dispute at its end gives each score, and the tribute owed (点贡, 烧贡, 憋3贡, 落贡) "
        "and the disqualifications where those differ. A parameter that is neither yes/no "
        "nor a choice and has no readings of its own (a clock's limit, a scale of fines, the "
        "event tributes) is read under the values the other documents state. Checks that are "
        "not an action's judgement are re-judged the same way: the Leader tag against 上班 "
        "(open.shangban), with no Leader tag the first leader told from the hands "
        "(open.shangban, at the first play), a 开牌 draw against the first leader "
        "(open.count_values, "
        "open.first_method), and a lead won by a seat that erred earlier "
        "(penalty.misplay_lose_lead, 001d (四)). Where what follows an action rests on an "
        "open point (who may close a round whose last player's 对头 is out, whether a failed "
        "burner's 对门 stays 有头 once 头科 and 二科 are out, whether a seat opens, also "
        "where the set that stood is 够级 only under some gouji.thresholds), a dispute "
        "at that point says what each reading rules there. A reading that moves another "
        "parameter with it is judged with both (憋3 played at all, `bie3.enabled`, with its "
        "3s-last rule, `play.three_restriction`), and a point that arises only under another "
        "parameter's value (`buy4.mode` and `kaidian.no4_is_bukaidian` belong to 开点发4, "
        "`kaidian.lead4`) is judged only where the record's ruleset has that value; elsewhere "
        "a verdict on it is flat. A record's `[Rules]` naming the "
        "parameter settle it: the verdict is then flat. See `docs/validator.md`, *Disputes, "
        "for the referee*.",
        "",
    ]
    out += _open_points_md()
    out += _engine_readings_md()
    return "\n".join(out).rstrip() + "\n"


def main(argv: Iterable[str] | None = None) -> int:
    """``python -m rules.rulebook [--markdown | --check | --write] [--path PATH]``."""
    parser = argparse.ArgumentParser(prog="python -m gojinotation_analyzer.rules.rulebook")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--markdown", action="store_true", help="print docs/rules.md")
    mode.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    mode.add_argument("--write", action="store_true", help="rewrite the file")
    parser.add_argument("--path", default=str(DOC_PATH), help="the rules.md path")
    args = parser.parse_args(list(argv) if argv is not None else None)
    text = markdown()
    path = Path(args.path)
    if args.check:
        current = path.read_text("utf-8") if path.exists() else ""
        if current != text:
            print(
                f"{path} is out of date; run: "
                "python -m gojinotation_analyzer.rules.rulebook --write"
            )
            return 1
        return 0
    if args.write:
        path.write_text(text, "utf-8")
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
