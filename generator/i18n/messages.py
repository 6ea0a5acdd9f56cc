"""Where translatable content messages come from, for Babel extraction and checks."""

from __future__ import annotations

# Content files and the loader function that lists their messages: (glob under the project root,
# "module:function" taking a Path and returning list[generator.messages.Message]).
# The first matching glob wins.
MESSAGE_SOURCES: tuple[tuple[str, str], ...] = (
    ("content/*/*.deck.toml", "generator.content.deck:messages"),  # simple decks of any game
    ("content/*/pieces.toml", "generator.content.piece_messages:messages"),
    ("content/*/bom.toml", "generator.content.piece_messages:messages"),
    ("content/dojo/*.toml", "generator.content.dojo:messages"),
    ("content/ground/*.toml", "generator.content.ground:messages"),
    ("content/duel/*.toml", "generator.content.duel:messages"),
)
