"""The rule profiles: named rulesets with a citation for every value.

A profile is a set of parameter values taken from one rules document (catalog §3).  It
names a parent and states only what its document says; everything else comes from the
parent.  The base profile, ``qingdao-standard``, gives every parameter either a cited
value or a documented default (an *open point* of the documents).

Every value of every profile has a provenance:

* ``stated`` -- the profile's own document says it (with a citation: file, section and a
  short quote fragment in the original language);
* ``inherited`` -- the document is silent and the value comes from an ancestor (named);
* ``default`` -- the documents are silent (or unreadable) where the engine needs a value:
  an open point, with the reason the default was chosen.

Where a document contradicts itself, the value is also marked *disputed*, with each
reading and its citation, so the validator can report it.

>>> rs = load_ruleset("qingdao")
>>> rs.score.place, rs.cmp.ershayi
((4, 2, 0, 0, -2, -4), 'off')
>>> load_ruleset("dian-shao-men-luo").cmp.ershayi
'two_big_beat_one_big'
>>> load_ruleset("latest-004", "time.limit_s=30").time.limit_s
30
>>> s = PROFILES["two-table-654321"].setting("pass.duitou_reentry")
>>> s.value, s.provenance, s.citation.file
(False, 'stated', '000_2cf9eb31bd48568c.txt')
>>> PROFILES["dasai-5421"].setting("cmp.ershayi").inherited_from
'qingdao-standard'
>>> get_profile("qingdao-standrd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.ruleset.RulesetError: unknown rule profile 'qingdao-standrd'; did yo...
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from typing import Any, Literal

import attrs

from gojinotation_analyzer.rules.ruleset import (
    PARAMETERS,
    Ruleset,
    RulesetError,
    format_value,
    parse_overrides,
)

__all__ = [
    "PROFILES",
    "SEED_FILES",
    "Citation",
    "Profile",
    "Reading",
    "Setting",
    "diff",
    "get_profile",
    "load_ruleset",
    "open_points",
    "resolve_profile_id",
]

#: The seed documents, by the three-digit tag used in citations.
SEED_FILES: dict[str, str] = {
    "000": "000_2cf9eb31bd48568c.txt",
    "001": "001_e3547c0540ab60aa.txt",
    "002": "002_db1c7cf5f153928f.txt",
    "003": "003_b61896ea16ad5424.txt",
    "004": "004_50c53f3a2c6a0c6c.txt",
}

Provenance = Literal["stated", "inherited", "default"]


@attrs.frozen
class Citation:
    """Where a value comes from: a seed file, a section inside it, and a quote fragment.

    Sections follow the catalog: ``§A``..``§P`` inside file 000, ``a``..``d`` inside 001,
    ``a``/``b`` inside 002, numbered items inside 003 and ``a``/``b``/``c`` inside 004.

    >>> c = Citation.of("000§F 6", "过牌者在这一轮里无权再出牌")
    >>> c.file, c.section
    ('000_2cf9eb31bd48568c.txt', '§F 6')
    >>> str(c)
    '000_2cf9eb31bd48568c.txt §F 6 「过牌者在这一轮里无权再出牌」'
    """

    file: str
    section: str
    quote: str

    @classmethod
    def of(cls, tag: str, quote: str) -> Citation:
        """Build from a short tag (``000§B 第六条``, ``001b``, ``004b(5)``)."""
        return cls(SEED_FILES[tag[:3]], tag[3:].strip(), quote)

    @property
    def tag(self) -> str:
        """The short tag: file number plus section (``000§B 第六条``, ``003 1``)."""
        glue = "" if self.section[:1] in ("§", "(", "a", "b", "c", "d", "") else " "
        return self.file[:3] + glue + self.section

    def __str__(self) -> str:
        return f"{self.file} {self.section} 「{self.quote}」".replace("  ", " ")


@attrs.frozen
class Reading:
    """One reading of a disputed point: a value, its citation and a remark."""

    value: Any
    citation: Citation | None
    note: str = ""


@attrs.frozen
class Setting:
    """The value of one parameter in one profile, with its provenance.

    :ivar name: parameter name.
    :ivar value: the typed value.
    :ivar provenance: ``stated``, ``inherited`` or ``default``.
    :ivar citation: the citation (for ``stated``, and for ``inherited`` values that an
        ancestor stated).
    :ivar origin: the profile that states or defaults the value.
    :ivar note: interpretation remarks, or why a default was chosen.
    :ivar disputed: the readings of a point the documents contradict (empty if none).
    :ivar open: True when the value is a default somewhere up the chain (an open point).
    """

    name: str
    value: Any
    provenance: Provenance
    citation: Citation | None
    origin: str
    note: str = ""
    disputed: tuple[Reading, ...] = ()
    open: bool = False

    @property
    def inherited_from(self) -> str | None:
        """The ancestor the value comes from (``None`` unless inherited)."""
        return self.origin if self.provenance == "inherited" else None

    @property
    def is_disputed(self) -> bool:
        """True when the documents give contradicting readings."""
        return bool(self.disputed)

    @property
    def text(self) -> str:
        """The value in override-text form."""
        return format_value(self.value)


@attrs.frozen
class Profile:
    """A named ruleset from one document (catalog §3).

    :ivar id: the catalog id (canonical).
    :ivar aliases: other accepted names.
    :ivar parent: the parent profile id (``None`` for ``qingdao-standard``).
    :ivar title_en: English title.
    :ivar title_zh: Chinese title.
    :ivar sources: the document sections the profile is drawn from.
    :ivar summary_en: one sentence on what distinguishes it.
    :ivar summary_zh: the same in Chinese.
    :ivar own: the settings the profile itself states or defaults.
    :ivar table: every parameter's resolved setting (own or inherited), in catalog order.
    """

    id: str
    aliases: tuple[str, ...]
    parent: str | None
    title_en: str
    title_zh: str
    sources: tuple[Citation, ...]
    summary_en: str
    summary_zh: str
    own: Mapping[str, Setting] = attrs.field(eq=False, repr=False)
    table: Mapping[str, Setting] = attrs.field(eq=False, repr=False)

    def setting(self, name: str) -> Setting:
        """The resolved setting of parameter ``name`` (dotted name)."""
        from gojinotation_analyzer.rules.ruleset import canonical_name

        return self.table[canonical_name(name)]

    def ancestors(self) -> tuple[str, ...]:
        """Parent, grandparent, ... up to ``qingdao-standard``."""
        chain: list[str] = []
        pid = self.parent
        while pid is not None:
            chain.append(pid)
            pid = PROFILES[pid].parent
        return tuple(chain)

    def ruleset(self) -> Ruleset:
        """The profile's :class:`Ruleset`."""
        return load_ruleset(self.id)

    def source_text(self) -> str:
        """The source sections as short tags (``000§F; 000§N``)."""
        return "; ".join(dict.fromkeys(c.tag for c in self.sources))


# --------------------------------------------------------------------------------------
# Profile data (catalog §3, checked against the seed documents)
# --------------------------------------------------------------------------------------


@attrs.frozen
class _S:
    """A stated value."""

    value: Any
    tag: str
    quote: str
    note: str = ""
    disputed: tuple[Reading, ...] = ()


@attrs.frozen
class _D:
    """A default value (an open point of the documents)."""

    value: Any
    note: str
    disputed: tuple[Reading, ...] = ()


def _r(value: Any, tag: str | None, quote: str = "", note: str = "") -> Reading:
    return Reading(value, Citation.of(tag, quote) if tag else None, note)


_Spec = dict[str, _S | _D]

