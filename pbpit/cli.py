"""The `pbpit` command: parse the arguments, call the library, render the result.

Commands that compute nothing (`--help`, `list`, `--version`) never load the engine or numba.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated

import typer
from rich.console import Console

from pbpit import __version__
from pbpit.runner import UsageError, builtin_cases, resolve_case

app = typer.Typer(
    name="pbpit",
    help="Reproduce, explain and audit Burn's `graph tape has already been consumed` panic.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _console(stderr: bool = False) -> Console:
    # Rich drops colour by itself when not on a terminal or when NO_COLOR is set.
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


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
def list_cases() -> None:
    """List the built-in cases and what each reproduces."""
    cases = builtin_cases()
    width = max(len(c.name) for c in cases)
    for case in cases:
        print(f"{case.name:<{width}}  {case.summary}")


@app.command("run")
def run(
    case: Annotated[str, typer.Argument(help="A built-in case name, or a case file (.py).")],
    raw: Annotated[
        bool, typer.Option("--raw", help="Exactly what the Rust program prints; nothing else.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object with the run's trace.")
    ] = False,
) -> None:
    """Run a case: its output, the panic, and which tensor and backward are behind it."""
    if raw and as_json:
        raise UsageError("--raw and --json cannot be used together")
    from pbpit.runner import run_case

    result = run_case(resolve_case(case))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), indent=2) + "\n")
    elif raw:
        from pbpit.rust import panic_block

        sys.stdout.write(result.stdout)
        sys.stdout.flush()
        if result.panic is not None:
            panic = result.panic
            sys.stderr.write(panic_block(panic.message, panic.location, os.getpid()))
        if result.error is not None:
            line = f":{result.error.line}" if result.error.line else ""
            sys.stderr.write(f"pbpit: case error at {result.path}{line}: {result.error.message}\n")
    else:
        from pbpit.report import render_run

        stdout, report = render_run(result)
        sys.stdout.write(stdout)
        sys.stdout.flush()
        if report is not None:
            if stdout:
                print()
            _console().print(report, end="")
    raise typer.Exit(result.exit_code)


def main() -> None:
    """Entry point: user mistakes become one line on stderr and exit status 2, never a traceback."""
    try:
        status = app(standalone_mode=False)
    except UsageError as err:
        print(f"pbpit: error: {err}", file=sys.stderr)
        sys.exit(2)
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)
    except typer.Abort:
        print("pbpit: aborted", file=sys.stderr)
        sys.exit(130)
    except Exception as err:  # click's usage errors
        import click

        if isinstance(err, click.ClickException):
            err.show()
            sys.exit(err.exit_code)
        raise
    sys.exit(status if isinstance(status, int) else 0)
