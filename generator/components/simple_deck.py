"""Any simple deck of the registry (content/<game>/<name>.deck.toml): fronts on the deck/front layout, one back.

Both faces are drawn the one way every card is (generator.render.face): the layouts templates/deck/front.toml and
templates/deck/back.toml; a deck's own front template (registry entry) extends templates/deck/front.svg.j2.
"""

from __future__ import annotations

from ..content.deck import SimpleDeck
from ..plan.model import Artifact, BuildContext
from ..render.cards import Card, Deck
from .common import back_look, deck_files, small_print
from ..render.face import Face, collect

FRONT, BACK = "deck/front", "deck/back"


def build(ctx: BuildContext, component) -> list[Artifact]:
    """The deck of a registry entry (its model data, its front template) as sheets, gutterfold, single cards."""
    deck: SimpleDeck = ctx.model.decks[component.id]
    title = ctx.p_(deck.context, deck.title)
    footer = small_print(ctx, title)

    def back():
        look = back_look(ctx, deck.colour)
        f = Face(ctx, component.id, "back", BACK)
        f.text("title", title, color=look.ink)
        f.text("footer", footer, color=look.ink)
        return f.drawing(**look.values())

    def front(card):
        def draw():
            cctx = f"{deck.context}/{card.id}"
            f = Face(ctx, component.id, card.id, FRONT, template=component.template.removesuffix(".svg.j2"))
            f.text("kind", title)
            f.text("name", ctx.p_(cctx, card.name))
            f.text("text", ctx.p_(cctx, card.text), valign="middle")
            f.text("footer", footer)
            return f.drawing(band=deck.colour, colour=deck.colour, card=card.id)
        return draw

    back_face, *fronts = collect([back, *(front(c) for c in deck.cards)])
    cards = tuple(Card(c.id, face, back_face, c.copies) for c, face in zip(deck.cards, fronts))
    return deck_files(ctx, Deck(component.id, component.slug, title, cards,
                                back_bleed=back_look(ctx, deck.colour).bleed))
