"""std's and Burn's methods the interpreter runs, each one object (`Builtin`): how many
arguments it takes, its parameters' and result's types, and its behaviour, as jlox keeps a
native function as one object with `arity()` and `call()`.

The lowering reads a row's arity (`f64::max(a, b)` is a method of the `float` family), the
checker its types (`Builtin.types`) and hands the compiler the row itself in `Method.impl`;
the compiler runs the row's `compile`. A family (`Family`) is the table of one receiver's
methods (`FLOAT`, `INT`, `STR`, `VEC`, .. in `std_methods.py`); a family whose methods are
typed by rules of their own (tensor methods from `engine/api.py`'s table, iterators, Burn's
modules) is open: its record names the method and the family's compiler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pbpit.rust.interp.references import certainly_reference, refuse_borrowed_value
from pbpit.rust.interp.types import (
    BOOL,
    DEVICE,
    I32,
    INT_RANGES,
    NAMED,
    STR,
    STRING,
    UNIT,
    USIZE,
    TupleT,
    Ty,
    Var,
    Wrap,
    option,
    resolve,
)

Code = Callable[[list], Any]
Compile = Callable[[Any, Any, Code, list[Code]], Code]
"""`compile(compiler, method_node, receiver_code, argument_codes)`: the call's code."""
Check = Callable[[Any, Any, Ty], Ty]
"""`check(checker, method_node, receiver_type)`: the call's type (arguments checked)."""


def _inner(recv: Ty) -> Ty:
    return resolve(recv).inner  # type: ignore[attr-defined]


def _unsigned(recv: Ty) -> Ty:
    return NAMED["u" + resolve(recv).name[1:]]  # type: ignore[attr-defined]


def _bits(recv: Ty) -> Ty:
    return NAMED["u32" if resolve(recv).name == "f32" else "u64"]  # type: ignore[attr-defined]


TYPE_WORDS: dict[str, Callable[[Ty], Ty]] = {
    # A row's parameter and result types, in words; each the type for a receiver of type `recv`.
    "self": lambda recv: recv,
    "inner": _inner,  # `Option<T>`, `Vec<T>`: T
    "option": option,  # `Option<Self>`
    "option_inner": lambda recv: option(_inner(recv)),  # `Option<T>`
    "iter": lambda recv: Wrap("Iter", _inner(recv)),  # `v.iter()`
    "unsigned": _unsigned,  # the unsigned integer of the receiver's width
    "bits": _bits,  # `to_bits`: u32 for an f32, u64 for an f64
    "self_bool": lambda recv: TupleT([recv, BOOL]),  # `overflowing_add`: `(Self, bool)`
    "self_pair": lambda recv: TupleT([recv, recv]),  # `sin_cos`: `(Self, Self)`
    "any": lambda recv: Var(),
    "bool": lambda recv: BOOL,
    "usize": lambda recv: USIZE,
    "u32": lambda recv: NAMED["u32"],
    "u64": lambda recv: NAMED["u64"],
    "i32": lambda recv: I32,
    "str": lambda recv: STR,
    "String": lambda recv: STRING,
    "()": lambda recv: UNIT,
    "Device": lambda recv: DEVICE,
}


VALUE_WORDS = frozenset(("bool", "usize", "u32", "u64", "i32", "unsigned", "bits"))
"""The words of parameters std takes by value (a number's `Self` too: `i32::max(self, other)`)."""


