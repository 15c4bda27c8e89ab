"""std's operator traits implemented by the program's own structs: `impl Add for V`,
`impl Mul<f32> for V`, `impl Neg for V`, `impl AddAssign for V`, .. As rustc desugars `a + b`
to `Add::add(a, b)`, a `+` whose left operand is such a struct runs the impl's `add` with both
operands by value (moved, or copied for a `Copy` struct); `-a` runs `neg`; `a += b` runs
`add_assign(&mut a, b)` on the place itself. An impl for a reference (`impl Mul for &Mat`,
`impl<'a> Add<&'a V> for &'a V`) or over one (`Mul<&V> for V`) runs for operands that certainly
are references (references are erased: `OpImpl.left_ref`, `rhs_ref`), beside the value's impl.

Read here: which trait an `impl` names (`Add`, `ops::Add`, `std::ops::Add<f32>`, a bare name
only when a `use` brings it in: rustc's E0405 otherwise), its `type Output` and its one method
(rustc's E0046 for one left out, E0119 for two impls of the same trait and right type). The
checker asks `binary`, `unary` and `assign` for the impl an operator runs (None: not a
struct's operator); the compiler calls its function (`call`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbpit.rust.interp import cmp_impls, index_impls, references, std_generics
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Field, FnItem, Index, Local, Method, Unary
from pbpit.rust.interp.types import (
    UNIT,
    Named,
    StructT,
    Ty,
    Var,
    is_float,
    is_int,
    resolve,
    show,
)
from pbpit.rust.interp.uses import file_items

Node = Any

BINARY = {"Add": "+", "Sub": "-", "Mul": "*", "Div": "/", "Rem": "%"}
"""The arithmetic operator traits and the operator each is written with."""
UNARY = {"Neg": "-"}
ASSIGN = {f"{trait}Assign": op for trait, op in BINARY.items()}
METHODS = {
    **{trait: trait.lower() for trait in (*BINARY, *UNARY)},
    **{trait: f"{trait[:-6].lower()}_assign" for trait in ASSIGN},
}
_NO_IMPL = {  # rustc's E0369 for an operator of a struct without its impl
    "Add": "cannot add {1} to {0}",
    "Sub": "cannot subtract {1} from {0}",
    "Mul": "cannot multiply {0} by {1}",
    "Div": "cannot divide {0} by {1}",
    "Rem": "cannot calculate the remainder of {0} divided by {1}",
}
_BY_OPERATOR = {op: trait for trait, op in BINARY.items()}
_ATTR = "op_impls"  # a `StructItem`'s impls of these traits: trait name -> [OpImpl]
_STD = ("std", "core")


@dataclass(eq=False)
class OpImpl:
    """`impl Trait<Rhs> for Item`: the right operand's type (None for `Neg`) and the method."""

    trait: str
    rhs: Ty | None
    fn: FnItem
    in_scope: bool = False  # a `use` brings the trait in by name: `a.add(b)` calls it too
    left_ref: bool = False  # `impl Mul for &Mat`: the left operand a reference
    rhs_ref: bool = False  # `Mul<&Mat>` (or `impl Mul for &Mat`'s `Rhs = Self`)


def impls(item: Any, trait: str) -> list[OpImpl]:
    return getattr(item, _ATTR, {}).get(trait, [])


# -- lowering `impl Add for V` --------------------------------------------------------------------


def _written_trait(lowerer: Any, trait_node: Node) -> tuple[str, Node | None] | None:
    """The operator trait `trait_node` names and its written right type, or None (not one)."""
    rhs = None
    node = trait_node
    if node.type == "generic_type":
        args = lowerer.kids(node.child_by_field_name("type_arguments"))
        if len(args) != 1:
            return None
        rhs, node = args[0], node.child_by_field_name("type")
    if node.type == "scoped_type_identifier":
        path = node.child_by_field_name("path")
        name = lowerer.text(node.child_by_field_name("name"))
        written = lowerer.text(path).removeprefix("::") if path is not None else ""
        if name not in METHODS:
            return None
        if written in ("std::ops", "core::ops"):
            return name, rhs
        if written == "ops" and _imported(lowerer, ("ops",)):
            return name, rhs
        return None
    if node.type != "type_identifier":
        return None
    name = lowerer.text(node)
    if name not in METHODS or name in lowerer.trait_items:
        return None
    if not _imported(lowerer, ("ops", name)):
        what = f"cannot find trait `{name}` in this scope"
        raise lowerer.fail(node, rejects(what, "E0405"))
    return name, rhs


