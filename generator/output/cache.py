"""Cache entries on disk: build/cache/components/<lang>/<component>.entry (one per component), compiled catalogs.
Nothing compiled is loaded from build/ (a planted file there could run code): compiled SVG templates are kept in the
user's key folder, each sealed (output/compiled.py).

An entry is its seal (output/seal.py: an HMAC with this user's key, which does not live in build/) on a line, one
JSON header line (what the component read and the manifest data of its artifacts, each with its size and sha256)
followed by the artifacts' bytes. ``read_entry`` returns None for a missing, truncated or corrupt entry, one whose
seal is not this user's (edited, planted, or made on another machine) or whose bytes do not match the sha256 its
sealed header claims; the build then renders again. A JSON cache file (``write_json_entry``) carries its seal as
its "seal" field. Anything under build/ may come from elsewhere (docs/SECURITY.md): only sealed entries are read.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .files import write_into
from .seal import seal, sealed

FORMAT = 2
SEAL_HEX = 64  # an entry's first line: its seal, hex
UNSEALED = "not sealed by this user's builds (edited, planted or made elsewhere)"
CACHE_DIR = Path("build/cache/components")
_DAMAGED: list[str] = []  # damaged cache files this process met and replaced (the build prints one line)


def entry_path(root: Path, lang: str, component: str) -> Path:
    """build/cache/components/<lang>/<component>.entry."""
    return root / CACHE_DIR / lang / f"{component}.entry"


def _write(path: Path, data: bytes) -> None:
    """Write a cache file through output.files.write_into, contained in the build/ folder it is under (a link
    planted anywhere inside build/ that leads out of it is refused), else in its own folder."""
    path = Path(path)
    top = next((p for p in path.parents if p.name == "build"), path.parent)
    write_into(top, path.relative_to(top).as_posix(), data)


def write_entry(path: Path, header: dict, blobs: list[bytes]) -> None:
    """Write an entry atomically: the header (with each blob's size and sha256) then the blobs."""
    header = {**header, "format": FORMAT,
              "blobs": [{"size": len(b), "sha256": hashlib.sha256(b).hexdigest()} for b in blobs]}
    line = json.dumps(header, ensure_ascii=False, sort_keys=True).encode("utf-8")
    _write(path, b"".join([seal("entry", line).encode("ascii"), b"\n", line, b"\n", *blobs]))


def read_entry(path: Path) -> tuple[dict, list[bytes]] | None:
    """(header, blobs) of an entry, or None when it is missing, corrupt or its blobs do not match the header."""
    return check_entry(path)[0]


def check_entry(path: Path) -> tuple[tuple[dict, list[bytes]] | None, str | None]:
    """read_entry's answer and why there is none: None for a missing entry, else what is wrong with the file
    (truncated, not an entry of this format, a blob not matching its checksum). Entries are data: JSON and bytes,
    never code, whoever wrote them."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"unreadable ({exc.strerror})"
    try:
        mark = data.find(b"\n")
        end = data.find(b"\n", mark + 1) if mark == SEAL_HEX else -1
        if end < 0 or not sealed("entry", data[mark + 1:end], data[:mark].decode("ascii", "replace")):
            return None, UNSEALED
        header = json.loads(data[mark + 1:end].decode("utf-8"))
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            return None, "not an entry of this format"
        blobs, at = [], end + 1
        for claim in header["blobs"]:
            blob = data[at: at + claim["size"]]
            if len(blob) != claim["size"]:
                return None, "truncated"
            if hashlib.sha256(blob).hexdigest() != claim["sha256"]:
                return None, "its bytes do not match their checksum"
            blobs.append(blob)
            at += claim["size"]
        if at != len(data):
            return None, "bytes after its last blob"
    except (ValueError, KeyError, TypeError, AttributeError):
        return None, "not an entry of this format"
    return (header, blobs), None


def _json_seal(data: dict) -> str:
    return seal("json", json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8"))


def write_json_entry(path: Path, record: dict, indent: int | None = 1) -> None:
    """Write a JSON cache file (a dict holding its "key") with its seal, atomically, inside its folder."""
    text = json.dumps({**record, "seal": _json_seal(record)}, ensure_ascii=False, sort_keys=True, indent=indent)
    _write(path, (text + "\n").encode("utf-8"))



def note_damaged(path: Path, wrong: str) -> None:
    """A damaged cache file (not a stale one: that is replaced silently) met and about to be made again: noted for
    the one line the build prints, and removed."""
    parts = path.parts
    shown = "/".join(parts[parts.index("cache") - 1:]) if "cache" in parts else path.name
    _DAMAGED.append(f"{shown} ({wrong})")
    try:
        path.unlink()
    except OSError:
        pass


def damage_mark() -> int:
    """Where a command's own damaged-file notes start (damage_notes(mark)): a process that runs several commands (a
    test session, the live preview) never reports an earlier command's files as its own."""
    return len(_DAMAGED)


