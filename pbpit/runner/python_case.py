"""Loading a Python case: compiled before it runs, then run as `python case.py` would run it."""

from __future__ import annotations

import contextlib
import os
import sys
import types
from collections.abc import Callable
from types import CodeType, TracebackType
from typing import TYPE_CHECKING

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
        """Run the case, its output captured in `run`; a case error or `sys.exit` ends it as it
        would end the process. A panic is raised to the caller."""
        from pbpit.engine.server import Panic

        # As `python case.py` would: the case is `__main__`, its argv is its own path, and modules
        # beside it import (and are forgotten afterwards, so the next case gets its own).
        main = types.ModuleType("__main__")
        main.__file__ = self.filename
        saved = sys.modules["__main__"], sys.argv, set(sys.modules)
        sys.modules["__main__"], sys.argv = main, [self.filename]
        sys.path.insert(0, self.folder)
        previous_trace = sys.gettrace()
        if recorder is not None:
            # Naming tensors needs a line tracer: ~3x slower, so only when the run is recorded.
            sys.settrace(recorder.trace)
        try:
            with contextlib.redirect_stdout(run.stdout), contextlib.redirect_stderr(run.stderr):
                exec(self.code, main.__dict__)
        except Panic:
            raise
        except SystemExit as err:
            run.exited(err.code)
        except Exception as err:
            run.raised(_case_error(err, self.filename))
        finally:
            sys.settrace(previous_trace)
            sys.path.remove(self.folder)
            sys.modules["__main__"], sys.argv = saved[0], saved[1]
            for name in set(sys.modules) - saved[2]:
                module_file = getattr(sys.modules[name], "__file__", None) or ""
                if module_file.startswith(self.folder + os.sep):
                    del sys.modules[name]


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
