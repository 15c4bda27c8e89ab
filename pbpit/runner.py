"""Find a case (a built-in name or a file) and run it as a fresh process, recording its trace."""

from __future__ import annotations

import ast
import contextlib
import difflib
import io
import os
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from pbpit.engine.graph import Requirement
from pbpit.source import statement_range
from pbpit.trace import BackwardRecord, CaseError, NodeRecord, PanicRecord, RunResult

# The named cases live at the top of the repository (`cases/`) and ship inside the package as
# `cases/` (setup.py maps one onto the other).
_PACKAGE = Path(__file__).parent
CASES_DIR = _PACKAGE / "cases" if (_PACKAGE / "cases").is_dir() else _PACKAGE.parent / "cases"

# Name -> file, in the order `pbpit list` shows them; `_` and `-` are interchangeable in names.
BUILTIN_CASES = {
    "twice": "twice.py",
    "twice_fix": "twice_fix.py",
    "shared-loss": "shared_loss.py",
    "double-backward": "double_backward.py",
}


class UsageError(Exception):
    """Bad input from the user: one line to print, exit status 2."""

    prefix = "error: "
    """Printed between `pbpit: ` and the message."""


class RustUnsupported(UsageError):
    """A Rust case uses something outside the subset pbpit interprets (docs/RUST_SUBSET.md)."""

    prefix = ""


@dataclass(frozen=True)
class Case:
    """A case program: its name as the user knows it, and its file."""

    name: str
    path: Path

    @property
    def is_rust(self) -> bool:
        return self.path.suffix == ".rs"

    @property
    def summary(self) -> str:
        """The first line of the case's docstring, or of a Rust case's `//!` comment (read
        without running it)."""
        try:
            text = self.path.read_text(encoding="utf-8-sig")
            if self.is_rust:
                inner = (line[3:].strip() for line in text.splitlines() if line.startswith("//!"))
                doc = next(inner, "")
            else:
                doc = ast.get_docstring(ast.parse(text)) or ""
        except (OSError, SyntaxError, ValueError):
            return ""
        first = doc.strip().splitlines()[0] if doc.strip() else ""
        name, sep, rest = first.partition(": ")
        return rest if sep and _canonical(name) == _canonical(self.path.stem) else first


def builtin_cases(rust: bool = False) -> list[Case]:
    """The built-in cases; with `rust`, each followed by its Rust twin (`twice.rs`)."""
    cases = []
    for name, file in BUILTIN_CASES.items():
        cases.append(Case(name, CASES_DIR / file))
        if rust:
            cases.append(Case(f"{name}.rs", (CASES_DIR / file).with_suffix(".rs")))
    return cases


def _canonical(name: str) -> str:
    return name.replace("-", "_")


def resolve_case(spec: str) -> Case:
    """A built-in case by name (`shared-loss` or `shared_loss`), its Rust twin (`shared-loss.rs`,
    unless a file of that name is here), or a case file by path (`.py` or `.rs`)."""
    path = Path(spec)
    for name, file in BUILTIN_CASES.items():
        if _canonical(spec) == _canonical(name):
            return Case(name, CASES_DIR / file)
        if path.suffix == ".rs" and _canonical(path.stem) == _canonical(name) and "/" not in spec:
            if not path.exists():
                return Case(f"{name}.rs", (CASES_DIR / file).with_suffix(".rs"))
    if path.suffix in (".py", ".rs") or "/" in spec or path.exists():
        if not path.exists():
            if path.is_symlink():
                raise UsageError(
                    f"cannot read case file {spec}: a symbolic link that loops or points nowhere"
                )
            raise UsageError(f"no such case file: {spec}")
        if not path.is_file():
            raise UsageError(f"not a case file: {spec} (expected a .py or .rs file)")
        return Case(str(path), path)
    near = difflib.get_close_matches(spec, list(BUILTIN_CASES), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(f'`{n}`' for n in near)}?" if near else ""
    raise UsageError(f"unknown case `{spec}`{hint} (`pbpit list` shows the cases)")


def compile_case(case: Case) -> Any:
    try:
        # utf-8-sig: a byte-order mark at the start is fine, as it is for Python.
        source = case.path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read case file {case.path}: {err}") from None
    try:
        return compile(source, str(case.path), "exec")
    except SyntaxError as err:
        where = f"{case.path}" + (f":{err.lineno}" if err.lineno else "")
        where += f":{err.offset}" if err.lineno and err.offset else ""
        raise UsageError(f"syntax error in case {where}: {err.msg}") from None
    except ValueError as err:  # a null byte, on Pythons that do not call it a syntax error
        raise UsageError(f"cannot compile case {case.path}: {err}") from None


