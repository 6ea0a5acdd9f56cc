"""No patched libraries (issues 27, 46): nothing in generator/ assigns to an attribute of any installed dependency
(its modules, classes or functions), mutates its tables, subclasses its private internals or overrides a private
method. Every distribution installed from the lock is scanned, by the top-level modules it provides
(importlib.metadata); settings a library documents as configuration (reportlab's rl_config) are fine."""

from __future__ import annotations

import ast
import importlib
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every installed distribution's top-level modules (the project's own package and the standard library aside).
PACKAGES = frozenset(m for m in packages_distributions() if m.isidentifier() and m != "generator"
                     and m not in sys.stdlib_module_names)
CONFIG = {"rl_config"}  # reportlab's documented configuration module: its settings are meant to be set
MUTATORS = {"update", "setdefault", "append", "extend", "insert", "pop", "popitem", "clear", "remove",
            "__setitem__", "__setattr__", "__delitem__"}
KNOWN: set[str] = set()  # no exception: nothing in generator/ patches these libraries


def _imported(tree: ast.Module) -> dict[str, str]:
    """Names bound to those packages' modules, classes or functions: name -> dotted origin."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in PACKAGES:
                    out[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in PACKAGES:
            for a in node.names:
                out[a.asname or a.name] = f"{node.module}.{a.name}"
    return out


def _root(node: ast.AST) -> tuple[str | None, list[str]]:
    """The name an attribute chain starts from, and the attributes after it."""
    attrs = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            attrs.insert(0, node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), attrs


def _resolve(origin: str):
    """The object a dotted origin names (a module, or an attribute of one), or None."""
    parts = origin.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name, None)
        return obj
    return None


def patches(source: str) -> list[str]:
    """What a module's source does to those packages: one line per assignment, mutation or private subclassing."""
    tree = ast.parse(source)
    names = _imported(tree)
    found = []

    def theirs(target: ast.AST) -> str | None:
        name, attrs = _root(target)
        if name in names and (attrs or isinstance(target, ast.Subscript)) and name not in CONFIG \
                and names[name].split(".")[-1] not in CONFIG:
            return ".".join([names[name], *attrs])
        return None

    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else \
            node.targets if isinstance(node, ast.Delete) else []
        for target in targets:
            for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if (what := theirs(t)) is not None:
                    found.append(f"line {node.lineno}: assigns {what}")
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args \
                    and (what := theirs(ast.Attribute(node.args[0], "?"))) is not None:
                found.append(f"line {node.lineno}: {func.id} on {what.removesuffix('.?')}")
            elif isinstance(func, ast.Attribute) and func.attr in MUTATORS \
                    and (what := theirs(func.value)) is not None:
                found.append(f"line {node.lineno}: {func.attr} on {what}")
        if isinstance(node, ast.ClassDef):
            own = {f.name for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
            for base in node.bases:
                name, attrs = _root(base)
                if name not in names:
                    continue
                origin = ".".join([names[name], *attrs])
                if any(p.startswith("_") for p in origin.split(".")):
                    found.append(f"line {node.lineno}: class {node.name} subclasses private {origin}")
                    continue
                cls = _resolve(origin)
                for method in sorted(own):
                    if method.startswith("_") and not method.endswith("__") and hasattr(cls, method):
                        found.append(f"line {node.lineno}: class {node.name} overrides {origin}.{method}")
    return sorted(found, key=lambda f: int(f.split()[1].rstrip(':')))


def test_the_scan_finds_each_kind_of_patch():
    source = '''
import cairosvg.surface
from cairosvg import surface as s
from reportlab import rl_config
from reportlab.pdfbase import ttfonts
from svglib.svglib import SvgRenderer
import pikepdf.models as pf
from babel.messages.pofile import PoFileParser

cairosvg.surface.text = print
s.Surface.draw = print
ttfonts.TTFontFile.makeSubset = print
cairosvg.surface.TAGS.update(text=print)
pf.Permissions, x = object, 1
setattr(s.Surface, "draw", print)
rl_config.useA85 = 0

class A(cairosvg.surface.PDFSurface):
    def _create_surface(self, w, h): ...

class B(s.Surface):
    surface_class = None
    def helper(self): ...

class C(SvgRenderer):
    pass

class D(PoFileParser):
    def _add_message(self): ...
'''
    found = patches(source)
    assert [f.split(":")[0] for f in found] == ["line 10", "line 11", "line 12", "line 13", "line 14", "line 15",
                                                "line 18", "line 28"], found
    assert "cairosvg.surface.text" in found[0] and "overrides cairosvg.surface.PDFSurface._create_surface" in found[-2]
    assert "overrides babel.messages.pofile.PoFileParser._add_message" in found[-1]


def test_every_dependency_is_scanned():
    """The scan covers the libraries the kit is made with, not a hand-kept list of four."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    provided = {canonicalize_name(d) for mods in packages_distributions().values() for d in mods}
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    missing = [r for r in wanted if canonicalize_name(Requirement(r).name) not in provided]
    assert not missing, missing
    assert {"babel", "pikepdf", "pypdfium2", "cairocffi", "reportlab", "pyphen", "jinja2", "PIL"} <= PACKAGES


def test_generator_patches_no_third_party_library():
    """Every module of generator/ (those qa is de-patching excepted, while they still patch)."""
    found, known_clean = {}, []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        lines = patches(path.read_text(encoding="utf-8"))
        if rel in KNOWN:
            if not lines:
                known_clean.append(rel)
        elif lines:
            found[rel] = lines
    assert not found, found
    assert not known_clean, f"no longer patching: drop from KNOWN {known_clean}"