_QS: _Spec = {
    "deck.variant": _S("216", "001b 1", "包括大小王在内共216张牌"),
    "deal.reshuffle_if_no_2_or_joker": _D(
        False,
        "Only the activity rules (000§G) allow a reshuffle; no Qingdao text has one, and "
        "004b(13) offers 革命 for such a hand instead.",
    ),
    "seat.play_direction": _S("ccw", "001b 2", "抓牌和顺牌的顺序是按逆时针方向"),
    "open.first_method": _S(
        "draw_count_ccw",
        "000§B 第六条",
        "按照反时针方向，以该牌的自然点数自开牌人开始，数至最后一人即为首取牌人",
    ),
    "open.joker_drawn": _S(
        "xiajia_replaces", "000§B 第六条", "如抽到大小王牌，则其开牌权自然取消，由其“下家”取代"
    ),
    "open.count_values": _S("natural", "000§B 第六条", "以该牌的自然点数自开牌人开始"),
    "open.subsequent": _S(
        "daluo_duitou_opens_daluo_leads",
        "000§B 第六条",
        "上一局的大落的对头为该局的法定常规开牌人，大落为法定的取牌人，也是法定首发牌人",
    ),
    "open.redo_triggers": _S(
        ("chuan3hu", "two_players_replaced"),
        "000§B 第六条",
        "出现“串三户”或同时更换2人以上时应重新开牌",
    ),
    "open.redo_by": _S("first_opener_xiajia", "000§B 第六条", "重新开牌由 首开牌人的下家进行"),
    "open.shangban": _S("two_same_colour_3", "000§B 第七条", "最先摸到并亮出两张同色3者为首发牌人"),
    "open.dingban": _S(True, "000§B 第七条", "亮出同花色3多者可取代前首发牌人"),
    "play.attach_jokers": _S(
        True, "002b 6(c)", "大花、小花、钱可以任意数量随同任何牌一起发牌，称挂花、贴钱"
    ),
    "play.attach_twos": _S("filler", "001b 3", "2贴牌时，即失去原来的作用，视为该牌中的普通一员"),
    "play.mixed_big_small": _D(
        "distinct",
        "The Qingdao texts never mix 大王 and 小王 in one example; 001b counts them "
        "separately (大王数量不得少于小王数量), as does 000§G. 000§O's downgrade is a house "
        "rule of the 196-card variant.",
    ),
    "play.twos_in_joker_only_set": _S("rank2", "004b(1)", "贴入大、小花牌套时牌点还是等同于小两"),
    "play.three_restriction": _S(
        "none", "000§B", "少使用或者不使用非常规（憋三不开点之类）", note="普级: no 憋3"
    ),
    "play.four_no_attach": _D(
        False, "Only the 开点发4 texts (000§C, 004b(4)) restrict 4s; 普级 has no 开点."
    ),
    "play.pure_joker_mixed": _D(
        True,
        "No document forbids a set of jokers only; 002b 6(c) lets jokers go with any set "
        "in any number, so 大王+小王 is a legal set.",
    ),
    "cmp.same_total_count": _S(True, "001b 3", "每套牌的总张数还必须与上家发出的牌一样多"),
    "cmp.jokered_vs_plain": _D(
        "plain_part_higher",
        "The Qingdao texts do not say how a jokered set beats a plain one; 000§M's rule "
        "(其他牌亦要大于上家牌) keeps 步步高 for the natural part, the reading closest to "
        "001b's 小王 rule (高于…一点以上).",
    ),
    "cmp.xiaowang_set": _S(
        "dawang_ge_count_rank_plus1",
        "001b 3",
        "小王挂牌时，须由大王挂高于小王所挂牌一点以上的牌方能灭之，且大王数量不得少于小王数量",
    ),
    "cmp.dawang_set_dead": _S(
        True, "001b 3", "大王单独发出或挂任何牌时，是最高牌，对头应无条件为之扣牌"
    ),
    "cmp.ershayi": _S("off", "004b(16)", "比赛中不允许两个大花杀一个大花"),
    "cmp.ershayi_is_burn": _D(False, "Meaningful only with 二杀一; 000§J says 不算烧牌."),
    "cmp.ershayi_pass_exempt": _D(False, "Meaningful only with 二杀一 (000§J)."),
    "cmp.three_twos_beat_dawang": _S(
        False, "001b 3", "大王单独发出或挂任何牌时，是最高牌", note="大王 is the highest play"
    ),
    "cmp.pure_joker_sets": _D(
        "all_dawang_beats_xiaowang",
        "No document compares multi-joker sets without natural cards; a set of 大王 only "
        "beats an equal-sized set holding a 小王 by the rank order of T3, and a 大王 set "
        "is dead (001b), so nothing beats an all-大王 set.",
    ),
    "gouji.thresholds": _S(
        {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1, "X": 1, "D": 1},
        "001b 4",
        "5个10, 4个J, 3个Q, 2个K, 2个A, 1个2, 1个小 王，一个大王",
    ),
    "gouji.jokered_always": _S(True, "001b 4", "贴小王和大王的都视为够级"),
    "gouji.attached_twos_count": _S(True, "001b 4", "贴2达到相应数后也视为够级"),
    "answer.duitou_only": _S(True, "001b 4", "只有对头才有资格 上牌"),
    "pass.duitou_reentry": _S(True, "002b 9", "过牌者除“对头牌”外，这一轮再无权发牌"),
    "pass.blocks_burn": _S(True, "004b(5)", "如果你在没有过牌的情况下"),
    "rangpai.allowed": _S(True, "004b(7)", "可声明“让牌”，即让下两家先上牌"),
    "koupai.legal_koupai_ren": _S(
        "duitou_of_last_player", "004b(8)", "上一轮最后发牌者的对头是法定扣牌人"
    ),
    "koupai.all_cards_before_lead": _S(
        True, "004b(8)", "对上一轮发出的所有牌必须翻过来，使其背面向上"
    ),
    "koupai.no_duitou": _D(
        "not_required",
        "No document says who turns the cards when the last player's 对头 is already out "
        "(catalog T11 gap); nobody is left who must consent, so the round simply ends.",
    ),
    "jiefeng.semantics": _S("xiajia_gets_lead", "003(13)", "下家接風后將獲得發牌權"),
    "gousiji.mode": _S("always", "003(14)", "頭科、二科的底牌，其…對頭分別有一次無對頭夠級機會"),
    "gousiji.before_jiefeng": _D(
        True,
        "No document orders 够死级 against 接风 (catalog T12 gap); 003(14) gives the 对头 "
        "the chance on the 底牌 itself, so it is offered before the 下家 takes the lead.",
    ),
    "wutou.enabled": _S(True, "004b(10)", "头科产生后，其对头的够级对象不复存在，称“无头”"),
    "wutou.pass_final": _S(True, "004b(10)", "没有烧牌 一说，过牌不上"),
    "youtou.lifted_after_toke_erke": _D(
        True,
        "003(8) keeps a failed burner's 对门 有头 without an end; 000§K ends it when 头科 "
        "and 二科 are out, which is when 四户乱缠 lifts the 对头 rule anyway.",
    ),
    "sihu_luanchan": _S(True, "004b(11)", "其余四人不再按够级、过牌、让牌、烧牌等规则进行"),
    "baohu.mode": _S(
        "on_request_le10",
        "004b(9)",
        "持牌人手中剩余牌等于或少于10张，任何人询问其手中持有牌的数量时，应 如实报明",
    ),
    "baohu.off_under_bie3": _S(True, "004b(9)", "实行“憋三”规则时不报户"),
    "burn.allowed": _S(True, "001b 4", "烧牌的特殊规定"),
    "burn.eligibility": _S(
        "runtime",
        "001b 4",
        "如果声明烧牌后又发现烧牌后王的数量不够",
        note="checked as the burn is played; 004b(5)'s formula belongs to latest-004",
    ),
    "burn.max_players_out": _S(1, "004b(5)", "如果还有至少5个人未走科"),
    "burn.joker_exempt": _S(
        "first_and_last", "001b 4", "除烧牌的第一套牌和烧牌后最后一套牌可以不挂王外"
    ),
    "burn.only_3s_left_ok": _D(
        False,
        "Only 002b 8 (truncated) allows a burn that leaves only 3s; 001b and 004c require "
        "jokers on every middle set.",
    ),
    "burn.priority": _S("lianbang_first_then_order", "001b 4", "发够级牌者的联邦 可先于其他人烧牌"),
    "burn.fail_place": _S("daluo", "003(8)", "燒牌失誤者判為…“大落”，手中余牌無效"),
    "burn.success": _S("goes_out", "004c 第六条", "烧牌者需走科方为烧牌成功"),
    "burn.killed_by_duitou": _S("void_continue", "001b 4", "则解除 烧牌”状态，你可继续正常打牌"),
    "burn.jiesao_same_play_only": _S(
        False, "001b 4", "如果在烧牌期间，对门打了你的任何一手 牌", note="any set of the burn"
    ),
    "burn.fake_result": _S(
        "daluo", "001b 4", "或根本就烧 不动人家的 牌，则视为 为落", note="为落 = OCR for 大落"
    ),
    "kaidian.enabled": _S(
        False, "000§B", "少使用或者不使用非常规（憋三不开点之类）", note="普级: no 开点"
    ),
    "kaidian.qualifying": _S("pure_gouji", "002b 7", "挂花、贴钱不算开点"),
    "kaidian.cutoff": _S("qingdao_001", "001c (一)", "头科产生后，若其对头所有够级牌一次未活"),
    "kaidian.cutoff_on_own_duitou_out": _D(
        False, "Only 000§J 第五条(5) ends the chance when one's own 对头 goes out."
    ),
    "kaidian.lead4": _D(False, "开点发4 belongs to the 000§C and 004b texts, not to 普级."),
    "kaidian.no4_is_bukaidian": _D(False, "As kaidian.lead4: only with 开点发4."),
    "kaidian.toke_requirement": _S(
        "none", "001c (一)", "如果…头科的够级牌也一次未活，则头科亦不开点"
    ),
    "kaidian.auto_if_no_gouji": _D(False, "Only the activity rules (000§G 五5) have it."),
    "kaidian.teammate_burn_counts": _D(
        False,
        "001c counts only a player's own 够级 sets that win the lead (从未用够级的方式取得过"
        "发牌权); a teammate's burn wins the lead for the burner (000§C 6 says so outright).",
    ),
    "kaidian.sanction": _S("dian_tribute", "001c", "不开点者应无条件向对头进1张贡牌"),
    "kaidian.both_unopened": _S("mutual", "001c", "若对门两人互不开点，则互进点贡"),
    "bie3.enabled": _S(
        False, "000§B", "少使用或者不使用非常规（憋三不开点之类）", note="普级: no 憋3"
    ),
    "bie3.men_place_order": _D(
        True,
        "Every 憋3 text that says what happens to a player 被闷 orders him into the last "
        "places (000§G, 000§C, 000§J, 004b(14)); 001d is silent.",
    ),
    "bie3.men_score": _S("tribute1", "001c (八)", "要向 憋3”的实施者进贡一张"),
    "bie3.men_teammate_scores": _D(
        False,
        "Where the documents decide it (000§C 8, 000§D 二2) a 闷 of one's own teammate "
        "scores nothing.",
    ),
    "bie3.show3_at_end": _D(False, "Only the Karamay rules (000§D 三2) require it."),
    "buy3.payment_order": _D(
        ("2", "any_joker"),
        "Used only with 憋3; the Qingdao 憋3 text (001d) is taken: a 2, else a joker.",
    ),
    "buy3.seller_order": _D(
        ("duitou", "duitou_lianbang"),
        "Used only with 憋3; taken from the Qingdao 憋3 text (001d).",
    ),
    "buy3.no_payment": _D("geming", "Used only with 憋3; taken from 001d (革命)."),
    "buy3.deadline": _D(
        "before_own_first_play",
        "Only 000§D states it; buying after one's first play would let a player choose "
        "his 3 after seeing the play, which no document allows.",
    ),
    "buy3.no3_result": _D("geming", "Used only with 憋3; taken from 001d (革命)."),
    "buy4.mode": _D("off", "Buying 4s exists only with 开点发4 (000§C, 004b(15))."),
    "geming.mode": _S(
        "no_power_cards",
        "004b(13)",
        "大花、小花、钱均无时，可声明“革命”",
        note="003(15) forbids 革命 in its own competition; see trad-003",
    ),
    "geming.fake_penalty": _D(
        1, "Only 000§C 9 and 000§K (一)7 fine a false 造反, both by one point."
    ),
    "tribute.mode": _S("none", "001c", "采取计分制时一般不再进贡"),
    "tribute.extra": _D(
        (),
        "001c makes the event tributes optional (也可规定); with place points no event "
        "tribute is paid.",
    ),
    "tribute.order": _S(
        ("dian", "shao", "bie3", "luo"), "001c (十一)", "进贡的顺序是", note="版贡 = OCR for 点贡"
    ),
    "tribute.return": _S("same_count_small", "001c (四)", "须向大落、二落返还同等数量的牌"),
    "tribute.no_legal_card": _S("skip", "001c (二)", "若没有摸到法定贡牌，可规定不予进贡"),
    "score.place": _S((4, 2, 0, 0, -2, -4), "001b 3", "头科4分、二科2分，三科、四科不计分"),
    "score.chuan3hu": _S("double", "001b 3", "如果抓三户，胜负各方分数加倍"),
    "score.positive_only": _S(
        "off", "001b 3", "也有只计正分不计负分的计分方法", note="an option, off by default"
    ),
    "score.bonus": _S(
        {}, "000§B", "记分为2、4、6、12", note="普级 scores places only (team totals 2/4/6/12)"
    ),
    "score.bonus_zero_sum": _D(False, "No event points in 普级."),
    "score.lianbang_burn_scores": _D(
        False, "Where burns score, burning a teammate scores nothing (000§A, 000§D, 000§J)."
    ),
    "match.hands_per_game": _D(1, "The Qingdao base texts define no match format."),
    "match.games": _D("fixed_n", "The Qingdao base texts define no match format."),
    "match.game_count": _D(1, "The Qingdao base texts define no match format."),
    "match.tiebreak": _D((), "The Qingdao base texts define no match format."),
    "time.limit_s": _D(None, "The Qingdao base texts set no time limit."),
    "time.timeout_is_pass": _D(
        True, "Every document with a time limit makes a timeout a pass (000§C, 000§F, 003)."
    ),
    "penalty.cuopai_buchu": _S(
        "lose_follow_this_round",
        "001b 3",
        "顺牌权自动取消，本轮无权再顺牌",
        disputed=(
            _r("lose_follow_this_round", "001b 3", "顺牌权自动取消，本轮无权再顺牌"),
            _r(
                "lose_follow_this_turn",
                "004c 第四条",
                "其顺牌权自动取消，由其下家行使顺牌权",
                "the 大纲-derived texts take away only the current turn",
            ),
        ),
        note="the Qingdao base texts disagree; 001b is the fuller Qingdao text",
    ),
    "penalty.misplay_lose_lead": _D(False, "Only the Qingdao 憋3 text (001d) has it."),
    "penalty.violation_points": _D((), "Casual play has no conduct fines."),
    "vocab.allowed": _D(
        ("报牌", "过牌", "让牌", "烧牌", "接风", "扣牌", "够级"),
        "Casual play restricts no words; these are the declarations the Qingdao texts "
        "define (报牌, 过牌, 让牌, 烧牌, 接风, 扣牌, 够级).",
    ),
}

