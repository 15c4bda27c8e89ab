"""Real Burn as the oracle: the programs of tests/burn022/, written in Burn 0.22's style (no
backend generic), beside what real Burn printed for each (stdout, stderr with the thread id
`TID`, exit status; see tests/burn022/README.md for how they were measured).

`pbpit run --raw` must print the same bytes; `pbpit lint` must warn on exactly the programs
that panic; `explain -` must read real Burn's own panic output against the program as a crate.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import pbpit_cli, pbpit_main, pbpit_run, recorded

BURN022 = Path(__file__).resolve().parent / "burn022"

# A program pbpit cannot yet match goes here, `"NAME": "why"`: strict, so that a program that
# starts matching fails until its mark is taken off.
XFAIL: dict[str, str] = {}


def programs() -> list[Path]:
    return sorted(BURN022.glob("*.rs"))



def marked(program: Path):
    reason = XFAIL.get(program.stem)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(program, id=program.stem, marks=marks)


def test_the_corpus_is_whole() -> None:
    """Every program has its three outputs, and the corpus has not lost programs."""
    assert len(programs()) >= 24
    for program in programs():
        for suffix in (".stdout", ".stderr", ".status"):
            assert program.with_suffix(suffix).is_file(), program.with_suffix(suffix).name


@pytest.mark.parametrize("program", [marked(p) for p in programs()])
def test_pbpit_prints_what_real_burn_printed(program: Path) -> None:
    assert pbpit_run(program) == recorded(program)


@pytest.mark.parametrize("program", [pytest.param(p, id=p.stem) for p in programs()])
def test_lint_warns_on_exactly_the_programs_that_panic(program: Path) -> None:
    done = pbpit_main("lint", str(program))
    panics = recorded(program)[0] == 101
    assert done.returncode == (1 if panics else 0), done.stdout + done.stderr


def crate_of(program: Path, root: Path) -> Path:
    """`program` as the `src/main.rs` of a crate of its own."""
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text('[package]\nname = "burn022"\nversion = "0.1.0"\n')
    (root / "src" / "main.rs").write_text(program.read_text())
    return root


TAPE_PANICS = [
    p for p in programs() if "graph tape has already been consumed" in recorded(p)[2]
]


@pytest.mark.parametrize("program", [pytest.param(p, id=p.stem) for p in TAPE_PANICS])
def test_explain_reads_real_burns_panic_against_the_crate(program: Path, tmp_path) -> None:
    """Real Burn's output, piped into `explain -` from the program's crate, gives lint's finding
    on a line of the program (no backtrace in these outputs: the crate's findings are the likely
    causes)."""
    crate = crate_of(program, tmp_path / "crate")
    _, stdout, stderr = recorded(program)
    done = pbpit_cli("explain", "-", stdin=stdout + stderr, cwd=crate)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "src/main.rs:" in done.stdout + done.stderr
    assert "warning[pbpit::" in done.stdout + done.stderr
