"""Issue #11: the open points of a record -- which parameters its profile leaves open (a
default, or ``disputed`` readings) and the record's ``[Rules]`` do not state, their
documented readings (the profile's disputed readings with their documents; for a
:data:`~gojinotation_analyzer.rules.profiles.PEER_READ` parameter the values the other
documents state; else the other values of a yes/no or choice parameter), and a check judged
under each reading (:func:`verdict_readings`).

This module sits just above :mod:`.core` so that the rule families can ask whether a point
is open (:func:`is_open`) and judge their own checks under its readings (the Leader tag, a
开牌 draw) without reaching up to :mod:`.disputes`, which re-judges the actions.

>>> text(None), text(True), text(("2", "any_joker")), text(frozenset())
('none', 'true', '2,any_joker', 'none')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gojinotation_analyzer.engine.core import COUPLED, _here, _readings_rs, _setting
from gojinotation_analyzer.engine.core import _text as text
from gojinotation_analyzer.engine.params import _stated
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError

_ALT_RS: dict[tuple[int, str, str], tuple[Ruleset, Ruleset | None]] = {}


def reading_table(profile: str | None, rs: Ruleset, param: str) -> tuple[tuple[Any, str], ...]:
    """The readings of ``param`` where it is open for a record (its profile ``profile``,
    its rules ``rs``): the record's own value first with its source, then each other
    documented reading; ``()`` where the profile or the record's ``[Rules]`` state it."""
    if profile is None or param in _stated(rs):
        return ()
    s = _setting(profile, param)
    if s is None or not (s.open or s.is_disputed):
        return ()
    others = _readings_rs(rs, param, s)
    if not others:
        return ()
    current = rs.get(param)
    return ((current, _here(s, current)), *others)


def verdict_readings(
    profile: str | None,
    rs: Ruleset,
    param: str,
    refusal: Callable[[Ruleset], str | None],
    rule_id: str,
) -> tuple[tuple[str, str], ...]:
    """A check that is not an action's judgement (a Leader tag, a 开牌 count) judged under
    each reading of the open ``param``: ``refusal(rules)`` is ``None`` where the rules
    accept what the record shows, else why not.  Each reading and what it rules, the
    engine's first, when the readings disagree; ``()`` when they agree (or ``param`` is
    stated)."""
    table = reading_table(profile, rs, param)
    if not table:
        return ()
    out: list[tuple[str, str]] = []
    verdicts: set[bool] = set()
    for i, (v, src) in enumerate(table):
        rs2 = rs if i == 0 else _alt(rs, param, v)
        if rs2 is None:
            continue
        why = refusal(rs2)
        verdicts.add(why is None)
        ruled = "legal" if why is None else f"illegal ({rule_id}): {why}"
        out.append((text(v), f"{src}: {ruled}" + (", the engine's ruling" if i == 0 else "")))
    return tuple(out) if len(verdicts) > 1 else ()


def is_open(st: DealState, param: str) -> bool:
    """Whether ``param`` is an open point of the record's profile (default or disputed
    there) that the record's ``[Rules]`` do not state."""
    if st.profile is None or param in _stated(st.rs):
        return False
    s = _setting(st.profile, param)
    return s is not None and bool(s.open or s.is_disputed)


def _alt(rs: Ruleset, param: str, v: Any) -> Ruleset | None:
    """``rs`` with ``param = v`` (one object per value, so the compiled values are kept)."""
    key = (id(rs), param, repr(v))
    hit = _ALT_RS.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1]
    try:
        rs2: Ruleset | None = rs.with_overrides({param: v, **COUPLED.get(param, {}).get(v, {})})
    except RulesetError:
        rs2 = None
    if len(_ALT_RS) > 1024:
        _ALT_RS.clear()
    _ALT_RS[key] = (rs, rs2)
    return rs2


#: param -> a function that recomputes, on a copy of the state re-ruled under another
#: reading of ``param``, what an earlier action fixed from it (the standing set's 够级
#: status and who may answer it, from ``gouji.thresholds``): registered by the rule family
#: that owns that state (:mod:`.rules_play`), so this module imports none of them.  It
#: returns whether anything changed: an accepted action whose state the reading leaves as
#: it was is accepted again without a judgement.
RESTATE: dict[str, Callable[[DealState], bool]] = {}
