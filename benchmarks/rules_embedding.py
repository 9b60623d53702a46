"""Would a static-embedding model help the rules assistant? Its accuracy, start-up and size.

A report, not a test. Install the optional packages into the environment first, then run it:

    pip install -e ".[bench-embedding]"
    python benchmarks/rules_embedding.py [--model wordllama|static_model] [--runs N]

Issue 13 allows a static-embedding model for paraphrases only if a registry package ships its
weights (nothing is downloaded at run time) and it raises top-1 on questions nobody tuned for,
within the start-up budget of `scorekeeper rules QUESTION`. Two registry packages were found
that ship English static embeddings inside their wheels: `wordllama` (MIT; the default
"l2_supercat" model, 256 dimensions, token vectors taken from Llama 2) and
`tokenlearn-static-model` (module `static_model`: a Model2Vec-style model, 64 dimensions,
int8; its metadata names no licence, author or source). For each, on the
`tuned` and `studied` sets (tests/rules_eval/README.md), it reports top-1, top-3 and MRR of:

- the embedding alone: cosine of the question and each note's title, terms, text, examples
  and asks (with --game, only that game's notes);
- the shipped search;
- a hybrid: the shipped search's first k answers re-ranked by (1 - w) * score / best score +
  w * cosine. The grid of k and w is printed, and the pair with the best top-1 over both
  sets together (then MRR, then the smaller w and k) is chosen on these two sets only
  (CHOSEN_ON): a set added to evaluation.SETS later is reported, never chosen on.

The search has since learnt from the studied sets (rules/asked/), so on them the shipped
search now finds almost every right note and a re-ranker has nothing left to gain there:
the measurement in docs/rules-assistant.md was made before, with the search as it stood then.
`--held-out` measures the search as it stands instead: each studied set's fresh questions asked
of an index that learnt from the others (`evaluation.folds`), the first k answers re-ranked by
the mean of the cosine to the note and the cosine to the two questions it learnt most like the
new one. k and w are chosen on half the questions and reported on the other half, both ways,
and the pair chosen on all of them is then asked of the independent set's fresh questions, both
ways (report it only once that set has been measured with the shipped search).

It then times, each in fresh interpreters (fastest of --runs), importing the package, loading
its model, embedding every note and embedding one question, beside a bare
`import typer, rich.console, rich.table` (the baseline `rules` must stay within 1.3 times of),
and sums the disk size of the package and of the distributions it adds to the environment.

Everything runs with HF_HUB_OFFLINE=1. wordllama's `WordLlama.load()` with its defaults does
try to download: it looks for its bundled tokenizer in `wordllama/tokenizer/`, while the wheel
ships it in `wordllama/tokenizers/`. Passing the package's own folder as `cache_dir` (and
`disable_download=True`) finds both bundled files and reads nothing else.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Protocol

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["HF_HUB_OFFLINE"] = "1"  # nothing may be downloaded, here or in the timed children

from scorekeeper.rulebook import Hit, Index, Note, load_library, rules_root  # noqa: E402
from tests.rules_eval import evaluation  # noqa: E402

Vector = list[float]
Embed = Callable[[list[str]], list[Vector]]
CHOSEN_ON = ("tuned", "studied")  # the sets the hybrid's k and w may be chosen on
KS = (2, 3, 5, 10)
WEIGHTS = tuple(step / 20 for step in range(21))
QUESTION = "what happens to the bonus chip if ties mean nobody wins two of the beach houses?"
BASELINE = "import typer, rich.console, rich.table"


@dataclass(frozen=True)
class Model:
    """One candidate: its distribution, and code that loads it and embeds texts."""

    name: str
    distribution: str
    load: str  # Python that defines `model` and `embed(texts) -> list of vectors`
    import_line: str


MODELS = {
    "wordllama": Model(
        name="wordllama",
        distribution="wordllama",
        import_line="import wordllama",
        load=(
            "from pathlib import Path\n"
            "model = wordllama.WordLlama.load(\n"
            "    cache_dir=Path(wordllama.__file__).parent, disable_download=True\n"
            ")\n"
            "def embed(texts):\n"
            "    return model.embed(texts, norm=True).tolist()\n"
        ),
    ),
    "static_model": Model(
        name="static_model",
        distribution="tokenlearn-static-model",
        import_line="import static_model",
        load=(
            "model = static_model.get_embeddings(['warm'])\n"  # no separate load: first call
            "def embed(texts):\n"
            "    return static_model.get_embeddings(list(texts))\n"
        ),
    ),
}


def note_text(note: Note) -> str:
    """What the embedding sees of a note: the fields a player's words would match."""
    return " ".join([note.title, *note.terms, note.text, *note.examples, *note.asks])


