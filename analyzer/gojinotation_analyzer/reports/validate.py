"""The validator: every illegal action and every rule dispute of a record, and why.

:func:`validate_source` reads a GJN source (a path, text or bytes) and returns a
:class:`Report`: syntax errors (``GJN1xx``, from the notation layer), then, for every deal
that could be read, what :func:`validate_deal` finds by replaying it through the rules
engine (:func:`engine.engine.replay`).  A broken deal never hides the others, and an
illegal action never stops the replay: the engine applies the profile's sanction and goes
on, and the validator only reports.

Every finding is a :class:`~reports.diagnostics.Diagnostic` with a stable code (see
:data:`CODES`), a severity, the rule id and title from the rulebook, a one-paragraph
explanation (what the rule says, what the engine found, what it applied), the citations,
the position ``file:line:col`` of the offending action (the tag for tag problems, the
hand line for deck problems), the game coordinates (deal, round, seat), the canonical
text of the action and the source line for the caret.

>>> text = '''[Profile "qingdao-standard"]
... [Leader "1"]
... hand 1: KK3
... hand 2: AA4
... hand 3: 55
... hand 4: 66
... hand 5: 77
... hand 6: 88
... 1. 1:3 3:5'''
>>> report = validate_source(text, file="demo.gjn", deck_check=False)
>>> [(d.location(), d.severity.value, d.code, d.rule_id) for d in report.diagnostics]
[('demo.gjn:9:8', 'error', 'GJV203', 'R-TURN-1'), ('demo.gjn:9:8', 'notice', 'GJV505', '')]
>>> print(report.diagnostics[0].format("zh"))
demo.gjn:9:8: 错误 GJV203 [R-TURN-1] 出牌顺序与越序：轮到2号出牌，不是3号（第1局，第1轮，3号位）
  1. 1:3 3:5
         ^^^
>>> report.exit_code
1

:func:`compare_profiles` replays one deal under several profiles and shows, action by
action, where their rulings differ, which parameter makes the difference, and how the
finish order and the score change.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from gojinotation import model as m
from gojinotation.errors import NotationError
from gojinotation.reader import BrokenDeal, read
from gojinotation.writer import format_action
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.reports.diagnostics import Citation, Diagnostic, Severity
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError, format_value, parse_overrides

__all__ = [
    "CODES",
    "DEFAULT_PROFILE",
    "Code",
    "ComparisonRow",
    "OpenPoint",
    "ProfileComparison",
    "ProfileOutcome",
    "Report",
    "RulesetChoice",
    "code_for_rule",
    "compare_profiles",
    "diagnostic_dict",
    "parse_finish",
    "parse_score",
    "reader_failure",
    "resolve_ruleset",
    "source_lines_of",
    "syntax_diagnostic",
    "validate_deal",
    "validate_match",
    "validate_source",
]

#: The profile a record without a ``[Profile]`` tag is validated under.
DEFAULT_PROFILE = "qingdao-standard"


# --------------------------------------------------------------------------- codes


@attrs.frozen
class Code:
    """One diagnostic code: its severity, a title in both languages, and the rule ids
    whose violations it reports (for the ``GJV2xx`` errors)."""

    code: str
    severity: Severity
    title_en: str
    title_zh: str
    rules: tuple[str, ...] = ()


_E, _W, _D, _N = Severity.ERROR, Severity.WARNING, Severity.DISPUTE, Severity.NOTICE

#: Every code the validator emits (``GJN1xx`` syntax codes come from the notation layer).
CODES: dict[str, Code] = {
    c.code: c
    for c in (
        # -- errors: an action breaks a rule of the profile, by kind
        Code("GJV201", _E, "illegal set", "牌型不合法",
             ("R-SET-1", "R-TWO-1", "R-JOKER-1", "R-BIE3-1", "R-RANK-1")),
        Code("GJV202", _E, "set does not beat the standing set", "压不住上家的牌",
             ("R-SET-2", "R-SET-3", "R-SET-4", "R-JOKER-2", "R-JOKER-3", "R-JOKER-4",
              "R-JOKER-5", "R-JOKER-6", "R-JOKER-7", "R-JOKER-8")),
        Code("GJV203", _E, "out of turn", "越序出牌", ("R-TURN-1", "R-SEAT-1")),
        Code("GJV204", _E, "no right to answer a 够级 set", "无权上够级牌",
             ("R-GOUJI-1", "R-GOUJI-2", "R-WUTOU-1", "R-SIHU-1", "R-DIPAI-1")),
        Code("GJV205", _E, "play after a pass", "过牌后又出牌", ("R-PASS-1", "R-PASS-2")),
        Code("GJV206", _E, "wrong 让牌, 扣牌 or lead", "让牌、扣牌或发牌有误",
             ("R-YIELD-1", "R-CLOSE-1", "R-CLOSE-2", "R-LEAD-1", "R-JIEFENG-1")),
        Code("GJV207", _E, "cards not held (card conservation)", "牌不在手中（牌数不守恒）",
             ("R-DECK-2",)),
        Code("GJV208", _E, "wrong deck or hand size", "用牌或手牌张数有误", ("R-DECK-1",)),
        Code("GJV209", _E, "irregular burn", "烧牌违规",
             ("R-BURN-1", "R-BURN-2", "R-BURN-3", "R-BURN-4", "R-BURN-5", "R-BURN-6",
              "R-BURN-7", "R-BURN-8", "R-BURN-9")),
        Code("GJV210", _E, "开点 rule broken", "开点违规",
             ("R-KAIDIAN-1", "R-KAIDIAN-2", "R-KAIDIAN-3", "R-KAIDIAN-4", "R-KAIDIAN-5")),
        Code("GJV211", _E, "憋3 or 买3/买4 rule broken", "憋3或买3/买4违规",
             ("R-BIE3-2", "R-BIE3-3", "R-BUY-1")),
        Code("GJV212", _E, "untrue or irregular 报牌", "报牌不实或违规", ("R-REPORT-1",)),
        Code("GJV213", _E, "irregular 革命", "革命违规", ("R-REVOLUTION-1",)),
        Code("GJV214", _E, "irregular 进贡/还贡", "进贡或还贡违规",
             ("R-TRIBUTE-1", "R-TRIBUTE-2")),
        Code("GJV215", _E, "time limit", "超时", ("R-TIME-1",)),
        Code("GJV216", _E, "wrong first leader", "首发牌人有误", ("R-OPEN-1",)),
        Code("GJV217", _E, "conduct, 错牌 or table talk", "违规行为、错牌或违规用语",
             ("R-PENALTY-1", "R-VOCAB-1", "R-CUOPAI-1")),
        Code("GJV218", _E, "finish order or score rule broken", "名次或计分违规",
             ("R-FINISH-1", "R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4",
              "R-MATCH-1")),
        Code("GJV219", _E, "rule broken", "违反规则"),
        Code("GJV220", _E, "unknown rule profile", "未知的规则方案"),
        Code("GJV221", _E, "bad rule override", "规则改动有误"),
        Code("GJV222", _E, "implied passes or closes read two ways", "省略的过牌或扣牌有歧义"),
        Code("GJV230", _E, "written finish order differs from the replay", "记录的名次与复盘不符"),
        Code("GJV231", _E, "written score differs from the replay", "记录的得分与复盘不符"),
        Code("GJV290", _E, "the replay could not be completed", "无法完成复盘"),
        # -- warnings
        Code("GJV301", _W, "written result cannot be confirmed", "记录的结果无法核实"),
        Code("GJV302", _W, "written result cannot be read", "无法读取记录的结果"),
        Code("GJV303", _W, "round number differs from the replay", "轮次编号与复盘不符"),
        Code("GJV305", _W, "illegal action in a variation", "变着中有违规着法"),
        Code("GJV306", _W, "failed burn (烧糊)", "烧糊（烧牌失败）"),
        # -- disputes
        Code("GJV401", _D, "the documents disagree or are silent here", "文件对此有分歧或未作规定"),
        Code("GJV402", _D, "recorded ruling differs from the profile", "记录的裁决与规则不同"),
        # -- notices
        Code("GJV501", _N, "recorded irregularity", "记录的违规行为"),
        Code("GJV502", _N, "the replay notes", "复盘说明"),
        Code("GJV503", _N, "no rule profile named", "未注明规则方案"),
        Code("GJV504", _N, "referee's decision recorded", "记录的裁判处理"),
        Code("GJV505", _N, "record ends before the deal is over", "记录在本局结束前中止"),
        Code("GJV506", _N, "validated under another profile", "按另一规则方案检验"),
    )
}  # fmt: skip

_RULE_CODE: dict[str, str] = {r: c.code for c in CODES.values() for r in c.rules}


def code_for_rule(rule_id: str) -> str:
    """The error code that reports a violation of ``rule_id``.

    >>> code_for_rule("R-BURN-3"), code_for_rule("R-SET-3"), code_for_rule("R-NEW-1")
    ('GJV209', 'GJV202', 'GJV219')
    """
    return _RULE_CODE.get(rule_id, "GJV219")


# ------------------------------------------------------------------------- texts

_T: dict[str, tuple[str, str]] = {
    "syntax": ("syntax error", "语法错误"),
    "here": ("In this record: {msg}.", "本记录中：{msg}。"),
    "sanction": ("The replay went on with: {s}.", "复盘按此继续：{s}。"),
    "sanction_en": ("", "（英文）"),
    "param": (
        "The profile parameter {p} = {v} decides it{prov}.",
        "由规则参数 {p} = {v} 决定{prov}。",
    ),
    "prov.stated": (" (stated by {src})", "（{src} 明文规定）"),
    "prov.default": (
        " (an open point: the documents are silent, this is the default)",
        "（未定之处：文件未作规定，此为默认值）",
    ),
    "prov.disputed": (" (the documents disagree on it)", "（文件对此有分歧）"),
    "ruling": ("Ruling recorded: {r}.", "记录的裁决：{r}。"),
    "no_ruling": (
        "No ruling was recorded; the profile's sanction was applied.",
        "未记录裁决，按本规则的处理执行。",
    ),
    "irregular": ("irregular action recorded: {msg}", "记录的违规行为：{msg}"),
    "legal_irregular": (
        "marked irregular (^) but legal under the profile",
        "标为违规（^），但按本规则合法",
    ),
    "unknown_profile": (
        "{msg}; validated under {fallback} instead",
        "{msg}；改按 {fallback} 检验",
    ),
    "bad_override": ("{msg}; this override is ignored", "{msg}；忽略此项改动"),
    "finish_differs": (
        "the Finish tag says {written}; the replay gives {actual}",
        "Finish 标签记为 {written}；复盘结果为 {actual}",
    ),
    "score_differs": (
        "the Score tag says {written}; the replay gives {actual}",
        "Score 标签记为 {written}；复盘得分为 {actual}",
    ),
    "void": ("the deal is void", "本局作废"),
    "unconfirmed_open": (
        "the {tag} tag cannot be confirmed: the record ends before the deal is over",
        "无法核实 {tag} 标签：记录在本局结束前中止",
    ),
    "unconfirmed_score": (
        "the Score tag cannot be confirmed: the replay gives no score for this deal",
        "无法核实 Score 标签：复盘未能给出本局得分",
    ),
    "unreadable_finish": (
        "the Finish tag {text!r} cannot be read: write the six seats from 头科 to 大落, "
        'e.g. [Finish "3 1 5 2 6 4"]',
        'Finish 标签 {text!r} 无法读取：请按头科到大落的顺序写六个座位，如 [Finish "3 1 5 2 6 4"]',
    ),
    "unreadable_score": (
        "the Score tag {text!r} cannot be read: write team A's points, then team B's, "
        'e.g. [Score "+6 -6"]',
        'Score 标签 {text!r} 无法读取：请先写甲方（A）得分，再写乙方（B）得分，如 [Score "+6 -6"]',
    ),
    "round_mark": (
        "the record numbers this round {written}; the replay is at round {actual}",
        "记录的轮次为第{written}轮；复盘为第{actual}轮",
    ),
    "variation": ("in a variation: {msg}", "变着中：{msg}"),
    "repeated": (
        "{n} more like this ({who}) after the first {limit}, from {first} to {last}, "
        "left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略，自{first}至{last}；其中第一条：{msg}",
    ),
    "repeated_nopos": (
        "{n} more like this ({who}) after the first {limit}, left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略；其中第一条：{msg}",
    ),
    "no_profile": (
        "the deal names no rule profile; it is validated under {p}",
        "本局未注明规则方案，按 {p} 检验",
    ),
    "forced_profile": (
        "validated under {p} (as asked); the record names {declared}",
        "按指定的 {p} 检验；记录注明的是 {declared}",
    ),
    "incomplete": (
        "the record stops after {n} action(s); the deal is not over",
        "记录在第{n}手后中止，本局尚未结束",
    ),
    "penalty": (
        "referee's penalty {points:+d} for seat {seat}{why}",
        "裁判对{seat}号罚分 {points:+d}{why}",
    ),
    "ruling_action": ("referee's ruling on seat {seat}: {text}", "裁判对{seat}号的裁决：{text}"),
    "engine_missing": (
        "the rules engine is not available ({reason}); the moves were not checked",
        "规则引擎不可用（{reason}）；未检验着法",
    ),
    "reader_failed": (
        "internal error of the notation reader ({reason}); the file was not checked "
        "(please report this)",
        "记谱读取器内部错误（{reason}）；未检验此文件（请报告此问题）",
    ),
    "engine_failed": (
        "internal error of the rules engine ({reason}); the rest of the deal was not "
        "checked (please report this)",
        "规则引擎内部错误（{reason}）；本局其余部分未检验（请报告此问题）",
    ),
    "legal": ("legal", "合法"),
    "burn_failed": (
        "烧糊: the burner is 大落 and his remaining cards are void (R-BURN-5)",
        "烧糊：烧牌者为大落，余牌作废（R-BURN-5）",
    ),
    "record": ("record", "记录"),
    "cmp.head": (
        "{file}, deal {deal}: {n} rulesets compared",
        "{file}，第{deal}局：比较 {n} 套规则",
    ),
    "cmp.cols": (
        "ruleset|errors|disputes|finish (头科→大落)|score A B",
        "规则|错误|争议|名次（头科→大落）|得分 甲 乙",
    ),
    "cmp.rows": ("Rulings that differ, action by action:", "逐手列出裁定不同之处："),
    "cmp.same": (
        "Every ruleset rules every action the same way.",
        "各套规则对每一手的裁定都相同。",
    ),
    "cmp.param": ("parameter {p}: {values}", "参数 {p}：{values}"),
    "cmp.first": (
        "(the replays diverge from here: later differences may follow from this one)",
        "（复盘自此分叉：其后的差异可能由此而来）",
    ),
    "cmp.open": (
        "Open points of {p} that this deal touches (decided by a default, not by the documents):",
        "本局涉及的 {p} 未定之处（由默认值而非文件决定）：",
    ),
    "cmp.unfinished": ("(not finished)", "（未结束）"),
    "src.default": ("default: an open point", "默认值：未定之处"),
    "src.disputed": ("disputed", "有分歧"),
    "src.rules": ("the record's [Rules]", "记录的 [Rules]"),
    "cmp.noscore": ("-", "-"),
}


def _t(key: str, lang: str, **fields: Any) -> str:
    en, zh = _T[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def _both(key: str, **fields: Any) -> tuple[str, str]:
    return _t(key, "en", **fields), _t(key, "zh", **fields)


# ------------------------------------------------------------------- rulebook glue


@functools.cache
def _rule(rule_id: str) -> Any:
    try:
        from gojinotation_analyzer.rules.rulebook import RULES
    except Exception:  # pragma: no cover - the rulebook is part of the package
        return None
    return RULES.get(rule_id)


def _titles(rule_id: str, code: str) -> tuple[str, str]:
    r = _rule(rule_id) if rule_id else None
    if r is not None:
        return r.title_en, r.title_zh
    c = CODES.get(code)
    return (c.title_en, c.title_zh) if c else (code, code)


def _citations(rule_id: str, extra: Iterable[Any] = ()) -> tuple[Citation, ...]:
    return _citations_of(rule_id, tuple(c for c in extra if c is not None))


@functools.lru_cache(maxsize=1024)
def _citations_of(rule_id: str, extra: tuple[Any, ...]) -> tuple[Citation, ...]:
    out: list[Citation] = []
    r = _rule(rule_id) if rule_id else None
    for c in (*(r.sources if r is not None else ()), *extra):
        if c is None:
            continue
        cit = Citation(str(c.file), str(getattr(c, "section", "")), str(getattr(c, "quote", "")))
        if cit not in out:
            out.append(cit)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _setting(profile: str | None, param: str | None) -> Any:
    if not profile or not param:
        return None
    try:
        from gojinotation_analyzer.rules.profiles import PROFILES

        prof = PROFILES.get(profile)
        return prof.setting(param) if prof is not None else None
    except (KeyError, RulesetError):
        return None


def _param_value(rs: Ruleset | None, param: str) -> str | None:
    if rs is None:
        return None
    try:
        return format_value(rs.get(param))
    except (KeyError, AttributeError, RulesetError):
        return None


_SANCTION_ZH = {
    "错牌不出: the cards go back and the seat has passed for this turn": (
        "错牌不出：收回所出之牌，本次视为过牌"
    ),
}


@functools.lru_cache(maxsize=256)
def _sanction_zh(en: str) -> str:
    """The engine's sanction (English only in :class:`~engine.events.Violation`) in
    Chinese, from the engine's own table where it has one."""
    if en in _SANCTION_ZH:
        return _SANCTION_ZH[en]
    try:
        table = getattr(_engine(), "_SANCTION_TEXT", {})
    except Exception:  # pragma: no cover - the engine is part of the package
        table = {}
    for pair in table.values():
        if isinstance(pair, tuple) and len(pair) == 2 and pair[0] == en and pair[1]:
            return str(pair[1])
    return en + _t("sanction_en", "zh")


