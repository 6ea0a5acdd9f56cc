"""`dojo export tts`: a built kit laid out for Tabletop Simulator (and its cards for Tabletopia, Screentop...).

For each game (dojo, ground, duel) it writes ``build/tts/<lang>/<game>/``:

- ``<game>.json``: a TTS saved object (``SaveName``, ``ObjectStates``...): every deck as a ``DeckCustom``
  (``CustomDeck`` sheets, ``DeckIDs``, cards with ``CardID`` = key x 100 + cell, each card's ``Nickname`` its
  translated name and ``Description`` its printed text), one deck per set of cards sharing a back (a seat's or a
  player's own cards), hidden decks face down and shuffled; the board, mats and track as tiles, and pawns,
  markers, tokens, fighters and slips cut out of their sheets one by one (round ones as tokens, double-sided
  ones as tiles showing both sides);
- ``images/``: the face sheets (at most 6 x 4 cards of 635 x 889 px: within TTS's 10 x 7 cells and 4096 px) and
  the board and sheet pictures; ``cards/``: every distinct card face and back as its own PNG (10 px per mm) and
  ``cards.json`` listing deck, index, id, name, text, copies and image files of every card.

Everything comes from the kit's own PDFs (tts_images); nothing is drawn again. Before anything is written the
saved object is checked against the schema and TTS's rules (tts_check), every sheet cell is compared with its
card's own picture, every name is found on its card's page, and the card counts with the game's bill of
materials; a failure names language, game, deck and card, and nothing is installed. Each language's folder is
replaced at once (output.files.replace_tree)."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from PIL import Image, ImageChops, ImageStat

from ..kit.registry import by_id, component_name
from . import tts_table as table
from .faces import single_decks
from .tts_cache import PictureCache
from .tts_cards import CardName, card_names
from .tts_check import check
from .tts_pieces import PX_PER_MM as PIECE_PX_PER_MM, sheet_pieces
from .tts_images import (BOARD_PX, CELL_H, CELL_W, COLS, ROWS, SHEET_PX, DeckPictures, Picture, deck_pictures,
                         face_sheet, page_picture, pdf_pages, sheet_grid)
from .tts_pieces import Piece

GAMES = ("dojo", "ground", "duel")
# How the rules' setup wants each deck: (face down, shuffled). Unlisted decks lie face up (reference cards,
# Scenarios and Modes to choose from). A seat's or player's own cards lie face down before that player.
SETUP = {"dojo-nebbia-deck": (True, True), "ground-solution-deck": (True, True),
         "ground-problem-cards": (True, True), "ground-action-cards": (True, False),
         "duel-stance-cards": (True, False), "duel-strike-cards": (True, False)}
PIECE_KINDS = ("board", "sheet")
PIECE_LAYOUTS = ("sheet", "duplex-long-edge")
CUT = ("dojo-pawns", "dojo-belt-ladder", "ground-tokens", "ground-seat-markers", "ground-player-mats",
       "duel-pieces")  # sheets of pieces (the GROUND mats: two to a sheet)
PAPER_MM = {"A4": 297.0, "A2": 594.0}  # the longer side of the papers whose pages become tiles
MM_PER_UNIT = 25.0  # a TTS table unit is about an inch: a card (63.5 mm) is about 2.5 units wide
MM_PER_TILE = 50.0  # a tile at scale 1 is about 2 units wide
BLANK = 8.0  # a picture whose every channel varies less than this (standard deviation) is blank
TITLES = {"dojo": "Il Labirinto del Dojo", "ground": "GROUND", "duel": "Duel"}


@dataclass
class GameExport:
    """One game's export as it is assembled: its files (paths under the game's folder) and what to check."""

    game: str
    lang: str
    url: Callable[[str], str]  # file path under the game's folder -> the URL written into the save
    files: dict[str, bytes] = field(default_factory=dict)
    objects: list[dict] = field(default_factory=list)
    cards: list[dict] = field(default_factory=list)  # cards.json
    problems: list[str] = field(default_factory=list)
    sheets: list[tuple[str, list[str]]] = field(default_factory=list)  # sheet path, each cell's card picture path
    pictures: dict[str, Image.Image] = field(default_factory=dict)  # card picture path -> its own render
    counts: dict[str, int] = field(default_factory=dict)  # component -> cards laid out
    next_key: int = 1
    cache: PictureCache = field(default_factory=lambda: PictureCache(None))  # pictures made from the kit's PDFs


def _found(name: str, text: str) -> bool:
    """Whether every part of a card's name ('Seigan — Guard') is printed on its page (spaces and hyphens aside)."""
    squash = lambda s: re.sub(r"[\s\-\u2010\u2011]+", "", s).casefold()  # noqa: E731
    page = squash(text)
    return all(squash(part) in page for part in re.split(r" [—·] ", name) if part.strip())


