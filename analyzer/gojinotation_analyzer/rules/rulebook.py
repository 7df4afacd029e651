"""The rulebook: every rule id of the engine, stated in our own words with its sources.

Rule ids are stable (``docs/CONTRACTS.md``): an id is never renamed or dropped.  Each
:class:`Rule` gives a title and a one-paragraph statement in English and Chinese, the
passages of the seed documents it rests on, and the ruleset parameters that change it.

>>> r = rule("R-JOKER-6")
>>> r.topic, r.title_en
('T5', 'Two 大王 beat one (二杀一)')
>>> "cmp.ershayi" in r.parameters
True
>>> rule("R-NOPE-1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gojinotation_analyzer.rules.rulebook.UnknownRuleError: unknown rule id 'R-NOPE-1'...

``python -m rules.rulebook --markdown`` prints ``docs/rules.md`` (the tables come from
:mod:`rules.ruleset` and :mod:`gojinotation_analyzer.rules.profiles`, the prose from this module);
``--check`` exits 1 when the file is out of date, ``--write`` rewrites it.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from gojinotation.errors import GoujiError
from gojinotation_analyzer.rules.profiles import (
    PROFILES,
    SEED_FILES,
    Citation,
    Profile,
    Setting,
    open_points,
)
from gojinotation_analyzer.rules.ruleset import PARAMETERS, Parameter, format_value

__all__ = [
    "ADDED_RULE_IDS",
    "RULES",
    "Rule",
    "UnknownRuleError",
    "markdown",
    "rule",
    "rules_for_parameter",
]


class UnknownRuleError(GoujiError):
    """A rule id that the rulebook does not know.

    :ivar rule_id: the id asked for.
    :ivar en: the message in English.
    :ivar zh: the message in Chinese.
    """

    def __init__(self, rule_id: str, suggestions: Sequence[str] = ()) -> None:
        hint_en = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        hint_zh = f"；是否指：{'、'.join(suggestions)}？" if suggestions else ""
        self.rule_id = rule_id
        self.en = f"unknown rule id {rule_id!r}{hint_en}"
        self.zh = f"未知的规则编号 {rule_id!r}{hint_zh}"
        super().__init__(self.en)


@attrs.frozen
class Rule:
    """One rule of the rulebook.

    :ivar id: stable id (``R-BURN-3``).
    :ivar topic: catalog topic (``T14``).
    :ivar title_en: short English title (Chinese terms kept beside).
    :ivar title_zh: short Chinese title.
    :ivar text_en: what the rule says, one paragraph, in our own words.
    :ivar text_zh: the same in Chinese.
    :ivar sources: the seed passages it rests on (empty for project rules).
    :ivar parameters: the ruleset parameters that modify it.
    """

    id: str
    topic: str
    title_en: str
    title_zh: str
    text_en: str
    text_zh: str
    sources: tuple[Citation, ...]
    parameters: tuple[str, ...]

    @property
    def anchor(self) -> str:
        """The anchor of the rule's heading in ``docs/rules.md``."""
        return self.id.lower()


def _c(tag: str, quote: str) -> Citation:
    return Citation.of(tag, quote)


# (id, topic, title_en, title_zh, text_en, text_zh, sources, extra parameters)
_RuleData = tuple[str, str, str, str, str, str, tuple[Citation, ...], tuple[str, ...]]

