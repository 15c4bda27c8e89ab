"""Burn's tensor API as one table: a row per `Tensor` method or associated function Burn users call.

A row gives the method's name, its kind, the op class of `pbpit.engine.ops` that computes it (if
one does), what its result is in the graph, its signature as Burn 0.22 declares it (receiver,
parameters, result; generic bounds are written as the letters below), and how many node ids a
call takes on the autodiff device (`ids`). `COMPOSITES` gives the ids of the functions and
modules whose forward runs several ops (`activation::softmax`, `Linear::forward`, the losses).
Three readers:

- `pbpit.engine.tensor` makes `Tensor`'s methods for the rows whose op is all they need (no
  argument, a number, or a tensor, broadcast as Burn does); it writes by hand those that need
  more (Burn's shortcuts in `powf_scalar`, `matmul`'s shapes, the graph methods).
- the Rust interpreter accepts the rows that `runs`, types their calls from the signature and
  dispatches them by it (`pbpit/rust/interp/check.py`, `library.py`).
- lint reads `SAME_TENSOR` and `UNTRACKED_RESULT`.

Generic letters in signatures: `E` is `E: ElementConversion` (any number, converted as `elem()`
does); `S` a shape (`S: Into<Shape>`, or `ReshapeArgs<D2>` for `reshape`); `A` is
`A: Into<TensorData>` (nested arrays of numbers); `D` the receiver's rank, `D2` another (given
as `::<D2>` or by the result's annotation); `I` and `J` a dim (`AsIndex`: any integer, negative
from the end); `R` the ranges of `slice` (`SliceArg`: `[a..b, c..d]`, one per leading dim), `S1`
one dim's range (`Into<Slice>`: `a..b`); `N` an array's length of the caller's choosing; `M`
`MovedimArgs` (one dim, or a `Vec` of dims).

Plain data: importing this module imports nothing else (`pbpit list` must not load NumPy).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# -- kinds ----------------------------------------------------------------------------------------

CREATION = "creation"  # a new leaf node: `Tensor::from_floats`, `ones`, `zeros`
UNARY = "unary"  # elementwise, one tensor
SCALAR = "scalar"  # elementwise, a tensor and a number
BINARY = "binary"  # two tensors
REDUCTION = "reduction"  # fewer elements out than in
SHAPE = "shape"  # the same values, laid out anew
READ = "read"  # the values out of the tensor
GRAPH = "graph"  # the tensor's place in the autodiff graph, or the backward itself
INT_BOOL = "int/bool"  # a result of Burn's Int or Bool kind: comparisons, indices, casts
KINDS = (CREATION, UNARY, SCALAR, BINARY, REDUCTION, SHAPE, READ, GRAPH, INT_BOOL)

# -- what the result is in the graph --------------------------------------------------------------

INPUTS = "tracked if an input is tracked"  # every op: a new node, with a step if tracked
SAME = "the receiver itself, same NodeId"  # `clone`
LEAF = "a leaf that requires grad"  # `require_grad`
DETACHED = "a new node, tracked only if the receiver is a leaf that requires grad"  # `detach`
NEVER = "never tracked"  # new untracked leaves, reads, gradients, Int and Bool tensors
GRADIENTS = "the gradients; the backward consumes the graph it walks"  # `backward`


@dataclass(frozen=True)
class Method:
    """One method (or associated function, when `receiver` is None) of Burn's float `Tensor`.

    `rust` is Burn's declaration without `fn` and the name: `(self, other: E) -> Self`. `op` is
    the class name in `pbpit.engine.ops`, None for methods no op computes. `runs` is False for
    what Burn has and lint must know, but pbpit's engine and interpreter do not run yet."""

    name: str
    kind: str
    op: str | None
    tracked: str
    rust: str
    runs: bool = True
    ids: int | str | None = None
    """Node ids a call takes on the autodiff device, tracked or not (Int and Bool tensors take
    none): a number, or an expression in `n` (the tensors given, the pieces made). None in a row
    is the rule of its graph column: one for a creation, an op, `detach` or `from_inner`; none
    for the receiver itself (`clone`, `require_grad`), reads and gradients."""
    receiver: str | None = field(init=False)
    """`self`, `&self`, or None for an associated function (`Tensor::cat`)."""
    params: tuple[tuple[str, str], ...] = field(init=False)
    """(name, type) of each parameter after the receiver."""
    result: str = field(init=False)
    """The result type, as Burn writes it (`()` for none)."""

    def __post_init__(self) -> None:
        inside, arrow, result = self.rust.partition(") -> ")
        if not arrow:
            inside = inside.removesuffix(")")
        params = split_params(inside.removeprefix("("))
        receiver = params[0] if params and params[0] in ("self", "&self") else None
        if receiver is not None:
            params = params[1:]
        pairs = tuple(_param(p, self.name) for p in params)
        object.__setattr__(self, "receiver", receiver)
        object.__setattr__(self, "params", pairs)
        object.__setattr__(self, "result", result or "()")
        if self.ids is None:
            object.__setattr__(self, "ids", _ids_by_rule(self))

    def ids_taken(self, n: int = 1) -> int:
        """`ids` for a call with `n` tensors given (or pieces made)."""
        return self.ids if isinstance(self.ids, int) else _evaluate(self.ids, n)

    @property
    def param_types(self) -> tuple[str, ...]:
        return tuple(ty for _, ty in self.params)


