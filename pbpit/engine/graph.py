"""Nodes of the autodiff graph (ids, parents, order, requirement), as burn-autodiff's `graph/`."""

from __future__ import annotations

from enum import IntEnum

# In the tape's flat arrays, an edge to a leaf that had no step when the edge was written: the
# compiled walk passes it by (`AutodiffServer.add_node`).
LEAF_WITHOUT_STEP = -(1 << 62)


class Requirement(IntEnum):
    """What a node asks of backward, in Burn's three states."""

    NONE = 0
    """Untracked: no input requires grad; no step is ever registered for it."""
    GRAD = 1
    """A leaf that requires grad: its gradient is kept in the returned `Gradients`."""
    GRAD_IN_BACKWARD = 2
    """A tracked intermediate: gradients flow through it and are dropped after its step runs."""


class Node:
    """One tensor's place in the graph. `parents` holds only the tracked inputs.

    A leaf's node, an untracked result's, a detached tensor's are a `Node`; a tracked result's
    is the op that made it (`pbpit.engine.ops.Op` extends `Node`), which is also its step."""

    __slots__ = ("id", "parents", "order", "requirement", "handles")

    def __init__(
        self, node_id: int, parents: tuple[Node, ...], requirement: Requirement, order: int = 0
    ):
        self.id = node_id
        self.parents = parents
        # 1 + the highest order among *all* inputs, tracked or not (0 for a leaf), as in Burn.
        self.order = order
        self.requirement = requirement
        # How many `Tensor`s hold this node, as Burn's `NodeRefCount` (an `Arc`) counts them:
        # after a backward, a step no held node can reach is freed (`free_unavailable_nodes`).
        self.handles = 0

    def __repr__(self) -> str:
        return f"Node(NodeId({self.id}), {self.requirement.name})"


class NodeIds:
    """The process-wide counter behind `NodeId(n)`: every tensor creation takes the next value."""

    __slots__ = ("next",)

    def __init__(self) -> None:
        self.next = 0

    def take(self) -> int:
        node_id = self.next
        self.next = node_id + 1
        return node_id
