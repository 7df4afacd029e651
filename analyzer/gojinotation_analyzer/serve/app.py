"""The web application of ``gouji serve`` (Starlette; run by uvicorn).

Pages (static shells; every record text reaches them as JSON and is shown with
``textContent``, never as markup):

* ``/`` — the event: every table and its state;
* ``/t/{table}`` — a spectator's view: the replay viewer of ``gouji render`` following the
  record live (server-sent events, :mod:`serve.live`), late by the broadcast delay, hands
  hidden while the deal is live unless opened;
* ``/t/{table}/record#k=SECRET`` — the recorder's view (the secret stays in the fragment
  and is sent in the ``X-Table-Secret`` header, never in a cookie);
* ``/organiser#k=TOKEN`` — the organiser's page: the tables' secrets and recorder links;
* ``/t/{table}/replay`` — the replay page of a sealed (or opened) record.

Every state-changing request needs the secret in a header and, when the browser names
an ``Origin``, the server's own; every response carries a strict Content-Security-Policy.

>>> import tempfile, pathlib
>>> from starlette.testclient import TestClient
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "t1.gjn").write_text(
...     '[Event "demo"]\\n[Leader "1"]\\nhand 1: 33 4\\nhand 2: 5\\nhand 3: 6\\nhand 4: 7\\n'
...     'hand 5: 8\\nhand 6: 9\\n', encoding="utf-8")
>>> app = create_app(d, deck_check=False)
>>> c = TestClient(app)
>>> c.post("/api/t/t1/act", json={"seq": 0, "gjn": "1:33"}).status_code  # no secret
401
>>> k = app.state.store.secret("t1")
>>> c.post("/api/t/t1/act", json={"seq": 0, "gjn": "1:33"},
...        headers={"X-Table-Secret": k}).json()["seq"]
1
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import gojinotation as gj
from gojinotation.cards import format_cards
from gojinotation_analyzer.serve.live import LiveView, LiveViews
from gojinotation_analyzer.serve.replay import REPLAY_CSP
from gojinotation_analyzer.serve.store import ServeError, Store, Table, _error, tags_of

__all__ = ["CSP", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"

#: The pages' policy: nothing inline, nothing from elsewhere, no framing.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class _Headers:
    """Security headers on every response (pure ASGI: server-sent events stream through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                # the replay page brings its own hash-based policy; the rest get ours
                if "content-security-policy" not in headers:
                    headers["Content-Security-Policy"] = CSP
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Frame-Options"] = "DENY"
                headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _err(status: int, en: str, zh: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"en": en, "zh": zh, **extra}, status_code=status)


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host')}":
        return False
    site = request.headers.get("sec-fetch-site")
    return site in (None, "same-origin", "none")


def _hand(cards: Any) -> list[str]:
    return [format_cards((c,)) for c in cards]


def _moves_lines(text: str) -> list[str]:
    lines = text.rstrip("\n").split("\n")
    last_hand = max((i for i, ln in enumerate(lines) if ln.startswith("hand ")), default=-1)
    return [ln for ln in lines[last_hand + 1 :] if ln.strip()]


def _title(table: Table) -> str:
    tags = tags_of(table.snap.deal)
    parts = [tags[k] for k in ("Event", "Round", "Deal") if k in tags]
    return " · ".join(parts) or table.name


def _names(table: Table) -> dict[int, str]:
    tags = tags_of(table.snap.deal)
    return {s: tags.get(f"Seat{s}", "") for s in range(1, 7)}


