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

import os
import re
from collections.abc import Mapping
from functools import cache

from gojinotation_analyzer.i18n import cli as _cli
from gojinotation_analyzer.i18n import commands as _commands
from gojinotation_analyzer.i18n import engine as _engine
from gojinotation_analyzer.i18n import reports as _reports
from gojinotation_analyzer.i18n import sanctions as _sanctions
from gojinotation_analyzer.i18n import serve as _serve
from gojinotation_analyzer.i18n import tables as _tables

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

#: key -> (English, Chinese); fields in ``{braces}`` are filled by :func:`t`.  The entries
#: live by area in the data modules of this package (``cli``, ``engine``, ``reports``,
#: ``sanctions``, ``serve``, ``commands``, ``tables``), merged here in that order.
CATALOG: dict[str, tuple[str, str]] = {
    **_cli.MESSAGES,
    **_engine.MESSAGES,
    **_reports.MESSAGES,
    **_sanctions.MESSAGES,
    **_serve.MESSAGES,
    **_commands.MESSAGES,
    **_tables.MESSAGES,
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
    import json  # here, not at import: ``gouji`` starts without them (issue #16 item 4)
    from importlib import resources

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
    if lang == "en" or lang == "zh":  # the usual names, without normalize_lang
        text = entry[1] if lang == "zh" else entry[0]
    else:
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