_QD: _Spec = {
    "kaidian.enabled": _S(True, "001c", "够级中可实行 打点”的打法"),
    "kaidian.qualifying": _S("pure_gouji", "002b 7", "挂花、贴钱不算开点"),
    "kaidian.cutoff": _S(
        "qingdao_001",
        "001c (二)",
        "二科产生后，包括二科在内的五人，凡够级牌一次未活者，均视为不开点",
    ),
    "kaidian.toke_requirement": _S(
        "none", "001c (一)", "如果…头科的够级牌也一次未活，则头科亦不开点"
    ),
    "kaidian.sanction": _S("dian_tribute", "001c", "不开点者应无条件向对头进1张贡牌"),
    "kaidian.both_unopened": _S("mutual", "001c", "若对门两人互不开点，则互进点贡"),
    "tribute.mode": _S("luo", "001c (三)", "大落向头科进2张贡牌，二落向二科进 1张贡牌"),
    "tribute.extra": _S(("dian",), "001c", "点贡优先，先进点贡，后进落贡"),
    "tribute.order": _S(("dian", "luo"), "001c", "先进点贡，后进落贡"),
}

_QB: _Spec = {
    "bie3.enabled": _S(True, "001d", "实行憋3打法时"),
    "play.three_restriction": _S(
        "bie3", "001d (三)", "不能拆开出，也不能贴 2或挂王", note="髀 = OCR for 3"
    ),
    "open.subsequent": _S("rotate_ccw", "001d (一)", "以后即按反时针方向依次循环开牌"),
    "open.shangban": _S(
        "none", "001d (一)", "开牌确定的首取牌人即为该局的首发牌人，不再采取亮 3上班的方法"
    ),
    "baohu.mode": _S("off", "001d (四)", "不报户、不留牌、不炫牌"),
    "buy3.payment_order": _S(
        ("2", "any_joker"), "001d (二)", "应无条件用 2 （无2时用大王或小王）向对头买 1张3牌"
    ),
    "buy3.seller_order": _S(
        ("duitou", "duitou_lianbang"),
        "001d (二)",
        "如果对头无3或只有1张3牌，则向对头的联邦买1张3牌",
    ),
    "buy3.no_payment": _S("geming", "001d (二)", "可允许其革命，开点并作为四科"),
    "buy3.no3_result": _S("geming", "001d (二)", "可允许其革命，开点并作为四科"),
    "geming.mode": _S(
        "no3_and_no_power",
        "001d (二)",
        "如果所持有的牌中无 3且大王, 小王，2全无时，可允许其革命",
    ),
    "bie3.men_score": _S("tribute1", "001c (八)", "要向 憋3”的实施者进贡一张"),
    "penalty.misplay_lose_lead": _S(
        True,
        "001d (四)",
        "凡误发、漏发、声明过牌后下家未发牌前又重新发牌以及报户不实，均分别取消一次发牌权",
    ),
}

_DA: _Spec = {
    "score.place": _S(
        (5, 4, 2, 2, 1, 1),
        "000§A 二1",
        "“头科”至“落科”，分别得5、4、2(三、四科同分)、1分",
        note="二落 has no value in the text; 落科 is read as both 落 places",
        disputed=(
            _r(
                (5, 4, 2, 2, 1, 1),
                "000§A 二1",
                "分别得5、4、2(三、四科同分)、1分",
                "落科 covers 二落 and 大落 (chosen)",
            ),
            _r(
                (5, 4, 2, 2, 2, 1),
                "000§A 二1",
                "分别得5、4、2(三、四科同分)、1分",
                "落科 = 大落 only; 二落 shares the middle value 2",
            ),
        ),
    ),
    "score.bonus": _S(
        {"dian": 1, "shao": 1, "men": 1, "fanshao": 2, "zaifanshao": 3},
        "000§A 二2",
        "让对方不开点、烧牌、闷牌均为获得1分，反烧牌为2分，在反烧牌为3分",
        note="再反烧 3, and +1 for each further 反烧",
    ),
    "score.lianbang_burn_scores": _S(False, "000§A 二2", "联邦之间烧牌或反烧牌不得分"),
    "kaidian.enabled": _S(True, "000§A 二2", "让对方不开点", note="implied by the 不开点 point"),
    "kaidian.sanction": _S("plus1_opener", "000§A 二2", "让对方不开点、烧牌、闷牌均为获得1分"),
    "bie3.enabled": _S(True, "000§A 二2", "闷牌均为获得1分", note="implied by the 闷 point"),
    "bie3.men_score": _S("plus1", "000§A 二2", "闷牌均为获得1分"),
    "match.games": _S("fixed_n", "000§A 一", "预赛采用4副牌3局积分制"),
    "match.game_count": _S(3, "000§A 一", "预赛采用4副牌3局积分制", note="决赛: 6 games"),
    "match.tiebreak": _S(
        ("toke_count", "fewer_daluo", "extra_game"),
        "000§A 二3",
        "已累计头科次数多者为胜;如仍相等，已累计成绩大落次数多者为负;如仍相等，可加时比赛一局",
    ),
    "score.chuan3hu": _D(
        "no_change", "000§A has no 串三户 rule; the place points stand (catalog EC-33)."
    ),
    "kaidian.toke_requirement": _D(
        "none", "000§A does not say whether an unopened player may be 头科 (EC-21)."
    ),
}

_TZ: _Spec = {
    "open.first_method": _S(
        "high_card_takes_first", "000§C 三2", "按照每人抽取一张牌比大小，最大者先抓牌"
    ),
    "open.shangban": _S("none", "000§C 三2", "谁 先抓牌就先出牌"),
    "open.subsequent": _S("redraw_each_game", "000§C 三2", "每局抓牌，按照每人抽取一张牌比大小"),
    "time.limit_s": _S(30, "000§C 三3", "出牌时间限定30秒，超时视为过牌"),
    "burn.fail_place": _S("daluo", "000§C 三5", "烧牌失误者判为“六 科”", note="六科 = 大落"),
    "kaidian.enabled": _S(True, "000§C 三6", "采用开点出4规则"),
    "kaidian.qualifying": _S("pure_gouji", "000§C 三6", "大小虎单2均不开点，原版开点"),
    "kaidian.lead4": _S(True, "000§C 三6", "采用开点出4规则"),
    "play.four_no_attach": _S(True, "000§C 三8", "4不得挂牌"),
    "kaidian.no4_is_bukaidian": _S(True, "000§C 三6", "无4不开点"),
    "kaidian.teammate_burn_counts": _S(
        False, "000§C 三6", "同伙帮助烧牌时的够级牌不算自己的开点牌"
    ),
    "kaidian.cutoff": _S("toke_and_erke", "000§C 三6", "二客出现后不再允许开点"),
    "kaidian.sanction": _S("minus1", "000§C 三6", "不开点计分时扣一分"),
    "kaidian.both_unopened": _S(
        "cancel",
        "000§C 三6",
        "使对方没有一套原版够级牌活牌且自己有原版够级牌活牌的情况",
        note="the point is lost only when the 对头 opened",
    ),
    "score.bonus": _S(
        {"dian": 1, "men": 1},
        "000§C 三6",
        "不开点计分时扣一分",
        note="闷: 将对手鳖三一次，加一分 (三8)",
    ),
    "buy4.mode": _S("single4_not_sellable", "000§C 三6", "买3、4《单4不得卖》必先的买对头"),
    "bie3.enabled": _S(True, "000§C 三8", "最后一手牌必须是3"),
    "play.three_restriction": _S("bie3", "000§C 三8", "不是最后一手牌时不许出3"),
    "bie3.men_place_order": _S(True, "000§C 三8", "先被鳖三者为大落，依此类推"),
    "bie3.men_score": _S("plus1", "000§C 三8", "将对手鳖三一次，加一分"),
    "bie3.men_teammate_scores": _S(False, "000§C 三8", "将同伙鳖三，不加分"),
    "buy3.payment_order": _S(("2", "小王", "大王"), "000§C 三8", "用2买3，无2用小虎、大虎买"),
    "buy3.seller_order": _S(
        ("duitou", "own_lianbang"),
        "000§C 三8",
        "送牌的顺序为对头送、联邦送，送对门",
        note="the list is garbled",
        disputed=(
            _r(
                ("duitou", "own_lianbang"),
                "000§C 三8",
                "送牌的顺序为对头送、联邦送，送对门",
                "gift order as listed (chosen)",
            ),
            _r(
                ("own_lianbang", "duitou"),
                "000§C 三8",
                "没有3时由同伙给或用2买3",
                "a teammate gives first, else buy",
            ),
        ),
    ),
    "buy3.no_payment": _S("gift", "000§C 三8", "没有可买的牌时，送牌的顺序为对头送"),
    "buy3.no3_result": _S("daluo", "000§C 三8", "不买3者视为大落"),
    "baohu.mode": _S(
        "asking_forbidden", "000§C 三7", "不允许询问对手或同伙剩余张数，否则判为违例。当局扣1分"
    ),
    "geming.mode": _S("forbidden", "000§C 三9", "禁止造反"),
    "geming.fake_penalty": _S(1, "000§C 三9", "禁止用虚假宣布造反信息欺骗对手（违者罚一分）"),
    "tribute.mode": _S("none", "000§C 三10", "只记分不进贡"),
    "score.place": _D(
        (4, 2, 0, 0, -2, -4), "000§C gives no place points; the Qingdao scheme is kept."
    ),
    "kaidian.toke_requirement": _D(
        "none", "000§C does not say whether an unopened player may be 头科 (EC-21)."
    ),
}

