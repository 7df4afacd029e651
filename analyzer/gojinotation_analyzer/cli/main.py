"""``gouji``: the command line of gojinotation (console script ``gouji = cli.main:main``).

Commands::

    gouji [--lang en|zh] [--version] COMMAND ...
    gouji fmt FILE... [--check] [--diff] [-q]      canonical formatting, in place
    gouji convert IN [-o OUT] [--to gjn|json] [--from gjn|json] [--no-spans] [--indent N]
    gouji show FILE... [--deal N]                   a readable summary of each record

Exit codes: ``0`` success, ``1`` ``fmt --check`` found files to reformat, ``2`` syntax,
input/output or usage errors.  Every error is printed to standard error in the chosen
language (``--lang``, else ``GOUJI_LANG``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``), syntax
errors as ``file:line:col: error GJN1xx: …`` with the source line and a caret, coloured
on a terminal (``NO_COLOR`` turns colour off).  No input gives a traceback; set
``GOUJI_DEBUG=1`` to see one for an internal error.

Adding commands
---------------
Other modules add commands in either of two ways; neither needs an edit here.

1. A module ``gojinotation_analyzer/cli/<name>.py`` that defines a click command or group named
   ``<name>`` (e.g. ``gojinotation_analyzer/cli/rules.py`` with ``rules = click.Group("rules")``, or
   ``@click.group("rules") def rules(): ...``).  ``gouji`` finds such modules by name and
   imports one only when its command is invoked or listed in ``gouji --help``, so the
   command line works whether or not the module exists yet, and a module that fails to
   import breaks only its own command.  The modules planned are ``rules``
   (``rules``), ``validate`` (``validate``), ``render`` (``render``) and
   ``simulate`` (``simulate``).  A module may also call ``main.add_command(cmd)``
   itself at import time (to add several commands).
2. ``from gojinotation_analyzer.cli.main import main; main.add_command(cmd)`` from anywhere.

Helpers for command modules: :func:`lang_of` (the language chosen for this run),
:func:`report_notation_errors` (print ``NotationError``/``JsonError`` values the way
every command does), :func:`fail` (print an error and exit 2), :func:`read_record` (read
a ``.gjn`` or ``.json`` path or ``-`` without tracebacks), the exit codes
:data:`EXIT_OK`, :data:`EXIT_CHANGED`, :data:`EXIT_ERROR`, and the classes
:class:`GoujiCommand`, :class:`GoujiGroup` and :class:`GoujiOption`, whose ``help_key``
takes a key of :mod:`gojinotation_analyzer.i18n` so help texts follow ``--lang``.  Messages of new
commands go into the catalogue with :func:`gojinotation_analyzer.i18n.register`.

>>> from click.testing import CliRunner
>>> r = CliRunner().invoke(main, ["--lang", "en", "fmt", "-"], input='[Event "x"] 1:333 2:过')
>>> print(r.output)
%GJN 1
<BLANKLINE>
[Event "x"]
<BLANKLINE>
1. 1:333 2:-
<BLANKLINE>
>>> r.exit_code
0
"""

from __future__ import annotations

import codecs
import importlib
import os
import pkgutil
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import attrs
import click

import gojinotation as gj
from gojinotation import model as gm
from gojinotation.fileio import (
    Snapshot,
    WriteError,
    atomic_write,
    decode_input,
    read_with_snapshot,
)
from gojinotation.jsonio import JsonError, load_json_match
from gojinotation.reader import BrokenDeal, iter_read
from gojinotation.writer import FORMAT_VERSION
from gojinotation_analyzer.i18n import (
    CATALOG,
    LANGS,
    detect_lang,
    normalize_lang,
    t,
    translate_click,
)

__all__ = [
    "EXIT_CHANGED",
    "EXIT_ERROR",
    "EXIT_OK",
    "NOT_COMMANDS",
    "GoujiCommand",
    "GoujiGroup",
    "GoujiOption",
    "Record",
    "canonical_text",
    "fail",
    "lang_of",
    "main",
    "read_record",
    "report_notation_errors",
]

