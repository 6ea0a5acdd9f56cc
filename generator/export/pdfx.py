"""PDF/X files of a deck for print shops, written with pikepdf: one page per card face, each the kit's own vector
face (cairo's single-card PDF page) converted to DeviceCMYK by generator/export/vector.py: text stays text in its
embedded subset fonts, small black type and rules plain black (0 0 0 1), total ink within the limit.

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
from dataclasses import dataclass, field

import pikepdf

from . import cmyk, vector

PT_PER_MM = 72 / 25.4
X1A, X4 = "PDF/X-1a:2003", "PDF/X-4"
VERSIONS = {X1A: "1.4", X4: "1.6"}
CONDITION = "CGATS TR 001"  # SWOP, as registered in the ICC characterisation data registry
REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class Sheet:
    """One page to write: a face of a kit's single-card PDF (its bytes and 0-based page) and the page geometry in
    mm (trim size, bleed on every side)."""

    source: bytes
    page: int
    trim: tuple[float, float]
    bleed: float


@dataclass
class Written:
    """What write_pdfx wrote besides the file: each distinct face's conversion (text objects, colours)."""

    faces: dict[tuple[int, int], vector.Face] = field(default_factory=dict)


def pdf_date(when: datetime.datetime) -> str:
    """D:YYYYMMDDHHmmSS+00'00' (the document information's date form)."""
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def write_pdfx(standard: str, title: str, sheets: list[Sheet], when: datetime.datetime,
               written: Written | None = None) -> bytes:
    """A PDF/X file (standard X1A or X4) of the sheets, one page each, dated `when` (UTC); byte-identical for the
    same input. Each distinct face is converted (vector.Converter) and written once, however often it is placed."""
    pdf = pikepdf.new()
    converter = vector.Converter(pdf)
    sources: dict[int, pikepdf.Pdf] = {}
    faces: dict[tuple[int, int], tuple[pikepdf.Object, pikepdf.Object, tuple[float, float]]] = {}
    written = written if written is not None else Written()
    try:
        for number, sheet in enumerate(sheets, start=1):
            key = (id(sheet.source), sheet.page)
            if key not in faces:
                faces[key] = _face(pdf, converter, sources, sheet, f"{title}, page {number}", written)
            _add_page(pdf, sheet, *faces[key])
        return _finish(pdf, standard, title, when)
    finally:
        for source in sources.values():
            source.close()


def _face(pdf: pikepdf.Pdf, converter: vector.Converter, sources: dict[int, pikepdf.Pdf], sheet: Sheet,
          where: str, written: Written) -> tuple[pikepdf.Object, pikepdf.Object, tuple[float, float]]:
    """A face's two CMYK forms (whole; without its text, for the extra bleed) and its page size in pt."""
    if id(sheet.source) not in sources:
        sources[id(sheet.source)] = pikepdf.open(io.BytesIO(sheet.source))
    page = sources[id(sheet.source)].pages[sheet.page]
    resources = pdf.copy_foreign(page.obj.get("/Resources", pikepdf.Dictionary()))
    box = [float(v) for v in page.obj.MediaBox]
    instructions = pikepdf.parse_content_stream(page)
    face, conversion = converter.page_form(instructions, resources, box, where)
    edge, _ = converter.page_form(instructions, resources, box, where, text=False)
    written.faces[(id(sheet.source), sheet.page)] = conversion
    return face, edge, (box[2] - box[0], box[3] - box[1])


def _finish(pdf: pikepdf.Pdf, standard: str, title: str, when: datetime.datetime) -> bytes:
    """The output intent, document information (and XMP for X-4), saved as the standard's PDF version."""
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
    pdf.docinfo["/Trapped"] = pikepdf.Name("/False")  # not Name.False_, which writes /False_
    if standard == X1A:
        pdf.docinfo["/GTS_PDFXVersion"] = X1A
        pdf.docinfo["/GTS_PDFXConformance"] = X1A
    else:
        _xmp(pdf, title, when)
    out = io.BytesIO()
    pdf.save(out, min_version=VERSIONS[standard], force_version=VERSIONS[standard], deterministic_id=True,
             compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out.getvalue()


def _add_page(pdf: pikepdf.Pdf, sheet: Sheet, face: pikepdf.Object, edge: pikepdf.Object,
              size: tuple[float, float]) -> None:
    """A page of trim plus bleed, TrimBox and BleedBox set: the face centred on it, and where the wanted bleed is
    wider than the face's own (3.175 against 3 mm) its text-free copy scaled to the page, clipped to that ring."""
    (trim_w, trim_h), bleed = sheet.trim, sheet.bleed
    w, h = (trim_w + 2 * bleed) * PT_PER_MM, (trim_h + 2 * bleed) * PT_PER_MM
    b = bleed * PT_PER_MM
    dx, dy = (w - size[0]) / 2, (h - size[1]) / 2
    content = ""
    if dx > 0 or dy > 0:
        e = 0.1  # pt of overlap under the face: no hairline between the ring and the face
        content = (f"q 0 0 {w:.4f} {h:.4f} re {dx + e:.4f} {dy + e:.4f} {size[0] - 2 * e:.4f} {size[1] - 2 * e:.4f} "
                   f"re W* n {w / size[0]:.6f} 0 0 {h / size[1]:.6f} 0 0 cm /Edge Do Q\n")
    content += f"q 1 0 0 1 {dx:.4f} {dy:.4f} cm /Face Do Q\n"
    box = pikepdf.Array([0, 0, round(w, 4), round(h, 4)])
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=box, BleedBox=box,
                              TrimBox=pikepdf.Array([round(b, 4), round(b, 4), round(w - b, 4), round(h - b, 4)]),
                              Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Face=face, Edge=edge)),
                              Contents=pdf.make_stream(content.encode()))
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
