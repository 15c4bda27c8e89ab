"""The interpreter's own syntax tree: expressions, statements and items after lowering, with the
bindings they refer to (each `let` a binding with its own slot in its function's frame)."""

from __future__ import annotations

import functools
import importlib
import re
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from pbpit.rust.interp.format import Spec
from pbpit.rust.interp.types import UNIT, Ty
from pbpit.rust.syntax import RustFile

Pos = tuple[int, int]
"""Line and column (1-based, in characters), as rustc prints them."""
Node = Any
"""A `tree_sitter.Node`."""


class Unsupported(Exception):  # noqa: N818 - the user-facing name of the refusal
    """Rust outside the subset pbpit interprets: `unsupported Rust at file:line:col: <what>`."""

    def __init__(self, where: str, what: str, end: Pos | None = None) -> None:
        super().__init__(f"unsupported Rust at {where}: {what}")
        self.where = where
        self.what = what
        self.end = end
        """Where the refused construct ends (line, column just past it), when known."""
        self.label = ""
        """rustc's label under the construct, when rustc's words for it are known."""
        self.help = ""
        """rustc's help, or what to write instead, when it is not said in `what`."""
        self.note = ""
        """rustc's note after the help."""
        self.notes: list[str] = []
        """rustc's notes before its help (`the literal `256` does not fit into ..`)."""

    @property
    def place(self) -> tuple[str, int, int]:
        """The file, line and column of `where`."""
        path, line, column = self.where.rsplit(":", 2)
        return path, int(line), int(column)

    @property
    def code(self) -> str:
        """rustc's error code when rustc rejects the program too (`E0308`; a deny-by-default
        lint's name, `unconditional_panic`, where rustc names the lint), else ""."""
        if _MISMATCH.match(self.what):
            return "E0308"
        found = _RUSTC_CODE.search(self.what)
        return (found.group(1) or found.group(2) or "") if found else ""

    @property
    def rustc_says(self) -> bool:
        """Whether rustc rejects the program as well: an error of the program, not of pbpit."""
        return bool(self.code) or _RUSTC_CODE.search(self.what) is not None

    def parts(self) -> tuple[str, str, str]:
        """The refusal as rustc would word a diagnostic: its message, the label under the
        construct, and what to write instead ("" when there is nothing to say)."""
        mismatch = _MISMATCH.match(self.what)
        if mismatch:
            label = mismatch.group(1)  # rustc's words for a literal's type not known yet
            label = label.replace("found `{integer}`", "found integer")
            label = label.replace("found `{float}`", "found floating-point number")
            label = label.replace("expected `{integer}`", "expected integer")
            label = label.replace("expected `{float}`", "expected floating-point number")
            return "mismatched types", label, ""
        rustc = _RUSTC_CODE.search(self.what)
        if rustc:
            message = self.what[: rustc.start()].rstrip()
            return message, self.label, self.help
        found = _INSTEAD.search(self.what)
        if found:
            return f"unsupported Rust: {self.what[: found.start()]}", "", found.group(1)
        return f"unsupported Rust: {self.what}", "", self.help


_MISMATCH = re.compile(r"mismatched types: (expected `.*`, found `.*`)$")
_RUSTC_CODE = re.compile(
    r" \((?:[^()]*; )?rustc rejects it(?:: error\[(E\d{4})\]|: `(\w+)`)?[^)]*\)$"
)
# A refusal's closing parenthesis that says what to write instead: `(write `a..(-b)`)`.
_INSTEAD = re.compile(r" \(((?:write|use|call|name|rename|only|give|declare|move)\b.*)\)$")


class Refusals(Unsupported):
    """Every refusal of a file, in source order (`refusals`); as an `Unsupported`, its first."""

    def __init__(self, refusals: list[Unsupported]) -> None:
        first = refusals[0]
        super().__init__(first.where, first.what, first.end)
        self.label, self.help, self.note = first.label, first.help, first.note
        self.notes = first.notes
        self.refusals = refusals


# -- scopes and bindings --------------------------------------------------------------------------


class FnScope:
    """One function or closure body: its frame's slots (slot 0 is the enclosing frame)."""

    def __init__(self, parent: FnScope | None) -> None:
        self.parent = parent
        self.nslots = 1
        self.loops: list[Loop | While | For] = []


