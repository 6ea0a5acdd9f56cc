"""Running many seeded games, optionally over several processes, with identical results whatever the job count."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Callable

from ...board.model import Board
from .engine import Game, GameConfig
from ..lab import seating
from .policies import POLICIES
from ..pool import Job, run_slices
from .tables import Tables

CHUNK = 50


@dataclass(frozen=True)
class GameResult:
    """What one game leaves behind for the report."""

    index: int
    finished: bool
    winner: int | None  # seat (0 = first player)
    winner_room: int | None
    turns: int
    rounds: int
    stuck: int
    stays: int
    closures: int
    kumite: int
    attacker_wins: int
    exams: int
    exam_wins: int
    exam_no_defender: int
    uke_saves: int
    teleports: int
    drawn: tuple[int, ...]
    progress: tuple[int, ...]  # notches applied by source (engine.PROGRESS)
    ends: tuple[int, ...]  # movements ended by square kind
    ladder: tuple[tuple[int, ...], ...]
    focus: int | None = None  # a pairing "A/B": the seat that played A (the others played B)


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of how games are spread over processes."""
    return int.from_bytes(hashlib.sha256(f"dojo-sim:{seed}:{index}".encode()).digest()[:8], "big")


def played(tables: Tables, config: GameConfig, policy: str, seed: int, index: int) -> tuple[Game, int | None]:
    """Game `index` of a run played to its end with its one seeded RNG (policy: a name, or a pairing "A/B"), and
    the pairing's focus seat."""
    rng = random.Random(game_seed(seed, index))
    policies, focus = seating(policy, config.players, index, POLICIES)
    g = Game(tables, config, rng, policies)
    g.play()
    return g, focus


def play_game(tables: Tables, config: GameConfig, policy: str, seed: int, index: int) -> GameResult:
    """Play one game with one seeded RNG and return its result (policy: a name, or a pairing "A/B")."""
    g, focus = played(tables, config, policy, seed, index)
    s = g.stats
    return GameResult(index, g.finished, g.winner, g.room[g.winner] if g.winner is not None else None, g.turn,
                      -(-g.turn // g.n), s.stuck, s.stays, s.closures, s.kumite, s.attacker_wins, s.exams, s.exam_wins,
                      s.exam_no_defender, s.uke_saves, s.teleports, tuple(s.drawn), tuple(s.progress), tuple(s.ends),
                      tuple(g.ladder), focus)


_WORKER: dict[str, Tables] = {}  # per worker process: the tables built once by the pool initializer


def _init_worker(board: Board) -> None:
    _WORKER["tables"] = Tables(board)


def run_job(job: Job) -> list[GameResult]:
    """Play games start..stop of a run (worker entry point)."""
    tables = _WORKER["tables"]
    return [play_game(tables, job.config, job.policy, job.seed, i) for i in range(job.start, job.stop)]


def run_games(board: Board, config: GameConfig, games: int, seed: int, policy: str = "p0", jobs: int = 1,
              progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play `games` games; results in game order, identical for any `jobs`."""
    slices = [Job(config, policy, seed, a, min(a + CHUNK, games)) for a in range(0, games, CHUNK)]
    tables: list[Tables] = []  # built once, on the first slice played in this process

    def local(job: Job) -> list[GameResult]:
        if not tables:
            tables.append(Tables(board))
        return [play_game(tables[0], config, policy, seed, i) for i in range(job.start, job.stop)]

    return run_slices(slices, local, run_job, _init_worker, board, jobs, progress)
