"""``gouji new``: a record skeleton to fill in at the table.

Tags for the event, the six players, the profile and the first leader, then six hand
lines: unknown (``hand 1: -``, to be written over) or dealt from a seed (the hands of
``gouji simulate --seed N``'s first deal, with its first leader), and a comment saying
what the moves may leave out (docs/format.md §9.3).  In Chinese or English (``--lang``).

>>> from click.testing import CliRunner
>>> from gojinotation_analyzer.cli.main import main
>>> r = CliRunner().invoke(main, ["--lang", "en", "new", "--event", "Club night",
...     "--players", "A,B,C,D,E,F", "--leader", "3", "--date", "2026.05.01"])
>>> print(r.output)  # doctest: +ELLIPSIS
%GJN 1
<BLANKLINE>
{New record. Write the sets in order, each with its seat: 1:33 4:77 ...}
<BLANKLINE>
[Event "Club night"]
[Site ""]
[Date "2026.05.01"]
[Round ""]
[Table ""]
[Deal "1"]
[Seat1 "A"]
...
[Profile "qingdao-standard"]
[Leader "3"]
<BLANKLINE>
hand 1: -
...
hand 6: -
<BLANKLINE>
<BLANKLINE>
>>> r.exit_code
0
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import click

import gojinotation as gj
from gojinotation import model as gm
from gojinotation_analyzer.cli.common import EXIT_ERROR, EXIT_OK, _err, _error_line, _out, lang_of
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import t


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def skeleton(
    lang: str,
    *,
    event: str = "",
    players: tuple[str, ...] = (),
    profile: str = "qingdao-standard",
    leader: int | None = None,
    seed: int | None = None,
    date: str = "",
) -> str:
    """The text of a new record (see the module doc).

    >>> text = skeleton("zh", seed=3, date="2026.05.01")
    >>> deal = gj.loads(text).deals[0]
    >>> [len(h.cards) for h in deal.hands], deal.tag("Leader") in list("123456")
    ([36, 36, 36, 36, 36, 36], True)
    """
    hands: dict[int, str] = dict.fromkeys(gm.SEATS, "-")
    notes = [t("new.comment", lang)]
    if seed is not None:
        from gojinotation_analyzer.simulation.simulate import simulate

        dealt = next(iter(simulate(profile, seed, 1)))
        for h in dealt.hands:
            if isinstance(h, gm.Hand) and h.cards is not None:
                hands[h.seat] = gj.cards.format_hand(h.cards)
        first = dealt.tag("Leader")
        if leader is None and first and first.isdigit():
            leader = int(first)
        notes.append(t("new.hands_seed", lang, seed=seed, profile=profile, leader=first))
    lines = ["%GJN 1", ""]
    lines += [f"{{{n}}}" for n in notes]
    lines.append("")
    tags = [
        ("Event", event),
        ("Site", ""),
        ("Date", date),
        ("Round", ""),
        ("Table", ""),
        ("Deal", "1"),
        *((f"Seat{s}", players[s - 1] if players else "") for s in gm.SEATS),
        ("TeamA", ""),
        ("TeamB", ""),
        ("Profile", profile),
        ("Leader", str(leader) if leader else ""),
    ]
    lines += [f'[{k} "{_quote(v)}"]' for k, v in tags]
    lines.append("")
    lines += [f"hand {s}: {hands[s]}" for s in gm.SEATS]
    lines.append("")
    return "\n".join(lines) + "\n"


@click.command("new", cls=GoujiCommand, help_key="help.new", short_help_key="help.new.short")
@_option("--event", default="", metavar="TEXT", help_key="help.new.event")
@_option("--players", default="", metavar="A,B,C,D,E,F", help_key="help.new.players")
@_option("--profile", default="qingdao-standard", metavar="P", help_key="help.new.profile")
@_option(
    "--leader", type=click.IntRange(1, 6), default=None, metavar="N", help_key="help.new.leader"
)
@_option("--seed", type=int, default=None, metavar="N", help_key="help.new.seed")
@_option("--date", default=None, metavar="YYYY.MM.DD", help_key="help.new.date")
@_option("-o", "--output", default=None, metavar="FILE", help_key="help.new.output")
@click.pass_context
def new_command(
    ctx: click.Context,
    event: str,
    players: str,
    profile: str,
    leader: int | None,
    seed: int | None,
    date: str | None,
    output: str | None,
) -> None:
    """A record skeleton (the help text shown is ``help.new`` of the catalogue)."""
    lang = lang_of(ctx)
    names: tuple[str, ...] = ()
    if players.strip():
        names = tuple(p.strip() for p in re.split(r"[,，、]", players))
        if len(names) != 6:
            _err(_error_line(t("new.bad_players", lang, n=len(names)), lang))
            ctx.exit(EXIT_ERROR)
    try:
        from gojinotation_analyzer.rules.profiles import resolve_profile_id

        pid = resolve_profile_id(profile)
    except Exception:
        _err(_error_line(t("new.bad_profile", lang, profile=profile), lang))
        ctx.exit(EXIT_ERROR)
    if date is None:
        date = datetime.date.today().strftime("%Y.%m.%d")
    elif not re.fullmatch(r"\d{4}\.(\d\d|\?\?)\.(\d\d|\?\?)", date):
        _err(_error_line(t("new.bad_date", lang, value=date), lang))
        ctx.exit(EXIT_ERROR)
    text = skeleton(
        lang, event=event, players=names, profile=pid, leader=leader, seed=seed, date=date
    )
    if output is None:
        _out(text, nl=False)
        ctx.exit(EXIT_OK)
    path = Path(output)
    if path.exists():
        _err(_error_line(t("new.exists", lang, path=output), lang))
        ctx.exit(EXIT_ERROR)
    path.write_text(text, encoding="utf-8")
    _err(t("new.wrote", lang, path=output))
    ctx.exit(EXIT_OK)


new = new_command
