"""The duel's pieces: content/duel/pieces.toml -> the two players' sets, the fighters, the order slip."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problem, blocking
from .toml_source import TomlSource, load_toml

PIECES_PATH = Path("content/duel/pieces.toml")
RULE = "duel-pieces"
CTX = "duel-pieces"  # msgctxt of every string of the file
PATTERNS = ("stripes", "dots", "checks")


@dataclass(frozen=True)
class Player:
    """One duellist: mark (readable without colour), back colour and pattern (start: ruling D01)."""

    id: str
    name: str
    mark: str
    colour: str
    pattern: str


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


def _players(doc: TomlSource) -> tuple[Player, ...]:
    out = []
    for f in doc.rows("player", what="player"):
        f.unknown({"id", "name", "mark", "colour", "pattern"})
        out.append(Player(f.text("id") or "", f.text("name") or "", f.text("mark") or "", f.colour() or "#000000",
                          f.choice("pattern", PATTERNS) or ""))
    if len(out) != 2:
        doc.error(f"{len(out)} [[player]] tables: a duel has exactly 2 players", "player",
                  hint="keep exactly two [[player]] tables")
    elif len({p.pattern for p in out}) < 2 or len({p.mark for p in out}) < 2 or len({p.colour for p in out}) < 2:
        doc.error("the two players' backs must differ by colour, pattern and mark", "player", 1,
                  hint="give each [[player]] its own colour, pattern and mark")
    return tuple(out)


def load_duel_pieces(root: Path) -> tuple[DuelPieces | None, list[Problem]]:
    """The pieces file, or None and the problems naming file, line and field."""
    doc = load_toml(root / PIECES_PATH, root, RULE)
    if not doc.parsed:
        return None, doc.problems
    players = _players(doc)
    fighter, slip = doc.table("fighter"), doc.table("slip")
    size = fighter.get("size", (int, float)) or 0.0
    columns = slip.strings("columns")
    if len(columns) != 4:
        slip.error("the order slip has 4 columns: turn, movement, action, after the turn", "columns", "list 4 column headings")
    pieces = DuelPieces(players, float(size), fighter.text("text") or "", slip.text("title") or "",
                        slip.integer("turns", 1, 40) or 0, slip.text("instructions") or "", columns)
    return (None if blocking(doc.problems) else pieces), doc.problems
