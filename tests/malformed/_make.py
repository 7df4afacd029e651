"""Write the bad-input corpus of ``tests/malformed/`` and its manifest.

Run from the repository root: ``python tests/malformed/_make.py``.  Each case is a file
and one line of the manifest (``manifest.json``): what is wrong with it and the
diagnostics it must produce, found by running the reader (``GJN1xx`` codes), the engine
replay (the rule ids of its Violation events) and the validator (its ``GJV``/``GJN`` error
and warning codes) over it once, and then checked by hand.  The three huge cases (a 10 MB
comment, a million passes, 10,000 nested variations) are not committed: the test
builds them (``test_malformed.py``).

``--check`` prints the codes each file produces now, against the manifest, without
writing anything.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

import gojinotation as gj  # noqa: E402
from gojinotation_analyzer.simulation.simulate import simulate  # noqa: E402

CASES: list[tuple[str, bytes, str]] = []


def case(name: str, what: str) -> Callable[[Callable[[], bytes | str]], None]:
    def add(fn: Callable[[], bytes | str]) -> None:
        data = fn()
        CASES.append((name, data.encode("utf-8") if isinstance(data, str) else data, what))

    return add


def _const(data: bytes | str) -> Callable[[], bytes | str]:
    return lambda: data


VALID = gj.dumps(next(simulate("qingdao-standard", 1, 1, bot="heuristic")))
_LINES = VALID.splitlines(keepends=True)
HEAD = '[Event "bad"]\n[Profile "qingdao-standard"]\n[Leader "1"]\n'
SMALL = HEAD + "hand 1: KK3\nhand 2: AA4\nhand 3: 55\nhand 4: 66\nhand 5: 77\nhand 6: 88\n"


def _hands_text() -> str:
    return "".join(line for line in _LINES if line.startswith("hand "))


def _tags_text() -> str:
    return "".join(line for line in _LINES if line.startswith("["))


def _moves_text() -> str:
    return "".join(
        line for line in _LINES if line[:1].isdigit() or line.startswith(("1:", "2:", "3:"))
    )


# ------------------------------------------------------------------------ truncations

_BODY = VALID.encode("utf-8")
for _frac in (1, 5, 13, 21, 34, 55, 70, 89, 95, 99):
    _cut = len(_BODY) * _frac // 100
    case(f"truncated_{_frac:02d}pct.gjn", f"a valid deal cut after {_frac}% of its bytes")(
        _const(_BODY[:_cut])
    )
case("truncated_in_tag_value.gjn", "cut inside a tag's quoted value")(lambda: '[Event "gouji sim')
case("truncated_in_tag.gjn", "cut inside a tag, after the name")(lambda: "[Event ")
case("truncated_in_comment.gjn", "cut inside a comment")(lambda: HEAD + "{a comment that ne")
case("truncated_in_variation.gjn", "cut inside a variation")(lambda: SMALL + "1. 1:3 (2:4 3:5")
case("truncated_in_hand.gjn", "cut after 'hand 3:'")(lambda: HEAD + "hand 1: KK3\nhand 3:")
case("truncated_in_action_word.gjn", "cut inside an action word")(lambda: SMALL + "1. 1:3 2:bur")
case("truncated_in_note.gjn", "cut inside a structured note")(lambda: SMALL + "1. 1:3 [%clk 1")
case("truncated_mid_utf8.gjn", "cut in the middle of a three-byte character")(
    lambda: (HEAD + "{大王").encode("utf-8")[:-2]
)
case("truncated_after_seat.gjn", "a seat and a colon, then the end")(lambda: SMALL + "1. 1:")
case("truncated_run.gjn", "a run shorthand cut after the star")(lambda: SMALL + "1. 1:3*")

# ------------------------------------------------------------------------ encodings

_ZH = HEAD + "{青岛够级公开赛 · 决赛 · 大王小王}\n" + "hand 1: KK3\n1. 1:3\n"
case("gbk.gjn", "Chinese comment encoded as GBK")(lambda: _ZH.encode("gbk"))
case("gb18030.gjn", "Chinese comment encoded as GB18030")(lambda: _ZH.encode("gb18030"))
case("big5.gjn", "Chinese comment encoded as Big5")(
    lambda: (HEAD + "{夠級比賽}\nhand 1: KK3\n").encode("big5")
)
case("utf16le_bom.gjn", "UTF-16 little-endian with a byte-order mark")(lambda: _ZH.encode("utf-16"))
case("utf16be.gjn", "UTF-16 big-endian without a byte-order mark")(lambda: _ZH.encode("utf-16-be"))
case("utf32.gjn", "UTF-32")(lambda: _ZH.encode("utf-32"))
case("latin1.gjn", "Latin-1 bytes in a comment")(
    lambda: (HEAD + "{caf\xe9 na\xefve}\n").encode("latin-1")
)
case("cp1252_quotes.gjn", "Windows-1252 curly quotes in a tag")(
    lambda: b"[Event \x93quoted\x94]\n1:3\n"
)
case("utf8_bom.gjn", "UTF-8 with a byte-order mark (accepted)")(
    lambda: b"\xef\xbb\xbf" + SMALL.encode("utf-8") + b"1. 1:3 2:4\n"
)
case("overlong_utf8.gjn", "an overlong UTF-8 encoding of '/'")(
    lambda: HEAD.encode() + b"{\xc0\xaf}\n"
)
case("surrogate_utf8.gjn", "a UTF-16 surrogate encoded in UTF-8 (CESU)")(
    lambda: HEAD.encode() + b"{\xed\xa0\x80}\n"
)
case("lone_continuation.gjn", "a lone UTF-8 continuation byte in a move")(
    lambda: SMALL.encode() + b"1. 1:3\x80 2:4\n"
)
case("invalid_start_byte.gjn", "0xFF bytes")(lambda: SMALL.encode() + b"\xff\xfe\xff\n")
case("random_bytes.gjn", "4 KB of seeded random bytes")(lambda: random.Random(1).randbytes(4096))
_RA = random.Random(2)
case("random_gjn_alphabet.gjn", "4 KB of seeded random characters of the GJN alphabet")(
    lambda: "".join(_RA.choice('[]{}()"%:;-!?0123456789 TJQKAXD\n') for _ in range(4096))
)

# ------------------------------------------------------------------------ NUL and controls

case("nul_in_comment.gjn", "a NUL byte inside a comment")(lambda: HEAD + "{a\x00b}\n")
case("nul_in_move.gjn", "a NUL byte between moves")(lambda: SMALL + "1. 1:3 \x00 2:4\n")
case("nul_in_tag.gjn", "a NUL byte inside a tag value")(lambda: '[Event "a\x00b"]\n1:3\n')
case("nul_at_start.gjn", "the file starts with NUL bytes")(lambda: "\x00\x00\x00" + SMALL)
case("all_nul.gjn", "1 KB of NUL bytes")(lambda: b"\x00" * 1024)
case("escape_sequence.gjn", "an ANSI escape sequence in a move")(
    lambda: SMALL + "1. 1:3 \x1b[31m2:4\n"
)
case("form_feed.gjn", "form feed and vertical tab between moves")(
    lambda: SMALL + "1. 1:3\f2:4\v3:5\n"
)
case("del_char.gjn", "a DEL character in a hand")(lambda: HEAD + "hand 1: KK\x7f3\n")
case("zero_width_space.gjn", "a zero-width space inside a set")(
    lambda: SMALL + "1. 1:3 2:\u200b4\n"
)
case("rtl_override.gjn", "a right-to-left override in a comment (text, accepted)")(
    lambda: SMALL + "{\u202eevil}\n1. 1:3 2:4\n"
)
case("fullwidth_digits.gjn", "full-width digits as a seat")(lambda: SMALL + "1. １:3\n")

# ------------------------------------------------------------------------ tags and escapes

case("tag_every_escape.gjn", "a tag value with every escape (accepted)")(
    lambda: '[Event "q\\" b\\\\ n\\n t\\t u\\u brace\\} x"]\n' + SMALL[len('[Event "bad"]\n') :]
)
case("tag_newline_in_value.gjn", "a raw line break inside a tag value")(
    lambda: '[Event "line one\nline two"]\n1:3\n'
)
case("tag_unquoted.gjn", "a tag value without quotes")(lambda: "[Event bad]\n1:3\n")
case("tag_unclosed_bracket.gjn", "a tag without its closing bracket")(lambda: '[Event "x"\n1:3\n')
case("tag_two_values.gjn", "a tag with two values")(lambda: '[Event "x" "y"]\n1:3\n')
case("tag_empty_name.gjn", "a tag without a name")(lambda: '[ "x"]\n1:3\n')
case("tag_name_chinese.gjn", "a tag named in Chinese")(lambda: '[赛事 "x"]\n1:3\n')
case("tag_trailing_backslash.gjn", "a tag value ending in a backslash")(
    lambda: '[Event "x\\"]\n1:3\n'
)
case("tag_after_hands.gjn", "a tag after the hands")(lambda: SMALL + '[Site "x"]\n1. 1:3\n')
case("tag_after_moves.gjn", "a tag on the line of a move")(lambda: SMALL + '1. 1:3 [Site "x"]\n')
case("tag_in_variation.gjn", "a tag inside a variation")(
    lambda: SMALL + '1. 1:3 ([Site "x"] 2:4)\n'
)
case("tag_huge_value.gjn", "a 100 KB tag value (accepted)")(
    lambda: '[Event "' + "x" * 100_000 + '"]\n1:3\n'
)
case("duplicate_tags.gjn", "the same tag twice (the first wins; accepted)")(
    lambda: '[Event "a"]\n[Event "b"]\n1:3\n'
)
case("no_tags.gjn", "a deal that does not begin with a tag")(lambda: "hand 1: KK3\n1. 1:3\n")

# ------------------------------------------------------------------------ numbers

case("seat_too_large_number.gjn", "a seat of seven digits")(lambda: SMALL + "1. 1234567:3\n")
case("round_too_large.gjn", "a round mark of seven digits")(lambda: SMALL + "9999999. 1:3\n")
case("report_too_large.gjn", "a report of a huge number")(
    lambda: SMALL + "1. 1:3 1:report 12345678\n"
)
case("penalty_too_large.gjn", "a penalty of a huge number")(
    lambda: SMALL + '1. 1:3 1:penalty -99999999 "x"\n'
)
case("version_too_large.gjn", "a format version of nine digits (GJN118: more than 6 digits)")(
    lambda: "%GJN 123456789\n" + SMALL
)
case("version_unknown.gjn", "format version 2")(lambda: "%GJN 2\n" + SMALL + "1. 1:3\n")
case("run_too_long.gjn", "a run shorthand of 9999 cards")(lambda: SMALL + "1. 1:3*9999\n")
case("run_zero.gjn", "a run shorthand of zero cards")(lambda: SMALL + "1. 1:3*0\n")
case("report_six_digits.gjn", "a report of 999999 cards (R-REPORT-1)")(
    lambda: SMALL + "1. 1:3 1:report 999999\n"
)

# ------------------------------------------------------------------------ seats

for _s in ("0", "7", "9", "-1"):
    case(f"seat_{_s.replace('-', 'minus')}.gjn", f"an action by seat {_s}")(
        _const(SMALL + f"1. {_s}:3\n")
    )
case("hand_seat_9.gjn", "a hand line for seat 9")(lambda: HEAD + "hand 9: KK3\n")
case("hand_seat_0.gjn", "a hand line for seat 0")(lambda: HEAD + "hand 0: KK3\n")
case("give_to_seat_8.gjn", "a gift to seat 8")(lambda: SMALL + "1. 1:give 3 to 8\n")
case("tribute_to_seat_0.gjn", "tribute to seat 0")(lambda: SMALL + "1:tribute D to 0\n")
case("buy_from_seat_7.gjn", "a buy from seat 7")(lambda: SMALL + "1:buy 3 from 7 for 2\n")
case("duplicate_hand.gjn", "two hand lines for seat 1 (the first is used)")(
    lambda: SMALL.replace("hand 2: AA4\n", "hand 1: AA4\n") + "1. 1:3\n"
)

# ------------------------------------------------------------------------ ranks and cards

for _name, _card in (
    ("one", "1"),
    ("zero", "0"),
    ("eleven", "11"),
    ("letter_z", "Z"),
    ("letter_b", "B"),
    ("letter_n", "N"),
    ("suit_x", "3x"),
    ("ace_1", "A1"),
):
    case(f"rank_{_name}.gjn", f"a set {_card!r}")(_const(SMALL + f"1. 1:{_card}\n"))
case("hand_bad_rank.gjn", "a hand with an 'L'")(lambda: HEAD + "hand 1: KKL3\n")
case("hand_300_cards.gjn", "a hand of 300 cards")(lambda: HEAD + "hand 1: " + "5" * 300 + "\n")
case("set_217_cards.gjn", "a set of 217 cards")(lambda: SMALL + "1. 1:" + "5" * 217 + "\n")
case("hand_217_by_run.gjn", "a hand of 217 cards written as runs")(
    lambda: HEAD + "hand 1: 5*200 6*17\n"
)
case("buy_two_cards.gjn", "a buy of two cards")(lambda: SMALL + "1:buy 33 from 4 for 2\n")
case("give_no_card.gjn", "a gift without a card")(lambda: SMALL + "1:give to 4\n")
case("cards_without_seat.gjn", "cards written without a seat")(lambda: SMALL + "1. KKK\n")
case("space_inside_set.gjn", "a space inside a set")(lambda: SMALL + "1. 1:3 3\n")

# ------------------------------------------------------------------------ structure

case("unclosed_comment.gjn", "a comment never closed")(lambda: SMALL + "{never closed\n1. 1:3\n")
case("stray_close_brace.gjn", "a '}' without '{'")(lambda: SMALL + "1. 1:3 }\n")
case("stray_close_paren.gjn", "a ')' without '('")(lambda: SMALL + "1. 1:3 )\n")
case("unclosed_variation.gjn", "a variation never closed")(lambda: SMALL + "1. 1:3 (2:4\n")
case("nested_65.gjn", "variations nested 65 deep")(
    lambda: SMALL + "1. 1:3 " + "(2:4 " * 65 + ")" * 65
)
case("nested_64.gjn", "variations nested 64 deep (the limit; accepted)")(
    lambda: SMALL + "1. 1:3 " + "(2:4 " * 64 + ")" * 64 + "\n"
)
case("hands_after_moves.gjn", "a hand line after the moves")(lambda: SMALL + "1. 1:3\nhand 1: KK\n")
case("glyph_alone.gjn", "a glyph with no move before it")(lambda: SMALL + "!! 1:3\n")
case("glyph_four.gjn", "'!!!!' after a move")(lambda: SMALL + "1. 1:3 !!!!\n")
case("note_unclosed.gjn", "a structured note never closed")(
    lambda: SMALL + "1. 1:3 [%clk 12\n2:4\n"
)
case("note_no_key.gjn", "a structured note without a key")(lambda: SMALL + "1. 1:3 [% 12]\n")
case("percent_line.gjn", "a stray '%' line in a deal")(lambda: SMALL + "%weird\n1. 1:3\n")
case("only_whitespace.gjn", "only white space (no deals; accepted)")(lambda: " \n\t\n  \n")
case("empty.gjn", "an empty file (no deals; accepted)")(lambda: b"")
case("only_bom.gjn", "only a byte-order mark (accepted)")(lambda: b"\xef\xbb\xbf")
case("only_comment.gjn", "only a comment (a prologue; accepted)")(lambda: "{just a comment}\n")
case("semicolon_comment.gjn", "a PGN-style ';' comment")(lambda: SMALL + "; not GJN\n1. 1:3\n")
case("pgn_game.gjn", "a chess PGN game")(
    lambda: '[Event "F/S Return Match"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n'
)
case("json_in_gjn.gjn", "JSON in a .gjn file")(lambda: '{"deals": []}\n')
case("long_line.gjn", "a 40 KB line of passes out of turn")(
    lambda: SMALL + "1. 1:3 " + "3:- " * 10_000 + "\n"
)

# ------------------------------------------------------------------------ line endings

case("crlf.gjn", "CRLF line endings (accepted)")(lambda: VALID.replace("\n", "\r\n"))
case("cr_only.gjn", "old Mac CR line endings (accepted)")(lambda: VALID.replace("\n", "\r"))
case("mixed_line_endings.gjn", "LF, CRLF and CR mixed (accepted)")(
    lambda: "".join(
        line.rstrip("\n") + ("\n", "\r\n", "\r")[i % 3] for i, line in enumerate(_LINES)
    )
)
case("no_final_newline.gjn", "no line break at the end (accepted)")(lambda: VALID.rstrip("\n"))

# ------------------------------------------------------------------------ rules (parse fine)


def _with_moves(moves: str, tags: str | None = None, hands: str | None = None) -> str:
    return (tags or _tags_text()) + "\n" + (hands or _hands_text()) + "\n" + moves + "\n"


_TAGS = _tags_text()
_HANDS = _hands_text()
_HAND = {int(line[5]): line[8:].strip() for line in _HANDS.splitlines()}


def _replace_tag(text: str, name: str, value: str) -> str:
    out = []
    for line in text.splitlines(keepends=True):
        if line.startswith(f"[{name} "):
            line = f'[{name} "{value}"]\n'
        out.append(line)
    return "".join(out)


def _lead_seat() -> int:
    return int(_TAGS.split('[Leader "')[1][0])


def _next(s: int) -> int:
    return s % 6 + 1


def _joker_seat() -> int:
    return next(s for s in range(1, 7) if "D" in _HAND[s] or "X" in _HAND[s])


case("hand_35_cards.gjn", "seat 1 dealt 35 cards")(
    lambda: _with_moves("", hands=_HANDS.replace("hand 1: " + _HAND[1], "hand 1: " + _HAND[1][1:]))
)
case("five_big_jokers.gjn", "five 大王 in the deal (the deck has four)")(
    lambda: _with_moves("", hands="\n".join(f"hand {s}: D " + _HAND[s] for s in range(1, 7)))
)
case("hands_all_unknown.gjn", "every hand unknown (accepted, nothing to check)")(
    lambda: _TAGS + "\n" + "".join(f"hand {s}: -\n" for s in range(1, 7))
)
case("hands_missing.gjn", "no hand lines, moves only")(lambda: _TAGS + "\n1. 1:3 2:4 3:close\n")
case("unknown_profile.gjn", "an unknown rule profile")(
    lambda: _with_moves("", tags=_TAGS.replace("qingdao-standard", "no-such-profile"))
)
case("bad_override.gjn", "a rule override that does not exist")(
    lambda: _with_moves("", tags=_TAGS + '[Rules "burn.allowed=maybe; no.such=1"]\n')
)
case("leader_9.gjn", "a Leader tag of 9")(lambda: _replace_tag(VALID, "Leader", "9"))
case("leader_wrong.gjn", "a Leader tag naming another seat than the one who leads")(
    lambda: _replace_tag(VALID, "Leader", str(_next(_lead_seat())))
)
case("finish_wrong.gjn", "a Finish tag that is not the replay's")(
    lambda: _replace_tag(VALID, "Finish", "6 5 4 3 2 1")
)
case("finish_unreadable.gjn", "a Finish tag that cannot be read")(
    lambda: _replace_tag(VALID, "Finish", "who knows")
)
case("score_wrong.gjn", "a Score tag that is not the replay's")(
    lambda: _replace_tag(VALID, "Score", "A 99 B -99")
)
case("round_mark_wrong.gjn", "a round mark that does not match the replay")(
    lambda: VALID.replace("\n2. ", "\n7. ", 1)
)


_ACTS = [a for a in _moves_text().split() if ":" in a and not a.endswith(".")]
case("out_of_turn.gjn", "the second seat plays before the leader")(
    lambda: _with_moves("1. 2:3 1:3")
)
case("cards_not_held.gjn", "the leader plays a set of four 大王")(
    lambda: _with_moves(f"1. {_lead_seat()}:DDDD")
)
case("set_too_small.gjn", "a follower plays a lower set")(
    lambda: _with_moves(f"1. {_lead_seat()}:A {_next(_lead_seat())}:3")
)
case("moves_after_end.gjn", "actions after the deal is over")(lambda: VALID + "99. 1:3 2:-\n")
case("tribute_in_standard.gjn", "tribute where the profile has none")(
    lambda: _with_moves("1:tribute D to 4")
)
case("burn_without_gouji.gjn", "a burn with nothing to burn")(
    lambda: _with_moves(f"1. {_lead_seat()}:burn 3")
)
case("pass_on_lead.gjn", "the leader passes")(lambda: _with_moves(f"1. {_lead_seat()}:-"))
case("close_with_nothing.gjn", "扣牌 with nothing on the table")(
    lambda: _with_moves(f"1. {_lead_seat()}:close")
)
case("report_false.gjn", "a false 报牌")(lambda: _with_moves(f"1. {_lead_seat()}:report 3"))
case("revolution_with_jokers.gjn", "革命 with power cards in hand")(
    lambda: _with_moves(f"{_joker_seat()}:revolution")
)
case("unknown_cards_play.gjn", "unknown cards played from an unknown hand (accepted)")(
    lambda: (
        _TAGS + "\n" + "".join(f"hand {s}: -\n" for s in range(1, 7)) + f"\n1. {_lead_seat()}:???\n"
    )
)


# ------------------------------------------------------------------------ running


def codes_of(data: bytes) -> dict[str, list[str]]:
    """What the reader, the engine replay and the validator say about ``data``."""
    from gojinotation_analyzer.engine import events as E
    from gojinotation_analyzer.engine import replay
    from gojinotation_analyzer.reports.validate import validate_source

    result = gj.read(data)
    reader = sorted({e.code for e in result.errors})
    engine: set[str] = set()
    for d in result.match.deals:
        if isinstance(d, gj.Deal):
            for f in replay(d):
                engine.update(e.rule_id for e in f.events if isinstance(e, E.Violation))
    report = validate_source(data, file="x.gjn")
    validator = sorted(
        {d.code for d in report.diagnostics if d.severity.value in ("error", "warning")}
    )
    return {"reader": reader, "engine": sorted(engine), "validator": validator}


def main() -> None:
    check = "--check" in sys.argv
    manifest_path = HERE / "manifest.json"
    old = json.loads(manifest_path.read_text("utf-8")) if manifest_path.exists() else {}
    manifest: dict[str, dict[str, object]] = {}
    names = [n for n, _, _ in CASES]
    assert len(names) == len(set(names)), "duplicate case names"
    for name, data, what in CASES:
        got = codes_of(data)
        entry: dict[str, object] = {"what": what, **got}
        manifest[name] = entry
        if check:
            prev = old.get(name)
            flag = "" if prev == entry else "  <- differs"
            print(f"{name:34} {got}{flag}")
        else:
            (HERE / name).write_bytes(data)
    if not check:
        manifest_path.write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8"
        )
        print(f"{len(manifest)} cases written")


if __name__ == "__main__":
    main()
