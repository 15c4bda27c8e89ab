"""The step registry and `backward()`, as burn-autodiff's `runtime/server.rs`.

One process-wide server holds the steps. `backward(root)` runs in three phases:

1. `collect_steps` walks from the root over recorded parents, read-only. A leaf without a step is
   fine; any other node without one means its step was consumed by an earlier backward, and the
   backward panics naming it, with every step still in place.
2. `build_tape` removes every reachable step (leaves' root steps included), releasing the tensors
   they saved: steps are consumed by value, which is why Burn has no `retain_graph`.
3. The tape runs from the highest order to the lowest, adding gradients into `Gradients`.

After it, as Burn's `free_unavailable_nodes`, the steps no held tensor can reach any more are
freed with what they saved: no backward can walk to them, so nothing else changes.
"""

from __future__ import annotations

import sys
from array import array
from typing import Protocol

import numpy as np

from pbpit.engine import f32
from pbpit.engine.graph import LEAF_WITHOUT_STEP, Node, NodeIds, Requirement
from pbpit.engine.ops import Op

TAPE_CONSUMED = (
    "Cannot run backward: graph tape has already been consumed at NodeId({id}). "
    "Burn does not support retain_graph. Combine losses before backward or recompute the "
    "forward pass. Use detach() only to intentionally sever gradients through the previous "
    "computation."
)
UNTRACKED_ROOT = (
    "Cannot run backward: NodeId({id}) does not take part in a recorded graph. No input of the "
    "computation that made it requires grad, so there is nothing to differentiate; call "
    "require_grad() on the parameters before the forward pass."
)
NON_LEAF_REQUIRE_GRAD = "Can't convert a non leaf tensor into a tracked tensor"

SERVER_LOCATION = (
    "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
    "burn-autodiff-0.22.1/src/runtime/server.rs:74:17"
)
# `require_grad` on a non-leaf: the line:col real Burn printed at commit 2c06be35
# (tests/burn022/44_require_grad_non_leaf.stderr), in the registry path of 0.22.1. Only
# server.rs:74:17 is known for 0.22.1 itself; this line may differ there.
TENSOR_LOCATION = (
    "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
    "burn-autodiff-0.22.1/src/tensor.rs:115:17"
)


class Panic(Exception):  # noqa: N818 - named after what Rust does, not a Python error kind
    """Raised where Burn panics. `message` is Burn's text, `node_id` the node it names."""

    def __init__(self, message: str, node_id: int | None = None, location: str = SERVER_LOCATION):
        super().__init__(message)
        self.message = message
        self.node_id = node_id
        self.location = location


Step = Op
"""A step on the tape is the op that made its node, and is that node (`pbpit.engine.ops.Op`)."""


class Observer(Protocol):
    """Who wants to know what the engine did (the run recorder); never needed to compute."""

    def node_created(
        self, node: Node, op: str, inputs: tuple[Node, ...], saved_bytes: int
    ) -> None: ...

    def required_grad(self, node: Node) -> None: ...

    def backward_done(
        self,
        root: Node,
        consumed: list[int],
        missing: int | None,
        saved_bytes_before: int,
        saved_bytes_after: int,
        steps_before: int,
        steps_after: int,
        freed: list[int],
    ) -> None: ...

    def gradients_done(self, root: Node, grads: Gradients) -> None:
        """The gradients a backward from `root` that ran returns (read, never changed)."""


