"""Phase one: every content input loads into one KitModel; rules-level counts and missing inputs stop the build."""

from pathlib import Path

import pytest

from generator.content.dojo import NEBBIA_RULES, NEBBIA_SIZE
from generator.content.load import load_model
from generator.kit.build import build_kit
from generator.plan.model import BuildOptions
from generator.problems import CheckFailed

ROOT = Path(__file__).resolve().parents[2]


def _edit(root: Path, rel: str, old: str, new: str) -> int:
    """Replace the first old by new in a project file; the 1-based line of the edit."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_the_project_loads_into_one_model():
    model, problems = load_model(ROOT)
    assert problems == [] and model is not None
    assert sum(c.copies for c in model.dojo.nebbia.cards) == NEBBIA_SIZE == 22
    assert {c.id: c.copies for c in model.dojo.nebbia.cards} == {k: n for k, (_, n) in NEBBIA_RULES.items()}
    assert len(model.ground.solutions) == 24 and len(model.duel.strikes) == 3
    assert set(model.rules) == {"dojo", "ground", "duel"}
    assert model.rules["duel"].file == "content/duel/rules.md" and model.rules["duel"].blocks
    with pytest.raises(TypeError):
        model.rules["dojo"] = None  # the model is frozen


def test_a_23_card_nebbia_deck_is_refused_with_file_and_line(project):
    line = _edit(project, "content/dojo/nebbia.toml", "copies = 3", "copies = 4")
    model, problems = load_model(project)
    assert model is None
    (p,) = problems
    assert (p.file, p.line, p.where) == ("content/dojo/nebbia.toml", line, "card kiai")
    assert "'copies' = 4" in p.message and p.hint == "set copies = 3"


def test_a_broken_ground_value_is_reported_once_and_nothing_is_written(project):
    line = _edit(project, "content/ground/problems.toml", "priority = 4", "priority = 7")
    out = project / "build" / "pnp"
    with pytest.raises(CheckFailed) as exc:
        build_kit(project, BuildOptions(lang="en"), out)
    (p,) = exc.value.problems
    assert (p.file, p.line) == ("content/ground/problems.toml", line) and "'priority' = 7" in p.message
    assert not out.exists()


@pytest.mark.parametrize("missing", ["content/duel/rules.md", "content/ground/modes.toml", "content/dojo/pawns.toml"])
def test_a_missing_input_is_an_error_never_a_smaller_kit(project, missing):
    (project / missing).unlink()
    model, problems = load_model(project)
    assert model is None
    assert [p.file for p in problems] == [missing] and "cannot read" in problems[0].message


def test_renderers_never_open_a_content_file(ru_again):
    """The whole Russian kit renders from a context whose project folder has no content/ (tests/conftest.py)."""
    root, _out, manifest = ru_again
    assert (root / "templates").is_dir() and not (root / "content").exists()
    assert {f["component"] for f in manifest["files"]} >= {"dojo-nebbia-deck", "ground-solution-deck", "duel-rules"}
