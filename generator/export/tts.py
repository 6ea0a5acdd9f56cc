"""`dojo export tts`: a built kit laid out for Tabletop Simulator (and its cards for Tabletopia, Screentop...).

For each game with a TTS module (content/games.toml `tts`) it writes ``build/tts/<lang>/<game>/``:

- ``<game>-<lang>.json``: a TTS saved object (``SaveName``, ``ObjectStates``...): every deck as a ``DeckCustom``
  (``CustomDeck`` sheets, ``DeckIDs``, cards with ``CardID`` = key x 100 + cell, each card's ``Nickname`` its
  translated name and ``Description`` its printed text without the footer), one deck per set of cards sharing a
  back (a seat's or a player's own cards, at that seat), hidden decks face down, the shuffled ones shuffling
  themselves on load; the board, mats and tracks as tiles with snap points, the pieces of the piece sheets
  (tts_sheets, tts_place), the rules as a PDF, a hand zone per seat, all placed by tts_layout, the setup notebook
  tab (tts_setup); ``<game>-<lang>.png`` its thumbnail; ``rules.pdf``;
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
from pathlib import Path
from typing import Any, Callable

from PIL import Image, ImageStat

from ..content.games import each
from ..plan.registry import by_id, component_name
from . import tts_layout as layout, tts_setup as setup, tts_sheets as sheets, tts_table as table
from .faces import single_decks
from .tts_cache import PictureCache
from .tts_cards import CardName, card_names
from .tts_check import check
from .tts_images import CELL_H, CELL_W, COLS, ROWS, DeckPictures, Picture, deck_pictures, face_sheet, sheet_grid
from .tts_into import mark
from .tts_layout import Spot, card_size
from .tts_model import GameExport, Names, facts, seat_colours

GAMES = tuple(each("tts"))  # content/games.toml: the games with a TTS module (`tts`)
BLANK = 8.0  # a picture whose every channel varies less than this (standard deviation) is blank


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
                            "(add it to the NAMES of its game's TTS module, content/games.toml `tts`)")
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
        pics = DeckPictures(pictures[:fronts], pictures[fronts:], meta["front_of"], meta["back_of"], meta["texts"],
                            meta["back_texts"])
        return pics, [(b, tuple(g)) for b, g in zip(blobs[fronts + backs:], meta["grids"])], False
    pics = deck_pictures(data)
    per = COLS * ROWS
    faces = [face_sheet(pics.fronts[s:s + per]) for s in range(0, len(pics.fronts), per)]
    cache.put(key, {"fronts": len(pics.fronts), "backs": len(pics.backs), "front_of": pics.front_of,
                    "back_of": pics.back_of, "texts": pics.texts, "back_texts": pics.back_texts,
                    "grids": [g for _, g in faces]},
              [p.png for p in pics.fronts + pics.backs] + [png for png, _ in faces])
    return pics, faces, True


BACK_WORDS = 12  # a back printing at least this many words (a Scenario's setup) is searched with its cards


def _add_deck(exp: GameExport, kit: Path, model: Any, translations: Any, deck: Any) -> None:
    """Lay out one deck (one object per set of cards sharing a back: a seat's own set lies at that seat)."""
    data = (kit / deck.path).read_bytes()
    pics, faces, fresh = _deck(exp.cache, data)
    names = _deck_names(exp, model, translations, deck.component, pics, deck.cards)
    if names is None:
        return
    stub = deck.slug.split("/")[-1]
    title = exp.names.name(deck.component, translations.gettext(component_name(deck.component)))
    about = exp.names.description(deck.component)
    texts = pics.texts
    back_texts = [t if len(t.split()) >= BACK_WORDS else "" for t in pics.back_texts]
    front_files = [f"cards/{stub}-{j + 1:02d}.png" for j in range(len(pics.fronts))]
    back_files = [f"cards/{stub}-back.png" if len(pics.backs) == 1 else f"cards/{stub}-back-{b + 1}.png"
                  for b in range(len(pics.backs))]
    exp.files.update({p: pic.png for p, pic in zip(front_files, pics.fronts)})
    exp.files.update({p: pic.png for p, pic in zip(back_files, pics.backs)})
    if fresh:  # made now: read back and compared in _verify (what comes from the cache was, when it was made)
        exp.pictures.update(zip(front_files, pics.fronts))
        exp.images.update(zip(front_files + back_files, pics.fronts + pics.backs))
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
        exp.card_files[(entry["FaceURL"], cell)] = front_files[f]
        text = "\n\n".join(t for t in (texts[i], back_texts[b] if owner_free(names) else "") if t)
        groups.setdefault(b, []).append(table.card(exp.guid(deck.component, str(i)), int(key) * 100 + cell, key,
                                                   entry, n.name, text, table.transform(0, 0)))
        if n.id in listed:
            listed[n.id]["copies"] += 1
        else:
            listed[n.id] = {"deck": stub, "component": deck.component, "index": f + 1, "id": n.id,
                            "name": n.name, "text": text, "copies": 1, "owner": n.owner,
                            "front": front_files[f], "back": back_files[b]}
    exp.cards.extend(listed.values())
    exp.counts[deck.component] = sum(len(g) for g in groups.values())
    # how the rules' setup wants the deck (its game's SETUP): (face down, shuffled); unlisted decks lie face up
    # (reference cards, Scenarios and Modes to choose from); a seat's or player's own cards lie face down
    face_down, shuffle = facts(exp.game).SETUP.get(deck.component, (False, False))
    for b, cards in groups.items():
        owner = next((n.owner for n, back in zip(names, pics.back_of) if back == b), "")
        name = f"{title} — {owner}" if owner else title
        seed = f"{exp.version}/{exp.lang}/{exp.game}/{deck.component}/{b}" if shuffle else ""
        obj = table.deck(exp.guid(deck.component, "deck", str(b)), name, about, cards,
                         table.transform(0, 0, face_down), seed)
        zone: str | int = exp.owners.setdefault(owner, len(exp.owners)) % exp.seats if owner else "shared"
        exp.spots.append(Spot(obj, card_size(), zone))


def owner_free(names: list[CardName]) -> bool:
    """Whether a deck's backs are its cards' own (Scenarios: the setup printed on the back), not a player's."""
    return not any(n.owner for n in names)


def _verify(exp: GameExport, boms: tuple, manifest: dict, name: str) -> None:
    """The checks made before anything is written (module docstring); findings into exp.problems."""
    where = f"language {exp.lang}, game {exp.game}"
    by_url = {exp.url(p): data for p, data in exp.files.items()}
    doc = json.loads(exp.files[f"{name}.json"])
    errors, warnings = check(doc, lambda url: by_url.get(url))
    exp.problems += [f"{where}: {e}" for e in errors + warnings]
    seen: dict[str, str] = {}
    for obj in doc["ObjectStates"]:  # --into matches objects by GUID: two objects must never share one
        if obj["GUID"] in seen:
            exp.problems.append(f"{where}: {obj['Nickname']!r} and {seen[obj['GUID']]!r} share the GUID {obj['GUID']} "
                                "(tts_table.guid: give one of them another key part)")
        seen[obj["GUID"]] = obj["Nickname"] or obj["Name"]
    grids = {(s["FaceURL"], s["NumWidth"], s["NumHeight"]) for o in doc["ObjectStates"]
             for s in (o.get("CustomDeck") or {}).values()}
    for sheet, cells in exp.sheets:
        image = Image.open(io.BytesIO(exp.files[sheet]))  # the sheet as TTS reads it: its PNG decoded
        image = image.convert("RGB") if image.mode != "RGB" else image
        cols, rows = sheet_grid(len(cells))
        if image.size != (cols * CELL_W, rows * CELL_H) or {g[1:] for g in grids if g[0] == exp.url(sheet)} != \
                {(cols, rows)}:
            exp.problems.append(f"{where}: {sheet} is {image.width} x {image.height} px, not the {cols} x {rows} "
                                f"cards of {CELL_W} x {CELL_H} px its CustomDeck entries say")
        whole = [0] * 768  # the sheet's histogram: its cells' (each checked equal to its card's picture below)
        whole[255::256] = [image.width * image.height] * 3  # and white paper elsewhere
        for i, card_path in enumerate(cells):
            own = exp.pictures[card_path].pixels  # the card's own render (height x width x RGB)
            h, w = own.shape[:2]
            x, y = (i % cols) * w, (i // cols) * h
            cell = image.crop((x, y, x + w, y + h))
            same = own.ndim == 3 and own.shape[2] == 3 and cell.size == (w, h) and cell.tobytes() == own.tobytes()
            if not same:
                exp.problems.append(f"{where}: {sheet} cell {i} differs from its card's own picture {card_path}")
            counts = (cell if same else Image.fromarray(own)).histogram()  # the card's (the cell's, when the same)
            if max(ImageStat.Stat(counts).stddev) < BLANK:
                exp.problems.append(f"{where}: the card picture {card_path} is blank")
            whole = [a + b for a, b in zip(whole, counts)]
            whole[255::256] = [v - w * h for v in whole[255::256]]
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
    names = Names(model.boms, game, translations, lang)
    exp = GameExport(game, lang, url, cache=cache or PictureCache(None), version=manifest["version"], names=names,
                     seats=names.bom.players if names.bom else 1, model=model, templates=templates_of(kit))
    for deck in single_decks(manifest):
        comp = by_id(deck.component)
        if comp is not None and comp.game == game:
            _add_deck(exp, kit, model, translations, deck)
    sheets.pieces(exp, kit, manifest, translations, model)
    rules = setup.rules_pdf(manifest, game)
    if rules:
        exp.files["rules.pdf"] = (kit / rules).read_bytes()
        steps = setup.notebook(translations, game)["0"]["body"]  # also where a saved object (no notebook) shows it
        exp.spots.append(Spot(table.pdf(exp.guid("rules"), setup.rules_title(translations, game), steps,
                                        exp.url("rules.pdf"), table.transform(0, 0, scale=setup.PDF_SCALE)),
                              setup.pdf_size(), "shared"))
    if exp.problems:
        return exp
    placed = exp.placed = layout.arrange(exp.spots, exp.seats, seat_colours(model, game, exp.seats))
    objects = [s.obj for s in placed.spots] + [table.hand(exp.guid("hand", c), c, x, z, w, r)
                                                for c, x, z, w, r in placed.hands]
    mark([s.obj for s in placed.spots], game)
    title = setup.title(translations, game)
    note = f"{title} — dojo-pnp {manifest['version']} ({lang})"
    name = setup.file_stem(game, lang)
    exp.files[f"{name}.json"] = table.canonical(table.save(title, note, objects, setup.notebook(translations,
                                                                                              game)))
    exp.files[f"{name}.png"] = setup.picture(placed, exp.files, exp.url, 256, exp.card_files, exp.images)
    exp.files["cards/cards.json"] = table.canonical({"game": game, "lang": lang, "version": manifest["version"],
                                                     "px_per_mm": 10, "cards": exp.cards})
    _verify(exp, model.boms, manifest, name)
    if not exp.problems:
        exp.cache.save()
    return exp


def templates_of(kit: Path) -> Path:
    """The templates a kit was drawn from: its project's (build/pnp/<lang> -> templates/), else the generator's."""
    own = kit.resolve().parents[2] / "templates" if len(kit.resolve().parents) > 2 else None
    return own if own is not None and own.is_dir() else Path(__file__).resolve().parents[2] / "templates"


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
