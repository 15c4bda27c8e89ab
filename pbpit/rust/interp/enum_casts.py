"""`Label::Cat as u8`: a fieldless enum (each variant a unit) cast to an integer type is its
discriminant, the variant's index (pbpit refuses explicit `= n` discriminants), an `isize`
cast as any integer is. What rustc rejects: such an enum as a float (E0606) or a `char` (E0604);
an enum with a variant holding fields, or a struct, as a number (E0605, "non-primitive
cast")."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import references
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.numbers import cast
from pbpit.rust.interp.types import CHAR, StructT, is_float, is_int, resolve, show


def fieldless(ty: Any) -> bool:
    """Whether `ty` is an enum each of whose variants is a unit (`enum Label { Cat, Dog }`)."""
    ty = resolve(ty)
    if type(ty) is not StructT:
        return False
    item = ty.item
    return item.kind == "enum" and all(v.kind == "unit" for v in item.variants)  # type: ignore[attr-defined]


def allowed(checker: Any, e: Any) -> bool:
    """Whether the cast `e` is of a struct or enum: True for a fieldless enum cast as an
    integer type; rustc's error for another (E0606, E0604, E0605); False for another source."""
    source, target = resolve(e.operand.ty), resolve(e.target)
    if type(source) is not StructT:
        return False
    name = show(source)
    if fieldless(source):
        if references.certainly_reference(e.operand):  # `&l as u8`
            what = f"casting `&{name}` as `{show(target)}` is invalid"
            raise checker.fail(e.pos, rejects(what, "E0606"))
        if is_int(target):
            return True
        if target is CHAR:
            what, code = f"only `u8` can be cast as `char`, not `{name}`", "E0604"
        elif is_float(target):
            what, code = f"casting `{name}` as `{show(target)}` is invalid", "E0606"
        else:
            raise checker.fail(e.pos, f"casting `{name}` as `{show(target)}`")
    else:
        what = f"non-primitive cast: `{name}` as `{show(target)}`"
        err = checker.fail(e.pos, rejects(what, "E0605"))
        if type(source) is StructT and source.item.kind == "enum":  # type: ignore[attr-defined]
            err.label = (
                "an `as` expression can be used to convert enum types to numeric types only if "
                "the enum type is unit-only or field-less"
            )
        raise err
    raise checker.fail(e.pos, rejects(what, code))


def compiled(e: Any, operand: Any) -> Any:
    """The code of the cast `e` of an enum (its operand's code `operand`), or None for another
    cast."""
    if not fieldless(e.operand.ty):
        return None
    target = resolve(e.ty).name  # type: ignore[attr-defined]
    return lambda frame: cast(operand(frame).variant, "isize", target)
