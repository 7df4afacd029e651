"""The values of the replay view: frozen ``attrs`` classes of strings, numbers, tuples and
``None`` (:class:`MatchView` down to :class:`TableView`), and :func:`to_json`.

Part of :mod:`publish.view`, which re-exports every public name.

>>> UNKNOWN_TABLE.known, to_json(MatchView("t", "", "", "", "", "", (), (), (), ()))[:12]
(False, '{"title":"t"')
"""

from __future__ import annotations

import json

import attrs

__all__ = [
    "UNKNOWN_TABLE",
    "AlternativeView",
    "DealView",
    "DiagnosticView",
    "EventView",
    "MatchView",
    "ScoreLineView",
    "SeatView",
    "StepView",
    "TableView",
    "TotalsView",
    "to_json",
]


# --------------------------------------------------------------------------- values


@attrs.frozen
class EventView:
    """Something the engine saw happen at a step (``kind`` one of :data:`EVENT_KINDS`).

    ``seat`` is the seat concerned, ``other`` the other seat of the event where there is
    one (who may answer a 够级, the burned or 闷-ing seat, the seat whose lead passes on
    接风; for ``out`` the place), ``rule`` its rule id and ``source`` the engine's event
    class (``BurnSucceeded`` …): the replay page narrates from these.
    """

    kind: str
    en: str
    zh: str
    seat: int | None = None
    other: int | None = None
    rule: str = ""
    source: str = ""


@attrs.frozen
class AlternativeView:
    """A deal as ruled under one ruleset of ``gouji validate --profiles`` (the first is the
    record's own): its finish, team points (A, B), counts of errors and disputes, and
    ``rows`` ``(step, action, en, zh)``: its ruling of each action the rulesets rule
    differently (``""`` when legal under it)."""

    label: str
    profile: str
    finish: tuple[int, ...]
    team_points: tuple[int, int] | None
    errors: int
    disputes: int
    rows: tuple[tuple[int, str, str, str], ...] = ()


@attrs.frozen
class ScoreLineView:
    """One line of a deal's score breakdown: ``seat`` (or ``None``) and ``team`` get
    ``points`` under ``rule`` for the reason ``en``/``zh``."""

    rule: str
    seat: int | None
    team: str
    points: int
    en: str
    zh: str


@attrs.frozen
class DiagnosticView:
    """A validator finding, placed at a step of a deal when it can be (``step`` 1-based)."""

    severity: str  #: error | warning | dispute | notice
    code: str
    en: str
    zh: str
    rule: str = ""
    step: int | None = None
    line: int = 0
    column: int = 0


@attrs.frozen
class TableView:
    """The table after a step.

    ``sets``: each seat's set in front of it this round (``""`` none); ``passed``: seats
    that passed this round; ``to_act``: whose turn (``None`` when the deal is over or
    unknown); ``hand_sizes`` and ``hands`` per seat (``None`` unknown); ``places``: the
    place of each seat that is out (1-6) or ``None``.
    """

    sets: tuple[str, ...]
    passed: tuple[int, ...]
    to_act: int | None
    hand_sizes: tuple[int | None, ...]
    hands: tuple[str | None, ...]
    places: tuple[int | None, ...]

    @property
    def known(self) -> bool:
        """Whether the table says anything (the engine replayed the deal this far).

        >>> UNKNOWN_TABLE.known
        False
        """
        return any(n is not None for n in self.hand_sizes) or any(self.sets)


