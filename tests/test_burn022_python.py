"""Real Burn as the oracle for pbpit's engine and `pbpit.nn`: each program of tests/burn022/ has a
Python twin, `NAME.py`, written in pbpit's Python API as the Rust one is written, which must print
the bytes real Burn printed (`NAME.stdout`, `NAME.stderr` with the thread id `TID`, `NAME.status`;
tests/burn022/README.md says how they were measured).

The Rust programs themselves are tests/test_burn022.py's; the twins check the engine, the node ids
of each op, `Linear`'s three ops, the seeded random stream, the optimizers and the panic's text
apart from the Rust interpreter.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_run, recorded

BURN022 = Path(__file__).resolve().parent / "burn022"


def twins() -> list[Path]:
    return sorted(BURN022.glob("*.py"))



@pytest.mark.parametrize("twin", twins(), ids=lambda p: p.stem)
def test_the_python_twin_prints_what_real_burn_printed(twin: Path) -> None:
    assert pbpit_run(twin) == recorded(twin)


def test_every_real_burn_program_has_its_python_twin() -> None:
    rust = {p.stem for p in BURN022.glob("*.rs")}
    python = {p.stem for p in twins()}
    assert len(rust) == 24
    assert rust == python
