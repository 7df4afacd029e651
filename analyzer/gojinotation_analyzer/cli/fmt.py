"""``gouji fmt``: canonical formatting, in place (``--check``, ``--diff``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

import click

import gojinotation as gj
from gojinotation_analyzer.cli._fmtdiff import _DealDiff, _diff, _original_lines
from gojinotation_analyzer.cli.common import (
    EXIT_CHANGED,
    EXIT_ERROR,
    EXIT_OK,
    ErrorPrinter,
    Record,
    Source,
    _err,
    _error_line,
    _out,
    _trimmed,
    _trimmed_deal,
    _warn_line,
    _write_bytes,
    canonical_text,
    encoding_of,
    expand_paths,
    lang_of,
    open_source,
    report_notation_errors,
    warn_future_version,
)
from gojinotation_analyzer.cli.main import GoujiCommand, _option
from gojinotation_analyzer.i18n import normalize_lang, t

if TYPE_CHECKING:  # imported where used: a check the cache answers reads no record
    from gojinotation import model as gm
    from gojinotation.reader import BrokenDeal


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
    """``gouji fmt --fill-hands`` on a whole match: every deal's hands completed from its
    plays (:func:`_fill_deal`), what stays unknown said on standard error; returns the
    match and whether the plays contradict a hand."""
    import attrs

    deals: list[gm.Deal | BrokenDeal] = []
    conflict = False
    for n, deal in enumerate(match.deals, 1):
        new, bad = _fill_deal(deal, n, name, lang, _err)
        deals.append(new)
        conflict = conflict or bad
    return attrs.evolve(match, deals=tuple(deals)), conflict


def _fill_deal(
    deal: gm.Deal | BrokenDeal, n: int, name: str, lang: str, say: Callable[[str], None]
) -> tuple[gm.Deal | BrokenDeal, bool]:
    """``gouji fmt --fill-hands`` on the ``n``-th deal of a record: its hands completed
    from its plays (:func:`gojinotation_analyzer.engine.hands.fill_hands`), what stays
    unknown or contradicts a hand given to ``say`` (a line of standard error each);
    returns the deal and whether the plays contradict a hand.  A broken deal is kept."""
    from gojinotation.reader import BrokenDeal
    from gojinotation_analyzer.engine.hands import fill_hands
    from gojinotation_analyzer.reports.findings import deal_number

    if isinstance(deal, BrokenDeal):
        return deal, False
    new, r = fill_hands(deal)
    no = deal_number(deal) or str(n)
    for c in r.conflicts:
        sp = c.action.span
        where = f"{name}:{sp.line}:{sp.column}" if sp is not None and sp.line else name
        msg = c.zh if lang == "zh" else c.en
        say(
            _error_line(
                t("fmt.hands_conflict", lang, where=where, rule=c.rule_id, deal=no, message=msg),
                lang,
            )
        )
    if r.conflicts:
        return new, True
    added = sum(h.inferred for h in r.hands)
    if added:
        say(t("fmt.hands_filled", lang, path=name, deal=no, count=added))
    for h in r.partly_unknown:
        size = len(h.cards) + h.unknown
        key = "fmt.hands_open" if h.cards else "fmt.hands_unknown"
        say(
            _warn_line(
                t(key, lang, path=name, deal=no, seat=h.seat, unknown=h.unknown, size=size),
                lang,
            )
        )
    return new, False


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
    the implied closes and round numbers are written in (deals that replay cleanly).

    A record is formatted a deal at a time (:func:`_fmt_streamed`), whatever its
    encoding, from a file or standard input, with ``--diff`` and ``--fill-hands`` too;
    a record that is no text is read a deal at a time for its errors
    (:func:`_fmt_not_text`)."""
    cacheable = check and not show_diff and not fill_hands and _cacheable(path)
    if cacheable and _known_canonical(path, explicit):
        return "unchanged"
    with open_source(path, lang, fmt="gjn") as src:
        if src is None:
            return "failed"
        status = _fmt_source(
            src,
            path,
            lang,
            check=check,
            show_diff=show_diff,
            quiet=quiet,
            explicit=explicit,
            fill_hands=fill_hands,
        )
        if cacheable and status == "unchanged":
            _remember(path, src.digest, explicit)
        return status


