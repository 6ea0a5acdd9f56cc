"""The print-shop preflight: every exported file read back and checked against named rules before anything is
installed. A finding is a Problem naming the rule, the file and the card.

Rules
  png.size          a PNG face has the shop's pixel size (trim plus bleed at 300 dpi)
  png.mode          RGB, 8 bits, no alpha
  png.resolution    300 dpi recorded (pHYs)
  png.colour        tagged sRGB (an sRGB ICC profile, or an sRGB chunk)
  pdf.version       the header's PDF version (1.4 for PDF/X-1a:2003, 1.6 for PDF/X-4)
  pdfx.keys         GTS_PDFXVersion (and GTS_PDFXConformance) in the document information (X-1a), pdfxid in XMP
                    (X-4), /Trapped the name /True or /False, Title, CreationDate and ModDate as full dates with a
                    time zone, a document ID; XMP (where present) saying what the document information says
                    (Trapped, dates, title)
  pdfx.forbidden    nothing PDF/X forbids: encryption, JavaScript, embedded files, annotations other than
                    printer's marks, page actions, transfer functions
  pdfx.intent       one /GTS_PDFX output intent with a registered condition and an embedded CMYK output profile
  pdf.boxes         TrimBox 63.5 x 88.9 mm, BleedBox 3.175 mm beyond it on every side, within the MediaBox
  pdf.colour        CMYK only: k/K operators and DeviceCMYK images, no RGB, grey, ICC or Lab colour in any content
                    stream (the page's and every form's it draws)
  pdf.image         images Flate or DCT (no PNG predictors, no JPX), no shadings or inline images
  pdf.ink           total ink (C + M + Y + K) of every colour set and every image pixel at most cmyk.INK_LIMIT
                    percent (painting knocks out: no overprint, so no pixel lays more than one colour's ink)
  pdf.resolution    every image's effective resolution at least 300 ppi where it is placed
  pdf.fonts         every font embedded, as a subset
  pdf.black         type and rules (frame lines) up to 0.75 mm wide never in rich black (K 70 % or more with any
                    C, M or Y)
  pdf.vector        a face the kit prints with text keeps text objects (not turned into pixels or outlines)
  pdf.transparency  no transparency (soft masks, constant alpha below 1, blend modes, transparency groups)
  card.safe-zone    every card's text 3.175 mm (1/8") inside its trim: in the kit's single-card PDF, and in each
                    exported PDF's own text objects
  card.cut-frame    every frame or border of a card at least 4.5 mm inside its trim, or bled off the edge in its
                    colour (pageqa/cut.py): in the kit's single-card PDF and in each exported PDF
  deck.order        each face is the card face its place says (compared with the kit's face, small and in sRGB)
  deck.count        as many cards as the kit's bill of materials (the manifest) gives the deck
  product.game      DriveThruCards: a PDF per game passing every PDF rule, each page the deck PDF's page
  product.images    DriveThruCards: the cover and deck previews, sRGB JPEGs of their size
"""

from __future__ import annotations

import io
import re
from typing import Iterator

import numpy as np
import pikepdf
from PIL import Image, ImageCms

from ..pageqa import cut
from ..pageqa.cut import CUT_DRIFT_MM, cut_frames
from ..pageqa.read import read_pdf
from ..problems import Problem
from ..render.cards import BLEED
from . import cmyk, pdfcheck, pdfx
from .products import COVER_PX, PREVIEW_PX, game_pages, product_names
from .faces import CARD_H, CARD_W, DeckFaces, rasterise
from .vendors import (DPI, INCH_BLEED, QUANTITIES, Face, Vendor, deck_folder, design_names, page_faces, png_names,
                      read_quantities)

PT_PER_MM = 72 / 25.4
DATE = re.compile(r"^D:\d{14}(Z|[+-]\d\d'\d\d'?)$")
TOLERANCE_MM = 0.05
MATCH_PX_PER_MM = 4.0  # deck.order renders the kit's faces this large, then compares both at MATCH_SIZE
MATCH_SIZE = (64, 89)
MATCH_SLACK = 0.1  # closer than the expected face by more than this: another face is shown
MATCH_LIMIT = 25.0  # mean difference (0-255) under which a face is the one expected, when none other is closer
CUT_HINT = (f"bleed the card's frames off its edges (templates/macros.svg.j2 m.frame does on print-shop faces) or "
            f"draw them 4.5 mm inside the trim: a cut drifting {CUT_DRIFT_MM:g} mm shows uneven borders")
