"""Screenshots of the sample final's replay for the documentation, and timings.

    python benchmarks/screenshots.py [OUT_DIR]

renders the sample final (``samples/final-2026.gjn`` through the rules engine; else the
test fixture ``tests/fixtures/render/final.gjn`` from the record) and writes
``replay-desktop.png`` (1280 px wide, a 够级 challenge drawn on the table),
``replay-phone.png`` (360 px wide), ``replay-endcard.png`` (the end of a deal on a phone,
with its scoring breakdown) and ``replay-overview.png`` (the match overview, results
shown) into OUT_DIR (default ``docs/images``), with Debian's Chromium through Playwright.
It prints the page size, the time to render it in Python and the browser's load and
per-step times.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "analyzer")]

import gojinotation as gj  # noqa: E402
from gojinotation_analyzer.cli.render import build_view  # noqa: E402
from gojinotation_analyzer.publish.render import render_match  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SAMPLE = ROOT / "samples" / "final-2026.gjn"
FINAL = SAMPLE if SAMPLE.exists() else ROOT / "tests" / "fixtures" / "render" / "final.gjn"
#: The moment shown: a 够级 challenge drawn between the seats (in the sample).
MOMENT = "#d1.s3" if FINAL == SAMPLE else "#d2.s32"
#: The end of a deal shown on the phone (串三户 in the sample).
END = "#d5.end" if FINAL == SAMPLE else "#d2.end"


def main(out_dir: Path) -> None:
    from playwright.sync_api import sync_playwright

    # the fixture's hostile name and comment (tests of escaping) are left out of the pictures
    raw = re.sub(rb"<script>.*?</script>|</script>|<img [^>]*>", b"", FINAL.read_bytes())
    t0 = time.perf_counter()
    match = gj.read(raw).match
    t1 = time.perf_counter()
    html = render_match(build_view(match), "zh", source=raw)
    t2 = time.perf_counter()
    print(
        f"page {len(html.encode()) / 1024:.0f} KiB; parse {(t1 - t0) * 1000:.0f} ms, "
        f"engine, view and render {(t2 - t1) * 1000:.0f} ms (cold: templates compiled once)"
    )
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        page_path = Path(tmp) / "final.html"
        page_path.write_text(html, encoding="utf-8")
        url = page_path.as_uri() + MOMENT
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            load = page.evaluate(
                "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
            )
            per_step = page.evaluate(
                "() => { const b = document.querySelector('[data-act=next]');"
                " const t = performance.now(); for (let i = 0; i < 50; i++) b.click();"
                " return (performance.now() - t) / 50; }"
            )
            print(f"browser: DOMContentLoaded {load:.0f} ms, {per_step:.1f} ms a step")
            page.goto(page_path.as_uri() + "#d1")
            page.goto(url)
            page.wait_for_timeout(300)
            page.wait_for_timeout(300)
            page.screenshot(path=str(out_dir / "replay-desktop.png"))
            phone = browser.new_page(
                viewport={"width": 360, "height": 780},
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
            )
            phone.goto(url)
            phone.wait_for_timeout(400)
            phone.evaluate("document.getElementById('viewer').scrollIntoView()")
            phone.wait_for_timeout(200)
            phone.screenshot(path=str(out_dir / "replay-phone.png"))
            phone.goto(page_path.as_uri() + END)
            phone.wait_for_timeout(400)
            card = phone.locator("#viewer .endcard")
            card.scroll_into_view_if_needed()
            card.screenshot(path=str(out_dir / "replay-endcard.png"))
            page.goto(page_path.as_uri())
            page.click('[data-act="reveal"]')
            # lay out every deal first, so that the overview stays put while it is taken
            page.evaluate(
                "document.querySelectorAll('.deal')"
                ".forEach(d => { d.style.contentVisibility = 'visible'; })"
            )
            page.wait_for_timeout(300)
            page.locator("#overview").screenshot(path=str(out_dir / "replay-overview.png"))
            page.click('[data-act="reveal"]')
            browser.close()
    for name in (
        "replay-desktop.png",
        "replay-phone.png",
        "replay-endcard.png",
        "replay-overview.png",
    ):
        print(out_dir / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
