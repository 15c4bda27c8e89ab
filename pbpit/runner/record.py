"""Recording a run: the engine's observer notes every node and backward, and names tensors after
the variables of the case they are bound to."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Any

from pbpit.source import Language, statement_range
from pbpit.trace import BackwardRecord, NodeRecord

GRADIENTS_KEPT = 64 << 20
"""The most bytes of leaves' gradients a run keeps, backward after backward, for a fix's check
to compare with (the first backward's are kept whatever their size)."""

# The recursion limit the recorder's own work gets while a case runs, if the case set a lower one.
RECORDER_RECURSION_LIMIT = 1000


@contextlib.contextmanager
def _headroom() -> Iterator[None]:
    """Room for the recorder's work, whatever recursion limit the case set (it sees its own
    limit again afterwards): a case's `sys.setrecursionlimit(40)` must not fail pbpit's work."""
    limit = sys.getrecursionlimit()
    if limit >= RECORDER_RECURSION_LIMIT:
        yield
        return
    sys.setrecursionlimit(RECORDER_RECURSION_LIMIT)
    try:
        yield
    finally:
        # Refused only when this frame is already at the case's limit: it keeps the higher one.
        with contextlib.suppress(RecursionError):
            sys.setrecursionlimit(limit)


class Recorder:
    """The engine's observer during a run: records nodes, backwards, and the names tensors get."""

    def __init__(
        self, filename: str, language: Language, lines: Callable[[], list[int]] | None = None
    ) -> None:
        self.filename = filename
        self.language = language
        # For a Rust case: the interpreter's lines, outermost frame first.
        self._lines = lines
        self.nodes: dict[int, NodeRecord] = {}
        self.backwards: list[BackwardRecord] = []
        # The records made since the case last moved to a new line, still waiting for a name,
        # and the node object behind each (a reset can give an id to another tensor). Only
        # those are kept: a node object holds its ancestors, and the record must not keep a
        # whole run's graph alive.
        self._node_objects: dict[int, Any] = {}
        self._unnamed: list[NodeRecord] = []
        # Tensors a function named, by id, with their node object and the depth of the frame
        # that named them: the caller that binds the function's result names them again.
        self._inner: dict[int, tuple[NodeRecord, Any, int]] = {}
        # Where a function's result came back to (depth, line): `let (a, b) = f();` binds it
        # in several statements of that line (the whole value, then each element).
        self._returned_to: tuple[int, int] | None = None
        self._returned_from = 0  # the depth of the frame that last returned
        # Leaves that require grad and no variable named (a module's parameters, given their
        # ids when a forward first reads them), with their node objects: named by their path
        # in the module a later binding holds (`model.encoder.weight`).
        self._params: dict[int, tuple[NodeRecord, Any]] = {}
        self._params_looked = 0  # statements that looked for them since one was added
        self._gradients_kept = False  # True once GRADIENTS_KEPT bytes of them are kept
        self._gradients_bytes = 0

    def case_stack(self) -> list[int]:
        """The lines the case is executing, innermost call first (the case's own frames only)."""
        return self._frames(sys._getframe(1))[0]

    def _frames(self, frame: FrameType | None) -> tuple[list[int], list[str | None]]:
        """The lines the case is executing, innermost call first, and the function each of its
        frames runs (`main`, `Model::forward`, `<module>`; None for a Rust closure), read from
        the interpreter for a Rust case, from Python's frames under `frame` for a Python one."""
        if self._lines is not None:
            lines = self._lines()
            names: list[str | None] = [None] * len(lines)  # a closure's frame has no name
            for index, name in getattr(lines, "functions", ()):
                if index < len(names):
                    names[index] = name
            return lines[::-1], names[::-1]
        found: list[int] = []
        names = []
        while frame is not None:
            if frame.f_code.co_filename == self.filename:
                found.append(frame.f_lineno)
                names.append(frame.f_code.co_qualname)
            frame = frame.f_back
        return found, names

    # -- engine observer ---------------------------------------------------------------------------

    def node_created(self, node: Any, op: str, inputs: tuple[Any, ...], saved_bytes: int) -> None:
        with _headroom():
            self._node_created(node, op, inputs, saved_bytes)

    def _node_created(self, node: Any, op: str, inputs: tuple[Any, ...], saved_bytes: int) -> None:
        stack, functions = self._frames(sys._getframe(1))
        record = NodeRecord(
            id=node.id,
            label=None,
            op=op,
            parents=[p.id for p in node.parents],
            requirement=node.requirement,
            line=stack[0] if stack else None,
            inputs=[i.id for i in inputs],
            saved_bytes=saved_bytes,
            stack=stack,
            functions=functions,
        )
        self.nodes[node.id] = record
        self._node_objects[node.id] = node
        self._unnamed.append(record)

    def required_grad(self, node: Any) -> None:
        record = self.nodes.get(node.id)
        if record is not None:
            record.requirement = node.requirement
            if node.id in self._node_objects:
                self._node_objects[node.id] = node

    def backward_done(
        self,
        root: Any,
        consumed: list[int],
        missing: int | None,
        saved_bytes_before: int,
        saved_bytes_after: int,
        steps_before: int = 0,
        steps_after: int = 0,
        freed: list[int] | None = None,
    ) -> None:
        with _headroom():
            stack, functions = self._frames(sys._getframe(1))
            self.backwards.append(
                BackwardRecord(
                    root=root.id,
                    ok=missing is None,
                    consumed=consumed,
                    missing=missing,
                    line=stack[0] if stack else None,
                    saved_bytes_before=saved_bytes_before,
                    saved_bytes_after=saved_bytes_after,
                    node_count=len(self.nodes),
                    stack=stack,
                    steps_before=steps_before,
                    steps_after=steps_after,
                    freed=list(freed or ()),
                    functions=functions,
                )
            )

    def gradients_done(self, root: Any, grads: Any) -> None:
        """Keep, with each backward that ran, a copy of each gradient a leaf that requires grad
        got: what a fix that keeps gradients must give bit for bit (up to GRADIENTS_KEPT bytes
        in all; the backwards after that keep none)."""
        import numpy as np

        if self._gradients_kept:
            return
        ran = self.backwards[-1] if self.backwards else None
        if ran is None or not ran.ok or ran.root != root.id:
            return
        leaves = {}
        for node_id, record in self.nodes.items():
            if record.requires_grad and not record.parents:
                grad = grads.get(node_id)
                if grad is not None:
                    leaves[node_id] = np.array(grad, copy=True)
        self._gradients_bytes += sum(g.nbytes for g in leaves.values())
        if self._gradients_bytes > GRADIENTS_KEPT and any(b.gradients for b in self.backwards):
            self._gradients_kept = True  # the earlier backwards' are kept; no more
            return
        ran.gradients = leaves

    # -- labels: the first variable of the case each tensor is bound to ---------------------------

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        """A Python case's tracer (`sys.settrace`): it watches the case's own frames only."""
        if frame.f_code.co_filename != self.filename:
            return None
        return self._trace_case_frame

    def _trace_case_frame(self, frame: FrameType, event: str, arg: Any) -> Any:
        waiting = self._unnamed or self._inner or self._params
        if waiting and (event == "line" or event == "return"):
            with _headroom():
                if event == "line" and self._same_statement(frame.f_lineno):
                    return self._trace_case_frame  # a statement over lines is still running
                depth, outer = 0, frame
                while outer is not None:
                    depth += outer.f_code.co_filename == self.filename
                    outer = outer.f_back
                self._label(frame.f_locals, event == "return", depth)
        return self._trace_case_frame

    def _same_statement(self, line: int) -> bool:
        if not self._unnamed:
            return False
        made = self._unnamed[-1].line
        return made is not None and statement_range(
            self.filename, made, self.language
        ) == statement_range(self.filename, line, self.language)

    def statement_done(self, bindings: dict[str, Any], returning: bool) -> None:
        """A Rust case finished a statement (or returns from a function) with these bindings."""
        if self._unnamed or self._inner or self._params:
            self._label(bindings, returning, len(self._lines()) if self._lines else 1)

    def _label(self, bindings: dict[str, Any], returning: bool, depth: int) -> None:
        """Name the tensors made by the statement just finished after the variable now holding
        them. One not bound by then is an intermediate and stays unnamed, unless the frame is
        returning: then its caller may still bind it. A tensor named in a function (`depth`
        frames deep) is named again by the caller statement that binds what it returns, as
        lint names it: `let h = hidden(x)` names `h` whatever `hidden` called it."""
        from pbpit.engine.tensor import Tensor

        if self._params:
            self._name_params(bindings)
        waiting = {record.id: record for record in self._unnamed}
        objects = self._node_objects
        inner = self._inner
        here = (depth, self._lines()[-1] if self._lines else 0)
        # Still on the line a result came back to: a pattern's elements are yet to be bound.
        if returning:
            self._returned_to, self._returned_from = None, depth
        elif depth < self._returned_from:
            self._returned_to, self._returned_from = here, 0
        destructuring = not returning and self._returned_to == here
        if not destructuring:
            self._returned_to = None
        bound: dict[int, tuple[NodeRecord, Any, int]] = {}
        for name, value in bindings.items():
            if type(value) is Tensor and value.node is not None:
                node_id = value.node.id
                record = waiting.get(node_id)
                held = inner.get(node_id)
                own = self.nodes.get(node_id)
                if returning and held is None and own is not None and own.label == name:
                    # Named by an earlier statement of this frame and returned: the caller's
                    # binding names it again.
                    if len(own.stack) >= depth and objects.get(node_id, value.node) is value.node:
                        bound[node_id] = (own, value.node, depth)
                    continue
                if record is not None and objects.get(record.id) is value.node:
                    del waiting[record.id]
                elif held is not None and held[2] > depth and held[1] is value.node:
                    record = held[0]
                else:
                    continue
                record.label = name
                if depth > 1:
                    bound[node_id] = (record, value.node, depth)
        # Kept: what outer frames named (their calls are still running), what this statement
        # named, and, as the frame returns, what it named (its caller may bind it).
        for node_id, held in inner.items():
            kept = held[2] < depth or (returning and held[2] == depth)
            if node_id not in bound and (kept or (destructuring and held[2] > depth)):
                bound[node_id] = held
        self._inner = bound
        if waiting and not returning and not destructuring:
            _name_held(bindings, waiting, objects)
        added = False
        for record in waiting.values():
            if not record.parents and record.requires_grad and record.id in objects:
                self._params[record.id] = (record, objects[record.id])
                self._params_looked = 0
                added = True
        if added:
            # The statement that first read them may hold their module already (`let emb =
            # encoder.fc.forward(x)`): named now, in case no later statement of this frame runs
            # (a panic in the function the next one calls).
            self._name_params(bindings)
        self._unnamed = list(waiting.values()) if returning or destructuring else []
        self._node_objects = {record.id: objects[record.id] for record in self._unnamed}

    def _name_params(self, bindings: dict[str, Any]) -> None:
        """Name the waiting parameters a binding's module holds by their path in it, as Burn's
        records name them (`model.encoder.weight`). `self`'s path names one only until the
        caller's binding gives the path from the program's own variable. A leaf no module holds
        within a few statements (a tensor made and used in one expression) stays unnamed:
        looking for it every statement would cost the whole run."""
        self._params_looked += 1
        if self._params_looked > _PARAM_PATIENCE:
            self._params.clear()
            return
        for name, value in bindings.items():
            for path, tensor in _tensors_in(name, value, 0, _PARAMS):
                node = getattr(tensor, "node", None)
                held = self._params.get(node.id) if node is not None else None
                if held is None or held[1] is not node:
                    continue
                if name == "self":
                    # Named by `self`'s path until the caller's binding names it (a panic in
                    # the method may come first: `self.encoder.fc.weight`, not a bare NodeId).
                    held[0].label = held[0].label or path
                    continue
                held[0].label = path
                del self._params[node.id]
                if not self._params:
                    return


def _name_held(
    bindings: dict[str, Any], waiting: dict[int, NodeRecord], objects: dict[int, Any]
) -> None:
    """Name the tensors a statement stored in a struct's field, an element of a `Vec`, a tuple
    or an `Option` (`self.h = ..`, `preds.push(..)`) by their path from the binding holding
    them (`self.h`, `preds[2]`): the statement bound no variable to them. Parameters are left
    to `_name_params` (their module's path)."""
    from pbpit.engine.tensor import Tensor

    wanted = {
        id(objects[node_id]): record
        for node_id, record in waiting.items()
        if node_id in objects and not (not record.parents and record.requires_grad)
    }
    if not wanted:
        return
    for name, value in bindings.items():
        if type(value) is Tensor:
            continue
        for path, tensor in _tensors_in(name, value, 0, _HELD):
            record = wanted.pop(id(tensor.node), None) if tensor.node is not None else None
            if record is not None:
                record.label = path
                waiting.pop(record.id, None)
                if not wanted:
                    return


@dataclass(frozen=True)
class _Reach:
    """How far a walk of a binding's value looks for the tensors it holds."""

    depth: int
    """How deep in fields and elements."""
    ends: int | None
    """How many elements at each end of a `Vec` (None: every element)."""
    modules: bool
    """Whether pbpit's modules and their parameters are entered (and any list or tuple, as a
    Python module keeps its layers)."""


_HELD = _Reach(depth=3, ends=16, modules=False)
"""A tensor a statement stored: what it pushes is last in a `Vec`."""

_PARAMS = _Reach(depth=8, ends=None, modules=True)
"""A parameter, in nested modules."""

_PARAM_PATIENCE = 32
"""How many statements look for an unnamed parameter's module before it stays unnamed."""


_RECORD_INDEX = re.compile(r"\[(\d+)\]")
"""An element's index in Rust's spelling (`layers[0]`), Burn's records spell it `layers.0`."""


def _tensors_in(path: str, value: Any, depth: int, reach: _Reach) -> Iterator[tuple[str, Any]]:
    """`(path, tensor)` for each tensor held in `value`'s fields, elements or `Some`, in Rust's
    spelling (`cell.h`, `preds[0]`, `pair.1`; an `Option`'s by the option's own name). With
    `reach.modules`, also each parameter of a pbpit module under `value` whose tensor exists
    already (reading a lazy one would make it)."""
    from pbpit.engine.tensor import Tensor
    from pbpit.nn.module import Module, Param
    from pbpit.rust.format import Some
    from pbpit.rust.interp.runtime import StructValue

    if depth > reach.depth:
        return
    if type(value) is Tensor:  # a struct's field, a `Vec`'s element: a tensor it holds as such
        if depth:
            yield path, value
    elif reach.modules and isinstance(value, Param):
        tensor = value._state.value
        if tensor is not None:
            # A parameter by its path in Burn's records: a `Vec`'s element by its index as a
            # field (`layers.0.weight`, burn-core's `enter_module(index, "Vec")`).
            yield _RECORD_INDEX.sub(r".\1", path), tensor
    elif reach.modules and isinstance(value, Module):
        for name, field_value in vars(value).items():
            yield from _tensors_in(f"{path}.{name}", field_value, depth + 1, reach)
    elif type(value) is StructValue and value.item is not None and value.variant < 0:
        names = [name for name, _ in getattr(value.item, "fields", [])]
        for name, field_value in zip(names, value.fields, strict=False):
            yield from _tensors_in(f"{path}.{name}", field_value, depth + 1, reach)
    elif type(value) is Some:
        yield from _tensors_in(path, value.value, depth + 1, reach)
    elif type(value) is tuple or (reach.modules and isinstance(value, tuple)):
        for index, item in enumerate(value):
            yield from _tensors_in(f"{path}.{index}", item, depth + 1, reach)
    elif type(value) is list or (reach.modules and isinstance(value, list)):
        count, ends = len(value), reach.ends
        indices = (
            range(count)
            if ends is None or count <= 2 * ends
            else [*range(ends), *range(count - ends, count)]
        )
        for index in indices:
            yield from _tensors_in(f"{path}[{index}]", value[index], depth + 1, reach)
