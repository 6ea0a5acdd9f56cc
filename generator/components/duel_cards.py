"""Duel components on the card engine: the 12-cell track, 4 stance cards, 3 strike cards, the reference card."""

from __future__ import annotations

from ..content.duel import DuelData, present, require_duel
from ..kit.model import Artifact, BuildContext
from ..render.cards import BLEED_H, BLEED_W, Card, Deck, deck_artifacts, imprint
from ..render.pdf import PAPERS_MM, PdfDoc, mm, text
from .duel_draw import strike_cells, track_cells
from .common import duel_term, small_print
from .ground_face import INK, INNER_W, M, MUTED, Face, collect, footer, ui

TEMPLATE = "duel/face.svg.j2"
BACK_BG = "#2b2622"


def _term(ctx: BuildContext, item) -> str:
    """The Japanese term in the reader's spelling (common.duel_term)."""
    return duel_term(ctx, item.id, item.romaji)


def _name(ctx: BuildContext, item) -> str:
    return ctx.p_(f"duel/{item.id}", item.name)


def _back(ctx: BuildContext, comp: str, label: str):
    f = Face(ctx, comp, "back", TEMPLATE, bg=BACK_BG)
    f.rect(M - 1.5, M - 1.5, INNER_W + 3, BLEED_H - 2 * M + 3, "none", "#d8c8a8", 0.5, 2.5)
    f.svg(f'<path d="M{BLEED_W / 2 - 16} 62L{BLEED_W / 2 + 16} 30" stroke="#d8c8a8" stroke-width="1.4"/>'
          f'<path d="M{BLEED_W / 2 + 16} 62L{BLEED_W / 2 - 16} 30" stroke="#d8c8a8" stroke-width="1.4"/>')
    f.text(label, M, 68, INNER_W, 8, 13, 9, bold=True, align="center", color="#ffffff", slot="kind")
    return f.drawing()


def _head(f: Face, ctx: BuildContext, comp: str, kind: str, item) -> float:
    f.rect(0, 0, BLEED_W, 15, "#e9e2d3")
    f.text(kind, M, M - 1, INNER_W, 5, 9, 7, bold=True, color=MUTED, slot="kind")
    y = 16 + f.text(_term(ctx, item), M, 16, INNER_W, 9, 16, 10, bold=True, align="center", slot="term")
    return y + 0.5 + f.text(_name(ctx, item), M, y + 0.5, INNER_W, 6, 10, 7, align="center", color=MUTED,
                            slot="name")


def stance_cards(ctx: BuildContext) -> list[Artifact]:
    """The 4 stances: movement, the strike allowed, special rules (distance control, crossed swords)."""
    if not present(ctx.root):
        return []
    data = require_duel(ctx.root)
    comp = "duel-stance-cards"
    back = _back(ctx, comp, ui(ctx, comp, "Kamae"))

    def front(s):
        def build():
            f = Face(ctx, comp, s.id, TEMPLATE)
            y = _head(f, ctx, comp, ui(ctx, comp, "Kamae (stance)"), s) + 2
            f.text(ui(ctx, comp, "Movement"), M, y, INNER_W, 4.5, 8, 6, bold=True, color=MUTED, slot="move-label")
            y += 4.5 + f.text(ctx.p_(f"duel/{s.id}", s.moves), M, y + 4.5, INNER_W, 8, 9.5, 7, slot="moves")
            f.text(ui(ctx, comp, "Strike"), M, y + 1, INNER_W, 4.5, 8, 6, bold=True, color=MUTED, slot="strike-label")
            strike = ui(ctx, comp, "No strikes") if not s.strike else \
                f"{_term(ctx, data.strike(s.strike))} — {_name(ctx, data.strike(s.strike))}"
            y += 5.5 + f.text(strike, M, y + 5.5, INNER_W, 8, 9.5, 7, bold=bool(s.strike), slot="strike")
            if s.strike:
                f.svg(strike_cells(data.strike(s.strike).hits, M + (INNER_W - 7 * 6.5) / 2, y + 6, 6.5))
                y += 14
            if s.rules:
                f.stack([(f"rule-{i}", ctx.p_(f"duel/{s.id}", r)) for i, r in enumerate(s.rules)], M, y + 1.2,
                        INNER_W, 8, 5.2)
            footer(f, small_print(ctx, ui(ctx, comp, "Sword duel")))
            return Card(s.id, f.drawing(), back)
        return build

    cards = collect([front(s) for s in data.stances])
    return deck_artifacts(ctx, Deck(comp, "duel/stances", ui(ctx, comp, "Duel stances"), tuple(cards)))


def _precedence(ctx: BuildContext, data: DuelData, comp: str, sid: str) -> str:
    beats = [b for a, b in data.beats if a == sid]
    loses = [a for a, b in data.beats if b == sid]
    out = []
    if beats:
        out.append(ui(ctx, comp, "Beats") + ": " + ", ".join(_term(ctx, data.strike(b)) for b in beats))
    if loses:
        out.append(ui(ctx, comp, "Loses to") + ": " + ", ".join(_term(ctx, data.strike(a)) for a in loses))
    return ". ".join(out) + ". " + ui(ctx, comp, "Any other pair: both lose.")


