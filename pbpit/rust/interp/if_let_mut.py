"""`if let Some(b) = &mut opt { *b = ..; }` (and `= opt.as_mut()`, `= &mut self.field`): the
value inside the `Option` written in place, as rustc runs it.

pbpit erases references, so `b` cannot hold a `&mut T` into `opt`; the body runs on `b`, a
`&mut` binding (`*b = ..`, `*b += ..`, `b.push(..)` accepted as rustc accepts them), and `opt`
is then given `Some(b)` back. That is the same program when nothing else reaches `opt` while `b`
borrows it, which rustc checks: so the body may not name `opt`'s variable, and may not leave
early (`return`, `break`, `continue`, `?`) past the write-back; both are refused (not run).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import match_mut_refs, ref_patterns, references
from pbpit.rust.interp.field_paths import (
    VARIABLES,
    method_called,
    mut_method,
    receiver,
    root_variable,
)
from pbpit.rust.interp.grammar import rejects

WRITTEN_BACK = "if_let_mut"
"""The attribute of `b`'s binding: `*b = x` assigns `b` itself (`lower_exprs.deref_assignment`)."""
BY_VALUE = "if_let_value"
"""The attribute of `b` in `if let Some(b) = opt` (no borrow): a `T`, or a `&mut T` of an
`Option<&mut T>`, which the lowering cannot tell: `*b = ..` is refused in words (rustc's error,
E0614 or E0308, depends on the type), not as E0594."""
_EARLY = ("return_expression", "break_expression", "continue_expression", "try_expression")


def place(lowerer: Any, cond: Any, value: Any, binding: Any) -> tuple[Any, Any] | None:
    """For the `let` condition `cond` whose scrutinee lowered to `value`: (the scrutinee, the
    syntax node of the place written back) when it is `&mut place` or `place.as_mut()`, else
    None. `binding` (`b`, None for `Some(_)`) becomes a `&mut` binding."""
    node = cond.child_by_field_name("value")
    if node.type == "reference_expression" and value.mut_borrow:
        target = node.child_by_field_name("value")
    elif method_called(lowerer, node) == "as_mut":
        target = receiver(node)
        value = lowerer.expr(target)
        lowerer.mutable_place(node, value)  # `opt.as_mut()`: `opt` declared `mut`, as for `&mut`
        references.refuse_as_mut_behind_reference(lowerer, node, value)  # `let o2 = &o;`: E0596
        held = getattr(value, "binding", None)  # `o2` an `Option<&T>`: `b` a `&mut &T`
        if binding is not None and getattr(held, references.SOME_BORROW, False):
            setattr(binding, references.BEHIND_SHARED, True)
    elif ref_patterns.some_ref_mut(cond) and not value.borrowed:  # `if let Some(ref mut b) = opt`
        target = node
        ref_patterns.mutable_place(lowerer, node, value)
    else:
        if binding is not None and not value.borrowed:
            setattr(binding, BY_VALUE, True)
        if binding is not None and mut_method(lowerer, node):  # `= v.last_mut()`: a `&mut T`
            binding.mut_method = mut_method(lowerer, node)
        if binding is not None:  # `= v.iter_mut().max_by_key(..)`: `g.push(9)` in place
            match_mut_refs.mark(value, [binding])
        return None
    value.borrowed, value.mut_borrow = True, False  # (no `&mut` held: `b` is written back)
    if root_variable(target) is None and target.type != "index_expression":  # (`&mut v[i]`)
        raise lowerer.fail(node, "`if let` on `&mut` of anything but a variable or its field")
    if binding is not None:
        binding.mut_ref = binding.mutable = True  # (`*b = x` assigns `b`: see WRITTEN_BACK)
        setattr(binding, WRITTEN_BACK, True)
    return value, target


def written_back(lowerer: Any, node: Any, target: Any, binding: Any, then: Any) -> Any:
    """`then` followed by `target = Some(b)`; the body checked as the module says."""
    from pbpit.rust.interp.nodes import Assign, Block, ExprStmt, Local, SomeLit

    body = node.child_by_field_name("consequence")
    indexed = target.type == "index_expression"  # `match v[i] { Some(ref mut b) => .. }`
    root = lowerer.text(ref_patterns.indexed_root(lowerer, target, body) if indexed else (
        root_variable(target)
    ))
    stack = [body]
    while stack:
        part = stack.pop()
        stack.extend(part.children)
        if part.type in _EARLY:
            what = f"`{lowerer.text(part).split()[0]}` inside `if let Some(..) = &mut ..`"
            raise lowerer.fail(part, what + " (the value is written back at its end)")
        if part.type in VARIABLES and lowerer.text(part) == root:
            parent = part.parent
            if parent is None or parent.type != "field_identifier":
                what = f"`{root}` used while `if let Some(..) = &mut ..` borrows it"
                raise lowerer.fail(part, what)
        if (
            binding is not None
            and part.type == "identifier"
            and lowerer.text(part) == binding.name
            and part.parent is not None
            and part.parent.type == "compound_assignment_expr"
            and part.parent.child_by_field_name("left") == part
        ):  # rustc: `b += 1` of a `&mut T` (E0368): pbpit's `b` is the value
            op = next(c.type for c in part.parent.children if not c.is_named)
            what = f"binary assignment operation `{op}` cannot be applied to type `&mut _`"
            raise lowerer.fail(part.parent, rejects(what, "E0368"))
        if (
            binding is not None
            and part.type == "identifier"
            and lowerer.text(part) == binding.name
            and part.parent is not None
            and part.parent.type == "binary_expression"
        ):  # rustc: `b + 1`, `b > x` of a `&mut T` (E0369, E0308): pbpit's `b` is the value
            raise lowerer.fail(
                part,
                f"`{binding.name}`, a `&mut` reference, as an operand (write `*{binding.name}`)",
            )
    if binding is None:  # `Some(_)`: nothing to write
        return then
    if then.tail is not None:
        raise lowerer.fail(body, "a value out of `if let Some(..) = &mut ..`'s block")
    pos = lowerer.pos(body)
    back = SomeLit(pos, Local(pos, binding, lowerer.scope))
    if indexed:  # `v[i] = Some(b)`, `v` a `let mut` variable or a field of one
        assign = lowerer.index_assignment(body, target, back, None)
    else:
        assign = Assign(pos, lowerer.expr(target), back, None)
    stmts = [
        ExprStmt(pos[0], then, True, then.visible),
        ExprStmt(pos[0], assign, True, then.visible),
    ]
    return Block(pos, stmts, None, then.visible)
