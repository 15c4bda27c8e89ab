"""std's conversions between numbers and chars called by a path, a row each
(`builtins.Function`), spread into `std_functions.FUNCTIONS`:

- `i32::try_from(x)` (each integer type): `TryFrom` between integers, `Ok(x)` when `x` is in
  the target's range, else `Err(TryFromIntError(()))` (its `Display`: core's "out of range
  integral type conversion attempted");
- `f64::from(x)`, `u64::from(x)`.. : the lossless `From` impls of std between numbers (the
  sources of `std_generics._INTO`), a number's from a `bool`, `u32`/`u64` from a `char`;
- `char::from(b)`: a `char` from a `u8` (std's only `From<integer> for char`);
- `i32::from_str_radix(s, 16)` (each integer type): core's reading of digits in a radix, a
  `Result<i32, ParseIntError>`; `char::from_digit(d, radix)`, `char::from_u32(n)`: an
  `Option<char>` (core's panics for a radix past 36, at their measured locations);
- `Vec::from(x)` of an array (or a reference to one), a slice, a `Vec` (itself).

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
    STR,
    STRING,
    Named,
    Ty,
    Var,
    Wrap,
    dyn_result,
    option,
    resolve,
    show,
    vec,
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


# -- reading a number in a radix, a digit's char, a char's code -----------------------------------

U32 = NAMED["u32"]


def _radix_arg(ck: Any, arg: Any) -> None:
    ck.unify(U32, ck.expr(arg), arg.pos)
    references.refuse_borrowed_value(ck, arg, U32)  # `from_digit(d, &radix)`: E0308


def _from_str_radix_type(target: str) -> Any:
    def check(ck: Any, e: Any) -> Ty:
        from pbpit.rust.interp.str_methods import PARSE_INT_ERROR

        ck.arity(e, 2)
        from pbpit.rust.interp.string_edits import refuse_str_value

        text = resolve(ck.expr(e.args[0]))
        if text in (STR, STRING):  # `from_str_radix(s, 16)` of a `String`, of `t[0..2]`: E0308
            refuse_str_value(ck, e.args[0])
        else:
            ck.unify(STR, text, e.args[0].pos)
        _radix_arg(ck, e.args[1])
        return dyn_result(NAMED[target], PARSE_INT_ERROR)

    return check


def read_radix(text: str, target: str, radix: int) -> Any:
    """core's `from_str_radix` (radix 2 to 36): an optional sign (`-` of a signed type only),
    then digits, each `char::to_digit(radix)`; `Ok(n)`, or `Err` of its `ParseIntError`."""
    from pbpit.rust.interp.char_methods import digit_value
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)
    from pbpit.rust.interp.str_methods import ParseError

    lo, hi = INT_RANGES[target]
    if not text:
        return Err(ParseError("ParseIntError", "Empty"))
    if text in ("+", "-"):
        return Err(ParseError("ParseIntError", "InvalidDigit"))
    negative = text[0] == "-" and lo < 0
    digits = text[1:] if text[0] == "+" or negative else text
    value = 0
    for char in digits:
        digit = digit_value(char, radix) if char.isascii() else None
        if digit is None:
            return Err(ParseError("ParseIntError", "InvalidDigit"))
        value = value * radix + digit
        if negative and -value < lo:
            return Err(ParseError("ParseIntError", "NegOverflow"))
        if not negative and value > hi:
            return Err(ParseError("ParseIntError", "PosOverflow"))
    return Ok(-value if negative else value)


def _from_str_radix(target: str) -> Any:
    signed = INT_RANGES[target][0] < 0

    def compile_(comp: Any, e: Any, args: list[Code]) -> Code:
        from pbpit.rust.interp.core_panics import core_panic

        text, radix = args
        where = "int::from_str_radix " + ("signed" if signed else "unsigned")

        def from_str_radix(frame: list) -> Any:
            read, base = text(frame), radix(frame)
            if not 2 <= base <= 36:
                raise core_panic(where, radix=base)
            return read_radix(read, target, base)

        return from_str_radix

    return compile_


def _from_digit_type(ck: Any, e: Any) -> Ty:
    ck.arity(e, 2)
    for arg in e.args:
        _radix_arg(ck, arg)
    return option(CHAR)


def _from_digit(comp: Any, e: Any, args: list[Code]) -> Code:
    """core's `char::from_digit`: a radix past 36 panics; a digit under the radix is its char
    (`a`.. past 9), another None."""
    from pbpit.rust.format import Some
    from pbpit.rust.interp.core_panics import core_panic

    number, radix = args

    def from_digit(frame: list) -> Any:
        n, base = number(frame), radix(frame)
        if base > 36:
            raise core_panic("char::from_digit")
        if n >= base:
            return None
        return Some(chr(48 + n) if n < 10 else chr(87 + n))

    return from_digit


def _from_u32_type(ck: Any, e: Any) -> Ty:
    ck.arity(e, 1)
    _radix_arg(ck, e.args[0])
    return option(CHAR)


def _from_u32(comp: Any, e: Any, args: list[Code]) -> Code:
    """`char::from_u32`: None for a surrogate (`0xD800..=0xDFFF`) or past `0x10FFFF`."""
    from pbpit.rust.format import Some

    (code,) = args

    def from_u32(frame: list) -> Any:
        n = code(frame)
        return None if n > 0x10FFFF or 0xD800 <= n <= 0xDFFF else Some(chr(n))

    return from_u32


# -- `Vec::from` ----------------------------------------------------------------------------------


def _vec_from_type(ck: Any, e: Any) -> Ty:
    """`Vec::from([1, 2])`, `Vec::from(&arr)`, `Vec::from(&v[1..])`, `Vec::from(v)`: std's
    `From<[T; N]>`, `From<&[T; N]>`, `From<&[T]>` (cloning) and `From<T> for T`; a `&Vec<T>`
    has none (rustc's E0277)."""
    from pbpit.rust.interp import slices

    ck.arity(e, 1)
    arg = e.args[0]
    found = resolve(ck.expr(arg))
    if type(found) is not Wrap or found.kind not in ("Vec", "array"):
        raise ck.fail(e.pos, f"`Vec::from` of `{show(found)}`")
    if found.kind == "Vec" and not slices.is_slice(found) and references.certainly_reference(arg):
        what = f"the trait bound `Vec<_, _>: From<&{show(found)}>` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    return vec(found.inner)


def _vec_from(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    (value,) = args
    return lambda frame: [clone_value(x) for x in value(frame)]


FUNCTIONS = [
    *(
        Function(t, "from_str_radix", 2, _from_str_radix_type(t), _from_str_radix(t))
        for t in INT_RANGES
    ),
    Function("char", "from_digit", 2, _from_digit_type, _from_digit),
    Function("char", "from_u32", 1, _from_u32_type, _from_u32),
    Function("Vec", "from", 1, _vec_from_type, _vec_from),
    *(Function(t, "try_from", 1, _try_from_type(t), _try_from(t)) for t in INT_RANGES),
    *(Function(t, "from", 1, _from_type(t), _from(t)) for t in _LOSSLESS),
    Function("char", "from", 1, _from_type("char"), _from("char")),
]