#: Success.
EXIT_OK = 0
#: ``fmt --check``: some file would be reformatted.
EXIT_CHANGED = 1
#: Syntax, input/output or usage errors.
EXIT_ERROR = 2

#: Modules ``gojinotation_analyzer.cli.<name>`` provide the command ``<name>``; these
#: modules of the package are not commands.
NOT_COMMANDS = frozenset({"main"})

_F = TypeVar("_F", bound=Callable[..., Any])


# ------------------------------------------------------------------ language


def lang_of(ctx: click.Context | None = None) -> str:
    """The message language of this run (``en`` or ``zh``)."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is not None:
        obj = ctx.find_root().obj
        if isinstance(obj, dict) and obj.get("lang") in LANGS:
            return str(obj["lang"])
    return _env_lang()


def _env_lang() -> str:
    explicit = os.environ.get("GOUJI_LANG")
    return normalize_lang(explicit) if explicit else detect_lang()


def _prescan_lang(args: Sequence[str]) -> str | None:
    """The ``--lang`` given on the command line, found before click parses it (so that
    usage errors and ``--help`` are already in the right language)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1] if args[i + 1] in LANGS else None
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in LANGS else None
    return None


#: The options of ``gouji`` itself that may also be given after the subcommand.
_GLOBAL_OPTIONS = ("--lang", "--encoding")


def _hoist_globals(args: Sequence[str]) -> list[str]:
    """``args`` with ``--lang``/``--encoding`` (and their values) moved before the
    subcommand, so that ``gouji show --lang zh FILE`` means ``gouji --lang zh show FILE``.

    >>> _hoist_globals(["show", "--lang", "zh", "a.gjn", "--encoding=gbk", "--", "--lang"])
    ['--lang', 'zh', '--encoding=gbk', 'show', 'a.gjn', '--', '--lang']
    """
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg in _GLOBAL_OPTIONS and i + 1 < len(args):
            front += [arg, args[i + 1]]
            i += 2
            continue
        if arg.split("=", 1)[0] in _GLOBAL_OPTIONS and "=" in arg:
            front.append(arg)
        else:
            rest.append(arg)
        i += 1
    return front + rest


# ------------------------------------------------------------------ output


def _color() -> bool | None:
    return False if os.environ.get("NO_COLOR") else None


def _err(text: str) -> None:
    click.echo(text, err=True, color=_color())


def _out(text: str, nl: bool = True) -> None:
    click.echo(text, nl=nl, color=_color())


def _colon(lang: str, end: bool = False) -> str:
    if lang == "zh":
        return "："
    return ":" if end else ": "


def _error_line(message: str, lang: str) -> str:
    return click.style(f"gouji: {t('error', lang)}{_colon(lang)}", fg="red", bold=True) + message


def _warn_line(message: str, lang: str) -> str:
    return (
        click.style(f"gouji: {t('warning', lang)}{_colon(lang)}", fg="yellow", bold=True) + message
    )


#: The most syntax errors a command prints for one file (the rest are counted).
MAX_SHOWN_ERRORS = 100


def report_notation_errors(errors: Iterable[gj.NotationError | JsonError], lang: str) -> int:
    """Print errors to standard error (``format(lang)``: position, message, the source
    line and a caret), coloured on a terminal; past :data:`MAX_SHOWN_ERRORS`, one line
    counts the rest (a file of 100,000 broken lines does not print 100,000 errors).
    Returns how many there were."""
    n = 0
    for err in errors:
        n += 1
        if n > MAX_SHOWN_ERRORS:
            continue
        text = err.format(lang)
        head, _, rest = text.partition("\n")
        word = f" {t('error', lang)} {err.code}"
        pos = head.find(word)
        if pos >= 0:
            head = (
                click.style(head[:pos], bold=True)
                + click.style(word, fg="red", bold=True)
                + head[pos + len(word) :]
            )
        if rest:
            lines = rest.split("\n")
            lines[-1] = click.style(lines[-1], fg="green", bold=True)
            rest = "\n".join(lines)
            _err(head + "\n" + rest)
        else:
            _err(head)
    if n > MAX_SHOWN_ERRORS:
        _err(t("io.more_errors", lang, count=n - MAX_SHOWN_ERRORS))
    return n


