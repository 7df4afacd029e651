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

import base64
import hashlib
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import attrs
import jinja2
from markupsafe import Markup

import gojinotation
from gojinotation import model as gm
from gojinotation.fileio import WriteError, atomic_write, decode_input, record_format
from gojinotation.jsonio import JsonError, load_json_match
from gojinotation.reader import read
from gojinotation_analyzer import i18n as messages
from gojinotation_analyzer.publish.payload import json_script, payload
from gojinotation_analyzer.publish.story import (
    alternative_groups,
    key_moments,
    score_graph,
    standings,
    tallies,
)
from gojinotation_analyzer.publish.view import (
    MatchView,
    StepView,
    i18n,
    split_cards,
    view_from_engine,
)

__all__ = ["LANGS", "environment", "payload", "render_files", "render_index", "render_match"]

#: The page languages.
LANGS: tuple[str, ...] = ("zh", "en")

_HTML_LANG = {"zh": "zh-CN", "en": "en"}


@cache
def environment() -> jinja2.Environment:
    """The Jinja environment: templates from the package, autoescaped, strict."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gojinotation_analyzer.publish", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters["chips"] = chips
    env.filters["hand_chips"] = hand_chips
    env.globals["place_name"] = place_name
    return env


def _asset(name: str) -> str:
    env = environment()
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, name)
    return source


def _compact(text: str) -> str:
    """Drop indentation, blank lines and whole-line ``/* */`` comments (CSS and JS)."""
    out: list[str] = []
    in_comment = False
    for line in text.splitlines():
        s = line.strip()
        if in_comment:
            in_comment = "*/" not in s
            continue
        if s.startswith("/*"):
            in_comment = "*/" not in s
            continue
        if s:
            out.append(s)
    return "\n".join(out)


def _squeeze_css(text: str) -> str:
    """Drop the spaces of compacted CSS around ``{ } ; , >`` and after a property's colon,
    and the last ``;`` of a block (no string in our CSS holds those characters).

    >>> _squeeze_css("a > b, c { color: red; margin: 0 ; }")
    'a>b,c{color:red;margin:0}'
    """
    text = re.sub(r"\s*([{};,>])\s*", r"\1", text)
    text = re.sub(r"(?<=[a-z-]):\s+", ":", text)
    return text.replace(";}", "}")


def _word(c: str) -> bool:
    return c.isalnum() or c in "_$\\" or ord(c) > 127


def _squeeze_js(text: str) -> str:
    """Drop the spaces of compacted script that no token needs: a space stays only
    between two word characters (``var x``, ``else if``) or two ``+``/``-`` signs.
    Strings and regular expression literals are copied as they are; lines stay lines.

    >>> _squeeze_js("var a = 'x = y' + b;\\nif (a === /[ '\\"]/g) { f(a, - -b); }")
    'var a=\\'x = y\\'+b;\\nif(a===/[ \\'"]/g){f(a,- -b);}'
    """
    out: list[str] = []
    prev = ""  # the last character that is not a space
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "'\"":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            prev, i = c, j + 1
            continue
        if c == "/" and (prev == "" or prev in "(,=:[!&|?{};+\n"):
            j, in_class = i + 1, False
            while j < n and (in_class or text[j] != "/"):
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < n and text[j].isalpha():
                j += 1
            out.append(text[i:j])
            prev, i = "/", j
            continue
        if c == " ":
            nxt = text[i + 1] if i + 1 < n else ""
            if prev and nxt and ((_word(prev) and _word(nxt)) or (prev in "+-" and nxt in "+-")):
                out.append(" ")
            i += 1
            continue
        out.append(c)
        prev = c
        i += 1
    return "".join(out)


_LIVE_BLOCK = re.compile(
    r"^ */\* ---- live: begin .*?^ */\* ---- live: end ---- \*/\n", re.M | re.S
)


def _without_live(js: str) -> str:
    """The script without its live block (the ``gjn-live`` listener): a page that follows
    no live record (every page ``gouji render`` writes) does not carry it.

    >>> js = "a;\\n  /* ---- live: begin x ---- */\\nb;\\n  /* ---- live: end ---- */\\nc;\\n"
    >>> _without_live(js)
    'a;\\nc;\\n'
    """
    return _LIVE_BLOCK.sub("", js)


@cache
def _live_js() -> str:
    """The script with its live block, squeezed once, for ``gouji serve``'s pages only."""
    return _squeeze_js(_compact(_asset("replay.js")))


@cache
def _assets() -> dict[str, str]:
    """The inline CSS, script and sprite, compacted once (the script also squeezed)."""
    return {
        "css": _squeeze_css(_compact(_asset("replay.css"))),
        "js": _squeeze_js(_compact(_without_live(_asset("replay.js")))),
        "index_js": _squeeze_js(_compact(_asset("index.js"))),
        "svg": _asset("cards.svg").strip(),
    }


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _csp(styles: Sequence[str], scripts: Sequence[str], *, connect: bool = False) -> str:
    """default-src 'none'; inline blocks allowed by hash; images only from data:;
    with ``connect``, requests to the page's own origin (a live page's event stream)."""
    style = " ".join(_sha256(s) for s in styles)
    script = " ".join(_sha256(s) for s in scripts) or "'none'"
    return (
        f"default-src 'none'; style-src {style}; script-src {script}; img-src data:; "
        + ("connect-src 'self'; " if connect else "")
        + "base-uri 'none'; form-action 'none'"
    )


# ------------------------------------------------------------------------ cards


_SUIT_SYMBOL = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
_RANK_LABEL = {"T": "10", "?": "?"}


