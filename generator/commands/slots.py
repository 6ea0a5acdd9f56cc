"""`dojo i18n slots`: record the slot map (generator.i18n.slots) from an English render of the whole kit in memory.

It drives the kit build through the pipeline, so it sits above it (generator.i18n only reads the map)."""

from __future__ import annotations

import json
from pathlib import Path

from .. import pipeline
from ..i18n.catalogs import SOURCE_LANG
from ..i18n.slots import SLOTS_FILE, key, slot_text
from ..output.files import write_bytes_atomic
from ..problems import CheckFailed


def record_slots(root: Path) -> dict[str, list[str]]:
    """Render the English kit in memory, logging every fit (pipeline mode "record"): entry key -> its slot
    descriptions."""
    (log,) = pipeline.run(root, [SOURCE_LANG], "record")
    if isinstance(log, CheckFailed):
        raise log
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
