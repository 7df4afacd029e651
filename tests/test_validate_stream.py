"""``gouji validate`` a deal at a time for every input (issue #15/#16): standard input,
GBK/GB18030 and UTF-16 records (decoded a block at a time), JSON records (read a deal at a
time, twice) and the ``--format json`` document (written as the findings come) give what
reading each record whole gives: the same output and exit code.  Memory:
tests/test_stream_memory.py."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DEAL = (
    '[Event "够级"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
    "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
    "1. 1:3 2:4 3:- 4:- 5:- 6:- 1:- 2:close\n"
)
BAD = DEAL.replace("2:4 3:-", "3:4 2:-")  # out of turn: rule errors


def _records(tmp: Path) -> list[Path]:
    """Records of every kind: GJN in UTF-8 and other encodings, JSON, broken ones."""
    made = {
        "gbk.gjn": ((DEAL + "\n" + BAD) * 3).encode("gbk"),
        "utf16.gjn": ((BAD + "\n" + DEAL) * 2).encode("utf-16"),
        "gb18030.gjn": (DEAL + "\n" + BAD).encode("gb18030"),
        "broken.gjn": (DEAL + "\n1:ZZ\n\n" + BAD).encode(),
    }
    out = []
    for name, data in made.items():
        (tmp / name).write_bytes(data)
        out.append(tmp / name)
    for sample in ("final-2026.gjn", "bie3.gjn", "burn.gjn"):
        target = tmp / sample.replace(".gjn", ".json")
        r = CliRunner().invoke(main, ["convert", str(ROOT / "samples" / sample), "-o", str(target)])
        assert r.exit_code == 0
        out.append(target)
    hostile = ROOT / "tests" / "hostile"
    for name in ("json_late_error.json", "json_deals_first.json", "junk.gjn", "latin1.gjn"):
        out.append(hostile / name)
    return out


def _whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every record read whole (as one that cannot be streamed is)."""
    from gojinotation_analyzer.cli import common
    from gojinotation_analyzer.cli import validate as v

    def whole(path: str, lang: str, options: Any) -> Iterator[Any]:
        with common.open_source(path, lang) as src:
            assert src is not None
            yield v._whole_record(src, lang, options)

    monkeypatch.setattr(common, "_detect", lambda *args: (None, None))  # the notice: once
    monkeypatch.setattr(v, "_source_events", whole)


def _run(args: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["--lang", "en", *args], input=stdin)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl"])
@pytest.mark.parametrize("extra", [[], ["--errors-only"], ["--profiles", "qingdao,tongsu"]])
def test_streamed_files_are_validated_as_whole_ones(
    fmt: str, extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [str(p) for p in _records(tmp_path)]
    args = ["validate", "--format", fmt, *extra, *files]
    streamed = _run(args)
    with monkeypatch.context() as m:
        _whole(m)
        whole = _run(args)
    assert streamed == whole
    assert "is not UTF-8: read as GBK" in streamed[2]


@pytest.mark.parametrize("name", ["gbk.gjn", "utf16.gjn", "broken.gjn", "final-2026.json"])
def test_standard_input_is_streamed_as_the_file_is(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (path,) = [p for p in _records(tmp_path) if p.name == name]
    data = path.read_bytes()
    stdin_fmt = ["--format", "jsonl"]
    streamed = _run(["validate", *stdin_fmt, "-"], data)
    with monkeypatch.context() as m:
        _whole(m)
        whole = _run(["validate", *stdin_fmt, "-"], data)
    assert streamed == whole
    from_file = _run(["validate", *stdin_fmt, str(path)])
    assert streamed[0] == from_file[0]
    assert streamed[1].replace("<stdin>", "X") == from_file[1].replace(str(path), "X")


def test_the_json_document_is_written_laid_out_as_json_dump(tmp_path: Path) -> None:
    """The document written a piece at a time is ``json.dumps(doc, indent=2)`` of itself,
    and it holds the files first, each file's findings before its counts, the summary
    last (``docs/validator.md``, *JSON*)."""
    files = [str(p) for p in _records(tmp_path)] + [str(tmp_path / "missing.gjn")]
    code, out, _ = _run(["validate", "--format", "json", *files])
    doc = json.loads(out)
    assert out == json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    assert list(doc) == ["format", "version", "files", "exit_code", "summary"]
    assert [list(f)[:3] for f in doc["files"]] == [["file", "diagnostics", "comparisons"]] * len(
        files
    )
    assert doc["exit_code"] == code == 2
    assert doc["summary"]["files"] == len(files) and doc["summary"]["unreadable"] == 1
    assert sum(f["counts"]["errors"] for f in doc["files"]) == doc["summary"]["errors"] > 0
    empty = _run(["validate", "--format", "json", str(tmp_path / "no*.gjn")])[1]
    assert (
        json.loads(empty)["files"] == [] and empty == json.dumps(json.loads(empty), indent=2) + "\n"
    )
