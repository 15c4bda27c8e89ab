"""`pbpit lint` (and `cargo pbpit lint`): Burn code that will hit the panic, found without running
it (`pbpit.lint.command` does the work and renders its own formats). `pbpit.cli` imports this
where the command takes its place among the others (import that module, not this one)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pbpit import cli
from pbpit.cli import _console, app
from pbpit.errors import UsageError
from pbpit.formats import FORMATS


@app.command("lint")
def lint(
    paths: Annotated[
        list[str] | None,
        typer.Argument(
            help="Rust files, or directories to search for .rs files (`cargo pbpit lint`: "
            "default, the crate at the working directory).",
            metavar="PATH",
            show_default=False,
        ),
    ] = None,
    named: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="|".join(FORMATS["lint"].named),
            help="rustc-style warnings (default), one JSON object, or SARIF for code scanning.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The same as --format json.")] = False,
    message_format: Annotated[
        str | None,
        typer.Option(
            "--message-format",
            metavar="human|short|json|json-diagnostic-rendered-ansi",
            help="As cargo's: json is one cargo compiler-message a line, for rust-analyzer's "
            "check.overrideCommand.",
            show_default=False,
        ),
    ] = None,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="Write the fixes into the files, then report the rest: by default detach what "
            "gets no gradient in the program, recompute what it trains; "
            "--fix=detach|recompute|add chooses.",
        ),
    ] = False,
    fix_choice: Annotated[str | None, typer.Option("--fix-choice", hidden=True)] = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--exclude",
            metavar="GLOB",
            help="Skip what this gitignore-style glob names (tests/, **/generated/*.rs, "
            "*.pb.rs), relative to each directory given; repeatable.",
            show_default=False,
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Fail (exit 2) when a file is not read whole: skipped, or parts of it that "
            "tree-sitter cannot parse not read.",
        ),
    ] = False,
) -> None:
    """Find, without running it, Burn code that will hit the panic (exit 1 with findings)."""
    fmt = FORMATS["lint"].choose(named, json=as_json)
    if message_format is not None and (named is not None or as_json):
        raise UsageError("--message-format cannot be used with --format or --json")
    from pbpit.lint.command import lint_command

    # lint renders each of its formats itself (pbpit.lint.command) and says its exit status.
    status = lint_command(
        paths or [],
        fmt,
        _console(),
        sys.stderr,
        message_format=message_format,
        fix=fix_choice or fix,
        exclude=exclude or [],
        cargo=cli._as_cargo_subcommand,
        strict=strict,
    )
    raise typer.Exit(status)
