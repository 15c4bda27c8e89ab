"""Losses gathered by iterators of std that lint reads as the collections they make:
`std::iter::once(loss)`, a collection of that one element, and `a.chain(b)` of two such
collections, their elements one after the other (`once(mse).chain(once(reg))`, walked by a
`for` loop or collected into a `Vec`): each element a tensor of its own, as `[mse, reg]` is,
so a loop walking them takes one loss a pass (issue 24: lint was silent where the run found
the losses shared)."""

from __future__ import annotations

from pbpit.lint.analysis.state import _collection
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node


def once_function(_reader, call: Node, argument_nodes: list[Node], values: list[Value]):
    """`iter::once(x)`: the collection of `x` alone (None for another arity)."""
    if len(values) != 1:
        return None
    return _collection([("[0]", values[0])])


def chain_effect(_reader, call, receiver_node, name_node, receiver: Value, arguments):
    """`a.chain(b)` of two collections each held element by element (`[0]`, `[1]`..): the
    elements of `a`, then those of `b`, renumbered; None for another (an iterator lint reads
    as one value: `ADAPT`'s)."""
    if len(arguments) != 1:
        return None
    first, second = _elements(receiver), _elements(arguments[0])
    if first is None or second is None:
        return None
    joined = [*first, *second]
    return _collection([(f"[{i}]", value) for i, value in enumerate(joined)])


def _elements(value: Value) -> list[Value] | None:
    """The elements of a collection held element by element, in order; None otherwise."""
    parts = dict(value.parts or ())
    if not parts or set(parts) != {f"[{i}]" for i in range(len(parts))}:
        return None
    return [parts[f"[{i}]"] for i in range(len(parts))]
