"""An `if` without `else` whose block gives a value: rustc's E0308 where the place of the
`if` expects `()` (a statement with no `;`, the tail of a block that gives `()`: a `fn`
without a result, a loop's body), else its E0317, "`if` may be missing an `else` clause"
(`let lr: f32 = if warmup { 0.01 };`, `if c { 5 };`, the tail of `fn f() -> i32`).

The lowering reads the place from the syntax (`expects_unit`); the checker gives E0317 where
it would unify the block's value with `()` (`checked`).
"""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import If, Unsupported
from pbpit.rust.interp.types import UNIT, Ty

UNIT_EXPECTED = "unit_expected"
"""The attribute of an `If` without `else` whose place expects `()`."""

_LOOPS = ("for_expression", "while_expression", "loop_expression")


def expects_unit(node: Any) -> bool:
    """Whether the expression `node`'s place expects `()` (rustc checks its value against
    `()` there), read from the syntax around it."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type == "expression_statement":  # `if c { 5 }` with no `;` (with one: none)
        after = parent.next_sibling
        if any(c.type == ";" for c in parent.children) or (
            after is not None and after.type == "empty_statement"  # (`if c { 5 };`)
        ):
            return False
        block = parent.parent
        if block is not None and block.type == "block" and _last(block) == parent:
            return _block_expects_unit(block)  # the block's tail
        return True
    if parent.type == "block":
        return _block_expects_unit(parent)
    if parent.type == "else_clause":
        return parent.parent is not None and expects_unit(parent.parent)
    if parent.type == "match_arm":  # (`match_arm` in `match_block` in `match_expression`)
        match = parent.parent.parent if parent.parent is not None else None
        return match is not None and expects_unit(match)
    return False


def _last(block: Any) -> Any:
    named = [c for c in block.named_children if not c.type.endswith("comment")]
    return named[-1] if named else None


def _block_expects_unit(block: Any) -> bool:
    """Whether the block's tail must be `()`."""
    parent = block.parent
    if parent is None:
        return False
    if parent.type == "function_item":
        ret = parent.child_by_field_name("return_type")
        return ret is None or ret.text.replace(b" ", b"") == b"()"
    if parent.type in _LOOPS:
        return True
    if parent.type == "expression_statement":  # `{ .. }` as a statement
        return True
    if parent.type == "if_expression":  # (its block: the `if`'s place)
        return expects_unit(parent)
    if parent.type == "else_clause":
        return parent.parent is not None and expects_unit(parent.parent)
    if parent.type == "match_arm":
        match = parent.parent.parent if parent.parent is not None else None
        return match is not None and expects_unit(match)
    return False


def judged(e: If) -> bool:
    """Whether the checker judges `e` here: an `if` without `else` whose place expects no
    `()` (`checked`); else the checker's own rule (E0308)."""
    return e.els is None and not getattr(e, UNIT_EXPECTED, True)


def checked(checker: Any, e: If) -> Ty:
    """The type of such an `if` (`()`), or rustc's E0317 where its block gives a value."""
    then_ty = checker.expr(e.then)
    try:
        checker.unify(UNIT, then_ty, e.then.tail.pos if e.then.tail is not None else e.then.pos)
    except Unsupported as err:
        if err.code != "E0308":
            raise
        what = rejects("`if` may be missing an `else` clause", "E0317")
        found = checker.fail(e.pos, what)
        found.label = "expected a value, found `()`"
        found.notes = ["`if` expressions without `else` evaluate to `()`"]
        raise found from None
    return UNIT