def _not_compiled(compiler: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    raise compiler.fail(e.pos, f"the method `{e.name}`")


@dataclass(frozen=True, eq=False)
class Builtin:
    """One method of std or Burn: `params` and `result` in `TYPE_WORDS` (None `params`: `check`
    types the call, e.g. a closure argument), `compile` its behaviour. `mutates`: it takes
    `&mut self` (the receiver must be a `let mut` variable); `receivers`: the receiver types
    (by name) that have it, when not all of the family's do (`i32::abs`, `String::push_str`)."""

    family: str
    name: str
    params: tuple[str, ...] | None = ()
    result: str = "self"
    compile: Compile = _not_compiled
    check: Check | None = None
    mutates: bool = False
    receivers: frozenset[str] | None = None
    owner: str = ""  # Burn's type of a family-`burn` method (`LinearConfig`)

    @property
    def arity(self) -> int | None:
        """The arguments it takes besides the receiver (None: its `check` decides)."""
        return None if self.params is None else len(self.params)

    def has(self, recv: Ty) -> bool:
        """Whether a receiver of type `recv` has this method."""
        if self.receivers is None:
            return True
        name = getattr(resolve(recv), "name", None)
        if name in INT_RANGES:
            name = "signed" if INT_RANGES[name][0] < 0 else "unsigned"
        return name in self.receivers

    def types(self, checker: Any, e: Any, recv: Ty) -> Ty:
        """The type of the call `e` on a receiver of type `recv`, its arguments checked; `e`
        is given this row to be compiled by."""
        e.impl = self
        if self.check is not None:
            return self.check(checker, e, recv)
        if self.mutates:
            checker.mutable_receiver(e)
        assert self.params is not None
        expected = [TYPE_WORDS[p](recv) for p in self.params]
        checker.args(e, *expected)
        # `p.max(q)` of two `&i32`: `Ord::max` of references (an integer's `max`, `min`,
        # `clamp` are `Ord`'s; a float's are its own, taking values)
        ord_of_refs = self.family == "int" and e.name in ("max", "min", "clamp")
        ord_of_refs = ord_of_refs and certainly_reference(e.recv)
        for arg, word, ty in zip(e.args, self.params, expected, strict=True):
            if ord_of_refs:
                break
            if word in VALUE_WORDS or (word == "self" and self.family in ("int", "float")):
                refuse_borrowed_value(checker, arg, ty)  # `rotate_left(&n)`: rustc's E0308
        return TYPE_WORDS[self.result](recv)


@dataclass(eq=False)
class Family:
    """The methods of one kind of receiver. A closed family is its rows; an open one (`rows`
    None) makes a record for any name its own rules accept, compiled by `compile`."""

    name: str
    rows: dict[str, Builtin] | None = None
    compile: Compile = _not_compiled
    made: dict[tuple[str, str], Builtin] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return self.rows is not None and name in self.rows

    def get(self, name: str) -> Builtin | None:
        return None if self.rows is None else self.rows.get(name)

    def __getitem__(self, name: str) -> Builtin:
        return self.of(name)

    def of(self, name: str, owner: str = "") -> Builtin:
        """The record of the method `name` (of Burn's type `owner`)."""
        if self.rows is not None:
            return self.rows[name]
        key = (owner, name)
        if key not in self.made:
            self.made[key] = Builtin(self.name, name, None, "", self.compile, owner=owner)
        return self.made[key]


def rows(family: str, *made: Builtin) -> Family:
    """A closed family of `made`, each row's `family` checked."""
    for row in made:
        assert row.family == family, row
    return Family(family, {row.name: row for row in made})


# -- records every receiver shares ----------------------------------------------------------------


def _clone(compiler: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    return lambda frame: clone_value(recv(frame))


def _to_string(compiler: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp.format import display_text

    text = display_text(e.recv.ty)
    return lambda frame: text(recv(frame))


CLONE = Builtin("Clone", "clone", (), "self", _clone)
TO_STRING = Builtin("ToString", "to_string", (), "String", _to_string)
USER = Builtin("user", "", None, "", _not_compiled)
"""A method of the program's own `impl` (`Method.user` the function), run by the compiler."""
DYN = Builtin("dyn", "", None, "", _not_compiled)
"""A trait's method run for the value's own type (`t: T`, `&dyn Shape`)."""
DYN_AS_REF = Builtin("dyn", "as_ref", (), "self", lambda compiler, e, recv, args: recv)
"""`Box<dyn Shape>::as_ref`: the same value."""


# -- open families: typed by their modules' rules, run by their modules' compilers ----------------


def _burn(compiler: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    from pbpit.rust.interp import burn_nn  # (burn_nn imports this module)

    return burn_nn.compile_method(compiler, e, recv, args)


BURN = Family("burn", compile=_burn)
"""Burn's modules, params, configs and optimizers (`owner`: the type, `LinearConfig`):
`burn_nn.check_method`."""
LAYER_FORWARD = Family("burn.layer", compile=_burn)
"""`forward` of Burn's layers (`owner`: `Linear`, `Conv2d`..): `burn_nn.check_method`."""


# -- functions called by a path: `Vec::new()`, `String::from(s)`, `activation::relu(x)` ----------


@dataclass(frozen=True, eq=False)
class Function:
    """One function of std or Burn called by its path (`owner::name`, a `Static` node's `name`):
    its arity (read by the lowering), `check(checker, e)` its type (the arguments checked), and
    `compile(compiler, e, args)` its behaviour."""

    owner: str
    name: str
    arity: int
    check: Callable[[Any, Any], Ty]
    compile: Callable[[Any, Any, list[Code]], Code]

    @property
    def path(self) -> str:
        return f"{self.owner}::{self.name}"