def _deck_names(exp: GameExport, model: Any, translations: Any, component: str, pics: DeckPictures,
                printed: int) -> list[CardName] | None:
    names = card_names(model, translations, component)
    where = f"language {exp.lang}, game {exp.game}, deck {component}"
    if names is None:
        exp.problems.append(f"{where}: the export does not know this deck's cards "
                            "(add it to generator/export/tts_cards.py NAMES)")
        return None
    if len(names) != printed or len(pics.texts) != printed:
        exp.problems.append(f"{where}: {len(names)} cards in the content but {printed} printed")
        return None
    for i, (n, text) in enumerate(zip(names, pics.texts)):
        if not _found(n.name, text):
            exp.problems.append(f"{where}, card {i + 1} ({n.id}): its name {n.name!r} is not printed on its page "
                                "(the component's card order differs from tts_cards.py)")
    return names


def _deck(cache: PictureCache, data: bytes) -> tuple[DeckPictures, list[tuple[bytes, tuple[int, int]]], bool]:
    """A single-card PDF's card pictures and face sheets (PNG, grid), from the cache or made now (then True)."""
    key = cache.key("deck", data, CELL_W, CELL_H, COLS, ROWS)
    hit = cache.get(key)
    if hit is not None:
        meta, blobs = hit
        fronts, backs = meta["fronts"], meta["backs"]
        pictures = [Picture(b, None) for b in blobs[:fronts + backs]]
        pics = DeckPictures(pictures[:fronts], pictures[fronts:], meta["front_of"], meta["back_of"], meta["texts"])
        return pics, [(b, tuple(g)) for b, g in zip(blobs[fronts + backs:], meta["grids"])], False
    pics = deck_pictures(data)
    per = COLS * ROWS
    faces = [face_sheet(pics.fronts[s:s + per]) for s in range(0, len(pics.fronts), per)]
    cache.put(key, {"fronts": len(pics.fronts), "backs": len(pics.backs), "front_of": pics.front_of,
                    "back_of": pics.back_of, "texts": pics.texts, "grids": [g for _, g in faces]},
              [p.png for p in pics.fronts + pics.backs] + [png for png, _ in faces])
    return pics, faces, True


