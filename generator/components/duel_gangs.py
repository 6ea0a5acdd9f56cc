"""The duel's ganged sheet (components/gangs.py): ``duel-table-sheet``, the duel track and the 4 one-sided
reference cards on one landscape sheet."""

from __future__ import annotations

from ..plan.model import Artifact, BuildContext
from ..render.cards import BLEED, CARD_H, CARD_W, IMPRINT_ROOM, Grid, deck_pieces, footer, place_fronts
from ..render.pdf import EDGE_MM, PAPERS_MM, PdfDoc, mm
from . import duel_cards
from .common import imprint
from .gangs import preview as _preview
from .ground_cards import ui

DUEL_TABLE = "duel-table-sheet"


def duel_table_sheet(ctx: BuildContext) -> list[Artifact]:
    """The track across the top of a landscape sheet, the reference cards butted in a row below it (one-sided)."""
    deck = duel_cards.reference_deck(ctx)
    title = ui(ctx, DUEL_TABLE, "Duel track and reference")
    imp = imprint(ctx, title)
    out = []
    for paper in ctx.options.papers:
        pw, ph = PAPERS_MM[paper]
        w, h = max(pw, ph), min(pw, ph)
        strip = duel_cards.track_strip(ctx, paper)
        doc = PdfDoc(imp.epoch, title)
        cr = doc.page(w, h)
        top = EDGE_MM + 3
        doc.place(strip.drawing, mm((w - strip.width) / 2), mm(top))
        below = top + strip.height + 3  # the cut lines of the cards keep below the track
        cards = deck.expanded()
        x0 = (w - len(cards) * CARD_W) / 2
        y0 = (below + h - EDGE_MM - IMPRINT_ROOM - CARD_H) / 2
        grid = Grid(tuple(x0 + i * CARD_W for i in range(len(cards))), (y0,), BLEED, BLEED, (w, h), "bottom",
                    butted=True, area=(EDGE_MM, below, w - EDGE_MM, h))
        spots = place_fronts(doc, [c.front for c in cards], grid)
        footer(cr, imp.line(paper), grid)
        places = tuple((1, f"place {i} front", (x, y, x + CARD_W, y + CARD_H)) for i, (x, y) in enumerate(spots, 1))
        out.append(Artifact(f"duel/track-reference-{paper}.pdf", DUEL_TABLE, "sheet", doc.finish(), paper, "sheet",
                            doc.pages, len(cards), (("duel-track", 1), *deck_pieces(deck)),
                            gangs=("duel-track", deck.component), places=places))
    return out + [_preview(DUEL_TABLE, "duel/track-reference", out[0])]
