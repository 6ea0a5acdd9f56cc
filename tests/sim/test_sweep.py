"""`dojo sweep`: a grid of rule values and player counts with 95% intervals in JSON, HTML and the table; the same
JSON from one process, two, a resumed interrupted run and a real Dask cluster; GROUND's rules firing."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.cli import main
from generator.sim.sweep.tally import Tally, summary

ROOT = Path(__file__).resolve().parents[2]
SWEEP = ["sweep", "--game", "dojo", "--games", "500", "--rule", "U22=true,false", "--players", "3,4", "--seed", "5"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The sweep played on two local worker processes: (report.json bytes, report.html text, printed table)."""
    out = tmp_path_factory.mktemp("sweep") / "ref"
    assert main([*SWEEP, "--out", str(out), "--jobs", "2"]) == 0
    return (out / "report.json").read_bytes(), (out / "report.html").read_text(encoding="utf-8")


def test_two_rule_values_over_two_player_counts_with_intervals(reference, capsys):
    """Four cells (U22 true/false x 3 and 4 players), each seat's Wilson interval around its rate, in JSON and HTML."""
    report = json.loads(reference[0])
    assert report["complete"] and report["games_played"] == 2000 and report["slices"] == {"done": 8, "total": 8}
    cells = {(c["cell"]["players"], c["cell"]["rules"]["U22"]): c for c in report["cells"]}
    assert set(cells) == {(3, True), (3, False), (4, True), (4, False)}
    for (players, _), c in cells.items():
        assert c["games"] == 500 and len(c["seats"]) == players and c["fair_share"] == round(1 / players, 4)
        for s in c["seats"]:
            assert s["ci95"][0] < s["rate"] < s["ci95"][1] and s["ci95"][1] - s["ci95"][0] < 0.12
        assert c["balance_gap"] == round(max(s["rate"] for s in c["seats"]) - min(s["rate"] for s in c["seats"]), 4)
        assert 0 < c["length"]["mean"] <= c["length"]["p90"] and 0 <= c["decisiveness"]["decided_by_half"] <= 1
        assert c["rules_fired"]["DR-K03 Kumite"] > 0.5
    html = reference[1]
    assert html.count("<img") == 4 and html.count("seat 1:") == 4 and "95% Wilson" in html and "Rule coverage" in html
    seat = cells[(3, True)]["seats"][0]
    assert f"{seat['rate']:.1%} [{seat['ci95'][0]:.1%}, {seat['ci95'][1]:.1%}]" in html


def _partial_then_resume(tmp_path: Path) -> subprocess.CompletedProcess:
    """The sweep in a child process, Ctrl-C (SIGINT) as soon as its first slice is written."""
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", "from generator.cli import run; run()", *SWEEP, "--out", str(out),
                              "--jobs", "2"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    deadline = time.monotonic() + 60
    while not list((out / "slices").glob("*.json")) and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.01)
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    return subprocess.CompletedProcess(child.args, child.returncode, stdout, stderr)


def test_interrupted_sweep_is_partial_and_resumes_to_the_same_report(reference, tmp_path):
    """Ctrl-C: exit 130, the report says partial and counts only the complete slices; --resume completes it to
    the uninterrupted run's bytes."""
    done = _partial_then_resume(tmp_path)
    out = tmp_path / "run"
    assert done.returncode == 130, done.stderr
    partial = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert not partial["complete"] and 1 <= partial["slices"]["done"] < 8
    assert partial["games_played"] == 250 * partial["slices"]["done"]
    assert "partial:" in done.stderr and "--resume" in done.stderr and "Traceback" not in done.stderr
    assert "PARTIAL" in done.stdout and "Partial:" in (out / "report.html").read_text(encoding="utf-8")
    assert main(["sweep", "--resume", str(out), "--jobs", "1"]) == 0
    assert (out / "report.json").read_bytes() == reference[0]
    assert (out / "report.html").read_text(encoding="utf-8") == reference[1]
    assert "U22: true, false" in reference[1] and "True" not in reference[1]


def test_a_finished_sweep_extended_to_more_games_reuses_its_slices(reference, tmp_path):
    """250 games a cell, then --resume --games 500: the 250 played are kept (not played again) and the report is
    the 500-game sweep's, byte for byte; fewer games than played is refused."""
    out = tmp_path / "ext"
    assert main([*[a if a != "500" else "250" for a in SWEEP], "--out", str(out), "--jobs", "1"]) == 0
    first = {p.name: p.stat().st_mtime_ns for p in (out / "slices").iterdir()}
    assert len(first) == 4
    assert main(["sweep", "--resume", str(out), "--games", "500", "--jobs", "1"]) == 0
    after = {p.name: p.stat().st_mtime_ns for p in (out / "slices").iterdir()}
    assert len(after) == 8 and all(after[k] == v for k, v in first.items())
    assert (out / "report.json").read_bytes() == reference[0]
    assert (out / "report.html").read_text(encoding="utf-8") == reference[1]
    assert main(["sweep", "--resume", str(out), "--games", "100"]) == 2


def test_dask_cluster_gives_the_same_json(reference, tmp_path, dask_scheduler):
    """--cluster dask on a real local cluster of two worker processes (conftest.dask_scheduler, shared with
    test_stopping.py's Dask test): the local run's JSON, byte for byte."""
    code = main([*SWEEP, "--cluster", "dask", "--scheduler", dask_scheduler, "--out", str(tmp_path)])
    assert code == 0
    assert (tmp_path / "report.json").read_bytes() == reference[0]


