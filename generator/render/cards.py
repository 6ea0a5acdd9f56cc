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
5. ``deck_artifacts(deck, imprint, papers)`` (in a build: ``deck_files(ctx, deck)`` of
   ``generator/components/common.py``) returns the manifest Artifacts: a sheet of 9 per paper (cards butted on
   shared cut lines, bleed around the block, cut lines from every trim edge out to the sheet's printable edge;
   backs on the following page for a long-edge flip,
   ``BuildOptions.back_offset_mm`` applied), a gutterfold per paper, and
   the print-shop single-card PDF (TrimBox/BleedBox), plus a PNG preview; all of them are drawn into one cairo
   document and split into files (``pdf.split``), so each face and font subset is written once and every file
   holds the same face objects. Register the builder in
   ``generator/plan/registry.py`` ``COMPONENTS``. Every page is then read back by the page QA
   (``generator/pageqa``): card text 3 mm inside the trim, nothing within 5 mm of a sheet edge, no text under
   6.5 pt or touching other text.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Iterator


from ..artifact import Artifact
from . import pdf
from .pdf import EDGE_MM, PAPERS_MM, PdfDoc, mm
from .preview import pdf_preview
from .svg import Drawing, paint_edges, recorded

CARD_W, CARD_H = 63.5, 88.9
BLEED = 3.0
SAFE = 4.0  # safe zone inside the trim: text never comes closer to the cut
BLEED_W, BLEED_H = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
COLS, ROWS = 3, 3
PER_SHEET = COLS * ROWS
FOLD_GAP = 4.0  # gutterfold: distance from the fold line to the cards
SINGLE_SIDED = "single-sided"  # layout of a card sheet printed on one side only (every page fronts)


@dataclass(frozen=True)
class Card:
    """One distinct card: its front and back drawings (bleed included) and how many copies the deck has (back None:
    a card with nothing behind it on a ganged sheet, e.g. a one-sided reference card among decks with backs)."""

    id: str
    front: Drawing
    back: Drawing | None
    copies: int = 1
    piece: str = ""  # a kind of piece several cards share, counted for the bill of materials ("<component>/<piece>")


@dataclass(frozen=True)
class Deck:
    """A deck to impose: manifest component id, file stem, printed title, distinct cards."""

    component: str
    slug: str
    title: str
    cards: tuple[Card, ...]
    back_bleed: str | None = None  # "#rrggbb" of the backs' edges: bled around the back block on sheets
    kind: str = "cards"  # manifest kind of its PDFs: cards | reference
    one_sided: bool = False  # home sheets print the fronts only (reference cards): no backs page, no gutterfold

    @property
    def sheet_layout(self) -> str:
        """The manifest layout of its home sheets: "sheet" (fronts, then backs for a long-edge flip) or
        SINGLE_SIDED (fronts only, every page)."""
        return SINGLE_SIDED if self.one_sided else "sheet"

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



def _chunks(items: list[Card], size: int) -> Iterator[list[Card]]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def _clip_place(doc: PdfDoc, drawing: Drawing, x: float, y: float, clip: tuple[float, float, float, float]) -> None:
    """Place a bleed-size drawing with its trim corner at (x, y) mm, showing only clip (x0, y0, x1, y1) mm.

    Within one PDF a drawing must always show the same part (its trim plus the sheet's bleed): cairo 1.16 writes
    a recording surface once per document, cut to what its first use showed.
    """
    x0, y0, x1, y1 = clip
    ox, oy = x - BLEED, y - BLEED
    doc.place(drawing, mm(ox), mm(oy), region=(mm(x0 - ox), mm(y0 - oy), mm(x1 - x0), mm(y1 - y0)))


