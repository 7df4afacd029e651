"""Issue #11: every ruling that rests on an open point is a Dispute (GJV401).

A parameter is *open* for a record when its profile does not state it (provenance
``default`` up the chain, or ``disputed`` readings) and the record's ``[Rules]`` do not
name it.  Where a verdict rests on one, the engine judges again under each documented
reading (the profile's disputed readings with their documents, else the other values of a
yes/no or choice parameter, the catalog's variants):

* :func:`open_readings` -- a **refusal** that another reading would accept (the Dispute
  replaces the error; :func:`~.machine._sanction` applies the engine's reading);
* :func:`accepted_readings` -- an **accepted** play or burn that another reading would
  refuse: the accepted verdict stands, with the readings.  Cheap by design: only the
  parameters the judgement *read* (:func:`_reads`: the comparison's deciding parameter,
  the attachments the set's shape used, out-of-turn and re-entry rights, a burn's checks)
  and only those open in the record's profile (:func:`_opens`, once per profile and
  ruleset) are re-judged; a deal whose profile states them all costs one lookup per play;
* :func:`sanction_readings` -- the verdict is the same under every reading but the
  **sanction** differs (a false 革命's fine, ``geming.fake_penalty``);
* :func:`score_readings` -- the deal's **score** rests on an open scoring parameter: the
  deal is scored again under each reading, and a Dispute at its end gives each score.

The re-judging is handed the machine's judge (``judge``), so this module sits below
:mod:`.machine` and imports no verb.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from gojinotation.model import Action, Burn, Buy, Draw, Give, Play, Report, Yield
from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.engine.core import _Fail, _here, _Plan, _readings, _setting
from gojinotation_analyzer.engine.core import _text as text
from gojinotation_analyzer.engine.openpoints import RESTATE, _alt
from gojinotation_analyzer.engine.params import I2, I3, I4, ID, IX, _params, _stated
from gojinotation_analyzer.engine.state import BIT, DealState
from gojinotation_analyzer.rules.ruleset import PARAMETERS, Ruleset

Judge = Callable[[DealState, Action], Any]

#: The parameters a burn's judgement reads (R-BURN-1..9: :mod:`.rules_burn`, :mod:`.sets_burn`).
BURN_READS = (
    "burn.allowed",
    "burn.joker_exempt",
    "burn.only_3s_left_ok",
    "burn.eligibility",
    "burn.max_players_out",
    "pass.blocks_burn",
)

#: The parameters a 买3's judgement reads (R-BUY-1, :func:`~.rules_bie3._judge_buy`): who
#: may sell and what the buyer must pay with; re-judged on an accepted buy
#: (:func:`accepted_action_readings`).
BUY_READS = ("buy3.seller_order", "buy3.payment_order", "buy3.deadline")

#: The open parameters an accepted table action other than a play or a burn is re-judged
#: on (:func:`accepted_action_readings`): a 买3 (R-BUY-1), a 让牌 (R-YIELD-1), a 报牌
#: (R-REPORT-1: whether counts are reported at all, ``baohu.mode``), a 送3 (when it may
#: still be given, ``buy3.deadline``).  A 开牌 draw is judged under the readings of its
#: open points by its own family (:func:`~.opening_draw._draw`, the count and the first leader).
ACTION_READS: dict[type, tuple[str, ...]] = {
    Buy: BUY_READS,
    Give: ("buy3.deadline",),
    Yield: ("rangpai.allowed",),
    Report: ("baohu.mode",),
}

#: The parameters :func:`~.scoring.score_deal` reads (R-SCORE-1..4, R-KAIDIAN-5,
#: R-TRIBUTE-1, R-PENALTY-1): the ones :func:`score_readings` re-scores a deal under.
SCORE_READS = (
    "score.place",
    "score.bonus",
    "score.bonus_zero_sum",
    "score.chuan3hu",
    "score.lianbang_burn_scores",
    "score.positive_only",
    "kaidian.sanction",
    "kaidian.both_unopened",
    "bie3.men_score",
    "bie3.men_teammate_scores",
    "tribute.mode",
    "tribute.extra",
    "penalty.violation_points",
)

#: Every parameter a play's or a burn's judgement may read (:func:`_reads`).
PLAY_READS = (
    "play.attach_jokers",
    "play.attach_twos",
    "play.mixed_big_small",
    "play.pure_joker_mixed",
    "play.three_split",
    "play.three_attach",
    "bie3.enabled",
    "play.four_no_attach",
    "cmp.jokered_vs_plain",
    "cmp.xiaowang_set",
    "cmp.dawang_set_dead",
    "cmp.ershayi",
    "cmp.ershayi_answer",
    "cmp.ershayi_is_burn",
    "cmp.ershayi_pass_exempt",
    "cmp.three_twos_beat_dawang",
    "cmp.pure_joker_sets",
    "cmp.same_total_count",
    "pass.duitou_reentry",
    "wutou.enabled",
    "sihu_luanchan",
    "gousiji.window",
    "time.limit_s",
    "buy3.no_payment",
    "gouji.thresholds",
    *BURN_READS,
)

_Open = dict[str, tuple[Any, list[tuple[Any, str]]]]
#: (profile, ruleset id) -> (the ruleset, its open parameters, the memo of the set-only
#: readings: (param, value, set counts, unknown cards, standing set counts or None) -> the
#: rule id that refuses the set under that reading, or "" -- the shape and comparison
#: parameters do not depend on the rest of the state)
_OPENS: dict[tuple[str, int], tuple[Ruleset, _Open, dict[tuple[Any, ...], str]]] = {}
_NO_MEMO: dict[tuple[Any, ...], str] = {}
_STATE_BOUND = frozenset(
    {
        "play.three_split",
        "bie3.enabled",
        "cmp.ershayi_is_burn",
        "cmp.ershayi_pass_exempt",
        "pass.duitou_reentry",
        "wutou.enabled",
        "sihu_luanchan",
        "gousiji.window",
        "time.limit_s",
        "buy3.no_payment",
        "gouji.thresholds",
        *BURN_READS,
    }
)


def _opens(st: DealState) -> _Open:
    return _open_memo(st)[0]


def _open_memo(st: DealState) -> tuple[_Open, dict[tuple[Any, ...], str]]:
    """The play, burn and scoring parameters open for this record, each with its setting
    and other readings (cached per profile and ruleset): empty when the profile or the
    record's ``[Rules]`` state them all."""
    prof = st.profile
    if prof is None:
        return {}, _NO_MEMO
    rs = st.rs
    key = (prof, id(rs))
    hit = _OPENS.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1], hit[2]
    stated = _stated(rs)
    out: _Open = {}
    for name in (*PLAY_READS, *SCORE_READS):
        if name in stated:
            continue
        s = _setting(prof, name)
        if s is not None and (s.open or s.is_disputed):
            readings = _readings(st, name, s)
            if readings:
                out[name] = (s, readings)
    if len(_OPENS) > 256:
        _OPENS.clear()
    memo: dict[tuple[Any, ...], str] = {}
    _OPENS[key] = (rs, out, memo)
    return out, memo


