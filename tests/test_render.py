"""The HTML replay renderer: escaping, self-containment, completeness without script,
both languages, size and speed.  The browser behaviour is in ``test_browser.py``."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest

import gojinotation as gj
from gojinotation_analyzer.publish import render, view
from gojinotation_analyzer.publish.render import payload, render_files, render_index, render_match
from gojinotation_analyzer.publish.view import (
    MatchView,
    StepView,
    to_json,
    view_from_frames,
    view_from_record,
)

FIXTURES = Path(__file__).parent / "fixtures" / "render"
FINAL = FIXTURES / "final.gjn"
KINDS = FIXTURES / "kinds.gjn"
BROKEN = FIXTURES / "broken.gjn"
HOSTILE = "<script>window.__gjnPwned"


def _view(path: Path) -> MatchView:
    return view_from_record(gj.read(path.read_bytes(), filename=str(path)).match)


@pytest.fixture(scope="module")
def final_view() -> MatchView:
    return _view(FINAL)


@pytest.fixture(scope="module")
def final_html(final_view: MatchView) -> str:
    return render_match(final_view, "zh", source=FINAL.read_bytes(), source_name="final.gjn")


class _Collect(HTMLParser):
    """Ids, text and tags of a page, as a browser without script sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: dict[str, list[str]] = {}
        self.stack: list[str | None] = []
        self.tags: Counter[str] = Counter()
        self.attrs: list[tuple[str, str, str | None]] = []
        self.script_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        for k, v in attrs:
            self.attrs.append((tag, k, v))
        ident = dict(attrs).get("id")
        if tag in ("br", "meta", "input", "use", "link", "img", "path", "rect", "stop", "circle"):
            return
        self.stack.append(ident)
        if ident:
            self.ids.setdefault(ident, [])
        if tag in ("script", "style"):
            self.script_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "meta", "input", "use", "link", "img", "path", "rect", "stop", "circle"):
            return
        if tag in ("script", "style"):
            self.script_depth -= 1
        if self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.script_depth:
            return
        for ident in self.stack:
            if ident:
                self.ids[ident].append(data)


def _parse(html: str) -> _Collect:
    p = _Collect()
    p.feed(html)
    return p


def _all_steps(steps: tuple[StepView, ...], prefix: str) -> list[tuple[str, StepView]]:
    out: list[tuple[str, StepView]] = []
    for s in steps:
        pid = f"{prefix}{s.index}"
        out.append((pid, s))
        for k, var in enumerate(s.variations, 1):
            out += _all_steps(var, f"{pid}x{k}m")
    return out


# ---------------------------------------------------------------- the view model


def test_record_view_lists_the_actions_as_written_with_no_table_state() -> None:
    # without the engine nothing is known about the table after an action: the view
    # shows the record as written (hands as dealt before the first action) and says so
    v = _view(KINDS)
    d = v.deals[0]
    assert not v.validated and not d.replayed
    assert d.notice_en.startswith("this deal could not be replayed: ")
    assert d.notice_en.endswith("; shown as written") and d.notice_zh.startswith("本局无法复盘：")
    assert [p.name for p in d.players][:3] == ["Ann", "Bo", 'Cy "the cat"']
    assert d.hands[1] is None and d.start.hand_sizes[2] == 9
    assert d.hands[0] == d.start.hands[0] == "DX22AAAKK3h3h" and d.start.to_act is None
    assert d.intro == ("Before the deal: <b>bold?</b> no, text.",)
    assert all(s.table == view.UNKNOWN_TABLE for s in d.steps)
    tribute, ret, aaa = d.steps[:3]
    assert (tribute.kind, tribute.round, ret.kind) == ("tribute", 0, "return")
    assert aaa.clock == "0:12" and aaa.cards == "AAA"
    assert aaa.say_zh == "第1轮，1号Ann出三张A"
    burn = d.steps[6]
    assert burn.kind == "burn" and burn.glyphs == ("!!",)
    assert burn.comments_after == ("A burn & a comment",)
    assert {"comment", "glyph"} <= set(burn.markers)
    assert d.steps[9].kind == "close"
    assert d.steps[13].irregular and "irregular" in d.steps[13].markers
    buy, give = d.steps[18], d.steps[19]
    assert buy.say_en == "Round 3, seat 2 Bo buys a three from seat 4 Dee for a five"
    assert give.act_zh == "送一张3给5号Eve"
    assert d.finish == (1, 2, 3, 4, 5, 6)  # the Finish tag as written
    assert dict(d.team_points) == {"A": 4, "B": 2}  # the Score tag as written
    var = d.steps[23].variations[0]
    assert [s.gjn for s in var] == ["1:KK", "2:-"]
    assert var[0].table == view.UNKNOWN_TABLE
    assert var[0].comments_after == ("the quieter line",)
    assert {s.kind for s in d.steps} == set(view.STEP_KINDS)


