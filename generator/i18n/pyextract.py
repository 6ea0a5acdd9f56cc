"""Babel extractor for the project's Python code: like Babel's, but a msgctxt may be a named string constant.

`ctx.p_(SQUARE_CTX, "Board")`, `ctx.p_(f"{SQUARE_CTX}/board", "Board")` or `ui(ctx, comp, "Movement")` with
`comp = "duel-stance-cards"` in the same function: Babel's own Python extractor drops the context of these
(it only reads literals), so the entry would land in the wrong place and `make i18n-update` would make the
hand-written one obsolete. Here names bound to one string constant in the function, the module or a module it
imports from are resolved; anything computed at run time (f"duel/{s.id}") is left to the content loaders.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from typing import Iterator

# call name -> (context argument index or None, msgid index, plural index or None); 0-based positions.
CALLS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None), "gettext": (None, 0, None), "p_": (0, 1, None), "pgettext": (0, 1, None),
    "n_": (None, 0, 1), "ngettext": (None, 0, 1), "npgettext": (0, 1, 2),
    "N_": (None, 0, None),  # marks a string for extraction only (gettext_noop): translated later by a variable
    "ui": (1, 2, None),  # components' label helper: ui(ctx, component_id, msgid)
}


_ANY_CALL = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in CALLS) + r")\s*\(")


class _Scope:
    """String constants visible from one place: function locals, then module names, then imports."""

    def __init__(self, module: ast.Module, package: str):
        self.module_consts = _constants(module.body)
        self.imports: dict[str, tuple[str, str]] = {}
        for node in module.body:
            if isinstance(node, ast.ImportFrom):
                base = _absolute(node.module or "", node.level, package)
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (base, alias.name)

    def imported(self, name: str) -> str | None:
        """The value of an imported string constant, if it is one."""
        if name not in self.imports:
            return None
        module, attr = self.imports[name]
        try:
            value = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError, ValueError):
            return None
        return value if isinstance(value, str) else None


def _absolute(module: str, level: int, package: str) -> str:
    if level == 0:
        return module
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join(base + ([module] if module else []))


def _constants(body: list[ast.stmt]) -> dict[str, str | None]:
    """Names assigned a string constant in a block (None when assigned more than one value)."""
    found: dict[str, str | None] = {}
    for node in body:
        for sub in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) else ():
            if isinstance(sub, ast.Assign) and len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name):
                name = sub.targets[0].id
                value = sub.value.value if isinstance(sub.value, ast.Constant) and isinstance(
                    sub.value.value, str) else None
                found[name] = value if found.get(name, value) == value else None
    return found


def _resolve(node: ast.AST, local: dict[str, str | None], scope: _Scope) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in local:
            return local[node.id]
        if node.id in scope.module_consts:
            return scope.module_consts[node.id]
        return scope.imported(node.id)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                if value.conversion != -1 or value.format_spec is not None:
                    return None
                value = value.value
            text = _resolve(value, local, scope)
            if text is None:
                return None
            parts.append(text)
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _resolve(node.left, local, scope), _resolve(node.right, local, scope)
        return left + right if left is not None and right is not None else None
    return None


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls(tree: ast.Module) -> Iterator[tuple[ast.Call, dict[str, str | None]]]:
    """Every call with the string constants of its enclosing function."""
    def visit(node: ast.AST, local: dict[str, str | None]) -> Iterator:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from visit(child, {**local, **_constants(child.body)})
            else:
                if isinstance(child, ast.Call):
                    yield child, local
                yield from visit(child, local)
    yield from visit(tree, {})


def _name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def messages(source: str, package: str) -> Iterator[tuple[int, str, tuple, list[str]]]:
    """(line, Babel funcname, messages, comments) of every translatable call with literal message ids."""
    tree = ast.parse(source)
    scope = _Scope(tree, package)
    lines = source.splitlines()
    for call, local in _calls(tree):
        spec = CALLS.get(_name(call) or "")
        if spec is None or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        ctx_i, id_i, plural_i = spec
        need = max(i for i in spec if i is not None)
        if len(call.args) <= need:
            continue
        msgid = _literal(call.args[id_i])
        plural = _literal(call.args[plural_i]) if plural_i is not None else None
        context = _resolve(call.args[ctx_i], local, scope) if ctx_i is not None else None
        if not msgid or (plural_i is not None and plural is None) or (ctx_i is not None and context is None):
            continue
        above = lines[call.lineno - 2].strip() if call.lineno >= 2 else ""
        comments = [above[1:].strip()[len("TRANSLATORS:"):].strip()] if above.startswith("# TRANSLATORS:") else []
        if context is not None and plural is not None:
            yield call.lineno, "npgettext", (context, msgid, plural), comments
        elif context is not None:
            yield call.lineno, "pgettext", (context, msgid), comments
        elif plural is not None:
            yield call.lineno, "ngettext", (msgid, plural), comments
        else:
            yield call.lineno, "gettext", msgid, comments


def extract_dojo_python(fileobj, keywords, comment_tags, options):
    """Babel extractor entry point (`dojo_python`)."""
    name = getattr(fileobj, "name", "") or ""
    root = Path(options.get("root") or ".").resolve()
    try:
        rel = Path(name).resolve().relative_to(root).with_suffix("")
        package = ".".join(rel.parts[:-1])
    except ValueError:
        package = ""
    source = fileobj.read().decode("utf-8")
    if not _ANY_CALL.search(source):  # most modules translate nothing: skip parsing them
        return []
    return list(messages(source, package))
