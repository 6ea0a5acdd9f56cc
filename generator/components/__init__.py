"""Kit components: one module per component, each with a builder `BuildContext -> list[Artifact]`."""
