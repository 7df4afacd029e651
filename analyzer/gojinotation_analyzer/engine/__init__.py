"""The rules engine: states, events, sets, the rule families, legal actions, replay, scoring
and matches."""
