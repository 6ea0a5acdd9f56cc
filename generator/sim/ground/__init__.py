"""The GROUND rules engine (spec 001, GR-*), its policies, simulator, scenario runner and export gate."""
