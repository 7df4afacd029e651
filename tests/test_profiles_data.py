"""The rule profiles as data: shipped TOML files and organisers' user profiles.

The shipped profiles moved from Python dicts to ``rules/data/profiles/*.toml``; the
snapshot ``fixtures/profiles_snapshot.json`` was taken from the dicts before they were
deleted, so the first test proves that nothing changed in the move.

``docs/profiles.md`` shows the sample user profile and real command output between
``<!-- BEGIN file: PATH -->`` / ``<!-- BEGIN command: ARGS -->`` markers;
``python tests/test_profiles_data.py --write`` regenerates them.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from profile_snapshot import dump_all

from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules import profiles as prof
from gojinotation_analyzer.rules.profiles import (
    PROFILES,
    SHIPPED,
    ProfileFileError,
    load_profile_file,
    load_ruleset,
    resolve_profile,
)
from gojinotation_analyzer.rules.ruleset import PARAMETERS, RulesetError

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tests" / "fixtures" / "profiles_snapshot.json"
SAMPLE = ROOT / "samples" / "club-house-rules.toml"


@pytest.fixture(autouse=True)
def _forget_user_profiles() -> Iterator[None]:
    """User profiles register themselves; each test starts and ends with the shipped ones."""
    yield
    for pid in [p for p in PROFILES if p not in SHIPPED]:
        prof.unregister_profile(pid)


def write(tmp_path: Path, text: str, name: str = "club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> ProfileFileError:
    with pytest.raises(ProfileFileError) as info:
        load_profile_file(path)
    return info.value


HEAD = 'id = "club"\nextends = "qingdao-standard"\n[settings]\n'


# ------------------------------------------------------------------ shipped data


def test_toml_profiles_equal_the_snapshot_of_the_python_dicts() -> None:
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    actual = dump_all()
    assert [p["id"] for p in actual] == [p["id"] for p in expected]
    for got, want in zip(actual, expected, strict=True):
        assert got == want, got["id"]


def test_every_shipped_profile_is_one_toml_file_named_after_its_id() -> None:
    folder = resources.files("gojinotation_analyzer.rules") / "data" / "profiles"
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".toml"))
    assert names == sorted(f"{pid}.toml" for pid in SHIPPED)
    for pid in SHIPPED:
        data = tomllib.loads((folder / f"{pid}.toml").read_text(encoding="utf-8"))
        assert data["id"] == pid
        assert PROFILES[pid].shipped and PROFILES[pid].file is None


def test_the_base_profile_states_or_defaults_every_parameter() -> None:
    base = PROFILES["qingdao-standard"]
    assert base.parent is None
    assert list(base.own) == [n for n in base.own if n in PARAMETERS]
    assert set(base.own) == set(PARAMETERS)


def test_every_stated_value_of_a_shipped_file_cites_a_seed_document() -> None:
    for p in PROFILES.values():
        for s in p.own.values():
            if s.provenance == "stated":
                assert s.citation is not None and s.citation.file in prof.SEED_FILES.values()
            else:
                assert s.provenance == "default" and s.open and s.citation is None


# ------------------------------------------------------------------ user profiles


def test_sample_user_profile_states_its_overrides_with_file_and_line() -> None:
    club = load_profile_file(SAMPLE)
    assert (club.id, club.parent, club.aliases, club.shipped) == (
        "club-house-rules",
        "qingdao-standard",
        ("club",),
        False,
    )
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    s = club.setting("time.limit_s")
    assert (s.value, s.provenance, s.origin, s.open, s.disputed) == (
        20,
        "stated",
        "club-house-rules",
        False,
        (),
    )
    assert s.citation is not None and s.citation.file == str(SAMPLE)
    line = int(s.citation.section.removeprefix("line "))
    assert lines[line - 1].startswith('"time.limit_s" = 20')
    assert club.setting("cmp.ershayi").note == "decided at the 2026 club meeting"
    rs = load_ruleset("club")
    assert (rs.time.limit_s, rs.cmp.ershayi) == (20, "two_big_beat_one_big")


def test_user_profile_inherits_everything_it_does_not_state() -> None:
    club = load_profile_file(SAMPLE)
    parent = PROFILES["qingdao-standard"]
    stated = {"time.limit_s", "cmp.ershayi", "score.bonus"}
    assert set(club.own) == stated
    for name, s in club.table.items():
        if name in stated:
            continue
        assert s.provenance == "inherited" and s.inherited_from == "qingdao-standard"
        assert s.value == parent.table[name].value
    assert club.ancestors() == ("qingdao-standard",)


def test_user_map_entry_changes_one_entry_of_the_parent_map() -> None:
    club = load_profile_file(SAMPLE)
    bonus, base = club.setting("score.bonus").value, PROFILES["qingdao-standard"]
    assert bonus["shao"] == 2
    assert {k: v for k, v in bonus.items() if k != "shao"} == {
        k: v for k, v in base.setting("score.bonus").value.items() if k != "shao"
    }


def test_dotted_keys_nest_in_toml_and_still_name_the_parameter(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "time.limit_s = 25\n[settings.pass]\nduitou_reentry = false\n")
    club = load_profile_file(path)
    assert club.setting("time.limit_s").value == 25
    assert club.setting("pass.duitou_reentry").value is False
    assert club.setting("pass.duitou_reentry").citation.section == "line 6"  # type: ignore[union-attr]


def test_user_profile_extends_another_user_file(tmp_path: Path) -> None:
    write(tmp_path, HEAD + '"time.limit_s" = 25\n', "base.toml")
    child = write(
        tmp_path,
        'id = "club-b"\nextends = "base.toml"\n[settings]\n'
        '"cmp.ershayi" = "two_big_beat_one_big"\n',
        "child.toml",
    )
    p = load_profile_file(child)
    assert p.parent == "club" and p.ancestors() == ("club", "qingdao-standard")
    assert p.setting("time.limit_s").inherited_from == "club"
    assert load_ruleset("club-b").time.limit_s == 25


def test_stated_user_value_settles_an_open_point(tmp_path: Path) -> None:
    # EC-21: 000§A does not say whether an unopened player may be 头科, so dasai-5421
    # defaults kaidian.toke_requirement (an open point) and the replay notes a dispute ...
    from test_engine_util import disputes, violations
    from test_engine_worked import OFF_BIE3, _unopened_toke

    frames = _unopened_toke("dasai-5421", rules=OFF_BIE3, last="6")
    assert violations(frames) == [] and disputes(frames) == ["kaidian.toke_requirement"]
    assert PROFILES["dasai-5421"].setting("kaidian.toke_requirement").open
    # ... a club that states the same value has settled it: no dispute, same ruling
    text = 'id = "da-club"\nextends = "dasai-5421"\n[settings]\n'
    load_profile_file(write(tmp_path, text + '"kaidian.toke_requirement" = "none"\n'))
    settled = _unopened_toke("da-club", rules=OFF_BIE3, last="6")
    assert violations(settled) == [] and disputes(settled) == []
    assert settled[-1].state.place_of == frames[-1].state.place_of
    assert not any(isinstance(e, E.Dispute) for f in settled for e in f.events)


def test_resolve_profile_takes_an_id_or_a_path() -> None:
    assert resolve_profile("QS") is PROFILES["qingdao-standard"]
    assert resolve_profile(str(SAMPLE)).id == "club-house-rules"


# ------------------------------------------------------------------ errors (file:line)


def test_toml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, HEAD + '"time.limit_s" = \n'))
    assert err.line == 4 and err.en.startswith(f"{tmp_path / 'club.toml'}:4: TOML syntax error")
    assert "TOML 语法错误" in err.zh


def test_unknown_parameter_suggests_the_close_name(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, HEAD + '"time.limt_s" = 20\n'))
    assert err.line == 4
    assert "unknown rule parameter 'time.limt_s'; did you mean: time.limit_s?" in err.en
    assert "未知的规则参数" in err.zh and "time.limit_s" in err.zh


def test_bad_value_lists_the_allowed_values(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, HEAD + '\n"cmp.ershayi" = "yes"\n'))
    assert err.line == 5 and err.param == "cmp.ershayi"
    assert "allowed values: off, two_big_beat_one_big" in err.en
    assert "允许的取值：off, two_big_beat_one_big" in err.zh
    err = error_of(write(tmp_path, HEAD + '"time.limit_s" = true\n'))
    assert err.line == 4 and "allowed values: integer" in err.en


def test_unknown_key_of_a_setting_table(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, HEAD + '"time.limit_s" = { value = 20, qoute = "x" }\n'))
    assert err.line == 4 and "unknown key 'qoute'" in err.en and "did you mean quote?" in err.en


def test_unknown_parent_suggests_the_close_id(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, 'id = "club"\nextends = "qingdao-standrd"\n'))
    assert err.line == 2
    assert "unknown parent profile" in err.en and "did you mean: qingdao-standard" in err.en
    assert "上级规则方案未知" in err.zh


def test_cycles_in_extends_are_refused(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, 'id = "club"\nextends = "club"\n'))
    assert err.line == 2 and "cycle" in err.en and "循环" in err.zh
    write(tmp_path, 'id = "a"\nextends = "b.toml"\n', "a.toml")
    write(tmp_path, 'id = "b"\nextends = "a.toml"\n', "b.toml")
    err = error_of(tmp_path / "a.toml")
    assert "extends makes a cycle" in err.en and err.line == 2


def test_missing_id_and_missing_extends(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, 'extends = "qingdao-standard"\n'))
    assert "missing id" in err.en and "缺少 id" in err.zh
    err = error_of(write(tmp_path, 'id = "club"\n'))
    assert "missing extends" in err.en and "缺少 extends" in err.zh


def test_the_id_is_one_word(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, 'id = "my club"\nextends = "qingdao-standard"\n'))
    assert err.line == 1 and "must be one word" in err.en and "应为一个词" in err.zh


def test_a_user_profile_cannot_take_a_shipped_name(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, 'id = "qingdao"\nextends = "qingdao-standard"\n'))
    assert err.line == 1 and "shipped profile qingdao-standard" in err.en
    assert load_ruleset("qingdao") == load_ruleset("qingdao-standard")


def test_profile_file_errors_are_ruleset_errors_without_traceback_text(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "id = [\n"))
    assert isinstance(err, RulesetError) and "Traceback" not in err.en
    missing = tmp_path / "nope.toml"
    with pytest.raises(ProfileFileError) as info:
        load_profile_file(missing)
    assert str(missing) in info.value.en and "cannot read" in info.value.en


# ------------------------------------------------------------------ the commands


def gouji(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from gojinotation_analyzer.cli.main import main

    r = CliRunner().invoke(main, list(args), env={"LANG": "C", "LC_ALL": "", "NO_COLOR": "1"})
    return r.exit_code, r.stdout, r.stderr


BURN = str(ROOT / "samples" / "burn.gjn")


def test_validate_profile_file_applies_the_house_rules() -> None:
    # samples/burn.gjn: a successful burn, Score "+4 -4" under qingdao-standard; the club
    # gives 2 points for a burn (score.bonus.shao = 2), so the written score is now wrong
    code, out, _ = gouji("validate", BURN, "--lang", "en")
    assert code == 0 and "GJV231" not in out
    code, out, _ = gouji("validate", BURN, "--profile-file", str(SAMPLE), "--lang", "en")
    assert code == 1
    assert "validated under club-house-rules" in out
    assert "GJV231" in out and "the replay gives +6 -4" in out


def test_validate_profile_file_errors_exit_2_with_file_line_in_en_and_zh(tmp_path: Path) -> None:
    bad = write(tmp_path, HEAD + '"cmp.ershayi" = "yes"\n')
    code, out, err = gouji("validate", BURN, "--profile-file", str(bad), "--lang", "en")
    assert code == 2 and out == ""
    assert f"{bad}:4: cmp.ershayi: 'yes' is not allowed" in err
    assert f"{bad}:4：cmp.ershayi：不允许取值 'yes'" in err
    assert "Traceback" not in err
    code, _, err = gouji("validate", BURN, "--profile", "qs", "--profile-file", str(SAMPLE))
    assert code == 2 and "not both" in err


def test_rules_diff_takes_a_path_or_an_id_on_either_side() -> None:
    code, out, _ = gouji("rules", "diff", str(SAMPLE), "qingdao-standard", "--lang", "en")
    assert code == 0
    assert out.splitlines()[0] == "club-house-rules vs qingdao-standard: 3 parameters differ"
    code, out, _ = gouji("rules", "diff", "qs", str(SAMPLE), "--format", "json")
    data = json.loads(out)
    assert (data["a"], data["b"]) == ("qingdao-standard", "club-house-rules")
    names = [d["name"] for d in data["differences"]]
    assert names == ["cmp.ershayi", "score.bonus", "time.limit_s"]
    limit = data["differences"][2]
    assert (limit["b"], limit["b_provenance"]) == (20, "stated")
    assert limit["b_citation"]["file"] == str(SAMPLE)


def test_rules_show_profile_file_lists_stated_and_inherited_values() -> None:
    code, out, _ = gouji("rules", "show", "--profile-file", str(SAMPLE), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["id"], data["parent"]) == ("club-house-rules", "qingdao-standard")
    table = {p["name"]: p for p in data["parameters"]}
    assert table["time.limit_s"]["provenance"] == "stated"
    assert table["time.limit_s"]["citation"]["section"].startswith("line ")
    assert table["deck.variant"]["provenance"] == "inherited"
    code, out, _ = gouji("rules", "show", str(SAMPLE), "--lang", "zh")
    assert code == 0 and "club-house-rules — 俱乐部自定规则" in out
    code, _, err = gouji("rules", "show", "--lang", "en")
    assert code == 2 and "--profile-file" in err


def test_render_and_simulate_take_a_profile_file(tmp_path: Path) -> None:
    code, out, _ = gouji(
        "render", BURN, "-o", str(tmp_path), "--profile-file", str(SAMPLE), "--lang", "en"
    )
    assert code == 0 and (tmp_path / "burn.html").is_file()
    page = (tmp_path / "burn.html").read_text(encoding="utf-8")
    assert "club-house-rules" in page
    record = tmp_path / "sim.gjn"
    code, _, _ = gouji("simulate", "--profile-file", str(SAMPLE), "--deals", "1", "-o", str(record))
    assert code == 0 and '[Profile "club-house-rules"]' in record.read_text(encoding="utf-8")
    code, out, _ = gouji("validate", str(record), "--profile-file", str(SAMPLE), "--lang", "en")
    assert code == 0, out


# ------------------------------------------------------------------ docs/profiles.md

DOC = ROOT / "docs" / "profiles.md"
DOC_BLOCK = re.compile(
    r"(?P<head><!-- BEGIN (?P<kind>file|command): (?P<arg>[^>]*?) -->\n)"
    r"(?P<body>.*?)"
    r"(?P<tail><!-- END (?P=kind) -->)",
    re.S,
)


def _doc_command(args: str) -> str:
    from click.testing import CliRunner

    from gojinotation_analyzer.cli.main import main

    env = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "GOUJI_LANG": "",
           "NO_COLOR": "1"}  # fmt: skip
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        r = CliRunner().invoke(main, shlex.split(args), env=env)
    finally:
        os.chdir(cwd)
        for pid in [p for p in PROFILES if p not in SHIPPED]:
            prof.unregister_profile(pid)
    out = r.stdout if r.stdout.endswith("\n") else r.stdout + "\n"
    return f"```console\n$ gouji {args}\n{out}$ echo $?\n{r.exit_code}\n```\n"


def doc_text() -> str:
    """``docs/profiles.md`` with its generated blocks filled in."""

    def fill(m: re.Match[str]) -> str:
        if m["kind"] == "file":
            body = "```toml\n" + (ROOT / m["arg"]).read_text(encoding="utf-8") + "```\n"
        else:
            body = _doc_command(m["arg"])
        return m["head"] + body + m["tail"]

    return DOC_BLOCK.sub(fill, DOC.read_text(encoding="utf-8"))


def test_docs_profiles_md_shows_the_sample_and_real_output() -> None:
    text = DOC.read_text(encoding="utf-8")
    kinds = [m["kind"] for m in DOC_BLOCK.finditer(text)]
    assert kinds == ["file", "command", "command"]
    assert text == doc_text(), "run: python tests/test_profiles_data.py --write"


def test_docs_profiles_md_documents_every_key_of_the_format() -> None:
    text = DOC.read_text(encoding="utf-8")
    english, chinese = text.split("## 中文")
    from gojinotation_analyzer.rules import profile_files

    keys = [*profile_files._TOP_KEYS, *profile_files._SHIPPED_KEYS, "en", "zh"]
    for part in (english, chinese):
        for key in keys:
            assert re.search(rf"`[^`\n]*\b{key}\b[^`\n]*`", part), key


if __name__ == "__main__":  # pragma: no cover - regenerates docs/profiles.md
    if "--write" in sys.argv:
        DOC.write_text(doc_text(), encoding="utf-8")
