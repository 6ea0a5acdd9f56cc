"""Extraction: Babel extractors registered, msgctxt = card id, slot comments, one message per rules block."""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.i18n.catalogs import read_catalog, template_path
from generator.i18n.extract import extract_all, glob_regex, route
from generator.i18n.slots import SLOTS_FILE, key
from generator.i18n.workflow import update_catalogs

from .conftest import LANGS, po


def test_extractors_are_registered_entry_points():
    eps = {e.name: e.value for e in importlib.metadata.entry_points(group="babel.extractors")}
    assert eps["dojo_content"] == "generator.i18n.extract:extract_content"
    assert eps["dojo_rules"] == "generator.i18n.extract:extract_rules"


def test_card_strings_have_card_context_and_slot_comment(project):
    dojo = extract_all(project).templates["dojo"]
    fog = dojo.get("Fog", context="dojo-nebbia")
    assert fog is not None and fog.auto_comments == ["slot: card title, 40 x 8 mm, one line"]
    assert fog.locations == [("content/dojo/cards.toml", 3)]
    copies = dojo.get(("one copy", "{n} copies"), context="dojo-cards")
    assert copies is not None and copies.pluralizable


def test_recorded_slots_become_slot_comments(project):
    slots = {key("dojo-nebbia", "Fog"): ["slot: dojo-nebbia-deck / title, 40.0 x 8.0 mm, 12-8 pt"],
             key(None, "Cut along the line"): [f"slot: kit / s{i}, 1.0 x 1.0 mm, 8 pt" for i in range(5)]}
    (project / SLOTS_FILE).write_text(json.dumps(slots), encoding="utf-8")
    templates = extract_all(project).templates
    assert templates["dojo"].get("Fog", context="dojo-nebbia").auto_comments == [
        "slot: card title, 40 x 8 mm, one line", "slot: dojo-nebbia-deck / title, 40.0 x 8.0 mm, 12-8 pt"]
    cut = templates["kit"].get("Cut along the line").auto_comments
    assert cut[:3] == slots[key(None, "Cut along the line")][:3] and cut[3:] == ["(and 2 more slots)"]


def test_rules_one_message_per_heading_paragraph_item_and_cell(project):
    rules = extract_all(project).templates["dojo-rules"]
    ids = [m.id for m in rules if m.id]
    assert ids == ["Fog of the Dojo", "Setup", "Shuffle the deck. Each player takes *three* cards.",
                   "Place the board.", "Choose a colour.", "Card", "Effect", "Fog", "Hide"]
    contexts = [m.context for m in rules if m.id]
    assert contexts == [None] * 5 + ["table:Setup/header"] * 2 + ["table:Setup/Card", "table:Setup/Effect"]
    fog = rules.get("Fog", context="table:Setup/Card")
    assert 'rules table "Setup", column "Card", row 1 of 1' in fog.auto_comments[0]


def test_templates_go_through_babels_jinja2_extractor(project):
    kit = extract_all(project).templates["kit"]
    assert kit.get("Cut along the line") is not None
    assert kit.get(("%(num)d page", "%(num)d pages")).locations == [("templates/kit/footer.svg.j2", 2)]


def test_routes_and_globs():
    assert route("content/duel/rules.md") == ("duel-rules", "dojo_rules")
    assert route("templates/ground/tile.svg.j2") == ("ground", "jinja2")
    assert route("templates/kit/index.html.j2") == ("site", "jinja2")
    assert route("generator/render/cards.py") == ("kit", "dojo_python")
    assert route("content/dojo/board/quadrant.txt") is None
    assert glob_regex("content/**/cards.toml").match("content/dojo/x/cards.toml")
    assert glob_regex("content/**/cards.toml").match("content/cards.toml")
    assert not glob_regex("content/*/cards.toml").match("content/a/b/cards.toml")


