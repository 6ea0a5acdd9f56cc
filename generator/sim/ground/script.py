"""GROUND scenarios: a given state, rounds of fixed choices, expected results (tests/ground/scenarios/*.toml).

Seats are numbered 1..n in scenario files (as on the Action cards); the engine counts from 0. Format:

  covers = ["GR-P04", ...]          rule and ruling ids the scenario exercises (each must fire)
  provisional = true                required when covers names a ruling (U1-U10, G1-G6)
  [given]   players, scenario, mode, seed, lead, round, stress, ready, darvo, hands (suits), up, denied,
            claimed {problem = seat}, relations ["1-2 bond"], protection, tokens {seat = "focus 2"|"blame 2"},
            deck (cards left in the deck; the rest go to the discard), discard_empty
  [[round]] select ["solve pr-x", "spend investigate", "attack 2", "support 3", "ground", ...] (one per seat),
            ground {seat = "GR" | "OU restore|cancel|protect X" | "ND blame|break|reject X"},
            accept {seat = true}, rivalry {seat = "bond"|"break"}, deny {seat = "pr-x"}, darvo_attack {seat = 2}
  [then]    stress, ready, darvo, relations, claimed, up, denied, hands (sizes), protection, tokens, lead, round,
            deck, discard, in_play, total, group_success, winners, tiebreak, mastery, illegal (the GR id of a refused choice)
  finish = true                     score the game after the scripted rounds (then: total, winners, ...)
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...content.ground import GroundData
from .engine import BOND, RIVALRY, Game, GameConfig, GroundChoice, IllegalChoice, Selection

RULING_PREFIXES = ("U", "G")
SETUP_KEYS = {"players", "scenario", "mode", "seed", "lead"}


class ScriptError(ValueError):
    """A scenario file that cannot be played as written (names the file and the missing choice)."""


@dataclass(frozen=True)
class Scenario:
    """One scenario file."""

    path: Path
    covers: tuple[str, ...]
    provisional: bool
    given: dict[str, Any]
    rounds: tuple[dict[str, Any], ...]
    then: dict[str, Any]
    finish: bool


def load_scenario(path: Path) -> Scenario:
    """Parse a scenario file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Scenario(path, tuple(data.get("covers", ())), bool(data.get("provisional", False)), data.get("given", {}),
                    tuple(data.get("round", ())), data.get("then", {}), bool(data.get("finish", False)))


def _seat(value: Any) -> int:
    return int(value) - 1


class Scripted:
    """Plays the scenario's fixed choices; a decision the script does not give is a ScriptError."""

    name = "scripted"

    def __init__(self, scenario: Scenario, first_round: int):
        self.sc, self.first = scenario, first_round

    def _round(self, g: Game) -> dict[str, Any]:
        i = g.round - self.first
        if not 0 <= i < len(self.sc.rounds):
            raise ScriptError(f"{self.sc.path.name}: no [[round]] for round {g.round}")
        return self.sc.rounds[i]

    def _get(self, g: Game, table: str, p: int) -> Any:
        row = self._round(g).get(table, {})
        value = row.get(str(p + 1)) if isinstance(row, dict) else None
        if value is None:
            raise ScriptError(f"{self.sc.path.name}: round {g.round} gives no {table!r} choice for seat {p + 1}")
        return value

    def select(self, g: Game, p: int) -> Selection:
        """The scripted Select choice of seat p."""
        words = self._round(g)["select"][p].split()
        spend = words[0] == "spend"
        words = words[1:] if spend else words
        target: int | str | None = None
        if len(words) > 1:
            target = _seat(words[1]) if words[0] in ("support", "attack") else words[1]
        return Selection(words[0], target, spend)

    def ground(self, g: Game, p: int) -> GroundChoice:
        """The scripted GROUND mode of seat p."""
        words = self._get(g, "ground", p).split()
        if len(words) == 1:
            return GroundChoice(words[0])
        target = words[2] if words[1] in ("restore", "protect") else _seat(words[2])
        return GroundChoice(words[0], words[1], target)

    def accept_bond(self, g: Game, p: int, other: int) -> bool:
        """Scripted Bond answer (U1)."""
        return bool(self._get(g, "accept", p))

    def rivalry_support(self, g: Game, p: int, other: int) -> str:
        """Scripted answer to a Support through a Rivalry."""
        return self._get(g, "rivalry", p)

    def deny_target(self, g: Game, p: int, options: list[str]) -> str:
        """Scripted DENY target."""
        return self._get(g, "deny", p)

    def darvo_attack_target(self, g: Game, p: int, options: tuple[int, ...]) -> int:
        """Scripted DARVO extra Attack target."""
        return _seat(self._get(g, "darvo_attack", p))


