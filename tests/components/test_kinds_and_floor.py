"""Manifest kinds in the issue's vocabulary, and nothing printed on a card below the 6.5 pt floor (it, en, ru)."""

import io
import math

from pypdf import PdfReader

from generator.plan.registry import COMPONENTS, by_id
from generator.render.layout import FLOOR_PT


def test_every_file_has_a_registered_component_kind_and_paper(kit):
    seen: dict[str, set[str]] = {}
    for f in kit.manifest["files"]:
        component = by_id(f["component"])
        seen.setdefault(component.id, set()).add(f["kind"])
        assert f["kind"] in component.kinds, f["path"]
        assert f["kind"] == "preview" or not f["path"].endswith(".png")
        assert f["paper"] is None or f["paper"] in component.papers, f["path"]
    assert {c.id: set(c.kinds) for c in COMPONENTS} == seen  # every component built, with every kind it declares
    assert not any("pdf" in k for k in seen.values())


def text_sizes(pdf: bytes) -> list[tuple[float, str]]:
    """(effective size in pt, text) of every text run on every page (a page whose content stream repeats an
    earlier one's, naming the same resources, is read once: a print-shop file's card copies and shared backs)."""
    out = []
    seen = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        contents = page.get_contents()
        key = (contents.get_data() if contents is not None else b"", repr(page.get("/Resources")))
        if key in seen:
            continue
        seen.add(key)
        def visit(text, cm, tm, _font, size):
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                out.append((size * math.sqrt(abs(a * d - b * c)), text))
        page.extract_text(visitor_text=visit)
    return out


def test_nothing_on_a_card_is_smaller_than_the_floor(kit):
    lang, out = kit.lang, kit.out
    # every game's single-card files as the kit prints them (the GROUND and duel pieces rendered alone, as
    # tests/ground/kitcache.py does, draw the same text at the same sizes: read once, here)
    pdfs = {p.read_bytes(): p.relative_to(out).as_posix() for p in sorted(out.rglob("*-single.pdf"))}
    assert len(pdfs) >= 9 and {name.split("/")[0] for name in pdfs.values()} == {"dojo", "ground", "duel"}, pdfs
    for data, name in pdfs.items():
        sizes = text_sizes(data)
        assert sizes, name
        smallest = min(sizes)
        assert smallest[0] >= FLOOR_PT - 0.01, (lang, name, smallest)
