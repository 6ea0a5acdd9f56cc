"""The export gate: prove a board playable by a seeded sample simulation before any component shows it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ...board.check import check_dead_ends
from ...board.model import Board
from ...output.cache import note_damaged, read_json_entry, write_json_entry
from ...problems import Problem
from .defaults import RULINGS
from ..digest import engine_digest, engine_id

CACHE_DIR = Path("build/cache")


@dataclass(frozen=True)
class ProofSettings:
    """How the gate proves a board.

    max_spread bounds (best seat win rate - worst seat win rate) over the finished games. With 500 games one
    seat's rate has a standard error of about 0.02, so sampling alone rarely spreads four seats by more than
    0.08; 0.15 (e.g. 0.325 against 0.175) only trips on a structural bias such as one corner's clearly
    shorter way to the Dojo.
    """

    games: int = 500
    players: int = 4
    seed: int = 1
    max_spread: float = 0.15
    max_turns: int = 2000
    policy: str = "p0"


@dataclass(frozen=True)
class Proof:
    """The outcome of the gate for one board; `problems` names every proof that failed."""

    fingerprint: str
    settings: ProofSettings
    finished: int
    unfinished: int
    stuck_moves: int
    mean_turns: float | None
    seat_win_rates: tuple[float, ...]
    seat_spread: float | None
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every proof passed."""
        return not self.problems

    def summary(self) -> dict[str, Any]:
        """What goes into manifest.json under board.proof (and, small, into the board's margin)."""
        return {"games": self.settings.games, "seed": self.settings.seed, "players": self.settings.players,
                "finished": self.finished, "unfinished": self.unfinished, "stuck_moves": self.stuck_moves,
                "mean_turns": self.mean_turns, "seat_win_rates": list(self.seat_win_rates),
                "seat_spread": self.seat_spread, "engine": engine_id()}


def _problems(report: dict[str, Any], settings: ProofSettings) -> list[Problem]:
    out = []
    games = f"{settings.games} seeded {settings.players}-player games (seed {settings.seed})"
    if report["stuck_moves"]:
        out.append(Problem("error", "proof.stuck", f"{report['stuck_moves']} move(s) could not be walked in full in "
                           f"{games}: a pawn was blocked (DR-T05)", hint="open walls so every square leads on"))
    if report["unfinished"]:
        out.append(Problem("error", "proof.unfinished", f"{report['unfinished']} of {games} reached the "
                           f"{settings.max_turns}-turn cap without a winner", hint="make the Dojo reachable"))
    spread = report["seat_spread"]
    if spread is None or spread > settings.max_spread:
        rates = ", ".join(f"seat {i + 1} {r:.1%}" for i, r in enumerate(report["seat_win_rates"]))
        out.append(Problem("error", "proof.spread", f"seat win rates spread {spread if spread is None else f'{spread:.3f}'} "
                           f"over the bound {settings.max_spread} in {games}: {rates}",
                           hint="check that every corner is equally far from the Dojo"))
    return out


def prove_board(board: Board, fingerprint: str, settings: ProofSettings, deck: tuple[int, ...]) -> Proof:
    """Dead-end check (as errors) plus the sample simulation: zero stuck moves, zero unfinished, spread in bound."""
    from .engine import GameConfig  # here: a build whose proof is cached never imports the engine
    from .report import summarise
    from .runner import run_games

    config = GameConfig(players=settings.players, start=None, max_turns=settings.max_turns, deck=deck)
    report = summarise(run_games(board, config, settings.games, settings.seed, settings.policy), settings.players)
    problems = check_dead_ends(board, severity="error") + _problems(report, settings)
    return Proof(fingerprint, settings, report["finished"], report["unfinished"], report["stuck_moves"],
                 report["turns"]["mean"], tuple(report["seat_win_rates"]), report["seat_spread"], tuple(problems))


def cache_key(fingerprint: str, settings: ProofSettings, deck: tuple[int, ...]) -> str:
    """sha256 of everything the proof depends on: the engine's code (rulings included), the board, the deck, settings."""
    text = json.dumps([engine_digest(), fingerprint, list(deck), asdict(settings), repr(RULINGS)], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def cache_path(root: Path, key: str) -> Path:
    """Where the proof with this cache key is kept."""
    return root / CACHE_DIR / f"proof-{key[:24]}.json"


def _record(proof: Proof, key: str) -> dict[str, Any]:
    return {"key": key, "engine": engine_digest(), "fingerprint": proof.fingerprint, "summary": proof.summary(),
            "problems": [asdict(p) for p in proof.problems]}


def _from_json(data: dict, key: str, fingerprint: str, settings: ProofSettings) -> Proof | None:
    """The cached proof, or None unless the entry (sealed with this user's key: read_json_entry) claims exactly this
    key, engine and board."""
    try:
        if data["key"] != key or data["engine"] != engine_digest():
            return None
        s = data["summary"]
        if (data["fingerprint"] != fingerprint or s["engine"] != engine_id() or s["games"] != settings.games
                or s["seed"] != settings.seed or s["players"] != settings.players
                or s["finished"] + s["unfinished"] != settings.games or len(s["seat_win_rates"]) != settings.players):
            return None
        return Proof(fingerprint, settings, s["finished"], s["unfinished"], s["stuck_moves"], s["mean_turns"],
                     tuple(s["seat_win_rates"]), s["seat_spread"], tuple(Problem(**p) for p in data["problems"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def cached_proof(root: Path, board: Board, fingerprint: str, deck: tuple[int, ...],
                 settings: ProofSettings = ProofSettings()) -> Proof:
    """prove_board, reusing build/cache/proof-<key>.json when the engine, board, deck and settings are unchanged.

    An entry that is not sealed with this user's key (output/seal.py: edited, planted, made elsewhere) or does not
    match what it claims (truncated, another engine's, another board's) is discarded and the board proved again.
    """
    key = cache_key(fingerprint, settings, deck)
    path = cache_path(root, key)
    data = read_json_entry(path, key, named_by_key=True)
    if data is not None:
        proof = _from_json(data, key, fingerprint, settings)
        if proof is not None:
            return proof
        note_damaged(path, "it does not match its engine or board")
    proof = prove_board(board, fingerprint, settings, deck)
    write_json_entry(path, _record(proof, key))
    return proof
