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

from pathlib import Path

from pbpit.diagnostics.model import Edit, Help
from pbpit.lint.fixes import Fixes, identifiers
from pbpit.lint.values import Backward, Definition
from pbpit.rust.syntax import Node, RustReadError, descendants, read_rust


def stepped_module(call: Node, fixes: Fixes) -> str | None:
    """The module whose parameters the gradients of the backward `call` step: `M` of
    `GradientsParams::from_grads(loss.backward(), &M)`, or of `let g = loss.backward();` read
    by the first `from_grads(g, &M)` after it in its block; None when not seen."""
    parent = fixes.parent(call)
    if parent is not None and parent.type == "arguments":
        found = _from_grads(fixes.parent(parent), None, fixes)
        if found is not None:
            return found
    if parent is None or parent.type != "let_declaration":
        return None
    if parent.child_by_field_name("value") != call:
        return None
    pattern = parent.child_by_field_name("pattern")
    block = fixes.parent(parent)
    if pattern is None or block is None:
        return None
    bound = fixes.text(pattern).removeprefix("mut ").strip()
    after = [s for s in block.named_children if s.start_byte > parent.start_byte]
    for statement in after:
        for node in descendants(statement):
            found = _from_grads(node, bound, fixes)
            if found is not None:
                return found
    return None


def _from_grads(node: Node | None, grads: str | None, fixes: Fixes) -> str | None:
    """`M` of the call `node` when it is `..from_grads(x, &M)` (`x` the name `grads`, unless
    None)."""
    if node is None or node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None or not fixes.text(function).endswith("from_grads"):
        return None
    given = [a for a in arguments.named_children if a.type not in ("line_comment", "block_comment")]
    if len(given) != 2 or given[1].type != "reference_expression":
        return None
    if grads is not None and fixes.text(given[0]) != grads:
        return None
    return fixes.text(given[1]).removeprefix("&").strip()


def stepped_apart(earlier: Backward, later: Backward, fixes: Fixes) -> tuple[str, str] | None:
    """The modules the two backwards' gradients step, when each is known and they differ."""
    if earlier.through is not None or later.through is not None:
        return None
    one, two = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if one is None or two is None:
        return None
    first, second = stepped_module(one, fixes), stepped_module(two, fixes)
    if first is None or second is None or first == second:
        return None
    return first, second


def stepped_together(earlier: Backward, later: Backward, fixes: Fixes) -> bool:
    """Whether both backwards' gradients step the same module (one model's two losses), or they
    are one backward run by each pass of a loop: a loss that must not train what made the shared
    tensor is then no part of the program."""
    if earlier.span == later.span:
        return True
    if earlier.through is not None or later.through is not None:
        return False
    one, two = fixes.call_at(earlier.span), fixes.call_at(later.span)
    if one is None or two is None:
        return False
    first, second = stepped_module(one, fixes), stepped_module(two, fixes)
    return first is not None and first == second


def backward_call_on_line(fixes: Fixes, line: int) -> Node | None:
    """The one `.backward()` call on 1-based line `line` of the file."""
    if not 1 <= line <= len(fixes.lines):
        return None
    start = fixes.line_start(line - 1)
    end = start + len(fixes.lines[line - 1].encode("utf-8"))
    node = fixes.source.root.descendant_for_byte_range(start, end)
    while (
        node is not None
        and node.type != "source_file"
        and not (node.start_byte <= start and end <= node.end_byte)
    ):
        node = fixes.parent(node)
    if node is None:
        return None
    calls = [
        n
        for n in descendants(node)
        if n.type == "call_expression"
        and fixes.text(n).endswith(".backward()")
        and start <= n.end_byte - 1 < end
    ]
    return calls[0] if len(calls) == 1 else None


def run_stepped_apart(path: str, first: int | None, second: int | None) -> tuple[str, str] | None:
    """For a run of the Rust file `path`: the modules the backwards at lines `first` and
    `second` step, when each is known and they differ (as `stepped_apart`)."""
    if first is None or second is None or first == second or not path.endswith(".rs"):
        return None
    try:
        fixes = Fixes(read_rust(Path(path)))
    except RustReadError:
        return None
    one, two = backward_call_on_line(fixes, first), backward_call_on_line(fixes, second)
    if one is None or two is None:
        return None
    a, b = stepped_module(one, fixes), stepped_module(two, fixes)
    return (a, b) if a is not None and b is not None and a != b else None


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
    field_ = fixes.parent(read)
    clone = fixes.parent(field_) if field_ is not None else None
    if (
        field_ is not None
        and field_.type == "field_expression"
        and fixes.text(field_) == f"{made}.clone"
        and clone is not None
        and clone.type == "call_expression"
    ):
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
