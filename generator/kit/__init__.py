"""The kit build: load and check everything, render every component, then write build/pnp/<lang>/."""
