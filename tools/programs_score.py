"""How many of the realistic Burn programs of tests/programs/ `pbpit run` runs as Burn would.

    .venv/bin/python tools/programs_score.py [NAME_OR_PATH...] [--json] [--timeout SECONDS]

Each program is a `NAME.rs` (what a Burn user writes) and, where pbpit's Python API can say it,
its Python twin `NAME.py`; beside them the expectation, derived outside the interpreter
(tests/programs/twins/): `NAME.stdout`, `NAME.stderr` (only when the program panics; the thread
id written `TID`) and `NAME.status`. Each file is run with `pbpit run --raw` and reported as
refused (with pbpit's first line), or run, and then whether stdout, stderr and the exit status
are the expected ones. Exits 0 whatever it measures: it is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "programs"
THREAD = re.compile(r"^thread 'main' \(\d+\)", re.M)
LANGUAGES = (".rs", ".py")


@dataclass
class Score:
    """One program file's run against its expectation."""

    program: str
    outcome: str  # "runs", "refused", "timeout"
    matches: bool
    detail: str  # the refusal's first line, or what differs


def expectation(stem: Path) -> tuple[str, str, int]:
    stderr = stem.with_suffix(".stderr")
    return (
        stem.with_suffix(".stdout").read_text(encoding="utf-8"),
        stderr.read_text(encoding="utf-8") if stderr.is_file() else "",
        int(stem.with_suffix(".status").read_text(encoding="utf-8").strip()),
    )


def score(path: Path, timeout: float) -> Score:
    name = path.relative_to(PROGRAMS).as_posix() if path.is_relative_to(PROGRAMS) else str(path)
    command = [sys.executable, "-m", "pbpit", "run", "--raw", str(path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              cwd=ROOT, check=False)
    except subprocess.TimeoutExpired:
        return Score(name, "timeout", False, f"no end within {timeout:g} s")
    stdout, stderr = done.stdout, THREAD.sub("thread 'main' (TID)", done.stderr)
    if done.returncode == 2 and stderr.startswith("pbpit:"):
        return Score(name, "refused", False, stderr.splitlines()[0])
    want_out, want_err, want_status = expectation(path.with_suffix(""))
    differs = [what for what, same in (
        ("stdout", stdout == want_out),
        ("stderr", stderr == want_err),
        (f"status {done.returncode} (want {want_status})", done.returncode == want_status),
    ) if not same]
    return Score(name, "runs", not differs, ", ".join(differs))


def programs(args: list[str]) -> list[Path]:
    """The program files named (a NAME, a path), or every one under tests/programs."""
    if not args:
        return sorted(p for p in PROGRAMS.glob("*")
                      if p.suffix in LANGUAGES and p.with_suffix(".status").is_file())
    found: list[Path] = []
    for arg in args:
        path = Path(arg)
        if path.suffix in LANGUAGES and path.is_file():
            found.append(path.resolve())
            continue
        found += [PROGRAMS / f"{arg}{s}" for s in LANGUAGES if (PROGRAMS / f"{arg}{s}").is_file()]
    # A program without an expectation (its twin's orders disagree) is not measured.
    return [path for path in found if path.with_suffix(".status").is_file()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="program names or files (default: all)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a run may take")
    args = parser.parse_args(argv)
    files = programs(args.names)
    if not files:
        print(f"programs_score: error: no such program with an expectation: "
              f"{' '.join(args.names)}", file=sys.stderr)
        return 0
    scores = [score(path, args.timeout) for path in files]
    runs = sum(s.outcome == "runs" for s in scores)
    matches = sum(s.matches for s in scores)
    if args.json:
        print(json.dumps({"programs": [asdict(s) for s in scores], "total": len(scores),
                          "runs": runs, "matches": matches}))
        return 0
    width = max(len(s.program) for s in scores)
    print(f"{'program':<{width}}  {'outcome':<8} {'output':<8} detail")
    for s in scores:
        output = "matches" if s.matches else ("-" if s.outcome != "runs" else "differs")
        print(f"{s.program:<{width}}  {s.outcome:<8} {output:<8} {s.detail}")
    print(f"\n{len(scores)} files: {runs} run, {matches} match their expected output")
    return 0


if __name__ == "__main__":
    sys.exit(main())
