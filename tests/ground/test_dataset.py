"""The GROUND sample edition loads clean and meets the spec's counts; broken copies give file:line errors."""

import shutil
from pathlib import Path

import pytest

from generator.content.ground import load_ground, messages

ROOT = Path(__file__).resolve().parents[2]


def test_sample_edition_meets_the_spec():
    data, problems = load_ground(ROOT)
    assert problems == [] and data is not None
    assert len(data.solutions) == 24
    assert {s.suit for s in data.solutions} == {"clarify", "repair", "boundary", "change"}
    assert len({s.icon for s in data.suits}) == 4
    assert [data.threshold(n) for n in range(2, 7)] == [5, 7, 7, 9, 9]
    assert [data.max_priority(n) for n in range(2, 7)] == [2, 3, 3, 4, 4]
    assert len(data.modes) == 3 and len(data.actions) == 5 and len(data.seats) == 6
    assert {p.priority for p in data.problems} == {1, 2, 3, 4}


@pytest.fixture
def broken(tmp_path):
    """A writable copy of the project's GROUND content."""
    shutil.copytree(ROOT / "content/ground", tmp_path / "content/ground")
    return tmp_path


def _edit(root: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = root / "content/ground" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _line_of(root: Path, name: str, needle: str, nth: int = 1) -> int:
    lines = (root / "content/ground" / name).read_text(encoding="utf-8").splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if needle in line]
    return hits[nth - 1]


def test_wrong_suit_count_is_reported(broken):
    _edit(broken, "solutions.toml", 'suit = "change"', 'suit = "repair"')
    data, problems = load_ground(broken)
    assert data is None
    text = "\n".join(p.render() for p in problems)
    assert "content/ground/solutions.toml" in text
    assert "suit 'change' has 5 Solution cards" in text and "suit 'repair' has 7" in text


def test_priority_out_of_range_names_file_line_and_field(broken):
    _edit(broken, "problems.toml", "priority = 4", "priority = 7")
    data, problems = load_ground(broken)
    assert data is None
    bad = [p for p in problems if "'priority' = 7 is outside 1..4" in p.message]
    assert bad and bad[0].file == "content/ground/problems.toml"
    assert bad[0].line == _line_of(broken, "problems.toml", "priority = 7")
    assert "problem pr-old-grudge" in bad[0].where and bad[0].hint
    assert len(problems) == 1  # reported once: no follow-on errors from the scenarios using it


def test_colours_are_validated(broken):
    _edit(broken, "edition.toml", 'colour = "#2f62b5"', 'colour = "dark \\"red"')
    data, problems = load_ground(broken)
    assert data is None
    (bad,) = problems
    assert bad.line == _line_of(broken, "edition.toml", 'colour = "dark') and "#rrggbb" in bad.message


def test_unknown_suit_and_missing_field(broken):
    _edit(broken, "problems.toml", 'suit = "repair"', 'suit = "repiar"')
    _edit(broken, "solutions.toml", 'name = "Say no"\n', "")
    _, problems = load_ground(broken)
    msgs = [p.render() for p in problems]
    assert any("'suit' = 'repiar' is not one of" in m and "problems.toml:" in m for m in msgs)
    assert any("missing field 'name'" in m and "solutions.toml:" in m for m in msgs)


def test_threshold_must_match_the_spec(broken):
    _edit(broken, "edition.toml", "points = 7", "points = 8")
    _, problems = load_ground(broken)
    bad = [p for p in problems if "the spec requires 7" in p.message]
    assert bad and bad[0].line == _line_of(broken, "edition.toml", "points = 8")


def test_unwinnable_scenario_is_reported(broken):
    _edit(broken, "problems.toml", "value = 2", "value = 1", count=3)
    _, problems = load_ground(broken)
    assert any("cannot be won" in p.message and p.file.endswith("scenarios.toml") for p in problems)


def test_toml_syntax_error_has_a_line(broken):
    _edit(broken, "modes.toml", 'kind = "Co-operative"', 'kind = "Co-operative')
    data, problems = load_ground(broken)
    assert data is None and problems[0].severity == "format" and problems[0].line == _line_of(
        broken, "modes.toml", 'kind = "Co-operative')


def test_typo_field_is_reported(broken):
    _edit(broken, "actions.toml", "step = 4", "stepp = 4")
    _, problems = load_ground(broken)
    assert any("unknown field 'stepp'" in p.message for p in problems)


def test_messages_carry_card_contexts():
    msgs = messages(ROOT / "content/ground/solutions.toml")
    assert len(msgs) == 24 and msgs[0].context == "ground/sol-clarify-1" and msgs[0].line > 0
