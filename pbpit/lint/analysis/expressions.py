"""Expressions other than calls, branches and loops (`_Expressions`): operators, tuples,
arrays and struct literals, parts of a value, macros, closures."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import (
    _DIVERGING_MACROS,
    _FIELD,
    _LITERALS,
    _NUMBER_BYTES,
    _called,
    _pattern_names,
)
from pbpit.lint.analysis.state import (
    _DATA,
    _collection,
    _common,
    _content,
    _Exit,
    _join,
    _op,
    _State,
)
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node, macro_arguments


class _Expressions:
    """How `_Function` reads operators, literals of collections, macros and closures."""

    def _binary(self, node: Node) -> Value:
        left = self.expr(node.child_by_field_id(_FIELD.left))
        right = self.expr(node.child_by_field_id(_FIELD.right))
        operator = node.child_by_field_id(_FIELD.operator)
        if operator is not None and self.text(operator) in ("+", "-", "*", "/", "%"):
            return _op([left, right])
        return _DATA

    def _unary(self, node: Node) -> Value:
        value = self.expr(node.named_children[0] if node.named_child_count else None)
        operator = self.data[node.start_byte + self.delta : node.start_byte + self.delta + 1]
        if operator == b"*":
            return value
        return _op([value]) if operator == b"-" else _DATA

    def _elements(self, node: Node) -> Value:
        """A tuple, array or struct literal: tracked if an element is, keeping its elements."""
        if node.type == "array_expression":
            start, end = self.span(node)
            if not self.data[start:end].translate(None, _NUMBER_BYTES):
                return _DATA  # numbers only (a test's data): nothing in it runs or is tracked
        parts: list[tuple[str, Value]] | None = []
        children = node.named_children
        index = 0
        while index < len(children):
            child = children[index]
            index += 1
            kind = child.type
            if kind in _LITERALS:  # the numbers of a test's data: read as `expr` reads them
                if parts is not None:
                    key = f".{len(parts)}" if node.type == "tuple_expression" else f"[{len(parts)}]"
                    parts.append((key, _DATA))
            elif kind == "field_initializer_list":
                children = children[index:]
                children[:0] = child.named_children
                index = 0
            elif child.type == "field_initializer":
                field_ = child.child_by_field_id(_FIELD.field)
                value = self.expr(child.child_by_field_id(_FIELD.value))
                if parts is not None:
                    parts.append((f".{self.text(field_)}" if field_ else "?", value))
            elif child.type in ("type_identifier", "scoped_type_identifier", "generic_type"):
                continue
            elif child.type == "shorthand_field_initializer":
                value = self.expr(child.named_children[0])
                if parts is not None:
                    parts.append((f".{self.text(child.named_children[0])}", value))
            elif child.type == "base_field_initializer":
                self.expr(child)
                parts = None  # `..base`: the other fields are not known
            else:
                value = self.expr(child)
                if parts is not None:
                    key = f".{len(parts)}" if node.type == "tuple_expression" else f"[{len(parts)}]"
                    parts.append((key, value))
        if node.type == "array_expression" and node.child_by_field_id(_FIELD.length) is not None:
            parts = parts[:1] if parts else None  # `[x; n]`: every element is `x`
        return _collection(parts) if parts is not None else _op([])

    def _part(self, node: Node, base: Value) -> Value:
        """An element of a literal collection: the one named, or any one (what all share)."""
        assert base.parts is not None
        if node.type == "index_expression":
            index = node.named_children[1] if node.named_child_count > 1 else None
            known = index is not None and index.type == "integer_literal"
            key = f"[{self.text(index)}]" if known and index is not None else None
        else:
            name = node.child_by_field_id(_FIELD.field)
            key = f".{self.text(name)}" if name is not None else None
        parts = dict(base.parts)
        if node.type == "index_expression" and _content(base):
            # `buf[0]` of a `Vec` of structs pushed (`buf.push(Item { s, t })`): the element is
            # such a struct, field by field (`buf[0].t`), not what its fields share.
            return base
        if key in parts:
            part = parts[key]
        else:
            values = list(parts.values())
            tracked = [v for v in values if v.requirement == Requirement.GRAD_IN_BACKWARD]
            if not tracked:
                return _join(values) if values else _DATA
            common = _common([v.sources for v in values])
            part = Value(
                Requirement.GRAD_IN_BACKWARD, None, common, tracked[0].why, reads=frozenset()
            )
        if part.requirement != Requirement.GRAD_IN_BACKWARD:
            return part
        return replace(part, reads=part.reads | base.reads)

    def _macro(self, node: Node) -> Value:
        if self.delta != 0:
            return _DATA  # a macro inside a macro's arguments: not read
        name_node = node.child_by_field_id(_FIELD.macro)
        name = self.text(name_node) if name_node is not None else ""
        arguments = self.macros.get(node.start_byte)
        if arguments is None:
            # Only `vec!` has a value here; another macro's arguments matter only for the
            # backward they may run (`.backward()`, or a call of a function that runs one:
            # `println!("{:?}", gradient_of(&loss, &w))`).
            text = self.data[node.start_byte : node.end_byte]
            arguments = False
            helpers = self.program.helper_names
            if name == "vec" or b"backward" in text or (helpers and _calls_one(helpers, text)):
                arguments = macro_arguments(self.source, node) or False
            self.macros[node.start_byte] = arguments
        values = []
        if arguments:
            self.delta = arguments.delta
            try:
                values = [self.expr(argument) for argument in arguments.nodes]
            finally:
                self.delta = 0
        if name in _DIVERGING_MACROS:
            self.state = _State(self.state.values, self.state.consumed, dead=True)
        if name != "vec":
            return _DATA
        return _collection([(f"[{i}]", value) for i, value in enumerate(values)])

    def _closure(
        self,
        node: Node,
        repeat_key: int | None = None,
        element: Value | Callable[[], Value] | None = None,
        value: bool = False,
    ) -> Value:
        """A closure, read where it is written (as a loop body when `repeat_key` is given,
        its element parameter holding `element`, the last one of a `fold`'s); it is data,
        its value (what the body yields) only as an adaptor's loop body, or read once for
        `value` (`opt.and_then(|x| ..)`)."""
        parameters = node.child_by_field_id(_FIELD.parameters)
        given = [
            parameter.child_by_field_id(_FIELD.pattern) or parameter
            for parameter in (parameters.named_children if parameters is not None else ())
        ]
        taking = given[-1] if given else None
        results: list[Value] = []

        def body() -> None:
            self.push_scope(node)
            for pattern in given:
                if element is not None and pattern is taking:
                    # A walk's element of this pass is made in the pass (`_newest_walk`).
                    taken = element() if callable(element) else element
                    self._bind(pattern, taken, None, node)
                    continue
                for name in _pattern_names(pattern):
                    self.declare(self.text(name), _DATA, name)
            exit_ = _Exit("closure", mark=len(self.journal.entries))
            self.exits.append(exit_)
            result = self.expr(node.child_by_field_id(_FIELD.body))
            self.exits.pop()
            self.pop_scope()
            results[:] = [result] if not self.state.dead else []
            results.extend(v for state, v in exit_.returns if not state.dead)
            self.join(exit_.mark, [self.state, *exit_.breaks], self.span(node)[1])

        if repeat_key is None:
            body()
            return _join(results) if value and results else _DATA
        self._passes(node, repeat_key, body)
        return _join(results) if results else _DATA


@lru_cache(maxsize=64)
def _helper_calls(names: frozenset[str]) -> re.Pattern[bytes]:
    return _called(names)


def _calls_one(names: frozenset[str], text: bytes) -> bool:
    """Whether `text` calls a function of one of `names` (`Program.helper_names`)."""
    return _helper_calls(names).search(text) is not None
