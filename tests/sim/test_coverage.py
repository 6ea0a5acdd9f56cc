"""Every DR rule id of docs/specs/dojo-rules-spec.md is cited by a test, and every scenario SC01-SC57 has one."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs/specs/dojo-rules-spec.md"
SCENARIOS = ROOT / "docs/specs/dojo-scenarios.md"
HERE = Path(__file__).resolve().parent


def spec_ids() -> list[str]:
    """The DR ids the spec defines (bold list items)."""
    return sorted(set(re.findall(r"\*\*(DR-[A-Z]\d\d)\*\*", SPEC.read_text(encoding="utf-8"))))


def cited_text():
    """Text of every test module except this one."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("*.py")) if p.name != Path(__file__).name)


def test_spec_defines_every_section():
    """The spec parses into DR ids of all ten sections (O S T K Z Q M N X F E)."""
    ids = spec_ids()
    assert len(ids) > 100 and {i[3] for i in ids} == set("OSTKZQMNXFE")


def test_every_dr_id_is_cited_by_a_test():
    """Fails naming each DR id of the spec that no test under tests/sim cites."""
    text = cited_text()
    missing = [i for i in spec_ids() if not re.search(rf"\b{i}\b", text)]
    assert missing == [], f"DR ids with no test citing them: {', '.join(missing)}"


def test_every_scenario_has_a_test():
    """Each SCnn of the scenarios file names a test function test_scnn_*."""
    scenarios = sorted(set(re.findall(r"\*\*(SC\d\d)\*\*", SCENARIOS.read_text(encoding="utf-8"))))
    assert len(scenarios) == 57
    text = cited_text()
    missing = [s for s in scenarios if f"def test_{s.lower()}_" not in text]
    assert missing == []
