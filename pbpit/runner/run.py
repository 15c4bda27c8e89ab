"""Running a case as a fresh process would: ids from 0, an empty tape, its output captured."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from pbpit.runner.capture import Run
from pbpit.runner.find import Case
from pbpit.runner.python_case import load_python_case
from pbpit.runner.record import Recorder
from pbpit.runner.rust_case import load_rust_case
from pbpit.source import Language

if TYPE_CHECKING:
    from pbpit.trace import RunResult


class Program(Protocol):
    """A case loaded and ready to run, in either language."""

    case_lines: Callable[[], list[int]] | None
    """Where the recorder reads the case's lines (None: from the Python frames)."""

    def run(self, run: Run, recorder: Recorder | None) -> None: ...


# How each language's case is loaded: a UsageError here means it does not run at all.
LOADERS: dict[Language, Callable[[Case], Program]] = {
    Language.PYTHON: load_python_case,
    Language.RUST: load_rust_case,
}


def run_case(
    case: Case, trace: bool = True, timeout: float | None = None, stream: bool = False
) -> RunResult:
    """Run `case` as a fresh process would: ids from 0, an empty tape, stdout and stderr
    captured. A Python case runs as `__main__` with its directory first on the import path; a
    Rust case (`.rs`) is checked against the subset pbpit interprets, then interpreted.

    `trace` records the run (nodes, backwards, the variable each tensor is bound to). Naming a
    Python case's tensors needs a line tracer, which makes Python run the whole case ~3x
    slower: what only compares output (`--raw`, `check`) goes without, and gets a result with
    no nodes or backwards.

    `timeout` (seconds; None or 0: none) stops a case that runs longer and raises CaseTimedOut
    with what it printed until then. It needs the main thread (elsewhere there is no limit),
    and a case busy in one long call into C (a numba kernel) stops only when that call returns.

    `stream` also writes the case's output through to pbpit's stdout and stderr as it is
    printed (`pbpit run`): an interruption or an `os._exit` loses none of it."""
    program = LOADERS[case.language](case)
    from pbpit.engine.server import Panic

    recorder = Recorder(str(case.path), case.language, program.case_lines)
    run = Run((sys.stdout, sys.stderr) if stream else None)
    alarm = _Alarm(timeout)
    with fresh_engine(recorder if trace else None):
        try:
            alarm.start()
            try:
                program.run(run, recorder if trace else None)
            except Panic as err:
                run.panicked(err)
            finally:
                alarm.stop()
                run.flush()  # a last line without a newline, before pbpit writes
        except _Deadline:
            pass
        finally:
            alarm.stop()  # again: the alarm may ring just as the first stop begins
    result = run.result(case, recorder, program)
    if alarm.expired:
        # Whatever the case did after the alarm (a case error, an exit status) is not its end.
        result.error, result.exit_code = None, 0
        raise CaseTimedOut(alarm.seconds, result)
    return result


class CaseTimedOut(Exception):
    """A case ran past `run_case`'s `timeout`; `result` holds what it printed until then."""

    def __init__(self, seconds: float, result: RunResult) -> None:
        super().__init__(f"timed out after {seconds:g} s")
        self.seconds = seconds
        self.result = result


class _Deadline(BaseException):
    """Raised in the case by the alarm: not an Exception, so the case's `except Exception` lets
    it through."""


class _Alarm:
    """SIGALRM after `seconds`, then every second after (for a case that swallows one)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds or 0.0
        self.armed = bool(seconds) and threading.current_thread() is threading.main_thread()
        self.expired = False
        self._previous: Any = None

    def _ring(self, signum: int, frame: object) -> None:
        if self.armed:
            self.expired = True
            raise _Deadline

    def start(self) -> None:
        if self.armed:
            self._previous = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds, 1.0)

    def stop(self) -> None:
        if self.armed:
            self.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)


@contextlib.contextmanager
def fresh_engine(observer: Recorder | None) -> Iterator[None]:
    """The engine as a new process finds it (ids from 0, an empty tape), watched by `observer`;
    emptied again afterwards, so no case's tensors outlive it."""
    from pbpit.engine import server
    from pbpit.engine.tensor import fewer_collections

    server.reset()
    server.SERVER.observer = observer
    try:
        with fewer_collections():
            yield
    finally:
        server.SERVER.observer = None
        server.reset()
