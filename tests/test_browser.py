"""The replay page in headless Chromium: stepping, keys, permalinks, viewpoint, languages,
a phone-sized screen, no script, print, and not one network request.

Chromium is Debian's (``/usr/bin/chromium``), started by the test itself through
Playwright; Playwright's own browser download is not used.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gojinotation as gj
from gojinotation_analyzer.publish.render import render_files
from gojinotation_analyzer.publish.view import MatchView, view_from_engine, view_from_record

FIXTURES = Path(__file__).parent / "fixtures" / "render"

pytestmark = [pytest.mark.browser]  # skipped where Chromium is missing (conftest)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    # the fixture is played under toy rules: drawn from the record, not the engine's rulings
    render_files([FIXTURES / "final.gjn"], out, lang="zh", build=view_from_record)
    return out / "final.html"


@pytest.fixture(scope="module")
def final_view() -> MatchView:
    return view_from_record(gj.read((FIXTURES / "final.gjn").read_bytes()).match)


def _step_with(view: MatchView, comment: str) -> str:
    """The static id of the first main-line step whose comment holds ``comment``."""
    for d in view.deals:
        for st in d.steps:
            if any(comment in c for c in st.comments_before + st.comments_after):
                return f"d{d.index}.s{st.index}"
    raise AssertionError(comment)


class Session:
    """A fresh browser context; records every request, dialog, console error and crash."""

    def __init__(self, browser: Any, url: str, init_script: str = "", **options: Any) -> None:
        self.context = browser.new_context(**options)
        if init_script:  # run before the page's own script (not subject to its CSP)
            self.context.add_init_script(init_script)
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


def test_keyboard_page_wide_and_without_modifiers(open_page: Any) -> None:
    s = open_page()
    page = s.page
    s.press("ArrowRight")  # page-wide: no click on the table needed
    assert s.step().startswith("1/")
    s.focus()
    s.press("ArrowRight")
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
    assert page.locator("#viewer .handsp .hrow").count() == 6
    assert page.locator("#viewer .handsp .hrow").nth(3).locator(".card").count() > 3
    page.select_option('[data-opt="view"]', "3")
    rows = page.locator("#viewer .handsp .hrow")
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


def test_deal_bodies_are_built_when_needed(open_page: Any) -> None:
    """A deal's body (hands, plays, result) is built from its <noscript> when the deal is
    shown, in the language the reader chose, with its result hidden until reached; the
    others are not built at start-up (a long match opens fast), but in idle time later."""
    s = open_page()
    page = s.page
    assert page.locator("#d1\\.s1").count() == 1  # the deal on the table
    # far below: not built (the idle-time building starts a second after loading)
    assert page.locator("section.deal > noscript").count() == 5
    assert page.locator("#d4\\.s1").count() == 0
    page.click('[data-act="lang"]')
    s.focus()
    s.press("PageDown", 3)  # deal 4 on the table
    assert s.text("#viewer .vdeal") == "Deal 4"
    assert page.locator("#d4 > noscript").count() == 0
    s.press("ArrowRight")
    assert page.locator("#d4\\.s1").get_attribute("class").split()[-1] == "cur"
    moves = page.locator('#d4 h3[data-i18n="moves"]')
    assert moves.text_content() == "Plays"  # built after the switch: in English too
    result = page.locator("#d4 .result")
    assert "spoiled" in (result.get_attribute("class") or "")  # not reached: hidden
    s.press("End")
    assert "spoiled" not in (result.get_attribute("class") or "")
    # the rest in idle time (or when scrolled near): every play findable in the page
    s.wait(lambda: page.locator("section.deal > noscript").count() == 0, timeout=15)
    assert page.locator('#d6 h3[data-i18n="moves"]').text_content() == "Plays"
    assert "spoiled" in (page.locator("#d6 .result").get_attribute("class") or "")
    page.locator("#d6").scroll_into_view_if_needed()
    assert page.locator("#d6\\.s1").is_visible()


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
    page.click('[data-act="summary"]')  # spoiler-free: only the deals reached so far
    reached = int(pid.split(".")[0][1:]) - 1
    assert page.locator("#viewer .overlay.summary tbody tr").count() == reached
    page.click('[data-act="closeOverlay"] >> visible=true')
    page.click('[data-act="reveal"]')
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
        first = s.page.locator("#viewer .endcard .finish li").first
        assert first.inner_text().startswith("头科") and first.locator(".sb").inner_text() == str(
            view.deals[0].finish[0]
        )
    finally:
        s.close()


# ---------------------------------------------------------------- the story (issue 14)

SAMPLES = Path(__file__).parent.parent / "samples"


@pytest.fixture(scope="module")
def story_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample final, 闷 and burn records through the engine and validator, in English."""
    from gojinotation_analyzer.cli.render import build_view

    out = tmp_path_factory.mktemp("story")
    names = ("final-2026.gjn", "bie3.gjn", "burn.gjn")
    render_files([SAMPLES / n for n in names], out, lang="en", build=build_view)
    return out


