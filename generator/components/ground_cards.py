"""GROUND card decks on the card engine: Solutions, Problems, Scenarios, Modes, Actions and the reference card."""

from __future__ import annotations

from ..content.ground import GroundData, present, require_ground
from ..content.ground_pieces import load_ground_pieces
from ..kit.model import Artifact, BuildContext
from ..render.cards import BLEED_H, BLEED_W, Card, Deck, deck_artifacts
from .common import small_print
from .ground_face import INK, INNER_W, M, MUTED, Face, collect, footer, ui
from .ground_icons import suit_icon

BACK_BG = "#24313f"


def _edition(ctx: BuildContext, data: GroundData) -> str:
    return small_print(ctx, f"GROUND · {ctx.p_('ground', data.title)}")


def _band(f: Face, colour: str, height: float = 17.0) -> None:
    f.rect(0, 0, BLEED_W, height, colour)


def _back(ctx: BuildContext, data: GroundData, component: str, label: str, colour: str = BACK_BG,
          sub: str | None = None, steps: tuple[str, ...] = ()):
    f = Face(ctx, component, "back", bg=colour)
    f.rect(M - 1.5, M - 1.5, INNER_W + 3, BLEED_H - 2 * M + 3, "none", "#ffffff", 0.5, 2.5)
    top = 12 if steps else 30  # with steps (a printed procedure) the brand moves up to make room
    f.text("GROUND", M, top, INNER_W, 10, 24, 16, bold=True, align="center", color="#ffffff", slot="brand")
    f.text(label, M, top + 14, INNER_W, 8, 14, 9, align="center", color="#ffffff", slot="kind")
    y = top + 25
    if sub:
        y += 2 + f.text(sub, M, y, INNER_W, 6, 10, 7, align="center", bold=bool(steps), color="#ffffff", slot="sub")
    if steps:
        f.stack([(f"step-{i}", f"{i}. {t}") for i, t in enumerate(steps, 1)], M, y, INNER_W, 8.5, 6.5,
                gap=1.2, color="#ffffff")
    footer(f, _edition(ctx, data), "#ffffff")
    return f.drawing()


def _suit_line(f: Face, data: GroundData, suit_id: str, y: float, label: str | None = None) -> None:
    s = data.suit(suit_id)
    f.svg(suit_icon(s.icon, M + 3.5, y + 3.5, 3.4, s.colour))
    text = ctx_suit(f.ctx, s.id, s.name)
    f.text(f"{label} {text}" if label else text, M + 9, y + 0.6, INNER_W - 9, 6, 11, 8, bold=True, slot="suit")


def ctx_suit(ctx: BuildContext, suit_id: str, name: str) -> str:
    """The translated suit name."""
    return ctx.p_(f"ground/suit/{suit_id}", name)


