"""Card text 2 mm inside any frame it sits in (issue 29, card-frame-gap): the rule finds text run into a frame on a
page drawn here and read back by pdfium, on a real card face moved back to where the Uke and strike cards had it,
and passes every card of the kit (it, en, ru), whose strike "From:" lines and Uke text are measured here too."""

import pytest

from generator.content.dojo import NEBBIA_CTX
from generator.kit.build import prepare
from generator.plan.model import BuildOptions
from generator.pageqa.check import FRAME_GAP_MM, artifact_problems, frame_gap
from generator.pageqa.read import read_pdf
from generator.render import pdf
from generator.render.cards import card_slots
from generator.render.pdf import mm
from tests.pageqa.test_check import WORDS, _page

TRIM = card_slots("sheet", "A4", 1)[0][1]  # place 1's trim on an A4 sheet (mm)


def _outline(cr, x: float, y: float, w: float, h: float, width: float = 0.6, fill=None) -> None:
    cr.rectangle(mm(x), mm(y), mm(w), mm(h))
    if fill:
        cr.set_source_rgb(*fill)
        cr.fill_preserve()
    cr.set_source_rgb(0.3, 0.2, 0.1)
    cr.set_line_width(mm(width))
    cr.stroke()


def _card(cr, word: str, text_x: float, band_text: bool = False, icon: bool = False, panel: bool = False) -> None:
    """A card at place 1: frame 3 mm inside the trim (outer edge), a header band over its top, one text line at
    text_x mm from the trim's left edge, the imprint line at its foot close to the frame."""
    x0, y0, x1, y1 = TRIM
    _outline(cr, x0 + 3.3, y0 + 3.3, x1 - x0 - 6.6, y1 - y0 - 6.6)
    cr.rectangle(mm(x0 - 3), mm(y0 - 3), mm(x1 - x0 + 6), mm(17))
    cr.set_source_rgb(0.2, 0.2, 0.3)
    cr.fill()
    if band_text:
        pdf.text(cr, word, x0 + 3.6, y0 + 8, 9, rgb=(1, 1, 1))  # on the band, over the hidden frame line
    pdf.text(cr, word, x0 + text_x, y0 + 40, 9)
    pdf.text(cr, word, x0 + 3.8, y1 - 4.2, 6.5)  # the imprint line: left to the card's own rules
    if icon:  # a small outlined icon round a letter: art, not a frame
        _outline(cr, x0 + 20, y0 + 50, 8, 8)
        pdf.text(cr, "A", x0 + 22.5, y0 + 55.5, 9)
    if panel:  # a tinted panel with a border is a frame
        _outline(cr, x0 + 8, y0 + 62, 46, 14, 0.3, fill=(0.93, 0.92, 0.89))
        pdf.text(cr, word, x0 + 8.8, y0 + 67, 8)


