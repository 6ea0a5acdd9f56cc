"""The three games as a sweep plays them: load the content once (a pickleable context sent to every worker), play
games start..stop of one cell into a Tally, name the rules that can fire.

A cell is a JSON-ready dict: game, players, policy, rules {id: value}, and board (Dojo) or scenario and mode
(GROUND). Game i of a cell uses the seed its game's `sim` runner derives from (seed, i) (GROUND: and the cell's
Scenario, players and Mode), so a slice plays the same games wherever and whenever it runs, and every rule value
of a grid is measured on the same seeds (common random numbers: a smaller error on the difference).
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

from .tally import Tally

SLICE = {"dojo": 250, "ground": 1000, "duel": 200}  # games per slice (a unit of work and a file)


# ---- loading (the parent, once) ----------------------------------------------------------------------
def load(game: str, root: Path, boards: list[str]) -> object:
    """The context a worker needs (ValueError naming the file and the fix when the content does not load)."""
    if game == "dojo":
        from ...board.load import load_quadrant
        from ...board.model import build_board
        from ..cards import load_deck
        from ...problems import CheckFailed

        out = {}
        for path in boards:
            loaded = load_quadrant(Path(path))
            if loaded.quadrant is None:
                raise ValueError("\n".join([p.render() for p in loaded.problems] +
                                           [f"{path}: the board cannot be built; fix the format errors "
                                            "(dojo board validate)"]))
            out[path] = build_board(loaded.quadrant)
        try:
            return {"boards": out, "deck": load_deck(root)}
        except CheckFailed as exc:
            raise ValueError("\n".join(p.render() for p in exc.problems)) from None
    if game == "ground":
        from ...content.ground import load_ground

        data, problems = load_ground(root)
    else:
        from ...content.duel import load_duel
        from ...problems import blocking

        data, problems = load_duel(root)
        problems = blocking(problems)
    if data is None:
        raise ValueError("\n".join(p.render() for p in problems))
    return data


# ---- playing (a worker) -----------------------------------------------------------------------------
_CACHE: dict = {}  # per process: Dojo tables per board, rule variants per cell


def _cached(key: tuple, make):
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def play(ctx: object, cell: dict, seed: int, start: int, stop: int) -> Tally:
    """Games start..stop of a cell."""
    return {"dojo": _dojo, "ground": _ground, "duel": _duel}[cell["game"]](ctx, cell, seed, start, stop)


DOJO_EVENTS = (("DR-T05 stuck move", "stuck"), ("DR-M04 extra step impossible", "stays"),
               ("Dojo closed under a planned entry", "closures"), ("DR-K03 Kumite", "kumite"),
               ("DR-X04 Final Exam", "exams"), ("DR-X05 Exam without defender", "exam_no_defender"),
               ("DR-X07 Final Exam won", "exam_wins"), ("U19 Uke save", "uke_saves"),
               ("DR-Q05 Tunnel taken", "teleports"))


def _dojo(ctx: dict, cell: dict, seed: int, start: int, stop: int) -> Tally:
    from ..cards import CARD_IDS
    from ..defaults import RULINGS
    from ..dojo_cli import parse_rule
    from ..engine import PROGRESS, GameConfig
    from ..report import KINDS
    from ..runner import played
    from ..tables import Tables

    tables = _cached(("tables", cell["board"]), lambda: Tables(ctx["boards"][cell["board"]]))
    rulings = dataclasses.replace(RULINGS, **dict(parse_rule(k, v) for k, v in cell["rules"].items()))
    config = GameConfig(players=cell["players"], deck=ctx["deck"], rulings=rulings)
    drawn = [f"DR-N card {c}" for c in CARD_IDS]  # event names, formatted once
    notches = [f"notches from {name}" for name in PROGRESS]
    ends = [f"moves ending on {kind}" for kind in KINDS]
    t = Tally(cell["players"])
    for i in range(start, stop):
        g, focus = played(tables, config, cell["policy"], seed, i)  # (what runner.play_game reports, read directly)
        s = g.stats
        events = {name: getattr(s, attr) for name, attr in DOJO_EVENTS}
        events.update(zip(drawn, s.drawn))
        events.update(zip(notches, map(abs, s.progress)))
        events.update(zip(ends, s.ends))
        f, n = g.first_player, g.n  # seats counted from the first player (DR-S07: drawn by the RNG)
        t.add(((g.winner - f) % n,) if g.winner is not None else None, -(-g.turn // n),
              [k for k, v in events.items() if v], g.ladder, events, None if focus is None else (focus - f) % n,
              shift=f)  # (the ladder's rows are by player: seat s is player (s + f) mod n)
    return t


def _ground(data, cell: dict, seed: int, start: int, stop: int) -> Tally:
    from ..ground.cli import with_ruling
    from ..ground.engine import MODES, ROUNDS, Game, GameConfig
    from ..ground.policies import POLICIES
    from ..ground.runner import game_seed
    from ..runner import seating

    variant = _cached(("ground", tuple(sorted(cell["rules"].items()))), lambda: _with_rulings(data, cell["rules"],
                                                                                               with_ruling))
    config = GameConfig(cell["scenario"], cell["mode"], cell["players"])
    coop = MODES[cell["mode"]] == "coop"
    n = cell["players"]
    t = Tally(n)
    for i in range(start, stop):
        policies, focus = seating(cell["policy"], n, i, POLICIES)
        g = Game(variant, config, random.Random(game_seed(seed, i, config)), policies)
        first, scores, row = g.lead, [], None
        seats = [(first + s) % n for s in range(n)]
        while g.round <= ROUNDS:
            g.play_round()
            if coop:
                continue  # a cooperative game keeps no score over time
            if row is None or g.claimed_now:  # (only a Solve claims a Problem, and it is in claimed_now)
                claimed = [0] * n
                for x in g.problems:
                    if x.claimed_by is not None:
                        claimed[x.claimed_by] += x.value
                row = tuple([claimed[p] for p in seats])
            scores.append(row)
        out = g.score()
        winners = tuple(sorted((p - first) % n for p in out.winners))
        s = g.stats
        events = {"Freedom spent": s.freedom_spent, "DARVO triggered": s.darvo_triggers, "Blame placed": s.blames,
                  "Attacks cancelled": s.attacks_cancelled, "group success": int(out.group_success)}
        for k, v in s.stages.items():
            events[_STAGE_EVENT.get(k) or f"DARVO stage {k}"] = v
        for k, v in s.actions.items():
            events[_ACTION_EVENT.get(k) or f"action {k}"] = v
        solo = MODES[cell["mode"]] == "personal"  # (a pairing's skill: the games won alone, a personal Mode's)
        values = {"claimed value": out.total}  # the Problems' value claimed by the table (GR-E01)
        if out.mastery is not None:
            values["mastery"] = out.mastery  # the shared Mode's mastery (G5 decides what it counts)
        t.add(winners, ROUNDS, g.fired, None if coop else scores, events,
              (focus - first) % n if focus is not None and solo else None, values)
    return t


_STAGE_EVENT = {k: f"DARVO stage {k}" for k in ("DENY", "ATTACK", "REVERSE")}  # event names, formatted once
_ACTION_EVENT = {k: f"action {k}" for k in ("investigate", "solve", "support", "attack", "ground")}


def _with_rulings(data, rules: dict, with_ruling):
    for rid, value in sorted(rules.items()):
        data = with_ruling(data, rid, value)
    return data


def _duel(data, cell: dict, seed: int, start: int, stop: int) -> Tally:
    from ..duel.play import play_duel
    from ..duel.rules import Duel

    def variant() -> Duel:
        rulings = data.rulings
        for rid, value in sorted(cell["rules"].items()):
            rulings = rulings.replace(rid, value)
        return Duel(data.with_rulings(rulings))

    duel = _cached(("duel", repr(sorted(cell["rules"].items()))), variant)
    pairing = "/" in cell["policy"]
    pair = tuple(cell["policy"].split("/")) if pairing else (cell["policy"],) * 2
    t = Tally(2)
    for i in range(start, stop):
        focus = i % 2 if pairing else None  # a pairing A/B: A is player A in even games, player B in odd ones
        r = play_duel(duel, pair[::-1] if focus else pair, seed, i, cell.get("max_turns", 60))
        winners = None if r.result is None else () if r.result == "draw" else ("AB".index(r.result),)
        events = {f"decided by {r.decided_by}": 1} if r.decided_by else {}
        events.update({rid: 1 for rid in _duel_rules(r, cell.get("max_turns", 60))})
        events.update({f"first step forward: {r.first_mover or 'nobody'}": 1, "strikes": r.strikes})
        events.update({f"opening stance {s}": 1 for s in set(r.opening) if s})
        t.add(winners, r.turns, {k for k in events if k != "strikes"}, None, events, focus, {"strikes": r.strikes})
    return t


DUEL_RULES = ("D01", "D12", "D14")  # what a duel's result shows applied (the resolver records no ids)


def _duel_rules(r, cap: int) -> list[str]:
    """D01 starts every duel; D12 decided it when a hit ended it; D14 when the slip's last row ended it unhit."""
    out = ["D01"]
    if r.result is not None and r.decided_by != "slip-ends":
        out.append("D12")
    if r.decided_by == "slip-ends":
        out.append("D14")
    return out


