"""Running a case as a fresh process would: ids from 0, an empty tape, its output captured."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

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


def run_case(case: Case, trace: bool = True, stream: bool = False) -> RunResult:
    """Run `case` as a fresh process would: ids from 0, an empty tape, stdout and stderr
    captured. A Python case runs as `__main__` with its directory first on the import path; a
    Rust case (`.rs`) is checked against the subset pbpit interprets, then interpreted.

    `trace` records the run (nodes, backwards, the variable each tensor is bound to). Naming a
    Python case's tensors needs a line tracer, which makes Python run the whole case ~3x
    slower: what only compares output (`--raw`, `check`) goes without, and gets a result with
    no nodes or backwards.

    `stream` also writes the case's output through to pbpit's stdout and stderr as it is
    printed (`pbpit run`): an interruption or an `os._exit` loses none of it."""
    program = LOADERS[case.language](case)
    from pbpit.engine.server import Panic

    recorder = Recorder(str(case.path), case.language, program.case_lines)
    run = Run((sys.stdout, sys.stderr) if stream else None)
    with fresh_engine(recorder if trace else None):
        try:
            program.run(run, recorder if trace else None)
        except Panic as err:
            run.panicked(err)
        finally:
            run.flush()  # a last line without a newline, before pbpit writes
    return run.result(case, recorder)


@contextlib.contextmanager
def fresh_engine(observer: Recorder | None) -> Iterator[None]:
    """The engine as a new process finds it (ids from 0, an empty tape), watched by `observer`;
    emptied again afterwards, so no case's tensors outlive it."""
    from pbpit.engine import server

    server.reset()
    server.SERVER.observer = observer
    try:
        yield
    finally:
        server.SERVER.observer = None
        server.reset()
