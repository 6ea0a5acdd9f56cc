"""The slot map: which catalog entry is printed in which slot (size in mm, font size range), recorded from an
English render, kept in locales/templates/slots.json and written into the templates as `#. slot:` comments.

Recording it renders the kit: that is generator.commands.slots, a layer above the build; this module only reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.catalog import Catalog

from ..problems import Problem
from .catalogs import TEMPLATES_DIR, short

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


_SLOT_START = re.compile(r" (?=slot: |\(and \d+ more slots\))")


def _sized(comments) -> list[str]:
    """The `slot:` comments that give a slot's room, as written (a template read back has a long comment wrapped
    over several `#.` lines: they are joined again), not the plain "no fixed room"."""
    parts = _SLOT_START.split(" ".join(comments))
    return [p for p in parts if p.startswith("slot:") and not p.startswith(NO_ROOM[:20])]


def previous_templates(root: Path) -> dict[tuple, tuple[str, str, list[str]]]:
    """The templates on disk before an extraction replaces them: (msgctxt, first source file and line) -> (key,
    msgid, its slot comments). A string whose text was edited is found there by where it comes from."""
    from babel.messages.pofile import read_po

    from .catalogs import DOMAINS, template_path

    out: dict[tuple, tuple[str, str, list[str]] | None] = {}
    for domain in DOMAINS:
        try:
            with template_path(root, domain).open("rb") as fh:
                template = read_po(fh)
        except (OSError, ValueError, SyntaxError):
            continue  # no template yet (a new project) or one a later update rewrites
        for m in template:
            if m.id and m.context and m.locations:
                msgid = m.id[0] if m.pluralizable else m.id
                place = (m.context, tuple(m.locations[0]))
                out[place] = None if place in out else (key(m.context, msgid), msgid, _sized(m.auto_comments))
    return {place: found for place, found in out.items() if found is not None}  # two texts of one line: neither


def _warning(rule: str, what: str, m, hint: str) -> Problem:
    file, line = (m.locations[0] if m.locations else (None, None))
    msgid = m.id[0] if m.pluralizable else m.id
    where = f"msgctxt {m.context!r}, msgid {short(msgid)!r}" if m.context else f"msgid {short(msgid)!r}"
    return Problem("warning", rule, what, file, line, where=where, hint=hint)


RECORD = "run `dojo i18n slots` (make i18n-slots), then `dojo i18n update`, to record the slots of the current text"


def add_slot_comments(template: Catalog, slots: dict[str, list[str]],
                      previous: dict[tuple, tuple[str, str, list[str]]] | None = None,
                      present: set[str] | None = None) -> list[Problem]:
    """Append each entry's `slot:` comments (where it is printed, how much room it has) and return warnings naming
    the entries whose size data is stale or lost.

    An entry whose text changed since the map was recorded keeps the slots of the entry the previous template had at
    the same msgctxt and source line (else of the one recorded text of its msgctxt that no entry has now), with a
    `slots-stale` warning until the map is recorded again; an entry left with no recorded slot and no comment giving
    a size says plainly that its text wraps with no fixed room (a `slots-missing` warning when the previous template
    gave it a size). present: the keys of every domain's template (a key of another domain is not retired)."""
    previous = previous or {}
    recorded = {text for texts in slots.values() for text in texts}
    keys = [(m, key(m.context, m.id[0] if m.pluralizable else m.id)) for m in template if m.id]
    retired: dict[str, list[str]] = {}  # msgctxt -> recorded keys no entry has any more (their text changed)
    for k in set(slots) - (present if present is not None else {k for _m, k in keys}):  # present: every domain's
        retired.setdefault(k.split("\x04", 1)[0], []).append(k)
    current = {k for _m, k in keys} | (present or set())
    unclaimed = recorded - {text for k, texts in slots.items() if k in current for text in texts}
    problems: list[Problem] = []
    for m, k in keys:
        found = slots.get(k)
        before = previous.get((m.context, tuple(m.locations[0]))) if m.context and m.locations else None
        if found is None and before is not None and before[0] != k and before[0] in slots:
            found, old = slots[before[0]], before[1]  # the entry at this source line had the old text
        elif found is None and before is not None and (carried := [c for c in before[2] if c in recorded and (
                m.context in retired or c in unclaimed)]):
            # carried by an earlier update: still not recorded for this text. Once the map is recorded again (no
            # retired text of this msgctxt left in it), a slot it gives other entries only is theirs, not carried.
            found, old = carried, before[1]
        elif found is None and m.context and len(retired.get(m.context, [])) == 1:
            found, old = slots[retired[m.context][0]], retired[m.context][0].split("\x04", 1)[1]
        else:
            old = None
        if old is not None:
            earlier = f"the earlier text {short(old)!r}" if old != (m.id[0] if m.pluralizable else m.id) else \
                "an earlier text of the entry"
            problems.append(_warning("slots-stale", f"the slot comments were recorded for {earlier} (kept: the "
                                     "room is the same slot's)", m, RECORD))
        found = found or []
        extra = [f"(and {len(found) - MAX_SLOTS} more slots)"] if len(found) > MAX_SLOTS else []
        m.auto_comments = list(dict.fromkeys([*m.auto_comments, *found[:MAX_SLOTS], *extra]))
        if not any(part in c for c in m.auto_comments for part in SIZED):
            m.auto_comments.append(NO_ROOM)
            if before is not None and recorded.intersection(before[2]):
                problems.append(_warning("slots-missing", "no slot is recorded for this entry any more; the previous "
                                         f"template gave it {before[2][0]!r}", m, RECORD))
    return problems


def slot_problems(root: Path) -> list[Problem]:
    """What `dojo i18n check` says about the slot map against the templates on disk: an entry whose slot comments
    were carried from an earlier text, and a recorded entry that no template has (the map is older than the
    sources)."""
    from babel.messages.pofile import read_po

    from .catalogs import DOMAINS, template_path

    slots = read_slots(root)
    if not slots:
        return []
    seen: set[str] = set()
    recorded = {text for texts in slots.values() for text in texts}  # not a comment a content loader writes
    problems: list[Problem] = []
    for domain in DOMAINS:
        try:
            with template_path(root, domain).open("rb") as fh:
                template = read_po(fh)
        except (OSError, ValueError, SyntaxError):
            continue
        for m in template:
            if not m.id:
                continue
            k = key(m.context, m.id[0] if m.pluralizable else m.id)
            seen.add(k)
            if k not in slots and recorded.intersection(_sized(m.auto_comments)):
                problems.append(_warning("slots-stale", "its slot comments were recorded for an earlier text of the "
                                         "entry (the slot map has no record of this text)", m, RECORD))
    for k in sorted(set(slots) - seen):
        context, msgid = k.split("\x04", 1)
        where = f"msgctxt {context!r}, msgid {short(msgid)!r}" if context else f"msgid {short(msgid)!r}"
        problems.append(Problem("warning", "slots-stale", "the slot map records an entry no template has (its text "
                                "changed or it was removed)", SLOTS_FILE.as_posix(), where=where, hint=RECORD))
    return problems
