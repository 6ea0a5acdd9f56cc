"""Live preview: a catalog edit re-renders only the components printing the edited entry; the page is served
on 127.0.0.1 only and reloads itself; screenshots.json maps each entry to the image it appears in."""

from __future__ import annotations

import json
import urllib.request

from generator.i18n.preview import Preview, Unit, entries, serve


def _preview(project, monkeypatch, rendered):
    monkeypatch.setattr("generator.i18n.preview.units", lambda: [
        Unit("nebbia", lambda ctx: rendered.append("nebbia") or [], {("dojo-nebbia", "Fog")}),
        Unit("kit", lambda ctx: rendered.append("kit") or [], {(None, "Cut along the line")}),
        Unit("dojo_rules", lambda ctx: rendered.append("dojo_rules") or [], set()),
    ])
    preview = Preview(project, "ru")
    preview.entries = entries(project, "ru")
    return preview


def test_a_catalog_edit_selects_only_the_units_printing_the_entry(project, monkeypatch):
    preview = _preview(project, monkeypatch, [])
    path = project / "locales/ru/LC_MESSAGES/dojo.po"
    path.write_text(path.read_text(encoding="utf-8").replace('msgstr "Туман"', 'msgstr "Мгла"'), encoding="utf-8")
    assert [u.name for u in preview.affected(entries(project, "ru"))] == ["nebbia"]
    rules = project / "locales/ru/LC_MESSAGES/dojo-rules.po"
    rules.write_text(rules.read_text(encoding="utf-8").replace('msgstr "Подготовка"', 'msgstr "Начало"'),
                     encoding="utf-8")
    assert [u.name for u in preview.affected(entries(project, "ru"))] == ["nebbia", "dojo_rules"]


def test_page_and_screenshot_map_are_served_on_localhost_only(project, monkeypatch):
    preview = _preview(project, monkeypatch, [])
    (preview.out).mkdir(parents=True)
    (preview.out / "nebbia.png").write_bytes(b"\x89PNG fake")
    preview.write_page()
    shots = json.loads((preview.out / "screenshots.json").read_text(encoding="utf-8"))
    assert shots["dojo-nebbia\x04Fog"] == "nebbia.png" and shots["\x04Cut along the line"] == "kit.png"
    server = serve(preview.out, 0)
    try:
        host, port = server.server_address
        assert host == "127.0.0.1"
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=5).read().decode()
        version = urllib.request.urlopen(f"http://127.0.0.1:{port}/version.txt", timeout=5).read().decode()
    finally:
        server.shutdown()
    assert 'src="nebbia.png?v=1"' in page and "version.txt" in page and version.strip() == "1"
