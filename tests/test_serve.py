"""``gouji serve``: the store (atomic writes, restart after SIGKILL, 409 on a stale write,
the seal), the engine's checks as actions are entered (refusal with rule and source,
irregularity with a ruling, dispute alert, undo), and access (secrets in headers, CSRF,
CSP, spectators read only, hands hidden, broadcast delay).
"""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import gojinotation as gj
from gojinotation import model as m
from gojinotation.writer import format_action
from gojinotation_analyzer.engine.normalize import explicit_match
from gojinotation_analyzer.simulation.simulate import simulate

starlette = pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx2")  # Starlette's test client and the live requests

from starlette.testclient import TestClient  # noqa: E402

from gojinotation_analyzer.reports.validate import validate_source  # noqa: E402
from gojinotation_analyzer.serve.app import CSP, create_app  # noqa: E402
from gojinotation_analyzer.serve.store import (  # noqa: E402
    Conflict,
    Refused,
    Sealed,
    ServeError,
    Store,
)

ROOT = Path(__file__).resolve().parent.parent
#: a short generated deal (141 actions) of the Qingdao standard profile
SEED = 7


def generated() -> m.Deal:
    """The generated deal every full-deal test enters."""
    return next(simulate("QS", seed=SEED, deals=1))


def canonical(text: str) -> str:
    """The canonical form of a record, as ``gouji fmt`` writes it."""
    return gj.dumps(explicit_match(gj.loads(text)))


def bare(deal: m.Deal) -> str:
    """The deal as an organiser prepares it: header and hands, no moves, no result."""
    header = tuple(
        t for t in deal.header if not (isinstance(t, m.Tag) and t.name in ("Finish", "Score"))
    )
    return gj.dumps(gj.Match(deals=(attrs.evolve(deal, header=header, moves=()),)))


def action_texts(deal: m.Deal) -> list[str]:
    return [format_action(a) for a in deal.actions()]


def without_confirmations(text: str) -> str:
    """The record without its players' ``[%confirm …]`` notes (what the deal entered is
    compared with: the confirmations are what the server adds at the table)."""
    import re

    return re.sub(r" \[%confirm [^\]]*\]", "", text)


def confirm_all(table: Any) -> None:
    """The six players confirm the result."""
    for seat in range(1, 7):
        table.confirm(table.seq, seat)


def event_dir(tmp: Path, deal: m.Deal | None = None, name: str = "t1") -> Path:
    (tmp / f"{name}.gjn").write_text(bare(deal or generated()), encoding="utf-8")
    return tmp


TOY = (
    '[Event "toy"]\n[Seat1 "<script>alert(1)</script>"]\n[Leader "1"]\n'
    "hand 1: 33 4\nhand 2: 5\nhand 3: 6\nhand 4: 7\nhand 5: 8\nhand 6: 9\n"
)


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[tuple[TestClient, str, Any]]:
    (tmp_path / "toy.gjn").write_text(TOY, encoding="utf-8")
    app = create_app(tmp_path, deck_check=False)
    with TestClient(app) as client:
        yield client, app.state.store.secret("toy"), app


def post(client: TestClient, path: str, body: dict[str, Any], secret: str | None, **h: str) -> Any:
    headers = {"X-Table-Secret": secret} if secret is not None else {}
    headers.update(h)
    return client.post(path, json=body, headers=headers)


# ---------------------------------------------------------------------------- the store


def test_full_generated_deal_entered_sealed_and_byte_identical(tmp_path: Path) -> None:
    deal = generated()
    store = Store(event_dir(tmp_path, deal))
    table = store.table("t1")
    for text in action_texts(deal):
        if table.snap.state.is_over:
            break
        table.add(table.seq, text)
    assert table.snap.result is not None
    confirm_all(table)
    digest = table.seal(table.seq)
    on_disk = (tmp_path / "t1.gjn").read_text(encoding="utf-8")
    expected = canonical(gj.dumps(gj.Match(deals=(deal,))))
    assert without_confirmations(on_disk) == expected  # byte-identical, result tags included
    assert on_disk.count("[%confirm ") == 6
    assert digest == hashlib.sha256(on_disk.encode()).hexdigest()
    assert (tmp_path / "t1.gjn.sha256").read_text() == f"{digest}  t1.gjn\n"
    assert table.seal_ok() is True
    with pytest.raises(Sealed):
        table.add(table.seq, "1:-")
    # a later change of the file is detected
    (tmp_path / "t1.gjn").write_text(on_disk.replace("[Score", '[Round "x"]\n[Score'))
    assert Store(tmp_path).table("t1").seal_ok() is False


