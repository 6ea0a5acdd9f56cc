"""[dojo-board] The 16x16 board drawn from the model with svgwrite: one quadrant per page (A4, Letter), one A2 sheet."""

from __future__ import annotations

import svgwrite

from ..board.model import DOJO, N, SAFE, Board
from ..content.dojo import SQUARE_CTX, SquareType
from ..plan.model import BuildContext
from ..problems import CheckFailed, Problem
from ..render.icons import icon, transform_path
from ..render.layout import Slot, Where, fit, glyph_problems
from ..render.svg import Drawing, collected_drawing
from ..render.templates import Sketch, collect
from . import dojo_links

COMPONENT = "dojo-board"
S = 23.0  # square size, mm
M = 7.0  # margin around the board inside the drawing (coordinates), mm
SIZE = N * S + 2 * M
COLS = "ABCDEFGHIJKLMNOP"
WALL, GRID, INK = "#1b1b1b", "#9a927f", "#1d1a16"
SHEETS = ((0, 0), (0, 1), (1, 0), (1, 1))  # (row, column) of each quadrant page, reading order
QUADRANT_OF_SHEET = {(0, 0): 0, (0, 1): 1, (1, 1): 2, (1, 0): 3}  # the model numbers quadrants clockwise
HALF = M + 8 * S  # a quadrant with its outer coordinate margin, mm
STRIP = 7.0  # glue strip beyond a seam, mm


def coord(i: int) -> str:
    """Printed coordinate of a square: column letter and row number, e.g. C5."""
    r, c = divmod(i, N)
    return f"{COLS[c]}{r + 1}"


def tunnel_labels(board: Board) -> dict[int, str]:
    """A unique label per linked tunnel pair: its digit and a letter (1A, 1B, ...), same on both ends."""
    labels: dict[int, str] = {}
    count: dict[str, int] = {}
    for i, j in enumerate(board.links):
        if j is None or i in labels:
            continue
        digit = board.codes[i]
        k = count.get(digit, 0)
        count[digit] = k + 1
        labels[i] = labels[j] = f"{digit}{COLS[k]}"
    return labels


class IconBatch:
    """Icons collected by paint (mode, colour, stroke width) and emitted as one path each (fewer SVG nodes)."""

    def __init__(self) -> None:
        self.paths: dict[tuple[str, str, float], list[str]] = {}

    def add(self, name: str, x: float, y: float, size: float, color: str, bg: str) -> None:
        """Queue an icon in a size x size box at (x, y)."""
        scale = size / 10
        for d, mode in icon(name).paths:
            if mode in ("fill", "hole"):
                key = ("fill", color if mode == "fill" else bg, 0.0)
            else:
                key = (mode, color, round((1.6 if mode == "dots" else 1.0) * scale, 4))
            self.paths.setdefault(key, []).append(transform_path(d, x, y, scale))

    def emit(self, dwg) -> None:
        """Add the collected paths to the drawing."""
        for (mode, color, width), parts in self.paths.items():
            if mode == "fill":
                dwg.add(dwg.path(d="".join(parts), fill=color))
            else:
                dwg.add(dwg.path(d="".join(parts), fill="none", stroke=color, stroke_width=width,
                                 stroke_linecap="round", stroke_linejoin="round"))


def _icon(dwg, name: str, x: float, y: float, size: float, color: str, bg: str):
    g = dwg.g(transform=f"translate({x:.3f} {y:.3f}) scale({size / 10:.4f})")
    for d, mode in icon(name).paths:
        if mode in ("fill", "hole"):
            g.add(dwg.path(d=d, fill=color if mode == "fill" else bg))
        else:
            g.add(dwg.path(d=d, fill="none", stroke=color, stroke_width=1.6 if mode == "dots" else 1,
                           stroke_linecap="round", stroke_linejoin="round"))
    return g


def _text(dwg, sketch: Sketch | None, value: str, x: float, y: float, size: float, bold: bool = False,
          color: str = INK, anchor_center: bool = False) -> None:
    """Text at a baseline (mm), added to dwg; centred by measuring it with the font's metrics, not by text-anchor.
    A text the sketch takes adds nothing (no empty group: cairosvg would walk hundreds of them for nothing)."""
    from ..render.fonts import face, string_width

    if anchor_center:
        x -= string_width(value, face("PT Sans", bold), size) / 2
    if collect(sketch, "label", value, x, y, size, color, bold, "start"):  # drawn by cairo over the board's art
        return
    kw = {"font_weight": "bold"} if bold else {}
    dwg.add(dwg.text(value, insert=(f"{x:.3f}", f"{y:.3f}"), font_family="PT Sans", font_size=f"{size:.3f}",
                     fill=color, **kw))