HINT = "nothing was installed; this is a fault of the export (report it), or of the card named (fix its template)"


RULES = ["png.size", "png.mode", "png.resolution", "png.colour", "pdf.version", "pdfx.keys", "pdfx.forbidden",
         "pdfx.intent", "pdf.boxes",
         "pdf.colour", "pdf.image", "pdf.ink", "pdf.resolution", "pdf.fonts", "pdf.black", "pdf.vector",
         "pdf.transparency", "card.safe-zone", "card.cut-frame",
         "deck.order", "deck.count", "product.game", "product.images"]


def preflight(vendor: Vendor, files: dict[str, bytes], decks: list[tuple[DeckFaces, bytes]],
              manifest: dict) -> list[Problem]:
    """Every rule on every file of a vendor's export of these decks (of the kit whose manifest is given: its
    bill of materials); [] when all pass. PNG rules apply to PNG vendors, PDF rules to PDF/X ones."""
    problems: list[Problem] = []
    expected: set[str] = set()
    bom = {e["path"]: e.get("cards") for e in manifest["files"]}
    for deck, source in decks:
        if bom.get(deck.path) != deck.cards:
            problems.append(_problem("deck.count", f"the deck exports {deck.cards} cards, the kit's manifest lists "
                                     f"{bom.get(deck.path)}", deck.path))
        problems += _safe_zone(deck, source)
        if vendor.pdf is None:
            groups: dict[str, list[int]] = {}
            if vendor.designs:
                names, groups, found = _design_set(deck, files)
                expected.add(f"{deck_folder(deck)}/{QUANTITIES}")
                problems += found
            else:
                names = _png_set(deck, files)
            expected |= set(names)
            problems += _deck_pngs(vendor, deck, source, names, files, groups)
        else:
            path = f"{deck_folder(deck)}.pdf"
            expected.add(path)
            if path not in files:
                problems.append(_problem("deck.count", f"no PDF for deck {deck.slug}", path))
                continue
            problems += _deck_pdf(vendor, deck, source, path, files[path])
    if vendor.products:
        problems += _products(vendor, files, decks)
        expected |= set(product_names(decks))
    for extra in sorted(set(files) - expected):
        problems.append(_problem("deck.count", "a file no deck of the kit accounts for", extra))
    return problems


