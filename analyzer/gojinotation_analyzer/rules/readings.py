"""Where the rule documents are silent, how the engine reads a record:
:data:`ENGINE_DEFAULTS` (point -> reading), published in ``docs/rules.md`` and cited by the
Disputes and Notices the engine reports where the reading decides."""

from __future__ import annotations

from collections.abc import Mapping

#: Where the documents are silent, the engine's reading (and the Dispute it emits, if any).
ENGINE_DEFAULTS: Mapping[str, str] = {
    "burn-window": (
        "R-BURN-1/2: on a 够级 set the seats other than the 对头 may declare a burn at any "
        "time until the round is closed (also after the 对头 passed); an explicit pass by "
        "them declines (final for the round).  A record that writes only the burning plays "
        "cannot show two declarations at once, so the record's order stands: a burn recorded "
        "while a seat ahead in priority (the 够级 player's 联邦, then play order) could also "
        "burn it and had not declined is a Dispute (burn.priority), not an error; where the "
        "record writes the declarations (3:declare, 3:decline) the engine rules by them"
    ),
    "burn-whole-hand": (
        "R-BURN-4: while his burn goes on the burner must lead each time the lead is his; a "
        "pass (or timeout) on that lead, or another seat's lead in his place, is a violation "
        "with the 烧糊 sanction (burn.fail_place: 大落, cards void, the burned player leads; "
        "that seat's lead is then judged afresh).  A wrong set by the burner keeps its own "
        "rule (R-BURN-3 烧糊, R-SET-*, R-BIE3-1 错牌不出)"
    ),
    "leader-tag": (
        "R-OPEN-1: a Leader tag is checked against 上班 told from the suited hands of a full "
        "deal: an error in the first deal of a match (no Game/Deal tag beyond 1), a Dispute "
        "where open.shangban is open and its readings disagree (a reading with no 上班 from "
        "the hands accepts the tag); with no Leader tag the first leader told from the hands "
        "(else the first to play in the record) is judged under each reading of an open "
        "open.shangban: where they name different seats, a Dispute at the first play, and "
        "the replay follows the record's first player where a reading names him; a "
        "recorded 开牌 draw is checked against the first leader "
        "under open.count_values, open.first_method and open.shangban, each re-judged where "
        "open (Dispute); in a later "
        "deal the lead follows open.subsequent unless 开牌 was redone, which one deal does "
        "not show (Notice); where the file holds the previous deal of the match (same Event, "
        "Deal number one more) the validator checks the tag against that deal's end (the 大落 "
        "leads; seat 1 where fixed) and an other seat is an error.  The replay follows the tag"
    ),
    "count-shown": (
        "R-REPORT-1 baohu.mode=visible_le10: a record cannot show a displayed count; the "
        "engine gives a notice (CountShown) at the action that takes a seat down to ten cards "
        "or fewer, which the validator reports once per deal; a written 报牌 is checked for "
        "truth as under every mode"
    ),
    "close-implied": (
        "R-CLOSE-1/2: a Close may be omitted; the next leader's play implies it, also under "
        "koupai.all_cards_before_lead (GJN reads an omitted 扣牌 as made before the lead); a "
        "close written after the next lead is R-CLOSE-2.  With the 对头 out and "
        "koupai.no_duitou=not_required an explicit close by any opponent is accepted "
        "(Dispute: koupai.no_duitou)"
    ),
    "deal-end": (
        "R-FINISH-1: the deal ends when at most one seat holds cards; play goes on while only "
        "one team is left"
    ),
    "wutou": (
        "R-WUTOU-1: a 无头 seat answers any set in turn order; on another's 够级 duel he may "
        "beat it out of turn until the round is closed (the 对头 keeps the turn); a Burn "
        "declared by him (or on a 无头 set, or in 四户乱缠) is read as a plain play (Notice); "
        "his beating a burner's set is 解烧"
    ),
    "jiefeng": (
        "R-JIEFENG-1: both semantics give the lead to the next seat in play after the player "
        "whose 底牌 stood; 够死级 does not jump the turn order (the 对头 answers in turn)"
    ),
    "gousiji": (
        "R-DIPAI-1: gousiji.window=banked (an open point): the 够死级 chance stays with the "
        "对头 until his next 够级 set, which only a burn may answer (dipai_only: only on the "
        "底牌 itself); a 革命's 对头 gets three, banked.  Where the chance is used on another "
        "set that would otherwise be open to all, an answer to it is a Dispute (banked -> "
        "ignored, 底牌 only -> it stands), not an error; any other answer to a standing "
        "够死级 set is an R-DIPAI-1 error that says so (not 'out of turn')"
    ),
    "burn-failure": (
        "R-BURN-5/7: 烧糊 is judged when it shows at the table: a middle set played without a "
        "joker (or, under last_only, a jokerless first set), not from the burner's hidden "
        "hand; the failing set is not played, it is void with the rest; the burned player "
        "(or the next seat in play) leads a new round; the failed or fake burner counts as "
        "有头 for his 对门"
    ),
    "jiesao-same-play": (
        "R-BURN-6 burn.jiesao_same_play_only: read as 'the 对头 must 解烧 the set when it is "
        "played', which turn order already requires"
    ),
    "cuopai-lead": (
        "R-CUOPAI-1: an illegal lead: the cards go back and the seat leads again "
        "(penalty.misplay_lose_lead: he loses his next lead); an action out of turn is ignored"
    ),
    "leader": (
        "R-OPEN-1: no Leader tag and no 上班 from the hands: replay takes the first seat to play "
        "in the record, new_deal seat 1 (Notice)"
    ),
    "toke-forced": (
        "R-KAIDIAN-4: an unopened player who has nothing else to lead may go out first; the "
        "finish stands (Dispute: kaidian.toke_requirement).  Under 憋3 the last lead of 3s "
        "is always forced, so 000§G 五3 (不能走头科) is a Dispute there, not an error: the "
        "documents give no sanction and the engine cannot refuse the only legal action "
        "(EC-21)"
    ),
    "no-three": (
        "R-BIE3-3: under 憋3 a seat with no 3 must buy or be given one before its first play; if "
        "nobody can sell, it is 大落 at its first play (buy3.no3_result; Dispute when geming)"
    ),
    "timeout-lead": (
        "R-TIME-1: a timeout on the lead passes the lead to the next seat (Dispute: "
        "time.timeout_is_pass, unless the record's [Rules] state it: true passes the lead "
        "with no dispute, false keeps it with the leader)"
    ),
    "report-above-10": "R-REPORT-1: a report above 10 cards is a Notice (不够报), not an error",
    "sihu-reentry": (
        "R-SIHU-1: re-entry after a pass in 四户乱缠 where pass.duitou_reentry=false: allowed "
        "(Dispute: sihu_luanchan, EC-41)"
    ),
    "gousiji-open": (
        "R-KAIDIAN-2: opening through a 够死级 set where the cutoff allows it: opens (Dispute: "
        "kaidian.cutoff, EC-51)"
    ),
    "opening": (
        "R-KAIDIAN-1: a qualifying set opens when it stands and its owner takes the lead "
        "(going out with it does not open); under 开点发4 any set holding 4s played by an "
        "unopened seat forfeits"
    ),
    "men": (
        "R-BIE3-2: 闷 when the last non-3 set is beaten by anyone, teammate included; the 闷 "
        "seat's 3s are void"
    ),
    "zaofan": (
        "R-REVOLUTION-1 zaofan_baola: 保拉 cannot be recorded; the rebel is placed as a 革命者 "
        "(Dispute: geming.mode)"
    ),
    "conservation": (
        "R-DECK-2: cards are conserved by rank (suits are not tracked); a ? played by a seat "
        "with no unknown card turns its known cards unknown instead of guessing"
    ),
}