def _ground(dwg, i: int, sq: SquareType) -> None:
    """A square's background (drawn before the tunnel links)."""
    r, c = divmod(i, N)
    dwg.add(dwg.rect((M + c * S, M + r * S), (S, S), fill=sq.colour))


def _square(dwg, sketch: Sketch | None, ctx: BuildContext, board: Board, i: int, sq: SquareType,
            labels: dict[int, str],
            icons: IconBatch) -> None:
    r, c = divmod(i, N)
    x, y = M + c * S, M + r * S
    letter = ctx.p_(f"{SQUARE_CTX}/{sq.id}", sq.letter)
    if sq.code == SAFE:
        _text(dwg, sketch, letter, x + 1.5, y + 5, 4.2, True, "#4a6a85")
        return
    if sq.code == DOJO:  # one block with one label (see _regions): no letter per square
        return
    if i in labels:
        icons.add(sq.icon, x + 1.5, y + 1.5, 6, INK, sq.colour)
        _text(dwg, sketch, labels[i], x + S / 2, y + 13.9, 8.5, True, INK, anchor_center=True)  # above LANE_Y
        j = board.links[i]
        icons.add("movement", x + S / 2 - 7, y + S - 5.6, 3.6, "#444", sq.colour)
        _text(dwg, sketch, coord(j), x + S / 2 - 3, y + S - 2.6, 3.6, False, "#333")
        return
    icons.add(sq.icon, x + S / 2 - 5, y + 4, 10, INK, sq.colour)
    _text(dwg, sketch, letter, x + 1.6, y + S - 1.8, 5.5, True, INK)


def _walls(dwg, board: Board) -> None:
    """Open sides as a thin grid, walls as thick lines: two paths (few SVG nodes: cairosvg is per node)."""
    grid, walls = [], []
    for i in range(N * N):
        r, c = divmod(i, N)
        x, y = M + c * S, M + r * S
        if c + 1 < N and not (board.codes[i] == DOJO and board.codes[i + 1] == DOJO):
            (grid if board.is_open(i, i + 1) else walls).append(f"M{x + S:.2f} {y:.2f}v{S:.2f}")
        if r + 1 < N and not (board.codes[i] == DOJO and board.codes[i + N] == DOJO):
            (grid if board.is_open(i, i + N) else walls).append(f"M{x:.2f} {y + S:.2f}h{S:.2f}")
    walls.append(f"M{M:.2f} {M:.2f}h{N * S:.2f}v{N * S:.2f}h{-N * S:.2f}z")
    dwg.add(dwg.path(d="".join(grid), fill="none", stroke=GRID, stroke_width=0.25))
    dwg.add(dwg.path(d="".join(walls), fill="none", stroke=WALL, stroke_width=1.1, stroke_linecap="square"))


LINK = "#8a82bd"  # the tunnel links' colour, opaque (pageqa/links.py finds the links on a printed page by it)
LANE_X, LANE_Y = 19.5, 16.4  # a square's lanes (mm from its top left): clear of everything _square draws (right
# of the icons and tunnel labels; under them and above the letters, 17.35, and the partner's coordinate, 17.9)
CORNER = 2.5  # a link's turns are rounded with this radius (mm)


def dojo_box(board: Board, pad: float = 1.0) -> tuple[float, float, float, float]:
    """The Central Dojo's rectangle on the drawing (mm), grown by pad."""
    rows = [divmod(i, N)[0] for i in board.dojo_squares]
    cols = [divmod(i, N)[1] for i in board.dojo_squares]
    return (M + min(cols) * S - pad, M + min(rows) * S - pad, M + (max(cols) + 1) * S + pad,
            M + (max(rows) + 1) * S + pad)


def lane_point(i: int) -> tuple[float, float]:
    """Where square i's two lanes cross (mm on the drawing): a link's end on a tunnel, its turns elsewhere."""
    r, c = divmod(i, N)
    return M + c * S + LANE_X, M + r * S + LANE_Y


