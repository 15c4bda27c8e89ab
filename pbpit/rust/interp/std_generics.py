"""Generic functions over types bounded by std's traits: `fn largest<T: PartialOrd + Copy>(xs:
&[T]) -> T`, `fn total<T: Into<f64> + Copy>(xs: &[T]) -> f64`, `fn show<T: Debug>(x: T)`.

As rustc does, the body is checked once, against the bounds: `T` is a `ParamT` whose `std`
names its std bounds; `a < b` needs `PartialOrd` (rustc's E0369 without it), `a == b`
`PartialEq`, `x.clone()` `Clone`, `x.into()` `Into<U>`, `{}` `Display` and `{:?}` `Debug`
(E0277), a value of `T` moves unless `T: Copy`; `a + b` needs `Add<Output = T>` (`-`, `*`,
`/`, `%` likewise: rustc's E0369 without; `-x` `Neg`: E0600; `acc += x` `AddAssign`: E0368),
the trait brought in by `use std::ops::..` (E0405), and is run for a `Copy` `T` only;
`T::default()` needs `Default` (E0599). Anything else done to a `T` (other methods) is
refused. It runs as rustc runs it, monomorphized: each call's types for the
parameters give an instance of the function, lowered and checked again with those types
(`instance`), so that printing a `T` that is `f32` prints an `f32`.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pbpit.rust.interp import unmet_bounds
from pbpit.rust.interp.builtins import Builtin
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Call, FnItem, Format, Local, Method, children
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    INT_RANGES,
    STR,
    STRING,
    UNIT,
    FnT,
    Named,
    ParamT,
    StructT,
    TupleT,
    Ty,
    Wrap,
    is_float,
    is_number,
    resolve,
    show,
)

Node = Any

COMPARE = ("PartialOrd", "Ord")
EQUAL = ("PartialEq", "Eq", *COMPARE)
PRELUDE = ("PartialOrd", "Ord", "PartialEq", "Eq", "Copy", "Clone", "Into", "Sized", "Default")
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
        operator = _operator_bound(lowerer, node, arg)  # `Add<Output = T>`, `AddAssign`
        if operator is not None:
            found[operator[0]] = operator[1]
            continue
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
        elif name == "Hash":  # `L: Eq + Hash` (a map's key): `use std::hash::Hash;`, or its path
            if path not in ("std::hash", "core::hash"):
                if not _fmt_imported(lowerer, path, name, "hash"):  # (the prelude's derive)
                    what = "expected trait, found derive macro `Hash`"
                    raise lowerer.fail(node, rejects(what, "E0404"))
        elif name not in PRELUDE or path not in (
            "",
            "std::cmp",
            "core::cmp",
            "std::marker",
            "std::clone",
            "std::convert",
            "std::default",
            "core::default",
        ):
            return None
        if (name == "Into") != (arg is not None):
            return None
        found[name] = lowerer.type(arg) if arg is not None else None
    return found or None


OPERATORS = {"+": "Add", "-": "Sub", "*": "Mul", "/": "Div", "%": "Rem"}
"""The operator traits a bound may name (`T: Add<Output = T>`), by operator; each `..Assign`
(`T: AddAssign`, `acc += x`) too, and `Neg<Output = T>` (`-x`)."""
_WITH_OUTPUT = (*OPERATORS.values(), "Neg")
_ASSIGNS = tuple(name + "Assign" for name in OPERATORS.values())


def _operator_bound(lowerer: Any, node: Node, arg: Node | None) -> tuple[str, str | None] | None:
    """(`Add`, the `Output` written: `T` of `Add<Output = T>`) of an operator trait bound, or
    None for another bound. Named without its path, the trait must be brought in by a `use`
    (rustc's E0405); `Add` without `Output = ..` is refused (its result is no `T`)."""
    path = ""
    if node.type == "scoped_type_identifier":
        path = lowerer.text(node.child_by_field_name("path")).removeprefix("::")
        node = node.child_by_field_name("name")
    name = lowerer.text(node) if node.type == "type_identifier" else ""
    if name not in (*_WITH_OUTPUT, *_ASSIGNS) or name in lowerer.trait_items:
        return None
    if path not in ("std::ops", "core::ops") and not _ops_imported(lowerer, path, name):
        if path == "":
            what = f"cannot find trait `{name}` in this scope"
            raise lowerer.fail(node, rejects(what, "E0405"))
        return None
    if name in _ASSIGNS:
        return (name, None) if arg is None else None
    output = None
    if arg is not None and arg.type == "type_binding":
        bound_name = arg.child_by_field_name("name")
        bound_type = arg.child_by_field_name("type")
        if bound_name is not None and lowerer.text(bound_name) == "Output":
            output = lowerer.text(bound_type) if bound_type is not None else None
    if output is None:
        raise lowerer.fail(node, f"the bound `{lowerer.text(node)}` without `Output = T`")
    return name, output


def _ops_imported(lowerer: Any, written: str, name: str) -> bool:
    """Whether a `use` brings `std::ops::name` (`written` "") or `std::ops` (`written` "ops")
    into scope."""
    from pbpit.rust.interp.uses import file_items

    if written not in ("", "ops"):
        return False
    for item in file_items(lowerer.src):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if len(path) < 2 or path[0] not in ("std", "core") or path[1] != "ops":
            continue
        if written and len(path) == 2 and item.bound == "ops":
            return True
        if not written and len(path) == 3 and (item.glob or item.bound == name):
            return True
    return False


def default_call(lowerer: Any, node: Node, owner: str, name: str, args: list) -> Any:
    """`T::default()` of `T: Default` (in an instance, of the type the call gave `T`), lowered
    as `{ let d: T = Default::default(); d }`; None for another call."""
    from pbpit.rust.interp.nodes import Block, Let, Static

    param = lowerer.type_params.get(owner)
    given = getattr(lowerer, "instance_types", {}).get(owner)
    if name != "default" or args or (given is None and "Default" not in (std_of(param) or {})):
        return None
    ty = given if given is not None else param
    pos = lowerer.pos(node)
    made_by = getattr(resolve(ty), "item", None)  # a struct's `default()` (derived or its own)
    if made_by is not None and "default" in made_by.methods:
        return Call(pos, made_by.methods["default"], [])
    saved = lowerer.open_scope()
    made = lowerer.declare(f"{owner}::default", False)  # a name no program writes
    made.owned = True
    let = Let(pos[0], made, ty, Static(pos, "Default::default", []), lowerer.in_scope)
    tail = Local(pos, made, lowerer.scope)
    visible = lowerer.in_scope
    lowerer.close_scope(saved)
    return Block(pos, [let], tail, visible)


def _fmt_imported(lowerer: Any, written: str, name: str, module: str = "fmt") -> bool:
    """Whether a `use` brings `std::fmt` (`written` "fmt") or `std::fmt::name` (`written`
    "") into scope by its own name (`std::hash` for `module` "hash")."""
    from pbpit.rust.interp.uses import file_items

    if written not in ("", module):
        return False
    tail = (module,) if written else (module, name)
    for item in file_items(lowerer.src):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if path[0] not in ("std", "core"):
            continue
        if path[1:] == tail and item.alias is None:
            return True
        if not written and item.glob and path[1:-1] == (module,):
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
    trait = OPERATORS.get(e.op)
    if trait is not None and trait in (std_of(lt) or {}):  # `a + b` of `T: Add<Output = T>`
        _refuse_other_output(checker, e, lt, trait)
        _refuse_reference_operand(checker, e, lt, (e.left, e.right))
        checker.unify(left, right, e.right.pos)
        e.kind = "param-order"
        return left
    if trait is not None:
        what = f"binary operation `{e.op}` cannot be applied to type `{show(lt)}`"
        raise checker.fail(e.op_pos or e.pos, rejects(what, "E0369"))
    raise checker.fail(e.pos, f"`{e.op}` on a value of the type parameter `{show(lt)}`")


def _refuse_reference_operand(checker: Any, e: Any, param: ParamT, operands: tuple) -> None:
    """`acc + x` of `acc = &zero` (a `&T`: `T: Add` is not `&T: Add`): rustc's E0369 (`+=`:
    E0368). References are erased: an operand that certainly is one."""
    from pbpit.rust.interp import references

    if any(references.certainly_reference(x) for x in operands):
        assign = hasattr(e, "target")  # `acc += x`, an `Assign`
        op = f"{e.op}=" if assign else e.op
        what = f"binary operation `{op}` cannot be applied to type `&{param.name}`"
        raise checker.fail(e.pos, rejects(what, "E0368" if assign else "E0369"))


def _refuse_other_output(checker: Any, e: Any, param: ParamT, trait: str) -> None:
    """`T: Add<Output = U>`, and an operator taking a `T` that is not `Copy` by value (the moves
    of its operands are not followed: `a + a` is rustc's E0382), are refused."""
    std = std_of(param) or {}
    if std.get(trait) != param.name:
        what = f"`{trait}<Output = {std[trait]}>` of `{param.name}` (pbpit runs `Output = "
        raise checker.fail(e.pos, what + f"{param.name}`)")
    if "Copy" not in std:
        what = f"`{trait}` of a `{param.name}` that is not `Copy` (its operands move)"
        raise checker.fail(e.pos, what)


def unary(checker: Any, e: Any, ty: Ty) -> Ty | None:
    """`-x` of `T: Neg<Output = T>` (rustc's E0600 without it); None for another type."""
    t = resolve(ty)
    if std_of(t) is None or e.op != "-":
        return None
    if "Neg" not in (std_of(t) or {}):
        what = f"cannot apply unary operator `-` to type `{show(t)}`"
        raise checker.fail(e.pos, rejects(what, "E0600"))
    _refuse_other_output(checker, e, t, "Neg")  # type: ignore[arg-type]
    e.kind = "param-order"
    return ty


def assign(checker: Any, e: Any, target: Ty, value: Ty) -> Ty | None:
    """`acc += x` of `T: AddAssign` (rustc's E0368 without it): its type, `()`; None for another
    type."""
    t = resolve(target)
    if std_of(t) is None or e.op is None:
        return None
    trait = OPERATORS.get(e.op, "") + "Assign"
    if trait not in (std_of(t) or {}):
        what = f"binary assignment operation `{e.op}=` cannot be applied to type `{show(t)}`"
        raise checker.fail(e.pos, rejects(what, "E0368"))
    checker.unify(target, value, e.value.pos)
    _refuse_reference_operand(checker, e, t, (e.target,))  # type: ignore[arg-type]
    root = e.target
    if isinstance(root, Local) and not (root.binding.mutable or root.binding.mut_ref):
        what = f"cannot borrow `{root.binding.name}` as mutable, as it is not declared as mutable"
        raise checker.fail(root.pos, rejects(what, "E0596"))  # `add_assign(&mut t, x)`
    e.kind = "param-order"
    return UNIT


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
    if e.name == "to_string" and "Display" in std:  # std's `impl<T: Display> ToString`
        checker.args(e)
        e.impl = _GENERIC
        return STRING
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
        _refuse_unhashed_key(node, fail)
        if isinstance(node, Call) and is_generic(node.callee):
            for param, ty in node.type_args.items():
                given = resolve(ty)
                if std_of(given) is None or std_of(param) is None:
                    continue
                missing = [b for b in param.std if b not in _bounds(given.std)]
                if missing:
                    raise _unbounded(fail, node.pos, given, missing[0])
        refuse_unbounded_format(fn, node, fail)


def _refuse_unhashed_key(node: Any, fail: Any) -> None:
    """A `HashMap<L, V>` or `HashSet<L>` made in a generic body (`HashMap::new()`, its key
    known only later) keyed by a `L` without `Hash`: rustc's E0277."""
    ty = getattr(node, "ty", None)
    found = resolve(ty) if ty is not None else None
    if type(found) is not Wrap or found.kind not in ("HashMap", "HashSet"):
        return
    key = resolve(found.err if found.kind == "HashMap" else found.inner)
    if std_of(key) is not None and "Hash" not in key.std:  # type: ignore[attr-defined]
        raise _unbounded(fail, node.pos, key, "Hash")  # type: ignore[arg-type]


def hash_param(ck: Any, e: Any, part: Ty) -> bool:
    """Whether `part` is a std-bounded type parameter keying a map or a set (`L` of `fn
    count<L: Eq + Hash + Clone>`): with `Hash` it may (each call's type is checked against
    it, `satisfies`), without it it is rustc's E0277."""
    if std_of(part) is None:
        return False
    if "Hash" not in part.std:  # type: ignore[attr-defined]
        raise _unbounded(ck.fail, e.pos, part, "Hash")  # type: ignore[arg-type]
    return True


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
        elif name in ("Eq", "Ord", "Hash") and is_float(ty):  # (`f32: PartialOrd` only)
            return name
        elif name == "Hash" and not (_ordered(ty) or type(ty) is TupleT):
            return name  # (a tuple's parts: as a map's keys, hashmap.py)
        elif name in COMPARE and not (_ordered(ty) or _derived(ty, name)):
            return name  # (a struct deriving, or implementing, the trait has it: cmp_impls.py)
        elif name in EQUAL and not _equal(ty):
            return name
        elif name in FMT and not _printable(ty, name == "Debug"):
            return name
        elif name == "Default" and not _has_default(ty):
            return name
        elif name in (*_WITH_OUTPUT, *_ASSIGNS) and not _operates(ty, name):
            return name if name in _ASSIGNS else f"{name}<Output = {show(ty)}>"
    return None


def _has_default(ty: Ty) -> bool:
    if is_number(ty) or ty in (BOOL, STRING):
        return True
    if type(ty) is Wrap:
        return ty.kind in ("Vec", "Option")
    if type(ty) is StructT:
        return "default" in ty.item.methods
    return False


def _operates(ty: Ty, trait: str) -> bool:
    """Whether `ty` has the operator trait `trait` with `Output = ty`: a number (`Neg`: a signed
    one), or a struct with an `impl` of it (op_traits.py)."""
    if trait == "Neg" and getattr(ty, "name", "") in INT_RANGES:
        return INT_RANGES[ty.name][0] < 0  # type: ignore[attr-defined]
    if is_number(ty):
        return True
    if type(ty) is StructT:
        from pbpit.rust.interp.op_traits import impls  # (it imports this module)

        return any(
            trait in _ASSIGNS or getattr(resolve(i.fn.ret), "item", None) is ty.item
            for i in impls(ty.item, trait)
        )
    return False


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


def _derived(ty: Ty, trait: str) -> bool:
    return type(ty) is StructT and trait in ty.item.derives


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
    cell = _instance_cell(compiler, e, e.callee, e.type_args)
    args = [compiler.expr(a) for a in e.args]
    return lambda frame: cell[0]([arg(frame) for arg in args])


def method_instance(compiler: Any, e: Method) -> Any:
    """The code of `acc.push(x)` of a method of `impl<T: ..> Acc<T>` (generic_impls.py): its
    instance for the receiver's types (`Acc<i64>`)."""
    from pbpit.rust.interp.generic_impls import receiver_mapping

    recv_ty = resolve(e.recv.ty)
    if type(recv_ty) is not StructT:
        raise compiler.fail(e.pos, f"the method `{e.name}` of a value of unknown type")
    cell = _instance_cell(compiler, e, e.user, receiver_mapping(e.user, recv_ty), "E0599")
    recv = compiler.expr(e.recv)
    args = [compiler.expr(a) for a in e.args]
    return lambda frame: cell[0]([recv(frame), *[arg(frame) for arg in args]])


def _instance_cell(
    compiler: Any, e: Any, fn: FnItem, type_args: dict, code: str = "E0277"
) -> list:
    types = {p.name: resolve(t) for p, t in type_args.items()}
    for param, ty in type_args.items():
        std = std_of(param)
        if std is None:
            raise compiler.fail(e.pos, f"a call of `{fn.name}` mixing std and other bounds")
        if type(resolve(ty)) is ParamT:
            what = f"a call of `{fn.name}` with the type parameter `{show(resolve(ty))}`"
            raise compiler.fail(e.pos, what)
        missing = satisfies(ty, std)
        if missing is not None:
            what = unmet_bounds.refusal(fn.name, show(resolve(ty)), missing, code)
            raise compiler.fail(e.pos, what)  # `show(p)` of a `P` not `Display`: E0277
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
            for p in type_args
            if (std := std_of(p)) is not None and "Into" in std
        }
        checker.function(made)
        mark_copies(SimpleNamespace(structs=compiler.crate.structs, fns={key: made}, consts={}))
        compiler.instances.append((key, made))  # compiled after the function calling it
    return cells[key]


