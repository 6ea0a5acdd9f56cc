"""GROUND card decks: Solutions, Problems, Scenarios, Modes, Actions and the reference cards.

Each face is a template with declared slots (templates/ground/<face>.svg.j2 + .toml, see generator.render.face):
this module only says which text goes into which slot.
"""

from __future__ import annotations

from ..content.ground import GroundData
from ..plan.model import Artifact, BuildContext
from ..render.cards import Card, Deck
from .common import back_look, deck_files, small_print
from ..render.face import Face, collect

BACK = {"solution": "#24313f", "problem": "#4a3b2a", "scenario": "#3d4a2a", "mode": "#3a2a4a",
        "reference": "#24313f"}  # each deck's colour: its backs and its fronts' header band


def ui(ctx: BuildContext, component: str, msgid: str) -> str:
    """A component's own printed label (msgctxt = component id)."""
    return ctx.p_(component, msgid)


def edition(ctx: BuildContext, data: GroundData) -> str:
    """The footer of every GROUND face: game, sample edition, version, language."""
    return small_print(ctx, " · ".join(("GROUND", ctx.p_("ground", data.title))))  # imprint fields, as small_print


def seat_label(ctx: BuildContext, seat) -> str:
    """'Red · 1': a seat's name and number, one message so a language may reorder them."""
    return ctx.p_("ground-seat", "%(seat)s · %(number)s") % {
        "seat": ctx.p_(f"ground/seat/{seat.id}", seat.name), "number": seat.number}


def step_label(ctx: BuildContext, number: int, step) -> str:
    """'1. Reveal': a round step's number and name, one message."""
    return ctx.p_("ground-step", "%(number)s. %(step)s") % {
        "number": number, "step": ctx.p_(f"ground/step/{step.id}", step.name)}


def suit_name(ctx: BuildContext, suit_id: str, name: str) -> str:
    """The translated suit name."""
    return ctx.p_(f"ground/suit/{suit_id}", name)


def _back(ctx: BuildContext, data: GroundData, comp: str, label: str, colour: str, sub: str | None = None,
          steps: tuple[str, ...] = ()):
    """A deck back; with steps (a printed procedure, e.g. the Scenario set-up) the brand moves up to make room."""
    look = back_look(ctx, colour)
    f = Face(ctx, comp, "back", "ground/scenario-back" if steps else "ground/back", template="ground/back")
    f.text("brand", "GROUND", color=look.ink)
    f.text("kind", label, color=look.ink)
    if sub:
        f.text("sub", sub, color=look.ink)
    if steps:
        f.stack("steps", [ctx.p_("ground-step", "%(number)s. %(step)s") % {"number": i, "step": t}
                          for i, t in enumerate(steps, 1)], color=look.ink)
    f.text("footer", edition(ctx, data), color=look.ink or "#ffffff")
    return f.drawing(steps=bool(steps), **look.values())


