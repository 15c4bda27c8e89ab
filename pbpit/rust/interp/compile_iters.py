"""Compiling `sum` or `product` of numbers, rounded as Rust's (the rows of `iter_methods.py`
call it: it needs the compiler's arithmetic)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iterators
from pbpit.rust.interp.nodes import (
    Method,
)
from pbpit.rust.interp.runtime import (
    Code,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    resolve,
)


class IteratorCompiler:
    """Iterator methods (a part of `Compiler`)."""

    def accumulate(self, e: Method, name: str, recv: Code) -> Code:
        """`sum()`/`product()` as core's `Sum`/`Product` for numbers: floats start at -0.0 (or
        1), rounding each step; integers panic on overflow inside core's library."""
        ty = resolve(e.ty)
        op = "+" if name == "sum" else "*"
        if ty.name in FLOAT_NAMES:  # type: ignore[attr-defined]
            combine = self.arithmetic(op, ty, e.pos)
            start: Any = -0.0 if name == "sum" else 1.0

            def floats(frame: list) -> Any:
                acc = start
                for item in iterators.lazy(recv(frame)):
                    acc = combine(acc, item)
                return acc

            return floats
        lo, hi = INT_RANGES[ty.name]  # type: ignore[attr-defined]
        from pbpit.rust.interp.core_panics import core_panic

        def ints(frame: list) -> Any:
            acc = 0 if name == "sum" else 1
            for item in iterators.lazy(recv(frame)):
                acc = acc + item if name == "sum" else acc * item
                if acc < lo or acc > hi:
                    raise core_panic("Sum::sum" if name == "sum" else "Product::product")
            return acc

        return ints
