"""The compiler's rules for traits used for dispatch: a method on a `T: Shape` or `dyn Shape`
value runs its struct's, a generic call pushes the types of its type parameters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp import iterators, results, std_generics, traits
from pbpit.rust.interp.builtins import DYN_AS_REF
from pbpit.rust.interp.nodes import (
    Call,
    Method,
    Unsupported,
)
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
)
from pbpit.rust.interp.runtime import (
    UNSET,
    Code,
)
from pbpit.rust.interp.types import (
    ParamT,
    StructT,
    Ty,
    resolve,
)

# -- traits used for dispatch: methods found at run time, type parameters' types ------------------


class DispatchCompiler:
    """The compiler's rules for traits used for dispatch (a part of `Compiler`): a method on a
    `T: Shape` or `dyn Shape` value runs the method of the value's struct; a generic call
    pushes the types it gives its type parameters, read by `T::NAME` and `T::new(..)`."""

    def init_dispatch(self: Any) -> None:
        self.type_args: list[dict[ParamT, Any]] = [{}]  # per generic call: `T` -> its struct

    def item_of(self: Any, ty: Ty) -> Callable[[], Any]:
        """The struct a call's type for `T` is: known now, or the caller's own parameter's."""
        ty = resolve(ty)
        if type(ty) is StructT:
            item = ty.item
            return lambda: item
        stack = self.type_args
        return lambda: stack[-1].get(ty)

    def generic_call(self: Any, e: Call) -> Code:
        if std_generics.is_generic(e.callee):  # `largest(&v)` of `T: PartialOrd + Copy`
            return std_generics.instance(self, e)
        mapping = [(param, self.item_of(ty)) for param, ty in e.type_args.items()]
        e.type_args = {}
        call = self.c_Call(e)
        stack = self.type_args

        def generic(frame: list) -> Any:
            types = {param: item() for param, item in mapping}
            stack.append(types)
            try:
                return call(frame)
            finally:
                stack.pop()

        return generic

    def method_cell(self: Any, item: Any, name: str) -> list:
        fn = item.methods.get(name)
        if fn is None:
            raise Unsupported(self.where((0, 0)), f"the method `{name}` of `{item.name}`")
        return self.fn_cells[fn.name]

    def dyn_method(self: Any, e: Method) -> Code:
        recv = self.expr(e.recv)
        if e.impl is DYN_AS_REF:
            return recv
        args = [self.expr(a) for a in e.args]
        name, cells = e.name, {}

        def dispatch(frame: list) -> Any:
            value = recv(frame)
            cell = cells.get(value.item)
            if cell is None:
                cell = cells[value.item] = self.method_cell(value.item, name)
            return cell[0]([value, *[a(frame) for a in args]])

        return dispatch

    def c_BoxNew(self: Any, e: traits.BoxNew) -> Code:  # noqa: N802
        if getattr(e, "boxes_error", False):  # a `Box<dyn Error>` (results.py)
            boxed, value = results.boxer(self, e.value.ty), self.expr(e.value)
            return lambda frame: boxed(value(frame))
        return self.expr(e.value)

    def c_FnRef(self: Any, e: traits.FnRef) -> Code:  # noqa: N802
        if std_generics.is_generic(e.fn):  # run as its instances only
            raise self.fail(e.pos, f"the generic function `{e.fn.name}` as a value")
        cell = self.fn_cells[e.fn.name]

        def function(*args: Any) -> Any:
            return cell[0](list(args))

        return lambda frame: function

    def c_FloatFn(self: Any, e: traits.FloatFn) -> Code:  # noqa: N802
        if e.name == "total_cmp":  # `sort_by(f32::total_cmp)`
            return lambda frame: iterators.total_cmp
        _, on_f32, on_f64 = FLOAT_METHODS[e.name]
        function = on_f32 if e.owner == "f32" else on_f64
        return lambda frame: function

    def c_AssocConst(self: Any, e: traits.AssocConst) -> Code:  # noqa: N802
        stack, name, cells, codes = self.type_args, e.name, self.const_cells, self.const_code
        param = e.param

        def const(frame: list) -> Any:
            key = f"{stack[-1][param].name}::{name}"
            cell = cells[key]
            if cell[0] is UNSET:
                cell[0] = codes[key](frame)
            return cell[0]

        return const

    def c_AssocCall(self: Any, e: traits.AssocCall) -> Code:  # noqa: N802
        stack, name, param = self.type_args, e.name, e.param
        args = [self.expr(a) for a in e.args]

        def call(frame: list) -> Any:
            cell = self.method_cell(stack[-1][param], name)
            return cell[0]([a(frame) for a in args])

        return call