def _products(vendor: Vendor, files: dict[str, bytes], decks: list[tuple[DeckFaces, bytes]]) -> list[Problem]:
    """product.*: each game PDF passes every PDF rule and shows, page for page, the deck PDFs' pages; the cover
    and previews are sRGB JPEGs of their size."""
    out: list[Problem] = []
    for game, pages in game_pages(vendor, decks).items():
        path = f"{game}-all-cards.pdf"
        if path not in files:
            out.append(_problem("product.game", f"no PDF of all the game's cards ({len(pages) // 2})", path))
            continue
        faces = [face for _, face in pages]
        whole = DeckFaces(path, game, game, len(pages) // 2)
        out += _deck_pdf(vendor, whole, b"", path, files[path], faces)
        shown = rasterise(files[path], 1.0, vendor.bleed)
        decks_seen: dict[str, list[Image.Image]] = {}
        for number, ((deck, face), image) in enumerate(zip(pages, shown), start=1):
            own = f"{deck_folder(deck)}.pdf"
            if own not in decks_seen:
                decks_seen[own] = list(rasterise(files.get(own, b""), 1.0, vendor.bleed)) if own in files else []
            expected = decks_seen[own][page_faces(vendor, deck).index(face)] if decks_seen[own] else None
            if expected is None or np.abs(np.asarray(image, np.int16) - np.asarray(expected, np.int16)).mean() > 1:
                out.append(_problem("product.game", f"page {number} is not {deck.slug} {face} as {own} prints it",
                                    path, f"page {number}"))
    for name in product_names(decks):
        if name.endswith(".jpg"):
            out += _picture(name, files.get(name), COVER_PX if name.endswith("-cover.jpg") else PREVIEW_PX)
    return out


def _picture(path: str, data: bytes | None, size: tuple[int, int]) -> list[Problem]:
    if data is None:
        return [_problem("product.images", "missing", path)]
    image = Image.open(io.BytesIO(data))
    if (image.format, image.mode, image.size) != ("JPEG", "RGB", size):
        return [_problem("product.images", f"{image.format} {image.mode} {image.size[0]} x {image.size[1]}, wants "
                         f"JPEG RGB {size[0]} x {size[1]}", path)]
    if not _srgb_tagged(image):
        return [_problem("product.images", "no sRGB tag", path)]
    return []


def _problem(rule: str, message: str, path: str, where: str | None = None) -> Problem:
    return Problem("error", rule, message, path, where=where, hint=HINT)


def _png_set(deck: DeckFaces, files: dict[str, bytes]) -> dict[str, Face]:
    """The deck's PNG names as exported: one shared back when only back.png is there."""
    return png_names(deck, shared_back=f"{deck_folder(deck)}/back.png" in files)


def _design_set(deck: DeckFaces, files: dict[str, bytes]) -> tuple[dict[str, Face], dict[str, list[int]],
                                                                   list[Problem]]:
    """The Game Crafter's files of a deck as its quantities.csv lists them (path -> face), each front's cards, and
    what is wrong with the list: every card of the deck exactly once, each quantity its cards' count."""
    folder = deck_folder(deck)
    path = f"{folder}/{QUANTITIES}"
    try:
        rows = read_quantities(files[path])
    except KeyError:
        return {}, {}, [_problem("deck.count", f"no {QUANTITIES}: how many of each design the deck holds", path)]
    except (ValueError, UnicodeDecodeError) as exc:
        return {}, {}, [_problem("deck.count", f"{QUANTITIES} does not read ({exc})", path)]
    out = []
    cards = sorted(c for *_, listed in rows for c in listed)
    if cards != list(range(1, deck.cards + 1)):
        out.append(_problem("deck.count", f"{QUANTITIES} lists cards {cards[:6]}..., wants each of 1-{deck.cards} "
                            "once", path))
    for front, _, quantity, listed in rows:
        if quantity != len(listed) or quantity < 1:
            out.append(_problem("deck.count", f"{front}: quantity {quantity} for {len(listed)} card(s)", path))
    shared = all(back == "back.png" for _, back, _, _ in rows)
    groups = [listed or [1] for *_, listed in rows]
    names = design_names(deck, groups, shared)
    fronts = {f"{folder}/{front}": listed for front, _, _, listed in rows}
    for (front, back, _, listed), name in zip(rows, [n for n in names if "/front-" in n]):
        if f"{folder}/{front}" != name or (not shared and back != name.rsplit("/", 1)[1].replace("front", "back")):
            out.append(_problem("deck.count", f"{QUANTITIES} names {front} and {back} out of order", path))
            break
    backs = {n: fronts.get(n.replace("/back", "/front"), [1]) for n in names if "/back-" in n}
    return names, fronts | backs, out


def _deck_pngs(vendor: Vendor, deck: DeckFaces, source: bytes, names: dict[str, Face],
               files: dict[str, bytes], groups: dict[str, list[int]] | None = None) -> list[Problem]:
    out: list[Problem] = []
    folder = deck_folder(deck) + "/"
    present = sorted(p for p in files if p.startswith(folder) and p != folder + QUANTITIES)
    if present != sorted(names):
        out.append(_problem("deck.count", f"{len(present)} files where the deck's {deck.cards} cards want "
                            f"{len(names)} ({', '.join(sorted(set(names) ^ set(present))[:4])} differ)", folder))
    images: dict[str, Image.Image] = {}
    for path in (p for p in names if p in files):
        face = names[path]
        image = Image.open(io.BytesIO(files[path]))
        if image.format != "PNG":
            out.append(_problem("png.mode", f"not a PNG file ({image.format})", path, str(face)))
            continue
        if image.size != vendor.size:
            out.append(_problem("png.size", f"{image.size[0]} x {image.size[1]} px, wants {vendor.size[0]} x "
                                f"{vendor.size[1]}", path, str(face)))
        if image.mode != "RGB":
            out.append(_problem("png.mode", f"colour mode {image.mode}, wants RGB (8 bits, no alpha)", path,
                                str(face)))
        dpi = image.info.get("dpi")
        if not dpi or any(abs(float(d) - DPI) > 0.5 for d in dpi):
            out.append(_problem("png.resolution", f"records {dpi or 'no'} dpi, wants {DPI}", path, str(face)))
        if not _srgb_tagged(image):
            out.append(_problem("png.colour", "no sRGB tag (an sRGB ICC profile or sRGB chunk): the shop guesses the "
                                "colours", path, str(face)))
        images[path] = image.convert("RGB")
    faces = [(path, Face(deck.slug, card, names[path].back), image) for path, image in images.items()
             for card in (groups or {}).get(path, [names[path].card])]  # a design: every card it stands for
    return out + _order(vendor, deck, source, faces)


def _srgb_tagged(image: Image.Image) -> bool:
    """The PNG says its colours are sRGB: an sRGB chunk, or an embedded ICC profile describing itself as sRGB."""
    if "srgb" in image.info:
        return True
    icc = image.info.get("icc_profile")
    if not icc:
        return False
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    except (OSError, ImageCms.PyCMSError):
        return False
    return "srgb" in ImageCms.getProfileDescription(profile).lower() and profile.profile.xcolor_space.strip() == "RGB"


def _deck_pdf(vendor: Vendor, deck: DeckFaces, source: bytes, path: str, data: bytes,
              faces: list[Face] | None = None) -> list[Problem]:
    """Every PDF rule on one file whose pages show `faces` (default: the deck's, in the vendor's order)."""
    out: list[Problem] = []
    version = re.match(rb"%PDF-(\d\.\d)", data)
    if not version or version.group(1).decode() != pdfx.VERSIONS[vendor.pdf]:
        out.append(_problem("pdf.version", f"PDF {version.group(1).decode() if version else '?'}, {vendor.pdf} "
                            f"wants {pdfx.VERSIONS[vendor.pdf]}", path))
    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PdfError as exc:
        return out + [_problem("pdf.version", f"does not open as a PDF ({exc})", path)]
    faces = faces if faces is not None else page_faces(vendor, deck)
    with pdf:
        out += [_problem("pdfx.keys", m, path) for m in _keys(vendor.pdf, pdf)]
        out += [_problem("pdfx.intent", m, path) for m in _intent(pdf)]
        out += [_problem("pdfx.forbidden", m, path) for m in pdfcheck.forbidden(pdf)]
        if len(pdf.pages) != len(faces):
            out.append(_problem("deck.count", f"{len(pdf.pages)} pages where the deck's {deck.cards} cards want "
                                f"{len(faces)}", path))
        kit_text = {page.number: bool(page.runs) for page in read_pdf(source)} if source else {}
        for number, (page, face) in enumerate(zip(pdf.pages, faces), start=1):
            where = f"page {number} ({face})"
            out += [_problem("pdf.boxes", m, path, where) for m in _boxes(page)]
            reading = pdfcheck.read_page(page)
            out += [_problem(rule, m, path, where) for rule, m in reading.findings]
            if reading.ink > cmyk.INK_LIMIT + 0.5:
                out.append(_problem("pdf.ink", f"total ink reaches {reading.ink:.0f} %, the limit is {cmyk.INK_LIMIT} "
                                    "%", path, where))
            if kit_text.get(face.source_page + 1) and not reading.texts:
                out.append(_problem("pdf.vector", "the kit's face has text, this page none: its type was turned "
                                    "into pixels or outlines", path, where))
    out += _export_safe_zone(data, path, faces)
    if source:
        shown = list(rasterise(data, MATCH_PX_PER_MM, vendor.bleed))
        out += _order(vendor, deck, source, [(path, f, img) for f, img in zip(faces, shown)], where_page=True)
    return out


def _keys(standard: str, pdf: pikepdf.Pdf) -> Iterator[str]:
    """The document's PDF/X identification, read as names and strings (not compared with pikepdf's constants)."""
    info = pdf.docinfo
    if standard == pdfx.X1A:
        for key in ("/GTS_PDFXVersion", "/GTS_PDFXConformance"):
            if str(info.get(key, "")) != pdfx.X1A:
                yield f"{key[1:]} is {str(info.get(key, '')) or 'missing'}, wants {pdfx.X1A}"
    trapped = info.get("/Trapped")
    if not isinstance(trapped, pikepdf.Name) or str(trapped) not in ("/True", "/False"):
        yield f"/Trapped is {trapped!s}, wants the name /True or /False"
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            yield f"document information has no {key[1:]}"
    for key in ("/CreationDate", "/ModDate"):
        if str(info.get(key, "")) and not DATE.match(str(info.get(key))):
            yield (f"{key[1:]} {str(info.get(key))!r} is not a full PDF date with its time zone "
                   "(D:YYYYMMDDHHmmSS+HH'mm')")
    if "/ID" not in pdf.trailer:
        yield "no document ID in the trailer"
    if standard == pdfx.X4 or "/Metadata" in pdf.Root:
        yield from _xmp(standard, pdf)


def _xmp(standard: str, pdf: pikepdf.Pdf) -> Iterator[str]:
    """XMP present (X-4) and saying what the document information says."""
    meta = pdf.open_metadata()
    info = pdf.docinfo
    if standard == pdfx.X4:
        if meta.get("pdfxid:GTS_PDFXVersion") != pdfx.X4:
            yield f"XMP pdfxid:GTS_PDFXVersion is {meta.get('pdfxid:GTS_PDFXVersion') or 'missing'}, wants {pdfx.X4}"
        for key in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass", "xmp:CreateDate",
                    "xmp:ModifyDate"):
            if not meta.get(key):
                yield f"XMP {key} missing"
    trapped = str(info.get("/Trapped", "")).lstrip("/")
    if meta.get("pdf:Trapped") is not None and meta.get("pdf:Trapped") != trapped:
        yield f"XMP pdf:Trapped is {meta.get('pdf:Trapped')!r}, the document information /{trapped}"
    for key, xmp in (("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")):
        digits = re.sub(r"\D", "", str(info.get(key, "")))[:14]
        if meta.get(xmp) and re.sub(r"\D", "", str(meta.get(xmp)))[:14] != digits:
            yield f"XMP {xmp} {meta.get(xmp)} differs from the document information's {key[1:]}"
    if meta.get("dc:title") and str(meta.get("dc:title")) != str(info.get("/Title", "")):
        yield f"XMP dc:title {meta.get('dc:title')!r} differs from the document information's Title"


