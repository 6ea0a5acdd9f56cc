"""Release builds: every language and paper, checksummed, zipped reproducibly."""
