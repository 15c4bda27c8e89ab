"""`v.is_sorted()` and `v.is_sorted_by_key(|x| key)` of a `Vec`, an array or a slice
(`builtins.Builtin`, spread into `std_methods`' slice rows): whether each element is `<=` the
next, as core compares them (`PartialOrd`: a NaN makes it false), or each key `<=` the next
key; the key function called once per element, in order, as core's walk reaches it (core maps
the elements lazily and compares each with the one before): the walk stops at the first key
smaller than the one before, and the keys after it are never made."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, _inner
from pbpit.rust.interp.types import BOOL, Ty


def _ordered(keys: list) -> bool:
    return all(a <= b for a, b in zip(keys, keys[1:], strict=False))


def _is_sorted_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 0)
    return BOOL


def _is_sorted(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: _ordered(list(recv(frame)))


def _by_key_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    ck.closure_arg(e.args[0], [_inner(recv)])  # `|x: &T| -> K`
    return BOOL


def _by_key(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def is_sorted_by_key(frame: list) -> Any:
        items, key = iter(recv(frame)), function(frame)
        for first in items:
            last = key(first)
            for item in items:  # each key made as the walk reaches it; stops at the first fall
                current = key(item)
                if not last <= current:
                    return False
                last = current
        return True

    return is_sorted_by_key


def sorted_rows(family: str) -> list[Builtin]:
    return [
        Builtin(family, "is_sorted", None, "bool", _is_sorted, _is_sorted_type),
        Builtin(family, "is_sorted_by_key", None, "bool", _by_key, _by_key_type),
    ]
