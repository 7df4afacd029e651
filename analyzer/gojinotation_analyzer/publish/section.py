"""One deal's section of the replay page, written in pieces (issues #15 and #16).

What the template ``match_deal.html.j2`` drew until issue #16, in plain Python: a record
of 7,200 tiny deals spent most of its page time in Jinja's per-deal machinery (some 300
template pieces, 260 escapes and a dozen macro calls a deal).  Each play is still drawn
by the template macro ``move`` of ``templates/_macros.html.j2`` (the one place a play's
markup lives, shared with the page's head and end); everything else of the section is
here, escaped as Jinja escaped it, so that the page is the same byte for byte.  A long
deal's section is never one string: :func:`deal_section` yields it a round at a time.

>>> import gojinotation as gj
>>> from gojinotation_analyzer.publish.assets import _ui, environment
>>> from gojinotation_analyzer.publish.view import view_from_record
>>> d = view_from_record(gj.loads('[Seat1 "<甲>"]\\n[Leader "1"]\\nhand 1: K\\n1. 1:K')).deals[0]
>>> move = environment().get_template("_macros.html.j2").module.move
>>> html = "".join(deal_section(d, "en", _ui("en"), "A", "B", move))
>>> html.splitlines()[1][-82:]
'<span data-i18n="leader">Lead</span> <b class="sb tA">1</b> &lt;甲&gt;</small></h2>'
>>> html.endswith("</noscript>\\n</section>")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gojinotation_analyzer.publish.assets import _e, _rounds, hand_chips, place_name
from gojinotation_analyzer.publish.assets import badge_html as _badge
from gojinotation_analyzer.publish.assets import both_html as _both
from gojinotation_analyzer.publish.assets import i18n_html as _tr
from gojinotation_analyzer.publish.step_lines import move_lines
from gojinotation_analyzer.publish.story import alternative_groups
from gojinotation_analyzer.publish.view import DealView, i18n

__all__ = ["deal_section"]

_SEATS = ("1", "2", "3", "4", "5", "6")

#: Tags the section's tag list leaves out (the head, the hands and the result show them).
_HIDDEN_TAGS = frozenset(
    ("Event", "Site", "Date", "Round", "Table", "TeamA", "TeamB", "Finish", "Score", "Deal",
     "Leader")
)  # fmt: skip

_HANDS_HEAD = (
    '<thead><tr><th scope="col" data-i18n="seat">{seat}</th><th scope="col" '
    'data-i18n="player">{player}</th><th scope="col" class="num">#</th><th scope="col" '
    'data-i18n="hand">{hand}</th></tr></thead>\n'
)


#: The most steps of a round written as one piece of the section.
_ROUND_PIECE = 256


def deal_section(
    d: DealView,
    lang: str,
    t: Callable[..., str],
    team_a: str,
    team_b: str,
    move: Callable[..., Any],
) -> Iterator[str]:
    """The section of deal ``d`` in pieces (a piece a part, a round of plays a piece):
    ``t`` the page's catalogue (:func:`~publish.assets._ui`), ``team_a``/``team_b`` the
    teams' names, ``move`` the template macro that draws a play."""
    i = d.index
    head = [
        f'<section class="deal" id="d{i}" aria-labelledby="d{i}h" data-deal="{i}">\n'
        f'<h2 id="d{i}h">{_tr("deal", t, d.number)}'
    ]
    lead = d.tag("Leader")
    if lead in _SEATS:
        p = d.players[int(lead) - 1]
        head.append(f" <small>{_tr('leader', t)} {_badge(int(lead), p.team)} {_e(p.name)}</small>")
    head.append('</h2>\n<noscript class="dbody">\n')
    if d.raw is not None:
        head.append(
            f'<p class="warn" data-i18n="broken_deal">{_e(t("broken_deal"))}</p>\n'
            f'<pre class="raw">{_e(d.raw)}</pre>\n'
        )
        yield "".join(head)
    else:
        yield "".join(head)
        yield from _body(d, lang, t, team_a, team_b, move)
    if d.alternatives:
        yield _alternatives(d, lang, t)
    if d.diagnostics:
        yield _diagnostics(d, lang, t)
    yield "</noscript>\n</section>"


