"""The preflight's page rules for PDF/X files: every content stream of a page read with pikepdf, form XObjects
followed with their transforms, as a prepress checker reads them (not from the writer's constants).

Each finding is (rule, message); generator/export/preflight.py names the file and the card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pikepdf

from . import cmyk
from .vendors import DPI

PT_PER_MM = 72 / 25.4
ALLOWED_OPS_COLOUR = {"k", "K"}  # DeviceCMYK only
RGB_OPS = {"rg", "RG", "g", "G", "cs", "CS", "sc", "SC", "scn", "SCN"}
TEXT_OPS = {"Tj", "TJ", "'", '"'}
THIN_RULE_MM = 0.75  # a stroke this thin or thinner is a rule or frame line: black ones print on the K plate alone
RICH_K = 0.7  # a text or thin-rule colour with this much K or more and any C, M or Y is rich black
SUBSET = re.compile(r"^/[A-Z]{6}\+")
PASS_BLEND = (pikepdf.Name.Normal, pikepdf.Name.Compatible)


@dataclass
class Reading:
    """What the page holds, as read: its findings, the highest total ink a colour or pixel lays (percent), the
    text-showing operators and the fonts it draws with."""

    findings: list[tuple[str, str]] = field(default_factory=list)
    ink: float = 0.0
    texts: int = 0
    fonts: set[str] = field(default_factory=set)
    images: int = 0
    seen: set[tuple] = field(default_factory=set)

    def add(self, rule: str, message: str) -> None:
        if (rule, message) not in self.findings:
            self.findings.append((rule, message))


def forbidden(pdf: pikepdf.Pdf) -> list[str]:
    """What PDF/X forbids in a document (ISO 15930-4 and -7): encryption, JavaScript, embedded files."""
    out = []
    if pdf.is_encrypted or "/Encrypt" in pdf.trailer:
        out.append("the file is encrypted")
    names = pdf.Root.get("/Names", pikepdf.Dictionary())
    for key, what in (("/JavaScript", "JavaScript"), ("/EmbeddedFiles", "embedded files")):
        if key in names:
            out.append(f"the document holds {what}")
    action = pdf.Root.get("/OpenAction")
    if isinstance(action, pikepdf.Dictionary) and action.get("/S") == pikepdf.Name.JavaScript:
        out.append("the document opens with JavaScript")
    return out


def read_page(page: pikepdf.Page) -> Reading:
    """Every page rule but the boxes, on one page and the forms it draws."""
    reading = Reading()
    if "/Group" in page.obj:
        reading.add("pdf.transparency", "the page is a transparency group")
    for annotation in page.obj.get("/Annots", []):
        if annotation.get("/Subtype") != pikepdf.Name.PrinterMark:
            reading.add("pdfx.forbidden", f"a {annotation.get('/Subtype')} annotation on the page (PDF/X allows "
                                          "printer's marks only)")
    if "/PresSteps" in page.obj or "/AA" in page.obj:
        reading.add("pdfx.forbidden", "page actions or presentation steps")
    _stream(pikepdf.parse_content_stream(page), page.obj.get("/Resources", pikepdf.Dictionary()), np.identity(3),
            reading, 0)
    return reading


def _stream(instructions, resources: pikepdf.Dictionary, ctm: np.ndarray, reading: Reading, depth: int) -> None:
    if depth > 12:
        reading.add("pdf.image", "forms nest deeper than 12 levels")
        return
    _resources(resources, reading)
    stack: list[tuple] = []
    fill = stroke = (0.0, 0.0, 0.0, 1.0)
    width = 1.0
    for operands, operator in instructions:
        op = str(operator)
        if op == "q":
            stack.append((ctm, fill, stroke, width))
        elif op == "Q" and stack:
            ctm, fill, stroke, width = stack.pop()
        elif op == "cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = np.array([[a, b, 0], [c, d, 0], [e, f, 1]]) @ ctm
        elif op in ("k", "K"):
            colour = tuple(float(v) for v in operands)
            if len(colour) != 4 or any(v < 0 or v > 1 for v in colour):
                reading.add("pdf.colour", f"{op} {list(colour)} is not a CMYK colour")
                continue
            reading.ink = max(reading.ink, sum(colour) * 100)
            fill, stroke = (colour, stroke) if op == "k" else (fill, colour)
        elif op in RGB_OPS:
            reading.add("pdf.colour", f"the page content sets a non-CMYK colour ({op})")
        elif op == "w":
            width = float(operands[0])
        elif op in ("sh", "BI") or isinstance(operands, pikepdf.PdfInlineImage):
            reading.add("pdf.image", f"a shading or inline image ({op}): the checks read neither")
        elif op in TEXT_OPS:
            reading.texts += 1
            if _rich(fill):
                reading.add("pdf.black", f"text in rich black {_pct(fill)}: small black type wants 0 0 0 100 "
                                         "(plain K)")
        elif op in ("S", "s", "B", "B*", "b", "b*"):
            scale = float(np.sqrt(abs(np.linalg.det(ctm[:2, :2]))))
            if width * scale / PT_PER_MM <= THIN_RULE_MM and _rich(stroke):
                reading.add("pdf.black", f"a {width * scale / PT_PER_MM:.2f} mm rule in rich black {_pct(stroke)}:"
                                         " thin black rules want 0 0 0 100 (plain K)")
        elif op == "Tf":
            font = resources.get("/Font", {}).get(str(operands[0]))
            if font is not None:
                _font(str(operands[0]), font, reading)
        elif op == "Do":
            _do(str(operands[0]), resources, ctm, reading, depth)


def _rich(colour: tuple[float, ...]) -> bool:
    return colour[3] >= RICH_K and sum(colour[:3]) > 0


def _pct(colour: tuple[float, ...]) -> str:
    return "C{:.0f} M{:.0f} Y{:.0f} K{:.0f}".format(*(v * 100 for v in colour))


def _resources(resources: pikepdf.Dictionary, reading: Reading) -> None:
    for name, gs in dict(resources.get("/ExtGState", {})).items():
        if float(gs.get("/CA", 1)) < 1 or float(gs.get("/ca", 1)) < 1 or gs.get("/SMask", pikepdf.Name.None_) != \
                pikepdf.Name.None_ or gs.get("/BM", pikepdf.Name.Normal) not in PASS_BLEND:
            reading.add("pdf.transparency", f"graphics state {name} is transparent")
        if bool(gs.get("/OP", False)) or bool(gs.get("/op", False)):
            reading.add("pdf.ink", f"graphics state {name} overprints: inks add up where the ink check counts one "
                                   "colour per pixel")
        for key in ("/TR", "/TR2"):
            if key in gs and gs[key] != pikepdf.Name.Default:
                reading.add("pdfx.forbidden", f"graphics state {name} sets a transfer function ({key})")
    for name, space in dict(resources.get("/ColorSpace", {})).items():
        reading.add("pdf.colour", f"colour space {name} ({space if isinstance(space, pikepdf.Name) else space[0]})")
    if "/Shading" in resources or "/Pattern" in resources:
        reading.add("pdf.colour", "shadings or patterns (their colour spaces are not checked)")


def _font(name: str, font: pikepdf.Object, reading: Reading) -> None:
    base = str(font.get("/BaseFont", name))
    if base in reading.fonts:
        return
    reading.fonts.add(base)
    descendant = next(iter(font.get("/DescendantFonts", [])), None)
    descriptor = font.get("/FontDescriptor") or (descendant.get("/FontDescriptor") if descendant is not None else None)
    if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        reading.add("pdf.fonts", f"font {name} ({base}) is not embedded")
    elif font.get("/Subtype") != pikepdf.Name.Type3 and not SUBSET.match(base):
        reading.add("pdf.fonts", f"font {name} ({base}) is embedded whole, not as a subset (no ABCDEF+ tag)")


def _do(name: str, resources: pikepdf.Dictionary, ctm: np.ndarray, reading: Reading, depth: int) -> None:
    xobject = resources.get("/XObject", {}).get(name)
    if xobject is None:
        reading.add("pdf.image", f"{name} is drawn but not in the resources")
        return
    if xobject.get("/Subtype") == pikepdf.Name.Form:
        if "/Group" in xobject:
            reading.add("pdf.transparency", f"form {name} is a transparency group")
        matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
        m = np.array([[matrix[0], matrix[1], 0], [matrix[2], matrix[3], 0], [matrix[4], matrix[5], 1]]) @ ctm
        _stream(pikepdf.parse_content_stream(xobject), xobject.get("/Resources", resources), m, reading, depth + 1)
        return
    if xobject.get("/Subtype") != pikepdf.Name.Image:
        reading.add("pdf.image", f"{name} is a {xobject.get('/Subtype')} XObject")
        return
    reading.images += 1
    _image(name, xobject, ctm, reading)


def _image(name: str, xobject: pikepdf.Object, ctm: np.ndarray, reading: Reading) -> None:
    if xobject.get("/ImageMask"):
        return
    if xobject.get("/ColorSpace") != pikepdf.Name.DeviceCMYK:
        reading.add("pdf.colour", f"image {name} is in {xobject.get('/ColorSpace')}, wants DeviceCMYK")
        return
    filters = xobject.get("/Filter")
    filters = [filters] if isinstance(filters, pikepdf.Name) else list(filters or [])
    params = xobject.get("/DecodeParms")
    if any(f not in (pikepdf.Name.FlateDecode, pikepdf.Name.DCTDecode) for f in filters) or \
            (params is not None and int(dict(params).get("/Predictor", 1)) >= 10):
        reading.add("pdf.image", f"image {name} is compressed as {filters} {params or ''}: wants Flate or DCT, no PNG")
    if "/SMask" in xobject or "/Mask" in xobject:
        reading.add("pdf.transparency", f"image {name} has a mask")
    w_mm = float(np.hypot(ctm[0, 0], ctm[0, 1])) / PT_PER_MM
    h_mm = float(np.hypot(ctm[1, 0], ctm[1, 1])) / PT_PER_MM
    ppi = min(int(xobject.Width) / max(w_mm / 25.4, 1e-9), int(xobject.Height) / max(h_mm / 25.4, 1e-9))
    if ppi < DPI - 0.5:
        reading.add("pdf.resolution", f"image {name} prints at {ppi:.0f} ppi, wants at least {DPI}")
    key = ("image", xobject.objgen)
    if key not in reading.seen:
        reading.seen.add(key)
        reading.ink = max(reading.ink, cmyk.max_ink(pikepdf.PdfImage(xobject).as_pil_image()))


__all__ = ["Reading", "forbidden", "read_page"]
