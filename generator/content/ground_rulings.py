"""GROUND rulings (content/ground/rulings.toml): the seed's U1-U10 and the open points G1-G6, validated on load.

The one place the GROUND engine (generator/sim/ground) and the booklet's "Sample edition rulings" read them from.
"""

from __future__ import annotations

from dataclasses import dataclass

from .toml_source import TomlSource

# Rulings (rulings.toml): the values the GROUND engine implements, per ruling id; the first is the default.
RULING_CHOICES = {
    "U1": ("during-support",), "U2": ("every-application",), "U3": ("no-op-advance",),
    "U4": ("reshuffle-discard",), "U5": ("owner-still-relieved",), "U6": ("support-first",),
    "U7": ("no-elimination",), "U8": ("ou-first",), "U9": ("all-in-lead-order",), "U10": ("no-limit",),
    "G1": ("later-draws-only", "later-reveals-another"), "G2": ("keep-solution", "discard-solution"),
    "G3": ("back-to-owner", "to-box"), "G4": ("lead-order", "simultaneous"),
    "G5": ("claimed-problems", "claimed-points"), "G6": ("blame-stays", "blame-moves"),
}


@dataclass(frozen=True)
class Ruling:
    """One ruling: id (U1-U10 from the seed, G1-G6 open points), the GR rule it reads, machine value, text."""

    id: str
    rule: str
    value: str
    provisional: bool
    text: str
    card: str = ""  # the short text a card carries (printed on card `on`), from the same ruling
    on: str = ""  # the id of the card that carries it ("" = the booklet only)


def rulings_from(doc: TomlSource, cards: set[str] = frozenset()) -> tuple[Ruling, ...]:
    """Every [[ruling]] of rulings.toml; unknown ids, values the engine lacks, missing rulings and an `on` that
    names no card (one of `cards`) are errors."""
    out = []
    seen: set[str] = set()
    for row in doc.rows("ruling"):
        row.unknown({"id", "rule", "value", "provisional", "text", "card", "on"})
        rid, value = row.text("id"), row.text("value")
        choices = RULING_CHOICES.get(rid or "")
        if rid and choices is None:
            row.error(f"unknown ruling {rid!r}; the rulings are {', '.join(RULING_CHOICES)}", "id")
        elif value and choices is not None and value not in choices:  # (no id: its own error above)
            row.error(f"ruling {rid}: value {value!r} is not implemented by the engine; use one of "
                      f"{', '.join(choices)}", "value")
        on = row.text("on", "") or ""
        if on and on not in cards:
            row.error(f"ruling {rid}: `on` names no card: {on!r}", "on", f"use one of {', '.join(sorted(cards))}")
        if rid and rid in seen:
            row.error(f"id {rid!r} is used twice", "id", "every id must be unique")
        seen.add(rid or "")
        out.append(Ruling(rid or "", row.text("rule") or "", value or "", bool(row.get("provisional", bool, False)),
                          row.text("text") or "", row.text("card", "") or "", on))
    missing = [r for r in RULING_CHOICES if r not in seen]
    if missing:
        doc.error(f"missing ruling(s): {', '.join(missing)}", "ruling", hint="every ruling needs one [[ruling]]")
    return tuple(out)