def test_six_confirmations_then_seal(tmp_path: Path) -> None:
    deal = generated()
    table = Store(event_dir(tmp_path, deal)).table("t1")
    with pytest.raises(ServeError):  # nothing to confirm before the end
        table.confirm(0, 1)
    table.add(0, " ".join(action_texts(deal)))
    result = table.snap.result
    assert result is not None
    for seat in (3, 1, 3):  # a seat confirming twice is one confirmation
        table.confirm(table.seq, seat)
    assert table.confirmed() == [1, 3]
    with pytest.raises(ServeError) as info:
        table.seal(table.seq)
    assert "2 4 5 6" in info.value.en and "2 4 5 6" in info.value.zh
    with pytest.raises(ServeError):
        table.confirm(table.seq, 7)
    for seat in (2, 4, 5, 6):
        table.confirm(table.seq, seat)
    text = (tmp_path / "t1.gjn").read_text(encoding="utf-8")
    assert f"[%confirm 3 finish {result.finish}; score {result.score}]" in text
    assert gj.loads(text) is not None and validate_source(text, file="t1.gjn").exit_code == 0
    # an undo takes the confirmations away with the last action: the result may change
    table.undo(table.seq)
    assert table.confirmed() == [] and "[%confirm" not in (tmp_path / "t1.gjn").read_text()
    table.add(table.seq, action_texts(deal)[-1])
    confirm_all(table)
    digest = table.seal(table.seq)
    assert Store(tmp_path).table("t1").confirmed() == [1, 2, 3, 4, 5, 6]  # read from the file
    assert hashlib.sha256((tmp_path / "t1.gjn").read_bytes()).hexdigest() == digest


def test_next_deal_in_the_same_file(tmp_path: Path) -> None:
    first, second = list(simulate("QS", seed=SEED, deals=2))
    table = Store(event_dir(tmp_path, first)).table("t1")
    hands = "\n".join(ln for ln in bare(second).splitlines() if ln.startswith("hand "))
    with pytest.raises(ServeError):  # not before the deal is sealed
        table.next_deal(0, hands)
    table.add(0, " ".join(action_texts(first)))
    confirm_all(table)
    digest = table.seal(table.seq)
    leader = table.next_leader()
    result = table.snap.result
    assert result is not None and leader is not None
    assert leader == next(s for s, p in result.places.items() if p == 6)  # 大落
    with pytest.raises(ServeError):
        table.next_deal(table.seq, hands.replace("hand 6:", "hand 5:"))  # six seats
    sealed_text = (tmp_path / "t1.gjn").read_text(encoding="utf-8")
    (tmp_path / "t1.gjn").write_text(sealed_text.replace("[Deal", '[Round "x"]\n[Deal'))
    with pytest.raises(ServeError) as info:  # changed after the seal: not carried on
        table.next_deal(table.seq, hands)
    assert "seal" in info.value.en and "封存" in info.value.zh
    (tmp_path / "t1.gjn").write_text(sealed_text, encoding="utf-8")
    with pytest.raises(ServeError) as info:  # R-OPEN-1: the previous deal decides
        table.next_deal(table.seq, hands, leader % 6 + 1)
    assert "R-OPEN-1" in info.value.en or "open.subsequent" in info.value.en
    table.next_deal(table.seq, hands)
    assert (table.deal_count, table.seq, table.sealed) == (2, 0, False)
    text = (tmp_path / "t1.gjn").read_text(encoding="utf-8")
    new = gj.loads(text).deals[1]
    assert isinstance(new, m.Deal)
    assert new.tag("Deal") == "2" and new.tag("Leader") == str(leader)
    assert new.tag("Event") == first.tag("Event") and new.tag("Finish") is None
    # the sealed deal keeps its seal, still checked
    assert (tmp_path / "t1.gjn.sha256").read_text() == f"# deal 1 sha256 {digest}\n"
    assert table.seal_ok() is True
    # killed between the two writes (the record has the new deal, the seal file is still
    # the whole-file seal of deal 1): read as deal 1's seal, the new deal live
    (tmp_path / "t1.gjn.sha256").write_text(f"{digest}  t1.gjn\n")
    again = Store(tmp_path).table("t1")
    assert (again.sealed, again.seal_ok(), again.deal_count) == (False, True, 2)
    (tmp_path / "t1.gjn.sha256").write_text(f"# deal 1 sha256 {digest}\n")
    # the new deal is recorded (its first leader to act), and a change of deal 1 is found
    seat, acts = table.legal()[0]
    assert seat == leader
    table.add(0, acts[0])
    assert validate_source((tmp_path / "t1.gjn").read_text(), file="t1.gjn").exit_code == 0
    changed = (tmp_path / "t1.gjn").read_text().replace('[Deal "1"]', '[Deal "1"]\n[Round "x"]')
    (tmp_path / "t1.gjn").write_text(changed, encoding="utf-8")
    assert Store(tmp_path).table("t1").seal_ok() is False


