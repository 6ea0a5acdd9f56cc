"""Layers that point one way: no import cycle among generator's modules, counting every import (also one inside a
function: a late import hides a cycle from Python, not from the design), and the kit's model, bill of materials
and version below the components."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "generator"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """generator module -> the generator modules it imports."""
    files = {_module(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
                stem = ".".join([*base, *([node.module] if node.module else [])])
                targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in files else stem for a in node.names]
            edges |= {t for t in targets if t in files and t != name}
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_in_generator():
    graph = import_graph()
    assert len(graph) > 100 and graph["generator.kit.build"]  # the graph is really read
    found = cycles(graph)
    assert not found, "import cycles (move the shared part down a layer): " + "; ".join(
        " -> ".join(c) for c in found)


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module start imports, directly or not."""
    seen, todo = set(), [start]
    while todo:
        for w in graph[todo.pop()] - seen:
            seen.add(w)
            todo.append(w)
    return seen


def test_model_bom_and_version_sit_below_the_components():
    graph = import_graph()
    for low in ("generator.kit.model", "generator.kit.bom", "generator.kit.version", "generator.content.model"):
        above = sorted(m for m in reaches(graph, low) if m.startswith(("generator.components", "generator.kit.build")))
        assert not above, f"{low} imports {above}: it must sit below the components"
    assert "generator.kit.build" in reaches(graph, "generator.kit.slots")  # the i18n command driving a build: above
