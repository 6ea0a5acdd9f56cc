"""The pieces of a game's table from the kit's A4 and A2 pages: the board and the duel track as tiles with a snap
point on every cell, the mats, and the piece sheets' pieces cut out one by one and made what PLAN (tts_place.py)
says: standing pawns, tokens, tiles, bags of a seat's markers, infinite bags of unlimited tokens, the round track
joined into one tile."""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from ..components.dojo_belt_ladder import BOX_H as LADDER_BOX, GOAL_W, MARGIN as LADDER_MARGIN, TOP as LADDER_TOP
from ..components.dojo_belt_ladder import strip_box
from ..components.dojo_board import M as BOARD_MARGIN, S as BOARD_SQUARE
from ..components.dojo_board_sheets import SIZE as BOARD_SIZE
from ..components.ground_mats import MAT_H, MAT_W, SPACE_BOXES
from ..plan.registry import by_id, component_name
from ..render.face import layout
from ..render.pdf import PAPERS_MM
from . import tts_table as table
from .tts_cache import PictureCache
from .tts_images import BOARD_PX, SHEET_PX, Picture, page_picture, pdf_pages
from .tts_layout import BAG_UNITS, MM_PER_UNIT, Spot, tile_scale, tile_size
from .tts_model import GameExport
from .tts_pieces import PX_PER_MM as PIECE_PX_PER_MM, Piece, sheet_pieces
from .tts_place import PLAN, Run, joined, pawn_faces, runs

PIECE_KINDS = ("board", "sheet")
PIECE_LAYOUTS = ("sheet", "duplex-long-edge")
CENTRE = ("dojo-board", "duel-track")  # pages laid in the middle of the table
TRACK_GAP_MM = 1.0  # between the round track's squares once joined
FIGURE_DEPTH = 1.0  # a standing pawn's footprint depth (units): its base


def _sheet_pieces(cache: PictureCache, data: bytes, page: int, back: int | None) -> list[Piece]:
    """A piece sheet page's pieces (tts_pieces.sheet_pieces), from the cache or cut now."""
    key = cache.key("pieces", data, page, back, PIECE_PX_PER_MM)
    hit = cache.get(key)
    if hit is not None:
        meta, blobs = hit
        out, at = [], 0
        for is_round, box, two_sided in meta:
            front = Picture(blobs[at], None)
            other = Picture(blobs[at + 1], None) if two_sided else None
            at += 2 if two_sided else 1
            out.append(Piece(front, other, is_round, tuple(box)))
        return out
    pieces = sheet_pieces(data, page, back)
    cache.put(key, [[p.round, list(p.box), p.back is not None] for p in pieces],
              [png for p in pieces for png in (p.front.png, *((p.back.png,) if p.back else ()))])
    return pieces


def _page_picture(cache: PictureCache, data: bytes, page: int, longest: int) -> tuple[bytes, tuple[int, int],
                                                                                      tuple[int, int, int, int]]:
    """A page's picture cut to its printed part (tts_images.page_picture): its PNG, size and where it was cut
    from the page (px), from the cache or rendered now."""
    key = cache.key("page", data, page, longest)
    hit = cache.get(key)
    if hit is not None:
        return hit[1][0], tuple(hit[0][0]), tuple(hit[0][1])
    picture, box = page_picture(data, page, longest)
    cache.put(key, [list(picture.image.size), list(box)], [picture.png])
    return picture.png, picture.image.size, box


def _px_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def _snaps_local(points_mm: list[tuple[float, float]], size_mm: tuple[float, float], scale: float) -> list[dict]:
    """Snap points of a tile lying turned 180 degrees (as every piece of the south side does): points measured on
    its picture (mm from its top left corner) in the tile's own coordinates (world offset / scale, turned)."""
    w, h = size_mm
    out = []
    for x, y in points_mm:
        dx, dz = (x - w / 2) / MM_PER_UNIT, -(y - h / 2) / MM_PER_UNIT
        out.append((-dx / scale, -dz / scale))
    return table.snap_points(out)


def board_cells(box: tuple[int, int, int, int], px_per_mm: float) -> list[tuple[float, float]]:
    """The Dojo board's 16 x 16 cell centres on its picture (mm from its top left), from where the A2 page places
    the board (components/dojo_board_sheets.a2_page) and where the picture was cut from the page."""
    w, h = PAPERS_MM["A2"]
    x, y = (w - BOARD_SIZE) / 2 + BOARD_MARGIN, (h - BOARD_SIZE - 70) / 2 + BOARD_MARGIN
    ox, oy = box[0] / px_per_mm, box[1] / px_per_mm
    return [(x + (c + 0.5) * BOARD_SQUARE - ox, y + (r + 0.5) * BOARD_SQUARE - oy) for r in range(16) for c in range(16)]


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


