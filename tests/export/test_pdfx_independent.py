"""The print shops' PDF/X files read the way a prepress department reads them: from the raw bytes, with pypdf, with
qpdf and through a Ghostscript separation, never through the writer's pikepdf constants."""

import io
import json
import re
import shutil
import subprocess

import numpy as np
import pikepdf
import pypdf
import pytest

from PIL import Image

from generator.export.preflight import preflight
from generator.export.vendors import VENDORS

MM = 300 / 25.4  # px per mm at 300 dpi


@pytest.fixture(scope="module")
def pdfs(exports):
    """The PDF/X vendors' files of conftest's exports."""
    return {name: exports[name] for name in ("dtc", "pdfx4")}


def test_every_pdfx_key_read_from_the_raw_bytes_and_by_pypdf(small_kit, pdfs):
    manifest, decks = small_kit
    for name, version in (("dtc", b"%PDF-1.4"), ("pdfx4", b"%PDF-1.6")):
        files = pdfs[name]
        assert sorted(f for f in files if f.endswith(".pdf")) == ["duel-all-cards.pdf", "duel-reference.pdf",
                                                                   "duel-strikes.pdf"][name == "pdfx4":]
        data = files["duel-strikes.pdf"]
        assert data.startswith(version)
        assert re.search(rb"/Trapped\s*/False[\s/>]", data) and b"/False_" not in data  # the standard name
        reader = pypdf.PdfReader(io.BytesIO(data))
        info = reader.trailer["/Info"]
        assert len(reader.pages) == 16 and len(reader.trailer["/ID"]) == 2  # 8 cards, back and front each
        assert isinstance(info["/Trapped"], pypdf.generic.NameObject) and info["/Trapped"] == "/False"
        for key in ("/CreationDate", "/ModDate"):
            assert re.fullmatch(r"D:\d{14}\+00'00'", info[key])
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
        profile = intent["/DestOutputProfile"].get_object().get_data()
        assert profile[36:40] == b"acsp" and profile[16:20] == b"CMYK" and profile[12:16] == b"prtr"
        if name == "dtc":
            assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
        else:
            xmp = _xmp(reader.trailer["/Root"]["/Metadata"].get_object().get_data())
            assert xmp["http://www.npes.org/pdfx/ns/id/", "GTS_PDFXVersion"] == "PDF/X-4"
            assert xmp["http://ns.adobe.com/pdf/1.3/", "Trapped"] == "False"  # what the document information says
            created = xmp["http://ns.adobe.com/xap/1.0/", "CreateDate"]
            assert re.sub(r"\D", "", created)[:14] == re.sub(r"\D", "", info["/CreationDate"])[:14]
            assert xmp["http://ns.adobe.com/xap/1.0/mm/", "DocumentID"].startswith("uuid:")
        for page in reader.pages:
            trim, bleed, media = ([float(v) for v in page[k]] for k in ("/TrimBox", "/BleedBox", "/MediaBox"))
            assert [round((t - b) * 25.4 / 72, 3) for t, b in zip(trim[:2], bleed[:2])] == [3.175, 3.175]
            assert [round((b - t) * 25.4 / 72, 3) for t, b in zip(trim[2:], bleed[2:])] == [3.175, 3.175]
            assert round((trim[2] - trim[0]) * 25.4 / 72, 2) == 63.5 and round((trim[3] - trim[1]) * 25.4 / 72, 2) == 88.9
            assert bleed == media and "/Group" not in page
        front = 1 if name == "dtc" else 0  # dtc: back, front; pdfx4: front, back
        assert "Shieshi" in reader.pages[front].extract_text()  # card 1's front is text, not pixels
        assert preflight(VENDORS[name], files, decks, manifest) == []


