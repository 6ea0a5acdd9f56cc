"""GROUND player mats (one per seat, two to a landscape sheet) and token sheets (double-sided pieces printed front and
back, registered)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..content.ground import GroundData
from ..plan.model import Artifact, BuildContext
from .common import imprint
from ..render.pdf import EDGE_MM, PAPERS_MM, PdfDoc, crop_marks, mm, text
from ..render.face import Face, collect, layout
from ..render.icons import suit_icon
from ..render.svg import Drawing
from .ground_cards import seat_label, step_label, ui

INK = "#1d1d1b"

MAT_W, MAT_H = 132.0, 192.0  # templates/ground/mat.toml [face]: two mats side by side on a landscape sheet
MATS_PER_SHEET = 2
MAT_GAP = (2.0, 8.0)  # mm between the two mats of a sheet: at least, at most
TOKEN = 22.0  # token diameter / tile side (mm)
GAP = 4.0
SPACE_BOXES = {"stress": "stress-box", "freedom": "free-box", "darvo": "darvo-box", "relation": "rel-box"}  # mat spaces markers sit on


def spaces(ctx: BuildContext) -> dict[str, tuple[float, float]]:
    """(width, height) mm at full size of each mat space a seat marker sits on, from the mat's layout."""
    slots = layout(ctx.root / "templates", "ground/mat").slots
    return {space: (slots[box].w, slots[box].h) for space, box in SPACE_BOXES.items()}


def mat_scale(paper: str) -> float:
    """How much a mat shrinks so that two fit side by side on a landscape sheet of paper (1.0: full size), the edge
    band and the small print kept free."""
    w, h = _landscape(paper)
    return min(1.0, (w - 2 * EDGE_MM - 1 - MAT_GAP[0]) / (MATS_PER_SHEET * MAT_W), (h - 18) / MAT_H)


def mat_places(paper: str) -> list[tuple[float, float]]:
    """The top-left corners (mm) of the mats on a landscape sheet of paper, side by side, centred."""
    w, h = _landscape(paper)
    scale = mat_scale(paper)
    gap = max(MAT_GAP[0], min(MAT_GAP[1], w - 2 * EDGE_MM - 1 - MATS_PER_SHEET * MAT_W * scale))
    x0 = (w - MATS_PER_SHEET * MAT_W * scale - (MATS_PER_SHEET - 1) * gap) / 2
    y = (h - MAT_H * scale) / 2 - 2
    return [(x0 + i * (MAT_W * scale + gap), y) for i in range(MATS_PER_SHEET)]


def _landscape(paper: str) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return max(w, h), min(w, h)


def _mat(ctx: BuildContext, data: GroundData, seat, comp: str):
    f = Face(ctx, comp, seat.id, "ground/mat")
    symbol = ctx.model.ground_pieces.symbols.get(seat.id, "circle")  # owner mark readable without colour
    mark = f.box("symbol-box")
    f.text("title", ui(ctx, comp, "GROUND · Player mat · %(seat)s") % {"seat": seat_label(ctx, seat)})
    f.text("notice", ctx.p_("ground", data.notice))
    mat = data.mat
    f.text("stress-h", ui(ctx, comp, "Stress"))
    for v in range(mat.stress_max + 1):
        f.box("stress-box", i=v)
        f.text("stress", str(v), i=v, valign="middle")
    f.text("gate", ctx.p_("ground-player-mats", mat.gate_text))
    f.text("freedom-h", ui(ctx, comp, "Freedom"))
    for i, side in enumerate(mat.freedom_sides):
        f.box("free-box", i=i)
        f.text("free", ctx.p_("ground-player-mats", side), i=i, valign="middle")
    f.text("darvo-h", ui(ctx, comp, "DARVO"))
    for i, stage in enumerate(mat.darvo):
        f.box("darvo-box", i=i)
        f.text("darvo", ctx.p_("ground-player-mats", stage), i=i, valign="middle")
    f.text("darvo-text", ctx.p_("ground-player-mats", mat.darvo_text))
    f.text("relations-h", ui(ctx, comp, "Relations"))
    for i in range(mat.relation_slots):
        f.box("rel-box", i=i)
        f.text("rel", ui(ctx, comp, "Relation slot %(number)s") % {"number": i + 1}, i=i, valign="middle")
    f.text("steps-h", ui(ctx, comp, "Round steps"))
    for i, st in enumerate(data.steps):
        f.box("step-box", i=i)
        f.text("step", step_label(ctx, i + 1, st), i=i)
        f.text("step-text", ctx.p_(f"ground/step/{st.id}", st.text), i=i)
    f.text("start", ctx.p_("ground-player-mats", mat.start_text))
    gate_keys = [f"stress-box-{v}" for v in range(mat.gate[0], mat.gate[1] + 1)]
    symbol_svg = suit_icon(symbol, mark.x + mark.w / 2, mark.y + mark.h / 2, mark.w / 2, seat.colour)
    return f.drawing(body="#ffffff", seat=seat.colour, symbol=symbol_svg, gate=mat.gate, gate_keys=gate_keys,
                     last_darvo=f"darvo-box-{len(mat.darvo) - 1}")


