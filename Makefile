# Print-and-play kit generator. The two commands: `make pnp LANG=it` and `make test`.
# Both bootstrap .venv/ (uv when present, else python3 -m venv + pip) on first use. System needs: libcairo2; for
# `dojo export print --vendor dtc|pdfx4` Ghostscript's CMYK profile (apt-get install libgs-common).

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
space := $() $()
# The kit's languages: the codes of locales/languages.toml (one [[language]] table each).
LANGS := $(shell sed -n 's/^code *= *"\([^"]*\)".*/\1/p' locales/languages.toml)

# LANG is also the shell's locale variable (en_US.UTF-8): a LANG given on the command line picks the kit language,
# and so does one in the environment that is a kit language code (LANG=ru make pnp); any other builds Italian and
# says how to ask for another.
ifeq ($(origin LANG),command line)
KIT_LANG := $(LANG)
else ifneq ($(filter $(LANG),$(LANGS)),)
KIT_LANG := $(LANG)
else
KIT_LANG := it
ifneq ($(LANG),)
LANG_NOTE := Building Italian (LANG=$(LANG) is your locale, not a kit language); for another: make pnp LANG=<$(subst $(space),|,$(LANGS))>
endif
endif
unexport LANG
export PYTHONUTF8 := 1

.PHONY: pnp test all install clean help release bench bench-sim bench-sweep bytecode lock
.PHONY: i18n-extract i18n-update i18n-check i18n-stats i18n-slots preview

help:
	@echo "make pnp LANG=it         build the print-and-play kit into build/pnp/<lang>/ (languages: $(LANGS))"
	@echo "make test                run the test suite"
	@echo "make release             every language and paper, zipped into build/release/<kit>-<version>/"
	@echo "make bench               benchmarks: warm build and release times"
	@echo "make i18n-extract        write the message templates locales/templates/<domain>.pot"
	@echo "make i18n-update         extract and merge into locales/<lang>/LC_MESSAGES/*.po (previous msgids kept)"
	@echo "make i18n-check          check every catalog and render it in memory (LANG=ru for one language)"
	@echo "make i18n-stats          table of translated / fuzzy / untranslated entries per language and catalog"
	@echo "make preview LANG=ru     live preview on http://127.0.0.1:8765/, re-rendered on every catalog edit"
	@echo "make i18n-slots          record which string lands in which slot (then i18n-update writes '#. slot:' comments)"

# The set-up installs exactly the locked versions (uv.lock; requirements.lock is its hashed pip export): uv when
# present, else python3 -m venv + pip --require-hashes (a tampered download stops the install). Quiet: the installer's
# output goes to .venv/install.log and is shown only when it fails.
$(STAMP): pyproject.toml uv.lock requirements.lock
	@echo "Setting up $(VENV)/ from the lock file (first run only, about a minute)..."
	@if command -v uv >/dev/null 2>&1; then \
		uv sync --locked --all-extras --all-groups --python 3.11 --quiet; \
	else \
		{ [ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV); } && \
		$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements.lock && \
		$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e . ; \
	fi >$(VENV).log 2>&1 || { tail -n 25 $(VENV).log; echo "set-up failed: the whole log is in $(VENV).log" >&2; exit 1; }
	@mv -f $(VENV).log $(VENV)/install.log
	@touch $(STAMP)

install: $(STAMP)

# Refresh the lock after editing pyproject.toml's dependencies (needs uv: `pip install uv`, or pipx):
# `uv lock` keeps every locked version it can; `make lock UPGRADE=1` moves everything to the newest allowed.
lock:
	uv lock --python 3.11 $(if $(UPGRADE),--upgrade,)
	uv export --locked --format requirements-txt --all-extras --all-groups --no-emit-project --quiet -o requirements.lock

# cairocffi's C declarations generated as Python once (generator/cairo_abi.py: ~0.25 s less in every process) and the
# project's modules compiled once (a shell with PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module from
# source in every process: ~0.15 s); both are redone only when stale.
bytecode: $(STAMP)
	@$(BIN)/python -c "from generator.cairo_abi import generate; generate()"
	@$(BIN)/python -c "from generator.render.fonts import generate_tables; generate_tables()"
	@$(BIN)/python -m compileall -q --invalidation-mode timestamp generator

pnp: bytecode
	@$(if $(LANG_NOTE),echo "$(LANG_NOTE)",true)
	@$(BIN)/dojo build --lang $(KIT_LANG)

all: bytecode
	@for l in $(LANGS); do $(BIN)/dojo build --lang $$l || exit 1; done

release: bytecode
	@SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null)} $(BIN)/dojo release

# bench_speed also builds BENCH_AGAINST's kit side by side with this tree's (CPU a printed page, beside protograf's).
BENCH_AGAINST ?= 6a4c62b
bench: bytecode
	@for b in benchmarks/bench_*.py; do \
		case $$b in *bench_speed.py) args="--against $(BENCH_AGAINST)";; *) args="";; esac; \
		$(BIN)/python $$b $$args || exit 1; done

# pytest keeps each test module's assertion-rewritten bytecode in tests/**/__pycache__ (ignored by git) unless the shell
# forbids writing bytecode (PYTHONDONTWRITEBYTECODE=1): allowed here, every later run collects in ~2 s, not ~5 s.
test: bytecode
	@bash .ci/test-tools.sh
	@PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto

clean:
	rm -rf build

bench-sim: bytecode
	@$(BIN)/python benchmarks/bench_sim.py

bench-sweep: bytecode
	@$(BIN)/python benchmarks/bench_sweep.py --rounds 3

# Translations (see TRANSLATING.md). LANG=xx on the command line limits check/update/stats to one language.
I18N_LANG := $(if $(filter command line,$(origin LANG)),--lang $(LANG),)

i18n-extract: bytecode
	@$(BIN)/dojo i18n extract

i18n-update: bytecode
	@$(BIN)/dojo i18n update $(I18N_LANG)

i18n-check: bytecode
	@$(BIN)/dojo i18n check --render $(I18N_LANG)

i18n-stats: bytecode
	@$(BIN)/dojo i18n stats $(I18N_LANG)

i18n-slots: bytecode
	@$(BIN)/dojo i18n slots

preview: bytecode
	@$(BIN)/dojo i18n watch --lang $(KIT_LANG)
