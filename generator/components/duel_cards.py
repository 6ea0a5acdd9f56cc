"""Duel components: the 12-cell track, 4 stance cards, 3 strike cards, the reference cards.

Each face is a template with declared slots (templates/duel/<face>.svg.j2 + .toml, see generator.render.face).
"""

from __future__ import annotations

from typing import NamedTuple

from markupsafe import Markup

from ..content.duel import DuelData
from ..content.duel_pieces import CTX as PIECES_CTX, Player
from ..plan.model import Artifact, BuildContext
from ..render.cards import Card, Deck
from .common import back_look, deck_files, imprint, small_print
from ..render.face import Face, collect
from ..render.svg import Drawing
from ..render.pdf import PAPERS_MM, PdfDoc, mm, text
from .duel_draw import strike_cells, track_cells, track_numbers


def duel_term(ctx: BuildContext, item_id: str, romaji: str) -> str:
    """A duel term (stance, strike) as cards, booklet and reference print it: one spelling per language, the
    catalog's transliteration of the romaji (Russian: the seed's Cyrillic), never both scripts at once."""
    return ctx.p_(f"duel/{item_id}", romaji)


def term_spellings(ctx: BuildContext) -> dict[str, frozenset[str]]:
    """The duel's stances and strikes in this language's one spelling -> their other spellings (seed script,
    romaji), for the page QA's term check (content/games.toml `terms`)."""
    out = {}
    for item in ctx.model.duel.stances + ctx.model.duel.strikes:
        spelled = duel_term(ctx, item.id, item.romaji)
        out[spelled] = frozenset({item.term, item.romaji} - {spelled})
    return out

BACK_BG = "#2b2622"  # backs and the fronts' header band
STRIKER = 0.36  # the striker drawn above the cells takes this share of a hits box's height


def ui(ctx: BuildContext, component: str, msgid: str) -> str:
    """A component's own printed label (msgctxt = component id)."""
    return ctx.p_(component, msgid)


def term(ctx: BuildContext, item) -> str:
    """The Japanese term in the reader's one spelling (duel_term)."""
    return duel_term(ctx, item.id, item.romaji)


def _name(ctx: BuildContext, item) -> str:
    return ctx.p_(f"duel/{item.id}", item.name)


def _term_name(ctx: BuildContext, item) -> str:
    """'Tsuki — Thrust': the term and its translated name, one message (a language may reorder them)."""
    return ctx.p_("duel-terms", "%(term)s — %(name)s") % {"term": term(ctx, item), "name": _name(ctx, item)}


def _footer(f: Face, ctx: BuildContext, comp: str) -> None:
    f.text("footer", small_print(ctx, ui(ctx, comp, "Sword duel")))


def hit_pattern(box, hits: tuple[int, ...]) -> Markup:
    """A strike's hit pattern filling a layout box: 7 cells across, the striker above the third."""
    cell = box.w / 7
    return Markup(strike_cells(hits, box.x, box.y + box.h - cell, cell))


def _back(ctx: BuildContext, comp: str, label: str, player: Player | None = None):
    """A deck back; a player's set: the player's colour, pattern (stripes, dots, checks), mark and name. Light by
    default (paper, the colour as the ink of its pattern border, frame, swords and words), the colour to the bleed
    with `--backs full` (common.back_look)."""
    look = back_look(ctx, player.colour if player else BACK_BG)
    f = Face(ctx, comp, f"back-{player.id}" if player else "back", "duel/back")
    f.text("kind", label, color=look.ink)
    if player is None:
        return f.drawing(pattern="", **look.values())
    f.text("mark", player.mark, valign="middle")
    f.text("player", ctx.p_(PIECES_CTX, player.name), color=look.ink)
    return f.drawing(pattern=player.pattern, **look.values())


def order_back(ctx: BuildContext, player: Player):
    """The one back of all a player's order cards (stances, strikes, No action): the cards laid face down on the
    order slip tell the opponent nothing but whose they are (issue 33)."""
    return _back(ctx, ORDER_CTX, ui(ctx, ORDER_CTX, "Order card"), player)


