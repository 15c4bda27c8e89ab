"""More of `str`'s methods, a row each (`builtins.Builtin`), spread into `std_methods.STR_METHODS`:
`parse::<T>()` of a number (a `Result<T, ParseIntError>` or `Result<T, ParseFloatError>`),
`trim`, `trim_start`, `trim_end`, `to_uppercase`, `to_lowercase`, `to_ascii_uppercase`,
`to_ascii_lowercase`, `lines`, `repeat`, `bytes`, `as_bytes`.

`parse` reads the text as core does (`core::num`'s `from_str_radix` for integers: an optional
`+` (`-` for a signed type), decimal digits, the first bad digit or the first overflow deciding
the error; `dec2flt` for floats: an optional sign, digits with an optional `.` and exponent, or
`inf`/`infinity`/`nan` in any case, rounded once to the nearest f32 or f64); its errors print
as core's (`ParseIntError { kind: InvalidDigit }`, `invalid digit found in string`). The case
conversions of a text with other than ASCII letters are refused when met (Rust's follow its own
Unicode version); `trim` takes off what Rust's `char::is_whitespace` calls whitespace.
"""

from __future__ import annotations

import math
import re
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.growth import pulled
from pbpit.rust.interp.string_edits import STRING_EDITS
from pbpit.rust.interp.types import (
    DYN_ERROR,
    FLOAT_NAMES,
    INT_RANGES,
    NAMED,
    STR,
    STRING,
    Named,
    Ty,
    Var,
    Wrap,
    dyn_result,
    resolve,
    show,
)

PARSE_INT_ERROR = Named("ParseIntError")
PARSE_FLOAT_ERROR = Named("ParseFloatError")

_MESSAGES = {
    ("ParseIntError", "Empty"): "cannot parse integer from empty string",
    ("ParseIntError", "InvalidDigit"): "invalid digit found in string",
    ("ParseIntError", "PosOverflow"): "number too large to fit in target type",
    ("ParseIntError", "NegOverflow"): "number too small to fit in target type",
    ("ParseFloatError", "Empty"): "cannot parse float from empty string",
    ("ParseFloatError", "Invalid"): "invalid float literal",
}


class ParseError:
    """A `ParseIntError` or a `ParseFloatError` (`type_name`), of its `kind`."""

    __slots__ = ("type_name", "kind")

    def __init__(self, type_name: str, kind: str) -> None:
        self.type_name = type_name
        self.kind = kind

    def __eq__(self, other: object) -> bool:
        return type(other) is ParseError and (self.type_name, self.kind) == (
            other.type_name,
            other.kind,
        )

    def __hash__(self) -> int:
        return hash((self.type_name, self.kind))


def formatter(name: str, debug: bool, pretty: bool, pad: Any) -> Any:
    """`{}`, `{:?}`, `{:#?}` of a parse error (`format.py` asks for these types' names)."""
    if not debug:
        return lambda error: pad(_MESSAGES[(error.type_name, error.kind)])
    if pretty:
        return lambda error: f"{error.type_name} {{\n    kind: {error.kind},\n}}"
    return lambda error: f"{error.type_name} {{ kind: {error.kind} }}"


def parse_error_type(source: Any, name: str, bare: bool) -> Ty | None:
    """The type `ParseIntError` or `ParseFloatError` written as a path (`std::num::..`) or
    brought in by a `use` (`bare`); None for another name."""
    found = {"ParseIntError": PARSE_INT_ERROR, "ParseFloatError": PARSE_FLOAT_ERROR}.get(name)
    if found is None or not bare:
        return found
    used = any(
        "num" in line and name in line
        for line in source.text.splitlines()
        if line.lstrip().startswith("use ")
    )
    return found if used else None


# -- reading numbers as core does ------------------------------------------------------------------


def parse_int(text: str, type_name: str) -> Any:
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    lo, hi = INT_RANGES[type_name]
    if not text:
        return Err(ParseError("ParseIntError", "Empty"))
    negative = text[0] == "-" and lo < 0
    digits = text[1:] if text[0] == "+" or negative else text
    if not digits:
        return Err(ParseError("ParseIntError", "InvalidDigit"))
    value = 0
    for char in digits:
        if not ("0" <= char <= "9"):
            return Err(ParseError("ParseIntError", "InvalidDigit"))
        value = value * 10 + (ord(char) - 48)
        if negative and -value < lo:
            return Err(ParseError("ParseIntError", "NegOverflow"))
        if not negative and value > hi:
            return Err(ParseError("ParseIntError", "PosOverflow"))
    return Ok(-value if negative else value)


