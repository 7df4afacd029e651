"""Is ``gouji validate``'s output unchanged?  A check for work on the validator's speed.

Runs ``gouji validate --jobs 1`` in text (en, zh, ``--explain``), ``json`` and ``jsonl``
on a set of records, and writes each output to ``OUT/<name>.out`` (with the exit code on
its first line).  ``--compare BEFORE`` then compares every output byte for byte with
the same file of an earlier run (of the tree before the change)::

    git stash; python benchmarks/validate_identity.py --out /tmp/before; git stash pop
    python benchmarks/validate_identity.py --out /tmp/after --compare /tmp/before

The records: ``samples/`` and ``tests/fixtures`` (every ``.gjn``), the first 500 deals of
the simulated corpus (``--corpus``, default the one ``bench_scale.py`` makes) and the
same deals *damaged* (seeded: a seat changed, an action left out or repeated, a set cut
short in some of the move lines), which gives the validator thousands of findings of
every kind (the repair of terse records, repeats past the limit, disputes, variations
are in the samples).  This is a script, not a test: it takes a minute or two.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"

_TOKEN = re.compile(r"(?<!\S)([1-6]):(\S+)")


def damaged(text: str, seed: int = 16) -> str:
    """``text`` with some move lines damaged (seeded, so every run damages alike)."""
    rng = random.Random(seed)
    out = []
    for line in text.split("\n"):
        if line[:1].isdigit() and ". " in line and rng.random() < 0.08:
            tokens = line.split(" ")
            k = rng.randrange(1, len(tokens)) if len(tokens) > 1 else 0
            what = rng.randrange(4)
            if k and what == 0:  # another seat
                tokens[k] = _TOKEN.sub(lambda mt: f"{rng.randint(1, 6)}:{mt.group(2)}", tokens[k])
            elif k and what == 1:  # an action left out
                del tokens[k]
            elif k and what == 2:  # an action written twice
                tokens.insert(k, tokens[k])
            elif k:  # a set cut short
                mt = _TOKEN.fullmatch(tokens[k])
                if mt and len(mt.group(2)) > 1 and mt.group(2) not in ("close",):
                    tokens[k] = f"{mt.group(1)}:{mt.group(2)[:-1]}"
            line = " ".join(tokens)
        out.append(line)
    return "\n".join(out)


def records(corpus: Path) -> list[Path]:
    """The records to validate (the corpus's first 500 deals, and damaged, made here)."""
    files = sorted(ROOT.glob("samples/*.gjn")) + sorted(ROOT.glob("tests/fixtures/**/*.gjn"))
    if corpus.exists():
        from gojinotation.reader import deal_texts

        texts = []
        for i, (_, text) in enumerate(deal_texts(corpus)):
            if i == 500:
                break
            texts.append(text)
        clean = OUT / "identity-500.gjn"
        bad = OUT / "identity-500-damaged.gjn"
        clean.write_text("".join(texts), "utf-8")
        bad.write_text(damaged("".join(texts)), "utf-8")
        files += [clean, bad]
    return files


RUNS: dict[str, tuple[str, ...]] = {
    "text-en": ("--lang", "en", "validate", "--no-color"),
    "text-zh": ("--lang", "zh", "validate", "--no-color"),
    "explain-en": ("--lang", "en", "validate", "--no-color", "--explain"),
    "json-zh": ("--lang", "zh", "validate", "--format", "json"),
    "jsonl-en": ("--lang", "en", "validate", "--format", "jsonl"),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="write the outputs here")
    ap.add_argument("--compare", type=Path, default=None, help="the outputs of a run before")
    ap.add_argument("--corpus", type=Path, default=OUT / "scale-corpus-2000.gjn")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    files = records(args.corpus)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "analyzer")])}
    different = 0
    for name, argv_ in RUNS.items():
        for f in files:
            cmd = [sys.executable, "-m", "gojinotation_analyzer", *argv_, "--jobs", "1", str(f)]
            got = subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT)
            data = f"exit {got.returncode}\n".encode() + got.stdout + got.stderr
            key = f"{name}--{f.relative_to(ROOT).as_posix().replace('/', '_')}.out"
            (args.out / key).write_bytes(data)
            digest = hashlib.sha256(data).hexdigest()[:12]
            line = f"{key}: {len(data)} bytes, {digest}"
            if args.compare is not None:
                before = args.compare / key
                same = before.exists() and before.read_bytes() == data
                different += not same
                line += "" if same else "  DIFFERENT"
            print(line)
    if args.compare is not None:
        print("identical" if not different else f"{different} outputs differ")
    return 1 if different else 0


if __name__ == "__main__":
    raise SystemExit(main())