ORDER_CTX = "duel-stance-cards"  # the msgctxt of the order cards' shared back label


def _badge(f: Face, player: Player) -> str:
    """The owner's mark on a card front (the player's letter on a disc of their colour); returns the disc colour."""
    f.text("mark", player.mark, valign="middle")
    return player.colour


def players(ctx: BuildContext) -> tuple[Player, ...]:
    """The two duellists of the kit (content/duel/pieces.toml, in the model)."""
    return ctx.model.duel_pieces.players


def _head(f: Face, ctx: BuildContext, kind: str, item) -> None:
    f.text("kind", kind)
    f.text("term", term(ctx, item))
    f.text("name", _name(ctx, item))


def stance_cards(ctx: BuildContext) -> list[Artifact]:
    """The 4 stances: movement, the strike allowed, special rules (distance control, crossed swords)."""
    data = ctx.model.duel
    comp = "duel-stance-cards"
    sets = players(ctx)
    backs = {p.id: order_back(ctx, p) for p in sets}

    def front(s, p):
        def build():
            f = Face(ctx, comp, f"{s.id}-{p.id}", "duel/stance")
            _head(f, ctx, ui(ctx, comp, "Kamae (stance)"), s)
            owner = _badge(f, p)
            f.text("move-label", ui(ctx, comp, "Movement"))
            f.text("moves", ctx.p_(f"duel/{s.id}", s.moves))
            f.text("strike-label", ui(ctx, comp, "Strike"))
            hits = ""
            if s.strike:
                f.text("strike", _term_name(ctx, data.strike(s.strike)))
                hits = hit_pattern(f.box("hits"), data.strike(s.strike).hits)
            else:
                f.text("strike", ui(ctx, comp, "No strikes"))
            if s.rules:
                see = [ui(ctx, comp, "Kit rulings %(ids)s: see the rules booklet.") % {"ids": id_ranges(s.rulings)}
                       ] if s.rulings else []
                f.stack("rules", [ctx.p_(f"duel/{s.id}", r) for r in s.rules] + see)
            _footer(f, ctx, comp)
            return Card(f"{s.id}-{p.id}", f.drawing(band=BACK_BG, hits=hits, owner=owner), backs[p.id])
        return build

    cards = collect([front(s, p) for p in sets for s in data.stances])
    return deck_files(ctx, Deck(comp, "duel/stances", ui(ctx, comp, "Duel stances"), tuple(cards)))  # two back colours: no single bleed


def id_ranges(ids: tuple[str, ...]) -> str:
    """Ruling ids as the booklet numbers them for players, consecutive runs joined:
    ('D03', 'D05', 'D06', 'D07', 'D10') -> '3, 5–7, 10' (a player never reads an id)."""
    runs: list[list[int]] = []
    for n in (int(rid[1:]) for rid in ids):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(", ".join(map(str, r)) if len(r) < 3 else f"{r[0]}–{r[-1]}" for r in runs)


def _precedence(ctx: BuildContext, data: DuelData, comp: str, sid: str) -> str:
    beats = [b for a, b in data.beats if a == sid]
    loses = [a for a, b in data.beats if b == sid]
    out = []
    # Whole sentences with "this strike" as subject: «Побеждает: Мэн» read as "Men wins" (issue 11).
    if beats:
        out.append(ui(ctx, comp, "This strike beats %(strikes)s.")
                   % {"strikes": ", ".join(term(ctx, data.strike(b)) for b in beats)})
    if loses:
        out.append(ui(ctx, comp, "This strike loses to %(strikes)s.")
                   % {"strikes": ", ".join(term(ctx, data.strike(a)) for a in loses)})
    return " ".join(out + [ui(ctx, comp, "Any other pair: both lose.")])


