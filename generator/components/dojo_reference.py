"""[dojo-reference] Reference cards: turn order, Kumite with its consequences table, the square effects.

Faces: templates/dojo/reference and reference-back (.svg.j2 + .toml slots), drawn through generator.render.face.
"""

from __future__ import annotations

from ..content.dojo import REF_CTX, REF_NAME, SQUARE_CTX, DojoContent, RefCard
from ..plan.model import Artifact, BuildContext
from ..render.cards import Card, Deck
from .common import back_look, deck_files, small_print
from ..render.face import Face, collect
from ..render.svg import Drawing

COMPONENT = "dojo-reference"
BAND = "#2f2a24"
BAND_ICON = {"list": "die", "table": "challenge", "squares": "tatami"}
DARK_SQUARES = ("#3b3026",)  # square colours that take a white icon


def _numbered(f: Face, ctx: BuildContext, card: RefCard, slot: str, number: str) -> None:
    """Numbered items at one common size, each number beside its item."""
    f.stack(slot, [ctx.p_(f"{REF_CTX}/{card.id}", t) for t in card.items])
    if slot in f.at:
        for i in range(len(card.items)):
            f.text(number, f"{i + 1}.", i=i)


def _squares(f: Face, ctx: BuildContext, content: DojoContent) -> list[dict]:
    """One row per square type: 'Name: effect' beside its tile and letter; returns the tiles to draw."""
    f.stack("squares", [ctx.p_(COMPONENT, "%(square)s: %(effect)s") % {
        "square": ctx.p_(f"{SQUARE_CTX}/{s.id}", s.name), "effect": ctx.p_(f"{SQUARE_CTX}/{s.id}", s.effect)}
        for s in content.squares])
    if "squares" not in f.at:
        return []
    for i, s in enumerate(content.squares):
        f.box("tile", i=i, advance=False)
        f.text("letter", ctx.p_(f"{SQUARE_CTX}/{s.id}", s.letter), i=i)
    return [dict(color=s.colour, icon=s.icon, ink="#ffffff" if s.colour.lower() in DARK_SQUARES else "#2a251f")
            for s in content.squares]


def _front(ctx: BuildContext, content: DojoContent, card: RefCard) -> Drawing:
    """One reference card front."""
    cctx = f"{REF_CTX}/{card.id}"
    f = Face(ctx, COMPONENT, card.id, "dojo/reference")
    f.text("title", ctx.p_(cctx, card.title), valign="middle")
    tiles: list[dict] = []
    if card.kind == "list":
        _numbered(f, ctx, card, "items", "number")
    elif card.kind == "table":
        _numbered(f, ctx, card, "kumite-items", "kumite-number")
        f.table("table", [[ctx.p_(cctx, c) for c in card.header]] + [[ctx.p_(cctx, c) for c in r] for r in card.rows])
    else:
        tiles = _squares(f, ctx, content)
    f.text("footer", small_print(ctx, ctx.p_(REF_CTX, REF_NAME)))
    return f.drawing(band=BAND, band_icon=BAND_ICON.get(card.kind, "tatami"), tiles=tiles)


def _back(ctx: BuildContext) -> Drawing:
    """The common back of the reference cards."""
    name = ctx.p_(REF_CTX, REF_NAME)
    look = back_look(ctx, BAND)
    f = Face(ctx, COMPONENT, "back", "dojo/reference-back")
    f.text("title", name, valign="middle", color=look.ink)
    f.text("footer", small_print(ctx, name), color=look.ink)
    return f.drawing(**look.values())


def reference_deck(ctx: BuildContext) -> Deck:
    """The reference cards drawn once for this language."""
    content = ctx.model.dojo
    back, *fronts = collect([lambda: _back(ctx)] + [lambda c=c: _front(ctx, content, c) for c in content.reference])
    return Deck(COMPONENT, "dojo/reference", ctx.p_(REF_CTX, REF_NAME),
                tuple(Card(c.id, f, back, c.copies) for c, f in zip(content.reference, fronts)),
                back_bleed=back_look(ctx, BAND).bleed, kind="reference", one_sided=True)


def build(ctx: BuildContext) -> list[Artifact]:
    """Reference cards as one-sided sheets (no back to print at home), single cards (with their back, for print
    shops), and a preview."""
    return deck_files(ctx, reference_deck(ctx))
