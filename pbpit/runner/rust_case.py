"""Loading a Rust case: checked against the subset pbpit interprets, then interpreted.

tree-sitter and the interpreter load here, only when a Rust case is run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pbpit.errors import RustUnsupported, UsageError

if TYPE_CHECKING:
    from pbpit.runner.capture import Run
    from pbpit.runner.find import Case
    from pbpit.runner.record import Recorder


class RustProgram:
    """A Rust case the interpreter has loaded and checked, ready to run."""

    def __init__(self, case: Case, program: Any) -> None:
        self.path = case.path
        self.program = program
        self.case_lines: Callable[[], list[int]] | None = lambda: program.lines
        """The interpreter's lines, outermost frame first: the recorder's stack for a Rust case."""

    def run(self, run: Run, recorder: Recorder | None) -> None:
        """Interpret the program, its output captured in `run`. A panic is raised to the caller;
        what the interpreter finds only as it runs is a RustUnsupported, never a wrong result."""
        from pbpit.rust.interp.program import Unsupported

        try:
            self.program.run(run.stdout, run.stderr, recorder)
        except Unsupported as err:
            # Found only as it ran (a method on a value of another type): no result.
            raise RustUnsupported(str(err)) from None
        except RecursionError:
            # A limit of pbpit's, not the program's behaviour: no result, as for unsupported Rust.
            raise RustUnsupported(
                f"unsupported Rust at {self.path}: calls nested deeper than the interpreter can "
                "follow (rustc's binary may well run it)"
            ) from None


def load_rust_case(case: Case) -> RustProgram:
    """The interpreter's program for a Rust case, checked against the subset before it runs."""
    from pbpit.rust.interp.program import Unsupported, load
    from pbpit.rust.syntax import RustReadError, RustSyntaxError

    try:
        return RustProgram(case, load(str(case.path)))
    except RustSyntaxError as err:
        raise UsageError(f"syntax error in case {err}") from None
    except RustReadError as err:
        raise UsageError(f"cannot read case file {err}") from None
    except Unsupported as err:
        raise RustUnsupported(str(err)) from None
    except RecursionError:
        raise RustUnsupported(
            f"unsupported Rust at {case.path}: expressions nested deeper than the interpreter "
            "can follow"
        ) from None
