"""Live preview (issue 31): every page of every component, a map of where every entry lands, an edit to any
entry (a footer, a booklet's data string) drawing again what shows it, every open problem listed, a broken
entry's error on the page; served on 127.0.0.1 only. Real renders of a real kit (the Italian kit's component
cache of tests/conftest.py pristine_it makes the first render quick)."""

from __future__ import annotations

import json
import shutil
import urllib.request

import pytest

from generator.commands.preview import EXPORTS, Preview, Watcher, serve

PNG = b"\x89PNG\r\n\x1a\n"


def _set(po, context, msgid, value):
    text = po.read_text(encoding="utf-8")
    head = (f'msgctxt "{context}"\n' if context else "") + f'msgid "{msgid}"\nmsgstr "'
    start = text.index(head) + len(head)
    po.write_text(text[:start] + value + text[text.index('"\n', start):], encoding="utf-8")


def _shown(pristine_it, folder):
    """A preview of the Italian kit on a copy of pristine_it, first rendered (first pages; the others, and the
    places, are drawn while the page is served: step)."""
    root = folder / "project"
    shutil.copytree(pristine_it, root, ignore=shutil.ignore_patterns("pnp"))
    preview = Preview(root, "it", jobs=2)
    drawn, _ = preview.rebuild([root / "content"], first_only=True, settle=False)
    assert drawn == len([u for u in preview.units if u.pages or u.html]) == len(preview.units)
    return preview


@pytest.fixture
def shown(pristine_it, tmp_path):
    """_shown's preview, for a test that edits it."""
    return _shown(pristine_it, tmp_path)


@pytest.fixture(scope="module")
def settled(pristine_it, tmp_path_factory):
    """(_shown's preview, its images as first rendered) with every page and place drawn (_settle), for the tests
    that only read it (conftest.GROUPS["preview-read"]: one worker makes it once)."""
    preview = _shown(pristine_it, tmp_path_factory.mktemp("preview"))
    first = _images(preview)
    _settle(preview)
    return preview, first


def _settle(preview):
    """The work the watcher does between two looks at the files: the other pages, the places, the maps."""
    while preview.step():
        pass


def _images(preview):
    return {p.name: p.read_bytes() for p in preview.out.glob("*.png")}


def test_every_page_is_drawn_and_every_entry_is_mapped(settled):
    shown, first = settled
    assert all(name.endswith("-1.png") for name in first)
    booklet = next(u for u in shown.units if u.name == "dojo-rules")
    assert booklet.pages >= 6  # every page of the booklet, not only the first
    images = _images(shown)
    for unit in shown.units:
        assert {f"{unit.name}-{n}.png" for n in range(1, unit.pages + 1)} <= set(images)
    assert all(data.startswith(PNG) for data in images.values())
    cov = shown.coverage()
    assert cov.total > 800 and cov.printed >= 0.99 * cov.total, cov.missing  # the first map: 367 of 908 (ru)
    assert set(cov.missing) == set(cov.unreached), cov.missing  # every other entry: printed only in a state
    exports = {c for c, _why in EXPORTS.values()}  # or an export prints (the TTS save's setup notes)
    assert {c for c, _why in cov.unreached.values()} <= {u.name for u in shown.units} | exports  # ... no build reaches
    assert all(why[0] in exports for (c, _m), why in cov.unreached.items() if c and c.startswith("tts-"))
    entries = json.loads((shown.out / "entries.json").read_text(encoding="utf-8"))
    assert len(entries) == cov.total
    assert all(e["components"] or e.get("only_when") for e in entries)  # 100%: where each one lands, or when
    proof = next(e for e in entries if e["msgid"] == "Simulated in %(games)d game: some got stuck.")
    assert proof["components"] == [] and proof["only_when"].startswith("dojo-board: the board's margin")
    board = [e for e in entries if e["msgctxt"] == "small print" and e["msgid"] == "board"]
    assert len(board) == 1 and "dojo-nebbia-deck" in board[0]["components"]  # the footers' word, on every deck
    page = (shown.out / "index.html").read_text(encoding="utf-8")
    assert f'<option value="{booklet.pages}">{booklet.pages} / {booklet.pages}</option>' in page
    assert f"{cov.printed} of {cov.total} catalog entries" in page
    assert f"{len(cov.missing)} entries printed by no component in this build" in page  # and listed by name
    assert "Simulated in %(games)d game: some got stuck." in page and "only in the board&#39;s margin" in page


