"""The `pbpit` command: parse the arguments, call the library, render the result.

Each command chooses its output format one way (`pbpit.formats`: `--format NAME`, or a flag such
as `--json` or `--raw`), calls the library, hands the result to that format's renderer (the
`RENDERERS` below) and exits with the status the result implies. A UsageError from anywhere
becomes one line on stderr and exit status 2, in `main` only.

Commands that compute nothing (`--help`, `list`, `--version`) never load the engine or numba.
"""

from __future__ import annotations

# isort: off
from pbpit import _starting  # first: Ctrl-C while the rest loads is one line, not a traceback
# isort: on

import contextlib
import errno
import json
import os
import signal
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO

import typer
from rich.console import Console

from pbpit import __version__
from pbpit.errors import UsageError
from pbpit.formats import FORMATS
from pbpit.runner import Case, builtin_cases, resolve_case, run_case, rust_twin

if TYPE_CHECKING:
    from pbpit.check import CheckReport
    from pbpit.diagnose.explain import CaseExplanation
    from pbpit.diagnose.findings import AuditReport
    from pbpit.engine.target import Target
    from pbpit.trace import RunResult


# `--target` of `run` and `check`: the machine Burn's kernels compute for.
TargetOption = Annotated[
    str | None,
    typer.Option(
        "--target",
        metavar="cpu=FAMILY,threads=N,build=debug|release",
        help="The machine Burn's kernels compute for (any of the three; the rest is the "
        "host's, as Burn detects it, in a debug build). FAMILY: avx512, avx2, sse, neon, "
        "scalar. See docs/TARGETS.md.",
        show_default=False,
    ),
]

