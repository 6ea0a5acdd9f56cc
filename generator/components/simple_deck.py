"""Any simple deck of the registry (content/<game>/<name>.deck.toml + a front template): fronts, one back."""

from __future__ import annotations

from ..content.deck import SimpleDeck
from ..kit.model import Artifact, BuildContext
from ..render.cards import BLEED, BLEED_W, SAFE, Card, Deck, deck_artifacts, face_drawing
from ..render.layout import Slot, Where, fit
from .common import Collect, small_print

INNER = BLEED + SAFE
TEXT_W = BLEED_W - 2 * INNER
NAME = Slot("name", TEXT_W, 14, 15, 8, bold=True, align="center", leading=1.1, max_lines=2)
TEXT = Slot("text", TEXT_W, 36, 11, 6.5, align="center", leading=1.18)
TITLE = Slot("title", TEXT_W, 16, 18, 10, bold=True, align="center", leading=1.1, max_lines=2)
IMPRINT = Slot("imprint", TEXT_W, 3.2, 5, 4, align="center")
BACK_TEMPLATE = "deck-back.svg.j2"


def build(ctx: BuildContext, component) -> list[Artifact]:
    """The deck of a registry entry (its model data, its front template) as sheets, gutterfold, single cards."""
    deck: SimpleDeck = ctx.model.decks[component.id]
    title = ctx.p_(deck.context, deck.title)
    col = Collect()

    def texts(card_id: str, *slots: tuple[str, Slot, float]) -> list[dict] | None:
        where = Where(component.id, card_id, ctx.lang)
        blocks = [(col.run(lambda t=text, s=slot: fit(t, s, where)), y) for text, slot, y in slots]
        if any(b is None for b, _ in blocks):
            return None
        return [dict(block=b, x=INNER, y=y) for b, y in blocks]

    imprint = (small_print(ctx, title), IMPRINT, 84.2)
    back_texts = [dict(t, color="#ffffff") for t in texts("back", (title, TITLE, 36), imprint) or []]
    back = face_drawing(ctx.root, BACK_TEMPLATE, bg=deck.colour, texts=back_texts) if back_texts else None
    cards = []
    for card in deck.cards:
        cctx = f"{deck.context}/{card.id}"
        front = texts(card.id, (ctx.p_(cctx, card.name), NAME, 20), (ctx.p_(cctx, card.text), TEXT, 40), imprint)
        if front:
            cards.append(Card(card.id, face_drawing(ctx.root, component.template, colour=deck.colour, card=card.id,
                                                    texts=front), back, card.copies))
    col.check()
    return deck_artifacts(ctx, Deck(component.id, component.slug, title, tuple(cards), back_bleed=deck.colour))