def embedder(model: Model) -> Embed:
    """The model's embed function, loaded in this process by the very code the start-up
    timings run in fresh interpreters."""
    scope: dict[str, object] = {}
    exec(f"{model.import_line}\n{model.load}", scope)
    embed = scope["embed"]
    assert callable(embed)
    return lambda texts: [_unit([float(x) for x in v]) for v in embed(texts)]


def _unit(vector: Vector) -> Vector:
    norm = sum(x * x for x in vector) ** 0.5 or 1.0
    return [x / norm for x in vector]


def cosine(a: Vector, b: Vector) -> float:
    """Cosine of two unit vectors."""
    return sum(x * y for x, y in zip(a, b, strict=True))


def _outcome(question: evaluation.Question, found: Iterable[str]) -> evaluation.Outcome:
    found = tuple(found)[: evaluation.RANKS]
    rank = next((i for i, note in enumerate(found, 1) if note in question.answers), 0)
    return evaluation.Outcome(question, rank, found)


@dataclass(frozen=True)
class Asked:
    """One question with the shipped search's hits and the cosine to every note."""

    question: evaluation.Question
    hits: list[Hit]
    cosines: dict[str, float]


def ask_all(index: Index, embed: Embed, name: str) -> list[Asked]:
    """Every question of a set, searched and embedded once."""
    notes = index.notes
    vectors = embed([note_text(note) for note in notes])
    questions = evaluation.load(name)
    asked = embed([q.text for q in questions])
    return [
        Asked(
            q,
            index.search(q.text, q.game),
            {n.id: cosine(v, qv) for n, v in zip(notes, vectors, strict=True)},
        )
        for q, qv in zip(questions, asked, strict=True)
    ]


def by_embedding(index: Index, asked: list[Asked]) -> list[evaluation.Outcome]:
    """The notes ranked by cosine alone (only the given game's, when it is given)."""
    outcomes = []
    for a in asked:
        notes = [n for n in index.notes if a.question.game in (None, n.game)]
        notes.sort(key=lambda n: (-a.cosines[n.id], n.id))
        outcomes.append(_outcome(a.question, (n.id for n in notes)))
    return outcomes


class Searched(Protocol):
    """A question with the shipped search's hits (Asked, Reranked)."""

    @property
    def question(self) -> evaluation.Question: ...

    @property
    def hits(self) -> list[Hit]: ...


def by_search(asked: Sequence[Searched]) -> list[evaluation.Outcome]:
    """The shipped search, unchanged."""
    return [_outcome(a.question, (h.note.id for h in a.hits)) for a in asked]


def by_hybrid(asked: list[Asked], k: int, weight: float) -> list[evaluation.Outcome]:
    """The search's first k hits re-ranked by a mix of score (over the best) and cosine."""
    outcomes = []
    for a in asked:
        head, tail = a.hits[:k], a.hits[k:]
        best = head[0].score if head else 1.0

        def mixed(hit: Hit, best: float = best, cosines: dict[str, float] = a.cosines) -> float:
            return (1 - weight) * hit.score / best + weight * cosines[hit.note.id]

        head = sorted(head, key=lambda hit: (-mixed(hit), hit.note.id))
        outcomes.append(_outcome(a.question, (h.note.id for h in head + tail)))
    return outcomes


@dataclass(frozen=True)
class Reranked:
    """One question: the shipped search's first answers, each with the embedding's cosine (the
    mean of the note's own and that of the two questions it learnt most like this one)."""

    question: evaluation.Question
    hits: list[Hit]
    cosines: list[float]  # for hits[:HEAD]


