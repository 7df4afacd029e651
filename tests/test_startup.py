"""Start-up (issue #16 item 4): what ``gouji`` loads for one record, pinned without timing.

The CPU figures are measured by ``benchmarks/bench_startup.py`` and written in
``docs/performance.md`` (*Start-up and the JSON reader*); these tests pin what makes them:
the modules a command must not import and the profiles it must not read, in a fresh
child interpreter, and the generated modules that spare the work (checked against the
sources they are generated from).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "qingdao-standard-full.gjn"

#: Runs ``gouji ARGS`` in a fresh interpreter and prints, as JSON, the exit code, the
#: modules imported and the shipped profiles read.
CHILD = """
import sys
from gojinotation_analyzer.cli.main import main
code = main.main(sys.argv[1:], standalone_mode=False)
modules = sorted(sys.modules)
profiles = []
if "gojinotation_analyzer.rules.provenance" in sys.modules:
    profiles = sorted(dict.keys(sys.modules["gojinotation_analyzer.rules.provenance"].PROFILES))
import json
print(json.dumps({"code": code, "modules": modules, "profiles": profiles}))
"""


def child(*args: str, env: dict[str, str] | None = None) -> dict[str, object]:
    path = os.pathsep.join([str(ROOT), str(ROOT / "analyzer"), os.environ.get("PYTHONPATH", "")])
    r = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        check=False,
    )
    assert r.returncode == 0, r.stderr
    got: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return got


def test_terminals_module_is_what_lark_compiles() -> None:
    """``gojinotation/_terminals.py`` is generated from the grammar; stale, it is
    written again by ``python -m gojinotation._grammar --write``."""
    from gojinotation import _grammar, _terminals

    assert _grammar.TERMINALS_PATH.read_text(encoding="utf-8") == _grammar.terminals_module(), (
        "gojinotation/_terminals.py is stale: run python -m gojinotation._grammar --write"
    )
    assert _grammar.grammar_digest() == _terminals.GRAMMAR_SHA256
    assert _grammar.lark_terminals() == _terminals.TERMINALS
    assert _grammar.main(["--check"]) == 0


def test_stated_readings_module_is_what_the_profiles_state() -> None:
    """``rules/_stated.py`` is generated from the twenty profiles' files; stale, it is
    written again by ``python -m gojinotation_analyzer.rules.profiles --write``."""
    from gojinotation_analyzer.rules import profiles

    assert profiles.STATED_PATH.read_text(encoding="utf-8") == profiles.stated_module(), (
        "rules/_stated.py is stale: run python -m gojinotation_analyzer.rules.profiles --write"
    )
    for name in sorted(profiles.PEER_READ):
        from_files = profiles.stated_readings_from_files(name)
        assert from_files, name  # every such parameter is stated by some document
        assert profiles.stated_readings(name) == from_files
    assert profiles.main(["--check"]) == 0


def test_a_stale_generated_module_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--check`` fails on a generated module that differs from its source, and
    ``--write`` puts it right (on copies: the package's files are left alone)."""
    from gojinotation import _grammar
    from gojinotation_analyzer.rules import profiles

    for module, attr in ((_grammar, "TERMINALS_PATH"), (profiles, "STATED_PATH")):
        copy = tmp_path / getattr(module, attr).name
        copy.write_text(getattr(module, attr).read_text(encoding="utf-8") + "# edited\n")
        monkeypatch.setattr(module, attr, copy)
        assert module.main(["--check"]) == 1
        assert module.main(["--write"]) == 0
        assert module.main(["--check"]) == 0


def test_first_fmt_check_reads_one_profile_and_no_lark() -> None:
    """``gouji fmt --check`` of one deal, nothing cached: the fast path's terminals come
    from the package (no Lark), the open points' documented readings from
    ``rules/_stated.py`` (one profile's file read, not twenty), and nothing of the
    reports, the replay pages or the validator is imported."""
    got = child("fmt", "--check", str(SAMPLE), env={"GOUJI_NO_CACHE": "1"})
    assert got["code"] == 0
    assert got["profiles"] == ["qingdao-standard"]
    modules = set(got["modules"])  # type: ignore[call-overload]
    assert "gojinotation_analyzer.engine.replay" in modules  # the check does replay
    for absent in (
        "lark",
        "interegular",
        "gojinotation._lark",
        "gojinotation_analyzer.reports",
        "gojinotation_analyzer.publish",
        "gojinotation_analyzer.rules.rulebook",
        "jinja2",
        # the standard library's modules a check of a file needs none of: a diff
        # (difflib), a spool (tempfile), package data read through importlib.resources
        # (which imports tempfile, zipfile …), JSON
        "difflib",
        "tempfile",
        "importlib.resources",
        "zipfile",
        "json",
    ):
        assert absent not in modules, absent


