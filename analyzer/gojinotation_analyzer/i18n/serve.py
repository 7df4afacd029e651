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
}
