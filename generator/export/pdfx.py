"""PDF/X files of a deck for print shops, written with pikepdf: one page per card face, each page one CMYK image
(Flate, lossless: the total-ink limit holds exactly as separated) covering the trim plus the bleed.

PDF/X-1a:2003 (ISO 15930-4): PDF 1.4, `GTS_PDFXVersion` and `GTS_PDFXConformance` in the document information,
`/Trapped /False`, an output intent `/GTS_PDFX` for SWOP (CGATS TR 001, registered at color.org) with the press
profile embedded, CMYK only, no transparency, TrimBox and BleedBox on every page, a document ID.
PDF/X-4 (ISO 15930-7): PDF 1.6, identified in XMP (`pdfxid:GTS_PDFXVersion`, xmpMM ids, dates, title, Trapped)
with the same output intent and boxes.
"""

from __future__ import annotations

import datetime
import io
import uuid
from dataclasses import dataclass

import pikepdf
from PIL import Image

from . import cmyk

PT_PER_MM = 72 / 25.4
X1A, X4 = "PDF/X-1a:2003", "PDF/X-4"
VERSIONS = {X1A: "1.4", X4: "1.6"}
CONDITION = "CGATS TR 001"  # SWOP, as registered in the ICC characterisation data registry
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class Sheet:
    """One page to write: its CMYK image and the page geometry in mm (trim size, bleed on every side)."""

    image: Image.Image
    trim: tuple[float, float]
    bleed: float


def pdf_date(when: datetime.datetime) -> str:
    """D:YYYYMMDDHHmmSS+00'00' (the document information's date form)."""
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def write_pdfx(standard: str, title: str, sheets: list[Sheet], when: datetime.datetime) -> bytes:
    """A PDF/X file (standard X1A or X4) of the sheets, one page each, dated `when` (UTC); byte-identical for the
    same input."""
    pdf = pikepdf.new()
    for sheet in sheets:
        _add_page(pdf, sheet)
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=CONDITION,
        OutputCondition="Commercial and specialty offset, coated (SWOP)", RegistryName=REGISTRY,
        Info=cmyk.profile_name(),
        DestOutputProfile=pdf.make_stream(cmyk.profile_bytes(), N=4))
    pdf.Root.OutputIntents = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(intent)]))
    date = pdf_date(when)
    info = {"/Title": title, "/Creator": "dojo-pnp", "/Producer": f"dojo-pnp (pikepdf {pikepdf.__version__})",
            "/CreationDate": date, "/ModDate": date}
    for key, value in info.items():
        pdf.docinfo[key] = value
    pdf.docinfo["/Trapped"] = pikepdf.Name.False_
    if standard == X1A:
        pdf.docinfo["/GTS_PDFXVersion"] = X1A
        pdf.docinfo["/GTS_PDFXConformance"] = X1A
    else:
        _xmp(pdf, title, when)
    out = io.BytesIO()
    pdf.save(out, min_version=VERSIONS[standard], force_version=VERSIONS[standard], deterministic_id=True,
             compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out.getvalue()


def _add_page(pdf: pikepdf.Pdf, sheet: Sheet) -> None:
    """A page of trim plus bleed, the image filling it, TrimBox and BleedBox set."""
    (trim_w, trim_h), bleed = sheet.trim, sheet.bleed
    w, h = (trim_w + 2 * bleed) * PT_PER_MM, (trim_h + 2 * bleed) * PT_PER_MM
    b = bleed * PT_PER_MM
    image = sheet.image
    xobject = pdf.make_stream(image.tobytes(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                              Width=image.width, Height=image.height, ColorSpace=pikepdf.Name.DeviceCMYK,
                              BitsPerComponent=8, Interpolate=False)
    box = pikepdf.Array([0, 0, round(w, 4), round(h, 4)])
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=box, BleedBox=box,
                              TrimBox=pikepdf.Array([round(b, 4), round(b, 4), round(w - b, 4), round(h - b, 4)]),
                              Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Face=xobject)),
                              Contents=pdf.make_stream(f"q {w:.4f} 0 0 {h:.4f} 0 0 cm /Face Do Q".encode()))
    pdf.pages.append(pikepdf.Page(page))


def _xmp(pdf: pikepdf.Pdf, title: str, when: datetime.datetime) -> None:
    """The XMP packet PDF/X-4 identifies itself by (ids derived from the title and date: deterministic)."""
    stamp = when.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    doc_id = uuid.uuid5(uuid.NAMESPACE_URL, f"dojo-pnp:{title}:{stamp}")
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = X4
        meta["dc:title"] = title
        meta["xmp:CreateDate"] = stamp
        meta["xmp:ModifyDate"] = stamp
        meta["xmp:MetadataDate"] = stamp
        meta["xmp:CreatorTool"] = "dojo-pnp"
        meta["pdf:Producer"] = str(pdf.docinfo["/Producer"])
        meta["pdf:Trapped"] = "False"
        meta["xmpMM:DocumentID"] = f"uuid:{doc_id}"
        meta["xmpMM:InstanceID"] = f"uuid:{doc_id}"
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
