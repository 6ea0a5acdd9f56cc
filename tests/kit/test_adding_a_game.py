"""docs/RECIPES.md "Adding a game", followed in a temporary copy of the whole project (its generator/ too, as in a
designer's checkout, so that the games table every module reads at import is the copy's): a fourth game made of one
deck and a one-page rules booklet — a row of content/games.toml with its two components, and its content files; no
code — built by the `dojo build` command, every page read back by the page QA, its files in the manifest and on
disk."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
from pypdf import PdfReader

from tests.conftest import ROOT, copy_project, proofs
from tests.kit.test_adding_a_deck import DECK

ROW = """
[[game]]
code = "toy"
title = "Toy Game"

[[game.component]]
id = "toy-cards"
name = "Toy Game: cards"
kinds = ["cards", "preview"]
builder = "deck"
source = "content/toy/cards.deck.toml"

[[game.component]]
id = "toy-rules"
name = "Toy Game: rules booklet"
kinds = ["rules", "preview"]
papers = ["A4", "A5", "Letter", "HalfLetter"]
builder = "booklet"
"""
BOM = """\
# Bill of materials of the toy game
players = 2

[[piece]]
id = "toy-cards"
name = "Toy cards"
need = 3
rule = "the deck (Setup)"
"""
RULES = """\
# Toy Game

## Setup

Shuffle the toy deck and deal one card to each player.

## Playing

On your turn play a card and do what it says. The first player without cards wins.
"""
def add_toy_game(root) -> None:
    """The recipe's steps: 1. the row with its components, 2. content/toy/ (a deck, its bill of materials, its
    rules)."""
    with (root / "content/games.toml").open("a", encoding="utf-8") as table:
        table.write(ROW)
    (root / "content/toy").mkdir()
    for name, text in (("cards.deck.toml", DECK), ("bom.toml", BOM), ("rules.md", RULES)):
        (root / "content/toy" / name).write_text(text, encoding="utf-8")


def whole_copy(folder: Path) -> Path:
    """A copy of the whole project in folder, its generator/ too (the data tables are read when the modules are
    imported, from the checkout they are imported from), with the session's board and GROUND proofs in its cache."""
    root = copy_project(folder)
    shutil.copytree(ROOT / "generator", root / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "build/cache").mkdir(parents=True)
    for proof in proofs():  # the board and GROUND proofs of the unchanged games, proved once per session
        shutil.copy(proof, root / "build/cache")
    return root


def run_copy(root: Path, *args: str) -> subprocess.CompletedProcess:
    """The `dojo` command of the copy (its own generator/) run on the copy, as a designer runs it in a checkout."""
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; raise SystemExit(main())", *args,
                           "--root", str(root)], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)}, timeout=900)


def test_a_fourth_game_added_by_the_recipe_is_built_and_passes_the_page_qa(tmp_path):
    root = whole_copy(tmp_path / "project")
    add_toy_game(root)
    run = run_copy(root, "build", "--lang", "en")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
    kit = root / "build/pnp/en"
    record = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    toy = {f["path"]: f for f in record["files"] if f["component"].startswith("toy-")}
    assert {"toy/cards-A4.pdf", "toy/cards-Letter.pdf", "toy/cards-single.pdf", "rules/toy-rules-A5.pdf",
            "rules/toy-rules-booklet-A4.pdf"} <= set(toy), sorted(toy)
    for path in toy:
        assert (kit / path).is_file()
        if path.endswith(".pdf"):
            with pikepdf.open(kit / path) as pdf:  # a second reader than the build's own read-back
                assert len(pdf.pages) == toy[path]["pages"] >= 1
    assert toy["rules/toy-rules-A5.pdf"]["pages"] == 1  # the one-page booklet
    booklet = PdfReader(kit / "rules/toy-rules-A5.pdf").pages[0].extract_text()
    assert "Toy Game" in booklet and "first player without cards wins" in booklet
    cards = PdfReader(kit / "toy/cards-A4.pdf").pages[0].extract_text()
    assert "Alpha" in cards and "Everyone discards a card." in cards
    guide = "".join(p.extract_text() for p in PdfReader(kit / "printing-guide-A4.pdf").pages)
    assert "Toy Game" in guide  # the printing guide has a page for it, named by the table's title
    assert "toy" in record["sheets"] and "toy" in record["ink"]  # counted per game like the other three
    assert "toy/cards-A4.pdf" in (kit / "index.html").read_text(encoding="utf-8")