_DATA: tuple[_RuleData, ...] = (
    (
        "R-SEAT-1",
        "T1",
        "Seats, teams (联邦) and the opposite player (对头)",
        "座位、联邦与对头",
        "Six players sit at one table in two teams (联邦) of three, team mates never side by "
        "side, so each player's two neighbours and the player straight across are opponents. "
        "The player across is his 对头: the one opponent he duels with over 够级 sets. In GJN "
        "seats 1, 3 and 5 form team A, seats 2, 4 and 6 team B, and seat s faces seat s+3.",
        "六人两队（联邦），每队三人间隔而坐，因此每人的左右邻座和正对面都是对手。"
        "正对面的人是他的对头，即与他较量够级牌的对手。GJN 中 1、3、5 号为甲方，"
        "2、4、6 号为乙方，s 号的对头是 s+3 号。",
        (
            _c("002b 1", "交叉 3人为一方，称“联邦”。对门为各自的够级对象,称“对头”"),
            _c("000§G 一", "每个玩家的上家，下家和对家都是对方联邦的玩家"),
            _c("004c 第一条", "联邦组成后，间隔相坐，各自的够级对象自然确定"),
        ),
        (),
    ),
    (
        "R-TURN-1",
        "T1",
        "Turn order and playing out of turn",
        "出牌顺序与越序",
        "Cards are drawn and played counterclockwise, one player after another; nobody may "
        "skip ahead or snatch a turn. Only two things break the order: a burn (烧牌), "
        "declared by a player who is not yet on turn, and a 够级 set, which the seats "
        "between the player and his 对头 let pass. A player's 上家 acts just before him and "
        "his 下家 just after; once players are out, these are the next players still in.",
        "抓牌、出牌按逆时针方向依次进行，不得越序、抢出。只有烧牌和够级牌例外："
        "烧牌者可越序声明，够级牌则由对头上牌，中间的人不参与。上家在自己之前出牌，"
        "下家在自己之后出牌；有人走科后，指的是仍在场的前后一家。",
        (
            _c("001b 2", "抓牌和顺牌的顺序是按逆时针方向"),
            _c("002b 6(e)", "除“烧牌”和够级牌外，按反时针方向逐个进行，不得越、抢"),
        ),
        (),
    ),
    (
        "R-OPEN-1",
        "T23",
        "开牌, 上班 and the first leader",
        "开牌、上班与首发牌人",
        "Before a deal the players settle who takes the first card (开牌) and who leads the "
        "first set. In the Qingdao base a chosen player draws a card and counts that many "
        "seats counterclockwise from himself; a drawn joker passes the duty to his 下家. In "
        "later games the 大落 of the previous game takes first and leads, his 对头 doing "
        "the 开牌. After a first or repeated 开牌 the first player to show two 3s of the same "
        "colour leads (上班), and one who shows more 3s of a suit takes over (顶班). "
        "Tournaments replace this with a high-card draw, a fixed seat, an inserted card or a "
        "pair of 4s. A record that names a first leader other than the 上班 seat of its hands, "
        "in the first deal after a 开牌, is wrong; so is one that, in a later deal, names "
        "another seat than the previous game's end gives (its 大落, unless a 串三户 redid "
        "the 开牌).",
        "每局开始前要确定首取牌人（开牌）和首发牌人。青岛打法中，由一人抽一张牌，"
        "按逆时针从自己数起，数到的人先取牌；抽到王则由下家取代。以后各局由上局大落"
        "的对头开牌，大落先取牌并先发牌。首次或重新开牌后，先亮出两张同色3者上班先发，"
        "亮出同花色3更多者可顶班。各比赛规则另有比大小、固定座位、插牌或亮4等办法。"
        "开牌后的首局，记录所写的首发牌人若与手牌上班之人不符，即为错误；以后各局所写的"
        "首发牌人若与上局结果（大落；串三户后重新开牌者除外）不符，亦为错误。",
        (
            _c(
                "000§B 第六条",
                "按照反时针方向，以该牌的自然点数自开牌人开始，数至最后一人即为首取牌人",
            ),
            _c("000§B 第六条", "上一局的大落的对头为该局的法定常规开牌人"),
            _c("000§B 第七条", "最先摸到并亮出两张同色3者为首发牌人"),
            _c("004b(2)", "把抽到的那张牌随机插入所有牌中"),
        ),
        (),
    ),
    (
        "R-DECK-1",
        "T2",
        "Decks and hand sizes",
        "用牌与手牌张数",
        "A deal uses four full decks with their jokers, 216 cards, and every player holds 36. "
        "The 196-card house variant removes ten 3s and ten 4s, leaving one 3 and one 4 per "
        "player, so four players hold 33 cards and two hold 32. One activity ruleset lets a "
        "player whose first hand has no 2 and no joker ask for a new shuffle.",
        "一副牌局用四副带王的扑克共216张，每人36张。196张的自家玩法去掉十张3和十张4，"
        "每人各一张3和4，四人33张、两人32张。有的活动规则允许首次抓牌无2无王者要求重新洗牌。",
        (
            _c("001b 1", "包括大小王在内共216张牌"),
            _c("000§O 1", "前4个人为33张，后两个人为32张"),
            _c("000§G 一", "可以提出重新洗牌和抓牌"),
        ),
        (),
    ),
    (
        "R-DECK-2",
        "T2",
        "Card conservation",
        "牌数守恒",
        "Every card of the decks is in exactly one place at any moment: in a hand, on the "
        "table, or turned down after a 扣. A hand may not gain or lose cards except by "
        "playing, buying or giving a 3 or 4, tribute and its return; drawing extra cards, "
        "taking back played cards or mixing cards into the played ones is cheating and "
        "makes the player 大落.",
        "任何时刻每张牌只在一处：某人手中、桌面上或已扣下。手牌只能因出牌、买卖赠送3或4、"
        "进贡还贡而增减；多摸牌、从已出的牌中偷牌或把手牌混入已出的牌都是作弊，罚为大落。",
        (
            _c(
                "001d (四)",
                "多摸牌不报、从已发过的牌中偷牌或将手中牌混入已发牌中者，一经发现，即罚为大落",
            ),
        ),
        (),
    ),
    (
        "R-RANK-1",
        "T3",
        "Card ranks",
        "牌点大小",
        "From high to low the ranks are 大王, 小王, 2, A, K, Q, J, 10, 9 down to 3. Suits "
        "never decide strength; they matter only for 上班 and for checking the deck.",
        "牌点由大到小为大王、小王、2、A、K、Q、J、10、9……3。花色不分大小，"
        "只在上班和核对牌数时有用。",
        (
            _c("000§G 三", "大花>小花>2>A>K>Q>J>10>9>8>7>6>5>4>3"),
            _c("002b 6(b)", "按照不论花色，点数为准的原则"),
        ),
        (),
    ),
    (
        "R-SET-1",
        "T4",
        "A set is one rank plus allowed attachments",
        "牌套：同一点数加可挂的牌",
        "Each play is one set (牌套): any number of cards of a single rank. The only cards that "
        "may join a set of another rank are jokers (挂花) and, where the rules allow, 2s "
        "(贴钱). Under 憋3 the 3s may not carry anything, and under 开点发4 neither may the 4s.",
        "每次出一套牌：同一点数的任意张数。只有王（挂花）以及规则允许时的2（贴钱）"
        "可以加入别的点数的牌套。憋3时3不能挂牌，开点发4时4也不能挂牌。",
        (
            _c("001b 3", "所发（顺）牌必须是同一点数，不同点数牌不可混合发出（挂王、贴2例外）"),
            _c("004b(4)", "4既不能贴2，也不能挂花"),
        ),
        ("play.attach_jokers", "play.attach_twos", "play.four_no_attach", "play.three_restriction"),
    ),
    (
        "R-SET-2",
        "T4",
        "The same number of cards",
        "张数相同",
        "A set that follows must have exactly as many cards as the set it answers, "
        "attachments included. The only exceptions are the special kills some rules allow "
        "on a 大王 (二杀一, three 2s).",
        "顺牌的张数（连同所挂的牌）必须与上家的牌套相同。只有个别规则允许的杀大王"
        "（二杀一、三个2）例外。",
        (
            _c("001b 3", "每套牌的总张数还必须与上家发出的牌一样多"),
            _c("000§G 三", "同样张数的牌才允许比较大小"),
        ),
        (),
    ),
    (
        "R-SET-3",
        "T4",
        "Strictly higher (步步高)",
        "步步高",
        "A set that follows must be of a strictly higher rank than the set it answers; an "
        "equal rank does not beat. Jokers and attached 2s are compared by the rules of 挂花 "
        "and 贴钱.",
        "顺牌的点数必须严格高于上家，点数相同不能压。挂王、贴2的牌按挂花、贴钱的规则比较。",
        (
            _c("001b 3", "即下家所…顺之牌的点数必须高于上家牌的点数"),
            _c("002b 6(f)", "发牌按照“步步高”的原则进行"),
        ),
        (),
    ),
    (
        "R-SET-4",
        "T4",
        "A set on the table stands (落地生根)",
        "落地生根",
        "Once a set is on the table it cannot be changed: no card may be swapped, added or "
        "taken back. A wrong play is dealt with by 错牌不出 (R-CUOPAI-1).",
        "牌一出到桌面即不得换牌、增牌或减牌。出错的牌按错牌不出处理（R-CUOPAI-1）。",
        (_c("001b 3", "发（顺）牌落地生根，一旦发到桌面上不得再行换牌、增牌和减牌"),),
        (),
    ),
    (
        "R-JOKER-1",
        "T5",
        "Attaching jokers (挂花)",
        "挂花",
        "Jokers may go with any set in any number. A set carrying a joker is always a 够级 "
        "set, whatever its rank or size.",
        "王可以任意张数挂在任何牌套上。挂王的牌套不论点数、张数，一律是够级牌。",
        (
            _c("002b 6(c)", "大花、小花、钱可以任意数量随同任何牌一起发牌，称挂花、贴钱"),
            _c("003(4)", "掛虎時，無論該牌套點數的大小和張數如何，一律視作“夠級牌”"),
        ),
        ("gouji.jokered_always",),
    ),
    (
        "R-JOKER-2",
        "T5",
        "A 大王 set cannot be beaten",
        "大王牌为死牌",
        "A set holding a 大王, alone or with other cards, is the highest play: nobody can "
        "beat it, and the player's 对头 must turn the cards (扣牌). Rules with 二杀一 or the "
        "three-2s kill make the only exceptions.",
        "含大王的牌套（单出或挂牌）是最大的牌，无人能压，对头应无条件扣牌。"
        "只有二杀一或三个2杀大王的规则例外。",
        (_c("001b 3", "大王单独发出或挂任何牌时，是最高牌，对头应无条件为之扣牌"),),
        (),
    ),
    (
        "R-JOKER-3",
        "T5",
        "Beating a 小王 set",
        "灭小王牌套",
        "A set carrying 小王 (and no 大王) can be beaten in the Qingdao rules only by a set "
        "carrying at least as many 大王 whose other cards are at least one rank higher. "
        "Other texts ask instead that the answer be stronger in both its jokers and its "
        "natural cards, or compare the jokers first and then the natural cards.",
        "挂小王（无大王）的牌套，按青岛规则只能由挂大王的牌灭：大王张数不少于小王，"
        "所挂的牌至少高一点。另有规则要求王和所带的牌两方面都更大，或先比王再比牌。",
        (
            _c(
                "001b 3",
                "小王挂牌时，须由大王挂高于小王所挂牌一点以上的牌方能灭之，且大王数量不得少于小王数量",
            ),
            _c("000§G 三", "必须在两个方面都大过此牌"),
            _c("000§M 3", "“挂花”时牌力以大、小王为准，同时其他牌亦要大于上家牌"),
        ),
        (),
    ),
    (
        "R-JOKER-4",
        "T5",
        "A jokered set against a plain set",
        "挂王牌压无王牌",
        "When a set with jokers answers a set without, the natural part of the answer must "
        "still be of a higher rank; the Qingdao texts do not say so outright and this is the "
        "engine's default.",
        "挂王的牌压不挂王的牌时，所带的牌仍须点数更高；青岛规则未明说，这是本引擎的默认。",
        (_c("000§M 3", "同时其他牌亦要大于上家牌"),),
        (),
    ),
    (
        "R-JOKER-5",
        "T5",
        "大王 and 小王 in one set",
        "大小王同挂",
        "A set may carry both kinds of joker. Normally each keeps its identity; the 196-card "
        "house variant counts every 大王 in such a set as a 小王.",
        "一个牌套可同时挂大王和小王。通常各按原身份计；196张玩法中此时大王当作小王。",
        (
            _c("000§G 二", "1大花+1小花+4个五，当作1大花、1个小花带4个五"),
            _c("000§O 2", "大花+小花+2+同点的牌，此时大花当做小花"),
        ),
        (),
    ),
    (
        "R-JOKER-6",
        "T5",
        "Two 大王 beat one (二杀一)",
        "二杀一",
        "Where 二杀一 is played, a set holding two 大王 may beat a set holding a single 大王, "
        "even though the sizes differ. It is not a burn, may be done after passing, and in "
        "the 点烧闷落 rules scores a point. Most rules forbid it.",
        "实行二杀一时，含两张大王的牌可以杀含一张大王的牌，不受张数限制。"
        "二杀一不算烧牌、不记过牌，在点烧闷落规则中加1分。多数规则不允许二杀一。",
        (
            _c("000§J 第九条", "两个大花可以杀一个大花，（二杀一不记过牌，不算烧牌）"),
            _c("000§M 4", "本规则仅认同“两大灭一大”（二杀一）的玩法"),
            _c("004b(16)", "比赛中不允许两个大花杀一个大花"),
        ),
        ("score.bonus",),
    ),
    (
        "R-JOKER-7",
        "T5",
        "Three 2s over a 大王",
        "三个2大过大王",
        "Only the 憋3 activity rules let three 2s beat a 大王; there the 2s act as power "
        "cards and cannot be attached as fillers.",
        "只有憋3活动规则允许三个2大过大王；此时2是大牌，不能当普通牌贴。",
        (_c("000§G 三", "此外，3个2可以大过大花"),),
        (),
    ),
    (
        "R-JOKER-8",
        "T5",
        "Sets of jokers only",
        "纯王牌套",
        "A set may consist of jokers alone, or of jokers and 2s; the 2s then keep rank 2. A "
        "single 大王 beats a single 小王 by rank. The documents do not compare larger sets of "
        "jokers only; the engine lets a set of 大王 only beat an equal-sized set that holds "
        "a 小王, and nothing beats a set of 大王 only.",
        "牌套可以全是王，或由王和2组成，此时2仍按2计。单张大王大于单张小王。"
        "多张纯王牌套的比较文件未述；本引擎规定全大王的牌套可压同张数含小王的牌套，"
        "全大王的牌套无人能压。",
        (_c("004b(1)", "贴入大、小花牌套时牌点还是等同于小两"),),
        (),
    ),
    (
        "R-TWO-1",
        "T6",
        "Attaching 2s (贴钱)",
        "贴钱",
        "In most rules 2s may be attached to a set in any number; an attached 2 loses its own "
        "rank and counts as one more card of the set's rank, which can lift the set to a "
        "够级 count. Some texts forbid attaching 2s altogether.",
        "多数规则允许2任意张数贴在牌套上；贴上的2失去本身作用，算作该牌套点数的一张，"
        "可以凑够够级张数。也有规则不许贴钱。",
        (
            _c("001b 3", "2贴牌时，即失去原来的作用，视为该牌中的普通一员"),
            _c("000§O 2", "2转换为对应点数的牌。例如：22333算作33333"),
            _c("000§M 3", "本规则亦规定实行不“贴钱”的玩法"),
        ),
        ("play.twos_in_joker_only_set", "gouji.attached_twos_count"),
    ),
    (
        "R-GOUJI-1",
        "T7",
        "够级 sets",
        "够级牌",
        "A set is a 够级 set when it holds at least five 10s, four Js, three Qs, two Ks or two "
        "As, or at least one 2 or one joker; higher counts and any jokered set qualify too, "
        "and attached 2s count toward the number. Sets of 9 and below are never 够级 on "
        "their own.",
        "五张10、四张J、三张Q、两张K、两张A、一张2或一张王以上的牌套为够级牌；"
        "张数更多或挂王的牌套也是，贴2可凑张数。9以下的牌单独不成够级。",
        (
            _c("001b 4", "5个10, 4个J, 3个Q, 2个K, 2个A, 1个2, 1个小 王，一个大王"),
            _c("000§G 二", "张数或点数高于、等于这些牌的牌，均视作“够级牌”"),
        ),
        (),
    ),
    (
        "R-GOUJI-2",
        "T8",
        "Only the 对头 answers a 够级 set",
        "够级牌只有对头可上",
        "When a 够级 set is played, only the player's 对头 may answer it. The players between "
        "them may take it only by declaring a burn; the restriction falls away for a player "
        "without 对头 (无头), when four players are left (四户乱缠) and for 够死级.",
        "发出够级牌时，只有对头有资格上牌；其他人只能声明烧牌。无头、四户乱缠和够死级时不受此限。",
        (
            _c("001b 4", "只有对头才有资格 上牌"),
            _c("004b(5)", "非对门的够级牌，你是 不能打的，只有其对门可以打"),
        ),
        (),
    ),
    (
        "R-PASS-1",
        "T9",
        "A pass is final for the round",
        "过牌本轮有效",
        "A player who does not follow says so (过牌). He may not play again in that round, "
        "until a new lead, and he may not burn; the exceptions are his 对头's sets "
        "(R-PASS-2) and 四户乱缠. A player who runs out of time has passed.",
        "不顺牌者应声明过牌，本轮直至重新发牌前不得再出牌，也不得烧牌；"
        "对头牌（R-PASS-2）和四户乱缠除外。超时视为过牌。",
        (
            _c("002b 9", "过牌者除“对头牌”外，这一轮再无权发牌，直至新一轮重新发牌"),
            _c("000§J 第六条", "过牌不得“烧牌”"),
        ),
        ("pass.blocks_burn", "time.timeout_is_pass"),
    ),
    (
        "R-PASS-2",
        "T9",
        "Coming back in against one's 对头",
        "过牌后仍可打对头牌",
        "Even after passing, a player may still answer a set played by his own 对头 in the "
        "same round. One tournament ruleset has no such exception: there, a passed player who "
        "answers his 对头 breaks this rule.",
        "过牌后本轮仍可打对头出的牌。有一种比赛规则没有这一例外，按该规则过牌后再打对头牌即违反本条。",
        (
            _c("003(9)", "過牌者除“對頭牌”外，本輪再無權發牌"),
            _c("004a 一6", "对门无过牌"),
            _c("000§F 6", "过牌者在这一轮里无权再出牌，直至新一轮重新发牌"),
        ),
        (),
    ),
    (
        "R-YIELD-1",
        "T10",
        "Yielding (让牌)",
        "让牌",
        "A player facing his 对头's set after both players in between have passed may, "
        "instead of passing or answering, declare 让牌: the next two players act first. If "
        "both pass, he then answers or turns the cards. He must not have passed himself.",
        "对头出牌、中间两家都已过牌时，持牌人既不想过牌又不愿立即上牌，可声明让牌，"
        "让下两家先出；下两家都过牌后，再由他决定上牌或扣牌。他本人不能已经过牌。",
        (
            _c(
                "004b(7)",
                "持牌人对上两家过牌的对头发出的牌，如果不想过牌，又不愿意立即上牌时，可声明“让牌”",
            ),
        ),
        (),
    ),
    (
        "R-CLOSE-1",
        "T11",
        "Turning the cards (扣牌)",
        "扣牌",
        "When nobody answers a set, the round is over. The 对头 of the player who made the "
        "last play is the one who turns the played cards face down; by doing so he accepts "
        "that his 对头 leads again. A 扣 by anyone else counts only with his consent.",
        "无人再上牌时本轮结束。最后出牌者的对头是法定扣牌人，扣牌即同意对方重新发牌；"
        "非对头未经法定扣牌人同意扣牌无效。",
        (
            _c("004b(8)", "上一轮最后发牌者的对头是法定扣牌人。扣牌即表示同意对门重新发牌"),
            _c("000§H 二", "非对头未征得法定扣牌人认可扣牌无效"),
        ),
        (),
    ),
    (
        "R-CLOSE-2",
        "T11",
        "No lead before the round is closed",
        "扣牌前不得发牌",
        "A new lead made before the legal 扣 is void. Some rules also require every card on "
        "the table to be turned first. A record may leave the 扣 out, which reads as made "
        "before the lead; a 扣 written after the next lead shows the lead came first.",
        "法定扣牌人扣牌前重新发牌无效；有的规则还要求扣完桌面所有牌后才能出牌。"
        "记录可省略扣牌，视为发牌前已扣；扣牌记在下一次发牌之后，则表明先发了牌。",
        (
            _c("004b(8)", "在对头未扣牌前，重新发牌无效"),
            _c("000§D 三6", "要求扣完桌面所有牌后,才可出牌"),
        ),
        (),
    ),
    (
        "R-LEAD-1",
        "T11",
        "Who leads the next round",
        "下一轮由谁发牌",
        "The player whose set stood leads the next round, once the cards are turned. If he "
        "has just gone out, the lead passes by 接风 (R-JIEFENG-1) or to the 对头 who uses "
        "his 够死级 chance (R-DIPAI-1); a failed burn gives the lead back to the player who "
        "was burned.",
        "本轮最后出牌且无人压的人，在扣牌后发下一轮牌。他若已走科，则按接风（R-JIEFENG-1）"
        "或够死级（R-DIPAI-1）确定；烧牌失误时由被烧者另行出牌。",
        (
            _c("004b(8)", "扣牌即表示同意对门重新发牌"),
            _c("003(8)", "并由被燒牌者另行出牌"),
        ),
        ("jiefeng.semantics", "gousiji.before_jiefeng"),
    ),
    (
        "R-JIEFENG-1",
        "T12",
        "Taking the lead after a player goes out (接风)",
        "接风",
        "When nobody beats the last set (底牌) of a player who goes out, the next player still "
        "in takes the lead: he 接风s. In one ruleset, declaring 接风 counts as that player's "
        "own pass on the 底牌.",
        "上家的底牌无人压时，下家（下一位在场者）接风，获得发牌权。有的规则中，"
        "声明接风即视为本人对该底牌过牌。",
        (
            _c("003(13)", "上家的底牌無人滅時，稱“接風”。下家接風后將獲得發牌權"),
            _c("000§K (一)4", "视为声明“接风”者本人过牌"),
        ),
        (),
    ),
    (
        "R-DIPAI-1",
        "T13",
        "The last set and 够死级",
        "底牌与够死级",
        "A player's final set is his 底牌. When 头科 or 二科 goes out, his 对头 gets one "
        "够级 play that no one may answer except by burning (够死级), and unless it is "
        "burned he leads again. After their 底牌, passed players other than the 对头 stay "
        "out of the round. Some rules grant 够死级 only when the 底牌 is itself a 够级 set.",
        "每人最后一次出的牌为底牌。头科、二科的底牌，其对头各有一次无对头的够级机会"
        "（够死级），除有人烧牌外，够死级者获得发牌权。头科或二科发底牌后，除对头外，"
        "已过牌者本轮不得再出。有的规则只在底牌为够级牌时才有够死级。",
        (
            _c("003(14)", "頭科、二科的底牌，其…對頭分別有一次無對頭夠級機會，稱“夠死級”"),
            _c("000§N 五8", "头科、二科的底牌若为够级牌"),
        ),
        (),
    ),
    (
        "R-WUTOU-1",
        "T18",
        "A player without an opposite (无头)",
        "无头",
        "Once 头科 is out, his 对头 has no opponent across: he is 无头. Any player may then "
        "beat any of his sets, 够级 or not, in turn, and he may beat anyone's; there is no "
        "burning against him, and a player who passes on his sets does not come back.",
        "头科产生后，其对头没有了够级对象，称无头。其他人可按顺序灭无头者的任何牌，"
        "无头者也可灭任何人的牌；无烧牌一说，过牌不上。",
        (_c("004b(10)", "其他持牌人按顺牌顺 序对无头者所发的任何牌都可灭之"),),
        (),
    ),
    (
        "R-SIHU-1",
        "T19",
        "Four players left (四户乱缠)",
        "四户乱缠",
        "Once 头科 and 二科 are both out, the four players left are free of the 够级, pass, "
        "yield and burn restrictions: they may play again after passing and may beat anyone's "
        "够级 set without it counting as a burn. They still play in turn, report their "
        "cards and turn the cards as usual.",
        "头科、二科产生后，其余四人不再受够级、过牌、让牌、烧牌规则约束，过牌后可再上牌，"
        "打非对头的够级牌也不算烧牌；但仍须按顺序出牌，按规定报牌和扣牌。",
        (_c("004b(11)", "可在过牌后再上牌，打非对头够级牌也不算烧牌"),),
        (),
    ),
    (
        "R-BURN-1",
        "T14",
        "Who may burn (烧牌)",
        "烧牌资格",
        "A player who is not the 对头 of a 够级 set may take it by declaring a burn, provided "
        "he has not passed in the round, almost all players are still in (at most one out in "
        "004) and the set's player is not 无头. His first set must beat the 够级 set; after "
        "that he must play out his whole hand (R-BURN-4).",
        "非对头的人可以声明烧牌来上够级牌，条件是本轮未过牌、在场人数足够（004为至少五人）"
        "且出牌者不是无头。烧牌的第一套牌须压住够级牌，此后要把手牌全部出完（R-BURN-4）。",
        (
            _c("004b(5)", "如果你在没有过牌的情况下"),
            _c("004b(5)", "如果还有至少5个人未走科"),
            _c("003(11)", "沒有燒牌一說"),
        ),
        ("burn.allowed",),
    ),
    (
        "R-BURN-2",
        "T14",
        "Burn priority (联邦 first)",
        "烧牌优先与联邦优先",
        "A burn comes before the 对头's answer. If players of both teams declare, the "
        "teammates of the 够级 player burn first and the others may burn after them (反烧); "
        "declarers of one team go in playing order. A record writes one declaration after "
        "another, so it cannot show two at once: a burn written while a player ahead in this "
        "order could also burn and had not said he would not is a point in dispute, since "
        "that player would have burned first had he declared.",
        "烧牌优先于对头上牌。双方都有人声明烧牌时，发够级牌者的联邦先烧，其余人可随后再烧"
        "（反烧）；同为一方的按出牌顺序进行。记录只能逐一记下声明，无法显示同时声明："
        "若记下的烧牌之前，另有顺序在先、也能烧且未表示不烧的人，则列为争议，"
        "因为他若同时声明应先烧。",
        (
            _c("000§K (一)3", "按自然打牌先后顺序（同伙优先烧）进行烧牌"),
            _c(
                "001b 4",
                "如声明烧牌者有2人以上，且分属不同的一方则发够级牌者的联邦 可先于其他人烧牌",
            ),
            _c("004a 一4", "够级时按顺序先烧后打"),
        ),
        (),
    ),
    (
        "R-BURN-3",
        "T14",
        "A joker in the burner's middle sets",
        "烧牌中间各套须挂王",
        "Every set a burner plays between his first and his last must carry at least one "
        "joker. The first and last sets are exempt in the Qingdao rules; one tournament "
        "exempts only the last. A burner whose teammate is next may put a joker on his last "
        "set too, so the teammate can 接风.",
        "烧牌者除第一套和最后一套外，中间每套至少挂一张王；青岛规则首尾两套可不挂，"
        "有的比赛只免最后一套。下家是联邦时，最后一套也可挂王以便联邦接风。",
        (
            _c("001b 4", "除烧牌的第一套牌和烧牌后最后一套牌可以不挂王外"),
            _c("000§F 3", "如烧牌，除最后一把其他需把把挂王"),
        ),
        (),
    ),
    (
        "R-BURN-4",
        "T14",
        "The burner plays out his whole hand",
        "烧牌者须一路出完",
        "Having burned, the player goes on leading set after set until his hand is empty. "
        "One text also accepts a burn after which the burner holds nothing but 3s. A burner "
        "who passes his lead, or lets another player lead in his place, has not gone out: "
        "his burn has failed (烧糊, R-BURN-5).",
        "烧牌后须一套接一套把手牌出完。有的规则也承认灭掉够级牌后手中只剩3的烧牌。"
        "烧牌者轮到发牌时放弃，或由他人代为发牌，即未能走科，按烧糊处理（R-BURN-5）。",
        (
            _c("004c 第六条", "烧牌者需走科方为烧牌成功"),
            _c("002b 8", "然后每次所发牌中必须挂一小花或大花，但最后一次发牌可除外"),
            _c("002b 8", "或者灭掉所发够级牌后，手中只剩3的"),
        ),
        (),
    ),
    (
        "R-BURN-5",
        "T14",
        "A failed burn (烧糊) makes the burner 大落",
        "烧糊判大落",
        "A burner who cannot beat the set or runs short of jokers has failed (烧糊): he is "
        "last (大落, also called 六科, 大拉 or 末位), the rest of his cards are dead, his "
        "对头 still counts as having an opposite (有头) until 头科 and 二科 are out, and the "
        "player he burned leads again.",
        "烧不动或王不够时即为烧糊：判为大落（又称六科、大拉、末位），余牌无效；其对门仍视为"
        "有头（头科、二科出现后解除），由被烧者另行出牌。",
        (
            _c("001b 4", "如果声明烧牌后又发现烧牌后王的数量不够"),
            _c("000§H 二", "烧牌失误者判为“大落”，手中余牌无效，其对门仍视为“有头”"),
            _c("000§K (一)3", "头、二科出现后解除有头"),
        ),
        (),
    ),
    (
        "R-BURN-6",
        "T14",
        "Lifting a burn (解烧) and burning back (反烧)",
        "解烧与反烧",
        "If, during a burn, the burner's 对头 beats one of his sets or someone burns him in "
        "turn (反烧), the burn ends without penalty and the burner plays on normally. One "
        "ruleset accepts a 解烧 only on the burn's own play; read literally, 004 would make "
        "such a burner last.",
        "烧牌期间，若对门打了烧牌者的任何一手牌，或又有人反烧，则解除烧牌状态，"
        "烧牌者照常打牌，不受处罚。有的规则只承认当把解烧；按004字面，解烧后烧牌者为末位。",
        (
            _c("001b 4", "则解除 烧牌”状态，你可继续正常打牌"),
            _c("000§J 第六条", "“烧牌”可以解烧，当把解烧即为有效"),
        ),
        (),
    ),
    (
        "R-BURN-7",
        "T14",
        "A fake burn (假烧)",
        "假烧",
        "Declaring a burn that cannot even beat the 够级 set is a fake burn: the player is "
        "大落 at once and stops, and the burned player leads. The Karamay rules also count the "
        "faker as unopened and his opponent as opened.",
        "声明烧牌却压不住够级牌即为假烧：立即判为大落并停止出牌，由被烧者出牌。"
        "克拉玛依规则还判假烧者不开点、对方开点。",
        (
            _c("000§D 二3", "假烧牌者本把即为大落,不开点而对方开点"),
            _c("000§K (一)3", "绝对禁止假烧"),
        ),
        (),
    ),
    (
        "R-BURN-8",
        "T14",
        "When a burn succeeds",
        "烧牌成功",
        "In the Qingdao rules and 004 a burn succeeds when the burner goes out; in the Karamay "
        "rules it succeeds as soon as its first set stands. Burn points and burn tribute are "
        "given only for a successful burn.",
        "青岛规则和004中烧牌者走科才算烧牌成功；克拉玛依规则中第一把烧死即为成功。"
        "只有成功的烧牌才计分或进烧贡。",
        (
            _c("004c 第六条", "烧牌者需走科方为烧牌成功"),
            _c("000§D 二3", "第一把烧死,未被解烧或反烧,即为烧牌成功"),
        ),
        (),
    ),
    (
        "R-BURN-9",
        "T14",
        "The 004 burn formula",
        "004烧牌公式",
        "Under 004 a player may burn only if, before burning, the number of sets his hand "
        "will make (2s and jokers not counted) minus the number of his jokers is at most 2, "
        "and his first set beats the 够级 set.",
        "按004规则，烧牌前手牌中除2和王以外的套数减去王的张数须小于或等于2，"
        "并且能打掉当前的够级牌，才可烧牌。",
        (_c("004b(5)", "除小2和大小鬼外的套数－大小鬼的总个数小于或等于2"),),
        (),
    ),
    (
        "R-KAIDIAN-1",
        "T15",
        "What opens (开点)",
        "开点",
        "Where 开点 is played, a player opens when a 够级 set of his stands unanswered and wins "
        "him the lead. Only pure 够级 sets count in most rules: no jokers and no attached 2s, "
        "and a single 2 or joker never opens. The Karamay rules also count a single 2, "
        "attached 2s and 小王 sets; a teammate's burn never opens for the player.",
        "实行开点时，自己的够级牌无人接、使自己获得出牌权，即为开点。多数规则只认纯够级牌："
        "挂王、贴2都不算，单2、单王也不开点。克拉玛依规则中单2、挂2、小王或挂小王也算开点；"
        "同伙帮忙烧牌不算自己开点。",
        (
            _c("000§G 五", "如果一方打出的够级牌，无人接牌，使得自己获得出牌权，则 该玩家开点"),
            _c("004b(4)", "开点必须用纯够级牌，贴二、挂花都不算开点"),
            _c("000§D 三3", "够级牌、单点2或够级牌挂2、小花或挂小花都算开点"),
        ),
        (),
    ),
    (
        "R-KAIDIAN-2",
        "T15",
        "When the chance to open ends",
        "开点截止",
        "The chance to open ends once 头科 and 二科 are out in most rules, already at 头科 in "
        "the activity rules, and also when one's own 对头 goes out in the 点烧闷落 rules. The "
        "Qingdao 打点 rules judge 头科's 对头 (and 头科) when 头科 goes out and everyone else "
        "when 二科 goes out.",
        "多数规则头科、二科产生后不再开点；活动规则头科产生即截止；点烧闷落规则中对头走科后"
        "也不再开点。青岛打点规则在头科产生时判定头科的对头（及头科），二科产生时判定其余五人。",
        (
            _c("004b(4)", "如有二人走科，此局就不能 开点了"),
            _c("000§G 五4", "若一局中已经产生“头科”，则不能再开点"),
            _c("001c (二)", "二科产生后，包括二科在内的五人，凡够级牌一次未活者，均视为不开点"),
        ),
        (),
    ),
    (
        "R-KAIDIAN-3",
        "T15",
        "Lead a 4 after opening (开点发4)",
        "开点发4",
        "Where 开点发4 applies, the lead right after opening must be 4s, or the opening does "
        "not count; 4s played before opening forfeit 开点 for the game, 4s take no "
        "attachments, and a player with no 4 who does not buy one is unopened.",
        "实行开点发4时，开点后下一手须发4，否则不算开点；开点前先出4则本局不开点；"
        "4不能挂牌；没有4又不买4者视为不开点。",
        (
            _c("004b(4)", "开点发4，开点前如把4提早打出，视为此局不开点"),
            _c("000§C 三6", "无4不开点"),
        ),
        (),
    ),
    (
        "R-KAIDIAN-4",
        "T15",
        "An unopened 头科",
        "未开点能否走头科",
        "Whether a player who has not opened may finish first differs: the activity rules "
        "forbid it, 004 allows it once his 4s have been played, and the Qingdao 打点 rules "
        "allow it but he then pays as unopened. None says what happens when his last lead "
        "leaves him no choice, as under 憋3, where the last set is always his 3s.",
        "未开点者能否走头科各规则不同：活动规则不许；004允许但须先把4出掉；青岛打点规则允许，"
        "但头科亦按不开点处理。最后一手别无选择时（如憋3，最后一手必为3）如何处理，各规则均未说明。",
        (
            _c("000§G 五3", "如果某人未开点，则该人不能走头科"),
            _c("004b(4)", "不开点 可以走头科，但是必须把4提前发出去"),
        ),
        (),
    ),
    (
        "R-KAIDIAN-5",
        "T15",
        "The sanction for not opening (不开点)",
        "不开点的处罚",
        "A player still unopened at the cutoff is 不开点. The Qingdao 打点 rules make him give "
        "one tribute card to his 对头, before any other tribute, and two unopened 对头s pay "
        "each other. Tournament rules turn this into points: ±2, −1, ±1, +1 to the opener or "
        "one point per tribute card.",
        "截止时仍未开点者为不开点。青岛打点规则中不开点者须先向对头进一张点贡，"
        "对门两人都不开点则互进点贡。比赛规则改为计分：±2、-1、±1、开点方加1或按贡计分。",
        (
            _c("001c", "不开点者应无条件向对头进1张贡牌"),
            _c("000§G 四", "游戏中没有“开点”的人－2分，同时对家+2分"),
        ),
        ("score.bonus",),
    ),
    (
        "R-BIE3-1",
        "T16",
        "3s last, unsplit and bare (憋3)",
        "憋3：3须最后出",
        "Where 憋3 is played, every player's last set must be his 3s: 3s may not be played "
        "earlier, may not be split and carry no jokers or 2s.",
        "实行憋3时，每人最后一手牌必须是3：3不能提前出、不能拆开、不能挂王或贴2。",
        (
            _c("000§C 三8", "最后一手牌必须是3，4不得挂牌，不是最后一手牌时不许出3"),
            _c("001d (三)", "不能拆开出，也不能贴 2或挂王"),
        ),
        (),
    ),
    (
        "R-BIE3-2",
        "T16",
        "闷 and its places",
        "闷牌与名次",
        "A player whose last set before his 3s is beaten, so that he can never win a lead to "
        "play the 3s, is 闷 (被憋3). The first player 闷 becomes 大落, the second 二落, and "
        "so on; the others take the places from 头科 down in the order they go out. How a 闷 "
        "scores differs by ruleset.",
        "出3之前的最后一手牌被打掉、再也无法发出3的人即被闷（被憋3）。第一个被闷者为大落，"
        "第二个为二落，依此类推；其余人按走科先后从头科排起。闷牌如何计分各规则不同。",
        (
            _c("000§J 第七条", "手中除了3以外的最后的一手牌被封杀后即为“憋3”，并实行先闷为落原则"),
            _c("000§G 四", "第一个被闷的人将成为本局牌的“大落”"),
        ),
        (),
    ),
    (
        "R-BIE3-3",
        "T16",
        "Every player must hold a 3",
        "每人须有3",
        "Under 憋3 each player needs at least one 3; a player who has none must obtain one "
        "(R-BUY-1) before his first play. A player left without a 3 is 大落 or may declare "
        "革命, depending on the rules, and in the Karamay rules each player shows a 3 at the "
        "end of the hand.",
        "憋3时每人至少要有一张3，没有的须在本人出牌前买到或得到（R-BUY-1）。"
        "仍没有3者视规则判为大落或可以革命；克拉玛依规则要求每把最后亮3。",
        (
            _c("000§D 三2", "每人手中至少有一张3"),
            _c("000§D 三2", "每个人每把最后都需要亮3,不亮3者视为无3"),
        ),
        ("buy3.no3_result",),
    ),
    (
        "R-BUY-1",
        "T17",
        "Buying or receiving a 3 or a 4 (买3/买4)",
        "买3、买4与送3",
        "A player without a 3 (or a 4, under 开点发4) buys one before his first play, paying "
        "with a 2 or a joker in the order the rules give, from his 对头 first and then from "
        "others in a set order; if he has nothing to pay with, the card is given to him or "
        "he may 革命.",
        "无3者（开点发4时无4者）须在本人出牌前买牌，按规则顺序用2或王支付，先向对头买，"
        "再按规定顺序向他人买；无牌可付时由对方或联邦赠送，或可革命。",
        (
            _c("000§J 第四条", "用牌买3的顺序是先2、再小王、后大王"),
            _c("001d (二)", "如果对头无3或只有1张3牌，则向对头的联邦买1张3牌"),
            _c("004b(15)", "如果没有4，可以买也可不买"),
        ),
        (),
    ),
    (
        "R-REVOLUTION-1",
        "T21",
        "Revolution (革命, 造反)",
        "革命与造反",
        "A player dealt no 大王, 小王 or 2 may declare 革命 where it is allowed: he lays down "
        "his hand and counts as 四科 (三科 if his teammates take 头科 and 二科), his 对头 "
        "gets three 够死级 chances, and two revolutions void the deal. The Qingdao 憋3 rules "
        "also require no 3; one tournament uses 造反 backed by a teammate's 保拉; many "
        "tournaments forbid it, and a false announcement costs a point.",
        "规则允许时，无大王、小王和2者可声明革命：弃牌不参加本局，视为四科（两个同伙分获"
        "头科、二科时为三科），其对头获得三次够死级，两人以上革命则本局作废。青岛憋3规则"
        "还要求无3；有的比赛实行造反保拉；很多比赛禁止革命，虚假宣布罚1分。",
        (
            _c("004b(13)", "大花、小花、钱均无时，可声明“革命”"),
            _c("000§K (一)7", "本方另外两人中有人提出保拉时可以造反"),
            _c("003(15)", "比賽不能“革命”"),
        ),
        (),
    ),
    (
        "R-REPORT-1",
        "T20",
        "Reporting the cards left (报牌)",
        "报牌（报户）",
        "A player with ten cards or fewer must state his count truthfully whenever asked, "
        "though he need not volunteer it; above ten he need not answer. Variants show the "
        "count openly, forbid asking, let only 对头s ask, or drop reporting (always under "
        "憋3 in most rules). A record shows a report it writes down, not a count shown on "
        "the table, so only written reports can be checked.",
        "手中剩10张及以下者，有人询问时须如实报明，但可不主动报；10张以上不够报。"
        "有的规则要求亮出张数、禁止询问、只许对头间询问，或不报牌（多数憋3规则不报户）。"
        "记录只能记下所报张数，不能显示亮出的张数，因此只能检验记下的报牌。",
        (
            _c(
                "004b(9)",
                "持牌人手中剩余牌等于或少于10张，任何人询问其手中持有牌的数量时，应 如实报明",
            ),
            _c("000§C 三7", "不允许询问对手或同伙剩余张数"),
        ),
        (),
    ),
    (
        "R-FINISH-1",
        "T24",
        "Finishing order and forced places",
        "名次与判定名次",
        "Players are placed in the order they go out: 头科, 二科, 三科, 四科, then 二落 and "
        "大落 (the last, still holding cards). Some events fix a place regardless: a failed "
        "or fake burn, having no 3, cheating or a false claim make a player 大落; players 闷 "
        "fill the last places; a revolutionary is 四科 or 三科.",
        "按出完牌的先后排名：头科、二科、三科、四科、二落、大落（最后手中有余牌者）。"
        "有的情形直接定名次：烧糊、假烧、无3、作弊或谎报判为大落；被闷者依次占末位；"
        "革命者为四科或三科。",
        (
            _c(
                "000§B",
                "最后手中余牌未发 者为败，称“落(音拉，la)科”，亦称“大落”，倒数第二名称“二落”",
            ),
        ),
        ("burn.fail_place", "bie3.men_place_order"),
    ),
    (
        "R-SCORE-1",
        "T26",
        "Place points",
        "名次分",
        "Each place earns points by the ruleset's scheme (Qingdao: 4, 2, 0, 0, −2, −4 from "
        "头科 to 大落), and a team scores the sum of its three players.",
        "各名次按规则得分（青岛：头科至大落为4、2、0、0、-2、-4），联邦三人得分之和为本方得分。",
        (
            _c("001b 3", "头科4分、二科2分，三科、四科不计分"),
            _c("001b 3", "联邦所得分 数之和即为本邦本局所得分数"),
        ),
        (),
    ),
    (
        "R-SCORE-2",
        "T25",
        "Taking the first three places (串三户)",
        "串三户",
        "When one team takes 头科, 二科 and 三科, the other team is 串三户 (also 抓三户, "
        "圈三). The Qingdao rules double both teams' scores; tournaments give the winners a "
        "fixed 8 or 9 and the losers 0, or change nothing. 开牌 is then redone.",
        "一方夺得头科、二科和三科，另一方即被串三户（抓三户、圈三）。青岛规则胜负双方分数加倍；"
        "比赛规则有胜方得8分或9分、负方0分，也有不翻倍的。串三户后重新开牌。",
        (
            _c("003 16", "如果某一局的頭科、二科和三科均被同一方奪走"),
            _c("001b 3", "如果抓三户，胜负各方分数加倍"),
            _c("004b(12)", "胜利方直接得9分，负方不得分"),
        ),
        (),
    ),
    (
        "R-SCORE-3",
        "T26",
        "Positive scores only (只记正分)",
        "只记正分",
        "Some rules record only positive team results: after each hand or each game the "
        "team's net score is kept if positive and recorded as 0 otherwise.",
        "有的规则只记正分不记负分：每把或每局联邦得分正负相抵后，为正才记，否则记0。",
        (
            _c("000§H 三1", "按照“只记正分，不记负分”的原则记为该方积分"),
            _c("000§D 二4", "每把打完后计算分数,正负相加后只记录正分"),
        ),
        (),
    ),
    (
        "R-SCORE-4",
        "T27",
        "Bonus points (点, 烧, 闷, 反烧, 二杀一)",
        "事件加分",
        "Tournament rules add points for events: keeping an opponent unopened, a successful "
        "burn, a 闷, a 反烧 (worth more, rising with each further 反烧) and a 二杀一. Some "
        "take the same points from the victim; burning or 闷 one's own teammate usually earns "
        "nothing.",
        "比赛规则对事件加分：让对方不开点、烧牌成功、闷牌、反烧（分值更高，再反烧递增）、"
        "二杀一。有的规则同时扣受害者同样的分；烧或闷自己的同伙一般不得分。",
        (
            _c("000§A 二2", "让对方不开点、烧牌、闷牌均为获得1分，反烧牌为2分，在反烧牌为3分"),
            _c("000§D 二3", "联邦之间烧牌互不得分"),
        ),
        ("bie3.men_score", "kaidian.sanction"),
    ),
    (
        "R-TRIBUTE-1",
        "T22",
        "Tribute (进贡)",
        "进贡",
        "Where tribute is paid, the 大落 gives his two best cards (大王, 小王 or 2) to 头科 and "
        "the 二落 one to 二科; event tributes (for not opening, being burned, being 闷) come "
        "first, in a fixed order. A player without such cards may be excused. Most "
        "tournaments score instead of paying tribute; 004 turns every tribute card into a "
        "point for the receiver.",
        "进贡时大落向头科进两张、二落向二科进一张（大王、小王、2中取大者）；点贡、烧贡、"
        "憋3贡等按规定顺序先进。没有法定贡牌者可免贡。多数比赛只计分不进贡；004规定每进贡"
        "一张由吃贡者得1分。",
        (
            _c("001c (三)", "大落向头科进2张贡牌，二落向二科进 1张贡牌"),
            _c("001c (十一)", "进贡的顺序是"),
            _c("004a 一5", "每进贡一张，由吃贡者得1分，进贡者不得分"),
        ),
        (),
    ),
    (
        "R-TRIBUTE-2",
        "T22",
        "Returning tribute (还贡)",
        "还贡",
        "The receivers give back as many low cards, usually singles, in the same order as "
        "the tribute; a payer who lacks the returned rank may refuse the card and ask for "
        "another. Some rules have no return.",
        "吃贡者按进贡顺序还同样张数的小牌，一般还单张；进贡方没有相同点数的牌时可拒收并要求换牌。"
        "也有不还贡的规则。",
        (_c("001c (十二)", "吃贡一方须返还进贡一方相同数量的小点牌"),),
        (),
    ),
    (
        "R-MATCH-1",
        "T28",
        "Match scoring and tie-breaks",
        "赛制与同分决胜",
        "A game (局) may be one deal or several hands (把); a match is a fixed number of "
        "games or best of three or five. Ties are broken, by ruleset, on 头科 counts, fewer "
        "大落, head-to-head results, points, biggest win, an extra game or hand, or by lot.",
        "一局可为一副牌或若干把；一场比赛为固定局数或三局两胜、五局三胜。同分时按各规则比较"
        "头科次数、大落次数、胜负关系、积分、最大胜局，或加赛一局（一把），或抽签。",
        (
            _c("000§A 二3", "已累计头科次数多者为胜"),
            _c("000§D 二4", "6把,一圈,分数相加,分数多者胜出一局"),
        ),
        (),
    ),
    (
        "R-TIME-1",
        "T29",
        "Time limit",
        "出牌限时",
        "Tournaments limit the time for a play (15, 30 or 60 seconds); a player who runs out "
        "of time has passed.",
        "比赛规定每手出牌限时（15、30或60秒），超时视为过牌。",
        (
            _c("000§F 12", "每位队员出一套牌的时间限时15秒，逾时视为“过牌”"),
            _c("000§C 三3", "出牌时间限定30秒，超时视为过牌"),
        ),
        (),
    ),
    (
        "R-CUOPAI-1",
        "T29",
        "A wrong play is not played (错牌不出)",
        "错牌不出",
        "A player who follows with a set that is not allowed takes it back and loses his "
        "right to follow: his 下家 acts instead. The fuller Qingdao text keeps him out for the "
        "rest of the round; the 大纲-style texts take away only that turn.",
        "顺牌有误者收回所出的牌，顺牌权取消，由下家行使。青岛规则规定其本轮无权再顺牌；"
        "大纲类文本只取消这一次。",
        (
            _c("001b 3", "顺牌权自动取消，本轮无权再顺牌"),
            _c("004c 第四条", "其顺牌权自动取消，由其下家行使顺牌权"),
        ),
        (),
    ),
    (
        "R-PENALTY-1",
        "T29",
        "Conduct penalties",
        "违规处罚",
        "Signalling, words outside the allowed vocabulary, looking at others' or turned "
        "cards, leaving the table and cheating are violations, fined by the referee (for "
        "example 2 points, then 4, then disqualification). The Qingdao 憋3 rules take away a "
        "lead for a misplay or a false report.",
        "暗示、使用规定以外的语言、偷看他人或已扣的牌、擅离座位和作弊都是违规，由裁判扣分"
        "（如一次2分、两次4分、三次取消资格）。青岛憋3规则对误发、报户不实等取消一次发牌权。",
        (
            _c("000§L 三(3)6", "违规一次扣2分，违规两次扣四分，违规三次取消其比赛资格"),
            _c("001d (四)", "均分别取消一次发牌权"),
        ),
        (),
    ),
    (
        "R-VOCAB-1",
        "T29",
        "Table talk",
        "比赛用语",
        "In tournaments players may say only the rule words (报牌, 过牌, 让牌, 烧牌, 接风, "
        "扣牌, 够级, and answers about card counts); anything else is a violation "
        "(R-PENALTY-1).",
        "比赛中只允许使用规定的用语（报牌、过牌、让牌、烧牌、接风、扣牌、够级及问答牌），"
        "其他话语属违规（R-PENALTY-1）。",
        (
            _c("000§F 11", "只能使用“报牌”、“过牌”、“让牌”、“烧牌”、“接风”等用语"),
            _c("003(17)", "只允許報牌、問答牌、說“過”和“接風”"),
        ),
        (),
    ),
    (
        "R-RECORD-1",
        "T28",
        "The written result must match the replay",
        "记录结果须与复盘一致",
        "A project rule for records: the places, scores and events written in a record's "
        "result must be those the rules engine derives when it replays the moves; where "
        "they differ, the replay is right and the record is flagged.",
        "本项目对记录的要求：记录中写明的名次、分数和事件，须与规则引擎复盘着法得出的一致；"
        "不一致时以复盘为准，并标出该记录。",
        (),
        (),
    ),
)