def _rejudge(
    st: DealState, a: Action, param: str, v: Any, judge: Judge, *, restated_only: bool = False
) -> Any:
    """``judge`` on a copy of ``st`` under ``param = v`` (and the state that reading
    changes, :data:`RESTATE`); with ``restated_only`` ``None`` (accepted) when the reading
    changes no state (the parameter was read only through that state)."""
    rs2 = _alt(st.rs, param, v)
    if rs2 is None:
        return None
    st2 = st.copy()
    st2.rs = rs2
    st2.p = _params(rs2)
    restate = RESTATE.get(param)
    if restate is not None and not restate(st2) and restated_only:
        return None
    return judge(st2, a)


# ------------------------------------------------------------------ a refusal


def open_readings(st: DealState, a: Action, f: _Fail, judge: Judge) -> tuple[tuple[str, str], ...]:
    """A negative verdict that rests on an open point (``f.param``): each reading and what
    it rules, when one of them accepts the action; ``()`` keeps the flat verdict.  Runs
    on negative verdicts only, so the hot path (legal actions) is untouched."""
    param = f.param
    if param is None or st.profile is None or a.irregular or param in _stated(st.rs):
        return ()
    s = _setting(st.profile, param)
    if s is None or not (s.open or s.is_disputed):
        return ()
    out: list[tuple[str, str]] = []
    differs = False
    current = st.rs.get(param)
    for v, src in _readings(st, param, s):
        verdict = _rejudge(st, a, param, v, judge)
        ok = not isinstance(verdict, _Fail)
        differs |= ok
        ruled = "legal" if ok else f"illegal ({verdict.rule_id})"
        out.append((text(v), f"{src}: {ruled}"))
    if not differs:
        return ()
    here = _here(s, current)
    return ((text(current), f"{here}: illegal ({f.rule_id}), the engine's ruling"), *out)


