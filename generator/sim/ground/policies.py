"""Every GROUND policy by the name `dojo sim --game ground --policy` and `dojo sweep --policy` give it."""

from __future__ import annotations

from .policy import Heuristic, NoFreedom, RandomLegal, Rival, Solver
from .rollout import Rollout
from .tactician import Tactician

POLICIES = {"heuristic": Heuristic, "random": RandomLegal, "rival": Rival, "heuristic-no-freedom": NoFreedom,
            "solver": Solver, "rollout": Rollout, "tactician": Tactician}
# The search budget of the rollout: rollout-1 .. rollout-4 play that many rounds ahead (rollout: the whole game), so
# a sweep of rollout-H/heuristic pairings traces skill against budget (docs/sweep.md).
POLICIES.update({f"rollout-{h}": type(f"Rollout{h}", (Rollout,), {"horizon": h, "name": f"rollout-{h}"})
                 for h in range(1, 5)})
