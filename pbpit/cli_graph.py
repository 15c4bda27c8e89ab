"""`pbpit graph`: the tape drawn, every node and whether its step is live or consumed, in each of
its formats. `pbpit.cli` imports this where the command takes its place among the others (import
that module, not this one)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from pbpit import cli
from pbpit.cli import _console, _json_only_on_stdout, _print_json, app
from pbpit.formats import FORMATS
from pbpit.runner import resolve_case, run_case

if TYPE_CHECKING:
    from pbpit.diagnose.graph import TapeGraph


@app.command("graph")
def graph_tape(
    case: Annotated[str, typer.Argument(help="A built-in case name, or a case file (.py or .rs).")],
    named: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="|".join(FORMATS["graph"].named),
            help="A terminal tree (default), Mermaid for GitHub, or a Graphviz digraph.",
            show_default=False,
        ),
    ] = None,
    after: Annotated[
        int | None,
        typer.Option(
            "--after",
            metavar="N",
            help="The tape after the N-th backward (0: before any); default: at the panic.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object with every node and its step.")
    ] = False,
) -> None:
    """Draw the tape: every node, whether its step is live or consumed, and the failing walk."""
    fmt = FORMATS["graph"].choose(named, json=as_json)
    if fmt == "json":
        _json_only_on_stdout()
    from pbpit.diagnose.graph import tape_graph

    graph = tape_graph(run_case(resolve_case(case)), after)
    cli.render("graph", fmt, graph)


def _graph_text(graph: TapeGraph) -> None:
    from pbpit.diagnose.graph import render_text

    console, text = _console(), render_text(graph)
    # Without a colour system rich would print the plain text anyway, only much slower.
    if console.color_system is None:
        sys.stdout.write(text.plain)
    else:
        console.print(text, end="")


def _graph_mermaid(graph: TapeGraph) -> None:
    from pbpit.diagnose.graph import render_mermaid

    sys.stdout.write(render_mermaid(graph))


def _graph_dot(graph: TapeGraph) -> None:
    from pbpit.diagnose.graph import render_dot

    sys.stdout.write(render_dot(graph))


def _graph_json(graph: TapeGraph) -> None:
    _print_json(graph.to_json())
