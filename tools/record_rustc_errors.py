"""Record what rustc reports for the programs of `tests/rust/errors/*.rs`.

Each program there is one rustc rejects (a type error, a module file missing...). For each
`NAME.rs` this script runs `rustc --edition 2021 --error-format=json NAME.rs` inside
`tests/rust/errors` and writes

- `NAME.stderr`: rustc's own text of the errors (the `rendered` field of each, as rustc prints
  them without `--error-format`), for a reader;
- `NAME.rustc.json`: per error, in rustc's order, its code, message, the primary span (line,
  column, end column) and the primary label: what `tests/test_rust_refusals.py` compares
  pbpit's refusals with.

It refuses, writing nothing, when rustc accepts a program (a golden must be rustc's error).

    .venv/bin/python tools/record_rustc_errors.py          # every program
    .venv/bin/python tools/record_rustc_errors.py --check  # compare instead (exit 1 if stale)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ERRORS_DIR = ROOT / "tests" / "rust" / "errors"
sys.path.insert(0, str(ROOT / "tools"))

from record_rustc import Refused, find_rustc  # noqa: E402 - after tools/ is on the path


def record(rustc: str, source: Path) -> tuple[str, str]:
    """rustc's text and the JSON summary of its errors for `source`."""
    with tempfile.TemporaryDirectory(prefix="record_rustc_errors_") as build:
        ran = subprocess.run(
            [rustc, "--edition", "2021", "--error-format=json", source.name, "-o", f"{build}/b"],
            cwd=source.parent,
            capture_output=True,
            text=True,
        )
    if ran.returncode == 0:
        raise Refused(f"rustc accepts {source.name}: it belongs in tests/rust/std")
    errors, rendered = [], []
    for line in ran.stderr.splitlines():
        message = json.loads(line)
        if message.get("level") != "error" or message.get("code") is None:
            continue  # `aborting due to ..`
        rendered.append(message["rendered"])
        span = next(s for s in message["spans"] if s["is_primary"])
        errors.append(
            {
                "code": message["code"]["code"],
                "message": message["message"],
                "line": span["line_start"],
                "column": span["column_start"],
                "end_column": span["column_end"],
                "label": span["label"] or "",
            }
        )
    return "".join(rendered), json.dumps(errors, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    try:
        rustc = find_rustc()
        recorded = {p: record(rustc, p) for p in sorted(ERRORS_DIR.glob("*.rs"))}
    except Refused as err:
        print(f"record_rustc_errors: {err}", file=sys.stderr)
        return 1
    stale = []
    for source, (text, summary) in recorded.items():
        for suffix, data in ((".stderr", text), (".rustc.json", summary)):
            path = source.with_suffix(suffix)
            if not path.is_file() or path.read_text() != data:
                stale.append(path)
                if not args.check:
                    path.write_text(data)
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path.relative_to(ROOT)}")
    print(f"{len(recorded)} programs, {len(stale)} files {verb}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
