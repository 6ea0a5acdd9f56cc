"""TOML content files with source positions: the one reader every content loader uses.

``load_toml(path, root, rule)`` parses a file into a ``TomlSource`` (it never raises: an unreadable file or a
syntax error becomes a problem on the source). ``src.table("deck")`` and ``src.rows("card")`` give ``Fields``:
typed reads of one table (``text``, ``integer``, ``choice``, ``colour``, ``ident``, ``strings``, ``unknown``)
that record a Problem -- file:line, the field, what is wrong and the fix -- on ``src.problems`` and go on,
so one run reports every mistake. tomllib keeps no positions, so key lines are found by scanning the text.
Every string of a file is checked on load: control characters (which would break the SVG/XML of a card)
are refused at their line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ..inputfile import nfc
from ..messages import Message
from ..problems import Problem

HEADER_RE = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
KEY_RE = re.compile(r"^\s*([A-Za-z0-9_\-\"'.\s]+?)\s*=")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
KeyPath = tuple[str | int, ...]


def _key_path(raw: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in raw.split("."))


def _index_lines(text: str) -> dict[KeyPath, int]:
    """Map every header and key path to its 1-based line: ('card', 2, 'name') for [[card]] #3's name.

    A nested array of tables such as [[action.mode]] is counted over the whole file: ('action', 'mode', 4).
    """
    lines: dict[KeyPath, int] = {}
    counts: dict[tuple[str, ...], int] = {}
    current: KeyPath = ()
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


@dataclass
class TomlSource:
    """One parsed TOML content file: its data, the line of every key, and the problems found in it so far."""

    path: Path
    name: str  # the path shown in messages (relative to the project root)
    data: dict[str, Any]
    lines: dict[KeyPath, int] = field(repr=False)
    rule: str = "content"
    problems: list[Problem] = field(default_factory=list)

    @property
    def parsed(self) -> bool:
        """Whether the file could be read and parsed (its fields can then be checked)."""
        return not any(p.severity == "format" for p in self.problems)

    def line(self, *path: str | int) -> int | None:
        """Line of a key path (or of its nearest enclosing table), None when unknown."""
        p: KeyPath = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return None

    def problem(self, message: str, *path: str | int, where: str | None = None, hint: str | None = None) -> Problem:
        """An error located at a key path of this file (not recorded: see error)."""
        return Problem("error", self.rule, message, self.name, self.line(*path), None, where, hint)

    def error(self, message: str, *path: str | int, where: str | None = None, hint: str | None = None) -> None:
        """Record an error at a key path of this file."""
        self.problems.append(self.problem(message, *path, where=where, hint=hint))

    def table(self, *path: str | int, where: str | None = None) -> Fields:
        """Typed reads of the table at path ([deck] -> table('deck'); the top level -> table())."""
        value: Any = self.data
        for part in path:
            value = value.get(part) if isinstance(value, dict) else None
        if path and value is None:
            self.error(f"missing table [{'.'.join(map(str, path))}]", *path[:-1],
                       hint=f"add a [{'.'.join(map(str, path))}] section")
            value = {}
        return Fields(self, value, tuple(path), where)

    def rows(self, key: str, required: bool = True, what: str | None = None) -> list[Fields]:
        """Typed reads of every table of the array [[key]]; an error when it is missing (unless not required).

        what(row) names the row in messages, e.g. 'card kiai'; by default '<key> <id>' or '<key> #<n>'.
        """
        items = self.data.get(key)
        if items is None and not required:
            return []
        if not isinstance(items, list) or not items or not all(isinstance(x, dict) for x in items):
            self.error(f"expected one or more [[{key}]] tables", key, hint=f"add a [[{key}]] table")
            return []
        return [Fields(self, row, (key, i), f"{what or key} {row.get('id', f'#{i + 1}')}")
                for i, row in enumerate(items)]


    def items(self, key: str) -> list[dict[str, Any]]:
        """The raw tables of [[key]], unchecked ([] when absent): for listing a file's messages."""
        items = self.data.get(key)
        return [x for x in items if isinstance(x, dict)] if isinstance(items, list) else []


