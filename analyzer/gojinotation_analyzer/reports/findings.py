"""What every diagnostic of one deal shares, and how an engine event becomes one.

The validator's internals, shared by :mod:`reports.validate` and :mod:`reports.compare`:
the rulebook glue (titles, citations, the one-paragraph explanation), positions in the
source, :class:`_Ctx` (the findings of one deal, with the cap on repeats), the choice of
ruleset (:func:`resolve_ruleset`) and :func:`_handle_event`, which maps the engine's
``Violation``, ``Dispute``, ``Notice``, ``Claimed`` (table declarations), ``PenaltyApplied``
and ``RulingApplied`` events to diagnostics.  No rule is decided here: every ruling comes
from the engine.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import attrs

from gojinotation import model as m
from gojinotation.writer import format_action
from gojinotation_analyzer import i18n
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.machine import RULINGS
from gojinotation_analyzer.reports.codes import CODES, code_for_rule
from gojinotation_analyzer.reports.diagnostics import Citation, Diagnostic, Severity
from gojinotation_analyzer.reports.messages import both as _both
from gojinotation_analyzer.reports.messages import t as _t
from gojinotation_analyzer.rules.profiles import DEFAULT_PROFILE as DEFAULT_PROFILE
from gojinotation_analyzer.rules.profiles import _override_pieces
from gojinotation_analyzer.rules.ruleset import Ruleset, RulesetError, format_value

# ------------------------------------------------------------------- rulebook glue


@functools.cache
def _rule(rule_id: str) -> Any:
    try:
        from gojinotation_analyzer.rules.rulebook import RULES
    except Exception:  # pragma: no cover - the rulebook is part of the package
        return None
    return RULES.get(rule_id)


def _titles(rule_id: str, code: str) -> tuple[str, str]:
    r = _rule(rule_id) if rule_id else None
    if r is not None:
        return r.title_en, r.title_zh
    c = CODES.get(code)
    return (c.title_en, c.title_zh) if c else (code, code)


def _citations(rule_id: str, extra: Iterable[Any] = ()) -> tuple[Citation, ...]:
    return _citations_of(rule_id, tuple(c for c in extra if c is not None))


@functools.lru_cache(maxsize=1024)
def _citations_of(rule_id: str, extra: tuple[Any, ...]) -> tuple[Citation, ...]:
    out: list[Citation] = []
    r = _rule(rule_id) if rule_id else None
    for c in (*(r.sources if r is not None else ()), *extra):
        if c is None:
            continue
        cit = Citation(str(c.file), str(getattr(c, "section", "")), str(getattr(c, "quote", "")))
        if cit not in out:
            out.append(cit)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _setting(profile: str | None, param: str | None) -> Any:
    if not profile or not param:
        return None
    try:
        from gojinotation_analyzer.rules.profiles import PROFILES

        prof = PROFILES.get(profile)
        return prof.setting(param) if prof is not None else None
    except (KeyError, RulesetError):
        return None


def _param_value(rs: Ruleset | None, param: str) -> str | None:
    if rs is None:
        return None
    try:
        return format_value(rs.get(param))
    except (KeyError, AttributeError, RulesetError):
        return None


#: :func:`_param_said` by (id of the ruleset, profile, parameter), with the ruleset kept
#: (a frozen ruleset is compared by identity here: hashing one reads every field).
_PARAM_SAID: dict[tuple[int, str | None, str], tuple[Ruleset, tuple[str, str] | None]] = {}


def _param_said(rs: Ruleset | None, profile: str | None, param: str) -> tuple[str, str] | None:
    """The explanation's sentence on ``param``: its value under ``rs`` and where the
    profile's value comes from (``None`` when ``rs`` has no such parameter)."""
    key = (id(rs), profile, param)
    hit = _PARAM_SAID.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1]
    said: tuple[str, str] | None = None
    value = _param_value(rs, param)
    if value is not None:
        s = _setting(profile, param)
        prov_en = prov_zh = ""
        if s is not None:
            if s.is_disputed:
                prov_en, prov_zh = _both("prov.disputed")
            elif s.open:
                prov_en, prov_zh = _both("prov.default")
            elif s.citation is not None:
                prov_en, prov_zh = _both("prov.stated", src=s.citation.tag)
        said = (
            _t("param", "en", p=param, v=value, prov=prov_en),
            _t("param", "zh", p=param, v=value, prov=prov_zh),
        )
    if rs is not None:
        if len(_PARAM_SAID) >= 1024:
            _PARAM_SAID.clear()
        _PARAM_SAID[key] = (rs, said)
    return said


