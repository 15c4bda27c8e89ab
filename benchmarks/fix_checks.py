"""What checking fixes costs `pbpit run` on the named cases: this tree against another (by
default the commit before fixes were checked), side by side, in fresh processes, alternated.

    .venv/bin/python benchmarks/fix_checks.py [--rev REV] [--rounds N]

For each case (the built-in Python ones and their Rust twins) it prints the least wall time of
`pbpit run CASE` over the rounds for both trees and their ratio. The reference tree is a
`git worktree` of REV made in a temporary directory and removed afterwards; both run with this
checkout's .venv (the reference's code first on the import path). Both run from compiled
bytecode, as an installed pbpit does: `PYTHONDONTWRITEBYTECODE` is dropped from their
environment and each case is run once in each tree, untimed, before the rounds (without it a
fresh worktree compiles every module in every round, and the ratio measures the size of the
source, not the run).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REV = "25fc0c3^"
"""The commit before `run`, `audit` and `explain` checked their fixes by running them."""
CASES = ["twice", "shared_loss", "double_backward", "twice.rs", "shared_loss.rs",
         "double_backward.rs"]  # fmt: skip


def timed(tree: Path, case: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the bytecode written once, as installed
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pbpit", "run", case],
        cwd=tree,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=DEFAULT_REV)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pbpit-ref-") as folder:
        reference = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(reference), args.rev],
            cwd=ROOT, check=True,
        )  # fmt: skip
        try:
            print(f"{'case':<20} {'reference':>10} {'this tree':>10} {'ratio':>7}")
            for case in CASES:
                ref, now = [], []
                timed(reference, case), timed(ROOT, case)  # bytecode written, files cached
                for _ in range(args.rounds):
                    ref.append(timed(reference, case))
                    now.append(timed(ROOT, case))
                ratio = min(now) / min(ref)
                print(f"{case:<20} {min(ref):>9.3f}s {min(now):>9.3f}s {ratio:>6.2f}x")
            print(f"(least of {args.rounds} alternated rounds; load {os.getloadavg()[0]:.2f})")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(reference)], cwd=ROOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