def _fmt_source(
    src: Source,
    path: str,
    lang: str,
    *,
    check: bool,
    show_diff: bool,
    quiet: bool,
    explicit: bool,
    fill_hands: bool,
) -> str:
    """:func:`_fmt_one` on an opened record: a deal at a time (bytes that are no text:
    :func:`_fmt_not_text`; else :func:`_fmt_streamed`).  :func:`_fmt_whole` on
    ``src.record(lang)`` gives the same bytes and messages (the tests compare them)."""
    if src.codec is None:
        return _fmt_not_text(src, lang)
    return _fmt_streamed(
        src,
        path,
        lang,
        check=check,
        quiet=quiet,
        explicit=explicit,
        show_diff=show_diff,
        fill_hands=fill_hands,
    )


def _fmt_not_text(src: Source, lang: str) -> str:
    """:func:`_fmt_whole` on bytes that are no text, a deal at a time: the syntax errors
    (GJN115 where a bad byte is) as the deals come, then why the file is left alone."""
    from gojinotation.reader import BrokenDeal

    printer = ErrorPrinter(lang)
    first = True
    for _, version, deal in src.items():
        if first:
            first = False
            warn_future_version(src.name, version, lang)
        if isinstance(deal, BrokenDeal):
            for err in deal.errors:
                printer.add(err)
    printer.finish()
    _err(_error_line(t("fmt.not_utf8", lang, path=src.name), lang))
    return "failed"


def _fmt_whole(
    record: Record,
    path: str,
    lang: str,
    *,
    check: bool,
    show_diff: bool,
    quiet: bool,
    explicit: bool,
    fill_hands: bool,
) -> str:
    """:func:`_fmt_one` on a record read whole: what every record took before it was
    read a deal at a time, kept as the reference the streamed path must equal
    (``tests/test_fmt_stream.py`` runs both on every record of its corpora); no command
    takes it."""
    from gojinotation.reader import BrokenDeal

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
        click.echo(new.encode("utf-8"), nl=False)  # the bytes: no escape sequence stripped
    elif is_changed:
        if not _write_bytes(path, new.encode("utf-8"), lang, expect=record.snapshot):
            return "failed"
        if not quiet:
            _err(t("fmt.reformatted", lang, path=name))
    if record.errors or conflict:
        return "failed+changed" if is_changed else "failed"
    return "changed" if is_changed else "unchanged"


class _Unchanged(Exception):
    """Ends the atomic write of a file whose canonical text is what it holds (the
    temporary file is removed, the file left as it is)."""


class _Unsafe(Exception):
    """Ends the atomic write of a file whose canonical text does not read back the same."""


class _Pieces:
    """The canonical text as it is made, read back as a text stream (by
    :func:`gojinotation.reader.deal_texts`): pieces are made as the reader asks for them,
    so that a block of text, not the file, is held."""

    encoding = "utf-8"  # a text stream for the reader

    def __init__(self, pieces: Iterator[str]) -> None:
        self._pieces = pieces
        self._buffer = ""

    def read(self, size: int = -1) -> str:
        """The next pieces, joined up to :data:`_READ_BACK` characters (at most ``size``
        characters of them): less than asked for, so that the reader reads back the deals
        soon after they are made, and the deals made but not yet read back stay few (a
        block's worth of deals' models, ~500, took 30 MB); more than one piece, so that a
        file of 500,000 one-line deals is not read back a line a call (issue #15)."""
        if not self._buffer:
            pieces = [next(self._pieces, "")]
            made = len(pieces[0])
            while pieces[-1] and made < _READ_BACK:
                pieces.append(next(self._pieces, ""))
                made += len(pieces[-1])
            self._buffer = "".join(pieces)
        if size < 0 or size >= len(self._buffer):
            out, self._buffer = self._buffer, ""
        else:
            out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out


#: Characters of canonical text :class:`_Pieces` gives the reader at a time (a few deals,
#: or a few thousand one-line broken ones).
_READ_BACK = 4096


