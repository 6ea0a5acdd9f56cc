"""The slot map: which catalog entry is printed in which slot (size in mm, font size range), recorded from an
English render, kept in locales/templates/slots.json and written into the templates as `#. slot:` comments."""

from __future__ import annotations

import json
from pathlib import Path

from babel.messages.catalog import Catalog

from ..output.files import write_bytes_atomic
from .catalogs import SOURCE_LANG, TEMPLATES_DIR

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


def record_slots(root: Path) -> dict[str, list[str]]:
    """Render the English kit in memory, logging every fit: entry key -> its slot descriptions."""
    from ..kit.build import prepare, render_all
    from ..kit.model import BuildOptions
    from .fitwatch import watch_fits

    ctx = prepare(root, BuildOptions(lang=SOURCE_LANG, overflow="warn"))
    with watch_fits(root, SOURCE_LANG, ctx.translations, accept_overflow=True, record=True) as log:
        render_all(ctx, jobs=1)  # in this process: the fit log sees every fit
    rooms: dict[tuple, tuple] = {}  # the same slot on A4 and Letter: the smaller room counts
    for origin, slot, where in log.uses:
        place = (key(origin.context, origin.msgid), where.component, slot.name, slot.max_pt, slot.min_pt,
                 slot.max_lines)
        _, w, h = rooms.get(place, (slot, slot.width, slot.height))
        rooms[place] = (slot, min(w, slot.width), min(h, slot.height))
    found: dict[str, set[str]] = {}
    for (k, component, *_), (slot, w, h) in rooms.items():
        found.setdefault(k, set()).add(slot_text(component, slot, w, h))
    return {k: sorted(v) for k, v in sorted(found.items())}


def write_slots(root: Path) -> Path:
    """`dojo i18n slots`: record the slot map into locales/templates/slots.json."""
    path = root / SLOTS_FILE
    data = json.dumps(record_slots(root), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    write_bytes_atomic(path, data.encode("utf-8"))
    return path


def read_slots(root: Path) -> dict[str, list[str]]:
    """The recorded slot map (empty when never recorded or unreadable)."""
    try:
        data = json.loads((root / SLOTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def add_slot_comments(template: Catalog, slots: dict[str, list[str]]) -> None:
    """Append each entry's `slot:` comments (where it is printed, how much room it has)."""
    for m in template:
        if not m.id:
            continue
        found = slots.get(key(m.context, m.id[0] if m.pluralizable else m.id), [])
        extra = [f"(and {len(found) - MAX_SLOTS} more slots)"] if len(found) > MAX_SLOTS else []
        m.auto_comments = list(dict.fromkeys([*m.auto_comments, *found[:MAX_SLOTS], *extra]))