def test_an_edit_to_a_footer_or_a_booklet_data_string_draws_again_what_shows_it(shown):
    _settle(shown)
    po = shown.root / "locales/it/LC_MESSAGES/kit.po"
    before = _images(shown)
    _set(po, None, "Duplex calibration", "Calibrazione del fronte-retro")  # its heading and footer
    drawn, took = shown.rebuild([po])
    after = _images(shown)
    changed = {name.rsplit("-", 1)[0] for name in after if after[name] != before.get(name)}
    assert changed == {"kit-calibration"} and drawn == 2, changed  # and the kit page showing its preview
    duel = shown.root / "locales/it/LC_MESSAGES/duel.po"
    _set(duel, "duel-rules", "Rulings for this kit", "Decisioni di questo kit")  # a booklet's data string
    shown.rebuild([duel])
    again = _images(shown)
    assert {n.rsplit("-", 1)[0] for n in again if again[n] != after.get(n)} == {"duel-rules"}
    site = shown.root / "locales/it/LC_MESSAGES/kit.po"  # index.html shows the components' names
    _set(site, None, "Duplex calibration page", "Pagina per tarare il fronte-retro")
    shown.rebuild([site])
    index = shown.out / next(u.html for u in shown.units if u.html)
    assert "Pagina per tarare il fronte-retro" in index.read_text(encoding="utf-8")
    assert 'src="kit/index.html' in (shown.out / "index.html").read_text(encoding="utf-8")
    # every component, redrawn by the edits or not, is in the component cache under the key a build gives it
    # (phase_two.render_languages: the term spellings added once): the next build renders nothing again
    from generator.kit.cache import ComponentCache
    from generator.kit.redraw import term_spellings_of
    from generator.plan.registry import COMPONENTS

    cache = ComponentCache(shown.ctx)
    cache.extend_key(term_spellings_of(shown.ctx))
    before, missed = [], []
    for unit, component in zip(shown.units, COMPONENTS):
        if cache.load(component, before if component.from_artifacts else []) is None:
            missed.append(component.id)
        before += unit.artifacts
    assert missed == []


def test_open_problems_stay_listed_and_a_broken_entry_shows_its_error(shown):
    duel = shown.root / "locales/it/LC_MESSAGES/duel.po"
    _set(duel, "duel/seigan", "Free stance", "Guardia libera " + "lunghissima " * 14)  # overflows its slot
    shown.rebuild([duel])
    assert any("duel.po" in (p.file or "") and "Free stance" in (p.where or "") for p in shown.problems)
    kit = shown.root / "locales/it/LC_MESSAGES/kit.po"
    _set(kit, None, "Duplex calibration", "Calibrazione del fronte-retro")  # an unrelated edit, drawing only the
    drawn, _ = shown.rebuild([kit])  # calibration page again (and the kit page showing it): the overflow is still open
    assert drawn == 2 and any("Free stance" in (p.where or "") for p in shown.problems)
    images = _images(shown)
    _set(kit, None, "Duplex calibration page", "Pagina {rotta")  # a broken placeholder brace
    shown.rebuild([kit])
    page = (shown.out / "index.html").read_text(encoding="utf-8")
    assert "kit.po:" in page and "unmatched { or }" in page, page[:2000]
    assert _images(shown) == images  # the last good images stay


def test_page_is_served_on_localhost_only_and_hears_of_a_new_image_at_once(shown):
    """The page's long poll (/wait) is answered as soon as an edit's image is drawn, before the page QA: the state
    names the changed image's new tag (the page fetches it in place) and the component still being checked."""
    import threading

    _settle(shown)
    server = serve(shown.out, 0, shown.notifier)
    try:
        host, port = server.server_address
        assert host == "127.0.0.1"
        url = f"http://127.0.0.1:{port}"
        page = urllib.request.urlopen(f"{url}/index.html", timeout=5).read().decode()
        image = urllib.request.urlopen(f"{url}/dojo-rules-2.png", timeout=5).read()
        assert "wait?since=" in page and image.startswith(PNG)
        before = json.loads(urllib.request.urlopen(f"{url}/state.json", timeout=5).read())
        heard = []
        poll = threading.Thread(target=lambda: heard.append(json.loads(urllib.request.urlopen(
            f"{url}/wait?since={before['version']}", timeout=30).read())))
        poll.start()
        duel = shown.root / "locales/it/LC_MESSAGES/duel.po"
        _set(duel, "duel/seigan", "Free stance", "Guardia sciolta")
        shown.rebuild([duel], settle=False)  # the images only: the page QA is left to step()
        poll.join(30)
        [state] = heard
        assert state["version"] > before["version"] and state["checking"]  # told before anything was checked
        changed = {f for f, tag in state["images"].items() if before["images"].get(f) != tag}
        assert changed and all(f.startswith("duel-") for f in changed), changed
        name = sorted(changed)[0]
        assert urllib.request.urlopen(f"{url}/{name}?h={state['images'][name]}", timeout=5).read() == \
            (shown.out / name).read_bytes()
        # the page QA goes one PDF per step, the watcher looking at the files between two: an edit saved while the
        # first one is being read back is drawn at once, and both end up checked
        assert shown.step() and set(state["checking"]) <= set(shown.unchecked)
        kit = shown.root / "locales/it/LC_MESSAGES/kit.po"
        _set(kit, None, "Duplex calibration", "Calibrazione del fronte-retro")
        drawn, _ = shown.rebuild([kit], settle=False)
        assert drawn == 1 and "kit-calibration" in shown.unchecked
        _settle(shown)
        after = json.loads(urllib.request.urlopen(f"{url}/wait?since={state['version']}", timeout=5).read())
        assert not after["checking"] and not after["busy"] and after["images"]["kit-calibration-1.png"] != \
            before["images"]["kit-calibration-1.png"]
        assert not shown.problems
    finally:
        server.shutdown()


