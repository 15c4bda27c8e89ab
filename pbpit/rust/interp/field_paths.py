"""The syntax of a place written as a path of fields (`a.b.c`, `self.x.y`) and of a method call
(`v.iter_mut()`, `opt.as_mut()`), read where the lowering recognises a form before lowering it
(`iter_mut.py`'s loops, `if_let_mut.py`'s borrows, `std_more.py`'s `drain`): one walk from a
field chain to its root, one reading of `x.method(..)`."""

from __future__ import annotations

from typing import Any

from pbpit.rust.syntax import Node

VARIABLES = ("identifier", "self")
"""The node kinds of a variable at a chain's root (`x`, `self`)."""


def field_chain(node: Node) -> tuple[Node, list[Node]]:
    """The expression the field accesses of `node` start from (`a` of `a.b.c`, `self` of
    `self.x.y`, `f()` of `f().x`) and the fields' nodes after it, in order (`b`, `c`): `node`
    itself and no fields when it is no field access."""
    fields: list[Node] = []
    while node.type == "field_expression":
        fields.append(node.child_by_field_name("field"))
        node = node.child_by_field_name("value")
    return node, fields[::-1]


def root_variable(node: Node) -> Node | None:
    """The variable at the root of `x`, `x.a.b`, `self.h`; None when the chain starts from
    another expression."""
    root = field_chain(node)[0]
    return root if root.type in VARIABLES else None


def method_called(lowerer: Any, call: Node, arity: int = 0) -> str | None:
    """The name of the method `call` calls as `x.name(..)` with `arity` arguments; None for
    another call (or another expression)."""
    if call.type != "call_expression":
        return None
    function = call.child_by_field_name("function")
    args = call.child_by_field_name("arguments")
    if function is None or function.type != "field_expression" or len(lowerer.kids(args)) != arity:
        return None
    return lowerer.text(function.child_by_field_name("field"))


def mut_method(lowerer: Any, node: Node) -> str | None:
    """The `*_mut` method (`last_mut`, `get_mut`..) whose `&mut` the value of `node` is: the
    call itself or its `.unwrap()`/`.expect(..)`; None for anything else."""
    if method_called(lowerer, node) == "unwrap" or method_called(lowerer, node, 1) == "expect":
        node = receiver(node)
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    name = lowerer.text(function.child_by_field_name("field"))
    return name if name.endswith("_mut") else None


def through_mut_method(binding: Any) -> str | None:
    """The refusal of a write through `binding` when it holds the `&mut` a `*_mut` method
    returned (`let r = v.last_mut().unwrap(); r.n = 1;`: rustc runs it; pbpit, which erases
    references, would write a copy), else None."""
    method = getattr(binding, "mut_method", None)
    if method is None:
        return None
    return (
        f"a write through `{binding.name}`, the `&mut` `{method}()` returns (pbpit erases "
        "references; write to the element by its index)"
    )


def receiver(call: Node) -> Node:
    """The `x` of a method call `x.name(..)` (one `method_called` has named)."""
    return call.child_by_field_name("function").child_by_field_name("value")
