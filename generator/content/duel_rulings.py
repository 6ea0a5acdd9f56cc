"""The duel's kit rulings (content/duel/rulings.toml): one ruling per open point of seed 003, validated.

Each ruling has an id (D01...), a topic, the English text the booklet prints and a machine `value` the resolver
(generator/sim/duel/) plays. SCHEMA lists every id with the values the resolver implements; anything else is an
error naming file, line and field. `setup` and `victory` are the texts the reference card and booklet print.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .toml_source import TomlSource

RULINGS_PATH = Path("content/duel/rulings.toml")
TRACK = 12  # cells of the track the rules draw (content.duel checks duel.toml's track_cells against it)
FIELDS = ("a_cell", "b_cell", "gap", "empty_cells", "last", "turns")  # what a text may name: %(a_cell)s ...


def _one_of(*allowed: Any) -> tuple[Callable[[Any], bool], str]:
    return (lambda v: v in allowed and type(v) in {type(a) for a in allowed}), " or ".join(map(repr, allowed))


def _start(v: Any) -> bool:
    return (isinstance(v, list) and len(v) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in v)
            and 1 <= v[0] < v[1] <= TRACK)


def _turns(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100


# id -> (field name on DuelRulings, validator, allowed values in words)
SCHEMA: dict[str, tuple[str, Callable[[Any], bool], str]] = {
    "D01": ("start", _start, f"[A's cell, B's cell], 1 <= A < B <= {TRACK}"),
    "D02": ("orders", *_one_of("slips")),
    "D03": ("seigan_forward", *_one_of("up-to", "exact")),
    "D04": ("may_pass", *_one_of(True, False)),
    "D05": ("control_first_turn", *_one_of(True, False)),
    "D06": ("control_from", *_one_of("start-of-turn")),
    "D07": ("control_lifted_by", *_one_of("seigan-player", "never")),  # never: no order onto a controlled cell
    "D08": ("cells", *_one_of("share")),
    "D09": ("facing", *_one_of("turn-only")),
    "D10": ("step_back", *_one_of("same-turn", "next-turn")),
    "D11": ("deflection", *_one_of("none")),
    "D12": ("end", *_one_of("first-hit")),
    "D13": ("techniques", *_one_of(False)),
    "D14": ("turn_limit", _turns, "the order slip's rows, 1 to 100 (a draw after that turn), or 0 (no limit)"),
    "D15": ("crossed_when", *_one_of("start-of-turn")),  # crossed swords judged before the moves (Duel.crossed)
    "D16": ("refused_order", *_one_of("void")),  # an order the rules refuse: stay, keep stance, no action (Duel.table)
}


@dataclass(frozen=True)
class Ruling:
    """One kit ruling: id, topic and text (English msgids, msgctxt duel-rulings), machine value."""

    id: str
    topic: str
    text: str
    value: Any


@dataclass(frozen=True)
class DuelRulings:
    """Every ruling of content/duel/rulings.toml, with typed access by name for the resolver."""

    items: tuple[Ruling, ...]
    setup: tuple[str, ...]
    victory: tuple[str, ...]

    def value(self, name: str) -> Any:
        """The machine value of the ruling whose SCHEMA name is `name` (e.g. 'seigan_forward')."""
        rid = next(k for k, (n, _, _) in SCHEMA.items() if n == name)
        return next(r.value for r in self.items if r.id == rid)

    @property
    def cells(self) -> dict[str, int]:
        """The cells and turns the texts name (FIELDS), from rulings D01 and D14: one start in one place for text, track and resolver."""
        a, b = self.value("start")
        return {"a_cell": a, "b_cell": b, "gap": b - a - 1, "last": TRACK, "turns": self.value("turn_limit")}

    def say(self, translated: str, n_: Callable[[str, str, int], str] | None = None) -> str:
        """A translated ruling, setup or victory text with its cells filled in from D01; n_ (the language's
        ngettext, ctx.n_) words the counts with the language's plural forms (English ones without it)."""
        n_ = n_ or (lambda one, many, n: one if n == 1 else many)
        gap = self.cells["gap"]
        # TRANSLATORS: fills %(empty_cells)s in duel ruling 1 ("with 4 empty cells between them"): that case.
        words = {"empty_cells": n_("%(num)d empty cell", "%(num)d empty cells", gap) % {"num": gap}}
        return translated % {**self.cells, **words}

    def replace(self, rid: str, value: Any) -> "DuelRulings":
        """A copy with one ruling's value changed (`dojo sim --rule D03=exact`); ValueError for a bad value."""
        if rid not in SCHEMA:
            raise ValueError(f"unknown duel ruling {rid!r}; the rulings are {', '.join(SCHEMA)}")
        _, ok, allowed = SCHEMA[rid]
        if not ok(value):
            raise ValueError(f"{rid}: {value!r} is not implemented; use {allowed}")
        return DuelRulings(tuple(Ruling(r.id, r.topic, r.text, value if r.id == rid else r.value)
                                 for r in self.items), self.setup, self.victory)


def load_rulings(doc: TomlSource) -> DuelRulings | None:
    """Validate the parsed rulings file: every SCHEMA id exactly once, in order, each value allowed."""
    out = []
    seen: set[str] = set()
    for f in doc.rows("ruling"):
        f.unknown({"id", "topic", "text", "value"})
        rid, topic, text = f.get("id", str), f.text("topic"), f.text("text")
        if rid is None:
            continue
        if rid not in SCHEMA:
            f.error(f"unknown ruling {rid!r}; the rulings are {', '.join(SCHEMA)}", "id")
            continue
        if rid in seen:
            f.error(f"ruling {rid} appears twice", "id", "keep one [[ruling]] per id")
        seen.add(rid)
        if "value" not in f.table:
            f.error(f"ruling {rid} has no value", hint=f"add `value = ...` ({SCHEMA[rid][2]})")
            continue
        if not SCHEMA[rid][1](f.table["value"]):
            f.error(f"ruling {rid}: value {f.table['value']!r} is not implemented by the resolver", "value",
                    f"use {SCHEMA[rid][2]}")
            continue
        _fields(f, text or "", "text")
        out.append(Ruling(rid, topic or "", text or "", f.table["value"]))
    for rid in SCHEMA:
        if rid not in seen:
            doc.error(f"ruling {rid} ({SCHEMA[rid][0]}) is missing", "ruling", 0,
                      hint=f"add a [[ruling]] with id = \"{rid}\" and value = {SCHEMA[rid][2]}")
    texts = {}
    for part in ("setup", "victory"):
        table = doc.table(part)
        texts[part] = tuple(t for t in table.strings("text") if t.strip())
        for t in texts[part]:
            _fields(table, t, "text")
    if len(out) != len(SCHEMA):
        return None
    return DuelRulings(tuple(sorted(out, key=lambda r: r.id)), texts["setup"], texts["victory"])


def _fields(f, text: str, key: str) -> None:
    """Refuse a %(name)s a text may not use (the printed text would break), naming the field."""
    bad = sorted(set(re.findall(r"%\((\w+)\)s", text)) - set(FIELDS))
    if bad or re.search(r"%(?!\(\w+\)s)", text):
        f.error(f"text names {', '.join(bad) or 'a bare %'}: a text may only name "
                f"{', '.join(f'%({n})s' for n in FIELDS)}", key, f"use only {', '.join(FIELDS)}")