def _add_deck(exp: GameExport, kit: Path, model: Any, translations: Any, deck: Any, slot: int) -> int:
    """Lay out one deck (one object per set of cards sharing a back); the next free slot on the table."""
    data = (kit / deck.path).read_bytes()
    pics, faces, fresh = _deck(exp.cache, data)
    names = _deck_names(exp, model, translations, deck.component, pics, deck.cards)
    if names is None:
        return slot
    stub = deck.slug.split("/")[-1]
    title = translations.gettext(component_name(deck.component))
    front_files = [f"cards/{stub}-{j + 1:02d}.png" for j in range(len(pics.fronts))]
    back_files = [f"cards/{stub}-back.png" if len(pics.backs) == 1 else f"cards/{stub}-back-{b + 1}.png"
                  for b in range(len(pics.backs))]
    exp.files.update({p: pic.png for p, pic in zip(front_files, pics.fronts)})
    exp.files.update({p: pic.png for p, pic in zip(back_files, pics.backs)})
    if fresh:  # made now: read back and compared in _verify (what comes from the cache was, when it was made)
        exp.pictures.update({p: pic.image for p, pic in zip(front_files, pics.fronts)})
    per = COLS * ROWS
    sheets = []
    for s, (png, grid) in zip(range(0, len(pics.fronts), per), faces):
        path = f"images/{stub}-{s // per + 1}.png"
        exp.files[path] = png
        if fresh:
            exp.sheets.append((path, front_files[s:s + per]))
        sheets.append((path, grid))
    keys: dict[tuple[int, int], tuple[str, dict]] = {}
    groups: dict[int, list[dict]] = {}
    listed: dict[str, dict] = {}
    for i, n in enumerate(names):
        f, b = pics.front_of[i], pics.back_of[i]
        sheet, cell = divmod(f, per)
        if (sheet, b) not in keys:
            path, (cols, rows) = sheets[sheet]
            keys[(sheet, b)] = (str(exp.next_key), table.custom_deck(exp.url(path), exp.url(back_files[b]), cols,
                                                                     rows))
            exp.next_key += 1
        key, entry = keys[(sheet, b)]
        uid = table.guid(exp.game, deck.component, str(i))
        groups.setdefault(b, []).append(table.card(uid, int(key) * 100 + cell, key, entry, n.name,
                                                   pics.texts[i], table.transform(0, 0)))
        if n.id in listed:
            listed[n.id]["copies"] += 1
        else:
            listed[n.id] = {"deck": stub, "component": deck.component, "index": f + 1, "id": n.id,
                            "name": n.name, "text": pics.texts[i], "copies": 1, "owner": n.owner,
                            "front": front_files[f], "back": back_files[b]}
    exp.cards.extend(listed.values())
    exp.counts[deck.component] = sum(len(g) for g in groups.values())
    face_down, shuffle = SETUP.get(deck.component, (False, False))
    for b, cards in groups.items():
        owner = next((n.owner for n, back in zip(names, pics.back_of) if back == b), "")
        name = f"{title} — {owner}" if owner else title
        where = table.transform(-15 + 3.2 * slot, 12 if not owner else -12, face_down)
        exp.objects.append(table.deck(table.guid(exp.game, deck.component, "deck", str(b)), name, "", cards, where,
                                      shuffle))
        slot += 1
    return slot


def _cut_pieces(exp: GameExport, data: bytes, e: dict, name: str, step: int, origin: float) -> None:
    """A piece sheet's pieces one by one (tts_pieces): round ones as tokens (double-sided: round tiles), the others
    as tiles, each where it lies on the sheet, at its printed size."""
    stub = Path(e["path"]).stem.removesuffix(f"-{e['paper']}")
    n = 0
    for page in range(0, pdf_pages(data), step):
        for piece in _sheet_pieces(exp.cache, data, page, page + 1 if step == 2 else None):
            n += 1
            path = f"images/{stub}-{n:02d}.png"
            exp.files[path] = piece.front.png
            back = f"images/{stub}-{n:02d}-back.png" if piece.back else ""
            if piece.back:
                exp.files[back] = piece.back.png
            x0, y0, x1, y1 = (v / PIECE_PX_PER_MM for v in piece.box)
            where = table.transform(origin + (x0 + x1) / 2 / MM_PER_UNIT, -(y0 + y1) / 2 / MM_PER_UNIT,
                                    scale=round(max(x1 - x0, y1 - y0) / MM_PER_TILE, 3))
            uid = table.guid(exp.game, e["path"], str(n))
            if piece.round and not piece.back:
                exp.objects.append(table.token(uid, f"{name} {n}", exp.url(path), where))
            else:
                exp.objects.append(table.tile(uid, f"{name} {n}", "", exp.url(path), where,
                                              exp.url(back) if back else "", shape=2 if piece.round else 0))
    exp.counts[e["component"]] = n


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


