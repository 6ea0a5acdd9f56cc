"""Every rule id of each game and the coverage table that can show a gap: the Dojo spec's DR-* rules and its U rulings,
GROUND's GR-* rules and the rulings of content/ground/rulings.toml, the duel's rulings (content/duel/ rulings.toml).
Each id is either recorded by the engine (and then fired in some games, or never: a gap), or not recorded (the
engine applies it without saying so: the table says that too, instead of leaving the id out).
"""

from __future__ import annotations

import re

# The Dojo spec (shared/specs/dojo-rules-spec.md): section letter -> number of rules (a test checks it against
# the spec when ../shared is present).
DOJO_SECTIONS = {"E": 2, "F": 10, "K": 11, "M": 5, "N": 19, "O": 11, "Q": 9, "S": 9, "T": 12, "X": 9, "Z": 7}
# GROUND's specification (shared/seeds/001_*): section letter -> number of GR rules.
GROUND_SECTIONS = {"A": 13, "D": 7, "E": 4, "F": 4, "L": 5, "O": 5, "P": 5, "R": 9, "S": 4, "T": 3}
_ID = re.compile(r"(?:DR|GR)-[A-Z]\d\d|U\d{1,2}|G\d|D\d\d")


def _ids(prefix: str, sections: dict[str, int]) -> list[str]:
    return [f"{prefix}-{s}{i:02d}" for s, n in sections.items() for i in range(1, n + 1)]


def every(game: str) -> list[str]:
    """Every rule id of a game, in the spec's order."""
    if game == "dojo":
        from dataclasses import fields

        from ..defaults import Rulings

        return _ids("DR", DOJO_SECTIONS) + [f.name[:3].upper() for f in fields(Rulings)]
    if game == "ground":
        return _ids("GR", GROUND_SECTIONS) + (_rulings("ground") or [f"U{i}" for i in range(1, 11)] +
                                              [f"G{i}" for i in range(1, 7)])
    return _rulings("duel") or [f"D{i:02d}" for i in range(1, 15)]


def _rulings(game: str) -> list[str]:
    """The ruling ids of content/<game>/rulings.toml in the working folder (what the sweep loads), in order."""
    from pathlib import Path

    try:
        text = (Path("content") / game / "rulings.toml").read_text(encoding="utf-8")
    except OSError:
        return []
    return list(dict.fromkeys(re.findall(r'^id = "([A-Z]\d{1,2})"', text, re.M)))


def recorded(game: str) -> set[str]:
    """The ids the engine (or the sweep, from a game's result) records when they apply."""
    from .games import DOJO_EVENTS, DUEL_RULES, ground_rules

    if game == "ground":
        return set(ground_rules())
    if game == "dojo":
        return {rule_of(name) for name, _ in DOJO_EVENTS} - {None}
    return set(DUEL_RULES)


def rule_of(event: str) -> str | None:
    """The rule id an event name starts with ('DR-K03 Kumite' -> 'DR-K03'), if any."""
    m = _ID.match(event)
    return m.group(0) if m and (len(event) == m.end() or event[m.end()] == " ") else None


def coverage(game: str, fired: dict[str, int], games: int) -> dict:
    """The rule-coverage table of a game: every rule id of the game (ruleids.every) with the games of the whole
    sweep it fired in, or None when the engine does not record it; the recorded ones that never fired, with why when
    it is known to be unreachable; and every counted event (Dojo: cards, notches, moves; duel: strikes, stances)."""
    from .games import UNREACHABLE, dojo_events

    names = every(game)
    seen = recorded(game) | {r for r in map(rule_of, fired) if r}
    counts: dict[str, int] = {}
    for k, v in fired.items():
        r = rule_of(k)
        if r:
            counts[r] = max(counts.get(r, 0), v)
    rows = {name: counts.get(name, 0) if name in seen else None for name in names}
    extra = sorted(r for r in counts if r not in rows)  # an id the engine records that the list lacks: shown too
    rows.update({r: counts[r] for r in extra})
    why = UNREACHABLE.get(game, {})
    events = dojo_events() if game == "dojo" else sorted(fired)
    return {"games": games, "rules": rows, "never": [k for k, v in rows.items() if v == 0],
            "not_recorded": [k for k, v in rows.items() if v is None],
            "why_never": {k: why.get(k, "not reached by the policies and grid of this sweep") for k, v in rows.items()
                          if v == 0},
            "events": {name: fired.get(name, 0) for name in events},
            "why_no_event": {k: why[k] for k in events if k in why and not fired.get(k)}}
