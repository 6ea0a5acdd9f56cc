"""GROUND player mats (one per seat) and token sheets (double-sided pieces printed front and back, registered)."""

from __future__ import annotations

from ..content.ground import GroundData, present, require_ground
from ..kit.model import Artifact, BuildContext
from ..render.cards import imprint
from ..render.pdf import PAPERS_MM, PdfDoc, crop_marks, mm, text
from .ground_face import INK, MUTED, Face, collect, ui

MAT_W, MAT_H = 262.0, 178.0
TOKEN = 22.0  # token diameter / tile side (mm)
GAP = 4.0


def _landscape(paper: str) -> tuple[float, float]:
    w, h = PAPERS_MM[paper]
    return max(w, h), min(w, h)


def _mat(ctx: BuildContext, data: GroundData, seat, comp: str):
    f = Face(ctx, comp, seat.id, width=MAT_W, height=MAT_H)
    f.rect(0.5, 0.5, MAT_W - 1, MAT_H - 1, "#ffffff", seat.colour, 3, 4)
    seat_name = f"{ctx.p_(f'ground/seat/{seat.id}', seat.name)} · {seat.number}"
    title = "GROUND · " + ui(ctx, comp, "Player mat") + f" · {seat_name}"
    f.text(title, 8, 6, 180, 9, 16, 11, bold=True, slot="title")
    f.text(ctx.p_("ground", data.notice), 150, 8, MAT_W - 158, 6, 8, 6, align="center", color=MUTED, slot="notice")
    mat = data.mat
    # Stress track 0-5 with the gate at 4-5
    f.text(ui(ctx, comp, "Stress"), 8, 20, 60, 7, 13, 9, bold=True, slot="stress")
    for v in range(mat.stress_max + 1):
        gate = mat.gate[0] <= v <= mat.gate[1]
        x = 8 + v * 26
        f.rect(x, 29, 24, 24, "#f6d2c8" if gate else "#ffffff", INK, 0.6, 2)
        f.text(str(v), x, 33, 24, 16, 30, 24, bold=True, align="center", slot=f"stress-{v}")
    f.rect(8 + mat.gate[0] * 26 - 1, 27.5, 2 * 26 + 0.5, 27, "none", "#c0392b", 1.2, 3, "3 1.5")
    f.text(ctx.p_("ground-player-mats", mat.gate_text), 8, 56, 156, 10, 9.5, 7, slot="gate")
    # Freedom token
    f.text(ui(ctx, comp, "Freedom"), 172, 20, 80, 7, 13, 9, bold=True, slot="freedom")
    for i, side in enumerate(mat.freedom_sides):
        x = 172 + i * 42
        f.rect(x, 29, 38, 24, "#dcebd5" if i == 0 else "#e6e6e3", INK, 0.6, 12)
        f.text(ctx.p_("ground-player-mats", side), x, 37, 38, 8, 12, 8, bold=True, align="center", slot=f"free-{i}")
    # DARVO track
    f.text(ui(ctx, comp, "DARVO"), 8, 70, 60, 7, 13, 9, bold=True, slot="darvo")
    for i, stage in enumerate(mat.darvo):
        x = 8 + i * 40
        f.rect(x, 79, 34, 14, "#ffffff" if i == 0 else "#efe4f4", INK, 0.6, 2)
        f.text(ctx.p_("ground-player-mats", stage), x, 82.5, 34, 7, 11, 7, bold=True, align="center",
               slot=f"darvo-{i}")
        if i < len(mat.darvo) - 1:
            f.svg(f'<path d="M{x + 35} 86h4.5l-1.6-1.6m1.6 1.6l-1.6 1.6" stroke="{INK}" stroke-width="0.6" '
                  f'fill="none"/>')
    f.text(ctx.p_("ground-player-mats", mat.darvo_text), 8, 95, 156, 10, 9, 7, slot="darvo-text")
    # Relation slots
    f.text(ui(ctx, comp, "Relations"), 172, 70, 80, 7, 13, 9, bold=True, slot="relations")
    for i in range(mat.relation_slots):
        x = 172 + i * 42
        f.rect(x, 79, 38, 24, "#ffffff", INK, 0.6, 2, "2 1.2")
        f.text(ui(ctx, comp, "Relation slot") + f" {i + 1}", x + 1, 87, 36, 8, 9, 6.5, align="center",
               color=MUTED, slot=f"slot-{i}")
    # Round steps
    f.text(ui(ctx, comp, "Round steps"), 8, 112, 120, 7, 13, 9, bold=True, slot="steps")
    for i, st in enumerate(data.steps):
        x = 8 + i * 62
        f.rect(x, 121, 58, 38, "#f4f2ec", MUTED, 0.4, 2)
        f.text(f"{i + 1}. {ctx.p_(f'ground/step/{st.id}', st.name)}", x + 2, 123, 54, 7, 11, 8, bold=True,
               slot=f"step-{i}")
        f.text(ctx.p_(f"ground/step/{st.id}", st.text), x + 2, 131, 54, 26, 9, 6.5, slot=f"step-{i}-text")
    f.text(ctx.p_("ground-player-mats", mat.start_text), 8, 163, 246, 7, 9.5, 7, color=MUTED, slot="start")
    return f.drawing()


