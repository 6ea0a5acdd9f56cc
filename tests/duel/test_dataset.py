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


def test_rulings_load_with_every_open_point():
    data, _ = load_duel(ROOT)
    ids = [r.id for r in data.rulings.items]
    assert ids == [f"D{i:02d}" for i in range(1, 17)]
    assert data.rulings.value("seigan_forward") == "up-to" and data.rulings.value("start") == [4, 9]
    assert data.rulings.setup and data.rulings.victory
    assert data.stance("seigan").forward == (3,) and data.stance("jodan").back == ()


def _broken_rulings(tmp_path, old: str, new: str):
    shutil.copytree(ROOT / "content/duel", tmp_path / "content/duel")
    path = tmp_path / "content/duel/rulings.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    data, problems = load_duel(tmp_path)
    assert data is None
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(p, lines[p.line - 1] if p.line else "") for p in problems if p.severity == "error"]


def test_a_ruling_value_the_resolver_does_not_play_is_refused_with_its_line(tmp_path):
    bad = _broken_rulings(tmp_path, 'value = "up-to"', 'value = "up to"')
    assert len(bad) == 1
    p, line = bad[0]
    assert p.file == "content/duel/rulings.toml" and line == 'value = "up to"'
    assert "D03" in p.message and "'up-to' or 'exact'" in p.hint


def test_a_missing_or_unknown_ruling_is_refused(tmp_path):
    bad = _broken_rulings(tmp_path, 'id = "D05"', 'id = "D55"')
    messages = " ".join(p.message for p, _ in bad)
    assert "unknown ruling 'D55'" in messages and "ruling D05 (control_first_turn) is missing" in messages


def test_start_cells_must_lie_on_the_track(tmp_path):
    bad = _broken_rulings(tmp_path, "value = [4, 9]", "value = [4, 13]")
    assert bad and bad[0][1] == "value = [4, 13]" and "D01" in bad[0][0].message


def _broken_duel(tmp_path, old: str, new: str):
    """Load a copy of content/duel whose duel.toml has `old` replaced by `new`."""
    shutil.copytree(ROOT / "content/duel", tmp_path / "content/duel")
    path = tmp_path / "content/duel/duel.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return load_duel(tmp_path)


def test_printed_movement_must_match_the_cells_the_resolver_plays(tmp_path):
    data, problems = _broken_duel(tmp_path, "forward = [1, 2]", "forward = [1, 2, 3]")
    assert data is None
    bad = [p for p in problems if "'jodan'" in p.message]
    assert bad and "names cells [1, 2] but forward/back allow [1, 2, 3]" in bad[0].message


def test_a_stance_naming_an_unknown_ruling_is_refused(tmp_path):
    data, problems = _broken_duel(tmp_path, 'rulings = ["D03",', 'rulings = ["D33",')
    bad = [p for p in problems if p.severity == "error"]
    assert data is None and len(bad) == 1 and "D33" in bad[0].message and bad[0].file == "content/duel/duel.toml"
