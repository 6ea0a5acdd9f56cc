"""TOML content files with line numbers: tomllib gives none, so key lines are found by scanning the text."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n.messages import Message
from ..problems import CheckFailed, Problem

HEADER_RE = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
KEY_RE = re.compile(r"^\s*([A-Za-z0-9_\-\"'.\s]+?)\s*=")
Path_ = tuple[str | int, ...]


def _key_path(raw: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in raw.split("."))


def _index_lines(text: str) -> dict[Path_, int]:
    """Map every header and key path to its 1-based line: ('card', 2, 'name') for [[card]] #3's name."""
    lines: dict[Path_, int] = {}
    counts: dict[tuple[str, ...], int] = {}
    current: Path_ = ()
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = HEADER_RE.match(line)
        if m and not KEY_RE.match(line):
            path = _key_path(m.group(2))
            if m.group(1) == "[[":
                idx = counts.get(path, 0)
                counts[path] = idx + 1
                current = (*path, idx)
            else:
                current = path
            lines.setdefault(current, no)
            continue
        k = KEY_RE.match(line)
        if k:
            lines.setdefault((*current, *_key_path(k.group(1))), no)
    return lines


@dataclass(frozen=True)
class TomlSource:
    """One parsed TOML content file: its data, text, and the line of every key."""

    path: Path
    name: str
    data: dict[str, Any]
    lines: dict[Path_, int] = field(repr=False)

    def line(self, *path: str | int) -> int | None:
        """Line of a key path (or of its nearest enclosing table), None when unknown."""
        p: Path_ = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return None

    def problem(self, message: str, *path: str | int, where: str | None = None, hint: str | None = None,
                rule: str = "content") -> Problem:
        """A format problem located at a key path of this file."""
        return Problem("format", rule, message, self.name, self.line(*path), None, where, hint)


def load_toml(path: Path, root: Path | None = None) -> TomlSource:
    """Parse a TOML file; a syntax error raises CheckFailed with the file and line."""
    name = str(path.relative_to(root)) if root and path.is_relative_to(root) else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CheckFailed([Problem("format", "content", f"cannot read: {exc.strerror}", name,
                                   hint="check that the content file exists")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        raise CheckFailed([Problem("format", "toml", f"not valid TOML: {exc}", name, line, col,
                                   hint="fix the TOML syntax")]) from None
    return TomlSource(path, name, data, _index_lines(text))


class Fields:
    """Typed field access on one table of a TomlSource, collecting problems instead of raising."""

    def __init__(self, src: TomlSource, table: Any, path: Path_, where: str | None = None):
        self.src, self.path, self.where = src, path, where
        self.table = table if isinstance(table, dict) else {}
        self.problems: list[Problem] = []
        if not isinstance(table, dict):
            self.problems.append(src.problem("expected a table", *path, where=where))

    def line(self, key: str | None = None) -> int:
        """Line of a key of this table (or the table's own line)."""
        return self.src.line(*self.path, *((key,) if key else ())) or 1

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., hint: str | None = None) -> Any:
        """The value of key, checked against kind; a problem (and default/None) when missing or wrong."""
        if key not in self.table:
            if default is ...:
                self.problems.append(self.src.problem(f"missing field {key!r}", *self.path, where=self.where,
                                                      hint=hint or f"add `{key} = ...`"))
                return None
            return default
        value = self.table[key]
        if isinstance(value, bool) and kind in (int, float):
            value = None
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.problems.append(self.src.problem(f"field {key!r} must be {names}, got {self.table[key]!r}",
                                                  *self.path, key, where=self.where, hint=hint))
            return None if default is ... else default
        return value

    def text(self, key: str, default: Any = ...) -> str | None:
        """A non-empty string field."""
        value = self.get(key, str, default)
        if isinstance(value, str) and not value.strip():
            self.problems.append(self.src.problem(f"field {key!r} is empty", *self.path, key, where=self.where))
        return value

    def integer(self, key: str, lo: int, hi: int, default: Any = ...) -> int | None:
        """An integer field within lo..hi."""
        value = self.get(key, int, default)
        if isinstance(value, int) and not lo <= value <= hi:
            self.problems.append(self.src.problem(f"field {key!r} = {value} is outside {lo}..{hi}",
                                                  *self.path, key, where=self.where))
            return None
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> str | None:
        """A string field that must be one of options."""
        value = self.get(key, str, default)
        if isinstance(value, str) and value not in options:
            self.problems.append(self.src.problem(f"field {key!r} = {value!r} is not one of {', '.join(options)}",
                                                  *self.path, key, where=self.where))
            return None
        return value

    def unknown(self, allowed: tuple[str, ...]) -> None:
        """Flag keys this table does not know (typos)."""
        for key in self.table:
            if key not in allowed:
                self.problems.append(self.src.problem(f"unknown field {key!r} (allowed: {', '.join(allowed)})",
                                                      *self.path, key, where=self.where))

    def message(self, key: str, context: str, comment: str | None = None) -> Message | None:
        """The translatable Message of a string field (msgctxt = context)."""
        value = self.table.get(key)
        if not isinstance(value, str) or not value.strip():
            return None
        return Message(value, context, self.line(key), comment)


def table_list(src: TomlSource, key: str) -> list[tuple[int, Any]]:
    """(index, table) of an array of tables [[key]]; raises CheckFailed when it is not one."""
    items = src.data.get(key)
    if not isinstance(items, list) or not items:
        raise CheckFailed([src.problem(f"expected one or more [[{key}]] tables", key,
                                       hint=f"add a [[{key}]] table")])
    return list(enumerate(items))
