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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_broken_deal_is_drawn_as_the_template_draws_it(lang: str) -> None:
    """The shortcut that draws a broken deal's section (issue #15: no template per broken
    deal) gives the template's bytes: escaped text, every finding, its rule and position;
    a broken deal it does not draw (a finding at a step, a leader) is left to the template."""
    import attrs

    from gojinotation.reader import iter_deals
    from gojinotation_analyzer.publish.page import PageWriter
    from gojinotation_analyzer.publish.view import DiagnosticView, engine_deal, i18n

    deals = list(iter_deals('[Event "x"]\n1. 1:KK <b>&"\n\n[\n\n[Deal "7&"]\n1. 1:'))
    views = [engine_deal(i, d, {})[0] for i, d in enumerate(deals, 1)]
    broken = [v for v in views if v.raw is not None]
    assert broken, "the record has broken deals"
    odd = DiagnosticView("warning", "GJV9", 'a <"en">', "中<文>", rule="R&1", line=0)
    variants = [
        *broken,
        *(attrs.evolve(v, diagnostics=(*v.diagnostics, odd)) for v in broken),
        attrs.evolve(broken[0], diagnostics=(), number="<9>"),
    ]
    w = PageWriter(lang)
    try:
        for v in variants:
            expected = w._deal_tpl.render(
                d=v, lang=lang, t=w._t, i18n=i18n(), team_a="A", team_b="B"
            )
            assert w._broken(v) == expected
        at_step = attrs.evolve(broken[0], diagnostics=(attrs.evolve(odd, step=1),))
        led = attrs.evolve(broken[0], tags=(("Leader", "1"),))
        assert w._broken(at_step) is None and w._broken(led) is None
    finally:
        w.close()
