"""A replay page written one deal at a time (issues #15 and #16: memory flat per deal).

:class:`PageWriter` takes each deal's :class:`~publish.view.DealView` as it is built,
renders the deal's section and its entry of the page's data at once, and keeps of it
only its :class:`MatchSummary` entry (no steps, no diagnostics): the head (totals, the
deal list), the overview (score graph, tallies, key moments) and the standings are
written when the last deal is in.  The sections and the data wait in spooled temporary
files (in memory while small), so a match of any length holds one deal's view at a time.
:func:`publish.render.render_match` is this writer fed a whole view; the page is the
same, byte for byte.

>>> import io
>>> import gojinotation as gj
>>> from gojinotation_analyzer.publish.view import view_from_record
>>> v = view_from_record(gj.loads('[Seat1 "甲"]\\nhand 1: K\\n1. 1:K'))
>>> w = PageWriter("en", meta=v)
>>> for d in v.deals:
...     w.add(d)
>>> out = io.BytesIO()
>>> summary = w.finish(out)
>>> page = out.getvalue().decode()
>>> page.startswith("<!doctype html>"), page.count('<section class="deal"'), summary.deals[0].steps
(True, 1, ())
"""

from __future__ import annotations

import base64
import secrets
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs
from markupsafe import Markup, escape

import gojinotation
from gojinotation import model as m
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer.publish.assets import (
    _HTML_LANG,
    LANGS,
    _assets,
    _csp,
    _live_js,
    _rounds,
    _teams_of,
    _ui,
    environment,
)
from gojinotation_analyzer.publish.payload import PayloadStream
from gojinotation_analyzer.publish.section import deal_section
from gojinotation_analyzer.publish.story import (
    Moment,
    Tally,
    deal_moments,
    key_moments,
    score_graph,
    tally_deal,
)
from gojinotation_analyzer.publish.view import (
    UNKNOWN_TABLE,
    DealView,
    MatchView,
    SeatView,
    i18n,
)
from gojinotation_analyzer.publish.view_record import match_view_of

__all__ = ["MatchSummary", "PageWriter", "summary_of"]

#: Spooled files stay in memory up to this size, then go to a temporary file.
SPOOL = 1 << 20

#: Where the source record's base64 (and, after it, the data) goes in the rendered end of
#: the page: a mark no record can hold (drawn anew for each process).
_SOURCE_MARK = "gjn-" + secrets.token_hex(16)

_NO_HANDS: tuple[str | None, ...] = (None,) * 6

_SEATS = ("1", "2", "3", "4", "5", "6")


def summary_of(d: DealView, players: dict[tuple[SeatView, ...], tuple[SeatView, ...]]) -> DealView:
    """What the head, the overview, the standings and the index read of a deal: its
    number, profile, players, finish and points (``players`` interns the seat tuples:
    consecutive deals share them)."""
    return DealView(
        index=d.index,
        tags=(),
        profile=d.profile,
        players=players.setdefault(d.players, d.players),
        hands=_NO_HANDS,
        start=UNKNOWN_TABLE,
        steps=(),
        finish=d.finish,
        seat_points=d.seat_points,
        team_points=d.team_points,
        number=d.number,
        replayed=d.replayed,
    )


@attrs.define
class MatchSummary:
    """What a page keeps of the deals written so far: their summaries
    (:func:`summary_of`), the tallies and key moments counted from their steps, the
    findings by severity, and the first readable deal (its tags name the match)."""

    deals: list[DealView] = attrs.field(factory=list)
    rows: dict[int, Tally] = attrs.field(
        factory=lambda: {s: Tally(s, "", m.team_of(s)) for s in m.SEATS}
    )
    moments: list[Moment] = attrs.field(factory=list)
    counts: Counter[str] = attrs.field(factory=Counter)
    first: m.Deal | None = None
    _players: dict[tuple[SeatView, ...], tuple[SeatView, ...]] = attrs.field(factory=dict)

    def add(self, d: DealView, deal: m.Deal | BrokenDeal | None = None) -> None:
        """Count deal ``d`` in (``deal``: its record, the first readable one kept)."""
        if self.first is None and isinstance(deal, m.Deal):
            self.first = _header_only(deal)
        tally_deal(self.rows, d)
        self.moments.extend(deal_moments(d))
        self.counts.update(x.severity for x in d.diagnostics)
        self.deals.append(summary_of(d, self._players))

    def view(self, prologue: tuple[str, ...] = (), validated: bool = True) -> MatchView:
        """The match's view with the deals' summaries (no steps)."""
        return match_view_of(self.first, prologue, self.deals, validated, self.counts)

    def tallies(self, players: Iterable[SeatView]) -> tuple[Tally, ...]:
        """:func:`~publish.story.tallies` of the deals, named after ``players``."""
        out = []
        for p in players:
            r = self.rows.get(p.seat)
            if r is not None:
                out.append(attrs.evolve(r, name=p.name, team=p.team))
        return tuple(sorted(out, key=lambda r: r.seat))


