"""How long the rules assistant takes: building the index, opening it from the cache, a query.

Run: python benchmarks/rules_search.py (answer quality: benchmarks/rules_quality.py)
Start-up of the whole command: python -X importtime -m scorekeeper rules hotel tie 2>imports.txt
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rulebook import Index, load_library, open_index, rules_root  # noqa: E402
from tests.rules_eval import evaluation  # noqa: E402


def _milliseconds(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of one call, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    questions = [q.text for name in evaluation.SETS for q in evaluation.load(name)]
    with tempfile.TemporaryDirectory() as cache:
        cache_dir = Path(cache)
        print(
            f"parse notes:         {_milliseconds(lambda: load_library(rules_root()), 10):6.1f} ms"
        )
        library = load_library(rules_root())
        print(f"build index:         {_milliseconds(lambda: Index.build(library), 10):6.1f} ms")
        open_index(cache_dir=cache_dir)
        opened = _milliseconds(lambda: open_index(cache_dir=cache_dir), 10)
        print(f"open cached index:   {opened:6.1f} ms")
        index = open_index(cache_dir=cache_dir)
        per_query = _milliseconds(lambda: [index.search(q) for q in questions], 5) / len(questions)
        print(f"one question:        {per_query:6.2f} ms (mean of {len(questions)})")


if __name__ == "__main__":
    main()
