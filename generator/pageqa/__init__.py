"""Page QA: read finished PDFs back (glyph boxes, painted marks) and check them against print rules."""
