"""Catalogue entries: the simulator's event kinds, the 小王-set verdicts, card names
and click's own messages.

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the event kinds of the simulator's stats table (simulation/results.py LABELS)
    "sim.event.Led": ("lead", "发牌"),
    "sim.event.Played": ("play over a set", "上牌"),
    "sim.event.GoujiPlayed": ("够级 set", "够级"),
    "sim.event.GoujiPlayed/answered": ("够级 battle: 对头 answers", "对头应够级"),
    "sim.event.Passed": ("pass", "过牌"),
    "sim.event.Passed/declined": ("declined to burn", "不烧"),
    "sim.event.TimeoutPass": ("timeout", "超时"),
    "sim.event.Yielded": ("让牌", "让牌"),
    "sim.event.Closed": ("扣牌", "扣牌"),
    "sim.event.Closed/implied": ("扣牌 implied", "推定扣牌"),
    "sim.event.RoundEnded": ("round ends", "一轮结束"),
    "sim.event.Jiefeng": ("接风", "接风"),
    "sim.event.BurnDeclared": ("烧牌", "烧牌"),
    "sim.event.CounterBurn": ("反烧", "反烧"),
    "sim.event.CounterBurn/again": ("再反烧", "再反烧"),
    "sim.event.BurnLifted": ("解烧", "解烧"),
    "sim.event.BurnSucceeded": ("burn succeeds", "烧成"),
    "sim.event.BurnFailed": ("烧糊", "烧糊"),
    "sim.event.FakeBurn": ("假烧", "假烧"),
    "sim.event.Ershayi": ("二杀一", "二杀一"),
    "sim.event.Opened": ("开点", "开点"),
    "sim.event.Opened/pending": ("开点 pending 4s", "待发4"),
    "sim.event.NotOpened": ("不开点", "不开点"),
    "sim.event.Men": ("闷", "闷"),
    "sim.event.Gousiji": ("够死级", "够死级"),
    "sim.event.Gousiji/granted": ("够死级 chance", "够死级机会"),
    "sim.event.Gousiji/played": ("够死级 played", "已打够死级"),
    "sim.event.Wutou": ("无头", "无头"),
    "sim.event.SihuLuanchan": ("四户乱缠", "四户乱缠"),
    "sim.event.WentOut": ("goes out", "走科"),
    "sim.event.WentOut/forced": ("forced place", "判名次"),
    "sim.event.RevolutionDeclared": ("革命", "革命"),
    "sim.event.Chuan3hu": ("串三户", "串三户"),
    "sim.event.Reported": ("报牌", "报牌"),
    "sim.event.Bought": ("买3/买4", "买3/买4"),
    "sim.event.Gave": ("送3/送4", "送3/送4"),
    "sim.event.TributePaid": ("进贡", "进贡"),
    "sim.event.Returned": ("还贡", "还贡"),
    "sim.event.PenaltyApplied": ("penalty", "罚分"),
    "sim.event.RulingApplied": ("ruling", "裁决"),
    "sim.event.DealEnded": ("deal ends", "本局结束"),
    "sim.event.DealEnded/void": ("void deal", "作废"),
    "sim.event.Claimed": ("table declaration", "牌桌声明"),
    "sim.event.Violation": ("violation", "违规"),
    "sim.event.Dispute": ("dispute", "争议"),
    "sim.event.Notice": ("notice", "提示"),
    # -- the 小王-set verdicts of sets.compare (R-JOKER-3, by cmp.xiaowang_set)
    "verdict.xiaowang.dawang_ge_count_rank_plus1": (
        "needs at least as many 大王 as the old set has 小王 (001b)",
        "须由大王灭之，且大王数量不得少于小王数量",
    ),
    "verdict.xiaowang.two_aspects": (
        "must be bigger in its jokers too (000§G '两个方面都大过')",
        "须在王牌方面也大过（两个方面都大过）",
    ),
    "verdict.xiaowang.jokers_then_plain_higher": (
        "its jokers must outrank the old set's jokers (000§M '牌力以大、小王为准')",
        "挂花时牌力以大、小王为准，须大过上家之王",
    ),
    "verdict.xiaowang.other": ("its jokers do not beat the old set's", "王牌不够大"),
    # -- card names on the replay page (publish/render.py chips); the jokers keep their
    #    Chinese names in both languages
    "card.rank.X": ("小王", "小王"),
    "card.rank.D": ("大王", "大王"),
    # -- click's own messages (see translate_click)
    "click.try_help": ("Try '{command}' for help.", "运行 '{command}' 查看帮助。"),
}
