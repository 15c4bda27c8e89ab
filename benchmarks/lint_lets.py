"""`pbpit lint` on one function of n `let`s feeding a loop that runs backward: time per size and
the growth per doubling (linear time grows 2x; the target is at most 2.3x).

    python benchmarks/lint_lets.py [--sizes 100,200,...] [--repeat N] [--shape NAME|all|deep]
                                   [--clock cpu|wall]

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
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def nested(lets: int) -> str:
    """`lets` nested `if`s, each binding a tracked tensor; the innermost backpropagates."""
    opens = "".join(f"let h{i} = h{i - 1}.exp(); if ready {{ " for i in range(1, lets))
    return (
        "fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, ready: bool) {\n"
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


def seconds(path: Path, findings: int, clock: str = "cpu") -> float:
    """The time of one lint of `path` (read, parse, analyse, fixes): the process's CPU time
    (lint runs on one thread; other work on a shared machine does not count), or wall time."""
    now = CLOCKS[clock]
    # What the run before left for the cycle collector is not this run's: a `pbpit lint`
    # process starts without it.
    gc.collect()
    start = now()
    report = lint_paths([path])
    took = now() - start
    assert len(report.findings) == findings, "what is timed is what is found"
    return took


def table(shape: str, sizes: list[int], repeat: int, clock: str = "cpu") -> float:
    """Print one shape's table (the median of `repeat` times per size); its worst growth per
    doubling. The sizes are timed in turn, `repeat` rounds of all of them, so that a spell of
    other work on the machine falls on every size alike rather than on one."""
    make, findings = {**SHAPES, **DEEP}[shape]
    worst = 0.0
    unit = "depth" if shape in DEEP else "lets"
    print(f"{shape}\n{unit:>6}  {'seconds':>9}  {'x per doubling':>14}")
    times: dict[int, list[float]] = {size: [] for size in sizes}
    with tempfile.TemporaryDirectory(prefix="pbpit-lets-") as directory:
        paths = {size: Path(directory, f"lets_{size}.rs") for size in sizes}
        for size, path in paths.items():
            path.write_text(make(size))
        for _ in range(repeat):
            for size, path in paths.items():
                times[size].append(seconds(path, findings, clock))
    previous = None
    for size in sizes:
        took = statistics.median(times[size])
        growth = ""
        if previous is not None and previous[0] * 2 == size:
            factor = took / previous[1]
            worst = max(worst, factor)
            growth = f"{factor:.2f}"
        print(f"{size:>6}  {took:>9.3f}  {growth:>14}", flush=True)
        previous = (size, took)
    verdict = "met" if worst <= TARGET else "NOT met"
    print(f"worst growth per doubling {worst:.2f}x (target <= {TARGET}x: {verdict})")
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help="default: 100 to 3,200 (the depth shapes: 1,000 to 8,000)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shape", choices=[*SHAPES, *DEEP, "all", "deep"], default="chain")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    options = parser.parse_args()
    shapes = {"all": [*SHAPES, *DEEP], "deep": list(DEEP)}.get(options.shape, [options.shape])
    for shape in shapes:
        default = DEPTHS if shape in DEEP else SIZES
        sizes = [int(size) for size in options.sizes.split(",")] if options.sizes else default
        table(shape, list(sizes), options.repeat, options.clock)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
