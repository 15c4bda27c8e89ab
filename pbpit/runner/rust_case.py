"""Loading a Rust case: checked against the subset pbpit interprets, then interpreted.

tree-sitter and the interpreter load here, only when a Rust case is run.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbpit.errors import RustUnsupported, UsageError

if TYPE_CHECKING:
    from pbpit.runner.capture import Run
    from pbpit.runner.find import Case
    from pbpit.runner.record import Recorder
    from pbpit.trace import CrateLines


class RustProgram:
    """A Rust case the interpreter has loaded and checked, ready to run."""

    def __init__(self, case: Case, program: Any) -> None:
        self.path = case.path
        self.program = program
        self.case_lines: Callable[[], list[int]] | None = lambda: program.lines
        """The interpreter's lines, outermost frame first: the recorder's stack for a Rust case."""
        self.crate, self.source = crate_lines(program)
        """For a crate root with `mod name;` files: where each line came from, and a copy of
        the text the interpreter ran (the root, the module files spliced in) for the diagnoses
        to read; else None and the case's path."""
        self.source = self.source or str(case.path)

    def run(self, run: Run, recorder: Recorder | None) -> None:
        """Interpret the program, its output captured in `run`. A panic is raised to the caller;
        what the interpreter finds only as it runs is a RustUnsupported, never a wrong result."""
        from pbpit.rust.interp.program import Unsupported

        try:
            status = self.program.run(run.stdout, run.stderr, recorder)
            if status:  # `main` returned an `Err`: std's `Termination` exits with 1
                run.exit_code = status
        except Unsupported as err:
            # Found only as it ran (a method on a value of another type): no result.
            raise refused(err) from None
        except RecursionError:
            # A limit of pbpit's, not the program's behaviour: no result, as for unsupported Rust.
            raise refused(
                Unsupported(
                    str(self.path),
                    "calls nested deeper than the interpreter can follow (rustc's binary may "
                    "well run it)",
                )
            ) from None
        except MemoryError:
            # The machine's memory, not the program's behaviour (what pbpit's collections
            # check, interp/growth.py, cannot see: many collections, each under its limit).
            raise refused(
                Unsupported(
                    str(self.path),
                    "the run's values, more than pbpit holds in the memory it is given; "
                    "whether Rust can allocate them depends on the machine",
                )
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
        raise refused(err) from None
    except RecursionError:
        where = str(case.path)
        raise refused(
            Unsupported(where, "expressions nested deeper than the interpreter can follow")
        ) from None


# -- a crate's module files, for the diagnoses ---------------------------------------------------


def crate_lines(program: Any) -> tuple[CrateLines | None, str]:
    """Where each line a crate's program runs came from, and a file holding the text it runs
    (the record's lines are lines of that text; it goes when pbpit exits); (None, "") for a
    program of one file."""
    from pbpit.trace import CrateLines

    files = getattr(program, "crate_files", None)
    if files is None or not files.spans:
        return None, ""
    spans = [(span.first, span.count, span.path, span.start) for span in files.spans]
    display = {path: _display(path) for _, _, path, _ in spans}
    folder = tempfile.mkdtemp(prefix="pbpit-crate-")
    atexit.register(shutil.rmtree, folder, True)
    copy = os.path.join(folder, os.path.basename(files.source.path))
    with open(copy, "wb") as file:
        file.write(files.source.data)
    return CrateLines(spans, display), copy


def _display(path: str) -> str:
    """`path` relative to the working directory, as cargo names a crate's files."""
    resolved = Path(path).resolve()
    cwd = Path.cwd()
    return str(resolved.relative_to(cwd)) if resolved.is_relative_to(cwd) else path


# -- every refusal of a file, as rustc reports errors ----------------------------------------------


class Refused:
    """One refusal as rustc would print it: the diagnostic, rustc's code when rustc rejects the
    program too (`E0308`; "" for what is only outside the subset), and its rendering."""

    def __init__(self, diagnostic: Any, code: str, text: str, rustc: bool = False) -> None:
        self.diagnostic = diagnostic
        self.code = code
        self.text = text
        self.rustc = rustc or bool(code)
        """Whether rustc rejects the program too (with or without a code)."""

    def to_json(self) -> dict:
        data = self.diagnostic.to_json()
        return {"code": self.code or None, **{k: v for k, v in data.items() if k not in _RULE}}


_RULE = ("rule", "id")


class RustRefusals(RustUnsupported):
    """Each construct of a file outside the subset, and each error rustc reports, as rustc's
    diagnostics in source order, then a line that sums them up (`line()`; `to_json()` for
    `--json`)."""

    def __init__(self, path: str, refusals: list[Refused]) -> None:
        self.path = path
        self.refusals = refusals
        super().__init__(_summary(path, refusals))

    def line(self) -> str:
        from pbpit.errors import printable

        shown = "".join(one.text for one in self.refusals).splitlines()
        return "\n".join([*map(printable, shown), f"pbpit: {self}"])

    def to_json(self) -> dict:
        refusals = [one.to_json() for one in self.refusals]
        return {"case": self.path, "refusals": refusals, "summary": str(self)}


def _summary(path: str, refusals: list[Refused]) -> str:
    rustc = sum(1 for one in refusals if one.rustc)
    outside = len(refusals) - rustc
    parts = []
    if outside:
        parts.append(f"{outside} construct{'s' * (outside != 1)} outside the subset pbpit runs")
    if rustc:
        parts.append(f"{rustc} error{'s' * (rustc != 1)} rustc reports")
    return f"cannot run {path}: {' and '.join(parts)} (docs/RUST_SUBSET.md lists the subset)"


def refused(err: Any) -> RustUnsupported:
    """Every refusal of a file, one or many, as rustc prints its diagnostics: rustc's code for
    an error rustc reports (`error[E0308]: mismatched types`; a deny-by-default lint's note),
    `error: unsupported Rust: ..` for a construct outside the subset."""
    from rich.text import Text

    from pbpit.diagnostics.human import render_diagnostic
    from pbpit.diagnostics.model import Diagnostic, Help, Label

    sources: dict[str, list[str]] = {}
    shown: list[Refused] = []
    for one in getattr(err, "refusals", [err]):
        try:
            path, line, column = one.place
        except ValueError:  # no line and column: the file as a whole
            path, line, column = one.where, 0, 0
        if path not in sources:
            sources[path] = _lines(path)
        message, label, instead = one.parts()
        end = column + 1
        if one.end is not None and one.end[0] == line and one.end[1] > column:
            end = one.end[1]
        elif one.end is not None and line <= len(sources[path]):  # to the end of its line
            end = max(column + 1, len(sources[path][line - 1]) + 1)
        labels = [Label(line, column, line, end, label, primary=True)] if line else []
        notes = list(getattr(one, "notes", []))
        deny = f"`#[deny({one.code})]` on by default"
        lint = one.code and not one.code.startswith("E")
        if instead:  # a lint's note comes after rustc's help
            helps = [Help(instead, note=one.note or (deny if lint else ""))]
        else:
            helps, notes = [], notes + ([deny] if lint else [])
        diagnostic = Diagnostic("", message, path, labels, helps, level="error", notes=notes)
        text = Text()
        render_diagnostic(text, diagnostic, sources[path])
        rendered = text.plain
        if one.code and not lint:  # rustc's code where the model has a rule's
            rendered = rendered.replace("error:", f"error[{one.code}]:", 1)
        shown.append(Refused(diagnostic, one.code, rendered, one.rustc_says))
    return RustRefusals(shown[0].diagnostic.path, shown)


def _lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []
