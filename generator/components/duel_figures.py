"""Duel drawings shown by the booklet: strike hit patterns with their names, the track, distance control."""

from __future__ import annotations

from typing import Callable

from markupsafe import Markup

from ..plan.model import BuildContext
from ..render.face import Face
from ..render.svg import Sketch, render_template
from .duel_cards import hit_pattern, term
from .duel_draw import distance_control_cells, track_cells

TRACK_CELL = 9.0  # track figure cell, mm


def _figure(ctx: BuildContext, w: float, h: float, art: str, sketch: Sketch | None) -> str:
    return render_template(ctx.root / "templates", "figure.svg.j2", sketch, W=w, H=h, art=art)


def strikes_svg(ctx: BuildContext, only: str | None = None, sketch: Sketch | None = None) -> str:
    """One row per strike: its name and the hit pattern of its card (templates/duel/strikes)."""
    rows = [s for s in ctx.model.duel.strikes if only in (None, s.id)]
    f = Face(ctx, "duel-rules", "strikes", "duel/strikes")
    hits = []
    for k, s in enumerate(rows):
        f.text("name", term(ctx, s), i=k, valign="middle")
        hits.append(hit_pattern(f.box("hits", i=k), s.hits))
    f.size = (f.L.width, f.L.height * len(rows))
    return f.svg(sketch=sketch, body="#ffffff", hits=Markup("").join(hits))


def figures(ctx: BuildContext) -> dict[str, Callable[[Sketch], str]]:
    """Figure name -> maker of its SVG for a sketch (none when the kit has no duel)."""
    data = ctx.model.duel
    cells = data.track_cells
    out: dict[str, Callable[[Sketch], str]] = {
        "strikes": lambda sketch: strikes_svg(ctx, None, sketch),
        "duel-track": lambda sketch: _figure(ctx, cells * TRACK_CELL + 2, TRACK_CELL + 2,
                                             track_cells(1, 1, TRACK_CELL, cells), sketch),
        "distance-control": lambda sketch: _figure(ctx, cells * TRACK_CELL + 2, TRACK_CELL * 2.5 + 2,
                                                   distance_control_cells(1, TRACK_CELL * 1.3, TRACK_CELL, cells),
                                                   sketch),
    }
    for s in data.strikes:
        out[f"strike-{s.id}"] = lambda sketch, sid=s.id: strikes_svg(ctx, sid, sketch)
    return out
