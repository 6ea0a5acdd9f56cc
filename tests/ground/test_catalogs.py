"""Every string the GROUND and duel components print has an Italian and a Russian translation; builds are
byte-identical."""

from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.support import NullTranslations

from generator.components import duel_cards, ground_cards, ground_mats
from generator.kit.build import prepare
from generator.kit.model import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
BUILDERS = (ground_cards.solution_deck, ground_cards.problem_cards, ground_cards.scenario_cards,
            ground_cards.mode_cards, ground_cards.action_cards, ground_mats.player_mats, ground_mats.tokens,
            ground_cards.reference_card, duel_cards.track, duel_cards.stance_cards, duel_cards.strike_cards,
            duel_cards.reference_card)


class Recorder(NullTranslations):
    """Source-language translations that remember every (msgctxt, msgid) looked up."""

    def __init__(self):
        super().__init__()
        self.seen: set[tuple[str, str]] = set()

    def pgettext(self, context, message):
        self.seen.add((context, message))
        return message


@pytest.fixture(scope="module")
def printed():
    ctx = prepare(ROOT, BuildOptions("en", papers=("A4",)))
    rec = Recorder()
    ctx = replace(ctx, translations=rec)
    for build in BUILDERS:
        build(ctx)
    return rec.seen


def _catalog(lang: str, domain: str):
    with (ROOT / f"locales/{lang}/LC_MESSAGES/{domain}.po").open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


@pytest.mark.parametrize("lang", ["it", "en", "ru"])
def test_every_printed_string_is_in_the_catalog(printed, lang):
    cats = {d: _catalog(lang, d) for d in ("ground", "duel")}
    assert len(printed) > 200
    for context, msgid in printed:
        domain = "duel" if context.startswith("duel") else "ground"
        entry = cats[domain].get(msgid, context)
        assert entry is not None, f"{lang}/{domain}.po lacks msgctxt {context!r} msgid {msgid!r}"
        if lang != "en":
            assert entry.string, f"{lang}/{domain}.po: no translation for {context!r} {msgid!r}"


def test_italian_and_russian_plural_headers():
    assert _catalog("it", "ground").num_plurals == 2 and _catalog("ru", "duel").num_plurals == 3


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_two_builds_are_byte_identical(lang):
    one = prepare(ROOT, BuildOptions(lang, papers=("A4",)))
    a = ground_cards.mode_cards(one) + duel_cards.strike_cards(one) + ground_mats.tokens(one)
    b = ground_cards.mode_cards(one) + duel_cards.strike_cards(one) + ground_mats.tokens(one)
    assert [x.data for x in a] == [y.data for y in b]


def test_every_printed_string_is_extracted_into_its_game_domain(printed):
    """`make i18n-update` keeps every printed string: extraction finds it in the ground or duel template."""
    from generator.i18n.extract import extract_all

    ex = extract_all(ROOT)
    keys = {d: {(m.context, m.id) for m in ex.templates[d] if m.id} for d in ("ground", "duel", "kit")}
    for context, msgid in printed:
        domain = "duel" if context.startswith("duel") else "ground"
        assert (context, msgid) in keys[domain], (context, msgid)
        assert (context, msgid) not in keys["kit"], (context, msgid)


def test_pseudo_locale_fits_every_component():
    """The pseudo-locale (~40% longer strings) still fits every GROUND and duel face: room for translators."""
    ctx = prepare(ROOT, BuildOptions("xx", papers=("A4",)))
    arts = [a for build in BUILDERS for a in build(ctx)]
    assert {a.component for a in arts} >= {"ground-action-cards", "duel-stance-cards", "ground-player-mats"}
