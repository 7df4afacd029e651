"""A real (non-editable) install: the wheel carries the grammar and the ``gouji`` script.

The project is copied to a temporary directory and built into a wheel by the running
interpreter (``pip wheel --no-deps --no-build-isolation --no-index``: the test extras bring
setuptools and wheel, so no network is needed, inside a virtual environment or not).  The
wheel is installed into a fresh virtual environment whose only view of the dependencies is
a ``.pth`` line naming the running interpreter's site directories (no other ``.pth`` file of
theirs runs there, so an editable install of the project stays invisible), and that
environment's ``gouji`` is run from a directory outside the source tree.  Takes some seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RECORD = """%GJN 1

[Event "安装测试"]
[Seat1 "张三"]
[Finish "3 1 5 2 6 4"]

hand 1: DD X 2222

1. 1:333 2:- 3:close
"""


def _bin(venv: Path, name: str) -> Path:
    sub = "Scripts" if os.name == "nt" else "bin"
    suffix = ".exe" if os.name == "nt" else ""
    return venv / sub / f"{name}{suffix}"


def _run(
    *args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", "*.egg-info")
    for package in ("gojinotation", "analyzer", "grammar"):
        shutil.copytree(ROOT / package, src / package, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, src / name)
    if not (src / "README.md").exists():
        (src / "README.md").write_text("gojinotation\n", encoding="utf-8")
    venv = base / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    dist = base / "dist"
    pip = [sys.executable, "-m", "pip"]
    built = _run(
        *pip,
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-q",
        "-w",
        dist,
        src,
        cwd=base,
        env=env,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = dist.glob("gojinotation-*.whl")
    made = _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base, env=env)
    assert made.returncode == 0, made.stderr
    python = _bin(venv, "python")
    purelib = _run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    site_dirs = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib.stdout.strip(), "_deps.pth").write_text("\n".join(sorted(site_dirs)) + "\n")
    pip_run = _run(
        *pip,
        "--python",
        python,
        "install",
        "--no-deps",
        "--no-index",
        "-q",
        wheel,
        cwd=base,
        env=env,
    )
    assert pip_run.returncode == 0, pip_run.stdout + pip_run.stderr
    work = base / "elsewhere"
    work.mkdir()
    return venv, env


def test_the_installed_package_is_the_wheel_not_the_source(
    installed: tuple[Path, dict[str, str]],
) -> None:
    venv, env = installed
    work = venv.parent / "elsewhere"
    code = (
        "import gojinotation, gojinotation_analyzer.cli.main, gojinotation.reader as r;"
        "print(gojinotation.__file__); print(r.GRAMMAR_PATH);"
        "print(r.GRAMMAR_PATH.is_file())"
    )
    r = _run(_bin(venv, "python"), "-c", code, cwd=work, env=env)
    assert r.returncode == 0, r.stderr
    module, grammar_path, exists = r.stdout.split("\n")[:3]
    assert Path(module).resolve().is_relative_to(venv.resolve()), module
    assert Path(grammar_path).resolve().is_relative_to(venv.resolve()), grammar_path
    assert exists == "True"


def test_installed_gouji_show_and_fmt_check(installed: tuple[Path, dict[str, str]]) -> None:
    venv, env = installed
    work = venv.parent / "elsewhere"
    record = work / "record.gjn"
    record.write_text(RECORD, encoding="utf-8")
    gouji = _bin(venv, "gouji")
    assert gouji.exists()

    r = _run(gouji, "--lang", "en", "show", "record.gjn", cwd=work, env=env)
    assert r.returncode == 0, r.stderr
    assert "Event: 安装测试" in r.stdout
    assert "1. 1:333 2:- 3:close" in r.stdout
    assert "1st 头科 seat 3" in r.stdout

    r = _run(gouji, "--lang", "zh", "show", "record.gjn", cwd=work, env=env)
    assert r.returncode == 0 and "赛事：安装测试" in r.stdout

    r = _run(gouji, "fmt", "--check", "record.gjn", cwd=work, env=env)
    assert r.returncode == 0, r.stdout + r.stderr

    messy = work / "messy.gjn"
    messy.write_text('[Event "x"]\n1:333   2:过\n', encoding="utf-8")
    r = _run(gouji, "fmt", "--check", "messy.gjn", cwd=work, env=env)
    assert r.returncode == 1 and "messy.gjn" in r.stderr

    bad = work / "bad.gjn"
    bad.write_text('[Event "x"]\n7:333\n', encoding="utf-8")
    r = _run(gouji, "--lang", "en", "fmt", "--check", "bad.gjn", cwd=work, env=env)
    assert r.returncode == 2
    assert "bad.gjn:2:1: error GJN113" in r.stderr
    assert "Traceback" not in r.stderr

    r = _run(gouji, "--version", cwd=work, env=env)
    assert r.returncode == 0 and "0." in r.stdout

    # the rule profiles are data files of the package (rules/data/profiles/*.toml)
    r = _run(gouji, "rules", "list", "--lang", "en", cwd=work, env=env)
    assert r.returncode == 0 and "20 profiles" in r.stdout, r.stdout + r.stderr
