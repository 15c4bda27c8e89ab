"""The record of one run of a case: what was created where, and what each backward consumed.

This is all the diagnostics read; they never reach into the engine.
"""

from __future__ import annotations

from collections import deque
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from pbpit.engine.graph import Requirement
from pbpit.source import Language


@dataclass
class NodeRecord:
    """One node id: the op that made it, its tracked parents, its requirement (Burn's, as the
    engine holds it) and where the case made it."""

    id: int
    label: str | None
    op: str
    parents: list[int]
    requirement: Requirement
    """A leaf that requires grad (`GRAD`), a tracked intermediate (`GRAD_IN_BACKWARD`), or
    untracked (`NONE`); a `require_grad()` after it was made is recorded here too."""
    line: int | None
    """The statement it is cited at: where it was made, or, made in a function (a helper, a
    method, a module's `forward`), the caller's statement that runs that function, in the
    function where the run's backward is (`made_in` the rest of the way)."""
    inputs: list[int] = field(default_factory=list)
    """Every input's id, tracked or not (`parents` keeps only the tracked ones)."""
    saved_bytes: int = 0
    """Bytes of the tensors its step saved for backward (0 without a step)."""
    stack: list[int] = field(default_factory=list)
    """The case's lines executing when it was made, innermost call first (`line` is the first):
    an op in a function called from a loop is in that loop."""
    functions: list[str | None] = field(default_factory=list)
    """The function each of `stack`'s lines is in (`main`, `Model::forward`, `<module>`; None
    for a Rust closure), innermost first; empty when not known."""
    made_in: list[tuple[str | None, int]] = field(default_factory=list)
    """The calls from `line` down to where it was made, outermost first: (function, the line
    in it); empty when it was made at `line` itself."""
    crate: CrateLines | None = field(default=None, repr=False, compare=False)
    """A crate's module files, when its lines are those of a crate root with them spliced in
    (`to_json` gives each line in its file)."""

    @property
    def cited_stack(self) -> list[int]:
        """`stack` from the statement it is cited at outwards (innermost first)."""
        return self.stack[len(self.made_in) :]

    @property
    def tracked(self) -> bool:
        """`is_tracked()`: it takes part in a recorded graph (a leaf or an intermediate)."""
        return self.requirement is not Requirement.NONE

    @property
    def requires_grad(self) -> bool:
        """`is_require_grad()`: a leaf whose gradient the returned `Gradients` keeps."""
        return self.requirement is Requirement.GRAD

    @property
    def unreachable_leaf(self) -> bool:
        """A leaf no binding names that a `detach` made (softmax's own detached input): Burn
        gives it a gradient, but no program holds it to read that gradient."""
        return not self.label and not self.parents and self.op == "detach"

    def to_json(self) -> dict[str, Any]:
        """The node for scripts: the requirement as the two booleans `tracked` and
        `requires_grad`, as `is_tracked()` and `is_require_grad()` answer; in a crate of
        module files, each line in its file, the file beside it."""
        data = {
            "id": self.id,
            "label": self.label,
            "op": self.op,
            "parents": self.parents,
            "tracked": self.tracked,
            "requires_grad": self.requires_grad,
            "line": self.line,
            "inputs": self.inputs,
            "saved_bytes": self.saved_bytes,
            "stack": self.stack,
            "made_in": [{"function": f, "line": line} for f, line in self.made_in],
        }
        if self.crate is not None:
            for record in [data, *data["made_in"]]:
                self.crate.place(record)
        return data


@dataclass
class BackwardRecord:
    """One call of `backward()`: its root, whether it ran, the steps it consumed or the id it
    stopped at, and the bytes saved by live steps before and after it."""

    root: int
    ok: bool
    consumed: list[int]
    missing: int | None
    line: int | None
    saved_bytes_before: int
    saved_bytes_after: int
    node_count: int = 0
    """How many node ids existed when it ran (ids are given in creation order)."""
    stack: list[int] = field(default_factory=list)
    """The case's lines executing when it ran, innermost call first."""
    steps_before: int = 0
    """Steps on the tape when it started (leaves' root steps included)."""
    steps_after: int = 0
    """Steps left on the tape after it: what Burn still holds (`saved_bytes_after` their bytes)."""
    freed: list[int] = field(default_factory=list)
    """Ids whose steps it freed unconsumed, as nothing held can reach them any more (Burn's
    `free_unavailable_nodes`)."""
    functions: list[str | None] = field(default_factory=list)
    """The function each of `stack`'s lines is in, innermost first (empty when not known)."""
    gradients: dict[int, Any] | None = field(default=None, repr=False, compare=False)
    """For each backward that ran (up to the record's `GRADIENTS_KEPT` bytes in all): each
    leaf that requires grad and got a gradient,
    by id, with a copy of that gradient (an f32 array, bit for bit what the program read); None
    for the others, and not in the JSON."""

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(replace(self, gradients=None)).items() if k != "gradients"}


@dataclass
class PanicRecord:
    message: str
    node_id: int | None
    label: str | None
    location: str


@dataclass
class CaseError:
    """An ordinary Python error raised by the case itself (not a Burn panic)."""

    message: str
    line: int | None


