"""The message catalogue: every message of the command line and the reports in English
and Chinese, in one place (:data:`CATALOG`; the replay page's strings are the data file
:data:`PAGE_CATALOG_FILE`, read by :func:`page_catalog`).  ``tests/test_i18n.py`` checks
that every message exists in both languages with the same fields, and that no other module
of the analyzer keeps a bilingual table of its own.

:func:`t` looks a message up by key and fills in its fields; :func:`detect_lang` picks
the default language from the environment (``zh`` when ``LC_ALL``, ``LC_MESSAGES`` or
``LANG`` — the first that is set — starts with ``zh``, otherwise ``en``).

>>> t("fmt.would_reformat", "en", path="a.gjn")
'would reformat a.gjn'
>>> t("fmt.would_reformat", "zh", path="a.gjn")
'需要重新格式化 a.gjn'
>>> detect_lang({"LANG": "zh_CN.UTF-8"}), detect_lang({"LC_ALL": "C", "LANG": "zh_CN"})
('zh', 'en')

Keys are dotted, the first part naming the command or module (``rules.*``,
``tiebreak.*``).  The project's own modules keep their messages here; a plugin (a command
from another package) adds its own with :func:`register`:

>>> register({"demo.hello": ("hello {name}", "你好 {name}")})
>>> t("demo.hello", "zh", name="张三")
'你好 张三'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources

__all__ = [
    "CATALOG",
    "LANGS",
    "PLACES",
    "detect_lang",
    "normalize_lang",
    "page_catalog",
    "register",
    "t",
    "translate_click",
]

#: The languages every message exists in.
LANGS: tuple[str, ...] = ("en", "zh")

#: key -> (English, Chinese); fields in ``{braces}`` are filled by :func:`t`.
CATALOG: dict[str, tuple[str, str]] = {
    # -- general
    "error": ("error", "错误"),
    "warning": ("warning", "警告"),
    "note": ("note", "提示"),
    "stdin": ("<stdin>", "<标准输入>"),
    "aborted": ("Aborted!", "已中止！"),
    "internal_error": (
        "internal error: {reason} (please report this; set GOUJI_DEBUG=1 for a traceback)",
        "内部错误：{reason}（请报告此问题；设置 GOUJI_DEBUG=1 可显示调用栈）",
    ),
    # -- files
    "io.not_found": ("cannot read {path}: no such file", "无法读取 {path}：文件不存在"),
    "io.is_dir": ("cannot read {path}: it is a directory", "无法读取 {path}：这是一个目录"),
    "io.permission": ("cannot read {path}: permission denied", "无法读取 {path}：没有权限"),
    "io.read_error": ("cannot read {path}: {reason}", "无法读取 {path}：{reason}"),
    "io.write_error": ("cannot write {path}: {reason}", "无法写入 {path}：{reason}"),
    "io.write_permission": ("cannot write {path}: permission denied", "无法写入 {path}：没有权限"),
    "io.no_gjn_files": ("no .gjn files in {path}", "{path} 中没有 .gjn 文件"),
    "io.errors_in": (
        "{path}: {count} syntax error(s)",
        "{path}：{count} 处语法错误",
    ),
    # -- fmt
    "fmt.would_reformat": ("would reformat {path}", "需要重新格式化 {path}"),
    "fmt.reformatted": ("reformatted {path}", "已重新格式化 {path}"),
    "fmt.kept_broken": (
        "{path}: {count} deal(s) with syntax errors kept exactly as written",
        "{path}：{count} 局有语法错误的记录按原文保留",
    ),
    "fmt.not_utf8": (
        "{path} was not rewritten: it is not valid UTF-8 text",
        "未改写 {path}：文件不是有效的 UTF-8 文本",
    ),
    "fmt.unsafe": (
        "{path} was not rewritten: the formatted text would not read back the same "
        "(please report this)",
        "未改写 {path}：格式化后的文本读回后与原记录不一致（请报告此问题）",
    ),
    "fmt.summary_check": (
        "{changed} file(s) would be reformatted, {unchanged} unchanged, {failed} with errors",
        "{changed} 个文件需要重新格式化，{unchanged} 个无需改动，{failed} 个有错误",
    ),
    "fmt.summary": (
        "{changed} file(s) reformatted, {unchanged} unchanged, {failed} with errors",
        "{changed} 个文件已重新格式化，{unchanged} 个无需改动，{failed} 个有错误",
    ),
    "fmt.hands_open": (
        "{path}: deal {deal}: seat {seat}'s hand stays partly unknown ({unknown} of {size} cards)",
        "{path}：第{deal}局：{seat}号手牌仍部分未知（{size}张中{unknown}张未知）",
    ),
    "fmt.hands_unknown": (
        "{path}: deal {deal}: seat {seat}'s hand stays unknown (the plays prove none of its "
        "{size} cards)",
        "{path}：第{deal}局：{seat}号手牌仍未知（出牌推不出其{size}张中的任何一张）",
    ),
    "fmt.hands_filled": (
        "{path}: deal {deal}: {count} card(s) of the hands inferred from the plays",
        "{path}：第{deal}局：根据出牌推出手牌 {count} 张",
    ),
    "fmt.hands_conflict": (
        "{where}: error {rule}: deal {deal}: {message}; the hands were left as written",
        "{where}：错误 {rule}：第{deal}局：{message}；手牌按原记录保留",
    ),
    "fmt.original": ("original", "原文"),
    "fmt.formatted": ("formatted", "格式化后"),
    # -- convert
    "convert.unknown_format": (
        "cannot tell the format of {path}: use --from gjn|json",
        "无法判断 {path} 的格式：请使用 --from gjn|json",
    ),
    "convert.not_converted": (
        "{path} was not converted because of the errors above",
        "由于上述错误，未转换 {path}",
    ),
    "convert.not_same": (
        "the GJN written to {path} does not read back exactly as the JSON "
        "(GJN places comments by position, and a deal needs moves or hands before the next "
        "deal's tags)",
        "写入 {path} 的 GJN 读回后与 JSON 不完全一致（GJN 按位置归属注释，"
        "且下一局的标签之前需有手牌或出牌）",
    ),
    "convert.wrote": ("wrote {path} ({fmt})", "已写入 {path}（{fmt}）"),
    # -- show
    "show.file": ("{path}: GJN {version}, {count} deal(s)", "{path}：GJN {version}，共 {count} 局"),
    "show.deal": ("Deal {n}", "第 {n} 局"),
    "show.broken": (
        "Deal {n}: cannot be read (syntax errors, line {line})",
        "第 {n} 局：无法读取（语法错误，第 {line} 行）",
    ),
    "show.no_deal": (
        "there is no deal {n} (the file has {count})",
        "没有第 {n} 局（文件共 {count} 局）",
    ),
    "show.event": ("Event", "赛事"),
    "show.site": ("Site", "地点"),
    "show.date": ("Date", "日期"),
    "show.round_tag": ("Round", "轮次"),
    "show.table": ("Table", "桌号"),
    "show.match": ("Match", "场次"),
    "show.game": ("Game", "盘"),
    "show.deal_tag": ("Deal", "局"),
    "show.profile": ("Rules profile", "规则"),
    "show.rules": ("Rule overrides", "规则调整"),
    "show.leader": ("First leader", "首出"),
    "show.annotator": ("Annotator", "记录人"),
    "show.time_control": ("Time control", "限时"),
    "show.seconds": ("{n} s per play", "每手 {n} 秒"),
    "show.other_tags": ("Other tags", "其他标签"),
    "show.teams": ("Teams", "队伍"),
    "show.team": ("Team {team} (seats {seats})", "{team} 队（座位 {seats}）"),
    "show.players": ("Players", "选手"),
    "show.player": (
        "Seat {seat}  {name}  team {team}  对头 seat {duitou}",
        "座位 {seat}  {name}  {team} 队  对头 座位 {duitou}",
    ),
    "show.unnamed": ("(no name)", "（未记名）"),
    "show.hands": ("Hands", "手牌"),
    "show.hand": ("Seat {seat} ({count}): {cards}", "座位 {seat}（{count} 张）：{cards}"),
    "show.hand_unknown": ("Seat {seat}: unknown", "座位 {seat}：未知"),
    "show.hand_empty": ("Seat {seat}: (empty)", "座位 {seat}：（空）"),
    "show.rounds": ("Rounds", "出牌"),
    "show.no_moves": ("(no moves)", "（无出牌记录）"),
    "show.comments": ("Comments", "注释"),
    "show.line": ("line {line}", "第 {line} 行"),
    "show.finish": ("Finish", "名次"),
    "show.finish_place": ("{place} seat {seat}", "{place} 座位 {seat}"),
    "show.score": ("Score", "得分"),
    "show.team_score": ("team {team} {points}", "{team} 队 {points}"),
    "show.seat_word": ("seat {seat}", "座位 {seat}"),
    # -- plugins
    "plugin.failed": (
        "the command {name!r} could not be loaded: {reason}",
        "无法加载命令 {name!r}：{reason}",
    ),
    # -- help texts
    "help.main": (
        "GJN (Gouji Notation) tools: format, convert and show 够级 hand records.",
        "GJN（够级记谱）工具：格式化、转换和查看够级牌谱。",
    ),
    "help.lang": (
        "Language of messages (default: from LANG/LC_ALL).",
        "提示信息的语言（默认按 LANG/LC_ALL）。",
    ),
    "help.version": ("Show the version and exit.", "显示版本并退出。"),
    "help.help": ("Show this message and exit.", "显示此帮助并退出。"),
    "help.usage": ("Usage: ", "用法："),
    "help.options": ("Options", "选项"),
    "help.commands": ("Commands", "命令"),
    "help.fmt": (
        "Rewrite GJN files in canonical form, in place ('-' reads standard input and "
        "writes standard output). Directories are searched for *.gjn. Deals with syntax "
        "errors are kept exactly as written. Exit 0: done; 1: --check found files to "
        "reformat; 2: errors.",
        "将 GJN 文件就地改写为规范格式（'-' 表示从标准输入读、向标准输出写）。"
        "目录中的 *.gjn 文件都会处理。有语法错误的局按原文保留。"
        "退出码 0：完成；1：--check 发现需要格式化的文件；2：有错误。",
    ),
    "help.fmt.short": ("Format GJN files canonically.", "规范格式化 GJN 文件。"),
    "help.check": (
        "Do not write; exit 1 if any file would change (for CI).",
        "不写入；若有文件需要改动则退出码为 1（用于 CI）。",
    ),
    "help.diff": (
        "Do not write; print a unified diff of the changes.",
        "不写入；输出改动的 unified diff。",
    ),
    "help.quiet": ("Report errors only.", "只报告错误。"),
    "help.fill_hands": (
        "Write the hands the plays determine (cards inferred from the plays, the sixth "
        "hand from the rest of the deck) and name the hands that stay partly unknown.",
        "补写出牌所确定的手牌（由出牌推出的牌；五手已知时第六手为余下的牌），并列出仍部分未知的手牌。",
    ),
    "help.explicit": (
        "Write in the implied closes (扣牌) and round numbers by replaying each deal "
        "(default); --no-explicit keeps the moves as recorded.",
        "通过复盘补写省略的扣牌和轮次编号（默认）；--no-explicit 保留原记录的出牌。",
    ),
    "help.convert": (
        "Convert a record between GJN and JSON. The formats follow the file extensions "
        "(.gjn, .json) unless --from/--to say otherwise; '-' is standard input or output.",
        "在 GJN 与 JSON 之间转换牌谱。格式按扩展名（.gjn、.json）判断，"
        "也可用 --from/--to 指定；'-' 表示标准输入或输出。",
    ),
    "help.convert.short": ("Convert GJN <-> JSON.", "GJN 与 JSON 互相转换。"),
    "help.output": (
        "Output file ('-' for standard output, the default).",
        "输出文件（默认 '-'，即标准输出）。",
    ),
    "help.to": (
        "Output format (default: from the output extension).",
        "输出格式（默认按输出文件扩展名）。",
    ),
    "help.from": (
        "Input format (default: from the input extension or content).",
        "输入格式（默认按输入扩展名或内容）。",
    ),
    "help.no_spans": ("Leave source positions out of the JSON.", "JSON 中不写源文件位置。"),
    "help.indent": ("JSON indentation (0: one line).", "JSON 缩进（0 表示单行）。"),
    "help.show": (
        "Show a readable summary of a record: event, players and teams, each deal's hands "
        "by seat, the rounds one per line, comments, finish and score.",
        "以易读的形式显示牌谱：赛事、选手与队伍、每局各座位的手牌、逐轮出牌、注释、名次和得分。",
    ),
    "help.show.short": ("Show a record in readable form.", "以易读形式显示牌谱。"),
    "help.deal": ("Show only deal N (1-based).", "只显示第 N 局（从 1 开始）。"),
    # -- gouji validate
    "validate.help": (
        "Find every illegal action and every rule dispute in GJN records, and say why. "
        "FILE may be a .gjn or .json record, '-' for standard input, a directory "
        "(searched for *.gjn) or a glob pattern. Exit 0: no rule errors (warnings, "
        "disputes and notices alone do not fail); 1: rule errors; 2: syntax errors, "
        "unreadable files or usage errors.",
        "找出 GJN 牌谱中所有违规着法和规则争议，并说明原因。FILE 可以是 .gjn 或 .json "
        "牌谱、'-'（标准输入）、目录（查找其中的 *.gjn）或通配符模式。退出码 0：无违规"
        "（仅有警告、争议或提示不算失败）；1：有违规；2：有语法错误、文件无法读取或用法错误。",
    ),
    "validate.help.short": (
        "Check records against the rules.",
        "按规则检验牌谱。",
    ),
    "validate.help.profile": (
        "Validate under this rule profile instead of each deal's [Profile] tag "
        "(the [Rules] overrides still apply).",
        "用此规则方案代替各局的 [Profile] 标签检验（[Rules] 改动仍然适用）。",
    ),
    "validate.profile_and_file": (
        "give --profile or --profile-file, not both",
        "--profile 与 --profile-file 只能用其一",
    ),
    "validate.help.profiles": (
        "Also replay every deal under these profiles ('all' or a comma list) and show "
        "where the rulings, the finish order and the score differ.",
        "同时按这些规则方案（'all' 或逗号分隔的列表）复盘每一局，列出裁定、名次和得分的不同之处。",
    ),
    "validate.help.format": (
        "Output format: text for people (the default), json for tools (one document), "
        "jsonl for tools reading as it goes (one JSON object a finding, a summary last).",
        "输出格式：text 供阅读（默认），json 供程序使用（一个文档），"
        "jsonl 供边读边处理的程序（每条结果一个 JSON 对象，最后是汇总）。",
    ),
    "validate.help.lang": ("Language of the report.", "报告的语言。"),
    "validate.help.jobs": (
        "Validate on N processes, over files and chunks of deals (default: one a "
        "CPU); the output is the same as with --jobs 1.",
        "用 N 个进程检验，按文件和按局分块并行（默认每个 CPU 一个）；输出与 --jobs 1 相同。",
    ),
    "validate.help.dask": (
        "Validate on a Dask cluster (a scheduler address, or 'local' for a local "
        "cluster of --jobs workers); needs the dask extra.",
        "在 Dask 集群上检验（调度器地址，或 'local' 表示本机 --jobs 个工作进程的集群）；"
        "需要安装 dask 附加组件。",
    ),
    "validate.bad_jobs": ("--jobs must be at least 1, not {n}", "--jobs 至少为 1，而不是 {n}"),
    "validate.no_dask": (
        "--dask needs Dask: pip install 'gojinotation[dask]' ({reason})",
        "--dask 需要 Dask：pip install 'gojinotation[dask]'（{reason}）",
    ),
    "validate.help.explain": (
        "Explain every finding: what the rule says, why the action breaks it, the sources.",
        "详细说明每条结果：规则内容、违规原因及出处。",
    ),
    "validate.help.errors_only": (
        "List errors only (the summary still counts everything).",
        "只列出错误（汇总仍统计全部结果）。",
    ),
    "validate.help.no_color": ("Do not colour the output.", "输出不使用颜色。"),
    "validate.help.no_deck_check": (
        "Do not check the deck and hand sizes (for fragments with short hands).",
        "不检查用牌和手牌张数（用于手牌不全的片段）。",
    ),
    "validate.no_match": ("no file matches {pattern}", "没有与 {pattern} 匹配的文件"),
    "validate.progress": ("validating", "检验中"),
    "validate.summary": ("Summary", "汇总"),
    "validate.col.file": ("file", "文件"),
    "validate.col.deals": ("deals", "局数"),
    "validate.col.syntax": ("syntax", "语法错误"),
    "validate.col.errors": ("errors", "错误"),
    "validate.col.warnings": ("warnings", "警告"),
    "validate.col.disputes": ("disputes", "争议"),
    "validate.col.notices": ("notices", "提示"),
    "validate.total": ("total: {n} file(s)", "合计：{n} 个文件"),
    "validate.others": (
        "… {n} other file(s) without errors",
        "……另有 {n} 个文件没有错误",
    ),
    "validate.unreadable": ("(unreadable)", "（无法读取）"),
    "validate.clean": ("no rule errors", "没有违规"),
    "validate.failed": ("rule errors found", "发现违规"),
    "validate.syntax_failed": (
        "syntax errors or unreadable files",
        "有语法错误或无法读取的文件",
    ),
    # -- gouji simulate
    "simulate.help": (
        "Play complete deals with bots and write them as GJN, or print how often "
        "each rule event occurred (--stats).",
        "由程序自动对局并写成 GJN 记录，或统计各种规则事件出现的次数（--stats）。",
    ),
    "simulate.help.short": ("Self-play corpora and event statistics.", "自动对局与事件统计。"),
    "simulate.help.profile": (
        "Rule profile (id or alias); 'all' with --stats for every profile.",
        "规则方案（编号或别名）；与 --stats 同用时可写 all 表示全部方案。",
    ),
    "simulate.help.seed": (
        "Random seed (same seed, same deals).",
        "随机种子（种子相同则牌局相同）。",
    ),
    "simulate.help.deals": ("Number of deals.", "对局数。"),
    "simulate.help.bot": (
        "Bot for every seat, or six comma-separated names (random, heuristic).",
        "各座位的程序玩家，或用逗号分隔的六个名称（random、heuristic）。",
    ),
    "simulate.help.match": (
        "Play the deals as one match (leader from the last deal, tribute between deals).",
        "连续对局（由上一局决定先出者，局间进贡）。",
    ),
    "simulate.help.rules": (
        'Profile overrides, as in [Rules "..."].',
        '规则覆盖，同 [Rules "..."]。',
    ),
    "simulate.help.output": (
        "Output file (.gjn or .json); '-' for standard output.",
        "输出文件（.gjn 或 .json）；'-' 为标准输出。",
    ),
    "simulate.help.stats": ("Print the event statistics table.", "打印事件统计表。"),
    "simulate.help.markdown": ("The table in Markdown.", "以 Markdown 格式输出表格。"),
    "simulate.help.compact": (
        "Shares of deals only, profiles abbreviated, a column for all of them.",
        "只列出现局数的比例，规则方案用缩写，另加总计一列。",
    ),
    "simulate.help.jobs": (
        "Processes for --stats over several profiles.",
        "统计多个规则方案时使用的进程数。",
    ),
    "simulate.bad_bot": (
        "unknown bot {name!r}; choose from {names}",
        "未知的程序玩家 {name!r}；可选：{names}",
    ),
    "simulate.all_needs_stats": (
        "--profile all is only for --stats",
        "--profile all 只能与 --stats 同用",
    ),
    "simulate.stuck": ("the engine got stuck: {err}", "规则引擎卡住了：{err}"),
    "simulate.done": (
        "{n} deals in {secs:.1f} s of CPU time ({rate:.1f} deals/s of CPU), {wall:.1f} s elapsed",
        "{n} 局，CPU 时间 {secs:.1f} 秒（每 CPU 秒 {rate:.1f} 局），实际用时 {wall:.1f} 秒",
    ),
    # -- gouji render
    "render.help": (
        "Write self-contained HTML replays of records (one page per file, an index for several).",
        "生成可离线浏览的 HTML 复盘页面（每个文件一页，多个文件另有索引页）。",
    ),
    "render.help.short": ("HTML replays.", "生成 HTML 复盘页面。"),
    "render.help.output": (
        "The folder the pages are written to.",
        "写出页面的目录。",
    ),
    "render.help.lang": ("The language of the pages.", "页面的语言。"),
    "render.help.no_validate": (
        "Records as written, no engine.",
        "按原记录生成，不经规则引擎复盘。",
    ),
    "render.help.index": (
        "Write index.html (default: 2+ files).",
        "写出 index.html 索引页（默认：两个以上文件时）。",
    ),
    "render.help.profiles": (
        "Profiles to rule disputed deals under as well (a list, 'all' or 'none').",
        "有争议的局另按哪些规则方案裁定（列表、'all' 或 'none'）。",
    ),
    "render.help.jobs": (
        "Processes to render the files on (default: one a CPU); same pages as --jobs 1.",
        "并行渲染所用的进程数（默认每个 CPU 一个）；结果与 --jobs 1 完全相同。",
    ),
    "render.missing": ("no such file: {path}", "文件不存在：{path}"),
    "render.errors": (
        "{count} file(s) with syntax errors: their broken deals are drawn as written, marked",
        "{count} 个文件有语法错误：无法解析的牌局按原文显示并已标出",
    ),
    "render.wrote": ("wrote {path}", "已写出 {path}"),
    # -- gouji rules
    "rules.help": ("Rule profiles: list, show, compare.", "规则方案：列出、查看、比较。"),
    "rules.help.list": ("List the rule profiles.", "列出所有规则方案。"),
    "rules.help.show": (
        "Show every parameter of a profile with its value, provenance and citation.",
        "显示一个规则方案的全部参数：取值、来源类别与出处。",
    ),
    "rules.help.diff": (
        "Show where two profiles differ, with citations.",
        "显示两个规则方案的不同之处及出处。",
    ),
    "rules.id": ("id", "编号"),
    "rules.aliases": ("aliases", "别名"),
    "rules.title": ("title", "名称"),
    "rules.source": ("source", "出处"),
    "rules.parent": ("parent", "上级方案"),
    "rules.sources": ("sources", "文件"),
    "rules.param": ("parameter", "参数"),
    "rules.value": ("value", "取值"),
    "rules.provenance": ("provenance", "来源"),
    "rules.citation": ("citation / note", "出处 / 说明"),
    "rules.stated": ("stated", "明文"),
    "rules.inherited": ("inherited from {origin}", "继承自 {origin}"),
    "rules.default": ("default (open point)", "默认（文件未定）"),
    "rules.disputed": ("disputed", "有争议"),
    "rules.none": ("none (base profile)", "无（基础方案）"),
    "rules.diff.head": ("{a} vs {b}: {n} parameters differ", "{a} 与 {b}：{n} 个参数不同"),
    "rules.diff.same": ("{a} and {b} are the same", "{a} 与 {b} 完全相同"),
    "rules.count": ("{n} profiles", "共 {n} 个规则方案"),
    "rules.open": ("open points", "未定之处"),
    "rules.help.lang": (
        "Message language (default: gouji --lang, else from LANG).",
        "输出语言（默认取 gouji --lang，否则按 LANG 环境变量）。",
    ),
    "rules.help.format": ("Output format (text or json).", "输出格式（text 或 json）。"),
    "rules.help.profile_file": (
        "Use the user profile of this TOML file (it extends a shipped profile and "
        "overrides a few parameters; see docs/profiles.md).",
        "使用此 TOML 文件中的自定规则方案（继承一个内置方案并改动少数参数；见 docs/profiles.md）。",
    ),
    "rules.need_profile": (
        "name a profile or give --profile-file",
        "请指定规则方案或 --profile-file",
    ),
    # -- reports: the severities of a diagnostic (reports/diagnostics.py)
    "severity.error": ("error", "错误"),
    "severity.warning": ("warning", "警告"),
    "severity.dispute": ("dispute", "争议"),
    "severity.notice": ("notice", "提示"),
    # -- engine: tie-break methods of a match (engine/match.py, R-MATCH-1)
    "tiebreak.toke_count": ("more 头科 wins", "头科次数多者胜"),
    "tiebreak.fewer_daluo": ("more 大落 loses", "大落次数多者负"),
    "tiebreak.extra_game": ("one extra game", "加赛一局"),
    "tiebreak.extra_hand_repeat": ("extra hands until one side leads", "加赛一把，直至分出胜负"),
    "tiebreak.extra_game_first_toke": (
        "the first 头科 of the extra game wins",
        "加赛中先得头科者胜",
    ),
    "tiebreak.head_to_head": ("head-to-head result", "比较相互胜负"),
    "tiebreak.game_points": ("game points (局分)", "比较累计局分"),
    "tiebreak.biggest_win": ("biggest winning margin", "比较最大胜局"),
    "tiebreak.lot": ("drawing lots", "抽签"),
    "tiebreak.xiaofen": ("total points (小分)", "比较累计小分"),
    # -- engine: kinds of tribute (engine/scoring_tribute.py, R-TRIBUTE-1)
    "tribute.dian": ("点贡 (not opened)", "点贡"),
    "tribute.shao": ("烧贡 (burned)", "烧贡"),
    "tribute.bie3": ("憋3贡 (闷)", "憋3贡"),
    "tribute.luo": ("落贡 (place)", "落贡"),
    "tribute.chuan3hu": ("串三户贡", "串三户贡"),
    # -- engine: burns in the score (engine/scoring.py, R-SCORE-4)
    "burn.level.1": ("burn (烧牌)", "烧牌"),
    "burn.level.2": ("counter-burn (反烧)", "反烧"),
    "burn.level.3": ("re-counter-burn (再反烧)", "再反烧"),
    "burn.level.n": ("burn level {level}", "第{level}次反烧"),
    "burn.outcome.failed": ("烧糊", "烧糊"),
    "burn.outcome.lifted": ("解烧", "解烧"),
    "burn.outcome.fake": ("假烧", "假烧"),
    # -- the validator's reports (reports/): every text a report adds to the engine's own
    "report.syntax": ("syntax error", "语法错误"),
    "report.here": ("In this record: {msg}.", "本记录中：{msg}。"),
    "report.sanction": ("The replay went on with: {s}.", "复盘按此继续：{s}。"),
    "report.param": (
        "The profile parameter {p} = {v} decides it{prov}.",
        "由规则参数 {p} = {v} 决定{prov}。",
    ),
    "report.prov.stated": (" (stated by {src})", "（{src} 明文规定）"),
    "report.prov.default": (
        " (an open point: the documents are silent, this is the default)",
        "（未定之处：文件未作规定，此为默认值）",
    ),
    "report.prov.disputed": (" (the documents disagree on it)", "（文件对此有分歧）"),
    "report.ruling": ("Ruling recorded: {r}.", "记录的裁决：{r}。"),
    "report.no_ruling": (
        "No ruling was recorded; the profile's sanction was applied.",
        "未记录裁决，按本规则的处理执行。",
    ),
    "report.irregular": ("irregular action recorded: {msg}", "记录的违规行为：{msg}"),
    "report.legal_irregular": (
        "marked irregular (^) but legal under the profile",
        "标为违规（^），但按本规则合法",
    ),
    "report.unknown_profile": (
        "{msg}; validated under {fallback} instead",
        "{msg}；改按 {fallback} 检验",
    ),
    "report.bad_override": ("{msg}; this override is ignored", "{msg}；忽略此项改动"),
    "report.finish_differs": (
        "the Finish tag says {written}; the replay gives {actual}",
        "Finish 标签记为 {written}；复盘结果为 {actual}",
    ),
    "report.score_differs": (
        "the Score tag says {written}; the replay gives {actual}",
        "Score 标签记为 {written}；复盘得分为 {actual}",
    ),
    "report.void": ("the deal is annulled", "本局作废"),
    "report.unconfirmed_open": (
        "the {tag} tag cannot be confirmed: the record ends before the deal is over",
        "无法核实 {tag} 标签：记录在本局结束前中止",
    ),
    "report.unconfirmed_score": (
        "the Score tag cannot be confirmed: the replay gives no score for this deal",
        "无法核实 Score 标签：复盘未能给出本局得分",
    ),
    "report.unreadable_finish": (
        "the Finish tag {text!r} cannot be read: write the six seats from 头科 to 大落, "
        'e.g. [Finish "3 1 5 2 6 4"]',
        'Finish 标签 {text!r} 无法读取：请按头科到大落的顺序写六个座位，如 [Finish "3 1 5 2 6 4"]',
    ),
    "report.unreadable_score": (
        "the Score tag {text!r} cannot be read: write team A's points, then team B's, "
        'e.g. [Score "+6 -6"]',
        'Score 标签 {text!r} 无法读取：请先写甲方（A）得分，再写乙方（B）得分，如 [Score "+6 -6"]',
    ),
    "report.round_mark": (
        "the record numbers this round {written}; the replay is at round {actual}",
        "记录的轮次为第{written}轮；复盘为第{actual}轮",
    ),
    "report.variation": ("in a variation: {msg}", "变着中：{msg}"),
    "report.repeated": (
        "{n} more like this ({who}) after the first {limit}, from {first} to {last}, "
        "left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略，自{first}至{last}；其中第一条：{msg}",
    ),
    "report.repeated_nopos": (
        "{n} more like this ({who}) after the first {limit}, left out; the first of them: {msg}",
        "另有{n}条同类结果（{who}）在前{limit}条之后从略；其中第一条：{msg}",
    ),
    "report.no_profile": (
        "the deal names no rule profile; it is validated under {p}",
        "本局未注明规则方案，按 {p} 检验",
    ),
    "report.forced_profile": (
        "validated under {p} (as asked); the record names {declared}",
        "按指定的 {p} 检验；记录注明的是 {declared}",
    ),
    "report.incomplete": (
        "the record stops after {n} action(s); the deal is not over",
        "记录在第{n}手后中止，本局尚未结束",
    ),
    "report.penalty": (
        "referee's penalty {points:+d} for seat {seat}{why}",
        "裁判对{seat}号罚分 {points:+d}{why}",
    ),
    "report.ruling_action": (
        "referee's ruling on seat {seat}: {text}",
        "裁判对{seat}号的裁决：{text}",
    ),
    "report.engine_missing": (
        "the rules engine is not available ({reason}); the moves were not checked",
        "规则引擎不可用（{reason}）；未检验着法",
    ),
    "report.reader_failed": (
        "internal error of the notation reader ({reason}); the file was not checked "
        "(please report this)",
        "记谱读取器内部错误（{reason}）；未检验此文件（请报告此问题）",
    ),
    "report.engine_failed": (
        "internal error of the rules engine ({reason}); the rest of the deal was not "
        "checked (please report this)",
        "规则引擎内部错误（{reason}）；本局其余部分未检验（请报告此问题）",
    ),
    "report.legal": ("legal", "合法"),
    "report.burn_failed": (
        "烧糊: the burner is 大落 and his remaining cards are out of play (R-BURN-5)",
        "烧糊：烧牌者为大落，余牌作废（R-BURN-5）",
    ),
    "report.record": ("record", "记录"),
    "report.cmp.head": (
        "{file}, deal {deal}: {n} rulesets compared",
        "{file}，第{deal}局：比较 {n} 套规则",
    ),
    "report.cmp.cols": (
        "ruleset|errors|disputes|finish (头科→大落)|score A B",
        "规则|错误|争议|名次（头科→大落）|得分 甲 乙",
    ),
    "report.cmp.rows": ("Rulings that differ, action by action:", "逐手列出裁定不同之处："),
    "report.cmp.same": (
        "Every ruleset rules every action the same way.",
        "各套规则对每一手的裁定都相同。",
    ),
    "report.cmp.param": ("parameter {p}: {values}", "参数 {p}：{values}"),
    "report.cmp.groups": (
        "Where the rulesets rule differently: {rows} action(s), in {groups} group(s) by the "
        "parameters that make the difference (the rulings shown are the group's first "
        "action's; --format json lists every action):",
        "各套规则裁定不同之处：共 {rows} 手，按造成差异的参数分为 {groups} 组（列出的是每组第一手的"
        "裁定；--format json 列出每一手）：",
    ),
    "report.cmp.group": (
        "parameter {p}: {n} action(s), the first {where}",
        "参数 {p}：{n} 手，第一手 {where}",
    ),
    "report.cmp.group_none": (
        "no parameter named (a dispute, or a consequence of an earlier difference): {n} "
        "action(s), the first {where}",
        "未指明参数（争议，或前面差异的后果）：{n} 手，第一手 {where}",
    ),
    "report.cmp.also": ("also at {places}", "另见 {places}"),
    "report.cmp.more": ("{n} more", "另有 {n} 手"),
    "report.cmp.diverge": (
        "(the replays diverge from the first action ruled differently: later differences "
        "may follow from it)",
        "（复盘自第一处裁定不同的牌起分叉：其后的差异可能由此而来）",
    ),
    "report.cmp.first": (
        "(the replays diverge from here: later differences may follow from this one)",
        "（复盘自此分叉：其后的差异可能由此而来）",
    ),
    "report.cmp.open": (
        "Open points of {p} that this deal touches (decided by a default, not by the documents):",
        "本局涉及的 {p} 未定之处（由默认值而非文件决定）：",
    ),
    "report.cmp.unfinished": ("(not finished)", "（未结束）"),
    "report.src.default": ("default: an open point", "默认值：未定之处"),
    "report.src.disputed": ("disputed", "有分歧"),
    "report.src.rules": ("the record's [Rules]", "记录的 [Rules]"),
    "report.kind.Play": ("play", "出牌"),
    "report.kind.Burn": ("burn", "烧牌"),
    "report.kind.Pass": ("pass", "过牌"),
    "report.kind.Yield": ("yield", "让牌"),
    "report.kind.Close": ("close", "扣牌"),
    "report.kind.Timeout": ("timeout", "超时"),
    "report.kind.Revolution": ("revolution", "革命"),
    "report.kind.Report": ("report", "报牌"),
    "report.kind.Buy": ("buy", "买牌"),
    "report.kind.Give": ("give", "送牌"),
    "report.kind.Tribute": ("tribute", "进贡"),
    "report.kind.Return": ("return", "还贡"),
    "report.kind.Penalty": ("penalty", "罚分"),
    "report.kind.Ruling": ("ruling", "裁决"),
    "report.kind.Declare": ("burn declaration", "声明烧牌"),
    "report.kind.Decline": ("burn declined", "声明不烧"),
    "report.kind.Draw": ("开牌 draw", "开牌"),
    "report.kind.Show": ("亮3", "亮3"),
    "report.kind.Jiefeng": ("接风 claim", "接风"),
    "report.kind.Kaidian": ("automatic 开点 claim", "声明自动开点"),
    "report.kind.Baola": ("保拉", "保拉"),
    "report.kind.Waive": ("够死级 waived", "放弃够死级"),
    "report.kind.Query": ("问牌", "问牌"),
    # -- the engine's sanctions (engine/machine.py), as the replay applies them
    "sanction.ignore": ("ignored", "不予承认"),
    "sanction.cuopai": (
        "错牌不出: the cards go back and the seat has passed",
        "错牌不出：收回所出之牌，视为过牌",
    ),
    "sanction.pass": ("counted as a pass", "视为过牌"),
    "sanction.daluo": ("the seat is 大落", "判为大落"),
    # -- the referee's ruling words ([%ruling WORD …], docs/format.md §9.2): what each does
    # to the action it is attached to; a void *deal* is "annulled" (本局作废), not a ruling
    "ruling.accept": ("the action stands", "维持原动作"),
    "ruling.retract": ("the action is taken back", "收回所出之牌"),
    "ruling.daluo": ("the offender is made 大落", "判为大落"),
    "ruling.void": ("the action does not count", "该动作不算"),
    "sanction.fake": ("假烧: the burner is 大落", "假烧：判为大落"),
    "sanction.burnfail": (
        "烧糊: the burner is 大落, his cards out of play",
        "烧糊：判为大落，余牌无效",
    ),
    "sanction.burnstop": (
        "烧糊: the burner is 大落, his cards out of play; the burned player leads",
        "烧糊：烧牌者判为大落，余牌无效，由被烧者发牌",
    ),
    "sanction.cuopai_turn": (
        "错牌不出: the cards go back and the seat has passed for this turn",
        "错牌不出：收回所出之牌，本轮此手视为过牌",
    ),
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
    # -- the event kinds of the simulator's stats table (simulation/results.py LABELS)
    "sim.event.Led": ("lead", "发牌"),
    "sim.event.Played": ("play over a set", "上牌"),
    "sim.event.GoujiPlayed": ("够级 set", "够级"),
    "sim.event.GoujiPlayed/answered": ("够级 battle: 对头 answers", "对头应够级"),
    "sim.event.Passed": ("pass", "过牌"),
    "sim.event.Passed/declined": ("declined to burn", "不烧"),
    "sim.event.TimeoutPass": ("timeout", "超时"),
    "sim.event.Yielded": ("让牌", "让牌"),
    "sim.event.Closed": ("扣牌", "扣牌"),
    "sim.event.Closed/implied": ("扣牌 implied", "推定扣牌"),
    "sim.event.RoundEnded": ("round ends", "一轮结束"),
    "sim.event.Jiefeng": ("接风", "接风"),
    "sim.event.BurnDeclared": ("烧牌", "烧牌"),
    "sim.event.CounterBurn": ("反烧", "反烧"),
    "sim.event.CounterBurn/again": ("再反烧", "再反烧"),
    "sim.event.BurnLifted": ("解烧", "解烧"),
    "sim.event.BurnSucceeded": ("burn succeeds", "烧成"),
    "sim.event.BurnFailed": ("烧糊", "烧糊"),
    "sim.event.FakeBurn": ("假烧", "假烧"),
    "sim.event.Ershayi": ("二杀一", "二杀一"),
    "sim.event.Opened": ("开点", "开点"),
    "sim.event.Opened/pending": ("开点 pending 4s", "待发4"),
    "sim.event.NotOpened": ("不开点", "不开点"),
    "sim.event.Men": ("闷", "闷"),
    "sim.event.Gousiji": ("够死级", "够死级"),
    "sim.event.Gousiji/granted": ("够死级 chance", "够死级机会"),
    "sim.event.Gousiji/played": ("够死级 played", "已打够死级"),
    "sim.event.Wutou": ("无头", "无头"),
    "sim.event.SihuLuanchan": ("四户乱缠", "四户乱缠"),
    "sim.event.WentOut": ("goes out", "走科"),
    "sim.event.WentOut/forced": ("forced place", "判名次"),
    "sim.event.RevolutionDeclared": ("革命", "革命"),
    "sim.event.Chuan3hu": ("串三户", "串三户"),
    "sim.event.Reported": ("报牌", "报牌"),
    "sim.event.Bought": ("买3/买4", "买3/买4"),
    "sim.event.Gave": ("送3/送4", "送3/送4"),
    "sim.event.TributePaid": ("进贡", "进贡"),
    "sim.event.Returned": ("还贡", "还贡"),
    "sim.event.PenaltyApplied": ("penalty", "罚分"),
    "sim.event.RulingApplied": ("ruling", "裁决"),
    "sim.event.DealEnded": ("deal ends", "本局结束"),
    "sim.event.DealEnded/void": ("void deal", "作废"),
    "sim.event.Claimed": ("table declaration", "牌桌声明"),
    "sim.event.Violation": ("violation", "违规"),
    "sim.event.Dispute": ("dispute", "争议"),
    "sim.event.Notice": ("notice", "提示"),
    # -- the 小王-set verdicts of sets.compare (R-JOKER-3, by cmp.xiaowang_set)
    "verdict.xiaowang.dawang_ge_count_rank_plus1": (
        "needs at least as many 大王 as the old set has 小王 (001b)",
        "须由大王灭之，且大王数量不得少于小王数量",
    ),
    "verdict.xiaowang.two_aspects": (
        "must be bigger in its jokers too (000§G '两个方面都大过')",
        "须在王牌方面也大过（两个方面都大过）",
    ),
    "verdict.xiaowang.jokers_then_plain_higher": (
        "its jokers must outrank the old set's jokers (000§M '牌力以大、小王为准')",
        "挂花时牌力以大、小王为准，须大过上家之王",
    ),
    "verdict.xiaowang.other": ("its jokers do not beat the old set's", "王牌不够大"),
    # -- card names on the replay page (publish/render.py chips); the jokers keep their
    #    Chinese names in both languages
    "card.rank.X": ("小王", "小王"),
    "card.rank.D": ("大王", "大王"),
    # -- click's own messages (see translate_click)
    "click.try_help": ("Try '{command}' for help.", "运行 '{command}' 查看帮助。"),
}

#: The six finishing places, 头科 to 大落, in both languages.
PLACES: dict[str, tuple[str, ...]] = {
    "en": ("1st 头科", "2nd 二科", "3rd 三科", "4th 四科", "5th 二落", "6th 大落"),
    "zh": ("头科", "二科", "三科", "四科", "二落", "大落"),
}

#: The replay page's strings: a data file beside the templates, because the page's own
#: script reads them too.  ``lang -> key -> text``; the catalogue's tests check it like
#: :data:`CATALOG` (every key in both languages, with the same fields).
PAGE_CATALOG_FILE = "publish/templates/i18n.json"


@cache
def page_catalog() -> dict[str, dict[str, str]]:
    """The replay page's strings, ``{"zh": {...}, "en": {...}}``.

    >>> page_catalog()["zh"]["lang_name"], sorted(page_catalog())
    ('中文', ['en', 'zh'])
    """
    text = resources.files("gojinotation_analyzer").joinpath(PAGE_CATALOG_FILE).read_text("utf-8")
    data: dict[str, dict[str, str]] = json.loads(text)
    return data


_ZH_PREFIXES = ("zh",)


def normalize_lang(lang: str | None) -> str:
    """``zh`` for any Chinese locale name (``zh``, ``zh_CN.UTF-8``, ``zh-Hant`` …), else
    ``en``.

    >>> normalize_lang("zh_TW"), normalize_lang("fr"), normalize_lang(None)
    ('zh', 'en', 'en')
    """
    return "zh" if lang and lang.strip().lower().startswith(_ZH_PREFIXES) else "en"


def detect_lang(env: Mapping[str, str] | None = None) -> str:
    """The default language: from ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, the first
    that is set and not empty (``zh`` if it starts with ``zh``, else ``en``)."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return normalize_lang(value)
    return "en"


