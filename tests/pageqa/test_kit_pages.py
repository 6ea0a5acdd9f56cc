"""Every page of every PDF of a real build, in it, en and ru, read back with zero findings."""

from generator.components.common import term_spellings
from generator.kit.model import Artifact
from generator.pageqa.check import page_problems


def test_every_page_of_the_kit_passes_the_page_qa(kit):
    pdfs = [Artifact(f["path"], f["component"], f["kind"], (kit.out / f["path"]).read_bytes(), f.get("paper"),
                     f.get("layout")) for f in kit.manifest["files"] if f["path"].endswith(".pdf")]
    assert len(pdfs) > 70
    assert sum(f["pages"] for f in kit.manifest["files"] if f.get("layout") == "sheet") > 100  # (verify counted them)
    assert {a.component for a in pdfs if a.kind == "rules"} == {"dojo-rules", "ground-rules", "duel-rules"}
    assert [p.render() for p in page_problems(pdfs, kit.lang, terms=term_spellings(kit.ctx))] == []


def test_every_component_has_a_preview(kit):
    shown = {f["component"] for f in kit.manifest["files"] if f["kind"] == "preview"}
    printed = {f["component"] for f in kit.manifest["files"] if f["path"].endswith(".pdf")}
    assert printed and printed <= shown