def _explain(
    rule_id: str,
    msg: tuple[str, str],
    *,
    sanction: str | tuple[str, str] = "",
    param: str | None = None,
    rs: Ruleset | None = None,
    profile: str | None = None,
    extra: tuple[tuple[str, str], ...] = (),
) -> tuple[str, str]:
    """The one-paragraph explanation: the rule, what happened, what was applied
    (``sanction``: English only, as the engine gives it, or ``(en, zh)``)."""
    r = _rule(rule_id) if rule_id else None
    parts_en: list[str] = [r.text_en] if r is not None else []
    parts_zh: list[str] = [r.text_zh] if r is not None else []
    en, zh = msg
    parts_en.append(_t("here", "en", msg=en.rstrip(".")))
    parts_zh.append(_t("here", "zh", msg=zh.rstrip("。")))
    if sanction:
        s_en, s_zh = sanction if isinstance(sanction, tuple) else (sanction, _sanction_zh(sanction))
        parts_en.append(_t("sanction", "en", s=s_en.rstrip(".")))
        parts_zh.append(_t("sanction", "zh", s=s_zh.rstrip("。")))
    if param:
        value = _param_value(rs, param)
        if value is not None:
            s = _setting(profile, param)
            prov_en = prov_zh = ""
            if s is not None:
                if s.is_disputed:
                    prov_en, prov_zh = _both("prov.disputed")
                elif s.open:
                    prov_en, prov_zh = _both("prov.default")
                elif s.citation is not None:
                    prov_en, prov_zh = _both("prov.stated", src=s.citation.tag)
            parts_en.append(_t("param", "en", p=param, v=value, prov=prov_en))
            parts_zh.append(_t("param", "zh", p=param, v=value, prov=prov_zh))
    for e, z in extra:
        parts_en.append(e if e.endswith((".", "!", "?")) else e + ".")
        parts_zh.append(z if z.endswith(("。", "！", "？")) else z + "。")
    return " ".join(parts_en), "".join(parts_zh)


# ------------------------------------------------------------------------ positions


