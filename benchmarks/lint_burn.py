"""`pbpit lint` on a tree against tree-sitter parsing alone of the same files, side by side:
the medians and their ratio (the target on Burn's repository is at most 1.5x).

    python benchmarks/lint_burn.py [TREE] [--repeat N] [--profile]
    python benchmarks/lint_burn.py [TREE] --against DIR [--repeat N]

TREE defaults to /tmp/burn-src (Burn's repository, extracted). Parsing alone reads each file
lint reads and parses it once; lint reads, parses, analyses and reports. The two alternate, so
that a slower moment of a shared machine falls on both. Each line gives wall time, and the
process's user and system CPU time spent in it.
`--profile` prints where lint's time goes (cProfile, by own time).

`--against DIR` measures this checkout's lint and another's (DIR holds its `pbpit` package: a
`git archive` of another commit) side by side: each round runs one process for each, in turns
(which goes first alternating), each parsing alone then linting once after a warm-up; each
line is one process's CPU ratio (lint over parsing alone, user + system). A busy moment of a
shared machine falls on both sides of a round alike. `--pbpit DIR` runs DIR's lint alone.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--pbpit" in sys.argv[:-1]:
    ROOT = Path(sys.argv[sys.argv.index("--pbpit") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from pbpit.lint import tree as tree_module  # noqa: E402
from pbpit.lint.tree import lint_paths, rust_files  # noqa: E402
from pbpit.rust.syntax import _parser  # noqa: E402

TARGET = 1.5


def _clock() -> tuple[float, float, float]:
    """Wall, user and system seconds so far (system: mostly the first touch of new memory)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return time.perf_counter(), usage.ru_utime, usage.ru_stime


def _since(start: tuple[float, float, float]) -> tuple[float, float, float]:
    now = _clock()
    return now[0] - start[0], now[1] - start[1], now[2] - start[2]


def parse_alone(files: list[Path]) -> tuple[float, float, float]:
    parser = _parser()
    start = _clock()
    for file in files:
        parser.parse(file.read_bytes())
    return _since(start)


def lint(tree: Path) -> tuple[float, float, float]:
    start = _clock()
    lint_paths([tree])
    return _since(start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", nargs="?", default="/tmp/burn-src")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--pbpit", metavar="DIR", help="lint with the pbpit package in DIR")
    parser.add_argument("--against", metavar="DIR", help="side by side with DIR's pbpit")
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    tree = Path(options.tree)
    if not tree.is_dir():
        print(f"lint_burn: no directory {tree}", file=sys.stderr)
        return 2
    if options.one_round:
        return _one_round(tree)
    if options.against:
        return _side_by_side(tree, Path(options.against), options.repeat)
    files = rust_files(tree)
    report = lint_paths([tree])  # warm: imports, the grammar, the page cache
    lines = sum(file.read_bytes().count(b"\n") for file in files)
    print(
        f"{tree}: {len(files)} .rs files, {lines} lines; lint checked {len(report.files)}, "
        f"skipped {len(report.skipped_files)}, {len(report.findings)} findings"
    )
    parse_times, lint_times = [], []
    for _ in range(options.repeat):
        parse_times.append(parse_alone(files))
        lint_times.append(lint(tree))
    parse, linted = (
        [statistics.median(run[i] for run in runs) for i in range(3)]
        for runs in (parse_times, lint_times)
    )
    ratio = linted[0] / parse[0]
    rows = (("tree-sitter parsing alone", parse), ("pbpit lint", linted))
    for name, (wall, user, system) in rows:
        print(f"{name:26} {wall:8.3f} s  (user {user:.3f} s, system {system:.3f} s)")
    print(f"(medians of {options.repeat}; lint holds the trees a rule may read, parsing alone one")
    print(" at a time: the difference in system time is mostly the first touch of their memory)")
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"ratio {ratio:.2f}x (target <= {TARGET}x: {verdict})")
    # Lint runs on one thread: its CPU time moves less than the wall clock on a busy machine.
    cpu = (linted[1] + linted[2]) / (parse[1] + parse[2])
    print(f"ratio of CPU time (user + system) {cpu:.2f}x")
    # Each round's two sides ran one after the other: their ratio cancels most of the load.
    rounds = sorted(
        (lint_[1] + lint_[2]) / (parse_[1] + parse_[2])
        for parse_, lint_ in zip(parse_times, lint_times, strict=True)
    )
    spread = ", ".join(f"{ratio:.2f}" for ratio in rounds)
    print(f"CPU ratio of each round, sorted: {spread} (median {statistics.median(rounds):.2f}x)")
    # A busy moment only adds time: each side's least CPU time is the nearest to its own cost.
    least = min(t[1] + t[2] for t in lint_times) / min(t[1] + t[2] for t in parse_times)
    print(f"ratio of the least CPU times (each side's fastest round) {least:.2f}x")
    if options.profile:
        # On this thread (lint_paths runs on one of its own, which cProfile would not see).
        sys.setrecursionlimit(tree_module.RECURSION_LIMIT)
        profile = cProfile.Profile()
        profile.runcall(tree_module._lint_paths, [tree], None, [])
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return 0


def _one_round(tree: Path) -> int:
    """One side of a round of `--against`: a warm-up, then parsing alone and lint, once each;
    prints `parse_cpu lint_cpu` (user + system seconds)."""
    sys.setrecursionlimit(tree_module.RECURSION_LIMIT)
    files = rust_files(tree)
    lint_paths([tree])
    parse = parse_alone(files)
    linted = lint(tree)
    print(f"{parse[1] + parse[2]:.4f} {linted[1] + linted[2]:.4f}")
    return 0


def _side_by_side(tree: Path, other: Path, repeat: int) -> int:
    import os
    import subprocess

    if not (other / "pbpit").is_dir():
        print(f"lint_burn: no pbpit package in {other}", file=sys.stderr)
        return 2
    sides = {"this checkout": ROOT, str(other): other.resolve()}
    ratios: dict[str, list[float]] = {name: [] for name in sides}
    here = Path(__file__).resolve()
    for number in range(repeat):
        order = list(sides.items()) if number % 2 == 0 else list(sides.items())[::-1]
        for name, root in order:
            load = os.getloadavg()[0]
            command = [sys.executable, str(here), str(tree), "--pbpit", str(root), "--one-round"]
            found = subprocess.run(command, capture_output=True, text=True, check=True, cwd="/")
            parse, linted = map(float, found.stdout.split())
            ratios[name].append(linted / parse)
            print(
                f"round {number + 1} {name:>30}: parse {parse:.3f} s, lint {linted:.3f} s, "
                f"ratio {linted / parse:.3f}x (load {load:.1f})"
            )
    for name, found in ratios.items():
        print(
            f"{name:>38}: median CPU ratio {statistics.median(found):.3f}x, least "
            f"{min(found):.3f}x, of {len(found)} rounds"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
