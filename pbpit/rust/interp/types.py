"""The types the interpreter knows, and unification with type variables for what Rust infers.

Rust infers the type of a literal from its uses: `let a = 0.5;` is f32 if `a` later meets an f32,
else f64. The checker gives every literal a variable of kind `int` or `float` and unifies; a
variable no use constrained takes Rust's fallback (i32, f64) when its function is checked.
"""

from __future__ import annotations

import itertools

INT_RANGES = {
    "i8": (-(2**7), 2**7 - 1),
    "i16": (-(2**15), 2**15 - 1),
    "i32": (-(2**31), 2**31 - 1),
    "i64": (-(2**63), 2**63 - 1),
    "i128": (-(2**127), 2**127 - 1),
    "isize": (-(2**63), 2**63 - 1),
    "u8": (0, 2**8 - 1),
    "u16": (0, 2**16 - 1),
    "u32": (0, 2**32 - 1),
    "u64": (0, 2**64 - 1),
    "u128": (0, 2**128 - 1),
    "usize": (0, 2**64 - 1),
}
FLOAT_NAMES = ("f32", "f64")


class Ty:
    __slots__ = ()


class Named(Ty):
    """A type without parameters: a primitive (`f32`, `bool`, `str`, `()`, `!`) or a Burn type
    (`Device`, `Gradients`, `TensorData`)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


NAMED = {
    name: Named(name)
    for name in (
        *INT_RANGES,
        *FLOAT_NAMES,
        "bool",
        "char",
        "str",
        "String",
        "()",
        "!",
        "Device",
        "Gradients",
        "TensorData",
        "Distribution",
    )
}
F32, F64, I32, USIZE = NAMED["f32"], NAMED["f64"], NAMED["i32"], NAMED["usize"]
BOOL, STR, STRING, UNIT, NEVER = (NAMED[n] for n in ("bool", "str", "String", "()", "!"))
DEVICE, GRADIENTS, TENSOR_DATA = NAMED["Device"], NAMED["Gradients"], NAMED["TensorData"]
DISTRIBUTION = NAMED["Distribution"]
CHAR = NAMED["char"]
DYN_ERROR = Named("Box<dyn std::error::Error>")
"""`Box<dyn Error>`: std's boxed error (`results.py`)."""


class TensorT(Ty):
    """`Tensor<B, D>` (float kind, or `Int`: `Tensor<B, D, Int>`); `dim` None when it is a
    const generic or not yet known. Also the carrier of a method's const argument `::<3>`."""

    __slots__ = ("dim", "kind")

    def __init__(self, dim: int | None, kind: str = "Float") -> None:
        self.dim = dim
        self.kind = kind


class Wrap(Ty):
    """A type with one parameter: `Option<T>`, `Vec<T>`, `[T; n]`, `Result<T, DataError>`,
    `Range<T>`; and std's `Result<T, E>` (kind `DynResult`, its error type `err`: a
    `Box<dyn Error>`, `DYN_ERROR`, or any other, `String`, `&str`, ..)."""

    __slots__ = ("kind", "inner", "size", "err")

    def __init__(
        self, kind: str, inner: Ty, size: int | None = None, err: Ty | None = None
    ) -> None:
        self.kind = kind
        self.inner = inner
        self.size = size  # arrays only
        self.err = err  # a `DynResult`'s error type


def option(inner: Ty) -> Wrap:
    return Wrap("Option", inner)


def vec(inner: Ty) -> Wrap:
    return Wrap("Vec", inner)


def array(inner: Ty, size: int | None = None) -> Wrap:
    return Wrap("array", inner, size)


def result(inner: Ty) -> Wrap:
    return Wrap("Result", inner)


def dyn_result(inner: Ty, err: Ty | None = None) -> Wrap:
    """`Result<T, E>`, E `Box<dyn std::error::Error>` unless given (`Result<T, String>`):
    what `main` and helpers return to use `?`."""
    return Wrap("DynResult", inner, err=DYN_ERROR if err is None else err)


def range_of(inner: Ty) -> Wrap:
    return Wrap("Range", inner)


