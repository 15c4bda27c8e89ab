"""Programs with rustc 1.95's verdict recorded beside them (`rejects(code)`: the first error
code rustc reports; `runs(stdout, status, stderr)`: what its binary printed), and the two checks
every table of them gets: pbpit gives each program rustc's verdict, and (where rustc is on PATH)
the recorded verdicts are still rustc's (`verdict_tests` makes the pair). Used by the
test_rustc_verdicts*.py files, test_rust_slices.py, test_loop_borrows.py and others."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
import rustc_differential as diff
from record_rustc import Refused, find_rustc


def rejects(code: str) -> diff.Verdict:
    return diff.Verdict("rejected", codes=[code])


def runs(stdout: str, status: int = 0, stderr: str = "") -> diff.Verdict:
    return diff.Verdict("ran", stdout, stderr, status)


def judge(source: str, judge: Callable[[Path], diff.Verdict]) -> diff.Verdict:
    """`judge`'s verdict on `source` written as `main.rs` in a fresh folder."""
    with tempfile.TemporaryDirectory(prefix="rustc_verdicts_") as folder:
        path = Path(folder) / "main.rs"
        path.write_text(source)
        return judge(path)


def same(found: diff.Verdict, expected: diff.Verdict) -> bool:
    if expected.state == "rejected":
        return found.state == "rejected" and found.codes[:1] == expected.codes
    return (found.state, found.stdout, found.stderr, found.status) == (
        "ran",
        expected.stdout,
        expected.stderr,
        expected.status,
    )


def pbpit_gives(cases: dict[str, tuple[str, diff.Verdict]], name: str) -> None:
    source, expected = cases[name]
    found = judge(source, diff.pbpit_verdict)
    assert same(found, expected), (found, expected)


def pbpit_gives_or_refuses(cases: dict[str, tuple[str, diff.Verdict]], name: str) -> None:
    """`pbpit_gives`, but a program rustc rejects may instead be refused as outside the subset
    (no error code): never run."""
    source, expected = cases[name]
    found = judge(source, diff.pbpit_verdict)
    refused = found.state == "rejected" and found.outside and found.codes == [""]
    if expected.state == "rejected" and refused:
        return
    assert same(found, expected), (found, expected)


def rustc_verdicts(sources: dict[str, str]) -> dict[str, diff.Verdict]:
    """rustc's verdict on each program now (the test skips when rustc is not on PATH)."""
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    return {
        name: judge(source, lambda path: diff.rustc_verdict(rustc, path))
        for name, source in sources.items()
    }


def stale(cases: dict[str, tuple[str, diff.Verdict]]) -> list[tuple[str, diff.Verdict]]:
    """The programs whose recorded verdict rustc no longer gives."""
    now = rustc_verdicts({name: source for name, (source, _) in cases.items()})
    return [
        (name, now[name]) for name, (_, expected) in cases.items() if not same(now[name], expected)
    ]


def verdict_tests(cases: dict[str, tuple[str, diff.Verdict]]) -> tuple[Callable, Callable]:
    """The two tests of a table of programs, named in its test file as
    `test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)`:
    pbpit gives each program its recorded verdict (one test a program), and (`pytest -m slow`,
    rustc builds each program: seconds) the recorded verdicts are still rustc's."""

    @pytest.mark.parametrize("name", sorted(cases))
    def test_pbpit_gives_rustcs_verdict(name: str) -> None:
        pbpit_gives(cases, name)

    @pytest.mark.slow
    def test_the_recorded_verdicts_are_rustcs() -> None:
        assert stale(cases) == []

    return test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs
