"""The simulators and the balance lab: each game's engine in its own modules (content/games.toml's `simulator`:
generator/sim/<code>/), `dojo sim` (cli.py), the lab every game shares (lab.py, sweep/, designer*.py) and the
statistics, seeds and worker pool they use."""