def _xmp(packet: bytes) -> dict[tuple[str, str], str]:
    """An XMP packet's simple properties, (namespace URI, name) -> text, read with ElementTree."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(packet.decode().split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
    out = {}
    for element in root.iter():
        if element.tag.startswith("{") and element.text and element.text.strip():
            uri, name = element.tag[1:].split("}")
            out[uri, name] = element.text.strip()
        for key, value in element.attrib.items():
            if key.startswith("{"):
                uri, name = key[1:].split("}")
                out[uri, name] = value
    return out


def _streams(page):
    """Every content stream a page draws (its own and its forms', recursively) with their resources."""
    out, todo = [], [(page, page.Resources)]
    while todo:
        stream, resources = todo.pop()
        out.append((stream, resources))
        for x in dict(resources.get("/XObject", {})).values():
            if x.Subtype == "/Form":
                todo.append((x, x.get("/Resources", resources)))
    return out


def test_type_is_vector_in_plain_k_with_embedded_subset_fonts(pdfs):
    """Parsed from the content streams: every text-showing operator painted 0 0 0 1 k or a light or coloured ink,
    never rich black; only DeviceCMYK operators; fonts embedded as subsets; no picture."""
    with pikepdf.open(io.BytesIO(pdfs["dtc"]["duel-strikes.pdf"])) as pdf:
        texts, fills = 0, set()
        for stream, resources in _streams(pdf.pages[1]):
            fill = None
            for operands, operator in pikepdf.parse_content_stream(stream):
                op = str(operator)
                assert op not in ("rg", "RG", "g", "G", "sc", "scn", "cs", "CS"), op
                if op == "k":
                    fill = tuple(round(float(v), 3) for v in operands)
                if op in ("Tj", "TJ"):
                    texts += 1
                    fills.add(fill)
            for font in dict(resources.get("/Font", {})).values():
                assert re.match(r"/[A-Z]{6}\+", str(font.BaseFont)), font.BaseFont
                descriptor = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            assert not any(x.Subtype == "/Image" for x in dict(resources.get("/XObject", {})).values())
        assert texts > 10 and (0, 0, 0, 1) in fills
        assert not [f for f in fills if f[3] > 0.5 and sum(f[:3]) > 0]  # no rich black type


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed: apt-get install ghostscript")
def test_a_ghostscript_separation_shows_plain_black_type_and_ink_within_240(pdfs, tmp_path):
    """Ghostscript separates card 1 (back, front) to CMYK (tiff32nc, 300 dpi, no anti-aliasing): total ink at most
    240 % on every pixel; the front's rules text prints on the K plate alone."""
    path = tmp_path / "strikes.pdf"
    path.write_bytes(pdfs["dtc"]["duel-strikes.pdf"])
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r300", "-dFirstPage=1",
                    "-dLastPage=2", "-o", str(tmp_path / "sep-%d.tif"), str(path)], check=True)
    worst = 0.0
    for n in (1, 2):
        ink = np.asarray(Image.open(tmp_path / f"sep-{n}.tif"), dtype=np.int32)
        assert ink.shape == (1125, 825, 4)  # 69.85 x 95.25 mm at 300 dpi: trim plus 1/8" bleed
        worst = max(worst, ink.sum(axis=-1).max() * 100 / 255)
    print(f"highest total ink on a Ghostscript separation: {worst:.1f} %")
    assert 200 < worst <= 240.5
    # card 1's rules text (x 10-57 mm, y 58-80 mm from the top of the trim), on the pale body
    text = ink[round((3.175 + 58) * MM):round((3.175 + 80) * MM), round((3.175 + 10) * MM):round((3.175 + 57) * MM)]
    black = text[..., 3] > 200
    assert black.sum() > 500 and (text[black][:, :3] == 0).all()  # type: K alone, C = M = Y = 0
    assert (text[..., :3].max(axis=-1)[black] == 0).all()


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed: apt-get install qpdf")
def test_qpdf_finds_the_files_sound_and_reads_the_same_keys(pdfs, tmp_path):
    for name in ("dtc", "pdfx4"):
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(pdfs[name]["duel-reference.pdf"])
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout
        doc = json.loads(subprocess.run(["qpdf", "--json", "--json-key=qpdf", str(path)], capture_output=True,
                                        text=True, check=True).stdout)
        objects = doc["qpdf"][1]
        trailer = objects["trailer"]["value"]
        info = objects["obj:" + trailer["/Info"]]["value"]
        assert info["/Trapped"] == "/False"
        assert len(trailer["/ID"]) == 2
        if name == "dtc":
            assert info["/GTS_PDFXVersion"] == "u:PDF/X-1a:2003"
        root = objects["obj:" + trailer["/Root"]]["value"]
        assert root["/OutputIntents"]