class FnT(Ty):
    """A closure's type: parameter types and return type; `values`, when the type is written
    (`Fn(f32) -> f32`), whether each parameter's written type is certainly no reference (pbpit
    erases references: `f(&x)` is then rustc's E0308); `trait`, the trait a written bound names
    ("Fn", "FnMut", "FnOnce"; "" otherwise: a closure's own type, `fn(f32)`)."""

    __slots__ = ("params", "ret", "values", "trait", "refs")

    def __init__(
        self, params: list[Ty], ret: Ty, values: tuple[bool, ...] = (), trait: str = ""
    ) -> None:
        self.params = params
        self.ret = ret
        self.values = values
        self.trait = trait
        self.refs: tuple[bool, ...] = ()  # a closure's parameters written as references


_ids = itertools.count()


class Var(Ty):
    """A type not known yet. `kind` "int"/"float" for a literal's type (`{integer}`,
    `{float}`), None for any type."""

    __slots__ = ("kind", "ref", "id")

    def __init__(self, kind: str | None = None) -> None:
        self.kind = kind
        self.ref: Ty | None = None
        self.id = next(_ids)


class Mismatch(Exception):  # noqa: N818 - an internal signal, turned into Unsupported
    def __init__(self, expected: Ty, found: Ty) -> None:
        super().__init__(f"mismatched types: expected `{show(expected)}`, found `{show(found)}`")


def resolve(t: Ty) -> Ty:
    if type(t) is not Var or t.ref is None:
        return t
    root = t.ref
    while type(root) is Var and root.ref is not None:
        root = root.ref
    # Path compression: long chains of variables (a sum of 20,000 literals) stay cheap.
    while t is not root:
        t.ref, t = root, t.ref  # type: ignore[union-attr]
    return root


def is_int(t: Ty) -> bool:
    t = resolve(t)
    return (type(t) is Named and t.name in INT_RANGES) or (type(t) is Var and t.kind == "int")


def is_float(t: Ty) -> bool:
    t = resolve(t)
    return (type(t) is Named and t.name in FLOAT_NAMES) or (type(t) is Var and t.kind == "float")


def is_number(t: Ty) -> bool:
    return is_int(t) or is_float(t)


def unify(expected: Ty, found: Ty) -> None:
    """Make the two types equal, binding variables; `Mismatch` if they cannot be."""
    a, b = resolve(expected), resolve(found)
    if a is b or a is NEVER or b is NEVER:
        return
    if type(a) is DynT and type(b) is not Var and type(b) is not DynT:
        if not implements(b, a.trait):  # a value coerced to `dyn Trait` must implement it
            raise Unsatisfied(b, a.trait)
        return
    if type(a) is Var:
        _bind(a, b, expected, found)
    elif type(b) is Var:
        _bind(b, a, expected, found)
    elif type(a) is not type(b):
        raise Mismatch(expected, found)
    elif type(a) is Named:
        if a.name != b.name:
            raise Mismatch(expected, found)
    elif type(a) is TensorT:
        if a.dim is not None and b.dim is not None and a.dim != b.dim or a.kind != b.kind:
            raise Mismatch(expected, found)
    elif type(a) is Wrap:
        if a.kind != b.kind or (a.size is not None and b.size is not None and a.size != b.size):
            raise Mismatch(expected, found)
        try:
            unify(a.inner, b.inner)
            if a.err is not None and b.err is not None:  # `Result<T, E>`'s E
                unify(a.err, b.err)
        except Unsatisfied:
            raise
        except Mismatch:
            raise Mismatch(expected, found) from None
    elif type(a) is StructT:
        if a.item is not b.item:
            raise Mismatch(expected, found)
        try:
            for p, q in zip(a.args, b.args, strict=False):  # `Stack<f32>`'s `f32`
                unify(p, q)
        except Unsatisfied:
            raise
        except Mismatch:
            raise Mismatch(expected, found) from None
    elif type(a) is TupleT:
        if len(a.elems) != len(b.elems):
            raise Mismatch(expected, found)
        try:
            for p, q in zip(a.elems, b.elems, strict=True):
                unify(p, q)
        except Unsatisfied:
            raise
        except Mismatch:
            raise Mismatch(expected, found) from None
    elif type(a) is ParamT:
        raise Mismatch(expected, found)  # two type parameters: equal only if the same one
    elif type(a) is DynT:
        if a.trait is not b.trait:
            raise Mismatch(expected, found)
    elif type(a) is FnT:
        if len(a.params) != len(b.params):
            raise Mismatch(expected, found)
        for p, q in zip(a.params, b.params, strict=True):
            unify(p, q)
        unify(a.ret, b.ret)


