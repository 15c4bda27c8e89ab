"""Every fix pbpit prints as code, made and run: the measure of "advice that works".

For each Rust program given (files, or directories searched for `*.rs`) that panics at a
consumed step in pbpit, this collects the fixes written as code by `pbpit lint --format json`
(helps with edits), `pbpit run --json` (the diagnostics' helps with edits) and
`pbpit explain --json FILE` (corrected lines), makes each alone in a copy of the program
(`pbpit.diagnose.fix_check`) and runs it. It also compares the rule and the binding that `run`
and `lint` give for the panic. Prints a row per fix, then the totals:

    .venv/bin/python tools/advice_score.py cases tests/programs tests/burn022 tests/lint \\
        tests/crates tests/agreement
    .venv/bin/python tools/advice_score.py --json DIR...   # one JSON object

Exit status 0; this reports, it does not judge.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pbpit import cli  # noqa: E402
from pbpit.diagnose.fix_check import FixCheck, applied_lines, check_edits, check_text  # noqa: E402
from pbpit.diagnostics.model import Edit  # noqa: E402


def pbpit_json(*args: str) -> dict | None:
    """`pbpit ARGS` in this process, its stdout read as JSON (None if it is not)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            cli.main(list(args))
        except SystemExit:
            pass
    try:
        return json.loads(out.getvalue())
    except ValueError:
        return None


def programs(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        found += sorted(path.rglob("*.rs")) if path.is_dir() else [path]
    return [p for p in found if not p.name.endswith(".fixed.rs")]


def edits_of(help_: dict) -> list[Edit]:
    return [Edit(**edit) for edit in help_.get("edits", [])]


def fixes_of(program: Path, ran: dict, linted: dict) -> list[tuple[str, str, object]]:
    """(command, fix's message, its edits or corrected lines) for every fix printed as code."""
    fixes: list[tuple[str, str, object]] = []
    for finding in linted.get("findings", []):
        for help_ in finding.get("help", []):
            if help_.get("edits"):
                fixes.append(("lint", help_["message"], edits_of(help_)))
    for diagnostic in ran.get("diagnostics", []):
        for help_ in diagnostic.get("help", []):
            if help_.get("edits"):
                fixes.append(("run", help_["message"], edits_of(help_)))
    explained = pbpit_json("explain", "--json", str(program)) or {}
    for fix in explained.get("fixes", []):
        if any(mark != " " for mark, *_ in fix.get("lines", [])):
            fixes.append(("explain", fix.get("title", fix.get("key", "")), fix["lines"]))
    return fixes


def diagnosis(ran: dict, linted: dict) -> dict:
    """The rule of `run`'s error, lint's rules, and the binding the panic names."""
    errors = [d for d in ran.get("diagnostics", []) if d.get("level") == "error"]
    label = (ran.get("panic") or {}).get("label")
    return {
        "run_rule": errors[0].get("rule") if errors else None,
        "lint_rules": sorted({f.get("rule") for f in linted.get("findings", [])}),
        "panic_binding": label,
    }


def check(program: Path, fix: object) -> FixCheck:
    if isinstance(fix, list) and fix and isinstance(fix[0], Edit):
        return check_edits(program, fix)
    text = program.read_text(encoding="utf-8")
    return check_text(program, applied_lines(text, fix))  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows, diagnoses = [], []
    for program in programs(args.paths):
        ran = pbpit_json("run", "--json", str(program))
        if not ran or not (ran.get("panic") or {}).get("node_id") is not None:
            continue
        linted = pbpit_json("lint", "--format", "json", str(program)) or {}
        diagnoses.append({"program": str(program), **diagnosis(ran, linted)})
        for command, message, fix in fixes_of(program, ran, linted):
            checked = check(program, fix)
            rows.append(
                {"program": str(program), "command": command, "fix": message, **checked.to_json()}
            )
            if not args.json:
                mark = "ok  " if checked.ok else "FAIL"
                print(f"{mark} {program}  [{command}] {message[:60]}  -> {checked.detail}")
    good = sum(row["verdict"] == "runs" for row in rows)
    agree = sum(d["run_rule"] in d["lint_rules"] for d in diagnoses)
    summary = {
        "panicking_programs": len(diagnoses),
        "fixes_printed_as_code": len(rows),
        "fixes_that_run": good,
        "run_rule_is_a_lint_rule": agree,
    }
    if args.json:
        print(json.dumps({"summary": summary, "fixes": rows, "diagnoses": diagnoses}, indent=1))
    else:
        print(
            f"\n{good} of {len(rows)} fixes printed as code run without the panic; "
            f"run's error names one of lint's rules in {agree} of {len(diagnoses)} panicking "
            "programs"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
