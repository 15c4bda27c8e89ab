"""Burn's `Shape`, what `tensor.shape()` gives (any kind of tensor), as Burn 0.22 defines it.

Burn 0.22 re-exports cubecl-zspace's `Shape` (burn-std `tensor/shape.rs`; the crate at the
revision Burn's Cargo.toml pins, 48348968): `pub struct Shape { dims: SmallVec<[usize; 5]> }`,
the field private since Burn 0.21 (Burn PR #4516), so `shape.dims[0]` is rustc's E0616 (`a
method `dims` also exists`); `#[derive(Debug)]` prints `Shape { dims: [2, 3] }`, and `Display`
is `self.dims.fmt(f)`: the `SmallVec`'s `Debug`, `[2, 3]`, each entry formatted with the
placeholder's width and fill (`debug_list`). Its methods: `num_elements()` (the product),
`num_dims()` and `rank()`, `dims::<D>()` (the first `D` sizes as an array), `to_vec()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbpit.rust.interp.builtins import Builtin, Code, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Method
from pbpit.rust.interp.types import USIZE, Named, Ty, Wrap, array, resolve, vec

SHAPE = Named("Shape")
"""burn-std's (cubecl-zspace's) `Shape`."""


class ShapeValue:
    """A `Shape` at run time: its sizes."""

    __slots__ = ("dims",)

    def __init__(self, dims: list[int]) -> None:
        self.dims = dims

    def __eq__(self, other: object) -> bool:  # `PartialEq`, derived
        return type(other) is ShapeValue and other.dims == self.dims

    __hash__ = None  # type: ignore[assignment]


# -- `tensor.shape()` -----------------------------------------------------------------------------


def _shape_of(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: ShapeValue(list(recv(frame).shape))


def _check_shape_of(checker: Any, e: Any, recv: Ty) -> Ty:
    checker.args(e)
    return SHAPE


TENSOR_SHAPE = Builtin("tensor", "shape", (), "", _shape_of, check=_check_shape_of)
"""`tensor.shape()` (`&self -> Shape`), of a Float, Int or Bool tensor."""


# -- its methods ------------------------------------------------------------------------------


def _num_elements(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    def product(frame: list) -> int:
        n = 1
        for d in recv(frame).dims:
            n *= d
        return n

    return product


def _num_dims(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: len(recv(frame).dims)


def _to_vec(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    return lambda frame: list(recv(frame).dims)


def _dims(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """`dims::<D>()`: `dims[..D].copy_from_slice(&self.dims[..D])`, which panics inside core
    (a slice index out of range, where the toolchain puts it) when `D` is past the rank."""
    size = resolve(e.ty).size  # type: ignore[attr-defined]
    if size is None:
        raise comp.fail(
            e.pos, "`dims()` of a `Shape` whose length pbpit cannot tell (write `dims::<D>()`)"
        )
    where = comp.where(e.pos)

    def dims(frame: list) -> list:
        found = recv(frame).dims
        if size > len(found):
            from pbpit.rust.interp.nodes import Unsupported

            raise Unsupported(
                where,
                f"`dims::<{size}>()` of a shape of rank {len(found)} panics inside core (a "
                "slice index out of range), at a location that depends on the Rust toolchain",
            )
        return list(found[:size])

    return dims


def _check_dims(checker: Any, e: Any, recv: Ty) -> Ty:
    """`shape.dims::<D>()`, or `let [a, b] = shape.dims();` (`D` from what the array meets)."""
    checker.args(e)
    if len(e.targs) > 1:
        raise checker.fail(e.pos, "`dims` takes one type argument")
    if e.targs:
        given = resolve(e.targs[0])
        if getattr(given, "dim", None) is None:  # `dims::<2>()` lowers to a rank
            raise checker.fail(e.pos, "`dims::<D>()` with `D` a number")
        return array(USIZE, given.dim)  # type: ignore[attr-defined]
    # `let [a, b] = shape.dims();` gives `D` (`array_pattern`); else refused (`_dims`)
    return array(USIZE, getattr(e, "pattern_length", None))


def _check_to_vec(checker: Any, e: Any, recv: Ty) -> Ty:
    checker.args(e)
    return vec(USIZE)


METHODS = rows(
    "Shape",
    Builtin("Shape", "num_elements", (), "usize", _num_elements),
    Builtin("Shape", "num_dims", (), "usize", _num_dims),
    Builtin("Shape", "rank", (), "usize", _num_dims),
    Builtin("Shape", "to_vec", (), "", _to_vec, check=_check_to_vec),
    Builtin("Shape", "dims", None, "", _dims, check=_check_dims),
)


def array_pattern(init: Any, pattern: Any) -> None:
    """`let [a, b] = x.dims();`: the array pattern's length, for a `Shape`'s `dims::<D>()`
    whose `D` rustc infers from it (`Method.pattern_length`; a tensor's `dims()` has its rank)."""
    if not (isinstance(init, Method) and init.name == "dims" and not init.targs and not init.args):
        return
    if pattern.type != "slice_pattern":
        return
    elems = [c for c in pattern.named_children if c.type not in ("line_comment", "block_comment")]
    if all(c.type != "remaining_field_pattern" for c in elems):
        init.pattern_length = len(elems)  # type: ignore[attr-defined]


def private_field(checker: Any, e: Any) -> Exception:
    """`shape.dims` (or any field): rustc's E0616, in rustc 1.95's words."""
    what = f"field `{e.name}` of struct `Shape` is private"
    if e.name not in ("dims",):
        what = f"no field `{e.name}` on type `Shape`"
        return checker.fail(e.pos, rejects(what, "E0609"))
    err = checker.fail(e.pos, rejects(what, "E0616"))
    err.label = "private field"
    err.help = "a method `dims` also exists, call it with parentheses"
    return err


# -- printing -------------------------------------------------------------------------------------


def formatter(
    entry: Callable[[object], str], debug: bool, lines: Callable[..., str] | None
) -> Callable[[object], str]:
    """`{}` (`[2, 3]`), `{:?}` (`Shape { dims: [2, 3] }`) or `{:#?}` (`lines`: core's
    alternate layout) of a `Shape`, `entry` printing one size as the placeholder says."""
    if lines is not None:
        return lambda s: lines(
            "Shape ",
            [f"dims: {lines('', [entry(d) for d in s.dims], '[', ']')}"],
            "{",
            "}",  # type: ignore[attr-defined]
        )
    if debug:
        return lambda s: "Shape { dims: [" + ", ".join(map(entry, s.dims)) + "] }"  # type: ignore[attr-defined]
    return lambda s: "[" + ", ".join(map(entry, s.dims)) + "]"  # type: ignore[attr-defined]


# -- `shape[i]` -----------------------------------------------------------------------------------


def check_index(checker: Any, e: Any) -> Ty:
    """`y.shape()[0]`: cubecl-zspace's `impl<Idx: SliceIndex<[usize]>> Index<Idx> for Shape`
    (`&self.dims[index]`), a `usize`; an index no `usize` is rustc's E0277 as for a slice. A
    range (`&shape[1..]`, a `[usize]`) is refused."""
    from pbpit.rust.interp.types import Var, show

    found = resolve(checker.expr(e.index))
    if type(found) is Wrap and found.kind == "Range":
        raise checker.fail(e.pos, "a `Shape` indexed by a range (index it by a `usize`)")
    if e.index.borrowed or (
        (type(found) is not Var or found.kind == "float") and found is not USIZE
    ):
        shown = ("&" if e.index.borrowed else "") + show(found)
        what = f"the type `[usize]` cannot be indexed by `{shown}`"
        err = checker.fail(e.index.pos, rejects(what, "E0277"))
        err.label = "slice indices are of type `usize` or ranges of `usize`"
        raise err
    checker.unify(USIZE, found, e.index.pos)
    return USIZE


def compile_index(comp: Any, e: Any) -> Code:
    """`shape[i]`: the size. Past the end `[usize]`'s index panics inside cubecl-zspace's
    `index` (no `#[track_caller]`: the location is a line of its source in Cargo's checkout,
    which pbpit cannot write): refused there, at run time."""
    from pbpit.rust.interp.nodes import Unsupported

    base, index, where = comp.expr(e.base), comp.expr(e.index), comp.where(e.pos)

    def get(frame: list) -> int:
        dims, i = base(frame).dims, index(frame)
        if i >= len(dims):
            what = (
                f"`Shape` index {i} past its {len(dims)} sizes (Rust panics inside "
                "cubecl-zspace, at a location pbpit cannot write)"
            )
            raise Unsupported(where, what)
        return dims[i]

    return get