_KA: _Spec = {
    "score.place": _S(
        (2, 1, 0, 0, -1, -2), "000§D 二1", "“头科”2分,“二科”1分,“大落”-2分,“二落”-1分"
    ),
    "score.chuan3hu": _S("no_change", "000§D 二1", "堵三家得分不翻倍", note="堵三家 = 串三户"),
    "score.positive_only": _S("per_hand", "000§D 二4", "每把打完后计算分数,正负相加后只记录正分"),
    "score.bonus": _S(
        {"dian": 1, "men": 1, "shao": 1},
        "000§D 二2",
        "让对方不开点或憋3成功获得1分,对方得-1分",
        note="烧: 烧牌成功得1分,对方得-1分 (二3)",
    ),
    "score.bonus_zero_sum": _S(True, "000§D 二2", "对方得-1分"),
    "bie3.men_teammate_scores": _S(False, "000§D 二2", "被联邦定或憋3不计分"),
    "score.lianbang_burn_scores": _S(False, "000§D 二3", "联邦之间烧牌互不得分"),
    "burn.success": _S("first_set_stands", "000§D 二3", "第一把烧死,未被解烧或反烧,即为烧牌成功"),
    "burn.fake_result": _S(
        "daluo_and_kaidian_flip", "000§D 二3", "假烧牌者本把即为大落,不开点而对方开点"
    ),
    "kaidian.enabled": _S(True, "000§D 三3", "都算开点"),
    "kaidian.qualifying": _S(
        "karamay_inclusive", "000§D 三3", "够级牌、单点2或够级牌挂2、小花或挂小花都算开点"
    ),
    "kaidian.sanction": _S("pm1", "000§D 二2", "让对方不开点或憋3成功获得1分,对方得-1分"),
    "kaidian.both_unopened": _D(
        "cancel", "Neither player made the other unopened, so neither scores (EC-25)."
    ),
    "kaidian.toke_requirement": _D(
        "none", "000§D does not say whether an unopened player may be 头科 (EC-21)."
    ),
    "bie3.enabled": _S(True, "000§D 三2", "憋3打法,即要求3最后一次出完"),
    "play.three_restriction": _S("bie3", "000§D 三2", "要求3最后一次出完"),
    "bie3.men_score": _S("pm1", "000§D 二2", "憋3成功获得1分,对方得-1分"),
    "buy3.payment_order": _S(("2", "any_joker"), "000§D 三2", "需用单2或单花向对门买3"),
    "buy3.seller_order": _S(
        ("duitou", "own_lianbang"), "000§D 三2", "由对门送3,如对门没多余的3,则由联邦送3"
    ),
    "buy3.no_payment": _S("gift", "000§D 三2", "无2或无花买不起3,由对门送3"),
    "buy3.deadline": _S("before_own_first_play", "000§D 三2", "本人出牌后,不得买3或送3"),
    "bie3.show3_at_end": _S(True, "000§D 三2", "每个人每把最后都需要亮3,不亮3者视为无3"),
    "buy3.no3_result": _S(
        "daluo_and_kaidian_flip", "000§D 三2", "无3者本把即为大落,不开点而对方开点"
    ),
    "geming.mode": _S("forbidden", "000§D 三2", "不允许革命"),
    "tribute.mode": _S("none", "000§D 三3", "不进贡,不报牌"),
    "baohu.mode": _S("off", "000§D 三3", "不进贡,不报牌", note="each play is announced (三5)"),
    "open.first_method": _S(
        "high_card_takes_first",
        "000§D 三1",
        "每队各推荐一人抽取一张牌比大小,大者先抓牌,先抓牌者先出牌",
    ),
    "open.shangban": _S("none", "000§D 三1", "先抓牌者先出牌"),
    "open.subsequent": _S("rotate_ccw", "000§D 三1", "以后本局每把牌采用逆时针轮流先抓牌、出牌"),
    "koupai.all_cards_before_lead": _S(True, "000§D 三6", "要求扣完桌面所有牌后,才可出牌"),
    "match.hands_per_game": _S(6, "000§D 二4", "6把,一圈,分数相加,分数多者胜出一局"),
    "match.games": _S("bo3", "000§D 二5", "每轮采用三局二胜制"),
    "match.tiebreak": _S(("extra_hand_repeat",), "000§D 二4", "如出现平分,则进行加时赛"),
    "vocab.allowed": _S(
        ("报牌", "问答牌", "够级", "过牌", "让牌", "烧牌", "扣牌", "接风"),
        "000§D 三7",
        "只允许报牌、问答 牌、以及说“够级”“过牌”“让牌” “烧牌” “扣牌”和“接风”",
    ),
}

_KL: _Spec = {
    "match.hands_per_game": _S(4, "000§I 7", "擂台赛采用3局2胜制，每局4把"),
    "match.games": _S("bo3", "000§I 7", "擂台赛采用3局2胜制"),
    "match.tiebreak": _S(
        ("extra_hand_repeat",), "000§I 7", "如 出现平分，则进行加时赛（一把决定本局输赢）"
    ),
}

_TT: _Spec = {
    "open.first_method": _S("fixed_seat1", "000§F 1", "摸完后桌子1号首先出牌"),
    "open.subsequent": _S("fixed_seat1", "000§F 1", "出牌顺序1------6号"),
    "open.shangban": _S("none", "000§F 1", "摸完后桌子1号首先出牌"),
    "bie3.enabled": _S(False, "000§F 2", "够级比赛不瘪三"),
    "play.attach_twos": _S("filler", "000§F 2", "大小王、2均可挂牌（大小王2可同时挂牌）"),
    "burn.joker_exempt": _S("last_only", "000§F 3", "如烧牌，除最后一把其他需把把挂王"),
    "penalty.cuopai_buchu": _S(
        "lose_follow_this_turn", "000§F 4", "其顺牌权自动取消，由其下家行使顺牌权"
    ),
    "pass.duitou_reentry": _S(False, "000§F 6", "过牌者在这一轮里无权再出牌，直至新一轮重新发牌"),
    "sihu_luanchan": _D(
        True,
        "000§F is silent on 四户乱缠, and its pass rule (6) has no exception at all.",
        disputed=(
            _r(True, None, "", "inherited 四户乱缠: re-entry after a pass with four left (chosen)"),
            _r(False, "000§F 6", "过牌者在这一轮里无权再出牌", "no re-entry at all (EC-41)"),
        ),
    ),
    "score.place": _S((6, 5, 4, 3, 2, 1), "000§F 10", "按名次1----6名分别积小分6、5、4、3、2、1"),
    "score.chuan3hu": _D(
        "no_change", "000§F has no 串三户 rule; the place points stand (catalog EC-33)."
    ),
    "match.game_count": _S(4, "000§F 10", "四局累积小分多者为胜"),
    "match.tiebreak": _S(
        ("head_to_head", "xiaofen"),
        "000§F 10",
        "出现相同积分，看胜负关系",
        note="a three-way cycle goes to 小分",
    ),
    "time.limit_s": _S(15, "000§F 12", "每位队员出一套牌的时间限时15秒，逾时视为“过牌”"),
    "vocab.allowed": _S(
        ("报牌", "过牌", "让牌", "烧牌", "接风"),
        "000§F 11",
        "只能使用“报牌”、“过牌”、“让牌”、“烧牌”、“接风”等用语",
    ),
}

_BA: _Spec = {
    "deal.reshuffle_if_no_2_or_joker": _S(
        True,
        "000§G 一",
        "第一次抓牌时，任何一方如果手里的小2、大鬼和小鬼数量之和为0，可以提出重新洗牌和抓牌",
    ),
    "play.attach_twos": _S(
        "power3", "000§G 二", "“2”不可以贴", note="yet 3个2 act as power cards (三)"
    ),
    "cmp.three_twos_beat_dawang": _S(True, "000§G 三", "此外，3个2可以大过大花"),
    "cmp.xiaowang_set": _S("two_aspects", "000§G 三", "必须在两个方面都大过此牌"),
    "play.mixed_big_small": _S(
        "distinct", "000§G 二", "1大花+1小花+4个五，当作1大花、1个小花带4个五"
    ),
    "score.place": _S((4, 2, 0, 0, -2, -4), "000§G 四", "头科：＋4分 二科：＋2分"),
    "score.bonus": _S(
        {"dian": 2, "shao": 1, "men": 1},
        "000§G 四",
        "游戏中没有“开点”的人－2分，同时对家+2分",
        note="烧 and 闷 ±1",
    ),
    "score.bonus_zero_sum": _S(True, "000§G 四", "被烧者－1分，烧人者加+1分"),
    "kaidian.sanction": _S("pm2_pair", "000§G 四", "游戏中没有“开点”的人－2分，同时对家+2分"),
    "kaidian.both_unopened": _S("cancel", "000§G 四", "对家之间都没开点的情况时，都不加减分"),
    "bie3.enabled": _S(True, "000§G", "“憋3打法”"),
    "play.three_restriction": _S("bie3", "000§G 四", "最后走3之前的一手牌被人上牌"),
    "bie3.men_place_order": _S(
        True, "000§G 四", "第一个被闷的人将成为本局牌的“大落”，第二个被闷的人将成为本局牌的“二落”"
    ),
    "bie3.men_score": _S("pm1", "000§G 四", "被闷者－1分，闷人者加+1分"),
    "bie3.men_teammate_scores": _S(
        True,
        "000§G 四",
        "被闷者－1分，闷人者加+1分。（包括闷对家）",
        note="every 闷 scores: no exception for a teammate's, and even the 对家's counts (EC-27)",
    ),
    "kaidian.enabled": _S(True, "000§G 五", "则 该玩家开点，反之不开点"),
    "kaidian.qualifying": _S(
        "pure_gouji", "000§G 五2", "以下牌型的够级牌不开点： 任意张大花，小花，2或者挂花的牌"
    ),
    "kaidian.cutoff": _S("toke", "000§G 五4", "若一局中已经产生“头科”，则不能再开点"),
    "kaidian.toke_requirement": _S(
        "must_have_opened", "000§G 五3", "如果某人未开点，则该人不能走头科"
    ),
    "kaidian.auto_if_no_gouji": _S(
        True, "000§G 五5", "若一局中某人手中没有任意够级牌，则可以判定该人自动开点"
    ),
    "cmp.ershayi": _D(
        "off",
        "000§G does not mention 二杀一 and compares only sets of the same size, except "
        "3个2 over 大花 (EC-05).",
    ),
    "score.chuan3hu": _D("double", "000§G has no 串三户 rule; the Qingdao doubling is kept."),
}

