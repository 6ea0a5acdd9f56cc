"""TOML content files with source lines: every table and key located, typed field reads that report Problems."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..problems import Problem

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


@dataclass
class TomlDoc:
    """One parsed TOML file: its data, the line of every table occurrence and key, and collected problems."""

    path: Path
    shown: str
    data: dict[str, Any]
    lines: dict[tuple[str, int, str], int]
    rule: str
    problems: list[Problem] = field(default_factory=list)

    def line(self, table: str, index: int = 0, key: str = "") -> int | None:
        """Line of a key in the index-th occurrence of a table (or of the table header when key is empty)."""
        return self.lines.get((table, index, key)) or self.lines.get((table, index, ""))

    def error(self, message: str, table: str = "", index: int = 0, key: str = "", hint: str | None = None,
              where: str | None = None) -> None:
        """Record an error at a table/key position."""
        self.problems.append(Problem("error", self.rule, message, self.shown, self.line(table, index, key),
                                     None, where, hint))

    def rows(self, table: str) -> list[dict[str, Any]]:
        """The array of tables named table ([[table]]), [] when absent or malformed."""
        value = _dig(self.data, table)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.error(f"[[{table}]] must be an array of tables", table)
            return []
        return value

    def table(self, table: str) -> dict[str, Any]:
        """A single table ([table]); an error and {} when missing."""
        value = _dig(self.data, table)
        if not isinstance(value, dict):
            self.error(f"missing table [{table}]", hint=f"add a [{table}] section")
            return {}
        return value

    def get(self, row: dict[str, Any], table: str, index: int, key: str, typ: type | tuple, default: Any = ...,
            where: str | None = None) -> Any:
        """A typed field of a row; a missing or mistyped field is recorded and returns None (or default)."""
        if key not in row:
            if default is not ...:
                return default
            self.error(f"missing field {key!r}", table, index, "", f"add `{key} = ...` to this [[{table}]]", where)
            return None
        value = row[key]
        if isinstance(value, bool) and typ in (int, (int, float)):
            ok = False
        else:
            ok = isinstance(value, typ)
        if not ok:
            name = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
            self.error(f"field {key!r} must be {name}, found {type(value).__name__}", table, index, key, where=where)
            return None
        if isinstance(value, str) and typ is str and not value.strip() and default is ...:
            self.error(f"field {key!r} is empty", table, index, key, where=where)
            return None
        return value

    def unknown(self, row: dict[str, Any], table: str, index: int, allowed: set[str], where: str | None = None) -> None:
        """Report keys a row must not have (usually typos)."""
        for key in sorted(set(row) - allowed):
            self.error(f"unknown field {key!r}; expected one of: {', '.join(sorted(allowed))}", table, index, key,
                       where=where)


def _dig(data: dict[str, Any], dotted: str) -> Any:
    cur: Any = data
    for part in dotted.split("."):
        if isinstance(cur, list):
            cur = [x.get(part) for x in cur if isinstance(x, dict) and part in x]
            cur = [y for x in cur for y in (x if isinstance(x, list) else [x])]
            continue
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def locate(text: str) -> dict[tuple[str, int, str], int]:
    """(table, occurrence, key) -> 1-based line, for the simple TOML style of content files."""
    out: dict[tuple[str, int, str], int] = {}
    counts: dict[str, int] = {}
    table, index = "", 0
    for n, raw in enumerate(text.splitlines(), start=1):
        head = _HEADER.match(raw)
        if head:
            table = head.group(2)
            index = counts.get(table, 0)
            counts[table] = index + (1 if head.group(1) == "[[" else 0)
            out.setdefault((table, index, ""), n)
            continue
        key = _KEY.match(raw)
        if key:
            out.setdefault((table, index, key.group(1)), n)
    return out


def read(path: Path, root: Path | None, rule: str) -> TomlDoc:
    """Parse a content file; a missing file or a TOML syntax error becomes a format Problem."""
    shown = str(path.relative_to(root)) if root and path.is_relative_to(root) else str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        doc = TomlDoc(path, shown, {}, {}, rule)
        doc.problems.append(Problem("format", rule, f"cannot read file: {exc.strerror or exc}", shown,
                                    hint="restore the file from git"))
        return doc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        doc = TomlDoc(path, shown, {}, {}, rule)
        line = getattr(exc, "lineno", None) or _line_from(str(exc))
        doc.problems.append(Problem("format", rule, f"TOML syntax error: {exc}", shown, line,
                                    hint="fix the TOML syntax (quotes, brackets, `key = value`)"))
        return doc
    return TomlDoc(path, shown, data, locate(text), rule)


def _line_from(message: str) -> int | None:
    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else None
