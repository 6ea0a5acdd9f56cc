"""The HTML contact sheet: translated, links to every file of the kit, and renders in headless Chromium."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.content.languages import native_name

from tests.conftest import built_kit

ROOT = Path(__file__).resolve().parents[2]
TITLES = {"it": "Come stampare", "en": "How to print", "ru": "Как печатать"}


@pytest.fixture(scope="module")
def kits():
    """The session's kit of each language: lang -> its folder."""
    return {lang: built_kit(lang).out for lang in TITLES}


@pytest.mark.parametrize("lang", list(TITLES))
def test_contact_sheet_is_translated_and_links_every_file(kits, lang):
    html = (kits[lang] / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html and TITLES[lang] in html
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    links = set(re.findall(r'href="([^"]+)"', html))
    documents = {e["path"] for e in manifest["files"] if not e["path"].endswith((".png", ".html"))}
    assert documents <= links
    for target in links | set(re.findall(r'src="([^"]+)"', html)):
        assert (kits[lang] / target).is_file(), target


def _chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_contact_sheet_screenshot_in_headless_chromium(kits, lang, tmp_path):
    from PIL import Image

    shot = tmp_path / "shot.png"
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1000,800", f"--screenshot={shot}",
           (kits[lang] / "index.html").as_uri()]
    subprocess.run(cmd, check=True, capture_output=True, timeout=120)
    with Image.open(shot) as img:
        assert img.size == (1000, 800)
        colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50, "the page rendered (almost) blank"


@pytest.mark.parametrize("lang", list(TITLES))
def test_every_pdf_carries_version_language_and_board_fingerprint(kits, lang):
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    stamp = (manifest["version"], manifest["board"]["fingerprint"][:8])
    pdfs = [e["path"] for e in manifest["files"] if e["path"].endswith(".pdf")]
    assert len(pdfs) > 50
    for path in pdfs:  # poppler's pdftotext reads a first page many times faster than pypdf
        text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-enc", "UTF-8", str(kits[lang] / path), "-"],
                              check=True, capture_output=True).stdout.decode("utf-8")
        assert all(s in text for s in stamp), path
        assert lang.upper() in text or native_name(lang) in text, path  # cards: IT; booklets: Italiano


PROBE = """<script>
window.addEventListener('load', () => {
  const bad = [];
  const tiles = document.querySelectorAll('.tile');
  for (const tile of tiles) {
    const img = tile.querySelector('img');
    const name = tile.querySelector('.name').textContent;
    if (!img) { bad.push('no image: ' + name); continue; }
    if (!img.complete || img.naturalWidth === 0) { bad.push('not loaded: ' + img.getAttribute('src')); continue; }
    const c = document.createElement('canvas');
    c.width = 96; c.height = 96;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0, 96, 96);
    const d = g.getImageData(0, 0, 96, 96).data;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4) colours.add(d[i] + ',' + d[i + 1] + ',' + d[i + 2]);
    if (colours.size < 16) bad.push('blank: ' + img.getAttribute('src') + ' (' + colours.size + ' colours)');
  }
  document.body.setAttribute('data-probe', JSON.stringify({tiles: tiles.length, bad: bad}));
});
</script>"""


@pytest.mark.skipif(_chromium() is None, reason="headless Chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_tile_shows_its_thumbnail_loaded_and_not_blank_in_chromium(kits, lang, tmp_path):
    import html

    kit = kits[lang]
    probe = kit / "probe.html"  # beside index.html, so the thumbnails' relative paths resolve
    probe.write_text((kit / "index.html").read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                     encoding="utf-8")
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--allow-file-access-from-files", "--disable-background-networking", "--disable-component-update",
           f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()]
    dom = subprocess.run(cmd, check=True, capture_output=True, timeout=120, text=True).stdout
    probe.unlink()
    found = re.search(r'data-probe="([^"]*)"', dom)
    assert found, "the probe did not run"
    result = json.loads(html.unescape(found.group(1)))
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    components = {e["component"] for e in manifest["files"] if e["path"].endswith(".pdf")}
    assert result["tiles"] == len(components) >= 20
    assert result["bad"] == []
