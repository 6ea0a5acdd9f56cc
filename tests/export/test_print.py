"""Print-shop exports (`dojo export print`): files read back independently of the preflight, the preflight refusing
planted faults by rule name, and the command installing all or nothing."""

import io
import json
import re
import shutil

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageCms

from generator.export import cmyk, pdfx
from generator.export.preflight import _safe_zone, preflight
from generator.export.vendors import VENDORS, deck_folder, export_kit, kit_decks, read_quantities
from tests.board.helpers import run_cli

def rules(problems):
    return {p.rule for p in problems}


def test_png_vendors_write_every_face_at_their_size_in_upload_order(small_kit, exports):
    manifest, decks = small_kit
    for name, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
        files = exports[name]
        quantities = ["duel-strikes/quantities.csv"] if name == "tgc" else []
        strikes = sorted(p for p in files if p.startswith("duel-strikes/"))
        assert strikes == [f"duel-strikes/back-{n:03d}.png" for n in range(1, 9)] + \
            [f"duel-strikes/front-{n:03d}.png" for n in range(1, 9)] + quantities  # 3 strikes and No action per player; backs name the owner
        reference = sorted(p for p in files if p.startswith("duel-reference/"))
        assert reference[:2] == ["duel-reference/back.png", "duel-reference/front-001.png"]
        for path, data in files.items():
            if path.endswith(".csv"):
                continue
            image = Image.open(io.BytesIO(data))
            assert (image.format, image.mode, image.size) == ("PNG", "RGB", size)
            assert tuple(round(d) for d in image.info["dpi"]) == (300, 300)
            profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))  # tagged sRGB, read back
            assert "sRGB" in ImageCms.getProfileDescription(profile) and profile.profile.xcolor_space.strip() == "RGB"
        assert preflight(VENDORS[name], files, decks, manifest) == []


def test_the_game_crafter_gets_each_design_once_with_its_quantity(pristine_it):
    """The Nebbia deck (22 cards, copies among them): one front per distinct design, the back once, and
    quantities.csv adding up to the deck; every design's cards look like it (the preflight's deck.order)."""
    manifest, decks = kit_decks(pristine_it / "build" / "pnp" / "it")
    nebbia = [d for d in decks if d[0].slug == "dojo/nebbia-deck"]
    files = export_kit(VENDORS["tgc"], nebbia)
    rows = read_quantities(files["dojo-nebbia-deck/quantities.csv"])
    fronts = sorted(p for p in files if "/front-" in p)
    assert len(fronts) == len(rows) < 22 and sum(q for _, _, q, _ in rows) == 22
    assert [p for p in files if "/back" in p] == ["dojo-nebbia-deck/back.png"]
    assert len({files[p] for p in fronts}) == len(fronts)  # no design twice
    assert preflight(VENDORS["tgc"], files, nebbia, manifest) == []
    wrong = dict(files)
    wrong["dojo-nebbia-deck/quantities.csv"] = files["dojo-nebbia-deck/quantities.csv"].replace(b",3,1 2 3", b",2,1 2")
    assert "deck.count" in rules(preflight(VENDORS["tgc"], wrong, nebbia, manifest))
    swapped = dict(files)
    swapped[fronts[0]], swapped[fronts[1]] = files[fronts[1]], files[fronts[0]]
    assert "deck.order" in rules(preflight(VENDORS["tgc"], swapped, nebbia, manifest))
    untagged = dict(files)
    image = Image.open(io.BytesIO(files[fronts[0]]))
    image.info.pop("icc_profile")  # Pillow would carry the tag over
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(300, 300))
    untagged[fronts[0]] = out.getvalue()
    assert "png.colour" in rules(preflight(VENDORS["tgc"], untagged, nebbia, manifest))


def test_dtc_puts_each_back_before_its_front(small_kit, exports):
    from generator.export.faces import rasterise

    pages = [np.asarray(i, dtype=np.int32) for i in rasterise(exports["dtc"]["duel-reference.pdf"], 2.0, 3.175)]
    backs, fronts = pages[0::2], pages[1::2]
    assert all((b == backs[0]).all() for b in backs)  # one back for the reference cards, then differing fronts
    assert not (fronts[0] == fronts[1]).all() and not (fronts[0] == backs[0]).all()


def test_exports_are_byte_identical_twice(small_kit, exports):
    assert export_kit(VENDORS["dtc"], small_kit[1][:1]) == {k: v for k, v in exports["dtc"].items()
                                                            if k == "duel-strikes.pdf"}


def _pdf_edit(data: bytes, edit) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        edit(pdf)
        out = io.BytesIO()
        pdf.save(out)
    return out.getvalue()


