"""What a rule's run-time side reads of a run: the spans of a hazard the audit found (the tensor,
where the loop reads it, the backwards), how it is tracked, the binding that carries it, and the
corrected lines explain wrote for it. A rule's `from_trace` (in `pbpit/lint/rules/`) writes its
diagnostic of a hazard lint did not find from a `TraceFinding`, in the words of its lint
diagnostic; nothing here knows one rule from another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.diagnose.audit import AuditEntry, find_loops
from pbpit.diagnose.carriers import Carrier, find_carrier
from pbpit.diagnose.case_fix import Fix
from pbpit.diagnose.spans import Span, call_span, line_span, name_span, node_span
from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.lint.rule import Fix as RuleFix
from pbpit.source import Language, assignment, source_line
from pbpit.trace import BackwardRecord, NodeRecord, RunResult

# -- labels on a run's record --------------------------------------------------------------------


def label(line: int, at: Span, text: str, primary: bool = False) -> Label:
    return Label(line, at[0] + 1, line, max(at[1], at[0] + 1) + 1, text, primary)


def labels(line: int | None, at: Span | None, text: str, primary: bool = False) -> list[Label]:
    return [] if line is None or at is None else [label(line, at, text, primary)]


def node_label(result: RunResult, node: NodeRecord, text: str, primary: bool = True) -> list[Label]:
    """The node's own sub-expression, labelled (nothing when no line of the case made it)."""
    return labels(node.line, node_span(result, node), text, primary)


def backward_label(
    result: RunResult, backward: BackwardRecord | None, text: str, primary: bool = False
) -> list[Label]:
    if backward is None or backward.line is None:
        return []
    at = call_span(result.source, backward.line, "backward", result.language)
    at = at or line_span(result.source, backward.line)
    return labels(backward.line, at, text, primary)


def why(result: RunResult, node: NodeRecord) -> str:
    """How it is tracked, as lint says it: `from `x` which requires grad`."""
    stack, seen = [node.id], set()
    while stack:
        record = result.node(stack.pop())
        if record is None or record.id in seen:
            continue
        seen.add(record.id)
        if record.requires_grad and record.id != node.id:
            if record.label:
                return f"from `{record.label}` which requires grad"
            return "from a tensor that requires grad"
        stack.extend(reversed(record.parents))
    return "from a tensor that requires grad"


def carried_by(result: RunResult, node: NodeRecord, entry: AuditEntry) -> Carrier | None:
    """What carries `node` (state carried from pass to pass) into the next pass, when it is
    not the binding the node was made in: another binding, a collection, a struct's field."""
    loops = find_loops(result.source, result.language)
    loop = next((loop for loop in loops if loop.line == entry.loop_line), None)
    return find_carrier(result, node, loop)


@dataclass(frozen=True)
class FieldReset:
    """An accumulator field reset in the method whose backward consumes it."""

    field: str
    """`self.total`."""
    carrier: str
    """The field as the loop names it: `acc.total` (of `acc.flush()`)."""
    method: str
    """`Accumulator::flush`."""
    edits: list[Edit]


def field_reset(
    result: RunResult, node: NodeRecord, backward: BackwardRecord | None
) -> FieldReset | None:
    """See `TraceFinding.field_reset`."""
    label = node.label or ""
    found = re.fullmatch(r"self\.([A-Za-z_]\w*)", label)
    if result.language is not Language.RUST or found is None or backward is None:
        return None
    if len(node.made_in) != 1 or backward.line is None or len(backward.stack) < 2:
        return None
    (adder, added_at), method = node.made_in[0], (backward.functions or [None])[0]
    owner = adder.rsplit("::", 1)[0] if adder and "::" in adder else None
    if owner is None or not method or method.rsplit("::", 1)[0] != owner or method == adder:
        return None
    field = re.escape(label)
    held = rf"{field}(?:\.clone\(\))?"
    adds = rf"\s*{field}\s*=\s*(?:{held}\s*\+.*|.*\+\s*{held});\s*"
    if not re.fullmatch(adds, source_line(result.source, added_at)):
        return None  # not an accumulation: `self.h = h_new` is state the loop carries
    called = re.search(
        r"([A-Za-z_][\w.]*)\s*\.\s*" + re.escape(method.rsplit("::", 1)[1]) + r"\s*\(",
        source_line(result.source, backward.stack[1]),
    )
    if called is None or called[1] == "self":
        return None
    carrier = f"{called[1]}.{found[1]}"
    line = backward.line
    text = source_line(result.source, line)
    indent = text[: len(text) - len(text.lstrip())]
    reset = f"{indent}{label} = {label}.zeros_like();\n"
    if re.search(field + r"\b", text):
        if not text.rstrip().endswith(";"):
            return None  # the backward's statement reads the field and returns: no "after"
        line += 1
    return FieldReset(label, carrier, method, [Edit(line, 1, line, 1, reset)])


# -- a hazard, as a rule's `from_trace` reads it ------------------------------------------------


