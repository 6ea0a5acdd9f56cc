"""What a Tabletop Simulator table says and shows besides its pieces: the save's title and file name in the kit's
language, the setup notebook tab (shuffling first), the rules booklet as a PDF object, and a top-down picture
of the table drawn from the save's own positions and images (the thumbnail TTS shows beside a save, and
docs/TABLETOP.md's layout pictures)."""

from __future__ import annotations

import io
from typing import Any, Callable

from PIL import Image, ImageDraw

from ..content.games import game as game_row
from ..plan.registry import component_name
from ..render.preview import png
from . import tts_table as table
from .tts_layout import MM_PER_UNIT, PDF_UNITS_HIGH, TILE_MM, Table, footprint

PDF_SCALE = round(PDF_UNITS_HIGH * MM_PER_UNIT / TILE_MM, 4)  # a PDF object shows its page like a tile
A4_ASPECT = 210 / 297
SETUP_CTX = "tts-setup"


class _T:
    """The catalogs as the extractor reads them (t.p_(context, "...")."""

    def __init__(self, translations: Any):
        self.translations = translations

    def p_(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)


def title(translations: Any, game: str) -> str:
    """The save's title: the game's name in the kit's language."""
    return translations.gettext(game_row(game).name)


def file_stem(game: str, lang: str) -> str:
    """The save's file name (without .json): one per game and language, so languages live side by side."""
    return f"{game}-{lang}"


def rules_pdf(manifest: dict, game: str) -> str | None:
    """The kit's rules booklet of a game in reading order (A4 pages, not imposed), its path in the kit."""
    return next((e["path"] for e in manifest["files"] if e["component"] == f"{game}-rules" and e.get("paper") == "A4"
                 and "booklet" not in e["path"]), None)


def rules_title(translations: Any, game: str) -> str:
    """The rules' PDF object's name."""
    return translations.gettext(component_name(f"{game}-rules"))


def pdf_size() -> tuple[float, float]:
    """The rules PDF object's footprint (units)."""
    return PDF_UNITS_HIGH * A4_ASPECT, PDF_UNITS_HIGH


def notebook(translations: Any, game: str) -> dict:
    """The setup notebook tab in the kit's language, shuffling first."""
    t = _T(translations)
    steps = [t.p_(SETUP_CTX, "1. Shuffle: the decks the rules shuffle have shuffled themselves when this table was "
                             "first loaded. To shuffle one again, right-click it and choose Shuffle."),
             t.p_(SETUP_CTX, "2. Seats: each player sits at a coloured seat. Your pieces lie in front of it; the "
                             "cards you draw go into your hand at the table's edge."),
             t.p_(SETUP_CTX, "3. Rules: the rules booklet lies on the table (click it to turn its pages). Go on "
                             "with its setup from the step after shuffling.")]
    return table.notebook(t.p_(SETUP_CTX, "Setup"), "\n\n".join(steps))


