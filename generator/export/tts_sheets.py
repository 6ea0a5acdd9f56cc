"""The pieces of a game's table from the kit's A4 and A2 pages: boards and tracks as tiles with a snap point on every
cell, the mats, and the piece sheets' pieces cut out one by one and made what the game's PLAN (tts_place.py)
says (the game's own facts, snap points included, are its TTS module's: content/games.toml `tts`): standing pawns, tokens, tiles, bags of a seat's markers, infinite bags of unlimited tokens, the round track
joined into one tile."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from ..plan.registry import by_id, component_name
from ..render.pdf import PAPERS_MM
from . import tts_table as table
from .tts_cache import PictureCache
from .tts_images import BOARD_PX, SHEET_PX, Picture, page_picture, pdf_pages
from .tts_layout import BAG_UNITS, MM_PER_UNIT, Spot, tile_scale, tile_size
from .tts_model import GameExport
from .tts_pieces import PX_PER_MM as PIECE_PX_PER_MM, Piece, sheet_pieces
from .tts_model import facts
from .tts_place import Run, joined, pawn_faces, plan_module, runs

PIECE_KINDS = ("board", "sheet")
PIECE_LAYOUTS = ("sheet", "duplex-long-edge")
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
                            "not the number its game's TTS module's PLAN lists (a component changed its "
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
            front, back, size = pawn_faces(piece.front.png, PIECE_PX_PER_MM, facts(exp.game).FIGURINE)
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
        exp.images.update({p: pic for p, pic in ((path, piece.front), (back, piece.back))
                           if pic is not None and pic.source is not None})
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
        snaps = facts(exp.game).piece_snaps(run.bom, n, piece.box, picture_mm, exp)  # a mat's spaces, a ladder's steps
        if snaps is not None:
            obj["AttachedSnapPoints"] = _snaps_local(snaps, picture_mm, scale)
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
    part), the piece sheets' pieces (their game's PLAN)."""
    for e in manifest["files"]:
        comp = by_id(e["component"])
        if comp is None or comp.game != exp.game or e["kind"] not in PIECE_KINDS or e.get("gangs") or \
                e.get("layout") not in PIECE_LAYOUTS or e.get("paper") != ("A2" if e["kind"] == "board" else "A4"):
            continue  # a ganged print sheet repeats pieces laid out from their own components' files
        data = (kit / e["path"]).read_bytes()
        fallback = translations.gettext(component_name(e["component"]))
        step = 2 if e["layout"] == "duplex-long-edge" else 1
        if plan_module(e["component"]) is not None:
            _cut_pieces(exp, data, e, fallback, step)
            continue
        stub = Path(e["path"]).stem.removesuffix(f"-{e['paper']}")
        centre = e["component"] in facts(exp.game).CENTRE  # laid (locked) in the middle of the table
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
                             exp.url(path), table.transform(0, 0, scale=scale), locked=centre)
            snaps = facts(exp.game).page_snaps(e["component"], png, box, px_per_mm, model)  # a board's cells
            if snaps is not None:
                obj["AttachedSnapPoints"] = _snaps_local(snaps, size_mm, scale)
            exp.spots.append(Spot(obj, tile_size(scale, size), "centre" if centre else "shared"))
            exp.counts[e["component"]] = exp.counts.get(e["component"], 0) + 1