def strike_cards(ctx: BuildContext) -> list[Artifact]:
    """The 3 strikes: hit pattern drawn as in the rules, the stance each comes from and leads to, precedence."""
    if not present(ctx.root):
        return []
    data = require_duel(ctx.root)
    comp = "duel-strike-cards"
    back = _back(ctx, comp, ui(ctx, comp, "Giri"))

    def front(s):
        def build():
            f = Face(ctx, comp, s.id, TEMPLATE)
            y = _head(f, ctx, comp, ui(ctx, comp, "Giri (strike)"), s) + 2
            src, dst = data.stance(s.source), data.stance(s.leads_to)
            y += f.text(ui(ctx, comp, "From") + f": {_term(ctx, src)}", M, y, INNER_W, 5, 9, 6.5, slot="from")
            f.svg(strike_cells(s.hits, M + (INNER_W - 7 * 7.5) / 2, y + 6.5, 7.5))
            y += 16
            y += 0.5 + f.text(ctx.p_(f"duel/{s.id}", s.pattern), M, y + 0.5, INNER_W, 8, 8.5, 6, align="center",
                              slot="pattern")
            y += 1.5 + f.text(ui(ctx, comp, "Leads to") + f": {_term(ctx, dst)}", M, y + 1.5, INNER_W, 5, 9, 6.5,
                              bold=True, slot="leads-to")
            f.text(ui(ctx, comp, "When both hit"), M, y + 2, INNER_W, 4.5, 8, 6, bold=True, color=MUTED,
                   slot="both-label")
            f.text(_precedence(ctx, data, comp, s.id), M, y + 6.5, INNER_W, 14, 8.5, 5.8, slot="precedence")
            footer(f, small_print(ctx, ui(ctx, comp, "Sword duel")))
            return Card(s.id, f.drawing(), back)
        return build

    cards = collect([front(s) for s in data.strikes])
    return deck_artifacts(ctx, Deck(comp, "duel/strikes", ui(ctx, comp, "Duel strikes"), tuple(cards)))


def reference_card(ctx: BuildContext) -> list[Artifact]:
    """Reference: phase order, what a player may do after a strike, the actions, hits and precedence."""
    if not present(ctx.root):
        return []
    data = require_duel(ctx.root)
    comp = "duel-reference"
    back = _back(ctx, comp, ui(ctx, comp, "Reference"))

    def phases():
        f = Face(ctx, comp, "phases", TEMPLATE)
        f.text(ui(ctx, comp, "Order of the fight"), M, M, INNER_W, 7, 12, 8, bold=True, align="center", slot="title")
        y = M + 8
        y += f.stack([(f"phase-{i}", f"{i}. {ctx.p_('duel-reference', p)}") for i, p in enumerate(data.phases, 1)],
                     M, y + 0.8, INNER_W, 9, 6.5, gap=0.8, bottom=M + 36)
        f.stack([(k, ctx.p_("duel-reference", data.reference[k])) for k in ("simultaneous", "after_strike")],
                M, y + 2.5, INNER_W, 8.6, 5.6, gap=1.8)
        footer(f, small_print(ctx, ui(ctx, comp, "Sword duel")))
        return Card("phases", f.drawing(), back)

    def actions():
        f = Face(ctx, comp, "actions", TEMPLATE)
        f.text(ui(ctx, comp, "Actions"), M, M, INNER_W, 7, 12, 8, bold=True, align="center", slot="title")
        f.stack([(f"action-{i}", ctx.p_("duel-reference", a)) for i, a in enumerate(data.actions)], M, M + 9.5,
                INNER_W, 9, 5.6, gap=1.8)
        footer(f, small_print(ctx, ui(ctx, comp, "Sword duel")))
        return Card("actions", f.drawing(), back)

    def hits():
        f = Face(ctx, comp, "hits", TEMPLATE)
        f.text(ui(ctx, comp, "Hits"), M, M, INNER_W, 7, 12, 8, bold=True, align="center", slot="title")
        y = M + 9.5
        y += f.stack([(k, ctx.p_("duel-reference", data.reference[k])) for k in ("hit", "both_hit")], M, y, INNER_W,
                     9, 5.8, gap=1.8, bottom=BLEED_H - M - 3.6 - 3 * 10.5)
        for s in data.strikes:
            f.text(f"{_term(ctx, s)} — {_name(ctx, s)}", M, y + 3.6, INNER_W - 31, 6, 8, 5.5, bold=True,
                   narrow=True, slot=f"{s.id}-name")
            f.svg(strike_cells(s.hits, M + INNER_W - 7 * 4.2, y + 3.4, 4.2))
            y += 9.5
        footer(f, small_print(ctx, ui(ctx, comp, "Sword duel")))
        return Card("hits", f.drawing(), back)

    cards = collect([phases, actions, hits])
    return deck_artifacts(ctx, Deck(comp, "duel/reference", ui(ctx, comp, "Duel reference"), tuple(cards),
                                          kind="reference"))


def track(ctx: BuildContext) -> list[Artifact]:
    """The 12-cell track, one strip across a landscape sheet (cut out, or lay two halves end to end)."""
    if not present(ctx.root):
        return []
    data = require_duel(ctx.root)
    comp = "duel-track"
    imp = imprint(ctx, ui(ctx, comp, "Duel track"))
    out = []
    for paper in ctx.options.papers:
        pw, ph = PAPERS_MM[paper]
        w, h = max(pw, ph), min(pw, ph)
        cell = min(22.0, (w - 24) / data.track_cells)
        f = Face(ctx, comp, "track", TEMPLATE, width=cell * data.track_cells + 2, height=cell + 16)
        f.text(ui(ctx, comp, "Duel track"), 1, 0, 120, 7, 12, 9, bold=True, slot="title")
        f.svg(track_cells(1, 9, cell, data.track_cells))
        strip = f.drawing()
        doc = PdfDoc(imp.epoch, imp.title)
        cr = doc.page(w, h)
        strip.place(cr, mm((w - cell * data.track_cells - 2) / 2), mm(h / 2 - cell / 2 - 8))
        text(cr, imp.line(paper), w / 2, h - 6.5, align="center")
        out.append(Artifact(f"duel/track-{paper}.pdf", comp, "sheet", doc.finish(), paper, "sheet", doc.pages))
    return out
