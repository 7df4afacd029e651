"""Catalogue entries of the validator's reports (reports/): every text a report adds
to the engine's own.

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the validator's reports (reports/): every text a report adds to the engine's own
    "report.syntax": ("syntax error", "语法错误"),
    "report.here": ("In this record: {msg}.", "本记录中：{msg}。"),
    "report.sanction": ("The replay went on with: {s}.", "复盘按此继续：{s}。"),
    "report.param": (
        "The profile parameter {p} = {v} decides it{prov}.",
        "由规则参数 {p} = {v} 决定{prov}。",
    ),
    "report.prov.stated": (" (stated by {src})", "（{src} 明文规定）"),
    "report.prov.default": (
        " (an open point: the documents are silent, this is the default)",
        "（未定之处：文件未作规定，此为默认值）",
    ),
    "report.prov.disputed": (" (the documents disagree on it)", "（文件对此有分歧）"),
    "report.ruling": ("Ruling recorded: {r}.", "记录的裁决：{r}。"),
    "report.no_ruling": (
        "No ruling was recorded; the profile's sanction was applied.",
        "未记录裁决，按本规则的处理执行。",
    ),
    "report.irregular": ("irregular action recorded: {msg}", "记录的违规行为：{msg}"),
    "report.legal_irregular": (
        "marked irregular (^) but legal under the profile",
        "标为违规（^），但按本规则合法",
    ),
    "report.unknown_profile": (
        "{msg}; validated under {fallback} instead",
        "{msg}；改按 {fallback} 检验",
    ),
    "report.bad_override": ("{msg}; this override is ignored", "{msg}；忽略此项改动"),
    "report.finish_differs": (
        "the Finish tag says {written}; the replay gives {actual}",
        "Finish 标签记为 {written}；复盘结果为 {actual}",
    ),
    "report.score_differs": (
        "the Score tag says {written}; the replay gives {actual}",
        "Score 标签记为 {written}；复盘得分为 {actual}",
    ),
    "report.void": ("the deal is annulled", "本局作废"),
    "report.unconfirmed_open": (
        "the {tag} tag cannot be confirmed: the record ends before the deal is over",
        "无法核实 {tag} 标签：记录在本局结束前中止",
    ),
    "report.unconfirmed_score": (
        "the Score tag cannot be confirmed: the replay gives no score for this deal",
        "无法核实 Score 标签：复盘未能给出本局得分",
    ),
    "report.unreadable_finish": (
        "the Finish tag {text!r} cannot be read: write the six seats from 头科 to 大落, "
        'e.g. [Finish "3 1 5 2 6 4"]',
        'Finish 标签 {text!r} 无法读取：请按头科到大落的顺序写六个座位，如 [Finish "3 1 5 2 6 4"]',
    ),
    "report.unreadable_score": (
        "the Score tag {text!r} cannot be read: write team A's points, then team B's, "
        'e.g. [Score "+6 -6"]',
        'Score 标签 {text!r} 无法读取：请先写甲方（A）得分，再写乙方（B）得分，如 [Score "+6 -6"]',
    ),
    "report.round_mark": (
        "the record numbers this round {written}; the replay is at round {actual}",
        "记录的轮次为第{written}轮；复盘为第{actual}轮",
    ),
    "report.variation": ("in a variation: {msg}", "变着中：{msg}"),
    "report.repeated": (
        "{n} more like this ({who}) after the first {limit}, from {first} to {last}, "
        "left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略，自{first}至{last}；其中第一条：{msg}",
    ),
    "report.repeated_nopos": (
        "{n} more like this ({who}) after the first {limit}, left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略；其中第一条：{msg}",
    ),
    # -- the tag checks (reports/tags.py): GJV307, GJV308, GJV309
    "report.tag_leader": (
        "the Leader tag is {value!r}: expected a seat 1-6; the tag is ignored (the first "
        "leader is found as if it were absent)",
        "Leader 标签为 {value!r}：应为 1-6 号座位；此标签被忽略（按未写此标签确定首发牌人）",
    ),
    "report.tag_number": (
        "the {tag} tag is {value!r}: expected a whole number from 1 to {hi}",
        "{tag} 标签为 {value!r}：应为 1 到 {hi} 的整数",
    ),
    "report.tag_seconds": (
        "the TimeControl tag is {value!r}: expected the seconds a play may take, a whole "
        "number from 1 to {hi}",
        "TimeControl 标签为 {value!r}：应为每次出牌限时的秒数，1 到 {hi} 的整数",
    ),
    "report.tag_score": (
        "the Score tag is {value!r}: expected points a deal can give, at most {hi} a team",
        "Score 标签为 {value!r}：应为一局可能的得分，每方至多 {hi} 分",
    ),
    "report.tag_date_form": (
        "the Date tag is {value!r}: expected a date YYYY.MM.DD, unknown parts as ?? "
        '(e.g. "2026.05.01", "2026.??.??")',
        "Date 标签为 {value!r}：应为 YYYY.MM.DD 形式的日期，未知部分写 ??"
        '（如 "2026.05.01"、"2026.??.??"）',
    ),
    "report.tag_date_year": (
        "the Date tag is {value!r}: expected a year from {lo} to {hi}",
        "Date 标签为 {value!r}：年份应在 {lo} 到 {hi} 之间",
    ),
    "report.tag_date_month": (
        "the Date tag is {value!r}: expected a month 01-12",
        "Date 标签为 {value!r}：月份应为 01-12",
    ),
    "report.tag_date_day": (
        "the Date tag is {value!r}: expected a day 01-{last} in that month",
        "Date 标签为 {value!r}：该月的日期应为 01-{last}",
    ),
    "report.no_profile": (
        "the deal names no rule profile; it is validated under {p}",
        "本局未注明规则方案，按 {p} 检验",
    ),
    "report.forced_profile": (
        "validated under {p} (as asked); the record names {declared}",
        "按指定的 {p} 检验；记录注明的是 {declared}",
    ),
    "report.incomplete": (
        "the record stops after {n} action(s); the deal is not over",
        "记录在第{n}手后中止，本局尚未结束",
    ),
    "report.penalty": (
        "referee's penalty {points:+d} for seat {seat}{why}",
        "裁判对{seat}号罚分 {points:+d}{why}",
    ),
    "report.ruling_action": (
        "referee's ruling on seat {seat}: {text}",
        "裁判对{seat}号的裁决：{text}",
    ),
    "report.engine_missing": (
        "the rules engine is not available ({reason}); the moves were not checked",
        "规则引擎不可用（{reason}）；未检验着法",
    ),
    "report.reader_failed": (
        "internal error of the notation reader ({reason}); the file was not checked "
        "(please report this)",
        "记谱读取器内部错误（{reason}）；未检验此文件（请报告此问题）",
    ),
    "report.engine_failed": (
        "internal error of the rules engine ({reason}); the rest of the deal was not "
        "checked (please report this)",
        "规则引擎内部错误（{reason}）；本局其余部分未检验（请报告此问题）",
    ),
    "report.legal": ("legal", "合法"),
    "report.burn_failed": (
        "烧糊: the burner is 大落 and his remaining cards are out of play (R-BURN-5)",
        "烧糊：烧牌者为大落，余牌作废（R-BURN-5）",
    ),
    "report.record": ("record", "记录"),
    "report.cmp.head": (
        "{file}, deal {deal}: {n} rulesets compared",
        "{file}，第{deal}局：比较 {n} 套规则",
    ),
    "report.cmp.cols": (
        "ruleset|errors|disputes|finish (头科→大落)|score A B",
        "规则|错误|争议|名次（头科→大落）|得分 甲 乙",
    ),
    "report.cmp.rows": ("Rulings that differ, action by action:", "逐手列出裁定不同之处："),
    "report.cmp.same": (
        "Every ruleset rules every action the same way.",
        "各套规则对每一手的裁定都相同。",
    ),
    "report.cmp.param": ("parameter {p}: {values}", "参数 {p}：{values}"),
    "report.cmp.groups": (
        "Where the rulesets rule differently: {rows} action(s), in {groups} group(s) by the "
        "parameters that make the difference (the rulings shown are the group's first "
        "action's; --format json lists every action):",
        "各套规则裁定不同之处：共 {rows} 手，按造成差异的参数分为 {groups} 组（列出的是每组第一手的"
        "裁定；--format json 列出每一手）：",
    ),
    "report.cmp.group": (
        "parameter {p}: {n} action(s), the first {where}",
        "参数 {p}：{n} 手，第一手 {where}",
    ),
    "report.cmp.group_none": (
        "no parameter named (a dispute, or a consequence of an earlier difference): {n} "
        "action(s), the first {where}",
        "未指明参数（争议，或前面差异的后果）：{n} 手，第一手 {where}",
    ),
    "report.cmp.also": ("also at {places}", "另见 {places}"),
    "report.cmp.more": ("{n} more", "另有 {n} 手"),
    "report.cmp.diverge": (
        "(the replays diverge from the first action ruled differently: later differences "
        "may follow from it)",
        "（复盘自第一处裁定不同的牌起分叉：其后的差异可能由此而来）",
    ),
    "report.cmp.first": (
        "(the replays diverge from here: later differences may follow from this one)",
        "（复盘自此分叉：其后的差异可能由此而来）",
    ),
    "report.cmp.open": (
        "Open points of {p} that this deal touches (decided by a default, not by the documents):",
        "本局涉及的 {p} 未定之处（由默认值而非文件决定）：",
    ),
    "report.cmp.unfinished": ("(not finished)", "（未结束）"),
    "report.src.default": ("default: an open point", "默认值：未定之处"),
    "report.src.disputed": ("disputed", "有分歧"),
    "report.src.rules": ("the record's [Rules]", "记录的 [Rules]"),
    "report.kind.Play": ("play", "出牌"),
    "report.kind.Burn": ("burn", "烧牌"),
    "report.kind.Pass": ("pass", "过牌"),
    "report.kind.Yield": ("yield", "让牌"),
    "report.kind.Close": ("close", "扣牌"),
    "report.kind.Timeout": ("timeout", "超时"),
    "report.kind.Revolution": ("revolution", "革命"),
    "report.kind.Report": ("report", "报牌"),
    "report.kind.Buy": ("buy", "买牌"),
    "report.kind.Give": ("give", "送牌"),
    "report.kind.Tribute": ("tribute", "进贡"),
    "report.kind.Return": ("return", "还贡"),
    "report.kind.Penalty": ("penalty", "罚分"),
    "report.kind.Ruling": ("ruling", "裁决"),
    "report.kind.Declare": ("burn declaration", "声明烧牌"),
    "report.kind.Decline": ("burn declined", "声明不烧"),
    "report.kind.Draw": ("开牌 draw", "开牌"),
    "report.kind.Show": ("亮3", "亮3"),
    "report.kind.Jiefeng": ("接风 claim", "接风"),
    "report.kind.Kaidian": ("automatic 开点 claim", "声明自动开点"),
    "report.kind.Baola": ("保拉", "保拉"),
    "report.kind.Waive": ("够死级 waived", "放弃够死级"),
    "report.kind.Query": ("问牌", "问牌"),
}