def _imported(lowerer: Any, tail: tuple[str, ...]) -> bool:
    """Whether a `use` brings `std::ops` (`tail` ("ops",)) or `std::ops::Trait` into scope by
    its own name (or a glob of `std::ops`)."""
    for item in file_items(lowerer.src):
        path = item.path[1:] if item.path[0] == "::" else item.path
        if path[0] not in _STD:
            continue
        if item.glob and path[1:-1] == tail[:-1] and len(tail) == 2:
            return True
        if path[1:] == tail and item.alias is None:
            return True
    return False


def lower_ref_impl(lowerer: Any, node: Node, type_node: Node) -> bool:
    """Read `impl Mul for &Mat` (`impl<'a> Add<&'a Mat> for &'a Mat`) if it names an operator
    trait of std for a reference to a struct of the file (True), else False."""
    inner = type_node.child_by_field_name("type")
    trait_node = node.child_by_field_name("trait")
    if inner is None or inner.type != "type_identifier" or trait_node is None:
        return False
    item = lowerer.structs.get(lowerer.text(inner))
    if item is None or _written_trait(lowerer, trait_node) is None:
        return False
    if any(c.type == "mutable_specifier" for c in type_node.children):
        raise lowerer.fail(type_node, f"an operator trait for `{lowerer.text(type_node)}`")
    return lower_impl(lowerer, node, item, trait_node, left_ref=True)


def lower_impl(
    lowerer: Any, node: Node, item: Any, trait_node: Node, left_ref: bool = False
) -> bool:
    """Read `impl Trait for Item` if `Trait` is an operator trait of std (True), else False;
    `left_ref`: for `&Item`."""
    if cmp_impls.lower_impl(lowerer, node, item, trait_node, left_ref):
        return True  # `impl Ord for Candidate` (cmp_impls.py)
    if index_impls.lower_impl(lowerer, node, item, trait_node, left_ref):
        return True  # `impl Index<usize> for Params` (index_impls.py)
    found = _written_trait(lowerer, trait_node)
    if found is None:
        return False
    trait, rhs_node = found
    generics = node.child_by_field_name("type_parameters")
    lifetimes = generics is None or all(
        p.type == "lifetime_parameter" for p in lowerer.kids(generics)
    )  # `impl<'a> Add<&'a Mat> for &'a Mat`
    if not lifetimes or getattr(item, "params", []):
        raise lowerer.fail(node, f"a generic `impl {trait}` (pbpit runs it for a plain struct)")
    if node.child_by_field_name("type").type != "type_identifier" and not left_ref:
        written = lowerer.text(node.child_by_field_name("type"))
        raise lowerer.fail(node, f"`impl {trait}` for `{written}`")
    if trait in ASSIGN and left_ref:
        raise lowerer.fail(node, f"`impl {trait}` for a reference")
    if trait in UNARY and rhs_node is not None:
        raise lowerer.fail(trait_node, f"`{lowerer.text(trait_node)}`")
    rhs_ref = left_ref if rhs_node is None else rhs_node.type == "reference_type"
    if rhs_ref and rhs_node is not None:
        if any(c.type == "mutable_specifier" for c in rhs_node.children):
            raise lowerer.fail(rhs_node, f"an operator trait over `{lowerer.text(rhs_node)}`")
        rhs_node = rhs_node.child_by_field_name("type")  # `Mul<&Mat>`: a `Mat` by reference
    lowerer.self_type = item
    try:
        rhs = _operand_type(lowerer, rhs_node) if rhs_node is not None else StructT(item)
        members = _members(lowerer, node, trait)
        output = None
        if "Output" in members:
            output = _operand_type(lowerer, members["Output"].child_by_field_name("type"))
        method = METHODS[trait]
        missing = [f"`{n}`" for n in ("Output", method) if n not in members]
        if trait in ASSIGN:
            missing = missing[1:]
        if missing:
            what = f"not all trait items implemented, missing: {', '.join(missing)}"
            raise lowerer.fail(node, rejects(what, "E0046"))
        lowerer.assoc_types = {"Output": output} if output is not None else {}
        fn = lowerer.signature(members[method])
    finally:
        lowerer.assoc_types = {}
        lowerer.self_type = None
    _check_signature(lowerer, members[method], fn, trait, rhs, output)
    table = getattr(item, _ATTR, None)
    if table is None:
        table = {}
        setattr(item, _ATTR, table)
    same = [
        i
        for i in table.get(trait, [])
        if (i.rhs is None or show(i.rhs) == show(rhs)) and (i.left_ref, i.rhs_ref) == (
            left_ref,
            rhs_ref and trait not in UNARY,
        )
    ]
    if same:
        what = f"conflicting implementations of trait `{trait}` for type `{item.name}`"
        raise lowerer.fail(node, rejects(what, "E0119"))
    owner = ("&" if left_ref else "") + item.name
    fn.name = f"<{owner} as {lowerer.text(trait_node)}>::{method}"
    lowerer.fns[fn.name] = fn
    in_scope = _imported(lowerer, ("ops", trait))
    made = OpImpl(trait, None if trait in UNARY else rhs, fn, in_scope, left_ref)
    made.rhs_ref = rhs_ref and trait not in UNARY
    table.setdefault(trait, []).append(made)
    return True