def _bind(var: Var, t: Ty, expected: Ty, found: Ty) -> None:
    if type(t) is Var:
        if var.kind and t.kind and var.kind != t.kind:
            raise Mismatch(expected, found)
        t.kind = t.kind or var.kind
        var.ref = t
        return
    if var.kind == "int" and not is_int(t) or var.kind == "float" and not is_float(t):
        raise Mismatch(expected, found)
    if _occurs(var, t):
        raise Mismatch(expected, found)
    var.ref = t


def _occurs(var: Var, t: Ty) -> bool:
    t = resolve(t)
    if t is var:
        return True
    if type(t) is Wrap:
        return _occurs(var, t.inner) or (t.err is not None and _occurs(var, t.err))
    if type(t) is FnT:
        return any(_occurs(var, p) for p in t.params) or _occurs(var, t.ret)
    if type(t) is TupleT:
        return any(_occurs(var, p) for p in t.elems)
    if type(t) is StructT:
        return any(_occurs(var, p) for p in t.args)
    return False


class Unsatisfied(Mismatch):
    """A value coerced to `dyn Trait` whose type does not implement the trait (rustc's E0277)."""

    def __init__(self, found: Ty, trait: object) -> None:
        Exception.__init__(
            self,
            f"the trait bound `{show(found)}: {trait.name}` is not satisfied",  # type: ignore[attr-defined]
        )


class Unresolved(Exception):  # noqa: N818 - an internal signal, turned into Unsupported
    """A type no use determined (rustc: "type annotations needed")."""


def finalize(t: Ty) -> Ty:
    """The type with every variable resolved; literal variables take Rust's fallback (i32,
    f64). `Unresolved` if a variable of any type is left."""
    t = resolve(t)
    if type(t) is Var:
        if t.kind is None:
            raise Unresolved
        t.ref = I32 if t.kind == "int" else F64
        return t.ref
    if type(t) is Wrap:
        inner = finalize(t.inner)
        err = None if t.err is None else finalize(t.err)
        if inner is t.inner and err is t.err:
            return t
        return Wrap(t.kind, inner, t.size, err)
    if type(t) is FnT:
        return FnT([finalize(p) for p in t.params], finalize(t.ret), t.values)
    if type(t) is TupleT:
        return TupleT([finalize(p) for p in t.elems])
    if type(t) is StructT and t.args:
        return StructT(t.item, tuple(finalize(p) for p in t.args))
    return t


class _Style:
    """How messages write a tensor type: as the program being loaded writes it."""

    backend = True  # `Tensor<B, 1>`; False: Burn 0.22's `Tensor<1>`


def write_types_as(source: object) -> None:
    """Messages write tensor types as `source` does: `Tensor<B, 1>` if it names a backend
    type (`names_backend`, the style before Burn 0.22), else Burn 0.22's `Tensor<1>`. Set when
    a program is checked; the program loaded last decides."""
    _Style.backend = names_backend(source)


def show(t: Ty) -> str:
    """The type as rustc writes it in messages."""
    t = resolve(t)
    if type(t) is Named:
        return t.name
    if type(t) is TensorT:
        kind = "" if t.kind == "Float" else f", {t.kind}"
        backend = "B, " if _Style.backend else ""
        return f"Tensor<{backend}{'D' if t.dim is None else t.dim}{kind}>"
    if type(t) is Var:
        return {"int": "{integer}", "float": "{float}"}.get(t.kind or "", "_")
    if type(t) is FnT:
        return f"closure({', '.join(show(p) for p in t.params)}) -> {show(t.ret)}"
    if type(t) is Wrap:
        if t.kind == "array":
            return f"[{show(t.inner)}; {'_' if t.size is None else t.size}]"
        if t.kind == "Vec" and t.size == "slice":  # a slice (slices.py), held as a `Vec`
            return f"[{show(t.inner)}]"
        if t.kind == "Result":
            return f"Result<{show(t.inner)}, DataError>"
        if t.kind in ("HashMap", "BTreeMap", "Entry"):  # (hashmap.py: the key type in `err`)
            pre = t.kind if t.kind != "Entry" else "Entry<'_"
            return f"{pre}<{show(t.err or UNIT)}, {show(t.inner)}>"
        if t.kind == "DynResult":
            err = resolve(t.err or DYN_ERROR)
            return f"Result<{show(t.inner)}, {'&str' if err is STR else show(err)}>"
        return f"{t.kind}<{show(t.inner)}>"
    if type(t) is StructT:
        return f"{t.name}<{', '.join(map(show, t.args))}>" if t.args else t.name
    if type(t) is TupleT:
        return "(" + ", ".join(show(p) for p in t.elems) + ")"
    if type(t) is ParamT:
        return t.name
    if type(t) is DynT:
        return f"dyn {t.trait.name}"  # type: ignore[attr-defined]
    return "?"