_DECIMAL = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
_SPECIAL = {"inf": math.inf, "infinity": math.inf, "nan": math.nan}


def parse_float(text: str, type_name: str) -> Any:
    from pbpit.rust.interp.numbers import literal
    from pbpit.rust.interp.results import Err
    from pbpit.rust.interp.runtime import Ok  # (runtime imports the nodes)

    if not text:
        return Err(ParseError("ParseFloatError", "Empty"))
    sign = -1.0 if text[0] == "-" else 1.0
    body = text[1:] if text[0] in "+-" else text
    if body.lower() in _SPECIAL:
        return Ok(math.copysign(_SPECIAL[body.lower()], sign))
    if not _DECIMAL.fullmatch(body):
        return Err(ParseError("ParseFloatError", "Invalid"))
    return Ok(math.copysign(literal(body, type_name), sign))


# -- rows -----------------------------------------------------------------------------------------


def _parse_type(ck: Any, e: Any, recv: Ty) -> Ty:
    if len(e.targs) > 1:
        raise ck.fail(e.pos, "`parse` takes one type argument")
    ck.args(e)
    target = e.targs[0] if e.targs else Var()
    error: Ty = Var()
    made = dyn_result(target, error)

    def settle() -> None:  # the number read, once the body's types are known
        found = resolve(target)
        if type(found) is Var and found.kind is None:  # nothing says what is read
            what = "type annotations needed (rustc rejects it: error[E0284])"
            raise ck.fail(e.pos, what)
        if type(found) is Var:  # `parse().unwrap_or(0)`: `{integer}`'s fallback, `i32`
            ck.unify(NAMED["i32" if found.kind == "int" else "f64"], found, e.pos)
            found = resolve(target)
        name = getattr(found, "name", None)
        if type(found) is Named and name in INT_RANGES:
            ck.unify(PARSE_INT_ERROR, error, e.pos)
        elif type(found) is Named and name in FLOAT_NAMES:
            ck.unify(PARSE_FLOAT_ERROR, error, e.pos)
        else:
            raise ck.fail(e.pos, f"`parse::<{show(found)}>()` (pbpit parses numbers)")

    found = resolve(target)
    if type(found) is Named:
        settle()
    else:
        ck.settle_later.append(settle)
    return made


