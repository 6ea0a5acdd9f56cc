"""Output: the only code that writes files under build/."""
