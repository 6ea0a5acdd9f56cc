"""Decomposed Unicode (issue 32): ё written as е + U+0308 (NFD, as some editors and macOS file names save it) is read
as the one character the font has, in catalogs, content and rules sources: no "no glyph" refusal, same msgids."""

from __future__ import annotations

import unicodedata

from generator.content.load import load_rules
from generator.content.toml_source import load_toml
from generator.i18n.gate import check_language
from generator.i18n.runtime import load_translations
from generator.rules.source import messages

from .conftest import po

NFC = "берёт"
NFD = unicodedata.normalize("NFD", NFC)


def test_the_sample_really_is_decomposed():
    assert NFD != NFC and "\u0308" in NFD and len(NFD) == len(NFC) + 1


def test_a_decomposed_translation_passes_the_glyph_check_and_prints_composed(project):
    path = po(project, "ru", "dojo")
    text = path.read_text(encoding="utf-8")
    assert NFC in text
    path.write_text(text.replace(NFC, NFD), encoding="utf-8")
    assert NFD in path.read_text(encoding="utf-8")
    assert [p.render() for p in check_language(project, "ru") if p.severity != "warning"] == []
    printed = load_translations(project, "ru").pgettext("dojo-kumite", "Each player draws %(count)d cards.")
    assert NFC in printed and "\u0308" not in printed


def test_decomposed_content_and_rules_are_read_composed(project):
    cards = next((project / "content").glob("*/cards.toml"))
    cards.write_text(cards.read_text(encoding="utf-8").replace('name = "Fog"', f'name = "Fog {NFD}"'),
                     encoding="utf-8")
    src = load_toml(cards, project)
    assert not src.problems and src.data["card"][0]["name"] == f"Fog {NFC}"
    game = cards.parent.name
    rules = project / "content" / game / "rules.md"
    rules.write_text(f"# Fog {NFD}\n\nShuffle {NFD}.\n", encoding="utf-8")
    texts = [m.msgid for m in messages(rules)]
    assert texts == [f"Fog {NFC}", f"Shuffle {NFC}."]
    parsed, problems = load_rules(project, game)
    assert not problems and all("\u0308" not in t for b in parsed.blocks for t in b.texts)
