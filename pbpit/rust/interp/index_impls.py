"""std's `Index` and `IndexMut` implemented by the program's own structs: a matrix indexed by
`(row, col)`, parameters by `usize`:

    impl Index<(usize, usize)> for Matrix {
        type Output = f32;
        fn index(&self, rc: (usize, usize)) -> &f32 { &self.data[rc.0 * self.cols + rc.1] }
    }
    impl IndexMut<(usize, usize)> for Matrix {
        fn index_mut(&mut self, rc: (usize, usize)) -> &mut f32 {
            &mut self.data[rc.0 * self.cols + rc.1]
        }
    }

(a pattern as a parameter, `(r, c): (usize, usize)`, is outside pbpit's subset anywhere)

`m[i]` read runs `index` (references are erased: its `&self.data[k]` is the element); `m[i] =
x`, `m[i] += x` run `index_mut` as a place: its statements, then the place its tail `&mut ..`
names, changed where it is (`place_function`), so an `index_mut` must end in `&mut` of a place.

Both methods are `#[track_caller]` in core's declaration, which reaches the impls: a panic of the
body (`self.data[k]` out of bounds) is reported at the `[` of the program's `m[i]`, as rustc
1.95's binary does (measured, tests/test_interp_traits21.py), when it comes from the body itself
(a helper function called by it reports its own place).

rustc's errors: `m[i] = x` without `IndexMut` (E0594), of a binding not `mut` (E0596), an
index of another type (E0277 at the index), a method not the trait's (E0053), `IndexMut`
without `Index` (E0277), one left out (E0046).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pbpit.engine.server import Panic
from pbpit.rust.interp import not_indexed
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Field, FnItem, Index
from pbpit.rust.interp.types import StructT, Ty, resolve, show
from pbpit.rust.interp.uses import file_items

Node = Any

TRAITS = {"Index": "index", "IndexMut": "index_mut"}
_ATTR = "index_impls"  # a `StructItem`'s: trait -> IndexImpl


@dataclass(eq=False)
class IndexImpl:
    trait: str
    idx: Ty
    output: Ty | None
    fn: FnItem


def impl_of(item: Any, trait: str) -> IndexImpl | None:
    return getattr(item, _ATTR, {}).get(trait)


def _imported(lowerer: Any, name: str) -> bool:
    for used in file_items(lowerer.src):
        path = list(used.path[1:] if used.path[0] == "::" else used.path)
        if path[0] in ("std", "core") and path[1:2] == ["ops"]:
            if path[2:] == [name] or getattr(used, "glob", False):
                return True
    return False


def _written_trait(lowerer: Any, trait_node: Node) -> tuple[str, Node] | None:
    if trait_node.type != "generic_type":
        return None
    base = trait_node.child_by_field_name("type")
    args = lowerer.kids(trait_node.child_by_field_name("type_arguments"))
    if base is None or len(args) != 1:
        return None
    name = lowerer.text(base).removeprefix("::")
    for prefix in ("std::ops::", "core::ops::"):
        name = name.removeprefix(prefix)
    if name not in TRAITS:
        return None
    if base.type == "type_identifier" and not _imported(lowerer, name):
        what = f"cannot find trait `{name}` in this scope"
        raise lowerer.fail(base, rejects(what, "E0405"))
    return name, args[0]


def lower_impl(lowerer: Any, node: Node, item: Any, trait_node: Node, left_ref: bool) -> bool:
    """Read `impl Index<Idx> for Item` / `impl IndexMut<Idx> for Item` (True), else False."""
    found = _written_trait(lowerer, trait_node)
    if found is None:
        return False
    trait, idx_node = found
    if (
        left_ref
        or node.child_by_field_name("type_parameters") is not None
        or getattr(item, "params", [])
    ):
        raise lowerer.fail(node, f"a generic `impl {trait}` (pbpit runs it for a plain struct)")
    if idx_node.type == "reference_type":
        raise lowerer.fail(idx_node, f"`impl {trait}` by a reference")
    method = TRAITS[trait]
    members: dict[str, Node] = {}
    for member in lowerer.kids(node.child_by_field_name("body")):
        if member.type in ("line_comment", "block_comment"):
            continue
        name_node = member.child_by_field_name("name")
        name = lowerer.text(name_node) if name_node is not None else ""
        wanted = (member.type == "type_item" and name == "Output" and trait == "Index") or (
            member.type == "function_item" and name == method
        )
        if not wanted or name in members:
            first = lowerer.text(member).splitlines()[0]
            raise lowerer.fail(member, f"`{first}` in `impl {trait}`")
        members[name] = member
    missing = [f"`{n}`" for n in ("Output", method) if n not in members]
    if trait == "IndexMut":
        missing = missing[1:]
    if missing:
        what = f"not all trait items implemented, missing: {', '.join(missing)}"
        raise lowerer.fail(node, rejects(what, "E0046"))
    table = getattr(item, _ATTR, None)
    if table is None:
        table = {}
        setattr(item, _ATTR, table)
    if trait in table:
        what = f"conflicting implementations of trait `{trait}` for type `{item.name}`"
        raise lowerer.fail(node, rejects(what, "E0119"))
    lowerer.self_type = item
    saved_type = lowerer.__dict__.get("type")
    fn_node = members[method]
    ret = fn_node.child_by_field_name("return_type")
    try:
        idx = lowerer.type(idx_node)
        output = None
        if trait == "Index":
            output = lowerer.type(members["Output"].child_by_field_name("type"))
            lowerer.assoc_types = {"Output": output}
        else:
            index = impl_of(item, "Index")
            if index is None:
                what = f"the trait bound `{item.name}: Index<{lowerer.text(idx_node)}>` is not "
                raise lowerer.fail(node, rejects(what + "satisfied", "E0277"))
            lowerer.assoc_types = {"Output": index.output}
            output = index.output
            if ret is not None and ret.type == "reference_type":
                # `-> &mut f32`: a place this module runs, not a `&mut` to a number
                plain, inner, at = lowerer.type, ret.child_by_field_name("type"), ret.byte_range
                lowerer.type = lambda n: plain(inner) if n.byte_range == at else plain(n)
        fn = lowerer.signature(fn_node)
    finally:
        if saved_type is None:
            lowerer.__dict__.pop("type", None)
        lowerer.assoc_types = {}
        lowerer.self_type = None
    _check_signature(lowerer, fn_node, fn, trait, idx, output)
    fn.name = f"<{item.name} as {lowerer.text(trait_node)}>::{method}"
    lowerer.fns[fn.name] = fn
    table[trait] = IndexImpl(trait, idx, output, fn)
    return True


def _check_signature(lowerer: Any, node: Node, fn: FnItem, trait: str, idx: Ty, out: Any) -> None:
    receiver = "mut" if trait == "IndexMut" else "ref"
    ret = node.child_by_field_name("return_type")
    mutable = ret is not None and any(c.type == "mutable_specifier" for c in ret.children)
    by_ref = ret is not None and ret.type == "reference_type" and mutable == (trait == "IndexMut")
    ok = (
        fn.self_kind == receiver
        and len(fn.param_tys) == 2
        and show(fn.param_tys[1]) == show(idx)
        and by_ref
        and out is not None
        and show(fn.ret) == show(out)
    )
    if not ok:
        code = "E0186" if not fn.self_kind else "E0050" if len(fn.param_tys) != 2 else "E0053"
        what = f"method `{TRAITS[trait]}` has an incompatible type for trait"
        raise lowerer.fail(node, rejects(what, code))


def mark_places(lowerer: Any) -> None:
    """After the bodies are read: the tail `&mut place` of each `index_mut` is the place the
    assignment changes (`place_function`), not a `&mut` to a number to be refused."""
    for item in lowerer.structs.values():
        found = impl_of(item, "IndexMut")
        body = found.fn.body if found is not None else None
        tail = getattr(body, "tail", None)
        if tail is not None and tail.mut_borrow:
            tail.in_place = True


# -- checking `m[i]` -------------------------------------------------------------------------------


def check_index(checker: Any, e: Any, base: Ty) -> Ty | None:
    """The type of `m[i]` of a struct with `impl Index` (None: not a struct; rustc's E0608 for
    a struct without)."""
    if type(base) is not StructT:
        not_indexed.refuse(checker, e, base)  # (a number, a tuple, an iterator..: E0608)
        return None
    found = impl_of(base.item, "Index")
    if found is None:  # (a struct of the file without `impl Index`)
        what = f"cannot index into a value of type `{show(base)}`"
        raise checker.fail(e.pos, rejects(what, "E0608"))
    checker.unify(found.idx, checker.expr(e.index), e.index.pos)
    if e.index.borrowed:
        what = f"the type `{base.item.name}` cannot be indexed by `&{show(found.idx)}`"
        raise checker.fail(e.index.pos, rejects(what, "E0277"))
    e.user_index = found.fn
    mut = impl_of(base.item, "IndexMut")
    e.user_index_mut = mut.fn if mut is not None else None
    return found.output


def refuse_assignment(checker: Any, target: Any) -> None:
    """`m[i] = x` (or `m[i] += x`) of a struct without `IndexMut`: rustc's E0594 (a binding
    not `mut` is `check_rules.refuse_immutable_element`'s E0596)."""
    while isinstance(target, Index | Field):
        if getattr(target, "user_index", None) is not None and target.user_index_mut is None:
            what = f"cannot assign to data in an index of `{show(resolve(target.base.ty))}`"
            raise checker.fail(target.pos, rejects(what, "E0594"))
        target = target.base


