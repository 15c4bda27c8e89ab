"""Ctrl-C while the `pbpit` command is still loading (typer, rich: a few tenths of a second) is
`pbpit: interrupted` and exit status 130, as it is once a command runs, never a traceback of
whichever import it landed in. `pbpit.cli` imports this first and calls `loaded()` once its
own imports are done; a SIGINT ignored from the start (a background job) stays ignored."""

from __future__ import annotations

import signal
import sys
import threading


def _interrupted(number: int, frame: object) -> None:
    sys.stderr.write("pbpit: interrupted\n")
    raise SystemExit(130)


_PREVIOUS = None
if threading.current_thread() is threading.main_thread():
    _PREVIOUS = signal.getsignal(signal.SIGINT)
    if _PREVIOUS is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted)


def loaded() -> None:
    """The command has loaded: Ctrl-C is a KeyboardInterrupt again, which `cli.main` handles."""
    if (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is _interrupted
    ):
        signal.signal(signal.SIGINT, _PREVIOUS)
