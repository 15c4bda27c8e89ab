"""Lifetime elision in a function's signature (the Reference's "Lifetime elision" rules): a
reference in the return type written without a lifetime takes the lifetime of `&self` or
`&mut self` when there is one, else of the one lifetime the parameters hold; with none, or
more than one, rustc asks for it to be named (E0106, "missing lifetime specifier").
`fn longer(a: &str, b: &str) -> &str` is E0106; `fn first(v: &[f32]) -> &f32` is not.
Lifetimes are otherwise not checked: this is the one signature rustc rejects outright."""

from __future__ import annotations

from pbpit.rust.interp.lower_tables import Node

# A `Fn(&str) -> &str` bound is its own elision scope: its references are not the function's.
_OWN_SCOPE = frozenset({"function_type"})


def _lifetimes(node: Node, text) -> tuple[list[Node], set[str]]:
    """The references written without a lifetime under `node`, and the lifetimes named there."""
    elided: list[Node] = []
    named: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in _OWN_SCOPE:
            continue
        if n.type == "reference_type" and not any(c.type == "lifetime" for c in n.children):
            elided.append(n)
        elif n.type == "lifetime":
            named.add(text(n))
        stack.extend(reversed(n.children))
    return elided, named


def missing_lifetime(fn: Node, text) -> Node | None:
    """The first reference of `fn`'s return type whose lifetime elision cannot fill, or None."""
    ret = fn.child_by_field_name("return_type")
    if ret is None:
        return None
    wanted, _ = _lifetimes(ret, text)
    if not wanted:
        return None
    params = fn.child_by_field_name("parameters")
    count = 0
    names: set[str] = set()
    for param in params.named_children if params is not None else ():
        if param.type == "self_parameter":
            if any(c.type == "&" for c in param.children):
                return None  # `&self` / `&mut self`: the output borrows from self
            continue
        kind = param.child_by_field_name("type")
        if kind is None:
            continue
        elided, named = _lifetimes(kind, text)
        count += len(elided)
        names |= named - {"'static"}
    return None if count + len(names) == 1 else wanted[0]
