"""The export gate: the project board is proved, broken boards name the failed proof, proofs are cached."""

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from generator.board.load import load_quadrant
from generator.board.model import build_board
from generator.kit import phase_one as kit_build  # where phase one plays the proofs
from generator.kit.build import prepare
from generator.plan.model import BuildOptions
from generator.output.cache import damage_notes, write_json_entry
from generator.problems import CheckFailed
from generator.sim.dojo import gate
from generator.sim.dojo.gate import ProofSettings, cached_proof, prove_board

from .helpers import DECK, fixture, line

ROOT = Path(__file__).resolve().parents[2]
BOARD = build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant)
SMALL = ProofSettings(games=60)
SUMMARY_KEYS = {"games", "seed", "players", "finished", "unfinished", "stuck_moves", "mean_turns", "seat_win_rates",
                "seat_spread", "engine"}


def test_project_board_is_proved():
    """The project board passes: no stuck move, every game finished, seat spread within the bound."""
    proof = prove_board(BOARD, "fp", SMALL, DECK)
    assert proof.ok and proof.problems == ()
    s = proof.summary()
    assert set(s) == SUMMARY_KEYS and s["games"] == 60 and s["finished"] == 60 and s["stuck_moves"] == 0
    assert len(s["seat_win_rates"]) == 4 and s["seat_spread"] <= SMALL.max_spread


def test_failed_proofs_are_named():
    """A turn cap that games cannot meet and an impossible spread bound each name their proof."""
    proof = prove_board(BOARD, "fp", replace(SMALL, max_turns=8, max_spread=-1.0), DECK)
    rules = {p.rule for p in proof.problems}
    assert not proof.ok and {"proof.unfinished", "proof.spread"} <= rules
    assert any("8-turn cap" in p.message for p in proof.problems)


def test_dead_end_board_fails_the_gate():
    """A board with dead ends and no way to the Dojo fails with dead-end errors and stuck moves."""
    board = fixture([line(11, 1, 4)])
    proof = prove_board(board, "fp", ProofSettings(games=3, max_turns=30), DECK)
    rules = {p.rule for p in proof.problems}
    assert {"dead-end", "proof.stuck", "proof.unfinished"} <= rules
    assert all(p.severity == "error" for p in proof.problems)


def test_proof_is_cached(tmp_path, monkeypatch):
    """A second proof of the same board, engine and settings is read from build/cache, not simulated."""
    first = cached_proof(tmp_path, BOARD, "abc", DECK, SMALL)
    files = list((tmp_path / "build/cache").glob("proof-*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["summary"] == first.summary()
    monkeypatch.setattr(gate, "prove_board", lambda *a, **k: pytest.fail("re-simulated a cached proof"))
    assert cached_proof(tmp_path, BOARD, "abc", DECK, SMALL).summary() == first.summary()
    monkeypatch.undo()
    other = cached_proof(tmp_path, BOARD, "abc", DECK, replace(SMALL, seed=2))
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
                        lambda r, b, f, d, s: real(r, b, f, d, replace(s, max_spread=-1.0)))
    with pytest.raises(CheckFailed) as err:
        prepare(root, BuildOptions(lang="en", proof_games=40))
    assert [p.rule for p in err.value.problems] == ["proof.spread"]
    assert not (root / "build/pnp").exists()


def _entry(tmp_path) -> Path:
    files = list((tmp_path / "build/cache").glob("proof-*.json"))
    assert len(files) == 1
    return files[0]


def _counting(monkeypatch) -> list:
    """Count the simulations cached_proof runs from now on."""
    runs = []
    real = gate.prove_board
    monkeypatch.setattr(gate, "prove_board", lambda *a: runs.append(1) or real(*a))
    return runs


@pytest.mark.parametrize("tamper", ["edited", "truncated", "other-engine", "other-board", "resealed-lie"])
def test_a_cache_entry_that_does_not_match_its_claim_is_proved_again(tmp_path, monkeypatch, tamper):
    """Edited, truncated, another engine's or another board's entries are discarded; the board is proved again."""
    first = cached_proof(tmp_path, BOARD, "abc", DECK, SMALL)
    path = _entry(tmp_path)
    data = json.loads(path.read_text())
    if tamper == "edited":
        data["summary"]["stuck_moves"] = 0 if first.stuck_moves else 7
        path.write_text(json.dumps(data))
    elif tamper == "truncated":
        path.write_text(path.read_text()[: len(path.read_text()) // 2])
    elif tamper == "other-engine":  # sealed with this user's key (a genuine entry of another engine)
        data["engine"] = "0" * 64
        write_json_entry(path, {k: v for k, v in data.items() if k != "seal"})
    elif tamper == "other-board":
        data["fingerprint"] = "xyz"
        write_json_entry(path, {k: v for k, v in data.items() if k != "seal"})
    else:  # sealed again, but the summary claims more games than the settings ask for
        data["summary"]["finished"] += 1
        write_json_entry(path, {k: v for k, v in data.items() if k != "seal"})
    runs = _counting(monkeypatch)
    again = cached_proof(tmp_path, BOARD, "abc", DECK, SMALL)
    assert runs == [1] and again.summary() == first.summary()
    assert json.loads(path.read_text())["summary"] == first.summary()  # the entry is rewritten whole
    runs.clear()
    cached_proof(tmp_path, BOARD, "abc", DECK, SMALL)
    assert runs == []  # and trusted again
    assert len(damage_notes()) == 1  # one line for the discarded entry (drained: no later test sees it)


def test_the_cache_key_follows_the_engine_code_and_the_deck(monkeypatch):
    """Any change to the engine's source or to the Nebbia deck gives another key (no hand-bumped version)."""
    key = gate.cache_key("abc", SMALL, DECK)
    assert gate.cache_key("abc", SMALL, DECK[:-1]) != key
    monkeypatch.setattr(gate, "engine_digest", lambda: "f" * 64)
    assert gate.cache_key("abc", SMALL, DECK) != key


def test_engine_digest_covers_every_engine_source():
    from generator.sim.digest import code_files

    names = {p.name for p in code_files()}
    assert {"engine.py", "policy.py", "tables.py", "defaults.py", "legal.py", "cards.py", "model.py"} <= names


def test_the_proof_plays_the_content_deck(tmp_path):
    """A fourth copy of a card in content/dojo/nebbia.toml reaches the deck the proof plays (23 cards)."""
    from generator.sim.dojo.cards import load_deck

    root = project_copy(tmp_path)
    path = root / "content/dojo/nebbia.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('id = "kiai"')
    end = text.index("copies = 3", start)
    path.write_text(text[:end] + "copies = 4" + text[end + len("copies = 3"):], encoding="utf-8")
    deck = load_deck(root)
    assert len(deck) == 23 and len(DECK) == 22 and deck.count(0) == 4
    assert gate.cache_key("abc", SMALL, deck) != gate.cache_key("abc", SMALL, DECK)


def test_a_card_without_an_effect_stops_the_build(tmp_path):
    root = project_copy(tmp_path)
    path = root / "content/dojo/nebbia.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('id = "irimi"', 'id = "irimi-2"'), encoding="utf-8")
    with pytest.raises(CheckFailed) as err:
        prepare(root, BuildOptions(lang="en", proof_games=40))
    assert "irimi-2" in str(err.value.problems[0].message) and err.value.problems[0].file == "content/dojo/nebbia.toml"
