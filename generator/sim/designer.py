"""The designer's page of a release: each game's design report (the `dojo sim --explain` figures), each ruling of
the game played against its alternative on the same seeds, and how much a stronger policy wins against a weaker one.

Cheap by design: a small fixed number of games (SETTINGS; about 5 s of CPU for the three games, on every core), the
result kept in build/cache/designer-<key>.json under a key that digests everything it depends on (the engine's
code, the board, the Nebbia deck, the GROUND and duel data and rulings, the settings), so a release plays them only
after one of those changed. The page says how few games these are and which `dojo sweep` measures more precisely.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import multiprocessing
from pathlib import Path
from typing import Any

from .digest import engine_digest

CACHE_DIR = Path("build/cache")
BOARD = "content/dojo/board/quadrant.txt"
SEED = 1
SETTINGS: dict[str, Any] = {
    "dojo": {"players": 4, "games": 300, "policy": "p0", "skill": ["lookahead/p0", 200]},
    "ground": {"players": 4, "games": 20, "policies": ["heuristic", "rival"], "skill": ["rollout/heuristic", 40],
               "skill_mode": "mode-common-problem"},
    "duel": {"games": 300, "policy": "hunter", "max_turns": 60, "skill": ["hunter/random", 200]},
}
DOJO_SWITCHES = (  # the Dojo's switchable readings (generator/sim/defaults.py), each against its other value;
    # U03 is left out: without it P0 plans every movement without its walk tables, about 70 times slower
    "u10_start_nearest_dojo", "u12_meditating_blocks_exit", "u16_play_only_to_change_outcome",
    "u21_extra_step_repeats", "u22_sensei_peso_everyone", "u23_exam_skip_meditating", "u24_tunnel_only_if_closer",
    "u32_roommates_share_start", "u30_tsugi_chain_limit")
DUEL_CHOICES = {"D03": ("up-to", "exact"), "D04": (True, False), "D05": (True, False), "D07": ("seigan-player", "never"),
                "D10": ("same-turn", "next-turn"), "D14": (12, 0)}  # D14: the slip's rows, or no limit


def alternatives(game: str, ctx: Any) -> list[tuple[str, Any]]:
    """The (ruling, value) pairs played against the rulings as printed: every other value of each."""
    if game == "dojo":
        from .defaults import RULINGS

        out = []
        for name in DOJO_SWITCHES:
            now = getattr(RULINGS, name)
            out.append((name, (1 if now is None else None) if name == "u30_tsugi_chain_limit" else not now))
        return out
    if game == "duel":
        return [(rid, v) for rid, vs in DUEL_CHOICES.items() for v in vs if v != ctx.rulings.value(_duel_name(rid))
                and not (rid == "D14" and v and ctx.rulings.value(_duel_name(rid)))]
    from ..content.ground_rulings import RULING_CHOICES

    printed = {r.id: r.value for r in ctx.rulings}
    return [(rid, v) for rid, vs in RULING_CHOICES.items() for v in vs if v != printed.get(rid)]


def _duel_name(rid: str) -> str:
    from ..content.duel_rulings import SCHEMA

    return SCHEMA[rid][0]


def tasks(ctxs: dict[str, Any]) -> list[tuple]:
    """Every piece of work, in the page's order: (game, what, ruling or pairing, value)."""
    out: list[tuple] = []
    for game in ("dojo", "ground", "duel"):
        policies = SETTINGS[game].get("policies") or [SETTINGS[game]["policy"]]
        for policy in policies:
            out.append((game, "rulings", policy, None, None))
            out += [(game, "rulings", policy, rid, value) for rid, value in alternatives(game, ctxs[game])]
        out.append((game, "skill", SETTINGS[game]["skill"][0], None, None))
    return out


def load(root: Path) -> dict[str, Any]:
    """The three games' content, as the sweep loads it (ValueError naming what does not load)."""
    from .sweep.games import load as load_game

    return {"dojo": load_game("dojo", root, [str(root / BOARD)]), "ground": load_game("ground", root, []),
            "duel": load_game("duel", root, [])}


