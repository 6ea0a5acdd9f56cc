"""Checks of a Tabletop Simulator saved object beyond its field types (tts_schema.py): what TTS needs for a
deck to show the right cards, read from the save and its images.

- a deck's ``DeckIDs`` list its contained cards one for one, in order; every ``CardID`` (deck key x 100 + cell)
  has its key in the ``CustomDeck`` that holds it (the deck's, or a loose card's own), and its cell lies on the
  sheet (``NumWidth`` x ``NumHeight``), never on cell 69 of a 10 x 7 sheet when ``BackIsHidden`` is false (TTS
  shows that cell as the hidden face); a card's own ``CustomDeck`` entry is the deck's, not another sheet;
- tokens, tiles, boards and figurines have a ``CustomImage.ImageURL``; a ``Custom_PDF`` a ``CustomPDF.PDFUrl`` (a
  local one: a PDF that exists); a ``HandTrigger`` a player colour as its ``FogColor``;
- every local image (``file://``) exists and opens, is RGB (TTS cannot show CMYK), at most 4096 px on a side; a
  face sheet's cells have the shape of its back. Remote images (http, https) are not fetched.

Each finding names the object (``ObjectStates[2] DeckCustom 'Nebbia'``), the card or field, and the fix."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import unquote, urlparse

from PIL import Image

from .tts_schema import near_misses, validate

MAX_PX = 4096
IMAGE_OBJECTS = ("Custom_Token", "Custom_Tile", "Custom_Board", "Figurine_Custom")
DECKS = ("DeckCustom", "Deck")
CARDS = ("Card", "CardCustom")
REMOTE = b""  # what an image reader returns for an image it does not fetch (http, https)
HIDDEN_CELL = 69  # a full 10 x 7 sheet's last cell: its hidden face unless BackIsHidden (TTS saves use the last
# cell of smaller sheets for cards)
ASPECT_SLACK = 0.03  # a cell's width/height may differ from its back's by this share (rounding of sheet sizes)

PLAYER_COLOURS = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink", "Grey",
                  "Black")  # the seats' colours (a hand zone's FogColor)

ImageReader = Callable[[str], "bytes | None"]


def file_images(json_path: Path) -> ImageReader:
    """Reads the images a save on disk points at: a file:// URL is its path, or (when no such file exists) that
    path taken inside the save's own folder (file:///images/a.png beside the save); other URLs are remote."""
    def read(url: str) -> bytes | None:
        parsed = urlparse(url)
        if parsed.scheme != "file":
            return REMOTE
        path = Path(unquote(parsed.path))
        for candidate in (path, json_path.parent / str(path).lstrip("/")):
            if candidate.is_file():
                return candidate.read_bytes()
        return None
    return read


def _label(obj: dict, where: str) -> str:
    nick = obj.get("Nickname")
    return f"{where} {obj.get('Name')}" + (f" {nick!r}" if nick else "")


def _cards(doc: dict) -> Iterator[tuple[dict, str, dict | None]]:
    """Every object of the save with its path and the deck holding it (None: on the table or in a bag)."""
    def walk(obj: Any, where: str, deck: dict | None) -> Iterator[tuple[dict, str, dict | None]]:
        if not isinstance(obj, dict):
            return
        yield obj, where, deck
        holder = obj if obj.get("Name") in DECKS else None
        for i, inner in enumerate(obj.get("ContainedObjects") or ()):
            yield from walk(inner, f"{where}.ContainedObjects[{i}]", holder)
        for key, state in (obj.get("States") or {}).items():
            yield from walk(state, f"{where}.States.{key}", None)
    for i, obj in enumerate(doc.get("ObjectStates") or ()):
        yield from walk(obj, f"ObjectStates[{i}]", None)


def _sheet(custom: dict, key: str) -> dict | None:
    entry = (custom or {}).get(key)
    return entry if isinstance(entry, dict) else None


def _card_problems(card_id: int, sheet: dict | None, key: str, what: str) -> Iterator[str]:
    if sheet is None:
        yield f"{what}: CardID {card_id} names sheet {key}, but no CustomDeck entry {key!r} holds it " \
              f"(add CustomDeck.{key} with FaceURL and BackURL, or correct the CardID)"
        return
    cells = sheet["NumWidth"] * sheet["NumHeight"]
    cell = card_id % 100
    if cell >= cells:
        yield f"{what}: CardID {card_id} is cell {cell}, outside its {sheet['NumWidth']} x {sheet['NumHeight']} " \
              f"sheet (cells 0-{cells - 1})"
    elif cell == HIDDEN_CELL and cells == HIDDEN_CELL + 1 and sheet.get("BackIsHidden") is False:
        yield f"{what}: CardID {card_id} is cell {cell}, the sheet's last cell, which TTS shows as the hidden face " \
              "while BackIsHidden is false (set BackIsHidden true, or move the card to another cell)"


