"""The sword duel: content/duel/duel.toml -> validated stances, strikes, precedence and phases (seed 003)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..messages import Message
from ..problems import Problem, blocking
from .duel_rulings import RULINGS_PATH, SCHEMA, TRACK, DuelRulings, load_rulings
from .toml_source import TomlSource, load_toml

DUEL_PATH = Path("content/duel/duel.toml")
RULE = "duel-dataset"
STANCES = ("seigan", "jodan", "gasumi", "gedan")
STRIKES = ("shieshi", "men", "tsuki")
TRACK_CELLS = TRACK


@dataclass(frozen=True)
class Stance:
    """A stance (Kamae): seed term, romanisation, English name, movement (text and cell counts), strike, rules."""

    id: str
    term: str
    romaji: str
    name: str
    moves: str
    strike: str | None
    rules: tuple[str, ...]
    forward: tuple[int, ...] = ()
    back: tuple[int, ...] = ()
    rulings: tuple[str, ...] = ()  # ids of the kit's rulings (rulings.toml) that settle this stance's open points


@dataclass(frozen=True)
class Strike:
    """A strike (Giri): the stance it comes from, hit cells relative to the striker, the stance it leads to."""

    id: str
    term: str
    romaji: str
    name: str
    source: str
    hits: tuple[int, ...]
    leads_to: str
    pattern: str


@dataclass(frozen=True)
class DuelData:
    """The validated duel: the rule data the resolver plays and the cards, reference and booklet print."""

    track_cells: int
    start_stance: str
    stances: tuple[Stance, ...]
    strikes: tuple[Strike, ...]
    beats: tuple[tuple[str, str], ...]
    phases: tuple[str, ...]
    reference: Mapping[str, str]  # read-only
    actions: tuple[str, ...]
    rulings: DuelRulings | None = None  # content/duel/rulings.toml: D01-D16, setup and victory texts

    def with_rulings(self, rulings: DuelRulings) -> "DuelData":
        """The same duel under other rulings (a `--rule` variant of the simulator)."""
        return replace(self, rulings=rulings)

    def stance(self, stance_id: str) -> Stance:
        """The stance with this id."""
        return next(s for s in self.stances if s.id == stance_id)

    def strike(self, strike_id: str) -> Strike:
        """The strike with this id."""
        return next(s for s in self.strikes if s.id == strike_id)

    def outcome(self, a: str, b: str) -> str:
        """When strikes a and b both hit: 'a', 'b' or 'both' (both lose)."""
        if (a, b) in self.beats:
            return "a"
        if (b, a) in self.beats:
            return "b"
        return "both"


def load_duel(root: Path) -> tuple[DuelData | None, list[Problem]]:
    """Load and validate the duel; None when any blocking problem was found."""
    doc = load_toml(root / DUEL_PATH, root, RULE)
    if not doc.parsed:
        return None, doc.problems
    top = doc.table()
    cells = top.get("track_cells", int)
    if cells is not None and cells != TRACK_CELLS:
        top.error(f"track_cells is {cells}; the rules draw a track of {TRACK_CELLS} cells", "track_cells",
                  f"set track_cells = {TRACK_CELLS}")
    start = top.choice("start_stance", STANCES)
    stances = _stances(doc)
    strikes = _strikes(doc, {s.id for s in stances})
    for i, s in enumerate(stances):
        if s.strike and s.strike not in {k.id for k in strikes}:
            doc.error(f"stance {s.id!r} names unknown strike {s.strike!r}", "stance", i, "strike",
                      hint=f"use one of {', '.join(STRIKES)}")
    beats = []
    for f in doc.rows("beats", what="precedence"):
        beats.append((f.choice("winner", STRIKES) or "", f.choice("loser", STRIKES) or ""))
    if set(beats) != {("tsuki", "men"), ("men", "shieshi")}:
        doc.error("precedence must be: tsuki beats men, men beats shieshi (seed 003)", "beats", 0)
    phases = tuple(f.text("text") or "" for f in doc.rows("phase"))
    if len(phases) != 4:
        doc.error(f"{len(phases)} phases: the fight has 4", "phase", 0)
    ref = doc.table("reference")
    keys = ("simultaneous", "after_strike", "hit", "both_hit")
    reference = MappingProxyType({k: ref.text(k) or "" for k in keys})
    actions = ref.strings("actions")
    rdoc = load_toml(root / RULINGS_PATH, root, RULE)
    rulings = load_rulings(rdoc) if rdoc.parsed else None
    problems = doc.problems + rdoc.problems
    if blocking(problems) or rulings is None:
        return None, problems
    return DuelData(cells, start, stances, strikes, tuple(beats), phases, reference, actions, rulings), problems


def _stances(doc: TomlSource) -> tuple[Stance, ...]:
    out = []
    for f in doc.rows("stance"):
        f.unknown({"id", "term", "romaji", "name", "moves", "strike", "rules", "forward", "back", "rulings"})
        steps = {k: f.get(k, list, []) or [] for k in ("forward", "back")}
        rulings = f.strings("rulings", required=False)
        if set(rulings) - set(SCHEMA):
            f.error(f"rulings names {', '.join(sorted(set(rulings) - set(SCHEMA)))}, not a ruling of "
                    f"{RULINGS_PATH}", "rulings", f"use ids among {', '.join(SCHEMA)}")
        for key, v in steps.items():
            if not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 3 for n in v):
                f.error(f"{key} must list cell counts 1..3 (the seed's movement of this stance)", key)
        out.append(Stance(f.choice("id", STANCES) or "", f.text("term") or "", f.text("romaji") or "",
                          f.text("name") or "", f.text("moves") or "", f.text("strike", "") or None,
                          f.strings("rules", required=False),
                          tuple(sorted(n for n in steps["forward"] if isinstance(n, int))),
                          tuple(sorted(n for n in steps["back"] if isinstance(n, int))), rulings))
    for i, s in enumerate(out):
        said = {int(d) for d in re.findall(r"\d", s.moves)}
        if said != set(s.forward) | set(s.back):
            doc.error(f"stance {s.id!r}: `moves` names cells {sorted(said)} but forward/back allow "
                      f"{sorted(set(s.forward) | set(s.back))}", "stance", i, "moves",
                      hint="the card prints `moves`, the resolver plays forward/back: make them say the same")
    if sorted(s.id for s in out) != sorted(STANCES):
        doc.error(f"the duel needs exactly the four stances {', '.join(STANCES)}", "stance", 0)
    return tuple(out)


def _strikes(doc: TomlSource, stances: set[str]) -> tuple[Strike, ...]:
    out = []
    for f in doc.rows("strike"):
        f.unknown({"id", "term", "romaji", "name", "from", "hits", "leads_to", "pattern"})
        hits = f.get("hits", list) or []
        if not hits or not all(isinstance(h, int) and not isinstance(h, bool) and -3 <= h <= 4 for h in hits):
            f.error("hits must list cells relative to the striker, -3..4 (0 = own cell, 1 = in front)", "hits")
        out.append(Strike(f.choice("id", STRIKES) or "", f.text("term") or "", f.text("romaji") or "",
                          f.text("name") or "", f.choice("from", stances) or "",
                          tuple(h for h in hits if isinstance(h, int)), f.choice("leads_to", stances) or "",
                          f.text("pattern") or ""))
    if sorted(s.id for s in out) != sorted(STRIKES):
        doc.error(f"the duel needs exactly the three strikes {', '.join(STRIKES)}", "strike", 0)
    return tuple(out)


def messages(path: Path) -> list[Message]:
    """Translatable strings of content/duel/duel.toml (msgctxt = card id); `term` is printed verbatim."""
    doc = load_toml(path, rule=RULE)
    out: list[Message] = []

    def add(text: object, ctx: str, *where: str | int) -> None:
        if isinstance(text, str) and text.strip():
            field = ".".join(str(w) for w in where if isinstance(w, str))
            out.append(Message(text, ctx, doc.line(*where) or 0, f"duel.toml {field}"))

    for table, keys in (("stance", ("romaji", "name", "moves", "rules")), ("strike", ("romaji", "name", "pattern"))):
        for i, row in enumerate(doc.items(table)):
            for key in keys:
                for v in (row.get(key) if isinstance(row.get(key), list) else [row.get(key)]):
                    add(v, f"duel/{row.get('id')}", table, i, key)
    for i, row in enumerate(doc.items("phase")):
        add(row.get("text"), "duel-reference", "phase", i, "text")
    for key, value in doc.data.get("reference", {}).items():
        for v in (value if isinstance(value, list) else [value]):
            add(v, "duel-reference", "reference", key)
    for i, row in enumerate(doc.items("ruling")):  # rulings.toml: the booklet's "Rulings for this kit"
        add(row.get("topic"), "duel-rulings", "ruling", i, "topic")
        add(row.get("text"), "duel-rulings", "ruling", i, "text")
    for part in ("setup", "victory"):
        for v in (doc.data.get(part, {}).get("text") or [] if isinstance(doc.data.get(part), dict) else []):
            add(v, "duel-rulings", part, "text")
    for i, row in enumerate(doc.items("label")):  # labels.toml: what the components print around the data
        add(row.get("text"), str(row.get("component", "")), "label", i, "text")
    return out


def load_parts(root: Path) -> tuple[dict[str, object], list[Problem]]:
    """The duel's parts of the kit model (content/games.toml `content`): ``model.duel`` and ``model.duel_pieces``,
    the rulings' turn limit checked against the order slip's rows."""
    from .duel_pieces import load_duel_pieces

    duel, problems = load_duel(root)
    pieces, found = load_duel_pieces(root)
    problems += found
    if duel is not None and pieces is not None and duel.rulings.value("turn_limit") not in (0, pieces.slip_turns):
        problems.append(Problem("error", "duel-rulings", f"ruling D14 ends the duel after turn "
                                f"{duel.rulings.value('turn_limit')} but the order slip has {pieces.slip_turns} rows",
                                "content/duel/rulings.toml", where="D14",
                                hint="give D14 the slip's rows ([slip] turns in content/duel/pieces.toml) or 0"))
    return {"duel": duel, "duel_pieces": pieces}, problems
