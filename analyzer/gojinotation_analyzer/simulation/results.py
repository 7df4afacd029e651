"""A simulated deal's result, and the statistics of a corpus: event counts by kind and
the stats table of ``gouji simulate --stats``.

Part of :mod:`.simulate` (the game loop), which re-exports every public name.

>>> st = stats([[E.Passed(2, declined=True), E.Passed(3)], []])
>>> st.n, st.total["Passed"], st.deals["Passed/declined"]
(2, 2, 1)
>>> "Passed/declined" in stat_rows() and "Men" in LABELS
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from gojinotation.model import Deal
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.scoring import DealScore
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.rules.profiles import PROFILES

__all__ = [
    "EVENT_KINDS",
    "LABELS",
    "NOT_SELF_PLAY",
    "SimResult",
    "Stats",
    "event_keys",
    "short_name",
    "stat_rows",
    "stats",
    "stats_table",
]

#: Every event kind of :mod:`gojinotation_analyzer.engine.events`, in the module's order.
EVENT_KINDS: tuple[str, ...] = tuple(
    name
    for name in E.__all__
    if isinstance(getattr(E, name), type)
    and issubclass(getattr(E, name), E.Event)
    and getattr(E, name) is not E.Event
)

#: Event kinds that legal self-play never produces: they need an illegal action (a
#: Violation and its sanction, 假烧), a referee's action (penalty, ruling) or a table
#: declaration (``Claimed``: the bots play without declaring).
NOT_SELF_PLAY: tuple[str, ...] = (
    "Violation",
    "FakeBurn",
    "PenaltyApplied",
    "RulingApplied",
    "Claimed",
)


@attrs.frozen
class SimResult:
    """One simulated deal: the record, every event the engine reported, the final state."""

    deal: Deal
    events: tuple[E.Event, ...] = attrs.field(repr=False)
    state: DealState = attrs.field(repr=False)

    @property
    def score(self) -> DealScore | None:
        """The engine's score of the deal (``None`` for a void deal)."""
        for e in reversed(self.events):
            if isinstance(e, E.DealEnded):
                return e.score
        return None


# ------------------------------------------------------------------------------ stats


def event_keys(events: Iterable[E.Event]) -> Counter[str]:
    """Count the events of one deal by kind, with a few finer keys.

    Finer keys: ``GoujiPlayed/answered`` (the 对头 beat a 够级 set: a 够级 battle),
    ``Passed/declined`` (a seat declined to burn), ``Closed/implied``,
    ``Gousiji/granted`` and ``Gousiji/played``, ``Opened/pending`` (开点发4 waiting for
    the 4s), ``WentOut/forced``, ``CounterBurn/again`` (再反烧, level 3+),
    ``DealEnded/void``, and ``Notice R-…`` / ``Dispute R-…`` by rule id.

    >>> event_keys([E.Passed(2, declined=True), E.Passed(3)])
    Counter({'Passed': 2, 'Passed/declined': 1})
    """
    out: Counter[str] = Counter()
    gouji: E.GoujiPlayed | None = None
    for e in events:
        kind = e.kind
        out[kind] += 1
        if isinstance(e, E.GoujiPlayed):
            gouji = e
            continue
        if isinstance(e, E.Played) and gouji is not None:
            if e.over == gouji.seat and e.seat == gouji.answer:
                out["GoujiPlayed/answered"] += 1
            gouji = None
        elif isinstance(e, (E.Led, E.RoundEnded, E.BurnDeclared)):
            gouji = None
        if isinstance(e, E.Passed) and e.declined:
            out["Passed/declined"] += 1
        elif isinstance(e, E.Closed) and e.implied:
            out["Closed/implied"] += 1
        elif isinstance(e, E.Gousiji):
            out["Gousiji/granted" if e.granted else "Gousiji/played"] += 1
        elif isinstance(e, E.Opened) and not e.confirmed:
            out["Opened/pending"] += 1
        elif isinstance(e, E.WentOut) and e.forced:
            out["WentOut/forced"] += 1
        elif isinstance(e, E.CounterBurn) and e.level >= 3:
            out["CounterBurn/again"] += 1
        elif isinstance(e, E.DealEnded) and e.void:
            out["DealEnded/void"] += 1
        elif isinstance(e, (E.Notice, E.Dispute)):
            out[f"{kind} {e.rule_id}"] += 1
    return out


@attrs.frozen
class Stats:
    """Event counts over a corpus: ``total[key]`` events, ``deals[key]`` deals with one."""

    n: int
    total: Counter[str] = attrs.field(eq=False)
    deals: Counter[str] = attrs.field(eq=False)


def stats(results: Iterable[SimResult | Sequence[E.Event]]) -> Stats:
    """Count the events of every deal (see :func:`event_keys`)."""
    total: Counter[str] = Counter()
    deals: Counter[str] = Counter()
    n = 0
    for r in results:
        evs = r.events if isinstance(r, SimResult) else r
        keys = event_keys(evs)
        total.update(keys)
        deals.update(keys.keys())
        n += 1
    return Stats(n, total, deals)


