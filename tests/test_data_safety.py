"""Regression tests of issue #15: nothing a command writes loses or corrupts data.

One test (at least) for each of the nine ways records were lost or corrupted, and for the
honest exits and safe links of ``gouji render``; see ``docs/reliability.md``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import gojinotation as gj
from gojinotation_analyzer.cli import fmt as fmt_module
from gojinotation_analyzer.cli.main import EXIT_ERROR, EXIT_OK, main

HOSTILE = Path(__file__).resolve().parent / "hostile"
ROOT = Path(__file__).resolve().parent.parent

DEAL = (
    '[Event "x"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
    "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
    "1. 1:3 2:4 3:- 4:- 5:- 6:- 1:- 2:close\n"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["--lang", "en", *args] if args[0] != "render" else args)


@pytest.fixture
def record(tmp_path: Path) -> Path:
    p = tmp_path / "record.gjn"
    p.write_text(DEAL.replace("1. 1:3 ", "1. 1:3  "), encoding="utf-8")  # not canonical
    return p


# ------------------------------------------------------------- 1. lone backslashes


def test_fmt_keeps_a_lone_backslash_everywhere(tmp_path: Path) -> None:
    """Data loss 1: ``C:\\games\\final`` in a tag, ``\\(^o^)/`` in a comment, and the same
    in notes, penalty reasons and rulings keep every backslash through ``fmt``."""
    p = tmp_path / "b.gjn"
    p.write_bytes((HOSTILE / "backslash.gjn").read_bytes())
    before = gj.read(p.read_bytes()).match.deals[0]
    assert run("fmt", str(p)).exit_code == EXIT_OK
    after = gj.read(p.read_bytes()).match.deals[0]
    assert isinstance(before, gj.Deal) and isinstance(after, gj.Deal)
    assert after.tags["Site"] == before.tags["Site"] == "C:\\games\\final"
    comments = [c.text for c in after.header if isinstance(c, gj.Comment)]
    assert comments == ["好牌 \\(^o^)/"]
    acts = list(after.actions())
    assert acts[0].note("eval") == "C:\\x"
    assert [getattr(a, "reason", None) for a in acts][2] == "a\\b"
    assert [getattr(a, "text", None) for a in acts][3] == "c:\\d"
    assert run("fmt", "--check", str(p)).exit_code == EXIT_OK  # stable


# ----------------------------------------------------------- 2. broken deals kept


def test_broken_deal_keeps_its_trailing_spaces(tmp_path: Path) -> None:
    """Data loss 2: a broken deal is written back with its trailing spaces."""
    p = tmp_path / "b.gjn"
    p.write_bytes((HOSTILE / "broken_trailing.gjn").read_bytes())
    assert run("fmt", str(p)).exit_code == EXIT_ERROR  # the syntax error is reported
    assert p.read_text(encoding="utf-8").endswith('[Event "b"]\n1:ZZ   \n')


# ---------------------------------------------------------- 3. atomic page writes


def test_full_disk_leaves_the_previous_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Data loss 3: a page that cannot be written completely leaves the old one."""
    src = tmp_path / "r.gjn"
    src.write_text(DEAL, encoding="utf-8")
    out = tmp_path / "html"
    assert run("render", str(src), "-o", str(out)).exit_code == EXIT_OK
    good = (out / "r.html").read_bytes()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gojinotation.fileio.os.fsync", full)
    r = run("render", str(src), "-o", str(out), "--lang", "en")
    assert r.exit_code == EXIT_ERROR and "No space left" in r.output, r.output
    assert str(out / "r.html") in r.output and "internal error" not in r.output
    assert (out / "r.html").read_bytes() == good
    assert sorted(p.name for p in out.iterdir()) == ["r.html"]  # no temporary left


def test_parallel_renders_never_mix_pages(tmp_path: Path) -> None:
    """Data loss 3: renders into one folder at the same time give whole pages."""
    src = tmp_path / "r.gjn"
    src.write_text(DEAL, encoding="utf-8")
    out = tmp_path / "html"
    from gojinotation_analyzer.publish.render import render_files
    from gojinotation_analyzer.publish.view import view_from_record

    errors: list[BaseException] = []

    def one() -> None:
        try:
            render_files([src], out, lang="en", build=view_from_record, index=False)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    page = (out / "r.html").read_text(encoding="utf-8")
    assert page.count("<html") == 1 and page.rstrip().endswith("</html>")
    assert sorted(p.name for p in out.iterdir()) == ["r.html"]