def fail(message: str, lang: str | None = None) -> NoReturn:
    """Print ``gouji: error: message`` to standard error and exit with code 2."""
    _err(_error_line(message, lang or lang_of()))
    raise click.exceptions.Exit(EXIT_ERROR)


# ------------------------------------------------------------------ reading


def _display(path: str, lang: str) -> str:
    return t("stdin", lang) if path == "-" else path


def _read_bytes(path: str, lang: str) -> bytes | None:
    """The bytes of ``path`` (``-``: standard input), or None after printing why not."""
    got = _read_snapshot(path, lang)
    return None if got is None else got[0]


def _read_snapshot(path: str, lang: str) -> tuple[bytes, Snapshot | None] | None:
    """The bytes of ``path`` and what the file was when read (for :func:`_write_bytes`'s
    check that nobody changed it meanwhile), or None after printing why not."""
    name = _display(path, lang)
    if path == "-":
        return sys.stdin.buffer.read(), None
    try:
        return read_with_snapshot(path)
    except FileNotFoundError:
        key = "io.not_found"
    except IsADirectoryError:
        key = "io.is_dir"
    except PermissionError:
        key = "io.permission"
    except OSError as exc:
        _err(_error_line(t("io.read_error", lang, path=name, reason=_reason(exc)), lang))
        return None
    if key == "io.not_found" and Path(path).is_dir():  # e.g. Windows reports dirs so
        key = "io.is_dir"
    _err(_error_line(t(key, lang, path=name), lang))
    return None


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _write_bytes(path: str, data: bytes, lang: str, expect: Snapshot | None = None) -> bool:
    """Write through :func:`gojinotation.fileio.atomic_write` (atomic, links followed,
    mode and owner kept, refused if the file changed since ``expect`` was taken).  Prints
    why not, with the path, and returns False on failure."""
    try:
        atomic_write(path, data, expect=expect)
    except WriteError as err:
        _err(_error_line(err.message(normalize_lang(lang)), lang))
        return False
    return True


class Record:
    """A record read by :func:`read_record`: the match, its errors, and its source."""

    __slots__ = ("encoding", "errors", "fmt", "match", "name", "snapshot", "text")

    def __init__(
        self,
        name: str,
        fmt: str,
        match: gm.Match,
        errors: Sequence[gj.NotationError | JsonError],
        text: str | None,
        snapshot: Snapshot | None = None,
        encoding: str | None = None,
    ) -> None:
        #: the name shown in messages
        self.name = name
        #: ``gjn`` or ``json``
        self.fmt = fmt
        #: the record (broken deals included, for GJN)
        self.match = match
        #: syntax errors (GJN) or the JSON error
        self.errors = tuple(errors)
        #: the decoded source text, or None if it is not UTF-8
        self.text = text
        #: the file as it was read (None for standard input)
        self.snapshot = snapshot
        #: the encoding the text was read in when it is not UTF-8 (``GBK``, ``UTF-16`` …)
        self.encoding = encoding


def _sniff(path: str, data: bytes) -> str:
    suffix = Path(path).suffix.lower() if path != "-" else ""
    if suffix == ".json":
        return "json"
    if suffix == ".gjn":
        return "gjn"
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    return "json" if head[:1] == b"{" else "gjn"


