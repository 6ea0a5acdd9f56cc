"""The state of one game's Tabletop Simulator export as it is assembled (tts.py: decks, tts_sheets.py: pieces),
and the names the table gives its objects: the bill of materials' names and notes in the kit's language."""

from __future__ import annotations

import colorsys
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..content.games import game as game_row, module_of
from ..problems import CheckFailed, Problem
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
    pictures: dict[str, Any] = field(default_factory=dict)  # card picture path -> its own render (tts_images.Picture)
    images: dict[str, Any] = field(default_factory=dict)  # a file made now -> its Picture (pixels: the table picture)
    counts: dict[str, int] = field(default_factory=dict)  # component -> cards laid out
    next_key: int = 1
    cache: PictureCache = field(default_factory=lambda: PictureCache(None))  # pictures made from the kit's PDFs
    seats: int = 1
    owners: dict[str, int] = field(default_factory=dict)  # a player's set (its printed owner) -> its seat
    version: str = ""
    names: Any = None  # Names
    placed: Any = None  # tts_layout.Table, once laid out
    card_files: dict[tuple[str, int], str] = field(default_factory=dict)  # (face sheet URL, cell) -> card picture
    model: Any = None  # the content model
    templates: Any = None  # the kit's templates folder (layouts the pieces were drawn from)

    def guid(self, *parts: str) -> str:
        """A GUID of this language's table: stable across exports, distinct per language."""
        return table.guid(self.lang, self.game, *parts)


RULE_CODE = re.compile(r"^[A-Z]{1,3}-[A-Z]*\d+[a-z]?")  # GR-O01, D04: the rule a piece serves, in every language


class Names:
    """The table's names in the kit's language: a bill-of-materials piece's name and what it is for."""

    def __init__(self, boms: tuple, game: str, translations: Any, lang: str):
        self.translations, self.lang = translations, lang
        self.bom = next((b for b in boms if b.game == game), None)
        self.pieces = {p.id: p for p in self.bom.pieces} if self.bom else {}

    def name(self, piece_id: str, fallback: str) -> str:
        """A piece's name from the bill of materials (translated); a piece the booklet names by a sentence (its
        name never printed, so never translated) and an unknown one: the fallback (a component's translated name,
        'Game: thing'), its thing."""
        piece = self.pieces.get(piece_id)
        if piece is not None and not piece.text:
            return self.translations.pgettext(self.bom.context, piece.name)
        thing = fallback.split(": ", 1)[-1]
        return thing[:1].upper() + thing[1:]

    def description(self, piece_id: str) -> str:
        """What a piece is for: the bill of materials' note (translated) and the rule using it (its code in
        another language than English: the rule's words are the designer's, in English)."""
        piece = self.pieces.get(piece_id)
        if piece is None:
            return ""
        note = self.translations.pgettext(self.bom.context, piece.note or piece.text) if piece.note or piece.text else ""
        code = RULE_CODE.match(piece.rule)
        rule = piece.rule if self.lang == "en" else (code.group(0) if code else "")
        return "\n".join(part for part in (note, rule) if part)


TTS_COLOURS = {"White": (255, 255, 255), "Brown": (113, 59, 23), "Red": (218, 26, 24), "Orange": (244, 100, 29),
               "Yellow": (231, 229, 44), "Green": (49, 179, 43), "Teal": (33, 177, 155), "Blue": (31, 135, 255),
               "Purple": (160, 32, 240), "Pink": (245, 112, 206)}  # TTS's player colours (Color.fromString)


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """How far two colours are apart as a player sees them: hue first (on its circle), then saturation and
    brightness (a dark red is nearer TTS's Red than its Brown)."""
    (h1, s1, v1), (h2, s2, v2) = (colorsys.rgb_to_hsv(*(c / 255 for c in x)) for x in (a, b))
    hue = min(abs(h1 - h2), 1 - abs(h1 - h2)) * 4 * min(s1, s2)
    return hue + abs(s1 - s2) * 0.5 + abs(v1 - v2) * 0.3


def seat_colours(model: Any, game: str, seats: int) -> list[str]:
    """Each seat's TTS player colour: the nearest free one to the seat's printed colour (its game's TTS module
    tells it: a pawn's, a seat's, a player's), so the red pawn sits at the Red seat."""
    printed = facts(game).seat_colours(model)
    wanted = []
    for i in range(seats):
        hexa = printed[i].lstrip("#") if i < len(printed) else "ffffff"
        wanted.append(tuple(int(hexa[j:j + 2], 16) for j in (0, 2, 4)))
    pairs = sorted((_distance(rgb, TTS_COLOURS[c]), i, c) for i, rgb in enumerate(wanted) for c in TTS_COLOURS)
    out: list[str | None] = [None] * seats
    for _d, i, c in pairs:  # the closest pair first: the white pawn takes White before the black one can
        if out[i] is None and c not in out:
            out[i] = c
    return [c or "White" for c in out]


def facts(game: str) -> Any:
    """A game's module of Tabletop Simulator facts (content/games.toml `tts`); CheckFailed naming the table's row
    and field when the game has none (it is not exported to the digital table)."""
    row = game_row(game)
    module = module_of(row, "tts")
    if module is None:
        raise CheckFailed([Problem("error", "games", f"game {game!r} has no Tabletop Simulator layout",
                                   "content/games.toml", row.line, where="tts",
                                   hint='add tts = "generator.export.<game>_tts" (a module like the other games\' '
                                        "TTS modules) to its [[game]] table")])
    return module
