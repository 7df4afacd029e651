"""``gouji serve`` in headless Chromium: a recorder and a spectator in two browser
contexts at phone width (360 px).

A full generated deal is entered through the recorder view (a tap on the offered legal
action where there is one, GJN typed otherwise), followed live by the spectator, sealed,
validated clean and byte-identical in canonical form to the deal entered; an illegal
action refused with its rule; undo; a dispute alert; a delayed spectator; a wrong or
missing secret refused; no horizontal scroll at 360 px.

Chromium is Debian's (``/usr/bin/chromium``), started through Playwright as in
``tests/test_browser.py``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gojinotation as gj
from tests.test_serve import (
    TOY,
    action_texts,
    bare,
    canonical,
    free_port,
    generated,
    without_confirmations,
)

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx2")  # Starlette's test client and the live requests

from gojinotation_analyzer.reports.validate import validate_source  # noqa: E402
from gojinotation_analyzer.serve.app import create_app  # noqa: E402


def match_deals() -> list[Any]:
    """Two deals of one generated match (the second's hands start the next deal)."""
    from gojinotation_analyzer.simulation.simulate import simulate

    return list(simulate("QS", seed=7, deals=2))


def post(server: Server, table: str, op: str, body: dict[str, Any]) -> Any:
    r = httpx.post(
        f"{server.url}/api/t/{table}/{op}",
        json=body,
        headers={"X-Table-Secret": server.secret(table)},
    )
    assert r.status_code == 200, r.text
    return r.json()


PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1, "has_touch": True}

pytestmark = [pytest.mark.browser]  # skipped where Chromium is missing (conftest)

DISPUTE = '[Event "x"]\n[Profile "dasai-5421"]\n[Leader "6"]\n' + "".join(
    f"hand {i}: {h}\n" for i, h in enumerate(["73", "639", "739", "839", "939", "539"], 1)
)


class Server:
    """``create_app`` served by uvicorn in a thread on a loopback port."""

    def __init__(self, folder: Path, delay: float = 0.0) -> None:
        self.app = create_app(folder, delay=delay)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            assert time.time() < deadline, "server did not start"
            time.sleep(0.05)

    def secret(self, table: str) -> str:
        return str(self.app.state.store.secret(table))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path_factory.mktemp("event")
    (folder / "final.gjn").write_text(bare(generated()), encoding="utf-8")
    (folder / "toy.gjn").write_text(TOY, encoding="utf-8")
    (folder / "disp.gjn").write_text(DISPUTE, encoding="utf-8")
    (folder / "watch.gjn").write_text(bare(generated()), encoding="utf-8")
    (folder / "match.gjn").write_text(bare(match_deals()[0]), encoding="utf-8")
    server = Server(folder)
    yield server, folder
    server.stop()


class Phone:
    """A fresh browser context at 360 px; collects page errors."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)

    def seq(self) -> int:
        return int(self.page.locator("body").get_attribute("data-seq") or "-1")

    def wait_seq(self, n: int, timeout: float = 10_000) -> None:
        self.page.locator(f'body[data-seq="{n}"]').wait_for(state="attached", timeout=timeout)

    def data(self) -> Any:
        """The replay viewer's data on a spectator's page."""
        return self.page.evaluate("JSON.parse(document.getElementById('gjn-data').textContent)")

    def live_deal(self, pos: int) -> Any:
        """Deal ``pos`` (0-based) as the last live update gave it to the viewer."""
        return self.page.evaluate(
            f"(GJN_LIVE.last.deals || []).filter(function (d) {{ return d.pos === {pos}; }})[0]"
        )

    def step_text(self) -> str:
        """The viewer's step counter (``n/total``)."""
        return str(self.page.inner_text("#viewer .vstep"))

    def no_horizontal_scroll(self) -> bool:
        w = self.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        return bool(w[0] <= w[1])

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def enter(rec: Phone, text: str) -> None:
    """Tap the offered action when it is offered, else type it; wait for the write."""
    before = rec.seq()
    button = rec.page.locator(f'#legal button[data-gjn="{text}"]')
    if button.count():
        button.first.tap()
    else:
        rec.page.fill("#gjn", text)
        rec.page.press("#gjn", "Enter")
    rec.page.locator(f'body:not([data-seq="{before}"])').wait_for(state="attached")


