"""The rules engine of Gouji (够级): the deal state machine, one module per rule family.

The public verbs, from one import::

    from gojinotation_analyzer.engine import new_deal, verify, can, do, legal_actions, replay

>>> from gojinotation.cards import parse_cards as C
>>> from gojinotation.model import Play
>>> st = new_deal([C("KK3"), C("AA4"), C("55"), C("66"), C("77"), C("88")], leader=1,
...               deck_check=False)
>>> can(st, Play(1, cards=C("3"))), can(st, Play(2, cards=C("4")))
(True, False)

Where each rule is enforced (its checks, the "judge", and its effects, the "apply"):

================================================  ===========================================
rule ids                                          module
================================================  ===========================================
R-TURN-1, R-PASS-1/2, R-YIELD-1, R-CLOSE-1/2,     :mod:`.rules_turn` (the seat walk and
R-LEAD-1, R-JIEFENG-1, R-WUTOU-1, R-SIHU-1        who acts next: :mod:`.core`)
R-SET-1..4, R-JOKER-1..8, R-TWO-1, R-GOUJI-1/2,   :mod:`.rules_play` (set shapes, 够级
R-DIPAI-1 (够死级 sets)                           status: :mod:`.sets_shape`; comparisons:
                                                  :mod:`.sets_compare`; candidate sets:
                                                  :mod:`.sets_enum`; all re-exported by
                                                  :mod:`.sets`)
R-BURN-1..9                                       :mod:`.rules_burn` (R-BURN-3/9 checks:
                                                  :mod:`.sets_burn`)
R-KAIDIAN-1..5                                    :mod:`.rules_kaidian`
R-BIE3-1..3, R-BUY-1                              :mod:`.rules_bie3` (R-BIE3-1 on a set:
                                                  :mod:`.sets_shape`)
R-FINISH-1, R-REVOLUTION-1, R-SCORE-2 (串三户      :mod:`.rules_finish` (points:
as it happens), 够死级 chances granted             :mod:`.scoring`)
R-TRIBUTE-1/2, R-REPORT-1, R-PENALTY-1, R-TIME-1  :mod:`.rules_exchange` (owed and
                                                  legal cards: :mod:`.scoring_tribute`)
R-OPEN-1, R-DECK-1/2 (dealing, 上班, card          :mod:`.opening` (the 开牌 draw and
conservation)                                     亮3: :mod:`.opening_draw`)
sanctions of every rule (R-CUOPAI-1 错牌不出;      :mod:`.machine` (``verify``, ``can``,
the lost lead: :mod:`.rules_turn`), irregular     ``do``)
(``^``) actions and rulings, R-PENALTY-1
disputes (GJV401): a refusal, an acceptance, a    :mod:`.disputes` (re-judged under each
sanction or a score resting on an open point      documented reading; issue #11)
legal actions                                     :mod:`.legal` (from the same predicates)
replay, variations, a record's ruleset            :mod:`.replay`
(R-RECORD-1: an unknown profile or rule); the
seat of a set written without it (R-RECORD-2)
R-MATCH-1, R-SCORE-1..4                           :mod:`.match`, :mod:`.scoring` (the
                                                  facts: :mod:`.scoring_facts`)
R-SEAT-1 (seats, teams, 对头)                     :mod:`.state` (``NXT``, ``DUI``)
================================================  ===========================================

The modules import one way: :mod:`.params` and :mod:`.core` (ruleset values compiled
once, rank counters, failures, the seat walk) <- :mod:`.opening` <- :mod:`.opening_draw`
<- the families
(kaidian <- finish <- burn <- turn <- bie3 <- exchange <- play) <- :mod:`.disputes` <-
:mod:`.machine` <-
:mod:`.legal` <- :mod:`.replay`; no module of the package imports back
(``tests/test_engine_architecture.py``); nor do the parts of :mod:`.sets`
(sets_shape <- sets_compare <- sets_burn <- sets_enum <- sets).  :data:`ENGINE_DEFAULTS`
(rule data, :mod:`gojinotation_analyzer.rules.readings`) says how the engine reads what
the rule documents leave open.
"""

from gojinotation_analyzer.engine.core import IllegalAction
from gojinotation_analyzer.engine.legal import legal_actions
from gojinotation_analyzer.engine.machine import can, do, verify
from gojinotation_analyzer.engine.opening import new_deal
from gojinotation_analyzer.engine.replay import deal_ruleset, replay, replay_variation, variations
from gojinotation_analyzer.engine.state import DealState, Frame, Turn
from gojinotation_analyzer.rules.readings import ENGINE_DEFAULTS

__all__ = [
    "ENGINE_DEFAULTS",
    "DealState",
    "Frame",
    "IllegalAction",
    "Turn",
    "can",
    "deal_ruleset",
    "do",
    "legal_actions",
    "new_deal",
    "replay",
    "replay_variation",
    "variations",
    "verify",
]