def _intent(pdf: pikepdf.Pdf) -> Iterator[str]:
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == pikepdf.Name.GTS_PDFX]
    if len(intents) != 1:
        yield f"{len(intents)} /GTS_PDFX output intents, wants exactly one"
        return
    intent = intents[0]
    if not str(intent.get("/OutputConditionIdentifier", "")):
        yield "the output intent has no OutputConditionIdentifier"
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        yield "no embedded output profile (DestOutputProfile)"
        return
    try:
        parsed = ImageCms.ImageCmsProfile(io.BytesIO(profile.read_bytes())).profile
    except (OSError, ImageCms.PyCMSError) as exc:
        yield f"the output profile does not parse ({exc})"
        return
    if parsed.xcolor_space.strip() != "CMYK" or parsed.device_class != "prtr" or int(profile.get("/N", 0)) != 4:
        yield f"the output profile is {parsed.xcolor_space.strip()} {parsed.device_class}, wants a CMYK printer profile"


def _boxes(page: pikepdf.Page) -> Iterator[str]:
    media = [float(v) for v in page.obj.MediaBox]
    if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
        yield "no TrimBox or no BleedBox"
        return
    trim, bleed = ([float(v) for v in page.obj[k]] for k in ("/TrimBox", "/BleedBox"))
    size = ((trim[2] - trim[0]) / PT_PER_MM, (trim[3] - trim[1]) / PT_PER_MM)
    if abs(size[0] - CARD_W) > TOLERANCE_MM or abs(size[1] - CARD_H) > TOLERANCE_MM:
        yield f"TrimBox is {size[0]:.2f} x {size[1]:.2f} mm, wants {CARD_W} x {CARD_H}"
    margins = [(trim[0] - bleed[0]), (trim[1] - bleed[1]), (bleed[2] - trim[2]), (bleed[3] - trim[3])]
    if any(abs(m / PT_PER_MM - INCH_BLEED) > TOLERANCE_MM for m in margins):
        yield f"BleedBox is {', '.join(f'{m / PT_PER_MM:.2f}' for m in margins)} mm beyond the trim, wants {INCH_BLEED}"
    if bleed[0] < media[0] - 0.01 or bleed[1] < media[1] - 0.01 or bleed[2] > media[2] + 0.01 or \
            bleed[3] > media[3] + 0.01:
        yield "BleedBox reaches outside the MediaBox"


