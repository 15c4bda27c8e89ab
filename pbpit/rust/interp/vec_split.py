"""`v.split_off(at)` of a `let mut` `Vec` (`builtins.Builtin`, spread into `std_methods.VEC`):
the elements from `at` on moved into a new `Vec`, returned, `v` keeping the first `at` (a
training set's tail split off as its validation set). An `at` past the length panics as alloc
does, at the call (`split_off` is `#[track_caller]`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code


def _split_off(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    site, (at,) = comp.panic_site(e.pos), args  # (`#[track_caller]`: the call's place)

    def split_off(frame: list) -> Any:
        items, n = recv(frame), at(frame)
        if n > len(items):
            raise site.panic(f"`at` split index (is {n}) should be <= len (is {len(items)})")
        tail = items[n:]
        del items[n:]
        return tail

    return split_off


VEC_SPLIT = (Builtin("Vec", "split_off", ("usize",), "self", _split_off, mutates=True),)
