"""The Dojo rules engine, the sample simulator (`dojo sim`) and the export gate."""
