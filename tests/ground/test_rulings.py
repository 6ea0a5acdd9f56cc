"""GROUND rulings: one place (content/ground/rulings.toml) read by the engine and printed in the booklet."""

import re
from pathlib import Path

import pytest

from generator.booklet.data_blocks import expand
from generator.content.ground import load_ground
from generator.content.ground_rulings import RULING_CHOICES
from generator.rules.source import parse

from .kitcache import build_lang

ROOT = Path(__file__).resolve().parents[2]
DATA = load_ground(ROOT)[0]
OPEN_POINTS = {"G1": "Investigate", "G2": "Solve", "G3": "Blame", "G4": "Ground", "G5": "Mastery", "G6": "Blame"}


def test_every_ruling_once_with_an_implemented_value():
    """U1-U10 and the six open points G1-G6, each with a value the engine implements."""
    assert [r.id for r in DATA.rulings] == list(RULING_CHOICES)
    for r in DATA.rulings:
        assert r.value in RULING_CHOICES[r.id] and r.text and r.rule.startswith("GR-")
    assert {r.id for r in DATA.rulings if r.provisional} == set(OPEN_POINTS)


def test_bad_ruling_value_names_file_line_and_choices(project):
    """A value the engine does not implement stops the load with file, line and the allowed values."""
    path = project / "content/ground/rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('value = "keep-solution"', 'value = "maybe"'),
                    encoding="utf-8")
    data, problems = load_ground(project)
    assert data is None
    msg = next(p for p in problems if p.severity == "error")
    assert msg.file.endswith("rulings.toml") and msg.line and "keep-solution, discard-solution" in msg.message


def test_a_ruling_id_that_is_not_text_is_an_error_not_a_traceback(project):
    """`id = 7` (found by fuzzing the content): the id's type is the error, and the value is not checked against
    the choices of a ruling that has no id."""
    path = project / "content/ground/rulings.toml"
    text = path.read_text(encoding="utf-8")
    assert 'id = "G6"' in text
    path.write_text(text.replace('id = "G6"', "id = 7"), encoding="utf-8")
    data, problems = load_ground(project)
    assert data is None
    errors = [p for p in problems if p.severity == "error"]
    assert any(p.file.endswith("rulings.toml") and p.line and "'id' must be str, got 7" in p.message for p in errors)


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_booklet_prints_every_open_point_numbered_for_players(lang):
    """`![rulings](ground)` becomes the 'Sample edition rulings' section: every G ruling as "Ruling N", in the
    players' words (no id, variant or 'provisional')."""
    ctx = build_lang(lang).ctx
    text = (ROOT / "content/ground/rules.md").read_text(encoding="utf-8")
    blocks = expand(ctx, parse(text), "content/ground/rules.md")
    heads = [b.texts[0] for b in blocks if b.kind == "heading2"]
    assert heads[-1] == ctx.p_("ground-rules", "Sample edition rulings")
    bullets = [b.texts[0] for b in blocks[[b.kind for b in blocks].index("heading2", len(blocks) - 10):]
               if b.kind == "bullet"]
    assert len(bullets) == len(OPEN_POINTS)
    for n, (r, bullet) in enumerate(zip([r for r in DATA.rulings if r.provisional], bullets), start=1):
        label = ctx.p_("rulings", "Ruling %(number)s") % {"number": n}
        assert bullet == f"**{label}.** {ctx.p_('ground-rulings', r.text)}"
        assert not re.search(r"\b(GR-[A-Z]\d+|G\d=|U\d+)\b|(?i:provisional|provvisori|предварительн)", bullet), bullet
        if lang != "en":
            assert not bullet.startswith(r.text), f"{r.id} untranslated in {lang}"


def test_setup_keeps_hidden_problems_secret():
    """The set-up step filters the hidden Problems, then shuffles them face down before laying them out."""
    text = (ROOT / "content/ground/rules.md").read_text(encoding="utf-8")
    step = next(line for line in text.splitlines() if "hidden Problems" in line and line[:2] == "3.")
    assert re.search(r"keep only those.*Shuffle the kept cards face down.*lay them face down", step)
