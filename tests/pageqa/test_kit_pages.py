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


def test_every_unicode_map_of_the_kit_reads_as_pdfminer_reads_it(kit):
    import io

    import pikepdf
    from pdfminer.cmapdb import FileUnicodeMap

    from generator.pageqa import read

    seen, fast = 0, 0
    for f in kit.manifest["files"]:
        if not f["path"].endswith(".pdf") or f["kind"] not in ("rules", "cards") and seen > 40:
            continue
        with pikepdf.open(kit.out / f["path"]) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/ToUnicode" in obj:
                    data = obj.ToUnicode.read_bytes()
                    ours, theirs = FileUnicodeMap(), FileUnicodeMap()
                    read._CMapParser(ours, io.BytesIO(data)).run()
                    read._PdfminerCMapParser(theirs, io.BytesIO(data)).run()
                    assert ours.cid2unichr == theirs.cid2unichr and theirs.cid2unichr, f["path"]
                    fast += all(items is not None for items in
                                (read._hex_items(m.group(2)) for m in read._BF.finditer(data)))
                    seen += 1
    assert seen > 40 and fast == seen  # cairo's and reportlab's maps all take the regex path


def test_a_unicode_map_beyond_hex_strings_goes_to_pdfminer():
    import io

    from pdfminer.cmapdb import FileUnicodeMap

    from generator.pageqa import read

    data = (b"begincmap\n1 beginbfchar\n<01> /Aacute\nendbfchar\n2 beginbfrange\n<02> <04> <0041>\n"
            b"<05> <06> [<0061> <00e9>]\nendbfrange\nendcmap\n")
    ours, theirs = FileUnicodeMap(), FileUnicodeMap()
    read._CMapParser(ours, io.BytesIO(data)).run()
    read._PdfminerCMapParser(theirs, io.BytesIO(data)).run()
    assert ours.cid2unichr == theirs.cid2unichr == {2: "A", 3: "B", 4: "C", 5: "a", 6: "é"}  # a glyph name: pdfminer skips it
