"""``gouji render`` writes a page one deal at a time (issues #15 and #16).

The page of a streamed render is the page :func:`render_match` makes of the whole view,
byte for byte; its memory grows by a small, flat amount per deal (measured as the peak
resident size, VmHWM, of a bounded child process: ``tests/test_malformed.py``).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

import gojinotation as gj
from gojinotation_analyzer.cli.render import ValidatedDeals, build_view
from gojinotation_analyzer.publish.render import render_files, render_match
from gojinotation_analyzer.publish.view import RecordDeals, view_from_record
from tests.test_malformed import run_bounded

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
DISPUTED = ROOT / "tests" / "fixtures" / "validate" / "disputed.gjn"


@pytest.mark.parametrize("name", ["final-2026.gjn", "bie3.gjn", "burn.gjn"])
def test_streamed_page_is_the_page_of_the_whole_view(name: str, tmp_path: Path) -> None:
    """A record rendered deal by deal (the command line's builder) gives exactly the page
    of its whole view: the same sections, data, overview, standings and source."""
    path = SAMPLES / name
    raw = path.read_bytes()
    for build, whole in (
        (ValidatedDeals("all"), build_view),
        (RecordDeals(), view_from_record),
    ):
        page = render_files([path], tmp_path, lang="en", build=build, index=False)[0]
        expected = render_match(whole(gj.read(raw).match), "en", source=raw, source_name=path.name)
        assert page.read_text("utf-8") == expected


def test_streamed_page_keeps_the_comparison_and_the_source(tmp_path: Path) -> None:
    """A disputed deal's comparison under other profiles and the record offered for
    download (its base64 written in pieces) survive the streaming."""
    page = render_files([DISPUTED], tmp_path, lang="en", build=ValidatedDeals(), index=False)
    html = page[0].read_text("utf-8")
    assert 'id="d1.rules"' in html and '"alt":' in html
    href = re.search(r'href="data:text/plain;charset=utf-8;base64,([^"]+)"', html)
    assert href is not None
    assert base64.b64decode(href.group(1)) == DISPUTED.read_bytes()


def test_a_builder_without_deals_still_gets_the_whole_match(tmp_path: Path) -> None:
    """A plain function (``build=view_from_record``) is called once with the match; its
    page is the streamed builder's page."""
    path = SAMPLES / "final-2026.gjn"
    one = render_files([path], tmp_path / "a", build=view_from_record, index=False)[0]
    two = render_files([path], tmp_path / "b", build=RecordDeals(), index=False)[0]
    assert one.read_bytes() == two.read_bytes()


_RENDER_CHILD = r"""
import contextlib, os
from gojinotation_analyzer.cli.main import main
def render(path, out):
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), \
            contextlib.redirect_stderr(null):
        main(["--lang", "en", "render", "--jobs", "1", "--profiles", "none", path,
              "-o", out], standalone_mode=False)
render(SMALL, OUT)
base = peak_rss()
render(BIG, OUT)
print(peak_rss() - base)
"""


def _growth(small: Path, big: Path, out: Path) -> int:
    code = (
        _RENDER_CHILD.replace("SMALL", repr(str(small)))
        .replace("BIG", repr(str(big)))
        .replace("OUT", repr(str(out)))
    )
    return int(run_bounded(code, timeout=900).split()[-1])


def test_render_memory_is_flat_as_the_deals_grow(tmp_path: Path) -> None:
    """Rendering 120 deals needs little more memory than rendering 20: the page is
    written deal by deal, and of each deal only its summary is kept (number, finish,
    points).  The renderer that built the whole view first held ~740 KB a deal: ~74 MB
    more here; the limit allows 100 KB a deal."""
    from gojinotation_analyzer.simulation.simulate import simulate

    match = gj.model.Match(tuple(simulate("qingdao-standard", 7, 10, match=True)), 1)
    text = gj.dumps(match)
    small, big = tmp_path / "small.gjn", tmp_path / "big.gjn"
    small.write_text(text * 2, "utf-8")
    big.write_text(text * 12, "utf-8")
    growth = _growth(small, big, tmp_path / "out")
    assert growth < 100 * 1024 * 100, f"render grew by {growth / 1e6:.1f} MB for 100 more deals"


def test_render_of_many_broken_deals_is_flat(tmp_path: Path) -> None:
    """A file of 9,000 more lines holding only ``[`` (each a broken deal, drawn as
    written with its error) costs under 5 KB a line more (the renderer that read the
    whole file first took ~12 KB a line, 1.1 GB for 100,000 lines)."""
    small, big = tmp_path / "small.gjn", tmp_path / "big.gjn"
    small.write_text("[\n" * 1000, "utf-8")
    big.write_text("[\n" * 10000, "utf-8")
    growth = _growth(small, big, tmp_path / "out")
    assert growth < 9000 * 5 * 1024, f"render grew by {growth / 1e6:.1f} MB for 9,000 lines"


def test_a_validator_failure_still_renders_every_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rendering never fails because validation did: if the validator raises at a deal,
    that deal and the rest are drawn from the engine alone, the deals before keep their
    findings (the whole-view builder fell back to no findings at all)."""
    from gojinotation_analyzer.reports import validate

    real = validate.iter_validated

    def failing(deals, **kw):  # type: ignore[no-untyped-def]
        for n, item in enumerate(real(deals, **kw)):
            if n == 2:
                raise RuntimeError("validator bug")
            yield item

    monkeypatch.setattr(validate, "iter_validated", failing)
    path = SAMPLES / "final-2026.gjn"
    page = render_files([path], tmp_path, build=ValidatedDeals("none"), index=False)[0]
    html = page.read_text("utf-8")
    deals = len(gj.read(path.read_bytes()).match.deals)
    assert deals > 3
    assert html.count('<section class="deal"') == deals
    assert [f"d{i}" for i in range(1, deals + 1)] == re.findall(
        r'<section class="deal" id="(d\d+)"', html
    )


def test_a_broken_deal_section_escapes_everything() -> None:
    """A broken deal's section (``publish/section.py``, no template since issue #16) as the
    template drew it, byte for byte (these strings are the template's output): the text
    escaped, a finding at a step a link to it, one with a line its position, a leader."""
    import attrs

    from gojinotation.reader import iter_deals
    from gojinotation_analyzer.publish.assets import _ui, environment
    from gojinotation_analyzer.publish.section import deal_section
    from gojinotation_analyzer.publish.view import DiagnosticView, engine_deal

    deals = list(iter_deals('[Event "x"]\n1. 1:KK <b>&"\n\n[\n\n[Deal "7&"]\n1. 1:'))
    broken = [v for v in (engine_deal(i, d, {})[0] for i, d in enumerate(deals, 1)) if v.raw]
    assert broken, "the record has broken deals"
    odd = DiagnosticView("warning", "GJV9", 'a <"en">', "中<文>", rule="R&1", line=0)
    at_step = attrs.evolve(broken[0], diagnostics=(attrs.evolve(odd, step=1),))
    led = attrs.evolve(
        broken[0], tags=(("Leader", "1"),), diagnostics=(attrs.evolve(odd, line=3, column=4),)
    )
    move = environment().get_template("_macros.html.j2").module.move  # type: ignore[attr-defined]
    head = '<section class="deal" id="d1" aria-labelledby="d1h" data-deal="1">\n<h2 id="d1h">'
    deal = '<span data-i18n="deal" data-v="1">Deal 1</span>'
    body = (
        '</h2>\n<noscript class="dbody">\n<p class="warn" data-i18n="broken_deal">This deal '
        'could not be read; its text follows:</p>\n<pre class="raw">[Event &#34;x&#34;]\n1. '
        '1:KK &lt;b&gt;&amp;&#34;\n</pre>\n<div class="diags">\n<h3 data-i18n="diagnostics">'
        'Checks</h3>\n<ul>\n<li class="sev-warning"><span class="sev" data-i18n="sev_warning">'
        'warning</span> <code>GJV9</code> <code>R&amp;1</code> <span data-en="a &lt;&#34;en'
        '&#34;&gt;" data-zh="中&lt;文&gt;">a &lt;&#34;en&#34;&gt;</span> '
    )
    end = "</li>\n</ul>\n</div>\n</noscript>\n</section>"
    step = '<a href="#d1.s1"><span data-i18n="step" data-v="1">Play 1</span></a>'
    lead = ' <small><span data-i18n="leader">Lead</span> <b class="sb tA">1</b> </small>'
    assert "".join(deal_section(at_step, "en", _ui("en"), "A", "B", move)) == (
        head + deal + body + step + end
    )
    assert "".join(deal_section(led, "en", _ui("en"), "A", "B", move)) == (
        head + deal + lead + body + '<span class="pos">3:4</span>' + end
    )
    zh = "".join(deal_section(at_step, "zh", _ui("zh"), "A", "B", move))
    assert '<span data-en="a &lt;&#34;en&#34;&gt;" data-zh="中&lt;文&gt;">中&lt;文&gt;</span>' in zh


TINY = (
    '[Profile "qingdao-standard"]\n[Leader "1"]\nhand 1: KK3\nhand 2: AA4\nhand 3: 55\n'
    "hand 4: 66\nhand 5: 77\nhand 6: 88\n1. 1:3 2:{play} 3:- 4:- 5:- 6:- 1:- 2:close\n"
)


def test_the_validators_replay_handed_over_gives_the_same_view() -> None:
    """Issue #16: the page fills and replays a deal once, reading the validator's replay
    (``reports.handover.Replayed``); each deal's view is the view of the deal filled and
    replayed by the page itself: a terse record filled in (no slip: the validator's
    frames), a slip repaired (the validator's frames of the record as written up to its
    first illegal action, the rest replayed by the page), a clean record, an override."""
    from gojinotation.reader import iter_deals
    from gojinotation_analyzer.publish.view import engine_deal
    from gojinotation_analyzer.reports.handover import Replayed
    from gojinotation_analyzer.reports.validate import iter_validated

    texts = [(ROOT / "tests" / "terse" / p).read_text("utf-8") for p in sorted(
        x.name for x in (ROOT / "tests" / "terse").glob("*.gjn"))]  # fmt: skip
    texts += [(SAMPLES / n).read_text("utf-8") for n in ("final-2026.gjn", "bie3.gjn")]
    texts += [TINY.format(play="4"), TINY.format(play="?4"), TINY.format(play="4 3:5")]
    texts.append(TINY.format(play="4").replace("[Leader", '[Rules "time.limit_s=30"]\n[Leader'))
    kinds: set[str] = set()
    for text in texts:
        deals = list(enumerate(iter_deals(text), 1))
        replays: dict[int, Replayed] = {}
        names: dict[int, str] = {}
        for (i, found, _, _), (_, deal) in zip(
            iter_validated(deals, file="", replays=replays), deals, strict=True
        ):
            handed = replays.pop(i, None)
            if handed is not None:
                kinds.add("resumed" if handed.moves is None else "whole")
            got, _ = engine_deal(i, deal, names, found, replayed=handed)
            own, names = engine_deal(i, deal, names, found)
            assert got == own, (text[:60], i)
            assert got.replayed
    assert kinds == {"resumed", "whole"}
