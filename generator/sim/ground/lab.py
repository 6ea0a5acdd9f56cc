"""GROUND in the balance lab (generator/sim/lab.py): its sweep cells (Scenario and Mode axes), its games played into
a Tally, a game told round by round, its rule ids (the GR-* rules of its specification and the rulings of
content/ground/rulings.toml) and its part of the designer's page."""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
from pathlib import Path
from typing import Any

from ...content.ground import GroundData
from ..lab import Lab, Option, rulings_file
from ..sweep.games import cached
from ..sweep.tally import Tally
from .policies import POLICIES

# GROUND's specification (shared/seeds/001_*): section letter -> number of GR rules.
SECTIONS = {"A": 13, "D": 7, "E": 4, "F": 4, "L": 5, "O": 5, "P": 5, "R": 9, "S": 4, "T": 3}
_STAGE_EVENT = {k: f"DARVO stage {k}" for k in ("DENY", "ATTACK", "REVERSE")}  # event names, formatted once
_ACTION_EVENT = {k: f"action {k}" for k in ("investigate", "solve", "support", "attack", "ground")}


def with_ruling(data: GroundData, rid: str, value: str) -> GroundData:
    """The dataset with one ruling's value replaced (a side-by-side variant)."""
    return dataclasses.replace(data, rulings=tuple(dataclasses.replace(r, value=value) if r.id == rid else r
                                                   for r in data.rulings))


def _with_rulings(data: GroundData, rules: dict) -> GroundData:
    for rid, value in sorted(rules.items()):
        data = with_ruling(data, rid, value)
    return data


def engine_rules() -> list[str]:
    """Every rule id and ruling the GROUND engine records when it applies it: the literal ids of its `fire(...)`
    calls and of what it adds to `fired` (`self.fired.add/update(...)`, a round's `fired.append(...)` list)."""
    ids: set[str] = set()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        for call in re.findall(r"(?:fire|fired\.(?:add|update|append))\(([^)]*)\)", path.read_text(encoding="utf-8")):
            ids.update(re.findall(r'"([A-Z]{1,2}[-A-Z]*\d+)"', call))
    return sorted(ids, key=lambda r: (r[0] != "G" or r.startswith("GR"), r))


