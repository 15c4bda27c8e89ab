"""Precision and recall of `pbpit lint` against the annotated programs of tests/lint/.

    .venv/bin/python tools/lint_score.py [PATH...] [--json]

A program is one `.rs` file (its `.fixed.rs` twin, what a fix makes of it, is not one), or a
directory holding a `Cargo.toml`: a crate, linted as one tree. Each marks what lint must find
as rustc's UI tests do, `//~ WARN rule` on the line of the finding's primary span (`//~^` for
the line above). Prints per rule and in total the true positives, false positives and misses,
precision and recall, then every false positive and miss as file:line; exits 0 whatever it
measures (it is a measurement, not a test: tests/test_lint.py is the test).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "lint"
ANNOTATION = re.compile(r"//~(\^*)\s*WARN\s+([\w-]+)")
CRATE = "Cargo.toml"

# One finding as the annotations name it: (file relative to the corpus, line, rule).
Mark = tuple[str, int, str]


@dataclass(frozen=True)
class Program:
    """One test program: a `.rs` file, or a crate directory linted as one tree."""

    path: Path  # the file, or the crate's directory
    root: Path  # what paths are written relative to (tests/lint for the corpus)

    @property
    def name(self) -> str:
        return self.path.relative_to(self.root).as_posix()

    @property
    def files(self) -> list[Path]:
        if self.path.is_dir():
            return sorted(p for p in self.path.rglob("*.rs") if not p.name.endswith(".fixed.rs"))
        return [self.path]

    @property
    def stderr(self) -> Path:
        """The expected human output, beside the program: NAME.stderr."""
        if self.path.is_dir():
            return self.path.with_name(self.path.name + ".stderr")
        return self.path.with_suffix(".stderr")


def programs(paths: Iterable[Path] = (CORPUS,), root: Path | None = None) -> list[Program]:
    """The programs under `paths` (searched recursively), sorted by name."""
    found: list[Program] = []
    for path in paths:
        path = Path(path).resolve()
        base = (root or (path if path.is_dir() else path.parent)).resolve()
        if path.is_file() or (path / CRATE).is_file():
            found.append(Program(path, base))
            continue
        crates = sorted(p.parent for p in path.rglob(CRATE))
        found += [Program(crate, base) for crate in crates]
        for file in sorted(path.rglob("*.rs")):
            if file.name.endswith(".fixed.rs") or any(c in file.parents for c in crates):
                continue
            found.append(Program(file, base))
    return sorted(set(found), key=lambda p: p.name)


def annotated(program: Program) -> set[Mark]:
    """The findings the program's `//~ WARN rule` comments ask for."""
    marks: set[Mark] = set()
    for file in program.files:
        name = file.relative_to(program.root).as_posix()
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            for carets, rule in ANNOTATION.findall(line):
                marks.add((name, number - len(carets), rule))
    return marks


def found(program: Program) -> set[Mark]:
    """The findings `pbpit lint` reports on the program, keyed as the annotations are."""
    from pbpit.lint.tree import lint_paths

    report = lint_paths([program.path])
    if report.errors:
        raise RuntimeError(f"{program.name}: {report.errors}")
    return {
        (Path(f.path).resolve().relative_to(program.root).as_posix(), f.primary.line, f.rule)
        for f in report.findings
    }


@dataclass
class Score:
    """True positives, false positives and misses of one rule (or of all)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def to_json(self) -> dict:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
        }


def measure(chosen: list[Program]) -> dict:
    """Per rule and total scores, and every false positive and miss, over `chosen`."""
    from pbpit.lint.rules import RULES

    rules = {rule.name: Score() for rule in RULES}
    total = Score()
    false_positives: list[Mark] = []
    misses: list[Mark] = []
    errors: list[str] = []
    for program in chosen:
        expected = annotated(program)
        try:
            got = found(program)
        except RuntimeError as error:
            errors.append(str(error))
            got = set()
        for mark in expected | got:
            score = rules.setdefault(mark[2], Score())
            if mark in expected and mark in got:
                score.tp += 1
                total.tp += 1
            elif mark in got:
                score.fp += 1
                total.fp += 1
                false_positives.append(mark)
            else:
                score.fn += 1
                total.fn += 1
                misses.append(mark)
    return {
        "programs": len(chosen),
        "rules": {name: score.to_json() for name, score in rules.items()},
        "total": total.to_json(),
        "false_positives": [_where(m) for m in sorted(false_positives)],
        "misses": [_where(m) for m in sorted(misses)],
        "errors": errors,
    }


def _where(mark: Mark) -> str:
    return f"{mark[0]}:{mark[1]}: {mark[2]}"


def render(result: dict) -> str:
    lines = [f"{result['programs']} programs", ""]
    lines.append(f"{'rule':<24} {'TP':>4} {'FP':>4} {'FN':>4} {'precision':>10} {'recall':>7}")
    rows = [*result["rules"].items(), ("total", result["total"])]
    for name, s in rows:
        lines.append(
            f"{name:<24} {s['tp']:>4} {s['fp']:>4} {s['fn']:>4}"
            f" {s['precision']:>10.2f} {s['recall']:>7.2f}"
        )
    for title, key in (("false positives", "false_positives"), ("misses", "misses")):
        lines += ["", f"{title} ({len(result[key])}):"]
        lines += [f"  {where}" for where in result[key]] or ["  none"]
    if result["errors"]:
        lines += ["", "errors:", *(f"  {e}" for e in result["errors"])]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="files or directories (tests/lint/)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        print(f"lint_score: error: no such file or directory: {missing[0]}", file=sys.stderr)
        return 2
    paths = args.paths or [CORPUS]
    # Paths inside the corpus are named as the annotations of the corpus name them.
    root = CORPUS if all(CORPUS in [p.resolve(), *p.resolve().parents] for p in paths) else None
    result = measure(programs(paths, root))
    sys.stdout.write(json.dumps(result, indent=2) + "\n" if args.json else render(result))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