def source_lines_of(text: str) -> list[str]:
    """The lines of a source as the reader numbers them (BOM dropped, CR/CRLF as LF).

    >>> source_lines_of("\\ufeffa\\r\\nb\\rc")
    ['a', 'b', 'c']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


@attrs.frozen
class _Pos:
    line: int = 0
    column: int = 0
    end_column: int | None = None


def _pos(span: m.Span | None) -> _Pos:
    if span is None or span.line <= 0:
        return _Pos()
    end = span.end_column if span.end_line in (0, span.line) and span.end_column else None
    return _Pos(span.line, max(span.column, 1), end)


#: How many findings of one kind a deal reports in full: one code and rule id, one seat,
#: one kind of action (a pass, a play …).  The rest are counted in one summary diagnostic
#: (``Diagnostic.more``), placed at the first of them and naming the last.
REPEAT_LIMIT = 20

#: The kinds of action, in the summary of repeated findings.
_KIND_WORDS: dict[str, tuple[str, str]] = {
    "Play": ("play", "出牌"),
    "Burn": ("burn", "烧牌"),
    "Pass": ("pass", "过牌"),
    "Yield": ("yield", "让牌"),
    "Close": ("close", "扣牌"),
    "Timeout": ("timeout", "超时"),
    "Revolution": ("revolution", "革命"),
    "Report": ("report", "报牌"),
    "Buy": ("buy", "买牌"),
    "Give": ("give", "送牌"),
    "Tribute": ("tribute", "进贡"),
    "Return": ("return", "还贡"),
    "Penalty": ("penalty", "罚分"),
    "Ruling": ("ruling", "裁决"),
}


@attrs.define
class _LeftOut:
    """The findings of one kind past :data:`REPEAT_LIMIT`: the first in full, a count."""

    msg: tuple[str, str]
    pos: _Pos
    round_no: int | None
    seat: int | None
    action: m.Action | None
    severity: Severity | None
    param: str | None
    count: int = 1
    last: _Pos = _Pos()


class _Ctx:
    """What every diagnostic of one deal shares."""

    def __init__(
        self,
        deal: m.Deal,
        file: str,
        deal_index: int,
        source_lines: Sequence[str],
        positions: bool,
    ) -> None:
        self.deal = deal
        self.file = file
        self.deal_index = deal_index
        self.lines = source_lines
        self.positions = positions
        self.rs: Ruleset | None = None
        self.profile: str | None = None
        self.out: list[Diagnostic] = []
        self.seen: dict[tuple[str, str, int | None, type | None], int] = {}
        self.left: dict[tuple[str, str, int | None, type | None], _LeftOut] = {}

    def left_out(
        self,
        code: str,
        rule_id: str,
        msg: tuple[str, str],
        *,
        pos: _Pos,
        severity: Severity | None = None,
        round_no: int | None = None,
        seat: int | None = None,
        action: m.Action | None = None,
        param: str | None = None,
    ) -> bool:
        """Count a finding; True (and only counted) once its kind is past the limit."""
        key = (code, rule_id, seat, type(action) if action is not None else None)
        n = self.seen.get(key, 0) + 1
        self.seen[key] = n
        if n <= REPEAT_LIMIT:
            return False
        if not self.positions:
            pos = _Pos()
        rest = self.left.get(key)
        if rest is None:
            self.left[key] = _LeftOut(msg, pos, round_no, seat, action, severity, param, last=pos)
        else:
            rest.count += 1
            rest.last = pos
        return True

    def add_summaries(self) -> None:
        """One diagnostic for each kind of finding past the limit."""
        for (code, rule_id, _, _), rest in self.left.items():
            kind_en, kind_zh = _KIND_WORDS.get(type(rest.action).__name__, ("", ""))
            who_en = ", ".join(x for x in (kind_en, f"seat {rest.seat}" if rest.seat else "") if x)
            who_zh = f"{rest.seat}号位" if rest.seat else ""
            who_zh += kind_zh
            first, last = rest.pos, rest.last
            where = f"{first.line}:{first.column}", f"{last.line}:{last.column}"
            key = "repeated" if first.line else "repeated_nopos"
            msg = _both(key, n=rest.count, who=who_en, first=where[0], last=where[1],
                        msg=rest.msg[0], limit=REPEAT_LIMIT)  # fmt: skip
            msg = msg[0], _t(key, "zh", n=rest.count, who=who_zh, first=where[0],
                             last=where[1], msg=rest.msg[1], limit=REPEAT_LIMIT)  # fmt: skip
            self.add(code, rule_id, msg, pos=first, severity=rest.severity,
                     round_no=rest.round_no, seat=rest.seat, action=rest.action,
                     param=rest.param, counted=True, more=rest.count, last=last)  # fmt: skip

    def line(self, n: int) -> str:
        return self.lines[n - 1] if 0 < n <= len(self.lines) else ""

    def deal_pos(self) -> _Pos:
        for item in (*self.deal.header, *self.deal.hands, *self.deal.moves):
            p = _pos(getattr(item, "span", None))
            if p.line:
                return _Pos(p.line, p.column)
        return _pos(self.deal.span)

    def hand_pos(self, seat: int | None) -> _Pos:
        if seat is not None:
            own = self.deal.hand(seat)
            if own is not None and own.span.line:
                return _pos(own.span)
        for item in self.deal.hands:
            if isinstance(item, m.Hand) and item.span.line:
                return _Pos(item.span.line, item.span.column)
        return self.deal_pos()

    def tag_pos(self, name: str) -> _Pos:
        for item in self.deal.header:
            if isinstance(item, m.Tag) and item.name == name:
                return _pos(item.span)
        return self.deal_pos()

    def add(
        self,
        code: str,
        rule_id: str,
        msg: tuple[str, str],
        *,
        pos: _Pos,
        severity: Severity | None = None,
        round_no: int | None = None,
        seat: int | None = None,
        action: m.Action | None = None,
        explanation: tuple[str, str] | None = None,
        citations: tuple[Citation, ...] | None = None,
        param: str | None = None,
        alternatives: tuple[tuple[str, str], ...] = (),
        counted: bool = False,
        more: int = 0,
        last: _Pos = _Pos(),
    ) -> None:
        if not counted and self.left_out(code, rule_id, msg, pos=pos, severity=severity,
                                         round_no=round_no, seat=seat, action=action,
                                         param=param):  # fmt: skip
            return
        title_en, title_zh = _titles(rule_id, code)
        if not self.positions:
            pos = _Pos()
        expl = explanation if explanation is not None else _explain(rule_id, msg)
        d = Diagnostic(
            code=code,
            severity=severity or CODES[code].severity,
            rule_id=rule_id,
            title_en=title_en,
            title_zh=title_zh,
            en=msg[0],
            zh=msg[1],
            file=self.file,
            line=pos.line,
            column=pos.column,
            end_column=pos.end_column,
            deal=self.deal_index,
            round=round_no or None,
            seat=seat,
            action=format_action(action) if action is not None else "",
            explanation_en=expl[0],
            explanation_zh=expl[1],
            citations=citations if citations is not None else _citations(rule_id),
            param=param,
            source_line=self.line(pos.line),
            alternatives=alternatives,
            more=more,
            last_line=last.line,
            last_column=last.column,
        )
        self.out.append(d)


# ------------------------------------------------------------------------- rulesets


@attrs.frozen
class RulesetChoice:
    """The ruleset a deal is validated under, and how it was chosen.

    :ivar ruleset: the ruleset (profile plus the overrides that could be read).
    :ivar profile: the profile id used.
    :ivar declared: the ``[Profile]`` tag as written (``None`` when absent).
    :ivar overrides: the ``[Rules]`` tag as written (``""`` when absent).
    :ivar problems: ``(code, tag, (en, zh), param, column offset in the tag line)``.
    """

    ruleset: Ruleset
    profile: str
    declared: str | None
    overrides: str
    problems: tuple[tuple[str, str, tuple[str, str], str | None, int], ...] = ()


def _override_pieces(text: str) -> Iterator[str]:
    for chunk in text.replace("\n", ";").split(";"):
        if chunk.strip():
            yield chunk


def resolve_ruleset(deal: m.Deal, profile: str | None = None) -> RulesetChoice:
    """The ruleset of a deal: ``profile`` (if given) or its ``[Profile]`` tag, plus the
    ``[Rules "..."]`` overrides, each override read on its own so that one bad override
    does not hide the good ones.

    >>> rules = m.Tag("Rules", "cmp.ershayi=yes; time.limit_s=30")
    >>> d = m.Deal((m.Tag("Profile", "qingdao"), rules))
    >>> c = resolve_ruleset(d)
    >>> c.profile, c.ruleset.time.limit_s, [p[0] for p in c.problems]
    ('qingdao-standard', 30, ['GJV221'])
    >>> resolve_ruleset(m.Deal((m.Tag("Profile", "qingdao-standrd"),))).problems[0][0]
    'GJV220'
    """
    from gojinotation_analyzer.rules.profiles import load_ruleset, resolve_profile_id

    declared = deal.tag("Profile")
    overrides = deal.tag("Rules") or ""
    problems: list[tuple[str, str, tuple[str, str], str | None, int]] = []
    pid = DEFAULT_PROFILE
    wanted = profile if profile is not None else declared
    if wanted is not None and wanted.strip():
        try:
            pid = resolve_profile_id(wanted)
        except RulesetError as exc:
            if profile is not None:  # a command-line choice: the caller reports it
                raise
            msg = (
                _t("unknown_profile", "en", msg=exc.en, fallback=DEFAULT_PROFILE),
                _t("unknown_profile", "zh", msg=exc.zh, fallback=DEFAULT_PROFILE),
            )
            problems.append(("GJV220", "Profile", msg, None, 0))
    rs = load_ruleset(pid)
    values: dict[str, Any] = {}
    offset = 0
    for piece in _override_pieces(overrides):
        at = overrides.find(piece.strip(), offset)
        offset = max(offset, at + len(piece.strip())) if at >= 0 else offset
        try:
            parsed = parse_overrides(piece)
            rs.with_overrides(parsed)
        except RulesetError as exc:
            msg = (_t("bad_override", "en", msg=exc.en), _t("bad_override", "zh", msg=exc.zh))
            problems.append(("GJV221", "Rules", msg, exc.param or None, max(at, 0)))
            continue
        values.update(parsed)
    if values:
        try:
            rs = rs.with_overrides(values)
        except RulesetError as exc:  # overrides that are fine alone but not together
            msg = (_t("bad_override", "en", msg=exc.en), _t("bad_override", "zh", msg=exc.zh))
            problems.append(("GJV221", "Rules", msg, exc.param or None, 0))
    return RulesetChoice(rs, pid, declared, overrides, tuple(problems))


def _tag_value_pos(ctx: _Ctx, tag: str, offset: int) -> _Pos:
    """The position of character ``offset`` of a tag's value, if the source shows it."""
    pos = ctx.tag_pos(tag)
    src = ctx.line(pos.line)
    value = ctx.deal.tag(tag) or ""
    start = src.find('"', pos.column - 1) if pos.line and src else -1
    if start < 0 or not value:
        return pos
    col = start + 2 + offset
    piece = next(iter(_override_pieces(value[offset:])), "").strip() if tag == "Rules" else value
    lead = len(value[offset:]) - len(value[offset:].lstrip()) if tag == "Rules" else 0
    col += lead
    if src[col - 1 : col - 1 + len(piece)] != piece:  # escapes in the value: point at the tag
        return pos
    return _Pos(pos.line, col, col + max(len(piece), 1))


# --------------------------------------------------------------------- Finish, Score

_PLACE_WORDS: dict[str, int] = {
    "头科": 1,
    "二科": 2,
    "三科": 3,
    "四科": 4,
    "二落": 5,
    "大落": 6,
    "末科": 6,
    "末位": 6,
}
_PLACE_RE = "|".join(_PLACE_WORDS)


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("−", "-").replace("－", "-")


