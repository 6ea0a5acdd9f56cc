"""Live preview, end to end (issue 44: at most 1 s median, 2 s p95 on 2 idle cores): a real watcher
(`generator.commands.preview.watch`, in its own process, over a copy of the project) and a client that does what the
preview page does. For each one-string catalog edit (ru) the client writes the .po file and times:

- `in browser`: until the new page image is in its hands: the page's long poll (/wait) answered with a new tag for
  an image of the edited component, and that image fetched. An older revision without /wait is timed as its page
  worked: version.txt polled every 0.7 s, then the page (index.html) and the image fetched again;
- `checked`: until the watcher has read the redrawn pages back (page QA), stored them in the component cache and
  written the maps (the page stops saying "checking…"): the next edit is made after that.

Edits of a card string and of a booklet paragraph, with their median and p95, and the first render (cold: no
component cache; then warm: a second watcher over the cache the first one filled). `--rounds N` repeats the edits
(default 3); `--against REV` runs the same on a git revision's generator too (exported with `git archive`), in the
same run, side by side (the machine's speed swings by a third from one run to the next). Print `uptime` beside the
figures: on a shared machine they are the figures of that load."""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (kind, catalog, text, edited text, the component whose image shows it)
EDITS = [("card", "dojo.po", 'msgstr "Туман Додзё"', 'msgstr "Туман Додзё!"', "dojo-nebbia-deck"),
         ("card", "duel.po", 'msgstr "Урон"', 'msgstr "Урон!"', "duel-"),
         ("card", "ground.po", 'msgstr "ИСПОЛЬЗОВАН"', 'msgstr "ПОТРАЧЕН"', "ground-"),
         ("booklet", "dojo-rules.po", "каждого игрока есть позиция", "каждого игрока всегда есть позиция", "dojo-rules"),
         ("booklet", "duel.po", 'msgstr "Разъяснения для этого набора"', 'msgstr "Разъяснения этого набора"',
          "duel-rules"),
         ("booklet", "ground-rules.po", "Каждый игрок", "Любой игрок", "ground-rules")]
WATCHER = """import sys; from pathlib import Path
sys.path.insert(0, sys.argv[1])
try:
    from generator.commands.preview import watch
except ImportError:  # a revision before the commands moved
    from generator.i18n.preview import watch
watch(Path(sys.argv[2]), "ru", 0, say=lambda line: print(line, flush=True))"""


def _get(url: str, timeout: float = 60) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.read()


def _figures(took: list[float]) -> str:
    took = sorted(took)
    p95 = took[max(0, round(0.95 * len(took)) - 1)]
    return f"median {statistics.median(took):.2f} s, p95 {p95:.2f} s, max {took[-1]:.2f} s"


class Client:
    """What the preview page does: wait for a new state (long poll, or version.txt for an older revision)."""

    def __init__(self, url: str):
        self.url, self.settled = url, False
        try:
            self.state = json.loads(_get(f"{url}/state.json", 5))
            self.long_poll = True
        except urllib.error.HTTPError:
            self.state, self.long_poll = {"version": int(_get(f"{url}/version.txt", 5))}, False

    def image(self, prefix: str, path: Path) -> None:
        """Until a new image of a component named prefix… is fetched (path: the edited file)."""
        if not self.long_poll:  # the old page: version.txt every 0.7 s, then a reload (the page, an image)
            waited = time.perf_counter()
            while True:
                time.sleep(0.7)
                if time.perf_counter() - waited > 60:  # the old watcher missed an edit made while it drew pages
                    path.touch()
                    waited = time.perf_counter()
                version = int(_get(f"{self.url}/version.txt", 5))
                if version != self.state["version"]:
                    self.state["version"] = version
                    page = _get(f"{self.url}/index.html").decode("utf-8")
                    name = re.search(rf'src="({re.escape(prefix)}[^"?]*-1\.png)', page)
                    _get(f"{self.url}/{name[1] if name else 'index.html'}")
                    return
        while True:
            state = json.loads(_get(f"{self.url}/wait?since={self.state['version']}"))
            new = [f for f, tag in state["images"].items()
                   if f.startswith(prefix) and self.state["images"].get(f) != tag]
            self.state = state
            if new:
                _get(f"{self.url}/{new[0]}?h={state['images'][new[0]]}")
                return

    def checked(self, folder: Path) -> None:
        """Until the watcher has nothing left to do (an older revision: it showed the images last; after its first
        render, until it has drawn every page in folder: it looks at the files only then, and misses an edit made
        meanwhile)."""
        while self.long_poll and self.state["busy"]:
            self.state = json.loads(_get(f"{self.url}/wait?since={self.state['version']}"))
        if not self.long_poll and not self.settled:  # no page image written for 3 s
            while time.time() - max(p.stat().st_mtime for p in folder.glob("*.png")) < 3:
                time.sleep(0.5)
            self.settled = True