def _label(card: str, lang: str = "zh") -> str:
    if card[0] in "XD":  # the jokers' names: ``card.rank.X`` / ``card.rank.D`` in the catalogue
        return messages.t(f"card.rank.{card[0]}", lang)
    return _RANK_LABEL.get(card[0], card[0])


def chips(cards: str, lang: str = "zh") -> Markup:
    """A card string as compact chips, one per rank: ``K×3``, ``大王``; suits, when the
    record gives them, follow as symbols (hearts and diamonds in ``<s>``, drawn red): a
    dealt hand of 36 suited cards stays small.

    >>> str(chips("DTTTTT"))
    '<i class="jD">大王</i><i>10×5</i>'
    >>> str(chips("AsAhA", "en"))
    '<i>A×3<u>♠<s>♥</s></u></i>'
    >>> str(chips("AsAhAcAd"))
    '<i>A<u>♠♣<s>♥♦</s></u></i>'
    """
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    for card in split_cards(cards):
        groups.setdefault(card[0], []).append(card)
    for rank, group in groups.items():
        cls = {"X": ' class="jX"', "D": ' class="jD"', "?": ' class="u"'}.get(rank, "")
        suits = sorted((c[1] for c in group if len(c) == 2), key="schd".index)
        # ``×n`` unless every card of the group shows its suit (the symbols count them)
        times = f"×{len(group)}" if len(group) > 1 and len(suits) < len(group) else ""
        mark = ""
        if suits:  # the symbols (read by name by screen readers): ♠♣ then ♥♦ in one <s>
            black = "".join(_SUIT_SYMBOL[x] for x in suits if x in "sc")
            red = "".join(_SUIT_SYMBOL[x] for x in suits if x in "hd")
            mark = f"<u>{black}{f'<s>{red}</s>' if red else ''}</u>"
        out.append(f"<i{cls}>{_label(rank, lang)}{times}{mark}</i>")
    return Markup("".join(out))


def hand_chips(cards: str | None, lang: str = "zh") -> Markup:
    """A hand as chips grouped by rank (without suits: a dealt hand's suits decide only
    上班, and 36 suited cards a hand would cost a 6-deal page some 10 KB; the record
    offered for download keeps them), or ``?`` when unknown.

    >>> str(hand_chips("AsAhK"))
    '<i>A×2</i><i>K</i>'
    """
    if cards is None:
        return Markup('<i class="u">?</i>')
    return chips("".join(c[0] for c in split_cards(cards)), lang)


def place_name(place: int, lang: str) -> str:
    """``头科`` / ``1st``."""
    return i18n()[lang].get(f"place_{place}", str(place))


# ------------------------------------------------------------------------ pages


def _ui(lang: str) -> Callable[..., str]:
    cat = i18n()[lang]

    def t(key: str, **kw: Any) -> str:
        text = cat.get(key, key)
        return text.format(**kw) if kw else text

    return t


def _rounds(steps: Sequence[StepView]) -> list[tuple[int, list[StepView]]]:
    out: list[tuple[int, list[StepView]]] = []
    for s in steps:
        if not out or "round" in s.markers or s.round != out[-1][0]:
            out.append((s.round, [s]))
        else:
            out[-1][1].append(s)
    return out


def _teams_of(view: MatchView) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {"A": [], "B": []}
    for p in view.players:
        out.setdefault(p.team, []).append(p)
    return out


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
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
    assets = _assets()
    js = _live_js() if live else assets["js"]
    data = json_script(payload(view))
    source_href = (
        "data:text/plain;charset=utf-8;base64," + base64.b64encode(source).decode()
        if source is not None
        else None
    )
    tpl = environment().get_template("match.html.j2")
    return tpl.render(
        view=view,
        lang=lang,
        html_lang=_HTML_LANG[lang],
        t=_ui(lang),
        i18n=i18n(),
        csp=_csp([assets["css"]], [js, *([live] if live else [])], connect=bool(live)),
        css=Markup(assets["css"]),
        js=Markup(js),
        live=Markup(live) if live else None,
        sprite=Markup(assets["svg"]),
        data=data,
        rounds=_rounds,
        teams=_teams_of(view),
        source_href=source_href,
        source_name=source_name,
        index_href=index_href,
        version=gojinotation.__version__,
        graph=score_graph(view),
        alt_groups=alternative_groups,
        tallies=tallies(view),
        moments=key_moments(view),
    )


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


def _for_index(view: MatchView) -> MatchView:
    """What the index page needs of a view: the view without its deals' steps and raw
    text (the bulk of it, ~740 KB a deal), so that rendering many files holds one match's
    full view at a time."""
    deals = tuple(attrs.evolve(d, steps=(), raw=None) for d in view.deals)
    return attrs.evolve(view, deals=deals)


_PageWork = tuple[Path, Path, str, Callable[[gm.Match], MatchView], bool, str | None]
_PageDone = tuple[bool, MatchView | None, tuple[Exception, ...], str | None]


def _page(work: _PageWork) -> _PageDone:
    """Read one record, build its view, write its page: (written, the view the index
    needs, the syntax errors, the encoding detected if not UTF-8)."""
    path, target, lang, build, index, encoding = work
    raw = path.read_bytes()
    match, errors, used = read_input(path, raw, encoding)
    if used is not None:
        raw = raw.decode(encoding or used.lower()).removeprefix("\ufeff").encode("utf-8")
    if not match.deals and errors:
        return False, None, errors, used
    view = build(match)
    html = render_match(
        view,
        lang,
        source=raw,
        source_name=path.name,
        index_href="index.html" if index else None,
    )
    atomic_write(target, html.encode("utf-8"))
    del html
    return True, _for_index(view) if index else view, errors, used


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
