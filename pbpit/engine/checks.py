"""Burn's `TensorCheck`: the shape checks burn-tensor runs before an op, and the panics they give.

burn-tensor (`tensor/api/check.rs`, commit 2c06be35) checks a call's arguments in the tensor API,
before any backend runs it; a failed check panics (`check!`, a `macro_rules!` whose
`core::panic!` Rust reports at the `check!` line of the API function that checks). Its message
is `FailedTensorCheck::format`:

    === Tensor Operation Error ===
      Operation: 'Matmul'
      Reason:
        1. <description> <details> \n

each error numbered, its description and details each followed by one space, and a final
newline (so an empty line before the panic's `note:`). A `Shape` prints as its derived `Debug`,
`Shape { dims: [2, 3] }` (cubecl-zspace at the revision Burn pins, 48348968).

`into_scalar` is `#[track_caller]` and `expect`s `try_into_scalar`'s result: its panic is at the
caller's call site, in `Result::expect`'s words (`CallerPanic`).

Locations are the lines of commit 2c06be35 in the registry path of 0.22.1, as for
`server.TENSOR_LOCATION`: they may differ in 0.22.1 itself.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from pbpit.engine.server import Panic

_CRATE = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-tensor-0.22.1/src/tensor/api/"

# Where each `check!` is (file:line:col of the macro's call in the checking function).
ADD = _CRATE + "numeric.rs:38:9"
SUB = _CRATE + "numeric.rs:89:9"
DIV = _CRATE + "numeric.rs:140:9"
MUL = _CRATE + "numeric.rs:223:9"
MATMUL = _CRATE + "numeric.rs:818:9"
SQUEEZE = _CRATE + "base.rs:778:9"
SLICE = _CRATE + "base.rs:1311:9"
CAT = _CRATE + "base.rs:2486:9"
STACK = _CRATE + "base.rs:2539:9"
NARROW = _CRATE + "base.rs:2610:9"
GATHER = _CRATE + "base.rs:1825:9"
SPLIT = _CRATE + "base.rs:2728:9"
EXPAND = _CRATE + "base.rs:3050:9"
FLIP = _CRATE + "base.rs:646:9"
RESHAPE = _CRATE + "check.rs:1497:13"  # `unwrap_shape_reshape`'s `check!`
MOVEDIM_VEC = _CRATE + "base.rs:3286:9"  # `MovedimArgs for Vec<I>`'s check
MOVEDIM_LENGTH = _CRATE + "base.rs:574:9"
ROLL_LENGTH = _CRATE + "base.rs:1120:9"  # `roll`'s `assert_eq!`
ELEMENTWISE: dict[str, tuple[str, str]] = {
    "add": ("Add", ADD),
    "sub": ("Sub", SUB),
    "div": ("Div", DIV),
    "mul": ("Mul", MUL),
    "equal": ("Equal", _CRATE + "base.rs:2375:9"),
    "not_equal": ("NotEqual", _CRATE + "base.rs:2402:9"),
}
"""The binary ops whose shapes burn-tensor checks (`TensorCheck::binary_ops_ew`), of Float and
Int tensors alike: Burn's name of the op in the message, and where."""

INTO_SCALAR = (
    "Error while reading data: use `try_into_scalar` instead to catch the error at runtime: "
    "InvalidShape {{ expected: 1, actual: {actual} }}"
)
"""`into_scalar`'s `expect` of `TensorReadError::InvalidShape` (its derived `Debug`)."""


class CallerPanic(Panic):
    """A panic of a `#[track_caller]` API function: Rust reports it where the program called
    it. The Rust interpreter puts its call site in `location`; a Python case's is the line of
    the case that called the engine."""

    def __init__(self, message: str) -> None:
        super().__init__(message, None, _python_caller())


def _python_caller() -> str:
    """`file:line:col` of the innermost frame outside pbpit (a Python case's call)."""
    package = __file__.rsplit("/engine/", 1)[0] + "/"
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(package):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return "<unknown>"
    column = 1
    for i, (_, _, col, _) in enumerate(frame.f_code.co_positions()):
        if i == frame.f_lasti // 2 and col is not None:
            column = col + 1
    return f"{frame.f_code.co_filename}:{frame.f_lineno}:{column}"


def shape_debug(dims: Sequence[int]) -> str:
    return f"Shape {{ dims: [{', '.join(str(int(d)) for d in dims)}] }}"