HEAD = 10  # the most first answers a re-ranking may reorder


def _learnt_cosines(
    index: Index, vectors: dict[str, Vector], known: dict[str, Vector]
) -> Callable[[evaluation.Question, Vector], Reranked]:
    """How a question is searched and its first answers given their cosines, in `index`
    (`vectors`: each note's; `known`: each question the notes learnt from, embedded)."""
    learnt = {
        note_id: [known[text] for text in texts] for note_id, texts in index.library.asked.items()
    }

    def reranked(question: evaluation.Question, vector: Vector) -> Reranked:
        hits = index.search(question.text, question.game)
        cosines = []
        for hit in hits[:HEAD]:
            nearest = sorted((cosine(v, vector) for v in learnt.get(hit.note.id, ())), reverse=True)
            asked = sum(nearest[:2]) / len(nearest[:2]) if nearest else 0.0
            cosines.append((cosine(vectors[hit.note.id], vector) + asked) / 2)
        return Reranked(question, hits, cosines)

    return reranked


def by_reranking(questions: list[Reranked], k: int, weight: float) -> list[evaluation.Outcome]:
    """The first k answers re-ranked by (1 - weight) * score / best + weight * cosine."""
    outcomes = []
    for q in questions:
        best = q.hits[0].score if q.hits else 1.0
        mixed = [
            ((1 - weight) * hit.score / best + weight * c, hit.note.id)
            for hit, c in zip(q.hits[:k], q.cosines, strict=False)
        ]
        head = [note_id for _, note_id in sorted(mixed, key=lambda pair: (-pair[0], pair[1]))]
        outcomes.append(_outcome(q.question, [*head, *(h.note.id for h in q.hits[k:])]))
    return outcomes


def _chosen(questions: list[Reranked]) -> tuple[int, float]:
    """The k and weight with the best top-1 (then MRR, then the smaller weight and k)."""
    scored = {
        (k, w): evaluation.rates(by_reranking(questions, k, w))
        for k in KS
        for w in WEIGHTS
        if w < 1
    }
    return max(scored, key=lambda key: (scored[key].top1, scored[key].mrr, -key[1], -key[0]))


def held_out(model: Model) -> None:
    """Print the re-ranking held out, chosen on one half and reported on the other, and on the
    independent set with the pair chosen on every held-out question."""
    embed = embedder(model)
    library = load_library(rules_root())
    vectors = dict(
        zip(library.notes, embed([note_text(n) for n in library.notes.values()]), strict=True)
    )
    texts = list(dict.fromkeys(t for ts in library.asked.values() for t in ts))
    known = dict(zip(texts, embed(texts), strict=True))
    questions: list[Reranked] = []
    for without, held in evaluation.folds(only_fresh=True):
        reranked = _learnt_cosines(Index.build(without), vectors, known)
        questions += map(reranked, held, embed([q.text for q in held]))
    halves = questions[0::2], questions[1::2]
    print(f"held out ({model.name}): {len(questions)} fresh questions of the studied sets\n")
    print("| ranking | top-1 | top-3 | MRR |\n| --- | ---: | ---: | ---: |")
    for name, (chosen_on, shown) in (("odd", halves), ("even", halves[::-1])):
        k, weight = _chosen(chosen_on)
        print(_line(f"shipped search, {name} half", evaluation.rates(by_search(shown))))
        label = f"re-ranked (k {k}, w {weight:.2f}, chosen on the other half), {name} half"
        print(_line(label, evaluation.rates(by_reranking(shown, k, weight))))
    k, weight = _chosen(questions)
    print(_line("shipped search, all", evaluation.rates(by_search(questions))))
    print(
        _line(
            f"re-ranked (k {k}, w {weight:.2f}, chosen on all)",
            evaluation.rates(by_reranking(questions, k, weight)),
        )
    )
    index = Index.build(library)
    fresh, _ = evaluation.fresh(evaluation.load("independent"), evaluation.seen(library))
    both = evaluation.both_ways(fresh)
    independent = list(
        map(_learnt_cosines(index, vectors, known), both, embed([q.text for q in both]))
    )
    print(f"\nindependent set, {len(both)} fresh asks, k {k}, w {weight:.2f}:\n")
    print("| ranking | top-1 | top-3 | MRR |\n| --- | ---: | ---: | ---: |")
    print(_line("shipped search", evaluation.rates(by_search(independent))))
    print(_line("re-ranked", evaluation.rates(by_reranking(independent, k, weight))))
    print()