#: The event kinds in table order (every one has a label: ``sim.event.<kind>`` in the one
#: catalogue, :mod:`gojinotation_analyzer.i18n`).
_ORDER: tuple[str, ...] = (
    "Led",
    "Played",
    "GoujiPlayed",
    "GoujiPlayed/answered",
    "Passed",
    "Passed/declined",
    "TimeoutPass",
    "Yielded",
    "Closed",
    "Closed/implied",
    "RoundEnded",
    "Jiefeng",
    "BurnDeclared",
    "CounterBurn",
    "CounterBurn/again",
    "BurnLifted",
    "BurnSucceeded",
    "BurnFailed",
    "FakeBurn",
    "Ershayi",
    "Opened",
    "Opened/pending",
    "NotOpened",
    "Men",
    "Gousiji",
    "Gousiji/granted",
    "Gousiji/played",
    "Wutou",
    "SihuLuanchan",
    "WentOut",
    "WentOut/forced",
    "RevolutionDeclared",
    "Chuan3hu",
    "Reported",
    "Bought",
    "Gave",
    "TributePaid",
    "Returned",
    "PenaltyApplied",
    "RulingApplied",
    "Claimed",
    "DealEnded",
    "DealEnded/void",
    "Violation",
    "Dispute",
    "Notice",
)


def _bilingual(key: str) -> str:
    """A kind's label in both languages in one string (the English alone where it already
    holds the Chinese term): the stats table is read by speakers of both."""
    en, zh = i18n.t(f"sim.event.{key}", "en"), i18n.t(f"sim.event.{key}", "zh")
    return en if zh in en else f"{en} {zh}"


#: Short labels of the event kinds for tables (English and Chinese in one string).
LABELS: dict[str, str] = {key: _bilingual(key) for key in _ORDER}


def stat_rows(extra: Iterable[str] = ()) -> list[str]:
    """The table rows: every event kind (with finer keys), then ``extra`` keys sorted."""
    rows = list(_ORDER)
    rows += [k for k in EVENT_KINDS if k not in rows]
    rows += sorted(k for k in set(extra) if k not in rows)
    return rows


def short_name(pid: str) -> str:
    """The catalog's two-letter abbreviation of a profile (``QS``, ``L4`` …).

    >>> short_name("qingdao-standard"), short_name("latest-004")
    ('QS', 'L4')
    """
    for alias in PROFILES[pid].aliases:
        if len(alias) == 2 and alias.isascii():
            return alias.upper()
    return pid


def stats_table(
    columns: Mapping[str, Stats], *, markdown: bool = False, compact: bool = False
) -> str:
    """A table of event counts: a row per event key, a column per corpus.

    Each cell is ``events (deals%)``: how many events, and in what share of the deals
    at least one occurred; ``compact`` keeps only the share (one decimal below 1%) and
    heads the columns with the profiles' abbreviations, adding a column for all of
    them together.  A dash marks kinds that never occurred; kinds legal self-play cannot
    produce are marked in the label.
    """
    extra: set[str] = set()
    for st in columns.values():
        extra.update(k for k in st.total if " " in k)
    rows = stat_rows(sorted(extra))
    cols = dict(columns)
    if compact and len(cols) > 1:
        total: Counter[str] = Counter()
        deals: Counter[str] = Counter()
        for st in columns.values():
            total.update(st.total)
            deals.update(st.deals)
        cols["all"] = Stats(sum(st.n for st in columns.values()), total, deals)
    names = [short_name(c) if compact and c in PROFILES else c for c in cols]
    head = ["event", *names]
    body: list[list[str]] = []
    for key in rows:
        label = f"{key} · {LABELS[key]}" if key in LABELS else key
        if key in NOT_SELF_PLAY:
            label += " (not self-play)"
        cells = [label]
        for st in cols.values():
            n = st.total.get(key, 0)
            pct = 100.0 * st.deals[key] / max(st.n, 1)
            if pct >= 1 or not n:
                share = f"{pct:.0f}%"
            else:
                share = f"{pct:.1f}%" if pct >= 0.1 else f"{pct:.2f}%"
            if not n:
                cells.append("-")
            elif compact:
                cells.append(share)
            else:
                cells.append(f"{n} ({share})")
        body.append(cells)
    foot = ["deals", *(str(st.n) for st in cols.values())]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in [foot, *body]]
        return "\n".join(lines)
    widths = [max(_width(r[i]) for r in [head, foot, *body]) for i in range(len(head))]

    def fmt(r: list[str]) -> str:
        return "  ".join(
            (c + " " * (widths[i] - _width(c))) if i == 0 else (" " * (widths[i] - _width(c)) + c)
            for i, c in enumerate(r)
        ).rstrip()

    return "\n".join(fmt(r) for r in [head, foot, *body])


def _width(text: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if ord(ch) >= 0x1100 and not 0x2000 <= ord(ch) < 0x3000 else 1 for ch in text)
