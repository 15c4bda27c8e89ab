"""`std::cmp` and `std::iter::repeat` as a program names them: `Ordering::Less` (a value and a
pattern) after `use std::cmp::Ordering;`, or by its path `std::cmp::Ordering::Equal`; an
`Ordering`'s methods (`then`, `then_with`, `reverse`, `is_lt`..), a row each; the functions
`std::cmp::max` / `min` and `std::iter::repeat`, a `builtins.Function` each, called by their
path, as `cmp::max` after `use std::cmp;`, or as `max` after `use std::cmp::max;`.

An `Ordering` is held as -1, 0, 1 (`iterators.ORDERING`). A name not brought into scope is
rustc's error (E0433 for `Ordering::Less`, E0425 for `max(a, b)`)."""

from __future__ import annotations

from itertools import repeat as _forever
from typing import Any

from pbpit.rust.interp import iter_sources, std_reverse
from pbpit.rust.interp.builtins import Builtin, Code, Function, rows
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.iterators import ORDERING, Lazy, _not_ord
from pbpit.rust.interp.nodes import Lit, Static
from pbpit.rust.interp.ordering import partial_cmp
from pbpit.rust.interp.types import Ty, Wrap, resolve

VARIANTS = {"Less": -1, "Equal": 0, "Greater": 1}
_STD = ("std", "core")
_FUNCTIONS = {("cmp", "max"), ("cmp", "min"), ("iter", "repeat"), ("iter", "once")}
_FUNCTIONS |= {("cmp", "Reverse"), ("iter", "empty")}  # (std_reverse.py)
_FUNCTIONS |= {("iter", "successors"), ("iter", "from_fn")}  # (iter_sources.py)
_UNARY = ("repeat", "once", "Reverse", "from_fn")


def _uses(source: Any) -> list[tuple[tuple[str, ...], str | None, bool]]:
    """(path without a leading `::`, the name bound, glob) of each `use` leaf of the file."""
    from pbpit.rust.interp.uses import file_items  # (uses imports numbers, which imports this)

    found = []
    for item in file_items(source):
        path = item.path[1:] if item.path[0] == "::" else item.path
        found.append((path, item.bound, item.glob))
    return found


def _brought(source: Any, module: str, name: str) -> set[str]:
    """The names by which a `use` brings `std::<module>::<name>` (a glob of the module too)."""
    names = set()
    for path, bound, glob in _uses(source):
        if len(path) == 3 and path[0] in _STD and path[1] == module:
            if glob:
                names.add(name)
            elif path[2] == name and bound is not None:
                names.add(bound)
    return names


def _module_brought(source: Any, module: str) -> bool:
    """Whether `use std::<module>;` (or a list holding it) brings the module in by its name."""
    return any(
        len(path) == 2 and path[0] in _STD and path[1] == module and bound == module
        for path, bound, _ in _uses(source)
    )


def _cached(lowerer: Any, key: str, compute: Any) -> Any:
    cache = lowerer.__dict__.setdefault("std_cmp_uses", {})
    if key not in cache:
        cache[key] = compute()
    return cache[key]


def ordering_names(lowerer: Any) -> set[str]:
    return _cached(lowerer, "Ordering", lambda: _brought(lowerer.src, "cmp", "Ordering"))


def _ordering_path(lowerer: Any, names: list[str]) -> bool | None:
    """Whether `names[:-1]` names `std::cmp::Ordering` here (None: it is no path to it at all,
    False: `Ordering` not in scope)."""
    head = names[:-1]
    if head[:1] == ["::"]:
        head = head[1:]
    if len(head) == 3 and head[0] in _STD and head[1:] == ["cmp", "Ordering"]:
        return True
    if head == ["cmp", "Ordering"]:
        return _cached(lowerer, "cmp", lambda: _module_brought(lowerer.src, "cmp"))
    if len(head) == 1 and lowerer.named_struct(head[0]) is None:
        if head[0] in ordering_names(lowerer):
            return True
        return False if head[0] == "Ordering" else None
    return None


