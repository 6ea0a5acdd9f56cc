"""Pieces cut out of the kit's piece sheets for the digital table: pawns, markers, tokens, fighters and slips.

A sheet page is rendered whole and cut where the paper is white all across (an XY cut: rows, then columns
within each band, and so on while a cut is found); what is left at least MIN_MM on both sides is a piece
(headings, labels and footers are lower than that). On a double-sided sheet (fronts page, then backs page
mirrored for a long-edge flip) each front piece is paired with the back piece at its mirrored place. The
paper round a piece (outside its ink along rows and columns) becomes transparent, so a round marker is a round
token."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium

from ..render.preview import png_rows
from .tts_images import Picture, framed

PX_PER_MM = 8  # a 22 mm token is 176 px: sharp on screen; the pieces of a sheet take a third less time than at 10
MIN_MM = 8.0  # a piece is at least this wide and high
GAP_MM = 1.0  # white this wide all across separates pieces
INK = 24  # a pixel this far from white (sum of channels) is ink


@dataclass(frozen=True)
class Piece:
    """One piece: its front picture (paper made transparent), its back (None: one-sided), and whether round."""

    front: Picture
    back: Picture | None
    round: bool
    box: tuple[int, int, int, int]  # on the page, px


def render_page(pdf_data: bytes, page: int) -> np.ndarray:
    """A whole page at PX_PER_MM on white, as its RGB rows (height x width x 3): pdfium writes them as RGB itself
    (rev_byteorder), copied out of its bitmap once."""
    doc = pdfium.PdfDocument(pdf_data)
    try:
        p = doc[page]
        bitmap = p.render(scale=PX_PER_MM * 25.4 / 72, fill_color=(255, 255, 255, 255), may_draw_forms=False,
                          rev_byteorder=True)
        p.close()
        if bitmap.mode != "RGB":
            return np.asarray(bitmap.to_pil().convert("RGB"))
        return np.array(bitmap.to_numpy())
    finally:
        doc.close()


def _runs(line: np.ndarray, gap: int) -> list[tuple[int, int]]:
    """Runs of True in line, joined across gaps shorter than gap."""
    idx = np.flatnonzero(line)
    if idx.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(idx) > gap)
    starts = np.concatenate(([idx[0]], idx[breaks + 1]))
    ends = np.concatenate((idx[breaks], [idx[-1]])) + 1
    return list(zip(starts.tolist(), ends.tolist()))


def _ink(rgb: np.ndarray) -> np.ndarray:
    """Where an RGB picture is ink: further than INK from white (the sum of its channels' distances). The three
    channels added one by one (numpy's sum over a last axis of three is several times slower)."""
    darkness = 765 - rgb[..., 0].astype(np.int16) - rgb[..., 1] - rgb[..., 2]
    return darkness > INK


def boxes(rgb: np.ndarray, ink: np.ndarray | None = None) -> list[tuple[int, int, int, int]]:
    """The pieces' boxes (left, top, right, bottom) in reading order (ink: the picture's, when already known)."""
    ink = _ink(rgb) if ink is None else ink
    gap, least = round(GAP_MM * PX_PER_MM), round(MIN_MM * PX_PER_MM)
    out: list[tuple[int, int, int, int]] = []

    def cut(x0: int, y0: int, x1: int, y1: int, rows: bool, stuck: bool) -> None:
        block = ink[y0:y1, x0:x1]
        runs = _runs(block.any(axis=1) if rows else block.any(axis=0), gap)
        if len(runs) == 1 and stuck:  # no cut across either way: a piece (or a label too small to be one)
            a, b = runs[0]
            x0, y0, x1, y1 = (x0, y0 + a, x1, y0 + b) if rows else (x0 + a, y0, x0 + b, y1)
            if x1 - x0 >= least and y1 - y0 >= least:
                out.append((x0, y0, x1, y1))
            return
        for a, b in runs:
            sub = (x0, y0 + a, x1, y0 + b) if rows else (x0 + a, y0, x0 + b, y1)
            cut(*sub, not rows, len(runs) == 1)
    cut(0, 0, rgb.shape[1], rgb.shape[0], True, False)
    return out


def _outside(ink: np.ndarray) -> np.ndarray:
    """The paper round a piece: pixels before the first or after the last ink of their row or of their column
    (the whole outside of a convex piece, a disc or a rounded card, and of most others)."""
    def beyond(mask: np.ndarray) -> np.ndarray:
        h, w = mask.shape
        any_ink = mask.any(axis=1)
        first = np.where(any_ink, mask.argmax(axis=1), w)
        last = np.where(any_ink, w - 1 - mask[:, ::-1].argmax(axis=1), -1)
        cols = np.arange(w)[None, :]
        return (cols < first[:, None]) | (cols > last[:, None])
    return beyond(ink) | beyond(ink.T).T


def _cutout(rgb: np.ndarray, box: tuple[int, int, int, int], ink: np.ndarray) -> tuple[Picture, bool]:
    """The piece in box (inside the picture) with the paper round it transparent; whether it is round (its corners
    are paper). ink: the whole picture's (_ink), cut to the box."""
    x0, y0, x1, y1 = box
    paper = _outside(ink[y0:y1, x0:x1])
    h, w = paper.shape
    rows, rgba = framed(h, w, alpha=True)  # the PNG's rows, their RGBA filled below
    rgba[..., :3] = rgb[y0:y1, x0:x1]
    rgba[..., 3] = np.where(paper, 0, 255)
    corners = sum(bool(paper[y, x]) for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)))
    return Picture(png_rows(w, h, True, rows), rgba), corners == 4 and abs(w - h) <= max(w, h) // 10


