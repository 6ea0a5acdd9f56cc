"""The card engine: cards drawn once per language, then imposed as sheets, gutterfold and single-card PDFs.

How to add a deck
-----------------
1. Content: one TOML file per deck under ``content/<game>/`` (``[[card]]`` tables with ``id``, ``copies`` and
   English text), loaded in phase one with file/line errors; its strings are English msgids.
2. Faces: a template and its slots in ``templates/<game>/<face>.svg.j2`` + ``<face>.toml`` (see
   ``generator/render/face.py`` and ``templates/STYLE.md``): ``extends = "card-face"`` gives the shared card
   (header band, frame 3 mm inside the trim, footer); declare each text slot's box in mm and its style of the
   type scale (``templates/style.toml``). Card size is ``BLEED_W`` x ``BLEED_H`` mm, the trim ``BLEED`` mm in.
3. Code: ``f = Face(ctx, component, card_id, "<game>/<face>")``, then ``f.text(slot, ctx.p_(...))`` per slot
   (``f.stack`` / ``f.table`` for paragraphs and tables), ``f.drawing(**art_values)``. Every text is fitted by
   ``layout.fit`` (wrap, hyphenation per language, shrink); overflows and missing glyphs raise one
   ``CheckFailed`` naming component, card, slot and language.
4. ``Card(id, front, back, copies)`` into a ``Deck`` (``back_bleed="#rrggbb"``: the backs' edge colour, bled
   around the backs on sheets so duplex drift shows no white).
5. ``deck_artifacts(ctx, deck)`` returns the manifest Artifacts: a sheet of 9 per paper (backs on the
   following page for a long-edge flip, ``BuildOptions.back_offset_mm`` applied), a gutterfold per paper, and
   the print-shop single-card PDF (TrimBox/BleedBox), plus a PNG preview. Register the builder in
   ``generator/kit/registry.py`` ``COMPONENTS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

import cairocffi as cairo

from ..kit.model import Artifact, BuildContext
from . import pdf
from .pdf import EDGE_MM, PAPERS_MM, PdfDoc, crop_marks, mm
from .svg import Drawing, png_bytes

CARD_W, CARD_H = 63.5, 88.9
BLEED = 3.0
SAFE = 4.0  # safe zone inside the trim: text never comes closer to the cut
BLEED_W, BLEED_H = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
COLS, ROWS = 3, 3
PER_SHEET = COLS * ROWS
FOLD_GAP = 4.0  # gutterfold: distance from the fold line to the cards


@dataclass(frozen=True)
class Card:
    """One distinct card: its front and back drawings (bleed included) and how many copies the deck has."""

    id: str
    front: Drawing
    back: Drawing
    copies: int = 1


@dataclass(frozen=True)
class Deck:
    """A deck to impose: manifest component id, file stem, printed title, distinct cards."""

    component: str
    slug: str
    title: str
    cards: tuple[Card, ...]
    back_bleed: str | None = None  # "#rrggbb" of the backs' edges: bled around the back block on sheets
    kind: str = "cards"  # manifest kind of its PDFs: cards | reference

    def expanded(self) -> list[Card]:
        """Every physical card, copies repeated, in deck order."""
        return [c for c in self.cards for _ in range(c.copies)]


@dataclass(frozen=True)
class Imprint:
    """The small print of every page: component title, kit version, language, board, and the back offset."""

    title: str
    version: str
    lang: str
    epoch: int
    back_offset: tuple[float, float] = (0.0, 0.0)
    board: str = ""  # short board fingerprint, so feedback names exactly what was played
    board_label: str = "board"  # the word before it, in the kit's language

    def line(self, *extra: str) -> str:
        """'title · version · LANG · board xxxxxxxx · extra…' (the board label translated)."""
        board = (f"{self.board_label} {self.board}",) if self.board else ()
        return " · ".join((self.title, self.version, self.lang.upper(), *board, *extra))


def imprint(ctx: BuildContext, title: str) -> Imprint:
    """The Imprint of a component in the build being made."""
    return Imprint(title, ctx.version, ctx.lang, ctx.epoch, ctx.options.back_offset_mm,
                   ctx.board_fingerprint[:8], ctx.p_("small print", "board"))



def _chunks(items: list[Card], size: int) -> Iterator[list[Card]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def _clip_place(cr: Any, drawing: Drawing, x: float, y: float, clip: tuple[float, float, float, float]) -> None:
    """Place a bleed-size drawing with its trim corner at (x, y) mm, showing only clip (x0, y0, x1, y1) mm.

    Within one PDF a drawing must always show the same part (its trim on sheets): cairo 1.16 writes a recording
    surface once per document, cut to what its first use showed.
    """
    x0, y0, x1, y1 = clip
    ox, oy = x - BLEED, y - BLEED
    drawing.place(cr, mm(ox), mm(oy), region=(mm(x0 - ox), mm(y0 - oy), mm(x1 - x0), mm(y1 - y0)))


def footer(cr: Any, text: str, page: tuple[float, float], block: tuple[float, float, float, float]) -> None:
    """Small print outside the card block: under it when there is room, else up the left margin."""
    w, h = page
    x0, y0, x1, y1 = block
    if h - y1 >= EDGE_MM + 4:
        pdf.text(cr, text, w / 2, h - EDGE_MM - 1.2, 6, align="center")
    else:
        pdf.text(cr, text, x0 - 1.0, y1, 5, rotate=-90)


def sheet_origin(paper: str) -> tuple[float, float, tuple[float, float]]:
    """Top-left of the 3x3 card block on a portrait sheet, and the sheet size (mm)."""
    w, h = PAPERS_MM[paper]
    return (w - COLS * CARD_W) / 2, (h - ROWS * CARD_H) / 2, (w, h)


def back_x(paper: str, x: float) -> float:
    """Where the back of a card whose front is at x (mm) goes for a long-edge flip."""
    w, _ = PAPERS_MM[paper]
    return w - x - CARD_W


def _blank_edges(cr: Any, spots: list[tuple[float, float]], page: tuple[float, float]) -> None:
    """A large back offset may push backs into the EDGE_MM band: paper white there (no ink near the edge)."""
    w, h = page
    if all(EDGE_MM <= x and x + CARD_W <= w - EDGE_MM and EDGE_MM <= y and y + CARD_H <= h - EDGE_MM
           for x, y in spots):
        return
    cr.save()
    cr.set_source_rgb(1, 1, 1)
    cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    cr.rectangle(0, 0, mm(w), mm(h))
    cr.rectangle(mm(EDGE_MM), mm(EDGE_MM), mm(w - 2 * EDGE_MM), mm(h - 2 * EDGE_MM))
    cr.fill()
    cr.restore()


def _bleed_under(cr: Any, color: str, spots: list[tuple[float, float]], page: tuple[float, float]) -> None:
    """The backs' edge colour under each back (trim corners in spots), bled outwards, EDGE_MM from the edge.

    Backs are shown at their trim (see _clip_place), so a drifting duplex printer would show white edges.
    """
    w, h = page
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    cr.save()
    cr.set_source_rgb(r, g, b)
    for x, y in spots:
        x0, y0 = max(x - BLEED, EDGE_MM), max(y - BLEED, EDGE_MM)
        x1, y1 = min(x + CARD_W + BLEED, w - EDGE_MM), min(y + CARD_H + BLEED, h - EDGE_MM)
        cr.rectangle(mm(x0), mm(y0), mm(x1 - x0), mm(y1 - y0))
    cr.fill()
    cr.restore()


def sheet_pdf(deck: Deck, paper: str, imp: Imprint) -> tuple[bytes, int]:
    """Sheets of 9 cards: each fronts page followed by its backs page mirrored for a long-edge flip."""
    ox, oy, page = sheet_origin(paper)
    block = (ox, oy, ox + COLS * CARD_W, oy + ROWS * CARD_H)
    doc = PdfDoc(imp.epoch, imp.title)
    cards = deck.expanded()
    sheets = (len(cards) + PER_SHEET - 1) // PER_SHEET
    for s, chunk in enumerate(_chunks(cards, PER_SHEET), 1):
        cr = doc.page(*page)
        for i, card in enumerate(chunk):
            x, y = ox + (i % COLS) * CARD_W, oy + (i // COLS) * CARD_H
            _clip_place(cr, card.front, x, y, (x, y, x + CARD_W, y + CARD_H))
        crop_marks(cr, [ox + i * CARD_W for i in range(COLS + 1)], [oy + j * CARD_H for j in range(ROWS + 1)], page)
        footer(cr, imp.line(paper, f"{s}/{sheets}"), page, block)
        cr = doc.page(*page)
        dx, dy = imp.back_offset
        spots = [(back_x(paper, ox + (i % COLS) * CARD_W) + dx, oy + (i // COLS) * CARD_H + dy)
                 for i in range(len(chunk))]
        if deck.back_bleed:
            _bleed_under(cr, deck.back_bleed, spots, page)
        for card, (x, y) in zip(chunk, spots):
            _clip_place(cr, card.back, x, y, (x, y, x + CARD_W, y + CARD_H))
        _blank_edges(cr, spots, page)
    return doc.finish(), doc.pages


def gutterfold_pdf(deck: Deck, paper: str, imp: Imprint) -> tuple[bytes, int]:
    """Landscape pages: 4 fronts left of a fold line, their backs mirrored on the right; fold, glue, cut."""
    ph, pw = PAPERS_MM[paper]
    page = (pw, ph) if pw > ph else (ph, pw)
    w, h = page
    fold = w / 2
    oy = (h - 2 * CARD_H) / 2
    xs_front = [fold - FOLD_GAP - 2 * CARD_W, fold - FOLD_GAP - CARD_W]
    doc = PdfDoc(imp.epoch, imp.title)
    cards = deck.expanded()
    pages = (len(cards) + 3) // 4
    for p, chunk in enumerate(_chunks(cards, 4), 1):
        cr = doc.page(*page)
        for i, card in enumerate(chunk):
            x, y = xs_front[i % 2], oy + (i // 2) * CARD_H
            _clip_place(cr, card.front, x, y, (x, y, x + CARD_W, y + CARD_H))
            bx = w - x - CARD_W
            _clip_place(cr, card.back, bx, y, (bx, y, bx + CARD_W, y + CARD_H))
        pdf.line(cr, fold, EDGE_MM + 2, fold, h - EDGE_MM - 2, 0.5, (0.4, 0.4, 0.4), dash=(2, 1.5))
        xs = [xs_front[0], xs_front[1], fold - FOLD_GAP, fold + FOLD_GAP, w - xs_front[1], w - xs_front[0]]
        crop_marks(cr, xs, [oy, oy + CARD_H, oy + 2 * CARD_H], page, length=4.0)
        footer(cr, imp.line(paper, f"{p}/{pages}"), page, (xs_front[0], oy, w - xs_front[0], oy + 2 * CARD_H))
    return doc.finish(), doc.pages


def single_pdf(deck: Deck, imp: Imprint) -> tuple[bytes, int]:
    """Print-shop file: one card face per page with bleed (front, then back), TrimBox and BleedBox set."""
    doc = PdfDoc(imp.epoch, imp.title)
    for card in deck.expanded():
        for drawing in (card.front, card.back):
            cr = doc.page(BLEED_W, BLEED_H)
            drawing.place(cr, 0, 0)
    pages = doc.pages
    return pdf.set_boxes(doc.finish(), BLEED), pages


def deck_artifacts(ctx: BuildContext, deck: Deck, gutterfold: bool = True) -> list[Artifact]:
    """Every PDF of a deck (sheet and gutterfold per paper, single cards) and its PNG preview."""
    imp = imprint(ctx, deck.title)
    out: list[Artifact] = []
    n = len(deck.expanded())
    # bill-of-materials counts: the deck, and each distinct card ("<component>/<card id>")
    pieces = ((deck.component, n), *((f"{deck.component}/{c.id}", c.copies) for c in deck.cards))
    for paper in ctx.options.papers:
        data, pages = sheet_pdf(deck, paper, imp)
        out.append(Artifact(f"{deck.slug}-{paper}.pdf", deck.component, deck.kind, data, paper, "sheet", pages, n,
                            pieces))
        if gutterfold:
            data, pages = gutterfold_pdf(deck, paper, imp)
            out.append(Artifact(f"{deck.slug}-gutterfold-{paper}.pdf", deck.component, deck.kind, data, paper,
                                "gutterfold", pages, n))
    data, pages = single_pdf(deck, imp)
    out.append(Artifact(f"{deck.slug}-single.pdf", deck.component, deck.kind, data, "card", "single", pages, n))
    out.append(Artifact(f"previews/{deck.slug}.png", deck.component, "preview",
                        png_bytes(deck.cards[0].front, 240)))
    return out
