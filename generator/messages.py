"""Translatable message ids as the model holds them: content and code declare them, i18n translates them."""

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


def N_(message: str) -> str:
    """Mark a string for extraction only (gettext_noop); it is translated later through a variable."""
    return message