def test_convert_and_simulate_write_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Data loss 3: ``convert -o`` and ``simulate -o`` that fail leave the old file."""
    src = tmp_path / "r.gjn"
    src.write_text(DEAL, encoding="utf-8")
    out = tmp_path / "r.json"
    out.write_text("old", encoding="utf-8")
    sim = tmp_path / "sim.gjn"
    sim.write_text("old", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gojinotation.fileio.os.fsync", full)
    r = run("convert", str(src), "-o", str(out))
    assert r.exit_code == EXIT_ERROR and "No space left" in r.output
    r = run(
        "simulate", "--profile", "qingdao-standard", "--seed", "1", "--deals", "1", "-o", str(sim)
    )
    assert r.exit_code == EXIT_ERROR and "No space left" in r.output, r.output
    assert out.read_text(encoding="utf-8") == sim.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.gjn", "r.json", "sim.gjn"]


# ------------------------------------------------- 4. links, modes, owners, rights


def test_fmt_follows_a_link_to_the_real_file(record: Path) -> None:
    link = record.with_name("link.gjn")
    link.symlink_to(record.name)
    assert run("fmt", str(link)).exit_code == EXIT_OK
    assert link.is_symlink() and os.readlink(link) == record.name
    assert run("fmt", "--check", str(record)).exit_code == EXIT_OK


def test_fmt_refuses_a_read_only_file(record: Path) -> None:
    before = record.read_bytes()
    record.chmod(0o444)
    r = run("fmt", str(record))
    assert r.exit_code == EXIT_ERROR and "read-only" in r.output and str(record) in r.output
    assert record.read_bytes() == before and record.stat().st_mode & 0o777 == 0o444


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_fmt_keeps_another_users_file_his(record: Path) -> None:
    os.chown(record, 12345, 12345)
    record.chmod(0o664)
    assert run("fmt", str(record)).exit_code == EXIT_OK
    st = record.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (12345, 12345, 0o664)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write")
def test_fmt_refuses_another_users_file(tmp_path: Path) -> None:  # pragma: no cover - not root
    p = Path("/etc/hostname")
    before = p.read_bytes()
    r = run("fmt", str(p))
    assert r.exit_code == EXIT_ERROR and p.read_bytes() == before


# --------------------------------------------------------- 5. a concurrent writer


def test_fmt_refuses_a_file_changed_while_formatting(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Data loss 5: another program appends while ``fmt`` works (here: while the first
    deal is made explicit, the file being formatted a deal at a time, without and with
    ``--fill-hands``): nothing is replaced."""
    for hook, args in (("_explicit_deal", ()), ("_explicit_deal", ("--fill-hands",))):
        real = getattr(fmt_module, hook)
        record.write_text(DEAL.replace("1. 1:3 ", "1. 1:3  "), encoding="utf-8")

        def and_append(deal: Any, real: Any = real) -> Any:
            with record.open("a", encoding="utf-8") as fh:
                fh.write("\n" + DEAL)
            return real(deal)

        monkeypatch.setattr(fmt_module, hook, and_append)
        r = run("fmt", *args, str(record))
        assert r.exit_code == EXIT_ERROR and "changed after it was read" in r.output, hook
        assert record.read_text(encoding="utf-8").count('[Event "x"]') >= 2
        monkeypatch.setattr(fmt_module, hook, real)


# ------------------------------------------------------------- 6. a killed writer


def test_killed_writer_leaves_no_temporary_and_the_old_file(tmp_path: Path) -> None:
    """Data loss 6: SIGTERM in the middle of a write: the old file, no temporary."""
    target = tmp_path / "t.gjn"
    target.write_bytes(b"old\n")
    code = (
        "import os, signal, sys\n"
        "from gojinotation.fileio import atomic_writer\n"
        f"with atomic_writer({str(target)!r}) as fh:\n"
        "    fh.write(b'new' * 1000000)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        check=False,
    )
    assert proc.returncode == -signal.SIGTERM, proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.gjn"]
    assert target.read_bytes() == b"old\n"


# ---------------------------------------------------------- 7. modes of new files


def test_new_files_get_the_usual_mode(tmp_path: Path, record: Path) -> None:
    old = os.umask(0o022)
    try:
        out = tmp_path / "new.json"
        assert run("convert", str(record), "-o", str(out)).exit_code == EXIT_OK
        assert out.stat().st_mode & 0o777 == 0o644
    finally:
        os.umask(old)


# ---------------------------------------------------- 8. convert: readable or refused


def test_convert_refuses_json_too_deep_for_gjn(tmp_path: Path) -> None:
    out = tmp_path / "deep.gjn"
    r = run("convert", str(HOSTILE / "nested_65.json"), "-o", str(out))
    assert r.exit_code == EXIT_ERROR and "64 deep" in r.output and not out.exists()
    r = run("convert", str(HOSTILE / "nested_64.json"), "-o", str(out))
    assert r.exit_code == EXIT_OK and not gj.read(out.read_bytes()).errors


# ------------------------------------------------------------- 9. note keys


def test_note_key_ends_at_a_tab(tmp_path: Path) -> None:
    p = tmp_path / "n.gjn"
    p.write_bytes((HOSTILE / "note_tab.gjn").read_bytes())
    deal = gj.read(p.read_bytes()).match.deals[0]
    assert isinstance(deal, gj.Deal)
    assert list(deal.actions())[-1].note("ruling") == "accept late"
    assert run("fmt", str(p)).exit_code == EXIT_OK
    assert "[%ruling accept late]" in p.read_text(encoding="utf-8")


# ------------------------------------------------ honest exits, safe index links


