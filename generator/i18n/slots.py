"""The slot map: which catalog entry is printed in which slot (size in mm, font size range), recorded from an
English render, kept in locales/templates/slots.json and written into the templates as `#. slot:` comments.

Recording it renders the kit: that is generator.kit.slots, a layer above the build; this module only reads it."""

from __future__ import annotations

import json
from pathlib import Path

from babel.messages.catalog import Catalog

from .catalogs import TEMPLATES_DIR

SLOTS_FILE = TEMPLATES_DIR / "slots.json"
MAX_SLOTS = 3  # comments per entry; a string printed in more slots says how many more


def slot_text(component: str, slot, width: float, height: float) -> str:
    """`slot: dojo-nebbia-deck / text, 52.0 x 30.0 mm, 9-6.5 pt, at most 2 lines`."""
    size = f"{slot.max_pt:g} pt" if slot.max_pt == slot.min_pt else f"{slot.max_pt:g}-{slot.min_pt:g} pt"
    lines = f", at most {slot.max_lines} line{'s' if slot.max_lines != 1 else ''}" if slot.max_lines else ""
    room = f"{width:.1f} x {height:.1f} mm" if height < 1000 else f"{width:.1f} mm wide, height flows"
    return f"slot: {component} / {slot.name}, {room}, {size}{lines}"


def key(context: str | None, msgid: str) -> str:
    """The JSON key of an entry: msgctxt, EOT, msgid (gettext's own key)."""
    return f"{context or ''}\x04{msgid}"


def read_slots(root: Path) -> dict[str, list[str]]:
    """The recorded slot map (empty when never recorded or unreadable)."""
    try:
        data = json.loads((root / SLOTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


NO_ROOM = ("slot: no fixed room (the text is not fitted to a box; it wraps or runs on): keep it about as long as "
           "the English")
SIZED = ("slot:", " mm", "wrap")  # a comment that already gives a size or says the text wraps


def add_slot_comments(template: Catalog, slots: dict[str, list[str]]) -> None:
    """Append each entry's `slot:` comments (where it is printed, how much room it has). An entry whose text changed
    since the map was recorded keeps the slots of the one recorded text of its msgctxt that no entry has now; an entry
    with no recorded slot and no comment giving a size says plainly that its text wraps with no fixed room."""
    keys = [(m, key(m.context, m.id[0] if m.pluralizable else m.id)) for m in template if m.id]
    retired: dict[str, list[str]] = {}  # msgctxt -> recorded keys no entry has any more (their text changed)
    for k in set(slots) - {k for _m, k in keys}:
        retired.setdefault(k.split("\x04", 1)[0], []).append(k)
    for m, k in keys:
        found = slots.get(k)
        if found is None and m.context and len(retired.get(m.context, [])) == 1:
            found = slots[retired[m.context][0]]
        found = found or []
        extra = [f"(and {len(found) - MAX_SLOTS} more slots)"] if len(found) > MAX_SLOTS else []
        m.auto_comments = list(dict.fromkeys([*m.auto_comments, *found[:MAX_SLOTS], *extra]))
        if not any(part in c for c in m.auto_comments for part in SIZED):
            m.auto_comments.append(NO_ROOM)
