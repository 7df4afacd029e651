"""Catalogue entries: the severities of a diagnostic and the engine's tie-breaks,
kinds of tribute and burns in the score.

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- reports: the severities of a diagnostic (reports/diagnostics.py)
    "severity.error": ("error", "错误"),
    "severity.warning": ("warning", "警告"),
    "severity.dispute": ("dispute", "争议"),
    "severity.notice": ("notice", "提示"),
    # -- engine: tie-break methods of a match (engine/match.py, R-MATCH-1)
    "tiebreak.toke_count": ("more 头科 wins", "头科次数多者胜"),
    "tiebreak.fewer_daluo": ("more 大落 loses", "大落次数多者负"),
    "tiebreak.extra_game": ("one extra game", "加赛一局"),
    "tiebreak.extra_hand_repeat": ("extra hands until one side leads", "加赛一把，直至分出胜负"),
    "tiebreak.extra_game_first_toke": (
        "the first 头科 of the extra game wins",
        "加赛中先得头科者胜",
    ),
    "tiebreak.head_to_head": ("head-to-head result", "比较相互胜负"),
    "tiebreak.game_points": ("game points (局分)", "比较累计局分"),
    "tiebreak.biggest_win": ("biggest winning margin", "比较最大胜局"),
    "tiebreak.lot": ("drawing lots", "抽签"),
    "tiebreak.xiaofen": ("total points (小分)", "比较累计小分"),
    # -- engine: kinds of tribute (engine/scoring_tribute.py, R-TRIBUTE-1)
    "tribute.dian": ("点贡 (not opened)", "点贡"),
    "tribute.shao": ("烧贡 (burned)", "烧贡"),
    "tribute.bie3": ("憋3贡 (闷)", "憋3贡"),
    "tribute.luo": ("落贡 (place)", "落贡"),
    "tribute.chuan3hu": ("串三户贡", "串三户贡"),
    # -- engine: burns in the score (engine/scoring.py, R-SCORE-4)
    "burn.level.1": ("burn (烧牌)", "烧牌"),
    "burn.level.2": ("counter-burn (反烧)", "反烧"),
    "burn.level.3": ("re-counter-burn (再反烧)", "再反烧"),
    "burn.level.n": ("burn level {level}", "第{level}次反烧"),
    "burn.outcome.failed": ("烧糊", "烧糊"),
    "burn.outcome.lifted": ("解烧", "解烧"),
    "burn.outcome.fake": ("假烧", "假烧"),
    # -- engine: a set written without its seat (engine/replay.py, R-RECORD-2)
    "turn_play.ended": (
        "a set without its seat ({cards}) where no seat is to act: the deal is over; "
        "write the seat that played it, e.g. {example}",
        "无座位的出牌（{cards}）处已无人可出：本局已结束；请写明出牌的座位，如 {example}",
    ),
    "turn_play.illegal": (
        "a set without its seat ({cards}) is seat {seat}'s, the seat to act, which cannot "
        "play it here ({reason}): write the seat that played it, e.g. {example}",
        "无座位的出牌（{cards}）归轮到出牌的{seat}号，而{seat}号此时不能出这手牌（{reason}）："
        "请写明出牌的座位，如 {example}",
    ),
}
