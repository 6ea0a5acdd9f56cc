"""The bill-of-materials proof: every piece a game's rules use is printed in the quantity a full table needs."""

from __future__ import annotations

import dataclasses

from ..content.bom import Bom, Piece
from ..problems import Problem
from .model import Artifact, BuildContext
from .sheets import ganged

Counts = tuple[tuple[str, int], ...]


def with_pieces(artifacts: list[Artifact], counts: Counts) -> list[Artifact]:
    """The artifacts with counts attached to each paper's first PDF (one per paper: the proof counts per paper)."""
    out, done = [], set()
    for a in artifacts:
        if a.path.endswith(".pdf") and a.paper not in done:
            done.add(a.paper)
            a = dataclasses.replace(a, pieces=tuple(counts))
        out.append(a)
    return out


def printed(artifacts: list[Artifact], paper: str) -> dict[str, int]:
    """How many of each piece the minimum set of one paper prints (plan/sheets.py: a ganged sheet counts, the
    files of the components it stands for do not)."""
    over = ganged(a.manifest_entry("") for a in artifacts if a.paper == paper)
    out: dict[str, int] = {}
    for a in artifacts:
        if a.paper == paper and (paper, a.component) not in over:
            for pid, n in a.pieces:
                out[pid] = out.get(pid, 0) + n
    return out


def check_bom(boms: tuple[Bom, ...], artifacts: list[Artifact], papers: tuple[str, ...]) -> list[Problem]:
    """A problem for every piece missing or short on any paper, naming the piece and the rule that uses it."""
    problems = []
    for paper in papers:
        have = printed(artifacts, paper)
        for bom in boms:
            for p in (p for p in bom.pieces if p.printed):
                n = have.get(p.id, 0)
                if n < p.need:
                    what = "is not printed" if n == 0 else f"is printed {n} times"
                    problems.append(Problem(
                        "error", "bom", f"{bom.game}: piece {p.id!r} ({p.name}) {what} on {paper}; {p.rule} needs "
                        f"{p.need} for {bom.players} players", bom.path, p.line, None, p.id,
                        "print the piece (register its component) or correct `need` in the bill of materials"))
    return problems


def count_line(ctx: BuildContext, bom: Bom, piece: Piece) -> str:
    """'6 × Stress markers — one per seat', or the rules' sentence and 'In this kit: 8 — …', in the kit's language."""
    note = ctx.p_(bom.context, piece.note) if piece.note else ""
    values = {"count": piece.need, "note": note}
    if piece.text:  # whole sentences with placeholders: a translator may reorder them ("1 — 4 sheets" read a range)
        count = (ctx.p_("bill of materials", "In this kit: %(count)d (%(note)s).") if note else
                 ctx.p_("bill of materials", "In this kit: %(count)d.")) % values if piece.printed else note
        return " ".join(t for t in (ctx.p_(bom.context, piece.text), count) if t)
    values["name"] = ctx.p_(bom.context, piece.name)
    return (ctx.p_("bill of materials", "%(count)d × %(name)s — %(note)s") if note else
            ctx.p_("bill of materials", "%(count)d × %(name)s")) % values


def component_lines(ctx: BuildContext, bom: Bom) -> list[str]:
    """Every piece of a game with its count, in the kit's language."""
    return [count_line(ctx, bom, p) for p in bom.pieces]
