"""The Tabletop Simulator export: the checker against real TTS saves and broken copies (the shared examples, read
where they are, never copied), and `dojo export tts` on a built Italian kit read back field by field."""

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageStat

from generator.content.load import load_model
from generator.export import tts, tts_cards, tts_run
from generator.export.tts_check import check_file
from generator.export.tts_images import CELL_H, CELL_W
from generator.i18n.runtime import load_translations
from generator.kit import registry
from tests.board.helpers import run_cli
from tests.conftest import shared_dir

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
def exported(pristine_it, tmp_path_factory) -> Path:
    """A copy of the built Italian kit's project, exported by the real command."""
    root = tmp_path_factory.mktemp("tts") / "project"
    shutil.copytree(pristine_it, root, symlinks=True)
    run = run_cli("export", "tts", "--lang", "it", "--root", root)
    assert run.code == 0, run.err
    assert "wrote" in run.out and "build/tts/it" in run.out
    return root


def test_each_game_is_a_saved_object_whose_sheets_cards_and_counts_check_out(exported):
    model, _ = load_model(exported, registry.deck_sources())
    it = load_translations(exported, "it")
    for game in GAMES:
        folder = exported / "build" / "tts" / "it" / game
        doc = json.loads((folder / f"{game}.json").read_text(encoding="utf-8"))
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
        for piece in (p for p in bom.pieces if p.id in printed):
            assert printed[piece.id] == piece.need, (game, piece.id)
        tiles = [o for o in doc["ObjectStates"] if o["Name"] in ("Custom_Tile", "Custom_Token")]
        assert tiles and all(_local(t["CustomImage"]["ImageURL"]).is_file() for t in tiles)
        cut = {}  # pieces cut out of a sheet, by sheet: (tiles, double-sided, round)
        for t in tiles:
            sheet = Path(t["CustomImage"]["ImageURL"]).name.rsplit("-", 1)[0]
            n, two, rnd = cut.get(sheet, (0, 0, 0))
            cut[sheet] = (n + 1, two + bool(t["CustomImage"]["ImageSecondaryURL"]),
                          rnd + (t["Name"] == "Custom_Token" or t["CustomImage"]["CustomTile"]["Type"] == 2))
        if game == "dojo":  # 8 pawns with their numbers; 8 round ladder markers besides the ladder
            assert cut["pawns"][0] == 8 and cut["belt-ladder"][2] == 8
            pawn = Image.open(folder / "images" / "pawns-01.png")
            assert pawn.mode == "RGBA" and pawn.height > 4 * pawn.width
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
    ground = json.loads((folder / "ground" / "ground.json").read_text(encoding="utf-8"))
    by_name = {d["Nickname"]: d for d in _decks(ground)}
    solutions = next(d for n, d in by_name.items() if "Soluzion" in n)
    assert solutions["Transform"]["rotZ"] == 180.0
    assert solutions["DeckIDs"] != sorted(solutions["DeckIDs"])  # shuffled (by a fixed seed)
    assert all(c["HideWhenFaceDown"] is True for c in solutions["ContainedObjects"])  # no name shown face down
    seats = [d for d in _decks(ground) if " — " in d["Nickname"]]
    assert len(seats) == 6 and all(len(d["DeckIDs"]) == 5 and d["Transform"]["rotZ"] == 180.0 for d in seats)
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
        if path == "duel/duel.json":
            assert b"https://example.org/kit/it/duel/images/" in files[path]
            assert files[path].replace(b"https://example.org/kit", local.encode()) == data
        else:
            assert files[path] == data, path


def test_a_deck_whose_cards_come_in_another_order_stops_the_export_naming_language_deck_and_card(exported,
                                                                                               monkeypatch):
    model, _ = load_model(exported, registry.deck_sources())
    names = tts_cards.NAMES["duel-reference"]
    monkeypatch.setitem(tts_cards.NAMES, "duel-reference", lambda m, t: list(reversed(names(m, t))))
    manifest = json.loads((exported / "build/pnp/it/manifest.json").read_text(encoding="utf-8"))
    exp = tts.export_game("duel", "it", exported / "build/pnp/it", manifest, model,
                          load_translations(exported, "it"), lambda p: f"file:///{p}")
    assert exp.problems and f"{tts.GAMES[2]}.json" not in exp.files
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