def read_record(path: str, lang: str, fmt: str | None = None) -> Record | None:
    """Read a GJN or JSON record from ``path`` (``-``: standard input) leniently.

    ``fmt`` is ``gjn``, ``json`` or None (by extension, else by content).  Returns None
    after printing why, if the file cannot be read at all; syntax errors are returned
    in :attr:`Record.errors`, not printed.
    """
    got = _read_snapshot(path, lang)
    if got is None:
        return None
    data, snapshot = got
    name = _display(path, lang)
    fmt = fmt or _sniff(path, data)
    if fmt == "json":
        try:
            match = load_json_match(data, filename=name)
        except JsonError as err:
            return Record(name, fmt, gm.Match(), (err,), None, snapshot)
        return Record(name, fmt, match, (), None, snapshot)
    decoded, encoding = decode_input(data, encoding_of())
    text = decoded if isinstance(decoded, str) else None
    if encoding is not None:
        _err(_warn_line(t("io.encoding", lang, path=name, encoding=encoding), lang))
    result = gj.read(decoded, filename=name)
    if result.match.version is not None and result.match.version > FORMAT_VERSION:
        _err(
            _warn_line(t("io.future_version", lang, path=name, version=result.match.version), lang)
        )
    return Record(name, "gjn", result.match, result.errors, text, snapshot, encoding)


def warn_future_version(name: str, version: int | None, lang: str) -> None:
    """Warn when a record declares a GJN version newer than this program knows."""
    if version is not None and version > FORMAT_VERSION:
        _err(_warn_line(t("io.future_version", lang, path=name, version=version), lang))


def streamable(path: str) -> bool:
    """Whether ``path`` can be read as a stream of deal texts: a regular GJN file in
    UTF-8 (BOM allowed), no ``--encoding`` given.  Other records (standard input, pipes,
    JSON, other encodings) are read whole.  The check reads the file once, a block at a
    time."""
    if path == "-" or encoding_of() is not None or Path(path).suffix.lower() == ".json":
        return False
    if not Path(path).is_file():  # a pipe (``<(cmd)``) can be read once only
        return False
    gjn = Path(path).suffix.lower() == ".gjn"
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        with open(path, "rb") as f:
            while block := f.read(1 << 20):
                if not gjn:
                    head = block.lstrip(b"\xef\xbb\xbf \t\r\n")
                    if head:
                        if head[:1] == b"{":
                            return False
                        gjn = True
                dec.decode(block)
            dec.decode(b"", True)
    except (OSError, UnicodeDecodeError):
        return False
    return True


DealItem = tuple[list[gm.Comment], int | None, gm.Deal | BrokenDeal | None]


class StreamRecord:
    """A record read by :func:`stream_record`: its name, format and JSON error, and its
    deals one at a time (:meth:`items`), so that a command holds one deal's model."""

    __slots__ = ("_items", "errors", "fmt", "name")

    def __init__(
        self, name: str, fmt: str, items: Iterator[DealItem], errors: Sequence[JsonError] = ()
    ) -> None:
        self.name = name
        self.fmt = fmt
        self._items = items
        #: the JSON error, if the JSON could not be read (GJN errors come with the deals)
        self.errors = tuple(errors)

    def items(self) -> Iterator[DealItem]:
        """``(prologue, version, deal)`` as :func:`gojinotation.reader.iter_read` gives."""
        return self._items


def stream_record(path: str, lang: str, fmt: str | None = None) -> StreamRecord | None:
    """Like :func:`read_record`, but a GJN record's deals are read one at a time as the
    caller asks for them (a JSON record is read whole: JSON cannot be cut into deals).
    Returns None after printing why, if the file cannot be read at all."""
    got = _read_snapshot(path, lang)
    if got is None:
        return None
    data = got[0]
    name = _display(path, lang)
    fmt = fmt or _sniff(path, data)
    if fmt == "json":
        try:
            match = load_json_match(data, filename=name)
        except JsonError as err:
            return StreamRecord(name, fmt, iter(()), (err,))
        items: list[DealItem] = []
        for i, deal in enumerate(match.deals):
            items.append(
                (list(match.prologue), match.version, deal) if i == 0 else ([], None, deal)
            )
        if not items:
            items.append((list(match.prologue), match.version, None))
        return StreamRecord(name, fmt, iter(items))
    decoded, encoding = decode_input(data, encoding_of())
    del data, got
    if encoding is not None:
        _err(_warn_line(t("io.encoding", lang, path=name, encoding=encoding), lang))
    return StreamRecord(name, "gjn", iter_read(decoded, filename=name))


