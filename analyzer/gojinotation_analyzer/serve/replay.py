"""The replay page of a table's record: the publish layer's whole-page renderer, in one
call (the page brings its own hash-based Content-Security-Policy in a ``<meta>``)."""

from __future__ import annotations

import gojinotation as gj
from gojinotation import model as m

__all__ = ["REPLAY_CSP", "replay_html"]

#: Sent as a header beside the page's own policy (what a ``<meta>`` policy cannot say).
REPLAY_CSP = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'"


def replay_html(text: str, lang: str = "zh") -> tuple[str, str]:
    """The HTML replay of a record's text and the header policy to send with it.

    >>> html, csp = replay_html(open("samples/burn.gjn", encoding="utf-8").read(), "en")
    >>> html.startswith("<!DOCTYPE html>") or html.lower().startswith("<!doctype html>")
    True
    """
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.publish.render import render_match
    from gojinotation_analyzer.publish.view import view_from_frames
    from gojinotation_analyzer.reports.validate import validate_match

    match = gj.loads(text)
    frames: dict[int, list[object]] = {}
    for i, deal in enumerate(match.deals, 1):
        if isinstance(deal, m.Deal):
            try:
                frames[i] = list(replay(deal))
            except Exception:  # a deal the engine cannot replay is drawn as recorded
                continue
    report = validate_match(match, file="")
    lang = lang if lang in ("zh", "en") else "zh"
    view = view_from_frames(match, frames, report.diagnostics)
    return render_match(view, lang, source=text.encode("utf-8")), REPLAY_CSP
