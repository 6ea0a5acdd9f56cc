"""A content loader for the fixture project: cards.toml -> Messages (msgctxt = card id, slot comments)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from generator.messages import Message


def card_messages(path: Path) -> list[Message]:
    """Name and text of every card, and the copies line as a plural."""
    lines = path.read_text(encoding="utf-8").splitlines()
    data = tomllib.loads("\n".join(lines))
    out = []
    for card in data["card"]:
        line = next(n for n, text in enumerate(lines, start=1) if f'"{card["id"]}"' in text)
        out.append(Message(card["name"], card["id"], line + 1, "slot: card title, 40 x 8 mm, one line"))
        out.append(Message(card["text"], card["id"], line + 2, "slot: card text box, 52 x 30 mm"))
    out.append(Message("one copy", "dojo-cards", 1, "slot: footer, 20 x 4 mm", plural="{n} copies"))
    return out
