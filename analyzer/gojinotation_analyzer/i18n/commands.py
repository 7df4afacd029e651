"""Catalogue entries of the commands new, show and the main group (cli/new.py,
cli/show.py, cli/main.py).

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- cli/new.py
    "help.new": (
        "Write a record skeleton: tags for the event, the six players, the profile and "
        "the first leader, and six hands (unknown, or dealt from --seed).",
        "写出一份记录骨架：赛事、六位选手、规则方案与首发牌人的标签，以及六手牌"
        "（未知，或按 --seed 发牌）。",
    ),
    "help.new.short": ("Write a record skeleton.", "写出记录骨架。"),
    "help.new.event": ("The Event tag.", "Event（赛事）标签。"),
    "help.new.players": (
        "The six players, seats 1-6, separated by commas.",
        "六位选手（座位 1–6），以逗号分隔。",
    ),
    "help.new.profile": (
        "The rule profile (id or alias; default qingdao-standard).",
        "规则方案（编号或别名；默认 qingdao-standard）。",
    ),
    "help.new.leader": ("The first leader's seat (1-6).", "首发牌人座位（1–6）。"),
    "help.new.seed": (
        "Deal the hands from this seed (the first deal of gouji simulate --seed N).",
        "按此种子发牌（即 gouji simulate --seed N 的第一局）。",
    ),
    "help.new.date": (
        "The Date tag (YYYY.MM.DD; default today).",
        "Date（日期）标签（YYYY.MM.DD；默认今天）。",
    ),
    "help.new.output": (
        "Write to this file instead of standard output (never over an existing file).",
        "写入此文件而非标准输出（不覆盖已有文件）。",
    ),
    "new.comment": (
        "New record. Write the sets in order, each with its seat: 1:33 4:77 ... Passes "
        "and closes may be left out where the next action implies them; write every "
        "choice (yield, burn, report, buy ...) and, after 接风, the pass of a seat that "
        "leads although it was still to answer (docs/format.md 9.3). gouji fmt writes "
        "the full record; gouji show --at ROUND prints each seat's remaining cards.",
        "新记录。按顺序写出每一手牌及其座位：1:33 4:77 …… 下一着所隐含的过牌与扣牌可以"
        "省略；凡属选择的动作（让牌、烧牌、报牌、买3……）都要写，接风时本应应牌而改为发牌的"
        "座位须写出其过牌（见 docs/format.md 9.3）。gouji fmt 写出完整记录；"
        "gouji show --at 轮次 列出各座位余牌。",
    ),
    "new.hands_seed": (
        "Hands dealt from seed {seed} under {profile}; first leader by 上班: seat {leader}.",
        "按种子 {seed}、{profile} 发牌；按上班首发牌人为 {leader} 号。",
    ),
    "new.bad_players": (
        "--players needs six names separated by commas, got {n}",
        "--players 需要六个以逗号分隔的名字，实际为 {n} 个",
    ),
    "new.bad_profile": ("unknown rule profile {profile!r}", "未知的规则方案 {profile!r}"),
    "new.bad_date": (
        "--date must be YYYY.MM.DD, not {value!r}",
        "--date 须为 YYYY.MM.DD，不是 {value!r}",
    ),
    "new.exists": (
        "{path} exists: not overwritten",
        "{path} 已存在：不覆盖",
    ),
    "new.wrote": ("wrote {path}", "已写出 {path}"),
    # -- cli/show.py
    "help.at": (
        "Also print each seat's remaining cards at a point of the deal: ROUND (the "
        "start of that round, before its lead) or pK (after the K-th action as "
        "written; implied passes and closes are filled in).",
        "同时列出局中某一时刻各座位的余牌：ROUND（该轮发牌之前）或 pK（按记录第 K 着之后；"
        "省略的过牌与扣牌自动补全）。",
    ),
    "show.at_bad": (
        "--at takes a round number (7) or an action number (p42), not {value!r}",
        "--at 须为轮次（如 7）或着数（如 p42），不是 {value!r}",
    ),
    "show.at_round": (
        "Remaining cards at the start of round {n} (after {k} recorded action(s)):",
        "第{n}轮开始时的余牌（按记录第 {k} 着之后）：",
    ),
    "show.at_play": (
        "Remaining cards after recorded action {k} ({action}), round {n}:",
        "按记录第 {k} 着（{action}）之后的余牌，第{n}轮：",
    ),
    "show.at_beyond": (
        "the deal has {rounds} round(s) and {count} recorded action(s): nothing at {value}",
        "本局共 {rounds} 轮、{count} 着：没有 {value}",
    ),
    "show.at_seat": ("Seat {seat} ({count}): {cards}", "座位 {seat}（{count} 张）：{cards}"),
    "show.at_out": ("Seat {seat}: out, {place}", "座位 {seat}：已走科，{place}"),
    "show.at_failed": (
        "remaining cards not shown: the replay failed ({reason})",
        "无法列出余牌：复盘失败（{reason}）",
    ),
    # -- cli/main.py
    "io.encoding": (
        "{path} is not UTF-8: read as {encoding} (files are written in UTF-8; "
        "gouji --encoding NAME to choose)",
        "{path} 不是 UTF-8 编码：已按 {encoding} 读取（写出的文件一律为 UTF-8；"
        "可用 gouji --encoding 编码名 指定）",
    ),
    "io.future_version": (
        "{path} declares GJN {version}, a version this gouji does not know: it is read "
        "by the rules of GJN 1 (its version line is kept)",
        "{path} 声明为 GJN {version}，本程序不认识该版本：按 GJN 1 的规则读取（保留其版本行）",
    ),
    "io.bad_encoding": ("unknown encoding {encoding!r}", "未知的编码 {encoding!r}"),
    "help.encoding": (
        "Read records in this encoding (default: UTF-8, GBK/GB18030 and UTF-16 detected).",
        "按此编码读取记录（默认 UTF-8，自动识别 GBK/GB18030 与 UTF-16）。",
    ),
    "io.more_errors": (
        "… and {count} more syntax errors (not shown)",
        "……另有 {count} 个语法错误（未显示）",
    ),
}