@dataclass(frozen=True)
class Grid:
    """Where a sheet's cards go: trim corners (mm) and the bleed each card shows on the sheet (bx, by mm).

    A sheet of 9 (butted) puts its cards edge to edge: neighbours share a cut line, and only the block's outline
    carries bleed, as much as the sheet allows (at most BLEED, EDGE_MM of paper white around). A gutterfold page
    keeps its cards apart by a gutter of twice the bleed, each card with its own bleed on all four sides.
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    bx: float
    by: float
    page: tuple[float, float]
    imprint_at: str  # "bottom" or "left": where the small print goes
    butted: bool = False
    area: tuple[float, float, float, float] | None = None  # (x0, y0, x1, y1) mm the cut lines keep to (a ganged
    # sheet's cards below other pieces); None: the whole sheet inside its edge band

    def spots(self) -> list[tuple[float, float]]:
        """Trim corners in reading order (rows, then columns)."""
        return [(x, y) for y in self.ys for x in self.xs]

    def shown(self, x: float, y: float, spots: list[tuple[float, float]] | None = None
              ) -> tuple[float, float, float, float]:
        """The part of a card at trim corner (x, y) printed on the sheet: trim plus bleed (on a butted grid, bleed
        only on the sides with no neighbour among spots)."""
        def free(dx: float, dy: float) -> bool:
            return not self.butted or not any(abs(px - x - dx) < 1e-6 and abs(py - y - dy) < 1e-6
                                              for px, py in spots or ())
        return (x - self.bx * free(-CARD_W, 0), y - self.by * free(0, -CARD_H),
                x + CARD_W + self.bx * free(CARD_W, 0), y + CARD_H + self.by * free(0, CARD_H))

    def block(self) -> tuple[float, float, float, float]:
        """The printed block, bleed included."""
        return (min(self.xs) - self.bx, min(self.ys) - self.by, max(self.xs) + CARD_W + self.bx,
                max(self.ys) + CARD_H + self.by)


IMPRINT_ROOM = 4.0  # mm kept for the small print beside the card block
ROUNDING = 0.4  # mm: cairo rounds a placed drawing's clip box outwards to whole points


def _axis(length: float, n: int, card: float, reserve: float) -> float:
    """The gutterfold's bleed per card along one axis: n cards, gutters of twice the bleed, EDGE_MM and reserve
    kept free."""
    spare = length - 2 * (EDGE_MM + ROUNDING) - n * card - reserve
    return math.floor(max(0.0, min(BLEED, spare / (2 * n))) * 100) / 100


def sheet_grid(paper: str) -> Grid:
    """The 3x3 butted grid of a portrait sheet, centred; the small print beside it on the axis with more room."""
    w, h = PAPERS_MM[paper]
    at = "bottom" if h - ROWS * CARD_H >= w - COLS * CARD_W else "left"
    left, bottom = (IMPRINT_ROOM, 0.0) if at == "left" else (0.0, IMPRINT_ROOM)
    bx, by = _outer(w, COLS, CARD_W, left), _outer(h, ROWS, CARD_H, bottom)
    x0 = left + (w - left - COLS * CARD_W) / 2
    y0 = (h - bottom - ROWS * CARD_H) / 2
    return Grid(tuple(x0 + i * CARD_W for i in range(COLS)), tuple(y0 + j * CARD_H for j in range(ROWS)), bx, by,
                (w, h), at, butted=True)


def _outer(length: float, n: int, card: float, reserve: float) -> float:
    """The bleed around a butted block of n cards along one axis: EDGE_MM and reserve kept free."""
    spare = length - 2 * (EDGE_MM + ROUNDING) - n * card - reserve
    return math.floor(max(0.0, min(BLEED, spare / 2)) * 100) / 100


def gutterfold_grid(paper: str) -> Grid:
    """The landscape gutterfold page: two columns of fronts left of the fold (backs mirror them), two rows."""
    ph, pw = PAPERS_MM[paper]
    w, h = (pw, ph) if pw > ph else (ph, pw)
    half = w / 2 - FOLD_GAP
    bx = math.floor(max(0.0, min(BLEED, (half - EDGE_MM - ROUNDING - 2 * CARD_W) / 3)) * 100) / 100
    by = _axis(h, 2, CARD_H, IMPRINT_ROOM)
    x1 = w / 2 - FOLD_GAP - CARD_W
    y0 = (h - IMPRINT_ROOM - 2 * (CARD_H + 2 * by)) / 2 + by
    return Grid((x1 - CARD_W - 2 * bx, x1), (y0, y0 + CARD_H + 2 * by), bx, by, (w, h), "bottom")


def back_x(paper: str, x: float) -> float:
    """Where the back of a card whose front is at x (mm) goes for a long-edge flip."""
    w, _ = PAPERS_MM[paper]
    return w - x - CARD_W


def card_slots(layout: str, paper: str, page: int, back_offset: tuple[float, float] = (0.0, 0.0)
               ) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The trim boxes (mm) of the card places on page `page` (1-based) of a deck PDF, named for messages.

    One source of truth for the imposition above and for the read-back page QA (generator/pageqa).
    """
    if layout == "single":
        return [(f"card {(page + 1) // 2} {'front' if page % 2 else 'back'}",
                 (BLEED, BLEED, BLEED + CARD_W, BLEED + CARD_H))]
    if layout == "gutterfold":
        g = gutterfold_grid(paper)
        out = []
        for i, (x, y) in enumerate(g.spots(), 1):
            bx = g.page[0] - x - CARD_W
            out += [(f"place {i} front", (x, y, x + CARD_W, y + CARD_H)),
                    (f"place {i} back", (bx, y, bx + CARD_W, y + CARD_H))]
        return out
    g = sheet_grid(paper)
    front = page % 2 == 1 or layout == SINGLE_SIDED
    out = []
    for i, (x, y) in enumerate(g.spots(), 1):
        if not front:
            x, y = back_x(paper, x) + back_offset[0], y + back_offset[1]
        out.append((f"place {i} {'front' if front else 'back'}", (x, y, x + CARD_W, y + CARD_H)))
    return out