# Where each API function's `unwrap_dim_index(dim.try_dim_index(D), op)` is: `#[track_caller]`,
# so its panic is reported at that call (line and column of `unwrap_dim_index`), in the words of
# cubecl-zspace's `BoundsError` (`dimension {index} out of bounds: 0..{rank}`, the index as
# given). pbpit's name of the argument (the op, `.dim2` for a second dim) to Burn's op name and
# place.
DIM_INDEX: dict[str, tuple[str, str]] = {
    "swap_dims": ("Swap Dims", "base.rs:468:20"),
    "swap_dims.dim2": ("Swap Dims", "base.rs:469:20"),
    "permute": ("Permute", "base.rs:514:23"),
    "flip": ("Flip", "base.rs:642:35"),
    "flatten": ("Flatten", "base.rs:691:25"),
    "flatten.end_dim": ("Flatten", "base.rs:692:23"),
    "squeeze_dim": ("Squeeze", "base.rs:777:19"),
    "unsqueeze_dim": ("Unsqueeze", "base.rs:927:19"),
    "slice_dim": ("Slice", "base.rs:1543:19"),
    "select": ("Select", "base.rs:1622:19"),
    "gather": ("Gather", "base.rs:1824:19"),
    "repeat_dim": ("Repeat", "base.rs:2297:19"),
    "roll_dim": ("Roll", "base.rs:1050:19"),
    "roll": ("Roll", "base.rs:1139:23"),
    "cat": ("Cat", "base.rs:2485:19"),
    "stack": ("Stack", "base.rs:2538:19"),
    "narrow": ("Narrow", "base.rs:2609:19"),
    "chunk": ("Chunk", "base.rs:2669:19"),
    "split": ("Split", "base.rs:2727:19"),
    "mean_dim": ("Mean Dim", "numeric.rs:346:19"),
    "sum_dim": ("Sum Dim", "numeric.rs:400:19"),
    "cumsum": ("Cumsum", "numeric.rs:560:19"),
    "prod_dim": ("Prod Dim", "numeric.rs:507:19"),
    "var": ("Var", "float.rs:152:19"),
    "var_bias": ("Var Bias", "float.rs:160:19"),
    "var_mean": ("Var Mean", "float.rs:168:19"),
    "argmax": ("Argmax", "orderable.rs:583:19"),
    "max_dim_with_indices": ("Max Dim With Indices", "orderable.rs:656:19"),
    "argmin": ("Argmin", "orderable.rs:799:19"),
    "min_dim": ("Min Dim", "orderable.rs:848:19"),
    "min_dim_with_indices": ("Min Dim With Indices", "orderable.rs:903:19"),
    "max_dim": ("Max Dim", "orderable.rs:1119:19"),
}


def dim_index(op: str, index: int, rank: int) -> None:
    """`unwrap_dim_index`'s panic for a dim out of `0..rank` (nothing for an op not listed)."""
    known = DIM_INDEX.get(op)
    if known is not None:
        name, where = known
        reason = f"BoundsError: dimension {index} out of bounds: 0..{rank}"
        raise failed(name, [(reason, None)], _CRATE + where)


def failed(op: str, errors: Sequence[tuple[str, str | None]], location: str) -> Panic:
    """The panic of a failed check of `op`: its errors, (description, details or None)."""
    message = f"=== Tensor Operation Error ===\n  Operation: '{op}'\n  Reason:"
    for number, (description, details) in enumerate(errors, 1):
        message += f"\n    {number}. {description} "
        if details is not None:
            message += f"{details} "
    return Panic(message + "\n", None, location)


def into_scalar(size: int) -> None:
    if size != 1:
        raise CallerPanic(INTO_SCALAR.format(actual=size))


def elementwise(name: str, lhs: Sequence[int], rhs: Sequence[int]) -> None:
    """`binary_ops_ew_shape`: one error per dim where the sizes differ and neither is 1."""
    op, location = ELEMENTWISE[name]
    errors = [
        (
            "The provided tensors have incompatible shapes.",
            f"Incompatible size at dimension '{i}' => '{a} != {b}', which can't be broadcasted. "
            f"Lhs tensor shape {shape_debug(lhs)}, Rhs tensor shape {shape_debug(rhs)}.",
        )
        for i, (a, b) in enumerate(zip(lhs, rhs, strict=True))
        if a != b and a != 1 and b != 1
    ]
    if errors:
        raise failed(op, errors, location)


