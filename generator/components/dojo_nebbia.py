"""[dojo-nebbia-deck] The Dojo Mist deck: 22 cards (13 kinds with copies), Technique cards marked secret.

Faces: templates/dojo/nebbia-front and nebbia-back (.svg.j2 + .toml slots), drawn through generator.render.face.
"""

from __future__ import annotations

import re

from ..content.dojo import NEBBIA_CTX, NebbiaCard, NebbiaDeck
from ..plan.model import Artifact, BuildContext
from ..render.cards import Card, Deck
from .common import back_look, deck_files, small_print
from ..render.face import Face, collect
from ..render.svg import Drawing

COMPONENT = "dojo-nebbia-deck"
BACK_BG = "#2b2545"


def _front(ctx: BuildContext, deck: NebbiaDeck, card: NebbiaCard) -> Drawing:
    """One card front; a text that does not fit raises CheckFailed naming card, slot and language."""
    t = deck.type_of(card)
    cctx = f"{NEBBIA_CTX}/{card.id}"
    f = Face(ctx, COMPONENT, card.id, "dojo/nebbia-front")
    f.text("type", ctx.p_(NEBBIA_CTX, t.name))
    f.text("name", ctx.p_(cctx, card.name), valign="middle")
    f.text("effect", ctx.p_(cctx, card.effect), valign="middle", icon_color=t.colour)
    f.text("secret-note" if t.secret else "note", ctx.p_(NEBBIA_CTX, t.note), valign="middle")
    f.text("footer", small_print(ctx, ctx.p_(NEBBIA_CTX, deck.name)))
    return f.drawing(color=t.colour, secret=t.secret, type_icon=t.icon)


def _back(ctx: BuildContext, deck: NebbiaDeck) -> Drawing:
    """The common back."""
    title = ctx.p_(NEBBIA_CTX, deck.name)
    look = back_look(ctx, BACK_BG)
    f = Face(ctx, COMPONENT, "back", "dojo/nebbia-back")
    f.text("title", title, valign="middle", color=look.ink)
    f.text("text", ctx.p_(NEBBIA_CTX, deck.back), color=look.ink)
    f.text("footer", small_print(ctx, title), color=look.ink)
    return f.drawing(**look.values())


def nebbia_deck(ctx: BuildContext) -> Deck:
    """Every distinct card drawn once (for this language) with the common back."""
    content = ctx.model.dojo.nebbia
    back, *fronts = collect([lambda: _back(ctx, content)] +
                            [lambda c=c: _front(ctx, content, c) for c in content.cards])
    cards = tuple(Card(card.id, front, back, card.copies) for card, front in zip(content.cards, fronts))
    return Deck(COMPONENT, "dojo/nebbia-deck", ctx.p_(NEBBIA_CTX, content.name), cards,
                back_bleed=back_look(ctx, BACK_BG).bleed)


def build(ctx: BuildContext) -> list[Artifact]:
    """The deck as sheets (A4, Letter), gutterfold, single cards, and a preview."""
    return deck_files(ctx, nebbia_deck(ctx))


def term_spellings(ctx: BuildContext) -> dict[str, frozenset[str]]:
    """The Dojo cards named 'Term (gloss)' (Kaeshi, Uke, Irimi): the term as this language prints it -> its other
    spellings, for the page QA's term check (content/games.toml `terms`)."""
    out = {}
    for card in ctx.model.dojo.nebbia.cards:
        if re.match(r"\S+ \(", card.name):
            spelled = ctx.p_(f"{NEBBIA_CTX}/{card.id}", card.name).split()[0]
            out[spelled] = frozenset({card.name.split()[0]} - {spelled})
    return out
