"""Phone screenshots of ``gouji serve`` for ``docs/live.md`` (a script, not a test).

Serves a generated deal on a loopback port, enters its first actions through the recorder
view in headless Chromium (Debian's ``/usr/bin/chromium``) at 360 px, and writes
``docs/images/live-recorder.png`` and ``docs/images/live-spectator.png`` (the replay viewer
following the deal); then enters the rest of the deal and has three players confirm the
result: ``docs/images/live-confirm.png``.

    python benchmarks/screenshots_serve.py [--actions 40]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "analyzer")]

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.test_serve import action_texts, bare, generated  # noqa: E402
from tests.test_serve_browser import Phone, Server, enter, post  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--actions", type=int, default=40)
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deal = generated()
        (folder / "table1.gjn").write_text(bare(deal), encoding="utf-8")
        server = Server(folder)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                rec = Phone(browser, f"{server.url}/t/table1/record#k={server.secret('table1')}")
                spec = Phone(browser, f"{server.url}/t/table1")
                rec.wait_seq(0)
                for text in action_texts(deal)[: args.actions]:
                    enter(rec, text)
                spec.wait_seq(rec.seq())
                rec.page.screenshot(path=str(out / "live-recorder.png"))
                spec.page.screenshot(path=str(out / "live-spectator.png"))
                rest = " ".join(action_texts(deal)[args.actions :])
                post(server, "table1", "act", {"seq": rec.seq(), "gjn": rest})
                rec.page.reload()
                rec.page.locator("#result-box:not(.hidden)").wait_for()
                for seat in (1, 2, 3):
                    rec.page.locator(f'#confirm button[data-seat="{seat}"]').tap()
                    rec.page.locator(f'#confirm button[data-seat="{seat}"][disabled]').wait_for()
                rec.page.locator("#result-box").screenshot(path=str(out / "live-confirm.png"))
                browser.close()
        finally:
            server.stop()
    print(f"wrote live-recorder.png, live-spectator.png and live-confirm.png in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