def run_task(ctxs: dict[str, Any], task: tuple) -> dict:
    """One piece of work's JSON-ready result."""
    game, what, policy, rid, value = task
    s = SETTINGS[game]
    if what == "skill":
        from .sweep.games import play
        from .sweep.tally import summary

        cell = {"game": game, "policy": policy, "rules": {}, "players": s.get("players", 2)}
        if game == "dojo":
            cell["board"] = next(iter(ctxs["dojo"]["boards"]))
        if game == "ground":
            cell.update(scenario=ctxs["ground"].scenarios[0].id, mode=s["skill_mode"])
        return summary(play(ctxs[game], cell, SEED, 0, s["skill"][1]))["skill"]
    report = {"dojo": _dojo, "ground": _ground, "duel": _duel}[game](ctxs[game], policy, rid, value)
    return {**report, "per_game": _per_game(ctxs[game], game, policy, rid, value)}


def _per_game(ctx: Any, game: str, policy: str, rid: str | None, value: Any) -> dict:
    """The same games played through the sweep (sweep/games.play: one Tally, game by game), so that the page's
    seat win rates, lengths and paired differences are the sweep's statistics (tally.summary, compare.compare),
    computed one way. GROUND: every scenario and Mode the page plays, merged."""
    from .sweep.games import play
    from .sweep.tally import summary

    s = SETTINGS[game]
    rules = {} if rid is None else {rid[:3].upper() if game == "dojo" else rid: value}
    base = {"game": game, "policy": policy, "rules": rules, "players": s.get("players", 2)}
    if game == "dojo":
        cells = [{**base, "board": next(iter(ctx["boards"]))}]
    elif game == "ground":
        from .ground.engine import MODES

        cells = [{**base, "scenario": sc.id, "mode": m.id} for sc in ctx.scenarios for m in ctx.modes if m.id in MODES]
    else:
        cells = [{**base, "max_turns": s["max_turns"]}]
    tally = None
    for cell in cells:
        t = play(ctx, cell, SEED, 0, s["games"])
        tally = t if tally is None else (tally.merge(t) or tally)
    out = tally.to_json()
    keep = {k: out[k] for k in ("seats", "outcomes", "lengths", "values")}
    sm = summary(tally)
    return {"summary": {k: sm[k] for k in ("games", "seats", "fair_share", "length", "unfinished") if k in sm},
            "records": keep}


def _paired(game: str, reports: list[dict]) -> None:
    """Each variant's paired comparison with the printed rule (sweep/compare.compare), in place; the per-game
    records are then dropped (the cache keeps the statistics only)."""
    from .sweep.compare import compare

    base = reports[0]["per_game"]["records"]
    for r in reports[1:]:
        r["per_game"]["paired"] = compare({}, base, r["per_game"]["records"])
    for r in reports:
        r["per_game"].pop("records")


def _dojo(ctx: dict, policy: str, field: str | None, value: Any) -> dict:
    from .defaults import RULINGS
    from .engine import GameConfig
    from .report import summarise
    from .runner import play_game
    from .tables import Tables

    s = SETTINGS["dojo"]
    rulings = RULINGS if field is None else dataclasses.replace(RULINGS, **{field: value})
    config = GameConfig(players=s["players"], deck=ctx["deck"], rulings=rulings)
    tables = Tables(next(iter(ctx["boards"].values())))
    results = [play_game(tables, config, policy, SEED, i) for i in range(s["games"])]
    report = summarise(results, s["players"], {"policy": policy})
    report.pop("ladder")
    label = "printed" if field is None else f"{field[:3].upper()}={json.dumps(value)}"
    return {"variant": label, **report}


def _ground(data, policy: str, rid: str | None, value: Any) -> dict:
    from .ground.cli import with_ruling
    from .ground.engine import MODES, GameConfig
    from .ground.report import summarise
    from .ground.runner import play_game

    s = SETTINGS["ground"]
    variant = data if rid is None else with_ruling(data, rid, value)
    configs = [GameConfig(sc.id, m.id, s["players"]) for sc in data.scenarios for m in data.modes if m.id in MODES]
    results = [play_game(variant, c, policy, SEED, i) for c in configs for i in range(s["games"])]
    meta = {"variant": "printed" if rid is None else f"{rid}={value}", "policy": policy, "seed": SEED,
            "games_per_combination": s["games"], "scenario": "all", "players": s["players"], "mode": "all"}
    return summarise(results, meta)


