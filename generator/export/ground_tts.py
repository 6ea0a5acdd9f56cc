"""GROUND on the digital table (content/games.toml `tts`; export/tts*.py read these facts): what its decks'
cards are called, how its decks lie, what its piece sheets hold, where its mats take markers, and each seat's
printed colour."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable

from ..components.ground_mats import MAT_H, MAT_W, SPACE_BOXES
from ..render.face import layout
from .tts_cards import CardName, Catalog


def _ground(attr: str) -> Callable[[Any, Catalog], list[CardName]]:
    def names(model: Any, t: Catalog) -> list[CardName]:
        return [CardName(x.id, t.p_(f"ground/{x.id}", x.name)) for x in getattr(model.ground, attr)]
    return names


def _ground_actions(model: Any, t: Catalog) -> list[CardName]:
    """Each seat's Action cards and its Ground choice card, named with the seat as the printed cards are."""
    seats = [(seat, t.p_("ground-seat", "%(seat)s · %(number)s") % {  # the same message as the printed cards
        "seat": t.p_(f"ground/seat/{seat.id}", seat.name), "number": seat.number}) for seat in model.ground.seats]
    actions = [CardName(f"{seat.id}-{a.id}", t.p_(f"ground/action/{a.id}", a.name), name)
               for seat, name in seats for a in model.ground.actions]
    choices = [CardName(f"{seat.id}-choice", t.p_("ground-action-cards", "Ground choice"), name) for seat, name in seats]
    return actions + choices  # the printed order: every seat's Actions, then the choice cards on the last sheet


def _ground_reference(_model: Any, t: Catalog) -> list[CardName]:
    return [CardName("round", t.p_("ground-reference", "The round")), CardName("darvo", "DARVO"),
            CardName("denied", t.p_("ground-reference", "Denied"))]  # the Denied marking's own card (issue 47)


@functools.lru_cache(maxsize=4)
def _mat_slots(templates: Path) -> dict:
    """The GROUND mat's declared slots (read once per templates folder and process)."""
    return layout(templates, "ground/mat").slots


def mat_spaces(templates: Path, mat: Any, size_mm: tuple[float, float]) -> list[tuple[float, float]]:
    """The GROUND player mat's marker spaces (Stress 0-5, Freedom's sides, DARVO's stages, the relation slots) on
    its picture (mm from its top left), from the mat's declared layout (templates/ground/mat.toml) scaled to the
    picture, which is the mat as printed."""
    slots = _mat_slots(templates)
    kx, ky = size_mm[0] / MAT_W, size_mm[1] / MAT_H
    counts = {"stress": mat.stress_max + 1, "freedom": len(mat.freedom_sides), "darvo": len(mat.darvo),
              "relation": mat.relation_slots}
    out = []
    for space, box in SPACE_BOXES.items():
        b = slots[box]
        out += [((b.x + i * b.dx + b.w / 2) * kx, (b.y + i * b.dy + b.h / 2) * ky) for i in range(counts[space])]
    return out


NAMES: dict[str, Callable[[Any, Catalog], list[CardName]]] = {  # every deck's cards (tts_cards)
    "ground-solution-deck": _ground("solutions"),
    "ground-problem-cards": _ground("problems"),
    "ground-scenario-cards": _ground("scenarios"),
    "ground-mode-cards": _ground("modes"),
    "ground-action-cards": _ground_actions,
    "ground-reference": _ground_reference,
}
SETUP = {"ground-solution-deck": (True, True), "ground-problem-cards": (True, True),  # deck -> (face down,
         "ground-action-cards": (True, False)}                                         # shuffled) (tts.py)
# piece sheet -> its runs of pieces in cut order: (count, bom id, where, form) (tts_place.py)
PLAN = {
    "ground-tokens": ((6, "ground-tokens/protection", "infinite", "token"),
                      (6, "ground-tokens/denied", "infinite", "token"),
                      (1, "ground-tokens/lead", "shared", "token"), (1, "ground-tokens/round", "shared", "token"),
                      (5, "ground-tokens/round-track", "track", "tile")),
    "ground-seat-markers": ((1, "ground-seat-markers/stress", "bag", "tile"),
                            (1, "ground-seat-markers/freedom", "bag", "tile"),
                            (1, "ground-seat-markers/darvo", "bag", "tile"),
                            (1, "ground-seat-markers/focus-blame", "bag", "tile"),
                            (2, "ground-seat-markers/relation", "bag", "tile")),
    "ground-player-mats": ((6, "ground-player-mats", "seat", "tile"),),
}
PER_SEAT = ("ground-seat-markers",)  # sheets whose plan is one seat's set, repeated for every seat
CENTRE: tuple[str, ...] = ()  # pages laid (locked) in the middle of the table
FIGURINE = None  # no fold-over pawns


def page_snaps(component: str, png: bytes, box: tuple[int, int, int, int], px_per_mm: float,
               model: Any) -> list[tuple[float, float]] | None:
    """No page of GROUND is laid with snap points."""
    return None


def piece_snaps(bom: str, n: int, box: tuple[int, int, int, int], picture_mm: tuple[float, float], exp: Any
                ) -> list[tuple[float, float]] | None:
    """The snap points of a cut piece (mm on its picture): a player mat's marker spaces."""
    return mat_spaces(exp.templates, exp.model.ground.mat, picture_mm) if bom == "ground-player-mats" else None


def seat_colours(model: Any) -> list[str]:
    """Each seat's printed colour (#rrggbb)."""
    return [s.colour for s in model.ground.seats]
