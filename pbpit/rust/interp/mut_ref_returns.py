"""A `&mut self` method returning a `&mut` to a number (`fn first(&mut self) -> &mut f64 {
&mut self.w[0] }`), which pbpit does not run: where a caller holds its result (`let x =
m.first();`) while it uses `m` again before the result's last use, rustc rejects the program,
and that error is given instead of the refusal:

- `m.other()` of a `&mut self` method, `&mut m`: E0499 (a second mutable borrow);
- `m.get()` of a `&self` method, `&m`: E0502;
- `m.f op= v`: E0503 (`m.f` used while borrowed); `m.f = v`: E0506.

Found from the syntax (the borrow lives from the `let` to the last use of its name in the same
body); any other program keeps the refusal."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

Node = Any


def _self_kinds(lowerer: Any) -> dict[str, str]:
    """Each method of the file by name: `&mut self` ("mut") or `&self` ("ref")."""
    kinds: dict[str, str] = {}
    stack = [lowerer.src.root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type != "function_item":
            continue
        params = node.child_by_field_name("parameters")
        first = next((c for c in params.named_children if c.type == "self_parameter"), None)
        if first is None:
            continue
        text = "".join(lowerer.src.node_text(first).split())
        name = lowerer.src.node_text(node.child_by_field_name("name"))
        kinds[name] = "mut" if text == "&mutself" else ("ref" if text == "&self" else "own")
    return kinds


def _uses(lowerer: Any, body: Node, name: str, after: int) -> list[Node]:
    found = []
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "identifier" and node.start_byte >= after:
            before = node.prev_sibling  # (`o.lr` in a macro's tokens: a field, not `lr`)
            dotted = before is not None and before.type == "."
            if lowerer.src.node_text(node) == name and not dotted:
                found.append(node)
    return sorted(found, key=lambda n: n.start_byte)


def _conflict(lowerer: Any, use: Node, recv: str, kinds: dict[str, str]) -> tuple | None:
    """(the node rustc points at, code, message) of a use of `recv` while it is lent."""
    parent = use.parent
    if parent.type == "token_tree":  # `println!("{}", m.total())`: `m` `.` `total` `(..)`
        dot = use.next_sibling
        name = dot.next_sibling if dot is not None and dot.type == "." else None
        call = name.next_sibling if name is not None else None
        if name is None and getattr(lowerer, "_std_receivers", False):  # `println!(.., v)`
            before = use.prev_sibling
            return _borrow(use, recv, "immutable") if before.type in ("(", ",") else None
        if call is None or call.type != "token_tree" or not call.children:
            return None
        if call.children[0].type != "(":
            return None
        kind = kinds.get(lowerer.src.node_text(name)) or _std_kind(lowerer, name)
        return (
            None
            if kind not in ("mut", "ref")
            else _borrow(use, recv, "mutable" if kind == "mut" else "immutable")
        )
    if parent.type == "index_expression" and getattr(lowerer, "_std_receivers", False):
        return _borrow(use, recv, "immutable")  # `v[1]`: `Index::index(&v, 1)`
    if parent.type == "reference_expression":
        mutable = any(c.type == "mutable_specifier" for c in parent.children)
        return _borrow(parent, recv, "mutable" if mutable else "immutable")
    if parent.type != "field_expression" or parent.child_by_field_name("value") != use:
        return None
    field = lowerer.src.node_text(parent.child_by_field_name("field"))
    outer = parent.parent
    if outer.type == "call_expression" and outer.child_by_field_name("function") == parent:
        kind = kinds.get(field) or _std_kind(lowerer, parent.child_by_field_name("field"))
        if kind == "mut":
            return _borrow(use, recv, "mutable")
        if kind == "ref":
            return _borrow(use, recv, "immutable")
        return None
    place = f"{recv}.{field}"
    if outer.type == "compound_assignment_expr" and outer.child_by_field_name("left") == parent:
        return outer, "E0503", f"cannot use `{place}` because it was mutably borrowed"
    if outer.type == "assignment_expression" and outer.child_by_field_name("left") == parent:
        return outer, "E0506", f"cannot assign to `{place}` because it is borrowed"
    if outer.type in ("let_declaration", "binary_expression", "arguments"):  # `let m = c.n;`
        return parent, "E0503", f"cannot use `{place}` because it was mutably borrowed"
    return None


# std's methods taking `&mut self` (the others, `len`, `iter`, `contains`.., take `&self`)
_STD_MUT = frozenset(
    ("push", "pop", "insert", "remove", "clear", "sort", "sort_by", "sort_unstable", "extend")
    + ("truncate", "retain", "swap", "reverse", "drain", "push_str", "dedup", "resize", "fill")
    + ("append", "iter_mut", "get_mut", "last_mut", "first_mut", "entry", "sort_by_key")
)


def _std_kind(lowerer: Any, name: Node | None) -> str | None:
    """ "mut" or "ref": how a std method named `name` borrows its receiver (`v.push(..)`,
    `v.len()`), for a receiver a free function's `&mut` result borrows."""
    if name is None or not getattr(lowerer, "_std_receivers", False):
        return None
    return "mut" if lowerer.src.node_text(name) in _STD_MUT else "ref"