def strike_cards(ctx: BuildContext) -> list[Artifact]:
    """The 3 strikes: hit pattern drawn as in the rules, the stance each comes from and leads to, precedence."""
    data = ctx.model.duel
    comp = "duel-strike-cards"
    sets = players(ctx)
    backs = {p.id: order_back(ctx, p) for p in sets}

    def front(s, p):
        def build():
            f = Face(ctx, comp, f"{s.id}-{p.id}", "duel/strike")
            _head(f, ctx, ui(ctx, comp, "Giri (strike)"), s)
            owner = _badge(f, p)
            src, dst = data.stance(s.source), data.stance(s.leads_to)
            f.text("from", ui(ctx, comp, "From: %(stance)s") % {"stance": term(ctx, src)})
            hits = hit_pattern(f.box("hits"), s.hits)
            f.text("pattern", ctx.p_(f"duel/{s.id}", s.pattern))
            f.text("leads-to", ui(ctx, comp, "Leads to: %(stance)s") % {"stance": term(ctx, dst)})
            f.text("both-label", ui(ctx, comp, "When both hit"))
            f.text("precedence", _precedence(ctx, data, comp, s.id))
            _footer(f, ctx, comp)
            return Card(f"{s.id}-{p.id}", f.drawing(band=BACK_BG, hits=hits, owner=owner), backs[p.id])
        return build

    def nothing(p):  # ruling D04: an order without a strike or a stance change still lays one card
        def build():
            f = Face(ctx, comp, f"none-{p.id}", "duel/noaction")
            f.text("kind", ui(ctx, comp, "Order"))
            f.text("term", ui(ctx, comp, "No action"))
            owner = _badge(f, p)
            f.text("what", ui(ctx, comp, "Lay this card face down on your order slip when your order has no "
                                         "strike and no stance change (kit ruling 4): a turn alone after a strike, "
                                         "or no legal action. Every turn shows one card."))
            _footer(f, ctx, comp)
            return Card(f"none-{p.id}", f.drawing(band=BACK_BG, owner=owner), backs[p.id])
        return build

    cards = collect([front(s, p) for p in sets for s in data.strikes] + [nothing(p) for p in sets])
    return deck_files(ctx, Deck(comp, "duel/strikes", ui(ctx, comp, "Duel strikes"), tuple(cards)))  # two back colours: no single bleed


def reference_card(ctx: BuildContext) -> list[Artifact]:
    """The reference cards: one-sided sheets, single cards (with their back, for print shops), a preview."""
    return deck_files(ctx, reference_deck(ctx))


def reference_deck(ctx: BuildContext) -> Deck:
    """Reference: phase order, what a player may do after a strike, the actions, hits and precedence."""
    data = ctx.model.duel
    comp = "duel-reference"
    back = _back(ctx, comp, ui(ctx, comp, "Reference"))

    def face(card: str, title: str) -> Face:
        f = Face(ctx, comp, card, "duel/reference")
        f.text("kind", ui(ctx, comp, title))
        return f

    def phases():
        f = face("phases", "Order of the fight")
        f.stack("phases", [ctx.p_("duel-reference", "%(number)s. %(phase)s") % {
            "number": i, "phase": ctx.p_("duel-reference", p)} for i, p in enumerate(data.phases, 1)])
        f.stack("notes", [ctx.p_("duel-reference", data.reference[k]) for k in ("simultaneous", "after_strike")])
        _footer(f, ctx, comp)
        return Card("phases", f.drawing(band=BACK_BG), back)

    def actions():
        f = face("actions", "Actions")
        f.stack("actions", [ctx.p_("duel-reference", a) for a in data.actions])
        _footer(f, ctx, comp)
        return Card("actions", f.drawing(band=BACK_BG), back)

    def hits():
        f = face("hits", "Damage")  # the seed's «Урон», the booklet's heading
        f.stack("hits-text", [ctx.p_("duel-reference", data.reference[k]) for k in ("hit", "both_hit")])
        art = []
        for i, s in enumerate(data.strikes):
            f.box("row", i=i)
            f.text("row-name", _term_name(ctx, s), i=i, valign="middle")
            art.append(hit_pattern(f.box("row-hits", i=i, advance=False), s.hits))
        _footer(f, ctx, comp)
        return Card("hits", f.drawing(band=BACK_BG, hits=Markup("").join(art)), back)

    def setup():  # setup and victory from the rulings file: the booklet's ![setup](duel) prints the same lines
        r = data.rulings
        f = Face(ctx, comp, "setup", "duel/reference")
        f.text("kind", ctx.p_("duel-rules", "Setup"))
        f.stack("setup", [r.say(ctx.p_("duel-rulings", t), ctx.n_) for t in r.setup])
        f.text("victory-h", ctx.p_("duel-rules", "How a duel is won"))
        f.stack("victory", [r.say(ctx.p_("duel-rulings", t), ctx.n_) for t in r.victory])
        _footer(f, ctx, comp)
        return Card("setup", f.drawing(band=BACK_BG), back)

    cards = collect([setup, phases, actions, hits])
    return Deck(comp, "duel/reference", ui(ctx, comp, "Duel reference"), tuple(cards), kind="reference",
                back_bleed=back_look(ctx, BACK_BG).bleed, one_sided=True)