def solution_deck(ctx: BuildContext) -> list[Artifact]:
    """24 Solution cards, 6 per suit, told apart by icon and name; one common back."""
    data = ctx.model.ground
    comp = "ground-solution-deck"

    def front(sol):
        def build():
            s = data.suit(sol.suit)
            f = Face(ctx, comp, sol.id, "ground/solution")
            f.text("suit", suit_name(ctx, s.id, s.name))
            f.text("kind", ui(ctx, comp, "Solution"))
            f.text("name", ctx.p_(f"ground/{sol.id}", sol.name))
            f.text("footer", edition(ctx, data))
            return Card(sol.id, f.drawing(band=s.colour, shape=s.icon), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Solution"), BACK["solution"])
    cards = collect([front(s) for s in data.solutions])
    return deck_files(ctx, Deck(comp, "ground/solutions", ui(ctx, comp, "GROUND Solutions"), tuple(cards),
                                    back_bleed=back_look(ctx, BACK["solution"]).bleed))


def problem_cards(ctx: BuildContext) -> list[Artifact]:
    """Problem cards: required suit, value, priority and scenario; a back for face-down Problems."""
    data = ctx.model.ground
    comp = "ground-problem-cards"
    scen_of = {p: s for s in data.scenarios for p in (s.surface, *s.hidden)}

    def front(p):
        def build():
            s = data.suit(p.suit)
            sc = scen_of[p.id]
            f = Face(ctx, comp, p.id, "ground/problem")
            f.text("kind", ui(ctx, comp, "Problem"))
            # every Problem shows its priority 1-4, the Surface Problem too (issue 17)
            f.text("tag", ui(ctx, comp, "Surface · priority %(priority)d") % {"priority": p.priority}
                   if p.id == sc.surface else ui(ctx, comp, "Priority %(priority)d") % {"priority": p.priority})
            f.text("name", ctx.p_(f"ground/{p.id}", p.name))
            f.text("needs", ui(ctx, comp, "Needs"))
            f.text("suit", suit_name(ctx, s.id, s.name))
            f.text("value-label", ui(ctx, comp, "Value"))
            f.text("value", str(p.value), valign="middle")
            f.text("scenario", ctx.p_(f"ground/{sc.id}", sc.name))
            f.text("footer", edition(ctx, data))
            return Card(p.id, f.drawing(band=BACK["problem"], shape=s.icon, suit_colour=s.colour), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Problem"), BACK["problem"], ui(ctx, comp, "Hidden: face down"))
    cards = collect([front(p) for p in data.problems])
    return deck_files(ctx, Deck(comp, "ground/problems", ui(ctx, comp, "GROUND Problems"), tuple(cards),
                                    back_bleed=back_look(ctx, BACK["problem"]).bleed))


def scenario_cards(ctx: BuildContext) -> list[Artifact]:
    """The Scenario cards' files (sheets, gutterfolds, single cards, preview)."""
    return deck_files(ctx, scenario_deck(ctx))


def scenario_deck(ctx: BuildContext) -> Deck:
    """Scenario cards: Surface Problem, hidden Problems by priority, thresholds and the player-count filter."""
    data = ctx.model.ground
    comp = "ground-scenario-cards"

    def named(pid: str) -> str:
        p = data.problem(pid)
        return ui(ctx, comp, "%(problem)s (%(value)s)") % {"problem": ctx.p_(f"ground/{p.id}", p.name), "value": p.value}

    def front(sc):
        def build():
            f = Face(ctx, comp, sc.id, "ground/scenario")
            f.text("kind", ui(ctx, comp, "Scenario"))
            f.text("name", ctx.p_(f"ground/{sc.id}", sc.name))
            f.text("surface-label", ui(ctx, comp, "Surface Problem (face up)"))
            f.text("surface", named(sc.surface))
            f.text("hidden-label", ui(ctx, comp, "Hidden Problems by priority"))
            for prio in (1, 2, 3, 4):
                names = [named(h) for h in sc.hidden if data.problem(h).priority == prio]
                f.text("priority", ui(ctx, comp, "%(priority)s: %(problems)s") % {
                    "priority": prio, "problems": "; ".join(names)}, i=prio)
            heads = [ui(ctx, comp, "Players"), ui(ctx, comp, "Threshold"), ui(ctx, comp, "Priorities")]
            for i, label in enumerate(heads):
                f.text("head", label, i=i)
            for r, band in enumerate(data.thresholds):
                for c, val in enumerate((band.label(), str(band.value), f"1–{data.max_priority(band.lo)}")):
                    f.text("cell", val, i=c * 3 + r)
            f.text("footer", edition(ctx, data))
            return Card(sc.id, f.drawing(band=BACK["scenario"]), back)
        return build

    # the set-up order that keeps hidden Problems secret (issue 17): filter, then shuffle face down
    steps = (ui(ctx, comp, "Put the Surface Problem face up in the middle of the table."),
             ui(ctx, comp, "Keep the hidden Problems whose priority your player count allows (table on the front); "
                           "return the others to the box."),
             ui(ctx, comp, "Shuffle the kept Problems face down, so that nobody knows which is which, and lay them "
                           "face down beside the Surface Problem."))
    back = _back(ctx, data, comp, ui(ctx, comp, "Scenario"), BACK["scenario"], ui(ctx, comp, "Setup"), steps)
    cards = collect([front(s) for s in data.scenarios])
    return Deck(comp, "ground/scenarios", ui(ctx, comp, "GROUND Scenarios"), tuple(cards),
                back_bleed=back_look(ctx, BACK["scenario"]).bleed)


def mode_cards(ctx: BuildContext) -> list[Artifact]:
    """The Mode cards' files (sheets, gutterfolds, single cards, preview)."""
    return deck_files(ctx, mode_deck(ctx))


def mode_deck(ctx: BuildContext) -> Deck:
    """The 3 Mode cards with their scoring and tie-breaks."""
    data = ctx.model.ground
    comp = "ground-mode-cards"

    def front(m):
        def build():
            f = Face(ctx, comp, m.id, "ground/mode")
            f.text("kind", ui(ctx, comp, "Mode"))
            f.text("tag", ctx.p_(f"ground/{m.id}", m.kind))
            f.text("name", ctx.p_(f"ground/{m.id}", m.name))
            f.text("goal", ctx.p_(f"ground/{m.id}", m.goal))
            f.text("scoring-label", ui(ctx, comp, "Scoring"))
            f.text("scoring", ctx.p_(f"ground/{m.id}", m.scoring))
            for r in (r for r in data.rulings if r.on == m.id):  # a ruling the card carries (same data as booklet)
                f.text("ruling", ctx.p_("ground-rulings", r.card))
            f.text("tiebreaks-label", ui(ctx, comp, "Tie-breaks"))
            ties = [ui(ctx, comp, "%(number)s. %(tiebreak)s") % {"number": i, "tiebreak": ctx.p_(f"ground/{m.id}", t)}
                    for i, t in enumerate(m.tiebreaks, 1)]
            f.stack("tiebreaks", ties or [ui(ctx, comp, "None: the group wins or loses together.")])
            f.text("footer", edition(ctx, data))
            return Card(m.id, f.drawing(band=BACK["mode"]), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Mode"), BACK["mode"])
    cards = collect([front(m) for m in data.modes])
    return Deck(comp, "ground/modes", ui(ctx, comp, "GROUND Modes"), tuple(cards),
                back_bleed=back_look(ctx, BACK["mode"]).bleed)


def action_cards(ctx: BuildContext) -> list[Artifact]:
    """The 5 Actions for each of the 6 seats (30 cards); backs show only the seat, so selection stays secret."""
    data = ctx.model.ground
    comp = "ground-action-cards"
    cards = []
    for seat in data.seats:
        seat_name = seat_label(ctx, seat)
        back = _seat_back(ctx, data, comp, seat, seat_name)
        cards.extend(collect([_action_front(ctx, data, comp, seat, seat_name, a, back) for a in data.actions]))
    cards.extend(collect([_choice_front(ctx, data, comp, seat, seat_back) for seat, seat_back in
                          ((s, next(c.back for c in cards if c.id.startswith(f"{s.id}-"))) for s in data.seats)]))
    return deck_files(ctx, Deck(comp, "ground/actions", ui(ctx, comp, "GROUND Actions"), tuple(cards)))


def _seat_back(ctx: BuildContext, data: GroundData, comp: str, seat, seat_name: str):
    f = Face(ctx, comp, f"back-{seat.id}", "ground/seat-back")
    f.text("brand", "GROUND")
    f.text("kind", ui(ctx, comp, "Action"))
    shape = ctx.model.ground_pieces.symbols.get(seat.id, "circle")  # the seat symbol: readable without colour
    f.text("number", str(seat.number), valign="middle")
    f.text("seat", seat_name)
    f.text("footer", edition(ctx, data))
    return f.drawing(shape=shape, **back_look(ctx, seat.colour).values())


def _action_front(ctx, data, comp, seat, seat_name, a, back):
    def build():
        key = f"ground/action/{a.id}"
        f = Face(ctx, comp, f"{seat.id}-{a.id}", "ground/action")
        f.text("seat", seat_name)
        f.text("tag", ui(ctx, comp, "Step %(step)s") % {"step": a.step})
        f.text("name", ctx.p_(key, a.name))
        f.text("target", ctx.p_(key, a.target))
        for i, e in enumerate(a.effects):
            f.text("effect", ctx.p_(key, e), i=i)
        for i, gm in enumerate(a.modes):
            mkey = f"ground/action/ground/{gm.id}"
            f.box("mode-badge", i=i)
            f.text("mode-id", gm.id, i=i)
            f.text("mode-name", ctx.p_(mkey, gm.name), i=i)
            f.text("mode-effect", ctx.p_(mkey, gm.effect), i=i)
        f.text("footer", edition(ctx, data))
        return Card(f"{seat.id}-{a.id}", f.drawing(band=seat.colour), back)
    return build


ACTIONS = "ground-action-cards"
CHOICE = "choice"  # the Ground choice card's id after the seat's ("red-choice") and its bill-of-materials piece


def _choice_front(ctx, data, comp, seat, back):
    """A seat's Ground choice card (the rulings' secret choice when several players revealed Ground): the modes
    with their options to circle in pencil, laid face down (the seat's Action back) and turned up together."""
    def build():
        seat_name = seat_label(ctx, seat)
        f = Face(ctx, comp, f"{seat.id}-{CHOICE}", "ground/action")
        f.text("seat", seat_name)
        f.text("tag", ui(ctx, ACTIONS, "Secret"))
        f.text("name", ui(ctx, ACTIONS, "Ground choice"))
        f.text("target", ui(ctx, ACTIONS, "After Reveal, in pencil"))
        f.text("effect", ui(ctx, ACTIONS, "Circle a mode and one option, write its target. Lay this card face down; "
                                          "turn it up with the other Ground players."), i=0)
        ground = next(a for a in data.actions if a.modes)
        options = {"GR": ui(ctx, ACTIONS, "You: no target."),
                   "OU": ui(ctx, ACTIONS, "restore Problem …\u00a0· cancel the Attack of …\u00a0· protect Problem …"),
                   "ND": ui(ctx, ACTIONS, "remove a Blame\u00a0· break the relation with …\u00a0· reject the Reverse")}
        for i, gm in enumerate(ground.modes):
            f.box("mode-badge", i=i)
            f.text("mode-id", gm.id, i=i)
            f.text("mode-name", ctx.p_(f"ground/action/ground/{gm.id}", gm.name), i=i)
            f.text("mode-effect", options[gm.id], i=i)
        f.text("footer", edition(ctx, data))
        return Card(f"{seat.id}-{CHOICE}", f.drawing(band=seat.colour), back, piece=CHOICE)
    return build


def reference_card(ctx: BuildContext) -> list[Artifact]:
    """The reference cards: one-sided sheets, single cards (with their back, for print shops), a preview."""
    return deck_files(ctx, reference_deck(ctx))


def reference_deck(ctx: BuildContext) -> Deck:
    """Reference: the round (Select, Reveal, Resolve in step order, End), DARVO stages, the Denied marking."""
    data = ctx.model.ground
    comp = "ground-reference"
    back = _back(ctx, data, comp, ui(ctx, comp, "Reference"), BACK["reference"])
    return Deck(comp, "ground/reference", ui(ctx, comp, "GROUND Reference"),
                tuple(collect([_ref_round(ctx, data, comp, back), _ref_darvo(ctx, data, comp, back),
                               _ref_denied(ctx, data, comp, back)])),
                kind="reference", back_bleed=back_look(ctx, BACK["reference"]).bleed, one_sided=True)


def _ref_round(ctx, data, comp, back):
    def build():
        f = Face(ctx, comp, "round", "ground/reference")
        f.text("kind", ui(ctx, comp, "The round"))
        half = (len(data.resolve) + 1) // 2
        for i, st in enumerate(data.steps, 1):
            f.text("step", step_label(ctx, i, st), i=i)
            f.text("step-text", ctx.p_(f"ground/step/{st.id}", st.text), i=i)
            if st.id == "resolve":
                for k, (order, name) in enumerate(data.resolve):
                    f.box("order-box", i=k, rows=half)
                    f.text("order", str(order), i=k, rows=half)
                    f.text("res", ctx.p_("ground-reference", name), i=k, rows=half)
        f.text("footer", edition(ctx, data))
        return Card("round", f.drawing(band=BACK["reference"]), back)
    return build


def _ref_darvo(ctx, data, comp, back):
    def build():
        f = Face(ctx, comp, "darvo", "ground/reference")
        f.text("kind", "DARVO")
        f.stack("darvo", [ctx.p_("ground-player-mats", data.mat.darvo_text)] +
                [ctx.p_("ground-reference", data.reference[k]) for k in ("darvo_deny", "darvo_attack", "darvo_reverse")])
        f.text("footer", edition(ctx, data))
        return Card("darvo", f.drawing(band=BACK["reference"]), back)
    return build


def _ref_denied(ctx, data, comp, back):
    """The Denied marking on a card of its own (issue 47: the DARVO card's text at 7.5 pt needs its whole face)."""
    def build():
        f = Face(ctx, comp, "denied", "ground/reference")
        f.text("kind", ui(ctx, comp, "Denied"))
        f.text("denied", ctx.p_("ground-reference", data.reference["denied"]), valign="middle")
        f.text("footer", edition(ctx, data))
        return Card("denied", f.drawing(band=BACK["reference"]), back)
    return build
