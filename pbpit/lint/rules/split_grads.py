"""`double-backward`'s kept gradients of one loss backpropagated once per module, each optimizer
given the gradients of its own module (`GradientsParams::from_grads(loss.backward(),
&encoder)`, then the same for `&head`): one backward, its `Gradients` split between the modules
with burn-optim's `GradientsParams::from_module(&mut grads, &module)`, which takes out the
gradients of that module's parameters and leaves the rest for the next one.

The gradients are those of the one graph, the head's as the first backward computed them: the
careful user's split, not the loss built again after the encoder's step (which trains the head
at other encoder weights)."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit
from pbpit.lint.fixes import Fixes, identifiers
from pbpit.lint.values import Backward
from pbpit.rust.syntax import Node


def split_between_modules(earlier: Backward, later: Backward, fixes: Fixes) -> list[Edit]:
    """The edits splitting one backward between the two modules (see the module), or none
    where the two backwards are not `from_grads(LOSS.backward(), &M)` of one loss and two
    modules, statements of one block."""
    if earlier.through is not None or later.through is not None or earlier.span == later.span:
        return []
    first = from_grads_call(earlier, fixes)
    second = from_grads_call(later, fixes)
    if first is None or second is None:
        return []
    (call1, loss1, module1), (call2, loss2, module2) = first, second
    if loss1 != loss2 or module1 == module2:
        return []
    statement1, statement2 = _statement(call1), _statement(call2)
    if statement1 is None or statement2 is None or statement1.parent != statement2.parent:
        return []
    block = statement1.parent
    used = {fixes.text(n) for n in identifiers(block)} if block is not None else set()
    name = next((n for n in ("grads", "all_grads", "loss_grads") if n not in used), None)
    if name is None or not fixes.whole_lines(statement1):
        return []
    start = fixes.line_start(statement1.start_point[0])
    line = f"{fixes.indent_of(statement1)}let mut {name} = {loss1}.backward();{fixes.newline}"
    return [
        fixes.edit(start, start, line),
        _split(call1, name, module1, fixes),
        _split(call2, name, module2, fixes),
    ]


def from_grads_call(backward: Backward, fixes: Fixes) -> tuple[Node, str, str] | None:
    """`GradientsParams::from_grads(LOSS.backward(), &M)` around `backward`'s call: the call,
    `LOSS` and `M`."""
    call = fixes.call_at(backward.span)
    arguments = call.parent if call is not None else None
    outer = arguments.parent if arguments is not None else None
    if outer is None or arguments.type != "arguments" or outer.type != "call_expression":
        return None
    function = outer.child_by_field_name("function")
    listed = arguments.named_children
    if function is None or not fixes.text(function).replace(" ", "").endswith(
        "GradientsParams::from_grads"
    ):
        return None
    if len(listed) != 2 or listed[0] != call or listed[1].type != "reference_expression":
        return None
    receiver = call.child_by_field_name("function")
    value = receiver.child_by_field_name("value") if receiver is not None else None
    if value is None or value.type != "identifier":
        return None
    module = listed[1].named_children[-1] if listed[1].named_children else None
    if module is None or module.type not in ("identifier", "field_expression"):
        return None
    return outer, fixes.text(value), fixes.text(module)


def stepped_by(statement: Node, module: str | None, fixes: Fixes) -> bool:
    """Whether `statement` binds `module` anew to its optimizer's step of it (`let mut reg =
    optim.step(lr, reg, grads);`, `reg = optim.step(..);`) and changes nothing else."""
    if module is None:
        return False
    if statement.type == "let_declaration":
        pattern, value = (
            statement.child_by_field_name("pattern"),
            statement.child_by_field_name("value"),
        )
        names = [fixes.text(n) for n in identifiers(pattern)] if pattern is not None else []
        if names != [module]:
            return False
    elif statement.type == "expression_statement" and statement.named_children:
        assignment = statement.named_children[0]
        if assignment.type != "assignment_expression":
            return False
        left, value = (
            assignment.child_by_field_name("left"),
            assignment.child_by_field_name("right"),
        )
        if left is None or fixes.text(left) != module:
            return False
    else:
        return False
    function = value.child_by_field_name("function") if value is not None else None
    method = function.child_by_field_name("field") if function is not None else None
    arguments = value.child_by_field_name("arguments") if value is not None else None
    if method is None or fixes.text(method) != "step" or arguments is None:
        return False
    given = ["".join(fixes.text(n).split()) for n in arguments.named_children]
    return module in given


def _statement(node: Node) -> Node | None:
    while node.parent is not None and node.parent.type != "block":
        node = node.parent
    return node if node.parent is not None else None


def split_help_message(loss: str) -> str:
    """The words of the split, which `DoubleBackward.fix_of` reads as keeping the gradients."""
    return (
        "use the `Gradients` the first backward returned: backpropagate `"
        + loss
        + "` once and split its gradients between the modules each optimizer steps "
        "(`GradientsParams::from_module(&mut grads, &module)` takes out one module's)"
    )


def _split(call: Node, name: str, module: str, fixes: Fixes) -> Edit:
    function = call.child_by_field_name("function")
    path = fixes.text(function).replace(" ", "") if function is not None else ""
    owner = path.removesuffix("from_grads")
    return fixes.edit(call.start_byte, call.end_byte, f"{owner}from_module(&mut {name}, &{module})")
