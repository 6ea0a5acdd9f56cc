"""Games as data (issue 46): content/games.toml is the one list of games, read into every module that lists them;
a wrong row, or a component naming a game the table lacks, is an error naming the table's file, line and fix."""

from __future__ import annotations

import pytest

from generator.content import bom, model, toml_source
from generator.content.games import KIT, game_codes, game_of, games
from generator.plan import registry
from generator.pageqa import ink
from generator.problems import CheckFailed
from generator.sim import cli as sim_cli
from tests.conftest import ROOT

TABLE = "content/games.toml"


def test_every_list_of_games_is_the_table():
    codes = game_codes()
    assert codes == tuple(g.code for g in games().values()) and len(codes) >= 3
    assert model.GAMES == bom.GAMES == ink.GAMES == codes
    assert tuple(sim_cli.GAMES) == tuple(c for c in codes if games()[c].simulator)
    for code in codes:  # what a row's code stands for is there
        assert (ROOT / "content" / code / "rules.md").is_file() and (ROOT / "content" / code / "bom.toml").is_file()
    assert {c.game for c in registry.COMPONENTS} == {*codes, KIT}


def _table(project, text: str) -> None:
    (project / TABLE).write_text(text, encoding="utf-8")
    toml_source._table_rows.cache_clear()  # the table is read again even within one mtime tick


@pytest.mark.parametrize("row, line, field", [
    ('[[game]]\ncode = "Dojo"\ntitle = "x"\n', 2, "code"),
    ('[[game]]\ncode = "dojo"\ntitle = "x"\nsimulater = "generator.sim.dojo_cli"\n', 4, "simulater"),
    ('[[game]]\ncode = "kit"\ntitle = "x"\n', 2, "code"),
    ('[[game]]\ncode = "dojo"\ntitle = "x"\n\n[[game]]\ncode = "dojo"\ntitle = "y"\n', 6, "code"),
])
def test_a_wrong_row_names_the_file_line_and_field(project, row, line, field):
    _table(project, "# games\n" + row)
    with pytest.raises(CheckFailed) as caught:
        games(project)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == (TABLE, line + 1) and field in problem.message and problem.hint


def test_a_component_of_a_game_the_table_lacks_is_refused_naming_the_table(project):
    text = (ROOT / TABLE).read_text(encoding="utf-8")
    _table(project, text[:text.index('[[game]]\ncode = "duel"')])
    found = registry.unknown_games(project)
    assert [(p.file, p.rule) for p in found] == [(TABLE, "games")], found
    assert "'duel'" in found[0].message and "[[game]]" in found[0].hint and found[0].line
    assert registry.unknown_games(ROOT) == []
    with pytest.raises(CheckFailed) as caught:  # never "kit"
        game_of("toy-cards")
    assert caught.value.problems[0].file == TABLE and "'toy'" in caught.value.problems[0].message


def test_a_broken_table_stops_every_command_with_file_line_and_fix(tmp_path):
    """The table is read while the commands are imported: a wrong row is the problem's lines, exit 2, never a
    traceback (a checkout whose content/games.toml was mistyped)."""
    import shutil
    import subprocess
    import sys

    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "content").mkdir()
    text = (ROOT / TABLE).read_text(encoding="utf-8")
    (tmp_path / TABLE).write_text(text.replace('code = "ground"', 'code = "Ground"'), encoding="utf-8")
    line = text[:text.index('code = "ground"')].count("\n") + 1
    run = subprocess.run([sys.executable, "-c", "from generator.cli import main; raise SystemExit(main(['sim']))"],
                         cwd=tmp_path, env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert f"{TABLE}:{line}" in run.stderr and "'Ground'" in run.stderr and "fix:" in run.stderr, run.stderr
