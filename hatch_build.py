"""Wheel build hook: ship the rule notes with their search index built here, so the first
`scorekeeper rules` after an install reads the index instead of building it (about a second).

The index is built from the very note and question files being packaged, so it cannot be
stale; the labelled questions the search learnt from (`rules/asked/`) are in it and are not
shipped themselves. An editable install reads the checkout's `rules/` and caches its index.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGED = "scorekeeper/_rules"


class RulesIndexHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        rules = Path(self.root) / "rules"
        for path in sorted(rules.glob("*.toml")):
            build_data["force_include"][str(path)] = f"{PACKAGED}/{path.name}"
        sys.path.insert(0, self.root)
        from scorekeeper.rulebook import PREBUILT, Index, load_library, sealed

        self._folder = tempfile.TemporaryDirectory()
        built = Path(self._folder.name) / PREBUILT
        built.write_text(sealed(Index.build(load_library(rules)).to_json()), encoding="utf-8")
        build_data["force_include"][str(built)] = f"{PACKAGED}/{PREBUILT}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if version != "editable":
            self._folder.cleanup()