UNREACHABLE = {  # rules the engine implements that no game of the printed length can reach, and why
    "ground": {"G6": "cannot fire in a 5-round game (GR-O01): a Blame exists only after a REVERSE, at the earliest "
                     "in round 4 (DARVO armed at the end of round 1, DENY 2, ATTACK 3, REVERSE 4); the owner's next "
                     "sequence would place its Focus at its ATTACK stage in round 6 at the earliest"},
    "dojo": {"moves ending on dojo": "a step into the Central Dojo is the Final Exam (DR-X04) or a closed Dojo, "
                                     "never the end of a movement"},
}


# ---- what can fire ------------------------------------------------------------------------------------
def ground_rules() -> list[str]:
    """Every rule id and ruling the GROUND engine records when it applies it: the literal ids of its `fire(...)`
    calls and of what it adds to `fired` (`self.fired.add/update(...)`, a round's `fired.append(...)` list)."""
    from ..ground import engine

    ids: set[str] = set()
    for path in sorted(Path(engine.__file__).parent.glob("*.py")):
        for call in re.findall(r"(?:fire|fired\.(?:add|update|append))\(([^)]*)\)", path.read_text(encoding="utf-8")):
            ids.update(re.findall(r'"([A-Z]{1,2}[-A-Z]*\d+)"', call))
    return sorted(ids, key=lambda r: (r[0] != "G" or r.startswith("GR"), r))


def dojo_events() -> list[str]:
    """Every event the Dojo sweep counts (the names _dojo gives them)."""
    from ..cards import CARD_IDS
    from ..engine import PROGRESS
    from ..report import KINDS

    return sorted([name for name, _ in DOJO_EVENTS] + [f"DR-N card {c}" for c in CARD_IDS]
                  + [f"notches from {name}" for name in PROGRESS] + [f"moves ending on {k}" for k in KINDS])
