"""The validator's messages: every text a report adds to the engine's own, in English and
Chinese, by key.

>>> t("void", "zh"), both("legal")
('本局作废', ('legal', '合法'))
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, tuple[str, str]] = {
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


def t(key: str, lang: str, **fields: Any) -> str:
    en, zh = MESSAGES[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def both(key: str, **fields: Any) -> tuple[str, str]:
    return t(key, "en", **fields), t(key, "zh", **fields)
