"""`shared-intermediate` of two losses whose gradients step different modules (a GAN: the
discriminator's loss steps `disc`, the generator's `generator`): adding the losses would train
each module on the other's objective too, and is not offered. Where the shared tensor is made by
the first loss's module from the second one's output (`d_fake = disc.forward(cat(real,
fake)).narrow(..)`, `fake = generator.forward(noise)`), the fix is the usual GAN step: the first
module's pass reads that output detached (`fake.clone().detach()`: `d_loss` trains `disc`
alone), and the shared tensor is made again from it after the first module's step, for the
second loss (the generator re-scored by the stepped discriminator). Where the shared tensor is
that output itself, detaching it in the first loss is the fix (`shared_intermediate`)."""

from __future__ import annotations

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers, is_name
from pbpit.lint.rules.mutual_targets import mutual_targets
from pbpit.lint.rules.stepped_modules import run_stepped_apart as run_stepped_apart
from pbpit.lint.rules.stepped_modules import stepped_apart as stepped_apart
from pbpit.lint.rules.stepped_modules import stepped_together as stepped_together
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node, descendants

# -- the words


def not_added_help(first: str | None, second: str | None, modules: tuple[str, str]) -> Help:
    """Why the losses are not added: each steps another module."""
    one, two = modules
    a = f"`{first}`" if first else "the first loss"
    b = f"`{second}`" if second else "the second loss"
    return Help(
        f"do not add the losses: {a} steps `{one}` and {b} steps `{two}`, and one backward of "
        f"their sum would step each module with the other's gradients too; give each loss a "
        "graph of its own instead"
    )


def rescore_help(
    name: str, made: str, modules: tuple[str, str], second: str, edits: list[Edit]
) -> Help:
    one, two = modules
    return Help(
        f"let `{one}`'s pass read `{made}` detached (`{made}.clone().detach()`: the first loss "
        f"trains `{one}` alone), and make `{name}` again from `{made}` after `{one}`'s step, for "
        f"`{second}` (a forward of the stepped `{one}` of its own, through which `{two}` is "
        "trained)",
        edits,
    )


# -- the fix


def rescore(
    definition: Definition,
    earlier: Backward,
    later: Backward,
    modules: tuple[str, str],
    fixes: Fixes,
) -> Help | None:
    """The fix of the module's docstring, or None where it cannot be written: the two backwards
    and the `let`s the shared tensor is made by (back to the second module's output) are
    statements of one block, the second loss is made by a `let` after the first backward, and
    the output is read once by those `let`s."""
    mutual = mutual_targets(earlier, later, modules, fixes)
    if mutual is not None:
        return mutual  # each loss reads the other module's output: both detached (mutual_targets)
    name, second = definition.name, later.receiver
    one, two = _statement(earlier.span, fixes), _statement(later.span, fixes)
    if second is None or one is None or two is None:
        return None
    block = fixes.parent(one)
    if block is None or fixes.parent(two) != block:
        return None
    siblings = [c for c in block.named_children if not c.type.endswith("comment")]
    start, end = _index(siblings, one), _index(siblings, two)
    if start is None or end is None or start >= end:
        return None
    bound: dict[str, Node] = {}
    for statement in siblings[:start]:
        if statement.type == "let_declaration":
            bound.update(dict.fromkeys(_bound(statement, fixes), statement))
    chain: list[Node] = []
    output: tuple[str, Node] | None = None
    todo = [name]
    while todo:
        current = todo.pop()
        statement = bound.get(current)
        if statement is None or any(s.id == statement.id for s in chain):
            continue
        value = statement.child_by_field_name("value")
        if value is None:
            return None
        if _forward_of(value, modules[1], fixes):
            if output is not None and output[0] != current:
                return None
            output = (current, statement)
            continue
        chain.append(statement)
        todo += [fixes.text(n) for n in identifiers(value)]
    if output is None or not chain:
        return None  # the shared tensor is the output itself: detached in the first loss
    made = output[0]
    values = [v for s in chain if (v := s.child_by_field_name("value")) is not None]
    reads = [n for v in values for n in identifiers(v) if fixes.text(n) == made]
    if len(reads) != 1:
        return None
    read = reads[0]
    clone = fixes.clone_call(read, made)
    if clone is not None:
        detach = fixes.edit(clone.end_byte, clone.end_byte, ".detach()")
    else:
        detach = fixes.edit(read.start_byte, read.end_byte, f"{made}.clone().detach()")
    # The second loss's `let`, after the first backward (and the first module's step).
    making = next(
        (
            s
            for s in siblings[start + 1 : end + 1]
            if s.type == "let_declaration" and second in _bound(s, fixes)
        ),
        None,
    )
    if making is None:
        return None
    chain.sort(key=lambda s: s.start_byte)
    indent = fixes.indent_of(making)
    lines = "".join(
        indent + fixes.text(s).replace("\n" + fixes.indent_of(s), "\n" + indent) + fixes.newline
        for s in chain
    )
    if "//" in lines or "/*" in lines:
        return None
    at = fixes.line_start(making.start_point[0])
    return rescore_help(name, made, modules, second, [detach, fixes.edit(at, at, lines)])


