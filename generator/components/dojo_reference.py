"""[dojo-reference] Reference cards: turn order, Kumite with its consequences table, the square effects."""

from __future__ import annotations

from ..content.dojo import REF_CTX, REF_NAME, SQUARE_CTX, DojoContent, RefCard
from ..kit.model import Artifact, BuildContext
from ..render.cards import BLEED, BLEED_W, SAFE, Card, Deck, deck_artifacts, face_drawing
from ..render.layout import Slot, Where, fit, fit_stack, fit_table
from ..render.svg import Drawing
from .common import Collect, dojo_content, small_print

COMPONENT = "dojo-reference"
INNER = BLEED + SAFE
TEXT_W = BLEED_W - 2 * INNER
BAND_H = BLEED + 13
INK, BAND = "#1d1a16", "#2f2a24"
TITLE = Slot("title", TEXT_W - 9, 7, 12, 7, bold=True)
ITEMS = Slot("items", TEXT_W - 5, 64, 9.5, 5.5, leading=1.15)
KUMITE_ITEMS = Slot("items", TEXT_W - 5, 31, 9, 5.5, leading=1.12)
TABLE = Slot("table", TEXT_W, 31, 8, 5, leading=1.1)
SQUARES = Slot("squares", TEXT_W - 12, 66, 8, 5, leading=1.08)
IMPRINT = Slot("imprint", TEXT_W, 3.2, 5, 4, align="center")
IMPRINT_Y = 85.6  # clear of the squares card's last line (SQUARES ends at 85), inside the safe zone
NUMBER = Slot("number", 4.5, 6, 9.5, 5.5, bold=True)
LETTER = Slot("letter", 4, 5, 9, 6, bold=True, align="center")
BACK_TITLE = Slot("back title", TEXT_W, 16, 18, 10, bold=True, align="center", leading=1.1, max_lines=2)


def _numbered(ctx, card: RefCard, where: Where, slot: Slot, top: float, col: Collect) -> tuple[list, list]:
    """Numbered items stacked from top: (texts, icons) for the template."""
    items = [ctx.p_(f"{REF_CTX}/{card.id}", t) for t in card.items]
    blocks = col.run(lambda: fit_stack(items, slot, where, gap=1.2))
    if blocks is None:
        return [], []
    texts, y = [], top
    for i, b in enumerate(blocks, 1):
        num = fit(f"{i}.", NUMBER, where)
        texts += [dict(block=num, x=INNER, y=y, color=BAND), dict(block=b, x=INNER + 5, y=y, color=INK)]
        y += b.height + 1.2
    return texts, []


def _table(ctx, card: RefCard, where: Where, top: float, col: Collect) -> tuple[list, list]:
    """The consequences table under the items, with row rules."""
    cctx = f"{REF_CTX}/{card.id}"
    rows = [[ctx.p_(cctx, c) for c in card.header]] + [[ctx.p_(cctx, c) for c in row] for row in card.rows]
    widths = [TEXT_W * 0.37, TEXT_W * 0.29, TEXT_W * 0.34]  # headers fit unhyphenated in it, en, ru
    table = col.run(lambda: fit_table(rows, widths, TABLE, where))
    if table is None:
        return [], []
    texts, rects, y = [], [], top
    for r, (cells, h) in enumerate(zip(table.cells, table.heights)):
        if r == 0:
            rects.append(dict(x=INNER - 0.8, y=y - 0.3, w=TEXT_W + 1.6, h=h, fill="#e9e1cf"))
        else:
            rects.append(dict(x=INNER - 0.8, y=y - 0.3, w=TEXT_W + 1.6, h=0.2, fill="#b9ad94"))
        x = INNER
        for block, w in zip(cells, widths):
            texts.append(dict(block=block, x=x, y=y, color=INK))
            x += w
        y += h
    return texts, rects


