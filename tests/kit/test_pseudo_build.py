"""`make pnp LANG=xx`: the pseudo-locale kit is written even though its ~40% longer strings overflow; each
overflow is a warning naming the English .po entry, and the overflowing slot is outlined in red on the page."""

from __future__ import annotations

import io
import json

from PIL import Image

from generator.cli import main
from generator.render.preview import pdf_preview


def _red_pixels(pdf: bytes) -> int:
    """Red pixels on the first page of a PDF (rendered with the kit's own previewer)."""
    with Image.open(io.BytesIO(pdf_preview(pdf, 360))) as img:
        data = img.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i] > 200 and data[i + 1] < 90 and data[i + 2] < 90)


def test_pseudo_locale_kit_is_written_with_overflows_outlined(proved_project, capsys):
    project = proved_project
    assert main(["build", "--lang", "xx", "--root", str(project)]) == 0
    err = capsys.readouterr().err
    out = project / "build/pnp/xx"
    record = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    overflows = [w for w in record.get("warnings", ()) if w["rule"] == "overflow"]
    assert overflows and "Traceback" not in err and "red outline" in err
    assert all(w["file"].startswith("locales/en/LC_MESSAGES/") and w["line"] for w in overflows)
    assert any("msgctxt" in w["where"] for w in overflows)
    # the reference card's square list overflows in xx: its page shows the red outline, the Italian one (rendered
    # next, in this process) does not
    assert _red_pixels((out / "dojo/reference-A4.pdf").read_bytes()) > 200
    from generator.plan import registry
    from generator.kit.build import prepare, render_all
    from generator.plan.model import BuildOptions

    made = render_all(prepare(project, BuildOptions(lang="it")), (registry.by_id("dojo-reference"),), jobs=1)
    (italian,) = [a.data for a in made if a.path == "dojo/reference-A4.pdf"]
    assert _red_pixels(italian) < 20


def test_overflow_warnings_come_back_from_the_worker_processes(proved_project):
    """The overflow policy and the fit watcher are set inside each worker; its warnings reach the parent."""
    from generator.plan import registry
    from generator.kit.build import prepare, render_all
    from generator.plan.model import BuildOptions

    ctx = prepare(proved_project, BuildOptions(lang="xx", overflow="warn"))
    chosen = tuple(c for c in registry.COMPONENTS if c.id in ("dojo-reference", "dojo-nebbia-deck"))
    assert len(chosen) == 2
    forked: list = []
    serial: list = []
    files = [a.path for a in render_all(ctx, chosen, jobs=2, warnings=forked)]
    assert files == [a.path for a in render_all(ctx, chosen, jobs=1, warnings=serial)]
    assert forked == serial and any(w.rule == "overflow" and w.severity == "warning" for w in forked)
    assert all(w.file.startswith("locales/en/LC_MESSAGES/") for w in forked if w.rule == "overflow")
