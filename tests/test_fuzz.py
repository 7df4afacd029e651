"""Fuzzing the reader, the engine replay and the validator: no input may raise.

Two kinds of input: arbitrary bytes, and real GJN records (self-played deals) mutated
the way damaged files are: bytes flipped, tokens deleted, duplicated, swapped or
inserted, the text cut short.  For each: :func:`gojinotation.read` returns (never
raises), every deal it gives replays through :func:`gojinotation_analyzer.engine.replay` to the end,
the validator reports, and the canonical writer writes the result back to text that
reads the same (when the input had no syntax error).

Damage can also repeat a token hundreds of times (a long run of passes, of braces, of
escapes), and every example must stay within the CPU-time budget of the bad-input
corpus (``tests/test_malformed.py``: 10 s plus 0.5 µs a byte and 25 µs an action),
which only a hang or a quadratic path would break.  A differential check runs the
possessive forms of the grammar's long terminals (comments, notes, strings), which the
reader and Lark's scanners use, against the grammar's own.

Budget: ``GOUJI_FUZZ_EXAMPLES`` examples per target (default 200, a few seconds in all);
CI runs them with the rest of the suite (``.ci/run``).  Set it higher for a long local
run, e.g. ``GOUJI_FUZZ_EXAMPLES=20000 pytest tests/test_fuzz.py``.
"""

from __future__ import annotations

import os
import re
import time
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import gojinotation as gj
from gojinotation.reader import _LONG_TERMINALS, _parser
from gojinotation_analyzer.engine import replay
from gojinotation_analyzer.reports.validate import validate_source
from gojinotation_analyzer.simulation.simulate import simulate

EXAMPLES = int(os.environ.get("GOUJI_FUZZ_EXAMPLES", "200"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Words of the notation, to insert where they do not belong.
VOCAB = (
    "1:",
    "6:",
    "7:",
    "3：",
    "KKK",
    "DX2",
    "?",
    "-",
    "过",
    "close",
    "yield",
    "burn",
    "burn DD",
    "report 9",
    "revolution",
    "buy 3 from 4 for 2",
    "give 3 to 5",
    "tribute D to 1",
    "return 3 to 6",
    "timeout",
    'penalty -2 "x"',
    'ruling "x"',
    "^",
    "!!",
    "?!",
    "[%clk 12]",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    '"',
    "\\",
    "12.",
    "hand 3:",
    "hand 4: -",
    '[Event "x"]',
    '[Profile "qingdao-bie3"]',
    '[Leader "2"]',
    "%GJN 1",
    "\n",
    "\r\n",
    "\x00",
    "大王",
    "\ufeff",
    "T*9",
)


@lru_cache(maxsize=1)
def seeds() -> tuple[str, ...]:
    """Real records to mutate: self-played deals of three profiles, a two-deal match."""
    texts = [gj.dumps(next(simulate(p, 5, 1, bot="random"))) for p in ("QS", "QB", "L4")]
    texts.append(gj.dumps(gj.Match(tuple(simulate("QD", 5, 2, match=True)), 1)))
    return tuple(texts)


def check(data: bytes) -> None:
    """The whole pipeline on ``data``: nothing may raise, nor take more CPU time than the
    bad-input budget."""
    t0 = time.process_time()
    result = gj.read(data)
    for deal in result.match.deals:
        if isinstance(deal, gj.Deal):
            for _ in replay(deal):
                pass
    text = gj.dumps(result.match)
    again = gj.read(text)
    if result.ok:
        # what was read cleanly writes back to text that reads the same
        assert again.ok and again.match.deals == result.match.deals
    # a broken deal is written back as its raw text; undecodable bytes in it became
    # U+FFFD, so reading it again may well succeed: only "no exception" is asked
    report = validate_source(data, file="fuzz.gjn")
    assert report.exit_code in (0, 1, 2)
    actions = sum(len(list(d.actions())) for d in result.match.deals if isinstance(d, gj.Deal))
    assert time.process_time() - t0 < 10 + 25e-6 * actions


@FUZZ
@given(hs.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    check(data)


@FUZZ
@given(
    hs.text(
        alphabet=hs.sampled_from(list('[]{}()"%:;-!?^*.0123456789TJQKAXDshcd \n\t大王过')),
        max_size=400,
    )
)
def test_gjn_alphabet_soup(text: str) -> None:
    check(text.encode("utf-8"))


@hs.composite
def mutated(draw: hs.DrawFn) -> bytes:
    """A real record, damaged by a few mutations."""
    text = draw(hs.sampled_from(seeds()))
    tokens = text.replace("\n", " \n ").split(" ")
    for _ in range(draw(hs.integers(1, 4))):
        kind = draw(
            hs.sampled_from(["delete", "duplicate", "swap", "insert", "cut", "flip", "repeat"])
        )
        if not tokens:
            break
        i = draw(hs.integers(0, len(tokens) - 1))
        if kind == "delete":
            del tokens[i]
        elif kind == "duplicate":
            tokens.insert(i, tokens[i])
        elif kind == "swap":
            j = draw(hs.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == "insert":
            tokens.insert(i, draw(hs.sampled_from(VOCAB)))
        elif kind == "cut":
            tokens = tokens[:i]
        elif kind == "repeat":  # a token, or a word of the notation, hundreds of times
            word = draw(hs.sampled_from([tokens[i], *VOCAB]))
            tokens[i:i] = [word] * draw(hs.integers(2, 800))
        else:
            raw = bytearray(" ".join(tokens).encode("utf-8"))
            if raw:
                k = draw(hs.integers(0, len(raw) - 1))
                raw[k] ^= 1 << draw(hs.integers(0, 7))
            return bytes(raw)
    return " ".join(tokens).replace(" \n ", "\n").encode("utf-8")


@FUZZ
@given(mutated())
def test_mutated_records(data: bytes) -> None:
    check(data)


def test_seeds_are_clean() -> None:
    """The records the mutations start from read and validate without error."""
    for text in seeds():
        assert gj.read(text).ok
        assert validate_source(text).exit_code == 0


#: The texts the long terminals meet: their delimiters, escapes, line ends.
_TERMINAL_SOUP = hs.text(alphabet=hs.sampled_from(list('{}[]%"\\\nx ')), max_size=60)


@FUZZ
@given(_TERMINAL_SOUP, hs.integers(0, 10))
def test_possessive_terminals_match_the_grammar(text: str, pos: int) -> None:
    """The reader (and Lark's scanners) match COMMENT, NOTE and STRING by possessive
    forms of the grammar's patterns: the same matches at every position."""
    for term in _parser().terminals:
        if term.name not in _LONG_TERMINALS:
            continue
        flags = re.S if "s" in term.pattern.flags else 0
        raw = str(term.pattern.raw)[1:].rsplit("/", 1)[0]  # the grammar's /…/ text
        plain, fast = re.compile(raw, flags), re.compile(term.pattern.value, flags)
        assert "*+" in term.pattern.value and "*+" not in raw
        a, b = plain.match(text, pos), fast.match(text, pos)
        assert (a and a.group()) == (b and b.group()), (term.name, text, pos)
