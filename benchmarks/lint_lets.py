"""`pbpit lint` on one function of n `let`s feeding a loop that runs backward: time per size and
the growth per doubling (linear time grows 2x; the target is at most 2.3x).

    python benchmarks/lint_lets.py [--sizes 100,200,...] [--repeat N] [--shape NAME|all|deep]
                                   [--clock cpu|wall|instructions] [--sample SECONDS]

Each size is timed `--repeat` rounds; in each round a size is linted as many times as make up
at least `--sample` seconds (0.2: a lint of 100 `let`s takes ~15 ms, one of 3,200 ~0.3 s), the
lints of all sizes interleaved over the round (so that a busy spell of a shared machine falls
on every size alike), and the round's time of a size is the mean of its lints. A size's time is
the least of its rounds, the least disturbed measure of the same work (other work on the machine
only ever adds time), beside the median of its rounds; the growth per doubling is given for both.
`--clock instructions` counts the work instead (valgrind's cachegrind, each size linted once in
a fresh process, less one that lints an empty directory): a count no other work on the machine
moves.

`chain` (the default): each `let` derives from the one before it, and the loop's backward needs
the last: the finding's fix moves the whole chain into the loop, so every member of the chain is
asked about. `branches`: each `let` is followed by an `if` that backpropagates it, so that after
every `if` each name is asked whether it is read again. `nested`: each `let` opens an `if`
inside the one before, n deep. `loops`: the chain inside the batch loop of an epoch loop, both
read three times. `arms`: each `let` is followed by a `match` of three arms, two of which
backpropagate it. `closures`: each `let` binds a closure, called by name on the next line.
`loops-in-a-row`: each `let` is followed by a loop of its own that backpropagates a loss made
in it, so that every loop starts with all the names before it in scope.

The depth shapes (sizes 1,000 to 8,000 by default) nest instead: a tensor made before a loop
is backpropagated in it inside n nested `if`s (`deep-ifs`) or blocks (`deep-blocks`), or a sum
of n terms is made before the loop (`deep-sum`); the fix moves it into the loop.
"""

from __future__ import annotations

import argparse
import gc
import math
import shutil
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lint_instructions import count_instructions  # noqa: E402 -- this folder, on the path

from pbpit.lint.tree import lint_paths  # noqa: E402

SIZES = (100, 200, 400, 800, 1600, 3200)
DEPTHS = (1000, 2000, 4000, 8000)
TARGET = 2.3


def program(lets: int) -> str:
    """A training step whose tracked input is made by a chain of `lets` statements."""
    chain = "".join(f"    let h{i} = h{i - 1}.exp();\n" for i in range(1, lets))
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {\n"
        "    let h0 = model.forward(x);\n"
        f"{chain}"
        "    for _ in 0..3 {\n"
        f"        let loss = h{lets - 1}.clone().sum();\n"
        "        loss.backward();\n"
        "    }\n"
        "}\n"
    )


def branches(lets: int) -> str:
    """`lets` tracked tensors, each backpropagated in a branch of its own."""
    body = "".join(
        f"    let h{i} = model.forward(x.clone());\n    if ready {{ h{i}.backward(); }}\n"
        for i in range(lets)
    )
    return f"fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {{\n{body}}}\n"


# A function that runs one backward cannot meet another and is not read (`Program.reading_end`):
# the shapes with one backward of their own start with a second, of a tensor of its own.
WARM_UP = "    model.forward(x.clone()).sum().backward();\n"


def nested(lets: int) -> str:
    """`lets` nested `if`s, each binding a tracked tensor; the innermost backpropagates."""
    opens = "".join(f"let h{i} = h{i - 1}.exp(); if ready {{ " for i in range(1, lets))
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, ready: bool) {\n"
        f"{WARM_UP}"
        f"    let h0 = model.forward(x);\n    {opens}h{lets - 1}.backward();{' }' * (lets - 1)}\n"
        "}\n"
    )


def loops(lets: int) -> str:
    """An epoch loop around a batch loop whose step is a chain of `lets` statements."""
    chain = "".join(f"            let h{i} = h{i - 1}.exp();\n" for i in range(1, lets))
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, batches: Vec<Tensor<B, 2>>) {\n"
        "    for epoch in 0..10 {\n"
        "        for x in batches.iter() {\n"
        "            let h0 = model.forward(x.clone());\n"
        f"{chain}"
        f"            let grads = h{lets - 1}.sum().backward();\n"
        "        }\n"
        "    }\n"
        "}\n"
    )


