"""What a translator's tool (Weblate, Poedit, translate-toolkit) shows as noise in the project's catalogs: template
placeholders in headers, several forms of Language-Team, translator comments holding stale English."""

from __future__ import annotations

import re

import pytest

from generator.content.languages import languages
from generator.i18n.catalogs import read_catalog
from generator.i18n.checks import check_hygiene
from generator.i18n.workflow import drop_stale_comments, po_bytes

from .conftest import REPO

CATALOGS = sorted((REPO / "locales").glob("*/LC_MESSAGES/*.po"))
TEMPLATES = sorted((REPO / "locales/templates").glob("*.pot"))


@pytest.mark.parametrize("path", CATALOGS + TEMPLATES, ids=lambda p: p.relative_to(REPO / "locales").as_posix())
def test_no_placeholder_and_one_language_team_form(path):
    text = path.read_text(encoding="utf-8")
    header = text.split("\n\n", 1)[0]
    for placeholder in ("FIRST AUTHOR", "EMAIL@ADDRESS", "FULL NAME", "LL@li.org", "ORGANIZATION", "YEAR"):
        assert placeholder not in header, (path, placeholder)
    [team] = re.findall(r'^"Language-Team: (.*)\\n"$', header, re.M)
    if path.suffix == ".po":
        lang = path.parents[1].name
        assert team == languages()[lang].english
    assert not re.search(r"^# \| ?msg", text, re.M), "a translator comment holding an old msgid"


def test_stale_msgid_comments_are_flagged_and_dropped(tmp_path):
    src = CATALOGS[0]
    text = src.read_text(encoding="utf-8")
    first = text.index("\n#. ", text.index('msgid ""'))  # the first entry's comments
    stale = '\n# | msgid "Players write their orders in secret, and the game master resolves\n# them at once."'
    path = tmp_path / src.name
    path.write_text(text[:first] + stale + text[first:], encoding="utf-8")
    lang = src.parents[1].name
    catalog = read_catalog(path, lang).catalog
    [warning] = check_hygiene(catalog, path.name, 1)
    assert warning.rule == "stale-comment" and warning.severity == "warning" and warning.line
    assert drop_stale_comments(catalog) == 1 and not check_hygiene(catalog, path.name, 1)
    assert b"game master" not in po_bytes(catalog) and b"them at once" not in po_bytes(catalog)
