"""The GROUND export gate: every sample Scenario played at every player count it allows, in every Mode, before print.

No game may stop on an engine error (a deadlock or an illegal state) or end unfinished, and each Scenario must reach
its threshold in some game at each player count. The proof is cached in build/cache/ by a digest of the engine's
code, the loaded dataset and the settings, so a warm build does not play again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ...content.ground import GroundData
from ...problems import Problem
from ..digest import engine_digest
from .version import ENGINE_VERSION
from ...output.cache import note_damaged, read_json_entry, write_json_entry

CACHE_DIR = Path("build/cache")


@dataclass(frozen=True)
class GroundProofSettings:
    """How many seeded games per Scenario, player count, Mode and policy the gate plays."""

    games: int = 12
    seed: int = 1
    policies: tuple[str, ...] = ("heuristic", "random")


@dataclass(frozen=True)
class GroundProof:
    """The gate's outcome: per Scenario, games played, unfinished, threshold reached; problems if any failed."""

    scenarios: dict[str, dict[str, Any]]
    settings: GroundProofSettings
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every proof passed."""
        return not self.problems

    def summary(self) -> dict[str, Any]:
        """What goes into manifest.json under ground.proof."""
        return {"engine": ENGINE_VERSION, "seed": self.settings.seed, "policies": list(self.settings.policies),
                "games_per_combination": self.settings.games, "scenarios": self.scenarios}


def player_counts(data: GroundData) -> list[int]:
    """Every player count the edition's thresholds allow (GR-E01)."""
    return sorted({n for b in data.thresholds for n in range(b.lo, b.hi + 1)})


def prove_ground(data: GroundData, settings: GroundProofSettings = GroundProofSettings()) -> GroundProof:
    """Play every Scenario x player count x Mode x policy; collect unfinished games and unreachable thresholds."""
    from .engine import MODES, GameConfig  # here: a build whose proof is cached never imports the engine
    from .runner import run_games

    counts = player_counts(data)
    modes = [m.id for m in data.modes if m.id in MODES]
    scenarios: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    for sc in data.scenarios:
        configs = [GameConfig(sc.id, m, n) for n in counts for m in modes]
        runs = {policy: run_games(data, configs, settings.games, settings.seed, policy) for policy in settings.policies}
        results = [r for rs in runs.values() for r in rs]
        unfinished = [r for r in results if not r.finished]
        reached = {n: sum(r.group_success for r in results if r.players == n) for n in counts}
        per_count = sum(1 for r in results if r.players == counts[0])
        scenarios[sc.id] = {"games": len(results), "finished": len(results) - len(unfinished),
                            "unfinished": len(unfinished), "players": [counts[0], counts[-1]], "modes": len(modes),
                            "threshold_reached": {policy: round(sum(r.group_success for r in rs) / len(rs), 4)
                                                  for policy, rs in runs.items()}}
        where = f"scenario {sc.id}"
        deadlocks = [r for r in unfinished if (r.error or "").startswith("Deadlock")]
        scenarios[sc.id]["deadlocks"] = len(deadlocks)
        if deadlocks:
            problems.append(Problem("error", "ground-proof.deadlock", f"{len(deadlocks)} seeded game(s) reached a "
                                    f"state with no legal choice: {deadlocks[0].error}", "content/ground/scenarios.toml",
                                    None, None, where, "a player must always have a legal Action (GROUND)"))
        if unfinished:
            first = unfinished[0]
            problems.append(Problem("error", "ground-proof.unfinished", f"{len(unfinished)} of {len(results)} seeded "
                                    f"games did not finish; first: {first.players} players, {first.mode}: "
                                    f"{first.error or 'stopped before round 5 ended'}", "content/ground/scenarios.toml",
                                    None, None, where, "fix the engine or the edition data named in the error"))
        for n, k in reached.items():
            if not k:
                problems.append(Problem("error", "ground-proof.threshold", f"with {n} players no seeded game (of "
                                        f"{per_count}) reached the threshold {data.threshold(n)}",
                                        "content/ground/scenarios.toml", None, None, where,
                                        "add Problems or value, or lower the threshold"))
    scenarios = json.loads(json.dumps(scenarios, sort_keys=True))  # the same key order as a cached proof
    return GroundProof(scenarios, settings, tuple(problems))


def cache_key(data: GroundData, settings: GroundProofSettings) -> str:
    """sha256 of the simulator's code (generator/sim, GROUND engine included), the loaded dataset and the settings."""
    text = json.dumps([engine_digest(), ENGINE_VERSION, repr(data), asdict(settings)], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def cache_path(root: Path, key: str) -> Path:
    """Where the proof with this cache key is kept."""
    return root / CACHE_DIR / f"ground-proof-{key[:24]}.json"


def cached_ground_proof(root: Path, data: GroundData, settings: GroundProofSettings = GroundProofSettings()) -> GroundProof:
    """prove_ground, reusing build/cache/ground-proof-<key>.json when engine, data and settings are unchanged."""
    key = cache_key(data, settings)
    path = cache_path(root, key)
    record = read_json_entry(path, key, named_by_key=True)
    if record is not None:
        try:
            return GroundProof(record["scenarios"], settings, tuple(Problem(**p) for p in record["problems"]))
        except (ValueError, KeyError, TypeError):
            note_damaged(path, "its fields are malformed")
    proof = prove_ground(data, settings)
    record = {"key": key, "scenarios": proof.scenarios, "problems": [asdict(p) for p in proof.problems]}
    write_json_entry(path, record)
    return proof


def ground_gate(root: Path, data: GroundData | None = None) -> tuple[dict[str, Any] | None, list[Problem]]:
    """For prepare(): the cached proof's summary and its blocking problems; nothing when GROUND is absent.

    `data` is the dataset phase one loaded; None (it did not load) is reported by phase one with file and line.
    """
    if data is None:
        return None, []
    proof = cached_ground_proof(root, data)
    return proof.summary(), list(proof.problems)
