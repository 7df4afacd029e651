"""Reading GJN: the streaming deal reader, the Lark parser, the fast path and the skim.

The grammar (``grammar/gjn.lark``) is the normative definition; it is loaded once, as
an LALR(1) parser with ``strict=True``, whose transformer builds the model during the
parse.  Files are read in blocks and cut into deals by a regular-expression scanner, so
iterating a large file never holds all of it.  Each deal is read first by a fast path
(regular expressions composed from the grammar's own terminals, building the same
model, spans included) and, if that path meets anything unusual, by Lark, which gives
the same model or the precise error.  A deal with a syntax error becomes a
:class:`BrokenDeal` that keeps its raw text and its errors, and the reader goes on with
the next deal.

This module holds the public API; the parts live beside it: ``_scan`` (blocks and
deal chunks), ``_fast`` and ``_tight`` (the fast path), ``_lark`` (the grammar, the
transformer, Lark's errors), ``_assemble`` (items into deals) and ``_values``.

>>> m = loads('[Event "demo"]\\nhand 1: DD X 333\\n1. 1:333 2:- 3:-')
>>> m.deals[0].tags["Event"], len(list(m.deals[0].actions()))
('demo', 3)
>>> try:
...     loads('[Event "x"]\\n7:333')
... except NotationError as err:
...     print(err.format())
<string>:2:1: error GJN113: seat 7 is out of range (found '7:'); expected a seat 1–6
  7:333
  ^^
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, cast

from . import model as m
from ._assemble import (
    _lark_items as _lark_items,
)
from ._assemble import (
    _parse_chunk as _parse_chunk,
)
from ._fast import (
    _DIRECT as _DIRECT,
)
from ._fast import (
    _TAG_DIRECT as _TAG_DIRECT,
)
from ._fast import (
    _WORD_SPELLINGS as _WORD_SPELLINGS,
)
from ._fast import (
    _Fallback as _Fallback,
)
from ._fast import (
    _fast as _fast,
)
from ._grammar import (
    GRAMMAR_PATH as GRAMMAR_PATH,
)
from ._scan import (
    _chunks as _chunks,
)
from ._scan import (
    _decoded as _decoded,
)
from ._scan import (
    _text_pieces as _text_pieces,
)
from ._tight import (
    _fast_items as _fast_items,
)
from ._values import (
    MAX_CARDS as MAX_CARDS,
)
from ._values import (
    MAX_NUMBER_DIGITS as MAX_NUMBER_DIGITS,
)
from ._values import (
    MAX_VARIATION_DEPTH as MAX_VARIATION_DEPTH,
)
from ._values import (
    BrokenDeal as BrokenDeal,
)
from ._values import (
    Header as Header,
)
from ._values import (
    ReadResult as ReadResult,
)
from .errors import NotationError

__all__ = [
    "MAX_VARIATION_DEPTH",
    "BrokenDeal",
    "Header",
    "ReadResult",
    "deal_texts",
    "iter_deals",
    "iter_read",
    "iter_read_texts",
    "load",
    "loads",
    "parse_action",
    "read",
    "read_file",
    "skim",
]


#: Names of the Lark path that this module gives on first use (:mod:`._lark`), so that
#: reading a record the fast path reads imports no Lark (``gouji fmt --check``'s start-up).
_LARK_NAMES = frozenset({"_LONG_TERMINALS", "_parser", "_possessive"})


def __getattr__(name: str) -> Any:
    if name in _LARK_NAMES:
        from . import _lark

        return getattr(_lark, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_VERSION_LINE = re.compile(r"[ \t]*%GJN[ \t]+(\d{1,6})[ \t]*(?=\n|$)", re.I)


#: The version a file without a version line is read as.
DEFAULT_VERSION = 1


Source = str | os.PathLike[str] | IO[str] | IO[bytes]


def _pieces(source: Source) -> tuple[Iterator[str], str, IO[Any] | None]:
    """Decoded text pieces of a source, its name, and the stream to close (if opened)."""
    if isinstance(source, str):
        return iter((source,)), "<string>", None
    if isinstance(source, os.PathLike):
        raw = Path(source).open("rb")  # noqa: SIM115 - closed by the caller when done
        return _decoded(raw), str(source), raw
    name = str(getattr(source, "name", "<stream>"))
    if isinstance(source, io.TextIOBase) or hasattr(source, "encoding"):
        return _text_pieces(source), name, None  # type: ignore[arg-type]
    return _decoded(source), name, None  # type: ignore[arg-type]


def _iter_any(
    source: Source, filename: str | None
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    pieces, name, opened = _pieces(source)
    name = filename or name
    try:
        yield from _read_texts(((s, t) for s, t, _ in _chunks(pieces)), name)
    except UnicodeDecodeError as exc:  # from a text stream the caller opened
        yield [], None, _decode_error(exc, name)
    finally:
        if opened is not None:
            opened.close()


def deal_texts(source: Source) -> Iterator[tuple[int, str]]:
    """Cut a GJN source into the texts of its deals without parsing them: ``(first line,
    text)`` pairs, line ends as ``\\n``, a leading BOM dropped, one block of input held at
    a time.  :func:`iter_read_texts` reads them, whole or a run of them at a time (e.g.
    in another process), with the same positions as :func:`iter_read`.

    >>> list(deal_texts('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'))
    [(1, '[Deal "1"]\\n1:3\\n'), (3, '[Deal "2"]\\n1:Z')]

    :raises UnicodeDecodeError: only from a text stream the caller opened.
    """
    pieces, _, opened = _pieces(source)
    try:
        for start, text, _ in _chunks(pieces):
            yield start, text
    finally:
        if opened is not None:
            opened.close()


def iter_read_texts(
    texts: Iterable[tuple[int, str]], *, filename: str = "<string>"
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    """:func:`iter_read` over texts cut by :func:`deal_texts`, starting at any of them:
    positions are counted from each text's first line, and the text at line 1 is read as
    the head of the file (its ``%GJN`` line and prologue).

    >>> texts = list(deal_texts('%GJN 1\\n[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'))
    >>> [(v, d.span.line) for _, v, d in iter_read_texts(texts[1:])]
    [(None, 4)]
    """
    return _read_texts(texts, filename)


def _read_texts(
    texts: Iterable[tuple[int, str]], name: str
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    for start, text in texts:
        version: int | None = None
        vm = None
        if start == 1:
            version = DEFAULT_VERSION
            vm = _VERSION_LINE.match(text)
            if vm is not None:
                version = int(vm.group(1))
                text = text[vm.end() + 1 :]
                start += 1
        prologue, written, deals = _parse_chunk(start, text, name)
        if version == DEFAULT_VERSION and written is not None and vm is None:
            version = written  # a version line of 7+ digits (issue #15: it was dropped)
        if not deals:
            yield prologue, version, None
        for i, d in enumerate(deals):
            yield (prologue if i == 0 else []), (version if i == 0 else None), d


def iter_deals(source: Source, *, filename: str | None = None) -> Iterator[m.Deal | BrokenDeal]:
    """Yield the deals of a GJN source one by one, broken deals included.

    ``source`` is GJN text (a ``str``), a path, or an open text or binary stream.  Only
    one deal (and one block of input) is held in memory at a time when reading from a
    path or a stream.

    >>> [type(d).__name__ for d in iter_deals('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z')]
    ['Deal', 'BrokenDeal']
    """
    if isinstance(source, str):
        _refuse_path(source, "iter_deals")
    for _, _, deal in _iter_any(source, filename):
        if deal is not None:
            yield deal


def _decode_error(exc: UnicodeDecodeError, filename: str) -> BrokenDeal:
    data = exc.object if isinstance(exc.object, bytes) else b""
    before = data[: exc.start]
    line = before.count(b"\n") + 1
    col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
    err = NotationError(
        "GJN115",
        line=line,
        column=col,
        en="the file is not valid UTF-8 text",
        zh="文件不是有效的 UTF-8 文本",
        found=data[exc.start : exc.end].hex(" "),
        filename=filename,
    )
    return BrokenDeal(data.decode("utf-8", "replace"), (err,), m.Span(line, col))


#: What :func:`read` accepts: GJN text, UTF-8 bytes or an open stream (never a path).
Text = str | bytes | IO[str] | IO[bytes]


def iter_read(
    source: str | bytes | Source, *, filename: str | None = None
) -> Iterator[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]]:
    """:func:`read` one deal at a time: ``(prologue comments, version, deal)`` triples, the
    prologue and the version with the first (``None`` later), the deal ``None`` when the
    source holds comments only.  Only one deal's model exists at a time.

    >>> text = '%GJN 1\\n[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:Z'
    >>> [(v, type(d).__name__) for _, v, d in iter_read(text)]
    [(1, 'Deal'), (None, 'BrokenDeal')]
    """
    name = filename
    if isinstance(source, bytes):
        name = name or "<bytes>"
        source = source.decode("utf-8", "surrogateescape")
    return _iter_any(source, name)


_FILE_SUFFIXES = (".gjn", ".json")


def _refuse_path(source: object, verb: str) -> None:
    """Refuse a path where GJN text is expected: ``read("final.gjn")`` would otherwise
    parse the eight characters of the name as a record."""
    if isinstance(source, os.PathLike):
        raise TypeError(
            f"{verb}() takes GJN text, bytes or an open stream, not a path "
            f"({os.fspath(source)!r}): use gojinotation.read_file(path) or load(path) / "
            f"{verb}() 只接受 GJN 文本、字节或已打开的流，不接受路径："
            "读文件请用 read_file(path) 或 load(path)"
        )
    if (
        isinstance(source, str)
        and len(source) < 4096  # a path, not a record; checked cheaply before the rest
        and source.rstrip().lower().endswith(_FILE_SUFFIXES)
        and "\n" not in source
        and os.path.isfile(source.strip())
    ):
        hint = (
            "gojinotation.jsonio.load_json_match(Path(path).read_bytes())"
            if source.strip().lower().endswith(".json")
            else "gojinotation.read_file(path) or load(path)"
        )
        raise ValueError(
            f"{verb}() takes GJN text, and {source!r} is the name of a file, not GJN: use {hint} / "
            f"{verb}() 只接受 GJN 文本，而 {source!r} 是文件名：请用 {hint}"
        )


def read(source: Text, *, filename: str | None = None) -> ReadResult:
    """Read a whole GJN text leniently: every deal, broken ones kept, every error.

    ``source`` is the text itself (``str``), UTF-8 ``bytes`` or an open stream; a file
    is read by :func:`read_file`.  Bytes are decoded as UTF-8; undecodable input is
    reported (GJN115) for the deal it stands in, not raised, and the other deals are
    read as usual.

    >>> r = read('[Event "a"]\\n1:ZZ\\n\\n[Event "b"]\\n1:333')
    >>> [type(d).__name__ for d in r.match.deals], r.errors[0].code, r.errors[0].line
    (['BrokenDeal', 'Deal'], 'GJN110', 2)
    >>> from pathlib import Path
    >>> read(Path("final.gjn"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: read() takes GJN text, bytes or an open stream, not a path ('final.gjn'): ...

    :raises TypeError: ``source`` is a path object.
    :raises ValueError: ``source`` is a string naming an existing ``.gjn`` or ``.json``
        file (and so no GJN): read files with :func:`read_file`.
    """
    _refuse_path(source, "read")
    return _read_any(source, filename)


def read_file(path: str | os.PathLike[str], *, filename: str | None = None) -> ReadResult:
    """Read a ``.gjn`` file leniently (like :func:`read`), streaming it block by block.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = os.path.join(tmp, "a.gjn")
    ...     _ = open(p, "w", encoding="utf-8").write('[Event "a"]\\n1:333')
    ...     r = read_file(p)
    >>> len(r.match.deals), r.errors, r.match.deals[0].span.line
    (1, (), 1)

    :raises OSError: the file cannot be opened.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"read_file() takes a path, not {type(path).__name__}")
    return _read_any(Path(path), filename or os.fspath(path))


def _read_any(source: str | bytes | Source, filename: str | None) -> ReadResult:
    deals: list[m.Deal | BrokenDeal] = []
    prologue: list[m.Comment] = []
    version: int | None = None
    errors: list[NotationError] = []
    for pro, ver, deal in iter_read(source, filename=filename):
        prologue.extend(pro)
        if ver is not None:
            version = ver
        if deal is None:
            continue
        deals.append(deal)
        if isinstance(deal, BrokenDeal):
            errors.extend(deal.errors)
    if version is None:  # nothing at all was read
        version = DEFAULT_VERSION
    match = m.Match(tuple(deals), version, tuple(prologue))
    return ReadResult(match, tuple(errors))


def loads(text: str | bytes, *, filename: str | None = None) -> m.Match:
    """Parse GJN text strictly (:func:`read`, raising the first error).

    >>> len(loads('[Event "a"]\\n1:333').deals)
    1

    :raises NotationError: the first syntax error, with its position.
    :raises TypeError, ValueError: ``text`` is a path (see :func:`read`).
    """
    result = read(text, filename=filename)
    if result.errors:
        raise result.errors[0]
    return result.match


def load(path: str | os.PathLike[str]) -> m.Match:
    """Parse a ``.gjn`` file strictly (:func:`read_file`, raising the first error).

    :raises NotationError: the first syntax error, with its position.
    :raises OSError: the file cannot be opened.
    """
    result = read_file(path)
    if result.errors:
        raise result.errors[0]
    return result.match


def skim(source: Source, *, filename: str | None = None) -> Iterator[Header]:
    """Yield the tags of each deal without parsing hands or moves (fast).

    Tags inside comments are not tags; the first value of a repeated name wins.

    >>> [h.tags["Deal"] for h in skim('[Deal "1"]\\n1:3\\n[Deal "2"]\\n1:4')]
    ['1', '2']
    """
    pieces, _, opened = _pieces(source)
    try:
        for index, (start, _, tags) in enumerate(_chunks(pieces, tags=True)):
            if tags:
                yield Header(tags, index, start)
    finally:
        if opened is not None:
            opened.close()


_ACTION_PREFIX = '[Event ""]\n'


def _action_error(
    text: str,
    column: int,
    en: str,
    zh: str,
    found: str = "",
    code: str = "GJN101",
    expected: tuple[str, ...] = (),
) -> NotationError:
    return NotationError(
        code,
        line=1,
        column=column,
        en=en,
        zh=zh,
        found=found,
        expected=expected,
        source_line=text,
        filename="<action>",
    )


def parse_action(text: str) -> m.Action:
    """Parse one action written in GJN, e.g. ``3:KKK``, ``3:-`` or ``3:burn KKKK !?``.

    Glyphs and structured notes after the action belong to it; anything else (a second
    action, a round number, a comment, a variation, a line break) is refused.  The result
    is the frozen action class for the text; ``str()`` of it is the canonical GJN.

    >>> a = parse_action("3:kkk !")
    >>> type(a).__name__, a.seat, str(a)
    ('Play', 3, '3:KKK !')
    >>> try:
    ...     parse_action("3:KKK 4:-")
    ... except NotationError as err:
    ...     print(err.code, err.line, err.column, err.message())
    GJN101 1 7 exactly one action expected; this is a second item (found '4:-')

    :raises NotationError: the text is not exactly one action (``line`` is 1, ``column``
        points into ``text``).
    :raises TypeError: ``text`` is not a ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_action() takes GJN text (str), not {type(text).__name__}")
    for i, ch in enumerate(text):
        if ch in "\r\n":
            raise _action_error(
                text, i + 1, "one action expected on one line", "应为一行中的一个动作", ch
            )
    result = _read_any(_ACTION_PREFIX + text, None)
    if result.errors:
        err = result.errors[0]
        col = err.column if err.line == 2 else 1
        raise _action_error(text, col, err.en, err.zh, err.found, err.code, err.expected)
    deal = result.match.deals[0] if result.match.deals else None
    items = deal.moves if isinstance(deal, m.Deal) else ()
    if not items:
        return _raise_empty(text)
    first = items[0]
    if not isinstance(first, m.ACTION_TYPES):
        col = getattr(getattr(first, "span", None), "column", 1) or 1
        raise _action_error(
            text, col, "an action such as 3:KKK expected", "应为一个动作，例如 3:KKK", text
        )
    if len(items) > 1:
        extra = items[1]
        col = getattr(getattr(extra, "span", None), "column", 1) or 1
        raise _action_error(
            text,
            col,
            "exactly one action expected; this is a second item",
            "只应有一个动作；这是多余的内容",
            text[col - 1 :].strip(),
        )
    return cast(m.Action, first)


def _raise_empty(text: str) -> m.Action:
    raise _action_error(
        text, 1, "an action such as 3:KKK expected", "应为一个动作，例如 3:KKK", text, "GJN102"
    )