class _Live:
    """The view of each table for spectators and recorders, cached per change."""

    def __init__(self, store: Store, delay: float) -> None:
        self.store = store
        self.delay = delay
        self._cache: dict[tuple[str, int, int, bool], str] = {}
        self.waiters: dict[str, asyncio.Event] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        store.listeners.append(self._wake)

    def _wake(self, table: Table) -> None:
        # called from the worker thread that wrote the record: hand over to the loop
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake_now, table.name)

    def _wake_now(self, name: str) -> None:
        ev = self.waiters.pop(name, None)
        if ev is not None:
            ev.set()

    def waiter(self, name: str) -> asyncio.Event:
        self.loop = asyncio.get_running_loop()
        ev = self.waiters.get(name)
        if ev is None:
            ev = self.waiters[name] = asyncio.Event()
        return ev

    def state(self, table: Table, *, full: bool) -> dict[str, Any]:
        """The table as JSON: ``full`` for the recorder (live, every hand), else what a
        spectator may see now."""
        n = table.seq if full else table.visible_seq(self.delay)
        if n == table.seq:
            snap = table.snap
            text, st, seq, result = snap.text, snap.state, snap.seq, snap.result
        else:
            from gojinotation_analyzer.serve.store import snapshot

            deal = table.deal_at(n)
            text = gj.dumps(deal)
            part = snapshot(text, deck_check=table.store.deck_check)
            st, seq, result = part.state, part.seq, part.result
        over = st.is_over
        show = full or over or self.store.hands_open(table.name)
        names = _names(table)
        seats = []
        for s in range(1, 7):
            seats.append(
                {
                    "seat": s,
                    "name": names[s],
                    "count": st.count(s),
                    "place": st.place_of.get(s),
                    "hand": _hand(st.hand(s)) if show else None,
                }
            )
        to_act = [t.seat for t in st.to_act] if not over else []
        out: dict[str, Any] = {
            "table": table.name,
            "title": _title(table),
            "deal": tags_of(table.snap.deal).get("Deal", str(table.deal_count)),
            "seq": seq,
            "delay": 0 if full else self.delay,
            "seats": seats,
            "to_act": to_act,
            "moves": _moves_lines(text),
            "over": over,
            "result": None,
            "sealed": table.sealed,
            "seal_ok": table.seal_ok(),
            "sha256": table.sha256 if table.sealed else None,
            "hands_open": self.store.hands_open(table.name),
        }
        if result is not None:
            out["result"] = {
                "places": {str(k): v for k, v in result.places.items()},
                "finish": result.finish,
                "score": result.score,
                "void": result.void,
            }
        return out

    def spectator_json(self, table: Table) -> str:
        n = table.visible_seq(self.delay)
        key = (table.name, table.version, n, self.store.hands_open(table.name))
        hit = self._cache.get(key)
        if hit is None:
            if len(self._cache) > 512:
                self._cache.clear()
            hit = self._cache[key] = json.dumps(self.state(table, full=False))
        return hit

    def recorder(self, table: Table) -> dict[str, Any]:
        out = self.state(table, full=True)
        legal = table.legal()
        out["legal"] = [
            {"seat": s, "actions": acts[:60], "more": len(acts) > 60} for s, acts in legal
        ]
        fill = None
        if legal and len(legal[0][1]) == 1 and legal[0][1][0].split(":", 1)[1] in ("-", "close"):
            fill = legal[0][1][0]
        out["fill"] = fill
        out["text"] = table.snap.text
        out["disputes"] = table.disputes
        out["sha256"] = table.sha256
        out["confirmed"] = table.confirmed()
        out["deals"] = table.deal_count
        out["next_leader"] = table.next_leader() if table.sealed else None
        return out