_F1: _Spec = {
    "open.first_method": _S(
        "draw_count_ccw",
        "000§H 二",
        "两队队长代表抽牌，点大者首先开牌。自开牌人按逆时针方向数到最后一人即为第一取牌人",
    ),
    "open.shangban": _S("none", "000§H 二", "取牌人即为先发牌人"),
    "open.joker_drawn": _S("xiajia_replaces", "000§H 二", "由“下家”取代重新开牌"),
    "burn.fail_place": _S("daluo", "000§H 二", "烧牌失误者判为“大落”，手中余牌无效"),
    "burn.killed_by_duitou": _S(
        "void_continue", "000§H 二", "烧牌者被对头杀死视为无效烧牌，烧牌者仍可继续正常发牌或烧牌"
    ),
    "koupai.legal_koupai_ren": _S("duitou_of_last_player", "000§H 二", "对头互为法定扣牌人"),
    "baohu.mode": _S("visible_le10", "000§H 二", "其手中持牌数量应显示给其他玩家"),
    "gousiji.mode": _S("always", "000§H 二", "头科、二科的底牌，其对头分别有一次无对头够级机会"),
    "vocab.allowed": _S(
        ("报牌", "过牌", "接风", "够级", "烧牌"),
        "000§H 二",
        "只允许报自己的出牌和说“过”、“接风”、“够级”、“烧牌”",
        note="报自己的出牌 = 报牌, 过 = 过牌; 让牌 is not in the list",
    ),
    "score.place": _S((4, 2, 0, 0, -2, -4), "000§H 三1", "头科得4分，二科得2分"),
    "score.chuan3hu": _S("fixed_8_0", "000§H 三1", "“串三户”获胜一方积8分"),
    "score.positive_only": _S(
        "per_game", "000§H 三1", "按照“只记正分，不记负分”的原则记为该方积分"
    ),
    "match.game_count": _S(3, "000§H 三2", "小组循环赛每场赛三局"),
    "match.tiebreak": _S(
        ("head_to_head", "game_points", "biggest_win", "lot"),
        "000§H 三2",
        "依次比较双方胜负关系、累计局分、最大胜局。如仍无法区分，则抽签决定名次",
    ),
}

_DS: _Spec = {
    "open.first_method": _S(
        "draw_count_ccw",
        "000§J 第三条",
        "每人从洗好的牌中抽一张牌，然后进行大小比较，牌大着先开牌",
        note="the 开牌人's card is then counted (每场以开牌人所开牌的点数决定出牌人)",
    ),
    "open.count_values": _S(
        "JQK_jokers_lowest",
        "000§J 第三条",
        "（J、Q、K、大花、小花为最小牌）",
        disputed=(
            _r(
                "JQK_jokers_lowest",
                "000§J 第三条",
                "（J、Q、K、大花、小花为最小牌）每场以开牌人所开牌的点数决定出牌人",
                "the remark sets the counting value (chosen)",
            ),
            _r(
                "natural",
                "000§J 第三条",
                "每人从洗好的牌中抽一张牌，然后进行大小比较",
                "the remark belongs to the high-card draw; counting stays natural",
            ),
        ),
    ),
    "open.subsequent": _S("rotate_cw", "000§J 第三条", "后五场按顺时针方向依次开牌"),
    "buy3.payment_order": _S(
        ("2", "小王", "大王"), "000§J 第四条", "用牌买3的顺序是先2、再小王、后大王"
    ),
    "buy3.no_payment": _S("gift", "000§J 第四条", "如手中没有2以上的牌，则由卖者赠3"),
    "buy3.seller_order": _S(
        ("duitou", "own_lianbang", "duifang"),
        "000§J 第四条",
        "买3和赠3的顺序是先对头、再联邦、后对方",
    ),
    "kaidian.enabled": _S(True, "000§J 第二条", "比赛设置“点、烧、闷、落”"),
    "kaidian.qualifying": _S("pure_gouji", "000§J 第五条", "非“够级”牌不“开点”（贴2的不算开点）"),
    "kaidian.cutoff": _S("toke_and_erke", "000§J 第五条", "头科、2科走后，未开点者不“开点”"),
    "kaidian.cutoff_on_own_duitou_out": _S(True, "000§J 第五条", "对头走科后，对头未开点者不开点"),
    "kaidian.sanction": _S("plus1_opener", "000§J 第十一条", "每次“打点”加1分"),
    "kaidian.both_unopened": _D(
        "cancel", "Neither player made the other unopened, so neither scores (EC-25)."
    ),
    "kaidian.toke_requirement": _D(
        "none", "000§J does not say whether an unopened player may be 头科 (EC-21)."
    ),
    "pass.blocks_burn": _S(True, "000§J 第六条", "过牌不得“烧牌”"),
    "burn.jiesao_same_play_only": _S(True, "000§J 第六条", "“烧牌”可以解烧，当把解烧即为有效"),
    "baohu.mode": _S("off", "000§J 第七条", "“憋3”时，不用报牌"),
    "bie3.men_place_order": _S(True, "000§J 第七条", "实行先闷为落原则"),
    "bie3.men_score": _S("plus1", "000§J 第十一条", "每次“鳖三”加1分"),
    "bie3.men_teammate_scores": _D(
        False, "000§J excludes only burns on a teammate from scoring; for 闷 it is silent (EC-27)."
    ),
    "cmp.ershayi": _S("two_big_beat_one_big", "000§J 第九条", "两个大花可以杀一个大花"),
    "cmp.ershayi_is_burn": _S(False, "000§J 第九条", "不算烧牌"),
    "cmp.ershayi_pass_exempt": _S(
        True,
        "000§J 第九条",
        "二杀一不记过牌",
        disputed=(
            _r(True, "000§J 第九条", "二杀一不记过牌", "a passed player may still 二杀一 (chosen)"),
            _r(
                False,
                "000§J 第九条",
                "二杀一不记过牌",
                "the killed player is not deemed to have passed",
            ),
        ),
    ),
    "sihu_luanchan": _S(True, "000§J 第十条", "其余四人不再按够级、过牌、让牌、烧牌等进行"),
    "score.place": _S(
        (5, 4, 3, 2, 1, 0),
        "000§J 第十一条",
        "“头科”加5分，“二科”加4分，三科加三分、四科加2分，“二落”1分，“大落”0分",
    ),
    "score.bonus": _S(
        {"dian": 1, "shao": 1, "fanshao": 2, "men": 1, "ershayi": 1},
        "000§J 第十一条",
        "每次“烧牌”加1分",
        note="反烧加2分; 每次“鳖三”加1分; 大花二杀一加1分",
    ),
    "score.lianbang_burn_scores": _S(False, "000§J 第十一条", "但烧同伙者不加分"),
    "score.chuan3hu": _D(
        "no_change", "000§J has no 串三户 rule; the place points stand (catalog EC-33)."
    ),
    "tribute.mode": _S("none", "000§J 第十一条", "每场比赛只计分，不进贡"),
    "match.hands_per_game": _S(6, "000§J 第十二条", "每局设6场"),
    "penalty.violation_points": _S((2,), "000§J 第十四条", "违者各扣2分并警告"),
}

_F2: _Spec = {
    "open.first_method": _S(
        "draw_count_ccw",
        "000§K (一)1",
        "每桌推荐一人任意抽取一张，按照逆时针方向，以该牌的自然点数自开牌人开始",
    ),
    "open.joker_drawn": _S("xiajia_replaces", "000§K (一)1", "由其“下家”取代"),
    "open.shangban": _S("none", "000§K (一)2", "首取牌人即为先出牌人"),
    "koupai.legal_koupai_ren": _S(
        "duitou_of_last_player", "000§K (一)2", "将由最后出牌人的对家扣牌"
    ),
    "burn.priority": _S(
        "lianbang_first_then_order", "000§K (一)3", "按自然打牌先后顺序（同伙优先烧）进行烧牌"
    ),
    "burn.fail_place": _S(
        "daluo", "000§K (一)3", "烧牌失误者或假烧判为“大拉”，手中余牌无效", note="大拉 = 大落"
    ),
    "burn.fake_result": _S("daluo", "000§K (一)3", "烧牌失误者或假烧判为“大拉”"),
    "youtou.lifted_after_toke_erke": _S(True, "000§K (一)3", "头、二科出现后解除有头"),
    "pass.blocks_burn": _S(True, "000§K (一)3", "过牌后不得烧牌"),
    "jiefeng.semantics": _S("declaration_is_pass", "000§K (一)4", "视为声明“接风”者本人过牌"),
    "baohu.mode": _S(
        "on_request_le10",
        "000§K (一)5",
        "询问对手或同伙剩余张数，少于10张（包括10张）要如实报牌数",
    ),
    "geming.mode": _S("zaofan_baola", "000§K (一)7", "本方另外两人中有人提出保拉时可以造反"),
    "geming.fake_penalty": _S(1, "000§K (一)7", "禁止用虚假宣布造反信息欺骗对手（违者罚一分）"),
    "penalty.violation_points": _S((1,), "000§K (一)6", "否则判罚1分"),
    "vocab.allowed": _S(
        ("报牌", "过牌", "接风", "够级", "烧牌"),
        "000§K (一)6",
        "只允许报自己的出牌和说“过”和“接风”、“够级”、“烧牌”",
    ),
    "match.hands_per_game": _S(2, "000§K (二)2", "每轮比赛共打2套牌"),
    "score.place": _D(
        (4, 2, 0, 0, -2, -4), "000§K gives no place points; the Qingdao scheme is kept."
    ),
}

_TK: _Spec = {
    "score.place": _S(
        (4, 2, 0, 0, -2, -4), "000§L 三(2)", "头科4分，二科2分，三科四科没分，二落-2分，大落-4分"
    ),
    "score.chuan3hu": _S(
        "fixed_8_0",
        "000§L 三(2)",
        "串三户得8分",
        note="the losers' score is not stated",
        disputed=(
            _r("fixed_8_0", "000§L 三(2)", "串三户得8分", "losers 0, as in 000§H and 003 (chosen)"),
            _r(
                "no_change",
                "000§L 三(2)",
                "二落-2分，大落-4分",
                "winners 8; losers keep their place points (−6)",
            ),
        ),
    ),
    "bie3.enabled": _S(True, "000§L 三(3)1", "采用瘪三、不进贡、报牌制"),
    "tribute.mode": _S("none", "000§L 三(3)1", "采用瘪三、不进贡、报牌制"),
    "baohu.mode": _S(
        "on_request_le10",
        "000§L 三(3)1",
        "采用瘪三、不进贡、报牌制",
        note="报牌制 read as the usual ≤10 report [interp]",
        disputed=(
            _r("on_request_le10", "000§L 三(3)1", "报牌制", "report the count on request (chosen)"),
            _r("off", "000§L 三(3)2", "出牌时要“唱牌”", "报牌 = announcing one's own play only"),
        ),
    ),
    "baohu.off_under_bie3": _S(
        False, "000§L 三(3)1", "采用瘪三、不进贡、报牌制", note="报牌 is kept with 瘪三"
    ),
    "play.attach_jokers": _S(True, "000§L 三(3)1", "可挂王"),
    "open.first_method": _S(
        "flip_first_card_count",
        "000§L 三(3)3",
        "每局抓牌，翻开第一张牌，进行数数，数到谁谁就先摸牌",
    ),
    "open.subsequent": _S("redraw_each_game", "000§L 三(3)3", "每局抓牌，翻开第一张牌"),
    "open.shangban": _S(
        "two_same_suit_4", "000§L 三(3)8", "哪位玩家先摸到两个同一花色的四，就先出牌"
    ),
    "buy3.seller_order": _S(("duitou",), "000§L 三(3)7", "没摸到三的玩家即需向对门买一张三"),
    "time.limit_s": _S(60, "000§L 三(3)4", "出牌时间限定一分钟，超过时间视为过牌"),
    "penalty.violation_points": _S(
        (2, 4, "DQ"), "000§L 三(3)6", "违规一次扣2分，违规两次扣四分，违规三次取消其比赛资格"
    ),
    "match.game_count": _S(3, "000§L 三(1)", "预赛采用4副牌3局积分制"),
    "match.tiebreak": _S(
        ("toke_count", "extra_game_first_toke"),
        "000§L 三(1)",
        "三局中走的头科数多的一方胜出",
        note="then 另设附加赛，比赛中先走头科的一方胜出",
    ),
}

