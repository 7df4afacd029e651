"""HTML replays: one self-contained page per match, and an index page.

The renderer reads a :class:`~publish.view.MatchView` and never judges a play.  A page
holds everything it needs: inline CSS and script (allowed by hashes in a
Content-Security-Policy that forbids every outside request), an inline SVG card sprite,
the view as ``<script type="application/json">`` and the source record as a ``data:``
link.  Every deal is complete HTML without the script (players, hands, every play by
round, comments, glyphs, diagnostics, result); the script adds the table replay.

The command line (``gouji render``, owned by ``analyzer/cli.py``) is to call::

    render_files(paths, out_dir, lang="zh")   # -> the written paths, index.html last

(``build=view_from_record`` renders without the rules engine.)

>>> import gojinotation as gj
>>> from gojinotation_analyzer.publish.view import view_from_record
>>> page = render_match(view_from_record(gj.loads('[Seat1 "<x-evil>"]\\nhand 1: K\\n1. 1:K')))
>>> "&lt;x-evil&gt;" in page, "<x-evil>" in page
(True, False)
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

import gojinotation
from gojinotation import model as gm
from gojinotation.fileio import (
    WriteError,
    atomic_write,
    atomic_writer,
    decode_input,
    record_format,
)
from gojinotation.jsonio import JsonError, load_json_match
from gojinotation.reader import BrokenDeal, iter_read, read
from gojinotation_analyzer.publish.assets import (
    _HTML_LANG,
    LANGS,
    _assets,
    _csp,
    _ui,
    chips,
    environment,
    hand_chips,
    place_name,
)
from gojinotation_analyzer.publish.page import PageWriter
from gojinotation_analyzer.publish.payload import payload
from gojinotation_analyzer.publish.story import standings
from gojinotation_analyzer.publish.view import MatchView, view_from_engine

__all__ = [
    "LANGS",
    "chips",
    "environment",
    "hand_chips",
    "payload",
    "place_name",
    "render_files",
    "render_index",
    "render_match",
]


def render_match(
    view: MatchView,
    lang: str = "zh",
    *,
    source: bytes | None = None,
    source_name: str = "record.gjn",
    index_href: str | None = None,
    live: str | None = None,
) -> str:
    """One self-contained HTML page for a match (every deal a section).

    :param lang: the page language, ``zh`` or ``en`` (the reader can switch).
    :param source: the source record's bytes, offered for download byte for byte.
    :param index_href: a link back to the index page, if any.
    :param live: a script run after the replay's, allowed by its hash, with
        ``connect-src 'self'``: ``gouji serve``'s spectator page, which feeds the viewer
        new steps through the ``gjn-live`` event (the live block of ``replay.js``, left
        out of every other page).
    """
    import io

    writer = PageWriter(
        lang, meta=view, source=source, source_name=source_name, index_href=index_href, live=live
    )
    for d in view.deals:
        writer.add(d)
    out = io.BytesIO()
    writer.finish(out)
    return out.getvalue().decode("utf-8")


def _winner(view: MatchView) -> str | None:
    if not view.totals:
        return None
    teams = dict(view.totals[-1].teams)
    a, b = teams.get("A", 0), teams.get("B", 0)
    return None if a == b else ("A" if a > b else "B")


def render_index(
    views: Sequence[MatchView], lang: str = "zh", *, links: Sequence[str] | None = None
) -> str:
    """An organiser's index: the event's title, the matches grouped by round (and ordered
    by table), each with its teams, final totals, winner and a link, then team standings
    (level teams ordered by the profile's tie-breaks) and player standings across all
    matches (:func:`~publish.story.standings`).  Results are hidden until the reader ticks
    "show all results" (a checkbox and CSS; a small script, allowed by its hash, remembers
    the choice in the replay pages' store)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
    assets = _assets()
    rows = []
    for i, v in enumerate(views):
        totals = dict(v.totals[-1].teams) if v.totals else {}
        rows.append(
            {
                "view": v,
                "href": links[i] if links is not None else None,
                "a": totals.get("A"),
                "b": totals.get("B"),
                "winner": _winner(v),
            }
        )
    events = Counter(v.event for v in views if v.event)
    groups: dict[str, list[dict[str, Any]]] = {}
    for r, v in zip(rows, views, strict=True):
        groups.setdefault(v.round, []).append(r)
    for g in groups.values():
        g.sort(key=lambda r: (str(r["view"].table), str(r["view"].date)))
    teams, players = standings(views)
    tpl = environment().get_template("index.html.j2")
    return tpl.render(
        rows=rows,
        title=events.most_common(1)[0][0] if events else "",
        groups=list(groups.items()),
        team_rows=teams,
        player_rows=players,
        lang=lang,
        html_lang=_HTML_LANG[lang],
        t=_ui(lang),
        csp=_csp([assets["css"]], [assets["index_js"]]),
        css=Markup(assets["css"]),
        js=Markup(assets["index_js"]),
        version=gojinotation.__version__,
    )


#: Characters kept in a page's file name (letters and digits of any script, ``-``, ``_``
#: and ``.``); anything else — ``:``, ``/``, ``?``, ``#``, ``%``, spaces — becomes ``_``.
_UNSAFE_NAME = re.compile(r"[^\w.-]+")


def page_names(paths: Sequence[str | Path], *, index: bool = True) -> list[str]:
    """The file name of each input's page: its stem made safe (no scheme, no path, no
    query or fragment characters, no leading dot), unique within the folder (ignoring
    case: ``-2``, ``-3`` … on a clash) and never ``index.html`` while an index is written.

    >>> page_names(["a/final.gjn", "b/final.gjn", "javascript:alert(10).gjn", "index.gjn"])
    ['final.html', 'final-2.html', 'javascript_alert_10_.html', 'index-2.html']
    >>> page_names(["决赛 第1局?.gjn", ".hidden.json"])
    ['决赛_第1局_.html', '_hidden.html']
    """
    taken = {"index"} if index else set()
    names: list[str] = []
    for p in paths:
        stem = _UNSAFE_NAME.sub("_", Path(p).stem)
        if stem.startswith("."):
            stem = "_" + stem.lstrip(".")
        stem = stem[:120] or "record"
        name, n = stem, 1
        while name.casefold() in taken:
            n += 1
            name = f"{stem}-{n}"
        taken.add(name.casefold())
        names.append(name + ".html")
    return names


def read_input(
    path: Path, raw: bytes, encoding: str | None = None
) -> tuple[gm.Match, tuple[Exception, ...], str | None]:
    """A record read leniently from its bytes: ``.json`` as JSON, else GJN (broken deals
    kept, to be drawn marked; GBK/GB18030 and UTF-16 detected, or read in ``encoding``
    by :func:`gojinotation.fileio.decode_input`); the syntax errors found, and the
    encoding if it was not UTF-8."""
    if record_format(path, raw) == "json":
        try:
            return load_json_match(raw, filename=str(path)), (), None
        except JsonError as err:
            return gm.Match(), (err,), None
    decoded, used = decode_input(raw, encoding)
    result = read(decoded, filename=str(path))
    return result.match, tuple(result.errors), used


_PageWork = tuple[Path, Path, str, Callable[[gm.Match], MatchView], bool, str | None]
_PageDone = tuple[bool, MatchView | None, tuple[Exception, ...], str | None]


def _page(work: _PageWork) -> _PageDone:
    """Read one record, build its view, write its page: (written, the view the index
    needs (the deals' summaries), the syntax errors, the encoding detected if not UTF-8).

    A builder with ``deals`` (:class:`~publish.view.RecordDeals`, the command line's
    validating builder) is fed the GJN record one deal at a time as the reader yields it,
    and each deal's view is written and dropped (:class:`~publish.page.PageWriter`): the
    page costs one deal's view, not the match's.  Other builders get the whole match."""
    path, target, lang, build, index, encoding = work
    raw = path.read_bytes()
    stream = getattr(build, "deals", None)
    common: dict[str, Any] = {
        "source_name": path.name,
        "index_href": "index.html" if index else None,
    }
    errors: tuple[Exception, ...]
    if stream is None or record_format(path, raw) == "json":
        match, errors, used = read_input(path, raw, encoding)
        if used is not None:
            raw = raw.decode(encoding or used.lower()).removeprefix("\ufeff").encode("utf-8")
        if not match.deals and errors:
            return False, None, errors, used
        view = build(match)
        del match
        writer = PageWriter(lang, meta=view, source=raw, **common)
        for d in view.deals:
            writer.add(d)
        del view
    else:
        decoded, used = decode_input(raw, encoding)
        if used is not None:
            raw = raw.decode(encoding or used.lower()).removeprefix("\ufeff").encode("utf-8")
        found: list[Exception] = []
        prologue: list[str] = []

        def numbered() -> Iterator[tuple[int, gm.Deal | BrokenDeal]]:
            i = 0
            for pro, _, deal in iter_read(decoded, filename=str(path)):
                prologue.extend(c.text for c in pro)
                if deal is None:
                    continue
                if isinstance(deal, BrokenDeal):
                    found.extend(deal.errors)
                i += 1
                yield i, deal

        validated = bool(getattr(build, "validated", True))
        writer = PageWriter(lang, validated=validated, source=raw, **common)
        for d, deal in stream(numbered()):
            writer.add(d, deal)
        del decoded
        errors = tuple(found)
        if not writer.summary.deals and errors:
            writer.close()
            return False, None, errors, used
        writer.prologue = tuple(prologue)
    with atomic_writer(target) as fh:
        summary = writer.finish(fh)
    return True, summary, errors, used


def _pages(work: list[_PageWork], jobs: int) -> Iterator[_PageDone]:
    """:func:`_page` of each record in order, on ``jobs`` processes when it helps."""
    if jobs > 1 and len(work) > 1:
        import pickle
        from concurrent.futures import ProcessPoolExecutor

        try:
            pickle.dumps(work[0][3])
        except Exception:  # a closure: build in this process
            jobs = 1
        if jobs > 1:
            with ProcessPoolExecutor(min(jobs, len(work))) as pool:
                yield from pool.map(_page, work)
            return
    for w in work:
        yield _page(w)


def render_files(
    paths: Iterable[str | Path],
    out_dir: str | Path,
    *,
    lang: str = "zh",
    build: Callable[[gm.Match], MatchView] = view_from_engine,
    index: bool = True,
    on_errors: Callable[[Path, tuple[Exception, ...]], None] | None = None,
    encoding: str | None = None,
    on_encoding: Callable[[Path, str], None] | None = None,
    jobs: int = 1,
) -> list[Path]:
    """Render each record (``.gjn`` or ``.json``) to a page in ``out_dir`` and, with
    ``index``, an ``index.html`` linking them.

    Page names come from :func:`page_names` (safe, unique, URL-encoded in the links).
    Every file is written by :func:`gojinotation.fileio.atomic_write`: a reader of the
    folder sees the old page or the new one, never a torn or empty page.  ``build`` turns
    a parsed record into a view: by default :func:`~publish.view.view_from_engine` (the
    rules engine's frames; a deal the engine cannot replay is shown as written, with a
    notice); pass :func:`~publish.view.view_from_record` to skip the engine, or
    a builder around :func:`~gojinotation_analyzer.publish.view.view_from_frames` to add
    the validator's diagnostics.  A record with syntax errors still renders: its broken
    deals show their text and errors, and ``on_errors(path, errors)`` is called; a JSON
    record that cannot be read at all gets no page.  A GJN record that is not UTF-8 is
    read as :func:`gojinotation.fileio.decode_input` detects (or in ``encoding``), and
    ``on_encoding(path, name)`` is called; its page offers it for download in UTF-8.
    With ``jobs`` above 1 the pages are made on that many processes (``build`` must
    then be picklable, else one process is used); the callbacks, the pages and the index
    are the same, called and written in input order.
    Returns the written paths, the index last.

    :raises OSError: an input cannot be read (``filename`` says which).
    :raises gojinotation.fileio.WriteError: a page cannot be written (the path and why).
    """
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteError(
            str(out), "io", exc.strerror or str(exc), exc.strerror or str(exc)
        ) from None
    inputs = [Path(p) for p in paths]
    names = page_names(inputs, index=index)
    written: list[Path] = []
    views: list[MatchView] = []
    links: list[str] = []
    work = [
        (path, out / name, lang, build, index, encoding)
        for path, name in zip(inputs, names, strict=True)
    ]
    for (path, target, *_), (made, view, errors, used) in zip(
        work, _pages(work, jobs), strict=True
    ):
        if used is not None and on_encoding is not None:
            on_encoding(path, used)
        if errors and on_errors is not None:
            on_errors(path, errors)
        if not made:
            continue
        written.append(target)
        assert view is not None
        views.append(view)
        links.append(quote(target.name))
    if index:
        page = render_index(views, lang, links=links)
        atomic_write(out / "index.html", page.encode("utf-8"))
        written.append(out / "index.html")
    return written


def _main(argv: Sequence[str] | None = None) -> None:  # pragma: no cover - dev helper
    """``python -m publish.render FILE... OUT_DIR``: render and print sizes and time."""
    import sys

    args = list(argv if argv is not None else sys.argv[1:])
    t0 = time.perf_counter()
    for p in render_files(args[:-1], args[-1]):
        print(p, p.stat().st_size)
    print(f"{time.perf_counter() - t0:.3f} s")


if __name__ == "__main__":  # pragma: no cover
    _main()
