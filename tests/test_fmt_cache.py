"""``gouji fmt --check``'s cache of canonical files (cli/_fmtcache.py): a file checked
canonical before is answered without the reader or the engine, and never a file whose
bytes differ from those checked."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "qingdao-standard-full.gjn"

#: Runs ``gouji ARGS`` in a fresh interpreter; prints the exit code and whether the
#: reader and the engine were imported (and Lark: ``lark``, the last word).
CHILD = """
import sys
from gojinotation_analyzer.cli.main import main
code = main.main(sys.argv[1:], standalone_mode=False)
mods = ("gojinotation.reader", "gojinotation_analyzer.engine")
print(code, *(m in sys.modules for m in mods), "lark" if "lark" in sys.modules else "")
"""


def gouji(*args: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    """The child's first line without the word ``lark`` (see :func:`gouji_lark`), and its
    standard error."""
    out, err = gouji_lark(*args, env=env)
    return out.removesuffix(" lark"), err


def gouji_lark(*args: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    path = os.pathsep.join([str(ROOT), str(ROOT / "analyzer"), os.environ.get("PYTHONPATH", "")])
    r = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        check=False,
    )
    return r.stdout.strip(), r.stderr


def entries(cache: Path) -> list[str]:
    return sorted(p.name for p in cache.glob("fmt-check-*/*"))


def test_a_canonical_file_checked_again_needs_no_reader_nor_engine(tmp_path: Path) -> None:
    cache = Path(os.environ["GOUJI_CACHE_DIR"])
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    assert gouji("fmt", "--check", str(record)) == ("0 True True", "")
    assert entries(cache) == [hashlib.sha256(record.read_bytes()).hexdigest()]
    assert gouji("fmt", "--check", str(record)) == ("0 False False", "")
    # another path with the same bytes is the same answer
    twin = tmp_path / "twin.gjn"
    twin.write_bytes(record.read_bytes())
    assert gouji("fmt", "--check", str(twin))[0] == "0 False False"


def test_changed_bytes_are_checked_in_full(tmp_path: Path) -> None:
    cache = Path(os.environ["GOUJI_CACHE_DIR"])
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    assert gouji("fmt", "--check", str(record))[0] == "0 True True"
    text = SAMPLE.read_text(encoding="utf-8")
    for changed in (text + "\n", text.replace("\n1. ", "\n1.  ", 1), text.replace(" 2:- ", " ", 1)):
        assert changed != text
        record.write_text(changed, encoding="utf-8")
        out, err = gouji("fmt", "--check", str(record))
        assert out.split()[0] == "1" and "would reformat" in err
    assert len(entries(cache)) == 1  # only the canonical bytes were entered


def test_no_entry_when_the_cache_is_off_or_for_other_options(tmp_path: Path) -> None:
    cache = Path(os.environ["GOUJI_CACHE_DIR"])
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    assert gouji("fmt", "--check", str(record), env={"GOUJI_NO_CACHE": "1"})[0] == "0 True True"
    assert entries(cache) == []
    assert gouji("fmt", "--check", "--fill-hands", str(record))[0].startswith("0 True")
    assert entries(cache) == []
    assert gouji("fmt", "--check", str(record))[0] == "0 True True"
    # the options are part of the key: --no-explicit is checked in full once
    assert gouji("fmt", "--check", "--no-explicit", str(record))[0] == "0 True False"
    assert gouji("fmt", "--check", "--no-explicit", str(record))[0] == "0 False False"


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    for _ in range(2):
        out, err = gouji("fmt", "--check", str(record), env={"GOUJI_CACHE_DIR": str(blocker)})
        assert out == "0 True True" and err == ""


def test_the_reader_needs_no_lark_for_what_its_fast_path_reads(tmp_path: Path) -> None:
    """Issue #16 (start-up): the fast path of the reader needs only the grammar's
    terminals, shipped in the package (``gojinotation/_terminals.py``, generated; with the
    cache, ``lark-KEY.terminals.json``, only for a grammar edited since); a canonical file
    never checked before is read without importing Lark, with or without the cache.  A
    record the fast path hands over loads Lark's saved parser (``lark-KEY.pickle``); a
    cache file that cannot be read is built again, silently."""
    cache = tmp_path / "cache"
    env = {"GOUJI_CACHE_DIR": str(cache)}
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    assert gouji_lark("fmt", "--check", str(record), env=env) == ("0 True True", "")
    assert not list(cache.glob("lark-*"))  # neither Lark's parser nor the terminals
    twin = tmp_path / "twin.gjn"
    twin.write_bytes(record.read_bytes() + b"\n")  # other bytes: checked in full
    assert gouji_lark("fmt", "--check", str(twin), env=env) == ("1 True True", gouji_err(twin))
    # a record the fast path hands over reads with Lark, whose parser is then saved
    broken = tmp_path / "b.gjn"
    broken.write_text("%GJN 1\n1:ZZ\n", encoding="utf-8")
    out, err = gouji_lark("fmt", "--check", str(broken), env=env)
    assert out == "2 True False lark" and "GJN110" in err
    made = sorted(p.name for p in cache.glob("lark-*"))
    assert [n.split(".", 1)[1] for n in made] == ["pickle"]
    assert not list(cache.glob("**/*.gouji-tmp"))  # written atomically, nothing left
    # a cache that cannot be read: built again, the same answers, no message
    for p in cache.glob("lark-*"):
        p.write_bytes(b"\x80garbage")
    assert gouji_lark("fmt", "--check", str(twin), env=env) == ("1 True True", gouji_err(twin))
    out, err = gouji_lark("fmt", "--check", str(broken), env=env)
    assert out == "2 True False lark" and "GJN110" in err and "Traceback" not in err
    off = {"GOUJI_NO_CACHE": "1"}
    assert gouji_lark("fmt", "--check", str(twin), env=off) == ("1 True True", gouji_err(twin))


def test_an_edited_grammar_keeps_its_terminals_in_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the grammar is not the one ``_terminals.py`` was generated from (a grammar
    being edited), the terminals come from Lark and are kept in the cache
    (``lark-KEY.terminals.json``), read from there by the next run; a cache file that
    cannot be read is computed again."""
    from gojinotation import _grammar, _terminals

    monkeypatch.setenv("GOUJI_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(_terminals, "GRAMMAR_SHA256", "0" * 64)
    monkeypatch.setattr(_grammar, "_TERMINALS", None)
    expected = _grammar.lark_terminals()
    assert _grammar.terminal_regexps() == expected
    (kept,) = tmp_path.glob("lark-*.terminals.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == expected
    kept.write_text(json.dumps({"SEAT": "only this"}), encoding="utf-8")
    monkeypatch.setattr(_grammar, "_TERMINALS", None)
    assert _grammar.terminal_regexps() == {"SEAT": "only this"}  # read from the cache
    kept.write_bytes(b"\x80garbage")
    monkeypatch.setattr(_grammar, "_TERMINALS", None)
    assert _grammar.terminal_regexps() == expected


def gouji_err(path: Path) -> str:
    return f"would reformat {path}\n"