def parse_finish(text: str) -> tuple[int, ...] | None:
    """The seats of a ``[Finish]`` tag in place order (头科 first), or ``None`` if it
    cannot be read.  A prefix (fewer than six seats) is allowed.

    >>> parse_finish("3 1 5 2 6 4"), parse_finish("3,1,5,2,6,4"), parse_finish("315264")
    ((3, 1, 5, 2, 6, 4), (3, 1, 5, 2, 6, 4), (3, 1, 5, 2, 6, 4))
    >>> parse_finish("头科3 二科1 三科5 四科2 二落6 大落4")
    (3, 1, 5, 2, 6, 4)
    >>> parse_finish("3号头科，1号二科，5号三科，2号四科，6号二落，4号大落")
    (3, 1, 5, 2, 6, 4)
    >>> parse_finish("3 3 1"), parse_finish("7 1"), parse_finish("")
    (None, None, None)
    """
    s = _nfkc(text).strip()
    if not s:
        return None
    pairs = re.findall(rf"({_PLACE_RE})\s*[:：]?\s*(?:座位|seat)?\s*(\d+)\s*号?", s)
    if not pairs:
        pairs = [(w, d) for d, w in re.findall(rf"(\d+)\s*号?\s*[:：]?\s*({_PLACE_RE})", s)]
    if pairs:
        by_place: dict[int, int] = {}
        for word, digit in pairs:
            place = _PLACE_WORDS[word]
            if place in by_place or not digit.isdigit():
                return None
            by_place[place] = int(digit)
        if sorted(by_place) != list(range(1, len(by_place) + 1)):
            return None
        seats = tuple(by_place[p] for p in sorted(by_place))
    else:
        if re.search(r"[^\d\s,，、;；/>\-]", s):
            return None
        digits = re.findall(r"\d+", s)
        if len(digits) == 1 and len(digits[0]) > 1:
            digits = list(digits[0])
        seats = tuple(int(d) for d in digits)
    if not seats or len(seats) > 6 or len(set(seats)) != len(seats):
        return None
    if any(not 1 <= x <= 6 for x in seats):
        return None
    return seats


_NAMED_SCORE = re.compile(r"(?<![A-Za-z])(A|B|甲|乙)\s*(?:方|队|隊|team)?\s*[:：=]?\s*([+-]?\d+)")


def parse_score(text: str) -> tuple[int, int] | None:
    """Team A's and team B's points from a ``[Score]`` tag, or ``None``.

    >>> parse_score("+6 -6"), parse_score("6:-6"), parse_score("A 6 B -6"), parse_score("B -6 A 6")
    ((6, -6), (6, -6), (6, -6), (6, -6))
    >>> parse_score("甲方+6 乙方-6"), parse_score("甲 6：乙 -6"), parse_score("＋６　－６")
    ((6, -6), (6, -6), (6, -6))
    >>> parse_score("6"), parse_score("six"), parse_score("1 2 3")
    (None, None, None)
    """
    s = _nfkc(text).strip()
    named = _NAMED_SCORE.findall(s)
    if named:
        got: dict[str, int] = {}
        for team, pts in named:
            key = "A" if team in ("A", "甲") else "B"
            if key in got:
                return None
            got[key] = int(pts)
        rest = _NAMED_SCORE.sub("", s)
        if set(got) != {"A", "B"} or re.search(r"\w", rest):
            return None
        return got["A"], got["B"]
    if re.search(r"[^\d\s:：,，;；/+\-]", s):
        return None
    nums = re.findall(r"[+-]?\d+", s)
    if len(nums) != 2:
        return None
    return int(nums[0]), int(nums[1])


def _fmt_finish(seats: Sequence[int]) -> str:
    return " ".join(map(str, seats))


def _fmt_score(a: int, b: int) -> str:
    return f"{a:+d} {b:+d}"


# --------------------------------------------------------------------- the engine


class _FrameLike(Protocol):
    index: int
    action: m.Action | None
    state: Any
    events: tuple[E.Event, ...]


def _engine() -> Any:
    """The rules engine module (imported on first use; a test may replace this)."""
    return importlib.import_module("gojinotation_analyzer.engine.engine")


def _with_profile_tag(deal: m.Deal, pid: str, overrides: str | None = None) -> m.Deal:
    """The deal with its ``Profile`` tag set to ``pid`` (and ``Rules`` replaced when
    ``overrides`` is given), so the engine reports the right profile's open points."""
    header: list[m.HeaderItem] = []
    seen = False
    for item in deal.header:
        if isinstance(item, m.Tag) and item.name == "Profile":
            if not seen:
                header.append(attrs.evolve(item, value=pid))
            seen = True
            continue
        if isinstance(item, m.Tag) and item.name == "Rules" and overrides is not None:
            continue
        header.append(item)
    if not seen:
        header.append(m.Tag("Profile", pid))
    if overrides:
        header.append(m.Tag("Rules", overrides))
    return attrs.evolve(deal, header=tuple(header))


def _round_of(before: Any, after: Any, action: m.Action | None) -> int | None:
    b = getattr(before, "round_no", None) if before is not None else None
    a = getattr(after, "round_no", None) if after is not None else None
    if isinstance(a, int) and isinstance(b, int) and a > b:
        return a
    if isinstance(b, int) and b > 0:
        return b
    return a if isinstance(a, int) and a > 0 else None


def _irregular_word(action: m.Action | None) -> str | None:
    if action is None:
        return None
    return action.note("ruling")


def _event_action(ev: E.Event, frame_action: m.Action | None) -> m.Action | None:
    act = getattr(ev, "action", None)
    return act if act is not None else frame_action


def _handle_event(
    ctx: _Ctx,
    ev: E.Event,
    frame_action: m.Action | None,
    round_no: int | None,
    *,
    variation: bool = False,
) -> None:
    act = _event_action(ev, frame_action)
    pos = _pos(act.span) if act is not None else ctx.hand_pos(ev.seat)
    if act is None and ev.rule == "R-OPEN-1" and ctx.deal.tag("Leader") is not None:
        pos = _tag_value_pos(ctx, "Leader", 0)  # the first leader the tag names
    if not pos.line:
        pos = ctx.deal_pos() if act is None else pos
    seat = ev.seat if ev.seat is not None else (act.seat if act is not None else None)
    if isinstance(ev, E.Violation):
        msg = (ev.en, ev.zh)
        if variation:
            code = "GJV305"
            shown = (_t("variation", "en", msg=ev.en), _t("variation", "zh", msg=ev.zh))
        else:
            code = code_for_rule(ev.rule_id)
            shown = msg
            if act is None and ev.rule_id == "R-RECORD-1":
                return  # the engine's own profile check; the validator reports the tag itself
        if ctx.left_out(code, ev.rule_id, shown, pos=pos, round_no=round_no, seat=seat,
                        action=act, param=ev.param):  # fmt: skip
            return  # a repeat past the limit: counted, without its explanation
        applied: str | tuple[str, str] = ev.sanction
        if ev.sanction and ev.sanction_zh:
            applied = (ev.sanction, ev.sanction_zh)
        expl = _explain(ev.rule_id, msg, sanction=applied, param=ev.param, rs=ctx.rs,
                        profile=ctx.profile)  # fmt: skip
        cites = _citations(ev.rule_id, [getattr(_setting(ctx.profile, ev.param), "citation", None)])
        ctx.add(
            code,
            ev.rule_id,
            shown,
            pos=pos,
            round_no=round_no,
            seat=seat,
            action=act,
            explanation=expl,
            citations=cites,
            param=ev.param,
            counted=True,
        )
    elif isinstance(ev, E.Dispute):
        if variation:
            return
        code = "GJV402" if _ruling_dispute(ev) else "GJV401"
        if code == "GJV401" and _overridden(ctx, ev.param):
            return  # the record's [Rules] settle the point: no longer open
        msg = (ev.en, ev.zh)
        if ctx.left_out(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat,
                        action=act, param=ev.param):  # fmt: skip
            return
        expl = _explain(ev.rule_id, msg, param=ev.param, rs=ctx.rs, profile=ctx.profile)
        s = _setting(ctx.profile, ev.param)
        extra_cites = [getattr(s, "citation", None)]
        extra_cites += [r.citation for r in getattr(s, "disputed", ())]
        ctx.add(
            code,
            ev.rule_id,
            msg,
            pos=pos,
            round_no=round_no,
            seat=seat,
            action=act,
            explanation=expl,
            citations=_citations(ev.rule_id, extra_cites),
            param=ev.param,
            alternatives=ev.alternatives,
            counted=True,
        )
    elif isinstance(ev, E.Notice):
        if variation:
            return
        irregular = act is not None and (act.irregular or act.note("ruling") is not None)
        code = "GJV501" if irregular else "GJV502"
        msg = (ev.en, ev.zh)
        if ctx.left_out(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act):
            return
        said: tuple[tuple[str, str], ...] = ()
        if irregular:
            word = _irregular_word(act)
            said = (_both("ruling", r=word),) if word else (_both("no_ruling"),)
        expl = _explain(ev.rule_id, msg, rs=ctx.rs, profile=ctx.profile, extra=said)
        ctx.add(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act,
                explanation=expl, counted=True)  # fmt: skip
    elif isinstance(ev, E.PenaltyApplied) and not variation:
        why = f": {ev.reason}" if ev.reason else ""
        msg = (
            _t("penalty", "en", points=ev.points, seat=ev.seat, why=why),
            _t("penalty", "zh", points=ev.points, seat=ev.seat, why=why.replace(": ", "：")),
        )
        ctx.add("GJV504", ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act)
    elif isinstance(ev, E.RulingApplied) and not variation:
        msg = _both("ruling_action", seat=ev.seat, text=ev.text)
        ctx.add("GJV504", ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act)


def _burn_failed(ctx: _Ctx, ev: E.BurnFailed, action: m.Action, round_no: int | None) -> None:
    """烧糊 without a violation: the burner's own set broke the joker rule (R-BURN-3; the
    engine's BurnFailed names its consequence, R-BURN-5).  A failed burn is a legal, if
    losing, course of play: a warning, not an error."""
    msg = (ev.en, ev.zh)
    expl = _explain(
        "R-BURN-3",
        msg,
        sanction=_both("burn_failed"),
        param="burn.joker_exempt",
        rs=ctx.rs,
        profile=ctx.profile,
    )
    ctx.add(
        "GJV306",
        "R-BURN-3",
        msg,
        pos=_pos(action.span),
        round_no=round_no,
        seat=ev.seat,
        action=action,
        explanation=expl,
        citations=_citations("R-BURN-3", _citations("R-BURN-5")),
        param="burn.joker_exempt",
    )