BURNER = "QQQQKK999DX3"  # catalog EC-13: QQQQ, KK, 999, 3, 大王, 小王


def _failed_burn() -> gj.Match:
    # seat 2 burns seat 1's JJJJ with QQQQ, then leads 999 without a joker: R-BURN-3
    # (qingdao-standard: only the last set may go without a joker) makes it 烧糊
    hands = ["JJJJ399", BURNER, "635", "735", "835", "935"]
    lines = ['[Profile "qingdao-standard"]', '[Leader "1"]', '[Deal "3"]']
    lines += [f"hand {i}: {h}" for i, h in enumerate(hands, 1)]
    lines.append("1. 1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 1:- 2. 2:999")
    return gj.loads("\n".join(lines) + "\n")


def test_R_BURN_5_the_table_after_a_failed_burn_is_the_engine_s() -> None:
    # R-BURN-5: 烧糊 makes the burner 大落 and voids his remaining cards; the burned
    # player (seat 1, whose JJJJ was burned) leads next
    d = view.view_from_engine(_failed_burn()).deals[0]
    assert d.replayed and d.notice_en == ""
    failed = d.steps[-1]
    assert failed.gjn == "2:999" and "burn" in [e.kind for e in failed.events]
    t = failed.table
    assert t.hands[1] == "" and t.hand_sizes[1] == 0  # no cards left: DXKK3 are void
    assert t.places[1] == 6  # 大落
    assert t.to_act == 1
    # the record alone cannot know any of this: it shows no table, and says why
    r = view_from_record(_failed_burn()).deals[0]
    assert r.steps[-1].table == view.UNKNOWN_TABLE and not r.replayed


def test_a_deal_the_engine_cannot_replay_is_shown_as_written() -> None:
    text = '[Profile "no-such-rules"]\n[Deal "5"]\nhand 1: KK\nhand 4: AA\n1. 1:KK 4:AA\n'
    d = view.view_from_engine(gj.loads(text)).deals[0]
    assert not d.replayed and d.number == "5"
    assert [s.gjn for s in d.steps] == ["1:KK", "4:AA"]
    assert all(s.table == view.UNKNOWN_TABLE and not s.events for s in d.steps)
    assert d.start.hands[0] == "KK"  # the hands as dealt, at most
    assert "unknown rule profile 'no-such-rules'" in d.notice_en
    assert d.notice_en.endswith("; shown as written") and "未知的规则方案" in d.notice_zh
    html = render_match(view.view_from_engine(gj.loads(text)), "en")
    assert "this deal could not be replayed: unknown rule profile" in html


def test_view_is_plain_json(final_view: MatchView) -> None:
    data = json.loads(to_json(final_view))
    assert data["deals"][0]["start"]["hands"][0] is not None  # as dealt
    assert data["deals"][0]["steps"][0]["table"]["hands"][0] is None  # not replayed
    assert data["deals"][0]["replayed"] is False
    assert len(data["deals"]) == 6
    assert data["totals"][-1]["teams"] == [["A", 12], ["B", 0]]
    assert data["validated"] is False


