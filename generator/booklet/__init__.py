"""Rules booklets typeset with reportlab: A5 booklet imposed on A4 for saddle stitching, and plain A4."""

from reportlab import rl_config

# Every booklet PDF is written by reportlab with its streams Flate-compressed only, not ASCII85-encoded on top (a
# fifth smaller, and qpdf copies them into the Letter editions and the imposed booklets as they are).
rl_config.useA85 = 0