def _line(label: str, rates: evaluation.Rates) -> str:
    return f"| {label} | {rates.top1:.1%} | {rates.top3:.1%} | {rates.mrr:.3f} |"


def accuracy(index: Index, model: Model) -> None:
    """Print the three rankings per set and the hybrid's grid."""
    embed = embedder(model)
    sets = {name: ask_all(index, embed, name) for name in evaluation.SETS}
    grid: dict[tuple[int, float], tuple[float, float]] = {}
    chosen_on = " + ".join(CHOSEN_ON)
    print(f"hybrid grid ({model.name}): top-1 over {chosen_on} for k (rows) and w (columns)")
    print("k \\ w " + " ".join(f"{w:5.2f}" for w in WEIGHTS))
    for k in KS:
        cells = []
        for weight in WEIGHTS:
            outcomes = [o for name in CHOSEN_ON for o in by_hybrid(sets[name], k, weight)]
            rates = evaluation.rates(outcomes)
            grid[(k, weight)] = (rates.top1, rates.mrr)
            cells.append(f"{rates.top1:5.1%}"[:5])
        print(f"{k:5d} " + " ".join(cells))
    k, weight = max(grid, key=lambda key: (*grid[key], -key[1], -key[0]))
    print(f"\nchosen on {chosen_on}: k = {k}, w = {weight:.2f}; at that k, each set:")
    for name in CHOSEN_ON:
        cells = [f"{evaluation.rates(by_hybrid(sets[name], k, w)).top1:5.1%}"[:5] for w in WEIGHTS]
        print(f"{name:>7} " + " ".join(cells))
    print()
    for name, asked in sets.items():
        print(f"{name} set ({len(asked)} questions), {model.name}:\n")
        print("| ranking | top-1 | top-3 | MRR |\n| --- | ---: | ---: | ---: |")
        search = by_search(asked)
        hybrid = by_hybrid(asked, k, weight)
        print(_line("embedding alone", evaluation.rates(by_embedding(index, asked))))
        print(_line("shipped search", evaluation.rates(search)))
        print(_line(f"hybrid (k {k}, w {weight:.2f})", evaluation.rates(hybrid)))
        print()
        print("\n".join(changes(search, hybrid)), end="\n\n")


def changes(search: list[evaluation.Outcome], hybrid: list[evaluation.Outcome]) -> list[str]:
    """One line per question the hybrid answers first rightly where the search did not, or
    the reverse."""
    lines = []
    for s, h in zip(search, hybrid, strict=True):
        if (s.rank == 1) != (h.rank == 1):
            verdict = "fixed" if h.rank == 1 else "broken"
            lines.append(
                f"- {verdict}: {s.question.source} {s.question.text!r}: "
                f"{s.found[0] if s.found else '-'} -> {h.found[0] if h.found else '-'}"
            )
    fixed = sum(line.startswith("- fixed") for line in lines)
    summary = f"the hybrid fixes {fixed} first answers and breaks {len(lines) - fixed}"
    return [f"{summary}:" if lines else summary, *lines]


CHILD = """
import json, sys, time
texts = json.load(sys.stdin)
t0 = time.perf_counter()
{import_line}
t1 = time.perf_counter()
{load}
t2 = time.perf_counter()
embed(texts)
t3 = time.perf_counter()
embed([{question!r}])
t4 = time.perf_counter()
print(json.dumps([t1 - t0, t2 - t1, t3 - t2, t4 - t3]))
"""

LEAN = """
import json, time
t0 = time.perf_counter()
import tokenizers
t1 = time.perf_counter()
tokenizers.Tokenizer.from_file({path!r})
t2 = time.perf_counter()
import numpy
t3 = time.perf_counter()
print(json.dumps([t1 - t0, t2 - t1, t3 - t2]))
"""