def test_full_deal_recorded_on_a_phone_and_followed_by_a_spectator(
    event: tuple[Server, Path], browser: Any
) -> None:
    server, folder = event
    deal = generated()
    rec = Phone(browser, f"{server.url}/t/final/record#k={server.secret('final')}")
    spec = Phone(browser, f"{server.url}/t/final")
    rec.wait_seq(0)
    spec.wait_seq(0)
    assert rec.no_horizontal_scroll() and spec.no_horizontal_scroll()
    assert rec.page.locator("#seats tr[data-seat] + tr td.hand").count() == 6  # all hands
    # the spectator's page is the replay viewer, hands hidden while live
    assert spec.page.locator("#viewer .felt").is_visible()
    assert spec.page.locator('body[data-hands="hidden"]').count() == 1
    assert spec.data()["deals"][0]["start"]["h"] == [None] * 6
    spec.page.evaluate("window.__sameDocument = 1")  # gone if the page reloads
    acts = action_texts(deal)
    tapped = 0
    for i, text in enumerate(acts):
        if rec.page.locator("#result-box:not(.hidden)").count():
            break
        tapped += rec.page.locator(f'#legal button[data-gjn="{text}"]').count() > 0
        enter(rec, text)
        if i == 20:  # the spectator's viewer, at the latest step, follows without reload
            spec.wait_seq(rec.seq())
            assert spec.step_text() == f"{rec.seq()}/{rec.seq()}"
    assert tapped > len(acts) // 2
    final = rec.seq()
    spec.wait_seq(final)
    assert spec.step_text() == f"{final}/{final}"
    assert spec.page.evaluate("window.__sameDocument") == 1  # never reloaded
    assert "Finish" in spec.page.inner_text("#status")
    spec.page.locator('body[data-hands="shown"]').wait_for(state="attached")  # deal over
    assert None not in spec.live_deal(0)["start"]["h"]
    assert "Finish" in rec.page.inner_text("#result")
    confirm_and_seal(rec)
    on_disk = (folder / "final.gjn").read_text(encoding="utf-8")
    assert without_confirmations(on_disk) == canonical(gj.dumps(gj.Match(deals=(deal,))))
    report = validate_source(on_disk, file="final.gjn")
    # clean: no error or warning; a dispute on an open point of the profile (e.g. a 大王+小王
    # set, play.pure_joker_mixed) is the validator's report, not a fault of the record
    assert report.exit_code == 0
    assert {d.severity.value for d in report.diagnostics} <= {"dispute", "notice"}
    sha = rec.page.inner_text("#sha").split()[-1]
    assert (folder / "final.gjn.sha256").read_text().split()[0] == sha
    spec.page.locator("#seal:has-text('SHA-256')").wait_for()
    assert rec.no_horizontal_scroll() and spec.no_horizontal_scroll()
    rec.close()
    spec.close()


def confirm_and_seal(rec: Phone) -> None:
    """The six players confirm the result on the recorder's phone, then it is sealed."""
    seal = rec.page.locator("#seal")
    for seat in range(1, 7):
        assert seal.is_disabled()  # not before all six have confirmed
        button = rec.page.locator(f'#confirm button[data-seat="{seat}"]')
        if button.is_enabled():  # a seat already confirmed is not asked again
            button.tap()
        rec.page.locator(f'#confirm button[data-seat="{seat}"]:has-text("已确认")').wait_for()
    seal.tap()
    rec.page.locator("#sha:has-text('SHA-256')").wait_for()


def test_refused_action_irregular_ruling_and_undo(event: tuple[Server, Path], browser: Any) -> None:
    server, _ = event
    rec = Phone(browser, f"{server.url}/t/toy/record#k={server.secret('toy')}")
    rec.wait_seq(0)
    rec.page.fill("#gjn", "2:5")
    rec.page.locator("#enter").tap()
    rec.page.locator("#refusal:not(.hidden)").wait_for()
    assert "R-TURN-1" in rec.page.inner_text("#refusal")
    assert rec.seq() == 0
    # tap the cards 3 3 of seat 1 and play them
    chips = rec.page.locator("#hand button.chip", has_text="3")
    chips.nth(0).tap()
    chips.nth(1).tap()
    rec.page.locator("#play-sel").tap()
    rec.wait_seq(1)
    assert "1:33" in rec.page.inner_text("#record")
    rec.page.locator("#undo").tap()
    rec.wait_seq(0)
    assert "1:33" not in rec.page.inner_text("#record")
    # the refused action recorded as an irregularity with the referee's ruling
    rec.page.fill("#gjn", "2:5")
    rec.page.locator("#enter").tap()
    rec.page.locator("#refusal:not(.hidden)").wait_for()
    rec.page.fill("#ruling", "accept no objection")
    rec.page.locator("#irregular").tap()
    rec.wait_seq(1)
    assert "^2:5 [%ruling accept no objection]" in rec.page.inner_text("#record")
    rec.page.locator("#undo").tap()
    rec.wait_seq(0)
    # any seat, any action word: pick seat 3 and "report", the hand shown is seat 3's
    rec.page.locator('#seat-pick button[data-seat="3"]').tap()
    assert "3" in rec.page.inner_text("#hand-title")
    rec.page.locator('#words button[data-word="report "]').tap()
    assert rec.page.input_value("#gjn") == "3:report "
    rec.page.fill("#gjn", "3:report 1")
    rec.page.locator("#enter").tap()
    rec.page.locator("#refusal:not(.hidden), body:not([data-seq='0'])").first.wait_for()
    assert rec.no_horizontal_scroll()
    rec.close()


