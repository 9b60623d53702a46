"""Titles whose walk-through is more than one question per field: a module each, named after
the title's engine module, with `steps(context) -> list[Step]`."""
