"""The Dojo kit as built for it, en and ru: manifest, paper sizes, cards, boxes, fonts, language, marks."""

import hashlib
import shutil
import subprocess

import pytest

from generator.plan import registry
from generator.render.cards import BLEED, CARD_W, sheet_grid
from generator.render.pdf import PAPERS_MM
from tests.render.pdfcheck import PT, fonts, placements, reader, size_mm

# the Dojo's printed pieces (booklet and contact sheet aside), from the registry
COMPONENTS = {c.id for c in registry.COMPONENTS if c.game == "dojo" and "rules" not in c.kinds and not c.from_artifacts}
WORDS = {  # (Technique note, a Nebbia effect, a belt name, the board's letter-free legend name)
    "it": ("Segreta:", "Ritira il tuo dado.", "Marrone", "Stanza Sicura"),
    "en": ("Secret:", "Reroll your die.", "Brown", "Safe Room"),
    "ru": ("Держите в секрете", "Перебросьте свой кубик.", "Коричневый", "Безопасная комната"),
}


def _pdf(kit, name):
    return reader((kit.out / name).read_bytes())


def _text(r, pages=None):
    return "\n".join(p.extract_text() for p in (r.pages if pages is None else [r.pages[i] for i in pages]))


def test_manifest_lists_every_component_with_checksums(kit):
    lang, out, manifest = kit.lang, kit.out, kit.manifest
    files = manifest["files"]
    assert manifest["lang"] == lang and COMPONENTS <= {f["component"] for f in files}
    for f in files:
        assert f["sha256"] == hashlib.sha256((out / f["path"]).read_bytes()).hexdigest()
        if f["path"].endswith(".pdf") and f["component"] in COMPONENTS:
            assert f["paper"] in ("A4", "Letter", "A2", "card") and f["layout"] in ("sheet", "single-sided", "gutterfold",
                                                                                  "single")
            assert f["pages"] == len(reader((out / f["path"]).read_bytes()).pages)
    decks = [f for f in files if f["component"] == "dojo-nebbia-deck" and f["path"].endswith(".pdf")]
    assert {(f["paper"], f["layout"]) for f in decks} == {("A4", "sheet"), ("Letter", "sheet"), ("A4", "gutterfold"),
                                                          ("Letter", "gutterfold"), ("card", "single")}
    assert all(f["cards"] == 22 for f in decks)
    assert (out / "previews" / "dojo" / "contact-sheet.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_nebbia_sheets_hold_22_cards_with_mirrored_backs(kit, paper):
    r = _pdf(kit, f"dojo/nebbia-deck-{paper}.pdf")
    assert len(r.pages) == 6 and all(size_mm(p.mediabox) == PAPERS_MM[paper] for p in r.pages)
    fronts = [placements(r.pages[i], r) for i in (0, 2, 4)]
    backs = [placements(r.pages[i], r) for i in (1, 3, 5)]
    assert sum(map(len, fronts)) == sum(map(len, backs)) == 22
    w = PAPERS_MM[paper][0]
    g = sheet_grid(paper)
    for f, b in zip(fronts, backs):
        spots = g.spots()[:len(f)]
        for (fx, fy), (bx, by), (x, y) in zip(f, b, spots):
            x0, _, x1, _ = g.shown(x, y, spots)  # placements: trim corners less the bleed shown on the sheet
            assert abs(fx + bx - (w - CARD_W - (x - x0) - (x1 - x - CARD_W)) * PT) < 0.01 and abs(fy - by) < 0.01


def test_nebbia_text_is_in_the_language_and_techniques_are_marked_secret(kit):
    lang = kit.lang
    secret, effect, _, _ = WORDS[lang]
    r = _pdf(kit, "dojo/nebbia-deck-single.pdf")
    text = [p.extract_text() for p in r.pages]
    assert secret in text[0] and ("Kiai" in text[0] or "Киай" in text[0])  # Kiai, a Technique, comes first
    assert any(effect in t for t in text)
    assert sum(secret in t for t in text[0::2]) == 7  # 3 Kiai + 2 Uke + 2 Kaeshi fronts
    if lang == "ru":
        assert all(any("\u0400" <= ch <= "\u04ff" for ch in t) for t in text)
    assert lang.upper() in text[0]


def test_single_cards_have_trim_and_bleed_boxes(kit):
    r = _pdf(kit, "dojo/nebbia-deck-single.pdf")
    assert len(r.pages) == 44
    for p in r.pages:
        assert size_mm(p.trimbox) == (63.5, 88.9) and size_mm(p.bleedbox) == size_mm(p.mediabox) == (69.5, 94.9)
        assert round(float(p.trimbox.left) / PT, 2) == round(float(p.trimbox.bottom) / PT, 2) == BLEED


def test_every_pdf_embeds_its_fonts_and_uses_pt_sans(kit):
    out = kit.out
    for path in sorted(out.glob("*.pdf")):
        found = fonts(reader(path.read_bytes()))
        assert found and all(embedded for _, embedded in found), (path.name, found)
        assert any("PTSans" in name for name, _ in found), (path.name, found)


def test_board_quadrants_a2_and_margin_notes(kit):
    lang, manifest = kit.lang, kit.manifest
    for paper in ("A4", "Letter"):
        r = _pdf(kit, f"dojo/board-{paper}.pdf")
        assert len(r.pages) == 4 and all(size_mm(p.mediabox) == PAPERS_MM[paper] for p in r.pages)
    r = _pdf(kit, "dojo/board-A2.pdf")
    assert len(r.pages) == 1 and size_mm(r.pages[0].mediabox) == (420.0, 594.0)
    text = _text(r)
    fingerprint = manifest["board"]["fingerprint"]  # a short version for players, never the 64 hex digits
    assert fingerprint[:8] in text and fingerprint not in text and manifest["version"] in text and lang.upper() in text
    assert WORDS[lang][3] in text and "1A" in text


def test_belt_ladder_and_pawns(kit):
    lang = kit.lang
    for paper in ("A4", "Letter"):
        r = _pdf(kit, f"dojo/belt-ladder-{paper}.pdf")
        w, h = PAPERS_MM[paper]
        assert size_mm(r.pages[0].mediabox) == (h, w)  # landscape
        text = _text(r)
        assert WORDS[lang][2] in text and "17" in text
        r = _pdf(kit, f"dojo/pawns-{paper}.pdf")
        assert size_mm(r.pages[0].mediabox) == PAPERS_MM[paper]
        text = _text(r)
        assert all(str(n) in text for n in range(1, 9))


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed")
def test_qpdf_check_passes(kit):
    out = kit.out
    for path in sorted(out.glob("*.pdf")):
        run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert run.returncode == 0, (path.name, run.stdout[-400:], run.stderr[-400:])


def test_each_square_code_keeps_air_to_its_tile_and_its_text(kit):
    """The squares reference card: a code of two capitals (SS, БК, 1A) stands 0.5 mm or more from its tile and 1 mm
    or more from its row's text, in every language (read back from the printed sheet)."""
    from generator.pageqa.read import read_pdf

    codes = {kit.ctx.p_(f"dojo-square/{s.id}", s.letter) for s in kit.ctx.model.dojo.squares}
    pages = read_pdf((kit.out / "dojo/reference-A4.pdf").read_bytes())
    checked = 0
    for page in pages:
        for code in (r for r in page.runs if r.text in codes):
            cx0, cy0, cx1, cy1 = code.box
            row = [r for r in page.runs if r is not code and r.box[0] > cx1 - 0.1 and r.box[1] < cy1 and r.box[3] > cy0
                   and r.box[0] - cx1 < 5]
            tiles = [m for m in page.marks if m[2] <= cx0 + 0.1 and cx0 - m[2] < 3 and m[1] < cy1 and m[3] > cy0]
            assert row and tiles, (kit.lang, code.text)
            assert min(r.box[0] for r in row) - cx1 >= 1.0, (kit.lang, code.text, row[0].text)
            assert cx0 - max(m[2] for m in tiles) >= 0.5, (kit.lang, code.text)
            checked += 1
    assert checked >= len(codes) - 1  # every code ('?' too), on each copy of the card
