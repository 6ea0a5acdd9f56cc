"""GROUND sample edition: content/ground/*.toml -> a validated, typed dataset (spec 001, GR-*)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..messages import Message
from ..problems import Problem, blocking
from .ground_rulings import Ruling, rulings_from
from .toml_source import Fields, TomlSource, load_toml

GROUND_DIR = Path("content/ground")
RULE = "ground-dataset"
SUITS = ("clarify", "repair", "boundary", "change")
ACTIONS = ("investigate", "solve", "support", "attack", "ground")
GROUND_MODES = ("GR", "OU", "ND")
SOLUTIONS_PER_SUIT = 6
SEATS = 6
# The spec's thresholds (GR-E01) and player-count filter (GR-S01): player count -> points / max priority.
SPEC_THRESHOLDS = {2: 5, 3: 7, 4: 7, 5: 9, 6: 9}
SPEC_FILTER = {2: 2, 3: 3, 4: 3, 5: 4, 6: 4}
MODE_COUNT = 3
ICONS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Suit:
    """A Solution suit: id, English name (message id), icon shape, helper colour."""

    id: str
    name: str
    icon: str
    colour: str


@dataclass(frozen=True)
class Seat:
    """A seat colour: id, name, colour, seat number 1-6."""

    id: str
    name: str
    colour: str
    number: int


@dataclass(frozen=True)
class Solution:
    """A Solution card."""

    id: str
    suit: str
    name: str


@dataclass(frozen=True)
class GProblem:
    """A Problem card: required suit, point value, priority 1-4."""

    id: str
    name: str
    suit: str
    value: int
    priority: int


@dataclass(frozen=True)
class Scenario:
    """A Scenario card: face-up Surface Problem and hidden Problems."""

    id: str
    name: str
    surface: str
    hidden: tuple[str, ...]


@dataclass(frozen=True)
class Band:
    """A player-count band (lo..hi players) and its number (threshold points or highest priority)."""

    lo: int
    hi: int
    value: int

    def label(self) -> str:
        """'2' or '3–4'."""
        return str(self.lo) if self.lo == self.hi else f"{self.lo}–{self.hi}"


@dataclass(frozen=True)
class Mode:
    """A Mode card: scoring and tie-breaks."""

    id: str
    name: str
    kind: str
    goal: str
    scoring: str
    tiebreaks: tuple[str, ...]


@dataclass(frozen=True)
class GroundMode:
    """One mode of the Ground Action (GR, OU, ND)."""

    id: str
    name: str
    effect: str


@dataclass(frozen=True)
class Action:
    """One of the five Actions."""

    id: str
    name: str
    target: str
    effects: tuple[str, ...]
    step: int
    modes: tuple[GroundMode, ...]


@dataclass(frozen=True)
class Step:
    """A round step (Select, Reveal, Resolve, End)."""

    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Token:
    """A token kind: count, front name, back name for double-sided pieces, shape."""

    id: str
    name: str
    back: str | None
    count: int
    shape: str


@dataclass(frozen=True)
class Mat:
    """What a player mat shows."""

    stress_max: int
    gate: tuple[int, int]
    gate_text: str
    freedom_sides: tuple[str, str]
    darvo: tuple[str, ...]
    darvo_text: str
    relation_slots: int
    start_text: str


@dataclass(frozen=True)
class GroundData:
    """The whole validated sample edition."""

    edition: str
    title: str
    notice: str
    rounds: int
    suits: tuple[Suit, ...]
    seats: tuple[Seat, ...]
    thresholds: tuple[Band, ...]
    filters: tuple[Band, ...]
    solutions: tuple[Solution, ...]
    problems: tuple[GProblem, ...]
    scenarios: tuple[Scenario, ...]
    modes: tuple[Mode, ...]
    actions: tuple[Action, ...]
    mat: Mat
    steps: tuple[Step, ...]
    resolve: tuple[tuple[int, str], ...]
    reference: Mapping[str, str]  # read-only
    tokens: tuple[Token, ...]
    rulings: tuple[Ruling, ...] = ()

    def ruled(self, ruling_id: str) -> str:
        """The machine value of a ruling (rulings.toml)."""
        return next(r.value for r in self.rulings if r.id == ruling_id)

    def suit(self, suit_id: str) -> Suit:
        """The suit with this id."""
        return next(s for s in self.suits if s.id == suit_id)

    def problem(self, problem_id: str) -> GProblem:
        """The Problem with this id."""
        return next(p for p in self.problems if p.id == problem_id)

    def threshold(self, players: int) -> int:
        """Group-success threshold for a player count."""
        return next(b.value for b in self.thresholds if b.lo <= players <= b.hi)

    def max_priority(self, players: int) -> int:
        """Highest hidden-Problem priority used with this player count."""
        return next(b.value for b in self.filters if b.lo <= players <= b.hi)


FILES = ("edition", "solutions", "problems", "scenarios", "modes", "actions", "components", "rulings")


def load_ground(root: Path) -> tuple[GroundData | None, list[Problem]]:
    """Load and validate content/ground/*.toml; the dataset is None when any blocking problem was found."""
    docs = {name: load_toml(root / GROUND_DIR / f"{name}.toml", root, RULE) for name in FILES}
    if not all(d.parsed for d in docs.values()):
        return None, [p for d in docs.values() for p in d.problems]
    ed = docs["edition"]
    suits = _suits(ed)
    seats = _seats(ed)
    thresholds = _bands(ed, "threshold", "points", SPEC_THRESHOLDS)
    filters = _bands(ed, "filter", "max_priority", SPEC_FILTER)
    solutions = _solutions(docs["solutions"], {s.id for s in suits})
    gproblems = _problems(docs["problems"], {s.id for s in suits})
    # a scenario is checked against valid Problems only (a wrong priority is reported once, in problems.toml)
    scenarios = () if docs["problems"].problems else _scenarios(docs["scenarios"], gproblems, thresholds, filters)
    modes = _modes(docs["modes"])
    actions = _actions(docs["actions"])
    mat, steps, resolve, reference, tokens = _components(docs["components"])
    rulings = rulings_from(docs["rulings"], {m.id for m in modes})
    top = ed.table()
    data = GroundData(top.text("edition"), top.text("title"), top.text("notice"), top.integer("rounds", 1, 20),
                      suits, seats, thresholds, filters, solutions, gproblems, scenarios, modes, actions, mat,
                      steps, resolve, reference, tokens, rulings)
    problems = [p for d in docs.values() for p in d.problems]
    return (None if blocking(problems) else data), problems


def _suits(doc: TomlSource) -> tuple[Suit, ...]:
    out = []
    for f in doc.rows("suit"):
        f.unknown({"id", "name", "icon", "colour"})
        sid, name, icon, colour = f.ident(), f.text("name"), f.choice("icon", ICONS), f.colour()
        if sid and sid not in SUITS:
            f.error(f"unknown suit {sid!r}; the spec's suits are {', '.join(SUITS)}", "id",
                    "use one of the spec's suits")
        out.append(Suit(sid or "", name or "", icon or "", colour or "#000000"))
    ids = [s.id for s in out]
    if sorted(ids) != sorted(SUITS):
        found = ", ".join(ids) or "none"
        doc.error(f"the edition must define exactly the four suits {', '.join(SUITS)}; found {found}", "suit", 0)
    icons = Counter(s.icon for s in out)
    for icon, n in icons.items():
        if n > 1:
            doc.error(f"icon {icon!r} is used by {n} suits: suits must differ by icon, not colour alone",
                      "suit", 0, hint="give every suit its own icon")
    return tuple(out)


def _seats(doc: TomlSource) -> tuple[Seat, ...]:
    out = []
    for i, f in enumerate(doc.rows("seat")):
        f.unknown({"id", "name", "colour"})
        out.append(Seat(f.ident() or "", f.text("name") or "", f.colour() or "#000000", i + 1))
    if len(out) != SEATS:
        doc.error(f"{len(out)} seat colours: the game seats up to 6 players, one Action set per seat: define 6",
                  "seat", 0)
    _unique(doc, "seat", [s.id for s in out])
    return tuple(out)


def _bands(doc: TomlSource, table: str, key: str, spec: dict[int, int]) -> tuple[Band, ...]:
    out = []
    for f in doc.rows(table, what=table):
        f.unknown({"players", key})
        players, value = f.get("players", list), f.get(key, int)
        if players is None or value is None:
            continue
        if len(players) != 2 or not all(isinstance(p, int) for p in players) or players[0] > players[1]:
            f.error("players must be [lowest, highest], e.g. [3, 4]", "players")
            continue
        out.append(Band(players[0], players[1], value))
    covered: dict[int, int] = {}
    for b in out:
        for n in range(b.lo, b.hi + 1):
            if n in covered:
                doc.error(f"{n} players appears in two [[{table}]] bands", table, 0)
            covered[n] = b.value
    for n, want in spec.items():
        if n not in covered:
            doc.error(f"no [[{table}]] band covers {n} players (the game has 2–6)", table, 0)
        elif covered[n] != want:
            doc.error(f"{key} for {n} players is {covered[n]}; the spec requires {want}", table,
                      next(i for i, b in enumerate(out) if b.lo <= n <= b.hi), key, hint=f"set {key} = {want}")
    return tuple(out)


def _solutions(doc: TomlSource, suits: set[str]) -> tuple[Solution, ...]:
    out, seen = [], set()
    for f in doc.rows("solution", what="card"):
        f.unknown({"id", "suit", "name"})
        out.append(Solution(f.ident(seen) or "", f.choice("suit", suits) or "", f.text("name") or ""))
    if len(out) != len(SUITS) * SOLUTIONS_PER_SUIT:
        doc.error(f"{len(out)} Solution cards: the core deck has 24 (6 per suit)", "solution", 0)
    per = Counter(s.suit for s in out)
    for suit in SUITS:
        if per.get(suit, 0) != SOLUTIONS_PER_SUIT:
            doc.error(f"suit {suit!r} has {per.get(suit, 0)} Solution cards; each suit needs exactly 6", "solution",
                      next((i for i, s in enumerate(out) if s.suit == suit), 0), "suit")
    return tuple(out)


def _problems(doc: TomlSource, suits: set[str]) -> tuple[GProblem, ...]:
    out, seen = [], set()
    for f in doc.rows("problem"):
        f.unknown({"id", "name", "suit", "value", "priority"})
        out.append(GProblem(f.ident(seen) or "", f.text("name") or "", f.choice("suit", suits) or "",
                            f.integer("value", 1, 5) or 0, f.integer("priority", 1, 4) or 0))
    return tuple(out)


def _scenarios(doc: TomlSource, gproblems: tuple[GProblem, ...], thresholds: tuple[Band, ...],
               filters: tuple[Band, ...]) -> tuple[Scenario, ...]:
    by_id = {p.id: p for p in gproblems}
    out, used, seen = [], Counter(), set()
    for f in doc.rows("scenario"):
        f.unknown({"id", "name", "surface", "hidden"})
        sid, name, surface, hidden = f.ident(seen), f.text("name"), f.text("surface"), f.get("hidden", list)
        refs = ([surface] if surface else []) + [h for h in hidden or [] if isinstance(h, str)]
        for ref in refs:
            if ref not in by_id:
                f.error(f"unknown Problem {ref!r} (not in problems.toml)", "surface" if ref == surface else "hidden",
                        "use the id of a [[problem]] in problems.toml")
            used[ref] += 1
        hid = tuple(h for h in hidden or [] if h in by_id)
        prios = {by_id[h].priority for h in hid}
        for p in (1, 2, 3, 4):
            if p not in prios:
                f.error(f"no hidden Problem of priority {p}: every priority 1–4 needs at least one", "hidden")
        for band in thresholds:
            for n in (band.lo, band.hi):
                cap = next((b.value for b in filters if b.lo <= n <= b.hi), 4)
                total = (by_id[surface].value if surface in by_id else 0) + sum(
                    by_id[h].value for h in hid if by_id[h].priority <= cap)
                if total < band.value:
                    f.error(f"with {n} players the Problems in play are worth {total}, below the threshold "
                            f"{band.value}: the scenario cannot be won", "hidden")
        out.append(Scenario(sid or "", name or "", surface or "", hid))
    for pid, n in used.items():
        if n > 1:
            doc.error(f"Problem {pid!r} is used {n} times; each Problem card belongs to one scenario", "scenario", 0)
    for p in gproblems:
        if p.id not in used:
            doc.error(f"Problem {p.id!r} is in no scenario", "scenario", 0, hint="add it to a scenario or remove it")
    return tuple(out)


def _modes(doc: TomlSource) -> tuple[Mode, ...]:
    out, seen = [], set()
    for f in doc.rows("mode"):
        f.unknown({"id", "name", "kind", "goal", "scoring", "tiebreaks"})
        out.append(Mode(f.ident(seen) or "", f.text("name") or "", f.text("kind") or "", f.text("goal") or "",
                        f.text("scoring") or "", f.strings("tiebreaks")))
    if len(out) != MODE_COUNT:
        doc.error(f"{len(out)} modes: the game has exactly 3 (Shared Ground, Common Problem, Bonded Coalitions)",
                  "mode", 0)
    return tuple(out)


def _actions(doc: TomlSource) -> tuple[Action, ...]:
    out, mode_index, seen = [], 0, set()
    for f in doc.rows("action"):
        f.unknown({"id", "name", "target", "effects", "step", "mode"})
        aid = f.ident(seen)
        if aid and aid not in ACTIONS:
            f.error(f"unknown Action {aid!r}; the five Actions are {', '.join(ACTIONS)}", "id")
        modes = []
        for row in f.table.get("mode", []):
            m = Fields(doc, row, ("action", "mode", mode_index), f"mode of action {aid}")
            modes.append(GroundMode(m.text("id") or "", m.text("name") or "", m.text("effect") or ""))
            mode_index += 1
        if aid == "ground" and tuple(m.id for m in modes) != GROUND_MODES:
            f.error("the Ground Action needs exactly the modes GR, OU, ND in this order")
        out.append(Action(aid or "", f.text("name") or "", f.text("target") or "", f.strings("effects"),
                          f.integer("step", 1, 6) or 0, tuple(modes)))
    missing = [a for a in ACTIONS if a not in seen]
    if missing:
        doc.error(f"missing Action(s): {', '.join(missing)}", "action", 0)
    return tuple(out)


def _components(doc: TomlSource):
    m = doc.table("mat")
    gate, sides, darvo = m.get("gate", list) or [4, 5], m.strings("freedom_sides") or ("", ""), m.strings("darvo")
    if list(gate) != [4, 5]:
        m.error(f"stress gate {gate}: the spec's gate is Stress 4–5", "gate", "set gate = [4, 5]")
    if m.get("stress_max", int) not in (None, 5):
        m.error("stress_max must be 5 (Stress is 0–5)", "stress_max", "set stress_max = 5")
    if list(darvo) != ["OFF", "DENY", "ATTACK", "REVERSE"]:
        m.error('darvo must be ["OFF", "DENY", "ATTACK", "REVERSE"]', "darvo")
    mat = Mat(5, (4, 5), m.text("gate_text") or "", (sides[0], sides[-1]), darvo, m.text("darvo_text") or "",
              m.integer("relation_slots", 1, 4) or 2, m.text("start_text") or "")
    steps = tuple(Step(f.ident() or "", f.text("name") or "", f.text("text") or "") for f in doc.rows("step"))
    if [s.id for s in steps] != ["select", "reveal", "resolve", "end"]:
        doc.error("round steps must be select, reveal, resolve, end in order", "step", 0)
    resolve = tuple((f.get("order", int) or 0, f.text("name") or "") for f in doc.rows("resolve", what="step"))
    if [o for o, _ in resolve] != [1, 2, 3, 4, 5, 6]:
        doc.error("[[resolve]] must list steps 1 to 6 in order", "resolve", 0)
    ref = doc.table("reference")
    keys = ("denied", "darvo_deny", "darvo_attack", "darvo_reverse")
    reference = MappingProxyType({k: ref.text(k) or "" for k in keys})
    tokens = []
    for f in doc.rows("token"):
        f.unknown({"id", "name", "back", "count", "shape"})
        tokens.append(Token(f.ident() or "", f.text("name") or "", f.text("back", None),
                            f.integer("count", 1, 99) or 1, f.text("shape", "circle")))
    need = {"focus-blame", "protection", "denied", "bond-rivalry", "lead", "round"}
    missing = need - {t.id for t in tokens}
    if missing:
        doc.error(f"missing token(s): {', '.join(sorted(missing))}", "token", 0)
    return mat, steps, resolve, reference, tuple(tokens)


def _unique(doc: TomlSource, table: str, ids: list[str]) -> None:
    for i, key in enumerate(ids):
        if key and ids.index(key) != i:
            doc.error(f"id {key!r} is used twice", table, i, "id", hint="every id must be unique")


def _owned_tokens(path: Path) -> set[str]:
    """The tokens pieces.toml prints per seat with its own names (ground_markers), never as tokens: their names in
    components.toml are not printed."""
    pieces = path.parent / "pieces.toml"
    if path.name != "components.toml" or not pieces.is_file():
        return set()
    owned = load_toml(pieces, rule=RULE).data.get("owned_tokens", [])
    return {t for t in owned if isinstance(t, str)}


def messages(path: Path) -> list[Message]:
    """Translatable strings of one content/ground/*.toml file (msgctxt = card/component id)."""
    doc = load_toml(path, rule=RULE)
    out: list[Message] = []

    def add(text: object, ctx: str, *where: str | int) -> None:
        if isinstance(text, str) and text.strip():
            field = ".".join(str(w) for w in where if isinstance(w, str)) if len(where) > 1 else f".{where[0]}"
            out.append(Message(text, ctx, doc.line(*where) or 0, f"{path.name} {field}"))

    owned = _owned_tokens(path)
    for table, prefix, keys in (("suit", "ground/suit/", ("name",)), ("seat", "ground/seat/", ("name",)),
                                ("solution", "ground/", ("name",)), ("problem", "ground/", ("name",)),
                                ("scenario", "ground/", ("name",)),
                                ("mode", "ground/", ("name", "kind", "goal", "scoring", "tiebreaks")),
                                ("action", "ground/action/", ("name", "target", "effects")),
                                ("step", "ground/step/", ("name", "text")),
                                ("token", "ground-tokens/", ("name", "back")), ("ruling", "ground-rulings", ("text", "card"))):
        for i, row in enumerate(doc.items(table)):
            shown = keys  # a token printed per seat (_owned_tokens), a ruling the booklet states in its rules text
            if table == "token" and row.get("id") in owned or table == "ruling" and not row.get("provisional"):
                shown = ("card",)  # (its rulings section lists the provisional ones): only a card's short form
            for key in shown:
                values = row.get(key) if isinstance(row.get(key), list) else [row.get(key)]
                for v in values:
                    add(v, prefix if table == "ruling" else prefix + str(row.get("id", "")), table, i, key)
    mode_index = 0
    for row in doc.items("action"):
        for m in row.get("mode", []):
            for key in ("name", "effect"):
                add(m.get(key), f"ground/action/ground/{m.get('id')}", "action", "mode", mode_index, key)
            mode_index += 1
    for i, row in enumerate(doc.items("resolve")):
        add(row.get("name"), "ground-reference", "resolve", i, "name")
    for table, ctx in (("mat", "ground-player-mats"), ("reference", "ground-reference")):
        data = doc.data.get(table, {})
        for key, value in data.items():
            for v in (value if isinstance(value, list) else [value]):
                add(v, ctx, table, key)
    for key in ("title", "notice"):
        add(doc.data.get(key), "ground", key)
    for i, row in enumerate(doc.items("label")):  # labels.toml: what the components print around the data
        add(row.get("text"), str(row.get("component", "")), "label", i, "text")
    return out


def load_parts(root: Path) -> tuple[dict[str, object], list[Problem]]:
    """GROUND's parts of the kit model (content/games.toml `content`): ``model.ground`` and ``model.ground_pieces``."""
    from .ground_pieces import load_ground_pieces

    ground, problems = load_ground(root)
    pieces, found = load_ground_pieces(root)
    return {"ground": ground, "ground_pieces": pieces}, problems + found