class GroundLab(Lab):
    code = "ground"
    slice = 1000
    unit = "rounds"
    players = (2, 6)
    default_players = tuple(range(2, 7))
    policies = POLICIES
    default_policies = ("heuristic", "rival", "random", "solver")
    options = (Option("scenario", "GROUND Scenario id(s) (default every one)", "a list of Scenario ids"),
               Option("mode", "GROUND Mode id(s) (default every one)", "a list of Mode ids"))
    rule_pattern = r"GR-[A-Z]\d\d|U\d{1,2}|G\d"
    unreachable = {"G6": "cannot fire in a 5-round game (GR-O01): a Blame exists only after a REVERSE, at the earliest "
                         "in round 4 (DARVO armed at the end of round 1, DENY 2, ATTACK 3, REVERSE 4); the owner's next "
                         "sequence would place its Focus at its ATTACK stage in round 6 at the earliest"}
    design_settings = {"players": 4, "games": 20, "policies": ["heuristic", "rival"], "skill": ["rollout/heuristic", 40],
                       "skill_mode": "mode-common-problem"}
    design_sweep = "dojo sweep --game ground --players 2-6 --policy heuristic,rival --rule G5=claimed-problems,claimed-points"

    # ---- the grid
    def axes(self, args: argparse.Namespace) -> dict[str, list] | str:
        from ...content.ground import load_ground
        from .engine import MODES

        data, _ = load_ground(Path.cwd())
        scenarios = [s.id for s in data.scenarios] if data else []
        modes = [m for m in MODES if not data or m in {x.id for x in data.modes}]
        chosen_modes = [m if m.startswith("mode-") else f"mode-{m}" for m in args.mode]
        for got, known, opt in ((args.scenario, scenarios, "scenario"), (chosen_modes, modes, "mode")):
            bad = [x for x in got if x not in known]
            if bad:
                return f"--{opt} {bad[0]}: the sample edition has {', '.join(known)}"
        return {"scenario": args.scenario or scenarios, "mode": chosen_modes or modes}

    def printed(self, rid: str) -> object:
        from ...content.ground import load_ground

        data, _ = load_ground(Path.cwd())
        return next((r.value for r in data.rulings if r.id == rid), None) if data else None

    # ---- the games
    def content_files(self, inputs: list[str]) -> list[str]:
        from ...content.ground import FILES, GROUND_DIR

        return [str(GROUND_DIR / f"{name}.toml") for name in FILES]

    def load(self, root: Path, inputs: list[str]) -> object:
        from ...content.ground import load_ground

        data, problems = load_ground(root)
        if data is None:
            raise ValueError("\n".join(p.render() for p in problems))
        return data

    def play(self, data, cell: dict, seed: int, start: int, stop: int) -> Tally:
        from ..lab import seating
        from .engine import MODES, ROUNDS, Game, GameConfig
        from .runner import game_seed

        variant = cached(("ground", tuple(sorted(cell["rules"].items()))), lambda: _with_rulings(data, cell["rules"]))
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

    def sample(self, data, cell: dict, seed: int, i: int) -> list[str]:
        from ..lab import seating
        from .engine import ROUNDS, Game, GameConfig
        from .runner import game_seed

        data = _with_rulings(data, cell["rules"])
        config = GameConfig(cell["scenario"], cell["mode"], cell["players"])
        n = cell["players"]
        policies, focus = seating(cell["policy"], n, i, POLICIES)
        g = Game(data, config, random.Random(game_seed(seed, i, config)), policies)
        first, seen, lines = g.lead, set(g.fired), []
        lines.append(f"first Lead: player {first}; policies {', '.join(type(p).__name__ for p in policies)}")
        while g.round <= ROUNDS:
            r = g.round
            g.play_round()
            new = sorted(set(g.fired) - seen)
            seen |= set(g.fired)
            claimed = [0] * n
            for x in g.problems:
                if x.claimed_by is not None:
                    claimed[x.claimed_by] += x.value
            s = g.stats
            lines.append(f"round {r}: rules first applied {', '.join(new) or '-'}; claimed by player {claimed}; "
                         f"stress {list(g.stress)}; DARVO stages so far {dict(s.stages)}; Freedom spent "
                         f"{s.freedom_spent}")
        out = g.score()
        winners = [(p - first) % n + 1 for p in out.winners]
        lines.append(f"result (GR-E01): {'seats ' + ', '.join(map(str, sorted(winners))) + ' win' if winners else 'nobody wins'}"
                     f"; claimed value {out.total} of {out.threshold} needed" +
                     (f"; mastery {out.mastery} (G5)" if out.mastery is not None else ""))
        return lines

    # ---- the report
    def label(self, cell: dict) -> list[str]:
        return [cell["scenario"].removeprefix("sc-"), cell["mode"].removeprefix("mode-")]

    def coop(self, cell: dict) -> bool:
        from .engine import MODES

        return MODES[cell["mode"]] == "coop"

    def rule_ids(self) -> list[str]:
        return [f"GR-{s}{i:02d}" for s, n in SECTIONS.items() for i in range(1, n + 1)] + (
            rulings_file(self.code) or [f"U{i}" for i in range(1, 11)] + [f"G{i}" for i in range(1, 7)])

    def recorded(self) -> set[str]:
        return set(engine_rules())

    # ---- the designer's page
    def design_alternatives(self, ctx) -> list[tuple[str, Any]]:
        from ...content.ground_rulings import RULING_CHOICES

        printed = {r.id: r.value for r in ctx.rulings}
        return [(rid, v) for rid, vs in RULING_CHOICES.items() for v in vs if v != printed.get(rid)]

    def design_report(self, data, settings: dict, seed: int, policy: str, rid: str | None, value: Any) -> dict:
        from .engine import MODES, GameConfig
        from .report import summarise
        from .runner import play_game

        variant = data if rid is None else with_ruling(data, rid, value)
        configs = [GameConfig(sc.id, m.id, settings["players"]) for sc in data.scenarios for m in data.modes
                   if m.id in MODES]
        results = [play_game(variant, c, policy, seed, i) for c in configs for i in range(settings["games"])]
        meta = {"variant": "printed" if rid is None else f"{rid}={value}", "policy": policy, "seed": seed,
                "games_per_combination": settings["games"], "scenario": "all", "players": settings["players"],
                "mode": "all"}
        return summarise(results, meta)

    def design_cells(self, ctx, settings: dict, base: dict, rid: str | None, value: Any) -> list[dict]:
        from .engine import MODES

        base = {**base, "rules": {} if rid is None else {rid: value}}
        return [{**base, "scenario": sc.id, "mode": m.id} for sc in ctx.scenarios for m in ctx.modes if m.id in MODES]

    def design_skill_cell(self, ctx, settings: dict) -> dict:
        return {"scenario": ctx.scenarios[0].id, "mode": settings["skill_mode"]}

    def design_texts(self, ctx) -> dict[str, str]:
        return {r.id: r.text for r in ctx.rulings}

    def design_key(self, root: Path, ctx) -> object:
        return repr(ctx)

    def design_rows(self, report: dict, explain: bool) -> list[tuple[str, str]]:
        from .report import rows

        return rows(report, explain)


LAB = GroundLab()
