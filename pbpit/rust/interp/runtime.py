"""What compiled code runs with: the values pbpit adds to Python's (Rust's `Ok`, Burn's
`TensorData`), control-flow signals, and the `Runtime` a program shares with its code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pbpit.engine.server import Panic
from pbpit.engine.tensor import Tensor
from pbpit.rust.format import Some
from pbpit.rust.interp import derived_hash
from pbpit.rust.interp.cmp_impls import user_eq
from pbpit.rust.interp.growth import MAX_ELEMENTS, check_allocation  # noqa: F401 - re-exported
from pbpit.rust.interp.nodes import Unsupported, Visible, visible_slots
from pbpit.rust.interp.numbers import int_to_f32
from pbpit.rust.interp.types import INT_RANGES, Named, StructT, TupleT, Ty, Wrap, resolve

Code = Callable[[list], Any]
"""A compiled expression: its value in a frame."""

UNSET = object()
"""A slot whose binding has no value yet."""
UNIT = ()


class Hooks(Protocol):
    """What the run recorder needs; only called when given."""

    def statement_done(self, bindings: dict[str, object], returning: bool) -> None: ...


class Ok:
    """`Result::Ok(value)`: the one Result pbpit makes (`to_vec::<f32>()`) never fails."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


class TensorData:
    """Burn's `TensorData`: a tensor's values, flattened, and its shape; `dtype` the Rust type
    of its elements (a Float tensor's are f32; `TensorData::new(vec![1.5f64], ..)`'s f64) and,
    for integer elements, `ints` the integers themselves (`values` holds them as f32)."""

    __slots__ = ("values", "shape", "dtype", "ints")

    def __init__(
        self,
        values: list[float],
        shape: tuple[int, ...],
        dtype: str = "f32",
        ints: list[int] | None = None,
    ) -> None:
        self.values = values
        self.shape = shape
        self.dtype = dtype
        self.ints = ints


class PanicSite:
    """Where the program's own panics at one place report themselves: `file:line:col` with the
    display column of `Location::column` (`pbpit.rust.columns`), or, when a character before it on
    its line has no known width, the refusal to say."""

    __slots__ = ("where", "unknown", "source_where")

    def __init__(self, where: str, unknown: str | None, source_where: str) -> None:
        self.where = where
        self.unknown = unknown
        self.source_where = source_where

    def panic(self, message: str) -> Exception:
        """The exception to raise: the panic, or `Unsupported` if its column is not known."""
        if self.unknown is None:
            return Panic(message, None, self.where)
        return Unsupported(
            self.source_where,
            "the column of this panic's location: rustc counts it in display widths, and the "
            f"width of U+{ord(self.unknown):04X}, before it on the line, is unknown to pbpit "
            "(unassigned in Python's Unicode tables)",
        )


class BreakSignal(Exception):  # noqa: N818 - control flow, not an error
    def __init__(self, target: object, value: object) -> None:
        self.target = target
        self.value = value


class ContinueSignal(Exception):  # noqa: N818
    def __init__(self, target: object) -> None:
        self.target = target


class ReturnSignal(Exception):  # noqa: N818
    def __init__(self, value: object) -> None:
        self.value = value


# -- the call stack the run recorder reads ---------------------------------------------------------


class Lines(list):
    """Per active Rust frame, outermost first, the line of the statement it is executing; and,
    while a run is recorded, `functions`: (index in the lines, name) of each active function's
    frame (`main`, `Model::forward`; a closure's frame has none), so a tensor a helper makes is
    cited at its caller's statement."""

    __slots__ = ("functions",)

    def __init__(self) -> None:
        super().__init__()
        self.functions: list[tuple[int, str]] = []


