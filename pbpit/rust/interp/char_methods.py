"""`char`'s methods, a row each (`builtins.Builtin`): the ASCII predicates and conversions
(`is_ascii_digit`, `to_ascii_uppercase`..), `is_whitespace` (Unicode's White_Space, a fixed
list), `to_digit`, `is_digit`, `len_utf8`, `to_uppercase`/`to_lowercase` (an iterator); and
`str`'s methods that deal in chars, spread into `std_methods.STR_METHODS`: `String::push`,
`chars` and `char_indices` (byte offsets).

A char is held as a Python str of one code point. The predicates whose answer for other than
ASCII comes from Rust's Unicode tables (`is_alphabetic`, `is_numeric`, `is_uppercase`..) are
exact on ASCII and refused when met with another char (Rust's follow its own Unicode version).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code, rows
from pbpit.rust.interp.str_methods import _WHITESPACE
from pbpit.rust.interp.types import CHAR, NAMED, UNIT, USIZE, TupleT, Ty, Wrap, option

U32 = NAMED["u32"]

_ASCII_TESTS = {
    "is_ascii": lambda c: c.isascii(),
    "is_ascii_digit": lambda c: "0" <= c <= "9",
    "is_ascii_hexdigit": lambda c: c in "0123456789abcdefABCDEF",
    "is_ascii_alphabetic": lambda c: c.isascii() and c.isalpha(),
    "is_ascii_alphanumeric": lambda c: c.isascii() and c.isalnum(),
    "is_ascii_uppercase": lambda c: "A" <= c <= "Z",
    "is_ascii_lowercase": lambda c: "a" <= c <= "z",
    "is_ascii_punctuation": lambda c: c.isascii() and c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "is_ascii_graphic": lambda c: "!" <= c <= "~",
    "is_ascii_whitespace": lambda c: c in " \t\n\x0c\r",
    "is_ascii_control": lambda c: c < " " or c == "\x7f",
    "is_whitespace": lambda c: c in _WHITESPACE,
}
# Exact on ASCII only: elsewhere Rust's answer is its Unicode version's.
_UNICODE_TESTS = {
    "is_alphabetic": str.isalpha,
    "is_numeric": str.isdigit,
    "is_alphanumeric": str.isalnum,
    "is_uppercase": str.isupper,
    "is_lowercase": str.islower,
    "is_control": lambda c: c < " " or c == "\x7f",
}


def _test(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    if e.name in _ASCII_TESTS:
        test = _ASCII_TESTS[e.name]
        return lambda frame: test(recv(frame))
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    test, where, name = _UNICODE_TESTS[e.name], comp.where(e.pos), e.name

    def unicode_test(frame: list) -> Any:
        c = recv(frame)
        if not c.isascii():
            what = f"`char::{name}` of {c!r} (Rust's answer follows its own Unicode version)"
            raise Unsupported(where, what)
        return test(c)

    return unicode_test


def digit_value(c: str, radix: int) -> int | None:
    """`char::to_digit`: the digit's value in `radix` (2 to 36), None if it is none."""
    if "0" <= c <= "9":
        value = ord(c) - 48
    elif "a" <= c.lower() <= "z" and c.isascii():
        value = ord(c.lower()) - 87
    else:
        return None
    return value if value < radix else None


def _radix(comp: Any, e: Any, recv: Code, args: list[Code], found: Any) -> Code:
    from pbpit.rust.interp.core_panics import core_panic

    (radix,) = args

    def digit(frame: list) -> Any:
        base = radix(frame)
        if not 2 <= base <= 36:
            raise core_panic("char::to_digit")  # `is_digit` calls `to_digit`
        return found(digit_value(recv(frame), base))

    return digit


def _to_digit(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return _radix(comp, e, recv, args, lambda d: None if d is None else Some(d))


def _is_digit(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return _radix(comp, e, recv, args, lambda d: d is not None)


def _to_digit_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.value_args(e, U32)  # `to_digit(&radix)`: rustc's E0308
    return option(U32)


def _ascii_case(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    upper = e.name == "to_ascii_uppercase"
    return lambda frame: (c.upper() if upper else c.lower()) if (c := recv(frame)).isascii() else c


def _case(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`to_uppercase()`, `to_lowercase()`: an iterator of the char's case mapping (exact on
    ASCII; another char refused when met: Rust's mapping follows its own Unicode version)."""
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    upper, where, name = e.name == "to_uppercase", comp.where(e.pos), e.name

    def case(frame: list) -> list:
        c = recv(frame)
        if not c.isascii():
            what = f"`char::{name}` of {c!r} (Rust's case mapping follows its own Unicode version)"
            raise Unsupported(where, what)
        return [c.upper() if upper else c.lower()]

    return case


def _case_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return Wrap("Iter", CHAR)


CHAR_METHODS = rows(
    "char",
    *(Builtin("char", n, (), "bool", _test) for n in (*_ASCII_TESTS, *_UNICODE_TESTS)),
    Builtin("char", "to_digit", None, "", _to_digit, _to_digit_type),
    Builtin("char", "is_digit", ("u32",), "bool", _is_digit),
    Builtin("char", "to_ascii_uppercase", (), "self", _ascii_case),
    Builtin("char", "to_ascii_lowercase", (), "self", _ascii_case),
    Builtin("char", "to_uppercase", None, "", _case, _case_type),
    Builtin("char", "to_lowercase", None, "", _case, _case_type),
    Builtin(
        "char",
        "len_utf8",
        (),
        "usize",
        lambda c, e, recv, a: lambda frame: len(recv(frame).encode("utf-8")),
    ),
)

# -- str's methods in chars ------------------------------------------------------------------------


def _push(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    # the `String` replaced in its place, as `push_str` (std_methods.py)
    update, (arg,) = comp.element_updater(e.recv), args

    def push(frame: list) -> Any:
        update(frame, lambda text: text + arg(frame))
        return UNIT

    return push


def _push_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.value_args(e, CHAR)  # `push(&c)`: rustc's E0308
    return UNIT


def _chars_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return Wrap("Iter", CHAR)


def _char_indices_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.args(e)
    return Wrap("Iter", TupleT([USIZE, CHAR]))


def _char_indices(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`char_indices()`: each char with its byte offset (UTF-8)."""

    def char_indices(frame: list) -> list:
        found, at = [], 0
        for c in recv(frame):
            found.append((at, c))
            at += len(c.encode("utf-8"))
        return found

    return char_indices


STR_CHARS = (
    Builtin(  # `&mut self`: a `let t = s.as_str();` still used after it is rustc's E0502
        "str", "push", None, "()", _push, _push_type, mutates=True, receivers=frozenset(("String",))
    ),
    Builtin(
        "str", "chars", None, "", lambda c, e, recv, a: lambda frame: list(recv(frame)), _chars_type
    ),
    Builtin("str", "char_indices", None, "", _char_indices, _char_indices_type),
)