def test_view_from_frames_hook_takes_the_engine_state_and_events() -> None:
    """Look-alike frames (the engine's shape: an initial frame, then one per action)."""
    match = gj.read(KINDS.read_bytes()).match

    @attrs.frozen
    class Event:
        kind: str
        en: str = ""
        zh: str = ""
        rule_id: str = ""

    @attrs.frozen
    class Round:
        number: int
        passed: tuple[int, ...] = ()

    @attrs.frozen
    class State:
        hands: dict[int, tuple[tuple[gj.Card, ...], int]]
        turn: int
        place_of: dict[int, int]
        current_round: Round

    @attrs.frozen
    class Frame:
        index: int
        action: Any
        state: State
        events: tuple[Any, ...] = ()

    kk = (gj.Card.parse("K"),) * 2
    state = State(dict.fromkeys(range(1, 7), (kk, 1)), 3, {1: 1, 6: 6}, Round(7, (2,)))
    actions = list(match.deals[0].actions())
    frames = [Frame(0, None, state)] + [
        Frame(
            i,
            a,
            state,
            (Event("GoujiPlayed", "Gouji battle", "够级"), Event("Played"))
            if i == 3
            else (Event("Violation", "not higher", "不够大", "R-SET-3"),)
            if i == 5
            else (),
        )
        for i, a in enumerate(actions, 1)
    ]
    v = view_from_frames(match, {1: frames})
    d = v.deals[0]
    assert v.validated and dict(v.diagnostics) == {"error": 1}
    assert d.start.hands == ("KK?",) * 6 and d.start.hand_sizes == (3,) * 6
    assert [e.kind for e in d.steps[2].events] == ["gouji"] and "gouji" in d.steps[2].markers
    assert d.steps[0].table.to_act == 3 and d.steps[0].table.places[0] == 1
    assert d.steps[0].table.passed == (2,) and d.steps[0].round == 7
    assert d.finish == (1, 6)
    assert (d.diagnostics[0].step, d.diagnostics[0].rule) == (5, "R-SET-3")
    # the validator's diagnostics, placed by source position, replace the derived ones
    diag = {
        "deal": 1,
        "severity": "error",
        "code": "GJV201",
        "rule_id": "R-SET-3",
        "en": "not higher",
        "zh": "不够大",
        "line": actions[4].span.line,
        "column": actions[4].span.column,
    }
    v2 = view_from_frames(match, {1: frames}, [diag])
    assert v2.deals[0].diagnostics[0].step == 5 and v2.deals[0].diagnostics[0].code == "GJV201"
    page = render_match(v2)
    assert 'class="ev ev-gouji"' in page and "GJV201" in page and 'href="#d1.s5"' in page


SAMPLE = Path(__file__).parent.parent / "samples" / "final-2026.gjn"


@pytest.mark.skipif(not SAMPLE.exists(), reason="the sample final is not in this checkout")
def test_the_engine_view_of_the_sample_final_renders() -> None:
    match = gj.read(SAMPLE.read_bytes()).match
    engine = view.view_from_engine(match)
    record = view_from_record(match)
    assert engine.validated and not record.validated
    for de, dr in zip(engine.deals, record.deals, strict=True):
        assert [s.gjn for s in de.steps] == [s.gjn for s in dr.steps]
        assert [s.round for s in de.steps] == [s.round for s in dr.steps]
        assert de.finish and de.team_points
    kinds = {e.kind for d in engine.deals for s in d.steps for e in s.events}
    assert {"gouji", "out", "jiefeng"} <= kinds
    html = render_match(engine, source=SAMPLE.read_bytes())
    assert 'class="ev ev-gouji"' in html and len(html.encode()) < 300_000


# --------------------------------------------------------------------- escaping


def test_hostile_names_and_comments_are_text(final_html: str) -> None:
    assert HOSTILE not in final_html
    assert "<img src=x" not in final_html
    assert "&lt;script&gt;window.__gjnPwned=true&lt;/script&gt;" in final_html
    assert "&lt;img src=x onerror=" in final_html
    parsed = _parse(final_html)
    assert parsed.tags["script"] == 2  # the data block and the replay script
    assert parsed.tags["img"] == 0
    assert not [a for a in parsed.attrs if a[1].startswith("on")]


def test_json_block_cannot_end_the_script(final_html: str) -> None:
    block = re.search(
        r'<script type="application/json" id="gjn-data">(.*?)</script>', final_html, re.S
    )
    assert block is not None
    text = block.group(1)
    assert "</" not in text and "<!--" not in text
    data = json.loads(text)
    assert any("<script>window.__gjnPwned" in n for n in data["deals"][0]["names"])


