"""A tampered sweep.json (build/ may come from elsewhere): `dojo sweep --resume` checks it as it checks a new sweep's
options, with the same messages and no traceback, allocates nothing from its numbers, and refuses a sweep whose games
were played with other content or code, naming what changed."""

import json
import resource
import shutil
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parents[2]
DUEL = ["sweep", "--game", "duel", "--games", "200", "--rule", "D14=12,0", "--jobs", "1"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished duel sweep in a copy of the project's content (its working folder), played once for the module."""
    folder = tmp_path_factory.mktemp("finished")
    shutil.copytree(ROOT / "content" / "duel", folder / "content" / "duel")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        assert main([*DUEL, "--out", str(folder / "sweep")]) == 0
    return folder


@pytest.fixture()
def stopped(finished, tmp_path, monkeypatch):
    """A copy of the finished duel sweep and of its content (the working folder), and its sweep.json (the sweep
    records no absolute path: the copy resumes as the original would)."""
    shutil.copytree(finished, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "sweep"


def _tamper(out: Path, change) -> None:
    spec = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    change(spec)
    (out / "sweep.json").write_text(json.dumps(spec), encoding="utf-8")


def _resume(out: Path, capsys, *more: str) -> str:
    before = (out / "report.json").read_bytes()
    assert main(["sweep", "--resume", str(out), *more]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.startswith("error: ")
    assert (out / "report.json").read_bytes() == before  # nothing rewritten
    return err


@pytest.mark.parametrize("field, value, message", [
    ("games", 10 ** 12, "--games 1000000000000: use 1 to 100000000"),
    ("rule", ["D99=1,2"], "unknown ruling D99"),
    ("rule", ["D14=banana"], "D14"),
    ("policy", ["oracle"], "--policy oracle: --game duel has"),
    ("players", "3", "--players: --game duel has 2 players"),
    ("games", "many", "options.games is 'many'; it takes a whole number"),
    ("games", True, "options.games is True"),
    ("rule", "D14=0", "options.rule is 'D14=0'; it takes a list"),
    ("seed", None, "options.seed is None"),
])
def test_a_tampered_option_gets_a_new_sweeps_message(stopped, capsys, field, value, message):
    """Bounds, players, rulings, policies and types: the message of the same mistake on the command line."""
    _tamper(stopped, lambda s: s["options"].__setitem__(field, value))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, hard))  # 10^12 games must not build anything that size
    try:
        err = _resume(stopped, capsys)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    assert message in err


def test_the_same_mistakes_on_the_command_line_read_the_same(tmp_path, capsys, monkeypatch):
    """The messages above are the command line's own (one function checks both)."""
    monkeypatch.chdir(ROOT)
    for args, message in ((["--games", str(10 ** 12)], "--games 1000000000000: use 1 to 100000000"),
                          (["--rule", "D99=1,2"], "unknown ruling D99"),
                          (["--policy", "oracle"], "--policy oracle: --game duel has")):
        assert main(["sweep", "--game", "duel", "--out", str(tmp_path / "o"), *args]) == 2
        assert message in capsys.readouterr().err


def test_edited_cells_that_do_not_follow_from_the_options_are_refused(stopped, capsys):
    """Cells are rebuilt from the options; a sweep.json whose cells say otherwise is refused."""
    _tamper(stopped, lambda s: s["cells"][1]["rules"].__setitem__("D14", 5))
    assert "do not follow from its options" in _resume(stopped, capsys)


@pytest.mark.parametrize("damage", ["[]", "{\"version\": 2}", "not json", ""])
def test_a_damaged_sweep_json_is_refused(stopped, capsys, damage):
    (stopped / "sweep.json").write_text(damage, encoding="utf-8")
    err = _resume(stopped, capsys)
    assert "sweep.json" in err and "NEWDIR" in err or "no sweep to resume" in err


def test_changed_rulings_are_not_mixed_into_a_resumed_sweep(stopped, capsys):
    """Issue 45's case: D14 changed in content/duel/rulings.toml between the stop and --resume."""
    for f in (stopped / "slices").glob("cell0001-*"):
        f.unlink()  # the second cell's games are still to play
    rulings = Path("content/duel/rulings.toml")
    text = rulings.read_text(encoding="utf-8")
    rulings.write_text(text + "\n# an edit\n", encoding="utf-8")
    err = _resume(stopped, capsys)
    assert "content/duel/rulings.toml changed" in err and "--out NEWDIR" in err
    assert not list((stopped / "slices").glob("cell0001-*"))  # nothing played under the new rulings
    rulings.write_text(text, encoding="utf-8")
    assert main(["sweep", "--resume", str(stopped), "--jobs", "1"]) == 0  # restored: it resumes


def test_changed_engine_code_is_named(stopped, capsys):
    """A sweep played by other engine code (its recorded digest of a source file differs) is refused, naming it."""
    _tamper(stopped, lambda s: s["fingerprint"]["code"].__setitem__("generator/sim/duel/rules.py", "0" * 64))
    err = _resume(stopped, capsys)
    assert "the engine's code: generator/sim/duel/rules.py changed" in err


def test_a_forged_slice_is_played_again_not_reported(stopped, capsys):
    """A slice file with counts that do not add up (or of another length) is not believed: it is played again."""
    good = (stopped / "report.json").read_bytes()
    first = sorted((stopped / "slices").iterdir())[0]
    data = json.loads(first.read_text(encoding="utf-8"))
    data["sole"] = [data["games"], 0]
    first.write_text(json.dumps(data), encoding="utf-8")
    assert main(["sweep", "--resume", str(stopped), "--jobs", "1"]) == 0
    assert (stopped / "report.json").read_bytes() == good