def _fastest(code: str, runs: int, stdin: str = "") -> list[float]:
    """Each printed duration's fastest over the runs, in milliseconds."""
    best: list[float] = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], input=stdin, capture_output=True, text=True, check=True
        ).stdout
        times = [1000 * t for t in json.loads(out)]
        best = [min(a, b) for a, b in zip(best, times, strict=True)] if best else times
    return best


def _wall_ms(code: str, runs: int) -> float:
    """The fastest whole run of a fresh interpreter, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def timings(index: Index, model: Model, runs: int) -> None:
    """Print the start-up costs against the `rules` budget."""
    texts = json.dumps([note_text(note) for note in index.notes])
    child = CHILD.format(import_line=model.import_line, load=model.load, question=QUESTION)
    stages = _fastest(child, runs, texts)
    baseline = _wall_ms(BASELINE, runs)
    bare = _wall_ms("pass", runs)
    print(f"start-up ({model.name}, fastest of {runs} fresh interpreters):\n")
    print(f"- bare interpreter: {bare:.0f} ms; `{BASELINE}`: {baseline:.0f} ms")
    print(f"  (so `rules` may take at most {1.3 * baseline:.0f} ms in all)")
    labels = ("import", "load the model", f"embed {len(index.notes)} notes", "embed one question")
    for label, ms in zip(labels, stages, strict=True):
        print(f"- {label}: {ms:.1f} ms")
    print(f"- a question, with the note vectors cached: {stages[0] + stages[1] + stages[3]:.0f} ms")
    if model.name == "wordllama":
        lean = _fastest(LEAN.format(path=_wordllama_tokenizer()), runs)
        print(
            "- the least a cached index could need at query time, without wordllama itself:\n"
            f"  import tokenizers {lean[0]:.0f} ms + read its tokenizer {lean[1]:.0f} ms"
            f" (+ import numpy {lean[2]:.0f} ms, or rows read by hand)"
        )
    print()


def _wordllama_tokenizer() -> str:
    folder = Path(str(metadata.distribution("wordllama").locate_file("wordllama")))
    return str(next((folder / "tokenizers").glob("l2_supercat*.json")))


def _requires(name: str) -> set[str]:
    """The installed distributions a distribution needs (not its extras), with itself."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = _normal(todo.pop())
        if current in seen:
            continue
        try:
            requirements = metadata.requires(current) or []
        except metadata.PackageNotFoundError:
            continue
        seen.add(current)
        for requirement in requirements:
            if "extra ==" not in requirement.replace('extra=="', 'extra == "'):
                todo.append(re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0])
    return seen


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _disk_mb(name: str) -> float:
    files = metadata.distribution(name).files or []
    paths = (Path(str(f.locate())) for f in files)
    return sum(p.stat().st_size for p in paths if p.is_file()) / 1e6


def sizes(model: Model) -> None:
    """Print the disk size the package and the distributions it brings add."""
    added = sorted(_requires(model.distribution) - _requires("scorekeeper"))
    mb = {name: _disk_mb(name) for name in added}
    print(f"disk ({model.name}): {sum(mb.values()):.0f} MB added to the environment\n")
    for name, size in sorted(mb.items(), key=lambda item: -item[1]):
        print(f"- {name} {metadata.version(name)}: {size:.1f} MB")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", choices=sorted(MODELS), action="append")
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters per timing")
    parser.add_argument(
        "--held-out", action="store_true", help="the re-ranking of the search as it stands"
    )
    options = parser.parse_args()
    index = Index.build(load_library(rules_root()))
    for name in options.model or sorted(MODELS):
        model = MODELS[name]
        try:
            metadata.distribution(model.distribution)
        except metadata.PackageNotFoundError:
            print(f"{model.distribution} is not installed: pip install -e '.[bench-embedding]'\n")
            continue
        if options.held_out:
            held_out(model)
            continue
        accuracy(index, model)
        timings(index, model, options.runs)
        sizes(model)


if __name__ == "__main__":
    main()
