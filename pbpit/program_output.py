"""`pbpit explain -` and `pbpit -- COMMAND`, the command layer: a program's output read (stdin,
or the program run with its output passed through), its tape panics explained in the crate, and
what was found printed (`pbpit.diagnose.crash.render`), on stdout for `explain -`, on stderr
after the program's output for `pbpit --`."""

from __future__ import annotations

import errno
import os
import signal
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbpit.diagnose.crash import Explained


def explain_stream(stream: Any, source: str | None) -> Explained:
    """Every tape panic in a program's output, read in blocks, diagnosed in the crate."""
    from pbpit.diagnose.output import read

    if stream.isatty():
        print(
            "pbpit: reading a program's output from the terminal (Ctrl-D ends it); pipe it in: "
            "`RUST_BACKTRACE=1 cargo run 2>&1 | pbpit explain -`",
            file=sys.stderr,
        )
    scanner = read(stream)
    # The crate and lint are loaded only for a tape panic: a log without one is read at
    # nearly the speed of grep.
    from pbpit.diagnose.crash import explain_events

    return explain_events(scanner.finish(), source, scanner.panics_dropped)


def show_explained(explained: Explained, fmt: str) -> int:
    """Print what `explained` says (or the one JSON object) and why nothing was explained, if
    so; its exit status."""
    if fmt == "json":
        from pbpit.cli import _print_json

        _print_json(explained.to_json())
        return explained.status
    print_explained(explained)
    if explained.status:
        print(f"pbpit: {explained.missing()}", file=sys.stderr)
    return explained.status


def print_explained(explained: Explained, stderr: bool = False) -> None:
    """The rustc-style text of `explained`, on stdout or stderr (nothing when it is empty)."""
    from pbpit.cli import _console
    from pbpit.diagnose.crash import render as render_crash

    console = _console(stderr)
    text = render_crash(explained, console.width)
    if text.plain:
        console.print(text, end="", soft_wrap=True, highlight=False, markup=False)


def wrapped(command: list[str]) -> int:
    """`pbpit -- COMMAND [ARGS]`: run the program, its output passed through live, then explain
    each tape panic it printed, after its output, on stderr; the program's exit status, even
    when pbpit's own stdout or stderr was closed by its reader."""
    from pbpit.diagnose.crash import explain_events
    from pbpit.diagnose.output import OutputScanner
    from pbpit.runner.wrap import run_wrapped

    scanner = OutputScanner()
    last = bytearray(b"\n")

    def sink(block: bytes) -> None:
        scanner.feed(block)
        if block:
            last[:] = block[-1:]

    # A reader that went away costs the report, never the program's status (`| head -1`).
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    status = run_wrapped(command, sink)
    explained = explain_events(scanner.finish(), None, scanner.panics_dropped)
    if explained.diagnoses or explained.rejected or explained.panics_dropped:
        try:
            if last != b"\n":  # the program's last line had no newline
                sys.stderr.write("\n")
            print_explained(explained, stderr=True)
            sys.stderr.flush()
        except OSError as err:
            if err.errno != errno.EPIPE:
                raise
            # Nothing more can be said: what is buffered goes nowhere rather than fail at exit.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            os.close(devnull)
    return status
