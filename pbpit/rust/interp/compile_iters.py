"""Compiling iterator methods the compiler runs itself (`step_by`, `for_each`, `fold`) and `sum`
or `product` of numbers, rounded as Rust's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp import iterators
from pbpit.rust.interp.nodes import (
    Method,
    Unsupported,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    Code,
    clone_value,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    resolve,
)


class IteratorCompiler:
    """Iterator methods (a part of `Compiler`)."""

    # -- iterator chains (iterators.py): adapters stay lazy, consumers pull ----------------------

    def m_Iter(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        where = self.where(e.pos)
        if name == "rev":
            return lambda frame: iterators.reversed_(recv(frame), where)
        if name == "step_by":
            (step,) = args
            on_sequence = super().m_Range

            def step_by(frame: list) -> Any:
                items, n = recv(frame), step(frame)
                if type(items) is iterators.Lazy and n:
                    return iterators.stepped(items, n)
                return on_sequence(e, name, lambda _: items, [lambda _: n])(frame)

            return step_by
        adapters: dict[str, Callable[..., Any]] = {
            "map": iterators.mapped, "filter": iterators.filtered,
            "enumerate": iterators.enumerated, "zip": iterators.zipped,
            "position": iterators.position, "reduce": iterators.reduce,
        }
        if name in ("position", "any", "all"):  # `&mut self`: a variable's items pulled are gone
            recv = iterators.advancing(self, e, recv)
        if name in ("map", "filter", "enumerate", "zip", "position", "reduce"):
            adapter = adapters[name]
            return lambda frame: adapter(recv(frame), *[a(frame) for a in args])
        if name in ("any", "all"):
            (test,) = args
            pick = any if name == "any" else all
            return lambda frame: pick(map(test(frame), iterators.lazy(recv(frame))))
        if name == "for_each":
            (function,) = args

            def for_each(frame: list) -> Any:
                f = function(frame)
                for item in iterators.lazy(recv(frame)):
                    f(item)
                return UNIT

            return for_each
        if name in ("skip", "take"):
            (n,) = args
            return lambda frame: iterators.sliced(recv(frame), name, n(frame))
        if name in ("cloned", "copied"):
            return lambda frame: iterators.mapped(recv(frame), clone_value)
        if name == "count":
            return lambda frame: iterators.count(recv(frame))
        if name == "len":
            return lambda frame: iterators.length(recv(frame))
        if name == "last":
            return lambda frame: iterators.last(recv(frame))
        if name == "collect":
            return lambda frame: list(iterators.lazy(recv(frame)))
        if name == "fold":
            init, function = args

            def fold(frame: list) -> Any:
                acc, f = init(frame), function(frame)
                for item in iterators.lazy(recv(frame)):
                    acc = f(acc, item)
                return acc

            return fold
        if name in ("sum", "product"):
            return self.accumulate(e, name, recv)
        raise self.fail(e.pos, f"the method `{name}`")

    # -- iterators.py's methods: `next`, `peekable`, `chain`, `windows`, `max_by`... -----------

    m_Range = m_Iter  # noqa: N815 - `(0..n).map(..)`: a range is an iterator

    def m_iterators(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        return iterators.compile_method(self, e, name, recv, args)

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
        where = self.where(e.pos)
        what = "add" if name == "sum" else "multiply"

        def ints(frame: list) -> Any:
            acc = 0 if name == "sum" else 1
            for item in iterators.lazy(recv(frame)):
                acc = acc + item if name == "sum" else acc * item
                if acc < lo or acc > hi:
                    raise Unsupported(
                        where,
                        f"`{name}` panics here (attempt to {what} with overflow) inside Rust's "
                        "core library, at a location that depends on the Rust toolchain",
                    )
            return acc

        return ints
