"""``gouji convert`` a deal at a time (issue #15: "convert reads its whole input"): the
output of a file or of standard input converted as a stream is byte for byte the output
of the whole-record conversion, a record with an error is refused exactly as before with
the target untouched, and peak memory stays flat as the deals grow
(measured in a bounded child process, as ``tests/test_scale.py`` does)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main
from tests.test_malformed import run_bounded

HEAD = "%GJN 1\n"


CONVERT = importlib.import_module("gojinotation_analyzer.cli.convert")


def _whole(*args: str, stdin: bytes | None = None) -> tuple[int, bytes, str]:
    """The conversion that reads the whole record (every record's path before streaming,
    and still the path of a record with an error)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(CONVERT, "_streamed", lambda *a, **k: False)
        return _run(*args, stdin=stdin)


def _run(*args: str, stdin: bytes | None = None) -> tuple[int, bytes, str]:
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()
    r = runner.invoke(main, ["--lang", "en", *args], input=stdin)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exc_info
    return r.exit_code, r.stdout_bytes, r.stderr


@pytest.fixture(scope="module")
def body(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The deals (without the version line) of 20 simulated deals, to be repeated."""
    out = tmp_path_factory.mktemp("convert") / "base.gjn"
    code, _, err = _run("simulate", "--seed", "7", "--deals", "20", "-o", str(out))
    assert code == 0, err
    text = out.read_text("utf-8")
    assert text.startswith(HEAD)
    return text[len(HEAD) :]


def _record(tmp_path: Path, body: str, times: int, name: str = "m.gjn") -> Path:
    p = tmp_path / name
    p.write_text("%GJN 1\n\n{a prologue}\n" + body * times, "utf-8")
    return p


@pytest.mark.parametrize("options", [(), ("--no-spans", "--indent", "0")])
def test_streamed_output_is_the_whole_conversions(
    tmp_path: Path, body: str, options: tuple[str, ...]
) -> None:
    """GJN -> JSON, JSON -> GJN and GJN -> GJN of a 40-deal file, to a file and to
    standard output, from a file and from standard input, give the bytes (and the
    messages) of the whole conversion."""
    gjn = _record(tmp_path, body, 2)
    whole_json = _whole("convert", str(gjn), "--to", "json", *options)
    assert whole_json[0] == 0
    assert json.loads(whole_json[1])["prologue"][0]["text"] == "a prologue"
    js = tmp_path / "m.json"
    assert _run("convert", str(gjn), "-o", str(js), *options)[0] == 0
    assert js.read_bytes() == whole_json[1]
    assert _run("convert", str(gjn), "--to", "json", *options) == whole_json
    assert _run("convert", "-", "--to", "json", *options, stdin=gjn.read_bytes()) == whole_json
    whole_gjn = _whole("convert", str(js), "--to", "gjn")
    assert whole_gjn[0] == 0 and whole_gjn[1] == gjn.read_bytes()  # the record was canonical
    back = tmp_path / "back.gjn"
    assert _run("convert", str(js), "-o", str(back))[0] == 0
    assert back.read_bytes() == whole_gjn[1]
    assert _run("convert", str(js), "--to", "gjn") == whole_gjn
    assert _run("convert", "-", "--to", "gjn", stdin=js.read_bytes()) == whole_gjn
    assert _run("convert", str(gjn), "--to", "gjn") == _whole("convert", str(gjn), "--to", "gjn")


def test_an_empty_record_and_a_single_deal(tmp_path: Path, body: str) -> None:
    """Edge cases streamed as the whole conversion gives them: no deal at all, and a
    JSON document that is one deal (read whole)."""
    empty = tmp_path / "e.gjn"
    empty.write_text("%GJN 1\n{only a comment}\n", "utf-8")
    whole = _whole("convert", str(empty))
    assert _run("convert", str(empty)) == whole and whole[0] == 0
    assert _run("convert", "-", stdin=empty.read_bytes()) == whole
    one = tmp_path / "one.json"
    deal = json.loads(_run("convert", str(_record(tmp_path, body, 1)))[1])["deals"][0]
    one.write_text(json.dumps(deal), "utf-8")
    got = _run("convert", str(one), "--to", "gjn")
    assert got[0] == 0 and got == _whole("convert", str(one), "--to", "gjn")


def test_a_deal_of_tags_only_is_said_not_to_read_back(tmp_path: Path, body: str) -> None:
    """A deal with neither hands nor moves takes in the next deal's tags when read back
    (as does a JSON record without a version, read as GJN 1, which is no difference):
    the warning of the whole conversion, streamed too."""
    doc = json.loads(_run("convert", str(_record(tmp_path, body, 1)))[1])
    del doc["version"]
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    got = _run("convert", str(plain), "--to", "gjn")
    assert got == _whole("convert", str(plain), "--to", "gjn") and got[2] == ""
    doc["deals"].insert(3, {"type": "deal", "header": doc["deals"][3]["header"][:2]})
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    got = _run("convert", str(bare), "--to", "gjn")
    assert got == _whole("convert", str(bare), "--to", "gjn")
    assert got[0] == 0 and "does not read back exactly" in got[2]


@pytest.mark.parametrize(
    "order",
    [
        ("deals", "type", "version", "prologue"),
        ("type", "deals", "version", "prologue"),
        ("type", "version", "deals", "prologue"),
        ("prologue", "deals", "version", "type"),
    ],
)
def test_a_json_document_with_its_deals_first(
    tmp_path: Path, body: str, order: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys in another order are streamed too (the deals skipped on a first pass that
    reads the keys after them): the output of the document with its deals last, and of
    the whole conversion, and the record is never read whole."""
    doc = json.loads(_run("convert", str(_record(tmp_path, body, 1)))[1])
    turned = tmp_path / "turned.json"
    turned.write_text(json.dumps({k: doc[k] for k in order}, ensure_ascii=False), "utf-8")
    straight = tmp_path / "straight.json"
    straight.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    whole = _whole("convert", str(turned))
    assert whole[0] == 0 and b"{a prologue}" in whole[1]
    with monkeypatch.context() as m:
        m.setattr(CONVERT, "read_record", None)  # the whole path would fail
        assert _run("convert", str(turned)) == whole == _run("convert", str(straight))
        assert _run("convert", "-", "--to", "gjn", stdin=turned.read_bytes()) == whole


def test_deals_before_the_shell_in_a_stream_read_once() -> None:
    """A source that cannot be read again, its deals before a key of the shell: refused
    (Unstreamable) before the first deal, or, for a key that comes after the deals, at
    that key; a caller reads it whole (the values the streaming reader could not give)."""
    import io

    from gojinotation.jsonio import load_json_match
    from gojinotation.jsonstream import Unstreamable, iter_read_json

    class Once(io.BytesIO):
        def seekable(self) -> bool:
            return False

    deal = {"type": "deal", "header": [{"type": "tag", "name": "Event", "value": "e"}]}
    comment = [{"type": "comment", "text": "x"}]
    first = {"deals": [deal], "type": "match", "version": 1, "prologue": comment}
    late = {"type": "match", "deals": [deal, deal], "version": 1, "prologue": comment}
    for doc in (first, late):
        data = json.dumps(doc).encode()
        got = [(p, v) for p, v, _ in iter_read_json(io.BytesIO(data))]
        match = load_json_match(data)
        assert got == [(list(match.prologue), match.version), ([], None)][: len(got)]
        assert len(got) == len(match.deals) and match.prologue
        seen = []
        with pytest.raises(Unstreamable):
            for item in iter_read_json(Once(data)):
                seen.append(item)
        assert len(seen) == (0 if doc is first else 2)


@pytest.mark.parametrize("where", ["gjn", "json"])
def test_an_error_late_in_the_record_writes_nothing(tmp_path: Path, body: str, where: str) -> None:
    """A syntax error (GJN) or a bad value (JSON) in deal 35 of 40: exit 2 with the
    messages of the whole conversion, the previous output file untouched and nothing
    on standard output — the deals before it were converted, then dropped."""
    gjn = _record(tmp_path, body, 2)
    if where == "gjn":
        text = gjn.read_text("utf-8")
        cut = [i for i in range(len(text)) if text.startswith("[Event", i)][34]
        gjn.write_text(text[:cut] + '[Event "x"]\n1:ZZ\n\n' + text[cut:], "utf-8")
        src = gjn
    else:
        doc = json.loads(_run("convert", str(gjn))[1])
        doc["deals"][34]["header"][0]["name"] = "bad name"
        src = tmp_path / "bad.json"
        src.write_text(json.dumps(doc, ensure_ascii=False, indent=2), "utf-8")
    target = tmp_path / ("out.json" if where == "gjn" else "out.gjn")
    target.write_bytes(b"previous")
    code, _, err = _run("convert", str(src), "-o", str(target))
    assert code == 2 and target.read_bytes() == b"previous"
    assert "GJN1" in err and "not converted" in err, err
    code2, out2, err2 = _run("convert", str(src), "--to", target.suffix[1:])
    assert (code2, out2, err2) == (2, b"", err)
    assert _whole("convert", str(src), "--to", target.suffix[1:]) == (2, b"", err)
    from_stdin = _run("convert", "-", "--to", target.suffix[1:], stdin=src.read_bytes())
    assert from_stdin == _whole("convert", "-", "--to", target.suffix[1:], stdin=src.read_bytes())
    assert from_stdin[0] == 2 and from_stdin[1] == b"" and "<stdin>" in from_stdin[2]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


_MEMORY_CHILD = r"""
import contextlib, os, resource
from gojinotation_analyzer.cli.main import main
def rss():
    return peak_rss()
def convert(src, dst):
    main(["--lang", "en", "convert", src, "-o", dst], standalone_mode=False)
convert(SMALL_IN, SMALL_OUT)
base = rss()
convert(BIG_IN, BIG_OUT)
print(rss() - base, base)
"""


def test_convert_memory_is_flat_as_the_deals_grow(tmp_path: Path, body: str) -> None:
    """Converting 2,000 deals needs no more memory than converting 200 (within 24 MB),
    GJN -> JSON and JSON -> GJN.  Measured: 13 MB GJN -> JSON, nearly all the reader's
    1 MB block of input (bytes, decoded text, cut pieces), which only the larger file
    fills, and ~0 JSON -> GJN; the whole conversion held the record: ~78 MB more for
    GJN -> JSON and ~570 MB more for JSON -> GJN (docs/reliability.md)."""
    small, big = _record(tmp_path, body, 10, "s.gjn"), _record(tmp_path, body, 100, "b.gjn")
    for src, dst in (("gjn", "json"), ("json", "gjn")):
        names = {
            "SMALL_IN": tmp_path / f"s.{src}",
            "SMALL_OUT": tmp_path / f"s2.{dst}",
            "BIG_IN": tmp_path / f"b.{src}",
            "BIG_OUT": tmp_path / f"b2.{dst}",
        }
        code = _MEMORY_CHILD
        for key, value in names.items():
            code = code.replace(key, repr(str(value)))
        growth, base = (int(x) for x in run_bounded(code, timeout=900).split()[-2:])
        assert growth < 24 << 20, f"{src} -> {dst} grew by {growth / 1e6:.1f} MB for 10x the deals"
        assert base < 200 << 20
        if dst == "json":  # the next round converts them back
            (tmp_path / "s2.json").rename(tmp_path / "s.json")
            (tmp_path / "b2.json").rename(tmp_path / "b.json")
    assert (tmp_path / "b2.gjn").read_bytes() == big.read_bytes()  # and back, byte for byte
    assert (tmp_path / "s2.gjn").read_bytes() == small.read_bytes()
