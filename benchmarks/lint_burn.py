"""`pbpit lint` on a tree against tree-sitter parsing alone of the same files, side by side:
the medians and their ratio (the target on Burn's repository is at most 1.5x).

    python benchmarks/lint_burn.py [TREE] [--repeat N] [--profile]

TREE defaults to /tmp/burn-src (Burn's repository, extracted). Parsing alone reads each file
lint reads and parses it once; lint reads, parses, analyses and reports. The two alternate, so
that a slower moment of a shared machine falls on both. `--profile` prints where lint's time
goes (cProfile, by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbpit.lint import tree as tree_module  # noqa: E402
from pbpit.lint.tree import lint_paths, rust_files  # noqa: E402
from pbpit.rust.syntax import _parser  # noqa: E402

TARGET = 1.5


def parse_alone(files: list[Path]) -> float:
    parser = _parser()
    start = time.perf_counter()
    for file in files:
        parser.parse(file.read_bytes())
    return time.perf_counter() - start


def lint(tree: Path) -> float:
    start = time.perf_counter()
    lint_paths([tree])
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", nargs="?", default="/tmp/burn-src")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args()
    tree = Path(options.tree)
    if not tree.is_dir():
        print(f"lint_burn: no directory {tree}", file=sys.stderr)
        return 2
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
    parse, linted = statistics.median(parse_times), statistics.median(lint_times)
    ratio = linted / parse
    print(f"tree-sitter parsing alone  {parse:8.3f} s  (median of {options.repeat})")
    print(f"pbpit lint                 {linted:8.3f} s")
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"ratio {ratio:.2f}x (target <= {TARGET}x: {verdict})")
    if options.profile:
        # On this thread (lint_paths runs on one of its own, which cProfile would not see).
        sys.setrecursionlimit(tree_module.RECURSION_LIMIT)
        profile = cProfile.Profile()
        profile.runcall(tree_module._lint_paths, [tree], None, [])
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