def _paint_over(pdf, content: bytes):
    """Page 1 gains a last painting operation (in its own content stream)."""
    page = pdf.pages[0]
    page.Contents = pdf.make_stream(page.Contents.read_bytes() + b"\n" + content)


def _face_content(pdf, edit):
    """Page 2's forms (the face and the forms it draws) with their content edited (bytes -> bytes)."""
    todo = list(dict(pdf.pages[1].Resources.XObject).values())
    while todo:
        form = todo.pop()
        if form.get("/Subtype") == "/Form":
            form.write(edit(form.read_bytes()))
            todo += list(dict(form.get("/Resources", {}).get("/XObject", {})).values())


@pytest.mark.parametrize("vendor, path, fault, rule", [
    ("mpc", "duel-reference/front-002.png", "swap", "deck.order"),
    ("tgc", "duel-reference/front-001.png", "resize", "png.size"),
    ("mpc", "duel-reference/back.png", "alpha", "png.mode"),
    ("mpc", "duel-reference/front-004.png", "drop", "deck.count"),
    ("dtc", "duel-strikes.pdf", "ink", "pdf.ink"),
    ("dtc", "duel-strikes.pdf", "trapped", "pdfx.keys"),
    ("pdfx4", "duel-strikes.pdf", "xmp", "pdfx.keys"),
    ("dtc", "duel-strikes.pdf", "richblack", "pdf.black"),
    ("dtc", "duel-strikes.pdf", "outlines", "pdf.vector"),
    ("pdfx4", "duel-strikes.pdf", "opacity", "pdf.transparency"),
    ("dtc", "duel-strikes.pdf", "annotation", "pdfx.forbidden"),
    ("dtc", "duel-strikes.pdf", "trimbox", "pdf.boxes"),
    ("dtc", "duel-strikes.pdf", "version", "pdfx.keys"),
    ("dtc", "duel-strikes.pdf", "intent", "pdfx.intent"),
    ("dtc", "duel-strikes.pdf", "rgb", "pdf.colour"),
    ("pdfx4", "duel-strikes.pdf", "order", "deck.order"),
    ("dtc", "duel-strikes.pdf", "bareframe", "card.cut-frame"),
])
def test_preflight_refuses_a_planted_fault_naming_rule_file_and_card(small_kit, exports, vendor, path, fault, rule):
    manifest, decks = small_kit
    files = dict(exports[vendor])
    data = files[path]
    if fault == "swap":
        files[path] = files["duel-reference/front-001.png"]
    elif fault in ("resize", "alpha"):
        image = Image.open(io.BytesIO(data))
        image = image.resize((800, 1100)) if fault == "resize" else image.convert("RGBA")
        out = io.BytesIO()
        image.save(out, "PNG", dpi=(300, 300))
        files[path] = out.getvalue()
    elif fault == "drop":
        del files[path]
    else:
        def edit(pdf):
            if fault == "ink":
                _paint_over(pdf, b"0.8 0.8 0.8 0.8 k 20 20 50 50 re f")  # 320 %
            elif fault == "trapped":
                pdf.docinfo["/Trapped"] = pikepdf.Name.False_  # the old mistake: /False_
            elif fault == "xmp":
                with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
                    meta["pdf:Trapped"] = "True"
            elif fault == "richblack":
                _face_content(pdf, lambda b: b.replace(b"0 0 0 1 k", b".6 .5 .5 1 k"))
            elif fault == "outlines":
                _face_content(pdf, lambda b: re.sub(rb"BT.*?ET", b"", b, flags=re.S))
            elif fault == "annotation":
                pdf.pages[2].obj.Annots = pdf.make_indirect(pikepdf.Array([pikepdf.Dictionary(
                    Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[20, 20, 60, 60])]))
            elif fault == "opacity":
                pdf.pages[0].Resources.ExtGState = pikepdf.Dictionary(T=pikepdf.Dictionary(ca=0.5))
                _paint_over(pdf, b"/T gs 0 0 0 1 k 20 20 50 50 re f")
            elif fault == "trimbox":
                del pdf.pages[3].obj["/TrimBox"]
            elif fault == "version":
                pdf.docinfo["/GTS_PDFXVersion"] = "PDF/X-3:2002"
            elif fault == "intent":
                del pdf.Root["/OutputIntents"]
            elif fault == "rgb":
                _paint_over(pdf, b"1 0 0 rg 20 20 50 50 re f")
            elif fault == "bareframe":  # a frame line 3 mm inside the trim, drawn over the bled border
                pt, x = 72 / 25.4, (3.175 + 3.3) * 72 / 25.4
                _paint_over(pdf, f"0 0 0 1 K 0.6 w {x:.2f} {x:.2f} {56.9 * pt:.2f} {82.3 * pt:.2f} re S".encode())
            elif fault == "order":
                pdf.pages.append(pdf.pages[0])  # card 1's front again at the end, in place of the last back
                del pdf.pages[-2]
        files[path] = _pdf_edit(data, edit)
    folder = path.split("/")[0].removesuffix(".pdf")  # the planted fault's deck, preflighted alone
    files = {name: data for name, data in files.items() if name.split("/")[0].removesuffix(".pdf") == folder}
    found = [p for p in preflight(VENDORS[vendor], files, [d for d in decks if deck_folder(d[0]) == folder], manifest)
             if p.rule == rule]
    assert found, f"{fault} not found"
    assert found[0].file.startswith(path.split("/")[0]) and "fix:" in found[0].render()
    if fault in ("swap", "order", "ink", "trimbox", "richblack", "outlines", "bareframe"):
        assert "card" in found[0].where  # the card named