def _fmt_streamed(
    src: Source,
    path: str,
    lang: str,
    *,
    check: bool,
    quiet: bool,
    explicit: bool,
    show_diff: bool = False,
    fill_hands: bool = False,
) -> str:
    """:func:`_fmt_whole`, a deal at a time: each deal is read, made explicit (its hands
    filled in: ``--fill-hands``), written in canonical form to the atomic writer's
    temporary file (``-``: to a nameless temporary file copied to standard output at the
    end; ``--check`` and ``--diff``: nowhere; ``--diff``: its diff against the deal as
    written, :class:`_DealDiff`) and read back from the canonical text made so far, which
    must give the same deal; the file is replaced (or standard output written) only at
    the end, when all went well and the text changed (its digest differs from the file's,
    or the file was not UTF-8).  The same messages, in the same order, and the same bytes
    as reading it whole (the messages of ``--fill-hands``, which come after the syntax
    errors, wait in a temporary file)."""
    import collections
    import hashlib

    from gojinotation.fileio import WriteError, atomic_writer
    from gojinotation.reader import BrokenDeal, deal_texts, iter_read_texts
    from gojinotation.writer import FORMAT_VERSION, write_deal

    name = src.name
    printer = ErrorPrinter(lang)
    targets: collections.deque[Any] = collections.deque()
    digest = hashlib.sha256()
    written = 0
    broken = 0
    conflict = False
    out: IO[bytes] | None = None
    check = check or show_diff  # --diff writes no file either
    with contextlib.ExitStack() as spools:
        said: IO[str] | None = None  # --fill-hands: its messages, until the errors are out
        diff: _DealDiff | None = None
        diff_out: IO[str] | None = None
        if fill_hands:
            said = spools.enter_context(_text_spool())
        if show_diff:
            import tempfile  # --diff only (start-up of fmt --check)

            diff_out = spools.enter_context(
                tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
            )
            diff = _DealDiff(_original_lines(src), name, lang, diff_out)

        def say(line: str) -> None:
            assert said is not None
            said.write(line + "\n")

        def pieces() -> Iterator[str]:
            nonlocal broken, conflict
            first = True
            n = 0
            for start, text in src.texts():
                for prologue, version, deal in iter_read_texts([(start, text)], filename=name):
                    if first:
                        first = False
                        warn_future_version(name, version, lang)
                        head = f"%GJN {version if version is not None else FORMAT_VERSION}\n"
                        targets.append((version, tuple(prologue)))
                        yield emit(head)
                        if prologue:
                            comments = "\n".join(_comment_text(c.text) for c in prologue)
                            yield emit("\n" + comments + "\n")
                    if deal is None:
                        continue
                    n += 1
                    if isinstance(deal, BrokenDeal):
                        broken += 1
                        for err in deal.errors:
                            printer.add(err)
                        target: gm.Deal | BrokenDeal = _trimmed_deal(deal)
                    else:
                        target = _explicit_deal(deal) if explicit else deal
                        if fill_hands:
                            target, bad = _fill_deal(target, n, name, lang, say)
                            conflict = conflict or bad
                    targets.append(target)
                    yield emit("\n" + write_deal(target))
                if diff is not None:
                    diff.deal(text)
            if first:  # nothing at all: dumps of an empty match
                targets.append((None, ()))
                yield emit(f"%GJN {FORMAT_VERSION}\n")
            if diff is not None:
                diff.finish()

        def emit(piece: str) -> str:
            nonlocal written
            data = piece.encode("utf-8")
            digest.update(data)
            written += len(data)
            if out is not None:
                out.write(data)
            if diff is not None:
                diff.made(piece)
            return piece

        def run() -> bool:
            """Make and read back every piece; False when a deal did not read back the
            same (the rest is still read, for its errors)."""
            made = pieces()
            safe = True
            first = True
            for prologue, version, deal in iter_read_texts(
                deal_texts(cast("IO[str]", _Pieces(made))), filename=name
            ):
                if first:
                    first = False
                    want_version, want_prologue = targets.popleft()
                    if (version or 1, tuple(prologue)) != (want_version or 1, want_prologue):
                        safe = False
                        break
                if deal is None:
                    continue
                if isinstance(deal, BrokenDeal):
                    deal = _trimmed_deal(deal)
                if not targets or deal != targets.popleft():
                    safe = False
                    break
            for _ in made:  # the rest of the record, for its errors
                pass
            return safe and not targets

        write_error: WriteError | None = None
        spool: IO[bytes] | None = None
        safe: bool | None = None  # None: the record was not read to its end
        try:
            if check:
                safe = run()
            elif path == "-":
                import tempfile  # standard output only (start-up of fmt --check)

                try:
                    spool = out = tempfile.TemporaryFile()  # noqa: SIM115 - closed below
                    safe = run()
                except OSError as exc:  # the temporary folder is full
                    reason = exc.strerror or str(exc)
                    write_error = WriteError(tempfile.gettempdir(), "io", reason, reason)
            else:
                try:
                    with atomic_writer(path, expect=src.snapshot) as fh:
                        out = fh
                        safe = run()
                        if not safe:
                            raise _Unsafe
                        if not _changed(src, digest.hexdigest(), written):
                            raise _Unchanged
                except WriteError as err:
                    if out is None:  # refused before anything was read: read it to the end
                        safe = run()
                    write_error = err
                except (_Unsafe, _Unchanged):
                    pass
            printer.finish()
            if said is not None:  # after the syntax errors, as read whole
                said.seek(0)
                for line in said:
                    _err(line.removesuffix("\n"))
            if safe is None:  # a write failed on the way (a full disk): nothing was written
                assert write_error is not None
                _err(_error_line(write_error.message(normalize_lang(lang)), lang))
                return "failed"
            if not safe:
                _err(_error_line(t("fmt.unsafe", lang, path=name), lang))
                return "failed"
            is_changed = _changed(src, digest.hexdigest(), written)
            if broken and not quiet:
                _err(_warn_line(t("fmt.kept_broken", lang, path=name, count=broken), lang))
            if check:
                if diff_out is not None and is_changed:
                    _copy_out(diff_out)
                if is_changed and not quiet:
                    _err(t("fmt.would_reformat", lang, path=name))
            elif spool is not None:
                spool.seek(0)
                while block := spool.read(1 << 20):
                    click.echo(block, nl=False)
            elif is_changed:
                if write_error is not None:
                    _err(_error_line(write_error.message(normalize_lang(lang)), lang))
                    return "failed"
                if not quiet:
                    _err(t("fmt.reformatted", lang, path=name))
        finally:
            if spool is not None:
                spool.close()
    if printer.count or conflict:
        return "failed+changed" if is_changed else "failed"
    return "changed" if is_changed else "unchanged"