def _page_picture(cache: PictureCache, data: bytes, page: int, longest: int) -> tuple[bytes, tuple[int, int]]:
    """A page's picture cut to its printed part (tts_images.page_picture): its PNG and size, from the cache or
    rendered now."""
    key = cache.key("page", data, page, longest)
    hit = cache.get(key)
    if hit is not None:
        return hit[1][0], tuple(hit[0])
    picture = page_picture(data, page, longest)
    cache.put(key, list(picture.image.size), [picture.png])
    return picture.png, picture.image.size


def _pieces(exp: GameExport, kit: Path, manifest: dict, translations: Any) -> None:
    """The board, mats and track as tiles (each page of the kit's A4 file, the board's A2, cut to its printed
    part), the piece sheets' pieces one by one (CUT)."""
    origin = 14.0
    for e in manifest["files"]:
        comp = by_id(e["component"])
        if comp is None or comp.game != exp.game or e["kind"] not in PIECE_KINDS or e.get("gangs") or \
                e.get("layout") not in PIECE_LAYOUTS or e.get("paper") != ("A2" if e["kind"] == "board" else "A4"):
            continue  # a ganged print sheet repeats pieces laid out from their own components' files
        data = (kit / e["path"]).read_bytes()
        name = translations.gettext(component_name(e["component"]))
        step = 2 if e["layout"] == "duplex-long-edge" else 1
        if e["component"] in CUT:
            _cut_pieces(exp, data, e, name, step, origin)
            origin += 9.0
            continue
        stub = Path(e["path"]).stem.removesuffix(f"-{e['paper']}")
        pages = pdf_pages(data)
        for p in range(0, pages, step):
            path = f"images/{stub}-{p // step + 1}.png" if pages > step else f"images/{stub}.png"
            png, size = _page_picture(exp.cache, data, p, BOARD_PX if e["kind"] == "board" else SHEET_PX)
            exp.files[path] = png
            label = f"{name} {p // step + 1}" if pages > step else name
            uid = table.guid(exp.game, e["path"], str(p))
            size_mm = max(size) / (BOARD_PX if e["kind"] == "board" else SHEET_PX) * \
                PAPER_MM[e["paper"]]
            if e["kind"] == "board":
                where = table.transform(0, 0, scale=round(size_mm / MM_PER_TILE, 3))
            else:
                where = table.transform(origin, -14.0, scale=round(size_mm / MM_PER_TILE, 3))
                origin += 9.0
            exp.objects.append(table.tile(uid, label, "", exp.url(path), where, locked=e["kind"] == "board"))
            exp.counts[e["component"]] = exp.counts.get(e["component"], 0) + 1


