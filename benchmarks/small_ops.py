"""Per-op cost of small tensors against PyTorch, for a machine shared with other work.

    python benchmarks/small_ops.py [--rounds N] [--base DIR] [--gc fewer] [--only chain,libm,loop]
    python benchmarks/small_ops.py --same-process [--rounds N] [--only ...]

Three workloads (`benchmarks/worker.py`), each in a fresh process:

- `chain`: 100,000 `mul_scalar` on a 2-element tensor, forward per op and backward per node;
- `libm`: 100,000 `tanh` on a 4-element tensor (one C library `tanhf` per element), the same;
- `loop`: `benchmarks/training_loop.py`'s step on 1,024 elements, time per step.

Each round runs every workload for pbpit, PyTorch and (with `--base`) a second pbpit tree, in
an order that rotates from round to round, so that a busy spell falls on all of them alike.
Printed for each: the least over the rounds (a process the machine's other work never held up
comes closest to the cost of the work itself) and the median, of wall time and of the
process's CPU time; and the ratio within each round (the two processes ran one after the
other), median and range over the rounds. The load average is printed at the start and end of
every round. `--base DIR` runs the same worker against the pbpit package found in DIR (e.g.
`git archive` of an older commit), for a before/after measured side by side. `--gc fewer` runs
pbpit's figures under `fewer_collections()`, as `pbpit run` runs a case.

`--same-process` runs pbpit's and PyTorch's workloads alternately in this one process instead
(each round: pbpit then PyTorch, or the other way, for every workload), so that both see the
same load at the same moment, and prints the ratio of each round (wall and CPU time), their
median and range, and the load average before and after. Each workload's warm-up runs once,
before the first round (pbpit's chain loads numba there, as its backward walks a long tape).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER = HERE / "worker.py"

SIZES = {"chain": "100000", "libm": "100000", "loop": "1024"}
# (workload, key in the worker's answer, label, unit scale to microseconds, target ratio)
FIGURES = (
    ("chain", "forward", "chain mul_scalar [2]: forward per op", 1.0, 0.6),
    ("chain", "backward", "chain mul_scalar [2]: backward per node", 1.0, 0.6),
    ("libm", "forward", "chain tanh [4]: forward per op", 1.0, None),
    ("libm", "backward", "chain tanh [4]: backward per node", 1.0, None),
    ("loop", "step", "training loop [1024]: per step", 1e6, 1.0),
)


def run_worker(workload: str, library: str, env: dict[str, str]) -> dict:
    done = subprocess.run(
        [sys.executable, str(WORKER), workload, library, SIZES[workload]],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise SystemExit(f"{workload} {library}: {lines[-1] if lines else 'failed'}")
    return json.loads(done.stdout)


def figures(sample: dict, workload: str, key: str) -> tuple[float, float]:
    """(wall, cpu) of one worker's answer for the figure `key`."""
    if workload == "loop":
        return sample["min_seconds"], sample["cpu_seconds"]
    return sample[f"{key}_us"], sample[f"{key}_cpu_us"]


def shown(samples: list[float]) -> str:
    return f"{min(samples):.2f} ({statistics.median(samples):.2f})"


def paired(ours: list[float], theirs: list[float]) -> str:
    """The ratio within each round (two processes run one after the other), as median and
    range over the rounds: what a busy spell does to both cancels out."""
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    return f"{statistics.median(ratios):.2f} [{ratios[0]:.2f}-{ratios[-1]:.2f}]"


