"""A translation that cannot fit, or has a glyph the font lacks, stops the build naming what and where."""

from dataclasses import replace
from pathlib import Path

import pytest
from babel.support import NullTranslations

from generator.components import dojo_nebbia
from generator.problems import CheckFailed
from tests.conftest import kit_context
from tests.conftest import LANGS

ROOT = Path(__file__).resolve().parents[2]


class _Patched(NullTranslations):
    """The real catalog with one message replaced."""

    def __init__(self, real, msgid, text):
        super().__init__()
        self.real, self.msgid, self.text = real, msgid, text

    def pgettext(self, context, message):
        return self.text if message == self.msgid else self.real.pgettext(context, message)

    def gettext(self, message):
        return self.real.gettext(message)


@pytest.mark.parametrize("lang", LANGS)
def test_an_overlong_effect_names_component_card_slot_language(lang):
    ctx = kit_context(lang)
    long = " ".join(["Kumite"] * 400)
    ctx = replace(ctx, translations=_Patched(ctx.translations, "Reroll your die.", long))
    with pytest.raises(CheckFailed) as exc:
        dojo_nebbia.build(ctx)
    p = exc.value.problems[0]
    assert p.rule == "overflow"
    for part in ("dojo-nebbia-deck", "card kaeshi", "slot effect", f"language {lang}", "too tall"):
        assert part in p.message


@pytest.mark.parametrize("lang", LANGS)
def test_a_glyph_missing_from_the_font_is_a_build_error(lang):
    ctx = kit_context(lang)
    ctx = replace(ctx, translations=_Patched(ctx.translations, "Kiai", "気合"))
    with pytest.raises(CheckFailed) as exc:
        dojo_nebbia.build(ctx)
    p = exc.value.problems[0]
    assert p.rule == "missing-glyph" and "気" in p.message and f"language {lang}" in p.message and "kiai" in p.message