def _explain(
    rule_id: str,
    msg: tuple[str, str],
    *,
    sanction: tuple[str, str] | None = None,
    param: str | None = None,
    rs: Ruleset | None = None,
    profile: str | None = None,
    extra: tuple[tuple[str, str], ...] = (),
) -> tuple[str, str]:
    """The one-paragraph explanation: the rule, what happened, what was applied
    (``sanction``: ``(en, zh)``, as the engine's violation gives it).

    Worked out once for each set of arguments (a file of many deals says the same few
    things again and again): kept by the arguments, the ruleset by its identity (and
    kept with the result, so that its id stays its own).
    """
    key = (rule_id, msg, sanction, param, id(rs), profile, extra)
    hit = _EXPLAINED.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1]
    said = _explained(rule_id, msg, sanction, param, rs, profile, extra)
    if len(_EXPLAINED) >= 4096:
        _EXPLAINED.clear()
    _EXPLAINED[key] = (rs, said)
    return said


#: :func:`_explain` by its arguments (the ruleset by its id, and kept).
_EXPLAINED: dict[tuple[Any, ...], tuple[Ruleset | None, tuple[str, str]]] = {}


def _explained(
    rule_id: str,
    msg: tuple[str, str],
    sanction: tuple[str, str] | None,
    param: str | None,
    rs: Ruleset | None,
    profile: str | None,
    extra: tuple[tuple[str, str], ...],
) -> tuple[str, str]:
    """:func:`_explain`, worked out."""
    r = _rule(rule_id) if rule_id else None
    parts_en: list[str] = [r.text_en] if r is not None else []
    parts_zh: list[str] = [r.text_zh] if r is not None else []
    en, zh = msg
    parts_en.append(_t("here", "en", msg=en.rstrip(".")))
    parts_zh.append(_t("here", "zh", msg=zh.rstrip("。")))
    if sanction:
        s_en, s_zh = sanction
        parts_en.append(_t("sanction", "en", s=s_en.rstrip(".")))
        parts_zh.append(_t("sanction", "zh", s=s_zh.rstrip("。")))
    if param:
        said = _param_said(rs, profile, param)
        if said is not None:
            parts_en.append(said[0])
            parts_zh.append(said[1])
    for e, z in extra:
        parts_en.append(e if e.endswith((".", "!", "?")) else e + ".")
        parts_zh.append(z if z.endswith(("。", "！", "？")) else z + "。")
    return " ".join(parts_en), "".join(parts_zh)


# ------------------------------------------------------------------------ positions


