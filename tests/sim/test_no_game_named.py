"""Games as data (issue 46): the balance lab's own code — generator/sim/ outside each game's own modules (the sweep,
the designer's page, `dojo sim`'s dispatcher, the statistics) — names no game of content/games.toml, by code or by
title; it dispatches on the table and asks each game's lab (generator/sim/lab.py)."""

from __future__ import annotations

from pathlib import Path

from tests.game_names import ROOT, names_of_games, own_module


def test_the_lab_names_no_game():
    found = names_of_games(ROOT / "generator/sim")
    assert not found, "a game named outside its own modules (move it into the game's lab):\n" + "\n".join(found)


def test_the_scan_finds_a_game_named_and_skips_the_games_own_modules(tmp_path):
    """The scan itself: a code, a title in another case, and the program's own name before a command."""
    (tmp_path / "lab.py").write_text('X = 1\nTITLE = "Il labirinto del dojo"  # the title\nrun("dojo sweep")\n'
                                     'if game == "ground":\n    pass\n', encoding="utf-8")
    (tmp_path / "ground").mkdir()
    (tmp_path / "ground" / "x.py").write_text('"ground"\n', encoding="utf-8")
    (tmp_path / "dojo_x.py").write_text('"dojo"\n', encoding="utf-8")
    found = names_of_games(tmp_path, tmp_path)
    assert found == ["lab.py:2: Il labirinto del dojo", "lab.py:4: ground"], found
    assert own_module(Path("dojo/engine.py"), {"dojo"}) and own_module(Path("dojo_lab.py"), {"dojo"})
    assert not own_module(Path("dojos.py"), {"dojo"}) and not own_module(Path("sweep/spec.py"), {"dojo"})
