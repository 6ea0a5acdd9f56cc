"""Duel drawings shown by the booklet: strike hit patterns with their names, the track, distance control."""

from __future__ import annotations

from typing import Callable

from ..content.duel import present, require_duel
from ..kit.model import BuildContext
from ..render.layout import Slot, Where, fit
from ..render.svg import render_template
from .duel_cards import term
from .duel_draw import distance_control_cells, strike_cells, track_cells

CELL = 7.0  # strike figure cell, mm
TRACK_CELL = 9.0  # track figure cell, mm
LABEL_W = 34.0  # room for a strike's name left of its cells, mm


def _figure(ctx: BuildContext, w: float, h: float, art: str, texts: list | None = None) -> str:
    return render_template(ctx.root / "templates", "figure.svg.j2", W=w, H=h, art=art, texts=texts or [])


def strikes_svg(ctx: BuildContext, only: str | None = None) -> str:
    """One row per strike: its name and the hit pattern of its card (striker on the third cell, facing right)."""
    data = require_duel(ctx.root)
    rows = [s for s in data.strikes if only in (None, s.id)]
    where = Where("duel-rules", "strikes", ctx.lang)
    art, texts = [], []
    for k, s in enumerate(rows):
        y = 7 + k * CELL * 2.2
        label = fit(term(ctx, s), Slot("strike", LABEL_W - 2, CELL, 10, 7, bold=True), where)
        texts.append(dict(block=label, x=1, y=y + (CELL - label.height) / 2))
        art.append(strike_cells(s.hits, LABEL_W, y, CELL))
    return _figure(ctx, LABEL_W + 7 * CELL + 2, 7 + len(rows) * CELL * 2.2 - CELL * 0.6, "".join(art), texts)


def figures(ctx: BuildContext) -> dict[str, Callable[[], str]]:
    """Figure name -> maker of its SVG (none when the kit has no duel)."""
    if not present(ctx.root):
        return {}
    data = require_duel(ctx.root)
    cells = data.track_cells
    out: dict[str, Callable[[], str]] = {
        "strikes": lambda: strikes_svg(ctx),
        "duel-track": lambda: _figure(ctx, cells * TRACK_CELL + 2, TRACK_CELL + 2,
                                      track_cells(1, 1, TRACK_CELL, cells)),
        "distance-control": lambda: _figure(ctx, cells * TRACK_CELL + 2, TRACK_CELL * 2.5 + 2,
                                            distance_control_cells(1, TRACK_CELL * 1.3, TRACK_CELL, cells)),
    }
    for s in data.strikes:
        out[f"strike-{s.id}"] = lambda sid=s.id: strikes_svg(ctx, sid)
    return out