def _count_shown(ctx: _Ctx, before: Any, st: Any, action: m.Action, round_no: int | None) -> bool:
    """R-REPORT-1 under ``baohu.mode = visible_le10`` (000§H: 其手中持牌数量应显示给其他
    玩家): a record cannot show that a count was displayed, so the first time a seat's
    own play takes him down to ten cards the report says so (a notice) instead of
    passing over the rule in silence.  True once the notice is given (or cannot apply)."""
    p = getattr(st, "p", None)
    if p is None or getattr(p, "baohu", None) != "visible_le10":
        return True
    if getattr(st, "ended", False):
        return False
    seat = action.seat
    if not 1 <= seat <= 6 or before is None or before.count(seat) <= 10:
        return False
    n = st.count(seat)
    if n > 10 or not st.is_active(seat):
        return False
    msg = (
        f"seat {seat} is down to {n} cards: under baohu.mode = visible_le10 the count of a "
        "player with ten cards or fewer must be shown to the table; a record cannot show "
        "that it was, so this is not checked (a false 报牌 written in the record is)",
        f"{seat}号只剩{n}张：本规则剩10张及以下须向其他玩家亮出张数（baohu.mode = "
        "visible_le10）；记录无法显示是否亮出，故不检验（记录中的报牌不实仍予检验）",
    )
    ctx.add("GJV502", "R-REPORT-1", msg, pos=_pos(action.span), round_no=round_no, seat=seat,
            action=action, param="baohu.mode")  # fmt: skip
    return True


def _overridden(ctx: _Ctx, param: str | None) -> bool:
    """True when the record's ``[Rules]`` give ``param`` another value than its profile."""
    s = _setting(ctx.profile, param)
    if s is None or ctx.rs is None or not param:
        return False
    try:
        return bool(ctx.rs.get(param) != s.value)
    except (KeyError, AttributeError, RulesetError):
        return False


#: The rulings a record can give (``[%ruling …]``) and the engine can prescribe.
RULINGS = ("accept", "retract", "daluo", "void")


def _ruling_dispute(ev: E.Dispute) -> bool:
    """A dispute about a recorded ruling: it names the ruled action itself and offers
    the profile's own ruling as the alternative."""
    a = ev.action
    if a is None or not (a.irregular or a.note("ruling") is not None):
        return False
    return any(value in RULINGS for value, _ in ev.alternatives)


def _check_round_marks(ctx: _Ctx, rounds: Mapping[int, int | None], clean: set[int]) -> None:
    """Round marks ``N.`` are redundant checks: compare them with the replay's rounds."""
    i = 0
    pending: m.RoundMark | None = None
    for item in ctx.deal.moves:
        if isinstance(item, m.RoundMark):
            pending = item
        elif isinstance(item, m.ACTION_TYPES):
            i += 1
            if pending is not None:
                actual = rounds.get(i)
                if i in clean and actual is not None and actual != pending.number:
                    msg = _both("round_mark", written=pending.number, actual=actual)
                    ctx.add("GJV303", "R-RECORD-1", msg, pos=_pos(pending.span), round_no=actual)
                pending = None


def _check_result_tags(ctx: _Ctx, ended: E.DealEnded | None, n_actions: int) -> None:
    """R-RECORD-1: the written ``Finish`` and ``Score`` against the replay."""
    tags = ctx.deal.tags
    for tag in ("Finish", "Score"):
        if tag not in tags:
            continue
        text = tags[tag]
        written: Any = parse_finish(text) if tag == "Finish" else parse_score(text)
        if written is None:
            key = "unreadable_finish" if tag == "Finish" else "unreadable_score"
            ctx.add("GJV302", "R-RECORD-1", _both(key, text=text), pos=ctx.tag_pos(tag))
            continue
        if ended is None:
            msg = _both("unconfirmed_open", tag=tag)
            ctx.add("GJV301", "R-RECORD-1", msg, pos=ctx.tag_pos(tag))
            continue
        if tag == "Finish":
            places = dict(ended.places)
            actual = tuple(sorted(places, key=lambda s: places[s]))
            ok = not ended.void and all(places.get(s) == i for i, s in enumerate(written, 1))
            if not ok:
                shown = _fmt_finish(actual) if not ended.void else None
                msg = (
                    _t("finish_differs", "en", written=_fmt_finish(written),
                       actual=shown or _t("void", "en")),
                    _t("finish_differs", "zh", written=_fmt_finish(written),
                       actual=shown or _t("void", "zh")),
                )  # fmt: skip
                ctx.add("GJV230", "R-RECORD-1", msg, pos=_tag_value_pos(ctx, tag, 0))
        else:
            score = ended.score
            if score is None and not ended.void:
                ctx.add("GJV301", "R-RECORD-1", _both("unconfirmed_score"), pos=ctx.tag_pos(tag))
                continue
            pts = (0, 0) if score is None else (score.team_points["A"], score.team_points["B"])
            if tuple(written) != pts:
                msg = _both("score_differs", written=_fmt_score(*written), actual=_fmt_score(*pts))
                ctx.add("GJV231", "R-RECORD-1", msg, pos=_tag_value_pos(ctx, tag, 0))


def _kept_indices(moves: Sequence[m.MoveItem]) -> tuple[set[int], set[int]]:
    """The main-line actions (1-based) that follow a round mark, and those after which a
    variation branches off (0: before the first action)."""
    marked: set[int] = set()
    branches: set[int] = set()
    i = 0
    pending = False
    for item in moves:
        if isinstance(item, m.RoundMark):
            pending = True
        elif isinstance(item, m.Variation):
            branches.add(max(i - 1, 0))
        elif isinstance(item, m.ACTION_TYPES):
            i += 1
            if pending:
                marked.add(i)
                pending = False
    return marked, branches


def _check_variations(ctx: _Ctx, engine: Any, states: Mapping[int, Any]) -> None:
    """Replay every variation from the state it branches from (``states[i]`` is the state
    before main-line action ``i + 1``, kept where a variation branches off); illegal
    actions there are warnings."""

    def walk(moves: Sequence[m.MoveItem], start: Any, top: bool) -> None:
        st = start
        before = start
        i = 0
        for item in moves:
            if isinstance(item, m.Variation):
                walk(item.moves, before, False)
            elif isinstance(item, m.ACTION_TYPES):
                i += 1
                if top:
                    before = states.get(i - 1, st)
                    st = states.get(i, st)
                    continue
                before = st
                try:
                    st, evs = engine.do(st, item)
                except Exception:  # an engine failure inside a what-if line: stop it
                    return
                rnd = _round_of(before, st, item)  # type: ignore[arg-type]
                for ev in evs:
                    _handle_event(ctx, ev, item, rnd, variation=True)  # type: ignore[arg-type]

    if any(isinstance(x, m.Variation) for x in ctx.deal.moves) and states:
        walk(ctx.deal.moves, states[0], True)


def validate_deal(
    deal: m.Deal,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    ruleset: Ruleset | None = None,
    profile: str | None = None,
    deck_check: bool = True,
    positions: bool = True,
) -> list[Diagnostic]:
    """Every finding of one deal, sorted by position.

    :param deal: the deal (a parsed :class:`~gojinotation.model.Deal`).
    :param file: the name shown in positions.
    :param deal_index: the deal's number in its file (1-based).
    :param source_lines: the file's lines (see :func:`source_lines_of`), for the carets.
    :param ruleset: validate under this ruleset instead of the deal's tags.
    :param profile: validate under this profile (id or alias) instead of the ``[Profile]``
        tag; the ``[Rules]`` overrides still apply.
    :param deck_check: check the deck and hand sizes (R-DECK-1); unit situations with
        small hands pass ``False``.
    :param positions: ``False`` when the spans do not refer to the file (JSON input).
    :raises RulesetError: for an unknown ``profile`` (a caller's error, not the record's).
    """
    return _validate_deal(
        deal,
        file=file,
        deal_index=deal_index,
        source_lines=source_lines,
        ruleset=ruleset,
        profile=profile,
        deck_check=deck_check,
        positions=positions,
    )[0]


