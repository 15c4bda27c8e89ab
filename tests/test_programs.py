"""The realistic Burn programs of tests/programs/ run through `pbpit run`, as a user runs them,
and print byte for byte what `cargo run` prints: stdout, the panic block (thread id `TID`) and
the exit status. The expectations come from outside pbpit: each program's float32 twin of Burn
(tests/programs/twins/, written from Burn's source) under every summation order it tries, and
node ids derived by hand in the program's comment. The Python version of a program (`NAME.py`,
pbpit's API) must print the same text.
"""

from __future__ import annotations

import contextlib
import io
import re
import runpy
import sys
from pathlib import Path

import pytest
from pbpit_process import THREAD, pbpit_cli, pbpit_run, recorded

PROGRAMS = Path(__file__).resolve().parent / "programs"
TWINS = PROGRAMS / "twins"

# A program refused today for a reason other work removes goes here, as `"NAME.rs": "why"`:
# strict, so that once it runs and matches the test fails until its mark is taken off.
XFAIL: dict[str, str] = {}


def program_files() -> list[Path]:
    """Every program with an expectation: the Rust ones, then their Python versions."""
    found = [p for suffix in (".rs", ".py") for p in sorted(PROGRAMS.glob(f"*{suffix}"))]
    return [p for p in found if p.with_suffix(".status").is_file()]



def marked(program: Path):
    reason = XFAIL.get(program.name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(program, id=program.name, marks=marks)


@pytest.mark.parametrize("program", [marked(p) for p in program_files()])
def test_program_prints_what_its_burn_program_prints(program: Path) -> None:
    status, stdout, stderr = recorded(program)
    assert pbpit_run(program) == (status, stdout, stderr)


def test_a_program_run_in_its_own_process_prints_the_same() -> None:
    program = PROGRAMS / "encoder_cached.rs"  # the panic, whose block goes to the real stderr
    done = pbpit_cli("run", "--raw", str(program))
    status, stdout, stderr = recorded(program)
    assert (done.returncode, done.stdout, THREAD.sub("thread 'main' (TID)", done.stderr)) == (
        status, stdout, stderr,
    )


def test_every_rust_program_has_its_twin_and_its_expectation_and_each_python_one_its_rust() -> None:
    rust = sorted(PROGRAMS.glob("*.rs"))
    assert len(rust) >= 15
    for program in rust:
        assert (TWINS / f"{program.stem}.py").is_file(), program.name
        assert program.with_suffix(".status").is_file(), f"{program.name}: no expectation"
        assert program.with_suffix(".stdout").is_file(), program.name
    for version in PROGRAMS.glob("*.py"):
        assert version.with_suffix(".rs").is_file(), f"{version.name}: no Rust program"
    # A program whose twin panics says where: its expectation's stderr names one NodeId.
    for program in rust:
        if recorded(program)[0] == 101:
            assert re.search(r"at NodeId\(\d+\)", recorded(program)[2]), program.name


# -- the expectations are what the twins print ----------------------------------------------------


@pytest.fixture(scope="module")
def burn32():
    """The twins' model of Burn, imported as the twins import it."""
    sys.path.insert(0, str(TWINS))
    try:
        import burn32 as model

        yield model
    finally:
        sys.path.remove(str(TWINS))


def twin_output(model, twin: Path, order: str) -> tuple[int, str, str]:
    """What `twins/run_twin.py` prints for `twin` under one summation order, in this process."""
    model.MODE = order
    model.reset()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            runpy.run_path(str(twin), run_name="__main__")
        except model.ConsumedPanic as panic:
            return 101, out.getvalue(), model.panic_block(panic.node)
    return 0, out.getvalue(), ""


@pytest.mark.parametrize("program", sorted(PROGRAMS.glob("*.rs")), ids=lambda p: p.stem)
def test_the_expectation_is_what_the_twin_prints_under_every_summation_order(
    program: Path, burn32, monkeypatch
) -> None:
    monkeypatch.setattr(burn32, "MODE", burn32.MODE)
    twin = TWINS / f"{program.stem}.py"
    for order in burn32.MODES:
        assert twin_output(burn32, twin, order) == recorded(program), order
    # The node the hand derivation in the program's comment names is where the twin panics.
    hand = re.search(r"^PANICS_AT = (\d+)", twin.read_text(), re.M)
    found = re.search(r"NodeId\((\d+)\)", recorded(program)[2])
    assert (hand and hand.group(1)) == (found and found.group(1))


# -- the two dialects ---------------------------------------------------------------------------

OLDER_DIALECT = {
    "actor_critic", "classifier_ce", "gan_step", "guide_train", "rnn_detached", "tbptt_detach",
}  # fmt: skip


def test_most_programs_are_burn_022s_style_and_some_keep_the_older_dialect() -> None:
    """Burn 0.22 dropped the backend generic: its users write `Tensor<2>`, `Linear`, `Device`;
    the programs before it (`Tensor<B, 2>`, `Linear<B>`, a backend type) stay as tests of the
    older dialect (tests/programs/README.md names them)."""
    older = re.compile(r"Tensor(::)?<B, |Linear<B>|<B: (Autodiff)?Backend>|type \w+ = Autodiff<")
    for program in sorted(PROGRAMS.glob("*.rs")):
        text = program.read_text()
        assert bool(older.search(text)) == (program.stem in OLDER_DIALECT), program.name
        if program.stem not in OLDER_DIALECT:
            assert "use burn::backend" not in text and "Default::default()" not in text
