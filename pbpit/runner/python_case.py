"""Loading a Python case: compiled before it runs, then run as `python case.py` would run it."""

from __future__ import annotations

import contextlib
import operator
import os
import sys
import threading
import types
from collections.abc import Callable
from types import CodeType, TracebackType
from typing import TYPE_CHECKING, NoReturn, TextIO

from pbpit.errors import UsageError
from pbpit.source import not_utf8
from pbpit.trace import CaseError

if TYPE_CHECKING:
    from pbpit.runner.capture import Run
    from pbpit.runner.find import Case
    from pbpit.runner.record import Recorder


def compile_case(case: Case) -> CodeType:
    """The case's code, or a UsageError for a file that cannot be read or compiled."""
    try:
        # utf-8-sig: a byte-order mark at the start is fine, as it is for Python.
        source = case.path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as err:
        raise UsageError(f"cannot read case file {case.path}: {not_utf8(err)}") from None
    except OSError as err:
        raise UsageError(f"cannot read case file {case.path}: {err}") from None
    try:
        return compile(source, str(case.path), "exec")
    except SyntaxError as err:
        where = f"{case.path}" + (f":{err.lineno}" if err.lineno else "")
        where += f":{err.offset}" if err.lineno and err.offset else ""
        raise UsageError(f"syntax error in case {where}: {err.msg}") from None
    except ValueError as err:  # a null byte, on Pythons that do not call it a syntax error
        raise UsageError(f"cannot compile case {case.path}: {err}") from None


class PythonProgram:
    """A compiled Python case, ready to run as `__main__`."""

    case_lines: Callable[[], list[int]] | None = None
    """The recorder reads a Python case's lines from its frames."""

    def __init__(self, case: Case, code: CodeType) -> None:
        self.filename = str(case.path)
        self.folder = str(case.path.resolve().parent)
        self.code = code

    def run(self, run: Run, recorder: Recorder | None) -> None:
        """Run the case, its output captured in `run`; a case error, `sys.exit` or `os._exit`
        ends it as it would end the process. A panic is raised to the caller, and so is an
        interrupt (Ctrl-C, or a KeyboardInterrupt the case raises): pbpit's to report.

        Nothing the case changes reaches pbpit's own work afterwards: its recursion limit is put
        back, and a child process it forks ends with the case (its own status), never running
        pbpit's rendering or exit."""
        from pbpit.engine.server import Panic

        # As `python case.py` would: the case is `__main__`, its argv is its own path, and modules
        # beside it import (and are forgotten afterwards, so the next case gets its own).
        main = types.ModuleType("__main__")
        main.__file__ = self.filename
        saved = sys.modules["__main__"], sys.argv, set(sys.modules)
        limit, pid = sys.getrecursionlimit(), os.getpid()
        pbpit_stderr, exit_now = sys.stderr, os._exit
        sys.modules["__main__"], sys.argv = main, [self.filename]
        sys.path.insert(0, self.folder)
        os._exit = _ending_the_case(pid, run, pbpit_stderr, exit_now)
        _RUNNING.append(run)
        previous_trace = sys.gettrace()
        if recorder is not None:
            # Naming tensors needs a line tracer: ~3x slower, so only when the run is recorded.
            sys.settrace(recorder.trace)
        try:
            try:
                with contextlib.redirect_stdout(run.stdout), contextlib.redirect_stderr(run.stderr):
                    exec(self.code, main.__dict__)
            finally:
                # pbpit handles how the case ended as pbpit had things, not as the case left them.
                sys.settrace(previous_trace)
                sys.setrecursionlimit(limit)
                os._exit = exit_now
                _RUNNING.remove(run)
        except Panic as err:
            if os.getpid() == pid:
                raise
            run.panicked(err)  # in a forked child: it ends below
        except KeyboardInterrupt:
            if os.getpid() == pid:
                raise
            run.exit_code = 130
        except SystemExit as err:
            run.exited(err.code)
        except _ProcessExit as err:
            run.exit_code = err.code
        except BaseException as err:  # GeneratorExit, a BaseException of the case's own
            run.raised(_case_error(err, self.filename))
        finally:
            if os.getpid() != pid:
                _end_forked_child(run, self.filename, pbpit_stderr, exit_now)
            sys.path.remove(self.folder)
            sys.modules["__main__"], sys.argv = saved[0], saved[1]
            for name in set(sys.modules) - saved[2]:
                module_file = getattr(sys.modules[name], "__file__", None) or ""
                if module_file.startswith(self.folder + os.sep):
                    del sys.modules[name]


# The run of the case now running: a child it forks starts its own output from there.
_RUNNING: list[Run] = []


def _forked() -> None:
    for run in _RUNNING:
        run.forked()


os.register_at_fork(after_in_child=_forked)


class _ProcessExit(BaseException):
    """`os._exit(code)` called by the case in pbpit's own process: the case ends at once."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _ending_the_case(
    pid: int, run: Run, pbpit_stderr: TextIO, exit_now: Callable[[int], NoReturn]
) -> Callable[[int], NoReturn]:
    """The case's `os._exit`: in pbpit's process it ends the case, not pbpit (whose result, the
    JSON object included, is still to be written); in a child the case forked, the child."""

    def _exit(code: int) -> NoReturn:
        code = operator.index(code)
        if os.getpid() == pid and threading.current_thread() is threading.main_thread():
            raise _ProcessExit(code)
        if os.getpid() != pid:
            run.exit_code = code
            _end_forked_child(run, None, pbpit_stderr, exit_now)
        exit_now(code)

    return _exit


def _end_forked_child(
    run: Run, filename: str | None, pbpit_stderr: TextIO, exit_now: Callable[[int], NoReturn]
) -> NoReturn:
    """End a child process the case forked, with the case's status. What it printed and was not
    echoed (`--json`) goes to stderr: only the parent's run is rendered."""
    from pbpit.rust.panic import panic_block

    text = run.uncollected()
    if run.panic is not None:
        text += panic_block(run.panic.message, run.panic.location, os.getpid())
    if run.error is not None and filename is not None:
        line = f":{run.error.line}" if run.error.line else ""
        text += f"pbpit: case error at {filename}{line}: {run.error.message}\n"
    with contextlib.suppress(Exception):
        run.flush()
        pbpit_stderr.write(text)
        pbpit_stderr.flush()
    exit_now(run.exit_code)


def load_python_case(case: Case) -> PythonProgram:
    """The case compiled (a UsageError if it cannot be), with the engine loaded before it runs."""
    code = compile_case(case)
    from pbpit.engine.tensor import Tensor  # noqa: F401 - the engine loads before the case runs

    return PythonProgram(case, code)


def _case_error(err: BaseException, filename: str) -> CaseError:
    line = None
    tb: TracebackType | None = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    message = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
    return CaseError(message=message, line=line)
