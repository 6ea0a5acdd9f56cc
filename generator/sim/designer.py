"""The designer's page of a release: each game's design report (the `dojo sim --explain` figures), each ruling of
the game played against its alternative on the same seeds, and how much a stronger policy wins against a weaker one.

Cheap by design: a small fixed number of games (SETTINGS; about 5 s of CPU for the kit's games, on every core), the
result kept in build/cache/designer-<key>.json under a key that digests everything it depends on (the engine's
code, each game's content, boards and rulings, the settings), so a release plays them only after one of those
changed. Each game's part (its settings, rulings, cells and rows) is its lab's (generator/sim/lab.py): this module
and designer_html.py dispatch on the games table. The page says how few games these are and which `dojo sweep` measures more precisely.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
from pathlib import Path
from typing import Any, Callable, Iterator

from ..collector import fewer
from .digest import engine_digest
from .lab import lab, labs

CACHE_DIR = Path("build/cache")
SEED = 1
# Each game's few games (its lab's design_settings, generator/sim/lab.py), in table order.
SETTINGS: dict[str, Any] = {code: x.design_settings for code, x in labs().items()}


def alternatives(game: str, ctx: Any) -> list[tuple[str, Any]]:
    """The (ruling, value) pairs played against the rulings as printed: every other value of each."""
    return lab(game).design_alternatives(ctx)


def tasks(ctxs: dict[str, Any]) -> list[tuple]:
    """Every piece of work, in the page's order: (game, what, ruling or pairing, value)."""
    out: list[tuple] = []
    for game in SETTINGS:
        policies = SETTINGS[game].get("policies") or [SETTINGS[game]["policy"]]
        for policy in policies:
            out.append((game, "rulings", policy, None, None))
            out += [(game, "rulings", policy, rid, value) for rid, value in alternatives(game, ctxs[game])]
        out.append((game, "skill", SETTINGS[game]["skill"][0], None, None))
    return out


def load(root: Path) -> dict[str, Any]:
    """Every game's content, as the sweep loads it (ValueError naming what does not load)."""
    return {game: lab(game).design_context(root) for game in SETTINGS}


def run_task(ctxs: dict[str, Any], task: tuple) -> dict:
    """One piece of work's JSON-ready result."""
    game, what, policy, rid, value = task
    s = SETTINGS[game]
    if what == "skill":
        from .sweep.games import play
        from .sweep.tally import summary

        cell = {"game": game, "policy": policy, "rules": {}, "players": s.get("players", 2),
                **lab(game).design_skill_cell(ctxs[game], s)}
        return summary(play(ctxs[game], cell, SEED, 0, s["skill"][1]))["skill"]
    report, tally = lab(game).design_games(ctxs[game], s, SEED, policy, rid, value)
    return {**report, "per_game": _per_game(tally)}


def _per_game(tally: Any) -> dict:
    """The report's games as the sweep counts them (the Tally the game's lab filled while playing them once), so that
    the page's seat win rates, lengths and paired differences are the sweep's statistics (tally.summary,
    compare.compare), computed one way."""
    from .sweep.tally import summary

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
    """Each ruling's words for the page (as the game's rulings file gives them)."""
    return lab(game).design_texts(ctx)


def cache_key(root: Path, ctxs: dict[str, Any]) -> str:
    """sha256 of what the page depends on: the engine's code, what each game's figures read (its lab's design_key:
    boards, decks, data and rulings), the settings."""
    text = json.dumps([engine_digest(), {game: lab(game).design_key(root, ctx) for game, ctx in ctxs.items()},
                       SETTINGS], sort_keys=True)
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


def page_job(job: tuple[Path, str]) -> tuple[str, list[str]]:
    """The designer's page of a release (its figures on one process: designer_report), made in a worker: the page and
    the damaged cache files met on the way (noted in the parent: output.cache.noted_elsewhere)."""
    from ..output.cache import damage_mark, damaged_since
    from .designer_html import page

    root, version = job
    mark = damage_mark()
    with fewer():  # the games make millions of short-lived objects (a tenth of their CPU)
        return page(designer_report(root, 1), version), list(damaged_since(mark))


@contextlib.contextmanager
def made_beside(root: Path, version: str, jobs: int, fork: bool) -> Iterator[Callable[[], str]]:
    """The designer's page of a release made while the release goes on: yields the function that gives the page.

    On two processes or more (jobs) where workers fork (fork: kit.workers.forking()), one worker plays the page's games and draws the page from the
    start, beside the kits and the TTS export (whose stages leave a core idle at times: phase one's serial steps,
    each stage's last pieces), and the function waits for it; leaving the block early (a failed gate, an interrupt)
    stops it. Otherwise the page is made when the function is called, on `jobs` processes. The same page either way
    (compute's results do not depend on the processes)."""
    from .. import spool
    from ..output.cache import noted_elsewhere

    if jobs <= 1 or not fork or multiprocessing.current_process().daemon:
        from .designer_html import page

        def made_here() -> str:
            with fewer():
                return page(designer_report(root, jobs), version)
        yield made_here
        return
    with spool.pool(1) as imap:
        pending = imap(page_job, [(root, version)])  # handed to the worker now

        def wait() -> str:
            html, damaged = next(pending)
            noted_elsewhere(damaged)
            return html
        yield wait
