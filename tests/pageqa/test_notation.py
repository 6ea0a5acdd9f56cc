"""The page QA refuses developer notation on a player's page, in every language (issue 47): spec and ruling ids,
variant syntax and a ruling's status; the booklets and the duel and GROUND cards as the kit prints them pass."""

import io

import pytest
from pypdf import PdfReader

from generator.content.languages import language_codes
from generator.pageqa.check import page_problems
from generator.pageqa.notation import notation
from tests.conftest import kit_booklet
from tests.ground.kitcache import build_lang

LANGS = language_codes()


@pytest.mark.parametrize("text, found", [
    ("(… that reading is the variant D04=true.)", ["a ruling id on a player's page: 'D04'",
                                                  "variant syntax on a player's page: 'D04=true'"]),
    ("Why: GR-R05 lets a Ground player see", ["a rules-spec id on a player's page: 'GR-R05'"]),
    ("is the variant G4=lead-order. (provisional)", ["a ruling id on a player's page: 'G4'",
                                                    "variant syntax on a player's page: 'G4=lead-order'",
                                                    "a ruling's status on a player's page: 'provisional'"]),
    ("Kit rulings: D03, D05–D07, D10", ["a ruling id on a player's page: 'D03'", "a ruling id on a player's page: "
                                        "'D05'", "a ruling id on a player's page: 'D07'",
                                        "a ruling id on a player's page: 'D10'"]),
    ("(decisione provvisoria)", ["a ruling's status on a player's page: 'provvisoria'"]),
    ("(предварительное решение)", ["a ruling's status on a player's page: 'предварительное'"]),
    ("U3: DR-S07", ["a rules-spec id on a player's page: 'DR-S07'", "a ruling id on a player's page: 'U3'"]),
])
def test_notation_is_found_in_every_language(text, found):
    assert notation(text) == found


@pytest.mark.parametrize("text", [
    "Ruling 4. An action every turn.", "Regola 4", "Решение 4", "the Tunnel 1A, never 1B", "Roll 2d6, then 1d6.",
    "Kit rulings 3, 5–7, 10: see the rules booklet.", "cells 1 and 12", "GR, Ground & Restate", "БК, SS, Та",
    "Dojo v0.9 · 0.9.0 · 3909cf6e", "A = B",
])
def test_players_words_pass(text):
    assert notation(text) == []


def test_board_coordinates_are_squares_not_rulings():
    assert notation("A1 … D12 … P16", coordinates=True) == []
    assert notation("D12", coordinates=False) == ["a ruling id on a player's page: 'D12'"]
    assert notation("G4=lead-order", coordinates=True) == ["variant syntax on a player's page: 'G4=lead-order'"]


def test_the_page_qa_refuses_a_page_with_notation():
    """A real booklet page carrying the old D04 text is refused by the page QA, rule player-notation."""
    from reportlab.lib.pagesizes import A5
    from reportlab.pdfgen import canvas

    from generator.plan.model import Artifact

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A5, invariant=1)
    c.setFont("Helvetica", 10)
    c.drawString(40, 300, "(The kit earlier let a player pass; that reading is the variant D04=true.)")
    c.showPage()
    c.save()
    found = page_problems([Artifact("rules/duel-rules-A5.pdf", "duel-rules", "rules", buf.getvalue(), "A5",
                                    "pages")], "en")
    assert [p.rule for p in found] == ["player-notation", "player-notation"]
    assert "D04=true" in found[1].message and found[1].where == "page 1, en"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["dojo", "duel", "ground"])
def test_no_booklet_page_carries_notation(lang, game):
    plain = next(a for a in kit_booklet(lang, game) if a.layout == "plain")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(plain.data)).pages)
    assert notation(text) == [], (lang, game)


@pytest.mark.parametrize("lang", LANGS)
def test_no_duel_or_ground_card_carries_notation(lang):
    built = build_lang(lang)
    sheets = [a for a in built.artifacts if a.path.endswith(".pdf") and a.layout == "sheet"]
    assert {"duel-stance-cards", "duel-strike-cards", "ground-mode-cards"} <= {a.component for a in sheets}
    for a in sheets:
        if True:
            text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(a.data)).pages)
            assert notation(text) == [], (lang, a.path, notation(text))


def test_the_players_html_page_carries_no_notation(kit):
    """index.html, the page a player opens (designer.html is the designer's and keeps the ids)."""
    import html
    import re

    page = (kit.out / "index.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S)))
    assert len(text.split()) > 100
    assert notation(text) == [], kit.lang


def test_a_pages_runs_give_what_their_joined_text_gives():
    """The page QA finds notation run by run (each run's matches kept: pages repeat their runs); no pattern matches
    a space, so split anywhere at a space, with other texts around, the runs give what the joined text gives."""
    from generator.pageqa.notation import runs_notation

    texts = ["U3: DR-S07 and D04=true", "(provisional) G4=lead-order", "Kit rulings: D03, D05–D07, D10",
             "(decisione provvisoria)", "(предварительное решение)", "A1 … D12 … P16", "Ruling 4.", "", " D04 "]
    for coordinates in (False, True):
        for n in range(len(texts)):
            runs = texts[n:] + texts[:n]
            parts = [p for t in runs for p in t.split(" ")]  # every word a run of its own
            want = notation(" ".join(runs), coordinates)
            assert runs_notation(runs, coordinates) == want == runs_notation(parts, coordinates)
            assert want, "the texts hold notation"
