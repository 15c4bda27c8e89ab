"""`String`'s methods that edit it in its place (a row each, `builtins.Builtin`, spread into
`str_methods.STR_MORE`): `pop()` (the last char, or `None`), `insert(i, c)`,
`insert_str(i, s)` and `truncate(n)` at a byte offset, and `to_owned()` of a `&str` (a
`String`, as `to_string()`).

Offsets are bytes of the UTF-8 text, as Rust's: an offset inside a char (or past the end for
`insert`) panics in alloc's `assert!(self.is_char_boundary(idx))` (`new_len` for `truncate`);
both methods are `#[track_caller]` in rustc 1.95, so the panic is placed at the call's method
name (measured: tests/rust/traits21/string_insert_boundary.rs).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.format import Some
from pbpit.rust.interp.builtins import Builtin, Code
from pbpit.rust.interp.runtime import UNIT
from pbpit.rust.interp.types import CHAR, STR, STRING, USIZE, Ty, Var, option, resolve, show
from pbpit.rust.interp.types import UNIT as UNIT_TY

_STRING = frozenset(("String",))


def _pop_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.args(e)
    return option(CHAR)


def _pop(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    update, read = comp.element_updater(e.recv), comp.expr(e.recv)

    def pop(frame: list) -> Any:
        text = read(frame)
        if not text:
            return None
        update(frame, lambda t: t[:-1])
        return Some(text[-1])

    return pop


def _char_offset(text: str, at: int, site: Any, name: str) -> int:
    """The index into `text` of the byte offset `at` (a char boundary, else alloc's panic,
    `name` the parameter its `assert!` names)."""
    data = text.encode("utf-8")
    prefix = data[:at]
    try:
        chars = prefix.decode("utf-8")
    except UnicodeDecodeError:
        chars = None
    if chars is None or at > len(data):
        raise site.panic(f"assertion failed: self.is_char_boundary({name})")
    return len(chars)


def _insert_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.value_args(e, USIZE, CHAR)
    return UNIT_TY


def _insert(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    update, (at, char) = comp.element_updater(e.recv), args
    site = comp.panic_site(e.pos)

    def insert(frame: list) -> Any:
        i, c = at(frame), char(frame)

        def inserted(text: str) -> str:
            k = _char_offset(text, i, site, "idx")
            return text[:k] + c + text[k:]

        update(frame, inserted)
        return UNIT

    return insert


def refuse_str_value(ck: Any, arg: Any) -> None:
    """rustc's E0308 at `arg`, given a parameter of type `&str` (`push_str`, `insert_str`,
    `i32::from_str_radix`) but not a `&str` or a `&String`: a `String` value (`t` of `t:
    String`), a `str` slice taken by value (`t[0..2]`, unsized: `&t[0..2]` is the reference),
    another type."""
    found = resolve(arg.ty)
    if (
        found not in (STR, STRING)
        or (found is STRING and not arg.borrowed and ck.owned(arg))
        or (found is STR and getattr(arg, "unsized", False))
    ):
        raise ck.fail(arg.pos, f"mismatched types: expected `&str`, found `{show(found)}`")


def _insert_str_type(ck: Any, e: Any, recv: Ty) -> Ty:
    """`insert_str(idx, string: &str)`: a `String` given by value is rustc's E0308, as
    `push_str`'s is."""
    ck.mutable_receiver(e)
    ck.value_args(e, USIZE, Var())
    refuse_str_value(ck, e.args[1])
    return UNIT_TY


def _insert_str(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    update, (at, given) = comp.element_updater(e.recv), args
    site = comp.panic_site(e.pos)  # (`#[track_caller]`, as `insert`: measured, rustc 1.95)

    def insert_str(frame: list) -> Any:
        i, s = at(frame), given(frame)

        def inserted(text: str) -> str:
            k = _char_offset(text, i, site, "idx")
            return text[:k] + s + text[k:]

        update(frame, inserted)
        return UNIT

    return insert_str


def _truncate_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.mutable_receiver(e)
    ck.value_args(e, USIZE)
    return UNIT_TY


def _truncate(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    update, (at,) = comp.element_updater(e.recv), args
    site = comp.panic_site(e.pos)

    def truncate(frame: list) -> Any:
        n = at(frame)

        def cut(text: str) -> str:
            if n >= len(text.encode("utf-8")):
                return text  # (std: longer than the text, nothing changes)
            return text[: _char_offset(text, n, site, "new_len")]

        update(frame, cut)
        return UNIT

    return truncate


STRING_EDITS = (
    Builtin("str", "pop", None, "", _pop, _pop_type, receivers=_STRING, mutates=True),
    Builtin("str", "insert", None, "", _insert, _insert_type, receivers=_STRING, mutates=True),
    Builtin(
        "str",
        "insert_str",
        None,
        "",
        _insert_str,
        _insert_str_type,
        receivers=_STRING,
        mutates=True,
    ),
    Builtin(
        "str", "truncate", None, "", _truncate, _truncate_type, receivers=_STRING, mutates=True
    ),
    Builtin("str", "to_owned", (), "String", lambda c, e, recv, a: recv),
)