def _ids_by_rule(method: Method) -> int:
    if method.kind == CREATION or method.tracked in (INPUTS, DETACHED):
        return 1
    return 1 if method.name == "from_inner" else 0


def _evaluate(expression: str, n: int) -> int:
    """`n + 1`, `n`: the few forms the table writes."""
    left, plus, right = expression.partition(" + ")
    if left != "n" or (plus and not right.isdigit()):
        raise ValueError(f"ids: {expression!r} is not `n` or `n + k`")
    return n + (int(right) if plus else 0)


def split_params(text: str) -> list[str]:
    """`a: X<B, D>, b: Y` → [`a: X<B, D>`, `b: Y`]: commas inside `<>` or `[]` stay."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "<[":
            depth += 1
        elif char in ">]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _param(text: str, method: str) -> tuple[str, str]:
    name, colon, ty = text.partition(": ")
    if not colon:
        raise ValueError(f"{method}: parameter `{text}` has no type")
    return name, ty


ELEMENTWISE = "(self) -> Self"
WITH_NUMBER = "(self, other: E) -> Self"
WITH_TENSOR = "(self, other: Self) -> Self"
TO_ONE = "(self) -> Tensor<B, 1>"
ALONG = "(self, dim: I) -> Tensor<B, D, Int>"
ALONG_KEPT = "(self, dim: I) -> Self"
WITH_INDICES = "(self, dim: I) -> (Self, Tensor<B, D, Int>)"
COMPARED = "(self, other: Self) -> Tensor<B, D, Bool>"
COMPARED_TO_NUMBER = "(self, other: E) -> Tensor<B, D, Bool>"
TO_BOOL = "(self) -> Tensor<B, D, Bool>"
TO_INNER = "(self) -> Tensor<B::InnerBackend, D>"
GRAD = "(&self, grads: &B::Gradients) -> Option<Tensor<B::InnerBackend, D>>"
GRAD_REMOVE = "(&self, grads: &mut B::Gradients) -> Option<Tensor<B::InnerBackend, D>>"
GRAD_REPLACE = "(&self, grads: &mut B::Gradients, grad: Tensor<B::InnerBackend, D>)"
MASKED_NUMBER = "(self, mask: Tensor<B, D, Bool>, value: E) -> Self"
MASKED_TENSOR = "(self, mask: Tensor<B, D, Bool>, value: Self) -> Self"
LINT_ONLY = False  # `runs`: Burn has it, lint reads it, pbpit does not run it yet

METHODS: tuple[Method, ...] = (
    # creation: a new node, untracked until `require_grad`
    Method("from_floats", CREATION, None, NEVER, "(floats: A, device: &B::Device) -> Self"),
    Method("ones", CREATION, None, NEVER, "(shape: S, device: &B::Device) -> Self"),
    Method("zeros", CREATION, None, NEVER, "(shape: S, device: &B::Device) -> Self"),
    Method("from_data", CREATION, None, NEVER, "(data: T, device: &B::Device) -> Self"),
    # Int and Bool tensors take no id (autodiff tracks floats only)
    Method("from_ints", CREATION, None, NEVER, "(ints: A, device: &B::Device) -> Self", ids=0),
    Method(
        "from_bool", CREATION, None, NEVER, "(data: A, device: &B::Device) -> Self", LINT_ONLY, 0
    ),
    Method("full", CREATION, None, NEVER, "(shape: S, fill_value: E, device: &B::Device) -> Self"),
    Method("empty", CREATION, None, NEVER, "(shape: S, device: &B::Device) -> Self", LINT_ONLY),
    Method(
        "random",
        CREATION,
        None,
        NEVER,
        "(shape: S, distribution: Distribution, device: &B::Device) -> Self",
    ),
    Method(
        "arange", CREATION, None, NEVER, "(range: Range<i64>, device: &B::Device) -> Self", ids=0
    ),
    Method(
        "arange_step",
        CREATION,
        None,
        NEVER,
        "(range: Range<i64>, step: usize, device: &B::Device) -> Self",
        LINT_ONLY,
    ),
    Method("eye", CREATION, None, NEVER, "(size: usize, device: &B::Device) -> Self", LINT_ONLY),
    # ops: the op class computes the result, and is its step when an input is tracked
    Method("exp", UNARY, "Exp", INPUTS, ELEMENTWISE),
    Method("log", UNARY, "Log", INPUTS, ELEMENTWISE),
    Method("neg", UNARY, "Neg", INPUTS, ELEMENTWISE),
    Method("sqrt", UNARY, "Sqrt", INPUTS, ELEMENTWISE),
    Method("tanh", UNARY, "Tanh", INPUTS, ELEMENTWISE),
    Method("sigmoid", UNARY, "Sigmoid", INPUTS, ELEMENTWISE),
    Method("relu", UNARY, "Relu", INPUTS, ELEMENTWISE),
    Method("recip", UNARY, "Recip", INPUTS, ELEMENTWISE),
    Method("abs", UNARY, "Abs", INPUTS, ELEMENTWISE),
    Method("sin", UNARY, "Sin", INPUTS, ELEMENTWISE),
    Method("cos", UNARY, "Cos", INPUTS, ELEMENTWISE),
    Method("log1p", UNARY, "Log1p", INPUTS, ELEMENTWISE),
    Method("sign", UNARY, "Sign", INPUTS, ELEMENTWISE),
    Method("round", UNARY, "Round", INPUTS, ELEMENTWISE),
    Method("floor", UNARY, "Floor", INPUTS, ELEMENTWISE),
    Method("ceil", UNARY, "Ceil", INPUTS, ELEMENTWISE),
    Method("erf", UNARY, "Erf", INPUTS, ELEMENTWISE),
    Method("powf_scalar", SCALAR, "PowfScalar", INPUTS, WITH_NUMBER),
    Method("add_scalar", SCALAR, "AddScalar", INPUTS, WITH_NUMBER),
    Method("sub_scalar", SCALAR, "SubScalar", INPUTS, WITH_NUMBER),
    Method("mul_scalar", SCALAR, "MulScalar", INPUTS, WITH_NUMBER),
    Method("div_scalar", SCALAR, "DivScalar", INPUTS, WITH_NUMBER),
    Method("add", BINARY, "Add", INPUTS, WITH_TENSOR),
    Method("sub", BINARY, "Sub", INPUTS, WITH_TENSOR),
    Method("mul", BINARY, "Mul", INPUTS, WITH_TENSOR),
    Method("div", BINARY, "Div", INPUTS, WITH_TENSOR),
    Method("matmul", BINARY, "Matmul", INPUTS, WITH_TENSOR),
    Method("sum", REDUCTION, "Sum", INPUTS, TO_ONE),
    Method("mean", REDUCTION, "Mean", INPUTS, TO_ONE),
    Method("sum_dim", REDUCTION, "SumDim", INPUTS, "(self, dim: usize) -> Self"),
    Method("reshape", SHAPE, "Reshape", INPUTS, "(self, shape: S) -> Tensor<B, D2>"),
    Method("cat", SHAPE, "Cat", INPUTS, "(tensors: Vec<Self>, dim: usize) -> Self"),
    # -- math: clamps, powers, and the ways into and out of autodiff --------------------------
    # `clamp` is `clamp_max` then `clamp_min`; `powi_scalar` and `square` take Burn's whole-number
    # shortcuts (`square` is `x * x`): no one op computes them.
    Method("clamp", SCALAR, None, INPUTS, "(self, min: E, max: E) -> Self", ids=2),
    Method("clamp_min", SCALAR, "ClampMin", INPUTS, "(self, min: E) -> Self"),
    Method("clamp_max", SCALAR, "ClampMax", INPUTS, "(self, max: E) -> Self"),
    Method("powi_scalar", SCALAR, None, INPUTS, WITH_NUMBER),  # ids: 0 for 1, 2 for -2
    Method("square", UNARY, None, INPUTS, ELEMENTWISE),
    Method("powf", BINARY, "Powf", INPUTS, WITH_TENSOR),
    Method("set_require_grad", GRAPH, None, LEAF, "(self, require_grad: bool) -> Self"),
    Method("from_inner", GRAPH, None, NEVER, "(inner: Tensor<B::InnerBackend, D>) -> Self"),
    # -- shapes and reductions --
    Method("unsqueeze", SHAPE, None, INPUTS, "(self) -> Tensor<B, D2>"),
    Method("unsqueeze_dim", SHAPE, None, INPUTS, "(self, dim: I) -> Tensor<B, D2>"),
    Method("transpose", SHAPE, None, INPUTS, ELEMENTWISE),
    Method("t", SHAPE, None, INPUTS, ELEMENTWISE),
    Method("swap_dims", SHAPE, "SwapDims", INPUTS, "(self, dim1: I, dim2: J) -> Self"),
    Method("permute", SHAPE, "Permute", INPUTS, "(self, axes: [I; D]) -> Self"),
    Method("slice", SHAPE, "Slice", INPUTS, "(self, slices: R) -> Self"),
    Method("mean_dim", REDUCTION, "MeanDim", INPUTS, ALONG_KEPT),
    Method("max", REDUCTION, None, INPUTS, TO_ONE, ids=2),  # reshape to 1-D, max_dim(0)
    Method("min", REDUCTION, None, INPUTS, TO_ONE, ids=2),  # reshape to 1-D, min_dim(0)
    Method("max_dim", REDUCTION, "MaxMinDim", INPUTS, ALONG_KEPT),
    Method(
        "max_dim_with_indices", REDUCTION, None, INPUTS, WITH_INDICES, ids=1
    ),  # one max_dim node; the indices an Int tensor
    Method("min_dim_with_indices", REDUCTION, None, INPUTS, WITH_INDICES, ids=1),
    Method("min_dim", REDUCTION, "MaxMinDim", INPUTS, ALONG_KEPT),
    Method("prod", REDUCTION, "Prod", INPUTS, TO_ONE),
    Method("prod_dim", REDUCTION, "ProdDim", INPUTS, ALONG_KEPT),
    Method("argmax", INT_BOOL, None, NEVER, ALONG),
    Method("argmin", INT_BOOL, None, NEVER, ALONG),
    # the graph
    Method("clone", GRAPH, None, SAME, "(&self) -> Self"),
    Method("require_grad", GRAPH, None, LEAF, "(self) -> Self"),
    Method("detach", GRAPH, None, DETACHED, "(self) -> Self"),
    Method("inner", GRAPH, None, NEVER, TO_INNER),
    Method("without_autodiff", GRAPH, None, NEVER, TO_INNER),
    Method("backward", GRAPH, None, GRADIENTS, "(&self) -> B::Gradients"),
    Method("grad", GRAPH, None, NEVER, GRAD),
    Method("is_tracked", GRAPH, None, NEVER, "(&self) -> bool"),
    Method("is_require_grad", GRAPH, None, NEVER, "(&self) -> bool"),
    Method("grad_remove", GRAPH, None, NEVER, GRAD_REMOVE),
    Method("grad_replace", GRAPH, None, NEVER, GRAD_REPLACE),
    # reads: the values leave the graph
    Method("into_data", READ, None, NEVER, "(self) -> TensorData"),
    Method("to_data", READ, None, NEVER, "(&self) -> TensorData"),
    Method("into_scalar", READ, None, NEVER, "(self) -> B::FloatElem"),
    Method("dims", READ, None, NEVER, "(&self) -> [usize; D]"),
    Method("shape", READ, None, NEVER, "(&self) -> Shape", LINT_ONLY),
    Method("device", READ, None, NEVER, "(&self) -> B::Device"),
    Method("into_primitive", READ, None, NEVER, "(self) -> TensorPrimitive<B>", LINT_ONLY),
    # Int and Bool results: Burn's autodiff tracks float tensors only
    Method("argsort", INT_BOOL, None, NEVER, ALONG, LINT_ONLY),
    Method("greater", INT_BOOL, None, NEVER, COMPARED),
    Method("greater_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("lower", INT_BOOL, None, NEVER, COMPARED),
    Method("lower_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("equal", INT_BOOL, None, NEVER, COMPARED),
    Method("not_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("greater_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("greater_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("lower_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("lower_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("not_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("bool", INT_BOOL, None, NEVER, TO_BOOL),  # `not_equal_elem(0)`
    Method("is_nan", INT_BOOL, None, NEVER, TO_BOOL),
    Method("is_inf", INT_BOOL, None, NEVER, TO_BOOL),
    Method("int", INT_BOOL, None, NEVER, "(self) -> Tensor<B, D, Int>"),
    Method("all", INT_BOOL, None, NEVER, "(self) -> Tensor<B, 1, Bool>", LINT_ONLY),
    Method("any", INT_BOOL, None, NEVER, "(self) -> Tensor<B, 1, Bool>", LINT_ONLY),
    # -- indexing a float tensor by an Int tensor: tracked float ops (the indices take no node)
    Method("gather", SHAPE, "Gather", INPUTS, "(self, dim: I, indices: Tensor<B, D, Int>) -> Self"),
    Method("select", SHAPE, "Select", INPUTS, "(self, dim: I, indices: Tensor<B, 1, Int>) -> Self"),
    # -- reshapes, slices and masks: `squeeze*` and `flatten` are one reshape, `narrow` one
    # slice, `chunk` a `narrow` per piece, `stack` an unsqueeze of each then `cat` (burn-tensor);
    # `repeat_dim` and `mask_fill` are one node each (burn-autodiff's `Repeat`, `MaskFill`)
    Method("squeeze", SHAPE, None, INPUTS, "(self) -> Tensor<B, D2>"),
    Method("squeeze_dim", SHAPE, None, INPUTS, "(self, dim: I) -> Tensor<B, D2>"),
    Method("flatten", SHAPE, None, INPUTS, "(self, start_dim: I, end_dim: J) -> Tensor<B, D2>"),
    Method("narrow", SHAPE, None, INPUTS, "(self, dim: I, start: usize, length: usize) -> Self"),
    Method("chunk", SHAPE, None, INPUTS, "(self, chunks: usize, dim: I) -> Vec<Self>", ids="n"),
    Method("split", SHAPE, None, INPUTS, "(self, split_size: usize, dim: I) -> Vec<Self>", ids="n"),
    Method("slice_dim", SHAPE, None, INPUTS, "(self, dim: I, slice: S1) -> Self"),
    # -- burn-tensor's stats.rs: mean_dim, sub, square, sum_dim, div_scalar
    Method("cumsum", SHAPE, "CumSum", INPUTS, ALONG_KEPT),
    Method("var", REDUCTION, None, INPUTS, ALONG_KEPT, ids=5),
    Method("var_bias", REDUCTION, None, INPUTS, ALONG_KEPT, ids=5),
    Method("var_mean", REDUCTION, None, INPUTS, "(self, dim: I) -> (Self, Self)", ids=5),
    Method("random_like", CREATION, None, NEVER, "(&self, distribution: Distribution) -> Self"),
    Method(
        "stack", SHAPE, None, INPUTS, "(tensors: Vec<Self>, dim: I) -> Tensor<B, D2>", ids="n + 1"
    ),
    Method("repeat_dim", SHAPE, "RepeatDim", INPUTS, "(self, dim: I, times: usize) -> Self"),
    # -- base.rs's layouts made of other ops (engine/tensor_layout.py): `movedim` one permute,
    # `roll_dim` two slices and a cat (per rolled dim for `roll`), `repeat` a repeat_dim per dim
    # repeated; ids for a call that moves, rolls one dim, repeats one dim (none when a no-op)
    Method("movedim", SHAPE, None, INPUTS, "(self, src: M, dst: M) -> Self"),
    Method("roll_dim", SHAPE, None, INPUTS, "(self, shift: I, dim: J) -> Self", ids=3),
    Method("roll", SHAPE, None, INPUTS, "(self, shifts: &[I], dims: &[J]) -> Self", ids=3),
    Method("repeat", SHAPE, None, INPUTS, "(self, sizes: &[usize]) -> Self"),
    Method("expand", SHAPE, "Expand", INPUTS, "(self, shape: S) -> Tensor<B, D2>"),
    Method("flip", SHAPE, "Flip", INPUTS, "(self, axes: [I; N]) -> Self"),
    Method("slice_assign", SHAPE, "SliceAssign", INPUTS, "(self, slices: R, values: Self) -> Self"),
    Method("mask_fill", SCALAR, "MaskFill", INPUTS, MASKED_NUMBER),
    Method("mask_where", BINARY, "MaskWhere", INPUTS, MASKED_TENSOR),
    # -- burn-tensor's orderable.rs: a Bool comparison (no node), then one `mask_where` node;
    # base.rs: `K::ones`/`K::zeros` of the receiver's shape and device, a new leaf
    Method("min_pair", BINARY, None, INPUTS, WITH_TENSOR),
    Method("max_pair", BINARY, None, INPUTS, WITH_TENSOR),
    Method("ones_like", CREATION, None, NEVER, "(&self) -> Self"),
    Method("zeros_like", CREATION, None, NEVER, "(&self) -> Self"),
)

# -- functions and modules whose forward runs several ops -----------------------------------------


@dataclass(frozen=True)
class Composite:
    """A function of `burn::tensor::activation` or a module's `forward` (burn-nn), and the node ids
    it takes on the autodiff device: `ids` for its ops, in `ops`' order, and `param_ids` for the
    parameters the forward reads, when it reads them first (lazy params; weight before bias).
    `pbpit.nn` and `pbpit.engine.activation` compute them; tests/test_tensor_api.py counts."""

    name: str
    ids: int
    ops: str
    param_ids: int = 0


COMPOSITES: tuple[Composite, ...] = (
    Composite("activation::relu", 1, "relu"),
    Composite("activation::sigmoid", 1, "sigmoid"),
    Composite("activation::tanh", 1, "tanh"),
    Composite("activation::gelu", 1, "gelu"),
    Composite("activation::silu", 2, "sigmoid, mul"),
    Composite("activation::log_sigmoid", 1, "log_sigmoid (Flex's fused kernel)"),
    Composite("activation::leaky_relu", 2, "mul_scalar, mask_where"),
    Composite("activation::softplus", 5, "mul_scalar, exp, add_scalar, log, div_scalar"),
    Composite("activation::softmax", 6, "detach, max_dim, sub, exp, sum_dim, div"),
    Composite("activation::log_softmax", 7, "detach, max_dim, sub, exp, sum_dim, log, sub"),
    Composite(
        "activation::quiet_softmax", 9, "detach, max_dim, sub, exp, sum_dim, neg, exp, add, div"
    ),
    # A 2-D input (burn-backend's default `linear`: the autodiff backend's fused one is not
    # reached through the dispatching backend); a 1-D one adds a reshape before and after.
    Composite("Linear::forward", 3, "matmul, the bias reshaped to [1, d_out], add", 2),
    Composite("Linear::forward without bias", 1, "matmul", 1),
    Composite(
        "LayerNorm::forward",
        11,
        "mean_dim, sub, mul, mean_dim, add_scalar, sqrt, div, reshape, mul, reshape, add",
        2,
    ),
    Composite("Embedding::forward", 1, "embedding", 1),
    Composite("LeakyRelu::forward", 2, "activation::leaky_relu: mul_scalar, mask_where"),
    Composite("Conv2d::forward", 1, "conv2d", 2),
    Composite("Conv2d::forward without bias", 1, "conv2d", 1),
    Composite("AdaptiveAvgPool2d::forward", 1, "adaptive_avg_pool2d"),
    Composite("Dropout::forward", 3, "a Bernoulli mask (a new leaf), mul, mul_scalar"),
    Composite(
        "CrossEntropyLoss::forward",
        11,
        "log_softmax (7), gather, reshape, mean, neg",
    ),
    Composite(
        "BinaryCrossEntropyLoss::forward",
        11,
        "float (the targets), sub_scalar, neg, log1p, clamp_min, mul, log, clamp_min, mul, sub, "
        "mean",
    ),
    Composite(
        "BinaryCrossEntropyLoss::forward with logits",
        7,
        "float (the targets), neg, add_scalar, mul, log_sigmoid, sub, mean",
    ),
    Composite("MseLoss::forward, Reduction::Mean", 3, "sub, mul, mean"),
    Composite("MseLoss::forward, Reduction::Sum", 3, "sub, mul, sum"),
    Composite("MseLoss::forward_no_reduction", 2, "sub, mul"),
)
COMPOSITE_BY_NAME: dict[str, Composite] = {c.name: c for c in COMPOSITES}


# -- Int and Bool tensors: `Tensor<B, D, Int>`, `Tensor<B, D, Bool>` ------------------------------
# Their methods, as Burn declares them on those kinds. None takes part in the graph: Burn's
# autodiff tracks float tensors only (`pbpit.engine.int_tensor`); `float()` on the autodiff
# device is a new untracked float node.

WITH_INT = "(self, other: Self) -> Self"
INT_METHODS: tuple[Method, ...] = (
    Method("clone", GRAPH, None, SAME, "(&self) -> Self"),
    Method("dims", READ, None, NEVER, "(&self) -> [usize; D]"),
    Method("into_data", READ, None, NEVER, "(self) -> TensorData"),
    Method("to_data", READ, None, NEVER, "(&self) -> TensorData"),
    Method("into_scalar", READ, None, NEVER, "(self) -> B::IntElem"),
    Method("reshape", SHAPE, None, NEVER, "(self, shape: S) -> Tensor<B, D2, Int>"),
    Method("squeeze_dim", SHAPE, None, NEVER, "(self, dim: I) -> Tensor<B, D2, Int>"),
    Method("gather", SHAPE, None, NEVER, "(self, dim: I, indices: Tensor<B, D, Int>) -> Self"),
    Method("select", SHAPE, None, NEVER, "(self, dim: I, indices: Tensor<B, 1, Int>) -> Self"),
    Method("narrow", SHAPE, None, NEVER, "(self, dim: I, start: usize, length: usize) -> Self"),
    Method("slice", SHAPE, None, NEVER, "(self, slices: R) -> Self"),
    Method("flatten", SHAPE, None, NEVER, "(self, start_dim: I, end_dim: J) -> Tensor<B, D2, Int>"),
    # Burn's layout methods of every kind (`K: BasicOps`), run as a float tensor's are
    Method("unsqueeze", SHAPE, None, NEVER, "(self) -> Tensor<B, D2, Int>"),
    Method("unsqueeze_dim", SHAPE, None, NEVER, "(self, dim: I) -> Tensor<B, D2, Int>"),
    Method("squeeze", SHAPE, None, NEVER, "(self) -> Tensor<B, D2, Int>"),
    Method("transpose", SHAPE, None, NEVER, ELEMENTWISE),
    Method("t", SHAPE, None, NEVER, ELEMENTWISE),
    Method("swap_dims", SHAPE, None, NEVER, "(self, dim1: I, dim2: J) -> Self"),
    Method("permute", SHAPE, None, NEVER, "(self, axes: [I; D]) -> Self"),
    Method("flip", SHAPE, None, NEVER, "(self, axes: [I; N]) -> Self"),
    Method("chunk", SHAPE, None, NEVER, "(self, chunks: usize, dim: I) -> Vec<Self>"),
    Method("split", SHAPE, None, NEVER, "(self, split_size: usize, dim: I) -> Vec<Self>"),
    Method("slice_dim", SHAPE, None, NEVER, "(self, dim: I, slice: S1) -> Self"),
    Method("repeat_dim", SHAPE, None, NEVER, "(self, dim: I, times: usize) -> Self"),
    Method("movedim", SHAPE, None, NEVER, "(self, src: M, dst: M) -> Self"),
    Method("roll_dim", SHAPE, None, NEVER, "(self, shift: I, dim: J) -> Self"),
    Method("roll", SHAPE, None, NEVER, "(self, shifts: &[I], dims: &[J]) -> Self"),
    Method("repeat", SHAPE, None, NEVER, "(self, sizes: &[usize]) -> Self"),
    Method("expand", SHAPE, None, NEVER, "(self, shape: S) -> Tensor<B, D2, Int>"),
    Method("one_hot", INT_BOOL, None, NEVER, "(self, num_classes: usize) -> Tensor<B, D2, Int>"),
    Method("sum", REDUCTION, None, NEVER, "(self) -> Tensor<B, 1, Int>"),
    Method("sum_dim", REDUCTION, None, NEVER, "(self, dim: usize) -> Self"),
    Method("argmax", INT_BOOL, None, NEVER, ALONG),
    Method("argmin", INT_BOOL, None, NEVER, ALONG),
    Method("add", BINARY, None, NEVER, WITH_INT),
    Method("sub", BINARY, None, NEVER, WITH_INT),
    Method("mul", BINARY, None, NEVER, WITH_INT),
    Method("add_scalar", SCALAR, None, NEVER, WITH_NUMBER),
    Method("sub_scalar", SCALAR, None, NEVER, WITH_NUMBER),
    Method("mul_scalar", SCALAR, None, NEVER, WITH_NUMBER),
    Method("div", BINARY, None, NEVER, WITH_INT),
    Method("div_scalar", SCALAR, None, NEVER, WITH_NUMBER),
    Method("neg", UNARY, None, NEVER, ELEMENTWISE),
    Method("equal", INT_BOOL, None, NEVER, COMPARED),
    Method("not_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("not_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("greater_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("lower_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("greater_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("lower_equal_elem", INT_BOOL, None, NEVER, COMPARED_TO_NUMBER),
    Method("greater", INT_BOOL, None, NEVER, COMPARED),
    Method("greater_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("lower", INT_BOOL, None, NEVER, COMPARED),
    Method("lower_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("float", INT_BOOL, None, NEVER, "(self) -> Tensor<B, D>", ids=1),  # a new float leaf
    Method("bool", INT_BOOL, None, NEVER, TO_BOOL),
    Method("mask_fill", SCALAR, None, NEVER, MASKED_NUMBER),
    Method("mask_where", BINARY, None, NEVER, MASKED_TENSOR),
)
EVERY_KIND = (
    "reshape", "narrow", "slice", "flatten", "unsqueeze", "unsqueeze_dim", "squeeze",
    "squeeze_dim", "transpose", "t", "swap_dims", "permute", "flip", "chunk", "split",
    "slice_dim", "repeat_dim", "expand", "movedim", "roll_dim", "roll", "repeat",
)  # fmt: skip
"""Layout methods Burn has on every kind (`K: BasicOps`): the Int rows, a Bool tensor's too."""
BOOL_METHODS: tuple[Method, ...] = (
    *(m for m in INT_METHODS if m.name in ("clone", "dims", "into_data", "to_data")),
    *(
        replace(m, rust=m.rust.replace(", Int>", ", Bool>"))
        for m in INT_METHODS
        if m.name in EVERY_KIND
    ),
    Method("into_scalar", READ, None, NEVER, "(self) -> bool"),
    Method("equal", INT_BOOL, None, NEVER, COMPARED),
    Method("not_equal", INT_BOOL, None, NEVER, COMPARED),
    Method("int", INT_BOOL, None, NEVER, "(self) -> Tensor<B, D, Int>"),
    Method("float", INT_BOOL, None, NEVER, "(self) -> Tensor<B, D>", ids=1),
    Method("bool_not", INT_BOOL, None, NEVER, "(self) -> Self"),
    Method("any", INT_BOOL, None, NEVER, "(self) -> Tensor<B, 1, Bool>"),
    Method("all", INT_BOOL, None, NEVER, "(self) -> Tensor<B, 1, Bool>"),
)
RUST_KIND_METHODS: dict[str, dict[str, Method]] = {
    "Int": {m.name: m for m in INT_METHODS},
    "Bool": {m.name: m for m in BOOL_METHODS},
}
"""What the Rust interpreter accepts as `tensor.name(..)` on an Int or a Bool tensor."""
KIND_FUNCTIONS = frozenset(("from_ints", "arange"))
"""`Tensor::` functions Burn has on the Int kind only: their result is an Int tensor."""

