"""GROUND sample edition: content/ground/*.toml -> a validated, typed dataset (spec 001, GR-*)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..i18n.messages import Message
from ..problems import CheckFailed, Problem, blocking
from .ground_rulings import Ruling, rulings_from
from .tomlsrc import TomlDoc, read

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
    reference: dict[str, str]
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


def load_ground(root: Path) -> tuple[GroundData | None, list[Problem]]:
    """Load and validate content/ground/*.toml; the dataset is None when any blocking problem was found."""
    base = root / GROUND_DIR
    docs = {name: read(base / f"{name}.toml", root, RULE)
            for name in ("edition", "solutions", "problems", "scenarios", "modes", "actions", "components", "rulings")}
    problems: list[Problem] = [p for d in docs.values() for p in d.problems]
    if blocking(problems):
        return None, problems
    ed = docs["edition"]
    suits = _suits(ed)
    seats = _seats(ed)
    thresholds = _bands(ed, "threshold", "points", SPEC_THRESHOLDS)
    filters = _bands(ed, "filter", "max_priority", SPEC_FILTER)
    solutions = _solutions(docs["solutions"], {s.id for s in suits})
    gproblems = _problems(docs["problems"], {s.id for s in suits})
    scenarios = _scenarios(docs["scenarios"], gproblems, thresholds, filters)
    modes = _modes(docs["modes"])
    actions = _actions(docs["actions"])
    comp = docs["components"]
    mat, steps, resolve, reference, tokens = _components(comp)
    rulings = rulings_from(docs["rulings"])
    problems = [p for d in docs.values() for p in d.problems]
    if blocking(problems):
        return None, problems
    data = GroundData(ed.get(ed.data, "", 0, "edition", str), ed.get(ed.data, "", 0, "title", str),
                      ed.get(ed.data, "", 0, "notice", str), ed.get(ed.data, "", 0, "rounds", int),
                      suits, seats, thresholds, filters, solutions, gproblems, scenarios, modes, actions, mat,
                      steps, resolve, reference, tokens, rulings)
    problems = [p for d in docs.values() for p in d.problems]
    return (None if blocking(problems) else data), problems


def present(root: Path) -> bool:
    """Whether the project has a GROUND dataset at all (a kit without content/ground/ has no GROUND parts)."""
    return (root / GROUND_DIR).is_dir()


def require_ground(root: Path) -> GroundData:
    """The dataset, or CheckFailed listing every problem."""
    data, problems = load_ground(root)
    if data is None:
        raise CheckFailed(blocking(problems))
    return data


def _suits(doc: TomlDoc) -> tuple[Suit, ...]:
    out = []
    for i, row in enumerate(doc.rows("suit")):
        doc.unknown(row, "suit", i, {"id", "name", "icon", "colour"})
        sid, name = doc.get(row, "suit", i, "id", str), doc.get(row, "suit", i, "name", str)
        icon, colour = doc.get(row, "suit", i, "icon", str), doc.get(row, "suit", i, "colour", str)
        if sid and sid not in SUITS:
            doc.error(f"unknown suit {sid!r}; the spec's suits are {', '.join(SUITS)}", "suit", i, "id")
        if icon and icon not in ICONS:
            doc.error(f"unknown icon {icon!r}; use one of {', '.join(ICONS)}", "suit", i, "icon")
        out.append(Suit(sid or "", name or "", icon or "", colour or "#000000"))
    ids = [s.id for s in out]
    if sorted(ids) != sorted(SUITS):
        found = ", ".join(ids) or "none"
        doc.error(f"the edition must define exactly the four suits {', '.join(SUITS)}; found {found}",
                  "suit", 0)
    icons = Counter(s.icon for s in out)
    for icon, n in icons.items():
        if n > 1:
            doc.error(f"icon {icon!r} is used by {n} suits: suits must differ by icon, not colour alone",
                      "suit", 0, hint="give every suit its own icon")
    return tuple(out)


def _seats(doc: TomlDoc) -> tuple[Seat, ...]:
    out = []
    for i, row in enumerate(doc.rows("seat")):
        doc.unknown(row, "seat", i, {"id", "name", "colour"})
        out.append(Seat(doc.get(row, "seat", i, "id", str) or "", doc.get(row, "seat", i, "name", str) or "",
                        doc.get(row, "seat", i, "colour", str) or "#000000", i + 1))
    if len(out) != SEATS:
        doc.error(f"{len(out)} seat colours: the game seats up to 6 players, one Action set per seat: define 6",
                  "seat", 0)
    dup = [k for k, n in Counter(s.id for s in out).items() if n > 1]
    if dup:
        doc.error(f"seat id(s) used twice: {', '.join(dup)}", "seat", 0)
    return tuple(out)


def _bands(doc: TomlDoc, table: str, key: str, spec: dict[int, int]) -> tuple[Band, ...]:
    out = []
    for i, row in enumerate(doc.rows(table)):
        doc.unknown(row, table, i, {"players", key})
        players, value = doc.get(row, table, i, "players", list), doc.get(row, table, i, key, int)
        if players is None or value is None:
            continue
        if len(players) != 2 or not all(isinstance(p, int) for p in players) or players[0] > players[1]:
            doc.error("players must be [lowest, highest], e.g. [3, 4]", table, i, "players")
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
                      next(i for i, b in enumerate(out) if b.lo <= n <= b.hi), key)
    return tuple(out)


def _solutions(doc: TomlDoc, suits: set[str]) -> tuple[Solution, ...]:
    out = []
    for i, row in enumerate(doc.rows("solution")):
        doc.unknown(row, "solution", i, {"id", "suit", "name"})
        sid, suit = doc.get(row, "solution", i, "id", str), doc.get(row, "solution", i, "suit", str)
        name = doc.get(row, "solution", i, "name", str)
        if suit and suit not in suits:
            doc.error(f"unknown suit {suit!r}; use one of {', '.join(sorted(suits))}", "solution", i, "suit",
                      where=f"card {sid}")
        out.append(Solution(sid or "", suit or "", name or ""))
    _unique(doc, "solution", [s.id for s in out])
    if len(out) != len(SUITS) * SOLUTIONS_PER_SUIT:
        doc.error(f"{len(out)} Solution cards: the core deck has 24 (6 per suit)", "solution", 0)
    per = Counter(s.suit for s in out)
    for suit in SUITS:
        if per.get(suit, 0) != SOLUTIONS_PER_SUIT:
            doc.error(f"suit {suit!r} has {per.get(suit, 0)} Solution cards; each suit needs exactly 6", "solution",
                      next((i for i, s in enumerate(out) if s.suit == suit), 0), "suit")
    return tuple(out)


def _problems(doc: TomlDoc, suits: set[str]) -> tuple[GProblem, ...]:
    out = []
    for i, row in enumerate(doc.rows("problem")):
        doc.unknown(row, "problem", i, {"id", "name", "suit", "value", "priority"})
        get = lambda key, typ: doc.get(row, "problem", i, key, typ)  # noqa: E731
        pid, name, suit, value, prio = get("id", str), get("name", str), get("suit", str), get("value", int), \
            get("priority", int)
        where = f"problem {pid}"
        if suit and suit not in suits:
            doc.error(f"unknown suit {suit!r}; use one of {', '.join(sorted(suits))}", "problem", i, "suit",
                      where=where)
        if value is not None and not 1 <= value <= 5:
            doc.error(f"value {value} out of range 1–5", "problem", i, "value", where=where)
        if prio is not None and not 1 <= prio <= 4:
            doc.error(f"priority {prio} out of range 1–4", "problem", i, "priority", where=where)
        out.append(GProblem(pid or "", name or "", suit or "", value or 0, prio or 0))
    _unique(doc, "problem", [p.id for p in out])
    return tuple(out)


def _scenarios(doc: TomlDoc, gproblems: tuple[GProblem, ...], thresholds: tuple[Band, ...],
               filters: tuple[Band, ...]) -> tuple[Scenario, ...]:
    by_id = {p.id: p for p in gproblems}
    out, used = [], Counter()
    for i, row in enumerate(doc.rows("scenario")):
        doc.unknown(row, "scenario", i, {"id", "name", "surface", "hidden"})
        sid, name = doc.get(row, "scenario", i, "id", str), doc.get(row, "scenario", i, "name", str)
        surface, hidden = doc.get(row, "scenario", i, "surface", str), doc.get(row, "scenario", i, "hidden", list)
        where = f"scenario {sid}"
        refs = ([surface] if surface else []) + [h for h in hidden or [] if isinstance(h, str)]
        for ref in refs:
            if ref not in by_id:
                doc.error(f"unknown Problem {ref!r} (not in problems.toml)", "scenario", i,
                          "surface" if ref == surface else "hidden", where=where)
            used[ref] += 1
        hid = tuple(h for h in hidden or [] if h in by_id)
        prios = {by_id[h].priority for h in hid}
        for p in (1, 2, 3, 4):
            if p not in prios:
                doc.error(f"no hidden Problem of priority {p}: every priority 1–4 needs at least one", "scenario", i,
                          "hidden", where=where)
        for band in thresholds:
            for n in (band.lo, band.hi):
                cap = next((f.value for f in filters if f.lo <= n <= f.hi), 4)
                total = (by_id[surface].value if surface in by_id else 0) + sum(
                    by_id[h].value for h in hid if by_id[h].priority <= cap)
                if total < band.value:
                    doc.error(f"with {n} players the Problems in play are worth {total}, below the threshold "
                              f"{band.value}: the scenario cannot be won", "scenario", i, "hidden", where=where)
        out.append(Scenario(sid or "", name or "", surface or "", hid))
    _unique(doc, "scenario", [s.id for s in out])
    for pid, n in used.items():
        if n > 1:
            doc.error(f"Problem {pid!r} is used {n} times; each Problem card belongs to one scenario", "scenario", 0)
    for p in gproblems:
        if p.id not in used:
            doc.error(f"Problem {p.id!r} is in no scenario", "scenario", 0, hint="add it to a scenario or remove it")
    if not out:
        doc.error("no [[scenario]] defined", "scenario", 0)
    return tuple(out)


def _modes(doc: TomlDoc) -> tuple[Mode, ...]:
    out = []
    for i, row in enumerate(doc.rows("mode")):
        doc.unknown(row, "mode", i, {"id", "name", "kind", "goal", "scoring", "tiebreaks"})
        g = lambda key, typ=str: doc.get(row, "mode", i, key, typ)  # noqa: E731
        ties = g("tiebreaks", list) or []
        out.append(Mode(g("id") or "", g("name") or "", g("kind") or "", g("goal") or "", g("scoring") or "",
                        tuple(str(t) for t in ties)))
    _unique(doc, "mode", [m.id for m in out])
    if len(out) != MODE_COUNT:
        doc.error(f"{len(out)} modes: the game has exactly 3 (Shared Ground, Common Problem, Bonded Coalitions)",
                  "mode", 0)
    return tuple(out)


def _actions(doc: TomlDoc) -> tuple[Action, ...]:
    out, mode_index = [], 0
    for i, row in enumerate(doc.rows("action")):
        doc.unknown(row, "action", i, {"id", "name", "target", "effects", "step", "mode"})
        g = lambda key, typ=str: doc.get(row, "action", i, key, typ)  # noqa: E731
        aid, effects, step = g("id"), g("effects", list) or [], g("step", int)
        if aid and aid not in ACTIONS:
            doc.error(f"unknown Action {aid!r}; the five Actions are {', '.join(ACTIONS)}", "action", i, "id")
        if step is not None and not 1 <= step <= 6:
            doc.error(f"step {step} out of range 1–6 (resolution order)", "action", i, "step")
        modes = []
        for row_m in row.get("mode", []):
            gm = lambda key: doc.get(row_m, "action.mode", mode_index, key, str)  # noqa: E731
            modes.append(GroundMode(gm("id") or "", gm("name") or "", gm("effect") or ""))
            mode_index += 1
        if aid == "ground" and tuple(m.id for m in modes) != GROUND_MODES:
            doc.error("the Ground Action needs exactly the modes GR, OU, ND in this order", "action", i)
        out.append(Action(aid or "", g("name") or "", g("target") or "", tuple(str(e) for e in effects), step or 0,
                          tuple(modes)))
    ids = [a.id for a in out]
    _unique(doc, "action", ids)
    missing = [a for a in ACTIONS if a not in ids]
    if missing:
        doc.error(f"missing Action(s): {', '.join(missing)}", "action", 0)
    return tuple(out)


def _components(doc: TomlDoc):
    m = doc.table("mat")
    g = lambda key, typ=str: doc.get(m, "mat", 0, key, typ)  # noqa: E731
    gate, sides, darvo = g("gate", list) or [4, 5], g("freedom_sides", list) or ["", ""], g("darvo", list) or []
    if list(gate) != [4, 5]:
        doc.error(f"stress gate {gate}: the spec's gate is Stress 4–5", "mat", 0, "gate")
    if g("stress_max", int) not in (None, 5):
        doc.error("stress_max must be 5 (Stress is 0–5)", "mat", 0, "stress_max")
    if list(darvo) != ["OFF", "DENY", "ATTACK", "REVERSE"]:
        doc.error("darvo must be [\"OFF\", \"DENY\", \"ATTACK\", \"REVERSE\"]", "mat", 0, "darvo")
    mat = Mat(5, (4, 5), g("gate_text") or "", (str(sides[0]), str(sides[-1])), tuple(map(str, darvo)),
              g("darvo_text") or "", g("relation_slots", int) or 2, g("start_text") or "")
    steps = tuple(Step(doc.get(r, "step", i, "id", str) or "", doc.get(r, "step", i, "name", str) or "",
                       doc.get(r, "step", i, "text", str) or "") for i, r in enumerate(doc.rows("step")))
    if [s.id for s in steps] != ["select", "reveal", "resolve", "end"]:
        doc.error("round steps must be select, reveal, resolve, end in order", "step", 0)
    resolve = tuple((doc.get(r, "resolve", i, "order", int) or 0, doc.get(r, "resolve", i, "name", str) or "")
                    for i, r in enumerate(doc.rows("resolve")))
    if [o for o, _ in resolve] != [1, 2, 3, 4, 5, 6]:
        doc.error("[[resolve]] must list steps 1 to 6 in order", "resolve", 0)
    ref = doc.table("reference")
    reference = {k: doc.get(ref, "reference", 0, k, str) or "" for k in
                 ("denied", "darvo_deny", "darvo_attack", "darvo_reverse")}
    tokens = []
    for i, r in enumerate(doc.rows("token")):
        doc.unknown(r, "token", i, {"id", "name", "back", "count", "shape"})
        count = doc.get(r, "token", i, "count", int)
        if count is not None and count < 1:
            doc.error("count must be at least 1", "token", i, "count")
        tokens.append(Token(doc.get(r, "token", i, "id", str) or "", doc.get(r, "token", i, "name", str) or "",
                            doc.get(r, "token", i, "back", str, None), count or 1,
                            doc.get(r, "token", i, "shape", str) or "circle"))
    need = {"focus-blame", "protection", "denied", "bond-rivalry", "lead", "round"}
    missing = need - {t.id for t in tokens}
    if missing:
        doc.error(f"missing token(s): {', '.join(sorted(missing))}", "token", 0)
    return mat, steps, resolve, reference, tuple(tokens)


def _unique(doc: TomlDoc, table: str, ids: list[str]) -> None:
    for i, key in enumerate(ids):
        if key and ids.index(key) != i:
            doc.error(f"id {key!r} is used twice", table, i, "id", hint="every id must be unique")


def messages(path: Path) -> list[Message]:
    """Translatable strings of one content/ground/*.toml file (msgctxt = card/component id)."""
    doc = read(path, None, RULE)
    out: list[Message] = []

    def add(text: object, ctx: str, table: str, index: int, key: str) -> None:
        if isinstance(text, str) and text.strip():
            out.append(Message(text, ctx, doc.line(table, index, key) or 0, f"{path.name} {table}.{key}"))

    for table, prefix, keys in (("suit", "ground/suit/", ("name",)), ("seat", "ground/seat/", ("name",)),
                                ("solution", "ground/", ("name",)), ("problem", "ground/", ("name",)),
                                ("scenario", "ground/", ("name",)),
                                ("mode", "ground/", ("name", "kind", "goal", "scoring", "tiebreaks")),
                                ("action", "ground/action/", ("name", "target", "effects")),
                                ("step", "ground/step/", ("name", "text")),
                                ("token", "ground-tokens/", ("name", "back")), ("ruling", "ground-rulings", ("text",))):
        for i, row in enumerate(doc.rows(table)):
            for key in keys:
                values = row.get(key) if isinstance(row.get(key), list) else [row.get(key)]
                for v in values:
                    add(v, prefix if table == "ruling" else prefix + str(row.get("id", "")), table, i, key)
    mode_index = 0
    for row in doc.rows("action"):
        for m in row.get("mode", []):
            for key in ("name", "effect"):
                add(m.get(key), f"ground/action/ground/{m.get('id')}", "action.mode", mode_index, key)
            mode_index += 1
    for i, row in enumerate(doc.rows("resolve")):
        add(row.get("name"), "ground-reference", "resolve", i, "name")
    for table, ctx in (("mat", "ground-player-mats"), ("reference", "ground-reference")):
        data = doc.data.get(table, {})
        for key, value in data.items():
            for v in (value if isinstance(value, list) else [value]):
                add(v, ctx, table, 0, key)
    for key in ("title", "notice"):
        add(doc.data.get(key), "ground", "", 0, key)
    for i, row in enumerate(doc.rows("label")):  # labels.toml: what the components print around the data
        add(row.get("text"), str(row.get("component", "")), "label", i, "text")
    return out
