"""An element of a `Vec` read at a literal index where the statements before it show which push
put it there (`_Pushed`): `let mut xs = Vec::new(); xs.push(a); xs.push(b);` then `xs[1]` is
`b` itself, not a part of what every element derives from. Two backwards of `xs[0]` then run
twice on one loss (double-backward, as `pbpit run` says), and `xs[0]` beside `xs[1]` are two
losses of their own. `xs[xs.len() - k]` of a `Vec` kept across passes is among what the latest
pass that pushed put, where it put k or more."""

from __future__ import annotations

import re
from dataclasses import replace

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _DATA
from pbpit.lint.values import Definition, Value
from pbpit.rust.syntax import Node

_STOPS = frozenset(
    {"for_expression", "while_expression", "loop_expression", "closure_expression", "function_item"}
)
"""What the search back for the pushes does not leave: the pass, the closure, the function."""

_EMPTY = re.compile(r"Vec(?:::<.*>)?::(?:new|with_capacity)\s*\(.*\)|vec!\s*\[\s*\]", re.S)
"""A `Vec` made empty."""

_READS = re.compile(r"\s*(?:\[|\.\s*(?:len|is_empty|iter|get|first|last)\s*\()")
"""What a statement between the pushes and the read may do with the `Vec` and leave it as is."""


