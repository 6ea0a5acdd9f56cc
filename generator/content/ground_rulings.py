"""GROUND rulings (content/ground/rulings.toml): the seed's U1-U10 and the open points G1-G5, validated on load.

The one place the GROUND engine (generator/sim/ground) and the booklet's "Sample edition rulings" read them from.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tomlsrc import TomlDoc

# Rulings (rulings.toml): the values the GROUND engine implements, per ruling id; the first is the default.
RULING_CHOICES = {
    "U1": ("during-support",), "U2": ("every-application",), "U3": ("no-op-advance",),
    "U4": ("reshuffle-discard",), "U5": ("owner-still-relieved",), "U6": ("support-first",),
    "U7": ("no-elimination",), "U8": ("ou-first",), "U9": ("all-in-lead-order",), "U10": ("no-limit",),
    "G1": ("later-draws-only", "later-reveals-another"), "G2": ("keep-solution", "discard-solution"),
    "G3": ("back-to-owner", "to-box"), "G4": ("lead-order", "simultaneous"),
    "G5": ("claimed-problems", "claimed-points"),
}


@dataclass(frozen=True)
class Ruling:
    """One ruling: id (U1-U10 from the seed, G1-G5 open points), the GR rule it reads, machine value, text."""

    id: str
    rule: str
    value: str
    provisional: bool
    text: str


def rulings_from(doc: TomlDoc) -> tuple[Ruling, ...]:
    """Every [[ruling]] of rulings.toml; unknown ids, values the engine lacks and missing rulings are errors."""
    out = []
    for i, row in enumerate(doc.rows("ruling")):
        doc.unknown(row, "ruling", i, {"id", "rule", "value", "provisional", "text"})
        g = lambda key, typ=str: doc.get(row, "ruling", i, key, typ)  # noqa: E731
        rid, value = g("id"), g("value")
        choices = RULING_CHOICES.get(rid or "")
        if rid and choices is None:
            doc.error(f"unknown ruling {rid!r}; the rulings are {', '.join(RULING_CHOICES)}", "ruling", i, "id")
        elif value and value not in choices:
            doc.error(f"ruling {rid}: value {value!r} is not implemented by the engine; use one of "
                      f"{', '.join(choices)}", "ruling", i, "value", where=f"ruling {rid}")
        out.append(Ruling(rid or "", g("rule") or "", value or "", bool(g("provisional", bool)), g("text") or ""))
    ids = [r.id for r in out]
    for i, rid in enumerate(ids):
        if rid and ids.index(rid) != i:
            doc.error(f"id {rid!r} is used twice", "ruling", i, "id", hint="every id must be unique")
    missing = [r for r in RULING_CHOICES if r not in ids]
    if missing:
        doc.error(f"missing ruling(s): {', '.join(missing)}", "ruling", 0, hint="every ruling needs one [[ruling]]")
    return tuple(out)
