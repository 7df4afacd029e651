"""The layers of ``docs/architecture.md``, checked against the code.

Every import of every module of ``gojinotation`` and ``gojinotation_analyzer`` (absolute
and relative, at module level and inside functions) is mapped to its *unit* (a package, or
a top-level module of the analyzer) and checked against the allowed-imports table of
``docs/architecture.md``; the graph of units must have no cycle.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
#: Where each import name's sources live.
SOURCES = {"gojinotation": ROOT / "gojinotation", "gojinotation_analyzer": ROOT / "analyzer"}
NOTATION = "gojinotation"
ANALYZER = "gojinotation_analyzer"


@attrs.frozen
class Import:
    """One import statement's target, resolved to an absolute dotted name."""

    module: str  # the importing module
    target: str  # the imported module (or ``package.name``)
    line: int


def _modules() -> Iterator[tuple[str, Path]]:
    for top, base in SOURCES.items():
        folder = base / top if top == ANALYZER else base
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(folder.parent).with_suffix("")
            name = ".".join(rel.parts)
            yield name.removesuffix(".__init__"), path


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def imports_of(module: str, path: Path) -> list[Import]:
    """Every import in ``path`` (at any depth of the syntax tree), as absolute names.

    ``from pkg import name`` counts as an import of ``pkg.name``: ``name`` may be a
    submodule, and the unit of ``pkg.name`` is never above that of ``pkg``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if _is_package(path) else module.rpartition(".")[0]
    out: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [Import(module, a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            out += [Import(module, f"{base}.{a.name}", node.lineno) for a in node.names]
    return out


def unit_of(name: str, units: frozenset[str]) -> str | None:
    """The longest unit that ``name`` is or lies in; ``None`` for outside code.

    >>> unit_of("gojinotation_analyzer.engine.sets.shape", frozenset(
    ...     {"gojinotation_analyzer", "gojinotation_analyzer.engine"}))
    'gojinotation_analyzer.engine'
    >>> unit_of("attrs.frozen", frozenset({"gojinotation"})) is None
    True
    """
    best: str | None = None
    for u in units:
        if (name == u or name.startswith(u + ".")) and (best is None or len(u) > len(best)):
            best = u
    return best


_CODE = re.compile(r"`([^`]+)`")


def _table_rows(marker: str) -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    block = text.split(f"<!-- {marker} -->", 1)[1].strip().splitlines()
    rows = []
    for line in block[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def allowed_table() -> dict[str, frozenset[str]]:
    """``docs/architecture.md``'s allowed-imports table: unit -> the units it may import."""
    table: dict[str, frozenset[str]] = {}
    for unit_cell, allowed_cell in _table_rows("allowed-imports"):
        (unit,) = _CODE.findall(unit_cell)
        table[unit] = frozenset(_CODE.findall(allowed_cell))
    return table


def exceptions_table() -> set[tuple[str, str]]:
    """The documented exceptions: (module, unit it imports against the table)."""
    out = set()
    for module_cell, target_cell, _why in _table_rows("import-exceptions"):
        (module,) = _CODE.findall(module_cell)
        (target,) = _CODE.findall(target_cell)
        out.add((module, target))
    return out


def unit_edges() -> tuple[dict[tuple[str, str], list[Import]], frozenset[str]]:
    """Every cross-unit import, grouped by (from unit, to unit)."""
    units = frozenset(allowed_table())
    edges: dict[tuple[str, str], list[Import]] = {}
    for module, path in _modules():
        src = unit_of(module, units)
        assert src is not None, f"{module} lies in no unit of docs/architecture.md"
        for imp in imports_of(module, path):
            dst = unit_of(imp.target, units)
            if dst is not None and dst != src:
                edges.setdefault((src, dst), []).append(imp)
    return edges, units


def test_the_table_names_every_subpackage_and_top_level_module() -> None:
    table = allowed_table()
    expected = {NOTATION, ANALYZER}
    for path in (ROOT / "analyzer" / ANALYZER).iterdir():
        if path.is_dir() and (path / "__init__.py").exists():
            expected.add(f"{ANALYZER}.{path.name}")
        elif path.suffix == ".py" and path.name != "__init__.py":
            expected.add(f"{ANALYZER}.{path.stem}")
    assert set(table) == expected
    for unit, allowed in table.items():
        assert allowed <= set(table), (unit, allowed - set(table))


def violations(
    edges: dict[tuple[str, str], list[Import]],
    table: dict[str, frozenset[str]],
    known: set[tuple[str, str]],
) -> tuple[list[str], set[tuple[str, str]]]:
    """The imports the table forbids (not documented as exceptions), and the documented
    exceptions actually seen."""
    forbidden: list[str] = []
    used: set[tuple[str, str]] = set()
    for (src, dst), imps in sorted(edges.items()):
        if dst in table[src]:
            continue
        for imp in imps:
            key = (imp.module, dst)
            if key in known:
                used.add(key)
            else:
                forbidden.append(f"{imp.module}:{imp.line} imports {imp.target} ({src} -> {dst})")
    return forbidden, used


def test_every_import_is_allowed_by_the_table() -> None:
    known = exceptions_table()
    edges, _ = unit_edges()
    forbidden, used = violations(edges, allowed_table(), known)
    assert forbidden == [], "imports that docs/architecture.md does not allow"
    assert used == known, f"stale exceptions in docs/architecture.md: {known - used}"


