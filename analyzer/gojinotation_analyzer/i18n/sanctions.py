"""Catalogue entries: the engine's sanctions and the referee's ruling words.

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the engine's sanctions (engine/machine.py), as the replay applies them
    "sanction.ignore": ("ignored", "不予承认"),
    "sanction.cuopai": (
        "错牌不出: the cards go back and the seat has passed",
        "错牌不出：收回所出之牌，视为过牌",
    ),
    "sanction.pass": ("counted as a pass", "视为过牌"),
    "sanction.daluo": ("the seat is 大落", "判为大落"),
    # -- the referee's ruling words ([%ruling WORD …], docs/format.md §9.2): what each does
    # to the action it is attached to; a void *deal* is "annulled" (本局作废), not a ruling
    "ruling.accept": ("the action stands", "维持原动作"),
    "ruling.retract": ("the action is taken back", "收回所出之牌"),
    "ruling.daluo": ("the offender is made 大落", "判为大落"),
    "ruling.void": ("the action does not count", "该动作不算"),
    "sanction.fake": ("假烧: the burner is 大落", "假烧：判为大落"),
    "sanction.burnfail": (
        "烧糊: the burner is 大落, his cards out of play",
        "烧糊：判为大落，余牌无效",
    ),
    "sanction.burnstop": (
        "烧糊: the burner is 大落, his cards out of play; the burned player leads",
        "烧糊：烧牌者判为大落，余牌无效，由被烧者发牌",
    ),
    "sanction.cuopai_turn": (
        "错牌不出: the cards go back and the seat has passed for this turn",
        "错牌不出：收回所出之牌，本轮此手视为过牌",
    ),
}
