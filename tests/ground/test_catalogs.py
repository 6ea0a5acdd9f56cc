"""Every string the GROUND and duel components print has an Italian and a Russian translation; builds are
byte-identical."""

import pytest
from babel.messages.pofile import read_po

from generator.components import duel_cards, ground_cards
from generator.kit.build import prepare
from generator.plan.model import BuildOptions

from .kitcache import ROOT, build_lang
from tests.conftest import LANGS


@pytest.fixture(scope="module")
def printed():
    """Every (msgctxt, msgid) the components looked up while rendering the English kit."""
    return build_lang("en").printed


def _catalog(lang: str, domain: str):
    with (ROOT / f"locales/{lang}/LC_MESSAGES/{domain}.po").open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


@pytest.mark.parametrize("lang", LANGS)
def test_every_printed_string_is_in_the_catalog(printed, lang):
    cats = {d: _catalog(lang, d) for d in ("ground", "duel", "kit")}
    assert len(printed) > 200
    for context, msgid in printed:
        domain = next((d for d in ("duel", "ground") if context.startswith(d)), "kit")
        entry = cats[domain].get(msgid, context)
        assert entry is not None, f"{lang}/{domain}.po lacks msgctxt {context!r} msgid {msgid!r}"
        if lang != "en":
            assert entry.string, f"{lang}/{domain}.po: no translation for {context!r} {msgid!r}"


def test_italian_and_russian_plural_headers():
    assert _catalog("it", "ground").num_plurals == 2 and _catalog("ru", "duel").num_plurals == 3


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_two_builds_are_byte_identical(lang):
    kit = build_lang(lang)
    again = ground_cards.mode_cards(kit.ctx) + duel_cards.strike_cards(kit.ctx)
    first = {a.path: a.data for a in kit.artifacts}
    assert again and all(first[a.path] == a.data for a in again)


def test_every_printed_string_is_extracted_into_its_game_domain(printed):
    """`make i18n-update` keeps every printed string: extraction finds it in the ground or duel template."""
    from generator.i18n.extract import extract_all

    ex = extract_all(ROOT)
    keys = {d: {(m.context, m.id) for m in ex.templates[d] if m.id} for d in ("ground", "duel", "kit")}
    for context, msgid in printed:
        domain = next((d for d in ("duel", "ground") if context.startswith(d)), "kit")
        assert (context, msgid) in keys[domain], (context, msgid)
        if domain != "kit":
            assert (context, msgid) not in keys["kit"], (context, msgid)


def test_pseudo_locale_fits_every_component():
    """The pseudo-locale (~40% longer strings) still fits every GROUND and duel face: room for translators."""
    ctx = prepare(ROOT, BuildOptions("xx", papers=("A4",)))
    tight = (ground_cards.action_cards, ground_cards.scenario_cards, ground_cards.reference_card,
             duel_cards.stance_cards, duel_cards.reference_card)
    arts = [a for build in tight for a in build(ctx)]
    assert {a.component for a in arts} >= {"ground-action-cards", "duel-stance-cards", "duel-reference"}
