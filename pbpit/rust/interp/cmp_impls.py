"""std's comparison traits implemented by the program's own structs and enums: `impl PartialEq
for S { fn eq(&self, other: &Self) -> bool }`, `impl Eq for S {}`, `impl PartialOrd for S { fn
partial_cmp(&self, other: &Self) -> Option<Ordering> }`, `impl Ord for S { fn cmp(&self,
other: &Self) -> Ordering }` (a candidate ordered by its loss, a state by its cost reversed).

Each method joins the struct's methods (`a.cmp(&b)`, `self.cmp(other)` inside `partial_cmp`);
after the file is read (`mark`) the struct has the trait as a derived one would (so `sort()`,
`max()`, `<`, `==`, `BTreeMap` keys check), once rustc's requirements hold: `PartialOrd` and
`Eq` need `PartialEq`, `Ord` needs `Eq` and `PartialOrd` (rustc's E0277 otherwise); a trait
both derived and implemented is rustc's E0119. At run time the comparisons of `ordering.py`
and `runtime.rust_eq` run the impl's method (`bind` gives each struct its compiled methods):
`<`, `sort()`, `max()` its `partial_cmp` where written (std's `lt`, `sort`'s `lt` call it),
else its `cmp`; `==` its `eq`.
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.uses import file_items

Node = Any

METHODS = {"PartialEq": "eq", "Eq": "", "PartialOrd": "partial_cmp", "Ord": "cmp"}
"""Each trait and the one method an impl of it writes (`Eq` none)."""
_RESULTS = {"eq": "bool", "partial_cmp": "Option<Ordering>", "cmp": "Ordering"}
_NEEDS = {"PartialOrd": ("PartialEq",), "Eq": ("PartialEq",), "Ord": ("Eq", "PartialOrd")}
_ATTR = "user_cmp"  # a `StructItem`'s impls of these traits: trait -> its method (None: `Eq`)
CELLS = "cmp_cells"  # a `StructItem`'s compiled methods: method name -> the compiler's cell


def _written_trait(lowerer: Any, trait_node: Node) -> str | None:
    """`PartialOrd`, `Ord`, `cmp::Ord`, `std::cmp::Ord` (the prelude names them), else None."""
    node = trait_node
    if node.type == "scoped_type_identifier":
        path = node.child_by_field_name("path")
        written = lowerer.text(path).removeprefix("::") if path is not None else ""
        name = lowerer.text(node.child_by_field_name("name"))
        brought = any(tuple(u.path)[-1:] == ("cmp",) for u in file_items(lowerer.src))
        if written in ("std::cmp", "core::cmp") or (written == "cmp" and brought):
            return name if name in METHODS else None
        return None
    if node.type != "type_identifier":
        return None
    name = lowerer.text(node)
    return name if name in METHODS and name not in lowerer.trait_items else None


def lower_impl(lowerer: Any, node: Node, item: Any, trait_node: Node, left_ref: bool) -> bool:
    """Read `impl Ord for Item` (and the others) if the trait is one of std's comparisons
    (True), else False."""
    trait = _written_trait(lowerer, trait_node)
    if trait is None:
        if trait_node.type == "generic_type":
            base = trait_node.child_by_field_name("type")
            if base is not None and _written_trait(lowerer, base) is not None:
                raise lowerer.fail(trait_node, f"`impl {lowerer.text(trait_node)}` (between types)")
        return False
    if (
        left_ref
        or node.child_by_field_name("type_parameters") is not None
        or getattr(item, "params", [])
    ):
        raise lowerer.fail(node, f"a generic `impl {trait}` (pbpit runs it for a plain struct)")
    table = getattr(item, _ATTR, None)
    if table is None:
        table = {}
        setattr(item, _ATTR, table)
    if trait in table or trait in item.derives:
        what = f"conflicting implementations of trait `{trait}` for type `{item.name}`"
        raise lowerer.fail(node, rejects(what, "E0119"))
    members = [
        m
        for m in lowerer.kids(node.child_by_field_name("body"))
        if m.type not in ("line_comment", "block_comment")
    ]
    method = METHODS[trait]
    for member in members:
        name_node = member.child_by_field_name("name")
        name = lowerer.text(name_node) if name_node is not None else ""
        if member.type != "function_item" or name != method:
            first = lowerer.text(member).splitlines()[0]
            if member.type == "function_item" and name not in _ALL_METHODS[trait]:
                what = f"method `{name}` is not a member of trait `{trait}`"
                raise lowerer.fail(name_node, rejects(what, "E0407"))
            raise lowerer.fail(member, f"`{first}` in `impl {trait}`")
    if method and not members:
        what = f"not all trait items implemented, missing: `{method}`"
        raise lowerer.fail(node, rejects(what, "E0046"))
    fn = None
    if members:
        lowerer.self_type = item
        try:
            lowerer.method(item, members[0])
        finally:
            lowerer.self_type = None
        fn = item.methods[method]
        _check_signature(lowerer, members[0], fn, method)
    table[trait] = fn
    return True


_ALL_METHODS = {
    "PartialEq": ("eq", "ne"),
    "Eq": (),
    "PartialOrd": ("partial_cmp", "lt", "le", "gt", "ge"),
    "Ord": ("cmp", "max", "min", "clamp"),
}


def _check_signature(lowerer: Any, node: Node, fn: Any, method: str) -> None:
    """`fn cmp(&self, other: &Self) -> Ordering` (and the others) as the trait declares it."""
    from pbpit.rust.interp.types import show

    if not fn.self_kind:
        what = f"method `{method}` has a `&self` declaration in the trait, but not in the impl"
        raise lowerer.fail(node, rejects(what, "E0186"))
    if len(fn.param_tys) != 2:
        what = f"method `{method}` has {len(fn.param_tys)} parameters but the declaration in "
        what += "trait has 2"
        raise lowerer.fail(node.child_by_field_name("parameters"), rejects(what, "E0050"))
    params = [
        p for p in lowerer.kids(node.child_by_field_name("parameters")) if p.type == "parameter"
    ]
    other = params[0].child_by_field_name("type") if params else None
    by_ref = other is not None and other.type == "reference_type"
    by_ref = by_ref and not any(c.type == "mutable_specifier" for c in other.children)
    self_type = getattr(fn.param_tys[0], "item", None)
    same = getattr(fn.param_tys[1], "item", None) is self_type
    if fn.self_kind != "ref" or not by_ref or not same or show(fn.ret) != _RESULTS[method]:
        what = f"method `{method}` has an incompatible type for trait"
        raise lowerer.fail(node, rejects(what, "E0053"))


def mark(lowerer: Any) -> None:
    """After the file is read: each struct implementing these traits has them as derived ones,
    once rustc's requirements between them hold (E0277)."""
    for item in list(lowerer.structs.values()):
        table = getattr(item, _ATTR, None)
        if not table:
            continue
        full = set(item.derives) | set(table)
        for trait in table:
            missing = [n for n in _NEEDS.get(trait, ()) if n not in full]
            if missing:
                if missing[0] == "PartialEq":
                    what = f"can't compare `{item.name}` with `{item.name}`"
                else:
                    what = f"the trait bound `{item.name}: {missing[0]}` is not satisfied"
                raise lowerer.fail(item.node, rejects(what, "E0277"))
        item.derives = frozenset(full)


