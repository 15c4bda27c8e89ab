"""Mutated shipped programs never break pbpit: whatever a `.rs` or `.py` file becomes when tokens
or lines are deleted, duplicated or swapped, or a character inserted, pbpit ends with one of its
exit statuses and no traceback, `--json` prints JSON, and a Rust program rustc rejects is never
run to a result.

The default run tries a few examples (a few seconds); `pytest -m slow` tries many more, and
compares the `.rs` mutants with rustc where it is on PATH.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, reject, seed, settings
from hypothesis import strategies as st

from pbpit import cli
from pbpit.rust.interp.program import load

ROOT = Path(__file__).parent.parent
RUST = sorted([*(ROOT / "cases").glob("*.rs"), *(ROOT / "tests" / "rust" / "std").glob("*.rs")])
STD_RUST = sorted((ROOT / "tests" / "rust" / "std").glob("*.rs"))
PYTHON = sorted((ROOT / "cases").glob("*.py"))
STATUSES = {0, 1, 2, 101, 130}
TIME_LIMIT = 10  # seconds for one run of pbpit: past it, a hang (see `pbpit`)
FEW, MANY = 12, 1000

# Characters that break programs in interesting ways: delimiters, operators, quotes, escapes,
# a digit, spaces, a combining mark, a text direction codepoint, a wide character, NUL.
INSERTED = list("{}()[];,.:!&*-+<>=|'\"\\#/09_a \t\n") + ["\u0301", "\u202e", "世", "\0"]
# Words to put in place of a token: keywords, paths and suffixes that change what a program means.
WORDS = ["return", "mut", "::", "clone", "MIN", "f32", "u8", "'static", "//!", "///", "loop"]
_TOKEN = re.compile(r"\w+|\S")


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


@st.composite
def mutants(draw: st.DrawFn, files: list[Path]) -> tuple[str, str]:
    """(file name, mutated text): one to three edits of a shipped file."""
    path = draw(st.sampled_from(files))
    text = path.read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["token", "line", "char"]))
        if kind == "char":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(INSERTED)) + text[at:]
            continue
        if kind == "token":
            units = [(m.start(), m.end()) for m in _tokens(text)]
        else:
            units, start = [], 0
            for line in text.splitlines(keepends=True):
                units.append((start, start + len(line)))
                start += len(line)
        if len(units) < 2:
            continue
        i = draw(st.integers(0, len(units) - 2))
        (a, b), (c, d) = units[i], units[i + 1]
        edit = draw(st.sampled_from(["delete", "duplicate", "swap", "replace"]))
        if edit == "delete":
            span = draw(st.integers(1, 4)) if kind == "token" else 1
            b = units[min(i + span, len(units)) - 1][1]
            text = text[:a] + text[b:]
        elif edit == "replace" and kind == "token":
            other = draw(st.sampled_from([text[x:y] for x, y in units] + WORDS))
            text = text[:a] + other + text[b:]
        elif edit == "duplicate":
            text = text[:b] + (" " if kind == "token" else "") + text[a:b] + text[b:]
        else:
            text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    return path.name, text


class Hang(Exception):  # noqa: N818 - the test's own verdict
    pass


def _alarm(signum: int, frame: object) -> None:
    raise Hang(f"pbpit ran for more than {TIME_LIMIT} s")


def pbpit(*args: str, cwd: Path) -> tuple[int, str, str]:
    """Run pbpit's command line in this process: (exit status, stdout, stderr). A traceback
    (an exception escaping `cli.main`) fails the test. A run past TIME_LIMIT is the mutant's
    own endless loop (`i += 1;` deleted) if it got as far as running: then the example is
    dropped; a Rust file that cannot even be loaded in that time is pbpit's hang."""
    out, err = io.StringIO(), io.StringIO()
    argv, here = sys.argv, os.getcwd()
    sys.argv = ["pbpit", *args]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIME_LIMIT)
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main()
                status = 0
            except SystemExit as done:
                status = done.code if isinstance(done.code, int) else 1
    except Hang:
        if args[-1].endswith(".rs"):
            signal.alarm(TIME_LIMIT)
            try:
                load(str(cwd / args[-1]))  # Hang if loading alone takes that long
            except Hang:
                raise
            except Exception:  # refused, or a syntax error: it ended
                pass
        reject()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        sys.argv = argv
        os.chdir(here)
    return status, out.getvalue(), err.getvalue()