def footer(cr: Any, text: str, grid: Grid) -> None:
    """Small print beside the card block: under it, or up the left margin (grid.imprint_at)."""
    w, h = grid.page
    if grid.imprint_at == "bottom":
        pdf.text(cr, text, w / 2, h - EDGE_MM - 1.2, pdf.SMALL_PT, align="center")
    else:
        pdf.text(cr, text, EDGE_MM + 2.0, (h + pdf.text_width(text, pdf.SMALL_PT)) / 2, pdf.SMALL_PT, rotate=-90)


def cut_marks(cr: Any, grid: Grid, spots: list[tuple[float, float]]) -> None:
    """Every card's four cut lines, each drawn from sheet edge to sheet edge (EDGE_MM in, clear of the small print)
    wherever no card's trim is: across the margins (and the bleed) around the block, so every line still shows
    on the paper left after any earlier cut; white under black, seen on dark bleed."""
    size = (CARD_W, CARD_H)
    lo_edge, hi_edge = _imprint_free(grid)
    segments: list[pdf.Segment] = []
    for k in (0, 1):  # k = 0: vertical lines at the cards' left/right edges; k = 1: horizontal lines
        o = 1 - k
        for at in sorted({round(p[k], 6) for p in spots} | {round(p[k] + size[k], 6) for p in spots}):
            cover = [(p[o], p[o] + size[o]) for p in spots if p[k] - 1e-6 <= at <= p[k] + size[k] + 1e-6]
            for a, b in _free(lo_edge[o], hi_edge[o], cover):
                segments += _mark(*((at, a, at, b) if k == 0 else (a, at, b, at)))
    pdf.lines(cr, segments)


def _imprint_free(grid: Grid) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where lines may run on the sheet (x and y lower bounds, x and y upper bounds, mm): EDGE_MM inside the edges
    and clear of the small print's band (IMPRINT_ROOM beside the card block), so no line crosses the footer."""
    w, h = grid.page
    left = EDGE_MM + (IMPRINT_ROOM if grid.imprint_at == "left" else 0.0)
    bottom = h - EDGE_MM - (IMPRINT_ROOM if grid.imprint_at == "bottom" else 0.0)
    x0, y0, x1, y1 = grid.area or (left, EDGE_MM, w - EDGE_MM, bottom)
    return (max(left, x0), max(EDGE_MM, y0)), (min(w - EDGE_MM, x1), min(bottom, y1))


