"""The commands that drive the pipeline (generator/pipeline.py), above every package they call: `dojo build` and
`dojo clean` (build.py)."""
