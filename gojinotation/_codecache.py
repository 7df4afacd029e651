"""The methods ``attrs`` writes for each class, kept compiled between runs as byte code.

``attrs`` makes a class's ``__init__``, ``__eq__``, ``__hash__`` … by writing their source
and compiling it, at every import: for the ~120 classes the engine, the rules and the
model define, that compiling was about 45 ms of the ~130 ms their imports took (a third
of a ``gouji fmt --check`` of one deal; issue #16 item 4).  :func:`install` keeps the
compiled code of each generated source in one file beside the package's byte code
(``__pycache__/_codecache.<tag>.attrs``, or under ``PYTHONPYCACHEPREFIX``), so a later
run compiles only sources it has not met: the same code (but for the end column recorded
for the number a ``__hash__`` is salted with, see below), since an entry is used only
for the exact source text and file name, and the file only when its header is this
Python's byte-code magic number.

It follows Python's own rules for byte code: written at exit, atomically
(:func:`gojinotation.fileio.atomic_write`), only when
something new was compiled and writing byte code is allowed (not under
``PYTHONDONTWRITEBYTECODE`` or ``-B``); a file that cannot be read, written or
understood is no cache, silently.  ``gouji`` installs it (:mod:`gojinotation_analyzer.cli.main`);
importing this module imports nothing beyond the standard library's core, and attrs is
patched only when something imports it (``gouji --help`` imports no attrs).

``tests/test_startup.py`` checks that the classes made with it have the same code as
those made without.
"""

import contextlib
import marshal
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from importlib.util import MAGIC_NUMBER, cache_from_source
from types import CodeType, ModuleType
from typing import Any

#: The attrs module whose ``compile`` calls are cached.
TARGET = "attr._make"
#: The file's header: Python's byte-code magic number and this file's own format.
HEADER = MAGIC_NUMBER + b"attrs-code-3\n"

#: By the file name attrs gives a class's generated methods (one entry a class: an
#: edited class replaces its own), their source and the marshalled code compiled from
#: it (unmarshalled on use).
_table: dict[str, tuple[str, bytes]] | None = None
_new: dict[str, tuple[str, bytes]] = {}
_installed = False


def cache_path() -> str:
    """The file: beside this module's byte code, as Python would place it.

    >>> cache_path().endswith(".attrs")
    True
    """
    pyc = cache_from_source(__file__)
    return pyc[: -len(".pyc")] + ".attrs"


def _load() -> dict[str, tuple[str, bytes]]:
    global _table
    if _table is None:
        _table = {}
        try:
            with open(cache_path(), "rb") as f:
                data = f.read()
            if data[: len(HEADER)] == HEADER:
                got = marshal.loads(data[len(HEADER) :])
                if isinstance(got, dict):
                    _table = got
        except Exception:  # no file, or one that is not ours: no cache
            _table = {}
    return _table


def _save() -> None:
    """Write the table with this run's new entries (at exit; see the module's text)."""
    if not _new or sys.dont_write_bytecode:
        return
    table = {**_load(), **_new}
    path = cache_path()
    with contextlib.suppress(Exception):  # a cache that cannot be written is no cache
        from .fileio import atomic_write  # a reader sees the old file or the new one

        os.makedirs(os.path.dirname(path), exist_ok=True)
        atomic_write(path, HEADER + marshal.dumps(table))
    _new.clear()


_METHODS = "<attrs generated methods "


_HELD = "9" * 20


def _salt(filename: str) -> int | None:
    """The number attrs writes into a class's ``__hash__``: ``hash()`` of the name it
    gives the hash method (``attr._make._make_hash_script``), different in every process.

    >>> _salt("<attrs generated methods m.C>") == hash("<attrs generated hash m.C>")
    True
    """
    if not filename.startswith(_METHODS):
        return None
    return hash("<attrs generated hash " + filename[len(_METHODS) :])


def _swap(code: CodeType, old: int, new: int) -> CodeType:
    """``code`` with the constant ``old`` replaced by ``new``, in nested code too.

    >>> c = _swap(compile("def f():\\n    return 7", "<x>", "exec"), 7, -8)
    >>> ns: dict[str, Any] = {}
    >>> exec(c, ns)
    >>> ns["f"]()
    -8
    """
    consts = tuple(_swap_const(c, old, new) for c in code.co_consts)
    return code.replace(co_consts=consts) if consts != code.co_consts else code


def _swap_hash(code: CodeType, old: int, new: int) -> CodeType:
    """:func:`_swap` in the ``__hash__`` a class's generated code defines (the one
    function that holds the salt), the others left as they are."""
    consts = tuple(
        _swap(c, old, new) if isinstance(c, CodeType) and c.co_name == "__hash__" else c
        for c in code.co_consts
    )
    return code.replace(co_consts=consts)


def _swap_const(c: Any, old: int, new: int) -> Any:
    """A constant with ``old`` replaced: in code, in a folded tuple (``hash((n,))``)."""
    if type(c) is int:
        return new if c == old else c
    if isinstance(c, CodeType):
        return _swap(c, old, new)
    if type(c) is tuple:
        return tuple(_swap_const(x, old, new) for x in c)
    return c


def _patch(module: ModuleType) -> None:
    """Give ``module`` a ``compile`` that looks up the code of a source met before."""
    import __future__

    import atexit
    import builtins

    real = builtins.compile
    # the future features of the module, which its own ``compile`` calls inherit
    inherited = 0
    for value in vars(module).values():
        if isinstance(value, __future__._Feature):
            inherited |= value.compiler_flag

    def compile(  # the name attrs calls
        source: Any,
        filename: Any,
        mode: str,
        flags: int = 0,
        dont_inherit: bool = False,
        optimize: int = -1,
    ) -> Any:
        if not dont_inherit:
            flags |= inherited
        if mode != "exec" or flags != inherited or optimize != -1 or type(source) is not str:
            return real(source, filename, mode, flags, True, optimize)
        # A ``__hash__`` holds a number salted per process (``hash()`` of a name): the
        # kept source and code hold a placeholder (20 digits, the widest a salt is
        # written), swapped for this run's number; only the end column recorded for that
        # constant (where a traceback would put its caret, and loading a constant cannot
        # fail) may differ from the code attrs compiles.
        name = str(filename)
        salt = _salt(name)
        digits = str(salt)
        held = _HELD
        keyed = source.replace(digits, held) if salt is not None and digits in source else ""
        text = keyed or source
        key = name
        got = _load().get(key)
        code = None
        if got is not None and got[0] == text:
            with contextlib.suppress(Exception):
                code = marshal.loads(got[1])
        if type(code) is not CodeType:
            code = real(text, filename, mode, flags, True, optimize)
            _new[key] = (text, marshal.dumps(code))
        return _swap_hash(code, int(held), salt) if keyed and salt is not None else code

    module.compile = compile  # type: ignore[attr-defined]
    atexit.register(_save)


class _Finder:
    """Patches :data:`TARGET` right after it is first imported (a one-shot finder)."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != TARGET:
            return None
        sys.meta_path.remove(self)
        spec = None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                break
        loader = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _patch(module)

        loader.exec_module = exec_module
        return spec


def install() -> None:
    """Cache the code attrs compiles from now on (once a process; see the module's text)."""
    global _installed
    if _installed:
        return
    _installed = True
    module = sys.modules.get(TARGET)
    if module is not None:
        _patch(module)
    else:
        sys.meta_path.insert(0, _Finder())