def _operand_type(lowerer: Any, node: Node) -> Ty:
    """A right operand's or an `Output`'s written type: a value's (references are erased, so
    `impl Add<&V> for V` is refused rather than run as `Add<V>`)."""
    if node.type == "reference_type":
        raise lowerer.fail(node, f"an operator trait over a reference (`{lowerer.text(node)}`)")
    return lowerer.type(node)


def _members(lowerer: Any, node: Node, trait: str) -> dict[str, Node]:
    """The impl's `type Output` and method, by name; anything else is refused."""
    found: dict[str, Node] = {}
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type in ("line_comment", "block_comment"):
            continue
        name_node = member.child_by_field_name("name")
        name = lowerer.text(name_node) if name_node is not None else ""
        expected = (member.type == "type_item" and name == "Output" and trait not in ASSIGN) or (
            member.type == "function_item" and name == METHODS[trait]
        )
        if not expected or name in found:
            first = lowerer.text(member).splitlines()[0]
            raise lowerer.fail(member, f"`{first}` in `impl {trait}`")
        found[name] = member
    return found


def _check_signature(
    lowerer: Any, node: Node, fn: FnItem, trait: str, rhs: Ty, output: Ty | None
) -> None:
    """The method as the trait declares it (`fn add(self, rhs: Rhs) -> Self::Output`,
    `fn add_assign(&mut self, rhs: Rhs)`, `fn neg(self) -> Self::Output`); another is refused."""
    arity = 1 if trait in UNARY else 2
    receiver = "mut" if trait in ASSIGN else "value"
    ret = UNIT if trait in ASSIGN else output
    ok = (
        fn.self_kind == receiver
        and len(fn.param_tys) == arity
        and (arity == 1 or show(fn.param_tys[1]) == show(rhs))
        and ret is not None
        and show(fn.ret) == show(ret)
        and fn.ret_owned
    )
    if not ok:  # no `self` (E0186), another count of parameters (E0050), other types (E0053)
        what = f"this `fn {METHODS[trait]}` (not the signature `{trait}` declares)"
        code = "E0186" if not fn.self_kind else "E0050" if len(fn.param_tys) != arity else ""
        raise lowerer.fail(node, rejects(what, code or "E0053"))


# -- checking `a + b`, `-a`, `a += b` -------------------------------------------------------------