def _binds(node: Node) -> bool:
    """Whether the name `node` is bound there (a `let`'s, a closure's, a pattern's)."""
    parent = node.parent
    if parent.type == "let_declaration":
        return parent.child_by_field_name("pattern") == node
    return parent.type.endswith("pattern") or parent.type in ("closure_parameters", "parameter")


def _borrow(node: Node, recv: str, how: str) -> tuple:
    if how == "mutable":
        return node, "E0499", f"cannot borrow `{recv}` as mutable more than once at a time"
    what = f"cannot borrow `{recv}` as immutable because it is also borrowed as mutable"
    return node, "E0502", what


def refuse_conflict(lowerer: Any, type_node: Node) -> None:
    """rustc's error for a held result of the method whose return type is `type_node`, if a
    caller uses the receiver while it is held; else nothing (the caller refuses)."""
    fn = type_node.parent
    if fn is None or fn.type != "function_item":
        return
    if fn.child_by_field_name("return_type") != type_node:
        return
    kinds = _self_kinds(lowerer)
    method = lowerer.src.node_text(fn.child_by_field_name("name"))
    lent = _lent_param(fn)  # `fn first_mut(v: &mut Vec<i32>) -> &mut i32`: `v`'s index
    if kinds.get(method) != "mut" and lent is None:
        return
    found: list[tuple] = []
    stack = [lowerer.src.root]
    lowerer._std_receivers = lent is not None
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        held = (
            _held(lowerer, node, method)
            if lent is None
            else _held_call(lowerer, node, method, lent)
        )
        if held is None:
            continue
        let, name, recv = held
        body = let.parent
        later = _uses(lowerer, body, name, let.end_byte)
        shadowed = next((i for i, u in enumerate(later) if _binds(u)), None)
        later = later if shadowed is None else later[:shadowed]  # `let x = ..;` again
        if not later:
            continue
        for use in _uses(lowerer, body, recv, let.end_byte):
            if use.start_byte > later[-1].start_byte:
                break
            conflict = _conflict(lowerer, use, recv, kinds)
            if conflict is not None:
                found.append(conflict)
                break
    lowerer._std_receivers = False
    if found:
        at, code, what = min(found, key=lambda c: c[0].start_byte)
        raise lowerer.fail(at, rejects(what, code))


def _lent_param(fn: Node) -> int | None:
    """The index of the only reference parameter of a free function, when it is `&mut T` (its
    `&mut` result borrows that argument, by elision); else None."""
    params = fn.child_by_field_name("parameters")
    if params is None or any(c.type == "self_parameter" for c in params.named_children):
        return None
    written = [
        c.child_by_field_name("type") for c in params.named_children if c.type == "parameter"
    ]
    refs = [i for i, w in enumerate(written) if w is not None and b"&" in w.text]
    if len(refs) != 1 or written[refs[0]].type != "reference_type":
        return None
    mutable = any(c.type == "mutable_specifier" for c in written[refs[0]].children)
    return refs[0] if mutable else None


