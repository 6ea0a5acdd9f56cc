"""Every page of every PDF of a real build, in it, en and ru, read back with zero findings."""

from generator.components.common import term_spellings
from generator.kit.model import Artifact
from generator.pageqa.check import page_problems


def test_every_page_of_the_kit_passes_the_page_qa(kit):
    pdfs = [Artifact(f["path"], f["component"], f["kind"], (kit.out / f["path"]).read_bytes(), f.get("paper"),
                     f.get("layout")) for f in kit.manifest["files"] if f["path"].endswith(".pdf")]
    assert len(pdfs) > 70
    assert sum(f["pages"] for f in kit.manifest["files"] if f.get("layout") == "sheet") > 80  # (verify counted them)
    assert {a.component for a in pdfs if a.kind == "rules"} == {"dojo-rules", "ground-rules", "duel-rules"}
    assert [p.render() for p in page_problems(pdfs, kit.lang, terms=term_spellings(kit.ctx))] == []


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
