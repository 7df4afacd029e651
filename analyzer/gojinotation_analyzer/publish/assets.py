"""The replay pages' assets and helpers: the Jinja environment and its filters (cards as
chips), the inline CSS, script and sprite (compacted once), the Content-Security-Policy
of a page, and the small helpers the page templates call.

Part of :mod:`publish.render` (which re-exports the public names); :mod:`publish.page`
writes a page with them one deal at a time.

>>> str(chips("KKK"))
'<i>K×3</i>'
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup, escape

from gojinotation_analyzer import i18n as messages
from gojinotation_analyzer.publish.step_lines import move_lines
from gojinotation_analyzer.publish.view import MatchView, StepView, i18n, split_cards

__all__ = ["LANGS", "chips", "environment", "hand_chips", "place_name"]

#: The page languages.
LANGS: tuple[str, ...] = ("zh", "en")

_HTML_LANG = {"zh": "zh-CN", "en": "en"}


@cache
def environment() -> jinja2.Environment:
    """The Jinja environment: templates from the package, autoescaped, strict."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gojinotation_analyzer.publish", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        auto_reload=False,  # the package's templates do not change while it runs
    )
    env.filters["chips"] = chips
    env.filters["hand_chips"] = hand_chips
    env.globals["place_name"] = place_name
    env.globals["move_lines"] = move_lines
    env.globals["badge_html"] = badge_html
    env.globals["i18n_html"] = i18n_html
    env.globals["both_html"] = both_html
    return env


def _asset(name: str) -> str:
    env = environment()
    assert env.loader is not None
    source, _, _ = env.loader.get_source(env, name)
    return source


def _compact(text: str) -> str:
    """Drop indentation, blank lines and whole-line ``/* */`` comments (CSS and JS)."""
    out: list[str] = []
    in_comment = False
    for line in text.splitlines():
        s = line.strip()
        if in_comment:
            in_comment = "*/" not in s
            continue
        if s.startswith("/*"):
            in_comment = "*/" not in s
            continue
        if s:
            out.append(s)
    return "\n".join(out)


def _squeeze_css(text: str) -> str:
    """Drop the spaces of compacted CSS around ``{ } ; , >`` and after a property's colon,
    and the last ``;`` of a block (no string in our CSS holds those characters).

    >>> _squeeze_css("a > b, c { color: red; margin: 0 ; }")
    'a>b,c{color:red;margin:0}'
    """
    text = re.sub(r"\s*([{};,>])\s*", r"\1", text)
    text = re.sub(r"(?<=[a-z-]):\s+", ":", text)
    return text.replace(";}", "}")


def _word(c: str) -> bool:
    return c.isalnum() or c in "_$\\" or ord(c) > 127


