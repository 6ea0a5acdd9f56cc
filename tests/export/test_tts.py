"""The Tabletop Simulator export: the checker against real TTS saves and broken copies (the shared examples, read
where they are, never copied), and `dojo export tts` on a built Italian kit read back field by field."""

import itertools
import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageStat

from generator.content.load import load_model
from generator.content.games import each
from generator.export import tts, tts_cards, tts_run
from generator.export.tts_check import check_file
from generator.export.tts_images import CELL_H, CELL_W
from generator.i18n.runtime import load_translations
from generator.plan import registry
from tests.board.helpers import run_cli
from tests.conftest import shared_dir, with_tts_pictures

GAMES = ("dojo", "ground", "duel")


def shared_examples() -> Path:
    """shared/tts-examples beside the clone (CI), or beside a folder holding it; skipped, saying why, without it."""
    return shared_dir("tts-examples")


EXPECTED = {  # each broken copy and words its finding must hold
    "bad_aspect_square.json": "cells are 1.00 wide", "bad_card_sheet_differs.json": "differs from its deck's",
    "bad_cell69_not_hidden.json": "cell 69", "bad_cell_outside_sheet.json": "outside its 3 x 2 sheet",
    "bad_cmyk.json": "is CMYK", "bad_customdeck_key.json": "'01' is not a positive whole number",
    "bad_deckids_len.json": "DeckIDs lists 6 cards but the deck contains 5",
    "bad_image_over_4096.json": "4200 x 4116 px, over 4096", "bad_loose_card_no_customdeck.json": "no CustomDeck entry '1'",
    "bad_missing_backurl.json": "'BackURL' is missing", "bad_missing_local_image.json": "nope.png not found",
    "bad_numwidth_11.json": "NumWidth: 11 is above the most allowed, 10",
    "bad_string_bool.json": 'BackIsHidden: "true" is not true or false',
    "bad_string_numheight.json": 'NumHeight: "2" is not a whole number', "bad_string_posx.json": 'posX: "0" is not a number',
    "bad_token_no_imageurl.json": "CustomImage: the field 'ImageURL' is missing",
    "bad_wrong_cardid.json": "DeckIDs[1] is 101 but the card there has CardID 104",
}


def test_the_checker_accepts_real_saves_and_refuses_every_broken_copy_in_words():
    shared = shared_examples()
    for path in sorted((shared / "real").glob("*.json")) + [shared / "synthetic" / "good_deck_token_tile.json"]:
        errors, _warnings = check_file(path)
        assert errors == [], path.name
    bad = sorted((shared / "synthetic").glob("bad_*.json"))
    assert {p.name for p in bad} == set(EXPECTED), "a broken example without an expected finding"
    for path in bad:
        errors, _warnings = check_file(path)
        assert errors, f"{path.name} passed the checker"
        assert any(EXPECTED[path.name] in e for e in errors), (path.name, errors)
        assert all(e.startswith(str(path)) for e in errors)
    errors, warnings = check_file(shared / "synthetic" / "keys_typos.json")  # TTS ignores unknown keys: warned
    assert errors == [] and any("'Nickame'" in w and "'Nickname'" in w for w in warnings)


def _local(url: str) -> Path:
    assert url.startswith("file://"), url
    return Path(unquote(urlparse(url).path))


def _pixels(path: Path) -> bytes:
    return Image.open(path).convert("RGB").tobytes()