def _text_spool() -> IO[str]:
    """A temporary text file (in memory up to 1 MB)."""
    import tempfile

    return cast(
        "IO[str]",
        tempfile.SpooledTemporaryFile(1 << 20, "w+", encoding="utf-8", newline="\n"),
    )


def _copy_out(text: IO[str]) -> None:
    """Copy a temporary text file to standard output, whole lines a call (an escape
    sequence, which click strips for a file or a pipe, never spans two)."""
    text.seek(0)
    while block := text.read(1 << 16):
        _out(block + text.readline(), nl=False)


def _changed(src: Source, digest: str, size: int) -> bool:
    """Whether the canonical bytes differ from the record's (a record that is not UTF-8 is
    always written back, in UTF-8)."""
    return digest != src.digest or size != src.size or src.encoding is not None


def _cacheable(path: str) -> bool:
    """Whether ``fmt --check``'s cache may answer for ``path``: a regular file, not JSON,
    no ``--encoding``."""
    if path == "-" or encoding_of() is not None:
        return False
    return Path(path).is_file() and Path(path).suffix.lower() != ".json"


def _known_canonical(path: str, explicit: bool) -> bool:
    """Whether a check of the same bytes with the same options and code found the file
    canonical before (:mod:`._fmtcache`: then neither the reader nor the engine is
    imported)."""
    from gojinotation_analyzer.cli import _fmtcache

    if _fmtcache.cache_root() is None:  # GOUJI_NO_CACHE: not even the digest
        return False
    before = _fmtcache.digest(path)
    return before is not None and _fmtcache.known_canonical(before, explicit)


def _remember(path: str, digest: str, explicit: bool) -> None:
    """Enter the bytes a check found canonical, if the file still holds them."""
    from gojinotation_analyzer.cli import _fmtcache

    if _fmtcache.digest(path) == digest:  # unchanged meanwhile
        _fmtcache.remember(digest, explicit)


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
