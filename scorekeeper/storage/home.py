"""Where the data directory is: --home, else $SCOREKEEPER_HOME, else the platform's per-user data
directory. Every command that reads or writes it asks here first, so this module imports
nothing of ours."""

from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "SCOREKEEPER_HOME"


def data_home(explicit: Path | None = None) -> Path:
    """--home, else $SCOREKEEPER_HOME, else the platform's per-user data directory."""
    if explicit is not None:
        return explicit
    if os.environ.get(HOME_ENV):
        return Path(os.environ[HOME_ENV])
    import platformdirs  # only when no directory was given: keeps start-up lean

    return platformdirs.user_data_path("scorekeeper", appauthor=False)