def judged(st: DealState, a: Action, param: str | None) -> bool:
    """Whether :func:`open_readings` judged ``a`` under the other readings of ``param``
    (and found that every one refuses it): then the error is flat, with no dispute beside
    it; a parameter with no judgeable reading keeps the plain notice of an open point."""
    if param is None or st.profile is None or a.irregular or param in _stated(st.rs):
        return False
    s = _setting(st.profile, param)
    return s is not None and (s.open or s.is_disputed) and bool(_readings(st, param, s))


# ------------------------------------------------------------------ an acceptance


def _reads(st: DealState, a: Action, plan: _Plan) -> list[str]:
    """The parameters the judgement of the accepted play ``a`` read: the comparison's
    deciding parameter, the attachments its shape used, the 憋3 readings of a set of 3s,
    the rights of a seat playing out of turn or after passing, a burn's checks."""
    out: list[str] = []
    v = plan.verdict
    if v is not None and v.param:
        out.append(v.param)
    c = plan.counts
    twos, small, big = c[I2], c[IX], c[ID]
    if twos or small or big or (st.p.bie3 and c[I3]):
        nat = sum(c[:I2])
        if small or big:
            if nat or twos:
                out.append("play.attach_jokers")
            if small and big:
                out.append("play.mixed_big_small" if nat or twos else "play.pure_joker_mixed")
        if twos and nat:
            out.append("play.attach_twos")
        if c[I4] and (twos or small or big):  # 4s carrying a 2 or a joker, 开点 or not
            out.append("play.four_no_attach")
        if st.p.bie3 and c[I3]:
            out += ["play.three_split", "play.three_attach"]
    if c[I3] and not st.p.bie3:  # 3s where 憋3 is not played: 3s-last under a reading
        out.append("bie3.enabled")
    top = st.top
    if top is not None and not plan.lead:
        seat = a.seat
        t = top.counts
        if t[IX] + t[ID] > 1 and not sum(t[:IX]):  # over jokers only: dead under a reading
            out.append("cmp.pure_joker_sets")
        if seat != st.turn:
            out += ["cmp.ershayi_pass_exempt", "cmp.ershayi_is_burn", "wutou.enabled"]
        if st.passed & BIT[seat]:
            out += ["pass.duitou_reentry", "sihu_luanchan"]
        if top.gousiji:
            out.append("gousiji.window")
        elif top.shape is not None and not top.burn:
            out.append("gouji.thresholds")  # who may answer: is the standing set 够级?
    p = st.p
    if p.bie3 and not st.started & BIT[a.seat] and st.known[a.seat][I3] == 0:
        out.append("buy3.no_payment")  # R-BIE3-3: a first play with no 3 (may he 革命?)
    if a.notes and a.note("clk") is not None:
        out.append("time.limit_s")  # R-TIME-1: the play's recorded time, against a limit
    if type(a) is Burn:
        out += BURN_READS
    return out


