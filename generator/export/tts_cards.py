"""What each card of a built kit is called, for the digital tables: every deck's cards in the order its
single-card PDF prints them (copies repeated), with the card id and the translated name, read from the content
model and the language's catalogs (the same message ids the components print).

The order follows the components' decks (generator/components/*): the export checks it against the PDF itself,
each name must be found in the text pdfium reads from its card's front page (tts.py), so a component that
reorders its cards stops the export instead of mislabelling them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..content.dojo import NEBBIA_CTX, REF_CTX

PIECES_CTX = "duel-pieces"

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


def _expanded(items: list[tuple[Any, CardName]]) -> list[CardName]:
    return [name for item, name in items for _ in range(getattr(item, "copies", 1))]


def _nebbia(model: Any, t: Catalog) -> list[CardName]:
    return _expanded([(c, CardName(c.id, t.p_(f"{NEBBIA_CTX}/{c.id}", c.name))) for c in model.dojo.nebbia.cards])


def _dojo_reference(model: Any, t: Catalog) -> list[CardName]:
    return _expanded([(c, CardName(c.id, t.p_(f"{REF_CTX}/{c.id}", c.title))) for c in model.dojo.reference])


def _ground(attr: str) -> Callable[[Any, Catalog], list[CardName]]:
    def names(model: Any, t: Catalog) -> list[CardName]:
        return [CardName(x.id, t.p_(f"ground/{x.id}", x.name)) for x in getattr(model.ground, attr)]
    return names


def _ground_actions(model: Any, t: Catalog) -> list[CardName]:
    """Each seat's Action cards and its Ground choice card, named with the seat as the printed cards are."""
    seats = [(seat, t.p_("ground-seat", "%(seat)s · %(number)s") % {  # the same message as the printed cards
        "seat": t.p_(f"ground/seat/{seat.id}", seat.name), "number": seat.number}) for seat in model.ground.seats]
    actions = [CardName(f"{seat.id}-{a.id}", t.p_(f"ground/action/{a.id}", a.name), name)
               for seat, name in seats for a in model.ground.actions]
    choices = [CardName(f"{seat.id}-choice", t.p_("ground-action-cards", "Ground choice"), name) for seat, name in seats]
    return actions + choices  # the printed order: every seat's Actions, then the choice cards on the last sheet


def _ground_reference(_model: Any, t: Catalog) -> list[CardName]:
    return [CardName("round", t.p_("ground-reference", "The round")), CardName("darvo", "DARVO"),
            CardName("denied", t.p_("ground-reference", "Denied"))]  # the Denied marking's own card (issue 47)


def _duel(attr: str) -> Callable[[Any, Catalog], list[CardName]]:
    def names(model: Any, t: Catalog) -> list[CardName]:
        return [CardName(f"{x.id}-{p.id}", t.p_("duel-terms", "%(term)s — %(name)s") % {  # as the printed cards
            "term": t.p_(f"duel/{x.id}", x.romaji), "name": t.p_(f"duel/{x.id}", x.name)},
                         t.p_(PIECES_CTX, p.name))
                for p in model.duel_pieces.players for x in getattr(model.duel, attr)]
    return names


def _duel_strikes(model: Any, t: Catalog) -> list[CardName]:
    """Each player's strikes, then each player's No action card (ruling D04), as the strike deck prints them."""
    comp = "duel-strike-cards"
    return _duel("strikes")(model, t) + [CardName(f"none-{p.id}", t.p_(comp, "No action"), t.p_(PIECES_CTX, p.name))
                                         for p in model.duel_pieces.players]


def _duel_reference(_model: Any, t: Catalog) -> list[CardName]:
    return [CardName("setup", t.p_("duel-rules", "Setup")),
            CardName("phases", t.p_("duel-reference", "Order of the fight")),
            CardName("actions", t.p_("duel-reference", "Actions")),
            CardName("hits", t.p_("duel-reference", "Damage"))]


NAMES: dict[str, Callable[[Any, Catalog], list[CardName]]] = {
    "dojo-nebbia-deck": _nebbia,
    "dojo-reference": _dojo_reference,
    "ground-solution-deck": _ground("solutions"),
    "ground-problem-cards": _ground("problems"),
    "ground-scenario-cards": _ground("scenarios"),
    "ground-mode-cards": _ground("modes"),
    "ground-action-cards": _ground_actions,
    "ground-reference": _ground_reference,
    "duel-stance-cards": _duel("stances"),
    "duel-strike-cards": _duel_strikes,
    "duel-reference": _duel_reference,
}


def _simple(model: Any, t: Catalog, component: str) -> list[CardName]:
    deck = model.decks[component]
    return _expanded([(c, CardName(c.id, t.p_(f"{deck.context}/{c.id}", c.name))) for c in deck.cards])


def card_names(model: Any, translations: Any, component: str) -> list[CardName] | None:
    """Every card of a deck component in print order, copies repeated; None for a deck this table does not know
    (the export then stops, naming the component)."""
    t = Catalog(translations)
    if component in model.decks:
        return _simple(model, t, component)
    names = NAMES.get(component)
    return names(model, t) if names else None


def deck_title(model: Any, translations: Any, component: str, fallback: str) -> str:
    """A simple deck's translated title; other decks: fallback (the registry's printable name, translated)."""
    if component in model.decks:
        deck = model.decks[component]
        return Catalog(translations).p_(deck.context, deck.title)
    return fallback