def bind(structs: Any, fn_cells: dict[str, list]) -> None:
    """Give each struct with these impls its methods' compiled cells (`CELLS`), which the run
    time comparisons call."""
    for item in structs.values():
        table = getattr(item, _ATTR, None)
        if table:
            cells = {fn.name.rsplit("::", 1)[-1]: fn_cells[fn.name] for fn in table.values() if fn}
            setattr(item, CELLS, cells)


NO_IMPL = object()
"""`user_cmp`'s answer for a struct without an impl of `PartialOrd` or `Ord`."""


def user_cmp(a: Any, b: Any) -> Any:
    """The order of two values of a struct with a user `PartialOrd`/`Ord` (-1, 0, 1, None when
    its `partial_cmp` says `None`); `NO_IMPL` when the struct has neither impl."""
    cells = getattr(a.item, CELLS, None)
    if not cells:
        return NO_IMPL
    cell = cells.get("partial_cmp")
    if cell is not None:
        found = cell[0]([a, b])
        return None if found is None else found.value
    cell = cells.get("cmp")
    return NO_IMPL if cell is None else cell[0]([a, b])


def user_eq(a: Any, b: Any) -> bool | None:
    """`a == b` by the struct's own `eq` (None when it has no `impl PartialEq`)."""
    cells = getattr(a.item, CELLS, None)
    cell = cells.get("eq") if cells else None
    return None if cell is None else cell[0]([a, b])