class Strip(NamedTuple):
    """The track strip drawn for a paper: drawing, width and height (mm), the side of one cell (mm)."""

    drawing: Drawing
    width: float
    height: float
    cell: float


def track_strip(ctx: BuildContext, paper: str) -> Strip:
    """The track strip as drawn across a landscape sheet of paper (its cells as wide as the fighters' cell of
    duel_pieces.track_cell)."""
    data = ctx.model.duel
    comp = "duel-track"
    pw, ph = PAPERS_MM[paper]
    w = max(pw, ph)
    f = Face(ctx, comp, "track", "duel/track")
    box = f.L.slots["cells"]
    cell = min(box.h, (w - 24) / data.track_cells)
    f.size = (cell * data.track_cells + 2 * box.x, box.y + cell + 14)
    f.text("title", ui(ctx, comp, "Duel track"))
    # the start cells of the setup (ruling D01, the one place for them): player's colour, mark and facing
    at = data.rulings.cells
    starts = [dict(n=c, x=box.x + (c - 1) * cell, colour=p.colour, mark=p.mark, towards=t,
                   facing=1 if t > c else -1, name=ctx.p_(PIECES_CTX, p.name))
              for p, c, t in zip(players(ctx), (at["a_cell"], at["b_cell"]), (data.track_cells, 1))]
    said = ctx.p_(PIECES_CTX, "Start: %(player)s (%(mark)s) on cell %(cell)s, facing cell %(towards)s")
    f.text("start", " · ".join(said % {"player": s["name"], "mark": s["mark"], "cell": s["n"],
                                       "towards": s["towards"]} for s in starts))
    cells = Markup(track_cells(box.x, box.y, cell, data.track_cells, numbers=False))  # numbers: m.label
    strip = f.drawing(body="#ffffff", cells=cells, numbers=track_numbers(box.x, box.y, cell, data.track_cells),
                      starts=starts, cell=cell)
    return Strip(strip, f.size[0], f.size[1], cell)


def track(ctx: BuildContext) -> list[Artifact]:
    """The 12-cell track, one strip across a landscape sheet (cut out, or lay two halves end to end)."""
    comp = "duel-track"
    imp = imprint(ctx, ui(ctx, comp, "Duel track"))
    out = []
    for paper in ctx.options.papers:
        pw, ph = PAPERS_MM[paper]
        w, h = max(pw, ph), min(pw, ph)
        strip = track_strip(ctx, paper)
        doc = PdfDoc(imp.epoch, imp.title)
        cr = doc.page(w, h)
        doc.place(strip.drawing, mm((w - strip.width) / 2), mm(h / 2 - strip.cell / 2 - 8))
        text(cr, imp.line(paper), w / 2, h - 6.5, align="center")
        out.append(Artifact(f"duel/track-{paper}.pdf", comp, "sheet", doc.finish(), paper, "sheet", doc.pages,
                            pieces=(("duel-track", 1),)))
    return out