@pytest.fixture
def story(browser: Any, story_site: Path) -> Iterator[Any]:
    sessions: list[Session] = []

    def opener(name: str, fragment: str = "", **options: Any) -> Session:
        options.setdefault("viewport", {"width": 1366, "height": 768})
        s = Session(browser, (story_site / name).as_uri() + fragment, **options)
        sessions.append(s)
        return s

    yield opener
    for s in sessions:
        s.close()


def _visible(s: Session, selector: str) -> bool:
    return bool(s.page.locator(selector).first.is_visible())


def test_spoiler_free_until_reached_and_a_remembered_switch(story: Any) -> None:
    s = story("final-2026.html")
    page = s.page
    assert page.locator(".mast .total b").all_inner_texts() == ["0", "0"]
    assert not _visible(s, '.dealnav a[href="#d1"] .mini')
    assert not _visible(s, "#overview .graph")
    assert page.locator('.standings tbody tr[data-spoil="1"]').is_hidden()
    s.press("End")  # the end of deal 1 reveals deal 1 only
    assert _visible(s, '.dealnav a[href="#d1"] .mini')
    assert not _visible(s, '.dealnav a[href="#d2"] .mini')
    page.click('[data-act="reveal"]')
    assert page.locator('[data-act="reveal"]').get_attribute("aria-pressed") == "true"
    assert _visible(s, '.dealnav a[href="#d6"] .mini') and _visible(s, "#overview .graph")
    assert page.locator(".mast .total b").all_inner_texts() == ["-16", "16"]
    page.reload()  # the switch is remembered
    assert page.locator('[data-act="reveal"]').get_attribute("aria-pressed") == "true"
    assert _visible(s, '.dealnav a[href="#d6"] .mini')
    page.click('[data-act="reveal"]')


def test_R_GOUJI_2_challenge_is_drawn_and_explained_without_pinyin(story: Any) -> None:
    s = story("final-2026.html", "#d1.s3")
    page = s.page
    assert page.locator("#viewer .felt .arrows .a-gouji").count() == 1
    assert page.locator("#viewer .felt").get_attribute("data-arrows") == "gouji"
    text = s.text("#viewer .story")
    assert "Gouji challenge" in text and "seat 4" in text and "opposite" in text
    live = s.text("#viewer .live")
    assert "plays four aces" in live and "Gouji challenge" in live  # announced, not only drawn
    labels = page.locator("#viewer .now .ev").all_inner_texts()
    assert labels == ["challenge"]
    for pinyin in ("gouji", "jiefeng", " men"):
        assert pinyin not in (text + " ".join(labels)).lower().replace("gouji challenge", "")


def test_R_BURN_1_burn_and_R_JIEFENG_1_takeover_are_drawn(story: Any) -> None:
    s = story("burn.html", "#d1.s84")
    assert "a-burn" in s.page.locator("#viewer .felt .arrows").inner_html()
    assert "takes over" in s.text("#viewer .story")
    s.page.evaluate("location.hash = '#d1.s90'")
    s.wait(lambda: s.step().startswith("90/"))
    assert s.page.locator("#viewer .felt .arrows .a-jiefeng").count() == 1
    assert "partner" in s.text("#viewer .story")


def test_R_BIE3_2_shut_out_is_drawn_and_the_cards_stay_in_hand(story: Any) -> None:
    s = story("bie3.html", "#d1.s89")
    before = s.text('#viewer .plate .sb:text-is("5") >> xpath=.. >> .cnt')
    s.press("ArrowRight")
    assert s.page.locator("#viewer .felt .arrows .a-men").count() == 1
    assert "shut out" in s.text("#viewer .story")
    plate = s.page.locator("#viewer .plate.justout")
    assert plate.count() >= 1 and plate.first.locator(".sb").inner_text() == "5"
    after = s.text('#viewer .plate .sb:text-is("5") >> xpath=.. >> .cnt')
    assert int(after) > 0 and int(after) <= int(before)  # his 3s do not vanish
    assert "6th" in s.text("#viewer .story")


