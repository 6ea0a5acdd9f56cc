"""Content loaders: card and component definitions (TOML under content/) -> typed, validated models."""
