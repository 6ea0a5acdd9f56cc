"""Rules booklets typeset with reportlab: A5 booklet imposed on A4 for saddle stitching, and plain A4."""
