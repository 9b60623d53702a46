"""A yes/no question before a change that the user should see first (`scorekeeper undo`)."""

from __future__ import annotations


def confirm(message: str) -> bool:
    """Ask; No is the default, and Ctrl-C or Ctrl-D mean No."""
    import questionary

    try:
        return bool(questionary.confirm(message, default=False).unsafe_ask())
    except (EOFError, KeyboardInterrupt):
        return False