class Runtime:
    """What compiled code shares with the program running it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lines: Lines = Lines()
        self.hooks: Hooks | None = None
        self.stdout: Any = None
        self.stderr: Any = None

    def report(self, frame: list, visible: Visible, returning: bool) -> None:
        bindings = {
            name: frame[slot] for name, slot in visible_slots(visible) if frame[slot] is not UNSET
        }
        assert self.hooks is not None
        self.hooks.statement_done(bindings, returning)


def rust_eq(a: object, b: object) -> bool:
    """`==` as Rust's `PartialEq` (NaN unequal to itself, also inside a Vec or an Option)."""
    if type(a) is list:
        return type(b) is list and len(a) == len(b) and all(map(rust_eq, a, b))
    if type(a) is Some or type(a) is Ok:
        return type(b) is type(a) and rust_eq(a.value, b.value)  # type: ignore[attr-defined]
    if type(a) is StructValue:
        own = user_eq(a, b)  # the struct's own `impl PartialEq` (cmp_impls.py)
        if own is not None:
            return own
        return (
            type(b) is StructValue
            and a.variant == b.variant
            and all(map(rust_eq, a.fields, b.fields))
        )
    if type(a) is tuple:
        return type(b) is tuple and len(a) == len(b) and all(map(rust_eq, a, b))
    return a == b


def clone_value(value: object) -> object:
    """`.clone()`: a new Vec (and Vecs inside it); the same tensor id; values as they are."""
    if type(value) is list:
        return [clone_value(v) for v in value]
    if type(value) is Some:
        return Some(clone_value(value.value))
    if type(value) is Tensor:
        return value.clone()
    if type(value) is StructValue:
        return StructValue([clone_value(v) for v in value.fields], value.variant, value.item)
    if type(value) is tuple:
        return tuple(clone_value(v) for v in value)
    if type(value) is dict:  # a `BTreeMap` (btreemap.py; a `HashMap`'s `clone` is refused)
        return {k: clone_value(v) for k, v in value.items()}
    if isinstance(value, set):  # a `HashSet`, a `BTreeSet` (sets.py): its items are keys
        return type(value)(value)
    return value


def holds_vec(ty: Ty) -> bool:
    """Whether values of `ty` hold a `Vec` (a Python list, which `push` changes in place)."""
    ty = resolve(ty)
    if type(ty) is StructT:
        return True  # its fields may be assigned in place
    if type(ty) is TupleT:
        return any(map(holds_vec, ty.elems))
    return type(ty) is Wrap and (ty.kind == "Vec" or holds_vec(ty.inner))


def comparable(ty: Ty, seen: frozenset = frozenset()) -> bool:
    """Whether values of `ty` have `==` in Rust (Burn's tensors, devices and data do not);
    `seen`: the items whose fields are being asked (`enum Value { List(Vec<Value>) }`: its
    own `Value` inside is as comparable as the whole)."""
    ty = resolve(ty)
    if type(ty) is StructT:
        item: Any = ty.item
        if id(item) in seen:
            return True
        cases = item.variants if item.kind == "enum" else [item]
        from pbpit.rust.interp.traits import subst  # (traits imports the nodes)

        mapping = ty.mapping()  # `Pair<&str, u8>`: its fields' `A`, `B`
        inside = seen | {id(item)}
        return "PartialEq" in item.derives and all(
            comparable(subst(t, mapping), inside) for case in cases for _, t in case.fields
        )
    if type(ty) is TupleT:
        return all(comparable(t, seen) for t in ty.elems)
    if type(ty) is Wrap:  # a `Box<dyn Error>` has no `PartialEq` (results.py)
        return ty.kind not in ("Range", "DynResult") and comparable(ty.inner, seen)
    return type(ty) is Named and ty.name not in (
        "Device",
        "Gradients",
        "TensorData",
        "Box<dyn std::error::Error>",
    )


def engine_scalar(ty: Ty) -> Callable[[Any], float]:
    """A number of type `ty` as the engine takes a scalar (Burn's `elem::<f32>()`)."""
    name = resolve(ty).name  # type: ignore[attr-defined]
    return int_to_f32 if name in INT_RANGES else float


UNWRAP_NONE = "called `Option::unwrap()` on a `None` value"


def map_nested(value: Any, convert: Callable[[Any], Any]) -> Any:
    if type(value) is list:
        return [map_nested(v, convert) for v in value]
    return convert(value)


def flattened(value: Any) -> list[Any]:
    """Nested lists' leaves, in order (row-major, as `TensorData::from` reads them)."""
    if type(value) is not list:
        return [value]
    return [leaf for v in value for leaf in flattened(v)]


