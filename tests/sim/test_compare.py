"""Rule variants compared game by game with the printed rule (same seeds): GROUND's G5 changes no outcome but the
shared Mode's mastery (4.8 -> 8.7, the figure the designer's page shows), and the report says so plainly; the paired
figures are the ones a second computation from the per-game records gives."""

import json

from generator.cli import main
from generator.sim.sweep.compare import compare
from generator.sim.sweep.tally import Tally


def test_g5_changes_no_outcome_but_the_shared_modes_mastery(tmp_path, capsys):
    args = ["sweep", "--game", "ground", "--players", "4", "--mode", "shared-ground", "--policy", "heuristic",
            "--scenario", "sc-group-project", "--rule", "G5=claimed-problems,claimed-points", "--games", "120"]
    assert main([*args, "--out", str(tmp_path), "--jobs", "1"]) == 0
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["grid"]["printed"] == {"G5": "claimed-problems"}
    (c,) = report["comparisons"]
    assert (c["rule"], c["value"], c["printed"], c["games"], c["changed"]) == ("G5", "claimed-points",
                                                                                "claimed-problems", 120, 0)
    assert c["verdict"] == "changed the outcome of 0 of 120 games"
    m = c["measures"]["mastery"]
    assert 4 < m["before"] < 6 and 7.5 < m["after"] < 10 and m["ci95"][0] > 3 and m["p"] < 1e-6
    assert m["higher"] > 100 and m["lower"] == 0
    assert c["measures"]["won together"]["difference"] == 0 and c["measures"]["won together"]["ci95"] == [0, 0]
    for cell in report["cells"]:
        assert "mastery" in cell["measures"] and cell["length"]["capped"] == 0
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "changed the outcome of 0 of 120 games" in html and "mastery" in html
    assert "differs: mastery +3." in capsys.readouterr().out


def test_paired_figures_from_the_per_game_records():
    """A hand-made pair of cells: 3 of 8 outcomes changed; McNemar on seat 1 (2 lost, 0 gained), paired interval."""
    from statsmodels.stats.contingency_tables import mcnemar

    a, b = Tally(2), Tally(2)
    for w, lb in zip([(0,), (0,), (1,), (0,), (), (1,), (0,), (1,)], [5, 6, 5, 7, 9, 5, 6, 5]):
        a.add(w, lb, set())
    for w, lb in zip([(0,), (1,), (1,), (1,), (), (1,), (0,), (0,)], [5, 6, 5, 7, 9, 5, 6, 6]):
        b.add(w, lb, set())
    rec = lambda t: {"outcomes": "".join(t.outcomes), "lengths": t.lengths, "values": {}, "seats": 2}  # noqa: E731
    c = compare({}, rec(a), rec(b))
    assert c["changed"] == 3 and c["verdict"] == "changed the outcome of 3 of 8 games"
    s1 = c["measures"]["seat 1 won alone"]
    assert (s1["lost"], s1["gained"], s1["difference"]) == (2, 1, -0.125)
    assert s1["p"] == round(mcnemar([[2, 2], [1, 3]], exact=True).pvalue, 6)
    assert c["measures"]["length"]["higher"] == 1 and c["measures"]["length"]["difference"] == 0.125
    same = compare({}, rec(a), rec(a))
    assert same["changed"] == 0 and same["verdict"].startswith("changed 0 of 8 games")


def test_a_numeric_rule_gets_a_sensitivity_plot(tmp_path):
    """D14 over four numbers: a plot of the measures against the value (with whiskers) and the paired differences;
    a boolean rule gets no sensitivity plot."""
    assert main(["sweep", "--game", "duel", "--rule", "D14=0,6,12", "--games", "60", "--out", str(tmp_path / "n"),
                 "--jobs", "1"]) == 0
    html = (tmp_path / "n" / "report.html").read_text(encoding="utf-8")
    assert "Sensitivity to D14" in html and html.count("<img") == 5
    report = json.loads((tmp_path / "n" / "report.json").read_text(encoding="utf-8"))
    assert [c["value"] for c in report["comparisons"]] == [0, 6] and report["grid"]["printed"] == {"D14": 12}
    for c in report["cells"]:
        lo, hi = c["length"]["ci95_with_capped"]
        assert lo <= c["length"]["mean_with_capped"] <= hi
    assert main(["sweep", "--game", "duel", "--rule", "D04=true,false", "--games", "20", "--out",
                 str(tmp_path / "b"), "--jobs", "1"]) == 0
    assert "Sensitivity to" not in (tmp_path / "b" / "report.html").read_text(encoding="utf-8")
