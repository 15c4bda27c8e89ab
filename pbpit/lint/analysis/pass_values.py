"""What a loop's counter holds in the pass being read (`_PassValues`), and so whether that pass
takes an `if` comparing it: `ep` of `for ep in 0..n`, `step` of `while step < n { step += 1; .. }`
or of `loop { step += 1; .. }`, and names bound by `let` to arithmetic of them (`let step =
epoch * 2 + batch;`). A loop's first pass is read as itself (where the loop is read again for
its later passes): its counter's value there is known. A later pass read stands for it and every
pass after it: the counter only grows, so its value there is the least it holds from then on.
`if step > 1` after `step += 1` is thus not taken in the first pass and taken in every later one,
as `if ep > 0` of `for ep in 0..n`."""

from __future__ import annotations

import re

from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _Slot
from pbpit.rust.syntax import Node

_Known = tuple[int, bool, frozenset[int]]
"""A value in the pass read: the least it may be, whether it is exactly that, and the loops
whose first pass it was told exactly in."""

_WRITES = r"(?<![\w.]){name}\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)"
"""A write to a name (`step = 0`, `step += 1`), not a comparison."""

_WRAPPERS = ("parenthesized_expression", "type_cast_expression")
"""What leaves a value as it is (`(step)`, `step as u64`)."""

_SIDES = {">": ">", ">=": ">=", "<": ">", "<=": ">=", "!=": "!="}
"""Each comparison read as `left OP right`, `<` and `<=` with their sides swapped."""


