"""Every page of every PDF of a real build, in it, en and ru, read back with zero findings."""

from generator.components.common import term_spellings
from generator.plan.model import Artifact
from generator.pageqa.check import page_problems


def test_every_page_of_the_kit_was_read_back_and_passed(kit):
    """The kit fixture is a real build: its page QA read every page of every PDF (the ink coverage of each
    home-print page comes from that reading) and a finding would have refused the kit (write_kit: tests/pageqa/
    test_check.py plants one). What is installed is what was read: the QA again over one file of each game's
    booklets and the densest card sheet, read from disk."""
    pdfs = [Artifact(f["path"], f["component"], f["kind"], (kit.out / f["path"]).read_bytes(), f.get("paper"),
                     f.get("layout")) for f in kit.manifest["files"] if f["path"].endswith(".pdf")]
    assert len(pdfs) > 70
    assert sum(f["pages"] for f in kit.manifest["files"] if f.get("layout") == "sheet") > 80  # (verify counted them)
    assert {a.component for a in pdfs if a.kind == "rules"} == {"dojo-rules", "ground-rules", "duel-rules"}
    home = [f for f in kit.manifest["files"] if f["path"].endswith(".pdf") and f.get("layout") != "single"]
    assert all(len(f["ink_percent"]) == f["pages"] for f in home)
    again = [a for a in pdfs if a.paper == "A4" and (a.kind == "rules" and a.layout == "plain"
                                                     or a.path.endswith("actions-A4.pdf"))]
    assert len(again) == 4
    assert [p.render() for p in page_problems(again, kit.lang, terms=term_spellings(kit.ctx))] == []


def test_every_component_has_a_preview(kit):
    shown = {f["component"] for f in kit.manifest["files"] if f["kind"] == "preview"}
    printed = {f["component"] for f in kit.manifest["files"] if f["path"].endswith(".pdf")}
    assert printed and printed <= shown


def test_every_run_of_a_card_sheet_is_painted_over_its_card_in_the_kits_faces(kit):
    """The reader's paint order on real sheets: every run of words on a card lies on a filled shape painted before
    it (the card's background), and every word prints in the kit's faces."""
    from generator.pageqa.read import read_pdf
    from generator.render.cards import card_slots

    sheets = [f for f in kit.manifest["files"] if f.get("layout") == "sheet" and f["kind"] == "cards"]
    assert sheets
    for f in sheets[:3]:
        for page in read_pdf((kit.out / f["path"]).read_bytes()):
            assert page.runs and {r.family for r in page.runs} <= {"PTSans", "PTSansNarrow"}, f["path"]
            slots = [t for _, t in card_slots("sheet", f["paper"], page.number)]
            on_cards = [r for r in page.runs if any(t[0] <= (r.box[0] + r.box[2]) / 2 <= t[2]
                                                    and t[1] <= (r.box[1] + r.box[3]) / 2 <= t[3] for t in slots)]
            assert len(on_cards) > len(page.runs) / 2
            for run in on_cards:
                b = run.box
                assert any(i.covers and i.z < run.z and i.box[0] <= b[0] and i.box[1] <= b[1] and b[2] <= i.box[2]
                           and b[3] <= i.box[3] for i in page.paint), (f["path"], page.number, run.text)


def test_no_printed_line_starts_with_a_dash(kit):
    """A dash between words stays with the word before it (layout.tie_breaks), on cards and in booklets alike:
    every A4 and A5 file of the kit read back, no line starts with one."""
    import pypdfium2 as pdfium

    starts = []
    files = [f for f in kit.manifest["files"] if f["path"].endswith(".pdf") and f.get("paper") in ("A4", "A5")]
    assert len(files) > 25
    for f in files:
        doc = pdfium.PdfDocument((kit.out / f["path"]).read_bytes())
        try:
            for n in range(len(doc)):
                page = doc[n]
                text = page.get_textpage().get_text_range()
                starts += [(f["path"], n + 1, line[:40]) for line in text.splitlines()
                           if line.lstrip().startswith(("—", "–"))]
                page.close()
        finally:
            doc.close()
    assert starts == []
