"""Where code that is no game's own names a game: every game's code and title from the games table (content/games.toml),
matched as whole words in any case, in the Python files of a folder outside the games' own modules.

A game's own modules: a file whose name starts with "<code>_" (generator/sim/dojo/lab.py) and every file of a
folder named by the code (generator/sim/ground/). The console command's name followed by one of its subcommands
("dojo sweep", "dojo sim --game") is the program, not a game. ``names_of_games(folder)`` gives "file:line: word"
for each find (empty: the folder names no game); a test calls it for the folders it keeps free of game names.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from generator.content.games import games

ROOT = Path(__file__).resolve().parents[1]


def _program() -> re.Pattern:
    """The console command followed by a subcommand, e.g. 'dojo sweep' (the project's script and every
    `add_parser("...")` of generator/)."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    commands = {m for p in (ROOT / "generator").rglob("*.py")
                for m in re.findall(r'add_parser\(\s*"([a-z][a-z-]*)"', p.read_text(encoding="utf-8"))}
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, scripts))}) (?:{'|'.join(sorted(commands))})\b")


def own_module(path: Path, codes: set[str]) -> bool:
    """Whether a file is one of a game's own modules."""
    return path.name.split("_", 1)[0] in codes and "_" in path.name or any(part in codes for part in path.parts[:-1])


def names_of_games(folder: Path, root: Path = ROOT) -> list[str]:
    """Every line of folder's Python files (the games' own modules left out) naming a game by its code or title."""
    table = games()
    codes = set(table)
    words = sorted({w for g in table.values() for w in (g.code, g.title)}, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, words)) + r")(?![\w-])", re.IGNORECASE)
    program = _program()
    found = []
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(folder)
        if "__pycache__" in rel.parts or own_module(rel, codes):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(program.sub("", line)):
                found.append(f"{path.relative_to(root).as_posix()}:{n}: {m.group(0)}")
    return found