BY_NAME: dict[str, Method] = {m.name: m for m in METHODS}
RUST_METHODS: dict[str, Method] = {m.name: m for m in METHODS if m.runs and m.receiver is not None}
"""What the Rust interpreter accepts as `tensor.name(..)`."""
RUST_FUNCTIONS: dict[str, Method] = {m.name: m for m in METHODS if m.runs and m.receiver is None}
"""What the Rust interpreter accepts as `Tensor::name(..)`."""


def of_kind(kind: str) -> tuple[Method, ...]:
    """The rows of `kind`, in table order."""
    return tuple(m for m in METHODS if m.kind == kind)


# -- for lint -------------------------------------------------------------------------------------

# Not `Tensor` methods, but lint meets them on a tensor's way: std's wrappers hand the tensor back
# unchanged; a `TensorData`'s, a `Vec`'s and a `Module`'s reads give plain values.
STD_PASS_THROUGH = ("unwrap", "expect", "to_owned", "borrow", "as_ref", "into")
OTHER_READS = ("to_vec", "len", "is_empty", "num_params", "into_record", "save_file")

SAME_TENSOR: frozenset[str] = frozenset(
    (*(m.name for m in METHODS if m.tracked == SAME), *STD_PASS_THROUGH)
)
"""Methods whose result is the receiver's own tensor (same NodeId): `clone`, and std's `unwrap`,
`as_ref`, `into`... that hand a tensor through."""
UNTRACKED_RESULT: frozenset[str] = frozenset(
    (*(m.name for m in METHODS if m.receiver is not None and m.tracked == NEVER), *OTHER_READS)
)
"""Methods whose result never takes part in the graph: reads, gradients, the inner backend's
tensor, Int and Bool tensors, and the reads of other types lint meets (`to_vec`, `len`...)."""
FROM_DATA: frozenset[str] = frozenset(m.name for m in METHODS if m.kind == CREATION)
"""`Tensor::` functions that make a new tensor from numbers or a shape: it is untracked."""