def source_lines_of(text: str) -> list[str]:
    """The lines of a source as the reader numbers them (BOM dropped, CR/CRLF as LF).

    >>> source_lines_of("\\ufeffa\\r\\nb\\rc")
    ['a', 'b', 'c']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


@attrs.frozen
class _Pos:
    line: int = 0
    column: int = 0
    end_column: int | None = None


def _pos(span: m.Span | None) -> _Pos:
    if span is None or span.line <= 0:
        return _Pos()
    end = span.end_column if span.end_line in (0, span.line) and span.end_column else None
    return _Pos(span.line, max(span.column, 1), end)


#: How many findings of one kind a deal reports in full: one code and rule id, one seat,
#: one kind of action (a pass, a play …).  The rest are counted in one summary diagnostic
#: (``Diagnostic.more``), placed at the first of them and naming the last.
REPEAT_LIMIT = 20

#: The kinds of action, in the summary of repeated findings.


@attrs.define
class _LeftOut:
    """The findings of one kind past :data:`REPEAT_LIMIT`: the first in full, a count."""

    msg: tuple[str, str]
    pos: _Pos
    round_no: int | None
    seat: int | None
    action: m.Action | None
    severity: Severity | None
    param: str | None
    count: int = 1
    last: _Pos = _Pos()


def deal_number(deal: m.Deal) -> str | None:
    """The record's own number of ``deal``: its ``[Deal]`` tag (``None`` when absent).

    >>> import gojinotation as gj
    >>> three, plain = gj.loads('[Deal " 3 "]\\n1:3\\n\\n[Event "x"]\\n1:3').deals
    >>> deal_number(three), deal_number(plain)
    ('3', None)
    """
    return (deal.tag("Deal") or "").strip() or None


class _Ctx:
    """What every diagnostic of one deal shares."""

    def __init__(
        self,
        deal: m.Deal,
        file: str,
        deal_index: int,
        source_lines: Sequence[str],
        positions: bool,
    ) -> None:
        self.deal = deal
        self.file = file
        self.deal_index = deal_index
        self.lines = source_lines
        self.positions = positions
        self.count_shown = False  # the engine's CountShown is reported once per deal
        self.rs: Ruleset | None = None
        self.profile: str | None = None
        self.out: list[Diagnostic] = []
        self.seen: dict[tuple[str, str, int | None, type | None], int] = {}
        self.left: dict[tuple[str, str, int | None, type | None], _LeftOut] = {}

    def left_out(
        self,
        code: str,
        rule_id: str,
        msg: tuple[str, str],
        *,
        pos: _Pos,
        severity: Severity | None = None,
        round_no: int | None = None,
        seat: int | None = None,
        action: m.Action | None = None,
        param: str | None = None,
    ) -> bool:
        """Count a finding; True (and only counted) once its kind is past the limit."""
        key = (code, rule_id, seat, type(action) if action is not None else None)
        n = self.seen.get(key, 0) + 1
        self.seen[key] = n
        if n <= REPEAT_LIMIT:
            return False
        if not self.positions:
            pos = _Pos()
        rest = self.left.get(key)
        if rest is None:
            self.left[key] = _LeftOut(msg, pos, round_no, seat, action, severity, param, last=pos)
        else:
            rest.count += 1
            rest.last = pos
        return True

    def add_summaries(self) -> None:
        """One diagnostic for each kind of finding past the limit."""
        for (code, rule_id, _, _), rest in self.left.items():
            kind = f"report.kind.{type(rest.action).__name__}"
            kind_en, kind_zh = (
                (i18n.t(kind, "en"), i18n.t(kind, "zh")) if kind in i18n.CATALOG else ("", "")
            )
            who_en = ", ".join(x for x in (kind_en, f"seat {rest.seat}" if rest.seat else "") if x)
            who_zh = f"{rest.seat}号位" if rest.seat else ""
            who_zh += kind_zh
            first, last = rest.pos, rest.last
            where = f"{first.line}:{first.column}", f"{last.line}:{last.column}"
            key = "repeated" if first.line else "repeated_nopos"
            msg = _both(key, n=rest.count, who=who_en, first=where[0], last=where[1],
                        msg=rest.msg[0], limit=REPEAT_LIMIT)  # fmt: skip
            msg = msg[0], _t(key, "zh", n=rest.count, who=who_zh, first=where[0],
                             last=where[1], msg=rest.msg[1], limit=REPEAT_LIMIT)  # fmt: skip
            self.add(code, rule_id, msg, pos=first, severity=rest.severity,
                     round_no=rest.round_no, seat=rest.seat, action=rest.action,
                     param=rest.param, counted=True, more=rest.count, last=last)  # fmt: skip

    def line(self, n: int) -> str:
        return self.lines[n - 1] if 0 < n <= len(self.lines) else ""

    def deal_pos(self) -> _Pos:
        for item in (*self.deal.header, *self.deal.hands, *self.deal.moves):
            p = _pos(getattr(item, "span", None))
            if p.line:
                return _Pos(p.line, p.column)
        return _pos(self.deal.span)

    def hand_pos(self, seat: int | None) -> _Pos:
        if seat is not None:
            own = self.deal.hand(seat)
            if own is not None and own.span.line:
                return _pos(own.span)
        for item in self.deal.hands:
            if isinstance(item, m.Hand) and item.span.line:
                return _Pos(item.span.line, item.span.column)
        return self.deal_pos()

    def tag_pos(self, name: str) -> _Pos:
        for item in self.deal.header:
            if isinstance(item, m.Tag) and item.name == name:
                return _pos(item.span)
        return self.deal_pos()

    def add(
        self,
        code: str,
        rule_id: str,
        msg: tuple[str, str],
        *,
        pos: _Pos,
        severity: Severity | None = None,
        round_no: int | None = None,
        seat: int | None = None,
        action: m.Action | None = None,
        explanation: tuple[str, str] | None = None,
        citations: tuple[Citation, ...] | None = None,
        param: str | None = None,
        alternatives: tuple[tuple[str, str], ...] = (),
        counted: bool = False,
        more: int = 0,
        last: _Pos = _Pos(),
    ) -> None:
        if not counted and self.left_out(code, rule_id, msg, pos=pos, severity=severity,
                                         round_no=round_no, seat=seat, action=action,
                                         param=param):  # fmt: skip
            return
        title_en, title_zh = _titles(rule_id, code)
        if not self.positions:
            pos = _Pos()
        expl = explanation if explanation is not None else _explain(rule_id, msg)
        d = Diagnostic(
            code=code,
            severity=severity or CODES[code].severity,
            rule_id=rule_id,
            title_en=title_en,
            title_zh=title_zh,
            en=msg[0],
            zh=msg[1],
            file=self.file,
            line=pos.line,
            column=pos.column,
            end_column=pos.end_column,
            deal=self.deal_index,
            deal_number=deal_number(self.deal),
            round=round_no or None,
            seat=seat,
            action=format_action(action) if action is not None else "",
            explanation_en=expl[0],
            explanation_zh=expl[1],
            citations=citations if citations is not None else _citations(rule_id),
            param=param,
            source_line=self.line(pos.line),
            alternatives=alternatives,
            more=more,
            last_line=last.line,
            last_column=last.column,
        )
        self.out.append(d)


# ------------------------------------------------------------------------- rulesets


@attrs.frozen
class RulesetChoice:
    """The ruleset a deal is validated under, and how it was chosen.

    :ivar ruleset: the ruleset (profile plus the overrides that could be read).
    :ivar profile: the profile id used.
    :ivar declared: the ``[Profile]`` tag as written (``None`` when absent).
    :ivar overrides: the ``[Rules]`` tag as written (``""`` when absent).
    :ivar problems: ``(code, tag, (en, zh), param, column offset in the tag line)``.
    """

    ruleset: Ruleset
    profile: str
    declared: str | None
    overrides: str
    problems: tuple[tuple[str, str, tuple[str, str], str | None, int], ...] = ()


def resolve_ruleset(deal: m.Deal, profile: str | None = None) -> RulesetChoice:
    """The ruleset of a deal: ``profile`` (if given) or its ``[Profile]`` tag, plus the
    ``[Rules "..."]`` overrides, each override read on its own so that one bad override
    does not hide the good ones (the reading is the rules layer's
    :func:`~gojinotation_analyzer.rules.profiles.declared_ruleset`, the engine's too;
    here its problems become GJV220 and GJV221).

    >>> rules = m.Tag("Rules", "cmp.ershayi=yes; time.limit_s=30")
    >>> d = m.Deal((m.Tag("Profile", "qingdao"), rules))
    >>> c = resolve_ruleset(d)
    >>> c.profile, c.ruleset.time.limit_s, [p[0] for p in c.problems]
    ('qingdao-standard', 30, ['GJV221'])
    >>> resolve_ruleset(m.Deal((m.Tag("Profile", "qingdao-standrd"),))).problems[0][0]
    'GJV220'
    """
    from gojinotation_analyzer.rules.profiles import declared_ruleset

    declared = deal.tag("Profile")
    overrides = deal.tag("Rules") or ""
    got = declared_ruleset(declared, overrides, profile=profile)
    problems: list[tuple[str, str, tuple[str, str], str | None, int]] = []
    for p in got.problems:
        exc = p.error
        if p.tag == "Profile":
            msg = (
                _t("unknown_profile", "en", msg=exc.en, fallback=DEFAULT_PROFILE),
                _t("unknown_profile", "zh", msg=exc.zh, fallback=DEFAULT_PROFILE),
            )
            problems.append(("GJV220", "Profile", msg, None, 0))
        else:
            msg = (_t("bad_override", "en", msg=exc.en), _t("bad_override", "zh", msg=exc.zh))
            problems.append(("GJV221", "Rules", msg, exc.param or None, p.offset))
    return RulesetChoice(got.ruleset, got.profile, declared, overrides, tuple(problems))


def _tag_value_pos(ctx: _Ctx, tag: str, offset: int) -> _Pos:
    """The position of character ``offset`` of a tag's value, if the source shows it."""
    pos = ctx.tag_pos(tag)
    src = ctx.line(pos.line)
    value = ctx.deal.tag(tag) or ""
    start = src.find('"', pos.column - 1) if pos.line and src else -1
    if start < 0 or not value:
        return pos
    col = start + 2 + offset
    piece = next(iter(_override_pieces(value[offset:])), "").strip() if tag == "Rules" else value
    lead = len(value[offset:]) - len(value[offset:].lstrip()) if tag == "Rules" else 0
    col += lead
    if src[col - 1 : col - 1 + len(piece)] != piece:  # escapes in the value: point at the tag
        return pos
    return _Pos(pos.line, col, col + max(len(piece), 1))