@attrs.frozen
class StepView:
    """One action of a deal (or of a variation) with its text, annotations and table.

    ``index`` is 1-based within its line (the main line of the deal, or the variation).
    ``gjn`` is the canonical GJN text (:func:`gojinotation.format_action`); ``act_en`` /
    ``act_zh`` the verb phrase (``plays three kings`` / ``出三张K``) and ``say_en`` /
    ``say_zh`` the full announcement for the live region.  ``markers`` name what the
    timeline marks: ``round`` (first step of a round), ``comment``, ``glyph``,
    ``variation``, ``irregular`` and every event kind.
    """

    index: int
    round: int
    seat: int
    kind: str
    gjn: str
    cards: str
    act_en: str
    act_zh: str
    say_en: str
    say_zh: str
    table: TableView
    events: tuple[EventView, ...] = ()
    comments_before: tuple[str, ...] = ()
    comments_after: tuple[str, ...] = ()
    glyphs: tuple[str, ...] = ()
    clock: str | None = None
    irregular: bool = False
    markers: tuple[str, ...] = ()
    variations: tuple[tuple[StepView, ...], ...] = ()


@attrs.frozen
class SeatView:
    """A seat, its player and team (``A`` for 1, 3, 5; ``B`` for 2, 4, 6)."""

    seat: int
    name: str
    team: str


@attrs.frozen
class DealView:
    """One deal: header, hands, steps and result.

    ``tags`` keeps every tag pair in source order; ``intro`` the comments before the first
    action (header, hands and leading move comments); ``start`` the table before the first
    action; ``finish`` the seats in the order they went out; ``seat_points`` and
    ``team_points`` the deal's score where known.  ``raw`` is the source text of a deal the
    reader could not parse (it then has no steps and its errors as diagnostics).
    ``number`` is the record's own deal number (its ``[Deal]`` tag; else ``index``), the
    one the page shows.  ``replayed`` is ``False`` when the rules engine did not replay the
    deal: its steps then carry no table state (:data:`UNKNOWN_TABLE`) and ``notice_en`` /
    ``notice_zh`` say why ("this deal could not be replayed: …; shown as written").
    """

    index: int
    tags: tuple[tuple[str, str], ...]
    profile: str | None
    players: tuple[SeatView, ...]
    hands: tuple[str | None, ...]
    start: TableView
    steps: tuple[StepView, ...]
    intro: tuple[str, ...] = ()
    finish: tuple[int, ...] = ()
    seat_points: tuple[int | None, ...] = (None,) * 6
    team_points: tuple[tuple[str, int], ...] = ()
    diagnostics: tuple[DiagnosticView, ...] = ()
    raw: str | None = None
    number: str = ""
    replayed: bool = True
    notice_en: str = ""
    notice_zh: str = ""
    breakdown: tuple[ScoreLineView, ...] = ()
    alternatives: tuple[AlternativeView, ...] = ()

    def tag(self, name: str, default: str = "") -> str:
        """The first value of tag ``name``."""
        for k, v in self.tags:
            if k == name:
                return v
        return default


@attrs.frozen
class TotalsView:
    """Running match totals after deal ``deal``: per team and per seat."""

    deal: int
    teams: tuple[tuple[str, int], ...]
    seats: tuple[int | None, ...]


@attrs.frozen
class MatchView:
    """A match (one GJN file) ready to render.

    ``validated`` is ``True`` when the rules engine replayed it, ``False`` when the view
    was built from the record alone.  ``diagnostics`` counts findings by severity.
    """

    title: str
    event: str
    site: str
    date: str
    round: str
    table: str
    players: tuple[SeatView, ...]
    teams: tuple[tuple[str, str], ...]
    deals: tuple[DealView, ...]
    totals: tuple[TotalsView, ...]
    diagnostics: tuple[tuple[str, int], ...] = ()
    validated: bool = False
    prologue: tuple[str, ...] = ()

    def team_name(self, team: str) -> str:
        """The team's name from the TeamA/TeamB tags, or ``A`` / ``B``."""
        return dict(self.teams).get(team, team)


def to_json(view: MatchView) -> str:
    """The view as a JSON document (tuples become lists)."""
    return json.dumps(attrs.asdict(view), ensure_ascii=False, separators=(",", ":"))


#: The table of a step the rules engine did not replay: nothing about it is known.
UNKNOWN_TABLE = TableView(("",) * 6, (), None, (None,) * 6, (None,) * 6, (None,) * 6)
