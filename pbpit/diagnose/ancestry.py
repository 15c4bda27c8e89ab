"""What a node of a run is made from: its tracked ancestors (`ancestors`), the data and leaves
behind it (`made_from`), and whether one node is made from rows of another's data (`rows_of`)."""

from __future__ import annotations

from pbpit.trace import RunResult


def ancestors(result: RunResult, root: int, limit: int | None = None) -> set[int]:
    """`root` and every node reachable from it over recorded (tracked) parents (below `limit`)."""
    seen = {root}
    stack = [root]
    while stack:
        record = result.node(stack.pop())
        for parent in record.parents if record else ():
            if parent not in seen and (limit is None or parent < limit):
                seen.add(parent)
                stack.append(parent)
    return seen


def made_from(result: RunResult, node_id: int) -> frozenset[int | str]:
    """What `node_id` is made from: the untracked inputs (data) of the steps that made it, but
    for the detached copies an op makes of its own input (softmax's), new with every call; and
    the leaves that require grad, by name (a parameter an optimizer stepped is a new leaf of
    the same name)."""
    data: set[int | str] = set()
    for n in ancestors(result, node_id):
        record = result.node(n)
        if record is None:
            continue
        if record.requires_grad:
            data.add(record.label or f"NodeId({n})")
        data |= set(record.inputs) - set(record.parents)
    return frozenset(n for n in data if isinstance(n, str) or not _detached_from_graph(result, n))


def rows_of(result: RunResult, data: frozenset[int | str], given: frozenset[int | str]) -> bool:
    """Whether what a node is made from (`made_from`) is `given`, or rows of it: the same
    leaves by name, each piece of data one of `given`'s or made from one by ops on data alone
    (a minibatch `select`ed from a rollout's observations), and each of `given`'s used."""
    if {d for d in data if isinstance(d, str)} != {d for d in given if isinstance(d, str)}:
        return False
    ids = {d for d in given if isinstance(d, int)}
    reached: set[int] = set()
    for piece in (d for d in data if isinstance(d, int)):
        stack, seen, found = [piece], set(), set()
        while stack:
            record = result.node(stack.pop())
            if record is None or record.id in seen or record.tracked:
                continue
            seen.add(record.id)
            if record.id in ids:
                found.add(record.id)
                continue
            stack.extend(record.inputs)
        if not found:
            return False
        reached |= found
    return reached == ids


def _detached_from_graph(result: RunResult, node_id: int) -> bool:
    """Whether untracked `node_id` is made from a detached copy of a tracked tensor (softmax's
    max of its own input): made anew with each call, not data given to it."""
    stack, seen = [node_id], set()
    while stack:
        record = result.node(stack.pop())
        if record is None or record.id in seen:
            continue
        seen.add(record.id)
        if record.op == "detach" or record.tracked:
            return True
        stack.extend(record.inputs)
    return False
