"""Lint against the interpreter on generated programs, reported by shape.

    .venv/bin/python tools/gen_agree.py --count N [--seed S] [--out DIR] [--jobs J] [--fixes]
    .venv/bin/python tools/gen_agree.py --cover [--seed S]
    .venv/bin/python tools/gen_agree.py --results FILE [FILE ...] [--out DIR]

Generates the programs of seeds S..S+N-1 (tests/gen/generator.py), runs each on the
interpreter (the truth: panics or not, which binding, which rule) and lints it
(tests/gen/oracle.py). Prints how many agree, how many are false alarms (clean run, a finding),
extra findings (a panic, its finding, and another finding: a false alarm beside it), misses (a
panic without a finding of its rule and binding) and refusals (a generator bug), the
time per program, and for each kind of disagreement the dimension values its programs share
(`shape`: every value held by all of them, then the values most over-represented among them).
Disagreeing programs are written to DIR (default /tmp/pbpit-gen-disagreements), one file each,
named by kind and seed, with a `// verdict:` line at the end.

`--cover` instead pins, in tests/gen/pinned.json, programs of seeds from S on that draw the
values the fixed sample leaves uncovered (tests/gen/sample.py): those lint agrees on under
`cover`, the others under `known` with their verdict, to be judged.

`--fixes` also makes every fix lint prints on a program that panics (its edits applied to a
copy and run, pbpit/diagnose/fix_check.py) and counts how many then run without the panic.
`--results` reports, as one run, the verdicts earlier runs printed with `--json` (a long run
made in chunks, each its own file); the programs' texts are made again from their seeds, so
the generator must be the one that ran them.
Exits 0 whatever it measures (a measurement: tests/test_generated_agree.py is the test).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "gen"))

import sample  # noqa: E402
from generator import generate  # noqa: E402
from oracle import AGREE, EXTRA, FALSE_ALARM, MISSED, REFUSED, judge  # noqa: E402


def one(seed: int, fixes: bool) -> dict:
    """The verdict of seed's program (and, with `fixes`, what making each fix did)."""
    program = generate(seed)
    with tempfile.TemporaryDirectory(prefix="pbpit-gen-") as folder:
        path = Path(folder) / f"gen_{seed}.rs"
        path.write_text(program.text, encoding="utf-8")
        verdict = judge(path)
        checks = []
        if fixes and verdict.node_id is not None and verdict.outcome in (AGREE, EXTRA):
            from pbpit.diagnose.fix_check import check_edits

            for rule, message, edits in verdict.helps:
                check = check_edits(path, edits)
                checks.append({"rule": rule, "help": message, "verdict": check.verdict,
                               "detail": check.detail})
    return {"seed": seed, "shape": program.shape, "text": program.text,
            "verdict": verdict.to_json(), "run": verdict.run_seconds,
            "lint": verdict.lint_seconds, "fixes": checks}


def _batch(args: tuple[list[int], bool]) -> list[dict]:
    seeds, fixes = args
    return [one(seed, fixes) for seed in seeds]


