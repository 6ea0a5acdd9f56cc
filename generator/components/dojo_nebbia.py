"""[dojo-nebbia-deck] The Dojo Mist deck: 22 cards (13 kinds with copies), Technique cards marked secret."""

from __future__ import annotations

from ..content.dojo import NEBBIA_CTX, NebbiaCard, NebbiaDeck
from ..kit.model import Artifact, BuildContext
from ..render.cards import BLEED_W, SAFE, BLEED, Card, Deck, deck_artifacts, face_drawing
from ..render.layout import Slot, Where, fit
from ..render.svg import Drawing
from .common import Collect, small_print

COMPONENT = "dojo-nebbia-deck"
BACK_BG = "#2b2545"
INNER = BLEED + SAFE  # safe-zone edge, mm from the bleed edge
TEXT_W = BLEED_W - 2 * INNER
BAND_H = BLEED + 16
TYPE = Slot("type", TEXT_W - 9, 5.5, 9, 6, bold=True)
NAME = Slot("name", TEXT_W, 13, 15, 8, bold=True, align="center", leading=1.1, max_lines=2)
EFFECT = Slot("effect", TEXT_W, 33, 11, 6.5, align="center", leading=1.18)
NOTE = Slot("note", TEXT_W, 8.5, 8, 5.5, align="center", leading=1.1)
SECRET_NOTE = Slot("note", TEXT_W - 6, 8.5, 8, 5.5, bold=True, align="center", leading=1.1)
IMPRINT = Slot("imprint", TEXT_W, 3.2, 5, 4, align="center")
BACK_TITLE = Slot("back title", TEXT_W, 16, 18, 10, bold=True, align="center", leading=1.1, max_lines=2)
BACK_TEXT = Slot("back text", TEXT_W - 4, 12, 8.5, 6, align="center")


def _front(ctx: BuildContext, deck: NebbiaDeck, card: NebbiaCard, col: Collect) -> Drawing | None:
    """Lay out and draw one card front (None when a text does not fit: the problem is collected)."""
    t = deck.type_of(card)
    where = Where(COMPONENT, card.id, ctx.lang)
    cctx = f"{NEBBIA_CTX}/{card.id}"
    name = col.run(lambda: fit(ctx.p_(cctx, card.name), NAME, where))
    effect = col.run(lambda: fit(ctx.p_(cctx, card.effect), EFFECT, where))
    kind = col.run(lambda: fit(ctx.p_(NEBBIA_CTX, t.name), TYPE, where))
    note = col.run(lambda: fit(ctx.p_(NEBBIA_CTX, t.note), SECRET_NOTE if t.secret else NOTE, where))
    title = ctx.p_(NEBBIA_CTX, deck.name)
    imprint = col.run(lambda: fit(small_print(ctx, title), IMPRINT, where))
    if None in (name, effect, kind, note, imprint):
        return None
    note_y = 74.5 + (NOTE.height - note.height) / 2
    eff_y = 40 + (EFFECT.height - effect.height) / 2
    name_y = BAND_H + 2 + (NAME.height - name.height) / 2
    rects = []
    if t.secret:
        rects.append(dict(x=INNER - 1, y=note_y - 1.2, w=TEXT_W + 2, h=note.height + 2.4, rx=1.2, fill=t.colour))
    texts = [dict(block=kind, x=INNER + 9, y=BLEED + 5.2, color="#ffffff"),
             dict(block=name, x=INNER, y=name_y, color="#1d1a16"),
             dict(block=effect, x=INNER, y=eff_y, color="#1d1a16", icon_color=t.colour),
             dict(block=note, x=INNER + (5 if t.secret else 0), y=note_y, color="#ffffff" if t.secret else "#5b5246"),
             dict(block=imprint, x=INNER, y=84.2, color="#7a7064")]
    icons = [dict(name=t.icon, x=INNER, y=BLEED + 4.6, size=7, color="#ffffff", bg=t.colour)]
    if t.secret:
        icons.append(dict(name="technique", x=INNER, y=note_y + (note.height - 4) / 2, size=4, color="#ffffff",
                          bg=t.colour))
    return face_drawing(ctx.root, "dojo-nebbia-front.svg.j2", bg="#fbf7ee", color=t.colour, band_h=BAND_H,
                        secret=t.secret, type_icon=t.icon, rule_y=BAND_H + 16, note_y=note_y,
                        note_h=note.height, rects=rects, icons=icons, texts=texts)


def _back(ctx: BuildContext, deck: NebbiaDeck, col: Collect) -> Drawing | None:
    """The common back."""
    where = Where(COMPONENT, "back", ctx.lang)
    title = ctx.p_(NEBBIA_CTX, deck.name)
    head = col.run(lambda: fit(title, BACK_TITLE, where))
    text = col.run(lambda: fit(ctx.p_(NEBBIA_CTX, deck.back), BACK_TEXT, where))
    imprint = col.run(lambda: fit(small_print(ctx, title), IMPRINT, where))
    if None in (head, text, imprint):
        return None
    texts = [dict(block=head, x=INNER, y=14 + (BACK_TITLE.height - head.height) / 2, color="#ffffff"),
             dict(block=text, x=INNER + 2, y=68, color="#d8d2f2"),
             dict(block=imprint, x=INNER, y=84.2, color="#9e96c8")]
    return face_drawing(ctx.root, "dojo-nebbia-back.svg.j2", bg=BACK_BG, texts=texts)


def nebbia_deck(ctx: BuildContext) -> Deck:
    """Every distinct card drawn once (for this language) with the common back."""
    content = ctx.model.dojo.nebbia
    col = Collect()
    back = _back(ctx, content, col)
    fronts = [(card, _front(ctx, content, card, col)) for card in content.cards]
    col.check()
    cards = tuple(Card(card.id, front, back, card.copies) for card, front in fronts)
    return Deck(COMPONENT, "nebbia-deck", ctx.p_(NEBBIA_CTX, content.name), cards, back_bleed=BACK_BG)


def build(ctx: BuildContext) -> list[Artifact]:
    """The deck as sheets (A4, Letter), gutterfold, single cards, and a preview."""
    return deck_artifacts(ctx, nebbia_deck(ctx))
