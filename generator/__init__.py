"""Print-and-play kit generator for Il Labirinto del Dojo, GROUND and the duel."""

__version__ = "0.9.0"
KIT_NAME = "dojo-pnp"

from .cairo_abi import install as _install_cairo_abi  # noqa: E402

_install_cairo_abi()  # `import cairocffi` reads its generated declarations instead of parsing C (cairo_abi.py)