def encoding_of(ctx: click.Context | None = None) -> str | None:
    """The input encoding given with ``gouji --encoding NAME`` (None: detect)."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is not None:
        obj = ctx.find_root().obj
        if isinstance(obj, dict) and isinstance(obj.get("encoding"), str):
            return str(obj["encoding"])
    return None


def _set_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        codecs.lookup(value)
    except LookupError:
        raise click.BadParameter(
            t("io.bad_encoding", lang_of(ctx), encoding=value), ctx=ctx, param=param
        ) from None
    root = ctx.find_root()
    if not isinstance(root.obj, dict):
        root.obj = {}
    root.obj["encoding"] = value
    return value


# ------------------------------------------------------------------ localized click


class _Localized:
    """Help texts, headings and the help option in the language of the run."""

    help_key: str | None
    short_help_key: str | None

    def _localize(self, ctx: click.Context) -> None:
        lang = lang_of(ctx)
        cmd: Any = self
        if self.help_key:
            cmd.help = t(self.help_key, lang)
        for param in cmd.get_params(ctx):
            if isinstance(param, GoujiOption) and param.help_key:
                param.help = t(param.help_key, lang)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        opt: click.Option | None = super().get_help_option(ctx)  # type: ignore[misc]
        if opt is not None:
            opt.help = t("help.help", lang_of(ctx))
        return opt

    def get_short_help_str(self, limit: int = 45) -> str:
        ctx = click.get_current_context(silent=True)
        if self.short_help_key:
            return t(self.short_help_key, lang_of(ctx))
        result: str = super().get_short_help_str(limit)  # type: ignore[misc]
        return result

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._localize(ctx)
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        cmd: Any = self
        pieces = cmd.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), t("help.usage", lang_of(ctx)))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        cmd: Any = self
        opts = [rv for p in cmd.get_params(ctx) if (rv := p.get_help_record(ctx)) is not None]
        if opts:
            with formatter.section(t("help.options", lang_of(ctx))):
                formatter.write_dl(opts)
        if isinstance(self, click.Group):
            self._format_commands(ctx, formatter)

    def _format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        group: Any = self
        rows: list[tuple[str, str]] = []
        lazy = isinstance(self, GoujiGroup)
        names = sorted({*group.commands, *group._plugin_names()}) if lazy else []
        names = names or group.list_commands(ctx)
        # a command module not imported yet is listed from the catalogue, so that
        # ``gouji --help`` imports no command (and so neither engine nor reports)
        cmds: list[tuple[str, Any]] = []
        for n in names:
            key = None if n in group.commands else _short_help_key(n)
            if key is not None:
                cmds.append((n, key))
                continue
            cmd = group.get_command(ctx, n)
            if cmd is not None and not cmd.hidden:
                cmds.append((n, cmd))
        if not cmds:
            return
        limit = formatter.width - 6 - max(len(n) for n, _ in cmds)
        lang = lang_of(ctx)
        rows = [
            (n, _short_help(t(c, lang), limit))
            if isinstance(c, str)
            else (n, c.get_short_help_str(limit))
            for n, c in cmds
        ]
        with formatter.section(t("help.commands", lang_of(ctx))):
            formatter.write_dl(rows)


def _short_help(text: str, limit: int) -> str:
    """The first sentence of ``text``, cut to ``limit`` characters as click cuts it.

    >>> _short_help("Write pages (one per file, an index for several).", 30)
    'Write pages (one per file,...'
    """
    words = text.split("\n\n", 1)[0].split()
    total = 0
    i = 0
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > limit:
            break
        if word.endswith("."):
            return " ".join(words[: i + 1])
        if total == limit and i != len(words) - 1:
            break
    else:
        return " ".join(words)
    total += 3
    while i > 0:
        total -= len(words[i]) + 1
        if total <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."


def _short_help_key(name: str) -> str | None:
    """The catalogue key of command ``name``'s one-line help, if the catalogue has one."""
    for key in (f"help.{name}.short", f"{name}.help.short", f"{name}.help", f"help.{name}"):
        if key in CATALOG:
            return key
    return None


