"""Translatable messages declared by content loaders, for Babel extraction and checks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    """One translatable string of a content file: English msgid, msgctxt (card/component id), slot comment."""

    msgid: str
    context: str | None
    line: int
    comment: str | None = None
    plural: str | None = None


# Content files and the loader function that lists their messages: (glob under the project root,
# "module:function" taking a Path and returning list[Message]). Each content loader adds its line.
MESSAGE_SOURCES: tuple[tuple[str, str], ...] = (  # first match wins
    ("content/*/pieces.toml", "generator.content.piece_messages:messages"),
    ("content/*/bom.toml", "generator.content.piece_messages:messages"),
    ("content/dojo/*.toml", "generator.content.dojo:messages"),
    ("content/ground/*.toml", "generator.content.ground:messages"),
    ("content/duel/*.toml", "generator.content.duel:messages"),
)


def N_(message: str) -> str:
    """Mark a string for extraction only (gettext_noop); it is translated later through a variable."""
    return message