@dataclass(eq=False)
class Binding:
    name: str
    mutable: bool
    scope: FnScope
    slot: int
    initialized: bool
    ty: Any = None
    owned: bool = False  # certainly not a reference (so `*name` is rustc's E0614)
    mut_ref: bool = False  # `&mut self`: its fields may be assigned

    def declared_in(self, scope: FnScope) -> bool:
        """Whether the binding belongs to `scope` or a body nested in it (a closure's own
        parameters and locals, not what it captures)."""
        inner: FnScope | None = self.scope
        while inner is not None:
            if inner is scope:
                return True
            inner = inner.parent
        return False


class InScope:
    """One link of a `Visible` chain: a binding of the current frame, and those before it."""

    __slots__ = ("name", "slot", "before")

    def __init__(self, name: str, slot: int, before: InScope | None) -> None:
        self.name = name
        self.slot = slot
        self.before = before


Visible = InScope | None
"""The bindings of the current frame in scope at a point, newest first: a chain that each
`let` extends without copying (so lowering stays linear in the number of bindings)."""


def visible_slots(visible: Visible) -> list[tuple[str, int]]:
    """(name, slot) of each name in scope, its latest binding, in the order those were made."""
    seen: set[str] = set()
    latest: list[tuple[str, int]] = []
    while visible is not None:
        if visible.name not in seen:
            seen.add(visible.name)
            latest.append((visible.name, visible.slot))
        visible = visible.before
    latest.reverse()
    return latest


# -- expressions ----------------------------------------------------------------------------------

NOT_CHILD = {"child": False}
"""A node field's metadata: a node it names but does not hold (`Break.target`, the loop it
leaves), so no pass walks into it from there."""


class Expr:
    pos: Pos
    ty: Any = None
    borrowed = False  # written `&e`: pbpit erases the reference, but `*` may take it back
    borrow_pos: Pos | None = None  # where its `&` is, when `borrowed`
    mut_borrow = False  # written `&mut e` (`borrowed` too): the value itself, shared
    paren_pos: Pos | None = None  # its outermost `(`, when written in parentheses: `f((s))`


@dataclass(eq=False)
class Lit(Expr):
    pos: Pos
    kind: str  # int, float (value: literal text), value (exact value of `ty`), bool, char, str,
    # unit
    value: Any
    suffix: Ty | None = None


@dataclass(eq=False)
class Local(Expr):
    pos: Pos
    binding: Binding
    scope: FnScope  # where the reference is (depth = scopes between it and the binding's)


@dataclass(eq=False)
class ConstRef(Expr):
    pos: Pos
    item: ConstItem


@dataclass(eq=False)
class Call(Expr):
    pos: Pos
    callee: Expr | FnItem  # a local holding a closure, or a fn item
    args: list[Expr]
    # A generic fn's call (traits.py): the types written in `f::<X>(..)`, then the checker's
    # type for each of its type parameters (`ParamT` -> `Ty`).
    turbofish: dict = field(default_factory=dict)
    type_args: dict = field(default_factory=dict)


@dataclass(eq=False)
class Static(Expr):
    """`Tensor::from_floats(..)`, `Device::flex()`, `Default::default()`, `Vec::new()`..."""

    pos: Pos
    name: str
    args: list[Expr]
    dim: int | None = None
    kind: str = "Float"  # `Tensor::<B, D, Int>::from_data`: the tensor kind written


@dataclass(eq=False)
class Method(Expr):
    pos: Pos  # of the method name: where `#[track_caller]` panics point
    recv: Expr
    name: str
    targs: list[Ty]
    args: list[Expr]
    impl: Any = None  # the checker's choice: a `builtins.Builtin` (std's, Burn's, `USER`, `DYN`)
    user: FnItem | None = None  # a method of the program's own `impl` (impl `USER`)


@dataclass(eq=False)
class Binary(Expr):
    pos: Pos
    op: str
    left: Expr
    right: Expr
    kind: str = ""  # set by the checker: num, tensor, tensor-scalar, scalar-tensor, logic, eq
    op_pos: Pos | None = None  # the operator's, where rustc points for a missing impl


@dataclass(eq=False)
class Unary(Expr):
    pos: Pos
    op: str  # - ! *
    operand: Expr


