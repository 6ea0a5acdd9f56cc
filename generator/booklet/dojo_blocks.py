"""The Dojo Labyrinth's booklet (content/games.toml `booklet`): its figures (the board, the belt ladder, the
square types) and its inline icons' names (a square's code stands for its icon: {icon:D})."""

from __future__ import annotations

from typing import Any, Callable

from ..plan.model import BuildContext
from ..render.templates import Sketch

BLOCKS: dict[str, Callable] = {}  # no generated sections but its components (booklet/data_blocks.py)


def figures(ctx: BuildContext) -> dict[str, Callable[[Sketch], Any]]:
    """Figure name -> its maker for a sketch (render/templates.Sketch, taking its texts and icons): (the component's
    SVG, its crop box or None)."""
    from ..components import dojo_belt_ladder, dojo_board, dojo_board_sheets
    from ..components.common import Collect

    def ladder(sketch: Sketch):
        col = Collect()
        content = ctx.model.dojo
        svg = dojo_belt_ladder.ladder_svg(ctx, content.ladder, content.pawns, "A4", col, figure=True, sketch=sketch)
        col.check()
        return svg, dojo_belt_ladder.strip_box("A4")

    return {"board": lambda sketch: (dojo_board.board_svg(ctx, sketch=sketch), None), "belt-ladder": ladder,
            "squares": lambda sketch: (dojo_board_sheets.legend_svg(ctx, "dojo/legend-narrow", sketch), None)}


def icon_names(ctx: BuildContext) -> dict[str, str]:
    """A square type's code -> its icon's name."""
    return {s.code: s.icon for s in ctx.model.dojo.squares}
