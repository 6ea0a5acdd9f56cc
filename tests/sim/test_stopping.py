"""--until-halfwidth: each cell stops at the first slice after which its widest 95% interval is +/- H at most; the
same report from one process or two and from a sweep extended to a narrower H; the cells' own intervals agree."""

import json
import shutil

import pytest

from generator.cli import main
from generator.sim.sweep.run import done
from generator.sim.sweep.stopping import halfwidth
from generator.sim.sweep.tally import Tally

ARGS = ["sweep", "--game", "duel", "--rule", "D14=12,0", "--games", "4000", "--seed", "3"]


def _report(out):
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def stopped(tmp_path_factory):
    """A sweep stopped at +/- 0.06 on one process, made once for this module's tests (they copy it)."""
    out = tmp_path_factory.mktemp("stopping") / "one"
    assert main([*ARGS, "--until-halfwidth", "0.06", "--out", str(out), "--jobs", "1"]) == 0
    return out


def test_each_cell_stops_when_its_interval_is_narrow_enough(stopped, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    shutil.copytree(stopped, one)  # --until-halfwidth 0.06 on one process
    assert main([*ARGS, "--until-halfwidth", "0.06", "--out", str(two), "--jobs", "2"]) == 0
    assert (one / "report.json").read_bytes() == (two / "report.json").read_bytes()
    report = _report(one)
    assert report["complete"]
    spec = json.loads((one / "sweep.json").read_text(encoding="utf-8"))
    have = done(one, spec)
    for c, cell in enumerate(report["cells"]):
        stop = cell["stopped"]
        assert stop["reached"] and stop["halfwidth"] <= 0.06 and 0 < cell["games"] == stop["games"] < 4000
        widest = max((s["ci95"][1] - s["ci95"][0]) / 2 for s in cell["seats"])
        assert abs(widest - stop["halfwidth"]) < 2e-4  # the reported seats' interval is the one that stopped it
        t = Tally(2)  # one slice fewer was not enough
        for sl in sorted(sl for sl in have if sl[0] == c and sl[2] < cell["games"]):
            t.merge(have[sl])
        assert halfwidth(t, False) > 0.06
    # a narrower target reuses the slices played and goes on
    before = {p.name for p in (one / "slices").iterdir()}
    assert main(["sweep", "--resume", str(one), "--until-halfwidth", "0.045", "--jobs", "1"]) == 0
    narrower = _report(one)
    assert all(c["stopped"]["halfwidth"] <= 0.045 and c["games"] > o["games"] for c, o in
               zip(narrower["cells"], report["cells"]))
    assert before <= {p.name for p in (one / "slices").iterdir()}
    fresh = tmp_path / "fresh"
    assert main([*ARGS, "--until-halfwidth", "0.045", "--out", str(fresh), "--jobs", "1"]) == 0
    assert (fresh / "report.json").read_bytes() == (one / "report.json").read_bytes()


def test_a_bad_halfwidth_is_refused(tmp_path, capsys):
    assert main([*ARGS, "--until-halfwidth", "0.9", "--out", str(tmp_path / "o")]) == 2
    assert "--until-halfwidth 0.9: use 0.001 to 0.25" in capsys.readouterr().err


def test_stopping_on_a_dask_cluster_gives_the_same_report(stopped, tmp_path, dask_scheduler):
    """The rounds of --until-halfwidth on a real local Dask cluster of two worker processes (conftest.dask_scheduler,
    shared with test_sweep.py's Dask test): the local report (stopped's, made on one process)."""
    remote = tmp_path / "dask"
    assert main([*ARGS, "--until-halfwidth", "0.06", "--cluster", "dask", "--scheduler", dask_scheduler,
                 "--out", str(remote)]) == 0
    assert (remote / "report.json").read_bytes() == (stopped / "report.json").read_bytes()
    assert _report(stopped)["cells"][0]["stopped"]["games"] < 4000