def test_end_of_deal_card_shows_places_points_and_R_SCORE_1_breakdown(story: Any) -> None:
    s = story("final-2026.html", "#d5.end")
    card = s.page.locator("#viewer .endcard")
    assert card.is_visible()
    assert card.locator(".finish li").count() == 6
    assert "-12" in card.locator(".dscore").inner_text()
    rows = card.locator(".bd tbody tr")
    assert rows.count() >= 6
    codes = set(card.locator(".bd code").all_inner_texts())
    assert "R-SCORE-1" in codes
    assert "Deal 5 over" in s.text("#viewer .live")
    card.locator('[data-act="nextDeal"]').click()
    assert s.text("#viewer .vdeal") == "Deal 6" and not card.is_visible()


def test_match_overview_graph_tallies_and_key_moments_jump(story: Any) -> None:
    s = story("final-2026.html")
    page = s.page
    page.click('[data-act="reveal"]')
    assert page.locator("#overview .graph polyline").count() == 2
    assert page.locator("#overview .tally tbody tr").count() == 6
    # (text, not innerText: the overview is laid out only once scrolled near)
    cells = page.locator("#overview .tally tbody td:nth-child(2)").all_text_contents()
    gouji = [int(x) for x in cells]
    assert sum(gouji) > 10
    moment = page.locator("#overview .moments a.jump").first
    href = moment.get_attribute("href") or ""
    moment.click()
    deal = href.split(".")[0][2:]
    assert s.text("#viewer .vdeal") == f"Deal {deal}"
    if href.endswith(".end"):  # the biggest swing first: the end of its deal
        done, total = s.step().split("/")
        assert done == total and page.locator("#viewer .endcard").is_visible()
    else:
        assert page.evaluate("location.hash") == href
    page.click('[data-act="reveal"]')


def test_phone_first_controls_swipe_tap_and_links_open_on_the_table(story: Any) -> None:
    phone = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
    s = story("final-2026.html", **phone)
    page = s.page
    play = page.locator('[data-act="play"]').bounding_box()
    assert play["y"] + play["height"] <= 740  # within thumb reach on first view
    felt = page.locator("#viewer .felt").bounding_box()
    page.touchscreen.tap(felt["x"] + felt["width"] * 0.8, felt["y"] + felt["height"] / 2)
    assert s.step().startswith("1/")
    page.touchscreen.tap(felt["x"] + felt["width"] * 0.1, felt["y"] + felt["height"] / 2)
    assert s.step().startswith("0/")
    y = felt["y"] + felt["height"] / 2
    page.mouse.move(felt["x"] + 250, y)
    page.mouse.down()
    page.mouse.move(felt["x"] + 60, y, steps=4)
    page.mouse.up()
    assert s.step().startswith("1/")  # a swipe to the left steps forward
    s2 = story("final-2026.html", "#d3.s41", **phone)
    felt2 = s2.page.locator("#viewer .felt").bounding_box()
    assert -2 <= felt2["y"] < 200  # the shared link opens on the table
    hand = s2.page.locator("#viewer .myhand").bounding_box()
    assert 0 <= hand["y"] - (felt2["y"] + felt2["height"]) < 20  # the viewpoint hand at its edge
    card = s2.page.locator("#viewer .set .card").first.bounding_box()
    assert card["width"] >= 30
    assert s2.page.evaluate("document.documentElement.scrollWidth") <= 360


def test_embed_mode_shows_the_table_only(story: Any) -> None:
    s = story("final-2026.html", "?embed=1#d1.s3", viewport={"width": 480, "height": 640})
    assert not _visible(s, ".mast") and not _visible(s, "#deals")
    box = s.page.locator("#viewer .felt").bounding_box()
    assert box["y"] < 120 and s.step().startswith("3/")


def test_move_list_and_space_by_keyboard_and_a_table_description(story: Any) -> None:
    s = story("final-2026.html")
    page = s.page
    first = page.locator("#d1\\.s1")
    assert first.get_attribute("tabindex") == "0"
    first.focus()
    s.press("Enter")
    assert s.step().startswith("1/")
    first.focus()
    s.press("ArrowRight")
    assert s.step().startswith("2/")
    assert page.evaluate("document.activeElement.id") == "d1.s2"
    page.evaluate("document.activeElement.blur()")
    y = page.evaluate("window.scrollY")
    s.press("Space")
    assert page.locator('[data-act="play"]').get_attribute("aria-pressed") == "true"
    s.press("Space")
    assert page.evaluate("window.scrollY") == y  # Space does not scroll the page
    page.click('[data-act="describe"]')
    desc = s.text("#viewer .desc")
    assert desc.count("cards") >= 6 and "is to play" in desc