def test_io_errors_name_the_path(tmp_path: Path, record: Path) -> None:
    r = run("convert", str(record), "-o", str(tmp_path / "missing" / "x.json"))
    assert r.exit_code == EXIT_ERROR and "missing" in r.output
    assert "internal error" not in r.output
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    r = run("render", str(record), "-o", str(blocker / "sub"))
    assert r.exit_code == EXIT_ERROR and "internal error" not in r.output, r.output


def test_render_reads_json_and_folders_and_reports_errors(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.gjn").write_text(DEAL, encoding="utf-8")
    (tmp_path / "b.gjn").write_text(DEAL, encoding="utf-8")
    js = tmp_path / "c.json"
    assert run("convert", str(tmp_path / "b.gjn"), "-o", str(js)).exit_code == EXIT_OK
    out = tmp_path / "html"
    r = run("render", str(folder), str(js), "-o", str(out))
    assert r.exit_code == EXIT_OK, r.output
    assert sorted(p.name for p in out.iterdir()) == ["a.html", "c.html", "index.html"]
    r = run("render", str(HOSTILE / "latin1.gjn"), "-o", str(out), "--lang", "en")
    assert r.exit_code == EXIT_ERROR and "GJN115" in r.output
    assert (out / "latin1.html").is_file()  # still drawn, the broken deal marked
    r = run("render", str(HOSTILE / "gbk.gjn"), "-o", str(out), "--lang", "en")
    assert r.exit_code == EXIT_OK and "read as GBK" in r.output, r.output
    assert "青岛够级公开赛" in (out / "gbk.html").read_text(encoding="utf-8")


def test_index_links_are_safe_and_unique(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    names = [a / "final.gjn", b / "final.gjn", a / "index.gjn", a / "javascript:alert(10).gjn"]
    names.append(a / "决赛 #1?.gjn")
    for p in names:
        p.write_text(DEAL, encoding="utf-8")
    out = tmp_path / "html"
    r = run("render", *map(str, names), "-o", str(out))
    assert r.exit_code == EXIT_OK, r.output
    pages = sorted(p.name for p in out.iterdir())
    assert pages == sorted(
        [
            "final.html",
            "final-2.html",
            "index-2.html",
            "index.html",
            "javascript_alert_10_.html",
            "决赛_1_.html",
        ]
    )
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "javascript:" not in index
    assert 'href="%E5%86%B3%E8%B5%9B_1_.html"' in index


@pytest.mark.parametrize(
    ("typed", "hint"),
    [
        ("1:3\u30002:4", "full-width (ideographic) space"),
        ("1:3，2:4", "type a space"),
        ("1:3、2:4", "type a space"),
        ("1:3 （2:4）", "ordinary '('"),
    ],
)
def test_input_method_characters_say_what_to_type(typed: str, hint: str) -> None:
    """Characters a Chinese input method gives are refused with what to type instead."""
    err = gj.read(f'[Event "x"]\nhand 1: 3\n1. {typed}\n').errors[0]
    assert err.code == "GJN100" and hint in err.en and "请" in err.zh
    quoted = gj.read("[Event “x”]\n").errors[0]
    assert "straight quotes" in quoted.en


def test_a_future_version_is_warned(tmp_path: Path) -> None:
    """``%GJN 99``, a version this program does not know, is read with a warning."""
    p = tmp_path / "future.gjn"
    p.write_text("%GJN 99\n" + DEAL, encoding="utf-8")
    r = run("show", str(p))
    assert r.exit_code == EXIT_OK and "declares GJN 99" in r.output
    r = run("fmt", str(p))
    assert "declares GJN 99" in r.output and p.read_text(encoding="utf-8").startswith("%GJN 99")


@pytest.mark.parametrize("leader", ["7", "0", "12345678901234567890123456", "01"])
def test_R_OPEN_1_a_leader_tag_that_is_no_seat_is_reported(leader: str) -> None:
    """R-OPEN-1: ``[Leader "7"]``, ``"0"`` or 26 digits used to be ignored silently."""
    from gojinotation_analyzer.reports.validate import validate_source

    report = validate_source(DEAL.replace('"1"]', f'"{leader}"]', 1).encode(), file="l.gjn")
    found = [d for d in report.diagnostics if d.code == "GJV307"]  # tests/test_tag_checks.py
    assert len(found) == 1 and found[0].rule_id == "R-OPEN-1", report.diagnostics
    assert found[0].severity.value == "warning" and (found[0].line, found[0].column) == (3, 10)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "command", [["show"], ["validate"], ["convert"], ["convert", "--to", "gjn"]]
)
def test_a_full_standard_output_is_an_io_error(tmp_path: Path, command: list[str]) -> None:
    """Standard output on a full disk (``> /dev/full``) was an "internal error": it is
    an I/O error naming standard output and the reason, exit 2."""
    p = tmp_path / "r.gjn"
    p.write_text(DEAL, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])}
    env.pop("GOUJI_DEBUG", None)
    code = "from gojinotation_analyzer.cli.main import main; main()"
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-c", code, "--lang", "en", command[0], str(p), *command[1:]],
            stdout=full, stderr=subprocess.PIPE, text=True, env=env, check=False, timeout=120,
        )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert "cannot write the standard output: No space left on device" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
