"""Size data that never goes stale, on a copy of the project: renaming a strike ("Thrust" -> "Straight thrust") keeps
its translation as fuzzy with gettext's `#| msgid`, keeps its three `#. slot:` lines with a warning naming the entry
until the map is recorded again, and `i18n slots` run while the English catalogs are stale attributes every slot to
an entry the sources have (never to an unrelated one)."""

from __future__ import annotations

import shutil

from generator.i18n.catalogs import catalog_path, read_catalog
from generator.i18n.extract import extract_all
from generator.i18n.slots import NO_ROOM, key, read_slots, slot_problems
from generator.i18n.workflow import update_catalogs
from generator.commands.slots import write_slots
from tests.conftest import KIT_EPOCH, ROOT, copy_project, proofs

NAME_SLOT = "slot: duel-strike-cards / name, 51.9 x 6.0 mm, 10-7 pt"


def _entry(root, lang, msgid):
    path = catalog_path(root, lang, "duel")
    return read_catalog(path, lang, root).catalog.get(msgid, "duel/tsuki"), path


def test_a_renamed_strike_keeps_its_translation_as_fuzzy_and_its_slots(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    root = copy_project(tmp_path)
    shutil.copytree(ROOT / "generator", root / "generator", ignore=shutil.ignore_patterns("__pycache__"))  # its strings
    (root / "build" / "cache").mkdir(parents=True)
    for proof in proofs():  # the board and GROUND proofs (a strike renamed changes neither), proved once a session
        shutil.copy(proof, root / "build" / "cache")
    before, _ = _entry(root, "ru", "Thrust")
    assert before.string and NAME_SLOT in before.auto_comments
    toml = root / "content/duel/duel.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count('name = "Thrust"') == 1
    toml.write_text(text.replace('name = "Thrust"', 'name = "Straight thrust"'), encoding="utf-8")

    warnings: list = []
    update_catalogs(root, ("ru",), warnings)
    renamed, path = _entry(root, "ru", "Straight thrust")
    assert renamed.fuzzy and renamed.string == before.string and renamed.previous_id == ["Thrust"]
    assert "#| msgid \"Thrust\"\n" in path.read_text(encoding="utf-8")  # gettext's previous msgid, not `# |`
    assert NAME_SLOT in renamed.auto_comments and NO_ROOM not in renamed.auto_comments
    [stale] = [w for w in warnings if w.rule == "slots-stale" and "Straight thrust" in w.where]
    assert stale.severity == "warning" and stale.file == "content/duel/duel.toml" and "'Thrust'" in stale.message
    assert any("Straight thrust" in (p.where or "") for p in slot_problems(root))  # `i18n check` says it too

    again = path.read_bytes()
    update_catalogs(root, ("ru",))
    assert path.read_bytes() == again  # idempotent, the slots kept

    # The English catalogs still hold "Thrust": the map is recorded from the sources, never from them.
    assert _entry(root, "en", "Straight thrust")[0] is None
    write_slots(root)  # `dojo i18n slots`: the map recorded (one English render in memory) and written
    recorded = read_slots(root)
    assert NAME_SLOT in recorded[key("duel/tsuki", "Straight thrust")]
    assert key("duel/tsuki", "Thrust") not in recorded
    present = {key(m.context, m.id[0] if m.pluralizable else m.id)
               for t in extract_all(root).templates.values() for m in t if m.id}
    assert set(recorded) <= present, sorted(set(recorded) - present)[:5]
    warnings.clear()
    update_catalogs(root, (), warnings)
    assert not [w for w in warnings if "Straight thrust" in (w.where or "")]
    assert not [p for p in slot_problems(root) if "thrust" in (p.where or "").lower()]
    assert NAME_SLOT in _entry(root, "ru", "Straight thrust")[0].auto_comments
