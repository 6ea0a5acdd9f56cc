"""No module-global state carrying one render's data into another (issue 46): every module-level collector or cache
of generator/ (a name a function rebinds with `global`, or a module-level empty list, dict, set, OrderedDict or
ContextVar that a function fills or sets) is one docs/ARCHITECTURE.md lists with why it is process-wide, and a drawing's texts and icons are a
value handed down (render/templates.Sketch), never such a global."""

from __future__ import annotations

import ast
import re

from tests.conftest import ROOT

MARK = "<!-- module state: checked by tests/infra/test_module_state.py -->"
CONTAINERS = {"list", "dict", "set", "OrderedDict", "defaultdict", "deque", "ContextVar"}


MUTATORS = {"append", "extend", "insert", "add", "update", "setdefault", "pop", "popitem", "clear", "remove",
            "discard", "move_to_end", "set", "reset"}


def scan(source: str) -> tuple[set[str], set[str], set[str]]:
    """One module's names rebound by `global`, its module-level empty containers (and ContextVars), and the names
    (bare, or as an attribute: tts.SHARED) its functions fill, empty or set."""
    tree = ast.parse(source)
    rebound = {name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names}
    containers, mutated = set(), set()
    for node in tree.body:
        target, value = (node.targets[0], node.value) if isinstance(node, ast.Assign) else \
            (node.target, node.value) if isinstance(node, ast.AnnAssign) and node.value is not None else (None, None)
        if not isinstance(target, ast.Name):
            continue
        empty = isinstance(value, (ast.List, ast.Set, ast.Dict)) and not getattr(value, "elts", getattr(value, "keys", ()))
        call = isinstance(value, ast.Call) and (getattr(value.func, "id", None) or getattr(value.func, "attr", None))
        if empty or (call in CONTAINERS and (call == "ContextVar" or not value.args)):
            containers.add(target.id)
    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                owner = node.func.value
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                owner = next((t.value for t in targets if isinstance(t, ast.Subscript)), None)
            else:
                continue
            if isinstance(owner, (ast.Name, ast.Attribute)):
                mutated.add(owner.id if isinstance(owner, ast.Name) else owner.attr)
    return rebound, containers, mutated


def module_state(source: str) -> set[str]:
    """The names of one module's process-wide state: rebound by `global`, or a module-level empty container (or a
    ContextVar) that a function fills, empties or sets (one filled only at import is a table, not state)."""
    rebound, containers, mutated = scan(source)
    return rebound | (containers & mutated)


def actual_state() -> set[tuple[str, str]]:
    """(module path under generator/, name) of every module's state, a container filled by any module's function."""
    scanned = {path.relative_to(ROOT / "generator").as_posix(): scan(path.read_text(encoding="utf-8"))
               for path in sorted((ROOT / "generator").rglob("*.py")) if not path.name.startswith("_cairo_abi")}
    mutated = set().union(*(m for _r, _c, m in scanned.values()))
    return {(path, name) for path, (rebound, containers, _m) in scanned.items()
            for name in rebound | (containers & mutated)}


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
              "NAMES = set(('a',))\nX = 0\nBLOCKS = {}\nSEEN = {}\nSEEN['x'] = 1\n_D = {}\n"
              "def f():\n    global X\n    X = 1\n    _NOW.append(1)\n    _C[1] = 2\n    W.set(3)\n"
              "    del _D[1]\n    return BLOCKS.get(1), SEEN['x']\n")
    assert module_state(source) == {"_NOW", "_C", "W", "X", "_D"}  # BLOCKS, SEEN: tables, filled at import
    assert documented_state(f"{MARK}\n```text\nkit/a.py   _A _B   why\nrender/b.py  C  cache\n```\n") == {
        ("kit/a.py", "_A"), ("kit/a.py", "_B"), ("render/b.py", "C")}


def test_a_drawing_collects_into_a_value_not_a_module_global():
    from generator.render import templates

    assert not [n for n in vars(templates) if n.isupper() and isinstance(getattr(templates, n), list)]
    assert "_NOW" not in vars(templates) and templates.Sketch().items == []
