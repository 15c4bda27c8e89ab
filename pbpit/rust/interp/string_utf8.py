"""A `String` made of bytes, as alloc defines it: `String::from_utf8(v: Vec<u8>) ->
Result<String, FromUtf8Error>` and `String::from_utf8_lossy(v: &[u8])` (a `Cow<str>`, held
as the text: it prints as a `str`; each invalid sequence one U+FFFD). The error's
`{:?}` is alloc's derived `FromUtf8Error { bytes: [..], error: Utf8Error { valid_up_to, error_len
} }`, its `{}` core's `Utf8Error` words. Where decoding stops is core's: the longest prefix of
valid UTF-8 (`valid_up_to`), then the length of the invalid sequence's maximal subpart, or
`None` when the bytes end inside a sequence (Python's decoder follows the same Unicode rule)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Code, Function
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.types import NAMED, STRING, Named, Ty, Wrap, dyn_result, resolve, show

FROM_UTF8_ERROR = Named("FromUtf8Error")


class FromUtf8Error:
    """The bytes given and where decoding failed (`error_len` None: they ended early)."""

    __slots__ = ("bytes", "valid_up_to", "error_len")

    def __init__(self, data: list[int], valid_up_to: int, error_len: int | None) -> None:
        self.bytes = data
        self.valid_up_to = valid_up_to
        self.error_len = error_len

    def __eq__(self, other: object) -> bool:
        return type(other) is FromUtf8Error and self.bytes == other.bytes

    def __hash__(self) -> int:
        return hash(tuple(self.bytes))


def decode(data: list[int]) -> str | FromUtf8Error:
    raw = bytes(data)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        ended = err.reason == "unexpected end of data"
        return FromUtf8Error(list(data), err.start, None if ended else err.end - err.start)


def _message(error: FromUtf8Error) -> str:
    if error.error_len is None:
        return f"incomplete utf-8 byte sequence from index {error.valid_up_to}"
    return f"invalid utf-8 sequence of {error.error_len} bytes from index {error.valid_up_to}"


def formatter(debug: bool, pretty: bool, pad: Any) -> Any:
    """`{}`, `{:?}`, `{:#?}` of a `FromUtf8Error` (format.py asks for it by its name)."""
    if not debug:
        return lambda error: pad(_message(error))

    def length(error: FromUtf8Error) -> str:
        return "None" if error.error_len is None else f"Some({error.error_len})"

    if not pretty:
        return lambda error: (
            f"FromUtf8Error {{ bytes: [{', '.join(map(str, error.bytes))}], error: Utf8Error "
            f"{{ valid_up_to: {error.valid_up_to}, error_len: {length(error)} }} }}"
        )

    def pretty_debug(error: FromUtf8Error) -> str:
        items = "".join(f"        {b},\n" for b in error.bytes)
        listed = f"[\n{items}    ]" if error.bytes else "[]"
        inner = "Some(\n            " + str(error.error_len) + ",\n        )"
        shown = "None" if error.error_len is None else inner
        return (
            f"FromUtf8Error {{\n    bytes: {listed},\n    error: Utf8Error {{\n"
            f"        valid_up_to: {error.valid_up_to},\n        error_len: {shown},\n"
            "    },\n}"
        )

    return pretty_debug


def _bytes_type(ck: Any, e: Any) -> Ty:
    ck.arity(e, 1)
    arg = e.args[0]
    found = resolve(ck.expr(arg))
    u8 = NAMED["u8"]
    if not (type(found) is Wrap and found.kind in ("Vec", "array")):
        what = f"mismatched types: expected `Vec<u8>`, found `{show(found)}`"
        raise ck.fail(arg.pos, rejects(what, "E0308"))
    ck.unify(u8, found.inner, arg.pos)
    lossy = e.name.endswith("_lossy")
    if not lossy and (found.kind != "Vec" or arg.borrowed):  # `from_utf8(&v)`: a `Vec` taken
        what = f"mismatched types: expected `Vec<u8>`, found `{'&' * arg.borrowed}{show(found)}`"
        raise ck.fail(arg.pos, rejects(what, "E0308"))
    if lossy and ck.owned(arg):  # `from_utf8_lossy(v)`: a `&[u8]` taken
        what = f"mismatched types: expected `&[u8]`, found `{show(found)}`"
        raise ck.fail(arg.pos, rejects(what, "E0308"))
    return STRING if lossy else dyn_result(STRING, FROM_UTF8_ERROR)


def _from_utf8(comp: Any, e: Any, args: list[Code]) -> Code:
    from pbpit.rust.interp.results import Err  # (results imports the runtime)
    from pbpit.rust.interp.runtime import Ok

    (given,) = args

    def from_utf8(frame: list) -> Any:
        made = decode(list(given(frame)))
        return Err(made) if type(made) is FromUtf8Error else Ok(made)

    return from_utf8


def _lossy(comp: Any, e: Any, args: list[Code]) -> Code:
    (given,) = args
    return lambda frame: bytes(list(given(frame))).decode("utf-8", errors="replace")


FUNCTIONS = (
    Function("String", "from_utf8", 1, _bytes_type, _from_utf8),
    Function("String", "from_utf8_lossy", 1, _bytes_type, _lossy),
)
"""`String::from_utf8`, `String::from_utf8_lossy` (spread into `std_functions`)."""