def ladder_steps(box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    """The belt ladder's 18 steps on its picture (mm from its top left): the cells components/dojo_belt_ladder.py
    draws on a landscape A4 page, less where the piece was cut from the page."""
    bw = (strip_box("A4")[2] - 5 - GOAL_W) / 18  # the figure's box: 18 cells, 3 mm, the goal, 2 mm
    ox, oy = box[0] / PIECE_PX_PER_MM, box[1] / PIECE_PX_PER_MM
    return [(LADDER_MARGIN + (i + 0.5) * bw - ox, LADDER_TOP + LADDER_BOX / 2 - oy) for i in range(18)]


def _named(exp: GameExport, run: Run, fallback: str) -> tuple[str, str]:
    name = exp.names.name(run.bom, fallback)
    owner = next((o for o, s in exp.owners.items() if s == run.seat), "") if run.seat is not None else ""
    return (f"{name} — {owner}" if owner else name), exp.names.description(run.bom)


def _cut_pieces(exp: GameExport, data: bytes, e: dict, fallback: str, step: int) -> None:
    """A piece sheet's pieces made what the plan says (module docstring)."""
    stub = Path(e["path"]).stem.removesuffix(f"-{e['paper']}")
    pieces = [p for page in range(0, pdf_pages(data), step)
              for p in _sheet_pieces(exp.cache, data, page, page + 1 if step == 2 else None)]
    plan = runs(e["component"], len(pieces), exp.seats)
    if plan is None:
        exp.problems.append(f"language {exp.lang}, game {exp.game}, sheet {e['path']}: {len(pieces)} pieces cut, "
                            "not the number generator/export/tts_place.py PLAN lists (a component changed its "
                            "sheet: update the plan)")
        return
    bags: dict[int, list[dict]] = {}
    infinite: dict[str, dict] = {}
    track: list[bytes] = []
    for n, (piece, run) in enumerate(zip(pieces, plan), start=1):
        name, about = _named(exp, run, fallback)
        uid = exp.guid(e["path"], str(n))
        if run.where == "track":
            track.append(piece.front.png)
            continue
        if run.where == "infinite" and run.bom in infinite:
            continue  # one of them is enough: the bag gives copies without end
        path = f"images/{stub}-{n:02d}.png"
        x0, y0, x1, y1 = (v / PIECE_PX_PER_MM for v in piece.box)
        if run.form == "figurine":
            front, back, size = pawn_faces(piece.front.png, PIECE_PX_PER_MM)
            exp.files[path], exp.files[path.replace(".png", "-back.png")] = front, back
            scale = tile_scale(size[1] / PIECE_PX_PER_MM)
            obj = table.figurine(uid, name, about, exp.url(path), exp.url(path.replace(".png", "-back.png")),
                                 table.transform(0, 0, scale=scale))
            w = tile_size(scale, size)[0]
            exp.spots.append(Spot(obj, (w, max(w, FIGURE_DEPTH)), run.seat))
            continue
        exp.files[path] = piece.front.png
        back = f"images/{stub}-{n:02d}-back.png" if piece.back else ""
        if piece.back:
            exp.files[back] = piece.back.png
        scale = tile_scale(y1 - y0)
        where = table.transform(0, 0, scale=scale)
        stack = run.where == "infinite"
        if run.form == "token" and not piece.back:
            obj = table.token(uid, name, exp.url(path), where, about, stackable=stack)
        else:
            obj = table.tile(uid, name, about, exp.url(path), where, exp.url(back) if back else "",
                             shape=2 if piece.round else 0, stackable=stack)
        size = tile_size(scale, _px_size(piece.front.png))
        picture_mm = (x1 - x0, y1 - y0)
        if run.bom == "ground-player-mats":
            obj["AttachedSnapPoints"] = _snaps_local(mat_spaces(exp.templates, exp.model.ground.mat, picture_mm),
                                                     picture_mm, scale)
        elif run.bom == "dojo-belt-ladder" and n == 1:
            obj["AttachedSnapPoints"] = _snaps_local(ladder_steps(piece.box), picture_mm, scale)
        if run.where == "bag":
            bags.setdefault(run.seat, []).append(obj)
        elif run.where == "infinite":
            infinite[run.bom] = obj
            exp.spots.append(Spot(table.bag(exp.guid(e["path"], "infinite", run.bom), name, about, [obj],
                                            table.transform(0, 0), infinite=True), (BAG_UNITS, BAG_UNITS), "shared"))
        else:
            exp.spots.append(Spot(obj, size, run.seat if run.where == "seat" else run.where))
    for seat, contents in sorted(bags.items()):
        owner = next((o for o, s in exp.owners.items() if s == seat), str(seat + 1))
        listed = ", ".join(dict.fromkeys(o["Nickname"].split(" — ")[0] for o in contents))
        exp.spots.append(Spot(table.bag(exp.guid(e["path"], "bag", str(seat)), owner, listed, contents,
                                        table.transform(0, 0)), (BAG_UNITS, BAG_UNITS), seat))
    if track:
        _round_track(exp, stub, track, plan)
    exp.counts[e["component"]] = len(pieces)


def _round_track(exp: GameExport, stub: str, squares: list[bytes], plan: list[Run]) -> None:
    """The round track's squares joined into one tile, a snap point on each square."""
    gap = round(TRACK_GAP_MM * PIECE_PX_PER_MM)
    png, size = joined(squares, gap)
    path = f"images/{stub}-track.png"
    exp.files[path] = png
    run = next(r for r in plan if r.where == "track")
    name, about = _named(exp, run, run.bom)
    scale = tile_scale(size[1] / PIECE_PX_PER_MM)
    obj = table.tile(exp.guid(stub, "track"), name, about, exp.url(path), table.transform(0, 0, scale=scale))
    widths = [_px_size(s)[0] for s in squares]
    centres, x = [], 0
    for w in widths:
        centres.append(((x + w / 2) / PIECE_PX_PER_MM, size[1] / 2 / PIECE_PX_PER_MM))
        x += w + gap
    obj["AttachedSnapPoints"] = _snaps_local(centres, (size[0] / PIECE_PX_PER_MM, size[1] / PIECE_PX_PER_MM), scale)
    exp.spots.append(Spot(obj, tile_size(scale, size), "centre"))


def pieces(exp: GameExport, kit: Path, manifest: dict, translations: Any, model: Any) -> None:
    """The board, mats and track as tiles (each page of the kit's A4 file, the board's A2, cut to its printed
    part), the piece sheets' pieces (tts_place.PLAN)."""
    for e in manifest["files"]:
        comp = by_id(e["component"])
        if comp is None or comp.game != exp.game or e["kind"] not in PIECE_KINDS or e.get("gangs") or \
                e.get("layout") not in PIECE_LAYOUTS or e.get("paper") != ("A2" if e["kind"] == "board" else "A4"):
            continue  # a ganged print sheet repeats pieces laid out from their own components' files
        data = (kit / e["path"]).read_bytes()
        fallback = translations.gettext(component_name(e["component"]))
        step = 2 if e["layout"] == "duplex-long-edge" else 1
        if e["component"] in PLAN:
            _cut_pieces(exp, data, e, fallback, step)
            continue
        stub = Path(e["path"]).stem.removesuffix(f"-{e['paper']}")
        pages = pdf_pages(data)
        longest = BOARD_PX if e["kind"] == "board" else SHEET_PX
        px_per_mm = longest / max(PAPERS_MM[e["paper"]])
        for p in range(0, pages, step):
            path = f"images/{stub}-{p // step + 1}.png" if pages > step else f"images/{stub}.png"
            png, size, box = _page_picture(exp.cache, data, p, longest)
            exp.files[path] = png
            label = exp.names.name(e["component"], fallback)
            label = f"{label} {p // step + 1}" if pages > step else label
            size_mm = (size[0] / px_per_mm, size[1] / px_per_mm)
            scale = tile_scale(size_mm[1])
            obj = table.tile(exp.guid(e["path"], str(p)), label, exp.names.description(e["component"]),
                             exp.url(path), table.transform(0, 0, scale=scale), locked=e["component"] in CENTRE)
            if e["component"] == "dojo-board":
                obj["AttachedSnapPoints"] = _snaps_local(board_cells(box, px_per_mm), size_mm, scale)
            elif e["component"] == "duel-track":
                obj["AttachedSnapPoints"] = _snaps_local(track_cells(png, model.duel.track_cells, px_per_mm),
                                                         size_mm, scale)
            exp.spots.append(Spot(obj, tile_size(scale, size), "centre" if e["component"] in CENTRE else "shared"))
            exp.counts[e["component"]] = exp.counts.get(e["component"], 0) + 1
