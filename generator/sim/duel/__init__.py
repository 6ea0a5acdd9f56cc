"""The sword duel's resolver (rules.py) and seeded duels between simple policies (play.py)."""