def detach_in_second_loss(
    definition: Definition,
    earlier: Backward,
    later: Backward,
    modules: tuple[str, str],
    fixes: Fixes,
) -> Help | None:
    """The generator's step first: the shared tensor is the first module's output itself
    (`fake = gen.forward(z)`, `g_loss` through `disc.forward(fake.clone())` steps `gen`), and
    the second loss, which steps the other module alone (`d_loss` of `disc.forward(fake)`),
    reads it detached (`disc.forward(fake.detach())`): `from_grads(.., &disc)` takes no
    gradient of `gen` from it, so nothing it trains changes. None unless the second loss reads
    the tensor once, by its name, and stays tracked without it (through `disc`)."""
    name = definition.name
    if not is_name(name) or not output_of(definition, modules[0], fixes):
        return None
    call = fixes.call_at(later.span)
    if not fixes.tracked_without(definition, later.loss, call, set()):
        return None
    within = (definition.span[1], later.span[0])
    reads = [
        r
        for r in later.loss.reads
        if r.value.origin is definition and within[0] <= r.span[0] < within[1] and r.name == name
    ]
    if len(reads) != 1 or reads[0].node is None:
        return None
    detached = fixes.detach_read(reads[0].node, name)
    if detached is None:
        return None
    edit = detached[0]
    one, two = modules
    second = f"`{later.receiver}`" if later.receiver else "the second loss"
    return Help(
        f"let `{two}`'s pass read `{name}` detached (`{name}.detach()`: {second} trains "
        f"`{two}` alone, and `{one}` keeps the gradient of the first loss)",
        [edit],
    )


def output_of(definition: Definition, module: str, fixes: Fixes) -> bool:
    """Whether `definition` is made by a call of `module.forward(..)` (or of a layer's of it):
    the module's output itself."""
    value = definition.value
    return value is not None and _forward_of(value, module, fixes)


def _forward_of(value: Node, module: str, fixes: Fixes) -> bool:
    """Whether `value` calls `module.forward(..)`, or `module.layer.forward(..)` (the module's
    output)."""
    for node in descendants(value):
        if node.type != "call_expression":
            continue
        function = node.child_by_field_name("function")
        if function is None or function.type != "field_expression":
            continue
        receiver, field_ = (
            function.child_by_field_name("value"),
            function.child_by_field_name("field"),
        )
        if receiver is not None and field_ is not None and fixes.text(field_) == "forward":
            if fixes.text(receiver) == module or fixes.text(receiver).startswith(module + "."):
                return True
    return False


def _statement(span: tuple[int, int], fixes: Fixes) -> Node | None:
    """The statement of a block (whole lines) that holds the backward at `span`."""
    node = fixes.call_at(span)
    while node is not None:
        parent = fixes.parent(node)
        if parent is None:
            return None
        if parent.type == "block":
            return node if fixes.whole_lines(node) else None
        node = parent
    return None


def _index(siblings: list[Node], node: Node) -> int | None:
    return next((i for i, s in enumerate(siblings) if s.id == node.id), None)


def _bound(statement: Node, fixes: Fixes) -> list[str]:
    pattern = statement.child_by_field_name("pattern")
    return [fixes.text(n) for n in identifiers(pattern)] if pattern is not None else []
