"""Which of the files a live preview shows changed (`dojo i18n watch`, generator/commands/preview.py): the language's
catalogs, looked at every time, and the content and templates, every EVERY-th time. A short poll of their mtimes and
sizes: no file-watching library is in the lock, and a look at a few catalogs takes well under a millisecond."""

from __future__ import annotations

import os
import stat
from pathlib import Path

WATCHED = ("content", "templates", "locales")


def snapshot(root: Path, lang: str, tops: tuple[str, ...] = WATCHED) -> dict[Path, int]:
    """mtime of every watched file (the language's catalogs, content, templates; or those under `tops`); a file or
    folder that vanishes while it is scanned (a checkout, an editor's temporary folder) is skipped."""
    out = {}
    for top in tops:
        for folder, _dirs, names in os.walk(root / top):  # os.walk skips a folder it can no longer list
            for name in names:
                p = Path(folder, name)
                if top.startswith("locales") and f"/{lang}/" not in p.as_posix():
                    continue
                try:
                    st = p.stat()
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    out[p] = (st.st_mtime_ns, st.st_size)
    return out


class Watcher:
    """Which watched files changed since the last look: the language's catalogs looked at every time (a few files:
    well under a millisecond), content and templates every EVERY-th time (a hundred files)."""

    EVERY = 10

    def __init__(self, root: Path, lang: str):
        self.root, self.lang, self.looks = root, lang, 0
        self.catalogs = f"locales/{lang}"
        self.seen = snapshot(root, lang)

    def changed(self) -> list[Path]:
        """The files added, changed or removed since the last look."""
        self.looks += 1
        tops = WATCHED if self.looks % self.EVERY == 0 else (self.catalogs,)
        now = snapshot(self.root, self.lang, tops)
        held = {p: v for p, v in self.seen.items() if any(p.is_relative_to(self.root / t) for t in tops)}
        changed = [p for p in set(now) | set(held) if now.get(p) != held.get(p)]
        for p in held:
            self.seen.pop(p, None)
        self.seen.update(now)
        return changed