def arms(lets: int) -> str:
    """`lets` tracked tensors, each matched on with two arms that backpropagate it."""
    body = "".join(
        f"    let h{i} = model.forward(x.clone());\n"
        f"    match mode {{ 0 => {{ h{i}.backward(); }} 1 => {{ h{i}.sum().backward(); }}"
        " _ => {} }\n"
        for i in range(lets)
    )
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, mode: usize) {\n"
        f"{body}}}\n"
    )


def closures(lets: int) -> str:
    """A chain of `lets` closures, each called by name on what the one before made."""
    body = "".join(
        f"    let f{i} = |t: Tensor<B, 2>| t.exp();\n    let h{i} = f{i}(h{i - 1});\n"
        for i in range(1, lets)
    )
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {\n"
        f"{WARM_UP}"
        "    let h0 = model.forward(x);\n"
        f"{body}"
        f"    h{lets - 1}.backward();\n"
        "}\n"
    )


def loops_in_a_row(lets: int) -> str:
    """`lets` tracked tensors, each followed by a loop of its own that backpropagates."""
    body = "".join(
        f"    let h{i} = model.forward(x.clone());\n"
        "    for _ in 0..3 {\n"
        "        let loss = model.forward(x.clone()).sum();\n"
        "        loss.backward();\n"
        "    }\n"
        for i in range(lets)
    )
    return f"fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {{\n{body}}}\n"


def deep_ifs(depth: int) -> str:
    """A tensor made before a loop and backpropagated in it inside `depth` nested `if`s."""
    inner = "if ready { " * depth + "h.clone().sum().backward();" + " }" * depth
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, ready: bool) {\n"
        f"    let h = model.forward(x);\n    for _ in 0..3 {{\n        {inner}\n    }}\n}}\n"
    )


def deep_blocks(depth: int) -> str:
    """A tensor made before a loop and backpropagated in it inside `depth` nested blocks."""
    inner = "{ " * depth + "h.clone().sum().backward();" + " }" * depth
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {\n"
        f"    let h = model.forward(x);\n    for _ in 0..3 {{\n        {inner}\n    }}\n}}\n"
    )


def deep_sum(depth: int) -> str:
    """A sum of `depth` terms (an operator tree `depth` deep) made before a loop that
    backpropagates it."""
    terms = " + ".join(["h.clone()"] * depth)
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {\n"
        f"    let h = model.forward(x);\n    let s = {terms};\n"
        "    for _ in 0..3 {\n        s.clone().sum().backward();\n    }\n}\n"
    )


SHAPES = {
    "chain": (program, 1),
    "branches": (branches, 0),
    "nested": (nested, 0),
    "loops": (loops, 0),
    "arms": (arms, 0),
    "closures": (closures, 0),
    "loops-in-a-row": (loops_in_a_row, 0),
}
DEEP = {
    "deep-ifs": (deep_ifs, 1),
    "deep-blocks": (deep_blocks, 1),
    "deep-sum": (deep_sum, 1),
}


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def seconds(path: Path, findings: int, clock: str = "cpu", runs: int = 1) -> float:
    """The time of one lint of `path` (read, parse, analyse, fixes), the mean of `runs` in a
    row: the process's CPU time (lint runs on one thread; other work on a shared machine does
    not count), or wall time."""
    now = CLOCKS[clock]
    took = 0.0
    for _ in range(runs):
        # What the run before left for the cycle collector is not this run's: a `pbpit lint`
        # process starts without it.
        gc.collect()
        start = now()
        report = lint_paths([path])
        took += now() - start
        assert len(report.findings) == findings, "what is timed is what is found"
    return took / runs


