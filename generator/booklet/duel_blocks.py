"""The duel's booklet sections generated from its rule data (content/games.toml `blocks`; booklet/data_blocks.py):
`![rulings](duel)`, `![setup](duel)`, `![precedence](duel)` from content/duel/*.toml and the resolver, translated
through the game's card catalog (msgctxt `duel-rulings` / `duel-rules`)."""

from __future__ import annotations

from ..content.duel import DuelData
from ..plan.model import BuildContext
from ..rules.source import Block
from .data_blocks import ruling_label

CTX = "duel-rules"  # msgctxt of the labels below (content/duel/labels.toml, component duel-rules)


def _duel(ctx: BuildContext) -> DuelData:
    return ctx.model.duel


def _strike(ctx: BuildContext, data: DuelData, sid: str) -> str:
    """'Tsuki (Thrust)' in the reader's language: the term as the reader writes it, the English name translated."""
    s = data.strike(sid)
    return ctx.p_(CTX, "%(term)s (%(name)s)") % {"term": ctx.p_(f"duel/{sid}", s.romaji),
                                                  "name": ctx.p_(f"duel/{sid}", s.name)}


def duel_rulings(ctx: BuildContext, line: int) -> list[Block]:
    """'Rulings for this kit': every ruling, numbered for players (Ruling 1 ... 16), topic and instruction."""
    r = _duel(ctx).rulings
    out = [Block("heading2", line, (ctx.p_(CTX, "Rulings for this kit"),)),
           Block("para", line, (ctx.p_(CTX, "The combat order above is the designer's text, unchanged. It leaves "
                                            "these points open; this kit plays them as follows."),))]
    for item in r.items:
        label = ruling_label(ctx, int(item.id[1:]))
        text = ctx.p_("duel-rulings", "**%(ruling)s. %(topic)s.** %(text)s") % {
            "ruling": label, "topic": ctx.p_("duel-rulings", item.topic),
            "text": r.say(ctx.p_("duel-rulings", item.text), ctx.n_)}
        out.append(Block("bullet", line, (text,)))
    return out


def duel_setup(ctx: BuildContext, line: int) -> list[Block]:
    """Setup and the end of the duel, from the rulings file (the reference card prints the same lines): the kit's
    own summary, printed after its rulings, under their heading (never before the designer's text)."""
    r = _duel(ctx).rulings
    out = [Block("heading3", line, (ctx.p_(CTX, "Setup"),))]
    out += [Block("bullet", line, (r.say(ctx.p_("duel-rulings", t), ctx.n_),)) for t in r.setup]
    out.append(Block("heading3", line, (ctx.p_(CTX, "How a duel is won"),)))
    out += [Block("bullet", line, (r.say(ctx.p_("duel-rulings", t), ctx.n_),)) for t in r.victory]
    return out


def duel_precedence(ctx: BuildContext, line: int) -> list[Block]:
    """The table 'both strikes hit -> outcome', one row per pair, from the resolver's precedence."""
    from ..sim.duel.rules import Duel

    data = _duel(ctx)
    rows = [(ctx.p_(CTX, "Both strikes hit"), ctx.p_(CTX, "Outcome"))]
    lose = ctx.p_(CTX, "both lose")
    pairs = Duel(data).precedence()
    same = [p for p in pairs if p[0] == p[1]]
    for a, b, win in pairs:
        if a == b and all(w is None for _, _, w in same):
            continue
        both = ctx.p_(CTX, "{first} and {second}").format(first=_strike(ctx, data, a), second=_strike(ctx, data, b))
        rows.append((both, ctx.p_(CTX, "{strike} wins").format(strike=_strike(ctx, data, win)) if win else lose))
    if same and all(w is None for _, _, w in same):
        rows.append((ctx.p_(CTX, "The same strike"), lose))
    return [Block("table", line, rows=tuple(rows))]


BLOCKS = {"rulings": duel_rulings, "setup": duel_setup, "precedence": duel_precedence}


def figures(ctx: BuildContext) -> dict:
    """Figure name -> its maker: the strikes and the distance."""
    from ..components import duel_figures

    return {name: (lambda sketch, make=make: (make(sketch), None)) for name, make in duel_figures.figures(ctx).items()}
