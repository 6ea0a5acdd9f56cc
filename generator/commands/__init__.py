"""The thin command layer: every `dojo` subcommand that drives the pipeline (generator/pipeline.py) or reads a kit
sits here, above every package it calls — build.py (`dojo build`, `dojo clean`), i18n.py (`dojo i18n`), preview.py
(`dojo i18n watch`), slots.py (`dojo i18n slots`), export.py (`dojo export`), release.py (`dojo release`),
board.py (`dojo board`); common.py holds what they share. `dojo sim` and `dojo sweep` stay in generator/sim/."""
