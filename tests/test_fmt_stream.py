"""``gouji fmt`` a deal at a time (issue #15/#16): rewriting in place, ``--check`` and
``fmt -`` (standard input) read and write one deal at a time, whatever the encoding, and
give byte for byte what reading the record whole gives: the same file, the same standard
output, the same messages and exit code (the whole path is :func:`cli.fmt._fmt_whole`,
which ``--diff`` and ``--fill-hands`` still take).  Memory: tests/test_stream_memory.py."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent

DEAL = (
    '[Event "x"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
    "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
    "1. 1:3 2:4 3:- 4:- 5:- 6:- 1:- 2:close\n"
)

#: Records every path must format alike: the samples, the hostile and malformed corpora,
#: terse records, and hand-made edge cases (bytes).
MADE: dict[str, bytes] = {
    "empty.gjn": b"",
    "comments_only.gjn": "{只有注释}\n{second}\n".encode(),
    "prologue.gjn": ("%GJN 1\n{prologue}\n\n" + DEAL + "\n" + DEAL).encode(),
    "crlf.gjn": ("%GJN 1\r\n" + DEAL.replace("\n", "\r\n") + "\r\n" + DEAL).encode(),
    "bom.gjn": ("\ufeff" + DEAL).encode(),
    "broken_middle.gjn": (DEAL + "\n" + DEAL.replace("1:3 ", "1:ZZ ") + "\n" + DEAL).encode(),
    "terse_spaces.gjn": DEAL.replace("1. 1:3 ", "1:3  ").replace(" 2:close", "").encode(),
    "future.gjn": ("%GJN 99\n" + DEAL).encode(),
    "gbk_many.gjn": ('[Event "够级决赛"]\n' + DEAL + "\n" + DEAL).encode("gbk"),
    "utf16_many.gjn": ('[Event "够级"]\n' + DEAL + "\n" + DEAL).encode("utf-16"),
    "canonical.gjn": b"",  # filled below: the canonical text of DEAL twice
    "no_newline.gjn": DEAL.rstrip("\n").encode(),
    "many_errors.gjn": ("1:ZZ\n\n" * 150).encode(),
}


def _inputs() -> Iterator[tuple[str, bytes]]:
    for folder in ("samples", "tests/hostile", "tests/malformed", "tests/terse"):
        for p in sorted((ROOT / folder).glob("*.gjn")):
            yield f"{folder}/{p.name}", p.read_bytes()
    yield from MADE.items()


INPUTS = dict(_inputs())


def _whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every record take the whole path (:func:`cli.fmt._fmt_whole`, what every
    record took before streaming; its notice of another encoding printed once, by the
    whole read)."""
    from gojinotation_analyzer.cli import common, fmt

    def whole(src: Any, path: str, lang: str, **options: Any) -> str:
        return fmt._fmt_whole(src.record(lang), path, lang, **options)

    monkeypatch.setattr(common, "_detect", lambda *args: (None, None))
    monkeypatch.setattr(fmt, "_fmt_source", whole)


def _run(args: list[str], stdin: bytes | None = None) -> tuple[int, bytes, str]:
    r = CliRunner().invoke(main, ["--lang", "en", *args], input=stdin)
    return r.exit_code, r.stdout_bytes, r.stderr


def _both(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, data: bytes, args: list[str]
) -> tuple[Any, Any]:
    """The outcome (exit code, standard output, standard error, the file after) of
    ``gouji fmt ARGS FILE`` streamed and whole, ``FILE`` holding ``data``."""
    out = []
    for mode in ("stream", "whole"):
        folder = tmp_path / mode
        folder.mkdir(exist_ok=True)
        target = folder / Path(name).name
        target.write_bytes(data)
        with monkeypatch.context() as m:
            if mode == "whole":
                _whole(m)
            code, stdout, stderr = _run(["fmt", *args, str(target)])
        out.append((code, stdout, stderr.replace(str(folder), "DIR"), target.read_bytes()))
    return out[0], out[1]


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOUJI_NO_CACHE", "1")


