"""The event store of ``gouji serve``: one GJN file per table, rewritten atomically for
every accepted action, checked by the rules engine before it is written.

The GJN files of the event folder are the store and the source of truth: a table is the
file ``EVENT_DIR/<table>.gjn`` and its live deal is the file's last deal (the deals before
it are the earlier deals of the match, sealed).  Every change (an action, an undo, a
confirmation, the seal, a next deal) writes the whole canonical text with
:func:`gojinotation.fileio.atomic_write` (a temporary file, ``fsync``, a rename over the
record, ``fsync`` of the folder), so an accepted
action is on disk before anyone is told it was accepted and a crash leaves either the old
or the new record, never half of one.  Starting again reads the files: nothing else is
needed to resume a deal.

Beside the records, in ``EVENT_DIR/.serve/``: the secrets (``secrets.json``, mode 0600)
and, per table, the times the actions were accepted (``<table>.times``, for the broadcast
delay only).  A sealed record has ``<table>.gjn.sha256`` beside it (``sha256sum`` format).

Every write names the record's current action count (``seq``); a stale one is refused
with :class:`Conflict`, so two recorders on one table never merge silently.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "t1.gjn").write_text(
...     '[Event "demo"]\\n[Profile "qingdao-standard"]\\n[Leader "1"]\\n'
...     "hand 1: 33 4\\nhand 2: 5\\nhand 3: 6\\nhand 4: 7\\nhand 5: 8\\nhand 6: 9\\n",
...     encoding="utf-8")
>>> store = Store(d, deck_check=False)
>>> t = store.table("t1")
>>> t.seq
0
>>> t.add(0, "1:33 2:- 3:- 4:- 5:- 6:-").seq
6
>>> t.add(0, "1:4")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.serve.store.Conflict: the record has 6 actions, not 0 (someone ...
>>> try:
...     t.add(6, "2:5")
... except Refused as r:
...     print(r.rule_id)
R-TURN-1
>>> t.undo(6).seq
5
>>> Store(d, deck_check=False).table("t1").seq  # a new process reads the same record
5
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

import gojinotation as gj
from gojinotation import model as m
from gojinotation.errors import GoujiError, NotationError
from gojinotation.fileio import atomic_write  # temporary file, fsync, rename, fsync of the folder
from gojinotation.writer import format_action
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine import IllegalAction, deal_ruleset, legal_actions, replay, verify
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.crossdeal import check_leader, next_leader
from gojinotation_analyzer.engine.normalize import explicit
from gojinotation_analyzer.engine.state import DealState
from gojinotation_analyzer.serve.deals import _carry, _with_confirmation, carried, confirmations

__all__ = [
    "Conflict",
    "Refused",
    "Sealed",
    "ServeError",
    "Store",
    "Table",
    "atomic_write",
]

SIDE = ".serve"


class ServeError(GoujiError):
    """A request the store cannot carry out (en/zh message, HTTP status)."""

    status = 400

    def __init__(self, en: str, zh: str) -> None:
        self.en = en
        self.zh = zh
        super().__init__(en)

    def as_dict(self) -> dict[str, Any]:
        """The error as JSON for the client."""
        return {"error": type(self).__name__.lower(), "en": self.en, "zh": self.zh}


def _error(key: str, **fields: object) -> ServeError:
    """A :class:`ServeError` with the catalogue's message ``key`` (``serve.*``)."""
    zh_fields = {k.removesuffix("_zh"): v for k, v in fields.items() if k.endswith("_zh")}
    en_fields = {k: v for k, v in fields.items() if not k.endswith("_zh")}
    return ServeError(
        i18n.t(key, "en", **en_fields), i18n.t(key, "zh", **{**en_fields, **zh_fields})
    )


class Conflict(ServeError):
    """The write named a stale action count: another recorder wrote first."""

    status = 409

    def __init__(self, current: int, given: int) -> None:
        super().__init__(
            f"the record has {current} actions, not {given} (someone else wrote first)",
            f"记录现有 {current} 个动作，而不是 {given}（另一记录员已先写入）",
        )
        self.current = current


