"""The sword duel: content/duel/duel.toml -> validated stances, strikes, precedence and phases (seed 003)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..i18n.messages import Message
from ..problems import CheckFailed, Problem, blocking
from .duel_rulings import RULINGS_PATH, DuelRulings, load_rulings
from .tomlsrc import TomlDoc, read

DUEL_PATH = Path("content/duel/duel.toml")
RULE = "duel-dataset"
STANCES = ("seigan", "jodan", "gasumi", "gedan")
STRIKES = ("shieshi", "men", "tsuki")
TRACK_CELLS = 12


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
    reference: dict[str, str]
    actions: tuple[str, ...]
    rulings: DuelRulings | None = None  # content/duel/rulings.toml: D01-D13, setup and victory texts

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
    doc = read(root / DUEL_PATH, root, RULE)
    if blocking(doc.problems):
        return None, doc.problems
    cells = doc.get(doc.data, "", 0, "track_cells", int)
    if cells is not None and cells != TRACK_CELLS:
        doc.error(f"track_cells is {cells}; the rules draw a track of {TRACK_CELLS} cells", "", 0, "track_cells")
    stances = _stances(doc)
    strikes = _strikes(doc, {s.id for s in stances})
    for s in stances:
        if s.strike and s.strike not in {k.id for k in strikes}:
            doc.error(f"stance {s.id!r} names unknown strike {s.strike!r}", "stance", STANCES.index(s.id)
                      if s.id in STANCES else 0, "strike")
    beats = []
    for i, row in enumerate(doc.rows("beats")):
        w, lo = doc.get(row, "beats", i, "winner", str), doc.get(row, "beats", i, "loser", str)
        for key, v in (("winner", w), ("loser", lo)):
            if v and v not in STRIKES:
                doc.error(f"unknown strike {v!r}; use one of {', '.join(STRIKES)}", "beats", i, key)
        beats.append((w or "", lo or ""))
    if set(beats) != {("tsuki", "men"), ("men", "shieshi")}:
        doc.error("precedence must be: tsuki beats men, men beats shieshi (seed 003)", "beats", 0)
    phases = tuple(doc.get(r, "phase", i, "text", str) or "" for i, r in enumerate(doc.rows("phase")))
    if len(phases) != 4:
        doc.error(f"{len(phases)} phases: the fight has 4", "phase", 0)
    ref = doc.table("reference")
    reference = {k: doc.get(ref, "reference", 0, k, str) or ""
                 for k in ("simultaneous", "after_strike", "hit", "both_hit")}
    actions = tuple(str(a) for a in doc.get(ref, "reference", 0, "actions", list) or [])
    start = doc.get(doc.data, "", 0, "start_stance", str)
    if start and start not in STANCES:
        doc.error(f"unknown start stance {start!r}", "", 0, "start_stance")
    rdoc = read(root / RULINGS_PATH, root, RULE)
    rulings = None if blocking(rdoc.problems) else load_rulings(rdoc)
    problems = doc.problems + rdoc.problems
    if blocking(problems) or rulings is None:
        return None, problems
    return DuelData(cells, start, stances, strikes, tuple(beats), phases, reference, actions, rulings), problems


def present(root: Path) -> bool:
    """Whether the project has the duel at all (a kit without content/duel/ has no duel parts)."""
    return (root / DUEL_PATH).parent.is_dir()


def require_duel(root: Path) -> DuelData:
    """The duel, or CheckFailed listing every problem."""
    data, problems = load_duel(root)
    if data is None:
        raise CheckFailed(blocking(problems))
    return data


def _stances(doc: TomlDoc) -> tuple[Stance, ...]:
    out = []
    for i, row in enumerate(doc.rows("stance")):
        doc.unknown(row, "stance", i, {"id", "term", "romaji", "name", "moves", "strike", "rules", "forward", "back"})
        g = lambda key, typ=str, d=...: doc.get(row, "stance", i, key, typ, d)  # noqa: E731
        sid = g("id")
        if sid and sid not in STANCES:
            doc.error(f"unknown stance {sid!r}; the four stances are {', '.join(STANCES)}", "stance", i, "id")
        steps = {k: g(k, list, []) or [] for k in ("forward", "back")}
        for key, v in steps.items():
            if not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 3 for n in v):
                doc.error(f"{key} must list cell counts 1..3 (the seed's movement of this stance)", "stance", i, key)
        out.append(Stance(sid or "", g("term") or "", g("romaji") or "", g("name") or "", g("moves") or "",
                          g("strike", str, "") or None, tuple(map(str, g("rules", list, []) or [])),
                          tuple(sorted(n for n in steps["forward"] if isinstance(n, int))),
                          tuple(sorted(n for n in steps["back"] if isinstance(n, int)))))
    for i, s in enumerate(out):
        said = {int(d) for d in re.findall(r"\d", s.moves)}
        if said != set(s.forward) | set(s.back):
            doc.error(f"stance {s.id!r}: `moves` names cells {sorted(said)} but forward/back allow "
                      f"{sorted(set(s.forward) | set(s.back))}", "stance", i, "moves",
                      hint="the card prints `moves`, the resolver plays forward/back: make them say the same")
    if sorted(s.id for s in out) != sorted(STANCES):
        doc.error(f"the duel needs exactly the four stances {', '.join(STANCES)}", "stance", 0)
    return tuple(out)


def _strikes(doc: TomlDoc, stances: set[str]) -> tuple[Strike, ...]:
    out = []
    for i, row in enumerate(doc.rows("strike")):
        doc.unknown(row, "strike", i, {"id", "term", "romaji", "name", "from", "hits", "leads_to", "pattern"})
        g = lambda key, typ=str: doc.get(row, "strike", i, key, typ)  # noqa: E731
        sid, src, to, hits = g("id"), g("from"), g("leads_to"), g("hits", list) or []
        for key, v in (("from", src), ("leads_to", to)):
            if v and v not in stances:
                doc.error(f"unknown stance {v!r}", "strike", i, key, where=f"strike {sid}")
        if not hits or not all(isinstance(h, int) and -3 <= h <= 4 for h in hits):
            doc.error("hits must list cells relative to the striker, -3..4 (0 = own cell, 1 = in front)",
                      "strike", i, "hits", where=f"strike {sid}")
        out.append(Strike(sid or "", g("term") or "", g("romaji") or "", g("name") or "", src or "",
                          tuple(h for h in hits if isinstance(h, int)), to or "", g("pattern") or ""))
    if sorted(s.id for s in out) != sorted(STRIKES):
        doc.error(f"the duel needs exactly the three strikes {', '.join(STRIKES)}", "strike", 0)
    return tuple(out)


def messages(path: Path) -> list[Message]:
    """Translatable strings of content/duel/duel.toml (msgctxt = card id); `term` is printed verbatim."""
    doc = read(path, None, RULE)
    out: list[Message] = []

    def add(text: object, ctx: str, table: str, index: int, key: str) -> None:
        if isinstance(text, str) and text.strip():
            out.append(Message(text, ctx, doc.line(table, index, key) or 0, f"duel.toml {table}.{key}"))

    for table, keys in (("stance", ("romaji", "name", "moves", "rules")), ("strike", ("romaji", "name", "pattern"))):
        for i, row in enumerate(doc.rows(table)):
            for key in keys:
                for v in (row.get(key) if isinstance(row.get(key), list) else [row.get(key)]):
                    add(v, f"duel/{row.get('id')}", table, i, key)
    for i, row in enumerate(doc.rows("phase")):
        add(row.get("text"), "duel-reference", "phase", i, "text")
    for key, value in doc.data.get("reference", {}).items():
        for v in (value if isinstance(value, list) else [value]):
            add(v, "duel-reference", "reference", 0, key)
    for i, row in enumerate(doc.rows("ruling")):  # rulings.toml: the booklet's "Rulings for this kit"
        add(row.get("topic"), "duel-rulings", "ruling", i, "topic")
        add(row.get("text"), "duel-rulings", "ruling", i, "text")
    for part in ("setup", "victory"):
        for v in (doc.data.get(part, {}).get("text") or [] if isinstance(doc.data.get(part), dict) else []):
            add(v, "duel-rulings", part, 0, "text")
    for i, row in enumerate(doc.rows("label")):  # labels.toml: what the components print around the data
        add(row.get("text"), str(row.get("component", "")), "label", i, "text")
    return out
