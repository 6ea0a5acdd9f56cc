# Print-and-play kit generator. The two commands: `make pnp LANG=it` and `make test`.
# Both bootstrap .venv/ (uv when present, else python3 -m venv + pip) on first use. System needs: libcairo2; for
# `dojo export print --vendor dtc|pdfx4` Ghostscript's CMYK profile (apt-get install libgs-common).

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LANGS := it en ru

# LANG is also the shell's locale variable: only a LANG given on the command line picks the kit language.
ifeq ($(origin LANG),command line)
KIT_LANG := $(LANG)
else
KIT_LANG := it
endif
unexport LANG
export PYTHONUTF8 := 1

.PHONY: pnp test all install clean help release bench bench-sim bytecode
.PHONY: i18n-extract i18n-update i18n-check i18n-stats i18n-slots preview

help:
	@echo "make pnp LANG=it|en|ru   build the print-and-play kit into build/pnp/<lang>/"
	@echo "make test                run the test suite"
	@echo "make release             every language and paper, zipped into build/release/<kit>-<version>/"
	@echo "make bench               benchmarks: warm build and release times"
	@echo "make i18n-extract        write the message templates locales/templates/<domain>.pot"
	@echo "make i18n-update         extract and merge into locales/<lang>/LC_MESSAGES/*.po (previous msgids kept)"
	@echo "make i18n-check          check every catalog and render it in memory (LANG=ru for one language)"
	@echo "make i18n-stats          table of translated / fuzzy / untranslated entries per language and catalog"
	@echo "make preview LANG=ru     live preview on http://127.0.0.1:8765/, re-rendered on every catalog edit"
	@echo "make i18n-slots          record which string lands in which slot (then i18n-update writes '#. slot:' comments)"

$(STAMP): pyproject.toml
	@if command -v uv >/dev/null 2>&1; then \
		uv venv --allow-existing --python 3.11 $(VENV) && uv pip install --python $(BIN)/python -e '.[test]'; \
	else \
		$(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip install --quiet --upgrade pip && \
		$(BIN)/python -m pip install --quiet -e '.[test]'; \
	fi
	@touch $(STAMP)

install: $(STAMP)

# cairocffi's C declarations generated as Python once (generator/cairo_abi.py: ~0.25 s less in every process) and the
# project's modules compiled once (a shell with PYTHONDONTWRITEBYTECODE=1 would otherwise compile every module from
# source in every process: ~0.15 s); both are redone only when stale.
bytecode: $(STAMP)
	@$(BIN)/python -c "from generator.cairo_abi import generate; generate()"
	@$(BIN)/python -m compileall -q --invalidation-mode timestamp generator

pnp: bytecode
	@$(BIN)/dojo build --lang $(KIT_LANG)

all: bytecode
	@for l in $(LANGS); do $(BIN)/dojo build --lang $$l || exit 1; done

release: bytecode
	@SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null)} $(BIN)/dojo release

bench: bytecode
	@for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

test: bytecode
	@bash .ci/test-tools.sh
	@$(BIN)/python -m pytest -n auto

clean:
	rm -rf build

bench-sim: bytecode
	@$(BIN)/python benchmarks/bench_sim.py

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