def lower_path(lowerer: Any, node: Any, names: list[str]) -> Lit | None:
    """`Ordering::Less`, `std::cmp::Ordering::Equal`: the value, or None for another path."""
    found = _ordering_path(lowerer, names)
    if found is None:
        return None
    if not found:
        what = "failed to resolve: use of undeclared type `Ordering`"
        raise lowerer.fail(node, rejects(what, "E0433"))
    if names[-1] not in VARIANTS:
        what = f"no variant or associated item named `{names[-1]}` found for enum `Ordering`"
        raise lowerer.fail(node, rejects(what, "E0599"))
    return Lit(lowerer.pos(node), "value", VARIANTS[names[-1]], ORDERING)


def lower_pattern(lowerer: Any, node: Any) -> Lit | None:
    """The value of the pattern `Ordering::Less` (a scoped identifier), or None."""
    names = [s[0] for s in lowerer.segments(node)]
    return lower_path(lowerer, node, names)


def ordering_type(lowerer: Any, name: str, plain: bool) -> Ty | None:
    """The type `Ordering` where a `use` brings it in (`plain`: written without a path)."""
    if plain and name in ordering_names(lowerer) and lowerer.named_struct(name) is None:
        return ORDERING
    return None


# -- the functions --------------------------------------------------------------------------------


def lower_call(lowerer: Any, node: Any, names: list[str], args: list[Any]) -> Static | None:
    """`std::cmp::max(a, b)`, `cmp::min(a, b)`, `std::iter::repeat(x)`; `max(a, b)` after `use
    std::cmp::max;` (`names` a single name). None for any other call."""
    if names[:1] == ["::"]:
        names = names[1:]
    if len(names) == 1:
        for module, name in _FUNCTIONS:
            key = f"{module}::{name}"
            if names[0] in _cached(lowerer, key, lambda m=module, n=name: _brought(
                lowerer.src, m, n
            )):
                return _static(lowerer, node, module, name, args)
        return None
    if len(names) < 2 or (names[-2], names[-1]) not in _FUNCTIONS:
        return None
    module, name = names[-2], names[-1]
    if len(names) == 3 and names[0] in _STD:
        return _static(lowerer, node, module, name, args)
    if len(names) == 2:
        if not _cached(lowerer, module, lambda: _module_brought(lowerer.src, module)):
            what = f"failed to resolve: use of unresolved module or unlinked crate `{module}`"
            raise lowerer.fail(node, rejects(what, "E0433"))
        return _static(lowerer, node, module, name, args)
    return None


def _static(lowerer: Any, node: Any, module: str, name: str, args: list[Any]) -> Static:
    from pbpit.rust.interp.check_tables import wrong_arity

    arity = 0 if name == "empty" else 1 if name in _UNARY else 2
    if len(args) != arity:
        raise lowerer.fail(node, wrong_arity("function", arity, len(args)))
    return Static(lowerer.pos(node), f"{module}::{name}", args)


def _compared_type(ck: Any, e: Any) -> Ty:
    first, second = (ck.expr(a) for a in e.args)
    ck.unify(first, second, e.args[1].pos)
    found = _not_ord(first)
    if found is not None:  # `std::cmp::max(1.0, 2.0)`: floats are only `PartialOrd`
        what = f"the trait bound `{found}: Ord` is not satisfied"
        raise ck.fail(e.pos, rejects(what, "E0277"))
    return first


def _compared(comp: Any, e: Any, args: list[Code]) -> Code:
    """core's `max_by`/`min_by` of `Ord::cmp`: `max` gives the second of two equal values,
    `min` the first."""
    first, second = args
    greatest = e.name.endswith("max")

    def pick(frame: list) -> Any:
        a, b = first(frame), second(frame)
        order = partial_cmp(a, b) or 0
        if greatest:
            return a if order > 0 else b
        return b if order > 0 else a

    return pick


def _repeat_type(ck: Any, e: Any) -> Ty:
    return Wrap("Iter", ck.expr(e.args[0]))


