"""pbpit against PyTorch (CPU) and NumPy, side by side in one run: medians and ratios.

    python benchmarks/run.py [--repeat N] [--quick] [--engine]

Every figure is a median over N runs, measured in this run next to its reference, because
absolute times vary between runs and machines; the ratio is what the targets are about.
Each workload that reports memory runs in its own process, so one peak does not hide another.
PyTorch is optional: without it, its columns say so.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER = HERE / "worker.py"


def worker(*args: str, env: dict[str, str] | None = None) -> dict:
    """Run one measurement in a fresh process; it prints one JSON object."""
    done = subprocess.run(
        [sys.executable, str(WORKER), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"}
    return json.loads(done.stdout)


def median_of(samples: list[dict], key: str) -> float | None:
    values = [s[key] for s in samples if key in s]
    return statistics.median(values) if values else None


def wall(command: list[str], repeat: int, env: dict[str, str] | None = None) -> float:
    """Median wall time of a command, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **(env or {})},
            check=False,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ratio(ours: float | None, reference: float | None) -> str:
    if ours is None or not reference:
        return "n/a"
    return f"{ours / reference:.2f}"


def fmt(value: float | None, unit: str, scale: float = 1.0, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value * scale:.{digits}f} {unit}"


def has_torch() -> bool:
    return (
        subprocess.run([sys.executable, "-c", "import torch"], capture_output=True).returncode == 0
    )


def alternating(workload: str, size: str, repeat: int) -> tuple[list[dict], list[dict]]:
    """pbpit's and PyTorch's runs of `workload`, each in a fresh process, taken in turn so that
    a busy spell of the machine falls on both alike."""
    ours, ref = [], []
    for _ in range(repeat):
        ours.append(worker(workload, "pbpit", size))
        ref.append(worker(workload, "torch", size))
    return ours, ref


def failed(samples: list[dict]) -> str | None:
    errors = [s["error"] for s in samples if "error" in s]
    return errors[0] if errors else None


def engine_rows(repeat: int, quick: bool) -> list[tuple[str, str, str, str, str, str]]:
    """Issue 13's workloads beside PyTorch on one thread: time per step, memory growth."""
    rows = []
    matmul = "256" if quick else "1024"
    for workload, size, label, key, target in (
        ("matmul", matmul, "matmul fwd+bwd", "seconds", "<= 1.5"),
        ("mlp", "256", "MLP step 784-512-10", "seconds", "<= 1.5"),
        ("loop", "1024", "training loop step", "seconds", "<= 1.0"),
        ("growth", "4096", "memory growth, 1,000 its", "growth_bytes", "<= 2.0"),
    ):
        ours, ref = alternating(workload, size, repeat)
        a, b = median_of(ours, key), median_of(ref, key)
        if key == "seconds":
            shown = fmt(a, "ms", 1e3, 2), fmt(b, "ms", 1e3, 2)
        else:
            shown = fmt(a, "MB", 1e-6, 3), fmt(b, "MB", 1e-6, 3)
        error = failed(ours)
        if a is None and error:
            shown = (f"error: {error[:60]}", shown[1])
        rows.append((label, f"n={size}", *shown, ratio(a, b), target))
    return rows


