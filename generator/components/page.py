"""Full-page components (one SVG page per paper): draw once per paper, then write a PDF and a preview."""

from __future__ import annotations

from ..plan.model import Artifact, BuildContext
from .common import imprint
from ..render.pdf import PdfDoc
from ..render.preview import pdf_preview
from ..render.svg import Drawing


def page_artifacts(ctx: BuildContext, component: str, slug: str, title: str,
                   pages: dict[str, list[Drawing]], kind: str = "sheet", layout: str = "sheet") -> list[Artifact]:
    """One PDF per paper from drawings of whole pages, and a PNG preview of the first page."""
    imp = imprint(ctx, title)
    out = []
    for paper, drawings in pages.items():
        doc = PdfDoc(imp.epoch, title)
        for d in drawings:
            doc.page(d.width * 25.4 / 72, d.height * 25.4 / 72)
            doc.place(d, 0, 0)
        out.append(Artifact(f"{slug}-{paper}.pdf", component, kind, doc.finish(), paper, layout, doc.pages))
    out.append(Artifact(f"previews/{slug}.png", component, "preview", pdf_preview(out[0].data)))
    return out
