"""Name the tensor behind `NodeId(n)` and the backward that consumed its step."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from pbpit.trace import BackwardRecord, NodeRecord, RunResult


@dataclass
class BackwardRef:
    """A backward of the run: its 1-based number and its record."""

    number: int
    record: BackwardRecord


@dataclass
class PanicDiagnosis:
    """Why the backward panicked: the node without a step, who consumed it, how it was reached."""

    node: NodeRecord
    failed: BackwardRef
    consumed_by: BackwardRef | None
    path: list[int]
    """Node ids from the failing backward's root down to the node."""


def walk_path(result: RunResult, root: int, target: int) -> list[int]:
    """The shortest chain of recorded parents from `root` to `target` (both included)."""
    came_from: dict[int, int | None] = {root: None}
    queue = deque([root])
    while queue:
        node_id = queue.popleft()
        if node_id == target:
            break
        record = result.node(node_id)
        for parent in record.parents if record else []:
            if parent not in came_from:
                came_from[parent] = node_id
                queue.append(parent)
    if target not in came_from:
        return []
    path = [target]
    while (previous := came_from[path[-1]]) is not None:
        path.append(previous)
    return path[::-1]


def diagnose_panic(result: RunResult) -> PanicDiagnosis | None:
    """The diagnosis of a run that panicked at a consumed step, or None for any other run."""
    panic = result.panic
    if panic is None or panic.node_id is None:
        return None
    node = result.node(panic.node_id)
    failed = next(
        (
            BackwardRef(i + 1, b)
            for i, b in enumerate(result.backwards)
            if not b.ok and b.missing == panic.node_id
        ),
        None,
    )
    if node is None or failed is None:
        return None
    consumed_by = next(
        (
            BackwardRef(i + 1, b)
            for i, b in reversed(list(enumerate(result.backwards[: failed.number - 1])))
            if panic.node_id in b.consumed
        ),
        None,
    )
    return PanicDiagnosis(
        node=node,
        failed=failed,
        consumed_by=consumed_by,
        path=walk_path(result, failed.record.root, panic.node_id),
    )
