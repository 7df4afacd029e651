"""The replay page in headless Chromium: stepping, keys, permalinks, viewpoint, languages,
a phone-sized screen, no script, print, and not one network request.

Chromium is Debian's (``/usr/bin/chromium``), started by the test itself through
Playwright; Playwright's own browser download is not used.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gojinotation as gj
from gojinotation_analyzer.publish.render import render_files
from gojinotation_analyzer.publish.view import MatchView, view_from_engine, view_from_record

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
FIXTURES = Path(__file__).parent / "fixtures" / "render"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (CI installs chromium)"
    ),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    # the fixture is played under toy rules: drawn from the record, not the engine's rulings
    render_files([FIXTURES / "final.gjn"], out, lang="zh", build=view_from_record)
    return out / "final.html"


@pytest.fixture(scope="module")
def final_view() -> MatchView:
    return view_from_record(gj.read((FIXTURES / "final.gjn").read_bytes()).match)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()
    pw.stop()


def _step_with(view: MatchView, comment: str) -> str:
    """The static id of the first main-line step whose comment holds ``comment``."""
    for d in view.deals:
        for st in d.steps:
            if any(comment in c for c in st.comments_before + st.comments_after):
                return f"d{d.index}.s{st.index}"
    raise AssertionError(comment)


class Session:
    """A fresh browser context; records every request, dialog, console error and crash."""

    def __init__(self, browser: Any, url: str, **options: Any) -> None:
        self.context = browser.new_context(**options)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", self._dialog)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.url = url
        self.page.goto(url)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def text(self, selector: str) -> str:
        return str(self.page.locator(selector).first.inner_text()).strip()

    def step(self) -> str:
        return self.text("#viewer .vstep")

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def wait(self, check: Any, timeout: float = 5.0) -> None:
        """Poll ``check()`` (the page's CSP forbids Playwright's eval-based waits)."""
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, "timed out"
            self.page.wait_for_timeout(50)

    def focus(self) -> None:
        self.page.locator("#viewer").focus()

    def close(self) -> None:
        base = self.url.split("#")[0]
        assert [u for u in self.requests if u.split("#")[0] != base] == []
        assert self.dialogs == []
        assert self.errors == []
        assert self.page.evaluate("typeof window.__gjnPwned") == "undefined"
        self.context.close()


@pytest.fixture
def open_page(browser: Any, site: Path) -> Iterator[Any]:
    sessions: list[Session] = []

    def opener(fragment: str = "", **options: Any) -> Session:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        s = Session(browser, site.as_uri() + fragment, **options)
        sessions.append(s)
        return s

    yield opener
    for s in sessions:
        s.close()


def test_stepping_by_buttons(open_page: Any, final_view: MatchView) -> None:
    s = open_page()
    page = s.page
    n = len(final_view.deals[0].steps)
    assert s.step() == f"0/{n}"
    assert page.locator('[data-act="prev"]').is_disabled()
    assert page.locator('[data-act="first"]').is_disabled()
    for _ in range(3):
        page.click('[data-act="next"]')
    assert s.step() == f"3/{n}"
    step3 = final_view.deals[0].steps[2]
    assert s.text("#viewer .live").strip() == step3.say_zh
    assert "cur" in (page.locator("#d1\\.s3").get_attribute("class") or "")
    page.click('[data-act="prev"]')
    assert s.step() == f"2/{n}"
    page.click('[data-act="last"]')
    assert s.step() == f"{n}/{n}" and page.locator('[data-act="next"]').is_disabled()
    page.click('[data-act="first"]')
    page.click('[data-act="nextRound"]')  # from the start: round 1
    assert s.step() == f"1/{n}"
    page.click('[data-act="nextRound"]')
    first_r2 = next(st for st in final_view.deals[0].steps if st.round == 2)
    assert s.step() == f"{first_r2.index}/{n}"
    page.click('[data-act="nextDeal"]')
    assert s.text("#viewer .vdeal") == "第2局" and s.step().startswith("0/")
    page.click('[data-act="prevDeal"]')
    assert s.text("#viewer .vdeal") == "第1局"
    page.click("#d1\\.s10")  # click-to-jump in the move list
    assert s.step() == f"10/{n}"
    assert page.evaluate("location.hash") == "#d1.s10"


def test_keyboard_only_while_focused_and_without_modifiers(open_page: Any) -> None:
    s = open_page()
    page = s.page
    s.press("ArrowRight")  # the viewer has no focus yet: nothing happens
    assert s.step().startswith("0/")
    s.focus()
    s.press("ArrowRight", 2)
    assert s.step().startswith("2/")
    s.press("Control+ArrowRight")
    s.press("Alt+ArrowRight")
    assert s.step().startswith("2/")
    s.press("ArrowLeft")
    assert s.step().startswith("1/")
    s.press("ArrowDown")
    round2 = s.step()
    s.press("ArrowUp")
    assert s.step().startswith("1/")
    s.press("Shift+ArrowRight")
    assert s.step() == round2
    s.press("PageDown")
    assert s.text("#viewer .vdeal") == "第2局"
    s.press("End")
    assert s.step().split("/")[0] == s.step().split("/")[1]
    s.press("Home")
    assert s.step().startswith("0/")
    s.press("PageUp")
    assert s.text("#viewer .vdeal") == "第1局"
    s.press("v")
    assert page.locator('[data-opt="view"]').input_value() == "1"
    s.press("h")
    assert page.locator('[data-act="hands"]').get_attribute("aria-pressed") == "false"
    s.press("h")
    s.press("?")
    assert page.locator("#viewer .overlay.help").is_visible()
    s.press("Escape")
    assert not page.locator("#viewer .overlay.help").is_visible()
    s.press("n")  # the first annotated play
    assert s.step().startswith("1/")
    page.locator('[data-opt="speed"]').focus()  # keys are ignored inside form fields
    s.press("v")
    assert page.locator('[data-opt="view"]').input_value() == "1"


def test_autoplay_starts_only_when_asked(open_page: Any) -> None:
    s = open_page()
    page = s.page
    page.wait_for_timeout(1500)
    assert s.step().startswith("0/")
    page.select_option('[data-opt="speed"]', "0.5")
    s.focus()
    s.press("Space")
    assert page.locator('[data-act="play"]').get_attribute("aria-pressed") == "true"
    s.wait(lambda: int(s.step().split("/")[0]) >= 2)
    s.press("Space")
    assert page.locator('[data-act="play"]').get_attribute("aria-pressed") == "false"
    stopped = s.step()
    page.wait_for_timeout(1200)
    assert s.step() == stopped


def test_permalink_is_read_on_load_and_written_on_move(open_page: Any) -> None:
    s = open_page("#d3.s41.v2")
    page = s.page
    assert s.text("#viewer .vdeal") == "第3局"
    assert s.step().startswith("41/")
    assert page.locator('[data-opt="view"]').input_value() == "2"
    assert s.text('.plate[data-pos="0"] .sb') == "2"
    assert "cur" in (page.locator("#d3\\.s41").get_attribute("class") or "")
    s.focus()
    s.press("ArrowRight")
    assert page.evaluate("location.hash") == "#d3.s42.v2"
    page.evaluate("location.hash = '#d5.s7'")
    s.wait(lambda: s.text("#viewer .vdeal") == "第5局")
    assert s.step().startswith("7/")
    page.evaluate("location.hash = '#d2.end'")
    s.wait(lambda: s.text("#viewer .vdeal") == "第2局")
    done, total = s.step().split("/")
    assert done == total


def test_permalink_into_a_variation(open_page: Any) -> None:
    s = open_page("#d2.s32x1m2")
    assert s.step() == "变化 · 2/2"
    assert "然后对头扣牌" in s.text("#viewer .note")
    s.focus()
    s.press("ArrowLeft", 2)  # back out of the variation to the main line
    assert s.step().startswith("31/")


def test_viewpoint_shows_one_seat(open_page: Any) -> None:
    # the record view knows the hands as dealt only (no table of its own making after an
    # action): the viewpoint is tried on the deal's start
    s = open_page("#d1")
    page = s.page
    assert page.locator("#viewer .hrow").count() == 6
    assert page.locator("#viewer .hrow").nth(3).locator(".card").count() > 3
    page.select_option('[data-opt="view"]', "3")
    rows = page.locator("#viewer .hrow")
    assert rows.first.locator(".sb").inner_text() == "3"
    assert rows.first.locator(".card").count() > 3
    for i in range(1, 6):
        assert rows.nth(i).locator(".card").count() == 1  # a card back with the count
    assert page.evaluate("location.hash") == "#d1.s0.v3"
    assert s.text('.plate[data-pos="0"] .sb') == "3"


def test_language_switch(open_page: Any, final_view: MatchView) -> None:
    s = open_page("#d1.s2")
    page = s.page
    page.click('[data-act="lang"]')
    assert page.evaluate("document.documentElement.lang") == "en"
    assert s.text("#viewer .vdeal") == "Deal 1"
    assert s.text("#d1h").startswith("Deal 1")
    assert s.text("#viewer .live").strip() == final_view.deals[0].steps[1].say_en
    assert page.locator('[data-act="next"]').get_attribute("aria-label") == "Next play"
    content = page.evaluate(
        "getComputedStyle(document.querySelector('.mv>li.pass'), '::before').content"
    )
    assert content == '"pass"'
    page.click('[data-act="lang"]')
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert s.text("#d1h").startswith("第1局")


def test_phone_width_has_no_horizontal_scroll_and_usable_controls(open_page: Any) -> None:
    s = open_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = s.page
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    felt = page.locator("#viewer .felt").bounding_box()
    for name in ("first", "prevRound", "prev", "play", "next", "nextRound", "last"):
        b = page.locator(f'[data-act="{name}"]')
        assert b.is_visible()
        box = b.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, name
        assert box["y"] >= felt["y"] + felt["height"], name  # controls under the table
        assert box["height"] >= 44 and box["width"] >= 40, name
    page.locator('[data-act="next"]').tap()
    assert s.step().startswith("1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_without_javascript_the_page_holds_every_play(
    open_page: Any, final_view: MatchView
) -> None:
    s = open_page(java_script_enabled=False)
    page = s.page
    assert not page.locator("#viewer").is_visible()
    assert page.locator(".nojs").is_visible()
    steps = sum(len(d.steps) for d in final_view.deals)
    assert page.locator(".rounds > .rd > .mv > li[id]").count() == steps
    pid = _step_with(final_view, "周杰最后一手够级")
    li = page.locator("#" + pid.replace(".", "\\."))
    li.scroll_into_view_if_needed()  # deals off screen skip rendering until scrolled to
    assert li.is_visible() and "周杰最后一手够级" in (li.text_content() or "")
    assert page.locator(".var li").first.is_visible()  # variations open without script


def test_print_hides_controls_and_expands_everything(open_page: Any) -> None:
    s = open_page("#d2.s5")
    page = s.page
    assert not page.locator(".var > ol").first.is_visible()  # collapsed on screen
    page.emulate_media(media="print")
    assert not page.locator("#viewer").is_visible()
    assert not page.locator(".dealnav").is_visible()
    assert page.locator(".var > ol").first.is_visible()
    assert page.locator("#d6\\.s1").is_visible()


def test_injected_script_is_never_run(open_page: Any, final_view: MatchView) -> None:
    pid = _step_with(final_view, "window.__gjnPwned")
    s = open_page("#" + pid)
    page = s.page
    assert "window.__gjnPwned=true" in s.text("#viewer .note")
    assert (
        page.locator("#" + pid.replace(".", "\\.") + " .cm")
        .text_content()
        .startswith("</script><script>")
    )
    names = page.locator(".plate .nm").all_inner_texts()
    assert any("<script>" in n for n in names)
    page.click('[data-act="summary"]')
    assert page.locator("#viewer .overlay.summary tbody tr").count() == 6
    page.click('[data-act="copy"]')
    s.wait(lambda: "复制" in s.text("#viewer .now"))


SAMPLE = Path(__file__).parent.parent / "samples" / "final-2026.gjn"


@pytest.mark.skipif(not SAMPLE.exists(), reason="the sample final is not in this checkout")
def test_engine_rendered_sample_shows_events(browser: Any, tmp_path: Path) -> None:
    page_path = render_files([SAMPLE], tmp_path, build=view_from_engine, index=False)[0]
    view = view_from_engine(gj.read(SAMPLE.read_bytes()).match)
    step = next(s for s in view.deals[0].steps if any(e.kind == "out" for e in s.events))
    s = Session(browser, page_path.as_uri() + f"#d1.s{step.index}")
    try:
        assert s.step().startswith(f"{step.index}/")
        assert s.page.locator("#viewer .now .ev-out").count() == 1
        assert s.page.locator("#viewer .plate .placeb").count() >= 1
        s.focus()
        s.press("End")
        assert s.page.locator("#viewer .now .ev-out").last.inner_text().startswith("头科")
    finally:
        s.close()
