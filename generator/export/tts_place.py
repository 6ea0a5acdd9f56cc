"""The pieces of a game's sheets as the table wants them (tts.py cuts them out, tts_layout.py places them).

Each game's TTS module (content/games.toml `tts`) has a PLAN: per piece sheet and in the order its pieces are cut
(reading order), what each run of pieces is (count, bom id, where, form): its
bill-of-materials id (its name and description on the table, in the kit's language), where it goes ('centre',
'shared', 'seat': one per seat in turn, 'infinite': one of them in an Infinite_Bag, 'track': joined into one
tile, 'bag': into its seat's bag of markers) and its form ('tile', 'token', 'figurine': a standing pawn showing
its printed front). A sheet whose pieces do not add up to its plan stops the export, naming it."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from ..content.games import each
from ..render.preview import png

FOLD_MARGIN_MM = 0.5  # a pawn's front is cut this far inside its fold lines


@dataclass(frozen=True)
class Run:
    """One piece as the plan reads it: its bom id, where it goes, its form and the seat it belongs to."""

    bom: str
    where: str
    form: str
    seat: int | None


def runs(component: str, pieces: int, seats: int) -> list[Run] | None:
    """What each of a sheet's pieces is, in cut order; None when the sheet has another number of pieces."""
    module = plan_module(component)
    if module is None:
        return None
    plan = module.PLAN[component]
    out: list[Run] = []
    if component in module.PER_SEAT:  # the plan is one seat's set, repeated for every seat in turn
        for seat in range(seats):
            out += [Run(bom, where, form, seat) for count, bom, where, form in plan for _ in range(count)]
    else:
        for count, bom, where, form in plan:
            out += [Run(bom, where, form, i % seats if where == "seat" else None) for i in range(count)]
    return out if len(out) == pieces else None


def plan_module(component: str):
    """The TTS module of the game whose PLAN lists this piece sheet, or None."""
    return next((m for m in each("tts").values() if component in m.PLAN), None)


def pawn_faces(picture_png: bytes, px_per_mm: float, net: tuple[float, float]) -> tuple[bytes, bytes, tuple[int, int]]:
    """A fold-over pawn's front panel and its back panel (turned upright), cut inside the fold lines (no fold
    line, no base, no footer: net is its base's and panel's heights, its game's FIGURINE); PNGs and their size."""
    base, panel_mm = net
    net = Image.open(io.BytesIO(picture_png))
    net.load()
    top = (net.height - (2 * base + 2 * panel_mm) * px_per_mm) / 2  # the outline's stroke above the net
    margin = FOLD_MARGIN_MM * px_per_mm

    def panel(start_mm: float) -> Image.Image:
        y0 = round(top + start_mm * px_per_mm + margin)
        y1 = round(top + (start_mm + panel_mm) * px_per_mm - margin)
        return net.crop((0, y0, net.width, y1))
    front = panel(base + panel_mm)
    back = panel(base).rotate(180)
    return png(front), png(back), front.size


def joined(pictures: list[bytes], gap_px: int = 0) -> tuple[bytes, tuple[int, int]]:
    """Pieces printed side by side (the round track's squares) joined into one picture, left to right."""
    images = [Image.open(io.BytesIO(p)).convert("RGBA") for p in pictures]
    width = sum(i.width for i in images) + gap_px * (len(images) - 1)
    out = Image.new("RGBA", (width, max(i.height for i in images)), (0, 0, 0, 0))
    x = 0
    for i in images:
        out.paste(i, (x, (out.height - i.height) // 2))
        x += i.width + gap_px
    return png(out), out.size
