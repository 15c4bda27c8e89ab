"""The shape of a loop's pass, as the fixes of `loop-external-tracked` read it: the assignments of
a name in its body, whether a pass may leave early (`continue`, a `break` a loop around runs
again), whether the body binds the name anew (a `let` shadowing the state the loop carries)."""

from __future__ import annotations

from pbpit.lint.fixes import Fixes, identifiers
from pbpit.rust.syntax import Node, descendants


def assignments(name: str, body: Node, fixes: Fixes) -> list[Node]:
    """The assignments `name = ..` within `body`, in order."""
    found = []
    for node in descendants(body):
        left = node.child_by_field_name("left")
        if node.type == "assignment_expression" and left is not None and fixes.text(left) == name:
            found.append(node)
    return sorted(found, key=lambda n: n.start_byte)


def continues(body: Node, fixes: Fixes) -> bool:
    """Whether a `continue` of the loop whose body is `body` may skip its last statement."""
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type == "continue_expression":
            return True
        if current.type in ("for_expression", "while_expression", "loop_expression"):
            # An inner loop's own `continue` stays in it; a labelled one may leave it.
            if "continue '" not in fixes.text(current):
                continue
        if current.type == "closure_expression":
            continue
        stack.extend(current.named_children)
    return False


def breaks_within(loop: Node | None, body: Node) -> bool:
    """Whether the loop whose body is `body` may `break` and a loop around it (in the same
    function) runs it again."""
    around = loop.parent if loop is not None else None
    while around is not None and around.type not in ("function_item", "closure_expression"):
        if around.type in ("for_expression", "while_expression", "loop_expression"):
            break
        around = around.parent
    if around is None or around.type in ("function_item", "closure_expression"):
        return False
    stack = list(body.named_children)
    while stack:
        current = stack.pop()
        if current.type == "break_expression":
            return True
        if current.type in (
            "for_expression",
            "while_expression",
            "loop_expression",
            "closure_expression",
        ):
            continue  # an inner loop's own `break` stays in it
        stack.extend(current.named_children)
    return False


def binds_anew(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether a `let` in `body` binds `name`, shadowing the state the loop carries."""
    for current in descendants(body):
        pattern = current.child_by_field_name("pattern")
        if current.type == "let_declaration" and pattern is not None:
            if any(fixes.text(n) == name for n in identifiers(pattern)):
                return True
    return False


def assigned_together(name: str, body: Node, fixes: Fixes) -> list[str]:
    """The names a destructuring assignment of `body` gives their parts beside `name` (`(h, c) =
    model.cell(x, h, c);`: `h` and `c`), in order, when there is one such assignment; else []."""
    found = []
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        if left is None or left.type != "tuple_expression":
            continue
        names = [fixes.text(e) for e in left.named_children if e.type == "identifier"]
        if name in names:
            found.append(names)
    return found[0] if len(found) == 1 else []