def _choose(checker: Any, choices: list[OpImpl], right: Ty, pos: Any) -> OpImpl:
    """The impl whose right type fits `right` (`Mul<f32>` and `Mul<V>`: by the operand)."""
    if len(choices) == 1:
        return choices[0]
    found = resolve(right)
    fits = []
    for choice in choices:
        rhs = resolve(choice.rhs)  # type: ignore[arg-type]
        if type(found) is Var and found.kind is None:
            fits.append(choice)
        elif type(found) is Var:
            number = is_float(rhs) if found.kind == "float" else is_int(rhs)
            if type(rhs) is Named and number:
                fits.append(choice)
        elif show(rhs) == show(found):
            fits.append(choice)
    if len(fits) != 1:
        raise checker.fail(pos, "type annotations needed")
    return fits[0]


def _refuse_reference(checker: Any, operand: Any) -> None:
    """A struct's operator on a reference (`&a + &b`): rustc's E0369 unless the program also
    implements it for `&V`; refused, since references are erased."""
    if operand.borrowed or references.certainly_reference(operand):
        raise checker.fail(
            operand.pos,
            "an operator on a reference to a struct (pbpit runs "
            "`impl Add for V` on values: write `a + b` of values, or `*r`)",
        )


def _by_reference(
    checker: Any, e: Any, choices: list[OpImpl], left: Ty, right: Ty
) -> list[OpImpl]:
    """The impls for the operands as they are given, values or references (`&a * &b` runs
    `impl Mul for &Mat`, `a * b` `impl Mul for Mat`). References are erased: an operand is a
    reference when it certainly is one (`&a`, a `&Mat` parameter, an item of `v.iter()`).
    No impl for the left one: rustc's E0369; for the right one: E0308 (when pbpit is certain
    what each operand is; else refused)."""
    left_ref = references.certainly_reference(e.left)
    right_ref = type(right) is StructT and references.certainly_reference(e.right)
    left_fit = [c for c in choices if c.left_ref == left_ref]
    several = len(left_fit) > 1 and _BY_OPERATOR[e.op] in _NO_IMPL
    if right_ref and several and not any(c.rhs_ref for c in left_fit):
        # `t * &u` of `impl Mul for T` and `impl Mul<f32> for T`: rustc chooses no impl, and
        # none takes a `&T` (E0277; with one impl it would expect that impl's type, E0308)
        trait = _BY_OPERATOR[e.op]
        shown = (("&" if left_ref else "") + show(left), "&" + show(right))
        what = _NO_IMPL[trait].format(*(f"`{x}`" for x in shown))
        err = checker.fail(e.op_pos or e.pos, rejects(what, "E0277"))
        err.label = f"no implementation for `{shown[0]} {e.op} {shown[1]}`"
        raise err
    fitting = [
        c
        for c in left_fit
        if c.rhs_ref == right_ref or type(resolve(c.rhs)) is not StructT  # type: ignore[arg-type]
    ]
    if fitting:
        return fitting
    certain = all(
        references.certainly_reference(x) or _certainly_value(x) for x in (e.left, e.right)
    )
    if certain and len(left_fit) == 1:
        raise checker.fail(e.right.pos, rejects("mismatched types", "E0308"))
    if certain and not left_fit and e.op in ("+", "-", "*", "/"):
        trait = _BY_OPERATOR[e.op]
        pairs = ((left, left_ref), (right, right_ref))
        shown = [("&" if ref else "") + show(t) for t, ref in pairs]
        what = _NO_IMPL[trait].format(*(f"`{s}`" for s in shown))
        raise checker.fail(e.op_pos or e.pos, rejects(what, "E0369"))
    raise checker.fail(e.pos, f"`{e.op}` of these operands (pbpit cannot tell a `&{show(left)}`)")


def _certainly_value(e: Any) -> bool:
    """Whether `e` is certainly no reference: a struct made there, or a `let` of one."""
    from pbpit.rust.interp.nodes import StructLit

    if isinstance(e, StructLit):
        return True
    if isinstance(e, Method) and e.name == "clone" and not e.args and not e.borrowed:
        made = resolve(e.ty)  # `x.clone()` of a `#[derive(Clone)]` struct: a value
        return type(made) is StructT and "Clone" in made.item.derives
    binding = getattr(e, "binding", None)
    return (
        isinstance(e, Local)
        and binding is not None
        and binding.owned
        and not getattr(binding, "argument", False)
    )


