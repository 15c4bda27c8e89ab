"""The tape as a picture: every node of a run, its step, and the walk of a failing backward.

`tape_graph` reads a run's trace and says, for the moment after a given backward, which node ids
exist, each one's requirement (Burn's, as the trace records it) and whether its step is still on
the tape. It is drawn three ways: a terminal tree (`render_text`), Mermaid (`render_mermaid`,
rendered by GitHub) and Graphviz (`render_dot`); the command line chooses among them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rich.text import Text

from pbpit.engine.graph import Requirement
from pbpit.errors import UsageError
from pbpit.trace import NodeRecord, RunResult

# Deeper subtrees of the text tree are continued as their own tree below, so that a long chain
# neither indents without bound nor costs quadratic time in its prefixes.
MAX_TEXT_DEPTH = 20


class Step(StrEnum):
    """What has become of a tracked node's step at the moment drawn (a leaf's is its root step)."""

    LIVE = "live"
    """Still on the tape, holding the tensors it saved."""
    CONSUMED = "consumed"
    """A backward consumed it (`consumed_by` says which)."""
    FREED = "freed"
    """Freed unconsumed after a backward (`consumed_by` says which), as no tensor held could
    reach it any more (Burn's `free_unavailable_nodes`)."""


@dataclass(frozen=True)
class GraphNode:
    """One node id as drawn: what made it, its inputs, and its step at the moment drawn."""

    id: int
    label: str | None
    op: str
    parents: list[int]
    """Tracked inputs (solid edges)."""
    inputs: list[int]
    """Every input, tracked or not; those not in `parents` are drawn dashed."""
    requirement: Requirement
    step: Step | None
    """None for an untracked node: it never had a step."""
    consumed_by: int | None
    """The 1-based number of the backward that consumed its step (leaf or intermediate), or
    that freed it."""
    saved_bytes: int
    """Bytes its step saved for backward; held only while the step is live."""

    @property
    def holds_step(self) -> bool:
        """Whether its step is on the tape now (a live intermediate, or an unconsumed leaf)."""
        return self.step is Step.LIVE

    @property
    def status(self) -> str:
        """`leaf`, `untracked`, or an intermediate's step (`live`, `consumed`): the word it is
        drawn and styled with, and its `status` in JSON."""
        if self.requirement is Requirement.GRAD:
            return "leaf"
        if self.requirement is Requirement.NONE:
            return "untracked"
        return str(self.step)

    @property
    def edges(self) -> list[tuple[int, bool]]:
        """(input id, tracked) for every input, in argument order."""
        tracked = set(self.parents)
        return [(i, i in tracked) for i in (self.inputs or self.parents)]


@dataclass
class TapeGraph:
    """The tape of one run after backward number `after` (0: before any backward)."""

    case: str
    after: int
    backward_count: int
    nodes: list[GraphNode]
    failing: int | None = None
    """The number of the next backward when it is rejected (the panic's, at the panic)."""
    failing_root: int | None = None
    missing: int | None = None
    """The node where the failing backward found no step."""
    walk: list[int] = field(default_factory=list)
    """Node ids from the failing backward's root down to `missing`."""
    after_rejected: bool = False
    """Whether backward `after` was itself rejected, so it consumed nothing."""
    case_error: str | None = None

    @property
    def live_saved_bytes(self) -> int:
        """Bytes held by the steps still on the tape."""
        return sum(n.saved_bytes for n in self.nodes if n.holds_step)

    @property
    def live_steps(self) -> int:
        """How many steps are still on the tape, leaves' root steps included."""
        return sum(1 for n in self.nodes if n.holds_step)

    def to_json(self) -> dict[str, Any]:
        """The graph for scripts: the nodes with their status, the missing node, live bytes."""
        return {
            "case": self.case,
            "after": self.after,
            "nodes": [
                {
                    "id": n.id,
                    "label": n.label,
                    "op": n.op,
                    "parents": n.parents,
                    "inputs": n.inputs,
                    "status": n.status,
                    "consumed_by": n.consumed_by,
                    "saved_bytes": n.saved_bytes,
                }
                for n in self.nodes
            ],
            "missing": self.missing,
            "walk": self.walk,
            "live_saved_bytes": self.live_saved_bytes,
        }


def _default_after(result: RunResult) -> int:
    """At the panic (before the rejected backward that ended the run), else the end of the run."""
    count = len(result.backwards)
    last = result.backwards[-1] if result.backwards else None
    panicked_in_backward = (
        result.panic is not None
        and last is not None
        and not last.ok
        and last.missing == result.panic.node_id
    )
    return count - 1 if panicked_in_backward else count


def tape_graph(result: RunResult, after: int | None = None) -> TapeGraph:
    """The tape after the `after`-th backward of `result` (1-based; 0 is before any backward).

    `None` means at the panic, or at the end of a run that did not panic in a backward. The nodes
    are those that existed then; when the next backward was rejected, its walk and the node it
    found without a step are included. Raises `UsageError` when `after` is out of range.
    """
    count = len(result.backwards)
    if after is None:
        after = _default_after(result)
    elif not 0 <= after <= count:
        runs = f"runs {count} backward" + ("" if count == 1 else "s")
        allowed = "only 0 is allowed" if count == 0 else f"use 0 (before any) to {count}"
        raise UsageError(f"--after {after} is out of range: case `{result.case}` {runs}; {allowed}")
    upcoming = result.backwards[after] if after < count else None
    consumed_by: dict[int, int] = {}
    freed: set[int] = set()
    for number, backward in enumerate(result.backwards[:after], start=1):
        for node_id in backward.consumed:
            consumed_by[node_id] = number
        for node_id in backward.freed:
            consumed_by[node_id] = number
            freed.add(node_id)
    existing = (
        result.nodes
        if upcoming is None
        else [n for n in result.nodes if n.id < upcoming.node_count]
    )
    graph = TapeGraph(
        case=result.case,
        after=after,
        backward_count=count,
        nodes=[_graph_node(n, consumed_by.get(n.id), n.id in freed) for n in existing],
        after_rejected=after > 0 and not result.backwards[after - 1].ok,
        case_error=None if result.error is None else result.error.message,
    )
    if upcoming is not None and not upcoming.ok and upcoming.missing is not None:
        graph.failing = after + 1
        graph.failing_root = upcoming.root
        graph.missing = upcoming.missing
        graph.walk = result.walk_path(upcoming.root, upcoming.missing)
    return graph


def _graph_node(record: NodeRecord, consumed_by: int | None, freed: bool = False) -> GraphNode:
    tracked = record.requirement is not Requirement.NONE
    if not tracked:
        step, consumed_by = None, None
    elif consumed_by is None:
        step = Step.LIVE
    else:
        step = Step.FREED if freed else Step.CONSUMED
    return GraphNode(
        id=record.id,
        label=record.label,
        op=record.op,
        parents=list(record.parents),
        inputs=list(record.inputs),
        requirement=record.requirement,
        step=step,
        consumed_by=consumed_by,
        saved_bytes=record.saved_bytes if tracked else 0,
    )


# -- words shared by the renderings ----------------------------------------------------------------


def _name(node: GraphNode) -> str:
    return f"NodeId({node.id})" + (f" `{node.label}`" if node.label else "")


def _step_words(node: GraphNode) -> str:
    went = "freed after" if node.step is Step.FREED else "consumed by"
    consumed = f"{went} #{node.consumed_by}"
    if node.requirement is Requirement.GRAD:
        return "leaf" if node.step is Step.LIVE else f"leaf, {consumed}"
    if node.requirement is Requirement.NONE:
        return "untracked"
    return f"live, {node.saved_bytes} B saved" if node.step is Step.LIVE else consumed


def _moment(graph: TapeGraph) -> str:
    """When the drawn tape is, in words: `the tape after backward #1, as backward #2 finds it`."""
    if graph.backward_count == 0:
        when = "the tape at the end of the run (it ran no backward)"
    elif graph.after == 0:
        when = "the tape before any backward"
    else:
        when = f"the tape after backward #{graph.after}"
        if graph.after_rejected:
            when += " (rejected: it consumed nothing)"
        if graph.after == graph.backward_count:
            when += ", the last of the run"
    if graph.failing is not None:
        when += f", as backward #{graph.failing} finds it"
    return f"{graph.case}: {when}"


def _memory(graph: TapeGraph) -> str:
    return f"live steps: {graph.live_steps}, holding {graph.live_saved_bytes} B"


def _walk_words(graph: TapeGraph) -> str | None:
    if graph.failing is None or graph.missing is None:
        return None
    by_id = {n.id: n for n in graph.nodes}
    missing = by_id.get(graph.missing)
    target = _name(missing) if missing else f"NodeId({graph.missing})"
    walk = (
        "went " + " -> ".join(str(i) for i in graph.walk)
        if len(graph.walk) > 1
        else "started there"
    )
    return f"backward #{graph.failing} {walk} and found no step at {target}: the panic"


def _notes(graph: TapeGraph) -> list[str]:
    notes = [_memory(graph)]
    walk = _walk_words(graph)
    if walk is not None:
        notes.insert(0, walk)
    if graph.case_error is not None:
        notes.append(f"the case stopped with {graph.case_error}")
    return notes


# -- text: a tree from the roots down to the leaves ------------------------------------------------

# Keyed by `GraphNode.status`.
_STATUS_STYLE = {
    "leaf": "blue",
    "live": "green",
    "consumed": "dim",
    "freed": "dim",
    "untracked": "dim italic",
}


def _roots(graph: TapeGraph) -> list[int]:
    """The failing backward's root first, then every node nothing consumes, oldest first."""
    used = {i for n in graph.nodes for i, _ in n.edges}
    roots = [] if graph.failing_root is None else [graph.failing_root]
    roots += [n.id for n in graph.nodes if n.id not in used and n.id != graph.failing_root]
    return roots


def render_text(graph: TapeGraph) -> Text:
    """A tree per root, down to the leaves; a node met again is printed as `(see above)`.

    Each line is `NodeId(n) `label` = op  [status]`. Untracked inputs hang on dashed branches.
    Built without recursion: a chain of any length renders.
    """
    by_id = {n.id: n for n in graph.nodes}
    walk = set(graph.walk)
    text = Text()
    text.append(_moment(graph) + "\n", style="bold")
    seen: set[int] = set()
    for root in _roots(graph):
        if root in seen:
            continue
        text.append("\n")
        # Subtrees cut at MAX_TEXT_DEPTH continue here, as trees of their own.
        continued: deque[int] = deque([root])
        while continued:
            top = continued.popleft()
            heading = top != root
            if heading:
                text.append("\n")
            # (node id, text before its connector, connector, prefix for its children, depth)
            stack: list[tuple[int, str, str, str, int]] = [(top, "", "", "", 0)]
            while stack:
                node_id, prefix, connector, child_prefix, depth = stack.pop()
                node = by_id[node_id]
                text.append(prefix)
                text.append(connector, style="dim" if "╌" in connector else "")
                if node_id in seen and not (heading and node_id == top):
                    text.append(_name(node), style=_STATUS_STYLE[node.status])
                    text.append(" (see above)\n", style="dim")
                    continue
                seen.add(node_id)
                _append_node(text, node, graph, node_id in walk)
                edges = node.edges
                if heading and node_id == top:
                    text.append(" (continued)", style="dim")
                elif edges and depth >= MAX_TEXT_DEPTH:
                    text.append(" (continued below)\n", style="dim")
                    continued.append(node_id)
                    continue
                text.append("\n")
                for index in range(len(edges) - 1, -1, -1):
                    input_id, tracked = edges[index]
                    last = index == len(edges) - 1
                    branch = ("└" if last else "├") + ("──" if tracked else "╌╌") + " "
                    stack.append(
                        (
                            input_id,
                            child_prefix,
                            branch,
                            child_prefix + ("    " if last else "│   "),
                            depth + 1,
                        )
                    )
    text.append("\n")
    for note in _notes(graph):
        text.append(note + "\n")
    return text


def _append_node(text: Text, node: GraphNode, graph: TapeGraph, on_walk: bool) -> None:
    style = _STATUS_STYLE[node.status] + (" bold" if on_walk else "")
    text.append(f"{_name(node)} = {node.op}", style=style)
    text.append(f"  [{_step_words(node)}]", style=_STATUS_STYLE[node.status])
    if node.id == graph.missing:
        text.append("  [MISSING]", style="bold red")
    if node.id == graph.failing_root:
        text.append(f"  <- backward #{graph.failing}", style="bold")


# -- mermaid and dot: boxes and arrows, parents below their children -------------------------------


def _box_lines(node: GraphNode, graph: TapeGraph) -> list[str]:
    lines = [f"{node.label} = {node.op}" if node.label else node.op, f"NodeId({node.id})"]
    lines.append(_step_words(node))
    if node.id == graph.missing:
        lines.append(f"MISSING: backward #{graph.failing} found no step")
    elif node.id == graph.failing_root:
        lines.append(f"root of backward #{graph.failing}")
    return lines


def _box_class(node: GraphNode, graph: TapeGraph) -> str:
    if node.id == graph.missing:
        return "missing"
    # A freed step is drawn as a consumed one: gone from the tape either way.
    return "consumed" if node.step is Step.FREED else node.status


def _walk_edges(graph: TapeGraph) -> set[tuple[int, int]]:
    """(parent, child) pairs the failing backward walked over."""
    return {(graph.walk[i + 1], graph.walk[i]) for i in range(len(graph.walk) - 1)}


def _comment_lines(graph: TapeGraph) -> list[str]:
    return [line.replace("\n", " ") for line in [_moment(graph), *_notes(graph)]]


_MERMAID_CLASSES = {
    "leaf": "fill:#dbeafe,stroke:#1d4ed8,color:#1e3a8a",
    "live": "fill:#dcfce7,stroke:#15803d,color:#14532d",
    "consumed": "fill:#f3f4f6,stroke:#6b7280,color:#6b7280,stroke-dasharray:4 3",
    "untracked": "fill:#ffffff,stroke:#9ca3af,color:#6b7280,stroke-dasharray:2 2",
    "missing": "fill:#fee2e2,stroke:#b91c1c,stroke-width:3px,color:#7f1d1d",
}


# Mermaid reads `#name;` as an entity, so `#` goes first; `"` would end the quoted label.
_MERMAID_ENTITIES = (("#", "#35;"), ("&", "#amp;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"))


def _mermaid_escape(value: str) -> str:
    for raw, entity in _MERMAID_ENTITIES:
        value = value.replace(raw, entity)
    return value


def render_mermaid(graph: TapeGraph) -> str:
    """A Mermaid `flowchart BT`: one box per node, one arrow per edge from input to result.

    Untracked inputs are dotted arrows, the failing walk thick ones; boxes are styled by the
    classes leaf, live, consumed, untracked and missing.
    """
    out = ["flowchart BT"]
    out += [f"    %% {line}" for line in _comment_lines(graph)]
    out += [f"    classDef {name} {style}" for name, style in _MERMAID_CLASSES.items()]
    for node in graph.nodes:
        label = "<br/>".join(_mermaid_escape(line) for line in _box_lines(node, graph))
        out.append(f'    n{node.id}["{label}"]')
    walked = _walk_edges(graph)
    for node in graph.nodes:
        for input_id, tracked in node.edges:
            arrow = "==>" if (input_id, node.id) in walked else "-->" if tracked else "-.->"
            out.append(f"    n{input_id} {arrow} n{node.id}")
    for name in _MERMAID_CLASSES:
        ids = [f"n{n.id}" for n in graph.nodes if _box_class(n, graph) == name]
        if ids:
            out.append(f"    class {','.join(ids)} {name}")
    return "\n".join(out) + "\n"


_DOT_STYLES = {
    "leaf": 'style="rounded,filled", fillcolor="#dbeafe", color="#1d4ed8"',
    "live": 'style="rounded,filled", fillcolor="#dcfce7", color="#15803d"',
    "consumed": 'style="rounded,filled,dashed", fillcolor="#f3f4f6", color="#6b7280", '
    'fontcolor="#6b7280"',
    "untracked": 'style="rounded,dashed", color="#9ca3af", fontcolor="#6b7280"',
    "missing": 'style="rounded,filled,bold", fillcolor="#fee2e2", color="#b91c1c", penwidth=3',
}


def _dot_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def render_dot(graph: TapeGraph) -> str:
    """A Graphviz digraph: one box per node, one arrow per edge from input to result.

    Untracked inputs are dashed grey arrows, the failing walk thick red ones.
    """
    out = [f"// {line}" for line in _comment_lines(graph)]
    out.append("digraph tape {")
    out.append("    rankdir=BT;")
    out.append('    node [shape=box, fontname="Helvetica", fontsize=11];')
    for node in graph.nodes:
        label = "\\n".join(_dot_escape(line) for line in _box_lines(node, graph))
        out.append(f'    n{node.id} [label="{label}", {_DOT_STYLES[_box_class(node, graph)]}];')
    walked = _walk_edges(graph)
    for node in graph.nodes:
        for input_id, tracked in node.edges:
            if (input_id, node.id) in walked:
                attrs = ' [color="#b91c1c", penwidth=2.5]'
            elif not tracked:
                attrs = ' [style=dashed, color="#9ca3af"]'
            else:
                attrs = ""
            out.append(f"    n{input_id} -> n{node.id}{attrs};")
    out.append("}")
    return "\n".join(out) + "\n"