class Recorder:
    """The engine's observer during a run: records nodes, backwards, and the names tensors get."""

    def __init__(self, filename: str, lines: Callable[[], list[int]] | None = None) -> None:
        self.filename = filename
        # For a Rust case: the interpreter's lines, outermost frame first.
        self._lines = lines
        self.nodes: dict[int, NodeRecord] = {}
        self.backwards: list[BackwardRecord] = []
        # The node object behind each record (a reset can give an id to another tensor), and
        # the records made since the case last moved to a new line, still waiting for a name.
        self._node_objects: dict[int, Any] = {}
        self._unnamed: list[NodeRecord] = []

    def case_stack(self) -> list[int]:
        """The lines the case is executing, innermost call first (the case's own frames only)."""
        if self._lines is not None:
            return self._lines()[::-1]
        lines = []
        frame: FrameType | None = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.filename:
                lines.append(frame.f_lineno)
            frame = frame.f_back
        return lines

    # -- engine observer ---------------------------------------------------------------------------

    def node_created(self, node: Any, op: str, inputs: tuple[Any, ...], saved_bytes: int) -> None:
        stack = self.case_stack()
        record = NodeRecord(
            id=node.id,
            label=None,
            op=op,
            parents=[p.id for p in node.parents],
            tracked=node.requirement != Requirement.NONE,
            requires_grad=node.requirement == Requirement.GRAD,
            line=stack[0] if stack else None,
            inputs=[i.id for i in inputs],
            saved_bytes=saved_bytes,
            stack=stack,
        )
        self.nodes[node.id] = record
        self._node_objects[node.id] = node
        self._unnamed.append(record)

    def required_grad(self, node: Any) -> None:
        record = self.nodes.get(node.id)
        if record is not None:
            record.tracked = True
            record.requires_grad = True
            self._node_objects[node.id] = node

    def backward_done(
        self,
        root: Any,
        consumed: list[int],
        missing: int | None,
        saved_bytes_before: int,
        saved_bytes_after: int,
    ) -> None:
        stack = self.case_stack()
        self.backwards.append(
            BackwardRecord(
                root=root.id,
                ok=missing is None,
                consumed=consumed,
                missing=missing,
                line=stack[0] if stack else None,
                saved_bytes_before=saved_bytes_before,
                saved_bytes_after=saved_bytes_after,
                node_count=len(self.nodes),
                stack=stack,
            )
        )

    # -- labels: the first variable of the case each tensor is bound to ---------------------------

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != self.filename:
            return None
        return self._trace_case_frame

    def _trace_case_frame(self, frame: FrameType, event: str, arg: Any) -> Any:
        if self._unnamed and (event == "line" or event == "return"):
            if event == "line" and self._same_statement(frame.f_lineno):
                return self._trace_case_frame  # a statement over several lines is still running
            self._label(frame.f_locals, returning=event == "return")
        return self._trace_case_frame

    def _same_statement(self, line: int) -> bool:
        made = self._unnamed[-1].line
        return made is not None and statement_range(self.filename, made) == statement_range(
            self.filename, line
        )

    def statement_done(self, bindings: dict[str, Any], returning: bool) -> None:
        """A Rust case finished a statement (or returns from a function) with these bindings."""
        if self._unnamed:
            self._label(bindings, returning)

    def _label(self, bindings: dict[str, Any], returning: bool) -> None:
        """Name the tensors made by the statement just finished after the variable now holding
        them. One not bound by then is an intermediate and stays unnamed, unless the frame is
        returning: then its caller may still bind it."""
        from pbpit.engine.tensor import Tensor

        waiting = {record.id: record for record in self._unnamed}
        objects = self._node_objects
        for name, value in bindings.items():
            if type(value) is Tensor and value.node is not None:
                record = waiting.get(value.node.id)
                if record is not None and objects.get(record.id) is value.node:
                    record.label = name
                    del waiting[record.id]
        self._unnamed = list(waiting.values()) if returning else []


def _case_error(err: BaseException, filename: str) -> CaseError:
    line = None
    tb: TracebackType | None = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    message = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
    return CaseError(message=message, line=line)


