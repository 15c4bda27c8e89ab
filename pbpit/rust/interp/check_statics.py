"""The checker's rules for calls by a path: `Tensor::from_floats`, `Tensor::random`, `stack`,
`TensorData::new`, `Distribution::..`, activations, `Vec::new`, `String::from`, `Ok(..)`."""

from __future__ import annotations

from pbpit.engine.api import RUST_FUNCTIONS
from pbpit.rust.interp import burn_nn, references
from pbpit.rust.interp.nodes import (
    Expr,
    Static,
)
from pbpit.rust.interp.shapes import SHAPE
from pbpit.rust.interp.std_functions import FUNCTIONS
from pbpit.rust.interp.types import (
    BOOL,
    DEVICE,
    DISTRIBUTION,
    NAMED,
    TENSOR_DATA,
    USIZE,
    TensorT,
    Ty,
    Var,
    Wrap,
    is_number,
    resolve,
    show,
    vec,
)


class StaticRules:
    """Calls by a path (a part of `Checker`)."""

    def c_Static(self, e: Static) -> Ty:  # noqa: N802
        name = e.name
        if name.startswith("burn::"):  # `LinearConfig::new`, `AdamConfig::new`: Burn's nn
            return burn_nn.check_static(self, e)
        path = FUNCTIONS.get(name)  # `Vec::new`, `activation::relu`.. (std_functions.py)
        if path is not None:
            made = path.check(self, e)
            if name.endswith("::with_capacity") and e.args:  # `with_capacity(&cap)`: E0308
                references.refuse_borrowed_value(self, e.args[0], e.args[0].ty)
            return made
        owner, _, function = name.partition("::")
        row = RUST_FUNCTIONS.get(function) if owner == "Tensor" else None
        kind = self.kind_static(e, function) if row is not None else None
        if kind is not None:  # an Int or Bool tensor
            return kind
        math = self.math_static(e, owner, function)
        if math is not None:
            return math
        if row is not None and row.param_types[0] in ("A", "S"):
            return self.creation(e, is_data=row.param_types[0] == "A")
        if row is not None and function == "stack":
            return self.stack(e)
        if row is not None:  # `cat(tensors: Vec<Self>, dim: usize)`
            tensors, dim = e.args
            found = self.expr(tensors)
            given = resolve(found)
            held = resolve(given.inner) if type(given) is Wrap else None
            kind = _kind_of(e, held)
            self.unify(vec(TensorT(e.dim, kind)), found, tensors.pos)
            self.unify(USIZE, self.expr(dim), dim.pos)
            inner = resolve(found)
            return inner.inner if type(inner) is Wrap else TensorT(e.dim)
        raise self.fail(e.pos, f"the function `{name}`")

    # -- math: from_data, random, from_inner, TensorData, Distribution, activation -----------

    def math_static(self, e: Static, owner: str, function: str) -> Ty | None:
        """The type of a math path's call, None for any other path."""
        args = e.args
        if owner == "Tensor" and function == "from_data":
            data, device = args
            if resolve(self.expr(data)) is TENSOR_DATA:
                self.unify(DEVICE, self.expr(device), device.pos)
                return TensorT(e.dim)
            return self.creation(e, is_data=True)
        if owner == "Tensor" and function == "random":
            shape, distribution, device = args
            rank = self.shape_rank(shape, self.expr(shape))
            self.unify(DISTRIBUTION, self.expr(distribution), distribution.pos)
            self.unify(DEVICE, self.expr(device), device.pos)
            return TensorT(e.dim if e.dim is not None else rank)
        if owner == "Tensor" and function == "from_inner":
            found = self.expr(args[0])
            if type(resolve(found)) is not TensorT:
                raise self.fail(args[0].pos, f"`Tensor::from_inner` of `{show(found)}`")
            return found
        if owner == "Distribution":
            for arg in args:
                if not is_number(self.expr(arg)):
                    raise self.fail(arg.pos, f"`Distribution::{function}` of `{show(arg.ty)}`")
                self.unify(NAMED["f64"], arg.ty, arg.pos)
            return DISTRIBUTION
        if owner == "TensorData" and function == "new":
            values, shape = args
            found = resolve(self.expr(values))
            if not (type(found) is Wrap and found.kind in ("array", "Vec")):
                raise self.fail(values.pos, f"`TensorData::new` of `{show(found)}`")
            self.shape_rank(shape, self.expr(shape))
            return TENSOR_DATA
        if owner == "TensorData":
            found = resolve(self.expr(args[0]))
            if not (type(found) is Wrap and found.kind in ("array", "Vec")):
                raise self.fail(args[0].pos, f"`TensorData::from` of `{show(found)}`")
            return TENSOR_DATA
        if owner == "activation":
            found = self.expr(args[0])
            if type(resolve(found)) is not TensorT:
                raise self.fail(args[0].pos, f"`activation::{function}` of `{show(found)}`")
            if function in ("softmax", "log_softmax", "quiet_softmax"):
                self.unify(USIZE, self.expr(args[1]), args[1].pos)
            elif len(args) == 2:
                if not is_number(self.expr(args[1])):
                    what = f"`activation::{function}` of `{show(args[1].ty)}`"
                    raise self.fail(args[1].pos, what)
                self.unify(NAMED["f64"], args[1].ty, args[1].pos)
            return found
        return None

    def creation(self, e: Static, is_data: bool) -> Ty:
        """`Tensor::from_floats(floats: A, device)` (`is_data`) or `Tensor::ones(shape: S,
        device)`, `Tensor::full(shape: S, fill_value: E, device)`: the rank comes from the
        data's nesting or the shape's length."""
        if len(e.args) == 3 and not is_data:  # `full`
            data, fill, device = e.args
            if not is_number(self.expr(fill)):
                raise self.fail(fill.pos, f"`Tensor::full` of `{show(fill.ty)}`")
        else:
            data, device = e.args
        found = self.expr(data)
        if not is_data and resolve(found) is SHAPE:  # `Tensor::zeros(x.shape(), &device)`
            self.unify(DEVICE, self.expr(device), device.pos)
            return TensorT(e.dim)
        depth, leaf, size = 0, resolve(found), None
        while type(leaf) is Wrap and leaf.kind in ("array", "Vec"):
            depth, size, leaf = depth + 1, leaf.size, resolve(leaf.inner)
        if is_data:  # numbers, or a Bool tensor's `bool`s
            typed = is_number(leaf) or (leaf is BOOL and e.kind == "Bool")
            if depth == 0 or (type(leaf) is not Var and not typed):
                raise self.fail(data.pos, f"tensor data of type `{show(found)}`")
        else:
            if depth != 1:
                raise self.fail(data.pos, f"a shape of type `{show(found)}`")
            self.unify(Var("int"), leaf, data.pos)
            depth = size or 0
        self.unify(DEVICE, self.expr(device), device.pos)
        if e.dim is not None and depth and depth != e.dim:
            # Burn panics at run time; pbpit would make a tensor of the wrong rank.
            what = "data of rank" if is_data else "a shape of rank"
            raise self.fail(data.pos, f"{what} {depth} for a `{show(TensorT(e.dim))}`")
        return TensorT(e.dim if e.dim is not None else depth or None)

    def stack(self, e: Static) -> Ty:
        """`Tensor::stack::<D2>(tensors, dim)`: tensors of one rank D, a result of D + 1 (the
        Static's `dim` is D2, from the turbofish or `Tensor::<B, D>`)."""
        if len(e.args) != 2:
            raise self.fail(
                e.pos, f"`Tensor::stack` takes 2 arguments but {len(e.args)} were given"
            )
        tensors, dim = e.args
        found = self.expr(tensors)
        given = resolve(found)
        kind = _kind_of(e, resolve(given.inner) if type(given) is Wrap else None)
        element = TensorT(None if e.dim is None else e.dim - 1, kind)
        self.unify(vec(element), found, tensors.pos)
        self.unify(Var("int"), self.expr(dim), dim.pos)
        inner = resolve(resolve(found).inner)  # type: ignore[attr-defined]
        rank = e.dim
        if rank is None and type(inner) is TensorT and inner.dim is not None:
            rank = inner.dim + 1
        return TensorT(rank, kind)

    def slice_ranges(self, arg: Expr, found: Ty, recv: TensorT) -> None:
        """`slice`'s `S: SliceArg`: a range (`0..2`), or an array of ranges, one per leading
        dim (`[0..2, 1..3]`), of integers."""
        ty = resolve(found)
        if type(ty) is Wrap and ty.kind == "array":
            if ty.size is not None and recv.dim is not None and ty.size > recv.dim:
                raise self.fail(arg.pos, f"{ty.size} ranges for a `{show(recv)}`")
            ty = resolve(ty.inner)
        if not (type(ty) is Wrap and ty.kind == "Range"):
            raise self.fail(arg.pos, f"slice ranges of type `{show(found)}` (write `[a..b, ..]`)")
        self.unify(Var("int"), ty.inner, arg.pos)

    def shape_rank(self, arg: Expr, found: Ty) -> int | None:
        """The rank of a shape argument (`[2, 3]`, `vec![..]`) whose elements are integers."""
        shape = resolve(found)
        if shape is SHAPE:  # `x.reshape(y.shape())`: Burn's `ReshapeArgs<D2> for Shape`
            return None
        if not (type(shape) is Wrap and shape.kind in ("array", "Vec")):
            raise self.fail(arg.pos, f"a shape of type `{show(shape)}`")
        self.unify(Var("int"), shape.inner, arg.pos)
        return shape.size


def _kind_of(e: Static, held: Ty | None) -> str:
    """The kind `Tensor::cat`/`Tensor::stack` join (Burn's, of every kind): the one written
    (`Tensor::<2, Int>::cat`), else the tensors' (`Int`, `Bool`), else Float."""
    if e.kind != "Float":
        return e.kind
    return held.kind if type(held) is TensorT else "Float"
