"""Compiling calls into Burn and std: `Tensor::from_floats`, tensor methods, `Option`, `Vec`,
numbers' methods. The half of the compiler that knows the library, apart from the language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.engine.api import RUST_FUNCTIONS, RUST_KIND_METHODS, RUST_METHODS
from pbpit.engine.checks import CallerPanic
from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.tensor import Device, Tensor
from pbpit.engine.tensor import Distribution as EngineDistribution
from pbpit.engine.tensor import TensorData as EngineTensorData
from pbpit.rust.columns import Columns
from pbpit.rust.format import Some
from pbpit.rust.interp import burn_nn, shapes
from pbpit.rust.interp.check_tables import RANK_GENERIC
from pbpit.rust.interp.nodes import Crate, Expr, Local, Method, Pos, Static, Unsupported
from pbpit.rust.interp.numbers import (
    ArithmeticPanic,
    cast,
    int_to_f32,
)
from pbpit.rust.interp.runtime import (
    UNIT,
    Code,
    PanicSite,
    TensorData,
    engine_scalar,
    flattened,
    map_nested,
    tensor_data,
)
from pbpit.rust.interp.std_functions import FUNCTIONS
from pbpit.rust.interp.types import (
    FLOAT_NAMES,
    INT_RANGES,
    TENSOR_DATA,
    Named,
    StructT,
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

    def method_site(self, e: Any) -> PanicSite:
        """Where a `#[track_caller]` panic of the method call `e` reports itself: at its
        name, or, for the call a std method's path stands for given to an iterator's adapter
        (`map(Result::unwrap)`, fn_refs.py), inside core where the adapter called it."""
        through = getattr(e, "through", None)
        if through is None:
            return self.panic_site(e.pos)
        from pbpit.rust.interp.core_panics import location_of

        return PanicSite(location_of(through), None, self.where(e.pos))

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
            except CallerPanic as err:  # Burn's `#[track_caller]` panic: at the call
                raise self.panic_site(pos).panic(err.message) from None
            except (ValueError, TypeError) as err:
                raise Unsupported(where, str(err)) from None

        return call

    # -- paths: Tensor::from_floats, Device::default... -------------------------------------------

    def c_Static(self, e: Static) -> Code:  # noqa: N802
        args = [self.expr(a) for a in e.args]
        name = e.name
        if name.startswith("burn::"):
            return burn_nn.compile_static(self, e, args)
        path = FUNCTIONS.get(name)  # `Vec::new`, `activation::relu`.. (std_functions.py)
        if path is not None:
            return path.compile(self, e, args)
        args = _shape_lists(e.args, args)  # `Tensor::zeros(x.shape(), &device)`
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
            along = function in ("softmax", "log_softmax", "quiet_softmax")
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
        made_by = getattr(getattr(ty, "item", None), "methods", {}).get("default")
        if type(ty) is StructT and made_by is not None and not made_by.param_tys:
            cell = self.fn_cells[made_by.name]  # its `impl Default` or `#[derive(Default)]`
            return lambda frame: cell[0]([])
        raise self.fail(e.pos, f"`Default::default()` for `{show(ty)}`")

    # -- methods ----------------------------------------------------------------------------------

    def c_Method(self, e: Method) -> Code:  # noqa: N802
        """A method of std or Burn: the checker's choice (`e.impl`, a `builtins.Builtin`) runs
        its `compile`."""
        recv = self.expr(e.recv)
        args = [self.expr(a) for a in e.args]
        return e.impl.compile(self, e, recv, args)

    def tensor_method(self, e: Method, recv: Code, args: list[Code]) -> Code:
        """A row of the table, run by the engine's method of the same name; the result is made
        the Rust value its type says (`Option`; a `TensorData` made of the tensor's values)."""
        args = _shape_lists(e.args, args)  # `x.reshape(y.shape())`
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
        if function == "stack":  # `Tensor::stack::<D2>` of Int or Bool tensors: D2 as the rank
            rank = resolve(e.ty).dim  # type: ignore[attr-defined]
            return lambda frame: engine(method, first(frame), device(frame), rank)
        if function == "cat":  # of Int or Bool tensors
            return lambda frame: engine(method, first(frame), device(frame))
        if resolve(e.ty).kind == "Bool":  # type: ignore[attr-defined]
            return lambda frame: engine(_bools, first(frame), device(frame))
        return lambda frame: engine(method, first(frame), device(frame))

    def kind_method(self, e: Method, recv: Code, args: list[Code]) -> Code:
        """A method of an Int or Bool tensor, run by `IntTensor`'s method of the same name."""
        row = RUST_KIND_METHODS[resolve(e.recv.ty).kind][e.name]  # type: ignore[attr-defined]
        args = _shape_lists(e.args, args)
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

    def in_core(self, op: Callable[..., Any], pos: Pos, what: str) -> Callable[..., Any]:
        """`op`, for a std method that panics inside Rust's own library (`rem_euclid(0)`) at a
        location in rustc's sources (`/rustc/<commit>/library/..`) that `core_panics` has not
        measured, so pbpit refuses rather than print another one."""
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


def _shape_lists(exprs: list[Expr], args: list[Code]) -> list[Code]:
    """The arguments, each a Burn `Shape` given where a shape is taken (`S: Into<Shape>`,
    `ReshapeArgs`) made the engine's list of sizes."""

    def sizes(arg: Code) -> Code:
        return lambda frame: list(arg(frame).dims)

    return [
        sizes(a) if resolve(x.ty) is shapes.SHAPE else a for x, a in zip(exprs, args, strict=True)
    ]


def _bools(data: Any, device: Device) -> IntTensor:
    """`Tensor::<B, D, Bool>::from_data([true, false], &device)` (or of a `TensorData`)."""
    import numpy as np

    if isinstance(data, TensorData):
        array = np.array(data.values, dtype=np.bool_).reshape(data.shape)
    else:
        array = np.array(data, dtype=np.bool_)
    return IntTensor(array, device.is_autodiff)