def run(label: str, source: Path, root: Path, rounds: int) -> None:
    start = time.perf_counter()
    watcher = subprocess.Popen([sys.executable, "-u", "-c", WATCHER, str(source), str(root)], stdout=subprocess.PIPE,
                               text=True, cwd=root)
    try:
        line = watcher.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+", line)
        if not url:
            raise SystemExit(f"{label}: the watcher did not start: {line}")
        print(f"{label}: first render {time.perf_counter() - start:.1f} s (until the page is served)", flush=True)
        client = Client(url[0])
        client.checked(root / "build/preview/ru")
        shown: dict[str, list[float]] = {}
        checked: dict[str, list[float]] = {}
        catalogs = {p: p.read_bytes() for p in (root / "locales/ru/LC_MESSAGES").glob("*.po")}
        flipped: set[int] = set()  # the edits made (the next one of the same entry undoes it)
        for number, (kind, name, old, new, prefix) in [(n % len(EDITS), e) for n, e in enumerate(EDITS * rounds)]:
            path = root / "locales/ru/LC_MESSAGES" / name
            text = path.read_text(encoding="utf-8")
            if number in flipped:
                old, new = new, old
            if old not in text:
                print(f"{label}: skipped {name}: {old!r} is not in this revision's catalog")
                continue
            flipped ^= {number}
            began = time.perf_counter()
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
            client.image(prefix, path)
            shown.setdefault(kind, []).append(time.perf_counter() - began)
            if shown[kind][-1] > 2:
                print(f"{label}: {name} {new[:40]!r}: {shown[kind][-1]:.2f} s to the browser", flush=True)
            client.checked(root / "build/preview/ru")
            checked.setdefault(kind, []).append(time.perf_counter() - began)
        for kind in shown:
            print(f"{label}: {len(shown[kind])} {kind} edits: in browser {_figures(shown[kind])}; "
                  f"checked {_figures(checked[kind])}", flush=True)
        for path, data in catalogs.items():  # as they were: the next run makes the same edits
            path.write_bytes(data)
    finally:
        watcher.terminate()
        watcher.wait()


def main() -> None:
    """Copy the project; cold watcher, then warm (a second watcher over the cache the first one filled); with
    --against REV, the same for that revision's generator, one after the other."""
    args = sys.argv[1:]
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    against = args[args.index("--against") + 1] if "--against" in args else None
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min) on "
          f"{os.cpu_count()} cores", flush=True)
    trees = [("this tree", ROOT)]
    with tempfile.TemporaryDirectory() as tmp:
        if against:
            old = Path(tmp) / "against"
            old.mkdir()
            subprocess.run(f"git -C {ROOT} archive {against} | tar -x -C {old}", shell=True, check=True)
            trees.append((against, old))
        for label, source in trees:
            root = Path(tmp) / f"project-{len(label)}-{label.replace(' ', '-')}"
            for part in ("content", "locales", "templates"):
                shutil.copytree(source / part, root / part)
            run(f"{label}, cold", source, root, 1)
            run(f"{label}, warm", source, root, rounds)
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")


if __name__ == "__main__":
    main()
