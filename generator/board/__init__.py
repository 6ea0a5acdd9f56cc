"""The Dojo board: load a quadrant, build the 16x16 board, check it, render it as text."""