def _squares(ctx, content: DojoContent, where: Where, top: float, col: Collect) -> tuple[list, list, list]:
    """One row per square type: coloured tile with icon, its letter, and 'Name: effect'."""
    lines = [f"{ctx.p_(f'{SQUARE_CTX}/{s.id}', s.name)}: {ctx.p_(f'{SQUARE_CTX}/{s.id}', s.effect)}"
             for s in content.squares]
    blocks = col.run(lambda: fit_stack(lines, SQUARES, where, gap=0.9, min_row=5.2))
    if blocks is None:
        return [], [], []
    texts, rects, icons, y = [], [], [], top
    for s, b in zip(content.squares, blocks):
        dark = s.color.lower() in ("#3b3026",)
        rects.append(dict(x=INNER, y=y, w=5, h=5, rx=0.6, fill=s.color, stroke="#5b5246", sw=0.2))
        icons.append(dict(name=s.icon, x=INNER + 0.6, y=y + 0.6, size=3.8, color="#ffffff" if dark else "#2a251f",
                          bg=s.color))
        letter = ctx.p_(f"{SQUARE_CTX}/{s.id}", s.letter)
        lb = col.run(lambda: fit(letter, LETTER, where))
        if lb:
            texts.append(dict(block=lb, x=INNER + 5.3, y=y, color=INK))
        texts.append(dict(block=b, x=INNER + 11, y=y + max(0.0, (5.2 - b.height) / 2), color=INK))
        y += max(b.height, 5.2) + 0.9
    return texts, rects, icons


def _front(ctx: BuildContext, content: DojoContent, card: RefCard, col: Collect) -> Drawing | None:
    """One reference card front."""
    where = Where(COMPONENT, card.id, ctx.lang)
    title = col.run(lambda: fit(ctx.p_(f"{REF_CTX}/{card.id}", card.title), TITLE, where))
    deck_name = ctx.p_(REF_CTX, REF_NAME)
    imprint = col.run(lambda: fit(small_print(ctx, deck_name), IMPRINT, where))
    top = BAND_H + 3
    rects, icons = [dict(x=0, y=0, w=BLEED_W, h=BAND_H, fill=BAND)], []
    if card.kind == "list":
        texts, _ = _numbered(ctx, card, where, ITEMS, top, col)
    elif card.kind == "table":
        texts, _ = _numbered(ctx, card, where, KUMITE_ITEMS, top, col)
        more, rows = _table(ctx, card, where, top + KUMITE_ITEMS.height + 2, col)
        texts, rects = texts + more, rects + rows
    else:
        texts, more, icons = _squares(ctx, content, where, top, col)
        rects += more
    if title is None or imprint is None:
        return None
    icons.append(dict(name={"list": "die", "table": "challenge"}.get(card.kind, "tatami"), x=INNER,
                      y=BLEED + 3.2, size=6.5, color="#ffffff", bg=BAND))
    texts += [dict(block=title, x=INNER + 9, y=BLEED + 3 + (7 - title.height) / 2, color="#ffffff"),
              dict(block=imprint, x=INNER, y=IMPRINT_Y, color="#7a7064")]
    return face_drawing(ctx.root, "card.svg.j2", bg="#fbf7ee", rects=rects, icons=icons, texts=texts)


def _back(ctx: BuildContext, col: Collect) -> Drawing | None:
    """The common back of the reference cards."""
    where = Where(COMPONENT, "back", ctx.lang)
    name = ctx.p_(REF_CTX, REF_NAME)
    head = col.run(lambda: fit(name, BACK_TITLE, where))
    imprint = col.run(lambda: fit(small_print(ctx, name), IMPRINT, where))
    if head is None or imprint is None:
        return None
    return face_drawing(ctx.root, "card.svg.j2", bg=BAND,
                        rects=[dict(x=BLEED + 2.5, y=BLEED + 2.5, w=BLEED_W - 2 * BLEED - 5, h=88.9 - 5, rx=2.5,
                                    stroke="#9a8f7c", sw=0.6)],
                        icons=[dict(name="dojo", x=BLEED_W / 2 - 11, y=38, size=22, color="#e8dfcc", bg=BAND)],
                        texts=[dict(block=head, x=INNER, y=16, color="#ffffff"),
                               dict(block=imprint, x=INNER, y=IMPRINT_Y, color="#b9ad94")])


def reference_deck(ctx: BuildContext) -> Deck:
    """The reference cards drawn once for this language."""
    content = dojo_content(ctx)
    col = Collect()
    back = _back(ctx, col)
    fronts = [(c, _front(ctx, content, c, col)) for c in content.reference]
    col.check()
    return Deck(COMPONENT, "reference", ctx.p_(REF_CTX, REF_NAME),
                tuple(Card(c.id, f, back, c.copies) for c, f in fronts), back_bleed=BAND, kind="reference")


def build(ctx: BuildContext) -> list[Artifact]:
    """Reference cards as sheets, gutterfold, single cards, and a preview."""
    return deck_artifacts(ctx, reference_deck(ctx))
