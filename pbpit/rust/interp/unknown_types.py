"""A type no use of it determined, at the end of a function's checking (`let v = Vec::new();
println!("{}", v.len());`): rustc's E0282 ("type annotations needed") where the value is an
empty collection made by std (`Vec::new()`, `HashMap::new()`..), whose element type only its
uses can give; elsewhere pbpit's inference may know less than rustc's, so the refusal keeps no
code."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects

_EMPTY = frozenset(
    f"{owner}::{name}"
    for owner in ("Vec", "VecDeque", "HashMap", "BTreeMap", "HashSet", "BTreeSet")
    for name in ("new", "with_capacity")
)


def words(node: Any) -> str:
    """The refusal of `node`, whose type stayed unknown."""
    from pbpit.rust.interp.nodes import Static

    if isinstance(node, Static) and node.name in _EMPTY:
        return rejects("type annotations needed", "E0282")
    return "type annotations needed"