def _validate_deal(
    deal: m.Deal,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    ruleset: Ruleset | None = None,
    profile: str | None = None,
    deck_check: bool = True,
    positions: bool = True,
) -> tuple[list[Diagnostic], E.DealEnded | None, Ruleset]:
    """:func:`validate_deal`, with the deal's end as the replay found it (``None`` when it
    did not end) and the ruleset it was judged under: what the match-level checks read."""
    ctx = _Ctx(deal, file, deal_index, source_lines, positions)
    if ruleset is None:
        choice = resolve_ruleset(deal, profile)
        ruleset = choice.ruleset
        ctx.profile = choice.profile
        for code, tag, msg, param, offset in choice.problems:
            pos = _tag_value_pos(ctx, tag, offset) if code == "GJV221" else ctx.tag_pos(tag)
            ctx.add(code, "", msg, pos=pos, param=param)
        if profile is not None and choice.declared and choice.declared.strip():
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                same = resolve_profile_id(choice.declared) == choice.profile
            except RulesetError:
                same = False
            if not same:
                msg = _both("forced_profile", p=choice.profile, declared=choice.declared)
                ctx.add("GJV506", "", msg, pos=ctx.tag_pos("Profile"))
        elif profile is None and not (choice.declared or "").strip():
            ctx.add("GJV503", "", _both("no_profile", p=choice.profile), pos=ctx.deal_pos())
        replayed = _with_profile_tag(deal, choice.profile)
    else:
        replayed = deal
        declared = deal.tag("Profile")
        if declared:
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                ctx.profile = resolve_profile_id(declared)
            except RulesetError:
                ctx.profile = None
    ctx.rs = ruleset
    actions = list(deal.actions())
    try:
        engine = _engine()
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"
        ctx.add("GJV290", "", _both("engine_missing", reason=reason), pos=ctx.deal_pos())
        return _sorted(ctx.out), None, ruleset
    # the implied passes and closes of a terse record (docs/format.md §9.3), filled in
    from gojinotation_analyzer.engine.fill import fill

    # (a slip illegal in every reading is replayed as its nearest legal repair and
    # reported once: one slip, one error)
    filled = fill(replayed, ruleset, deck_check=deck_check, repair=True)
    slips = {slip.index: slip for slip in filled.slips}
    for amb in filled.ambiguities:
        ctx.add("GJV222", "", (amb.en, amb.zh), pos=_pos(amb.action.span),
                seat=amb.action.seat, action=amb.action)  # fmt: skip
    deal = attrs.evolve(deal, moves=filled.deal.moves)
    replayed = attrs.evolve(replayed, moves=filled.deal.moves)
    actions = list(deal.actions())
    # Only what the later checks read is kept (a deal may have a million actions): the
    # replay's round at the actions after a round mark, and the states variations
    # branch from (``states[i]`` is the state after main-line action ``i``).
    marked, branches = _kept_indices(deal.moves)
    rounds: dict[int, int | None] = {}
    clean: set[int] = set()
    states: dict[int, Any] = {}
    ended: E.DealEnded | None = None
    done = 0
    before: Any = None
    shown_pending = True
    try:
        frames: Iterator[_FrameLike] = engine.replay(replayed, ruleset, deck_check=deck_check)
        for frame in frames:
            action = frame.action
            after = frame.state
            if action is None:
                states[0] = after
                for ev in _merge_seatless(frame.events):
                    _handle_event(ctx, ev, None, None)
                before = after
                continue
            done += 1
            rnd = _round_of(before, after, action)
            violated = any(isinstance(ev, E.Violation) for ev in frame.events)
            if done in marked:
                rounds[done] = rnd
                if not violated:
                    clean.add(done)
            slip = slips.get(done)
            for ev in (*slip.violations, *frame.events) if slip else frame.events:
                _handle_event(ctx, ev, slip.action if slip else action, rnd)
                if isinstance(ev, E.DealEnded):
                    ended = ev
                elif isinstance(ev, E.BurnFailed) and not violated:
                    _burn_failed(ctx, ev, action, rnd)
            if shown_pending and _count_shown(ctx, before, after, action, rnd):
                shown_pending = False
            if done in branches:
                states[done] = after
            before = after
    except Exception as exc:
        if os.environ.get("GOUJI_DEBUG"):
            raise
        reason = f"{type(exc).__name__}: {exc}"
        nxt = actions[done] if done < len(actions) else None
        pos = _pos(nxt.span) if nxt is not None else ctx.deal_pos()
        ctx.add("GJV290", "", _both("engine_failed", reason=reason), pos=pos, action=nxt,
                seat=nxt.seat if nxt is not None else None)  # fmt: skip
        ctx.add_summaries()
        return _sorted(ctx.out), None, ruleset
    if ended is None and actions and not getattr(before, "ended", False):
        last = actions[-1]
        pos = _pos(last.span) if last.span.line else ctx.deal_pos()
        recorded = len(actions) - filled.inserted  # as written, not the implied items
        ctx.add("GJV505", "", _both("incomplete", n=recorded), pos=pos)
    _check_result_tags(ctx, ended, len(actions))
    _check_round_marks(ctx, rounds, clean)
    try:
        _check_variations(ctx, engine, states)
    except Exception:  # a what-if line must never break the report of the main line
        if os.environ.get("GOUJI_DEBUG"):
            raise
    ctx.add_summaries()
    return _sorted(ctx.out), ended, ruleset


def _merge_seatless(events: Sequence[E.Event]) -> list[E.Event]:
    """Seatless violations of one rule before play (the deck's rank counts) as one."""
    out: list[E.Event] = []
    merged: dict[str, int] = {}
    for ev in events:
        if isinstance(ev, E.Violation) and ev.seat is None and ev.action is None:
            if ev.rule_id in merged:
                i = merged[ev.rule_id]
                old = out[i]
                assert isinstance(old, E.Violation)
                out[i] = attrs.evolve(old, en=f"{old.en}; {ev.en}", zh=f"{old.zh}；{ev.zh}")
                continue
            merged[ev.rule_id] = len(out)
        out.append(ev)
    return out


_SEV_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.DISPUTE: 2, Severity.NOTICE: 3}


def _sort_key(d: Diagnostic) -> tuple[int, int, int, int, str]:
    return (d.deal or 0, d.line, d.column, _SEV_ORDER[d.severity], d.code)


def _sorted(items: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(items, key=_sort_key)


# --------------------------------------------------------------------------- reports


def syntax_diagnostic(err: NotationError, *, deal_index: int | None = None) -> Diagnostic:
    """A syntax error of the notation layer as an error diagnostic (its ``GJN1xx`` code).

    >>> e = NotationError("GJN113", line=3, column=1, found="7", source_line="7:333",
    ...                   en="seat 7 is out of range", zh="座位 7 超出范围", filename="a.gjn")
    >>> print(syntax_diagnostic(e, deal_index=1).format("en"))
    a.gjn:3:1: error GJN113 syntax error: seat 7 is out of range (found '7') (deal 1)
      7:333
      ^
    """
    en, zh = _both("syntax")
    return Diagnostic(
        code=err.code,
        severity=Severity.ERROR,
        rule_id="",
        title_en=en,
        title_zh=zh,
        en=err.message("en"),
        zh=err.message("zh"),
        file=err.filename,
        line=err.line,
        column=err.column,
        end_column=err.end_column,
        deal=deal_index,
        source_line=err.source_line,
    )


def _is_syntax(d: Diagnostic) -> bool:
    return d.code.startswith("GJN")


@attrs.frozen
class Report:
    """What the validator found in one source.

    :ivar file: the source's name.
    :ivar deals: how many deals it has (broken ones included).
    :ivar diagnostics: every finding, syntax errors included, sorted by position.
    :ivar comparisons: profile comparisons, when asked for (:func:`compare_profiles`).
    :ivar readable: False when the file could not be read at all.
    """

    file: str
    deals: int
    diagnostics: tuple[Diagnostic, ...]
    comparisons: tuple[ProfileComparison, ...] = ()
    readable: bool = True

    def counts(self) -> dict[str, int]:
        """``syntax``, ``errors`` (rule errors), ``warnings``, ``disputes``, ``notices``:
        findings: a summary of repeats counts as the ``Diagnostic.more`` it stands for."""
        out = {"syntax": 0, "errors": 0, "warnings": 0, "disputes": 0, "notices": 0}
        for d in self.diagnostics:
            if _is_syntax(d):
                out["syntax"] += d.more or 1
            else:
                key = {"error": "errors", "warning": "warnings", "dispute": "disputes"}
                out[key.get(d.severity.value, "notices")] += d.more or 1
        return out

    @property
    def exit_code(self) -> int:
        """``2`` syntax errors (or unreadable), ``1`` rule errors, else ``0``."""
        c = self.counts()
        if c["syntax"] or not self.readable:
            return 2
        return 1 if c["errors"] else 0

    def shown(self, errors_only: bool = False) -> tuple[Diagnostic, ...]:
        """The diagnostics to show (only errors with ``errors_only``)."""
        if not errors_only:
            return self.diagnostics
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    def format(
        self, lang: str = "en", *, color: bool = False, explain: bool = False,
        errors_only: bool = False,
    ) -> str:  # fmt: skip
        """Every diagnostic for a terminal, then the comparisons."""
        parts = [d.format(lang, color=color, explain=explain) for d in self.shown(errors_only)]
        parts += [c.format(lang, color=color) for c in self.comparisons]
        return "\n".join(parts)

    def as_dict(self, errors_only: bool = False, *, explain: bool = True) -> dict[str, Any]:
        """Plain data for ``--format json`` (see ``docs/validator.md``); without
        ``explain`` the explanations are ``null`` (they repeat the rule texts)."""
        return {
            "file": self.file,
            "readable": self.readable,
            "deals": self.deals,
            "counts": self.counts(),
            "exit_code": self.exit_code,
            "diagnostics": [diagnostic_dict(d, explain=explain) for d in self.shown(errors_only)],
            "comparisons": [c.as_dict() for c in self.comparisons],
        }


def diagnostic_dict(d: Diagnostic, *, explain: bool = True) -> dict[str, Any]:
    """:meth:`Diagnostic.as_dict` plus ``end_column``, ``source_line`` and ``syntax``
    (``explanation`` is ``null`` without ``explain``)."""
    out = d.as_dict()
    if not explain:
        out["explanation"] = None
    out["end_column"] = d.end_column
    out["source_line"] = d.source_line
    out["syntax"] = _is_syntax(d)
    return out


def _next_in_match(prev: m.Deal, deal: m.Deal) -> bool:
    """Whether the record places ``deal`` right after ``prev`` in one match: the same
    ``Event``, and the ``Deal`` number one more (the ``Game`` the same or one more too)."""

    def num(d: m.Deal, tag: str) -> int | None:
        v = (d.tag(tag) or "").strip()
        return int(v) if v.isascii() and v.isdigit() else None

    n, k = num(prev, "Deal"), num(deal, "Deal")
    if n is None or k != n + 1 or prev.tag("Event") != deal.tag("Event"):
        return False
    g, h = num(prev, "Game"), num(deal, "Game")
    return g == h or (g is not None and h == g + 1)


def _next_leader(rs: Ruleset, ended: E.DealEnded) -> int | None:
    """The first leader ``open.subsequent`` gives after a deal that ended as ``ended``
    (R-OPEN-1): the 大落 where he leads, seat 1 where it is fixed; ``None`` where a fresh
    开牌 decides (a void deal, 串三户 among ``open.redo_triggers``, a redraw every game) or
    the record cannot show it (a rotation from the previous 开牌's taker)."""
    places = ended.places
    if ended.void or len(places) < 6:
        return None
    score = ended.score
    if score is not None and score.chuan3hu is not None and "chuan3hu" in rs.open.redo_triggers:
        return None
    sub = rs.open.subsequent
    if sub in ("daluo_duitou_opens_daluo_leads", "daluo_opens_and_leads"):
        return next(s for s, p in places.items() if p == 6)
    return 1 if sub == "fixed_seat1" else None


def _check_next_leader(
    ctx: _Ctx, found: list[Diagnostic], prev_end: E.DealEnded, rs: Ruleset
) -> list[Diagnostic]:
    """R-OPEN-1 in a match: the ``Leader`` tag of a deal against the previous deal's end
    under ``open.subsequent``.  Where the previous deal decides, the replay's notice that a
    later deal's leader cannot be checked from one deal is replaced by the check itself."""
    expected = _next_leader(rs, prev_end)
    tag = (ctx.deal.tag("Leader") or "").strip()
    if expected is None or not (tag.isascii() and tag.isdigit()):
        return found
    kept = [d for d in found if not (d.code == "GJV502" and d.rule_id == "R-OPEN-1")]
    if int(tag) != expected:
        ctx.rs = rs
        sub = rs.open.subsequent
        msg = (
            f"the Leader tag names seat {tag}, but after the previous deal of the match "
            f"open.subsequent ({sub}) makes seat {expected} the first leader",
            f"Leader 标签为{tag}号，但按上一局的结果（open.subsequent：{sub}），"
            f"本局首发牌人应为{expected}号",
        )
        ctx.add("GJV216", "R-OPEN-1", msg, pos=_tag_value_pos(ctx, "Leader", 0),
                seat=int(tag), param="open.subsequent")  # fmt: skip
    return _sorted(kept + ctx.out)


def validate_match(
    match: m.Match,
    errors: Sequence[NotationError] = (),
    *,
    file: str = "<string>",
    source_lines: Sequence[str] = (),
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    positions: bool = True,
) -> Report:
    """Validate every deal of a record already read (broken deals give their syntax
    errors; ``errors`` not tied to a deal are reported too).  ``compare`` lists profiles
    for :func:`compare_profiles` of every deal."""
    out: list[Diagnostic] = []
    comparisons: list[ProfileComparison] = []
    seen: set[int] = set()
    prev: tuple[m.Deal, E.DealEnded | None] | None = None
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, BrokenDeal):
            for err in deal.errors:
                seen.add(id(err))
                out.append(syntax_diagnostic(err, deal_index=i))
            prev = None
            continue
        found, ended, rs = _validate_deal(
            deal,
            file=file,
            deal_index=i,
            source_lines=source_lines,
            profile=profile,
            deck_check=deck_check,
            positions=positions,
        )
        if prev is not None and prev[1] is not None and _next_in_match(prev[0], deal):
            ctx = _Ctx(deal, file, i, source_lines, positions)
            found = _check_next_leader(ctx, found, prev[1], rs)
        out.extend(found)
        prev = (deal, ended)
        if compare:
            comparisons.append(
                compare_profiles(
                    deal,
                    compare,
                    file=file,
                    deal_index=i,
                    source_lines=source_lines,
                    profile=profile,
                    deck_check=deck_check,
                    positions=positions,
                )
            )
    out.extend(syntax_diagnostic(e) for e in errors if id(e) not in seen)
    return Report(file, len(match.deals), tuple(_sorted(out)), tuple(comparisons))


