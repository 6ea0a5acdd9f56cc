"""Games as data (issue 46): no module outside a game's own ones names a game. Every fact about one game is a row of
content/games.toml or lives in that game's own modules (named by its code, e.g. components/dojo_board.py,
booklet/ground_blocks.py, export/duel_tts.py, sim/ground/), which the table names; the code of the kit, the booklet,
the exports, the page QA and the catalogs reads the table. This test reads every module's code (its names and
string literals; comments and docstrings may speak of the games) for each game's code, title and printed name and
fails naming file:line."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from generator.content.games import games
from tests.conftest import ROOT

# Not scanned yet: nothing (generator/sim/ joined when the balance lab dispatched on the table); nothing may be
# added here.
NOT_YET: tuple[str, ...] = ()
# The product is called after its first game: its console command followed by a subcommand (`dojo build`: every
# add_parser("...") of generator/), its distribution (dojo-pnp), environment variables (DOJO_...), Babel extractors
# (dojo_content...) and file prefixes are the product's name, not the game's.
COMMANDS = sorted({m for p in (ROOT / "generator").rglob("*.py")
                   for m in re.findall(r'add_parser\(\s*"([a-z][a-z0-9-]*)"', p.read_text(encoding="utf-8"))})
PRODUCT = re.compile(r"dojo-pnp|DOJO_[A-Z_]+|dojo_(?:content|rules|python)\b|\bdojo-(?:preview|pdf|results-|tts)|"
                     rf"`?\bdojo (?=(?:{'|'.join(COMMANDS)})\b)")
# Still naming a game, file -> how many lines (issue 46 item 1, what is left): this may only shrink.
KNOWN: dict[str, int] = {
    # the Dojo board format (seed 002, `dojo board`): the Dojo's own package, not yet named by its code
    "generator/board/check.py": 23, "generator/board/load.py": 6, "generator/board/model.py": 6,
    "generator/commands/board.py": 5,  # `dojo board`: the Dojo board format's command
}


def _own(rel: str, codes: tuple[str, ...]) -> bool:
    """A game's own module: a file whose name starts with a game's code, or inside a package named by one."""
    parts = rel.split("/")
    stem = parts[-1].removesuffix(".py")
    return any(p in codes for p in parts[:-1]) or any(stem == c or stem.startswith(c + "_") for c in codes)


def _docstrings(tree: ast.AST) -> set[int]:
    """The docstrings' nodes, and the console command's name (argparse's prog=): the product's, not a game's."""
    out = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg == "prog"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                    isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _words(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of every name and string literal of a module's code (docstrings left out)."""
    skip = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            out.append((node.lineno, node.arg))
        elif isinstance(node, ast.keyword) and node.arg:
            out.append((node.value.lineno, node.arg))
        elif isinstance(node, ast.alias):
            out.append((node.lineno, node.name + " " + (node.asname or "")))
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and getattr(node, "module", None):
            out.append((node.lineno, node.module))
    return out


def game_mentions(root: Path = ROOT) -> list[str]:
    """'file:line: text' of every line of code outside the games' own modules naming a game of the table."""
    table = games(root)
    codes = tuple(table)
    word = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, codes)) + r")(?![A-Za-z0-9])", re.I)
    titles = re.compile("|".join(rf"(?<!\w){re.escape(t)}(?!\w)" for g in table.values() for t in (g.title, g.name)))
    found = []
    for path in sorted((root / "generator").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if _own(rel, codes) or rel.startswith(NOT_YET):
            continue
        lines: dict[int, str] = {}
        for line, text in _words(ast.parse(path.read_text(encoding="utf-8"))):
            bare = PRODUCT.sub("", text)
            if word.search(bare) or titles.search(bare):
                lines.setdefault(line, text)
        found += [f"{rel}:{line}: {text[:80]!r}" for line, text in sorted(lines.items())]
    return found


def test_no_module_outside_a_games_own_names_a_game():
    found = game_mentions()
    per_file = Counter(f.split(":", 1)[0] for f in found)
    new = [f for f in found if f.split(":", 1)[0] not in KNOWN]
    grown = {f: n for f, n in per_file.items() if f in KNOWN and n > KNOWN[f]}
    assert not new and not grown, "a game named outside its own modules (put the fact in content/games.toml or the " \
        "game's own module):\n" + "\n".join(new + [f"{f}: {n} lines, at most {KNOWN[f]}" for f, n in grown.items()])


def test_the_scan_finds_a_game_named_in_a_shared_module(tmp_path):
    """The scan reads names, strings and f-strings, not comments or docstrings (a scan that finds nothing checks
    nothing)."""
    import shutil

    (tmp_path / "content").mkdir()
    shutil.copy(ROOT / "content/games.toml", tmp_path / "content/games.toml")
    kit = tmp_path / "generator/kit"
    kit.mkdir(parents=True)
    code = next(iter(games()))
    (kit / "mod.py").write_text(f'"""The {code} docstring."""\n# a {code} comment\nX = 1\n'
                                f'def f(model):\n    a = model.{code}\n    return a, f"{{X}}-{code}-board"\n', encoding="utf-8")
    (kit / f"{code}_own.py").write_text(f'Y = "{code}"\n', encoding="utf-8")
    found = game_mentions(tmp_path)
    assert [f.split(": ")[0] for f in found] == ["generator/kit/mod.py:5", "generator/kit/mod.py:6"], found