def t(key: str, lang: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang`` with ``fields`` filled in.

    An unknown key gives the key itself (the tests make sure none is missing), so a
    message can never turn into a crash.
    """
    entry = CATALOG.get(key)
    if entry is None:
        return key
    text = entry[1] if normalize_lang(lang) == "zh" else entry[0]
    try:
        return text.format(**fields) if fields else text
    except (KeyError, IndexError, ValueError):
        return text


def register(messages: Mapping[str, tuple[str, str]]) -> None:
    """Add messages (key -> (English, Chinese)) to the catalogue.

    :raises ValueError: if a key already exists with other texts, or a text is empty.
    """
    for key, (en, zh) in messages.items():
        if not en or not zh:
            raise ValueError(f"message {key!r} needs both an English and a Chinese text")
        old = CATALOG.get(key)
        if old is not None and old != (en, zh):
            raise ValueError(f"message {key!r} is already defined differently")
        CATALOG[key] = (en, zh)


# Click's own usage errors, matched on their English text (click 8.1–8.x wording).
_CLICK_ZH: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.S), zh)
    for p, zh in (
        (r"^Missing argument (?P<a>.+?)\.?$", "缺少参数 {a}。"),
        (r"^Missing option (?P<a>.+?)\.?$", "缺少选项 {a}。"),
        (r"^Missing parameter:? (?P<a>.+?)\.?$", "缺少参数 {a}。"),
        (
            r"^No such option:? (?P<a>\S+?)\.?"
            r"(?: \(?Did you mean(?: one of:)? (?P<b>.+?)\?\)?)?$",
            "没有此选项 {a}。",
        ),
        (
            r"^No such command (?P<a>.+?)\.(?: \(?Did you mean(?: one of:)? (?P<b>.+?)\?\)?)?$",
            "没有此命令 {a}。",
        ),
        (r"^Option (?P<a>.+?) requires an argument\.?$", "选项 {a} 需要一个值。"),
        (r"^Option (?P<a>.+?) requires (?P<n>\d+) arguments\.?$", "选项 {a} 需要 {n} 个值。"),
        (r"^Got unexpected extra arguments? \((?P<a>.*)\)$", "多余的参数（{a}）。"),
        (r"^Invalid value for (?P<a>.+?): (?P<b>.*)$", "{a} 的值无效：{b}"),
        (r"^(?P<a>.+?) is not one of (?P<b>.+?)\.?$", "{a} 不是可选值之一：{b}。"),
        (r"^(?P<a>.+?) is not (?P<b>.+?)\.?$", "{a} 不是 {b}。"),
        (r"^(?P<a>.+?) is not a valid integer( range)?\.?$", "{a} 不是有效的整数。"),
    )
)


def translate_click(message: str, lang: str) -> str:
    """A message of click's own (usage errors) in ``lang``; English text is kept for
    wordings this catalogue does not know.

    >>> translate_click("Missing argument 'FILE...'.", "zh")
    "缺少参数 'FILE...'。"
    >>> translate_click("Invalid value for '--lang': 'fr' is not one of 'en', 'zh'.", "zh")
    "'--lang' 的值无效：'fr' 不是可选值之一：'en', 'zh'。"
    """
    if normalize_lang(lang) != "zh":
        return message
    for pattern, zh in _CLICK_ZH:
        mt = pattern.match(message.strip())
        if mt is not None:
            parts = {k: (v or "") for k, v in mt.groupdict().items()}
            if "b" in parts and pattern.pattern.startswith("^Invalid value"):
                parts["b"] = translate_click(parts["b"], lang)
            if pattern.pattern.startswith("^No such") and parts.get("b"):
                return zh.format(**parts) + f"你是否想用 {parts['b']}？"
            return zh.format(**parts)
    return message