class GoujiOption(click.Option):
    """A click option whose help text is the catalogue message ``help_key``."""

    def __init__(self, *args: Any, help_key: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_key = help_key

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help_key:
            self.help = t(self.help_key, lang_of(ctx))
        return super().get_help_record(ctx)


class GoujiCommand(_Localized, click.Command):
    """A click command with catalogue help texts (``help_key``, ``short_help_key``)."""

    def __init__(
        self,
        *args: Any,
        help_key: str | None = None,
        short_help_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.help_key = help_key
        self.short_help_key = short_help_key


class GoujiGroup(_Localized, click.Group):
    """The ``gouji`` group: localized help and usage errors, no tracebacks, and commands
    loaded on demand from ``gojinotation_analyzer/cli/<name>.py``."""

    def __init__(
        self,
        *args: Any,
        help_key: str | None = None,
        short_help_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.help_key = help_key
        self.short_help_key = short_help_key
        self._plugins_tried: set[str] = set()

    # -- lazy commands
    def _plugin_names(self) -> list[str]:
        here = Path(__file__).resolve().parent
        return sorted(
            info.name
            for info in pkgutil.iter_modules([str(here)])
            if not info.name.startswith("_") and info.name not in NOT_COMMANDS
        )

    def _load_plugin(self, name: str, ctx: click.Context | None) -> None:
        if name in self._plugins_tried or name in self.commands:
            return
        self._plugins_tried.add(name)
        if name not in self._plugin_names():
            return
        module_name = f"{__package__}.{name}"
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:  # a broken plugin breaks only its own command
            if os.environ.get("GOUJI_DEBUG"):
                raise
            lang = lang_of(ctx)
            reason = f"{type(exc).__name__}: {exc}"
            _err(_warn_line(t("plugin.failed", lang, name=name, reason=reason), lang))
            return
        if name not in self.commands:
            cmd = getattr(module, name, None)
            if isinstance(cmd, click.Command):
                self.add_command(cmd, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for name in self._plugin_names():
            self._load_plugin(name, ctx)
        return sorted(self.commands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._load_plugin(cmd_name, ctx)
        return self.commands.get(cmd_name)

    # -- running without tracebacks
    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = _hoist_globals(sys.argv[1:] if args is None else args)
        lang = _prescan_lang(argv) or _env_lang()
        extra.setdefault("obj", {"lang": lang})
        if isinstance(extra["obj"], dict):
            extra["obj"].setdefault("lang", lang)
        code: int
        try:
            rv = super().main(
                args=argv,
                prog_name=prog_name or "gouji",
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
        except click.exceptions.Exit as exc:  # raised outside a context
            code = exc.exit_code
        except click.UsageError as exc:
            _show_usage_error(exc, lang)
            code = EXIT_ERROR
        except click.ClickException as exc:
            _err(_error_line(translate_click(exc.format_message(), lang), lang))
            code = exc.exit_code
        except (click.Abort, KeyboardInterrupt, EOFError):
            _err(t("aborted", lang))
            code = EXIT_ERROR
        except OSError as exc:  # issue #15: e.g. standard output on a full disk
            if os.environ.get("GOUJI_DEBUG"):
                raise
            path = os.fsdecode(exc.filename) if exc.filename else None
            key = "io.os_error" if path else "io.stdout_error"
            _err(_error_line(t(key, lang, path=path, reason=_reason(exc)), lang))
            code = EXIT_ERROR
        except Exception as exc:
            if os.environ.get("GOUJI_DEBUG"):
                raise
            reason = f"{type(exc).__name__}: {exc}"
            _err(_error_line(t("internal_error", lang, reason=reason), lang))
            code = EXIT_ERROR
        else:
            if not standalone_mode:
                return rv
            code = rv if isinstance(rv, int) else EXIT_OK
        if not standalone_mode:
            return code
        sys.exit(code)


def _show_usage_error(exc: click.UsageError, lang: str) -> None:
    ctx = exc.ctx
    if ctx is not None:
        usage = ctx.get_usage()
        if normalize_lang(lang) == "zh":
            usage = usage.replace("Usage: ", t("help.usage", lang), 1)
        _err(usage)
        if ctx.command.get_help_option(ctx) is not None:
            command = f"{ctx.command_path} {max(ctx.help_option_names, key=len)}"
            _err(t("click.try_help", lang, command=command))
        _err("")
    _err(_error_line(translate_click(exc.format_message(), lang), lang))


def _option(*decls: str, help_key: str, **kwargs: Any) -> Callable[[_F], _F]:
    return click.option(*decls, cls=GoujiOption, help_key=help_key, **kwargs)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    lang = normalize_lang(value) if value else _env_lang()
    root = ctx.find_root()
    if not isinstance(root.obj, dict):
        root.obj = {}
    root.obj["lang"] = lang
    return lang


@click.group(
    "gouji",
    cls=GoujiGroup,
    help_key="help.main",
    context_settings={"help_option_names": ["-h", "--help"]},
)
@_option(
    "--lang",
    type=click.Choice(LANGS),
    default=None,
    envvar="GOUJI_LANG",
    is_eager=True,
    expose_value=False,
    callback=_set_lang,
    help_key="help.lang",
)
@_option(
    "--encoding",
    default=None,
    metavar="NAME",
    envvar="GOUJI_ENCODING",
    is_eager=True,
    expose_value=False,
    callback=_set_encoding,
    help_key="help.encoding",
)
@click.version_option(
    gj.__version__,
    "--version",
    "-V",
    prog_name="gouji (gojinotation)",
    cls=GoujiOption,
    help_key="help.version",
)
def main() -> None:
    """GJN tools (the help text shown is ``help.main`` of the catalogue)."""


# ------------------------------------------------------------------ shared by commands


def expand_paths(paths: Sequence[str], lang: str) -> Iterator[str]:
    for p in paths:
        if p != "-" and Path(p).is_dir():
            found = sorted(str(f) for f in Path(p).rglob("*.gjn") if f.is_file())
            if not found:
                _err(_warn_line(t("io.no_gjn_files", lang, path=p), lang))
            yield from found
        else:
            yield p


_LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t]*\n)+")


def _trimmed(match: gm.Match) -> gm.Match:
    """The match with leading blank lines cut from the raw text of broken deals (the
    reader keeps the blank line after a ``%GJN 1`` line in a broken first deal, which
    would make every rewrite one line longer)."""
    deals: list[Any] = []  # Match.deals holds BrokenDeal values too
    for d in match.deals:
        deals.append(d)
        if isinstance(d, BrokenDeal):
            deals[-1] = BrokenDeal(_LEADING_BLANK_LINES.sub("", d.raw), d.errors, d.span)
    return attrs.evolve(match, deals=tuple(deals))


def canonical_text(match: gm.Match) -> str:
    """The canonical GJN of a match, as ``gouji fmt`` writes it (idempotent, also for
    matches with broken deals)."""
    return gj.dumps(_trimmed(match))
