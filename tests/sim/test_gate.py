"""The export gate: the project board is proved, broken boards name the failed proof, proofs are cached."""

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from generator.board.load import load_quadrant
from generator.board.model import build_board
from generator.kit import build as kit_build
from generator.kit.build import prepare
from generator.kit.model import BuildOptions
from generator.problems import CheckFailed
from generator.sim import gate
from generator.sim.gate import ProofSettings, cached_proof, prove_board

from .helpers import fixture, line

ROOT = Path(__file__).resolve().parents[2]
BOARD = build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant)
SMALL = ProofSettings(games=60)
SUMMARY_KEYS = {"games", "seed", "players", "finished", "unfinished", "stuck_moves", "mean_turns", "seat_win_rates",
                "seat_spread", "engine"}


def test_project_board_is_proved():
    """The project board passes: no stuck move, every game finished, seat spread within the bound."""
    proof = prove_board(BOARD, "fp", SMALL)
    assert proof.ok and proof.problems == ()
    s = proof.summary()
    assert set(s) == SUMMARY_KEYS and s["games"] == 60 and s["finished"] == 60 and s["stuck_moves"] == 0
    assert len(s["seat_win_rates"]) == 4 and s["seat_spread"] <= SMALL.max_spread


def test_failed_proofs_are_named():
    """A turn cap that games cannot meet and an impossible spread bound each name their proof."""
    proof = prove_board(BOARD, "fp", replace(SMALL, max_turns=8, max_spread=-1.0))
    rules = {p.rule for p in proof.problems}
    assert not proof.ok and {"proof.unfinished", "proof.spread"} <= rules
    assert any("8-turn cap" in p.message for p in proof.problems)


def test_dead_end_board_fails_the_gate():
    """A board with dead ends and no way to the Dojo fails with dead-end errors and stuck moves."""
    board = fixture([line(11, 1, 4)])
    proof = prove_board(board, "fp", ProofSettings(games=3, max_turns=30))
    rules = {p.rule for p in proof.problems}
    assert {"dead-end", "proof.stuck", "proof.unfinished"} <= rules
    assert all(p.severity == "error" for p in proof.problems)


def test_proof_is_cached(tmp_path, monkeypatch):
    """A second proof of the same board, engine and settings is read from build/cache, not simulated."""
    first = cached_proof(tmp_path, BOARD, "abc", SMALL)
    files = list((tmp_path / "build/cache").glob("proof-*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["summary"] == first.summary()
    monkeypatch.setattr(gate, "prove_board", lambda *a, **k: pytest.fail("re-simulated a cached proof"))
    assert cached_proof(tmp_path, BOARD, "abc", SMALL).summary() == first.summary()
    monkeypatch.undo()
    other = cached_proof(tmp_path, BOARD, "abc", replace(SMALL, seed=2))
    assert other.summary()["seed"] == 2 and len(list((tmp_path / "build/cache").glob("proof-*.json"))) == 2


def project_copy(tmp_path: Path) -> Path:
    """A copy of the project's inputs (content and locales) to build from."""
    for name in ("content", "locales"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def test_build_puts_the_proof_in_the_context(tmp_path):
    """prepare() proves the board and hands the summary to the build (manifest board.proof)."""
    root = project_copy(tmp_path)
    ctx = prepare(root, BuildOptions(lang="en", proof_games=40))
    assert set(ctx.proof) == SUMMARY_KEYS and ctx.proof["games"] == 40 and ctx.proof["unfinished"] == 0


def test_build_stops_when_the_proof_fails(tmp_path, monkeypatch):
    """A failing proof raises CheckFailed naming the proof; nothing is exported."""
    root = project_copy(tmp_path)
    real = kit_build.cached_proof
    monkeypatch.setattr(kit_build, "cached_proof",
                        lambda r, b, f, s: real(r, b, f, replace(s, max_spread=-1.0)))
    with pytest.raises(CheckFailed) as err:
        prepare(root, BuildOptions(lang="en", proof_games=40))
    assert [p.rule for p in err.value.problems] == ["proof.spread"]
    assert not (root / "build/pnp").exists()