def test_drivethrucards_gets_a_pdf_per_game_a_cover_and_previews(small_kit, pdfs):
    """The duel's two decks: one PDF/X-1a of all 12 cards (back, front; strikes then reference), passing the
    preflight; the cover and previews sRGB JPEGs; a page out of place is named."""
    from generator.export.products import COVER_PX, PREVIEW_PX, export_products

    manifest, decks = small_kit
    products = export_products(VENDORS["dtc"], decks)
    assert all(pdfs["dtc"][name] == data for name, data in products.items())  # what export_all wrote
    assert sorted(products) == ["duel-all-cards.pdf", "duel-cover.jpg", "duel-preview-reference.jpg",
                                "duel-preview-strikes.jpg"]
    reader = pypdf.PdfReader(io.BytesIO(products["duel-all-cards.pdf"]))
    assert len(reader.pages) == 2 * (8 + 4) and reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "Shieshi" in reader.pages[1].extract_text() and "Shieshi" not in reader.pages[0].extract_text()
    for name, size in (("duel-cover.jpg", COVER_PX), ("duel-preview-strikes.jpg", PREVIEW_PX)):
        image = Image.open(io.BytesIO(products[name]))
        assert (image.format, image.mode, image.size) == ("JPEG", "RGB", size) and image.info.get("icc_profile")
    files = pdfs["dtc"]
    assert preflight(VENDORS["dtc"], files, decks, manifest) == []
    with pikepdf.open(io.BytesIO(products["duel-all-cards.pdf"])) as pdf:
        pdf.pages.append(pdf.pages[1])  # card 1's front again in the place of the last card's front
        del pdf.pages[-2]
        out = io.BytesIO()
        pdf.save(out)
    wrong = preflight(VENDORS["dtc"], {**files, "duel-all-cards.pdf": out.getvalue()}, decks, manifest)
    assert [p.where for p in wrong if p.rule == "product.game"] == ["page 24"]
    missing = preflight(VENDORS["dtc"], {k: v for k, v in files.items() if k not in products}, decks, manifest)
    assert {p.rule for p in missing} == {"product.game", "product.images"}


def test_frame_margins_measure_how_far_frames_sit_inside_the_trim():
    """A page (trim 63.5 x 88.9 mm, 1/8" bleed) with a frame line 3 mm inside the trim and one with it 5 mm in:
    the measure reads each back through pdfium; a border crossing the trim (bleeding off) does not count."""
    from generator.export.preflight import frame_margins

    pt = 72 / 25.4
    pdf = pikepdf.new()
    for inset in (3.0, 5.0, -2.0):
        x = (3.175 + inset) * pt
        w, h = (63.5 - 2 * inset) * pt, (88.9 - 2 * inset) * pt
        content = f"0 0 0 1 K 0.2 w {x:.3f} {x:.3f} {w:.3f} {h:.3f} re S".encode()
        page = pdf.add_blank_page(page_size=(69.85 * pt, 95.25 * pt))
        page.Contents = pdf.make_stream(content)
    out = io.BytesIO()
    pdf.save(out)
    three, five, bleeding = frame_margins(out.getvalue(), 3.175)
    assert 2.8 < three < 3.0 and 4.8 < five < 5.0 and bleeding != bleeding  # nan: no frame inside the trim