@dataclass
class RunResult:
    """Everything one run of a case produced."""

    case: str
    path: str
    exit_code: int
    stdout: str
    language: Language
    """The case's language, decided when it was resolved: what reads its source reads it so."""
    stderr: str = ""
    """What the case itself wrote on stderr (the panic block is not part of it)."""
    panic: PanicRecord | None = None
    error: CaseError | None = None
    nodes: list[NodeRecord] = field(default_factory=list)
    backwards: list[BackwardRecord] = field(default_factory=list)
    output: list[tuple[str, str]] = field(default_factory=list)
    """`stdout` and `stderr` interleaved as the case wrote them: ("stdout" or "stderr", text)."""
    crate: CrateLines | None = None
    """For a crate root with `mod name;` files: where each line of the record came from."""
    source: str = ""
    """The file whose lines the record's lines are (`path`; for a crate, the root with its
    module files spliced in, `crate` their way back to each file)."""

    def __post_init__(self) -> None:
        self.source = self.source or self.path
        cite_callers(self.nodes, self.backwards)
        for node in self.nodes if self.crate is not None else ():
            node.crate = self.crate

    def locate(self, line: int) -> tuple[str, int]:
        """The file (as the case was named, or a module file beside it) and the line in it
        that a line of the record is."""
        return (self.path, line) if self.crate is None else self.crate.locate(line)

    def node(self, node_id: int) -> NodeRecord | None:
        if 0 <= node_id < len(self.nodes) and self.nodes[node_id].id == node_id:
            return self.nodes[node_id]
        return next((n for n in self.nodes if n.id == node_id), None)

    def first_gradients(self) -> dict[int, Any] | None:
        """The leaves' gradients of the first backward that ran (leaf id: array), or None when
        no backward ran."""
        return next((b.gradients for b in self.backwards if b.gradients is not None), None)

    def walk_path(self, root: int, target: int) -> list[int]:
        """The shortest chain of recorded parents from `root` down to `target` (both included),
        or [] if `target` is not under `root`."""
        came_from: dict[int, int | None] = {root: None}
        queue = deque([root])
        while queue and target not in came_from:
            node_id = queue.popleft()
            record = self.node(node_id)
            for parent in record.parents if record else ():
                if parent not in came_from:
                    came_from[parent] = node_id
                    queue.append(parent)
        if target not in came_from:
            return []
        path = [target]
        while (child := came_from[path[-1]]) is not None:
            path.append(child)
        return path[::-1]

    def to_json(self) -> dict[str, Any]:
        data = {
            "case": self.case,
            "exit_code": self.exit_code,
            "stdout": self.stdout,
            "stderr": self.stderr,
            "panic": None
            if self.panic is None
            else {
                "message": self.panic.message,
                "node_id": self.panic.node_id,
                "label": self.panic.label,
            },
            "error": None if self.error is None else asdict(self.error),
            "nodes": [n.to_json() for n in self.nodes],
            "backwards": [b.to_json() for b in self.backwards],
        }
        if self.crate is not None:
            for backward in data["backwards"]:
                self.crate.place(backward)
        return data


# -- where a tensor a function made is cited -------------------------------------------------------


def cite_callers(nodes: list[NodeRecord], backwards: list[BackwardRecord]) -> None:
    """Cite each node made in a function at the statement that calls it, as lint does: in the
    function where the run's panicking backward (else its last) runs, the deepest frame its
    stack shares with that backward's; without a backward, in the outermost frame. The calls
    below go to `made_in`. Read from `stack` and `functions` only: citing twice changes nothing."""
    reference = next((b for b in backwards if not b.ok), backwards[-1] if backwards else None)
    home_lines = reference.stack[::-1] if reference is not None else []
    home_functions = reference.functions[::-1] if reference is not None else []
    if len(home_functions) != len(home_lines):
        home_functions = [None] * len(home_lines)
    for node in nodes:
        if len(node.stack) < 2 or len(node.functions) != len(node.stack):
            continue
        lines, functions = node.stack[::-1], node.functions[::-1]
        depth = 0  # the frame it is cited in, 0 the outermost
        while (
            depth + 1 < min(len(lines), len(home_lines))
            and lines[depth] == home_lines[depth]
            and functions[depth + 1] == home_functions[depth + 1]
        ):
            depth += 1
        node.line = lines[depth]
        node.made_in = list(zip(functions[depth + 1 :], lines[depth + 1 :], strict=True))


# -- a crate's module files ------------------------------------------------------------------------


@dataclass
class CrateLines:
    """Where each line of a crate root with its `mod name;` files spliced in came from:
    `spans` are (first line, line count, file, its first line), the root's first."""

    spans: list[tuple[int, int, str, int]]
    display: dict[str, str] = field(default_factory=dict)
    """Each file as the user names it (relative to the working directory)."""

    @property
    def files(self) -> list[str]:
        """The crate's files, the root first."""
        return list(dict.fromkeys(path for _, _, path, _ in self.spans))

    def locate(self, line: int) -> tuple[str, int]:
        """The file and the line in it of line `line` of the spliced text."""
        for first, count, path, start in reversed(self.spans):
            if first <= line < first + count:
                return path, start + line - first
        return self.spans[0][2], line

    def cite(self, line: int) -> str:
        """`line 12` for a line of the root, `src/training.rs:12` for one of a module file."""
        path, at = self.locate(line)
        if path == self.spans[0][2]:
            return f"line {at}"
        return f"{self.display.get(path, path)}:{at}"

    def place(self, record: dict[str, Any]) -> None:
        """A record's `--json` with its `line` (and `stack`) lines of their files, each file
        beside it: `file` (`files` for a stack, innermost first)."""
        if record.get("line") is not None:
            path, record["line"] = self.locate(record["line"])
            record["file"] = self.display.get(path, path)
        if "stack" in record:
            places = [self.locate(line) for line in record["stack"]]
            record["stack"] = [line for _, line in places]
            record["files"] = [self.display.get(path, path) for path, _ in places]
