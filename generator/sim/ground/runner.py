"""Running many seeded GROUND games, optionally over several processes, with identical results for any job count."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Callable

from ...content.ground import GroundData
from ..pool import Job, run_slices
from .engine import Game, GameConfig, IllegalChoice
from .policies import POLICIES
from .version import ENGINE_VERSION as ENGINE_VERSION  # bump it there on any rule change

CHUNK = 100


@dataclass(frozen=True)
class GameResult:
    """What one game leaves behind for the report."""

    index: int
    scenario: str
    mode: str
    players: int
    first_lead: int
    finished: bool
    error: str | None
    rounds: int
    total: int
    threshold: int
    group_success: bool
    winners: tuple[int, ...]
    tiebreak: str | None
    mastery: int | None
    stress: tuple[int, ...]
    solved: tuple[tuple[str, int], ...]
    denied: tuple[tuple[str, int], ...]
    actions: tuple[tuple[str, int], ...]
    darvo_triggers: int
    stages: tuple[tuple[str, int], ...]
    darvo_cancelled: int
    reverses_rejected: int
    attacks_cancelled: int
    stress5_ends: int
    freedom_spent: int
    blames: int


def game_seed(seed: int, index: int, config: GameConfig) -> int:
    """The seed of game `index` of a run: independent of the job count and of the other configurations run."""
    key = f"ground-sim:{seed}:{config.scenario}:{config.players}:{config.mode}:{index}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def play_game(data: GroundData, config: GameConfig, policy: str, seed: int, index: int) -> GameResult:
    """Play one game with one seeded RNG; an engine error is recorded as an unfinished game."""
    g = Game(data, config, random.Random(game_seed(seed, index, config)), [POLICIES[policy]()])
    first_lead = g.lead
    error = None
    try:
        out = g.play()
    except (IllegalChoice, ValueError, KeyError, IndexError, StopIteration) as exc:
        error, out = f"{type(exc).__name__}: {exc}", None
    return result_of(g, config, index, first_lead, out, error)


def result_of(g: Game, config: GameConfig, index: int, first_lead: int, out, error: str | None) -> GameResult:
    """What game `index` leaves behind for the report (out: its score, None after an engine error)."""
    s = g.stats
    return GameResult(
        index, config.scenario, config.mode, config.players, first_lead, out is not None and g.round == 6, error,
        g.round - 1, out.total if out else 0, out.threshold if out else 0, bool(out and out.group_success),
        out.winners if out else (), out.tiebreak if out else None, out.mastery if out else None, tuple(g.stress),
        tuple(s.solved), tuple(s.denied), tuple(s.actions.items()), s.darvo_triggers, tuple(s.stages.items()),
        s.darvo_cancelled, s.reverses_rejected, s.attacks_cancelled, s.stress5_ends, s.freedom_spent, s.blames)


_WORKER: dict[str, GroundData] = {}


def _init_worker(data: GroundData) -> None:
    _WORKER["data"] = data


def run_job(job: Job) -> list[GameResult]:
    """Play games start..stop of a run (worker entry point)."""
    return [play_game(_WORKER["data"], job.config, job.policy, job.seed, i) for i in range(job.start, job.stop)]


def run_games(data: GroundData, configs: list[GameConfig], games: int, seed: int, policy: str = "heuristic",
              jobs: int = 1, progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """`games` games for each configuration; results in order, identical for any `jobs`."""
    slices = [Job(c, policy, seed, a, min(a + CHUNK, games)) for c in configs for a in range(0, games, CHUNK)]

    def local(job: Job) -> list[GameResult]:
        return [play_game(data, job.config, job.policy, job.seed, i) for i in range(job.start, job.stop)]

    return run_slices(slices, local, run_job, _init_worker, data, jobs, progress)