def _parse(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    name = resolve(e.ty).inner.name  # type: ignore[attr-defined]
    read = parse_int if name in INT_RANGES else parse_float
    return lambda frame: read(recv(frame), name)


# `char::is_whitespace`: Unicode's White_Space property
_WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
_WHITESPACE += "\u2028\u2029\u202f\u205f\u3000"


def _trim(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    strip = {"trim": str.strip, "trim_start": str.lstrip, "trim_end": str.rstrip}[e.name]
    return lambda frame: strip(recv(frame), _WHITESPACE)


def _case(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import Unsupported  # (runtime imports the nodes)

    upper, where, name = "upper" in e.name, comp.where(e.pos), e.name
    ascii_only = "ascii" in name

    def case(frame: list) -> Any:
        text = recv(frame)
        if text.isascii():
            return text.upper() if upper else text.lower()
        if ascii_only:
            return "".join((c.upper() if upper else c.lower()) if c.isascii() else c for c in text)
        what = f"`{name}` of a text with other than ASCII characters (Rust's case mapping "
        raise Unsupported(where, what + "follows its own Unicode version)")

    return case


def _split_whitespace(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: [w for w in re.split(_SPACES, recv(frame)) if w]


_SPACES = "[" + re.escape(_WHITESPACE) + "]+"


def _lines(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: lines(recv(frame))


def lines(text: str) -> list[str]:
    """`str::lines`: the pieces ending at each `\\n`, without it (and a `\\r` before it; a
    lone `\\r` stays), and the text after the last `\\n` if it is not empty."""
    *ended, last = text.split("\n")
    found = [line[:-1] if line.endswith("\r") else line for line in ended]
    return [*found, last] if last else found


def _bytes(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: list(recv(frame).encode("utf-8"))


def _as_bytes_type(ck: Any, e: Any, recv: Ty) -> Ty:
    from pbpit.rust.interp.slices import slice_of  # (slices imports the rows)

    ck.args(e)
    return slice_of(NAMED["u8"])


def _repeat(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import check_allocation  # (runtime imports the nodes)

    (count,), where = args, comp.where(e.pos)

    def repeat(frame: list) -> str:
        text, n = recv(frame), count(frame)
        if text:  # Rust's `capacity overflow` or allocation failure past what pbpit holds
            check_allocation(len(text.encode("utf-8")) * n, where, "`str::repeat`")
        return text * n

    return repeat

def _into_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`"text".into()`: a `String` (`From<&str> for String`) or a `Box<dyn Error>`, as what it
    meets decides (a field's, a parameter's or the result's type); checked when compiled."""
    ck.args(e)
    return Var()


def _into(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.results import BoxedError  # (results imports this module)

    target = resolve(e.ty)
    if target is STRING:
        return recv
    if target is DYN_ERROR:
        return lambda frame: BoxedError(recv(frame))
    if type(target) is Var:
        raise comp.fail(e.pos, "type annotations needed for the `.into()` of a text")
    what = f"`.into()` of a text into `{show(target)}` (a `String` or a `Box<dyn Error>`)"
    raise comp.fail(e.pos, what)


def _extend_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`s.extend(it)`: `String: Extend<char>` (and `Extend<&str>`, `Extend<String>`)."""
    from pbpit.rust.interp.types import CHAR, UNIT

    ck.mutable_receiver(e)
    ck.arity(e, 1)
    given = resolve(ck.expr(e.args[0]))
    inner = resolve(given.inner) if type(given) is Wrap else None
    if type(given) is not Wrap or given.kind not in ("Iter", "Vec", "array") or inner not in (
        CHAR,
        STR,
        STRING,
    ):
        raise ck.fail(e.args[0].pos, f"`String::extend` of `{show(given)}`")
    return UNIT


def _extend(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.types import UNIT

    update, (arg,) = comp.element_updater(e.recv), args  # (as `push_str`: std_methods.py)
    where = comp.where(e.pos)

    def extend(frame: list) -> Any:
        def grown(text: str) -> str:
            return text + "".join(pulled(arg(frame), where, "a `String` extended", len(text)))

        update(frame, grown)
        return UNIT

    return extend


STR_MORE = (
    Builtin(
        "str", "extend", None, "()", _extend, _extend_type, receivers=frozenset(("String",)),
        mutates=True,
    ),
    Builtin("str", "into", None, "", _into, _into_type),
    Builtin(
        "str", "split_whitespace", None, "", _split_whitespace,
        lambda ck, e, recv: ck.args(e) and None or Wrap("Iter", STR),
    ),
    Builtin("str", "parse", None, "", _parse, _parse_type),
    Builtin(
        "str", "lines", None, "", _lines,
        lambda ck, e, recv: ck.args(e) and None or Wrap("Iter", STR),
    ),
    Builtin("str", "repeat", ("usize",), "String", _repeat),
    Builtin(  # its UTF-8 bytes: an iterator of `u8`s, or a `&[u8]`
        "str", "bytes", None, "", _bytes, lambda ck, e, recv: ck.args(e) and None or Wrap(
            "Iter", NAMED["u8"]
        ),
    ),
    Builtin("str", "as_bytes", None, "", _bytes, _as_bytes_type),
    *(Builtin("str", n, (), "str", _trim) for n in ("trim", "trim_start", "trim_end")),
    *(
        Builtin("str", n, (), "String", _case)
        for n in ("to_uppercase", "to_lowercase", "to_ascii_uppercase", "to_ascii_lowercase")
    ),
    *STRING_EDITS,  # `pop`, `insert`, `truncate`, `to_owned` (string_edits.py)
)


def accepts_targs(recv: Ty, name: str) -> bool:
    """Whether `recv.name::<T>()` is one of these (`s.parse::<f32>()`)."""
    return name == "parse" and resolve(recv) in (STR, STRING)
