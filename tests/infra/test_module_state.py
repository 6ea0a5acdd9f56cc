"""No module-global state carrying one render's data into another (issue 46): every module-level collector or cache
of generator/ (a name a function rebinds with `global`, or a module-level empty list, dict, set, OrderedDict or a
ContextVar) is one docs/ARCHITECTURE.md lists with why it is process-wide, and a drawing's texts and icons are a
value handed down (render/templates.Sketch), never such a global."""

from __future__ import annotations

import ast
import re

from tests.conftest import ROOT

MARK = "<!-- module state: checked by tests/infra/test_module_state.py -->"
CONTAINERS = {"list", "dict", "set", "OrderedDict", "defaultdict", "deque", "ContextVar"}


def module_state(source: str) -> set[str]:
    """The names of one module's process-wide state: rebound by `global`, or a module-level empty container."""
    tree = ast.parse(source)
    found = {name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names}
    for node in tree.body:
        target, value = (node.targets[0], node.value) if isinstance(node, ast.Assign) else \
            (node.target, node.value) if isinstance(node, ast.AnnAssign) and node.value is not None else (None, None)
        if not isinstance(target, ast.Name):
            continue
        empty = isinstance(value, (ast.List, ast.Set, ast.Dict)) and not getattr(value, "elts", getattr(value, "keys", ()))
        call = isinstance(value, ast.Call) and (getattr(value.func, "id", None) or getattr(value.func, "attr", None))
        if empty or (call in CONTAINERS and (call == "ContextVar" or not value.args)):
            found.add(target.id)
    return found


def actual_state() -> set[tuple[str, str]]:
    return {(path.relative_to(ROOT / "generator").as_posix(), name)
            for path in sorted((ROOT / "generator").rglob("*.py")) if not path.name.startswith("_cairo_abi")
            for name in module_state(path.read_text(encoding="utf-8"))}


def documented_state(text: str) -> set[tuple[str, str]]:
    """docs/ARCHITECTURE.md's table of module state: `path  NAME NAME  why` rows in the block after the mark."""
    block = text.split(MARK, 1)[1].split("```text\n", 1)[1].split("\n```", 1)[0]
    rows = set()
    for line in block.splitlines():
        path, names, _why = re.split(r"\s{2,}", line.strip(), maxsplit=2)
        rows |= {(path, name) for name in names.split()}
    return rows


def test_every_module_global_is_documented_as_process_wide():
    actual = actual_state()
    assert ("kit/phase_two.py", "_CTXS") in actual and ("render/svg.py", "_ART") in actual  # really read
    documented = documented_state((ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8"))
    missing = sorted(actual - documented)
    assert not missing, ("module-global state docs/ARCHITECTURE.md ('Module state') does not list: pass it down as a "
                         "value, or, if it is a process-wide cache or fork-time state, list it with why: "
                         + ", ".join(f"{p} {n}" for p, n in missing))
    stale = sorted(documented - actual)
    assert not stale, "docs/ARCHITECTURE.md ('Module state') lists what no longer exists: " + ", ".join(
        f"{p} {n}" for p, n in stale)


def test_the_state_finder_sees_collectors_and_leaves_constants():
    source = ("_NOW: list = []\nTABLE = {'a': 1}\n_C = OrderedDict()\nW = ContextVar('w', default=None)\n"
              "NAMES = set(('a',))\nX = 0\ndef f():\n    global X\n    X = 1\n")
    assert module_state(source) == {"_NOW", "_C", "W", "X"}
    assert documented_state(f"{MARK}\n```text\nkit/a.py   _A _B   why\nrender/b.py  C  cache\n```\n") == {
        ("kit/a.py", "_A"), ("kit/a.py", "_B"), ("render/b.py", "C")}


def test_a_drawing_collects_into_a_value_not_a_module_global():
    from generator.render import templates

    assert not [n for n in vars(templates) if n.isupper() and isinstance(getattr(templates, n), list)]
    assert "_NOW" not in vars(templates) and templates.Sketch().items == []