def link_path(route: tuple[int, ...]) -> str:
    """SVG path data of a routed link: straight along the lanes, its turns rounded (CORNER)."""
    pts = [lane_point(i) for i in dojo_links.corners(route)]
    d = [f"M{pts[0][0]:.2f} {pts[0][1]:.2f}"]
    for (ax, ay), (bx, by), (cx, cy) in zip(pts, pts[1:], pts[2:]):
        u = (bx - ax, by - ay)
        v = (cx - bx, cy - by)
        lu, lv = abs(u[0]) + abs(u[1]), abs(v[0]) + abs(v[1])  # lanes are straight: one of the two is 0
        d.append(f"L{bx - u[0] / lu * CORNER:.2f} {by - u[1] / lu * CORNER:.2f}"
                 f"Q{bx:.2f} {by:.2f} {bx + v[0] / lv * CORNER:.2f} {by + v[1] / lv * CORNER:.2f}")
    d.append(f"L{pts[-1][0]:.2f} {pts[-1][1]:.2f}")
    return "".join(d)


def link_routes(board: Board) -> dict[tuple[int, int], tuple[int, ...] | None]:
    """The route of every link (i < j), worked out once per board (dojo_links)."""
    return dojo_links.link_routes(board)


def link_problems(board: Board) -> list[Problem]:
    """A tunnel link that finds no way along the lanes stops the build."""
    return [Problem("error", "board-link", f"the link between tunnels {coord(i)} and {coord(j)} cannot be drawn "
                    "along the board's lanes without crossing the Central Dojo, a Safe Room, another tunnel or "
                    "another link", "content/dojo/board/quadrant.txt", None, None, coord(i),
                    "move one of the two tunnels, or let the router share lanes (generator/components/dojo_links.py)")
            for (i, j), route in link_routes(board).items() if route is None]


def _links(dwg, board: Board) -> None:
    """Dashed lines joining each tunnel to its partner along the lanes (never across a label or an icon), with a
    dot at each end, beside its tunnel's label."""
    g = dwg.g(fill="none", stroke=LINK, stroke_width=0.7, stroke_dasharray="2.5 1.5", stroke_linejoin="round")
    ends = []
    for route in link_routes(board).values():
        if route:
            g.add(dwg.path(d=link_path(route)))
            ends += [lane_point(route[0]), lane_point(route[-1])]
    dwg.add(g)
    dots = dwg.g(fill=LINK)
    for x, y in ends:
        dots.add(dwg.circle((f"{x:.2f}", f"{y:.2f}"), 0.9))
    dwg.add(dots)


def _entrances(dwg, board: Board) -> None:
    """Each open side into the Central Dojo: a gold arrow on the threshold pointing in (readable without colour)."""
    g = dwg.g(fill="#f2c230", stroke=INK, stroke_width=0.35, stroke_linejoin="round")
    for out, inside in board.entrances:
        if not board.is_open(out, inside):
            continue
        (ro, co), (ri, ci) = divmod(out, N), divmod(inside, N)
        dx, dy = ci - co, ri - ro
        cx, cy = M + (ci + 0.5) * S - dx * S / 2, M + (ri + 0.5) * S - dy * S / 2  # midpoint of the shared side
        tip = (cx + dx * 5.8, cy + dy * 5.8)  # on the Dojo's side: over nothing the outer square prints (its label)
        base = [(cx - dx * 0.6 + dy * 3.6, cy - dy * 0.6 + dx * 3.6), (cx - dx * 0.6 - dy * 3.6, cy - dy * 0.6 - dx * 3.6)]
        g.add(dwg.path(d=f"M{tip[0]:.2f} {tip[1]:.2f}L{base[0][0]:.2f} {base[0][1]:.2f}L{base[1][0]:.2f} "
                         f"{base[1][1]:.2f}z"))
    dwg.add(g)


def _block(dwg, sketch: Sketch | None, block, x: float, y: float, color: str) -> None:
    """A laid-out text Block as svgwrite text lines."""
    if collect(sketch, "block", block, x, y, color, None):  # drawn by cairo over the board's art
        return
    for line, base in zip(block.lines, block.baselines()):
        lx = x + block.line_x(line)
        for run in line.runs:
            if not run.icon:
                kw = {"font_weight": "bold"} if block.slot.bold else {}
                dwg.add(dwg.text(run.text, insert=(f"{lx + run.x:.3f}", f"{y + base:.3f}"), font_family="PT Sans",
                                 font_size=f"{block.size:.3f}", fill=color, **kw))