def _check_csp(page: str) -> None:
    """No outside request, and every inline style and script allowed by its hash."""
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert csp is not None
    policy = csp.group(1).replace("&#39;", "'")
    assert policy.startswith("default-src 'none';")
    assert "img-src data:" in policy and "base-uri 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    for tag in ("style", "script"):
        bodies = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        assert bodies, tag
        for body in bodies:
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy
        assert policy.count("'sha256-") >= len(bodies)
    assert ' style="' not in page  # inline style attributes would be blocked


def test_each_deal_body_is_held_in_a_noscript_no_record_text_can_close() -> None:
    """A deal's body is in a ``<noscript>`` (text while the script runs, which builds it
    when needed; HTML without script): record text can neither close it early nor open
    another, so the page keeps one per deal, around every play of that deal."""
    bad = "</noscript><noscript></NoScript ><img src=x>"
    text = f'[Seat1 "{bad}"]\nhand 1: KK\n1. 1:K {{{bad}}} 1:K\n\n[Deal "2"]\nhand 2: 3\n1. 2:3'
    page = render_match(view_from_record(gj.loads(text)), "en")
    assert page.lower().count("<noscript") == page.lower().count("</noscript") == 2
    bodies = re.findall(r'<noscript class="dbody">(.*?)</noscript>', page, re.S)
    assert len(bodies) == 2
    assert "id=d1.s1 " in bodies[0] and "id=d1.s2 " in bodies[0]
    assert "&lt;/noscript&gt;" in bodies[0]
    assert "id=d2.s1 " in bodies[1]


def test_csp_forbids_outside_requests_and_allows_only_our_inline_code(final_html: str) -> None:
    _check_csp(final_html)


def test_no_external_urls(final_html: str) -> None:
    page = re.sub(r'href="data:text/plain;charset=utf-8;base64,[A-Za-z0-9+/=]*"', "", final_html)
    assert "http:" not in page and "https:" not in page
    assert "//" not in page
    assert "@import" not in page
    assert set(re.findall(r"url\((.)", page)) <= {"#"}  # same-document paint servers only
    for tag, name, value in _parse(final_html).attrs:
        assert name not in ("src", "srcset", "action", "poster", "background", "xlink:href"), tag
        if name == "href":
            assert value is not None
            assert value.startswith(("#", "data:text/plain;")) or value == "index.html", value


def test_source_record_is_offered_byte_for_byte(final_html: str) -> None:
    m = re.search(
        r'href="data:text/plain;charset=utf-8;base64,([^"]+)" download="final.gjn"', final_html
    )
    assert m is not None
    assert base64.b64decode(m.group(1)) == FINAL.read_bytes()


# ------------------------------------------------------------------ completeness


def test_every_play_is_in_the_static_page(final_view: MatchView, final_html: str) -> None:
    parsed = _parse(final_html)
    total = 0
    for d in final_view.deals:
        assert f"d{d.index}" in parsed.ids and f"d{d.index}h" in parsed.ids
        for pid, s in _all_steps(d.steps, f"d{d.index}.s"):
            total += 1
            assert pid in parsed.ids, pid
            text = "".join(parsed.ids[pid])
            assert text.startswith(str(s.seat)) or s.comments_before, (pid, text)
            for c in s.comments_before + s.comments_after:
                assert c in text
            for g in s.glyphs:
                assert g in text
            if s.clock:
                assert s.clock in text
            if s.kind == "play":
                assert _chip_text(s.cards) in text, (pid, text)
    deals = gj.read(FINAL.read_bytes()).match.deals
    assert total == sum(len(list(d.actions())) for d in deals if isinstance(d, gj.Deal)) + 2
    assert all(isinstance(d, gj.Deal) for d in deals)
    for d in final_view.deals:  # finish order, scores, hands
        body = "".join(parsed.ids[f"d{d.index}"])
        assert all(p.name in body for p in d.players)
        assert "头科" in body and "大落" in body


def _chip_text(cards: str) -> str:
    out: list[str] = []
    for card, n in Counter(re.findall(r"[2-9TJQKA]|[XD?]", cards)).items():
        label = {"T": "10", "X": "小王", "D": "大王"}.get(card[0], card[0])
        out.append(label + (f"×{n}" if n > 1 else ""))
    return out[0]