def test_a_sweep_on_its_own_dask_cluster_beside_another_gives_the_local_json(tmp_path, recwarn):
    """--cluster dask with no --scheduler: the sweep starts its own local cluster (the user's usual way), while
    another Dask holds port 8787 (a second sweep, the user's dashboard); the local run's JSON byte for byte, and
    no warning that the port is taken (the scheduler's HTTP server takes a free loopback port)."""
    import socket

    args = ["sweep", "--game", "dojo", "--games", "60", "--players", "3", "--seed", "9"]
    assert main([*args, "--out", str(tmp_path / "local"), "--jobs", "1"]) == 0
    held = socket.socket()
    try:
        held.bind(("127.0.0.1", 8787))
        held.listen()
    except OSError:  # something holds it already: the case this test is about
        pass
    try:
        assert main([*args, "--cluster", "dask", "--out", str(tmp_path / "dask")]) == 0
    finally:
        held.close()
    assert (tmp_path / "dask/report.json").read_bytes() == (tmp_path / "local/report.json").read_bytes()
    taken = [str(w.message) for w in recwarn if "already in use" in str(w.message)]
    assert not taken, taken


def test_ground_sweep_fires_darvo_freedom_and_the_rules(tmp_path):
    """GROUND with every policy: the DARVO stages, Freedom, Blame returned (G3) and the empty deck (U4) fire; what
    never fires is G6, which the report explains, or a rule too rare for 100 games a cell."""
    args = ["sweep", "--game", "ground", "--games", "100", "--players", "4,6", "--scenario", "sc-group-project"]
    assert main([*args, "--out", str(tmp_path), "--jobs", "2"]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert len(report["cells"]) == 2 * 3 * 4  # players x Modes x policies
    events = {k: sum(c["events_per_game"].get(k, 0) for c in report["cells"]) for k in
              ("DARVO stage DENY", "DARVO stage ATTACK", "DARVO stage REVERSE", "Freedom spent", "Blame placed")}
    assert all(v > 0 for v in events.values()), events
    cov = report["coverage"]
    assert {"GR-D03", "GR-D04", "GR-D05", "GR-F03", "G3", "U4"} <= {k for k, v in cov["rules"].items() if v}
    assert set(cov["never"]) <= {"G6", "GR-L05"} and "round 6" in cov["why_never"]["G6"]
    coop = [c for c in report["cells"] if c["cell"]["mode"] == "mode-shared-ground"]
    assert all("seats" not in c and c["shared_wins"] + c["no_winner"] == 100 for c in coop)


def test_ground_coverage_lists_every_rule_the_engine_fires():
    """The coverage table's rule list (read from the engine's source) holds every id a game records, whichever way
    the engine writes it (fire(...), fired.add/update/append)."""
    import random

    from generator.content.ground import load_ground
    from generator.sim.ground.engine import MODES, Game, GameConfig
    from generator.sim.ground.policies import POLICIES
    from generator.sim.ground.lab import engine_rules as ground_rules

    data, _ = load_ground(ROOT)
    fired: set[str] = set()
    for i, (policy, mode) in enumerate((p, m) for p in sorted(POLICIES) for m in MODES):
        for n in (2, 4, 6):
            g = Game(data, GameConfig(data.scenarios[i % len(data.scenarios)].id, mode, n), random.Random(i * 7 + n),
                     [POLICIES[policy]()])
            g.play()
            fired |= g.fired
    assert {"GR-R02", "GR-R03", "GR-F02", "GR-R08", "GR-E03"} <= fired
    assert fired <= set(ground_rules())


def test_tally_decisiveness_and_merge():
    """Lead changes and the tenth of the game after which the winner led for good; merged tallies add up."""
    a, b = Tally(2), Tally(2)
    a.add((1,), 4, {"X"}, [(1, 0), (1, 2), (3, 2), (3, 5)], {"e": 2})  # leader 0, 1, 0, 1: led for good after 3 of 4
    b.add((0,), 2, {"X", "Y"}, [(2, 0), (4, 0)])  # led all along
    b.add(None, 9, set())
    a.merge(b)
    assert (a.games, a.sole, a.unfinished, a.lead_changes, dict(a.decided)) == (3, [1, 1], 1, 3, {7: 1, 0: 1})
    s = summary(a)
    assert s["decisiveness"]["decided_by_half"] == 0.5 and s["rules_fired"] == {"X": 0.6667, "Y": 0.3333}
    assert {k: v for k, v in s["length"].items() if k != "ci95_with_capped"} == {"mean": 3.0, "p90": 4, "capped": 1,
                                                                           "mean_with_capped": 5.0}
    assert not s["unbalanced"] and s["length"]["ci95_with_capped"][0] < 5 < s["length"]["ci95_with_capped"][1]
    assert a.outcomes == ["1", "0", "u"] and a.lengths == [4, 2, 9]
    assert Tally.from_json(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize("args, message", [
    (["--rule", "U99=true,false"], "unknown ruling U99"),
    (["--rule", "U22"], "write ID=V1,V2"),
    (["--players", "9"], "played by 2 to 8 players"),
    (["--scenario", "sc-x"], "--scenario applies to --game ground"),
    (["--policy", "oracle"], "--policy oracle"),
    (["--resume", "/nonexistent/sweep"], "no sweep to resume"),
])
def test_bad_options_give_one_clear_error(args, message, capsys, tmp_path):
    """Exit 2 and one line naming the option and the fix, nothing written."""
    assert main(["sweep", "--games", "10", "--out", str(tmp_path / "o"), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and not (tmp_path / "o").exists()
