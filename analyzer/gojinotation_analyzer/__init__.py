"""gojinotation_analyzer: the Gouji rules engine, validator, simulator and HTML renderer.

Builds on :mod:`gojinotation` (never the reverse).  Subpackages, one layer each (see
``docs/architecture.md``): :mod:`~gojinotation_analyzer.rules` (rule data: parameters,
profiles, the rulebook), :mod:`~gojinotation_analyzer.engine` (states, events, sets, the
rule families, legal actions, replay, scoring, matches), :mod:`~gojinotation_analyzer.reports`
(diagnostics, the validator), :mod:`~gojinotation_analyzer.publish` (view model, HTML),
:mod:`~gojinotation_analyzer.simulation` (bots, self-play) and
:mod:`~gojinotation_analyzer.cli` (the ``gouji`` command line, one module per command).
"""