def _take(pool: list[str], suit: str, suit_of: dict[str, str]) -> str:
    card = next(c for c in pool if suit_of[c] == suit)
    pool.remove(card)
    return card


def build_game(data: GroundData, sc: Scenario) -> Game:
    """The game in the scenario's given state."""
    gv = sc.given
    n = int(gv.get("players", 3))
    config = GameConfig(gv.get("scenario", data.scenarios[0].id), gv.get("mode", data.modes[0].id), n)
    first = int(gv.get("round", 1))
    g = Game(data, config, random.Random(int(gv.get("seed", 1))), [Scripted(sc, first)],
             lead=_seat(gv.get("lead", 1)))
    g.round = first
    for key, attr in (("stress", "stress"), ("ready", "ready"), ("darvo", "darvo"), ("protection", "protection")):
        if key in gv:
            setattr(g, attr, list(gv[key]))
    if "hands" in gv:
        pool = g.deck + [c for h in g.hands for c in h]
        g.hands = [[_take(pool, s, g.suit_of) for s in hand] for hand in gv["hands"]]
        g.deck = pool
    if "deck" in gv:
        keep = int(gv["deck"])
        g.discard, g.deck = g.deck[:len(g.deck) - keep], g.deck[len(g.deck) - keep:]
    if gv.get("discard_empty"):
        g.discard = []
    for pid in gv.get("up", ()):
        g.problem(pid).up = True
    for pid in gv.get("denied", ()):
        x = g.problem(pid)
        x.up, x.denied = False, True
    for pid, seat in gv.get("claimed", {}).items():
        x = g.problem(pid)
        x.up, x.claimed_by = True, _seat(seat)
    for text in gv.get("relations", ()):
        pair, kind = text.split()
        a, b = (_seat(s) for s in pair.split("-"))
        g.set_relation(a, b, BOND if kind == "bond" else RIVALRY)
    for seat, text in gv.get("tokens", {}).items():
        side, where = text.split()
        g.token[_seat(seat)] = (side, _seat(where))
    if set(gv) - SETUP_KEYS:
        g.fired.clear()  # a given state replaces the set-up: only the rounds played count as exercised
    return g


def snapshot(g: Game) -> dict[str, Any]:
    """The state a scenario's [then] compares against (seats 1-based)."""
    rel = sorted(f"{a + 1}-{b + 1} {kind}" for (a, b), kind in g.rel.items())
    tokens = {str(p + 1): ("unplaced" if t is None else f"{t[0]} {t[1] + 1}") for p, t in enumerate(g.token)}
    out = {"stress": g.stress, "ready": g.ready, "darvo": g.darvo, "relations": rel,
           "claimed": {x.id: x.claimed_by + 1 for x in g.problems if x.claimed_by is not None},
           "up": sorted(x.id for x in g.problems if x.up), "denied": sorted(x.id for x in g.problems if x.denied),
           "hands": [len(h) for h in g.hands], "protection": g.protection, "tokens": tokens, "lead": g.lead + 1,
           "round": g.round, "deck": len(g.deck), "discard": len(g.discard),
           "in_play": sorted(x.id for x in g.problems)}
    if g.outcome is not None:
        o = g.outcome
        out.update(total=o.total, group_success=o.group_success, winners=[w + 1 for w in o.winners],
                   tiebreak=o.tiebreak, mastery=o.mastery, scores=list(o.scores))
    return out


@dataclass
class Played:
    """A played scenario: the game, the rule ids that fired, the refused rule (if any), mismatches."""

    game: Game
    fired: set[str]
    illegal: str | None
    mismatches: list[str]


def play_scenario(data: GroundData, sc: Scenario) -> Played:
    """Play the scripted rounds (and score when `finish`), then compare [then] with the game."""
    g = build_game(data, sc)
    illegal = None
    try:
        for _ in sc.rounds:
            g.play_round()
        if sc.finish:
            g.score()
    except IllegalChoice as exc:
        illegal = exc.rule
    fired = set(g.fired) | ({illegal} if illegal else set())
    want = dict(sc.then)
    expected_illegal = want.pop("illegal", None)
    mismatches = []
    if expected_illegal != illegal:
        mismatches.append(f"illegal: expected {expected_illegal!r}, got {illegal!r}")
    snap = snapshot(g)
    for key, value in want.items():
        if key == "tokens":
            got = {k: snap["tokens"][k] for k in value}
        elif key in ("relations", "up", "denied", "in_play"):
            got, value = snap[key], sorted(value)
        else:
            got = snap.get(key, f"<no {key}>")
        if got != value:
            mismatches.append(f"{key}: expected {value!r}, got {got!r}")
    return Played(g, fired, illegal, mismatches)
