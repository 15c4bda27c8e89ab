"""A closure that changes what it captures (`|x| total += x`, `|x| v.push(x)`) is `FnMut`: each
call borrows the closure mutably, so the variable holding it must be `let mut` (rustc's E0596
at the call, "calling `add` requires mutable binding due to mutable borrow of `total`").

pbpit runs such a closure whatever its variable is declared; this finds the first call of one
held by a variable not declared `mut`. Followed: a `let` of the closure itself, and changes
pbpit can see (an assignment to a captured variable, its field or element, and std's methods
that take `&mut self` on one).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    Binary,
    Call,
    Closure,
    Expr,
    FnItem,
    Let,
    Local,
    Method,
    Unsupported,
    children,
    place_root,
)
from pbpit.rust.interp.types import FnT


def _takes_mut_self(call: Method) -> bool:
    """A std method taking `&mut self` (`Builtin.mutates`: `push`, `sort`, `insert`..)."""
    return getattr(call.impl, "mutates", False)


def changed_capture(closure: Closure) -> Local | None:
    """The first captured variable `closure`'s body changes, or None."""
    found = change(closure)
    return found[0] if found is not None else None


def change(closure: Closure) -> tuple[Local, Any] | None:
    """The first captured variable `closure`'s body changes and the node that changes it (an
    `Assign`, a `Method`), or None."""
    stack: list[Any] = [closure.body]
    while stack:
        node = stack.pop()
        place: Expr | None = None
        if isinstance(node, Assign):
            place = node.target
        elif isinstance(node, Method) and _takes_mut_self(node) and not node.recv.borrowed:
            place = node.recv
        root = place_root(place) if place is not None else None
        if root is not None and not root.binding.declared_in(closure.scope):
            return root, node
        stack.extend(reversed(list(children(node))))
    return None


def refuse_fnmut_calls(body: Any, path: str) -> None:
    """`Unsupported` (rustc's E0596) at the first call of a changing closure held by a variable
    not declared `mut`."""
    changing: dict[int, Local] = {}  # the closure's binding -> the capture it changes
    closures: dict[int, Closure] = {}  # a binding made by `let f = |..| ..;` -> its closure
    stack: list[Any] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Let) and isinstance(node.init, Closure) and node.binding is not None:
            if not node.init.borrowed:
                closures[id(node.binding)] = node.init
            if not node.binding.mutable and not node.init.borrowed:
                changed = changed_capture(node.init)
                if changed is not None:
                    changing[id(node.binding)] = changed
        if isinstance(node, Call) and isinstance(node.callee, Local):
            changed = changing.get(id(node.callee.binding))
            if changed is not None:
                raise _refusal(node.callee, changed, path)
        if isinstance(node, Call) and isinstance(node.callee, FnItem):
            _refuse_fn_bound(node.callee, node.args, path, closures)
        if isinstance(node, Method) and isinstance(getattr(node, "user", None), FnItem):
            _refuse_fn_bound(node.user, [node.recv, *node.args], path, closures)  # (`self` first)
        elif isinstance(node, Method):  # std's `map(&f)`, `for_each(&f)`: `F: FnMut`, so `f: Fn`
            for arg in node.args:
                if _lent(arg, closures):
                    _refuse_named(closures[id(arg.binding)], path)
        stack.extend(reversed(list(children(node))))


def _refuse_fn_bound(
    fn: FnItem, args: list[Expr], path: str, closures: dict[int, Closure]
) -> None:
    """A closure that changes what it captures, passed to a parameter bounded `Fn(..)` (`F:
    Fn(u32)`, `impl Fn(u32)`, `&dyn Fn(u32)`): rustc's E0594 at the assignment, E0596 at a
    `&mut self` method's receiver (an `FnMut`/`FnOnce` bound takes it); bound by a `let` and
    passed by name (`each_step(3, f)`, `&f`), E0525 at the closure."""
    for param, arg in zip(fn.param_tys, args, strict=False):
        if type(param) is FnT and param.trait in ("FnMut", "FnOnce") and _lent(arg, closures):
            _refuse_named(closures[id(arg.binding)], path)  # `&f` is `FnMut` only if `f: Fn`
        if not (type(param) is FnT and param.trait == "Fn"):
            continue
        if isinstance(arg, Local) and id(arg.binding) in closures:
            _refuse_named(closures[id(arg.binding)], path)
        if not isinstance(arg, Closure):
            continue
        found = change(arg)
        if found is None:
            continue
        changed, node = found
        name = changed.binding.name
        end = None
        if isinstance(node, Assign) and isinstance(node.target, Local):
            what = rejects(
                f"cannot assign to `{name}`, as it is a captured variable in a `Fn` closure",
                "E0594",
            )
            label, at = "cannot assign", node.target.pos
        elif isinstance(node, Method) and isinstance(node.recv, Local):
            what = rejects(
                f"cannot borrow `{name}` as mutable, as it is a captured variable in a `Fn` "
                "closure",
                "E0596",
            )
            label, at = "cannot borrow as mutable", node.recv.pos
            end = (at[0], at[1] + len(name))  # the receiver, not the call
        else:  # a field or an element: rustc words it otherwise; its code is the same
            code = "E0594" if isinstance(node, Assign) else "E0596"
            what = rejects(f"`Fn` closures cannot mutate their captured variable `{name}`", code)
            label, at = "cannot mutate", changed.pos
        err = Unsupported(f"{path}:{at[0]}:{at[1]}", what)
        err.label = label
        if end is not None:
            err.end = end
        raise err