class Sealed(ServeError):
    """The record is sealed: it is no longer written."""

    status = 409

    def __init__(self) -> None:
        super().__init__("the record is sealed", "记录已封存，不能再修改")


class Refused(ServeError):
    """The engine refused the action: the rule, its reasons and its sources."""

    status = 422

    def __init__(self, exc: IllegalAction, action: str) -> None:
        super().__init__(exc.en, exc.zh)
        self.rule_id = exc.rule_id
        self.param = exc.param
        self.action = action
        self.seat = exc.seat

    def as_dict(self) -> dict[str, Any]:
        from gojinotation_analyzer.rules.rulebook import RULES

        r = RULES.get(self.rule_id)
        return {
            **super().as_dict(),
            "rule_id": self.rule_id,
            "title_en": r.title_en if r else "",
            "title_zh": r.title_zh if r else "",
            "param": self.param,
            "action": self.action,
            "seat": self.seat,
            "sources": [
                {"file": str(c.file), "section": str(c.section), "quote": str(c.quote)}
                for c in (r.sources if r else ())
            ],
        }


def parse_actions(text: str) -> tuple[m.Action, ...]:
    """The actions of a piece of GJN move text (``3:KKK 4:-``).

    :raises ServeError: for a syntax error (its message in English and Chinese).

    >>> [format_action(a) for a in parse_actions("3:KKK ^4:- [%ruling accept]")]
    ['3:KKK', '^4:- [%ruling accept]']
    """
    if not text.strip():
        raise ServeError("no action given", "没有输入动作")
    res = gj.read('[Event "x"]\n' + text.replace("\n", " "))
    if res.errors:
        err: NotationError = res.errors[0]
        raise ServeError(err.en, err.zh)
    deal = res.match.deals[0]
    if len(res.match.deals) != 1 or not isinstance(deal, m.Deal) or deal.hands:
        raise ServeError("only move text may be entered here", "此处只能输入出牌记录")
    acts = tuple(deal.actions())
    if not acts:
        raise ServeError("no action given", "没有输入动作")
    return acts


def tags_of(deal: m.Deal) -> dict[str, str]:
    """The deal's tags by name (the last of a repeated one)."""
    return {t.name: t.value for t in deal.header if isinstance(t, m.Tag)}


def _is(item: object, name: str | tuple[str, ...]) -> bool:
    names = (name,) if isinstance(name, str) else name
    return isinstance(item, m.Tag) and item.name in names


def _with_tags(deal: m.Deal, tags: Sequence[tuple[str, str]]) -> m.Deal:
    """The deal with the given tags set: replaced where present, else after ``Leader``."""
    header = list(deal.header)
    for name, value in tags:
        i = next((k for k, t in enumerate(header) if _is(t, name)), None)
        if i is not None:
            header[i] = m.Tag(name, value)
            continue
        after = next((k for k, t in enumerate(header) if _is(t, "Leader")), len(header) - 1)
        # keep the order Leader, Finish, Score when both are new
        while after + 1 < len(header) and _is(header[after + 1], ("Finish", "Score")):
            after += 1
        header.insert(after + 1, m.Tag(name, value))
    return attrs.evolve(deal, header=tuple(header))


def _drop_last_action(moves: Sequence[m.MoveItem]) -> tuple[m.MoveItem, ...]:
    out = list(moves)
    for i in range(len(out) - 1, -1, -1):
        if isinstance(out[i], m.ACTION_TYPES):
            del out[i:]
            break
    while out and isinstance(out[-1], m.RoundMark):
        out.pop()
    return tuple(out)


def _truncate(deal: m.Deal, n: int) -> m.Deal:
    """The deal with only its first ``n`` main-line actions."""
    out: list[m.MoveItem] = []
    k = 0
    for item in deal.moves:
        if isinstance(item, m.ACTION_TYPES):
            if k == n:
                break
            k += 1
        elif isinstance(item, m.Variation):
            continue
        out.append(item)
    while out and isinstance(out[-1], m.RoundMark):
        out.pop()
    return attrs.evolve(deal, moves=tuple(out))


