"""The panics inside Rust's core library, as rustc 1.95.0's binaries print them.

Oracle: `tests/rust/std/core_panic_*.rs`, whose goldens `tools/record_rustc.py` recorded from
rustc 1.95.0's binaries (location `/rustc/<commit>/library/core/src/..` and message)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from pbpit.rust.interp.core_panics import CORE_PANICS, location_of

STD = Path(__file__).parent / "rust" / "std"
GOLDENS = sorted(STD.glob("core_panic_*.rs"))


def test_pbpit_prints_each_core_panic_as_rustc_195_did(tmp_path):
    for program in GOLDENS:
        for golden in STD.glob(program.stem + ".*"):
            shutil.copy(golden, tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "pbpit", "check", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{len(GOLDENS)} passed, 0 failed" in out.stdout


def test_every_row_but_the_integer_types_not_recorded_is_a_recorded_location():
    recorded = "".join(p.with_suffix(".stderr").read_text() for p in GOLDENS)
    for function in CORE_PANICS:
        if function.endswith("::int") and function not in ("i32::int", "u8::int"):
            continue  # measured once by hand (a `pow` overflowing per type), not recorded
        # In core, or in alloc for a row written `alloc:..` (a BTreeMap's range).
        assert f"panicked at {location_of(function)}:\n" in recorded, function
