"""Compiling calls into Burn and std: `Tensor::from_floats`, tensor methods, `Option`, `Vec`,
numbers' methods. The half of the compiler that knows the library, apart from the language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.engine.api import RUST_FUNCTIONS, RUST_KIND_METHODS, RUST_METHODS
from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.tensor import Device, Tensor, seed
from pbpit.engine.tensor import Distribution as EngineDistribution
from pbpit.engine.tensor import TensorData as EngineTensorData
from pbpit.rust.columns import Columns
from pbpit.rust.format import Some
from pbpit.rust.interp import burn_nn
from pbpit.rust.interp.check_tables import RANK_GENERIC
from pbpit.rust.interp.format import display_text
from pbpit.rust.interp.nodes import Crate, Expr, Local, Method, Pos, Static, Unsupported
from pbpit.rust.interp.numbers import (
    FLOAT_METHODS,
    FLOAT_TESTS,
    INT_METHODS,
    ArithmeticPanic,
    cast,
    checked,
    int_pow,
    int_to_f32,
    powi,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    UNWRAP_NONE,
    Code,
    Ok,
    PanicSite,
    TensorData,
    check_allocation,
    clone_value,
    engine_scalar,
    flattened,
    map_nested,
    tensor_data,
)
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    TENSOR_DATA,
    Named,
    Wrap,
    names_backend,
    resolve,
    show,
)


class Library:
    """Compiles library calls; `Compiler` adds the language (`expr`, `setter`)."""

    path: str
    columns: Columns
    crate: Crate

    def expr(self, e: Expr) -> Code:
        raise NotImplementedError

    def setter(self, e: Local) -> Callable[[list, Any], None]:
        raise NotImplementedError

    def where(self, pos: Pos) -> str:
        return f"{self.path}:{pos[0]}:{pos[1]}"

    def fail(self, pos: Pos, what: str) -> Unsupported:
        return Unsupported(self.where(pos), what)

    def panic_site(self, pos: Pos) -> PanicSite:
        """Where a panic of the program at `pos` (line, character column) reports itself."""
        column, unknown = self.columns.display_column(*pos)
        return PanicSite(f"{self.path}:{pos[0]}:{column}", unknown, self.where(pos))

    def panicking(self, op: Callable[..., Any], pos: Pos) -> Callable[..., Any]:
        """`op`, with its `ArithmeticPanic` turned into the program's panic at `pos`."""
        site = self.panic_site(pos)

        def run(*args: Any) -> Any:
            try:
                return op(*args)
            except ArithmeticPanic as err:
                raise site.panic(str(err)) from None

        return run

    def default_device(self) -> Code:
        """`Device::default()`: the autodiff device for a program with a backend type, Flex's
        plain one in Burn 0.22's style (`types.names_backend`)."""
        if names_backend(self.crate.source):
            return lambda frame: Device.default().autodiff()
        return lambda frame: Device.default()

    def engine(self, pos: Pos) -> Callable[..., Any]:
        """Calls into the engine; what it cannot do (shapes it does not broadcast, a backward
        without autodiff) is unsupported at `pos`, never a wrong result."""
        where = self.where(pos)

        def call(method: Callable[..., Any], *args: Any) -> Any:
            try:
                return method(*args)
            except (ValueError, TypeError) as err:
                raise Unsupported(where, str(err)) from None

        return call

    # -- paths: Tensor::from_floats, Device::default... -------------------------------------------

    def c_Static(self, e: Static) -> Code:  # noqa: N802
        args = [self.expr(a) for a in e.args]
        name = e.name
        if name.startswith("burn::"):
            return burn_nn.compile_static(self, e, args)
        engine = self.engine(e.pos)
        owner, _, function = name.partition("::")
        row = RUST_FUNCTIONS.get(function) if owner == "Tensor" else None
        if row is not None and resolve(e.ty).kind != "Float":  # type: ignore[attr-defined]
            return self.kind_static(e, function, args)
        math = self.math_static(e, owner, function, args)
        if math is not None:
            return math
        if row is not None and function == "stack":  # D2 as the engine's `rank`
            tensors, dim = args
            rank = resolve(e.ty).dim  # type: ignore[attr-defined]
            return lambda frame: engine(Tensor.stack, tensors(frame), dim(frame), rank)
        if row is not None and len(args) == 3:  # `full(shape, fill_value, device)`
            method = getattr(Tensor, row.name)
            shape, fill, device = args
            return lambda frame: engine(method, shape(frame), fill(frame), device(frame))
        if row is not None:
            method = getattr(Tensor, row.name)
            first, second = args
            if row.param_types[0] == "A":
                first = self.tensor_data_arg(e.args[0], first)
            return lambda frame: engine(method, first(frame), second(frame))
        if name == "Device::flex":
            return lambda frame: Device.flex()
        if name == "Device::default":
            return self.default_device()
        if name == "Default::default":
            return self.default(e)
        if name in ("Vec::new", "String::new"):
            empty = "" if name == "String::new" else None
            return (lambda frame: empty) if empty is not None else (lambda frame: [])
        if name == "Vec::with_capacity":
            (n,) = args

            where = self.where(e.pos)

            def with_capacity(frame: list) -> list:
                check_allocation(n(frame), where, "`Vec::with_capacity`")
                return []

            return with_capacity
        if name == "String::from":
            return args[0]
        if name == "Result::Ok":
            (value,) = args
            return lambda frame: Ok(value(frame))
        raise self.fail(e.pos, f"the function `{name}`")

    def math_static(self, e: Static, owner: str, function: str, args: list[Code]) -> Code | None:
        """`Tensor::from_data`/`random`/`from_inner`, `TensorData::..`, `Distribution::..` and
        `activation::..`, run by the engine; None for any other path."""
        engine = self.engine(e.pos)
        if owner == "Tensor" and function in ("from_data", "random", "from_inner"):
            method = getattr(Tensor, function)
            if function == "from_data" and resolve(e.args[0].ty) is not TENSOR_DATA:
                args = [self.tensor_data_arg(e.args[0], args[0]), *args[1:]]
            return lambda frame: engine(method, *(a(frame) for a in args))
        if owner == "Distribution":
            make = getattr(EngineDistribution, function)
            if function == "Default":
                return lambda frame: make
            return lambda frame: engine(make, *(a(frame) for a in args))
        if owner == "TensorData":
            raw, dtype = args[0], self.element_name(e.args[0])
            ints = dtype in INT_RANGES  # kept as written, for `Display` (`values` are f32)
            if function == "new":
                values, shape = args
                convert = self.tensor_data_arg(e.args[0], values)

                def new(frame: list) -> Any:
                    data = engine(TensorData, convert(frame), shape(frame))
                    data.dtype = dtype
                    data.ints = flattened(raw(frame)) if ints else None
                    return data

                return new
            nested = self.tensor_data_arg(e.args[0], args[0])

            def from_nested(frame: list) -> Any:
                data = engine(EngineTensorData.from_nested, nested(frame))
                kept = flattened(raw(frame)) if ints else None
                return TensorData(data.values, data.shape, dtype, kept)

            return from_nested
        if owner == "activation":
            from pbpit.engine import activation

            function_ = getattr(activation, function)
            if len(args) == 1:
                (x,) = args
                return lambda frame: engine(function_, x(frame))
            x, extra = args
            along = function in ("softmax", "log_softmax")
            to_number = int if along else engine_scalar(e.args[1].ty)
            return lambda frame: engine(function_, x(frame), to_number(extra(frame)))
        return None

    @staticmethod
    def element_name(arg: Expr) -> str:
        """The Rust type of the numbers in `arg` (nested arrays or `Vec`s), e.g. `f64`."""
        leaf = resolve(arg.ty)
        while type(leaf) is Wrap:
            leaf = resolve(leaf.inner)
        return leaf.name if type(leaf) is Named else ""

    def tensor_data_arg(self, arg: Expr, data: Code) -> Code:
        """`floats: A` of `from_floats`: numbers of any Rust type, integers converted to f32."""
        leaf = resolve(arg.ty)
        while type(leaf) is Wrap:
            leaf = resolve(leaf.inner)
        if type(leaf) is not Named or leaf.name not in (*INT_RANGES, *FLOAT_NAMES):
            raise self.fail(arg.pos, f"tensor data of `{show(leaf)}`")
        if leaf.name in FLOAT_NAMES:
            return data
        return lambda frame: map_nested(data(frame), int_to_f32)

    def default(self, e: Static) -> Code:
        ty = resolve(e.ty)
        if type(ty) is Named and ty.name == "Device":
            return self.default_device()
        if type(ty) is Named:
            values = {"bool": False, "String": "", "()": UNIT}
            if ty.name in INT_RANGES:
                return lambda frame: 0
            if ty.name in FLOAT_NAMES:
                return lambda frame: 0.0
            if ty.name in values:
                value = values[ty.name]
                return lambda frame: value
        if type(ty) is Wrap and ty.kind == "Option":
            return lambda frame: None
        if type(ty) is Wrap and ty.kind == "Vec":
            return lambda frame: []
        raise self.fail(e.pos, f"`Default::default()` for `{show(ty)}`")

    # -- methods ----------------------------------------------------------------------------------

    def c_Method(self, e: Method) -> Code:  # noqa: N802
        recv = self.expr(e.recv)
        args = [self.expr(a) for a in e.args]
        impl = e.impl
        family, _, name = impl.partition(".")
        if family == "tensor":
            return self.tensor_method(e, recv, args)
        if impl == "clone":
            return lambda frame: clone_value(recv(frame))
        if impl == "to_string":
            text = display_text(e.recv.ty)
            return lambda frame: text(recv(frame))
        method = getattr(self, "m_" + family, None)
        if method is None:
            raise self.fail(e.pos, f"the method `{e.name}`")
        return method(e, name, recv, args)

    def tensor_method(self, e: Method, recv: Code, args: list[Code]) -> Code:
        """A row of the table, run by the engine's method of the same name; the result is made
        the Rust value its type says (`Option`; a `TensorData` made of the tensor's values)."""
        if resolve(e.recv.ty).kind != "Float":  # type: ignore[attr-defined]
            return self.kind_method(e, recv, args)
        row = RUST_METHODS[e.name]
        if row.result == "TensorData":
            return lambda frame: tensor_data(recv(frame))
        if row.name == "device":  # the engine's `Tensor.device` is a property
            return lambda frame: recv(frame).device
        engine = self.engine(e.pos)
        method = getattr(Tensor, row.name)
        if row.param_types == ("E",):
            (number,) = args
            to_scalar = engine_scalar(e.args[0].ty)

            def call(frame: list) -> Any:
                return engine(method, recv(frame), to_scalar(number(frame)))

        elif row.name in RANK_GENERIC:
            call = self.rank_generic(e, recv, args, method)
        elif len(args) == 1:
            (arg,) = args

            def call(frame: list) -> Any:
                return engine(method, recv(frame), arg(frame))

        elif args:  # `clamp(min, max)`, `grad_replace(&mut grads, grad)`
            converted = [
                (lambda v: v) if ty != "E" else engine_scalar(a.ty)
                for ty, a in zip(row.param_types, e.args, strict=True)
            ]

            def call(frame: list) -> Any:
                values = [c(a(frame)) for c, a in zip(converted, args, strict=True)]
                return engine(method, recv(frame), *values)

        else:

            def call(frame: list) -> Any:
                return engine(method, recv(frame))

        if row.result == "()":  # `grad_replace`

            def unit(frame: list) -> Any:
                call(frame)
                return UNIT

            return unit
        if row.result.startswith("Option<"):

            def optional(frame: list) -> Any:
                found = call(frame)
                return None if found is None else Some(found)

            return optional
        return call

    # -- Int and Bool tensors (`pbpit.engine.int_tensor`) ------------------------------------------

    def kind_static(self, e: Static, function: str, args: list[Code]) -> Code:
        """`Tensor::<B, D, Int>::from_data(..)`, `from_ints`, `zeros`, `ones`, `arange`."""
        engine = self.engine(e.pos)
        method = getattr(IntTensor, function)
        first, device = args
        if resolve(e.ty).kind == "Bool":  # type: ignore[attr-defined]
            return lambda frame: engine(_bools, first(frame), device(frame))
        return lambda frame: engine(method, first(frame), device(frame))

    def kind_method(self, e: Method, recv: Code, args: list[Code]) -> Code:
        """A method of an Int or Bool tensor, run by `IntTensor`'s method of the same name."""
        row = RUST_KIND_METHODS[resolve(e.recv.ty).kind][e.name]  # type: ignore[attr-defined]
        if row.result == "TensorData":
            return lambda frame: tensor_data(recv(frame))
        engine = self.engine(e.pos)
        method = getattr(IntTensor, row.name)
        if row.name in RANK_GENERIC:
            return self.rank_generic(e, recv, args, method)
        return lambda frame: engine(method, recv(frame), *(a(frame) for a in args))

    def rank_generic(
        self, e: Method, recv: Code, args: list[Code], method: Callable[..., Any]
    ) -> Code:
        """`unsqueeze::<D2>()` and `unsqueeze_dim::<D2>(dim)`: the checker has fixed D2 in the
        result's type; the engine takes it as the rank."""
        rank = resolve(e.ty).dim  # type: ignore[attr-defined]
        if rank is None:
            raise self.fail(e.pos, f"`{e.name}` to a rank given by a const generic")
        engine = self.engine(e.pos)
        return lambda frame: engine(method, recv(frame), *(a(frame) for a in args), rank)

    def m_elem(self, e: Method, source: str, recv: Code, args: list[Code]) -> Code:
        """Burn's `elem::<E>()` (num-traits' `ToPrimitive`, unwrapped): to a float as `as`
        converts; to an integer truncated, and a value out of its range (Burn's panic inside
        num-traits) refused."""
        target = resolve(e.ty)
        if source == "bool" == getattr(target, "name", ""):  # a Bool tensor's `into_scalar`
            return recv
        if type(target) is not Named or target.name not in (*INT_RANGES, *FLOAT_NAMES):
            raise self.fail(e.pos, "`elem()` to a type not known (write `elem::<f32>()`)")
        name, where = target.name, self.where(e.pos)
        written = "into_scalar" if getattr(e.recv, "pos", None) == e.pos else "elem"
        if name in FLOAT_NAMES or source == name:
            return lambda frame: cast(recv(frame), source, name)
        lo, hi = INT_RANGES[name]

        def to_int(frame: list) -> Any:
            value = recv(frame)
            whole = value if source in INT_RANGES else float(value)
            if whole != whole or not lo <= whole < hi + 1:
                raise Unsupported(
                    where, f"`{written}::<{name}>()` of {value}: out of range (Burn panics)"
                )
            return int(whole)

        return to_int

    def m_float(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        single = resolve(e.recv.ty).name == "f32"  # type: ignore[attr-defined]
        if name == "powi":
            (n,) = args
            return lambda frame: powi(recv(frame), n(frame), single)
        if name in FLOAT_TESTS:
            _, test_f32, test_f64 = FLOAT_TESTS[name]
            test = test_f32 if single else test_f64
            return lambda frame: test(recv(frame))
        arity, on_f32, on_f64 = FLOAT_METHODS[name]
        function = on_f32 if single else on_f64
        if name == "clamp":  # core's `assert!(min <= max)`
            function = self.in_core(function, e.pos, f"`{'f32' if single else 'f64'}::clamp`")
        if arity == 0:
            return lambda frame: function(recv(frame))
        if arity == 2:
            first, second = args
            return lambda frame: function(recv(frame), first(frame), second(frame))
        (arg,) = args
        return lambda frame: function(recv(frame), arg(frame))

    def in_core(self, op: Callable[..., Any], pos: Pos, what: str) -> Callable[..., Any]:
        """`op`, for a std method that panics inside Rust's own library (`i32::pow` overflowing,
        `step_by(0)`): rustc reports a location in its sources (`/rustc/<commit>/library/..`),
        which depends on the toolchain, so pbpit refuses rather than print another one."""
        where = self.where(pos)

        def run(*args: Any) -> Any:
            try:
                return op(*args)
            except ArithmeticPanic as err:
                raise Unsupported(
                    where,
                    f"{what} panics here ({err}) inside Rust's core library, at a location "
                    "that depends on the Rust toolchain",
                ) from None

        return run

    def m_int(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        type_name = resolve(e.recv.ty).name  # type: ignore[attr-defined]
        lo, hi = INT_RANGES[type_name]
        if name == "abs":
            absolute = self.in_core(
                lambda a: checked(abs(a), lo, hi, "negate"), e.pos, f"`{type_name}::abs`"
            )
            return lambda frame: absolute(recv(frame))
        if name in INT_METHODS:
            _, result, method = INT_METHODS[name]
            run = self.in_core(method, e.pos, f"`{type_name}::{name}`")
            if result == "option":
                return lambda frame: _some(run(recv(frame), *(a(frame) for a in args), lo, hi))
            return lambda frame: run(recv(frame), *(a(frame) for a in args), lo, hi)
        (arg,) = args
        if name == "pow":
            power = self.in_core(lambda a, n: int_pow(a, n, lo, hi), e.pos, f"`{type_name}::pow`")
            return lambda frame: power(recv(frame), arg(frame))
        pick = max if name == "max" else min
        return lambda frame: pick(recv(frame), arg(frame))

    def m_str(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        if name == "len":
            return lambda frame: len(recv(frame).encode("utf-8"))
        if name == "is_empty":
            return lambda frame: not recv(frame)
        if name == "as_str":
            return recv
        assert isinstance(e.recv, Local)
        store, (arg,) = self.setter(e.recv), args

        def push_str(frame: list) -> Any:
            store(frame, recv(frame) + arg(frame))
            return UNIT

        return push_str

    def m_device(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        if name == "seed":  # Burn 0.22's `device.seed(n)`: `B::seed(&device, n)`'s seeding
            (value,) = args
            return lambda frame: seed(value(frame))
        if name == "inner":  # the device without autodiff
            return lambda frame: recv(frame).inner()
        return lambda frame: recv(frame).autodiff()

    def m_data(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        return lambda frame: Ok(list(recv(frame).values))

    def m_Option(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        site = self.panic_site(e.pos)
        if name == "map":
            (function,) = args

            def map_(frame: list) -> Any:
                option, f = recv(frame), function(frame)
                return None if option is None else Some(f(option.value))

            return map_
        if name in ("unwrap", "expect"):
            message = args[0] if args else (lambda frame: UNWRAP_NONE)

            def unwrap(frame: list) -> Any:
                option = recv(frame)
                if option is None:
                    raise site.panic(message(frame))
                return option.value

            return unwrap
        if name == "is_some":
            return lambda frame: recv(frame) is not None
        if name == "is_none":
            return lambda frame: recv(frame) is None
        if name == "unwrap_or":
            (default,) = args

            def unwrap_or(frame: list) -> Any:
                option, value = recv(frame), default(frame)
                return value if option is None else option.value

            return unwrap_or
        if name == "as_ref":
            return recv
        if name == "take":  # the value out of its place (a variable, a field), `None` left there
            update = self.element_updater(e.recv)

            def take(frame: list) -> Any:
                taken: list[Any] = []
                update(frame, lambda old: taken.append(old))  # (append returns None)
                return taken[0]

            return take
        raise self.fail(e.pos, f"the method `{name}` on an Option")

    def m_Result(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        if name in ("unwrap", "expect", "?"):  # pbpit's Results are all `Ok`
            return lambda frame: recv(frame).value
        is_ok = name == "is_ok"

        def is_ok_(frame: list) -> bool:
            recv(frame)
            return is_ok

        return is_ok_

    def m_Vec(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        if name == "len":
            return lambda frame: len(recv(frame))
        if name == "is_empty":
            return lambda frame: not recv(frame)
        if name in ("iter", "into_iter"):
            return recv
        if name in ("first", "last"):
            index = 0 if name == "first" else -1
            return lambda frame: Some(items[index]) if (items := recv(frame)) else None
        if name == "push":
            (arg,) = args

            def push(frame: list) -> Any:
                items = recv(frame)
                items.append(arg(frame))
                return UNIT

            return push
        if name == "pop":
            return lambda frame: Some(items.pop()) if (items := recv(frame)) else None
        if name == "clear":

            def clear(frame: list) -> Any:
                recv(frame).clear()
                return UNIT

            return clear
        raise self.fail(e.pos, f"the method `{name}`")

    m_array = m_Vec

    def m_Range(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:  # noqa: N802
        if name == "rev":
            return lambda frame: recv(frame)[::-1]
        (step,) = args
        where = self.where(e.pos)

        def step_by(frame: list) -> Any:
            items, n = recv(frame), step(frame)
            if n == 0:
                raise Unsupported(
                    where,
                    "`step_by(0)` panics here (assertion failed: step != 0) inside Rust's core "
                    "library, at a location that depends on the Rust toolchain",
                )
            return items[::n]

        return step_by

    def m_burn(self, e: Method, name: str, recv: Code, args: list[Code]) -> Code:
        """Burn's modules, params, configs and optimizers (`interp/burn_nn.py`)."""
        return burn_nn.compile_method(self, e, name, recv, args)

    m_Iter = m_Range  # noqa: N815 - `v.iter().rev()`: a list reverses as a range does


def _bools(data: Any, device: Device) -> IntTensor:
    """`Tensor::<B, D, Bool>::from_data([true, false], &device)` (or of a `TensorData`)."""
    import numpy as np

    if isinstance(data, TensorData):
        array = np.array(data.values, dtype=np.bool_).reshape(data.shape)
    else:
        array = np.array(data, dtype=np.bool_)
    return IntTensor(array, device.is_autodiff)


def _some(value: Any) -> Any:
    """`Some(value)`, or `None` for Python's None (a `checked_` method's overflow)."""
    return None if value is None else Some(value)
