"""State a loop blends from its own value: `slow = slow * k + w.val() * (1.0 - k)` (a slow copy
of a weight), `running = running * 0.9 + pred.mean() * 0.1` (a running mean), made before the
loop from something tracked. The run panics at the tensor made before the loop, but what carries
it into the next pass is the blend: `loop-external-tracked` detaches the blend where it is put,
and never moves the `let` into the loop (made anew each pass, it would lose what the passes
before blended into it). Asked of lint's meeting and of a run's hazard alike."""

from __future__ import annotations

from collections.abc import Callable

from pbpit.rust.syntax import Node, RustFile, descendants

_LOOPS = ("for_expression", "while_expression", "loop_expression")


def blends_itself(loop: Node, name: str, text: Callable[[Node], str]) -> bool:
    """Whether `loop` gives the variable `name` a value made from its own (a value made afresh,
    `y = r + target.forward(..)`, is not: the `let` before the loop is then what each pass
    until it reads)."""
    for node in descendants(loop):
        if node.type != "assignment_expression":
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or text(left) != name:
            continue
        if any(n.type == "identifier" and text(n) == name for n in descendants(right)):
            return True
    return False


def blended_in_run(source: RustFile, loop_line: int, name: str) -> bool:
    """`blends_itself` of the loop starting on line `loop_line` of `source`."""
    for node in descendants(source.root):
        if node.type in _LOOPS and source.start_line(node) == loop_line:
            return blends_itself(node, name, source.node_text)
    return False
