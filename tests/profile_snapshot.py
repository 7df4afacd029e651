"""A JSON form of the rule profiles, to pin the data files against the values they replaced.

``tests/fixtures/profiles_snapshot.json`` was written by :func:`dump_all` from the Python
dicts of ``profiles.py`` before they moved to TOML (``python -m tests.profile_snapshot``);
``tests/test_profiles_data.py`` asserts that the TOML loader reproduces it exactly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from enum import Enum
from typing import Any

from gojinotation_analyzer.rules.profiles import PROFILES, Citation, Profile, Reading, Setting


def encode(value: Any) -> Any:
    """A JSON value that keeps the Python type (tuple, frozenset, map, enum)."""
    if value is None or (isinstance(value, (bool, int, str)) and not isinstance(value, Enum)):
        return value
    if isinstance(value, Enum):
        return {"enum": f"{type(value).__name__}.{value.name}"}
    if isinstance(value, Mapping):
        return {
            "map": type(value).__name__,
            "items": [[encode(k), encode(v)] for k, v in value.items()],
        }
    if isinstance(value, frozenset):
        return {"set": sorted(json.dumps(encode(v), ensure_ascii=False) for v in value)}
    if isinstance(value, tuple):
        return {"tuple": [encode(v) for v in value]}
    raise TypeError(f"cannot encode {value!r}")  # pragma: no cover - a new value type


def _citation(c: Citation | None) -> Any:
    return None if c is None else [c.file, c.section, c.quote]


def _reading(r: Reading) -> Any:
    return [encode(r.value), _citation(r.citation), r.note]


def _setting(s: Setting) -> Any:
    return {
        "name": s.name,
        "value": encode(s.value),
        "provenance": s.provenance,
        "citation": _citation(s.citation),
        "origin": s.origin,
        "note": s.note,
        "disputed": [_reading(r) for r in s.disputed],
        "open": s.open,
    }


def dump(p: Profile) -> dict[str, Any]:
    """One profile: its header, its own settings (in order) and its resolved table."""
    return {
        "id": p.id,
        "aliases": list(p.aliases),
        "parent": p.parent,
        "title_en": p.title_en,
        "title_zh": p.title_zh,
        "sources": [_citation(c) for c in p.sources],
        "summary_en": p.summary_en,
        "summary_zh": p.summary_zh,
        "own": [_setting(s) for s in p.own.values()],
        "own_names": list(p.own),
        "table": [_setting(s) for s in p.table.values()],
        "table_names": list(p.table),
    }


def dump_all() -> list[dict[str, Any]]:
    """Every shipped profile, in catalog order."""
    return [dump(p) for p in PROFILES.values()]


if __name__ == "__main__":  # pragma: no cover - writes the fixture once
    sys.stdout.write("[\n")
    rows = [json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in dump_all()]
    sys.stdout.write(",\n".join(rows) + "\n]\n")