def _regions(dwg, sketch: Sketch | None, ctx: BuildContext, board: Board, squares: dict[str, SquareType],
             quadrants: tuple[int, ...]) -> None:
    """The Central Dojo as one block with one label, and the Safe Rooms of the given quadrants, named, with icons."""
    dojo = squares["D"]
    name = ctx.p_(f"{SQUARE_CTX}/dojo", dojo.name)
    for x0, y0, x1, y1 in _dojo_parts(board, quadrants):
        whole = len(quadrants) == len(SHEETS)
        width, icon = (3 * S, 18) if whole else (2 * S - 4, 12)
        block = fit(name, Slot("dojo name", width, 14, 20 if whole else 14, 8, bold=True, align="center",
                               max_lines=2), Where(COMPONENT, "board", ctx.lang))
        cx = (x0 + x1) / 2
        top = y0 + S * 0.9 if whole else (y0 + y1) / 2 - icon - 1
        dwg.add(_icon(dwg, dojo.icon, cx - icon / 2, top, icon, "#efe4c8", dojo.colour))
        _block(dwg, sketch, block, cx - width / 2, top + icon + 3, "#efe4c8")
    safe = squares["S"]
    room = fit(ctx.p_(f"{SQUARE_CTX}/safe", safe.name), Slot("safe room name", 3 * S - 4, 8, 16, 8, bold=True,
                                                             align="center", max_lines=1), Where(COMPONENT, "board", ctx.lang))
    for k in quadrants:
        cells = [divmod(i, N) for i in board.room_squares(k)]
        if not cells:
            continue
        cr = sum(r for r, _ in cells) / len(cells)
        cc = sum(c for _, c in cells) / len(cells)
        cx, cy = M + (cc + 0.5) * S, M + (cr + 0.5) * S
        dwg.add(_icon(dwg, safe.icon, cx - 7, cy - 11, 14, "#4a6a85", safe.colour))
        _block(dwg, sketch, room, cx - (3 * S - 4) / 2, cy + 5, "#2c4a63")


def _dojo_parts(board: Board, quadrants: tuple[int, ...]) -> list[tuple[float, float, float, float]]:
    """Where the Central Dojo's label goes: the whole Dojo on the whole board; on a quadrant sheet the quadrant's
    quarter of it, so that no label is cut by a sheet's edge (issue 33)."""
    x0, y0, x1, y1 = dojo_box(board, 0.0)
    if len(quadrants) == len(SHEETS):
        return [(x0, y0, x1, y1)]
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    sheet = {k: rc for rc, k in QUADRANT_OF_SHEET.items()}
    return [(x0 if c == 0 else xm, y0 if r == 0 else ym, xm if c == 0 else x1, ym if r == 0 else y1)
            for r, c in (sheet[k] for k in quadrants)]


def _whole(i: int, region: tuple[float, float, float, float]) -> bool:
    """Square i lies wholly inside region (its tunnel label is not cut by the sheet's edge)."""
    r, c = divmod(i, N)
    x, y = M + c * S, M + r * S
    rx, ry, rw, rh = region
    return rx - 0.01 <= x and x + S <= rx + rw + 0.01 and ry - 0.01 <= y and y + S <= ry + rh + 0.01


def _coordinates(dwg, sketch: Sketch | None, region: tuple[float, float, float, float]) -> None:
    """Column letters above and below, row numbers left and right, where the region shows them."""
    rx, ry, rw, rh = region

    def inside(x: float, y: float) -> bool:
        return rx - 3 <= x <= rx + rw + 3 and ry - 3 <= y <= ry + rh + 3

    for k in range(N):
        for y in (M - 2, M + N * S + 5):
            if inside(M + (k + 0.5) * S, y):
                _text(dwg, sketch, COLS[k], M + (k + 0.5) * S, y, 4, True, "#555", anchor_center=True)
        for x in (M / 2, M + N * S + M / 2):
            if inside(x, M + (k + 0.5) * S):
                _text(dwg, sketch, str(k + 1), x, M + (k + 0.5) * S + 1.4, 4, True, "#555", anchor_center=True)