def test_every_kind_renders_and_comments_are_notes() -> None:
    v = _view(KINDS)
    html = render_match(v, "en")
    parsed = _parse(html)
    for pid, _s in _all_steps(v.deals[0].steps, "d1.s"):
        assert pid in parsed.ids
    assert "buys a three from seat 4 Dee for a five" in html
    assert 'class="cm" role="note">A burn &amp; a comment</p>' in html
    assert "Before the deal: &lt;b&gt;bold?&lt;/b&gt; no, text." in html
    assert 'class="var"' in html and "the quieter line" in html
    assert "Kinds &amp; &lt;edge&gt; cases" in html


def test_a_broken_deal_still_renders() -> None:
    v = _view(BROKEN)
    assert v.deals[1].raw is not None and v.deals[1].diagnostics[0].code == "GJN110"
    html = render_match(v)
    assert "1:ZZZ" in html and "GJN110" in html and "id=d1.s1 " in html


# -------------------------------------------------------------------- languages


def test_both_languages(final_view: MatchView) -> None:
    zh = render_match(final_view, "zh")
    en = render_match(final_view, "en")
    assert '<html lang="zh-CN"' in zh and "第1局" in zh and "出牌记录" in zh
    assert '<html lang="en"' in en and "Deal 1" in en and ">Plays<" in en
    cat = view.i18n()
    assert set(cat["zh"]) == set(cat["en"])
    for page in (zh, en):
        for key in set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', page)):
            assert key in cat["zh"], key
    with pytest.raises(ValueError):
        render_match(final_view, "fr")


# ----------------------------------------------------------------- the payload


def _decode(deal: dict[str, Any]) -> list[dict[str, Any]]:
    """Replay the payload as replay.js does (applyDefault, then the delta)."""
    kinds = view.STEP_KINDS
    st = {
        "h": [
            None if h is None else re.findall(r"[2-9TJQKA][shcd]?|[XD?]", h)
            for h in deal["start"]["h"]
        ],
        "n": list(deal["start"]["n"]),
        "t": list(deal["start"]["t"]),
        "p": list(deal["start"]["p"]),
        "o": list(deal["start"]["o"]),
    }
    out = []
    steps = deal["steps"]
    for i, raw in enumerate(steps):
        seat, kind, cards, _act = raw[:4]
        extra = raw[4] if len(raw) > 4 else {}
        k = kinds[kind]
        j = seat - 1
        split = re.findall(r"[2-9TJQKA][shcd]?|[XD?]", cards)
        if k in ("play", "burn"):
            if st["h"][j] is not None:
                for c in split:
                    if c in st["h"][j]:
                        st["h"][j].remove(c)
                st["n"][j] = len(st["h"][j])
            elif st["n"][j] is not None:
                st["n"][j] = max(0, st["n"][j] - len(split))
            st["t"][j] = cards
            st["p"] = [x for x in st["p"] if x != seat]
        elif k == "pass" and seat not in st["p"]:
            st["p"] = sorted([*st["p"], seat])
        elif k == "close":
            st["t"], st["p"] = [""] * 6, []
        d = extra.get("d", {})
        for s, change in d.get("h", {}).items():
            j = int(s) - 1
            if change is None:
                st["h"][j] = None
                continue
            hand = list(st["h"][j] or [])
            for c in re.findall(r"[2-9TJQKA][shcd]?|[XD?]", change[0]):
                hand.remove(c)
            hand += re.findall(r"[2-9TJQKA][shcd]?|[XD?]", change[1])
            st["h"][j] = hand
            st["n"][j] = len(hand)
        for s, n in d.get("n", {}).items():
            st["n"][int(s) - 1] = n
        for s, c in d.get("t", {}).items():
            st["t"][int(s) - 1] = c
        if "p" in d:
            st["p"] = list(d["p"])
        for s, p in d.get("o", {}).items():
            st["o"][int(s) - 1] = p
        nxt = steps[i + 1][0] if i + 1 < len(steps) else None
        if deal.get("u"):  # not replayed: the record as written, no table after the start
            st = {"h": [None] * 6, "n": [None] * 6, "t": [""] * 6, "p": [], "o": [None] * 6}
            nxt = None
        out.append(
            {
                "h": [None if h is None else Counter(h) for h in st["h"]],
                "n": list(st["n"]),
                "t": list(st["t"]),
                "p": list(st["p"]),
                "o": list(st["o"]),
                "a": extra.get("t", nxt),
            }
        )
    return out