# --------------------------------------------------------------------- the engine


class _FrameLike(Protocol):
    index: int
    action: m.Action | None
    state: Any
    events: tuple[E.Event, ...]


def _engine() -> Any:
    """The rules engine module (imported on first use; a test may replace this)."""
    return importlib.import_module("gojinotation_analyzer.engine")


def _with_profile_tag(deal: m.Deal, pid: str, overrides: str | None = None) -> m.Deal:
    """The deal with its ``Profile`` tag set to ``pid`` (and ``Rules`` replaced when
    ``overrides`` is given), so the engine reports the right profile's open points."""
    header: list[m.HeaderItem] = []
    seen = False
    for item in deal.header:
        if isinstance(item, m.Tag) and item.name == "Profile":
            if not seen:
                header.append(attrs.evolve(item, value=pid))
            seen = True
            continue
        if isinstance(item, m.Tag) and item.name == "Rules" and overrides is not None:
            continue
        header.append(item)
    if not seen:
        header.append(m.Tag("Profile", pid))
    if overrides:
        header.append(m.Tag("Rules", overrides))
    return attrs.evolve(deal, header=tuple(header))


def _round_of(before: Any, after: Any, action: m.Action | None) -> int | None:
    b = getattr(before, "round_no", None) if before is not None else None
    a = getattr(after, "round_no", None) if after is not None else None
    if isinstance(a, int) and isinstance(b, int) and a > b:
        return a
    if isinstance(b, int) and b > 0:
        return b
    return a if isinstance(a, int) and a > 0 else None