def table(
    shape: str, sizes: list[int], repeat: int, clock: str = "cpu", sample: float = 0.2
) -> float:
    """Print one shape's table (per size, the least and the median of `repeat` rounds); its
    worst growth per doubling of the least times. Each round lints every size enough times to
    last `sample` seconds, the lints of the sizes interleaved, so that a spell of other work on
    the machine falls on every size alike rather than on one."""
    make, findings = {**SHAPES, **DEEP}[shape]
    unit = "depth" if shape in DEEP else "lets"
    print(
        f"{shape}\n{unit:>6}  {'runs':>4}  {'least s':>8}  {'median s':>8}  "
        f"{'x least':>7}  {'x median':>8}"
    )
    times: dict[int, list[float]] = {size: [] for size in sizes}
    with tempfile.TemporaryDirectory(prefix="pbpit-lets-") as directory:
        paths = {size: Path(directory, f"lets_{size}.rs") for size in sizes}
        runs = {}
        for size, path in paths.items():
            path.write_text(make(size))
            once = seconds(path, findings, clock)  # also warms what the first lint loads
            runs[size] = max(1, math.ceil(sample / max(once, 1e-3)))
        # A round's lints of the sizes interleaved, each size's spread over the whole round:
        # a busy spell of the machine then slows every size alike, not one.
        order = sorted(
            ((index + 0.5) / runs[size], size) for size in sizes for index in range(runs[size])
        )
        for _ in range(repeat):
            took = dict.fromkeys(sizes, 0.0)
            for _, size in order:
                took[size] += seconds(paths[size], findings, clock)
            for size in sizes:
                times[size].append(took[size] / runs[size])
    worst = worst_median = 0.0
    previous = None
    for size in sizes:
        least, median = min(times[size]), statistics.median(times[size])
        growth = growth_median = ""
        if previous is not None and previous[0] * 2 == size:
            worst = max(worst, least / previous[1])
            worst_median = max(worst_median, median / previous[2])
            growth, growth_median = f"{least / previous[1]:.2f}", f"{median / previous[2]:.2f}"
        print(
            f"{size:>6}  {runs[size]:>4}  {least:>8.4f}  {median:>8.4f}  {growth:>7}  "
            f"{growth_median:>8}",
            flush=True,
        )
        previous = (size, least, median)
    verdict = "met" if worst <= TARGET else "NOT met"
    print(
        f"worst growth per doubling {worst:.2f}x of the least times (target <= {TARGET}x: "
        f"{verdict}); {worst_median:.2f}x of the medians"
    )
    return worst


_COUNT = """\
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
from pbpit.lint.tree import lint_paths
lint_paths([Path({path!r})])
"""


def instructions(path: Path, scratch: Path) -> int:
    """The instructions of a fresh process that lints `path` once (valgrind's cachegrind, a
    count no other work on the machine moves)."""
    script = scratch / f"{path.stem}.py"
    script.write_text(_COUNT.format(root=str(ROOT), path=str(path)))
    return count_instructions(script)


def instruction_table(shape: str, sizes: list[int]) -> float:
    """Print one shape's table in instructions: each size linted once in a process of its own,
    less a process that lints an empty directory (start-up, imports); the worst growth per
    doubling. Work doubles exactly where the analysis is linear; time can grow faster as what
    it holds outgrows the caches, and moves with the machine's other work."""
    make, _ = {**SHAPES, **DEEP}[shape]
    unit = "depth" if shape in DEEP else "lets"
    print(f"{shape}\n{unit:>6}  {'instructions':>14}  {'x':>5}")
    with tempfile.TemporaryDirectory(prefix="pbpit-lets-") as directory:
        scratch = Path(directory)
        (scratch / "empty").mkdir()
        paths = [scratch / "empty"]
        for size in sizes:
            paths.append(scratch / f"lets_{size}.rs")
            paths[-1].write_text(make(size))
        with ThreadPoolExecutor(2) as pool:
            base, *counts = pool.map(lambda path: instructions(path, scratch), paths)
    worst = 0.0
    previous = None
    for size, count in zip(sizes, counts, strict=True):
        work = count - base
        growth = ""
        if previous is not None and previous[0] * 2 == size:
            worst = max(worst, work / previous[1])
            growth = f"{work / previous[1]:.2f}"
        print(f"{size:>6}  {work:>14,}  {growth:>5}", flush=True)
        previous = (size, work)
    verdict = "met" if worst <= TARGET else "NOT met"
    print(f"worst growth per doubling {worst:.2f}x (target <= {TARGET}x: {verdict})")
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help="default: 100 to 3,200 (the depth shapes: 1,000 to 8,000)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shape", choices=[*SHAPES, *DEEP, "all", "deep"], default="chain")
    parser.add_argument("--clock", choices=[*sorted(CLOCKS), "instructions"], default="cpu")
    parser.add_argument(
        "--sample", type=float, default=0.2, help="seconds each round of a size lasts at least"
    )
    options = parser.parse_args()
    shapes = {"all": [*SHAPES, *DEEP], "deep": list(DEEP)}.get(options.shape, [options.shape])
    if options.clock == "instructions" and shutil.which("valgrind") is None:
        print("lint_lets: --clock instructions needs valgrind", file=sys.stderr)
        return 2
    for shape in shapes:
        default = DEPTHS if shape in DEEP else SIZES
        sizes = [int(size) for size in options.sizes.split(",")] if options.sizes else default
        if options.clock == "instructions":
            instruction_table(shape, list(sizes))
        else:
            table(shape, list(sizes), options.repeat, options.clock, options.sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