def _let_of_call(node: Node) -> tuple[Node, Node] | None:
    """The name and the call of `let x = f(..);` or `let x = m.f(..);`, else None."""
    if node.type != "let_declaration":
        return None
    pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
    if pattern is None or value is None or pattern.type != "identifier":
        return None
    return (pattern, value) if value.type == "call_expression" else None


def _held_call(lowerer: Any, node: Node, name: str, index: int) -> tuple | None:
    """(the `let`, its name, the lent variable's name) of `let x = name(.., &mut v, ..);`."""
    bound = _let_of_call(node)
    if bound is None:
        return None
    pattern, value = bound
    function, args = value.child_by_field_name("function"), value.child_by_field_name("arguments")
    if function.type != "identifier" or lowerer.src.node_text(function) != name or args is None:
        return None
    given = args.named_children
    if index >= len(given) or given[index].type != "reference_expression":
        return None
    target = given[index].child_by_field_name("value")
    if target is None or target.type != "identifier":
        return None
    return node, lowerer.src.node_text(pattern), lowerer.src.node_text(target)


def _held(lowerer: Any, node: Node, method: str) -> tuple | None:
    """(the `let`, its name, the receiver's name) of `let x = m.method(..);`, else None."""
    bound = _let_of_call(node)
    if bound is None:
        return None
    pattern, value = bound
    function = value.child_by_field_name("function")
    if function.type != "field_expression":
        return None
    recv, field = function.child_by_field_name("value"), function.child_by_field_name("field")
    if recv.type != "identifier" or lowerer.src.node_text(field) != method:
        return None
    return node, lowerer.src.node_text(pattern), lowerer.src.node_text(recv)


# std's methods whose result holds a `&mut` borrow of the receiver while it lives
_MUT_VIEWS = frozenset(("iter_mut", "values_mut", "last_mut", "first_mut", "as_mut_slice"))


def refuse_held_mut_view(lowerer: Any, let: Node) -> None:
    """rustc's error for `let it = ws.iter_mut();` (a std method's `&mut` view of `ws`, held)
    while `ws` is used before `it`'s last use (`let first = &ws[0]; for w in it {..}`: E0502;
    `ws.push(..)`: E0499); nothing otherwise."""
    pattern, value = let.child_by_field_name("pattern"), let.child_by_field_name("value")
    if pattern is None or value is None or pattern.type != "identifier":
        return
    if value.type != "call_expression" or let.parent is None:
        return
    function = value.child_by_field_name("function")
    if function.type != "field_expression":
        return
    recv, field = function.child_by_field_name("value"), function.child_by_field_name("field")
    if lowerer.src.node_text(field) in ("unwrap", "expect") and recv.type == "call_expression":
        function = recv.child_by_field_name("function")  # `ws.last_mut().unwrap()`
        if function.type != "field_expression":
            return
        recv, field = function.child_by_field_name("value"), function.child_by_field_name("field")
        if lowerer.src.node_text(field) == "get_mut":
            field = None
    shown = lowerer.src.node_text(field) if field is not None else "get_mut"
    if recv.type != "identifier" or shown not in _MUT_VIEWS | {"get_mut"}:
        return
    name, lent = lowerer.src.node_text(pattern), lowerer.src.node_text(recv)
    later = _uses(lowerer, let.parent, name, let.end_byte)
    shadowed = next((i for i, u in enumerate(later) if _binds(u)), None)
    later = later if shadowed is None else later[:shadowed]
    if not later:
        return
    lowerer._std_receivers = True
    try:
        for use in _uses(lowerer, let.parent, lent, let.end_byte):
            if use.start_byte > later[-1].start_byte:
                return
            conflict = _conflict(lowerer, use, lent, {})
            if conflict is not None:
                at, code, what = conflict
                raise lowerer.fail(at, rejects(what, code))
    finally:
        lowerer._std_receivers = False
