"""Print-and-play kit generator for Il Labirinto del Dojo, GROUND and the duel."""

__version__ = "0.9.0"
KIT_NAME = "dojo-pnp"