def solution_deck(ctx: BuildContext) -> list[Artifact]:
    """24 Solution cards, 6 per suit, told apart by icon and name; one common back."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-solution-deck"

    def front(sol):
        def build():
            s = data.suit(sol.suit)
            f = Face(ctx, comp, sol.id)
            _band(f, s.colour)
            f.svg(f'<circle cx="{M + 4.5}" cy="{M + 3.5}" r="5.2" fill="#ffffff"/>')
            f.svg(suit_icon(s.icon, M + 4.5, M + 3.5, 4.0, s.colour))
            f.text(ctx_suit(ctx, s.id, s.name), M + 11, M + 0.5, INNER_W - 11, 7, 13, 9, bold=True,
                   color="#ffffff", slot="suit")
            f.text(ui(ctx, comp, "Solution"), M, 20, INNER_W, 5, 8.5, 7, align="center", color=MUTED, slot="kind")
            f.svg(suit_icon(s.icon, BLEED_W / 2, 43, 12, s.colour))
            f.text(ctx.p_(f"ground/{sol.id}", sol.name), M, 60, INNER_W, 16, 15, 10, bold=True, align="center",
                   slot="name")
            footer(f, _edition(ctx, data))
            return Card(sol.id, f.drawing(), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Solution"))
    cards = collect([front(s) for s in data.solutions])
    return deck_artifacts(ctx, Deck(comp, "ground/solutions", ui(ctx, comp, "GROUND Solutions"), tuple(cards)))


def problem_cards(ctx: BuildContext) -> list[Artifact]:
    """Problem cards: required suit, value, priority and scenario; a back for face-down Problems."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-problem-cards"
    scen_of = {p: s for s in data.scenarios for p in (s.surface, *s.hidden)}

    def front(p):
        def build():
            s = data.suit(p.suit)
            sc = scen_of[p.id]
            f = Face(ctx, comp, p.id)
            _band(f, "#e9e6df", 15)
            f.text(ui(ctx, comp, "Problem"), M, M - 1, INNER_W / 2, 5, 9, 7, bold=True, color=MUTED, slot="kind")
            # every Problem shows its priority 1-4, the Surface Problem too (issue 17)
            tag = ui(ctx, comp, "Surface · priority %(priority)d") % {"priority": p.priority} if p.id == sc.surface \
                else ui(ctx, comp, "Priority") + f" {p.priority}"
            f.text(tag, M + INNER_W * 0.4, M - 1, INNER_W * 0.6, 5, 9, 6, bold=True, align="center", narrow=True,
                   slot="priority")
            f.text(ctx.p_(f"ground/{p.id}", p.name), M, 19, INNER_W, 14, 15, 10, bold=True, align="center",
                   slot="name")
            f.text(ui(ctx, comp, "Needs"), M, 37, INNER_W, 5, 9, 7, color=MUTED, slot="needs")
            _suit_line(f, data, p.suit, 43)
            f.svg(suit_icon(s.icon, BLEED_W - M - 6, 46.5, 5, s.colour))
            f.text(ui(ctx, comp, "Value"), M, 55, INNER_W, 5, 9, 7, color=MUTED, slot="value-label")
            f.svg(f'<circle cx="{M + 8}" cy="68" r="7.5" fill="#ffffff" stroke="{INK}" stroke-width="0.6"/>')
            f.text(str(p.value), M, 62.3, 16, 12, 24, 20, bold=True, align="center", slot="value")
            f.text(ctx.p_(f"ground/{sc.id}", sc.name), M + 19, 64, INNER_W - 19, 10, 9, 7, color=MUTED,
                   slot="scenario")
            footer(f, _edition(ctx, data))
            return Card(p.id, f.drawing(), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Problem"), "#4a3b2a", ui(ctx, comp, "Hidden: face down"))
    cards = collect([front(p) for p in data.problems])
    return deck_artifacts(ctx, Deck(comp, "ground/problems", ui(ctx, comp, "GROUND Problems"), tuple(cards)))


def scenario_cards(ctx: BuildContext) -> list[Artifact]:
    """Scenario cards: Surface Problem, hidden Problems by priority, thresholds and the player-count filter."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-scenario-cards"

    def front(sc):
        def build():
            f = Face(ctx, comp, sc.id)
            _band(f, "#e9e6df", 15)
            f.text(ui(ctx, comp, "Scenario"), M, M - 1, INNER_W, 5, 9, 7, bold=True, color=MUTED, slot="kind")
            y = 16 + f.text(ctx.p_(f"ground/{sc.id}", sc.name), M, 16, INNER_W, 9, 14, 10, bold=True,
                            align="center", slot="name")
            f.text(ui(ctx, comp, "Surface Problem (face up)"), M, y + 1, INNER_W, 4, 7.5, 6, bold=True,
                   color=MUTED, slot="surface-label")
            sp = data.problem(sc.surface)
            y += 5 + f.text(f"{ctx.p_(f'ground/{sp.id}', sp.name)} ({sp.value})", M, y + 5, INNER_W, 5, 9, 6.5,
                            slot="surface")
            f.text(ui(ctx, comp, "Hidden Problems by priority"), M, y + 1, INNER_W, 4, 7.5, 6, bold=True,
                   color=MUTED, slot="hidden-label")
            y += 5
            for prio in (1, 2, 3, 4):
                names = [f"{ctx.p_(f'ground/{h}', data.problem(h).name)} ({data.problem(h).value})"
                         for h in sc.hidden if data.problem(h).priority == prio]
                y += f.text(f"{prio}: " + "; ".join(names), M, y, INNER_W, 7.5, 8, 5.6, narrow=True,
                            slot=f"priority-{prio}")
            y = max(y + 1.5, 62)
            f.rect(M, y, INNER_W, 18.5, "#f4f2ec", MUTED, 0.25, 1)
            cols = [ui(ctx, comp, "Players"), ui(ctx, comp, "Threshold"), ui(ctx, comp, "Priorities")]
            for i, label in enumerate(cols):
                f.text(label, M + 1 + i * INNER_W / 3, y + 0.8, INNER_W / 3 - 2, 4, 7, 5.5, bold=True,
                       slot=f"head-{i}")
            for r, band in enumerate(data.thresholds):
                cap = data.max_priority(band.lo)
                for i, val in enumerate((band.label(), str(band.value), f"1–{cap}")):
                    f.text(val, M + 1 + i * INNER_W / 3, y + 5.2 + r * 4.3, INNER_W / 3 - 2, 4, 8, 6,
                           bold=i == 1, slot=f"row-{r}-{i}")
            footer(f, _edition(ctx, data))
            return Card(sc.id, f.drawing(), back)
        return build

    # the set-up order that keeps hidden Problems secret (issue 17): filter, then shuffle face down
    steps = (ui(ctx, comp, "Put the Surface Problem face up in the middle of the table."),
             ui(ctx, comp, "Keep the hidden Problems whose priority your player count allows (table on the front); "
                           "return the others to the box."),
             ui(ctx, comp, "Shuffle the kept Problems face down, so that nobody knows which is which, and lay them "
                           "face down beside the Surface Problem."))
    back = _back(ctx, data, comp, ui(ctx, comp, "Scenario"), "#3d4a2a", ui(ctx, comp, "Setup"), steps)
    cards = collect([front(s) for s in data.scenarios])
    return deck_artifacts(ctx, Deck(comp, "ground/scenarios", ui(ctx, comp, "GROUND Scenarios"), tuple(cards)))


def mode_cards(ctx: BuildContext) -> list[Artifact]:
    """The 3 Mode cards with their scoring and tie-breaks."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-mode-cards"

    def front(m):
        def build():
            f = Face(ctx, comp, m.id)
            _band(f, "#e9e6df", 15)
            f.text(ui(ctx, comp, "Mode"), M, M - 1, INNER_W / 2, 5, 9, 7, bold=True, color=MUTED, slot="kind")
            f.text(ctx.p_(f"ground/{m.id}", m.kind), M + INNER_W / 2, M - 1, INNER_W / 2, 5, 8.5, 6,
                   align="center", slot="type")
            y = 16 + f.text(ctx.p_(f"ground/{m.id}", m.name), M, 16, INNER_W, 12, 14, 9.5, bold=True,
                            align="center", slot="name")
            y += 1.5 + f.text(ctx.p_(f"ground/{m.id}", m.goal), M, y + 1.5, INNER_W, 12, 9, 6.5, slot="goal")
            f.text(ui(ctx, comp, "Scoring"), M, y + 1, INNER_W, 4, 7.5, 6, bold=True, color=MUTED, slot="sc-label")
            y += 5.5 + f.text(ctx.p_(f"ground/{m.id}", m.scoring), M, y + 5.5, INNER_W, 24, 9, 6.2, slot="scoring")
            f.text(ui(ctx, comp, "Tie-breaks"), M, y + 1, INNER_W, 4, 7.5, 6, bold=True, color=MUTED,
                   slot="tb-label")
            y += 5.5
            none = ui(ctx, comp, "None: the group wins or loses together.")
            ties = [ctx.p_(f"ground/{m.id}", t) for t in m.tiebreaks] or [none]
            for i, t in enumerate(ties, 1):
                y += f.text(f"{i}. {t}" if m.tiebreaks else t, M, y, INNER_W, 5, 8.5, 6.2, slot=f"tiebreak-{i}")
            footer(f, _edition(ctx, data))
            return Card(m.id, f.drawing(), back)
        return build

    back = _back(ctx, data, comp, ui(ctx, comp, "Mode"), "#3a2a4a")
    cards = collect([front(m) for m in data.modes])
    return deck_artifacts(ctx, Deck(comp, "ground/modes", ui(ctx, comp, "GROUND Modes"), tuple(cards)))


def action_cards(ctx: BuildContext) -> list[Artifact]:
    """The 5 Actions for each of the 6 seats (30 cards); backs show only the seat, so selection stays secret."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-action-cards"
    cards = []
    for seat in data.seats:
        seat_name = f"{ctx.p_(f'ground/seat/{seat.id}', seat.name)} · {seat.number}"
        back = _seat_back(ctx, data, comp, seat, seat_name)
        cards.extend(collect([_action_front(ctx, data, comp, seat, seat_name, a, back) for a in data.actions]))
    return deck_artifacts(ctx, Deck(comp, "ground/actions", ui(ctx, comp, "GROUND Actions"), tuple(cards)))


def _seat_back(ctx: BuildContext, data: GroundData, comp: str, seat, seat_name: str):
    f = Face(ctx, comp, f"back-{seat.id}", bg=seat.colour)
    f.rect(M - 1.5, M - 1.5, INNER_W + 3, BLEED_H - 2 * M + 3, "#ffffff", None, 0, 2.5)
    symbol = load_ground_pieces(ctx.root).symbols.get(seat.id, "circle")  # the seat symbol: readable without colour
    f.svg(suit_icon(symbol, BLEED_W / 2, 52, 13 if symbol in ("triangle", "star") else 11.5, seat.colour))
    f.text(str(seat.number), BLEED_W / 2 - 10, 45, 20, 14, 28, 20, bold=True, align="center", color="#ffffff",
           slot="number")
    f.text("GROUND", M, 16, INNER_W, 9, 20, 14, bold=True, align="center", slot="brand")
    f.text(ui(ctx, comp, "Action"), M, 27, INNER_W, 6, 11, 8, align="center", slot="kind")
    f.text(seat_name, M, 66, INNER_W, 7, 12, 8, bold=True, align="center", slot="seat")
    footer(f, _edition(ctx, data))
    return f.drawing()


def _action_front(ctx, data, comp, seat, seat_name, a, back):
    def build():
        f = Face(ctx, comp, f"{seat.id}-{a.id}")
        _band(f, seat.colour, 15)
        f.rect(M - 1, M - 2.2, INNER_W + 2, 7.6, "#ffffff", None, 0, 1.5)
        f.text(seat_name, M, M - 1.6, INNER_W * 0.62, 6, 9, 6.5, bold=True, slot="seat")
        f.text(ui(ctx, comp, "Step") + f" {a.step}", M + INNER_W * 0.62, M - 1.6, INNER_W * 0.38, 6, 9, 6.5,
               align="center", slot="step")
        y = 17 + f.text(ctx.p_(f"ground/action/{a.id}", a.name), M, 17, INNER_W, 9, 17, 11, bold=True,
                        align="center", slot="name")
        y += 1 + f.text(ctx.p_(f"ground/action/{a.id}", a.target), M, y + 1, INNER_W, 8, 8, 6, align="center",
                        color=MUTED, slot="target")
        y += 2
        for i, e in enumerate(a.effects):
            y += 1 + f.text(ctx.p_(f"ground/action/{a.id}", e), M, y + 1, INNER_W, 16, 8.6, 6, slot=f"effect-{i}")
        for gm in a.modes:
            key = f"ground/action/ground/{gm.id}"
            f.rect(M, y + 1, 9, 5.2, INK, None, 0, 1)
            f.text(gm.id, M, y + 1.3, 9, 5, 8.5, 7, bold=True, align="center", color="#ffffff", slot=f"{gm.id}-id")
            f.text(ctx.p_(key, gm.name), M + 10.5, y + 1.3, INNER_W - 10.5, 5, 8.5, 6, bold=True,
                   slot=f"{gm.id}-name")
            y += 6.8 + f.text(ctx.p_(key, gm.effect), M, y + 6.8, INNER_W, 14, 7.8, 5.4, slot=f"{gm.id}-effect")
        footer(f, _edition(ctx, data))
        return Card(f"{seat.id}-{a.id}", f.drawing(), back)
    return build


def reference_card(ctx: BuildContext) -> list[Artifact]:
    """Reference: the round (Select, Reveal, Resolve in step order, End), DARVO stages and the Denied marking."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-reference"
    back = _back(ctx, data, comp, ui(ctx, comp, "Reference"))
    return deck_artifacts(ctx, Deck(comp, "ground/reference", ui(ctx, comp, "GROUND Reference"),
                                    tuple(collect([_ref_round(ctx, data, comp, back),
                                                   _ref_darvo(ctx, data, comp, back)])), kind="reference"))


def _ref_round(ctx, data, comp, back):
    def build():
        f = Face(ctx, comp, "round")
        f.text(ui(ctx, comp, "The round"), M, M, INNER_W, 7, 13, 9, bold=True, align="center", slot="title")
        y = M + 8
        for i, st in enumerate(data.steps, 1):
            f.text(f"{i}. {ctx.p_(f'ground/step/{st.id}', st.name)}", M, y, INNER_W, 5, 9.5, 7, bold=True,
                   slot=f"step-{st.id}")
            y += 4.6 + f.text(ctx.p_(f"ground/step/{st.id}", st.text), M + 3, y + 4.6, INNER_W - 3, 10, 7.8, 5.6,
                              slot=f"step-{st.id}-text")
            if st.id == "resolve":
                y += 0.6
                half = (len(data.resolve) + 1) // 2
                for k, (order, name) in enumerate(data.resolve):
                    x = M + 3 + (k // half) * (INNER_W - 3) / 2
                    yy = y + (k % half) * 4.7
                    f.rect(x, yy + 0.3, 4.6, 4.2, INK, None, 0, 0.8)
                    f.text(str(order), x, yy + 0.5, 4.6, 4, 7.5, 6, bold=True, align="center", color="#ffffff",
                           slot=f"order-{order}")
                    f.text(ctx.p_("ground-reference", name), x + 5.6, yy + 0.4, (INNER_W - 3) / 2 - 6, 4.4, 8, 5.5,
                           slot=f"res-{order}")
                y += half * 4.7 + 0.6
        footer(f, _edition(ctx, data))
        return Card("round", f.drawing(), back)
    return build


def _ref_darvo(ctx, data, comp, back):
    def build():
        f = Face(ctx, comp, "darvo")
        f.text("DARVO", M, M, INNER_W, 7, 13, 9, bold=True, align="center", slot="title")
        y = M + 8
        texts = [("trigger", ctx.p_("ground-player-mats", data.mat.darvo_text))] + [
            (k, ctx.p_("ground-reference", data.reference[k])) for k in ("darvo_deny", "darvo_attack", "darvo_reverse")]
        y += f.stack(texts, M, y, INNER_W, 8.6, 5.8, gap=1.4, bottom=BLEED_H - M - 3.6 - 19) + 1.5
        f.rect(M, y, INNER_W, 17, "#f4f2ec", MUTED, 0.25, 1)
        f.rect(M + 2, y + 2, 9, 9, "#1d1d1b", None, 0, 1)
        f.svg(f'<path d="M{M + 3.5} {y + 3.5}l6 6M{M + 9.5} {y + 3.5}l-6 6" stroke="#ffffff" stroke-width="0.9"/>')
        f.text(ctx.p_("ground-reference", data.reference["denied"]), M + 12.5, y + 1, INNER_W - 14, 15.5, 7.6, 5.4,
               slot="denied")
        footer(f, _edition(ctx, data))
        return Card("darvo", f.drawing(), back)
    return build
