"""The kit model: every content input of the kit, loaded once and checked, as frozen typed data.

``KitModel`` is what phase one (``generator.content.load.load_model``) hands to the build; ``BuildContext.model``
carries it to every component and booklet, which read it and never open a content file:

- ``model.<part>`` -- each game's parts, loaded by the function its row of content/games.toml names (`content`):
                      e.g. ``model.ground`` (content/ground/*.toml) and ``model.ground_pieces``; a game's own
                      modules read them, nothing else does;
- ``model.rules``  -- ``{game: RulesSource}`` for content/<game>/rules.md (every game of the table);
- ``model.decks``  -- ``{component id: SimpleDeck}`` for the registry's simple decks (content/<game>/<name>.deck.toml);
- ``model.boms``   -- ``generator.content.bom.Bom`` per game from content/<game>/bom.toml (the bill of materials).

The board (``BuildContext.board``) and the catalogs (``BuildContext.translations``) are loaded in the same phase.
Texts in the model are English message ids; components translate them with ``ctx.p_(context, msgid)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ..rules.source import Block
from .bom import Bom
from .deck import SimpleDeck
from .games import game_codes

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

    parts: Mapping[str, Any]  # each game's loaded parts by name (content/games.toml `content`)
    rules: Mapping[str, RulesSource]
    decks: Mapping[str, SimpleDeck] = field(default_factory=dict)
    boms: tuple[Bom, ...] = ()

    def __getattr__(self, name: str) -> Any:
        """A game's part (``model.duel``), for that game's own modules; AttributeError for any other name."""
        if name.startswith("__") or name == "parts":
            raise AttributeError(name)
        try:
            return self.parts[name]
        except KeyError:
            raise AttributeError(f"the kit model has no part {name!r} (content/games.toml `content` loaders give "
                                 f"{', '.join(self.parts)})") from None

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))
        object.__setattr__(self, "rules", MappingProxyType(dict(self.rules)))
        object.__setattr__(self, "decks", MappingProxyType(dict(self.decks)))