def test_a_forbidden_import_is_reported() -> None:
    """The checker judges: the engine importing the renderer (upwards) is refused, and a
    documented exception is let through and counted as seen."""
    table = allowed_table()
    up = Import(f"{ANALYZER}.engine.scoring", f"{ANALYZER}.publish.view.i18n", 7)
    side = Import(f"{ANALYZER}.rules.rulebook", f"{ANALYZER}.engine.engine", 9)
    edges = {
        (f"{ANALYZER}.engine", f"{ANALYZER}.publish"): [up],
        (f"{ANALYZER}.rules", f"{ANALYZER}.engine"): [side],
    }
    forbidden, used = violations(edges, table, {(side.module, f"{ANALYZER}.engine")})
    assert forbidden == [
        f"{ANALYZER}.engine.scoring:7 imports {ANALYZER}.publish.view.i18n "
        f"({ANALYZER}.engine -> {ANALYZER}.publish)"
    ]
    assert used == {(side.module, f"{ANALYZER}.engine")}


def test_the_notation_layer_imports_nothing_of_the_analyzer() -> None:
    """The arrows point one way: the analyzer may import gojinotation, never the reverse
    (the first gate of the layering, kept as its own test for a clear failure)."""
    offenders = [
        f"{m}:{imp.line}"
        for m, path in _modules()
        if m.split(".")[0] == NOTATION
        for imp in imports_of(m, path)
        if imp.target.split(".")[0] == ANALYZER
    ]
    assert offenders == []


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (as a path that ends where it starts), or ``None``.

    >>> _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> _cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    state: dict[str, int] = {}  # 1 = on the path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_no_import_cycle_between_units() -> None:
    """No cycle among the units.  An edge made only of documented exceptions is left out:
    those are reported (and kept from growing) by the test above, and the one listed today,
    ``rules.rulebook`` -> ``engine``, would close ``rules`` -> ``engine`` -> ``rules``."""
    edges, units = unit_edges()
    known = exceptions_table()
    graph: dict[str, set[str]] = {u: set() for u in units}
    for (src, dst), imps in edges.items():
        if not all((imp.module, dst) in known for imp in imps):
            graph[src].add(dst)
    assert _cycle(graph) is None


def test_the_checker_sees_relative_and_function_level_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import sub\n", encoding="utf-8")
    mod = pkg / "mod.py"
    mod.write_text(
        "import os\nfrom ..other import thing\n"
        "def f():\n    from .sub import g\n    import gojinotation_analyzer.engine.sets\n",
        encoding="utf-8",
    )
    got = {i.target for i in imports_of("top.pkg.mod", mod)}
    assert got == {
        "os",
        "top.other.thing",
        "top.pkg.sub.g",
        "gojinotation_analyzer.engine.sets",
    }
    assert {i.target for i in imports_of("top.pkg", pkg / "__init__.py")} == {"top.pkg.sub"}


def engine_class_names() -> dict[str, str]:
    """Every public class the engine's modules define: name -> defining module."""
    import importlib
    import inspect
    import pkgutil

    import gojinotation_analyzer.engine as engine

    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"{engine.__name__}.{info.name}")
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and name[0] != "_":
                found[name] = module.__name__
    return found


def test_no_engine_class_is_named_like_a_notation_class() -> None:
    """An engine class never shares its name with a class of the notation's model
    (``events.TributePaid`` beside ``model.Tribute``, ``state.ActiveBurn`` beside
    ``model.Burn``): a module that imports both needs no alias to tell them apart."""
    import inspect

    from gojinotation import model

    notation = {
        name
        for name, obj in vars(model).items()
        if inspect.isclass(obj) and obj.__module__ == model.__name__ and not name.startswith("_")
    }
    engine = engine_class_names()
    assert {"Play", "Burn", "Tribute", "Revolution"} <= notation
    assert {"TributePaid", "RevolutionDeclared", "ActiveBurn", "DealState"} <= set(engine)
    assert {name: engine[name] for name in set(engine) & notation} == {}


#: Issue #10: modules split by moving code, each re-exporting its parts' public names.
SPLIT = {
    f"{ANALYZER}.engine.scoring": ("scoring_facts", "scoring_tribute"),
    f"{ANALYZER}.publish.view": (
        "view_kinds",
        "view_model",
        "view_text",
        "view_frames",
        "view_record",
    ),
    f"{ANALYZER}.simulation.simulate": ("results", "names", "dealing"),
}


def test_split_modules_are_small_and_reexport_their_parts() -> None:
    """Scoring, the replay view and the simulator were split (issue #10): no part over
    700 lines, and the module that was split still gives every public name of its parts,
    the same object, so ``from ….publish.view import X`` keeps working."""
    import importlib

    for name, parts in SPLIT.items():
        whole = importlib.import_module(name)
        package = name.rpartition(".")[0]
        for mod in [whole, *(importlib.import_module(f"{package}.{p}") for p in parts)]:
            assert mod.__file__ is not None
            lines = Path(mod.__file__).read_text(encoding="utf-8").count("\n")
            assert lines <= 700, (mod.__name__, lines)
            if mod is whole:
                continue
            public = getattr(mod, "__all__", [])
            missing = [n for n in public if getattr(whole, n, None) is not getattr(mod, n)]
            # ``view_text.say`` was never public in ``publish.view``: it stays in its part
            assert missing == ([] if mod.__name__ != f"{package}.view_text" else ["say"])
            assert all(n in whole.__all__ for n in public if n not in missing), mod.__name__
