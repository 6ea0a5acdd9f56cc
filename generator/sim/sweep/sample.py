"""Drill-down: one game of one cell, played again from its seed and told turn by turn with the rules it applied by
id (`dojo sweep --sample DIR --cell C --index I`). Game I of cell C is seeded by (the sweep's seed, I) alone, so the
log is the very game the report counted (its outcome is the slice's record of game I). Each game tells its own
games (its lab's `sample`, generator/sim/lab.py).
"""

from __future__ import annotations

from ..lab import lab


def sample(ctx: object, spec: dict, c: int, i: int) -> list[str]:
    """The log of game i of cell c, as lines."""
    cell = spec["cells"][c]
    head = [f"cell {c}, game {i}: seed {spec['seed']}, game index {i} (dojo sweep --sample DIR --cell {c} "
            f"--index {i} plays it again)"]
    return head + lab(cell["game"]).sample(ctx, cell, spec["seed"], i)