# -- running them ----------------------------------------------------------------------------------


def _relocator(compiler: Any, fn: FnItem, e: Any) -> Any:
    """A function turning a panic raised by `fn`'s own body into the same panic at the `[` of
    `e` (`#[track_caller]`); any other exception is returned as it is."""
    site = compiler.panic_site(e.bracket)
    first, last = fn.node.start_point[0] + 1, fn.node.end_point[0] + 1
    path = compiler.path

    def relocated(err: Exception) -> Exception:
        if type(err) is not Panic:
            return err
        file, line, _ = (str(err.location).rsplit(":", 2) + ["", ""])[:3]
        if file == path and line.isdigit() and first <= int(line) <= last:
            return site.panic(err.message)
        return err

    return relocated


def compile_index(compiler: Any, e: Any) -> Any:
    """`m[i]` read: the impl's `index` with the struct and the index."""
    base, index = compiler.expr(e.base), compiler.expr(e.index)
    cell = compiler.fn_cells[e.user_index.name]
    relocated = _relocator(compiler, e.user_index, e)

    def read(frame: list) -> Any:
        args = [base(frame), index(frame)]
        try:
            return cell[0](args)
        except Panic as err:
            raise relocated(err) from None

    return read


def index_updater(compiler: Any, e: Any) -> Any:
    """`m[i] = x`, `m[i] += x`: the place `index_mut` names, changed in place."""
    fn = e.user_index_mut
    places = compiler.__dict__.setdefault("index_places", {})
    if fn.name not in places:
        places[fn.name] = place_function(compiler, fn)
    call = places[fn.name]
    base, index = compiler.expr(e.base), compiler.expr(e.index)
    relocated = _relocator(compiler, fn, e)

    def update(frame: list, change: Any) -> None:
        try:
            handle = call([base(frame), index(frame)], None)
            handle(change)
        except Panic as err:
            raise relocated(err) from None

    return update


def place_function(compiler: Any, fn: FnItem) -> Any:
    """`index_mut` run to its place: its statements, then, instead of the value of its tail
    `&mut place`, a function changing that place in the call's frame."""
    body = fn.body
    tail = body.tail if body is not None else None
    if tail is None or not tail.mut_borrow:
        raise compiler.fail(fn.pos, "an `index_mut` not ending in `&mut` of a place")
    statements = compiler.block(replace(body, tail=None))
    place = compiler.element_updater(tail)

    def code(frame: list) -> Any:
        statements(frame)
        return lambda change: place(frame, change)

    return compiler.frame_call(fn.scope, fn.params, code, body.visible, fn.pos[0])