def check_mutant(tmp_path: Path, name: str, text: str) -> int:
    """Every command on the mutant ends well; the status of `run --raw`."""
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    shown = f"mutant of {name}:\n{text}"
    status, _, stderr = pbpit("run", "--raw", name, cwd=tmp_path)
    assert status in STATUSES, shown + stderr
    assert "Traceback" not in stderr, shown + stderr
    json_status, stdout, stderr = pbpit("run", "--json", name, cwd=tmp_path)
    assert json_status in STATUSES, shown + stderr
    if stdout.strip():  # a usage error prints its one line on stderr and nothing here
        assert isinstance(json.loads(stdout), dict), shown + stdout
    if name.endswith(".rs"):
        lint_status, _, stderr = pbpit("lint", name, cwd=tmp_path)
        assert lint_status in STATUSES, shown + stderr
        assert "Traceback" not in stderr, shown + stderr
    return status


_SETTINGS = {
    "derandomize": True,
    "deadline": None,
    "database": None,
    "suppress_health_check": [
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
}


@seed(10)
@settings(max_examples=FEW, **_SETTINGS)
@given(mutant=mutants(RUST))
def test_a_mutated_rust_program_ends_well(tmp_path, mutant):
    check_mutant(tmp_path, *mutant)


@seed(10)
@settings(max_examples=FEW, **_SETTINGS)
@given(mutant=mutants(PYTHON))
def test_a_mutated_python_case_ends_well(tmp_path, mutant):
    check_mutant(tmp_path, *mutant)


@pytest.mark.slow
@seed(11)
@settings(max_examples=MANY, **_SETTINGS)
@given(mutant=mutants(RUST))
def test_many_mutated_rust_programs_end_well(tmp_path, mutant):
    check_mutant(tmp_path, *mutant)


@pytest.mark.slow
@seed(11)
@settings(max_examples=MANY, **_SETTINGS)
@given(mutant=mutants(PYTHON))
def test_many_mutated_python_cases_end_well(tmp_path, mutant):
    check_mutant(tmp_path, *mutant)


RUSTC = shutil.which(os.environ.get("RUSTC", "rustc"))


def rustc_accepts(directory: Path, name: str) -> tuple[bool, str]:
    """Whether rustc compiles the file, as tools/record_rustc.py builds the goldens."""
    built = subprocess.run(
        [RUSTC, "--edition", "2021", "-C", "debug-assertions=on", "-o", "mutant", name],
        cwd=directory,
        capture_output=True,
        text=True,
    )
    return built.returncode == 0, built.stderr


# What rustc checks and pbpit does not (docs/RUST_SUBSET.md, "Known gaps"): a mutant rejected
# only for these says nothing new. Borrow checking beyond a use after move, initialization, and
# the erased references (a `&T` compared with, or given for, a `T`).
_BORROWS = ("E0499", "E0502", "E0505", "E0506", "E0507", "E0596", "E0597", "E0381", "E0716")
_REFERENCE = re.compile(r"`&(?:mut )?[^`]*`")


def known_gap(diagnostics: str) -> bool:
    errors = [line for line in diagnostics.splitlines() if line.startswith("error")]
    errors = [e for e in errors if not e.startswith("error: aborting")]

    def gap(error: str) -> bool:
        if any(f"[{code}]" in error for code in _BORROWS):
            return True
        return ("[E0308]" in error or "[E0277]" in error) and bool(_REFERENCE.search(error))

    # E0308's first line names no type: the reference shows in the lines below it.
    if errors and all(e.startswith("error[E0308]") for e in errors):
        return "expected `&" in diagnostics or "found `&" in diagnostics
    return bool(errors) and all(gap(e) for e in errors)


@pytest.mark.slow
@pytest.mark.skipif(RUSTC is None, reason="rustc is not on PATH")
@seed(12)
@settings(max_examples=MANY, **_SETTINGS)
@given(mutant=mutants(STD_RUST))
def test_a_mutant_rustc_rejects_is_never_run_to_a_result(tmp_path, mutant):
    name, text = mutant
    status = check_mutant(tmp_path, name, text)
    accepted, diagnostics = rustc_accepts(tmp_path, name)
    if not accepted and status != 2 and known_gap(diagnostics):
        reject()
    if not accepted:
        assert status == 2, f"rustc rejects this mutant of {name}:\n{text}\n{diagnostics}"
