"""The components tests use the shared kit fixture of tests/conftest.py: one whole kit per language per session."""