class Gradients:
    """Gradients by node id, as Burn's `Gradients`: after backward, the leaves requiring grad."""

    __slots__ = ("_by_id", "_owned")

    def __init__(self) -> None:
        self._by_id: dict[int, np.ndarray] = {}
        # Ids whose array this container made itself (a sum), so nothing else can hold it.
        self._owned: set[int] = set()

    def register(self, node: Node, grad: np.ndarray) -> None:
        """Add `grad` to what `node` has received so far (Burn's `add(new, old)`: the same bits
        as `old + new`), in place once the array is this container's own."""
        node_id = node.id
        existing = self._by_id.get(node_id)
        if existing is None:
            self._by_id[node_id] = grad
        elif node_id in self._owned:
            np.add(existing, grad, out=existing)
        else:
            self._by_id[node_id] = np.add(grad, existing)
            self._owned.add(node_id)

    def consume(self, node: Node) -> np.ndarray:
        """The gradient flowing into `node`; dropped unless it is a leaf that requires grad."""
        self._owned.discard(node.id)  # handed on: never written in place again
        if node.requirement == Requirement.GRAD:
            return self._by_id[node.id]
        return self._by_id.pop(node.id)

    def get(self, node_id: int) -> np.ndarray | None:
        return self._by_id.get(node_id)

    def remove(self, node_id: int) -> np.ndarray | None:
        """Take `node_id`'s gradient out (Burn's `Gradients::remove`), None if it has none."""
        self._owned.discard(node_id)
        return self._by_id.pop(node_id, None)