_PASSES = (
    '[Event "x"]\n[Profile "qingdao-standard"]\n[Leader "1"]\nhand 1: KK3\nhand 2: AA4\n'
    "hand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n1. 1:3 " + "2:- 3:- 4:- 5:- 6:- 1:- " * 100
)


@pytest.mark.parametrize("path", [FINAL, KINDS, None], ids=["final", "kinds", "passes"])
def test_payload_replays_to_the_view_tables(path: Path | None) -> None:
    """Also a long deal through the engine, whose repeated steps share one data item
    (issue #15): the items met again replay to the same tables as the first."""
    if path is None:
        v = view.view_from_engine(gj.loads(_PASSES))
        steps = payload(v)["deals"][0]["steps"]
        assert len(steps) == 601 and len({id(x) for x in steps}) < 60
    else:
        v = _view(path)
    data = payload(v)
    for d, dv in zip(data["deals"], v.deals, strict=True):
        for got, step in zip(_decode(d), dv.steps, strict=True):
            t = step.table
            want_h = [
                None if h is None else Counter(re.findall(r"[2-9TJQKA][shcd]?|[XD?]", h))
                for h in t.hands
            ]
            assert got["h"] == want_h, step.gjn
            sizes = [
                len(re.findall(r".[shcd]?", h)) if h is not None else n
                for h, n in zip(t.hands, t.hand_sizes, strict=True)
            ]
            assert [n for n, h in zip(got["n"], t.hands, strict=True) if h is None] == [
                n for n, h in zip(sizes, t.hands, strict=True) if h is None
            ]
            assert got["t"] == list(t.sets) and got["p"] == list(t.passed)
            assert got["o"] == list(t.places) and got["a"] == t.to_act
    assert data["acts"]["zh"][data["deals"][0]["steps"][0][3]] == v.deals[0].steps[0].act_zh


# ----------------------------------------------------------------- size and time


def test_six_deal_final_is_small(final_view: MatchView) -> None:
    raw = FINAL.read_bytes()
    v = view_from_record(gj.read(raw).match)
    html = render_match(v, "zh", source=raw, source_name="final.gjn")
    size = len(html.encode())
    assert len(v.deals) == 6 and sum(len(d.steps) for d in v.deals) > 1400
    assert size < 300_000, size  # (its speed is measured in benchmarks/bench_render.py)


def test_render_files_writes_pages_and_an_index(tmp_path: Path) -> None:
    out = render_files([FINAL, KINDS, BROKEN], tmp_path / "site", lang="en")
    assert [p.name for p in out] == ["final.html", "kinds.html", "broken.html", "index.html"]
    index = out[-1].read_text(encoding="utf-8")
    assert 'href="final.html"' in index and 'href="kinds.html#d1"' in index
    assert "海风队" in index and "12" in index
    # one small script (remembering the results switch), allowed by its hash
    assert index.count("<script>") == 1 and "localStorage" in index
    _check_csp(index)
    page = out[0].read_text(encoding="utf-8")
    assert 'href="index.html"' in page and '<html lang="en"' in page


def test_index_without_links() -> None:
    html = render_index([_view(KINDS)], "zh")
    assert "Reds" in html and "Blues" in html and "<a " not in html.split("<main", 1)[1]


def test_chips() -> None:
    assert str(render.chips("DXX2TTTTT3h3c")) == (
        '<i class="jD">大王</i><i class="jX">小王×2</i><i>2</i><i>10×5</i><i>3<u>♣<s>♥</s></u></i>'
    )


def test_pages_name_the_record_s_own_deal_number() -> None:
    # the file's only deal is the record's [Deal "3"]: the page says 第3局 / Deal 3
    v = view.view_from_engine(_failed_burn())
    d = v.deals[0]
    assert (d.index, d.number) == (1, "3")
    zh, en = render_match(v, "zh"), render_match(v, "en")
    assert '<h2 id="d1h"><span data-i18n="deal" data-v="3">第3局</span>' in zh
    assert '<span data-i18n="deal" data-v="3">Deal 3</span>' in en
    assert "第1局" not in zh
    assert payload(v)["deals"][0]["n"] == "3"
    index = render_index([v], "en", links=["x.html"])
    assert '<a class="dl-deal" href="x.html#d1" aria-label="Deal 3">3</a>' in index  # by position


