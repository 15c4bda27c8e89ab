"""rustc's code for a use, inside `for x in v.iter_mut() { .. }`, of what the loop borrows
mutably (`iter_mut._conflict` finds it): the iterator holds `&mut v` to the loop's end, so
reading `v` (`v[0]`, `v.len()`, `&v`, `println!("{:?}", v)`) is E0502 and borrowing it
mutably (`v[0] = ..`, `v.push(..)`, `&mut v`) is E0499, each said of the place borrowed
(`m.w` of `m.w.iter_mut()`). Other uses (an assignment to `v`, a move) stay refused, as does
any where the body binds the name anew (the syntax alone cannot tell which `v` it is)."""

from __future__ import annotations

from typing import Any

_READS = frozenset(
    ("len", "is_empty", "iter", "get", "first", "last", "contains", "clone", "to_vec")
    + ("starts_with", "ends_with", "binary_search", "as_slice")
)
_WRITES = frozenset(
    ("push", "pop", "clear", "insert", "remove", "swap", "sort", "truncate", "extend")
    + ("retain", "iter_mut", "get_mut", "first_mut", "last_mut", "reverse", "fill", "drain")
)
_BINDS = ("let_declaration", "closure_parameters", "parameter", "match_arm", "for_expression")


def _rebound(lowerer: Any, body: Any, name: str) -> bool:
    """Whether `body` binds `name` anew (`let v = ..`, `|v|`, a pattern)."""
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type in _BINDS:
            pattern = node.child_by_field_name("pattern")
            if node.type == "closure_parameters":
                pattern = node
            if pattern is not None and name in lowerer.text(pattern).replace("&", " ").split():
                return True
    return False


def _top(node: Any) -> Any:
    """The field chain `node` starts (`m.w` of `m`)."""
    top = node
    while (
        top.parent is not None
        and top.parent.type == "field_expression"
        and top.parent.child_by_field_name("value") == top
    ):
        top = top.parent
    return top


def code_of(lowerer: Any, use: Any, body: Any) -> tuple[str, str] | None:
    """rustc's words and code for `use` (a name, as `iter_mut._conflict` returns it) inside the
    loop over `recv.iter_mut()`, or None where pbpit keeps its refusal."""
    loop = body.parent
    iterable = loop.child_by_field_name("value") if loop is not None else None
    if iterable is None or not (
        iterable.type == "reference_expression" or ".iter_mut()" in lowerer.text(iterable)
    ):
        return None  # (`for x in g` of `g: &mut [T]` moves `g`: its use after is E0382)
    if _rebound(lowerer, body, lowerer.text(use)):
        return None
    top = _top(use)
    parent = top.parent
    kind = None
    if top.type == "field_expression" and parent is not None and parent.type == "call_expression":
        method = lowerer.text(top.child_by_field_name("field"))
        top = top.child_by_field_name("value")  # the receiver: `v` of `v.len()`
        kind = "read" if method in _READS else "write" if method in _WRITES else None
    elif parent is not None and parent.type == "index_expression" and parent.children[0] == top:
        outer = parent.parent
        assigned = (
            outer is not None
            and outer.type in ("assignment_expression", "compound_assignment_expr")
            and outer.child_by_field_name("left") == parent
        )
        kind = "write" if assigned else "read"
    elif parent is not None and parent.type == "reference_expression":
        mutable = any(c.type == "mutable_specifier" for c in parent.children)
        kind = "write" if mutable else "read"
    elif parent is not None and parent.type == "token_tree":
        kind = "read"  # a formatting macro's argument: `&v` taken
    if kind is None:
        return None
    place = lowerer.text(top)  # (rustc names the place used: `m.w` of `m.w[0]`)
    if kind == "read":
        return f"cannot borrow `{place}` as immutable because it is also borrowed as mutable", (
            "E0502"
        )
    return f"cannot borrow `{place}` as mutable more than once at a time", "E0499"