class AutodiffServer:
    """The process-wide tape: node ids and the steps registered under them."""

    def __init__(self) -> None:
        self.ids = NodeIds()
        self.steps: dict[int, Step] = {}
        self.saved_bytes = 0
        self.observer: Observer | None = None
        # The graph again, as flat arrays by slot (an id less `base`), for the compiled walk over
        # big tapes: whether a slot has a step, and its parents (`parent_flat` from
        # `parent_end[slot - 1]` to `parent_end[slot]`). No id below `base` has a step, and an
        # edge to a parent without a step is written as what the walk must do there (see
        # `kernels.walk`): the arrays start again from the oldest live step after a backward.
        self.base = 0
        self.has_step = bytearray()
        self.parent_end = array("q")
        self.parent_flat = array("q")
        # Steps of ids below this are out of the cycle collector's sight (`untrack_steps`).
        self.untracked_to = 0
        # Steps removed (consumed or freed) since `steps` was last copied (`backward`).
        self.removed = 0

    def add_node(self, node: Node) -> None:
        """Record a new node's parents in the arrays (ids arrive in order)."""
        self.has_step.append(0)
        flat = self.parent_flat
        if node.parents:
            steps, base = self.steps, self.base
            for parent in node.parents:  # `_edge`, written out: this runs for every op
                parent_id = parent.id
                if parent_id in steps:
                    flat.append(parent_id - base)
                else:
                    flat.append(-1 - parent_id if parent.parents else LEAF_WITHOUT_STEP)
        self.parent_end.append(len(flat))

    def register(self, step: Step) -> None:
        node_id = step.id
        if node_id < self.base:  # a leaf made before the arrays' start asks for grad
            self.compact(node_id)
        self.steps[node_id] = step
        self.has_step[node_id - self.base] = 1
        self.saved_bytes += step.saved_bytes

    def untrack_steps(self) -> None:
        """Take the steps registered since the last call out of the cycle collector's sight,
        once the tape is long (called every `UNTRACK_EVERY` steps).

        The collector walks every object it tracks at each full collection, a long tape's
        steps over and over (a quarter of a chain's forward, measured); the tape can never be
        part of a reference cycle (a step holds its inputs' nodes, older than itself, and
        arrays, never a tensor), so reference counting alone frees it, as it frees an
        untracked tuple. From `UNTRACK_MIN` live steps (numba is needed for the backward's
        walk then anyway), or `UNTRACK_LOADED_MIN` once the compiled kernels are loaded."""
        steps = self.steps
        size = len(steps)
        if not UNTRACKING or size < UNTRACK_LOADED_MIN:
            return
        if size < UNTRACK_MIN and _KERNELS not in sys.modules:
            return
        start, end = max(self.untracked_to, self.base), self.ids.next
        self.untracked_to = end
        # The list keeps each step alive until it is untracked, whatever runs in between.
        live = [step for i in range(start, end) if (step := steps.get(i)) is not None]
        if live:
            _untrack(np.array([id(step) for step in live], dtype=np.int64))

    def compact(self, base: int | None = None) -> None:
        """Write the arrays again from `base` (default: the oldest live step's id) to the
        newest id: 17 bytes a node ever made would otherwise stay for good."""
        steps = self.steps
        if base is None:
            base = min(steps, default=self.ids.next)
        has_step = bytearray(self.ids.next - base)
        parent_end = array("q", bytes(8 * len(has_step)))
        flat = array("q")
        # Only steps' parents are walked; every other slot is passed by or reached by a code.
        end = 0
        for node_id in sorted(steps):
            slot = node_id - base
            for parent in steps[node_id].parents:
                flat.append(_edge(parent, steps, base))
            has_step[slot] = 1
            ends = len(flat)
            # Slots since the last step keep its end: no parents of their own.
            for between in range(end, slot):
                parent_end[between] = parent_end[between - 1] if between else 0
            parent_end[slot] = ends
            end = slot + 1
        last = parent_end[end - 1] if end else 0
        for between in range(end, len(has_step)):
            parent_end[between] = last
        self.base, self.has_step, self.parent_end, self.parent_flat = (
            base,
            has_step,
            parent_end,
            flat,
        )

    def backward(self, root: Node, root_value: np.ndarray) -> Gradients:
        before = self.saved_bytes
        steps = len(self.steps)
        if root.requirement == Requirement.NONE:
            if self.observer is not None:
                self.observer.backward_done(root, [], root.id, before, before, steps, steps, [])
            raise Panic(UNTRACKED_ROOT.format(id=root.id), root.id)
        try:
            found = self.collect_steps(root)
        except Panic as panic:
            if self.observer is not None:
                self.observer.backward_done(
                    root, [], panic.node_id, before, before, steps, steps, []
                )
            raise
        tape = self.build_tape(found)
        # Burn frees after running the tape; the same steps either way (running it makes and
        # drops no tensor), and freeing first lowers the peak.
        freed = self.free_unavailable_nodes()
        # A dict never shrinks its table: once a long tape is consumed, every pass over `steps`
        # (`min` below, the freeing's) would scan its emptied slots, ~300 us a backward after
        # 100,000 steps. Copied into a table of its size once as many steps left as it holds.
        self.removed += len(found) + len(freed)
        if self.removed > 2 * len(self.steps) + COMPACT_MIN:
            self.steps = dict(self.steps)
            self.removed = 0
        oldest = min(self.steps, default=self.ids.next)
        if oldest - self.base > COMPACT_MIN and 2 * (oldest - self.base) > len(self.has_step):
            self.compact(oldest)
        if self.observer is not None:
            self.observer.backward_done(
                root, sorted(found), None, before, self.saved_bytes, steps, len(self.steps), freed
            )
        grads = execute(tape, root, root_value)
        if self.observer is not None:
            self.observer.gradients_done(root, grads)
        return grads

    def free_unavailable_nodes(self) -> list[int]:
        """Free the steps no node held by a tensor can reach (Burn's `free_unavailable_nodes`):
        the ids freed, in registration order.

        Burn's "useful" nodes are those a held node reaches over parents with steps; everything
        else goes. Burn also frees a held node's steps once an ancestor's step is consumed
        ("unavailable"), as its backward can only panic; pbpit keeps those, so that the panic
        names the consumed node as the seed's does, and no reachable step ever goes.
        """
        steps = self.steps
        if not steps:
            return []
        useful: set[int] = set()
        stack = [step for step in steps.values() if step.handles]
        while stack:
            node = stack.pop()
            node_id = node.id
            if node_id in useful or node_id not in steps:
                continue  # a node without a step ends every walk through it (a leaf, or a panic)
            useful.add(node_id)
            stack.extend(node.parents)
        if len(useful) == len(steps):
            return []
        freed = [node_id for node_id in steps if node_id not in useful]
        has_step, base = self.has_step, self.base
        released = 0
        for node_id in freed:
            step = steps.pop(node_id)
            has_step[node_id - base] = 0
            released += step.saved_bytes
            step.saved = ()
        self.saved_bytes -= released
        return freed

    def collect_steps(self, root: Node, compiled: bool | None = None) -> list[int]:
        """Walk from the root over recorded parents, read-only; panic at a non-leaf without a step.

        Burn's traversal (named breadth-first, run on a stack): the root, then parents popped
        last-in first-out, each node visited once. Returns the ids with a step, in visiting
        order. Big tapes walk the arrays in a compiled kernel (`compiled` forces either way).
        """
        if compiled if compiled is not None else len(self.steps) >= COMPILED_WALK_MIN:
            return self._collect_steps_compiled(root)
        steps = self.steps
        found: list[int] = []
        visited: set[int] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            node_id = node.id
            if node_id in visited:
                continue
            visited.add(node_id)
            if node_id not in steps:
                if node.parents:
                    raise Panic(TAPE_CONSUMED.format(id=node_id), node_id)
                continue
            found.append(node_id)
            for parent in node.parents:
                if parent.id not in visited:
                    stack.append(parent)
        return found

    def _collect_steps_compiled(self, root: Node) -> list[int]:
        from pbpit.engine.kernels import walk

        if root.id < self.base:  # no step there: the walk ends at the root
            return self.collect_steps(root, compiled=False)
        has_step = np.frombuffer(self.has_step, dtype=np.uint8)
        parent_end = np.frombuffer(self.parent_end, dtype=np.int64)
        parent_flat = np.frombuffer(self.parent_flat, dtype=np.int64)
        try:
            order, missing = walk(root.id, self.base, has_step, parent_end, parent_flat)
        finally:
            # The buffers must not stay exported, or they could not grow.
            del has_step, parent_end, parent_flat
        if missing >= 0:
            raise Panic(TAPE_CONSUMED.format(id=missing), int(missing))
        return order.tolist()

    def build_tape(self, found: list[int]) -> list[list[Step]]:
        """Consume the steps of `found` (remove them from the tape), grouped by node order."""
        registry = self.steps
        has_step, base = self.has_step, self.base
        # A leaf whose root step an earlier backward consumed has nothing left: an empty tape.
        tape: list[list[Step]] = [[]]
        released = 0
        for node_id in found:  # one pass: a Python loop per step costs every backward
            step = registry.pop(node_id)
            has_step[node_id - base] = 0
            released += step.saved_bytes
            order = step.order
            while len(tape) <= order:
                tape.append([])
            tape[order].append(step)
        self.saved_bytes -= released
        return tape