def matmul(lhs: Sequence[int], rhs: Sequence[int]) -> None:
    """`TensorCheck::matmul` (rank 2 and up): the inner dims equal."""
    if len(lhs) >= 2 and lhs[-1] != rhs[-2]:
        raise failed(
            "Matmul",
            [
                (
                    "The inner dimension of matmul should be the same, but got "
                    f"{lhs[-1]} and {rhs[-2]}.",
                    f"Lhs shape {shape_debug(lhs)}, rhs shape {shape_debug(rhs)}.",
                )
            ],
            MATMUL,
        )


def reshape(shape: Sequence[int], target: Sequence[int]) -> None:
    """cubecl-zspace's `Shape::reshape` (0 keeps the size, one -1 inferred), its
    `MetadataError::Invalid` reason panicked with by `unwrap_shape_reshape`."""
    reason = None
    if list(target).count(-1) > 1:
        reason = "Repeated -1 in reshape"
    elif any(s < -1 for s in target):
        reason = "The given shape cannot contain negative dimensions (other than -1)."
    else:
        dims = [shape[i] if s == 0 else (1 if s == -1 else s) for i, s in enumerate(target)]
        size, new_size = _product(shape), _product(dims)
        if -1 not in target and size != new_size:
            reason = (
                "The given shape doesn't have the same number of elements as the current "
                f"shape. Current shape: {_list(shape)}, target shape: {_list(dims)}."
            )
        elif -1 in target and (new_size == 0 or size % new_size):
            reason = (
                "Cannot infer a valid target shape. Current shape: "
                f"{_list(shape)}, target dimensions: {_list(target)}."
            )
    if reason is not None:
        raise failed("Reshape", [(reason, None)], RESHAPE)


def cat(shapes: Sequence[Sequence[int]], axis: int) -> None:
    """`TensorCheck::cat`: every dim but `axis` equal to the first tensor's."""
    if not shapes:
        raise failed("Cat", [("Can't concatenate an empty list of tensors.", None)], CAT)
    first = [1 if i == axis else d for i, d in enumerate(shapes[0])]
    for shape in shapes:
        if [1 if i == axis else d for i, d in enumerate(shape)] != first:
            raise failed(
                "Cat",
                [
                    (
                        "Can't concatenate tensors with different shapes, except for the "
                        "provided dimension",
                        f"Provided dimension ({axis}), tensors shapes: {_shapes(shapes)}",
                    )
                ],
                CAT,
            )


def stack(shapes: Sequence[Sequence[int]], dim: int) -> None:
    """`TensorCheck::stack`: every shape equal (the ranks are the type's)."""
    if not shapes:
        raise failed("Stack", [("Can't stack an empty list of tensors.", None)], STACK)
    if any(list(s) != list(shapes[0]) for s in shapes):
        raise failed(
            "Stack",
            [
                (
                    "Can't stack tensors with different shapes",
                    f"Provided dimension ({dim}), tensors shapes: {_shapes(shapes)}",
                )
            ],
            STACK,
        )


def squeeze(dim: int, shape: Sequence[int]) -> None:
    if shape[dim] != 1:
        raise failed(
            "Squeeze", [(f"Can't squeeze dimension {dim} because its size is not 1", None)], SQUEEZE
        )


def narrow(dim: int, start: int, length: int, size: int) -> None:
    errors: list[tuple[str, str | None]] = []
    if length == 0:
        errors.append((f"Can't narrow at dimension {dim}, length must be greater than 0", None))
    if start >= size:
        errors.append(
            (
                f"Can't narrow at dimension {dim}, start exceeds the size of the tensor along "
                f"this dimension (Size={size})",
                None,
            )
        )
    if start + length > size:
        errors.append(
            (
                f"Can't narrow at dimension {dim}, start + length exceeds the size of the tensor "
                f"along this dimension (Size={size})",
                None,
            )
        )
    if errors:
        raise failed("Narrow", errors, NARROW)


def slice_ends(shape: Sequence[int], ends: Sequence[int | None]) -> None:
    """`TensorCheck::slice`: a range's end past its dim's size (a positive end, before
    negative ends are read from the end)."""
    errors: list[tuple[str, str | None]] = [
        (
            "The provided slice has a range that exceeds the current tensor size.",
            f"The slice end index {end} exceeds the size of the tensor ({size}) at dimension "
            f"{i}. Tensor shape {shape_debug(shape)}.",
        )
        for i, (end, size) in enumerate(zip(ends, shape, strict=False))
        if end is not None and end > 0 and end > size
    ]
    if errors:
        raise failed("Slice", errors, SLICE)