def load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def same_process(rounds: int, workloads: list[str]) -> None:
    """pbpit and PyTorch alternately in this process: the ratio of each round."""
    sys.path.insert(0, str(HERE))
    import worker

    loads = [load()]
    ratios: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for round_ in range(rounds):
        order = ("pbpit", "torch") if round_ % 2 == 0 else ("torch", "pbpit")
        for workload in workloads:
            answers = {}
            for library in order:
                answers[library] = worker.WORKLOADS[workload, library](int(SIZES[workload]))
            for w, key, *_ in FIGURES:
                if w == workload:
                    ours, theirs = (figures(answers[lib], w, key) for lib in ("pbpit", "torch"))
                    ratios.setdefault((w, key), []).append(
                        (ours[0] / theirs[0], ours[1] / theirs[1])
                    )
        loads.append(load())
        print(f"round {round_ + 1}/{rounds}: load {loads[-2]} -> {loads[-1]}", flush=True)
    print()
    print(
        f"{os.cpu_count()} CPUs; load average (1 min) {min(map(float, loads)):.2f}-"
        f"{max(map(float, loads)):.2f}; pbpit / PyTorch in one process, {rounds} rounds: "
        "median [range] of the rounds' ratios"
    )
    rows = [["figure", "wall ratio", "cpu ratio", "target"]]
    for workload, key, label, _, target in FIGURES:
        if (workload, key) not in ratios:
            continue
        walls = sorted(r[0] for r in ratios[workload, key])
        cpus = sorted(r[1] for r in ratios[workload, key])
        rows.append(
            [
                label,
                f"{statistics.median(walls):.2f} [{walls[0]:.2f}-{walls[-1]:.2f}]",
                f"{statistics.median(cpus):.2f} [{cpus[0]:.2f}-{cpus[-1]:.2f}]",
                f"<= {target}" if target else "reported",
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, row in enumerate(rows):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--base", type=Path, help="a second pbpit tree to measure alongside")
    parser.add_argument("--gc", choices=("default", "fewer"), default="default")
    parser.add_argument("--only", default="chain,libm,loop", help="workloads, comma-separated")
    parser.add_argument("--json", type=Path, help="also write every process's answer here")
    parser.add_argument(
        "--same-process", action="store_true", help="pbpit and PyTorch alternately in one process"
    )
    options = parser.parse_args()
    workloads = [w for w in options.only.split(",") if w]
    if options.same_process:
        same_process(options.rounds, workloads)
        return
    gc_env = {"PBPIT_BENCH_GC": "fewer"} if options.gc == "fewer" else {}
    variants = {"pbpit": ("pbpit", gc_env), "torch": ("torch", {})}
    if options.base is not None:
        base = str(options.base.resolve())
        variants["base"] = ("pbpit", {**gc_env, "PYTHONPATH": base})
    samples: dict[tuple[str, str], list[dict]] = {}
    loads = []
    names = list(variants)
    for round_ in range(options.rounds):
        before = load()
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        for workload in workloads:
            for name in order:
                library, env = variants[name]
                samples.setdefault((workload, name), []).append(run_worker(workload, library, env))
        loads.append((before, load()))
        print(f"round {round_ + 1}/{options.rounds}: load {before} -> {loads[-1][1]}", flush=True)
    if options.json is not None:
        answers = {f"{workload} {name}": runs for (workload, name), runs in samples.items()}
        options.json.write_text(json.dumps({"loads": loads, "samples": answers}, indent=1))
    print()
    print(
        f"{os.cpu_count()} CPUs; load average (1 min) over the rounds "
        f"{min(float(a) for pair in loads for a in pair):.2f}-"
        f"{max(float(a) for pair in loads for a in pair):.2f}; pbpit GC: {options.gc}; "
        f"least of {options.rounds} processes (median in brackets), microseconds"
    )
    header = ["figure", "pbpit", "torch", "ratio", "cpu ratio", "paired ratios"]
    if "base" in variants:
        header += ["base", "pbpit/base"]
    header.append("target")
    rows = [header]
    for workload, key, label, scale, target in FIGURES:
        if workload not in workloads:
            continue
        walls, cpus = {}, {}
        for name in names:
            pairs = [figures(s, workload, key) for s in samples[workload, name]]
            walls[name] = [w * scale for w, _ in pairs]
            cpus[name] = [c * scale for _, c in pairs]

        row = [
            label,
            shown(walls["pbpit"]),
            shown(walls["torch"]),
            f"{min(walls['pbpit']) / min(walls['torch']):.2f}",
            f"{min(cpus['pbpit']) / min(cpus['torch']):.2f}",
            paired(walls["pbpit"], walls["torch"]),
        ]
        if "base" in variants:
            row += [shown(walls["base"]), f"{min(walls['pbpit']) / min(walls['base']):.2f}"]
        row.append(f"<= {target}" if target else "reported")
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for i, row in enumerate(rows):
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


if __name__ == "__main__":
    main()
