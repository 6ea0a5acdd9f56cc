"""Faces: slots declared as data, fitted by the one fit function; safe zone and deliberate condensed slots."""

import shutil
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.problems import CheckFailed
from generator.render.cards import BLEED, BLEED_H, BLEED_W
from generator.render.face import Face, layout
from generator.content.languages import language_codes

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
LANGS = language_codes()
LONG = {"it": "Una regola lunghissima " * 30, "en": "A very long rule " * 30, "ru": "Очень длинное правило " * 30}

TOY_TOML = """
extends = "card-face"

[slot.name]
x = 7
y = 20
w = 55.5
h = 10
style = "title"

[slot.rules]
x = 7
y = 32
w = 55.5
h = 12
style = "body"
"""
TOY_SVG = '{% extends "card-face.svg.j2" %}\n'


def _card_layouts() -> list[str]:
    names = []
    for path in sorted(TEMPLATES.rglob("*.toml")):
        name = str(path.relative_to(TEMPLATES).with_suffix(""))
        if name == "style":
            continue
        L = layout(TEMPLATES, name)
        if (L.width, L.height) == (BLEED_W, BLEED_H):
            names.append(name)
    return names


@pytest.fixture()
def toy(tmp_path):
    """A project with the real shared templates and one toy face."""
    shutil.copytree(TEMPLATES, tmp_path / "templates")
    (tmp_path / "templates/toy").mkdir()
    (tmp_path / "templates/toy/card.toml").write_text(TOY_TOML, encoding="utf-8")
    (tmp_path / "templates/toy/card.svg.j2").write_text(TOY_SVG, encoding="utf-8")
    return tmp_path


def test_card_layouts_are_found():
    names = _card_layouts()
    assert {"ground/solution", "duel/stance", "dojo/nebbia-front", "dojo/reference"} <= set(names)


@pytest.mark.parametrize("name", _card_layouts())
def test_every_text_slot_of_every_card_face_lies_inside_the_safe_zone(name):
    safe = BLEED + 3  # 3 mm inside the trim
    L = layout(TEMPLATES, name)
    assert L.bottom <= BLEED_H - safe
    for spec in L.slots.values():
        if spec.slot is None:
            continue
        assert spec.x >= safe - 1e-9 and spec.x + spec.w <= BLEED_W - safe + 1e-9, (name, spec.name)
        if spec.y is not None:
            assert spec.y >= safe - 1e-9 and spec.y + spec.h <= BLEED_H - safe + 1e-9, (name, spec.name)


def test_condensed_face_only_where_a_slot_asks_for_it():
    with open(TEMPLATES / "style.toml", "rb") as fh:
        styles = tomllib.load(fh)["style"]
    narrow = {k for k, v in styles.items() if v.get("family") == "PT Sans Narrow"}
    assert narrow == {"condensed", "condensed-bold", "footer"}
    for name in _card_layouts():
        for spec in layout(TEMPLATES, name).slots.values():
            if spec.slot is not None and spec.slot.family == "PT Sans Narrow":
                raw = tomllib.loads((TEMPLATES / f"{name}.toml").read_text(encoding="utf-8"))
                base = tomllib.loads((TEMPLATES / "card-face.toml").read_text(encoding="utf-8"))
                declared = {**base.get("slot", {}), **raw.get("slot", {})}.get(spec.name, {})
                assert declared.get("style") in narrow, (name, spec.name)


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_fits_texts_into_its_declared_slots(toy, lang):
    f = Face(SimpleNamespace(root=toy, lang=lang), "toy-deck", "c1", "toy/card")
    box = f.text("name", {"it": "Nome", "en": "Name", "ru": "Имя"}[lang])
    assert box.x == 7 and box.y == 20 and 0 < box.h <= 10
    placed = f.texts[0]
    assert placed["block"].slot.bold and placed["block"].slot.family == "PT Sans"
    assert placed["block"].size_pt == layout(toy / "templates", "toy/card").slots["name"].slot.max_pt
    svg_text = f.drawing(band="#224466")
    assert svg_text.width > 0


@pytest.mark.parametrize("lang", LANGS)
def test_overflow_names_component_card_slot_and_language_and_never_switches_face(toy, lang):
    f = Face(SimpleNamespace(root=toy, lang=lang), "toy-deck", "c7", "toy/card")
    f.text("name", "Ok")
    assert f.text("rules", LONG[lang]) is None
    with pytest.raises(CheckFailed) as exc:
        f.drawing(band="#224466")
    (problem,) = exc.value.problems
    assert problem.rule == "overflow"
    assert f"component toy-deck, card c7, slot rules, language {lang}" in problem.message
    assert all(t["block"].slot.family == "PT Sans" for t in f.texts)  # no condensed fallback


def test_a_layout_naming_an_unknown_style_is_a_clear_error(toy):
    (toy / "templates/toy/bad.toml").write_text('[slot.x]\nx = 1\ny = 1\nw = 5\nh = 5\nstyle = "tiny"\n',
                                                encoding="utf-8")
    with pytest.raises(CheckFailed) as exc:
        layout(toy / "templates", "toy/bad")
    assert "unknown style 'tiny'" in exc.value.problems[0].message
    assert (exc.value.problems[0].file, exc.value.problems[0].line) == ("templates/toy/bad.toml", 1)


def test_a_layout_with_broken_toml_names_its_file_and_line(toy):
    (toy / "templates/toy/bad.toml").write_text('extends = "card-face"\n\n[slot.x]\nx = = 1\n', encoding="utf-8")
    with pytest.raises(CheckFailed) as exc:
        layout(toy / "templates", "toy/bad")
    (p,) = exc.value.problems
    assert (p.file, p.line) == ("templates/toy/bad.toml", 4) and "not valid TOML" in p.message


def test_a_layout_extending_a_missing_base_names_the_base(toy):
    (toy / "templates/toy/bad.toml").write_text('extends = "toy/nothing"\n', encoding="utf-8")
    with pytest.raises(CheckFailed) as exc:
        layout(toy / "templates", "toy/bad")
    assert exc.value.problems[0].file == "templates/toy/nothing.toml"


def test_the_denied_token_label_sits_below_its_x():
    for name in ("ground/token-round", "ground/token-tile"):
        L = layout(TEMPLATES, name)
        mark, label = L.slots["mark"], L.slots["label-low"]
        assert label.y >= mark.y + mark.h
        assert mark.x >= 0 and mark.x + mark.w <= L.width


def test_a_slot_the_layout_does_not_declare_is_a_clear_error(toy):
    f = Face(SimpleNamespace(root=toy, lang="en"), "toy-deck", "c2", "toy/card")
    with pytest.raises(CheckFailed) as exc:
        f.text("subtitle", "x")
    problem = exc.value.problems[0]
    assert "slot 'subtitle'" in problem.message and "card c2" in problem.message
    assert problem.file == "templates/toy/card.toml" and "name" in problem.hint