def not_called(args: list) -> Any:
    """A std-generic function itself: only its instances run."""
    raise AssertionError("a std-generic function is run by its instances")


def _lowered(crate: Any, fn: FnItem, types: dict[str, Ty], key: str) -> FnItem:
    lowerer = crate.lowerer
    saved = (getattr(lowerer, "instance_types", {}), lowerer.module, lowerer.self_type,
             lowerer.type_params, lowerer.impl_args)
    lowerer.instance_types = types
    lowerer.module = lowerer.module_of(fn.node)
    if fn.owner is not None:  # a method of `impl<T: ..> Acc<T>`: `Self` is `Acc<i64>`
        lowerer.self_type = fn.owner
        lowerer.type_params = {n: types.get(n, t) for n, t in fn.type_params.items()}
        scoped = getattr(fn, "impl_args", None)
        if scoped is not None:
            args = tuple(types.get(getattr(p, "name", ""), p) for p in scoped[1])
            lowerer.impl_args = (scoped[0], args)
    try:
        made = lowerer.signature(fn.node)
        made.name = key
        made.owner = fn.owner
        lowerer.fn_body(made)
    finally:
        (lowerer.instance_types, lowerer.module, lowerer.self_type, lowerer.type_params,
         lowerer.impl_args) = saved
    return made