def expand(shape: Sequence[int], target: Sequence[int]) -> None:
    """`TensorCheck::expand`: dims aligned from the right (missing ones are 1); the first from
    the left whose sizes differ with neither 1 is the error (numbered from the right)."""
    rank = max(len(shape), len(target))
    padded = [1] * (rank - len(shape)) + list(shape)
    to = [1] * (rank - len(target)) + list(target)
    for i, (d_shape, d_to) in enumerate(zip(padded, to, strict=True)):
        if d_shape != d_to and d_shape != 1 and d_to != 1:
            raise failed(
                "Expand",
                [
                    (
                        "The provided tensor can't be broadcasted to the target shape.",
                        f"Incompatible size at dimension '{rank - i - 1}' => '{d_shape} != "
                        f"{d_to}', which can't be broadcasted. Tensor shape "
                        f"{shape_debug(shape)}, Target shape {shape_debug(target)}.",
                    )
                ],
                EXPAND,
            )


def flip(rank: int, axes: Sequence[int]) -> None:
    """`TensorCheck::flip` (its op named `flip`): each axis once (the range is `AsIndex`'s)."""
    if len(set(axes)) != len(axes):
        raise failed(
            "flip",
            [("The axes must be unique.", f"The axes '{_list(axes)}' are not unique.")],
            FLIP,
        )


def movedim(source: Sequence[int], destination: Sequence[int], vecs: tuple[bool, bool]) -> None:
    """`TensorCheck::movedim_args_vec` of each `Vec` given (its dims each once), then
    `movedim_args_length` (as many destinations as sources)."""
    for dims, is_vec in zip((source, destination), vecs, strict=True):
        repeated = [
            (
                "The given dimensions contain duplicates.",
                f"The dimension {a} is duplicated in the given dimensions {_list(dims)}.",
            )
            for i, a in enumerate(dims)
            for b in dims[i + 1 :]
            if a == b
        ]
        if is_vec and repeated:
            raise failed("Movedim", repeated, MOVEDIM_VEC)
    if len(source) != len(destination):
        details = (
            f"Source dimensions: {_list(source)}, Destination dimensions: {_list(destination)}."
        )
        raise failed(
            "Movedim",
            [("The number of dimensions in source and destination must be equal.", details)],
            MOVEDIM_LENGTH,
        )


def roll_lengths(dims: Sequence[int], shifts: Sequence[int]) -> None:
    """`roll`'s `assert_eq!(dims.len(), shifts.len(), ..)`, the slices printed with `{:#?}`."""

    def pretty(values: Sequence[int]) -> str:
        return "[]" if not values else "[\n" + "".join(f"    {v},\n" for v in values) + "]"

    if len(dims) != len(shifts):
        raise Panic(
            "assertion `left == right` failed: Dimensions and shifts must align; found "
            f"dims={pretty(dims)}, shifts={pretty(shifts)}\n  left: {len(dims)}\n right: "
            f"{len(shifts)}",
            None,
            ROLL_LENGTH,
        )


def gather(dim: int, shape: Sequence[int], indices: Sequence[int]) -> None:
    """`check_gather_scatter_indices`: every dim but `dim` the tensor's, an error each."""
    errors: list[tuple[str, str | None]] = [
        (
            "The tensor shape should be the same as the index tensor shape.",
            f"The shape differs at dimension {i}: {a} != {b}",
        )
        for i, (a, b) in enumerate(zip(shape, indices, strict=True))
        if i != dim and a != b
    ]
    if errors:
        raise failed("Gather", errors, GATHER)


def split(split_size: int, dim: int, size: int) -> None:
    if split_size == 0 and size != 0:
        raise failed(
            "Split",
            [
                (
                    "split_size must be greater than 0 unless the tensor size along the "
                    "dimension is 0.",
                    f"split_size: '{split_size}', tensor size along dim '{dim}': '{size}'.",
                )
            ],
            SPLIT,
        )


def _product(dims: Sequence[int]) -> int:
    out = 1
    for d in dims:
        out *= int(d)
    return out


def _list(dims: Sequence[int]) -> str:
    return "[" + ", ".join(str(int(d)) for d in dims) + "]"


def _shapes(shapes: Sequence[Sequence[int]]) -> str:
    return "[" + ", ".join(shape_debug(s) for s in shapes) + "]"