#: Rule ids this module adds beyond ``docs/CONTRACTS.md``.
ADDED_RULE_IDS: tuple[str, ...] = ("R-RANK-1", "R-VOCAB-1")


def _build_rules() -> dict[str, Rule]:
    by_rule: dict[str, list[str]] = {}
    for p in PARAMETERS.values():
        by_rule.setdefault(p.rule_id, []).append(p.name)
    rules: dict[str, Rule] = {}
    for rid, topic, ten, tzh, xen, xzh, sources, extra in _DATA:
        params = tuple(dict.fromkeys([*by_rule.get(rid, []), *extra]))
        rules[rid] = Rule(rid, topic, ten, tzh, xen, xzh, sources, params)
    return rules


#: Every rule, by id, in rulebook order.
RULES: dict[str, Rule] = _build_rules()


def rule(rule_id: str) -> Rule:
    """The rule with ``rule_id`` (case-insensitive).

    :raises UnknownRuleError: for an unknown id, with close matches.
    """
    key = rule_id.strip().upper()
    if key in RULES:
        return RULES[key]
    raise UnknownRuleError(rule_id, difflib.get_close_matches(key, list(RULES), n=3))


def rules_for_parameter(name: str) -> list[Rule]:
    """The rules a parameter modifies.

    >>> [r.id for r in rules_for_parameter("score.bonus")]
    ['R-JOKER-6', 'R-KAIDIAN-5', 'R-SCORE-4']
    """
    return [r for r in RULES.values() if name in r.parameters]


