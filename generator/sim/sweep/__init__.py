"""`dojo sweep`: a grid of rule values, player counts, boards, scenarios and policies, many seeded games per cell."""
