"""Every rule id of each game and the coverage table that can show a gap. Each game's lab (generator/sim/lab.py)
lists its ids (`rule_ids`: its spec's rules and its rulings) and the ones its engine records (`recorded`). Each id
is either recorded by the engine (and then fired in some games, or never: a gap), or not recorded (the engine
applies it without saying so: the table says that too, instead of leaving the id out).
"""

from __future__ import annotations

from functools import lru_cache

from ..lab import lab, rule_id


def every(game: str) -> list[str]:
    """Every rule id of a game, in the spec's order."""
    return lab(game).rule_ids()


def recorded(game: str) -> set[str]:
    """The ids the engine (or the sweep, from a game's result) records when they apply."""
    return lab(game).recorded()


@lru_cache(maxsize=None)
def _rule_id():
    return rule_id()


def rule_of(event: str) -> str | None:
    """The rule id an event name starts with (an event 'ID words' -> 'ID'), if any: any game's rule id (each
    game's lab's `rule_pattern`)."""
    m = _rule_id().match(event)
    return m.group(0) if m and (len(event) == m.end() or event[m.end()] == " ") else None


def coverage(game: str, fired: dict[str, int], games: int) -> dict:
    """The rule-coverage table of a game: every rule id of the game (ruleids.every) with the games of the whole
    sweep it fired in, or None when the engine does not record it; the recorded ones that never fired, with why when
    it is known to be unreachable; and every counted event (the game's lab's `events`, or those that fired)."""
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
    why = lab(game).unreachable
    events = lab(game).events()
    if events is None:
        events = sorted(fired)
    return {"games": games, "rules": rows, "never": [k for k, v in rows.items() if v == 0],
            "not_recorded": [k for k, v in rows.items() if v is None],
            "why_never": {k: why.get(k, "not reached by the policies and grid of this sweep") for k, v in rows.items()
                          if v == 0},
            "events": {name: fired.get(name, 0) for name in events},
            "why_no_event": {k: why[k] for k in events if k in why and not fired.get(k)}}
