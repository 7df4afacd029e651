"""The validator's messages: every text a report adds to the engine's own, in English and
Chinese, by key; the texts are ``report.<key>`` in the one catalogue (:mod:`..i18n`).

>>> t("void", "zh"), both("legal")
('本局作废', ('legal', '合法'))
"""

from __future__ import annotations

from typing import Any

from gojinotation_analyzer import i18n

#: The two texts that are not messages in two languages: the Chinese note that a sanction
#: is given in English only, and the empty score cell of a comparison table.
_FIXED: dict[str, tuple[str, str]] = {
    "sanction_en": ("", "（英文）"),
    "cmp.noscore": ("-", "-"),
}


def t(key: str, lang: str, **fields: Any) -> str:
    """The report message ``key`` (``report.<key>`` of the catalogue :mod:`..i18n`)."""
    fixed = _FIXED.get(key)
    if fixed is not None:
        return fixed[1] if lang == "zh" else fixed[0]
    return i18n.t(f"report.{key}", lang, **fields)


def both(key: str, **fields: Any) -> tuple[str, str]:
    return t(key, "en", **fields), t(key, "zh", **fields)
