"""Write each program's expected NAME.stdout, NAME.stderr and NAME.status from its twin.

    .venv/bin/python tests/programs/twins/expect.py [NAME...]

Each twin (twins/NAME.py) runs under every summation order of burn32.MODES; the outputs must be
the same text, or the program's expectation is not written (its values depend on an order Burn's
kernels were not pinned to). A twin that panics must name the node its `PANICS_AT` (derived by
hand, in the program's comment) names.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE.parent
sys.path.insert(0, str(HERE))
import burn32  # noqa: E402


def run(twin: Path, mode: str) -> tuple[str, str, int]:
    env = dict(os.environ, BURN32_ORDER=mode, PYTHONPATH=str(HERE))
    done = subprocess.run([sys.executable, str(HERE / "run_twin.py"), str(twin)],
                          capture_output=True, text=True, env=env, check=False)
    return done.stdout, done.stderr, done.returncode


def expect(name: str) -> str:
    twin = HERE / f"{name}.py"
    results = {mode: run(twin, mode) for mode in burn32.MODES}
    first = results[burn32.MODES[0]]
    if first[2] not in (0, 101):
        return f"{name}: twin failed\n{first[1]}"
    if any(r != first for r in results.values()):
        # No expectation rather than a stale one: the score tool skips a program without one.
        for suffix in (".stdout", ".stderr", ".status"):
            (PROGRAMS / f"{name}{suffix}").unlink(missing_ok=True)
        diff = {m: r[0] for m, r in results.items()}
        return f"{name}: unpinned (orders differ), its expectation removed: {diff}"
    stdout, stderr, status = first
    hand = re.search(r"^PANICS_AT = (\d+)", twin.read_text(), re.M)
    found = re.search(r"@@node (\d+)", stderr)
    if (hand and hand.group(1)) != (found and found.group(1)):
        return f"{name}: hand-derived PANICS_AT {hand and hand.group(1)} but twin panics at " \
               f"{found and found.group(1)}"
    stderr = re.sub(r"@@node \d+\n", "", stderr)
    (PROGRAMS / f"{name}.stdout").write_text(stdout)
    (PROGRAMS / f"{name}.status").write_text(f"{status}\n")
    err = PROGRAMS / f"{name}.stderr"
    if stderr:
        err.write_text(stderr)
    elif err.exists():
        err.unlink()
    return f"{name}: ok (exit {status})"


def main(argv: list[str]) -> int:
    names = argv or sorted(p.stem for p in PROGRAMS.glob("*.rs"))
    for name in names:
        print(expect(name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