_CW: _Spec = {
    "bie3.enabled": _S(False, "000§N 五1", "不憋3，不打点，不打闷"),
    "kaidian.enabled": _S(False, "000§N 五1", "不憋3，不打点，不打闷"),
    "geming.mode": _S("forbidden", "000§N 五1", "不允许“革命”"),
    "tribute.mode": _S("none", "000§N 五1", "计分不进贡"),
    "play.attach_twos": _S("filler", "000§N 五1", "可以贴钱、挂花"),
    "open.first_method": _S(
        "high_card_takes_first", "000§N 五2", "按照每人抽取一张牌比大小，最大者先抓牌"
    ),
    "open.shangban": _S("two_same_suit_3", "000§N 五2", "最先摸到并亮出两张同花色3者为首发牌人"),
    "open.subsequent": _S("redraw_each_game", "000§N 五1", "一局一开牌"),
    "penalty.cuopai_buchu": _S(
        "lose_follow_this_turn", "000§N 五3", "其顺牌权自动取消，由其下家行使顺牌权"
    ),
    "pass.duitou_reentry": _S(True, "000§N 五5", "（回对门牌除外）"),
    "gousiji.mode": _S(
        "only_if_dipai_gouji",
        "000§N 五8",
        "头科、二科的底牌若为够级牌，其对头分别有一次无对头够级机会",
    ),
    "score.place": _S(
        (5, 4, 3, 3, 2, 1), "000§N 五10", "头科5分，二科4分，三科3分，四科3分，二落2分，大落1分"
    ),
    "score.chuan3hu": _D(
        "no_change", "000§N has no 串三户 rule; the place points stand (catalog EC-33)."
    ),
    "time.limit_s": _S(15, "000§N 五12", "每位队员出一套牌的时间限时15秒，逾时视为“过牌”"),
    "vocab.allowed": _S(
        ("报牌", "过牌", "让牌", "烧牌", "接风"),
        "000§N 五11",
        "只能使用“报牌”、“过牌”、“让牌”、“烧牌”、“接风”等用语",
    ),
    "match.game_count": _S(3, "000§N 五", "每场打3局"),
    "match.tiebreak": _S(("head_to_head",), "000§N 五", "相同分数以两队之间胜者排名列前"),
}

_TS: _Spec = {
    "play.attach_twos": _S("forbidden", "000§M 3", "本规则亦规定实行不“贴钱”的玩法"),
    "cmp.xiaowang_set": _S(
        "jokers_then_plain_higher",
        "000§M 3",
        "“挂花”时牌力以大、小王为准，同时其他牌亦要大于上家牌",
    ),
    "cmp.jokered_vs_plain": _S("plain_part_higher", "000§M 3", "同时其他牌亦要大于上家牌"),
    "cmp.ershayi": _S(
        "two_big_beat_one_big", "000§M 4", "本规则仅认同“两大灭一大”（二杀一）的玩法"
    ),
    "bie3.enabled": _D(
        False, "000§M begins to describe 憋三 (5) but the text is cut off; 普级 is kept."
    ),
}

_DG: _Spec = {
    "deck.variant": _S(
        "196_minus_10x3_10x4", "000§O 1", "去掉10个3和4（各剩余6个，每人一个），剩余196张牌"
    ),
    "play.attach_twos": _S("filler", "000§O 2", "2转换为对应点数的牌。例如：22333算作33333"),
    "play.mixed_big_small": _S(
        "big_counts_as_small", "000§O 2", "大花+小花+2+同点的牌，此时大花当做小花"
    ),
    "gouji.thresholds": _S(
        {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2},
        "000§O 2",
        "2张A，2张K，3张Q，4张J，5张10为最低级别",
        note="no entry for 2 or the jokers",
        disputed=(
            _r(
                {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2},
                "000§O 2",
                "2张A，2张K，3张Q，4张J，5张10为最低级别",
                "as listed: a lone 2 is not 够级 (chosen)",
            ),
            _r(
                {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1, "X": 1, "D": 1},
                "001b 4",
                "1个2, 1个小 王，一个大王",
                "the list only omits the Qingdao entries for 2 and the jokers",
            ),
        ),
    ),
    "gouji.jokered_always": _S(True, "000§O 2", "当任何一手牌挂花时，也算作“够级牌”，不能开点"),
}

_ZQ: _Spec = {
    "match.games": _S(
        "bo3",
        "001a 2",
        "每一桌才用三局两胜制度",
        note="the final is best of five (决赛采用五局三胜)",
    ),
}

_S2: _Spec = {
    "time.limit_s": _S(30, "002a 4", "出牌时间限定30秒，超时视为过牌"),
    "burn.fail_place": _S(
        "daluo", "002a 6", "烧牌失误者判为“六科”，手中余牌无效", note="六科 = 大落"
    ),
    "burn.only_3s_left_ok": _S(True, "002b 8", "或者灭掉所发够级牌后，手中只剩3的"),
    "kaidian.enabled": _S(True, "002b 7", "每名够级游戏参与者都有开点义务"),
    "kaidian.qualifying": _S(
        "pure_gouji", "002a 8", "纯够级打法", note="挂花、贴钱不算开点 (002b 7)"
    ),
    "kaidian.cutoff": _S("toke_and_erke", "002b 7", "头科和二科产生后，其余游戏玩家既失去开点机会"),
    "kaidian.sanction": _D(
        "none", "002 states the duty to open (开点义务) but no sanction for failing it."
    ),
    "kaidian.toke_requirement": _D(
        "none", "002 does not say whether an unopened player may be 头科 (EC-21)."
    ),
    "baohu.mode": _S("duitou_may_ask", "002a 10", "对头之间可互相询问手中剩余牌数"),
    "open.first_method": _S(
        "draw_count_ccw", "002b 4", "按照反时针方向，以该牌的自然点数自开牌人开始"
    ),
    "open.joker_drawn": _S("drawer", "002b 4", "如抽到大小王牌，则抽牌人为开牌人"),
    "open.redo_by": _S("first_open_rules", "002b 4", "重新开牌按照首次开牌的规则进行"),
    "open.subsequent": _S("daluo_opens_and_leads", "002b 4", "上一局的大落为该局的法定常规开牌人"),
    "open.shangban": _S(
        "most_4s_must_lead_4",
        "002b 5",
        "最多先摸到4多者为首发牌人，称“亮4”，且必须发4",
        disputed=(
            _r(
                "most_4s_must_lead_4",
                "002b 5",
                "最多先摸到4多者为首发牌人，称“亮4”，且必须发4",
                "the rules part (b) (chosen)",
            ),
            _r("none", "002a 3", "谁先抓牌就先出牌", "the competition part (a)"),
        ),
    ),
    "gouji.thresholds": _D(
        {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1, "X": 1, "D": 1},
        "002b 7 lists 2张钱、A, probably a slip for 1张钱、2张A; the Qingdao list is kept.",
        disputed=(
            _r(
                {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 1, "X": 1, "D": 1},
                "001b 4",
                "1个2",
                "a slip for 1张钱、2张A (chosen)",
            ),
            _r(
                {"T": 5, "J": 4, "Q": 3, "K": 2, "A": 2, "2": 2, "X": 1, "D": 1},
                "002b 7",
                "2张钱、A，2张K，3张Q，4张J，5张10",
                "two 2s are needed",
            ),
        ),
    ),
    "penalty.cuopai_buchu": _S(
        "lose_follow_this_turn", "002b 6(a)", "其顺牌权自动取消，由其下家行使顺牌权"
    ),
    "score.place": _D(
        (4, 2, 0, 0, -2, -4), "002 gives no place points; the Qingdao scheme is kept."
    ),
}

_T3: _Spec = {
    "score.place": _S((4, 2, 0, 0, -2, -4), "003 1", "頭科得4分，二科得2分，三、四科不得分"),
    "score.chuan3hu": _S("fixed_8_0", "003 1", "串三戶勝利方得8分，負方不得分"),
    "score.positive_only": _S(
        "per_game", "003 1", "夠級比賽分…參照表", note="the table is S-4202 clipped at 0"
    ),
    "match.game_count": _S(3, "003 1", "比賽實行三局制"),
    "match.tiebreak": _S(
        ("extra_game", "extra_game_first_toke"),
        "003 2",
        "則進行加賽局，如加賽局得分也相同，則以加時賽中獲得頭科的一隊獲",
    ),
    "open.first_method": _S(
        "referee_6_high_first",
        "003(3)",
        "開牌由裁判持6張大小不同的牌進行抽牌，抽到最大牌的人先摸牌",
    ),
    "open.shangban": _S("two_same_suit_3", "003(3)", "摸到相同花色“3”者為“上班”"),
    "open.subsequent": _S("redraw_each_game", "003(3)", "每局重新摸一次牌"),
    "gouji.jokered_always": _S(
        True, "003(4)", "掛虎時，無論該牌套點數的大小和張數如何，一律視作“夠級牌”"
    ),
    "time.limit_s": _S(30, "003(7)", "出牌時間限定30秒，超時視為過牌"),
    "burn.fail_place": _S("daluo", "003(8)", "燒牌失誤者判為…“大落”"),
    "geming.mode": _S("forbidden", "003(15)", "比賽不能“革命”"),
    "bie3.enabled": _S(False, "003(18)", "比賽不實行“憋三”"),
    "vocab.allowed": _S(
        ("报牌", "问答牌", "过牌", "接风"), "003(17)", "只允許報牌、問答牌、說“過”和“接風”"
    ),
    "rangpai.allowed": _S(
        True,
        "003(10)",
        "可聲明讓牌，即讓下",
        disputed=(
            _r(True, "003(10)", "可聲明讓牌", "item 10 defines 让牌 (chosen)"),
            _r(False, "003(17)", "只允許報牌、問答牌、說“過”和“接風”", "not an allowed word"),
        ),
    ),
}

