"""`dojo release`: build every language on all cores, refuse on any failed gate, pack checksummed zips."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import KIT_NAME, pipeline
from ..kit.build import BuildResult, verify
from ..kit.workers import cores, forking
from ..content.languages import language_codes, languages
from ..plan.model import PAPERS
from ..version import kit_version, source_date_epoch
from ..export.tts_install import BASE as INSTALL_BASE, installers, tts_parts
from ..export.tts_run import export_tts, tts_files
from ..output.cache import damage_mark, damage_notes
from ..output.files import remove_leftovers, replace_tree
from ..problems import CheckFailed
from ..sim.designer import made_beside
from .index import index_text
from .pack import zip_bytes


@dataclass(frozen=True)
class ReleaseOptions:
    """Which languages to release and how many processes to use."""

    langs: tuple[str, ...] = ()  # (): every language released in locales/languages.toml
    jobs: int = 0  # 0: every core


@dataclass(frozen=True)
class ReleaseResult:
    """The release folder and its manifest."""

    out_dir: Path
    manifest: dict
    notes: tuple[str, ...] = ()  # one line each (a damaged cache file discarded and made again)


def resolved(root: Path, options: ReleaseOptions) -> ReleaseOptions:
    """The options with their languages: those asked for, or every language released in locales/languages.toml
    (an incubating one is never packed by default, so it never holds a release back)."""
    return options if options.langs else dataclasses.replace(options, langs=language_codes(root, released=True))


def build_languages(root: Path, options: ReleaseOptions, tick: Callable[[str], None],
                    notes: list[str] | None = None) -> dict[str, dict]:
    """Build every language's kit: each checked in phase one, then the components of all of them rendered on
    `jobs` processes together (every language's booklets first, so both cores stay busy to the end), then
    installed in build/pnp; raise CheckFailed listing the problems of all of them, each naming its language. All
    or nothing: a language failing phase one stops the rendering, one failing to render any kit's install."""
    try:
        outcomes = pipeline.run(root, options.langs, "release", jobs=options.jobs)
    except BaseException:
        for lang in options.langs:  # staging folders of the workers just stopped
            remove_leftovers(root / "build" / "pnp" / lang)
        raise
    problems = []
    for lang, outcome in zip(options.langs, outcomes):
        if isinstance(outcome, CheckFailed):
            problems += [dataclasses.replace(p, where=f"language {lang}" + (f", {p.where}" if p.where else ""))
                         for p in outcome.problems]
        else:
            tick(lang)
            if notes is not None:
                notes.extend(outcome.notes)
    if problems:
        raise CheckFailed(problems)
    return {lang: outcome.manifest for lang, outcome in zip(options.langs, outcomes)}


EDITION_OF = {"A5": "A4", "HalfLetter": "Letter"}  # booklet page sizes go with the paper they are imposed on


def _edition(paper: str | None) -> str | None:
    """The paper edition (A4, Letter) a file belongs to; None for files of every edition (A2, single cards)."""
    edition = EDITION_OF.get(paper or "", paper)
    return edition if edition in PAPERS else None


def _paper_zips(prefix: str, lang: str, files: dict[str, bytes], entries: list[dict], epoch: int) -> dict[str, bytes]:
    papers = {e["paper"] for e in entries if e["paper"] in PAPERS}
    if len(papers) < 2:
        return {}
    out = {}
    for paper in sorted(papers):
        keep = {f"{lang}/{e['path']}" for e in entries if _edition(e["paper"]) in (paper, None)}
        keep |= {f"{lang}/manifest.json"}
        out[f"{prefix}-{lang}-{paper}.zip"] = zip_bytes({k: v for k, v in files.items() if k in keep}, epoch)
    return out


TTS_BASE = INSTALL_BASE  # the release's image URLs: the same on every machine (reproducible)
TTS_NOTE = ("\n{prefix}-tts-<lang>.zip: the kit laid out for Tabletop Simulator, one folder per game under tts/ "
            "(<game>-<lang>.json, a saved object, its thumbnail and the images it points at). Unzip it and run "
            "tts/install-windows.bat (Windows: double-click) or sh tts/install.sh (Linux, macOS): it points the "
            "saves at the unzipped folder and copies them into Tabletop Simulator's Saved Objects folder "
            "(README, \"Playing online\").\n"
            "{prefix}-cards-<lang>.zip: every card as its own PNG and cards.json, for Tabletopia, Screentop and "
            "others.\n")


DESIGNER = "designer.html"
DESIGNER_NOTE = (f"\n{DESIGNER}: the designer's page (English): each game's simulated design report with the rulings "
                 "as printed, each ruling against its alternative on the same seeds, and how much a stronger "
                 "simulated player wins (docs/sweep.md). Not for players.\n")


def kit_archives(root: Path, version: str, epoch: int, kits: dict[str, dict], tts: bool = False,
                 designer: bool = False) -> dict[str, bytes]:
    """The release files made from the kits alone: a zip per language (and paper), INDEX.txt (its notes on the
    Tabletop Simulator zips and the designer's page when the release holds them: tts, designer) and the combined zip
    of every language with INDEX.txt. A release packs them while the export runs (release())."""
    prefix = f"{KIT_NAME}-{version}"
    out: dict[str, bytes] = {}
    combined: dict[str, bytes] = {}
    for lang, kit in kits.items():
        folder = root / "build" / "pnp" / lang
        files = {f"{lang}/{e['path']}": (folder / e["path"]).read_bytes() for e in kit["files"]}
        files[f"{lang}/manifest.json"] = (folder / "manifest.json").read_bytes()
        out[f"{prefix}-{lang}.zip"] = zip_bytes(files, epoch)
        out.update(_paper_zips(prefix, lang, files, kit["files"], epoch))
        combined.update(files)
    note = (TTS_NOTE.format(prefix=prefix) if tts else "") + (DESIGNER_NOTE if designer else "")
    out["INDEX.txt"] = (index_text(prefix, version, kits) + note).encode("utf-8")
    combined["INDEX.txt"] = out["INDEX.txt"]
    out[f"{prefix}.zip"] = zip_bytes(combined, epoch)
    return out


def assemble(root: Path, version: str, epoch: int, kits: dict[str, dict],
             tts: dict[str, dict[str, bytes]] | None = None, designer: str | None = None,
             archives: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """Every file of the release folder: zips per language (and paper), a combined zip, the Tabletop Simulator
    export per language (tts: its files by language), the designer's page, index, manifest. archives: what
    kit_archives made of these kits with the same tts and designer (made beforehand), else made here."""
    prefix = f"{KIT_NAME}-{version}"
    out = dict(archives) if archives is not None else kit_archives(root, version, epoch, kits, bool(tts),
                                                                    designer is not None)
    for lang, files in (tts or {}).items():
        table, cards = tts_parts(files)
        zipped = {f"tts/{lang}/{p}": data for p, data in table.items()}
        zipped.update({f"tts/{p}": data for p, data in installers().items()})
        out[f"{prefix}-tts-{lang}.zip"] = zip_bytes(zipped, epoch)
        out[f"{prefix}-cards-{lang}.zip"] = zip_bytes({f"cards/{lang}/{p}": data for p, data in cards.items()}, epoch)
    if designer is not None:
        out[DESIGNER] = designer.encode("utf-8")
    listing = [{"path": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
               for name, data in sorted(out.items())]
    record = {"kit": KIT_NAME, "version": version, "source_date_epoch": epoch, "langs": sorted(kits),
              "files": listing, "kits": {lang: kits[lang] for lang in sorted(kits)}}
    out["manifest.json"] = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return out


def _packed(root: Path, version: str, epoch: int, kits: dict[str, dict], tts: bool) -> dict[str, bytes]:
    """kit_archives of a release (its designer's page always made), each read back (verify: CheckFailed)."""
    archives = kit_archives(root, version, epoch, kits, tts, designer=True)
    verify(archives, [])
    return archives


def release_notes(root: Path, options: ReleaseOptions) -> list[str]:
    """A note for each language of the table left out of the release because it is still being translated."""
    return [f"note: {code} ({lang.native}) is incubating in locales/languages.toml: not in this release (status = "
            f'"released" once it is translated; `dojo build --lang {code}` builds it meanwhile)'
            for code, lang in languages(root).items() if not lang.released and code not in options.langs]


def release(root: Path, options: ReleaseOptions, tick: Callable[[str], None] = lambda _l: None) -> ReleaseResult:
    """Build, check and pack a release into build/release/<kit>-<version>/ (all or nothing)."""
    mark = damage_mark()  # this release's damaged cache files only
    version, epoch = kit_version(root), source_date_epoch(root)
    out_dir = root / "build" / "release" / f"{KIT_NAME}-{version}"
    remove_leftovers(out_dir)
    options = resolved(root, options)
    notes = release_notes(root, options)
    jobs = min(options.jobs or cores(), cores())
    with made_beside(root, version, jobs, forking()) as designer_page:  # its games beside the kits and the export
        kits = build_languages(root, options, tick, notes)
        tts_out = root / "build" / "release-tts"  # the kits just built are reused, and exports while up to date
        built = {lang: BuildResult(root / "build" / "pnp" / lang, kit, ()) for lang, kit in kits.items()}
        exported: dict[str, dict[str, bytes]] = {}  # the languages exported now: their files as installed
        # the kits' zips packed and read back by a thread of this process (zlib and the CRCs let go of the
        # interpreter) once the export's last piece is all its workers have left to do: the core that piece leaves
        # idle packs them, not this serial end; started after the workers forked (a fork copies one thread only)
        packing: list[Future] = []
        with ThreadPoolExecutor(1) as packer:
            def pack() -> None:
                if not packing:
                    packing.append(packer.submit(_packed, root, version, epoch, kits, bool(options.langs)))
            tts = export_tts(root, options.langs, base_url=TTS_BASE, jobs=options.jobs, out_root=tts_out,
                             release=True, kits=built, made=exported, last=pack)
            pack()  # (every language's export up to date: nothing was exported)
            archives = packing[0].result()
        designer = designer_page()
    notes.extend(damage_notes(mark))  # a planted or damaged designer page cache, made again (docs/SECURITY.md)
    files = assemble(root, version, epoch, kits,
                     {lang: exported[lang] if lang in exported else tts_files(tts_out / lang) for lang in tts}, designer,
                     archives)
    verify({name: data for name, data in files.items() if name not in archives}, [])  # the archives were, packed
    record = json.loads(files["manifest.json"])
    replace_tree(out_dir, files, {e["path"]: e["sha256"] for e in record["files"]})  # hashed for the manifest
    return ReleaseResult(out_dir, record, tuple(notes))