def _body(
    d: DealView,
    lang: str,
    t: Callable[..., str],
    team_a: str,
    team_b: str,
    move: Callable[..., Any],
) -> Iterator[str]:
    """A readable deal: its notice, tags, comments, hands, plays by round and result."""
    i = d.index
    out: list[str] = []
    if d.notice_en:
        out.append(_both(d.notice_en, d.notice_zh, lang, tag="p", cls="warn") + "\n")
    out.append('<div class="dhead">\n<dl class="tags">\n')
    known = i18n()[lang]
    for k, v in d.tags:
        if k in _HIDDEN_TAGS or k.startswith("Seat"):
            continue
        key = "tag_" + k
        dt = f'<dt data-i18n="{_e(key)}">{_e(t(key))}</dt>' if key in known else f"<dt>{_e(k)}</dt>"
        out.append(f"<div>{dt}<dd>{_e(v)}</dd></div>\n")
    out.append("</dl>\n</div>\n")
    for c in d.intro:
        out.append(f'<p class="cm" role="note">{_e(c)}</p>\n')
    out.append(
        f'<table class="hands">\n<caption data-i18n="hands">{_e(t("hands"))}</caption>\n'
        + _HANDS_HEAD.format(seat=_e(t("seat")), player=_e(t("player")), hand=_e(t("hand")))
        + "<tbody>\n"
    )
    sizes = d.start.hand_sizes
    for seat, p in enumerate(d.players):
        n = sizes[seat] if sizes[seat] is not None else "?"
        out.append(
            f'<tr class="t{_e(p.team)}"><th scope="row">{_badge(p.seat, p.team)}</th>'
            f'<td class="nm">{_e(p.name)}</td><td class="num">{_e(n)}</td>'
            f'<td class="cards">{hand_chips(d.hands[seat], lang)}</td></tr>\n'
        )
    out.append(
        f'</tbody>\n</table>\n<h3 data-i18n="moves">{_e(t("moves"))}</h3>\n<ol class="rounds">\n'
    )
    yield "".join(out)
    pid = f"d{i}.s"
    for r, steps in _rounds(d.steps):
        start = f'<li class="rd"><span class="rn">{_e(r if r else "·")}</span><ol class="mv">'
        if len(steps) <= _ROUND_PIECE:
            yield "".join([start, *move_lines(steps, pid, d, lang, t, move), "</ol></li>\n"])
        else:  # a long round (a deal of 175,000 passes is one) a piece of steps at a time
            yield start
            yield from move_lines(steps, pid, d, lang, t, move)
            yield "</ol></li>\n"
    out = ["</ol>\n"]
    if d.finish or d.team_points:
        out.append(
            f'<div class="result" id="d{i}.end" data-spoil="{i}">\n'
            f'<h3 data-i18n="result">{_e(t("result"))}</h3>\n'
        )
        if d.team_points:
            pts = dict(d.team_points)
            out.append(
                '<p class="dscore"><span class="tA"><span class="tmark tA" aria-hidden="true">'
                f'</span>{_e(team_a)} <b>{_e(pts.get("A", 0))}</b></span> : <span class="tB">'
                f'<b>{_e(pts.get("B", 0))}</b> {_e(team_b)}<span class="tmark tB" '
                'aria-hidden="true"></span></span></p>\n'
            )
        if d.finish:
            out.append('<ol class="finish">\n')
            for place, s in enumerate(d.finish, 1):
                p = d.players[s - 1]
                out.append(
                    f'<li><em data-i18n="place_{place}">{_e(place_name(place, lang))}</em> '
                    f'{_badge(s, p.team)} <span class="nm">{_e(p.name)}</span></li>\n'
                )
            out.append("</ol>\n")
        out.append("</div>\n")
    yield "".join(out)


def _alternatives(d: DealView, lang: str, t: Callable[..., str]) -> str:
    """How each rule profile rules the deal (:func:`~publish.story.alternative_groups`)."""
    i = d.index
    out = [
        f'<details class="alts" id="d{i}.rules">\n'
        f'<summary data-i18n="alt_title">{_e(t("alt_title"))}</summary>\n'
        f'<p class="hint" data-i18n="alt_hint">{_e(t("alt_hint"))}</p>\n'
        '<ul class="altlist">\n'
    ]
    for g in alternative_groups(d):
        labels = " · ".join(_e(x) for x in g["l"])
        if g["f"]:
            fin = "".join(_badge(s, d.players[s - 1].team) for s in g["f"])
            out.append(f'<li><b>{labels}</b>: <span class="fin">{fin}</span>')
        else:
            out.append(
                f'<li><b>{labels}</b>: <span data-i18n="alt_unfinished">'
                f"{_e(t('alt_unfinished'))}</span>"
            )
        if g["s"]:
            out.append(
                f' <span class="mini"><b class="tA">{_e(g["s"][0])}</b>:'
                f'<b class="tB">{_e(g["s"][1])}</b></span>'
            )
        out.append(
            f' <small><span data-i18n="alt_counts" data-v="{_e(g["e"])}">'
            f"{_e(t('alt_counts', n=g['e']))}</span>, {_e(g['d'])}</small>\n"
        )
        rulings = g["r"]
        if rulings:
            out.append("<ul>")
            for step, r in rulings.items():
                why = (
                    _both(r[1], r[2], lang)
                    if r[1]
                    else f'<span data-i18n="alt_legal">{_e(t("alt_legal"))}</span>'
                )
                out.append(
                    f'<li><a href="#d{i}.s{_e(step)}">{_tr("step", t, step)}</a> '
                    f"<code>{_e(r[0])}</code> {why}</li>"
                )
            more = g["n"] - len(rulings)
            if more > 0:
                out.append(
                    f'<li data-i18n="alt_more" data-v="{_e(more)}">{_e(t("alt_more", n=more))}</li>'
                )
            out.append("</ul>")
        out.append("</li>\n")
    out.append("</ul>\n</details>\n")
    return "".join(out)


def _diagnostics(d: DealView, lang: str, t: Callable[..., str]) -> str:
    """The validator's findings of the deal, each at its play or its line and column."""
    i = d.index
    out = [f'<div class="diags">\n<h3 data-i18n="diagnostics">{_e(t("diagnostics"))}</h3>\n<ul>\n']
    for g in d.diagnostics:
        sev = _e(g.severity)
        rule = f" <code>{_e(g.rule)}</code>" if g.rule else ""
        if g.step:
            where = f' <a href="#d{i}.s{_e(g.step)}">{_tr("step", t, g.step)}</a>'
        elif g.line:
            where = f' <span class="pos">{_e(g.line)}:{_e(g.column)}</span>'
        else:
            where = ""
        out.append(
            f'<li class="sev-{sev}"><span class="sev" data-i18n="sev_{sev}">'
            f"{_e(t('sev_' + str(g.severity)))}</span> <code>{_e(g.code)}</code>{rule} "
            f"{_both(g.en, g.zh, lang)}{where}</li>\n"
        )
    out.append("</ul>\n</div>\n")
    return "".join(out)
