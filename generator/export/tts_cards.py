"""What each card of a built kit is called, for the digital tables: every deck's cards in the order its
single-card PDF prints them (copies repeated), with the card id and the translated name, read from the content
model and the language's catalogs (the same message ids the components print).

Each game's module of Tabletop Simulator facts (content/games.toml `tts`) lists its decks' cards (its NAMES, made
with CardName, Catalog and expanded below). The order follows the components' decks (generator/components/*): the
export checks it against the PDF itself, each name must be found in the text pdfium reads from its card's front page
(tts.py), so a component that reorders its cards stops the export instead of mislabelling them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..content.games import each


@dataclass(frozen=True)
class CardName:
    """One printed card: its id (as the component names it), its name in the language, its owner's set."""

    id: str
    name: str
    owner: str = ""  # a player's or seat's set (cards with their own back): its printed name


class Catalog:
    """The language's catalogs as the components call them (ctx.p_)."""

    def __init__(self, translations: Any):
        self.translations = translations

    def p_(self, context: str, message: str) -> str:
        """Translate a message id in a context."""
        return self.translations.pgettext(context, message)


def expanded(items: list[tuple[Any, CardName]]) -> list[CardName]:
    return [name for item, name in items for _ in range(getattr(item, "copies", 1))]


def _simple(model: Any, t: Catalog, component: str) -> list[CardName]:
    deck = model.decks[component]
    return expanded([(c, CardName(c.id, t.p_(f"{deck.context}/{c.id}", c.name))) for c in deck.cards])


def card_names(model: Any, translations: Any, component: str) -> list[CardName] | None:
    """Every card of a deck component in print order, copies repeated; None for a deck this table does not know
    (the export then stops, naming the component)."""
    t = Catalog(translations)
    if component in model.decks:
        return _simple(model, t, component)
    names = names_of(component)
    return names(model, t) if names else None


def names_of(component: str) -> Callable[[Any, Catalog], list[CardName]] | None:
    """The function listing a deck's cards, from its game's TTS module (content/games.toml `tts`: its NAMES)."""
    return next((m.NAMES[component] for m in each("tts").values() if component in m.NAMES), None)


def deck_title(model: Any, translations: Any, component: str, fallback: str) -> str:
    """A simple deck's translated title; other decks: fallback (the registry's printable name, translated)."""
    if component in model.decks:
        deck = model.decks[component]
        return Catalog(translations).p_(deck.context, deck.title)
    return fallback