def run_case(case: Case, trace: bool = True) -> RunResult:
    """Run `case` as a fresh process would: ids from 0, an empty tape, stdout and stderr
    captured. A Python case runs as `__main__` with its directory first on the import path; a
    Rust case (`.rs`) is checked against the subset pbpit interprets, then interpreted.

    `trace` records the run (nodes, backwards, the variable each tensor is bound to). Naming a
    Python case's tensors needs a line tracer, which makes Python run the whole case ~3x
    slower: what only compares output (`--raw`, `check`) goes without, and gets a result with
    no nodes or backwards."""
    if case.is_rust:
        return _run_rust(case, trace)
    code = compile_case(case)
    from pbpit.engine.server import Panic
    from pbpit.engine.tensor import Tensor  # noqa: F401 - the engine loads before the case runs

    filename = str(case.path)
    recorder = Recorder(filename)
    run = _Run()
    # As `python case.py` would: the case is `__main__`, its argv is its own path, and modules
    # beside it import (and are forgotten afterwards, so the next case gets its own).
    main = types.ModuleType("__main__")
    main.__file__ = filename
    folder = str(case.path.resolve().parent)
    saved = sys.modules["__main__"], sys.argv, set(sys.modules)
    sys.modules["__main__"], sys.argv = main, [filename]
    sys.path.insert(0, folder)
    previous_trace = sys.gettrace()
    if trace:
        sys.settrace(recorder.trace)
    try:
        with (
            _fresh_engine(recorder if trace else None),
            contextlib.redirect_stdout(run.stdout),
            contextlib.redirect_stderr(run.stderr),
        ):
            exec(code, main.__dict__)
    except Panic as err:
        run.panicked(err)
    except SystemExit as err:
        run.exit_code, message = _exit_status(err.code)
        run.stderr.write(message)
    except Exception as err:
        run.exit_code = 1
        run.error = _case_error(err, filename)
    finally:
        sys.settrace(previous_trace)
        sys.path.remove(folder)
        sys.modules["__main__"], sys.argv = saved[0], saved[1]
        for name in set(sys.modules) - saved[2]:
            module_file = getattr(sys.modules[name], "__file__", None) or ""
            if module_file.startswith(folder + os.sep):
                del sys.modules[name]
    return run.result(case, recorder)


@contextlib.contextmanager
def _fresh_engine(observer: Recorder | None) -> Iterator[None]:
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


class _Capture(io.StringIO):
    """One of a run's output streams; every write is also logged, in order, beside the other
    stream's, so that the two can be replayed interleaved as the program wrote them."""

    def __init__(self, name: str, log: list[list[str]]) -> None:
        super().__init__()
        self._name = name
        self._log = log

    def write(self, text: str) -> int:
        if text:
            if self._log and self._log[-1][0] == self._name:
                self._log[-1].append(text)
            else:
                self._log.append([self._name, text])
        return super().write(text)


class _Run:
    """What a run printed and how it ended, gathered while it runs."""

    def __init__(self) -> None:
        self.log: list[list[str]] = []
        self.stdout, self.stderr = _Capture("stdout", self.log), _Capture("stderr", self.log)
        self.exit_code = 0
        self.panic: PanicRecord | None = None
        self.error: CaseError | None = None

    def panicked(self, err: Any) -> None:
        self.exit_code = 101
        self.panic = PanicRecord(err.message, err.node_id, None, err.location)

    def result(self, case: Case, recorder: Recorder) -> RunResult:
        nodes = [recorder.nodes[i] for i in sorted(recorder.nodes)]
        if self.panic is not None and self.panic.node_id is not None:
            record = recorder.nodes.get(self.panic.node_id)
            self.panic.label = record.label if record else None
        return RunResult(
            case=case.name,
            path=str(case.path),
            exit_code=self.exit_code,
            stdout=self.stdout.getvalue(),
            stderr=self.stderr.getvalue(),
            output=[(entry[0], "".join(entry[1:])) for entry in self.log],
            panic=self.panic,
            error=self.error,
            nodes=nodes,
            backwards=recorder.backwards,
        )


def load_rust_case(case: Case) -> Any:
    """The interpreter's program for a Rust case, checked against the subset before it runs."""
    from pbpit.rust.interp.program import Unsupported, load
    from pbpit.rust.syntax import RustReadError, RustSyntaxError

    try:
        return load(str(case.path))
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


def _run_rust(case: Case, trace: bool) -> RunResult:
    program = load_rust_case(case)
    from pbpit.engine.server import Panic
    from pbpit.rust.interp.program import Unsupported

    recorder = Recorder(str(case.path), lambda: program.lines)
    run = _Run()
    try:
        with _fresh_engine(recorder if trace else None):
            program.run(run.stdout, run.stderr, recorder if trace else None)
    except Panic as err:
        run.panicked(err)
    except Unsupported as err:
        # Found only as it ran (a method on a value of another type): no result, never a wrong one.
        raise RustUnsupported(str(err)) from None
    except RecursionError:
        # A limit of pbpit's, not the program's behaviour: no result, as for unsupported Rust.
        raise RustUnsupported(
            f"unsupported Rust at {case.path}: calls nested deeper than the interpreter can "
            "follow (rustc's binary may well run it)"
        ) from None
    return run.result(case, recorder)


def _exit_status(code: object) -> tuple[int, str]:
    """`sys.exit(code)` as Python ends a process: its status, and what it prints on stderr."""
    if code is None:
        return 0, ""
    if isinstance(code, int):
        return code, ""
    return 1, f"{code}\n"
