"""Translatable strings of the pieces and bill-of-materials files (content/*/pieces.toml, content/*/bom.toml)."""

from __future__ import annotations

from pathlib import Path

from ..messages import Message
from .toml_source import load_toml

TRANSLATED = ("name", "back", "text", "title", "instructions", "columns", "lines", "note")  # keys printed


def messages(path: Path) -> list[Message]:
    """Translatable strings of a pieces/bill-of-materials file: every name/text/title/... (msgctxt `context`)."""
    doc = load_toml(path, None, "pieces")
    context = str(doc.data.get("context") or f"{path.parent.name}-pieces")
    out: list[Message] = []
    where = ("; printed in the components list of the rules booklet and index.html: typeset, wraps, no length limit"
             if path.name == "bom.toml" else "")

    def walk(value: object, at: tuple) -> None:
        if not isinstance(value, dict):
            return
        for key, v in value.items():
            if isinstance(v, dict):
                walk(v, (*at, key))
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for i, x in enumerate(v):
                    walk(x, (*at, key, i))
            elif key in TRANSLATED and not (key == "name" and path.name == "bom.toml" and value.get("text")):
                for s in (v if isinstance(v, list) else [v]):  # a bill-of-materials piece with a `text` prints
                    # that sentence, never its name (plan/bom.count_line): the name is not asked for
                    if isinstance(s, str) and s.strip():
                        shown = ".".join(str(p) for p in (*at, key))
                        out.append(Message(s, context, doc.line(*at, key) or 1, f"{path.name} {shown}{where}"))

    walk(doc.data, ())
    return out
