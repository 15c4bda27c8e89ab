"""`for (name, count) in v.iter_mut()` (or `&mut v`) of a `Vec` (or an array) of pairs: each
name a `&mut` to its part of the element, run as `iter_mut.py` runs `for x in v.iter_mut()`,
by index, `*count` the place `v[i].1` and `name.push('!')` a change of `v[i].0`.

The same pattern over a map (`for (k, v) in m.iter_mut()`) is `map_loops.py`'s; the two are told
apart before types are known, from what the program wrote: `v` a variable whose `let` writes
its type as a `Vec` or an array of tuples (`let mut inv: Vec<(String, i32)> = ..`) or makes a
`vec![(..), ..]`/`[(..), ..]` of tuples, or a parameter typed `&mut Vec<(..)>`/`&mut [(..)]`.
Any other receiver is left to the map's loop (which refuses a `Vec` at its check)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import iter_mut, mut_loop_uses
from pbpit.rust.interp.field_paths import method_called, receiver
from pbpit.rust.interp.grammar import rejects

PART = "iter_mut_part"
"""The attribute of a pair's binding: the index of its part in the element (0 or 1)."""
_HIDDEN = "iter_mut pair index"  # a name no Rust code can write


def _recv(lowerer: Any, value: Any) -> Any | None:
    if method_called(lowerer, value) == "iter_mut":
        return receiver(value)
    if value.type == "reference_expression" and any(
        c.type == "mutable_specifier" for c in value.children
    ):
        return value.child_by_field_name("value")
    return None


def _pair_names(lowerer: Any, pattern: Any) -> list[str | None] | None:
    if pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if c.is_named or c.type == "_"]
    if len(parts) != 2 or not all(p.type in ("identifier", "_") for p in parts):
        return None
    return [lowerer.text(p) if p.type == "identifier" else None for p in parts]


def _counted(lowerer: Any, pattern: Any) -> tuple[str, Any] | None:
    """(the index's name, the pair's pattern) of `(i, (a, b))` or `(_, (a, b))`."""
    if pattern.type != "tuple_pattern":
        return None
    parts = [c for c in pattern.children if c.is_named or c.type == "_"]
    if len(parts) != 2 or parts[0].type not in ("identifier", "_"):
        return None
    return (lowerer.text(parts[0]) if parts[0].type == "identifier" else _HIDDEN), parts[1]


def _pairs_type(text: str) -> bool:
    """`Vec<(A, B)>`, `[(A, B); N]`, `&mut Vec<(A, B)>`, `&mut [(A, B)]`."""
    text = "".join(text.split()).removeprefix("&mut")
    return text.startswith(("Vec<(", "[("))


def _pairs_literal(text: str) -> bool:
    text = "".join(text.split())
    return text.startswith(("vec![(", "[("))


def _vec_of_pairs(lowerer: Any, recv: Any) -> bool:
    """Whether the variable `recv` is written as a `Vec` (an array) of tuples."""
    if recv.type != "identifier":
        return False
    name = lowerer.text(recv)
    written = iter_mut._parameter_type(lowerer, recv, name)  # noqa: SLF001 - one concept
    if written is not None:
        return _pairs_type(lowerer.text(written))
    node, found = recv, None
    while node is not None and node.type not in ("function_item", "closure_expression"):
        node = node.parent
    stack = [node] if node is not None else []
    while stack:  # the last `let` of `name` before the loop
        item = stack.pop()
        if item.start_byte >= recv.start_byte:
            continue
        if item.type == "let_declaration":
            pattern = item.child_by_field_name("pattern")
            if pattern is not None and lowerer.text(pattern) in (name, f"mut {name}"):
                if found is None or item.start_byte > found.start_byte:
                    found = item
        stack.extend(item.children)
    if found is None:
        return False
    ty, value = found.child_by_field_name("type"), found.child_by_field_name("value")
    if ty is not None:
        return _pairs_type(lowerer.text(ty))
    return value is not None and _pairs_literal(lowerer.text(value))


def lower_for(lowerer: Any, node: Any) -> Any | None:
    """The `For` of `for (a, b) in v.iter_mut()` over a `Vec` of pairs, or None."""
    from pbpit.rust.interp.nodes import For, Lit, Method, RangeLit

    value, pattern = node.child_by_field_name("value"), node.child_by_field_name("pattern")
    body_node = node.child_by_field_name("body")
    index_name = _HIDDEN
    if method_called(lowerer, value) == "enumerate":  # `for (i, (a, b)) in v.iter_mut()
        value = receiver(value)  # .enumerate()`
        counted = _counted(lowerer, pattern)
        if counted is None:
            return None
        index_name, pattern = counted
    names = _pair_names(lowerer, pattern)
    recv = _recv(lowerer, value) if names is not None else None
    if recv is None or not _vec_of_pairs(lowerer, recv) or body_node.type != "block":
        return None
    conflict = iter_mut._conflict(lowerer, recv, body_node)  # noqa: SLF001 - one concept
    coded = mut_loop_uses.code_of(lowerer, conflict, body_node) if conflict else None
    if coded is not None:  # `v.len()` in the loop: rustc's E0502 (E0499)
        raise lowerer.fail(conflict, rejects(*coded))
    if conflict is not None:
        raise lowerer.fail(
            conflict,
            f"`{lowerer.text(conflict)}` inside a loop over `{lowerer.text(recv)}.iter_mut()` "
            "(pbpit runs the loop by index only when nothing else reaches the elements)",
        )
    loop = For(lowerer.pos(node), lowerer.label(node))
    pos = lowerer.pos(value)
    whole = lowerer.expr(recv)
    lowerer.mutable_place(recv.parent, whole)  # rustc's E0596 for a `v` not declared `mut`
    length = Method(pos, whole, "len", [], [])
    loop.iterable = RangeLit(pos, Lit(pos, "int", 0, None), length, False)
    saved = lowerer.open_scope()
    index = lowerer.declare(index_name, False)
    bindings = [index]
    for part, name in enumerate(names):
        if name is None:
            continue
        binding = lowerer.declare(name, False)
        iter_mut.mark_element(binding, recv, index, lowerer.delta, readable=True)
        setattr(binding, PART, part)
        bindings.append(binding)
    lowerer.close_scope(saved)
    loop.binding = index
    lowerer.scope.loops.append(loop)
    loop.body = lowerer.block(body_node, bindings)
    lowerer.scope.loops.pop()
    return loop


def part_of(binding: Any, place: Any, pos: Any) -> Any:
    """`v[i].0` of a pair's first name (`v[i].1` of its second), or `place` itself."""
    from pbpit.rust.interp.nodes import Field

    part = getattr(binding, PART, None)
    return place if part is None else Field(pos, place, str(part))
