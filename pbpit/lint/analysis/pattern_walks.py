"""The elements a `for` loop's tuple pattern takes of each collection an iterator chain walks
(`_PatternWalks`): `((lp, v), r)` of `a.iter().zip(b.iter()).zip(c.iter())`, `(i, (x, y))` of
`xs.iter().zip(ys).enumerate()`, `((i, x), y)` of `xs.iter().enumerate().zip(ys.iter())`, over
any nesting of the adaptors in `ADAPTORS`: each name the element of its own collection, as
`for x in xs.iter()` takes it (`_Walks._element_of_pass`), not what every element of the whole
chain shares.
"""

from __future__ import annotations

from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _content
from pbpit.lint.values import Value
from pbpit.rust.syntax import Node

ADAPTORS: dict[str, str] = {
    # The pattern is a pair: the receiver's element, then the argument's.
    "zip": "pair",
    # The pattern is a pair: a number (the pass's counter), then the receiver's element.
    "enumerate": "numbered",
    # The pattern is the receiver's element, whichever (or how many) of them the chain keeps.
    "iter": "same",
    "iter_mut": "same",
    "into_iter": "same",
    "skip": "same",
    "take": "same",
    "step_by": "same",
    "cloned": "same",
    "copied": "same",
    "skip_while": "same",
    "take_while": "same",
    "filter": "same",
    "peekable": "same",
    "fuse": "same",
    "by_ref": "same",
    "inspect": "same",
    # The receiver's elements, then the argument's: the pattern takes an element of the first
    # (the ones a walk from the start meets first).
    "chain": "same",
    # From the newest element: a walk cut short (by a `zip` with a shorter one, `take`) never
    # reaches the elements of earlier passes a collection kept; not read as a walk from the
    # oldest (`_Walks`' element of a pass), left to what the elements share.
    "rev": "newest",
}
"""One row per iterator adaptor: what a `for` pattern binds of the collection(s) it walks."""


class _PatternWalks:
    """How `_Function` reads a `for` loop's tuple pattern over an iterator chain."""

    def _pattern_walks(self, pattern: Node | None, value: Node | None) -> list[tuple[Node, Node]]:
        """Each name `pattern` binds to an element of a collection the chain `value` walks,
        with that collection's expression (`buf.log_probs` of `buf.log_probs.iter()`): names
        bound to a counter, or to what no row of `ADAPTORS` reads, are left out."""
        if pattern is None or value is None:
            return []
        while pattern.type in ("reference_pattern", "mut_pattern") and pattern.named_child_count:
            pattern = pattern.named_children[-1]
        while value.type in ("reference_expression", "parenthesized_expression"):
            if not value.named_child_count:
                return []
            value = value.named_children[-1]
        if value.type in ("identifier", "field_expression"):
            if pattern.type in ("identifier", "tuple_pattern"):
                return [(pattern, value)]
            return []
        if value.type != "call_expression":
            return []
        method = value.child_by_field_id(_FIELD.function)
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return []
        receiver = method.child_by_field_id(_FIELD.value)
        arguments = value.child_by_field_id(_FIELD.arguments)
        kind = ADAPTORS.get(self.text(name))
        if kind == "same":
            return self._pattern_walks(pattern, receiver)
        if kind not in ("pair", "numbered"):
            return []
        if pattern.type != "tuple_pattern" or pattern.named_child_count != 2:
            return []
        first, second = pattern.named_children
        if kind == "numbered":
            return self._pattern_walks(second, receiver)
        if kind == "pair" and arguments is not None and arguments.named_child_count == 1:
            return self._pattern_walks(first, receiver) + self._pattern_walks(
                second, arguments.named_children[0]
            )
        return []

    def _pattern_collections(
        self, pattern: Node | None, value: Node | None
    ) -> list[tuple[Node, Value, Node | None]]:
        """What each part of a nested pattern walks (`lp`, `v` of `((lp, v), r)` in
        `a.iter().zip(b.iter()).zip(c.iter())`, `(id, old, w)` of `cache.iter().take(2)` of a
        `Vec` of tuples): the name (or tuple pattern), its collection's value, read where the
        loop's header reads it, and the name holding it. Not for one name of a plain walk
        (`_Walks`')."""
        walks = self._pattern_walks(pattern, value)
        if not walks or (len(walks) == 1 and walks[0][0].type == "identifier"):
            return []
        return [
            (bound, self.expr(collection), self._walked(collection)) for bound, collection in walks
        ]

    def _pattern_elements(
        self, collections: list[tuple[Node, Value, Node | None]], key: int
    ) -> dict[Node, Value]:
        """The element of this pass of loop `key` each name takes of its own collection
        (`_pattern_collections`); a tuple's parts (`(x, y)` of a `Vec` of pairs) each its
        part."""
        found: dict[Node, Value] = {}
        for bound, held, holder in collections:
            if bound.type == "identifier":
                found[bound] = self._element_of_pass(held, key, holder)
                continue
            parts = dict(held.parts or ()) if _content(held) else {}
            children = bound.named_children
            if set(parts) != {f".{i}" for i in range(len(children))}:
                continue
            for i, child in enumerate(children):
                if child.type == "identifier":
                    found[child] = self._element_of_pass(parts[f".{i}"], key, holder)
        return found
