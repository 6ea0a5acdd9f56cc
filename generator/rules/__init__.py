"""Rules booklets: prose sources (content/<game>/rules.md) split into translatable blocks."""
