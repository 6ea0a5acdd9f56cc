"""The Dojo Labyrinth's booklet (content/games.toml `booklet`): its figures (the board, the belt ladder, the
square types) and its inline icons' names (a square's code stands for its icon: {icon:D})."""

from __future__ import annotations

from typing import Any, Callable

from ..plan.model import BuildContext

BLOCKS: dict[str, Callable] = {}  # no generated sections but its components (booklet/data_blocks.py)


def figures(ctx: BuildContext) -> dict[str, Callable[[], Any]]:
    """Figure name -> its maker: (the component's SVG, its crop box or None)."""
    from ..components import dojo_belt_ladder, dojo_board, dojo_board_sheets
    from ..components.common import Collect

    def ladder():
        col = Collect()
        content = ctx.model.dojo
        svg = dojo_belt_ladder.ladder_svg(ctx, content.ladder, content.pawns, "A4", col, figure=True)
        col.check()
        return svg, dojo_belt_ladder.strip_box("A4")

    return {"board": lambda: (dojo_board.board_svg(ctx), None), "belt-ladder": ladder,
            "squares": lambda: (dojo_board_sheets.legend_svg(ctx, "dojo/legend-narrow"), None)}


def icon_names(ctx: BuildContext) -> dict[str, str]:
    """A square type's code -> its icon's name."""
    return {s.code: s.icon for s in ctx.model.dojo.squares}
