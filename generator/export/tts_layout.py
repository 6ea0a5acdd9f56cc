"""Where every object of a Tabletop Simulator table lands: the scale of its pieces and the seats round the table.

Scale (docs/TABLETOP.md, "Scale"): TTS positions are in inches (its measuring tool reads inches); a card at
scale 1 shows 3.5 in (88.9 mm) tall whatever its picture's pixels, and a custom tile, token or figurine at scale 1
shows 1.318 in (33.48 mm) along its picture's height, its width following the picture's shape (frankieliu/tts-tools
docs/TTS_SCALING_SOLVED.md, commit 6a359151: Clank Legacy's boards measured at 20 x 29 in against their scale 22
and their images; the same measurement found cards 3.5 in tall at scale 1). The kit's cards are 63.5 x 88.9 mm, so
cards keep scale 1 and every other piece gets the scale that shows it at its printed size.

Layout: the game's centre pieces (board, track, belt ladder) in a row in the middle, the shared pieces (decks to
draw from, reference cards, bags of tokens, the rules) packed beside them, and one seat per player of the game's
bill of materials (Dojo 8, GROUND 6, duel 2) along the south and north edges: each seat's pieces packed in front of
it and its hand zone (a HandTrigger of the seat's colour) behind them. Every object's footprint is a rectangle
(axis-aligned: pieces are turned by 0 or 180 degrees only) and the packer never lets two of them meet."""

from __future__ import annotations

from dataclasses import dataclass, field

MM_PER_UNIT = 25.4  # a TTS unit is an inch
CARD_MM = (63.5, 88.9)  # a card at scale 1 (the kit's cards are this size: scale 1)
TILE_MM = 33.48  # a tile, token or figurine at scale 1, along its picture's height
BAG_UNITS = 2.6  # a bag at scale 1: its footprint (a square this wide, the bag's round base inside it)
PDF_UNITS_HIGH = 5.0  # the rules booklet's PDF object: its page this tall on the table (zoomed in to read)
GAP = 0.5  # between two objects' footprints (units)
SHARED_WIDTH = 22.0  # the shared block's rows are at most this wide (units)
SEAT_WIDTH = 13.0  # a seat's rows are at most this wide (units)
HAND_DEPTH = 4.0  # a hand zone's depth (units)
COLOURS = ("White", "Red", "Orange", "Yellow", "Green", "Blue", "Purple", "Pink", "Brown", "Teal")


def tile_scale(height_mm: float) -> float:
    """The scale that shows a tile, token or figurine picture height_mm tall (its printed height)."""
    return round(height_mm / TILE_MM, 4)


def tile_size(scale: float, px: tuple[int, int]) -> tuple[float, float]:
    """A tile or token's footprint (width, depth in units) at this scale, from its picture's pixels."""
    depth = scale * TILE_MM / MM_PER_UNIT
    return depth * px[0] / px[1], depth


def card_size() -> tuple[float, float]:
    """A card's footprint (units)."""
    return CARD_MM[0] / MM_PER_UNIT, CARD_MM[1] / MM_PER_UNIT


@dataclass
class Spot:
    """An object to place: its footprint (units) and where it belongs ('centre', 'shared' or a seat number)."""

    obj: dict
    size: tuple[float, float]
    zone: str | int
    x: float = 0.0
    z: float = 0.0


@dataclass
class Table:
    """The placed objects, the seats' hand zones and each seat's box (x0, z0, x1, z1) for the pictures."""

    spots: list[Spot] = field(default_factory=list)
    hands: list[tuple[str, float, float, float, float]] = field(default_factory=list)  # colour, x, z, width, rotY


def _pack(spots: list[Spot], width: float) -> tuple[float, float]:
    """Shelf-pack spots into rows at most width wide (positions relative to the block's top-left corner, +z up
    the table, so rows go down in z); the block's width and depth."""
    x = z = row_depth = used = 0.0
    for s in spots:
        w, d = s.size
        if x > 0 and x + w > width:
            z -= row_depth + GAP
            x, row_depth = 0.0, 0.0
        s.x, s.z = x + w / 2, z - d / 2
        x += w + GAP
        used = max(used, x - GAP)
        row_depth = max(row_depth, d)
    return used, -z + row_depth


def _move(spots: list[Spot], dx: float, dz: float) -> None:
    for s in spots:
        s.x, s.z = round(s.x + dx, 3), round(s.z + dz, 3)


def arrange(spots: list[Spot], seats: int, colours: list[str] | None = None) -> Table:
    """Place every spot (module docstring); the hand zones of seats seats, in these player colours."""
    colours = colours or list(COLOURS[:seats])
    centre = [s for s in spots if s.zone == "centre"]
    shared = [s for s in spots if s.zone == "shared"]
    cw, cd = _pack(centre, 1e9)
    sw, sd = _pack(shared, SHARED_WIDTH)
    middle_w = cw + (GAP * 4 if centre and shared else 0) + sw
    _move(centre, -middle_w / 2, cd / 2)
    _move(shared, -middle_w / 2 + middle_w - sw, sd / 2)
    half = max(cd, sd) / 2
    table = Table(list(spots))
    south = (seats + 1) // 2
    blocks = []
    for seat in range(seats):
        own = [s for s in spots if s.zone == seat]
        blocks.append((own, *_pack(own, SEAT_WIDTH)))
    pitch = max([w for _, w, _ in blocks] + [SEAT_WIDTH * 0.6]) + 3 * GAP
    for seat, (own, w, d) in enumerate(blocks):
        north = seat >= south
        index = seat - south if north else seat
        count = seats - south if north else south
        cx = (index - (count - 1) / 2) * pitch
        if north:  # north seats face south: their row goes right to left as they see it
            cx = -cx
        edge = half + 3 * GAP
        top = edge + d if north else -edge
        _move(own, cx - w / 2, top)
        if north:
            for s in own:
                s.obj["Transform"]["rotY"] = 0.0  # turned to face its player
        hand_z = top + HAND_DEPTH / 2 + 2 * GAP if north else top - d - HAND_DEPTH / 2 - 2 * GAP
        table.hands.append((colours[seat], round(cx, 3), round(hand_z, 3), round(max(w, SEAT_WIDTH * 0.6), 3),
                            180.0 if north else 0.0))
    for s in table.spots:
        s.obj["Transform"]["posX"], s.obj["Transform"]["posZ"] = s.x, s.z
    return table


def footprint(spot: Spot) -> tuple[float, float, float, float]:
    """A placed spot's rectangle (x0, z0, x1, z1)."""
    w, d = spot.size
    return spot.x - w / 2, spot.z - d / 2, spot.x + w / 2, spot.z + d / 2