def _irregular_word(action: m.Action | None) -> str | None:
    if action is None:
        return None
    return action.note("ruling")


def _event_action(ev: E.Event, frame_action: m.Action | None) -> m.Action | None:
    act = getattr(ev, "action", None)
    return act if act is not None else frame_action


def _handle_event(
    ctx: _Ctx,
    ev: E.Event,
    frame_action: m.Action | None,
    round_no: int | None,
    *,
    variation: bool = False,
) -> None:
    act = _event_action(ev, frame_action)
    pos = _pos(act.span) if act is not None else ctx.hand_pos(ev.seat)
    if act is None and ev.rule == "R-OPEN-1" and ctx.deal.tag("Leader") is not None:
        pos = _tag_value_pos(ctx, "Leader", 0)  # the first leader the tag names
    if not pos.line:
        pos = ctx.deal_pos() if act is None else pos
    seat = ev.seat if ev.seat is not None else (act.seat if act is not None else None)
    if isinstance(ev, E.CountShown):  # R-REPORT-1, visible_le10: said once per deal
        if not variation and not ctx.count_shown:
            ctx.count_shown = True
            ctx.add("GJV502", ev.rule_id, (ev.en, ev.zh), pos=pos, round_no=round_no, seat=seat,
                    action=act, param=ev.param)  # fmt: skip
        return
    if isinstance(ev, E.Violation):
        msg = (ev.en, ev.zh)
        if variation:
            code = "GJV305"
            shown = (_t("variation", "en", msg=ev.en), _t("variation", "zh", msg=ev.zh))
        else:
            code = code_for_rule(ev.rule_id)
            shown = msg
            if act is None and ev.rule_id == "R-RECORD-1":
                return  # the engine's own profile check; the validator reports the tag itself
        if ctx.left_out(code, ev.rule_id, shown, pos=pos, round_no=round_no, seat=seat,
                        action=act, param=ev.param):  # fmt: skip
            return  # a repeat past the limit: counted, without its explanation
        applied = None
        if ev.sanction:  # the engine states its sanction in both languages
            applied = (ev.sanction, ev.sanction_zh or ev.sanction + _t("sanction_en", "zh"))
        expl = _explain(ev.rule_id, msg, sanction=applied, param=ev.param, rs=ctx.rs,
                        profile=ctx.profile)  # fmt: skip
        cites = _citations(ev.rule_id, [getattr(_setting(ctx.profile, ev.param), "citation", None)])
        ctx.add(
            code,
            ev.rule_id,
            shown,
            pos=pos,
            round_no=round_no,
            seat=seat,
            action=act,
            explanation=expl,
            citations=cites,
            param=ev.param,
            counted=True,
        )
    elif isinstance(ev, E.Dispute):
        if variation:
            return
        code = "GJV402" if _ruling_dispute(ev) else "GJV401"
        if code == "GJV401" and _overridden(ctx, ev.param):
            return  # the record's [Rules] settle the point: no longer open
        msg = (ev.en, ev.zh)
        if ctx.left_out(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat,
                        action=act, param=ev.param):  # fmt: skip
            return
        expl = _explain(ev.rule_id, msg, param=ev.param, rs=ctx.rs, profile=ctx.profile)
        s = _setting(ctx.profile, ev.param)
        extra_cites = [getattr(s, "citation", None)]
        extra_cites += [r.citation for r in getattr(s, "disputed", ())]
        ctx.add(
            code,
            ev.rule_id,
            msg,
            pos=pos,
            round_no=round_no,
            seat=seat,
            action=act,
            explanation=expl,
            citations=_citations(ev.rule_id, extra_cites),
            param=ev.param,
            alternatives=ev.alternatives,
            counted=True,
        )
    elif isinstance(ev, E.Notice):
        if variation:
            return
        irregular = act is not None and (act.irregular or act.note("ruling") is not None)
        code = "GJV501" if irregular else "GJV502"
        msg = (ev.en, ev.zh)
        if ctx.left_out(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act):
            return
        said: tuple[tuple[str, str], ...] = ()
        if irregular:
            word = _irregular_word(act)
            said = (_both("ruling", r=word),) if word else (_both("no_ruling"),)
        expl = _explain(ev.rule_id, msg, rs=ctx.rs, profile=ctx.profile, extra=said)
        ctx.add(code, ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act,
                explanation=expl, counted=True)  # fmt: skip
    elif isinstance(ev, E.Claimed) and not variation:
        # a table declaration (GJN 1.1: a burn declared or declined, 开牌, 亮3, 接风, 自动开点,
        # 保拉, a waiver) and what the engine took it to decide
        ctx.add("GJV507", ev.rule_id, (ev.en, ev.zh), pos=pos, round_no=round_no, seat=seat,
                action=act)  # fmt: skip
    elif isinstance(ev, E.PenaltyApplied) and not variation:
        why = f": {ev.reason}" if ev.reason else ""
        msg = (
            _t("penalty", "en", points=ev.points, seat=ev.seat, why=why),
            _t("penalty", "zh", points=ev.points, seat=ev.seat, why=why.replace(": ", "：")),
        )
        ctx.add("GJV504", ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act)
    elif isinstance(ev, E.RulingApplied) and not variation:
        msg = _both("ruling_action", seat=ev.seat, text=ev.text)
        ctx.add("GJV504", ev.rule_id, msg, pos=pos, round_no=round_no, seat=seat, action=act)


