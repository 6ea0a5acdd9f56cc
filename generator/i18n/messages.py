"""Where translatable content messages come from, for Babel extraction and checks."""

from __future__ import annotations

from ..content.games import games

# Content files and the loader function that lists their messages: (glob under the project root,
# "module:function" taking a Path and returning list[generator.messages.Message]).
# The first matching glob wins.
MESSAGE_SOURCES: tuple[tuple[str, str], ...] = (
    ("content/*/*.deck.toml", "generator.content.deck:messages"),  # simple decks of any game
    ("content/*/pieces.toml", "generator.content.piece_messages:messages"),
    ("content/*/bom.toml", "generator.content.piece_messages:messages"),
    ("content/games.toml", "generator.content.games:messages"),  # names, paper advice, component names
    *((f"content/{code}/*.toml", f"{game.content.split(':')[0]}:messages")  # each game's own loader module
      for code, game in games().items() if game.content),
)