def test_the_made_canonical_record_is_canonical() -> None:
    import gojinotation as gj
    from gojinotation_analyzer.cli.common import canonical_text
    from gojinotation_analyzer.engine.normalize import explicit_match

    text = canonical_text(explicit_match(gj.read(DEAL + "\n" + DEAL).match))
    MADE["canonical.gjn"] = INPUTS["canonical.gjn"] = text.encode()
    assert _run(["fmt", "--check", "-"], text.encode())[0] == 0


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_fmt_in_place_streamed_is_the_whole_path(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stream, whole = _both(monkeypatch, tmp_path, name, INPUTS[name], [])
    assert stream == whole


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_fmt_check_streamed_is_the_whole_path(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stream, whole = _both(monkeypatch, tmp_path, name, INPUTS[name], ["--check"])
    assert stream == whole
    assert stream[3] == INPUTS[name]  # --check writes nothing


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_fmt_stdin_streamed_is_the_whole_path(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = INPUTS[name]
    stream = _run(["fmt", "-"], data)
    with monkeypatch.context() as m:
        _whole(m)
        whole = _run(["fmt", "-"], data)
    assert stream == whole


def test_fmt_streams_every_encoding(tmp_path: Path) -> None:
    """A GBK or UTF-16 record is decoded a block at a time, formatted and written back in
    UTF-8, with the notice naming its encoding."""
    for name in ("gbk_many.gjn", "utf16_many.gjn"):
        p = tmp_path / name
        p.write_bytes(INPUTS[name])
        code, _, err = _run(["fmt", str(p)])
        assert code == 0 and "is not UTF-8: read as" in err and "reformatted" in err
        text = p.read_text(encoding="utf-8")
        assert text.count('[Event "够级') == 1 and text.count("[Leader") == 2


def test_fmt_writes_nothing_when_a_late_deal_does_not_read_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The canonical text of each deal is read back as it is made; if a deal (here the
    third) does not read back the same, the file is left untouched, no temporary file is
    left, and nothing goes to standard output."""
    import gojinotation.writer as writer

    data = (DEAL.replace("1. 1:3 ", "1. 1:3  ") + "\n") * 3
    p = tmp_path / "r.gjn"
    p.write_bytes(data.encode())
    real = writer.write_deal
    calls = {"n": 0}

    def third_wrong(deal: Any) -> str:
        calls["n"] += 1
        text = real(deal)
        return text.replace('"x"', '"y"') if calls["n"] == 3 else text

    monkeypatch.setattr(writer, "write_deal", third_wrong)
    code, out, err = _run(["fmt", str(p)])
    assert code == 2 and "would not read back the same" in err
    assert p.read_bytes() == data.encode()
    assert sorted(os.listdir(tmp_path)) == ["r.gjn"]
    calls["n"] = 0
    code, out, err = _run(["fmt", "-"], data.encode())
    assert code == 2 and out == b"" and "would not read back the same" in err


def test_fmt_stdin_keeps_control_characters(tmp_path: Path) -> None:
    """``fmt -`` writes the canonical bytes, as ``fmt FILE`` does (an escape sequence in
    a record was stripped from standard output by click before)."""
    data = (ROOT / "tests/malformed/escape_sequence.gjn").read_bytes()
    p = tmp_path / "e.gjn"
    p.write_bytes(data)
    _, out, _ = _run(["fmt", "-"], data)
    _run(["fmt", str(p)])
    assert b"\x1b[31m" in out and out == p.read_bytes()


def test_a_disk_full_half_way_leaves_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The disk fills up while the third deal is written to the temporary file: the file
    is untouched, no temporary is left, the message names the file and the reason."""
    import contextlib

    import gojinotation.fileio as fileio

    real = fileio.atomic_writer

    @contextlib.contextmanager
    def filling(path: Any, **kw: Any) -> Iterator[Any]:
        with real(path, **kw) as fh:
            calls = {"n": 0}
            write = fh.write

            def limited(data: bytes) -> int:
                calls["n"] += 1
                if calls["n"] > 3:
                    raise OSError(28, "No space left on device")
                return write(data)

            fh.write = limited  # type: ignore[method-assign,assignment]
            yield fh

    data = (DEAL.replace("1. 1:3 ", "1. 1:3  ") + "\n") * 5
    p = tmp_path / "r.gjn"
    p.write_bytes(data.encode())
    monkeypatch.setattr(fileio, "atomic_writer", filling)
    code, _, err = _run(["fmt", str(p)])
    assert code == 2 and f"cannot write {p}: No space left on device" in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert p.read_bytes() == data.encode()
    assert sorted(os.listdir(tmp_path)) == ["r.gjn"]


#: Records whose lines difflib pairs otherwise on the whole file than deal by deal: every
#: line changed (CR LF written LF), and a broken deal at the end whose lines the whole
#: file's matcher puts after all the others.  Their diffs differ from difflib's on the
#: whole file, and apply all the same (:func:`test_the_diff_applies`).
PAIRED_OTHERWISE = {"crlf.gjn", "tests/hostile/broken_trailing.gjn"}


@pytest.mark.parametrize("options", [["--diff"], ["--fill-hands"], ["--diff", "--fill-hands"]])
@pytest.mark.parametrize("name", sorted(INPUTS))
def test_diff_and_fill_hands_streamed_are_the_whole_path(
    name: str, options: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--diff`` and ``--fill-hands`` (in place) read a deal at a time give what reading
    the record whole gave: the diff of the whole file by difflib, byte for byte (but for
    :data:`PAIRED_OTHERWISE`), the hands' messages after the syntax errors, the file and
    the exit code."""
    stream, whole = _both(monkeypatch, tmp_path, name, INPUTS[name], options)
    folder = str(tmp_path).encode()  # the diff's head names the file
    stream = (stream[0], stream[1].replace(folder + b"/stream", b"DIR"), *stream[2:])
    whole = (whole[0], whole[1].replace(folder + b"/whole", b"DIR"), *whole[2:])
    if name in PAIRED_OTHERWISE and "--diff" in options:
        assert stream[1] != whole[1] and stream[0::2] == whole[0::2]
    else:
        assert stream == whole


def _apply(old: str, diff: str) -> str:
    """``diff`` (a unified diff, as ``fmt --diff`` writes it) applied to ``old``; every
    context and removed line, and every hunk's numbers, checked against the texts."""
    import re

    a = old.splitlines(keepends=True)
    lines = re.findall(r"[^\n]*\n|[^\n]+$", diff)
    out: list[str] = []
    at = 0
    k = 2  # after the head lines
    assert lines[0].startswith("--- ") and lines[1].startswith("+++ ")
    while k < len(lines):
        head = re.fullmatch(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n", lines[k])
        assert head, lines[k]
        i, m, j, n = (int(g) if g is not None else 1 for g in head.groups())
        start = i - 1 if m else i
        assert start >= at
        out.extend(a[at:start])
        at = start
        assert len(out) == (j - 1 if n else j)
        k += 1
        used = [0, 0]
        while k < len(lines) and not lines[k].startswith("@@"):
            tag, text = lines[k][0], lines[k][1:]
            k += 1
            if k < len(lines) and lines[k] == "\\ No newline at end of file\n":
                text = text.removesuffix("\n")
                k += 1
            if tag in " -":
                assert a[at] == text
                at += 1
                used[0] += 1
            if tag in " +":
                out.append(text)
                used[1] += 1
        assert used == [m, n]
    return "".join(out + a[at:])


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_the_diff_applies(name: str, tmp_path: Path) -> None:
    """The diff of every record, applied to it as written, gives its canonical text
    (``fmt -``): the lines and the numbers of every hunk are right."""
    from gojinotation.fileio import decode_input

    old, _ = decode_input(INPUTS[name])
    if not isinstance(old, str):  # no text: no diff
        return
    p = tmp_path / Path(name).name
    p.write_bytes(INPUTS[name])
    _, diff, _ = _run(["fmt", "--diff", str(p)])
    code_new, new, _ = _run(["fmt", "-"], INPUTS[name])
    if code_new == 2 and not new:  # refused (does not read back)
        return
    if not diff:
        assert new.decode() == old
        return
    assert _apply(old, diff.decode()) == new.decode()


def test_no_command_reads_these_records_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``fmt --diff``, ``fmt --fill-hands``, bytes that are no text (``fmt``, ``validate``,
    ``show``) and a JSON match whose deals come first (``validate``, ``show``) never take
    a record's bytes whole (``Source.data``, which the whole read goes through)."""
    import json

    from gojinotation_analyzer.cli import common

    loose = tmp_path / "loose.gjn"
    loose.write_bytes(((DEAL.replace("1. 1:3 ", "1. 1:3  ") + "\n") * 3).encode())
    junk = tmp_path / "junk.gjn"
    junk.write_bytes(DEAL.encode() + b"\n{\xff\xfe}\n" + DEAL.encode())
    js = tmp_path / "m.json"
    assert _run(["convert", str(loose), "-o", str(js)])[0] == 0
    doc = json.loads(js.read_bytes())
    first = tmp_path / "first.json"
    first.write_text(json.dumps({"deals": doc.pop("deals"), **doc}), "utf-8")
    expected = {}
    for args in (
        ["fmt", "--diff", str(loose)],
        ["fmt", "--fill-hands", "--check", str(loose)],
        ["fmt", "--check", str(junk)],
        ["validate", str(junk)],
        ["show", str(junk)],
        ["validate", str(first)],
        ["show", str(first)],
    ):
        expected[args[-1], args[1]] = _run(args)
        with monkeypatch.context() as m:
            m.setattr(common.Source, "data", None)  # calling it fails
            assert _run(args) == expected[args[-1], args[1]], args
    assert expected[str(junk), "--check"][0] == 2 and "GJN115" in expected[str(junk), "--check"][2]
    assert b"@@ -" in expected[str(loose), "--diff"][1]