@dataclass(eq=False)
class Cast(Expr):
    pos: Pos
    operand: Expr
    target: Ty


@dataclass(eq=False)
class Assign(Expr):
    pos: Pos
    target: Local | Field
    value: Expr
    op: str | None  # `+` for `+=`
    op_pos: Pos | None = None  # `+=`'s, where rustc points for a missing impl


@dataclass(eq=False)
class Block(Expr):
    pos: Pos
    stmts: list[Stmt]
    tail: Expr | None
    visible: Visible  # at its end


@dataclass(eq=False)
class If(Expr):
    pos: Pos
    cond: Expr
    then: Block
    els: Expr | None


@dataclass(eq=False)
class IfLet(Expr):
    """`if let Some(x) = value { .. } else { .. }`."""

    pos: Pos
    binding: Binding | None
    value: Expr
    then: Block
    els: Expr | None


@dataclass(eq=False)
class Loop(Expr):
    pos: Pos
    label: str | None
    body: Block | None = None
    breaks: bool = False
    continues: bool = False
    break_ty: Any = None


@dataclass(eq=False)
class While(Expr):
    pos: Pos
    label: str | None
    cond: Expr | None = None
    body: Block | None = None
    breaks: bool = False
    continues: bool = False


@dataclass(eq=False)
class For(Expr):
    pos: Pos
    label: str | None
    binding: Binding | None = None
    iterable: Expr | None = None
    body: Block | None = None
    breaks: bool = False
    continues: bool = False


@dataclass(eq=False)
class Break(Expr):
    pos: Pos
    target: Loop | While | For = field(metadata=NOT_CHILD)  # the loop it leaves
    value: Expr | None = None


@dataclass(eq=False)
class Continue(Expr):
    pos: Pos
    target: Loop | While | For = field(metadata=NOT_CHILD)


@dataclass(eq=False)
class Return(Expr):
    pos: Pos
    value: Expr | None
    visible: Visible


@dataclass(eq=False)
class ArrayLit(Expr):
    pos: Pos
    elems: list[Expr]
    is_vec: bool


@dataclass(eq=False)
class ArrayRepeat(Expr):
    pos: Pos
    elem: Expr
    count: Expr
    is_vec: bool


@dataclass(eq=False)
class Index(Expr):
    pos: Pos  # of the whole expression: where an array's bounds check panics
    base: Expr
    index: Expr
    bracket: Pos  # of `[`: where `Vec`'s `Index` (`#[track_caller]`) panics
    destructured: bool = False  # an element an array pattern takes (`let [a, b] = arr;`)


@dataclass(eq=False)
class RangeLit(Expr):
    pos: Pos
    lo: Expr
    hi: Expr
    inclusive: bool


@dataclass(eq=False)
class Closure(Expr):
    pos: Pos
    params: list[Binding | None]
    param_tys: list[Ty | None]
    ret: Ty | None
    body: Expr
    scope: FnScope
    is_move: bool
    visible: Visible


@dataclass(eq=False)
class SomeLit(Expr):
    pos: Pos
    value: Expr | None  # None: `None`
    inner: Ty | None = None  # `None::<T>`


@dataclass(eq=False)
class Format(Expr):
    """`format!(..)`, and the message of every printing or panicking macro."""

    pos: Pos
    pieces: list[str | Spec]
    args: list[Expr]


@dataclass(eq=False)
class Print(Expr):
    pos: Pos
    fmt: Format
    newline: bool
    to_stderr: bool


@dataclass(eq=False)
class PanicMacro(Expr):
    pos: Pos
    prefix: str  # `panic!()`'s "explicit panic", `todo!()`'s "not yet implemented"...
    fmt: Format | None


@dataclass(eq=False)
class Assert(Expr):
    pos: Pos
    cond: Expr
    text: str | None  # the condition as rustc prints it (None: pbpit cannot say)
    fmt: Format | None


@dataclass(eq=False)
class AssertEq(Expr):
    pos: Pos
    left: Expr
    right: Expr
    equal: bool
    fmt: Format | None


# -- statements and items -------------------------------------------------------------------------


@dataclass(eq=False)
class Let:
    line: int
    binding: Binding | None
    declared: Ty | None
    init: Expr | None
    visible: Visible = None


