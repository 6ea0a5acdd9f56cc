"""[kit-printing-guide] The printing guide (issue 29): `printing-guide-<paper>.pdf`, a page per game (more when a
language needs the room) telling a person with only a printer what to print and how — the minimum set with its
sheets and printer settings, the alternatives, the paper, what to do when the backs drift. The content comes from
`plan/guide.py` (the build's own files); this module lays it out with the card engine's fitter and cairo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..plan.guide import GameGuide, drift, guides, settings, sheets_line
from ..plan.model import Artifact, BuildContext
from ..render import pdf
from ..render.layout import Block, Slot, Where, fit, fit_table
from ..render.pdf import EDGE_MM, PAPERS_MM, PdfDoc
from ..render.preview import pdf_preview
from .common import imprint

COMPONENT = "kit-printing-guide"
# Entries printed only in a state no kit build reaches today (the live preview lists them: plan/registry.unreached).
UNREACHED = {
    (None, "%(title)s (continued)"): "a guide page's title, when a game's guide runs onto a second page (no game's does today)",
}
MARGIN = 15.0  # mm round the text
BOTTOM = 12.0  # mm kept free above the sheet's lower edge (the small print sits in it)
BODY = (8.8, 7.5)  # pt: paragraphs, largest and smallest
TABLE = (8.5, 7.0)  # pt: the files table
COLUMNS = (0.36, 0.27, 0.08, 0.29)  # shares of the text width: file, what it is, sheets, how to print
PATHS = (8.0, 7.0)  # pt: lists of file names
ROOM = 250.0  # mm a paragraph may take before the fitter calls it an overflow (the page breaks it first)


@dataclass
class Pages:
    """A cursor over the guide's pages: items go below each other, a new page when the next does not fit."""

    ctx: BuildContext
    doc: PdfDoc
    paper: str
    footer: str  # the small print of every page
    title: str = ""
    y: float = 0.0
    cr: Any = None
    done: list[str] = field(default_factory=list)

    @property
    def size(self) -> tuple[float, float]:
        return PAPERS_MM[self.paper]

    @property
    def width(self) -> float:
        return self.size[0] - 2 * MARGIN

    def where(self, part: str) -> Where:
        return Where(COMPONENT, f"{self.title} {self.paper} {part}", self.ctx.lang)

    def page(self, title: str, continued: bool = False) -> None:
        """Start a page: the guide's title for this game (marked continued on a following page)."""
        w, h = self.size
        self.title = title
        self.cr = self.doc.page(w, h)
        pdf.text(self.cr, self.footer, w / 2, h - EDGE_MM - 1.5, align="center")
        shown = self.ctx._("%(title)s (continued)") % {"title": title} if continued else title
        block = fit(shown, Slot("title", self.width, 20, 14, 11, bold=True), self.where("title"))
        self.y = pdf.draw_block(self.cr, block, MARGIN, MARGIN - 2) + 2.5

    def room(self, height: float) -> None:
        """A new page when height mm does not fit under the cursor."""
        if self.y + height > self.size[1] - BOTTOM:
            self.page(self.title, continued=True)

    def block(self, block: Block, indent: float = 0.0, after: float = 1.0) -> None:
        self.room(block.height)
        self.y = pdf.draw_block(self.cr, block, MARGIN + indent, self.y) + after

    def heading(self, text: str) -> None:
        block = fit(text, Slot("heading", self.width, 12, 11, 9, bold=True), self.where("heading"))
        self.room(block.height + 8)  # never alone at the foot of a page
        self.y += 1.5
        self.block(block, after=1.0)

    def paragraph(self, text: str, bold: bool = False, paths: bool = False, listing: bool = False) -> None:
        """A paragraph (paths: names file paths, never hyphenated; listing: only file names, set smaller)."""
        slot = Slot("paragraph", self.width, ROOM, *(PATHS if listing else BODY), bold=bold,
                    hyphenate=False if paths or listing else None)
        self.block(fit(text, slot, self.where("paragraph")))

    def bullets(self, items: tuple[str, ...]) -> None:
        for item in items:
            slot = Slot("item", self.width - 4, ROOM, *BODY)
            block = fit(item, slot, self.where("item"))
            self.room(block.height)
            pdf.text(self.cr, "•", MARGIN + 0.5, self.y + block.line_height * 0.8, BODY[0], rgb=(0.1, 0.1, 0.1))
            self.block(block, indent=4)

    def table(self, header: list[str], rows: list[list[str]]) -> None:
        widths = [self.width * share for share in COLUMNS]
        table = fit_table([header, *rows], widths, Slot("files", self.width, ROOM, *TABLE, hyphenate=False),
                          self.where("files"))
        for r, (cells, height) in enumerate(zip(table.cells, table.heights)):
            self.room(height)
            if r == 0:
                _tint(self.cr, MARGIN - 0.8, self.y - 0.4, self.width + 1.6, height)
            x = MARGIN
            for block, w in zip(cells, widths):
                pdf.draw_block(self.cr, block, x, self.y)
                x += w
            self.y += height
            pdf.line(self.cr, MARGIN - 0.8, self.y - 0.2, MARGIN + self.width + 0.8, self.y - 0.2, 0.4,
                     (0.72, 0.68, 0.58))
        self.y += 2


