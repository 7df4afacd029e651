"""Catalogue entries: gouji serve (cli/serve.py).

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # -- gouji serve (cli/serve.py)
    "serve.help.host": ("Address to bind.", "监听的地址。"),
    "serve.help.port": ("Port.", "端口。"),
    "serve.help.delay": ("Spectators' delay: 5m, 90s …", "观战延时：5m、90s …"),
    "serve.help.lang": ("The language of the pages.", "页面的语言。"),
    "serve.help": (
        "Serve an event: recorder views checked by the engine, live spectator views "
        "(needs the 'serve' extra).",
        "启动赛事服务：由规则引擎逐步检查的记录员页面与直播观战页面（需安装 serve 附加包）。",
    ),
    "serve.missing_extra": (
        "gouji serve needs the 'serve' extra: pip install 'gojinotation[serve]' ({reason})",
        "gouji serve 需要 serve 附加包：pip install 'gojinotation[serve]'（{reason}）",
    ),
    "serve.bad_delay": (
        "bad --delay {value!r}: write e.g. 5m, 90s, 0",
        "--delay 值 {value!r} 无效：请写成 5m、90s、0 等",
    ),
    "serve.no_dir": ("no such folder: {path}", "文件夹不存在：{path}"),
    "serve.start": (
        "serving {n} table(s) from {path} at {url} (delay {delay:g} s)\n"
        "organiser page (keep it private): {url}/organiser#k={token}",
        "正在从 {path} 提供 {n} 张桌的服务：{url}（延迟 {delay:g} 秒）\n"
        "组织者页面（请勿外传）：{url}/organiser#k={token}",
    ),
    # -- the store (serve/store.py): confirmations, seal, next deal
    "serve.not_over": ("the deal is not over", "本局尚未结束"),
    "serve.bad_seat": (
        "no such seat: {seat} (seats are 1 to 6)",
        "没有此座位：{seat}（座位为 1 至 6）",
    ),
    "serve.unconfirmed": (
        "the result is not yet confirmed by seat(s) {seats}",
        "以下座位尚未确认本局结果：{seats}",
    ),
    "serve.not_sealed": (
        "seal this deal before starting the next one",
        "请先封存本局，再开始下一局",
    ),
    "serve.bad_hands": (
        "the next deal needs six hand lines, hand 1: … to hand 6: … {reason}",
        "下一局需要六行手牌：hand 1: … 至 hand 6: … {reason}",
    ),
    "serve.seal_broken": (
        "the record no longer matches its seal: it was changed after it was sealed",
        "记录与封存的摘要不再相符：封存后被改动过",
    ),
    "serve.leader_needed": (
        "the previous deal does not decide who leads the next one: name the seat (1 to 6)",
        "上一局的结果不决定下一局的首发牌人：请指定座位（1 至 6）",
    ),
}
