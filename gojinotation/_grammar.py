"""The grammar's file and what the reader keeps of it between runs, without Lark.

The fast path of the reader (:mod:`._fast`) needs only the regular expressions of the
grammar's terminals; Lark itself (about 60 ms of CPU to import, 50 ms more to build the
parser) is needed only for a text the fast path hands over.  So the terminals are kept
in the cache directory (:func:`gojinotation.fileio.cache_dir`) beside Lark's saved parser
(:func:`gojinotation._lark.parser_cache_path`), both named by a digest of the grammar's
text, Lark's version and Python's, written atomically, and a cache that cannot be read
or written is no cache: they are computed again, silently.

The terminals are also kept in the package, generated (:mod:`._terminals`, written by
``python -m gojinotation._grammar --write`` and checked against Lark by
``tests/test_startup.py``): when the shipped grammar's digest is the one they were
generated from, the reader needs neither the cache nor Lark, even with ``GOUJI_NO_CACHE``.

Part of :mod:`gojinotation.reader`.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

#: The normative grammar: ``grammar/gjn.lark`` in the repository, shipped inside this
#: package as ``gojinotation/gjn.lark``.
GRAMMAR_PATH = Path(__file__).with_name("gjn.lark")


def grammar_text() -> str:
    """The grammar's text."""
    return GRAMMAR_PATH.read_text(encoding="utf-8")


def grammar_digest() -> str:
    """The SHA-256 of the grammar's text (UTF-8), what :mod:`._terminals` was generated
    from.

    >>> len(grammar_digest())
    64
    """
    return hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()


_VERSION = re.compile(r"""__version__[^=\n]*=\s*["']([^"']+)""")


def _lark_version() -> str:
    """Lark's version, without importing Lark (nor :mod:`importlib.metadata`, which took
    longer than the cached parser saves): read from its ``__init__.py``."""
    if "lark" in sys.modules:
        return str(sys.modules["lark"].__version__)
    import importlib.util

    spec = importlib.util.find_spec("lark")
    if spec is None or spec.origin is None:  # pragma: no cover - lark is a dependency
        return "?"
    try:
        found = _VERSION.search(Path(spec.origin).read_text(encoding="utf-8"))
    except OSError:  # pragma: no cover
        return "?"
    return found.group(1) if found else "?"


def cache_key() -> str:
    """A digest of the grammar's text, Lark's version and Python's: what the parser and
    its terminals depend on.

    >>> len(cache_key())
    32
    """
    h = hashlib.sha256(grammar_text().encode("utf-8"))
    h.update(f"\0{_lark_version()}\0{sys.version}\0lalr-contextual-1".encode())
    return h.hexdigest()[:32]


def cache_path(suffix: str) -> Path | None:
    """``lark-KEY.SUFFIX`` in the cache directory; None when the cache is off."""
    from ._cache import cache_dir

    root = cache_dir()
    return None if root is None else root / f"lark-{cache_key()}.{suffix}"


_TERMINALS: dict[str, str] | None = None


def terminal_regexps() -> dict[str, str]:
    """Every terminal of the grammar by name -> its regular expression, as Lark compiles
    it (read from the cache, else from Lark's parser and saved there).

    >>> import re
    >>> re.fullmatch(terminal_regexps()["SEAT"], "3:") is not None
    True
    """
    global _TERMINALS
    if _TERMINALS is not None:
        return _TERMINALS
    from . import _terminals

    if grammar_digest() == _terminals.GRAMMAR_SHA256:
        _TERMINALS = dict(_terminals.TERMINALS)
        return _TERMINALS
    path = cache_path("terminals.json")
    import json

    if path is not None:
        try:
            got = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(got, dict) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in got.items()
            ):
                _TERMINALS = got
                return got
        except (OSError, ValueError):
            pass
    terms = lark_terminals()
    if path is not None:
        try:
            from .fileio import atomic_write

            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, json.dumps(terms, ensure_ascii=False).encode("utf-8"))
        except Exception:  # a cache that cannot be written is no cache
            pass
    _TERMINALS = terms
    return terms


def lark_terminals() -> dict[str, str]:
    """The terminals as Lark compiles them (imports Lark and builds, or loads, its parser):
    what :func:`terminal_regexps` reads from :mod:`._terminals` or the cache."""
    from ._lark import _parser

    return {t.name: t.pattern.to_regexp() for t in _parser().terminals}


TERMINALS_PATH = Path(__file__).with_name("_terminals.py")


def terminals_module() -> str:
    """The text of :mod:`._terminals` for the grammar as it is (imports Lark)."""
    import json

    def lit(s: str) -> str:  # quoted as ruff's formatter quotes (a JSON string is Python)
        return repr(s) if '"' in s and "'" not in s else json.dumps(s, ensure_ascii=False)

    body = "".join(f"    {lit(k)}: {lit(v)},\n" for k, v in sorted(lark_terminals().items()))
    return (
        '"""The grammar\'s terminals as Lark compiles them, for the reader\'s fast path without\n'
        "Lark (:func:`gojinotation._grammar.terminal_regexps`).  Generated by\n"
        "``python -m gojinotation._grammar --write``; do not edit (``tests/test_startup.py``\n"
        'checks it against Lark)."""\n\n'
        "# ruff: noqa: E501\n\n"
        f"GRAMMAR_SHA256 = {lit(grammar_digest())}\n\n"
        f"TERMINALS: dict[str, str] = {{\n{body}}}\n"
    )


def main(argv: list[str] | None = None) -> int:
    """``--check``: exit 1 when :mod:`._terminals` is stale; ``--write``: write it again."""
    from .fileio import check_or_write

    args = sys.argv[1:] if argv is None else argv
    return check_or_write(
        TERMINALS_PATH, terminals_module(), args, "python -m gojinotation._grammar --write"
    )


if __name__ == "__main__":
    raise SystemExit(main())
