"""The state of one game's Tabletop Simulator export as it is assembled (tts.py: decks, tts_sheets.py: pieces),
and the names the table gives its objects: the bill of materials' names and notes in the kit's language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from PIL import Image

from . import tts_table as table
from .tts_cache import PictureCache
from .tts_layout import Spot


@dataclass
class GameExport:
    """One game's export as it is assembled: its files (paths under the game's folder) and what to check."""

    game: str
    lang: str
    url: Callable[[str], str]  # file path under the game's folder -> the URL written into the save
    files: dict[str, bytes] = field(default_factory=dict)
    spots: list[Spot] = field(default_factory=list)  # every object on the table, to be placed (tts_layout)
    cards: list[dict] = field(default_factory=list)  # cards.json
    problems: list[str] = field(default_factory=list)
    sheets: list[tuple[str, list[str]]] = field(default_factory=list)  # sheet path, each cell's card picture path
    pictures: dict[str, Image.Image] = field(default_factory=dict)  # card picture path -> its own render
    counts: dict[str, int] = field(default_factory=dict)  # component -> cards laid out
    next_key: int = 1
    cache: PictureCache = field(default_factory=lambda: PictureCache(None))  # pictures made from the kit's PDFs
    seats: int = 1
    owners: dict[str, int] = field(default_factory=dict)  # a player's set (its printed owner) -> its seat
    version: str = ""
    names: Any = None  # Names
    placed: Any = None  # tts_layout.Table, once laid out

    def guid(self, *parts: str) -> str:
        """A GUID of this language's table: stable across exports, distinct per language."""
        return table.guid(self.lang, self.game, *parts)


class Names:
    """The table's names in the kit's language: a bill-of-materials piece's name and what it is for."""

    def __init__(self, boms: tuple, game: str, translations: Any):
        self.translations = translations
        self.bom = next((b for b in boms if b.game == game), None)
        self.pieces = {p.id: p for p in self.bom.pieces} if self.bom else {}

    def name(self, piece_id: str, fallback: str) -> str:
        """A piece's name from the bill of materials (translated), or the fallback."""
        piece = self.pieces.get(piece_id)
        return self.translations.pgettext(self.bom.context, piece.name) if piece else fallback

    def description(self, piece_id: str) -> str:
        """What a piece is for: the bill of materials' note (translated) and the rule using it."""
        piece = self.pieces.get(piece_id)
        if piece is None:
            return ""
        note = self.translations.pgettext(self.bom.context, piece.note) if piece.note else ""
        return "\n".join(part for part in (note, piece.rule) if part)
