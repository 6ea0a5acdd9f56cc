"""Every Dojo policy by the name `dojo sim --policy` and `dojo sweep --policy` give it."""

from __future__ import annotations

from .lookahead import Lookahead
from .policy import NoTechnique, NoTunnel, P0, RandomPolicy

POLICIES = {"p0": P0, "random": RandomPolicy, "p0-no-technique": NoTechnique, "p0-no-tunnel": NoTunnel,
            "lookahead": Lookahead}