def test_R_TURN_1_refused_with_rule_and_source_nothing_written(tmp_path: Path) -> None:
    deal = generated()
    table = Store(event_dir(tmp_path, deal)).table("t1")
    before = (tmp_path / "t1.gjn").read_bytes()
    leader = next(a.seat for a in deal.actions())
    other = leader % 6 + 1
    with pytest.raises(Refused) as info:
        table.add(0, f"{other}:-")
    assert info.value.rule_id.startswith("R-")
    d = info.value.as_dict()
    assert d["en"] and d["zh"] and d["sources"], d
    assert (tmp_path / "t1.gjn").read_bytes() == before
    assert table.seq == 0


def test_irregular_action_recorded_with_ruling(tmp_path: Path) -> None:
    (tmp_path / "t.gjn").write_text(TOY, encoding="utf-8")
    table = Store(tmp_path, deck_check=False).table("t")
    with pytest.raises(Refused):
        table.add(0, "2:5")
    table.add(0, "^2:5 [%ruling accept out of turn, no objection]")
    assert "^2:5 [%ruling accept out of turn, no objection]" in table.snap.text
    assert table.seq == 1


def test_R_KAIDIAN_4_dispute_alert_with_sources(tmp_path: Path) -> None:
    hands = ["73", "639", "739", "839", "939", "539"]
    text = '[Event "x"]\n[Profile "dasai-5421"]\n[Leader "6"]\n' + "".join(
        f"hand {i}: {h}\n" for i, h in enumerate(hands, 1)
    )
    (tmp_path / "t.gjn").write_text(text, encoding="utf-8")
    table = Store(tmp_path, deck_check=False).table("t")
    table.add(0, "6:5 1:7 2:- 3:- 4:- 5:- 6:-")
    assert table.disputes == []
    table.add(table.seq, "1:3")  # seat 1 goes out 头科 without having opened
    assert [d["rule_id"] for d in table.disputes] == ["R-KAIDIAN-4"]
    assert table.disputes[0]["sources"] and table.disputes[0]["zh"]


def test_undo_and_forced_close_filled(tmp_path: Path) -> None:
    (tmp_path / "t.gjn").write_text(TOY, encoding="utf-8")
    table = Store(tmp_path, deck_check=False).table("t")
    table.add(0, "1:33 2:- 3:- 4:- 5:-")
    before = table.snap.text
    table.add(5, "6:-")
    assert table.seq == 6
    table.undo(6)
    assert table.snap.text == before
    # after six passes the round is closed by the rules: the lead writes in the close
    table.add(5, "6:- 1:4")
    assert "4:close" in table.snap.text
    assert table.snap.text.endswith("6:- 4:close\n2. 1:4\n")


