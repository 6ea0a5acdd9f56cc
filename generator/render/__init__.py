"""Render: model -> SVG / reportlab flowables -> PDF bytes in memory (no file writes)."""