def test_each_booklet_entry_points_at_the_page_and_box_where_its_text_is_read_back(settled):
    """Weblate screenshots land on the right page: every entry of a booklet is mapped to the page image where an
    independent reading of the page (the page QA's runs of words) finds its text, and its box is on that image."""
    from PIL import Image

    from generator.i18n.locate import pieces
    from generator.pageqa.read import read_pdf

    shown, _ = settled
    shots = json.loads((shown.out / "screenshots.json").read_text(encoding="utf-8"))
    places = json.loads((shown.out / "places.json").read_text(encoding="utf-8"))
    for name in ("duel-rules", "ground-rules"):
        unit = next(u for u in shown.units if u.name == name)
        pages = read_pdf(unit.pdf)  # read back by the page QA's reader, not by the locator
        located = {k for k in unit.keys if k in unit.places}
        assert len(located) >= 0.95 * len(unit.keys), sorted(unit.keys - located, key=str)[:10]
        on_later_pages = 0
        for (c, m), found in unit.places.items():
            place = found[0]
            key = f"{c or ''}\x04{m}"
            if shots[key].startswith(name):
                assert shots[key] == place.file  # the screenshot is the page it prints on, not page 1
            assert place.file in [p["file"] for p in places[key]]
            on_later_pages += place.page > 1
            size = Image.open(shown.out / place.file).size
            x0, y0, x1, y1 = place.box
            assert 0 <= x0 < x1 <= size[0] + 1 and 0 <= y0 < y1 <= size[1] + 1, (m, place)
            words = " ".join(r.text for r in pages[place.page - 1].runs).lower().replace("\ufffe", "")
            piece = max(pieces(shown.printed({(c, m)})[(c, m)]), key=len).lower().split()
            assert piece[0] in words and piece[-1] in words, (m, place.page)
        assert on_later_pages > len(unit.places) / 2  # most entries print after page 1 (all pointed at page 1 before)


def test_the_watcher_sees_a_saved_catalog_at_the_next_look_and_content_within_ten(tmp_path):
    """The language's catalogs are looked at every time (a save is seen at the next look, 0.05 s later), content and
    templates every tenth time; another language's catalog is not watched."""

    for name in ("locales/ru/LC_MESSAGES/kit.po", "locales/it/LC_MESSAGES/kit.po", "content/dojo/cards.toml",
                 "templates/kit/index.html.j2"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    watcher = Watcher(tmp_path, "ru")
    assert watcher.changed() == []
    (tmp_path / "locales/ru/LC_MESSAGES/kit.po").write_text("xy", encoding="utf-8")
    (tmp_path / "locales/it/LC_MESSAGES/kit.po").write_text("xy", encoding="utf-8")
    (tmp_path / "content/dojo/cards.toml").write_text("xy", encoding="utf-8")
    assert watcher.changed() == [tmp_path / "locales/ru/LC_MESSAGES/kit.po"]
    later = [p for _ in range(Watcher.EVERY) for p in watcher.changed()]
    assert later == [tmp_path / "content/dojo/cards.toml"]
    (tmp_path / "templates/kit/index.html.j2").unlink()
    assert [p for _ in range(Watcher.EVERY) for p in watcher.changed()] == [tmp_path / "templates/kit/index.html.j2"]