def run_all(seeds: list[int], jobs: int, fixes: bool) -> list[dict]:
    if jobs <= 1:
        return [one(s, fixes) for s in seeds]
    size = max(1, min(200, len(seeds) // (jobs * 4) or 1))
    batches = [(seeds[i:i + size], fixes) for i in range(0, len(seeds), size)]
    with ProcessPoolExecutor(jobs) as pool:
        return [r for batch in pool.map(_batch, batches) for r in batch]


Lift = list[tuple[str, str, int, int]]
BY_SHAPE = ("hazard", "holder", "cut", "site", "loop", "exit", "losses", "leaf", "branch",
            "tracked", "forward", "encoder", "walk", "beside", "key", "kept_read", "kept_order",
            "zipped_in", "clear_order")
"""The dimensions agreement is reported by, value by value (`-`: a program that does not
draw it, or left it out of its shape: nothing beside, a free function)."""


def shapes(results: list[dict], kind: str) -> tuple[dict[str, str], Lift]:
    """The dimension values every program of `kind` holds, and the values most
    over-represented among them: (dimension, value, among them, among all)."""
    mine = [r for r in results if r["verdict"]["outcome"] == kind]
    if not mine:
        return {}, []
    common = dict(mine[0]["shape"])
    for r in mine[1:]:
        common = {k: v for k, v in common.items() if r["shape"].get(k) == v}
    everyone = Counter((k, v) for r in results for k, v in r["shape"].items())
    theirs = Counter((k, v) for r in mine for k, v in r["shape"].items())
    lift = sorted(
        ((k, v, n, everyone[k, v]) for (k, v), n in theirs.items() if (k, v) not in common.items()),
        key=lambda t: (-(t[2] / len(mine)) / (t[3] / len(results)), -t[2]),
    )
    return common, lift[:8]


def pin_cover(start: int) -> int:
    """Pins programs from seed `start` on that cover what tests/gen/pinned.json lacks."""
    pinned = sample.load()
    shapes = [sample.made(e).shape for key in ("cover", "regressions", "known")
              for e in pinned[key]]
    for program in sample.cover(shapes, start):
        result = one(program.seed, False)
        v = result["verdict"]
        entry = {"seed": program.seed, "shape": program.shape}
        if v["outcome"] == AGREE:
            pinned["cover"].append(entry)
        else:
            entry["why"] = (f"to judge: {v['outcome']}; the run: {v['panic_rule'] or 'clean'} "
                            f"at {v['panic_binding']}; lint: {v['findings']}")
            pinned["known"].append(entry)
        print(f"seed {program.seed}: {v['outcome']}")
    left = sample.uncovered([sample.made(e).shape for key in ("cover", "regressions", "known")
                             for e in pinned[key]])
    sample.PINNED.write_text(json.dumps(pinned, indent=1) + "\n", encoding="utf-8")
    print(f"{len(left)} values still short: {sorted(left)}" if left else "every value covered")
    return 0


def saved(files: list[str]) -> list[dict]:
    """The verdicts `--json` printed to `files`, by seed, each with its program's text made
    again."""
    results = []
    for name in files:
        try:
            lines = Path(name).read_text(encoding="utf-8").splitlines()
        except OSError as err:
            raise SystemExit(f"gen_agree: cannot read {name}: {err.strerror}") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                r["text"] = generate(r["seed"]).text
            except (ValueError, KeyError, TypeError):
                raise SystemExit(
                    f"gen_agree: {name}:{number} is not a verdict --json printed") from None
            results.append(r)
    return sorted(results, key=lambda r: r["seed"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(),
                                                      "pbpit-gen-disagreements"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--fixes", action="store_true")
    parser.add_argument("--json", action="store_true", help="every verdict as JSON lines")
    parser.add_argument("--cover", action="store_true",
                        help="pin programs drawing the values the fixed sample lacks")
    parser.add_argument("--results", nargs="+", metavar="FILE",
                        help="report the verdicts of earlier --json runs instead of running")
    args = parser.parse_args(argv)
    if args.cover:
        return pin_cover(args.seed)

    start = time.perf_counter()
    if args.results:
        results = saved(args.results)
        if not results:
            print("gen_agree: no verdicts in " + ", ".join(args.results), file=sys.stderr)
            return 2
        args.seed, args.count = results[0]["seed"], len(results)
    else:
        results = run_all(list(range(args.seed, args.seed + args.count)), args.jobs, args.fixes)
    wall = time.perf_counter() - start
    if args.json:
        for r in results:
            print(json.dumps({k: v for k, v in r.items() if k != "text"}))
        return 0

    outcomes = Counter(r["verdict"]["outcome"] for r in results)
    panics = Counter(r["verdict"]["panic_rule"] or "(clean)" for r in results
                     if r["verdict"]["outcome"] != REFUSED)
    total = len(results)
    print(f"{total} programs (seeds {args.seed}..{args.seed + total - 1}): "
          + ", ".join(f"{outcomes[k]} {k}" for k in (AGREE, EXTRA, FALSE_ALARM, MISSED, REFUSED)))
    ran = max(1, total - outcomes[REFUSED])
    print(f"agreement: {outcomes[AGREE] / ran:.4f} of the programs the interpreter ran "
          f"({(outcomes[AGREE] + outcomes[EXTRA]) / ran:.4f} with an extra finding beside "
          f"the panic's counted as agreeing)")
    print("the run's verdicts: " + ", ".join(f"{n} {k}" for k, n in panics.most_common()))
    run = sum(r["run"] for r in results) / max(1, total)
    lint = sum(r["lint"] for r in results) / max(1, total)
    print(f"time per program: run {run * 1000:.1f} ms, lint {lint * 1000:.1f} ms; "
          f"wall {wall:.1f} s with {args.jobs} job(s) ({wall / max(1, total) * 1000:.1f} ms each)")

    print("\nagreement by shape (agree/ran):")
    for name in BY_SHAPE:
        ran = Counter(r["shape"].get(name, "-") for r in results
                      if r["verdict"]["outcome"] != REFUSED)
        agreed = Counter(r["shape"].get(name, "-") for r in results
                         if r["verdict"]["outcome"] == AGREE)
        print(f"  {name}: " + ", ".join(f"{v} {agreed[v]}/{n}" for v, n in sorted(ran.items())))

    out = Path(args.out)
    for kind in (EXTRA, FALSE_ALARM, MISSED, REFUSED):
        if not outcomes[kind]:
            continue
        common, lift = shapes(results, kind)
        print(f"\n{kind}: {outcomes[kind]}")
        print("  all share: " + (", ".join(f"{k}={v}" for k, v in common.items()) or "nothing"))
        for k, v, n, everyone in lift:
            print(f"  {k}={v}: {n} of {outcomes[kind]} (of {everyone} in all)")
        details = Counter(r["verdict"]["detail"] for r in results
                          if r["verdict"]["outcome"] == kind and r["verdict"]["detail"])
        for detail, n in details.most_common(5):
            print(f"  {n} x {detail[:150]}")
    disagreeing = [r for r in results if r["verdict"]["outcome"] != AGREE]
    if disagreeing:
        out.mkdir(parents=True, exist_ok=True)
        for r in disagreeing:
            v = r["verdict"]
            tail = (f"// verdict: {v['outcome']}; the run: "
                    f"{v['panic_rule'] or 'clean'} at {v['panic_binding']} "
                    f"(NodeId {v['node_id']}); lint: {v['findings']}; {v['detail']}\n")
            # Last, so that the lines the verdict cites are the file's.
            (out / f"{v['outcome']}_{r['seed']}.rs").write_text(r["text"] + tail, encoding="utf-8")
        print(f"\n{len(disagreeing)} disagreeing programs written to {out}/")
    if args.fixes:
        checks = [c for r in results for c in r["fixes"]]
        verdicts = Counter(c["verdict"] for c in checks)
        programs = [r for r in results if r["fixes"]]
        fixed = sum(any(c["verdict"] == "runs" for c in r["fixes"]) for r in programs)
        print(f"\nfixes: {len(checks)} made on {len(programs)} panicking programs: "
              + ", ".join(f"{n} {k}" for k, n in verdicts.most_common())
              + f"; {fixed} programs have a fix that runs without the panic")
        failing = Counter((c["rule"], c["help"][:70], c["verdict"]) for c in checks
                          if c["verdict"] != "runs")
        for (rule, help_, verdict), n in failing.most_common(8):
            seeds = [r["seed"] for r in programs for c in r["fixes"]
                     if (c["rule"], c["help"][:70], c["verdict"]) == (rule, help_, verdict)]
            print(f"  {n} x {verdict}: [{rule}] {help_} (seeds {', '.join(map(str, seeds[:5]))})")
            detail = next(c["detail"] for r in programs for c in r["fixes"]
                          if (c["rule"], c["help"][:70], c["verdict"]) == (rule, help_, verdict))
            if detail:
                print(f"    {detail.splitlines()[0][:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
