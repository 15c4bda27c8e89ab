"""A run's nodes and backwards as the diagnoses name them: `NodeId(2) `feats``, by the binding a
diagnosis names (`bound_name`), what made a node (`made_of`, `made_in_note`), Burn's requirement
in the user's words (`node_kind`), a backward by its number, line and pass (`backward_name`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbpit.diagnose.in_files import cited_line, place
from pbpit.diagnose.spans import callee_span, line_span
from pbpit.engine.graph import Requirement
from pbpit.trace import NodeRecord, RunResult

if TYPE_CHECKING:
    from pbpit.diagnose.explain import BackwardInfo


REQUIREMENT_WORDS = {
    Requirement.GRAD: "leaf that requires grad",
    Requirement.GRAD_IN_BACKWARD: "tracked intermediate",
    Requirement.NONE: "untracked",
}
"""Burn's requirement of a node, in the user's words."""


def node_name(result: RunResult, node_id: int) -> str:
    """`NodeId(2) `feats``, or `NodeId(2)` for a tensor no variable names."""
    node = result.node(node_id)
    if node is None or node.label is None:
        return f"NodeId({node_id})"
    return f"NodeId({node_id}) `{node.label}`"


def bound_name(node: NodeRecord, binding: str) -> str:
    """`NodeId(18) `teacher.weight``: the node by the binding the diagnosis names (the caller's
    binding that holds it, as run and lint name it), with the name it had where it was made when
    that is another (`self.weight` in a method): `NodeId(18) `teacher.weight` (`self.weight`
    where it was made)`; an element or field of the binding by its path in it
    (`agent.log_probs` (`agent.log_probs[2]`))."""
    if not binding:
        return f"NodeId({node.id})" if node.label is None else f"NodeId({node.id}) `{node.label}`"
    if node.label is None or node.label == binding:
        return f"NodeId({node.id}) `{binding}`"
    if node.label.startswith((f"{binding}[", f"{binding}.")):
        return f"NodeId({node.id}) `{binding}` (`{node.label}`)"  # an element, a field of it
    return f"NodeId({node.id}) `{binding}` (`{node.label}` where it was made)"


def made_of(result: RunResult, node: NodeRecord) -> str:
    """`exp(NodeId(0) `x`)`: the op and its inputs."""
    inputs = ", ".join(node_name(result, i) for i in node.inputs)
    return f"{node.op}({inputs})"


def node_kind(node: NodeRecord) -> str:
    """`a leaf that requires grad`, `a tracked intermediate` or `untracked`."""
    words = REQUIREMENT_WORDS[node.requirement]
    return words if node.requirement is Requirement.NONE else f"a {words}"


def made_in_note(result: RunResult, node: NodeRecord) -> list[str]:
    """For a node made in a function its cited line calls: `made in `hidden` at src/main.rs:12:5`
    (the statement in it), and each call on the way from the outermost in (`, called from
    `layer` at src/main.rs:20:13`); nothing for a node made at its cited line."""
    if not node.made_in:
        return []
    chain = [*node.made_in]
    function, line = chain[-1]
    where = place(result, line, line_span(result.source, line)[0] + 1)
    note = f"made in {_function(function)} at {where}"
    for (caller, at), (callee, _) in zip(chain[-2::-1], chain[:0:-1], strict=True):
        called = callee_span(result.source, at, callee, result.language)
        column = (called or line_span(result.source, at))[0] + 1
        note += f", called from {_function(caller)} at {place(result, at, column)}"
    return [note]


def _function(name: str | None) -> str:
    return "a closure" if name is None else f"`{name}`"


def backward_name(result: RunResult, info: BackwardInfo) -> str:
    """`backward #1 at line 21 (root NodeId(4) `loss`, loop pass 0)`."""
    record = info.record
    where = f" at {cited_line(result, record.line)}" if record.line is not None else ""
    loop = f", loop pass {info.iteration}" if info.iteration is not None else ""
    return f"backward #{info.number}{where} (root {node_name(result, record.root)}{loop})"