def binary(checker: Any, e: Any, lt: Ty, rt: Ty) -> Ty | None:
    """The type of `a op b` when `a` is a struct with an impl of `op`'s trait (and the impl in
    `e.user`, `e.kind` "user"); None otherwise."""
    left = resolve(checker.known(lt))
    trait = _BY_OPERATOR.get(e.op)
    ordered = type(left) is StructT and "PartialOrd" in left.item.derives
    if e.op in ("<", ">", "<=", ">=") and type(left) is StructT and not ordered:
        what = f"binary operation `{e.op}` cannot be applied to type `{show(left)}`"
        raise checker.fail(e.op_pos or e.pos, rejects(what, "E0369"))
    if type(left) is not StructT or trait is None:
        return None
    choices = impls(left.item, trait)
    right = resolve(checker.known(rt))
    if not choices and trait in _NO_IMPL and not (type(right) is Var and right.kind is None):
        # (`v / 2.0`: a literal's `{float}` is known enough)
        what = _NO_IMPL[trait].format(f"`{show(left)}`", f"`{show(right)}`")
        err = checker.fail(e.op_pos or e.pos, rejects(what, "E0369"))
        raise err
    if not choices:
        return None
    chosen = _choose(checker, _by_reference(checker, e, choices, left, right), rt, e.right.pos)
    checker.unify(chosen.rhs, rt, e.right.pos)
    e.kind, e.user = "user", chosen.fn
    return chosen.fn.ret


def unary(checker: Any, e: Any, ty: Ty) -> Ty | None:
    """The type of `-a` of a struct with `impl Neg` (the impl in `e.user`); None otherwise."""
    t = resolve(ty)
    generic = std_generics.unary(checker, e, ty)  # `-x` of `T: Neg<Output = T>`
    if generic is not None:
        return generic
    if e.op != "-" or type(t) is not StructT or not impls(t.item, "Neg"):
        return None
    by_ref = references.certainly_reference(e.operand)
    fitting = [i for i in impls(t.item, "Neg") if i.left_ref == by_ref]
    if not fitting:
        _refuse_reference(checker, e.operand)
        raise checker.fail(e.pos, f"`-` of this operand (pbpit cannot tell a `&{show(t)}`)")
    e.user = fitting[0].fn
    return e.user.ret


def assign(checker: Any, e: Any, target: Ty, value: Ty) -> Ty | None:
    """`a op= b` of a struct with an impl of `OpAssign` (the impl in `e.user`): rustc's E0596
    for a variable not declared `mut`; None when the target is no such struct."""
    t = resolve(checker.known(target))
    generic = std_generics.assign(checker, e, target, value)  # `acc += x` of `T: AddAssign`
    deferred = getattr(e, "deferred", None)  # (`defer`)
    if generic is not None and deferred is not None:  # `self.sum += x` of `&self`, `T: AddAssign`
        what = f"cannot borrow `{deferred[1]}` as mutable, as it is behind a `&` reference"
        if not deferred[1].startswith("self."):
            raise deferred[0]  # (a place of a `&T` variable: not followed)
        err = checker.fail(e.pos, rejects(what, "E0596"))
        err.label = "`self` is a `&` reference, so it cannot be borrowed as mutable"
        raise err
    if generic is not None:
        return generic
    trait = _BY_OPERATOR.get(e.op or "")
    if type(t) is not StructT or trait is None or not impls(t.item, trait + "Assign"):
        if deferred is not None:
            raise deferred[0]
        return None
    chosen = _choose(checker, impls(t.item, trait + "Assign"), checker.known(value), e.value.pos)
    _refuse_reference(checker, e.value)
    checker.unify(chosen.rhs, value, e.value.pos)
    root = e.target
    while isinstance(root, Field | Index):
        root = root.base
    if isinstance(root, Unary) or not isinstance(root, Local):
        raise checker.fail(e.pos, f"`{e.op}=` on this place of a struct")
    binding = root.binding
    if root is e.target and binding.mutable and references.certainly_reference(root):
        shown = ("&mut " if binding.mut_ref else "&") + show(t)  # `let mut d = &a; d += b;`
        what = f"binary assignment operation `{e.op}=` cannot be applied to type `{shown}`"
        raise checker.fail(e.pos, rejects(what, "E0368"))
    if deferred is not None or not (binding.mutable or binding.mut_ref):
        place = deferred[1] if deferred is not None and deferred[1] else binding.name
        if binding.name == "self" or references.certainly_reference(root):
            what = f"cannot borrow `{place}` as mutable, as it is behind a `&` reference"
        elif root is e.target:
            what = f"cannot borrow `{place}` as mutable, as it is not declared as mutable"
        else:
            what = f"cannot borrow `{place}` as mutable, as `{binding.name}` is not declared "
            what += "as mutable"
        err = checker.fail(e.target.pos, rejects(what, "E0596"))
        err.label = "cannot borrow as mutable"
        raise err
    e.user = chosen.fn
    return UNIT


