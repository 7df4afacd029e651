"""``gouji fmt``: canonical formatting, in place (``--check``, ``--diff``)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TYPE_CHECKING

import click

import gojinotation as gj
from gojinotation_analyzer.cli.common import (
    EXIT_CHANGED,
    EXIT_ERROR,
    EXIT_OK,
    _err,
    _error_line,
    _out,
    _trimmed,
    _warn_line,
    _write_bytes,
    canonical_text,
    encoding_of,
    expand_paths,
    lang_of,
    read_record,
    report_notation_errors,
    streamable,
)
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import t

if TYPE_CHECKING:  # imported where used: a check the cache answers reads no record
    from gojinotation import model as gm
    from gojinotation.reader import BrokenDeal


def _diff(old: str, new: str, name: str, lang: str) -> str:
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"{name}\t({t('fmt.original', lang)})",
        tofile=f"{name}\t({t('fmt.formatted', lang)})",
    )
    out: list[str] = []
    for line in lines:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        if line.startswith("+") and not line.startswith("+++"):
            line = click.style(line, fg="green")
        elif line.startswith("-") and not line.startswith("---"):
            line = click.style(line, fg="red")
        elif line.startswith("@@"):
            line = click.style(line, fg="cyan")
        out.append(line)
    return "".join(out)


@click.command("fmt", cls=GoujiCommand, help_key="help.fmt", short_help_key="help.fmt.short")
@click.argument("files", nargs=-1, required=True, metavar="FILE")
@_option("--check", is_flag=True, help_key="help.check")
@_option("--diff", "show_diff", is_flag=True, help_key="help.diff")
@_option("-q", "--quiet", is_flag=True, help_key="help.quiet")
@_option("--explicit/--no-explicit", default=True, help_key="help.explicit")
@_option("--fill-hands", is_flag=True, help_key="help.fill_hands")
@click.pass_context
def fmt_command(
    ctx: click.Context,
    files: tuple[str, ...],
    check: bool,
    show_diff: bool,
    quiet: bool,
    explicit: bool,
    fill_hands: bool,
) -> None:
    """Canonical formatting (the help text shown is ``help.fmt`` of the catalogue)."""
    lang = lang_of(ctx)
    changed = unchanged = failed = 0
    for path in expand_paths(files, lang):
        status = _fmt_one(
            path,
            lang,
            check=check,
            show_diff=show_diff,
            quiet=quiet,
            explicit=explicit,
            fill_hands=fill_hands,
        )
        if status == "changed":
            changed += 1
        elif status == "unchanged":
            unchanged += 1
        else:
            failed += 1
            if status == "failed+changed":
                changed += 1
    total = changed + unchanged + failed
    if not quiet and (total > 1 or failed):
        key = "fmt.summary_check" if check or show_diff else "fmt.summary"
        _err(t(key, lang, changed=changed, unchanged=unchanged, failed=failed))
    if failed:
        ctx.exit(EXIT_ERROR)
    if check and changed:
        ctx.exit(EXIT_CHANGED)
    ctx.exit(EXIT_OK)


def _explicit(match: gm.Match) -> gm.Match:
    """The match with the implied closes and round numbers written in by the rules engine
    (:mod:`gojinotation_analyzer.engine.normalize`); unchanged where the engine cannot be used.
    The engine is imported only for a deal with moves (none are implied in the others)."""
    if not any(_has_moves(d) for d in match.deals):
        return match
    try:
        from gojinotation_analyzer.engine.normalize import explicit_match
    except ImportError:  # pragma: no cover - the notation tools work without the engine
        return match
    return explicit_match(match)


def _with_hands(match: gm.Match, name: str, lang: str) -> tuple[gm.Match, bool]:
    """``gouji fmt --fill-hands``: every deal's hands completed from its plays
    (:func:`gojinotation_analyzer.engine.hands.fill_hands`), what stays unknown said on
    standard error; returns the match and whether the plays contradict a hand."""
    import attrs

    from gojinotation.reader import BrokenDeal
    from gojinotation_analyzer.engine.hands import fill_hands
    from gojinotation_analyzer.reports.findings import deal_number

    deals: list[gm.Deal | BrokenDeal] = []
    conflict = False
    for n, deal in enumerate(match.deals, 1):
        if isinstance(deal, BrokenDeal):
            deals.append(deal)
            continue
        new, r = fill_hands(deal)
        deals.append(new)
        no = deal_number(deal) or str(n)
        for c in r.conflicts:
            conflict = True
            sp = c.action.span
            where = f"{name}:{sp.line}:{sp.column}" if sp is not None and sp.line else name
            msg = c.zh if lang == "zh" else c.en
            _err(
                _error_line(
                    t(
                        "fmt.hands_conflict",
                        lang,
                        where=where,
                        rule=c.rule_id,
                        deal=no,
                        message=msg,
                    ),
                    lang,
                )
            )
        if r.conflicts:
            continue
        added = sum(h.inferred for h in r.hands)
        if added:
            _err(t("fmt.hands_filled", lang, path=name, deal=no, count=added))
        for h in r.partly_unknown:
            size = len(h.cards) + h.unknown
            key = "fmt.hands_open" if h.cards else "fmt.hands_unknown"
            _err(
                _warn_line(
                    t(
                        key,
                        lang,
                        path=name,
                        deal=no,
                        seat=h.seat,
                        unknown=h.unknown,
                        size=size,
                    ),
                    lang,
                )
            )
    return attrs.evolve(match, deals=tuple(deals)), conflict


def _fmt_one(
    path: str,
    lang: str,
    *,
    check: bool,
    show_diff: bool,
    quiet: bool,
    explicit: bool = True,
    fill_hands: bool = False,
) -> str:
    """Format one file; returns ``changed``, ``unchanged``, ``failed`` or
    ``failed+changed`` (syntax errors, but the rest was formatted).  With ``explicit``,
    the implied closes and round numbers are written in (deals that replay cleanly)."""
    if check and not show_diff and _checked_canonical(path, explicit, cacheable=not fill_hands):
        return "unchanged"
    from gojinotation.reader import BrokenDeal

    record = read_record(path, lang, fmt="gjn")
    if record is None:
        return "failed"
    name = record.name
    report_notation_errors(record.errors, lang)
    if record.text is None:
        _err(_error_line(t("fmt.not_utf8", lang, path=name), lang))
        return "failed"
    target = _explicit(record.match) if explicit else record.match
    conflict = False
    if fill_hands:
        target, conflict = _with_hands(target, name, lang)
    new = canonical_text(target)
    again = gj.read(new, filename=name)
    if _trimmed(again.match) != _trimmed(target):
        _err(_error_line(t("fmt.unsafe", lang, path=name), lang))
        return "failed"
    old = record.text
    is_changed = new != old or record.encoding is not None  # written back in UTF-8
    broken = sum(isinstance(d, BrokenDeal) for d in record.match.deals)
    if broken and not quiet:
        _err(_warn_line(t("fmt.kept_broken", lang, path=name, count=broken), lang))
    if show_diff and is_changed:
        _out(_diff(old, new, name, lang), nl=False)
    if check or show_diff:
        if is_changed and not quiet:
            _err(t("fmt.would_reformat", lang, path=name))
    elif path == "-":
        _out(new, nl=False)
    elif is_changed:
        if not _write_bytes(path, new.encode("utf-8"), lang, expect=record.snapshot):
            return "failed"
        if not quiet:
            _err(t("fmt.reformatted", lang, path=name))
    if record.errors or conflict:
        return "failed+changed" if is_changed else "failed"
    return "changed" if is_changed else "unchanged"


def _checked_canonical(path: str, explicit: bool, *, cacheable: bool) -> bool:
    """Whether ``path`` is canonical, by :func:`_canonical_stream`, or found so before by a
    check of the same bytes with the same options and code (:mod:`._fmtcache`: then
    neither the reader nor the engine is imported)."""
    if not cacheable or path == "-" or encoding_of() is not None:
        return _canonical_stream(path, explicit)
    from gojinotation_analyzer.cli import _fmtcache

    if not Path(path).is_file() or Path(path).suffix.lower() == ".json":
        return _canonical_stream(path, explicit)
    before = _fmtcache.digest(path)
    if before is not None and _fmtcache.known_canonical(before, explicit):
        return True
    if not _canonical_stream(path, explicit):
        return False
    if before is not None and _fmtcache.digest(path) == before:  # unchanged meanwhile
        _fmtcache.remember(before, explicit)
    return True


def _canonical_stream(path: str, explicit: bool) -> bool:
    """Whether ``path`` is already canonical, checked deal by deal (one deal's model and
    one block of text held): the file's text, as read, is compared piece by piece with
    the canonical text of each deal.  False also when the answer needs the whole file
    (standard input, another encoding, syntax errors, a newer GJN version, a deal the
    canonical form would change): :func:`_fmt_one` then reads it whole and says why."""
    if not streamable(path):
        return False
    from gojinotation import model as gm
    from gojinotation.reader import deal_texts, iter_read_texts
    from gojinotation.writer import FORMAT_VERSION, write_deal

    with open(path, encoding="utf-8", newline="") as raw:

        def same(piece: str) -> bool:
            return raw.read(len(piece)) == piece

        first = True
        for prologue, version, deal in iter_read_texts(deal_texts(Path(path)), filename=path):
            if first:
                first = False
                if version is None or version > FORMAT_VERSION:
                    return False
                head = f"%GJN {version}\n"
                if prologue:
                    head += "\n" + "\n".join(_comment_text(c.text) for c in prologue) + "\n"
                if not same(head):
                    return False
            if not isinstance(deal, gm.Deal):
                return False
            target = _explicit_deal(deal) if explicit else deal
            if target != deal or not same("\n" + write_deal(target)):
                return False
        if first:
            return False
        return raw.read(1) == ""


def _comment_text(text: str) -> str:
    from gojinotation.writer import _comment

    return _comment(text)


def _has_moves(deal: object) -> bool:
    """Whether ``deal`` is a deal (not broken) with moves: only such a deal can have
    implied items for the engine to write in."""
    from gojinotation import model as gm

    return isinstance(deal, gm.Deal) and bool(deal.moves)


def _explicit_deal(deal: gm.Deal) -> gm.Deal:
    if not _has_moves(deal):
        return deal
    try:
        from gojinotation_analyzer.engine.normalize import explicit
    except ImportError:  # pragma: no cover - the notation tools work without the engine
        return deal
    return explicit(deal)


fmt = fmt_command