def test_help_imports_no_notation_model_nor_engine() -> None:
    got = child("--help")
    assert got["code"] == 0
    modules = set(got["modules"])  # type: ignore[call-overload]
    for absent in ("attrs", "gojinotation.model", "gojinotation.reader", "lark", "tomllib"):
        assert absent not in modules, absent
    assert not [m for m in modules if m.startswith("gojinotation_analyzer.engine")]


#: Imports what ``gouji fmt`` and ``validate`` import (attrs' classes of the model, the
#: rules and the engine), with :mod:`gojinotation._codecache` installed or not (argv[1]),
#: and prints, as JSON, a fingerprint of the code of every method attrs generated and how
#: many sources were compiled anew.
CODE_CHILD = """
import dis, json, sys, types
import gojinotation._codecache as cc
if sys.argv[1] == "on":
    cc.install()
import attr, attrs
import gojinotation.model, gojinotation.reader
import gojinotation_analyzer.engine, gojinotation_analyzer.engine.normalize
import gojinotation_analyzer.rules.profiles

def positions(code):
    # every instruction's place; the end column of a large int constant loaded by a
    # __hash__ (its per-process salt, held as a 20-digit placeholder) left out
    out = []
    for ins in dis.get_instructions(code):
        p = list(ins.positions)
        if code.co_name == "__hash__" and ins.opname == "LOAD_CONST" and type(ins.argval) is int:
            p[3] = None
        out.append(p)
    return out

def fp(code):
    consts = [fp(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts]
    return [code.co_code.hex(), consts, code.co_names, code.co_varnames, code.co_freevars,
            code.co_cellvars, code.co_flags, code.co_argcount, code.co_kwonlyargcount,
            code.co_filename, code.co_name, code.co_firstlineno, positions(code)]

out = {}
for mod in list(sys.modules.values()):
    for cls in list(vars(mod).values()) if mod is not None else ():
        if not (isinstance(cls, type) and attrs.has(cls)):
            continue
        for name, f in sorted(vars(cls).items()):
            code = getattr(f, "__code__", None)
            if code is not None and code.co_filename.startswith("<attrs generated"):
                out[f"{cls.__module__}.{cls.__qualname__}.{name}"] = fp(code)
print(json.dumps({"methods": out, "compiled": len(cc._new)}))
"""


def code_child(mode: str, pyc: Path, env: dict[str, str], seed: int = 0) -> dict[str, object]:
    r = subprocess.run(
        [sys.executable, "-c", CODE_CHILD, mode],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPYCACHEPREFIX": str(pyc), "PYTHONHASHSEED": str(seed)},
        check=False,
    )
    assert r.returncode == 0, r.stderr
    got: dict[str, object] = json.loads(r.stdout)
    return got


def test_attrs_code_kept_compiled_is_the_code_attrs_compiles(tmp_path: Path) -> None:
    """``gojinotation/_codecache.py``: attrs' generated methods, kept compiled beside the
    byte code, are the very code attrs compiles (every method of every class the engine,
    the rules and the model define, and attrs' own: instructions, constants, names, every
    instruction's line and columns, but for the end column of a ``__hash__``'s salt,
    which may be written with fewer digits than its placeholder); a second run, under
    another hash seed too, compiles nothing anew;
    with ``PYTHONDONTWRITEBYTECODE`` nothing is written; a file that is not one is
    ignored."""
    path = os.pathsep.join([str(ROOT), str(ROOT / "analyzer"), os.environ.get("PYTHONPATH", "")])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = path
    pyc = tmp_path / "pyc"
    plain = code_child("off", pyc, env)
    assert not list(pyc.rglob("*.attrs"))  # not installed: nothing kept
    methods = plain["methods"]
    assert isinstance(methods, dict) and len(methods) > 300
    first = code_child("on", pyc, env)
    assert first["methods"] == methods and first["compiled"] != 0
    (kept,) = pyc.rglob("_codecache.*.attrs")
    again = code_child("on", pyc, env)
    assert again["methods"] == methods and again["compiled"] == 0  # every one found
    # another process's hash salt (a __hash__'s number): the same code as attrs makes
    other = code_child("on", pyc, env, seed=1)
    assert other["methods"] == code_child("off", pyc, env, seed=1)["methods"] != methods
    assert other["compiled"] == 0
    kept.write_bytes(b"not a cache")
    assert code_child("on", pyc, env)["methods"] == methods
    kept.unlink()
    quiet = code_child("on", pyc, {**env, "PYTHONDONTWRITEBYTECODE": "1"})
    assert quiet["methods"] == methods and not kept.exists()
