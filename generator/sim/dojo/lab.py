"""Il Labirinto del Dojo in the balance lab (generator/sim/lab.py): its sweep cells (a board axis), its games played
into a Tally, a game told turn by turn, its rule ids (the DR-* rules of its spec and the U rulings of
generator/sim/dojo/defaults.py) and its part of the designer's page."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from .defaults import RULINGS, Rulings
from ..lab import Lab, Option
from .policies import POLICIES
from ..sweep.games import cached
from ..sweep.tally import Tally

DEFAULT_QUADRANT = Path("content/dojo/board/quadrant.txt")
# The Dojo spec (shared/specs/dojo-rules-spec.md): section letter -> number of rules (a test checks it against
# the spec when ../shared is present).
SECTIONS = {"E": 2, "F": 10, "K": 11, "M": 5, "N": 19, "O": 11, "Q": 9, "S": 9, "T": 12, "X": 9, "Z": 7}
EVENTS = (("DR-T05 stuck move", "stuck"), ("DR-M04 extra step impossible", "stays"),
          ("Dojo closed under a planned entry", "closures"), ("DR-K03 Kumite", "kumite"),
          ("DR-X04 Final Exam", "exams"), ("DR-X05 Exam without defender", "exam_no_defender"),
          ("DR-X07 Final Exam won", "exam_wins"), ("U19 Uke save", "uke_saves"),
          ("DR-Q05 Tunnel taken", "teleports"))
LOG_IDS = {"stuck": "DR-T05", "stay": "DR-M04", "kumite": "DR-K03", "teleport": "DR-Q05", "no-exam": "DR-X05",
           "reshuffle": "U08", "draw": "DR-N", "skip": "meditation", "technique": "DR-N", "extra": "DR-M04",
           "passo-falso": "DR-N", "sfida": "DR-N", "segreto": "DR-N", "path": "DR-T", "setup": "DR-S"}
SWITCHES = (  # the switchable readings (generator/sim/dojo/defaults.py) the designer's page plays against their other
    # value; U03 is left out: without it P0 plans every movement without its walk tables, about 70 times slower
    "u10_start_nearest_dojo", "u12_meditating_blocks_exit", "u16_play_only_to_change_outcome",
    "u21_extra_step_repeats", "u22_sensei_peso_everyone", "u23_exam_skip_meditating", "u24_tunnel_only_if_closer",
    "u32_roommates_share_start", "u30_tsugi_chain_limit")
WORDS = {  # the switchable readings in words: printed / alternative
    "U10": "P0 starts on its room's square nearest a Dojo entrance / the first in reading order",
    "U12": "any meditating pawn on a Tunnel's exit blocks it / only when every pawn there meditates",
    "U16": "P0 plays a Technique only to change a Kumite's outcome / always",
    "U21": "the extra step repeats while the square holds a pawn the mover cannot face / one extra step at most",
    "U22": "Sensei Osserva and Peso della Cintura count every player / the drawer and its eligible targets",
    "U23": "meditating opponents are skipped when choosing the Final Exam's defender / a meditating leader: no Exam",
    "U24": "P0 takes a Tunnel only to a closer, free exit / whenever it may",
    "U30": "Tsugi-ashi movements per turn: no limit / one",
    "U32": "roommates may share a start square / P0 takes another one",
}


def parse_rule(rid: str, value: object) -> tuple[str, object]:
    """`--rule U22=false`: the Rulings field of a U id with a value of its type (ValueError names the problem)."""
    field = next((f for f in fields(Rulings) if f.name.startswith(rid.lower() + "_")), None)
    if field is None:
        raise ValueError(f"unknown ruling {rid}; the Dojo rulings are U01 to U32 (generator/sim/dojo/defaults.py)")
    current = getattr(RULINGS, field.name)
    if isinstance(current, bool) != isinstance(value, bool) or (
            current is not None and not isinstance(value, type(current)) and not isinstance(current, tuple)):
        raise ValueError(f"{field.name} is {type(current).__name__} (default {current!r}), not {value!r}")
    if isinstance(current, tuple) and isinstance(value, list):
        value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
    replace(RULINGS, **{field.name: value})  # FIXED readings raise ValueError naming the U id
    return field.name, value


def _rulings(rules: dict):
    return dataclasses.replace(RULINGS, **dict(parse_rule(k, v) for k, v in rules.items()))


def events() -> list[str]:
    """Every event the Dojo sweep counts (the names `play` gives them)."""
    from .cards import CARD_IDS
    from .engine import PROGRESS
    from .report import KINDS

    return sorted([name for name, _ in EVENTS] + [f"DR-N card {c}" for c in CARD_IDS]
                  + [f"notches from {name}" for name in PROGRESS] + [f"moves ending on {k}" for k in KINDS])


class DojoLab(Lab):
    code = "dojo"
    slice = 250
    unit = "rounds"
    players = RULINGS.u15_players
    default_players = (4,)
    policies = POLICIES
    default_policies = ("p0",)
    options = (Option("board", "Dojo quadrant file(s)", "a list of quadrant files", "QUADRANT"),)
    rule_pattern = r"DR-[A-Z]\d\d|U\d{1,2}"
    unreachable = {"moves ending on dojo": "a step into the Central Dojo is the Final Exam (DR-X04) or a closed Dojo, "
                                           "never the end of a movement"}
    design_settings = {"players": 4, "games": 300, "policy": "p0", "skill": ["lookahead/p0", 200]}
    design_sweep = "dojo sweep --game dojo --rule U22=true,false --players 3-6 --games 10000"

    # ---- the grid
    def axes(self, args: argparse.Namespace) -> dict[str, list] | str:
        return {"board": [str(b) for b in args.board] or [str(DEFAULT_QUADRANT)]}

    def printed(self, rid: str) -> object:
        name = next(f.name for f in fields(Rulings) if f.name.startswith(rid.lower() + "_"))
        value = getattr(RULINGS, name)
        return [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value

    # ---- the games
    def inputs(self, cells: list[dict]) -> list[str]:
        return sorted({c["board"] for c in cells if "board" in c})

    def content_files(self, inputs: list[str]) -> list[str]:
        legends = [str(Path(b).parent / "legend.toml") for b in inputs]
        return sorted(set(inputs) | set(legends) | {"content/dojo/nebbia.toml"})

    def load(self, root: Path, inputs: list[str]) -> object:
        from ...board.load import load_quadrant
        from ...board.model import build_board
        from ...problems import CheckFailed
        from .cards import load_deck

        out = {}
        for path in inputs:
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

    def play(self, ctx: dict, cell: dict, seed: int, start: int, stop: int) -> Tally:
        from .cards import CARD_IDS
        from .engine import PROGRESS, GameConfig
        from .report import KINDS
        from .runner import played
        from .tables import Tables

        tables = cached(("tables", cell["board"]), lambda: Tables(ctx["boards"][cell["board"]]))
        config = GameConfig(players=cell["players"], deck=ctx["deck"], rulings=_rulings(cell["rules"]))
        drawn = [f"DR-N card {c}" for c in CARD_IDS]  # event names, formatted once
        notches = [f"notches from {name}" for name in PROGRESS]
        ends = [f"moves ending on {kind}" for kind in KINDS]
        t = Tally(cell["players"])
        for i in range(start, stop):
            g, focus = played(tables, config, cell["policy"], seed, i)  # (what runner.play_game reports, read directly)
            s = g.stats
            counted = {name: getattr(s, attr) for name, attr in EVENTS}
            counted.update(zip(drawn, s.drawn))
            counted.update(zip(notches, map(abs, s.progress)))
            counted.update(zip(ends, s.ends))
            f, n = g.first_player, g.n  # seats counted from the first player (DR-S07: drawn by the RNG)
            t.add(((g.winner - f) % n,) if g.winner is not None else None, -(-g.turn // n),
                  [k for k, v in counted.items() if v], g.ladder, counted, None if focus is None else (focus - f) % n,
                  shift=f)  # (the ladder's rows are by player: seat s is player (s + f) mod n)
        return t

    def sample(self, ctx: dict, cell: dict, seed: int, i: int) -> list[str]:
        from .engine import Game, GameConfig
        from ..lab import seating
        from .runner import game_seed
        from .tables import Tables

        tables = Tables(ctx["boards"][cell["board"]])
        config = GameConfig(players=cell["players"], deck=ctx["deck"], rulings=_rulings(cell["rules"]))
        policies, focus = seating(cell["policy"], cell["players"], i, POLICIES)
        g = Game(tables, config, random.Random(game_seed(seed, i)), policies, log=True)
        g.play()
        lines = []
        for item in g.log or []:
            kind, rest = item[0], item[1:]
            rid = "DR-X04" if kind == "kumite" and rest[-1] else LOG_IDS.get(kind, "")
            lines.append(f"[{rid}] {kind} " + " ".join(map(str, rest)))
        who = "unfinished (turn cap, U31)" if g.winner is None else \
            f"seat {(g.winner - g.first_player) % g.n + 1} (player {g.winner}) wins"
        return lines + [f"result: {who} after {-(-g.turn // g.n)} rounds" + (
            f"; the pairing's A player is seat {(focus - g.first_player) % g.n + 1}" if focus is not None else "")]

    # ---- the report
    def label(self, cell: dict) -> list[str]:
        return [Path(cell["board"]).stem if cell["board"] else ""]

    def rule_ids(self) -> list[str]:
        return [f"DR-{s}{i:02d}" for s, n in SECTIONS.items() for i in range(1, n + 1)] + \
            [f.name[:3].upper() for f in fields(Rulings)]

    def recorded(self) -> set[str]:
        from ..sweep.ruleids import rule_of

        return {rule_of(name) for name, _ in EVENTS} - {None}

    def events(self) -> list[str]:
        return events()

    # ---- the designer's page
    def design_context(self, root: Path) -> object:
        return self.load(root, [str(root / DEFAULT_QUADRANT)])

    def design_alternatives(self, ctx) -> list[tuple[str, Any]]:
        out = []
        for name in SWITCHES:
            now = getattr(RULINGS, name)
            out.append((name, (1 if now is None else None) if name == "u30_tsugi_chain_limit" else not now))
        return out

    def design_report(self, ctx: dict, settings: dict, seed: int, policy: str, field: str | None, value: Any) -> dict:
        from .engine import GameConfig
        from .report import summarise
        from .runner import play_game
        from .tables import Tables

        rulings = RULINGS if field is None else dataclasses.replace(RULINGS, **{field: value})
        config = GameConfig(players=settings["players"], deck=ctx["deck"], rulings=rulings)
        tables = Tables(next(iter(ctx["boards"].values())))
        results = [play_game(tables, config, policy, seed, i) for i in range(settings["games"])]
        report = summarise(results, settings["players"], {"policy": policy})
        report.pop("ladder")
        label = "printed" if field is None else f"{field[:3].upper()}={json.dumps(value)}"
        return {"variant": label, **report}

    def design_cells(self, ctx: dict, settings: dict, base: dict, field: str | None, value: Any) -> list[dict]:
        return [{**base, "rules": {} if field is None else {field[:3].upper(): value},
                 "board": next(iter(ctx["boards"]))}]

    def design_skill_cell(self, ctx: dict, settings: dict) -> dict:
        return {"board": next(iter(ctx["boards"]))}

    def design_key(self, root: Path, ctx: dict) -> object:
        board = sorted((p.name, p.read_bytes().hex()) for p in (root / DEFAULT_QUADRANT).parent.glob("*")
                       if p.is_file())
        return [board, list(ctx["deck"]), SWITCHES]

    def design_rows(self, report: dict, explain: bool) -> list[tuple[str, str]]:
        from .explain import design_rows, variant_rows

        return design_rows(report) if explain else list(variant_rows(report).items())

    def design_words(self, rid: str, texts: dict[str, str]) -> object:
        return WORDS.get(rid)


LAB = DojoLab()
