"""A shared borrow held by a variable declared inside a loop's body (`for wi in .. { let w =
&words[wi]; let n = w.len(); words[wi] = vec![n]; }`): each turn's `let` makes a new holder,
so the borrow of one turn is not used by the next, and (NLL) it ends at the holder's last use
in the turn: rustc accepts the assignment after it. `shared_borrows` takes such a loop as
wrapping the borrow only when the holder may hand its borrow on (`keep.push(w)`, `w.iter()`
kept in a variable): here each use of the holder must read a value out of it.

Also NLL: a use of the holder in one arm of an `if`/`match` does not follow an assignment in
another arm (`if row.is_empty() { rows[r] = .. } else { .. row[0] .. }`): one run reaches one
arm (`branch_paths`, `apart`; a loop around both is followed by `shared_borrows` apart)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.nodes import (
    Binary,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Local,
    Match,
    Method,
    Unary,
    children,
)

# methods of a `&Vec`/`&[T]`/`&str`/`&String` that return a value holding no borrow of it
_VALUE_RESULTS = frozenset(("len", "is_empty", "contains", "clone", "to_vec", "to_string"))
_VALUE_RESULTS |= {"to_owned", "starts_with", "ends_with"}


def stays_in_turn(loop: Any, holder: Any) -> bool:
    """Whether `holder`, declared by a `let` in `loop`'s body, is only read for values there."""
    declared = False
    stack: list[tuple[Any, Any, Any]] = [(loop, None, None)]
    while stack:
        node, parent, above = stack.pop()
        if isinstance(node, Let) and node.binding is holder:
            declared = True
        if isinstance(node, Local) and node.binding is holder and not _read(node, parent, above):
            return False
        stack.extend((part, node, parent) for part in children(node))
    return declared


def _read(use: Any, parent: Any, above: Any) -> bool:
    """Whether `use`, the holder or `w[i]` of it (under `parent`, itself under `above`), is
    read for a value there."""
    if use.borrowed or use.mut_borrow:
        return False
    if isinstance(parent, Method):
        return parent.recv is use and parent.name in _VALUE_RESULTS
    if isinstance(parent, Index) and isinstance(use, Local):  # `w[i]`: an element, copied
        return parent.base is use and _read(parent, above, None)  # (a move out: E0507)
    if isinstance(parent, Index):  # `w[i][j]`: not followed
        return False
    if isinstance(parent, Binary | Format):  # `w == v`, `println!("{:?}", w)`
        return True
    return isinstance(parent, Unary) and parent.op in ("*", "!", "-")


def branch_paths(body: Any) -> dict[int, tuple[tuple[int, int], ...]]:
    """Each node of `body` (by id) -> the branches it lies in: (the `if`/`match`, which arm)."""
    found: dict[int, tuple[tuple[int, int], ...]] = {}
    stack: list[tuple[Any, tuple[tuple[int, int], ...]]] = [(body, ())]
    while stack:
        node, path = stack.pop()
        found[id(node)] = path
        if isinstance(node, If | IfLet):
            head = node.cond if isinstance(node, If) else node.value
            parts = [(head, path), (node.then, (*path, (id(node), 0)))]
            if node.els is not None:
                parts.append((node.els, (*path, (id(node), 1))))
        elif isinstance(node, Match):
            parts = [(node.value, path)]
            parts += [(arm, (*path, (id(node), k))) for k, arm in enumerate(node.arms)]
        else:
            parts = [(part, path) for part in children(node)]
        stack.extend(parts)
    return found


def apart(paths: dict[int, tuple[tuple[int, int], ...]], a: Any, b: Any) -> bool:
    """Whether `a` and `b` lie in different arms of one `if`/`match` (one turn reaches one)."""
    arms = dict(paths.get(id(a), ()))
    return any(arms.get(branch, arm) != arm for branch, arm in paths.get(id(b), ()))


def reads_beside(node: Any, binding: Any, skipped: Any) -> list[Any]:
    """Where `binding` is read in `node`, outside `skipped` and outside the other arms of each
    `if`/`match` that `skipped` lies in."""
    paths = branch_paths(node)
    found: list[Any] = []
    stack = [node]
    while stack:
        part = stack.pop()
        if part is skipped:
            continue
        if isinstance(part, Local) and part.binding is binding and not apart(paths, part, skipped):
            found.append(part.pos)
        stack.extend(children(part))
    return found
