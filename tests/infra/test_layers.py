"""Layers that point one way: no import cycle among generator's modules or among its packages, counting every import
(also one inside a function: a late import hides a cycle from Python, not from the design); the package tree as
docs/ARCHITECTURE.md draws it; and the kit's model, bill of materials and version below the components."""

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
    for low in ("generator.plan.model", "generator.plan.bom", "generator.version", "generator.content.model"):
        above = sorted(m for m in reaches(graph, low) if m.startswith(("generator.components", "generator.kit.build", "generator.kit.phase_", "generator.pipeline")))
        assert not above, f"{low} imports {above}: it must sit below the components"
    assert "generator.kit.build" in reaches(graph, "generator.commands.slots")  # the i18n command driving a build: above


def _part(module: str) -> str:
    """The package or top-level module of generator a module belongs to (generator.kit.build -> kit)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "generator"


def documented_tree(text: str) -> dict[str, set[str]]:
    """docs/ARCHITECTURE.md's table of the tree: part -> the parts it may import (the block after the layers mark)."""
    block = text.split("<!-- layers: checked by tests/infra/test_layers.py -->", 1)[1].split("```text\n", 1)[1]
    rows: dict[str, set[str]] = {}
    for line in block.split("\n```", 1)[0].splitlines():
        name, _, rest = line.partition(" ")
        imports = rest.rsplit("  ", 1)[-1].split()  # the last column, after the description's double space
        rows[name] = set() if imports == ["-"] else set(imports)
    return rows


def actual_tree(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """part -> the other parts its modules import."""
    tree: dict[str, set[str]] = {}
    for module, edges in graph.items():
        if module.split(".")[-1].startswith("_cairo_abi"):  # generated by make bytecode, git-ignored
            continue
        tree.setdefault(_part(module), set()).update(_part(e) for e in edges if _part(e) != _part(module)
                                                     and not e.split(".")[-1].startswith("_cairo_abi"))
    return tree


def tree_problems(documented: dict[str, set[str]], actual: dict[str, set[str]]) -> list[str]:
    """What docs/ARCHITECTURE.md's table gets wrong about the tree, one line each naming the package and the import."""
    found = [f"{p}: a package of generator/ missing from the table (add its row)" for p in sorted(set(actual) - set(documented))]
    found += [f"{p}: a row for a package that is not in generator/ (remove it)" for p in sorted(set(documented) - set(actual))]
    for part in sorted(set(actual) & set(documented)):
        found += [f"{part} imports {other}: the table does not allow it (add it to {part}'s row, or import less)"
                  for other in sorted(actual[part] - documented[part])]
        found += [f"{part} no longer imports {other}: remove it from {part}'s row"
                  for other in sorted(documented[part] - actual[part])]
    return found


def test_no_package_cycle():
    tree = actual_tree(import_graph())
    assert {"kit", "components", "i18n", "pipeline", "commands"} <= set(tree)  # the tree is really read
    found = cycles({part: edges & set(tree) for part, edges in tree.items()})
    assert not found, "package cycles (move the shared modules down a layer, the commands up): " + "; ".join(
        " <-> ".join(c) for c in found)


def test_architecture_draws_the_tree_as_it_is():
    documented = documented_tree((ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8"))
    actual = actual_tree(import_graph())
    assert {"kit", "render", "content", "problems"} <= set(actual)  # the tree is really read
    found = tree_problems(documented, actual)
    assert not found, "docs/ARCHITECTURE.md, 'The tree as it is':\n" + "\n".join(found)


def test_the_table_lists_the_layers_bottom_up():
    """Each row imports only rows above it: the table reads as the layers, and a cycle could not be drawn in it."""
    documented = documented_tree((ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8"))
    order = list(documented)
    late = [f"{part} imports {other}, listed below it" for i, part in enumerate(order)
            for other in sorted(documented[part]) if other in documented and order.index(other) > i]
    assert not late, "docs/ARCHITECTURE.md, 'The tree as it is': move the rows so each imports only rows above it: " \
        + "; ".join(late)


def test_the_tree_check_reads_the_table():
    text = "x\n<!-- layers: checked by tests/infra/test_layers.py -->\n```text\n" \
           "problems     what checks return          -\nkit          the build  problems render\n```\n"
    assert documented_tree(text) == {"problems": set(), "kit": {"problems", "render"}}
    graph = {"generator.kit.build": {"generator.render.pdf", "generator.kit.cache"}, "generator.kit.cache": set(),
             "generator.render.pdf": set(), "generator._cairo_abi": set()}
    assert actual_tree(graph) == {"kit": {"render"}, "render": set()}
    problems = tree_problems({"kit": {"problems"}, "board": set()}, {"kit": {"render"}, "render": set()})
    assert problems == ["render: a package of generator/ missing from the table (add its row)",
                        "board: a row for a package that is not in generator/ (remove it)",
                        "kit imports render: the table does not allow it (add it to kit's row, or import less)",
                        "kit no longer imports problems: remove it from kit's row"]
    assert cycles({"kit": {"i18n"}, "i18n": {"kit"}, "render": set()}) == [["i18n", "kit"]]