def structure_problems(doc: dict) -> Iterator[str]:
    """Decks, cards and image objects as TTS needs them (the doc has passed the schema)."""
    for obj, where, deck in _cards(doc):
        what = _label(obj, where)
        name = obj.get("Name")
        if name in DECKS:
            ids, inner = obj.get("DeckIDs") or [], obj.get("ContainedObjects") or []
            if len(ids) != len(inner):
                yield f"{what}: DeckIDs lists {len(ids)} cards but the deck contains {len(inner)} " \
                      "(one DeckIDs entry per contained card, in order)"
            for i, (card_id, card) in enumerate(zip(ids, inner)):
                if card.get("CardID") != card_id:
                    yield f"{what}: DeckIDs[{i}] is {card_id} but the card there has CardID {card.get('CardID')}"
                key = str(card_id // 100)
                yield from _card_problems(card_id, _sheet(obj.get("CustomDeck"), key), key, what)
        elif name in CARDS and "CardID" in obj:
            key = str(obj["CardID"] // 100)
            own = _sheet(obj.get("CustomDeck"), key)
            if deck is None:
                yield from _card_problems(obj["CardID"], own, key, what)
            elif own is not None and own != _sheet(deck.get("CustomDeck"), key):
                yield f"{what}: its CustomDeck.{key} differs from its deck's (FaceURL {own.get('FaceURL')!r}): " \
                      "a card shows the sheet of the deck holding it; give both the same entry"
        elif name in IMAGE_OBJECTS and not (obj.get("CustomImage") or {}).get("ImageURL"):
            yield f"{what}: no CustomImage.ImageURL (the image TTS draws on it)"
        elif name == "Custom_PDF" and not (obj.get("CustomPDF") or {}).get("PDFUrl"):
            yield f"{what}: no CustomPDF.PDFUrl (the PDF TTS shows on it)"
        elif name == "HandTrigger" and obj.get("FogColor") not in PLAYER_COLOURS:
            yield f"{what}: FogColor {obj.get('FogColor')!r} is not a player colour; TTS gives this hand to no seat " \
                  f"(one of {', '.join(PLAYER_COLOURS)})"


def _open(data: bytes, url: str, what: str) -> tuple[Image.Image | None, list[str]]:
    try:
        image = Image.open(io.BytesIO(data))  # the header: mode and size (pixels are compared by the export)
        image.verify()
    except Exception as exc:  # noqa: BLE001 (any decoder failure is the same finding)
        return None, [f"{what}: {url} is not an image TTS can read ({exc})"]
    problems = []
    if image.mode not in ("RGB", "RGBA", "L", "LA", "P"):
        problems.append(f"{what}: {url} is {image.mode}; TTS shows RGB images only (save it as RGB PNG or JPEG)")
    if max(image.size) > MAX_PX:
        problems.append(f"{what}: {url} is {image.width} x {image.height} px, over {MAX_PX} px on a side "
                        "(split the sheet or lower the resolution)")
    return image, problems


def image_problems(doc: dict, read: ImageReader) -> Iterator[str]:
    """Every local image the save points at: present, readable, RGB, within 4096 px; sheets' cells shaped as
    their backs. Each image is opened once."""
    opened: dict[str, Image.Image | None] = {}
    shapes: set[tuple] = set()  # sheets whose cells were compared with their back

    def image(url: str, what: str) -> Iterator[str]:
        if url in opened:
            return
        data = read(url)
        if data is None:
            opened[url] = None
            yield f"{what}: image {url} not found (write it there, or correct the URL)"
        elif data == REMOTE:
            opened[url] = None
        else:
            opened[url], found = _open(data, url, what)
            yield from found

    for obj, where, _deck in _cards(doc):
        what = _label(obj, where)
        for key, sheet in sorted((obj.get("CustomDeck") or {}).items()):
            yield from image(sheet["FaceURL"], f"{what} CustomDeck.{key}")
            yield from image(sheet["BackURL"], f"{what} CustomDeck.{key}")
            face, back = opened.get(sheet["FaceURL"]), opened.get(sheet["BackURL"])
            shape = (sheet["FaceURL"], sheet["BackURL"], sheet["NumWidth"], sheet["NumHeight"])
            if shape in shapes:
                continue
            shapes.add(shape)
            if face is not None and back is not None and not sheet.get("UniqueBack"):
                cell = (face.width / sheet["NumWidth"]) / (face.height / sheet["NumHeight"])
                if abs(cell / (back.width / back.height) - 1) > ASPECT_SLACK:
                    yield f"{what} CustomDeck.{key}: the sheet's cells are {cell:.2f} wide per unit of height, " \
                          f"its back {back.width / back.height:.2f}: NumWidth/NumHeight do not match the sheet " \
                          "or the sheet is not the cards' shape"
        custom = obj.get("CustomImage") or {}
        for field in ("ImageURL", "ImageSecondaryURL"):
            if custom.get(field):
                yield from image(custom[field], f"{what} CustomImage.{field}")
        pdf_url = (obj.get("CustomPDF") or {}).get("PDFUrl")
        if pdf_url:
            data = read(pdf_url)
            if data is None:
                yield f"{what} CustomPDF.PDFUrl: {pdf_url} not found (write it there, or correct the URL)"
            elif data != REMOTE and not data.startswith(b"%PDF"):
                yield f"{what} CustomPDF.PDFUrl: {pdf_url} is not a PDF"


def check(doc: Any, read: ImageReader) -> tuple[list[str], list[str]]:
    """(errors, warnings) of a parsed saved object and its images."""
    errors = list(validate(doc))
    warnings = list(near_misses(doc))
    if not errors:
        errors = list(structure_problems(doc))
        errors += list(image_problems(doc, read))
    return errors, warnings


def check_file(path: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of a saved object on disk, its local images read beside it; each message starts with
    the file's name."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return [f"{path}: not a JSON file TTS can read ({exc})"], []
    errors, warnings = check(doc, file_images(Path(path)))
    return [f"{path}: {e}" for e in errors], [f"{path}: {w}" for w in warnings]
