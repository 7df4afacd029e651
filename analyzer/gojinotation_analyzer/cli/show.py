"""``gouji show``: a readable summary of each record."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import click

import gojinotation as gj
from gojinotation import model as gm
from gojinotation.reader import BrokenDeal
from gojinotation_analyzer.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    DealItem,
    ErrorPrinter,
    Source,
    _colon,
    _err,
    _error_line,
    _out,
    lang_of,
    open_source,
    report_notation_errors,
    warn_future_version,
)
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import PLACES, t

_HEAD_TAGS = (
    ("Event", "show.event"),
    ("Site", "show.site"),
    ("Date", "show.date"),
    ("Round", "show.round_tag"),
    ("Table", "show.table"),
    ("Match", "show.match"),
    ("Game", "show.game"),
    ("Deal", "show.deal_tag"),
)
_RULE_TAGS = (
    ("Profile", "show.profile"),
    ("Rules", "show.rules"),
    ("Leader", "show.leader"),
    ("Annotator", "show.annotator"),
    ("TimeControl", "show.time_control"),
)
_SHOWN_TAGS = frozenset(
    [n for n, _ in _HEAD_TAGS + _RULE_TAGS]
    + [f"Seat{i}" for i in gm.SEATS]
    + ["TeamA", "TeamB", "Finish", "Score"]
)


def _moves_text(items: Iterable[gm.MoveItem]) -> str:
    parts: list[str] = []
    for item in items:
        if isinstance(item, gm.Variation):
            parts.append("(" + _moves_text(item.moves) + ")")
        elif isinstance(item, gm.RoundMark):
            parts.append(f"{item.number}.")
        elif isinstance(item, gm.Comment):
            continue
        elif isinstance(item, gm.TurnPlay):
            parts.append(gj.format_turn_play(item))
        else:
            parts.append(gj.format_action(item))
    return " ".join(parts)


def _round_lines(moves: Sequence[gm.MoveItem]) -> list[str]:
    """One line a round: a new line at every round number and after every close."""
    rounds: list[list[gm.MoveItem]] = []
    current: list[gm.MoveItem] = []
    for item in moves:
        if isinstance(item, gm.RoundMark) and any(not isinstance(i, gm.Comment) for i in current):
            rounds.append(current)
            current = []
        current.append(item)
        if isinstance(item, gm.Close):
            rounds.append(current)
            current = []
    if current:
        rounds.append(current)
    lines: list[str] = []
    for i, r in enumerate(rounds, 1):
        text = _moves_text(r)
        if not text:
            continue
        if not isinstance(
            next((x for x in r if not isinstance(x, gm.Comment)), None), gm.RoundMark
        ):
            text = f"({i}) {text}"
        lines.append(text)
    return lines


def _comments(deal: gm.Deal) -> list[gm.Comment]:
    found: list[gm.Comment] = []

    def walk(items: Iterable[object]) -> None:
        for item in items:
            if isinstance(item, gm.Comment):
                found.append(item)
            elif isinstance(item, gm.Variation):
                walk(item.moves)

    walk(deal.header)
    walk(deal.hands)
    walk(deal.moves)
    return found


def _show_deal(n: int, deal: gm.Deal, lang: str) -> list[str]:
    tags = deal.tags
    out: list[str] = [click.style(t("show.deal", lang, n=n), bold=True)]
    for name, key in _HEAD_TAGS:
        if name in tags:
            out.append(f"  {t(key, lang)}{_colon(lang)}{tags[name]}")
    for name, key in _RULE_TAGS:
        if name not in tags:
            continue
        value = tags[name]
        if name == "TimeControl" and value.strip().isdigit():
            value = f"{value} ({t('show.seconds', lang, n=value.strip())})"
        elif name == "Leader" and value.strip().isdigit():
            value = t("show.seat_word", lang, seat=value.strip())
        out.append(f"  {t(key, lang)}{_colon(lang)}{value}")
    # teams and players
    out.append(f"  {t('show.teams', lang)}{_colon(lang, True)}")
    for team, seats in (("A", "1 3 5"), ("B", "2 4 6")):
        value = tags.get(f"Team{team}", "")
        label = t("show.team", lang, team=team, seats=seats)
        out.append(f"    {label}" + (f"{_colon(lang)}{value}" if value else ""))
    if any(f"Seat{s}" in tags for s in gm.SEATS):
        out.append(f"  {t('show.players', lang)}{_colon(lang, True)}")
        for s in gm.SEATS:
            name = tags.get(f"Seat{s}") or t("show.unnamed", lang)
            out.append(
                "    "
                + t("show.player", lang, seat=s, name=name, team=gm.team_of(s), duitou=gm.duitou(s))
            )
    # hands
    hands = [h for h in deal.hands if isinstance(h, gm.Hand)]
    if hands:
        out.append(f"  {t('show.hands', lang)}{_colon(lang, True)}")
        for h in sorted(hands, key=lambda h: h.seat):
            if h.cards is None:
                out.append("    " + t("show.hand_unknown", lang, seat=h.seat))
            elif not h.cards:
                out.append("    " + t("show.hand_empty", lang, seat=h.seat))
            else:
                cards = gj.cards.format_hand(h.cards)
                out.append(
                    "    " + t("show.hand", lang, seat=h.seat, count=len(h.cards), cards=cards)
                )
    # rounds
    out.append(f"  {t('show.rounds', lang)}{_colon(lang, True)}")
    lines = _round_lines(deal.moves)
    out.extend(f"    {line}" for line in lines)
    if not lines:
        out.append(f"    {t('show.no_moves', lang)}")
    # comments
    comments = _comments(deal)
    if comments:
        out.append(f"  {t('show.comments', lang)}{_colon(lang, True)}")
        for c in comments:
            where = t("show.line", lang, line=c.span.line) + _colon(lang) if c.span.line else ""
            text = " ".join(c.text.split())
            out.append(f"    {where}{text}")
    # finish and score
    if "Finish" in tags:
        out.append(f"  {t('show.finish', lang)}{_colon(lang)}{_finish(tags['Finish'], lang)}")
    if "Score" in tags:
        out.append(f"  {t('show.score', lang)}{_colon(lang)}{_score(tags['Score'], lang)}")
    other = [f"{k}{_colon(lang)}{v}" for k, v in tags.items() if k not in _SHOWN_TAGS]
    if other:
        sep = "；" if lang == "zh" else "; "
        out.append(f"  {t('show.other_tags', lang)}{_colon(lang)}" + sep.join(other))
    return out


def _finish(value: str, lang: str) -> str:
    seats = value.split()
    if len(seats) != 6 or not all(s in "123456" and len(s) == 1 for s in seats):
        return value
    sep = "，" if lang == "zh" else ", "
    return sep.join(
        t("show.finish_place", lang, place=place, seat=seat)
        for place, seat in zip(PLACES[lang], seats, strict=True)
    )


def _score(value: str, lang: str) -> str:
    parts = value.split()
    if len(parts) != 2:
        return value
    sep = "，" if lang == "zh" else ", "
    return sep.join(
        t("show.team_score", lang, team=team, points=p)
        for team, p in zip(("A", "B"), parts, strict=True)
    )


@click.command("show", cls=GoujiCommand, help_key="help.show", short_help_key="help.show.short")
@click.argument("files", nargs=-1, required=True, metavar="FILE")
@_option(
    "--deal", "deal_no", type=click.IntRange(min=1), default=None, metavar="N", help_key="help.deal"
)
@_option("--at", "at", default=None, metavar="ROUND|pK", help_key="help.at")
@click.pass_context
def show_command(
    ctx: click.Context, files: tuple[str, ...], deal_no: int | None, at: str | None
) -> None:
    """A readable summary (the help text shown is ``help.show`` of the catalogue)."""
    lang = lang_of(ctx)
    point = None
    if at is not None:
        point = _parse_at(at)
        if point is None:
            _err(_error_line(t("show.at_bad", lang, value=at), lang))
            ctx.exit(EXIT_ERROR)
    code = EXIT_OK
    for n, file in enumerate(files):
        if n:
            _out("")
        code = max(code, _show_one(file, deal_no, lang, point))
    ctx.exit(code)


def _parse_at(text: str) -> tuple[str, int] | None:
    """``"7"`` -> ``("round", 7)``, ``"p42"`` -> ``("play", 42)``; else ``None``.

    >>> _parse_at("7"), _parse_at("p42"), _parse_at("#3"), _parse_at("x")
    (('round', 7), ('play', 42), ('play', 3), None)
    """
    value = text.strip().lower()
    for prefix in ("p", "#"):
        if value.startswith(prefix) and value[1:].isdigit() and int(value[1:]) >= 0:
            return "play", int(value[1:])
    if value.isdigit() and int(value) >= 1:
        return "round", int(value)
    return None


def remaining_at(deal: gm.Deal, point: tuple[str, int], lang: str) -> list[str]:
    """Each seat's remaining cards at ``point`` (see :func:`_parse_at`), for a referee
    checking a transcription against the table.  The replay fills in implied passes
    and closes; a seat's unknown cards show as ``?``.

    >>> d = gj.loads('[Leader "1"]\\nhand 1: KK 33\\nhand 2: AA 4\\n1:33 2:- 1:KK').deals[0]
    >>> print("\\n".join(remaining_at(d, ("round", 2), "en")))
    Remaining cards at the start of round 2 (after 2 recorded action(s)):
      Seat 1 (2): KK
      Seat 2 (3): AA 4
      Seat 3 (0): -
      Seat 4 (0): -
      Seat 5 (0): -
      Seat 6 (0): -
    """
    from gojinotation_analyzer.engine import events as E
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.engine.fill import fill

    deck = sum(len(h.cards or ()) for h in deal.hands if isinstance(h, gm.Hand)) >= 216
    try:
        filled = fill(deal, deck_check=deck).deal
        frames = list(replay(filled, deck_check=deck))
    except Exception as exc:  # a broken record must not cost the summary
        return [t("show.at_failed", lang, reason=f"{type(exc).__name__}: {exc}")]
    recorded = {id(a) for a in deal.actions()}
    kind, n = point
    chosen = None
    header = ""
    k = rounds = 0
    for f in frames:
        if f.action is not None and id(f.action) in recorded:
            k += 1
        if any(isinstance(e, E.Led) for e in f.events):
            rounds += 1
            if kind == "round" and rounds == n:
                prev = frames[f.index - 1]
                chosen = prev.state
                header = t("show.at_round", lang, n=n, k=k - 1)
                break
        if kind == "play" and f.action is not None and id(f.action) in recorded and k == n:
            chosen = f.state
            header = t("show.at_play", lang, k=n, action=gj.format_action(f.action), n=rounds)
            break
    if kind == "play" and n == 0:
        chosen, header = frames[0].state, t("show.at_play", lang, k=0, action="-", n=0)
    if chosen is None:
        value = f"p{n}" if kind == "play" else str(n)
        return [t("show.at_beyond", lang, rounds=rounds, count=k, value=value)]
    out = [header]
    places = chosen.place_of
    for seat in gm.SEATS:
        if seat in places and not chosen.count(seat):
            out.append(
                "  " + t("show.at_out", lang, seat=seat, place=PLACES[lang][places[seat] - 1])
            )
            continue
        known, unknown = chosen.hand(seat), chosen.unknown_count(seat)
        shown = gj.cards.format_hand(known) if known else ""
        cards = shown + (
            "" if not unknown else f" ?*{unknown}" if unknown > 3 else " " + "?" * unknown
        )
        count = len(known) + unknown
        out.append(
            "  " + t("show.at_seat", lang, seat=seat, count=count, cards=cards.strip() or "-")
        )
    return out


def _show_one(
    file: str, deal_no: int | None, lang: str, point: tuple[str, int] | None = None
) -> int:
    """Summarise one record, reading its deals one at a time, whatever the input (a file,
    standard input, another encoding, JSON): each deal's summary lines go to a temporary
    file on disk as they are made, and are copied out after the head line, which counts
    the deals; the syntax errors are printed as they are found.  Memory holds one deal."""
    import tempfile

    with open_source(file, lang) as src:
        if src is None:
            return EXIT_ERROR
        items = _items(src, lang)
        if not isinstance(items, Iterator):  # JSON that could not be read
            report_notation_errors(items, lang)
            return EXIT_ERROR
        printer = ErrorPrinter(lang)
        prologue: list[str] = []
        version: int | None = None
        count = 0
        first = True
        red_on, red_off = click.style("\0", fg="red").split("\0")
        pending: list[str] = []  # written to ``body`` 256 deals at a time (issue #15)
        with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as body:
            for pro, ver, deal in items:
                if pro:
                    prologue.extend(f"{{{c.text}}}" for c in pro)
                if ver is not None:
                    version = ver
                if first:
                    first = False
                    warn_future_version(src.name, version, lang)
                if deal is None:
                    continue
                count += 1
                if isinstance(deal, BrokenDeal):
                    for err in deal.errors:
                        printer.add(err)
                if deal_no is not None and count != deal_no:
                    continue
                if isinstance(deal, BrokenDeal):  # as click.style(…, fg="red") makes it
                    line = deal.errors[0].line if deal.errors else deal.span.line
                    broken = t("show.broken", lang, n=count, line=line)
                    pending.append(f"\n\n{red_on}{broken}{red_off}")
                else:
                    lines = ["", *_show_deal(count, deal, lang)]
                    if point is not None:
                        lines.extend(f"  {line}" for line in remaining_at(deal, point, lang))
                    pending.append("\n" + "\n".join(lines))
                if len(pending) >= 256:
                    body.write("".join(pending))
                    pending.clear()
            body.write("".join(pending))
            if first:
                warn_future_version(src.name, version, lang)
            errors = printer.finish()
            if deal_no is not None and deal_no > count:
                _err(_error_line(t("show.no_deal", lang, n=deal_no, count=count), lang))
                return EXIT_ERROR
            shown = version if version is not None else 1
            head = click.style(
                t("show.file", lang, path=src.name, version=shown, count=count), bold=True
            )
            _out("\n".join([head, *prologue]), nl=False)
            body.seek(0)
            while block := body.read(1 << 20):
                # whole lines a call (an escape sequence, which click strips for a file or a
                # pipe, never spans two)
                more = body.readline()
                _out(block + more, nl=False)
            _out("")
    return EXIT_ERROR if errors else EXIT_OK


def _items(src: Source, lang: str) -> Iterator[DealItem] | list[Any]:
    """The deals of a source one at a time, or the JSON error of a JSON record that does
    not read (a JSON record is read twice a deal at a time: once to check it all reads;
    one whose ``deals`` come before its other keys thrice, its deals skipped on the first
    pass; a document that repeats a key or is a single deal is read whole)."""
    from gojinotation.jsonio import JsonError, load_json_match
    from gojinotation.jsonstream import Unstreamable, iter_read_json

    if src.fmt == "json":
        src.raw.seek(0)
        try:
            for _ in iter_read_json(src.raw, filename=src.name):
                pass
        except (Unstreamable, JsonError):
            try:
                match = load_json_match(src.data(), filename=src.name)
            except JsonError as err:
                return [err]
            whole: list[DealItem] = [
                (list(match.prologue), match.version, d) if i == 0 else ([], None, d)
                for i, d in enumerate(match.deals)
            ]
            return iter(whole or [(list(match.prologue), match.version, None)])
        src.raw.seek(0)
        return iter_read_json(src.raw, filename=src.name)
    return src.items()  # bytes that are no text too: the reader reports where (GJN115)


show = show_command