def _lent(arg: Expr, closures: dict[int, Closure]) -> bool:
    """`&f` of a closure bound by a `let` (std's `impl Fn for &F` asks `F: Fn`)."""
    return (
        isinstance(arg, Local)
        and arg.borrowed
        and not arg.mut_borrow
        and id(arg.binding) in closures
    )


def moved_capture(closure: Closure) -> Local | None:
    """A captured variable, not `Copy`, that `closure`'s body moves out (its value, a block's
    value, an argument given by value, the receiver of `into_*`/`unwrap`/`expect`): the
    closure is then `FnOnce` only. None when pbpit sees no such move."""
    from pbpit.rust.interp.copy_types import copy_type
    from pbpit.rust.interp.nodes import Block

    def captured(e: Any) -> Local | None:
        if not isinstance(e, Local) or e.borrowed or e.binding.declared_in(closure.scope):
            return None
        return None if copy_type(e.ty) else e

    def value(e: Any) -> Local | None:
        while isinstance(e, Block) and e.tail is not None:
            e = e.tail
        return captured(e)

    found = value(closure.body)
    stack: list[Any] = [closure.body]
    while stack and found is None:
        node = stack.pop()
        if isinstance(node, Call | Method):
            for arg in node.args:
                found = found or captured(arg)
        if isinstance(node, Method) and (
            node.name.startswith("into") or node.name in ("unwrap", "expect")
        ):
            found = found or captured(node.recv)
        if isinstance(node, Let) and node.init is not None:
            found = found or captured(node.init)
        if isinstance(node, Binary) and node.kind in _MOVING_OPERANDS:  # `h + x` of tensors
            found = found or captured(node.left)
            if node.kind != "concat":  # (`s + "x"`: the `String` only)
                found = found or captured(node.right)
        stack.extend(reversed(list(children(node))))
    return found


# the operators taking their operands by value (a tensor's, a struct's `impl Add`, `String +`)
_MOVING_OPERANDS = ("tensor", "tensor-scalar", "scalar-tensor", "user", "concat")


def _refuse_named(closure: Closure, path: str) -> None:
    """rustc's E0525 at `closure` (bound by a `let`, passed to an `Fn`-bounded parameter, or
    lent as `&f` to any closure bound) if it changes what it captures (`FnMut`) or moves it out
    (`FnOnce`)."""
    changed = changed_capture(closure)
    kind = "FnMut"
    if changed is None:
        changed = moved_capture(closure)
        kind = "FnOnce"
    if changed is None:
        return
    what = rejects(
        "expected a closure that implements the `Fn` trait, but this closure only implements "
        f"`{kind}`",
        "E0525",
    )
    err = Unsupported(f"{path}:{closure.pos[0]}:{closure.pos[1]}", what)
    err.label = f"this closure implements `{kind}`, not `Fn`"
    err.end = getattr(closure, "head_end", None) or closure.pos
    name = changed.binding.name
    err.notes = [
        f"closure is `{kind}` because it mutates the variable `{name}`"
        if kind == "FnMut"
        else f"closure is `FnOnce` because it moves the variable `{name}` out of its environment"
    ]
    raise err


def _refusal(callee: Local, changed: Local, path: str) -> Unsupported:
    name = callee.binding.name
    what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
    err = Unsupported(f"{path}:{callee.pos[0]}:{callee.pos[1]}", rejects(what, "E0596"))
    err.end = (callee.pos[0], callee.pos[1] + len(name))  # the callee, not the call
    err.label = "cannot borrow as mutable"
    err.notes = [
        f"calling `{name}` requires mutable binding due to mutable borrow of "
        f"`{changed.binding.name}`"
    ]
    return err