@dataclass(eq=False)
class ExprStmt:
    line: int
    expr: Expr
    semicolon: bool
    visible: Visible = None


Stmt = Let | ExprStmt


@dataclass(eq=False)
class FnItem:
    name: str
    pos: Pos
    node: Node
    params: list[Binding | None] = field(default_factory=list)
    param_tys: list[Ty] = field(default_factory=list)
    ret: Ty = UNIT
    ret_owned: bool = True  # the result is not a reference
    body: Block | None = None
    scope: FnScope | None = None
    backends: frozenset[str] = frozenset()
    dims: frozenset[str] = frozenset()
    self_kind: str = ""  # a method's receiver: `self` (value), `&self` (ref), `&mut self` (mut)
    owner: StructItem | None = None  # the type of the `impl` block it is in
    # Its type parameters bounded by traits (traits.py: name -> `ParamT`), in the order written.
    type_params: dict = field(default_factory=dict)
    generic_order: list[str] = field(default_factory=list)


@dataclass(eq=False)
class ConstItem:
    name: str
    pos: Pos
    node: Node
    ty: Ty = UNIT
    value: Expr | None = None
    scope: FnScope | None = None


@dataclass
class Crate:
    path: str
    source: RustFile
    fns: dict[str, FnItem]
    consts: dict[str, ConstItem]
    structs: dict[str, StructItem] = field(default_factory=dict)


# -- the program's own types: structs, their impls, tuples ----------------------------------------


@dataclass(eq=False)
class StructItem:
    """`struct Name { a: A }` (kind "named"), `struct Name(A);` ("tuple"), `struct Name;`
    ("unit"); its methods and associated functions from every `impl` (a trait's too)."""

    name: str
    pos: Pos
    node: Node
    kind: str
    fields: list[tuple[str, Ty]] = field(default_factory=list)  # tuple fields are named "0"..
    derives: frozenset[str] = frozenset()
    methods: dict[str, FnItem] = field(default_factory=dict)
    backends: frozenset[str] = frozenset()
    dims: frozenset[str] = frozenset()
    variants: list[StructItem] = field(default_factory=list)  # an `enum` (kind "enum")
    enum: StructItem | None = None  # a variant: its enum, and its index there
    variant: int = -1
    config_order: tuple[int, ...] = ()  # `#[derive(Config)]`: fields as its JSON lists them

    @property
    def owner(self) -> StructItem:
        """The type a value of this item has: the enum, for a variant."""
        return self.enum if self.enum is not None else self

    def field_index(self, name: str) -> int | None:
        for i, (field_name, _) in enumerate(self.fields):
            if field_name == name:
                return i
        return None


@dataclass(eq=False)
class StructLit(Expr):
    """`Model { w, b: x }`, `Point(1, 2)`, `Marker`: the values in the item's field order."""

    pos: Pos
    item: StructItem
    values: list[Expr]  # in the order written
    order: list[int] | None = None  # the field each value is for (None: in field order)


@dataclass(eq=False)
class TupleLit(Expr):
    pos: Pos
    elems: list[Expr]


@dataclass(eq=False)
class Field(Expr):
    """`base.name` or `base.0`: a struct's field or a tuple's element (index set by the checker)."""

    pos: Pos
    base: Expr
    name: str
    index: int = -1


# -- `match` and its patterns ----------------------------------------------------------------------


@dataclass(eq=False)
class Pat:
    """A pattern: `_` (kind "wild"), a name ("bind", `binding`; with `sub` for `n @ 1..=3`),
    a literal ("lit", `value`), a range ("range", `value`..`hi`), `a | b` ("or", `subs`), a
    tuple ("tuple"), `Some(p)` ("some", `subs[0]`), `None` ("none"), a struct or an enum's
    variant ("variant", `item`, `subs` in its fields' order, `_` for those not named)."""

    pos: Pos
    kind: str
    binding: Binding | None = None
    value: Expr | None = None
    hi: Expr | None = None
    inclusive: bool = True
    subs: list[Pat] = field(default_factory=list)
    item: StructItem | None = None
    ty: Any = None


@dataclass(eq=False)
class Arm:
    pat: Pat
    guard: Expr | None
    body: Expr