def test_conflict_on_stale_seq(tmp_path: Path) -> None:
    (tmp_path / "t.gjn").write_text(TOY, encoding="utf-8")
    one = Store(tmp_path, deck_check=False).table("t")
    one.add(0, "1:33")
    with pytest.raises(Conflict) as info:
        one.add(0, "1:33")
    assert info.value.current == 1 and info.value.status == 409


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])
    proc = subprocess.Popen(
        [sys.executable, "-m", "gojinotation_analyzer", "serve", str(folder), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def test_sigkill_mid_deal_and_restart_resumes_exactly(tmp_path: Path) -> None:
    deal = generated()
    folder = event_dir(tmp_path, deal)
    secret = Store(folder).secret("t1")  # kept in .serve/secrets.json across restarts
    acts = action_texts(deal)
    port = free_port()
    base = f"http://127.0.0.1:{port}/api/t/t1"
    headers = {"X-Table-Secret": secret}
    proc = start_server(folder, port)
    try:
        seq = 0
        for text in acts[:30]:
            r = httpx.post(f"{base}/act", json={"seq": seq, "gjn": text}, headers=headers)
            assert r.status_code == 200, r.text
            seq = r.json()["seq"]
        accepted = r.json()["text"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert (folder / "t1.gjn").read_text(encoding="utf-8") == accepted
    proc = start_server(folder, port)
    try:
        r = httpx.get(f"{base}/record", headers=headers)
        assert r.status_code == 200
        assert r.json()["seq"] == seq and r.json()["text"] == accepted
        nxt = acts[30]
        r = httpx.post(f"{base}/act", json={"seq": seq, "gjn": nxt}, headers=headers)
        assert r.status_code == 200, r.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# ---------------------------------------------------------------------------- access


def test_missing_and_wrong_secret_refused(toy: tuple[TestClient, str, Any]) -> None:
    client, secret, _ = toy
    assert post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:33"}, None).status_code == 401
    assert post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:33"}, "nope").status_code == 403
    assert client.get("/api/t/toy/record").status_code == 401
    assert client.get("/api/t/toy/record", headers={"X-Table-Secret": "x"}).status_code == 403
    assert post(client, "/api/t/toy/undo", {"seq": 0}, None).status_code == 401
    assert client.get("/api/organiser").status_code == 401
    assert client.get("/api/organiser", headers={"X-Organiser-Token": "x"}).status_code == 403
    assert post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:33"}, secret).status_code == 200


def test_csrf_cross_origin_and_form_posts_refused(toy: tuple[TestClient, str, Any]) -> None:
    client, secret, _ = toy
    body = {"seq": 0, "gjn": "1:33"}
    r = post(client, "/api/t/toy/act", body, secret, Origin="http://evil.example")
    assert r.status_code == 403
    r = post(client, "/api/t/toy/act", body, secret, **{"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    r = client.post(
        "/api/t/toy/act",
        content="seq=0&gjn=1:33",
        headers={"X-Table-Secret": secret, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 400
    r = post(client, "/api/t/toy/act", body, secret, Origin="http://testserver")
    assert r.status_code == 200


def test_stale_write_gets_409_never_a_merge(toy: tuple[TestClient, str, Any]) -> None:
    client, secret, _ = toy
    assert post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:33"}, secret).status_code == 200
    r = post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:4"}, secret)  # second recorder
    assert r.status_code == 409
    assert client.get("/api/t/toy/watch").json()["seq"] == 1


def test_refusal_over_http_has_rule_source_and_both_languages(
    toy: tuple[TestClient, str, Any],
) -> None:
    client, secret, _ = toy
    r = post(client, "/api/t/toy/act", {"seq": 0, "gjn": "2:5"}, secret)
    assert r.status_code == 422
    d = r.json()
    assert d["rule_id"] == "R-TURN-1" and d["en"] and d["zh"] and d["sources"]
    r = post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:ZZ"}, secret)
    assert r.status_code == 400 and r.json()["zh"]


def test_pages_have_strict_csp_and_carry_no_record_text(toy: tuple[TestClient, str, Any]) -> None:
    client, _, _ = toy
    for path in ("/", "/t/toy/record", "/organiser", "/api/t/toy/watch"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-security-policy"] == CSP
        assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
        assert "<script>alert" not in r.text or path.startswith("/api")
    # the record's text reaches the pages as JSON only, shown with textContent
    js = (ROOT / "analyzer/gojinotation_analyzer/serve/static").glob("*.js")
    for f in js:
        src = f.read_text(encoding="utf-8")
        assert "innerHTML" not in src and "eval(" not in src, f


def _page_data(html: str) -> Any:
    import json
    import re

    found = re.search(r'<script type="application/json" id="gjn-data">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


def _page_csp(html: str) -> str:
    import re

    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert found is not None
    return found.group(1).replace("&#39;", "'")


def test_spectator_page_is_the_replay_viewer_with_its_csp(toy: tuple[TestClient, str, Any]) -> None:
    client, _, _ = toy
    r = client.get("/t/toy")
    assert r.status_code == 200 and 'id="viewer"' in r.text  # the replay viewer
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    meta = _page_csp(r.text)
    assert "'unsafe-inline'" not in meta and "default-src 'none'" in meta
    assert meta.count("'sha256-") == 3  # the style, the replay's script and the live script
    assert "connect-src 'self'" in meta  # its event stream, nothing else
    assert "<script>alert(1)" not in r.text  # the record's text is escaped
    assert _page_data(r.text)["deals"][0]["names"][0] == "<script>alert(1)</script>"
    assert "data:text/plain" not in r.text  # no record offered for download while live


def test_spectator_payload_carries_no_hidden_hand_nor_delayed_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json
    import types

    from gojinotation_analyzer.serve import store as store_mod

    deal = generated()
    from gojinotation_analyzer.publish.view import view_from_engine

    # the hands as the replay's data writes them (what a leak would look like)
    hands = view_from_engine(gj.loads(bare(deal))).deals[0].start.hands
    assert len(hands) == 6 and all(h is not None and len(h) > 20 for h in hands)
    app = create_app(event_dir(tmp_path, deal), delay=300)
    client = TestClient(app)
    secret = app.state.store.secret("t1")
    acts = action_texts(deal)
    clock = types.SimpleNamespace(time=time.time)
    monkeypatch.setattr(store_mod, "time", clock)
    t0 = time.time()
    clock.time = lambda: t0
    assert post(client, "/api/t/t1/act", {"seq": 0, "gjn": " ".join(acts[:6])}, secret).is_success
    page = client.get("/t/t1").text
    data = _page_data(page)
    assert data["deals"][0]["steps"] == []  # five minutes late: none of the six shows
    assert data["deals"][0]["start"]["h"] == [None] * 6 and data["deals"][0]["start"]["n"][0]
    for hand in hands:
        assert hand is not None and hand not in page  # no dealt hand anywhere in the page
    token = page.split('"token":"', 1)[1].split('"', 1)[0]
    # six minutes on, four more entered: the stream gives the first six, not the four
    clock.time = lambda: t0 + 360
    seq = post(client, "/api/t/t1/act", {"seq": 6, "gjn": " ".join(acts[6:10])}, secret)
    assert seq.json()["seq"] == 10
    table = app.state.store.table("t1")
    views = app.state.live_views
    msg = views.update(table, token, hands_open=False)
    text = json.dumps(msg)
    (live,) = msg["update"]["deals"]
    assert (live["from"], len(live["steps"]), msg["info"]["seq"]) == (0, 6, 6)
    assert live["start"]["h"] == [None] * 6
    assert not any("h" in (step[4].get("d") or {}) for step in live["steps"] if len(step) > 4)
    for hand in hands:
        assert hand is not None and hand not in text
    # opened by the organiser: the hands come, from the start
    org = {"X-Organiser-Token": app.state.store.organiser_token}
    assert client.post("/api/t/t1/hands", json={"open": True}, headers=org).is_success
    opened = views.update(table, msg["token"], hands_open=True)
    (live,) = opened["update"]["deals"]
    assert live["from"] == 0 and live["start"]["h"] == list(hands)


def test_spectators_read_only_hands_hidden_until_opened(toy: tuple[TestClient, str, Any]) -> None:
    client, secret, app = toy
    st = client.get("/api/t/toy/watch").json()
    assert all(s["hand"] is None for s in st["seats"])
    assert client.get("/t/toy.gjn").status_code == 403
    assert client.get("/t/toy/replay").status_code == 403
    token = app.state.store.organiser_token
    org = {"X-Organiser-Token": token}
    r = client.post("/api/t/toy/hands", json={"open": True}, headers=org)
    assert r.status_code == 200
    st = client.get("/api/t/toy/watch").json()
    assert sorted(st["seats"][0]["hand"]) == ["3", "3", "4"]
    rows = client.get("/api/organiser", headers=org).json()["tables"]
    assert rows[0]["secret"] == secret and rows[0]["record"].endswith("#k=" + secret)


def test_broadcast_delay(tmp_path: Path) -> None:
    (tmp_path / "toy.gjn").write_text(TOY, encoding="utf-8")
    app = create_app(tmp_path, delay=300, deck_check=False)
    client = TestClient(app)
    secret = app.state.store.secret("toy")
    assert post(client, "/api/t/toy/act", {"seq": 0, "gjn": "1:33 2:-"}, secret).status_code == 200
    late = client.get("/api/t/toy/watch").json()
    assert late["seq"] == 0  # five minutes late: nothing of the two actions shows
    assert late["moves"] == [] and late["seats"][0]["count"] == 3
    assert 2 not in late.values()
    table = app.state.store.table("toy")
    assert table.visible_seq(300, now=time.time() + 301) == 2
    rec = client.get("/api/t/toy/record", headers={"X-Table-Secret": secret}).json()
    assert rec["seq"] == 2  # the recorder is live


def test_sealed_record_replay_page_and_text(toy: tuple[TestClient, str, Any]) -> None:
    client, secret, _ = toy
    r = post(
        client,
        "/api/t/toy/act",
        {"seq": 0, "gjn": "1:33 2:- 3:- 4:- 5:- 6:- 1:4 2:5 3:6 4:7 5:8"},
        secret,
    )
    assert r.status_code == 200 and r.json()["over"]
    seq = r.json()["seq"]
    r = post(client, "/api/t/toy/seal", {"seq": seq}, secret)
    assert r.status_code == 400 and "1 2 3 4 5 6" in r.json()["en"]  # nobody confirmed yet
    for seat in range(1, 7):
        r = post(client, "/api/t/toy/confirm", {"seq": seq, "seat": seat}, secret)
        assert r.status_code == 200 and r.json()["confirmed"] == list(range(1, seat + 1))
    r = post(client, "/api/t/toy/seal", {"seq": seq}, secret)
    assert r.status_code == 200 and r.json()["sealed"]
    sha = r.json()["sha256"]
    text = client.get("/t/toy.gjn").text
    assert hashlib.sha256(text.encode()).hexdigest() == sha
    assert '[Finish "1' in text
    page = client.get("/t/toy/replay")
    assert page.status_code == 200
    assert "&lt;script&gt;" in page.text or "\\u003cscript" in page.text
    assert "<script>alert(1)</script>" not in page.text
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    # the event page lists it sealed
    assert client.get("/api/tables").json()["tables"][0]["sealed"] is True


def test_sse_stream_sends_the_state(toy: tuple[TestClient, str, Any]) -> None:
    client, _, _ = toy
    with client.stream("GET", "/api/t/toy/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                assert '"table": "toy"' in line
                break


# ---------------------------------------------------------------------------- the command


def test_cli_serve_usage_errors_in_both_languages(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from gojinotation_analyzer.cli.main import main

    r = CliRunner().invoke(main, ["serve", str(tmp_path / "nope"), "--lang", "en"])
    assert r.exit_code == 2 and "no such folder" in r.output
    r = CliRunner().invoke(main, ["serve", str(tmp_path), "--delay", "soon", "--lang", "zh"])
    assert r.exit_code == 2 and "无效" in r.output
    r = CliRunner().invoke(main, ["--help"])
    assert "serve" in r.output


def test_one_server_per_event_folder(tmp_path: Path) -> None:
    from gojinotation_analyzer.serve.store import ServeError

    (tmp_path / "toy.gjn").write_text(TOY, encoding="utf-8")
    port = free_port()
    proc = start_server(tmp_path, port)
    try:
        with pytest.raises(ServeError, match="another gouji serve"):
            create_app(tmp_path, deck_check=False)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_change_beside_the_server_is_never_written_over(tmp_path: Path) -> None:
    (tmp_path / "t.gjn").write_text(TOY, encoding="utf-8")
    table = Store(tmp_path, deck_check=False).table("t")
    table.add(0, "1:33")
    path = tmp_path / "t.gjn"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + " 2:-\n", encoding="utf-8")
    with pytest.raises(Conflict) as info:
        table.add(1, "2:-")  # the recorder's page still shows one action
    assert info.value.current == 2
    assert path.read_text(encoding="utf-8").endswith("1:33 2:-\n")
    table.add(2, "3:-")
    assert path.read_text(encoding="utf-8").endswith("1:33 2:- 3:-\n")