def create_app(
    event_dir: str | Path, *, delay: float = 0.0, deck_check: bool = True, lang: str = "zh"
) -> Starlette:
    """The application serving the event in ``event_dir`` (its ``*.gjn`` files).

    :param delay: the spectators' broadcast delay in seconds.
    :param deck_check: check the hands against the deck (off only for toy records).
    """
    store = Store(event_dir, deck_check=deck_check)
    store.lock()  # one server per event folder
    live = _Live(store, delay)
    views = LiveViews(delay)
    locks: dict[str, asyncio.Lock] = {}

    def table_of(request: Request) -> Table:
        return store.table(request.path_params["table"])

    def recorder_ok(request: Request, table: Table) -> JSONResponse | None:
        given = request.headers.get("x-table-secret")
        if not given:
            return _err(401, "the table's secret is missing", "缺少本桌密钥")
        if not hmac.compare_digest(given.encode(), store.secret(table.name).encode()):
            return _err(403, "wrong secret for this table", "本桌密钥不正确")
        return None

    def organiser_ok(request: Request) -> JSONResponse | None:
        given = request.headers.get("x-organiser-token")
        if not given:
            return _err(401, "the organiser's token is missing", "缺少组织者令牌")
        if not hmac.compare_digest(given.encode(), store.organiser_token.encode()):
            return _err(403, "wrong organiser token", "组织者令牌不正确")
        return None

    async def body_of(request: Request) -> dict[str, Any]:
        if request.headers.get("content-type", "").split(";")[0] != "application/json":
            raise ServeError("send JSON", "请以 JSON 提交")
        try:
            data = await request.json()
        except ValueError:
            raise ServeError("the request is not JSON", "请求不是 JSON") from None
        if not isinstance(data, dict):
            raise ServeError("the request is not a JSON object", "请求不是 JSON 对象")
        return data

    def handler(
        fn: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                return await fn(request)
            except ServeError as exc:
                return JSONResponse(exc.as_dict(), status_code=exc.status)

        return wrapped

    async def write(request: Request, op: str) -> Response:
        if request.method != "POST":
            return _err(405, "POST only", "只接受 POST")
        if not _same_origin(request):
            return _err(403, "cross-site request refused", "拒绝跨站请求")
        table = table_of(request)
        denied = recorder_ok(request, table)
        if denied is not None:
            return denied
        data = await body_of(request)
        seq = data.get("seq")
        if not isinstance(seq, int):
            raise ServeError(
                "the request must carry the record's action count (seq)",
                "请求须带上记录的动作数（seq）",
            )
        gjn = data.get("gjn")
        if op == "act" and (not isinstance(gjn, str) or len(gjn) > 2000):
            raise ServeError("no GJN action given", "没有给出 GJN 动作")
        seat = data.get("seat")
        if op == "confirm" and not isinstance(seat, int):
            raise _error("serve.bad_seat", seat=seat)
        hands = data.get("hands")
        leader = data.get("leader")
        if op == "next" and (not isinstance(hands, str) or len(hands) > 4000):
            raise _error("serve.bad_hands", reason="", reason_zh="")
        if op == "next" and leader is not None and not isinstance(leader, int):
            raise _error("serve.bad_seat", seat=leader)

        def run() -> dict[str, Any]:
            t0 = time.perf_counter()
            if op == "act":
                table.add(seq, str(gjn))
            elif op == "undo":
                table.undo(seq)
            elif op == "confirm":
                assert isinstance(seat, int)
                table.confirm(seq, seat)
            elif op == "next":
                table.next_deal(seq, str(hands), leader)
            else:
                table.seal(seq)
            out = live.recorder(table)
            out["write_ms"] = round((time.perf_counter() - t0) * 1000, 2)
            return out

        # one write at a time per table; the engine and the fsync off the event loop
        live.waiter(table.name)  # the loop the followers are woken on
        async with locks.setdefault(table.name, asyncio.Lock()):
            out = await run_in_threadpool(run)
        return JSONResponse(out)

    @handler
    async def api_act(request: Request) -> Response:
        return await write(request, "act")

    @handler
    async def api_undo(request: Request) -> Response:
        return await write(request, "undo")

    @handler
    async def api_seal(request: Request) -> Response:
        return await write(request, "seal")

    @handler
    async def api_confirm(request: Request) -> Response:
        return await write(request, "confirm")

    @handler
    async def api_next(request: Request) -> Response:
        return await write(request, "next")

    @handler
    async def api_record(request: Request) -> Response:
        table = table_of(request)
        denied = recorder_ok(request, table)
        if denied is not None:
            return denied
        table.refresh()  # an edit made beside the server shows on the recorder's reload
        return JSONResponse(live.recorder(table))

    @handler
    async def api_watch(request: Request) -> Response:
        return Response(live.spectator_json(table_of(request)), media_type="application/json")

    def event_stream(table: Table, message: Callable[[], Awaitable[str | None]]) -> Response:
        """Server-sent events for ``table``: ``message()`` after every change of the table
        (``None``: nothing new, a keep-alive comment instead), woken by the table's
        followers, polled each second while a broadcast delay runs (else every 15 s)."""

        async def stream() -> AsyncIterator[str]:
            while True:
                ev = live.waiter(table.name)
                msg = await message()
                yield msg if msg is not None else ": keep-alive\n\n"
                step = 1.0 if live.delay > 0 else 15.0
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ev.wait(), timeout=step)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"X-Accel-Buffering": "no"},
        )

    @handler
    async def api_events(request: Request) -> Response:
        table = table_of(request)
        last = ""

        async def state() -> str | None:
            nonlocal last
            data = live.spectator_json(table)
            if data == last:
                return None
            last = data
            return f"event: state\ndata: {data}\n\n"

        return event_stream(table, state)

    @handler
    async def spectator_page(request: Request) -> Response:
        table = table_of(request)
        lang_of = request.query_params.get("lang", lang)
        html = await run_in_threadpool(
            views.page,
            table,
            lang_of if lang_of in ("zh", "en") else "zh",
            hands_open=store.hands_open(table.name),
        )
        return HTMLResponse(html, headers={"Content-Security-Policy": REPLAY_CSP})

    making: dict[str, asyncio.Lock] = {}

    async def visible(table: Table) -> LiveView:
        """The spectators' view of ``table``: from the cache, else made once in a worker
        thread while the table's other spectators wait here (not in threads of their own)."""
        opened = store.hands_open(table.name)
        lv = views.lookup(table, hands_open=opened)
        if lv is None:
            async with making.setdefault(table.name, asyncio.Lock()):
                lv = views.lookup(table, hands_open=opened)
                if lv is None:
                    lv = await run_in_threadpool(views.visible, table, hands_open=opened)
        return lv

    @handler
    async def api_live(request: Request) -> Response:
        table = table_of(request)
        have = request.headers.get("last-event-id") or request.query_params.get("since", "")

        async def frames() -> str | None:
            nonlocal have
            lv = await visible(table)
            if lv.token == have:
                return None
            msg = views.update(table, have, hands_open=store.hands_open(table.name))
            data = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
            have = lv.token
            return f"id: {lv.token}\nevent: frames\ndata: {data}\n\n"

        return event_stream(table, frames)

    @handler
    async def api_tables(request: Request) -> Response:
        rows = []
        for t in store.tables():
            if isinstance(t, ServeError):
                rows.append({"table": None, "en": t.en, "zh": t.zh})
                continue
            st = json.loads(live.spectator_json(t))
            rows.append(
                {
                    "table": t.name,
                    "title": st["title"],
                    "deal": st["deal"],
                    "seq": st["seq"],
                    "over": st["over"],
                    "sealed": st["sealed"],
                    "to_act": st["to_act"],
                    "finish": (st["result"] or {}).get("finish"),
                    "score": (st["result"] or {}).get("score"),
                }
            )
        return JSONResponse({"tables": rows, "delay": live.delay})

    @handler
    async def api_organiser(request: Request) -> Response:
        denied = organiser_ok(request)
        if denied is not None:
            return denied
        rows: list[dict[str, Any]] = []
        for t in store.tables():
            if isinstance(t, ServeError):
                rows.append({"table": None, "en": t.en, "zh": t.zh})
                continue
            rows.append(
                {
                    "table": t.name,
                    "title": _title(t),
                    "secret": store.secret(t.name),
                    "record": f"/t/{t.name}/record#k={store.secret(t.name)}",
                    "seq": t.seq,
                    "over": t.snap.state.is_over,
                    "sealed": t.sealed,
                    "seal_ok": t.seal_ok(),
                    "hands_open": store.hands_open(t.name),
                }
            )
        return JSONResponse({"tables": rows, "delay": live.delay})

    @handler
    async def api_hands(request: Request) -> Response:
        if not _same_origin(request):
            return _err(403, "cross-site request refused", "拒绝跨站请求")
        denied = organiser_ok(request)
        if denied is not None:
            return denied
        table = table_of(request)
        data = await body_of(request)
        store.set_hands_open(table.name, bool(data.get("open")))
        return JSONResponse({"table": table.name, "hands_open": store.hands_open(table.name)})

    @handler
    async def replay_page(request: Request) -> Response:
        table = table_of(request)
        if not (table.sealed or store.hands_open(table.name)):
            return _err(403, "the replay opens when the record is sealed", "记录封存后才开放复盘")
        from gojinotation_analyzer.serve.replay import replay_html

        html, csp = replay_html(table.snap.text, request.query_params.get("lang", lang))
        return HTMLResponse(html, headers={"Content-Security-Policy": csp})

    @handler
    async def record_text(request: Request) -> Response:
        table = table_of(request)
        if not (table.sealed or store.hands_open(table.name) or table.snap.state.is_over):
            return _err(403, "the record opens when the deal is over", "本局结束后才公开记录")
        return Response(table.snap.text, media_type="text/plain; charset=utf-8")

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve_page(request: Request) -> Response:
            return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")

        return serve_page

    routes = [
        Route("/", page("event.html")),
        Route("/organiser", page("organiser.html")),
        Route("/t/{table}.gjn", record_text),
        Route("/t/{table}", spectator_page),
        Route("/t/{table}/record", page("recorder.html")),
        Route("/t/{table}/replay", replay_page),
        Route("/api/tables", api_tables),
        Route("/api/organiser", api_organiser),
        Route("/api/t/{table}/watch", api_watch),
        Route("/api/t/{table}/events", api_events),
        Route("/api/t/{table}/live", api_live),
        Route("/api/t/{table}/record", api_record),
        Route("/api/t/{table}/act", api_act, methods=["POST"]),
        Route("/api/t/{table}/undo", api_undo, methods=["POST"]),
        Route("/api/t/{table}/seal", api_seal, methods=["POST"]),
        Route("/api/t/{table}/confirm", api_confirm, methods=["POST"]),
        Route("/api/t/{table}/next", api_next, methods=["POST"]),
        Route("/api/t/{table}/hands", api_hands, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(_Headers)])
    app.state.store = store
    app.state.live = live
    app.state.live_views = views
    return app
