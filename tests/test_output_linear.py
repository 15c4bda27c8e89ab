"""The output scanner reads hostile input (a pasted log, a program's output) in time linear in
its size: random mixtures of the panic formats' pieces, scanned at two sizes, take about as much
longer as they are longer (issue 28: one 160 KB line of the pre-1.73 format's pieces took 26
times as long as a plain line of the same size, 4.9 s).

No absolute time is asserted: the time of the same mixture at 8 times the size is compared with
its time at the base size (8 for a linear scan, 64 for a quadratic one), each the best of a few
runs, with a margin wide enough for a loaded machine. The parsers that replaced the backtracking
patterns are checked against those patterns on short inputs, where the patterns are quick.
"""

from __future__ import annotations

import re
import time

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbpit.diagnose.output import MAX_LINE, _header, _old_end, scan

TAPE = "graph tape has already been consumed at NodeId(7). Burn does not support retain_graph."
# The pieces of every format the scanner reads, and of the logs around them.
PIECES = [
    "thread 'main' panicked at '",
    "thread 'main' (4242) panicked at ",
    "thread '",
    "' panicked at ",
    "' (",
    "12",
    ") panicked at ",
    "', a",
    "', ",
    ":",
    ":7",
    ":7:21",
    "src/main.rs:16:13:",
    "'",
    "x",
    " ",
    "\n",
    "\r",
    "\x1b[1;31m",
    "\x1b[",
    "\x1bc",
    "error[E0308]: ",
    "error: ",
    "error",
    " --> ",
    "stack backtrace:",
    "  8: ",
    "             at ./src/main.rs:27:21",
    "        ",
    "0x55d5c0a1b2c3 - ",
    "::h0123456789abcdef",
    TAPE,
    "NodeId(",
    "app-1  | ",
    "2026-12-05T18:00:00Z ",
]

BASE = 6 * 1024
SCALE = 8
# A linear scan takes about SCALE times as long at SCALE times the size (less: fixed costs),
# a quadratic one SCALE**2 = 64 times. Three times the linear ratio leaves room for a loaded
# machine and still fails a quadratic scan by a factor of more than two.
LIMIT = 3 * SCALE


def _tiled(unit: bytes, size: int) -> bytes:
    return (unit * (size // len(unit) + 1))[:size]


def _best(data: bytes, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        scan([data])
        best = min(best, time.perf_counter() - start)
    return best


def _ratio(unit: bytes) -> float:
    small, large = _tiled(unit, BASE), _tiled(unit, BASE * SCALE)
    assert len(large) < MAX_LINE  # one line of it is read whole, never cut
    return _best(large) / max(_best(small), 1e-7)


@settings(
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12))
# The issue's line: the old format's header, then `', a` over and over.
@example(["thread 'main' panicked at 'x", *["', a"] * 8])
@example(["', a"])
@example(["thread '"])
@example(["' panicked at "])
@example(["thread 'main' panicked at '", ":7", "', ", "x"])
def test_scan_time_is_linear_in_the_input(pieces: list[str]) -> None:
    unit = "".join(pieces).encode()
    ratio = _ratio(unit)
    if ratio > LIMIT:
        # A spike of load on one measurement: measure again, keep the better.
        ratio = min(ratio, _ratio(unit))
    assert ratio <= LIMIT, f"{SCALE}x the input took {ratio:.1f}x the time: {pieces!r}"


# The patterns the parsers replaced: what each must still find, on inputs short enough that
# their backtracking costs nothing.
OLD_HEADER = re.compile(r"(.*?)thread '(.*)'(?: \((\d+)\))? panicked at (.*)")
OLD_END = re.compile(r"(.*)', (.+?):(\d+)(?::(\d+))?", re.DOTALL)
SHORT = [p for p in PIECES if "\n" not in p] + ["4", "'x", ") ", " (", "1:"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(SHORT), max_size=10))
def test_header_finds_what_the_pattern_found(pieces: list[str]) -> None:
    text = "".join(pieces)
    old = OLD_HEADER.fullmatch(text)
    assert _header(text) == (old.groups() if old else None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(SHORT), max_size=10))
def test_old_end_finds_what_the_pattern_found(pieces: list[str]) -> None:
    text = "".join(pieces)
    old = OLD_END.fullmatch(text)
    assert _old_end(text) == (old.groups() if old else None)


def test_the_issue_line_is_read_as_a_panic() -> None:
    line = b"thread 'main' panicked at 'x" + b"', a" * 40_000 + b"\n"
    (panic,) = scan([line])
    assert panic.thread == "main"