def _burn_failed(ctx: _Ctx, ev: E.BurnFailed, action: m.Action, round_no: int | None) -> None:
    """烧糊 without a violation: reported under the rule the engine names as its cause
    (``ev.cause``, ``ev.param``; the consequence, R-BURN-5, is cited too).  A failed burn
    is a legal, if losing, course of play: a warning, not an error."""
    msg = (ev.en, ev.zh)
    expl = _explain(
        ev.cause,
        msg,
        sanction=_both("burn_failed"),
        param=ev.param,
        rs=ctx.rs,
        profile=ctx.profile,
    )
    ctx.add(
        "GJV306",
        ev.cause,
        msg,
        pos=_pos(action.span),
        round_no=round_no,
        seat=ev.seat,
        action=action,
        explanation=expl,
        citations=_citations(ev.cause, _citations(ev.rule_id)),
        param=ev.param,
    )


def _overridden(ctx: _Ctx, param: str | None) -> bool:
    """True when the record's ``[Rules]`` give ``param`` another value than its profile."""
    s = _setting(ctx.profile, param)
    if s is None or ctx.rs is None or not param:
        return False
    try:
        return bool(ctx.rs.get(param) != s.value)
    except (KeyError, AttributeError, RulesetError):
        return False


def _ruling_dispute(ev: E.Dispute) -> bool:
    """A dispute about a recorded ruling: it names the ruled action itself and offers
    the profile's own ruling as the alternative."""
    a = ev.action
    if a is None or not (a.irregular or a.note("ruling") is not None):
        return False
    return any(value in RULINGS for value, _ in ev.alternatives)


_SEV_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.DISPUTE: 2, Severity.NOTICE: 3}


def _sort_key(d: Diagnostic) -> tuple[int, int, int, int, str]:
    return (d.deal or 0, d.line, d.column, _SEV_ORDER[d.severity], d.code)


def _sorted(items: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(items, key=_sort_key)