class Fields:
    """Typed field reads on one table of a TomlSource; each wrong field records one problem on the source."""

    def __init__(self, src: TomlSource, table: Any, path: KeyPath, where: str | None = None):
        self.src, self.path, self.where = src, path, where
        self.table = table if isinstance(table, dict) else {}
        if not isinstance(table, dict):
            self.error("expected a table")

    def line(self, key: str | None = None) -> int:
        """Line of a key of this table (or the table's own line)."""
        return self.src.line(*self.path, *((key,) if key else ())) or 1

    def error(self, message: str, key: str | None = None, hint: str | None = None) -> None:
        """Record an error at this table (or one of its keys)."""
        self.src.error(message, *self.path, *((key,) if key else ()), where=self.where, hint=hint)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., hint: str | None = None) -> Any:
        """The value of key, checked against kind; a problem (and default/None) when missing or wrong."""
        if key not in self.table:
            if default is ...:
                self.error(f"missing field {key!r}", hint=hint or f"add `{key} = ...`")
                return None
            return default
        value = self.table[key]
        if isinstance(value, bool) and kind in (int, float):
            value = None
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            self.error(f"field {key!r} must be {names}, got {self.table[key]!r}", key, hint)
            return None if default is ... else default
        return value

    def text(self, key: str, default: Any = ...) -> str | None:
        """A non-empty string field."""
        value = self.get(key, str, default)
        if isinstance(value, str) and not value.strip() and default is ...:
            self.error(f"field {key!r} is empty", key, f"write the text of {key!r}")
            return None
        return value

    def integer(self, key: str, lo: int, hi: int, default: Any = ...) -> int | None:
        """An integer field within lo..hi."""
        value = self.get(key, int, default)
        if isinstance(value, int) and not lo <= value <= hi:
            self.error(f"field {key!r} = {value} is outside {lo}..{hi}", key, f"use a whole number from {lo} to {hi}")
            return None
        return value

    def choice(self, key: str, options: tuple[str, ...] | set[str], default: Any = ...) -> str | None:
        """A string field that must be one of options."""
        value = self.get(key, str, default)
        if isinstance(value, str) and value not in options and value != default:
            shown = ", ".join(sorted(options) if isinstance(options, set) else options)
            self.error(f"field {key!r} = {value!r} is not one of {shown}", key, f"use one of {shown}")
            return None
        return value

    def colour(self, key: str = "colour") -> str | None:
        """A #rrggbb colour field."""
        value = self.text(key)
        if isinstance(value, str) and not COLOUR_RE.match(value):
            self.error(f"field {key!r} = {value!r} is not a #rrggbb colour", key, 'write it as e.g. "#2f6db5"')
            return None
        return value

    def ident(self, seen: set[str] | None = None, key: str = "id") -> str | None:
        """A plain identifier (a-z, 0-9, '-'), unique among seen when given."""
        value = self.text(key)
        if not isinstance(value, str):
            return None
        if not ID_RE.match(value):
            self.error(f"id {value!r} must use only a-z, 0-9 and '-' (starting with a letter or digit)", key,
                       "rename it, e.g. 'surface-problem'")
            return None
        if seen is not None:
            if value in seen:
                self.error(f"duplicate id {value!r}", key, "every id must be unique")
            seen.add(value)
        return value

    def code(self, seen: set[str], pattern: re.Pattern, kind: str, hint: str, reserved: str | None = None) -> str | None:
        """A data table's row code (a game's, a language's, a vendor's): matching pattern (and not reserved), once in
        the table (seen: the codes of the rows before)."""
        code = self.text("code")
        if isinstance(code, str) and (not pattern.match(code) or code == reserved):
            self.error(f"code {code!r} is not a {kind} code", "code", hint)
            return None
        if isinstance(code, str):
            if code in seen:
                self.error(f"code {code!r}: this {kind} is listed twice", "code", f"keep one [[{kind}]] table per {kind}")
            seen.add(code)
        return code

    def strings(self, key: str, required: bool = True) -> tuple[str, ...]:
        """A list of non-empty strings."""
        value = self.get(key, list, ... if required else [])
        if value is None:
            return ()
        if not all(isinstance(v, str) and v.strip() for v in value):
            self.error(f"field {key!r} must be a list of non-empty strings", key)
            return ()
        return tuple(value)

    def unknown(self, allowed: tuple[str, ...] | set[str]) -> None:
        """Flag keys this table does not know (typos)."""
        shown = ", ".join(sorted(allowed))
        for key in self.table:
            if key not in allowed:
                self.error(f"unknown field {key!r} (allowed: {shown})", key, "remove it or fix its spelling")

    def message(self, key: str, context: str, comment: str | None = None) -> Message | None:
        """The translatable Message of a string field (msgctxt = context)."""
        value = self.table.get(key)
        if not isinstance(value, str) or not value.strip():
            return None
        return Message(value, context, self.line(key), comment)


