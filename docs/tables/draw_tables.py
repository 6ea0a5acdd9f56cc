"""Draw docs/tables/<game>.png, the top-down pictures of docs/TABLETOP.md: each game's table exported in memory
from the built English kit (build/pnp/en: `dojo build --lang en` first) and drawn from the save's own positions,
scales and images (generator/export/tts_setup.picture: the same drawing as the thumbnail TTS shows).

    python docs/tables/draw_tables.py
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.content.load import load_model
from generator.export import tts, tts_setup
from generator.i18n.runtime import load_translations
from generator.plan import registry


def main() -> int:
    kit = ROOT / "build" / "pnp" / "en"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    model, _ = load_model(ROOT, registry.deck_sources())
    for game in tts.GAMES:
        exp = tts.export_game(game, "en", kit, manifest, model, load_translations(ROOT, "en"),
                              lambda p: f"file:///{p}")
        if exp.problems:
            print("\n".join(exp.problems), file=sys.stderr)
            return 1
        image = Image.open(io.BytesIO(tts_setup.picture(exp.placed, exp.files, exp.url, 900, exp.card_files)))
        out = Path(__file__).with_name(f"{game}.png")
        image.quantize(128).save(out, optimize=True)
        print(f"{out}: {out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