def _tint(cr: Any, x: float, y: float, w: float, h: float) -> None:
    cr.save()
    cr.set_source_rgb(0.93, 0.91, 0.86)
    cr.rectangle(pdf.mm(x), pdf.mm(y), pdf.mm(w), pdf.mm(h))
    cr.fill()
    cr.restore()


def _game(p: Pages, g: GameGuide) -> None:
    """One game's guide from a new page."""
    ctx = p.ctx
    p.page(ctx._("Printing guide · %(game)s") % {"game": g.name})
    p.paragraph(ctx._("%(sheets)s of %(paper)s paper for the whole game, rules booklet and calibration page "
                      "included: print the files of this table.") % {"sheets": sheets_line(ctx, g.sheets),
                                                                      "paper": g.paper})
    p.table([ctx._("File"), ctx._("What it is"), ctx._("Sheets"), ctx._("How to print")],
            [[f.path, f.what, str(f.sheets), f.how] for f in g.files if f != g.calibration])  # (its own line below)
    if g.calibration:
        p.paragraph(ctx._("Before the first card sheet, print the duplex calibration page %(file)s (one sheet, "
                          "double-sided, flip on the long edge): it shows whether the backs will line up.")
                    % {"file": g.calibration.path}, paths=True)
    if g.other_paper:
        other, n = g.other_paper
        p.paragraph(ctx._("On %(paper)s paper: the same files ending in -%(paper)s.pdf, %(sheets)s.")
                    % {"paper": other, "sheets": sheets_line(ctx, n)}, paths=True)
    p.heading(ctx._("Alternatives"))
    for heading, files in g.alternatives:
        p.paragraph(heading, bold=True)
        p.paragraph(" · ".join(f.path for f in files), listing=True)
    p.heading(ctx._("Printer settings"))
    p.bullets(settings(ctx))
    p.heading(ctx._("Paper"))
    p.bullets(g.paper_advice)
    p.heading(ctx._("If the backs do not line up"))
    p.bullets(drift(ctx))


def printing_guide(ctx: BuildContext, before: list[Artifact]) -> list[Artifact]:
    """The printing guide per paper of the build, from the files rendered before it (every game's)."""
    entries = [a.manifest_entry("") for a in before]
    title = ctx._("Printing guide")
    imp = imprint(ctx, title)
    out = []
    for paper in ctx.options.papers:
        doc = PdfDoc(imp.epoch, title)
        pages = Pages(ctx, doc, paper, imp.line(paper))
        for g in guides(ctx, entries, paper):
            _game(pages, g)
        out.append(Artifact(f"printing-guide-{paper}.pdf", COMPONENT, "guide", doc.finish(), paper, "plain",
                            doc.pages))
    out.append(Artifact("previews/printing-guide.png", COMPONENT, "preview", pdf_preview(out[0].data)))
    return out
