"""Bills of materials: content/<game>/bom.toml -> the pieces a game's rules use and how many a full table needs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import CheckFailed, blocking
from .tomlsrc import read

RULE = "bom"
GAMES = ("dojo", "ground", "duel")


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


def load_bom(root: Path, game: str) -> Bom | None:
    """A game's bill of materials (None when the game has none); CheckFailed names file, line and field."""
    path = bom_path(root, game)
    if not path.exists():
        return None
    doc = read(path, root, RULE)
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    players = doc.get(doc.data, "", 0, "players", int)
    context = doc.get(doc.data, "", 0, "context", str)
    pieces, seen = [], set()
    for i, row in enumerate(doc.rows("piece")):
        doc.unknown(row, "piece", i, {"id", "name", "need", "rule", "note", "printed", "text"})
        g = lambda key, typ=str, d=...: doc.get(row, "piece", i, key, typ, d)  # noqa: E731
        pid, need = g("id"), g("need", int)
        if pid in seen:
            doc.error(f"piece {pid!r} is listed twice", "piece", i, "id")
        seen.add(pid)
        if need is not None and need < 1:
            doc.error(f"need {need}: a listed piece is needed at least once", "piece", i, "need")
        pieces.append(Piece(pid or "", g("name") or "", need or 0, g("rule") or "", g("note", str, ""),
                            doc.line("piece", i, "id"), g("printed", bool, True), g("text", str, "")))
    if not pieces:
        doc.error("no [[piece]]: list every piece the rules use", "", 0, hint="add [[piece]] tables")
    if blocking(doc.problems):
        raise CheckFailed(blocking(doc.problems))
    return Bom(game, doc.shown, context or f"{game}-bom", players or 0, tuple(pieces))


def load_boms(root: Path) -> tuple[Bom, ...]:
    """The bills of materials of every game that has one, in kit order."""
    return tuple(b for b in (load_bom(root, g) for g in GAMES) if b is not None)
