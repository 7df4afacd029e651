"""Rebuild the bundled samples (``python samples/build_samples.py [OUTDIR]``).

The deals are played by the project's own simulator (heuristic bots, fixed seeds), so
every play is legal under the declared profile; this script then dresses them as a
referee would keep them: players' names, event tags, comments at the moments that
matter (够级 battles, burns, players going out, 闷), glyphs, a what-if variation, a
partial record with unknown hands, and a recorded irregularity with its ruling.  The
Finish and Score tags are the scorer's, checked against the replay by ``gouji validate``.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gojinotation as gj  # noqa: E402
from gojinotation import model as m  # noqa: E402
from gojinotation_analyzer.engine import events as E  # noqa: E402
from gojinotation_analyzer.engine import legal_actions, replay  # noqa: E402
from gojinotation_analyzer.engine.sets import beating_sets, shape  # noqa: E402
from gojinotation_analyzer.simulation.simulate import simulate  # noqa: E402

HERE = Path(__file__).resolve().parent
#: Where the samples are written: this folder, or the folder given as the first argument.
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
PLACE = ("头科", "二科", "三科", "四科", "二落", "大落")
PLAYERS = ("张伟", "李强", "王芳", "赵磊", "孙丽", "周杰")
TEAMS = ("青岛海风队", "崂山石老人队")


def _tags(deal: m.Deal, extra: Sequence[tuple[str, str]], drop: Iterable[str] = ()) -> list[m.Tag]:
    dropped = {"Event", "Seed", "X_Bots", "Deal", "TeamA", "TeamB", *drop} | {
        f"Seat{i}" for i in range(1, 7)
    }
    kept = [t for t in deal.header if isinstance(t, m.Tag) and t.name not in dropped]
    names = [m.Tag(f"Seat{i}", PLAYERS[i - 1]) for i in range(1, 7)]
    head = [m.Tag(k, v) for k, v in extra]
    teams = [m.Tag("TeamA", TEAMS[0]), m.Tag("TeamB", TEAMS[1])]
    return head + names + teams + kept


def _finish_and_score(deal: m.Deal) -> tuple[str, str]:
    last = None
    for frame in replay(deal):
        for e in frame.events:
            if isinstance(e, E.DealEnded):
                last = e
    assert last is not None and last.score is not None, "the deal must end"
    order = sorted(last.places, key=lambda s: last.places[s])
    a, b = last.score.team_points["A"], last.score.team_points["B"]
    return " ".join(map(str, order)), f"{a:+d} {b:+d}"


def _with_result(deal: m.Deal) -> m.Deal:
    finish, score = _finish_and_score(deal)
    header = [
        m.Tag(t.name, finish if t.name == "Finish" else score if t.name == "Score" else t.value)
        if isinstance(t, m.Tag)
        else t
        for t in deal.header
    ]
    return attrs.evolve(deal, header=tuple(header))


def _comment_for(events: Sequence[E.Event]) -> str | None:
    """A referee's short note for the events of one action, in Chinese."""
    notes: list[str] = []
    for e in events:
        if isinstance(e, E.BurnDeclared):
            notes.append(f"{e.seat}号声明烧牌，烧{e.against}号的够级牌")
        elif isinstance(e, E.BurnSucceeded):
            notes.append(f"{e.seat}号烧牌成功")
        elif isinstance(e, E.BurnFailed):
            notes.append(f"{e.seat}号烧糊，判大落，余牌作废")
        elif isinstance(e, E.Men):
            notes.append(f"{e.seat}号被{e.by}号闷（第{e.order}个被闷）")
        elif isinstance(e, E.WentOut):
            notes.append(f"{e.seat}号走科：{PLACE[e.place - 1]}")
        elif isinstance(e, E.Jiefeng):
            notes.append(f"{e.seat}号接风")
        elif isinstance(e, E.Chuan3hu):
            notes.append("串三户！")
        elif isinstance(e, E.Bought):
            notes.append(f"{e.seat}号用{e.paid.gjn()}向{e.from_seat}号买{e.card.gjn()}")
    return "；".join(notes) if notes else None


