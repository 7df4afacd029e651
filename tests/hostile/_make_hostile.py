"""Write the small files of the hostile-input corpus of ``tests/hostile/``.

Run from the repository root: ``python tests/hostile/_make_hostile.py``.  Each file is a case of
issue #15 (or one of ours) that every command must survive: no traceback, no hang, no
exit code other than 0, 1 or 2, memory within its bound (``tests/test_hostile.py``).  The
large inputs (100 KB of ``{``, 200,000 lines of ``[`` …) are built by the test, not
committed; so is a file named ``javascript:alert(10).gjn`` (not a portable file name).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent

DEAL = (
    '[Event "hostile"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
    "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"
    "1. 1:3 2:4 3:- 4:- 5:- 6:- 1:- 2:close\n"
)


def _nested_json(depth: int) -> str:
    moves: list[object] = [{"type": "play", "seat": 2, "cards": ["4"]}]
    for _ in range(depth):
        moves = [{"type": "play", "seat": 2, "cards": ["4"]}, {"type": "variation", "moves": moves}]
    deal = {
        "type": "deal",
        "header": [{"type": "tag", "name": "Event", "value": "x"}],
        "hands": [],
        "moves": [{"type": "play", "seat": 1, "cards": ["3"]}, *moves],
    }
    return json.dumps({"type": "match", "deals": [deal]})


def _deal_json() -> str:
    """``DEAL`` as JSON, without spans (what ``gouji convert --no-spans`` writes)."""
    import gojinotation as gj
    from gojinotation.jsonio import dumps_json

    return dumps_json(gj.loads(DEAL).deals[0], spans=False, indent=None)


def cases() -> dict[str, bytes]:
    """The committed cases by file name."""
    rng = random.Random(15)
    zh = DEAL.replace('"hostile"', '"青岛够级公开赛 决赛"')
    deal = _deal_json()
    return {
        # issue 15, data loss 1: a backslash that starts no escape is kept
        "backslash.gjn": (
            '[Event "x"]\n[Site "C:\\games\\final"]\n{好牌 \\(^o^)/}\n'
            "hand 1: KK3\nhand 2: AA4\n"
            '1. 1:3 [%eval C:\\x] 2:4 1:penalty -2 "a\\b" 2:ruling "c:\\d"\n'
        ).encode(),
        # data loss 2: a broken deal keeps its trailing spaces (CR LF line ends)
        "broken_trailing.gjn": (DEAL + '\n[Event "b"]\n1:ZZ   \n').replace("\n", "\r\n").encode(),
        # data loss 9: a note key ends at a tab
        "note_tab.gjn": DEAL.replace("2:close", "2:close [%ruling\taccept late]").encode(),
        # data loss 8: variations nested 65 deep in JSON
        "nested_65.json": _nested_json(65).encode(),
        "nested_64.json": _nested_json(64).encode(),
        # encodings (issue 12)
        "gbk.gjn": zh.encode("gbk"),
        "gb18030.gjn": zh.replace("决赛", "决赛㐀").encode("gb18030"),
        "utf16.gjn": zh.encode("utf-16"),
        "latin1.gjn": DEAL.replace("hostile", "café").encode("latin-1"),
        # input hints: ideographic space, full-width comma, 、 and curly quotes
        "fullwidth.gjn": (
            DEAL.replace("1:3 2:4", "1:3\u30002:4，3:-、").replace('"hostile"', "“hostile”")
        ).encode(),
        # the validator: absurd leaders, an unknown future version, absurd numbers
        "leader_absurd.gjn": (
            "%GJN 99\n"
            + DEAL.replace('[Leader "1"]', '[Leader "7"]')
            + "\n"
            + DEAL.replace('[Leader "1"]', '[Leader "0"]')
            + "\n"
            + DEAL.replace('[Leader "1"]', '[Leader "12345678901234567890123456"]')
            + "\n"
            + DEAL.replace('[Leader "1"]', '[Leader "1"]\n[TimeControl "9' + "9" * 40 + '"]')
        ).encode(),
        # tag values no record means (GJV307-GJV309): a Score of 5,000 digits was an
        # "internal error" of validate (int() refuses 4,300 digits), dates, numbers
        "tags_absurd.gjn": (
            DEAL.replace(
                '[Leader "1"]',
                '[Leader "1"]\n[Score "' + "9" * 5000 + ' -6"]\n[Date "2026.02.30"]\n'
                '[Deal "-3"]\n[Round "0"]\n[Table "' + "7" * 26 + '"]',
            )
            + "\n"
            + DEAL.replace('[Leader "1"]', '[Finish "1 2 3 4 5 ' + "9" * 5000 + '"]')
            + "\n"  # rule overrides int() refused: "internal error" before
            + DEAL.replace(
                '[Leader "1"]',
                '[Leader "1"]\n[Rules "geming.fake_penalty=' + "9" * 5000 + "; "
                'match.game_count=+-5; burn.max_players_out=²"]',
            )
        ).encode(),
        # a version line of 5,000 digits was an internal error of every command, and one
        # of 7 digits was read as GJN 1 (fmt wrote "%GJN 1"): now GJN118, kept as written
        "version_huge.gjn": ("%GJN " + "9" * 5000 + "\n" + DEAL).encode(),
        "version_7_digits.gjn": ("%GJN 1234567\n" + DEAL).encode(),
        # convert streams: a JSON match whose deals come before its other keys (read
        # whole), and one whose deal 2 of 3 is broken (refused after deal 1 was written)
        "json_deals_first.json": json.dumps(
            {"deals": [json.loads(deal)] * 3, "type": "match", "version": 1}
        ).encode(),
        "json_late_error.json": json.dumps(
            {"type": "match", "deals": [json.loads(deal), {"type": "deal"}, json.loads(deal)]}
        ).encode(),
        # binary junk, NUL bytes, empty and nearly empty files
        "junk.gjn": bytes(rng.randrange(256) for _ in range(4096)),
        "nul.gjn": b"\x00" * 1000,
        "empty.gjn": b"",
        "bom_only.gjn": b"\xef\xbb\xbf",
        "blank.gjn": b" \t\r\n\r\n\n",
        "lone_cr.gjn": DEAL.replace("\n", "\r").encode(),
        "json_junk.json": b'{"type": "match", "deals": [' + b"[" * 5000,
        "json_not_object.json": b"[1, 2, 3]",
        # render: a record named index.gjn must not overwrite the index page
        "index.gjn": DEAL.encode(),
    }


def main() -> None:
    for name, data in cases().items():
        (HERE / name).write_bytes(data)


if __name__ == "__main__":
    main()
