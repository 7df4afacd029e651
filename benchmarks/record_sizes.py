"""How many characters a referee types: a terse GJN deal beside PGN and PBN.

Counts the characters (not bytes) of

* the complete qingdao-standard deal of ``samples/qingdao-standard-full.gjn`` (every pass
  and close written) and the same deal as a terse record
  (``tests/terse/qingdao-full-sets-only.gjn``: sets only; ``qingdao-full-no-hands.gjn``:
  no hand lines; ``qingdao-full-bare-sets.gjn``: no hand lines and no seat before a set
  played in turn), each as the whole record and as its moves alone, comments left out;
* two PGN chess games (the Opera game and the Immortal game, as in
  ``benchmarks/bench_notation.py``), with the seven-tag roster;
* a PBN bridge deal with its auction and all 13 tricks (written for this comparison).

    python benchmarks/record_sizes.py

The figures in docs/format.md §9.3 come from this command.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_notation import IMMORTAL, OPERA  # noqa: E402

PBN = """[Event "Club pairs"]
[Site "Qingdao"]
[Date "2026.05.01"]
[Board "1"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.K32.A54.K32 JT9.AQJ.KQJ2.654 876.T987.T98.AQJ 543.654.763.T987"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[Auction "N"]
1S Pass 2S Pass
4S Pass Pass Pass
[Play "E"]
HA H7 H4 H2
HQ H8 H5 H3
DK D8 D3 DA
S9 S6 S3 SA
ST S7 S4 SK
SJ S8 S5 SQ
HJ H9 H6 HK
DQ D9 D6 S2
C4 CJ C7 CK
C5 CA C8 C2
C6 CQ C9 C3
D2 HT D7 D4
DJ DT CT D5
"""

COMMENT = re.compile(r"\{[^}]*\}", re.S)


def gjn_sizes(path: Path) -> tuple[int, int]:
    """(whole record, moves alone) in characters, comments and blank lines left out."""
    text = COMMENT.sub("", path.read_text(encoding="utf-8"))
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    # a move line begins with a round number, a seat or a set without its seat
    moves = [ln for ln in lines if not ln.startswith(("[", "%", "hand", "手牌"))]
    return len("\n".join(lines)) + 1, len("\n".join(moves)) + 1


def pgn_sizes(text: str) -> tuple[int, int]:
    """(whole game, movetext alone) in characters."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    moves = [ln for ln in lines if not ln.startswith("[")]
    return len("\n".join(lines)) + 1, len("\n".join(moves)) + 1


def main() -> None:
    full = gjn_sizes(ROOT / "samples" / "qingdao-standard-full.gjn")
    terse = gjn_sizes(ROOT / "tests" / "terse" / "qingdao-full-sets-only.gjn")
    bare = gjn_sizes(ROOT / "tests" / "terse" / "qingdao-full-no-hands.gjn")
    seatless = gjn_sizes(ROOT / "tests" / "terse" / "qingdao-full-bare-sets.gjn")
    opera, immortal = pgn_sizes(OPERA), pgn_sizes(IMMORTAL)
    pbn_lines = PBN.strip().splitlines()
    pbn = (len("\n".join(pbn_lines)) + 1,
           len("\n".join(ln for ln in pbn_lines if not ln.startswith("["))) + 1)  # fmt: skip
    rows = [
        ("GJN, complete deal (every pass and close)", full),
        ("GJN, terse deal (sets only)", terse),
        ("GJN, terse deal without hands (--fill-hands)", bare),
        ("GJN, the same without seats played in turn", seatless),
        ("PGN, the Opera game (17 moves)", opera),
        ("PGN, the Immortal game (23 moves)", immortal),
        ("PBN, one deal with auction and play", pbn),
    ]
    print(f"{'record':44} {'whole':>6} {'moves':>6}")
    for name, (whole, moves) in rows:
        print(f"{name:44} {whole:6} {moves:6}")
    pgn_avg = (opera[0] + immortal[0]) / 2
    print(f"terse GJN / PGN (mean of the two games): {terse[0] / pgn_avg:.2f}x whole, "
          f"{terse[1] / ((opera[1] + immortal[1]) / 2):.2f}x moves")  # fmt: skip
    print(f"terse GJN / PBN: {terse[0] / pbn[0]:.2f}x whole, {terse[1] / pbn[1]:.2f}x moves")
    print(f"terse GJN without hands / PGN: {bare[0] / pgn_avg:.2f}x whole")
    print(f"terse GJN without hands and seats in turn / PGN: {seatless[0] / pgn_avg:.2f}x whole, "
          f"{seatless[1] / ((opera[1] + immortal[1]) / 2):.2f}x moves; / PBN: "
          f"{seatless[0] / pbn[0]:.2f}x whole")  # fmt: skip


if __name__ == "__main__":
    main()