def _duel(data, policy: str, rid: str | None, value: Any) -> dict:
    from .duel.play import run_duels, summarise
    from .duel.rules import Duel, never_both_hit

    s = SETTINGS["duel"]
    rulings = data.rulings if rid is None else data.rulings.replace(rid, value)
    duel = Duel(data.with_rulings(rulings))
    results = run_duels(duel, (policy, policy), s["games"], SEED, s["max_turns"])
    meta = {"policies": [policy, policy], "seed": SEED, "max_turns": s["max_turns"]}
    return {"variant": "printed" if rid is None else f"{rid}={json.dumps(value)}", **summarise(results, meta),
            "never_both_hit": [f"{a}/{b}" for a, b in never_both_hit(duel)]}


_WORK: list = []  # (ctxs, tasks) handed to forked workers


def _one(i: int) -> dict:
    ctxs, todo = _WORK
    return run_task(ctxs, todo[i])


def compute(ctxs: dict[str, Any], jobs: int = 1) -> dict:
    """Every task's result, in order (the same for any jobs)."""
    from .. import spool

    todo = tasks(ctxs)
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        results = [run_task(ctxs, t) for t in todo]
    else:
        _WORK[:] = [ctxs, todo]
        try:
            with spool.pool(jobs) as imap:
                results = list(imap(_one, range(len(todo))))
        finally:
            _WORK.clear()
    out: dict = {"engine": engine_digest()[:12], "settings": SETTINGS, "games": {}}
    for (game, what, policy, rid, value), result in zip(todo, results):
        g = out["games"].setdefault(game, {"rulings": {}, "skill": None, "texts": _texts(game, ctxs[game])})
        if what == "skill":
            g["skill"] = {"pairing": policy, **result}
        else:
            g["rulings"].setdefault(policy, []).append(result)
    for game, g in out["games"].items():
        for reports in g["rulings"].values():
            _paired(game, reports)
    return out


def _texts(game: str, ctx: Any) -> dict[str, str]:
    """Each ruling's words for the page (GROUND and duel: the rulings file's English text)."""
    if game == "dojo":
        return {}
    if game == "ground":
        return {r.id: r.text for r in ctx.rulings}
    return {r.id: ctx.rulings.say(r.text) for r in ctx.rulings.items}


def cache_key(root: Path, ctxs: dict[str, Any]) -> str:
    """sha256 of what the page depends on: engine code, board files, deck, GROUND and duel data, settings."""
    board = sorted((p.name, p.read_bytes().hex()) for p in (root / BOARD).parent.glob("*") if p.is_file())
    text = json.dumps([engine_digest(), board, list(ctxs["dojo"]["deck"]), repr(ctxs["ground"]), repr(ctxs["duel"]),
                       SETTINGS, DOJO_SWITCHES, repr(DUEL_CHOICES)], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def designer_report(root: Path, jobs: int = 1) -> dict:
    """The page's figures, from build/cache/designer-<key>.json when nothing they depend on changed."""
    from ..output.cache import note_damaged, read_json_entry, write_json_entry

    ctxs = load(root)
    key = cache_key(root, ctxs)
    path = root / CACHE_DIR / f"designer-{key[:24]}.json"
    record = read_json_entry(path, key, named_by_key=True)  # data only; a damaged file is noted and made again
    if record is not None:
        if isinstance(record.get("games"), dict):
            return record
        note_damaged(path, "its fields are malformed")
    record = {"key": key, **compute(ctxs, jobs)}
    record = json.loads(json.dumps(record, sort_keys=True))  # what the cache gives back, the same on every run
    write_json_entry(path, record)  # sealed with this user's key: a planted or edited page cache is made again
    return record
