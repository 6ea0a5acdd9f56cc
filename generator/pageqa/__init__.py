"""Page QA: read finished PDFs back (word boxes, painted marks) and check them against print rules."""
