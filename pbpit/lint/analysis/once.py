"""Which passes of a loop take an `if` (`_Once`): the names a loop counts its passes with
(`i` of `for i in 0..n`, `i += 1` in a `while`), and conditions true in one pass only (`i == 0`,
a flag the branch flips). Those true in every pass but the first (`ep > 0`) are
`pass_values.py`'s."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from pbpit.lint.analysis.common import _FIELD, _WORD, _assignments
from pbpit.lint.analysis.state import _Slot
from pbpit.rust.syntax import Node


class _Once:
    """How `_Function` tells the passes of a loop that take a branch, and the loop's counters."""

    def _once(self, condition: Node | None) -> list[int]:
        """The loops whose passes take this `if` once at most: `counter == value`, the counter
        of a loop around it, the value the same in every pass (a literal, or names the loop
        does not assign, without calls); each of `a && b`'s."""
        while condition is not None and condition.type == "parenthesized_expression":
            condition = condition.named_children[0] if condition.named_child_count else None
        if condition is None or condition.type != "binary_expression":
            return []
        operator = condition.child_by_field_id(_FIELD.operator)
        if operator is not None and self.text(operator) == "&&":
            keys = self._once(condition.child_by_field_id(_FIELD.left))
            right = self._once(condition.child_by_field_id(_FIELD.right))
            return keys + [key for key in right if key not in keys]
        if operator is None or self.text(operator) != "==":
            return []
        sides = [
            condition.child_by_field_id(_FIELD.left),
            condition.child_by_field_id(_FIELD.right),
        ]
        for counter, other in (sides, sides[::-1]):
            if counter is None or other is None or counter.type != "identifier":
                continue
            slot = self.lookup(self.text(counter))
            key = self.counters.get(slot) if slot is not None else None
            if key is not None and self._same_every_pass(other, key):
                return [key]
        return []

    def _first_pass(self, condition: Node | None, consequence: Node | None) -> list[int]:
        """The loops whose passes take this `if` once at most because it flips its own flag:
        `if !initialized { ..; initialized = true; }`, `if first { ..; first = false; }`, the
        flag bound before those loops and set nowhere else in them."""
        if condition is None or consequence is None:
            return []
        negated = condition.type == "unary_expression" and self.text(condition).startswith("!")
        flag = condition.named_children[0] if negated and condition.named_child_count else condition
        if flag.type != "identifier":
            return []
        slot = self.lookup(self.text(flag))
        if slot is None:
            return []
        if not self.context:
            return []  # no loop to take it once in
        text = self.text(flag).encode()
        flipped = b"true" if negated else b"false"
        start, end = self.span(consequence)
        if _WORD.fullmatch(text):
            # By the file's assignments (a search per `if` would read its block again).
            starts, words = _assignments(self.data).get(text, ([], []))

            def between(low: int, high: int) -> range:
                return range(bisect.bisect_left(starts, low), bisect.bisect_left(starts, high))

            last = len(self.context)  # the loops it runs once in: those up to this one
            if not any(words[i] == flipped for i in between(start, end)):
                # Or flipped by a statement of a loop's own body, in every pass of it (`if
                # first { .. } first = false;`): once in that loop and those around it.
                last = self._flips_each_pass(self.text(flag), flipped.decode())
                if last is None:
                    return []
            keys = []
            for key, _ in self.context[: last + 1]:
                loop_start, loop_end = self.loop_spans[key]
                if loop_start > slot.declared and len(between(loop_start, loop_end)) == 1:
                    keys.append(key)
            return keys
        sets = re.compile(rb"\b" + re.escape(text) + rb"\s*=(?!=)\s*(\w+)")
        if not any(m.group(1) == flipped for m in sets.finditer(self.data, start, end)):
            return []
        keys = []
        for key, _ in self.context:
            loop_start, loop_end = self.loop_spans[key]
            if (
                loop_start > slot.declared
                and len(sets.findall(self.data, loop_start, loop_end)) == 1
            ):
                keys.append(key)
        return keys

    def _flips_each_pass(self, flag: str, flipped: str) -> int | None:
        """The position in the context of the innermost loop around whose body has `flag =
        flipped;` as a statement of its own (run in every pass), if one has."""
        for position in range(len(self.context) - 1, -1, -1):
            body = self.loops[self.context[position][0]].child_by_field_id(_FIELD.body)
            for assignment in self._every_pass(body, "assignment_expression"):
                left = assignment.child_by_field_id(_FIELD.left)
                right = assignment.child_by_field_id(_FIELD.right)
                if left is None or right is None or self.text(left) != flag:
                    continue
                if self.text(right) == flipped:
                    return position
        return None

    def _every_pass(self, body: Node | None, kind: str) -> Iterator[Node]:
        """The expressions of type `kind` that are statements of a loop body's own (`flag =
        ..;`, `i += 1;`), run in every pass: no `continue` comes before them."""
        for statement in body.named_children if body is not None else ():
            expression = statement.named_children[0] if statement.named_child_count else None
            if statement.type != "expression_statement" or expression is None:
                continue
            if expression.type != kind:
                continue
            before = self.data[body.start_byte + self.delta : statement.start_byte + self.delta]
            if b"continue" not in before:
                yield expression

    def _same_every_pass(self, node: Node, key: int) -> bool:
        """Whether an expression has one value in every pass of loop `key`, as far as it shows:
        literals, and names the loop never assigns, in arithmetic or fields; no calls."""
        start, end = self.loop_spans[key]
        stack = [node]
        while stack:
            part = stack.pop()
            if part.type in ("integer_literal", "float_literal", "boolean_literal"):
                continue
            if part.type == "identifier":
                name = re.escape(self.text(part).encode())
                assigned = re.compile(rb"\b" + name + rb"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)")
                if assigned.search(self.data, start, end):
                    return False
                continue
            if part.type not in (
                "binary_expression",
                "parenthesized_expression",
                "field_expression",
                "field_identifier",
                "unary_expression",
                "type_cast_expression",
                "primitive_type",
                "scoped_identifier",
            ):
                return False
            stack.extend(part.named_children)
        return True

    def _counter(self, loop: Node) -> Node | None:
        """The name a `for` loop binds to a new number every pass: `i` in `for i in 0..n` (or
        `(0..n).rev()`, `.step_by(k)`) and in `for (i, x) in xs.iter().enumerate()`."""
        pattern = loop.child_by_field_id(_FIELD.pattern)
        value = loop.child_by_field_id(_FIELD.value)
        while value is not None and value.type == "parenthesized_expression":
            value = value.named_children[0] if value.named_child_count else None
        if value is None or pattern is None:
            return None
        if value.type == "range_expression" and pattern.type == "identifier":
            return pattern
        method = (
            value.child_by_field_id(_FIELD.function) if value.type == "call_expression" else None
        )
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return None
        if self.text(name) == "enumerate" and pattern.type == "tuple_pattern":
            first = pattern.named_children[0] if pattern.named_child_count else None
            return first if first is not None and first.type == "identifier" else None
        receiver = method.child_by_field_id(_FIELD.value)
        while receiver is not None and receiver.type == "parenthesized_expression":
            receiver = receiver.named_children[0] if receiver.named_child_count else None
        ordered = self.text(name) in ("rev", "step_by")
        if ordered and receiver is not None and receiver.type == "range_expression":
            return pattern if pattern.type == "identifier" else None
        return None

    def _pass_counters(self, loop: Node) -> list[_Slot]:
        """The names a loop counts its passes with: `i` of `while i < losses.len() { ..; i +=
        1; }`, raised by a statement of the loop's own body that no `continue` skips, by a
        positive literal, and written nowhere else in the loop but so; bound by a `let` in the
        pass of the loops around (or before any loop), or set to a number in it before this
        loop (`i = 0;`): a new value each pass."""
        body = loop.child_by_field_id(_FIELD.body)
        if body is None or body.type != "block":
            return []
        if self.data.find(b"+=", body.start_byte + self.delta, body.end_byte + self.delta) < 0:
            return []
        found = []
        for raised in self._every_pass(body, "compound_assignment_expr"):
            operator = raised.child_by_field_id(_FIELD.operator)
            left = raised.child_by_field_id(_FIELD.left)
            right = raised.child_by_field_id(_FIELD.right)
            if operator is None or left is None or right is None or self.text(operator) != "+=":
                continue
            if left.type != "identifier" or not _positive(self.text(right)):
                continue
            slot = self.lookup(self.text(left))
            if slot is not None and slot not in found and self._counts(loop, slot):
                found.append(slot)
        return found

    def _counts(self, loop: Node, slot: _Slot) -> bool:
        """Whether `slot`, raised in every pass of `loop`, is written in it only so and starts
        again with each pass of the loop around."""
        if self.context:
            around = self.loops[self.context[-1][0]]
            if slot.declared < self.loop_spans[self.context[-1][0]][0] and not self._reset(
                around, loop, slot.name
            ):
                return False  # bound outside the loop around: not started again with it
        start, end = loop.start_byte + self.delta, loop.end_byte + self.delta
        name = re.escape(slot.name.encode())
        writes = re.compile(rb"(?<![\w.])" + name + rb"\s*((?:[-+*/%&|^]|<<|>>)?=)(?!=)\s*(\w*)")
        if re.search(rb"&\s*mut\s+" + name + rb"\b", self.data[start:end]):
            return False
        return all(
            write.group(1) == b"+=" and _positive(write.group(2).decode())
            for write in writes.finditer(self.data, start, end)
        )

    def _reset(self, around: Node, loop: Node, name: str) -> bool:
        """Whether a statement of `around`'s own body before `loop` sets `name` to a number."""
        body = around.child_by_field_id(_FIELD.body)
        for statement in body.named_children if body is not None else ():
            if statement.start_byte >= loop.start_byte:
                break
            assignment = statement.named_children[0] if statement.named_child_count else None
            if statement.type != "expression_statement" or assignment is None:
                continue
            left = assignment.child_by_field_id(_FIELD.left)
            right = assignment.child_by_field_id(_FIELD.right)
            if assignment.type == "assignment_expression" and left is not None:
                if (
                    self.text(left) == name
                    and right is not None
                    and right.type == "integer_literal"
                ):
                    return True
        return False


def _positive(text: str) -> bool:
    """Whether `text` is a positive integer literal (`1`, `2usize`)."""
    number = re.match(r"(\d+)(?:_?[ui](?:size|8|16|32|64|128))?$", text)
    return number is not None and int(number.group(1)) > 0
