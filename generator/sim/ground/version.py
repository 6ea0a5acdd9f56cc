"""The GROUND engine's version (its own module: the export gate's cache key names it without importing the engine)."""

ENGINE_VERSION = "ground-engine-1"  # bump on any rule change (the gate's cache key also digests the engine code)
