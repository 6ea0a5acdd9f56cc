"""Designs that survive the cut (issue 43): on a print-shop face, a frame or border either lies CUT_FRAME_MM or more
inside the trim, or bleeds off the edge, so a guillotine drifting CUT_DRIFT_MM leaves an even border.

A frame is an outlined box (a stroked path, any colour, white included) at least FRAME_MIN_MM across, read back by
pdfium (pageqa.read: Page.paint). It bleeds on a side when a filled path in the frame's colour, painted after it,
covers that side's strip from CUT_DRIFT_MM beyond the trim in to the frame line, along the frame's whole side
(its rounded corners left out). Pure: takes a Page and the trim boxes of its cards.
"""

from __future__ import annotations

from .read import Box, Ink, Page

CUT_FRAME_MM = 4.5  # a frame line this far inside the trim stays even when the cut drifts
CUT_DRIFT_MM = 1.6  # how far an ordinary guillotine cut drifts from the trim
FRAME_MIN_MM = (25.0, 10.0)  # an outlined box at least this wide and high is a frame (smaller ones are art)
CORNER_MM = 3.0  # the frame's rounded corners: a bleeding fill may stop this short of the frame's ends
SAME_COLOUR = 12  # 0-255 per channel: a fill this close to the frame's stroke colour continues it
SIDES = ("left", "top", "right", "bottom")


def frames(page: Page, trim: Box) -> list[Ink]:
    """The frames and borders of a card: outlined boxes at least FRAME_MIN_MM across, inside its trim."""
    return [i for i in page.paint if i.kind == "path" and i.stroke is not None and i.stroke[3] > 0
            and i.box[2] - i.box[0] >= FRAME_MIN_MM[0] and i.box[3] - i.box[1] >= FRAME_MIN_MM[1]
            and i.box[0] >= trim[0] - 0.01 and i.box[1] >= trim[1] - 0.01 and i.box[2] <= trim[2] + 0.01
            and i.box[3] <= trim[3] + 0.01]


def gaps(frame: Box, trim: Box) -> tuple[float, float, float, float]:
    """How far inside the trim each side of a frame lies (left, top, right, bottom; mm, outer edge of its line)."""
    return frame[0] - trim[0], frame[1] - trim[1], trim[2] - frame[2], trim[3] - frame[3]


def _same(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return all(abs(x - y) <= SAME_COLOUR for x, y in zip(a[:3], b[:3]))


def _strip(side: int, frame: Box, trim: Box) -> Box:
    """The part of the card a bleeding border must fill on one side: from CUT_DRIFT_MM beyond the trim to the
    frame line, along the frame's side less its corners."""
    f, d, c = frame, CUT_DRIFT_MM, CORNER_MM
    return ((trim[0] - d, f[1] + c, f[0], f[3] - c), (f[0] + c, trim[1] - d, f[2] - c, f[1]),
            (f[2], f[1] + c, trim[2] + d, f[3] - c), (f[0] + c, f[3], f[2] - c, trim[3] + d))[side]


def bleeds(page: Page, frame: Ink, side: int, trim: Box) -> bool:
    """Whether fills in the frame's colour, painted after it, cover its side's strip out past the trim."""
    s = _strip(side, frame.box, trim)
    tol = 0.05
    return any(i.kind == "path" and i.fill is not None and i.z > frame.z and frame.stroke is not None
               and _same(i.fill, frame.stroke) and i.box[0] <= s[0] + tol and i.box[1] <= s[1] + tol
               and i.box[2] >= s[2] - tol and i.box[3] >= s[3] - tol for i in page.paint)


def cut_frames(page: Page, slots: list[tuple[str, Box]]) -> list[str]:
    """Frames between 0 and CUT_FRAME_MM inside a card's trim on a side where they do not bleed off the edge."""
    out = []
    for name, trim in slots:
        for frame in frames(page, trim):
            near = [(g, side) for side, g in enumerate(gaps(frame.box, trim)) if g < CUT_FRAME_MM - 0.01]
            bare = [(g, side) for g, side in near if not bleeds(page, frame, side, trim)]
            if bare:
                g, _ = min(bare)
                b = frame.box
                out.append(f"{name}: a frame ({b[2] - b[0]:.1f} × {b[3] - b[1]:.1f} mm) lies {g:.2f} mm inside the "
                           f"trim ({', '.join(SIDES[s] for _, s in bare)}) and does not bleed: a cut drifting "
                           f"{CUT_DRIFT_MM:g} mm leaves uneven borders")
    return out
