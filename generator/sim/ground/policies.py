"""Every GROUND policy by the name `dojo sim --game ground --policy` and `dojo sweep --policy` give it."""

from __future__ import annotations

from .policy import Heuristic, NoFreedom, RandomLegal, Rival, Solver
from .rollout import Rollout

POLICIES = {"heuristic": Heuristic, "random": RandomLegal, "rival": Rival, "heuristic-no-freedom": NoFreedom,
            "solver": Solver, "rollout": Rollout}
