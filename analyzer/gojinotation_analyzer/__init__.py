"""gojinotation_analyzer: the Gouji rules engine, validator, simulator and HTML renderer.

Builds on :mod:`gojinotation` (never the reverse).  Subpackages, one layer each (see
``docs/architecture.md``): :mod:`~gojinotation_analyzer.rules` (rule data: parameters,
profiles, the rulebook), :mod:`~gojinotation_analyzer.engine` (states, events, sets, the
rule families, legal actions, replay, scoring, matches), :mod:`~gojinotation_analyzer.reports`
(diagnostics, the validator), :mod:`~gojinotation_analyzer.publish` (view model, HTML),
:mod:`~gojinotation_analyzer.simulation` (bots, self-play) and
:mod:`~gojinotation_analyzer.cli` (the ``gouji`` command line, one module per command).

The verbs most programs need are reachable from this one import, looked up lazily (so
that ``import gojinotation_analyzer``, and ``gouji --help``, load no engine):

>>> import gojinotation as gj
>>> import gojinotation_analyzer as ga
>>> deal = gj.loads('[Event "demo"]\\n[Leader "1"]\\nhand 1: KK3\\nhand 2: AA4\\n'
...                 'hand 3: 55\\nhand 4: 66\\nhand 5: 77\\nhand 6: 88\\n'
...                 '1. 1:3 2:4 3:5').deals[0]
>>> frames = list(ga.replay(deal, ga.Ruleset(), deck_check=False))
>>> [str(f.action) for f in frames[1:]], frames[-1].state.turn
(['1:3', '2:4', '3:5'], 4)
>>> st = frames[-1].state
>>> ga.can(st, gj.parse_action("4:6")), ga.can(st, gj.parse_action("5:7"))
(True, False)
>>> sorted(str(a) for a in ga.legal_actions(st) if isinstance(a, (gj.Play, gj.Pass)))
['4:-', '4:6']
"""

from __future__ import annotations

import importlib
from typing import Any

# The module each public name comes from.  One dict, so that moving a name (e.g. when
# ``gojinotation_analyzer.engine`` re-exports the engine's verbs) is a one-line change.
_ENGINE = "gojinotation_analyzer.engine"
_LAZY: dict[str, str] = {
    # the engine: one deal, action by action
    "new_deal": _ENGINE,
    "verify": _ENGINE,
    "can": _ENGINE,
    "do": _ENGINE,
    "legal_actions": _ENGINE,
    "replay": _ENGINE,
    "replay_variation": _ENGINE,
    "variations": _ENGINE,
    "deal_ruleset": _ENGINE,
    "DealState": _ENGINE,
    "Frame": _ENGINE,
    "IllegalAction": _ENGINE,
    # scoring and matches
    "score_deal": "gojinotation_analyzer.engine.scoring",
    "DealFacts": "gojinotation_analyzer.engine.scoring",
    "DealScore": "gojinotation_analyzer.engine.scoring",
    "MatchTable": "gojinotation_analyzer.engine.match",
    # the rule data
    "Ruleset": "gojinotation_analyzer.rules.ruleset",
    "RulesetError": "gojinotation_analyzer.rules.ruleset",
    "load_ruleset": "gojinotation_analyzer.rules.profiles",
    "get_profile": "gojinotation_analyzer.rules.profiles",
    "PROFILES": "gojinotation_analyzer.rules.profiles",
    "rule": "gojinotation_analyzer.rules.rulebook",
    "RULES": "gojinotation_analyzer.rules.rulebook",
    # reports
    "validate_source": "gojinotation_analyzer.reports.validate",
    "validate_match": "gojinotation_analyzer.reports.validate",
    "compare_profiles": "gojinotation_analyzer.reports.validate",
    "Report": "gojinotation_analyzer.reports.validate",
    "Diagnostic": "gojinotation_analyzer.reports.diagnostics",
    "Severity": "gojinotation_analyzer.reports.diagnostics",
    # publishing and self-play
    "render_files": "gojinotation_analyzer.publish.render",
    "simulate": "gojinotation_analyzer.simulation.simulate",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    """Import the module that defines ``name`` on first use and cache the value here."""
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