_L4: _Spec = {
    "score.place": _S(
        (5, 4, 3, 2, 1, 0), "004a 一11", "计分顺序按先后从一到六名相应计分为5、4、3、2、1、0分"
    ),
    "tribute.mode": _S("points_per_card", "004a 一5", "每进贡一张，由吃贡者得1分，进贡者不得分"),
    "tribute.extra": _S(
        ("dian", "shao", "bie3"),
        "004a 一5",
        "比赛中有点、烧、清、落",
        note="清 read as 憋3 [interp]",
    ),
    "score.chuan3hu": _S("fixed_9_0", "004b(12)", "胜利方直接得9分，负方不得分"),
    "score.bonus": _S(
        {"fanshao": 2}, "004b(5)", "反烧计双倍分", note="a 反烧 is worth 2 tribute points"
    ),
    "score.lianbang_burn_scores": _S(False, "004b(5)", "烧自家牌走科者不另加分"),
    "burn.eligibility": _S(
        "formula_004", "004b(5)", "除小2和大小鬼外的套数－大小鬼的总个数小于或等于2"
    ),
    "burn.max_players_out": _S(1, "004b(5)", "如果还有至少5个人未走科"),
    "burn.success": _S("goes_out", "004c 第六条", "烧牌者需走科方为烧牌成功"),
    "burn.fail_place": _S("daluo", "004a 一10", "烧牌不成即为末位，仍由被烧者继续出牌"),
    "burn.killed_by_duitou": _S(
        "void_continue",
        "004b(5)",
        "烧牌者对方可解烧牌",
        note="read with 001b: a 解烧 voids the burn",
        disputed=(
            _r("void_continue", "004b(5)", "烧牌者对方可解烧牌", "only 烧糊 is 末位 (chosen)"),
            _r(
                "daluo",
                "004a 一10",
                "烧牌不成即为末位",
                "a burn that does not go out (需走科方为烧牌成功) has failed",
            ),
        ),
    ),
    "pass.duitou_reentry": _S(True, "004a 一6", "对门无过牌"),
    "pass.blocks_burn": _S(True, "004a 一6", "过牌既不能打也不能烧"),
    "kaidian.enabled": _S(True, "004b(4)", "开点必须用纯够级牌"),
    "kaidian.qualifying": _S("pure_gouji", "004b(4)", "贴二、挂花都不算开点"),
    "kaidian.lead4": _S(True, "004b(4)", "开点发4，开点前如把4提早打出，视为此局不开点"),
    "play.four_no_attach": _S(True, "004b(4)", "4既不能贴2，也不能挂花"),
    "kaidian.no4_is_bukaidian": _S(True, "004b(15)", "如果不买就视为此局不开点"),
    "buy4.mode": _S("optional_else_bukaidian", "004b(15)", "如果没有4，可以买也可不买"),
    "kaidian.cutoff": _S("toke_and_erke", "004b(4)", "如有二人走科，此局就不能 开点了"),
    "kaidian.toke_requirement": _S(
        "fours_played", "004b(4)", "不开点 可以走头科，但是必须把4提前发出去"
    ),
    "kaidian.sanction": _S("tribute_points", "004a 一5", "比赛中有点、烧、清、落"),
    "bie3.enabled": _S(True, "004b(14)", "每人最后一手牌即底牌必须是3牌"),
    "play.three_restriction": _S("bie3", "004b(14)", "每人最后一手牌即底牌必须是3牌"),
    "bie3.men_place_order": _S(True, "004b(14)", "先被憋3者为大落，依次后推"),
    "bie3.men_score": _S("tribute_points", "004a 一5", "比赛中有点、烧、清、落"),
    "buy3.payment_order": _S(("2",), "004c 第三条", "若没有3，则需用2向对头买3"),
    "buy3.seller_order": _S(
        ("duitou", "own_lianbang"), "004b(15)", "先买对家的，如果对家没有，同伙可以送给一张3"
    ),
    "buy3.no_payment": _S("lianbang_gift", "004c 第三条", "若没有2，则向联邦要一张3"),
    "baohu.mode": _S("on_request_le10", "004a 一7", "十张之内可以报牌"),
    "baohu.off_under_bie3": _S(True, "004b(9)", "实行“憋三”规则时不报户"),
    "geming.mode": _S("no_power_cards", "004b(13)", "大花、小花、钱均无时，可声明“革命”"),
    "cmp.ershayi": _S("off", "004b(16)", "比赛中不允许两个大花杀一个大花"),
    "open.first_method": _S(
        "referee_card_inserted",
        "004b(2)",
        "把抽到的那张牌随机插入所有牌中，谁摸到 这张牌该局由谁先出",
        disputed=(
            _r(
                "referee_card_inserted",
                "004b(2)",
                "把抽到的那张牌随机插入所有牌中",
                "the competition common-knowledge part (b) (chosen)",
            ),
            _r(
                "draw_count_ccw",
                "004c 第二条",
                "按照反时针方向，以该牌的自然点数自开牌人开始",
                "the 大纲-style part (c)",
            ),
        ),
    ),
    "open.shangban": _S(
        "inserted_card_holder",
        "004b(2)",
        "谁摸到 这张牌该局由谁先出",
        disputed=(
            _r("inserted_card_holder", "004b(2)", "谁摸到 这张牌该局由谁先出", "part (b) (chosen)"),
            _r(
                "two_same_colour_3",
                "004c 第四条",
                "最先摸到并亮出两张同色3者为首发牌人",
                "part (c): 亮3",
            ),
        ),
    ),
    "penalty.violation_points": _S(("DQ",), "004a 一9", "违者直接取消参赛资格"),
}

# (id, parent, aliases, title_en, title_zh, sources, summary_en, summary_zh, spec)
_PROFILE_DATA: tuple[
    tuple[str, str | None, tuple[str, ...], str, str, tuple[str, ...], str, str, _Spec], ...
] = (
    (
        "qingdao-standard",
        None,
        ("qingdao", "qs", "standard", "puji", "普级"),
        "Qingdao standard (普级)",
        "青岛常规打法（普级）",
        ("000§B", "000§E", "001b", "001c", "002b", "003", "004b", "004c"),
        "The base: 216 cards, 挂花 and 贴钱, 对头 answers 够级, burning, no 开点, no 憋3, "
        "4-2-0-0-(-2)-(-4) with 串三户 doubled.",
        "基础规则：216张，挂花贴钱，够级由对头上牌，可烧牌，不开点不憋3，"
        "计分4、2、0、0、-2、-4，串三户加倍。",
        _QS,
    ),
    (
        "qingdao-dadian",
        "qingdao-standard",
        ("dadian", "qd", "打点"),
        "Qingdao with 打点",
        "青岛打点",
        ("001c",),
        "Qingdao with 开点: pure 够级 sets open; the unopened pay 点贡; 落贡.",
        "青岛打点：纯够级牌活了算开点，不开点者进点贡，另有落贡。",
        _QD,
    ),
    (
        "qingdao-bie3",
        "qingdao-standard",
        ("bie3", "qb", "憋3"),
        "Qingdao 憋3",
        "青岛憋3打法",
        ("001d", "001c"),
        "Qingdao with 憋3: 3s last, buying 3s, rotating 开牌, no 报户.",
        "青岛憋3：3须最后出，无3买3，循环开牌，不报户。",
        _QB,
    ),
    (
        "dasai-5421",
        "qingdao-bie3",
        ("dasai", "da", "5421"),
        "Gouji grand tournament rules (5-4-2-1)",
        "够级大赛比赛规则（5、4、2、1计分）",
        ("000§A",),
        "Tournament: 5-4-2-2-?-1 place points with +1 for 点, 烧, 闷; 反烧 2, 再反烧 3.",
        "比赛：名次5、4、2、2、?、1分，点、烧、闷各加1分，反烧2分，再反烧3分。",
        _DA,
    ),
    (
        "tiaozhanbei-2",
        "qingdao-standard",
        ("tiaozhanbei", "tz", "挑战杯"),
        "Second Challenge Cup (挑战杯)",
        "第二届“挑战杯”够级比赛规则",
        ("000§C",),
        "Tournament: 憋3 with 开点出4, 30 s, no asking for counts, no 造反.",
        "比赛：憋三，开点出4，限时30秒，不许问牌，禁止造反。",
        _TZ,
    ),
    (
        "karamay-jingsai",
        "qingdao-standard",
        ("karamay", "ka", "jingsai", "克拉玛依"),
        "Karamay competition rules (附件3)",
        "克拉玛依够级竞赛规则（附件3）",
        ("000§D", "000§D′"),
        "Tournament: 2-1-0-0-(-1)-(-2), ±1 events, positive per hand, inclusive 开点, 憋3.",
        "比赛：名次2、1、0、0、-1、-2，事件±1，每把只记正分，宽口径开点，憋3。",
        _KA,
    ),
    (
        "karamay-leitai",
        "karamay-jingsai",
        ("leitai", "kl", "擂台赛"),
        "Karamay challenge matches (擂台赛)",
        "克拉玛依够级擂台赛规则",
        ("000§I",),
        "The Karamay rules with four hands per game, best of three.",
        "按克拉玛依竞赛规则，每局4把，三局两胜。",
        _KL,
    ),
    (
        "two-table-654321",
        "qingdao-standard",
        ("two-table", "tt", "654321", "跑得快"),
        "Two-table match rules (6-5-4-3-2-1)",
        "够级比赛大纲（两桌制，6、5、4、3、2、1计分）",
        ("000§F",),
        "Tournament: two tables, seat 1 leads, no 憋3, no re-entry after a pass, 15 s.",
        "比赛：两桌对打，1号先出，不憋三，过牌后本轮不得再出，限时15秒。",
        _TT,
    ),
    (
        "bie3-activity",
        "qingdao-standard",
        ("activity", "ba", "憋3打法"),
        "Activity rules, 憋3 play",
        "够级活动规则（憋3打法）",
        ("000§G",),
        "Activity rules: 憋3 and 开点, 2s not attachable but three 2s beat 大王, ±2 for 点.",
        "活动规则：憋3、开点，2不可贴但三个2大过大花，点±2分。",
        _BA,
    ),
    (
        "fujian1-qingdao",
        "qingdao-standard",
        ("fujian1", "f1", "附件1"),
        "Match rules, appendix 1 (after the Qingdao rules)",
        "够级比赛规则（附件1，参照青岛规则）",
        ("000§H",),
        "Tournament after the Qingdao rules: counts shown at ≤10, 串三户 8/0, positive per game.",
        "参照青岛规则的比赛：剩10张以下亮数，串三户8分，每局只记正分。",
        _F1,
    ),
    (
        "dian-shao-men-luo",
        "qingdao-bie3",
        ("dsml", "ds", "点烧闷落"),
        "点、烧、闷、落 match rules",
        "够级比赛规则（点、烧、闷、落）",
        ("000§J",),
        "Tournament: 5-4-3-2-1-0, +1 for 打点/烧/闷/二杀一, 二杀一 allowed, 开牌 rotates cw.",
        "比赛：名次5至0分，打点、烧、闷、二杀一各加1分，允许二杀一，开牌顺时针轮转。",
        _DS,
    ),
    (
        "fujian2-zaofan",
        "qingdao-standard",
        ("fujian2", "f2", "zaofan", "造反"),
        "Match rules, appendix 2 (造反 and 保拉)",
        "够级比赛规则及相关安排（附件2，造反保拉）",
        ("000§K",),
        "Tournament: 造反 with 保拉, 接风 is a pass, fake burns forbidden.",
        "比赛：可造反保拉，声明接风视为过牌，禁止假烧。",
        _F2,
    ),
    (
        "taikai-2014",
        "qingdao-bie3",
        ("taikai", "tk", "泰开"),
        "Taikai 2014 company tournament",
        "山东泰开2014够级比赛",
        ("000§L",),
        "Tournament: 瘪三, 串三户 8, first lead by two same-suit 4s, 60 s, fines 2/4/DQ.",
        "比赛：瘪三，串三户8分，先摸到两张同花色4者先出，限时一分钟，违规扣2、4分后取消资格。",
        _TK,
    ),
    (
        "corp-winter-2014",
        "qingdao-standard",
        ("corp-winter", "cw", "putong", "普通够级"),
        "Company winter 2014-2015 (普通够级)",
        "XX公司2014-2015冬季够级比赛（普通够级）",
        ("000§N",),
        "Tournament: plain play, 5-4-3-3-2-1, 够死级 only on a 够级 底牌, 15 s.",
        "比赛：普通够级，名次5、4、3、3、2、1，底牌为够级牌才有够死级，限时15秒。",
        _CW,
    ),
    (
        "tongsu",
        "qingdao-standard",
        ("ts", "通俗"),
        "Popular rules essay (通俗规则)",
        "山东够级游戏通俗规则",
        ("000§M",),
        "Essay: 挂花 without 贴钱, jokers decide then the natural part, 二杀一 only.",
        "规则文章：挂花不贴钱，先比王再比牌，仅认同二杀一。",
        _TS,
    ),
    (
        "dagang-196",
        "qingdao-standard",
        ("dagang", "dg", "196"),
        "Shandong outline, 196-card house variant",
        "山东够级大纲（196张玩法）",
        ("000§O",),
        "House variant: 196 cards (ten 3s and ten 4s removed), 大王 counts as 小王 when mixed.",
        "自家玩法：去掉十张3和十张4共196张，大小王混挂时大王当小王。",
        _DG,
    ),
    (
        "zhilian-qingdao",
        "qingdao-standard",
        ("zhilian", "zq", "智联"),
        "Zhilian 36-player tournament (Qingdao rules)",
        "智联够级比赛（青岛规则）",
        ("001a", "001b"),
        "The Qingdao rules in a 12-trio tournament; best of three, final best of five.",
        "青岛规则，12组淘汰赛，三局两胜，决赛五局三胜。",
        _ZQ,
    ),
    (
        "saizhi-002",
        "qingdao-standard",
        ("saizhi", "s2", "002", "勾机"),
        "勾机 match rules (002)",
        "勾机比赛规则赛制",
        ("002a", "002b"),
        "Tournament: 30 s, duty to open, 对头s may ask counts, 亮4 first lead.",
        "比赛：限时30秒，开点义务，对头间可问牌，亮4先发。",
        _S2,
    ),
    (
        "trad-003",
        "qingdao-standard",
        ("trad", "t3", "003", "夠級"),
        "Match rules (003, traditional characters)",
        "夠級比賽規則（003）",
        ("003",),
        "Tournament: Qingdao play, 串三户 8/0, positive per game, no 憋三, no 革命, 30 s.",
        "比赛：青岛常规打法，串三户8分，每局只记正分，不憋三，不革命，限时30秒。",
        _T3,
    ),
    (
        "latest-004",
        "qingdao-standard",
        ("latest", "l4", "004", "最新"),
        "Latest competition rules (004)",
        "关于够级比赛的规则（最新够级竞赛规则）",
        ("004a", "004b", "004c"),
        "Tournament: 5-4-3-2-1-0 plus tribute points, 开点发4, 憋3, the burn formula, no 二杀一.",
        "比赛：名次5至0分加贡分，开点发4，憋3，烧牌公式，不允许二杀一。",
        _L4,
    ),
)


