"""Slot information on every catalog entry: slots.json is what an English render records today, every template
entry gives its room in mm or says it has no fixed room, and `update` keeps the slot of an entry whose text
changed (msgctxt unchanged)."""

from __future__ import annotations

import pytest

from generator.i18n.catalogs import catalog_path, read_catalog
from generator.i18n.extract import extract_all
from generator.i18n.slots import SIZED, read_slots
from generator.i18n.workflow import update_catalogs
from generator.commands.slots import record_slots
from tests.conftest import ROOT


def test_slots_json_is_what_the_kit_prints_today():
    recorded, kept = record_slots(ROOT), read_slots(ROOT)
    stale = sorted(k.replace("\x04", " | ")[:80] for k in set(recorded) ^ set(kept)) + sorted(
        k.replace("\x04", " | ")[:80] for k in set(recorded) & set(kept) if recorded[k] != kept[k])
    assert not stale, f"locales/templates/slots.json is out of date ({len(stale)} entries, e.g. {stale[:3]}): " \
                      "run `make i18n-slots`, then `make i18n-update`"


def test_every_entry_gives_its_room_or_says_it_has_none():
    extraction = extract_all(ROOT)
    silent = [(domain, m.context, m.id) for domain, template in extraction.templates.items() for m in template
              if m.id and not any(part in c for c in m.auto_comments for part in SIZED)]
    assert len(extraction.templates) >= 8 and not silent


def test_update_keeps_the_slot_of_a_changed_entry(project):
    cards = project / "content/dojo/nebbia.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('"Reroll your die."', '"Reroll your die once."'),
                     encoding="utf-8")
    update_catalogs(project, ("it",))
    catalog = read_catalog(catalog_path(project, "it", "dojo"), "it", project).catalog
    entry = catalog.get("Reroll your die once.", "dojo-nebbia/kaeshi")
    assert entry.fuzzy and entry.string  # the old translation, to be checked
    assert any(c.startswith("slot: dojo-nebbia-deck / effect, 51.9 x 33.0 mm") for c in entry.auto_comments)


def test_a_kit_rendered_without_its_page_qa_is_never_installed(tmp_path):
    """The slot map renders without reading its pages back (BuildOptions.page_qa=False); such artifacts never
    become a kit."""
    import dataclasses

    from generator.kit.build import install_kit
    from tests.conftest import kit_context

    ctx = kit_context("en")
    unread = dataclasses.replace(ctx, options=dataclasses.replace(ctx.options, page_qa=False))
    with pytest.raises(ValueError, match="page QA"):
        install_kit(unread, [], [], tmp_path / "kit", None)
    assert not (tmp_path / "kit").exists()