def _annotate(deal: m.Deal, *, glyphs: bool = True, battles: int = 2) -> m.Deal:
    """Insert comments after the actions whose events matter, and a few glyphs."""
    frames = list(replay(deal))
    by_action = {id(f.action): f for f in frames if f.action is not None}
    out: list[m.MoveItem] = []
    shown_battles = 0
    for item in deal.moves:
        frame = by_action.get(id(item))
        if frame is None:
            out.append(item)
            continue
        action = item
        gouji = [e for e in frame.events if isinstance(e, E.GoujiPlayed)]
        note = _comment_for(frame.events)
        if glyphs and isinstance(action, m.Burn):
            action = attrs.evolve(action, glyphs=("!!",))
        elif glyphs and gouji and gouji[0].answer and shown_battles < battles:
            action = attrs.evolve(action, glyphs=("!",))
        out.append(action)
        if gouji and shown_battles < battles:
            shown_battles += 1
            who = gouji[0].answer
            text = f"够级：只有对头{who}号能上" if who else "够级牌"
            note = f"{text}；{note}" if note else text
        if note:
            out.append(m.Comment(note))
    return attrs.evolve(deal, moves=tuple(out))


def _write(name: str, deals: Sequence[m.Deal], prologue: Sequence[str]) -> None:
    match = m.Match(tuple(deals), 1, tuple(m.Comment(c) for c in prologue))
    text = gj.dumps(match)
    assert gj.loads(text) == match
    (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {OUT / name}: {len(deals)} deal(s), {len(text.encode())} bytes")


def _event_tags(round_name: str, deal_no: int | None = None) -> list[tuple[str, str]]:
    tags = [
        ("Event", "2026 青岛够级公开赛"),
        ("Site", "青岛市市北区棋牌中心"),
        ("Date", "2026.05.01"),
        ("Round", round_name),
        ("Table", "1"),
    ]
    if deal_no is not None:
        tags.append(("Deal", str(deal_no)))
    return tags


def _nth(profile: str, seed: int, index: int, **kw: object) -> m.Deal:
    for i, d in enumerate(simulate(profile, seed, index, **kw)):  # type: ignore[arg-type]
        if i == index - 1:
            return d
    raise AssertionError("simulation ended early")


def full_deal() -> None:
    deal = _nth("qingdao-standard", 1, 1)
    deal = attrs.evolve(deal, header=tuple(_tags(deal, _event_tags("小组赛第3轮", 1))))
    deal = _with_result(_annotate(deal))
    _write(
        "qingdao-standard-full.gjn",
        [deal],
        [
            "青岛常规（普级）一局完整记录：216 张牌全部记录，每一手出牌直至大落。",
            "A complete deal under the Qingdao standard rules: all 216 cards, every play.",
        ],
    )


def burn_deal() -> None:
    deal = _nth("qingdao-standard", 1, 12)
    deal = attrs.evolve(deal, header=tuple(_tags(deal, _event_tags("小组赛第5轮", 12))))
    deal = _with_result(_annotate(deal))
    _write(
        "burn.gjn",
        [deal],
        ["一局含烧牌（烧牌成功）的记录。A deal with a successful burn (烧牌)."],
    )


def bie3_deal() -> None:
    deal = _nth("qingdao-bie3", 1, 5)
    deal = attrs.evolve(deal, header=tuple(_tags(deal, _event_tags("憋三表演赛", 5))))
    deal = _with_result(_annotate(deal))
    _write(
        "bie3.gjn",
        [deal],
        [
            "憋三打法：3 只能最后一手出，不能拆、不能贴挂；开局前买3；被闷者依次为大落、二落。",
            "A deal under 憋三 rules, with a 买3 before play and players 闷'd.",
        ],
    )


def _variation_at(deal: m.Deal) -> m.Deal:
    """Add a what-if line at the first pass where the passer had a legal beating play."""
    frames = list(replay(deal))
    moves = list(deal.moves)
    for before, frame in itertools.pairwise(frames):
        action = frame.action
        if not isinstance(action, m.Pass):
            continue
        plays = [
            a
            for a in legal_actions(before.state)
            if isinstance(a, m.Play) and a.seat == action.seat
        ]
        if not plays:
            continue
        alt = plays[-1]
        pos = next(i for i, it in enumerate(moves) if it is action)
        var = m.Variation(
            (
                alt,
                m.Comment(
                    f"若{alt.seat}号此处用 {gj.format_cards(alt.cards)} 上牌而不是过牌，"
                    "局面会更主动"
                ),
            )
        )
        moves[pos] = attrs.evolve(action, glyphs=("?!",))
        moves.insert(pos + 1, var)
        return attrs.evolve(deal, moves=tuple(moves))
    return deal


def final_match() -> None:
    deals = []
    for i, d in enumerate(simulate("qingdao-standard", 2026, 6, match=True), start=1):
        # The final's rules sheet settles the open points its deals meet (a set of 大王 and
        # 小王 together, play.pure_joker_mixed; a joker on 4s, play.four_no_attach; a failed
        # burner's 对门 once 头科 and 二科 are out, youtou.lifted_after_toke_erke): stated in
        # [Rules], they are no dispute.
        rules = "play.pure_joker_mixed=true; play.four_no_attach=false; "
        rules += "youtou.lifted_after_toke_erke=true"
        extra = [*_event_tags("决赛", i), ("Rules", rules)]
        d = attrs.evolve(d, header=tuple(_tags(d, extra, drop=("Game",))))
        d = _annotate(d, battles=3)
        if i == 1:
            d = _variation_at(d)
            first = m.Comment("决赛第一局，青岛海风队（1、3、5号）对崂山石老人队（2、4、6号）。")
            d = attrs.evolve(d, moves=(first, *d.moves))
        deals.append(_with_result(d))
    _write(
        "final-2026.gjn",
        deals,
        [
            "2026 青岛够级公开赛决赛，六局，附解说、记号与变着。",
            "The 2026 Qingdao Open final: six deals with commentary, glyphs and a variation.",
        ],
    )


def partial_deal() -> None:
    deal = _nth("qingdao-standard", 3, 1)
    hands: list[m.HandItem] = []
    for h in deal.hands:
        if isinstance(h, m.Hand) and h.seat in (2, 4):
            hands.append(m.Hand(h.seat, None))
        elif isinstance(h, m.Hand) and h.seat == 6 and h.cards is not None:
            keep = h.cards[:20]
            hands.append(m.Hand(h.seat, keep + (gj.Card(None),) * (len(h.cards) - 20)))
        else:
            hands.append(h)
    tags: list[m.HeaderItem] = list(_tags(deal, _event_tags("小组赛第1轮（记录不全）", 1)))
    tags.append(m.Comment("2号、4号手牌未记录；6号只记下20张，其余以 ? 表示"))
    deal = attrs.evolve(deal, header=tuple(tags), hands=tuple(hands))
    deal = _with_result(deal)
    _write(
        "partial-unknown.gjn",
        [deal],
        ["记录不全的一局：部分手牌未知（- 与 ?），出牌完整。A partial record with unknown cards."],
    )


def irregular_deal() -> None:
    deal = _nth("qingdao-standard", 4, 1)
    frames = list(replay(deal))
    moves = list(deal.moves)
    # find a 够级 set answered by its 对头 and let a seat in between try to answer it first
    for frame in frames[1:]:
        gouji = [e for e in frame.events if isinstance(e, E.GoujiPlayed)]
        if not gouji or not gouji[0].answer:
            continue
        assert isinstance(frame.action, (m.Play, m.Burn))
        owner = frame.action.seat
        between = owner % 6 + 1
        rs = frame.state.ruleset
        if between == gouji[0].answer or not frame.state.is_active(between):
            continue
        beats = beating_sets(frame.state.hand(between), shape(frame.action.cards, rs), rs)
        if not beats:
            continue
        wrong = m.Play(
            between,
            cards=beats[0],
            irregular=True,
            notes=(m.Note("ruling", "retract 错牌不出：非对头上够级牌，牌收回，视为过牌"),),
        )
        pos = next(i for i, it in enumerate(moves) if it is frame.action)
        follower = moves[pos + 1] if pos + 1 < len(moves) else None
        if isinstance(follower, m.Pass) and follower.seat == between:
            del moves[pos + 1]  # the retracted play already counts as the seat's pass
        moves[pos + 1 : pos + 1] = [
            wrong,
            m.Comment(f"裁判裁定：{between}号不是对头，不能上够级牌；按错牌不出处理"),
            m.Ruling(between, text="错牌不出，收回所出之牌，本轮视为过牌"),
        ]
        break
    tags = _tags(deal, _event_tags("小组赛第2轮（有争议）", 1))
    deal = attrs.evolve(deal, header=tuple(tags), moves=tuple(moves))
    deal = _with_result(deal)
    _write(
        "irregular-ruling.gjn",
        [deal],
        [
            "一局含场上违规及裁判裁定的记录：^ 表示场上实际发生的违规动作，[%ruling] 记录裁定。",
            "A deal with an irregular action at the table and the ruling given.",
        ],
    )


if __name__ == "__main__":
    full_deal()
    burn_deal()
    bie3_deal()
    final_match()
    partial_deal()
    irregular_deal()
