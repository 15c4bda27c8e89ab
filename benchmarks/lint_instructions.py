"""`pbpit lint` on a tree against tree-sitter parsing alone, in instructions: a count that other
work on the machine does not move (valgrind's cachegrind, no cache simulation), for comparing
two versions of lint where timings are too noisy to.

    python benchmarks/lint_instructions.py [TREE]

Three runs under valgrind, two at a time: one that only imports pbpit, lists the tree's files
and parses one line (subtracted from the others), one that parses every file alone, and one
that lints the tree (`lint_paths`). An instruction of the analysis (Python objects) takes about
twice a parser's in time, so the ratio printed is below `lint_burn.py`'s time ratio: compare it
with itself, across versions.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """\
import sys
sys.path.insert(0, {root!r})
from pathlib import Path
import pbpit.lint.analysis  # noqa: F401 -- imported in every mode
from pbpit.lint import tree
from pbpit.rust.syntax import _parser
files = tree.rust_files(Path({tree!r}))
parser = _parser()
parser.parse(b"fn main() {{}}")
if {mode!r} == "parse":
    for file in files:
        parser.parse(file.read_bytes())
elif {mode!r} == "lint":
    tree.lint_paths([Path({tree!r})])
"""

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def count_instructions(script: Path) -> int:
    """The instructions of a fresh Python process running `script`, under valgrind's
    cachegrind without cache simulation (SystemExit, with valgrind's output, if it fails)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            str(script),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    found = _REFS.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {script.name}:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def instructions(mode: str, tree: Path, scratch: Path) -> int:
    script = scratch / f"{mode}.py"
    script.write_text(RUN.format(root=str(ROOT), tree=str(tree), mode=mode))
    return count_instructions(script)


def main() -> int:
    tree = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/burn-src")
    if not tree.is_dir():
        print(f"lint_instructions: no directory {tree}", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("lint_instructions: valgrind is not installed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(2) as pool:
        counts = dict(
            zip(
                ("none", "parse", "lint"),
                pool.map(
                    lambda mode: instructions(mode, tree, Path(scratch)),
                    ("none", "parse", "lint"),
                ),
                strict=True,
            )
        )
    parse = counts["parse"] - counts["none"]
    lint = counts["lint"] - counts["none"]
    print(f"{tree}: instructions, less {counts['none'] / 1e9:.2f} G of imports and listing")
    print(f"tree-sitter parsing alone  {parse / 1e9:8.2f} G")
    print(f"pbpit lint                 {lint / 1e9:8.2f} G  ({(lint - parse) / 1e9:.2f} G beyond)")
    print(f"ratio {lint / parse:.3f}x (instructions; compare with itself across versions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