def _image_of(obj: dict, files: dict[str, bytes], path_of: dict[str, str],
              cards: dict[tuple[str, int], str], images: dict[str, Any]) -> Image.Image | None:
    """The picture an object shows from above (a deck: its top card's back or face: its own picture when cards
    names it, else its cell of the face sheet), or None; a file made in this run is taken from images (its own
    pixels, which its PNG holds losslessly) rather than decoded again."""
    def opened(path: str) -> Image.Image:  # RGB kept RGB: an opaque picture scales to the same pixels without
        own = images[path].image if path in images else None  # RGBA's premultiplied copies
        image = own if own is not None else Image.open(io.BytesIO(files[path]))
        return image if image.mode in ("RGB", "RGBA") else image.convert("RGBA")

    custom = obj.get("CustomImage") or {}
    url = custom.get("ImageURL")
    if not url and obj.get("CustomDeck"):
        face_down = obj["Transform"]["rotZ"] == 180.0
        card_id = (obj.get("DeckIDs") or [obj.get("CardID", 100)])[-1]
        entry = obj["CustomDeck"][str(card_id // 100)]
        if face_down:
            url = entry["BackURL"]
        elif (entry["FaceURL"], card_id % 100) in cards:
            return opened(cards[(entry["FaceURL"], card_id % 100)])
        else:
            sheet = Image.open(io.BytesIO(files[path_of[entry["FaceURL"]]]))
            w, h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            cell = card_id % 100
            return sheet.crop((cell % entry["NumWidth"] * w, cell // entry["NumWidth"] * h,
                               cell % entry["NumWidth"] * w + w, cell // entry["NumWidth"] * h + h))
    if not url or url not in path_of:
        return None
    return opened(path_of[url])


def picture(placed: Table, files: dict[str, bytes], url: Callable[[str], str], width: int,
            cards: dict[tuple[str, int], str] | None = None, images: dict[str, Any] | None = None) -> bytes:
    """A top-down picture of the table (south at the bottom) `width` px wide: every object's picture on its
    footprint, bags as circles, the rules as a page, the seats' hand zones as their colours' outlines (images: the
    pictures of files made in this run, by path: tts_images.Picture, whose `image` gives their pixels)."""
    path_of = {url(p): p for p in files}
    cards, images = cards or {}, images or {}
    boxes = [footprint(s) for s in placed.spots]
    boxes += [(x - w / 2, z - 2, x + w / 2, z + 2) for _, x, z, w, _ in placed.hands]
    x0, z0 = min(b[0] for b in boxes) - 1, min(b[1] for b in boxes) - 1
    x1, z1 = max(b[2] for b in boxes) + 1, max(b[3] for b in boxes) + 1
    k = width / (x1 - x0)
    canvas = Image.new("RGB", (width, round((z1 - z0) * k)), (46, 84, 62))
    draw = ImageDraw.Draw(canvas)

    def px(x: float, z: float) -> tuple[int, int]:
        return round((x - x0) * k), round((z1 - z) * k)
    for colour, x, z, w, _ in placed.hands:
        draw.rectangle((*px(x - w / 2, z + 2), *px(x + w / 2, z - 2)), outline=colour.lower(), width=max(1, width // 300))
    for spot in placed.spots:
        a, b, c, d = footprint(spot)
        left, top = px(a, d)
        right, bottom = px(c, b)
        size = (max(1, right - left), max(1, bottom - top))
        kind = spot.obj["Name"]
        image = _image_of(spot.obj, files, path_of, cards, images)
        if kind in ("Bag", "Infinite_Bag"):
            colour = (200, 170, 120) if kind == "Bag" else (120, 150, 210)
            draw.ellipse((left, top, right, bottom), fill=colour, outline=(40, 40, 40))
            inner = (spot.obj.get("ContainedObjects") or [{}])[0]
            image = _image_of(inner, files, path_of, cards, images)
            if image is not None:
                small = image.resize((max(1, size[0] // 2), max(1, size[1] // 2)), reducing_gap=2.0)
                canvas.paste(small, (left + size[0] // 4, top + size[1] // 4), small if small.mode == "RGBA" else None)
            continue
        if kind == "Custom_PDF":
            draw.rectangle((left, top, right, bottom), fill=(250, 250, 245), outline=(40, 40, 40))
            for i in range(1, 8):
                y = top + i * size[1] // 9
                draw.line((left + size[0] // 8, y, right - size[0] // 8, y), fill=(150, 150, 150))
            continue
        if image is None:
            draw.rectangle((left, top, right, bottom), outline=(255, 255, 255))
            continue
        if kind == "Figurine_Custom":  # standing: seen from above, its base; its front drawn flat behind it
            image = image.resize((size[0], max(1, round(size[0] * image.height / image.width))), reducing_gap=2.0)
            top = bottom - image.height
        else:
            image = image.resize(size, reducing_gap=2.0)
        if spot.obj["Transform"]["rotY"] == 0.0:
            image = image.rotate(180)
        canvas.paste(image, (left, top), image if image.mode == "RGBA" else None)
    dot = max(1, width // 400)
    for spot in placed.spots:  # snap points where TTS puts them: the object's scale and turn applied
        turn = -1 if spot.obj["Transform"]["rotY"] == 180.0 else 1
        scale = spot.obj["Transform"]["scaleX"]
        for p in spot.obj.get("AttachedSnapPoints", ()):
            cx, cz = px(spot.x + turn * p["Position"]["x"] * scale, spot.z + turn * p["Position"]["z"] * scale)
            draw.ellipse((cx - dot, cz - dot, cx + dot, cz + dot), fill=(220, 30, 160))
    return png(canvas)
