"""One pipeline entry (issue 46): `dojo build`, `dojo release`, `dojo i18n check --render`, `dojo export tts`, the
live preview and `dojo i18n slots` each call generator.pipeline.run with their mode and nothing else drives a build;
the modes set the options the commands used to set themselves."""

from __future__ import annotations

import ast

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
    (ru,) = pipeline.options_for(["ru"], "preview")
    assert (ru.overflow, ru.release, ru.page_qa) == ("warn", False, True)  # the preview outlines, reads pages back
    assert pipeline.options_for(["ru"], "load") == [ru]  # what the preview loads is what it renders
    (en,) = pipeline.options_for(["en"], "record")
    assert (en.overflow, en.page_qa) == ("warn", False)  # the slot map records fits only
    with pytest.raises(ValueError, match="build, release, check, preview, load, record"):
        pipeline.options_for(["it"], "relase")


DRIVERS = ("generator.commands.build", "generator.commands.i18n", "generator.commands.preview",
           "generator.commands.slots", "generator.release.build", "generator.export.tts_run")


def test_the_commands_reach_the_stages_only_through_the_pipeline():
    """No command module drives a stage of the build itself (phase one, phase two, build_kits): it calls run."""
    from tests.conftest import ROOT
    from tests.infra.test_layers import import_graph

    graph = import_graph()
    commands = {m for m in graph if m.startswith("generator.commands.")} | set(DRIVERS)
    assert {"generator.commands.build", "generator.commands.export", "generator.commands.preview"} <= commands
    for module in DRIVERS:
        assert "generator.pipeline" in graph[module], module
    for module in sorted(commands):
        assert not graph[module] & {"generator.kit.phase_one", "generator.kit.phase_two"}, module
        called = stage_calls((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
        assert not called, f"{module} calls {sorted(called)}: call generator.pipeline.run"


STAGES = {"build_kits", "build_kit", "prepare", "render_all", "render_languages", "warm"}
STAGE_MODULES = {"build", "phase_one", "phase_two"}  # a stage called as build.prepare(...) counts too


def stage_calls(source: str) -> set[str]:
    """The stages a module calls: by their name, or through a stage module (never a method named so)."""
    return STAGES & {n.func.id if isinstance(n.func, ast.Name) else n.func.attr for n in ast.walk(ast.parse(source))
                     if isinstance(n, ast.Call) and (isinstance(n.func, ast.Name) or (
                         isinstance(n.func, ast.Attribute) and getattr(n.func.value, "id", "") in STAGE_MODULES))}


def test_the_stage_check_sees_a_call():
    assert stage_calls("from x import prepare\nprepare(1)\nbuild.render_all(c)\nself.prepare()\n") == {
        "prepare", "render_all"}


def test_the_tts_export_builds_its_kits_through_the_pipeline(monkeypatch, tmp_path):
    from generator.export.tts_run import export_tts

    seen = []
    monkeypatch.setattr(pipeline, "run", lambda root, langs, mode, **kw: seen.append((tuple(langs), mode, kw)) or
                        [CheckFailed([Problem("error", "overflow", f"{lang}: overflows")]) for lang in langs])
    for release in (False, True):
        with pytest.raises(CheckFailed) as exc:
            export_tts(tmp_path, ["it", "ru"], jobs=2, release=release)
        assert [p.message for p in exc.value.problems] == ["it: overflows", "ru: overflows"]
    assert seen == [(("it", "ru"), "build", {"jobs": 2, "all_or_nothing": True}),
                    (("it", "ru"), "release", {"jobs": 2, "all_or_nothing": True})]


def test_the_slot_map_is_recorded_through_the_pipeline(monkeypatch, tmp_path):
    from generator.commands.slots import record_slots
    from generator.i18n.fitwatch import FitLog

    seen = []
    monkeypatch.setattr(pipeline, "run", lambda root, langs, mode, **kw: seen.append((tuple(langs), mode)) or
                        [FitLog()])
    assert record_slots(tmp_path) == {} and seen == [(("en",), "record")]
    monkeypatch.setattr(pipeline, "run", lambda *a, **kw: [CheckFailed([Problem("error", "font", "no PT Sans")])])
    with pytest.raises(CheckFailed, match="no PT Sans"):
        record_slots(tmp_path)


def test_the_preview_loads_and_renders_through_the_pipeline(monkeypatch, tmp_path):
    """The preview loads in mode "load" (phase one) and renders in mode "preview" with that context handed back (a
    catalog edit renders again without loading); a failed load leaves the context it had."""
    from generator.commands.preview import Preview

    seen = []
    ctx = object()

    def run(root, langs, mode, jobs, loaded=None):
        seen.append((tuple(langs), mode, jobs, loaded))
        if mode == "load":
            return [ctx if len(seen) == 1 else CheckFailed([Problem("error", "toml", "content/dojo/nebbia.toml")])]
        return [pipeline.Previewed(ctx, None, [], [], (Problem("error", "overflow", "'Туман' overflows"),))]

    monkeypatch.setattr(pipeline, "run", run)
    monkeypatch.setattr("generator.commands.preview.term_spellings_of", lambda ctx: {})  # a stand-in context
    preview = Preview(tmp_path, "ru", jobs=1)
    preview.prepare()
    assert preview.render() == 0 and [p.message for p in preview.problems] == ["'Туман' overflows"]
    assert preview.ctx is ctx  # kept although its render stopped: a catalog edit renders it again at once
    with pytest.raises(CheckFailed, match="nebbia.toml"):
        preview.prepare()
    assert preview.ctx is ctx
    assert seen == [(("ru",), "load", 1, None), (("ru",), "preview", 1, [ctx]), (("ru",), "load", 1, None)]
    assert "Туман" in (tmp_path / "build/preview/ru/index.html").read_text(encoding="utf-8")


def test_build_mode_installs_each_language_on_its_own_and_release_all_or_nothing(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr("generator.kit.build.build_kits",
                        lambda root, options, out_root, force, jobs, all_or_nothing, **kw: seen.append(all_or_nothing)
                        or [])
    pipeline.run(tmp_path, ["it"], "build")
    pipeline.run(tmp_path, ["it"], "release")
    pipeline.run(tmp_path, ["it"], "build", all_or_nothing=True)  # an export of development kits
    assert seen == [False, True, True]