# --------------------------------------------------------------------------------------
# docs/rules.md
# --------------------------------------------------------------------------------------

DOC_PATH = Path(__file__).resolve().parents[3] / "docs" / "rules.md"

_PROV_MD = {"stated": "stated", "inherited": "inherited", "default": "**default**"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _value_md(value: object) -> str:
    text = format_value(value)
    return f"`{_cell(text)}`"


def _cite_md(c: Citation | None) -> str:
    if c is None:
        return ""
    quote = f" 「{_cell(c.quote)}」" if c.quote else ""
    return f"`{c.file}` {_cell(c.section)}{quote}"


def _param_link(name: str) -> str:
    return f"[`{name}`](#p-{name.replace('.', '-').replace('_', '-')})"


def _setting_prov(s: Setting) -> str:
    text = _PROV_MD[s.provenance]
    if s.provenance == "inherited":
        text += f" from [`{s.origin}`](#profile-{s.origin})"
        if s.open:
            text += " (default there)"
    if s.disputed:
        text += " · **disputed**"
    return text


def _setting_source(s: Setting) -> str:
    if s.provenance == "inherited":
        # the full citation and note are in the ancestor's table (linked)
        return _cell(s.citation.tag) if s.citation else "—"
    parts = []
    if s.citation is not None:
        parts.append(_cite_md(s.citation))
    if s.note:
        parts.append(_cell(s.note))
    return "; ".join(parts)


def _rule_md(r: Rule) -> list[str]:
    out = [f'<a id="{r.anchor}"></a>', f"### {r.id} — {r.title_en} ({r.title_zh})", ""]
    out += [f"Topic {r.topic}.", "", r.text_en, "", r.text_zh, ""]
    if r.sources:
        out.append("Sources:")
        out += [f"- {_cite_md(c)}" for c in r.sources]
    else:
        out.append("Sources: none (a project rule).")
    out.append("")
    if r.parameters:
        out.append("Parameters: " + ", ".join(_param_link(p) for p in r.parameters))
        out.append("")
    return out


def _parameter_md(p: Parameter) -> str:
    anchor = f'<a id="p-{p.name.replace(".", "-").replace("_", "-")}"></a>'
    no = "added" if p.catalog_no is None else str(p.catalog_no)
    return (
        f"| {anchor}`{p.name}` | {p.type_text()} | {_cell(p.allowed_text())} | "
        f"{_value_md(p.default)} | {p.topic} | [{p.rule_id}](#{p.rule_id.lower()}) | {no} | "
        f"{_cell(p.en)}<br>{_cell(p.zh)} |"
    )


def _profile_md(p: Profile) -> list[str]:
    out = [f'<a id="profile-{p.id}"></a>', f"### `{p.id}` — {p.title_en} ({p.title_zh})", ""]
    out.append(f"- Aliases: {', '.join(f'`{a}`' for a in p.aliases)}")
    out.append(f"- Parent: {f'`{p.parent}`' if p.parent else 'none (the base profile)'}")
    out.append("- Sources: " + ", ".join(f"`{c.file}` {c.section}".rstrip() for c in p.sources))
    out += ["", p.summary_en, "", p.summary_zh, ""]
    out.append("| Parameter | Value | Provenance | Citation / note |")
    out.append("|---|---|---|---|")
    for name, s in p.table.items():
        out.append(
            f"| `{name}` | {_value_md(s.value)} | {_setting_prov(s)} | {_setting_source(s)} |"
        )
    out.append("")
    return out


def _open_points_md() -> list[str]:
    out: list[str] = []
    for p in PROFILES.values():
        rows = [(n, PROFILES[p.id].table[n]) for n, _ in open_points(p.id, own_only=True)]
        if not rows:
            continue
        out.append(f"#### `{p.id}`")
        out.append("")
        out.append("| Parameter | Default chosen | Why / readings |")
        out.append("|---|---|---|")
        for name, s in rows:
            why = _cell(s.note)
            if s.disputed:
                readings = "; ".join(
                    f"{_value_md(r.value)}"
                    + (f" ({_cite_md(r.citation)})" if r.citation else "")
                    + (f" {_cell(r.note)}" if r.note else "")
                    for r in s.disputed
                )
                why = f"**disputed**: {readings}" + (f". {why}" if why else "")
            out.append(f"| `{name}` | {_value_md(s.value)} | {why} |")
        out.append("")
    return out


def _engine_readings_md() -> list[str]:
    from gojinotation_analyzer.engine.defaults import ENGINE_DEFAULTS

    out = [
        "#### Engine readings",
        "",
        "Where the documents are silent on how a record is judged, or a record cannot show "
        "what the rule asks, the engine reads it as follows (`gojinotation_analyzer.engine."
        "ENGINE_DEFAULTS`); a Dispute or Notice is reported where the reading decides.",
        "",
        "| Point | Reading |",
        "|---|---|",
    ]
    out += [f"| `{k}` | {_cell(v)} |" for k, v in sorted(ENGINE_DEFAULTS.items())]
    out.append("")
    return out


def markdown() -> str:
    """The full text of ``docs/rules.md``, generated from the rulebook and the profiles."""
    out = [
        "# The Gouji rulebook (够级规则)",
        "",
        "<!-- Generated by `python -m gojinotation_analyzer.rules.rulebook --write`; "
        "do not edit by hand. -->",
        "",
        "This is gojinotation's rulebook: the rules of 够级 in our own words, with the Chinese "
        "terms beside them. Every rule cites the seed documents it rests on by file name, "
        "section and a short quote in the original language. The parameter and profile "
        "tables are generated from `rules/ruleset.py` and `rules/profiles.py` (in "
        "`analyzer/gojinotation_analyzer/`), the prose from `rules/rulebook.py`, so the "
        "documentation and the engine cannot drift apart.",
        "",
        "Seed documents:",
        "",
    ]
    out += [f"- `{f}` (cited as {tag})" for tag, f in SEED_FILES.items()]
    out += [
        "",
        "Sections inside `000_2cf9eb31bd48568c.txt` are §A–§P (separate documents in one "
        "compilation); `001`, `002` and `004` have parts a, b, c, d; `003` has numbered items.",
        "",
        "Contents: [Rules](#rules) · [Parameters](#parameters) · [Profiles](#profiles) · "
        "[Open points](#open-points)",
        "",
        "## Rules",
        "",
    ]
    for r in RULES.values():
        out += _rule_md(r)
    out += [
        "## Parameters",
        "",
        "Every point of variation is a parameter of "
        "`gojinotation_analyzer.rules.ruleset.Ruleset`; its attribute path is the dotted "
        "name (`pass` and `return` are spelled `pass_` and `return_`). A "
        'record changes parameters with `[Rules "name=value; ..."]`. Defaults are the '
        "`qingdao-standard` values. *No.* is the row of the research catalog's parameter "
        "table; *added* marks parameters this project added where the documents leave a "
        "point open that the engine needs.",
        "",
        "| Parameter | Type | Allowed values | Default | Topic | Rule | No. | Description |",
        "|---|---|---|---|---|---|---|---|",
    ]
    out += [_parameter_md(p) for p in PARAMETERS.values()]
    out += [
        "",
        "## Profiles",
        "",
        "A profile is the ruleset of one document. It names a parent and states only what "
        "its document says. *stated* values cite the profile's own document; *inherited* "
        "values come from the named ancestor (with the ancestor's citation); **default** "
        "values are open points: the documents are silent and the note says why the value "
        "was chosen. **disputed** marks a point the document contradicts; every reading is "
        "listed under [Open points](#open-points).",
        "",
        "| Profile | Aliases | Parent | Title | Sources |",
        "|---|---|---|---|---|",
    ]
    for p in PROFILES.values():
        out.append(
            f"| [`{p.id}`](#profile-{p.id}) | {', '.join(f'`{a}`' for a in p.aliases)} | "
            f"{f'`{p.parent}`' if p.parent else '—'} | {p.title_en}<br>{p.title_zh} | "
            f"{_cell(p.source_text())} |"
        )
    out.append("")
    for p in PROFILES.values():
        out += _profile_md(p)
    out += [
        "## Open points",
        "",
        "Every point the documents leave open (**default**) or contradict (**disputed**), "
        "listed under the profile whose document leaves it open, with the default chosen and "
        "why. A profile also inherits its ancestors' open points (`gojinotation_analyzer.rules."
        "profiles.open_points`).",
        "",
    ]
    out += _open_points_md()
    out += _engine_readings_md()
    return "\n".join(out).rstrip() + "\n"


def main(argv: Iterable[str] | None = None) -> int:
    """``python -m rules.rulebook [--markdown | --check | --write] [--path PATH]``."""
    parser = argparse.ArgumentParser(prog="python -m gojinotation_analyzer.rules.rulebook")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--markdown", action="store_true", help="print docs/rules.md")
    mode.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    mode.add_argument("--write", action="store_true", help="rewrite the file")
    parser.add_argument("--path", default=str(DOC_PATH), help="the rules.md path")
    args = parser.parse_args(list(argv) if argv is not None else None)
    text = markdown()
    path = Path(args.path)
    if args.check:
        current = path.read_text("utf-8") if path.exists() else ""
        if current != text:
            print(
                f"{path} is out of date; run: "
                "python -m gojinotation_analyzer.rules.rulebook --write"
            )
            return 1
        return 0
    if args.write:
        path.write_text(text, "utf-8")
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
