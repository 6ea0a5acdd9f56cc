"""Manifest kinds in the issue's vocabulary, and nothing printed on a card below the 6.5 pt floor (it, en, ru)."""

import io
import math

from pypdf import PdfReader

from generator.render.layout import FLOOR_PT
from tests.ground.kitcache import build_lang

DOJO_KINDS = {"dojo-nebbia-deck": {"cards", "preview"}, "dojo-reference": {"reference", "preview"},
              "dojo-board": {"board", "preview"}, "kit-calibration": {"calibration"},
              "dojo-belt-ladder": {"sheet", "preview"}, "dojo-pawns": {"sheet", "preview"}}
OTHER_KINDS = {"ground-solution-deck": "cards", "ground-problem-cards": "cards", "ground-scenario-cards": "cards",
               "ground-mode-cards": "cards", "ground-action-cards": "cards", "ground-reference": "reference",
               "ground-player-mats": "sheet", "ground-tokens": "sheet", "duel-track": "sheet",
               "duel-stance-cards": "cards", "duel-strike-cards": "cards", "duel-reference": "reference",
               "ground-seat-markers": "sheet", "duel-pieces": "sheet"}


def test_dojo_manifest_kinds(kit):
    _, _, record = kit
    kinds: dict[str, set[str]] = {}
    for f in record["files"]:
        kinds.setdefault(f["component"], set()).add(f["kind"])
        assert f["kind"] == "preview" or not f["path"].endswith(".png")
    for component, expected in DOJO_KINDS.items():
        assert kinds.get(component) == expected, component
    assert not any("pdf" in k for k in kinds.values())


def test_ground_and_duel_kinds(kit):
    lang = kit[0]
    for a in build_lang(lang).artifacts:
        assert a.kind == ("preview" if a.path.endswith(".png") else OTHER_KINDS[a.component]), a.path


def text_sizes(pdf: bytes) -> list[tuple[float, str]]:
    """(effective size in pt, text) of every text run on every page."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        def visit(text, cm, tm, _font, size):
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                out.append((size * math.sqrt(abs(a * d - b * c)), text))
        page.extract_text(visitor_text=visit)
    return out


def test_nothing_on_a_card_is_smaller_than_the_floor(kit):
    lang, out, _ = kit
    pdfs = [(p.name, p.read_bytes()) for p in out.rglob("*-single.pdf")]
    pdfs += [(a.path, a.data) for a in build_lang(lang).artifacts if a.layout == "single"]
    assert len(pdfs) >= 9
    for name, data in pdfs:
        sizes = text_sizes(data)
        assert sizes, name
        smallest = min(sizes)
        assert smallest[0] >= FLOOR_PT - 0.01, (lang, name, smallest)