def test_pybabel_cli_uses_the_registered_rules_extractor(project, tmp_path):
    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        pytest.skip("pybabel not installed")
    (tmp_path / "map.cfg").write_text("[dojo_rules: content/*/rules.md]\n", encoding="utf-8")
    out = tmp_path / "rules.pot"
    subprocess.run([str(pybabel), "extract", "-F", str(tmp_path / "map.cfg"), "-o", str(out), "."],
                   cwd=project, check=True, capture_output=True)
    catalog = read_catalog(out, None).catalog
    assert catalog.get("Choose a colour.") is not None and len([m for m in catalog if m.id]) == 9


def test_one_pot_per_domain(project):
    for domain in ("kit", "site", "dojo", "ground", "duel", "dojo-rules", "ground-rules", "duel-rules"):
        assert template_path(project, domain).exists()


@pytest.mark.parametrize("lang", LANGS)
def test_changed_paragraph_marks_exactly_that_entry_fuzzy(project, lang):
    rules = project / "content/dojo/rules.md"
    rules.write_text(rules.read_text(encoding="utf-8").replace("takes *three* cards", "takes *four* cards"),
                     encoding="utf-8")
    update_catalogs(project, LANGS)
    catalog = read_catalog(po(project, lang, "dojo-rules"), lang).catalog
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert catalog.get("Shuffle the deck. Each player takes *three* cards.") is None
    if lang == "en":  # the English source catalog has nothing to keep: the new msgid just replaces the old
        assert fuzzy == [] and catalog.get("Shuffle the deck. Each player takes *four* cards.").string == ""
        return
    assert fuzzy == ["Shuffle the deck. Each player takes *four* cards."]
    text = po(project, lang, "dojo-rules").read_text(encoding="utf-8")
    assert '#| msgid "Shuffle the deck. Each player takes *three* cards."' in text
    assert sum(1 for m in catalog if m.id and m.string and not m.fuzzy) == 8


@pytest.mark.parametrize("lang,nplurals", [("it", 2), ("en", 2), ("ru", 3)])
def test_update_writes_the_right_plural_header(project, lang, nplurals):
    path = po(project, lang, "kit")
    text = path.read_text(encoding="utf-8")
    if lang == "it":  # what Babel 2.19's `pybabel init -l it` writes
        path.write_text(text.replace("nplurals=2; plural=(n != 1);",
                                     "nplurals=3; plural=((n == 1) ? 0 : ((n != 0 && n % 1000000 == 0)) ? 1 : 2);"),
                        encoding="utf-8")
    shutil.rmtree(project / "locales/templates")
    update_catalogs(project, (lang,))
    catalog = read_catalog(path, lang).catalog
    assert catalog.num_plurals == nplurals
    plural = catalog.get(("%(num)d page", "%(num)d pages"))
    assert len(plural.string) == nplurals
    if lang != "en":
        assert all(plural.string)


def test_only_strings_the_kit_prints_are_extracted():
    """Issue 31 (every entry shows in the preview): a bill-of-materials name its piece's sentence replaces, a ruling
    the GROUND booklet states in its rules text (not provisional) and a token printed per seat from pieces.toml
    are never printed, so they are not asked for; what is printed of the same files still is."""
    from generator.content import ground, piece_messages
    from generator.content.ground_pieces import load_ground_pieces

    root = Path(__file__).resolve().parents[2]
    bom = {(m.context, m.msgid) for m in piece_messages.messages(root / "content/dojo/bom.toml")}
    assert ("dojo-bom", "Belt-ladder markers") in bom  # no sentence of its own: its name is printed
    assert ("dojo-bom", "The belt ladder, with one marker per player.") in bom
    assert ("dojo-bom", "Belt ladder") not in bom and ("dojo-bom", "Board") not in bom
    rulings = {m.msgid for m in ground.messages(root / "content/ground/rulings.toml")}
    assert "No player is ever eliminated." not in rulings  # U-ruling, stated in place
    assert "A success is a Problem the group claimed (kit ruling)." in rulings  # G5 on its card
    assert len(rulings) >= 6  # the provisional G1-G6 texts
    owned = set(load_ground_pieces(root)[0].owned_tokens)
    tokens = {m.context for m in ground.messages(root / "content/ground/components.toml")}
    assert owned == {"focus-blame", "bond-rivalry"} and "ground-tokens/protection" in tokens
    assert not {f"ground-tokens/{t}" for t in owned} & tokens
