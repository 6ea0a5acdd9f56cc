"""The duel's order-card backs keep their pattern (stripes for player A, dots for B) on the print-shop faces, the
pictures every export makes of them (export/faces.rasterise: TTS, The Game Crafter, DriveThruCards' previews) and
the home sheets alike. The pattern fills the border between the trim and the frame; on print-shop faces that
border is bled in the frame's colour (card-cut-frame), which once covered the pattern: a plain solid border.

Read from the pixels: the brightness spread in a band of the border (0.6-2.4 mm inside the trim, along the
card's left side, corners left out), on the home sheet's back and on the exported back, located by the frame
pdfium reads back (pageqa.read), not by the template's constants."""

import pypdfium2 as pdfium
import pytest
from PIL import ImageStat

from generator.export.faces import BLEED, rasterise
from generator.pageqa.read import read_pdf

PX_PER_MM = 10
DECKS = ("duel/stances", "duel/strikes")


def _frame(data: bytes, page: int) -> tuple[float, float, float, float]:
    """The box (mm from the page's top left) of the first card frame pdfium reads on a page: a stroked box about
    as large as a card less 3 mm on every side."""
    found = [i.box for i in read_pdf(data)[page].paint if i.kind == "path" and i.stroke is not None
             and 55 < i.box[2] - i.box[0] < 60 and 80 < i.box[3] - i.box[1] < 86]
    assert found, f"no card frame on page {page + 1}"
    return min(found, key=lambda b: (b[1], b[0]))


def _border_spread(image, frame: tuple[float, float, float, float], shift: float = 0.0) -> float:
    """The brightness spread (standard deviation, 0-255) of the border band left of a frame, in an image of the page
    at PX_PER_MM whose origin lies `shift` mm right of and below the page's."""
    x0, y0, _, y1 = (v - shift for v in frame)
    box = tuple(round(v * PX_PER_MM) for v in (x0 - 2.4, y0 + 15, x0 - 0.6, y1 - 15))
    return ImageStat.Stat(image.convert("L").crop(box)).stddev[0]


def _page_image(data: bytes, page: int):
    pdf = pdfium.PdfDocument(data)
    try:
        return pdf[page].render(scale=PX_PER_MM * 25.4 / 72).to_pil()
    finally:
        pdf.close()


@pytest.mark.parametrize("deck", DECKS)
def test_the_exported_back_shows_the_pattern_the_home_sheet_shows(pristine_it, deck):
    kit = pristine_it / "build" / "pnp" / "it"
    sheet = (kit / f"{deck}-A4.pdf").read_bytes()  # page 2: the backs, behind page 1's fronts
    home = _border_spread(_page_image(sheet, 1), _frame(sheet, 1))
    single = (kit / f"{deck}-single.pdf").read_bytes()  # print-shop faces: front, back, front, back, ...
    frame = _frame(single, 1)
    trimmed = next(rasterise(single, PX_PER_MM, 0.0, pages=[1]))  # the card's trim, as the exports cut it
    shop = _border_spread(trimmed, frame, BLEED)
    print(f"{deck}: border spread home sheet {home:.1f}, exported back {shop:.1f}")
    assert home > 8, f"{deck}: the home sheet's back shows no pattern in its border ({home:.1f})"
    assert shop > 0.6 * home, (f"{deck}: the exported back's border is plain ({shop:.1f} against the home "
                               f"sheet's {home:.1f}): its bled edge covers the pattern")