def player_mats(ctx: BuildContext) -> list[Artifact]:
    """One mat per seat: Stress 0-5 with the gate, Freedom READY/SPENT, DARVO track, 2 relation slots, steps."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-player-mats"
    mats = collect([lambda s=s: _mat(ctx, data, s, comp) for s in data.seats])
    imp = imprint(ctx, ui(ctx, comp, "GROUND player mats"))
    out = []
    for paper in ctx.options.papers:
        w, h = _landscape(paper)
        doc = PdfDoc(imp.epoch, imp.title)
        scale = min(1.0, (w - 14) / MAT_W, (h - 18) / MAT_H)
        for i, d in enumerate(mats, 1):
            cr = doc.page(w, h)
            x, y = (w - MAT_W * scale) / 2, (h - MAT_H * scale) / 2 - 2
            d.place(cr, mm(x), mm(y), scale)
            text(cr, imp.line(paper, f"{i}/{len(mats)}"), w / 2, h - 6.5, align="center")
        out.append(Artifact(f"ground/player-mats-{paper}.pdf", comp, "sheet", doc.finish(), paper, "sheet",
                            doc.pages))
    return out


def _token_face(ctx: BuildContext, comp: str, tok, back: bool, label: str):
    size = TOKEN if tok.shape != "tile" else TOKEN * 1.6
    f = Face(ctx, comp, f"{tok.id}-{'back' if back else 'front'}", width=size, height=TOKEN)
    fill = {"focus-blame": "#f2d330" if not back else "#c0392b", "protection": "#3a8f4b", "denied": "#1d1d1b",
            "bond-rivalry": "#2f62b5" if not back else "#c0392b", "lead": "#7d4aa8", "round": "#e0712a"}[tok.id]
    if tok.shape in ("circle",):
        f.svg(f'<circle cx="{size / 2}" cy="{TOKEN / 2}" r="{TOKEN / 2 - 0.4}" fill="{fill}" stroke="{INK}" '
              f'stroke-width="0.4"/>')
    else:
        f.rect(0.4, 0.4, size - 0.8, TOKEN - 0.8, fill, INK, 0.4, 2)
    if tok.id == "denied":
        f.svg(f'<path d="M5 5l{size - 10} 12M{size - 5} 5l-{size - 10} 12" stroke="#ffffff" stroke-width="0.7" '
              f'opacity="0.5"/>')
    ink = INK if fill in ("#f2d330",) else "#ffffff"
    f.text(label, 1.5, TOKEN / 2 - 3, size - 3, 6, 9, 5.5, bold=True, align="center", color=ink,
           narrow=True, slot="label")
    return f.drawing()


def tokens(ctx: BuildContext) -> list[Artifact]:
    """Token sheet: fronts page, then backs mirrored for a long-edge flip (double-sided pieces registered)."""
    if not present(ctx.root):
        return []
    data = require_ground(ctx.root)
    comp = "ground-tokens"
    pieces = []  # (front drawing, back drawing, width)
    for tok in data.tokens:
        name = ctx.p_(f"ground-tokens/{tok.id}", tok.name)
        back_name = ctx.p_(f"ground-tokens/{tok.id}", tok.back) if tok.back else name
        front, back = collect([lambda t=tok, n=name: _token_face(ctx, comp, t, False, n),
                               lambda t=tok, n=back_name: _token_face(ctx, comp, t, bool(t.back), n)])
        width = TOKEN if tok.shape != "tile" else TOKEN * 1.6
        pieces.extend([(front, back, width)] * tok.count)
    track = _round_track(ctx, comp)
    imp = imprint(ctx, ui(ctx, comp, "GROUND tokens"))
    out = []
    for paper in ctx.options.papers:
        w, h = PAPERS_MM[paper]
        doc = PdfDoc(imp.epoch, imp.title)
        places = _pack(pieces, w, h)
        for side in (0, 1):
            cr = doc.page(w, h)
            for (front, back, pw), (x, y) in zip(pieces, places):
                px = x if side == 0 else w - x - pw  # long-edge flip: mirror x, keep y
                (front if side == 0 else back).place(cr, mm(px), mm(y))
            xs = sorted({x for x, _ in places} | {x + p[2] for p, (x, _) in zip(pieces, places)})
            if side == 0:
                crop_marks(cr, [min(xs), max(xs)], [min(y for _, y in places), max(y for _, y in places) + TOKEN],
                           (w, h))
                track.place(cr, mm((w - 5 * 26) / 2), mm(h - 42))
            text(cr, imp.line(paper, ui(ctx, comp, "fronts") if side == 0 else ui(ctx, comp, "backs")), w / 2,
                 h - 6.5, align="center")
        out.append(Artifact(f"ground/tokens-{paper}.pdf", comp, "sheet", doc.finish(), paper, "duplex-long-edge",
                            doc.pages))
    return out


def _pack(pieces, w: float, h: float) -> list[tuple[float, float]]:
    """Row-major placement of pieces from the top, centred per row, inside 12 mm margins."""
    rows, row, row_w = [], [], 0.0
    for p in pieces:
        if row and row_w + p[2] + GAP > w - 24:
            rows.append(row)
            row, row_w = [], 0.0
        row.append(p)
        row_w += p[2] + GAP
    if row:
        rows.append(row)
    out, y = [], 16.0
    for r in rows:
        total = sum(p[2] for p in r) + GAP * (len(r) - 1)
        x = (w - total) / 2
        for p in r:
            out.append((x, y))
            x += p[2] + GAP
        y += TOKEN + GAP
    return out


def _round_track(ctx: BuildContext, comp: str):
    f = Face(ctx, comp, "round-track", width=5 * 26, height=30)
    f.text(ui(ctx, "ground-tokens", "Round track"), 0, 0, 130, 6, 10, 7, bold=True, align="center", slot="title")
    for i in range(5):
        f.rect(i * 26 + 1, 7, 24, 22, "#ffffff", INK, 0.5, 2)
        f.text(str(i + 1), i * 26 + 1, 11, 24, 14, 26, 20, bold=True, align="center", slot=f"round-{i + 1}")
    return f.drawing()
