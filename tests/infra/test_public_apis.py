"""Public APIs only (issue 46): generator/ reads or writes no private attribute of a library. A private name
(`_x`, not a dunder) read from an object must be one the project defines itself (its own classes' attributes and
methods, its own functions); one it does not define belongs to a library, whose internals change without notice.
The standard library's modules are outside this rule only where named below."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.conftest import ROOT

# Still read, with the reason; each must still occur (a fixed one is dropped from here) and nothing else may.
KNOWN = {
    # cairocffi documents _pointer as the cffi pointer for use with cairo's C API (its "Compatibility" page).
    ("generator/render/pdf.py", "self.surface._pointer"),
}


def _defined(trees: dict[str, ast.Module]) -> set[str]:
    """Every name the project defines: functions, classes, assignments, arguments, attributes set on self/cls."""
    names = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                    and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                names.add(node.attr)
    return names


def _stdlib_names(tree: ast.Module) -> set[str]:
    """Names a module binds to standard-library modules (import os, import argparse as ap)."""
    return {a.asname or a.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
            for a in node.names if a.name.split(".")[0] in sys.stdlib_module_names}


def private_reads(trees: dict[str, ast.Module]) -> set[tuple[str, str]]:
    """(module path, expression) of every private attribute the project does not define itself."""
    own = _defined(trees)
    found = set()
    for rel, tree in trees.items():
        stdlib = _stdlib_names(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.endswith("__")):
                continue
            if node.attr in own or (isinstance(node.value, ast.Name) and node.value.id in stdlib):
                continue
            found.add((rel, ast.unparse(node)))
    return found


def _trees(root: Path) -> dict[str, ast.Module]:
    return {p.relative_to(root).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted((root / "generator").rglob("*.py"))
            if "__pycache__" not in p.parts and not p.name.startswith("_cairo_abi")}


def test_no_private_attribute_of_a_library():
    found = private_reads(_trees(ROOT))
    assert not found - KNOWN, f"private attributes of libraries (use their public API): {sorted(found - KNOWN)}"
    assert not KNOWN - found, f"no longer read: drop from KNOWN {sorted(KNOWN - found)}"


def test_the_scan_finds_a_private_read():
    trees = {"generator/a.py": ast.parse(
        "import os\nfrom babel.messages.catalog import Catalog\n\nclass Own:\n    def __init__(self):\n"
        "        self._mine = 1\n\ndef f(catalog: Catalog, own: Own):\n"
        "    os._exit(0)\n    own._mine\n    catalog._messages.clear()\n    return catalog._num_plurals\n")}
    assert private_reads(trees) == {("generator/a.py", "catalog._messages"), ("generator/a.py", "catalog._num_plurals")}
