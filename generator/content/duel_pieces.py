"""The duel's pieces: content/duel/pieces.toml -> the two players' sets, the fighters, the order slip."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import CheckFailed, blocking
from .tomlsrc import TomlDoc, read

PIECES_PATH = Path("content/duel/pieces.toml")
RULE = "duel-pieces"
CTX = "duel-pieces"  # msgctxt of every string of the file
PATTERNS = ("stripes", "dots", "checks")


@dataclass(frozen=True)
class Player:
    """One duellist: mark (readable without colour), back colour and pattern, start cell and facing."""

    id: str
    name: str
    mark: str
    colour: str
    pattern: str
    start_cell: int
    facing: str  # right (towards the last cell) | left


@dataclass(frozen=True)
class DuelPieces:
    """The validated pieces file."""

    players: tuple[Player, ...]
    fighter_size: float
    fighter_text: str
    slip_title: str
    slip_turns: int
    slip_instructions: str
    slip_columns: tuple[str, ...]


def _players(doc: TomlDoc, cells: int) -> tuple[Player, ...]:
    out = []
    for i, row in enumerate(doc.rows("player")):
        doc.unknown(row, "player", i, {"id", "name", "mark", "colour", "pattern", "start_cell", "facing"})
        g = lambda key, typ=str: doc.get(row, "player", i, key, typ)  # noqa: E731
        pattern, cell, facing = g("pattern"), g("start_cell", int), g("facing")
        if pattern and pattern not in PATTERNS:
            doc.error(f"unknown pattern {pattern!r}; use one of {', '.join(PATTERNS)}", "player", i, "pattern")
        if cell is not None and not 1 <= cell <= cells:
            doc.error(f"start_cell {cell} is off the {cells}-cell track", "player", i, "start_cell")
        if facing and facing not in ("left", "right"):
            doc.error(f"facing {facing!r}: use left or right", "player", i, "facing")
        out.append(Player(g("id") or "", g("name") or "", g("mark") or "", g("colour") or "#000000",
                          pattern or "", cell or 1, facing or "right"))
    if len(out) != 2:
        doc.error(f"{len(out)} [[player]] tables: a duel has exactly 2 players", "player")
    elif len({p.pattern for p in out}) < 2 or len({p.mark for p in out}) < 2 or len({p.colour for p in out}) < 2:
        doc.error("the two players' backs must differ by colour, pattern and mark", "player", 1,
                  hint="give each [[player]] its own colour, pattern and mark")
    elif out[0].start_cell == out[1].start_cell:
        doc.error("both fighters start on one cell", "player", 1, "start_cell")
    return tuple(out)


def load_duel_pieces(root: Path, cells: int = 12) -> DuelPieces:
    """Load and check the pieces file; CheckFailed names file, line and field."""
    doc = read(root / PIECES_PATH, root, RULE)
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    players = _players(doc, cells)
    fighter, slip = doc.table("fighter"), doc.table("slip")
    size = doc.get(fighter, "fighter", 0, "size", (int, float)) or 0.0
    pieces = DuelPieces(players, float(size), doc.get(fighter, "fighter", 0, "text", str) or "",
                        doc.get(slip, "slip", 0, "title", str) or "", doc.get(slip, "slip", 0, "turns", int) or 0,
                        doc.get(slip, "slip", 0, "instructions", str) or "",
                        tuple(map(str, doc.get(slip, "slip", 0, "columns", list) or [])))
    if len(pieces.slip_columns) != 4:
        doc.error("the order slip has 4 columns: turn, move, facing, action", "slip", 0, "columns")
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    return pieces
