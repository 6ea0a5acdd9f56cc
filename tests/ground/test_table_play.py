"""GROUND played from paper alone: the cards carry every exception the booklet states, in the same words."""

from pathlib import Path

import pytest

from generator.content.ground import load_ground

from .kitcache import build_lang
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]
DATA = load_ground(ROOT)[0]
BOOKLET = (ROOT / "content/ground/rules.md").read_text(encoding="utf-8")
ACTION = {a.id: a for a in DATA.actions}
STEP = {s.id: s for s in DATA.steps}

# (where the card prints it, the card's msgctxt, its msgid, the clause both the card and the booklet must say)
CLAUSES = [
    ("reference: DENY", "ground-reference", DATA.reference["darvo_deny"], "protected by Ground in OU mode this round"),
    ("reference: REVERSE", "ground-reference", DATA.reference["darvo_reverse"],
     "that player rejects it with Ground in ND mode this round"),
    ("reference: Select", "ground/step/select", STEP["select"].text, "Stress 4–5"),
    ("reference: Reveal", "ground/step/reveal", STEP["reveal"].text, "reveal together"),
    ("reference: Denied", "ground-reference", DATA.reference["denied"], "only Ground in OU mode restores it"),
    ("action: Support", "ground/action/support", ACTION["support"].effects[0], "free relation slot"),
    ("action: Attack", "ground/action/attack", ACTION["attack"].effects[0], "free relation slot"),
    ("action: Attack", "ground/action/attack", ACTION["attack"].effects[-1], "Ground in OU mode cancels the Attack"),
    ("action: Solve", "ground/action/solve", ACTION["solve"].effects[-1], "keep your Solution"),
]
# the booklet's words for the same clause, where its sentence runs differently from the card's
BOOKLET_SAYS = {"Stress 4–5": "Stress 4 or 5", 
                "Ground in OU mode cancels the Attack": "Ground in OU mode can cancel an Attack",
                "keep your Solution": "the others keep their Solution"}


@pytest.mark.parametrize("where, context, msgid, clause", CLAUSES, ids=[f"{c[0]}: {c[3]}" for c in CLAUSES])
def test_card_and_booklet_carry_the_same_exception(where, context, msgid, clause):
    """A card dropping an exception of the booklet (or the booklet dropping the card's) fails here."""
    assert clause in msgid, f"{where} no longer says {clause!r}: {msgid!r}"
    assert BOOKLET_SAYS.get(clause, clause) in BOOKLET, f"the booklet no longer says {clause!r} ({where})"


@pytest.mark.parametrize("lang", LANGS)
def test_every_exception_is_printed_translated(lang):
    """Each exception-carrying text is looked up when the kit is drawn, and translated outside English."""
    kit = build_lang(lang)
    for where, context, msgid, _ in CLAUSES:
        assert (context, msgid) in kit.printed, f"{where}: not printed in {lang}"
        if lang != "en":
            assert kit.ctx.p_(context, msgid) != msgid, f"{where}: untranslated in {lang}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_carries_the_ruling_it_needs(lang):
    """G5 (what a success is) is printed on the Shared Ground Mode card, from rulings.toml."""
    kit = build_lang(lang)
    carried = [r for r in DATA.rulings if r.on]
    assert [r.id for r in carried] == ["G5"] and carried[0].on == "mode-shared-ground"
    for r in carried:
        assert ("ground-rulings", r.card) in kit.printed
        if lang != "en":
            assert kit.ctx.p_("ground-rulings", r.card) != r.card


def test_ruling_on_an_unknown_card_names_file_line_and_cards(project):
    """`on` must name a card: a typo stops the load with file, line and the card ids."""
    path = project / "content/ground/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('on = "mode-shared-ground"', 'on = "mode-shared"'),
                    encoding="utf-8")
    data, problems = load_ground(project)
    assert data is None
    msg = next(p for p in problems if p.severity == "error")
    assert msg.file.endswith("rulings.toml") and msg.line and "mode-shared" in msg.message
    assert "mode-shared-ground" in (msg.hint or "")


def test_setup_names_the_owned_seat_markers():
    """Setup tells each player to take the markers with their seat's colour, symbol and number."""
    step = next(line for line in BOOKLET.splitlines() if line.startswith("4. "))
    assert all(w in step for w in ("Stress", "Freedom", "DARVO", "Focus/Blame", "colour, symbol and number"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_relation_slot_has_an_owned_tile(lang):
    """A relation fills a slot on BOTH mats: each seat owns 2 tiles (its marks), 12 printed, none anonymous."""
    from generator.components.ground_mats import spaces
    from generator.plan.bom import printed
    from tests.render.pdfcheck import reader

    kit = build_lang(lang)
    pieces = kit.ctx.model.ground_pieces
    tile = next(m for m in pieces.markers if m.id == "relation")
    assert tile.count == DATA.mat.relation_slots == 2 and "bond-rivalry" in pieces.owned_tokens
    w, h = spaces(kit.ctx)["relation"]
    assert tile.size <= min(w, h)
    counts = printed(list(kit.artifacts), "A4")
    assert counts["ground-seat-markers/relation"] == 2 * len(DATA.seats) == 12
    assert "ground-tokens/bond-rivalry" not in counts
    front, back = (p.extract_text() for p in reader(kit.pdf("ground-seat-markers", "duplex-long-edge").data).pages)
    bond = kit.ctx.p_("ground-pieces", "Bond")
    assert front.count(bond) >= 12