def reader_failure(name: str, exc: Exception) -> Report:
    """The report of a file the notation reader failed on (an internal error)."""
    reason = f"{type(exc).__name__}: {exc}"[:300]
    en, zh = _both("reader_failed", reason=reason)
    title_en, title_zh = CODES["GJV290"].title_en, CODES["GJV290"].title_zh
    d = Diagnostic("GJV290", Severity.ERROR, "", title_en, title_zh, en, zh, file=name)
    return Report(name, 0, (d,), readable=False)


def validate_source(
    source: str | bytes | os.PathLike[str],
    *,
    file: str | None = None,
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
) -> Report:
    """Read and validate a GJN source: a path (:class:`os.PathLike`), or the text itself
    (``str`` or ``bytes``).  Never raises for any input except an unknown ``profile`` or
    ``compare`` entry (:class:`~rules.ruleset.RulesetError`); an unreadable path gives
    a report with ``readable=False``.

    >>> r = validate_source(b"\\xff\\xfe", file="x.gjn")
    >>> [d.code for d in r.diagnostics], r.exit_code
    (['GJN115'], 2)
    """
    if isinstance(source, os.PathLike):
        name = file or os.fspath(source)
        try:
            data: str | bytes = Path(source).read_bytes()
        except OSError:
            return Report(name, 0, (), (), readable=False)
    else:
        name = file or "<string>"
        data = source
    text: str | None
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
    else:
        text = data
    try:
        result = read(data if text is None else text, filename=name)
    except Exception as exc:  # a reader bug must not become a traceback
        if os.environ.get("GOUJI_DEBUG"):
            raise
        return reader_failure(name, exc)
    for err in result.errors:
        err.with_filename(name)
    lines = source_lines_of(text) if text is not None else []
    return validate_match(
        result.match,
        result.errors,
        file=name,
        source_lines=lines,
        profile=profile,
        compare=compare,
        deck_check=deck_check,
    )


# ------------------------------------------------------------------ profile comparison


@attrs.frozen
class ProfileOutcome:
    """One ruleset's replay of a deal.

    :ivar label: how the ruleset is shown (``record: <profile>`` for the record's own).
    :ivar profile: the profile id.
    :ivar overrides: the override text applied (the record's ``[Rules]`` for its own).
    :ivar finish: the seats in place order (头科 first), ``()`` if the deal did not end.
    :ivar team_points: team A's and team B's points, or ``None``.
    :ivar errors: how many actions break a rule under this ruleset.
    :ivar disputes: how many dispute events the replay gave.
    :ivar void: the deal is void under this ruleset.
    """

    label: str
    profile: str
    overrides: str
    finish: tuple[int, ...]
    team_points: tuple[int, int] | None
    errors: int
    disputes: int
    void: bool = False


@attrs.frozen
class ComparisonRow:
    """One action ruled differently (or disputed) under the rulesets compared.

    :ivar index: the action's 1-based position in the deal's main line.
    :ivar action: its canonical text.
    :ivar rulings: per ruleset (same order as the outcomes), the diagnostics the action
        gets (empty: legal).
    :ivar params: ``(parameter, values per ruleset)`` for the parameters that make the
        difference.
    :ivar first: True for the first action ruled differently (the replays may diverge
        after it).
    :ivar differs: False when the rulesets agree and the row is there for a dispute.
    :ivar param_sources: per parameter and ruleset, where the value comes from: a
        citation tag (``000§F 6``), ``default`` (an open point), ``disputed`` or
        ``rules`` (the record's ``[Rules]``).
    :ivar events: per ruleset, ``(en, zh)`` of the events (places, 够死级, 开点, burns …)
        that only some rulesets give for this action.
    """

    index: int
    action: str
    line: int
    column: int
    round: int | None
    seat: int | None
    source_line: str
    rulings: tuple[tuple[Diagnostic, ...], ...]
    params: tuple[tuple[str, tuple[str, ...]], ...]
    first: bool = False
    differs: bool = True
    events: tuple[tuple[tuple[str, str], ...], ...] = ()
    param_sources: tuple[tuple[str, ...], ...] = ()


@attrs.frozen
class OpenPoint:
    """An open or disputed point of the record's profile that this deal touches."""

    param: str
    value: str
    note: str
    rules: tuple[str, ...]


