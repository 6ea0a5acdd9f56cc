"""Ganged sheets (issue 29, sheet economy): the small decks and pieces of several components on shared sheets of
paper, the files a printer is told to print (the minimum set, plan/sheets.py). Each is drawn from the same faces as
its components' own files, which stay in the kit as alternatives (and for the digital table and the print shops):

- ``ground-table-cards``: GROUND's 3 Scenario, 3 Mode and 2 reference cards on one 9-up sheet, double-sided
  (the reference cards are one-sided: nothing behind them on the backs page);
- ``ground-piece-sheet``: the seat markers of every seat, the table tokens and the round track on one double-sided
  sheet (fronts, then backs mirrored for a long-edge flip);
- ``duel-table-sheet``: the duel track and the 4 one-sided reference cards on one landscape sheet.

A ganged file's manifest entry lists the components it stands for (``gangs``) and carries their bill-of-materials
counts, so the proof of the pieces is made on what a printer prints.
"""

from __future__ import annotations

import dataclasses

from ..plan.model import Artifact, BuildContext
from ..render.cards import BLEED, CARD_H, CARD_W, IMPRINT_ROOM, Deck, Grid, deck_pieces, footer, place_fronts, sheet_pages
from ..render.pdf import EDGE_MM, PAPERS_MM, PdfDoc, mm
from ..render.preview import pdf_preview
from . import duel_cards, ground_cards, ground_markers, ground_mats
from .common import imprint
from .ground_cards import ui

GROUND_TABLE = "ground-table-cards"
GROUND_PIECES = "ground-piece-sheet"
DUEL_TABLE = "duel-table-sheet"
MARKER_ROW = 24.0  # mm per seat's row of markers on the ganged piece sheet (their own sheet: ground_markers.ROW)


def _preview(component: str, slug: str, first: Artifact) -> Artifact:
    return Artifact(f"previews/{slug}.png", component, "preview", pdf_preview(first.data))


def ground_table_cards(ctx: BuildContext) -> list[Artifact]:
    """Scenario, Mode and reference cards on one 9-up sheet per paper: fronts, then backs for a long-edge flip."""
    decks = (ground_cards.scenario_deck(ctx), ground_cards.mode_deck(ctx), ground_cards.reference_deck(ctx))
    cards = tuple(dataclasses.replace(c, back=None) if d.one_sided else c for d in decks for c in d.cards)
    title = ui(ctx, GROUND_TABLE, "GROUND Scenarios, Modes and reference")
    deck = Deck(GROUND_TABLE, "ground/scenarios-modes-reference", title, cards)
    imp = imprint(ctx, title)
    out = []
    for paper in ctx.options.papers:
        doc = PdfDoc(imp.epoch, title)
        sheet_pages(doc, deck, paper, imp)
        out.append(Artifact(f"{deck.slug}-{paper}.pdf", GROUND_TABLE, "cards", doc.finish(), paper, "sheet",
                            doc.pages, len(deck.expanded()), tuple(p for d in decks for p in deck_pieces(d)),
                            gangs=tuple(d.component for d in decks)))
    return out + [_preview(GROUND_TABLE, "ground/scenarios-modes-reference", out[0])]


def ground_piece_sheet(ctx: BuildContext) -> list[Artifact]:
    """Every seat's markers, the table tokens and the round track on one double-sided sheet per paper."""
    data, pieces = ctx.model.ground, ctx.model.ground_pieces
    ground_markers.check_fit(ctx)
    tokens = ground_mats.token_set(ctx)
    title = ui(ctx, GROUND_PIECES, "GROUND seat markers and tokens")
    imp = imprint(ctx, title)
    top = ground_markers.TOP + len(data.seats) * MARKER_ROW + 3
    out = []
    for paper in ctx.options.papers:
        w, h = PAPERS_MM[paper]
        doc = PdfDoc(imp.epoch, title)
        for side in (0, 1):
            cr = doc.page(w, h)
            doc.place(ground_markers.side(ctx, data, pieces, paper, bool(side), MARKER_ROW, title), 0, 0)
            ground_mats.place_tokens(doc, cr, tokens, (w, h), top, side, marks=2.5)
        out.append(Artifact(f"ground/markers-tokens-{paper}.pdf", GROUND_PIECES, "sheet", doc.finish(), paper,
                            "duplex-long-edge", doc.pages,
                            pieces=ground_markers.counts(data, pieces) + tokens.counts,
                            gangs=(ground_markers.COMPONENT, "ground-tokens")))
    return out + [_preview(GROUND_PIECES, "ground/markers-tokens", out[0])]


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

