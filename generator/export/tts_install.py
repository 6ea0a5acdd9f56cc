"""The installers a release's Tabletop Simulator download carries (tts/install.sh for Linux and macOS,
tts/install-windows.bat for Windows): run from the unzipped tts/ folder, each writes every save with its image URLs
pointed at that folder (the release writes them with the placeholder BASE, the same on every machine) into TTS's
Saves folder (loaded as a game: the seats and the setup notebook come with it) and its Saved Objects folder (spawned
onto any table), its thumbnail beside it. One step, no text editor; running it again refreshes the saves."""

from __future__ import annotations

import re

from ..content.games import each

BASE = "file:///path/to/dojo-tts"  # the release's image URLs' base (reproducible: the same on every machine)
GAMES = tuple(each("tts"))  # content/games.toml: the games laid out for TTS, each a save per language
SAVE = re.compile(rf"^({'|'.join(GAMES)})-[a-z]{{2,3}}\.json$")  # a save's file name (tts_setup.file_stem)

SH = r"""#!/bin/sh
# Points the Tabletop Simulator saves of this folder at the images beside them and copies them (with their
# thumbnails) into TTS's Saved Objects folder. Linux and macOS: sh install.sh
set -e
here=$(cd "$(dirname "$0")" && pwd)
case "$(uname -s)" in
  Darwin) saves="$HOME/Library/Tabletop Simulator/Saves" ;;
  *) saves="${XDG_DATA_HOME:-$HOME/.local/share}/Tabletop Simulator/Saves" ;;
esac
dest="$saves/Saved Objects"
mkdir -p "$dest"
base="file://$(printf '%s' "$here" | sed -e 's/%/%25/g' -e 's/ /%20/g' -e 's/#/%23/g' -e 's/|/%7C/g')"
count=0
for save in "$here"/*/*/*.json; do
  name=$(basename "$save")
  case "$name" in
    @SAVES@) ;;
    *) continue ;;
  esac
  sed "s|@BASE@|$base|g" "$save" > "$dest/$name"
  cp "$dest/$name" "$saves/$name"
  [ -f "${save%.json}.png" ] && cp "${save%.json}.png" "$dest/" && cp "${save%.json}.png" "$saves/"
  count=$((count + 1))
done
echo "$count table(s) copied into $saves and $dest"
echo "In Tabletop Simulator: Games > Save & Load (the whole table: seats, notebook), or Objects > Saved Objects."
""".replace("@BASE@", BASE).replace("@SAVES@", "|".join(f"{game}-*.json" for game in GAMES))

BAT = ("@echo off\r\n"
       "rem Points the Tabletop Simulator saves of this folder at the images beside them and copies them (with their\r\n"
       "rem thumbnails) into TTS's Saved Objects folder. Windows: double-click this file.\r\n"
       "powershell -NoProfile -ExecutionPolicy Bypass -Command \"$here = Split-Path -Parent '%~f0'; "
       "$base = ([System.Uri]$here).AbsoluteUri; "
       "$saves = Join-Path ([Environment]::GetFolderPath('MyDocuments')) 'My Games\\Tabletop Simulator\\Saves'; "
       "$dest = Join-Path $saves 'Saved Objects'; "
       "New-Item -ItemType Directory -Force $dest | Out-Null; $n = 0; "
       "Get-ChildItem $here -Recurse -Filter *.json | Where-Object { $_.Name -match '^(@GAMES@)-[a-z]+\\.json$' } | "
       "ForEach-Object { $t = [IO.File]::ReadAllText($_.FullName).Replace('@BASE@', $base); "
       "foreach ($d in @($dest, $saves)) { [IO.File]::WriteAllText((Join-Path $d $_.Name), $t, "
       "(New-Object Text.UTF8Encoding $false)) }; "
       "$png = $_.FullName -replace '\\.json$', '.png'; if (Test-Path $png) { Copy-Item $png $dest; Copy-Item $png $saves }; "
       "$n++ }; "
       "Write-Host ([string]$n + ' table(s) copied into ' + $dest)\"\r\n"
       "pause\r\n").replace("@BASE@", BASE).replace("@GAMES@", "|".join(GAMES))


def installers() -> dict[str, bytes]:
    """The installers by their path inside the tts/ folder."""
    return {"install.sh": SH.encode("utf-8"), "install-windows.bat": BAT.encode("utf-8")}


def tts_parts(files: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """A language's export split into what Tabletop Simulator needs (the saves, their thumbnails, the rules and
    every file a save points at) and the per-card PNGs with cards.json (for Tabletopia, Screentop...)."""
    text = b"".join(data for path, data in files.items() if SAVE.match(path.rsplit("/", 1)[-1]))
    table, cards = {}, {}
    for path, data in files.items():
        if "/cards/" in f"/{path}" and f"/{path}".encode("utf-8") not in text:
            cards[path] = data
        else:
            table[path] = data
    return table, cards