STRAY = 0.04  # ink outside a piece's sibling-sized window at most this share of its ink: crop marks, cut away


def trimmed(ink: np.ndarray, found: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Boxes cut to their pieces: a box larger than the commonest size of its smaller siblings (at least 3/4 of
    it on both sides) that holds all but a few strokes (crop marks printed near a sheet's corner pieces) within a
    window of that size is cut to that window, so every piece of a kind has one size and no mark."""
    sizes = [(x1 - x0, y1 - y0) for x0, y0, x1, y1 in found]
    out = []
    for (x0, y0, x1, y1), (w, h) in zip(found, sizes):
        smaller = [s for s in sizes if s[0] <= w and s[1] <= h and s != (w, h) and s[0] >= 0.75 * w
                   and s[1] >= 0.75 * h]
        if not smaller:
            out.append((x0, y0, x1, y1))
            continue
        sw, sh = max(set(smaller), key=smaller.count)
        block = ink[y0:y1, x0:x1].astype(np.int32)
        total = int(block.sum())
        sums = np.pad(block.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
        windows = sums[sh:, sw:] - sums[:-sh, sw:] - sums[sh:, :-sw] + sums[:-sh, :-sw]
        dy, dx = np.unravel_index(int(windows.argmax()), windows.shape)
        if total and total - int(windows[dy, dx]) <= STRAY * total:
            out.append((x0 + int(dx), y0 + int(dy), x0 + int(dx) + sw, y0 + int(dy) + sh))
        else:
            out.append((x0, y0, x1, y1))
    return out


def sheet_pieces(pdf_data: bytes, front_page: int, back_page: int | None) -> list[Piece]:
    """The pieces of a sheet page, each with its back from back_page (mirrored long-edge) when given."""
    front = render_page(pdf_data, front_page)
    back = render_page(pdf_data, back_page) if back_page is not None else None
    back_ink = _ink(back) if back is not None else None
    back_boxes = trimmed(back_ink, boxes(back, back_ink)) if back is not None else []
    front_ink = _ink(front)
    width = front.shape[1]
    out = []
    for box in trimmed(front_ink, boxes(front, front_ink)):
        picture, is_round = _cutout(front, box, front_ink)
        other = None
        if back is not None:
            cx, cy = width - (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            near = [b for b in back_boxes if abs((b[0] + b[2]) / 2 - cx) < 3 * PX_PER_MM
                    and abs((b[1] + b[3]) / 2 - cy) < 3 * PX_PER_MM]
            if near:
                other = _cutout(back, near[0], back_ink)[0]
        out.append(Piece(picture, other, is_round, box))
    return out