def _squeeze_js(text: str) -> str:
    """Drop the spaces of compacted script that no token needs: a space stays only
    between two word characters (``var x``, ``else if``) or two ``+``/``-`` signs.
    Strings and regular expression literals are copied as they are; lines stay lines.

    >>> _squeeze_js("var a = 'x = y' + b;\\nif (a === /[ '\\"]/g) { f(a, - -b); }")
    'var a=\\'x = y\\'+b;\\nif(a===/[ \\'"]/g){f(a,- -b);}'
    """
    out: list[str] = []
    prev = ""  # the last character that is not a space
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "'\"":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            prev, i = c, j + 1
            continue
        if c == "/" and (prev == "" or prev in "(,=:[!&|?{};+\n"):
            j, in_class = i + 1, False
            while j < n and (in_class or text[j] != "/"):
                if text[j] == "\\":
                    j += 1
                elif text[j] == "[":
                    in_class = True
                elif text[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < n and text[j].isalpha():
                j += 1
            out.append(text[i:j])
            prev, i = "/", j
            continue
        if c == " ":
            nxt = text[i + 1] if i + 1 < n else ""
            if prev and nxt and ((_word(prev) and _word(nxt)) or (prev in "+-" and nxt in "+-")):
                out.append(" ")
            i += 1
            continue
        out.append(c)
        prev = c
        i += 1
    return "".join(out)


_LIVE_BLOCK = re.compile(
    r"^ */\* ---- live: begin .*?^ */\* ---- live: end ---- \*/\n", re.M | re.S
)


def _without_live(js: str) -> str:
    """The script without its live block (the ``gjn-live`` listener): a page that follows
    no live record (every page ``gouji render`` writes) does not carry it.

    >>> js = "a;\\n  /* ---- live: begin x ---- */\\nb;\\n  /* ---- live: end ---- */\\nc;\\n"
    >>> _without_live(js)
    'a;\\nc;\\n'
    """
    return _LIVE_BLOCK.sub("", js)


@cache
def _live_js() -> str:
    """The script with its live block, squeezed once, for ``gouji serve``'s pages only."""
    return _squeeze_js(_compact(_asset("replay.js")))


@cache
def _assets() -> dict[str, str]:
    """The inline CSS, script and sprite, compacted once (the script also squeezed)."""
    return {
        "css": _squeeze_css(_compact(_asset("replay.css"))),
        "js": _squeeze_js(_compact(_without_live(_asset("replay.js")))),
        "index_js": _squeeze_js(_compact(_asset("index.js"))),
        "svg": _asset("cards.svg").strip(),
    }


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _csp(styles: Sequence[str], scripts: Sequence[str], *, connect: bool = False) -> str:
    """default-src 'none'; inline blocks allowed by hash; images only from data:;
    with ``connect``, requests to the page's own origin (a live page's event stream)."""
    style = " ".join(_sha256(s) for s in styles)
    script = " ".join(_sha256(s) for s in scripts) or "'none'"
    return (
        f"default-src 'none'; style-src {style}; script-src {script}; img-src data:; "
        + ("connect-src 'self'; " if connect else "")
        + "base-uri 'none'; form-action 'none'"
    )


# ------------------------------------------------------------------------ cards


_SUIT_SYMBOL = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
_RANK_LABEL = {"T": "10", "?": "?"}


def _label(card: str, lang: str = "zh") -> str:
    if card[0] in "XD":  # the jokers' names: ``card.rank.X`` / ``card.rank.D`` in the catalogue
        return messages.t(f"card.rank.{card[0]}", lang)
    return _RANK_LABEL.get(card[0], card[0])


def chips(cards: str, lang: str = "zh") -> Markup:
    """A card string as compact chips, one per rank: ``K×3``, ``大王``; suits, when the
    record gives them, follow as symbols (hearts and diamonds in ``<s>``, drawn red): a
    dealt hand of 36 suited cards stays small.

    >>> str(chips("DTTTTT"))
    '<i class="jD">大王</i><i>10×5</i>'
    >>> str(chips("AsAhA", "en"))
    '<i>A×3<u>♠<s>♥</s></u></i>'
    >>> str(chips("AsAhAcAd"))
    '<i>A<u>♠♣<s>♥♦</s></u></i>'
    """
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    for card in split_cards(cards):
        groups.setdefault(card[0], []).append(card)
    for rank, group in groups.items():
        cls = {"X": ' class="jX"', "D": ' class="jD"', "?": ' class="u"'}.get(rank, "")
        suits = sorted((c[1] for c in group if len(c) == 2), key="schd".index)
        # ``×n`` unless every card of the group shows its suit (the symbols count them)
        times = f"×{len(group)}" if len(group) > 1 and len(suits) < len(group) else ""
        mark = ""
        if suits:  # the symbols (read by name by screen readers): ♠♣ then ♥♦ in one <s>
            black = "".join(_SUIT_SYMBOL[x] for x in suits if x in "sc")
            red = "".join(_SUIT_SYMBOL[x] for x in suits if x in "hd")
            mark = f"<u>{black}{f'<s>{red}</s>' if red else ''}</u>"
        out.append(f"<i{cls}>{_label(rank, lang)}{times}{mark}</i>")
    return Markup("".join(out))


def _e(value: Any) -> str:
    """``value`` as ``{{ value }}`` writes it (autoescaped)."""
    return str(escape(value))


def badge_html(seat: Any, team: Any) -> Markup:
    """A seat's badge in its team's colour: the one place its markup lives (the
    templates' ``badge`` macro and :mod:`.section` both call it).

    >>> print(badge_html(3, "<A>"))
    <b class="sb t&lt;A&gt;">3</b>
    """
    return Markup(f'<b class="sb t{_e(team)}">{_e(seat)}</b>')


def i18n_html(key: str, t: Callable[..., str], v: Any = None) -> Markup:
    """A text of the page's catalogue ``t`` that the page's script can switch (the
    ``i18n`` macro).

    >>> print(i18n_html("deal", lambda k, **kw: f"Deal {kw.get('d', '')}", 2))
    <span data-i18n="deal" data-v="2">Deal 2</span>
    """
    if v is None:
        return Markup(f'<span data-i18n="{_e(key)}">{_e(t(key))}</span>')
    return Markup(
        f'<span data-i18n="{_e(key)}" data-v="{_e(v)}">{_e(t(key, d=v, r=v, s=v, n=v))}</span>'
    )


def both_html(en: Any, zh: Any, lang: str, tag: str = "span", cls: str = "") -> Markup:
    """A text in the page's language, the other kept for the language switch (the
    ``both`` macro).

    >>> print(both_html("pass", "过", "zh", cls="tx"))
    <span class="tx" data-en="pass" data-zh="过">过</span>
    """
    klass = f' class="{_e(cls)}"' if cls else ""
    shown = zh if lang == "zh" else en
    return Markup(
        f'<{_e(tag)}{klass} data-en="{_e(en)}" data-zh="{_e(zh)}">{_e(shown)}</{_e(tag)}>'
    )


def hand_chips(cards: str | None, lang: str = "zh") -> Markup:
    """A hand as chips grouped by rank (without suits: a dealt hand's suits decide only
    上班, and 36 suited cards a hand would cost a 6-deal page some 10 KB; the record
    offered for download keeps them), or ``?`` when unknown.

    >>> str(hand_chips("AsAhK"))
    '<i>A×2</i><i>K</i>'
    """
    if cards is None:
        return Markup('<i class="u">?</i>')
    return chips("".join(c[0] for c in split_cards(cards)), lang)


def place_name(place: int, lang: str) -> str:
    """``头科`` / ``1st``."""
    return i18n()[lang].get(f"place_{place}", str(place))


# ------------------------------------------------------------------------ pages


def _ui(lang: str) -> Callable[..., str]:
    cat = i18n()[lang]

    def t(key: str, **kw: Any) -> str:
        text = cat.get(key, key)
        return text.format(**kw) if kw else text

    return t


def _rounds(steps: Sequence[StepView]) -> list[tuple[int, list[StepView]]]:
    out: list[tuple[int, list[StepView]]] = []
    for s in steps:
        if not out or "round" in s.markers or s.round != out[-1][0]:
            out.append((s.round, [s]))
        else:
            out[-1][1].append(s)
    return out


def _teams_of(view: MatchView) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {"A": [], "B": []}
    for p in view.players:
        out.setdefault(p.team, []).append(p)
    return out
