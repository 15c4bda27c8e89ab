"""The first elements of a `Vec` made by `vec![a, b]` that is only ever pushed to and read
(`_Prefix`): `let mut saved = vec![Tensor::zeros(..)];` then `saved.push(..)` every pass (in
an inner loop or not) leaves `saved[0]`, `saved.first()` and `saved.iter().next()` the zero
made before the loop, whatever the passes pushed after it: not an element an earlier pass put,
which its backward consumed. Only data is read so (a tracked first element is read as it was,
a part of the `Vec`); an index past the ones `vec!` wrote is read as any element."""

from __future__ import annotations

from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _DATA, _Slot
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node, descendants

_LEAVES = frozenset(
    {"push", "len", "is_empty", "iter", "get", "first", "last", "contains", "clone"}
)
"""What a use of the `Vec` may call and leave its first elements where they are: a push puts
a new one after them, the rest read."""


class _Prefix:
    """How `_Function` reads the elements `vec!` wrote first in a `Vec` only pushed to."""

    def _vec_starts(self) -> dict[_Slot, tuple[Node, list[Value]]]:
        try:
            return self.vec_starts
        except AttributeError:
            self.vec_starts: dict[_Slot, tuple[Node, list[Value]]] = {}
            return self.vec_starts

    def _note_vec_made(self, slot: _Slot | None, value_node: Node | None, value: Value) -> None:
        """`let xs = vec![a, b];` (its elements' values, in order), for `_first_elements`."""
        if slot is None or value_node is None or value_node.type != "macro_invocation":
            return
        starts = self._vec_starts()
        starts.pop(slot, None)
        macro = value_node.child_by_field_id(_FIELD.macro)
        if macro is None or self.text(macro) != "vec":
            return
        tree = next((c for c in value_node.named_children if c.type == "token_tree"), None)
        if tree is None:
            return
        inner = self.text(tree)[1:-1]
        count, depth = (1 if inner.strip() else 0), 0
        for char in inner:
            depth += char in "([{"
            depth -= char in ")]}"
            if depth == 0 and char == ";":
                return  # `vec![x; n]`: not written one by one
            count += depth == 0 and char == ","
        if inner.rstrip().endswith(","):
            count -= 1
        parts = dict(value.parts or ())
        if value.parts is not None and set(parts) == {f"[{i}]" for i in range(count)}:
            # Data stays data; a tracked one is read as it was (a part, then any element).
            elements = [
                _DATA if parts[f"[{i}]"].requirement == _DATA.requirement else parts[f"[{i}]"]
                for i in range(count)
            ]
        elif value is _DATA or value.requirement == _DATA.requirement:
            elements = [_DATA] * count
        else:
            return
        statement = value_node.parent
        if statement is not None and statement.type == "let_declaration":
            starts[slot] = (statement, elements)

    def _first_elements(self, collection: Node | None, read: Node) -> list[Value] | None:
        """The elements `vec!` wrote first in the `Vec` named `collection`, where every use of
        it after that `let` (in the block it is bound in, around `read`) pushes or reads and
        none writes an element, sorts, removes or lends it by `&mut`; None otherwise."""
        if collection is None or collection.type != "identifier":
            return None
        slot = self.lookup(self.text(collection))
        found = self._vec_starts().get(slot) if slot is not None else None
        if found is None:
            return None
        statement, elements = found
        block = statement.parent
        if block is None:
            return None
        name = self.text(collection)
        for node in descendants(block):
            if node.start_byte < statement.end_byte or node.type != "identifier":
                continue
            if self.text(node) != name:
                continue
            if not _leaves_first(self, node):
                return None
        return elements

    def _first_effect(self, call, receiver_node, name_node, receiver, arguments):
        """`xs.first()`, `xs.iter().next()`: data where the first element `vec!` wrote is
        (`_first_elements`), else None (read as any element)."""
        if arguments or receiver_node is None:
            return None
        walk = _called(self, receiver_node, "rev")
        if walk is not None and _called(self, walk, "iter", "into_iter") is not None:
            # `xs.iter().rev().next()`: the newest, as `xs.last()` reads it.
            return self._last_effect(call, _called(self, walk, "iter", "into_iter"), None,
                                     receiver, arguments)
        if receiver_node.type == "call_expression":
            function = receiver_node.child_by_field_id(_FIELD.function)
            method = function.child_by_field_id(_FIELD.field) if function is not None else None
            given = receiver_node.child_by_field_id(_FIELD.arguments)
            if method is None or given is None or given.named_child_count:
                return None
            if self.text(method) not in ("iter", "into_iter"):
                return None
            receiver_node = function.child_by_field_id(_FIELD.value)
        elements = self._first_elements(receiver_node, call)
        return _DATA if elements and elements[0] is _DATA else None


def _called(reader: _Prefix, node: Node, *names: str) -> Node | None:
    """The receiver of `node` where it is a call of one of `names` without arguments
    (`xs` of `xs.rev()`), else None."""
    if node.type != "call_expression":
        return None
    function = node.child_by_field_id(_FIELD.function)
    method = function.child_by_field_id(_FIELD.field) if function is not None else None
    given = node.child_by_field_id(_FIELD.arguments)
    if method is None or given is None or given.named_child_count:
        return None
    if reader.text(method) not in names:
        return None
    return function.child_by_field_id(_FIELD.value)


def _leaves_first(reader: _Prefix, use: Node) -> bool:
    """Whether `use`, a mention of the `Vec`, pushes to it or reads it: `xs.push(..)`,
    `xs.len()`, `xs.iter()`, `xs[k]` read (not assigned to), `&xs`."""
    parent = use.parent
    if parent is None:
        return False
    if parent.type == "field_expression" and parent.child_by_field_id(_FIELD.value) == use:
        field = parent.child_by_field_id(_FIELD.field)
        call = parent.parent
        return (
            field is not None
            and reader.text(field) in _LEAVES
            and call is not None
            and call.type == "call_expression"
            and call.child_by_field_id(_FIELD.function) == parent
        )
    if parent.type == "index_expression" and parent.named_children[0] == use:
        above = parent.parent
        written = (
            above is not None
            and above.type in ("assignment_expression", "compound_assignment_expr")
            and above.child_by_field_id(_FIELD.left) == parent
        )
        return not written
    if parent.type == "reference_expression":
        return not any(c.type == "mutable_specifier" for c in parent.children)
    return False
