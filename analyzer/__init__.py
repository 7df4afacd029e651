"""analyzer: the Gouji rules engine, validator, simulator and HTML renderer.

Builds on :mod:`gojinotation` (never the reverse).
"""