app = typer.Typer(
    name="pbpit",
    help="Reproduce, explain and audit Burn's `graph tape has already been consumed` panic.",
    epilog="pbpit -- COMMAND [ARGS] runs your program (pbpit -- cargo run --release) with "
    "RUST_BACKTRACE=1, its output passed through, and explains a tape panic on your own line.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _console(stderr: bool = False) -> Console:
    # Rich drops colour by itself when not on a terminal or when NO_COLOR is set.
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


# Where the one JSON object goes once a command chose `--json` (`_json_only_on_stdout`).
_json_out: TextIO | None = None


def _json_only_on_stdout() -> None:
    """Keep stdout for the one JSON object: from here on, whatever else writes there (a case's
    thread that prints late, its atexit handler, a child it forked, C code) goes to stderr."""
    global _json_out
    sys.stdout.flush()
    try:
        stdout, stderr = sys.stdout.fileno(), sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # streams without a file (tests in-process)
        _json_out, sys.stdout = sys.stdout, sys.stderr
        return
    _json_out = os.fdopen(os.dup(stdout), "w", encoding="utf-8")
    os.dup2(stderr, stdout)


def _print_json(data: object) -> None:
    from pbpit.diagnostics.model import unicode_json

    # A lone surrogate (`print("\\ud800")` in a case) is no Unicode: U+FFFD, valid for any reader.
    _write_json(json.dumps(unicode_json(data), indent=2) + "\n")


def _write_json(text: str) -> None:
    out = _json_out or sys.stdout
    out.write(text)
    out.flush()


def _version(value: bool) -> None:
    if value:
        print(f"pbpit {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Reproduce, explain and audit Burn's `graph tape has already been consumed` panic."""


@app.command("list")
def list_cases(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """List the built-in cases and what each reproduces."""
    fmt = FORMATS["list"].choose(json=as_json)
    render("list", fmt, builtin_cases())


def _list_human(cases: list[Case]) -> None:
    width = max(len(c.name) for c in cases)
    for case in cases:
        print(f"{case.name:<{width}}  {case.summary}")
    print(f"\nEach has a Rust twin that prints the same: `pbpit run {rust_twin(cases[0]).name}`.")


def _list_json(cases: list[Case]) -> None:
    listed = [
        {
            "name": c.name,
            "path": str(c.path),
            "rust_path": str(rust_twin(c).path),
            "summary": c.summary,
        }
        for c in cases
    ]
    _print_json({"cases": listed})


@app.command("audit")
def audit_case(
    case: Annotated[str, typer.Argument(help="A built-in case name, or a case file (.py or .rs).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Audit a case: tensors made outside a loop that runs backward, and shared backwards."""
    fmt = FORMATS["audit"].choose(json=as_json)
    if fmt == "json":
        _json_only_on_stdout()
    from pbpit.diagnose.findings import audit_report

    result = run_case(resolve_case(case))
    report = audit_report(result)
    if result.error is not None:
        # An audit of a run that stopped early is partial: never a pass.
        where = f":{result.error.line}" if result.error.line else ""
        print(f"pbpit: case error at {result.path}{where}: {result.error.message}", file=sys.stderr)
    render("audit", fmt, result, report)
    raise typer.Exit(1 if report.hazards or result.error is not None else 0)


def _audit_human(result: RunResult, report: AuditReport) -> None:
    from pbpit.report import render_audit

    _console().print(render_audit(result, report), end="")


def _audit_json(result: RunResult, report: AuditReport) -> None:
    entries = [entry.to_json() for entry in report.entries]
    diagnostics = [warning.to_json() for warning in report.warnings]
    _print_json({"case": result.case, "audit": entries, "diagnostics": diagnostics})


class _NegativeNodeArgument(typer.core.TyperCommand):
    """`explain -1` reaches the command as a (malformed) node id, not as an unknown option."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if "--" not in args:
            negative = [a for a in args if len(a) > 1 and a[0] == "-" and a[1:].isdigit()]
            args = [a for a in args if a not in negative] + (["--", *negative] if negative else [])
        return super().parse_args(ctx, args)


@app.command("explain", cls=_NegativeNodeArgument)
def explain(
    node: Annotated[
        str,
        typer.Argument(
            help="NodeId(n), n, a whole panic line, - to read a program's output from stdin, "
            "a lint rule (loop-external-tracked), or a case (the node its panic names)."
        ),
    ],
    case: Annotated[
        str | None,
        typer.Option("--case", help="Explain the node in this case (a name or a .py or .rs file)."),
    ] = None,
    source: Annotated[
        str | None,
        typer.Option(
            "--source",
            help="With -: the crate the program was built from (default: the one the working "
            "directory is in).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
) -> None:
    """Explain the panic, and with --case what NodeId(n) is in that program and how to fix it.

    With -, read a program's output (`RUST_BACKTRACE=1 cargo run 2>&1 | pbpit explain -`): each
    tape panic is shown on your own line, with the fix, from the backtrace and your crate."""
    fmt = FORMATS["explain"].choose(json=as_json)
    if fmt == "json":
        _json_only_on_stdout()
    from pbpit.diagnose.node_ids import parse_node_id

    if node == "-":
        if sys.stdin is None:
            raise UsageError(
                "no standard input to read: pipe a program's output in "
                "(`RUST_BACKTRACE=1 cargo run 2>&1 | pbpit explain -`)"
            )
        from pbpit.program_output import explain_stream, show_explained

        explained = explain_stream(sys.stdin.buffer, source if case is None else None)
        if not explained.diagnoses and explained.rejected:
            # Its only tape panic names an id Burn never hands out: that is the answer.
            raise UsageError(explained.rejected[0].rejected or "")
        if case is None:
            raise typer.Exit(show_explained(explained, fmt))
        if not explained.diagnoses:
            raise UsageError(explained.missing())
        node_id = explained.diagnoses[0].panic.node_id or 0
    else:
        node_id = parse_node_id(node)
        if node_id is None:
            # Not a node: a lint rule (`pbpit explain loop-external-tracked`), or a mistake.
            from pbpit.lint.explain import explain_rule, not_a_node_or_rule

            page = explain_rule(node, fmt == "json", _console().width)
            if page is None and case is None and _names_a_case(node):
                # `pbpit explain prog.rs`: the node its panic names, in that program (run once).
                result = run_case(resolve_case(node))
                _explain_in_case(_panicking_node(result, node), node, fmt, result)
            if page is None or case is not None:
                raise UsageError(not_a_node_or_rule(node, case))
            if fmt == "json":
                _write_json(page)
            else:
                sys.stdout.write(page)
            raise typer.Exit(0)
    if case is None:
        render("explain", fmt, node_id, None, None)
        raise typer.Exit(0)
    _explain_in_case(node_id, case, fmt)


def _names_a_case(word: str) -> bool:
    """Whether `pbpit explain WORD` names a program rather than a node: a case file's name (a
    missing one too: running it says so) or a built-in case."""
    from pathlib import Path

    from pbpit.source import CASE_SUFFIXES

    if Path(word).suffix in CASE_SUFFIXES or Path(word).is_file():
        return True
    try:
        resolve_case(word)
    except UsageError:
        return False
    return True


def _panicking_node(result: RunResult, case: str) -> int:
    """The NodeId the tape panic of `case` names; a UsageError if it ran without one."""
    if result.panic is None or result.panic.node_id is None:
        raise _NoPanic(
            f"{result.case} runs without the tape panic, so there is no node to explain: "
            f"`pbpit explain N --case {case}` explains NodeId(N) in it",
            result,
        )
    return result.panic.node_id


class _NoPanic(UsageError):
    """`pbpit explain CASE` of a case that runs without the tape panic: a usage error (exit 2,
    the line on stderr) that `--json` still answers with one object: the run's `case`,
    `exit_code` and `stdout`, `panic` and `node_id` null, and the line as `summary`."""

    def __init__(self, message: str, result: RunResult) -> None:
        super().__init__(message)
        self.result = result

    def to_json(self) -> dict:
        run = self.result.to_json()
        keep = ("case", "exit_code", "stdout")
        return {
            **{k: run[k] for k in keep if k in run},
            "panic": None,
            "node_id": None,
            "summary": str(self),
        }


def _explain_in_case(node_id: int, case: str, fmt: str, result: RunResult | None = None) -> None:
    """Explain `node_id` in the run of `case` (run here unless its `result` is given)."""
    from pbpit.diagnose.explain import explain_in_case

    if result is None:
        result = run_case(resolve_case(case))
    explanation = explain_in_case(result, node_id)
    if explanation is None:
        if not result.nodes:
            raise UsageError(
                f"NodeId({node_id}) does not exist in {result.case}: it made no tensor on an "
                "autodiff device"
            )
        ids = f"0..{len(result.nodes) - 1}"
        raise UsageError(f"NodeId({node_id}) does not exist in {result.case}: its ids are {ids}")
    render("explain", fmt, node_id, result, explanation)
    raise typer.Exit(0)


def _explain_human(
    node_id: int, result: RunResult | None, explanation: CaseExplanation | None
) -> None:
    if result is None or explanation is None:
        from pbpit.diagnose.explain import entry
        from pbpit.report import render_entry

        sys.stdout.write(render_entry(entry(node_id), _console().width))
        return
    from pbpit.diagnose.findings import explanation_diagnostic
    from pbpit.report import render_explanation

    diagnostic = explanation_diagnostic(result, explanation)
    _console().print(render_explanation(result, diagnostic), end="")


def _explain_json(
    node_id: int, result: RunResult | None, explanation: CaseExplanation | None
) -> None:
    from dataclasses import asdict

    from pbpit.diagnose.explain import entry
    from pbpit.diagnose.findings import explanation_diagnostic, explanation_in_files

    if result is None or explanation is None:
        _print_json({"node_id": node_id, "entry": entry(node_id), "case": None})
        return
    data = asdict(explanation)
    # The nodes as the run's JSON gives them: the requirement as is_tracked / is_require_grad.
    data["node"] = explanation.node.to_json()
    data["parents"] = [parent.to_json() for parent in explanation.parents]
    data["audit"] = None if explanation.audit is None else explanation.audit.to_json()
    data["diagnostic"] = explanation_diagnostic(result, explanation).to_json()
    data = explanation_in_files(result, data)  # a crate's module files: each line in its file
    _print_json({"node_id": node_id, "entry": entry(node_id, result), "case": result.case, **data})


@app.command("run")
def run(
    case: Annotated[str, typer.Argument(help="A built-in case name, or a case file (.py or .rs).")],
    raw: Annotated[
        bool, typer.Option("--raw", help="Exactly what the Rust program prints; nothing else.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object with the run's trace and audit.")
    ] = False,
    memory: Annotated[
        bool, typer.Option("--memory", help="Show the bytes saved by live steps at each backward.")
    ] = False,
    target: TargetOption = None,
) -> None:
    """Run a case: its output, the panic, the tensor and backward behind it, and the audit."""
    fmt = FORMATS["run"].choose(raw=raw, json=as_json)
    machine = _target(target)
    if fmt == "json":
        _json_only_on_stdout()
    # Only the raw output goes without the trace: naming tensors costs a line tracer. The
    # program's output is written as it is printed, except into the one JSON object.
    with _computing_for(machine):
        result = run_case(resolve_case(case), trace=fmt != "raw", stream=fmt != "json")
        # Inside the block, so that --json names the machine the run computed for.
        render("run", fmt, result, memory)
    raise typer.Exit(result.exit_code)


def _run_human(result: RunResult, memory: bool) -> None:
    """The diagnosis after the program's output (written as it ran)."""
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.report import render_memory, render_run

    report = render_run(result, diagnose_run(result))
    if memory:
        held = render_memory(result)
        if report is None:
            report = held
        else:
            report.append("\n")
            report.append_text(held)
    if report is not None:
        # A panic block starts with rustc's own empty line; anything else is set apart here.
        if result.stdout and result.panic is None:
            print()
        _console().print(report, end="")


def _run_json(result: RunResult, memory: bool) -> None:
    from pbpit.diagnose.findings import diagnose_run

    diagnosis = diagnose_run(result)
    data = result.to_json()
    data["audit"] = [entry.to_json() for entry in diagnosis.audit.entries]
    data["diagnostics"] = diagnosis.to_json()
    data["target"] = _target_json()
    _print_json(data)


def _target_json() -> dict[str, object]:
    """The machine the kernels computed for, as `--target` spells it, and its f32 lanes."""
    from pbpit.engine.target import current

    machine = current()
    return {
        "cpu": machine.cpu,
        "threads": machine.threads,
        "build": machine.build,
        "lanes": machine.lanes,
        "spelled": str(machine),
    }


def _run_raw(result: RunResult, memory: bool) -> None:
    """How the Rust program ends, after its output (written as it ran): the panic block."""
    from pbpit.rust.panic import program_end

    sys.stderr.write(program_end(result, os.getpid(), result.path))


@app.command("check")
def check(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Case files (.py, .rs) or directories of them; default: the built-in cases.",
            metavar="PATH",
            show_default=False,
        ),
    ] = None,
    bless: Annotated[
        bool,
        typer.Option(
            "--bless", help="Write the golden files from the current output: all or none."
        ),
    ] = False,
    glob: Annotated[
        str | None,
        typer.Option(
            "--glob",
            metavar="PATTERN",
            help="In a directory, the case files are the .py and .rs files matching PATTERN.",
            show_default=False,
        ),
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(
            "--timeout",
            metavar="SECONDS",
            help="Fail a case that runs longer (0: no limit); default: 600 in CI, else none.",
            show_default=False,
        ),
    ] = None,
    junit: Annotated[
        str | None,
        typer.Option("--junit", metavar="FILE", help="Also write the results as JUnit XML."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object with every case's result.")
    ] = False,
    target: TargetOption = None,
) -> None:
    """Check cases against their golden NAME.stdout / NAME.stderr files (for CI).

    A case file is one named on the command line, or in a directory: a .py or .rs file with a
    NAME.stdout golden beside it, a .py that imports pbpit, or a .rs with fn main (with --glob,
    the files matching it instead). Nothing else in the directory runs. A case past the time
    limit fails with what it printed until then; a Python case stuck in one long call into C
    stops only when the call returns.
    """
    from pbpit.check import (
        CheckReport,
        bless_cases,
        check_cases,
        collect_cases,
        default_timeout,
        parse_timeout,
    )
    from pbpit.junit import check_junit_target, write_junit
    from pbpit.report import render_bless, render_check_status

    if bless and (junit is not None or as_json):
        raise UsageError("--bless cannot be used with --junit or --json")
    fmt = FORMATS["check"].choose(json=as_json)
    if fmt == "json":
        _json_only_on_stdout()
    if junit is not None:
        check_junit_target(junit)
    machine = _target(target)
    limit = default_timeout(os.environ) if timeout is None else parse_timeout(timeout)
    cases = collect_cases(paths or [], bless=bless, glob=glob)
    if bless:
        with _computing_for(machine):
            sys.stdout.write(render_bless(bless_cases(cases, limit)))
        raise typer.Exit(0)
    report = CheckReport([])
    with _computing_for(machine):
        for result in check_cases(cases, limit):
            report.cases.append(result)
            if fmt == "human":
                # One line as each case finishes: a long check shows where it is.
                sys.stdout.write(render_check_status(result))
                sys.stdout.flush()
        if junit is not None:
            write_junit(report, junit)
        render("check", fmt, report)
    raise typer.Exit(0 if report.ok else 1)


# -- --target: the machine Burn's kernels compute for ------------------------------------------


def _target(text: str | None) -> Target | None:
    """`--target`'s value as a Target (None: the host's); a UsageError naming what is wrong."""
    if text is None:
        return None
    from pbpit.engine.target import parse

    try:
        return parse(text)
    except ValueError as err:
        raise UsageError(f"--target: {err}") from None


def _computing_for(machine: Target | None) -> contextlib.AbstractContextManager[object]:
    """Run the block's kernels for `machine` (the host's when None)."""
    if machine is None:
        return contextlib.nullcontext()
    from pbpit.engine.target import using

    return using(machine)


def _check_human(report: CheckReport) -> None:
    from pbpit.report import render_check

    sys.stdout.write(render_check(report))


def _check_json(report: CheckReport) -> None:
    _print_json({**report.to_json(), "target": _target_json()})


# -- graph and lint (pbpit/cli_graph.py, pbpit/cli_lint.py), registered here, in this order ------

from pbpit.cli_graph import (  # noqa: E402 - they need `app` and the helpers above
    _graph_dot,
    _graph_json,
    _graph_mermaid,
    _graph_text,
    graph_tape,  # noqa: F401
)
from pbpit.cli_lint import lint  # noqa: E402, F401

# Each command's renderer for each of its formats (pbpit.formats names them); lint has its own.
RENDERERS: dict[str, dict[str, Callable[..., None]]] = {
    "list": {"human": _list_human, "json": _list_json},
    "run": {"human": _run_human, "json": _run_json, "raw": _run_raw},
    "audit": {"human": _audit_human, "json": _audit_json},
    "explain": {"human": _explain_human, "json": _explain_json},
    "check": {"human": _check_human, "json": _check_json},
    "graph": {
        "text": _graph_text,
        "mermaid": _graph_mermaid,
        "dot": _graph_dot,
        "json": _graph_json,
    },
}


def render(command: str, fmt: str, *result: Any) -> None:
    """Write `result` of `command` in the format `fmt` to stdout."""
    RENDERERS[command][fmt](*result)


# Set by `cargo_main`: `cargo pbpit lint` with no path lints the crate it is run in.
_as_cargo_subcommand = False


def cargo_main() -> None:
    """Entry point of `cargo-pbpit`, which cargo runs for `cargo pbpit ARGS` as `cargo-pbpit
    pbpit ARGS` (the subcommand's name first); run directly, it takes the arguments alone."""
    global _as_cargo_subcommand
    _as_cargo_subcommand = True
    args = sys.argv[1:]
    if args and args[0] == "pbpit":
        args = args[1:]
    main(args, "cargo pbpit")


def main(args: list[str] | None = None, name: str = "pbpit") -> None:
    """Entry point: user mistakes become one line on stderr and exit status 2, never a traceback."""
    # Output cut short by a closed pipe (`pbpit ... | head`) ends pbpit quietly, as it does `cat`.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = sys.argv[1:] if args is None else args
    if not args:
        args = ["--help"]
    try:
        args = _fix_choice(args)
        try:
            status = _wrapped(args[1:]) if args[0] == "--" else _invoke(args, name)
        finally:
            # Written here, where a full disk is one line, not at exit with a traceback.
            if sys.stdout is not None:
                sys.stdout.flush()
    except UsageError as err:
        # The one place a usage error is printed: one line, nothing on stdout, exit 2 (a
        # command `pbpit --` cannot start: 127 or 126, as shells say).
        if _json_out is not None and hasattr(err, "to_json"):
            _print_json(err.to_json())  # every refusal of a Rust case, for `--json`
        print(err.line(), file=sys.stderr)
        sys.exit(getattr(err, "exit_status", 2))
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        _interrupted()
    except OSError as err:
        if err.errno not in _UNWRITABLE:
            raise
        _unwritable(err)
    except Exception as err:
        # The argument parser's own errors (unknown option, missing argument, no such command).
        # Recognised by shape: typer may carry its own copy of click rather than click itself.
        if hasattr(err, "format_message") and isinstance(getattr(err, "exit_code", None), int):
            print(f"pbpit: error: {err.format_message()} (see `{name} --help`)", file=sys.stderr)
            sys.exit(err.exit_code)
        raise
    sys.exit(status if isinstance(status, int) else 0)


def _fix_choice(args: list[str]) -> list[str]:
    """`--fix=detach|recompute|add` (lint's `--fix` choosing which fix it writes) as the flag
    `--fix` and the choice, which the parser reads apart (`--fix` alone takes no value)."""
    if args[:1] == ["--"]:
        return args
    out = []
    for arg in args:
        if arg == "--":
            return [*out, *args[len(out) :]]
        if arg.startswith("--fix="):
            choice = arg.removeprefix("--fix=")
            if choice not in ("detach", "recompute", "add"):
                raise UsageError(f"--fix takes detach, recompute or add, not `{choice}`")
            out += ["--fix", f"--fix-choice={choice}"]
        else:
            out.append(arg)
    return out


def _wrapped(command: list[str]) -> int:
    """`pbpit -- COMMAND [ARGS]` (`pbpit.program_output.wrapped`)."""
    from pbpit.program_output import wrapped

    return wrapped(command)


def _invoke(args: list[str], name: str = "pbpit") -> object:
    """Parse `args` and run the command, every exception left to `main`: typer's own entry point
    would turn Ctrl-C (or a KeyboardInterrupt a case raises) into a bare exit status 130."""
    command = typer.main.get_command(app)
    with command.make_context(name, args) as ctx:
        return command.invoke(ctx)


# Output that cannot be written: a full disk (`> /dev/full`), a quota, an I/O error, a closed
# stdout (`>&-`).
_UNWRITABLE = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EBADF})


def _unwritable(err: OSError) -> NoReturn:
    """One line on stderr, exit status 1: the output could not be written."""
    with contextlib.suppress(OSError):
        sys.stderr.write(f"pbpit: error: cannot write the output: {err.strerror or err}\n")
        sys.stderr.flush()
    # What is still buffered for stdout would fail again at exit, with a traceback of its own.
    os._exit(1)


def _interrupted() -> NoReturn:
    """What was printed stays printed; then one line, exit status 130 (and under `--json`, the
    one object, saying so)."""
    if _json_out is not None:
        _print_json({"interrupted": True})
    sys.stdout.flush()  # a last line the program left without a newline comes first
    print("pbpit: interrupted", file=sys.stderr)
    sys.exit(130)


_starting.loaded()
