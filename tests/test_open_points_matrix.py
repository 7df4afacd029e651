"""Issue #11 part 4: every open point listed in ``docs/rules.md`` ("Open points") is
classified here, and each one a record can reach has a record where it decides.

* :data:`CASES` -- the open point, a profile where it is open, a record where it decides:
  the replay reports a Dispute naming the parameter, with its readings, and (unless the
  dispute is about a sanction or a score, where the verdict is the same under every
  reading) no error for the same action; the same record with ``[Rules "param=value"]``
  (the profile's own value) has no dispute on it.
* :data:`EXCLUDED` -- open points no record can reach, each with the reason (a reviewer
  reads it).
* :data:`PENDING` -- open points a record could reach but for which no deciding record is
  written yet, or which the engine does not yet re-judge (each with what is missing).  This
  list is the work left on issue #11; it must shrink, never silently grow:
  :func:`test_every_open_point_is_classified` fails on an open point in none of the lists.
"""

# ruff: noqa: E501 -- the tables below keep one open point per line

from __future__ import annotations

import pytest
from test_engine_util import of, play

from gojinotation_analyzer.engine import events as E
from gojinotation_analyzer.rules.profiles import PROFILES, open_points

_H = {2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"}
_H6 = {1: "55 66 3", 2: "3 88 9", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"}
_ALL3 = dict.fromkeys(range(1, 7), "3")
_OUT = "1:3 2:- 3:- 4:- 5:- 6:- 2:3 3:- 4:- 5:- 6:- 3:3 4:- 5:- 6:- 4:3 5:- 6:- 5:3"
_GSJ = {1: "55", 2: "66 3 4", 3: "77 3 4", 4: "88 KK 3", 5: "99 AA 3", 6: "TT 3 4"}
_CUO = {1: "55 KK 3", 2: "3 66 AA", 3: "3 77 9", 4: "3 88 9", 5: "3 99 T", 6: "3 TT J"}
_BIE3 = {2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"}

#: param -> (profile, hands, moves, the verdict stands under every reading: a sanction or
#: a score is what the readings dispute)
CASES: dict[str, tuple[str, dict[int, str], str, bool]] = {
    # a refusal another reading accepts
    "cmp.jokered_vs_plain": (
        "qingdao-standard",
        {1: "55 7", 4: "X5 TT", **_H},
        "1:55 2:- 3:- 4:X5",
        False,
    ),
    "gousiji.window": (
        "qingdao-standard",
        _GSJ,
        "1:55 2:- 3:- 4:- 5:- 6:- 2:66 3:- 4:88 5:- 6:- 2:- 4:KK 5:AA",
        False,
    ),
    "penalty.cuopai_buchu": (
        "qingdao-standard",
        _CUO,
        "1:55 2:6 3:77 4:- 5:- 6:- 1:KK 2:AA",
        False,
    ),
    "play.three_split": (
        "latest-004",
        {1: "55 333", **_BIE3},
        "1:55 2:- 3:- 4:- 5:- 6:- 1:33",
        False,
    ),
    "play.three_attach": (
        "latest-004",
        {1: "55 333 X", **_BIE3},
        "1:55 2:- 3:- 4:- 5:- 6:- 1:X333",
        False,
    ),
    "cmp.ershayi_answer": (
        "tongsu",
        {1: "D 55", 2: "DD6 8", 4: "3 TT", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:D 2:DD6",
        False,
    ),
    # bie3-activity (000§G) does not mention 二杀一 and compares only sets of the same size
    # (EC-05): the 对头's DD on a lone 大王 is refused under "off" (the profile's default),
    # accepted under two_big_beat_one_big (the catalog's variant, 000§M(3))
    "cmp.ershayi": (
        "bie3-activity",
        {1: "D 55 3", 4: "DD 8 3", 2: "3 TT", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:D 2:- 3:- 4:DD",
        False,
    ),
    # 买3 from one's own 联邦 (seat 3) when the 对头 (seat 4) has no spare 3: the Qingdao
    # 憋3 text (001d) lists the 对头 and his 联邦 only, so refused; 000§D 三2 and 000§J
    # 第四条 let one's own 联邦 sell (or give) next, so legal
    "buy3.seller_order": (
        "bie3-activity",
        {1: "2 55", 4: "3 TT", 3: "33 99", 2: "3 88", 5: "3 JJ", 6: "3 QQ"},
        "1:buy 3 from 3 for 2",
        False,
    ),
    # a claim of automatic 开点 by a seat with no 够级 set (5 6) under saizhi-002, whose
    # documents (002) are silent: refused under the Qingdao reading (no automatic 开点),
    # accepted under the activity rules' 000§G 五5 (the seat opens)
    "kaidian.auto_if_no_gouji": (
        "saizhi-002",
        {1: "5 6", 2: "7 8", 3: "9 T", 4: "J 4", 5: "Q 4", 6: "K 4"},
        "1:kaidian 1:5",
        False,
    ),
    # an acceptance another reading refuses
    # paying with a 大王 while holding a 小王 and no 2: any joker under 001d (accepted);
    # 000§J 第四条 pays a 小王 before a 大王, 004c 第三条 pays only with a 2 (refused)
    "buy3.payment_order": (
        "bie3-activity",
        {1: "X D 55", 4: "33 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:buy 3 from 4 for D",
        False,
    ),
    "play.pure_joker_mixed": ("qingdao-standard", {1: "DX 55", 4: "3 TT", **_H}, "1:DX", False),
    "play.mixed_big_small": (
        "qingdao-standard",
        {1: "X55 7", 4: "DX6 TT", **_H},
        "1:X55 2:- 3:- 4:DX6",
        False,
    ),
    "cmp.ershayi_is_burn": (
        "tongsu",
        {1: "D 55", 2: "DD 8", 4: "3 TT", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:D 2:DD",
        False,
    ),
    "kaidian.toke_requirement": ("dasai-5421", _ALL3, _OUT, False),
    # a timeout on the lead (R-TIME-1): the documents with a clock make a timeout a pass
    # (000§C, 000§F, 003) but none says what a leader's timeout does; qingdao-standard has
    # no clock at all.  Read as a pass, the lead goes to seat 2 (who leads 88); read as no
    # pass, seat 1 must still lead.
    "time.timeout_is_pass": ("qingdao-standard", _H6, "1:timeout 2:88", False),
    # a seat with no 3 and nobody to sell (every other seat holds a single 3): under the
    # Qingdao 憋3 text (001d, 革命) a seat that does not 革命 has no stated result; the
    # engine rules 大落, 000§C 三8 大落, 000§D 三2 大落 with the 开点 flipped
    "buy3.no3_result": (
        "bie3-activity",
        {1: "2 55", 4: "3 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:55",
        True,
    ),
    # a second 革命 in the deal (seats 1 and 2 hold no 3, joker or 2): 001d (二) allows each
    # to 革命 and says nothing of two; only 004b(13) voids the deal (the engine's reading)
    "geming.second": (
        "qingdao-bie3",
        {1: "55 66 4", 2: "77 88 4", 3: "3 99 T", 4: "3 TT J", 5: "3 JJ Q", 6: "3 QQ K"},
        "1:革命 2:革命",
        True,
    ),
    # 串三户 (team A takes places 1-3) under two-table-654321, whose tournament text (000§F)
    # gives 6-5-4-3-2-1 place points and says nothing of 串三户: the deal's score under
    # no_change (the profile's default), double, fixed 8-0 and 9-0
    "score.chuan3hu": (
        "two-table-654321",
        {1: "5", 2: "6 3", 3: "7", 4: "8 3", 5: "9", 6: "T 3"},
        "1:5 2:- 3:7 4:- 5:9 6:T 2:- 4:- 6:3 2:6 4:8 2:- 4:3",
        True,
    ),
    # 烧牌 scoring: seat 3 burns his own 联邦's (seat 1's) JJJJ and goes out 头科; 000§G 四
    # gives 烧 a point but never says whether burning a teammate's set scores (the burner
    # +1 and seat 1 -1 under true, nothing under false, the profile's default)
    "score.lianbang_burn_scores": (
        "bie3-activity",
        {1: "JJJJ 9 3", 2: "3 5", 3: "QQQQ 3", 4: "3 6", 5: "3 7", 6: "3 8"},
        "1:JJJJ 3:burn QQQQ 6:- 2:- 4:- 5:- 3:3 6:8 1:9 2:- 4:- 5:- 1:3 2:5 4:6 5:7",
        True,
    ),
    # the burner's points: seat 2 burns seat 1's JJJJ and goes out 头科 under
    # dian-shao-men-luo (000§J: 烧 +1, 点 +1); 000§J never says whether the points are paid
    # by the other team (zero-sum) or added on top -- the score under each reading
    "score.bonus_zero_sum": (
        "dian-shao-men-luo",
        {1: "JJJJ 9 3", 2: "QQQQ 3", 3: "3 5", 4: "3 6", 5: "3 7", 6: "3 8"},
        "1:JJJJ 2:burn QQQQ 5:- 2:3 5:7 6:8 1:9 3:- 4:- 1:3 3:5 4:6",
        True,
    ),
    # a 闷 of one's own teammate: seat 3 burns seat 1's JJJJ, seat 1 is left with his 3
    # (闷 by seat 3, his 联邦) under dian-shao-men-luo (000§J: 闷 +1); 000§J does not say
    # whether a teammate's 闷 scores (000§C 8 and 000§D 二2 say it does not)
    "bie3.men_teammate_scores": (
        "dian-shao-men-luo",
        {1: "JJJJ 3", 2: "3 5", 3: "QQQQ 3", 4: "3 6", 5: "3 7", 6: "3 8"},
        "1:JJJJ 3:burn QQQQ 6:- 3:3 6:8 2:- 4:- 5:- 6:3 2:5 4:6 5:7",
        True,
    ),
    # 开点 by a teammate's burn (saizhi-002, 开点 with no 憋3): seat 3 burns his 联邦 seat 1's
    # JJJJ with a pure QQQQ; 001c counts only a seat's own 够级 set that wins the lead
    # (unopened: the engine's reading), another reading counts the burn (opened)
    "kaidian.teammate_burn_counts": (
        "saizhi-002",
        {1: "JJJJ 9", 2: "5 4", 3: "QQQQ 8", 4: "6 4", 5: "7 4", 6: "T 4"},
        "1:JJJJ 3:burn QQQQ 6:- 3:8 6:T 1:- 2:- 4:- 5:- 6:4 1:9 2:- 4:- 5:- 2:4 4:6 5:7 2:- 4:- 5:4 2:5",
        True,
    ),
    # 末位 after a failed burn (a place): seat 2 burns seat 1's JJJJ and the burner's 对头
    # side lifts it (seat 5's KKKK, 解烧); 004b(5) lets the burn be lifted and play go on,
    # 004a 一10 makes a burn that does not go out 末位 (大落)
    "burn.killed_by_duitou": (
        "latest-004",
        {1: "JJJJ 9 3", 2: "QQQQ D7 3", 3: "5 3", 4: "6 3", 5: "KKKK 8 3", 6: "T 3"},
        "1:JJJJ 2:burn QQQQ 3:- 4:- 5:KKKK",
        True,
    ),
    # a place: seat 3 burns seat 1's JJJJ, leaving seat 1 only his 3 (闷 #1) under
    # qingdao-bie3; 001d is silent on where a 闷 seat finishes, the other 憋3 texts (000§G,
    # 000§C, 000§J, 004b(14)) put him in the last free place
    "bie3.men_place_order": (
        "qingdao-bie3",
        {1: "JJJJ 3", 2: "3 5", 3: "QQQQ 3", 4: "3 6", 5: "3 7", 6: "3 8"},
        "1:JJJJ 3:burn QQQQ",
        True,
    ),
    # seat 1 opens with KK and goes out while his 对头 (seat 4) is unopened (saizhi-002): only
    # 000§J 第五条(5) ends seat 4's chance then; 001c and 002 keep it to the cutoff
    "kaidian.cutoff_on_own_duitou_out": (
        "saizhi-002",
        {1: "KK 5", 2: "6", 3: "7", 4: "8", 5: "9", 6: "T"},
        "1:KK 2:- 3:- 4:- 5:- 6:- 1:5",
        True,
    ),
    # 二杀一 by a seat that passed in the round (dian-shao-men-luo): seat 2 passes on the 5,
    # then kills seat 1's lone 大王 with DD; 000§J 第九条 二杀一不记过牌 is read as letting
    # a passed seat do it (accepted) or only as not counting it a pass (refused, R-PASS-1)
    "cmp.ershayi_pass_exempt": (
        "dian-shao-men-luo",
        {1: "5 D 3", 2: "DD 6 3", 3: "7 3 4", 4: "8 3 4", 5: "9 3 4", 6: "T 3 4"},
        "1:5 2:- 3:7 4:8 5:9 6:T 1:D 2:DD",
        False,
    ),
    # a 让牌 under trad-003: 003(10) lets a seat yield on his 对头's set, 003(17) forbids it
    # (the 让牌 stands under the engine's reading, refused under the other)
    "rangpai.allowed": (
        "trad-003",
        {1: "55 77", 2: "3 99", 3: "3 TT", 4: "66 99", 5: "3 88", 6: "3 JJ"},
        "1:55 2:- 3:- 4:yield 5:88",
        False,
    ),
    # EC-41: re-entry after a pass in 四户乱缠 under two-table-654321, whose 000§F has no
    # 对头 re-entry and is silent on 四户乱缠: seat 5 passed, then plays Q with four left
    "sihu_luanchan": (
        "two-table-654321",
        {1: "33", 2: "33", 3: "7 T 3 K", 4: "8 J 3 K", 5: "Q 3 K", 6: "9 3 K"},
        "1:33 2:- 3:- 4:- 5:- 6:- 2:33 3:- 4:- 5:- 6:- 3:7 4:8 5:- 6:9 3:T 4:J 5:Q",
        False,
    ),
    # a sanction, a score
    "geming.fake_penalty": ("qingdao-standard", {1: "2 55", **_BIE3}, "1:革命 1:55", True),
    "score.place": ("dasai-5421", _ALL3, _OUT, True),
    # 不开点 under saizhi-002's scoring: seat 1 opens with KK, his 对头 (4) never opens
    "kaidian.sanction": (
        "saizhi-002",
        {1: "KK 5", 2: "6", 3: "7", 4: "8", 5: "9", 6: "T"},
        "1:KK 2:- 3:- 4:- 5:- 6:- 1:5 2:6 3:7 4:8 5:9",
        True,
    ),
    # ---- group A (op1)
    # a true 报牌 under taikai-2014: 000§L 三(3)1 报牌制 read as the usual count on request
    # (the engine's reading: it stands), 三(3)2 唱牌 reads 报牌 as announcing one's own play
    # (no count is reported: refused)
    "baohu.mode": (
        "taikai-2014",
        {1: "55 66 3 4 7 8 9 T J", 2: "3 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"},
        "1:55 1:report 9",
        False,
    ),
    # seat 2 buys his 3 after seat 1's lead but before his own first play (bie3-activity,
    # 000§G names no deadline): 000§D 三2 本人出牌后不得买3 (legal, the engine's reading),
    # 000§J 第四条 摸牌后无3者必须买3 (before the deal's first play: refused)
    "buy3.deadline": (
        "bie3-activity",
        {1: "55 3", 2: "2 88", 3: "3 99", 4: "3 TT", 5: "33 JJ", 6: "3 QQ"},
        "1:55 2:buy 3 from 5 for 2 2:88",
        False,
    ),
    # seat 1 holds no 3 and nothing to pay with (no 2, no joker) and plays: 001d (二) lets
    # him 革命 and gives him no 3 (his play stands; buy3.no3_result then rules him), 000§D
    # 三2 / 004c 第三条 have a 3 given to him first (the play is refused, R-BIE3-3)
    "buy3.no_payment": (
        "bie3-activity",
        {1: "55 66", 2: "3 88", 3: "3 99", 4: "33 TT", 5: "3 JJ", 6: "3 QQ"},
        "1:55",
        False,
    ),
    # seat 2 plays after passing in the round (R-PASS-1, an error under every reading) under
    # qingdao-standard, then wins a round with A: only 001d (四) (the Qingdao 憋3 text) takes
    # that lead away from him (seat 3 leads); the engine's reading lets him lead
    "penalty.misplay_lose_lead": (
        "qingdao-standard",
        {1: "55 77 5 3", 2: "88 A 3", 3: "99 3", 4: "66 3", 5: "TT 3", 6: "JJ 3"},
        "1:55 2:- 3:- 4:66 5:- 6:- 1:77 2:88 4:- 1:5 2:A 3:- 4:- 5:- 6:- 1:- 5:close",
        True,
    ),
    # seat 1 draws a J at 开牌 and leads (dian-shao-men-luo): 000§J 第三条's remark
    # (J、Q、K…为最小牌) read as the counting value makes it 1 (seat 1 takes first and
    # leads: the engine's reading); read as belonging to the high-card draw, J counts 11
    # and the count ends on seat 5
    "open.count_values": ("dian-shao-men-luo", _H6, "1:draw J 1:55", False),
    # 亮4 (saizhi-002): seat 1 holds the only 4 and leads 55; 002b 5 (the rules part) makes
    # the seat with the most 4s lead 4s first (refused), 002a 3 (the competition part) has
    # no 上班 (the first taker leads what he likes: legal)
    "open.shangban": ("saizhi-002", {1: "4 55", **_BIE3}, "1:55", False),
}

#: param -> (profile, hands, moves, the verdict stands, the record's other [Rules]): cases
#: where the point decides only beside other table rules the profile does not play (a
#: tribute to owe, no 上班), written as the record's own ``[Rules]``, and cases whose value
#: (none, a map) is settled by its override text (``Setting.text``)
CASE_RULES: dict[str, tuple[str, dict[int, str], str, bool, str]] = {
    # seat 1 opens with KK, every other seat is left unopened (karamay-jingsai, 000§D is
    # silent on two unopened 对头): with a 点贡 owed (dian_tribute, 落贡 paid) the two
    # unopened 对头 pay each other (mutual) or nothing (cancel, EC-25)
    "kaidian.both_unopened": (
        "karamay-jingsai",
        {1: "KK 5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3", 6: "T 3"},
        "1:KK 2:- 3:- 4:- 5:- 6:- 1:5 2:6 3:7 4:8 5:9 6:T",
        True,
        "kaidian.sanction=dian_tribute; tribute.mode=luo",
    ),
    # the same deal with 落贡 paid: the event tributes owed beside it (001c 也可规定 点贡,
    # 004a 一5 点贡、烧贡、憋3贡) are open in karamay-jingsai (000§D pays no tribute)
    "tribute.extra": (
        "karamay-jingsai",
        {1: "KK 5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3", 6: "T 3"},
        "1:KK 2:- 3:- 4:- 5:- 6:- 1:5 2:6 3:7 4:8 5:9 6:T",
        True,
        "tribute.mode=luo",
    ),
    # a play that took 45 s under qingdao-standard (no clock in the Qingdao texts): over
    # 000§C 三3's 30 s and 000§F's 15 s, within 000§L's 60 s
    "time.limit_s": ("qingdao-standard", _H6, "1:55 [%clk 45] 2:88", False, ""),
    # a 开牌 draw of a 5 by seat 1, who leads (latest-004 with no 上班 stated by the record):
    # 004b(2) has the referee insert a card (the draw decides nothing: legal, the engine's
    # reading), 004c 第二条 counts the draw (seat 5 takes first and leads: refused)
    "open.first_method": ("latest-004", _H6, "1:draw 5 1:55", False, "open.shangban=none"),
    # seat 2 answers seat 1's lone 2 with a 小王 in turn (saizhi-002): a single 2 is 够级
    # under 001b 4 (1张钱: only the 对头 may answer, refused R-GOUJI-2), not under 002b 7
    # (two 2s are needed: legal); settled by [Rules] written as the override text of the map
    "gouji.thresholds": (
        "saizhi-002",
        {1: "2 55 7", 2: "X 88", 3: "3 99", 4: "3 TT", 5: "3 JJ", 6: "3 QQ"},
        "1:2 2:X",
        False,
        "",
    ),
}

#: Open points no record can reach, and why.
EXCLUDED: dict[str, str] = {
    "match.hands_per_game": "the match format: it shapes a match's standings across deals; no action, sanction or deal score of a record rests on it",
    "match.games": "the match format (as match.hands_per_game)",
    "match.game_count": "the match format (as match.hands_per_game)",
    "match.tiebreak": "the match format (as match.hands_per_game): it ranks teams after the last deal",
    "deal.reshuffle_if_no_2_or_joker": "a reshuffle happens before the hands are dealt; a record holds only the hands that were played",
    "vocab.allowed": "the words said at the table are not recorded (only the actions they announce), and no verdict of the engine reads them",
    "penalty.violation_points": "a conduct penalty's points: a record's penalty writes its points (3:penalty -2), and the false 革命 fine has its own parameter (geming.fake_penalty); the scale is read only for a DealFacts penalty with no points, which no replay builds",
    "bie3.show3_at_end": "亮3 at the end of the hand (000§D 三2 每个人每把最后都需要亮3) is not an event GJN records: `liang` is the 上班 show before the first play (format.md §9.4, refused after it), and a seat's cards at the end follow from the hands, so no record can say a 3 was not shown; the engine reads no verdict from it",
}

#: Open points a record could reach but that no test here decides yet -- the work left.
PENDING: dict[str, str] = {}


# Group B (issue #11): cases whose deciding record may need other [Rules] overrides (a
# parameter that only matters when another is set, e.g. 开点发4's points with
# ``kaidian.lead4``): param -> (profile, the record's other [Rules], hands, moves, the
# verdict stands under every reading)
_KP = {1: "5 KK 3", 2: "3 88", 3: "3 99", 4: "6", 5: "3 JJ", 6: "3 QQ"}
_YT = {1: "JJJJ 5 3", 2: "QQQQ 7 8", 3: "6 3", 4: "9 3", 5: "T 3", 6: "K 3"}
CASES_B: dict[str, tuple[str, str, dict[int, str], str, bool]] = {
    # 4s carrying a 小王 outside 开点 (qingdao-standard): only the 开点发4 texts (000§C,
    # 004b(4)) forbid it -- the play stands, disputed
    "play.four_no_attach": ("qingdao-standard", "", {1: "X44 7", 4: "3 TT", **_H}, "1:X44", False),
    # DD over XX (not over DX: the mixed-set rule decides that one first): all-大王 beats a
    # set holding a 小王 (the engine's reading), or a set of jokers only is dead
    "cmp.pure_joker_sets": (
        "qingdao-standard",
        "",
        {1: "XX 55", 4: "DD TT", **_H},
        "1:XX 2:- 3:- 4:DD",
        False,
    ),
    # seat 4 (seat 1's 对头) is out; seat 6 closes seat 1's KK: nobody must close (stands),
    # or only the next opponent in play (seat 2) may
    "koupai.no_duitou": (
        "qingdao-standard",
        "",
        _KP,
        "1:5 2:- 3:- 4:6 5:- 6:- 1:- 1:close 5:JJ 6:- 1:KK 2:- 3:- 5:- 6:- 6:close 1:3",
        True,
    ),
    # seat 2's burn fails (烧糊: 有头 for seat 5); 头科 (seat 6) and 二科 (seat 1) go out:
    # 000§K lifts seat 5's 有头 (the engine's reading), 003(8) keeps it
    "youtou.lifted_after_toke_erke": (
        "qingdao-standard",
        "",
        _YT,
        "1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 2:7 1:5 3:6 4:9 5:T 6:K 1:- 3:- 4:- 5:- 3:close "
        "6:3 1:- 3:- 4:- 5:- 3:close 1:3",
        True,
    ),
    # saizhi-002 (开点, 002 says nothing of 开点发4): seat 1's KK stands and he leads 55, not
    # 4s: opened (the engine's reading), or not under 开点发4 (004b(4) 开点后下道牌不发4，仍不算开点)
    "kaidian.lead4": (
        "saizhi-002",
        "",
        {1: "55 KK 6", 4: "4 TT", 2: "4 88", 3: "4 99", 5: "4 JJ", 6: "4 QQ"},
        "1:KK 2:- 3:- 4:- 5:- 6:- 1:55",
        True,
    ),
    # 开点发4 stated by the record; seat 1 holds no 4 at his first play: he may still open
    # (the engine's reading), or 不开点 (004b(15) 如果不买就视为此局不开点)
    "kaidian.no4_is_bukaidian": (
        "saizhi-002",
        "kaidian.lead4=true",
        {1: "55 KK 6", 4: "4 TT", 2: "4 88", 3: "4 99", 5: "4 JJ", 6: "4 QQ"},
        "1:55",
        True,
    ),
    # 开点发4 stated by the record; seat 1 buys a 4 from his 对头: 买4 not played (refused,
    # the engine's reading) or played as in 004b(15) (legal) -- without 开点发4 it is flat
    "buy4.mode": (
        "saizhi-002",
        "kaidian.lead4=true",
        {1: "2 55 KK", 4: "44 TT", 2: "4 88", 3: "4 99", 5: "4 JJ", 6: "4 QQ"},
        "1:buy 4 from 4 for 2",
        False,
    ),
    # tongsu (000§M describes 憋三 as a way to play and is cut off there): a 3 led while
    # other cards are in hand -- legal (the engine's reading, 憋3 not played), refused
    # where 憋3 is played (re-judged with play.three_restriction moved with it: COUPLED)
    "bie3.enabled": (
        "tongsu",
        "",
        {1: "3 55", 4: "33 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:3",
        False,
    ),
    # qingdao-bie3: seat 2 burns seat 1's JJJJ and leads 55 bare with only his 3 left:
    # 烧糊 (the engine's reading, 001b: a joker on every middle set) or exempt (002b 8
    # 手中只剩3)
    "burn.only_3s_left_ok": (
        "qingdao-bie3",
        "",
        {1: "JJJJ 9 3", 2: "QQQQ 55 3", 3: "6 3", 4: "7 3", 5: "8 3", 6: "T 3"},
        "1:JJJJ 2:burn QQQQ 3:- 4:- 5:- 6:- 2:55",
        True,
    ),
}


def _open_everywhere() -> set[str]:
    return {name for p in PROFILES for name, _ in open_points(p, own_only=True)}


def test_every_open_point_is_classified() -> None:
    listed = _open_everywhere()
    cases = set(CASES) | set(CASE_RULES) | set(CASES_B)
    excluded, pending = set(EXCLUDED), set(PENDING)
    assert not set(CASES) & set(CASE_RULES) and not (set(CASES) | set(CASE_RULES)) & set(CASES_B)
    assert not cases & excluded and not cases & pending and not excluded & pending
    assert sorted(listed - (cases | excluded | pending)) == []
    # a classified point that is no longer open anywhere must leave the lists
    assert sorted((excluded | pending) - listed) == []


@pytest.mark.parametrize("param", sorted(CASES))
def test_open_point_decides_a_record(param: str) -> None:
    profile, hands, moves, verdict_stands = CASES[param]
    s = PROFILES[profile].setting(param)
    assert s.open or s.is_disputed, f"{param} is stated by {profile}: pick another profile"
    frames = play(hands, moves, profile=profile)
    found = [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]
    assert found, f"no dispute on {param}"
    d = found[0]
    assert d.alternatives, "a dispute names the readings and what each rules"
    if not verdict_stands:  # no flat error beside the dispute for the same action
        assert not [
            v
            for v in of(frames, E.Violation)
            if isinstance(v, E.Violation) and v.action is d.action
        ]
    # the record's [Rules] settle it: the profile's own value, stated, leaves no dispute
    current = PROFILES[profile].setting(param).value
    text = ",".join(str(x) for x in current) if isinstance(current, tuple) else current
    if isinstance(current, bool):
        text = "true" if current else "false"
    settled = play(hands, moves, profile=profile, rules=f"{param}={text}")
    assert not [e for e in of(settled, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


@pytest.mark.parametrize("param", sorted(CASE_RULES))
def test_open_point_decides_a_record_beside_other_rules(param: str) -> None:
    profile, hands, moves, verdict_stands, rules = CASE_RULES[param]
    s = PROFILES[profile].setting(param)
    assert s.open or s.is_disputed, f"{param} is stated by {profile}: pick another profile"
    assert param not in rules
    frames = play(hands, moves, profile=profile, rules=rules)
    found = [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]
    assert found, f"no dispute on {param}"
    d = found[0]
    assert len(d.alternatives) >= 2 and len({r for _, r in d.alternatives}) >= 2
    if not verdict_stands:
        assert not [
            v
            for v in of(frames, E.Violation)
            if isinstance(v, E.Violation) and v.action is d.action
        ]
    settled_rules = "; ".join(x for x in (rules, f"{param}={s.text}") if x)
    settled = play(hands, moves, profile=profile, rules=settled_rules)
    assert not [e for e in of(settled, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


#: Group A's points: a profile whose own document (or an ancestor's, cited) states the
#: point, under which the deciding record of :data:`CASES` / :data:`CASE_RULES` is ruled
#: flat -- no dispute on the point.
STATED_BY: dict[str, str] = {
    "baohu.mode": "qingdao-standard",  # 004b(9) 剩余牌等于或少于10张…应如实报明
    "buy3.deadline": "karamay-jingsai",  # 000§D 三2 本人出牌后,不得买3或送3
    "buy3.no_payment": "qingdao-bie3",  # 001d (二) 可允许其革命
    "gouji.thresholds": "qingdao-standard",  # 001b 4: a single 2 is 够级
    "kaidian.both_unopened": "qingdao-dadian",  # 001c 若对门两人互不开点，则互进点贡
    "open.count_values": "qingdao-bie3",  # 000§B 第六条 自然点数, no 上班 (001d (一))
    "open.first_method": "qingdao-bie3",  # 000§B 第六条 the counted draw, no 上班 (001d)
    "open.shangban": "qingdao-standard",  # 000§B 第七条 亮3 上班: no 4s to lead
    "penalty.misplay_lose_lead": "qingdao-bie3",  # 001d (四) 取消一次发牌权
    "time.limit_s": "saizhi-002",  # 002a 4 出牌时间限定30秒
    "tribute.extra": "qingdao-dadian",  # 001c 点贡优先
}


@pytest.mark.parametrize("param", sorted(STATED_BY))
def test_a_stated_point_is_ruled_flat(param: str) -> None:
    profile = STATED_BY[param]
    s = PROFILES[profile].setting(param)
    assert not (s.open or s.is_disputed) and s.citation is not None, (
        f"{profile} leaves {param} open"
    )
    if param in CASES:
        _, hands, moves, _ = CASES[param]
        rules = ""
    else:
        _, hands, moves, _, rules = CASE_RULES[param]
    frames = play(hands, moves, profile=profile, rules=rules)
    assert not [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


def _decides(
    profile: str, rules: str, hands: dict[int, str], moves: str, param: str, verdict_stands: bool
) -> None:
    """The record decides ``param``: a Dispute with its readings (and no flat error beside
    it unless the verdict stands); ``[Rules]`` with the profile's own value settle it."""
    s = PROFILES[profile].setting(param)
    assert s.open or s.is_disputed, f"{param} is stated by {profile}: pick another profile"
    frames = play(hands, moves, profile=profile, rules=rules)
    found = [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]
    assert found, f"no dispute on {param}"
    d = found[0]
    assert len(d.alternatives) >= 2, "a dispute names the readings and what each rules"
    assert len({ruled.split(": ", 1)[-1] for _, ruled in d.alternatives}) >= 2
    if not verdict_stands:
        assert not [
            v
            for v in of(frames, E.Violation)
            if isinstance(v, E.Violation) and v.action is d.action
        ]
    current = PROFILES[profile].setting(param).value
    text = ",".join(str(x) for x in current) if isinstance(current, tuple) else str(current)
    if isinstance(current, bool):
        text = "true" if current else "false"
    settled = play(
        hands, moves, profile=profile, rules="; ".join(x for x in (rules, f"{param}={text}") if x)
    )
    assert not [e for e in of(settled, E.Dispute) if isinstance(e, E.Dispute) and e.param == param]


@pytest.mark.parametrize("param", sorted(CASES_B))
def test_open_point_decides_a_record_group_b(param: str) -> None:
    profile, rules, hands, moves, verdict_stands = CASES_B[param]
    _decides(profile, rules, hands, moves, param, verdict_stands)


def test_buy4_is_flat_without_kaidian_lead4() -> None:
    """买4 exists only with 开点发4 (000§C, 004b(15)): where the record's ruleset has no
    开点发4 the point does not arise, so the refusal is flat (no dispute on buy4.mode)."""
    hands = {1: "2 55 KK", 4: "44 TT", 2: "4 88", 3: "4 99", 5: "4 JJ", 6: "4 QQ"}
    for profile in ("saizhi-002", "qingdao-standard"):
        frames = play(hands, "1:buy 4 from 4 for 2", profile=profile)
        assert [
            (v.rule_id, v.param) for v in of(frames, E.Violation) if isinstance(v, E.Violation)
        ] == [("R-BUY-1", "buy4.mode")]
        assert not of(frames, E.Dispute)


def test_kaidian_lead4_no_dispute_when_the_opener_leads_4s() -> None:
    """The opening stands under either reading when the opener's next lead is 4s."""
    hands = {1: "44 KK 6", 4: "4 TT", 2: "5 88", 3: "4 99", 5: "4 JJ", 6: "4 QQ"}
    frames = play(hands, "1:KK 2:- 3:- 4:- 5:- 6:- 1:44", profile="qingdao-dadian")
    assert not [
        e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute) and e.param == "kaidian.lead4"
    ]
    assert frames[-1].state.opened & 0b10  # seat 1 (bit 1) opened
    frames = play(hands, "1:KK 2:- 3:- 4:- 5:- 6:- 1:6", profile="qingdao-dadian")
    (d,) = [e for e in of(frames, E.Dispute) if isinstance(e, E.Dispute)]
    assert d.param == "kaidian.lead4" and d.seat == 1
    assert dict(d.alternatives)["true"].endswith(
        "seat 1's opening does not count (he must open again)"
    )


def test_coupled_readings_move_together() -> None:
    """Re-judging under 憋3 played at all (bie3.enabled = true) also moves its 3s-last
    restriction (core.COUPLED): the ruleset of that reading is one a document describes."""
    from gojinotation_analyzer.engine.openpoints import _alt
    from gojinotation_analyzer.rules.profiles import load_ruleset

    rs = load_ruleset("tongsu")
    assert rs.play.three_restriction != "bie3"
    alt = _alt(rs, "bie3.enabled", True)
    assert alt is not None and alt.bie3.enabled and alt.play.three_restriction == "bie3"
    # the same record under 憋3 stated: the early 3 is a flat error, no dispute
    frames = play(
        {1: "3 55", 4: "33 TT", 2: "3 88", 3: "3 99", 5: "3 JJ", 6: "3 QQ"},
        "1:3",
        profile="tongsu",
        rules="bie3.enabled=true; play.three_restriction=bie3",
    )
    assert [v.rule_id for v in of(frames, E.Violation) if isinstance(v, E.Violation)] == [
        "R-BIE3-1"
    ]
    assert not of(frames, E.Dispute)


def test_gousiji_before_jiefeng_stated_by_003_and_read_by_the_engine() -> None:
    """003(14) (qingdao-standard, trad-003) and 000§H (fujian1-qingdao) put the 够死级
    chance on the 底牌 itself, and 003(13) gives 接风 only when nobody beats the 底牌:
    stated, so the answer to it is a flat error; ``[Rules]`` saying 接风 comes first make
    KK an ordinary answer that seat 5 may beat."""
    hands = {1: "55", 2: "3 4", 3: "3 4", 4: "KK 3 4", 5: "AA 4", 6: "3 4"}
    moves = "1:55 2:- 3:- 4:KK 5:AA"
    for profile in ("qingdao-standard", "trad-003", "fujian1-qingdao"):
        assert not PROFILES[profile].setting("gousiji.before_jiefeng").open
        frames = play(hands, moves, profile=profile)
        assert not of(frames, E.Dispute)
        assert [v.rule_id for v in of(frames, E.Violation) if isinstance(v, E.Violation)] == [
            "R-DIPAI-1"
        ]
    frames = play(hands, moves, rules="gousiji.before_jiefeng=false")
    assert not of(frames, E.Violation)
    # the chance was granted when seat 1 went out, and not used on the 底牌
    assert [e.granted for e in of(frames, E.Gousiji) if isinstance(e, E.Gousiji)] == [True]


def test_requires_and_coupled_name_real_parameters_and_values() -> None:
    """core.REQUIRES and core.COUPLED are data: every name is a parameter and every value
    one it takes (a typo would silently switch a dispute off)."""
    from gojinotation_analyzer.engine.core import COUPLED, REQUIRES
    from gojinotation_analyzer.rules.ruleset import PARAMETERS, Ruleset

    base = Ruleset()
    for param, (other, value) in REQUIRES.items():
        assert param in PARAMETERS and other in PARAMETERS
        assert base.with_overrides({other: value}).get(other) == value
    for param, moves in COUPLED.items():
        assert param in PARAMETERS
        for value, others in moves.items():
            rs = base.with_overrides({param: value, **others})
            assert rs.get(param) == value
            assert all(rs.get(k) == v for k, v in others.items())