class _PassValues:
    """How `_Function` tells the value of a loop's counter in the pass it reads."""

    def _pass_truth(self, condition: Node | None) -> bool | None:
        """Whether the pass being read takes `if condition`, a comparison (`>`, `>=`, `<`,
        `<=`, `!=`) of the loops' counters with a number: True or False where that is so in
        this pass and, for a later pass read, in every pass it stands for; None when not known.
        A loop whose first pass was told apart this way is read for a second pass even if it
        starts as the first did (`first_told`)."""
        while condition is not None and condition.type == "parenthesized_expression":
            condition = condition.named_children[0] if condition.named_child_count else None
        if condition is None or condition.type != "binary_expression" or self.delta != 0:
            return None
        operator = condition.child_by_field_id(_FIELD.operator)
        left = condition.child_by_field_id(_FIELD.left)
        right = condition.child_by_field_id(_FIELD.right)
        if operator is None or left is None or right is None:
            return None
        symbol = self.text(operator)
        if symbol not in _SIDES:
            return None
        if symbol in ("<", "<="):
            left, right = right, left
        symbol = _SIDES[symbol]
        low = self._in_pass(left, 0)
        high = self._in_pass(right, 0)
        if low is None or high is None or not high[1]:
            return None  # the value compared with must be known exactly
        least, exact, told = low
        bound = high[0]
        taken = {">": least > bound, ">=": least >= bound, "!=": least > bound}[symbol]
        if taken:
            decided = True  # so for the least value, so for every value from it on
        elif exact:
            decided = {">": False, ">=": False, "!=": least != bound}[symbol]
        else:
            return None
        self.first_told.update(told)
        return decided

    def _in_pass(self, node: Node | None, depth: int) -> _Known | None:
        """The value of an expression of integers in the pass read: literals, counters, names
        bound by `let` to such an expression, `+`, `-` of a known value, `*` of values not
        below zero, parentheses and casts; None for anything else."""
        while node is not None and node.type in _WRAPPERS:
            node = node.child_by_field_id(_FIELD.value) or (
                node.named_children[0] if node.named_child_count else None
            )
        if node is None or depth > 8:
            return None
        if node.type == "integer_literal":
            number = re.match(r"\d+", self.text(node).replace("_", ""))
            return (int(number.group()), True, frozenset()) if number else None
        if node.type == "identifier":
            return self._name_in_pass(node, depth)
        if node.type != "binary_expression":
            return None
        operator = node.child_by_field_id(_FIELD.operator)
        left = self._in_pass(node.child_by_field_id(_FIELD.left), depth + 1)
        right = self._in_pass(node.child_by_field_id(_FIELD.right), depth + 1)
        if operator is None or left is None or right is None:
            return None
        told = left[2] | right[2]
        exact = left[1] and right[1]
        symbol = self.text(operator)
        if symbol == "+":
            return left[0] + right[0], exact, told
        if symbol == "-" and right[1]:
            return left[0] - right[0], left[1], told
        if symbol == "*" and left[0] >= 0 and right[0] >= 0:
            return left[0] * right[0], exact, told
        return None

    def _name_in_pass(self, node: Node, depth: int) -> _Known | None:
        """A name's value in the pass read: a loop's counter, or a name `let` binds (not
        `mut`) to an expression `_in_pass` knows."""
        slot = self.lookup(self.text(node))
        if slot is None:
            return None
        key = self.counters.get(slot)
        loop = self.loops.get(key) if key is not None else None
        number = next((n for k, n in self.context if k == key), None)
        first = self._first_value(loop, slot, node) if loop is not None else None
        if first is not None and number is not None:
            start, raise_ = first
            # The first pass is itself where the loop is read again for the later ones.
            exact = number == 1 and self.last_pass.get(key, 1) > 1
            told = frozenset({key}) if exact else frozenset()
            return start + raise_ * (number - 1), exact, told
        # Not a counter (or a name bound to one, `let key = step;`): what its `let` says.
        declaration = self._let_of(slot, node)
        if declaration is None:
            return None
        return self._in_pass(declaration.child_by_field_id(_FIELD.value), depth + 1)

    def _first_value(self, loop: Node, slot: _Slot, use: Node) -> tuple[int, int] | None:
        """A counter's value where `use` reads it in loop `loop`'s first pass, and what each
        pass adds: `for i in a..b` (a literal `a`) and `enumerate()` from 0 by 1; a counter
        a `while`/`loop` raises (`_pass_counters`) from the number it was last set to before
        the loop, with the raise counted where it comes before `use` in the body."""
        if loop.type == "for_expression":
            counter = self._counter(loop)
            if counter is None or self.span(counter)[0] != slot.declared:
                return None  # a name bound to it (`let key = step;`), not the counter
            value = loop.child_by_field_id(_FIELD.value)
            if value is not None and value.type == "range_expression":
                start = value.named_children[0] if value.named_child_count == 2 else None
                if start is None or start.type != "integer_literal":
                    return None
                known = self._in_pass(start, 8)
                return (known[0], 1) if known is not None else None
            if value is not None and value.type == "call_expression" and "enumerate" in (
                self.text(value.child_by_field_id(_FIELD.function) or value)
            ):
                return 0, 1
            return None
        if loop.type not in ("while_expression", "loop_expression"):
            return None
        body = loop.child_by_field_id(_FIELD.body)
        raised = next(
            (
                r
                for r in self._every_pass(body, "compound_assignment_expr")
                if self.text(r.child_by_field_id(_FIELD.left) or r) == slot.name
            ),
            None,
        )
        step = raised.child_by_field_id(_FIELD.right) if raised is not None else None
        by = self._in_pass(step, 8) if step is not None else None
        start = self._set_before(loop, slot)
        if raised is None or by is None or start is None or by[0] <= 0:
            return None
        before_use = raised.end_byte <= use.start_byte
        return start + (by[0] if before_use else 0), by[0]

    def _set_before(self, loop: Node, slot: _Slot) -> int | None:
        """The number a counter holds as `loop` starts: its `let mut` (or a statement of the
        loop around's body before `loop`, `step = 0;`), with no other write between."""
        declaration = self._let_of(slot, loop, mutable=True)
        if declaration is None:
            return None
        start = declaration
        value = declaration.child_by_field_id(_FIELD.value)
        writes = re.compile(_WRITES.format(name=re.escape(slot.name)).encode())
        keys = [k for k, _ in self.context]
        key = loop.start_byte + self.delta
        outer = keys[keys.index(key) - 1] if key in keys and keys.index(key) > 0 else None
        if outer is not None:
            around = self.loops[outer].child_by_field_id(_FIELD.body)
            for statement in around.named_children if around is not None else ():
                if statement.start_byte >= loop.start_byte:
                    break
                assignment = statement.named_children[0] if statement.named_child_count else None
                if (
                    statement.type == "expression_statement"
                    and assignment is not None
                    and assignment.type == "assignment_expression"
                    and self.text(assignment.child_by_field_id(_FIELD.left) or assignment)
                    == slot.name
                    and statement.start_byte > declaration.start_byte
                ):
                    start, value = statement, assignment.child_by_field_id(_FIELD.right)
        if value is None or value.type != "integer_literal":
            return None
        if writes.search(self.data, start.end_byte, loop.start_byte):
            return None
        known = self._in_pass(value, 8)
        return known[0] if known is not None else None

    def _let_of(self, slot: _Slot, near: Node, mutable: bool = False) -> Node | None:
        """The `let` binding `slot` by name alone (`let step = ..;`, `let mut step = ..;`
        where `mutable`) in the tree of `near`, else None."""
        root = near
        while root.parent is not None:
            root = root.parent
        name = root.descendant_for_byte_range(slot.declared, slot.declared + len(slot.name))
        declaration = name.parent if name is not None else None
        if declaration is None or declaration.type != "let_declaration":
            return None
        if declaration.child_by_field_id(_FIELD.pattern) != name:
            return None
        has_mut = any(c.type == "mutable_specifier" for c in declaration.children)
        return declaration if has_mut == mutable else None
