"""Bills of materials: content/<game>/bom.toml -> the pieces a game's rules use and how many a full table needs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problem, blocking
from .games import game_codes
from .toml_source import load_toml

RULE = "bom"
GAMES = game_codes()  # content/games.toml: every game has content/<game>/bom.toml


@dataclass(frozen=True)
class Piece:
    """One kind of piece: id the components report, printed name, count a full table needs, the rule using it."""

    id: str
    name: str
    need: int
    rule: str
    note: str = ""  # printed after the count, e.g. why this quantity where the rules leave it open
    line: int | None = None
    printed: bool = True  # False: the players bring it (dice); listed, not checked
    text: str = ""  # the rules' own sentence for the piece, printed instead of "count × name"


@dataclass(frozen=True)
class Bom:
    """A game's bill of materials: the full table it is counted for and its pieces in booklet order."""

    game: str
    path: str
    context: str  # msgctxt of its strings
    players: int
    pieces: tuple[Piece, ...]


def bom_path(root: Path, game: str) -> Path:
    """Where a game's bill of materials lives."""
    return root / "content" / game / "bom.toml"


def load_bom(root: Path, game: str) -> tuple[Bom | None, list[Problem]]:
    """A game's bill of materials (None when the game has none or it is broken) and the problems naming line and
    field."""
    path = bom_path(root, game)
    if not path.exists():
        return None, []
    doc = load_toml(path, root, RULE)
    if not doc.parsed:
        return None, doc.problems
    top = doc.table()
    players = top.integer("players", 1, 12)
    context = top.text("context", f"{game}-bom")
    pieces, seen = [], set()
    for f in doc.rows("piece", what="piece"):
        f.unknown({"id", "name", "need", "rule", "note", "printed", "text"})
        pid = f.text("id")
        if pid in seen:
            f.error(f"piece {pid!r} is listed twice", "id", "give every piece its own id")
        seen.add(pid)
        need = f.integer("need", 1, 999)
        pieces.append(Piece(pid or "", f.text("name") or "", need or 0, f.text("rule") or "", f.get("note", str, ""),
                            f.line("id"), f.get("printed", bool, True), f.get("text", str, "")))
    if blocking(doc.problems):
        return None, doc.problems
    return Bom(game, doc.name, context or f"{game}-bom", players or 0, tuple(pieces)), doc.problems


def load_boms(root: Path) -> tuple[tuple[Bom, ...], list[Problem]]:
    """The bills of materials of every game that has one, in kit order, and every problem found in them."""
    boms, problems = [], []
    for game in GAMES:
        bom, found = load_bom(root, game)
        problems += found
        if bom is not None:
            boms.append(bom)
    return tuple(boms), problems
