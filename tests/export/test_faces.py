"""The exports' card faces: the kit's single-card PDFs rasterised by pdfium at the size asked for."""

import json

from PIL import ImageStat

from generator.export.faces import card_px, rasterise, single_decks


def test_faces_of_a_built_kit_come_at_the_asked_size_with_bleed_made_where_the_pdf_has_less(pristine_it):
    kit = pristine_it / "build" / "pnp" / "it"
    decks = single_decks(json.loads((kit / "manifest.json").read_text(encoding="utf-8")))
    slugs = [d.slug for d in decks]
    assert "dojo/nebbia-deck" in slugs and "duel/strikes" in slugs and "ground/actions" in slugs
    strikes = decks[slugs.index("duel/strikes")]
    data = (kit / strikes.path).read_bytes()
    trimmed = list(rasterise(data, 10))
    assert len(trimmed) == 2 * strikes.cards and trimmed[0].size == card_px(10) == (635, 889)
    tgc = list(rasterise(data, 300 / 25.4, 3.175))  # The Game Crafter's poker card: 1/8" bleed at 300 dpi
    assert tgc[0].size == (825, 1125) and tgc[0].mode == "RGB"
    for image in tgc[:2]:  # not blank: a face and a back carry drawing over most of the card
        assert max(ImageStat.Stat(image).stddev) > 20
    back = tgc[1]  # the 0.175 mm made beyond the PDF's 3 mm bleed repeats the edge: no rim of another colour
    assert back.getpixel((0, 562)) == back.getpixel((3, 562))
