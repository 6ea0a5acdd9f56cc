"""GROUND's vocabulary: the Actions, DARVO stages, relations and limits, and the records a game keeps (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache


ACTIONS = ("investigate", "solve", "support", "attack", "ground")
INVESTIGATE, SOLVE, SUPPORT, ATTACK, GROUND = ACTIONS
OFF, DENY, STAGE_ATTACK, REVERSE = "OFF", "DENY", "ATTACK", "REVERSE"
NEXT_STAGE = {DENY: STAGE_ATTACK, STAGE_ATTACK: REVERSE, REVERSE: OFF}
BOND, RIVALRY = "bond", "rivalry"
STRESS_MAX, START_STRESS, HAND, SLOTS, ROUNDS = 5, 2, 2, 2, 5
GATE = 4  # GR-R03: from Stress 4 only ATTACK or GROUND
MODES = {"mode-shared-ground": "coop", "mode-common-problem": "personal", "mode-bonded-coalitions": "coalitions"}


class IllegalChoice(ValueError):
    """A policy returned a choice the rules forbid; the message names the GR rule."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class Deadlock(IllegalChoice):
    """A player with no legal choice at all (never expected: GROUND is always selectable); fails the export gate."""


@dataclass(frozen=True)
class Selection:
    """GR-R02: one Action chosen face down, its target (seat or Problem id) and whether Freedom is spent (GR-R03)."""

    action: str
    target: int | str | None = None
    spend: bool = False


@lru_cache(maxsize=None)
def selection(action: str, target: int | str | None = None, spend: bool = False) -> Selection:
    """The one shared Selection with these fields (immutable, so every list of legal options reuses it)."""
    return Selection(action, target, spend)


@dataclass(frozen=True)
class GroundChoice:
    """GR-R05: the mode of a revealed GROUND and its option and target (GR-A10..A12).

    GR: option "self". OU: "restore" (Denied Problem id), "cancel" (attacker seat), "protect" (Problem id).
    ND: "blame" (owner seat of a Blame token in front of the player), "break" (other seat), "reject" (seat
    whose Reverse targets the player).
    """

    mode: str
    option: str = "self"
    target: int | str | None = None


class ProblemState:
    """A Problem in play (GR-O04): suit, value, priority, face up or down, Denied, claimed by."""

    __slots__ = ("id", "suit", "value", "priority", "up", "denied", "claimed_by", "protected")

    def __init__(self, pid: str, suit: str, value: int, priority: int, up: bool):
        self.id, self.suit, self.value, self.priority = pid, suit, value, priority
        self.up, self.denied, self.claimed_by, self.protected = up, False, None, False


@dataclass(frozen=True)
class GameConfig:
    """One game's settings: Scenario card id, Mode card id and player count (GR-O01)."""

    scenario: str
    mode: str
    players: int = 4


@dataclass(frozen=True)
class Outcome:
    """Exactly one per game (GR-E01..E04): group total and success, winners (seats) and how ties were broken."""

    mode: str
    total: int
    threshold: int
    group_success: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None
    mastery: int | None = None
    coalitions: tuple[tuple[int, ...], ...] = ()


@dataclass
class Stats:
    """Counters of one game for the report."""

    solved: list[tuple[str, int]] = field(default_factory=list)  # (suit, priority) of each claimed Problem
    denied: list[tuple[str, int]] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTIONS, 0))
    darvo_triggers: int = 0
    stages: dict[str, int] = field(default_factory=lambda: {DENY: 0, STAGE_ATTACK: 0, REVERSE: 0})
    darvo_cancelled: int = 0
    reverses_rejected: int = 0
    attacks_cancelled: int = 0
    stress5_ends: int = 0
    freedom_spent: int = 0
    bonds_formed: int = 0
    rivalries_formed: int = 0
    blames: int = 0
