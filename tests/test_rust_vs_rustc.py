"""The interpreter prints exactly what rustc's programs print: every std-only program in
`tests/rust/std` runs in pbpit and matches the output recorded from a real rustc build
(`tools/record_rustc.py`, which needs rustc; these tests do not)."""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_main

STD_DIR = Path(__file__).parent / "rust" / "std"


def test_every_std_program_prints_what_rustc_printed():
    out = pbpit_main("check", str(STD_DIR))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(f"{len(list(STD_DIR.glob('*.rs')))} passed, 0 failed")


def test_every_std_program_has_its_recorded_stdout():
    programs = sorted(STD_DIR.glob("*.rs"))
    assert programs
    missing = [p.name for p in programs if not p.with_suffix(".stdout").is_file()]
    assert missing == [], "record them: .venv/bin/python tools/record_rustc.py"


def test_no_golden_is_left_without_its_program():
    goldens = [*STD_DIR.glob("*.stdout"), *STD_DIR.glob("*.stderr")]
    orphans = [g.name for g in goldens if not g.with_suffix(".rs").is_file()]
    assert orphans == []
