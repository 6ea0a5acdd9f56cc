"""[dojo-board] Board pages: a quadrant per A4/Letter sheet with glue strips and marks, one A2 sheet, the margin notes."""

from __future__ import annotations

from ..board.ascii import render_ascii
from ..content.dojo import SQUARE_CTX
from ..plan.model import Artifact, BuildContext
from ..render import pdf
from .common import Collect, imprint, small_print
from ..render.layout import Slot, Where, fit
from ..render.pdf import PAPERS_MM, PdfDoc, crop_marks, mm
from ..render.face import Face
from ..render.svg import Drawing, Sketch, collected_drawing, png_bytes
from .dojo_board import COMPONENT, HALF, SHEETS, SIZE, STRIP, board_drawings, board_svg, sheet_region

TOP = 12.0


def legend_svg(ctx: BuildContext, layout: str = "dojo/legend", sketch: Sketch | None = None) -> str:
    """The legend of square types (tile, letter, name from content/dojo/squares.toml) as SVG: under every board
    quadrant, and (layout dojo/legend-narrow) in the rules booklet."""
    f = Face(ctx, COMPONENT, "legend", layout)
    squares = ctx.model.dojo.squares
    for k, sq in enumerate(squares):
        c = f"{SQUARE_CTX}/{sq.id}"
        f.box("tile", i=k)
        f.text("letter", ctx.p_(c, sq.letter) if sq.code != "1" else "1A", i=k)
        f.text("name", ctx.p_(c, sq.name), i=k, valign="middle")
    return f.svg(sketch=sketch, body="#ffffff",
                 tiles=[dict(color=sq.colour, icon=sq.icon, ink="#ffffff" if sq.code == "D" else "#2a251f")
                        for sq in squares])


def legend_drawing(ctx: BuildContext) -> Drawing:
    """The legend drawn once per language."""
    return collected_drawing(lambda sketch: legend_svg(ctx, sketch=sketch))


def margin_notes(ctx: BuildContext, extra: str, width: float) -> list:
    """Small print blocks: instructions, version/language, board fingerprint, the simulator's proof summary."""
    where = Where(COMPONENT, "margin", ctx.lang)
    lines = [
        extra,
        small_print(ctx, ctx._("Board")),
        ctx._("Board fingerprint: %(fingerprint)s") % {"fingerprint": ctx.board_fingerprint[:8]},  # as in the footer
        proof_sentence(ctx),
    ]
    slot = Slot("margin", width, 12, 6.5, 4.5, leading=1.15)
    col = Collect()
    blocks = [col.run(lambda t=t: fit(t, slot, where)) for t in lines if t]
    col.check()
    return blocks


# Entries this component prints only in a state no kit build reaches: the live preview lists them with where and
# when they would print (plan/registry.unreached), so its map of the language's entries is complete.
UNREACHED = {
    (None, "Proved playable: not simulated in this build."):
        "the board's margin, when a build did not prove the board (a kit build always proves it before drawing)",
    (None, "Simulated in %(games)d game: some got stuck."):
        "the board's margin, when the board proof found stuck games (the build then stops: nothing is printed)",
}


def proof_sentence(ctx: BuildContext) -> str:
    """The board proof in player words: how many simulated games, none stuck or unfinished (no settings)."""
    proof = ctx.proof or {}
    games = proof.get("games")
    if not games:
        return ctx._("Proved playable: not simulated in this build.")
    if proof.get("stuck_moves") or proof.get("unfinished"):
        return ctx.n_("Simulated in %(games)d game: some got stuck.", "Simulated in %(games)d games: some got stuck.",
                      games) % {"games": games}
    return ctx.n_("Proved playable: %(games)d simulated game, none stuck.",
                  "Proved playable: %(games)d simulated games, none stuck.", games) % {"games": games}


def _notes(cr, blocks: list, x: float, y: float) -> None:
    for b in blocks:
        y = pdf.draw_block(cr, b, x, y, (0.25, 0.25, 0.25)) + 0.6