def _refused(
    state: DealState,
    a: Action,
    plan: _Plan,
    param: str,
    value: Any,
    judge: Judge,
    memo: dict[tuple[Any, ...], str],
) -> str:
    """The rule id that refuses ``a`` under ``param = value``, or ``""``; memoised for
    the parameters that only the set and the standing set decide."""
    key: tuple[Any, ...] | None = None
    if param not in _STATE_BOUND:
        top = state.top
        key = (
            param,
            repr(value),
            plan.counts,
            plan.nunk,
            None if top is None or plan.lead else top.counts,
        )
        hit = memo.get(key)
        if hit is not None:
            return hit
    # gouji.thresholds is read here through the standing set only (:func:`_reads`)
    verdict = _rejudge(state, a, param, value, judge, restated_only=param == "gouji.thresholds")
    rule = verdict.rule_id if isinstance(verdict, _Fail) and verdict.sanction != "accept" else ""
    if key is not None:
        if len(memo) > 4096:
            memo.clear()
        memo[key] = rule
    return rule


def accepted_action_readings(state: DealState, a: Action, judge: Judge, ev: list[E.Event]) -> None:
    """An accepted 买3 (R-BUY-1) whose seller or payment another documented reading of
    ``buy3.seller_order`` / ``buy3.payment_order`` refuses, or an accepted 让牌 that
    ``rangpai.allowed`` would refuse (:data:`ACTION_READS`): a Dispute, the action stands."""
    reads = ACTION_READS.get(type(a))
    prof = state.profile
    if reads is None or prof is None or a.irregular:
        return
    stated = _stated(state.rs)
    for param in reads:  # rare actions: looked up here, not in the plays' memo
        s = None if param in stated else _setting(prof, param)
        if s is None or not (s.open or s.is_disputed):
            continue
        readings = _readings(state, param, s)
        if readings:
            _accepted_dispute(
                state, a, param, (s, readings), partial(_rule, state, a, param, judge=judge), ev
            )


def _rule(state: DealState, a: Action, param: str, value: Any, judge: Judge) -> str:
    """The rule id that refuses ``a`` under ``param = value``, or ``""`` (a buy refused
    with the sanction ``accept`` still stands, but it is an error: refused too)."""
    verdict = _rejudge(state, a, param, value, judge)
    return verdict.rule_id if isinstance(verdict, _Fail) else ""


def _accepted_dispute(
    state: DealState,
    a: Action,
    param: str,
    got: tuple[Any, list[tuple[Any, str]]],
    refuses: Callable[[Any], str],
    ev: list[E.Event],
) -> None:
    """A Dispute on the accepted action ``a`` when a reading of ``param`` refuses it."""
    s, readings = got
    ruled = [(value, src, refuses(value)) for value, src in readings]
    refused = next((rule for _, _, rule in ruled if rule), "")
    if not refused:
        return  # every reading accepts it (the texts are written only for a dispute)
    out = [
        (text(value), f"{src}: illegal ({rule})" if rule else f"{src}: legal")
        for value, src, rule in ruled
    ]
    current = state.rs.get(param)
    here = _here(s, current)
    ev.append(
        E.Dispute(
            a.seat,
            rule_id=refused,
            param=param,
            en=f"legal under {param} = {text(current)}, an open point of the profile; "
            "another documented reading refuses it (the "
            + {Buy: "buy", Give: "gift", Yield: "让牌", Report: "report", Draw: "draw"}.get(
                type(a), "play"
            )
            + " stands as the engine rules)",
            zh=f"按 {param} = {text(current)} 合法，但文件未定，另一读法不允许此举",
            action=a,
            alternatives=((text(current), f"{here}: legal, the engine's ruling"), *out),
        )
    )


