"""Drill-down: one game of one cell, played again from its seed and told turn by turn with the rules it applied by
id (`dojo sweep --sample DIR --cell C --index I`). Game I of cell C is seeded by (the sweep's seed, I) alone, so the
log is the very game the report counted (its outcome is the slice's record of game I).
"""

from __future__ import annotations

import dataclasses
import random

DOJO_IDS = {"stuck": "DR-T05", "stay": "DR-M04", "kumite": "DR-K03", "teleport": "DR-Q05", "no-exam": "DR-X05",
            "reshuffle": "U08", "draw": "DR-N", "skip": "meditation", "technique": "DR-N", "extra": "DR-M04",
            "passo-falso": "DR-N", "sfida": "DR-N", "segreto": "DR-N", "path": "DR-T", "setup": "DR-S"}


def sample(ctx: object, spec: dict, c: int, i: int) -> list[str]:
    """The log of game i of cell c, as lines."""
    cell = spec["cells"][c]
    head = [f"cell {c}, game {i}: seed {spec['seed']}, game index {i} (dojo sweep --sample DIR --cell {c} "
            f"--index {i} plays it again)"]
    return head + {"dojo": _dojo, "ground": _ground, "duel": _duel}[cell["game"]](ctx, cell, spec["seed"], i)


def _dojo(ctx: dict, cell: dict, seed: int, i: int) -> list[str]:
    from ..defaults import RULINGS
    from ..dojo_cli import parse_rule
    from ..engine import Game, GameConfig
    from ..policies import POLICIES
    from ..runner import game_seed, seating
    from ..tables import Tables

    tables = Tables(ctx["boards"][cell["board"]])
    rulings = dataclasses.replace(RULINGS, **dict(parse_rule(k, v) for k, v in cell["rules"].items()))
    config = GameConfig(players=cell["players"], deck=ctx["deck"], rulings=rulings)
    policies, focus = seating(cell["policy"], cell["players"], i, POLICIES)
    g = Game(tables, config, random.Random(game_seed(seed, i)), policies, log=True)
    g.play()
    lines = []
    for item in g.log or []:
        kind, rest = item[0], item[1:]
        if kind == "kumite" and rest[-1]:
            rid = "DR-X04"
        else:
            rid = DOJO_IDS.get(kind, "")
        lines.append(f"[{rid}] {kind} " + " ".join(map(str, rest)))
    who = "unfinished (turn cap, U31)" if g.winner is None else \
        f"seat {(g.winner - g.first_player) % g.n + 1} (player {g.winner}) wins"
    return lines + [f"result: {who} after {-(-g.turn // g.n)} rounds" + (f"; the pairing's A player is seat "
                                                                        f"{(focus - g.first_player) % g.n + 1}"
                                                                        if focus is not None else "")]


def _ground(data, cell: dict, seed: int, i: int) -> list[str]:
    from ..ground.cli import with_ruling
    from ..ground.engine import ROUNDS, Game, GameConfig
    from ..ground.policies import POLICIES
    from ..ground.runner import game_seed
    from ..runner import seating

    for rid, value in sorted(cell["rules"].items()):
        data = with_ruling(data, rid, value)
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
        lines.append(f"round {r}: rules first applied {', '.join(new) or '-'}; claimed by player {claimed}; stress "
                     f"{list(g.stress)}; DARVO stages so far {dict(s.stages)}; Freedom spent {s.freedom_spent}")
    out = g.score()
    winners = [(p - first) % n + 1 for p in out.winners]
    lines.append(f"result (GR-E01): {'seats ' + ', '.join(map(str, sorted(winners))) + ' win' if winners else 'nobody wins'}"
                 f"; claimed value {out.total} of {out.threshold} needed" +
                 (f"; mastery {out.mastery} (G5)" if out.mastery is not None else ""))
    return lines


def _duel(data, cell: dict, seed: int, i: int) -> list[str]:
    from ..duel.play import DUELISTS, duel_seed
    from ..duel.rules import NAMES, Duel

    rulings = data.rulings
    for rid, value in sorted(cell["rules"].items()):
        rulings = rulings.replace(rid, value)
    duel = Duel(data.with_rulings(rulings))
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
