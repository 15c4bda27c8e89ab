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
        # (a count beside the state, `(h1, h2, seen) = (a, b, seen + 1)`, has no `.detach()`)
        names = [n for n in names if n == name or _bound_to_tensor(n, body, fixes)]
        if name in names:
            found.append(names)
    if not found:
        return carried_from_one_let(name, body, fixes)
    return found[0] if len(found) == 1 else []


def carried_from_one_let(name: str, body: Node, fixes: Fixes) -> list[str]:
    """The names that carry the parts of one `let` tuple pattern of `body` beside `name`
    (`let (h_next, c_next) = model.cell(x, h, c); h = h_next; c = c_next;`: `h` and `c`), in the
    pattern's order, when more than one part is carried so; else []."""
    carried: dict[str, str] = {}  # the part's name: the name assigned it
    for node in descendants(body):
        left = node.child_by_field_name("left") if node.type == "assignment_expression" else None
        right = node.child_by_field_name("right") if left is not None else None
        if left is not None and right is not None and left.type == right.type == "identifier":
            carried.setdefault(fixes.text(right), fixes.text(left))
    for node in descendants(body):
        pattern = node.child_by_field_name("pattern") if node.type == "let_declaration" else None
        if pattern is None or pattern.type != "tuple_pattern":
            continue
        parts = [fixes.text(p) for p in pattern.named_children if p.type == "identifier"]
        names = [carried[p] for p in parts if p in carried]
        names = [n for n in names if n == name or _bound_to_tensor(n, body, fixes)]
        if name in names and len(names) > 1 and len(set(names)) == len(names):
            return names
    return []


def _last_let(name: str, body: Node, fixes: Fixes) -> Node | None:
    """The last `let name = ..` of the file before `body`."""
    bound = None
    for node in descendants(fixes.source.root):
        pattern = node.child_by_field_name("pattern") if node.type == "let_declaration" else None
        if (
            pattern is not None
            and node.start_byte < body.start_byte
            and fixes.text(pattern) == name
            and (bound is None or node.start_byte > bound.start_byte)
        ):
            bound = node
    return bound


def _bound_to_tensor(name: str, body: Node, fixes: Fixes) -> bool:
    """Whether the last `let` of `name` before `body` binds it to a tensor (`let mut c =
    Tensor::<2>::zeros(..)`, `let mut c: Tensor<2> = ..`), not a count beside it."""
    bound = _last_let(name, body, fixes)
    if bound is None:
        return False
    kind = bound.child_by_field_name("type")
    if kind is not None:
        return fixes.text(kind).replace(" ", "").startswith("Tensor<")
    value = bound.child_by_field_name("value")
    scope = bound.parent if bound.parent is not None else fixes.source.root
    return value is not None and _tensor_value(value, scope, fixes)


def tensor_tuple_arity(name: str, body: Node, fixes: Fixes) -> int:
    """How many tensors the tuple `name` holds when the last `let` of it before `body` binds it
    to a tuple of tensors only (`let mut state = (Tensor::<2>::zeros(..), Tensor::<2>::zeros(..));`,
    `let mut state: (Tensor<2>, Tensor<2>) = ..`): a tuple has no `.detach()`, each part does;
    else 0."""
    bound = _last_let(name, body, fixes)
    if bound is None:
        return 0
    kind = bound.child_by_field_name("type")
    if kind is not None:
        if kind.type != "tuple_type":
            return 0
        parts = [fixes.text(t).replace(" ", "") for t in kind.named_children]
        return len(parts) if all(p.startswith("Tensor<") for p in parts) else 0
    value = bound.child_by_field_name("value")
    if value is None or value.type != "tuple_expression":
        return 0
    scope = bound.parent if bound.parent is not None else fixes.source.root
    parts = list(value.named_children)
    if all(_tensor_value(p, scope, fixes) for p in parts):
        return len(parts)
    return 0


def _tensor_value(value: Node, scope: Node, fixes: Fixes) -> bool:
    """Whether `value` is certainly a tensor: a `Tensor::` function's (`Tensor::<2>::zeros(..)`)
    or what `Fixes.is_tensor` vouches for."""
    if value.type == "call_expression":
        function = value.child_by_field_name("function")
        if function is not None and fixes.text(function).startswith("Tensor::"):
            return True
    return fixes.is_tensor(value, scope)