def check_strings(ctx: BuildContext, squares: list[SquareType]) -> None:
    """Every printed board string checked against the font (a missing glyph stops the build)."""
    where = Where(COMPONENT, "board", ctx.lang)
    slot = Slot("board", 100, 10, 8, 8, bold=True)
    problems = []
    letters: dict[str, str] = {}
    for sq in squares:
        for msg in (sq.letter, sq.name):
            problems += glyph_problems(ctx.p_(f"{SQUARE_CTX}/{sq.id}", msg), slot, where)
        letter = ctx.p_(f"{SQUARE_CTX}/{sq.id}", sq.letter)
        if letter in letters and sq.code not in (SAFE, DOJO):
            problems.append(Problem("error", "board-letter", f"{where.text('letter')}: squares {letters[letter]} "
                                    f"and {sq.id} print the same letter {letter!r}", where="board",
                                    hint="give every square type its own letter in the catalog"))
        letters[letter] = sq.id
    if problems:
        raise CheckFailed(problems)


def sheet_region(sheet: tuple[int, int]) -> tuple[float, float, float, float]:
    """The part of the board (x, y, w, h in mm of the full drawing) printed on a quadrant sheet, glue strips included."""
    qr, qc = sheet
    x0 = 0.0 if qc == 0 else M + 8 * S
    y0 = 0.0 if qr == 0 else M + 8 * S
    return x0, y0, HALF + (STRIP if qc == 0 else 0.0), HALF + (STRIP if qr == 0 else 0.0)


def _visible(i: int, region: tuple[float, float, float, float]) -> bool:
    r, c = divmod(i, N)
    x, y = M + c * S, M + r * S
    rx, ry, rw, rh = region
    return x < rx + rw and x + S > rx and y < ry + rh and y + S > ry


def board_svg(ctx: BuildContext, region: tuple[float, float, float, float] = (0.0, 0.0, SIZE, SIZE),
              quadrants: tuple[int, ...] = (0, 1, 2, 3), sketch: Sketch | None = None) -> str:
    """The board (or the part of it in region, x y w h mm) as SVG, naming the regions of the given quadrants; its
    labels and texts handed to the sketch when one is given (drawn by cairo over the SVG's art)."""
    squares = ctx.model.dojo.squares
    check_strings(ctx, list(squares))
    by_code = {s.code: s for s in squares}
    board = ctx.board
    labels = {i: label for i, label in tunnel_labels(board).items() if _whole(i, region)}
    rx, ry, rw, rh = region
    dwg = svgwrite.Drawing(size=(f"{rw:.3f}mm", f"{rh:.3f}mm"), viewBox=f"{rx:.3f} {ry:.3f} {rw:.3f} {rh:.3f}",
                           debug=False)
    dwg.add(dwg.rect((rx, ry), (rw, rh), fill="#ffffff"))
    problems = link_problems(board)
    if problems:
        raise CheckFailed(problems)
    icons = IconBatch()
    shown = [(i, by_code["1" if code.isdigit() else code]) for i, code in enumerate(board.codes)
             if _visible(i, region)]
    for i, sq in shown:
        _ground(dwg, i, sq)
    _links(dwg, board)  # along the lanes, under the icons and labels (pageqa/links.py checks it crosses none)
    for i, sq in shown:
        _square(dwg, sketch, ctx, board, i, sq, labels, icons)
    icons.emit(dwg)
    _walls(dwg, board)
    _entrances(dwg, board)
    _regions(dwg, sketch, ctx, board, by_code, quadrants)
    _coordinates(dwg, sketch, region)
    return dwg.tostring()


def board_drawings(ctx: BuildContext) -> dict[tuple[int, int], Drawing]:
    """The board in four drawings, one per quadrant sheet (sheet_region each), drawn once per language.

    Each drawing is always placed whole: cairo 1.16 emits a recording surface once per PDF, cut to the part
    shown the first time, so one big drawing shown through different windows would lose content.
    """
    return {sheet: collected_drawing(lambda sketch, s=sheet: board_svg(ctx, sheet_region(s), (QUADRANT_OF_SHEET[s],),
                                                                   sketch))
            for sheet in SHEETS}