def accepted_readings(
    state: DealState, a: Play | Burn, plan: Any, judge: Judge, ev: list[E.Event]
) -> None:
    """Issue #11 part 2: ``a`` was accepted (``plan``) on the state before it; when a
    parameter its judgement read is open and another documented reading refuses it, a
    Dispute -- the accepted verdict stands, with each reading and what it rules."""
    if type(plan) is not _Plan:
        return
    c = plan.counts
    v = plan.verdict
    top = state.top
    if (
        (v is None or v.param is None)
        and not (c[I2] or c[IX] or c[ID] or c[I3])
        and type(a) is Play
        and (top is None or plan.lead or (a.seat == state.turn and not top.gousiji))
        and not state.passed & BIT[a.seat]
        and not a.notes
        and not (state.p.bie3 and not state.started & BIT[a.seat])
    ):
        return  # a plain set in turn: no parameter was read (the common path, no lookup)
    opens, memo = _open_memo(state)
    if not opens or a.irregular:
        return
    seen: set[str] = set()
    for param in _reads(state, a, plan):
        got = opens.get(param)
        if got is None or param in seen:
            continue
        seen.add(param)
        _accepted_dispute(
            state,
            a,
            param,
            got,
            partial(_refused, state, a, plan, param, judge=judge, memo=memo),
            ev,
        )


# ------------------------------------------------------------------ a sanction


def sanction_readings(
    st: DealState,
    a: Action,
    rule_id: str,
    param: str,
    ruled: Callable[[Any], str],
    ev: list[E.Event],
) -> None:
    """The verdict stands under every reading but the *sanction* rests on an open point
    (``param``): a Dispute naming each documented reading, its source and the sanction it
    gives (``ruled(value)``); none where the profile's own source states the value or
    the record's ``[Rules]`` do."""
    if st.profile is None or param in _stated(st.rs):
        return
    s = _setting(st.profile, param)
    if s is None or not (s.open or s.is_disputed):
        return
    others = _readings(st, param, s)
    if not others:
        return
    current = st.rs.get(param)
    alts = ((current, _here(s, current)), *others)
    ev.append(
        E.Dispute(
            a.seat,
            rule_id=rule_id,
            param=param,
            en=f"the sanction rests on {param} = {text(current)}, an open point: "
            f"{ruled(current)} under the engine's reading",
            zh=f"处罚取决于 {param} = {text(current)}（文件未定）",
            action=a,
            alternatives=tuple((text(v), f"{src}: {ruled(v)}") for v, src in alts),
        )
    )


# ------------------------------------------------------------------ a score


def _score_text(score: Any, parts: frozenset[str] = frozenset()) -> str:
    """A deal's score as a reading rules it: the points, then (``parts``) the tribute owed
    before the next deal and the seats disqualified, where the readings differ in them."""
    teams = ", ".join(f"team {t} {p:+d}" for t, p in sorted(score.team_points.items()))
    seats = " ".join(f"{s}:{p:+d}" for s, p in sorted(score.seat_points.items()) if p)
    out = f"{teams} (seats {seats or 'all 0'})"
    if "tribute" in parts:
        owed = "; ".join(ob.describe() for ob in score.obligations)
        out += f"; tribute owed: {owed or 'none'}"
    if "dq" in parts:
        dq = ", ".join(f"seat {s}" for s in score.disqualified)
        out += f"; disqualified: {dq or 'none'}"
    return out


def _score_parts(a: Any, b: Any) -> frozenset[str]:
    """What differs between two scores of one deal: ``points``, ``tribute`` (the 点贡,
    烧贡, 憋3贡 and 落贡 cards owed) and ``dq`` (the seats disqualified)."""
    out: set[str] = set()
    if a.team_points != b.team_points or a.seat_points != b.seat_points:
        out.add("points")
    if tuple(a.obligations) != tuple(b.obligations):
        out.add("tribute")
    if tuple(a.disqualified) != tuple(b.disqualified):
        out.add("dq")
    return frozenset(out)