@attrs.frozen
class Result:
    """The end of a deal: places (seat -> place), team points, void."""

    places: dict[int, int]
    team_points: dict[str, int]
    void: bool

    @property
    def finish(self) -> str:
        """The ``Finish`` tag: seats in place order."""
        return " ".join(str(s) for s in sorted(self.places, key=lambda s: self.places[s]))

    @property
    def score(self) -> str:
        """The ``Score`` tag."""
        return f"A {self.team_points.get('A', 0)} B {self.team_points.get('B', 0)}"

    def confirmation(self, seat: int) -> str:
        """The value of seat ``seat``'s ``[%confirm …]`` note for this result.

        >>> Result({2: 1, 1: 2, 3: 3, 4: 4, 5: 5, 6: 6}, {"A": 1, "B": -1}, False).confirmation(4)
        '4 finish 2 1 3 4 5 6; score A 1 B -1'
        """
        what = "void" if self.void else f"finish {self.finish}"
        return f"{seat} {what}; score {self.score}"


@attrs.frozen
class Snapshot:
    """A table's record at one moment, with the engine's state after its last action."""

    text: str
    deal: m.Deal
    state: DealState
    seq: int
    result: Result | None
    events: tuple[E.Event, ...]
    match: m.Match


def snapshot(text: str, *, deck_check: bool = True) -> Snapshot:
    """Read a record's text and replay its last deal (with the tribute the deal before it
    in the same match left owing)."""
    res = gj.read(text)
    if res.errors or not res.match.deals:
        msg = res.errors[0] if res.errors else None
        raise ServeError(
            f"the record cannot be read: {msg.en if msg else 'no deal'}",
            f"记录无法读取：{msg.zh if msg else '没有牌局'}",
        )
    deal = res.match.deals[-1]
    assert isinstance(deal, m.Deal)
    obligations, _ = carried(res.match, deck_check)
    frames = list(replay(deal, deck_check=deck_check, obligations=obligations))
    state = frames[-1].state
    ended = next(
        (e for f in frames for e in f.events if isinstance(e, E.DealEnded)),
        None,
    )
    result = None
    if ended is not None:
        tp: dict[str, int] = {}
        if ended.score is not None:
            tp = {str(k): v for k, v in ended.score.team_points.items()}
        result = Result(dict(ended.places), tp, ended.void)
    events = tuple(e for f in frames[-1:] for e in f.events)
    seq = sum(1 for _ in deal.actions())
    return Snapshot(text, deal, state, seq, result, events, res.match)


