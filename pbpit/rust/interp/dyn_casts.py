"""`Box::new(E) as Box<dyn Error>`, `Box::new(Sq(1.0)) as Box<dyn Shape>`, `&sq as &dyn
Shape`: a cast that is an unsizing coercion, the value as the trait object (rustc checks it as
the coercion `let b: Box<dyn Shape> = Box::new(..)` is checked: E0277 for a type that does not
implement the trait). pbpit erases boxes and references, so the value is the cast's value.

The lowering takes it only where the operand is what the written type boxes or borrows
(`Box::new(..)` for `Box<dyn ..>`, `&x` for `&dyn ..`); another operand is refused (`x as
Box<dyn Shape>` of a value not boxed is rustc's E0605, which pbpit cannot tell from a `Box`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.types import DYN_ERROR, DynT, StructT, Ty, implements, resolve, show


def is_dyn(ty: Ty) -> bool:
    """Whether `ty` is a trait object: `dyn Shape` (boxed or borrowed) or `Box<dyn Error>`."""
    ty = resolve(ty)
    return type(ty) is DynT or ty is DYN_ERROR


def refuse_operand(lowerer: Any, node: Any, operand: Any, target: Ty) -> None:
    """In the lowering of `operand as T` (`node`, `target` the type of `T`): refuse a cast to
    a trait object whose operand is not `Box::new(..)` (for `Box<dyn ..>`) or `&x` (`&dyn ..`)."""
    from pbpit.rust.interp.traits import BoxNew

    if not is_dyn(target):
        return
    written = node.child_by_field_name("type")
    value = node.child_by_field_name("value")  # where rustc's E0277 ends
    operand.cast_end = lowerer.columns.position(value.end_byte + lowerer.delta)
    boxed = written.type == "generic_type" and lowerer.text(written).startswith("Box<")
    if boxed and isinstance(operand, BoxNew) and not operand.value.borrowed:
        return
    if written.type == "reference_type" and operand.borrowed and not isinstance(operand, BoxNew):
        if not any(c.type == "mutable_specifier" for c in written.children):
            return
    what = f"casting to `{lowerer.text(written)}` of another value than `Box::new(..)` or `&x`"
    raise lowerer.fail(node, what)


def checked(checker: Any, e: Any) -> Ty | None:
    """The type of the cast `e` to a trait object (the operand coerced to it, as a `let` with
    that type coerces its value), or None for another cast."""
    target = resolve(e.target)
    if not is_dyn(target):
        return None
    found = checker.expecting(e.operand, target)
    _refuse_unimplemented(checker, e, target)
    checker.unify(target, found, e.operand.pos, e.operand.pos)
    return target


def _refuse_unimplemented(checker: Any, e: Any, target: Ty) -> None:
    """rustc's E0277 at the operand for a struct that does not implement the trait."""
    from pbpit.rust.interp import error_types
    from pbpit.rust.interp.grammar import rejects
    from pbpit.rust.interp.traits import BoxNew

    inner = resolve(e.operand.value.ty if isinstance(e.operand, BoxNew) else e.operand.ty)
    if type(inner) is not StructT:
        return
    if type(target) is DynT and not implements(inner, target.trait):
        trait = target.trait.name  # type: ignore[attr-defined]
    elif target is DYN_ERROR and not error_types.is_error(inner.item):
        trait = "std::error::Error"
    else:
        return
    what = f"the trait bound `{show(inner)}: {trait}` is not satisfied"
    err = checker.fail(e.operand.pos, rejects(what, "E0277"))
    err.label = "unsatisfied trait bound"
    err.end = getattr(e.operand, "cast_end", None)
    raise err


def compiled(e: Any, operand: Any) -> Any:
    """The code of the cast `e` to a trait object (the operand's own `operand`), or None."""
    return operand if is_dyn(e.target) else None
