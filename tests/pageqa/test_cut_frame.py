"""Designs that survive the cut (issue 43, card-cut-frame): on a print-shop face a frame lies 4.5 mm or more inside
the trim, or bleeds off the edge in its colour. The rule fires on a planted face (frame line 3 mm in, no bleed),
passes a frame 5 mm in and the same m.frame bled off the edge by the card engine, and passes every print-shop
face of the kit (it, en, ru), whose frames sit 3 mm inside the trim and bleed."""

import dataclasses

import pytest

from generator.artifact import Artifact
from generator.pageqa.check import artifact_problems
from generator.pageqa.cut import CUT_FRAME_MM, cut_frames, frames, gaps
from generator.pageqa.read import read_pdf
from generator.render.cards import BLEED_H, BLEED_W, Card, Deck, Imprint, card_slots, single_pdf
from generator.render.svg import collected_drawing, environment
from tests.conftest import ROOT

FRAME = """{% import "macros.svg.j2" as m with context %}<svg xmlns="http://www.w3.org/2000/svg" width="{{ W }}mm" height="{{ H }}mm"
viewBox="0 0 {{ W }} {{ H }}"><rect width="{{ W }}" height="{{ H }}" fill="#f7f1e6"/>
{% if inset %}<rect x="{{ inset }}" y="{{ inset }}" width="{{ W - 2 * inset }}" height="{{ H - 2 * inset }}" rx="2.5"
 fill="none" stroke="#c8372d" stroke-width="0.6"/>{% else %}{{ m.frame(W, H, "#c8372d", 0.6) }}{% endif %}</svg>"""


def _face(inset: float = 0.0, bled: bool = True):
    """A card face with the shared m.frame (inset 0) or a plain outlined box `inset` mm inside the drawing's edge;
    bled False: the frame's bleed edge taken away (a face drawn as before issue 43)."""
    template = environment(ROOT / "templates").from_string(FRAME)
    drawing = collected_drawing(lambda sketch: template.render(sketch=sketch, W=BLEED_W, H=BLEED_H, inset=inset))
    return drawing if bled else dataclasses.replace(drawing, edges=())


def _single(drawing) -> Artifact:
    deck = Deck("test-deck", "test/deck", "Test", (Card("a", drawing, drawing),))
    data, pages = single_pdf(deck, Imprint("Test", "0", "it", 0))
    return Artifact("test/deck-single.pdf", "test-deck", "cards", data, layout="single", pages=pages, cards=1)


def _findings(artifact: Artifact) -> list[str]:
    return [p.message for p in artifact_problems(artifact, "it") if p.rule == "card-cut-frame"]


def test_a_frame_three_mm_inside_the_trim_that_does_not_bleed_is_found():
    found = _findings(_single(_face(bled=False)))
    assert len(found) == 2 and found[0].startswith("card 1 front: a frame (57.")  # front and back
    assert "3.00 mm inside the trim (left, top, right, bottom)" in found[0]


def test_the_same_frame_bled_off_the_edge_passes_and_a_frame_deep_inside_needs_no_bleed():
    artifact = _single(_face())
    page = read_pdf(artifact.data)[0]
    trim = card_slots("single", "A4", 1)[0][1]
    (frame,) = frames(page, trim)
    assert 2.9 < min(gaps(frame.box, trim)) < 3.1  # the frame line itself stays where the home sheets have it
    assert _findings(artifact) == []
    deep = _single(_face(inset=3 + CUT_FRAME_MM + 0.5, bled=False))
    assert frames(read_pdf(deep.data)[0], trim) and _findings(deep) == []


def test_a_bleed_in_another_colour_or_stopping_short_of_the_trim_does_not_count():
    artifact = _single(_face())
    page = read_pdf(artifact.data)[0]
    slots = card_slots("single", "A4", 1)
    recoloured = dataclasses.replace(page, paint=tuple(
        i._replace(fill=(0, 90, 200, 255)) if i.fill is not None and i.z > frames(page, slots[0][1])[0].z else i
        for i in page.paint))
    assert cut_frames(recoloured, slots)
    short = dataclasses.replace(page, paint=tuple(  # fills that start at the trim: a 1.6 mm drift shows paper
        i._replace(box=(max(i.box[0], 3.0), max(i.box[1], 3.0), min(i.box[2], BLEED_W - 3), min(i.box[3], BLEED_H - 3)))
        for i in page.paint))
    assert cut_frames(short, slots)


def test_home_sheets_keep_the_frame_line_alone():
    drawing = _face()
    assert drawing.edges and _face(bled=False).edges == ()
    from generator.render.cards import deck_artifacts

    deck = Deck("test-deck", "test/deck", "Test", (Card("a", drawing, drawing),))
    made = {a.path: a for a in deck_artifacts(deck, Imprint("Test", "0", "it", 0), ("A4",))}
    sheet = read_pdf(made["test/deck-A4.pdf"].data)[0]
    red = [i for i in sheet.paint if i.fill is not None and i.fill[:3] == (200, 55, 45)]
    assert red == []  # only the single-card PDF paints the frame's colour out to the edge
    single = read_pdf(made["test/deck-single.pdf"].data)[0]
    assert len([i for i in single.paint if i.fill is not None and i.fill[:3] == (200, 55, 45)]) == 8


def test_every_print_shop_face_of_the_kit_survives_the_cut(kit):
    near = 0
    for entry in kit.manifest["files"]:
        if entry.get("layout") != "single":
            continue
        for page in read_pdf((kit.out / entry["path"]).read_bytes()):
            slots = card_slots("single", "A4", page.number)
            near += any(min(gaps(f.box, slots[0][1])) < CUT_FRAME_MM for f in frames(page, slots[0][1]))
            assert cut_frames(page, slots) == [], (kit.lang, entry["path"], page.number)
    assert near > 200  # the frames do sit 3 mm in: they pass because they bleed


@pytest.mark.parametrize("colour", ["#ffffff", "#1d1d1b"])
def test_the_rule_reads_frames_of_any_colour(colour):
    template = environment(ROOT / "templates").from_string(FRAME.replace("#c8372d", colour))
    drawing = dataclasses.replace(collected_drawing(lambda sketch: template.render(sketch=sketch, W=BLEED_W, H=BLEED_H, inset=0)), edges=())
    assert len(_findings(_single(drawing))) == 2
