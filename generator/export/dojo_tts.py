"""The Dojo Labyrinth on the digital table (content/games.toml `tts`; export/tts*.py read these facts): what its
decks' cards are called, how its decks lie, what its piece sheets hold, where its board and belt ladder take
pieces, and each seat's printed colour."""

from __future__ import annotations

from typing import Any

from ..components.dojo_belt_ladder import BOX_H as LADDER_BOX, GOAL_W, MARGIN as LADDER_MARGIN, TOP as LADDER_TOP
from ..components.dojo_belt_ladder import strip_box
from ..components.dojo_board import M as BOARD_MARGIN, S as BOARD_SQUARE
from ..components.dojo_board_sheets import SIZE as BOARD_SIZE
from ..components.dojo_pawns import BASE, PANEL
from ..content.dojo import NEBBIA_CTX, REF_CTX
from ..render.pdf import PAPERS_MM
from .tts_cards import CardName, Catalog, expanded as _expanded
from .tts_pieces import PX_PER_MM as PIECE_PX_PER_MM


def _nebbia(model: Any, t: Catalog) -> list[CardName]:
    return _expanded([(c, CardName(c.id, t.p_(f"{NEBBIA_CTX}/{c.id}", c.name))) for c in model.dojo.nebbia.cards])


def _dojo_reference(model: Any, t: Catalog) -> list[CardName]:
    return _expanded([(c, CardName(c.id, t.p_(f"{REF_CTX}/{c.id}", c.title))) for c in model.dojo.reference])


def board_cells(box: tuple[int, int, int, int], px_per_mm: float) -> list[tuple[float, float]]:
    """The Dojo board's 16 x 16 cell centres on its picture (mm from its top left), from where the A2 page places
    the board (components/dojo_board_sheets.a2_page) and where the picture was cut from the page."""
    w, h = PAPERS_MM["A2"]
    x, y = (w - BOARD_SIZE) / 2 + BOARD_MARGIN, (h - BOARD_SIZE - 70) / 2 + BOARD_MARGIN
    ox, oy = box[0] / px_per_mm, box[1] / px_per_mm
    return [(x + (c + 0.5) * BOARD_SQUARE - ox, y + (r + 0.5) * BOARD_SQUARE - oy) for r in range(16) for c in range(16)]


def ladder_steps(box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    """The belt ladder's 18 steps on its picture (mm from its top left): the cells components/dojo_belt_ladder.py
    draws on a landscape A4 page, less where the piece was cut from the page."""
    bw = (strip_box("A4")[2] - 5 - GOAL_W) / 18  # the figure's box: 18 cells, 3 mm, the goal, 2 mm
    ox, oy = box[0] / PIECE_PX_PER_MM, box[1] / PIECE_PX_PER_MM
    return [(LADDER_MARGIN + (i + 0.5) * bw - ox, LADDER_TOP + LADDER_BOX / 2 - oy) for i in range(18)]


NAMES = {"dojo-nebbia-deck": _nebbia, "dojo-reference": _dojo_reference}  # every deck's cards (tts_cards)
SETUP = {"dojo-nebbia-deck": (True, True)}  # deck -> (face down, shuffled) as the rules' setup wants it (tts.py)
# piece sheet -> its runs of pieces in cut order: (count, bom id, where, form) (tts_place.py)
PLAN = {"dojo-pawns": ((8, "dojo-pawn", "seat", "figurine"),),
        "dojo-belt-ladder": ((2, "dojo-belt-ladder", "centre", "tile"), (8, "dojo-ladder-marker", "seat", "token"))}
PER_SEAT: tuple[str, ...] = ()  # sheets whose plan is one seat's set, repeated for every seat
CENTRE = ("dojo-board",)  # pages laid (locked) in the middle of the table
FIGURINE = (BASE, PANEL)  # a fold-over pawn's net: its base and panel heights (mm, components/dojo_pawns.py)


def page_snaps(component: str, png: bytes, box: tuple[int, int, int, int], px_per_mm: float,
               model: Any) -> list[tuple[float, float]] | None:
    """The snap points of a page laid as a tile (mm on its picture): the board's cells."""
    return board_cells(box, px_per_mm) if component == "dojo-board" else None


def piece_snaps(bom: str, n: int, box: tuple[int, int, int, int], picture_mm: tuple[float, float], exp: Any
                ) -> list[tuple[float, float]] | None:
    """The snap points of a cut piece (mm on its picture): the belt ladder's steps on its first strip."""
    return ladder_steps(box) if bom == "dojo-belt-ladder" and n == 1 else None


def seat_colours(model: Any) -> list[str]:
    """Each seat's printed colour (#rrggbb): its pawn's."""
    return [p.colour for p in model.dojo.pawns.pawns]
