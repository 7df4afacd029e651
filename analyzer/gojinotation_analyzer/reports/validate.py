"""The validator: every illegal action and every rule dispute of a record, and why.

:func:`validate_source` reads a GJN source (a path, text or bytes) and returns a
:class:`Report`: syntax errors (``GJN1xx``, from the notation layer), then, for every deal
that could be read, what :func:`validate_deal` finds by replaying it through the rules
engine (:func:`engine.replay`).  A broken deal never hides the others, and an
illegal action never stops the replay: the engine applies the profile's sanction and goes
on, and the validator only reports.

Every finding is a :class:`~reports.diagnostics.Diagnostic` with a stable code (see
:data:`CODES`), a severity, the rule id and title from the rulebook, a one-paragraph
explanation (what the rule says, what the engine found, what it applied), the citations,
the position ``file:line:col`` of the offending action (the tag for tag problems, the
hand line for deck problems), the game coordinates (deal, round, seat), the canonical
text of the action and the source line for the caret.

>>> text = '''[Profile "qingdao-standard"]
... [Leader "1"]
... hand 1: KK3
... hand 2: AA4
... hand 3: 55
... hand 4: 66
... hand 5: 77
... hand 6: 88
... 1. 3:5 1:3'''
>>> report = validate_source(text, file="demo.gjn", deck_check=False)
>>> [(d.location(), d.severity.value, d.code, d.rule_id) for d in report.diagnostics]
[('demo.gjn:9:4', 'error', 'GJV203', 'R-TURN-1'), ('demo.gjn:9:8', 'notice', 'GJV505', '')]
>>> print(report.diagnostics[0].format("zh"))
demo.gjn:9:4: 错误 GJV203 [R-TURN-1] 出牌顺序与越序：轮到1号出牌，不是3号（第1局，3号位）
  1. 3:5 1:3
     ^^^
>>> report.exit_code
1

:func:`compare_profiles` replays one deal under several profiles and shows, action by
action, where their rulings differ, which parameter makes the difference, and how the
finish order and the score change.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from gojinotation import model as m
from gojinotation.errors import NotationError
from gojinotation.reader import BrokenDeal, read
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.crossdeal import check_leader, follows_in_match, next_leader
from gojinotation_analyzer.engine.replay import do_item
from gojinotation_analyzer.reports.codes import CODES, Code, code_for_rule
from gojinotation_analyzer.reports.compare import (
    ComparisonRow,
    OpenPoint,
    ProfileComparison,
    ProfileOutcome,
    compare_profiles,
)
from gojinotation_analyzer.reports.diagnostics import Diagnostic, diagnostic_dict
from gojinotation_analyzer.reports.findings import (
    DEFAULT_PROFILE,
    REPEAT_LIMIT,
    RulesetChoice,
    _burn_failed,
    _Ctx,
    _engine,
    _FrameLike,
    _handle_event,
    _pos,
    _round_of,
    _sorted,
    _tag_value_pos,
    _with_profile_tag,
    resolve_ruleset,
    source_lines_of,
)
from gojinotation_analyzer.reports.handover import (
    HAND_OVER_ACTIONS,
    Replayed,
    resumed_frames,
)
from gojinotation_analyzer.reports.messages import both as _both
from gojinotation_analyzer.reports.messages import t as _t
from gojinotation_analyzer.reports.report import (
    Report,
    reader_failure,
    syntax_diagnostic,
)
from gojinotation_analyzer.reports.results import format_finish as _fmt_finish
from gojinotation_analyzer.reports.results import format_score as _fmt_score
from gojinotation_analyzer.reports.results import parse_finish, parse_score
from gojinotation_analyzer.reports.tags import check_tags
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError

__all__ = [
    "CODES",
    "DEFAULT_PROFILE",
    "REPEAT_LIMIT",
    "Code",
    "ComparisonRow",
    "OpenPoint",
    "ProfileComparison",
    "ProfileOutcome",
    "Report",
    "RulesetChoice",
    "code_for_rule",
    "compare_profiles",
    "diagnostic_dict",
    "iter_validated",
    "parse_finish",
    "parse_score",
    "reader_failure",
    "resolve_ruleset",
    "source_lines_of",
    "syntax_diagnostic",
    "validate_deal",
    "validate_match",
    "validate_source",
]


#: The moves that act: the actions and the sets written without their seat.
_ACTING = (*m.ACTION_TYPES, m.TurnPlay)


def _check_round_marks(
    ctx: _Ctx, marks: Mapping[int, m.RoundMark], rounds: Mapping[int, int | None], clean: set[int]
) -> None:
    """Round marks ``N.`` are redundant checks: compare them with the replay's rounds
    (``marks[i]``: the mark before main-line action ``i``, see :func:`_scan`)."""
    for i, mark in marks.items():
        actual = rounds.get(i)
        if i in clean and actual is not None and actual != mark.number:
            msg = _both("round_mark", written=mark.number, actual=actual)
            ctx.add("GJV303", "R-RECORD-1", msg, pos=_pos(mark.span), round_no=actual)


def _check_result_tags(ctx: _Ctx, ended: E.DealEnded | None, n_actions: int) -> None:
    """R-RECORD-1: the written ``Finish`` and ``Score`` against the replay."""
    tags = ctx.deal.tags
    for tag in ("Finish", "Score"):
        if tag not in tags:
            continue
        text = tags[tag]
        written: Any = parse_finish(text) if tag == "Finish" else parse_score(text)
        if written is None:
            key = "unreadable_finish" if tag == "Finish" else "unreadable_score"
            ctx.add("GJV302", "R-RECORD-1", _both(key, text=text), pos=ctx.tag_pos(tag))
            continue
        if ended is None:
            msg = _both("unconfirmed_open", tag=tag)
            ctx.add("GJV301", "R-RECORD-1", msg, pos=ctx.tag_pos(tag))
            continue
        if tag == "Finish":
            places = dict(ended.places)
            actual = tuple(sorted(places, key=lambda s: places[s]))
            ok = not ended.void and all(places.get(s) == i for i, s in enumerate(written, 1))
            if not ok:
                shown = _fmt_finish(actual) if not ended.void else None
                msg = (
                    _t("finish_differs", "en", written=_fmt_finish(written),
                       actual=shown or _t("void", "en")),
                    _t("finish_differs", "zh", written=_fmt_finish(written),
                       actual=shown or _t("void", "zh")),
                )  # fmt: skip
                ctx.add("GJV230", "R-RECORD-1", msg, pos=_tag_value_pos(ctx, tag, 0))
        else:
            score = ended.score
            if score is None and not ended.void:
                ctx.add("GJV301", "R-RECORD-1", _both("unconfirmed_score"), pos=ctx.tag_pos(tag))
                continue
            pts = (0, 0) if score is None else (score.team_points["A"], score.team_points["B"])
            if tuple(written) != pts:
                msg = _both("score_differs", written=_fmt_score(*written), actual=_fmt_score(*pts))
                ctx.add("GJV231", "R-RECORD-1", msg, pos=_tag_value_pos(ctx, tag, 0))


def _scan(
    moves: Sequence[m.MoveItem],
) -> tuple[list[Any], dict[int, m.RoundMark], set[int]]:
    """One pass over the main line: the moves that act (sets without their seat
    included), the round mark written before main-line action ``i`` (1-based; the last
    of several), and the actions after which a variation branches off (0: before the
    first action).

    >>> import gojinotation as gj
    >>> deal = gj.loads('[Event "x"]\\n1:3 1. 2:4 (2:5) 3:6 2. 3. 4:7').deals[0]
    >>> acts, marks, branches = _scan(deal.moves)
    >>> len(acts), {i: mark.number for i, mark in marks.items()}, branches
    (4, {2: 1, 4: 3}, {1})
    """
    actions: list[Any] = []
    marks: dict[int, m.RoundMark] = {}
    branches: set[int] = set()
    pending: m.RoundMark | None = None
    kinds = _MOVE_KINDS
    append = actions.append
    for item in moves:
        k = kinds.get(type(item))
        if k is None:
            k = _move_kind(type(item))
        if k == 1:
            append(item)
            if pending is not None:
                marks[len(actions)] = pending
                pending = None
        elif k == 2:
            pending = item  # type: ignore[assignment]  # a RoundMark (k == 2)
        elif k == 3:
            branches.add(max(len(actions) - 1, 0))
    return actions, marks, branches


#: The kind of a move by its class: 1 acts, 2 a round mark, 3 a variation, 0 the rest.
_MOVE_KINDS: dict[type, int] = {}


def _move_kind(cls: type) -> int:
    k = (
        1
        if issubclass(cls, _ACTING)
        else 2
        if issubclass(cls, m.RoundMark)
        else 3
        if issubclass(cls, m.Variation)
        else 0
    )
    _MOVE_KINDS[cls] = k
    return k


#: What the validator's main loop reads of an event, by its class (:func:`_kind`).
_VIOLATION, _READ = 1, 2
_KINDS: dict[type, int] = {}
_READ_CLASSES = (
    E.Violation, E.Dispute, E.Notice, E.Claimed, E.PenaltyApplied, E.RulingApplied,
    E.DealEnded, E.BurnFailed,
)  # fmt: skip


def _kind(cls: type) -> int:
    """``_VIOLATION`` (and ``_READ``) for a violation, ``_READ`` for the other events a
    check reads (:func:`_handle_event`'s, the deal's end, a failed burn), 0 for the rest
    (a play, a pass, a close …: no finding comes of them), cached by class.

    >>> _kind(E.Violation), _kind(E.CountShown), _kind(E.Passed)
    (3, 2, 0)
    """
    k = _KINDS.get(cls)
    if k is None:
        k = (_VIOLATION if issubclass(cls, E.Violation) else 0) | (
            _READ if issubclass(cls, _READ_CLASSES) else 0
        )
        _KINDS[cls] = k
    return k


def _check_variations(
    ctx: _Ctx, engine: Any, states: Mapping[int, Any], branches: set[int] | None = None
) -> None:
    """Replay every variation from the state it branches from (``states[i]`` is the state
    before main-line action ``i + 1``, kept where a variation branches off); illegal
    actions there are warnings.  ``branches``: :func:`_scan`'s of the deal's moves (an
    empty set: no variation to replay)."""

    def walk(moves: Sequence[m.MoveItem], start: Any, top: bool) -> None:
        st = start
        before = start
        i = 0
        for item in moves:
            if isinstance(item, m.Variation):
                walk(item.moves, before, False)
            elif isinstance(item, _ACTING):
                i += 1
                if top:
                    before = states.get(i - 1, st)
                    st = states.get(i, st)
                    continue
                before = st
                try:
                    st, evs, item = do_item(st, item)  # type: ignore[arg-type]
                except Exception:  # an engine failure inside a what-if line: stop it
                    return
                rnd = _round_of(before, st, item)
                for ev in evs:
                    _handle_event(ctx, ev, item, rnd, variation=True)

    if branches is None:
        branches = _scan(ctx.deal.moves)[2]
    if branches and states:
        walk(ctx.deal.moves, states[0], True)


def validate_deal(
    deal: m.Deal,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    ruleset: Ruleset | None = None,
    profile: str | None = None,
    deck_check: bool = True,
    positions: bool = True,
    fill: bool = True,
) -> list[Diagnostic]:
    """Every finding of one deal, sorted by position.

    :param deal: the deal (a parsed :class:`~gojinotation.model.Deal`).
    :param file: the name shown in positions.
    :param deal_index: the deal's number in its file (1-based).
    :param source_lines: the file's lines (see :func:`source_lines_of`), for the carets.
    :param ruleset: validate under this ruleset instead of the deal's tags.
    :param profile: validate under this profile (id or alias) instead of the ``[Profile]``
        tag; the ``[Rules]`` overrides still apply.
    :param deck_check: check the deck and hand sizes (R-DECK-1); unit situations with
        small hands pass ``False``.
    :param positions: ``False`` when the spans do not refer to the file (JSON input).
    :param fill: read the record as a terse one (docs/format.md §9.3): the passes and
        closes it implies are filled in and a slip is reported once; ``False`` judges
        the actions exactly as written (every omitted pass an error).
    :raises RulesetError: for an unknown ``profile`` (a caller's error, not the record's).
    """
    return _validate_deal(
        deal,
        file=file,
        deal_index=deal_index,
        source_lines=source_lines,
        ruleset=ruleset,
        profile=profile,
        deck_check=deck_check,
        positions=positions,
        fill=fill,
    )[0]


def _validate_deal(
    deal: m.Deal,
    *,
    file: str = "<string>",
    deal_index: int = 1,
    source_lines: Sequence[str] = (),
    ruleset: Ruleset | None = None,
    profile: str | None = None,
    deck_check: bool = True,
    positions: bool = True,
    fill: bool = True,
    replays: dict[int, Replayed] | None = None,
) -> tuple[list[Diagnostic], E.DealEnded | None, Ruleset]:
    """:func:`validate_deal`, with the deal's end as the replay found it (``None`` when it
    did not end) and the ruleset it was judged under: what the match-level checks read.
    ``replays``: given the replay as :class:`Replayed` at ``deal_index``, where it can be
    handed over."""
    ctx = _Ctx(deal, file, deal_index, source_lines, positions)
    if ruleset is None:
        choice = resolve_ruleset(deal, profile)
        ruleset = choice.ruleset
        ctx.profile = choice.profile
        for code, tag, msg, param, offset in choice.problems:
            pos = _tag_value_pos(ctx, tag, offset) if code == "GJV221" else ctx.tag_pos(tag)
            ctx.add(code, "", msg, pos=pos, param=param)
        if profile is not None and choice.declared and choice.declared.strip():
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                same = resolve_profile_id(choice.declared) == choice.profile
            except RulesetError:
                same = False
            if not same:
                msg = _both("forced_profile", p=choice.profile, declared=choice.declared)
                ctx.add("GJV506", "", msg, pos=ctx.tag_pos("Profile"))
        elif profile is None and not (choice.declared or "").strip():
            ctx.add("GJV503", "", _both("no_profile", p=choice.profile), pos=ctx.deal_pos())
        replayed = _with_profile_tag(deal, choice.profile)
    else:
        replayed = deal
        declared = deal.tag("Profile")
        if declared:
            try:
                from gojinotation_analyzer.rules.profiles import resolve_profile_id

                ctx.profile = resolve_profile_id(declared)
            except RulesetError:
                ctx.profile = None
    ctx.rs = ruleset
    for problem in check_tags(deal):  # the tag values no record means (reports/tags.py)
        rule = "R-OPEN-1" if problem.code == "GJV307" else ""
        ctx.add(problem.code, rule, problem.msg, pos=_tag_value_pos(ctx, problem.tag, 0))
    try:
        engine = _engine()
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"
        ctx.add("GJV290", "", _both("engine_missing", reason=reason), pos=ctx.deal_pos())
        return _sorted(ctx.out), None, ruleset
    # the implied passes and closes of a terse record (docs/format.md §9.3), filled in
    from gojinotation_analyzer.engine import replay as engine_replay
    from gojinotation_analyzer.engine.fill import Filled, _fill

    # A record is replayed as written first; only where an action is illegal where it
    # stands is it read as a terse record: the passes and closes it implies are filled
    # in, and a slip illegal in every reading is replayed as its nearest legal repair,
    # reported once (one slip, one error).  A record with nothing to fill costs one
    # replay.  ``fill=False`` judges the record as written.
    #
    # The findings of the replay as written are held back (``held``) until it is known
    # that no action in it is illegal: a record read again as a terse one gives them
    # again, and the first reading's are dropped without being worked out.
    # The fill starts where the replay as written stopped (``resume``: the state before
    # the first illegal action and the actions before it, as the replay seated them).
    as_written = (deal, replayed)
    scanned = written = _scan(deal.moves)
    # the replay handed to the page (issue #16): only where the page's own fill and replay
    # would give the same (the engine's replay, the deck checked, a Profile tag, no set
    # without its seat, no slip repaired: checked below), and only a short deal's frames
    hand = (
        replays is not None
        and fill
        and deck_check
        and engine.replay is engine_replay
        and bool((as_written[0].tag("Profile") or "").strip())
        and not any(type(i) is m.TurnPlay for i in as_written[0].moves)
    )
    kept: list[Any] | None = None
    prefix: tuple[tuple[Any, ...], tuple[Any, tuple[m.Action, ...]]] | None = None
    resume: tuple[Any, list[m.Action]] | None = None
    seated: list[m.Action] = []
    for filling in (False, True) if fill else (False,):
        deal, replayed = as_written
        held: list[tuple[Any, ...]] | None = [] if fill and not filling else None
        filled = (
            _fill(replayed, ruleset, deck_check, True, None, resume)
            if filling
            else Filled(replayed, 0, ())
        )
        slips = {slip.index: slip for slip in filled.slips}
        for amb in filled.ambiguities:
            ctx.add("GJV222", "", (amb.en, amb.zh), pos=_pos(amb.action.span),
                    seat=amb.action.seat, action=amb.action)  # fmt: skip
        if filled.deal is not replayed:
            deal = attrs.evolve(deal, moves=filled.deal.moves)
            replayed = attrs.evolve(replayed, moves=filled.deal.moves)
        # Only what the later checks read is kept (a deal may have a million actions): the
        # replay's round at the actions after a round mark, and the states variations
        # branch from (``states[i]`` is the state after main-line action ``i``).
        if deal is not as_written[0]:  # the implied items filled in: indices move
            scanned = _scan(deal.moves)
        actions, marks, branches = scanned
        rounds: dict[int, int | None] = {}
        clean: set[int] = set()
        states: dict[int, Any] = {}
        ended: E.DealEnded | None = None
        done = 0
        before: Any = None
        retry = False
        kinds = _KINDS
        short = len(actions) <= HAND_OVER_ACTIONS
        # the frames kept: the first pass's, to resume the filled deal's replay from (the
        # actions before the first illegal one are the record's, legal where they stand),
        # and the last pass's for the page
        resumable = fill and not filling and engine.replay is engine_replay
        kept = [] if short and (hand or resumable) else None
        try:
            frames: Iterator[_FrameLike]
            if filling and prefix is not None:
                frames = resumed_frames(prefix[0], replayed)
            else:
                frames = engine.replay(replayed, ruleset, deck_check=deck_check)
            for frame in frames:
                if kept is not None:
                    kept.append(frame)
                action = frame.action
                after = frame.state
                if action is None:
                    states[0] = after
                    if held is not None:
                        held.append((None, frame.events))
                    else:
                        for ev in _merge_seatless(frame.events):
                            _handle_event(ctx, ev, None, None)
                    before = after
                    continue
                done += 1
                if held is not None:
                    seated.append(action)
                # most frames hold only events no check reads (a play, a pass): one look
                # at their kinds, and on to the next (the round is worked out when needed)
                evs = frame.events
                if len(evs) == 1:  # the commonest frame: one event (a play, a pass)
                    one = kinds.get(type(evs[0]))
                    read = _kind(type(evs[0])) if one is None else one
                else:
                    read = 0
                    for ev in evs:
                        k = kinds.get(type(ev))
                        read |= _kind(type(ev)) if k is None else k
                slip = slips.get(done) if slips else None
                if not read and slip is None and done not in marks:
                    if done in branches:
                        states[done] = after
                    before = after
                    continue
                violated = bool(read & _VIOLATION)
                if violated and fill and not filling:
                    retry = True  # illegal where it stands: read the record as a terse one
                    if engine.replay is engine_replay:  # (a test may replace the engine)
                        resume = (before, seated[:-1])
                        if kept is not None:  # the frames before the illegal action
                            prefix = (tuple(kept[:-1]), (before, tuple(seated[:-1])))
                    break
                rnd = _round_of(before, after, action)
                if done in marks:
                    rounds[done] = rnd
                    if not violated:
                        clean.add(done)
                for ev in (*slip.violations, *frame.events) if slip else frame.events:
                    k = kinds.get(type(ev))
                    if not (_kind(type(ev)) if k is None else k):
                        continue  # no check reads it (_handle_event would do nothing)
                    failed = isinstance(ev, E.BurnFailed) and not violated
                    if held is not None:
                        held.append((ev, slip.action if slip else action, rnd, failed))
                    else:
                        _handle_event(ctx, ev, slip.action if slip else action, rnd)
                        if failed:
                            _burn_failed(ctx, ev, action, rnd)  # type: ignore[arg-type]
                    if isinstance(ev, E.DealEnded):
                        ended = ev
                if done in branches:
                    states[done] = after
                before = after
        except Exception as exc:
            if os.environ.get("GOUJI_DEBUG"):
                raise
            _report_held(ctx, held)
            reason = f"{type(exc).__name__}: {exc}"
            nxt = actions[done] if done < len(actions) else None
            pos = _pos(nxt.span) if nxt is not None else ctx.deal_pos()
            ctx.add("GJV290", "", _both("engine_failed", reason=reason), pos=pos, action=nxt,
                    seat=getattr(nxt, "seat", None))  # fmt: skip
            ctx.add_summaries()
            return _sorted(ctx.out), None, ruleset
        if not retry:
            _report_held(ctx, held)
            break
    if hand and replays is not None:
        if not filled.slips:
            frozen = tuple(kept) if kept is not None else None
            replays[deal_index] = Replayed(deal.moves, ruleset, frozen)
        elif prefix is not None:
            replays[deal_index] = Replayed(None, ruleset, prefix[0], prefix[1])
    if ended is None and actions and not getattr(before, "ended", False):
        last = actions[-1]
        pos = _pos(last.span) if last.span.line else ctx.deal_pos()
        recorded = len(actions) - filled.inserted  # as written, not the implied items
        ctx.add("GJV505", "", _both("incomplete", n=recorded), pos=pos)
    _check_result_tags(ctx, ended, len(actions))
    # the marks are counted on the moves as written, the rounds on the line replayed
    _check_round_marks(ctx, written[1], rounds, clean)
    try:
        _check_variations(ctx, engine, states, written[2])
    except Exception:  # a what-if line must never break the report of the main line
        if os.environ.get("GOUJI_DEBUG"):
            raise
    ctx.add_summaries()
    return _sorted(ctx.out), ended, ruleset


def _report_held(ctx: _Ctx, held: list[tuple[Any, ...]] | None) -> None:
    """Report the findings held back while the record was replayed as written, in the
    order they came (the first, ``(None, events)``, the deal's start)."""
    for entry in held or ():
        if entry[0] is None:
            for ev in _merge_seatless(entry[1]):
                _handle_event(ctx, ev, None, None)
            continue
        ev, action, rnd, failed = entry
        _handle_event(ctx, ev, action, rnd)
        if failed:
            _burn_failed(ctx, ev, action, rnd)


def _merge_seatless(events: Sequence[E.Event]) -> list[E.Event]:
    """Seatless violations of one rule before play (the deck's rank counts) as one."""
    out: list[E.Event] = []
    merged: dict[str, list[E.Violation]] = {}  # by rule: the violations merged at its first
    for ev in events:
        if isinstance(ev, E.Violation) and ev.seat is None and ev.action is None:
            group = merged.get(ev.rule_id)
            if group is not None:
                group.append(ev)
                continue
            merged[ev.rule_id] = [ev]
        out.append(ev)
    for i, ev in enumerate(out):
        if isinstance(ev, E.Violation) and ev.seat is None and ev.action is None:
            group = merged[ev.rule_id]
            if len(group) > 1 and group[0] is ev:
                en = "; ".join(v.en for v in group)
                zh = "；".join(v.zh for v in group)
                out[i] = attrs.evolve(ev, en=en, zh=zh)
    return out


def _check_next_leader(
    ctx: _Ctx, found: list[Diagnostic], prev_end: E.DealEnded, rs: Ruleset
) -> list[Diagnostic]:
    """R-OPEN-1 in a match, as :mod:`engine.crossdeal` rules it: its violation becomes a
    GJV216 at the ``Leader`` tag.  Where the previous deal decides the leader, the replay's
    notice that a later deal's leader cannot be checked from one deal is dropped."""
    if next_leader(prev_end, rs) is None or not _is_seat_number(ctx.deal.tag("Leader")):
        return found
    kept = [d for d in found if not (d.code == "GJV502" and d.rule_id == "R-OPEN-1")]
    violation = check_leader(ctx.deal.tag("Leader"), prev_end, rs)
    if violation is not None:
        ctx.rs = rs
        ctx.add(code_for_rule(violation.rule_id), violation.rule_id,
                (violation.en, violation.zh), pos=_tag_value_pos(ctx, "Leader", 0),
                seat=violation.seat, param=violation.param)  # fmt: skip
    return _sorted(kept + ctx.out)


def _is_seat_number(tag: str | None) -> bool:
    value = (tag or "").strip()
    return value.isascii() and value.isdigit()


#: What the match-level check (R-OPEN-1) needs of the deal before: the deal and its end.
Previous = tuple[m.Deal, E.DealEnded | None]


def iter_validated(
    deals: Iterable[tuple[int, m.Deal | BrokenDeal]],
    *,
    file: str = "<string>",
    source_lines: Sequence[str] = (),
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    positions: bool = True,
    prev: Previous | None = None,
    fill: bool = True,
    replays: dict[int, Replayed] | None = None,
) -> Iterator[tuple[int, list[Diagnostic], ProfileComparison | None, Previous | None]]:
    """Validate numbered deals one at a time: ``(deal number, findings sorted, comparison or
    None, what the next deal's leader check needs)``.  Only the previous deal is held
    (``prev``: the deal before the first one, when the deals continue a run).
    ``replays``: each deal's replay is put there by its number where it can be handed
    over (:class:`Replayed`; the caller takes each out), before the deal is yielded.

    >>> from gojinotation.reader import iter_deals
    >>> deals = enumerate(iter_deals('[Leader "1"]\\n1:ZZ'), 1)
    >>> [(i, [d.code for d in found]) for i, found, _, _ in iter_validated(deals)]
    [(1, ['GJN110'])]
    """
    for i, deal in deals:
        if isinstance(deal, BrokenDeal):
            yield i, [syntax_diagnostic(err, deal_index=i) for err in deal.errors], None, None
            prev = None
            continue
        found, ended, rs = _validate_deal(
            deal,
            file=file,
            deal_index=i,
            source_lines=source_lines,
            profile=profile,
            deck_check=deck_check,
            positions=positions,
            fill=fill,
            replays=replays,
        )
        if prev is not None and prev[1] is not None and follows_in_match(prev[0], deal):
            ctx = _Ctx(deal, file, i, source_lines, positions)
            found = _check_next_leader(ctx, found, prev[1], rs)
        prev = (deal, ended)
        comparison = None
        if compare:
            comparison = compare_profiles(
                deal,
                compare,
                file=file,
                deal_index=i,
                source_lines=source_lines,
                profile=profile,
                deck_check=deck_check,
                positions=positions,
            )
        yield i, found, comparison, prev


def validate_match(
    match: m.Match,
    errors: Sequence[NotationError] = (),
    *,
    file: str = "<string>",
    source_lines: Sequence[str] = (),
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    positions: bool = True,
    fill: bool = True,
) -> Report:
    """Validate every deal of a record already read (broken deals give their syntax
    errors; ``errors`` not tied to a deal are reported too; ``fill`` as in
    :func:`validate_deal`).  ``compare`` lists profiles
    for :func:`compare_profiles` of every deal."""
    out: list[Diagnostic] = []
    comparisons: list[ProfileComparison] = []
    seen = {id(e) for d in match.deals if isinstance(d, BrokenDeal) for e in d.errors}
    for _, found, comparison, _ in iter_validated(
        enumerate(match.deals, 1),
        file=file,
        source_lines=source_lines,
        profile=profile,
        compare=compare,
        deck_check=deck_check,
        positions=positions,
        fill=fill,
    ):
        out.extend(found)
        if comparison is not None:
            comparisons.append(comparison)
    out.extend(syntax_diagnostic(e) for e in errors if id(e) not in seen)
    return Report(file, len(match.deals), tuple(_sorted(out)), tuple(comparisons))


def validate_source(
    source: str | bytes | os.PathLike[str],
    *,
    file: str | None = None,
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    fill: bool = True,
) -> Report:
    """Read and validate a GJN source: a path (:class:`os.PathLike`), or the text itself
    (``str`` or ``bytes``); ``fill`` as in :func:`validate_deal`.  Never raises for any
    input except an unknown ``profile`` or ``compare`` entry
    (:class:`~rules.ruleset.RulesetError`); an unreadable path gives a report with
    ``readable=False``.

    >>> r = validate_source(b"\\xff\\xfe", file="x.gjn")
    >>> [d.code for d in r.diagnostics], r.exit_code
    (['GJN115'], 2)
    """
    if isinstance(source, os.PathLike):
        name = file or os.fspath(source)
        try:
            data: str | bytes = Path(source).read_bytes()
        except OSError:
            return Report(name, 0, (), (), readable=False)
    else:
        name = file or "<string>"
        data = source
    text: str | None
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
    else:
        text = data
    try:
        result = read(data if text is None else text, filename=name)
    except Exception as exc:  # a reader bug must not become a traceback
        if os.environ.get("GOUJI_DEBUG"):
            raise
        return reader_failure(name, exc)
    for err in result.errors:
        err.with_filename(name)
    lines = source_lines_of(text) if text is not None else []
    return validate_match(
        result.match,
        result.errors,
        file=name,
        source_lines=lines,
        profile=profile,
        compare=compare,
        deck_check=deck_check,
        fill=fill,
    )
