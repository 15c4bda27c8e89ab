"""Recording a run: the engine's observer notes every node and backward, and names tensors after
the variables of the case they are bound to."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from pbpit.source import Language, statement_range
from pbpit.trace import BackwardRecord, NodeRecord

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

    def case_stack(self) -> list[int]:
        """The lines the case is executing, innermost call first (the case's own frames only)."""
        if self._lines is not None:
            return self._lines()[::-1]
        lines = []
        frame: FrameType | None = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_filename == self.filename:
                lines.append(frame.f_lineno)
            frame = frame.f_back
        return lines

    # -- engine observer ---------------------------------------------------------------------------

    def node_created(self, node: Any, op: str, inputs: tuple[Any, ...], saved_bytes: int) -> None:
        with _headroom():
            self._node_created(node, op, inputs, saved_bytes)

    def _node_created(self, node: Any, op: str, inputs: tuple[Any, ...], saved_bytes: int) -> None:
        stack = self.case_stack()
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
            stack = self.case_stack()
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
                )
            )

    # -- labels: the first variable of the case each tensor is bound to ---------------------------

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        """A Python case's tracer (`sys.settrace`): it watches the case's own frames only."""
        if frame.f_code.co_filename != self.filename:
            return None
        return self._trace_case_frame

    def _trace_case_frame(self, frame: FrameType, event: str, arg: Any) -> Any:
        if self._unnamed and (event == "line" or event == "return"):
            with _headroom():
                if event == "line" and self._same_statement(frame.f_lineno):
                    return self._trace_case_frame  # a statement over lines is still running
                self._label(frame.f_locals, returning=event == "return")
        return self._trace_case_frame

    def _same_statement(self, line: int) -> bool:
        made = self._unnamed[-1].line
        return made is not None and statement_range(
            self.filename, made, self.language
        ) == statement_range(self.filename, line, self.language)

    def statement_done(self, bindings: dict[str, Any], returning: bool) -> None:
        """A Rust case finished a statement (or returns from a function) with these bindings."""
        if self._unnamed:
            self._label(bindings, returning)

    def _label(self, bindings: dict[str, Any], returning: bool) -> None:
        """Name the tensors made by the statement just finished after the variable now holding
        them. One not bound by then is an intermediate and stays unnamed, unless the frame is
        returning: then its caller may still bind it."""
        from pbpit.engine.tensor import Tensor

        waiting = {record.id: record for record in self._unnamed}
        objects = self._node_objects
        for name, value in bindings.items():
            if type(value) is Tensor and value.node is not None:
                record = waiting.get(value.node.id)
                if record is not None and objects.get(record.id) is value.node:
                    record.label = name
                    del waiting[record.id]
        self._unnamed = list(waiting.values()) if returning else []
        self._node_objects = {record.id: objects[record.id] for record in self._unnamed}