def test_dispute_alert(event: tuple[Server, Path], browser: Any) -> None:
    server, _ = event
    rec = Phone(browser, f"{server.url}/t/disp/record#k={server.secret('disp')}")
    rec.wait_seq(0)
    for text in ["6:5", "1:7", "2:-", "3:-", "4:-", "5:-", "6:-"]:
        enter(rec, text)
    assert rec.page.locator("#dispute.hidden").count() == 1
    enter(rec, "1:3")
    rec.page.locator("#dispute:not(.hidden)").wait_for()
    assert "R-KAIDIAN-4" in rec.page.inner_text("#dispute")
    rec.close()


def test_wrong_or_missing_secret_refused(event: tuple[Server, Path], browser: Any) -> None:
    server, folder = event
    before = (folder / "toy.gjn").read_bytes()
    for url in (f"{server.url}/t/toy/record#k=wrong", f"{server.url}/t/toy/record"):
        rec = Phone(browser, url)
        rec.page.locator("#error:not(.hidden)").wait_for()
        assert "密钥" in rec.page.inner_text("#error")
        rec.page.fill("#gjn", "1:33")
        rec.page.locator("#enter").tap()
        rec.page.wait_for_timeout(200)
        rec.close()
    assert (folder / "toy.gjn").read_bytes() == before


def test_delayed_spectator(tmp_path: Path, browser: Any) -> None:
    (tmp_path / "toy.gjn").write_text(TOY, encoding="utf-8")
    server = Server(tmp_path, delay=2)
    try:
        spec = Phone(browser, f"{server.url}/t/toy")
        spec.wait_seq(0)
        r = httpx.post(
            f"{server.url}/api/t/toy/act",
            json={"seq": 0, "gjn": "1:33 2:-"},
            headers={"X-Table-Secret": server.secret("toy")},
        )
        assert r.status_code == 200
        t0 = time.monotonic()
        spec.wait_seq(2, timeout=8000)
        assert time.monotonic() - t0 >= 1.0  # not before the delay has run
        assert "延迟" in spec.page.inner_text("#status")
        spec.close()
    finally:
        server.stop()


def test_server_killed_mid_deal_and_restarted_nothing_lost(tmp_path: Path, browser: Any) -> None:
    import signal

    from gojinotation_analyzer.serve.store import Store
    from tests.test_serve import start_server

    deal = generated()
    (tmp_path / "t1.gjn").write_text(bare(deal), encoding="utf-8")
    secret = Store(tmp_path).secret("t1")
    acts = action_texts(deal)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_server(tmp_path, port)
    try:
        rec = Phone(browser, f"{url}/t/t1/record#k={secret}")
        spec = Phone(browser, f"{url}/t/t1")
        rec.wait_seq(0)
        for text in acts[:12]:
            enter(rec, text)
        accepted = rec.seq()
        record = rec.page.inner_text("#record")
        proc.send_signal(signal.SIGKILL)  # mid-deal, no shutdown
        proc.wait()
        proc = start_server(tmp_path, port)
        rec.page.reload()
        rec.wait_seq(accepted)
        assert rec.page.inner_text("#record") == record
        spec.wait_seq(accepted, timeout=15_000)  # the spectator's stream reconnects by itself
        for text in acts[12:16]:
            enter(rec, text)
        spec.wait_seq(rec.seq(), timeout=15_000)
        rec.close()
        spec.errors.clear()  # the lost connection is reported by the browser, as it should
        spec.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_organiser_page_lists_recorder_links_and_opens_hands(
    event: tuple[Server, Path], browser: Any
) -> None:
    server, _ = event
    token = server.app.state.store.organiser_token
    bad = Phone(browser, f"{server.url}/organiser#k=wrong")
    bad.page.locator("#error:not(.hidden)").wait_for()
    assert bad.page.locator("a.recorder-link").count() == 0
    bad.close()
    org = Phone(browser, f"{server.url}/organiser#k={token}")
    org.page.locator("a.recorder-link").first.wait_for()
    hrefs = [a.get_attribute("href") for a in org.page.locator("a.recorder-link").all()]
    assert f"/t/toy/record#k={server.secret('toy')}" in hrefs
    assert org.no_horizontal_scroll()
    spec = Phone(browser, f"{server.url}/t/disp")
    spec.page.locator('body[data-hands="hidden"]').wait_for(state="attached")
    org.page.locator('button[data-table="disp"]').tap()
    spec.page.locator('body[data-hands="shown"]').wait_for(state="attached")  # no reload
    assert None not in spec.live_deal(0)["start"]["h"]
    org.close()
    spec.close()