def _repeat(comp: Any, e: Any, args: list[Code]) -> Code:
    """An endless iterator of clones of the value (`Repeat`: no length)."""
    from pbpit.rust.interp.runtime import clone_value  # (runtime imports the nodes)

    (value,) = args

    def repeat(frame: list) -> Lazy:
        held = value(frame)
        return Lazy(lambda: (clone_value(held) for _ in _forever(None)))

    return repeat


FUNCTIONS = [
    Function("cmp", "max", 2, _compared_type, _compared),
    Function("cmp", "min", 2, _compared_type, _compared),
    Function("iter", "repeat", 1, _repeat_type, _repeat),
    *std_reverse.FUNCTIONS,  # `std::iter::once`, `empty`, `std::cmp::Reverse`
    *iter_sources.FUNCTIONS,  # `std::iter::successors`, `from_fn`, `start..` (iter_sources.py)
]

# -- an `Ordering`'s methods ------------------------------------------------------------------


def _then_with_type(ck: Any, e: Any, recv: Ty) -> Ty:
    ck.arity(e, 1)
    fn = ck.closure_arg(e.args[0], [])
    ck.unify(ORDERING, fn.ret, e.args[0].pos)
    return ORDERING


def _then(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args
    return lambda frame: recv(frame) or other(frame)  # `other` evaluated either way


def _then_with(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (function,) = args

    def then_with(frame: list) -> Any:
        order = recv(frame)
        return order if order else function(frame)()

    return then_with


def _test(test: Any) -> Any:
    return lambda comp, e, recv, args: lambda frame: test(recv(frame))


def _pick(greatest: bool) -> Any:
    """`Ord::max` / `min`: `max` gives the argument on a tie, `min` the receiver."""

    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (other,) = args

        def pick(frame: list) -> Any:
            a, b = recv(frame), other(frame)
            return (a if a > b else b) if greatest else (b if a > b else a)

        return pick

    return compile_


def _cmp(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    (other,) = args
    return lambda frame: (recv(frame) > other(frame)) - (recv(frame) < other(frame))


ORDERING_METHODS = rows(
    "Ordering",
    Builtin("Ordering", "max", ("self",), "self", _pick(True)),
    Builtin("Ordering", "min", ("self",), "self", _pick(False)),
    Builtin("Ordering", "cmp", ("self",), "self", _cmp),
    Builtin("Ordering", "clone", (), "self", lambda comp, e, recv, args: recv),
    Builtin("Ordering", "then", ("self",), "self", _then),
    Builtin("Ordering", "then_with", None, "self", _then_with, _then_with_type),
    Builtin("Ordering", "reverse", (), "self", _test(lambda o: -o)),
    Builtin("Ordering", "is_eq", (), "bool", _test(lambda o: o == 0)),
    Builtin("Ordering", "is_ne", (), "bool", _test(lambda o: o != 0)),
    Builtin("Ordering", "is_lt", (), "bool", _test(lambda o: o < 0)),
    Builtin("Ordering", "is_gt", (), "bool", _test(lambda o: o > 0)),
    Builtin("Ordering", "is_le", (), "bool", _test(lambda o: o <= 0)),
    Builtin("Ordering", "is_ge", (), "bool", _test(lambda o: o >= 0)),
)


def check_method(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """The type of an `Ordering`'s method call, None for another receiver."""
    if recv is not ORDERING:
        return None
    row = ORDERING_METHODS.get(e.name)
    if row is None and e.name in _TRAIT_METHODS:  # std has it, pbpit does not run it
        raise ck.fail(e.pos, f"the method `{e.name}` of an `Ordering`")
    if row is None:
        what = f"no method named `{e.name}` found for enum `Ordering` in the current scope"
        raise ck.fail(e.pos, rejects(what, "E0599"))
    return row.types(ck, e, recv)


_TRAIT_METHODS = frozenset(
    "clone_from partial_cmp lt le gt ge clamp eq ne hash fmt to_owned into try_into borrow "
    "borrow_mut type_id".split()
)
"""The methods an `Ordering` has by its traits (`Ord`, `Clone`, `Hash`..) beyond the rows."""



# -- the methods `#[derive(PartialOrd, Ord, PartialEq)]` gives a struct or enum -----------------

_DERIVED = {
    **dict.fromkeys(("partial_cmp", "lt", "le", "gt", "ge"), "PartialOrd"),
    **dict.fromkeys(("cmp", "max", "min", "clamp"), "Ord"),
    **dict.fromkeys(("eq", "ne"), "PartialEq"),
}
"""Each method a derive gives, by the trait derived."""


def _test_order(test: Any) -> Any:
    """`a.lt(&b)`..: `partial_cmp` then the test (an unordered pair is false to every test)."""

    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (other,) = args

        def tested(frame: list) -> bool:
            order = partial_cmp(recv(frame), other(frame))
            return order is not None and test(order)

        return tested

    return compile_


def _derived_pick(greatest: bool) -> Any:
    """`Ord::max` / `min` of core (`max_by(self, other, Ord::cmp)`): `max` gives `other` on a
    tie, `min` gives `self`."""

    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        (other,) = args

        def pick(frame: list) -> Any:
            a, b = recv(frame), other(frame)
            after = (partial_cmp(a, b) or 0) > 0
            return (a if after else b) if greatest else (b if after else a)

        return pick

    return compile_


def _clamp(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
    """core's `Ord::clamp`: `assert!(min <= max)` (its panic inside core), then the bound the
    value passes, or the value."""
    from pbpit.rust.interp.core_panics import core_panic

    low, high = args

    def clamp(frame: list) -> Any:
        x, lo, hi = recv(frame), low(frame), high(frame)
        if (partial_cmp(lo, hi) or 0) > 0:
            raise core_panic("Ord::clamp")
        if (partial_cmp(x, lo) or 0) < 0:
            return lo
        return hi if (partial_cmp(x, hi) or 0) > 0 else x

    return clamp


def _equal(negated: bool) -> Any:
    def compile_(comp: Any, e: Any, recv: Code, args: list[Code]) -> Code:
        from pbpit.rust.interp.runtime import rust_eq  # (runtime imports the nodes)

        (other,) = args
        return lambda frame: rust_eq(recv(frame), other(frame)) is not negated

    return compile_


DERIVED_METHODS = rows(
    "derived",
    Builtin("derived", "lt", ("self",), "bool", _test_order(lambda o: o < 0)),
    Builtin("derived", "le", ("self",), "bool", _test_order(lambda o: o <= 0)),
    Builtin("derived", "gt", ("self",), "bool", _test_order(lambda o: o > 0)),
    Builtin("derived", "ge", ("self",), "bool", _test_order(lambda o: o >= 0)),
    Builtin("derived", "max", ("self",), "self", _derived_pick(True)),
    Builtin("derived", "min", ("self",), "self", _derived_pick(False)),
    Builtin("derived", "clamp", ("self", "self"), "self", _clamp),
    Builtin("derived", "eq", ("self",), "bool", _equal(False)),
    Builtin("derived", "ne", ("self",), "bool", _equal(True)),
)


def derived_method(ck: Any, e: Any, recv: Ty) -> Ty | None:
    """The type of `a.cmp(&b)`, `a.partial_cmp(&b)`, `a.lt(&b)`, `a.max(b)`, `a.eq(&b)`.. on a
    struct or enum of the program's that derives the method's trait (as rustc orders it: the
    variant, then the fields in order); None when the item does not derive it."""
    from pbpit.rust.interp.iterators import ITERATORS

    trait = _DERIVED.get(e.name)
    item = resolve(recv).item  # type: ignore[attr-defined]
    if trait is None or trait not in item.derives:
        return None
    if e.targs:
        return None
    if e.name in ("cmp", "partial_cmp"):
        return ITERATORS[e.name].types(ck, e, recv)  # (the order of `ordering.partial_cmp`)
    made = DERIVED_METHODS[e.name].types(ck, e, recv)
    if e.name in ("max", "min", "clamp"):  # `Ord::max(self, other: Self)`: `a.min(&b)` E0308
        from pbpit.rust.interp.references import refuse_borrowed_value

        for arg in e.args:
            refuse_borrowed_value(ck, arg, recv, scalar=False)
    return made
