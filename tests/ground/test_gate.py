"""The GROUND export gate: every Scenario x player count x Mode played, cached, in the manifest and on the cards."""

import dataclasses
import io
import json
from pathlib import Path

import pypdf
import pytest

from generator.content.ground import load_ground
from generator.kit.build import manifest
from generator.sim.ground import gate
from generator.sim.ground.engine import Game, IllegalChoice
from generator.sim.ground.gate import GroundProofSettings, cached_ground_proof, ground_gate, prove_ground

from .kitcache import build_lang

ROOT = Path(__file__).resolve().parents[2]
DATA = load_ground(ROOT)[0]
SMALL = GroundProofSettings(games=2)


def test_sample_edition_passes_every_combination():
    """3 Scenarios x 5 player counts x 3 Modes x 2 policies, every game finished, thresholds reached."""
    proof = prove_ground(DATA, SMALL)
    assert proof.ok, proof.problems
    for sc in DATA.scenarios:
        row = proof.scenarios[sc.id]
        assert row["games"] == 5 * 3 * 2 * 2 and row["unfinished"] == 0 and row["players"] == [2, 6]
        assert row["threshold_reached"]["heuristic"] > 0.5


def test_unreachable_threshold_is_named():
    """A threshold no game reaches fails the gate naming the Scenario and the player count."""
    bands = tuple(dataclasses.replace(b, value=99) if b.lo == 2 else b for b in DATA.thresholds)
    proof = prove_ground(dataclasses.replace(DATA, thresholds=bands), SMALL)
    rules = {(p.rule, p.where) for p in proof.problems}
    assert rules == {("ground-proof.threshold", f"scenario {s.id}") for s in DATA.scenarios}
    assert all("with 2 players" in p.message for p in proof.problems)


def test_engine_error_is_an_unfinished_game(monkeypatch):
    """A game stopped by an engine error (e.g. a policy's illegal choice) fails the gate with the error."""
    def broken(self):
        raise IllegalChoice("GR-R03", "test")

    monkeypatch.setattr(Game, "play_round", broken)
    proof = prove_ground(DATA, SMALL)
    assert {p.rule for p in proof.problems} >= {"ground-proof.unfinished"}
    assert "GR-R03: test" in proof.problems[0].message


def test_proof_is_cached_by_engine_and_data(tmp_path, monkeypatch):
    """A second build reuses the cached proof; other data (or engine code) has another key."""
    first = cached_ground_proof(tmp_path, DATA, SMALL)
    monkeypatch.setattr(gate, "prove_ground", lambda *a: pytest.fail("played again"))
    again = cached_ground_proof(tmp_path, DATA, SMALL)
    assert json.dumps(again.summary()) == json.dumps(first.summary())  # same keys in the same order: same manifest
    flip = {"simultaneous": "lead-order", "lead-order": "simultaneous"}
    other = dataclasses.replace(DATA, rulings=tuple(dataclasses.replace(r, value=flip[r.value]) if r.id == "G4"
                                                    else r for r in DATA.rulings))
    assert gate.cache_key(other, SMALL) != gate.cache_key(DATA, SMALL)
    monkeypatch.setattr(gate, "engine_digest", lambda: "changed")  # any simulator code change
    assert gate.cache_key(DATA, SMALL) != gate.cache_key(other, SMALL)


def test_no_ground_content_no_gate(tmp_path):
    """A project without content/ground has no GROUND proof and no problem."""
    assert ground_gate(tmp_path) == (None, [])


@pytest.mark.parametrize("lang, words", [("en", "every game finished"), ("it", "ogni partita conclusa"),
                                         ("ru", "все партии доиграны")])
def test_summary_in_manifest_and_never_on_scenario_cards(lang, words):
    """The proof goes into manifest.json under ground.proof; the Scenario cards carry no simulator statistics
    (issue 29: no developer text on player components)."""
    kit = build_lang(lang)
    record = manifest(kit.ctx, list(kit.artifacts))
    proof = record["ground"]["proof"]
    assert set(proof["scenarios"]) == {s.id for s in DATA.scenarios}
    assert all(row["unfinished"] == 0 for row in proof["scenarios"].values())
    json.dumps(record)
    pdf = kit.pdf("ground-scenario-cards", "sheet")

    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.data)).pages)
    squeeze = lambda t: "".join(t.split())  # noqa: E731 (extraction loses some spaces and adds line breaks)
    assert squeeze(text).count(squeeze(words)) == 0 and "GROUND" in text  # the cards, without the statistics


def test_deadlock_is_named(monkeypatch):
    """A player left without any legal Action is a deadlock: the gate fails naming it."""
    monkeypatch.setattr(Game, "legal_selections", lambda self, p: [])
    monkeypatch.setattr(Game, "is_legal", lambda self, p, s: False)  # the engine's quick check agrees: nothing is
    proof = prove_ground(DATA, SMALL)
    assert "ground-proof.deadlock" in {p.rule for p in proof.problems}
    assert all(row["deadlocks"] == row["games"] for row in proof.scenarios.values())