@dataclass(eq=False)
class Match(Expr):
    pos: Pos
    value: Expr
    arms: list[Arm]
    if_let: bool = False  # `if let P = e { .. }`: rustc does not ask it to be exhaustive


# -- the node kinds, which every pass walks -------------------------------------------------------

KIND_MODULES = ("pbpit.rust.interp.nodes", "pbpit.rust.interp.traits")
"""The modules that define node kinds (a test finds any defined elsewhere)."""


@functools.cache
def place_root(e: Any) -> Local | None:
    """The variable at the bottom of the place `e` (`x` of `x.a[i].b`), or None."""
    while isinstance(e, Field | Index):
        e = e.base
    return e if isinstance(e, Local) else None


@functools.cache
def expr_kinds() -> tuple[type, ...]:
    """Every kind of expression (the dataclasses under `Expr` of `KIND_MODULES`), in the order
    defined: what each pass's dispatch covers (`missing_rules`)."""
    found = []
    for name in KIND_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Expr)
                and is_dataclass(value)
                and value.__module__ == name
            ):
                found.append(value)
    return tuple(found)


@functools.cache
def node_kinds() -> tuple[type, ...]:
    """Every kind of node: the expressions, the statements, a `match`'s arms and patterns."""
    return (*expr_kinds(), Let, ExprStmt, Arm, Pat)


@functools.cache
def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node kind that hold nodes (one, None, or a list of them), derived from
    its dataclass fields' declared types: every field whose type names a node kind, but those
    marked `NOT_CHILD`."""
    hints = typing.get_type_hints(kind)
    kinds = node_kinds()
    return tuple(
        f.name
        for f in fields(kind)
        if f.metadata.get("child", True) and _holds(hints[f.name], kinds)
    )


def _holds(hint: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(hint, type) and not isinstance(hint, types.GenericAlias):
        return hint is Expr or issubclass(hint, kinds)
    return any(_holds(arg, kinds) for arg in typing.get_args(hint))


def children(node: Any) -> Iterator[Any]:
    """The nodes `node` holds, in field order (a `Call`'s callee that is a fn item is not one)."""
    kinds = node_kinds()
    for name in child_fields(type(node)):
        value = getattr(node, name)
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, kinds):
                yield item


def returned_values(body: Block) -> list[Expr]:
    """What a function body gives back: its tail and each `return`'s value (not a closure's
    inside it)."""
    returned = [body.tail] if body.tail is not None else []
    stack: list[Any] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Return) and node.value is not None:
            returned.append(node.value)
        if not isinstance(node, Closure):
            stack.extend(children(node))
    return returned


def rules(walker: type, prefix: str) -> dict[type, str]:
    """Each expression kind's rule in a pass: the method `prefix + Kind` of `walker` when it
    has one, else the method its `DEFAULTS` (kind name -> method name) names for the kind; a
    kind with neither has no row (`missing_rules`)."""
    defaults: dict[str, str] = getattr(walker, "DEFAULTS", {})
    table = {}
    for kind in expr_kinds():
        own = prefix + kind.__name__
        if hasattr(walker, own):
            table[kind] = own
        elif kind.__name__ in defaults:
            table[kind] = defaults[kind.__name__]
    return table


def missing_rules(walker: type, prefix: str, kinds: tuple[type, ...] | None = None) -> list[str]:
    """The expression kinds (`kinds`, else every one) a pass neither handles nor hands to a
    default it declares; and each `DEFAULTS` row that names no kind or no method of the pass."""
    defaults: dict[str, str] = getattr(walker, "DEFAULTS", {})
    kinds = expr_kinds() if kinds is None else kinds
    names = {kind.__name__ for kind in kinds}
    missing = [
        kind.__name__
        for kind in kinds
        if not hasattr(walker, prefix + kind.__name__) and kind.__name__ not in defaults
    ]
    missing += [f"DEFAULTS[{k!r}]: no such kind" for k in defaults if k not in names]
    missing += [
        f"DEFAULTS[{k!r}]: no method {m}" for k, m in defaults.items() if not hasattr(walker, m)
    ]
    missing += [
        f"{k}: both {prefix}{k} and DEFAULTS" for k in defaults if hasattr(walker, prefix + k)
    ]
    return missing
