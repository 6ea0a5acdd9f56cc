"""The kit model: every content input of the kit, loaded once and checked, as frozen typed data.

``KitModel`` is what phase one (``generator.content.load.load_model``) hands to the build; ``BuildContext.model``
carries it to every component and booklet, which read it and never open a content file:

- ``model.dojo``   -- ``generator.content.dojo.DojoContent`` (Nebbia deck, square types, reference cards, belt
                      ladder, pawns) from content/dojo/*.toml;
- ``model.ground`` -- ``generator.content.ground.GroundData`` from content/ground/*.toml;
- ``model.duel``   -- ``generator.content.duel.DuelData`` from content/duel/duel.toml;
- ``model.rules``  -- ``{game: RulesSource}`` for content/<game>/rules.md (dojo, ground, duel);
- ``model.decks``  -- ``{component id: SimpleDeck}`` for the registry's simple decks (content/<game>/<name>.deck.toml);
- ``model.boms``   -- ``generator.content.bom.Bom`` per game from content/<game>/bom.toml (the bill of materials);
- ``model.ground_pieces`` / ``model.duel_pieces`` -- seat markers and seat symbols (content/ground/pieces.toml),
                      the duel's player sets, fighters and order slip (content/duel/pieces.toml).

The board (``BuildContext.board``) and the catalogs (``BuildContext.translations``) are loaded in the same phase.
Texts in the model are English message ids; components translate them with ``ctx.p_(context, msgid)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..rules.source import Block
from .bom import Bom
from .deck import SimpleDeck
from .dojo import DojoContent
from .duel import DuelData
from .duel_pieces import DuelPieces
from .ground import GroundData
from .games import game_codes
from .ground_pieces import GroundPieces

GAMES = game_codes()  # content/games.toml, in table order


@dataclass(frozen=True)
class RulesSource:
    """A game's rules source (content/<game>/rules.md): where it is and its parsed blocks."""

    game: str
    file: str  # path shown in messages, relative to the project root
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class KitModel:
    """Every content input of the kit, loaded and checked (see the module docstring)."""

    dojo: DojoContent
    ground: GroundData
    duel: DuelData
    rules: Mapping[str, RulesSource]
    decks: Mapping[str, SimpleDeck] = field(default_factory=dict)
    boms: tuple[Bom, ...] = ()
    ground_pieces: GroundPieces | None = None
    duel_pieces: DuelPieces | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "decks", MappingProxyType(dict(self.decks)))
