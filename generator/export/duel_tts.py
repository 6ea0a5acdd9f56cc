"""The duel on the digital table (content/games.toml `tts`; export/tts*.py read these facts): what its decks'
cards are called, how its decks lie, what its piece sheet holds, where its track takes the fighters, and each
seat's printed colour."""

from __future__ import annotations

import io
from typing import Any, Callable

import numpy as np
from PIL import Image

from .tts_cards import CardName, Catalog

PIECES_CTX = "duel-pieces"


def _duel(attr: str) -> Callable[[Any, Catalog], list[CardName]]:
    def names(model: Any, t: Catalog) -> list[CardName]:
        return [CardName(f"{x.id}-{p.id}", t.p_("duel-terms", "%(term)s — %(name)s") % {  # as the printed cards
            "term": t.p_(f"duel/{x.id}", x.romaji), "name": t.p_(f"duel/{x.id}", x.name)},
                         t.p_(PIECES_CTX, p.name))
                for p in model.duel_pieces.players for x in getattr(model.duel, attr)]
    return names


def _duel_strikes(model: Any, t: Catalog) -> list[CardName]:
    """Each player's strikes, then each player's No action card (ruling D04), as the strike deck prints them."""
    comp = "duel-strike-cards"
    return _duel("strikes")(model, t) + [CardName(f"none-{p.id}", t.p_(comp, "No action"), t.p_(PIECES_CTX, p.name))
                                         for p in model.duel_pieces.players]


def _duel_reference(_model: Any, t: Catalog) -> list[CardName]:
    return [CardName("setup", t.p_("duel-rules", "Setup")),
            CardName("phases", t.p_("duel-reference", "Order of the fight")),
            CardName("actions", t.p_("duel-reference", "Actions")),
            CardName("hits", t.p_("duel-reference", "Damage"))]


def track_cells(png: bytes, cells: int, px_per_mm: float) -> list[tuple[float, float]]:
    """The duel track's cell centres on its picture (mm from its top left): the cells' row is where ink crosses
    the picture's whole width (their top and bottom borders), split into the track's number of cells."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(np.int16)
    ink = (765 - rgb.sum(axis=2)) > 300
    rows = np.flatnonzero(ink.sum(axis=1) > 0.8 * ink.shape[1])
    if rows.size == 0:
        return []
    band = ink[rows[0]:rows[-1] + 1]
    cols = np.flatnonzero(band.any(axis=0))
    x0, x1, yc = cols[0], cols[-1] + 1, (rows[0] + rows[-1] + 1) / 2
    step = (x1 - x0) / cells
    return [((x0 + (i + 0.5) * step) / px_per_mm, yc / px_per_mm) for i in range(cells)]


NAMES: dict[str, Callable[[Any, Catalog], list[CardName]]] = {  # every deck's cards (tts_cards)
    "duel-stance-cards": _duel("stances"),
    "duel-strike-cards": _duel_strikes,
    "duel-reference": _duel_reference,
}
SETUP = {"duel-stance-cards": (True, False), "duel-strike-cards": (True, False)}  # (face down, shuffled) (tts.py)
# piece sheet -> its runs of pieces in cut order: (count, bom id, where, form) (tts_place.py)
PLAN = {"duel-pieces": ((2, "duel-fighter", "seat", "token"), (2, "duel-order-slip", "seat", "tile"))}
PER_SEAT: tuple[str, ...] = ()  # sheets whose plan is one seat's set, repeated for every seat
CENTRE = ("duel-track",)  # pages laid (locked) in the middle of the table
FIGURINE = None  # no fold-over pawns


def page_snaps(component: str, png: bytes, box: tuple[int, int, int, int], px_per_mm: float,
               model: Any) -> list[tuple[float, float]] | None:
    """The snap points of a page laid as a tile (mm on its picture): the track's cells."""
    return track_cells(png, model.duel.track_cells, px_per_mm) if component == "duel-track" else None


def piece_snaps(bom: str, n: int, box: tuple[int, int, int, int], picture_mm: tuple[float, float], exp: Any
                ) -> list[tuple[float, float]] | None:
    """No piece of the duel takes snap points."""
    return None


def seat_colours(model: Any) -> list[str]:
    """Each seat's printed colour (#rrggbb): its player's."""
    return [p.colour for p in model.duel_pieces.players]