def _decks(doc: dict) -> list[dict]:
    return [o for o in doc["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]


@pytest.fixture(scope="module")
def exported(pristine_it, tts_pictures, tmp_path_factory) -> Path:
    """A copy of the built Italian kit's project, exported by the real command; its pictures from the session's
    picture cache (conftest.tts_pictures: the same command's export, every picture made and compared, once per
    session)."""
    root = tmp_path_factory.mktemp("tts") / "project"
    shutil.copytree(pristine_it, root, symlinks=True)
    with_tts_pictures(root, tts_pictures)
    run = run_cli("export", "tts", "--lang", "it", "--root", root)
    assert run.code == 0, run.err
    assert "wrote" in run.out and "build/tts/it" in run.out
    return root


def test_each_game_is_a_saved_object_whose_sheets_cards_and_counts_check_out(exported):
    model, _ = load_model(exported, registry.deck_sources())
    it = load_translations(exported, "it")
    for game in GAMES:
        folder = exported / "build" / "tts" / "it" / game
        doc = json.loads((folder / f"{game}-it.json").read_text(encoding="utf-8"))
        listing = json.loads((folder / "cards" / "cards.json").read_text(encoding="utf-8"))
        assert doc["SaveName"] and doc["ObjectStates"] and listing["lang"] == "it"
        fronts_by_name: dict[str, set[bytes]] = {}
        for c in listing["cards"]:  # the per-card set: every face and back a 10 px/mm PNG, not blank
            for key in ("front", "back"):
                image = Image.open(folder / c[key])
                assert image.size == (CELL_W, CELL_H) == (635, 889) and image.mode == "RGB"
                assert max(ImageStat.Stat(image).stddev) > 10
            fronts_by_name.setdefault(c["name"], set()).add(_pixels(folder / c["front"]))
        named = {c[k] for c in listing["cards"] for k in ("front", "back")}
        assert named == {f"cards/{p.name}" for p in (folder / "cards").glob("*.png")}
        on_table, sheets = 0, {}
        for d in _decks(doc):
            cards = d.get("ContainedObjects") or [d]
            if d["Name"] == "DeckCustom":
                assert d["DeckIDs"] == [c["CardID"] for c in cards]
            for c in cards:
                key, cell = divmod(c["CardID"], 100)
                sheet = (d["CustomDeck"] if d["Name"] == "DeckCustom" else c["CustomDeck"])[str(key)]
                cols, rows = sheet["NumWidth"], sheet["NumHeight"]
                assert cols <= 10 and rows <= 7 and cell < cols * rows and sheet["BackIsHidden"] is True
                if sheet["FaceURL"] not in sheets:
                    sheets[sheet["FaceURL"]] = Image.open(_local(sheet["FaceURL"])).convert("RGB")
                face = sheets[sheet["FaceURL"]]
                assert face.size == (cols * CELL_W, rows * CELL_H) and max(face.size) <= 4096
                x, y = cell % cols * CELL_W, cell // cols * CELL_H
                crop = face.crop((x, y, x + CELL_W, y + CELL_H)).tobytes()
                assert crop in fronts_by_name[c["Nickname"]], (game, c["Nickname"], c["CardID"])
                assert _local(sheet["BackURL"]).is_file()
                on_table += 1
        assert on_table == sum(c["copies"] for c in listing["cards"])
        printed = {}
        for c in listing["cards"]:
            printed[c["component"]] = printed.get(c["component"], 0) + c["copies"]
        bom = next(b for b in model.boms if b.game == game)
        for piece in (p for p in bom.pieces if p.id in printed):  # a deck also holding other pieces' cards (GROUND's
            within = sum(p.need for p in bom.pieces if p.id.startswith(piece.id + "/"))  # Ground choice cards)
            assert printed[piece.id] == piece.need + within, (game, piece.id)
        laid = doc["ObjectStates"] + [c for o in doc["ObjectStates"] if o["Name"] in ("Bag", "Infinite_Bag")
                                      for c in o["ContainedObjects"]]
        tiles = [o for o in laid if o["Name"] in ("Custom_Tile", "Custom_Token")]
        assert tiles and all(_local(t["CustomImage"]["ImageURL"]).is_file() for t in tiles)
        cut = {}  # pieces cut out of a sheet, by sheet: (tiles, double-sided, round)
        for t in tiles:
            sheet = Path(t["CustomImage"]["ImageURL"]).name.rsplit("-", 1)[0]
            n, two, rnd = cut.get(sheet, (0, 0, 0))
            cut[sheet] = (n + 1, two + bool(t["CustomImage"]["ImageSecondaryURL"]),
                          rnd + (t["Name"] == "Custom_Token" or t["CustomImage"]["CustomTile"]["Type"] == 2))
        if game == "dojo":  # 8 standing pawns showing their printed front panel; 8 round ladder markers
            assert cut["belt-ladder"][2] == 8
            pawns = [o for o in laid if o["Name"] == "Figurine_Custom"]
            assert len(pawns) == 8 and all(_local(p["CustomImage"]["ImageSecondaryURL"]).is_file() for p in pawns)
            pawn = Image.open(_local(pawns[0]["CustomImage"]["ImageURL"]))
            assert pawn.mode == "RGBA" and 1.6 < pawn.height / pawn.width < 2.2  # one panel (38 x 19 mm), not the net
        if game == "duel":  # two fighters (round-cornered tokens) and two order slips
            assert cut["pieces"] == (4, 0, 2)
        if game == "ground":
            assert cut["seat-markers"] == (36, 36, 36)  # 6 seats x (Stress, Freedom, DARVO, Focus/Blame, 2 relation)
            mats = [t for t in tiles if "player-mats" in t["CustomImage"]["ImageURL"]]
            assert len(mats) == next(p.need for p in bom.pieces if p.id == "ground-player-mats")
    nebbia = json.loads((exported / "build/tts/it/dojo/cards/cards.json").read_text(encoding="utf-8"))["cards"]
    wanted = {it.pgettext(f"dojo-nebbia/{c.id}", c.name) for c in model.dojo.nebbia.cards}
    assert {c["name"] for c in nebbia if c["component"] == "dojo-nebbia-deck"} == wanted
    assert len(wanted - {c.name for c in model.dojo.nebbia.cards}) > len(wanted) // 2  # Italian, not English


def test_hidden_decks_lie_face_down_and_each_players_set_has_its_own_back(exported):
    folder = exported / "build" / "tts" / "it"
    ground = json.loads((folder / "ground" / "ground-it.json").read_text(encoding="utf-8"))
    by_name = {d["Nickname"]: d for d in _decks(ground)}
    solutions = next(d for n, d in by_name.items() if "Soluzion" in n)
    assert solutions["Transform"]["rotZ"] == 180.0
    assert solutions["DeckIDs"] != sorted(solutions["DeckIDs"])  # shuffled (by a fixed seed)
    assert all(c["HideWhenFaceDown"] is True for c in solutions["ContainedObjects"])  # no name shown face down
    seats = [d for d in _decks(ground) if " — " in d["Nickname"]]
    # each seat: its 5 Actions and its Ground choice card
    assert len(seats) == 6 and all(len(d["DeckIDs"]) == 6 and d["Transform"]["rotZ"] == 180.0 for d in seats)
    backs = [{s["BackURL"] for s in d["CustomDeck"].values()} for d in seats]
    assert all(len(b) == 1 for b in backs) and len(set().union(*backs)) == 6  # one back per seat, none shared


def test_exporting_again_gives_the_same_bytes_and_base_url_only_changes_the_urls(exported):
    model, _ = load_model(exported, registry.deck_sources())
    kit = exported / "build" / "pnp" / "it"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    tts.SHARED.update(root=exported, model=model)
    out = exported / "build" / "tts"
    lang, game, files, problems = tts.game_task(("it", "duel", str(kit), manifest, "https://example.org/kit/",
                                                 str(out)))
    assert problems == [] and (lang, game) == ("it", "duel")
    installed = {f"duel/{p.relative_to(out / 'it' / 'duel').as_posix()}": p.read_bytes()
                 for p in (out / "it" / "duel").rglob("*") if p.is_file()}
    assert files.keys() == installed.keys()
    local = out.absolute().as_uri()
    for path, data in installed.items():
        if path == "duel/duel-it.json":
            assert b"https://example.org/kit/it/duel/images/" in files[path]
            assert files[path].replace(b"https://example.org/kit", local.encode()) == data
        else:
            assert files[path] == data, path


def test_a_deck_whose_cards_come_in_another_order_stops_the_export_naming_language_deck_and_card(exported,
                                                                                               monkeypatch):
    model, _ = load_model(exported, registry.deck_sources())
    names = tts_cards.names_of("duel-reference")  # from the duel's TTS module (content/games.toml `tts`)
    monkeypatch.setitem(each("tts")["duel"].NAMES, "duel-reference", lambda m, t: list(reversed(names(m, t))))
    manifest = json.loads((exported / "build/pnp/it/manifest.json").read_text(encoding="utf-8"))
    exp = tts.export_game("duel", "it", exported / "build/pnp/it", manifest, model,
                          load_translations(exported, "it"), lambda p: f"file:///{p}")
    assert exp.problems and f"{tts.GAMES[2]}-it.json" not in exp.files
    assert any("language it, game duel, deck duel-reference, card 1 (hits)" in p for p in exp.problems)


def test_an_export_is_reused_while_up_to_date_and_not_when_a_file_changed(exported):
    folder = exported / "build" / "tts" / "it"
    record = json.loads((folder / tts_run.MANIFEST).read_text(encoding="utf-8"))
    assert tts_run.up_to_date(folder, record["inputs"], exported)
    assert not tts_run.up_to_date(folder, "other inputs", exported)
    run = run_cli("export", "tts", "--lang", "it", "--root", exported)
    assert run.code == 0 and "up to date, " in run.out, run.out
    sheet = folder / "duel" / "images" / "stances-1.png"
    data = sheet.read_bytes()
    try:
        sheet.write_bytes(data + b"\0")
        assert not tts_run.up_to_date(folder, record["inputs"], exported)
    finally:
        sheet.write_bytes(data)


def test_pictures_come_from_the_cache_while_the_pdf_is_unchanged_and_a_damaged_entry_is_made_again(exported,
                                                                                                   tmp_path):
    from generator.export.tts_cache import FOLDER, PictureCache
    from generator.output.cache import CACHE_DIR

    model, _ = load_model(exported, registry.deck_sources())
    kit = exported / "build" / "pnp" / "it"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    it = load_translations(exported, "it")

    def export(cache):
        return tts.export_game("duel", "it", kit, manifest, model, it, lambda p: f"file:///{p}", cache)

    made = PictureCache(tmp_path)
    first = export(made)
    entries = sorted((tmp_path / CACHE_DIR / FOLDER).glob("*.entry"))
    assert first.problems == [] and made.hits == 0 and first.sheets  # made now, so read back and compared
    assert len(entries) >= 4  # the duel's decks (stances, strikes, reference), its track and its piece sheets
    kept = PictureCache(tmp_path)
    again = export(kept)
    assert kept.hits == len(entries) and again.problems == [] and again.files == first.files
    assert again.sheets == []  # nothing made again, nothing to compare again
    data = entries[0].read_bytes()
    entries[0].write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # one byte of a picture changed: its checksum fails
    mended = PictureCache(tmp_path)
    third = export(mended)
    assert mended.hits == len(entries) - 1 and third.problems == [] and third.files == first.files
    assert entries[0].read_bytes() == data  # made again and kept again


CARD_MM, INCH = (63.5, 88.9), 25.4  # docs/TABLETOP.md "Scale": a card at scale 1 is 3.5 in tall, TTS units inches,
TILE_IN = 1.318  # a tile or token at scale 1 is 1.318 in along its picture's height (the cited measurement)


def _footprint(obj: dict) -> tuple[float, float, float, float]:
    """An object's rectangle on the table from its position, scale and picture (module constants, not the export's)."""
    t, name = obj["Transform"], obj["Name"]
    if name in ("DeckCustom", "Card"):
        w, d = CARD_MM[0] / INCH * t["scaleX"], CARD_MM[1] / INCH * t["scaleZ"]
    elif name in ("Bag", "Infinite_Bag"):
        w = d = 2.6 * t["scaleX"]
    elif name == "Custom_PDF":
        d = 5.0
        w = d * 210 / 297
    else:
        image = Image.open(_local(obj["CustomImage"]["ImageURL"]))
        d = TILE_IN * t["scaleZ"]
        w = d * image.width / image.height
        if name == "Figurine_Custom":
            d = max(w, 1.0)
    return t["posX"] - w / 2, t["posZ"] - d / 2, t["posX"] + w / 2, t["posZ"] + d / 2


def test_seats_and_no_two_objects_overlap_at_spawn(exported):
    model, _ = load_model(exported, registry.deck_sources())
    for game in GAMES:
        doc = json.loads((exported / "build/tts/it" / game / f"{game}-it.json").read_text(encoding="utf-8"))
        hands = [o for o in doc["ObjectStates"] if o["Name"] == "HandTrigger"]
        players = next(b.players for b in model.boms if b.game == game)
        assert len(hands) == players == {"dojo": 8, "ground": 6, "duel": 2}[game]
        assert len({h["FogColor"] for h in hands}) == players
        assert {"Red", "Blue"} <= {h["FogColor"] for h in hands}  # the red and blue pieces' seats (printed colours)
        boxes = [(o["Nickname"], _footprint(o)) for o in doc["ObjectStates"] if o["Name"] != "HandTrigger"]
        for i, (a, (ax0, az0, ax1, az1)) in enumerate(boxes):
            for b, (bx0, bz0, bx1, bz1) in boxes[i + 1:]:
                assert min(ax1, bx1) <= max(ax0, bx0) or min(az1, bz1) <= max(az0, bz0), (game, a, b)
        for h in hands:  # every hand zone lies outside the pieces, on the table's south or north edge
            x, z, w = h["Transform"]["posX"], h["Transform"]["posZ"], h["Transform"]["scaleX"]
            assert all(min(x + w / 2, bx1) <= max(x - w / 2, bx0) or min(z + 2, bz1) <= max(z - 2, bz0)
                       for _, (bx0, bz0, bx1, bz1) in boxes), (game, h["FogColor"])
        if game == "ground":  # each seat's mat, Action deck and bag of markers in front of one hand zone
            owners = {n.split(" — ")[-1] for n, _ in boxes if " — " in n}
            assert len(owners) == 6
            for owner in owners:
                own = [((x0 + x1) / 2, (z0 + z1) / 2) for n, (x0, z0, x1, z1) in boxes
                       if n.endswith(f" — {owner}") or n == owner]
                assert len(own) == 3, (owner, own)
                assert any(all(abs(x - h["Transform"]["posX"]) < h["Transform"]["scaleX"] / 2 and
                               z * h["Transform"]["posZ"] > 0 for x, z in own) for h in hands), owner


def test_a_card_a_board_cell_and_a_token_keep_their_printed_proportions(exported):
    from generator.components.dojo_board import S

    folder = exported / "build/tts/it"
    dojo = json.loads((folder / "dojo/dojo-it.json").read_text(encoding="utf-8"))
    board = next(o for o in dojo["ObjectStates"] if o.get("AttachedSnapPoints") and o["Locked"])
    points = board["AttachedSnapPoints"]
    assert len(points) == 256
    cell = abs(points[1]["Position"]["x"] - points[0]["Position"]["x"]) * board["Transform"]["scaleX"]
    card = CARD_MM[0] / INCH
    assert abs((cell / card) / (S / CARD_MM[0]) - 1) < 0.05, (cell, card)
    ground = json.loads((folder / "ground/ground-it.json").read_text(encoding="utf-8"))
    bag = next(o for o in ground["ObjectStates"] if o["Name"] == "Infinite_Bag")
    token = bag["ContainedObjects"][0]
    image = Image.open(_local(token["CustomImage"]["ImageURL"]))
    printed = image.width / 8  # the piece sheets are cut at 8 px per mm
    shown = TILE_IN * token["Transform"]["scaleZ"] * image.width / image.height
    assert abs((shown / card) / (printed / CARD_MM[0]) - 1) < 0.05
    assert 20 <= printed <= 24  # a 22 mm token, cut at its trim (no crop mark widening it)
    sizes = {Image.open(p).size for p in (folder / "ground/images").glob("tokens-[0-9][0-9]*.png")}
    assert len(sizes) == 1, sizes  # Protection, Denied, Lead and Round tokens (both sides): one size, corners too
    duel = json.loads((folder / "duel/duel-it.json").read_text(encoding="utf-8"))
    track = next(o for o in duel["ObjectStates"] if o.get("AttachedSnapPoints"))
    assert len(track["AttachedSnapPoints"]) == 12
    steps = sorted(len(o.get("AttachedSnapPoints", ())) for o in dojo["ObjectStates"])
    assert steps[-2:] == [18, 256]  # the belt ladder's steps, the board's cells
    mat = ground["ObjectStates"]  # each mat: Stress 0-5, Freedom's 2 sides, DARVO's 4 stages, 2 relation slots
    counts = [len(o.get("AttachedSnapPoints", ())) for o in mat if o["Nickname"].startswith("Plance")]
    assert counts == [14] * 6, counts
    stress = next(o for o in mat if o["Nickname"].startswith("Plance"))["AttachedSnapPoints"][:6]
    steps = [b["Position"]["x"] - a["Position"]["x"] for a, b in itertools.pairwise(stress)]
    assert len({round(s, 3) for s in steps}) == 1 and steps[0] != 0  # six cells in a row, evenly spaced
    assert len({p["Position"]["z"] for p in stress}) == 1


def test_decks_shuffle_on_load_the_setup_says_so_first_and_names_are_the_kits(exported):
    folder = exported / "build/tts/it"
    for game in GAMES:
        doc = json.loads((folder / game / f"{game}-it.json").read_text(encoding="utf-8"))
        tab = doc["TabStates"]["0"]
        assert tab["title"] and "1." in tab["body"].split("\n")[0]
        assert (folder / game / f"{game}-it.png").is_file() and (folder / game / "rules.pdf").is_file()
        pdf = next(o for o in doc["ObjectStates"] if o["Name"] == "Custom_PDF")
        assert _local(pdf["CustomPDF"]["PDFUrl"]).read_bytes().startswith(b"%PDF")
        assert pdf["Description"] == tab["body"]  # the setup also shows on the table spawned as a saved object
        for o in doc["ObjectStates"]:
            for c in o.get("ContainedObjects") or [o]:
                assert "0.9" not in c["Description"].split("\n")[0][-40:] and " · IT · " not in c["Description"]
            assert o["Name"] == "HandTrigger" or o["Nickname"], o["GUID"]
            assert not re.search(r": (tokens|pawns) \d+$", o["Nickname"])
    ground = json.loads((folder / "ground/ground-it.json").read_text(encoding="utf-8"))
    scenarios = next(o for o in ground["ObjectStates"] if o["Nickname"] == "Carte Scenario")["ContainedObjects"]
    assert all(len(c["Description"].split("\n\n")) == 2 for c in scenarios)  # the front, then the setup on the back
    shuffled = [o for o in ground["ObjectStates"] if "self.shuffle()" in o.get("LuaScript", "")]
    assert len(shuffled) == 2 and ground["SaveName"] == "GROUND"
    dojo = json.loads((folder / "dojo/dojo-it.json").read_text(encoding="utf-8"))
    it = load_translations(exported, "it")
    assert dojo["SaveName"] == it.gettext("Dojo Labyrinth") != "Dojo Labyrinth"


def test_into_refreshes_this_kits_objects_and_keeps_the_designers(exported, tmp_path):
    save = exported / "build/tts/it/duel/duel-it.json"
    table = json.loads(save.read_text(encoding="utf-8"))
    mine = {"GUID": "abc123", "Name": "BlockSquare", "Nickname": "designer's block", "Transform": table[
        "ObjectStates"][0]["Transform"]}
    moved = table["ObjectStates"][0]
    moved["Transform"] = {**moved["Transform"], "posX": 99.0}
    dropped = table["ObjectStates"].pop(1)
    stale = {**table["ObjectStates"][2], "GUID": "fff000", "Nickname": "old piece"}
    table["ObjectStates"] += [mine, stale]
    table["LuaScript"] = "-- designer's script"
    path = tmp_path / "MY_TABLE.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    run = run_cli("export", "tts", "--lang", "it", "--root", exported, "--into", path)
    assert run.code == 0, run.err
    assert "replaced " in run.out and "added 1:" in run.out and "removed 1: old piece (fff000)" in run.out
    after = json.loads(path.read_text(encoding="utf-8"))
    by_guid = {o["GUID"]: o for o in after["ObjectStates"]}
    assert by_guid["abc123"] == mine and after["LuaScript"] == "-- designer's script"
    assert by_guid[moved["GUID"]]["Transform"]["posX"] == 99.0 and dropped["GUID"] in by_guid
    assert "fff000" not in by_guid
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    run = run_cli("export", "tts", "--lang", "it", "--root", exported, "--into", bad)
    assert run.code != 0 and "bad.json" in run.err and "Traceback" not in run.err and bad.read_text() == "{"


def test_the_release_installer_points_the_saves_at_the_unzipped_folder_and_copies_them(exported, tmp_path):
    from generator.export.tts_install import BASE, installers, tts_parts

    model, _ = load_model(exported, registry.deck_sources())
    kit = exported / "build" / "pnp" / "it"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    tts.SHARED.update(root=exported, model=model)
    _lang, _game, files, problems = tts.game_task(("it", "duel", str(kit), manifest, BASE, str(tmp_path / "x")))
    assert problems == []
    table, cards = tts_parts(files)
    assert cards and all("/cards/" in p and p.endswith((".png", ".json")) for p in cards)
    assert "duel/duel-it.json" in table and "duel/duel-it.png" in table
    unzipped = tmp_path / "my games" / "tts"
    for path, data in {**{f"it/{p}": d for p, d in table.items()}, **installers()}.items():
        (unzipped / path).parent.mkdir(parents=True, exist_ok=True)
        (unzipped / path).write_bytes(data)
    home = tmp_path / "home"
    run = subprocess.run(["sh", str(unzipped / "install.sh")], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    saves = home / ".local/share/Tabletop Simulator/Saves"
    dest = saves / "Saved Objects"
    assert sorted(p.name for p in dest.iterdir()) == ["duel-it.json", "duel-it.png"]
    assert (saves / "duel-it.json").read_bytes() == (dest / "duel-it.json").read_bytes()  # also a whole game
    assert (saves / "duel-it.png").is_file()
    errors, warnings = check_file(dest / "duel-it.json")  # every image found where the installer pointed
    assert errors == [] and warnings == [] and BASE not in (dest / "duel-it.json").read_text(encoding="utf-8")
    assert "%20" in (dest / "duel-it.json").read_text(encoding="utf-8")  # the folder's space, as a URL writes it


def test_the_checker_refuses_a_pdf_object_without_its_pdf_and_a_hand_zone_of_no_seat(tmp_path):
    save = {"ObjectStates": [
        {"Name": "Custom_PDF", "Nickname": "rules", "CustomPDF": {"PDFUrl": "file:///rules.pdf"}},
        {"Name": "HandTrigger", "FogColor": "Crimson"}]}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    errors, _ = check_file(path)
    assert any("rules.pdf not found" in e for e in errors) and any("'Crimson' is not a player colour" in e
                                                                  for e in errors)
    (tmp_path / "rules.pdf").write_bytes(b"%PDF-1.7\n")
    save["ObjectStates"][1]["FogColor"] = "Teal"
    path.write_text(json.dumps(save), encoding="utf-8")
    assert check_file(path) == ([], [])