class _Pushed:
    """How `_Function` reads `xs[k]` of a `Vec` filled by pushes in the same pass."""

    def _index(self, node: Node) -> Value:
        """`xs[k]`: as `_field` reads it, or, where that is a part of what every element
        derives from and the pushes before it show which one it is, that tensor itself."""
        if node.named_child_count == 2 and node.named_children[1].type == "integer_literal":
            # `saved[0]` of `vec![zero]` only pushed to since: that zero (prefix.py).
            elements = self._first_elements(node.named_children[0], node)
            position = self.text(node.named_children[1])
            if elements is not None and position.isdigit() and int(position) < len(elements):
                if elements[int(position)] is _DATA:
                    return _DATA
        value = self._field(node)
        if value.requirement != Requirement.GRAD_IN_BACKWARD or value.origin is not None:
            return value
        if value.parts is not None or node.named_child_count != 2:
            return value
        collection = node.named_children[0]
        slot = self.lookup(self.text(collection))
        base = self.state.values.get(slot) if slot is not None else None
        if base is None or base.parts is not None:
            return value
        pushed = self._pushed_element(node, base)
        if pushed is None:
            pushed = self._from_the_end(node, base)
        return value if pushed is None else replace(pushed, reads=value.reads)

    def _from_the_end(self, node: Node, base: Value) -> Value | None:
        """`xs[xs.len() - k]` (`k` a literal) of a `Vec` kept across passes: what the pass that
        put the k-th newest element put (`_kth_newest`), data where that is older than every
        pass's and `vec!` wrote only data first; None where not known."""
        collection, index = node.named_children
        if index.type != "binary_expression":
            return None
        operator = index.child_by_field_id(_FIELD.operator)
        left = index.child_by_field_id(_FIELD.left)
        right = index.child_by_field_id(_FIELD.right)
        if operator is None or left is None or right is None or self.text(operator) != "-":
            return None
        if right.type != "integer_literal" or not self.text(right).isdigit():
            return None
        length = re.fullmatch(r"(.+?)\s*\.\s*len\s*\(\s*\)", self.text(left))
        if length is None or length[1] != self.text(collection) or int(self.text(right)) < 1:
            return None
        return self._kth_newest_read(collection, base, int(self.text(right)), node)

    def _kth_newest_read(
        self, collection: Node, base: Value, k: int, read: Node
    ) -> Value | None:
        """The `k`-th newest element of the `Vec` `collection` kept across passes (its value
        `base`): what the pass that put it put (`_kth_newest`), data where it is older than
        every pass's and `vec!` wrote only data first; None where not known."""
        own = frozenset(
            d
            for d in base.sources
            if d not in (base.shared or ()) and d not in self.pass_made and not self._in_closure(d)
        )
        fresh = self._kth_newest(own, k, self.text(collection)) if own else None
        if fresh == frozenset():
            # Older than every pass's: one of what `vec!` wrote first, if all data.
            elements = self._first_elements(collection, read)
            return _DATA if elements and all(e is _DATA for e in elements) else None
        if not fresh:
            return None
        sources = frozenset(base.shared or ()).union(*(d.sources | {d} for d in fresh))
        # Named by the tensor a push put (after the `Vec`, as `pbpit run` names it).
        origin = max(fresh, key=lambda d: (d.context, d.span)) if len(fresh) == 1 else None
        return Value(Requirement.GRAD_IN_BACKWARD, origin, sources, base.why)

    def _last_effect(self, call, receiver_node, name_node, receiver, arguments):
        """`xs.last()` of a `Vec` kept across passes: its newest element (`_kth_newest_read`);
        None (any element) where not known."""
        if arguments or receiver_node is None or receiver_node.type != "identifier":
            return None
        slot = self.lookup(self.text(receiver_node))
        base = self.state.values.get(slot) if slot is not None else None
        if base is None or base.requirement != Requirement.GRAD_IN_BACKWARD or base.parts:
            return None
        found = self._kth_newest_read(receiver_node, base, 1, call)
        # Brought by the read of the `Vec` (its name carries it into the next pass).
        return replace(found, reads=receiver.reads) if found is not None else None

    def _pushed_element(self, node: Node, base: Value) -> Value | None:
        """The tensor `xs[k]` (`k` a literal; `xs` a name or a field of one, `log.losses`)
        holds, where the statements before it, in its block and those around it up to the
        loop, closure or function, make `xs` empty (`let mut xs = Vec::new();`, `Log {
        losses: Vec::new() }`) and then push to it at least k + 1 times, doing nothing else
        with it but read it; None otherwise."""
        if self.delta != 0 or node.named_child_count != 2:
            return None
        collection, index = node.named_children
        if index.type != "integer_literal" or not self.text(index).isdigit():
            return None
        if collection.type not in ("identifier", "field_expression"):
            return None
        name = self.text(collection)
        if not re.fullmatch(r"\w+(?:\.\w+)?", name):
            return None
        root, _, field = name.partition(".")
        pushes = self._pushes_before(node, name, root, field)
        position = int(self.text(index))
        if pushes is None or position >= len(pushes):
            return None
        found = self._pushed_definition(pushes[position], base)
        if found is None:
            return None
        if found.name == name:
            # A tensor made at the push is named after the `Vec` it is put in (`_push_effect`):
            # where it sits is now known, and it is named so, as `pbpit run` names it.
            found.name = f"{name}[{position}]"
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            found,
            frozenset(found.sources) | {found},
            found.why,
        )

    def _pushes_before(self, read: Node, name: str, root: str, field: str) -> list[Node] | None:
        """The arguments of the `name.push(..);` statements between where `name` is made
        empty and `read`, in order; None where that is not what the statements show."""
        mention = re.compile(r"(?<![\w.])" + re.escape(root) + r"(?!\w)")
        push = re.compile(re.escape(name) + r"\s*\.\s*push\s*\(")
        pushes: list[Node] = []
        node = read
        while node.parent is not None and node.type not in _STOPS:
            parent = node.parent
            if parent.type == "block":
                before = [c for c in parent.named_children if c.end_byte <= node.start_byte]
                for statement in reversed(before):
                    if self._made_empty(statement, root, field):
                        return pushes
                    text = self.text(statement)
                    argument = self._push_argument(statement)
                    if argument is not None and push.match(text):
                        pushes.insert(0, argument)
                        continue
                    argument = self._pushed_by_method(statement, root, field)
                    if argument is not None:
                        pushes.insert(0, argument)  # `log.record(loss)`: a push in a method
                        continue
                    for hit in mention.finditer(text):
                        rest = text[hit.end() :]
                        if field:
                            if not rest.startswith("." + field):
                                return None
                            rest = rest[len(field) + 1 :]
                        if not _READS.match(rest):
                            return None  # changed, or given away, between: not known
            node = parent
        return None

    def _push_argument(self, statement: Node) -> Node | None:
        """The argument of a statement `x.push(argument);`."""
        call = statement.named_children[0] if statement.type == "expression_statement" else None
        if call is None or call.type != "call_expression":
            return None
        function = call.child_by_field_id(_FIELD.function)
        method = function.child_by_field_id(_FIELD.field) if function is not None else None
        arguments = call.child_by_field_id(_FIELD.arguments)
        if method is None or self.text(method) != "push" or arguments is None:
            return None
        return arguments.named_children[0] if arguments.named_child_count == 1 else None

    def _pushed_by_method(self, statement: Node, root: str, field: str) -> Node | None:
        """The argument of a statement `root.method(argument);` where `method` of `root`'s
        type is a method of the tree whose body is `self.field.push(parameter);` alone, of its
        one parameter: a push to `root.field`."""
        call = statement.named_children[0] if statement.type == "expression_statement" else None
        if not field or call is None or call.type != "call_expression":
            return None
        function = call.child_by_field_id(_FIELD.function)
        arguments = call.child_by_field_id(_FIELD.arguments)
        if function is None or function.type != "field_expression" or arguments is None:
            return None
        receiver = function.child_by_field_id(_FIELD.value)
        method = function.child_by_field_id(_FIELD.field)
        if receiver is None or method is None or self.text(receiver) != root:
            return None
        if arguments.named_child_count != 1:
            return None
        callee = self.program.method(self._receiver_type(receiver), self.text(method))
        if callee is None or not callee.has_self:
            return None
        node = callee.node
        parameters = node.child_by_field_id(_FIELD.parameters)
        body = node.child_by_field_id(_FIELD.body)
        listed = parameters.named_children if parameters is not None else []
        given = [p for p in listed if p.type == "parameter"]
        if body is None or len(given) != 1 or body.named_child_count != 1:
            return None
        data = callee.source.data
        pattern = given[0].child_by_field_id(_FIELD.pattern)
        if pattern is None or pattern.type != "identifier":
            return None
        name = data[pattern.start_byte : pattern.end_byte].decode("utf-8", "replace")
        only = body.named_children[0]
        text = data[only.start_byte : only.end_byte].decode("utf-8", "replace")
        wanted = r"self\s*\.\s*" + re.escape(field) + r"\s*\.\s*push\s*\(\s*" + re.escape(name)
        if re.fullmatch(wanted + r"\s*\)\s*;?", text) is None:
            return None
        return arguments.named_children[0]

    def _made_empty(self, statement: Node, root: str, field: str) -> bool:
        """Whether `statement` is `let mut root = Vec::new();` (no field) or `let mut root =
        Type { field: Vec::new(), .. };`."""
        if statement.type != "let_declaration":
            return False
        pattern = statement.child_by_field_id(_FIELD.pattern)
        value = statement.child_by_field_id(_FIELD.value)
        if pattern is None or value is None or self.text(pattern) != root:
            return False
        if not field:
            return _EMPTY.fullmatch(self.text(value)) is not None
        if value.type != "struct_expression":
            return False
        body = value.child_by_field_id(_FIELD.body)
        for initializer in body.named_children if body is not None else ():
            if initializer.type != "field_initializer":
                continue
            named = initializer.child_by_field_id(_FIELD.field)
            given = initializer.child_by_field_id(_FIELD.value)
            if named is not None and given is not None and self.text(named) == field:
                return _EMPTY.fullmatch(self.text(given)) is not None
        return False

    def _pushed_definition(self, argument: Node, base: Value) -> Definition | None:
        """The tensor a push of `argument` put, among what the `Vec` holds: the one made at
        the argument (`xs.push(loss_of(..))`), or the latest of a name pushed (`xs.push(l)`,
        `xs.push(l.clone())`) made before the push."""
        at = self.span(argument)
        while argument.type == "call_expression":
            function = argument.child_by_field_id(_FIELD.function)
            method = function.child_by_field_id(_FIELD.field) if function is not None else None
            arguments = argument.child_by_field_id(_FIELD.arguments)
            if method is None or self.text(method) != "clone" or arguments is None:
                break
            if arguments.named_child_count:
                break
            argument = function.child_by_field_id(_FIELD.value)
        if argument.type == "identifier":
            named = [
                d
                for d in base.sources
                if d.name == self.text(argument) and d.span[0] < at[0] and d.home is None
            ]
            return max(named, key=lambda d: d.span[0]) if named else None
        made = [d for d in base.sources if d.span == at]
        return made[0] if len(made) == 1 else None
