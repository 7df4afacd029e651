"""Sets (牌套): what a legal set is, its 够级 status, and how two sets compare.

Pure functions of cards and a :class:`~rules.ruleset.Ruleset`; no game state.  The
profile parameters read here are the catalog's (``../shared/rules/catalog.md`` §2 #12–27,
#42–45, #53, #56); every ruling names the rule id it applies and, where a profile
parameter decides it, that parameter's dotted name.

A set is reduced to a :class:`SetShape`: how many 大王 and 小王 it carries, how many 2s
are attached and how (贴钱 filler or 000§G power units), its natural rank after the 2s
are converted (``None`` for a set of jokers only) and how many natural cards it has.
Suits never matter.

>>> from gojinotation_analyzer.rules.profiles import load_ruleset
>>> qs = load_ruleset("qingdao-standard")
>>> s = shape(parse_cards("22333"), qs)          # 000§O: 22333 counts as 33333
>>> s.base, s.n_base, s.n_twos_attached
(<Rank.THREE: 3>, 5, 2)
>>> compare(shape(parse_cards("KKK"), qs), shape(parse_cards("QQQ"), qs), qs).ok
True
>>> v = compare(shape(parse_cards("DD888"), qs), shape(parse_cards("XX888"), qs), qs)
>>> v.ok, v.rule_id, v.param
(False, 'R-JOKER-3', 'cmp.xiaowang_set')

Where the seed documents are silent, this module takes the catalog's proposed default and
says so in the function's docstring; the list is in :data:`OPEN_POINTS`.

The module is split by concern (issue #10) and re-exports every name of its parts, the
same objects: :mod:`.sets_shape` (legal sets, shapes, 够级 status, 憋3),
:mod:`.sets_compare` (:func:`compare`, :func:`beats`), :mod:`.sets_burn` (R-BURN-3/9
checks) and :mod:`.sets_enum` (candidate and beating sets); the parts import one way, in
that order.
"""

from __future__ import annotations

from gojinotation.cards import parse_cards as parse_cards  # the doctests use it
from gojinotation_analyzer.engine.sets_burn import (
    burn_feasible,
    burn_formula_ok,
    burn_formula_terms,
    burn_plan_ok,
)
from gojinotation_analyzer.engine.sets_compare import beats, compare
from gojinotation_analyzer.engine.sets_enum import (
    _by_rank as _by_rank,  # rules_kaidian enumerates specs itself
)
from gojinotation_analyzer.engine.sets_enum import (
    _pick as _pick,
)
from gojinotation_analyzer.engine.sets_enum import (
    _specs as _specs,
)
from gojinotation_analyzer.engine.sets_enum import (
    beating_sets,
    beating_sets_of_counts,
    candidate_sets,
    candidate_sets_of_counts,
)
from gojinotation_analyzer.engine.sets_shape import (
    OPEN_POINTS,
    IllegalSet,
    SetShape,
    UnknownCardsError,
    Verdict,
    bie3_play_ok,
    is_gouji,
    kaidian_verdict,
    opens_kaidian,
    shape,
)

__all__ = [
    "OPEN_POINTS",
    "IllegalSet",
    "SetShape",
    "UnknownCardsError",
    "Verdict",
    "beating_sets",
    "beating_sets_of_counts",
    "beats",
    "bie3_play_ok",
    "burn_feasible",
    "burn_formula_ok",
    "burn_formula_terms",
    "burn_plan_ok",
    "candidate_sets",
    "candidate_sets_of_counts",
    "compare",
    "is_gouji",
    "kaidian_verdict",
    "opens_kaidian",
    "shape",
]
