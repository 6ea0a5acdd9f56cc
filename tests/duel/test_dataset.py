"""The duel data loads clean; precedence and broken files are reported with lines."""

import shutil
from pathlib import Path

from generator.content.duel import load_duel, messages

ROOT = Path(__file__).resolve().parents[2]


def test_duel_loads():
    data, problems = load_duel(ROOT)
    assert problems == [] and data is not None
    assert len(data.stances) == 4 and len(data.strikes) == 3 and data.track_cells == 12
    assert data.outcome("tsuki", "men") == "a" and data.outcome("shieshi", "men") == "b"
    assert data.outcome("tsuki", "shieshi") == "both" and data.outcome("men", "men") == "both"
    assert data.strike("men").hits == (1, 2) and data.strike("men").leads_to == "gedan"
    assert [s.term for s in data.stances] == ["Сейган", "Дзёдан", "Гасуми", "Гедан"]


def test_broken_duel_file(tmp_path):
    shutil.copytree(ROOT / "content/duel", tmp_path / "content/duel")
    path = tmp_path / "content/duel/duel.toml"
    text = path.read_text(encoding="utf-8").replace('leads_to = "gedan"', 'leads_to = "gedann"')
    path.write_text(text.replace("track_cells = 12", "track_cells = 10"), encoding="utf-8")
    data, problems = load_duel(tmp_path)
    assert data is None
    lines = text.splitlines()
    bad = [p for p in problems if "'leads_to' = 'gedann' is not one of" in p.message]
    assert bad and bad[0].file == "content/duel/duel.toml"
    assert lines[bad[0].line - 1].strip() == 'leads_to = "gedann"'
    assert any("track of 12 cells" in p.message for p in problems)


def test_duel_messages_exclude_the_seed_terms():
    msgs = messages(ROOT / "content/duel/duel.toml")
    ids = {m.msgid for m in msgs}
    assert "Seigan" in ids and "Сейган" not in ids
    assert all(m.context for m in msgs)