def test_spectator_in_the_replay_viewer_sees_new_plays_without_reload(
    event: tuple[Server, Path], browser: Any
) -> None:
    server, _ = event
    acts = action_texts(generated())
    seq = post(server, "watch", "act", {"seq": 0, "gjn": " ".join(acts[:10])})["seq"]
    follow = Phone(browser, f"{server.url}/t/watch")
    back = Phone(browser, f"{server.url}/t/watch")
    for p in (follow, back):
        p.wait_seq(seq)
        p.page.evaluate("window.__sameDocument = 1")
        assert p.step_text() == "0/10"
        p.page.locator('#viewer [data-act="last"]').click()  # to the latest step
        assert p.step_text() == "10/10"
    back.page.locator('#viewer [data-act="prev"]').click()
    back.page.locator('#viewer [data-act="prev"]').click()
    assert back.step_text() == "8/10"
    for n in (11, 12, 13):
        seq = post(server, "watch", "act", {"seq": seq, "gjn": acts[n - 1]})["seq"]
        follow.wait_seq(seq)
        assert follow.step_text() == f"{seq}/{seq}"  # at the latest: steps to the new play
    back.wait_seq(seq)
    assert back.step_text() == f"8/{seq}"  # stepped back: stays there, the new plays added
    back.page.locator('#viewer [data-act="last"]').click()
    assert back.step_text() == f"{seq}/{seq}"
    for p in (follow, back):
        assert p.page.evaluate("window.__sameDocument") == 1
        assert p.live_deal(0)["start"]["h"] == [None] * 6  # still hidden
        assert p.no_horizontal_scroll()
        p.close()


def test_six_confirmations_then_seal_then_next_deal(
    event: tuple[Server, Path], browser: Any
) -> None:
    server, folder = event
    first, second = match_deals()
    post(server, "match", "act", {"seq": 0, "gjn": " ".join(action_texts(first))})
    rec = Phone(browser, f"{server.url}/t/match/record#k={server.secret('match')}")
    spec = Phone(browser, f"{server.url}/t/match")
    rec.page.locator("#result-box:not(.hidden)").wait_for()
    spec.page.locator('body[data-hands="shown"]').wait_for(state="attached")
    spec.page.evaluate("window.__sameDocument = 1")
    spec.page.locator('#viewer [data-act="last"]').click()  # the spectator follows the end
    assert "0/6" in spec.page.inner_text("#status")
    rec.page.locator('#confirm button[data-seat="1"]').tap()
    spec.page.locator("#status:has-text('1/6')").wait_for()  # the spectators see it too
    confirm_and_seal(rec)
    spec.page.locator("#seal:has-text('SHA-256')").wait_for()
    text = (folder / "match.gjn").read_text(encoding="utf-8")
    assert text.count("[%confirm ") == 6 and '[Finish "' in text
    # the next deal of the match, in the same file
    assert rec.page.locator("#next-box:not(.hidden)").count() == 1
    assert "1" in rec.page.inner_text("#next-leader-text")  # the 大落 of deal 1 leads
    hands = "\n".join(ln for ln in bare(second).splitlines() if ln.startswith("hand "))
    rec.page.fill("#next-hands", hands)
    rec.page.locator("#next").tap()
    rec.page.locator('body[data-deals="2"][data-seq="0"]').wait_for(state="attached")
    assert "2" in rec.page.inner_text("#status")
    spec.page.locator('body[data-deals="2"]').wait_for(state="attached")
    assert spec.page.locator('body[data-hands="hidden"]').count() == 1  # the new deal is live
    assert spec.live_deal(1)["start"]["h"] == [None] * 6
    for n in (1, 2):
        rec.page.locator("#legal button.act").first.tap()
        rec.wait_seq(n)
    spec.wait_seq(2)
    assert spec.step_text() == "2/2"
    ev = Phone(browser, f"{server.url}/")  # the event page lists the table at its deal 2
    ev.page.locator('tr[data-table="match"]:has-text("deal 2")').wait_for()
    ev.close()
    assert spec.page.evaluate("window.__sameDocument") == 1
    on_disk = (folder / "match.gjn").read_text(encoding="utf-8")
    deals = gj.loads(on_disk).deals
    assert len(deals) == 2 and deals[1].tag("Deal") == "2"
    assert validate_source(on_disk, file="match.gjn").exit_code == 0
    assert rec.no_horizontal_scroll() and spec.no_horizontal_scroll()
    rec.close()
    spec.close()
