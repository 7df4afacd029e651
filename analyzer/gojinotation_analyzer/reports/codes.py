"""The validator's diagnostic codes: one :class:`Code` per ``GJV`` code, with its severity,
its title in both languages and the rule ids whose violations it reports.

>>> CODES["GJV216"].title_en, CODES["GJV216"].rules, code_for_rule("R-OPEN-1")
('wrong first leader', ('R-OPEN-1',), 'GJV216')
"""

from __future__ import annotations

import attrs

from gojinotation_analyzer.reports.diagnostics import Severity


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
        Code("GJV223", _E, "a set without its seat where it cannot stand",
             "无座位的出牌不能成立", ("R-RECORD-2",)),
        Code("GJV230", _E, "written finish order differs from the replay", "记录的名次与复盘不符"),
        Code("GJV231", _E, "written score differs from the replay", "记录的得分与复盘不符"),
        Code("GJV290", _E, "the replay could not be completed", "无法完成复盘"),
        # -- warnings
        Code("GJV301", _W, "written result cannot be confirmed", "记录的结果无法核实"),
        Code("GJV302", _W, "written result cannot be read", "无法读取记录的结果"),
        Code("GJV303", _W, "round number differs from the replay", "轮次编号与复盘不符"),
        Code("GJV305", _W, "illegal action in a variation", "变着中有违规着法"),
        Code("GJV306", _W, "failed burn (烧糊)", "烧糊（烧牌失败）"),
        Code("GJV307", _W, "Leader tag names no seat", "Leader 标签不是座位号"),
        Code("GJV308", _W, "absurd number in a tag", "标签中的数值不合理"),
        Code("GJV309", _W, "date not YYYY.MM.DD or impossible", "日期格式有误或不存在"),
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
        Code("GJV507", _N, "table declaration recorded", "记录的牌桌声明"),
    )
}  # fmt: skip

_RULE_CODE: dict[str, str] = {r: c.code for c in CODES.values() for r in c.rules}


def code_for_rule(rule_id: str) -> str:
    """The error code that reports a violation of ``rule_id``.

    >>> code_for_rule("R-BURN-3"), code_for_rule("R-SET-3"), code_for_rule("R-NEW-1")
    ('GJV209', 'GJV202', 'GJV219')
    """
    return _RULE_CODE.get(rule_id, "GJV219")