def _quadrant_page(doc: PdfDoc, board: Drawing, legend: Drawing, notes: list, sheet: tuple[int, int],
                   page: tuple[float, float]) -> None:
    """One quadrant: its board drawing, pale glue strips towards the right/bottom neighbours, seam marks."""
    w, h = page
    qr, qc = sheet
    px = (w - HALF - STRIP) / 2 + (STRIP if qc else 0)
    py = TOP + (STRIP if qr else 0)
    _, _, rw, rh = sheet_region(sheet)
    rx1, ry1 = px + rw, py + rh
    cr = doc.cr
    doc.place(board, mm(px), mm(py))
    cr.save()
    cr.set_source_rgba(1, 1, 1, 0.6)
    if qc == 0:
        cr.rectangle(mm(px + HALF), mm(py), mm(STRIP), mm(ry1 - py))
    if qr == 0:
        cr.rectangle(mm(px), mm(py + HALF), mm(rx1 - px), mm(STRIP))
    cr.fill()
    cr.restore()
    seam_x = px + HALF if qc == 0 else px
    seam_y = py + HALF if qr == 0 else py
    crop_marks(cr, [seam_x], [seam_y], page, length=3.0)
    for x, y in ((seam_x, seam_y),):
        pdf.line(cr, x - 2, y, x + 2, y, 0.4)
        pdf.line(cr, x, y - 2, x, y + 2, 0.4)
    ly = max(ry1, py + HALF) + 4
    doc.place(legend, mm((w - legend.width * 25.4 / 72) / 2), mm(ly))
    _notes(cr, notes, (w - HALF) / 2, ly + 28)


def sheet_pages(ctx: BuildContext, doc: PdfDoc, boards: dict, legend: Drawing, paper: str) -> None:
    """Four pages of one paper, one quadrant each (reading order), joining into the whole board."""
    page = PAPERS_MM[paper]
    names = {(0, 0): ctx._("top left"), (0, 1): ctx._("top right"), (1, 0): ctx._("bottom left"),
             (1, 1): ctx._("bottom right")}
    for n, sheet in enumerate(SHEETS, 1):
        text = (ctx._("Sheet %(n)d of 4 (%(position)s). Cut sheets 2 and 4 along the left seam mark and sheets "
                      "3 and 4 along the top seam mark; glue each onto the pale strip of its neighbour, squares "
                      "matching.") % {"n": n, "position": names[sheet]})
        notes = margin_notes(ctx, f"{text} · {paper}", HALF)
        doc.page(*page)
        _quadrant_page(doc, boards[sheet], legend, notes, sheet, page)


def a2_page(ctx: BuildContext, doc: PdfDoc, whole: Drawing, legend: Drawing) -> None:
    """The whole board on one A2 sheet with legend and margin notes."""
    w, h = PAPERS_MM["A2"]
    cr = doc.page(w, h)
    x, y = (w - SIZE) / 2, (h - SIZE - 70) / 2  # board, legend and notes centred on the sheet
    doc.place(whole, mm(x), mm(y))  # one drawing: every label once (quadrant drawings would repeat the seams)
    doc.place(legend, mm((w - legend.width * 25.4 / 72) / 2), mm(y + SIZE + 6))
    _notes(cr, margin_notes(ctx, "A2", SIZE), x, y + SIZE + 40)


def board_png(whole: Drawing, width_px: int) -> bytes:
    """A preview of the whole board."""
    return png_bytes(whole, width_px)


def build(ctx: BuildContext) -> list[Artifact]:
    """The board: its text form, four quadrant sheets per paper, the A2 sheet, and a preview."""
    boards = board_drawings(ctx)
    legend = legend_drawing(ctx)
    out = [Artifact("dojo/board.txt", COMPONENT, "board", render_ascii(ctx.board).encode("utf-8"))]
    whole = collected_drawing(lambda sketch: board_svg(ctx, sketch=sketch))
    imp = imprint(ctx, ctx._("Board"))
    doc = PdfDoc(imp.epoch, imp.title)  # every paper in one document, then split: quadrants and legend written once
    ends = []
    for paper in ctx.options.papers:
        sheet_pages(ctx, doc, boards, legend, paper)
        ends.append(doc.pages)
    a2_page(ctx, doc, whole, legend)
    ends.append(doc.pages)
    files = pdf.split(doc.finish(), ends)
    for paper, data in zip(ctx.options.papers, files):
        out.append(Artifact(f"dojo/board-{paper}.pdf", COMPONENT, "board", data, paper, "sheet", len(SHEETS),
                            pieces=(("dojo-board", 1),)))
    out.append(Artifact("dojo/board-A2.pdf", COMPONENT, "board", files[-1], "A2", "sheet", 1))
    out.append(Artifact("previews/dojo/board.png", COMPONENT, "preview", board_png(whole, 720)))
    return out
