"""A labelled block, `let r = 'found: { for x in xs { if p(x) { break 'found x; } } 0 };`:
lowered as rustc's semantics read it, the loop `'found: loop { break 'found { .. } }` that
runs its block once and leaves with the block's value, or with the value of a `break 'found v`
inside it. No new node kind: the `Loop` (marked `labelled_block`) is one the passes know.

Inside the block (not inside a loop within it), an unlabelled `break` or `continue` is rustc's
E0695, and `continue 'found` its E0696 (a block is no loop)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import Block, Break, Loop


def lower(lowerer: Any, node: Any) -> Loop:
    """`'a: { .. }` (`node`, a block with a label) as `'a: loop { break 'a { .. } }`."""
    label = next(c for c in node.children if c.type == "label")
    pos = lowerer.pos(node)
    loop = Loop(pos, lowerer.text(label))
    loop.labelled_block = True  # type: ignore[attr-defined]
    lowerer.scope.loops.append(loop)
    lowerer.labelled_now = node  # (the block's own lowering then ignores its label)
    try:
        inner = lowerer.block(node)
    finally:
        lowerer.scope.loops.pop()
    loop.breaks = True
    loop.body = Block(pos, [], Break(pos, loop, inner), inner.visible)
    return loop


def labelled(lowerer: Any, node: Any) -> bool:
    """Whether `node` is a block with a label still to be lowered as one."""
    if getattr(lowerer, "labelled_now", None) is node:
        lowerer.labelled_now = None
        return False
    return any(c.type == "label" for c in node.children)


def refuse_target(lowerer: Any, node: Any, target: Any, label: str | None, what: str) -> None:
    """rustc's refusals of a `break`/`continue` whose target is a labelled block."""
    if not getattr(target, "labelled_block", False):
        return
    if label is None:
        err = f"unlabeled `{what}` inside of a labeled block"
        raise lowerer.fail(node, rejects(err, "E0695"))
    if what == "continue":
        err = "`continue` pointing to a labeled block"
        raise lowerer.fail(node, rejects(err, "E0696"))
