"""A reference given where a function takes a bare type parameter by value (`fn id<T>(t: T)`
called `id(&s)`): `T` is then `&String`, which rustc accepts as far as the bounds allow.

pbpit erases references, so such a call runs with `T` the value's type; what rustc decides from
`T` being a reference is judged here from the syntax:
- a bound no `&X` implements (`Default`, `Into<f64>`, `AddAssign`: E0277; `Add<Output = T>`:
  rustc's E0271, `&X + &X` gives an `X`), and a trait of the file's (E0277, `check.c_Call`);
- another argument for the same `T` certainly a value (`big(&x, y)`: E0308);
- the call's result, `T` or `Option<T>`, is then a reference (`ref_results.shape`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import ParamT, resolve, show

# std's traits that `&X` implements when `X` does (the rest of what pbpit reads as std bounds
# does not hold of a reference: `Default`, `Into<..>`, the operators and their `..Assign`).
_HELD_BY_REFERENCES = frozenset(
    ("Debug", "Display", "Clone", "Copy", "PartialEq", "PartialOrd", "Eq", "Ord", "Hash", "Sized")
)
_WITH_OUTPUT = frozenset(("Add", "Sub", "Mul", "Div", "Rem", "Neg"))


def bare_param(fn: Any, index: int) -> ParamT | None:
    """The type parameter parameter `index` of `fn` is written as, bare (`t: T`), or None."""
    from pbpit.rust.interp import value_slots

    if index >= len(fn.param_tys):
        return None
    wanted = resolve(fn.param_tys[index])
    written = value_slots.written_params(fn)
    node = written[index] if index < len(written) else None
    if type(wanted) is not ParamT or node is None or node.type != "type_identifier":
        return None
    return wanted if node.text.decode() == wanted.name else None


def lent(checker: Any, fn: Any, index: int, arg: Any) -> bool:
    """Whether `arg`, a `&x`, is given to a bare type parameter of `fn` (`id(&s)`): allowed
    (True), unless a bound of the parameter does not hold of a reference (refused)."""
    param = bare_param(fn, index)
    if param is None or not arg.borrowed:
        return False
    given = ("&mut " if arg.mut_borrow else "&") + show(resolve(arg.ty))
    for bound in getattr(param, "std", None) or {}:
        if bound in _HELD_BY_REFERENCES:
            continue
        where = arg.borrow_pos or arg.pos
        if bound in _WITH_OUTPUT:
            what = f"type mismatch resolving `<{given} as {bound}>::Output == {given}`"
            raise checker.fail(where, rejects(what, "E0271"))
        what = f"the trait bound `{given}: {bound}` is not satisfied"
        err = checker.fail(where, rejects(what, "E0277"))
        err.label = f"the trait `{bound}` is not implemented for `{given}`"
        raise err
    return True


def refuse_mixed(checker: Any, fn: Any, args: list) -> None:
    """rustc's E0308 for two arguments of one bare type parameter, one a `&x`, the other
    certainly a value (`big(&x, y)` of `fn big<T>(a: T, b: T)`)."""
    seen: dict[str, Any] = {}
    for index, arg in enumerate(args):
        param = bare_param(fn, index)
        if param is None:
            continue
        borrowed = bool(arg.borrowed)
        if not borrowed and not checker.owned(arg):
            continue  # (a variable that may hold a reference: pbpit cannot tell)
        first = seen.setdefault(param.name, (borrowed, arg))
        if first[0] == borrowed:
            continue
        ty = show(resolve(arg.ty))
        if borrowed:
            what = f"mismatched types: expected `{ty}`, found `&{ty}`"
        else:
            what = f"mismatched types: expected `&{ty}`, found `{ty}`"
        raise checker.fail(arg.borrow_pos or arg.pos, what)


def gives_reference(call: Any) -> str | None:
    """`"ref"` when the call's result is `T` of a bare type parameter given a `&x`, "option_ref"
    for `Option<T>`; else None."""
    fn = getattr(call, "callee", None)
    node = getattr(fn, "node", None)
    written = node.child_by_field_name("return_type") if node is not None else None
    if written is None:
        return None
    text = written.text.decode().replace(" ", "")
    for index, arg in enumerate(getattr(call, "args", [])):
        param = bare_param(fn, index)
        if param is None or not arg.borrowed or arg.mut_borrow:
            continue
        if text == param.name:
            return "ref"
        if text == f"Option<{param.name}>":
            return "option_ref"
    return None