def player_mats(ctx: BuildContext) -> list[Artifact]:
    """One mat per seat, two to a landscape sheet: Stress 0-5 with the gate, Freedom READY/SPENT, DARVO track,
    2 relation slots, the round steps."""
    data = ctx.model.ground
    comp = "ground-player-mats"
    mats = collect([lambda s=s: _mat(ctx, data, s, comp) for s in data.seats])
    imp = imprint(ctx, ui(ctx, comp, "GROUND player mats"))
    out = []
    for paper in ctx.options.papers:
        w, h = _landscape(paper)
        doc = PdfDoc(imp.epoch, imp.title)
        scale = mat_scale(paper)
        sheets = -(-len(mats) // MATS_PER_SHEET)
        for i in range(sheets):
            cr = doc.page(w, h)
            for d, (x, y) in zip(mats[i * MATS_PER_SHEET:(i + 1) * MATS_PER_SHEET], mat_places(paper)):
                doc.place(d, mm(x), mm(y), scale)
            text(cr, imp.line(paper, f"{i + 1}/{sheets}"), w / 2, h - 6.5, align="center")
        out.append(Artifact(f"ground/player-mats-{paper}.pdf", comp, "sheet", doc.finish(), paper, "sheet",
                            doc.pages, pieces=((comp, len(mats)),)))
    return out


TOKEN_FILL = {"focus-blame": ("#f2d330", "#c0392b"), "protection": ("#3a8f4b", "#3a8f4b"),
              "denied": ("#1d1d1b", "#1d1d1b"), "bond-rivalry": ("#2f62b5", "#c0392b"),
              "lead": ("#7d4aa8", "#7d4aa8"), "round": ("#e0712a", "#e0712a")}  # (front, back) colour per token
DARK_INK = ("#f2d330",)  # token colours too light for white text


def _token_face(ctx: BuildContext, comp: str, tok, back: bool, label: str):
    tile = tok.shape == "tile"
    f = Face(ctx, comp, f"{tok.id}-{'back' if back else 'front'}", "ground/token-tile" if tile else "ground/token-round",
             template="ground/token")
    fill = TOKEN_FILL[tok.id][1 if back else 0]
    mark = tok.id == "denied"
    f.text("label-low" if mark else "label", label, color=INK if fill in DARK_INK else None, valign="middle")
    return f.drawing(body="#ffffff", fill=fill, round=not tile, mark=mark)


@dataclass(frozen=True)
class TokenSet:
    """GROUND's table tokens drawn once: (front, back, width mm) per piece, the bill-of-materials counts (the
    round track included) and the round track's drawing."""

    pieces: list[tuple[Drawing, Drawing, float]]
    counts: tuple[tuple[str, int], ...]
    track: Drawing


def token_set(ctx: BuildContext) -> TokenSet:
    """The tokens that are not a seat's own (ground_markers prints those with owner marks) and the round track."""
    data = ctx.model.ground
    comp = "ground-tokens"
    pieces = []  # (front drawing, back drawing, width)
    owned = set(ctx.model.ground_pieces.owned_tokens)  # printed per seat with owner marks (ground_markers)
    for tok in (t for t in data.tokens if t.id not in owned):
        name = ctx.p_(f"ground-tokens/{tok.id}", tok.name)
        back_name = ctx.p_(f"ground-tokens/{tok.id}", tok.back) if tok.back else name
        front, back = collect([lambda t=tok, n=name: _token_face(ctx, comp, t, False, n),
                               lambda t=tok, n=back_name: _token_face(ctx, comp, t, bool(t.back), n)])
        width = TOKEN if tok.shape != "tile" else TOKEN * 1.6
        pieces.extend([(front, back, width)] * tok.count)
    counts = (*((f"{comp}/{t.id}", t.count) for t in data.tokens if t.id not in owned), (f"{comp}/round-track", 1))
    return TokenSet(pieces, counts, _round_track(ctx, comp))


def place_tokens(doc: PdfDoc, cr: Any, tokens: TokenSet, page: tuple[float, float], top: float, side: int,
                 track_y: float | None = None, marks: float = 5.0) -> float:
    """Draw the tokens in rows from `top` (mm) on one side of a sheet (0 fronts; 1 backs, mirrored for a long-edge
    flip), with crop marks `marks` mm long and the round track (fronts) at track_y, default just below the
    tokens; returns the y (mm) below the tokens."""
    w, h = page
    places = _pack(tokens.pieces, w, h, top)
    for (front, back, pw), (x, y) in zip(tokens.pieces, places):
        px = x if side == 0 else w - x - pw  # long-edge flip: mirror x, keep y
        doc.place(front if side == 0 else back, mm(px), mm(y))
    bottom = max(y for _, y in places) + TOKEN
    if side == 0:
        xs = sorted({x for x, _ in places} | {x + p[2] for p, (x, _) in zip(tokens.pieces, places)})
        crop_marks(cr, [min(xs), max(xs)], [min(y for _, y in places), bottom], (w, h), length=marks)
        at = bottom + 6 if track_y is None else track_y
        doc.place(tokens.track, (mm(w) - tokens.track.width) / 2, mm(at))
    return bottom


def tokens(ctx: BuildContext) -> list[Artifact]:
    """Token sheet: fronts page, then backs mirrored for a long-edge flip (double-sided pieces registered)."""
    comp = "ground-tokens"
    made = token_set(ctx)
    imp = imprint(ctx, ui(ctx, comp, "GROUND tokens"))
    out = []
    for paper in ctx.options.papers:
        w, h = PAPERS_MM[paper]
        doc = PdfDoc(imp.epoch, imp.title)
        for side in (0, 1):
            cr = doc.page(w, h)
            place_tokens(doc, cr, made, (w, h), 16.0, side, track_y=h - 42)
            text(cr, imp.line(paper, ui(ctx, comp, "fronts") if side == 0 else ui(ctx, comp, "backs")), w / 2,
                 h - 6.5, align="center")
        out.append(Artifact(f"ground/tokens-{paper}.pdf", comp, "sheet", doc.finish(), paper, "duplex-long-edge",
                            doc.pages, pieces=made.counts))
    return out


def _pack(pieces, w: float, h: float, top: float = 16.0) -> list[tuple[float, float]]:
    """Row-major placement of pieces from `top` (mm), centred per row, inside 12 mm margins."""
    rows, row, row_w = [], [], 0.0
    for p in pieces:
        if row and row_w + p[2] + GAP > w - 24:
            rows.append(row)
            row, row_w = [], 0.0
        row.append(p)
        row_w += p[2] + GAP
    if row:
        rows.append(row)
    out, y = [], top
    for r in rows:
        total = sum(p[2] for p in r) + GAP * (len(r) - 1)
        x = (w - total) / 2
        for p in r:
            out.append((x, y))
            x += p[2] + GAP
        y += TOKEN + GAP
    return out


def _round_track(ctx: BuildContext, comp: str):
    f = Face(ctx, comp, "round-track", "ground/round-track")
    f.text("title", ui(ctx, "ground-tokens", "Round track"))
    for i in range(5):
        f.box("round-box", i=i)
        f.text("round", str(i + 1), i=i, valign="middle")
    return f.drawing(body="#ffffff")