def _luminance(rgb: str) -> float:
    parts = [float(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]

    def chan(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (chan(c) for c in parts)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(s: Session, selector: str, background: str | None = None) -> float:
    el = s.page.locator(selector).first
    fg = el.evaluate("e => getComputedStyle(e).color")
    bg = s.page.locator(background or selector).first.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_contrast_badges_and_dark_theme(story: Any) -> None:
    s = story("final-2026.html", "#d1.s3")
    assert _contrast(s, "#viewer .plate .turnb") >= 4.5
    assert _contrast(s, ".foot", "body") >= 4.5
    s.page.click('[data-act="reveal"]')
    assert _contrast(s, ".standings .fin .sb") >= 4.5  # seat numbers readable in the badge
    s.page.click('[data-act="reveal"]')
    s.page.emulate_media(color_scheme="dark")
    assert _luminance(s.page.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.05
    assert _contrast(s, ".deal h3", "body") >= 4.5


def _axe(s: Session) -> list[str]:
    axe = pytest.importorskip("axe_playwright_python.base")
    s.page.evaluate(axe.AXE_SCRIPT)
    result = s.page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize(
    "width,height,scheme", [(1366, 768, "light"), (360, 740, "light"), (360, 740, "dark")]
)
def test_axe_core_finds_no_serious_violations(
    story: Any, width: int, height: int, scheme: str
) -> None:
    s = story(
        "final-2026.html",
        "#d1.s112",  # a seat goes out: places, 够死级, 无头 on the table
        viewport={"width": width, "height": height},
        color_scheme=scheme,
    )
    assert _axe(s) == []
    s.press("End")
    s.page.click('[data-act="reveal"]')
    assert _axe(s) == []
    s.page.click('[data-act="reveal"]')


def test_R_TRIBUTE_pre_play_exchanges_are_drawn_as_cards_moving(open_page: Any) -> None:
    s = open_page("#d2.s1")  # 4:tribute D to 5
    arrow = s.page.locator("#viewer .felt .arrows .a-give")
    assert arrow.count() == 1 and arrow.locator("text").text_content() == "大王"
    s.press("ArrowRight")  # 5:return 3 to 4
    assert s.page.locator("#viewer .felt .arrows .a-give text").text_content() == "3"
    assert s.page.locator("#viewer .felt").get_attribute("data-arrows") == "give"


def test_organiser_index_groups_rounds_hides_results_and_fits_a_phone(
    browser: Any, story_site: Path
) -> None:
    s = Session(
        browser,
        (story_site / "index.html").as_uri(),
        viewport={"width": 360, "height": 740},
        has_touch=True,
        is_mobile=True,
    )
    try:
        page = s.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert s.text("h1") == "2026 青岛够级公开赛"
        assert page.locator(".stagebox h2").count() >= 3 + 2  # three rounds, two standings
        assert not page.locator(".matches .spoil").first.is_visible()
        assert not page.locator("#teams-h").is_visible()
        page.click("label.revealbtn")
        assert page.locator(".matches .spoil").first.is_visible()
        rows = page.locator("#teams-h + .scroll tbody tr")
        assert rows.count() == 2
        assert page.locator("#players-h + .scroll tbody tr").count() == 6
        title_h = page.locator(".matches th[scope=row] a").first.bounding_box()["height"]
        assert title_h < 60  # titles no longer wrap two characters a line
        assert _axe(s) == []
    finally:
        s.close()


def test_results_switch_is_remembered_on_the_index_and_shared_with_the_replays(
    browser: Any, story_site: Path
) -> None:
    """Ticked on the index, "show all results" stays on after a reload and a fresh load,
    and the replay pages read the same choice (and the index theirs)."""
    index = (story_site / "index.html").as_uri()
    s = Session(browser, index, viewport={"width": 360, "height": 740})
    try:
        page = s.page
        box, spoil = page.locator("#reveal"), page.locator(".matches .spoil").first
        assert not box.is_checked() and not spoil.is_visible()
        page.click("label.revealbtn")
        assert box.is_checked() and spoil.is_visible()
        page.reload()
        assert page.locator("#reveal").is_checked()
        assert page.locator(".matches .spoil").first.is_visible()
        assert page.locator("#teams-h").is_visible()
        fresh = s.context.new_page()  # a new load, not the browser's restored form state
        fresh.goto(index)
        assert fresh.locator("#reveal").is_checked()
        fresh.goto((story_site / "final-2026.html").as_uri())
        sw = fresh.locator('[data-act="reveal"]')
        assert sw.get_attribute("aria-pressed") == "true"  # one switch for the whole site
        assert fresh.locator('.dealnav a[href="#d6"] .mini').is_visible()
        sw.click()  # switched off on a replay page: the index follows
        assert sw.get_attribute("aria-pressed") == "false"
        fresh.goto(index)
        assert not fresh.locator("#reveal").is_checked()
        assert not fresh.locator(".matches .spoil").first.is_visible()
        fresh.close()
        site = story_site.as_uri()
        s.requests = [u for u in s.requests if not u.startswith(site)]
    finally:
        s.close()


def test_index_results_switch_works_without_javascript(browser: Any, story_site: Path) -> None:
    s = Session(browser, (story_site / "index.html").as_uri(), java_script_enabled=False)
    try:
        page = s.page
        assert not page.locator(".matches .spoil").first.is_visible()
        page.click("label.revealbtn")  # a checkbox and CSS
        assert page.locator(".matches .spoil").first.is_visible()
        assert page.locator("#teams-h").is_visible()
    finally:
        s.close()


#: Storage that throws on every use, as in some private modes and file:// settings.
_NO_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get: function () { throw new DOMException('storage denied', 'SecurityError'); }
});"""


@pytest.mark.parametrize("name", ["index.html", "final-2026.html"])
def test_results_switch_works_where_storage_throws(
    browser: Any, story_site: Path, name: str
) -> None:
    s = Session(browser, (story_site / name).as_uri(), init_script=_NO_STORAGE)
    try:
        page = s.page
        assert (
            page.evaluate(
                "() => { try { window.localStorage; return 'ok'; } catch (e) { return e.name; } }"
            )
            == "SecurityError"
        )
        if name == "index.html":
            page.click("label.revealbtn")
            assert page.locator(".matches .spoil").first.is_visible()
        else:
            assert s.step().startswith("0/")  # the replay started
            page.click('[data-act="reveal"]')
            assert page.locator('[data-act="reveal"]').get_attribute("aria-pressed") == "true"
            assert _visible(s, '.dealnav a[href="#d6"] .mini')
        page.reload()  # nothing could be remembered: hidden again, and no error
        if name == "index.html":
            assert not page.locator(".matches .spoil").first.is_visible()
        else:
            assert page.locator('[data-act="reveal"]').get_attribute("aria-pressed") == "false"
    finally:
        s.close()


def test_referee_switches_a_disputed_deal_to_another_profile(browser: Any, tmp_path: Path) -> None:
    from gojinotation_analyzer.cli.render import build_view

    disputed = Path(__file__).parent / "fixtures" / "validate" / "disputed.gjn"
    page_path = render_files([disputed], tmp_path, lang="en", build=build_view, index=False)[0]
    s = Session(browser, page_path.as_uri() + "#d1.s4", viewport={"width": 1366, "height": 768})
    try:
        page = s.page
        labels = page.locator('[data-opt="rules"] option').all_inner_texts()
        assert labels[0].startswith("record: two-table-654321") and len(labels) > 2
        assert page.locator(".alts .altlist > li").count() == len(labels)
        bie3 = next(i for i, x in enumerate(labels) if "qingdao-bie3" in x)
        assert s.text("#viewer .story") == ""  # the record's ruling: nothing to add
        page.select_option('[data-opt="rules"]', str(bie3))
        assert "Under qingdao-bie3" in s.text("#viewer .story")
        assert "大落" in s.text("#viewer .story")
        s.press("End")
        assert "A 2 : -2 B" in s.text("#viewer .endcard .alt-end")
    finally:
        s.close()


def test_save_this_position_as_an_image_offline(browser: Any, story_site: Path) -> None:
    s = Session(
        browser,
        (story_site / "final-2026.html").as_uri() + "#d1.s3",
        viewport={"width": 1366, "height": 768},
        accept_downloads=True,
    )
    try:
        with s.page.expect_download() as info:
            s.page.click('[data-act="image"]')
        download = info.value
        assert download.suggested_filename == "d1-s3.png"
        data = Path(download.path()).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    finally:
        s.close()