def _section_citation(tag: str) -> Citation:
    return Citation(SEED_FILES[tag[:3]], tag[3:].strip(), "")


def _coerce(name: str, value: Any) -> Any:
    param = PARAMETERS[name]
    if param.kind == "map" and isinstance(value, Mapping) and param.key_type == "str":
        value = {**dict.fromkeys(PARAMETERS[name].allowed, 0), **value}
    return param.coerce(value)


def _coerce_readings(name: str, readings: tuple[Reading, ...]) -> tuple[Reading, ...]:
    return tuple(attrs.evolve(r, value=_coerce(name, r.value)) for r in readings)


def _build() -> dict[str, Profile]:
    profiles: dict[str, Profile] = {}
    for pid, parent, aliases, ten, tzh, sources, sen, szh, spec in _PROFILE_DATA:
        own: dict[str, Setting] = {}
        for name, item in spec.items():
            if name not in PARAMETERS:  # pragma: no cover - a data error
                raise RulesetError(f"{pid}: unknown parameter {name}", f"{pid}：未知参数 {name}")
            value = _coerce(name, item.value)
            disputed = _coerce_readings(name, item.disputed)
            if isinstance(item, _S):
                own[name] = Setting(
                    name,
                    value,
                    "stated",
                    Citation.of(item.tag, item.quote),
                    pid,
                    item.note,
                    disputed,
                    False,
                )
            else:
                own[name] = Setting(name, value, "default", None, pid, item.note, disputed, True)
        table: dict[str, Setting] = {}
        for name in PARAMETERS:
            if name in own:
                table[name] = own[name]
            elif parent is not None:
                inherited = profiles[parent].table[name]
                table[name] = attrs.evolve(inherited, provenance="inherited")
            else:  # pragma: no cover - a data error
                raise RulesetError(f"{pid}: no value for {name}", f"{pid}：参数 {name} 没有取值")
        profiles[pid] = Profile(
            id=pid,
            aliases=aliases,
            parent=parent,
            title_en=ten,
            title_zh=tzh,
            sources=tuple(_section_citation(t) for t in sources),
            summary_en=sen,
            summary_zh=szh,
            own=own,
            table=table,
        )
    return profiles


#: Every profile by catalog id, in catalog order.
PROFILES: dict[str, Profile] = _build()

_ALIASES: dict[str, str] = {
    alias.casefold(): p.id for p in PROFILES.values() for alias in (p.id, *p.aliases)
}


def resolve_profile_id(name: str) -> str:
    """The catalog id for a profile id or alias (case-insensitive).

    >>> resolve_profile_id("QS"), resolve_profile_id("karamay"), resolve_profile_id("004")
    ('qingdao-standard', 'karamay-jingsai', 'latest-004')

    :raises RulesetError: for an unknown name, with close matches.
    """
    key = name.strip().casefold()
    if key in _ALIASES:
        return _ALIASES[key]
    close = difflib.get_close_matches(key, list(_ALIASES), n=3, cutoff=0.6)
    suggestions = list(dict.fromkeys(_ALIASES[c] for c in close))
    hint_en = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    hint_zh = f"；是否指：{'、'.join(suggestions)}？" if suggestions else ""
    raise RulesetError(
        f"unknown rule profile {name.strip()!r}{hint_en} (see: gouji rules list)",
        f"未知的规则方案 {name.strip()!r}{hint_zh}（可用 gouji rules list 查看）",
        param="",
        allowed=tuple(suggestions),
    )


def get_profile(name: str) -> Profile:
    """The profile with catalog id or alias ``name``.

    >>> get_profile("taikai").title_zh
    '山东泰开2014够级比赛'
    """
    return PROFILES[resolve_profile_id(name)]


@functools.lru_cache(maxsize=64)
def _profile_ruleset(pid: str) -> Ruleset:
    values = {name: s.value for name, s in PROFILES[pid].table.items()}
    return Ruleset().with_overrides(values)


def load_ruleset(profile: str = "qingdao-standard", overrides_text: str = "") -> Ruleset:
    """The :class:`Ruleset` of a profile (id or alias), with a record's overrides applied.

    ``overrides_text`` is the text of a ``[Rules "..."]`` tag (see
    :func:`gojinotation_analyzer.rules.ruleset.parse_overrides`).

    >>> load_ruleset("qingdao-bie3").bie3.enabled
    True
    >>> load_ruleset("qingdao", "bie3.enabled=on").bie3.enabled
    True
    """
    rs = _profile_ruleset(resolve_profile_id(profile))
    if overrides_text.strip():
        rs = rs.with_overrides(parse_overrides(overrides_text))
    return rs


def open_points(profile: str, *, own_only: bool = False) -> list[tuple[str, str]]:
    """The points a profile's documents leave open or contradict: ``(parameter, note)``.

    With ``own_only`` only the points of the profile's own document are listed;
    otherwise the points inherited from its ancestors are included too.

    >>> [p for p, _ in open_points("two-table-654321", own_only=True)]
    ['sihu_luanchan', 'score.chuan3hu']
    >>> dict(open_points("latest-004"))["open.first_method"][:9]
    'disputed:'
    """
    prof = get_profile(profile)
    result: list[tuple[str, str]] = []
    for name, s in prof.table.items():
        if own_only and s.origin != prof.id:
            continue
        where = "" if s.origin == prof.id else f" (from {s.origin})"
        if s.disputed:
            readings = "; ".join(
                f"{format_value(r.value)}"
                + (f" [{r.citation.tag}]" if r.citation else "")
                + (f" {r.note}" if r.note else "")
                for r in s.disputed
            )
            result.append((name, f"disputed: {readings}; default {format_value(s.value)}{where}"))
        elif s.open:
            result.append((name, f"open: default {format_value(s.value)}: {s.note}{where}"))
    return result


def diff(a: str, b: str) -> list[tuple[str, Any, Any, Citation | None, Citation | None]]:
    """Where two profiles differ: ``(parameter, value_a, value_b, citation_a, citation_b)``.

    >>> [(n, x, y) for n, x, y, _, _ in diff("qingdao", "two-table-654321")][:1]
    [('open.first_method', 'draw_count_ccw', 'fixed_seat1')]
    >>> diff("qingdao", "two-table-654321")[0][4].section
    '§F 1'
    """
    pa, pb = get_profile(a), get_profile(b)
    return [
        (name, sa.value, pb.table[name].value, sa.citation, pb.table[name].citation)
        for name, sa in pa.table.items()
        if sa.value != pb.table[name].value
    ]
