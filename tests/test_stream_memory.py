"""Peak memory of the commands that now read a deal at a time does not grow with the
number of deals (issue #15/#16): ``fmt`` rewriting a file (in another encoding too),
``fmt --check``, ``fmt -``, ``validate`` of standard input, of a GBK record, of JSON and
with ``--format json``, ``show`` of standard input and of JSON, and what still read the
whole file before: ``fmt --diff`` and ``fmt --fill-hands``, bytes that are no text
(``fmt --check``, ``validate``) and a JSON match whose deals come before its other keys
(``validate``, ``show``, ``convert``).  Each command runs in a bounded child process
(``tests/test_malformed.py``'s ``run_bounded``) on 100 deals, then on 1,000; the growth of
its peak resident set must stay under 24 MB, where reading the record whole grew by
50-90 KB a deal (45-95 MB here, 250 MB for JSON whose deals come first;
``docs/reliability.md``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gojinotation_analyzer.cli.main import main
from tests.test_malformed import run_bounded

HEAD = "%GJN 1\n"

#: The bound on the growth from 100 to 1,000 deals.
GROWTH = 24 << 20


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """100- and 1,000-deal records: canonical UTF-8, loose UTF-8 (every round number
    written ``1.  `` : not canonical), GBK, JSON (its deals last and first), and the loose
    record with bytes that are no text."""
    tmp = tmp_path_factory.mktemp("streammem")
    base = tmp / "base.gjn"
    r = CliRunner().invoke(
        main, ["simulate", "--seed", "11", "--deals", "20", "--match", "-o", str(base)]
    )
    assert r.exit_code == 0, r.output
    body = base.read_text("utf-8")[len(HEAD) :]
    out: dict[str, Path] = {}
    for size, times in (("small", 5), ("big", 50)):
        text = HEAD + "\n{够级 prologue}\n" + body * times
        canon = tmp / f"{size}.gjn"
        canon.write_text(text, "utf-8")
        loose_p = tmp / f"{size}-loose.gjn"
        loose = text.replace("\n1. ", "\n1.  ")
        loose_p.write_text(loose, "utf-8")
        gbk = tmp / f"{size}-gbk.gjn"
        gbk.write_bytes(loose.encode("gbk"))
        js = tmp / f"{size}.json"
        r = CliRunner().invoke(main, ["convert", str(canon), "-o", str(js)])
        assert r.exit_code == 0, r.output
        doc = json.loads(js.read_bytes())
        first = tmp / f"{size}-first.json"  # the deals before the other keys
        first.write_text(
            json.dumps({"deals": doc.pop("deals"), **doc}, ensure_ascii=False), "utf-8"
        )
        junk = tmp / f"{size}-junk.gjn"  # bytes that are no text, before the second deal
        cut = loose.index("\n[Event", loose.index("[Event") + 1)
        junk.write_bytes(loose[:cut].encode() + b"\n{\xff\xfe}" + loose[cut:].encode())
        out |= {size: canon, f"{size}-loose": loose_p, f"{size}-gbk": gbk, f"{size}.json": js}
        out |= {f"{size}-first": first, f"{size}-junk": junk}
    return out


_CHILD = r"""
import os, shutil, sys
from gojinotation_analyzer.cli.main import main
ARGS, STDIN, COPY = ARGS_, STDIN_, COPY_
def run(size):
    args = [a.replace("SIZE", size) for a in ARGS]
    if COPY:  # fmt rewrites its input: a fresh copy each time
        shutil.copyfile(COPY.replace("SIZE", size), args[-1])
    saved_in, saved_out = sys.stdin, sys.stdout
    sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if STDIN:
        sys.stdin = open(STDIN.replace("SIZE", size), encoding="utf-8")
    try:
        main(["--lang", "en", *args], standalone_mode=False)
    finally:
        sys.stdout.close()
        if STDIN:
            sys.stdin.close()
        sys.stdin, sys.stdout = saved_in, saved_out
run("small")
base = peak_rss()
run("big")
print(peak_rss() - base, base)
"""

CASES = {
    "fmt rewrites": (["fmt", "DIR/SIZE-work.gjn"], "", "DIR/SIZE-loose.gjn"),
    "fmt rewrites GBK": (["fmt", "DIR/SIZE-work.gjn"], "", "DIR/SIZE-gbk.gjn"),
    "fmt --check": (["fmt", "--check", "DIR/SIZE-loose.gjn"], "", ""),
    "fmt -": (["fmt", "-"], "DIR/SIZE-loose.gjn", ""),
    "validate -": (["validate", "-"], "DIR/SIZE.gjn", ""),
    "validate GBK": (["validate", "DIR/SIZE-gbk.gjn"], "", ""),
    "validate JSON": (["validate", "DIR/SIZE.json"], "", ""),
    "validate --format json": (["validate", "--format", "json", "DIR/SIZE.gjn"], "", ""),
    "show -": (["show", "-"], "DIR/SIZE.gjn", ""),
    "show JSON": (["show", "DIR/SIZE.json"], "", ""),
    "fmt --diff": (["fmt", "--diff", "DIR/SIZE-loose.gjn"], "", ""),
    "fmt --fill-hands": (["fmt", "--fill-hands", "DIR/SIZE-work.gjn"], "", "DIR/SIZE-loose.gjn"),
    "fmt --check no text": (["fmt", "--check", "DIR/SIZE-junk.gjn"], "", ""),
    "validate no text": (["validate", "DIR/SIZE-junk.gjn"], "", ""),
    "validate JSON deals first": (["validate", "DIR/SIZE-first.json"], "", ""),
    "show JSON deals first": (["show", "DIR/SIZE-first.json"], "", ""),
    "convert JSON deals first": (
        ["convert", "DIR/SIZE-first.json", "-o", "DIR/SIZE-out.gjn"],
        "",
        "",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_peak_memory_does_not_grow_with_the_deals(case: str, files: dict[str, Path]) -> None:
    folder = str(files["small"].parent)
    args, stdin, copy = CASES[case]
    code = (
        _CHILD.replace("ARGS_", repr([a.replace("DIR", folder) for a in args]))
        .replace("STDIN_", repr(stdin.replace("DIR", folder)))
        .replace("COPY_", repr(copy.replace("DIR", folder)))
    )
    growth, base = (int(x) for x in run_bounded(code, timeout=900).split()[-2:])
    assert growth < GROWTH, f"{case}: grew by {growth / 1e6:.1f} MB for 10x the deals"
    assert base < 300 << 20