@pytest.mark.parametrize("lang", list(WORDS))
def test_text_run_into_a_frame_is_found_and_text_inside_passes(lang):
    word = WORDS[lang]
    slots = card_slots("sheet", "A4", 1)[:1]
    close = read_pdf(_page(lambda cr: _card(cr, word, 4.0)))[0]
    found = frame_gap(close.runs, close, slots)
    assert len(found) == 1 and word in found[0] and "place 1 front" in found[0] and "from the frame" in found[0]
    inside = read_pdf(_page(lambda cr: _card(cr, word, 3.0 + 0.6 + FRAME_GAP_MM + 0.2, band_text=True,
                                             icon=True)))[0]
    assert frame_gap(inside.runs, inside, slots) == []  # band text, the imprint line and the icon's letter aside
    panel = read_pdf(_page(lambda cr: _card(cr, word, 8.0, panel=True)))[0]
    found = frame_gap(panel.runs, panel, slots)
    assert len(found) == 1 and word in found[0]  # 0.8 mm inside the panel's border


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_real_face_whose_text_runs_into_its_frame_stops_the_page_qa(proved_project, lang):
    """The strike card's "From:" line where it was before issue 29 (x 7 mm: 0.4 mm inside the frame line)."""
    from generator.components import duel_cards

    layout = proved_project / "templates" / "duel" / "strike.toml"
    text = layout.read_text(encoding="utf-8")
    assert "[slot.from]\nflow = 2\nx = 8.8\nw = 51.9" in text
    layout.write_text(text.replace("[slot.from]\nflow = 2\nx = 8.8\nw = 51.9", "[slot.from]\nflow = 2\nx = 7\nw = 55.5"),
                      encoding="utf-8")
    ctx = prepare(proved_project, BuildOptions(lang=lang, papers=("A4",)))
    sheet = next(a for a in duel_cards.strike_cards(ctx) if a.layout == "sheet" and a.paper == "A4")
    found = [p for p in artifact_problems(sheet, lang) if p.rule == "card-frame-gap" and p.hint]  # not "… and N more"
    said = (ctx.p_("duel-strike-cards", "From: %(stance)s") % {"stance": ""}).strip()
    assert found and all(said in p.message and p.file == sheet.path for p in found)
    assert {p.message.split(":")[0] for p in found} >= {"place 1 front", "place 2 front", "place 3 front"}
    assert "templates/<game>/<face>.toml" in found[0].hint


def _frame(page, trim):
    """The card's frame read back: the largest outlined box inside its trim."""
    inside = [b for b in page.strokes if trim[0] - 0.05 <= b[0] and b[2] <= trim[2] + 0.05 and trim[1] - 0.05 <= b[1]
              and b[3] <= trim[3] + 0.05]
    return max(inside, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))


def test_every_card_keeps_its_text_inside_its_frame(kit):
    """The kit's cards pass the rule, and the lines issue 29 named are measured: every strike card's "From:" line
    and the Uke card's text sit at least 2 mm inside the frame line (0.6 and 0.8 mm wide)."""
    ctx = kit.ctx
    said = (ctx.p_("duel-strike-cards", "From: %(stance)s") % {"stance": ""}).strip()  # "From:", "Из:"
    uke = ctx.p_(f"{NEBBIA_CTX}/uke", next(c.effect for c in ctx.model.dojo.nebbia.cards if c.id == "uke"))
    checked = {"from": 0, "uke": 0}
    for e in kit.manifest["files"]:
        if e.get("layout") not in ("sheet", "single-sided", "single") or e["kind"] not in ("cards", "reference") or \
                e.get("paper") not in ("A4", "card"):
            continue
        for page in read_pdf((kit.out / e["path"]).read_bytes()):
            slots = card_slots(e["layout"], e["paper"], page.number)
            if e["layout"] != "single":
                assert frame_gap(page.runs, page, slots) == [], e["path"]
            if (e["component"], e["layout"], e["paper"]) not in {("duel-strike-cards", "sheet", "A4"),
                                                                 ("dojo-nebbia-deck", "sheet", "A4")}:
                continue  # the strike and Dojo Mist sheets, looked up by component (their files may move)
            for _name, trim in slots:
                runs = [r for r in page.runs if trim[0] <= (r.box[0] + r.box[2]) / 2 <= trim[2] and
                        trim[1] <= (r.box[1] + r.box[3]) / 2 <= trim[3]]
                if not runs:
                    continue
                frame = _frame(page, trim)
                for r in runs:
                    if r.text.startswith(said):
                        assert r.box[0] - frame[0] >= 0.6 + FRAME_GAP_MM - 0.01, (r.text, r.box, frame)
                        checked["from"] += 1
                    elif len(r.text.strip()) > 12 and r.text.strip()[:12] in uke:
                        assert min(r.box[0] - frame[0], frame[2] - r.box[2]) >= 0.8 + FRAME_GAP_MM - 0.01, r.text
                        checked["uke"] += 1
    assert checked["from"] == 6 and checked["uke"] >= 10, checked  # 3 strikes x 2 players; 2 Uke cards' lines