# -- the program's own types: structs and tuples ---------------------------------------------------


class StructT(Ty):
    """A struct the program defines (`struct Model<B: Backend> { w: Tensor<B, 2> }`): one type
    per item, its backend parameters typed away (every backend is the engine's); `args` the
    types of its value parameters (`Stack<f32>` of `struct Stack<T>`), by default the item's
    own (`ParamT`s: `Self` inside its `impl`)."""

    __slots__ = ("item", "args")

    def __init__(self, item: object, args: tuple | None = None) -> None:
        self.item = item  # a `nodes.StructItem`
        self.args: tuple = tuple(getattr(item, "params", ())) if args is None else tuple(args)

    def mapping(self) -> dict:
        """Each value parameter of the item to its type here."""
        return dict(zip(getattr(self.item, "params", ()), self.args, strict=False))

    @property
    def name(self) -> str:
        return self.item.name  # type: ignore[attr-defined]


class TupleT(Ty):
    """`(A, B, ..)`: a tuple of two or more types (`()` is `UNIT`)."""

    __slots__ = ("elems",)

    def __init__(self, elems: list[Ty]) -> None:
        self.elems = elems


# -- traits used for dispatch: type parameters and trait objects ----------------------------------


class ParamT(Ty):
    """A type parameter bounded by traits the program defines (`fn f<T: Shape>(t: &T)`, `where
    T: Shape`, `impl Shape` as a parameter's type): inside the generic item it is itself, equal
    only to itself; each call gives it a type, which must implement the bounds (E0277)."""

    __slots__ = ("name", "bounds", "module", "owner", "std")

    def __init__(self, name: str, bounds: list, module: str = "") -> None:
        self.name = name
        self.bounds = bounds  # `traits.TraitItem`s
        self.module = module  # "AutodiffModule" or "Module" (`M: Module<B>`): a Burn module
        self.owner: object = None  # the struct of which it is a value parameter (`Stack<T>`)
        self.std: dict | None = None  # a generic fn's std bounds (std_generics.py)


class DynT(Ty):
    """A trait object (`&dyn Shape`, `Box<dyn Shape>`; `impl Shape` as a result): any value
    of a type implementing the trait, its methods found at run time by the value's type."""

    __slots__ = ("trait",)

    def __init__(self, trait: object) -> None:
        self.trait = trait  # a `traits.TraitItem`


def implements(t: Ty, trait: object) -> bool:
    """Whether `t` (resolved) implements `trait`: a struct with an `impl` of it, a type
    parameter bounded by it, a trait object of it."""
    t = resolve(t)
    if type(t) is StructT:
        return t.item in trait.impls  # type: ignore[attr-defined]
    if type(t) is ParamT:
        return any(b is trait or trait in b.supertraits for b in t.bounds)
    if type(t) is DynT:
        return t.trait is trait
    return False


# -- the backend a program names: Int tensors' element type follows it ---------------------------

BACKEND_INT_ELEMS = {"flex": "i32", "ndarray": "i64", "wgpu": "i32"}
"""Each backend's Int element (its `DeviceSettings` default: burn-flex `DType::I32`, burn-ndarray
`DType::I64`, cubecl's `i32` for Wgpu)."""

_BACKEND_WORDS = (("NdArray", "ndarray"), ("Wgpu", "wgpu"), ("Flex", "flex"))


_DEVICE_CONSTRUCTORS = {
    "Device::flex": "flex",
    "Device::ndarray": "ndarray",
    "Device::default": "flex",  # burn-dispatch's default: Flex's (41_display)
}
"""Burn 0.22's device constructors pbpit runs, each a backend's device (burn-tensor `device.rs`)."""


