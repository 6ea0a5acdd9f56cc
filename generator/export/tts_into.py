"""`dojo export tts --lang en --into MY_TABLE.json`: this kit's objects refreshed inside a table the designer built
by hand (what nanDECK's "update" does, with checks it lacks).

Every top-level object the export writes carries its stable GUID (per language, game and piece) and, in its
GMNotes, MARK and its game. In the designer's table an object with one of the export's GUIDs is replaced by the
new export's object, keeping the designer's Transform (where and how it lies) and Locked; an object marked as
this kit's, of a game the table holds, whose GUID the export no longer has, is removed; the export's objects of
those games missing from the table are added where the export lays them. Everything else (the designer's own
objects, zones, snap points, scripts, notebook) is kept as it is. The table is read and checked first (valid
JSON holding ObjectStates), the result is checked like an export, then written; a report lists what was
replaced, added and removed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..output.userfile import OutputError, write_output
from ..problems import CheckFailed, Problem
from .tts_check import check, file_images

MARK = "dojo-pnp"


def mark(objects: list[dict], game: str) -> None:
    """Mark the export's top-level objects as this kit's (GMNotes: MARK and the game)."""
    for obj in objects:
        obj["GMNotes"] = f"{MARK} {game}"


@dataclass
class Report:
    """What an update in place did, by object (GUID, name)."""

    replaced: list[tuple[str, str]] = field(default_factory=list)
    added: list[tuple[str, str]] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)


def _game_of(obj: dict) -> str | None:
    notes = obj.get("GMNotes") or ""
    return notes.split()[1] if notes.startswith(f"{MARK} ") and len(notes.split()) == 2 else None


def merge(table: dict, saves: dict[str, dict]) -> tuple[dict, Report]:
    """The designer's table with the export's objects (saves: by game, the export's saved objects) refreshed in
    it (module docstring)."""
    ours = {o["GUID"]: (game, o) for game, doc in saves.items() for o in doc["ObjectStates"] if o.get("GUID")}
    games = {ours[o["GUID"]][0] for o in table["ObjectStates"] if o.get("GUID") in ours}
    games |= {g for g in map(_game_of, table["ObjectStates"]) if g in saves}
    report, out, seen = Report(), [], set()
    for obj in table["ObjectStates"]:
        uid = obj.get("GUID")
        if uid in ours:
            new = dict(ours[uid][1])
            new["Transform"], new["Locked"] = obj.get("Transform", new["Transform"]), obj.get("Locked", False)
            out.append(new)
            seen.add(uid)
            report.replaced.append((uid, new.get("Nickname", "")))
        elif _game_of(obj) in games:
            report.removed.append((uid or "", obj.get("Nickname", "")))
        else:
            out.append(obj)
    for game in sorted(games):
        for obj in saves[game]["ObjectStates"]:
            if obj.get("GUID") not in seen:
                out.append(obj)
                report.added.append((obj["GUID"], obj.get("Nickname", "")))
    return {**table, "ObjectStates": out}, report


def update_in_place(path: Path, folder: Path, lang: str) -> Report:
    """Refresh the table at path with the export of lang installed in folder (build/tts/<lang>); CheckFailed
    naming the file and the fix when the table cannot be read or the result would not load."""
    def fail(what: str, fix: str) -> CheckFailed:
        return CheckFailed([Problem("error", "tts-into", f"{path}: {what}", hint=fix)])
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise fail(f"not a Tabletop Simulator save this command can read ({exc})",
                   "give the path of a save or saved object (.json) written by Tabletop Simulator") from None
    if not isinstance(table, dict) or not isinstance(table.get("ObjectStates"), list):
        raise fail("no ObjectStates list (not a TTS save)", "give a save or saved object written by TTS")
    saves = {}
    for save in sorted(folder.glob(f"*/*-{lang}.json")):
        saves[save.parent.name] = json.loads(save.read_text(encoding="utf-8"))
    merged, report = merge(table, saves)
    if not report.replaced and not report.added:
        raise fail(f"none of the {lang} export's objects is on this table (no GUID matches)",
                   f"add an object of the export to the table first, or load build/tts/{lang}/<game>/<game>-{lang}.json")
    errors, _warnings = check(merged, file_images(path))
    if errors:
        raise fail("the refreshed table would not load: " + "; ".join(errors[:5]),
                   "fix the table's own objects named, then run again")
    data = (json.dumps(merged, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    try:
        write_output(path, data, "--into")  # the one writer of user-named files: whole or not at all
    except OutputError as exc:
        raise fail(str(exc), "name a writable file") from None
    return report