def execute(tape: list[list[Step]], root: Node, root_value: np.ndarray) -> Gradients:
    """Run the consumed steps deepest first (highest order), accumulating gradients by addition."""
    grads = Gradients()
    grads.register(root, f32.ones(root_value.shape))
    for level in reversed(tape):
        for step in level:
            source = step.source
            if source is not None:  # one input, tracked
                (parent_grad,) = step.backward(grads.consume(step))
                step.saved = ()  # a step runs once: what it saved is released as soon as it has
                grads.register(source, parent_grad)
                continue
            inputs = step.many_inputs
            if not inputs:
                continue  # a leaf's root step
            parent_grads = step.backward(grads.consume(step))
            step.saved = ()
            for parent, parent_grad in zip(inputs, parent_grads, strict=True):
                if parent is not None:
                    grads.register(parent, parent_grad)
    return grads


SERVER = AutodiffServer()


def reset() -> None:
    """A fresh "process": node ids restart at 0 and the tape is emptied."""
    observer = SERVER.observer
    SERVER.__init__()
    f32.release_pool()
    SERVER.observer = observer


# From this many live steps, `collect_steps` walks the arrays in compiled code.
COMPILED_WALK_MIN = 20_000
# `AutodiffServer.untrack_steps`: every this many steps registered, from this many live steps
# (fewer once the kernels are loaded); UNTRACKING False keeps every step tracked.
UNTRACK_EVERY = 512
UNTRACK_MIN = COMPILED_WALK_MIN
UNTRACK_LOADED_MIN = 2 * UNTRACK_EVERY
UNTRACKING = True
_KERNELS = "pbpit.engine.kernels"


