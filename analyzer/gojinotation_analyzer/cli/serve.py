"""``gouji serve``: record the deals of an event at the tables, checked as they are
entered, and broadcast them live to spectators.

Usage::

    gouji serve EVENT_DIR [--host 127.0.0.1] [--port 8000] [--delay 5m] [--lang zh|en]

``EVENT_DIR`` holds one GJN file per table (``table1.gjn`` …, each with its header and
hands); those files are the store: every accepted action is written to them before the
recorder sees it accepted.  At start-up the organiser's page is printed with its token;
that page shows each table's recorder link.  Needs the ``serve`` extra
(``pip install 'gojinotation[serve]'``).  See ``docs/live.md``.

>>> parse_delay("5m"), parse_delay("90s"), parse_delay("0"), parse_delay("1h")
(300.0, 90.0, 0.0, 3600.0)
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from gojinotation_analyzer.cli.common import lang_of
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import t

__all__ = ["parse_delay", "serve"]


_DELAY = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$")


def parse_delay(text: str) -> float:
    """Seconds from ``5m``, ``90s``, ``1h`` or a plain number of seconds.

    :raises ValueError: for anything else.
    """
    mt = _DELAY.match(text)
    if mt is None:
        raise ValueError(text)
    return float(mt.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[mt.group(2)]


@click.command("serve", cls=GoujiCommand, help_key="serve.help", short_help_key="serve.help")
@click.argument("event_dir")
@_option("--host", default="127.0.0.1", show_default=True, help_key="serve.help.host")
@_option("--port", default=8000, show_default=True, type=int, help_key="serve.help.port")
@_option("--delay", default="0", show_default=True, help_key="serve.help.delay")
@_option(
    "--lang", "lang_opt", type=click.Choice(["en", "zh"]), default=None, help_key="serve.help.lang"
)
@click.pass_context
def serve(
    ctx: click.Context, event_dir: str, host: str, port: int, delay: str, lang_opt: str | None
) -> None:
    """Serve an event folder (the help text shown is ``serve.help``)."""
    from gojinotation_analyzer.cli.common import fail

    lang = lang_opt or lang_of(ctx)
    try:
        seconds = parse_delay(delay)
    except ValueError:
        fail(t("serve.bad_delay", lang, value=delay), lang)
    if not Path(event_dir).is_dir():
        fail(t("serve.no_dir", lang, path=event_dir), lang)
    try:
        import uvicorn

        from gojinotation_analyzer.serve.app import create_app
    except ImportError as exc:
        fail(t("serve.missing_extra", lang, reason=exc), lang)
    from gojinotation_analyzer.serve.store import ServeError

    try:
        app = create_app(event_dir, delay=seconds, lang=lang)
    except ServeError as exc:
        fail(exc.zh if lang == "zh" else exc.en, lang)
    store = app.state.store
    shown = f"[{host}]" if ":" in host else host
    click.echo(
        t(
            "serve.start",
            lang,
            n=len(store.names()),
            path=event_dir,
            url=f"http://{shown}:{port}",
            delay=seconds,
            token=store.organiser_token,
        ),
        err=True,
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=1,
        timeout_keep_alive=30,  # phones on venue Wi-Fi tap seconds apart
    )