def _header_only(deal: m.Deal) -> m.Deal:
    """The deal without its hands and moves: its tags and names name the match."""
    return attrs.evolve(deal, hands=(), moves=())


class PageWriter:
    """One match's page, written deal by deal: :meth:`add` each deal's view in order,
    then :meth:`finish` into the output stream.

    ``meta``: the match's view (title, teams, totals … as :func:`render_match` is given
    them); without it they come from the deals written (``prologue``, ``validated``).
    ``source``: the record's bytes, or a function that yields them in pieces, offered
    for download.  ``live``: as for :func:`~publish.render.render_match`.
    """

    def __init__(
        self,
        lang: str = "zh",
        *,
        meta: MatchView | None = None,
        prologue: tuple[str, ...] = (),
        validated: bool = True,
        source: bytes | Callable[[], Iterable[bytes]] | None = None,
        source_name: str = "record.gjn",
        index_href: str | None = None,
        live: str | None = None,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
        self.lang = lang
        self.meta = meta
        self.prologue = meta.prologue if meta is not None else prologue
        self.validated = meta.validated if meta is not None else validated
        self.source = source
        self.source_name = source_name
        self.index_href = index_href
        self.live = live
        self.summary = MatchSummary()
        self.data = PayloadStream()
        self._sections: IO[bytes] = tempfile.SpooledTemporaryFile(SPOOL, "w+b")  # noqa: SIM115 (closed by finish or close)
        self._json: IO[bytes] = tempfile.SpooledTemporaryFile(SPOOL, "w+b")  # noqa: SIM115 (closed by finish or close)
        env = environment()
        self._move = env.get_template("_macros.html.j2").module.move  # type: ignore[attr-defined]
        self._t = _ui(lang)
        self._team_a = meta.team_name("A") if meta is not None else None
        self._team_b = meta.team_name("B") if meta is not None else None

    def add(self, d: DealView, deal: m.Deal | BrokenDeal | None = None) -> None:
        """Write deal ``d`` (``deal``: its record, which names the match if it is the
        first readable one)."""
        if self.meta is None and self.summary.first is None and isinstance(deal, m.Deal):
            teams = deal.tags
            self._team_a = teams.get("TeamA", "") or "A"
            self._team_b = teams.get("TeamB", "") or "B"
        # written a part at a time (a long deal's section is tens of megabytes: never
        # one string, issue #15), without Jinja but for each play's macro (issue #16)
        _write_batched(
            self._sections,
            deal_section(d, self.lang, self._t, self._team_a or "A", self._team_b or "B",
                         self._move),
        )  # fmt: skip
        self._sections.write(b"\n")
        _write_batched(self._json, self.data.deal_pieces(d))
        self.summary.add(d, deal)

    def finish(self, out: IO[bytes]) -> MatchView:
        """Write the whole page to ``out``; returns the match's view with the deals'
        summaries (what an index page needs).  The spooled parts are closed."""
        try:
            return self._finish(out)
        finally:
            self.close()

    def close(self) -> None:
        """Drop the spooled parts (the page is not written)."""
        self._sections.close()
        self._json.close()

    def _finish(self, out: IO[bytes]) -> MatchView:
        s = self.summary
        if self.meta is not None:
            view = attrs.evolve(self.meta, deals=tuple(s.deals))
        else:
            view = s.view(self.prologue, self.validated)
        lang, live = self.lang, self.live
        assets = _assets()
        js = _live_js() if live else assets["js"]
        ctx: dict[str, Any] = {
            "view": view,
            "lang": lang,
            "html_lang": _HTML_LANG[lang],
            "t": self._t,
            "i18n": i18n(),
            "csp": _csp([assets["css"]], [js, *([live] if live else [])], connect=bool(live)),
            "css": Markup(assets["css"]),
            "js": Markup(js),
            "live": Markup(live) if live else None,
            "sprite": Markup(assets["svg"]),
            "data": Markup(_SOURCE_MARK + "-data"),
            "standing_rows": Markup(_SOURCE_MARK + "-rows"),
            "nav_entries": Markup(_SOURCE_MARK + "-nav"),
            "rounds": _rounds,
            "teams": _teams_of(view),
            "source_href": (
                f"data:text/plain;charset=utf-8;base64,{_SOURCE_MARK}"
                if self.source is not None
                else None
            ),
            "source_name": self.source_name,
            "index_href": self.index_href,
            "version": gojinotation.__version__,
            "graph": score_graph(view),
            "tallies": s.tallies(view.players),
            "moments": key_moments(view, events=s.moments),
        }
        env = environment()
        for chunk in env.get_template("match_head.html.j2").generate(ctx):
            self._tail_chunk(out, chunk, view)
        out.write(b"\n")
        self._sections.seek(0)
        shutil.copyfileobj(self._sections, out)
        for chunk in env.get_template("match_tail.html.j2").generate(ctx):
            self._tail_chunk(out, chunk, view)
        return view

    def _nav_entries(self, view: MatchView) -> Iterator[str]:
        """The head's list of deals, an entry a deal (what ``match_head.html.j2`` drew in
        a loop: a record of 100,000 broken deals spent a tenth of its time there)."""
        t = self._t
        for d in view.deals:
            mini = ""
            if d.team_points:
                pts = dict(d.team_points)
                mini = (
                    f' <span class="mini" data-spoil="{d.index}"><b class="tA">'
                    f'{escape(pts.get("A", 0))}</b>:<b class="tB">{escape(pts.get("B", 0))}'
                    "</b></span>"
                )
            yield (
                f'<li><a href="#d{d.index}"><span data-i18n="deal" data-v="{escape(d.number)}">'
                f"{escape(t('deal', d=d.number))}</span>{mini}</a></li>\n"
            )

    def _standing_rows(self, view: MatchView) -> Iterator[str]:
        """The standings, a row a deal with the running totals (what
        ``match_tail.html.j2`` drew in a loop)."""
        t = self._t
        for k, d in enumerate(view.deals):
            pts, run, n = dict(d.team_points), dict(view.totals[k].teams), d.number
            fin = "".join(
                f'<b class="sb t{escape(d.players[s - 1].team)}">{escape(s)}</b>' for s in d.finish
            )
            yield (
                f'<tr data-spoil="{d.index}"><th scope="row"><a href="#d{d.index}">'
                f'<span data-i18n="deal" data-v="{escape(n)}">'
                f"{escape(t('deal', d=n, r=n, s=n, n=n))}</span></a></th>"
                f'<td class="fin">{fin}</td><td class="num">{escape(pts.get("A", "–"))}</td>'
                f'<td class="num">{escape(pts.get("B", "–"))}</td><td class="num">'
                f"{escape(run.get('A', 0))} : {escape(run.get('B', 0))}</td></tr>\n"
            )

    def _tail_chunk(self, out: IO[bytes], chunk: str, view: MatchView) -> None:
        """A piece of the page's head or end, its marks replaced by the deals' entries and
        rows, the record's base64 and the data (each mark is one piece of output, or
        inside one)."""
        if _SOURCE_MARK not in chunk:
            out.write(chunk.encode("utf-8"))
            return
        for name, write in (("-rows", self._standing_rows), ("-nav", self._nav_entries)):
            if _SOURCE_MARK + name in chunk:
                before, after = chunk.split(_SOURCE_MARK + name, 1)
                self._tail_chunk(out, before, view)
                _write_batched(out, write(view))
                self._tail_chunk(out, after, view)
                return
        data_mark = _SOURCE_MARK + "-data"
        if data_mark in chunk:
            before, after = chunk.split(data_mark, 1)
            self._tail_chunk(out, before, view)
            out.write(self.data.head(view.teams).encode("utf-8"))
            self._json.seek(0)
            shutil.copyfileobj(self._json, out)
            out.write(self.data.tail(view.totals).encode("utf-8"))
            self._tail_chunk(out, after, view)
            return
        before, after = chunk.split(_SOURCE_MARK, 1)
        out.write(before.encode("utf-8"))
        if self.source is not None:
            _write_base64(out, self.source)
        self._tail_chunk(out, after, view)


def _write_base64(out: IO[bytes], source: bytes | Callable[[], Iterable[bytes]]) -> None:
    """The source's base64, written in pieces (a whole number of 3-byte groups each)."""
    if isinstance(source, bytes):
        out.write(base64.b64encode(source))
        return
    rest = b""
    for piece in source():
        piece = rest + piece
        cut = len(piece) - len(piece) % 3
        out.write(base64.b64encode(piece[:cut]))
        rest = piece[cut:]
    out.write(base64.b64encode(rest))


def _write_batched(out: IO[bytes], pieces: Iterable[str], batch: int = 1000) -> None:
    """``pieces`` written to ``out`` in UTF-8, ``batch`` at a time (one write a batch, not
    a piece, nor all of them held at once)."""
    rows: list[str] = []
    for piece in pieces:
        rows.append(piece)
        if len(rows) >= batch:
            out.write("".join(rows).encode("utf-8"))
            rows.clear()
    out.write("".join(rows).encode("utf-8"))