def _verify(exp: GameExport, boms: tuple, manifest: dict) -> None:
    """The checks made before anything is written (module docstring); findings into exp.problems."""
    where = f"language {exp.lang}, game {exp.game}"
    by_url = {exp.url(p): data for p, data in exp.files.items()}
    doc = json.loads(exp.files[f"{exp.game}.json"])
    errors, _warnings = check(doc, lambda url: by_url.get(url))
    exp.problems += [f"{where}: {e}" for e in errors]
    grids = {(s["FaceURL"], s["NumWidth"], s["NumHeight"]) for o in doc["ObjectStates"]
             for s in (o.get("CustomDeck") or {}).values()}
    for sheet, cells in exp.sheets:
        image = Image.open(io.BytesIO(exp.files[sheet])).convert("RGB")
        cols, rows = sheet_grid(len(cells))
        if image.size != (cols * CELL_W, rows * CELL_H) or {g[1:] for g in grids if g[0] == exp.url(sheet)} != \
                {(cols, rows)}:
            exp.problems.append(f"{where}: {sheet} is {image.width} x {image.height} px, not the {cols} x {rows} "
                                f"cards of {CELL_W} x {CELL_H} px its CustomDeck entries say")
        whole = [0] * 768  # the sheet's histogram: its cells' (each checked equal to its card's picture below)
        whole[255::256] = [image.width * image.height] * 3  # and white paper elsewhere
        for i, card_path in enumerate(cells):
            own = exp.pictures[card_path]
            counts = own.histogram()
            if max(ImageStat.Stat(counts).stddev) < BLANK:
                exp.problems.append(f"{where}: the card picture {card_path} is blank")
            x, y = (i % cols) * own.width, (i // cols) * own.height
            cell = image.crop((x, y, x + own.width, y + own.height))
            if cell.size != own.size or own.mode != "RGB" or ImageChops.difference(cell, own).getbbox() is not None:
                exp.problems.append(f"{where}: {sheet} cell {i} differs from its card's own picture {card_path}")
            whole = [a + b for a, b in zip(whole, counts)]
            whole[255::256] = [v - own.width * own.height for v in whole[255::256]]
        if max(ImageStat.Stat(whole).stddev) < BLANK:
            exp.problems.append(f"{where}: {sheet} is blank")
    decks = {e["component"]: e["cards"] for e in manifest["files"] if e.get("layout") == "single"}
    for comp, printed in decks.items():
        if by_id(comp) and by_id(comp).game == exp.game and exp.counts.get(comp) != printed:
            exp.problems.append(f"{where}, deck {comp}: {exp.counts.get(comp, 0)} cards on the table, "
                                f"{printed} in the kit")
    for bom in (b for b in boms if b.game == exp.game):
        for piece in (p for p in bom.pieces if p.printed and p.id in exp.counts and p.id in decks):
            if exp.counts[piece.id] < piece.need:
                exp.problems.append(f"{where}, deck {piece.id}: {exp.counts[piece.id]} cards on the table, the bill "
                                    f"of materials needs {piece.need} ({piece.rule})")


def export_game(game: str, lang: str, kit: Path, manifest: dict, model: Any, translations: Any,
                url: Callable[[str], str], cache: PictureCache | None = None) -> GameExport:
    """One game's folder in memory, checked (its problems listed, nothing written); with a cache, the pictures it
    made are kept there once every check passed."""
    exp = GameExport(game, lang, url, cache=cache or PictureCache(None))
    slot = 0
    for deck in single_decks(manifest):
        comp = by_id(deck.component)
        if comp is not None and comp.game == game:
            slot = _add_deck(exp, kit, model, translations, deck, slot)
    _pieces(exp, kit, manifest, translations)
    if exp.problems:
        return exp
    note = f"{TITLES[game]} — dojo-pnp {manifest['version']} ({lang})"
    exp.files[f"{game}.json"] = table.canonical(table.save(f"{TITLES[game]} ({lang})", note, exp.objects))
    exp.files["cards/cards.json"] = table.canonical({"game": game, "lang": lang, "version": manifest["version"],
                                                     "px_per_mm": 10, "cards": exp.cards})
    _verify(exp, model.boms, manifest)
    if not exp.problems:
        exp.cache.save()
    return exp


def url_maker(out_root: Path, lang: str, game: str, base_url: str | None) -> Callable[[str], str]:
    """How a file of the game's folder is named in the save: a file:// URL of where it is installed (solo and
    hot-seat play), or base_url/<lang>/<game>/<path> (images hosted for a multiplayer session)."""
    if base_url:
        base = base_url.rstrip("/")
        return lambda path: f"{base}/{lang}/{game}/{path}"
    folder = (out_root / lang / game).absolute()
    return lambda path: (folder / path).as_uri()


SHARED: dict[str, Any] = {}  # set by the parent before the workers fork: root, model


def game_task(task: tuple[str, str, str, dict, str | None, str]) -> tuple[str, str, dict[str, bytes], list[str]]:
    """One (language, game) in a worker: (lang, game, files under build/tts/<lang>/, problems)."""
    from ..i18n.runtime import load_translations

    lang, game, kit, manifest, base_url, out_root = task
    translations = load_translations(SHARED["root"], lang)
    exp = export_game(game, lang, Path(kit), manifest, SHARED["model"], translations,
                      url_maker(Path(out_root), lang, game, base_url), PictureCache(SHARED["root"]))
    return lang, game, {f"{game}/{p}": data for p, data in sorted(exp.files.items())}, exp.problems
