"""docs/RECIPES.md "Adding a deck", followed for a toy deck in a temporary project: a TOML file, a template, one entry."""

import json

from generator.i18n.extract import extract_all
from generator.plan import registry
from generator.kit.build import build_kit
from generator.plan.model import BuildOptions
from generator.messages import N_
from generator.problems import CheckFailed

DECK = """\
[deck]
title = "Toy deck"
colour = "#24313f"

[[card]]
id = "alpha"
name = "Alpha"
text = "Draw a card, then pass the deck to your left."
copies = 2

[[card]]
id = "beta"
name = "Beta"
text = "Everyone discards a card."
copies = 1
"""

FRONT = """\
{% extends "deck/front.svg.j2" %}
{% block deck %}
<circle cx="{{ n(W / 2) }}" cy="{{ n(at.text.y - 2) }}" r="1.2" fill="{{ colour }}" data-card="{{ card }}"/>
{% endblock %}
"""


def add_toy_deck(project, monkeypatch) -> registry.Component:
    """The recipe: 0. the game's row in content/games.toml (a deck of a new game), 1. content/toy/cards.deck.toml,
    2. templates/toy/cards-front.svg.j2, 3. one registry entry."""
    with (project / "content/games.toml").open("a", encoding="utf-8") as table:
        table.write('\n[[game]]\ncode = "toy"\ntitle = "Toy"\n')
    (project / "content/toy").mkdir()
    (project / "content/toy/cards.deck.toml").write_text(DECK, encoding="utf-8")
    (project / "templates/toy").mkdir()
    (project / "templates/toy/cards-front.svg.j2").write_text(FRONT, encoding="utf-8")
    entry = registry.deck("toy-cards", N_("Toy: cards"), "content/toy/cards.deck.toml", "toy/cards-front.svg.j2")
    *pieces, contact = registry.COMPONENTS  # the entry goes before the contact sheet, which lists everything
    monkeypatch.setattr(registry, "COMPONENTS", (*pieces, entry, contact))
    return entry


def test_a_toy_deck_added_by_the_readme_recipe_builds(proved_project, monkeypatch):
    add_toy_deck(proved_project, monkeypatch)
    result = build_kit(proved_project, BuildOptions(lang="en", papers=("A4",)))
    files = [f for f in result.manifest["files"] if f["component"] == "toy-cards"]
    assert {(f["path"], f["layout"]) for f in files} >= {("toy/cards-A4.pdf", "sheet"),
                                                          ("toy/cards-gutterfold-A4.pdf", "gutterfold"),
                                                          ("toy/cards-single.pdf", "single")}
    assert all(f["cards"] == 3 for f in files if f["path"].endswith(".pdf"))
    from pypdf import PdfReader

    text = PdfReader(result.out_dir / "toy/cards-A4.pdf").pages[0].extract_text()
    assert "Alpha" in text and "Everyone discards a card." in text and "Toy deck" in text  # band: the title
    backs = PdfReader(result.out_dir / "toy/cards-A4.pdf").pages[1].extract_text()
    assert "Toy deck" in backs and "Alpha" not in backs
    index = (result.out_dir / "index.html").read_text(encoding="utf-8")
    assert "Toy: cards" in index and "toy/cards-A4.pdf" in index
    assert json.loads((result.out_dir / "manifest.json").read_text())["files"] == result.manifest["files"]


def test_the_toy_deck_strings_reach_the_catalog_templates(project, monkeypatch):
    add_toy_deck(project, monkeypatch)
    found = {(m.context, m.id) for cat in extract_all(project).templates.values() for m in cat if m.id}
    assert {("toy-cards", "Toy deck"), ("toy-cards/alpha", "Alpha"), ("toy-cards/beta", "Everyone discards a card.")} <= found


def test_a_broken_toy_deck_is_refused_in_phase_one(project, monkeypatch):
    add_toy_deck(project, monkeypatch)
    path = project / "content/toy/cards.deck.toml"
    path.write_text(DECK.replace("copies = 1", "copies = 0"), encoding="utf-8")
    try:
        build_kit(project, BuildOptions(lang="en", papers=("A4",)))
    except CheckFailed as exc:
        (p,) = exc.problems
        assert (p.file, p.line, p.where) == ("content/toy/cards.deck.toml", 15, "card beta")
    else:
        raise AssertionError("a deck with 0 copies of a card was built")
    assert not (project / "build/pnp").exists()


def test_a_missing_deck_template_is_refused_in_phase_one(proved_project, monkeypatch):
    project = proved_project
    add_toy_deck(project, monkeypatch)
    (project / "templates/toy/cards-front.svg.j2").unlink()
    try:
        build_kit(project, BuildOptions(lang="en", papers=("A4",)))
    except CheckFailed as exc:
        (p,) = exc.problems
        assert "toy/cards-front.svg.j2" in p.message and "toy-cards" in p.message
    else:
        raise AssertionError("a deck without its template was built")
    assert not (project / "build/pnp").exists()