def print_table(rows: list[tuple[str, str, str, str, str, str]]) -> None:
    header = ("workload", "size", "pbpit", "reference", "ratio", "target")
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |"
    print(line)
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, fewer runs")
    parser.add_argument(
        "--engine",
        action="store_true",
        help="only the Burn users' workloads beside PyTorch (1 thread): matmul, MLP, loop, memory",
    )
    options = parser.parse_args()
    repeat = 3 if options.quick else options.repeat
    if not has_torch():
        print("PyTorch is not installed: `make bench` installs it into .venv", file=sys.stderr)
    engine = engine_rows(repeat, options.quick)
    print(f"Burn users' workloads beside PyTorch (1 thread), {repeat} alternating runs, medians")
    print()
    print_table(engine)
    print()
    if options.engine:
        return
    large = "1000000" if options.quick else "10000000"
    chain = "20000" if options.quick else "100000"
    walk = "200000" if options.quick else "1000000"
    torch = has_torch()
    pbpit_bin = [sys.executable, "-m", "pbpit"]
    rows: list[tuple[str, str, str, str, str, str]] = []

    # large: loss = sum(exp(x) * w), forward + backward; peak RSS above the inputs
    ours = [worker("large", "pbpit", large) for _ in range(repeat)]
    ref = [worker("large", "torch", large) for _ in range(repeat)] if torch else []
    numpy_copy = [worker("copy", "numpy", large) for _ in range(repeat)]
    t_ours, t_ref = median_of(ours, "seconds"), median_of(ref, "seconds")
    m_ours, m_ref = median_of(ours, "peak_bytes"), median_of(ref, "peak_bytes")
    rows.append(
        (
            "large: fwd+bwd time",
            f"n={large}",
            fmt(t_ours, "ms", 1e3),
            fmt(t_ref, "ms", 1e3),
            ratio(t_ours, t_ref),
            "<= 1.0",
        )
    )
    rows.append(
        (
            "large: peak memory",
            f"n={large}",
            fmt(m_ours, "MB", 1e-6),
            fmt(m_ref, "MB", 1e-6),
            ratio(m_ours, m_ref),
            "<= 1.0",
        )
    )
    moved = median_of(ours, "bytes_moved")
    copy_rate = median_of(numpy_copy, "bytes_per_second")
    ours_rate = moved / t_ours if moved and t_ours else None
    rows.append(
        (
            "bandwidth: bytes moved / time",
            f"n={large}",
            fmt(ours_rate, "GB/s", 1e-9, 2),
            f"{fmt(copy_rate, 'GB/s', 1e-9, 2)} (NumPy copy)",
            ratio(ours_rate, copy_rate),
            "reported",
        )
    )

    # small: a chain of mul_scalar on a 2-element tensor, and of tanh (libm) on 4 elements;
    # pbpit and PyTorch in turn (benchmarks/small_ops.py: more rounds, least of them, CPU time)
    for workload, name, target in (("chain", "", "<= 0.6"), ("libm", " tanh [4]", "reported")):
        ours, ref = alternating(workload, chain, repeat)  # without PyTorch: its runs fail
        for key, label in (
            ("forward_us", f"small{name}: forward per op"),
            ("backward_us", f"small{name}: backward per node"),
        ):
            a, b = median_of(ours, key), median_of(ref, key)
            shown = fmt(a, "us", 1, 2), fmt(b, "us", 1, 2)
            rows.append((label, f"chain={chain}", *shown, ratio(a, b), target))

    # tape validation: the read-only walk of a long chain, at three lengths (linear?)
    sizes = [int(walk) // 4, int(walk) // 2, int(walk)]
    walks = {
        n: median_of([worker("walk", "pbpit", str(n)) for _ in range(repeat)], "seconds")
        for n in sizes
    }
    per_node = [walks[n] / n for n in sizes if walks[n]]
    linear = f"ns/node {' / '.join(f'{p * 1e9:.0f}' for p in per_node)}"
    rows.append(
        (
            "tape validation walk",
            f"nodes={walk}",
            fmt(walks[int(walk)], "ms", 1e3, 2),
            linear,
            "n/a",
            "<= 50 ms",
        )
    )

    # start-up, warm numba cache
    twice = [*pbpit_bin, "run", "twice", "--raw"]
    wall(twice, 1)
    t_twice = wall(twice, repeat)
    t_torch = wall([sys.executable, "-c", "import torch"], repeat) if torch else None
    rows.append(
        (
            "start-up: run twice --raw (warm)",
            "",
            fmt(t_twice, "s", 1, 3),
            f"{fmt(t_torch, 's', 1, 3)} (import torch)",
            ratio(t_twice, t_torch),
            "<= 0.3",
        )
    )
    for args in (["--help"], ["list"]):
        t = wall([*pbpit_bin, *args], repeat)
        rows.append(
            (f"start-up: pbpit {' '.join(args)}", "", fmt(t, "s", 1, 3), "", "n/a", "<= 0.25 s")
        )

    # the Rust front end: a Rust case against its Python twin, and lint over many files
    twice_rs = [*pbpit_bin, "run", "twice.rs", "--raw"]
    wall(twice_rs, 1)
    t_twice_rs = wall(twice_rs, repeat)
    rows.append(
        (
            "start-up: run twice.rs --raw",
            "",
            fmt(t_twice_rs, "s", 1, 3),
            f"{fmt(t_twice, 's', 1, 3)} (twice, Python)",
            ratio(t_twice_rs, t_twice),
            "reported",
        )
    )
    loop_rs = wall([*pbpit_bin, "run", str(HERE / "training_loop.rs"), "--raw"], repeat)
    loop_py = wall([*pbpit_bin, "run", str(HERE / "training_loop.py"), "--raw"], repeat)
    rows.append(
        (
            "Rust interpreter: training loop",
            "steps=2000",
            fmt(loop_rs, "s", 1, 3),
            f"{fmt(loop_py, 's', 1, 3)} (Python twin)",
            ratio(loop_rs, loop_py),
            "reported",
        )
    )
    files = 200 if options.quick else 1000
    with tempfile.TemporaryDirectory(prefix="pbpit-lint-") as tree:
        sources = sorted((HERE.parent / "cases").glob("*.rs"))
        for i in range(files):
            text = sources[i % len(sources)].read_text()
            (Path(tree) / f"file_{i:04}.rs").write_text(text * 4)  # ~100 lines each
        t_lint = wall([*pbpit_bin, "lint", tree], repeat)
    rows.append(
        (
            "lint: a tree of .rs files",
            f"files={files}",
            fmt(t_lint, "s", 1, 3),
            f"{fmt(t_lint / files, 'ms', 1e3, 2)} per file",
            "n/a",
            "reported",
        )
    )

    # start-up, cold: an empty numba cache (twice compiles nothing; a large case compiles)
    large_case = HERE / "large_case.py"
    for label, command in (
        ("twice", twice),
        ("large case", [*pbpit_bin, "run", str(large_case), "--raw"]),
    ):
        times = []
        for _ in range(max(1, repeat // 2)):
            cache = tempfile.mkdtemp(prefix="pbpit-cold-")
            try:
                times.append(wall(command, 1, env={"NUMBA_CACHE_DIR": cache}))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
        rows.append(
            (
                f"start-up, cold: {label}",
                "",
                fmt(statistics.median(times), "s", 1, 3),
                "",
                "n/a",
                "<= 3 s",
            )
        )

    print(
        f"pbpit benchmarks: {repeat} runs per figure, medians; "
        f"PyTorch {'present' if torch else 'absent'}"
    )
    print()
    print_table(rows)


if __name__ == "__main__":
    main()