def test_a_variation_is_replayed_by_the_engine_from_its_branch_point() -> None:
    # (1:5 2:6) is an alternative to 1:KK: it starts from the table before 1:KK, so seat 1
    # still holds KK after leading the 5, and seat 2 answers it with his only card
    text = (
        '[Profile "qingdao-standard"]\n[Leader "1"]\nhand 1: KK5\nhand 2: 6\nhand 3: 7\n'
        "hand 4: AA\nhand 5: 9\nhand 6: T\n1. 1:KK (1:5 2:6) 4:AA\n"
    )
    d = view.view_from_engine(gj.loads(text)).deals[0]
    main = d.steps[0]
    assert main.table.hands[0] == "5"
    five, six = main.variations[0]
    assert (five.table.hands[0], five.table.sets[0], five.table.to_act) == ("KK", "5", 2)
    assert (six.table.hands[1], six.table.sets[:2]) == ("", ("5", "6"))
    assert six.table.places[1] is not None  # seat 2 played his last card: he is out


# ------------------------------------------------------------- the story (issue 14)

SAMPLES = Path(__file__).parent.parent / "samples"


@pytest.fixture(scope="module")
def sample_view() -> MatchView:
    from gojinotation_analyzer.cli.render import build_view

    return build_view(gj.read((SAMPLES / "final-2026.gjn").read_bytes()).match)


def test_R_GOUJI_2_events_carry_their_seats_in_the_payload(sample_view: MatchView) -> None:
    data = payload(sample_view)
    step3 = data["deals"][0]["steps"][2]
    (event,) = step3[4]["e"]
    assert event[:3] == ["gouji", 1, 4] and data["src"][event[3]] == "GoujiPlayed"
    assert len(event) == 4  # explained by the page: the engine's sentence is not carried
    out = [
        e
        for s in data["deals"][0]["steps"]
        for e in (s[4].get("e", []) if len(s) > 4 else [])
        if data["src"][e[3]] == "WentOut"
    ]
    assert [e[2] for e in out] == [1, 2, 3, 4, 5, 6]  # the places, in order


def test_R_SCORE_1_end_card_breakdown_adds_up_to_the_team_points(
    sample_view: MatchView,
) -> None:
    from gojinotation_analyzer.publish.story import end_card

    for d in sample_view.deals:
        card = end_card(d)
        assert card["f"] == list(d.finish) and len(card["f"]) == 6
        sums: Counter[str] = Counter()
        for rule, _seat, team, points, en, zh in card["b"]:
            assert rule.startswith("R-SCORE-") and en and zh
            sums[team] += points
        assert dict(sums) == card["s"] == dict(d.team_points), d.index
    rules = {x.rule for x in sample_view.deals[4].breakdown}
    assert rules == {"R-SCORE-1", "R-SCORE-2"}  # deal 5: 串三户 doubles the places


def test_R_BIE3_2_the_shut_out_seat_keeps_its_cards_in_the_payload() -> None:
    from gojinotation_analyzer.cli.render import build_view

    v = build_view(gj.read((SAMPLES / "bie3.gjn").read_bytes()).match)
    d = v.deals[0]
    i = next(s.index for s in d.steps if any(e.source == "Men" for e in s.events))
    seat = next(e.seat for e in d.steps[i - 1].events if e.source == "Men")
    assert seat == 5
    states = _decode(payload(v)["deals"][0])
    held = states[i - 2]["h"][seat - 1]
    assert held and states[i - 1]["h"][seat - 1] == held  # not dropped from his hand
    assert set(held) == {"3"}
    assert states[-1]["h"][seat - 1] == held


def test_overview_tallies_moments_and_graph(sample_view: MatchView) -> None:
    from gojinotation_analyzer.publish.story import key_moments, score_graph, tallies

    rows = tallies(sample_view)
    gouji = sum(
        1 for d in sample_view.deals for s in d.steps for e in s.events if e.source == "GoujiPlayed"
    )
    assert sum(r.gouji for r in rows) == gouji
    assert all(r.gouji_won <= r.gouji for r in rows) and sum(r.gouji_won for r in rows) > 0
    assert sum(r.firsts for r in rows) == 6
    assert [r.points for r in rows] == list(sample_view.totals[-1].seats)
    moments = key_moments(sample_view)
    assert [m.href for m in moments[:3]] == ["#d5.end", "#d6.end", "#d3.end"]
    assert "24" in moments[0].en and "24" in moments[0].zh
    graph = str(score_graph(sample_view))
    assert graph.count("<polyline") == 2 and graph.count("<circle") == 6
    assert "<title" in graph and "&lt;title" not in graph


