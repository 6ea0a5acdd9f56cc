"""The duel in the balance lab (generator/sim/lab.py): its games played into a Tally (two seats, A and B), a duel
told turn by turn, its rule ids (the rulings of content/duel/rulings.toml) and its part of the designer's page."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..lab import Lab, rulings_file
from ..sweep.games import cached
from ..sweep.tally import Tally
from .play import DUELISTS

RULES = ("D01", "D12", "D14")  # what a duel's result shows applied (the resolver records no ids)
CHOICES = {"D03": ("up-to", "exact"), "D04": (True, False), "D05": (True, False), "D07": ("seigan-player", "never"),
           "D10": ("same-turn", "next-turn"), "D14": (12, 0)}  # D14: the slip's rows, or no limit


def result_rules(r, cap: int) -> list[str]:
    """D01 starts every duel; D12 decided it when a hit ended it; D14 when the slip's last row ended it unhit."""
    out = ["D01"]
    if r.result is not None and r.decided_by != "slip-ends":
        out.append("D12")
    if r.decided_by == "slip-ends":
        out.append("D14")
    return out


def _name(rid: str) -> str:
    from ...content.duel_rulings import SCHEMA

    return SCHEMA[rid][0]


def _duel(data, rules: dict):
    from .rules import Duel

    rulings = data.rulings
    for rid, value in sorted(rules.items()):
        rulings = rulings.replace(rid, value)
    return Duel(data.with_rulings(rulings))


class DuelLab(Lab):
    code = "duel"
    slice = 200
    unit = "turns"
    players = (2, 2)
    default_players = (2,)
    policies = DUELISTS
    default_policies = ("hunter",)
    rule_pattern = r"D\d\d"
    design_settings = {"games": 300, "policy": "hunter", "max_turns": 60, "skill": ["hunter/random", 200]}
    design_sweep = "dojo sweep --game duel --policy hunter,hunter/random --rule D03=up-to,exact --games 10000"

    def printed(self, rid: str) -> object:
        from ...content.duel import load_duel

        data, _ = load_duel(Path.cwd())
        return data.rulings.value(_name(rid)) if data else None

    # ---- the games
    def content_files(self, inputs: list[str]) -> list[str]:
        from ...content.duel import DUEL_PATH, RULINGS_PATH

        return [str(DUEL_PATH), str(RULINGS_PATH)]

    def load(self, root: Path, inputs: list[str]) -> object:
        from ...content.duel import load_duel
        from ...problems import blocking

        data, problems = load_duel(root)
        if data is None:
            raise ValueError("\n".join(p.render() for p in blocking(problems)))
        return data

    def play(self, data, cell: dict, seed: int, start: int, stop: int) -> Tally:
        from .play import play_duel

        duel = cached(("duel", repr(sorted(cell["rules"].items()))), lambda: _duel(data, cell["rules"]))
        pairing = "/" in cell["policy"]
        pair = tuple(cell["policy"].split("/")) if pairing else (cell["policy"],) * 2
        cap = cell.get("max_turns", 60)
        t = Tally(2)
        for i in range(start, stop):
            focus = i % 2 if pairing else None  # a pairing A/B: A is player A in even games, player B in odd ones
            r = play_duel(duel, pair[::-1] if focus else pair, seed, i, cap)
            winners = None if r.result is None else () if r.result == "draw" else ("AB".index(r.result),)
            events = {f"decided by {r.decided_by}": 1} if r.decided_by else {}
            events.update({rid: 1 for rid in result_rules(r, cap)})
            events.update({f"first step forward: {r.first_mover or 'nobody'}": 1, "strikes": r.strikes})
            events.update({f"opening stance {s}": 1 for s in set(r.opening) if s})
            t.add(winners, r.turns, {k for k in events if k != "strikes"}, None, events, focus, {"strikes": r.strikes})
        return t

    def sample(self, data, cell: dict, seed: int, i: int) -> list[str]:
        from .play import duel_seed
        from .rules import NAMES

        duel = _duel(data, cell["rules"])
        pairing = "/" in cell["policy"]
        pair = tuple(cell["policy"].split("/")) if pairing else (cell["policy"],) * 2
        if pairing and i % 2:
            pair = pair[::-1]
        rng = random.Random(duel_seed(seed, i))
        players = tuple(DUELISTS[p]() for p in pair)
        state, cap = duel.start(), cell.get("max_turns", 60)
        lines = [f"[D01] A ({pair[0]}) and B ({pair[1]}) on their start cells, stances "
                 f"{state.fighters[0].stance} / {state.fighters[1].stance}"]
        while state.turn <= cap:
            orders = (players[0].order(duel, state, 0, rng), players[1].order(duel, state, 1, rng))
            out = duel.resolve(state, orders)
            lines.append(f"turn {state.turn}: A {orders[0].text()}; B {orders[1].text()} -> cells "
                         f"{out.state.fighters[0].cell}/{out.state.fighters[1].cell}, stances "
                         f"{out.state.fighters[0].stance}/{out.state.fighters[1].stance}"
                         + (f", hit {list(out.hit)}" if any(out.hit) else ""))
            state = out.state
            if out.result:
                rid = "D12" if out.result in NAMES or any(out.hit) else "D14"
                lines.append(f"[{rid}] result: {out.result}")
                return lines
        lines.append(f"result: unfinished at the turn cap ({cap})")
        return lines

    # ---- the report
    def rule_ids(self) -> list[str]:
        return rulings_file(self.code) or [f"D{i:02d}" for i in range(1, 15)]

    def recorded(self) -> set[str]:
        return set(RULES)

    # ---- the designer's page
    def design_alternatives(self, ctx) -> list[tuple[str, Any]]:
        return [(rid, v) for rid, vs in CHOICES.items() for v in vs if v != ctx.rulings.value(_name(rid))
                and not (rid == "D14" and v and ctx.rulings.value(_name(rid)))]

    def design_report(self, data, settings: dict, seed: int, policy: str, rid: str | None, value: Any) -> dict:
        from .play import run_duels, summarise
        from .rules import never_both_hit

        duel = _duel(data, {} if rid is None else {rid: value})
        results = run_duels(duel, (policy, policy), settings["games"], seed, settings["max_turns"])
        meta = {"policies": [policy, policy], "seed": seed, "max_turns": settings["max_turns"]}
        return {"variant": "printed" if rid is None else f"{rid}={json.dumps(value)}", **summarise(results, meta),
                "never_both_hit": [f"{a}/{b}" for a, b in never_both_hit(duel)]}

    def design_cells(self, ctx, settings: dict, base: dict, rid: str | None, value: Any) -> list[dict]:
        return [{**base, "rules": {} if rid is None else {rid: value}, "max_turns": settings["max_turns"]}]

    def design_texts(self, ctx) -> dict[str, str]:
        return {r.id: ctx.rulings.say(r.text) for r in ctx.rulings.items}

    def design_key(self, root: Path, ctx) -> object:
        return [repr(ctx), repr(CHOICES)]

    def design_rows(self, report: dict, explain: bool) -> list[tuple[str, str]]:
        from .play import rows

        return rows(report, explain)

    def design_skill_seat(self, pairing: str, settings: dict) -> str:
        return "as player A and as player B in turn"


LAB = DuelLab()