def test_a_rendered_card_text_outside_the_shops_safe_zone_is_named(small_kit):
    deck, source = small_kit[1][0]
    problems = _safe_zone(deck, source)
    assert problems == []
    from generator.export import preflight as pf

    # the same deck judged with a safe zone as deep as the card is wide must name every card's text
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pf, "INCH_BLEED", 20.0)
        wide = _safe_zone(deck, source)
    assert {p.rule for p in wide} == {"card.safe-zone"}
    assert {p.where for p in wide} >= {"card 1 front", "card 6 front"}


def test_every_language_keeps_card_text_an_eighth_inch_inside_the_trim(kit):
    _, decks = kit_decks(kit.out)
    assert [p.render() for deck, source in decks for p in _safe_zone(deck, source)] == []


def test_the_command_installs_all_or_nothing(pristine_it, tmp_path):
    root = tmp_path / "project"
    kit = root / "build" / "pnp" / "it"
    shutil.copytree(pristine_it / "build" / "pnp" / "it", kit)
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"] = [e for e in manifest["files"] if e["path"] == "duel/reference-single.pdf"]
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    ok = run_cli("export", "print", "--vendor", "mpc", "--lang", "it", "--root", root)
    assert ok.code == 0, ok.err
    out = root / "build" / "print" / "mpc" / "it"
    assert sorted(p.name for p in (out / "duel-reference").iterdir())[0] == "back.png"
    assert json.loads((out / "preflight.json").read_text())["decks"][0]["cards"] == 4
    manifest["files"][0]["cards"] = 5  # the bill of materials wants a card the deck does not print
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    bad = run_cli("export", "print", "--vendor", "mpc", "--lang", "it", "--root", root)
    assert bad.code == 1 and "[deck.count]" in bad.err and "duel/reference-single.pdf" in bad.err
    assert "nothing was written" in bad.err and "Traceback" not in bad.err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    missing = run_cli("export", "print", "--vendor", "dtc", "--lang", "en", "--root", root)
    assert missing.code == 2 and "dojo build --lang en" in missing.err and "Traceback" not in missing.err


def test_cmyk_separation_limits_total_ink_and_keeps_the_look():
    swatch = Image.new("RGB", (4, 1))
    swatch.putdata([(0, 0, 0), (255, 255, 255), (29, 29, 27), (200, 30, 30)])
    separated = cmyk.to_cmyk(swatch)
    assert cmyk.max_ink(separated) <= 240 and cmyk.max_ink(cmyk.to_cmyk(swatch, limit=400)) > 280
    ink = np.asarray(separated, dtype=np.int32)
    assert ink[0, 1].sum() == 0 and ink[0, 0, 3] == 255  # paper stays unprinted; black keeps full K
    back = np.asarray(cmyk.to_rgb(separated), dtype=np.int32)
    assert back[0, 0].max() < 60 and abs(back[0, 3] - np.array([200, 30, 30])).max() < 40
    assert pdfx.VERSIONS == {"PDF/X-1a:2003": "1.4", "PDF/X-4": "1.6"}


def test_the_command_offers_every_vendor_of_the_table_without_loading_numpy():
    import subprocess
    import sys

    from generator.commands.export import VENDOR_CODES

    assert VENDOR_CODES == tuple(sorted(VENDORS))
    code = ("import sys, generator.cli as c; c.build_parser(); "
            "print(any(m == 'numpy' or m.startswith('numpy.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"  # every `dojo` command parses its arguments without the colour engine