def _free(lo: float, hi: float, taken: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of [lo, hi] outside every interval in taken (at least 0.3 mm long)."""
    out, at = [], lo
    for a, b in sorted(taken):
        if a - at >= 0.3:
            out.append((at, min(a, hi)))
        at = max(at, b)
    if hi - at >= 0.3:
        out.append((at, hi))
    return [(a, b) for a, b in out if b - a >= 0.3]


def _mark(x1: float, y1: float, x2: float, y2: float) -> list[pdf.Segment]:
    """One cut line: black on a wider white line (seen on dark bleed)."""
    return [(x1, y1, x2, y2, 0.9, (1, 1, 1)), (x1, y1, x2, y2, 0.3, (0, 0, 0))]


def _inside_edges(cr: Any, page: tuple[float, float]) -> None:
    """Clip to the sheet less EDGE_MM: a large back offset never pushes ink into the edge band."""
    w, h = page
    cr.rectangle(mm(EDGE_MM), mm(EDGE_MM), mm(w - 2 * EDGE_MM), mm(h - 2 * EDGE_MM))
    cr.clip()


def _bleed_under(cr: Any, color: str, spots: list[tuple[float, float]], page: tuple[float, float]) -> None:
    """The backs' edge colour under each back (trim corners in spots), bled outwards, EDGE_MM from the edge.

    On sheets a card shows only part of its bleed, so a drifting duplex printer could show white edges.
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
    """Sheets of 9 cards with gutters: each fronts page followed by its backs page mirrored for a long-edge flip."""
    doc = PdfDoc(imp.epoch, imp.title)
    sheet_pages(doc, deck, paper, imp)
    return doc.finish(), doc.pages


def sheet_pages(doc: PdfDoc, deck: Deck, paper: str, imp: Imprint) -> None:
    """The pages of sheet_pdf, drawn into doc (a one-sided deck: the fronts pages only; a card whose back is None
    leaves its place on the backs page blank)."""
    grid = sheet_grid(paper)
    page = grid.page
    cards = deck.expanded()
    sheets = (len(cards) + PER_SHEET - 1) // PER_SHEET
    for s, chunk in enumerate(_chunks(cards, PER_SHEET), 1):
        cr = doc.page(*page)
        fronts = place_fronts(doc, [card.front for card in chunk], grid)
        footer(cr, imp.line(paper, f"{s}/{sheets}"), grid)
        if deck.one_sided:
            continue
        cr = doc.page(*page)
        cr.save()
        _inside_edges(cr, page)
        dx, dy = imp.back_offset
        spots = [(back_x(paper, x) + dx, y + dy) for x, y in fronts]
        if deck.back_bleed:
            _bleed_under(cr, deck.back_bleed, spots, page)
        for card, (x, y) in zip(chunk, spots):
            if card.back is not None:
                _clip_place(doc, card.back, x, y, grid.shown(x, y, spots))
        cr.restore()


def place_fronts(doc: PdfDoc, fronts: list[Drawing], grid: Grid) -> list[tuple[float, float]]:
    """Card fronts butted on the grid's first places, with their cut lines; returns the trim corners used."""
    spots = grid.spots()[:len(fronts)]
    for front, (x, y) in zip(fronts, spots):
        _clip_place(doc, front, x, y, grid.shown(x, y, spots))
    doc.place(_lines(grid, tuple(spots), fold=False), 0, 0)
    return spots


def gutterfold_pdf(deck: Deck, paper: str, imp: Imprint) -> tuple[bytes, int]:
    """Landscape pages: 4 fronts left of a fold line, their backs mirrored on the right; fold, glue, cut."""
    doc = PdfDoc(imp.epoch, imp.title)
    gutterfold_pages(doc, deck, paper, imp)
    return doc.finish(), doc.pages


def gutterfold_pages(doc: PdfDoc, deck: Deck, paper: str, imp: Imprint) -> None:
    """The pages of gutterfold_pdf, drawn into doc."""
    grid = gutterfold_grid(paper)
    w, h = page = grid.page
    cards = deck.expanded()
    pages = (len(cards) + 3) // 4
    for p, chunk in enumerate(_chunks(cards, 4), 1):
        cr = doc.page(*page)
        spots = []
        for card, (x, y) in zip(chunk, grid.spots()):
            _clip_place(doc, card.front, x, y, grid.shown(x, y))
            bx = w - x - CARD_W
            _clip_place(doc, card.back, bx, y, grid.shown(bx, y))
            spots += [(x, y), (bx, y)]
        doc.place(_lines(grid, tuple(spots), fold=True), 0, 0)
        footer(cr, imp.line(paper, f"{p}/{pages}"), grid)


@functools.lru_cache(maxsize=64)
def _lines(grid: Grid, spots: tuple[tuple[float, float], ...], fold: bool) -> Drawing:
    """A sheet's cut lines for the cards at spots (and a gutterfold's fold line), drawn once: every page with the
    same cards in the same places shows this one drawing (written once per file, read once by the page QA)."""
    def draw(cr: Any) -> None:
        if fold:
            x = grid.page[0] / 2
            pdf.line(cr, x, EDGE_MM + 2, x, _imprint_free(grid)[1][1], 0.5, (0.4, 0.4, 0.4), dash=(2, 1.5))
        cut_marks(cr, _whole(grid) if fold else grid, list(spots))
    return recorded(mm(grid.page[0]), mm(grid.page[1]), draw)


def _whole(grid: Grid) -> Grid:
    """A gutterfold grid extended over both halves (fronts and mirrored backs), for its cut marks."""
    w = grid.page[0]
    xs = tuple(sorted(grid.xs + tuple(w - x - CARD_W for x in grid.xs)))
    return Grid(xs, grid.ys, grid.bx, grid.by, grid.page, grid.imprint_at)


def single_pdf(deck: Deck, imp: Imprint) -> tuple[bytes, int]:
    """Print-shop file: one card face per page with bleed (front, then back), TrimBox and BleedBox set."""
    doc = PdfDoc(imp.epoch, imp.title)
    single_pages(doc, deck)
    pages = doc.pages
    return pdf.set_boxes(doc.finish(), BLEED), pages


def single_pages(doc: PdfDoc, deck: Deck) -> None:
    """The pages of single_pdf (without its boxes), drawn into doc: print-shop faces, their frames bled off the
    edges (svg.paint_edges: an even border however the cut drifts; the home sheets keep the frame line alone)."""
    for card in deck.expanded():
        for drawing in (card.front, card.back):
            doc.drawing_page(drawing, BLEED_W, BLEED_H)
            paint_edges(doc.cr, drawing)


def deck_pieces(deck: Deck) -> tuple[tuple[str, int], ...]:
    """The bill-of-materials counts a deck prints: the deck, each distinct card ("<component>/<card id>") and each
    kind of piece its cards name ("<component>/<piece>", e.g. GROUND's Ground choice cards among the Actions)."""
    kinds: dict[str, int] = {}
    for c in (c for c in deck.cards if c.piece):
        kinds[c.piece] = kinds.get(c.piece, 0) + c.copies
    return ((deck.component, len(deck.expanded())), *((f"{deck.component}/{c.id}", c.copies) for c in deck.cards),
            *((f"{deck.component}/{k}", n) for k, n in kinds.items()))


def deck_artifacts(deck: Deck, imp: Imprint, papers: tuple[str, ...], gutterfold: bool = True) -> list[Artifact]:
    """Every PDF of a deck (sheet and gutterfold per paper, single cards) and its PNG preview; a one-sided deck has
    no gutterfold (nothing to fold behind its fronts)."""
    gutterfold = gutterfold and not deck.one_sided
    n = len(deck.expanded())
    pieces = deck_pieces(deck)
    # Every layout is drawn into one document, then split into one file per layout (pdf.split): each face is
    # written once, with one font subset, and every file holds the same face objects (the page QA reads a face
    # once for the whole deck). The print-shop pages come first: a face's first use shows all of its bleed.
    doc = PdfDoc(imp.epoch, imp.title)
    parts: list[tuple[str, str, str, tuple]] = []  # (path, paper, layout, bill of materials) per part, in order
    ends: list[int] = []
    single_pages(doc, deck)
    parts.append((f"{deck.slug}-single.pdf", "card", "single", ()))
    ends.append(doc.pages)
    for paper in papers:
        sheet_pages(doc, deck, paper, imp)
        parts.append((f"{deck.slug}-{paper}.pdf", paper, deck.sheet_layout, pieces))
        ends.append(doc.pages)
        if gutterfold:
            gutterfold_pages(doc, deck, paper, imp)
            parts.append((f"{deck.slug}-gutterfold-{paper}.pdf", paper, "gutterfold", ()))
            ends.append(doc.pages)
    files = pdf.split(doc.finish(), ends, {0: BLEED})  # the print-shop part with its TrimBox and BleedBox
    made = {path: Artifact(path, deck.component, deck.kind, data, paper, layout, end - start, n, bom,
                           same_as=doc.same_as(start, end), placed=doc.placed_keys(start, end))
            for (path, paper, layout, bom), data, start, end in zip(parts, files, [0, *ends], ends)}
    out: list[Artifact] = []
    for paper in papers:  # the manifest's order: sheet and gutterfold per paper, then the single cards
        out.append(made[f"{deck.slug}-{paper}.pdf"])
        if gutterfold:
            out.append(made[f"{deck.slug}-gutterfold-{paper}.pdf"])
    single = made[f"{deck.slug}-single.pdf"]
    out.append(single)
    out.append(Artifact(f"previews/{deck.slug}.png", deck.component, "preview", pdf_preview(single.data)))  # 1st front
    return out
