"""The spectator's view of a live table: the replay viewer of ``gouji render`` (the publish
layer's page, view model and script) fed by the live record.

What a spectator may see is cut on the server, before anything is drawn: the live deal
only as far as the broadcast delay allows (:meth:`~serve.store.Table.visible_seq`), and
its hands hidden (the view's hands set to unknown, its sizes kept) until the deal is over
or the organiser opens them.  The page is :func:`~publish.render.render_match` of that
view with a small live script (allowed by its hash, like the replay's own); its event
stream (``/api/t/TABLE/live``) sends, for each newer visible state, only what changed in
the replay's payload (:func:`~publish.render.payload`): the deals' new steps from the
first one that differs, and the tails of the string tables.  The script hands them to the
viewer through its ``gjn-live`` event.

Each visible state has a token (a digest of what it shows); a client names the state it
holds (the page's token, or the stream's ``Last-Event-ID`` on a reconnect) and is sent
the difference, or told to reload when the server no longer knows that state.

>>> import tempfile, pathlib
>>> from gojinotation_analyzer.serve.store import Store
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "t.gjn").write_text('[Event "x"]\\n[Leader "1"]\\nhand 1: 33 4\\nhand 2: 5\\n'
...     'hand 3: 6\\nhand 4: 7\\nhand 5: 8\\nhand 6: 9\\n', encoding="utf-8")
>>> table = Store(d, deck_check=False).table("t")
>>> views = LiveViews(delay=0)
>>> first = views.visible(table, hands_open=False)
>>> first.payload["deals"][0]["start"]["h"]  # hidden while the deal is live
[None, None, None, None, None, None]
>>> _ = table.add(0, "1:33")
>>> msg = views.update(table, first.token, hands_open=False)
>>> [(d["pos"], d["from"], len(d["steps"])) for d in msg["update"]["deals"]]
[(0, 0, 1)]
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import attrs

import gojinotation as gj
from gojinotation import model as m
from gojinotation_analyzer.serve.deals import _carry
from gojinotation_analyzer.serve.store import Table, tags_of

__all__ = ["LIVE_JS", "LiveView", "LiveViews", "diff", "hide_hands"]

#: The live script's source (run after the replay's script on the spectator's page).
LIVE_JS = Path(__file__).resolve().parent / "static" / "live.js"


@functools.cache
def _live_js() -> str:
    return LIVE_JS.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=64)
def _frames(deal_text: str, prev_text: str | None, deck_check: bool) -> tuple[Any, ...]:
    """The engine's frames of one deal (given as its own text), with the tribute the deal
    before it (``prev_text``) left owing."""
    from gojinotation_analyzer.engine import replay

    deal = gj.loads(deal_text).deals[0]
    assert isinstance(deal, m.Deal)
    owed = _carry(prev_text, deck_check)[0] if prev_text is not None else ()
    return tuple(replay(deal, deck_check=deck_check, obligations=owed))


def _text(deal: m.Deal) -> str:
    return gj.dumps(gj.Match(deals=(deal,)))


def hide_hands(view: Any, index: int) -> Any:
    """The view with the hands of deal ``index`` (0-based) unknown at every step (their
    sizes kept): what a spectator sees of a live deal."""
    from gojinotation_analyzer.publish.view import MatchView, split_cards

    assert isinstance(view, MatchView)
    unknown = (None,) * 6

    def table(t: Any) -> Any:
        sizes = tuple(
            len(split_cards(h)) if h is not None and n is None else n
            for h, n in zip(t.hands, t.hand_sizes, strict=True)
        )
        return attrs.evolve(t, hands=unknown, hand_sizes=sizes)

    deal = view.deals[index]
    steps = tuple(attrs.evolve(s, table=table(s.table), variations=()) for s in deal.steps)
    deal = attrs.evolve(deal, hands=unknown, start=table(deal.start), steps=steps, raw=None)
    deals = (*view.deals[:index], deal, *view.deals[index + 1 :])
    return attrs.evolve(view, deals=deals)


@attrs.frozen
class LiveView:
    """One state of a table as spectators may see it: its token, the replay's payload and
    what the live script shows beside the viewer (``info``)."""

    token: str
    match: m.Match
    view: Any
    payload: dict[str, Any]
    info: dict[str, Any]


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """What turns payload ``old`` into ``new`` for the viewer's ``gjn-live`` event: the
    string tables' tails (with the index they start at), the totals, and each deal that
    changed with its steps from the first that differs; ``None`` when ``new`` does not
    continue ``old`` (a deal or a string gone: the page reloads).

    >>> a = {"acts": {"en": ["x"], "zh": ["x"]}, "src": [], "totals": [],
    ...      "deals": [{"i": 1, "steps": [[1, 0, "3", 0]]}]}
    >>> b = {"acts": {"en": ["x", "y"], "zh": ["x", "y"]}, "src": ["S"], "totals": [],
    ...      "deals": [{"i": 1, "steps": [[1, 0, "3", 0], [2, 1, "", 1]]}]}
    >>> diff(a, b)["deals"], diff(a, b)["acts"]
    ([{'i': 1, 'pos': 0, 'from': 1, 'steps': [[2, 1, '', 1]]}], {'en': ['y'], 'zh': ['y']})
    >>> diff(b, a) is None
    True
    """
    out: dict[str, Any] = {"totals": new["totals"], "deals": []}
    for key in ("en", "zh"):
        if new["acts"][key][: len(old["acts"][key])] != old["acts"][key]:
            return None
    if new["src"][: len(old["src"])] != old["src"] or len(new["deals"]) < len(old["deals"]):
        return None
    n_acts, n_src = len(old["acts"]["en"]), len(old["src"])
    out["acts_from"] = n_acts
    out["acts"] = {k: new["acts"][k][n_acts:] for k in ("en", "zh")}
    out["src_from"] = n_src
    out["src"] = new["src"][n_src:]
    for i, nd in enumerate(new["deals"]):
        od = old["deals"][i] if i < len(old["deals"]) else None
        if od == nd:
            continue
        k = 0
        if od is not None:
            same = {x: v for x, v in od.items() if x != "steps"} == {
                x: v for x, v in nd.items() if x != "steps"
            }
            while same and k < min(len(od["steps"]), len(nd["steps"])):
                if od["steps"][k] != nd["steps"][k]:
                    break
                k += 1
        entry = {x: v for x, v in nd.items() if x != "steps"}
        entry.update({"pos": i, "from": k, "steps": nd["steps"][k:]})
        out["deals"].append(entry)
    return out


class LiveViews:
    """The spectators' states of every table, made once per change and shared."""

    def __init__(self, delay: float, keep: int = 256) -> None:
        self.delay = delay
        self.keep = keep
        self._by_key: OrderedDict[tuple[str, int, int, bool], LiveView] = OrderedDict()
        self._by_token: OrderedDict[str, LiveView] = OrderedDict()
        self._pages: OrderedDict[tuple[str, str], str] = OrderedDict()
        self._lock = threading.Lock()  # the worker threads share the caches

    def _remember(self, cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > self.keep:
            cache.popitem(last=False)

    def _key(self, table: Table, hands_open: bool) -> tuple[str, int, int, bool]:
        return (table.name, table.version, table.visible_seq(self.delay), hands_open)

    def lookup(self, table: Table, *, hands_open: bool) -> LiveView | None:
        """What a spectator of ``table`` may see now, if it is made already (cheap: the
        event loop asks this first and makes the view in a worker thread only once)."""
        with self._lock:
            return self._by_key.get(self._key(table, hands_open))

    def visible(self, table: Table, *, hands_open: bool) -> LiveView:
        """What a spectator of ``table`` may see now (made on first asking)."""
        key = self._key(table, hands_open)
        with self._lock:
            hit = self._by_key.get(key)
        if hit is None:
            hit = self._make(table, key[2], hands_open)
            with self._lock:
                self._remember(self._by_key, key, hit)
                self._remember(self._by_token, hit.token, hit)
        return hit

    def _make(self, table: Table, n: int, hands_open: bool) -> LiveView:
        from gojinotation_analyzer.engine.crossdeal import follows_in_match
        from gojinotation_analyzer.publish.render import payload
        from gojinotation_analyzer.publish.view import view_from_frames

        match = table.snap.match
        if n != table.seq:
            match = attrs.evolve(match, deals=(*match.deals[:-1], table.deal_at(n)))
        frames: dict[int, list[Any]] = {}
        prev: m.Deal | None = None
        for i, deal in enumerate(match.deals, 1):
            if not isinstance(deal, m.Deal):
                prev = None
                continue
            before = _text(prev) if prev is not None and follows_in_match(prev, deal) else None
            # a deal the engine cannot replay is drawn as recorded
            with contextlib.suppress(Exception):
                frames[i] = list(_frames(_text(deal), before, table.store.deck_check))
            prev = deal
        live_frames = frames.get(len(match.deals)) or []
        over = bool(live_frames) and bool(live_frames[-1].state.is_over)
        show = over or hands_open or table.sealed
        view = view_from_frames(match, frames)
        if not show:
            view = hide_hands(view, len(match.deals) - 1)
        data = payload(view)
        result = table.snap.result if n == table.seq else None
        info = {
            "table": table.name,
            "seq": n,
            "deals": len(match.deals),
            "deal": tags_of(table.snap.deal).get("Deal", str(len(match.deals))),
            "over": over,
            "hands": show,
            "delay": self.delay,
            "sealed": table.sealed,
            "sha256": table.sha256 if table.sealed else None,
            "confirmed": table.confirmed() if result is not None else [],
            "finish": result.finish if result is not None and not result.void else None,
            "score": result.score if result is not None else None,
        }
        shown = [data[k] for k in ("deals", "acts", "src", "totals")]
        digest = hashlib.sha256(
            json.dumps([shown, info], sort_keys=True, ensure_ascii=False).encode("utf-8")
        ).hexdigest()[:24]
        return LiveView(digest, match, view, data, info)

    def page(self, table: Table, lang: str, *, hands_open: bool) -> str:
        """The spectator's page: the replay of what may be seen, following the table."""
        from gojinotation_analyzer.publish.render import render_match

        lv = self.visible(table, hands_open=hands_open)
        with self._lock:
            hit = self._pages.get((lv.token, lang))
        if hit is None:
            boot = {"table": table.name, "token": lv.token, "info": lv.info}
            prefix = "var GJN_LIVE=" + _script_json(boot) + ";\n"
            hit = render_match(lv.view, lang, live=prefix + _live_js())
            with self._lock:
                self._remember(self._pages, (lv.token, lang), hit)
        return hit

    def update(self, table: Table, since: str, *, hands_open: bool) -> dict[str, Any]:
        """The message that brings a client holding state ``since`` to the current one:
        ``{"token", "info", "update"}``, or ``{"token", "reload": true}``."""
        lv = self.visible(table, hands_open=hands_open)
        with self._lock:
            old = self._by_token.get(since)
        change = diff(old.payload, lv.payload) if old is not None else None
        if change is None:
            return {"token": lv.token, "reload": True}
        return {"token": lv.token, "info": lv.info, "update": change}


def _script_json(data: Any) -> str:
    """JSON safe inside a ``<script>``: no ``</``, ``<!--``, U+2028 or U+2029."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for a, b in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(a, b)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