def _safe_zone(deck: DeckFaces, source: bytes) -> list[Problem]:
    """card.safe-zone on the kit's single-card PDF: each page a face, trim BLEED mm inside the page."""
    faces = [Face(deck.slug, n // 2 + 1, n % 2 == 1) for n in range(2 * deck.cards)]
    return _text_outside(source, BLEED, faces, deck.path, "move or shorten the text on this card (its slot in the "
                         "template)")


def _export_safe_zone(data: bytes, path: str, faces: list[Face]) -> list[Problem]:
    """card.safe-zone on an exported PDF's own text objects: each page a face, trim INCH_BLEED mm inside."""
    return _text_outside(data, INCH_BLEED, faces, path, HINT)


def _text_outside(data: bytes, bleed: float, faces: list[Face], path: str, hint: str) -> list[Problem]:
    """Text runs (read back by pdfium) closer than INCH_BLEED to the trim, the trim `bleed` mm inside each page;
    and frames nearer the trim than CUT_FRAME_MM that do not bleed (card.cut-frame), read in the same pass."""
    out = []
    for page, face in zip(read_pdf(data), faces):
        w, h = page.size
        for finding in cut_frames(page, [(str(face), (bleed, bleed, w - bleed, h - bleed))]):
            out.append(Problem("error", "card.cut-frame", finding, path, where=str(face), hint=CUT_HINT))
        safe = (bleed + INCH_BLEED, bleed + INCH_BLEED, w - bleed - INCH_BLEED, h - bleed - INCH_BLEED)
        for text, box, *_ in page.runs:
            if box[0] < safe[0] - 0.01 or box[1] < safe[1] - 0.01 or box[2] > safe[2] + 0.01 or \
                    box[3] > safe[3] + 0.01:
                inside = min(box[0] - bleed, box[1] - bleed, w - bleed - box[2], h - bleed - box[3])
                out.append(Problem("error", "card.safe-zone", f"text {text.strip()[:40]!r} comes {inside:.2f} mm "
                                   f"inside the trim, print shops want {INCH_BLEED} mm", path, where=str(face),
                                   hint=hint))
    return out


def _order(vendor: Vendor, deck: DeckFaces, source: bytes, shown: list[tuple[str, Face, Image.Image]],
           where_page: bool = False) -> list[Problem]:
    """deck.order: each exported face, small and trimmed, against the kit's faces; the one its place names must
    be among the closest, and close."""
    if not shown:
        return []
    kit = np.stack([np.asarray(i.resize(MATCH_SIZE, Image.Resampling.BOX), dtype=np.float32)
                    for i in rasterise(source, MATCH_PX_PER_MM)])
    out = []
    for number, (path, face, image) in enumerate(shown, start=1):
        bleed_px = vendor.bleed * image.height / (CARD_H + 2 * vendor.bleed)
        box = (bleed_px, bleed_px, image.width - bleed_px, image.height - bleed_px)
        small = np.asarray(image.resize(MATCH_SIZE, Image.Resampling.BOX, box=box), dtype=np.float32)
        distance = np.abs(kit - small).mean(axis=(1, 2, 3))
        wanted = distance[face.source_page] if face.source_page < len(kit) else np.inf
        if wanted > MATCH_LIMIT or wanted > distance.min() + MATCH_SLACK:
            best = int(distance.argmin())
            out.append(_problem("deck.order", f"shows the kit's card {best // 2 + 1} {'back' if best % 2 else 'front'}"
                                f" where {face} belongs (difference {wanted:.0f} against {distance.min():.0f})",
                                path, f"page {number} ({face})" if where_page else str(face)))
    return out


__all__ = ["preflight"]


CUT_FRAME_MM = cut.CUT_FRAME_MM  # a frame line this far inside the trim stays even when the cut drifts (1.6 mm)
FRAME_MIN_MM = cut.FRAME_MIN_MM  # an outlined box this large is a frame or border (smaller ones are art)


def frame_margins(data: bytes, bleed: float) -> list[float]:
    """For each page of a card PDF (trim `bleed` mm inside the page), how far inside the trim its frames and
    borders lie (mm, the nearest side of the nearest frame; nan when it draws none). Frames that reach the bleed
    (cross the trim) do not count: they are cut through, not beside. Read back by pdfium (pageqa.read)."""
    out = []
    for page in read_pdf(data):
        w, h = page.size
        trim = (bleed, bleed, w - bleed, h - bleed)
        gaps = [min(b[0] - trim[0], b[1] - trim[1], trim[2] - b[2], trim[3] - b[3]) for b in page.strokes
                if b[2] - b[0] >= FRAME_MIN_MM[0] and b[3] - b[1] >= FRAME_MIN_MM[1]]
        inside = [g for g in gaps if g >= 0]
        out.append(min(inside) if inside else float("nan"))
    return out
