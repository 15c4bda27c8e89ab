"""Generic functions over types bounded by std's traits: `fn largest<T: PartialOrd + Copy>(xs:
&[T]) -> T`, `fn total<T: Into<f64> + Copy>(xs: &[T]) -> f64`, `fn show<T: Debug>(x: T)`.

As rustc does, the body is checked once, against the bounds: `T` is a `ParamT` whose `std`
names its std bounds; `a < b` needs `PartialOrd` (rustc's E0369 without it), `a == b`
`PartialEq`, `x.clone()` `Clone`, `x.into()` `Into<U>`, `{}` `Display` and `{:?}` `Debug`
(E0277), a value of `T` moves unless `T: Copy`. Anything else done to a `T` (arithmetic,
other methods) is refused. It runs as rustc runs it, monomorphized: each call's types for the
parameters give an instance of the function, lowered and checked again with those types
(`instance`), so that printing a `T` that is `f32` prints an `f32`.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Call, FnItem, Format, Method, children
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    STR,
    STRING,
    FnT,
    Named,
    ParamT,
    StructT,
    TupleT,
    Ty,
    Wrap,
    is_number,
    resolve,
    show,
)

Node = Any

COMPARE = ("PartialOrd", "Ord")
EQUAL = ("PartialEq", "Eq", *COMPARE)
PRELUDE = ("PartialOrd", "Ord", "PartialEq", "Eq", "Copy", "Clone", "Into", "Sized")
FMT = ("Debug", "Display")
_INTO_F64 = ("f64", "f32", "i8", "i16", "i32", "u8", "u16", "u32")
_INTO = {  # std's lossless `From` impls between numbers, by target: the sources
    "f64": _INTO_F64,
    "f32": ("f32", "i8", "i16", "u8", "u16"),
    "i64": ("i64", "i8", "i16", "i32", "u8", "u16", "u32"),
    "i32": ("i32", "i8", "i16", "u8", "u16"),
    "u64": ("u64", "u8", "u16", "u32"),
    "u32": ("u32", "u8", "u16"),
    "usize": ("usize", "u8", "u16"),
}


def std_of(param: Any) -> dict | None:
    """The std bounds of a type parameter (name -> its argument, `Into`'s target), or None
    when it is not a std-bounded parameter."""
    return getattr(param, "std", None) if type(param) is ParamT else None


# -- lowering the bounds -----------------------------------------------------------------------


def read_bounds(lowerer: Any, written: list[Node]) -> dict | None:
    """The std bounds `written` (`PartialOrd + Copy`, `Into<f64>`, `std::fmt::Debug`), or
    None when any is not one of those pbpit runs (a Burn trait, the file's, another of std's)."""
    found: dict = {}
    for bound in written:
        node, arg = bound, None
        if node.type == "generic_type":
            args = lowerer.kids(node.child_by_field_name("type_arguments"))
            if len(args) != 1:
                return None
            node, arg = node.child_by_field_name("type"), args[0]
        path = ""
        if node.type == "scoped_type_identifier":
            path = lowerer.text(node.child_by_field_name("path")).removeprefix("::")
            node = node.child_by_field_name("name")
        if node.type != "type_identifier":
            return None
        name = lowerer.text(node)
        if name in lowerer.trait_items:
            return None
        if name in FMT:  # `Display` or `fmt::Display` as a `use` brings them, or its path
            if path not in ("std::fmt", "core::fmt") and not _fmt_imported(lowerer, path, name):
                return None
        elif name not in PRELUDE or path not in (
            "",
            "std::cmp",
            "core::cmp",
            "std::marker",
            "std::clone",
            "std::convert",
        ):
            return None
        if (name == "Into") != (arg is not None):
            return None
        found[name] = lowerer.type(arg) if arg is not None else None
    return found or None


def _fmt_imported(lowerer: Any, written: str, name: str) -> bool:
    """Whether a `use` brings `std::fmt` (`written` "fmt") or `std::fmt::name` (`written`
    "") into scope by its own name."""
    from pbpit.rust.interp.uses import file_items

    if written not in ("", "fmt"):
        return False
    tail = ("fmt",) if written else ("fmt", name)
    for item in file_items(lowerer.src):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if path[0] not in ("std", "core"):
            continue
        if path[1:] == tail and item.alias is None:
            return True
        if not written and item.glob and path[1:-1] == ("fmt",):
            return True
    return False


# -- checking the generic body ------------------------------------------------------------------


def _has(param: ParamT, names: tuple[str, ...]) -> bool:
    std = std_of(param) or {}
    return any(n in std for n in names)


def binary(checker: Any, e: Any, left: Ty, right: Ty) -> Ty | None:
    """`a < b`, `a == b` of a std-bounded `T` (None when neither side is one)."""
    lt = resolve(left)
    if std_of(lt) is None:
        return None
    if e.op in ("<", ">", "<=", ">=", "==", "!="):
        needed = COMPARE if e.op not in ("==", "!=") else EQUAL
        if not _has(lt, needed):
            what = f"binary operation `{e.op}` cannot be applied to type `{show(lt)}`"
            raise checker.fail(e.op_pos or e.pos, rejects(what, "E0369"))
        checker.unify(left, right, e.right.pos)
        e.kind = "param-order"  # run by the instances only (never compiled generically)
        return BOOL
    raise checker.fail(e.pos, f"`{e.op}` on a value of the type parameter `{show(lt)}`")


def method(checker: Any, e: Method, recv: Ty) -> Ty | None:
    """`x.clone()` (`T: Clone`), `x.into()` (`T: Into<U>`) of a std-bounded `T`; in an
    instance, `x.into()` of the number the call gave `T` (`into_targets`)."""
    std = std_of(recv)
    targets = getattr(checker, "into_targets", {})
    if std is None and e.name == "into" and not e.args and show(recv) in targets:
        checker.args(e)
        e.impl = _INTO_CALL
        return targets[show(recv)]
    if std is None:
        return None
    if e.name == "clone" and ("Clone" in std or "Copy" in std):
        checker.args(e)
        e.impl = _GENERIC
        return recv
    if e.name == "into" and "Into" in std:
        checker.args(e)
        e.impl = _GENERIC
        return std["Into"]
    if any(e.name in _GIVEN_BY.get(bound, ()) for bound in _bounds(std)):
        what = f"`.{e.name}(..)` of a value of the type parameter `{show(recv)}`"
        raise checker.fail(e.pos, what)
    what = (
        f"no method named `{e.name}` found for type parameter `{show(recv)}` in the current scope"
    )
    err = checker.fail(e.pos, rejects(what, "E0599"))
    err.label = "method not found in `" + show(recv) + "`"
    raise err


_GENERIC = Builtin("std-generic", "generic")  # typed in the generic body, never compiled


def _compile_into(comp: Any, e: Method, recv: Any, args: list) -> Any:
    """`x.into()` of a number into a wider one: the same value (a float's, for a float)."""
    if getattr(resolve(e.ty), "name", "") in ("f32", "f64"):
        return lambda frame: float(recv(frame))
    return recv


_INTO_CALL = Builtin("std-generic", "into", compile=_compile_into)


def not_copy(ty: ParamT) -> bool:
    return "Copy" not in (std_of(ty) or {})


def _formats(ty: Ty, debug: bool, params: set) -> str | None:
    """What rustc says of a `{}`/`{:?}` of `ty` when a parameter in it lacks the bound, or
    None."""
    ty = resolve(ty)
    if type(ty) is ParamT and ty in params:
        need = "Debug" if debug else "Display"
        if need in (std_of(ty) or {}):
            return None
        return f"`{ty.name}` doesn't implement `{'Debug' if debug else 'std::fmt::Display'}`"
    if type(ty) is Wrap and debug:
        return _formats(ty.inner, debug, params)
    if type(ty) is TupleT and debug:
        return next((m for m in (_formats(t, debug, params) for t in ty.elems) if m), None)
    return None


_GIVEN_BY = {  # the methods each bound gives a `T` (all but `clone`, `into` refused)
    "PartialOrd": ("partial_cmp", "lt", "le", "gt", "ge"),
    "Ord": ("cmp", "max", "min", "clamp"),
    "PartialEq": ("eq", "ne"),
    "Clone": ("clone", "clone_from"),
    "Into": ("into",),
    "Display": ("to_string",),
}
_IMPLIED = {"Copy": ("Clone",), "Ord": ("PartialOrd", "Eq", "PartialEq"), "Eq": ("PartialEq",)}
_NEEDS_ORD = ("max", "min", "sort", "sort_unstable", "binary_search")


def _bounds(std: dict) -> set[str]:
    found = set(std)
    for name in std:
        found.update(_IMPLIED.get(name, ()))
    return found


def _unbounded(fail: Any, at: Any, param: ParamT, bound: str) -> Exception:
    what = f"the trait bound `{param.name}: {bound}` is not satisfied"
    return fail(at, rejects(what, "E0277"))


def check_body(fn: FnItem, fail: Any) -> None:
    """What rustc checks of a generic body against the bounds that its typing here leaves:
    `{}` of a `T` without `Display` (`{:?}`: `Debug`), `v.iter().max()` of `T` without `Ord`,
    a call of another generic function whose bounds `T`'s do not give (each E0277)."""
    todo: list = [fn.body]
    while todo:
        node = todo.pop()
        todo.extend(children(node))
        if isinstance(node, Method) and node.name in _NEEDS_ORD:
            item = resolve(node.recv.ty)
            item = resolve(item.inner) if type(item) is Wrap else item
            if std_of(item) is not None and "Ord" not in _bounds(item.std):  # type: ignore[union-attr]
                raise _unbounded(fail, node.pos, item, "Ord")  # type: ignore[arg-type]
        if isinstance(node, Method) and node.name == "push" and len(node.args) == 1:
            refuse_reference_pushed(node, fail)
        if isinstance(node, Call) and is_generic(node.callee):
            for param, ty in node.type_args.items():
                given = resolve(ty)
                if std_of(given) is None or std_of(param) is None:
                    continue
                missing = [b for b in param.std if b not in _bounds(given.std)]
                if missing:
                    raise _unbounded(fail, node.pos, given, missing[0])
        refuse_unbounded_format(fn, node, fail)


def refuse_reference_pushed(e: Method, fail: Any) -> None:
    """`out.push(x)` of `x: &T` into a `Vec<T>`: rustc's E0308 (references are erased, so the
    typing here cannot see it)."""
    from pbpit.rust.interp import references

    recv, arg = resolve(e.recv.ty), e.args[0]
    if type(recv) is not Wrap or recv.kind != "Vec" or std_of(resolve(recv.inner)) is None:
        return
    if arg.borrowed or references.certainly_reference(arg):
        raise fail(arg.pos, rejects("mismatched types", "E0308"))


def refuse_unbounded_format(fn: FnItem, node: Any, fail: Any) -> None:
    """rustc's E0277 for `{}` of a `T` without `Display` (`{:?}`: `Debug`) in a generic body."""
    if not isinstance(node, Format):
        return
    params = {p for p in fn.type_params.values() if std_of(p) is not None}
    for spec in (p for p in node.pieces if not isinstance(p, str)):
        index = getattr(spec, "arg", None)
        known = isinstance(index, int) and index < len(node.args)
        arg = node.args[index] if known else None
        if arg is None or arg.ty is None:
            continue
        debug = bool(getattr(spec, "debug", False) or getattr(spec, "pretty", False))
        missing = _formats(arg.ty, debug, params)
        if missing is not None:
            raise fail(arg.pos, rejects(missing, "E0277"))


# -- the call's types ---------------------------------------------------------------------------


def satisfies(ty: Ty, std: dict) -> str | None:
    """The first std bound the call's type `ty` does not have, or None."""
    ty = resolve(ty)
    for name, arg in std.items():
        if name == "Into":
            target = getattr(resolve(arg), "name", None)
            if getattr(ty, "name", None) not in _INTO.get(target or "", ()):
                return f"Into<{show(arg)}>"
        elif name == "Copy" and not _copy(ty):
            return name
        elif name == "Clone" and not (_copy(ty) or _clone(ty)):
            return name
        elif name in COMPARE and not _ordered(ty):
            return name
        elif name in EQUAL and not _equal(ty):
            return name
        elif name in FMT and not _printable(ty, name == "Debug"):
            return name
    return None


def _copy(ty: Ty) -> bool:
    from pbpit.rust.interp.copy_types import copy_type

    return copy_type(ty)


def _clone(ty: Ty) -> bool:
    if ty is STRING:
        return True
    if type(ty) is StructT:
        return "Clone" in ty.item.derives
    if type(ty) is Wrap and ty.kind in ("Vec", "Option", "array"):
        return _copy(ty.inner) or _clone(resolve(ty.inner))
    if type(ty) is TupleT:
        return all(_copy(t) or _clone(resolve(t)) for t in ty.elems)
    return False


def _ordered(ty: Ty) -> bool:
    return is_number(ty) or ty in (BOOL, CHAR, STR, STRING)


def _equal(ty: Ty) -> bool:
    if type(ty) is StructT:
        return "PartialEq" in ty.item.derives
    return _ordered(ty)


def _printable(ty: Ty, debug: bool) -> bool:
    if is_number(ty) or ty in (BOOL, CHAR, STR, STRING):
        return True
    if not debug or type(ty) is FnT:
        return False
    if type(ty) is StructT:
        return "Debug" in ty.item.derives
    if type(ty) is Wrap and ty.kind in ("Vec", "Option", "array"):
        return _printable(resolve(ty.inner), debug)
    if type(ty) is TupleT:
        return all(_printable(resolve(t), debug) for t in ty.elems)
    return type(ty) is Named and ty.name == "()"


# -- running an instance ------------------------------------------------------------------------


def is_generic(fn: Any) -> bool:
    return isinstance(fn, FnItem) and any(std_of(p) is not None for p in fn.type_params.values())


def instance(compiler: Any, e: Any) -> Any:
    """The code of the call `e` of a std-generic function: its instance for the call's types
    (made, checked and compiled once per list of types)."""
    fn = e.callee
    types = {p.name: resolve(t) for p, t in e.type_args.items()}
    for param, ty in e.type_args.items():
        std = std_of(param)
        if std is None:
            raise compiler.fail(e.pos, f"a call of `{fn.name}` mixing std and other bounds")
        missing = satisfies(ty, std)
        if missing is not None:
            what = f"`{fn.name}` called with `{show(resolve(ty))}`, which is not `{missing}`"
            raise compiler.fail(e.pos, f"{what} (rustc's E0277)")
    key = f"{fn.name}::<{', '.join(show(t) for t in types.values())}>"
    cells = compiler.fn_cells
    if key not in cells:
        from pbpit.rust.interp.check import Checker
        from pbpit.rust.interp.copy_types import mark_copies

        cells[key] = [None]
        made = _lowered(compiler.crate, fn, types, key)
        checker = Checker(compiler.crate)
        checker.into_targets = {
            show(types[p.name]): std["Into"]
            for p in e.type_args
            if (std := std_of(p)) is not None and "Into" in std
        }
        checker.function(made)
        mark_copies(SimpleNamespace(structs=compiler.crate.structs, fns={key: made}, consts={}))
        compiler.instances.append((key, made))  # compiled after the function calling it
    cell = cells[key]
    args = [compiler.expr(a) for a in e.args]
    return lambda frame: cell[0]([arg(frame) for arg in args])


def not_called(args: list) -> Any:
    """A std-generic function itself: only its instances run."""
    raise AssertionError("a std-generic function is run by its instances")


def _lowered(crate: Any, fn: FnItem, types: dict[str, Ty], key: str) -> FnItem:
    lowerer = crate.lowerer
    saved = getattr(lowerer, "instance_types", {}), lowerer.module
    lowerer.instance_types = types
    lowerer.module = lowerer.module_of(fn.node)
    try:
        made = lowerer.signature(fn.node)
        made.name = key
        made.owner = fn.owner
        lowerer.fn_body(made)
    finally:
        lowerer.instance_types, lowerer.module = saved
    return made