@attrs.frozen
class ProfileComparison:
    """A deal replayed under several rulesets (see :func:`compare_profiles`)."""

    file: str
    deal: int
    outcomes: tuple[ProfileOutcome, ...]
    rows: tuple[ComparisonRow, ...]
    open_points: tuple[OpenPoint, ...]
    record_profile: str

    def format(self, lang: str = "en", *, color: bool = False) -> str:
        """A table of outcomes, then the differing rulings, then the open points."""
        import click

        def style(text: str, **kw: Any) -> str:
            return click.style(text, **kw) if color else text

        out = [style(_t("cmp.head", lang, file=self.file, deal=self.deal,
                        n=len(self.outcomes)), bold=True)]  # fmt: skip
        rows = [_t("cmp.cols", lang).split("|")]
        for o in self.outcomes:
            finish = _fmt_finish(o.finish) if o.finish else _t("cmp.unfinished", lang)
            if o.void:
                finish = _t("void", lang)
            score = _fmt_score(*o.team_points) if o.team_points else _t("cmp.noscore", lang)
            rows.append([o.label, str(o.errors), str(o.disputes), finish, score])
        out.extend("  " + line for line in _table(rows))
        labels = [o.label for o in self.outcomes]
        width = max((_width(x) for x in labels), default=0)
        if self.rows:
            out.append(_t("cmp.rows", lang))
        elif not self.open_points:
            out.append(_t("cmp.same", lang))
        for row in self.rows:
            coords = []
            if row.round:
                coords.append(f"第{row.round}轮" if lang == "zh" else f"round {row.round}")
            if row.seat:
                coords.append(f"{row.seat}号位" if lang == "zh" else f"seat {row.seat}")
            sep = "，" if lang == "zh" else ", "
            out.append(
                "  "
                + style(f"{self.file}:{row.line}:{row.column}", bold=True)
                + f" {row.action}"
                + (f" ({sep.join(coords)})" if coords else "")
            )
            if row.source_line:
                out.append(f"    {row.source_line.rstrip()}")
            extra = row.events or ((),) * len(labels)
            for label, diags, evs in zip(labels, row.rulings, extra, strict=True):
                pad = " " * (width - _width(label))
                notes = ("；" if lang == "zh" else "; ").join(
                    z if lang == "zh" else e for e, z in evs
                )
                if not diags:
                    legal = style(_t("legal", lang), fg="green")
                    out.append(f"    {label}{pad}  {legal}" + (f" ({notes})" if notes else ""))
                elif notes:
                    out.append(f"    {label}{pad}  ({notes})")
                    label, pad = "", " " * width
                for d in diags:
                    sev = d.severity.zh if lang == "zh" else d.severity.value
                    msg = d.zh if lang == "zh" else d.en
                    out.append(
                        f"    {label}{pad}  "
                        + style(sev, fg=d.severity.color, bold=True)
                        + f" {d.code} [{d.rule_id}] {msg}"
                    )
                    label, pad = "", " " * width
            for k, (name, values) in enumerate(row.params):
                where = row.param_sources[k] if k < len(row.param_sources) else ()
                where = where or ("",) * len(values)
                vals = ("；" if lang == "zh" else "; ").join(
                    f"{lab}={v}" + (f" ({_t('src.' + w, lang) if w in _SRC else w})" if w else "")
                    for lab, v, w in zip(labels, values, where, strict=True)
                )
                out.append("    " + _t("cmp.param", lang, p=name, values=vals))
            if row.first and row.differs:
                out.append("    " + _t("cmp.first", lang))
        if self.open_points:
            out.append(_t("cmp.open", lang, p=self.record_profile))
            for op in self.open_points:
                note = op.note
                if lang == "zh":
                    from gojinotation_analyzer.rules.ruleset import PARAMETERS

                    param = PARAMETERS.get(op.param)
                    note = (param.zh if param is not None else "") + f"（{op.note}）"
                out.append(f"  {op.param} = {op.value} [{', '.join(op.rules)}]: {note}")
        return "\n".join(out)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for ``--format json``."""
        return {
            "file": self.file,
            "deal": self.deal,
            "record_profile": self.record_profile,
            "outcomes": [
                {
                    "label": o.label,
                    "profile": o.profile,
                    "overrides": o.overrides,
                    "finish": list(o.finish),
                    "score": None
                    if o.team_points is None
                    else {"A": o.team_points[0], "B": o.team_points[1]},
                    "errors": o.errors,
                    "disputes": o.disputes,
                    "void": o.void,
                }
                for o in self.outcomes
            ],
            "rows": [
                {
                    "index": r.index,
                    "action": r.action,
                    "line": r.line,
                    "column": r.column,
                    "round": r.round,
                    "seat": r.seat,
                    "first": r.first,
                    "differs": r.differs,
                    "rulings": [
                        {"label": o.label, "diagnostics": [diagnostic_dict(d) for d in ds]}
                        for o, ds in zip(self.outcomes, r.rulings, strict=True)
                    ],
                    "params": [
                        {
                            "name": n,
                            "values": list(v),
                            "sources": list(r.param_sources[k]) if k < len(r.param_sources) else [],
                        }
                        for k, (n, v) in enumerate(r.params)
                    ],
                    "events": [
                        {"label": o.label, "events": [{"en": e, "zh": z} for e, z in evs]}
                        for o, evs in zip(self.outcomes, r.events, strict=True)
                    ],
                }
                for r in self.rows
            ],
            "open_points": [attrs.asdict(p) for p in self.open_points],
        }


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return [
        "  ".join(c + " " * (w - _width(c)) for c, w in zip(r, widths, strict=False)) + "  " + r[-1]
        for r in rows
    ]


def _resolve_list(profiles: Sequence[str] | str) -> list[str]:
    from gojinotation_analyzer.rules.profiles import PROFILES, resolve_profile_id

    names = [profiles] if isinstance(profiles, str) else list(profiles)
    out: list[str] = []
    for n in names:
        for part in n.split(","):
            if not part.strip():
                continue
            ids = list(PROFILES) if part.strip().lower() == "all" else [resolve_profile_id(part)]
            out.extend(i for i in ids if i not in out)
    return out


def compare_profiles(
    deal: m.Deal,
    profiles: Sequence[str] | str,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    profile: str | None = None,
    include_record: bool = True,
    deck_check: bool = True,
    positions: bool = True,
) -> ProfileComparison:
    """Replay ``deal`` under each of ``profiles`` (ids, aliases, comma lists or ``all``)
    and under the record's own ruleset (its profile plus its ``[Rules]``), and show where
    the rulings differ.

    Each action ruled differently, or disputed under any of them, becomes a
    :class:`ComparisonRow` with every ruleset's diagnostics and the parameters that make
    the difference (the events' ``param`` and the rule's parameters, among those whose
    values differ).  The open points of the record's profile that this deal touches are
    listed too, so nothing is hidden behind a default.

    :raises RulesetError: for an unknown profile name.
    """
    from gojinotation_analyzer.rules.profiles import open_points
    from gojinotation_analyzer.rules.rulebook import RULES

    ids = _resolve_list(profiles)
    choice = resolve_ruleset(deal, profile)
    # a terse record's implied items, filled once under the record's profile: every run
    # replays the same actions, so that they line up
    from gojinotation_analyzer.engine.fill import fill

    deal = attrs.evolve(deal, moves=fill(deal, choice.ruleset, deck_check=deck_check).deal.moves)
    runs: list[tuple[str, str, str, Ruleset]] = []
    if include_record:
        own = choice.profile + (" + [Rules]" if choice.overrides.strip() else "")
        runs.append((f"{_t('record', 'en')}: {own}", choice.profile, choice.overrides,
                     choice.ruleset))  # fmt: skip
    from gojinotation_analyzer.rules.profiles import load_ruleset

    for pid in ids:
        if include_record and pid == choice.profile and not choice.overrides.strip():
            continue
        runs.append((pid, pid, "", load_ruleset(pid)))
    per_run: list[dict[int, list[Diagnostic]]] = []
    per_events: list[dict[int, list[_EventSig]]] = []
    outcomes: list[ProfileOutcome] = []
    touched_rules: set[str] = set()
    meta: dict[int, tuple[m.Action, int | None]] = {}
    for label, pid, overrides, rs in runs:
        by_action: dict[int, list[Diagnostic]] = {}
        events: dict[int, list[_EventSig]] = {}
        ended, n_err, n_disp = _replay_for_compare(
            deal, pid, overrides, rs, file, deal_index, source_lines, deck_check, positions,
            by_action, events, meta, touched_rules if label == runs[0][0] else None,
        )  # fmt: skip
        finish: tuple[int, ...] = ()
        pts: tuple[int, int] | None = None
        void = False
        if ended is not None:
            places = dict(ended.places)
            finish = tuple(sorted(places, key=lambda s: places[s]))
            void = ended.void
            if ended.score is not None:
                pts = (ended.score.team_points["A"], ended.score.team_points["B"])
        outcomes.append(ProfileOutcome(label, pid, overrides, finish, pts, n_err, n_disp, void))
        per_run.append(by_action)
        per_events.append(events)
    rows: list[ComparisonRow] = []
    first_seen = False
    rsets = [r[3] for r in runs]
    differing = {n for i, a in enumerate(rsets) for b in rsets[i + 1 :] for n, _, _ in a.diff(b)}
    indices = {k for r in per_run for k in r} | {k for r in per_events for k in r}
    for idx in sorted(i for i in indices if i in meta):
        rulings = tuple(tuple(r.get(idx, ())) for r in per_run)
        sigs = {tuple(sorted((d.severity.value, d.rule_id) for d in x if d.severity is not
                             Severity.DISPUTE)) for x in rulings}  # fmt: skip
        evs = [r.get(idx, []) for r in per_events]
        common = set.intersection(*(set(x) for x in evs)) if evs else set()
        only = tuple(tuple(e for e in x if e not in common) for x in evs)
        differs = len(sigs) > 1 or any(only)
        disputed = any(d.severity is Severity.DISPUTE for x in rulings for d in x)
        if not differs and not disputed:
            continue
        action, rnd = meta[idx]
        params: list[str] = []
        for x in rulings:
            for d in x:
                if d.param and d.param not in params:
                    params.append(d.param)
        if differs:
            found = [p for p in params if p in differing]
            if not found:
                rule_ids = [d.rule_id for x in rulings for d in x] + [e[1] for x in only for e in x]
                for rid in rule_ids:
                    r = RULES.get(rid)
                    for p in r.parameters if r is not None else ():
                        if p in differing and p not in found:
                            found.append(p)
            params = found or params
        param_rows = tuple(
            (name, tuple(_param_value(rs, name) or "?" for rs in rsets)) for name in params
        )
        sources = tuple(tuple(_provenance(run[1], run[3], name) for run in runs) for name in params)
        at = _pos(action.span) if positions else _Pos()
        src = source_lines[at.line - 1] if 0 < at.line <= len(source_lines) else ""
        rows.append(
            ComparisonRow(
                idx, format_action(action), at.line, at.column, rnd, action.seat, src,
                rulings, param_rows, first=differs and not first_seen, differs=differs,
                param_sources=sources,
                events=tuple(tuple((e[3], e[4]) for e in x) for x in only),
            )
        )  # fmt: skip
        first_seen = first_seen or differs
    ops: list[OpenPoint] = []
    relevant: dict[str, list[str]] = {}
    for rid in sorted(touched_rules):
        r = RULES.get(rid)
        for prm in r.parameters if r is not None else ():
            relevant.setdefault(prm, []).append(rid)
    for name, note in open_points(choice.profile):
        if name in relevant:
            value = _param_value(choice.ruleset, name) or "?"
            ops.append(OpenPoint(name, value, note, tuple(relevant[name])))
    return ProfileComparison(
        file, deal_index, tuple(outcomes), tuple(rows), tuple(ops), choice.profile
    )


_SRC = ("default", "disputed", "rules")


def _provenance(pid: str, rs: Ruleset, name: str) -> str:
    """Where ``rs``'s value of ``name`` comes from (for comparison rows)."""
    s = _setting(pid, name)
    if s is None:
        return ""
    try:
        if rs.get(name) != s.value:
            return "rules"
    except (KeyError, AttributeError, RulesetError):
        return ""
    if s.is_disputed:
        return "disputed"
    if s.open:
        return "default"
    return str(s.citation.tag) if s.citation is not None else ""


#: Events every deal has: their rules' open points would be listed for every deal.
_ROUTINE = (E.Led, E.Played, E.Passed, E.RoundEnded, E.Closed, E.DealEnded, E.Reported)


#: (kind, rule id, seat, English, Chinese) of an event, to compare replays.
_EventSig = tuple[str, str, int | None, str, str]

#: Events that follow from the cards alone; the others carry a ruling of the profile.
_PLAIN = (E.Led, E.Played, E.Passed, E.RoundEnded, E.Closed, E.GoujiPlayed, E.DealEnded)


def _ruling_event(ev: E.Event) -> bool:
    """Whether an event (other than a diagnostic) is a ruling worth comparing."""
    return not isinstance(ev, (*_PLAIN, E.Violation, E.Dispute, E.Notice))


def _touches(ev: E.Event) -> bool:
    """Whether an event makes its rule's open points matter for this deal."""
    if not ev.rule or isinstance(ev, _ROUTINE):
        return False
    return not isinstance(ev, E.WentOut) or bool(ev.forced)


def _replay_for_compare(
    deal: m.Deal,
    pid: str,
    overrides: str,
    rs: Ruleset,
    file: str,
    deal_index: int,
    source_lines: Sequence[str],
    deck_check: bool,
    positions: bool,
    by_action: dict[int, list[Diagnostic]],
    events: dict[int, list[_EventSig]],
    meta: dict[int, tuple[m.Action, int | None]],
    touched: set[str] | None,
) -> tuple[E.DealEnded | None, int, int]:
    ctx = _Ctx(deal, file, deal_index, source_lines, positions)
    ctx.rs = rs
    ctx.profile = pid
    ended: E.DealEnded | None = None
    n_err = n_disp = 0
    try:
        engine = _engine()
        before: Any = None
        i = 0
        for frame in engine.replay(_with_profile_tag(deal, pid, overrides), rs,
                                   deck_check=deck_check):  # fmt: skip
            action = frame.action
            rnd = _round_of(before, frame.state, action) if action is not None else None
            if action is not None:
                i += 1
                meta.setdefault(i, (action, rnd))
            for ev in frame.events:
                if touched is not None and _touches(ev):
                    touched.add(ev.rule)
                if isinstance(ev, E.DealEnded):
                    ended = ev
                if action is not None and _ruling_event(ev):
                    sig = (ev.kind, ev.rule, ev.seat, ev.en, ev.zh)
                    events.setdefault(i, []).append(sig)
                if not isinstance(ev, (E.Violation, E.Dispute)) or action is None:
                    continue
                start = len(ctx.out)
                _handle_event(ctx, ev, action, rnd)
                new = ctx.out[start:]
                by_action.setdefault(i, []).extend(new)
                n_err += sum(d.severity is Severity.ERROR for d in new)
                n_disp += sum(d.severity is Severity.DISPUTE for d in new)
            before = frame.state
    except Exception:
        if os.environ.get("GOUJI_DEBUG"):
            raise
    return ended, n_err, n_disp
