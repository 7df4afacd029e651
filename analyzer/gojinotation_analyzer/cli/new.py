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
from gojinotation_analyzer import i18n
from gojinotation_analyzer.cli.main import (
    EXIT_ERROR,
    EXIT_OK,
    GoujiCommand,
    _err,
    _error_line,
    _option,
    _out,
    lang_of,
)
from gojinotation_analyzer.i18n import t

i18n.register(
    {
        "help.new": (
            "Write a record skeleton: tags for the event, the six players, the profile and "
            "the first leader, and six hands (unknown, or dealt from --seed).",
            "写出一份记录骨架：赛事、六位选手、规则方案与首发牌人的标签，以及六手牌"
            "（未知，或按 --seed 发牌）。",
        ),
        "help.new.short": ("Write a record skeleton.", "写出记录骨架。"),
        "help.new.event": ("The Event tag.", "Event（赛事）标签。"),
        "help.new.players": (
            "The six players, seats 1-6, separated by commas.",
            "六位选手（座位 1–6），以逗号分隔。",
        ),
        "help.new.profile": (
            "The rule profile (id or alias; default qingdao-standard).",
            "规则方案（编号或别名；默认 qingdao-standard）。",
        ),
        "help.new.leader": ("The first leader's seat (1-6).", "首发牌人座位（1–6）。"),
        "help.new.seed": (
            "Deal the hands from this seed (the first deal of gouji simulate --seed N).",
            "按此种子发牌（即 gouji simulate --seed N 的第一局）。",
        ),
        "help.new.date": (
            "The Date tag (YYYY.MM.DD; default today).",
            "Date（日期）标签（YYYY.MM.DD；默认今天）。",
        ),
        "help.new.output": (
            "Write to this file instead of standard output (never over an existing file).",
            "写入此文件而非标准输出（不覆盖已有文件）。",
        ),
        "new.comment": (
            "New record. Write the sets in order, each with its seat: 1:33 4:77 ... Passes "
            "and closes may be left out where the next action implies them; write every "
            "choice (yield, burn, report, buy ...) and, after 接风, the pass of a seat that "
            "leads although it was still to answer (docs/format.md 9.3). gouji fmt writes "
            "the full record; gouji show --at ROUND prints each seat's remaining cards.",
            "新记录。按顺序写出每一手牌及其座位：1:33 4:77 …… 下一着所隐含的过牌与扣牌可以"
            "省略；凡属选择的动作（让牌、烧牌、报牌、买3……）都要写，接风时本应应牌而改为发牌的"
            "座位须写出其过牌（见 docs/format.md 9.3）。gouji fmt 写出完整记录；"
            "gouji show --at 轮次 列出各座位余牌。",
        ),
        "new.hands_seed": (
            "Hands dealt from seed {seed} under {profile}; first leader by 上班: seat {leader}.",
            "按种子 {seed}、{profile} 发牌；按上班首发牌人为 {leader} 号。",
        ),
        "new.bad_players": (
            "--players needs six names separated by commas, got {n}",
            "--players 需要六个以逗号分隔的名字，实际为 {n} 个",
        ),
        "new.bad_profile": ("unknown rule profile {profile!r}", "未知的规则方案 {profile!r}"),
        "new.bad_date": (
            "--date must be YYYY.MM.DD, not {value!r}",
            "--date 须为 YYYY.MM.DD，不是 {value!r}",
        ),
        "new.exists": (
            "{path} exists: not overwritten",
            "{path} 已存在：不覆盖",
        ),
        "new.wrote": ("wrote {path}", "已写出 {path}"),
    }
)


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