def _relevant(facts: Any, score: Any, rs: Ruleset) -> list[str]:
    """The scoring parameters that can change this deal's score (the others are not
    re-scored): the places always; 不开点 only with an unopened seat; the zero-sum of
    event points only with an event whose points are not zero; a teammate's 闷 or burn only
    when there is one; 串三户 only when one team took places 1-3; penalties only with
    one."""
    out = ["score.place", "score.positive_only", "tribute.mode"]
    unopened = any(v is False for v in facts.opened.values())
    events = facts.burns or facts.men or facts.ershayi
    if events or unopened:
        out += ["score.bonus", "tribute.extra"]
    b = rs.score.bonus
    if (
        (facts.burns and (b["shao"] or b["fanshao"] or b["zaifanshao"]))
        or (facts.men and (b["men"] or rs.bie3.men_score in ("plus1", "pm1")))
        or (facts.ershayi and b["ershayi"])
    ):
        out.append("score.bonus_zero_sum")  # 烧, 闷, 二杀一 (不开点 has its own shape)
    if unopened and rs.kaidian.enabled:
        out += ["kaidian.sanction", "kaidian.both_unopened"]
    if facts.burns and any(x.same_team for x in facts.burns):
        out.append("score.lianbang_burn_scores")
    if facts.men:
        out.append("bie3.men_score")
        if any(m.same_team for m in facts.men):
            out.append("bie3.men_teammate_scores")
    if score.chuan3hu is not None:
        out.append("score.chuan3hu")
        if not (events or unopened):
            out.append("tribute.extra")
    if facts.penalties:
        out.append("penalty.violation_points")
    return out


def score_readings(st: DealState, ev: Sequence[E.Event], out: list[E.Event]) -> None:
    """Issue #11 part 3: the deal has just been scored (a :class:`~.events.DealEnded` in
    ``ev``); for each open scoring parameter whose documented readings give another
    score, a Dispute at the deal's end with the score under each reading."""
    opens = _opens(st)
    if not opens or st.profile is None:
        return
    end = next((e for e in ev if isinstance(e, E.DealEnded) and e.score is not None), None)
    if end is None or end.facts is None or end.score is None:
        return
    from gojinotation_analyzer.engine.scoring import score_deal

    base = end.score
    for param in _relevant(end.facts, base, st.rs):
        if param not in opens:
            continue
        s, readings = opens[param]
        scored: list[tuple[Any, str, Any]] = []
        parts: frozenset[str] = frozenset()
        for v, src in readings:
            rs2 = _alt(st.rs, param, v)
            if rs2 is None:
                continue
            try:
                other = score_deal(end.facts, rs2)
            except (ValueError, KeyError):  # pragma: no cover - defensive
                continue
            parts |= _score_parts(base, other)
            scored.append((v, src, other))
        if not parts:
            continue
        alts = [(text(v), f"{src}: {_score_text(other, parts)}") for v, src, other in scored]
        current = st.rs.get(param)
        what = {"points": "score", "tribute": "tribute", "dq": "disqualifications"}
        rests = " and ".join(what[k] for k in ("points", "tribute", "dq") if k in parts)
        rests += " rests" if len(parts) == 1 else " rest"
        rests_zh = "、".join(
            w
            for k, w in (("points", "计分"), ("tribute", "贡牌"), ("dq", "取消资格"))
            if k in parts
        )
        out.append(
            E.Dispute(
                None,
                rule_id=PARAMETERS[param].rule_id,
                param=param,
                en=f"the deal's {rests} on {param} = {text(current)}, an open point: "
                f"{_score_text(base, parts)} under the engine's reading",
                zh=f"本局{rests_zh}取决于 {param} = {text(current)}（文件未定）",
                alternatives=(
                    (text(current), f"{_here(s, current)}: {_score_text(base, parts)}"),
                    *alts,
                ),
            )
        )
