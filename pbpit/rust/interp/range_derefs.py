"""A range whose end is a dereference (`0..*n`, `v[..*i]`, `v[*a..*b]`), which tree-sitter
reads as a product, `(0..) * n`, `(..) * i`, while Rust reads the range `0..(*n)`: taken back
here into the range Rust reads (as `Lowerer.negative_range_end` takes back `a..-b`), in an
expression (a `RangeLit`, or `ops::RangeTo` for `..*i`) and as a slice's index (`v[..*i]`)."""

from __future__ import annotations

from typing import Any


def split(lowerer: Any, node: Any) -> tuple[Any | None, Any, Any] | None:
    """(the start's node or None, the `*` operator, the operand) of such a misread range, else
    None (a product of a range is never Rust: `(0..) * n` does not type)."""
    if node.type != "binary_expression":
        return None
    operator = lowerer.operator(node)
    left = node.child_by_field_name("left")
    if operator.type != "*" or left is None or left.type != "range_expression":
        return None
    kids = lowerer.kids(left)
    dots = [c for c in left.children if not c.is_named]
    if len(kids) > 1 or [c.type for c in dots] != [".."]:
        return None
    if kids and dots[0].start_byte < kids[0].start_byte:
        return None  # (`..` last: `a..` or a bare `..`)
    return (kids[0] if kids else None), operator, node.child_by_field_name("right")


def _end(lowerer: Any, operator: Any, operand: Any) -> Any:
    from pbpit.rust.interp.nodes import Unary

    return Unary(lowerer.pos(operator), "*", lowerer.expr(operand))


def expr(lowerer: Any, node: Any) -> Any | None:
    """The range `a..*b` (`..*b`) the binary expression `node` misreads, else None."""
    from pbpit.rust.interp.nodes import RangeLit, Static

    parts = split(lowerer, node)
    if parts is None:
        return None
    start, operator, operand = parts
    left = node.child_by_field_name("left")
    if start is None:
        return Static(lowerer.pos(left), "ops::RangeTo", [_end(lowerer, operator, operand)])
    low = lowerer.expr(start)
    return RangeLit(lowerer.pos(left), low, _end(lowerer, operator, operand), False)


def index(lowerer: Any, node: Any, base: Any, index_node: Any) -> Any | None:
    """`base[a..*b]`, `base[..*b]` as `slices.lower_range_index` makes a range index, else
    None."""
    from pbpit.rust.interp import slices
    from pbpit.rust.interp.nodes import Method

    parts = split(lowerer, index_node)
    if parts is None:
        return None
    start, operator, operand = parts
    bracket = next(c for c in node.children if c.type == "[")
    recv = lowerer.expr(base)
    args = ([lowerer.expr(start)] if start is not None else []) + [_end(lowerer, operator, operand)]
    method = Method(lowerer.pos(bracket), recv, slices.RANGE_INDEX, [], args)
    method.range_ends = (start is not None, True, False)  # type: ignore[attr-defined]
    sized = slices._SIZED_USES  # (`[T]` unsized: `v[a..b]` only behind `&`, or indexed again)
    method.unsized = node.parent is None or node.parent.type not in sized  # type: ignore[attr-defined]
    return method
