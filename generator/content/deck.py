"""Simple card decks: content/<game>/<name>.deck.toml -> a title, a colour and cards (name, text, copies).

File format (texts are English message ids, msgctxt "<game>-<name>" for the title and
"<game>-<name>/<card id>" for a card's name and text)::

    [deck]
    title = "Toy deck"      # printed on the backs and in the small print
    colour = "#24313f"      # the backs and the fronts' band

    [[card]]
    id = "alpha"            # a-z, 0-9, '-'
    name = "Alpha"
    text = "Draw a card."
    copies = 2              # 1-9
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..messages import Message
from ..problems import Problem
from .toml_source import load_toml

SUFFIX = ".deck.toml"


@dataclass(frozen=True)
class DeckCard:
    """One distinct card of a simple deck."""

    id: str
    name: str
    text: str
    copies: int


@dataclass(frozen=True)
class SimpleDeck:
    """A simple deck as loaded: its message context, title, colour and cards."""

    context: str
    title: str
    colour: str
    cards: tuple[DeckCard, ...]


def deck_context(path: Path) -> str:
    """The msgctxt of a deck file: content/toy/cards.deck.toml -> 'toy-cards'."""
    return f"{path.parent.name}-{path.name.removesuffix(SUFFIX)}"


def load_deck(root: Path, rel: str) -> tuple[SimpleDeck | None, list[Problem]]:
    """Load and check one deck file; None when any problem was found."""
    src = load_toml(root / rel, root, "deck")
    if not src.parsed:
        return None, src.problems
    head = src.table("deck")
    head.unknown(("title", "colour"))
    title, colour = head.text("title"), head.colour()
    cards, seen = [], set()
    for f in src.rows("card"):
        f.unknown(("id", "name", "text", "copies"))
        cards.append(DeckCard(f.ident(seen), f.text("name"), f.text("text"), f.integer("copies", 1, 9)))
    if src.problems:
        return None, src.problems
    return SimpleDeck(deck_context(root / rel), title, colour, tuple(cards)), []


def messages(path: Path) -> list[Message]:
    """Translatable strings of a deck file (for the catalogs)."""
    if not path.name.endswith(SUFFIX):
        return []
    src = load_toml(path)
    ctx = deck_context(path)
    title = src.data.get("deck", {}).get("title") if isinstance(src.data.get("deck"), dict) else None
    out = [Message(title, ctx, src.line("deck", "title") or 1, "deck title")] if isinstance(title, str) else []
    for i, card in enumerate(src.items("card")):
        for key in ("name", "text"):
            if isinstance(card.get(key), str) and card[key].strip():
                out.append(Message(card[key], f"{ctx}/{card.get('id')}", src.line("card", i, key) or 1, f"card {key}"))
    return out
