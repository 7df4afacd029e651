"""Catalogue entries of the commands: general, files, fmt, convert, show, plugins,
help texts, validate, simulate, render and rules.

Data only, merged into :data:`gojinotation_analyzer.i18n.CATALOG` in this order.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
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
    "io.stdout_error": (
        "cannot write the standard output: {reason}",
        "无法写入标准输出：{reason}",
    ),
    "io.os_error": ("cannot read or write {path}: {reason}", "读写 {path} 出错：{reason}"),
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
    "simulate.help.table_events": (
        "Write the table events a player says (GJN 1.1): burns declared before they are "
        "played, 接风 and automatic 开点 claims.",
        "记录牌桌声明（GJN 1.1）：先声明烧牌再出牌，声明接风与自动开点。",
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
}
