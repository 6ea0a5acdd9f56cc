# Print-and-play kit generator. The two commands: `make pnp LANG=it` and `make test`.
# Both bootstrap .venv/ (uv when present, else python3 -m venv + pip) on first use.

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

.PHONY: pnp test all install clean help bench-sim

help:
	@echo "make pnp LANG=it|en|ru   build the print-and-play kit into build/pnp/<lang>/"
	@echo "make test                run the test suite"

$(STAMP): pyproject.toml
	@if command -v uv >/dev/null 2>&1; then \
		uv venv --allow-existing --python 3.11 $(VENV) && uv pip install --python $(BIN)/python -e '.[test]'; \
	else \
		$(PYTHON) -m venv $(VENV) && $(BIN)/python -m pip install --quiet --upgrade pip && \
		$(BIN)/python -m pip install --quiet -e '.[test]'; \
	fi
	@touch $(STAMP)

install: $(STAMP)

pnp: $(STAMP)
	@$(BIN)/dojo build --lang $(KIT_LANG)

all: $(STAMP)
	@for l in $(LANGS); do $(BIN)/dojo build --lang $$l || exit 1; done

test: $(STAMP)
	@$(BIN)/python -m pytest

clean:
	rm -rf build

bench-sim: $(STAMP)
	@$(BIN)/python benchmarks/bench_sim.py
