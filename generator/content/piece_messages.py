"""Translatable strings of the pieces and bill-of-materials files (content/*/pieces.toml, content/*/bom.toml)."""

from __future__ import annotations

from pathlib import Path

from ..i18n.messages import Message
from .tomlsrc import read

TRANSLATED = ("name", "back", "text", "title", "instructions", "columns", "lines", "note")  # keys printed


def messages(path: Path) -> list[Message]:
    """Translatable strings of a pieces/bill-of-materials file: every name/text/title/... (msgctxt `context`)."""
    doc = read(path, None, "pieces")
    context = str(doc.data.get("context") or f"{path.parent.name}-pieces")
    out: list[Message] = []

    def walk(value: object, table: str, index: int) -> None:
        if not isinstance(value, dict):
            return
        for key, v in value.items():
            if isinstance(v, dict):
                walk(v, key, 0)
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for i, x in enumerate(v):
                    walk(x, key, i)
            elif key in TRANSLATED:
                for s in (v if isinstance(v, list) else [v]):
                    if isinstance(s, str) and s.strip():
                        out.append(Message(s, context, doc.line(table, index, key) or 0, f"{path.name} {table}.{key}"))

    walk(doc.data, "", 0)
    return out