@dataclass
class TraceFinding:
    """A hazard the audit found (`entry`) in the run `result`, with the corrected lines explain
    wrote for it (`fixes`)."""

    result: RunResult
    entry: AuditEntry
    fixes: list[Fix]

    @property
    def node(self) -> NodeRecord:
        node = self.result.node(self.entry.node_id)
        assert node is not None  # the audit names nodes of the run
        return node

    @property
    def name(self) -> str:
        """The tensor's binding, or `NodeId(n)`."""
        return self.node.label or f"NodeId({self.node.id})"

    @property
    def why(self) -> str:
        return why(self.result, self.node)

    @property
    def carried(self) -> bool:
        """Made in an earlier pass of the loop that uses it."""
        return self.entry.carried

    @property
    def backwards(self) -> tuple[BackwardRecord | None, BackwardRecord | None]:
        """The two backwards of the hazard (the one that consumed the step, the later one)."""
        numbers = self.entry.backwards
        if not numbers:
            return None, None
        return self.result.backwards[numbers[0] - 1], self.result.backwards[numbers[1] - 1]

    @property
    def consumed(self) -> BackwardRecord | None:
        """The backward that consumed the tensor's step."""
        node_id = self.node.id
        return next((b for b in self.result.backwards if node_id in b.consumed), self.backwards[0])

    def carrier(self) -> str:
        """The binding that carries the tensor into the next pass (`h` of `h = h_new;`,
        `buffer` of `buffer.push(..)`, `acc.total` of a method's `self.total = ..` called as
        `acc.add(..)`), or the tensor's own."""
        found = self.carried_by()
        if found is not None:
            return found.name
        field = self.field_reset()
        return field.carrier if field is not None else self.name

    def field_reset(self) -> FieldReset | None:
        """For an accumulator kept in a field (`self.total = self.total.clone() + loss;` in one
        method, backpropagated by another, `flush`, called from the loop): resetting the field
        in that method, where its backward consumes it (`self.total =
        self.total.zeros_like();` before the backward's statement, or after it when that
        statement reads the field); None for anything else (Rust only)."""
        return field_reset(self.result, self.node, self.consumed)

    def carried_by(self) -> Carrier | None:
        """What carries the tensor into the next pass, when it is not its own binding."""
        return carried_by(self.result, self.node, self.entry)

    def made(self, text: str, primary: bool = True) -> list[Label]:
        """`text` on the expression that made the tensor."""
        return node_label(self.result, self.node, text, primary)

    def at_backward(
        self, backward: BackwardRecord | None, text: str, primary: bool = False
    ) -> list[Label]:
        """`text` on the `.backward()` call of `backward`."""
        return backward_label(self.result, backward, text, primary)

    def used_in_loop(self, text: str) -> list[Label]:
        """`text` where the loop reads the tensor: in the panicking pass (the next one, for
        carried state)."""
        result, node, entry = self.result, self.node, self.entry
        loops = find_loops(result.source, result.language)
        loop = next((loop for loop in loops if loop.line == entry.loop_line), None)
        consumed = self.consumed
        after = consumed.node_count if consumed is not None and entry.carried else node.id
        user = next(
            (
                n
                for n in result.nodes
                if n.id > after and node.id in n.inputs and (loop is None or loop.holds(n.stack))
            ),
            None,
        )
        if user is None or user.line is None:
            return []
        at = name_span(result.source, user.line, node.label or "", result.language)
        return labels(user.line, at or node_span(result, user), text)

    def loss_name(self, backward: BackwardRecord | None) -> str | None:
        """The binding of the loss `backward` backpropagates."""
        node = self.result.node(backward.root) if backward is not None else None
        return node.label if node is not None else None

    def edits(self, fix: RuleFix) -> list[Edit]:
        """The corrected lines explain wrote for `fix`, as edits (none when they cannot be
        written, nor in Rust: lint's fix builders, which know what a move needs, did not reach
        this hazard)."""
        found = next((f for f in self.fixes if f.key == fix.name), None)
        if found is None:
            return []
        if self.result.language is Language.RUST:
            # The one line that puts the tensor in the collection or field that carries it,
            # with the tensor detached, is written (and checked by running it).
            put = self.carried_by()
            if put is None or not put.put or put.detached is None:
                return []
        return found.edits()

    def assignment(self, name: str, value: str) -> str:
        """`name = value;` (Rust) or `name = value` (Python): an assignment to an existing
        binding, in the case's language."""
        result = self.result
        return assignment(result.source, name, value, new=False, language=result.language)

    def diagnostic(
        self, rule: str, message: str, name: str, labels: list[Label], helps: list[Help]
    ) -> Diagnostic:
        """The rule's warning, its primary label first (the path is the caller's to give)."""
        primary = next((label for label in labels if label.primary), None)
        labels = ([primary] if primary else []) + [label for label in labels if not label.primary]
        return Diagnostic(
            rule,
            message,
            self.result.path,
            labels,
            helps,
            statement_line=primary.line if primary else 0,
            name=name,
        )
