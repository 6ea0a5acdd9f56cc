"""One pipeline entry (issue 46): `dojo build`, `dojo release` and `dojo i18n check --render` each call
generator.pipeline.run with their mode and nothing else drives a build; the modes set the options the commands used
to set themselves."""

from __future__ import annotations

import pytest

from generator import pipeline
from generator.cli import main
from generator.kit.build import BuildResult
from generator.problems import CheckFailed, Problem
from generator.release.build import ReleaseOptions, build_languages


@pytest.fixture
def calls(monkeypatch, tmp_path):
    """pipeline.run recorded (root, langs, mode, keywords); each language comes back built (an empty kit)."""
    seen = []

    def run(root, langs, mode="build", **kw):
        seen.append((root, tuple(langs), mode, kw))
        return [BuildResult(tmp_path / lang, {"files": [], "version": "t"}, ()) for lang in langs]

    monkeypatch.setattr(pipeline, "run", run)
    return seen


def test_dojo_build_is_the_pipeline_in_build_mode(calls, tmp_path):
    assert main(["build", "--lang", "ru", "--root", str(tmp_path), "--back-offset", "1,-0.5", "--jobs", "1"]) == 0
    ((root, langs, mode, kw),) = calls
    assert (root, langs, mode) == (tmp_path.resolve(), ("ru",), "build")
    assert kw["back_offset_mm"] == (1.0, -0.5) and kw["jobs"] == 1 and kw["backs"] == "light"


def test_dojo_release_builds_through_the_pipeline_in_release_mode(calls, tmp_path):
    kits = build_languages(tmp_path, ReleaseOptions(langs=("it", "ru"), jobs=2), lambda _lang: None)
    assert set(kits) == {"it", "ru"}
    assert [(langs, mode, kw["jobs"]) for _r, langs, mode, kw in calls] == [(("it", "ru"), "release", 2)]


def test_i18n_render_checks_are_the_pipeline_in_check_mode(monkeypatch, tmp_path):
    from generator.commands.i18n import render_problems

    found = Problem("error", "overflow", "'Туман' overflows", where="ru")
    seen = []
    monkeypatch.setattr(pipeline, "run", lambda root, langs, mode: seen.append(mode) or [
        CheckFailed([found]), pipeline.Checked("xx", (Problem("warning", "overflow", "outlined"),))])
    assert [p.message for p in render_problems(tmp_path, ["ru", "xx"])] == ["'Туман' overflows", "outlined"]
    assert seen == ["check"]


def test_the_modes_set_the_options_each_command_set_itself():
    it, xx = pipeline.options_for(["it", "xx"], "build", backs="full")
    assert (it.overflow, it.release, it.backs) == ("error", False, "full")
    assert xx.overflow == "warn"  # the pseudo-locale outlines an overflow instead of stopping
    assert all(o.release for o in pipeline.options_for(["it", "ru"], "release"))
    with pytest.raises(ValueError, match="build, release, check"):
        pipeline.options_for(["it"], "relase")


# Commands that still drive the stages themselves (issue 46: to be routed through pipeline.run).
STILL_DRIVING = {"generator.commands.preview", "generator.commands.slots"}


def test_the_commands_reach_the_stages_only_through_the_pipeline():
    """No command module drives a stage of the build itself (phase one, phase two, build_kits): it calls run."""
    from tests.conftest import ROOT
    from tests.infra.test_layers import import_graph

    graph = import_graph()
    commands = [m for m in graph if m.startswith("generator.commands.")] + ["generator.release.build"]
    assert {"generator.commands.build", "generator.commands.i18n"} <= set(commands)
    for module in ("generator.commands.build", "generator.commands.i18n", "generator.release.build"):
        assert "generator.pipeline" in graph[module], module
    for module in sorted(set(commands) - STILL_DRIVING):
        assert not graph[module] & {"generator.kit.phase_one", "generator.kit.phase_two"}, module
        text = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        for stage in ("build_kits(", "build_kit(", "prepare(", "render_all(", "render_languages(", "warm("):
            assert stage not in text, f"{module} calls {stage}: call generator.pipeline.run"


def test_build_mode_installs_each_language_on_its_own_and_release_all_or_nothing(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(pipeline.build, "build_kits",
                        lambda root, options, out_root, force, jobs, all_or_nothing: seen.append(all_or_nothing) or [])
    pipeline.run(tmp_path, ["it"], "build")
    pipeline.run(tmp_path, ["it"], "release")
    pipeline.run(tmp_path, ["it"], "build", all_or_nothing=True)  # an export of development kits
    assert seen == [False, True, True]