def test_results_are_marked_as_spoilers(sample_view: MatchView) -> None:
    html = render_match(sample_view, "en")
    for d in sample_view.deals:
        assert f'id="d{d.index}.end" data-spoil="{d.index}"' in html
        assert f'<span class="mini" data-spoil="{d.index}">' in html
    assert '<section id="overview"' in html and 'data-act="reveal"' in html
    assert len(html.encode()) < 300_000


def test_organiser_index_groups_rounds_and_ranks_teams_and_players() -> None:
    from gojinotation_analyzer.cli.render import build_view

    views = [
        build_view(gj.read((SAMPLES / n).read_bytes()).match)
        for n in ("final-2026.gjn", "burn.gjn", "bie3.gjn")
    ]
    html = render_index(views, "en", links=["a.html", "b.html", "c.html"])
    assert "<title>2026 青岛够级公开赛</title>" in html
    assert html.count('<section class="stagebox"') == 3  # one round a section
    teams = re.findall(r"<tr><td>(\d)</td><th scope=\"row\">([^<]+)</th>", html)
    assert [n for _, n in teams[:2]] == ["崂山石老人队", "青岛海风队"]
    assert 'class="reveal"' in html and html.count("<script>") == 1  # the switch's memory
    assert html.count('class="num spoil"') == 3


def test_disputed_deal_carries_other_profiles_rulings() -> None:
    from gojinotation_analyzer.cli.render import build_view
    from gojinotation_analyzer.publish.story import alternative_groups

    path = Path(__file__).parent / "fixtures" / "validate" / "disputed.gjn"
    match = gj.read(path.read_bytes()).match
    d = build_view(match).deals[0]
    assert d.alternatives[0].label.startswith("record: two-table-654321")
    groups = alternative_groups(d)
    assert 1 < len(groups) < len(d.alternatives)
    assert sum(len(g["l"]) for g in groups) == len(d.alternatives)
    assert build_view(match, profiles="none").deals[0].alternatives == ()
    html = render_match(build_view(match), "en")
    assert 'id="d1.rules"' in html and '"alt":' in html


def test_only_a_live_page_carries_the_live_listener() -> None:
    """The ``gjn-live`` block of replay.js goes only into ``gouji serve``'s spectator page
    (``render_match(live=...)``), each page's CSP hashing the script it carries."""
    from gojinotation_analyzer.publish.render import render_match

    match = gj.loads(SAMPLE.read_text(encoding="utf-8"))
    v = view.view_from_engine(match)
    plain = render_match(v)
    live = render_match(v, live="window.GJN_LIVE=null;")
    assert "gjn-live" not in plain and "gjn-live" in live
    assert len(live.encode()) > len(plain.encode())


@pytest.mark.parametrize(
    "path",
    [FINAL, KINDS, *sorted(Path(__file__).parent.parent.glob("samples/*.gjn"))],
    ids=lambda p: p.name,
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_move_lines_draw_every_step_as_the_move_macro_does(path: Path, lang: str) -> None:
    """A step's markup is drawn once per shape and filled with each step's id
    (``publish.step_lines``, issue #15): the list is the macro's, step by step."""
    from gojinotation_analyzer.publish.assets import _ui, environment
    from gojinotation_analyzer.publish.step_lines import move_lines

    match = gj.read(path.read_bytes(), filename=str(path)).match
    move = environment().get_template("_macros.html.j2").module.move  # type: ignore[attr-defined]
    t = _ui(lang)
    drawn = 0
    for d in view.view_from_engine(match).deals:
        prefix = f"d{d.index}.s"
        one_by_one = [str(move(s, f"{prefix}{s.index}", d, lang, t)) for s in d.steps]
        pieces = list(move_lines(d.steps, prefix, d, lang, t, move, batch=7))
        assert "".join(pieces) == "".join(one_by_one)
        assert len(pieces) == -(-len(d.steps) // 7)
        drawn += len(d.steps)
    assert drawn > 0
