"""Il Labirinto del Dojo's simulator: its rules engine, policies, runner, proof gate (the export gate), `dojo sim --game
dojo` (cli.py) and its part of the balance lab (lab.py)."""
