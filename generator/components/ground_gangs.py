"""GROUND's ganged sheets (components/gangs.py):

- ``ground-table-cards``: the 3 Scenario, 3 Mode and 2 reference cards on one 9-up sheet, double-sided
  (the reference cards are one-sided: nothing behind them on the backs page);
- ``ground-piece-sheet``: the seat markers of every seat, the table tokens and the round track on one double-sided
  sheet (fronts, then backs mirrored for a long-edge flip).
"""

from __future__ import annotations

import dataclasses

from ..plan.model import Artifact, BuildContext
from ..render.cards import Deck, deck_pieces, sheet_pages
from ..render.pdf import PAPERS_MM, PdfDoc
from . import ground_cards, ground_markers, ground_mats
from .common import imprint
from .gangs import preview as _preview
from .ground_cards import ui

GROUND_TABLE = "ground-table-cards"
GROUND_PIECES = "ground-piece-sheet"
MARKER_ROW = 24.0  # mm per seat's row of markers on the ganged piece sheet (their own sheet: ground_markers.ROW)


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