class Table:
    """One table: its record file, the engine state of its live deal, its writes."""

    def __init__(self, store: Store, name: str) -> None:
        self.store = store
        self.name = name
        self.path = store.root / f"{name}.gjn"
        self.seal_path = store.root / f"{name}.gjn.sha256"
        self.times_path = store.side / f"{name}.times"
        self.snap = snapshot(self.path.read_text(encoding="utf-8"), deck_check=store.deck_check)
        self.version = 0  # bumped on every change (live followers wait on it)
        self._times: dict[int, float] | None = None
        self.disputes: list[dict[str, Any]] = self._disputes()

    # -- reading
    @property
    def seq(self) -> int:
        """The number of main-line actions in the live deal."""
        return self.snap.seq

    @property
    def sha256(self) -> str:
        """The SHA-256 of the record's canonical text."""
        return hashlib.sha256(self.snap.text.encode("utf-8")).hexdigest()

    def _seal_lines(self) -> tuple[list[str], list[str]]:
        """The seal file's ``# deal K sha256 DIGEST`` lines and its ``DIGEST  NAME`` lines."""
        text = ""
        with contextlib.suppress(OSError):
            text = self.seal_path.read_text(encoding="utf-8")
        lines = [ln for ln in text.splitlines() if ln.strip()]
        return [ln for ln in lines if ln.startswith("#")], [
            ln for ln in lines if not ln.startswith("#")
        ]

    def _history(self) -> list[str]:
        """The ``# deal K sha256 DIGEST`` lines of the deals before the live one: those
        stored, and an earlier deal's whole-file seal left as it was by a crash between the
        two writes of :meth:`next_deal` (it covers the deals before the live one)."""
        history, whole = self._seal_lines()
        if whole and len(history) + 1 < self.deal_count:
            history.append(f"# deal {len(history) + 1} sha256 {whole[0].split()[0]}")
        return history

    @property
    def sealed(self) -> bool:
        """True when the live (last) deal is sealed: a seal of the whole file is stored
        beside the record (whether or not it still holds)."""
        history, whole = self._seal_lines()
        return bool(whole) and len(history) + 1 >= self.deal_count

    def seal_ok(self) -> bool | None:
        """``None`` when nothing is sealed; else whether every stored digest still matches:
        the whole file's, and each earlier deal's (the canonical text of the file up to
        the end of that deal, as it stood when the deal was sealed)."""
        history, whole = self._seal_lines()
        if not history and not whole:
            return None
        for line in history:  # "# deal K sha256 DIGEST"
            parts = line.split()
            if len(parts) < 5 or not parts[2].isdigit():
                return False
            if parts[4] != self.deal_digest(int(parts[2])):
                return False
        covered = len(history) + 1  # the deals the whole-file seal was made over
        for line in whole:
            want = self.sha256 if covered >= self.deal_count else self.deal_digest(covered)
            if line.split()[0] != want:
                return False
        return True

    def deal_digest(self, k: int) -> str:
        """The SHA-256 of the canonical text of the record's first ``k`` deals."""
        match = self.snap.match
        if not 0 < k <= len(match.deals):
            return ""
        text = gj.dumps(attrs.evolve(match, deals=match.deals[:k]))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @property
    def deal_count(self) -> int:
        """How many deals the file holds (the live one is the last)."""
        return len(self.snap.match.deals)

    def confirmed(self) -> list[int]:
        """The seats whose ``[%confirm …]`` note agrees with the deal's result as it stands."""
        result = self.snap.result
        if result is None:
            return []
        return sorted(
            s for s, v in confirmations(self.snap.deal).items() if v == result.confirmation(s)
        )

    def next_leader(self) -> int | None:
        """The first leader the live deal's end gives the next deal (R-OPEN-1), if any."""
        ended = _carry(gj.dumps(gj.Match(deals=(self.snap.deal,))), self.store.deck_check)[1]
        if ended is None:
            return None
        rs, _, _ = deal_ruleset(self.snap.deal)
        return next_leader(ended, rs)

    def times(self) -> dict[int, float]:
        """When each action count was reached (the last time, after undos)."""
        if self._times is None:
            out: dict[int, float] = {}
            with contextlib.suppress(OSError, ValueError):
                for line in self.times_path.read_text(encoding="utf-8").splitlines():
                    parts = line.split()
                    if len(parts) == 2:
                        out[int(parts[0])] = float(parts[1])
            self._times = out
        return self._times

    def refresh(self) -> bool:
        """Read the record again if its file was changed by someone else (an editor, the
        organiser); True when it was.  Writes are always checked against the file."""
        text = self.path.read_text(encoding="utf-8")
        if text == self.snap.text:
            return False
        self.snap = snapshot(text, deck_check=self.store.deck_check)
        self.version += 1
        self.disputes = self._disputes()
        self.store.changed(self)
        return True

    def visible_seq(self, delay: float, now: float | None = None) -> int:
        """How many actions a spectator with ``delay`` seconds of delay may see."""
        if delay <= 0 or self.sealed:
            return self.seq
        now = time.time() if now is None else now
        times = self.times()
        k = 0
        for n in range(1, self.seq + 1):
            if times.get(n, 0.0) <= now - delay:
                k = n
            else:
                break
        return k

    def deal_at(self, n: int) -> m.Deal:
        """The live deal with its first ``n`` actions."""
        return _truncate(self.snap.deal, n)

    def legal(self) -> list[tuple[int, list[str]]]:
        """The legal actions of the seats that may act, the seat to act first."""
        st = self.snap.state
        if st.is_over:
            return []
        order = [t.seat for t in st.to_act]
        by_seat: dict[int, list[str]] = {s: [] for s in order}
        for a in legal_actions(st):
            by_seat.setdefault(a.seat, []).append(format_action(a))
        return [(s, by_seat[s]) for s in by_seat if by_seat[s]]

    # -- writing
    def _check_writable(self, seq: int) -> None:
        self.refresh()  # never write over a change made beside the server
        if self.sealed:
            raise Sealed()
        if seq != self.seq:
            raise Conflict(self.seq, seq)

    def _commit(self, deal: m.Deal) -> Snapshot:
        match = self.snap.match
        deals = list(match.deals)
        deals[-1] = deal
        text = gj.dumps(attrs.evolve(match, deals=tuple(deals)))
        snap = snapshot(text, deck_check=self.store.deck_check)
        atomic_write(self.path, text.encode("utf-8"))
        now = time.time()
        new = range(self.snap.seq + 1, snap.seq + 1)
        lines = [f"{n} {now:.3f}" for n in new]
        times = self.times()
        for n in new:
            times[n] = now
        self.snap = snap
        self.version += 1
        if lines:  # for the broadcast delay only: not fsync'd (the record is)
            with self.times_path.open("a", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
        self.disputes = self._disputes()
        self.store.changed(self)
        return snap

    def add(self, seq: int, text: str) -> Snapshot:
        """Check the actions in ``text`` one by one and, when all pass, write them.

        An irregular action (``^``) is not refused: it is recorded with its ruling.

        :raises Conflict: ``seq`` is not the record's action count.
        :raises Refused: the engine refused an action (nothing is written).
        :raises ServeError: a syntax error.
        """
        self._check_writable(seq)
        acts = parse_actions(text)
        deal = self.snap.deal
        from gojinotation_analyzer.engine import do

        st = self.snap.state
        implied = False
        for a in acts:
            if not a.irregular:
                try:
                    verify(st, a)
                except IllegalAction as exc:
                    raise Refused(exc, format_action(a)) from None
            st, events = do(st, a)
            # explicit() writes in what a lead implies (round number, the close): only then
            implied |= any(
                isinstance(e, E.Led) or (isinstance(e, E.Closed) and e.implied) for e in events
            )
        new = attrs.evolve(deal, moves=tuple(deal.moves) + acts)
        if implied:
            new = explicit(new, deck_check=self.store.deck_check)
        return self._commit(new)

    def undo(self, seq: int) -> Snapshot:
        """Remove the last action of the live deal."""
        self._check_writable(seq)
        if self.seq == 0:
            raise ServeError("nothing to undo", "没有可撤销的动作")
        deal = self.snap.deal
        return self._commit(attrs.evolve(deal, moves=_drop_last_action(deal.moves)))

    def confirm(self, seq: int, seat: int) -> Snapshot:
        """Record that the player at ``seat`` confirms the result (places and score):
        ``[%confirm SEAT finish …; score …]`` on the deal's last action."""
        self._check_writable(seq)
        result = self.snap.result
        if result is None:
            raise _error("serve.not_over")
        if seat not in range(1, 7):
            raise _error("serve.bad_seat", seat=seat)
        return self._commit(_with_confirmation(self.snap.deal, seat, result.confirmation(seat)))

    def seal(self, seq: int) -> str:
        """Write the result tags (``Finish``, ``Score``) and seal the record once the six
        players have confirmed the result: the SHA-256 of its canonical text is stored
        beside it.  Returns the digest."""
        self._check_writable(seq)
        result = self.snap.result
        if result is None:
            raise _error("serve.not_over")
        missing = [s for s in range(1, 7) if s not in self.confirmed()]
        if missing:
            raise _error("serve.unconfirmed", seats=" ".join(map(str, missing)))
        tags = [("Score", result.score)] if result.void else []
        if not result.void:
            tags = [("Finish", result.finish), ("Score", result.score)]
        self._commit(_with_tags(self.snap.deal, tags))
        digest = self.sha256
        lines = [f"{digest}  {self.path.name}", *self._history()]
        atomic_write(self.seal_path, ("\n".join(lines) + "\n").encode())
        self.version += 1
        self.store.changed(self)
        return digest

    def next_deal(self, seq: int, hands: str, leader: int | None = None) -> Snapshot:
        """Start the next deal of the match in the same file, once the live deal is sealed.

        The new deal takes the tags of the sealed one (``Deal`` one more; no ``Finish``,
        ``Score`` or ``Leader``), the six ``hand N: …`` lines given, and as ``Leader`` the
        seat R-OPEN-1 gives after the sealed deal (``leader`` must agree with it) or, where
        the sealed deal does not decide it (a fresh 开牌), ``leader``.  The tribute the
        sealed deal leaves owing is then checked as the new deal is entered.  The seal of
        the sealed deal is kept as ``# deal K sha256 DIGEST`` (the canonical text of the
        file up to that deal's end) and still checked by :meth:`seal_ok`.
        """
        self.refresh()
        if not self.sealed:
            raise _error("serve.not_sealed")
        if not self.seal_ok():  # changed since it was sealed: the referee looks first
            raise _error("serve.seal_broken")
        if seq != self.seq:
            raise Conflict(self.seq, seq)
        prev = self.snap.deal
        decided = self.next_leader()
        if leader is not None and leader not in range(1, 7):
            raise _error("serve.bad_seat", seat=leader)
        if decided is not None and leader is not None and leader != decided:
            ended = _carry(gj.dumps(gj.Match(deals=(prev,))), self.store.deck_check)[1]
            assert ended is not None
            rs, _, _ = deal_ruleset(prev)
            v = check_leader(str(leader), ended, rs)
            assert v is not None
            raise ServeError(v.en, v.zh)
        first = decided if decided is not None else leader
        if first is None:
            raise _error("serve.leader_needed")
        number = tags_of(prev).get("Deal", "1").strip()
        header = [
            t
            for t in prev.header
            if isinstance(t, m.Tag) and t.name not in ("Finish", "Score", "Leader", "Deal")
        ]
        nxt = str(int(number) + 1) if number.isascii() and number.isdigit() else "2"
        res = gj.read('[Event "x"]\n' + hands.strip() + "\n")
        given = res.match.deals[0] if len(res.match.deals) == 1 else None
        if res.errors or not isinstance(given, m.Deal):
            why = res.errors[0] if res.errors else None
            raise _error(
                "serve.bad_hands", reason=why.en if why else "", reason_zh=why.zh if why else ""
            )
        hand_lines = tuple(h for h in given.hands if isinstance(h, m.Hand))
        if sorted(h.seat for h in hand_lines) != [1, 2, 3, 4, 5, 6] or given.moves:
            raise _error("serve.bad_hands", reason="", reason_zh="")
        tags = (m.Tag("Deal", nxt), m.Tag("Leader", str(first)))
        deal = m.Deal(header=(*header, *tags), hands=hand_lines)
        digest = self.sha256  # what the seal holds (checked above)
        match = self.snap.match
        new_text = gj.dumps(attrs.evolve(match, deals=(*match.deals, deal)))
        snap = snapshot(new_text, deck_check=self.store.deck_check)  # checks the hands
        history = [*self._history(), f"# deal {self.deal_count} sha256 {digest}"]
        # the record first: a crash before the seal file is rewritten leaves the whole-file
        # seal of the deals before the new one, read as theirs (see _history)
        atomic_write(self.path, new_text.encode("utf-8"))
        atomic_write(self.seal_path, ("\n".join(history) + "\n").encode())
        self.snap = snap
        self.version += 1
        self._times = {}
        with contextlib.suppress(OSError):
            self.times_path.unlink()
        self.disputes = self._disputes()
        self.store.changed(self)
        return snap

    def _disputes(self) -> list[dict[str, Any]]:
        from gojinotation_analyzer.reports.validate import validate_match

        try:
            report = validate_match(
                self.snap.match, file=self.path.name, deck_check=self.store.deck_check
            )
        except Exception:  # the alert is a help; the record is checked action by action
            return []
        out = []
        for d in report.diagnostics:
            if str(d.severity) != "dispute":
                continue
            out.append(
                {
                    "rule_id": d.rule_id,
                    "code": d.code,
                    "line": d.line,
                    "column": d.column,
                    "seat": d.seat,
                    "action": d.action,
                    "en": d.en,
                    "zh": d.zh,
                    "title_en": d.title_en,
                    "title_zh": d.title_zh,
                    "readings": [list(a) for a in d.alternatives],
                    "sources": [str(c) for c in d.citations],
                }
            )
        return out


class Store:
    """The tables of one event folder, their secrets and the organiser's token."""

    def __init__(self, root: str | os.PathLike[str], *, deck_check: bool = True) -> None:
        self.root = Path(root)
        if not self.root.is_dir():
            raise ServeError(f"no such folder: {self.root}", f"文件夹不存在：{self.root}")
        self.side = self.root / SIDE
        self.side.mkdir(mode=0o700, exist_ok=True)
        self.deck_check = deck_check
        self._tables: dict[str, Table] = {}
        self._secrets = self._load_secrets()
        self.listeners: list[Any] = []

    def lock(self) -> None:
        """Take the folder for this process: a second server on it is refused.

        :raises ServeError: another process holds the folder.
        """
        import fcntl

        fd = os.open(self.side / "lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ServeError(
                f"another gouji serve is using {self.root}",
                f"另一个 gouji serve 正在使用 {self.root}",
            ) from None
        self._lock_fd = fd  # held (open) for the life of the process

    # -- secrets
    def _load_secrets(self) -> dict[str, Any]:
        path = self.side / "secrets.json"
        data: dict[str, Any] = {}
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
        data.setdefault("organiser", secrets.token_urlsafe(18))
        data.setdefault("tables", {})
        data.setdefault("open", [])
        return data

    def _save_secrets(self) -> None:
        path = self.side / "secrets.json"
        atomic_write(path, json.dumps(self._secrets, indent=1).encode())
        os.chmod(path, 0o600)

    @property
    def organiser_token(self) -> str:
        """The organiser's token (kept across restarts)."""
        return str(self._secrets["organiser"])

    def secret(self, name: str) -> str:
        """The table's recorder secret (made on first use, kept across restarts)."""
        tables: dict[str, str] = self._secrets["tables"]
        if name not in tables:
            tables[name] = secrets.token_urlsafe(12)
            self._save_secrets()
        return tables[name]

    def hands_open(self, name: str) -> bool:
        """Whether the organiser opened the table's hands to spectators."""
        return name in self._secrets["open"]

    def set_hands_open(self, name: str, value: bool) -> None:
        """Open or hide the table's hands for spectators while the deal is live."""
        opened: list[str] = self._secrets["open"]
        if value and name not in opened:
            opened.append(name)
        if not value and name in opened:
            opened.remove(name)
        self._save_secrets()
        if name in self._tables:
            self._tables[name].version += 1
            self.changed(self._tables[name])

    # -- tables
    def names(self) -> list[str]:
        """The tables: the ``*.gjn`` files of the folder, by name."""
        return sorted(p.stem for p in self.root.glob("*.gjn") if not p.name.startswith("."))

    def table(self, name: str) -> Table:
        """The table ``name`` (read from its file on first use).

        :raises ServeError: no such table, or a record that cannot be read (status 404).
        """
        if name not in self._tables:
            if name not in self.names():
                err = ServeError(f"no such table: {name}", f"没有此桌：{name}")
                err.status = 404
                raise err
            self._tables[name] = Table(self, name)
            self.secret(name)
        return self._tables[name]

    def tables(self) -> Iterator[Table | ServeError]:
        """Every table, or the error that keeps it from being read."""
        for name in self.names():
            try:
                yield self.table(name)
            except (ServeError, GoujiError, OSError) as exc:
                yield ServeError(f"{name}: {exc}", f"{name}：{exc}")

    def changed(self, table: Table) -> None:
        """Tell the live followers that ``table`` changed."""
        for cb in list(self.listeners):
            cb(table)
