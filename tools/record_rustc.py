"""Record the goldens of `tests/rust/std/*.rs` from real rustc runs.

Every program there is std-only Rust inside the subset pbpit interprets (docs/RUST_SUBSET.md).
Its goldens are what the program compiled by rustc prints, so `pbpit check tests/rust/std`
proves that the interpreter prints exactly that. For each `NAME.rs` this script

1. compiles it as a debug build, so integer overflow panics as pbpit says it does:
   `rustc --edition 2021 -C debug-assertions=on NAME.rs`, run inside `tests/rust/std` so that
   panic locations read `NAME.rs:LINE:COL` (the binary is written to a temporary directory);
2. runs the binary with `RUST_BACKTRACE=0` and no input;
3. writes `NAME.stdout` (exactly the bytes printed) and, if the program printed anything on
   stderr, `NAME.stderr` (exactly the bytes, the empty line rustc 1.95 writes before `thread
   'main' ... panicked at` included, except the thread id, written `(TID)` as pbpit's goldens
   write it); a stale `NAME.stderr` is removed.

It refuses, writing nothing at all, when rustc rejects a program (its diagnostics are shown:
a golden must come from a real run) or when a program exits with a status its goldens cannot
record (`pbpit.check.expected_exit`: 101 after a panic, else 0; so a program that panics must
have ended its own stderr line first, or the panic line would not start a line).

Regenerate every golden (needs rustc on PATH, or `RUSTC=/path/to/rustc`):

    .venv/bin/python tools/record_rustc.py

or only some programs: `.venv/bin/python tools/record_rustc.py format_numbers casts`.
`--check` compares instead of writing (exit 1 if a golden is not what rustc prints now).
Then `.venv/bin/pbpit check tests/rust/std` runs the same programs in pbpit against them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STD_DIR = ROOT / "tests" / "rust" / "std"
sys.path.insert(0, str(ROOT))

from pbpit.check import expected_exit  # noqa: E402 - after the repository is on the path

RUSTC_FLAGS = ("--edition", "2021", "-C", "debug-assertions=on")
RUN_SECONDS = 60
_PANIC_LINE = re.compile(rb"^thread 'main' \(\d+\) panicked at ", re.M)


class Refused(Exception):  # noqa: N818 - the reason no golden can be written
    """A program whose output cannot be recorded (rustc rejects it, or its exit status)."""


@dataclass(frozen=True)
class Recorded:
    """What one program printed under rustc, in golden form."""

    name: str
    stdout: bytes
    stderr: bytes


def find_rustc() -> str:
    """`$RUSTC`, else `rustc` on PATH, else `~/.cargo/bin/rustc`."""
    given = os.environ.get("RUSTC")
    if given:
        found = shutil.which(given)
        if found is None:
            raise Refused(f"RUSTC={given} is not an executable")
        return found
    found = shutil.which("rustc")
    if found is None:
        fallback = Path.home() / ".cargo" / "bin" / "rustc"
        found = str(fallback) if fallback.is_file() else None
    if found is None:
        raise Refused("no rustc found: put it on PATH or set RUSTC")
    return found


def record(rustc: str, source: Path, build_dir: Path) -> Recorded:
    """Compile `source` with rustc and run it; its output in golden form."""
    ran = _compile_and_run(rustc, source, build_dir)
    stderr = _PANIC_LINE.sub(b"thread 'main' (TID) panicked at ", ran.stderr)
    try:
        ran.stdout.decode()
        stderr_text = stderr.decode()
    except UnicodeDecodeError:  # the goldens are text
        raise Refused(f"{source.name} prints bytes that are not UTF-8") from None
    implied = expected_exit(stderr_text)
    if ran.returncode != implied:
        raise Refused(
            f"{source.name} exits with status {ran.returncode}, but its output implies {implied}"
        )
    return Recorded(source.stem, ran.stdout, stderr)


def _compile_and_run(
    rustc: str, source: Path, build_dir: Path
) -> subprocess.CompletedProcess[bytes]:
    binary = build_dir / source.stem
    compiled = subprocess.run(
        [rustc, *RUSTC_FLAGS, source.name, "-o", str(binary)],
        cwd=source.parent,
        capture_output=True,
        text=True,
    )
    if compiled.returncode != 0:
        raise Refused(f"rustc rejects {source.name}:\n{compiled.stderr.rstrip()}")
    env = {**os.environ, "RUST_BACKTRACE": "0"}
    try:
        ran = subprocess.run(
            [str(binary)],
            cwd=source.parent,
            capture_output=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=RUN_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise Refused(f"{source.name} ran for more than {RUN_SECONDS} s") from None
    return ran


def golden_changes(recorded: Recorded) -> list[tuple[Path, bytes | None]]:
    """The golden files to write (bytes) or remove (None) so they hold `recorded`."""
    stdout_path = STD_DIR / f"{recorded.name}.stdout"
    stderr_path = STD_DIR / f"{recorded.name}.stderr"
    changes: list[tuple[Path, bytes | None]] = []
    if not stdout_path.is_file() or stdout_path.read_bytes() != recorded.stdout:
        changes.append((stdout_path, recorded.stdout))
    if recorded.stderr:
        if not stderr_path.is_file() or stderr_path.read_bytes() != recorded.stderr:
            changes.append((stderr_path, recorded.stderr))
    elif stderr_path.exists():
        changes.append((stderr_path, None))
    return changes


def sources(names: list[str]) -> list[Path]:
    if not names:
        found = sorted(STD_DIR.glob("*.rs"))
        if not found:
            raise Refused(f"no programs in {STD_DIR}")
        return found
    paths = [STD_DIR / f"{name.removesuffix('.rs')}.rs" for name in names]
    missing = [p.name for p in paths if not p.is_file()]
    if missing:
        raise Refused(f"no such program in {STD_DIR}: {', '.join(missing)}")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="programs to record (default: all)")
    parser.add_argument(
        "--check", action="store_true", help="compare with the goldens instead of writing"
    )
    args = parser.parse_args(argv)
    try:
        rustc = find_rustc()
        programs = sources(args.names)
        refusals: list[str] = []
        results: list[Recorded] = []
        with tempfile.TemporaryDirectory(prefix="record_rustc_") as build:
            for source in programs:
                try:
                    results.append(record(rustc, source, Path(build)))
                except Refused as err:
                    refusals.append(str(err))
        if refusals:
            raise Refused("\n\n".join([*refusals, "nothing written"]))
    except Refused as err:
        print(f"record_rustc: {err}", file=sys.stderr)
        return 1
    changes = [change for recorded in results for change in golden_changes(recorded)]
    if args.check:
        for path, _ in changes:
            print(f"differs from rustc: {path.relative_to(ROOT)}")
        print(f"{len(results)} programs, {len(changes)} golden files out of date")
        return 1 if changes else 0
    for path, data in changes:
        if data is None:
            path.unlink()
            print(f"removed {path.relative_to(ROOT)}")
        else:
            path.write_bytes(data)
            print(f"recorded {path.relative_to(ROOT)}")
    print(f"{len(results)} programs, {len(changes)} golden files written or removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