def backend_of(source: object) -> str:
    """The backend a program runs on: in Burn 0.22's style the device it makes (the first
    `Device::flex()` / `ndarray()` / `default()` called: a tensor prints its device's backend, and a
    `type B = Autodiff<NdArray>;` then names nothing a tensor uses); else the first `type B =
    Autodiff<NdArray>;` (or `Wgpu`, `Flex`) alias, else the first `NdArrayDevice` /
    `WgpuDevice` named, else Flex (the seed's `Device::flex()`)."""
    text: str = source.text  # type: ignore[attr-defined]
    if "NdArray" not in text and "Wgpu" not in text and "Device::ndarray" not in text:
        return "flex"
    made = _first_constructor(source)
    if made is not None:
        return made
    aliases: list[str] = []
    devices: list[str] = []
    written: list[str] = []  # `Net<NdArray>`, `train::<Autodiff<NdArray>>(..)`: no alias
    stack = [(source.root, False)]  # type: ignore[attr-defined]
    while stack:
        node, in_use = stack.pop()
        if node.type == "type_item":
            aliases.append(source.node_text(node.child_by_field_name("type")))  # type: ignore[attr-defined]
        elif node.type == "type_identifier" or node.type == "identifier":
            name = source.node_text(node)  # type: ignore[attr-defined]
            if name in ("NdArrayDevice", "WgpuDevice", "FlexDevice"):
                devices.append(name)
            elif not in_use and node.type == "type_identifier" and name in ("NdArray", "Wgpu"):
                written.append(name)
        in_use = in_use or node.type == "use_declaration"
        stack.extend((child, in_use) for child in reversed(node.children))
    for named in (*aliases, *devices, *written):
        for word, backend in _BACKEND_WORDS:
            if word in named:
                return backend
    return "flex"


_BACKEND_NAMES = frozenset(
    ("Autodiff", "Backend", "AutodiffBackend", "NdArrayDevice", "WgpuDevice", "FlexDevice")
)


def names_backend(source: object) -> bool:
    """Whether the program is written for a backend type (`type B = Autodiff<NdArray>;`,
    `B: AutodiffBackend`, `NdArrayDevice`), the style before Burn 0.22's. Its default device
    serves that backend, which pbpit runs with autodiff; in Burn 0.22's style (no backend
    generic) `Device::default()` is Flex's plain device and `.autodiff()` the autodiff one. A
    program that names a backend only in a `type` alias (and its `use`) and makes its devices
    with Burn 0.22's constructors (`Device::default()`, `flex()`, `ndarray()`) is of 0.22's
    style: the alias names nothing its tensors use."""
    text: str = source.text  # type: ignore[attr-defined]
    if not any(name in text for name in _BACKEND_NAMES):
        return False
    aliased = False
    stack = [(source.root, False)]  # type: ignore[attr-defined]
    while stack:  # a name in the code, not in a comment or a string
        node, in_alias = stack.pop()
        if node.type in ("type_identifier", "identifier"):
            if source.node_text(node) in _BACKEND_NAMES:  # type: ignore[attr-defined]
                if not in_alias:
                    return True
                aliased = True
        inside = in_alias or node.type in ("type_item", "use_declaration")
        stack.extend((child, inside) for child in node.children)
    return aliased and _first_constructor(source) is None


def _first_constructor(source: object) -> str | None:
    """The backend of the first Burn 0.22 device constructor the program calls, or None."""
    stack = [source.root]  # type: ignore[attr-defined]
    while stack:
        node = stack.pop()
        if node.type == "scoped_identifier":
            made = _DEVICE_CONSTRUCTORS.get(source.node_text(node))  # type: ignore[attr-defined]
            if made is not None:
                return made
        stack.extend(reversed(node.children))
    return None


MUT_REFERENCES = "pbpit's `&mut` reaches structs, `Vec`s and optimizers"
_SHARED_WRAPS = ("Vec", "HashMap", "BTreeMap", "VecDeque", "HashSet", "BTreeSet", "BinaryHeap")


def shared(ty: Ty) -> bool:
    """Whether a value of `ty` is one object every binding of it shares in the interpreter (a
    struct, a `Vec`, an optimizer, a type parameter's value): what `&mut` may reach, since
    pbpit erases references."""
    ty = resolve(ty)
    if type(ty) is StructT or type(ty) is ParamT or type(ty) is DynT:  # (`dyn`: a struct's)
        return True
    if type(ty) is Wrap:
        return ty.kind in _SHARED_WRAPS
    # an optimizer, a gradients accumulator; Burn's `Gradients` (`grad_remove(&mut grads)`
    # changes the one store); a learning-rate scheduler (burn_lr.py)
    return type(ty) is Named and ty.name in (
        "Optimizer",
        "GradientsAccumulator",
        "Gradients",
        "GradientsParams",  # (`remove`, `register` change its one store: burn_params.py)
        "ModuleLrScheduler",
        "ConstantLr",
    )