def _untrack(addresses: np.ndarray) -> None:
    """`kernels.untrack`; if it cannot be compiled or loaded here, untracking stops: the steps
    stay tracked, as every object is by default."""
    global UNTRACKING
    try:
        from pbpit.engine.kernels import untrack

        untrack(addresses)
    except Exception:
        UNTRACKING = False


# The arrays are written again once more than half of them, and this many slots, lie before the
# oldest live step.
COMPACT_MIN = 1024


def _edge(parent: Node, steps: dict[int, Step], base: int) -> int:
    """A parent in the arrays: its slot while it has a step; else what the walk does there."""
    parent_id = parent.id
    if parent_id in steps:
        return parent_id - base
    return -1 - parent_id if parent.parents else LEAF_WITHOUT_STEP


def new_node(
    parents: tuple[Node, ...],
    requirement: Requirement,
    op: str,
    order: int = 0,
    inputs: tuple[Node, ...] = (),
    saved_bytes: int = 0,
) -> Node:
    """Take the next id for a new tensor's node, and tell the observer (if any) about it."""
    server = SERVER
    ids = server.ids  # `ids.take()`, written out: this runs for every op
    node_id = ids.next
    ids.next = node_id + 1
    node = Node(node_id, parents, requirement, order)
    server.add_node(node)
    if server.observer is not None:
        server.observer.node_created(node, op, inputs, saved_bytes)
    return node


def record_unary(op: Op, source: Node) -> None:
    """Make `op`, whose forward has run on the tracked node `source`, its result's node and its
    step: `record_op` for one input, without a tuple (the hot path of long chains)."""
    server = SERVER
    ids = server.ids
    node_id = ids.next
    ids.next = node_id + 1
    op.id = node_id
    op.source = source
    op.order = source.order + 1
    op.handles = 0
    saved = 0
    if op.saved:
        for value in op.saved:
            saved += value.nbytes
    op.saved_bytes = saved
    steps, flat = server.steps, server.parent_flat
    parent_id = source.id
    if parent_id in steps:  # `_edge`, written out
        flat.append(parent_id - server.base)
    else:
        flat.append(-1 - parent_id if source.parents else LEAF_WITHOUT_STEP)
    server.parent_end.append(len(flat))
    server.has_step.append(1)  # the slot `node_id - base`: every id has one, in order
    steps[node_id] = op
    server.saved_bytes += saved
    if not len(steps) % UNTRACK_EVERY:
        server.untrack_steps()
    if server.observer is not None:
        server.observer.node_created(op, op.name, (source,), saved)


def record_op(
    op: Op,
    parents: tuple[Node, ...],
    inputs: tuple[Node | None, ...],
    order: int,
    seen: tuple[Node, ...],
) -> None:
    """Make `op`, whose forward has run, a tracked result's node and its step: the next id,
    `parents` (its tracked inputs), `inputs` (None where untracked), `order`; the tape's arrays
    and registry learn of it, then the observer (`seen`: every input's node). `new_node`,
    `add_node` and `register` in one call, written out: this runs for every tracked op."""
    server = SERVER
    ids = server.ids
    node_id = ids.next
    ids.next = node_id + 1
    op.id = node_id
    op.source = None
    op.many_parents = parents
    op.many_inputs = inputs
    op.order = order
    op.handles = 0
    saved = 0
    for value in op.saved:
        saved += value.nbytes
    op.saved_bytes = saved
    steps, base, flat = server.steps, server.base, server.parent_flat
    for parent in parents:  # `_edge`, written out
        parent_id = parent.id
        if parent_id in steps:
            flat.append(parent_id - base)
        else:
            flat.append(-1 - parent_id if parent.parents else LEAF_WITHOUT_STEP)
    server.parent_end.append(len(flat))
    server.has_step.append(1)  # the slot `node_id - base`: every id has one, in order
    steps[node_id] = op
    server.saved_bytes += saved
    if not len(steps) % UNTRACK_EVERY:
        server.untrack_steps()
    if server.observer is not None:
        server.observer.node_created(op, op.name, seen, saved)
