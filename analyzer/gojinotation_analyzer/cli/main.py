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

Helpers for command modules live in :mod:`gojinotation_analyzer.cli.common` (this module
re-exports the public ones): :func:`lang_of` (the language chosen for this run),
:func:`report_notation_errors` (print ``NotationError``/``JsonError`` values the way
every command does), :func:`fail` (print an error and exit 2), :func:`read_record` (read
a ``.gjn`` or ``.json`` path or ``-`` without tracebacks), the exit codes
:data:`EXIT_OK`, :data:`EXIT_CHANGED`, :data:`EXIT_ERROR`, and, here, the classes
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
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

import gojinotation as gj
from gojinotation_analyzer.cli.common import (
    EXIT_CHANGED,
    EXIT_ERROR,
    EXIT_OK,
    Record,
    _env_lang,
    _err,
    _error_line,
    _reason,
    _warn_line,
    canonical_text,
    fail,
    lang_of,
    read_record,
    report_notation_errors,
)
from gojinotation_analyzer.i18n import CATALOG, LANGS, normalize_lang, t, translate_click

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

#: Modules ``gojinotation_analyzer.cli.<name>`` provide the command ``<name>``; these
#: modules of the package are not commands.
NOT_COMMANDS = frozenset({"main", "common"})

_F = TypeVar("_F", bound=Callable[..., Any])


# ------------------------------------------------------------------ language


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
    """Help texts, headings and the help option in the language of the run; the help
    texts are the catalogue messages ``help_key`` and ``short_help_key`` (given to the
    constructor, or set on a subclass)."""

    help_key: str | None = None
    short_help_key: str | None = None

    def __init__(
        self,
        *args: Any,
        help_key: str | None = None,
        short_help_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if help_key is not None:
            self.help_key = help_key
        if short_help_key is not None:
            self.short_help_key = short_help_key

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


class GoujiGroup(_Localized, click.Group):
    """The ``gouji`` group: localized help and usage errors, no tracebacks, and commands
    loaded on demand from ``gojinotation_analyzer/cli/<name>.py``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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
        from gojinotation._codecache import install

        install()  # attrs' generated methods kept compiled between runs (start-up)
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
