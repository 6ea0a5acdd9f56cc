"""Read quadrant.txt and legend.toml into a Quadrant, reporting format problems with file:line:col."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..inputfile import read_text as read_bounded
from ..problems import Problem
from .model import CODES, DOJO, Q, Quadrant

WIDTH, HEIGHT = 4 * Q + 1, 2 * Q + 1  # 33 characters, 17 lines
MAX_BYTES = 64 * 1024


def read_text(path: Path, what: str) -> tuple[str | None, Problem | None]:
    """Read a small UTF-8 text file (BOM and CRLF allowed) or explain why it cannot be read."""
    return read_bounded(path, what, MAX_BYTES)


@dataclass(frozen=True)
class Loaded:
    """A quadrant (None when unreadable) and the problems met while reading it."""

    quadrant: Quadrant | None
    problems: tuple[Problem, ...]
    source: str = ""


def load_quadrant(path: Path, legend: Path | None = None) -> Loaded:
    """Load and format-check a quadrant file and its legend (legend.toml beside it by default)."""
    text, problem = read_text(path, "quadrant")
    if problem:
        return Loaded(None, (problem,))
    quad, problems = parse_quadrant(text, str(path))
    legend_path = legend if legend is not None else path.parent / "legend.toml"
    offsets: tuple[tuple[str, int], ...] = ()
    if legend is not None or legend_path.exists():
        offsets, lproblems = load_legend(legend_path, quad)
        problems += lproblems
    if quad is not None and not problems:
        quad = Quadrant(quad.codes, quad.vwalls, quad.hwalls, offsets)
    return Loaded(quad if not problems else None, tuple(problems), text)


def parse_quadrant(text: str, name: str) -> tuple[Quadrant | None, list[Problem]]:
    """Parse the 17 board lines of a quadrant text (comments and blank lines skipped)."""
    problems: list[Problem] = []

    def err(rule: str, msg: str, line: int, col: int | None = None, hint: str | None = None, where: str | None = None):
        problems.append(Problem("format", rule, msg, file=name, line=line, col=col, hint=hint, where=where))

    rows: list[tuple[int, str]] = []
    for n, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        rows.append((n, raw.rstrip(" ")))
    if not rows:
        err("format.empty", "the quadrant file has no board lines", 1, hint="draw the 8x8 quadrant: 17 lines of 33 characters")
        return None, problems
    if len(rows) != HEIGHT:
        err("format.size", f"the quadrant has {len(rows)} board lines, expected {HEIGHT} (8 rows of cells and 9 wall lines)",
            rows[-1][0] if len(rows) > HEIGHT else rows[-1][0] + 1, hint="the board must be exactly 8x8 cells")
        if len(rows) > 3 * HEIGHT:
            return None, problems
    for n, line in rows:
        if "\t" in line:
            err("format.tab", "tab character in a board line", n, line.index("\t") + 1, hint="use spaces, not tabs")
        elif len(line) > WIDTH:
            err("format.size", f"the line is {len(line)} characters long, expected at most {WIDTH}", n, WIDTH + 1,
                hint="the board must be exactly 8 cells wide")
    if problems:
        return None, problems
    grid = [line.ljust(WIDTH) for _, line in rows]
    lines = [n for n, _ in rows]
    vwalls = [[False] * (Q + 1) for _ in range(Q)]
    hwalls = [[False] * Q for _ in range(Q + 1)]
    codes: list[str] = []
    for y in range(Q + 1):
        _parse_wall_line(grid[2 * y], lines[2 * y], y, hwalls, err)
    for r in range(Q):
        _parse_cell_line(grid[2 * r + 1], lines[2 * r + 1], r, vwalls, codes, err)
    if problems:
        return None, problems
    quad = Quadrant(tuple(codes), tuple(map(tuple, vwalls)), tuple(map(tuple, hwalls)))
    _check_structure(quad, grid, lines, err)
    return (quad if not problems else None), problems


def _parse_wall_line(line: str, n: int, y: int, hwalls: list[list[bool]], err) -> None:
    for c in range(Q + 1):
        if line[4 * c] != "+":
            err("format.corner", f"expected a corner '+' here, found {line[4 * c]!r}", n, 4 * c + 1,
                hint="every corner between cells is '+'")
    for c in range(Q):
        seg = line[4 * c + 1:4 * c + 4]
        if seg == "---":
            hwalls[y][c] = True
        elif seg != "   ":
            err("format.wall", f"a wall between rows is '---' or three blanks, found {seg!r}", n, 4 * c + 2,
                where=f"above row {y}, column {c}" if y < Q else f"below row {Q - 1}, column {c}")


def _parse_cell_line(line: str, n: int, r: int, vwalls: list[list[bool]], codes: list[str], err) -> None:
    for x in range(Q + 1):
        ch = line[4 * x]
        if ch == "|":
            vwalls[r][x] = True
        elif ch != " ":
            err("format.wall", f"a wall between columns is '|' or a blank, found {ch!r}", n, 4 * x + 1, where=f"row {r}")
    for c in range(Q):
        left, code, right = line[4 * c + 1:4 * c + 4]
        if left != " " or right != " ":
            err("format.cell", "a cell is three characters with its code in the middle and blanks around it", n,
                4 * c + 2 if left != " " else 4 * c + 4, where=f"row {r}, column {c}")
        if code not in CODES:
            err("format.code", f"unknown cell code {code!r}", n, 4 * c + 3, where=f"row {r}, column {c}",
                hint="use S D . A F ? P K or a tunnel digit 1-9")
        codes.append(code)


def _check_structure(quad: Quadrant, grid: list[str], lines: list[int], err) -> None:
    for c in range(Q):
        if not quad.hwalls[0][c]:
            err("format.border", "the top border is the board's outer border and must be walled", lines[0], 4 * c + 2,
                where=f"column {c}", hint="write '---'")
    for r in range(Q):
        if not quad.vwalls[r][0]:
            err("format.border", "the left border is the board's outer border and must be walled", lines[2 * r + 1], 1,
                where=f"row {r}", hint="write '|'")
    for i in range(Q):
        right, bottom = quad.vwalls[i][Q], quad.hwalls[Q][i]
        if right != bottom:
            err("format.seam", f"the right border at row {i} is {'walled' if right else 'open'} but the bottom border "
                f"at column {i} is {'walled' if bottom else 'open'}; rotation maps one onto the other", lines[2 * i + 1],
                WIDTH, where=f"row {i} / column {i}", hint=f"make both walled or both open (bottom border: line {lines[-1]})")
    for r in range(Q):
        for c in range(Q):
            is_dojo, must = quad.code(r, c) == DOJO, r >= 6 and c >= 6
            if is_dojo != must:
                msg = "the Central Dojo must fill rows 6-7, columns 6-7 exactly" if must else \
                    "'D' is only allowed at rows 6-7, columns 6-7 (the quadrant's share of the Dojo)"
                err("format.dojo", msg, lines[2 * r + 1], 4 * c + 3, where=f"row {r}, column {c}")
    for digit, cells in sorted(quad.tunnel_cells().items()):
        if len(cells) != 2:
            r, c = cells[0] if len(cells) == 1 else cells[2]
            err("format.tunnel", f"tunnel {digit} appears on {len(cells)} cell(s); each tunnel digit needs exactly two",
                lines[2 * r + 1], 4 * c + 3, where=f"row {r}, column {c}",
                hint="pair it with a second cell, or use another digit")


def load_legend(path: Path, quad: Quadrant | None) -> tuple[tuple[tuple[str, int], ...], list[Problem]]:
    """Read tunnel offsets from legend.toml; any malformed content is a format problem at its line:col."""
    text, problem = read_text(path, "legend")
    if problem:
        return (), [problem]
    problems: list[Problem] = []

    def err(msg: str, hint: str, pos: tuple[int, int]) -> None:
        problems.append(Problem("format", "format.legend", msg, file=str(path), line=pos[0], col=pos[1], hint=hint))
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        pos = (int(found[1]), int(found[2])) if found else (1, 1)
        reason = "nested too deeply" if isinstance(exc, RecursionError) else re.sub(r" \(at line .*", "", str(exc))
        err(f"the legend is not valid TOML: {reason}",
            "fix the TOML syntax (see the board format note)", pos)
        return (), problems
    for extra in sorted(set(data) - {"tunnels"}):
        err(f"unknown table or key {extra!r} in the legend", "the legend only has [tunnels.N] tables", _pos(text, extra))
    tunnels = data.get("tunnels", {})
    if not isinstance(tunnels, dict):
        err("'tunnels' must be a table of [tunnels.N] entries", "write [tunnels.3] then quadrant_offset = 1",
            _pos(text, "tunnels"))
        return (), problems
    digits = quad.tunnel_cells() if quad else {}
    offsets = []
    for key, entry in sorted(tunnels.items()):
        pos = _pos(text, f"tunnels.{key}", key)
        if key not in set("123456789"):
            err(f"[tunnels.{key}]: tunnel names are the digits 1-9", "name the table after the tunnel's digit", pos)
        elif quad is not None and key not in digits:
            err(f"[tunnels.{key}]: there is no tunnel {key} on the quadrant", "remove the entry or draw the tunnel", pos)
        elif not isinstance(entry, dict) or set(entry) - {"quadrant_offset"}:
            extra = sorted(set(entry) - {"quadrant_offset"}) if isinstance(entry, dict) else []
            err(f"[tunnels.{key}]: only 'quadrant_offset' may be set" + (f", found {', '.join(extra)}" if extra else ""),
                "write quadrant_offset = 0..3", _pos(text, *extra) if extra else pos)
        else:
            off = entry.get("quadrant_offset", 0)
            if isinstance(off, bool) or not isinstance(off, int) or not 0 <= off <= 3:
                err(f"[tunnels.{key}]: quadrant_offset must be a whole number 0-3, found {off!r}", "use 0, 1, 2 or 3",
                    _pos(text, "quadrant_offset", after=pos[0]))
            elif off:
                offsets.append((key, off))
    return (tuple(offsets), []) if not problems else ((), problems)


def _pos(text: str, *names: str, after: int = 0) -> tuple[int, int]:
    """(line, col) of the first of names as a key or table name in the TOML text, from line `after` on."""
    lines = text.split("\n")
    for name in names:
        pattern = re.compile(r"(?<![\w-])" + re.escape(name).replace(r"\.", r"\s*\.\s*") + r"(?![\w-])")
        for n, line in enumerate(lines[max(after - 1, 0):], start=max(after, 1)):
            found = pattern.search(line.split("#")[0])
            if found:
                return n, found.start() + 1
    return max(after, 1), 1
