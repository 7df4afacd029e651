"""The kinds of the replay view: the step kinds, the event kinds the page marks, and how
the notation's action classes and the engine's event classes map onto them.

Part of :mod:`publish.view`, which re-exports every public name.

>>> _KIND_OF[m.Pass], ENGINE_EVENT_KINDS["BurnFailed"], "burn" in EVENT_KINDS
('pass', 'burn', True)
"""

from __future__ import annotations

from gojinotation import model as m

__all__ = ["ENGINE_EVENT_KINDS", "EVENT_KINDS", "STEP_KINDS"]

#: The step kinds, one per GJN action class.
STEP_KINDS: tuple[str, ...] = (
    "play",
    "pass",
    "burn",
    "yield",
    "close",
    "report",
    "revolution",
    "buy",
    "give",
    "tribute",
    "return",
    "timeout",
    "penalty",
    "ruling",
    "declare",
    "decline",
    "draw",
    "liang",
    "jiefeng",
    "kaidian",
    "baola",
    "waive",
    "query",
)

#: The event kinds the engine reports and the renderer marks (others show as ``notice``).
EVENT_KINDS: tuple[str, ...] = (
    "gouji",  # 够级 battle
    "kaidian",  # 开点
    "burn",  # 烧牌 and its outcome
    "men",  # 闷
    "jiefeng",  # 接风
    "out",  # a seat went out, with its place
    "chuansanhu",  # 串三户
    "violation",
    "dispute",
    "notice",
)

_KIND_OF: dict[type, str] = {
    m.Play: "play",
    m.Pass: "pass",
    m.Burn: "burn",
    m.Yield: "yield",
    m.Close: "close",
    m.Report: "report",
    m.Revolution: "revolution",
    m.Buy: "buy",
    m.Give: "give",
    m.Tribute: "tribute",
    m.Return: "return",
    m.Timeout: "timeout",
    m.Penalty: "penalty",
    m.Ruling: "ruling",
    m.Declare: "declare",
    m.Decline: "decline",
    m.Draw: "draw",
    m.Show: "liang",
    m.JiefengClaim: "jiefeng",
    m.Kaidian: "kaidian",
    m.Baola: "baola",
    m.Waive: "waive",
    m.Query: "query",
}


#: Engine event classes (``Event.kind``) -> view event kinds; others are bookkeeping
#: (``Played``, ``Passed``, ``Closed`` …) that the step itself already shows.
ENGINE_EVENT_KINDS: dict[str, str] = {
    "GoujiPlayed": "gouji",
    "Gousiji": "gouji",
    "Opened": "kaidian",
    "NotOpened": "kaidian",
    "BurnDeclared": "burn",
    "CounterBurn": "burn",
    "BurnLifted": "burn",
    "BurnSucceeded": "burn",
    "BurnFailed": "burn",
    "FakeBurn": "burn",
    "Men": "men",
    "Jiefeng": "jiefeng",
    "WentOut": "out",
    "Chuan3hu": "chuansanhu",
    "Violation": "violation",
    "Dispute": "dispute",
    "Notice": "notice",
    "Ershayi": "notice",
    "Wutou": "notice",
    "SihuLuanchan": "notice",
    "RevolutionDeclared": "notice",
    "PenaltyApplied": "notice",
    "RulingApplied": "notice",
    "Claimed": "notice",
}
_DIAGNOSTIC_EVENTS = {"Violation": "error", "Dispute": "dispute", "Notice": "notice"}
