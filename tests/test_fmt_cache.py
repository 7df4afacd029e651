"""``gouji fmt --check``'s cache of canonical files (cli/_fmtcache.py): a file checked
canonical before is answered without the reader or the engine, and never a file whose
bytes differ from those checked."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "qingdao-standard-full.gjn"

#: Runs ``gouji ARGS`` in a fresh interpreter; prints the exit code and whether the
#: reader, Lark and the engine were imported.
CHILD = """
import sys
from gojinotation_analyzer.cli.main import main
code = main.main(sys.argv[1:], standalone_mode=False)
mods = ("gojinotation.reader", "lark", "gojinotation_analyzer.engine")
print(code, *(m in sys.modules for m in mods))
"""


def gouji(*args: str, env: dict[str, str] | None = None) -> tuple[str, str]:
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
    assert gouji("fmt", "--check", str(record)) == ("0 True True True", "")
    assert entries(cache) == [hashlib.sha256(record.read_bytes()).hexdigest()]
    assert gouji("fmt", "--check", str(record)) == ("0 False False False", "")
    # another path with the same bytes is the same answer
    twin = tmp_path / "twin.gjn"
    twin.write_bytes(record.read_bytes())
    assert gouji("fmt", "--check", str(twin))[0] == "0 False False False"


def test_changed_bytes_are_checked_in_full(tmp_path: Path) -> None:
    cache = Path(os.environ["GOUJI_CACHE_DIR"])
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    assert gouji("fmt", "--check", str(record))[0] == "0 True True True"
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
    assert (
        gouji("fmt", "--check", str(record), env={"GOUJI_NO_CACHE": "1"})[0] == "0 True True True"
    )
    assert entries(cache) == []
    assert gouji("fmt", "--check", "--fill-hands", str(record))[0].startswith("0 True")
    assert entries(cache) == []
    assert gouji("fmt", "--check", str(record))[0] == "0 True True True"
    # the options are part of the key: --no-explicit is checked in full once
    assert gouji("fmt", "--check", "--no-explicit", str(record))[0] == "0 True True False"
    assert gouji("fmt", "--check", "--no-explicit", str(record))[0] == "0 False False False"


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    record = tmp_path / "r.gjn"
    record.write_bytes(SAMPLE.read_bytes())
    for _ in range(2):
        out, err = gouji("fmt", "--check", str(record), env={"GOUJI_CACHE_DIR": str(blocker)})
        assert out == "0 True True True" and err == ""