_DERIVED_METHODS = {
    **dict.fromkeys(("partial_cmp", "lt", "le", "gt", "ge"), "PartialOrd"),
    **dict.fromkeys(("cmp", "max", "min", "clamp"), "Ord"),
    **dict.fromkeys(("eq", "ne"), "PartialEq"),
}


def method(checker: Any, e: Any, item: Any) -> FnItem | None:
    """`a.add(b)`: the impl's method called by name, when a `use` brings its trait into scope
    (rustc's E0599 otherwise, left to the caller); None when no operator impl has it."""
    derived = _DERIVED_METHODS.get(e.name)
    if derived is not None and derived in item.derives:  # `a.cmp(&b)` of `#[derive(Ord)]`
        raise checker.fail(e.pos, f"`.{e.name}(..)` of `#[derive({derived})]` (write `<`, `>`)")
    found = [
        i
        for choices in getattr(item, _ATTR, {}).values()
        for i in choices
        if METHODS[i.trait] == e.name
    ]
    if not found or not all(i.in_scope for i in found):
        return None
    if len(found) > 1:
        raise checker.fail(e.pos, f"`.{e.name}(..)` of a struct with several `impl`s of its trait")
    return found[0].fn


def defer(lowerer: Any, err: Exception, assign: Any, place: str = "") -> Any:
    """`d *= k`, `self.pos += v` refused as they are lowered (E0384, E0594 of a number's
    place): when a struct of the file implements that operator's `OpAssign`, or a type
    parameter in scope is bounded by it (`T: AddAssign`), the checker decides (`assign`:
    rustc's E0596 for the struct's or the parameter's, a method call `add_assign(&mut ..)`;
    `err` for another type); else `err` is raised here."""
    trait = _BY_OPERATOR.get(assign.op or "")
    bounded = trait is not None and any(  # `self.sum += x` of `sum: T`, `T: AddAssign`
        trait + "Assign" in (std_generics.std_of(p) or {}) for p in lowerer.type_params.values()
    )
    structs = lowerer.structs.values()
    if trait is None or not (bounded or any(impls(s, trait + "Assign") for s in structs)):
        raise err
    assign.deferred = (err, place)
    return assign


# -- running them ---------------------------------------------------------------------------------


def call(compiler: Any, fn: FnItem, args: list[Any]) -> Any:
    """The code of calling the impl's method `fn` with the operands' codes `args`."""
    cell = compiler.fn_cells[fn.name]
    return lambda frame: cell[0]([arg(frame) for arg in args])


def assign_code(compiler: Any, e: Any) -> Any:
    """`a op= b`: the value first, then the impl's method on the place itself (not a copy)."""
    place = getattr(compiler, "c_" + type(e.target).__name__)(e.target)
    value = compiler.expr(e.value)
    cell = compiler.fn_cells[e.user.name]

    def update(frame: list) -> Any:
        new = value(frame)
        cell[0]([place(frame), new])
        return UNIT

    return update