# Unicode's categories Cc (controls: U+0000-001F, U+007F-009F, a set Unicode never changes) and Cs (surrogates), but
# a newline, and the noncharacters U+FFFE, U+FFFF: one regular expression, not a category lookup per character of
# every content string (tests/content/test_toml_source.py compares them on every code point).
_BAD_CHAR = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _bad_char(text: str) -> str | None:
    """The first character a printed string must not hold: control characters other than a newline."""
    found = _BAD_CHAR.search(text)
    return found.group() if found else None


def _check_strings(src: TomlSource, value: Any, path: KeyPath) -> None:
    if isinstance(value, str):
        bad = _bad_char(value)
        if bad is not None:
            keys = [p for p in path if isinstance(p, str)]
            rows = [f"{path[i - 1]} #{p + 1}" for i, p in enumerate(path) if isinstance(p, int) and i]
            src.error(f"field {keys[-1]!r} holds the control character U+{ord(bad):04X}", *path,
                      where=", ".join(rows) or None, hint="remove it (it cannot be printed and breaks the card's SVG)")
    elif isinstance(value, dict):
        for key, v in value.items():
            _check_strings(src, v, (*path, key))
    elif isinstance(value, list):
        tables = all(isinstance(v, dict) for v in value) and value
        for i, v in enumerate(value):
            _check_strings(src, v, (*path, i) if tables else path)


def load_toml(path: Path, root: Path | None = None, rule: str = "content") -> TomlSource:
    """Parse a TOML content file; an unreadable file, a syntax error or a control character is a problem on it."""
    name = str(path.relative_to(root)) if root and path.is_relative_to(root) else str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        return TomlSource(path, name, {}, {}, rule, [Problem("format", rule, f"cannot read: {reason}", name,
                                                              hint="restore the file (e.g. `git checkout FILE`)")])
    try:
        text = nfc(text)
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+), column (\d+)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        return TomlSource(path, name, {}, {}, rule, [Problem("format", rule, f"not valid TOML: {exc}", name, line, col,
                                                              hint="fix the TOML syntax (quotes, brackets, "
                                                                   "`key = value`)")])
    src = TomlSource(path, name, data, _index_lines(text), rule)
    _check_strings(src, data, ())
    return src


@lru_cache(maxsize=32)
def _table_rows(path: Path, root: Path, stamp: tuple[int, int], kind: str, rule: str,
                make_row: Callable[[Any, set[str]], Any]) -> tuple[tuple, tuple[Problem, ...]]:
    src = load_toml(path, root, rule=rule)
    seen: set[str] = set()
    rows = [make_row(row, seen) for row in src.rows(kind, what=kind)] if src.parsed else []
    return tuple(r for r in rows if r), tuple(src.problems)


def data_table(root: Path | None, project: Path, table: Path, kind: str, rule: str,
               make_row: Callable[[Any, set[str]], Any], what: str) -> tuple:
    """The rows of a data table (the games, the languages): each [[kind]] table of the project's own file (else this
    checkout's, for a project without one) made by make_row(row, seen codes), read again only when the file
    changes; CheckFailed naming the file when it is missing or wrong."""
    from ..problems import CheckFailed

    root = (root or project).resolve()
    path = root / table
    if not path.exists():
        root, path = project, project / table  # a project without its own table (a test's fixture) uses ours
    try:
        st = path.stat()
    except OSError:
        raise CheckFailed([Problem("error", rule, f"the {what} is missing", table.as_posix(),
                                   hint=f"restore it (`git checkout {table.as_posix()}`)")]) from None
    rows, problems = _table_rows(path, root, (st.st_mtime_ns, st.st_size), kind, rule, make_row)
    if problems:
        raise CheckFailed(list(problems))
    return rows