def tensor_data(tensor: Tensor) -> TensorData:
    return TensorData(tensor.to_vec(), tensor.shape)


# -- the program's own types: structs and tuples ---------------------------------------------------


class StructValue:
    """A value of a struct the program defines: its fields, in declaration order. Shared, not
    copied, by every binding it is moved to (Rust moves it), so a field holding a tensor is
    that same tensor, its node id included, until the field is assigned."""

    __slots__ = ("fields", "variant", "item")

    def __init__(self, fields: list[Any], variant: int = -1, item: Any = None) -> None:
        self.fields = fields
        self.variant = variant  # an enum's value: the index of its variant
        self.item = item  # its struct or enum (`nodes.StructItem`): what `dyn` methods run

    # A fieldless enum's value is a map's key by its variant (`BTreeMap<(Label, Label), u32>`,
    # enum_keys.py): equal, hashed and ordered as its derived `PartialEq`, `Hash` and `Ord`;
    # any other struct's value is itself only.
    # A struct deriving `Hash` and `PartialEq` with fields: by its fields (derived_hash.py).
    def __eq__(self, other: object) -> bool:
        if self.fields and derived_hash.by_fields(self.item):
            return (
                type(other) is StructValue
                and other.item is self.item
                and other.variant == self.variant
                and other.fields == self.fields
            )
        if type(other) is not StructValue or self.fields or other.fields or self.variant < 0:
            return self is other
        return self.item is other.item and self.variant == other.variant

    def __hash__(self) -> int:
        if self.fields and derived_hash.by_fields(self.item):
            return hash((self.variant, *self.fields))
        return hash(self.variant) if self.variant >= 0 and not self.fields else id(self)

    def __lt__(self, other: object) -> bool:
        return self.variant < other.variant  # type: ignore[attr-defined]


def composite_debug(
    ty: Ty, spec: Any, debug: Callable[[Ty, Any], Callable[[object], str]]
) -> Callable[[object], str]:
    """`{:?}` of a struct with `#[derive(Debug)]` (`Model { w: 1.0 }`, `P(1, 2)`, `Unit`) or
    a tuple (`(1, 2)`, `(1,)`), as the derived `Debug` and core's tuple `Debug` print them:
    the placeholder's width and precision apply to each field."""
    from pbpit.rust.interp.format import FormatError  # (format imports these types)

    ty = resolve(ty)
    if type(ty) is TupleT:
        parts = [debug(t, spec) for t in ty.elems]
        if len(parts) == 1:
            return lambda v: f"({parts[0](v[0])},)"  # type: ignore[index]
        return lambda v: "(" + ", ".join(p(x) for p, x in zip(parts, v, strict=True)) + ")"  # type: ignore[call-overload]
    assert type(ty) is StructT
    item = ty.item
    name = item.name  # type: ignore[attr-defined]
    if "Debug" not in item.derives:  # type: ignore[attr-defined]
        raise FormatError(
            f"`{name}` doesn't implement `Debug` (add `#[derive(Debug)]`; rustc rejects it: "
            "error[E0277])"
        )
    if item.kind == "enum":  # type: ignore[attr-defined]
        cases = [_fields_debug(case, spec, debug) for case in item.variants]  # type: ignore[attr-defined]
        return lambda v: cases[v.variant](v)  # type: ignore[attr-defined]
    return _fields_debug(item, spec, debug)


def _fields_debug(
    item: Any, spec: Any, debug: Callable[[Ty, Any], Callable[[object], str]]
) -> Callable[[object], str]:
    name = item.name
    fields = [(n, debug(t, spec)) for n, t in item.fields]
    if not fields:
        return lambda v: name
    if item.kind == "tuple":  # type: ignore[attr-defined]
        return lambda v: (
            name
            + "("
            + ", ".join(
                p(x)
                for (_, p), x in zip(fields, v.fields, strict=True)  # type: ignore[attr-defined]
            )
            + ")"
        )
    return lambda v: (
        name
        + " { "
        + ", ".join(
            f"{n}: {p(x)}"
            for (n, p), x in zip(fields, v.fields, strict=True)  # type: ignore[attr-defined]
        )
        + " }"
    )
