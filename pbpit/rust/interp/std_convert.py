"""std's conversions between numbers and chars called by a path, a row each
(`builtins.Function`), spread into `std_functions.FUNCTIONS`:

- `i32::try_from(x)` (each integer type): `TryFrom` between integers, `Ok(x)` when `x` is in
  the target's range, else `Err(TryFromIntError(()))` (its `Display`: core's "out of range
  integral type conversion attempted");
- `f64::from(x)`, `u64::from(x)`.. : the lossless `From` impls of std between numbers (the
  sources of `std_generics._INTO`), a number's from a `bool`, `u32`/`u64` from a `char`;
- `char::from(b)`: a `char` from a `u8` (std's only `From<integer> for char`).

An integer literal given to one of them is an `i32`, as rustc's fallback makes it.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import references
from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    I32,
    INT_RANGES,
    NAMED,
    Named,
    Ty,
    Var,
    dyn_result,
    resolve,
    show,
)

TRY_FROM_INT_ERROR = Named("TryFromIntError")
_LOSSLESS = {  # std's `From<source> for target` between numbers, by target
    "f64": ("f64", "f32", "i8", "i16", "i32", "u8", "u16", "u32"),
    "f32": ("f32", "i8", "i16", "u8", "u16"),
    "i128": ("i128", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"),
    "i64": ("i64", "i8", "i16", "i32", "u8", "u16", "u32"),
    "i32": ("i32", "i8", "i16", "u8", "u16"),
    "i16": ("i16", "i8", "u8"),
    "i8": ("i8",),
    "u128": ("u128", "u8", "u16", "u32", "u64"),
    "u64": ("u64", "u8", "u16", "u32"),
    "u32": ("u32", "u8", "u16"),
    "u16": ("u16", "u8"),
    "u8": ("u8",),
    "usize": ("usize", "u8", "u16"),
    "isize": ("isize", "i8", "i16", "u8"),
}


class TryFromIntError:
    """core's `TryFromIntError(())`: every one is equal to every other."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is TryFromIntError

    def __hash__(self) -> int:
        return 0


def formatter(debug: bool, pretty: bool, pad: Any) -> Any:
    """`{}`, `{:?}`, `{:#?}` of a `TryFromIntError` (format.py asks for it by its name)."""
    if not debug:
        return lambda error: pad("out of range integral type conversion attempted")
    if pretty:
        return lambda error: "TryFromIntError(\n    (),\n)"
    return lambda error: "TryFromIntError(())"


def _source(ck: Any, e: Any, integer: Ty = I32) -> Ty:
    """The argument's type, an integer literal's `integer` (`i32`: rustc's fallback)."""
    ck.arity(e, 1)
    arg = e.args[0]
    found = resolve(ck.expr(arg))
    if type(found) is Var and found.kind == "int":
        ck.unify(integer, found, arg.pos)
        found = integer
    if type(found) is Var and found.kind == "float":
        ck.unify(NAMED["f64"], found, arg.pos)
        found = NAMED["f64"]
    return found


def _unsatisfied(ck: Any, e: Any, trait: str, found: Ty) -> Exception:
    target = e.name.split("::")[0]
    source = show(found)
    if references.certainly_reference(e.args[0]):  # `i32::try_from(&big)`: no impl for `&i64`
        source = "&" + source
    what = f"the trait bound `{target}: {trait}<{source}>` is not satisfied"
    return ck.fail(e.args[0].pos, rejects(what, "E0277"))


def _try_from_type(target: str) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        found = _source(ck, e)
        if found in (BOOL, CHAR):  # `u8::try_from(c)`: a `TryFromCharError`, or infallible
            raise ck.fail(e.args[0].pos, f"`{target}::try_from` of a `{show(found)}`")
        borrowed = references.certainly_reference(e.args[0])  # `usize::try_from(&x)`
        if getattr(found, "name", None) not in INT_RANGES or borrowed:
            raise _unsatisfied(ck, e, "TryFrom", found)
        return dyn_result(NAMED[target], TRY_FROM_INT_ERROR)

    return check


def _try_from(target: str) -> Any:
    lo, hi = INT_RANGES[target]

    def compile_(comp: Any, e: Any, args: list[Code]) -> Code:
        from pbpit.rust.interp.results import Err  # (results imports the runtime)
        from pbpit.rust.interp.runtime import Ok

        (value,) = args

        def try_from(frame: list) -> Any:
            x = value(frame)
            return Ok(x) if lo <= x <= hi else Err(TryFromIntError())

        return try_from

    return compile_


def _from_type(target: str) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        # `char::from(2)`: `From<u8>` is its one impl of an integer, so the literal is a `u8`
        found = _source(ck, e, NAMED["u8"] if target == "char" else I32)
        name = getattr(found, "name", None) if type(found) is Named else None
        ok = name in _LOSSLESS.get(target, ()) or (
            (found is BOOL and (target in INT_RANGES or target in ("f32", "f64")))
            or (found is CHAR and target in ("u32", "u64", "u128", "char"))
            or (target == "char" and name == "u8")
        )
        if not ok or references.certainly_reference(e.args[0]):  # `f64::from(&b)`
            raise _unsatisfied(ck, e, "From", found)
        return NAMED[target]

    return check


def _from(target: str) -> Any:
    def compile_(comp: Any, e: Any, args: list[Code]) -> Code:
        (value,) = args
        found = resolve(e.args[0].ty)
        if target == "char" and found is not CHAR:
            return lambda frame: chr(value(frame))
        if found is CHAR and target != "char":
            return lambda frame: ord(value(frame))
        if target in ("f32", "f64"):  # (`f64::from(true)` is 1.0)
            return lambda frame: float(value(frame))
        if found is BOOL:
            return lambda frame: int(value(frame))
        return value

    return compile_


FUNCTIONS = [
    *(Function(t, "try_from", 1, _try_from_type(t), _try_from(t)) for t in INT_RANGES),
    *(Function(t, "from", 1, _from_type(t), _from(t)) for t in _LOSSLESS),
    Function("char", "from", 1, _from_type("char"), _from("char")),
]