def damaged_since(since: int = 0) -> list[str]:
    """The damaged-file notes this process took since the mark, as they are (a worker hands them to its parent,
    which notes them as its own: noted_elsewhere)."""
    return _DAMAGED[since:]


def noted_elsewhere(found: list[str]) -> None:
    """Damaged-file notes another process took for this one (damaged_since there): in this process's next line."""
    _DAMAGED.extend(found)


def damage_notes(since: int = 0) -> tuple[str, ...]:
    """One line naming the damaged cache files this process replaced since the mark (none: no line); the notes
    before the mark, an earlier command's, are dropped."""
    found = list(dict.fromkeys(_DAMAGED[since:]))
    _DAMAGED.clear()
    if not found:
        return ()
    return (f"cache: {len(found)} damaged cache file{'' if len(found) == 1 else 's'} discarded and made again: "
            + "; ".join(found),)


def read_json_entry(path: Path, key: str, named_by_key: bool = False) -> dict | None:
    """A JSON cache file (catalog checks, extraction, proofs) when it holds `key`; None when it is missing or stale
    (silently) or damaged (noted: not JSON, not an object with a key; named_by_key: a file whose name is made of
    its key holding another key is foreign). JSON is data: nothing in it runs."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        note_damaged(path, f"unreadable: {getattr(exc, 'strerror', None) or 'not UTF-8'}")
        return None
    try:
        data = json.loads(text)
    except ValueError:
        note_damaged(path, "not JSON" if text.strip() else "empty")
        return None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        note_damaged(path, "not a cache entry of this format")
        return None
    if not sealed("json", json.dumps({k: v for k, v in data.items() if k != "seal"}, ensure_ascii=False,
                                     sort_keys=True).encode("utf-8"), data.get("seal")):
        note_damaged(path, UNSEALED)
        return None
    data.pop("seal")
    if data["key"] != key:
        if named_by_key:
            note_damaged(path, "foreign: it holds another key than its name says")
        return None
    return data


INSTALLED_DIR = Path("build/cache/installed")


def _installed(root: Path, folder: Path) -> tuple[Path, str]:
    """The sealed record of an installed folder (a kit, an export) and the folder's name in it (its path inside
    the project: a moved checkout keeps its records)."""
    root, folder = Path(root).resolve(), Path(folder).resolve()
    name = folder.relative_to(root).as_posix() if folder.is_relative_to(root) else folder.as_posix()
    return root / INSTALLED_DIR / f"{hashlib.sha256(name.encode('utf-8')).hexdigest()[:24]}.json", name


def note_installed(root: Path, folder: Path, manifest: bytes) -> None:
    """Record, sealed, that this user's build installed folder with this manifest.json (a read-only disk: the next
    build installs it again)."""
    path, name = _installed(root, folder)
    try:
        write_json_entry(path, {"key": name, "manifest": hashlib.sha256(manifest).hexdigest()})
    except OSError:
        pass


def installed_here(root: Path, folder: Path, manifest: bytes) -> bool:
    """Whether folder's manifest.json is the one this user's build installed there (a folder planted or copied
    from elsewhere, whatever its manifest claims, is built again)."""
    path, name = _installed(root, folder)
    data = read_json_entry(path, name)
    return data is not None and data.get("manifest") == hashlib.sha256(manifest).hexdigest()
