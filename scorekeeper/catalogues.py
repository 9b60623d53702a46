"""Compatibility: the card catalogue moved into its title's package.

Import `active`, `load` and `user_file` from `scorekeeper.games.creature_comforts.catalogue`
and `use_home` from `scorekeeper.games`; this module goes once the walk-through does.
"""

from scorekeeper.games import use_home
from scorekeeper.games.creature_comforts.catalogue import active, load, user_file

__all__ = ["active", "load", "use_home", "user_file"]
